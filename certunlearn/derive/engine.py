"""Checking a derivation step by step, and its link to the claim.

For each step ``lhs rel rhs`` the engine first evaluates it rigorously at a dozen points of the domain (its
centre, corners and a few random points): a step failing at one of them is **refuted** at once — a false step
cannot be proved, so no simplification is spent on it. Then it tries, in order:

1. **identity** — ``lhs − rhs`` simplifies to 0 (sympy: ``expand``, ``simplify``, evaluation of derivatives and
   integrals with ``doit()`` (unconditional results only), comparison of integrands under a common integral,
   and positive symbols written as squares with factored radicands so that √((a+b)²) = a+b). A ``<=`` step
   that is an equality is an identity too.
2. **proved** — a symbolic sign argument: ``rhs − lhs`` (or ``log rhs − log lhs`` when both sides are
   positive, or ``rhs² − lhs²`` when both are nonnegative) is shown ≥ 0 (> 0 for ``<``) by sympy's assumption
   system plus structural sign rules (exp > 0, erfc > 0 on reals, log x ≥ 0 for x ≥ 1, sums and products of
   signed terms; closed constants decided on rigorous enclosures). Conditions ``s ≤ c``, ``s ≥ c`` on a
   symbol are used by reparametrisation (s = c/(1+u), s = c+u with u ≥ 0; a two-sided range is covered by two
   parametrisations). A :class:`~certunlearn.derive.model.Monotone` hint is proved by the derivative's sign
   and the limit at the endpoint.
3. **proved-on-box** — if the step declares a box: rigorous interval branch-and-bound (:mod:`.box`).
4. otherwise **sampling** on the derivation's domain (decided on enclosures): **refuted** at the first point
   where the step fails;
5. before a sampled step may be graded **evidence** (a cited step: **cited**), a hard **counterexample
   search** of its domain (:mod:`.search`: ≥ 200 points — corners, edges, log-scale coordinates — then
   Nelder–Mead maximisation of (lhs − rhs)/(|lhs| + |rhs|)); a proposed point is reported **refuted** only when
   the step is decided false there on exact enclosures. Abbreviations whose assumption is only sampled get the
   same search.

The start of the final chain is compared with the claim's closed-form quantity (``claim.quantity_expr``, when
it has one): ``start_status`` is ``checked`` (symbolically equal), ``mismatch``, or ``stated``.

Abbreviations (``where``) are first kept as free symbols with their assumptions — a relation proved for all
positive ρ holds for ρ := Δ²/(2σ²) — and each abbreviation's assumption (e.g. positivity) is itself checked;
then they are substituted. Numeric work always uses the base symbols.

``check_derivation(derivation, claim)`` also checks the **link**: the last right-hand side minus the claim's
target expression (``claim.bound`` or ``claim.prescribed[target]``) must simplify to 0.
"""
from __future__ import annotations

import functools
import itertools
import math
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from ..numeric.enclosure import Decision
from ..numeric import boxes as boxmod
from .signs import NONNEG, POS, SIMPLIFY_OPS, ZERO, nonnegative_proof, sign_of, zero_proof
from .model import (
    CITED, EVIDENCE, IDENTITY, LINK_BROKEN, LINK_IDENTITY, PROVED, PROVED_ON_BOX, REFUTED, START_CHECKED,
    START_MISMATCH, START_STATED, UNCHECKED,
    DefinitionResult, Derivation, DerivationResult, Monotone, PremiseRecord, Step, StepResult,
)

#: Points of the quick numeric screen run before any proof attempt.
_SCREEN_POINTS = 12
_DEFAULT_RANGE_POS = (Fraction(1, 1000), Fraction(1000))
_DEFAULT_RANGE_NEG = (-_DEFAULT_RANGE_POS[1], -_DEFAULT_RANGE_POS[0])
_DEFAULT_RANGE = (Fraction(-10), Fraction(10))  # narrowed to [0, 10] for a nonnegative symbol, etc.


# ----------------------------------------------------------------------------------------------------
# text helpers


def expr_text(e: sympy.Basic) -> str:
    return sympy.sstr(e)


def expr_latex(e: sympy.Basic) -> str:
    return sympy.latex(e)


