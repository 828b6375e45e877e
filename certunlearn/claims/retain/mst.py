"""Section 3.2 (lines 159–187) and Appendix D (lines 433–494) of the retain paper: the MST weight.

* Lemma D.1 (edge adjacency, lines 437–441) — ``retain.lemD.1`` (the cut formula) and ``retain.lemD.1:m-edges+fix``;
* Lemma 3.3 (lines 176–182) — ``retain.lem3.3`` (RS/GS, GS = B);
* Lemma D.3 (lines 467–471) — ``retain.lemD.3`` (SMT ≤ MST(K_(V∪v))) and its control;
* Theorem D.4 (vertex adjacency, lines 475–485) — ``retain.thmD.4`` (as printed) and ``retain.thmD.4+fix``.
"""
from __future__ import annotations

import functools
import itertools
from typing import Any

import numpy as np
from flint import arb

from ...formulas.retain import (
    MST_EDGE_GS_EXPR, MST_EDGE_RATIO_EXPR, MST_EDGE_RS_EXPR, MST_EDGE_RS_M_EXPR, MST_VERTEX_BOUND_EXPR,
    SMT_BOUND_EXPR,
)
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from ...numeric.rationals import rational_eval
from .. import growth
from ..hypotheses import P, holds
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind, Space
from .families import MST_GRAPHS, instance_graph, mst_mech


def _mst_rs_brute(values: Instance) -> Fraction:
    """RS by enumerating every non-edge at every weight of {0, B/2, B} (exact)."""
    from ...algorithms.retain import mst_edge_brute_force_rs

    B = frac(values["B"])
    return mst_edge_brute_force_rs(instance_graph(values), 1, (0, B / 2, B)).value.exact


def _mst_ok(values: Instance) -> Decision:
    from ...algorithms.retain import cut_formula

    G = mst_mech(values).prepare(instance_graph(values))
    return holds(frac(values["cut"]) == cut_formula(G))


MST_VALID = P("R connected, weights in [0, B]; ``cut`` = the cut formula of R (enumerated)", _mst_ok)


def _mst_instance(B: str, R: list) -> dict[str, Any]:
    from ...algorithms.retain import cut_formula

    inst = {"B": B, "R": R}
    return {**inst, "cut": cut_formula(mst_mech(inst).prepare(instance_graph(inst)))}


def _mst_structured(rng: np.random.Generator, size: int):
    extra = (
        ("10", [[0, 1, "10"], [1, 2, "10"], [2, 3, "10"], [0, 2, "10"], [1, 3, "10"]]),  # complete minus one: GS attained
        ("4", [[0, 1, "1"], [0, 2, "2"], [0, 3, "3"], [0, 4, "4"]]),  # a star: heavy leaf edge
        ("1", [[0, 1, "1"], [1, 2, "1"], [0, 2, "1"]]),  # complete graph: no missing pair, RS = 0
    )
    out = [_mst_instance(B, R) for B, R in MST_GRAPHS + extra]
    for _ in range(6):  # random sparse graphs on 5 vertices: a spanning path plus random chords, integer weights
        edges = {(i, i + 1): int(rng.integers(0, 11)) for i in range(4)}
        for u, v in itertools.combinations(range(5), 2):
            if (u, v) not in edges and rng.random() < 0.3:
                edges[(u, v)] = int(rng.integers(0, 11))
        out.append(_mst_instance("10", [[u, v, str(w)] for (u, v), w in edges.items()]))
    return out


def _mst_build(p: dict[str, Any]) -> Instance:
    """Search: a 5-cycle plus one chord with weights in [0, 1]."""
    w = [Fraction(p[f"w{i}"]).limit_denominator(1000) for i in range(6)]
    R = [[0, 1, w[0]], [1, 2, w[1]], [2, 3, w[2]], [3, 4, w[3]], [4, 0, w[4]], [0, 2, w[5]]]
    return _mst_instance("1", R)


def _mst_m_instance(B: str, R: list, m: int) -> dict[str, Any]:
    from ...algorithms.retain import exposed_edges

    inst = {"B": B, "R": R, "m": m}
    G = mst_mech(inst).prepare(instance_graph(inst))
    return {**inst, "exposed": sum((w for *_, w in exposed_edges(G)[:m]), Fraction(0))}


def _mst_m_ok(values: Instance) -> Decision:
    m = int(frac(values["m"]))
    return holds(m >= 1 and frac(values["exposed"]) == _mst_m_instance(values["B"], values["R"], m)["exposed"])


