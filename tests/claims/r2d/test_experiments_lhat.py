"""Rewind-to-Delete, Appendix D.1's estimate L̂ on quadratics with Hessian diag(a, b) (certunlearn.claims.r2d.lhat) —
checked against independent oracles: the ratio's CDF by root finding and quadrature over the direction (mpmath),
Monte Carlo of the estimate as printed (Gaussian perturbations, the maximum of N ratios), gradient descent by hand
in Fractions, and the published mixtures' δ bounds as integrals over L̂'s law in mpmath at 100 digits.

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""

import mpmath
import numpy as np
import pytest

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.lhat import (
    anisotropic_family, constants_ok, data_ok, estimate_ok, grid, iterates_ok, lhat_cdf, mixture_delta, ratio_cdf,
    shift_sq,
)
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

from ..oracles import mp
from .helpers import true_delta

mpmath.mp.dps = 100
MAX_PREC = 1024


def _family(**want):
    return next(i for i in anisotropic_family(np.random.default_rng(0), 10**6)
                if all(i[k] == v for k, v in want.items()))


def _cdf_by_root(a, b, r):
    """P(‖u‖/‖Au‖ ≤ r), u's angle φ uniform: on [0, π/2] (the law is symmetric under φ ↦ −φ, π − φ) the set where
    a²cos²φ + b²sin²φ ≥ r⁻² is an interval ending (|a| > |b|) or starting (|a| < |b|) at the root of that equation."""
    g = lambda phi: a**2 * mpmath.cos(phi) ** 2 + b**2 * mpmath.sin(phi) ** 2 - 1 / r**2  # noqa: E731
    root = mpmath.findroot(g, (mpmath.mpf(0), mpmath.pi / 2), solver="anderson")
    inside = [0, root] if abs(a) > abs(b) else [root, mpmath.pi / 2]
    return mpmath.quad(lambda phi: 1, inside) / (mpmath.pi / 2)


@pytest.mark.parametrize("hess", [(F(-2), F(-4)), (F(4), F(3, 2)), (F(-4), F(2))])
def test_ratio_cdf_against_mpmath(hess):
    """The closed form (2/π)arcsin√s(ρ) against root finding and quadrature over the direction, at 100 digits, at
    interior points; 0 and 1 at the support's ends."""
    inst = {"hessian": list(hess), "draws": 400}
    a, b = (mp(v) for v in hess)
    p, q = max(abs(hess[0]), abs(hess[1])), min(abs(hess[0]), abs(hess[1]))
    for r in (1 / p + (1 / q - 1 / p) * F(k, 7) for k in (1, 3, 6)):
        with workprec(400):
            got = ratio_cdf(inst, r)
        want = _cdf_by_root(a, b, mp(r))
        assert abs(mpmath.mpf(got.mid().str(105, radius=False)) - want) < mpmath.mpf(10) ** -90
    assert ratio_cdf(inst, 1 / p) == 0 and ratio_cdf(inst, 1 / q).contains(1) and ratio_cdf(inst, 1 / q + 1).contains(1)


def _cdf3_other_axis(s1, s2, s3, r):
    """d = 3, squares s1 > s2 > s3, by another route than the claim's: u_1 = t uniform on [0, 1] (the largest axis),
    (u_2, u_3) on the circle of radius √(1 − t²) at angle ψ, so the ratio is ≤ r iff cos²ψ ≥ x(t) =
    ((r⁻² − s1t²)/(1 − t²) − s3)/(s2 − s3), of probability 1 − (2/π)arcsin√x clipped; quadrature over t with the
    points where x crosses 0 and 1 as breakpoints."""
    c = 1 / r**2

    def inner(t):
        x = ((c - s1 * t**2) / (1 - t**2) - s3) / (s2 - s3)
        x = min(max(x, mpmath.mpf(0)), mpmath.mpf(1))
        return 1 - 2 / mpmath.pi * mpmath.asin(mpmath.sqrt(x))

    cuts = sorted({mpmath.sqrt(v) for v in ((c - s3) / (s1 - s3), (c - s2) / (s1 - s2)) if 0 < v < 1})
    return mpmath.quad(inner, [0, *cuts, 1])


