"""Shared pieces of the POMER claims: losses of an instance, the NaN guard of every exact quantity, Assumption 2.1's
hypotheses, and the closeness level of consecutive Gibbs laws (Definition 3.4, lines 146–152) that Theorem 4.1
(lines 214–228) and Lemma 4.6 (lines 294–301) assume. Paper file ``001_8748437fc158d2af.txt``.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

from flint import arb, ctx

from ...algorithms.pomer.gibbs import Ambiguous, PiecewiseLinear, far_probability, prefix_totals
from ...formulas.pomer import beta, lam
from ...numeric.enclosure import Decision, decide, to_arb
from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ...numeric.precision import workprec
from ..hypotheses import H, P, holds
from ..instances import frac
from ..model import Instance


def losses_of(values: Instance, key: str = "losses") -> list[PiecewiseLinear]:
    """The instance's losses ``[kink, left, right]`` on K = [a, b] as exact piecewise-linear functions."""
    a, b = values["a"], values["b"]
    return [PiecewiseLinear.hinge(a, b, k, lft, rgt) for k, lft, rgt in values[key]]


def guard(fn):
    """Ambiguous cell orderings become NaN, so the decision is retried at a higher precision."""

    def quantity(values: Instance) -> arb:
        try:
            return fn(values)
        except Ambiguous:
            return arb.nan()

    quantity.__doc__ = fn.__doc__
    return quantity


def exact_key(v: Any) -> Hashable:
    """A hashable key equal only for entries of the same types and exact values, lists entry by entry ("1/10" and
    Fraction(1, 10) differ: a ball built from a decimal string need not be the ball of the Fraction); TypeError for
    anything else (an arb ball filled in by the checker)."""
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, tuple(exact_key(x) for x in v))
    if v is None or isinstance(v, (bool, int, str, *RATIONAL_TYPES, float)):
        return (type(v).__name__, v)
    raise TypeError(f"no exact key for {type(v).__name__}")


#: Entries kept per memoised quantity before its memo is emptied (the twins of a claim run one after the other).
MEMO_SIZE = 512


def memoised(fn: Callable[[Instance], arb]) -> Callable[[Instance], arb]:
    """``fn`` remembered by the instance's exact entries (:func:`exact_key`, every entry) and the working precision:
    a claim and its control or fix on the same grid (same quantity, same instances, another bound) run on one worker
    one after the other (``check.runner.claim_family``) and ask for the same enclosures. ``fn`` is a pure function of
    the instance at a precision, so the remembered ball is the one it would compute again; an instance holding a
    value without an exact key (a ball) is computed afresh, and an exception is never remembered."""
    memo: dict[Hashable, arb] = {}

    @functools.wraps(fn)
    def quantity(values: Instance) -> arb:
        try:
            key = (tuple(sorted((k, exact_key(v)) for k, v in values.items())), ctx.prec)
        except TypeError:
            return fn(values)
        if key not in memo:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[key] = fn(values)
        return memo[key]

    return quantity


def _convex(values: Instance) -> Decision:
    return holds(all(f.convex for f in losses_of(values)))


def _lipschitz(key: str = "losses"):
    def check(values: Instance) -> Decision:
        return holds(all(f.lipschitz <= frac(values["G"]) for f in losses_of(values, key)))
    return check


def _origin_inside(values: Instance) -> Decision:
    return holds(frac(values["a"]) < 0 < frac(values["b"]))


CONVEX = P("l_t convex (Assumption 2.1)", _convex)
LIPSCHITZ = P("l_t G-Lipschitz (Assumption 2.1)", _lipschitz())
ORIGIN = P("K = [a, b] contains the origin (line 49)", _origin_inside)
POSITIVE = (H("β > 0", ">", beta, 0), H("λ > 0", ">", lam, 0))


def closeness_level(values: Instance) -> Fraction:
    """A δ ≤ 1/2 just above the smallest one for which consecutive μ̄_t are (Φ, δ)-close (the hypothesis is then
    decided rigorously by :func:`close_consecutive`); 1/2 when that smallest δ exceeds 1/2."""
    with workprec(64):
        try:
            level = float(_worst_far(values).upper())
        except Ambiguous:
            return Fraction(1, 2)
    return min(Fraction(1, 2), Fraction(level * (1 + 2**-20) + 2**-1000))


def _worst_far(values: Instance) -> arb:
    a, b = values["a"], values["b"]
    ls = losses_of(values)
    log_phi = to_arb(values["Phi"]).log()
    worst, cum = arb(0), prefix_totals(ls, a, b)
    for t in range(1, len(ls) + 1):
        before, after = cum[t - 1], cum[t]
        for side in ("first", "second"):
            worst = worst.max(far_probability(before, after, values["beta"], values["lam"], log_phi, side))
    return worst


def close_consecutive(values: Instance) -> Decision:
    """μ̄_t, μ̄_{t+1} are (Φ, δ)-close for every t ∈ [T] (Theorem 4.1's hypothesis), decided on enclosures."""
    return decide(lambda: _worst_far(values), "<=", to_arb(values["delta"])).decision