def relation_text(lhs: sympy.Basic, rel: str, rhs: sympy.Basic) -> str:
    return f"{expr_text(lhs)} {rel} {expr_text(rhs)}"


def condition_text(c: sympy.Basic) -> str:
    return sympy.sstr(c)


def _const(x: sympy.Basic) -> bool:
    return isinstance(x, sympy.Expr) and not x.free_symbols and x.is_real is True


#: Most pieces a reparametrisation may have (each two-sided condition doubles them).
MAX_PIECES = 8


def reparametrisations(conditions: Sequence[sympy.Rel]) -> list[dict[sympy.Symbol, sympy.Expr]]:
    """Substitutions whose images together cover the region where the simple conditions hold.

    Only conditions ``symbol op constant`` are used; others are ignored here (they still filter samples and
    boxes). Each element maps conditioned symbols to expressions in fresh nonnegative/positive dummies.
    """
    bounds: dict[sympy.Symbol, dict[str, tuple[sympy.Expr, bool]]] = {}
    for c in conditions:
        if not isinstance(c, sympy.core.relational.Relational) or isinstance(c, (sympy.Eq, sympy.Ne)):
            continue
        lhs, rhs = c.lhs, c.rhs
        upper = isinstance(c, (sympy.LessThan, sympy.StrictLessThan))
        strict = isinstance(c, (sympy.StrictLessThan, sympy.StrictGreaterThan))
        if isinstance(lhs, sympy.Symbol) and _const(rhs):
            sym, val = lhs, rhs
        elif isinstance(rhs, sympy.Symbol) and _const(lhs):
            sym, val, upper = rhs, lhs, not upper
        else:
            continue
        side = "hi" if upper else "lo"
        b = bounds.setdefault(sym, {})
        old = b.get(side)
        if old is None or (side == "hi" and (val < old[0])) or (side == "lo" and (val > old[0])):
            b[side] = (val, strict)
    options: list[list[dict[sympy.Symbol, sympy.Expr]]] = []
    for sym, b in bounds.items():
        lo = b.get("lo")
        hi = b.get("hi")
        if lo is None and sym.is_positive:
            lo = (sympy.S.Zero, True)
        elif lo is None and sym.is_nonnegative:
            lo = (sympy.S.Zero, False)
        if lo is not None and lo[0] == 0 and lo[1] is False and sym.is_positive:
            lo = (sympy.S.Zero, True)
        name = f"u_{sym.name}"
        if hi is None and lo is not None:
            if lo[0] == 0 and (sym.is_positive or (sym.is_nonnegative and not lo[1])):
                continue  # nothing beyond the symbol's own assumption
            u = sympy.Dummy(name, positive=True) if lo[1] else sympy.Dummy(name, nonnegative=True)
            options.append([{sym: lo[0] + u}])
        elif hi is not None and lo is None:
            u = sympy.Dummy(name, positive=True) if hi[1] else sympy.Dummy(name, nonnegative=True)
            options.append([{sym: hi[0] - u}])
        elif hi is not None and lo is not None:
            (a, a_strict), (bb, b_strict) = lo, hi
            if lo[0] == 0 and a_strict:
                u = sympy.Dummy(name, positive=True) if b_strict else sympy.Dummy(name, nonnegative=True)
                options.append([{sym: bb / (1 + u)}])  # (0, b] (or (0, b))
            else:
                u1 = sympy.Dummy(name, positive=True) if b_strict else sympy.Dummy(name, nonnegative=True)
                u2 = sympy.Dummy(name, positive=True) if a_strict else sympy.Dummy(name, nonnegative=True)
                options.append([{sym: a + (bb - a) / (1 + u1)}, {sym: (a + bb * u2) / (1 + u2)}])
    pieces = []
    for combo in itertools.product(*options) if options else [()]:
        merged: dict[sympy.Symbol, sympy.Expr] = {}
        for d in combo:
            merged.update(d)
        pieces.append(merged)
    # A proof "on every piece" is sound only if the pieces cover the region: past the cap, no reparametrisation.
    return pieces if len(pieces) <= MAX_PIECES else [{}]


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

    def expand_where(self, e: sympy.Basic) -> sympy.Basic:
        """``e`` with every abbreviation replaced by its definition (repeatedly, so the order of ``where`` does
        not matter; a cyclic definition is left partly unexpanded)."""
        for _ in range(len(self.where) + 1):
            if not (e.free_symbols & self.abbrev):
                break
            for sym, val in reversed(self.where):
                e = e.subs(sym, val)
        return e

    def conditions(self, step: Step | None = None) -> list[sympy.Rel]:
        conds = list(self.d.conditions) + (list(step.conditions) if step else [])
        return conds

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
            for c in self.conditions(step):
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
        elif c.decision is Decision.UNDECIDED:
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
            outcome: boxmod.BoxOutcome | None = None, boxes: int | None = None, samples: int | None = None) -> StepResult:
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
        boxes=boxes, samples=samples, seconds=time.perf_counter() - t0,
    )


