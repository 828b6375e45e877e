"""Boundary adversaries generated from a claim's hypotheses (DESIGN.md "Checker": every hypothesis inequality at
equality, every count at its smallest admissible value; issue 23).

From base instances (a claim's own extremal ones), :func:`boundary_instances` moves one parameter at a time to the
edge of the printed class:

* each relational hypothesis ``s ~ e`` (or ``e ~ s``) whose one side is a scalar parameter ``s`` of the instance is
  put at equality: ``s = e`` for ≤ and ≥, and for a strict < or > the admissible value nearest to it, one part in
  2^STRICT_BITS inside (δ < 1 gives the largest δ, ε > 0 the smallest ε, m < M gives M = m(1 + 2⁻⁴⁰));
* each entry of ``counts`` (a parameter and its boundary values: 𝓘 or T at its minimum, k ∈ {0, 1, max}, d, n …)
  is applied as given, a value being a number or a function of the instance returning one (or None to skip);
* each ``variants`` function returns the instance's structural boundary versions (fewer updates, a smaller
  dataset), which the caller knows how to build.

Only instances every hypothesis decides true are kept: a boundary instance is inside the printed class by
construction, never an exclusion; the family is capped by the profile's structured size.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from ..numeric.enclosure import Decision
from ..numeric.rationals import rational_eval
from .instances import frac
from .model import Adversary, Hypothesis, Instance

#: A strict inequality s < e is put at s = e − |e|·2^(−STRICT_BITS) (e at 0: −2^(−STRICT_BITS)).
STRICT_BITS = 40

Count = Any | Callable[[Instance], Any]


def _scalar(v: Any) -> Fraction | None:
    """The exact value of a scalar instance entry (int, Fraction, decimal string), else None (lists, floats)."""
    if isinstance(v, bool) or not isinstance(v, (int, Fraction, str)):
        return None
    try:
        return frac(v)
    except (TypeError, ValueError):
        return None


def tightened(hypothesis: Hypothesis, instance: Instance) -> list[dict]:
    """The instance with one scalar parameter of ``hypothesis`` moved to the hypothesis's boundary (empty when the
    hypothesis is a predicate, or neither side is a lone scalar parameter, or the other side is not rational there)."""
    rel = hypothesis.relation
    if rel is None:
        return []
    out = []
    for side, other, flip in ((rel.lhs, rel.rhs, False), (rel.rhs, rel.lhs, True)):
        if not isinstance(side, sympy.Symbol) or _scalar(instance.get(side.name)) is None:
            continue
        env = {k: q for k, q in ((k, _scalar(v)) for k, v in instance.items()) if q is not None}
        value = rational_eval(other, env)
        if value is None:
            continue
        op = rel.rel_op
        if flip:  # e ~ s read as s ~' e
            op = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}[op]
        step = (abs(value) or 1) * Fraction(1, 2**STRICT_BITS)
        target = {"<": value - step, ">": value + step, "<=": value, ">=": value, "==": value}.get(op)
        if target is None:
            continue
        if isinstance(instance[side.name], int) and target.denominator != 1:
            continue  # an integer parameter keeps integer values (its count moves are given in ``counts``)
        out.append({**instance, side.name: target})
    return out


def boundary_instances(hypotheses: Sequence[Hypothesis], base: Iterable[Instance],
                       counts: Mapping[str, Sequence[Count]] = {},
                       variants: Sequence[Callable[[Instance], Iterable[Instance]]] = ()) -> list[dict]:
    """Every boundary move of every base instance (see the module docstring), kept only where every hypothesis
    is decided true, without duplicates."""
    out: list[dict] = []
    seen: set[str] = set()

    def keep(inst: dict) -> None:
        key = repr(sorted((k, repr(v)) for k, v in inst.items()))
        if key in seen:
            return
        seen.add(key)
        try:
            if all(h.decide(inst) is Decision.TRUE for h in hypotheses):
                out.append(inst)
        except Exception:  # noqa: BLE001 - a move that breaks an instance's construction is not a boundary instance
            return

    for inst in base:
        inst = dict(inst)
        for h in hypotheses:
            for moved in tightened(h, inst):
                keep(moved)
        for name, values in counts.items():
            for v in values:
                value = v(inst) if callable(v) else v
                if value is not None:
                    keep({**inst, name: value})
        for variant in variants:
            for moved in variant(inst):
                keep(dict(moved))
    return out


def boundary_adversary(hypotheses: Sequence[Hypothesis], base: Callable[[np.random.Generator, int], Iterable[Instance]],
                       counts: Mapping[str, Sequence[Count]] = {},
                       variants: Sequence[Callable[[Instance], Iterable[Instance]]] = (),
                       per_40: int = 12, reaches: str = "") -> Adversary:
    """A structured adversary of :func:`boundary_instances` over ``base``'s instances (drawn at the profile's size), at
    most ``per_40`` instances per 40 of the profile's structured size (quick 12, thorough every one)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        found = boundary_instances(hypotheses, base(rng, size), counts, variants)
        want = max(1, per_40 * max(1, size // 40))
        if want < len(found):
            found = [found[j] for j in sorted(rng.choice(len(found), want, replace=False))]
        return found

    moved = ", ".join([*counts, "every hypothesis inequality at equality"])
    return Adversary("boundary: " + moved, generate=generate,
                     reaches=reaches or f"the boundary of the printed class ({moved}) at the claim's extremal instances")
