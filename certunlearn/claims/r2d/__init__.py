"""Claims of Rewind-to-Delete (Mu & Klabjan), encoded as printed.

**Where each item lives** (paper item → module of this package; line ranges refer to the paper file):

==========================================================  =====================================================
Lemma 2.3 (lines 113–117; App. A, lines 321–338)               :mod:`.proximal`
Theorem 3.1, unlearning, eq. (3) (lines 133–143; App. B,       :mod:`.unlearning`
lines 342–451); Corollary 3.2 (line 149); Lemmas B.2, B.3
(lines 376, 421); Theorem B.1 (line 348)
Section 4.2 (lines 220–230); Appendix D.1 (lines 608–618)     :mod:`.experiments`
Theorem 3.1, utility, eq. (4) (lines 133–147, 453–504);        :mod:`.utility`
Corollaries 3.5, 3.6 (lines 175–197; App. B.1–B.2, lines
506–555); Lemma B.4 (lines 547–553)
Lemma B.4 on finite-support populations                       :mod:`.populations`
Corollary 3.6 on finite-support populations (E over D ~ Z^n,   :mod:`.population_runs`
every dataset of the support run exactly)
Lemma B.4 and Corollary 3.6 on bounded continuous populations  :mod:`.continuous`
(quadratic losses: closed forms in the law's two moments)
Corollary 3.6 on bounded continuous populations with the link  :mod:`.cell_population`
least squares (sine, bump; E over D enclosed by sum cells)
Lemma B.4 on bounded continuous populations, output maps not   :mod:`.cell_outputs`
affine in x̄' (E over D' enclosed cell by cell)
Appendix D.1's printed L̂ (lines 614–618) on quadratics: its   :mod:`.lhat`
exact law (the ratio's CDF to the 400th power)
Appendix C (lines 575–598); Table 3 (lines 575–590)           :mod:`.tables`
the shared instance families and adversaries                 :mod:`.families`
the gradient-descent problem, its hypotheses and exact runs   :mod:`.quantities`
the printed expressions and prescribed parameters            :mod:`certunlearn.formulas.r2d`
==========================================================  =====================================================

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt`` (an HTML conversion; line numbers below refer to it, formulas
read from their LaTeX copies). Derivations: ``proofs/r2d/``. Algorithms: :mod:`certunlearn.algorithms.r2d`
(Algorithm 1 ``learn``, Algorithm 2 ``unlearn``, ``retrain``, ``descent_path``); losses:
:class:`~certunlearn.problems.Linear` and :class:`~certunlearn.problems.nonconvex.ConcaveQuadratic`.

**Symbols** (shared with the proofs): ``n`` = |D|, ``m`` = |Z|, ``eta`` = η, ``L`` = the smoothness of every
f_z, ``G`` = the gradient bound ‖∇f_z‖ < G, ``T`` learning steps, ``K`` rewound steps, ``t`` an iteration index;
the prescribed σ of Theorem 3.1 (eq. (3), line 85) is ``certunlearn.formulas.r2d.SIGMA_31`` — what ``algorithms.r2d.noise_scale``
evaluates.

**Instances** of the gradient-descent claims hold the theorem's scalars (``n``, ``m``, ``eta``, ``L``, ``G``,
``T``, ``K``, ``epsilon``, ``delta``; ``t`` for Lemma B.2) and the problem: ``family`` (0 = linear losses
⟨x, θ⟩ on Θ = R^d; 1 = concave quadratics −(λ/2)‖θ − x‖² on the box Θ = [lo, hi], with ``lam`` = λ; 2 = convex
quadratics; 3 = separable piecewise quadratics Σ_k φ(θ_k − x_k) — Huber, concave Huber, the non-convex PL dip —
with ``shape`` and ``param``, on R^d or a box: :mod:`certunlearn.problems.r2d_piecewise`), the data
radius ``R``, the dataset ``X`` (n rows; **the last m rows are Z**, the deleted points, as in the paper's proof,
line 352: "WLOG"), and ``theta0``. Hypotheses check Theorem 3.1's assumptions exactly: the family's declared,
verified constants on Θ (smoothness ≤ L, gradient bound < G — strict, as printed), m < n, 0 ≤ K < T, the step
size η ≤ min{1/L, n/(2(n−m)L)}, 0 < ε ≤ 1, and every iterate in Θ (the descent is unprojected; the gradient
bound is declared on Θ only).

**Quantities** are exact: gradient descent on these losses is rational (piecewise losses branch by branch), so θ_T, θ_{T−K}, θ''_K (Algorithm 2)
and θ'_T (retraining on D') are Fractions; the published laws are N(θ''_K, σ²I) and N(θ'_T, σ²I), so the true δ
at ε is ``privacy.delta_enclosure(ε, σ, ‖θ''_K − θ'_T‖)`` (Balle & Wang 2018, Thm 8). :func:`report` gives, for
the notebook, the true shift beside its bound, the true δ, the effective ε at the target δ and ηLT.

**Claims** (ids ``r2d.*``): ``lem2.3`` (proximal inversion) and its control ``lem2.3:control-step-2-over-L``;
``thmB.1`` (the Gaussian mechanism as printed, for any ε) and ``thmB.1+fix`` (ε ≤ 1); ``lemB.2`` (divergence of
the learning trajectories), ``lemB.3`` (expansion during the K retained steps); ``thm3.1`` (the noise σ of
eq. (3)) with ``thm3.1:control-sigma-halved``; ``thm3.1:utility`` (the explicit inequality behind eq. (4)) and
``+fix``; ``cor3.2`` (K(ε)); ``cor3.5`` (PL empirical risk) and ``+fix``; ``lemB.4`` and ``cor3.6`` (population
risk, on point-mass and finite-support populations); ``rem3.3`` (sequential requests, σ at the total m + k) with
``rem3.3:control-sigma-first-batch``; ``table1:r2d-storage`` and ``table1:d2d-storage``
(Table 1's storage O(d) as a rate, for R2D and for Descent-to-delete's reference implementation);
``appC-radius`` (+fix), ``table3:newton`` (Appendix C's noise comparison; quantity the true δ, enclosed; no negative
control: the printed row is itself violated). Table 3's D2D row is
d2d's Theorem 3.1 after renaming and is checked there (``d2d.thm3.1``), not again here;
and what the experiments certify outside the paper's conditions: ``sec4.2-epsilon-above-1`` (ε > 1 with Balle &
Wang's calibration), ``sec4.2-decaying-step`` (σ at the final step of a decaying schedule),
``appD.1-gradient-estimate`` (G estimated from batch gradients), ``appD.1-lipschitz-estimate`` (the printed L̂).
Corrected: ``sec4.2-decaying-step+fix`` (σ from the schedule's own expansion factors), ``appD.1-gradient-estimate+fix``
and ``appD.1-lipschitz-estimate+fix`` (the certified G and L), ``lemB.4+fix`` and ``cor3.6+fix`` (coefficient
1 + L/(2μ) on the optimisation error, Corollary 3.5+fix substituted).

**Structured families.** *Opposed linear losses*: retained x = +R, deleted x = −R — the trajectories diverge by
exactly η·2mR/n per step, the most any gradient-bounded loss allows, and the printed bound 2Gm/(Ln)((1 +
ηLn/(n−m))^t − 1) → 2ηGmt/(n−m) as L → 0 (a linear loss is L-smooth for every L > 0): tightness (n−m)/n.
*Concave quadratics near their maximum*: every step expands distances by exactly 1 + ηλ (Lemma B.3 attained);
the drift, though, is then limited by the gradient bound on the region the iterates cross. *Small n*: every
deletion set of a random dataset.

**Table 3's baselines** (lines 575–590). *Newton step* (Guo et al. 2020), ``table3:newton``: read as Guo et al.'s
Theorem 3 with their Theorem 1's residual bound — learning minimises Σℓ(wᵀx_i, y_i) + (λn/2)‖w‖² + bᵀw with
b ~ N(0, σ²I) (‖x_i‖ ≤ 1, ℓ'' L-Lipschitz, ‖∇ℓ‖ ≤ G), removal publishes one Newton step w* + H⁻¹Δ, and the
certificate compares its law with the exact minimiser on D' (same b law), both directions. It is checked exactly in
one dimension with the logistic loss: both outputs are monotone functions of b, so both laws are pushforwards of
N(0, σ²), and δ is enclosed cell by cell over the learned model (:mod:`.newton_enclosure`). *CNS* (Zhang et al. 2024) and *HF* (Qiao
et al. 2024) are **not** registered as claims: their mechanisms are defined only in papers certunlearn does not have,
and the rows leave undefined what their σ depends on — for CNS the caption (line 586) names ρ "a probability less than
1", λ_min "the minimum eigenvalue of the Hessian" and P "the Lipschitz constant of the Hessian", but not of which random
event ρ is the probability (nor how it enters δ), of which loss and at which point λ_min is taken, nor the step that produces
the terms 2R(PR + λ)/(λ + λ_min), 32√log(d/ρ)/(λ + λ_min) and 1/8 (P the Hessian-Lipschitz constant); for HF the
constant ζ_T^{−U} (only "dependent on the upper and lower bounds of the Hessian spectrum", growing with T) and the
unlearning update it multiplies. Checking either would mean guessing the mechanism; what remains without it — the
Gaussian mechanism σ = Δ√(2log(1.25/δ))/ε for some sensitivity Δ — is Theorem B.1 (``thmB.1``), already checked.
"""
from __future__ import annotations

