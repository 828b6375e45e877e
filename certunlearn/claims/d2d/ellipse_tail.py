"""P[a₁(Y₁ + c₁)² + a₂(Y₂ + c₂)² > τ] for independent standard normals Y₁, Y₂, rigorously (issue 23: d2d accuracy
claims on anisotropic quadratics — a generalised χ² tail with two unequal weights).

The accuracy event of d2d Theorems 3.1, 3.4, 3.5 and Remark 3.6 (``papers/002_7f80bf4846a5a6af.txt`` lines 205–209,
287–290, 318–330; Definition 2.7, line 121) for f_D(θ) = ½(θ − x̄)ᵀdiag(a)(θ − x̄) + const and θ̃ = θ̂ + Z is
Σ_k a_k(Z_k + c_k)² > 2α + Σ_k a_k(θ*_k − x̄_k)² with c = θ̂ − x̄: in units of σ, the exterior of an ellipse.

Its complement is one integral: with y₁ = −c₁ + ρ₁ sin u (ρ_k = √(τ/a_k)), τ − a₁(y₁ + c₁)² = τcos²u, so

    P[inside] = ∫_{−π/2}^{π/2} φ(−c₁ + ρ₁ sin u) · ½[erf((h − c₂)/√2) + erf((h + c₂)/√2)] · ρ₁ cos u du,  h = ρ₂ cos u,

an entire integrand (no square root left), integrated by arb's rigorous adaptive Gauss–Legendre quadrature
(``acb.integral``: the result is a ball containing the exact value).

In d ≥ 3 the event is an ellipsoid's exterior, a generalised χ² tail with d weights: Ruben's series with a rigorous
remainder (:func:`certunlearn.privacy.generalized_chi2.generalized_chi2_sf`) encloses it in any d;
:func:`ellipsoid_exterior` dispatches (d = 2 keeps the integral above, its oracle).
"""
from __future__ import annotations

from collections.abc import Sequence

from flint import acb, arb

from ...privacy.generalized_chi2 import generalized_chi2_sf

__all__ = ["ellipse_exterior", "ellipsoid_exterior"]


def ellipse_exterior(a1: arb, a2: arb, c1: arb, c2: arb, tau: arb) -> arb:
    """P[a₁(Y₁ + c₁)² + a₂(Y₂ + c₂)² > τ] (a₁, a₂ > 0), a ball containing the exact value."""
    if not (a1 > 0 and a2 > 0):
        raise ArithmeticError("the weights must be decided positive")
    if not tau > 0:
        if tau <= 0:
            return arb(1)
        raise ArithmeticError("the threshold is not decided positive")
    rho1, rho2 = (tau / a1).sqrt(), (tau / a2).sqrt()
    inv_sqrt2pi = 1 / (2 * arb.pi()).sqrt()
    r2 = arb(2).sqrt()
    C1, C2, R1, R2, K, S2 = (acb(v) for v in (c1, c2, rho1, rho2, inv_sqrt2pi, r2))

    def integrand(u: acb, analytic: bool) -> acb:
        y = -C1 + R1 * u.sin()
        h = R2 * u.cos()
        inner = ((h - C2) / S2).erf() + ((h + C2) / S2).erf()
        return K * (-(y * y) / 2).exp() * inner / 2 * R1 * u.cos()

    half = arb.pi() / 2
    inside = acb.integral(integrand, acb(-half), acb(half)).real
    return (1 - inside).intersection(arb(0).union(arb(1)))


def ellipsoid_exterior(a: Sequence[arb], c: Sequence[arb], tau: arb) -> arb:
    """P[Σ_k a_k(Y_k + c_k)² > τ] (a_k > 0) in any d ≥ 2, a ball containing the exact value: the ellipse integral in
    d = 2, Ruben's series (:mod:`certunlearn.privacy.generalized_chi2`) in d ≥ 3."""
    if len(a) != len(c) or len(a) < 2:
        raise ValueError("one offset per weight, d ≥ 2")
    if len(a) == 2:
        return ellipse_exterior(a[0], a[1], c[0], c[1], tau)
    return generalized_chi2_sf(a, c, tau)
