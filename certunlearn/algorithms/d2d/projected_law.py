"""The law of the perfect variant's published output in one dimension, with the projections (Theorem 3.2 of
Descent-to-Delete, lines 256–268; Algorithms 2 and 3, lines 188–195).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. In the perfect variant round i starts Algorithm 2 at the published
θ̃_{i−1} and runs T_i projected gradient steps on f_{D_i} = (a/2)(θ − c_i)² + const over Θ = [lo, hi]; one step is
θ ↦ clip_Θ(ρθ + (1 − ρ)c_i), ρ = 1 − ηa, and a composition of such maps is again a clip of an affine map
(:class:`ClipAffine`, exact in rationals). So θ̂_i = g_i(θ̃_{i−1}) with g_i = clip_[L_i, H_i](A_i θ + B_i) monotone, and
θ̃_i = g_i(θ̃_{i−1}) + Z_i, Z_i ~ N(0, σ²): whatever the law of θ̃_{i−1}, the law of θ̃_i is a mixture of N(y, σ²)
over y ∈ g_i(ℝ) = [L_i, H_i] (one point when A_i = 0). That interval encloses both quantities the claims measure:

* the hockey-stick divergence against N(μ, σ²), both directions (:func:`mixture_delta`): by joint convexity it is
  at most sup_y δ_BW(ε; |y − μ|/σ), reached at the endpoint farther from μ; and when μ lies outside [L, H] the
  threshold set that is optimal for the nearer endpoint shows at least δ_BW(ε; dist(μ, [L, H])/σ) (the mixture puts
  at least as much mass on it as that endpoint's Gaussian does) — and, for any y* beyond μ, a threshold set shows
  at least w·δ_BW(ε + log(1/w); |y* − μ|/σ), w the mass of g_i(θ̃_{i−1}) beyond y*, enclosed through the CDF of
  θ̃_{i−1} (:func:`mixture_cdf`: Gaussian for round 0, bounded by the previous round's image after that);
* the probability of leaving a band [c − r, c + r] (:func:`mixture_outside`): for symmetric unimodal noise
  P[|y + Z − c| > r] grows with |y − c| (Anderson), so it lies between its values at the point of [L, H] nearest to
  c and at the endpoint farthest from c.

Both enclosures narrow with the width H_i − L_i ≤ |ρ|^{T_i − 1}·diam Θ (each step is |ρ|-Lipschitz and the first
lands in Θ): they decide exactly the instances where σ is comparable to Θ and the affine (unprojected) law, off by
up to P(projection acts), does not.
"""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass

from flint import arb

from ...numeric.enclosure import to_arb
from ...numeric.enclosure import erfc_ball
from ...numeric.fraction import Fraction
from ...privacy.profile import delta_enclosure, profile_arb

__all__ = ["ClipAffine", "composed_power", "gd_round_map", "mixture_cdf", "mixture_delta", "mixture_outside", "gaussian_band_exit"]


@dataclass(frozen=True)
class ClipAffine:
    """The map θ ↦ clip_[lo, hi](slope·θ + offset) on ℝ, exactly (Fractions), with [lo, hi] its image g(ℝ):
    lo < hi when slope ≠ 0, and lo = hi = clip(offset) when slope = 0 (a constant map)."""

    slope: Fraction
    offset: Fraction
    lo: Fraction
    hi: Fraction

    def __post_init__(self) -> None:
        if self.lo > self.hi or (self.slope == 0) != (self.lo == self.hi):
            raise ValueError("a ClipAffine needs lo < hi for a nonzero slope and lo = hi for a constant map")

    @classmethod
    def step(cls, rho: Fraction, c: Fraction, lo: Fraction, hi: Fraction) -> "ClipAffine":
        """One projected gradient step θ ↦ clip_[lo, hi](ρθ + (1 − ρ)c) on (a/2)(θ − c)², ρ = 1 − ηa."""
        if rho == 0:
            v = min(max(c, lo), hi)
            return cls(Fraction(0), v, v, v)
        return cls(Fraction(rho), (1 - Fraction(rho)) * c, Fraction(lo), Fraction(hi))

    def __call__(self, theta: Fraction) -> Fraction:
        return min(max(self.slope * theta + self.offset, self.lo), self.hi)

    def then(self, outer: "ClipAffine") -> "ClipAffine":
        """outer ∘ self. outer's affine part maps clip_[lo, hi](u) to clip_[a, b](outer's affine part of u) with
        [a, b] the sorted image of [lo, hi]; and clip_[L, H] ∘ clip_[a, b] = clip_[c(a), c(b)], c = clip_[L, H]
        (clips on the line are max/min lattice operations)."""
        if outer.slope == 0 or self.slope == 0:
            v = outer(self.lo)
            return ClipAffine(Fraction(0), v, v, v)
        ends = sorted((outer.slope * self.lo + outer.offset, outer.slope * self.hi + outer.offset))
        lo, hi = (min(max(e, outer.lo), outer.hi) for e in ends)
        if lo == hi:
            return ClipAffine(Fraction(0), lo, lo, lo)
        return ClipAffine(outer.slope * self.slope, outer.slope * self.offset + outer.offset, lo, hi)


def gd_round_map(rho: Fraction, c: Fraction, lo: Fraction, hi: Fraction, steps: int) -> ClipAffine:
    """g = ``steps`` projected gradient steps (``steps`` ≥ 1) on (a/2)(θ − c)² over [lo, hi], composed exactly (by
    repeated squaring: powers of one map commute)."""
    if steps < 1:
        raise ValueError("a round runs at least one projected step")
    return composed_power(ClipAffine.step(rho, c, lo, hi), steps)


