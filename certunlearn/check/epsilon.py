"""Tightness of an (ε, δ) certificate on the ε scale, where a ratio of δ's says nothing.

For a claim "the two published laws are (ε, δ)-indistinguishable", the ε the laws really spend is
ε′ = min{ε′ ≥ 0 : δ_true(ε′) ≤ δ}, the certified δ being the claim's bound. ``epsilon_tightness`` is ε′/ε
(1: the certificate is attained; 0.01: it spends a hundred times the ε it needs; 3: a violated certificate whose
release really spends three times the ε it claims — what an auditor reports). Where both laws are Gaussian (or
Laplace, or one subsampled Gaussian step) with equal noise, the ``shift_ratio`` is the observed shift over the largest
shift the certificate allows, Δ* = max{Δ : δ(ε; Δ) ≤ δ}. Both are found on rigorous enclosures (a bracket narrowed to
the width of 60 bisections, :mod:`certunlearn.check.bracket`; the Laplace closed form; or the certified PLD bracket
for subsampled and composed Gaussians) and reported as the lower end of a certified interval (so they never overstate
how close the adversary came). A deterministic release (``PointMass``) of two different values has δ(ε) = 1 at every
ε: no ε suffices, and the ratio is left empty.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flint import arb

from ..claims.model import (Claim, DeltaProfile, GaussianPair, Instance, LaplacePair, Laws, PointMass,
                            SubsampledGaussianLaws)
from ..numeric.enclosure import arb_lower_float, arb_upper_float, to_arb
from ..numeric.fraction import Fraction
from ..numeric.precision import workprec
from ..privacy.laplace import laplace_profile_arb
from ..privacy.profile import profile_arb
from ..privacy.score import score
from ..privacy.subsampled import subsampled_delta_enclosure
from .bracket import narrow

#: Working precision (bits) and bisection steps of the ε-scale tightness.
PREC = 256
STEPS = 60
#: A general privacy profile (a mixture, a trajectory) costs far more than a Gaussian pair: at most this many
#: instances are bisected for it.
PROFILE_INSTANCES = 5


@dataclass(frozen=True)
class EpsilonTightness:
    epsilon_ratio: float | None
    shift_ratio: float | None


#: A violated certificate's ε′ is searched by doubling ε while the point tried is ≤ this multiple of ε.
MAX_RATIO = 2.0**20
#: The largest shift Δ* a certificate allows is searched up to 2^DOUBLINGS times the observed shift.
DOUBLINGS = 200


def _profile(laws: Laws) -> Callable[[arb], arb] | None:
    if isinstance(laws, GaussianPair):
        s = to_arb(laws.shift) / to_arb(laws.sigma)
        return lambda eps: profile_arb(eps, s)
    if isinstance(laws, LaplacePair):
        ratio = to_arb(laws.shift) / to_arb(laws.scale)
        return lambda eps: laplace_profile_arb(eps, ratio)
    if isinstance(laws, DeltaProfile):
        return laws.delta
    return None


def _smallest_epsilon(delta_at: Callable[[arb], arb], target: arb, eps: arb) -> arb | None:
    """A lower end for min{ε′ ≥ 0 : δ(ε′) ≤ target} (δ non-increasing in ε′): in [0, ε] unless δ(ε) > target
    is decided; then searched above ε by doubling (ε·2, ε·4, … while the point tried is ≤ ``MAX_RATIO``·ε, so an ε′ up
    to 2·``MAX_RATIO``·ε is found) and narrowed between the last two points, to the width of ``STEPS`` bisections
    (:func:`certunlearn.check.bracket.narrow`, or the bisection itself where that gives up). None where the search above
    ε is not decided or gives up (then the instance says nothing on this scale). A comparison left undecided stops the
    bisection: the lower end is the last point where δ > target was decided (0 if none)."""
    lo, hi = arb(0), eps  # δ(ε) ≤ target, or undecided (attained up to the enclosure): the lower end stays certified
    if delta_at(eps) > target:
        lo, hi = eps, eps * 2
        while True:
            d = delta_at(hi)
            if d <= target:
                break
            if not d > target or hi > eps * MAX_RATIO:
                return None
            lo, hi = hi, hi * 2
    narrowed = narrow(delta_at, target, lo, hi, STEPS)
    if narrowed is not None:
        return narrowed[0]
    for _ in range(STEPS):
        mid = (lo + hi) / 2
        d = delta_at(mid)
        if d <= target:
            hi = mid
        elif d > target:
            lo = mid
        else:
            break
    return lo


def _largest_shift(sigma: arb, eps: arb, target: arb, shift: arb) -> arb | None:
    """An upper end for Δ* = max{Δ : δ(ε; Δ/σ) ≤ target} (δ increasing in Δ), by doubling from ``shift`` (at most
    ``DOUBLINGS`` times: a Δ* up to 2^DOUBLINGS·shift is found) and narrowing to the width of ``STEPS`` bisections
    (:func:`certunlearn.check.bracket.narrow`, or the bisection itself where that gives up); None where δ at ``shift``
    is not decided ≤ target (a violated certificate, or a shift of 0, whose profile is NaN), where a comparison of the
    doubling is undecided, or where the doubling gives up. A comparison left undecided stops the bisection at its last
    upper end. ``shift`` is a norm: > 0 wherever the profile at it is decided, so the returned end is > 0."""
    def delta(d: arb) -> arb:
        return profile_arb(eps, d / sigma)

    def ok(d: arb) -> bool | None:
        v = delta(d)
        return True if v <= target else False if v > target else None

    if ok(shift) is not True:
        return None
    bracket = _doubling(ok, shift, DOUBLINGS)
    if bracket is None:
        return None
    narrowed = narrow(delta, target, *bracket, STEPS)
    return narrowed[1] if narrowed is not None else _bisection(ok, *bracket)


def _subsampled_largest_shift(laws: SubsampledGaussianLaws, eps: arb, target: arb) -> float | None:
    """A float above Δ* = max{Δ : δ(ε; q, σ, Δ) ≤ target} for one subsampled Gaussian step, bisected on exact floats
    with the exact profile decided on balls; None when undecided or when no shift reaches the target (δ stays below q).
    δ increases with Δ: for Δ < Δ′ the kernel x ↦ (Δ/Δ′)x + N(0, σ²(1 − (Δ/Δ′)²)) maps N(0, σ²) to itself and
    N(Δ′, σ²) to N(Δ, σ²), so the pair at Δ is a post-processing of the pair at Δ′ (both directions)."""
    def ok(d: float) -> bool | None:
        v = subsampled_delta_enclosure(eps, laws.q, laws.sigma, Fraction(d), laws.sampling, laws.relation)
        return True if v <= target else False if v > target else None

    shift = arb_lower_float(to_arb(laws.shift))
    if not shift > 0 or ok(shift) is not True:
        return None
    return _double_and_bisect(ok, shift, 60)


def _double_and_bisect(ok: Callable[[Any], bool | None], start: Any, doublings: int) -> Any:
    """An upper end of max{Δ : ok(Δ)} for ``ok`` True below and False above that point (tri-state: None is
    undecided), from ``start`` with ok(start) True: doubling at most ``doublings`` times, then ``STEPS`` bisections.
    None where a comparison of the doubling is undecided or the doubling gives up; an undecided comparison stops the
    bisection at its last upper end. ``start`` an arb ball or a float: the search is the same on both."""
    bracket = _doubling(ok, start, doublings)
    return None if bracket is None else _bisection(ok, *bracket)


def _doubling(ok: Callable[[Any], bool | None], start: Any, doublings: int) -> tuple[Any, Any] | None:
    """(lo, hi) with ok(lo) True and ok(hi) False decided, hi = 2·lo, from ``start`` (ok(start) True) doubled at most
    ``doublings`` times; None where a comparison is undecided or the doubling gives up."""
    lo, hi = start, start * 2
    for _ in range(doublings):
        state = ok(hi)
        if state is False:
            return lo, hi
        if state is None:
            return None
        lo, hi = hi, hi * 2
    return None


def _bisection(ok: Callable[[Any], bool | None], lo: Any, hi: Any) -> Any:
    """The upper end after ``STEPS`` bisections of [lo, hi] (ok True at lo, False at hi), stopped by an undecided
    comparison at its last upper end."""
    for _ in range(STEPS):
        mid = (lo + hi) / 2
        state = ok(mid)
        if state is True:
            lo = mid
        elif state is False:
            hi = mid
        else:
            break
    return hi


def _laplace_shift_ratio(laws: LaplacePair, eps: arb, target: arb) -> float | None:
    """shift/Δ* with Δ* = b(ε − 2 ln(1 − δ)), the largest shift whose δ(ε) ≤ δ (closed form), as a lower end."""
    allowed = to_arb(laws.scale) * (eps - 2 * (-target).log1p())
    return arb_lower_float(to_arb(laws.shift) / allowed) if allowed > 0 else None


def _subsampled_epsilon(laws: SubsampledGaussianLaws, target: arb) -> arb | None:
    """A lower end of ε′ for subsampled/composed Gaussian laws at δ = target: the certified interval's lower end for
    the least private parameters the enclosures allow (σ up, shift and q down, δ up — ε′ is monotone in each)."""
    delta = arb_upper_float(target)
    if not 0 < delta < 1:
        return None
    result = score("subsampled-gaussian", sigma=arb_upper_float(to_arb(laws.sigma)),
                   sensitivity=arb_lower_float(to_arb(laws.shift)), q=arb_lower_float(to_arb(laws.q)),
                   steps=laws.steps, sampling=laws.sampling, relation=laws.relation, delta=delta)
    return arb(result.interval[0])


def epsilon_tightness(claim: Claim, instances: list[Instance]) -> EpsilonTightness:
    """The largest ε′/ε (and shift ratio) over ``instances`` (where the claim holds, or where it is violated: then
    ε′ > ε and the ratio above 1), each a certified lower end."""
    scores = epsilon_scores(claim, instances)
    return EpsilonTightness(max((s.epsilon_ratio for s in scores if s.epsilon_ratio is not None), default=None),
                            max((s.shift_ratio for s in scores if s.shift_ratio is not None), default=None))


def epsilon_scores(claim: Claim, instances: list[Instance]) -> list[EpsilonTightness]:
    """Each instance's ε′/ε and shift ratio (None where it has none, and for every general profile after the first
    :data:`PROFILE_INSTANCES`, which are not bisected), in the order of ``instances``."""
    if claim.laws is None:
        return [EpsilonTightness(None, None) for _ in instances]
    scores = []
    profiles = 0
    with workprec(PREC):
        for instance in instances:
            values = claim.with_prescribed(instance)
            laws = claim.laws(values)
            eps_ratio: float | None = None
            shift_ratio: float | None = None
            if isinstance(laws, (DeltaProfile, SubsampledGaussianLaws)):
                profiles += 1
                if profiles > PROFILE_INSTANCES:
                    scores.append(EpsilonTightness(None, None))
                    continue
            eps, target = to_arb(values["epsilon"]), claim.bound_value(instance)
            if not eps > 0 or isinstance(laws, PointMass):
                scores.append(EpsilonTightness(None, None))
                continue  # a point mass: 0 for equal values (no shift ratio), no finite ε otherwise
            if isinstance(laws, SubsampledGaussianLaws):
                smallest = _subsampled_epsilon(laws, target)
                allowed = _subsampled_largest_shift(laws, eps, target) if laws.steps == 1 else None
                if allowed is not None:
                    shift_ratio = arb_lower_float(to_arb(laws.shift) / arb(allowed))
            else:
                smallest = _smallest_epsilon(_profile(laws), target, eps)
            if isinstance(laws, LaplacePair):
                shift_ratio = _laplace_shift_ratio(laws, eps, target)
            if smallest is not None:
                eps_ratio = arb_lower_float(smallest / eps)
            if isinstance(laws, GaussianPair):
                shift, sigma = to_arb(laws.shift), to_arb(laws.sigma)
                allowed = _largest_shift(sigma, eps, target, shift)
                if allowed is not None:
                    shift_ratio = arb_lower_float(shift / allowed)
            scores.append(EpsilonTightness(eps_ratio, shift_ratio))
    return scores
