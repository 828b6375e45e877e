"""Reference samplers for the retain paper's (ε, δ) certificates, for the black-box audit.

Every (ε, δ) certificate of retain that the checker evaluates publishes N(μ₁, σ²I) against N(μ₂, σ²I) (Theorem 2.11,
Corollary 2.12, Lemmas E.3, H.1, H.3, Fact 1 and the m-point extension of H.1); its claim's ``laws`` give the exact
mean shift ‖μ₁ − μ₂‖ and σ at an instance. The likelihood ratio of the pair depends on a draw only through its
coordinate along μ₁ − μ₂, so the reference sampler draws that coordinate: side 0 from N(‖μ₁ − μ₂‖, (σ·f)²), side 1
from N(0, (σ·f)²) — the same privacy profile as the published laws (f = ``sigma_factor``; 1 is the certified σ).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..claims import all_claims, get_claim
from ..claims.model import GaussianPair
from ..errors import InvalidParameterError
from ..numeric.enclosure import arb_lower_float, arb_upper_float, to_arb
from ..numeric.precision import workprec

__all__ = ["RETAIN_CERTIFICATES", "retain_reference"]


def _certificates() -> tuple[str, ...]:
    return tuple(c.id for c in all_claims("retain") if c.laws is not None and c.control.value == "none")


#: The retain claims whose two published laws are known (``Claim.laws``): the certificates this sampler serves.
RETAIN_CERTIFICATES = _certificates()


def retain_reference(claim_id: str, sigma_factor: float = 1.0):
    """The two published laws of a retain (ε, δ) certificate at an instance, along the shift: side 0 draws
    N(shift, (σ·sigma_factor)²), side 1 N(0, (σ·sigma_factor)²), with the shift rounded down and σ rounded up from
    their enclosures (so ``sigma_factor = 1`` is never less private than the certified pair)."""
    claim = get_claim(claim_id)
    if claim.paper != "retain" or claim.laws is None:
        raise InvalidParameterError("claim_id", f"{claim_id} is not a retain (ε, δ) certificate with known laws "
                                                f"(one of {', '.join(RETAIN_CERTIFICATES)})")

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        with workprec(128):
            laws = claim.laws(claim.with_prescribed(instance))
            if not isinstance(laws, GaussianPair):  # the shift is certified only to a tiny ball around 0
                shift, sigma = 0.0, 1.0
            else:
                shift = max(arb_lower_float(to_arb(laws.shift)), 0.0)
                sigma = arb_upper_float(to_arb(laws.sigma))
        return (shift if side == 0 else 0.0) + sigma * sigma_factor * rng.standard_normal(size)

    return candidate
