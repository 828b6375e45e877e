"""Theorem 4.5's families beyond boxes (issue 23): perturbed distributed descent (Algorithms 4–7,
``papers/002_7f80bf4846a5a6af.txt`` lines 377–421; Θ any convex closed set, §2.1 line 117) on polytopes Θ = {Gθ ≤ h}
in d = 2 (a triangle and a pentagon) and d = 3 (the cut cube), with data beyond Θ's edges, so that the projection
acts on the runs of every part holding those points.

A polytope's projection is exact on rationals (active-set enumeration, :class:`certunlearn.problems.polytope.Polytope`),
so every sampling outcome's run stays exact and :func:`certunlearn.claims.d2d.distributed.distributed_runs` enumerates
the published laws as on a box (:func:`certunlearn.claims.d2d.common.gd_diag` runs ``projected_gd`` itself there);
θ* of each part and of D_i (Theorem 4.4's V, the accuracy claims' centre) is the polytope's exact quadratic argmin.
The losses stay diagonal quadratics, whose Hessian is constant (G = 0, H = max a), so the family is inside the
theorem's class. The accuracy claims' V (Theorem 4.4's exact quantity on Θ) is set by the claim's own ``finish``
(this module sits below :mod:`.distributed`, which wires it). The instances are the box instances of :func:`certunlearn.claims.d2d.common.pgd_instance` moved onto the
polytope by :func:`certunlearn.claims.d2d.ball_families.on_polytope` (L and D re-declared for Θ).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from ...numeric.fraction import Fraction
from ..hypotheses import P, holds
from ..model import Adversary
from .ball_families import CUT_CUBE, POLYGONS, on_polytope
from .common import pgd_instance
from .huber_families import widened_count
from .widening import spread

F = Fraction

#: Theorem 4.5's hypothesis on the Hessian (line 407), which the quadratic families met trivially: decided from the
#: loss family, since only a family whose Hessian is Lipschitz is inside the class — a diagonal quadratic (G = 0,
#: H = max a) and logistic + ridge (G = R³/(6√3), H = λ + R²/4), not the Huber-smoothed quadratic, whose Hessian jumps
#: from a_k to a_k + c/w at the band's edges (no G) and which the exact enumeration could otherwise run
HESSIAN_LIPSCHITZ = P("f_z's Hessian is G-Lipschitz and bounded by H (a quadratic or logistic + ridge; the Huber-smoothed "
                      "quadratic's Hessian jumps at its band's edges)", lambda v: holds(not v.get("huber")))

#: (points, stream) on n = 4 (B = 4, K = 2) in d = 2, the repeated point beyond an edge of the triangle and of the
#: pentagon (every part holding it twice has its optimum outside Θ; D_0's mean is on the triangle's edge, outside it,
#: and at (1, 1) in turn): a point held twice deleted (the printed Algorithm 5 resamples both slots), three copies of one point with one deleted, and
#: an addition of a repeated point
DATA_2D = (([[1, 1], [1, 1], [-1, -1], [1, -1]], [[-1, 1, 1]]),
           ([[1, 1], [1, 1], [1, 1], [-1, -1]], [[-1, 1, 1]]),
           ([[2, 1], [2, 1], [1, 2], [-1, 0]], [[1, 2, 1]]))
#: (ε, δ, 𝓘): large δ and small ε keep the runs short (T_i ∝ log(2i/δ)) while σ ∝ γ^{2𝓘} is small
SCALARS = ((F(1, 10), F(1, 2), 6), (F(1, 10), F(1, 10), 3), (F(1), F(1, 100), 1))


def _polytope_instance(A: list, X: list, U: list, rows: tuple, eps: Fraction, dl: Fraction, I_: int,
                       beta: Fraction) -> dict:
    """The box instance on [−1, 1]^d (R = 3) moved onto the polytope ``rows``, declared m, M (m = 1 < M = 3 for
    A = diag(1, 2); m = 1/2 < M = 1 for A = I)."""
    d = len(A)
    box = pgd_instance(A, 3, [-1] * d, [1] * d, X, U, [-1] * d, epsilon=eps, delta=dl, I=I_, beta=beta, xi=1)
    box["m"], box["M"] = (F(1), F(3)) if len(set(A)) > 1 else (F(1, 2), F(1))
    return on_polytope(box, rows)


def _grid(isotropic: bool, betas: tuple) -> list[tuple]:
    """Every (A, X, U, rows, ε, δ, 𝓘, β) of the family, the quick profile's first."""
    from ...problems.polytope import Polytope

    A2 = [1, 1] if isotropic else [1, 2]
    polys = [Polytope.from_polygon(p).rows for p in POLYGONS]
    out = [(A2, *DATA_2D[j], polys[0], *SCALARS[k], betas[0]) for j, k in ((0, 0), (1, 1))]
    for (X, U), rows, (eps, dl, I_), b in itertools.product(DATA_2D, polys, SCALARS, betas):
        out.append((A2, X, U, rows, eps, dl, I_, b))
    # d = 3: the cube [−1, 1]³ cut by θ₁ + θ₂ + θ₃ ≤ 1, every data mean beyond the cut
    X3 = [[1, 1, 1], [1, 1, 1], [1, 1, -1], [-1, 1, 1]]
    A3 = [1, 1, 1] if isotropic else [1, 2, 2]
    return out + [(A3, X3, [[-1, 1, 1, 1]], CUT_CUBE, F(1, 10), F(1, 2), I_, b) for I_ in (1, 3) for b in betas]


