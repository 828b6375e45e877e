"""Why each retain derivation's start stays ``stated`` (issue 25, item 3: a stated start carries its reason).

Each of these claims' quantities is computed on numbers — exact ridge solves, certified logistic, SVM and local
minimisers, certified projectors, networkx's Kruskal (which calls ``isnan`` on each weight, so refuses sympy weights),
enumerations over point or edge sets — while each chain starts from the proof's expression of the quantity in its ratio
symbols (a κ ≤ 1 taken from a premise), for every instance of the lemma's class. Even where the quantity's code could
run on a structured symbolic instance, it would check that instance, not the chain: the chain would have to be
rewritten from that run (the work left for these derivations; done for Lemmas E.1 and G.1, whose quantities have closed
forms on their whole class — :mod:`.pca`, :mod:`.erm` — and for the MST, ridge and SVM claims and Corollary 2.8, whose
quantities run on sympy symbols on small structured shapes — :mod:`.mst_runs`, :mod:`.erm`, :mod:`.svm`).
"""
from __future__ import annotations

_KAPPA = ("the quantity ({q}) {how}; the chain starts from the proof's expression {what}, a κ ≤ 1 per premise, for "
          "every instance of the lemma's class — no symbolic run gives the κ's")

REASONS: dict[str, str] = {
    "retain.thmD.4": "the quantity (the vertex mechanism's exact_rs over every edge set E' ⊇ E_R) enumerates added "
                     "vertices and edge sets on numbers (networkx); the chain starts from |w_R − w_R'| = max{increase, "
                     "decrease} in the proof's symbols (the +fix's start is checked on a line shape, :mod:`.mst`)",
    "retain.lemE.2": _KAPPA.format(q="_pca_shift", how="compares certified projectors of the instance",
                                   what="κ₂·√2‖ΔΣ‖_F/gap (Davis–Kahan)"),
    "retain.lemE.2:operator": _KAPPA.format(q="_pca_op_shift", how="compares closed-form 2×2 projectors",
                                            what="κ₂‖ΔΣ‖/gap (Davis–Kahan)"),
    "retain.lemE.4": _KAPPA.format(q="_e4_distance", how="compares closed-form 2×2 projectors with noise",
                                   what="after the triangle inequality and Weyl's step"),
    "retain.lemE.4:noise-tail": "the quantity (_e4_tail) is an arb-certified integral (acb.integral) of the noise's "
                                "norm law; the chain starts from the concentration bound 2e^(−(2√d(1−κ)+t)²/4), "
                                "κ = E λ_max/(2√d) ≤ 1 by Sudakov–Fernique",
    "retain.exG.3": _KAPPA.format(q="logistic_shift", how="compares certified logistic minimisers",
                                  what="c·ρ_g(B + λR_w)/(μn(λ_curv + ξ)) (Lemma G.1, Example G.3)"),
    "retain.lem3.7": _KAPPA.format(q="_logistic_ratio", how="compares certified logistic minimisers",
                                   what="cλρ_g/(μ(λ_curv + ξ))"),
    "retain.table1:gs": _KAPPA.format(q="logistic_shift", how="compares certified logistic minimisers",
                                      what="κ(B + λR_w)/(n(λ + ξ))"),
    "retain.table1:logloss-lambda0": _KAPPA.format(q="local_shift", how="compares certified local minimisers",
                                                   what="Bcρ_g/(μn(λ_curv + ξ))"),
    "retain.lemG.4": _KAPPA.format(q="local_shift", how="compares certified local minimisers",
                                   what="θλ₀/M, θ < 1 the proof's ratio (the +fix's start is checked on a d = 1 "
                                        "shape, :mod:`.erm`)"),
    "retain.lemH.1:sensitivity": _KAPPA.format(q="_d2d_shift", how="encloses Algorithm 1's projected GD in ball arithmetic",
                                               what="κ₁γ_R^I κ₂L/(nλ_R) (Fact 2, Lemma G.1)"),
    "retain.lemH.1:m-points-sensitivity+fix": _KAPPA.format(q="_d2d_m_shift", how="encloses Algorithm 1 in ball arithmetic",
                                                            what="κ₁γ_R^I κ₂mL/(nλ_R)"),
    "retain.lemH.2": _KAPPA.format(q="_newton_shift", how="runs Algorithm 2's Newton step from certified minimisers",
                                   what="κ₁(M/(2λ_R))(κ₂L/(nλ_R))² (Taylor, Lemma G.1)"),
    "retain.lemH.2:m-points+fix": _KAPPA.format(q="_newton_m_shift", how="runs the Newton step for m points",
                                                what="κ₁(M/(2λ_R))(κ₂mL/(nλ_R))²"),
    "retain.lem4.2": _KAPPA.format(q="_newton_ratio", how="runs the Newton step over Δ_GS",
                                   what="κ₁·(L²M/(n²λ_R³))/Δ_GS (Lemma H.2)"),
}
# Example G.6 starts where Lemma G.4 does
REASONS["retain.exG.6"] = REASONS["retain.lemG.4"]


def with_reason(d):
    """``d`` with its stated start's reason (kept when the derivation gives its own)."""
    import dataclasses

    return d if d.start_reason or d.claim_id not in REASONS else dataclasses.replace(d, start_reason=REASONS[d.claim_id])