def _refuted_detail(outcome: boxmod.BoxOutcome, how: str) -> str:
    return (f"fails at {_fmt_point(outcome.point_dict or {})} ({how}): lhs ≈ {outcome.lhs_value}, "
            f"rhs ≈ {outcome.rhs_value}, decided on rigorous enclosures")


def _prove_relation(ctx: _Context, lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conds: Sequence[sympy.Rel]) -> str | None:
    """A symbolic proof of ``lhs rel rhs`` (rel <= or <), described, or None."""
    strict = rel == "<"
    pieces = reparametrisations(conds)

    def under_all(f: Callable[[dict], sympy.Expr | None]) -> str | None:
        plain = f({})
        if plain is not None:
            how = nonnegative_proof(plain, strict)
            if how is not None:
                return how
        if pieces == [{}]:
            return None
        hows = []
        for piece in pieces:
            e = f(piece)
            how = nonnegative_proof(e, strict) if e is not None else None
            if how is None:
                return None
            hows.append(how)
        return f"{hows[0]}, using the conditions" if hows else None

    how = under_all(lambda p: (rhs - lhs).subs(p) if p else rhs - lhs)
    if how is not None:
        return f"rhs − lhs {'>' if strict else '≥'} 0 ({how})"

    def positive_both(p: dict) -> bool:
        return sign_of(lhs.subs(p)) == POS and sign_of(rhs.subs(p)) == POS

    def ratio(p: dict) -> sympy.Expr | None:
        if not positive_both(p):
            return None
        return sympy.expand_log(sympy.log(sympy.powsimp(rhs.subs(p))) - sympy.log(sympy.powsimp(lhs.subs(p))))

    how = under_all(ratio)
    if how is not None:
        return f"both sides positive and log rhs − log lhs {'>' if strict else '≥'} 0 ({how})"

    def square(p: dict) -> sympy.Expr | None:
        if sign_of(lhs.subs(p)) not in (POS, NONNEG, ZERO) or sign_of(rhs.subs(p)) not in (POS, NONNEG, ZERO):
            return None
        return sympy.expand(rhs.subs(p) ** 2 - lhs.subs(p) ** 2)

    how = under_all(square)
    if how is not None:
        return f"both sides nonnegative and rhs² − lhs² {'>' if strict else '≥'} 0 ({how})"
    return None


