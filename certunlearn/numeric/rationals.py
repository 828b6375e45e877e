"""Exact rational evaluation of sympy expressions — the one exact evaluator of the package: the value of an
expression when it is rational at an instance (sums, products, integer powers, square roots of rational squares,
Min/Max/|·|; with ``roots=True`` also roots of any order that are exact, ``log 1`` and ``exp 0``), and an instance value
read as an exact rational. What proves an equality that no enclosure can decide
(:mod:`certunlearn.numeric.symbolic_equality`, ``Claim.bound_exact``), decides a hypothesis exactly at a boundary
(``Hypothesis.decide``), evaluates prescribed parameters (``algorithms.parameters``) and the declared constants
(``problems.losses.substitute``).

Each expression is compiled once (:func:`rational_program`, cached by the expression) into a program over an
environment keyed by symbol name: no sympy call per evaluation. The program visits the expression's nodes in the
order of a tree walk (arguments left to right, a power's base before its exponent) and fails at the first node that is
not rational at the instance, so even an error raised by reading a value (a malformed decimal string) is raised
exactly when a walk would raise it."""
from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from typing import Any

import sympy
from flint import fmpq, fmpz

from .enclosure import Exact, parse_exact
from .fraction import RATIONAL_TYPES, Fraction

Env = Mapping[sympy.Symbol | str, Exact]
#: A compiled expression: a function of {symbol name: value} returning the exact value, or None.
Program = Callable[[Mapping[str, Any]], "Fraction | None"]
_Node = Callable[[Mapping[str, Any]], Fraction]  # raises NotRational or ZeroDivisionError

#: The largest |k| of a symbolic integer exponent (γ^T) evaluated exactly.
MAX_SYMBOLIC_EXPONENT = 10**6


def rational_eval(expr: sympy.Expr | int | Fraction, env: Env | None = None, *, roots: bool = False
                  ) -> Fraction | None:
    """The exact value of ``expr`` when it is rational at ``env`` (every symbol given an int, a Fraction, a flint
    rational, an exact float or a decimal string; only sums, products, integer powers, square roots of rational
    squares, Min, Max and |·| on the way — with ``roots``, also exact roots of any order, log 1 and exp 0), else None.
    Never wrong; None may also mean "not shown"."""
    names = {(k.name if isinstance(k, sympy.Symbol) else k): v for k, v in (env or {}).items()}
    return rational_program(sympy.sympify(expr), roots)(names)


class NotRational(Exception):
    pass


@functools.lru_cache(maxsize=16384)
def rational_program(expr: sympy.Basic, roots: bool = False) -> Program:
    """``expr`` compiled once: a function ``{symbol name: value} ↦`` its exact value, or None when it is not shown
    rational there (a division by zero included) — :func:`rational_eval` without sympy per call."""
    node = _node(expr, roots)

    def run(env: Mapping[str, Any]) -> Fraction | None:
        try:
            return node(env)
        except (NotRational, ZeroDivisionError):
            return None

    return run


def _fail(env: Mapping[str, Any]) -> Fraction:
    raise NotRational


def _node(e: sympy.Basic, roots: bool) -> _Node:
    if isinstance(e, sympy.Symbol):
        name = e.name
        return lambda env: rational_value(env.get(name))
    if isinstance(e, sympy.Rational):
        q = Fraction(int(e.p), int(e.q))
        return lambda env: q
    if isinstance(e, sympy.Add):
        args = [_node(a, roots) for a in e.args]
        return lambda env: sum((a(env) for a in args), Fraction(0))
    if isinstance(e, sympy.Mul):
        args = [_node(a, roots) for a in e.args]

        def product(env: Mapping[str, Any]) -> Fraction:
            out = Fraction(1)
            for a in args:
                out *= a(env)
            return out

        return product
    if isinstance(e, sympy.Abs):
        (a,) = [_node(x, roots) for x in e.args]
        return lambda env: abs(a(env))
    if isinstance(e, (sympy.Max, sympy.Min)):
        args = [_node(a, roots) for a in e.args]
        pick = max if isinstance(e, sympy.Max) else min
        return lambda env: pick([a(env) for a in args])
    if isinstance(e, sympy.Pow):
        return _pow(e, roots)
    if roots and isinstance(e, (sympy.log, sympy.exp)) and len(e.args) == 1:
        a = _node(e.args[0], roots)
        at, value = (Fraction(1), Fraction(0)) if isinstance(e, sympy.log) else (Fraction(0), Fraction(1))

        def special(env: Mapping[str, Any]) -> Fraction:
            if a(env) != at:
                raise NotRational
            return value

        return special
    return _fail


