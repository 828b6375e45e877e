"""Theorem 3.2's families where the coordinates do not decouple (issue 23: the perfect variant in d ≥ 2 with
non-separable losses and Θ not a box; Descent-to-Delete, Theorem 3.2, lines 256–265, every m-strongly convex, M-smooth
loss on a convex closed Θ ⊂ ℝ^d), enclosed through each round's image ball (:mod:`certunlearn.claims.d2d.perfect_ball`).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Every instance is built from the base of
:func:`certunlearn.claims.d2d.ball_families.base` (the data mean off the axes, a deletion then an addition, θ'_0 at a
far corner of Θ; r = 1/2 puts the optimum on Θ's boundary, ∇f(θ*) ≠ 0, r = 2 inside), with I raised to the printed
lower bound (:func:`certunlearn.claims.d2d.families.with_min_I`). Quick, five instances: logistic + ridge in d = 2 on
the box (λ = 1/4, optimum on the boundary) and on the disc (λ = 1, inside); the quadratic A = diag(1, 4) on the disc
(boundary) and on the pentagon — a non-diagonal A on a disc or a rotated polygon is the same instance up to a rotation
(:mod:`.perfect_ball`'s docstring); the Huber-smoothed quadratic (band 1/8) on the disc. Thorough adds logistic + ridge
in d = 3 on the box and the ball, the quadratic on the triangle and the cut cube (d = 3), the isotropic quadratic on
the disc with the optimum inside, the Huber-smoothed quadratic on the triangle, and d = 8 on the ball (logistic + ridge,
A = diag(1, 2, 3, 4, 5, 1, 2, 3)). The accuracy claims run the same
instances at β ∈ {1/20, 10⁻³} in turn, and the boundary optimum with many iterations (𝓘 = 40: α shrinks as γ^{2𝓘},
the linear term ⟨∇f(θ*), Δ⟩ of the excess loss as γ^𝓘) on the disc, for A = diag(1, 4) and logistic + ridge.

Neither family is a base of the generated boundary adversary (``boundary_base=False``, as
:mod:`.perfect_product_families`: a new base would re-draw the claims' existing boundary instances).
"""
from __future__ import annotations

import numpy as np
import sympy

from ...numeric.fraction import Fraction
from ..model import Adversary
from .ball_families import ANISO_HIGH, CUT_CUBE, POLYGONS, base, on_polytope
from .families import with_min_I
from .huber_families import huberise, logisticise

__all__ = ["image_ball_instances", "image_ball_perfect"]

_THOROUGH = 40  # a structured size above this is the thorough profile's
_HALF, _TWO, _ONE = Fraction(1, 2), Fraction(2), Fraction(1)
_BETAS = (Fraction(1, 20), Fraction(1, 1000))


def _polygon(A: list, k: int) -> dict:
    """The base on the polygon ``POLYGONS[k]`` (r = 1: the data mean (5/4, 1) lies outside it)."""
    from ...problems.polytope import Polytope

    return on_polytope(base(A, _ONE, 2, _BETAS[0]), Polytope.from_polygon(POLYGONS[k]).rows)


def image_ball_instances(deep: bool) -> list[dict]:
    """The instances of the module docstring (before I is raised), quick or thorough (``deep``)."""
    out = [logisticise(base([1, 1], _HALF, 2, _BETAS[0]), Fraction(1, 4)),
           logisticise(base([1, 1], _TWO, 2, _BETAS[1], ball=True), _ONE),
           base([1, 4], _HALF, 2, _BETAS[1], ball=True),
           _polygon([1, 4], 1),
           huberise(base([1, 4], _HALF, 2, _BETAS[0], ball=True), Fraction(1, 8))]
    if deep:
        out += [logisticise(base([1, 1, 1], _HALF, 2, _BETAS[0]), _ONE),
                logisticise(base([1, 1, 1], _HALF, 2, _BETAS[1], ball=True), Fraction(1, 4)),
                _polygon([1, 4], 0),
                on_polytope(base([1, 2, 4], _ONE, 2, _BETAS[1]), CUT_CUBE),
                {**base([1, 1], _TWO, 2, _BETAS[0], ball=True), "m": _HALF, "M": _ONE},  # declared m < a = M
                huberise(_polygon([1, 4], 0), Fraction(1, 2)),
                logisticise(base([1] * 8, _HALF, 2, _BETAS[0], ball=True, R=4), _ONE),
                base(list(ANISO_HIGH), _HALF, 2, _BETAS[1], ball=True, R=4)]
    return out


def _many_iterations() -> list[dict]:
    """The boundary optimum on the disc with 𝓘 = 40 (kept by :func:`.families.with_min_I`, which raises only I < 10):
    A = diag(1, 4) and logistic + ridge (λ = 1), β = 10⁻³."""
    return [base([1, 4], _HALF, 40, _BETAS[1], ball=True),
            logisticise(base([1, 1], _HALF, 40, _BETAS[1], ball=True), _ONE)]


def image_ball_perfect(expr: sympy.Expr, accuracy: bool = False) -> Adversary:
    """Theorem 3.2's family beyond decoupled coordinates (module docstring), I at its lower bound ``expr``;
    ``accuracy``: the accuracy claims' version (β kept from the base, the many-iterations boundary optima added)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = image_ball_instances(size > _THOROUGH) + (_many_iterations() if accuracy else [])
        if not accuracy:
            out = [{k: v for k, v in inst.items() if k != "beta"} for inst in out]
        return with_min_I(lambda _rng, _size: out, expr)(rng, size)

    return Adversary("d ≥ 2 beyond decoupled coordinates: logistic + ridge on a box and a disc, A = diag(1, 4) on a disc "
                     "and a pentagon (a non-diagonal A up to a rotation), the Huber-smoothed quadratic on a disc "
                     "(thorough: also d = 3 and 8, the triangle, the cut cube), I at its lower bound"
                     + (", β ∈ {1/20, 10⁻³}, the boundary optimum with 𝓘 = 40" if accuracy else ""),
                     generate=generate, boundary_base=False,
                     reaches="d ∈ {2, 3, 8}, losses that couple the coordinates (logistic + ridge; a quadratic with A not "
                             "diagonal, through a rotation of Θ) and Θ a ball or a polytope (the Huber-smoothed "
                             "quadratic on a disc and a triangle), optima inside Θ and on its boundary: each round's "
                             "image enclosed in a ball (the first step maps into Θ, the others contract by γ), δ "
                             "between δ_BW at the ball's nearest and farthest distance from retraining's mean, the "
                             "accuracy tail between the two quadratic models' χ² tails at those distances "
                             "(certunlearn.claims.d2d.perfect_ball)")
