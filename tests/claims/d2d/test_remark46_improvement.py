"""certunlearn.claims.d2d.remark46_improvement (Remark 4.6's condition on d): the break-even point retyped at 100 digits."""

import mpmath

from certunlearn.check.evaluate import EXCLUDED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction


def test_condition_is_the_break_even_point():
    """M/m = 3 (γ = 1/2), n = 16, 𝓘 = 1, ξ = 1, ε = 1: d_min = 16/(1/2 − 2^{−4}) = 256/7 ≈ 36.6. At d = 37 the Remark's
    α is below Theorem 3.1's (ratio just under 1); at d = 36 the instance is outside the condition."""
    base = {"M": 3, "m": 1, "n": 16, "I": 1, "xi": 1, "epsilon": Fraction(1)}
    with mpmath.workdps(100):
        g = mpmath.mpf(1) / 2
        ratio = lambda dd: (g**4 * dd / 256 + mpmath.mpf(1) / 16) / (g * dd / 256)  # noqa: E731
        assert ratio(mpmath.mpf(256) / 7) == 1 or abs(ratio(mpmath.mpf(256) / 7) - 1) < mpmath.mpf(10) ** -90
        r37 = ratio(37)
        assert r37 < 1
        assert ratio(36) > 1
    claim = get_claim("d2d.rem4.6:improvement")
    q = claim.quantity({**base, "d": 37})
    assert abs(float(q.mid()) - float(r37)) < 1e-14
    assert evaluate(claim, {**base, "d": 37}, 256).outcome == WITHIN
    assert evaluate(claim, {**base, "d": 36}, 256).outcome == EXCLUDED
