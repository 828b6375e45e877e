"""The supremum of Lemma 2.12's quantity over the lemma's whole class (issue 23, item 5: the benchmark's reference).

Lemma 2.12 (``papers/002_7f80bf4846a5a6af.txt`` line 153; proof Appendix B, lines 496–537): f_z L-Lipschitz and
m-strongly convex on a convex closed Θ ⊂ ℝ^d, |D| = n, one update u ⇒ ‖θ*_D − θ*_{D∘u}‖ ≤ 2L/(mn).

**Sharp bound.** Let S be the smaller of the two datasets (k points), S ∪ {z} the larger, θ_S and θ_big their
minimisers over Θ, s = ‖θ_big − θ_S‖ > 0 and u = (θ_big − θ_S)/s. Write f_S for the mean loss over S.
 (i)  θ_S minimises f_S over Θ ∋ θ_big:      ⟨∇f_S(θ_S), u⟩ ≥ 0 (variational inequality);
 (ii) f_S is m-strongly convex:              ⟨∇f_S(θ_big) − ∇f_S(θ_S), u⟩ ≥ ms, so ⟨∇f_S(θ_big), u⟩ ≥ ms;
 (iii) the same for f_z, and |⟨∇f_z(θ_S), u⟩| ≤ L:  ⟨∇f_z(θ_big), u⟩ ≥ −L + ms;
 (iv) θ_big minimises (k f_S + f_z)/(k + 1) over Θ ∋ θ_S:  k⟨∇f_S(θ_big), u⟩ + ⟨∇f_z(θ_big), u⟩ ≤ 0.
Together kms − L + ms ≤ 0: **s ≤ L/(m(k + 1))** for every loss, convex Θ and d of the class (subgradients serve
where f_z is not differentiable). A deletion from |D| = n has k = n − 1: s ≤ L/(mn), half the lemma's bound; an
addition has k = n: s ≤ L/(m(n + 1)) = n/(2(n + 1)) of it.

**Attained.** f_x(θ) = (m/2)(θ − x)² on Θ = [0, L/(mn)] ⊂ ℝ, S = n − 1 copies of x = 0 and z = L/m: θ_S = 0,
θ_big = z/n = L/(mn) (interior to [0, z]), |f'_z| = m|θ − z| ≤ L and |f'_0| = m|θ| ≤ L/n on Θ — every inequality
above holds with equality. The same ratio 1/2 is reached on Θ = [−1, 1] with n = 2, D = {1, −1} and the deletion
of −1 (L = a(B + R) = 2, s = 1). So sup over the class of ‖θ*_D − θ*_{D∘u}‖/(2L/(mn)) = 1/2, a maximum.
"""
from __future__ import annotations

from ...numeric.fraction import Fraction

__all__ = ["sharp_sensitivity", "class_supremum_ratio", "attaining_instance"]


def sharp_sensitivity(L: Fraction, m: Fraction, n: int, op: int) -> Fraction:
    """L/(m(k + 1)): the largest ‖θ*_D − θ*_{D∘u}‖ over the class for |D| = n and an update op (−1 deletion,
    1 addition), k the size of the smaller dataset."""
    k = n - 1 if op == -1 else n
    return Fraction(L) / (Fraction(m) * (k + 1))


def class_supremum_ratio() -> Fraction:
    """sup over the class (every n ≥ 2, either update) of ‖θ*_D − θ*_{D∘u}‖/(2L/(mn)): 1/2, attained by deletions."""
    return Fraction(1, 2)


def attaining_instance(n: int, L: Fraction = Fraction(2), m: Fraction = Fraction(1)) -> dict:
    """The 1-d quadratic instance that attains L/(mn) (the docstring's equality case), as plain data:
    curvature, the box Θ, the dataset D (n points) and the deleted point."""
    z = Fraction(L) / Fraction(m)
    return {"a": Fraction(m), "lo": Fraction(0), "hi": z / n, "X": [Fraction(0)] * (n - 1) + [z], "delete": z}
