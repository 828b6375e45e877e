"""Verdicts, counterexamples and their JSON form (the CLI contract of DESIGN.md)."""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from .evaluate import Evaluation

HOLDS, VIOLATED, INCONCLUSIVE = "holds", "violated", "inconclusive"


@dataclass(frozen=True)
class Counterexample:
    """An instance inside the hypotheses where observed > bound, decided on enclosures."""

    claim: str
    observed: str
    bound: str
    instance: dict[str, Any]
    seed: int
    adversary: str
    profile: str
    observed_enclosure: str
    bound_enclosure: str
    ratio: float
    version: str = __version__

    @classmethod
    def from_evaluation(cls, claim_id: str, ev: Evaluation, seed: int, adversary: str, profile: str) -> Counterexample:
        return cls(claim_id, ev.observed, ev.bound, ev.instance, seed, adversary, profile,
                   ev.observed_enclosure, ev.bound_enclosure, ev.ratio)

    def to_json(self) -> dict[str, Any]:
        return json_safe(asdict(self))

    def save(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{self.claim.replace(':', '_').replace('+', '_')}.json"
        path.write_text(json.dumps(self.to_json(), indent=2, allow_nan=False) + "\n")
        return path


@dataclass(frozen=True)
class CheckResult:
    """The verdict on one claim."""

    id: str
    paper: str
    source: str
    kind: str
    control: str
    verdict: str
    tightness: float | None
    counterexample: Counterexample | None
    symbolic: list[dict[str, str]]
    instances: dict[str, int]
    seconds: float
    reason: str = ""
    worst: dict[str, Any] | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        out = json_safe(asdict(self))
        out["counterexample"] = self.counterexample.to_json() if self.counterexample else None
        return out


def json_safe(value: Any) -> Any:
    """``value`` with every non-finite float written as the string ``"inf"``, ``"-inf"`` or ``"nan"`` (JSON has
    no such numbers; a tightness is infinite when a positive quantity meets a bound of 0)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def summary(results: list[CheckResult]) -> dict[str, Any]:
    """Counts by verdict and the controls that did not come out as they must."""
    counts = {v: sum(r.verdict == v for r in results) for v in (HOLDS, VIOLATED, INCONCLUSIVE)}
    failed_controls = [r.id for r in results if not control_passed(r)]
    return {"claims": len(results), **counts, "failed_controls": failed_controls,
            "seconds": round(sum(r.seconds for r in results), 3)}


def control_passed(result: CheckResult) -> bool:
    """A negative control must be violated; a positive one must hold (attained where exact)."""
    if result.control == "negative":
        return result.verdict == VIOLATED
    if result.control == "positive":
        return result.verdict == HOLDS
    return True
