"""Guo et al.'s Newton-step removal (Table 3's baseline) against independent high-precision oracles."""

import mpmath
import pytest
from flint import arb

from certunlearn.algorithms.r2d import baselines as rb
from certunlearn.claims.r2d.newton_enclosure import newton_removal_delta
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

DPS = 30


def mp_exact(v):
    q = Fraction(v)
    return mpmath.mpf(q.numerator) / q.denominator


def _objective(X, y, lam, k):
    """L(w) = Σ_{i<k} log(1 + e^{−y x w}) + (λk/2)w², written from scratch (derivatives by mpmath.diff)."""
    xs, lm = [mp_exact(x) for x in X[:k]], mp_exact(lam)
    return lambda w: sum(mpmath.log1p(mpmath.exp(-v * x * w)) for x, v in zip(xs, y[:k])) + lm * k * w * w / 2


def oracle_delta(X, y, lam, sigma, eps):
    """max of both directions of ∫ (p_A − e^ε p_B)₊ over the learned model u, by quadrature: p_M(φ(u))φ'(u) =
    N(b(u); σ²)·L_D''(u), p_R(φ(u))φ'(u) = N(b̃(u); σ²)·L_D'''(φ(u))·φ'(u), all derivatives numerical."""
    n = len(X)
    LD, LR = _objective(X, y, lam, n), _objective(X, y, lam, n - 1)
    d1 = lambda f, w: mpmath.diff(f, w)  # noqa: E731
    phi = lambda u: u + (d1(LD, u) - d1(LR, u)) / mpmath.diff(LR, u, 2)  # noqa: E731
    gauss = lambda b: mpmath.npdf(b, 0, sigma)  # noqa: E731

    def dens(u):
        w = phi(u)
        jac_r = mpmath.diff(LR, w, 2) * mpmath.diff(phi, u)
        return gauss(-d1(LD, u)) * mpmath.diff(LD, u, 2), gauss(-d1(LR, w)) * jac_r

    reach = (40 * sigma + n) / (mp_exact(lam) * n) + 1
    inner = 30 / min(abs(mp_exact(x)) for x in X if x != 0)
    grid = sorted(set(mpmath.linspace(-reach, reach, 97)) | set(mpmath.linspace(-inner, inner, 121)))
    out = []
    for sign in (1, -1):
        def f(u):
            p, q = dens(u)
            return (p - mpmath.exp(eps) * q) if sign == 1 else (q - mpmath.exp(eps) * p)
        vals = [f(u) for u in grid]
        roots = [mpmath.findroot(f, (a, b), solver="anderson")
                 for a, b, fa, fb in zip(grid, grid[1:], vals, vals[1:]) if (fa > 0) != (fb > 0)]
        cuts = [grid[0], *roots, grid[-1]]
        out.append(sum(mpmath.quad(f, [a, b]) for a, b in zip(cuts, cuts[1:]) if f((a + b) / 2) > 0))
    return max(out)


@pytest.mark.parametrize("X, lam, sigma, eps", [
    (["1", "1"], "2", "1.2", "0.3"),      # a violation of Table 3's δ (see the claim's check)
    pytest.param(["1", "-1"], "1/2", "3", "0.05", marks=pytest.mark.slow),
    pytest.param(["1/2", "1", "-3/4"], "1", "0.3", "0.01", marks=pytest.mark.slow),
])
def test_newton_removal_delta_matches_quadrature_oracle(X, lam, sigma, eps):
    X = [Fraction(x) for x in X]
    with mpmath.workdps(DPS):
        want = oracle_delta(X, [1] * len(X), Fraction(lam), mpmath.mpf(sigma), mpmath.mpf(eps))
    with workprec(160):
        got = newton_removal_delta(X, [1] * len(X), Fraction(lam), arb(sigma), Fraction(eps))
    assert want > 0
    # the claim's two-sided enclosure contains the quadrature (up to its 10⁻⁹ relative accuracy) and is narrow
    mid, rad = mpmath.mpf(got.mid().str(30, radius=False)), mpmath.mpf(got.rad().str(5, radius=False))
    assert abs(mid - want) <= rad + mpmath.mpf(10) ** -9 * want
    assert rad <= mpmath.mpf(10) ** -2 * want


def test_mechanism_maps_agree_with_the_pushforward_parametrisation():
    """learn → one Newton step, and retraining at b̃(u), both land on φ(u) (50 digits)."""
    X, y, lam = [Fraction(1), Fraction(-1, 3), Fraction(3, 4)], [1, -1, 1], Fraction(1, 5)
    with mpmath.workdps(50):
        for b in ("-2.5", "0.1", "7"):
            u = rb.learn(X, y, lam, b)
            assert abs(rb.grad(u, [rb.as_mpf(x) for x in X], y, rb.as_mpf(lam)) + mpmath.mpf(b)) < mpmath.mpf(10) ** -45
            w = rb.newton_removal(u, X, y, lam)
            bt = -rb.grad(w, [rb.as_mpf(x) for x in X[:-1]], y[:-1], rb.as_mpf(lam))
            w_retrained = rb.retrain(X, y, lam, mpmath.nstr(bt, 60))
            assert abs(w - w_retrained) < mpmath.mpf(10) ** -40
            # Guo et al.'s Theorem 1, first inequality: residual ≤ γ(n−1)·step², γ = √3/18 (mean value theorem)
            residual = abs(mpmath.mpf(b) - bt)
            assert 0 < residual <= mpmath.sqrt(3) / 18 * (len(X) - 1) * (w - u) ** 2


def test_exact_removal_on_a_quadratic_objective():
    """Every x = 0: the objective is the quadratic (λk/2)w² + bw, the Newton step is exact and the two laws
    coincide (δ = 0 up to the tail mass outside the scan)."""
    with workprec(128):
        d = newton_removal_delta([Fraction(0), Fraction(0)], [1, 1], Fraction(1), arb(1), Fraction(1, 2))
    assert d.upper() < arb("1e-300")


@pytest.mark.parametrize("X, y, lam, bad", [
    ([Fraction(2), Fraction(0)], [1, 1], 1, "X"),
    ([Fraction(1)], [1], 1, "X"),
    ([Fraction(1), Fraction(0)], [1, 0], 1, "y"),
    ([Fraction(1), Fraction(0)], [1, 1], 0, "lam"),
])
def test_bad_input_names_the_parameter(X, y, lam, bad):
    with pytest.raises(InvalidParameterError, match=bad):
        rb.check_data(X, y, lam)