MST_M_VALID = P("R connected, weights in [0, B]; m ≥ 1; ``exposed`` = the sum of the m heaviest exposed MST edges", _mst_m_ok)


def _mst_m_rs(values: Instance) -> Fraction:
    from ...algorithms.retain import mst_edge_brute_force_rs

    B = frac(values["B"])
    return mst_edge_brute_force_rs(instance_graph(values), int(frac(values["m"])), (0, B)).value.exact


def _mst_m_draw(rng: np.random.Generator) -> dict[str, Any]:
    """A random connected graph: |V| ∈ 3…7, a random tree (vertex i joined to a random earlier one) plus chords with
    probability p ∈ {0, 1/5, 1/2} (redrawn while complete), weights k·B/den in [0, B] (B ∈ 1…10, den ∈ {1, 4, 100}),
    m ∈ 1…5 — at most the number of non-edges and with C(#non-edges, m)·2^m ≤ 20 000 (the brute force's cost)."""
    from math import comb

    B = int(rng.integers(1, 11))
    nv = int(rng.integers(3, 8))
    den = (1, 4, 100)[int(rng.integers(0, 3))]
    p = (0, Fraction(1, 5), Fraction(1, 2))[int(rng.integers(0, 3))]
    weight = lambda: Fraction(B) * Fraction(int(rng.integers(0, den + 1)), den)  # noqa: E731
    while True:
        edges = {(int(rng.integers(0, i)), i): weight() for i in range(1, nv)}
        for u, v in itertools.combinations(range(nv), 2):
            if (u, v) not in edges and rng.random() < p:
                edges[(u, v)] = weight()
        missing = nv * (nv - 1) // 2 - len(edges)
        if missing >= 1:
            break
    m = int(rng.integers(1, 6))
    while m > 1 and (m > missing or comb(missing, m) * 2**m > 20_000):
        m -= 1
    return _mst_m_instance(str(B), [[u, v, w] for (u, v), w in edges.items()], m)


def _mst_m_structured(rng: np.random.Generator, size: int):
    graphs = MST_GRAPHS + (("4", [[0, 1, "1"], [0, 2, "2"], [0, 3, "3"], [0, 4, "4"]]),
                           ("10", [[0, 1, "9"], [1, 2, "1"], [2, 3, "9"], [3, 4, "1"]]))
    listed = [_mst_m_instance(B, R, m) for B, R in graphs for m in (2, 3)]
    return growth.grown(listed, size, _mst_m_draw, rng, 50)


MST_SEARCH = Adversary("search over the weights of a 5-cycle with a chord", space=Space(
    bounds={f"w{i}": (0.0, 1.0) for i in range(6)}, build=_mst_build))


# --------------------------------------------------------------------------- MST under vertex adjacency (Thm D.4)
def _metric(values: Instance) -> np.ndarray:
    return np.asarray([[frac(v) for v in row] for row in values["metric"]], dtype=object)


def _vertex_graph(values: Instance):
    import networkx as nx

    G = nx.Graph()
    G.add_nodes_from(int(frac(v)) for v in values["V"])
    G.add_edges_from((int(frac(u)), int(frac(v))) for u, v in values["R"])
    return G


def _vertex_mech(values: Instance, edges: str):
    from ...algorithms.retain import MSTVertex

    return MSTVertex(_metric(values), frac(values["B"]), steiner=frac(values["rho"]), edges=edges)


def _vertex_terms(metric: np.ndarray, B: Fraction, V: list, R: list) -> dict[str, Fraction]:
    """The printed numerator's terms: nearest = max_v min_(v'∈V_R) d(v, v'), w_R = w(MST(R)), w_K = w(MST(K_V_R)),
    rho = the Steiner ratio of the finite universe (exact). Memoised by the exact entries (a search builds an instance
    with them, and the hypothesis recomputes them from the instance: one computation, not two)."""
    key = (tuple(tuple(frac(d) for d in row) for row in metric), frac(B), tuple(int(frac(v)) for v in V),
           tuple(tuple(int(frac(x)) for x in e) for e in R))
    return dict(_vertex_terms_of(key))


