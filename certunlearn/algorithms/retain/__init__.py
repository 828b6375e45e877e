"""Retain sensitivity for unlearning (Heinzler, Malihi, Sanyal): reference implementations (this package).

Paper file: ``papers/004_d584c64aaf1f17d0.txt``; line numbers below refer to it.

The unlearning pair of Theorem 2.11 (lines 113–121; Corollary 2.12, lines 127–129): both worlds — "unlearn U from
R ∪ U" and "retrain on R" — publish their deterministic output plus ``N(0, σ(R)²I)`` with the **same**
``σ(R) = RS(R)·c_(ε,δ)``, ``c_(ε,δ) = √(2 log(1.25/δ))/ε`` (Fact 1, line 77), computed from R alone:
:class:`RetainUnlearning`. The calibration c is swappable (``"classic"``, the exact Balle–Wang ``"exact"``,
``"zcdp"``, or any callable ``(ε, δ) ↦ c``), and so is the sensitivity (the paper's closed-form bound, or the exact
RS where it is exact).

Mechanisms (each a :class:`~.sensitivity.Mechanism`; its docstring states the formulas and the m-deletion
extension with its derivation):

* :class:`Median` — exact RS: **exact** (closed form by monotonicity; :func:`median_brute_force_rs` enumerates a
  finite universe as a check); bound Lemma C.1; GS ``B/2``.
* :class:`MSTEdge` — exact RS: **exact** (brute force over the non-edges at weight 0); bound the cut formula of
  Lemma 3.3 / D.1; GS ``B``.
* :class:`MSTVertex` — exact RS: **exact** (brute force over a finite metric universe; ``edges="full"`` — the
  reading Theorem D.4's proof uses — or ``"any"`` — the definition as printed); bound Theorem D.4; GS ``(n − 2)B``
  (only a lower bound in the paper).
* :class:`PCAProjector` — exact RS: **lower bound** (multistart; witnesses evaluated on certified projectors);
  bound Lemma 3.4 / E.2; GS ``√(2 min(k, d − k))``.
* :class:`HardMarginSVM` — exact RS: **exact** (brute force over a finite support, exact rational SVMs); bound
  Lemma F.2; GS ``1/γ``.
* :class:`RidgeERM` — exact RS: **exact** for d = 1, m = 1 (closed form), else **lower bound** (multistart, exact
  rational witnesses); bound eq. (2) ``L^MSE/(nλ_R)`` as printed (``gradient_bound="fixed"``: with the regulariser's
  gradient, a ``+fix``); GS ``Δ_GS = L/(nλ)``.
* :class:`LogisticERM` — exact RS: **lower bound** (multistart, certified minimisers); bound eq. (3); GS ``L/(nλ)``.
* :class:`DescentToDeleteRS` — exact RS of the update map: **lower bound**; bound ``γ_R^I L/(nλ_R)`` (Lemma H.1);
  GS the global analysis after the same I steps.
* :class:`NewtonStepRS` — exact RS: **exact** 0 for the MSE, else **lower bound**; bound ``L²M/(n²λ_R³)``
  (Lemma H.3); GS ``L²M/(n²λ³)`` (Lemma 4.2).

Every mechanism takes deletion sets of size m; its docstring gives the m-extension of the bound and its derivation
(the future ``+fix``-style extension claims).

For a retained set R and a deletion set U, ``mechanism.sensitivities(R, U)`` returns the
:class:`~.sensitivity.Sensitivities` record (actual shift, exact RS with its kind, bound, GS) and
:func:`~.sensitivity.check_chain` decides ``actual ≤ RS ≤ bound ≤ GS`` rigorously, reporting violations.

Active algorithms: :class:`DescentToDeleteRS` (Algorithm 1 with ``I_R`` of Lemma H.1, on
:func:`certunlearn.algorithms.d2d.projected_gd`) publishes its own releases (σ given, I chosen); the Newton step
(Algorithm 2) is ``RetainUnlearning(NewtonStepRS(erm), ε, δ)`` — σ of line 725 is Theorem 2.11's σ for the bound of
Lemma H.3.
"""
from __future__ import annotations

from ...formulas.retain import (  # the printed formulas, re-exported (the package's public surface)
    B_EPS_DELTA_EXPR, C_CLASSIC_EXPR, D2D_BOUND_EXPR, ERM_BOUND_EXPR, ERM_BOUND_M_EXPR, ERM_GS_EXPR, I_R_EXPR,
    LOGISTIC_CURVATURE_EXPR, LOGISTIC_L_EXPR, MEDIAN_GS_EXPR, MEDIAN_RS_EXPR, MSE_L_EXPR, MSE_L_FIX_EXPR,
    MST_EDGE_GS_EXPR, MST_VERTEX_BOUND_EXPR, MST_VERTEX_GS_EXPR, NEWTON_BOUND_EXPR, NEWTON_BOUND_M_EXPR,
    NEWTON_SIGMA_EXPR, PCA_BOUND_EXPR, PCA_BOUND_M_EXPR, PCA_GS_EXPR, SIGMA_EXPR, SVM_BOUND_EXPR, SVM_GS_EXPR,
)
from .active import DescentToDeleteRS, NewtonStepRS
from .erm import ERM, Labeled, LogisticERM, RidgeERM, labeled
from .graph import (
    MSTEdge, MSTVertex, VertexDeletion, cut_formula, exposed_edges, mst_edge_brute_force_rs, mst_weight, steiner_ratio,
)
from .numeric import Real
from .sensitivity import SYMBOLS, ChainCheck, Link, Mechanism, Quantity, RSResult, Sensitivities, check_chain
from .stats import Median, PCAProjector, median, median_brute_force_rs
from .svm import HardMarginSVM, hard_margin_svm
from .unlearning import CALIBRATIONS, MECHANISMS, RetainUnlearning, classic_multiplier

__all__ = [
    # Theorem 2.11
    "C_CLASSIC_EXPR", "SIGMA_EXPR", "CALIBRATIONS", "classic_multiplier", "RetainUnlearning", "MECHANISMS",
    # sensitivities and the chain
    "Real", "Sensitivities", "RSResult", "Quantity", "Link", "ChainCheck", "check_chain", "Mechanism", "SYMBOLS",
    # passive mechanisms
    "Median", "median", "median_brute_force_rs", "MSTEdge", "MSTVertex", "VertexDeletion", "mst_weight",
    "cut_formula", "exposed_edges", "mst_edge_brute_force_rs", "steiner_ratio", "PCAProjector", "HardMarginSVM",
    "hard_margin_svm", "ERM", "RidgeERM", "LogisticERM", "Labeled", "labeled",
    # active mechanisms
    "DescentToDeleteRS", "NewtonStepRS",
    # printed expressions
    "MEDIAN_RS_EXPR", "MEDIAN_GS_EXPR", "MST_EDGE_GS_EXPR", "MST_VERTEX_BOUND_EXPR", "MST_VERTEX_GS_EXPR",
    "PCA_BOUND_EXPR", "PCA_BOUND_M_EXPR", "PCA_GS_EXPR", "SVM_BOUND_EXPR", "SVM_GS_EXPR", "ERM_BOUND_EXPR",
    "ERM_BOUND_M_EXPR", "ERM_GS_EXPR", "MSE_L_EXPR", "MSE_L_FIX_EXPR", "LOGISTIC_L_EXPR", "LOGISTIC_CURVATURE_EXPR",
    "B_EPS_DELTA_EXPR", "I_R_EXPR", "D2D_BOUND_EXPR", "NEWTON_BOUND_EXPR", "NEWTON_BOUND_M_EXPR", "NEWTON_SIGMA_EXPR",
]
