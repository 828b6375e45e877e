"""A step that is an instance of another claim's derivation (a :class:`~certunlearn.derive.model.Lemma` reference).

A checkable premise is a lemma with its own derivation, not a citation (issue 25, item 1). The step
``step(lhs, "<=", rhs, why, lemma=Lemma("d2d.lemA.2", {beta: beta/2}))`` is established — ``proved``, method
``lemma`` — iff the lemma's derivation is ``complete`` and the step is an instance of the lemma's statement (see
:class:`~certunlearn.derive.model.Lemma` for the statement and the four conditions). This module resolves the lemma
(its claim, its derivation, its checked result), reads its statement and decides whether a step is an instance;
the engine calls :func:`instance` for each step with a lemma, passing its own checker (so that the lemma's result
comes from the same cache), and :mod:`.cache` keys a derivation by its lemmas' keys (:func:`lemma_keys`), so a
changed lemma invalidates its users.

**Cycles.** The claims whose lemma references are being resolved form a stack (per process); a lemma already on it
(or the citing derivation itself) is a cycle: not established, never resolved further.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import sympy

from . import facts
from .model import (
    IMPLIED, PROOF_COMPLETE, PROVED, PROVED_ON_BOX, Derivation, DerivationResult, Lemma, Step, proof_status,
    small_rel_big,
)
from .prover import condition_text, expr_text, prove_relation
from .signs import zero_proof

#: Claim ids whose derivations are being checked through lemma references (innermost last).
_STACK: list[str] = []


@contextmanager
def resolving(claim_id: str) -> Iterator[None]:
    """Mark ``claim_id`` as being resolved (for the cycle guard) while the block runs."""
    _STACK.append(claim_id)
    try:
        yield
    finally:
        _STACK.pop()


def cycle(citing: str, lemma_id: str) -> str | None:
    """The cycle that resolving ``lemma_id`` from ``citing`` would close, as text, or None."""
    chain = [*_STACK, citing] if not _STACK or _STACK[-1] != citing else list(_STACK)
    if lemma_id in chain:
        return " → ".join(chain[chain.index(lemma_id):] + [lemma_id])
    return None


def resolve(lemma_id: str) -> tuple[Derivation, Any]:
    """The lemma's derivation and claim (LookupError when either is missing)."""
    from ..claims.registry import get_claim
    from .loader import load_derivation

    claim = get_claim(lemma_id)
    return load_derivation(getattr(claim, "derivation", None) or claim.id), claim


@dataclass(frozen=True)
class Statement:
    """What a complete lemma establishes: ``lhs rel rhs`` under ``conditions``, for integer ``integers``, on ``box``
    (lemma symbol → (lo, hi) as exact decimals; empty when established everywhere)."""

    lhs: sympy.Expr
    rel: str
    rhs: sympy.Expr
    conditions: tuple[sympy.Rel, ...]
    integers: frozenset[sympy.Symbol]
    box: tuple[tuple[str, str, str], ...]


def statement(derivation: Derivation, target: sympy.Expr, result: DerivationResult) -> Statement:
    """The statement of a lemma whose derivation checked to ``result`` (see :class:`~certunlearn.derive.model.Lemma`)."""
    cs = derivation.chain_start
    chain = derivation.steps[cs:]
    rels = {st.rel for st in chain}
    rel = "==" if rels == {"=="} else "<" if "<" in rels else "<="
    lhs = derivation.expand(derivation.steps[cs].lhs)
    conds: list[sympy.Rel] = [derivation.expand(c) for c in derivation.conditions]
    for st in derivation.steps:
        conds += [derivation.expand(c) for c in st.conditions if derivation.expand(c) not in conds]
    symbols = lhs.free_symbols | sympy.sympify(target).free_symbols | {s for c in conds for s in c.free_symbols}
    conds += [c for c in facts.probability_facts(symbols, derivation.domain) if c not in conds]
    # the signs the lemma's symbols assume (a lemma proved for a > 0 says nothing at a value that may be ≤ 0)
    for x in sorted(symbols, key=str):
        if x.is_positive:
            conds.append(sympy.Gt(x, 0, evaluate=False))
        elif x.is_nonnegative:
            conds.append(sympy.Ge(x, 0, evaluate=False))
    integers = frozenset(x for st in derivation.steps for x in st.integers)
    boxes = [s.box for s in result.steps if s.status == PROVED_ON_BOX and s.box]
    defined = {expr_text(sym): derivation.expand(val) for sym, val in derivation.where}
    for d in result.definitions:  # an abbreviation's assumption proved on the derivation's domain
        if d.status == PROVED_ON_BOX:
            used = {x.name for x in defined.get(d.symbol, sympy.S.Zero).free_symbols}
            boxes.append(tuple((x.name, str(lo), str(hi)) for x, lo, hi in derivation.domain or () if x.name in used))
    bounds: dict[str, list] = {}
    for boxed in boxes:
        for name, lo, hi in boxed:
            b = bounds.setdefault(name, [lo, hi])
            b[0] = max(b[0], lo, key=sympy.Rational)
            b[1] = min(b[1], hi, key=sympy.Rational)
    box = tuple((n, lo, hi) for n, (lo, hi) in sorted(bounds.items()))
    return Statement(lhs, rel, sympy.sympify(target), tuple(conds), integers, box)


