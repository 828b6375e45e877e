"""Section 2 of the retain paper: the Gaussian mechanism and unlearning with retain sensitivity.

* Fact 1 (Section 2.2, line 77) — ``retain.fact1``;
* Theorem 2.11 (Section 2.4, lines 113–121) — ``retain.thm2.11`` and its negative control
  ``retain.thm2.11:control-sigma-tenth-less`` (median and MST-edge releases with exact RS);
* Corollary 2.8 (line 95) — ``retain.cor2.8`` (RS ≤ LS: median, MST edge weight; the SVM and ERM parts are in
  :mod:`.cor28`);
* Corollary 2.12 (lines 127–129) — ``retain.cor2.12`` (the passive median, σ(R) from Lemma C.1's closed form).

Printed formulas: :mod:`certunlearn.formulas.retain`; the pair mechanisms: :mod:`.families`.
"""
from __future__ import annotations

import numpy as np
import sympy
from flint import arb

from ...formulas.retain import (
    PRESCRIBED, MEDIAN_RS_EXPR, RS_LE_LS_EXPR, SIGMA_EXPR,
)
from ...formulas.gaussian import DELTA_GAUSSIAN
from ...formulas.symbols import delta, epsilon
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ...privacy import delta_enclosure
from ..model import Adversary, Claim, Control, GaussianPair, Hypothesis, Instance, Kind, Space
from ..hypotheses import P, holds
from ..instances import frac
from .families import (
    DELTA_RANGE, EPS_RANGE, MEDIAN, MEDIAN_DATASETS, MST_EDGE, MST_GRAPHS, PAIR_SEARCH, PAIR_VALID, fracs,
    instance_graph, mechanism_and_data, pair_delta, pair_shift, pair_sigma, pair_structured, shift_delta, shift_laws,
)
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


def _cor212_sigma(values: Instance) -> arb:
    """σ(R) = RS_median(R)·c_(ε,δ) with RS from Lemma C.1's closed form (not from the exact RS)."""
    rs = arb_eval(MEDIAN_RS_EXPR, median_order(values))
    return arb_eval(SIGMA_EXPR, {"RS": rs, "epsilon": values["epsilon"], "delta": values["delta"]})


def _cor212_delta(values: Instance) -> arb:
    """δ at ε between the two worlds with σ(R) from Lemma C.1's closed form."""
    return shift_delta(values["epsilon"], _cor212_sigma(values), pair_shift(values))


#: The smallest σ error that must fail: the classic c_(ε,δ) of Fact 1 wastes only 2–9% of the noise at δ ≤ 10⁻²⁰
#: (0.979σ is still enough at δ = 10⁻¹⁰⁰, ε = 0.999; 0.9σ is not) on the deletions that attain RS.
SIGMA_TENTH_LESS = Fraction(9, 10)


def _tight_pairs(rng: np.random.Generator, size: int):
    """The deletions attaining RS at δ ∈ {10⁻¹⁰⁰, 10⁻²⁰}, where the classic calibration is within 10% of the exact."""
    out = [v for v in pair_structured(rng, 10**6) if v["delta"] in ("1e-100", "1e-20")]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


# --------------------------------------------------------------------------- Corollary 2.8
def local_sensitivity(values: Instance) -> Fraction:
    """``LS_f(R) = max_(S': d(R, S') = 1) |f(R) − f(S')|`` (Definition 2.6, lines 81–85) by enumeration, exactly,
    independently of the mechanisms' RS code: every removal of one element of R, and every addition from a finite
    set that contains the maximisers — the median is nondecreasing in an added point (so 0 and B attain its range),
    and the MST weight is nondecreasing in a new edge's weight (so weight 0 attains it; B/2 and B are enumerated too).
    Edge adjacency removes only edges whose removal leaves the graph connected (f is the weight of a spanning tree)."""
    import networkx as nx

    from ...algorithms.retain import median, mst_weight

    B = frac(values["B"])
    if int(frac(values.get("mech", MEDIAN))) == MEDIAN:
        R = fracs(values["R"])
        f0 = median(R)
        outs = [median(R[:i] + R[i + 1:]) for i in range(len(R)) if len(R) > 1]
        outs += [median(R + [z]) for z in sorted({Fraction(0), B, *R})]
        return max(abs(f - f0) for f in outs)
    G = instance_graph(values)
    f0 = mst_weight(G)
    outs = []
    for u, v in list(G.edges()):
        H = G.copy()
        H.remove_edge(u, v)
        if nx.is_connected(H):
            outs.append(mst_weight(H))
    for u, v in nx.non_edges(G):
        for w in (Fraction(0), B / 2, B):
            H = G.copy()
            H.add_edge(u, v, weight=w)
            outs.append(mst_weight(H))
    return max(abs(f - f0) for f in outs)


