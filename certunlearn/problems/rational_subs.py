"""The declared constants' substitution, fast path: a rational sympy expression (sums, products, integer powers, Min,
Max, Abs of rationals and symbols) at rational values, evaluated in exact Fractions by a program compiled once per
expression — the number sympy's ``subs`` returns, value and type (``certunlearn.problems.losses.substitute``; sympy's
``subs`` was 9 % of d2d.thm3.2's check, Descent-to-Delete Theorem 3.2, lines 256–265)."""
from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any

import sympy

__all__ = ["rational_value", "rational_program", "consistent", "sympy_rational"]


def sympy_rational(q: Fraction) -> sympy.Rational:
    """The sympy number of a Fraction (re-exported by :mod:`certunlearn.problems.losses`)."""
    return sympy.Rational(q.numerator, q.denominator)


def rational_value(expr: sympy.Expr, env: tuple) -> sympy.Rational | None:
    """``expr`` at the values of ``env`` when it is a rational expression (sums, products, integer powers, Min, Max,
    Abs of rationals and symbols) and every symbol of it has a rational value: evaluated in exact Fractions by the
    program :func:`rational_program` compiles once per expression — the number sympy's ``subs`` returns (exact
    rational arithmetic has one result; sympy's ``Rational`` gives its canonical type), at a fraction of the cost.
    None otherwise (a symbol without a rational value or with one against its assumptions, another function, a
    division by zero): ``subs`` decides."""
    program = rational_program(expr)
    if program is None:
        return None
    values = {k: v for k, _, v in env if isinstance(v, sympy.Rational) and consistent(k, v)}
    if not expr.free_symbols <= values.keys():
        return None
    try:
        out = program({k: Fraction(int(v.p), int(v.q)) for k, v in values.items()})
    except ZeroDivisionError:
        return None
    return sympy.Rational(out.numerator, out.denominator)


def consistent(symbol: sympy.Symbol, value: sympy.Rational) -> bool:
    """The value has every property the symbol is declared with (positive, nonnegative, integer, …): ``subs`` of a
    value against its symbol's assumptions may simplify on the assumptions (then its result is kept, not recomputed)."""
    return all(getattr(value, f"is_{fact}") == holds for fact, holds in symbol.assumptions0.items())


@functools.lru_cache(maxsize=1024)
def rational_program(expr: sympy.Expr) -> Any:
    """A function of {symbol: Fraction} computing ``expr`` exactly, or None when ``expr`` is not built from
    rationals, symbols, +, ×, integer powers, Min, Max and Abs (:func:`rational_value`)."""
    if isinstance(expr, sympy.Symbol):
        return lambda env: env[expr]
    if isinstance(expr, sympy.Rational):
        value = Fraction(int(expr.p), int(expr.q))
        return lambda env: value
    if isinstance(expr, sympy.Pow) and isinstance(expr.exp, sympy.Integer):
        base, power = rational_program(expr.base), int(expr.exp)
        return None if base is None else (lambda env: base(env) ** power)
    combine = {sympy.Add: sum, sympy.Mul: math.prod, sympy.Min: min, sympy.Max: max}.get(type(expr))
    if isinstance(expr, sympy.Abs):
        combine = lambda xs: abs(xs[0])  # noqa: E731
    if combine is None:
        return None
    parts = [rational_program(a) for a in expr.args]
    if any(part is None for part in parts):
        return None
    if combine is sum:
        return lambda env: sum((part(env) for part in parts), Fraction(0))
    if combine is math.prod:
        return lambda env: math.prod((part(env) for part in parts), start=Fraction(1))
    return lambda env: combine([part(env) for part in parts])