def _prove_monotone(ctx: _Context, lhs: sympy.Expr, rel: str, rhs: sympy.Expr, hint: Monotone,
                    conds: Sequence[sympy.Rel], depth: int = 0) -> str | None:
    """A proof of ``lhs rel rhs`` from ``hint``: rhs − lhs is monotone in the hint's variable (its derivative's sign
    proved, or — from a finite endpoint — proved by the same argument once more) with a nonnegative limit."""
    v = hint.variable
    f = rhs - lhs
    if v not in f.free_symbols:
        return None
    g = sympy.diff(f, v)
    if sympy.count_ops(g) <= SIMPLIFY_OPS:
        g = sympy.simplify(g)
    strict = rel == "<"
    v_conds = [c for c in conds if v in c.free_symbols]
    others = [c for c in conds if v not in c.free_symbols]
    # the derivative's sign is proved on [lower end of v's domain, ∞): v's upper bounds are not used
    v_lower = [c for c in v_conds if (isinstance(c, (sympy.GreaterThan, sympy.StrictGreaterThan)) and c.lhs == v)
               or (isinstance(c, (sympy.LessThan, sympy.StrictLessThan)) and c.rhs == v)]
    if hint.endpoint == sympy.oo:
        direction, gexpr, lim = "decreasing", -g, sympy.limit(f, v, sympy.oo)
    else:
        ep = sympy.sympify(hint.endpoint)
        lower_ok = (ep == 0 and (v.is_positive or v.is_nonnegative)) or any(
            isinstance(c, (sympy.GreaterThan, sympy.StrictGreaterThan)) and c.lhs == v and c.rhs == ep
            or isinstance(c, (sympy.LessThan, sympy.StrictLessThan)) and c.rhs == v and c.lhs == ep for c in v_conds)
        if not lower_ok:
            return None
        direction, gexpr, lim = "increasing", g, sympy.limit(f, v, ep, "+")
    if lim.has(sympy.Limit) or lim.has(sympy.AccumBounds) or lim in (sympy.nan, sympy.zoo):
        return None
    dpieces = reparametrisations(others + v_lower)
    lpieces = reparametrisations(others)

    def proved(e: sympy.Expr, s: bool, pieces) -> bool:
        if nonnegative_proof(e, s) is not None:
            return True
        return pieces != [{}] and all(nonnegative_proof(e.subs(p), s) is not None for p in pieces)

    if lim == sympy.oo:
        lim_ok_strict = True
    else:
        lim_ok_strict = proved(lim, True, lpieces)
    lim_ok = lim_ok_strict or (lim != -sympy.oo and proved(lim, False, lpieces))
    if not lim_ok:
        return None
    deriv_strict = proved(gexpr, True, dpieces)
    if not deriv_strict and not proved(gexpr, False, dpieces):
        # one level deeper: the derivative itself increases from a nonnegative value at the finite endpoint
        if depth > 0 or hint.endpoint == sympy.oo or _prove_monotone(
                ctx, sympy.Integer(0), "<=", gexpr, hint, others + v_lower, depth + 1) is None:
            return None
        sign = "sign proved by the same argument"
    else:
        sign = "sign proved"
    if strict and not (deriv_strict or lim_ok_strict):
        return None
    at = "∞" if hint.endpoint == sympy.oo else expr_text(hint.endpoint)
    return (f"monotonicity: rhs − lhs is {direction} in {v.name} (∂/∂{v.name} = {expr_text(g)}, {sign}) "
            f"and tends to {expr_text(lim)} as {v.name} → {at}")