@dataclass(frozen=True)
class Instance:
    """Whether a step is an established instance of its lemma: ``status`` PROVED / PROVED_ON_BOX with the box, or
    "" (not established) with ``detail`` saying why."""

    status: str
    detail: str
    box: tuple[tuple[str, str, str], ...] | None = None


def instance(st: Step, citing: str, sides: Sequence[tuple[sympy.Expr, sympy.Expr]], conditions: Sequence[sympy.Rel],
             facts_of: Callable[[], list[sympy.Rel]],
             check: Callable[[Derivation, Any], tuple[DerivationResult, sympy.Expr]]) -> Instance:
    """Decide whether ``st`` (in the derivation of ``citing``; ``sides``: its (lhs, rhs) as written and with the
    abbreviations substituted; ``conditions``: the citing derivation's, abbreviations substituted) is an established
    instance of ``st.lemma``; ``check(derivation, claim)`` is the engine's check (the result, and the target
    expression it was checked against)."""
    lemma: Lemma = st.lemma  # type: ignore[assignment]
    name = lemma.claim_id
    loop = cycle(citing, name)
    if loop is not None:
        return Instance("", f"lemma {name} not used: a cycle of lemma references ({loop})")
    try:
        derivation, claim = resolve(name)
    except LookupError as exc:
        return Instance("", f"lemma {name} not used: {exc}")
    with resolving(citing):
        result, target = check(derivation, claim)
    status = proof_status(result)
    if status != PROOF_COMPLETE:
        return Instance("", f"lemma {name} not used: its derivation is {status}, not complete")
    stmt = statement(derivation, target, result)
    sub = dict(lemma.substitution)
    what = f"{name}: {expr_text(stmt.lhs)} {stmt.rel} {expr_text(stmt.rhs)}"
    if sub:
        what += " under " + ", ".join(f"{expr_text(k)} ↦ {expr_text(v)}" for k, v in sub.items())
    if st.rel not in IMPLIED[stmt.rel]:
        return Instance("", f"not an instance of {what}: the step states {st.rel}")
    want_l, want_r = stmt.lhs.xreplace(sub), stmt.rhs.xreplace(sub)
    if not any(zero_proof(l, want_l) is not None for l, _ in sides):
        return Instance("", f"not an instance of {what}: the left side is not {expr_text(want_l)}")
    if not any(zero_proof(r, want_r) is not None for _, r in sides):
        return Instance("", f"not an instance of {what}: the right side is not {expr_text(want_r)}")
    for x in sorted(stmt.integers, key=str):
        v = sub.get(x, x)
        if v not in st.integers:
            return Instance("", f"not an instance of {what}: the lemma holds for integer {x} only and the step "
                            f"declares no integer {expr_text(v)}")
    # an integer symbol that is positive is ≥ 1 (the step declares it integer)
    conditions = list(conditions) + [sympy.Ge(x, 1) for x in st.integers if x.is_positive]
    for c in stmt.conditions:
        ci = c.xreplace(sub)
        if ci is sympy.true:
            continue
        rel = small_rel_big(ci)
        if rel is None or rel[1] == "==":
            return Instance("", f"{what}: its condition {condition_text(c)} is {condition_text(ci)} here")
        small, op, big = rel
        if prove_relation(small, op, big, list(conditions), facts_of) is None:
            return Instance("", f"{what}: its condition {condition_text(c)} is not proved here "
                            f"({condition_text(ci)})")
    if stmt.integers:
        what += " for integer " + ", ".join(expr_text(sub.get(x, x)) for x in sorted(stmt.integers, key=str))
    if not stmt.box:
        return Instance(PROVED, f"an instance of {what} (its derivation complete; its conditions hold here)")
    names = {s.name: s for s in stmt.lhs.free_symbols | stmt.rhs.free_symbols}
    box = tuple((expr_text(sub.get(names[n], names[n])) if n in names else n, lo, hi) for n, lo, hi in stmt.box)
    where = ", ".join(f"{n} ∈ [{lo}, {hi}]" for n, lo, hi in box)
    return Instance(PROVED_ON_BOX, f"an instance of {what} (its derivation complete on {where}; its conditions hold "
                    "here)", box)


def lemma_keys(derivation: Derivation, key_of: Callable[[Derivation, Any], str]) -> str:
    """The cache keys of the lemmas ``derivation``'s steps refer to (``key_of(lemma derivation, claim)``), as text:
    part of the derivation's own key, so a changed lemma invalidates its users. A cycle or a missing lemma is
    recorded as such (never resolved further)."""
    out = []
    for st in derivation.steps:
        if st.lemma is None:
            continue
        name = st.lemma.claim_id
        loop = cycle(derivation.claim_id, name)
        if loop is not None:
            out.append(f"{name}=cycle")
            continue
        try:
            lemma_d, claim = resolve(name)
        except LookupError as exc:
            out.append(f"{name}=missing:{exc}")
            continue
        with resolving(derivation.claim_id):
            out.append(f"{name}={key_of(lemma_d, claim)}")
    return ";".join(out)


__all__ = ["Instance", "Statement", "cycle", "instance", "lemma_keys", "resolve", "resolving", "statement"]