@pytest.mark.parametrize("hess", [(F(-2), F(-3), F(-4)), (F(-4), F(3), F(-3, 2))])
def test_ratio_cdf_in_three_dimensions_against_mpmath(hess):
    """d = 3: the rigorous integral (python-flint, a ball of radius below 10⁻¹⁵) contains mpmath's quadrature along
    another axis (40 digits), at interior points on both sides of r⁻² = s_2; 0 and 1 at the support's ends."""
    inst = {"hessian": list(hess), "draws": 400}
    s1, s2, s3 = sorted((mp(v) ** 2 for v in hess), reverse=True)
    lo, hi = 1 / mpmath.sqrt(s1), 1 / mpmath.sqrt(s3)
    with mpmath.workdps(40):
        for k in (1, 2, 4, 6):
            r = F(int((lo + (hi - lo) * k / 7) * 2**30), 2**30)
            got = ratio_cdf(inst, r)
            assert got.rad() < 1e-15
            want = _cdf3_other_axis(s1, s2, s3, mp(r))
            assert abs(mpmath.mpf(got.mid().str(40, radius=False)) - want) <= mpmath.mpf(got.rad().str(5, radius=False)) * 2
    assert ratio_cdf(inst, F(1, 100)) == 0 and ratio_cdf(inst, F(100)) == 1


def test_lhat_law_in_three_dimensions_against_monte_carlo():
    """d = 3, A = diag(−2, −3, −4): 2000 repetitions of the printed estimate (N = 400 Gaussian perturbation pairs),
    the empirical CDF of L̂ at the grid's points within 5 standard errors of F^N."""
    inst = {"hessian": [F(-2), F(-3), F(-4)], "draws": 400}
    rng = np.random.default_rng(5)
    u = 0.01 * (rng.standard_normal((2000, 400, 3)) - rng.standard_normal((2000, 400, 3)))
    ratio = np.linalg.norm(u, axis=2) / np.linalg.norm(u * np.array([-2.0, -3.0, -4.0]), axis=2)
    lhat = ratio.max(axis=1)
    for r in grid(inst, 8)[1:-1]:
        p = float(lhat_cdf(inst, r).mid())
        emp = (lhat <= float(r)).mean()
        assert abs(emp - p) < 5 * max(np.sqrt(p * (1 - p) / 2000), 1e-3)


def test_lhat_law_against_monte_carlo():
    """The estimate as printed: 2000 repetitions of the maximum over N = 400 Gaussian perturbation pairs of
    ‖θ_1 − θ_2‖/‖A(θ_1 − θ_2)‖ (A = diag(−2, −4)); the empirical CDF of L̂ at the grid's points within 5 standard
    errors of F^N (a statistical oracle of the law, never a verdict)."""
    inst = {"hessian": [F(-2), F(-4)], "draws": 400}
    rng = np.random.default_rng(3)
    u = 0.01 * (rng.standard_normal((2000, 400, 2)) - rng.standard_normal((2000, 400, 2)))
    ratio = np.linalg.norm(u, axis=2) / np.linalg.norm(u * np.array([-2.0, -4.0]), axis=2)
    lhat = ratio.max(axis=1)
    pts = grid(inst, 8)
    assert pts[0] == F(1, 4) and pts[-1] == F(1, 2) and len(pts) == 9
    for r in pts[1:-1]:
        p = float(lhat_cdf(inst, r).mid())
        emp = (lhat <= float(r)).mean()
        assert abs(emp - p) < 5 * max(np.sqrt(p * (1 - p) / 2000), 1e-3)


def test_grid_points_split_the_law_evenly():
    """The grid's points are L̂'s quantiles j/J to within the dyadic rounding."""
    inst = {"hessian": [F(2), F(4)], "draws": 400}
    pts = grid(inst, 16)
    for j, r in enumerate(pts):
        assert abs(float(lhat_cdf(inst, r).mid()) - j / 16) < 1e-6


def _runs_by_hand(inst):
    a, b = inst["hessian"]
    X, m, T, K, eta = inst["X"], inst["m"], inst["T"], inst["K"], inst["eta"]
    full = [sum(r[k] for r in X) / len(X) for k in range(2)]
    kept = [sum(r[k] for r in X[: len(X) - m]) / (len(X) - m) for k in range(2)]

    def steps(th, xbar, count):
        for _ in range(count):
            th = [th[0] - eta * a * (th[0] - xbar[0]), th[1] - eta * b * (th[1] - xbar[1])]
        return th

    return steps(steps([F(0), F(0)], full, T - K), kept, K), steps([F(0), F(0)], kept, T)


def _sigma_at(inst, ell):
    n, m, eta, G, T, K, eps, dlt = (mp(inst[k]) for k in ("n", "m", "eta", "G", "T", "K", "epsilon", "delta"))
    h = ((1 + eta * ell * n / (n - m)) ** (T - K) - 1) * (1 + eta * ell) ** K
    return 2 * m * G * h * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / dlt)) / (ell * n * eps)


