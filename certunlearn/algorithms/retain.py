"""Retain sensitivity for unlearning (Heinzler, Malihi, Sanyal): reference implementations — entry point.

Paper file: ``papers/004_d584c64aaf1f17d0.txt``; line numbers below refer to it.

The unlearning pair of Theorem 2.11 (lines 113–121; Corollary 2.12, lines 127–129): both worlds — "unlearn U from
R ∪ U" and "retrain on R" — publish their deterministic output plus ``N(0, σ(R)²I)`` with the **same**
``σ(R) = RS(R)·c_(ε,δ)``, ``c_(ε,δ) = √(2 log(1.25/δ))/ε`` (Fact 1, line 77), computed from R alone:
:class:`RetainUnlearning`. The calibration c is swappable (``"classic"``, the exact Balle–Wang ``"exact"``,
``"zcdp"``, or any callable ``(ε, δ) ↦ c``), and so is the sensitivity (the paper's closed-form bound, or the exact
RS where it is exact).

Mechanisms (each a :class:`~.retain_sensitivity.Mechanism`; its docstring states the formulas and the m-deletion
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
:class:`~.retain_sensitivity.Sensitivities` record (actual shift, exact RS with its kind, bound, GS) and
:func:`~.retain_sensitivity.check_chain` decides ``actual ≤ RS ≤ bound ≤ GS`` rigorously, reporting violations.

Active algorithms: :class:`DescentToDeleteRS` (Algorithm 1 with ``I_R`` of Lemma H.1, on
:func:`certunlearn.algorithms.d2d.projected_gd`) publishes its own releases (σ given, I chosen); the Newton step
(Algorithm 2) is ``RetainUnlearning(NewtonStepRS(erm), ε, δ)`` — σ of line 725 is Theorem 2.11's σ for the bound of
Lemma H.3.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy
from flint import arb

from ..errors import InvalidParameterError
from ..formulas.retain import (  # the printed formulas (re-exported where listed in __all__)
    B_EPS_DELTA_EXPR, C_CLASSIC_EXPR, D2D_BOUND_EXPR, ERM_BOUND_EXPR, ERM_BOUND_M_EXPR, ERM_GS_EXPR, I_R_EXPR, LOGISTIC_CURVATURE_EXPR, LOGISTIC_L_EXPR, MEDIAN_GS_EXPR, MEDIAN_RS_EXPR, MSE_L_EXPR, MSE_L_FIX_EXPR, MST_EDGE_GS_EXPR, MST_VERTEX_BOUND_EXPR, MST_VERTEX_GS_EXPR, NEWTON_BOUND_EXPR, NEWTON_BOUND_M_EXPR, NEWTON_SIGMA_EXPR, PCA_BOUND_EXPR, PCA_BOUND_M_EXPR, PCA_GS_EXPR, SIGMA_EXPR, SVM_BOUND_EXPR, SVM_GS_EXPR,
)
from ..numeric.enclosure import arb_upper_float, to_arb
from ..numeric.precision import workprec
from .parameters import positive
from .r2d import PointMass
from .release import Certificate, GaussianRelease, Release, record_rng
from .retain_active import DescentToDeleteRS, NewtonStepRS
from .retain_graph import (
    MSTEdge, MSTVertex, VertexDeletion, cut_formula, exposed_edges, mst_edge_brute_force_rs, mst_weight, steiner_ratio,
)
from .retain_erm import ERM, Labeled, LogisticERM, RidgeERM, labeled
from .retain_numeric import Real
from .retain_sensitivity import (
    SYMBOLS, ChainCheck, Link, Mechanism, Quantity, RSResult, Sensitivities, check_chain, deletion_size,
)
from .retain_svm import HardMarginSVM, hard_margin_svm
from .retain_stats import Median, PCAProjector, median, median_brute_force_rs

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

#: The paper's printed formulas (Fact 1's ``C_CLASSIC_EXPR``, Theorem 2.11's ``SIGMA_EXPR``, the mechanisms'
#: bounds …) live once, in :mod:`certunlearn.formulas.retain`; they are imported above and re-exported here, so
#: ``from certunlearn.algorithms.retain import SIGMA_EXPR`` still works.


#: Calibrations by name: the ``method`` of :func:`certunlearn.privacy.calibrate` (σ for sensitivity Δ).
CALIBRATIONS = ("classic", "exact", "zcdp")

#: Mechanism classes by name.
MECHANISMS: dict[str, type] = {c.name: c for c in (Median, MSTEdge, MSTVertex, PCAProjector, HardMarginSVM, RidgeERM,
                                                   LogisticERM, DescentToDeleteRS, NewtonStepRS)}


def classic_multiplier(epsilon: Any, delta: Any) -> Real:
    """``c_(ε,δ) = √(2 log(1.25/δ))/ε`` of Fact 1 (line 77) as an enclosure (no restriction on ε here; Fact 1 and
    Theorem 2.11 assume ε ≤ 1 — ``RetainUnlearning(calibration="classic")`` enforces it)."""
    eps, dl = positive(epsilon, "epsilon"), positive(delta, "delta")
    if dl >= 1:
        raise InvalidParameterError("delta", f"must be in (0, 1), got {delta!r}")
    return Real.ball(lambda: (2 * (arb(5) / 4 / to_arb(dl)).log()).sqrt() / to_arb(eps), note="Fact 1")


@dataclass(frozen=True, eq=False)
class RetainUnlearning:
    """The learning–unlearning pair of Theorem 2.11 (lines 113–121) for a deterministic ``mechanism``.

    ``unlearn(R, U)`` publishes ``N(Ā_0(U, A(R ∪ U), R ∪ U), σ(R)²I)`` and ``retrain(R)`` publishes
    ``N(Ā_0(∅, A(R), R), σ(R)²I)``; ``σ(R)`` depends on R only (the retained set both worlds share; the unlearner
    computes it as ``(R ∪ U) \\ U``).

    ``sensitivity``: ``"bound"`` — the mechanism's closed-form bound (what the paper calibrates to); ``"exact"`` —
    the exact RS (refused where only a lower bound is available); or a callable ``(R, m) ↦`` number.
    ``m``: the largest deletion set the certificate covers (Definition 2.2, line 45: every U with
    ``|U ∪ R| ≤ n + m``); σ is calibrated to ``max_(j ≤ m)`` of the sensitivity for j deletions.
    ``calibration``: ``"classic"`` (σ = Δ·c_(ε,δ) of Fact 1, refused for ε > 1), ``"exact"`` (Balle–Wang),
    ``"zcdp"`` — all through :func:`certunlearn.privacy.calibrate`, rounded up — or a callable ``(ε, δ) ↦ c``
    (σ = Δ·c rounded up)."""

    mechanism: Mechanism
    epsilon: Any
    delta: Any
    m: int = 1
    calibration: str | Callable[[Any, Any], Any] = "classic"
    sensitivity: str | Callable[[Any, int], Any] = "bound"

    def __post_init__(self) -> None:
        if not isinstance(self.mechanism, Mechanism):
            raise InvalidParameterError("mechanism", f"expected a Mechanism, got {type(self.mechanism).__name__}")
        object.__setattr__(self, "epsilon", positive(self.epsilon, "epsilon"))  # exact from here on
        object.__setattr__(self, "delta", positive(self.delta, "delta"))
        if self.delta >= 1:
            raise InvalidParameterError("delta", f"must be in (0, 1), got {self.delta!r}")
        deletion_size(self.m)
        if isinstance(self.calibration, str) and self.calibration not in CALIBRATIONS:
            raise InvalidParameterError("calibration", f"expected one of {CALIBRATIONS} or a callable, "
                                                       f"got {self.calibration!r}")
        if isinstance(self.sensitivity, str) and self.sensitivity not in ("bound", "exact"):
            raise InvalidParameterError("sensitivity", f"expected 'bound', 'exact' or a callable, got {self.sensitivity!r}")

    # -- σ(R) ---------------------------------------------------------------------------------------
    def retain_sensitivity(self, R: Any) -> float:
        """``max_(j ≤ m)`` of the calibration sensitivity, as a float rounded up (+inf if a bound does not exist)."""
        R = self.mechanism.prepare(R)
        values = []
        for j in range(1, self.m + 1):
            if callable(self.sensitivity):
                v = self.sensitivity(R, j)
                v = v if isinstance(v, Real) else Real.rational(v)
            else:
                v = self.mechanism.calibration_sensitivity(R, j, use=self.sensitivity)
            values.append(v.upper())
        return max(values)

    def sigma(self, R: Any) -> float:
        """``σ(R) = RS(R)·c_(ε,δ)`` (Theorem 2.11, line 115), a float ≥ the exact value (0 when RS = 0)."""
        delta_ = self.retain_sensitivity(R)
        if delta_ == float("inf"):
            raise InvalidParameterError("R", f"the {self.sensitivity} sensitivity of {self.mechanism.name} is infinite "
                                             "here (e.g. λ_R = 0 or gap_k(R) = 0): no finite σ(R)")
        if delta_ == 0:
            return 0.0
        if callable(self.calibration):
            c = self.calibration(self.epsilon, self.delta)
            c = c if isinstance(c, Real) else Real.rational(c)
            with workprec(128):
                return arb_upper_float(to_arb(delta_) * c.arb())
        from ..privacy import calibrate

        return calibrate(self.epsilon, self.delta, delta_, method=self.calibration)

    # -- the two worlds -----------------------------------------------------------------------------
    def _law(self, mean: np.ndarray, sigma: float) -> GaussianRelease | PointMass:
        mean = np.asarray(mean, dtype=object) if not isinstance(mean, np.ndarray) else mean
        return PointMass(mean) if sigma == 0 else GaussianRelease(mean, sigma=sigma)

    def _certificate(self, kind: str, sigma: float, R: Any, **extra: Any) -> Certificate:
        mech = self.mechanism
        claim = "retain.cor2.12" if mech.passive else "retain.thm2.11"
        text = {"unlearn": f"(ε, δ)-unlearning (Definition 2.2, line 45) of {mech.name} by "
                           f"{'Corollary 2.12' if mech.passive else 'Theorem 2.11'}: the same σ(R) in both worlds",
                "retrain": f"retraining baseline of {mech.name}: Ā_0(∅, A(R), R) + N(0, σ(R)²I)"}[kind]
        params = {"epsilon": self.epsilon, "delta": self.delta, "sigma": sigma, "m": self.m,
                  "sensitivity": self.sensitivity if isinstance(self.sensitivity, str) else "callable",
                  "calibration": self.calibration if isinstance(self.calibration, str) else "callable",
                  "mechanism": mech.name, **extra}
        return Certificate(text, params, claim if kind == "unlearn" else None)

    def unlearn(self, R: Any, U: Any, rng: Any = None) -> Release:
        """The unlearning world: ``Ā_0(U, A(R ∪ U), R ∪ U) + N(0, σ(R)²I)``."""
        R = self.mechanism.prepare(R)
        U = self.mechanism.deletion(R, U)
        size = self.mechanism.size(U)
        if size > self.m:
            raise InvalidParameterError("U", f"deletes {size} points, the certificate covers m = {self.m}")
        sigma = self.sigma(R)
        return self._publish(self.mechanism.update(R, U), sigma, R, rng, "unlearn", deleted=size)

    def retrain(self, R: Any, rng: Any = None) -> Release:
        """The retrained world: ``Ā_0(∅, A(R), R) + N(0, σ(R)²I)``."""
        R = self.mechanism.prepare(R)
        return self._publish(self.mechanism.baseline(R), self.sigma(R), R, rng, "retrain")

    def _publish(self, mean: np.ndarray, sigma: float, R: Any, rng: Any, kind: str, **extra: Any) -> Release:
        g, seed, state = record_rng(rng) if rng is not None else (None, None, None)
        law = self._law(mean, sigma)
        published = law.sample(g) if g is not None else None
        return Release(law, R, self._certificate(kind, sigma, R, **extra), seed, state, published)

    def true_delta(self, R: Any, U: Any) -> Real:
        """The exact δ(ε) between the two published laws (Balle–Wang profile of the actual mean shift at σ(R)),
        as an enclosure — what the (ε, δ)-unlearning claim bounds by δ."""
        from ..privacy import delta_enclosure

        R = self.mechanism.prepare(R)
        U = self.mechanism.deletion(R, U)
        shift, sigma = self.mechanism.shift(R, U), self.sigma(R)
        if shift.exact == 0:
            return Real.rational(0)
        if sigma == 0:
            return Real.rational(1)
        return Real.ball(lambda: delta_enclosure(self.epsilon, sigma, shift.arb()), note="Balle–Wang profile")
