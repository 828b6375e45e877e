"""The scope of every retain claim (DESIGN.md "Scope", issue 23): the printed hypothesis class in words, what the
families reach, and what they do not reach with the reason.

Paper file: ``papers/004_d584c64aaf1f17d0.txt`` (Section 2: retain sensitivity, Theorem 2.11; Section 3 and
Appendices C–G: median, MST, PCA, SVM, ERM; Section 4 and Appendix H: active unlearning).
"""
from __future__ import annotations

from ..declared_scope import Scope
from ..model import Narrowing

ANY_F = Narrowing(
    "functions f other than the paper's mechanisms (median, MST weight, PCA projector, SVM, ridge and logistic ERM)",
    "RS_f and LS_f are suprema over every dataset at distance one: exact only where the mechanism's structure gives "
    "them in closed form (the paper's lemmas), none for an arbitrary f")
NOT_BUILT = "no family built for them yet (work, not a limit of exact evaluation)"
MEDIAN_N = Narrowing("datasets of more than the families' sizes (the search runs on five points)", NOT_BUILT)
GRAPHS = Narrowing("graphs of more than five or six vertices",
                   "cost: the exact RS enumerates every cut (2^|V|) and every missing edge's weight extreme")
PCA_D = Narrowing("dimensions d ≥ 3 and ranks k ≥ 2 of the projector",
                  "eigenprojectors of a d ≥ 3 matrix are algebraic of degree d; enclosures exist, but no family is built "
                  "for them (work)")
SVM_D = Narrowing("support sets of more than a few points and d ≥ 3", NOT_BUILT)
ERM_LOSSES = Narrowing("losses other than squared and logistic, and d ≥ 3",
                       "the ERM minimiser of a general convex loss has no exact form; for the logistic loss it is "
                       "enclosed by a certified Newton method, built for d ≤ 2")
ACTIVE = Narrowing("datasets other than Example G.3's designs (more points, d ≥ 3)",
                   "cost: each instance runs descent-to-delete or a Newton step on a logistic ERM with certified "
                   "minimisers; the families keep to Example G.3's small designs")
STEINER = Narrowing("metric spaces other than ℓ1 in the plane, more than five points",
                    "the Steiner minimal tree is exact only where its candidate Steiner points are finite (the Hanan "
                    "grid of the ℓ1 plane); NP-hard in general, and not built beyond five points (cost)")

