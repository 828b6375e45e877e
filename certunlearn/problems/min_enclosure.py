"""A rigorous enclosure of min_K F for an m-strongly convex, M-smooth F on a closed convex K, from a point found by
an accelerated projected gradient method — for sums of losses whose minimiser has no closed form (logistic + ridge,
Huber terms along arbitrary directions, quadratics with full Hessians and centres anywhere; issue 23).

The certificate is the gradient mapping's (Nesterov 2004, Thm 2.2.7; the same inequality
:mod:`certunlearn.problems.minimize` uses for its stopping rule): for any x ∈ R^d, x⁺ = Π_K(x − ∇F(x)/M) and
G = M(x − x⁺), every y ∈ K satisfies

    F(y) ≥ F(x⁺) + ⟨G, y − x⟩ + ‖G‖²/(2M) + (m/2)‖y − x‖²

(smoothness on the segment [x, x⁺], strong convexity at x, and the projection's optimality condition). Minimising the
right-hand side over y ∈ R^d gives F(x⁺) − ‖G‖²/(2m) ≤ min_K F, and x⁺ ∈ K gives min_K F ≤ F(x⁺). With x an exact
(radius-free) point and x⁺ an enclosure of the true projection, both ends are rigorous; the width is ‖G‖²/(2m) plus
the rounding of F(x⁺), so refining x (more iterations, at the working precision) narrows it as far as needed.

Paper-agnostic: the caller supplies F, ∇F and Π_K as functions on lists of arb balls, and m ≤ the strong convexity
and M ≥ the smoothness of F (verified by the caller on its losses).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flint import arb, ctx

__all__ = ["MinEnclosure", "min_enclosure"]

Vec = list[arb]


@dataclass(frozen=True)
class MinEnclosure:
    """``value`` ⊇ min_K F; ``point`` an exact point whose projected step certified it; ``gap`` = ‖G‖²/(2m) (upper)."""

    value: arb
    point: Vec
    gap: arb
    iterations: int


def _mid(v: Sequence[arb]) -> Vec:
    return [arb(x.mid()) for x in v]


def _norm2(v: Sequence[arb]) -> arb:
    return sum((x * x for x in v), arb(0))


def _certify(F: Callable[[Vec], arb], grad: Callable[[Vec], Vec], project: Callable[[Vec], Vec], x: Vec, m: arb,
             M: arb) -> tuple[arb, arb, Vec]:
    xp = project([a - g / M for a, g in zip(x, grad(x))])
    G = [M * (a - b) for a, b in zip(x, xp)]
    gap = _norm2(G) / (2 * m)
    up = F(xp)
    value = (up - gap).union(up)  # contains [F(x⁺) − ‖G‖²/(2m), F(x⁺)] for the true x⁺ inside the enclosure
    return value, gap, xp


def min_enclosure(F: Callable[[Vec], arb], grad: Callable[[Vec], Vec], project: Callable[[Vec], Vec], x0: Sequence,
                  m: arb, M: arb, *, rel: float | None = None, max_iter: int = 5000) -> MinEnclosure:
    """min_K F enclosed (module docstring), refining from ``x0`` by projected gradient steps with Nesterov's momentum
    for strongly convex functions, (√κ − 1)/(√κ + 1), κ = M/m, on radius-free points at the working precision, until
    the certified gap ‖G‖²/(2m) is below ``rel`` (default 2^(−prec+8)) times 1 + |F|, or ``max_iter`` steps, or 256
    steps without halving the width (gap plus the rounding of F(x⁺): the inputs' own radii then set it)."""
    if not (m > 0 and M >= m):
        raise ValueError("min_enclosure needs 0 < m ≤ M")
    rel = rel if rel is not None else 2.0 ** (8 - ctx.prec)
    kappa = float((M / m).mid())
    beta = (math.sqrt(kappa) - 1) / (math.sqrt(kappa) + 1)
    x = _mid([arb(v) for v in x0])
    y = list(x)
    it, check_every, best, since = 0, 8, None, 0
    while True:
        if it % check_every == 0 or it >= max_iter:
            value, gap, _ = _certify(F, grad, project, x, m, M)
            if not gap.is_finite() or not value.is_finite():
                raise ArithmeticError("a non-finite enclosure of min_K F")
            width = gap.upper() + value.rad()
            if best is None or width < best / 2:
                best, since = width, 0
            else:
                since += check_every
            # done: narrow enough, out of steps, or stalled (the rounding of F, not the gap, sets the width)
            if gap.upper() <= rel * (1 + abs(value).upper()) or it >= max_iter or since >= 32 * check_every:
                return MinEnclosure(value, x, gap, it)
        xn = _mid(project([a - g / M for a, g in zip(y, grad(y))]))
        y = _mid([a + beta * (a - b) for a, b in zip(xn, x)])
        x = xn
        it += 1
