"""Derivations of the retain-sensitivity claims (``certunlearn.claims.retain``), step by step, as printed.

The printed expressions they end in come from their one home, :mod:`certunlearn.formulas.retain`.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).

* ``retain.fact1`` — Dwork & Roth's proof, the same chain as ``gaussian.classic`` (reused, re-targeted), over
  the paper's wider range δ ∈ (0, 1): the proof's side condition c ≥ 3/2 fails there, and comes out refuted.
* ``retain.thm2.11`` / ``retain.cor2.12`` — the proof of lines 117–121: the actual shift is κ·RS with κ ≤ 1
  (definition of RS, Z = U), the Balle–Wang profile increases with the shift, and Fact 1 at Δ = RS.
* ``retain.lemC.1`` / ``retain.lem3.1`` — the median's RS by monotonicity: the extremes are Z = {0} and {B}.
* ``retain.exG.2`` (+fix) — Lemma G.1's chain with Example G.2's gradient bound: the printed step
  ‖∇f(w, z)‖ ≤ B(B‖w‖ + 1) drops the regulariser's λ‖w‖ and is refuted; the +fix keeps it.
* ``retain.lemE.1`` (both norms) — from the closed-form projector distance (``DK_DISTANCE_2X2_EXPR``, the claims'
  quantity) in spectral coordinates of A and Ã: Davis–Kahan divides by the separation δ = ρ₀ + ρ₁ − τ, the printed
  lemma by gap = 2ρ₀: that step is refuted; the +fix chains prove |sin Θ| ≤ ‖ρ₁u₁ − ρ₀u₀‖/ρ₀ ≤ 2‖E‖/gap (2×2).
* ``retain.lemG.1`` (both inequalities, m points) — from the exact ridge shift ‖H⁻¹g‖/n (``RIDGE_SHIFT_2X2_EXPR``,
  first-order optimality of the quadratic risk), Lemma G.1's ‖H⁻¹g‖ ≤ ‖g‖/λ_min proved in H's eigenbasis.
* ``retain.exG.3`` … ``retain.table1:*`` — Lemma G.1's monotonicity chain and its instantiations (Example G.3,
  Lemma 3.7, Table 1); ``retain.lemG.4`` — the printed solve of r(λ_0 − Mr) ≤ L/n from r < λ_0/M is refuted (r can
  sit past the larger root), the +fix adds the continuity bound r ≤ λ_0/(2M); ``retain.lemG.5`` — line 649's
  "1 ≤ √(1−r) + 1 − r/2" is refuted for r > 0.83 (eq. (4) still holds); ``retain.lem4.1`` — dropping eq. (5)'s
  ceilings is refuted, the +fix keeps them (both directions: ``retain.lem4.1:lower`` (+fix)); Lemmas H.1, H.2, 4.2,
  F.1, D.3 and the m-point extensions (``retain.lemH.1:m-points+fix``: eq. (5) with mL); ``retain.lemE.4`` — the
  triangle inequality and Weyl's step before the O(·), and ``retain.lemE.4:noise-tail`` — Sudakov–Fernique and
  Gaussian concentration for the noise's operator norm. Lemma H.3's
  proof is "apply Theorem 2.11" (line 758): ``retain.lemH.3`` names ``retain.thm2.11``'s derivation.

The parts follow the paper's structure: :mod:`.common` (the shared symbols and Balle & Wang's profile),
:mod:`.sensitivity` (Section 2: Fact 1, Theorem 2.11, Corollaries 2.8 and 2.12), :mod:`.median` (Section 3.1,
Appendix C), :mod:`.mst` (Section 3.2, Appendix D), :mod:`.pca` (Section 3.3, Appendix E), :mod:`.svm` (Section 3.4,
Appendix F), :mod:`.erm` (Section 3.5, Appendix G, Table 1) and :mod:`.active` (Section 4, Appendix H).

Starts checked on structured shapes (the claim's quantity run on sympy symbols, step 1 naming the proof's symbols there,
the rest the proof's for every instance): the MST lemmas D.1, 3.3, D.1 for m edges, D.3 and Theorem D.4+fix on ordered
paths, a star and a line (:mod:`.mst_runs`); Corollary 2.8 through RS := the median's, the ridge's or the SVM's run;
the ridge rows (Example G.2, Table 1 at λ = 0) on Σxy = 0, B² ≤ a + (n+1)λ; the SVM lemmas F.2, 3.5 on a d = 1 support.

Why each remaining start is stated: :mod:`.stated`.

Convention: ``derivations() -> list[Derivation]`` (see :mod:`certunlearn.derive`).
"""
from __future__ import annotations

from certunlearn.derive import Derivation

from .active import (
    derivations_d2d_m, derivations_lem41_lower, lem41, lem41_fix, lem42, lemH1, lemH1_sensitivity, lemH2, lemH2_m,
)
from .erm import (
    exG2, exG2_fix, exG3, exG6, lem37, lemG1, lemG1_m, lemG1_second, lemG4, lemG4_fix, lemG5, lemG5_lower, table1_gs,
    table1_log0, table1_mse0,
)
from .median import ex32, lem31, lem31_lower, lemC1, lemC1_m, rs_below_gs
from .mst import lem33, lemD1, lemD1_m, lemD3, thmD4, thmD4_fix
from .pca import derivations_e4, lemE1, lemE1_fix, lemE1_fro, lemE1_fro_fix, lemE2, lemE2_m
from .sensitivity import cor28, cor28_erm, cor28_svm, cor212, fact1, thm211
from .stated import with_reason
from .svm import lem35, lemF1, lemF1_lower, lemF2, lemF2_m


def derivations() -> list[Derivation]:
    return [with_reason(d) for d in _derivations()]


def _derivations() -> list[Derivation]:
    return [cor28(), cor28_svm(), cor28_erm(), ex32(), fact1(), thm211(), cor212(), lemC1(), lem31(), lem31_lower(), lemD1(), lemD1_m(), lem33(), thmD4(), thmD4_fix(), lemE2(), lemE2_m(), rs_below_gs(), lemF2(), lem35(), exG2(), exG2_fix(), lemE1(), lemE1_fro(), lemE1_fix(), lemE1_fro_fix(), lemG1(),
            lemG1_second(), exG3(), lem37(), lemG4(), lemG4_fix(), exG6(), lemG5(), lemG5_lower(), lemF1(), lemF1_lower(),
            lemD3(), lemH1(), lemH1_sensitivity(), lemH2(), lem42(), lem41(), lem41_fix(), lemC1_m(), lemG1_m(),
            lemF2_m(), lemH2_m(), table1_mse0(), table1_log0(), table1_gs(), *derivations_e4(),
            *derivations_d2d_m(), *derivations_lem41_lower()]
