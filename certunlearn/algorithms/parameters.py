"""Parameters a theorem prescribes (σ, iteration counts, step sizes), evaluated from its claim.

One source of truth: the formulas live as sympy expressions in :mod:`certunlearn.formulas` (each paper's
``PRESCRIBED``, which the claims carry as ``Claim.prescribed``); every algorithm module gets its σ, T, K, …
through :func:`theorem_parameters`, which rounds toward safety (σ up,
iteration counts up) on rigorous enclosures. Also the exact validation of scalar parameters shared
by the algorithms.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import sympy

from ..errors import InvalidParameterError
from ..formulas import PAPERS, prescription
from ..numeric import linalg as la
from ..numeric.enclosure import arb_upper_float
from ..numeric.fraction import RATIONAL_TYPES, Fraction
from ..numeric.precision import precisions, workprec
from ..numeric.compiled import rational_compiled
from ..numeric.sympy_arb import arb_eval

#: Prescribed names rounded UP to integers (iteration counts and sizes) by :func:`theorem_parameters`.
ITERATION_PARAMETERS = frozenset({"T", "T_i", "T_update", "I", "B", "K", "C"})
#: Prescribed names rounded UP to a float (noise levels).
ROUND_UP_PARAMETERS = frozenset({"sigma"})


def exact_scalar(value: Any, name: str) -> Fraction:
    """The exact value of a finite real scalar (floats exactly, strings as decimals), or an error naming ``name``."""
    if isinstance(value, bool):
        raise InvalidParameterError(name, "a boolean is not a number")
    if isinstance(value, (float, np.floating)) and not math.isfinite(float(value)):
        raise InvalidParameterError(name, f"{value} is not finite")
    try:
        q = la.to_mode(np.asarray(value, dtype=object), "fraction")[()]
    except (TypeError, ValueError, OverflowError, ArithmeticError) as e:
        raise InvalidParameterError(name, f"{value!r} is not a finite real number") from e
    if not isinstance(q, RATIONAL_TYPES):
        raise InvalidParameterError(name, f"expected a scalar, got {value!r}")
    return q


def positive(value: Any, name: str) -> Fraction:
    """The exact value of a finite scalar > 0."""
    q = exact_scalar(value, name)
    if q <= 0:
        raise InvalidParameterError(name, f"must be > 0, got {value!r}")
    return q


def nonnegative(value: Any, name: str) -> Fraction:
    """The exact value of a finite scalar ≥ 0."""
    q = exact_scalar(value, name)
    if q < 0:
        raise InvalidParameterError(name, f"must be a real ≥ 0, got {value!r}")
    return q


def iteration_count(value: Any, name: str) -> int:
    """A nonnegative integer (an int, or a Fraction with denominator 1)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        if isinstance(value, RATIONAL_TYPES) and value.denominator == 1:
            value = int(value)
        else:
            raise InvalidParameterError(name, f"an iteration count must be an integer, got {value!r}")
    if value < 0:
        raise InvalidParameterError(name, f"an iteration count must be ≥ 0, got {value}")
    return int(value)


@dataclass(frozen=True, eq=False)
class Schedule:
    """An iteration count per update round, ``i ↦ ⌈expr(i)⌉`` (clamped at 0), evaluated exactly: rationally
    when ``expr`` is rational at ``i``, otherwise on rigorous enclosures until the ceiling is decided.

    ``expr`` is a sympy expression whose free symbols are ``i`` and the names bound in ``env``."""

    name: str
    expr: sympy.Expr
    env: Mapping[str, Any] = field(default_factory=dict)
    _values: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __call__(self, i: int) -> int:
        i = iteration_count(i, "i")
        if i < 1:
            raise InvalidParameterError("i", f"update rounds start at 1, got {i}")
        if i not in self._values:
            self._values[i] = evaluate_prescribed(self.name, self.expr, {**self.env, "i": i}, "int", "schedule")
        return self._values[i]

    def __repr__(self) -> str:
        return f"Schedule({self.name} = ⌈{self.expr}⌉)"




def resolve_claim(theorem: Any, paper: str) -> Any:
    """What ``theorem`` prescribes: a claim itself (anything with ``id`` and ``prescribed``), or the
    :class:`~certunlearn.formulas.Prescription` of a full id (``"d2d.thm3.1"``) or of an id within ``paper``
    (``"thm3.1"``), read from :mod:`certunlearn.formulas`."""
    if hasattr(theorem, "prescribed") and hasattr(theorem, "id"):
        return theorem
    if not isinstance(theorem, str) or not theorem:
        raise InvalidParameterError("theorem", f"expected a claim id such as '{paper}.thm3.1', got {theorem!r}")
    return prescription(theorem if theorem.split(".", 1)[0] in PAPERS else f"{paper}.{theorem}")


def _sympy_value(v: Any, name: str) -> sympy.Expr:
    if isinstance(v, sympy.Basic):
        return v
    q = exact_scalar(v, name)
    return sympy.Rational(q.numerator, q.denominator)


def _arb_env(env: Mapping[str, Any]) -> dict[str, Any]:
    out = {}
    for k, v in env.items():
        if isinstance(v, sympy.Basic):
            v = Fraction(int(v.p), int(v.q)) if v.is_Rational else arb_eval(v)
        out[k] = v
    return out


