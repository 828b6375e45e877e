"""Replay a saved counterexample: re-evaluate its instance exactly and report what comes out."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..claims import get_claim
from ..claims.registry import load_claims
from ..errors import InvalidParameterError
from ..claims.model import decode_instance
from .evaluate import VIOLATED, Evaluation, evaluate
from .profiles import PROFILES


@dataclass(frozen=True)
class Replay:
    claim: str
    evaluation: Evaluation

    @property
    def reproduced(self) -> bool:
        return self.evaluation.outcome == VIOLATED


def load_counterexamples(path: str | Path) -> list[dict]:
    """Counterexamples in a file: one saved counterexample, or every one in a `check --json` document."""
    try:
        doc = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise InvalidParameterError("COUNTEREXAMPLE", f"no such file: {path}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidParameterError("COUNTEREXAMPLE", f"{path} is not JSON: {exc}") from None
    if isinstance(doc, dict) and "results" in doc:
        found = [r["counterexample"] for r in doc["results"] if r.get("counterexample")]
    else:
        found = [doc]
    for item in found:
        if not isinstance(item, dict) or not {"claim", "instance"} <= item.keys():
            raise InvalidParameterError("COUNTEREXAMPLE", f"{path} holds no counterexample (needs 'claim' and 'instance')")
    if not found:
        raise InvalidParameterError("COUNTEREXAMPLE", f"{path} holds no counterexample")
    return found


def replay(path: str | Path) -> list[Replay]:
    """Re-evaluate every counterexample in ``path`` at the thorough profile's precision."""
    out = []
    for item in load_counterexamples(path):
        if item.get("claims_source"):
            load_claims(item["claims_source"])
        claim = get_claim(item["claim"])
        out.append(Replay(claim.id, evaluate(claim, decode_instance(item["instance"]), PROFILES["thorough"].max_prec)))
    return out
