"""Verdicts, counterexamples and their JSON form (the CLI contract of DESIGN.md)."""
from __future__ import annotations

import contextlib
import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..claims.registry import origin
from .evaluate import VIOLATED, Evaluation
from .verdict import HOLDS, INCONCLUSIVE, failed_controls


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
    confidence: float | None = None  # a statistical violation's confidence (None: decided exactly)
    version: str = __version__
    claims_source: str | None = None  # the file or module a user's claim came from (replay loads it)

    @classmethod
    def from_evaluation(cls, claim_id: str, ev: Evaluation, seed: int, adversary: str, profile: str) -> Counterexample:
        return cls(claim_id, ev.observed, ev.bound, ev.instance, seed, adversary, profile,
                   ev.observed_enclosure, ev.bound_enclosure, ev.ratio, confidence=ev.confidence,
                   claims_source=origin(claim_id))

    def to_json(self) -> dict[str, Any]:
        return json_safe(asdict(self))

    def save(self, directory: Path) -> Path:
        """Write the counterexample as ``<claim id>_<digest>.json`` in ``directory`` and return the path. The digest
        (12 hex digits of SHA-256) is of the instance, seed, adversary and profile, so two runs never overwrite each
        other's different counterexamples (the same one written twice is the same file, same content); the file is
        written to a hidden temporary name in the directory (``.<name>.…tmp``) and renamed, so a reader never sees a
        partial file; if the write fails, the temporary file is removed and the error raised."""
        import hashlib
        import os
        import tempfile

        directory.mkdir(parents=True, exist_ok=True)
        doc = self.to_json()
        key = json.dumps({k: doc[k] for k in ("instance", "seed", "adversary", "profile")}, sort_keys=True)
        digest = hashlib.sha256(key.encode()).hexdigest()[:12]
        path = directory / f"{self.claim.replace(':', '_').replace('+', '_')}_{digest}.json"
        fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(json.dumps(doc, indent=2, allow_nan=False) + "\n")
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        return path


@dataclass(frozen=True)
class CheckResult:
    """The verdict on one claim (the JSON contract of DESIGN.md "CLI and JSON").

    ``tightness`` is the lower end of ``tightness_interval``, a certified interval for max observed/bound, and
    ``tightness_log10`` the log10 of that lower end (finite where the float underflows); ``attained`` only where
    equality was proved. ``epsilon_tightness`` (and ``shift_ratio`` for Gaussian pairs): see
    :mod:`certunlearn.check.epsilon`. ``proof``: ``complete``, ``partial``, ``broken`` or ``none``."""

    id: str
    paper: str
    source: str
    kind: str
    control: str
    verdict: str
    tightness: float | None
    counterexample: Counterexample | None
    symbolic: list[dict[str, Any]]
    instances: dict[str, Any]
    seconds: float
    reason: str = ""
    worst: dict[str, Any] | None = field(default=None)
    tightness_interval: list[float] | None = None
    tightness_log10: float | None = None
    attained: bool = False
    epsilon_tightness: float | None = None
    shift_ratio: float | None = None
    vacuous: bool = False
    proof: str = "none"
    refuting_points: list[dict[str, Any]] = field(default_factory=list)
    control_passed: bool = True
    corrects: str | None = None
    evidence: str = "exact"  # "statistical": decided on confidence intervals from sampling
    confidence: float | None = None  # a statistical verdict's confidence (verdict.statistical_confidence)
    reading: str = ""  # the constant an O(·)/Õ(·) entry is read with (Claim.reading); "" for a claim printed exactly
    proof_step: str = ""  # the step of the paper's route the quantity computes (Claim.proof_step); "" for a statement
    #: How much of the theorem's hypothesis class the adversaries reach (``Claim.scope``, DESIGN.md "Scope").
    scope: dict[str, Any] = field(default_factory=lambda: {"full": False, "narrowed": []})

    def to_json(self) -> dict[str, Any]:
        """The JSON contract; the counterexample (a nested dataclass) is converted with the rest."""
        return json_safe(asdict(self))


def json_safe(value: Any) -> Any:
    """``value`` with every non-finite float written as null (JSON has no such numbers; an infinite ratio — a positive
    quantity against a bound of 0 — is null with the decimal observed and bound beside it)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def summary(results: list[CheckResult]) -> dict[str, Any]:
    """Counts by verdict, and the ids a reader looks for first: printed claims that fail, the fixes that hold, holds
    beside a broken proof, vacuous holds, and the controls. ``holds``/``violated``/``inconclusive`` count exact
    verdicts only; statistical verdicts are listed apart (``statistical``, with their corrected confidence) and never
    among the findings. A violation that rests on the constant read into an O(·)/Õ(·) entry is a ``reading``, not a
    printed violation; a claim checking a step of the paper's route (``proof_step``) is listed under ``proof_steps``
    (refuted or holding), never among the printed violations or the fixes; a vacuous hold is no fix holding.
    ``narrowed``: the claims whose scope is not full; ``seconds``: the total, to the millisecond."""
    exact = [r for r in results if r.evidence == "exact"]
    counts = {v: sum(r.verdict == v for r in exact) for v in (HOLDS, VIOLATED, INCONCLUSIVE)}
    steps = [r for r in exact if r.control == "none" and r.proof_step]
    findings = [r for r in exact if r.control == "none" and not r.proof_step]
    statistical = [r for r in results if r.evidence == "statistical"]
    failed = failed_controls(results)
    return {
        "claims": len(results), **counts,
        "printed_violated": [r.id for r in findings if r.verdict == VIOLATED and r.corrects is None and not r.reading],
        "readings": [r.id for r in findings if r.verdict == VIOLATED and r.reading],
        "fixes_holding": [r.id for r in findings if r.corrects is not None and r.verdict == HOLDS and not r.vacuous],
        "proof_steps": {"refuted": [r.id for r in steps if r.verdict == VIOLATED],
                        "holding": [r.id for r in steps if r.verdict == HOLDS]},
        "proof_broken": [r.id for r in results if r.proof == "broken"],
        "vacuous": [r.id for r in results if r.vacuous],
        "inconclusive_ids": [r.id for r in exact if r.verdict == INCONCLUSIVE],
        "narrowed": [r.id for r in results if not r.scope.get("full")],
        "controls": {"passed": sum(r.control != "none" for r in results) - len(failed), "failed": len(failed)},
        "failed_controls": sorted(failed),
        "statistical": {v: {r.id: r.confidence for r in statistical if r.verdict == v}
                        for v in (HOLDS, VIOLATED, INCONCLUSIVE)},
        "seconds": round(sum(r.seconds for r in results), 3),
    }

