"""Rigorous interval branch-and-bound: prove ``lhs rel rhs`` on a box of parameters, or refute it.

The difference ``f = rhs − lhs`` is enclosed on each sub-box by :func:`~certunlearn.numeric.sympy_arb.arb_eval`
(the interval extension on arb balls) and, where the gradient can be evaluated, by the mean-value form
``f(c) + Σ ∂ᵢf(B)·(Bᵢ − cᵢ)``, which converges quadratically and so proves tight inequalities in few boxes.
A sub-box is *closed* when either enclosure is ≥ 0 (> 0 for ``<``) on all of it; otherwise its centre is tested
(decided on enclosures with precision doubling) and, if the step holds there, the box is split in two along
the coordinate contributing most to the enclosure's width. Coordinates spanning several orders of magnitude
(``lo > 0`` and ``hi/lo ≥ 1000``, e.g. δ ∈ [1e-300, 1/2]) are split at their geometric mean.

The symbols' sympy assumptions are part of the question: a positive symbol ranges over ``(0, ∞)`` ∩ its box, a
nonnegative one over ``[0, ∞)`` ∩ its box (likewise negative, nonpositive), an integer one over the integers
of its box (sub-boxes are shrunk to their integer hulls). Sign assumptions are enforced as conditions
(:func:`assumption_conditions`), so a refuting point always satisfies them.

Outcomes: ``proved`` (every sub-box closed), ``refuted`` (a point inside the box, inside the conditions and
allowed by the assumptions where the step fails, rigorously decided; reported as short decimal strings when a
rounded point still fails), or ``undecided`` (the budget of boxes ran out).
"""
from __future__ import annotations

import dataclasses
import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import sympy
from flint import arb

from .enclosure import (
    Comparison, Decision, Exact, arb_decimal, arb_lower_float, arb_upper_float, decide, exact_decimal, to_arb,
)
from .fraction import RATIONAL_TYPES, Fraction
from .precision import precisions, workprec
from .sympy_arb import arb_eval, ball

PROVED = "proved"
REFUTED = "refuted"
UNDECIDED = "undecided"

#: Default number of sub-boxes examined before giving up.
DEFAULT_BUDGET = 3000
#: Working precision (bits) of the box enclosures; point decisions double it as needed.
BOX_PREC = 128
_LOG_RATIO = 1000
#: Gradients up to this size (sympy.count_ops) are simplified before use in the mean-value form.
_SIMPLIFY_GRADIENT_OPS = 40

Bounds = Mapping[sympy.Symbol | str, tuple[Exact | sympy.Expr, Exact | sympy.Expr]]


@dataclass(frozen=True)
class BoxOutcome:
    """What the branch-and-bound established (plain data: picklable, no sympy objects)."""

    status: str
    boxes: int
    point: tuple[tuple[str, str], ...] | None = None
    lhs_value: str | None = None
    rhs_value: str | None = None
    detail: str = ""

    @property
    def point_dict(self) -> dict[str, str] | None:
        return dict(self.point) if self.point is not None else None


def to_fraction(x: Exact | sympy.Expr) -> Fraction:
    """An exact rational for a box endpoint (decimal strings are read exactly)."""
    if isinstance(x, RATIONAL_TYPES):
        return x
    if isinstance(x, bool):
        raise TypeError("a boolean is not a box endpoint")
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, float):
        if not math.isfinite(x):
            raise ValueError("box endpoints must be finite")
        return Fraction(x)
    if isinstance(x, str):
        from decimal import Decimal

        return Fraction(Decimal(x)) if "/" not in x else Fraction(x)
    if isinstance(x, sympy.Basic):
        x = sympy.nsimplify(x) if isinstance(x, sympy.Float) else x
        if x.is_Rational:
            return Fraction(int(x.p), int(x.q))
        raise ValueError(f"box endpoint {x} is not rational")
    raise TypeError(f"cannot use {type(x).__name__} as a box endpoint")


def is_log_scale(lo: Fraction, hi: Fraction) -> bool:
    """Whether a coordinate is split geometrically (positive and spanning ≥ 3 orders of magnitude)."""
    return lo > 0 and hi >= _LOG_RATIO * lo


