"""Helpers shared by the claim tests' independent oracles (mpmath at 100 digits)."""

import mpmath
from flint import arb

from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F
from certunlearn.numeric.precision import workprec


def mp(x) -> mpmath.mpf:
    """An exact number (int, Fraction, decimal string) as an mpf at the current precision."""
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def contains(enclosure: arb, value) -> bool:
    """Whether ``enclosure`` meets ``value`` (a Fraction exactly, an mpf through its 100-digit decimal)."""
    with workprec(400):
        if isinstance(value, RATIONAL_TYPES):
            return enclosure.overlaps(arb(value.numerator) / value.denominator)
        return enclosure.overlaps(arb(mpmath.nstr(value, 100)))
