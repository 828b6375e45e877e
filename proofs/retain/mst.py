"""Section 3.2 / Appendix D, the MST weight: Lemmas D.1, 3.3 (and D.1 for m edges), Theorem D.4 (+fix), Lemma D.3.

Each chain but the printed Theorem D.4's starts from its claim's quantity run on sympy weights on a small shape whose
weights' order is fixed (:mod:`.mst_runs`): step 1 names the proof's symbols there, the rest is the proof's.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import sympy

from certunlearn.formulas.retain import (
    MST_EDGE_RATIO_EXPR, MST_EDGE_RS_EXPR, MST_VERTEX_BOUND_EXPR, SMT_BOUND_EXPR, SYMBOLS,
)
from certunlearn.derive import Derivation, Premise, Step, SymbolicStart, step, then

from .common import B
from .mst_runs import edge_rs_run, prim_weight, smt_run, vertex_rs_run

cut, w_new = sympy.symbols("cut w_new", nonnegative=True)


#: the path shape of the edge-adjacency runs: 0 —a— 1 —b— 2 with a = w_a ≤ b = w_a + d_ab ≤ B/2 = b + d_bB (gaps ≥ 0)
w_a, d_ab = sympy.symbols("w_a d_ab", nonnegative=True)
d_bB = sympy.Symbol("d_bB", positive=True)
PATH_B = 2 * (w_a + d_ab + d_bB)
PATH_EDGES = ((0, 1, w_a), (1, 2, w_a + d_ab))


def path_rs_run() -> sympy.Expr:
    """``_mst_rs_brute`` on the path shape: ``mst_edge_brute_force_rs(R, 1, (0, B/2, B))`` run on sympy weights
    (:func:`.mst_runs.edge_rs_run`)."""
    return edge_rs_run((0, 1, 2), PATH_EDGES, 1, (sympy.Integer(0), PATH_B / 2, PATH_B))


def path_ratio_run() -> sympy.Expr:
    """Lemma 3.3's quantity on the path shape: the run's RS over GS = B (``MST_EDGE_GS_EXPR``)."""
    return path_rs_run() / PATH_B


def _mst(claim_id: str, title: str, scale: sympy.Expr, target: sympy.Expr, run) -> Derivation:
    first = run()
    return Derivation(
        claim_id=claim_id, target="bound", title=title,
        start=first,
        symbolic_start=SymbolicStart(run, "_mst_rs_brute" + ("" if scale == 1 else "/B") +
                                     " (mst_edge_brute_force_rs over the non-edges at weights {0, B/2, B}) run on "
                                     "sympy weights on the path 0 —a— 1 —b— 2, a ≤ b ≤ B/2 (proofs/retain/mst_runs: "
                                     "Kruskal with every comparison decided by the gaps' signs) — the start is checked "
                                     "on that shape (tests/derive/test_retain_mst_starts.py ties it to the claim's "
                                     "quantity); steps 2–3 are the proof's for every graph"),
        domain={cut: ("0", "10"), w_new: ("0", "10"), B: ("10", "20"), w_a: ("0", "3"), d_ab: ("0", "3"),
                d_bB: ("0.01", "3")},
        premises=(Premise("Upper bound (lines 443–447): T an MST of G' = G + e'; removing e' from T leaves a cut S "
                          "crossed by e'; swapping in the lightest E-edge of the cut gives a spanning tree of G, so "
                          "f ≤ f' − w(e') + w_1(S)", "Lemma D.1's proof"),
                  Premise("Lower bound (lines 449–453): for a cut S with a missing pair, put e' across it at weight 0 "
                          "and swap it for the MST's lightest cut edge: f' ≤ f − w_1(S)", "Lemma D.1's proof")),
        steps=(
            step(first, "==", (cut - w_new) / scale,
                 "on the path the worst non-edge is e' = (0, 2) at w(e') = 0: f(G) − f(G + e') = w_1(S) − w(e') with S "
                 "= {0, 1} | {2}, w_1(S) = b (the cut formula: max(a, b) over the two cuts e' crosses)",
                 given={cut: w_a + d_ab, w_new: 0, **({} if scale == 1 else {B: PATH_B})}),
            then("<=", cut / scale, "w(e') ≥ 0 (line 447); equality at w(e') = 0 (line 453)"),
            then("==", target, "w_1(S) maximised over the cuts with a missing pair: ``cut``"
                 + ("" if scale == 1 else "; divide by GS = B (line 182)")),
        ),
    )


#: the path shape of the m-edge run: 0 —a— 1 —b— 2 —c— 3, a = w_a ≤ b = a + d_ab ≤ c = b + d_bc ≤ B = c + d_cB
d_bc, d_cB = sympy.symbols("d_bc d_cB", nonnegative=True)
PATH4_EDGES = ((0, 1, w_a), (1, 2, w_a + d_ab), (2, 3, w_a + d_ab + d_bc))
PATH4_B = w_a + d_ab + d_bc + d_cB


def path4_m_rs_run() -> sympy.Expr:
    """``_mst_m_rs`` on the 4-vertex path at m = 2: ``mst_edge_brute_force_rs(R, 2, (0, B))`` run on sympy weights
    (:func:`.mst_runs.edge_rs_run`)."""
    return edge_rs_run((0, 1, 2, 3), PATH4_EDGES, 2, (sympy.Integer(0), PATH4_B))


def lemD1_m() -> Derivation:
    exposed = sympy.Symbol("exposed", nonnegative=True)
    ks = sympy.Symbol("kappa_s", positive=True)  # drop / (sum of the m heaviest exposed weights)
    first = path4_m_rs_run()
    return Derivation(
        claim_id="retain.lemD.1:m-edges+fix", target="bound",
        title="Lemma D.1 for m added edges",
        start=first,
        symbolic_start=SymbolicStart(path4_m_rs_run, "_mst_m_rs (mst_edge_brute_force_rs over every pair of non-edges "
                                     "at weights {0, B}) run on sympy weights at m = 2 on the path 0 —a— 1 —b— 2 —c— 3, "
                                     "a ≤ b ≤ c ≤ B (proofs/retain/mst_runs) — the start is checked on that shape "
                                     "(tests/derive/test_retain_mst_starts.py ties it to the claim's quantity); step 2 "
                                     "is the exchange argument's for every graph and m"),
        conditions=(sympy.Le(ks, 1),),
        domain={exposed: ("0", "30"), ks: ("0.001", "1"), w_a: ("0", "3"), d_ab: ("0", "3"), d_bc: ("0", "3")},
        premises=(Premise("Add the edges one at a time: each replaces the heaviest edge on the cycle it closes, an edge "
                          "of MST(G) crossed by that cycle's non-edge (an exposed edge), distinct each time; the drop is "
                          "the sum of the replaced weights: κ_s·exposed, κ_s ≤ 1", "Lemma D.1's exchange argument"),),
        steps=(step(first, "==", ks * exposed,
                    "on the path every edge is exposed; the two zero-weight edges (0, 2) and (1, 3) replace b and c, "
                    "the two heaviest: the drop is κ_s·exposed with κ_s = 1, exposed = b + c",
                    given={ks: 1, exposed: 2 * w_a + 2 * d_ab + d_bc}),
               then("<=", exposed, "κ_s ≤ 1")),
    )


def lemD1() -> Derivation:
    return _mst("retain.lemD.1", "Lemma D.1: MST retain sensitivity under edge adjacency (lines 437–453)",
                sympy.Integer(1), MST_EDGE_RS_EXPR, path_rs_run)


def lem33() -> Derivation:
    return _mst("retain.lem3.3", "Lemma 3.3: RS_MST/GS_MST (lines 176–184)", B, MST_EDGE_RATIO_EXPR, path_ratio_run)


near, wR, wK = sympy.symbols("nearest w_R w_K", nonnegative=True)
rho = SYMBOLS["rho"]  # the formulas' ρ_d (positive): the printed numerator MST_VERTEX_BOUND_EXPR is in it


#: the line shape of Theorem D.4's run: retained vertices 0, 1 at distance l_1 (R = the edge (0, 1)), the outside point
#: 2 beyond 1 at distance l_2 = l_1 + l_g ≥ l_1 (so d(0, 2) = l_1 + l_2): a line metric, Steiner ratio 1
l_1, l_g = sympy.Symbol("l_1", positive=True), sympy.Symbol("l_g", nonnegative=True)
l_2 = l_1 + l_g
LINE_METRIC = ((0, l_1, l_1 + l_2), (l_1, 0, l_2), (l_1 + l_2, l_2, 0))


def line_vertex_rs_run() -> sympy.Expr:
    """Theorem D.4+fix's quantity (``_vertex_rs("full")``: ``MSTVertex.exact_rs`` with every edge at the added vertex)
    on the line shape, run on sympy distances (:func:`.mst_runs.vertex_rs_run`)."""
    return vertex_rs_run(LINE_METRIC, (0, 1), ((0, 1),))


def _thmD4(claim_id: str, fixed: bool) -> Derivation:
    """The two halves of line 483–493, joined by max: the increase w_R' − w_R ≤ w_1(V_R) ≤ nearest, and the
    decrease w_R − w_R' ≤ w_R − ρ w_K (Lemma D.3). The increase step is the one that needs every edge at v. The +fix
    chain starts from its claim's quantity run on the line shape (:func:`line_vertex_rs_run`)."""
    inc = sympy.Symbol("w_inc", nonnegative=True)  # w_R' − w_R (an increase)
    k_near = sympy.Symbol("kappa_v", nonnegative=True)  # +fix: w_inc/nearest ≤ 1 (v reaches its nearest vertex)
    head = sympy.Max(k_near * near if fixed else inc, wR - rho * wK)
    run_step = (step(line_vertex_rs_run(), "==", head,
                     "on the line the added point 2 joins 1 (its nearest retained vertex) and 0: the MST grows by "
                     "l_2 = κ_v·nearest with κ_v = 1; w_R = w_K = l_1, ρ = 1, so the decrease part w_R − ρw_K is 0",
                     given={k_near: 1, near: l_2, wR: l_1, wK: l_1, rho: 1}),) if fixed else ()
    return Derivation(
        claim_id=claim_id, target="bound",
        title="Theorem D.4: MST weight under vertex addition (lines 475–493)" + (" — the proof's reading (+fix)" if fixed else ", as printed"),
        start=line_vertex_rs_run() if fixed else "|w_R − w_R'| = max{w_R' − w_R, w_R − w_R'}",
        symbolic_start=SymbolicStart(line_vertex_rs_run, "_vertex_rs('full') (MSTVertex.exact_rs: every outside point "
                                     "joined to every retained vertex, |w(MST(R)) − w(MST(R + v))| maximised) run on "
                                     "sympy distances on the line 0 —l_1— 1 —l_2— 2, l_1 ≤ l_2, R = the edge (0, 1) "
                                     "(proofs/retain/mst_runs) — the start is checked on that shape "
                                     "(tests/derive/test_retain_mst_starts.py ties it to the claim's quantity); step 2 "
                                     "is the proof's for every metric") if fixed else None,
        domain={near: ("0", "4"), wR: ("0", "10"), wK: ("0", "10"), rho: ("0.5", "1"), inc: ("0", "4"),
                k_near: ("0", "1"), l_1: ("0.01", "5"), l_g: ("0", "5")},
        conditions=(sympy.Le(wK, wR), sympy.Le(rho, 1)) + ((sympy.Le(k_near, 1),) if fixed else ()),
        premises=(Premise("w_R' ≥ w(MST(K_{V_R ∪ v})) ≥ w(SMT(V_R)) ≥ ρ_d w(MST(K_V_R)) (Lemma D.3, line 491), so "
                          "w_R − w_R' ≤ w_R − ρ_d w_K", "Lemma D.3"),
                  Premise("(V_R, E_T_R ∪ e) spans R' for e ∈ E_v (line 485)" + (
                      ": true when E' contains every edge at v — the proof's reading" if fixed else
                      ": needs e ∈ E'; with E' any superset of E_R the only edge at v may be the farthest one, "
                      "so w_R' − w_R can be max_v' d(v, v') > min_v' d(v, v')"), "Theorem D.4's proof")),
        steps=run_step + (
            Step(None if fixed else head, "<=", sympy.Max(near, wR - rho * wK),
                 "w_R' − w_R ≤ w_1(V_R) ≤ max_v min_v' d(v, v') (line 485)" + (
                     " — here the increase is κ_v·nearest, κ_v ≤ 1, because v reaches its nearest retained vertex (the "
                     "Max compared case by case)" if fixed else " — as printed, for every added v and E'")),
            then("==", MST_VERTEX_BOUND_EXPR, "the printed numerator"),
        ),
    )


