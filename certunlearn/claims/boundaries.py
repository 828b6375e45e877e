"""Boundary adversaries generated from a claim's hypotheses (DESIGN.md "Checker": every hypothesis inequality at
equality, every count at its smallest admissible value; issue 23).

From base instances (a claim's own extremal ones), :func:`boundary_instances` moves one parameter at a time to the
edge of the printed class:

* each relational hypothesis is put at equality in each scalar parameter ``s`` of the instance in which it is affine
  (``u ≤ τ``, ``x ≤ 2ε``, ``n ≥ 2m``): ``s`` at the solution for ≤ and ≥, and for a strict < or > the admissible value
  nearest to it, one part in 2^STRICT_BITS inside (δ < 1 gives the largest δ, ε > 0 the smallest ε, m < M gives M = m(1 + 2⁻⁴⁰));
* each entry of ``counts`` (a parameter and its boundary values: 𝓘 or T at its minimum, k ∈ {0, 1, max}, d, n …)
  is applied as given, a value being a number or a function of the instance returning one (or None to skip);
* each ``variants`` function returns the instance's structural boundary versions (fewer updates, a smaller
  dataset), which the caller knows how to build.

Only instances every hypothesis decides true are kept: a boundary instance is inside the printed class by
construction, never an exclusion; the family is capped by the profile's structured size, and it is optional (where no
move lands inside the hypotheses it yields nothing and the verdict asks it for no decided instance).

:func:`boundary_of` builds a claim's adversary from its hypotheses alone, on the first instances of its structured
adversaries (its extremal families): more of them, and every boundary instance, in the thorough profile; its draws
are its own (seeded by the claim's id), so the family is the same whichever adversaries run before it.

:func:`level_edge` is the named structured family of one such move applied to *every* instance of a claim's
structured families (not a quick subsample of them): where a claim's ratio grows without bound as one parameter
approaches an open end of its range (ε → 0 when the bound grows like σ and the quantity like σ²; δ → 0 when the bound
is δ itself), the move is made on every extremal instance, so the quick profile keeps the family's maximum.
"""
from __future__ import annotations

import functools
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import sympy

from ..numeric.enclosure import Decision
from ..numeric.fraction import RATIONAL_TYPES, Fraction
from ..numeric.rationals import rational_eval
from .instances import frac
from .model import Adversary, Claim, Hypothesis, Instance

#: A strict inequality s < e is put at s = e − |e|·2^(−STRICT_BITS) (e at 0: −2^(−STRICT_BITS)).
STRICT_BITS = 40

#: How many first instances of each structured adversary the generated boundary moves start from, at the quick
#: profile's structured size (40); the thorough profile starts from THOROUGH_BASE of each.
BOUNDARY_BASE = 2
THOROUGH_BASE = 12
#: The quick profile's cap on a generated boundary family (per 40 of the structured size).
QUICK_PER_40 = 6

Count = Any | Callable[[Instance], Any]


def _scalar(v: Any) -> Fraction | None:
    """The exact value of a scalar instance entry (int, Fraction, decimal string), else None (lists, floats)."""
    if isinstance(v, bool) or not isinstance(v, (int, *RATIONAL_TYPES, str)):
        return None
    try:
        return frac(v)
    except (TypeError, ValueError):
        return None


@functools.lru_cache(maxsize=None)
def _linear_parts(relation: sympy.Rel) -> tuple[tuple[str, sympy.Expr, sympy.Expr], ...]:
    """(name, a, b) for every symbol s in which ``lhs − rhs`` is affine: lhs − rhs = a·s + b, a free of s."""
    f = sympy.expand(relation.lhs - relation.rhs)
    out = []
    for s in sorted(f.free_symbols, key=lambda t: t.name):
        a = sympy.diff(f, s)
        if a.has(s) or a == 0:
            continue
        out.append((s.name, a, sympy.expand(f - a * s)))
    return tuple(out)


