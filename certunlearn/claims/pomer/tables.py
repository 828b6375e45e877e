"""Tables 1 and 2 of POMER (lines 58–79): the columns "Theorem 4.4" and "Theorem 4.5", checked as rates.

Paper file ``001_8748437fc158d2af.txt``. Each row of those columns abbreviates the theorem's bound in one regime of
ε (Table 1) or of the switching budget S (Table 2) by an Õ-rate ("we focus on factors of d ... we assume T ≫ d",
lines 69, 79). A row is checked as the explicit bound it abbreviates: the quantity is the theorem's explicit bound,
evaluated exactly (Theorem 4.4: the bound its combination of Theorems 4.1 and 4.3 yields, ``pomer.thm4.4:regret``;
Theorem 4.5: the printed bound of line 261), and the row's explicit form is GD(Λ·entry + C) with the theorem's own
polylog factor Λ and additive constant C (:mod:`certunlearn.formulas.pomer`, ``LAMBDA_44``, ``LAMBDA_45``). A row
holds when its regime keeps every other term of the theorem below the entry; a constant or polylog cannot absorb a
power of T or of d, so a violation is a misstated rate, not a missing constant.

"T ≫ d" is read as the rows' own ordering: Table 1's ε ranges are ordered (d^{3/2}T^{−1/3} ≤ T^{−1/6}) for
T ≥ d⁹, Table 2's S ranges (d² ≤ √(dT)) for T ≥ d³. Blank cells (Table 1 rows 5–6, Table 2 row 4) and the columns
quoting other papers are listed, with their reasons, in the package's ``ITEMS``.
"""
from __future__ import annotations

import itertools

import numpy as np
import sympy
from sympy import Rational, sqrt

from ...formulas.pomer import (
    PRESCRIBED, REGRET_44, REGRET_45, TABLE1_FORM, TABLE1_FORM_FIX, TABLE2_FORM, D, G, S, T, d,
)
from ...formulas.symbols import delta, epsilon
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ..hypotheses import H, P, holds
from ..instances import frac, is_int
from ..model import Adversary, Claim, Instance, Kind, Space, closed_form_at

#: Table 1, column "Theorem 4.4": each row's ε range (low, high) as printed; None = unbounded on that side. The end
#: printed "\\sqrt{dT}^{-1/6}" (lines 63–64) is read √d·T^{−1/6}: read literally, (dT)^{−1/12}, row 3's range is
#: empty for T > d⁹ and row 4's would reach into rows 1–3; √d·T^{−1/6} is the reading under which the ranges are
#: contiguous (every end is a power of d times T^{−1/6}).
TABLE1_RANGE = {
    "row1": (d * T ** Rational(-1, 6), None),
    "row2": (d ** Rational(2, 3) * T ** Rational(-1, 6), d * T ** Rational(-1, 6)),
    "row3": (sqrt(d) * T ** Rational(-1, 6), d ** Rational(2, 3) * T ** Rational(-1, 6)),
    "row4": (T ** Rational(-1, 6), sqrt(d) * T ** Rational(-1, 6)),
    "row5": (d ** Rational(3, 2) * T ** Rational(-1, 3), T ** Rational(-1, 6)),
    "row6": (d * T ** Rational(-1, 3), d ** Rational(3, 2) * T ** Rational(-1, 3)),
    "row7": (None, d * T ** Rational(-1, 3)),
}
TABLE1_TEXT = {
    "row1": ("ε ≥ dT^{−1/6}", "√T"), "row2": ("ε ∈ [d^{2/3}T^{−1/6}, dT^{−1/6}]", "√(dT)"),
    "row3": ("ε ∈ [√d·T^{−1/6}, d^{2/3}T^{−1/6}]", "√d·T^{3/8}·ε^{−3/4}"),
    "row4": ("ε ∈ [T^{−1/6}, √d·T^{−1/6}]", "√d·T^{1/3}·ε^{−1}"),
    "row5": ("ε ∈ [d^{3/2}T^{−1/3}, T^{−1/6}]", "√d·T^{1/3}·ε^{−1}"),
    "row6": ("ε ∈ [dT^{−1/3}, d^{3/2}T^{−1/3}]", "√d·T^{1/3}·ε^{−1}"), "row7": ("ε ≤ dT^{−1/3}", "√d·T^{1/3}·ε^{−1}"),
}
#: Rows whose printed cell is blank, read as merged with the row below (formulas.pomer.TABLE1_ENTRY / TABLE2_ENTRY).
MERGED = {"pomer.table1:row5": "row 7", "pomer.table1:row6": "row 7", "pomer.table2:row4": "row 5"}
#: Table 2, column "Theorem 4.5": each row's S range as printed ("S ≪ T" read as Theorem 4.5's S ≤ T).
TABLE2_RANGE = {
    "row1": (d * sqrt(T), None),
    "row2": (sqrt(d * T), d * sqrt(T)),
    "row3": (d**2, sqrt(d) * T),
    "row4": (d, d**2),
    "row5": (None, d),
}
#: Table 2's row 3 corrected: its upper end √d·T overlaps rows 1–2 (√d·T > d√T for T > d) and there the term
#: GD√(2T) exceeds the entry √dT/S; the range that keeps the entry is S ≤ √(dT), where row 2 begins.
TABLE2_RANGE_FIX = {"row3": (d**2, sqrt(d * T))}
TABLE2_TEXT = {
    "row1": ("d√T ≤ S ≪ T", "√T"), "row2": ("√(dT) ≤ S ≤ d√T", "√T"), "row3": ("d² ≤ S ≤ √d·T", "√d·T/S"),
    "row4": ("d ≤ S ≤ d²", "√d·T/S"), "row5": ("S ≤ d", "√d·T/S"),
}
TABLE1_LINE = {"row1": 61, "row2": 62, "row3": 63, "row4": 64, "row5": 65, "row6": 66, "row7": 67}
TABLE2_LINE = {"row1": 73, "row2": 74, "row3": 75, "row4": 76, "row5": 77}


