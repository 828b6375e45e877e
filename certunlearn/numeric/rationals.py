"""Exact rational evaluation of sympy expressions: the value of an expression when it is rational at an instance
(sums, products, integer powers, square roots of rational squares), and an instance value read as an exact rational.
What proves an equality that no enclosure can decide (:mod:`certunlearn.numeric.symbolic_equality`,
``Claim.bound_exact``)."""
from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

import sympy
from flint import fmpq, fmpz

from .enclosure import Exact, parse_exact

Env = Mapping[sympy.Symbol | str, Exact]


def rational_eval(expr: sympy.Expr | int | Fraction, env: Env | None = None) -> Fraction | None:
    """The exact value of ``expr`` when it is rational at ``env`` (every symbol given an int or a Fraction, and
    only sums, products, integer powers and square roots of rational squares on the way), else None. Used to prove
    an equality that no enclosure can decide."""
    names = {(k.name if isinstance(k, sympy.Symbol) else k): v for k, v in (env or {}).items()}
    try:
        return _rational(sympy.sympify(expr), names)
    except (NotRational, ZeroDivisionError):
        return None


class NotRational(Exception):
    pass


def _rational(e: sympy.Basic, env: Mapping[str, Exact]) -> Fraction:
    if isinstance(e, sympy.Symbol):
        return rational_value(env.get(e.name))
    if isinstance(e, sympy.Rational):
        return Fraction(int(e.p), int(e.q))
    if isinstance(e, sympy.Add):
        return sum((_rational(a, env) for a in e.args), Fraction(0))
    if isinstance(e, sympy.Mul):
        out = Fraction(1)
        for a in e.args:
            out *= _rational(a, env)
        return out
    if isinstance(e, sympy.Abs):
        return abs(_rational(e.args[0], env))
    if isinstance(e, (sympy.Max, sympy.Min)):
        values = [_rational(a, env) for a in e.args]
        return max(values) if isinstance(e, sympy.Max) else min(values)
    if isinstance(e, sympy.Pow):
        base, expo = _rational(e.args[0], env), e.args[1]
        if not expo.is_Number:  # a symbolic exponent (γ^T) that is an integer at this instance
            k = _rational(expo, env)
            if k.denominator != 1 or abs(k.numerator) > 10**6:
                raise NotRational
            return base ** k.numerator
        if expo.is_Integer:
            return base ** int(expo)
        if expo.is_Rational and expo.q == 2 and base >= 0:
            p, q = _isqrt_exact(base.numerator), _isqrt_exact(base.denominator)
            return Fraction(p, q) ** int(expo.p)
    raise NotRational


def rational_value(v: object) -> Fraction:
    """An instance value as an exact rational: ints, Fractions, flint rationals, binary floats (exactly) and
    decimal strings; anything else (an arb ball, a label) is not rational."""
    if isinstance(v, str):
        v = parse_exact(v)
    if isinstance(v, bool) or v is None:
        raise NotRational
    if isinstance(v, Fraction):
        return v
    if isinstance(v, (int, fmpz)):
        return Fraction(int(v))
    if isinstance(v, fmpq):
        return Fraction(int(v.p), int(v.q))
    if isinstance(v, float) and math.isfinite(v):
        return Fraction(v)
    raise NotRational


def _isqrt_exact(k: int) -> int:
    r = math.isqrt(k)
    if r * r != k:
        raise NotRational
    return r
