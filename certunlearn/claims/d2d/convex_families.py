"""Accuracy families for the rest of the d2d accuracy claims' class (issue 23): merely convex losses (m = 0) for the
convex theorems, and dimensions d ≥ 9 that grow with the profile for every accuracy claim.

``papers/002_7f80bf4846a5a6af.txt``: Theorems 3.4, 3.5 and Remark 3.6 (lines 279–330) take f_z convex, L-Lipschitz and
M-smooth (§3.2, line 273) — strong convexity comes from the prescribed regulariser, and their α and σ use that
regulariser m (prescribed from L, M, D, ε, δ, n, d, 𝓘), never f's own modulus, so every formula is defined for a loss
with m = 0. The accuracy event of such a loss is enclosed around a feasible point (:mod:`.convex_tail`). Every claim
of Theorems 3.1, 3.4, 3.5 and Remark 3.6 holds for any d ≥ 1, and every enclosure of the event works in any d, so the
dimension is a free parameter of the adversary: the quick profile runs a few instances at d ∈ {9, 16, 32}, thorough
d up to 128 and more instances (:func:`high_dim_accuracy`).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np

from ...numeric.fraction import Fraction
from ..model import Adversary
from .ball_families import ANISO_HIGH, BETAS, CUT_CUBE, POLYGONS, base, on_ball, on_polytope, top
from .common import declared_constants, pgd_instance
from .huber_families import WIDTHS, huberise, logisticise

#: the instance's smoothness M of a linear loss (a linear loss is M-smooth for every M ≥ 0; the convex theorems' formulas
#: need M > 0: γ = M/(M + 2m), the prescribed m ∝ M^{3/2})
LINEAR_M = Fraction(1)


def linearise(inst: dict) -> dict:
    """The instance with its loss replaced by the linear ⟨x, θ⟩ (convex, m = 0; :class:`certunlearn.problems.Linear`),
    constants re-declared (L = R, D of Θ) and M = :data:`LINEAR_M`; the stream, Θ, θ'_0 and the scalars are kept."""
    dim = len(inst["A"])
    out = dict(inst)
    out.pop("huber", None)
    out.pop("logistic", None)
    out["A"], out["linear"] = [Fraction(0)] * dim, Fraction(1)
    consts = declared_constants(out["A"], inst["R"], inst["lo"], inst["hi"], None, inst.get("ball"), False,
                                inst.get("polytope"), True)
    out.update(L=consts["L"], M=max(consts["M"], LINEAR_M), D=consts["D"])
    out.pop("m", None)
    return out


def _inside_base(d: int, ball: bool, I_: int, bt: Fraction) -> dict:
    """Points ±e₁, ±e₂ and e₁ + e₂ (not separable through 0: logistic without ridge has a finite minimiser, inside
    Θ = [−2, 2]^d or the ball of radius 2), the last deleted then added back."""
    pad = [0] * (d - 2)
    X = [[1, 0, *pad], [-1, 0, *pad], [0, 1, *pad], [0, -1, *pad], [1, 1, *pad]]
    U = [[-1, 1, 1, *pad], [1, 1, 1, *pad]]
    box = pgd_instance([1] * d, 2, [-2] * d, [2] * d, X, U, [-2] * d, epsilon=Fraction(1), delta=Fraction(1, 10**5),
                       I=I_, beta=bt)
    return on_ball(box) if ball else box


def convex_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """Merely convex losses (m = 0) for the convex theorems' accuracy claims: logistic without ridge in d = 2 and 3 on
    boxes and balls, the optimum on the boundary (separable data off the axes, :func:`.ball_families.base`, r = 1/2
    and r = 2: the minimiser runs to Θ's boundary) and inside (:func:`_inside_base`); the linear loss ⟨x, θ⟩ on boxes,
    the triangle, the pentagon and the cut cube (the optimum at a vertex), on the disc (on the circle) and with a zero
    data mean (every point of Θ optimal: a flat loss), and at β's top (:func:`.ball_families.top`: every point at
    2e₁, the linear loss's optimum a whole face); singular quadratics A = diag(1, 0) and diag(1, 0, 2) (a flat
    direction, :class:`.psd_quadratic.SemidefiniteQuadratic`) on boxes, balls and (d = 3) the cut cube, optima inside
    (r = 2) and on the boundary (r = 1/2); 𝓘 ∈ {2, 10}, β ∈ {1/20, 1/1000}; in d ≥ 9 at β's top, logistic without
    ridge (d = 12 quick; 9, 16, 32 thorough) and the singular quadratic diag(1, 0, 1, 0, …) (d = 9, 16, thorough)
    (quick: five named below; thorough: all)."""
    from ...problems.polytope import Polytope

    def ridge0(i: dict) -> dict:
        return logisticise(i, Fraction(0))

    grid = list(itertools.product((2, 3), (Fraction(1, 2), Fraction(2)), (False, True), (2, 10), BETAS))
    # each instance a thunk: the quick profile builds only the ones it runs
    logi = [lambda a=a: ridge0(base([1] * a[0], *a[1:2], *a[3:], a[2])) for a in grid]
    inside = [lambda a=a: ridge0(_inside_base(*a)) for a in itertools.product((2, 3), (False, True), (2, 10), BETAS)]
    lin = [lambda a=a: linearise(base([1] * a[0], *a[1:2], *a[3:], a[2])) for a in grid]
    shapes = tuple(Polytope.from_polygon(p).rows for p in POLYGONS) + (CUT_CUBE,)
    poly = [lambda rows=rows, I_=I_, bt=bt: linearise(on_polytope(base([1] * (len(rows[0]) - 1), Fraction(1), I_, bt),
                                                                  rows))
            for rows, I_, bt in itertools.product(shapes, (2, 10), BETAS)]
    flat = [lambda d=d, I_=I_, bt=bt: linearise(pgd_instance(
        [1] * d, 1, [-1] * d, [1] * d, [[1] + [0] * (d - 1), [-1] + [0] * (d - 1)], [], [-1] * d, epsilon=Fraction(1),
        delta=Fraction(1, 10**5), I=I_, beta=bt)) for d, I_, bt in itertools.product((2, 3), (2, 10), BETAS)]
    flat_dir = [lambda A=A, r=r, ball=ball, poly_=poly_, I_=I_, bt=bt: (
        on_polytope(base(A, r, I_, bt), CUT_CUBE) if poly_ else base(A, r, I_, bt, ball))
        for A, r, ball, poly_, I_, bt in itertools.product(([1, 0], [1, 0, 2]), (Fraction(1, 2), Fraction(2)),
                                                           (False, True), (False, True), (2, 10), BETAS)
        if not (ball and poly_) and not (poly_ and len(A) == 2)]
    tops = [lambda f=f, d=d, ball=ball: f(top([1] * d, ball, Fraction(1)))
            for f, d, ball in itertools.product((ridge0, linearise), (2, 3, 12), (False, True))]
    high = [lambda d=d, ball=ball: ridge0(top([1] * d, ball, Fraction(1)))
            for d, ball in itertools.product((9, 16, 32), (False, True))]
    high += [lambda d=d, ball=ball: top([1 - k % 2 for k in range(d)], ball, Fraction(1))
             for d, ball in itertools.product((9, 16), (False, True))]
    if size > 40:
        return [make() for make in logi + inside + lin + poly + flat + flat_dir + tops + high]
    # quick (five: the profile's time): logistic (λ = 0) in d = 2 on the box (boundary optimum) and in d = 3 on the
    # ball (inside), the linear loss on the pentagon (a vertex), the singular quadratic diag(1, 0, 2) on the cut cube
    # (inside), logistic without ridge at β's top in d = 12 on the ball
    return [make() for make in (logi[0], inside[8 + 4], poly[4 + 1], flat_dir[32], tops[4 + 1])]


