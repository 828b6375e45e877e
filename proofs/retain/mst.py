"""Section 3.2 / Appendix D, the MST weight: Lemmas D.1, 3.3 (and D.1 for m edges), Theorem D.4 (+fix), Lemma D.3.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import sympy

from certunlearn.formulas.retain import (
    MST_EDGE_RATIO_EXPR, MST_EDGE_RS_EXPR, MST_VERTEX_BOUND_EXPR, SMT_BOUND_EXPR, SYMBOLS,
)
from certunlearn.derive import Derivation, Premise, step, then

from .common import B

cut, w_new = sympy.symbols("cut w_new", nonnegative=True)


def _mst(claim_id: str, title: str, scale: sympy.Expr, target: sympy.Expr) -> Derivation:
    return Derivation(
        claim_id=claim_id, target="bound", title=title,
        start="f(G) − f(G + e') for the worst non-edge e' of weight w(e') ∈ [0, B]",
        domain={cut: ("0", "10"), w_new: ("0", "10"), B: ("10", "20")},
        premises=(Premise("Upper bound (lines 443–447): T an MST of G' = G + e'; removing e' from T leaves a cut S "
                          "crossed by e'; swapping in the lightest E-edge of the cut gives a spanning tree of G, so "
                          "f ≤ f' − w(e') + w_1(S)", "Lemma D.1's proof"),
                  Premise("Lower bound (lines 449–453): for a cut S with a missing pair, put e' across it at weight 0 "
                          "and swap it for the MST's lightest cut edge: f' ≤ f − w_1(S)", "Lemma D.1's proof")),
        steps=(
            step((cut - w_new) / scale, "<=", cut / scale, "w(e') ≥ 0 (line 447); equality at w(e') = 0 (line 453)"),
            then("==", target, "w_1(S) maximised over the cuts with a missing pair: ``cut``"
                 + ("" if scale == 1 else "; divide by GS = B (line 182)")),
        ),
    )


def lemD1_m() -> Derivation:
    exposed = sympy.Symbol("exposed", nonnegative=True)
    ks = sympy.Symbol("kappa_s", positive=True)  # drop / (sum of the m heaviest exposed weights)
    return Derivation(
        claim_id="retain.lemD.1:m-edges+fix", target="bound",
        title="Lemma D.1 for m added edges",
        start="f(G) − f(G + Z), Z a set of m non-edges",
        conditions=(sympy.Le(ks, 1),),
        domain={exposed: ("0", "30"), ks: ("0.001", "1")},
        premises=(Premise("Add the edges one at a time: each replaces the heaviest edge on the cycle it closes, an edge "
                          "of MST(G) crossed by that cycle's non-edge (an exposed edge), distinct each time; the drop is "
                          "the sum of the replaced weights: κ_s·exposed, κ_s ≤ 1", "Lemma D.1's exchange argument"),),
        steps=(step(ks * exposed, "<=", exposed, "κ_s ≤ 1"),),
    )


def lemD1() -> Derivation:
    return _mst("retain.lemD.1", "Lemma D.1: MST retain sensitivity under edge adjacency (lines 437–453)",
                sympy.Integer(1), MST_EDGE_RS_EXPR)


def lem33() -> Derivation:
    return _mst("retain.lem3.3", "Lemma 3.3: RS_MST/GS_MST (lines 176–184)", B, MST_EDGE_RATIO_EXPR)


near, wR, wK = sympy.symbols("nearest w_R w_K", nonnegative=True)
rho = SYMBOLS["rho"]  # the formulas' ρ_d (positive): the printed numerator MST_VERTEX_BOUND_EXPR is in it


def _thmD4(claim_id: str, fixed: bool) -> Derivation:
    """The two halves of line 483–493, joined by max: the increase w_R' − w_R ≤ w_1(V_R) ≤ nearest, and the
    decrease w_R − w_R' ≤ w_R − ρ w_K (Lemma D.3). The increase step is the one that needs every edge at v."""
    inc = sympy.Symbol("w_inc", nonnegative=True)  # w_R' − w_R (an increase)
    k_near = sympy.Symbol("kappa_v", nonnegative=True)  # +fix: w_inc/nearest ≤ 1 (v reaches its nearest vertex)
    return Derivation(
        claim_id=claim_id, target="bound",
        title="Theorem D.4: MST weight under vertex addition (lines 475–493)" + (" — the proof's reading (+fix)" if fixed else ", as printed"),
        start="|w_R − w_R'| = max{w_R' − w_R, w_R − w_R'}",
        domain={near: ("0", "4"), wR: ("0", "10"), wK: ("0", "10"), rho: ("0.5", "1"), inc: ("0", "4"),
                k_near: ("0", "1")},
        conditions=(sympy.Le(wK, wR), sympy.Le(rho, 1)) + ((sympy.Le(k_near, 1),) if fixed else ()),
        where=((inc, k_near * near),) if fixed else (),
        premises=(Premise("w_R' ≥ w(MST(K_{V_R ∪ v})) ≥ w(SMT(V_R)) ≥ ρ_d w(MST(K_V_R)) (Lemma D.3, line 491), so "
                          "w_R − w_R' ≤ w_R − ρ_d w_K", "Lemma D.3"),
                  Premise("(V_R, E_T_R ∪ e) spans R' for e ∈ E_v (line 485)" + (
                      ": true when E' contains every edge at v — the proof's reading" if fixed else
                      ": needs e ∈ E'; with E' any superset of E_R the only edge at v may be the farthest one, "
                      "so w_R' − w_R can be max_v' d(v, v') > min_v' d(v, v')"), "Theorem D.4's proof")),
        steps=(
            step(sympy.Max(inc, wR - rho * wK), "<=", sympy.Max(near, wR - rho * wK),
                 "w_R' − w_R ≤ w_1(V_R) ≤ max_v min_v' d(v, v') (line 485)" + (
                     " — here w_inc = κ_v·nearest, κ_v ≤ 1, because v reaches its nearest retained vertex (the "
                     "Max compared case by case)" if fixed else " — as printed, for every added v and E'")),
            then("==", MST_VERTEX_BOUND_EXPR, "the printed numerator"),
        ),
    )


def thmD4() -> Derivation:
    return _thmD4("retain.thmD.4", False)


def thmD4_fix() -> Derivation:
    return _thmD4("retain.thmD.4+fix", True)


wKv_, slk = sympy.Symbol("w_Kv", nonnegative=True), sympy.Symbol("s", nonnegative=True)


def lemD3() -> Derivation:
    return Derivation(
        claim_id="retain.lemD.3", target="bound", title="Lemma D.3: w(SMT(V)) ≤ w(MST(K_(V∪v))) (lines 467–473)",
        start=wKv_ - slk, domain={wKv_: ("0", "20"), slk: ("0", "20")}, conditions=(sympy.Le(slk, wKv_),),
        premises=(Premise("an MST T of K_(V∪v) connects every terminal of V (v an optional Steiner point): a feasible "
                          "Steiner tree, so w(SMT(V)) = w(T) − s with s ≥ 0 (line 473)", "Definition D.2"),),
        steps=(step(wKv_ - slk, "<=", wKv_, "s ≥ 0"), then("==", SMT_BOUND_EXPR, "w_Kv = w(MST(K_(V∪v)))")),
    )
