"""Theorem 2.13's families beyond 2-d quadratics on boxes (issue 23): the contraction of projected GD
(``papers/002_7f80bf4846a5a6af.txt`` line 165: h m-strongly convex and M-smooth on a convex closed Θ, any d) attacked
with the Huber-smoothed quadratic (not quadratic; exact on rationals), on polytopes Θ = {Gθ ≤ h} (exact projections)
and in d = 3 (a box and the cut cube).

Every run stays in the rationals and θ* is exact (the Huber risk's box minimiser, coordinatewise; a quadratic's argmin
on a polytope by active-set enumeration), so the ratio ‖θ_T − θ*‖/‖θ_0 − θ*‖ is exact. The instances reuse the
builders of :mod:`.families` (:func:`thm213_structured`), :mod:`.huber_families` (:func:`huberise`: M re-declared
as a_max + c/w, the loss's smoothness) and :mod:`.ball_families` (:func:`on_polytope`, :data:`POLYGONS`,
:data:`CUT_CUBE`).
"""
from __future__ import annotations

import itertools

import numpy as np

from ...numeric.fraction import Fraction
from ..model import Adversary
from .ball_families import CUT_CUBE, POLYGONS, on_polytope
from .common import declared_constants
from .families import thm213_structured
from .huber_families import WIDTHS, huberise, widened_count
from .widening import spread

F = Fraction


def huber_contraction(rng: np.random.Generator, size: int) -> list[dict]:
    """:func:`thm213_structured`'s 2-d instances (eigen-directions, mixed starts, far corners, optima outside Θ) with the
    Huber-smoothed loss at both band widths (M = 2a_max: the curvature switches between a_k and a_k + c/w along the
    run), and their one-dimensional slices (the first coordinate); 6 in the quick profile, 8× as many beyond."""
    out = []
    for j, inst in enumerate(thm213_structured(rng, 10**6)):
        D_ = declared_constants(inst["A"], inst["R"], inst["lo"], inst["hi"])["D"]
        wide = huberise({**inst, "D": D_}, WIDTHS[j % 2])
        one = {**inst, "A": inst["A"][:1], "lo": inst["lo"][:1], "hi": inst["hi"][:1], "X": [x[:1] for x in inst["X"]],
               "theta0": inst["theta0"][:1], "M": inst["A"][1], "D": 2}
        out += [wide, huberise(one, WIDTHS[(j + 1) % 2])]
    return spread([i for i in out if i["X"][0] != i["theta0"]], widened_count(6, size))


def polytope_contraction(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratics diag(m, M) on a triangle and a pentagon, the data point inside Θ or beyond an edge (θ* on the
    boundary, the projection active), θ_0 at each vertex of Θ in turn (but θ*), T ∈ {1, 2, 5}; 4 in the quick profile."""
    from ...problems.polytope import Polytope

    out = []
    for (mm, MM), poly, x, T_ in itertools.product(((1, 2), (1, 10), (3, 5)), POLYGONS,
                                                  ([F(1, 4), F(-1, 4)], [3, 3], [-3, 1]), (1, 2, 5)):
        P_ = Polytope.from_polygon(poly)
        inst = on_polytope({"A": [mm, MM], "R": 5, "lo": [-1, -1], "hi": [1, 1], "X": [x], "U": [], "T": T_,
                            "m": mm, "M": MM}, P_.rows)
        inst["theta0"] = [F(v) for v in poly[len(out) % len(poly)]]
        if tuple(inst["theta0"]) != P_.quadratic_argmin([mm, MM], x):  # θ_0 = θ* leaves the ratio undefined
            out.append(inst)
    return spread(out, widened_count(4, size))


def three_d_contraction(rng: np.random.Generator, size: int) -> list[dict]:
    """d = 3: A = diag(m, (m + M)/2, M) on the box [−1, 1]³ (θ_0 − θ* along e_1, along e_3, from the far corner) and
    on the cut cube {θ ∈ [−1, 1]³: θ₁ + θ₂ + θ₃ ≤ 1} with the data point beyond the cut; T ∈ {1, 3}; 3 in the
    quick profile."""
    out = []
    for (mm, MM), T_ in itertools.product(((1, 3), (1, 20)), (1, 3)):
        A = [mm, F(mm + MM, 2), MM]
        x = [F(1, 4), F(-1, 4), 0]
        for th0 in ([1, F(-1, 4), 0], [F(1, 4), F(-1, 4), 1], [-1, 1, -1]):
            out.append({"A": A, "R": 1, "lo": [-1] * 3, "hi": [1] * 3, "X": [x], "U": [], "theta0": th0, "T": T_,
                        "m": mm, "M": MM})
        cut = on_polytope({"A": A, "R": 3, "lo": [-1] * 3, "hi": [1] * 3, "X": [[1, 1, 1]], "U": [], "T": T_,
                           "m": mm, "M": MM}, CUT_CUBE)
        out.append(cut)
    return spread(out, widened_count(3, size))


HUBER_213 = Adversary("Huber-smoothed quadratics (not quadratic; exact) in d = 1 and 2 on boxes",
                      generate=huber_contraction,
                      reaches="losses beyond quadratics: the Huber-smoothed quadratic, its curvature switching between "
                              "a_k and a_k + c/w along the run (M = a_max + c/w), d ∈ {1, 2}, optima inside and outside "
                              "Θ, eigen-directions and far corners")
POLYTOPE_213 = Adversary("Θ a polygon (triangle, pentagon): quadratics, optima inside and beyond an edge",
                         generate=polytope_contraction,
                         reaches="Θ a polytope {Gθ ≤ h} in d = 2 (exact projections), θ* inside Θ and on its boundary, "
                                 "θ_0 at its vertices")
THREE_D_213 = Adversary("d = 3: box and cut cube, curvatures m, (m + M)/2, M", generate=three_d_contraction,
                        reaches="d = 3 on a box (eigen-directions of the extreme curvatures, far corner) and on a "
                                "polytope (the cut cube, θ* on the cut)")
