"""Theorem 3.2's families in d ≥ 2 where the coordinates decouple (issue 23: the perfect variant beyond d = 1;
Descent-to-Delete, Theorem 3.2, lines 256–265, every m-strongly convex, M-smooth loss on a convex Θ ⊂ ℝ^d): diagonal
quadratics and the separable Huber-smoothed quadratic on boxes, enclosed per coordinate
(:mod:`certunlearn.claims.d2d.perfect_product`). Quick runs a few instances in d = 2; thorough also d = 3.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. The hypotheses they are built to meet (checked by the claims on every
instance): A diagonal and Θ a box (the loss separable), I at least the printed lower bound (d enters it through
√(2d)), Assumption 2.6 on the stream.

Neither family is a base of the generated boundary adversary (``boundary_base=False``): that adversary draws its
quick instances at random from the moves of every base, so a new base would re-draw the claims' existing boundary
instances (measured: the draw then takes a 1-d move of m to M − 2⁻⁴⁰, which the 1-d enclosure leaves undecided).
"""
from __future__ import annotations

import numpy as np
import sympy

from ...numeric.fraction import Fraction
from ..model import Adversary
from .ball_families import three_d_accuracy
from .common import pgd_instance
from .families import add_beta, boundary_structured, means_inside, pgd_structured, with_min_I
from .huber_families import WIDTHS, huberise, logisticise

__all__ = ["product_perfect", "product_perfect_accuracy", "three_d_box", "logistic_perfect"]

_THOROUGH = 40  # a structured size above this is the thorough profile's


def three_d_box(rng: np.random.Generator, size: int) -> list[dict]:
    """d = 3 on the box [−r, r]³: A = diag(1, 2, 3), data at ±e_k, a deletion then an addition of opposite extreme
    points along e_1, θ'_0 at the far corner (r ∈ {1/2, 1})."""
    out = []
    for r in (Fraction(1, 2), Fraction(1)):
        X = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]
        out.append(pgd_instance([1, 2, 3], 1, [-r] * 3, [r] * 3, X, [[-1, 1, 0, 0], [1, -1, 0, 0]], [-r] * 3,
                                epsilon=Fraction(1), delta=Fraction(1, 10**5), I=1))
    return out