@functools.lru_cache(maxsize=1024)
def _vertex_terms_of(key: tuple) -> tuple:
    from ...algorithms.retain import mst_weight, steiner_ratio
    from ...algorithms.retain.graph import prim

    rows, B, V, R = key
    metric = np.asarray(rows, dtype=object)
    inst = {"metric": metric, "B": B, "V": list(V), "R": [list(e) for e in R], "rho": 1}
    G = _vertex_mech(inst, "full").prepare(_vertex_graph(inst))
    VR = list(G.nodes)
    nearest = max(min(metric[v, u] for u in VR) for v in range(metric.shape[0]))
    return tuple({"nearest": nearest, "w_R": mst_weight(G), "w_K": prim(VR, metric), "rho": steiner_ratio(metric)}.items())


def _vertex_ok(values: Instance) -> Decision:
    terms = _vertex_terms(_metric(values), frac(values["B"]), values["V"], values["R"])
    return holds(all(frac(values[k]) == v for k, v in terms.items()))


VERTEX_VALID = P("a finite metric of diameter ≤ 2B, R connected on a subset of it; nearest, w_R, w_K, ρ computed "
                 "from them (ρ the universe's exact Steiner ratio)", _vertex_ok)


def _vertex_rs(edges: str):
    def quantity(values: Instance) -> arb:
        return _vertex_mech(values, edges).exact_rs(_vertex_graph(values), 1).value.exact

    return quantity


def _vertex_instance(points: list[tuple], V: list[int], R: list[tuple[int, int]]) -> dict[str, Any]:
    """Points of the plane with the ℓ1 metric (exact), B = half the diameter."""
    D = np.asarray([[abs(frac(a[0]) - frac(b[0])) + abs(frac(a[1]) - frac(b[1])) for b in points] for a in points],
                   dtype=object)
    B = max(max(row) for row in D) / 2
    inst = {"metric": D.tolist(), "B": B, "V": V, "R": [list(e) for e in R]}
    return {**inst, **_vertex_terms(D, B, V, R)}


def _vertex_structured(rng: np.random.Generator, size: int):
    out = [
        # a line: R = {0, 1}; the outside point 2 attached to 0 only (a subset of V_R)
        _vertex_instance([(0, 0), (1, 0), (2, 0)], [0, 1], [(0, 1)]),
        # four corners of a square as a path, centre and edge midpoint outside
        _vertex_instance([(0, 0), (2, 0), (0, 2), (2, 2), (1, 1), (1, 0)], [0, 1, 2, 3], [(0, 1), (1, 3), (3, 2)]),
        # a star metric: three far-apart terminals, a centre outside (the GS example of line 481)
        _vertex_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], [(0, 1), (0, 2)]),
        # a far outlier in the universe
        _vertex_instance([(0, 0), (1, 0), (0, 1), (5, 5)], [0, 1, 2], [(0, 1), (1, 2)]),
    ]
    for _ in range(8):
        pts = [(int(rng.integers(0, 4)), int(rng.integers(0, 4))) for _ in range(5)]
        if len(set(pts)) < 5:
            continue
        out.append(_vertex_instance(pts, [0, 1, 2], [(0, 1), (1, 2)]))
    return out[:size] if size < len(out) else out


def _vertex_build(p: dict[str, Any]) -> Instance:
    pts = [(Fraction(p[f"x{i}"]).limit_denominator(100), Fraction(p[f"y{i}"]).limit_denominator(100)) for i in range(5)]
    if len(set(pts)) < 5:
        pts[4] = (pts[4][0] + Fraction(1, 7), pts[4][1])
    return _vertex_instance(pts, [0, 1, 2], [(0, 1), (1, 2)])


VERTEX_SEARCH = Adversary("search over 5 points of the ℓ1 plane (R a path on the first three)", space=Space(
    bounds={**{f"x{i}": (0.0, 2.0) for i in range(5)}, **{f"y{i}": (0.0, 2.0) for i in range(5)}},
    build=_vertex_build))


def smt_weight(D: np.ndarray, V: list[int]) -> Fraction:
    """``w(SMT(V))`` in a finite metric (Definition D.2): the MST of ``K_(V ∪ S)`` minimised over Steiner sets S
    of the remaining points (a Steiner tree's length is at least the MST of its vertex set in the metric)."""
    from ...algorithms.retain.graph import prim

    rest = [i for i in range(D.shape[0]) if i not in V]
    return min(prim(list(V) + list(S), D) for j in range(len(rest) + 1) for S in itertools.combinations(rest, j))


def _steiner_terms(values: Instance) -> Fraction:
    from ...algorithms.retain.graph import prim

    V = [int(frac(i)) for i in values["V"]]
    return prim(V + [int(frac(values["v"]))], _metric(values))


