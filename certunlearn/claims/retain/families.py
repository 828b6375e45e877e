"""The retain paper's shared instance families and adversaries.

The (ε, δ) ranges and grids every release claim draws from; the two mechanisms of Theorem 2.11 (Section 2.4,
lines 109–136) — the median (Section 3.1, Appendix C) and the MST weight under edge adjacency (Section 3.2,
Appendix D.0.1) — with their exact retain sensitivities, the worst deleted point, the exact δ of a pair of
published laws, and the search over data and (ε, δ). Instances: see :mod:`certunlearn.claims.retain`.
"""
from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import sympy
from flint import arb

from ...formulas.retain import (
    SIGMA_EXPR,
)
from ...formulas.symbols import delta, epsilon
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ...privacy import delta_enclosure
from ..hypotheses import P
from ..instances import frac
from ..model import Adversary, DeltaProfile, GaussianPair, Hypothesis, Instance, Space


# =========================================================================== helpers
def fracs(v: Any) -> list[Fraction]:
    return [frac(x) for x in v]


EPS_RANGE = (Hypothesis("ε > 0", sympy.Gt(epsilon, 0, evaluate=False)),
             Hypothesis("ε < 1", sympy.Lt(epsilon, 1, evaluate=False)))
DELTA_RANGE = (Hypothesis("δ > 0", sympy.Gt(delta, 0, evaluate=False)),
               Hypothesis("δ < 1", sympy.Lt(delta, 1, evaluate=False)))
EPSILONS = ("0.001", "0.01", "0.1", "0.5", "0.9", "0.999")
DELTAS = ("1e-100", "1e-20", "1e-10", "1e-5", "0.001", "0.05", "0.3", "0.5", "0.9")


# --------------------------------------------------------------------------- the mechanisms (exact RS)
MEDIAN, MST_EDGE = 0, 1


def _median_mech(values: Instance):
    from ...algorithms.retain import Median

    return Median(frac(values["B"]))


def mst_mech(values: Instance):
    from ...algorithms.retain import MSTEdge

    return MSTEdge(frac(values["B"]))


def instance_graph(values: Instance):
    """The weighted graph of an instance's edge list ``[[u, v, w], …]`` (a networkx Graph, exact weights)."""
    import networkx as nx

    G = nx.Graph()
    for u, v, w in values["R"]:
        G.add_edge(int(frac(u)), int(frac(v)), weight=frac(w))
    return G


def mechanism_and_data(values: Instance):
    """(mechanism, R, U) of an instance, in the mechanism's own formats."""
    kind = int(frac(values.get("mech", MEDIAN)))
    if kind == MEDIAN:
        return _median_mech(values), fracs(values["R"]), [frac(values["U"])]
    u, v, w = values["U"]
    return mst_mech(values), instance_graph(values), [(int(frac(u)), int(frac(v)), frac(w))]


def _shift_and_rs(values: Instance) -> tuple[Fraction, Fraction]:
    """The actual mean shift ‖μ₁ − μ₂‖ between the two worlds and the exact RS(R) (both exact rationals)."""
    mech, R, U = mechanism_and_data(values)
    shift = mech.shift(R, U).exact
    rs = mech.exact_rs(R, 1)
    if rs.kind != "exact" or rs.value.exact is None or shift is None:
        raise ValueError("Theorem 2.11's check needs an exact RS")
    return shift, rs.value.exact


def shift_delta(epsilon: Any, sigma: Any, shift: Any) -> arb:
    """The exact δ(ε) between N(μ₁, σ²I) and N(μ₂, σ²I) with ‖μ₁ − μ₂‖ = ``shift`` (Balle–Wang), as an enclosure.

    δ is increasing in the shift, so a shift enclosure that still contains 0 (the enclosure of a shift that is 0, say)
    gives the enclosure [0, δ(ε; upper end)] instead of an error; an exact 0 gives 0."""
    shift = shift if isinstance(shift, arb) else to_arb(shift)
    if shift == 0:
        return arb(0)
    if shift > 0:
        return delta_enclosure(epsilon, sigma, shift)
    upper = shift.upper()
    if not upper > 0:
        return arb(0)
    return arb(0).union(delta_enclosure(epsilon, sigma, upper))


def shift_laws(shift_of, sigma_of):
    """``Claim.laws`` of a pair N(μ₁, σ²I), N(μ₂, σ²I): ``GaussianPair(shift, σ)`` where the shift is certified
    positive, else the profile ε ↦ :func:`shift_delta` (the shift enclosure still touches 0)."""
    def laws(values: Instance) -> GaussianPair | DeltaProfile:
        shift, sigma = to_arb(shift_of(values)), to_arb(sigma_of(values))
        if shift > 0:
            return GaussianPair(shift, sigma)
        return DeltaProfile(lambda eps: shift_delta(eps, sigma, shift))

    return laws