def tightened(hypothesis: Hypothesis, instance: Instance) -> list[dict]:
    """The instance with one scalar parameter of ``hypothesis`` moved to the hypothesis's boundary: for every
    parameter s in which the relation is affine (lhs − rhs = a·s + b, a ≠ 0 and b rational at the instance), s = −b/a
    for ≤, ≥ and =, and one part in 2^STRICT_BITS inside for a strict < or > (empty for a predicate)."""
    rel = hypothesis.relation
    if rel is None:
        return []
    env = {k: q for k, q in ((k, _scalar(v)) for k, v in instance.items()) if q is not None}
    out = []
    for name, a_expr, b_expr in _linear_parts(rel):
        if name not in env:
            continue
        a, b = rational_eval(a_expr, env), rational_eval(b_expr, env)
        if a is None or b is None or a == 0:
            continue
        value = -b / a
        # lhs − rhs = a(s − value): the relation reads s ~ value, with ~ flipped when a < 0
        op = rel.rel_op if a > 0 else {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}[rel.rel_op]
        step = (abs(value) or 1) * Fraction(1, 2**STRICT_BITS)
        target = {"<": value - step, ">": value + step, "<=": value, ">=": value, "==": value}.get(op)
        if target is None or target == env[name]:
            continue
        if isinstance(instance[name], int) and target.denominator != 1:
            continue  # an integer parameter keeps integer values (its count moves are given in ``counts``)
        out.append({**instance, name: target})
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
                       per_40: int = 12, reaches: str = "", optional: bool = False,
                       seed: int | None = None) -> Adversary:
    """A structured adversary of :func:`boundary_instances` over ``base``'s instances (drawn at the profile's size), at
    most ``per_40`` instances per 40 of the profile's structured size (quick 12, thorough every one). With ``seed``
    the family draws from its own generator: the same instances whatever the adversaries before it consumed."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        if seed is not None:
            rng = np.random.default_rng(seed)
        found = boundary_instances(hypotheses, base(rng, size), counts, variants)
        want = max(1, per_40 * max(1, size // 40))
        if want < len(found):
            found = [found[j] for j in sorted(rng.choice(len(found), want, replace=False))]
        return found

    moved = ", ".join([*counts, "every hypothesis inequality at equality"])
    return Adversary("boundary: " + moved, generate=generate, optional=optional,
                     reaches=reaches or f"the boundary of the printed class ({moved}) at the claim's extremal instances")


def level_edge(adversaries: Sequence[Adversary], name: str, value: Fraction, why: str,
               score: Callable[[Instance], float] | None = None, keep: int = 2) -> Adversary:
    """The structured adversary that moves ``name`` to ``value`` (an edge of the printed class, e.g. ε at
    2^−STRICT_BITS, its smallest admissible value inside ε > 0) on every instance of the structured ``adversaries``,
    drawn at the profile's size from generators of its own (seeded by ``name`` and ``value``: the same instances
    whatever ran before it), without duplicates. It scales with the profile: every instance of the families at the
    thorough profile's size; at the quick profile's (40) every instance too, or with ``score`` (a float that only
    chooses instances, never decides — largest first) the ``keep`` best of each family per 40. An instance the move
    takes outside the hypotheses is excluded by the checker, as any other; ``why`` says why the ratio grows there."""
    families = [a.generate for a in adversaries if a.generate is not None]
    label = f"{name} = {value}"

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        own = np.random.default_rng(zlib.crc32(label.encode()))
        out: list[dict] = []
        seen: set[str] = set()
        for family in families:
            drawn = []
            for inst in family(own, size):
                moved = {**inst, name: value}
                key = repr(sorted((k, repr(v)) for k, v in moved.items()))
                if key not in seen:
                    seen.add(key)
                    drawn.append(moved)
            if score is not None and size <= 40:
                drawn = sorted(drawn, key=score, reverse=True)[:keep]
            out.extend(drawn)
        return out

    return Adversary(f"level edge: {label} on every instance of the structured families ({why})", generate=generate)


def with_level_edge(adversaries: tuple[Adversary, ...], name: str, value: Fraction, why: str,
                    score: Callable[[Instance], float] | None = None, keep: int = 2) -> tuple[Adversary, ...]:
    """``adversaries`` followed by their :func:`level_edge`."""
    return (*adversaries, level_edge(adversaries, name, value, why, score, keep))


def smallest_admissible(lower: Fraction = Fraction(0)) -> Fraction:
    """The value one part in 2^STRICT_BITS inside an open lower end ``lower`` (at 0: 2^−STRICT_BITS), as
    :func:`tightened` puts a strict inequality."""
    return lower + ((abs(lower) or 1) * Fraction(1, 2**STRICT_BITS))


def boundary_of(claim: Claim) -> Adversary | None:
    """The optional boundary adversary of ``claim`` generated from its hypotheses: every relational hypothesis at
    equality, moved from the first :data:`BOUNDARY_BASE` instances of each structured adversary (but those with
    ``boundary_base=False``; thorough:
    :data:`THOROUGH_BASE`); None when the claim has no structured adversary or no relational hypothesis (nothing to
    move)."""
    firsts = [a.generate for a in claim.adversaries if a.generate is not None and a.boundary_base]
    if not firsts or not any(h.relation is not None for h in claim.hypotheses):
        return None

    def base(rng: np.random.Generator, size: int) -> list[dict]:
        take = BOUNDARY_BASE if size <= 40 else THOROUGH_BASE
        out: list[dict] = []
        for generate in firsts:
            for j, inst in enumerate(generate(rng, size)):
                if j >= take:
                    break
                out.append(inst)
        return out

    return boundary_adversary(claim.hypotheses, base, per_40=QUICK_PER_40, optional=True,
                              seed=zlib.crc32(claim.id.encode()))
