"""Checking a derivation step by step, and its link to the claim.

For each step ``lhs rel rhs`` the engine first evaluates it rigorously at a dozen points of the domain (its
centre, corners and a few random points): a step failing at one of them is **refuted** at once — a false step
cannot be proved, so no simplification is spent on it. Then it tries, in order:

1. **identity** — ``lhs − rhs`` simplifies to 0 (sympy: ``expand``, ``simplify``, evaluation of derivatives and
   integrals with ``doit()`` (unconditional results only), comparison of integrands under a common integral,
   positive symbols written as squares with factored radicands so that √((a+b)²) = a+b, and Max/Min written with
   Abs so that positive factors leave them). A ``<=`` step that is an equality is an identity too.
2. **proved** — a symbolic sign argument (:mod:`.prover`): ``rhs − lhs`` (or ``log rhs − log lhs`` when both
   sides are positive, or ``rhs² − lhs²`` when both are nonnegative) is shown ≥ 0 (> 0 for ``<``) by sympy's
   assumption system plus structural sign rules. The derivation's conditions are always used (``|u| ≤ 1`` read
   as −1 ≤ u ≤ 1, conditions linear in one symbol solved for it, by reparametrisation s = c/(1+u), s = c+u, or
   with slacks; when symbols of lhs and rhs cancel in rhs − lhs, their conditions are left out — each two-sided
   one would double the reparametrisation's pieces); then with the facts that follow from the definitions (γ := (M − m)/(M + m) ∈ (0, 1) when
   m < M, G := γ^I ∈ (0, 1); δ, β, p ≤ 1: :mod:`.facts`); then in each case of a split of Abs/Max/Min/ceiling/
   floor (``method`` ``case-split``). A :class:`~certunlearn.derive.model.Monotone` hint is proved by the
   derivative's sign and the limit at the endpoint — of rhs − lhs, else (both sides positive) of log rhs − log
   lhs. Cheapest first: the plain sign argument uses sympy's
   transforms up to ``simplify`` under count_ops caps; the retries (facts, slacks, case splits, and the declared
   range of 3.) stop at ``factor`` and run under :mod:`.guard`'s degree and term bounds (careful mode), so a
   substitution that raises degrees is declined, never left to run for minutes.
3. **proved-on-box** by the sign argument with one symbol held to the range the derivation's domain declares
   for it (the box names that one range).
4. **proved-on-box** by rigorous interval branch-and-bound (:func:`~certunlearn.numeric.boxes.prove_on_box`,
   on ``rhs − lhs`` factored first, then as written; a budget of :data:`BOX_BUDGET` sub-boxes) on the step's
   box, else on the derivation's declared bounded domain (its ``domain`` and two-sided constant conditions;
   steps in at most :data:`BOX_SYMBOLS` symbols), naming the box; without a declared box, the same search runs
   on the sampling ranges (steps in at most :data:`HUNT_SYMBOLS` symbols) as a hunt for a counterexample only:
   it refines toward the point where rhs − lhs is smallest, so a failure 10⁻⁷ wide is found, and a failure it
   reports is decided on enclosures.
5. **sampling** on the derivation's domain (decided on enclosures): **refuted** at the first point where the
   step fails;
6. before a sampled step may be graded **evidence** (a cited step: **cited**), a hard **counterexample
   search** of its domain (:mod:`.search`: ≥ 200 points — corners, edges, log-scale coordinates — then
   Nelder–Mead maximisation of (lhs − rhs)/(|lhs| + |rhs|)); a proposed point is reported **refuted** only when
   the step is decided false there on exact enclosures. Abbreviations whose assumption is only sampled get the
   same search. Evidence says what it is — "sampled at N points, K decided, 0 violated" (an equation: K points
   agreeing within 10⁻⁶⁰) — and a step with K = 0 is **unchecked**. ``StepResult.method`` names the method.

The start of the final chain is compared with the claim's closed-form quantity (``claim.quantity_expr``, when
it has one), else with the quantity computed at symbolic input (``Derivation.symbolic_start``: the reference
algorithm run on sympy symbols): ``start_status`` is ``checked`` (symbolically equal), ``mismatch``, or ``stated``
— with the derivation's ``start_reason`` when it gives one.

Abbreviations (``where``) are first kept as free symbols with their assumptions — a relation proved for all
positive ρ holds for ρ := Δ²/(2σ²) — and each abbreviation's assumption (e.g. positivity) is itself checked;
then they are substituted. Numeric work always uses the base symbols.

``check_derivation(derivation, claim)`` also checks the **link**: the last right-hand side minus the claim's
target expression (``claim.bound`` or ``claim.prescribed[target]``) must simplify to 0.
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import time
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import sympy
from flint import arb

from ..numeric.enclosure import Decision
from ..numeric import boxes as boxmod
from ..numeric.fraction import Fraction
from . import facts, guard, lemmas
from .prover import (
    condition_text, expr_latex, expr_text, prove_monotone, prove_relation, prove_signs, relation_text,
    relevant_conditions, reparametrisations,
)
from .signs import nonnegative_proof, sign_of, zero_proof
from .step_conditions import chained, condition_origins, restates_condition
from .model import (
    CITED, EVIDENCE, IDENTITY, LINK_BROKEN, LINK_IDENTITY, PROVED, PROVED_ON_BOX, REFUTED, START_CHECKED,
    START_MISMATCH, START_STATED, UNCHECKED,
    DefinitionResult, Derivation, DerivationResult, PremiseRecord, Step, StepResult, SymbolicStart, check_inputs,
    small_rel_big,
)

#: Points of the quick numeric screen run before any proof attempt.
_SCREEN_POINTS = 12
_DEFAULT_RANGE_POS = (Fraction(1, 1000), Fraction(1000))
_DEFAULT_RANGE_NEG = (-_DEFAULT_RANGE_POS[1], -_DEFAULT_RANGE_POS[0])
_DEFAULT_RANGE = (Fraction(-10), Fraction(10))  # narrowed to [0, 10] for a nonnegative symbol, etc.
#: Sub-boxes the branch-and-bound may examine on a declared box (a proof), and on the sampling ranges (a hunt for
#: a counterexample, when the derivation declares no bounded domain for some symbol).
BOX_BUDGET = 900
HUNT_BUDGET = 200
#: The hunt on the sampling ranges is run for steps in at most this many symbols (beyond, a budget of boxes
#: cannot shrink every coordinate far enough to find a narrow failure).
HUNT_SYMBOLS = 3
#: Branch-and-bound on the derivation's declared domain (no box of the step's own) is run for steps in at most this
#: many symbols: :data:`BOX_BUDGET` sub-boxes halve each coordinate of a box in more dimensions only a couple of
#: times, too coarse to decide a step the sign arguments could not (a step's own ``box`` is always tried).
BOX_SYMBOLS = 4
#: An equation's two enclosures agreeing within 10^-_AGREE_DIGITS (relative) at a point count as agreeing there.
_AGREE_DIGITS = 60
_AGREE_TOL = arb(10) ** -_AGREE_DIGITS


# ----------------------------------------------------------------------------------------------------
# text helpers


# ----------------------------------------------------------------------------------------------------
# the checking context


class _Context:
    def __init__(self, derivation: Derivation):
        self.d = derivation
        self.where = list(derivation.where)
        self.abbrev = {s for s, _ in self.where}
        self.domain: dict[str, tuple[Fraction, Fraction]] = {}
        for sym, lo, hi in derivation.domain or ():
            self.domain[sym.name] = (boxmod.to_fraction(lo), boxmod.to_fraction(hi))
        self.rng_seed = zlib.crc32(derivation.claim_id.encode())
        self._facts: list[sympy.Rel] | None = None
        used: set[sympy.Basic] = {s for _, v in self.where for s in v.free_symbols}
        for st in derivation.steps:
            used |= (st.lhs.free_symbols if st.lhs is not None else set()) | st.rhs.free_symbols
        self.symbols = used | self.abbrev
        self.probabilities = facts.probability_facts(self.symbols, derivation.domain)

    def facts(self) -> list[sympy.Rel]:
        """Bounds of the abbreviations and probabilities that follow from their definitions (:mod:`.facts`),
        computed once per derivation."""
        if self._facts is None:
            self._facts = []  # no facts while the facts themselves are being proved
            conds = facts.normal_conditions(self.base_conditions())
            found = facts.definition_facts(
                self.where, conds, lambda l, rel, r, c: prove_relation(l, rel, r, c),
                self.symbols, self.d.domain)
            self._facts = [c for c in found if c not in self.probabilities]
        return self._facts

    def expand_where(self, e: sympy.Basic) -> sympy.Basic:
        """``e`` with every abbreviation replaced by its definition (:meth:`Derivation.expand`)."""
        return self.d.expand(e)

    def conditions(self, step: Step | None = None) -> list[sympy.Rel]:
        """The derivation's conditions, the step's, and δ, β, p ≤ 1 for the probabilities the derivation uses and
        declares in [0, 1] (:func:`.facts.probability_facts`)."""
        conds = list(self.d.conditions) + (list(step.conditions) if step else [])
        return conds + [c for c in self.probabilities if c not in conds]

    def base_conditions(self, step: Step | None = None) -> list[sympy.Rel]:
        return [self.expand_where(c) for c in self.conditions(step)]

    def region(self, free: set[sympy.Basic], step: Step | None = None) -> tuple[set[sympy.Basic], list[sympy.Rel]]:
        """What a numeric check of an expression in ``free`` ranges over: the symbols and the conditions.

        The conditions (abbreviations substituted) sharing a symbol with ``free``, directly or through other
        such conditions, are kept, with the symbols they bring in — so a point satisfying them is a point of
        the hypotheses; unrelated conditions are left out. Each symbol's sign assumption is added as a
        condition (:func:`~certunlearn.numeric.boxes.assumption_conditions`).
        """
        symbols = set(free)
        pending = [c for c in self.base_conditions(step) if c is not sympy.true]
        kept: list[sympy.Rel] = []
        grew = True
        while grew:
            grew = False
            for c in list(pending):
                if c.free_symbols & symbols or not c.free_symbols:
                    kept.append(c)
                    pending.remove(c)
                    symbols |= c.free_symbols
                    grew = True
        return symbols, kept + list(boxmod.assumption_conditions(symbols))

    def ranges(self, names: Sequence[str], symbols: Mapping[str, sympy.Symbol], step: Step | None):
        """Sampling ranges: the domain, else a default range narrowed by constant bounds in the conditions; each
        narrowed to what the symbol's assumptions allow (a symbol left with no value gets no range)."""
        out = {}
        for name in names:
            sym = symbols[name]
            if name in self.domain:
                r = boxmod.admissible_range(sym, *self.domain[name])
                if r is not None:
                    out[name] = r
                continue
            lo, hi = _DEFAULT_RANGE_POS if sym.is_positive else _DEFAULT_RANGE_NEG if sym.is_negative else _DEFAULT_RANGE
            for c in facts.normal_conditions(self.conditions(step)):
                if not (isinstance(c.lhs, sympy.Symbol) and c.lhs == sym and c.rhs.is_Rational):
                    continue
                v = Fraction(int(c.rhs.p), int(c.rhs.q))
                if isinstance(c, (sympy.LessThan, sympy.StrictLessThan)):
                    hi = min(hi, v)
                    if lo >= hi:
                        lo = hi / 1000 if hi > 0 else hi - 10
                else:
                    lo = max(lo, v)
                    if hi <= lo:
                        hi = lo * 1000 if lo > 0 else lo + 10
            r = boxmod.admissible_range(sym, lo, hi)
            if r is not None:
                out[name] = r
        return out


    def declared_ranges(self, names: Sequence[str], symbols: Mapping[str, sympy.Symbol], step: Step | None):
        """Ranges the derivation declares for every one of ``names`` — its domain, else a constant lower bound
        (or the symbol's sign) and a constant upper bound among the conditions — narrowed by the assumptions;
        None when some symbol has none."""
        bounds: dict[str, list] = {}
        for c in facts.normal_conditions(self.base_conditions(step)):
            if isinstance(c, (sympy.LessThan, sympy.StrictLessThan, sympy.GreaterThan, sympy.StrictGreaterThan)) \
                    and isinstance(c.lhs, sympy.Symbol) and c.rhs.is_Rational:
                b = bounds.setdefault(c.lhs.name, [None, None])
                v = Fraction(int(c.rhs.p), int(c.rhs.q))
                if isinstance(c, (sympy.LessThan, sympy.StrictLessThan)):
                    b[1] = v if b[1] is None else min(b[1], v)
                else:
                    b[0] = v if b[0] is None else max(b[0], v)
        out = {}
        for name in names:
            sym = symbols[name]
            if name in self.domain:
                lo, hi = self.domain[name]
            else:
                lo, hi = bounds.get(name, [None, None])
                if lo is None and (sym.is_nonnegative or sym.is_positive):
                    lo = Fraction(0)
                if lo is None or hi is None:
                    return None
            r = boxmod.admissible_range(sym, lo, hi)
            if r is None:
                return None
            out[name] = r
        return out


