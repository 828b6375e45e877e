"""Link least squares f_z(θ) = Σ_k ½(h(θ_k) − z_k)² with the Gaussian bump link h(t) = t + κ·t·e^{−t²/2}, on arb
enclosures, for Rewind-to-Delete (r2d) Corollary 3.6 and Lemma B.4 over bounded continuous populations (issue 23).

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. Theorem 3.1 (lines 133–147) asks f_z L-smooth with ‖∇f_z‖ < G on Θ
(line 135); Corollary 3.6 (lines 191–197) and Lemma B.4 (lines 547–553) add μ-PL (Definition 3.4, line 171) for F
and every f_{D'}. The sine link φ(t) = t + κ sin t is ``r2d_transcendental.SINE``; this module adds a second family
of the printed class whose Gaussian expectations are also in closed form.

**The link.** h(t) = t + κ t e^{−t²/2}, 0 ≤ κ < e^{3/2}/2, so that
h'(t) = 1 + κ(1 − t²)e^{−t²/2}, h''(t) = κ t(t² − 3)e^{−t²/2}, and
(i) inf_ℝ h' = 1 − 2κe^{−3/2} > 0 (the minimum of (1 − s)e^{−s/2} over s = t² ≥ 0 is at s = 3: its derivative is
(s − 3)e^{−s/2}/2), sup_ℝ h' = 1 + κ (at t = 0), so h is an increasing bijection of ℝ (h(t) → ±∞ with t);
(ii) sup_ℝ |h''| = κ·c₂, c₂ = √(6(3 − √6))·e^{−(3−√6)/2} ≈ 1.380: (t³ − 3t)e^{−t²/2} has derivative
−(t⁴ − 6t² + 3)e^{−t²/2}, zero at t² = 3 ± √6, where |t(t² − 3)|e^{−t²/2} is c₂ (t² = 3 − √6) and
√(6(3 + √6))e^{−(3+√6)/2} ≈ 0.375 (t² = 3 + √6); it vanishes at 0 and at ±∞;
(iii) h is odd and increasing, so sup_{|t| ≤ b}|h(t)| = h(b).

**The constants on Θ = [−b, b]^d, ‖z‖_∞ ≤ R** (one coordinate; the loss is separable). With ψ(t; z) = ½(h(t) − z)²:
ψ' = (h − z)h', ψ'' = h'² + (h − z)h'', so |ψ''| ≤ (1 + κ)² + (h(b) + R)κc₂ (the paper's L, ``M`` below) and
|ψ'| ≤ (h(b) + R)(1 + κ), ‖∇f_z‖ ≤ √d(h(b) + R)(1 + κ) (the paper's G, ``L`` below). f_D = Σ_k[½(h(θ_k) − x̄_k)² +
½var_k] for every dataset (expand the square), so f*_D = Σ_k ½var_k (h onto ℝ) and ½‖∇f_D‖² = Σ_k h'(θ_k)²·½(h(θ_k) −
x̄_k)² ≥ (1 − 2κe^{−3/2})²(f_D − f*_D): every f_D — and F, the same form with the law's mean and variance — is PL
with μ = (inf h')² on all of ℝ^d. It is not convex for κ > 0: ψ'' < 0 where (h(t) − z)h''(t) < −h'(t)², e.g. κ = 2,
t = 3/4, z ≤ −2 (checked in the tests).

**Gaussian expectations in closed form.** For t = μ + σZ and c > 0, e^{−ct²} times the N(μ, σ²) density is
s_c·N(μ_c, v_c) with r = 1 + 2cσ², s_c = r^{−1/2}e^{−cμ²/r}, μ_c = μ/r, v_c = σ²/r (complete the square), so
E[t^k e^{−ct²}] = s_c·M_k with M_0 = 1, M_1 = μ_c, M_2 = μ_c² + v_c. Then with (h(t) − a)² = (t − a)² +
2κ(t − a)t e^{−t²/2} + κ²t²e^{−t²}: E½(h(t) − a)² = ½[(μ − a)² + σ² + 2κ s_{1/2}(M₂ − aM₁)|_{c=1/2} + κ²s_1M₂|_{c=1}]
(:meth:`BumpLeastSquares.gaussian_excess`) — no quadrature, whatever σ.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flint import arb

from ..errors import AssumptionViolatedError, InvalidParameterError
from ..numeric.enclosure import to_arb
from ..numeric.fraction import Fraction

__all__ = ["BUMP", "BumpLeastSquares", "bump_c2", "bump_kappa_max"]

#: the ``shape`` code of the bump link (``r2d_transcendental`` uses 0 for log cosh and 1 for the sine)
BUMP = 10


def bump_kappa_max() -> arb:
    """e^{3/2}/2: κ below it keeps inf h' = 1 − 2κe^{−3/2} > 0."""
    return (arb(3) / 2).exp() / 2