def _over_lhat(inst, fn):
    """E over L̂ of fn(L̂): ∫₀¹ fn(ρ(v)) N v^{N−1} dv, ρ(v) the ratio's quantile at level v (retyped here: the
    inverse of (2/π)arcsin√s)."""
    a, b = (abs(mp(v)) for v in inst["hessian"])
    p, q = max(a, b), min(a, b)
    N = inst["draws"]
    rho = lambda v: 1 / mpmath.sqrt(p**2 - (p**2 - q**2) * mpmath.sin(mpmath.pi * v / 2) ** 2)  # noqa: E731
    return mpmath.quad(lambda v: fn(rho(v)) * N * v ** (N - 1), [0, mpmath.mpf(9) / 10, mpmath.mpf(99) / 100,
                                                                 mpmath.mpf(999) / 1000, 1])


def test_printed_estimate_violated_on_a_concave_anisotropic_quadratic_at_100_digits():
    """A = diag(−2, −4), ηL = 1/2, T = 15, K = 0, ε = 1, δ = 1/100: the shift by hand; the half-space lower bound on
    the mixtures' δ, integrated over L̂'s law in mpmath (100 digits), exceeds δ — a violation inside the printed
    hypotheses (the checker decides it violated, not excluded); E_L̂ δ_G bounds it above and both lie in the
    claim's enclosure; with the certified L (+fix) the instance is within."""
    inst = _family(hessian=[F(-2), F(-4)], eta=F(1, 8), T=15, K=0, epsilon=1, delta=F(1, 100))
    for check in (data_ok, constants_ok, iterates_ok, estimate_ok):
        assert check(inst) is Decision.TRUE
    unl, ret = _runs_by_hand(inst)
    d2 = (unl[0] - ret[0]) ** 2 + (unl[1] - ret[1]) ** 2
    assert shift_sq(inst) == d2 and d2 > 0
    shift = mpmath.sqrt(mp(d2))
    eps = mpmath.mpf(1)
    med = _sigma_at(inst, 1 / mpmath.sqrt(mpmath.mpf(4) ** 2 - 12 * mpmath.sin(mpmath.pi * mpmath.mpf(2) ** (-mpmath.mpf(1) / 400) / 2) ** 2))
    t = shift / 2 + eps * med**2 / shift
    tail = lambda x: mpmath.erfc(x / mpmath.sqrt(2)) / 2  # noqa: E731
    lower = _over_lhat(inst, lambda r: tail((t - shift) / _sigma_at(inst, r))
                       - mpmath.e**eps * tail(t / _sigma_at(inst, r)))
    with mpmath.workdps(30):  # the upper bound only brackets the enclosure: 30 digits suffice
        upper = _over_lhat(inst, lambda r: true_delta(eps, _sigma_at(inst, r), shift))
    assert lower > mp(inst["delta"]) and upper >= lower
    claim = get_claim("r2d.appD.1-lipschitz-estimate")
    with workprec(256):
        enc = mixture_delta(claim.with_prescribed(inst), inst["epsilon"], cells=64)
    lo = mpmath.mpf(enc.lower().str(60, radius=False))
    hi = mpmath.mpf(enc.upper().str(60, radius=False))
    assert lo <= upper * (1 + mpmath.mpf(10) ** -40) and hi >= upper * (1 - mpmath.mpf(10) ** -40)
    assert lo > mp(inst["delta"])
    assert evaluate(claim, inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(get_claim("r2d.appD.1-lipschitz-estimate+fix"), inst, MAX_PREC).outcome == WITHIN


def test_anisotropic_hypotheses():
    """|a| = |b| (L̂ constant: no law to integrate), a G at the bound, an iterate outside Θ, lam ≠ max|a_k|: each
    outside the hypotheses."""
    inst = _family(hessian=[F(-2), F(-4)], eta=F(1, 8), T=15, K=0, epsilon=1, delta=F(1, 100))
    claim = get_claim("r2d.appD.1-lipschitz-estimate")
    assert data_ok({**inst, "hessian": [F(-4), F(4)]}) is Decision.FALSE
    assert data_ok({**inst, "hessian": [F(-4), F(4), F(1)]}) is Decision.FALSE
    assert constants_ok({**inst, "G": F(1)}) is Decision.FALSE
    assert iterates_ok({**inst, "hi": [F(0), F(0)]}) is Decision.FALSE
    assert estimate_ok({**inst, "lam": F(2)}) is Decision.FALSE
    assert evaluate(claim, {**inst, "G": F(1)}, MAX_PREC).outcome == "excluded"


def test_family_decides_every_instance():
    """Every instance of the family is inside the hypotheses and decided (within or violated) for the printed
    estimate; within for the certified L."""
    fam = anisotropic_family(np.random.default_rng(1), 12)
    printed, fixed = get_claim("r2d.appD.1-lipschitz-estimate"), get_claim("r2d.appD.1-lipschitz-estimate+fix")
    assert {evaluate(printed, i, MAX_PREC).outcome for i in fam} <= {WITHIN, VIOLATED}
    assert {evaluate(fixed, i, MAX_PREC).outcome for i in fam} == {WITHIN}