def _steiner_ok(values: Instance) -> Decision:
    D = _metric(values)
    N = D.shape[0]
    V, v = [int(frac(i)) for i in values["V"]], int(frac(values["v"]))
    metric = all(D[i, i] == 0 and D[i, j] == D[j, i] >= 0 and all(D[i, j] <= D[i, k] + D[k, j] for k in range(N))
                 for i in range(N) for j in range(N))
    return holds(metric and N <= 8 and len(set(V)) == len(V) >= 1 and 0 <= v < N and all(0 <= i < N for i in V)
                  and frac(values["w_Kv"]) == _steiner_terms(values))


STEINER_VALID = P("a finite metric (≤ 8 points, triangle inequality checked), terminals V, a point v; w_Kv = "
                  "w(MST(K_(V ∪ v)))", _steiner_ok)


def _steiner_instance(points: list[tuple], V: list[int], v: int) -> dict[str, Any]:
    D = [[abs(frac(a[0]) - frac(b[0])) + abs(frac(a[1]) - frac(b[1])) for b in points] for a in points]
    inst = {"metric": D, "V": V, "v": v}
    return {**inst, "w_Kv": _steiner_terms(inst)}


def _steiner_structured(rng: np.random.Generator, size: int):
    out = [
        _steiner_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], 3),  # the star of line 481
        _steiner_instance([(0, 0), (2, 0), (1, 1), (1, 0)], [0, 1, 2], 3),  # the ℓ1 median point
        _steiner_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], 0),  # v already a terminal
        _steiner_instance([(0, 0), (4, 0), (2, 3), (2, 0), (2, 1), (9, 9)], [0, 1, 2], 5),  # a far point
        _steiner_instance([(0, 0), (4, 0), (2, 3), (2, 0), (2, 1), (9, 9)], [0, 1, 2], 4),
    ]
    for _ in range(6):
        pts = list({(int(rng.integers(0, 5)), int(rng.integers(0, 5))) for _ in range(6)})
        if len(pts) >= 4:
            out.append(_steiner_instance(pts, [0, 1, 2], int(rng.integers(3, len(pts)))))
    return out


def _steiner_build(p: dict[str, Any]) -> Instance:
    f = lambda v: Fraction(v).limit_denominator(20)  # noqa: E731
    pts = [(0, 0), (4, 0), (2, 3), (f(p["x"]), f(p["y"])), (f(p["x2"]), f(p["y2"]))]
    if len(set(pts)) < 5:
        pts[4] = (pts[4][0] + Fraction(1, 7), pts[4][1])
    return _steiner_instance(pts, [0, 1, 2], 3)


STEINER_SEARCH = Adversary("search over the added point and one more Steiner candidate (ℓ1 plane)", space=Space(
    bounds={"x": (0.0, 4.0), "y": (0.0, 3.0), "x2": (0.0, 4.0), "y2": (0.0, 3.0)}, build=_steiner_build))


def _smt(values: Instance) -> Fraction:
    return smt_weight(_metric(values), [int(frac(i)) for i in values["V"]])
_STEINER_ADV = (Adversary("star metrics, ℓ1 medians, far points, random ℓ1 point sets", generate=_steiner_structured),
                STEINER_SEARCH)


