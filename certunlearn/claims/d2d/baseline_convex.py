"""Table 1's baseline iterations column, its convex rows (lines 66–71, 82): full retraining of a convex M-smooth loss to
the accuracy of Theorem 3.4 (entry (εn𝓘/√d)^{2/5}) and of Theorem 3.5 (entry √(εn√𝓘/√d)), read as a growth in n.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. The column measures "the run-time of the baseline approach that would
*fully retrain* the model after each update, to the accuracy achieved by our algorithms in the 4th column" (line 82).
For a convex M-smooth loss gradient descent from θ_0 has f(θ_T) − f* ≤ M‖θ_0 − θ*‖²/(2T) (Theorem 2.14, line 169,
``d2d.thm2.14``), so with ‖θ_0 − θ*‖ ≤ D retraining needs T(n) = MD²/(2α(n)) iterations, α(n) the row's explicit
accuracy bound (``ACC_ROW``: the theorem's last expression before its O(·), σ and the prescribed regulariser
substituted). The entries are O(·) of a power of n; the claim compares the growth ⌈T(n₂)⌉/⌈T(n)⌉ of the whole
iteration counts with the entry's growth (n₂/n)^r at fixed 𝓘, ε, d — the hidden constant cancels in the ratio, so what
the reading adds is that the rate holds at every n (not only as n → ∞) and for whole iterations.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import sympy

from ...algorithms.parameters import ceil_exact
from ...formulas.d2d import (
    ACC_ROW, ACC_ROW_FIX, BASELINE_RATIO_CVX, BASELINE_RATIO_CVX_FIX, CONVEX_RATE_214, D, T,
)
from ...numeric.fraction import Fraction
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind, Space
from .common import CLAIMS_BY_ID, grid_fraction
from .tables import ROW_THEOREM, table_hyps

#: the convex rows and their entries
CVX_ROWS = ("regularized", "pgd-weak")
ENTRY_BASE_CVX = {"regularized": "(εn𝓘/√d)^{2/5}", "pgd-weak": "√(εn√𝓘/√d)"}

_ALPHA = sympy.Symbol("alpha", positive=True)
#: Theorem 2.14 solved for T: the iterations after which MD²/(2T) ≤ α
T_RETRAIN = sympy.solve(sympy.Eq(CONVEX_RATE_214 * D**2, _ALPHA), T)[0]


def baseline_ratio(row: str, fix: bool = False) -> Callable[[Instance], Fraction]:
    """⌈T(n₂)⌉/⌈T(n)⌉: the whole iterations full retraining needs (Theorem 2.14: T = MD²/(2α)) to reach the row's
    explicit accuracy α at n₂ and at n, each rounded up as an algorithm runs it (``ceil_exact``, decided exactly;
    T > 0, so ⌈T⌉ ≥ 1); an exact rational. The +fix of the regularised row runs Theorem 3.4 at the corrected
    regulariser (``ACC_ROW_FIX``, exponent 2/5), as Table 1's corrected accuracy entry does."""
    acc = ACC_ROW_FIX[row] if fix and row in ACC_ROW_FIX else ACC_ROW[row]
    expr = T_RETRAIN.subs(_ALPHA, acc)

    def quantity(values: Instance) -> Fraction:
        env = {k: frac(v) for k, v in values.items() if not isinstance(v, list)}
        return Fraction(ceil_exact(expr, {**env, "n": env["n2"]}), ceil_exact(expr, env))

    return quantity


def _instance(ratio, nn, I_, mult, eps, dd, dl=Fraction(1, 10**5)) -> dict:
    return {"L": 1, "M": ratio, "n": nn, "n2": nn * mult, "d": dd, "D": 2, "epsilon": eps, "delta": dl,
            "beta": Fraction(1, 20), "I": I_, "xi": 1}


