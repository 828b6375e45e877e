"""The lemmas POMER imports and uses, checked exactly on finite instances (paper file ``001_8748437fc158d2af.txt``).

* Lemma 2.3 (lines 109–115), follow-the-leader / be-the-leader (Hazan 2016): Σ_{t=0}^T l_t(y_{t+1}) ≤ Σ_{t=0}^T l_t(x)
  for every x ∈ 𝓑, y_t = argmin_𝓑 Σ_{i<t} l_i (``pomer.lem2.3``).
* Lemma 4.7 (lines 292–296, Levin & Peres 2017): |E_μ f − E_ν f| ≤ 2‖μ − ν‖_TV max|f| (``pomer.lem4.7``).

Every quantity is an exact rational, written as a ratio whose bound is 1 (the printed inequality divided by its
positive right side), so equality is proved where it holds and the tightness is meaningful.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import sympy

from ..hypotheses import P_exact
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind, Narrowing, Space

ONE = sympy.Integer(1)


def _fracs(xs) -> list[Fraction]:
    return [frac(x) for x in xs]


def _is_distribution(xs) -> bool:
    v = _fracs(xs)
    return bool(v) and all(x >= 0 for x in v) and sum(v) == 1


def _rational(rng: np.random.Generator, lo: int, hi: int, den: int) -> Fraction:
    return Fraction(int(rng.integers(lo * den, hi * den + 1)), den)


def _distribution(rng: np.random.Generator, n: int, zeros: bool = False) -> list[Fraction]:
    w = [int(rng.integers(0 if zeros else 1, 9)) for _ in range(n)]
    if sum(w) == 0:
        w[0] = 1
    return [Fraction(x, sum(w)) for x in w]


# ---------------------------------------------------------------------------------------------- Lemma 4.7


def total_variation(mu, nu) -> Fraction:
    """‖μ − ν‖_TV = sup_A (μ(A) − ν(A)) by enumerating every event A ⊆ K (the definition of line 547; exponential in
    |K|, an independent route from ½Σ|μ − ν|)."""
    mu, nu = _fracs(mu), _fracs(nu)
    n = len(mu)
    return max(sum(mu[i] - nu[i] for i in event) for k in range(n + 1) for event in itertools.combinations(range(n), k))


def lem47_ratio(values: Instance) -> Fraction:
    """|E_μ f − E_ν f| / (2‖μ − ν‖_TV max_K |f|), exactly."""
    mu, nu, f = _fracs(values["mu"]), _fracs(values["nu"]), _fracs(values["f"])
    gap = abs(sum(m * x for m, x in zip(mu, f)) - sum(v * x for v, x in zip(nu, f)))
    return gap / (2 * total_variation(mu, nu) * max(abs(x) for x in f))


def _lem47_valid(values: Instance) -> bool:
    mu, nu, f = values["mu"], values["nu"], values["f"]
    return _is_distribution(mu) and _is_distribution(nu) and len(mu) == len(nu) == len(f)


def _lem47_nondegenerate(values: Instance) -> bool:
    return _fracs(values["mu"]) != _fracs(values["nu"]) and any(x != 0 for x in _fracs(values["f"]))


def _lem47_grid(rng: np.random.Generator, size: int) -> list[Instance]:
    """The extremal f = ±max|f| on the two sides of {μ > ν} (equality), point masses, disjoint supports, and random
    rational laws and functions on 2–6 points."""
    out: list[Instance] = []
    for n in (2, 3, 4, 6):
        mu, nu = _distribution(rng, n, zeros=True), _distribution(rng, n, zeros=True)
        if mu == nu:
            nu = [Fraction(1 if i == 0 else 0) for i in range(n)]
            mu = [Fraction(1 if i == n - 1 else 0) for i in range(n)]
        scale = _rational(rng, 1, 5, 4)
        out.append({"mu": mu, "nu": nu, "f": [scale if m > v else -scale for m, v in zip(mu, nu)]})
        out.append({"mu": mu, "nu": nu, "f": [scale if m > v else (0 if m == v else -scale / 2)
                                              for m, v in zip(mu, nu)]})
    out.append({"mu": [1, 0], "nu": [0, 1], "f": [1, -1]})  # disjoint point masses: 2 = 2·1·1
    out.append({"mu": [1, 0, 0], "nu": [0, 0, 1], "f": [3, 7, 3]})  # a constant shift on the supports: 0
    out.append({"mu": ["1/2", "1/2"], "nu": ["1/3", "2/3"], "f": [1, 1]})  # constant f: 0
    while len(out) < max(size, 16):
        n = int(rng.integers(2, 7))
        out.append({"mu": _distribution(rng, n, zeros=True), "nu": _distribution(rng, n),
                    "f": [_rational(rng, -3, 3, 8) for _ in range(n)]})
    return out


def _lem47_build(v: dict) -> Instance:
    w_mu = [Fraction(v[f"m{i}"]) for i in range(4)]
    w_nu = [Fraction(v[f"n{i}"]) for i in range(4)]
    return {"mu": [x / sum(w_mu) for x in w_mu], "nu": [x / sum(w_nu) for x in w_nu],
            "f": [Fraction(v[f"f{i}"]) for i in range(4)]}


LEM47 = Claim(
    id="pomer.lem4.7", source="Lemma 4.7 (lines 292–296; Levin & Peres 2017, Prop. 4.5)", kind=Kind.INEQUALITY,
    statement="for probability laws μ, ν on K and f: K → ℝ, |E_μ f − E_ν f| ≤ 2‖μ − ν‖_TV max_K |f|, written as "
              "|E_μ f − E_ν f| / (2‖μ − ν‖_TV max|f|) ≤ 1",
    hypotheses=(P_exact("μ, ν probability laws on one finite K, f: K → ℚ", _lem47_valid),
                P_exact("μ ≠ ν and f ≢ 0 (the ratio's denominator is positive)", _lem47_nondegenerate)),
    bound=ONE, quantity=lem47_ratio,
    adversaries=(
        Adversary("grid: f = ±c on the two sides of {μ > ν} (equality), disjoint point masses, constant f, random laws",
                  generate=_lem47_grid,
                  reaches="finite K of 2–6 points, every pair of rational laws (zeros included) and rational f"),
        Adversary("search: laws and f on 4 points", space=Space(
            {**{f"m{i}": (0.0, 1.0) for i in range(4)}, **{f"n{i}": (0.01, 1.0) for i in range(4)},
             **{f"f{i}": (-1.0, 1.0) for i in range(4)}}, build=_lem47_build),
                  reaches="K of 4 points, laws and f with binary-rational entries"),
    ),
    derivation="pomer.lem4.7",
    theorem_class="probability laws μ, ν on a set K and any f: K → ℝ with max_K |f| finite",
    narrowed=(
        Narrowing("K infinite (continuous laws)",
                  "no exact evaluation of E_μ f and ‖μ − ν‖_TV for general laws on an infinite K; the inequality only "
                  "sees the signed measure μ − ν and f, and on a finite partition of K on which f is constant it is "
                  "this finite case, so the finite laws carry every extremal configuration"),
        Narrowing("μ = ν or f ≡ 0", "both sides are 0 (E_μ f = E_ν f, resp. every expectation 0): 0 ≤ 0 by "
                                   "arithmetic, and the ratio is undefined"),
        Narrowing("|K| > 6 in the grid, > 4 in the search",
                  "cost: the total variation is the supremum over all 2^|K| events, enumerated"),
    ),
    note="The total variation is computed from its definition, sup_A (μ(A) − ν(A)) over every event (line 547 uses it "
         "in this form), not from ½Σ|μ − ν|; the expectations are exact rational sums. f = ±c on the two sides of "
         "{μ > ν} attains the bound (ratio exactly 1, proved).",
)


# ---------------------------------------------------------------------------------------------- Lemma 2.3


def _argmin_set(cumulative: list[Fraction]) -> list[int]:
    m = min(cumulative)
    return [i for i, v in enumerate(cumulative) if v == m]


def btl_table(table) -> tuple[Fraction, Fraction, Fraction]:
    """(Σ_t l_t(y_{t+1}) for the worst choice of every tied leader, min_x Σ_t l_t(x), Σ_t min_x l_t(x)) for the
    losses l_t = ``table[t]`` on a finite 𝓑 = {0, …, n − 1}, by enumeration."""
    rows = [_fracs(row) for row in table]
    n = len(rows[0])
    cumulative = [Fraction(0)] * n
    leaders = Fraction(0)
    for row in rows:
        cumulative = [c + x for c, x in zip(cumulative, row)]  # Σ_{i ≤ t} l_i: y_{t+1} minimises it
        leaders += max(row[i] for i in _argmin_set(cumulative))
    return leaders, min(cumulative), sum(min(row) for row in rows)


# A 1-d loss is [a, b, c, h, k]: l(x) = a x² + b x + c + h|x − k| on 𝓑 = [lo, hi] (a, h of any sign).


def _value(loss, x: Fraction) -> Fraction:
    a, b, c, h, k = loss
    return a * x * x + b * x + c + h * abs(x - k)


def _candidates(losses, lo: Fraction, hi: Fraction) -> tuple[list[Fraction], list[tuple[Fraction, Fraction]]]:
    """The points where Σ losses attains its extrema on [lo, hi] (ends, kinks, vertices of every quadratic piece),
    and the pieces between consecutive kinks."""
    cuts = sorted({lo, hi, *(l[4] for l in losses if lo < l[4] < hi)})
    pieces = list(zip(cuts, cuts[1:])) or [(lo, hi)]
    points = set(cuts)
    for u, v in pieces:
        mid = (u + v) / 2
        a = sum(l[0] for l in losses)
        b = sum(l[1] + (l[3] if mid > l[4] else -l[3]) for l in losses)
        if a != 0 and u <= -b / (2 * a) <= v:
            points.add(-b / (2 * a))
    return sorted(points), pieces


def _flat(losses, u: Fraction, v: Fraction) -> bool:
    mid = (u + v) / 2
    return (sum(l[0] for l in losses) == 0
            and sum(l[1] + (l[3] if mid > l[4] else -l[3]) for l in losses) == 0)


def btl_interval(values: Instance) -> tuple[Fraction, Fraction, Fraction]:
    """:func:`btl_table`'s three sums for the losses [a, b, c, h, k] on 𝓑 = [lo, hi], exactly: every minimum and
    maximum of a sum of such losses on an interval lies among its candidates (ends, kinks, piece vertices); a leader
    set is its minimising candidates plus every flat piece at the minimum."""
    lo, hi = frac(values["lo"]), frac(values["hi"])
    losses = [tuple(_fracs(l)) for l in values["losses"]]
    leaders = Fraction(0)
    for t in range(len(losses)):
        prefix = losses[:t + 1]
        points, pieces = _candidates(prefix, lo, hi)
        m = min(sum(_value(l, x) for l in prefix) for x in points)
        where = [(x, x) for x in points if sum(_value(l, x) for l in prefix) == m]
        where += [(u, v) for u, v in pieces if _flat(prefix, u, v) and sum(_value(l, u) for l in prefix) == m]
        worst = []
        for u, v in where:  # the max of l_t over a leader piece [u, v] lies among l_t's candidates there
            worst += [_value(losses[t], x) for x in _candidates([losses[t]], u, v)[0]]
        leaders += max(worst)
    points, _ = _candidates(losses, lo, hi)
    best = min(sum(_value(l, x) for l in losses) for x in points)
    floor = sum(min(_value(l, x) for x in _candidates([l], lo, hi)[0]) for l in losses)
    return leaders, best, floor


def _btl_sums(values: Instance) -> tuple[Fraction, Fraction, Fraction]:
    return btl_table(values["table"]) if "table" in values else btl_interval(values)


def lem23_ratio(values: Instance) -> Fraction:
    """(Σ_t l_t(y_{t+1}) − Σ_t min l_t) / (min_x Σ_t l_t(x) − Σ_t min l_t): the printed inequality for the best x (the
    hardest), both sides measured above the per-round minima (which neither goes below)."""
    leaders, best, floor = _btl_sums(values)
    return (leaders - floor) / (best - floor)


def _lem23_valid(values: Instance) -> bool:
    if "table" in values:
        rows = values["table"]
        return bool(rows) and len(rows[0]) > 0 and all(len(r) == len(rows[0]) for r in rows)
    return frac(values["lo"]) < frac(values["hi"]) and all(len(l) == 5 for l in values["losses"]) and bool(values["losses"])


def _lem23_nondegenerate(values: Instance) -> bool:
    _, best, floor = _btl_sums(values)
    return best > floor


def _lem23_tables(rng: np.random.Generator, size: int) -> list[Instance]:
    """Ties everywhere (leaders chosen worst), the alternating FTL sequence, and random rational tables."""
    out: list[Instance] = [
        {"table": [["1/2", 0], [0, 1], [1, 0], [0, 1], [1, 0]]},  # Hazan's FTL example: leaders swing every round
        {"table": [[0, 0, 0], [1, 0, 1], [0, 1, 1], [1, 1, 0]]},  # ties at every round
        {"table": [[0, 1], [1, 0], [0, 1], [1, 0]]},
        {"table": [[1, 2, 3], [3, 2, 1], [2, 2, 2]]},
    ]
    while len(out) < max(size, 16):
        n, rounds = int(rng.integers(2, 6)), int(rng.integers(1, 8))
        den = int(rng.choice([1, 2, 4]))
        out.append({"table": [[Fraction(int(rng.integers(-3 * den, 3 * den + 1)), den) for _ in range(n)]
                              for _ in range(rounds)]})
    return out


def _lem23_interval(rng: np.random.Generator, size: int) -> list[Instance]:
    """Linear losses ±x (the FTL swing), quadratics (z − x)², hinges, concave pieces, and random mixtures on [lo, hi]."""
    out: list[Instance] = [
        {"lo": -1, "hi": 1, "losses": [[0, "1/2", 0, 0, 0], [0, -1, 0, 0, 0], [0, 1, 0, 0, 0], [0, -1, 0, 0, 0]]},
        {"lo": -1, "hi": 1, "losses": [[1, -2 * z, z * z, 0, 0] for z in (Fraction(1), Fraction(-1), Fraction(1, 2))]},
        {"lo": 0, "hi": 2, "losses": [[0, 0, 0, 1, 1], [0, 1, 0, 0, 0], [0, -1, 0, 0, 0], [0, 0, 0, 1, "1/2"]]},
        {"lo": -2, "hi": 3, "losses": [[-1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [0, 0, 0, -1, 1]]},
    ]
    while len(out) < max(size, 16):
        rounds = int(rng.integers(1, 7))
        out.append({"lo": _rational(rng, -2, 0, 2) - 1, "hi": _rational(rng, 0, 2, 2) + 1, "losses": [
            [_rational(rng, -1, 2, 2), _rational(rng, -2, 2, 4), _rational(rng, -1, 1, 2), _rational(rng, -1, 1, 2),
             _rational(rng, -2, 2, 4)] for _ in range(rounds)]})
    return out


def _lem23_build(v: dict) -> Instance:
    return {"table": [[Fraction(v[f"l{t}{i}"]) for i in range(3)] for t in range(4)]}


LEM23 = Claim(
    id="pomer.lem2.3", source="Lemma 2.3 (lines 109–115; FTL-BTL, Hazan 2016, Lemma 5.3)", kind=Kind.INEQUALITY,
    statement="for losses l_0, …, l_T on a set 𝓑 and y_t = argmin_𝓑 Σ_{i<t} l_i: Σ_{t=0}^T l_t(y_{t+1}) ≤ "
              "Σ_{t=0}^T l_t(x) for every x ∈ 𝓑; checked at the minimising x (the hardest), for the worst choice "
              "among tied leaders, as (Σ l_t(y_{t+1}) − Σ min l_t)/(min_x Σ l_t(x) − Σ min l_t) ≤ 1",
    hypotheses=(P_exact("losses on one set 𝓑 (a finite table, or [a, b, c, h, k] on [lo, hi] with lo < hi)",
                        _lem23_valid),
                P_exact("no point minimises every l_t (the ratio's denominator is positive)", _lem23_nondegenerate)),
    bound=ONE, quantity=lem23_ratio,
    adversaries=(
        Adversary("tables: FTL's swing, ties at every round (worst leader), random rational tables",
                  generate=_lem23_tables,
                  reaches="finite 𝓑 of 2–5 points, 1–7 rounds, arbitrary rational losses (no convexity)"),
        Adversary("interval: linear, quadratic, hinge and concave losses on [lo, hi]", generate=_lem23_interval,
                  reaches="𝓑 an interval, losses a x² + b x + c + h|x − k| of either sign (leaders exact rationals)"),
        Adversary("search: 4 rounds on 3 points", space=Space({f"l{t}{i}": (-1.0, 1.0) for t in range(4)
                                                             for i in range(3)}, build=_lem23_build),
                  reaches="finite 𝓑 of 3 points, 4 rounds, losses with binary-rational values"),
    ),
    derivation="pomer.lem2.3",
    theorem_class="any loss sequence l_0, …, l_T on any set 𝓑 whose leaders y_t exist (no convexity, any T ≥ 0)",
    narrowed=(
        Narrowing("infinite 𝓑 other than an interval, and other loss shapes",
                  "no exact argmin in general; and none is needed: an instance on any 𝓑 restricts to the finite set "
                  "{y_1, …, y_{T+1}, x}, where the same points are still leaders and both sides are unchanged, so the "
                  "finite tables (up to their sizes) carry every instance"),
        Narrowing("a point minimising every l_t",
                  "then it is every leader's choice set's member and both sides equal Σ min l_t; the ratio is 0/0 "
                  "(the leaders then lie in every argmin, so the inequality is an equality)"),
        Narrowing("|𝓑| > 5 or T > 6", "cost of the enumeration grows with |𝓑|·T; by the restriction above, |𝓑| ≤ T + 2 "
                                       "suffices for the rounds reached"),
    ),
    note="The leaders are exact: on a finite 𝓑 by enumeration, on an interval from the candidates of a piecewise "
         "quadratic (ends, kinks, vertices). Where several points lead, the one worst for l_t is taken at every "
         "round (the lemma holds for any choice).",
)

CLAIMS = (LEM23, LEM47)