def _thin_2d(rng: np.random.Generator, size: int, cap: int) -> list[dict]:
    """``cap`` thin anisotropic d = 2 instances (A = diag(m, M), extreme points, swings along e_1; every stream
    length), spread over the structured family."""
    base = pgd_structured("thin")(rng, 10**6)  # all of them: the choice below is deterministic
    step = max(1, len(base) // cap)
    return base[::step][:cap]


def product_perfect(expr: sympy.Expr, cap: int = 4) -> Adversary:
    """Theorem 3.2's unlearning claims in d ≥ 2: ``cap`` thin d = 2 quadratics and two Huber-smoothed ones (band
    widths 1/8, 1/2) in the quick profile; thorough four times as many and the d = 3 box, I at its lower bound ``expr``."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        deep = size > _THOROUGH
        quad = _thin_2d(rng, size, 4 * cap if deep else cap)
        hub = [huberise(inst, w) for inst, w in zip(quad[::2], WIDTHS * (len(quad)))][:(8 if deep else 2)]
        out = quad + hub + (three_d_box(rng, size) if deep else [])
        return with_min_I(lambda _rng, _size: out, expr)(rng, size)

    return Adversary("d ≥ 2, separable losses on boxes: thin diagonal quadratics and Huber-smoothed ones in d = 2 "
                     "(thorough: also A = diag(1, 2, 3) in d = 3), extreme points, swings, I at its lower bound",
                     generate=generate, boundary_base=False,
                     reaches="d ∈ {2, 3} where the coordinates decouple (diagonal A or the separable Huber-smoothed "
                             "quadratic, Θ a box): each coordinate's law exact in one dimension, the product's δ "
                             "enclosed between the largest coordinate's and their composition "
                             "(certunlearn.claims.d2d.perfect_product)")


def product_perfect_accuracy(expr: sympy.Expr, cap: int = 4) -> Adversary:
    """Theorem 3.2's accuracy claims in d ≥ 2: isotropic d = 2 quadratics with optima inside Θ, and optima on a face
    (∇f(θ*) ≠ 0), β ∈ {1/20, 10⁻³, 1/2}, ``cap`` of each in the quick profile, and two of the first Huber-smoothed
    (band widths 1/8, 1/2); thorough four times as many, eight Huber-smoothed and the isotropic d = 3 box (optima
    inside and on the boundary), I at its lower bound ``expr``."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        deep = size > _THOROUGH
        want = 4 * cap if deep else cap
        inside = add_beta(means_inside(with_min_I(pgd_structured("iso"), expr)))(rng, want)
        face = with_min_I(boundary_structured(2, True), expr)(np.random.default_rng(0), 10**6)
        face = face[:: max(1, len(face) // want)][:want]
        three = with_min_I(three_d_accuracy, expr)(rng, size) if deep else []
        hub = with_min_I(lambda _rng, _size: [huberise(inst, w) for inst, w in zip(inside, WIDTHS * want)][:(8 if deep
                                                                                                         else 2)], expr)
        return inside + face + three + hub(rng, size)

    return Adversary("d ≥ 2, separable losses on boxes: isotropic d = 2 quadratics with optima inside Θ and on a face, "
                     "Huber-smoothed ones, β ∈ {1/20, 10⁻³, 1/2} (thorough: also d = 3), I at its lower bound",
                     generate=generate,
                     boundary_base=False,
                     reaches="d ∈ {2, 3} on boxes with diagonal A (and the separable Huber-smoothed quadratic in "
                             "d = 2): the excess loss's tail enclosed between the "
                             "largest coordinate's and the union bound over coordinates "
                             "(certunlearn.claims.d2d.perfect_product)")



def logistic_perfect(expr: sympy.Expr, cap: int = 4, accuracy: bool = False) -> Adversary:
    """Theorem 3.2's unlearning claims on logistic + ridge in d = 1 (issue 23: a loss that is not piecewise
    quadratic): the one-dimensional structured family's points, Θ and streams with the loss replaced (ridge λ ∈ {1/4, 1},
    constants re-declared: m = λ, M = λ + R²/4), I raised to its lower bound ``expr`` afterwards; ``cap`` instances in the
    quick profile, four times as many in thorough (bounded through each round's enclosed image,
    :mod:`certunlearn.claims.d2d.perfect_logistic`); ``accuracy``: β ∈ {1/20, 10⁻³, 1/2} in turn."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        want = 4 * cap if size > _THOROUGH else cap
        base = pgd_structured("1d")(rng, 10**6)  # all of them: the choice below is deterministic
        picked = base[:: max(1, len(base) // want)][:want]
        out = [logisticise(inst, lam) for inst, lam in zip(picked, (Fraction(1, 4), Fraction(1)) * want)]
        out = with_min_I(lambda _rng, _size: out, expr)(rng, size)
        return add_beta(lambda _rng, _size: out)(rng, size) if accuracy else out

    return Adversary("logistic + ridge (smooth, not piecewise quadratic) in d = 1: extreme points, swings, ridge "
                     "λ ∈ {1/4, 1}, I at its lower bound" + (", β ∈ {1/20, 10⁻³, 1/2}" if accuracy else ""),
                     generate=generate, boundary_base=False,
                     reaches="1-d losses beyond piecewise quadratics: logistic + ridge, each round's image enclosed "
                             "(rounded runs with a certified error, γ-Lipschitz steps), the δ between the image's "
                             "nearest and farthest ends from retraining's mean (certunlearn.claims.d2d.perfect_logistic)")