CLAIMS = (
    Claim(
        id="retain.lemD.1",
        source="Lemma D.1 (lines 437–453)",
        kind=Kind.SENSITIVITY,
        statement="MST weight, edge adjacency: RS(G) = max over cuts S with a missing crossing pair of w_1(S), the "
                  "lightest edge crossing S",
        hypotheses=(MST_VALID,),
        bound=MST_EDGE_RS_EXPR,
        quantity=_mst_rs_brute,
        adversaries=(Adversary("heavy bottleneck edges, complete-minus-one graphs, stars, complete graphs",
                               generate=_mst_structured), MST_SEARCH),
        derivation="retain.lemD.1",
        note="An exact lemma: attained (tightness 1); the quantity enumerates every non-edge at weights {0, B/2, B}.",
    ),
    Claim(
        id="retain.lemD.1:m-edges+fix",
        source="extension of Lemma D.1 (lines 437–453) to m added edges (m-deletion certificates, Definition 2.2)",
        kind=Kind.SENSITIVITY,
        statement="RS_m(G) ≤ the sum of the m heaviest MST edges whose fundamental cut is crossed by a non-edge",
        hypotheses=(MST_M_VALID,),
        bound=MST_EDGE_RS_M_EXPR,
        quantity=_mst_m_rs,
        adversaries=(Adversary("heavy bottleneck edges in paths and stars, m = 2, 3", generate=_mst_m_structured),),
        derivation="retain.lemD.1:m-edges+fix",
        corrects="retain.lemD.1",
        note="Not a correction: the paper states m = 1. Each zero-weight edge added replaces a distinct exposed "
             "MST edge (MSTEdge's docstring), so the drop is at most the m heaviest exposed weights.",
    ),
    Claim(
        id="retain.lem3.3",
        source="Lemma 3.3 (lines 176–184)",
        kind=Kind.SENSITIVITY,
        statement="RS_MST(R)/GS_MST = max_S w_1(S)/B (GS = B under edge adjacency)",
        hypotheses=(MST_VALID,),
        bound=MST_EDGE_RATIO_EXPR,
        quantity=lambda values: _mst_rs_brute(values) / rational_eval(MST_EDGE_GS_EXPR, {"B": frac(values["B"])}),
        adversaries=(Adversary("heavy bottleneck edges, complete-minus-one graphs, stars, complete graphs",
                               generate=_mst_structured), MST_SEARCH),
        derivation="retain.lem3.3",
    ),
    Claim(
        id="retain.thmD.4",
        source="Theorem D.4 (lines 475–493), numerator; RS as defined on line 461 (any E' ⊇ E_R)",
        kind=Kind.SENSITIVITY,
        statement="RS_w(MST)(R) ≤ max{max_v min_(v'∈V_R) d(v, v'), w(MST(R)) − ρ_d·w(MST(K_V_R))}, RS over every added "
                  "vertex v and every edge set E' ⊇ E_R",
        hypotheses=(VERTEX_VALID,),
        bound=MST_VERTEX_BOUND_EXPR,
        quantity=_vertex_rs("any"),
        adversaries=(Adversary("vertices attached to a subset of the retained vertices; star metrics; far outliers",
                               generate=_vertex_structured), VERTEX_SEARCH),
        derivation="retain.thmD.4",
        note="The ratio form divides both sides by (n − 2)B, which the proof shows is only a lower bound on GS; "
             "the numerator is what the proof derives and what is checked.",
    ),
    Claim(
        id="retain.thmD.4+fix",
        source="Theorem D.4 (lines 475–493), under the reading its proof uses (line 485): E' = E_R ∪ all edges at v",
        kind=Kind.SENSITIVITY,
        statement="With E' = E_R ∪ {(v, u): u ∈ V_R} (the added vertex joins every retained vertex), "
                  "RS ≤ max{max_v min_v' d(v, v'), w(MST(R)) − ρ_d·w(MST(K_V_R))}",
        hypotheses=(VERTEX_VALID,),
        bound=MST_VERTEX_BOUND_EXPR,
        quantity=_vertex_rs("full"),
        adversaries=(Adversary("vertices attached to a subset of the retained vertices; star metrics; far outliers",
                               generate=_vertex_structured), VERTEX_SEARCH),
        derivation="retain.thmD.4+fix",
        corrects="retain.thmD.4",
        note="Line 485 uses that (V_R, E_T_R ∪ e) spans R' for every e ∈ E_v — true only when every edge at v is in "
             "E'. Under the definition as printed (E' any superset of E_R) the added vertex may hang on one far "
             "edge and the MST grows by up to max_v max_v' d(v, v').",
    ),
    Claim(
        id="retain.lemD.3",
        source="Lemma D.3 (lines 467–473), finite metric spaces",
        kind=Kind.INEQUALITY,
        statement="w(SMT(V)) ≤ w(MST(K_(V ∪ v))) for every point v of the space",
        hypotheses=(STEINER_VALID,), bound=SMT_BOUND_EXPR, quantity=_smt, adversaries=_STEINER_ADV,
        derivation="retain.lemD.3",
        note="SMT by enumeration of Steiner sets (exact); attained when v is an optimal single Steiner point.",
    ),
    Claim(
        id="retain.lemD.3:control-tenth-less",
        source="negative control: Lemma D.3 with the right side reduced by 10% (it is attained)",
        kind=Kind.INEQUALITY,
        statement="(wrong on purpose) w(SMT(V)) ≤ (9/10)·w(MST(K_(V ∪ v)))",
        hypotheses=(STEINER_VALID,), bound=SMT_BOUND_EXPR * 9 / 10, quantity=_smt, adversaries=_STEINER_ADV,
        control=Control.NEGATIVE,
    ),
)