def _variants(ctx: _Context, lhs: sympy.Expr, rhs: sympy.Expr, step: Step) -> list[tuple[str, sympy.Expr, sympy.Expr]]:
    given = dict(step.given)
    l0, r0 = (lhs.subs(given), rhs.subs(given)) if given else (lhs, rhs)
    out = [("", l0, r0)]
    l1, r1 = ctx.expand_where(l0), ctx.expand_where(r0)
    if (l1, r1) != (l0, r0):
        out.append(("abbreviations substituted", l1, r1))
    return out


def _numeric_form(e: sympy.Expr) -> sympy.Expr:
    """Derivatives and substitutions evaluated (exactly, by sympy) so that the expression can be enclosed."""
    if e.has(sympy.Derivative, sympy.Subs) and not e.has(sympy.Integral):
        try:
            return e.doit()
        except (TypeError, ValueError, NotImplementedError):
            return e
    return e


def _fmt_point(point: Mapping[str, str]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in sorted(point.items()))


def _sample_points(ranges: Mapping[str, tuple[Fraction, Fraction]], n: int, seed: int, corners: bool = True,
                   integers: frozenset[str] = frozenset()) -> list[dict[str, Fraction]]:
    """The centre, up to 16 corners, then uniform (log-uniform for wide positive ranges) points: n in all.

    Coordinates named in ``integers`` are rounded to the nearest integer (their ranges are integer hulls)."""
    names = sorted(ranges)
    rng = np.random.default_rng(seed)

    def val(name: str, u: float) -> Fraction:
        lo, hi = ranges[name]
        if u <= 0.0:
            return lo
        if u >= 1.0:
            return hi
        if boxmod.is_log_scale(lo, hi):
            v = Fraction(math.exp(math.log(lo) + u * (math.log(hi) - math.log(lo))))
        else:
            v = Fraction(float(lo + (hi - lo) * Fraction(u)))
        if name in integers:
            v = Fraction(round(v))
        return min(max(v, lo), hi)

    if not names:
        return [{}]
    pts = [{k: val(k, 0.5) for k in names}]
    if corners:
        for corner in itertools.islice(itertools.product((0.0, 1.0), repeat=len(names)), 16):
            pts.append({k: val(k, u) for k, u in zip(names, corner)})
    while len(pts) < n:
        u = rng.random(len(names))
        pts.append({k: val(k, float(x)) for k, x in zip(names, u)})
    return pts[:max(n, 1)] if not corners else pts