def baseline_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Two grids, each drawn down to ``size``. Large n: n from 10 to 10¹⁵ (retraining needs more than one iteration
    only once α < MD²/2, i.e. for n beyond about 10⁶ at ε = 1), M ∈ {1/2, 3, 100}, 𝓘 ∈ {1, 20}, ε ∈ {1, 10},
    d ∈ {1, 10}, n₂/n ∈ {2, 1000}. Small n: n ∈ {4, 10}, M ∈ {3, 100}, 𝓘 ∈ {20, 60}, n₂/n ∈ {2, 5}, ε ∈ {1/4, 1},
    d ∈ {10, 40} — where the printed regulariser m = (LM^{3/2}√(d log(1/δ))/(Dεn𝓘))^{4/5} still leaves α < MD²/2
    (on the large-n grid it keeps ⌈T⌉ = 1 at n and n₂, a quantity constant at 1; the thorough search's
    counterexample, n = 4, n₂ = 19, d = 41, 𝓘 = 53, lies in this corner)."""
    large = [_instance(*g) for g in itertools.product((Fraction(1, 2), 3, 100), (10, 10**4, 10**8, 10**12, 10**15),
                                                      (1, 20), (2, 1000), (Fraction(1), Fraction(10)), (1, 10))]
    small = [_instance(*g) for g in itertools.product((3, 100), (4, 10), (20, 60), (2, 5), (Fraction(1, 4), Fraction(1)),
                                                      (10, 40))]
    out = []
    for grid in (large, small):
        if size < len(grid):
            grid = [grid[j] for j in sorted(rng.choice(len(grid), size, replace=False))]
        out += grid
    return out


def _build(q: dict) -> dict:
    nn = max(2, round(q["n"]))
    return {**_instance(grid_fraction(q["M"], 2**8) or Fraction(1, 2**8), nn, max(1, round(q["I"])), 1,
                        grid_fraction(q["epsilon"], 2**16) or Fraction(1, 2**16), max(1, round(q["d"])),
                        Fraction(1, 10 ** max(1, round(q["logdelta"])))),
            "n2": max(nn + 1, round(nn * q["nmult"]))}


BASELINE_SEARCH = Adversary(
    "search over M, n (up to 10¹⁶), d, ε, δ, 𝓘, n₂/n",
    space=Space({"M": (0.05, 200.0), "n": (2.0, 1e16), "d": (1.0, 100.0), "epsilon": (0.01, 10.0), "logdelta": (1.0, 12.0),
                 "I": (1.0, 60.0), "nmult": (1.01, 1e4)}, frozenset({"M", "n", "d", "epsilon", "nmult"}), build=_build))


def _claims() -> list[Claim]:
    out = []
    for row in CVX_ROWS:
        thm = ROW_THEOREM[row]
        r = "2/5" if row == "regularized" else "1/2"
        for fix in (False, True):
            cid = f"d2d.table1:{row}-baseline" + ("+fix" if fix else "")
            m_text = ("m = (LM^{3/2}√(d log(1/δ))/(Dεn𝓘))^{2/5}" if row == "regularized"
                      else "m = √(LM√(d log(1/δ))/(Dεn√𝓘))")
            out.append(Claim(
                id=cid,
                source=f"Table 1 (lines 66–71, 82), row {row} ({thm}), column “baseline iterations”: "
                       f"{ENTRY_BASE_CVX[row]}" + (", corrected: the factor (1 + mD/L)² of L' = L + mD and whole "
                                                   "iterations" if fix else ""),
                kind=Kind.ITERATIONS,
                statement=(f"retraining a convex M-smooth loss from scratch to {thm}'s accuracy needs iterations that grow "
                           f"from n to n₂ at most as the table's {ENTRY_BASE_CVX[row]}: ⌈T(n₂)⌉/⌈T(n)⌉ ≤ (n₂/n)^{{{r}}}, "
                           "T = MD²/(2α) (Theorem 2.14)") if not fix else
                          (f"⌈T(n₂)⌉/⌈T(n)⌉ ≤ (n₂/n)^{{{r}}}(1 + mD/L)² + 1, {m_text} at n"
                           + (" (Theorem 3.4 run at its corrected regulariser)" if row == "regularized" else "")),
                hypotheses=table_hyps(row, "baseline"),
                bound=(BASELINE_RATIO_CVX_FIX if fix else BASELINE_RATIO_CVX)[row],
                quantity=baseline_ratio(row, fix),
                adversaries=(Adversary("M 1/2…100, n 10…10¹⁵, 𝓘 ∈ {1, 20}, ε ∈ {1, 10}, d ∈ {1, 10}, n₂/n ∈ {2, 1000}; "
                                       "small n: n ∈ {4, 10}, 𝓘 ∈ {20, 60}, ε ∈ {1/4, 1}, d ∈ {10, 40}, n₂/n ∈ {2, 5}",
                                       generate=baseline_structured), BASELINE_SEARCH),
                derivation=cid,
                corrects=f"d2d.table1:{row}-baseline" if fix else None,
                reading=(f"the O(·) entry {ENTRY_BASE_CVX[row]} read as the growth (n₂/n)^{{{r}}} of whole iterations at "
                         "every n (its hidden constant cancels in the ratio): the explicit α(n)·n^r is a + b(L + m(n)D)², "
                         "which settles to a constant only as n → ∞ — a violation here rests on the finite-n reading, "
                         "not on the rate" if not fix else
                         "the O(·) entry's growth with the finite-n factor (1 + mD/L)² and + 1 for the rounding up"),
                note="Quantity: the growth in n of the whole iterations full retraining (gradient descent on the "
                     "convex M-smooth f_{D}, Theorem 2.14 with ‖θ_0 − θ*‖ ≤ D) needs to reach the row's explicit "
                     "accuracy bound α (its ACC_ROW at n and at n₂), ⌈MD²/(2α)⌉, as a ratio (the entry is a power of "
                     "n); exact rationals. Read in n at fixed 𝓘, ε, d.",
            ))
    return out


CLAIMS_T1_BASE_CVX = _claims()
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_T1_BASE_CVX})
