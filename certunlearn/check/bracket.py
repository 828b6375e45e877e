"""Narrowing a certified bracket of a monotone function's crossing, in a few evaluations instead of a bisection's.

The ε-scale tightness (:mod:`certunlearn.check.epsilon`) looks for the point where a privacy profile crosses the
certified δ: ε′ = min{ε : δ(ε) ≤ δ₀}, Δ* = max{Δ : δ(ε; Δ) ≤ δ₀}. Sixty bisections cost sixty enclosures of the
profile per ratio (the ε-scale ratios were 3 % of ``check --all``'s serial CPU time). :func:`narrow` reaches the same
width with the Illinois variant of regula falsi on log(value/δ₀), which is nearly linear in the point for the profiles
here: 11–16 evaluations (mean 13) over 38 Gaussian crossings of ε′ and Δ* (s from 0.05 to 10, δ₀ from 0.3 to 10⁻²⁰),
where a bisection takes 60; without the Illinois halving, up to 122.

Only the choice of the points is heuristic (midpoints of balls, never a decision): every point becomes an end of the
bracket only where its comparison with δ₀ is **decided** on enclosures, as in a bisection, so what the bracket's ends
certify is the same. Where an end or a point is undecided, or the estimates do not settle within the budget, the
answer is None and the caller bisects as before (its stop at the last decided end is kept exactly).
"""
from __future__ import annotations

from collections.abc import Callable

from flint import arb


def _side(value: arb, target: arb) -> bool | None:
    """True where value > target is decided, False where value ≤ target is, None otherwise."""
    return True if value > target else False if value <= target else None


def _log_gap(value: arb, target: arb) -> arb | None:
    """The midpoint of log(value/target), an exact point that only guides the next evaluation; None where that log
    has no finite value (a ball reaching 0: the next point is then a midpoint)."""
    if not (value > 0 and target > 0):
        return None
    gap = (value / target).log().mid()
    return gap if gap.is_finite() else None


def narrow(value: Callable[[arb], arb], target: arb, lo: arb, hi: arb, steps: int) -> tuple[arb, arb] | None:
    """Ends (lo′, hi′) of width ≤ (hi − lo)/2^steps — what ``steps`` bisections give — with value(lo′) and value(hi′)
    decided on the same sides of ``target`` as value(lo) and value(hi), which must be decided on opposite sides (None
    otherwise). Each new end is a point whose comparison was decided; None where a comparison is undecided or after
    2·``steps`` evaluations of ``value`` without reaching the width (the caller then bisects)."""
    v_lo, v_hi = value(lo), value(hi)
    side_lo, side_hi = _side(v_lo, target), _side(v_hi, target)
    if side_lo is None or side_hi is None or side_lo == side_hi:
        return None
    width = (hi - lo) / 2**steps
    gap_lo, gap_hi = _log_gap(v_lo, target), _log_gap(v_hi, target)
    last_end: str | None = None
    for _ in range(2 * steps):
        if hi - lo <= width:
            return lo, hi
        point = None
        if gap_lo is not None and gap_hi is not None and gap_lo != gap_hi:
            point = (lo + (hi - lo) * (gap_lo / (gap_lo - gap_hi))).mid()
        if point is None or not lo < point < hi:
            point = ((lo + hi) / 2).mid()
        v = value(point)
        side = _side(v, target)
        if side is None:
            return None
        if side == side_lo:
            lo, gap_lo = point, _log_gap(v, target)
            if last_end == "lo" and gap_hi is not None:  # Illinois: the end left behind twice has its weight halved
                gap_hi = gap_hi / 2
            last_end = "lo"
        else:
            hi, gap_hi = point, _log_gap(v, target)
            if last_end == "hi" and gap_lo is not None:
                gap_lo = gap_lo / 2
            last_end = "hi"
    return None
