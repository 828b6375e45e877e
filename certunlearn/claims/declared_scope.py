"""Declaring a paper's scope (DESIGN.md "Scope") in one table per paper instead of inside every claim.

A paper's ``scope.py`` maps claim-id prefixes (the item, optionally with its part) to a :class:`Scope`: the printed
hypothesis class in words, what the claim's families reach (the default ``reaches`` of an adversary that does not say
its own) and the narrowings, each with its why. :func:`with_scope` applies the table to the paper's claims; the
longest matching prefix wins, and a claim no prefix matches is an error (every claim of the paper is declared).

Every claim gets its boundary adversary, generated from its hypotheses (:func:`with_boundary`, issue 23 item 2), unless
its entry opts out with ``no_boundary`` — the why — or the claim already has its own (an adversary named
``boundary: …``). The generated family is optional: where no boundary move lands inside the hypotheses it yields no
instance and asks for no decided one.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from .boundaries import boundary_of
from .model import Claim, Narrowing


@dataclass(frozen=True)
class Scope:
    """The printed class of an item, what its families reach, and what of the class they do not reach (and why)."""

    theorem_class: str
    reached: str
    narrowed: tuple[Narrowing, ...] = ()
    #: The claim's boundary adversary, generated from its hypotheses (:mod:`certunlearn.claims.boundaries`), is added
    #: by default; ``boundary=False`` only with ``no_boundary``, the reason it is left out.
    boundary: bool = True
    no_boundary: str = ""

    def __post_init__(self) -> None:
        if not self.boundary and not self.no_boundary.strip():
            raise ValueError(f"{self.theorem_class[:40]!r}: a scope without a boundary adversary says why (no_boundary)")
        if self.no_boundary.strip():
            object.__setattr__(self, "boundary", False)


def scope_of(claim_id: str, table: Mapping[str, Scope]) -> Scope:
    """The entry of ``table`` whose key is the longest prefix of ``claim_id`` (without the paper's key)."""
    item = claim_id.split(".", 1)[1]
    keys = [k for k in table if item == k or item.startswith(k) and item[len(k)] in ":+-"]
    if not keys:
        raise KeyError(f"{claim_id}: no scope declared")
    return table[max(keys, key=len)]


def with_scope(claims: Iterable[Claim], table: Mapping[str, Scope]) -> list[Claim]:
    """The claims with ``theorem_class`` and ``narrowed`` from ``table`` (a claim that already declares its own class
    keeps it), every adversary without a ``reaches`` given the item's reach followed by its own name, and the boundary
    adversary (:func:`with_boundary`) unless the entry opts out."""
    out = []
    for claim in claims:
        if claim.theorem_class.strip():
            try:
                scope = scope_of(claim.id, table)
            except KeyError:  # a claim declaring its own class need not have an entry: it gets the boundary adversary
                scope = None
            out.append(claim if scope is not None and not scope.boundary else with_boundary(claim))
            continue
        scope = scope_of(claim.id, table)
        advs = tuple(a if a.reaches.strip() else replace(a, reaches=f"{scope.reached} — {a.name}")
                     for a in claim.adversaries)
        claim = replace(claim, theorem_class=scope.theorem_class, narrowed=scope.narrowed, adversaries=advs)
        out.append(with_boundary(claim) if scope.boundary else claim)
    return out


def with_boundary(claim: Claim) -> Claim:
    """``claim`` with its generated boundary adversary (:func:`certunlearn.claims.boundaries.boundary_of`) appended,
    unless it has one of its own (an adversary named ``boundary: …``) or no structured adversary to start from."""
    if any(a.name.startswith("boundary") for a in claim.adversaries):
        return claim
    adversary = boundary_of(claim)
    return claim if adversary is None else replace(claim, adversaries=(*claim.adversaries, adversary))
