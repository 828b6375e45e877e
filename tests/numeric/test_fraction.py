"""certunlearn.numeric.fraction: the package's C rational type stays exact through sympy, agrees with the standard
library's Fraction value for value, and a user's own ``fractions.Fraction`` is read as exact wherever the package's
type is. Oracles: the standard library's Fraction (values, hashes, float rounding) and sympy's Rational."""
from __future__ import annotations

import fractions
import math

import numpy as np
import sympy
from flint import arb, fmpq
from hypothesis import given, settings
from hypothesis import strategies as st

from certunlearn.numeric import linalg as la
from certunlearn.numeric.enclosure import exact_decimal, to_arb
from certunlearn.numeric.fraction import RATIONAL_TYPES, CFraction, Fraction
from certunlearn.numeric.rationals import rational_eval

big = st.integers(min_value=-10**400, max_value=10**400)
positive = st.integers(min_value=1, max_value=10**400)


def test_sympy_reads_it_as_a_rational() -> None:
    """Without the converter sympy turns the C Fraction into a 15-digit Float (checked: 0.333333333333333)."""
    x = sympy.Symbol("x")
    assert sympy.sympify(Fraction(1, 3)) == sympy.Rational(1, 3)
    assert isinstance(sympy.sympify(Fraction(10**30 + 1, 3)), sympy.Rational)
    assert (x**2).subs(x, Fraction(1, 3)) == sympy.Rational(1, 9)
    assert sympy.Integer(2) * Fraction(1, 3) == sympy.Rational(2, 3)


def _float(x) -> float | str:
    try:
        return float(x)
    except OverflowError:
        return "overflow"


@settings(max_examples=300, deadline=None)
@given(big, positive, big, positive, st.floats(allow_nan=False))
def test_values_agree_with_the_standard_library(p: int, q: int, p2: int, q2: int, f: float) -> None:
    ours, theirs = Fraction(p, q), fractions.Fraction(p, q)
    ours2, theirs2 = Fraction(p2, q2), fractions.Fraction(p2, q2)
    assert ours == theirs and hash(ours) == hash(theirs) and str(ours) == str(theirs)
    assert _float(ours) == _float(theirs)  # the same correctly rounded double (or both overflow)
    assert (ours < f, ours == f, ours > f) == (theirs < f, theirs == f, theirs > f)  # exact against a double
    assert ours + ours2 == theirs + theirs2 and ours * ours2 == theirs * theirs2
    assert math.floor(ours) == math.floor(theirs) and math.ceil(ours) == math.ceil(theirs)
    assert ours + theirs2 == theirs + ours2  # mixed arithmetic is exact either way round


def test_a_users_standard_library_fraction_is_exact_everywhere() -> None:
    """Every type test reads RATIONAL_TYPES: a stdlib Fraction is enclosed, moded and evaluated like ours."""
    std = fractions.Fraction(1, 3)
    assert fractions.Fraction in RATIONAL_TYPES
    ball, ours = to_arb(std), to_arb(Fraction(1, 3))
    assert ball.contains(fmpq(1, 3)) and ball.mid() == ours.mid() and ball.rad() == ours.rad()
    assert la.mode_of(np.array([std, fractions.Fraction(2, 7)], dtype=object)) == "fraction"
    assert rational_eval(sympy.Symbol("x") * 3, {"x": std}) == 1
    assert exact_decimal(std) == exact_decimal(Fraction(1, 3)) == "1/3"
    assert exact_decimal(fractions.Fraction(5, 4)) == "1.25"
    assert isinstance(to_arb(Fraction(1, 3)), arb)


_ONE_BYTE = [eval(f'b"\\x{i:02x}"') for i in range(256)]  # the interpreter's shared one-byte objects (literals)


def test_parsing_a_string_leaves_the_interpreter_intact() -> None:
    """quicktions writes a one-character string's digit into the shared ``b"\\0"`` (checked by hand: with
    ``Fraction = CFraction`` this test fails with ``b"\\0" == b"9"``); the package's constructor parses strings with
    the standard library, so every one-byte object keeps its value and the parse agrees with ``fractions``."""
    texts = [str(d) for d in range(10)] + ["١", " 7 ", "-3", "1/2", "1.5e3", "+0", "12", "٣/4"]
    for text in texts:
        value = Fraction(text)
        assert value == fractions.Fraction(text) and isinstance(value, CFraction)
    assert [b[0] for b in _ONE_BYTE] == list(range(256))
    assert Fraction(Fraction(1, 2)) == Fraction(1, 2) and Fraction(3, 6) == Fraction(1, 2)
    for bad, denominator in [("", None), ("x", None), ("1/0", None), ("1//2", None), ("3", 6)]:
        try:
            Fraction(bad, denominator)
        except (ValueError, ZeroDivisionError, TypeError):  # as the standard library refuses them
            continue
        raise AssertionError(f"Fraction({bad!r}, {denominator!r}) was accepted")
    assert [b[0] for b in _ONE_BYTE] == list(range(256))


def test_fraction_is_the_type_test_for_the_values_it_builds() -> None:
    assert isinstance(Fraction(1, 3), Fraction) and type(Fraction("1")) is CFraction
    assert not isinstance(fractions.Fraction(1, 3), Fraction) and not isinstance(1, Fraction)
    assert issubclass(CFraction, Fraction) and RATIONAL_TYPES[0] is CFraction