def check_step(ctx: _Context, index: int, st: Step, lhs: sympy.Expr) -> StepResult:
    t0 = time.perf_counter()
    rel = st.rel
    conds = ctx.conditions(st)
    variants = _variants(ctx, lhs, st.rhs, st)
    num_l, num_r = _numeric_form(variants[-1][1]), _numeric_form(variants[-1][2])
    seed = ctx.rng_seed + 1009 * index

    # 0. a quick numeric screen (centre, corners and a few points of the domain): a step that fails at one
    #    of them is refuted at once, and no simplification is spent on trying to prove it
    quick = _sample(ctx, num_l, rel, num_r, st, _SCREEN_POINTS, seed + 1)
    if quick.status == REFUTED and quick.outcome is not None:
        return _result(ctx, index, st, lhs, REFUTED,
                       _refuted_detail(quick.outcome, f"numeric screen, point {quick.n} of the domain")
                       + (f"; cited: {st.cited}" if st.cited else ""), t0, quick.outcome, samples=quick.n)
    # 1. identity (screened numerically first, so that simplification is spent only on plausible identities)
    plausible, screen_ref = _screen(ctx, num_l, num_r, st) if rel != "==" else (True, None)
    if plausible:
        for label, l, r in variants:
            how = zero_proof(l, r)
            if how is not None:
                if rel == "<":
                    return _result(ctx, index, st, lhs, REFUTED, "lhs − rhs simplifies to 0"
                                   + (f" ({how})" if how else "") + ", so lhs < rhs fails at every point", t0)
                detail = "lhs − rhs simplifies to 0" + (f" ({how})" if how else "")
                if label:
                    detail += f"; {label}"
                if rel == "<=":
                    detail += "; holds with equality"
                return _result(ctx, index, st, lhs, IDENTITY, detail, t0)
    elif rel == "==" and screen_ref is not None:
        return _result(ctx, index, st, lhs, REFUTED, _refuted_detail(screen_ref, "sides differ at a test point"),
                       t0, screen_ref)

    cite = f"; cited: {st.cited}" if st.cited else ""
    # 2. symbolic proof
    if rel != "==":
        for label, l, r in variants:
            c2 = conds if not label else [ctx.expand_where(c) for c in conds]
            how = _prove_relation(ctx, l, rel, r, c2)
            if how is None and st.monotone is not None:
                how = _prove_monotone(ctx, l, rel, r, st.monotone, c2)
            if how is not None:
                if label:
                    how += f"; {label}"
                elif ctx.abbrev & (l.free_symbols | r.free_symbols):
                    how += "; for all values of the abbreviations allowed by their assumptions"
                return _result(ctx, index, st, lhs, PROVED, how + cite, t0)

    # 3. box
    box_note = ""
    boxes = None
    if st.box is not None and rel != "==":
        bounds = {sym: (lo, hi) for sym, lo, hi in st.box}
        try:
            out = boxmod.prove_on_box(num_l, rel, num_r, bounds,
                                      conditions=ctx.region(num_l.free_symbols | num_r.free_symbols, st)[1])
        except ValueError as exc:
            box_note = f"box not usable: {exc}"
        else:
            boxes = out.boxes
            box_text = ", ".join(f"{s.name} ∈ [{lo}, {hi}]" for s, lo, hi in st.box)
            if out.status == boxmod.PROVED:
                return _result(ctx, index, st, lhs, PROVED_ON_BOX,
                               f"interval branch-and-bound on {box_text}: {out.detail}{cite}", t0, boxes=boxes)
            if out.status == boxmod.REFUTED:
                return _result(ctx, index, st, lhs, REFUTED, _refuted_detail(out, f"box search on {box_text}, "
                               f"{out.boxes} boxes") + cite, t0, out, boxes=boxes)
            box_note = f"box search on {box_text} undecided: {out.detail}"

    # 4. sampling
    res = _sample(ctx, num_l, rel, num_r, st, ctx.d.samples, seed)
    if res.status == REFUTED and res.outcome is not None:
        return _result(ctx, index, st, lhs, REFUTED,
                       _refuted_detail(res.outcome, f"sampling, point {res.n} of the domain") + cite, t0,
                       res.outcome, boxes=boxes, samples=res.n)
    search_note = ""
    if res.status == EVIDENCE and res.n:
        # 5. before grading evidence: search the domain hard for a counterexample (floats propose, enclosures decide)
        report = _search(ctx, num_l, rel, num_r, st, seed + 17)
        if report is not None and report.outcome is not None:
            return _result(ctx, index, st, lhs, REFUTED,
                           _refuted_detail(report.outcome, f"counterexample search: {report.text()}") + cite, t0,
                           report.outcome, boxes=boxes, samples=res.n + report.points)
        if report is not None:
            search_note = "no counterexample found: " + report.text()
    notes = "; ".join(x for x in (box_note, search_note) if x)
    if res.status == "none" or res.n == 0:
        why = res.reason or "no sample point satisfied the conditions"
        if st.cited:
            return _result(ctx, index, st, lhs, CITED, f"taken as given from {st.cited}; not sampled ({why})"
                           + (f"; {notes}" if notes else ""), t0, boxes=boxes, samples=0)
        return _result(ctx, index, st, lhs, UNCHECKED, f"no symbolic proof and not sampled ({why})"
                       + (f"; {notes}" if notes else ""), t0, boxes=boxes, samples=0)
    und = f" ({res.undecided} undecided at 512 bits)" if res.undecided else ""
    what = "agrees" if rel == "==" else "holds"
    sampled = f"{what} at all {res.n} sampled points of the domain{und} — sampled only, not a proof"
    if st.cited:
        return _result(ctx, index, st, lhs, CITED, f"taken as given from {st.cited}; {sampled}"
                       + (f"; {notes}" if notes else ""), t0, boxes=boxes, samples=res.n)
    return _result(ctx, index, st, lhs, EVIDENCE, sampled + (f"; {notes}" if notes else ""), t0,
                   boxes=boxes, samples=res.n)


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
            how = _prove_relation(ctx, sympy.S.Zero, "<" if strict else "<=", val, conds)
            if how is None and base != val:
                how = _prove_relation(ctx, sympy.S.Zero, "<" if strict else "<=", base,
                                      [ctx.expand_where(c) for c in conds])
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


