"""certunlearn.claims.d2d.intro: the introduction's (2ε, 2δ) statement violated, confirmed independently."""

import mpmath

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d import common
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.enclosure import to_arb


# ----------------------------------------------------------------------------------- the introduction
def test_intro_dp_violated_independently():
    """Θ = [−1, 1], f = (3/2)(θ − x)², m = 1, M = 3 (γ = 1/2, η = 1/2), D_0 = (−1, 1) deleting 1 vs D_0' = (−1, −1)
    deleting −1: the two views' means by a hand-written projected GD in Fractions, the true δ at 2ε by Balle–Wang
    in mpmath at 100 digits — far above 2δ at I = 8."""
    inst = common.pgd_instance([3], 1, [-1], [1], [[-1], [1]], [[-1, 1]], [-1], epsilon=Fraction(1), delta=Fraction(1, 100), I=8)
    inst["m"], inst["M"], inst["zp"] = Fraction(1), Fraction(3), [-1]
    L, D, n, I_ = Fraction(inst["L"]), Fraction(inst["D"]), 2, 8

    def gd(X, theta, T):
        c = sum(X) / len(X)
        for _ in range(T):
            theta = min(max(theta - Fraction(1, 2) * 3 * (theta - c), Fraction(-1)), Fraction(1))
        return theta

    T0 = int(mpmath.ceil(I_ + mpmath.log(D * 1 * n / (2 * L)) / mpmath.log(2)))
    a0, b0 = gd([Fraction(-1), Fraction(1)], Fraction(-1), T0), gd([Fraction(-1), Fraction(-1)], Fraction(-1), T0)
    a1, b1 = gd([Fraction(-1)], a0, I_), gd([Fraction(-1)], b0, I_)
    shift2 = (a0 - b0) ** 2 + (a1 - b1) ** 2
    with mpmath.workdps(100):
        g = mpmath.mpf(1) / 2
        lg = mpmath.log(100)
        sig = 4 * mpmath.sqrt(2) * (mpmath.mpf(L.numerator) / L.denominator) * g**I_ / (n * (1 - g**I_) * (mpmath.sqrt(lg + 1) - mpmath.sqrt(lg)))
        s = mpmath.sqrt(mpmath.mpf(shift2.numerator) / shift2.denominator) / sig
        Phi = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2  # noqa: E731
        true = Phi(s / 2 - 2 / s) - mpmath.e**2 * Phi(-s / 2 - 2 / s)
        assert true > mpmath.mpf(2) / 100
    claim = get_claim("d2d.intro-dp")
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    assert abs(float(to_arb(q).mid()) - float(true)) < 1e-12
    assert evaluate(claim, inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.intro-dp+fix"), inst, 256).outcome == WITHIN
