"""The package's exact rational type: ``quicktions.Fraction``, a C implementation of :class:`fractions.Fraction`
with the same values, hashes, equality, rounding of ``float()`` and string forms, 5–10 times faster per operation.
The checker's exact arithmetic (instances, runs, hypotheses, enclosure endpoints) is rational, and the standard
library's Fraction was a quarter of ``check --all``'s CPU time (README "Performance: speed").

Three guarantees the rest of the package relies on:

* **Strings are parsed by the standard library.** ``quicktions`` (1.19–1.24, every version checked) writes the digit
  of a one-character string such as ``"1"`` into the interpreter's shared one-byte object ``b"\\0"``: after
  ``quicktions.Fraction("1")`` every ``b"\\0"`` in the process reads ``b"1"``. That silently changed the derivation
  cache's keys (their parts are joined by ``b"\\0"``) in whichever process had parsed such a string. So the name
  :class:`Fraction` here is a constructor that hands strings to :class:`fractions.Fraction` and builds the C value
  from its numerator and denominator; every other argument goes to the C type directly. It is also a type test:
  ``isinstance(x, Fraction)`` is true exactly for the C values (tested: ``tests/numeric/test_fraction.py``).
* **sympy keeps it exact.** sympy knows the standard library's Fraction but would turn any other rational-like
  object into a 15-digit ``Float``; this module registers a converter, so ``sympify(Fraction(1, 3))`` is
  ``Rational(1, 3)``.
* **A user's own ``fractions.Fraction`` is exact too.** Every type test of the package reads
  :data:`RATIONAL_TYPES`, both classes; mixed arithmetic between them is exact (the numbers protocol), and their
  hashes and equality agree, so they meet in caches and sets."""
from __future__ import annotations

import fractions
from typing import Any

import sympy
from quicktions import Fraction as CFraction
from sympy.core.sympify import converter

#: The exact rational types a value may carry: the package's own, and the standard library's a user may pass.
RATIONAL_TYPES: tuple[type, ...] = (CFraction, fractions.Fraction)


class _CFractionType(type):
    """Makes :class:`Fraction` answer type tests for the C values it builds."""

    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, CFraction)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub, CFraction)


class Fraction(metaclass=_CFractionType):
    """``quicktions.Fraction(numerator, denominator)``, except that a string is parsed by the standard library."""

    def __new__(cls, numerator: Any = 0, denominator: Any = None) -> CFraction:  # type: ignore[misc]
        if isinstance(numerator, str):
            parsed = fractions.Fraction(numerator) if denominator is None else fractions.Fraction(numerator, denominator)
            return CFraction(parsed.numerator, parsed.denominator)
        return CFraction(numerator, denominator)


def _to_sympy(value: CFraction) -> sympy.Rational:
    return sympy.Rational(value.numerator, value.denominator)


converter[CFraction] = _to_sympy

__all__ = ["CFraction", "Fraction", "RATIONAL_TYPES"]