def _range_hypotheses(var: sympy.Symbol, name: str, bounds) -> tuple:
    low, high = bounds
    out = ()
    if low is not None:
        out += (H(f"{name} ≥ {low}", ">=", var, low),)
    if high is not None:
        out += (H(f"{name} ≤ {high}", "<=", var, high),)
    return out


def _dimension(values: Instance):
    return holds(is_int(values["d"]) and frac(values["d"]) >= 1)


POSITIVE_GD = (H("G > 0", ">", G, 0), H("D > 0", ">", D, 0), P("d a positive integer", _dimension))
TABLE1_BASE = (
    H("ε > 0", ">", epsilon, 0), H("ε ≤ 1", "<=", epsilon, 1), H("δ > 0", ">", delta, 0),
    H("δ ≤ 1/2", "<=", delta, Rational(1, 2)), H("T ≥ 12 log(1/δ)", ">=", T, 12 * sympy.log(1 / delta)),
    *POSITIVE_GD, H("T ≥ d⁹ (the rows' ε ranges ordered, 'T ≫ d', line 69)", ">=", T, d**9),
)
TABLE2_BASE = (
    H("T ≥ 3", ">=", T, 3), H("S > 0", ">", S, 0), H("S ≤ T", "<=", S, T), *POSITIVE_GD,
    H("T ≥ d³ (the rows' S ranges ordered, 'T ≫ d', line 79)", ">=", T, d**3),
)


def _formula(expr: sympy.Expr, values: Instance):
    """``expr`` at ``values``: its closed form where every value is rational or a closed form (so that a bound it
    attains is proved equal, not left to enclosures that overlap at every precision), else an arb enclosure."""
    form = closed_form_at(expr, values)
    return form if form is not None else arb_eval(expr, values)


def _bound_44(values: Instance):
    """Theorem 4.4's explicit regret bound at its prescribed λ, β, Φ, p, exactly."""
    return _formula(REGRET_44, values)


def _bound_45(values: Instance):
    """Theorem 4.5's printed regret bound (line 261), exactly."""
    return _formula(REGRET_45, values)


NUDGE = Fraction(1, 10**6)  # points sit this relative distance inside a range's ends (an end is an equality)


def _inside(low: Fraction, high: Fraction) -> list[Fraction]:
    """Three points of [low, high]: just inside both ends and the midpoint (empty if the range is)."""
    if not low < high:
        return []
    return [low * (1 + NUDGE), (low + high) / 2, high * (1 - NUDGE)]


def _exact(expr, values: dict) -> Fraction:
    q = sympy.nsimplify(expr.subs({sym: sympy.Rational(values[sym.name]) for sym in expr.free_symbols}))
    if not q.is_Rational:
        raise ValueError(f"{expr} is not rational at {values}")
    return Fraction(int(q.p), int(q.q))