CONVEX_ACC = Adversary(
    "merely convex losses (m = 0): logistic without ridge and linear losses, boxes, balls, polytopes",
    generate=convex_accuracy,
    reaches="convex losses that are not strongly convex (m = 0): logistic without ridge in d = 2 and 3 on boxes and "
            "balls (optima inside and on the boundary), linear losses on boxes, balls, polygons and the cut cube "
            "(optima at a vertex, on a face, and everywhere for a zero mean); the event between a half-space tail and "
            "the M-model's χ² tail around a feasible point, the optimum bracketed by the Frank–Wolfe gap "
            "(certunlearn.claims.d2d.convex_tail)")


#: (d, kind, Θ, where) of the quick profile's high-dimensional instances: kind "iso" (A = I, a noncentral χ²_d tail),
#: "diag" (A = diag(1, 2, 3, 4, 5, …) repeated, an ellipsoid's exterior), "logistic" (λ = 1/4: between two quadratic
#: models, :mod:`.sandwich_tail`); where "top" is the boundary optimum at β's top, "base" the data mean off the axes
QUICK_HIGH = ((9, "diag", "box", "top"), (16, "logistic", "box", "top"), (32, "iso", "ball", "top"))
THOROUGH_HIGH = QUICK_HIGH + tuple(itertools.product((9, 12, 16, 32, 64, 128), ("iso", "diag", "logistic"),
                                                     ("box", "ball"), ("top", "base"))) + tuple(
    itertools.product((9, 16), ("huber",), ("box", "ball"), ("top",)))


def _high(d: int, kind: str, dom: str, where: str) -> dict:
    A = [1] * d if kind not in ("diag", "huber") else [ANISO_HIGH[k % 5] for k in range(d)]
    ball = dom == "ball"
    if where == "top":
        inst = top(A, ball, Fraction(1))
    else:
        inst = base(A, Fraction(1, 2), 2, Fraction(1, 20), ball, R=max(4, math.isqrt(d + 3) + 1))  # ‖x‖² ≤ d + 3
        if kind == "iso":
            inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
    if kind == "huber":  # the Huber-smoothed diagonal quadratic (between two quadratic models, :mod:`.sandwich_tail`)
        return huberise(inst, WIDTHS[0])
    return logisticise(inst, Fraction(1, 4)) if kind == "logistic" else inst


def high_dim_accuracy(rng: np.random.Generator, size: int) -> list[dict]:
    """Every accuracy claim in d ≥ 9, the dimension growing with the profile: quick :data:`QUICK_HIGH` (d = 9, 16, 32),
    thorough :data:`THOROUGH_HIGH` (d up to 128: isotropic and diagonal quadratics and logistic + ridge, boxes and
    balls, the boundary optimum at β's top and the data mean off the axes outside Θ)."""
    seen, out = set(), []
    for spec in (QUICK_HIGH if size <= 40 else THOROUGH_HIGH):
        if spec not in seen:
            seen.add(spec)
            out.append(_high(*spec))
    return out


def high_dim_adversary(wrap: Callable = lambda g: g) -> Adversary:
    return Adversary("dimensions d ≥ 9 growing with the profile: quadratics (A = aI, A ≠ aI) and logistic + ridge",
                     generate=wrap(high_dim_accuracy),
                     reaches="d ∈ {9, 16, 32} (quick) and d from 9 to 128 (thorough): isotropic quadratics (a noncentral χ²_d "
                             "tail), diagonal anisotropic quadratics (an ellipsoid's exterior), logistic + ridge "
                             "(between two quadratic models), boxes and balls, the boundary optimum at β's top and "
                             "(thorough) the data mean off the axes outside Θ")