class _Sampled:
    def __init__(self, status: str, n: int, undecided: int, outcome: boxmod.BoxOutcome | None = None, reason: str = ""):
        self.status, self.n, self.undecided, self.outcome, self.reason = status, n, undecided, outcome, reason

    @property
    def decided(self) -> int:
        """Points decided on enclosures (for an equation: agreeing within 10^-_AGREE_DIGITS)."""
        return self.n - self.undecided


def _agree(c: Any) -> bool:
    """Whether an undecided equation's two enclosures agree within 10^-_AGREE_DIGITS (relative)."""
    a, b = c.lhs, c.rhs
    if not (a.is_finite() and b.is_finite()):
        return False
    gap = abs(a - b).upper()
    scale = 1 + abs(a).upper()
    return bool(gap <= scale * _AGREE_TOL)


def _sample(ctx: _Context, lhs: sympy.Expr, op: str, rhs: sympy.Expr, step: Step | None, n: int, seed: int,
            corners: bool = True) -> _Sampled:
    """Test ``lhs op rhs`` (base symbols) at n points of the domain satisfying the conditions and the
    symbols' assumptions (the point ranges over the :meth:`_Context.region` of the relation)."""
    free, conds = ctx.region(lhs.free_symbols | rhs.free_symbols, step)
    if any(not isinstance(s, sympy.Symbol) for s in free):
        return _Sampled("none", 0, 0, reason="non-symbol free variables")
    bad = [c for c in conds if not boxmod.is_inequality(c)]
    if bad:
        return _Sampled("none", 0, 0, reason="condition " + ", ".join(condition_text(c) for c in bad)
                        + " is not an inequality that can be evaluated at a point")
    symbols = {s.name: s for s in free}
    ranges = ctx.ranges(sorted(symbols), symbols, step)
    empty = sorted(set(symbols) - set(ranges))
    if empty:
        return _Sampled("none", 0, 0, reason=f"no value of {', '.join(empty)} in its range is allowed by its "
                        "assumptions")
    points = _sample_points(ranges, n, seed, corners, frozenset(k for k, v in symbols.items() if v.is_integer))
    tested = undecided = 0
    for p in points:
        if conds and not boxmod.conditions_hold(conds, p):
            continue
        c = boxmod.violates(lhs, op, rhs, p, max_prec=512)
        if c is None:
            return _Sampled("none", tested, undecided, reason="no rigorous numeric form")
        tested += 1
        if c.decision is Decision.FALSE:
            out = boxmod.refute_at(lhs, op, rhs, p, conditions=conds, outer=ranges)
            if out is not None:
                return _Sampled(REFUTED, tested, undecided, out)
        elif c.decision is Decision.UNDECIDED and not (op == "==" and _agree(c)):
            undecided += 1
    return _Sampled(EVIDENCE, tested, undecided)


def _search(ctx: _Context, lhs: sympy.Expr, op: str, rhs: sympy.Expr, step: Step | None, seed: int):
    """A hard search of the step's region for a counterexample (:mod:`.search`), or None when not searchable."""
    from . import search

    free, conds = ctx.region(lhs.free_symbols | rhs.free_symbols, step)
    if any(not isinstance(s, sympy.Symbol) for s in free) or any(not boxmod.is_inequality(c) for c in conds):
        return None
    symbols = {s.name: s for s in free}
    ranges = ctx.ranges(sorted(symbols), symbols, step)
    if set(symbols) - set(ranges):
        return None
    return search.find_counterexample(lhs, op, rhs, symbols, conds, ranges, seed)


def _screen(ctx: _Context, lhs: sympy.Expr, rhs: sympy.Expr, step: Step | None) -> tuple[bool, boxmod.BoxOutcome | None]:
    """(could be an identity, refutation if an equality fails) — by evaluating lhs − rhs at two points."""
    res = _sample(ctx, lhs, "==", rhs, step, 2, ctx.rng_seed + 7, corners=False)
    if res.status == REFUTED:
        return False, res.outcome
    return True, None


# ----------------------------------------------------------------------------------------------------
# one step


