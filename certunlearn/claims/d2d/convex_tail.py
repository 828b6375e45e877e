"""The accuracy event of a merely convex smooth loss (m = 0), enclosed around any feasible point — no minimiser needed
(issue 23: the d2d accuracy claims of the convex theorems over their whole class).

The accuracy of d2d Theorems 3.4, 3.5 and Remark 3.6 (``papers/002_7f80bf4846a5a6af.txt`` lines 287–290, 310–318,
321–330; Definition 2.7, line 121) is P[f_D(θ̂ + Z) − min_Θ f_D > α], Z ~ N(0, σ²I), for f_z convex, L-Lipschitz and
M-smooth (Definitions 2.9–2.11, lines 133–147; §3.2, line 273) on a convex closed Θ. The contraction certificate of
:mod:`.sandwich_tail` needs m > 0; with m = 0 the minimiser need not be unique, and none is needed. Around ANY feasible
rational θ₀ ∈ Θ with g₀ = ∇f_D(θ₀) (enclosed on arb), convexity and M-smoothness on ℝ^d give, for every Δ,

    ⟨g₀, Δ⟩ ≤ f_D(θ₀ + Δ) − f_D(θ₀) ≤ ⟨g₀, Δ⟩ + (M/2)‖Δ‖²,

and the first-order condition over the convex Θ bounds the optimum (the Frank–Wolfe gap):

    f_D(θ₀) − G ≤ min_Θ f_D ≤ f_D(θ₀),   G = ⟨g₀, θ₀⟩ − min_{θ∈Θ} ⟨g₀, θ⟩ ≥ 0

(f(θ) ≥ f(θ₀) + ⟨g₀, θ − θ₀⟩ ≥ f(θ₀) − G for θ ∈ Θ; a linear minimum over a box coordinate by coordinate, over a
polytope at a vertex, over the ball of radius r equal to −r‖g₀‖). With Δ = θ̂ + Z − θ₀ ~ N(θ̂ − θ₀, σ²I):

    {⟨g₀, Δ⟩ > α} ⊆ {f_D(θ̂ + Z) − min_Θ f_D > α} ⊆ {⟨g₀, Δ⟩ + (M/2)‖Δ‖² > α − G},

a half-space's Gaussian tail below and a noncentral χ²_d tail above (:func:`.sandwich_tail.model_tail`; M = 0, a
linear loss, makes the upper one a half-space too). Where the family gives diagonal Hessian bounds ∇²f_D ⪯ K_up on ℝ^d
(:func:`.sandwich_tail.diagonal_curvatures`: logistic without ridge), the upper event with ½ΔᵀK_upΔ — an ellipsoid's
exterior — is a second upper end, and the smaller is kept. θ₀ comes from a float solver projected exactly onto Θ (it
decides nothing: every θ₀ ∈ Θ gives a valid enclosure; a better θ₀ only makes G smaller); the declared M is a global
Hessian bound of the family, which the instance's hypotheses check against its own constant.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from flint import arb

from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from .sandwich_tail import (Chi2Tail, approx_argmin, declared_curvatures, fraction_of, squared_norm, diagonal_curvatures,
                            diagonal_model_tail, model_tail)

__all__ = ["convex_probability", "feasible_start", "linear_minimum", "wolfe_gap"]

#: θ₀'s grid (a float solver's answer rounded to it, then projected exactly onto Θ)
GRID = 2**60


def linear_minimum(domain: Any, g: Sequence[arb]) -> arb:
    """min_{θ∈Θ} ⟨g, θ⟩ enclosed, for Θ a box (coordinate by coordinate), a polytope (at a vertex) or a ball {‖θ‖ ≤ r}
    (−r‖g‖)."""
    from ...problems.domains import Box
    from ...problems.polytope import Polytope

    if isinstance(domain, Box):
        return sum(((gk * to_arb(a)).min(gk * to_arb(b)) for gk, a, b in zip(g, domain.lo, domain.hi)), arb(0))
    if isinstance(domain, Polytope):
        vals = [sum((gk * to_arb(v) for gk, v in zip(g, vx)), arb(0)) for vx in domain.vertices()]
        out = vals[0]
        for v in vals[1:]:
            out = out.min(v)
        return out
    if hasattr(domain, "radius"):
        return -to_arb(domain.radius) * squared_norm(g).sqrt()
    raise ArithmeticError(f"no linear minimum over {type(domain).__name__}")


def wolfe_gap(domain: Any, theta0: Sequence[Fraction], g: Sequence[arb]) -> arb:
    """G = ⟨g, θ₀⟩ − min_Θ⟨g, θ⟩ ≥ 0 (θ₀ ∈ Θ), enclosed: f(θ₀) − min_Θ f ∈ [0, G] for a convex f with ∇f(θ₀) = g."""
    inner = sum((gk * to_arb(t) for gk, t in zip(g, theta0)), arb(0))
    return (inner - linear_minimum(domain, g)).nonnegative_part()


def _gradient(loss: Any, X: np.ndarray, theta: Sequence[Fraction]) -> list[arb]:
    t = np.asarray([to_arb(v) for v in theta], dtype=object)
    return [to_arb(v) for v in np.asarray(loss.risk_grad(t, X)).ravel()]


def feasible_start(loss: Any, domain: Any, X: np.ndarray, steps: int = 8) -> tuple[list[Fraction], list[arb], arb]:
    """A rational θ₀ ∈ Θ near argmin_Θ f_D (a float solver's answer on the 2⁻⁶⁰ grid, projected exactly onto Θ — a
    ball's rounded projection lands inside it), ∇f_D(θ₀) and the gap G enclosed; then up to ``steps`` projected
    gradient steps θ ↦ P_Θ(θ − ∇f_D(θ)/M) (step 1 when M = 0) on the same grid, each kept only if it decides a
    smaller G."""
    _, M = declared_curvatures(loss, domain)
    theta = [Fraction(round(v * GRID), GRID) for v in approx_argmin(loss, domain, X)]
    theta = [Fraction(v) for v in domain.project(np.asarray(theta, dtype=object))]
    if not domain.contains(np.asarray(theta, dtype=object)):
        raise ArithmeticError("the start is not in Θ: no first-order bound on min_Θ f")
    g = _gradient(loss, X, theta)
    gap = wolfe_gap(domain, theta, g)
    eta = 1 / to_arb(M) if to_arb(M) > 0 else arb(1)  # any step is valid: a step is kept only if G decreases
    for _ in range(steps):
        if not gap > 0:
            break
        y = [to_arb(t) - eta * gk for t, gk in zip(theta, g)]
        cand = [Fraction(round(fraction_of(v) * GRID), GRID) for v in y]
        cand = [Fraction(v) for v in domain.project(np.asarray(cand, dtype=object))]
        if not domain.contains(np.asarray(cand, dtype=object)):
            break
        g2 = _gradient(loss, X, cand)
        gap2 = wolfe_gap(domain, cand, g2)
        if not gap2.upper() < gap.upper():
            break
        theta, g, gap = cand, g2, gap2
    return theta, g, gap


def convex_probability(s: Any, X: np.ndarray, mean: np.ndarray, sigma: arb, alpha: arb, err: Fraction,
                       chi2_sf: Chi2Tail) -> arb:
    """P[f_D(θ̂ + Z) − min_Θ f_D > α] for the convex (m = 0), M-smooth loss and Θ of the d2d Setup ``s`` on the dataset
    ``X`` (θ̂ = ``mean`` known within ``err`` in norm: each coordinate widened by it), between the half-space tail and
    the M-model's χ² tail at α − G (module docstring)."""
    m, M = declared_curvatures(s.loss, s.domain)
    if not to_arb(m) >= 0 or not to_arb(M) >= 0:
        raise ArithmeticError("the declared curvatures are not decided 0 ≤ m ≤ M")
    theta0, g0, gap = feasible_start(s.loss, s.domain, X)
    slack = arb(0, to_arb(err).upper()) if err else arb(0)
    offset = [to_arb(mu) + slack - to_arb(t) for mu, t in zip(mean, theta0)]
    low = model_tail(offset, g0, arb(0), sigma, alpha, chi2_sf)
    high = model_tail(offset, g0, to_arb(M), sigma, alpha - gap, chi2_sf)
    hi = arb(high.upper()).min(arb(1))
    diag = diagonal_curvatures(s.loss, X) if len(offset) >= 2 and hi > 2**-30 else None
    if diag is not None and all(k > 0 for k in diag[1]):
        hi = hi.min(arb(diagonal_model_tail(offset, g0, diag[1], sigma, alpha - gap).upper()))
    lo = arb(low.lower()).max(arb(0))
    if not lo <= hi:
        raise ArithmeticError("the half-space and the M-model's tails cross: a curvature bound is wrong")
    return lo.union(hi)
