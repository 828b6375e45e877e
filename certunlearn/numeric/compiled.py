"""Sympy expressions compiled once into closures over arb operations.

:func:`compile_arb` turns an expression into a function of an environment (symbol name → exact value or ball)
that returns exactly what the tree walk of :func:`certunlearn.numeric.sympy_arb.arb_eval` returns — the same
interval extension, the same special cases (``int_power`` on balls containing 0, ``0^p = 0``, square roots,
roots of small order, Min/Max, erfc …), constants rounded at the precision in force *at the call* — but without
walking the sympy tree (and without any sympy call) on every evaluation. Compiled closures are cached by the
expression, so a claim's bound, hypotheses and prescribed parameters are compiled once per process.

An expression with a node the walk cannot evaluate is "compiled" to the walk itself, so that even its errors
(which symbol is missing, which node is unsupported, and in which order) stay those of the walk.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from fractions import Fraction
from typing import Any

import sympy
from flint import arb, fmpq, fmpz

from .enclosure import FUNCTIONS, eval_walk, int_power, to_arb
from .rationals import NotRational as WalkNotRational, rational_eval, rational_value

Compiled = Callable[[Mapping[str, Any]], arb]
_Node = Callable[[dict[str, arb]], arb]


class _Unsupported(Exception):
    pass


@lru_cache(maxsize=16384)
def compile_arb(expr: sympy.Basic) -> Compiled:
    """A function ``env ↦ ball`` equal to ``arb_eval(expr, env)`` for ``env`` keyed by symbol name."""
    order: list[str] = []
    try:
        node = _compile(expr, order)
    except _Unsupported:
        def walk(env: Mapping[str, Any]) -> arb:
            return eval_walk(expr, env, {})

        return walk
    names = tuple(order)

    def run(env: Mapping[str, Any]) -> arb:
        values: dict[str, arb] = {}
        for name in names:  # in the walk's order: the same KeyError for the same missing symbol
            if name not in env:
                raise KeyError(f"no value for symbol {name!r}")
            values[name] = to_arb(env[name])
        return node(values)

    return run


def _compile(e: sympy.Basic, order: list[str]) -> _Node:
    if isinstance(e, sympy.Symbol):
        name = e.name
        if name not in order:
            order.append(name)
        return lambda v: v[name]
    if isinstance(e, sympy.Integer):
        z = fmpz(int(e))
        return lambda v: arb(z)
    if isinstance(e, sympy.Rational):
        q = fmpq(int(e.p), int(e.q))
        return lambda v: arb(q)  # rounded at the precision of the call
    if isinstance(e, sympy.Float):
        r = sympy.Rational(e)
        p, d = fmpz(int(r.p)), fmpz(int(r.q))
        return lambda v: arb(p) / arb(d)
    if e is sympy.pi:
        return lambda v: arb.pi()
    if e is sympy.E:
        return lambda v: arb.const_e()
    if e is sympy.oo:
        return lambda v: arb.pos_inf()
    if isinstance(e, (sympy.Add, sympy.Mul)):
        return _fold_node([_compile(a, order) for a in e.args], isinstance(e, sympy.Add))
    if isinstance(e, sympy.Pow):
        return _pow(e, order)
    if isinstance(e, (sympy.Max, sympy.Min)):
        fn = arb.max if isinstance(e, sympy.Max) else arb.min
        args = [_compile(a, order) for a in e.args]

        def extremum(v: dict[str, arb]) -> arb:
            out = args[0](v)
            for a in args[1:]:
                out = fn(out, a(v))
            return out

        return extremum
    for kind, fn1 in FUNCTIONS.items():
        if isinstance(e, kind):
            args = [_compile(a, order) for a in e.args]
            if len(args) == 1:
                (a0,) = args
                return lambda v, fn1=fn1: fn1(a0(v))
            return lambda v, fn1=fn1: fn1(*(a(v) for a in args))
    raise _Unsupported


def _fold_node(args: list[_Node], add: bool) -> _Node:
    if len(args) == 2:
        a, b = args
        return (lambda v: a(v) + b(v)) if add else (lambda v: a(v) * b(v))
    first, rest = args[0], args[1:]
    if add:
        def total(v: dict[str, arb]) -> arb:
            out = first(v)
            for a in rest:
                out = out + a(v)
            return out

        return total

    def product(v: dict[str, arb]) -> arb:
        out = first(v)
        for a in rest:
            out = out * a(v)
        return out

    return product


def _pow(e: sympy.Pow, order: list[str]) -> _Node:
    base_expr, expo = e.args
    base = _compile(base_expr, order)
    power = _compile(expo, order)  # the walk requires the exponent's symbols too, whatever the case
    if expo.is_Integer:
        k = int(expo)
        return lambda v: int_power(base(v), k)
    zero_is_zero = bool(expo.is_positive)

    def guard(inner: Callable[[arb, dict[str, arb]], arb]) -> _Node:
        if not zero_is_zero:
            return lambda v: inner(base(v), v)

        def node(v: dict[str, arb]) -> arb:
            b = base(v)
            if b.is_zero():  # 0^p = 0 for p > 0 (flint's root and log give nan at 0)
                return arb(0)
            return inner(b, v)

        return node

    if expo == sympy.S.Half:
        return guard(lambda b, v: b.sqrt())
    if expo == -sympy.S.Half:
        return guard(lambda b, v: b.rsqrt())
    if expo.is_Rational and expo.q <= 64:
        q, p = int(expo.q), int(expo.p)
        return guard(lambda b, v: int_power(b.root(q), p))
    return guard(lambda b, v: (power(v) * b.log()).exp())


# ------------------------------------------------------------------------------------------ exact rationals
_Exact = Callable[[Mapping[str, Any]], Fraction]


class _NotRational(Exception):
    pass


@lru_cache(maxsize=16384)
def rational_compiled(expr: sympy.Basic) -> Callable[[Mapping[str, Any]], Fraction | None]:
    """A function ``env ↦`` the exact value of ``expr`` when it is shown rational (ints, Fractions, exact floats and
    decimal strings for the symbols; sums, products, rational powers that are exact roots, ``log 1``, ``exp 0``,
    Min/Max/|·|), else None. Never wrong; None may also mean "not shown"."""
    try:
        node = _rational_node(expr)
    except _NotRational:
        return lambda env: rational_eval(expr, env)

    def run(env: Mapping[str, Any]) -> Fraction | None:
        try:
            return node(env)
        except ZeroDivisionError:
            return None
        except _NotRational:
            return rational_eval(expr, env)

    return run


def _rational_node(e: sympy.Basic) -> _Exact:
    if isinstance(e, sympy.Symbol):
        name = e.name

        def symbol(env: Mapping[str, Any]) -> Fraction:
            try:
                return rational_value(env.get(name))
            except WalkNotRational:
                raise _NotRational from None

        return symbol
    if isinstance(e, sympy.Rational):
        q = Fraction(int(e.p), int(e.q))
        return lambda env: q
    if isinstance(e, (sympy.Add, sympy.Mul)):
        args = [_rational_node(a) for a in e.args]
        if isinstance(e, sympy.Add):
            return lambda env: sum((a(env) for a in args), Fraction(0))

        def product(env: Mapping[str, Any]) -> Fraction:
            out = Fraction(1)
            for a in args:
                out *= a(env)
            return out

        return product
    if isinstance(e, sympy.Pow):
        base, expo = _rational_node(e.args[0]), e.args[1]
        if expo.is_Integer:
            k = int(expo)
            return lambda env: base(env) ** k
        if not expo.is_Rational:
            raise _NotRational
        p, q = int(expo.p), int(expo.q)

        def root_power(env: Mapping[str, Any]) -> Fraction:
            b = base(env)
            if b < 0:
                raise _NotRational
            return Fraction(_iroot_exact(b.numerator, q), _iroot_exact(b.denominator, q)) ** p

        return root_power
    if isinstance(e, (sympy.Max, sympy.Min)):
        args = [_rational_node(a) for a in e.args]
        pick = max if isinstance(e, sympy.Max) else min
        return lambda env: pick(a(env) for a in args)
    if isinstance(e, sympy.Abs):
        (a,) = [_rational_node(x) for x in e.args]
        return lambda env: abs(a(env))
    if isinstance(e, (sympy.log, sympy.exp)) and len(e.args) == 1:
        a = _rational_node(e.args[0])
        at, value = (Fraction(1), Fraction(0)) if isinstance(e, sympy.log) else (Fraction(0), Fraction(1))

        def special(env: Mapping[str, Any]) -> Fraction:
            if a(env) != at:
                raise _NotRational
            return value

        return special
    raise _NotRational


def _iroot_exact(k: int, q: int) -> int:
    r = int(fmpz(k).root(q)) if k > 0 else 0
    if r ** q != k:
        raise _NotRational
    return r
