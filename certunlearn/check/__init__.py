"""The checker: attack each claim with adversaries and judge it on exact evaluations.

``check_claims(ids, profile, seed, executor)`` returns one :class:`CheckResult` per claim;
``replay(path)`` re-evaluates a saved counterexample.
"""
from .evaluate import Evaluation, evaluate
from .profiles import PROFILES, Profile, get_profile
from .replay import Replay, replay
from .result import CheckResult, Counterexample, summary
from .verdict import failed_controls
from .runner import check_claim, check_claims

__all__ = ["PROFILES", "CheckResult", "Counterexample", "Evaluation", "Profile", "Replay", "check_claim",
           "check_claims", "failed_controls", "evaluate", "get_profile", "replay", "summary"]
