"""Declaring a paper's scope (DESIGN.md "Scope") in one table per paper instead of inside every claim.

A paper's ``scope.py`` maps claim-id prefixes (the item, optionally with its part) to a :class:`Scope`: the printed
hypothesis class in words, what the claim's families reach (the default ``reaches`` of an adversary that does not say
its own) and the narrowings, each with its why. :func:`with_scope` applies the table to the paper's claims; the
longest matching prefix wins, and a claim no prefix matches is an error (every claim of the paper is declared).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from .model import Claim, Narrowing


@dataclass(frozen=True)
class Scope:
    """The printed class of an item, what its families reach, and what of the class they do not reach (and why)."""

    theorem_class: str
    reached: str
    narrowed: tuple[Narrowing, ...] = ()


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
        out.append(replace(claim, theorem_class=scope.theorem_class, narrowed=scope.narrowed, adversaries=advs))
    return out
