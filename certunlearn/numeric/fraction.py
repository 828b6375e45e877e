"""The package's exact rational type: ``quicktions.Fraction``, a C implementation of :class:`fractions.Fraction`
with the same values, hashes, equality, rounding of ``float()`` and string forms, 5–10 times faster per operation.
The checker's exact arithmetic (instances, runs, hypotheses, enclosure endpoints) is rational, and the standard
library's Fraction was a quarter of ``check --all``'s CPU time (README "Performance: speed").

Two guarantees the rest of the package relies on:

* **sympy keeps it exact.** sympy knows the standard library's Fraction but would turn any other rational-like
  object into a 15-digit ``Float``; this module registers a converter, so ``sympify(Fraction(1, 3))`` is
  ``Rational(1, 3)`` (tested: ``tests/numeric/test_fraction.py``).
* **A user's own ``fractions.Fraction`` is exact too.** Every type test of the package reads
  :data:`RATIONAL_TYPES`, both classes; mixed arithmetic between them is exact (the numbers protocol), and their
  hashes and equality agree, so they meet in caches and sets."""
from __future__ import annotations

import fractions

import sympy
from quicktions import Fraction
from sympy.core.sympify import converter

#: The exact rational types a value may carry: the package's own, and the standard library's a user may pass.
RATIONAL_TYPES: tuple[type, ...] = (Fraction, fractions.Fraction)


def _to_sympy(value: Fraction) -> sympy.Rational:
    return sympy.Rational(value.numerator, value.denominator)


converter[Fraction] = _to_sympy

__all__ = ["Fraction", "RATIONAL_TYPES"]