def _pow(e: sympy.Pow, roots: bool) -> _Node:
    base, expo = _node(e.args[0], roots), e.args[1]
    if not expo.is_Number:  # a symbolic exponent (γ^T) that is an integer at this instance
        k_of = _node(expo, roots)

        def symbolic(env: Mapping[str, Any]) -> Fraction:
            b, k = base(env), k_of(env)
            if k.denominator != 1 or abs(k.numerator) > MAX_SYMBOLIC_EXPONENT:
                raise NotRational
            return b ** k.numerator

        return symbolic
    if expo.is_Integer:
        k = int(expo)
        return lambda env: base(env) ** k
    if expo.is_Rational and (expo.q == 2 or roots):
        p, q = int(expo.p), int(expo.q)

        def root_power(env: Mapping[str, Any]) -> Fraction:
            b = base(env)
            if b < 0:
                raise NotRational
            return Fraction(_iroot_exact(b.numerator, q), _iroot_exact(b.denominator, q)) ** p

        return root_power

    def other(env: Mapping[str, Any]) -> Fraction:
        base(env)  # a walk reads the base first
        raise NotRational

    return other


def rational_value(v: object) -> Fraction:
    """An instance value as an exact rational: ints, Fractions, flint rationals, binary floats (exactly) and
    decimal strings; anything else (an arb ball, a label) is not rational."""
    if isinstance(v, str):
        v = parse_exact(v)
    if isinstance(v, bool) or v is None:
        raise NotRational
    if isinstance(v, RATIONAL_TYPES):
        return v
    if isinstance(v, (int, fmpz)):
        return Fraction(int(v))
    if isinstance(v, fmpq):
        return Fraction(int(v.p), int(v.q))
    if isinstance(v, float) and math.isfinite(v):
        return Fraction(v)
    raise NotRational


def _iroot_exact(k: int, q: int) -> int:
    r = math.isqrt(k) if q == 2 else (int(fmpz(k).root(q)) if k > 0 else 0)
    if r ** q != k:
        raise NotRational
    return r


# ---------------------------------------------------------------------------------------- sympy's ``subs``, fast path
def sympy_rational(q: Fraction) -> sympy.Rational:
    """The sympy number of a Fraction."""
    return sympy.Rational(q.numerator, q.denominator)


def consistent(symbol: sympy.Symbol, value: sympy.Rational) -> bool:
    """The value has every property the symbol is declared with (positive, nonnegative, integer, …): ``subs`` of a
    value against its symbol's assumptions may simplify on the assumptions (then its result is kept, not recomputed)."""
    return all(getattr(value, f"is_{fact}") == holds for fact, holds in symbol.assumptions0.items())


def substituted_rational(expr: sympy.Expr, env: tuple) -> sympy.Rational | None:
    """``expr`` at the values of ``env`` (``(symbol, type, value)`` triples) when every symbol of it has a rational
    value consistent with its assumptions and the program of :func:`rational_program` shows the value rational: the
    number sympy's ``subs`` returns (exact rational arithmetic has one result; sympy's ``Rational`` gives its canonical
    type), at a fraction of the cost (``certunlearn.problems.losses.substitute``; ``subs`` was 9 % of d2d.thm3.2, Descent-
    to-Delete Theorem 3.2, lines 256–265). None otherwise (a symbol without a rational value or with one against its
    assumptions, two symbols of one name, a value not shown rational, a division by zero): ``subs`` decides."""
    free = expr.free_symbols
    values = {k: v for k, _, v in env if k in free and isinstance(v, sympy.Rational) and consistent(k, v)}
    names = {k.name: Fraction(int(v.p), int(v.q)) for k, v in values.items()}
    if len(values) != len(free) or len(names) != len(values):
        return None
    out = rational_program(expr)(names)
    return None if out is None else sympy_rational(out)
