"""The introduction's (2ε, 2δ) statement (``papers/002_7f80bf4846a5a6af.txt`` line 77, run with Theorem 3.1's
algorithm: its class, line 200) attacked beyond one-dimensional quadratics (issue 23): two-dimensional views on boxes
and on polygons, and the Huber-smoothed quadratic (not quadratic) in d = 1 and 2.

Theorem 3.1's algorithm stays exact on these (the Huber gradient is piecewise linear with rational breakpoints; a
polygon's projection is an exact active-set solve), so the view's joint mean shift between "delete z" and "delete z'"
is an exact rational and the claim's quantity (:func:`certunlearn.claims.d2d.intro.view_delta`) is unchanged. The
instances reuse :func:`certunlearn.claims.d2d.common.pgd_instance`, :func:`.families.view_structured`,
:func:`.huber_families.huberise` and :func:`.ball_families.on_polytope`.
"""
from __future__ import annotations

import itertools

import numpy as np

from ...numeric.fraction import Fraction
from ..model import Adversary
from .ball_families import POLYGONS, on_polytope
from .common import pgd_instance
from .families import view_structured
from .huber_families import WIDTHS, huberise, widened_count
from .widening import spread

F = Fraction


def view_2d(rng: np.random.Generator, size: int) -> list[dict]:
    """Two-dimensional views (R = 2): z = (1, 1) deleted from n ∈ {2, 4} points against z' = (−1, −1) (the opposite corner:
    the training's shift along the diagonal), and z = (1, 0) against z' = (0, 1) (a shift across both coordinates),
    A = diag(1, 3) (declared m = 1 < M = 3) or A = I (m = 1/2 < M = 1); Θ = [−1, 1]², a triangle and a pentagon
    (the deleted point beyond an edge: the projection acts); 𝓘 ∈ {1, 4, 8}, (ε, δ) ∈ {(1/2, 10⁻⁵), (1, 10⁻²)}.
    Quick: 3, spread over the grid; thorough 8× as many."""
    from ...problems.polytope import Polytope

    out = []
    for (z, zp), n0, A, dom, I_, (eps, dl) in itertools.product(
            (([1, 1], [-1, -1]), ([1, 0], [0, 1])), (2, 4), ([1, 3], [1, 1]), ("box", 0, 1), (1, 4, 8),
            ((F(1, 2), F(1, 10**5)), (F(1), F(1, 100)))):
        X = [[-1, -1]] * (n0 - 1) + [z]
        inst = pgd_instance(A, 2, [-1, -1], [1, 1], X, [[-1, *z]], [-1, -1], epsilon=eps, delta=dl, I=I_)
        inst["m"], inst["M"] = (F(1), F(3)) if A[0] != A[1] else (F(1, 2), F(1))
        if dom != "box":
            inst = on_polytope(inst, Polytope.from_polygon(POLYGONS[dom]).rows)
        inst["zp"] = zp
        out.append(inst)
    want = widened_count(3, size)
    return spread(out, want)


def huber_views(rng: np.random.Generator, size: int) -> list[dict]:
    """:func:`.families.view_structured`'s one-dimensional views and the boxes of :func:`view_2d` (𝓘 > 1) with the
    Huber-smoothed loss, band widths 1/8 and 1/2 in turn (M re-declared as a_max + c/w where the instance's M does not
    exceed a_max); quick 4, thorough 8× as many."""
    want = widened_count(4, size)
    ones = view_structured(rng, want)
    twos = [i for i in view_2d(rng, 10**6) if not i.get("polytope") and i["I"] > 1]  # 𝓘 = 1: σ swamps the shift
    base = [b for pair in itertools.zip_longest(ones, twos[::max(1, len(twos) // want)]) for b in pair if b][:want]
    return [huberise(inst, WIDTHS[j % 2]) for j, inst in enumerate(base)]


VIEW_2D = Adversary("d = 2 views on a box and polygons: z and z' at opposite corners or across both coordinates",
                    generate=view_2d,
                    reaches="d = 2 quadratics (isotropic and anisotropic) on Θ = [−1, 1]² and on polytopes (a triangle, "
                            "a pentagon: exact projections, active on the deleted point's side), z and z' at opposite "
                            "corners and across both coordinates, 𝓘 from 1 to 8")
HUBER_VIEWS = Adversary("Huber-smoothed quadratics (not quadratic; exact): the 1-d and 2-d views",
                        generate=huber_views,
                        reaches="losses beyond quadratics: the Huber-smoothed quadratic (curvature switching between "
                                "a_k and a_k + c/w along the run), d ∈ {1, 2} on boxes")