def thmD4() -> Derivation:
    return _thmD4("retain.thmD.4", False)


def thmD4_fix() -> Derivation:
    return _thmD4("retain.thmD.4+fix", True)


wKv_, slk = sympy.Symbol("w_Kv", nonnegative=True), sympy.Symbol("s", nonnegative=True)
#: the star shape of Lemma D.3's run: terminals 0, 1, 2 at distances r_0 ≤ r_1 ≤ r_2 from the point v = 3, the tree
#: metric d(i, j) = r_i + r_j (r_1 = r_0 + d_ab, r_2 = r_1 + d_bc; r_0 = d_bc + t_0, t_0 > 0, so that r_2 ≤ r_0 + r_1:
#: every star edge is lighter than every terminal pair, so each comparison the runs make is decided)
t_0 = sympy.Symbol("t_0", positive=True)
STAR_R = (d_bc + t_0, d_bc + t_0 + d_ab, 2 * d_bc + t_0 + d_ab)
STAR_METRIC = tuple(tuple(sympy.Integer(0) if i == j else (STAR_R[i] if j == 3 else STAR_R[j] if i == 3 else
                                                          STAR_R[i] + STAR_R[j]) for j in range(4)) for i in range(4))


def star_smt_run() -> sympy.Expr:
    """``_smt`` (``smt_weight``: the MST of K_(V ∪ S) minimised over Steiner sets S) on the star shape, V = {0, 1, 2},
    run on sympy distances (:func:`.mst_runs.smt_run`)."""
    return smt_run(STAR_METRIC, (0, 1, 2))


