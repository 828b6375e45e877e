"""Check claims: derivation first, then every adversary, every instance evaluated exactly.

Claims are dispatched through a :class:`concurrent.futures.Executor` — a local process pool by
default; ``dask.distributed.Client(...).get_executor()`` runs the same checks on a cluster. The
executor must run each task in its own process (process pools, dask workers with ``processes=True``):
the working precision of mpmath and python-flint is process-global, so threads would share it. Each
claim gets its own seed, derived from the run's seed and the claim id, so a verdict does not depend
on which worker ran it or in what order.
"""
from __future__ import annotations

import os
import signal
import time
import zlib
from dataclasses import asdict
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, as_completed

import numpy as np

from ..claims import Claim, get_claim
from ..derive import MissingDerivationError, check_derivation, load_derivation
from .evaluate import EXCLUDED, VIOLATED, Evaluation, evaluate
from .pool import Interrupted, SafeProcessPool, signals_ignored
from .profiles import Profile, get_profile
from .result import HOLDS, INCONCLUSIVE, CheckResult, Counterexample
from .result import VIOLATED as VERDICT_VIOLATED
from .search import search


def claim_seed(seed: int, claim_id: str) -> int:
    """The seed of one claim's check: stable across runs, workers and orderings."""
    return (seed * 1_000_003 + zlib.crc32(claim_id.encode())) % 2**32


def symbolic_steps(claim: Claim) -> list[dict[str, str]]:
    """The derivation's step statuses, ending with the link to the claim's bound."""
    if claim.derivation is None:
        return []
    try:
        derivation = load_derivation(claim.derivation)
    except MissingDerivationError:
        return [{"step": f"derivation {claim.derivation} is not written yet", "status": "missing"}]
    result = check_derivation(derivation, claim)
    return [{"step": s.text, "status": s.status} for s in result.steps] + [{"step": result.link_text, "status": result.link}]


def instances_of(claim: Claim, profile: Profile, rng: np.random.Generator) -> Iterable[tuple[str, dict]]:
    """(adversary name, instance) for every adversary of the claim."""
    for adversary in claim.adversaries:
        if adversary.space is not None:
            for instance in search(claim, adversary.space, rng, profile.restarts, profile.evaluations):
                yield adversary.name, instance
        else:
            for instance in adversary.generate(rng, profile.structured_size):
                yield adversary.name, instance


def check_claim(claim_id: str, profile: str = "quick", seed: int = 0) -> CheckResult:
    """The verdict on one registered claim (a top-level function, so it pickles to any executor)."""
    return judge(get_claim(claim_id), get_profile(profile), seed)


def judge(claim: Claim, prof: Profile, seed: int) -> CheckResult:
    """Check ``claim``: its derivation, then every adversary's instances, evaluated exactly."""
    start = time.perf_counter()
    own_seed = claim_seed(seed, claim.id)
    symbolic = symbolic_steps(claim)
    rng = np.random.default_rng(own_seed)
    evaluations: list[tuple[str, Evaluation]] = [
        (name, evaluate(claim, instance, prof.max_prec)) for name, instance in instances_of(claim, prof, rng)
    ]
    counts = Counter(ev.outcome for _, ev in evaluations)
    evaluated = [(n, ev) for n, ev in evaluations if ev.evaluated]
    tightness = max((ev.ratio for _, ev in evaluated), default=None)
    worst_name, worst = max(evaluated, key=lambda p: p[1].ratio, default=(None, None))
    violations = [(n, ev) for n, ev in evaluated if ev.outcome == VIOLATED]
    counterexample, reason = None, ""
    if violations:
        name, ev = max(violations, key=lambda p: p[1].ratio)
        verdict = VERDICT_VIOLATED
        counterexample = Counterexample.from_evaluation(claim.id, ev, seed, name, prof.name)
    elif len(evaluated) >= prof.min_instances:
        verdict = HOLDS
        if counts["attained"]:
            reason = f"attained: observed equals the bound to ≥ 128 bits on {counts['attained']} instances"
    else:
        verdict = INCONCLUSIVE
        excluded = sorted({ev.reason for _, ev in evaluations if ev.outcome == EXCLUDED})
        reason = (f"only {len(evaluated)} of {len(evaluations)} instances evaluated (need {prof.min_instances})"
                  + (f"; excluded: {'; '.join(excluded)}" if excluded else ""))
    return CheckResult(
        id=claim.id, paper=claim.paper, source=claim.source, kind=claim.kind.value, control=claim.control.value,
        verdict=verdict, tightness=tightness, counterexample=counterexample, symbolic=symbolic,
        instances={"total": len(evaluations), **{k: counts[k] for k in sorted(counts)}},
        seconds=round(time.perf_counter() - start, 3), reason=reason,
        worst={"adversary": worst_name, **asdict(worst)} if worst else None,
    )


def check_claims(
    claim_ids: list[str],
    profile: str = "quick",
    seed: int = 0,
    executor: Executor | None = None,
    on_result: Callable[[CheckResult], None] | None = None,
) -> list[CheckResult]:
    """Check several claims through ``executor`` (a local :class:`~certunlearn.check.pool.SafeProcessPool` if
    None); results in input order. ``on_result`` is called in the calling thread as each claim finishes.

    On Ctrl-C (KeyboardInterrupt) or SIGTERM turned into :class:`~certunlearn.check.pool.Interrupted`, pending
    work is cancelled, the local pool's workers are terminated, and :class:`~certunlearn.check.pool.Interrupted`
    is raised with ``results``: the claims finished so far, in input order."""
    get_profile(profile)
    for claim_id in claim_ids:
        get_claim(claim_id)  # fail fast on an unknown id, before any work is dispatched
    done: dict[str, CheckResult] = {}

    def finish(result: CheckResult) -> None:
        done[result.id] = result
        if on_result:
            on_result(result)

    try:
        if executor is None and len(claim_ids) > 1:
            pool = SafeProcessPool(max_workers=min(len(claim_ids), os.cpu_count() or 1))
            try:
                _dispatch(pool, claim_ids, profile, seed, finish)
            except BaseException:
                with signals_ignored():
                    pool.abort()
                raise
            pool.shutdown(wait=True)
        elif executor is None:
            for claim_id in claim_ids:
                finish(check_claim(claim_id, profile, seed))
        else:
            _dispatch(executor, claim_ids, profile, seed, finish)
    except KeyboardInterrupt as exc:
        signum = getattr(exc, "signum", signal.SIGINT)
        raise Interrupted(signum, [done[c] for c in claim_ids if c in done]) from None
    return [done[cid] for cid in claim_ids]


def _dispatch(executor: Executor, claim_ids: list[str], profile: str, seed: int,
              finish: Callable[[CheckResult], None]) -> None:
    futures = [executor.submit(check_claim, cid, profile, seed) for cid in claim_ids]
    try:
        for future in as_completed(futures):
            finish(future.result())
    except BaseException:
        for future in futures:
            future.cancel()
        raise
