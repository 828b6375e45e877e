"""Which values are binary floats, the kind of number that decides nothing (DESIGN "Verdicts").

A value that decides a comparison is exact (an integer, a ``Fraction``, a sympy rational or closed form) or a
rigorous enclosure (an arb ball, an mpmath interval). A binary float — a Python ``float``, a numpy floating scalar, a
``sympy.Float`` (anywhere inside a sympy expression) or an mpmath ``mpf`` (a point, no radius) — is a rounded
approximation whose error nobody bounds: 0.8 as a float is 0.8000000000000000444, and a checker that took it at face
value would call a true claim "violated", or an inexact one "attained".
"""
from __future__ import annotations

import sys

import mpmath
import numpy as np

__all__ = ["ADVICE", "binary_float_message", "binary_float_type"]

#: What to return instead (the end of every message about a binary float).
ADVICE = "return a Fraction, an arb ball (flint.arb) or a sympy number instead"


def binary_float_type(value: object) -> str | None:
    """The name of the binary float type ``value`` is (or, for a sympy expression, contains), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (float, np.floating)):
        return type(value).__name__
    if isinstance(value, mpmath.mpf):
        return "mpmath.mpf"
    sympy = sys.modules.get("sympy")  # a sympy value implies sympy is imported already
    if sympy is not None and isinstance(value, sympy.Basic) and value.atoms(sympy.Float):
        return "sympy.Float"
    return None


def binary_float_message(claim_id: str, what: str, type_name: str) -> str:
    """The one line naming the claim, what held the float, and what to return instead."""
    return f"claim {claim_id}: {what} is a binary float ({type_name}), which decides nothing; {ADVICE}"
