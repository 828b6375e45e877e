"""Rewind-to-Delete: the privacy level at an open end of its range, as named structured families
(:func:`certunlearn.claims.boundaries.level_edge`; issue 23, "every hypothesis inequality at equality").

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. Theorem 3.1 (lines 133–143) allows every 0 < ε ≤ 1 and 0 < δ < 1;
its σ (eq. (3), line 85: ``formulas.r2d.SIGMA_31``) grows like 1/ε and like √(2 log(1.25/δ)).

* **Corollary 3.6** (lines 191–197): the printed bound carries the noise as L√dσ, while E[F(θ̃'') − F*] grows like
  σ² (a quadratic of curvature λ adds λdσ²/2; any loss of the class whose expected value under wide noise grows
  quadratically does the same), so observed/bound grows like σ, i.e. like 1/ε: the family puts ε at its smallest
  admissible value (2^−40 inside ε > 0) on every extremal instance. In the quick profile it keeps, per family, the
  instances with the largest σ (:func:`sigma_score`), where the ratio is largest.
* **Appendix D.1's printed L̂** (lines 608–618): the bound is δ itself and the true δ of the published laws stays
  of order one where L̂ makes σ too small, so observed/bound grows like 1/δ: the family puts δ at 2^−40 (inside
  δ > 0) on every extremal instance (the δ grid of the families collapses there, so every instance is kept).

Before this family the moves were made only by the generated boundary adversary on its quick subsample (six
instances drawn from every base), which lost the largest ones once the base grew.
"""
from __future__ import annotations

from ...formulas.r2d import SIGMA_31
from ...numeric.sympy_arb import arb_eval
from ..instances import frac
from ..model import Instance

__all__ = ["SMALL_DELTA_WHY", "SMALL_EPS_WHY", "sigma_score"]

SMALL_EPS_WHY = "the bound grows like σ, the quantity like σ²: the ratio grows like 1/ε; quick: the largest σ"
SMALL_DELTA_WHY = "the bound is δ, the true δ at the printed σ stays of order one: the ratio grows like 1/δ"

_SIGMA_KEYS = ("n", "m", "eta", "L", "G", "T", "K", "epsilon", "delta")


def sigma_score(values: Instance) -> float:
    """Theorem 3.1's σ (eq. (3)) at the instance, as a float: it only orders instances, it decides nothing."""
    return float(arb_eval(SIGMA_31, {k: frac(values[k]) for k in _SIGMA_KEYS}).mid())
