"""Each paper's symbols and printed expressions, as sympy — the one source of truth for every formula.

One module per paper key (``gaussian``, ``d2d``, ``r2d``, ``retain``, ``olu``, ``pomer``). A module holds the
paper's symbols, the expressions it prints (σ, iteration counts, step sizes, bounds), each named after the item
that prints it, and ``PRESCRIBED``: for every claim whose theorem prescribes parameters, the mapping
``name → expression`` that the algorithms evaluate (:func:`certunlearn.algorithms.parameters.theorem_parameters`)
and the claim carries (``Claim.prescribed``). Algorithms, claims, derivations (``proofs/``) and reports all read
the formulas from here; this layer imports nothing above :mod:`certunlearn.problems`.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass

import sympy

from ..errors import UnknownClaimError

#: The paper keys, in registration order; each names a module here, in ``algorithms``, ``claims`` and ``proofs``.
PAPERS = ("gaussian", "d2d", "r2d", "retain", "olu", "pomer")


@dataclass(frozen=True)
class Prescription:
    """The parameters that the item ``id`` prescribes, by name (evaluated in order by ``theorem_parameters``)."""

    id: str
    prescribed: Mapping[str, sympy.Expr]


def prescription(claim_id: str) -> Prescription:
    """The parameters prescribed by the claim ``claim_id`` (e.g. ``"d2d.thm3.1"``), from its paper's module.

    Raises :class:`UnknownClaimError` when no paper prescribes parameters under that id."""
    paper = claim_id.split(".", 1)[0]
    if paper not in PAPERS:
        raise UnknownClaimError(claim_id)
    module = importlib.import_module(f"{__name__}.{paper}")
    try:
        return Prescription(claim_id, getattr(module, "PRESCRIBED", {})[claim_id])
    except KeyError:
        raise UnknownClaimError(claim_id) from None