def composed_power(step: Any, times: int) -> Any:
    """``step`` composed with itself ``times`` ≥ 1 times by repeated squaring (``a.then(b)`` is b∘a; powers of one map
    commute, and composition is associative): O(log times) compositions. Exact maps (:class:`ClipAffine`,
    :class:`~certunlearn.privacy.clipped_gaussian.PiecewiseAffine`) give the same map as composing one step at a time."""
    if times < 1:
        raise ValueError("a power of a map needs times ≥ 1")
    power, g = step, None
    while times:
        if times & 1:
            g = power if g is None else g.then(power)
        times >>= 1
        if times:
            power = power.then(power)
    return g


def _gap(mu: Fraction, lo: Fraction, hi: Fraction) -> tuple[Fraction, Fraction]:
    """(distance from μ to [lo, hi], distance from μ to the farther endpoint), exactly."""
    near = max(lo - mu, mu - hi, Fraction(0))
    return near, max(abs(lo - mu), abs(hi - mu))


def mixture_cdf(x: Fraction, sigma, lo: Fraction, hi: Fraction) -> arb:
    """An enclosure of P[Y + Z ≤ x] for Z ~ N(0, σ²) and Y any law on [lo, hi] independent of Z: between
    Φ((x − hi)/σ) and Φ((x − lo)/σ) (exact for lo = hi: a Gaussian)."""
    r2s = arb(2).sqrt() * to_arb(sigma)
    return (erfc_ball((to_arb(hi) - to_arb(x)) / r2s) / 2).union(erfc_ball((to_arb(lo) - to_arb(x)) / r2s) / 2)


TAIL_POINTS = 4  # points y* per side of μ tried by the tail lower bound


def _tail_lower(epsilon: arb, sigma: arb, g: ClipAffine, mu: Fraction, prev: tuple[Fraction, Fraction]) -> arb:
    """max over y* strictly beyond μ in g's image of w·δ_BW(ε + log(1/w); |y* − μ|/σ), w a lower bound of the mass
    of Y = g(θ̃_{i−1}) at or beyond y*: the threshold set S optimal for the pair (N(y*, σ²) at weight w, N(μ, σ²))
    has P(S) ≥ w·N(y*, σ²)(S), so E_ε(P ‖ Q) ≥ sup_t wΦ̄((t − y*)/σ) − e^ε Φ̄((t − μ)/σ), which is that product.
    ``prev``: the image of the previous round (θ̃_{i−1} = Y_{i−1} + Z, Y_{i−1} in it; one point for round 0)."""
    best = arb(0)
    if g.slope == 0:
        return best
    for end in (g.lo, g.hi):
        if end == mu:
            continue
        up = end > mu  # mass of Y at or above y* (toward hi) or at or below y* (toward lo)
        for k in range(1, TAIL_POINTS + 1):
            y = mu + (end - mu) * k / TAIL_POINTS
            if not g.lo <= y <= g.hi:
                continue
            below = mixture_cdf((y - g.offset) / g.slope, sigma, *prev)  # P[θ̃_{i−1} ≤ g's preimage of y]
            w = (1 - below) if up == (g.slope > 0) else below
            w = w.lower()
            if not w > 0:
                continue
            s = abs(to_arb(y - mu)) / to_arb(sigma)
            best = best.max(w * profile_arb(epsilon - w.log(), s).lower())
    return best


def mixture_delta(epsilon, sigma, g: ClipAffine, mu: Fraction, prev: tuple[Fraction, Fraction] | None = None) -> arb:
    """An enclosure of max(E_ε(P ‖ Q), E_ε(Q ‖ P)) for Q = N(μ, σ²) and P the law of g(θ̃_{i−1}) + Z, a mixture of
    N(y, σ²) over y ∈ g(ℝ) = [L, H] (ε ≥ 0; see the module docstring): at most δ_BW(ε; max(|L − μ|, |H − μ|)/σ), at
    least δ_BW(ε; dist(μ, [L, H])/σ) and, when ``prev`` (the previous round's image, see :func:`_tail_lower`) is
    given, at least the tail bound of the mass g puts beyond μ."""
    near, far = _gap(Fraction(mu), g.lo, g.hi)
    lower = delta_enclosure(epsilon, sigma, near)
    if prev is not None:
        lower = lower.max(_tail_lower(to_arb(epsilon), to_arb(sigma), g, Fraction(mu), prev))
    return lower.union(delta_enclosure(epsilon, sigma, far))


def gaussian_band_exit(mean: arb, sd: arb, c: arb, radius: arb) -> arb:
    """P[|N(mean, sd²) − c| > radius], by erfc (never 1 − erf)."""
    r2 = arb(2).sqrt()
    return (erfc_ball((c + radius - mean) / (r2 * sd)) + erfc_ball((mean - (c - radius)) / (r2 * sd))) / 2


def mixture_outside(sigma, lo: Fraction, hi: Fraction, c: Fraction, radius) -> arb:
    """An enclosure of P[|Y + Z − c| > radius] for Z ~ N(0, σ²) and Y any law on [lo, hi] independent of Z: between
    the exit probabilities from the point of [lo, hi] nearest to c and from the endpoint farthest from c."""
    c = Fraction(c)
    nearest = min(max(c, Fraction(lo)), Fraction(hi))
    farthest = lo if abs(Fraction(lo) - c) >= abs(Fraction(hi) - c) else hi
    sd, cc, r = to_arb(sigma), to_arb(c), to_arb(radius)
    return gaussian_band_exit(to_arb(nearest), sd, cc, r).union(gaussian_band_exit(to_arb(farthest), sd, cc, r))
