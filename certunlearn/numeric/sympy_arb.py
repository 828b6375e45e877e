"""Rigorous evaluation of sympy expressions on arb balls.

The one bridge from a claim's sympy expression to numbers: every evaluation that a decision
rests on goes through :func:`arb_eval`. Given balls for the free symbols it returns a ball
containing the expression's value at *every* point of those balls (the interval extension), so
it serves both point evaluation and interval branch-and-bound on boxes.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction

import sympy
from flint import arb, fmpq, fmpz

from .compiled import compile_arb
from .enclosure import Exact, parse_exact, to_arb

Env = Mapping[sympy.Symbol | str, Exact]

FUNCTIONS: dict[type, Callable[..., arb]] = {
    sympy.exp: arb.exp,
    sympy.log: arb.log,
    sympy.erfc: arb.erfc,
    sympy.erf: arb.erf,
    sympy.sin: arb.sin,
    sympy.cos: arb.cos,
    sympy.tan: arb.tan,
    sympy.atan: arb.atan,
    sympy.asin: arb.asin,
    sympy.acos: arb.acos,
    sympy.sinh: arb.sinh,
    sympy.cosh: arb.cosh,
    sympy.tanh: arb.tanh,
    sympy.Abs: abs,
    sympy.floor: arb.floor,
    sympy.ceiling: arb.ceil,
}


def arb_eval(expr: sympy.Expr | int | Fraction, env: Env | None = None) -> arb:
    """A ball containing ``expr`` with the symbols of ``env`` (by Symbol or by name) substituted."""
    names = {(k.name if isinstance(k, sympy.Symbol) else k): v for k, v in (env or {}).items()}
    if not isinstance(expr, sympy.Basic):
        expr = sympy.sympify(expr)
    return compile_arb(expr)(names)


def arb_eval_walk(expr: sympy.Expr | int | Fraction, env: Env | None = None) -> arb:
    """:func:`arb_eval` by walking the sympy tree on every call (the reference the compiled closures are tested
    against)."""
    names = {(k.name if isinstance(k, sympy.Symbol) else k): v for k, v in (env or {}).items()}
    return eval_walk(sympy.sympify(expr), names, {})


def int_power(a: arb, k: int) -> arb:
    """a**k for an integer k — also for a ball containing 0 with k > 0, where flint returns nan: the power of the
    ends ([0, max] for even k; [lo^k, hi^k] for odd k, which is increasing)."""
    if k > 0 and a.is_finite() and a.contains(0):
        lo, hi = a.lower() ** k, a.upper() ** k
        return arb(0).union(lo.max(hi)) if k % 2 == 0 else lo.union(hi)
    return a ** k


def eval_walk(e: sympy.Basic, env: dict[str, Exact], cache: dict[str, arb]) -> arb:
    if isinstance(e, sympy.Symbol):
        if e.name not in cache:
            if e.name not in env:
                raise KeyError(f"no value for symbol {e.name!r}")
            cache[e.name] = to_arb(env[e.name])
        return cache[e.name]
    if isinstance(e, sympy.Integer):
        return arb(fmpz(int(e)))
    if isinstance(e, sympy.Rational):
        return arb(fmpq(int(e.p), int(e.q)))
    if isinstance(e, sympy.Float):
        return arb(sympy.Rational(e).p) / arb(sympy.Rational(e).q)  # the Float's exact binary value
    if e is sympy.pi:
        return arb.pi()
    if e is sympy.E:
        return arb.const_e()
    if e is sympy.oo:
        return arb.pos_inf()
    args = [eval_walk(a, env, cache) for a in e.args]
    if isinstance(e, sympy.Add):
        out = args[0]
        for a in args[1:]:
            out = out + a
        return out
    if isinstance(e, sympy.Mul):
        out = args[0]
        for a in args[1:]:
            out = out * a
        return out
    if isinstance(e, sympy.Pow):
        base, expo = e.args
        if expo.is_Integer:
            return int_power(args[0], int(expo))
        if args[0].is_zero() and expo.is_positive:  # 0^p = 0 for p > 0 (flint's root and log give nan at 0)
            return arb(0)
        if expo == sympy.S.Half:
            return args[0].sqrt()
        if expo == -sympy.S.Half:
            return args[0].rsqrt()
        if expo.is_Rational and expo.q <= 64:
            return int_power(args[0].root(int(expo.q)), int(expo.p))
        return (args[1] * args[0].log()).exp()
    if isinstance(e, sympy.Max):
        return _fold(args, arb.max)
    if isinstance(e, sympy.Min):
        return _fold(args, arb.min)
    for kind, fn in FUNCTIONS.items():
        if isinstance(e, kind):
            return fn(*args)
    raise NotImplementedError(f"no rigorous evaluation for {type(e).__name__}: {e}")


def _fold(args: list[arb], fn: Callable[[arb, arb], arb]) -> arb:
    out = args[0]
    for a in args[1:]:
        out = fn(out, a)
    return out


def ball(lo: Exact, hi: Exact) -> arb:
    """The smallest ball (at the working precision) containing the interval [lo, hi]."""
    return to_arb(lo).union(to_arb(hi))


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