def ceil_exact(expr: sympy.Expr, env: Mapping[str, Any], name: str = "value", source: str = "an expression") -> int:
    """⌈expr⌉ at ``env``, clamped at 0, decided exactly: on enclosures at rising precision; a value that is exactly
    an integer (e.g. log 4/log 2, where no enclosure decides the ceiling) is recognised by sympy; failing both,
    the ceiling of the upper end (never too few iterations)."""
    values = _arb_env(env)
    upper = None
    for prec in precisions(64, 1024):
        with workprec(prec):
            b = arb_eval(expr, values)
            if not b.is_finite():
                raise InvalidParameterError(name, f"the prescribed {name} of {source} is not finite here")
            unique = b.ceil().unique_fmpz()
            if unique is not None:
                return max(0, int(unique))
            upper = b.upper().ceil().unique_fmpz()
    free = {s.name: s for s in expr.free_symbols}
    exact = sympy.simplify(expr.subs({free[k]: _sympy_value(env[k], k) for k in free}))
    if exact.is_Rational:
        return max(0, math.ceil(Fraction(int(exact.p), int(exact.q))))
    return max(0, int(upper))


@functools.lru_cache(maxsize=4096)
def _free_names(expr: sympy.Basic) -> frozenset[str]:
    return frozenset(s.name for s in expr.free_symbols)


def _rational_value(expr: sympy.Expr, env: Mapping[str, Any]) -> Fraction | None:
    """The exact value of ``expr`` at ``env`` when the compiled exact evaluation shows it rational (sums, products,
    rational powers of rationals that are exact roots, log 1, exp 0, Min/Max/|·| of rationals), else None — no sympy
    per instance."""
    values: dict[str, Any] = {}
    for k, v in env.items():
        if isinstance(v, sympy.Basic):
            if not v.is_Rational:
                return None
            v = Fraction(int(v.p), int(v.q))
        values[k] = v
    return rational_compiled(expr)(values)


def evaluate_prescribed(name: str, expr: sympy.Expr, env: Mapping[str, Any], kind: str, source: str) -> Any:
    """One prescribed value: ``kind`` ``"int"`` (⌈·⌉, ≥ 0, :func:`ceil_exact`), ``"up"`` (the smallest float ≥ the
    value, which must be > 0) or ``"real"`` (exact Fraction when rational, else the nearest float)."""
    missing = sorted(_free_names(expr) - set(env))
    if missing:
        raise InvalidParameterError(missing[0], f"needed to evaluate the prescribed {name} of {source}")
    if kind == "int":
        return ceil_exact(expr, env, name, source)
    if kind == "real":
        exact = _rational_value(expr, env)
        if exact is not None:
            return exact
    with workprec(256):
        b = arb_eval(expr, _arb_env(env))
    if not b.is_finite():
        raise InvalidParameterError(name, f"the prescribed {name} of {source} is not finite here")
    if kind == "up":
        if not b > 0:
            raise InvalidParameterError(name, f"the prescribed {name} of {source} is not > 0 here")
        return arb_upper_float(b)
    return float(b.mid())


def theorem_parameters(theorem: Any, /, *, paper: str = "d2d", integers: frozenset[str] = ITERATION_PARAMETERS,
                       round_up: frozenset[str] = ROUND_UP_PARAMETERS, **constants: Any) -> dict[str, Any]:
    """The parameters a theorem prescribes, evaluated at ``constants`` (by symbol name: ``epsilon``, ``delta``,
    ``L``, ``M``, ``m``, ``n``, ``d``, ``D``, ``I``, ``xi`` …).

    ``theorem`` is a claim, a claim id, or an id within ``paper`` (see :func:`resolve_claim`).
    Each expression of ``claim.prescribed`` is evaluated in order, later ones seeing the earlier (rounded)
    values, so σ is computed from the very η, m, T the algorithm will use:

    * names in ``round_up`` (σ): the smallest float ≥ the exact value (rigorous, via arb); must be ≥ 0
      (exactly 0 where the theorem prescribes no noise, e.g. r2d with K = T);
    * names in ``integers`` (T, T_i, I, B, K, C): ``⌈value⌉`` decided exactly (rationally, or on enclosures
      at rising precision; if never decided, the ceiling of the upper bound), clamped at 0;
    * any other name (η, m, γ …): an exact Fraction when the value is rational, else the nearest float.

    An expression with the free symbol ``i`` (the update round) that is not given becomes a
    :class:`Schedule` ``i ↦ value`` (e.g. ``T_i = i²·I``, or Theorem 3.2's ``I + log(log(4di/δ))/log(1/γ)``).
    A missing constant raises InvalidParameterError naming it. A prescribed name also given in ``constants``
    is not evaluated: the given value is returned (and used by later expressions) — an explicit override."""
    claim = resolve_claim(theorem, paper)
    env: dict[str, Any] = dict(constants)
    out: dict[str, Any] = {}
    for name, expr in claim.prescribed.items():
        if name in constants:
            out[name] = constants[name]
            continue
        if not isinstance(expr, sympy.Basic):
            expr = sympy.sympify(expr)
        kind = "int" if name in integers else "up" if name in round_up else "real"
        names = set(_free_names(expr))
        if "i" in names and "i" not in env:
            if kind != "int":
                raise InvalidParameterError("i", f"the prescribed {name} of {claim.id} depends on the round i")
            fixed = {k: v for k, v in env.items() if k in names}
            missing = sorted(names - set(fixed) - {"i"})
            if missing:
                raise InvalidParameterError(missing[0], f"needed to evaluate the prescribed {name} of {claim.id}")
            value: Any = Schedule(name, expr, fixed)
        else:
            value = evaluate_prescribed(name, expr, env, kind, claim.id)
        out[name] = value
        if not callable(value):
            env[name] = value
    return out