def normalise_box(box: Bounds) -> dict[str, tuple[Fraction, Fraction]]:
    out: dict[str, tuple[Fraction, Fraction]] = {}
    for k, (lo, hi) in box.items():
        name = k.name if isinstance(k, sympy.Symbol) else str(k)
        flo, fhi = to_fraction(lo), to_fraction(hi)
        if flo > fhi:
            raise ValueError(f"empty box for {name}: [{lo}, {hi}]")
        out[name] = (flo, fhi)
    return out


_INEQUALITIES = {sympy.LessThan: "<=", sympy.StrictLessThan: "<", sympy.GreaterThan: ">=",
                 sympy.StrictGreaterThan: ">"}


def is_inequality(cond: object) -> bool:
    """Whether ``cond`` is a condition the numeric checks evaluate (``<``, ``<=``, ``>``, ``>=``)."""
    return type(cond) in _INEQUALITIES


def assumption_conditions(symbols: Iterable[sympy.Basic]) -> tuple[sympy.Rel, ...]:
    """The sign assumptions of ``symbols`` as (unevaluated) conditions: positive → s > 0, nonnegative → s ≥ 0,
    negative → s < 0, nonpositive → s ≤ 0."""
    out = []
    for sym in sorted((s for s in symbols if isinstance(s, sympy.Symbol)), key=lambda s: s.name):
        for holds, rel in ((sym.is_positive, sympy.StrictGreaterThan), (sym.is_nonnegative, sympy.GreaterThan),
                           (sym.is_negative, sympy.StrictLessThan), (sym.is_nonpositive, sympy.LessThan)):
            if holds:
                out.append(rel(sym, 0, evaluate=False))
                break
    return tuple(out)


def admissible_range(sym: sympy.Symbol, lo: Fraction, hi: Fraction) -> tuple[Fraction, Fraction] | None:
    """``[lo, hi]`` narrowed to what ``sym``'s assumptions allow — to ``[0, ∞)`` for a nonnegative (or positive)
    symbol, ``(−∞, 0]`` for a nonpositive (or negative) one, to its integer hull for an integer one — or None if
    nothing is left. (A closed range cannot exclude 0: strict signs are :func:`assumption_conditions`.)"""
    if sym.is_nonnegative:
        lo = max(lo, Fraction(0))
    if sym.is_nonpositive:
        hi = min(hi, Fraction(0))
    if sym.is_integer:
        lo, hi = Fraction(math.ceil(lo)), Fraction(math.floor(hi))
    return (lo, hi) if lo <= hi else None


def _integer_hull(box: dict[str, tuple[Fraction, Fraction]], names: Iterable[str]):
    """The box with the named coordinates shrunk to their integer hulls (None if one holds no integer)."""
    out = dict(box)
    for name in names:
        lo, hi = out[name]
        lo, hi = Fraction(math.ceil(lo)), Fraction(math.floor(hi))
        if lo > hi:
            return None
        out[name] = (lo, hi)
    return out


def interval(lo: Fraction, hi: Fraction) -> arb:
    """A ball containing [lo, hi].

    A ball's radius has a 30-bit mantissa, so a positive interval with hi/lo ≳ 2e9 (e.g. [1e-300, 1/2]) is
    enclosed by a ball reaching slightly below 0; such boxes evaluate to NaN under log or sqrt and are simply
    split further (geometrically), which soon brings hi/lo into range.
    """
    if lo == hi:
        return to_arb_exact(lo)
    return ball(lo, hi)


def to_arb_exact(x: Fraction) -> arb:
    return to_arb(x)


def _holds(value: arb, strict: bool) -> bool:
    return bool(value > 0) if strict else bool(value >= 0)


def _fails(value: arb, strict: bool) -> bool:
    return bool(value <= 0) if strict else bool(value < 0)


def _split_point(lo: Fraction, hi: Fraction, log: bool) -> Fraction | None:
    if log:
        mid = Fraction(math.exp((math.log(lo) + math.log(hi)) / 2))
    else:
        mid = Fraction(float((lo + hi) / 2))
    if not lo < mid < hi:
        mid = (lo + hi) / 2
        if hi - lo < Fraction(1, 10**400):
            return None
    return mid


