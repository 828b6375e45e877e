
import mpmath
import pytest
from flint import arb
from hypothesis import given, settings
from hypothesis import strategies as st

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.enclosure import (
    Decision,
    arb_decimal,
    arb_lower_float,
    arb_upper_float,
    decide,
    exact_decimal,
    parse_exact,
    to_arb,
)
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_float_round_trips_exactly_through_decimal(x):
    assert parse_exact(exact_decimal(x)) == Fraction(x)


@given(st.fractions())
def test_fraction_round_trips_exactly(q):
    assert parse_exact(exact_decimal(q)) == q


def test_decimal_forms():
    assert exact_decimal(0.5) == "0.5"
    assert exact_decimal(Fraction(3, 8)) == "0.375"
    assert exact_decimal(Fraction(1, 3)) == "1/3"
    assert exact_decimal(-0.75) == "-0.75"
    assert exact_decimal(1e-300).startswith("1.00000000000000002") and exact_decimal(1e-300).endswith("e-300")


def test_to_arb_is_exact_for_floats_and_mpf():
    assert to_arb(0.1).is_exact()
    with mpmath.workdps(40):
        x = mpmath.mpf(1) / 3
    with workprec(200):
        assert to_arb(x).is_exact()
    assert to_arb(Fraction(1, 3)).contains(arb(1) / 3)
    with pytest.raises(InvalidParameterError):
        to_arb(float("nan"))
    with pytest.raises(TypeError):
        to_arb(True)


def test_decide_separates_close_numbers_by_raising_precision():
    # sqrt(2) vs a rational that agrees to 30 digits: needs more than 64 bits.
    q = Fraction(14142135623730950488016887242097, 10**31)
    cmp = decide(lambda: to_arb(2).sqrt(), "<", q)
    assert cmp.decision is Decision.TRUE and cmp.prec > 64
    assert decide(lambda: to_arb(2).sqrt(), ">=", q).decision is Decision.FALSE


def test_decide_answers_undecided_for_equal_irrationals():
    cmp = decide(lambda: to_arb(2).sqrt() ** 2, "<", 2, max_prec=256)
    assert cmp.decision is Decision.UNDECIDED and cmp.prec == 256


def test_decision_has_no_truth_value():
    with pytest.raises(TypeError):
        bool(Decision.TRUE)


@settings(max_examples=200)
@given(st.floats(min_value=-1e300, max_value=1e300, allow_nan=False))
def test_safe_float_bounds_enclose(x):
    a = to_arb(x) / 3
    lo, hi = arb_lower_float(a), arb_upper_float(a)
    assert arb(lo) <= a <= arb(hi)
    assert Fraction(lo) <= Fraction(x) / 3 <= Fraction(hi)


def test_negative_mpf_keeps_its_sign():
    assert to_arb(mpmath.mpf("-0.375")) == arb(-0.375)
    assert exact_decimal(mpmath.mpf(-3)) == "-3"


def test_mpf_with_a_huge_exponent_encloses_quickly():
    tiny = mpmath.mpf("1e-50000000000000000")
    a = to_arb(tiny)
    assert a > 0 and a < arb("1e-49999999999999999")


def test_arb_decimal_prints_the_midpoint_of_a_wide_ball():
    """A ball [0.0267, 0.0527] (a witness mass and a coupling bound) prints its midpoint, not '0e-1'."""
    wide = arb("0.0396878841642737053", "0.0129869756201514974")
    assert arb_decimal(wide, 6) == "0.0396879"
    assert wide.str(20, more=True).startswith("[0.03968788416427370")