def _result(ctx: _Context, index: int, st: Step, lhs: sympy.Expr, status: str, detail: str, t0: float,
            outcome: boxmod.BoxOutcome | None = None, boxes: int | None = None, samples: int | None = None, *,
            method: str, box: tuple[tuple[str, str, str], ...] | None = None,
            decided: int | None = None) -> StepResult:
    given = dict(st.given)
    return StepResult(
        index=index, text=relation_text(lhs, st.rel, st.rhs), rel=st.rel, lhs=expr_text(lhs), rhs=expr_text(st.rhs),
        lhs_latex=expr_latex(lhs), rhs_latex=expr_latex(st.rhs), chained=st.chained, status=status,
        justification=st.justification, detail=detail, citation=st.cited,
        given=", ".join(f"{expr_text(k)} = {expr_text(v)}" for k, v in given.items()),
        given_latex=", ".join(f"{expr_latex(k)} = {expr_latex(v)}" for k, v in given.items()),
        point=outcome.point if outcome is not None and outcome.status == REFUTED else None,
        lhs_value=outcome.lhs_value if outcome is not None else None,
        rhs_value=outcome.rhs_value if outcome is not None else None,
        boxes=boxes, samples=samples, seconds=time.perf_counter() - t0, method=method, box=box, decided=decided,
    )


def _zero_with_abs(lhs: sympy.Expr, rhs: sympy.Expr) -> str | None:
    """``lhs − rhs`` shown 0 with every Max/Min written with Abs (max(a, b) = (a + b + |a − b|)/2), so that a positive
    factor leaves the absolute value (|a/2 − b/2| = |a − b|/2: max(a/2, b/2) = max(a, b)/2), or None."""
    try:
        l2, r2 = lhs.rewrite(sympy.Abs), rhs.rewrite(sympy.Abs)
    except (TypeError, ValueError, NotImplementedError, RecursionError):
        return None
    if (l2, r2) == (lhs, rhs):
        return None
    how = zero_proof(l2, r2)
    return None if how is None else "Max/Min written with Abs" + (f", {how}" if how else "")


def _refuted_detail(outcome: boxmod.BoxOutcome, how: str) -> str:
    return (f"fails at {_fmt_point(outcome.point_dict or {})} ({how}): lhs ≈ {outcome.lhs_value}, "
            f"rhs ≈ {outcome.rhs_value}, decided on rigorous enclosures")


def check_step(ctx: _Context, index: int, st: Step, lhs: sympy.Expr) -> StepResult:
    t0 = time.perf_counter()
    rel = st.rel
    conds = ctx.conditions(st)
    variants = _variants(ctx, lhs, st.rhs, st)
    num_l, num_r = _numeric_form(variants[-1][1]), _numeric_form(variants[-1][2])
    seed = ctx.rng_seed + 1009 * index
    cite = f"; cited: {st.cited}" if st.cited else ""

    # 0. a quick numeric screen (centre, corners and a few points of the domain): a step that fails at one
    #    of them is refuted at once, and no simplification is spent on trying to prove it
    quick = _sample(ctx, num_l, rel, num_r, st, _SCREEN_POINTS, seed + 1)
    if quick.status == REFUTED and quick.outcome is not None:
        return _result(ctx, index, st, lhs, REFUTED,
                       _refuted_detail(quick.outcome, f"numeric screen, point {quick.n} of the domain") + cite,
                       t0, quick.outcome, samples=quick.n, method="screen")
    # 0b. an instance of a complete lemma (the step's Lemma reference): proved; else the reason joins the citation
    lemma_note = ""
    if st.lemma is not None:
        found = lemmas.instance(st, ctx.d.claim_id, [(l, r) for _, l, r in variants], ctx.base_conditions(st),
                                ctx.facts, _check_lemma)
        if found.status:
            return _result(ctx, index, st, lhs, found.status, found.detail, t0, method="lemma", box=found.box)
        lemma_note = found.detail
    # 0c. the step's own condition restated (both sides shifted or scaled alike): proved without a sign argument
    if rel != "==" and st.conditions:
        how = restates_condition(variants[0][1], rel, variants[0][2], st.conditions)
        if how is not None:
            return _result(ctx, index, st, lhs, PROVED, how + cite, t0, method="sign")
    # 1. identity (screened numerically first, so that simplification is spent only on plausible identities)
    plausible, screen_ref = _screen(ctx, num_l, num_r, st) if rel != "==" else (True, None)
    if plausible:
        for label, l, r in variants:
            how = zero_proof(l, r)
            if how is None and (l.has(sympy.Max, sympy.Min) or r.has(sympy.Max, sympy.Min)):
                how = _zero_with_abs(l, r)
            if how is not None:
                if rel == "<":
                    return _result(ctx, index, st, lhs, REFUTED, "lhs − rhs simplifies to 0"
                                   + (f" ({how})" if how else "") + ", so lhs < rhs fails at every point", t0,
                                   method="simplification")
                detail = "lhs − rhs simplifies to 0" + (f" ({how})" if how else "")
                if label:
                    detail += f"; {label}"
                if rel == "<=":
                    detail += "; holds with equality"
                return _result(ctx, index, st, lhs, IDENTITY, detail, t0, method="simplification")
    elif rel == "==" and screen_ref is not None:
        return _result(ctx, index, st, lhs, REFUTED, _refuted_detail(screen_ref, "sides differ at a test point"),
                       t0, screen_ref, method="screen")

    # 2. symbolic proof: on each variant the sign argument, then monotonicity; then the retries (facts, slacks,
    #    case splits) on every variant — cheapest first
    if rel != "==":
        attempts = [(phase, label, l, r, conds if not label else [ctx.expand_where(c) for c in conds])
                    for phase in ("first", "retries") for label, l, r in variants]
        for phase, label, l, r, c2 in attempts:
            how, method = prove_relation(l, rel, r, c2, ctx.facts, first=phase == "first",
                                         retries=phase == "retries"), "sign"
            if how is None and phase == "first" and st.monotone is not None:
                how, method = prove_monotone(l, rel, r, st.monotone, c2), "monotonicity"
                if how is None and nonnegative_proof(l, True) is not None and nonnegative_proof(r, True) is not None:
                    # both sides positive: log is increasing, so log rhs − log lhs monotone with a nonnegative limit
                    # proves the step too (products and powers become sums: Bernoulli's (1 + 2x)^T ≥ 1 + 2Tx)
                    how = prove_monotone(sympy.log(l), rel, sympy.log(r), st.monotone, c2)
                    how = None if how is None else how.replace("rhs − lhs", "log rhs − log lhs", 1)
            if how is not None:
                if how.startswith("case split"):
                    method = "case-split"
                if label:
                    how += f"; {label}"
                elif ctx.abbrev & (l.free_symbols | r.free_symbols):
                    how += "; for all values of the abbreviations allowed by their assumptions"
                return _result(ctx, index, st, lhs, PROVED, how + cite, t0, method=method)

    # 3. the sign argument with one symbol held to its declared range (proved-on-box, naming that range)
    if rel != "==":
        for label, l, r in variants[-1:]:
            c2 = [ctx.expand_where(c) for c in conds] if label else conds
            found = _prove_on_declared_range(ctx, l, rel, r, c2, st)
            if found is not None:
                how, box = found
                return _result(ctx, index, st, lhs, PROVED_ON_BOX, f"{how} for {_box_text(box)}{cite}", t0,
                               method="sign", box=box)

    # 4. interval branch-and-bound: on the step's box, else on the derivation's declared bounded domain (a proof
    #    there is proved-on-box, naming the box), else on the sampling ranges (a hunt for a counterexample only)
    box_note = ""
    boxes = None
    if rel != "==":
        bb = _branch_and_bound(ctx, num_l, rel, num_r, st, variants[0][1:])
        if bb is not None:
            out, box, declared, note = bb
            if out is None:
                box_note = note
            else:
                boxes = out.boxes
                box_text = _box_text(box)
                if out.status == boxmod.PROVED and declared:
                    return _result(ctx, index, st, lhs, PROVED_ON_BOX,
                                   f"interval branch-and-bound on {box_text}: {out.detail}{cite}", t0, boxes=boxes,
                                   method="branch-and-bound", box=box)
                if out.status == boxmod.REFUTED:
                    return _result(ctx, index, st, lhs, REFUTED, _refuted_detail(out, f"branch-and-bound on "
                                   f"{box_text}, {out.boxes} boxes") + cite, t0, out, boxes=boxes,
                                   method="branch-and-bound")
                if out.status == boxmod.PROVED:
                    box_note = (f"interval branch-and-bound found rhs − lhs {'>' if rel == '<' else '≥'} 0 on the "
                                f"sampling ranges {box_text} ({out.boxes} boxes), ranges the derivation does not "
                                "declare: not a proof")
                else:
                    box_note = f"branch-and-bound on {box_text} undecided: {out.detail}"

    # 5. sampling
    res = _sample(ctx, num_l, rel, num_r, st, ctx.d.samples, seed)
    if res.status == REFUTED and res.outcome is not None:
        return _result(ctx, index, st, lhs, REFUTED,
                       _refuted_detail(res.outcome, f"sampling, point {res.n} of the domain") + cite, t0,
                       res.outcome, boxes=boxes, samples=res.n, method="sampling", decided=res.decided)
    search_note = ""
    if res.status == EVIDENCE and res.n:
        # 6. before grading evidence: search the domain hard for a counterexample (floats propose, enclosures decide)
        report = _search(ctx, num_l, rel, num_r, st, seed + 17)
        if report is not None and report.outcome is not None:
            return _result(ctx, index, st, lhs, REFUTED,
                           _refuted_detail(report.outcome, f"counterexample search: {report.text()}") + cite, t0,
                           report.outcome, boxes=boxes, samples=res.n + report.points, method="search")
        if report is not None:
            search_note = "no counterexample found: " + report.text()
    notes = "; ".join(x for x in (lemma_note, box_note, search_note) if x)
    notes = f"; {notes}" if notes else ""
    if res.status == "none" or res.n == 0:
        why = res.reason or "no sample point satisfied the conditions"
        if st.cited:
            return _result(ctx, index, st, lhs, CITED, f"taken as given from {st.cited}; not sampled ({why})"
                           + notes, t0, boxes=boxes, samples=0, method="citation", decided=0)
        return _result(ctx, index, st, lhs, UNCHECKED, f"no symbolic proof and not sampled ({why})" + notes, t0,
                       boxes=boxes, samples=0, method="none", decided=0)
    sampled = _evidence_text(rel, res)
    if st.cited:
        return _result(ctx, index, st, lhs, CITED, f"taken as given from {st.cited}; {sampled}" + notes, t0,
                       boxes=boxes, samples=res.n, method="citation", decided=res.decided)
    if res.decided == 0:
        return _result(ctx, index, st, lhs, UNCHECKED, f"no symbolic proof; {sampled}, so nothing was decided"
                       + notes, t0, boxes=boxes, samples=res.n, method="sampling", decided=0)
    return _result(ctx, index, st, lhs, EVIDENCE, sampled + " — sampled only, not a proof" + notes, t0,
                   boxes=boxes, samples=res.n, method="sampling", decided=res.decided)