def _cor28_rs(values: Instance) -> Fraction:
    """The mechanism's exact RS (median: Lemma C.1's closed form by monotonicity; MST: its own enumeration)."""
    mech, R, _ = mechanism_and_data({**values, "U": values.get("U", "0" if int(frac(values["mech"])) == MEDIAN
                                                                  else [0, 0, "0"])})
    rs = mech.exact_rs(R, 1)
    if rs.kind != "exact" or rs.value.exact is None:
        raise ValueError(f"{mech.name}: no exact RS")
    return rs.value.exact


def _cor28_ok(values: Instance) -> Decision:
    kind = int(frac(values["mech"]))
    B = frac(values["B"])
    if kind == MEDIAN:
        R = fracs(values["R"])
        if not (len(R) >= 3 and len(R) % 2 and all(0 <= x <= B for x in R)):
            return Decision.FALSE
    elif not all(0 <= frac(w) <= B for *_, w in values["R"]):
        return Decision.FALSE
    return holds(frac(values["LS"]) == local_sensitivity(values))


COR28_VALID = P("the median (odd n ≥ 3, x_i ∈ [0, B]) or the MST weight under edge adjacency (weights in [0, B], "
                "connected); LS = LS_f(R) by enumeration", _cor28_ok)


def _cor28_structured(rng: np.random.Generator, size: int):
    out = [{"mech": MEDIAN, "B": B, "R": R} for B, R in MEDIAN_DATASETS]
    out += [{"mech": MST_EDGE, "B": B, "R": R} for B, R in MST_GRAPHS]
    out += [{"mech": MST_EDGE, "B": "4", "R": [[0, 1, "1"], [1, 2, "1"], [2, 3, "1"], [3, 0, "4"]]},
            {"mech": MEDIAN, "B": "1", "R": ["0", "0", "1/10", "1", "1"]}]
    return [{**inst, "LS": local_sensitivity(inst)} for inst in out]


def _cor28_build(p: dict) -> Instance:
    R = [Fraction(p[f"x{i}"]).limit_denominator(10**6) for i in range(5)]
    inst = {"mech": MEDIAN, "B": Fraction(1), "R": R}
    return {**inst, "LS": local_sensitivity(inst)}


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
        quantity=_fact1_delta, quantity_expr=DELTA_GAUSSIAN,
        laws=lambda values: GaussianPair(values["Delta"], values["sigma"]),
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
        laws=shift_laws(pair_shift, pair_sigma(Fraction(1))),
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
        quantity=_cor212_delta,
        laws=shift_laws(pair_shift, _cor212_sigma),
        adversaries=(Adversary("median datasets × the worst deleted point × (ε, δ)",
                               generate=lambda rng, size: [v for v in pair_structured(rng, 10**6)
                                                           if int(v["mech"]) == MEDIAN][:size]), PAIR_SEARCH),
        derivation="retain.cor2.12",
        note="σ(R) is computed from the printed closed form MEDIAN_RS_EXPR, not from the exact RS.",
    ),
    Claim(
        id="retain.thm2.11:control-sigma-tenth-less",
        source="negative control: Theorem 2.11 with σ(R) reduced by 10%",
        kind=Kind.UNLEARNING,
        statement="(wrong on purpose) σ(R) = (9/10)·RS(R)·c_(ε,δ) gives (ε, δ)-unlearning",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, PAIR_VALID),
        bound=delta,
        quantity=pair_delta(SIGMA_TENTH_LESS),
        adversaries=(Adversary("worst deletions (RS attained) at δ ∈ {10⁻¹⁰⁰, 10⁻²⁰}", generate=_tight_pairs),),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.cor2.8",
        source="Corollary 2.8 (line 95), with Definitions 2.6 and 2.7 (lines 81–93)",
        kind=Kind.SENSITIVITY,
        statement="For any dataset R and function f, RS_f(R) ≤ LS_f(R)",
        hypotheses=(COR28_VALID,), bound=RS_LE_LS_EXPR, quantity=_cor28_rs,
        adversaries=(Adversary("median datasets (ties, gaps at 0 and B) and MST graphs (bottlenecks, a cycle)",
                               generate=_cor28_structured),
                     Adversary("search over 5 median points in [0, 1]", space=Space(
                         bounds={f"x{i}": (0.0, 1.0) for i in range(5)}, build=_cor28_build))),
        derivation="retain.cor2.8",
        note="The median (closed form) and the MST weight under edge adjacency (enumeration); the SVM on a finite "
             "support and ridge ERM (d = 1) are the parts retain.cor2.8:svm and retain.cor2.8:erm (module cor28). The "
             "PCA projector and the active mechanisms have an RS known only as a certified lower bound: not checked. "
             "LS is enumerated independently of the mechanisms' code; equality (tightness 1) where no removal moves f "
             "further.",
    ),
)