def _sized(out: list, rng: np.random.Generator, size: int) -> list:
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def table1_grid(ranges):
    """T = k⁶ and d = j⁶ make every end of the row's ε range rational (T^{−1/6} = 1/k, √d = j³, d^{2/3} = j⁴); ε just
    inside both ends and at the midpoint (an open end: ε ≤ 1, or a hundredth of the upper end); δ ∈ {1/2, 10⁻⁶};
    (G, D) ∈ {(1, 1), (7, 1/7)}."""
    def generate(rng: np.random.Generator, size: int) -> list[Instance]:
        out = []
        for (j, k), dl, (g, dd) in itertools.product(((1, 3), (1, 10), (1, 1000), (2, 512), (2, 4096)),
                                                     ("1/2", "1/1000000"), (("1", "1"), ("7", "1/7"))):
            env = {"T": k**6, "d": j**6}
            low, high = (None if e is None else _exact(e, env) for e in ranges)
            high = min(Fraction(1), high) if high is not None else Fraction(1)
            low = low if low is not None else high / 100
            out += [{"epsilon": eps, "delta": dl, "T": k**6, "d": j**6, "G": g, "D": dd} for eps in _inside(low, high)]
        return _sized(out, rng, size)
    return generate


def table2_grid(ranges):
    """T = k² and d = j² make the ends of the row's S range rational (√T = k, √(dT) = jk, d√T = j²k, √d·T = jk²); S
    just inside both ends and at the midpoint, within S ≤ T (an open end: T, or a hundredth of the upper end);
    (G, D) ∈ {(1, 1), (7, 1/7)}."""
    def generate(rng: np.random.Generator, size: int) -> list[Instance]:
        out = []
        for (j, k), (g, dd) in itertools.product(((1, 2), (1, 10), (1, 1000), (2, 8), (2, 100), (4, 1000)),
                                                 (("1", "1"), ("7", "1/7"))):
            env = {"T": k**2, "d": j**2}
            low, high = (None if e is None else _exact(e, env) for e in ranges)
            high = min(Fraction(k**2), high) if high is not None else Fraction(k**2)
            low = low if low is not None else high / 100
            out += [{"S": s, "T": k**2, "d": j**2, "G": g, "D": dd} for s in _inside(low, high)]
        return _sized(out, rng, size)
    return generate


def _search(table: int, ranges) -> Adversary:
    """Search over log T, d and the position u of ε (Table 1) or S (Table 2) inside the row's range, on a log
    scale (an open end as in the grids); T raised to the rows' ordering T ≥ d⁹ (d³)."""
    low_f, high_f = (None if e is None else sympy.lambdify((T, d), e, "math") for e in ranges)

    def build(q: dict) -> Instance:
        dim = max(1, round(q["d"]))
        t_len = max(round(q["T"]), dim ** (9 if table == 1 else 3), 3)
        cap = 1.0 if table == 1 else float(t_len)
        high = min(cap, high_f(t_len, dim)) if high_f else cap
        low = low_f(t_len, dim) if low_f else high / 100
        u = 0.001 + 0.998 * q["u"]
        x = Fraction(low ** (1 - u) * high**u).limit_denominator(2**40)
        if table == 1:
            return {"epsilon": x, "delta": "1/2", "T": t_len, "d": dim, "G": 1, "D": 1}
        return {"S": x, "T": t_len, "d": dim, "G": 1, "D": 1}

    return Adversary(f"search over T, d and the {'ε' if table == 1 else 'S'} inside the row's range", space=Space(
        {"T": (3.0, 1e12), "d": (1.0, 4.0), "u": (0.0, 1.0)}, log=frozenset({"T"}), build=build))


def _merged_note(claim_id: str) -> str:
    below = MERGED.get(claim_id)
    return (f" The printed cell is blank; it is read as merged with {below}'s cell (a table converted from PDF keeps "
            f"one entry per merged cell), whose entry it takes — a reading, not a printed entry." if below else "")


