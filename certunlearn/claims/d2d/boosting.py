"""Lemma A.4 (best of N draws, lines 484–490) and Fact F.3 (line 709: the parameters of Theorem 4.5) of
Descent-to-Delete.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Lemma A.4 is what Theorem 4.5's accuracy uses to pick the best of
C = log(2/β)/log 2 runs (line 779); it is checked on finite distributions of X ≥ 0 (rational atoms), where
P[min_j X_j ≥ 2μ] = P[X ≥ 2μ]^N is an exact rational — so the two-point law {0, 2μ} with mass ½ at 2μ and
δ = 2^(−N) *attains* it. Fact F.3 (B ≥ n and Kn² ≥ B² at B = n^ξ, K = √B) is checked as the exact ratios n/B and
B²/(Kn²), rational where n is a perfect power (equality at ξ = 1 and ξ = 4/3).
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import sympy
from flint import arb

from ...formulas.d2d import n, xi
from ...formulas.symbols import delta
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from .. import growth
from ..hypotheses import P, holds
from ..instances import frac, is_int
from ..model import Adversary, Claim, Control, Instance, Kind
from .common import CLAIMS_BY_ID, DELTA_RANGE


# =========================================================================== Lemma A.4
def _mean(values: Instance) -> Fraction:
    return sum((frac(x) * frac(q) for x, q in zip(values["xs"], values["ps"])), Fraction(0))


def _tail_min(values: Instance) -> Fraction:
    """P[min_{j ≤ N} X_j ≥ 2μ] = P[X ≥ 2μ]^N, exactly (X_j iid with atoms ``xs`` of masses ``ps``)."""
    mu = _mean(values)
    tail = sum((frac(q) for x, q in zip(values["xs"], values["ps"]) if frac(x) >= 2 * mu), Fraction(0))
    return Fraction(tail ** int(frac(values["N"])))


def _law_ok(values: Instance) -> Decision:
    xs, ps = [frac(x) for x in values["xs"]], [frac(q) for q in values["ps"]]
    return holds(len(xs) == len(ps) >= 1 and all(x >= 0 for x in xs) and all(q > 0 for q in ps) and sum(ps) == 1)


def _n_ok(short: int):
    def ok(values: Instance) -> Decision:
        N_ = frac(values["N"])
        # N ≥ log(1/δ)/log 2 − short  ⇔  δ·2^(N + short) ≥ 1, decided exactly in rationals
        return holds(is_int(N_) and N_ >= 1 and frac(values["delta"]) * 2 ** int(N_ + short) >= 1)

    return ok


def _a4_structured(short: int):
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        # two-point laws {0, a}: P[X ≥ 2μ] = q for q ≤ 1/2 (the Markov bound is attained at q = 1/2)
        for kk, q, a in itertools.product((1, 2, 3, 5, 8, 12), (Fraction(1, 2), Fraction(1, 3), Fraction(2, 5)), (1, 7)):
            out.append({"xs": [0, a], "ps": [1 - q, q], "delta": Fraction(1, 2**kk), "N": max(1, kk - short)})
        # non-dyadic δ (N the smallest admissible integer), and three-point laws
        for dl, law in itertools.product((Fraction(1, 10), Fraction(1, 1000), Fraction(3, 7)),
                                         (([0, 2], [Fraction(1, 2), Fraction(1, 2)]),
                                          ([0, 1, 4], [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]),
                                          ([1, 2, 3], [Fraction(1, 3)] * 3))):
            NN = math.ceil(math.log2(1 / dl)) - short
            out.append({"xs": law[0], "ps": law[1], "delta": dl, "N": max(1, NN)})
        if size < len(out):
            out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
        return out

    return generate


_A4_STATEMENT = ("X ≥ 0 with mean μ, X_1, …, X_N iid, N ≥ log(1/δ)/log 2: P[min_j X_j ≥ 2μ] ≤ δ "
                 "(so X_min < 2μ with probability ≥ 1 − δ)")


def _a4_claim(cid: str, short: int, control: Control, note: str) -> Claim:
    return Claim(
        id=cid,
        source="Lemma A.4 (lines 484–490; used in the proof of Theorem 4.5, line 779)",
        kind=Kind.INEQUALITY,
        statement=_A4_STATEMENT if not short else _A4_STATEMENT + f" — with N one draw short ({short})",
        hypotheses=(*DELTA_RANGE, P("X ≥ 0: a finite law (atoms ≥ 0, masses > 0 summing to 1)", _law_ok),
                    P("N an integer ≥ log(1/δ)/log 2" + (f" − {short}" if short else ""), _n_ok(short))),
        bound=delta,
        quantity=_tail_min,
        adversaries=(Adversary("two-point laws {0, a} (Markov attained at mass ½), δ = 2^(−k); three-point laws",
                               generate=_a4_structured(short)),),
        derivation="d2d.lemA.4" if not short else None,
        control=control,
        note=note,
    )


# =========================================================================== Fact F.3
def _power(values: Instance, expo: sympy.Expr) -> Fraction | arb:
    """n^expo exactly (a Fraction) where it is rational, else an enclosure."""
    v = expo.subs({n: sympy.Integer(int(frac(values["n"]))), xi: sympy.Rational(frac(values["xi"]).numerator,
                                                                                    frac(values["xi"]).denominator)})
    v = sympy.simplify(v)
    if v.is_Rational:
        return Fraction(Fraction(int(v.p), int(v.q)))
    from ...numeric.sympy_arb import arb_eval
    return arb_eval(v)


B_45 = n**xi
K_45 = sympy.sqrt(B_45)
N_OVER_B = n / B_45  # Fact F.3: B ≥ n ⇔ n/B ≤ 1
B2_OVER_KN2 = B_45**2 / (K_45 * n**2)  # Fact F.3: Kn² ≥ B² ⇔ B²/(Kn²) ≤ 1


def _f3_structured(rng: np.random.Generator, size: int) -> list[dict]:
    out = [{"n": nn, "xi": x} for nn, x in itertools.product((1, 2, 8, 27, 64, 1000, 4096),
                                                            (Fraction(1), Fraction(7, 6), Fraction(5, 4), Fraction(4, 3)))]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return growth.grown(out, size, _f3_draw, rng, most=40)


def _f3_draw(rng: np.random.Generator) -> dict:
    """A random (n, ξ): n any positive integer up to 10⁹ (log-uniform; a perfect sixth power one time in three, where
    n^ξ is rational for ξ ∈ ⅙ℤ), ξ a random rational in [1, 4/3] (denominator 6 or 360)."""
    if rng.integers(3) == 0:
        nn = int(rng.integers(1, 32)) ** 6
        x = growth.rational(rng, 1, Fraction(4, 3), 6)
    else:
        nn = int(10 ** (9 * rng.random())) if rng.integers(2) else int(rng.integers(1, 10**9 + 1))
        x = growth.rational(rng, 1, Fraction(4, 3), 360)
    return {"n": max(1, nn), "xi": x}


_F3_HYPS = (P("n a positive integer", lambda v: holds(is_int(v["n"]) and frac(v["n"]) >= 1)),
            P("1 ≤ ξ ≤ 4/3 (decided exactly)", lambda v: holds(1 <= frac(v["xi"]) <= Fraction(4, 3))))


def _f3_claim(cid: str, expr: sympy.Expr, what: str) -> Claim:
    return Claim(
        id=cid,
        source="Fact F.3 (line 709; the parameters of Theorem 4.5, lines 407–421)",
        kind=Kind.INEQUALITY,
        statement=f"B = n^ξ, K = √B, 1 ≤ ξ ≤ 4/3: {what}",
        hypotheses=_F3_HYPS,
        bound=sympy.Integer(1),
        quantity=lambda v, e=expr: _power(v, e),
        quantity_expr=expr,
        adversaries=(Adversary("n perfect cubes and powers of 2, ξ ∈ {1, 7/6, 5/4, 4/3}", generate=_f3_structured,
                               reaches="the listed grid; thorough: random n ≤ 10⁹ and rational ξ ∈ [1, 4/3] after the list"),),
        derivation=cid,
        note="Exact where n^ξ is rational: equality (attained) at the ends of the ξ range.",
    )


CLAIMS_BOOST = [
    _a4_claim("d2d.lemA.4", 0, Control.NONE, "Quantity: P[X ≥ 2μ]^N, an exact rational; attained by the two-point "
              "law with mass ½ at 2μ and δ = 2^(−N)."),
    _a4_claim("d2d.lemA.4:control-one-draw-short", 1, Control.NEGATIVE,
              "Negative control: one draw fewer than the lemma asks for doubles P[min ≥ 2μ] on the attaining law."),
    _f3_claim("d2d.factF.3:b-ge-n", N_OVER_B, "B ≥ n (as n/B ≤ 1)"),
    _f3_claim("d2d.factF.3:kn2-ge-b2", B2_OVER_KN2, "Kn² ≥ B² (as B²/(Kn²) ≤ 1)"),
]
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_BOOST})
