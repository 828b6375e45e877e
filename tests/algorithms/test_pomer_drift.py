"""‖q_t − μ̄_t‖_TV from the exact law of POMER (certunlearn.algorithms.pomer.law.tv_distance) against mpmath
quadrature of the two-round law written out by hand, and against the closed form at t = 1."""

import mpmath
import pytest
from flint import arb

from certunlearn.algorithms.pomer.gibbs import PiecewiseLinear, gibbs, uniform
from certunlearn.algorithms.pomer.law import exact_law, tv_distance
from certunlearn.claims.pomer.regret import tv_first
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

A, B, BETA, LAM, P, PHI = -1, 1, 2, 1, Fraction(1, 10), Fraction(3, 2)


def _oracle_tv2(slopes, kink, initial):
    """∫(μ̄₂ − q₂)₊ with q₂ = ν·keep + (∫ν·switch)·μ̄₂, keep = (1 − p)·clip(e^{−βl}Z₁/(Z₂Φ), [Φ⁻², 1]) (mpmath, 20 digits, 80 cells plus the
    kink; the clipping and sign-change points fall inside cells, and the 1e-8 containment tolerance covers that:
    400 cells at 30 digits give the same verdicts at 1e-9)."""
    left, right = (mpmath.mpf(s) for s in slopes)
    k = mpmath.mpf(kink.numerator) / kink.denominator

    def loss(x):
        return left * (x - k) if x < k else right * (x - k)

    def w1(x):
        return mpmath.exp(-BETA * LAM * x**2 / 2)

    def w2(x):
        return mpmath.exp(-BETA * (loss(x) + LAM * x**2 / 2))

    cuts = sorted({mpmath.mpf(A) + i * mpmath.mpf(B - A) / 80 for i in range(81)} | ({k} if A < k < B else set()))
    quad = lambda f: mpmath.fsum(mpmath.quad(f, [u, v]) for u, v in zip(cuts, cuts[1:]))  # noqa: E731
    z1, z2 = quad(w1), quad(w2)
    phi = mpmath.mpf(PHI.numerator) / PHI.denominator
    p = mpmath.mpf(P.numerator) / P.denominator

    def nu(x):
        return w1(x) / z1 if initial == "gibbs" else mpmath.mpf(1) / (B - A)

    def keep(x):
        return (1 - p) * min(1, max(phi**-2, w2(x) * z1 / (w1(x) * z2 * phi)))

    switched = quad(lambda x: nu(x) * (1 - keep(x)))
    return quad(lambda x: max(0, w2(x) / z2 - nu(x) * keep(x) - switched * w2(x) / z2))


@pytest.mark.parametrize("initial", ["uniform", "gibbs"])
@pytest.mark.parametrize("slopes, kink", [((1, 1), Fraction(-9)), ((-1, 1), Fraction(1, 3))], ids=["x", "hinge"])
def test_second_round_drift_matches_quadrature(slopes, kink, initial):
    loss = PiecewiseLinear.hinge(A, B, kink, *slopes)
    with workprec(64):
        law = exact_law([loss, loss], BETA, LAM, P, arb(3).log() - arb(2).log(), None, initial)
        tv = tv_distance(law.marginals[1], gibbs(loss, BETA, LAM), Fraction(A), Fraction(B), 128)
    with mpmath.workdps(20):
        oracle = _oracle_tv2(slopes, kink, initial)
    assert tv.lower() - 1e-8 <= oracle <= tv.upper() + 1e-8  # quadrature error ≪ 1e-8 (kinks inside cells)
    assert tv.upper() - tv.lower() < 1e-2 and oracle > 1e-4


@pytest.mark.parametrize("beta, lam", [(1, 1), (10, 1), (Fraction(1, 3), 4)])
def test_first_round_grid_enclosure_contains_the_closed_form(beta, lam):
    with workprec(64):
        zero = PiecewiseLinear.zero(A, B)
        tv = tv_distance([uniform(A, B, beta, lam)], gibbs(zero, beta, lam), Fraction(A), Fraction(B), 64)
        closed = tv_first({"a": A, "b": B, "beta": beta, "lam": lam, "initial": "uniform"})
    assert tv.overlaps(closed) and closed.rad() < 1e-15 and tv.rad() < 5e-3
