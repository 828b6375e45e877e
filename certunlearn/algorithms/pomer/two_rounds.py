"""Whole-trajectory privacy of POMER for T = 2 in one dimension: the hockey-stick divergence between the laws of the
published pair (x₁, x₂) under neighbouring loss sequences, as a rigorous enclosure.

Only l₁ can matter (l₂ acts on x₃, which is not published), so the neighbours are l₁ vs l'₁. With ν the law of x₁,
k/s the keep/switch probabilities of round 1 (:func:`~.law.ratio_factors`) and μ̄₂ = μ̄(l₁, β, λ), the law
of (x₁, x₂) is ν(x)k(x) on the diagonal {x₂ = x₁} plus ν(x₁)s(x₁)μ̄₂(x₂) off it; the two parts are mutually
singular, so

    δ(ε) = ∫ ν (k − e^ε k')₊ dx  +  ∫ ν(x₁) s(x₁) H(ε + log s'(x₁)/s(x₁)) dx₁,   H(θ) = ∫ (μ̄₂ − e^θ μ̄'₂)₊.

H is nonincreasing in θ and is computed exactly (the log ratio of μ̄₂ and μ̄'₂ is piecewise linear); both integrals
over x₁ are enclosed on a grid (containing every kink) by interval evaluation: an interval where the integrand's
sign is certain contributes exactly, elsewhere the integrand is bounded by its monotone envelope. The enclosure
width shrinks with the grid (it is a rigorous bracket, not an estimate).
"""
from __future__ import annotations

from flint import arb

from ...errors import InvalidParameterError
from ...numeric.fraction import Fraction
from .gibbs import (
    PiecewiseLinear, Pieces, as_arb, as_fraction, gibbs, linear_regions, log_partition, total, uniform,
)
from .law import INITIAL_POINTS, ratio_factors


def _above(first: Pieces, second: Pieces, diff: PiecewiseLinear, beta, offset: arb, theta: arb) -> arb:
    """∫ (first − e^θ second)₊ where log(first/second) = −β·diff(x) + offset (piecewise linear)."""
    ones = ((arb(1), Fraction(0)),)
    region = linear_regions(diff, beta, offset, theta, theta - 1, ones, lambda k, C: (), ())
    return (first * region).integral() - theta.exp() * (second * region).integral()


def _grid(a: Fraction, b: Fraction, knots, points: int) -> list[Fraction]:
    return sorted({a + (b - a) * Fraction(i, points) for i in range(points + 1)} | set(knots))


def trajectory_delta(loss: PiecewiseLinear, other: PiecewiseLinear, beta, lam, p, log_phi: arb, epsilon,
                     initial: str = "uniform", points: int = 64) -> arb:
    """An enclosure of δ(ε) = sup_O P[(x₁, x₂) ∈ O] − e^ε P'[(x₁, x₂) ∈ O] for Algorithm 1 with T = 2 (budget B ≥ 1),
    P with l₁ = ``loss`` and P' with l₁ = ``other`` (swap them for the other direction)."""
    if initial not in INITIAL_POINTS:
        raise InvalidParameterError("initial", f"choose from {INITIAL_POINTS}, got {initial!r}")
    a, b = loss.domain
    zero = total([], a, b)
    nu = uniform(a, b, beta, lam) if initial == "uniform" else gibbs(zero, beta, lam)
    keep, switch = ratio_factors(loss, zero, beta, lam, p, log_phi)
    keep2, switch2 = ratio_factors(other, zero, beta, lam, p, log_phi)
    eps = as_arb(as_fraction(epsilon, "epsilon")) if not isinstance(epsilon, arb) else epsilon
    mu, mu2 = gibbs(loss, beta, lam), gibbs(other, beta, lam)
    offset = log_partition(other, beta, lam) - log_partition(loss, beta, lam)
    diff = loss - other
    pp = as_arb(as_fraction(p, "p"))
    floor = (-2 * log_phi).exp()

    def clipped(f: PiecewiseLinear, x: arb) -> arb:
        log_r = -as_arb(beta) * f.at(x) + log_partition(zero, beta, lam) - log_partition(f, beta, lam) - log_phi
        return (1 - pp) * log_r.exp().min(arb(1)).max(floor)

    def theta_range(x: arb) -> tuple[arb, arb]:
        s, s2 = 1 - clipped(loss, x), 1 - clipped(other, x)
        theta = eps + s2.log() - s.log()
        return theta.lower(), theta.upper()

    h_cache: dict[str, arb] = {}

    def h(theta: arb) -> arb:
        key = theta.str(30)
        if key not in h_cache:
            h_cache[key] = _above(mu, mu2, diff, beta, offset, theta)
        return h_cache[key]

    grid = _grid(a, b, set(loss.knots) | set(other.knots), points)
    diag, off = arb(0), arb(0)
    for u, v in zip(grid, grid[1:]):
        cell = as_arb(u).union(as_arb(v))
        nu_keep = (nu * keep).restricted(u, v).integral()
        nu_keep2 = (nu * keep2).restricted(u, v).integral()
        gap = clipped(loss, cell) - eps.exp() * clipped(other, cell)
        if gap >= 0:
            diag += nu_keep - eps.exp() * nu_keep2
        elif not gap <= 0:
            diag += arb(0).union(nu_keep)
        nu_switch = (nu * switch).restricted(u, v).integral()
        lo, hi = theta_range(cell)
        off += nu_switch * h(hi).min(h(lo)).union(h(lo).max(h(hi)))
    return diag + off
