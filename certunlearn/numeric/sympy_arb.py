"""Rigorous evaluation of sympy expressions on arb balls.

The one bridge from a claim's sympy expression to numbers: every evaluation that a decision
rests on goes through :func:`arb_eval`. Given balls for the free symbols it returns a ball
containing the expression's value at *every* point of those balls (the interval extension), so
it serves both point evaluation and interval branch-and-bound on boxes.

Importing this module also registers the gamma functions with the evaluator (:data:`.enclosure.FUNCTIONS`):
``sympy.gamma`` as ``arb.gamma`` and ``sympy.uppergamma`` (the upper incomplete gamma Γ(s, z), by which the χ²
tails of the d2d paper are written: P[χ²_d ≥ r] = Γ(d/2, r/2)/Γ(d/2)) as :func:`upper_gamma`; and it encloses
``sympy.erfc`` on wide balls by its monotonicity (:func:`erfc_monotone`).

It also makes the bridge one-way (:func:`refuse_ball`): sympy would otherwise turn an arb into a 15-digit
``sympy.Float`` through its ``__float__`` — ``sympy.Rational(1, 3) + arb(2)`` silently returns ``2.33333333333333``
and ``sympify(ball)`` drops the radius — a binary float that the evaluator would then enclose as if it were exact.
Once this module is imported, ``sympify`` of an arb raises :class:`sympy.SympifyError` and mixed arithmetic of an
arb with a sympy number raises ``TypeError``, in every process that imports certunlearn's evaluator (a user's code
included: an arb has no sympy value that keeps its meaning).
"""
from __future__ import annotations

from collections.abc import Mapping

import sympy
from flint import arb
from sympy.core.sympify import converter

from .compiled import compile_arb
from .enclosure import FUNCTIONS, Exact, erfc_ball, eval_walk, to_arb
from .fraction import Fraction

Env = Mapping[sympy.Symbol | str, Exact]


def _finite(value: arb, what: str) -> arb:
    if not value.is_finite():
        raise ValueError(f"{what}: no finite enclosure ({value})")
    return value


#: A ball is "wide" (enclosed through the ends by monotonicity) when its radius exceeds this fraction of 1 + |mid|;
#: narrower balls (a rounded point) keep arb's own evaluation: one call, as tight.
_WIDE = arb(2) ** -40


def _wide(x: arb) -> bool:
    return x.is_finite() and x.rad() > _WIDE * (abs(x.mid()) + 1)


def upper_gamma(s: arb, z: arb) -> arb:
    """A ball containing Γ(s, z) = ∫_z^∞ t^(s−1) e^(−t) dt at every point of the balls ``s`` and ``z``.

    For an exact order ``s`` and a wide ball ``z`` > 0 the function decreases in ``z`` (its z-derivative is −z^(s−1)e^(−z) < 0),
    so over a wide ball ``z`` it lies between its enclosures at the two ends (arb's own evaluation on a wide ball is
    far wider, or NaN); otherwise arb's ``gamma_upper`` on the balls. A result that is not finite (e.g. NaN for a
    ball ``z`` containing 0 at s ≤ 0, or a wide order) is an error (ValueError), never a value.
    """
    if s.rad() == 0 and z.lower() > 0 and _wide(z):
        at_hi = z.upper().gamma_upper(s)
        at_lo = z.lower().gamma_upper(s)
        return _finite(at_hi.union(at_lo), f"Γ({s}, {z})")
    return _finite(z.gamma_upper(s), f"Γ({s}, {z})")


def gamma_function(x: arb) -> arb:
    """A ball containing Γ(x) at every point of ``x`` (arb's ``gamma``); NaN (a pole in the ball) is an error."""
    return _finite(x.gamma(), f"Γ({x})")


def erfc_monotone(x: arb) -> arb:
    """A ball containing erfc at every point of ``x``: erfc decreases, so over a wide ball it lies between its
    enclosures at the two ends (arb's ``erfc`` on a wide ball can be as wide as [−2, 2]); a narrow ball (a rounded
    point) keeps arb's ``erfc``."""
    return _finite(erfc_ball(x) if _wide(x) else x.erfc(), f"erfc({x})")


FUNCTIONS[sympy.erfc] = erfc_monotone  # replaces enclosure's arb.erfc: the same values, tighter on wide balls
FUNCTIONS.setdefault(sympy.uppergamma, upper_gamma)
FUNCTIONS.setdefault(sympy.gamma, gamma_function)


def refuse_ball(value: arb) -> sympy.Basic:
    """sympy's converter for an arb: none exists. A ball is not a number; a Float made of its midpoint would decide
    nothing rigorously (:mod:`certunlearn.numeric.binary_float`) and would carry no sign that it was rounded."""
    raise sympy.SympifyError(value, ValueError("an arb ball has no sympy value (its radius would be dropped): enclose "
                                               "the sympy expression with arb_eval instead"))


converter[arb] = refuse_ball


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


def ball(lo: Exact, hi: Exact) -> arb:
    """The smallest ball (at the working precision) containing the interval [lo, hi]."""
    return to_arb(lo).union(to_arb(hi))


