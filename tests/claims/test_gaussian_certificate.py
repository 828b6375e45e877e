"""The audit claims of the subsampled Gaussian (gaussian.subsampled-poisson:certificate, gaussian.subsampled-fixed:
certificate and the negative control; certunlearn/claims/gaussian_composition.py): the quantity is confirmed by an
independent oracle — mpmath quadrature of the mixture pair's hockey-stick divergence at 100 digits, both directions —
the claimed δ is never below what the accountant computed, and the control's violations are confirmed at 100 digits
inside its hypotheses."""
from __future__ import annotations

import mpmath
import numpy as np
import pytest

from certunlearn.claims.case import inside
from certunlearn.claims.gaussian_composition import accountant_delta, rounded_up, small_q_delta
from certunlearn.claims.registry import get_claim
from certunlearn.numeric.enclosure import arb_lower_float, arb_upper_float
from certunlearn.numeric.fraction import Fraction

POISSON = "gaussian.subsampled-poisson:certificate"
FIXED = "gaussian.subsampled-fixed:certificate"
CONTROL = "gaussian.subsampled-poisson:certificate-control-small-q-rdp"
DPS = 100


def mp_hockey_stick(eps, q, sigma, sensitivity, direction):
    """∫(p − e^ε r)₊ for the pair (1 − q)N(0, σ²) + qN(Δ, σ²) against N(0, σ²) (remove) or its reverse (add), by
    mpmath quadrature at 100 digits: every sign change of p/r − e^ε on [−60, 60] (in units of σ) located numerically,
    the positive pieces integrated on unit panels. It uses no privacy-loss threshold and no closed form."""
    with mpmath.workdps(DPS):
        eps, q = mpmath.mpf(eps), mpmath.mpf(q)
        mu = mpmath.mpf(sensitivity) / mpmath.mpf(sigma)
        phi = mpmath.npdf
        mix = lambda x: (1 - q) * phi(x) + q * phi(x - mu)
        p, r = (mix, phi) if direction == "remove" else (phi, mix)
        factor = mpmath.exp(eps)
        f = lambda x: p(x) - factor * r(x)
        g = lambda x: p(x) / r(x) - factor  # f's sign at unit scale
        grid = [mpmath.mpf(t) / 2 for t in range(-120, 121)]
        cuts = [mpmath.findroot(g, (a, b), solver="anderson") for a, b in zip(grid, grid[1:]) if g(a) * g(b) < 0]
        points = [grid[0], *cuts, grid[-1]]
        total = mpmath.mpf(0)
        for a, b in zip(points, points[1:]):
            if f((a + b) / 2) > 0:
                total += mpmath.quad(f, mpmath.linspace(a, b, int(b - a) + 2))
        return total


def mp_delta(inst, sampling="poisson"):
    """The mechanism's δ: the larger direction (both sampling schemes publish the same pair)."""
    args = (inst["epsilon"], inst["q"], inst["sigma"], inst["Delta"])
    return max(mp_hockey_stick(*args, "remove"), mp_hockey_stick(*args, "add"))


def one_step(claim_id):
    rng = np.random.default_rng(0)
    return [i for i in get_claim(claim_id).adversaries[0].generate(rng, 1000) if int(i["steps"]) == 1]


def test_rounded_up_is_never_below_and_keeps_four_digits():
    rng = np.random.default_rng(1)
    for x in np.exp(rng.uniform(-700, 0, 200)):
        written = rounded_up(float(x))
        assert Fraction(written) >= Fraction(float(x))
        assert Fraction(written) <= Fraction(float(x)) * Fraction(1001, 1000)
    assert rounded_up(0.00252250610743787) == "0.002523"


def agrees_with_quadrature(claim_id, chosen):
    claim = get_claim(claim_id)
    assert chosen
    for inst in chosen:
        ref = mp_delta(inst)
        ball = claim.quantity(inst)
        assert arb_lower_float(ball) <= ref * (1 + mpmath.mpf(10) ** -12)
        assert ref <= arb_upper_float(ball) * (1 + mpmath.mpf(10) ** -12)
        assert ball.rad() <= 1e-10 * ball.mid()  # an enclosure, not a bracket: the oracle's agreement means something


def test_the_quantity_is_the_100_digit_quadrature():
    agrees_with_quadrature(POISSON, one_step(POISSON)[1::9])  # q = 0.01 at ε = 0.5, q = 0.5 at ε = 1


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", [POISSON, FIXED])
def test_the_quantity_is_the_100_digit_quadrature_on_the_whole_grid(claim_id):
    agrees_with_quadrature(claim_id, one_step(claim_id))


def test_the_claimed_delta_is_the_accountants_rounded_up():
    for inst in one_step(POISSON)[::3]:
        assert Fraction(inst["delta"]) >= Fraction(accountant_delta(inst))
        assert Fraction(inst["delta"]) <= Fraction(accountant_delta(inst)) * Fraction(1001, 1000)


def test_the_controls_violations_hold_at_100_digits_inside_its_hypotheses():
    """The first two one-step instances where the control's quantity is decided above its claimed δ are confirmed by
    the 100-digit quadrature, and lie inside the control's hypotheses (the control bites)."""
    claim = get_claim(CONTROL)
    confirmed = 0
    for inst in one_step(CONTROL):
        if confirmed == 2:
            break
        assert Fraction(inst["delta"]) >= Fraction(small_q_delta(inst))
        if claim.quantity(inst) > claim.bound_value(inst):
            assert inside(claim, inst)
            assert mp_delta(inst) > mpmath.mpf(Fraction(inst["delta"]).numerator) / Fraction(inst["delta"]).denominator
            confirmed += 1
    assert confirmed == 2


def test_epsilon_tightness_and_shift_ratio_of_the_subsampled_laws():
    """A holding one-step instance: ε′/ε in (0, 1), and the shift ratio r puts the largest allowed shift at Δ/r —
    the true δ at Δ/r is above the claimed δ, a thousandth below it is not (the certificate's own edge)."""
    from fractions import Fraction as F

    from certunlearn.check.epsilon import epsilon_tightness
    from certunlearn.numeric.precision import workprec
    from certunlearn.privacy.subsampled import subsampled_delta_enclosure

    claim = get_claim(POISSON)
    inst = one_step(POISSON)[1]
    result = epsilon_tightness(claim, [inst])
    assert 0 < result.epsilon_ratio < 1 and 0 < result.shift_ratio < 1
    edge = F(inst["Delta"]) / F(result.shift_ratio)
    delta_at = lambda shift: subsampled_delta_enclosure(inst["epsilon"], inst["q"], inst["sigma"], shift)
    with workprec(256):
        assert delta_at(edge) > claim.bound_value(inst)
        assert delta_at(edge * F(999, 1000)) < claim.bound_value(inst)
