"""Rigorous enclosures (python-flint ``arb`` balls) and decisions made on them.

A comparison answers only when the enclosures of its two sides separate; otherwise the
precision is doubled, and past :data:`~certunlearn.numeric.precision.MAX_PREC` the answer is
``Decision.UNDECIDED`` — never a guess from rounded floats.
"""
from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from numbers import Integral

import mpmath
import numpy as np
import sympy
from flint import arb, fmpq, fmpz

from ..errors import InvalidParameterError
from .fraction import RATIONAL_TYPES, Fraction
from .precision import MAX_PREC, START_PREC, precisions, workprec

Exact = int | Fraction | float | str | Decimal | mpmath.mpf | arb


def to_arb(x: Exact) -> arb:
    """Enclose ``x`` at the current flint precision.

    Integers, Fractions, flint's fmpz/fmpq, binary floats and mpmath numbers are converted exactly (then rounded
    outward to the working precision); decimal strings become the ball containing the decimal.
    """
    t = type(x)  # the two commonest kinds first, without the ABC checks below (to_arb runs ~10⁶ times a check)
    if t in RATIONAL_TYPES:
        return arb(fmpq(x.numerator, x.denominator))
    if t is int:
        return arb(fmpz(x))
    if isinstance(x, arb):
        return +x  # re-rounds to the working precision, still an enclosure
    if isinstance(x, (bool, np.bool_)):
        raise TypeError("a boolean is not a number")
    if isinstance(x, Integral):
        return arb(fmpz(int(x)))
    if isinstance(x, (fmpz, fmpq)):  # flint's exact integers and rationals
        return arb(x)
    if isinstance(x, RATIONAL_TYPES):
        return arb(fmpq(x.numerator, x.denominator))
    if isinstance(x, (float, np.floating)):
        x = float(x)
        if math.isnan(x):
            raise InvalidParameterError("value", "NaN has no enclosure")
        if math.isinf(x):
            return arb.pos_inf() if x > 0 else arb.neg_inf()
        return arb(x)  # every double is exactly representable
    if isinstance(x, mpmath.mpf):
        if not mpmath.isfinite(x):
            raise InvalidParameterError("value", f"{x} has no finite enclosure")
        sign, man, exp, _ = x._mpf_
        value = arb(fmpz(int(man))) * arb(2) ** int(exp)  # a power of two is exact in arb at any exponent
        return -value if sign else value
    if isinstance(x, Decimal):
        x = str(x)
    if isinstance(x, str):
        return arb(x)
    if _is_sympy_number(x):  # a closed form (√q, e^q, …): its rigorous enclosure
        return eval_walk(x, {}, {})
    raise TypeError(f"cannot enclose {type(x).__name__}")


def _is_sympy_number(x: object) -> bool:
    import sys

    sympy = sys.modules.get("sympy")  # a sympy number implies sympy is imported already
    return sympy is not None and isinstance(x, sympy.Basic) and not x.free_symbols


def _mpf_fraction(x: mpmath.mpf) -> Fraction:
    """The exact dyadic value of a finite mpf (``man_exp`` alone would drop the sign)."""
    sign, man, exp, _ = x._mpf_
    value = Fraction(int(man)) * Fraction(2) ** int(exp)
    return -value if sign else value


def exact_decimal(x: Exact) -> str:
    """A string equal to ``x``: an exact decimal where one exists (every float, every dyadic
    Fraction), otherwise ``"p/q"``."""
    if isinstance(x, str):
        return x
    if isinstance(x, mpmath.mpf):
        x = _mpf_fraction(x)
    if isinstance(x, (float, np.floating)):
        x = Fraction(float(x))
    if isinstance(x, Integral):
        return _int_text(int(x))
    if not isinstance(x, RATIONAL_TYPES):
        raise TypeError(f"cannot write {type(x).__name__} exactly")
    q, twos, fives = x.denominator, 0, 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    if q != 1:
        return f"{_int_text(x.numerator)}/{_int_text(x.denominator)}"
    scale = max(twos, fives)  # x = numerator·2^(scale−twos)·5^(scale−fives) / 10^scale
    digits = x.numerator * 2 ** (scale - twos) * 5 ** (scale - fives)
    return _decimal_string(digits, scale)


_STR_LIMIT = 10 ** 4000


def _int_text(n: int) -> str:
    """``str(n)`` without Python's int→str digit limit (flint's conversion has none, and is subquadratic)."""
    return str(n) if -_STR_LIMIT < n < _STR_LIMIT else str(fmpz(n))


def _decimal_string(digits: int, scale: int) -> str:
    sign, digits = ("-" if digits < 0 else ""), abs(digits)
    text = _int_text(digits)
    if scale == 0:
        return sign + text
    mantissa = text.rstrip("0") or "0"
    scale -= len(text) - len(mantissa)
    if scale <= 0:
        return sign + mantissa + "0" * (-scale)
    zeros = scale - len(mantissa)
    if zeros < 0:
        return sign + mantissa[:-scale] + "." + mantissa[-scale:]
    if zeros <= 6:
        return sign + "0." + "0" * zeros + mantissa
    tail = "." + mantissa[1:] if len(mantissa) > 1 else ""
    return f"{sign}{mantissa[0]}{tail}e-{zeros + 1}"


