"""The parametric audit, for outputs declared Gaussian: M(D) ~ N(μ₀, σ²I), M(D') ~ N(μ₁, σ²I).

Along a unit vector w the projections are N(⟨w, μ_j⟩, σ²) and ε(δ) of the pair is at least that of
N(0, σ²) versus N(|⟨w, μ₁ − μ₀⟩|, σ²), which increases with the shift and decreases with σ (Balle & Wang
2018, Theorem 8). Two intervals give the bound: σ ≤ σ⁺ (pooled χ² bound) and
|⟨w, μ₁ − μ₀⟩| ≥ |mean difference| − z·σ⁺·√(1/n₀ + 1/n₁) =: Δ⁻ (normal, two-sided); then
ε ≥ ε_Gauss(δ; σ⁺, Δ⁻), rounded down on an enclosure. In one dimension w = 1 and every sample is used;
in d > 1, w is estimated on the first half and the intervals use the second half.

The bound is valid only under the declaration (Gaussian outputs with a common isotropic covariance);
the non-parametric test needs no such assumption.
"""
from __future__ import annotations

import math

import numpy as np

from ..numeric.enclosure import Decision, decide
from ..privacy import delta_enclosure, exact_epsilon
from ..numeric.confidence import scale_upper, z_quantile
from .result import Bound
from .samples import direction, project, split

__all__ = ["gaussian_bound", "gaussian_epsilon_lower"]


def gaussian_epsilon_lower(delta: float, sigma: float, shift: float) -> float:
    """A float ε' with ε' ≤ the true ε(δ) of N(0, σ²) vs N(shift, σ²): δ(ε') > δ is proved on an
    enclosure (0.0 when shift ≤ 0 or δ(0) ≤ δ; ``inf`` when σ = 0 < shift: two distinct point masses are
    (ε, δ)-indistinguishable for no ε when δ < 1). ε(δ) decreases in σ, so when shift/σ is too large for the
    exact profile the bound is computed at a larger σ — smaller, still valid."""
    if not shift > 0:
        return 0.0
    if not sigma > 0:
        return math.inf
    while True:
        try:
            eps = exact_epsilon(delta, sigma, shift)  # rounded up: step down until δ(ε') > δ is proved
            break
        except ArithmeticError:
            if not math.isfinite(sigma) or sigma > shift * 1e6:
                return 0.0
            sigma = max(sigma * 2.0, shift * 2.0**-20)
    step = max(eps * 2.0**-40, 1e-300)
    while eps > 0:
        if decide(lambda: delta_enclosure(eps, sigma, shift), ">", delta).decision is Decision.TRUE:
            return eps
        eps, step = eps - step, step * 2
    return 0.0


def gaussian_bound(x0: np.ndarray, x1: np.ndarray, delta: float, alpha: float, trial: int = 0) -> Bound:
    """The parametric bound from samples ``x0`` of M(D) and ``x1`` of M(D') (arrays (n, d)); two intervals
    at level ``alpha`` each."""
    if x0.shape[1] == 1:
        w, h0, h1 = np.ones(1), x0, x1
    else:
        (s0, h0), (s1, h1) = split(x0), split(x1)
        w = direction(s0, s1)
    v0, v1 = project(h0, w), project(h1, w)
    n0, n1 = v0.size, v1.size
    m0, m1 = float(v0.mean()), float(v1.mean())
    sum_sq = float(np.sum((v0 - m0) ** 2) + np.sum((v1 - m1) ** 2))
    sigma_hi = scale_upper(sum_sq, n0 + n1 - 2, alpha) if sum_sq > 0 else 0.0  # no spread at all: σ = 0 a.s.
    half = z_quantile(alpha / 2) * sigma_hi * math.sqrt(1 / n0 + 1 / n1)
    shift_lo = float(np.nextafter(abs(m1 - m0) - half, -math.inf))
    eps = gaussian_epsilon_lower(delta, sigma_hi, shift_lo)
    witness = {"w": [float(v) for v in w], "shift_estimate": m1 - m0, "shift_lower": max(shift_lo, 0.0),
               "sigma_estimate": math.sqrt(sum_sq / (n0 + n1 - 2)), "sigma_upper": sigma_hi,
               "n0": int(n0), "n1": int(n1)}
    return Bound(trial, "gaussian", "both", eps, alpha, 2, witness)
