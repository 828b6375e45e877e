"""Exact equality of two closed-form numbers, where no enclosure can decide it.

Two enclosures of equal irrational numbers overlap at every precision, so an equality such as ‖w_R‖ = 1/γ_R
(square roots of rationals) or a normalised ratio that is exactly 1 can never be *decided* on balls. This module
proves it instead, on sympy numbers built from the instance's exact rationals:

- **algebraic numbers** (rationals, radicals and their field operations): ``a = b`` is *decided* — the minimal
  polynomial of ``a − b`` over ℚ is ``x`` exactly when ``a − b = 0`` (sympy's ``minimal_polynomial`` is exact);
- **other closed forms** (exp, log, …): ``a = b`` is *proved* when ``sympy.simplify(a − b)`` returns 0 (simplify is
  sound when it returns 0, but incomplete: anything else leaves the question open).

An inequality is never decided here: unequal numbers separate on enclosures once the precision is high enough, which
is the checker's job (:mod:`certunlearn.check.evaluate`).
"""
from __future__ import annotations

import sympy
from sympy.polys.polyerrors import NotAlgebraic, PolynomialError

__all__ = ["is_closed_form", "proved_equal"]

_X = sympy.Symbol("x")


def is_closed_form(value: object) -> bool:
    """A sympy number with no free symbol (what a quantity returns to have an equality proved)."""
    return isinstance(value, sympy.Basic) and not isinstance(value, sympy.Rational) and not value.free_symbols


def proved_equal(a: sympy.Expr, b: sympy.Expr) -> bool | None:
    """True when ``a = b`` is proved, False when ``a ≠ b`` is proved (algebraic numbers only), None when neither."""
    diff = sympy.sympify(a) - sympy.sympify(b)
    if diff.is_algebraic:  # 0 included: its minimal polynomial is x
        try:
            return sympy.minimal_polynomial(diff, _X) == _X
        except (NotAlgebraic, PolynomialError, NotImplementedError):
            pass  # sympy cannot find it: try the simplifier
    try:
        return True if sympy.simplify(diff) == 0 else None
    except (TypeError, ValueError, NotImplementedError):  # pragma: no cover - sympy's simplifier gave up
        return None
