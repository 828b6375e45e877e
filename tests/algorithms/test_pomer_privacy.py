"""Whole-trajectory privacy for T = 2 (certunlearn.algorithms.pomer.two_rounds) against an mpmath oracle: the keep
probabilities, partition functions and the inner hockey-stick H(θ) by quadrature (thresholds in closed form for
linear losses), the outer integrals by mpmath.quad on a fine split. The oracle must lie inside the enclosure."""

import mpmath
import pytest
from flint import arb

from certunlearn.algorithms.pomer.gibbs import PiecewiseLinear as PL
from certunlearn.algorithms.pomer.two_rounds import trajectory_delta
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec



def oracle(g, g2, beta, lam, p, log_phi, eps):
    """δ(ε) of (x₁, x₂) for l₁ = g·x vs l'₁ = g2·x on K = [−1, 1], x₁ uniform; Gaussian masses by mpmath.ncdf
    (20 digits: the comparison is against an enclosure of width ~1e-3)."""
    with mpmath.workdps(20):
        return _oracle(g, g2, beta, lam, p, log_phi, eps)


def _oracle(g, g2, beta, lam, p, log_phi, eps):
    beta, lam, p, log_phi, eps, g, g2 = (mpmath.mpf(F(v).numerator) / F(v).denominator
                                         for v in (beta, lam, p, log_phi, eps, g, g2))
    sd = 1 / mpmath.sqrt(beta * lam)

    def mass(slope, lo, hi):  # ∫_lo^hi exp(−β(slope·x + λx²/2)) dx
        m = -slope / lam
        return (mpmath.sqrt(2 * mpmath.pi) * sd * mpmath.exp(beta * slope**2 / (2 * lam))
                * (mpmath.ncdf((hi - m) / sd) - mpmath.ncdf((lo - m) / sd)))

    def keep(slope):
        c = mpmath.log(mass(0, -1, 1) / mass(slope, -1, 1)) - log_phi
        return lambda x: (1 - p) * min(1, max(mpmath.exp(-2 * log_phi), mpmath.exp(-beta * slope * x + c)))

    k, k2 = keep(g), keep(g2)
    z1, z2 = mass(g, -1, 1), mass(g2, -1, 1)
    offset = mpmath.log(z2 / z1)  # log μ̄₂/μ̄'₂ = −β(g − g2)x + offset

    def H(theta):
        cut = min(1, max(-1, (offset - theta) / (beta * (g - g2))))  # the log ratio exceeds θ on one side
        lo, hi = (-1, cut) if g > g2 else (cut, 1)
        return mass(g, lo, hi) / z1 - mpmath.exp(theta) * mass(g2, lo, hi) / z2

    pts = mpmath.linspace(-1, 1, 25)
    diag = mpmath.quad(lambda x: max(0, k(x) - mpmath.exp(eps) * k2(x)) / 2, pts)
    off = mpmath.quad(lambda x: (1 - k(x)) / 2 * H(eps + mpmath.log((1 - k2(x)) / (1 - k(x)))), pts)
    return diag + off


@pytest.mark.parametrize("g,g2,eps", [(1, -1, F(1, 2)), pytest.param(-1, 1, F(1, 2), marks=pytest.mark.slow),
                                      (F(1, 2), 0, F(1, 10))])
def test_enclosure_contains_the_quadrature_oracle(g, g2, eps):
    beta, lam, p, log_phi = F(2), F(2), F(1, 4), F(1, 2)
    with workprec(128):
        d = trajectory_delta(PL.linear(-1, 1, g), PL.linear(-1, 1, g2), beta, lam, p, arb(1) / 2, eps, points=192)
    expected = oracle(g, g2, beta, lam, p, log_phi, eps)
    lo, hi = mpmath.mpf(d.lower().str(25, radius=False)), mpmath.mpf(d.upper().str(25, radius=False))
    assert lo - mpmath.mpf(10) ** -5 <= expected <= hi + mpmath.mpf(10) ** -5  # quadrature of kinked integrands
    assert hi - lo < 0.02 and 0 < expected < 1


def test_enclosure_tightens_with_the_grid_and_delta_decreases_in_epsilon():
    args = (PL.linear(-1, 1, 1), PL.linear(-1, 1, -1), F(2), F(2), F(1, 4), arb(1) / 2)
    with workprec(128):
        coarse = trajectory_delta(*args, F(1, 2), points=16)
        fine = trajectory_delta(*args, F(1, 2), points=128)
        larger_eps = trajectory_delta(*args, F(2), points=128)
    assert coarse.lower() <= fine.lower() and fine.upper() <= coarse.upper()
    assert larger_eps.upper() < fine.lower()


def test_identical_losses_enclose_zero():
    """δ = 0 exactly; the enclosure contains it and (the monotone envelope being first order) shrinks with the grid."""
    with workprec(128):
        d = trajectory_delta(PL.linear(-1, 1, 1), PL.linear(-1, 1, 1), F(2), F(2), F(1, 4), arb(1) / 2, F(1, 100),
                             points=512)
    assert d.lower() <= 0 <= d.upper() < 1e-3


def test_bad_initial_point_is_named():
    with pytest.raises(InvalidParameterError) as e:
        trajectory_delta(PL.linear(-1, 1, 1), PL.linear(-1, 1, -1), 1, 1, 0, arb(1), 1, initial="zero")
    assert e.value.parameter == "initial"