def _evidence_text(rel: str, res: _Sampled) -> str:
    """What sampling established, in numbers: "sampled at N points, K decided, 0 violated"."""
    if rel == "==":
        return (f"sampled at {res.n} points, {res.decided} agreeing within 10^-{_AGREE_DIGITS} (relative), "
                "0 differing (an equation is never decided by enclosures)")
    return f"sampled at {res.n} points, {res.decided} decided, 0 violated"


#: Most symbols tried one at a time by :func:`_prove_on_declared_range`.
_RANGE_TRIES = 3


def _prove_on_declared_range(ctx: _Context, lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conds: Sequence[sympy.Rel],
                             st: Step):
    """A sign proof of the step with one of its symbols held to the range the derivation declares for it (its
    domain), the others free under their assumptions and the conditions: (how, the box of that one symbol), or
    None. Symbols are tried one at a time (at most :data:`_RANGE_TRIES`), so the box named is as small as it can
    be: one coordinate."""
    free = lhs.free_symbols | rhs.free_symbols
    # rational functions only: with exp/log of a reparametrised symbol, sympy's factor can take minutes
    if not (lhs.is_rational_function() and rhs.is_rational_function()):
        return None
    symbols = sorted((s for s in free if isinstance(s, sympy.Symbol) and s.name in ctx.domain), key=lambda s: s.name)
    base = facts.normal_conditions(list(conds) + ctx.facts())
    for sym in symbols[:_RANGE_TRIES]:
        r = ctx.declared_ranges([sym.name], {sym.name: sym}, st)
        if r is None:
            continue
        lo, hi = r[sym.name]
        mine = [c for c in base if c.free_symbols != {sym}]  # the range replaces the symbol's own bounds
        # one end at a time (one reparametrisation piece, not two): a proof for sym ≤ hi (or ≥ lo) alone
        # covers the declared range
        for end in (sympy.LessThan(sym, sympy.Rational(hi.numerator, hi.denominator), evaluate=False),
                    sympy.GreaterThan(sym, sympy.Rational(lo.numerator, lo.denominator), evaluate=False)):
            how = prove_signs(lhs, rel, rhs, relevant_conditions(mine + [end], free), careful=True)
            if how is not None:
                return f"{how}, with {condition_text(end)}", ((sym.name, boxmod.exact_decimal(lo),
                                                              boxmod.exact_decimal(hi)),)
    return None


def _box_text(box: tuple[tuple[str, str, str], ...]) -> str:
    return ", ".join(f"{n} ∈ [{lo}, {hi}]" for n, lo, hi in box)


