"""What every certificate route shares: the verdict statuses, the exact verdicts (Gaussian δ(ε), Rényi D_α), the
result type, and the replay of a candidate on recorded standard normal draws (:mod:`certunlearn.testing.certificate`,
:mod:`certunlearn.testing.renyi`)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..claims.case import Case
from ..numeric.enclosure import Decision, decide, to_arb
from ..privacy.profile import exact_delta, proved_at_most
from .hooks import Hooks, NoiseMismatch

__all__ = ["CertificateCheck", "gaussian_verdict", "renyi_verdict", "classify", "Recorder", "run_candidate",
           "MEETS", "SMALLER", "LARGER", "VIOLATED", "SAME_SIGMA_RTOL", "RUN_RTOL", "RUN_ATOL"]

MEETS, SMALLER, LARGER, VIOLATED = ("meets the certificate", "meets the certificate with a smaller σ (valid)",
                                    "meets the certificate with a larger σ", "VIOLATES the certificate")
#: σ̂ within this relative distance of the reference's σ counts as the same σ (float64 rounding of the candidate).
SAME_SIGMA_RTOL = 1e-9
#: The deterministic release agrees with the reference's when |μ̂ − μ_ref| ≤ RUN_ATOL + RUN_RTOL·|μ_ref|.
RUN_RTOL, RUN_ATOL = 1e-9, 1e-12


# ------------------------------------------------------------------------------------------- exact verdicts
def gaussian_verdict(epsilon: Any, delta: Any, shift: Any, sigma: Any) -> tuple[bool, float]:
    """(δ(ε; shift, σ) ≤ δ decided exactly, the achieved δ rounded up). σ = 0 at a positive shift: δ = 1."""
    shift_a = to_arb(shift)
    if shift_a.is_zero() or (shift_a <= 0):
        return True, 0.0
    if float(sigma) <= 0:
        return False, 1.0
    decision = proved_at_most(epsilon, sigma, shift_a, delta, 64)
    if decision is Decision.UNDECIDED:
        raise ArithmeticError(f"δ(ε = {epsilon}; Δ = {shift}, σ = {sigma}) ≤ {delta} undecided at the maximum precision")
    return decision is Decision.TRUE, exact_delta(epsilon, sigma, shift_a)


def renyi_verdict(alpha: Any, bound: Any, shift: Any, sigma: Any) -> tuple[bool, float]:
    """(D_α(N(μ, σ²I) ‖ N(μ′, σ²I)) = α‖μ − μ′‖²/(2σ²) ≤ bound decided exactly, the divergence rounded up)."""
    if to_arb(shift).is_zero():
        return True, 0.0
    if float(sigma) <= 0:
        return False, float("inf")
    divergence = lambda: to_arb(alpha) * to_arb(shift) ** 2 / (2 * to_arb(sigma) ** 2)  # noqa: E731
    result = decide(divergence, "<=", bound)
    if result.decision is Decision.UNDECIDED:
        raise ArithmeticError("the Rényi divergence is undecided against its bound at the maximum precision")
    return result.decision is Decision.TRUE, float(result.lhs.upper())


# ------------------------------------------------------------------------------------------- references
@dataclass(frozen=True)
class CertificateCheck:
    """The outcome at one case: ``ok``; ``status`` (:data:`MEETS`, :data:`SMALLER`, :data:`LARGER`,
    :data:`VIOLATED`); the candidate's σ̂ and the reference's σ; the worst shift Δ; the run's shift; what the
    candidate achieves, rounded up (``measure``: δ(ε) at Δ and at its own run, or olu's Rényi divergence D_α) against
    the certified ``bound``; ``problems`` (what failed, in words); ``scale`` names the calibration measured (σ, or
    POMER's Φ); ``notes`` what else was measured; ``accuracy`` the accuracy verdict on an accuracy claim's case
    (:class:`certunlearn.testing.accuracy.AccuracyCheck`, else ``None``)."""

    case: Case
    ok: bool
    status: str
    sigma: float | None
    sigma_reference: float
    shift: str
    run_shift: float | None
    achieved: float | None
    problems: tuple[str, ...] = field(default=())
    reference_gap: float | None = None
    matches_reference: bool = True
    measure: str = "δ(ε)"
    bound: str = ""
    scale: str = "σ"
    notes: tuple[str, ...] = field(default=())
    accuracy: Any = None

    @property
    def accuracy_ok(self) -> bool | None:
        """The accuracy verdict (:class:`certunlearn.testing.accuracy.AccuracyCheck`): ``None`` when the case is not
        an accuracy claim's or the accuracy was not evaluated."""
        return None if self.accuracy is None else self.accuracy.ok

    def report(self) -> str:
        head = f"{self.case.claim}{' [' + self.case.label + ']' if self.case.label else ''}: {self.status}"
        sig = "none" if self.sigma is None else f"{self.sigma!r}"
        where = f", worst shift Δ = {self.shift}, run shift = {self.run_shift!r}" if self.shift else ""
        lines = [head, f"  {self.scale} (candidate) = {sig}, {self.scale} (reference) = {self.sigma_reference!r}"
                       f"{where}, achieved {self.measure} = {self.achieved!r} (certified: ≤ {self.bound or self.case.delta})"]
        lines += [f"  · {n}" for n in self.notes]
        if not self.matches_reference and self.scale == "σ":
            lines.append(f"  - its release differs from the reference's: ‖μ̂ − μ_ref‖ = {self.reference_gap!r} "
                         f"(iteration counts, step size, projection or deletion bookkeeping)")
        elif not self.matches_reference:
            lines.append(f"  - its run differs from the reference's at the same draws (largest gap "
                         f"{self.reference_gap!r})")
        lines += [f"  - {p}" for p in self.problems]
        return "\n".join(lines + ([self.accuracy.report()] if self.accuracy is not None else []))


class Recorder(Hooks):
    """Hooks that draw a fresh standard normal on first use (recording it) and replay it afterwards."""

    def noise(self, shape) -> np.ndarray:
        shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
        if self.used == len(self.tape.draws):
            self.tape.record(shape)
        return super().noise(shape)


def run_candidate(candidate: Callable, case: Case, hooks: Hooks) -> np.ndarray:
    try:
        out = np.asarray(candidate(case, hooks), dtype=np.float64)
    except NoiseMismatch as exc:
        raise AssertionError(f"the candidate's noise draws differ between its two runs: {exc}") from None
    if not np.all(np.isfinite(out)):
        raise AssertionError(f"the candidate published a non-finite value {out}")
    return out


def classify(ok: bool, sigma: float, sigma_ref: float, rounding: float = 0.0) -> str:
    """The status of a check: violated, or the same / a smaller / a larger σ than the reference's. ``sigma`` was
    measured and lowered by its float64 ``rounding``: the candidate's scale lies in [sigma, sigma + 2·rounding]."""
    if not ok:
        return VIOLATED
    if sigma - SAME_SIGMA_RTOL * sigma_ref <= sigma_ref <= sigma + 2 * rounding + SAME_SIGMA_RTOL * sigma_ref:
        return MEETS
    return SMALLER if sigma < sigma_ref else LARGER
