"""Where each of a step's own conditions comes from (issue 25: a derivation an auditor can cite shows what every step
rests on).

A step may add conditions of its own (``Step.conditions``) to the derivation's, and the engine proves the step
under them. A condition that is neither a hypothesis nor established in the derivation is an assumption of that
step: a premise's content written as a ratio (``ρ_A ≤ 1`` for "E[A] ≤ eq. (15)'s bound"), a case of an argument,
a fact the justification names. Each condition is reported with its origin, decided in this order:

- ``hypothesis`` — one of the derivation's conditions (abbreviations substituted), or δ, β, p ≤ 1 for a
  probability the derivation declares in [0, 1];
- ``step k`` — the relation of the earlier step k, established (identity, proved, proved-on-box), is the condition
  or implies it (``<`` implies ``<=``; abbreviations substituted; big − small a positive rational multiple of the
  step's, shown by expansion);
- ``proved`` — the engine's sign argument in careful mode, then with the conditions written with slacks
  (:func:`.prover.prove_signs`, :func:`.prover.prove_with_slack`: no transform left to run for minutes) proves it
  from the derivation's conditions and the facts that follow from its definitions, on the condition as written, else
  with the abbreviations substituted (each only below :data:`MAX_OPS` operations);
- ``premise Pk`` — the relation of the derivation's k-th premise (``Premise.relation``, one of its relationals when
  an ``And``) is the condition or implies it, as for an earlier step: the step rests on that listed premise (cited,
  no status), as ``complete`` already says of every derivation's premises;
- ``assumed`` — none of these: the step is established *under* it, and the output says so.

No status changes: the record only says what was used (``StepResult.conditions``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import sympy

from .guard import count_ops
from .model import (
    ESTABLISHED, IMPLIED, ORIGIN_ASSUMED, ORIGIN_HYPOTHESIS, ORIGIN_PREMISE, ORIGIN_PROVED, ORIGIN_STEP, ConditionRecord,
    small_rel_big,
)
from .facts import normal_conditions
from .prover import condition_text, expr_latex, prove_signs, prove_with_slack, relevant_conditions

#: A relation larger than this (operations of big − small) is not given to the sign argument or to simplification
#: here: an abbreviated chain's conditions expand to thousands of operations.
MAX_OPS = 200

def _positive_multiple(a: sympy.Expr, b: sympy.Expr, sign_free: bool = False) -> bool:
    """a = q·b for a rational number q > 0 (any q ≠ 0 when ``sign_free``): structurally, or a − q·b expands to 0 for
    the q their values give at a point (no simplification: a match is the same relation written again, and a sum of
    a thousand terms must not run the simplifier) — only when their symbols agree and both stay below
    :data:`MAX_OPS` operations."""
    if a == b:
        return True
    if a.free_symbols != b.free_symbols or count_ops(a) > MAX_OPS or count_ops(b) > MAX_OPS:
        return False
    q = _ratio_at_a_point(a, b)
    if q is None or q == 0 or (q < 0 and not sign_free):
        return False
    return sympy.expand(a - q * b) == 0


def _ratio_at_a_point(a: sympy.Expr, b: sympy.Expr) -> sympy.Rational | None:
    """a/b at one point of positive rationals, as the nearest rational with a denominator up to 1000 (a guess the
    expansion then proves or not), or None where it is not a finite real number."""
    point = {x: sympy.Rational(37 + 11 * k, 29 + 3 * k) for k, x in enumerate(sorted(a.free_symbols, key=str))}
    try:
        va, vb = a.evalf(40, subs=point), b.evalf(40, subs=point)
        if not (va.is_real and vb.is_real and va.is_finite and vb.is_finite) or vb == 0:
            return None
        return sympy.Rational(str(sympy.N(va / vb, 30))).limit_denominator(1000)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None


def _implied_by(cond: tuple[sympy.Expr, str, sympy.Expr], stated: tuple[sympy.Expr, str, sympy.Expr]) -> bool:
    small, rel, big = cond
    s_small, s_rel, s_big = stated
    if rel == "==":
        return s_rel == "==" and _positive_multiple(small - big, s_small - s_big, sign_free=True)
    if rel not in IMPLIED[s_rel]:
        return False
    if (small, big) == (s_small, s_big):
        return True
    return _positive_multiple(big - small, s_big - s_small)


def condition_origins(conditions: Sequence[sympy.Basic], expand: Callable[[sympy.Basic], sympy.Basic],
                      hypotheses: Sequence[sympy.Basic], earlier: Sequence[tuple[int, str, tuple]],
                      base_conditions: Sequence[sympy.Basic], facts_of: Callable[[], list[sympy.Rel]],
                      premises: Sequence[tuple[int, tuple]] = ()) -> tuple[ConditionRecord, ...]:
    """The origin of each of a step's ``conditions`` (see the module docstring).

    ``expand`` substitutes the abbreviations; ``hypotheses`` are the derivation's conditions and probability
    facts, expanded; ``earlier`` the previous steps as (index, status, (small, rel, big) expanded); ``premises`` the
    premises' relations as (k, (small, rel, big) expanded), k counted from 1 as they are displayed;
    ``base_conditions`` the derivation's conditions (abbreviations kept) for the sign argument, which runs on the
    condition as written (its abbreviations' assumptions and facts used), then — when it stays below
    :data:`MAX_OPS` operations — with the abbreviations substituted."""
    records = []
    hyp = set(hypotheses)
    for c in conditions:
        ce = expand(c)
        text, latex = condition_text(c), expr_latex(c)
        if ce in hyp or ce is sympy.true:
            records.append(ConditionRecord(text, latex, ORIGIN_HYPOTHESIS, "one of the derivation's conditions"))
            continue
        norm = small_rel_big(ce)
        found = None
        if norm is not None:
            found = next((k for k, status, stated in reversed(earlier)
                          if status in ESTABLISHED and _implied_by(norm, stated)), None)
        if found is not None:
            records.append(ConditionRecord(text, latex, f"{ORIGIN_STEP} {found}", f"established by step ({found})"))
            continue
        how = None
        for form, conds in ((small_rel_big(c), list(base_conditions) + facts_of()),
                            (norm, [expand(b) for b in base_conditions])):
            if how is not None or form is None or form[1] == "==" or count_ops(form[2] - form[0]) > MAX_OPS:
                continue
            small, rel, big = form
            usable = relevant_conditions(normal_conditions(conds), small.free_symbols | big.free_symbols)
            how = prove_signs(small, rel, big, usable, careful=True) or prove_with_slack(small, rel, big, usable)
            if form is norm and how is not None:
                how += "; abbreviations substituted"
        if how is not None:
            records.append(ConditionRecord(text, latex, ORIGIN_PROVED, how))
            continue
        cited = None if norm is None else next((k for k, stated in premises if _implied_by(norm, stated)), None)
        if cited is not None:
            records.append(ConditionRecord(text, latex, f"{ORIGIN_PREMISE} P{cited}",
                                           f"stated by premise P{cited} (cited, no status)"))
            continue
        records.append(ConditionRecord(text, latex, ORIGIN_ASSUMED, "neither a hypothesis nor established in the "
                                                             "derivation: the step is established under it"))
    return tuple(records)
