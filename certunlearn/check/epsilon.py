"""Tightness of an (ε, δ) certificate on the ε scale, where a ratio of δ's says nothing.

For a claim "the two published laws are (ε, δ)-indistinguishable" that holds at an instance, the ε the laws really
need is ε′ = min{ε′ ≥ 0 : δ_true(ε′) ≤ δ}, the certified δ being the claim's bound. ``epsilon_tightness`` is ε′/ε
(1: the certificate is attained; 0.01: it spends a hundred times the ε it needs). Where both laws are Gaussian with
equal covariance, the ``shift_ratio`` is the observed mean shift over the largest shift the certificate allows,
Δ* = max{Δ : δ(ε; Δ/σ) ≤ δ}. Both are found by bisection on rigorous enclosures and reported as the lower end of
a certified interval (so they never overstate how close the adversary came).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flint import arb

from ..claims.model import Claim, DeltaProfile, GaussianPair, Instance
from ..numeric.enclosure import arb_lower_float, to_arb
from ..numeric.precision import workprec
from ..privacy.profile import profile_arb

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


def _profile(laws: GaussianPair | DeltaProfile) -> Callable[[arb], arb]:
    if isinstance(laws, GaussianPair):
        s = to_arb(laws.shift) / to_arb(laws.sigma)
        return lambda eps: profile_arb(eps, s)
    return laws.delta


def _smallest_epsilon(delta_at: Callable[[arb], arb], target: arb, eps: arb) -> arb | None:
    """A lower end for min{ε′ ∈ [0, ε] : δ(ε′) ≤ target} (δ decreasing in ε′); None if δ(ε) ≤ target is not
    decided (then the instance says nothing on this scale)."""
    if not delta_at(eps) <= target:
        return None
    if delta_at(arb(0)) <= target:
        return arb(0)
    lo, hi = arb(0), eps  # δ(lo) > target is known only where decided; keep lo as a certified lower end
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
    """An upper end for Δ* = max{Δ : δ(ε; Δ/σ) ≤ target} (δ increasing in Δ), starting above ``shift``."""
    def ok(d: arb) -> bool | None:
        v = profile_arb(eps, d / sigma)
        return True if v <= target else False if v > target else None

    if ok(shift) is not True:
        return None
    lo, hi = shift, shift * 2 if shift > 0 else sigma
    for _ in range(200):
        state = ok(hi)
        if state is False:
            break
        if state is None:
            return None
        lo, hi = hi, hi * 2
    else:
        return None
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


def epsilon_tightness(claim: Claim, instances: list[Instance]) -> EpsilonTightness:
    """The largest ε′/ε (and shift ratio) over ``instances`` (where the claim holds), each a certified lower end."""
    if claim.laws is None:
        return EpsilonTightness(None, None)
    best_eps: float | None = None
    best_shift: float | None = None
    profiles = 0
    with workprec(PREC):
        for instance in instances:
            values = claim.with_prescribed(instance)
            laws = claim.laws(values)
            if isinstance(laws, DeltaProfile):
                profiles += 1
                if profiles > PROFILE_INSTANCES:
                    continue
            eps, target = to_arb(values["epsilon"]), claim.bound_value(instance)
            if not eps > 0:
                continue
            smallest = _smallest_epsilon(_profile(laws), target, eps)
            if smallest is not None:
                r = arb_lower_float(smallest / eps)
                best_eps = r if best_eps is None else max(best_eps, r)
            if isinstance(laws, GaussianPair):
                shift, sigma = to_arb(laws.shift), to_arb(laws.sigma)
                allowed = _largest_shift(sigma, eps, target, shift)
                if allowed is not None and allowed > 0:
                    r = arb_lower_float(shift / allowed)
                    best_shift = r if best_shift is None else max(best_shift, r)
    return EpsilonTightness(best_eps, best_shift)