def pair_shift(values: Instance) -> Fraction:
    """‖μ₁ − μ₂‖ of Theorem 2.11's pair at the instance (exact)."""
    return _shift_and_rs(values)[0]


def pair_sigma(scale: Fraction):
    """σ(R) = RS(R)·c_(ε,δ) (Theorem 2.11, line 115), times ``scale`` (1 as printed; < 1 for a control)."""
    def sigma(values: Instance) -> arb:
        rs = _shift_and_rs(values)[1]
        return arb_eval(SIGMA_EXPR, {"RS": rs, "epsilon": values["epsilon"], "delta": values["delta"]}) * to_arb(scale)

    return sigma


def pair_delta(scale: Fraction):
    sigma_of = pair_sigma(scale)

    def quantity(values: Instance) -> arb:
        shift = pair_shift(values)
        return arb(0) if shift == 0 else shift_delta(values["epsilon"], sigma_of(values), shift)

    return quantity


def _pair_ok(values: Instance) -> Decision:
    mech, R, U = mechanism_and_data(values)
    mech.prepare(R)
    mech.deletion(mech.prepare(R), U)
    if int(frac(values.get("mech", MEDIAN))) == MEDIAN and (len(R) % 2 == 0 or len(R) < 3):
        return Decision.FALSE
    return Decision.TRUE


PAIR_VALID = P("R, U valid for the mechanism (values in [0, B], odd n ≥ 3 for the median; an edge of weight "
               "in [0, B] for the MST)", _pair_ok)


def _median_worst(B: Fraction, R: list[Fraction]) -> Fraction:
    """The deleted point attaining the median's RS (0 or B, Lemma C.1's extremes)."""
    return frac(_median_mech({"B": B}).exact_rs(R, 1).witness[0])


MEDIAN_DATASETS = (
    ("1", ["0", "0", "1"]), ("1", ["0", "1/2", "1"]), ("1", ["1/10", "1/5", "9/10"]),
    ("10", ["0", "1", "2", "9", "10"]), ("1", ["0", "0", "0", "1", "1"]), ("3", ["1", "1", "1"]),
    ("1", ["0", "1/1000", "999/1000", "1", "1/2", "1/3", "2/3"]),
)
#: Heavy bottleneck edges: a path whose middle edge is heavy (the cut it crosses has only that edge) and a
#: triangle (every cut crossed twice).
MST_GRAPHS = (
    ("10", [[0, 1, "1"], [1, 2, "9"], [2, 3, "1"]]),
    ("10", [[0, 1, "10"], [1, 2, "10"], [0, 2, "10"]]),
    ("5", [[0, 1, "2"], [1, 2, "3"], [2, 3, "5"], [0, 3, "4"], [1, 3, "1"]]),
)


def pair_structured(rng: np.random.Generator, size: int):
    out = []
    for B, R in MEDIAN_DATASETS:
        Rf = fracs(R)
        worst = _median_worst(frac(B), Rf)
        for U in {worst, Fraction(0), frac(B)}:
            for e, d in itertools.product(EPSILONS, DELTAS):
                out.append({"mech": 0, "B": B, "R": R, "U": U, "epsilon": e, "delta": d})
    for B, R in MST_GRAPHS:
        n_vertices = 1 + max(max(int(u), int(v)) for u, v, _ in R)
        present = {(min(u, v), max(u, v)) for u, v, _ in R}
        # a zero-weight new edge across the heaviest bottleneck (the replacement Lemma D.1's proof describes)
        for u, v in itertools.combinations(range(n_vertices), 2):
            if (u, v) not in present:
                for e, d in itertools.product(EPSILONS[::2], DELTAS[::2]):
                    out.append({"mech": 1, "B": B, "R": R, "U": [u, v, "0"], "epsilon": e, "delta": d})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _pair_build(p: dict[str, Any]) -> Instance:
    """Search: a median dataset of 5 points in [0, 1] and the worst deleted point, at (ε, δ)."""
    R = [Fraction(p[f"x{i}"]).limit_denominator(10**6) for i in range(5)]
    worst = _median_worst(Fraction(1), R)
    return {"mech": 0, "B": "1", "R": R, "U": worst, "epsilon": p["epsilon"], "delta": p["delta"]}


PAIR_SEARCH = Adversary("search over the data (the worst deleted point) and (ε, δ)", space=Space(
    bounds={**{f"x{i}": (0.0, 1.0) for i in range(5)}, "epsilon": (1e-3, 0.999), "delta": (1e-50, 0.99)},
    log=frozenset({"epsilon", "delta"}), build=_pair_build))
