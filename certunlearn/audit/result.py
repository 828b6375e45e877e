"""Frozen results of an audit, with their JSON form."""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = ["Bound", "AuditResult", "REFUTED", "CONSISTENT"]

REFUTED = "refuted"
CONSISTENT = "consistent"


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _freeze(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Bound:
    """One test's lower bound on ε, valid (jointly with the rest of the family) with probability ≥ 1 − β.

    ``method``: ``"threshold"`` (non-parametric: Clopper–Pearson on a threshold set chosen on a separate
    split), ``"point-mass"`` (every sample of each side is one value, the two values differ: no noise, ε unbounded,
    no interval used) or ``"gaussian"`` (parametric: confidence bounds on the mean shift and the scale of a declared
    Gaussian output); ``direction``: which output is in the numerator of the likelihood ratio (``"D'|D"``:
    P[M(D') ∈ S] ≤ e^ε P[M(D) ∈ S] + δ is tested, ``"D|D'"`` the reverse, ``"both"`` for the symmetric
    Gaussian test); ``intervals``: how many one-sided intervals, each at level ``alpha``, the bound uses;
    ``witness``: the set, counts and interval endpoints that prove it."""

    trial: int
    method: str
    direction: str
    epsilon_lower: float
    alpha: float
    intervals: int
    witness: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "witness", _freeze(self.witness))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready; an unbounded ε lower bound (no noise at all) is ``null`` with ``"unbounded": true``."""
        return {"trial": self.trial, "method": self.method, "direction": self.direction,
                "epsilon_lower": _finite(self.epsilon_lower), "unbounded": math.isinf(self.epsilon_lower), "alpha": self.alpha, "intervals": self.intervals,
                "witness": dict(self.witness)}


@dataclass(frozen=True)
class AuditResult:
    """The verdict of a statistical audit of an (ε, δ) certificate.

    ``verdict`` is ``"refuted"`` when some bound exceeds the certified ε — then the certificate is false
    with confidence ``confidence`` (family-wise, Bonferroni over ``family`` one-sided intervals, each at
    level ``alpha_each``) and ``witness`` is that bound — or ``"consistent"`` (no bound exceeds ε at this
    sample size; not a proof that the certificate holds). ``epsilon_lower`` is the largest lower bound."""

    claim: str | None
    epsilon: float
    delta: float
    confidence: float
    samples: int
    trials: int
    family: int
    alpha_each: float
    bounds: tuple[Bound, ...]
    instances: tuple[Mapping[str, Any], ...] = ()
    seed: int | None = None
    seconds: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "bounds", tuple(self.bounds))
        object.__setattr__(self, "instances", tuple(_freeze(i) for i in self.instances))

    @property
    def epsilon_lower(self) -> float:
        return max((b.epsilon_lower for b in self.bounds), default=0.0)

    @property
    def witness(self) -> Bound | None:
        best = max(self.bounds, key=lambda b: b.epsilon_lower, default=None)
        return best if best is not None and best.epsilon_lower > self.epsilon else None

    @property
    def verdict(self) -> str:
        return REFUTED if self.witness is not None else CONSISTENT

    @property
    def message(self) -> str:
        level = f"1 − β = {self.confidence:g}"
        fw = f"family-wise error ≤ {1 - self.confidence:g} (Bonferroni over {self.family} intervals at {self.alpha_each:.3g} each)"
        if self.witness is not None:
            w = self.witness
            if math.isinf(w.epsilon_lower):
                return (f"certificate refuted: ε unbounded at δ = {self.delta:g} (the outputs on the two neighbouring "
                        f"inputs do not vary at all: no noise is added; {w.method} test, trial {w.trial}); {fw}")
            return (f"certificate refuted at confidence {level}: ε ≥ {w.epsilon_lower:.6g} > ε = {self.epsilon:g} "
                    f"at δ = {self.delta:g} ({w.method} test, direction {w.direction}, trial {w.trial}); {fw}")
        return (f"consistent with the certificate at this sample size ({self.samples} samples per side): "
                f"largest ε lower bound {self.epsilon_lower:.6g} ≤ ε = {self.epsilon:g} at δ = {self.delta:g}; {fw}")

    def to_json(self) -> dict[str, Any]:
        return {
            "claim": self.claim, "verdict": self.verdict, "message": self.message,
            "epsilon": self.epsilon, "delta": self.delta, "confidence": self.confidence,
            "epsilon_lower": _finite(self.epsilon_lower), "unbounded": math.isinf(self.epsilon_lower), "samples": self.samples, "trials": self.trials,
            "family": self.family, "alpha_each": self.alpha_each,
            "witness": None if self.witness is None else self.witness.to_json(),
            "bounds": [b.to_json() for b in self.bounds],
            "instances": [dict(i) for i in self.instances], "seed": self.seed, "seconds": self.seconds,
        }
