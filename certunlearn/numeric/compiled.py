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
from typing import Any

import sympy
from flint import arb, fmpq, fmpz

from .enclosure import FUNCTIONS, eval_walk, int_power, real_power, to_arb
from .fraction import Fraction
from .rationals import rational_program

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
    return lambda v: real_power(base(v), power(v))


# ------------------------------------------------------------------------------------------ exact rationals
def rational_compiled(expr: sympy.Basic) -> Callable[[Mapping[str, Any]], Fraction | None]:
    """A function ``env ↦`` the exact value of ``expr`` when it is shown rational (sums, products, rational powers
    that are exact roots, ``log 1``, ``exp 0``, Min/Max/|·|), else None: the one exact evaluator,
    :func:`certunlearn.numeric.rationals.rational_program` with ``roots=True``, compiled once per expression."""
    return rational_program(expr, True)
