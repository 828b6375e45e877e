"""Remark 4.6 (lines 423–429), its second half: Theorem 4.5's accuracy Õ(γ^{𝓘n^{(4−3ξ)/2}}d/(ε²n²) + 1/n^ξ) "improves over
the bound of Theorem 3.1 (Basic Perturbed GD), whenever d = Ω̃(ε²n^{2−ξ}/(γ^𝓘 − γ^{𝓘n^{(4−3ξ)/2}}))".

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. The Remark's rate half (how the first term improves with 𝓘) is
``d2d.rem4.6`` in :mod:`.tables`. Here the Õ and Ω̃ are read with constant 1 and no logarithmic factor: the Remark's
α₄.₆ = γ^{𝓘n^{(4−3ξ)/2}}d/(ε²n²) + n^{−ξ} against Theorem 3.1's accuracy as the Remark's condition reads it,
α₃.₁ = γ^𝓘d/(ε²n²); "improves" is α₄.₆ ≤ α₃.₁. Under that reading the condition is the exact break-even point, so the
claim is attained at d = d_min (a check of the Remark's algebra, tightness 1); at ξ = 4/3 the condition's denominator is 0
(d = ∞: no improvement is claimed), so the class is 1 ≤ ξ < 4/3.
"""
from __future__ import annotations

import itertools

import numpy as np
import sympy
from flint import arb
from sympy import Rational

from ...formulas.d2d import REM46_ALPHA, REM46_BASE, REM46_D_MIN, M, d, m, xi
from ...formulas.symbols import epsilon
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ..hypotheses import H, P, holds
from ..instances import frac, is_int
from ..model import Adversary, Claim, Instance, Kind, Space
from .common import CLAIMS_BY_ID, grid_fraction


def improvement_ratio(values: Instance) -> arb:
    """α₄.₆/α₃.₁ under the constant-1 reading, on enclosures."""
    env = {k: v for k, v in values.items() if not isinstance(v, list)}
    return arb_eval(REM46_ALPHA, env) / arb_eval(REM46_BASE, env)


def _with_d(inst: dict, factor: Fraction) -> dict:
    """The instance with d the smallest integer ≥ factor·d_min (decided on an enclosure's upper end: never below)."""
    env = {k: frac(v) for k, v in inst.items()}
    dmin = arb_eval(REM46_D_MIN, env)
    return {**inst, "d": max(1, int((dmin * int(factor.numerator) / int(factor.denominator)).upper().ceil().unique_fmpz()))}


def structured(rng: np.random.Generator, size: int) -> list[dict]:
    """M/m ∈ {3/2, 10, 100}, n ∈ {8, 1000}, 𝓘 ∈ {1, 5}, ξ ∈ {1, 7/6, 5/4, 13/10}, ε ∈ {1/10, 1}; d at the condition's
    threshold (rounded up to an integer) and at 10 times it."""
    out = []
    for ratio, nn, I_, x_, eps, fac in itertools.product((Fraction(3, 2), 10, 100), (8, 1000), (1, 5),
                                                         (1, Fraction(7, 6), Fraction(5, 4), Fraction(13, 10)),
                                                         (Fraction(1, 10), Fraction(1)), (Fraction(1), Fraction(10))):
        out.append(_with_d({"M": ratio, "m": 1, "n": nn, "I": I_, "xi": x_, "epsilon": eps}, fac))
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _build(q: dict) -> dict:
    inst = {"M": 1 + (grid_fraction(q["ratio"] - 1, 2**8) or Fraction(1, 2**8)), "m": 1, "n": max(2, round(q["n"])),
            "I": max(1, round(q["I"])), "xi": grid_fraction(q["xi"], 2**8), "epsilon": grid_fraction(q["epsilon"], 2**16) or
            Fraction(1, 2**16)}
    return _with_d(inst, grid_fraction(q["fac"], 2**8))


SEARCH = Adversary("search over M/m, n, 𝓘, ξ < 4/3, ε and d from the threshold to 4 times it",
                   space=Space({"ratio": (1.05, 200.0), "n": (2.0, 1e5), "I": (1.0, 20.0), "xi": (1.0, 1.3),
                                "epsilon": (0.01, 10.0), "fac": (1.0, 4.0)}, frozenset({"ratio", "n", "epsilon"}),
                               build=_build))

HYPS = (H("ε > 0", ">", epsilon, 0), H("0 < m", ">", m, 0), H("m < M", "<", m, M),
        P("n ≥ 2, 𝓘 ≥ 1 integers", lambda v: holds(is_int(v["n"]) and frac(v["n"]) >= 2 and is_int(v["I"])
                                                   and frac(v["I"]) >= 1)),
        H("ξ ≥ 1", ">=", xi, 1), H("ξ < 4/3 (at 4/3 the condition reads d = ∞)", "<", xi, Rational(4, 3)),
        H("d ≥ ε²n^{2−ξ}/(γ^𝓘 − γ^{𝓘n^{(4−3ξ)/2}}) (the Remark's condition, constant 1)", ">=", d, REM46_D_MIN))


def _claim() -> Claim:
    return Claim(
        id="d2d.rem4.6:improvement",
        source="Remark 4.6 (lines 423–429): “improves over the bound of Theorem 3.1 … whenever d = Ω̃(ε²n^{2−ξ}/(γ^𝓘 − "
               "γ^{𝓘n^{(4−3ξ)/2}}))”",
        kind=Kind.INEQUALITY,
        statement="for 1 ≤ ξ < 4/3 and d ≥ ε²n^{2−ξ}/(γ^𝓘 − γ^{𝓘n^{(4−3ξ)/2}}): γ^{𝓘n^{(4−3ξ)/2}}d/(ε²n²) + 1/n^ξ ≤ "
                  "γ^𝓘d/(ε²n²), i.e. Theorem 4.5's accuracy (Remark 4.6) is at most Theorem 3.1's",
        hypotheses=HYPS,
        bound=sympy.Integer(1),
        quantity=improvement_ratio,
        quantity_expr=REM46_ALPHA / REM46_BASE,
        adversaries=(Adversary("M/m 3/2…100, n ∈ {8, 1000}, 𝓘 ∈ {1, 5}, ξ from 1 to 13/10, d at and above the threshold",
                               generate=structured), SEARCH),
        derivation="d2d.rem4.6:improvement",
        reading="the Õ of α and the Ω̃ of the condition read with constant 1 and no logarithmic factor, and Theorem 3.1's "
                "bound as γ^𝓘d/(ε²n²) (the term the condition's denominator compares with): a violation that rests on "
                "these constants is a reading",
        note="Quantity: α₄.₆/α₃.₁ = γ^{𝓘(n^{(4−3ξ)/2} − 1)} + ε²n^{2−ξ}/(γ^𝓘d), exactly on enclosures; at d = d_min it is "
             "1 (the break-even point), and the family's d rounded up to an integer keeps it just below.",
    )


CLAIMS_REM46 = [_claim()]
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_REM46})
