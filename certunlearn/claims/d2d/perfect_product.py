"""Theorem 3.2's perfect variant in d ≥ 2 where the coordinates decouple (Descent-to-Delete, Theorem 3.2, lines
256–265; Algorithm 2, lines 188–195; proof Appendix D, lines 557–612), enclosed on both sides from the
one-dimensional laws of each coordinate.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. For a separable loss f_x(θ) = Σ_k φ_k(θ_k − x_k) — the diagonal
quadratic ½(θ − x)ᵀdiag(a)(θ − x), or the Huber-smoothed one ½(θ − x)ᵀdiag(a)(θ − x) + c·Σ_k hub_w(θ_k − x_k) — on a
box Θ = Π_k [lo_k, hi_k], a gradient step acts coordinatewise and so does the projection (a clip per coordinate);
the noise is N(0, σ²I). So every round of the perfect variant, and retraining, run d independent one-dimensional
chains: the published θ̃_i has the law P_i = ⊗_k P_{i,k} and retraining's is Q_i = ⊗_k N(μ_{i,k}, σ²), where
P_{i,k} and μ_{i,k} are those of the one-dimensional instance of coordinate k (:func:`coordinate_instance`: the
k-th entries of A, Θ, the data, the updates and θ'_0, every constant of the d-dimensional instance kept — η, T,
T_i, σ and α are the d-dimensional ones). A deleted point's k-th entry leaves the same multiset of k-th entries
whichever copy goes, so the coordinate's datasets are the projections of D_i.

**Privacy** (the hockey-stick divergence E_ε, both directions, of P_i against Q_i):

* *upper*: for Σ_k ε_k ≤ ε, E_ε(⊗P_k ‖ ⊗Q_k) ≤ Σ_k E_{ε_k}(P_k ‖ Q_k) (basic composition: for a set S,
  P(S) = ∫ P_2(S_x) dP_1(x) and P_2(S_x) ≤ h(x) + δ_2, h = min(1, e^{ε_2} Q_2(S_x)) ∈ [0, 1]; ∫ h dP_1 ≤
  e^{ε_1} ∫ h dQ_1 + δ_1 ≤ e^{ε_1 + ε_2} Q(S) + δ_1; induct over k; E_ε is non-increasing in ε, so Σ ε_k ≤ ε
  suffices; the reverse direction is the same argument with P and Q exchanged), minimised over a grid of splits
  (:data:`SHARES`). Each E_{ε_k} is the one-dimensional enclosure's upper end (max over rounds and directions: a
  bound for every round). This composes the per-coordinate *profiles*, not per-coordinate privacy-loss
  distributions: a later round's one-dimensional law is known only through enclosures of its divergence (the affine
  chain ± the projection's mass, the projected chain's image), not as a distribution, so the PLD composition of
  :mod:`certunlearn.privacy.pld` (whose rounding is toward safety on both sides) has nothing to discretise;
* *lower*: post-processing — the projection θ ↦ θ_k maps P_i to P_{i,k} and Q_i to N(μ_{i,k}, σ²), so
  E_ε(P_i ‖ Q_i) ≥ E_ε(P_{i,k} ‖ N(μ_{i,k}, σ²)): the max over coordinates of the one-dimensional enclosure's lower end.

**Accuracy** (P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]): f_D(θ) − min_Θ f_D = Σ_k e_k with e_k = f_k(θ_k) − min f_k ≥ 0
(f_k the coordinate's loss, min over [lo_k, hi_k]): *upper* P(Σ e_k > α) ≤ Σ_k P(e_k > α_k) for Σ_k α_k ≤ α (the
union bound), minimised over the same splits; *lower* P(Σ e_k > α) ≥ P(e_k > α) for each k (the e_j ≥ 0). The
outer-integral argument of :mod:`certunlearn.claims.d2d.separable_tail` needs the density of one coordinate's law,
and a round i ≥ 1's law is known only through enclosures of its tails (its exact image, the affine chain): it does
not apply here.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

from flint import arb

from ...numeric.fraction import Fraction
from ..instances import frac
from ..model import Instance
from .common import setup_of

__all__ = ["decouples", "coordinate_instance", "shares", "product_enclosure"]

#: The budget shares (of ε or of α) tried per coordinate; the split's shares sum to at most 1 (with 1/d added).
SHARES = (Fraction(1, 256), Fraction(1, 16), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(15, 16),
          Fraction(255, 256))


def decouples(values: Instance) -> bool:
    """Whether the instance's coordinates decouple: d = 1, or Θ a box (no ball, no polytope) with a separable loss
    (a diagonal quadratic or the Huber-smoothed one: not logistic)."""
    if frac(values["d"]) == 1 and len(values["A"]) == 1:
        return True
    s = setup_of(values)
    return s.dim == frac(values["d"]) and s.ball is None and not s.polytope and not s.logistic


def coordinate_instance(values: Instance, k: int) -> dict:
    """The one-dimensional instance of coordinate k: the k-th entries of A, lo, hi, the data, the updates and θ'_0,
    every other entry (the constants M, m, L, D, n, d, ε, δ, I, σ, β, the Huber band) the d-dimensional one's."""
    out = dict(values)
    out["A"] = [values["A"][k]]
    out["lo"], out["hi"] = [values["lo"][k]], [values["hi"][k]]
    out["X"] = [[row[k]] for row in values["X"]]
    out["U"] = [[row[0], row[1 + k]] for row in values.get("U", [])]
    out["theta0"] = [values["theta0"][k]]
    return out


def shares(d: int) -> list[tuple[Fraction, ...]]:
    """The splits tried: tuples of :data:`SHARES` (and 1/d) summing to at most 1, the even split first."""
    grid = sorted(set(SHARES) | {Fraction(1, d)})
    even = (Fraction(1, d),) * d
    return [even] + [t for t in itertools.product(grid, repeat=d) if sum(t) <= 1 and t != even]


def product_enclosure(values: Instance, lower_of: Callable[[dict], arb],
                      upper_of: Callable[[dict, Fraction], arb]) -> arb:
    """A ball containing the product's quantity (module docstring) from the coordinates' one-dimensional enclosures:
    ``lower_of(v_k)`` at the whole budget (its lower end used), ``upper_of(v_k, s)`` at the share s of it (its upper
    end used)."""
    d = len(values["A"])
    coords = [coordinate_instance(values, k) for k in range(d)]
    low = arb(0)
    for v in coords:
        low = low.max(arb(lower_of(v).lower()))
    splits = shares(d)
    used = sorted({s for t in splits for s in t})
    ups = [{s: arb(upper_of(v, s).upper()) for s in used} for v in coords]
    high = None
    for t in splits:
        total = sum((ups[k][s] for k, s in enumerate(t)), arb(0))
        high = total if high is None or total.upper() < high.upper() else high
    high = high.upper().min(arb(1))
    if low > high:  # two rigorous bounds on one number: crossing ones would be a bug
        raise ArithmeticError("the product's lower bound exceeds its upper bound")
    return low.union(high)
