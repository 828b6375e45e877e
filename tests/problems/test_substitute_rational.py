"""The declared constants' exact substitution (``problems.losses.substitute``): its Fraction program for rational
expressions returns exactly the number sympy's ``subs`` returns (value and type), and leaves every other case to
``subs``."""
from __future__ import annotations

import itertools

import sympy

from certunlearn.numeric.fraction import Fraction as F
from certunlearn.problems import Ball, Box, LogisticL2, Quadratic, Ridge
from certunlearn.problems import losses as L
from certunlearn.problems.huber import HuberQuadratic
from certunlearn.numeric.rationals import consistent, substituted_rational as rational_value

a, b, c = sympy.symbols("a b c", positive=True)
u = sympy.Symbol("u")

EXPRS = [
    a * (b + c) + c * sympy.Min(1, (b + c) / a),
    a + b / c,
    sympy.Max(a, b) ** 2 - sympy.Min(a, c) ** -3,
    sympy.Abs(u - a) * sympy.Rational(3, 7) + 2,
    (a - b) ** 0 + 0 * c,
    a * b * c - a**2 / 5,
]
VALUES = [sympy.Rational(1, 3), sympy.Integer(2), sympy.Rational(-5, 4), sympy.Integer(0), sympy.Integer(1)]


def _subs(expr: sympy.Expr, env: dict) -> sympy.Expr:
    return expr.subs(env)


def test_the_fraction_program_equals_subs_in_value_and_type():
    checked = 0
    for expr in EXPRS:
        syms = sorted(expr.free_symbols, key=str)
        for vals in itertools.product(VALUES, repeat=len(syms)):
            env = dict(zip(syms, vals))
            key = tuple((k, type(v), v) for k, v in env.items())
            fast = rational_value(expr, key)
            try:
                slow = _subs(expr, env)
            except ValueError:  # Min/Max of zoo
                slow = sympy.zoo
            if not slow.is_Rational:  # a division by zero: zoo / nan — subs decides
                assert fast is None, (expr, env, fast, slow)
                continue
            if any(not consistent(k, v) for k, v in env.items()):  # a value against its symbol's assumptions
                assert fast is None, (expr, env)  # subs may simplify on the assumptions: its result is kept
                continue
            assert fast is not None, (expr, env)
            assert fast == slow and type(fast) is type(slow), (expr, env, fast, slow)
            checked += 1
    assert checked > 100


def test_other_expressions_and_values_are_left_to_subs():
    key = ((a, sympy.Integer, sympy.Integer(2)),)
    assert rational_value(sympy.sqrt(a), key) is None  # not a rational expression
    assert rational_value(sympy.log(a) + 1, key) is None
    assert rational_value(a + b, key) is None  # b has no value
    irrational = ((a, type(sympy.sqrt(2)), sympy.sqrt(2)),)
    assert rational_value(a + 1, irrational) is None  # a value that is not rational
    assert rational_value(a + sympy.Float(0.5), key) is None  # a float inside: subs (and nsimplify) decide
    assert L.substitute(sympy.sqrt(a) * a, {a: sympy.Integer(2)}) == 2 * sympy.sqrt(2)


def test_declared_constants_are_those_of_subs():
    """Every declared constant of the loss families the checker uses, fast path against plain ``subs``."""
    cases = [
        (Quadratic(A=((F(1), F(0)), (F(0), F(3))), R=F(1)), Box((F(-1), F(-2)), (F(1), F(1, 2)))),
        (Quadratic(A=((F(2),),), R=F(1, 3)), Box((F(-1, 4),), (F(3, 4),))),
        (HuberQuadratic(a=(F(1),), c=F(1, 8), w=F(1, 8), R=F(1)), Box((F(-1),), (F(1),))),
        (HuberQuadratic(a=(F(1), F(2)), c=F(3, 2), w=F(1, 2), R=F(2)), Box((F(-1), F(0)), (F(1), F(5)))),
        (Ridge(lam=F(1, 2), R=F(3, 2), Y=2), Ball(F(2))),
        (LogisticL2(lam=F(1, 4), R=2), Ball(F(1))),
    ]
    fast_hits = 0
    for loss, dom in cases:
        consts = loss.constants(dom)
        for name in L.CONSTANT_NAMES:
            expr, env = consts.expr(name), consts.params
            key = (sympy.sympify(expr), tuple((k, type(v), v) for k, v in env.items()))
            got = L._substituted.__wrapped__(key)
            plain = expr.subs({k: v for k, v in env.items() if v is not sympy.oo})
            if plain.free_symbols:  # an infinite parameter taken as a limit: not the fast path's case
                continue
            fast_hits += rational_value(*key) is not None
            assert got == plain and type(got) is type(plain), (loss, name, got, plain)
    assert fast_hits >= 8