def _claims() -> list[Claim]:
    out = []
    for row, form in TABLE1_FORM.items():
        for fix in (False, True):
            if fix and row not in TABLE1_FORM_FIX:
                continue
            regime, entry = TABLE1_TEXT[row]
            entry = "√d·T^{3/8}·ε^{−3/4}" if fix else entry
            out.append(Claim(
                id=f"pomer.table1:{row}" + ("+fix" if fix else ""),
                source=f"Table 1 (lines 58–69), line {TABLE1_LINE[row]}: column 'Theorem 4.4', {regime}: {entry}"
                       + (" (corrected entry)" if fix else ""),
                kind=Kind.REGRET,
                statement=f"for {regime}, Theorem 4.4's explicit regret bound is at most GD(Λ·{entry} + C), "
                          "Λ = 3/2 + log(T/δ)(500 + 100 log T), C = 2Te^{−T^{2/3}} + 21/20",
                hypotheses=TABLE1_BASE + _range_hypotheses(epsilon, "ε", TABLE1_RANGE[row]),
                bound=TABLE1_FORM_FIX[row] if fix else form, prescribed=PRESCRIBED[f"pomer.table1:{row}" + ("+fix" if fix else "")],
                quantity=_bound_44, quantity_expr=REGRET_44,
                adversaries=(Adversary("T = k⁶, d = j⁶, ε at the range's ends and midpoint",
                                       generate=table1_grid(TABLE1_RANGE[row])), _search(1, TABLE1_RANGE[row])),
                derivation=f"pomer.table1:{row}" + ("+fix" if fix else ""),
                corrects=f"pomer.table1:{row}" if fix else None,
                note="Quantity: Theorem 4.4's explicit bound (pomer.thm4.4:regret) at its prescribed λ, β, Φ, p, exactly. "
                     "The row's explicit form uses the theorem's own constants: λD²/2 ≤ GD·max{√T, 500√dL·T^{1/3}/ε, "
                     "500√dL·T^{3/8}/ε^{3/4}}, d log T/β ≤ 100GD√dL log T·max{T^{1/3}/ε, T^{3/8}/ε^{3/4}} "
                     "(L = log(T/δ)), so the entry must dominate √T and √d·max{T^{1/3}/ε, T^{3/8}/ε^{3/4}} on the "
                     "row's range." + (" In ε ∈ [T^{−1/6}, √dT^{−1/6}] the second term of the max dominates (by "
                                       "(εT^{1/6})^{1/4} ≤ d^{1/8}), so the entry is √d·T^{3/8}ε^{−3/4}." if fix else "")
                     + _merged_note(f"pomer.table1:{row}"),
            ))
    for row, form in TABLE2_FORM.items():
        for fix in (False, True):
            if fix and row not in TABLE2_RANGE_FIX:
                continue
            regime, entry = TABLE2_TEXT[row]
            regime = "d² ≤ S ≤ √(dT)" if fix else regime
            srange = (TABLE2_RANGE_FIX if fix else TABLE2_RANGE)[row]
            out.append(Claim(
                id=f"pomer.table2:{row}" + ("+fix" if fix else ""),
                source=f"Table 2 (lines 71–79), line {TABLE2_LINE[row]}: column 'Theorem 4.5', {regime}: {entry}"
                       + (" (corrected range)" if fix else ""),
                kind=Kind.REGRET,
                statement=f"for {regime}, Theorem 4.5's bound GD√(2T) + 16GD log T·√dT/S + 13GD is at most "
                          f"GD((√2 + 16 log T)·{entry} + 13)",
                hypotheses=TABLE2_BASE + _range_hypotheses(S, "S", srange),
                bound=form, quantity=_bound_45, quantity_expr=REGRET_45,
                adversaries=(Adversary("T = k², d = j², S at the range's ends and midpoint",
                                       generate=table2_grid(srange)), _search(2, srange)),
                derivation=f"pomer.table2:{row}" + ("+fix" if fix else ""),
                corrects=f"pomer.table2:{row}" if fix else None,
                note="Quantity: Theorem 4.5's printed bound (line 261), exactly. The row's explicit form keeps the "
                     "theorem's constants (√2 with √T, 16 log T with √dT/S, 13): the entry must dominate both √T and "
                     "√dT/S on the row's range." + (" √T ≤ √dT/S needs S ≤ √(dT); the printed upper end √d·T (line 76) "
                                                    "overlaps rows 1–2, where √T is the rate." if fix else "")
                     + _merged_note(f"pomer.table2:{row}"),
            ))
    return out


CLAIMS = tuple(_claims())
