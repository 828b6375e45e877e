"""Where the check's CPU goes, by phase: exclusive CPU timers around every phase of :func:`certunlearn.check.runner.judge`.

Phases (CPU seconds, ``time.process_time``; the timed calls do not nest inside ``judge`` — the structured generators
and the search run between evaluations, not inside them — so each second is counted once):

- ``derivation`` — the derivation lookup (``runner.derivation_of``: shipped or cached table, fingerprint, link);
- ``generate:structured`` / ``generate:boundary`` — building the structured adversaries' instances (the call to
  ``generate`` and every ``next`` of its iterator; ``boundary`` for the generated boundary families);
- ``search:float`` — the search adversaries' own work (``runner.search``: Nelder–Mead on low-precision evaluations);
- ``generate:recorded`` / ``evaluate:recorded`` — reading and evaluating the claim's recorded points
  (:mod:`certunlearn.claims.recorded`);
- ``evaluate:structured`` / ``evaluate:boundary`` / ``evaluate:search`` — the exact evaluation and decision of each
  instance (precision escalation included), by where the instance came from;
- ``epsilon_tightness`` — the ε-scale tightness and shift ratio (``runner.epsilon_tightness``);
- ``other`` — the rest of ``judge`` (verdict rules, the result).

``measure(claims, profile)`` checks the claims serially in this process with the timers installed and removes them
after; the results are those of an untimed check (the timers only wrap calls). ``benchmarks/checker.py --phases``
runs it over papers in a subprocess and prints the table.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from certunlearn.check import runner
from certunlearn.check.profiles import get_profile
from certunlearn.claims.model import Claim

JUDGE_TOTAL = "judge-total"


class PhaseTimer:
    """Exclusive CPU timers, per phase, per paper and per claim."""

    def __init__(self) -> None:
        self.per_paper: dict[str, dict[str, float]] = {}
        self.per_claim: dict[str, dict[str, float]] = {}
        self._source = "structured"
        self._claim: Claim | None = None

    def add(self, phase: str, seconds: float) -> None:
        assert self._claim is not None
        for table, key in ((self.per_paper, self._claim.paper), (self.per_claim, self._claim.id)):
            row = table.setdefault(key, {})
            row[phase] = row.get(phase, 0.0) + seconds

    def _run(self, phase: str | Callable[[], str], fn: Callable[[], Any]) -> Any:
        start = time.process_time()
        try:
            return fn()
        finally:
            self.add(phase() if callable(phase) else phase, time.process_time() - start)

    def timed(self, phase: str | Callable[[], str], fn: Callable[..., Any]) -> Callable[..., Any]:
        return lambda *a, **k: self._run(phase, lambda: fn(*a, **k))

    def instances_of(self, claim: Claim, profile: Any, rng: Any, recorded: bool = True) -> Iterator[tuple[str, dict]]:
        """:func:`certunlearn.check.runner.instances_of`, with each instance's source noted and generation timed."""
        if recorded:
            for instance in self._run("generate:recorded", lambda: runner.recorded_instances(claim.id)):
                self._source = "recorded"
                yield runner.RECORDED, instance
        for adversary in claim.adversaries:
            if adversary.space is not None:
                self._source = "search"
                for instance in runner.search(claim, adversary.space, rng, profile.restarts, profile.evaluations):
                    self._source = "search"
                    yield adversary.name, instance
                continue
            source = "boundary" if adversary.name.startswith("boundary") else "structured"
            it = self._run(f"generate:{source}", lambda: iter(adversary.generate(rng, profile.structured_size)))
            while True:
                self._source = source
                try:
                    instance = self._run(f"generate:{source}", lambda: next(it))
                except StopIteration:
                    break
                yield adversary.name, instance

    def judge(self, claim: Claim, profile: str, seed: int) -> Any:
        self._claim = claim
        start = time.process_time()
        result = runner.judge(claim, get_profile(profile), seed)
        self.add(JUDGE_TOTAL, time.process_time() - start)
        return result


def with_other(row: dict[str, float]) -> dict[str, float]:
    """A row of phases with ``other``: the claim's (or paper's) total minus its timed phases."""
    out = {k: v for k, v in row.items() if k != JUDGE_TOTAL}
    out["other"] = row.get(JUDGE_TOTAL, 0.0) - sum(out.values())
    return out


def measure(claims: Iterable[Claim], profile: str = "quick", seed: int = 0) -> tuple[PhaseTimer, list[Any]]:
    """Check ``claims`` serially with the phase timers installed in :mod:`certunlearn.check.runner`; the timers and
    the results. The runner's functions are restored afterwards, also when a check raises."""
    timer = PhaseTimer()
    names = ("instances_of", "derivation_of", "evaluate", "search", "epsilon_tightness")
    saved = {name: getattr(runner, name) for name in names}
    runner.instances_of = timer.instances_of
    runner.derivation_of = timer.timed("derivation", saved["derivation_of"])
    runner.evaluate = timer.timed(lambda: f"evaluate:{timer._source}", saved["evaluate"])
    runner.search = timer.timed("search:float", saved["search"])
    runner.epsilon_tightness = timer.timed("epsilon_tightness", saved["epsilon_tightness"])
    try:
        results = [timer.judge(c, profile, seed) for c in claims]
    finally:
        for name, fn in saved.items():
            setattr(runner, name, fn)
    return timer, results