def _branch_and_bound(ctx: _Context, lhs: sympy.Expr, rel: str, rhs: sympy.Expr, st: Step,
                      symbolic: tuple[sympy.Expr, sympy.Expr] | None = None):
    """Interval branch-and-bound of the step (:func:`~certunlearn.numeric.boxes.prove_on_box`).

    Returns (outcome or None, the box as (name, lo, hi) decimals, whether the box is declared — the step's own
    box, or the derivation's domain and two-sided constant conditions covering every symbol — and a note), or
    None when the step has no rigorous numeric form or no range for some symbol. ``symbolic``: the step's sides with
    the abbreviations kept (for the per-integer branch's simplification)."""
    free, conds = ctx.region(lhs.free_symbols | rhs.free_symbols, st)
    if any(not isinstance(s, sympy.Symbol) for s in free) or any(not boxmod.is_inequality(c) for c in conds):
        return None
    symbols = {s.name: s for s in free}
    if st.box is not None:
        ranges = {sym.name: (boxmod.to_fraction(lo), boxmod.to_fraction(hi)) for sym, lo, hi in st.box}
        declared, budget = True, BOX_BUDGET
        for name in set(symbols) - set(ranges):  # symbols the box leaves out: the declared domain
            r = ctx.declared_ranges([name], symbols, st)
            if r is None:
                return None, (), True, f"the step's box gives no range for {name}"
            ranges.update(r)
    else:
        ranges = ctx.declared_ranges(sorted(symbols), symbols, st) if len(symbols) <= BOX_SYMBOLS else None
        declared, budget = ranges is not None, BOX_BUDGET
        if ranges is None:
            if len(symbols) > HUNT_SYMBOLS:
                return None
            ranges, budget = ctx.ranges(sorted(symbols), symbols, st), HUNT_BUDGET
            if set(symbols) - set(ranges):
                return None
    box = tuple((n, boxmod.exact_decimal(lo), boxmod.exact_decimal(hi)) for n, (lo, hi) in sorted(ranges.items()))
    bounds = {symbols[n]: r for n, r in ranges.items() if n in symbols}
    # rhs − lhs factored first: products of signed factors enclose far better than a difference of two sides
    # (no dependency problem). A proof on the factored form holds wherever the sides are defined; a failure it
    # finds is kept only if the step as written fails there too.
    factored = _factored_difference(lhs, rhs)
    if factored is not None:
        try:
            out = boxmod.prove_on_box(sympy.S.Zero, rel, factored, bounds, conditions=conds, budget=budget // 4)
        except (ValueError, NotImplementedError, TypeError, KeyError, ZeroDivisionError):
            out = None
        if out is not None and out.status == boxmod.PROVED:
            return dataclasses.replace(out, detail=out.detail + f" (rhs − lhs factored: {expr_text(factored)})"), \
                box, declared, ""
        if out is not None and out.status == boxmod.REFUTED and out.point is not None:
            confirmed = boxmod.refute_at(lhs, rel, rhs, dict(out.point), conditions=conds, outer=ranges)
            if confirmed is not None:
                return dataclasses.replace(confirmed, boxes=out.boxes), box, declared, ""
    if st.integers and declared:
        return _per_integer(lhs, rel, rhs, st, symbolic or (lhs, rhs), bounds, conds, budget), box, declared, ""
    try:
        out = boxmod.prove_on_box(lhs, rel, rhs, bounds, conditions=conds, budget=budget)
    except (ValueError, NotImplementedError, TypeError, KeyError, ZeroDivisionError) as exc:
        return None, box, declared, f"branch-and-bound not usable: {exc}"
    return out, box, declared, ""


#: The most integer values a step's ``integers`` symbol may take in its box for the per-value branch-and-bound.
INTEGER_VALUES = 64


def _per_integer(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, st: Step, symbolic: tuple[sympy.Expr, sympy.Expr],
                 bounds: dict, conds: list, budget: int) -> boxmod.BoxOutcome | None:
    """Branch-and-bound once per integer value k of the step's (one) ``integers`` symbol in its box: the value is
    proved by simplification (the step with the abbreviations kept and the symbol set to k: lhs − rhs = 0, e.g. the
    χ²₁ tail equal to erfc), else by branch-and-bound with the symbol held at k (a point range, so that sympy does not
    rewrite the expression at k). Proved iff every value is; a value refuted refutes the step; else undecided."""
    if len(st.integers) != 1:
        return None
    (x,) = st.integers
    rng = next(((lo, hi) for sym, (lo, hi) in bounds.items() if sym.name == x.name), None)
    if rng is None:
        return None
    values = range(math.ceil(rng[0]), math.floor(rng[1]) + 1)
    if not 0 < len(values) <= INTEGER_VALUES:
        return None
    l0, r0 = symbolic
    total, exact = 0, []
    for k in values:
        if zero_proof(l0.subs(x, k), r0.subs(x, k)) is not None:
            exact.append(k)
            continue
        at = {sym: ((k, k) if sym.name == x.name else r) for sym, r in bounds.items()}
        try:
            out = boxmod.prove_on_box(lhs, rel, rhs, at, conditions=conds, budget=budget)
        except (ValueError, NotImplementedError, TypeError, KeyError, ZeroDivisionError) as exc:
            return boxmod.BoxOutcome(boxmod.UNDECIDED, total, detail=f"at {x} = {k}: not usable: {exc}")
        total += out.boxes
        if out.status != boxmod.PROVED:
            return dataclasses.replace(out, boxes=total, detail=f"at {x} = {k}: {out.detail}")
    by_box = len(values) - len(exact)
    what = f"{len(exact)} by simplification ({x} = {', '.join(map(str, exact))})" if exact else ""
    if by_box:
        what += (", " if what else "") + f"{by_box} by branch-and-bound ({total} sub-boxes)"
    return boxmod.BoxOutcome(boxmod.PROVED, total, detail=f"per integer {x} = {values[0]}..{values[-1]}: {what}")


def _factored_difference(lhs: sympy.Expr, rhs: sympy.Expr) -> sympy.Expr | None:
    """``rhs − lhs`` factored over a common denominator, when that is a product (else None)."""
    try:
        f = guard.factor(rhs - lhs, careful=True)
    except (TypeError, ValueError, NotImplementedError, RecursionError, sympy.PolynomialError):
        return None
    return f if f is not None and (f.is_Mul or f.is_Pow) else None


# ----------------------------------------------------------------------------------------------------
# abbreviations, link, start


def _check_definitions(ctx: _Context, prescribed: Mapping[str, sympy.Expr]) -> list[DefinitionResult]:
    out = []
    for sym, val in ctx.where:
        agrees = ""
        if sym.name in prescribed:
            how = zero_proof(ctx.expand_where(val), sympy.sympify(prescribed[sym.name]))
            agrees = LINK_IDENTITY if how is not None else LINK_BROKEN
        assumption = "positive" if sym.is_positive else "nonnegative" if sym.is_nonnegative else ""
        status, detail, point = "", "", None
        if assumption:
            strict = assumption == "positive"
            base = ctx.expand_where(val)
            conds = list(ctx.d.conditions)
            how = prove_relation(sympy.S.Zero, "<" if strict else "<=", val, conds, ctx.facts)
            if how is None and base != val:
                how = prove_relation(sympy.S.Zero, "<" if strict else "<=", base,
                                     [ctx.expand_where(c) for c in conds], ctx.facts)
            if how is not None:
                status, detail = PROVED, how.replace("rhs − lhs", f"{expr_text(val)}", 1)
            else:
                free, conds = ctx.region(base.free_symbols)
                names = {s.name for s in free}
                box_note = ""
                if ctx.domain and names <= set(ctx.domain):
                    dom = ", ".join(f"{n} ∈ [{boxmod.exact_decimal(lo)}, {boxmod.exact_decimal(hi)}]"
                                    for n, (lo, hi) in sorted(ctx.domain.items()) if n in names)
                    try:
                        res = boxmod.prove_on_box(sympy.S.Zero, "<" if strict else "<=", base,
                                                  {n: ctx.domain[n] for n in names}, conditions=conds)
                    except (ValueError, NotImplementedError) as exc:
                        box_note = f"box search on the domain not usable: {exc}"
                    else:
                        if res.status == boxmod.PROVED:
                            status, detail = PROVED_ON_BOX, f"on the domain {dom}: {res.detail}"
                        elif res.status == boxmod.REFUTED:
                            status, point = REFUTED, res.point
                            detail = _refuted_detail(res, f"box search on the domain {dom}")
                if not status:
                    s = _sample(ctx, sympy.S.Zero, "<" if strict else "<=", base, None, ctx.d.samples, ctx.rng_seed)
                    if s.status == REFUTED and s.outcome is not None:
                        status, point = REFUTED, s.outcome.point
                        detail = _refuted_detail(s.outcome, "sampling")
                    elif s.n:
                        op = "<" if strict else "<="
                        report = _search(ctx, sympy.S.Zero, op, base, None, ctx.rng_seed + 17)
                        if report is not None and report.outcome is not None:
                            status, point = REFUTED, report.outcome.point
                            detail = _refuted_detail(report.outcome, f"counterexample search: {report.text()}")
                        else:
                            status, detail = EVIDENCE, f"{assumption} at all {s.n} sampled points — sampled only"
                            if report is not None:
                                detail += "; no counterexample found: " + report.text()
                    else:
                        status, detail = UNCHECKED, f"not established (not sampled: {s.reason or 'no sample point'})"
                    if box_note:
                        detail += f"; {box_note}"
        if agrees:
            note = (f"equals the claim's prescribed {sym.name}" if agrees == LINK_IDENTITY
                    else f"differs from the claim's prescribed {sym.name} = {expr_text(prescribed[sym.name])}")
            detail = f"{detail}; {note}" if detail else note
        out.append(DefinitionResult(expr_text(sym), expr_latex(sym), expr_text(val), expr_latex(val), assumption,
                                    status, detail, point, agrees))
    return out


def check_derivation(derivation: Derivation, claim: Any) -> DerivationResult:
    """Check every step of ``derivation`` and its link to ``claim``'s target expression.

    ``claim`` is a :class:`~certunlearn.claims.model.Claim` (its ``bound``, or ``prescribed[target]``; its
    ``quantity_expr``, when it has one, is compared with the start of the final chain), or the target sympy
    expression itself. Results are cached per (derivation, target expression) in the process, and on disk
    (:mod:`certunlearn.derive.cache`) across processes and runs.
    """
    return _check_cached(derivation, *check_inputs(derivation, claim))


@functools.lru_cache(maxsize=None)
def _check_cached(derivation: Derivation, target: sympy.Expr | None, what: str,
                  prescribed: tuple[tuple[str, sympy.Expr], ...] = (), quantity: sympy.Expr | None = None
                  ) -> DerivationResult:
    from . import cache

    return cache.cached(lambda: cache.result_key(derivation, target, what, prescribed, quantity),
                        lambda: _compute(derivation, target, what, prescribed, quantity),
                        lambda: cache.shipped_key(derivation, target, what, prescribed, quantity))


def _check_lemma(derivation: Derivation, claim: Any) -> tuple[DerivationResult, sympy.Expr | None]:
    """A lemma's checked result and the target it was checked against (for :func:`.lemmas.instance`)."""
    inputs = check_inputs(derivation, claim)
    return _check_cached(derivation, *inputs), inputs[0]


def _premise_relations(derivation: Derivation, expand: Any) -> list[tuple[int, tuple]]:
    """Each premise's relation (the relationals of an ``And``) as (k, (small, rel, big)) with the abbreviations
    substituted, k its number as displayed (P1, P2, …)."""
    out = []
    for k, p in enumerate(derivation.premises, start=1):
        if p.relation is None:
            continue
        for rel in (p.relation.args if isinstance(p.relation, sympy.And) else (p.relation,)):
            norm = small_rel_big(expand(rel))
            if norm is None:
                raise ValueError(f"{derivation.claim_id}: premise P{k}'s relation {rel} is not a relational")
            out.append((k, norm))
    return out


def _compute(derivation: Derivation, target: sympy.Expr | None, what: str,
             prescribed: tuple[tuple[str, sympy.Expr], ...] = (), quantity: sympy.Expr | None = None
             ) -> DerivationResult:
    """The check itself (no caching)."""
    t0 = time.perf_counter()
    ctx = _Context(derivation)
    definitions = _check_definitions(ctx, dict(prescribed))
    results: list[StepResult] = []
    prev_rhs: sympy.Expr | None = None
    hypotheses = [ctx.expand_where(c) for c in ctx.conditions()]
    premises = _premise_relations(derivation, ctx.expand_where)
    earlier: list[tuple[int | tuple[int, int], str, tuple]] = []
    run: tuple[int, str, tuple] | None = None  # the chain ending at the previous step
    for i, st in enumerate(derivation.steps, start=1):
        lhs = st.lhs if st.lhs is not None else prev_rhs
        res = check_step(ctx, i, st, lhs)
        if st.conditions:
            res = dataclasses.replace(res, conditions=condition_origins(
                st.conditions, ctx.expand_where, hypotheses, earlier, ctx.conditions(), ctx.facts, premises))
        results.append(res)
        relation = (ctx.expand_where(lhs), st.rel, ctx.expand_where(st.rhs))
        earlier.append((i, res.status, relation))
        run = chained(run if st.chained else None, i, res.status, relation)
        if run[0] != i:
            earlier.append(((run[0], i), run[1], run[2]))
        prev_rhs = st.rhs
    # link
    last = derivation.steps[-1].rhs
    if target is None:
        link, detail = LINK_BROKEN, what
        target_text = target_latex = ""
    else:
        target = sympy.sympify(target)
        how = zero_proof(last, target)
        if how is None and ctx.expand_where(last) != last:
            how = zero_proof(ctx.expand_where(last), target)
            how = None if how is None else f"abbreviations substituted{', ' + how if how else ''}"
        if how is not None:
            link, detail = LINK_IDENTITY, f"last rhs − {what} simplifies to 0" + (f" ({how})" if how else "")
        else:
            link, detail = LINK_BROKEN, f"last rhs {expr_text(last)} ≠ {what} {expr_text(target)}"
        target_text, target_latex = expr_text(target), expr_latex(target)
    # start of the final chain
    cs = derivation.chain_start
    first_lhs = derivation.steps[cs].lhs
    if isinstance(derivation.start, sympy.Basic):
        start_text = expr_text(derivation.start)
        how = zero_proof(first_lhs, derivation.start)
        start_check = LINK_IDENTITY if how is not None else LINK_BROKEN
        start_detail = (f"the chain starts from {start_text}" if how is not None
                        else f"the chain starts from {expr_text(first_lhs)}, not {start_text}")
    else:
        start_text = derivation.start or expr_text(first_lhs)
        start_check, start_detail = START_STATED, f"stated: {start_text}; first lhs {expr_text(first_lhs)}"
    start_status, start_status_detail = _start_status(ctx, first_lhs, quantity, start_check)
    return DerivationResult(
        claim_id=derivation.claim_id, target=derivation.target, title=derivation.title, start=start_text,
        start_check=start_check, start_detail=start_detail, steps=tuple(results), chain_start=cs + 1,
        link=link, link_text=f"last rhs = {what}", link_detail=detail, last_rhs=expr_text(last),
        target_expr=target_text, target_latex=target_latex, definitions=tuple(definitions),
        premises=tuple(PremiseRecord(p.statement, p.citation,
                                     expr_text(p.relation) if p.relation is not None else "",
                                     expr_latex(p.relation) if p.relation is not None else "")
                       for p in derivation.premises),
        conditions=tuple(condition_text(c) for c in derivation.conditions),
        conditions_latex=tuple(expr_latex(c) for c in derivation.conditions),
        note=derivation.note, seconds=time.perf_counter() - t0,
        start_status=start_status, start_status_detail=start_status_detail,
    )


def _start_status(ctx: _Context, first_lhs: sympy.Expr, quantity: Any, start_check: str) -> tuple[str, str]:
    """The final chain's first left side against the claim's closed-form quantity, else against the quantity computed
    at symbolic input (``symbolic_start``): checked / mismatch / stated (with the derivation's ``start_reason``)."""
    if start_check == LINK_BROKEN:
        return START_MISMATCH, "the chain does not start from the expression the derivation names"
    if quantity is None and ctx.d.symbolic_start is not None:
        return _symbolic_start_status(ctx, first_lhs, ctx.d.symbolic_start)
    if quantity is None:
        return START_STATED, ctx.d.start_reason or _default_start_reason(ctx.d, first_lhs)
    try:
        q = sympy.sympify(quantity)
    except (sympy.SympifyError, TypeError, ValueError):
        return START_MISMATCH, f"the claim's quantity {quantity!r} is not an expression"
    how = _start_proof(ctx, first_lhs, q)
    if how is not None:
        return START_CHECKED, (f"the chain starts from the claim's quantity {expr_text(q)}"
                               + (f" ({how})" if how else ""))
    return START_MISMATCH, f"the chain starts from {expr_text(first_lhs)}, not the claim's quantity {expr_text(q)}"


def _start_proof(ctx: _Context, first_lhs: sympy.Expr, q: sympy.Expr) -> str | None:
    """How the chain's first left side is proved equal to ``q`` (directly, or with the abbreviations substituted);
    None where neither proof succeeds. The same expression once substituted (in both: a symbolic run may keep an
    abbreviation of the derivation, e.g. i₂ := i + k) needs no transform, and is checked first: the transforms of a
    chain written in abbreviations against an expanded quantity can run for minutes."""
    expanded = ctx.expand_where(first_lhs)
    if first_lhs != q and expanded != first_lhs and (expanded == q or expanded == ctx.expand_where(q)):
        return "abbreviations substituted"
    how = zero_proof(first_lhs, q)
    if how is None:
        if expanded != first_lhs:
            how = zero_proof(expanded, q)
            how = None if how is None else f"abbreviations substituted{', ' + how if how else ''}"
    return how


def _default_start_reason(d: Derivation, first_lhs: sympy.Expr) -> str:
    """Why a start without ``start_reason`` is stated: what the chain starts from, and that nothing was given to check
    it against."""
    if d.target != "bound":
        what = (f"the chain derives the prescribed {d.target} (from {expr_text(first_lhs)}); the claim's quantity is "
                f"evaluated at it, not an expression of the chain")
    elif isinstance(d.start, str) and d.start:
        what = f"the chain starts from {d.start} (written {expr_text(first_lhs)})"
    else:
        what = f"the chain starts from {expr_text(first_lhs)}"
    return (what + "; the claim declares no closed-form quantity (quantity_expr) and the derivation no symbolic run "
            "(symbolic_start) to check it against")


def _symbolic_start_status(ctx: _Context, first_lhs: sympy.Expr, run: SymbolicStart) -> tuple[str, str]:
    """The final chain's first left side against the claim's quantity computed at symbolic input
    (:class:`~certunlearn.derive.model.SymbolicStart`): checked / mismatch."""
    try:
        q = sympy.sympify(run.compute())
    except Exception as exc:  # noqa: BLE001 - a run that fails checks nothing: reported, never a pass
        return START_MISMATCH, f"the symbolic run ({run.what}) failed: {type(exc).__name__}: {exc}"
    how = _start_proof(ctx, first_lhs, q)
    if how is not None:
        return START_CHECKED, (f"the chain starts from the claim's quantity computed by {run.what}: {expr_text(q)}"
                               + (f" ({how})" if how else ""))
    return START_MISMATCH, (f"the chain starts from {expr_text(first_lhs)}, not the claim's quantity computed by "
                            f"{run.what}: {expr_text(q)}")


__all__ = ["check_derivation", "check_inputs", "zero_proof", "nonnegative_proof", "sign_of", "reparametrisations"]
