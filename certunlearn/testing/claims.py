"""A pytest hook for your own claims: check them as ``certunlearn check --claims`` would, and fail with the
counterexample when one is violated."""
from __future__ import annotations

from pathlib import Path
from types import ModuleType

from ..check import check_claim
from ..check.result import CheckResult
from ..claims.registry import USER_MODULE_PREFIX, load_claims


class ClaimFailed(AssertionError):
    """A claim came out violated (or inconclusive, unless allowed): the message holds the counterexample."""


#: An instance value longer than this (as text) is summarised in a ClaimFailed message; the saved JSON keeps it whole.
SUMMARY_CHARS = 80


def instance_summary(instance: dict) -> str:
    """The instance with every long value (a whole dataset) cut to its first characters and its length, so that a
    failure message stays readable; the counterexample file holds the full instance."""
    parts = []
    for key, value in instance.items():
        text = str(value)
        if len(text) > SUMMARY_CHARS:
            size = f"{len(value)} entries" if isinstance(value, (list, tuple)) else f"{len(text)} characters"
            text = f"{text[:SUMMARY_CHARS]}… ({size}; in full in the saved counterexample)"
        parts.append(f"{key}: {text}")
    return "{" + ", ".join(parts) + "}"


def check_claims(claims: str | Path | ModuleType, ids: list[str] | None = None, *, profile: str = "quick",
                 seed: int = 0, allow_inconclusive: bool = False,
                 save_to: str | Path | None = "counterexamples") -> list[CheckResult]:
    """Load ``claims`` (a claims file, a module name, an imported module) and check each claim in this process
    through the same checker as ``certunlearn check``. Raises :class:`ClaimFailed` naming every violated claim with
    its counterexample (observed, bound, instance, and how to replay it), and every inconclusive one with its
    reason unless ``allow_inconclusive``. Returns the results when all pass."""
    if isinstance(claims, ModuleType):  # by name, so that a counterexample names a source replay can load
        claims = claims.__file__ if claims.__name__.startswith(USER_MODULE_PREFIX) else claims.__name__
    if not isinstance(claims, (str, Path)):
        raise TypeError("check_claims takes a claims file, a module or a module name (a module defining CLAIMS)")
    loaded = load_claims(claims)
    unknown = sorted(set(ids or ()) - set(loaded))
    if unknown:
        raise ValueError(f"{claims}: defines no claim {unknown[0]!r} (it defines {', '.join(loaded)})")
    results = [check_claim(claim_id, profile, seed) for claim_id in (ids or loaded)]
    problems = []
    for r in results:
        if r.verdict == "violated":
            ce = r.counterexample
            where = f"; replay: certunlearn replay {ce.save(Path(save_to))}" if save_to is not None else ""
            problems.append(f"{r.id} is violated: observed {ce.observed} > bound {ce.bound} at "
                            f"{instance_summary(ce.instance)} (adversary {ce.adversary!r}, seed {ce.seed}{where})")
        elif r.verdict == "inconclusive" and not allow_inconclusive:
            problems.append(f"{r.id} is inconclusive: {r.reason}")
    if problems:
        raise ClaimFailed("\n".join(problems))
    return results