def parse_exact(s: str | int | float) -> Fraction | float | int | str:
    """Read back a value written by :func:`exact_decimal` (``p/q`` becomes a Fraction); a string that is not a
    number (a label such as ``"uniform"``) is returned unchanged."""
    if not isinstance(s, str):
        return s
    try:
        if "/" in s:
            return Fraction(s)
        d = Decimal(s)
    except (ValueError, ArithmeticError):
        return s
    return Fraction(d) if d.is_finite() else float(s)


def arb_decimal(a: arb, digits: int = 17) -> str:
    """The midpoint of ``a`` as a decimal string with ``digits`` significant digits (also for a wide ball,
    whose own ``str`` would print only the digits it is sure of)."""
    return a.mid().str(digits, radius=False)


def arb_upper_float(a: arb) -> float:
    """The smallest float ≥ every point of ``a`` (a safe upper bound as a float)."""
    up = a.upper()
    f = float(up)
    return f if arb(f) >= up else math.nextafter(f, math.inf)


def arb_lower_float(a: arb) -> float:
    """The largest float ≤ every point of ``a`` (a safe lower bound as a float)."""
    lo = a.lower()
    f = float(lo)
    return f if arb(f) <= lo else math.nextafter(f, -math.inf)


class Decision(enum.Enum):
    """The answer of a rigorous comparison."""

    TRUE = "true"
    FALSE = "false"
    UNDECIDED = "undecided"

    def __bool__(self) -> bool:  # a Decision must be inspected, never used as a truth value
        raise TypeError("compare Decision members explicitly (Decision.TRUE / FALSE / UNDECIDED)")


_OPS: dict[str, Callable[[arb, arb], bool]] = {
    "<=": lambda a, b: a <= b,
    "<": lambda a, b: a < b,
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
}
_NEGATION = {"<=": ">", "<": ">=", ">=": "<", ">": "<="}


@dataclass(frozen=True)
class Comparison:
    """A decided (or undecided) comparison ``lhs op rhs`` with the enclosures it was decided on."""

    decision: Decision
    op: str
    lhs: arb
    rhs: arb
    prec: int


def decide(
    lhs: Callable[[], Exact] | Exact,
    op: str,
    rhs: Callable[[], Exact] | Exact,
    *,
    start: int = START_PREC,
    max_prec: int = MAX_PREC,
) -> Comparison:
    """Decide ``lhs op rhs`` rigorously.

    ``lhs`` and ``rhs`` are numbers or zero-argument callables that compute an enclosure at the
    current flint precision; callables are re-evaluated at doubled precision while the two
    enclosures overlap. arb's own comparisons are rigorous: ``a <= b`` is true only if it holds
    for every pair of points, so both the claim and its negation are tested.
    """
    if op not in _OPS:
        raise ValueError(f"unknown comparison {op!r}")
    a = b = arb(0)
    prec = start
    for prec in precisions(start, max_prec):
        with workprec(prec):
            a = to_arb(lhs() if callable(lhs) else lhs)
            b = to_arb(rhs() if callable(rhs) else rhs)
            if a.is_nan() or b.is_nan():
                continue
            if _OPS[op](a, b):
                return Comparison(Decision.TRUE, op, a, b, prec)
            if _OPS[_NEGATION[op]](a, b):
                return Comparison(Decision.FALSE, op, a, b, prec)
    return Comparison(Decision.UNDECIDED, op, a, b, prec)


# --------------------------------------------------------------------------- sympy trees on balls
#: The functions a sympy tree may apply, by their rigorous arb counterparts.
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


def int_power(a: arb, k: int) -> arb:
    """a**k for an integer k — also for a ball containing 0 with k > 0, where flint returns nan: the power of the
    ends ([0, max] for even k; [lo^k, hi^k] for odd k, which is increasing)."""
    if k > 0 and a.is_finite() and a.contains(0):
        lo, hi = a.lower() ** k, a.upper() ** k
        return arb(0).union(lo.max(hi)) if k % 2 == 0 else lo.union(hi)
    return a ** k


def real_power(b: arb, p: arb) -> arb:
    """b**p for a ball exponent (a symbol's value, e.g. γ_R**I): an exact integer p through :func:`int_power`, which
    is rigorous for every base (0, a ball around 0, a negative one: flint's exp(p·log b) is NaN there); 0**p = 0 for
    p > 0; otherwise exp(p·log b), NaN where the base ball reaches 0 or below — reported by the caller as an error,
    never a value."""
    if p.is_integer():
        return int_power(b, int(p.unique_fmpz()))
    if b.is_zero() and p > 0:
        return arb(0)
    return (p * b.log()).exp()


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
        return real_power(args[0], args[1])
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


def erfc_ball(x: arb) -> arb:
    """erfc on a ball, as the hull of erfc at its two (exact) endpoints — erfc is decreasing.

    arb's own propagation of an input radius is very loose for large arguments (at x ≈ 3.5e5 a
    radius of 1e-50 loses every bit), while exact arguments are evaluated tightly.
    """
    if x.is_exact() or not x.is_finite():
        return x.erfc()
    return x.upper().erfc().union(x.lower().erfc())
