"""The unlearning pair of Theorem 2.11 of Retain Sensitivity for Unlearning (Heinzler, Malihi, Sanyal; lines 113–121;
Corollary 2.12, lines 127–129): :class:`RetainUnlearning`, both worlds publishing their output plus ``N(0, σ(R)²I)``
with ``σ(R) = RS(R)·c_(ε,δ)`` (Fact 1, line 77) computed from R alone. Paper file ``papers/004_d584c64aaf1f17d0.txt``.
The mechanisms it calibrates live beside it in this package (:mod:`certunlearn.algorithms.retain`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from flint import arb

from ...errors import InvalidParameterError
from ...numeric.enclosure import arb_upper_float, to_arb
from ...numeric.precision import workprec
from ..parameters import positive
from ..r2d import PointMass
from ..release import Certificate, GaussianRelease, Release, record_rng
from .active import DescentToDeleteRS, NewtonStepRS
from .graph import MSTEdge, MSTVertex
from .erm import LogisticERM, RidgeERM
from .numeric import Real
from .sensitivity import Mechanism, deletion_size
from .svm import HardMarginSVM
from .stats import Median, PCAProjector


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
        from ...privacy import calibrate

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
        from ...privacy import delta_enclosure

        R = self.mechanism.prepare(R)
        U = self.mechanism.deletion(R, U)
        shift, sigma = self.mechanism.shift(R, U), self.sigma(R)
        if shift.exact == 0:
            return Real.rational(0)
        if sigma == 0:
            return Real.rational(1)
        return Real.ball(lambda: delta_enclosure(self.epsilon, sigma, shift.arb()), note="Balle–Wang profile")
