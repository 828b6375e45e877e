"""The losses of the cell engines (:mod:`.cell_population`, Corollary 3.6; :mod:`.cell_outputs`, Lemma B.4): link least
squares ψ(t; z) = ½(h(t) − z)² per coordinate, with the facts the cell bracket needs checked on the instance.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt`` (Theorem 3.1, lines 133–147; Definition 3.4, line 171; Corollary 3.6,
lines 191–197; Lemma B.4, lines 547–553). A loss of the engine is a :class:`CellLoss`: a link h, smooth and
increasing with h' ≥ s > 0 on ℝ, so that

* (PL) f_D = Σ_k [½(h(θ_k) − x̄_k)² + ½var_k] and F likewise with the law's moments: F* = Σ_k ½v_k, f*_D = Σ_k ½var_k
  (h onto ℝ), and every f_D and F is μ-PL with μ = s² (½‖∇f_D‖² = Σ_k h'²·½(h − x̄_k)² ≥ s²(f_D − f*_D));
* (a) the gradient-descent step t ↦ t − η(h(t) − x̄)h'(t) is nondecreasing in t on Θ when η·sup_Θ|ψ''| ≤ 1 (the
  instance's η ≤ 1/L with L ≥ the loss's verified smoothness on Θ, decided) and nondecreasing in x̄ (∂/∂x̄ = ηh'(t)
  > 0: ∂²ψ/∂t∂z = −h' < 0);
* (b) F(θ) − F* = Σ_k ½(h(θ_k) − ā_k)² and its Gaussian smoothing E_ξ in closed form (:meth:`CellLoss.excess`);
* the gradient ∇f_D = ((h(θ_k) − x̄_k)h'(θ_k))_k reads the data only through the column means x̄_k — the fact
  the engines' sum cells use.

Two links: ``SINE`` h(t) = t + κ sin t (0 ≤ κ < 1; ``problems.r2d_transcendental``, its exact constants and
Stein-identity expectation) and ``BUMP`` h(t) = t + κ t e^{−t²/2} (0 ≤ κ < e^{3/2}/2; ``problems.r2d_links``).
Quadratics (λ/2)(θ − z)² are the engines' exact oracle and stay in :mod:`.cell_population`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from flint import arb

from ...errors import InvalidParameterError
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ...problems import Box
from ...problems.r2d_links import BUMP, BumpLeastSquares
from ...problems.r2d_transcendental import SINE, SeparableTranscendental, derivative_of, gaussian_risk

__all__ = ["BUMP", "LINK_NAMES", "SINE", "CellLoss", "LINKS"]

LINKS = (SINE, BUMP)
LINK_NAMES = {SINE: "sine least squares ½(θ + κ sin θ − z)²", BUMP: "bump least squares ½(θ + κθe^{−θ²/2} − z)²"}


@dataclass(frozen=True)
class CellLoss:
    """One coordinate of a link least squares (module doc): ``shape`` SINE or BUMP, ``kappa``, ``R`` ≥ |z|."""

    shape: int
    kappa: Fraction
    R: Fraction

    def __post_init__(self) -> None:
        if self.shape not in LINKS:
            raise ValueError(f"cell_losses: unknown link {self.shape}")

    @cached_property
    def loss(self) -> Any:
        """The one-coordinate loss gradient descent runs (``r2d_transcendental.descent`` reads ``risk_grad``)."""
        if self.shape == SINE:
            return SeparableTranscendental(SINE, self.kappa, self.R, 1)
        return BumpLeastSquares(self.kappa, self.R, 1)

    def in_range(self) -> bool:
        """Whether κ lies in the link's range (the loss's own check: h' > 0 on ℝ); only that refusal reads as False —
        any other exception propagates (an error, never an exclusion)."""
        try:
            self.loss
        except InvalidParameterError:
            return False
        return True

    def link(self, t: arb) -> arb:
        if self.shape == SINE:
            return t + to_arb(self.kappa) * t.sin()
        return self.loss.h(t)

    def excess(self, theta: arb, mean: Fraction, sig: arb) -> arb:
        """E_ξ ½(h(θ + ξ) − ā)², ξ ~ N(0, σ²), enclosed over the ball θ (closed forms)."""
        if self.shape == SINE:
            return gaussian_risk(self.loss, [theta], [[mean]], sig)
        return self.loss.gaussian_excess(theta, mean, sig)

    def smoothness(self, b: Fraction) -> arb:
        """An enclosure of the verified sup over |t| ≤ b, |z| ≤ R of |ψ''| (the paper's L)."""
        if self.shape == SINE:
            return arb_eval(self.loss.constants(Box((-b,), (b,))).value("M"))
        return self.loss.smoothness(b)

    def gradient_sq(self, b: Fraction) -> arb:
        """An enclosure of the verified sup over |t| ≤ b, |z| ≤ R of ψ'² (G² is the sum over coordinates)."""
        if self.shape == SINE:
            g = arb_eval(self.loss.constants(Box((-b,), (b,))).value("L"))
        else:
            g = self.loss.gradient_bound(b)
        return g * g

    def pl_constant(self) -> arb:
        """(inf_ℝ h')²: (1 − κ)² (sine), (1 − 2κe^{−3/2})² (bump)."""
        if self.shape == SINE:
            return to_arb((1 - self.kappa) ** 2)
        return self.loss.pl_constant()

    def grad(self, t: arb, mean: arb) -> arb:
        """ψ'(t; x̄) = (h(t) − x̄)h'(t): the gradient of f_D at t for any dataset of mean x̄ (``r2d_transcendental``'s
        sine derivative; the bump's :meth:`BumpLeastSquares.grad1`)."""
        if self.shape == SINE:
            return derivative_of(SINE, self._kappa, t, mean)
        return self.loss.grad1(t, mean)

    @property
    def _kappa(self) -> arb:
        return to_arb(self.kappa)

    def path(self, mean: Fraction, eta: Fraction, steps: int, theta0: Any) -> list[arb]:
        """θ_0, …, θ_steps of gradient descent θ ← θ − ηψ'(θ; x̄) (Algorithm 1, line 85; Algorithm 2, line 96) on any
        dataset with column mean ``mean`` (the gradient reads the data only through it), on arb balls (as
        ``r2d_transcendental.descent``, whose one-row run it is)."""
        m, e = to_arb(mean), to_arb(eta)
        theta = to_arb(theta0)
        out = [theta]
        for _ in range(steps):
            theta = theta - e * self.grad(theta, m)
            out.append(theta)
        return out


def gradient_bound(losses: list[CellLoss], bs: list[Fraction]) -> arb:
    """√(Σ_k sup ψ_k'²): the verified G of the separable loss on Θ = Π[−b_k, b_k]."""
    return sum((c.gradient_sq(b) for c, b in zip(losses, bs)), arb(0)).sqrt()