def _centre(box: dict[str, tuple[Fraction, Fraction]], logs: set[str],
            integers: frozenset[str] = frozenset()) -> dict[str, Fraction]:
    c = {}
    for name, (lo, hi) in box.items():
        if lo == hi:
            c[name] = lo
        else:
            m = _split_point(lo, hi, name in logs)
            m = m if m is not None else lo
            c[name] = Fraction(math.floor(m)) if name in integers else m
    return c


@dataclass
class _Problem:
    f: sympy.Expr
    grad: dict[str, sympy.Expr]
    lhs: sympy.Expr
    rhs: sympy.Expr
    op: str
    strict: bool
    conditions: tuple[sympy.Rel, ...]
    outer: dict[str, tuple[Fraction, Fraction]]
    logs: set[str]
    split: set[str] = dataclasses.field(default_factory=set)  # coordinates f depends on (the only ones split)
    integers: frozenset[str] = frozenset()  # coordinates of integer symbols


def _problem(lhs: sympy.Expr, op: str, rhs: sympy.Expr, conditions: Sequence[sympy.Rel],
             outer: dict[str, tuple[Fraction, Fraction]]) -> _Problem:
    """The question ``lhs op rhs`` under ``conditions`` and the symbols' assumptions, on ``outer``."""
    symbols = lhs.free_symbols | rhs.free_symbols | {s for c in conditions for s in c.free_symbols}
    conds = tuple(dict.fromkeys((*conditions, *assumption_conditions(symbols))))
    integers = frozenset(s.name for s in symbols if isinstance(s, sympy.Symbol) and s.is_integer)
    return _Problem(rhs - lhs, {}, lhs, rhs, op, op == "<", conds, outer, set(), integers=integers)


def _admissible(p: _Problem, point: Mapping[str, Exact]) -> bool:
    """Whether ``point`` satisfies the conditions and the integer assumptions."""
    return (all(to_fraction(point[n]).denominator == 1 for n in p.integers if n in point)
            and conditions_hold(p.conditions, point))


def _gradient(f: sympy.Expr, names: Iterable[str]) -> dict[str, sympy.Expr]:
    grad = {}
    symbols = {s.name: s for s in f.free_symbols if isinstance(s, sympy.Symbol)}
    for name in names:
        if name not in symbols:
            continue
        g = sympy.diff(f, symbols[name])
        if sympy.count_ops(g) <= _SIMPLIFY_GRADIENT_OPS:
            try:
                g2 = sympy.simplify(g)
                if sympy.count_ops(g2) <= sympy.count_ops(g):
                    g = g2
            except Exception:  # simplification is an optimisation only
                pass
        grad[name] = g
    return grad


def _eval(expr: sympy.Expr, env: Mapping[str, Exact | arb]) -> arb | None:
    try:
        v = arb_eval(expr, env)
    except (ZeroDivisionError, ValueError, ArithmeticError):
        return None
    return None if v.is_nan() else v


def _condition_possible(cond: sympy.Rel, env: Mapping[str, arb]) -> bool:
    """False only when the condition certainly fails everywhere on the box."""
    d = _eval(_cond_gap(cond), env)
    if d is None:
        return True
    strict = isinstance(cond, (sympy.StrictLessThan, sympy.StrictGreaterThan))
    return not _fails(d, strict)


def _cond_gap(cond: sympy.Rel) -> sympy.Expr:
    """An expression that is ≥ 0 (> 0 for strict conditions) exactly where ``cond`` holds."""
    if isinstance(cond, (sympy.LessThan, sympy.StrictLessThan)):
        return cond.rhs - cond.lhs
    if isinstance(cond, (sympy.GreaterThan, sympy.StrictGreaterThan)):
        return cond.lhs - cond.rhs
    raise ValueError(f"unsupported condition {cond}")


