"""The registry of every claim, keyed by id; each paper's module contributes its ``CLAIMS``."""
from __future__ import annotations

import functools
import importlib

from ..errors import UnknownClaimError
from .model import PAPERS, Claim


@functools.cache
def _registry() -> dict[str, Claim]:
    claims: dict[str, Claim] = {}
    for paper in PAPERS:
        try:
            module = importlib.import_module(f"certunlearn.claims.{paper}")
        except ModuleNotFoundError as exc:
            if exc.name != f"certunlearn.claims.{paper}":
                raise
            continue  # that paper's claims are not written yet
        for claim in module.CLAIMS:
            if claim.id in claims:
                raise ValueError(f"claim id registered twice: {claim.id}")
            claims[claim.id] = claim
    for claim in claims.values():
        if claim.corrects is not None and claim.corrects not in claims:
            raise ValueError(f"{claim.id} corrects {claim.corrects}, which is not registered")
    return claims


def all_claims(paper: str | None = None) -> list[Claim]:
    """Every registered claim (of one paper if given), in registration order."""
    if paper is not None and paper not in PAPERS:
        raise UnknownClaimError(paper)
    return [c for c in _registry().values() if paper is None or c.paper == paper]


def get_claim(claim_id: str) -> Claim:
    """The claim registered under ``claim_id``."""
    try:
        return _registry()[claim_id]
    except KeyError:
        raise UnknownClaimError(claim_id) from None