_SENS = "any dataset R, any point added or deleted (RS over the universe); ε, δ ∈ (0, 1)"
SCOPE = {
    "fact1": Scope("any f with global sensitivity GS_f, ε ∈ (0, 1], δ ∈ (0, 1), σ ≥ GS_f·c_(ε,δ)",
                   "ε, δ, Δ over orders of magnitude (a grid and a search)", (), boundary=True),
    "thm2.11": Scope("any f and any retained set R, " + _SENS, "median, MST and the paper's mechanisms at the deletion "
                     "attaining RS", (ANY_F,), boundary=True),
    "cor2.8": Scope("any dataset R and any function f", "the median and MST weight at ties and gaps", (ANY_F,)),
    "cor2.8:svm": Scope("the hard-margin SVM, any separable R within the support", "margin-defining support vectors, "
                        "thin margins", (SVM_D,)),
    "cor2.8:erm": Scope("ridge regression, d = 1, |x| ≤ B, |y| ≤ 1, λ > 0", "three points in [−1, 1], labels ±1, λ "
                        "over orders of magnitude", (MEDIAN_N,)),
    "cor2.12": Scope("the median of odd n ≥ 3 points in [0, B], " + _SENS, "median datasets, the worst deleted point, "
                     "(ε, δ) grids", (MEDIAN_N,)),
    "lemC.1": Scope("odd n ≥ 3 points in [0, B] (m-points: m added points)", "ties, points at 0 and B, wide and narrow "
                    "middle gaps, a search over five points", (MEDIAN_N,)),
    "lem3.1": Scope("odd n ≥ 3 points in [0, B]", "ties, points at 0 and B, gaps; a search over five points", (MEDIAN_N,)),
    "sec3-rs-below-gs": Scope("odd n ≥ 3 points in [0, B]", "ties, points at 0 and B, gaps; a search over five points",
                              (MEDIAN_N,)),
    "ex3.2": Scope("R ~ Dⁿ for a law D with density f, odd n", "Uniform[0, w], n = 3 … 11 (thorough: to 31, "
                   "then random odd n ≤ 41 and widths)",
                   (Narrowing("laws other than uniform ones", "E[RS_median] needs the order statistics' joint law, "
                              "exact (Beta integrals) for uniform laws only"),)),
    "lemD.1": Scope("any weighted graph G with weights in [0, B], edge adjacency (m-edges: m edges)", "heavy bottleneck "
                    "edges, complete-minus-one graphs, a 5-cycle with a chord", (GRAPHS,)),
    "lem3.3": Scope("any weighted graph G with weights in [0, B], edge adjacency", "heavy bottleneck edges, "
                    "complete-minus-one graphs, a 5-cycle with a chord", (GRAPHS,)),
    "thmD.4": Scope("vertices in a metric space, any added vertex and edge set", "ℓ1-plane points, vertices attached "
                    "to subsets of the retained ones", (STEINER,)),
    "lemD.3": Scope("any finite point set V of a metric space and any point v", "star metrics, ℓ1 medians, far points",
                    (STEINER,)),
    "lemE.1": Scope("symmetric A, Ã of any dimension with gap_k(A) > 0", "2 × 2 matrices: eigen-flips, rotations, mixed "
                    "perturbations", (PCA_D,)),
    "lemE.2": Scope("any retained set R of points ‖x‖ ≤ B with gap_k(R) > 0, any added point (m-points: m points)",
                    "nearly degenerate eigen-gaps, added points on the data sphere", (PCA_D,)),
    "lemE.3": Scope("any retained set R with gap_k(R) > 0, " + _SENS, "nearly degenerate gaps, points on the sphere",
                    (PCA_D,)),
    "lemE.4": Scope("any retained set with gap_k > 0, any symmetric E (noise-tail: any d, t ≥ 0)", "eigen-flips and "
                    "rotations of the released projector; t from 0 to 8", (PCA_D,)),
    "lemF.1": Scope("hard-margin SVM on any linearly separable R", "margin-defining pairs, thin margins, random "
                    "separable sets", (SVM_D,)),
    "lemF.2": Scope("hard-margin SVM, R ⊆ supp(D) with γ_R ≥ γ (m-points: m points)", "margin-defining support "
                    "vectors, thin true margins", (SVM_D,)),
    "lem3.5": Scope("hard-margin SVM, R ⊆ supp(D) with γ_R ≥ γ", "margin-defining support vectors", (SVM_D,)),
    "exG.2": Scope("ridge regression, |x| ≤ B, |y| ≤ Y, λ ≥ 0", "three points in [−1, 1]³, labels ±1, λ over orders "
                   "of magnitude", (ERM_LOSSES,)),
    "exG.3": Scope("logistic ERM on ‖w‖ ≤ R_w, |x| ≤ B, λ > 0", "balanced and one-sided labels, points at ±B",
                   (ERM_LOSSES,)),
    "lem3.7": Scope("logistic ERM on ‖w‖ ≤ R_w, |x| ≤ B, λ > 0, every z", "balanced and one-sided labels",
                    (ERM_LOSSES,)),
    "lemG.1": Scope("λ-regularised convex ERM, any R and added z (m-points: m points)", "ill-conditioned and strongly "
                    "regularised designs, the added point on a circle", (ERM_LOSSES,)),
    "lemG.4": Scope("ERM with M-Lipschitz Hessian, λ_0² ≥ 4ML/n", "label imbalances, points at ±B, n from 24 to 64",
                    (ERM_LOSSES,)),
    "exG.6": Scope("logistic ERM with n ≥ 4ML/λ_0²", "label imbalances, points at ±B, n from 24 to 64", (ERM_LOSSES,)),
    "lemG.5": Scope("every λ_0, M, L > 0 and 0 ≤ r_n < 1", "r_n from 10⁻⁶ to 1 − 10⁻⁶ and a search", ()),
    "table1:mse-lambda0": Scope("unregularised least squares with λ_min(XᵀX) > 0", "points on the data sphere, nearly "
                                "degenerate designs", (ERM_LOSSES,)),
    "table1:logloss-lambda0": Scope("unregularised logistic regression on |w| ≤ R_w", "label imbalances",
                                    (ERM_LOSSES,)),
    "table1:gs": Scope("λ-regularised logistic ERM, every z", "balanced and one-sided labels", (ERM_LOSSES,)),
    "lemH.1": Scope("descent-to-delete on λ_R-strongly convex, β_R-smooth ERM over R, " + _SENS,
                    "Example G.3's datasets, σ ∈ {1/10, 1/1000}, deleted points repeated or opposite", (ACTIVE,)),
    "lemH.2": Scope("Newton step on ERM with M-Lipschitz Hessian (m-points: m points)", "Example G.3's datasets with "
                    "R_w = 4 (interior minimisers)", (ACTIVE,)),
    "lemH.3": Scope("the Newton step with σ = c_(ε,δ)ML²/(λ_R³n²), " + _SENS, "Example G.3's datasets", (ACTIVE,)),
    "lem4.2": Scope("Newton step on logistic ERM, every z", "Example G.3's datasets with R_w = 4", (ACTIVE,)),
    "lem4.1": Scope("descent-to-delete's iteration counts, any data, ε, δ, σ", "Example G.3's datasets, σ ∈ {1/10, "
                    "1/1000}", (ACTIVE,)),
}
