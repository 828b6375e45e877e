"""The exact first round of Theorem 3.2's perfect variant in one dimension, enclosed on both sides (Descent-to-Delete,
Theorem 3.2, lines 256–265; Algorithm 2 started at the published θ̃_0, lines 188–195; proof Appendix D, lines 557–599).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Round 0 publishes θ̃_0 ~ N(θ̂_0, σ²) exactly; round 1 runs T_1
projected gradient steps from θ̃_0, the exact map g_1 = clip_[L, H](Aθ + B)
(:func:`certunlearn.algorithms.d2d.projected_law.gd_round_map`), and publishes θ̃_1 = g_1(θ̃_0) + Z. Its law is
the released law of :class:`certunlearn.privacy.clipped_gaussian.ReleasedLaw` (a Gaussian through a clipped affine map,
plus a Gaussian): atoms at L and H and a density between, mixed with N(·, σ²) — a location mixture of N(y, σ²) over
y ∈ [L, H], whose hockey-stick divergence against retraining's N(μ_1, σ²) is enclosed both ways by
:func:`certunlearn.privacy.location_mixture_hockey.location_mixture_hockey` (a lower bound that is the value of one
explicit likelihood-ratio set, and an upper bound). The affine chain ± P(projection acts) cannot give a positive lower
bound when P(projection acts) exceeds δ itself (issue 24: 10⁻¹⁴⁰ against 10⁻¹⁴⁹), and the projected mixture's lower
bound is 0 when μ_1 lies in [L, H]; this law can.
"""
from __future__ import annotations

from flint import arb

from ...algorithms.d2d.projected_law import ClipAffine
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...privacy.clipped_gaussian import PiecewiseAffine, ReleasedLaw
from ...privacy.location_mixture_hockey import location_mixture_hockey

__all__ = ["clip_affine_map", "first_round_law", "first_round_delta", "narrowed_by_exact"]


def clip_affine_map(g: ClipAffine) -> PiecewiseAffine:
    """g = clip_[L, H](Aθ + B) as a :class:`PiecewiseAffine` (constant below and above the preimages of L and H)."""
    if g.slope == 0:
        return PiecewiseAffine((), ((Fraction(0), g.lo),))
    cuts = sorted(((g.lo - g.offset) / g.slope, (g.hi - g.offset) / g.slope))
    first, last = (g.lo, g.hi) if g.slope > 0 else (g.hi, g.lo)
    return PiecewiseAffine(tuple(cuts), ((Fraction(0), first), (g.slope, g.offset), (Fraction(0), last)))


def first_round_law(sigma: arb, mean0: Fraction, g: ClipAffine) -> ReleasedLaw:
    """The exact law of θ̃_1 = g_1(θ̃_0) + Z, θ̃_0 ~ N(θ̂_0, σ²), Z ~ N(0, σ²)."""
    var = to_arb(sigma) * to_arb(sigma)
    return ReleasedLaw(m=Fraction(mean0), v1=var, v2=var, F=clip_affine_map(g))


def first_round_delta(epsilon: arb, sigma: arb, mean0: Fraction, g: ClipAffine, mu: Fraction) -> tuple:
    """(E_ε(θ̃_1 ‖ N(μ_1, σ²)), E_ε(N(μ_1, σ²) ‖ θ̃_1)) enclosed (each None where its sign search fails)."""
    law = first_round_law(sigma, mean0, g)
    p = law.density()
    hull = (g.lo, g.hi)
    return tuple(location_mixture_hockey(epsilon, p, hull, Fraction(mu), sigma, forward) for forward in (True, False))


def narrowed_by_exact(known: arb, exact: tuple) -> arb:
    """``known`` narrowed by round 1's exact-law enclosures of the two directions (either None where its search
    failed): with both, their max; with one, its lower end bounds the max from below."""
    fwd, rev = exact
    if fwd is not None and rev is not None:
        exact = fwd.max(rev)
        if not known.overlaps(exact):  # two rigorous enclosures of one number: disjoint ones would be a bug
            raise ArithmeticError("the exact law's enclosure and the other enclosures are disjoint")
        return known.intersection(exact)
    for one in (fwd, rev):
        if one is not None and one.lower() > known.lower():
            if not one.lower() <= known.upper():
                raise ArithmeticError("the exact law's lower bound exceeds the other enclosures' upper bound")
            known = one.lower().union(known.upper())
    return known
