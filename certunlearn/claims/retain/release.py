"""Section 2 of the retain paper: the Gaussian mechanism and unlearning with retain sensitivity.

* Fact 1 (Section 2.2, line 77) — ``retain.fact1``;
* Theorem 2.11 (Section 2.4, lines 113–121) — ``retain.thm2.11`` and its negative control
  ``retain.thm2.11:control-sigma-halved`` (median and MST-edge releases with exact RS);
* Corollary 2.12 (lines 127–129) — ``retain.cor2.12`` (the passive median, σ(R) from Lemma C.1's closed form).

Printed formulas: :mod:`certunlearn.formulas.retain`; the pair mechanisms: :mod:`.families`.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy
from flint import arb

from ...formulas.retain import (
    PRESCRIBED, FACT1_SIGMA, MEDIAN_RS_EXPR, SIGMA_EXPR,
)
from ...formulas.symbols import delta, epsilon
from ...numeric.sympy_arb import arb_eval
from ...privacy import delta_enclosure
from ..model import Adversary, Claim, Control, Hypothesis, Instance, Kind, Space
from .families import DELTA_RANGE, EPS_RANGE, MEDIAN, PAIR_SEARCH, PAIR_VALID, mechanism_and_data, pair_delta, pair_structured
from .median import median_order


# --------------------------------------------------------------------------- Fact 1
def _fact1_delta(values: Instance) -> arb:
    return delta_enclosure(values["epsilon"], values["sigma"], values["Delta"])


def _fact1_grid(rng: np.random.Generator, size: int):
    pts = [{"epsilon": e, "delta": d, "Delta": s}
           for e in ("0.0001", "0.01", "0.1", "0.5", "1") for d in ("1e-300", "1e-30", "1e-5", "0.01", "0.3", "0.5", "0.9", "0.999")
           for s in ("1", "0.37", "12.5")]
    if size < len(pts):
        pts = [pts[i] for i in sorted(rng.choice(len(pts), size, replace=False))]
    return pts


def _cor212_delta(values: Instance) -> arb:
    """δ at ε between the two worlds with σ(R) from Lemma C.1's closed form."""
    mech, R, U = mechanism_and_data(values)
    shift = mech.shift(R, U).exact
    if shift == 0:
        return arb(0)
    rs = arb_eval(MEDIAN_RS_EXPR, median_order({"R": R}))
    sig = arb_eval(SIGMA_EXPR, {"RS": rs, "epsilon": values["epsilon"], "delta": values["delta"]})
    return delta_enclosure(values["epsilon"], sig, shift)


CLAIMS = (
    Claim(
        id="retain.fact1",
        source="Fact 1 (line 77), citing Dwork & Roth 2014, Thm A.1",
        kind=Kind.PRIVACY,
        statement="For ε ∈ (0, 1], δ ∈ (0, 1): f(S) + N(0, σ²I) with σ ≥ GS_f·c_(ε,δ), c_(ε,δ) = √(2 log(1.25/δ))/ε, "
                  "is (ε, δ)-DP",
        hypotheses=(Hypothesis("ε > 0", sympy.Gt(epsilon, 0, evaluate=False)),
                    Hypothesis("ε ≤ 1", sympy.Le(epsilon, 1, evaluate=False)), *DELTA_RANGE),
        bound=delta,
        prescribed=PRESCRIBED["retain.fact1"],
        quantity=_fact1_delta,
        adversaries=(Adversary("grid ε ∈ (0, 1] × δ ∈ (0, 1) × Δ", generate=_fact1_grid),
                     Adversary("search over (ε, δ, Δ) in log scale", space=Space(
                         {"epsilon": (1e-4, 1.0), "delta": (1e-300, 0.999), "Delta": (0.01, 100.0)},
                         log=frozenset({"epsilon", "delta", "Delta"})))),
        derivation="retain.fact1",
        note="Stated for δ ∈ (0, 1), wider than gaussian.classic (δ ≤ 1/2): the checker covers δ up to 0.999.",
    ),
    Claim(
        id="retain.thm2.11",
        source="Theorem 2.11 (lines 113–121)",
        kind=Kind.UNLEARNING,
        statement="With σ(R) = RS(R)·√(2 log(1.25/δ))/ε in both worlds, the pair is (ε, δ)-unlearning for ε, δ ∈ (0, 1)",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, PAIR_VALID),
        bound=delta,
        quantity=pair_delta(Fraction(1)),
        adversaries=(Adversary("worst deletions (RS attained): median extremes, zero-weight edges across heavy "
                               "bottleneck cuts", generate=pair_structured), PAIR_SEARCH),
        derivation="retain.thm2.11",
        note="RS is the exact retain sensitivity (median: closed form by monotonicity; MST edge weight: brute force "
             "over the non-edges at weight 0); the quantity is the exact δ at ε of the two published laws.",
    ),
    Claim(
        id="retain.cor2.12",
        source="Corollary 2.12 (lines 125–129), with Lemma C.1 (lines 421–431) for RS_median",
        kind=Kind.UNLEARNING,
        statement="The passive median with σ(R) = RS_median(R)·c_(ε,δ), RS_median(R) = ½ max{x_(m+1) − x_(m), "
                  "x_(m) − x_(m−1)}, is (ε, δ)-unlearning",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, PAIR_VALID),
        bound=delta,
        quantity=lambda values: _cor212_delta(values),
        adversaries=(Adversary("median datasets × the worst deleted point × (ε, δ)",
                               generate=lambda rng, size: [v for v in pair_structured(rng, 10**6)
                                                           if int(v["mech"]) == MEDIAN][:size]), PAIR_SEARCH),
        derivation="retain.cor2.12",
        note="σ(R) is computed from the printed closed form MEDIAN_RS_EXPR, not from the exact RS.",
    ),
    Claim(
        id="retain.thm2.11:control-sigma-halved",
        source="negative control: Theorem 2.11 with σ(R) halved",
        kind=Kind.UNLEARNING,
        statement="(wrong on purpose) σ(R) = RS(R)·c_(ε,δ)/2 gives (ε, δ)-unlearning",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, PAIR_VALID),
        bound=delta,
        quantity=pair_delta(Fraction(1, 2)),
        adversaries=(Adversary("worst deletions (RS attained)", generate=pair_structured), PAIR_SEARCH),
        control=Control.NEGATIVE,
    ),
)
