"""Appendix A of Descent-to-Delete (probabilistic tools with constants, lines 460–495): Lemma A.2 (Gaussian tail,
line 476), Lemma A.3 (Gaussian mechanism, lines 480–483) and Lemma A.5 (Chernoff bound, line 492).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. A.2 as the exact χ²_d tail, A.3 as the true δ of the Gaussian
mechanism at the prescribed ε, A.5 as the exact binomial lower tail.
"""
from __future__ import annotations

import functools
import math

from flint import arb

from ...formulas.symbols import delta
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...privacy import delta_enclosure
from ..hypotheses import H, P, holds
from ..instances import frac, is_int
from ..model import Adversary, Claim, Instance, Kind, Space
from ...formulas.d2d import BW_A3, CHERNOFF_A5, PRESCRIBED, TAIL_A2_EXACT, beta, p
from .common import CLAIMS_BY_ID, DELTA_RANGE, grid_fraction
from .families import a2_structured, a3_structured, a5_build, a5_structured


# =========================================================================== Appendix A (probabilistic tools with constants)
def _tail_a2(values: Instance) -> arb:
    """P[‖Z‖ ≥ σ√(2d)log(2d/β)] for Z ~ N(0, σ²I_d), exactly: σ cancels, the probability is the χ²_d tail
    Q(d/2, d·log²(2d/β)) (regularised upper incomplete gamma, arb); 1 where the threshold is ≤ 0."""
    dd, bt = int(frac(values["d"])), to_arb(values["beta"])
    t = (2 * dd / bt).log()
    if t <= 0:
        return arb(1)
    if not t > 0:
        return arb(0).union(arb(1))
    return (dd * t * t).gamma_upper(arb(dd) / 2, regularized=1)


def _true_delta_a3(values: Instance) -> arb:
    """The true δ at ε = Δ²/(2σ²) + (Δ/σ)√(2 log(1/δ)) of N(μ, σ²I) vs N(μ', σ²I), ‖μ − μ'‖ = Δ (Balle & Wang)."""
    return delta_enclosure(values["epsilon"], values["sigma"], values["Delta"])


def _binomial_tail(values: Instance) -> arb:
    """P[X ≥ (1 + δ')Np] for X ~ Binomial(N, p), exactly (a Fraction: the threshold's ceiling decided exactly)."""
    return to_arb(_binomial_tail_exact(frac(values["N"]), frac(values["p"]), frac(values["delta_p"])))


@functools.lru_cache(maxsize=4096)
def _binomial_tail_exact(NN: Fraction, pp: Fraction, dp: Fraction) -> Fraction:
    NN = int(NN)
    k0 = math.ceil((1 + dp) * NN * pp)
    return sum((Fraction(math.comb(NN, kk)) * pp**kk * (1 - pp) ** (NN - kk) for kk in range(max(k0, 0), NN + 1)),
               Fraction(0))


CLAIMS_A = [
    Claim(
        id="d2d.lemA.2",
        source="Lemma A.2 (line 476; used in the proofs of Theorems 3.1, 3.2, 3.5, 4.5)",
        kind=Kind.INEQUALITY,
        statement="Z ~ N(0, σ²I_d): P[‖Z‖₂ ≥ σ√(2d)log(2d/β)] ≤ β for any β > 0",
        hypotheses=(H("β > 0", ">", beta, 0), P("d is a positive integer", lambda v: holds(is_int(v["d"]) and frac(v["d"]) >= 1))),
        bound=beta,
        quantity=_tail_a2,
        quantity_expr=TAIL_A2_EXACT,
        adversaries=(Adversary("dimensions 1–50, β up to beyond 2d/e", generate=a2_structured),
                     Adversary("search over (d, β)", space=Space(
                         {"d": (1.0, 60.0), "beta": (1e-12, 10.0)}, log=frozenset({"beta"}),
                         build=lambda q: {"d": max(1, round(q["d"])), "beta": grid_fraction(q["beta"], 2**40) or Fraction(1, 2**40)}))),
        derivation="d2d.lemA.2",
        note="Quantity: the exact χ²_d tail (σ cancels).",
    ),
    Claim(
        id="d2d.lemA.3",
        source="Lemma A.3 (line 480; Bun & Steinke 2016)",
        kind=Kind.PRIVACY,
        statement="‖μ − μ'‖ ≤ Δ: N(μ, σ²I) and N(μ', σ²I) are (Δ²/(2σ²) + (Δ/σ)√(2log(1/δ)), δ)-indistinguishable",
        hypotheses=DELTA_RANGE,
        bound=delta,
        prescribed=PRESCRIBED["d2d.lemA.3"],
        quantity=_true_delta_a3,
        quantity_expr=BW_A3,
        adversaries=(Adversary("shifts, noise levels and δ from 1e-30 to 0.9", generate=a3_structured),
                     Adversary("search over (Δ, σ, δ)", space=Space(
                         {"Delta": (1e-3, 100.0), "sigma": (1e-3, 100.0), "delta": (1e-30, 0.95)},
                         log=frozenset({"Delta", "sigma", "delta"})))),
        derivation="d2d.lemA.3",
        note="Quantity: the exact δ at the lemma's ε (Balle & Wang 2018, Thm 8). The same calibration is "
             "gaussian.zcdp solved for σ.",
    ),
    Claim(
        id="d2d.lemA.5",
        source="Lemma A.5 (line 492; used in the proof of Lemma 4.3)",
        kind=Kind.INEQUALITY,
        statement="X ~ Binomial(N, p), μ = Np: P[X ≥ (1 + δ')μ] ≤ exp(−μδ'²/(2 + δ')) for every δ' ≥ 0",
        hypotheses=(H("0 < p", ">", p, 0), H("p ≤ 1", "<=", p, 1),
                    P("N a positive integer, δ' ≥ 0", lambda v: holds(is_int(v["N"]) and frac(v["N"]) >= 1 and frac(v["delta_p"]) >= 0))),
        bound=CHERNOFF_A5,
        quantity=_binomial_tail,
        adversaries=(Adversary("N up to 100, p from 0.01 to 0.9, δ' from 0 to 10", generate=a5_structured),
                     Adversary("search over (N, p, δ')", space=Space(
                         {"N": (1.0, 200.0), "p": (1e-3, 1.0), "dp": (0.0, 20.0)}, log=frozenset({"p"}),
                         build=a5_build))),
        derivation="d2d.lemA.5",
        note="Quantity: the exact binomial tail (Fractions).",
    ),
]
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_A})
