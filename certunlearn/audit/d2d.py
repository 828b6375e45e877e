"""Reference samplers of Descent-to-Delete's Section 4 certificates (Theorem 4.5, Algorithms 4–7), for the audit.

A candidate follows the audit's protocol (:mod:`certunlearn.audit.run`): ``candidate(instance, side, rng, size)``.
Side 0 draws the published output of the update after the last update of ``U`` — a *mixture* over every sampling
outcome of Algorithms 4–6 (bootstrap sample, random partition, reservoir resampling) of N(avg θ̂, σ²); side 1 draws
retraining's published output on the final dataset, the mixture over its own bootstrap. The components and their
exact weights are those the checker enumerates (``certunlearn.claims.d2d.distributed``); the sampler picks a
component with its weight, then adds N(0, (σ·``sigma_factor``)²). Not a Gaussian pair: audit non-parametrically.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..claims import get_claim
from ..errors import InvalidParameterError
from ..numeric.enclosure import arb_upper_float

__all__ = ["distributed_reference", "mixture_components"]


def mixture_components(claim_id: str, instance: Mapping[str, Any]) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """(means, weights) of the two published mixtures at the last round of ``instance`` (side 0: the update,
    side 1: retraining), as float arrays (the exact weights sum to 1)."""
    from ..claims.d2d.distributed import DIST_NAMES, distributed_runs
    from ..claims.instances import instance_key

    rounds, _ = distributed_runs(claim_id, instance_key(dict(instance), DIST_NAMES))
    if len(rounds) < 2:
        raise InvalidParameterError("instance", "needs at least one update in U")
    P_, Q_, _ = rounds[-1]
    if any(len(mu) != 1 for comps in P_.values() for mu, _ in comps):
        raise InvalidParameterError("instance", "the audit's sampler is one-dimensional (d = 1)")
    upd = [(float(mu[0]), w) for comps in P_.values() for mu, w in comps]
    ret = [(float(mu[0]), w) for comps in Q_.values() for mu, w in comps]
    out = []
    for comps in (upd, ret):
        total = sum(w for _, w in comps)
        out.append((np.asarray([m for m, _ in comps]), np.asarray([float(w / total) for _, w in comps])))
    return tuple(out)


def distributed_reference(claim_id: str = "d2d.thm4.5+fix", sigma_factor: float = 1.0, swap_weights: bool = False):
    """The reference sampler of a Theorem 4.5 unlearning claim. ``sigma_factor`` scales σ (a too-small σ is the
    bug the audit must catch); ``swap_weights`` draws side 0's components uniformly instead of with their weights
    (a sampler that ignores the reservoir's law)."""
    claim = get_claim(claim_id)
    if not claim.id.startswith("d2d.thm4.5") or ":" in claim.id:
        raise InvalidParameterError("claim_id", f"{claim_id} is not an unlearning claim of Theorem 4.5")

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        means, weights = mixture_components(claim.id, instance)[side]
        if swap_weights and side == 0:
            weights = np.full(len(means), 1 / len(means))
        sigma = arb_upper_float(claim.with_prescribed(dict(instance))["sigma"]) * sigma_factor
        pick = rng.choice(len(means), size=size, p=weights / weights.sum())
        return means[pick] + sigma * rng.standard_normal(size)

    return candidate