def polytope_distributed(accuracy: bool, isotropic: bool = False, betas: tuple = (F(1),), cap: int = 2,
                         finish: Callable[[dict], dict] = dict) -> Callable[[np.random.Generator, int], list[dict]]:
    """``cap`` instances in the quick profile (the triangle, a point held twice or three times deleted), THOROUGH_FACTOR
    times as many beyond (every dataset, polygon, (ε, δ, 𝓘) and β, then the cut cube in d = 3); ``isotropic`` A = I
    (the α claims' noncentral χ² tail), else A = diag(1, 2); ``betas`` sets C = log(2/β)/log 2 copies; ``finish``
    completes each instance for its claim (the accuracy claims' V); ``accuracy`` only names the adversary."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        grid = _grid(isotropic, betas)
        want = widened_count(cap, size)
        if size > 40:  # the quick instances, then an even spread over the grid (the cut cube last)
            rest = grid[cap:]
            chosen = grid[:cap] + spread(rest, max(1, want - cap)) + [c for c in grid if len(c[0]) == 3][:2]
        else:
            chosen = grid[:cap]
        out, seen = [], set()
        for case in chosen:
            key = repr(case)
            if key not in seen:
                seen.add(key)
                out.append(finish(_polytope_instance(*case)))
        return out

    return generate


POLYTOPE_REACH = ("Θ a polytope {Gθ ≤ h} — a triangle and a pentagon in d = 2, the cut cube in d = 3 — with every "
                  "repeated data point beyond an edge (the projection acts on the runs of the parts holding it; exact "
                  "by active-set enumeration), a point held two or three times deleted or added")


def polytope_adversary(accuracy: bool, isotropic: bool = False, betas: tuple = (F(1),), cap: int = 2,
                       finish: Callable[[dict], dict] = dict) -> Adversary:
    """Theorem 4.5's adversary on polytopes (module docstring; arguments as :func:`polytope_distributed`). The generated
    boundary adversary does not start from it: at δ → 0⁺ each polytope run lengthens to thousands of exact projections
    per sampling outcome (measured: the claim's quick check went past its 600 s limit), and the claim's boundary family
    stays the one it had."""
    return Adversary("Θ a polytope (triangle, pentagon, cut cube), repeated points beyond an edge, updated"
                     + (", V = Theorem 4.4's exact quantity" if accuracy else ""),
                     generate=polytope_distributed(accuracy, isotropic, betas, cap, finish), reaches=POLYTOPE_REACH,
                     boundary_base=False)