def conditions_hold(conditions: Sequence[sympy.Rel], point: Mapping[str, Exact]) -> bool:
    """Whether every condition is decided true at ``point`` (undecided, or not evaluable, counts as not holding)."""
    for cond in conditions:
        op = _INEQUALITIES.get(type(cond))
        if op is None:  # not an inequality (an equation, a boolean): never decided true
            return False
        try:
            c = decide(lambda: arb_eval(cond.lhs, point), op, lambda: arb_eval(cond.rhs, point))
        except (KeyError, NotImplementedError, ZeroDivisionError, ValueError, TypeError):
            return False
        if c.decision is not Decision.TRUE:
            return False
    return True


def violates(lhs: sympy.Expr, op: str, rhs: sympy.Expr, point: Mapping[str, Exact], *, max_prec: int = 1024):
    """The rigorous comparison ``lhs op rhs`` at ``point`` (a :class:`Comparison`), or None if not evaluable.

    ``op`` may be ``==``: the answer is FALSE when the two enclosures separate, UNDECIDED while they overlap
    (an equality is never confirmed numerically).
    """
    try:
        if op != "==":
            return decide(lambda: arb_eval(lhs, point), op, lambda: arb_eval(rhs, point), max_prec=max_prec)
        c = None
        for prec in precisions(BOX_PREC // 2, min(max_prec, 256)):
            with workprec(prec):
                a, b = arb_eval(lhs, point), arb_eval(rhs, point)
            if a.is_nan() or b.is_nan():
                continue
            c = Comparison(Decision.UNDECIDED, op, a, b, prec)
            if not a.overlaps(b):
                return Comparison(Decision.FALSE, op, a, b, prec)
        return c
    except (KeyError, NotImplementedError, ZeroDivisionError, ValueError, TypeError):
        return None


def _nice_point(p: _Problem, point: dict[str, Fraction]) -> tuple[dict[str, str], object] | None:
    """A short-decimal version of a violating point that still violates (clamped into the outer box)."""
    for digits in (1, 2, 3, 4, 6, 9, 12, 17):
        cand: dict[str, str] = {}
        for name, value in point.items():
            lo, hi = p.outer[name]
            s = format(float(value), f".{digits}g")
            fs = to_fraction(s)
            if fs < lo:
                s = exact_decimal(lo)
            elif fs > hi:
                s = exact_decimal(hi)
            cand[name] = s
        if not _admissible(p, cand):
            continue
        c = violates(p.lhs, p.op, p.rhs, cand)
        if c is not None and c.decision is Decision.FALSE:
            return cand, c
    return None


def refute_at(
    lhs: sympy.Expr, op: str, rhs: sympy.Expr, point: Mapping[str, Exact], *,
    conditions: Sequence[sympy.Rel] = (), outer: Bounds | None = None,
) -> BoxOutcome | None:
    """A refuted outcome if ``lhs op rhs`` rigorously fails at ``point`` (inside ``conditions`` and allowed by the
    symbols' assumptions), else None.

    The reported point is the shortest decimal rounding of ``point`` (within ``outer``) that still fails.
    """
    pt = {(k.name if isinstance(k, sympy.Symbol) else k): to_fraction(v) for k, v in point.items()}
    ob = normalise_box(outer) if outer is not None else {k: (v, v) for k, v in pt.items()}
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    return refutation(_problem(lhs, op, rhs, conditions, ob), pt)


def refutation(p: _Problem, point: dict[str, Fraction]) -> BoxOutcome | None:
    """A refuted outcome at ``point`` (or a nicer nearby one), if the step rigorously fails there."""
    if not _admissible(p, point):
        return None
    c = violates(p.lhs, p.op, p.rhs, point)
    if c is None or c.decision is not Decision.FALSE:
        return None
    exact = {k: exact_decimal(v) for k, v in point.items()}
    nice = _nice_point(p, point)
    if nice is not None:
        exact, c = nice
    return BoxOutcome(REFUTED, 0, tuple(sorted(exact.items())), arb_decimal(c.lhs, 20), arb_decimal(c.rhs, 20))


def prove_on_box(
    lhs: sympy.Expr,
    op: str,
    rhs: sympy.Expr,
    box: Bounds,
    *,
    conditions: Sequence[sympy.Rel] = (),
    budget: int = DEFAULT_BUDGET,
    log: Iterable[str] | None = None,
    prec: int = BOX_PREC,
) -> BoxOutcome:
    """Prove ``lhs op rhs`` (op ``<=`` or ``<``) for every point of ``box`` satisfying ``conditions``.

    ``box`` maps each free symbol of the relation and of the conditions (or its name) to ``(lo, hi)``;
    endpoints are read exactly (decimal strings, Fractions, ints, floats, sympy rationals). Each range is
    narrowed to what the symbol's assumptions allow (see the module docstring). ``conditions`` are inequalities
    (``<``, ``<=``, ``>``, ``>=``). ``log`` names coordinates to split geometrically (default: those with
    ``lo > 0`` and ``hi/lo ≥ 1000``; never an integer coordinate). Sub-boxes on which a condition certainly
    fails are dropped. A symbol without a range, a condition that is not an inequality, or a range holding no
    value the assumptions allow is a ``ValueError``.
    """
    if op not in ("<=", "<"):
        raise ValueError(f"box proofs handle <= and <, not {op!r}")
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    for c in conditions:
        if not is_inequality(c):
            raise ValueError(f"box conditions are inequalities, not {c}")
    orig = _problem(lhs, op, rhs, conditions, {})
    f = orig.f
    symbols = {s.name: s for s in lhs.free_symbols | rhs.free_symbols | {s for c in orig.conditions
                                                                         for s in c.free_symbols}
               if isinstance(s, sympy.Symbol)}
    free = {s.name for s in (lhs.free_symbols | rhs.free_symbols)}
    given = normalise_box(box)
    missing = sorted(set(symbols) - set(given))
    if missing:
        where = "" if set(missing) <= free else " (in the conditions)"
        raise ValueError(f"the box gives no range for {missing}{where}")
    outer = {}
    for n in symbols:
        r = admissible_range(symbols[n], *given[n])
        if r is None:
            raise ValueError(f"the box [{exact_decimal(given[n][0])}, {exact_decimal(given[n][1])}] holds no value "
                             f"of {n} allowed by its assumptions")
        outer[n] = r
    logs = set(log) if log is not None else {n for n, (lo, hi) in outer.items() if is_log_scale(lo, hi)}
    logs = (logs & set(outer)) - orig.integers
    orig.outer, orig.split = outer, free
    # Wide positive coordinates are searched in logarithmic coordinates v = exp(u): a ball cannot hold
    # [1e-300, 1/2] without reaching below 0, while u ∈ [ln 1e-300, ln 1/2] is harmless, and expand_log
    # turns log(5/(4v)) into log(5/4) − u exactly.
    subs: dict[sympy.Symbol, sympy.Expr] = {}
    search_outer = dict(outer)
    for n in sorted(logs):
        lo, hi = search_outer.pop(n)
        u = sympy.Symbol(f"ln_{n}", real=True)
        subs[symbols[n]] = sympy.exp(u)
        search_outer[u.name] = (Fraction(arb_lower_float(to_arb_exact(lo).log())),
                                Fraction(arb_upper_float(to_arb_exact(hi).log())))
    fu = sympy.expand_log(f.xreplace(subs)) if subs else f
    cu = tuple(type(c)(sympy.expand_log(c.lhs.xreplace(subs)), sympy.expand_log(c.rhs.xreplace(subs)), evaluate=False)
               for c in orig.conditions) if subs else orig.conditions
    split = {s.name for s in fu.free_symbols}
    p = _Problem(fu, _gradient(fu, search_outer), lhs, rhs, op, op == "<", cu, search_outer, set(), split,
                 orig.integers)

    def back(point: dict[str, Fraction]) -> dict[str, Fraction]:
        out = {}
        for name, value in point.items():
            if name.startswith("ln_") and name[3:] in logs:
                v = name[3:]
                lo, hi = orig.outer[v]
                x = Fraction(math.exp(float(value))) if float(value) > -744 else lo
                out[v] = min(max(x, lo), hi)
            else:
                out[name] = value
        return out

    with workprec(prec):
        return _search(p, budget, orig, back)


def _search(p: _Problem, budget: int, orig: _Problem, back) -> BoxOutcome:
    counter = 0
    heap: list[tuple[float, int, dict[str, tuple[Fraction, Fraction]]]] = [(0.0, 0, dict(p.outer))]
    examined = 0
    live = 0  # sub-boxes on which every condition may hold
    while heap:
        if examined >= budget:
            low = min(h[0] for h in heap)
            return BoxOutcome(UNDECIDED, examined, detail=(
                f"budget of {budget} boxes exhausted with {len(heap)} open sub-boxes "
                f"(lowest enclosure of rhs − lhs among them: {low:.3g})"))
        _, _, b = heapq.heappop(heap)
        examined += 1
        if p.integers:
            b = _integer_hull(b, p.integers)
            if b is None:  # no integer point left in this sub-box
                continue
        env = {n: interval(lo, hi) for n, (lo, hi) in b.items()}
        if not all(_condition_possible(c, env) for c in p.conditions):
            continue
        live += 1
        natural = _eval(p.f, env)
        if natural is not None and _holds(natural, p.strict):
            continue
        centre = _centre(b, p.logs, p.integers)
        fc = _eval(p.f, centre)
        mv = None
        if fc is not None and p.grad:
            mv = fc
            for name, g in p.grad.items():
                lo, hi = b[name]
                if lo == hi:
                    continue
                gv = _eval(g, env)
                if gv is None or not gv.is_finite():
                    mv = None
                    break
                mv = mv + gv * (interval(lo, hi) - to_arb_exact(centre[name]))
        if mv is not None and _holds(mv, p.strict):
            continue
        # the step may fail somewhere here: test the centre rigorously
        if fc is not None and not _holds(fc, p.strict):
            ref = refutation(orig, back(centre))
            if ref is not None:
                return BoxOutcome(REFUTED, examined, ref.point, ref.lhs_value, ref.rhs_value,
                                  f"fails at a point found after {examined} boxes")
        # split along the coordinate with the largest contribution to the enclosure width
        name = _split_coordinate(p, b, env)
        if name is None:
            return BoxOutcome(UNDECIDED, examined, detail="a sub-box can no longer be split")
        lo, hi = b[name]
        mid = _split_point(lo, hi, name in p.logs)
        if mid is None:
            return BoxOutcome(UNDECIDED, examined, detail="a sub-box can no longer be split")
        key = _lower(natural, mv)
        for part in ((lo, mid), (mid, hi)):
            counter += 1
            child = dict(b)
            child[name] = part
            heapq.heappush(heap, (key, counter, child))
    if live == 0:
        # every sub-box was dropped: no point of the box meets the conditions, so "for every such point" is vacuous —
        # the conditions contradict the box, and that proves nothing about the step
        return BoxOutcome(UNDECIDED, examined, detail=(
            "no point of the box satisfies the conditions (they contradict the declared ranges): a proof there would "
            "be vacuous"))
    return BoxOutcome(PROVED, examined, detail=f"rhs − lhs {'>' if p.strict else '≥'} 0 on all of {examined} sub-boxes")


def _lower(*values: arb | None) -> float:
    lows = []
    for v in values:
        if v is not None and v.is_finite():
            lows.append(float(v.lower()))
    return max(lows) if lows else -math.inf


def _split_coordinate(p: _Problem, b: dict[str, tuple[Fraction, Fraction]], env: Mapping[str, arb]) -> str | None:
    best, best_score = None, -1.0
    for name, (lo, hi) in b.items():
        if lo == hi or name not in p.split:
            continue
        olo, ohi = p.outer[name]
        if name in p.logs:
            rel = (math.log(hi) - math.log(lo)) / max(math.log(ohi) - math.log(olo), 1e-300)
        else:
            rel = float((hi - lo) / (ohi - olo)) if ohi > olo else 0.0
        score = rel
        g = p.grad.get(name)
        if g is not None:
            gv = _eval(g, env)
            if gv is not None and gv.is_finite():
                mag = float(abs(gv).upper()) * float(hi - lo)
                if math.isfinite(mag):
                    score = mag + 1e-12 * rel
        if score > best_score:
            best, best_score = name, score
    return best