def bump_c2() -> arb:
    """c₂ = sup_t |t(t² − 3)|e^{−t²/2} = √(6(3 − √6))·e^{−(3 − √6)/2} (module doc (ii))."""
    s = 3 - arb(6).sqrt()
    return (6 * s).sqrt() * (-s / 2).exp()


@dataclass(frozen=True)
class BumpLeastSquares:
    """f_x(θ) = Σ_k ½(h(θ_k) − x_k)², h(t) = t + κ t e^{−t²/2}, 0 ≤ κ < e^{3/2}/2 (module doc), ‖x‖_∞ ≤ R. The
    interface of ``r2d_transcendental.SeparableTranscendental`` that gradient descent reads (``risk_grad``), so
    ``r2d_transcendental.descent`` runs it; its constants are arb enclosures of the exact suprema of the module doc."""

    kappa: Fraction
    R: Fraction
    d: int = 1

    def __post_init__(self) -> None:
        if not (self.kappa >= 0 and to_arb(self.kappa) < bump_kappa_max()):
            raise InvalidParameterError("param", f"κ must lie in [0, e^(3/2)/2) (h' > 0), got {self.kappa}")

    key = "r2d-bump-pl"

    def check_data(self, X: Any) -> None:
        for i, row in enumerate(X):
            if any(abs(Fraction(v)) > self.R for v in row):
                raise AssumptionViolatedError("|x_k| ≤ R", f"point {i} lies outside [−{self.R}, {self.R}]^d")

    # -- the link
    def h(self, t: arb) -> arb:
        return t + to_arb(self.kappa) * t * (-(t * t) / 2).exp()

    def dh(self, t: arb) -> arb:
        return 1 + to_arb(self.kappa) * (1 - t * t) * (-(t * t) / 2).exp()

    def d2h(self, t: arb) -> arb:
        return to_arb(self.kappa) * t * (t * t - 3) * (-(t * t) / 2).exp()

    # -- the exact constants (module doc)
    def slope_inf(self) -> arb:
        """inf_ℝ h' = 1 − 2κe^{−3/2}."""
        return 1 - 2 * to_arb(self.kappa) * (arb(-3) / 2).exp()

    def slope_sup(self) -> arb:
        return 1 + to_arb(self.kappa)

    def pl_constant(self) -> arb:
        """μ = (inf h')²: every f_D and F are μ-PL on ℝ^d."""
        s = self.slope_inf()
        return s * s

    def smoothness(self, b: Fraction) -> arb:
        """The paper's L on [−b, b]: (1 + κ)² + (h(b) + R)κc₂ ≥ sup|ψ''| (module doc)."""
        k = to_arb(self.kappa)
        return (1 + k) * (1 + k) + (self.h(to_arb(b)) + to_arb(self.R)) * k * bump_c2()

    def gradient_bound(self, b: Fraction) -> arb:
        """The paper's G on [−b, b]^d: √d(h(b) + R)(1 + κ) ≥ sup‖∇f_z‖ (module doc)."""
        return (self.h(to_arb(b)) + to_arb(self.R)) * (1 + to_arb(self.kappa)) * arb(self.d).sqrt()

    # -- the empirical risk, on enclosures
    def grad1(self, t: arb, mean: arb) -> arb:
        """(h(t) − x̄)h'(t): one coordinate's gradient of f_D for a dataset of mean x̄."""
        k, t2 = to_arb(self.kappa), t * t
        e = (-t2 / 2).exp()
        return (t + k * t * e - mean) * (1 + k * (1 - t2) * e)

    def risk_grad(self, theta: Sequence[arb], X: Sequence[Sequence[Fraction]]) -> list[arb]:
        """∇f_D(θ)_k = (h(θ_k) − x̄_k)h'(θ_k): the mean of the rows' gradients (ψ' is affine in x)."""
        n = len(X)
        out = []
        for k in range(self.d):
            out.append(self.grad1(theta[k], to_arb(sum((Fraction(row[k]) for row in X), Fraction(0)) / n)))
        return out

    def gaussian_excess(self, mu: arb, a: Fraction, sigma: Any) -> arb:
        """E ½(h(μ + σZ) − a)², Z ~ N(0, 1), in closed form (module doc); μ a ball: an enclosure over it."""
        sig = to_arb(sigma)
        v = sig * sig
        k = to_arb(self.kappa)
        c = mu - to_arb(a)
        lo, hi = c.lower(), c.upper()
        sq = (lo * lo).union(hi * hi)
        if lo < 0 < hi:
            sq = sq.union(arb(0))

        def moments(cc: arb) -> tuple[arb, arb, arb]:
            r = 1 + 2 * cc * v
            s = (-(cc * mu * mu) / r).exp() / r.sqrt()
            m1 = mu / r
            return s, m1, m1 * m1 + v / r

        s_half, m1_half, m2_half = moments(arb(1) / 2)
        s_one, _, m2_one = moments(arb(1))
        return (sq + v + 2 * k * s_half * (m2_half - to_arb(a) * m1_half) + k * k * s_one * m2_one) / 2