def lemD3() -> Derivation:
    first = star_smt_run()
    return Derivation(
        claim_id="retain.lemD.3", target="bound", title="Lemma D.3: w(SMT(V)) ≤ w(MST(K_(V∪v))) (lines 467–473)",
        start=first,
        symbolic_start=SymbolicStart(star_smt_run, "_smt (smt_weight: min over Steiner sets S of prim(V ∪ S)) run on "
                                     "sympy distances on the star metric of three terminals at distances r_0 ≤ r_1 ≤ "
                                     "r_2 ≤ r_0 + r_1 from v, d(i, j) = r_i + r_j (proofs/retain/mst_runs) — the start "
                                     "is checked on that shape (tests/derive/test_retain_mst_starts.py ties it to the "
                                     "claim's quantity); step 2 is Definition D.2's for every metric"),
        domain={wKv_: ("0", "20"), slk: ("0", "20"), t_0: ("0.01", "3"), d_ab: ("0", "3"), d_bc: ("0", "3")},
        conditions=(sympy.Le(slk, wKv_),),
        premises=(Premise("an MST T of K_(V∪v) connects every terminal of V (v an optional Steiner point): a feasible "
                          "Steiner tree, so w(SMT(V)) = w(T) − s with s ≥ 0 (line 473)", "Definition D.2"),),
        steps=(step(first, "==", wKv_ - slk, "on the star the SMT is the MST of K_(V∪v) itself (s = 0): w_Kv = "
                    "prim(V ∪ {v}), run on the same shape", given={wKv_: prim_weight((0, 1, 2, 3), STAR_METRIC),
                                                                   slk: 0}),
               then("<=", wKv_, "s ≥ 0"), then("==", SMT_BOUND_EXPR, "w_Kv = w(MST(K_(V∪v)))")),
    )
