"""The gamma functions on arb (certunlearn.numeric.sympy_arb.upper_gamma / gamma_function) against mpmath at 100
digits: points, wide balls (every point enclosed), and NaN (a ball containing 0 at a nonpositive order) an error."""

import mpmath
import pytest
import sympy
from flint import arb

from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval, ball

s, z = sympy.symbols("s z", positive=True)
Q = sympy.uppergamma(s, z) / sympy.gamma(s)  # the regularised upper incomplete gamma (the χ² tail's form)


@pytest.mark.parametrize("order, at", [(Fraction(1, 2), Fraction(1, 3)), (Fraction(3, 2), Fraction(2)),
                                       (Fraction(25), Fraction(1000)), (Fraction(7, 2), Fraction(1, 10**6))])
def test_regularised_upper_gamma_against_mpmath_100_digits(order, at):
    with mpmath.workdps(110):  # 100 digits, plus guard digits
        want = mpmath.gammainc(mpmath.mpf(order.numerator) / order.denominator,
                               mpmath.mpf(at.numerator) / at.denominator, regularized=True)
    with workprec(340):
        got = arb_eval(Q, {"s": order, "z": at})
        oracle = arb(mpmath.nstr(want, 100))
        assert got.rel_accuracy_bits() > 300
        assert abs(got.mid() - oracle) <= abs(oracle) * arb(10) ** -95


def test_wide_ball_encloses_every_point():
    enclosure = arb_eval(Q, {"s": Fraction(5, 2), "z": ball(Fraction(1, 2), Fraction(4))})
    assert enclosure.is_finite() and enclosure.rad() < 1  # the ends' union, not arb's NaN on a wide ball
    with mpmath.workdps(50):
        for k in range(0, 36):
            at = mpmath.mpf(1) / 2 + k * mpmath.mpf(1) / 10
            assert enclosure.contains(arb(mpmath.nstr(mpmath.gammainc(2.5, at, regularized=True), 45)))


def test_nan_is_an_error():
    with pytest.raises(ValueError, match="no finite enclosure"):
        arb_eval(sympy.uppergamma(-s, z), {"s": Fraction(1, 2), "z": ball(-1, 1)})
    with pytest.raises(ValueError, match="no finite enclosure"):
        arb_eval(sympy.gamma(s - 1), {"s": ball(0, 2)})  # a pole in the ball