def _target_expr(claim: Any, target: str) -> tuple[sympy.Expr | None, str]:
    if isinstance(claim, sympy.Basic):
        return claim, "the given target expression"
    if target == "bound":
        return getattr(claim, "bound", None), f"the bound of {getattr(claim, 'id', 'the claim')}"
    prescribed = getattr(claim, "prescribed", {}) or {}
    if target in prescribed:
        return prescribed[target], f"the {target} prescribed by {getattr(claim, 'id', 'the claim')}"
    return None, f"{getattr(claim, 'id', 'the claim')} prescribes no {target!r}"


def check_derivation(derivation: Derivation, claim: Any) -> DerivationResult:
    """Check every step of ``derivation`` and its link to ``claim``'s target expression.

    ``claim`` is a :class:`~certunlearn.claims.model.Claim` (its ``bound``, or ``prescribed[target]``; its
    ``quantity_expr``, when it has one, is compared with the start of the final chain), or the target sympy
    expression itself. Results are cached per (derivation, target expression) in the process, and on disk
    (:mod:`certunlearn.derive.cache`) across processes and runs.
    """
    target, what = _target_expr(claim, derivation.target)
    prescribed = tuple(sorted((getattr(claim, "prescribed", None) or {}).items()))
    quantity = None if isinstance(claim, sympy.Basic) else getattr(claim, "quantity_expr", None)
    return _check_cached(derivation, target, what, prescribed, quantity)


@functools.lru_cache(maxsize=None)
def _check_cached(derivation: Derivation, target: sympy.Expr | None, what: str,
                  prescribed: tuple[tuple[str, sympy.Expr], ...] = (), quantity: sympy.Expr | None = None
                  ) -> DerivationResult:
    from . import cache

    return cache.cached(lambda: cache.result_key(derivation, target, what, prescribed, quantity),
                        lambda: _compute(derivation, target, what, prescribed, quantity))


def _compute(derivation: Derivation, target: sympy.Expr | None, what: str,
             prescribed: tuple[tuple[str, sympy.Expr], ...] = (), quantity: sympy.Expr | None = None
             ) -> DerivationResult:
    """The check itself (no caching)."""
    t0 = time.perf_counter()
    ctx = _Context(derivation)
    definitions = _check_definitions(ctx, dict(prescribed))
    results: list[StepResult] = []
    prev_rhs: sympy.Expr | None = None
    for i, st in enumerate(derivation.steps, start=1):
        lhs = st.lhs if st.lhs is not None else prev_rhs
        results.append(check_step(ctx, i, st, lhs))
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
    """The final chain's first left side against the claim's closed-form quantity: checked / mismatch / stated."""
    if start_check == LINK_BROKEN:
        return START_MISMATCH, "the chain does not start from the expression the derivation names"
    if quantity is None:
        return START_STATED, "the claim has no closed-form quantity to check the start against"
    try:
        q = sympy.sympify(quantity)
    except (sympy.SympifyError, TypeError, ValueError):
        return START_MISMATCH, f"the claim's quantity {quantity!r} is not an expression"
    how = zero_proof(first_lhs, q)
    if how is None:
        expanded = ctx.expand_where(first_lhs)
        if expanded != first_lhs:
            how = zero_proof(expanded, q)
            how = None if how is None else f"abbreviations substituted{', ' + how if how else ''}"
    if how is not None:
        return START_CHECKED, (f"the chain starts from the claim's quantity {expr_text(q)}"
                               + (f" ({how})" if how else ""))
    return START_MISMATCH, f"the chain starts from {expr_text(first_lhs)}, not the claim's quantity {expr_text(q)}"


__all__ = ["check_derivation", "zero_proof", "nonnegative_proof", "sign_of", "reparametrisations"]
