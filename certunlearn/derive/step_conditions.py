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
  step's, shown by expansion); ``step j–k`` — the same of a chain of earlier steps j, …, k each established, the
  steps after j continuing from the previous right-hand side (:func:`chained`: a ≤ b = c < d gives a < d), so that a
  bound proved on the way by a sub-chain (log u ≤ u − 1 = … ≤ s/x) is a condition a later step may use;
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
    ESTABLISHED, IDENTITY, IMPLIED, ORIGIN_ASSUMED, ORIGIN_HYPOTHESIS, ORIGIN_PREMISE, ORIGIN_PROVED, ORIGIN_STEP,
    PROVED, PROVED_ON_BOX, ConditionRecord, small_rel_big,
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


#: The weakest established status first: a chain is established as its weakest step is.
_WEAKEST = (PROVED_ON_BOX, PROVED, IDENTITY)


def chained(run: tuple[int, str, tuple] | None, index: int, status: str, relation: tuple) -> tuple[int, str, tuple]:
    """The chain ending at step ``index`` (status ``status``, ``relation`` its (lhs, rel, rhs) expanded), which
    continues ``run`` (the chain ending at the previous step, as (first index, status, (small, rel, big)), or None
    when the step starts a chain): lhs of the first step, the composed relation (``<`` when any step's is, ``==``
    when every step's is, else ``<=``), rhs of this step; its status is the weakest of its steps' when all are
    established (:data:`~.model.ESTABLISHED`), else that of a step that is not."""
    if run is None:
        return index, status, relation
    first, run_status, (small, run_rel, _) = run
    rel = "<" if "<" in (run_rel, relation[1]) else "==" if run_rel == relation[1] == "==" else "<="
    if run_status not in ESTABLISHED or status not in ESTABLISHED:
        weakest = run_status if run_status not in ESTABLISHED else status
    else:
        weakest = next(w for w in _WEAKEST if w in (run_status, status))
    return first, weakest, (small, rel, relation[2])


def restates_condition(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conditions: Sequence[sympy.Basic]) -> str | None:
    """How ``lhs rel rhs`` follows from one of the step's own ``conditions`` by adding the same terms to both sides
    and scaling: rhs − lhs is a positive rational multiple of the condition's big − small (``<`` needs a strict
    condition) — the text saying which, or None. (r + 1/t ≤ R + 1/t under r ≤ R: no sign argument needed.)"""
    for c in conditions:
        norm = small_rel_big(c)
        if norm is not None and norm[1] != "==" and _implied_by((lhs, rel, rhs), norm):
            return f"rhs − lhs is a positive multiple of {condition_text(c)}'s two sides' difference (the step's condition)"
    return None


def condition_origins(conditions: Sequence[sympy.Basic], expand: Callable[[sympy.Basic], sympy.Basic],
                      hypotheses: Sequence[sympy.Basic], earlier: Sequence[tuple[int, str, tuple]],
                      base_conditions: Sequence[sympy.Basic], facts_of: Callable[[], list[sympy.Rel]],
                      premises: Sequence[tuple[int, tuple]] = ()) -> tuple[ConditionRecord, ...]:
    """The origin of each of a step's ``conditions`` (see the module docstring).

    ``expand`` substitutes the abbreviations; ``hypotheses`` are the derivation's conditions and probability
    facts, expanded; ``earlier`` the previous steps as (index, status, (small, rel, big) expanded), and the chains
    of two or more of them as ((j, k), status, (small, rel, big)) (:func:`chained`); ``premises`` the
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
            if isinstance(found, int):
                where, how = f"{found}", f"established by step ({found})"
            else:
                where, how = f"{found[0]}–{found[1]}", f"established by the chain of steps ({found[0]}) to ({found[1]})"
            records.append(ConditionRecord(text, latex, f"{ORIGIN_STEP} {where}", how))
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
