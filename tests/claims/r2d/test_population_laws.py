"""Rewind-to-Delete, Lemma B.4 and Corollary 3.6 on bounded continuous populations (certunlearn.claims.r2d.continuous)
— checked against (a) the finite-support machinery on two-point laws with the same per-coordinate means and variances
(every quantity is an expectation of a quadratic of outputs affine in the sample means, so it reads the law through
those two moments only), (b) Monte Carlo over 10⁵ draws running gradient descent literally in float64 (a statistical
oracle for the closed forms, never a verdict), and (c) mpmath at 100 digits by quadrature over the law.

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""

import mpmath
import numpy as np
import pytest

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.continuous import (
    law_excess, law_f0gap, law_lemb4_gaps, law_lemb4_ok, law_ok, law_output_family, law_runs_family, moments,
    sample_law,
)
from certunlearn.claims.r2d.families import gd_instance
from certunlearn.claims.r2d.population_runs import expected_f0gap, population_excess
from certunlearn.claims.r2d.populations import population_gap
from certunlearn.claims.r2d.quantities import QUADRATIC
from certunlearn.claims.r2d.utility import _f0gap_value
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

from ..oracles import mp
from .helpers import sigma_31

mpmath.mp.dps = 100
MAX_PREC = 1024
#: uniform on [0, 1] (mean 1/2, variance 1/12) and Beta(2, 2) on [0, 1] (mean 1/2, variance 1/20), and two-point laws
#: with the same two moments: {1 w.p. 1/4, 1/3 w.p. 3/4} and {1 w.p. 1/6, 2/5 w.p. 5/6}
UNIFORM, BETA22 = [F(0), F(1), F(1), F(1)], [F(0), F(1), F(2), F(2)]
TWO_POINT = {0: ([F(1), F(1, 3)], [F(1, 4), F(3, 4)]), 1: ([F(1), F(2, 5)], [F(1, 6), F(5, 6)])}


def _runs_instance(law, n=3, m=1, lam=F(1), T=4, K=2, eps=F(1), dlt=F(1, 2), theta0=None):
    """Θ = [0, 1]^d: R = 1, G just above 2λ in d = 1; R = 3/2, G = 3λ > λ(√2 + 3/2) in d = 2."""
    d = len(law)
    R, g = (F(1), 2 * (1 + F(1, 2**30))) if d == 1 else (F(3, 2), F(3))
    inst = gd_instance(QUADRATIC, [[F(1)] * d] * n, m, eta_=1 / (2 * lam), L_=lam, G_=g * lam,
                       T_=T, K_=K, eps=eps, dlt=dlt, R_=R, lam_=lam, lo=[F(0)] * d, hi=[F(1)] * d, mu=lam, d=d)
    del inst["X"]
    inst.update(theta0=theta0 or [F(0)] * d, law=[list(r) for r in law])
    inst["f0gap"] = law_f0gap(inst)
    return inst


def _two_point_twin(inst):
    """The same instance on the product of the two-point laws with the same means and variances."""
    twin = {k: v for k, v in inst.items() if k != "law"}
    keys = [0 if row == UNIFORM else 1 for row in inst["law"]]
    coords = [TWO_POINT[k] for k in keys]
    atoms, probs = [[]], [F(1)]
    for pts, ps in coords:
        atoms = [a + [x] for a in atoms for x in pts]
        probs = [p * q for p in probs for q in ps]
    twin.update(atoms=atoms, probs=probs)
    twin["f0gap"] = expected_f0gap(twin, _f0gap_value)
    return twin


def test_moments_against_mpmath_quadrature():
    """ā and v of a skewed Beta(1/2, 2) on [−1, 1] by quadrature of the Beta density at 100 digits (u = t²
    removes the density's singularity at 0: u^{−1/2}(1 − u)du/B = 2(1 − t²)dt/B)."""
    inst = {"law": [[F(-1), F(1), F(1, 2), F(2)]]}
    (mean,), (var,) = moments(inst)
    dens = lambda t: 2 * (1 - t**2) / mpmath.beta(mpmath.mpf(1) / 2, 2)  # noqa: E731
    m1 = mpmath.quad(lambda t: (2 * t**2 - 1) * dens(t), [0, 1])
    m2 = mpmath.quad(lambda t: (2 * t**2 - 1) ** 2 * dens(t), [0, 1])
    assert abs(mp(mean) - m1) < mpmath.mpf(10) ** -60
    assert abs(mp(var) - (m2 - m1**2)) < mpmath.mpf(10) ** -60


@pytest.mark.parametrize("law", [[UNIFORM], [BETA22], [UNIFORM, BETA22]])
def test_corollary_36_equals_the_two_point_law_with_the_same_moments(law):
    """The closed form on the law equals the finite-support machinery's exact enumeration (every dataset of the
    two-point support, Algorithm 2 run exactly) on the two-point law with the same means and variances — and f0gap,
    E_{D'}[f_{D'}(θ_0) − f*], agrees exactly. A law with another variance gives another value."""
    claim = get_claim("r2d.cor3.6")
    inst = _runs_instance(law)
    twin = _two_point_twin(inst)
    assert inst["f0gap"] == twin["f0gap"]
    with workprec(256):
        a = law_excess(claim.with_prescribed(inst))
        b = population_excess(claim.with_prescribed(twin))
        assert population_excess(claim.with_prescribed(inst)).overlaps(a)
        assert (a - b).overlaps(0) and (a - b).rad() < 2**-200
        other = _runs_instance([[F(0), F(1), F(1, 2), F(1, 2)]] + law[1:])
        assert not law_excess(claim.with_prescribed(other)).overlaps(a)


def test_corollary_36_unequal_curvatures_are_the_sum_of_their_coordinates():
    """Hessian diag(1, 3) on uniform × Beta(2, 2): gradient descent and F − F* separate by coordinate, so the
    closed form equals the sum over the coordinates of the finite-support enumeration in d = 1 (curvature a_k, the
    coordinate's two-point twin, the same σ); the claim's hypotheses refuse μ above min a_k."""
    inst = _runs_instance([UNIFORM, BETA22], lam=F(3))
    inst.update(curv=[F(1), F(3)], mu=F(1), eta=F(1, 6), G=F(10))
    inst["f0gap"] = law_f0gap(inst)
    sigma = F(3, 7)
    total = 0
    for k, a in enumerate((F(1), F(3))):
        atoms, probs = TWO_POINT[k]
        one = {**{key: v for key, v in inst.items() if key not in ("law", "curv")}, "lam": a, "lo": [F(0)], "hi": [F(1)],
               "theta0": [inst["theta0"][k]], "atoms": [[x] for x in atoms], "probs": probs, "sigma": sigma}
        total += population_excess(one)
    with workprec(256):
        assert (law_excess({**inst, "sigma": sigma}) - total).overlaps(0)
        assert not law_excess({**inst, "sigma": sigma, "curv": [F(3), F(1)]}).overlaps(total)
    assert evaluate(get_claim("r2d.cor3.6+fix"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("r2d.cor3.6+fix"), {**inst, "mu": F(2)}, MAX_PREC).outcome == EXCLUDED


def test_lemma_b4_equals_the_two_point_law_with_the_same_moments():
    """E[F(θ) − F*] at θ = x̄' + o (ERM plus an offset) on the uniform law equals the finite-support enumeration on
    its two-point twin; E[f_{D'}(θ) − f*] = (λ/2)o² on both."""
    inst = {"law": [UNIFORM], "curv": [F(2)], "n": 5, "m": 2, "w": [F(0)], "q": [F(1, 3)]}
    atoms, probs = TWO_POINT[0]
    twin = {"atoms": [[x] for x in atoms], "probs": probs, "offset": [F(1, 3)], "n": 5, "m": 2, "lam": F(2)}
    risk, opt = law_lemb4_gaps(inst)
    assert risk == population_gap(twin)
    assert opt == F(1, 9)
    assert risk == F(1, 9) + F(1, 12) / 3  # (λ/2)(o² + v/(n − m))


def _gd_monte_carlo(inst, sigma, draws=10**5, seed=7):
    """Algorithms 1 and 2 run literally in float64 on ``draws`` i.i.d. datasets (the deleted Z the last m rows), then
    the noise: F(θ̃'') − F* = (λ/2)‖θ̃'' − ā‖² with ā the law's mean from scipy.stats (not from ``moments``)."""
    from scipy import stats

    rng = np.random.default_rng(seed)
    n, m, T, K = (int(inst[k]) for k in ("n", "m", "T", "K"))
    lam, eta = float(inst["lam"]), float(inst["eta"])
    X = sample_law(inst, rng, (draws, n))
    th = np.tile(np.asarray([float(v) for v in inst["theta0"]]), (draws, 1))
    for _ in range(T - K):
        th = th - eta * lam * (th - X.mean(axis=1))
    for _ in range(K):
        th = th - eta * lam * (th - X[:, : n - m].mean(axis=1))
    th = th + sigma * rng.standard_normal(th.shape)
    mean = np.asarray([lo + (hi - lo) * stats.beta(a, b).mean() for lo, hi, a, b in
                       ((float(v) for v in row) for row in inst["law"])])
    vals = lam / 2 * ((th - mean) ** 2).sum(axis=1)
    return vals.mean(), vals.std(ddof=1) / np.sqrt(draws)


@pytest.mark.parametrize("law", [[UNIFORM], [[F(-1), F(1), F(1, 2), F(2)], BETA22]])
def test_corollary_36_closed_form_against_monte_carlo(law):
    """10⁵ draws: the closed form lies within 5 standard errors of the Monte Carlo mean (the statistical oracle
    of the formula), and the oracle has the power to see a 5 % error."""
    claim = get_claim("r2d.cor3.6")
    inst = _runs_instance(law, n=3, m=1, T=3, K=1, theta0=[F(1)] * len(law))
    inst["lo"] = [min(F(-1), row[0]) for row in law]
    env = claim.with_prescribed(inst)
    sigma = float(env["sigma"].mid())
    est, se = _gd_monte_carlo(inst, sigma)
    exact = float(law_excess(env).mid())
    assert abs(est - exact) < 5 * se
    assert abs(est - 1.05 * exact) > 5 * se


def test_lemma_b4_retraining_output_against_monte_carlo():
    """θ = retraining by three gradient steps from θ_0 = −2 (w = r³, q = r³θ_0), curvatures diag(1, 3): 10⁵ draws of
    D' ~ Z^{n−m}, both expectations within 5 standard errors of the closed forms."""
    fam = law_output_family(np.random.default_rng(0), 10**6)
    inst = next(i for i in fam if i["curv"] == [F(1), F(3)] and i["n"] == 3 and i["w"][0] not in (0, 1)
                and i["w"][0] > 0)
    rng = np.random.default_rng(11)
    size = int(inst["n"]) - int(inst["m"])
    X = sample_law(inst, rng, (10**5, size)).mean(axis=1)
    w = np.asarray([float(v) for v in inst["w"]])
    q = np.asarray([float(v) for v in inst["q"]])
    a = np.asarray([float(v) for v in inst["curv"]])
    mean = np.asarray([float(v) for v in moments(inst)[0]])
    th = (1 - w) * X + q
    risk = (a / 2 * (th - mean) ** 2).sum(axis=1)
    opt = (a / 2 * (th - X) ** 2).sum(axis=1)
    exact_risk, exact_opt = law_lemb4_gaps(inst)
    for vals, exact in ((risk, exact_risk), (opt, exact_opt)):
        assert abs(vals.mean() - float(exact)) < 5 * vals.std(ddof=1) / np.sqrt(len(vals))


def test_corollary_36_violation_on_a_uniform_population_at_100_digits():
    """n = 2, m = 1, T = 2, K = 1, λ = 1, η = 1/2, θ_0 = 0, z ~ U[0, 1], ε = 1/10, δ = 10⁻⁵: E over (x', z) of
    F(θ'') − F* by quadrature (θ'' a polynomial in x', z) plus σ²/2 for the noise, and the printed bound, both in
    mpmath — inside the printed hypotheses (the checker decides the instance violated, not excluded), the printed
    corollary fails, its +fix holds."""
    inst = _runs_instance([UNIFORM], n=2, m=1, T=2, K=1, eps=F(1, 10), dlt=F(1, 10**5))
    sigma = sigma_31(inst)

    def risk(x, z):
        th = mpmath.mpf(0)
        th = th - (th - (x + z) / 2) / 2
        th = th - (th - x) / 2
        return (th - mpmath.mpf(1) / 2) ** 2 / 2

    truth = mpmath.quad(risk, [0, 1], [0, 1]) + sigma**2 / 2
    f0gap = mpmath.quad(lambda x: x**2 / 2, [0, 1])  # E_{x'} ½(θ_0 − x')², θ_0 = 0
    assert abs(mp(inst["f0gap"]) - f0gap) < mpmath.mpf(10) ** -90
    L, G, mu, eta, n, m, T, K = (mp(inst[k]) for k in ("L", "G", "mu", "eta", "n", "m", "T", "K"))
    decay = (1 - eta * mu * (n - m) / n) ** (T - K) * (1 - eta * mu) ** K
    printed = (L * sigma + 2 * G**2 / ((n - m) * mu) + L / (2 * mu) * decay * f0gap
               + L / (2 * mu) * (1 - eta * mu) ** K * (G**2 * m + L * eta * G * m) / (mu * (n - m)))
    assert truth > printed
    with workprec(512):
        q = law_excess(get_claim("r2d.cor3.6").with_prescribed(inst))
    assert abs(mpmath.mpf(q.mid().str(110, radius=False)) - truth) < mpmath.mpf(10) ** -80 * truth
    assert evaluate(get_claim("r2d.cor3.6"), inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(get_claim("r2d.cor3.6+fix"), inst, MAX_PREC).outcome == WITHIN


def test_law_hypotheses():
    """Corollary 3.6: the support must lie in Θ, θ_0 in Θ, the family λI; every vertex dataset must meet ‖x‖ ≤ R
    (the vertex (1, 1) has norm √2 > R = 1 while every other hypothesis holds). Lemma B.4: G² above
    Σa_k²(b + max|z_k|)², every output in Θ, risk_gap exact."""
    inst = _runs_instance([UNIFORM])
    assert law_ok(inst) is Decision.TRUE
    assert law_ok({**inst, "law": [[F(-1, 2), F(1), F(1), F(1)]]}) is Decision.FALSE
    assert law_ok({**inst, "theta0": [F(3, 2)]}) is Decision.FALSE
    assert law_ok({**inst, "curv": [F(1)]}) is Decision.TRUE  # lam = max a_k, μ ≤ min a_k
    assert law_ok({**inst, "curv": [F(1, 2)]}) is Decision.FALSE  # lam ≠ max a_k
    assert evaluate(get_claim("r2d.cor3.6+fix"), inst, MAX_PREC).outcome == WITHIN
    wide = _runs_instance([UNIFORM, UNIFORM])
    assert evaluate(get_claim("r2d.cor3.6+fix"), wide, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("r2d.cor3.6+fix"), {**wide, "R": F(1)}, MAX_PREC).outcome == EXCLUDED
    assert evaluate(get_claim("r2d.cor3.6+fix"), {**inst, "f0gap": inst["f0gap"] + F(1, 10**9)},
                    MAX_PREC).outcome == EXCLUDED

    fam = law_output_family(np.random.default_rng(0), 10**6)
    lem = fam[0]
    assert law_lemb4_ok(lem) is Decision.TRUE
    rows = lem["law"]
    g2 = sum((a * (lem["b"] + max(abs(r[0]), abs(r[1])))) ** 2 for a, r in zip(lem["curv"], rows))
    assert lem["G"] ** 2 > g2
    assert law_lemb4_ok({**lem, "G": lem["G"] - F(1, 2**20)}) is Decision.FALSE
    assert law_lemb4_ok({**lem, "q": [lem["b"] + 5] * len(rows)}) is Decision.FALSE
    assert law_lemb4_ok({**lem, "risk_gap": lem["risk_gap"] + 1}) is Decision.FALSE
    assert law_lemb4_ok({**lem, "mu": max(lem["curv"]) * 2}) is Decision.FALSE


def test_families_inside_their_hypotheses():
    """Every instance of both families is inside the hypotheses of the corrected claims and evaluates to within
    there (no excluded, no error) — the families attack, they are not filtered away."""
    rng = np.random.default_rng(0)
    for cid, fam in (("r2d.cor3.6+fix", law_runs_family), ("r2d.lemB.4+fix", law_output_family)):
        claim = get_claim(cid)
        outcomes = {evaluate(claim, i, MAX_PREC).outcome for i in fam(rng, 24)}
        assert outcomes == {WITHIN}, (cid, outcomes)