from .experiments import CLAIMS_EXP
from .families import gd_instance
from .proximal import CLAIMS_23
from .sequential import CLAIMS_REM33
from .quantities import LINEAR, report, runs_of, true_shift, unlearning_delta
from .tables import CLAIMS_TABLE
from .unlearning import CLAIMS_31, CLAIMS_B1
from .utility import CLAIMS_UTIL
from ..declared_scope import with_scope
from .scope import SCOPE


__all__ = ["CLAIMS", "LINEAR", "gd_instance", "report", "runs_of", "true_shift", "unlearning_delta"]

#: the printed class, reach and narrowings of every claim (DESIGN.md "Scope"): :mod:`.scope`
CLAIMS = tuple(with_scope(CLAIMS_23 + CLAIMS_31 + CLAIMS_REM33 + CLAIMS_B1 + CLAIMS_EXP + CLAIMS_UTIL + CLAIMS_TABLE,
                          SCOPE))

#: Coverage (``certunlearn.claims.coverage``): every numbered statement, formula-bearing table row and algorithm of
#: the paper, in its order, with the claims that check it or the reason none can.
ITEMS: dict[str, tuple[str, ...] | str] = {
    "Table 1, Newton step row (storage O(d²))": "Guo et al.'s Newton step runs in certunlearn only in one dimension "
                                                 "(algorithms.r2d.baselines, for Table 3's row), where the d×d "
                                                 "Hessian behind O(d²) is a scalar: no rate in d to measure",
    "Table 1, Descent-to-delete row (storage O(d))": ("r2d.table1:d2d-storage",),
    "Table 1, Langevin unlearning row (storage O(d))": "a storage count of a mechanism not in certunlearn (Chien "
                                                         "et al. 2024a)",
    "Table 1, Constrained Newton Step row (storage O(d²))": "a storage count of a mechanism not in certunlearn "
                                                              "(Zhang et al. 2024)",
    "Table 1, Hessian-Free row (storage O(nd))": "a storage count of a mechanism not in certunlearn (Qiao et al. 2024)",
    "Table 1, R2D row (storage O(d))": ("r2d.table1:r2d-storage",),
    "Definition 2.1": "a definition ((ε, δ)-indistinguishability): what every certificate's quantity computes",
    "Definition 2.2": "a definition ((ε, δ)-unlearning): what every unlearning certificate's quantity computes",
    "Algorithm 1": ("r2d.thm3.1", "r2d.lemB.2"),
    "Algorithm 2": ("r2d.thm3.1", "r2d.lemB.3", "r2d.rem3.3"),
    "Lemma 2.3": ("r2d.lem2.3",),
    "Algorithm 3": ("r2d.lem2.3",),
    "Theorem 3.1": ("r2d.thm3.1", "r2d.thm3.1:utility", "r2d.thm3.1:utility+fix"),
    "Corollary 3.2": ("r2d.cor3.2",),
    "Remark 3.3": ("r2d.rem3.3",),
    "Definition 3.4": "a definition (the PL inequality): a hypothesis of Corollaries 3.5–3.6, decided on their instances",
    "Corollary 3.5": ("r2d.cor3.5", "r2d.cor3.5+fix"),
    "Corollary 3.6": ("r2d.cor3.6", "r2d.cor3.6+fix"),
    "Section 4.2 (the experiments' noise calibration)": ("r2d.sec4.2-epsilon-above-1", "r2d.sec4.2-decaying-step",
                                                         "r2d.sec4.2-decaying-step+fix"),
    "Table 2": "a table of measured computation times (data)",
    "Lemma A.1": "an imported tool (Drusvyatskiy 2017, line 329: −f + (L/2)‖θ‖² is convex for an L-smooth f): for a "
                 "twice differentiable f it is the hypothesis itself (∇²(−f + (L/2)‖θ‖²) = LI − ∇²f ⪰ 0 is "
                 "‖∇²f‖ ≤ L's upper half), so a check would compare the smoothness hypothesis with itself; its "
                 "constant L/2 is exercised where it is used — Lemma 2.3 (r2d.lem2.3) and Algorithm 3's certified "
                 "prox error",
    "Theorem B.1": ("r2d.thmB.1", "r2d.thmB.1+fix"),
    "Lemma B.2": ("r2d.lemB.2",),
    "Lemma B.3": ("r2d.lemB.3",),
    "Lemma B.4": ("r2d.lemB.4", "r2d.lemB.4+fix"),
    "Table 3, Newton step row": ("r2d.table3:newton",),
    "Table 3, Descent-to-delete row": "the d2d paper's Theorem 3.1 σ after renaming (M → L, L → M, λ → m, K → I): "
                                      "checked there as d2d.thm3.1; an r2d copy would be the same claim again",
    "Table 3, Langevin unlearning row": "no formula (“no closed-form solution for σ”)",
    "Table 3, Constrained Newton Step row": "the caption (line 586) defines the symbols — P the Hessian's Lipschitz "
                                            "constant, λ_min its minimum eigenvalue, ρ a probability < 1 — but not "
                                            "the mechanism σ calibrates: which update is released (Zhang et al. "
                                            "2024's constrained Newton step, not stated here), at which point λ_min "
                                            "is taken, and of which event ρ is the probability and how it enters δ; "
                                            "without the mechanism no true δ can be computed",
    "Table 3, Hessian-Free row": "the constant ζ_T^{−U} and the update it multiplies are defined only in Qiao et "
                                 "al. 2024 (see this module's docstring)",
    "Table 3, R2D row": ("r2d.thm3.1",),
    "Appendix C (σ = O(R) from any feasible weights)": ("r2d.appC-radius", "r2d.appC-radius+fix"),
    "Appendix D.1 (estimated G and L)": ("r2d.appD.1-gradient-estimate", "r2d.appD.1-lipschitz-estimate",
                                         "r2d.appD.1-gradient-estimate+fix", "r2d.appD.1-lipschitz-estimate+fix"),
    "Tables 4–9": "tables of experiment parameters and measured results (data)",
}
