"""Every numbered claim of the papers, as printed, with corrected ``+fix`` variants.

One module per paper key (``gaussian``, ``d2d``, ``r2d``, ``retain``, ``olu``, ``pomer``), each
exporting ``CLAIMS``; :func:`get_claim` and :func:`all_claims` read the registry.
"""
from .model import (Adversary, Claim, Control, DeltaProfile, GaussianPair, Hypothesis, Instance, Kind, QuantityKind,
                    Space)
from .registry import all_claims, get_claim

__all__ = ["Adversary", "Claim", "Control", "DeltaProfile", "GaussianPair", "Hypothesis", "Instance", "Kind", "QuantityKind",
           "Space", "all_claims", "get_claim"]
