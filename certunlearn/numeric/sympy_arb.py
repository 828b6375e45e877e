"""Rigorous evaluation of sympy expressions on arb balls.

The one bridge from a claim's sympy expression to numbers: every evaluation that a decision
rests on goes through :func:`arb_eval`. Given balls for the free symbols it returns a ball
containing the expression's value at *every* point of those balls (the interval extension), so
it serves both point evaluation and interval branch-and-bound on boxes.
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import sympy
from flint import arb

from .compiled import compile_arb
from .enclosure import Exact, eval_walk, to_arb

Env = Mapping[sympy.Symbol | str, Exact]

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


