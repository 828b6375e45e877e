"""Declaring a paper's scope (DESIGN.md "Scope") in one table per paper instead of inside every claim.

A paper's ``scope.py`` maps claim-id prefixes (the item, optionally with its part) to a :class:`Scope`: the printed
hypothesis class in words, what the claim's families reach (the default ``reaches`` of an adversary that does not say
its own) and the narrowings, each with its why. :func:`with_scope` applies the table to the paper's claims; the
longest matching prefix wins, and a claim no prefix matches is an error (every claim of the paper is declared). An entry
with ``boundary`` adds the claim's boundary adversary, generated from its hypotheses.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from .boundaries import boundary_adversary
from .model import Adversary, Claim, Narrowing

#: How many instances of the claim's first structured adversary the boundary moves start from.
BOUNDARY_BASE = 3


@dataclass(frozen=True)
class Scope:
    """The printed class of an item, what its families reach, and what of the class they do not reach (and why)."""

    theorem_class: str
    reached: str
    narrowed: tuple[Narrowing, ...] = ()
    #: Add the boundary adversary generated from the claim's hypotheses (:mod:`certunlearn.claims.boundaries`) on the
    #: first instances of its first structured adversary.
    boundary: bool = False


def scope_of(claim_id: str, table: Mapping[str, Scope]) -> Scope:
    """The entry of ``table`` whose key is the longest prefix of ``claim_id`` (without the paper's key)."""
    item = claim_id.split(".", 1)[1]
    keys = [k for k in table if item == k or item.startswith(k) and item[len(k)] in ":+-"]
    if not keys:
        raise KeyError(f"{claim_id}: no scope declared")
    return table[max(keys, key=len)]


def with_scope(claims: Iterable[Claim], table: Mapping[str, Scope]) -> list[Claim]:
    """The claims with ``theorem_class`` and ``narrowed`` from ``table`` (a claim that already declares its own class
    keeps it), and every adversary without a ``reaches`` given the item's reach followed by its own name."""
    out = []
    for claim in claims:
        if claim.theorem_class.strip():
            out.append(claim)
            continue
        scope = scope_of(claim.id, table)
        advs = tuple(a if a.reaches.strip() else replace(a, reaches=f"{scope.reached} — {a.name}")
                     for a in claim.adversaries)
        if scope.boundary:
            advs += (_boundary_of(claim),)
        out.append(replace(claim, theorem_class=scope.theorem_class, narrowed=scope.narrowed, adversaries=advs))
    return out


def _boundary_of(claim: Claim) -> Adversary:
    """The boundary adversary of ``claim`` on the first :data:`BOUNDARY_BASE` instances of its first structured
    adversary (its extremal family)."""
    first = next(a for a in claim.adversaries if a.generate is not None)
    return boundary_adversary(claim.hypotheses, lambda rng, size: list(first.generate(rng, size))[:BOUNDARY_BASE])
