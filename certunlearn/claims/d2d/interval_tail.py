"""The accuracy event of a one-dimensional convex piecewise-quadratic loss, rigorously (issue 23: d2d accuracy claims
beyond quadratic losses).

The accuracy of d2d Theorems 3.1, 3.4, 3.5 and Remark 3.6 (``papers/002_7f80bf4846a5a6af.txt`` lines 205–209,
287–290, 318–330; Definition 2.7, line 121) is P[f_D(θ̂ + Z) − min_Θ f_D > α], Z ~ N(0, σ²). In one dimension a
convex f_D has the sublevel set {f_D ≤ t} = [a, b] (t = min_Θ f_D + α > f_D(θ*), θ* ∈ (a, b)), so the event is
θ̂ + Z ∉ [a, b] and its probability is ½erfc((b − θ̂)/(σ√2)) + ½erfc((θ̂ − a)/(σ√2)) (erfc on arb, never 1 − erf).

For a piecewise-quadratic f_D with rational breakpoints (the Huber-smoothed quadratic of
:class:`certunlearn.problems.huber.HuberQuadratic`: breakpoints x_i ± w) each root is found exactly on its piece:
walking the breakpoints outward from θ*, the first breakpoint k with f_D(k) > t (f_D(k) exact, t an enclosure)
bounds the piece holding the root; on that piece f_D is the quadratic q₂θ² + q₁θ + q₀ (q₂ > 0) interpolated
exactly through three rational points of it, and the root is the quadratic formula's outer root on arb. A
breakpoint whose f_D(k) − t is not decided (t's enclosure contains f_D(k)) leaves the root on either adjacent
piece: the hull of both pieces' roots (each exact if the root is on its piece) encloses it.

For a smooth convex f_D evaluated only by enclosures (logistic + ridge) the same interval is bracketed by bisection on
dyadic rationals (:func:`argmin_bracket`, :func:`sublevel_bisect`): each step decides the sign of f' or of f − t at
a rational point on arb, and stops where the sign is not decided; convexity makes every decided sign locate the
minimiser or the root on one side.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from flint import arb

from ...numeric.enclosure import to_arb
from ...numeric.enclosure import erfc_ball
from ...errors import UndecidedError
from ...numeric.fraction import Fraction

__all__ = ["quadratic_through", "sublevel_interval", "outside_mass", "argmin_bracket", "sublevel_bisect"]


def quadratic_through(f: Callable[[Fraction], Fraction], lo: Fraction, hi: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    """(q₂, q₁, q₀) of the quadratic equal to ``f`` at lo, (lo + hi)/2, hi (exact: f is that quadratic on [lo, hi])."""
    mid = (lo + hi) / 2
    f0, f1, f2 = f(lo), f(mid), f(hi)
    h = (hi - lo) / 2
    q2 = (f0 - 2 * f1 + f2) / (2 * h * h)
    slope = (f2 - f0) / (2 * h)  # the derivative at mid
    q1 = slope - 2 * q2 * mid
    q0 = f1 - q2 * mid * mid - q1 * mid
    return q2, q1, q0


def _outer_root(q: tuple[Fraction, Fraction, Fraction], t: arb, right: bool) -> arb:
    """The larger (``right``) or smaller root of q₂θ² + q₁θ + q₀ = t (q₂ > 0), on arb; a discriminant reaching below 0
    (only on a piece that cannot hold the root) is cut at 0."""
    q2, q1, q0 = (to_arb(v) for v in q)
    disc = (q1 * q1 - 4 * q2 * (q0 - t)).nonnegative_part().sqrt()
    return (-q1 + disc) / (2 * q2) if right else (-q1 - disc) / (2 * q2)


def _root(f: Callable[[Fraction], Fraction], knots: Sequence[Fraction], start: Fraction, t: arb, right: bool) -> arb:
    """The root of f = t on the side ``right`` (or left) of ``start`` (f(start) < t decided, f convex)."""
    sgn = 1 if right else -1
    outward = sorted((k for k in knots if sgn * (k - start) > 0), key=lambda k: sgn * k)
    prev = start
    for k in outward:
        gap = to_arb(f(k)) - t
        if gap < 0:
            prev = k
            continue
        piece = (min(prev, k), max(prev, k))
        here = _outer_root(quadratic_through(f, *piece), t, right)
        if gap > 0:
            return here
        # f(k) − t undecided: the root is on this piece or the next one (or at k)
        nxt = outward[outward.index(k) + 1] if outward.index(k) + 1 < len(outward) else k + sgn
        beyond = _outer_root(quadratic_through(f, min(k, nxt), max(k, nxt)), t, right)
        return here.union(beyond).union(to_arb(k))
    # beyond the last breakpoint (or from start, with none on this side): one unbounded quadratic piece
    return _outer_root(quadratic_through(f, min(prev, prev + sgn), max(prev, prev + sgn)), t, right)


def sublevel_interval(f: Callable[[Fraction], Fraction], knots: Sequence[Fraction], start: Fraction,
                      t: arb) -> tuple[arb, arb]:
    """Enclosures of a < b with {θ : f(θ) ≤ t} = [a, b], for f convex on ℝ, quadratic with positive leading
    coefficient between (and beyond) the rational ``knots``, exact on rationals, and f(start) < t decided."""
    if not to_arb(f(start)) < t:
        raise UndecidedError("the level is not decided above f at the start point")
    return _root(f, knots, start, t, False), _root(f, knots, start, t, True)


def outside_mass(mean: arb, sigma: arb, a: arb, b: arb) -> arb:
    """P[mean + σY ∉ [a, b]], Y ~ N(0, 1): (erfc((b − mean)/(σ√2)) + erfc((mean − a)/(σ√2)))/2."""
    r2 = arb(2).sqrt()
    return (erfc_ball((b - mean) / (r2 * sigma)) + erfc_ball((mean - a) / (r2 * sigma))) / 2


def argmin_bracket(df: Callable[[Fraction], arb], lo: Fraction, hi: Fraction, steps: int) -> tuple[Fraction, Fraction]:
    """[u, v] ∋ argmin_{[lo, hi]} f for a convex f whose derivative ``df`` is enclosed at rational points: at a
    midpoint p, f'(p) < 0 puts the minimiser right of p, f'(p) > 0 left of it; an undecided sign stops."""
    u, v = lo, hi
    for _ in range(steps):
        mid = (u + v) / 2
        d = df(mid)
        if d < 0:
            u = mid
        elif d > 0:
            v = mid
        else:
            break
    return u, v


def sublevel_bisect(g: Callable[[Fraction], arb], start: Fraction, right: bool, steps: int) -> arb:
    """The root of the convex g on the side ``right`` (or left) of ``start`` (g(start) < 0 decided): an outward
    bracket by doubling until g > 0 is decided, then bisection on dyadic rationals (an undecided sign stops)."""
    sgn = 1 if right else -1
    if not g(start) < 0:
        raise UndecidedError("the level is not decided above f at the start point")
    inner, step = start, Fraction(1)
    outer = start + sgn * step
    while not g(outer) > 0:
        if not g(outer) < 0:  # undecided: the root is within the next doubling, bisect there
            outer = outer + sgn * step
            break
        inner, step = outer, 2 * step
        outer = start + sgn * step
        if step > 2**64:
            raise ArithmeticError("no level crossing found")
    for _ in range(steps):
        mid = (inner + outer) / 2
        v = g(mid)
        if v < 0:
            inner = mid
        elif v > 0:
            outer = mid
        else:
            break
    return to_arb(inner).union(to_arb(outer))
