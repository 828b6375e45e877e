"""Symbolic proofs of a step's relation for the derivation engine: the sign argument on rhs − lhs (or on log
rhs − log lhs, or rhs² − lhs²) over the reparametrisations of the conditions (and on rhs − lhs expanded, with only
the conditions of the symbols that do not cancel in it), retried with the facts that follow
from the derivation's definitions, with the conditions written with slacks, and in each case of a split of
Abs/Max/Min/ceiling/floor (:mod:`.facts`); and monotonicity in one variable from a
:class:`~certunlearn.derive.model.Monotone` hint. Each returns how the relation was proved, or None."""
from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence

import sympy

from . import facts, guard
from .model import Monotone
from .signs import NONNEG, POS, SIMPLIFY_OPS, ZERO, nonnegative_proof, sign_of

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
    boxes). Each element maps conditioned symbols to expressions in nonnegative/positive dummies — the same
    dummies for the same conditions within a process, so that the provers' caches see equal expressions.
    """
    return list(_reparametrisations(tuple(conditions)))


@functools.lru_cache(maxsize=4096)
def _reparametrisations(conditions: tuple[sympy.Rel, ...]) -> tuple[dict[sympy.Symbol, sympy.Expr], ...]:
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
        if (old is None or (side == "hi" and (val < old[0])) or (side == "lo" and (val > old[0]))
                or (val == old[0] and strict and not old[1])):
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
    return tuple(pieces) if len(pieces) <= MAX_PIECES else ({},)



def relevant_conditions(conds: Sequence[sympy.Basic], free: set[sympy.Basic]) -> list[sympy.Basic]:
    """The conditions sharing a symbol with ``free``, directly or through other such conditions."""
    symbols, pending, kept = set(free), list(conds), []
    grew = True
    while grew:
        grew = False
        for c in list(pending):
            if c.free_symbols & symbols:
                kept.append(c)
                pending.remove(c)
                symbols |= c.free_symbols
                grew = True
    return kept


#: prove_relation's retries (facts, slacks, case splits) are for relations of at most this many operations
#: (sympy.count_ops of rhs − lhs): on a longer one their substitutions cost seconds and the careful guard would
#: decline most of their transforms anyway.
RETRY_OPS = guard.MAX_OPS


def prove_relation(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conds: Sequence[sympy.Rel],
                   facts_of: Callable[[], list[sympy.Rel]] | None = None, first: bool = True,
                   retries: bool = True) -> str | None:
    """A symbolic proof of ``lhs rel rhs`` (rel <= or <), described, or None.

    The conditions are put in usable form (:func:`.facts.normal_conditions`) and restricted to those about the
    relation's symbols; if the sign argument fails, it is retried (careful mode, :mod:`.guard`) with the facts
    that follow from the derivation's definitions (``facts_of()``, e.g. the engine's facts of a derivation), with
    the conditions written with slacks, then in each case of a split of the relation's Abs/Max/Min/ceiling/floor
    (:func:`.facts.case_splits`) — the retries only for a relation of at most :data:`RETRY_OPS` operations.
    ``first=False`` runs only the retries, ``retries=False`` only the first sign argument (the engine runs the
    first on every variant of a step before any retry: cheapest first)."""
    free = lhs.free_symbols | rhs.free_symbols
    base = facts.normal_conditions(conds)
    how = prove_signs(lhs, rel, rhs, relevant_conditions(base, free)) if first else None
    if how is None and first:
        how = prove_cancelled(lhs, rel, rhs, base)
    if how is not None or not retries or guard.count_ops(rhs - lhs) > RETRY_OPS:
        return how
    extra = facts.normal_conditions(facts_of()) if facts_of is not None else []
    extra = [c for c in relevant_conditions(base + extra, free) if c not in base]
    if extra:
        how = prove_signs(lhs, rel, rhs, relevant_conditions(base + extra, free), careful=True)
        if how is not None:
            used = ", ".join(condition_text(c) for c in extra)
            return f"{how}; with the facts {used} (from the definitions)"
    how = prove_with_slack(lhs, rel, rhs, relevant_conditions(base + extra, free))
    if how is not None:
        return how
    how = prove_with_powers(lhs, rel, rhs, relevant_conditions(base + extra, free))
    if how is not None:
        return how
    cases = facts.case_splits(rhs - lhs)
    if not cases:
        return None
    hows = []
    for subs, case_conds in cases:
        l, r = lhs.xreplace(subs), rhs.xreplace(subs)
        cc = relevant_conditions(base + extra + facts.normal_conditions(case_conds), l.free_symbols | r.free_symbols)
        how = prove_signs(l, rel, r, cc, careful=True) or prove_with_slack(l, rel, r, cc)
        if how is None:
            return None
        hows.append(how)
    atoms = ", ".join(sorted({expr_text(a) for subs, _ in cases for a in subs}))
    return f"case split on {atoms} ({len(cases)} cases): in each, {hows[0]}"


def prove_cancelled(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conds: Sequence[sympy.Rel]) -> str | None:
    """The sign argument on rhs − lhs expanded when symbols of lhs and rhs cancel in it, with only the conditions
    about the symbols left: the conditions of the cancelled ones would only add pieces to the reparametrisation
    (each two-sided condition doubles them, past :data:`MAX_PIECES` none is made). A proof under fewer conditions
    holds under all of them."""
    free = lhs.free_symbols | rhs.free_symbols
    if guard.count_ops(rhs - lhs) > RETRY_OPS:
        return None
    diff = guard.expand(rhs - lhs, careful=True)
    if diff is None or not diff.free_symbols < free:
        return None
    how = prove_signs(sympy.S.Zero, rel, diff, relevant_conditions(conds, diff.free_symbols))
    if how is None:
        return None
    gone = ", ".join(sorted(expr_text(s) for s in free - diff.free_symbols))
    return f"{how}; {gone} cancel in rhs − lhs (their conditions not needed)"


#: A relation of at most this many operations after :func:`.facts.power_abstraction` is tried with the full sign
#: transforms (not only the careful ones).
POWER_FULL_OPS = 60


def prove_with_powers(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conds: Sequence[sympy.Rel]) -> str | None:
    """The sign argument with each power of a base in (0, 1) replaced by a number in (0, 1)
    (:func:`.facts.power_abstraction`: ((M − m)/(M + m))^I written out in a step is G ∈ (0, 1) when m < M)."""
    if not any(p.exp.free_symbols for p in (lhs + rhs).atoms(sympy.Pow)):
        return None
    for l1, r1, c1, text in facts.power_abstraction(lhs, rhs, conds, lambda l, r_, r, c: prove_relation(l, r_, r, c)):
        c1 = relevant_conditions(facts.normal_conditions(c1), l1.free_symbols | r1.free_symbols)
        # the abstraction lowers the expression's size (each power one symbol): a small one may take the full transforms
        small = guard.count_ops(r1 - l1) <= POWER_FULL_OPS
        how = prove_signs(l1, rel, r1, c1, careful=not small) or prove_with_slack(l1, rel, r1, c1)
        if how is not None:
            return f"{how}; the powers bounded: {text}"
    return None


def prove_with_slack(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conds: Sequence[sympy.Rel]) -> str | None:
    """The sign argument after absorbing the conditions linear in some symbol (:func:`.facts.slack_substitution`)."""
    subs, rest = facts.slack_substitution(conds)
    if not subs:
        return None
    rest = [c.xreplace(subs) for c in rest]
    how = prove_signs(lhs.xreplace(subs), rel, rhs.xreplace(subs), rest, careful=True)
    if how is None:
        return None
    return f"{how}; the conditions written with slacks ({', '.join(f'{k.name} ↦ {expr_text(v)}' for k, v in subs.items())})"


def prove_signs(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conds: Sequence[sympy.Rel],
                careful: bool = False) -> str | None:
    """The sign argument proper: rhs − lhs, log rhs − log lhs, or rhs² − lhs² shown ≥ 0 (> 0), on every piece of
    the conditions' reparametrisation (kept per process for the same relation and conditions). ``careful``: the
    sympy transforms under :mod:`.guard`'s degree and term bounds too (for the second-line methods, whose
    substitutions raise degrees)."""
    return _prove_signs(lhs, rel, rhs, tuple(conds), careful)


@functools.lru_cache(maxsize=8192)
def _prove_signs(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, conds: tuple[sympy.Rel, ...],
                 careful: bool) -> str | None:
    strict = rel == "<"
    pieces = reparametrisations(conds)

    def under_all(f: Callable[[dict], sympy.Expr | None]) -> str | None:
        plain = f({})
        if plain is not None:
            how = nonnegative_proof(plain, strict, careful)
            if how is not None:
                return how
        if pieces == [{}]:
            return None
        hows = []
        for piece in pieces:
            e = f(piece)
            how = nonnegative_proof(e, strict, careful) if e is not None else None
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
        return guard.expand(rhs.subs(p) ** 2 - lhs.subs(p) ** 2, careful)

    how = under_all(square)
    if how is not None:
        return f"both sides nonnegative and rhs² − lhs² {'>' if strict else '≥'} 0 ({how})"
    return None


def prove_monotone(lhs: sympy.Expr, rel: str, rhs: sympy.Expr, hint: Monotone,
                    conds: Sequence[sympy.Rel], depth: int = 0) -> str | None:
    """A proof of ``lhs rel rhs`` from ``hint``: rhs − lhs is monotone in the hint's variable (its derivative's sign
    proved, or — from a finite endpoint — proved by the same argument once more) with a nonnegative limit."""
    v = hint.variable
    f = rhs - lhs
    if v not in f.free_symbols:
        return None
    g = sympy.diff(f, v)
    simpler = guard.simplify(g, SIMPLIFY_OPS)
    g = g if simpler is None else simpler
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
        if depth > 0 or hint.endpoint == sympy.oo or prove_monotone(
                sympy.Integer(0), "<=", gexpr, hint, others + v_lower, depth + 1) is None:
            return None
        sign = "sign proved by the same argument"
    else:
        sign = "sign proved"
    if strict and not (deriv_strict or lim_ok_strict):
        return None
    at = "∞" if hint.endpoint == sympy.oo else expr_text(hint.endpoint)
    return (f"monotonicity: rhs − lhs is {direction} in {v.name} (∂/∂{v.name} = {expr_text(g)}, {sign}) "
            f"and tends to {expr_text(lim)} as {v.name} → {at}")


__all__ = ["expr_text", "expr_latex", "relation_text", "condition_text", "MAX_PIECES", "RETRY_OPS", "reparametrisations",
           "relevant_conditions", "prove_relation", "prove_with_powers", "prove_with_slack", "prove_signs", "prove_monotone"]
