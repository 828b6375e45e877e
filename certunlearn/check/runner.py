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
from collections.abc import Callable, Iterable
from typing import Any
from concurrent.futures import Executor, as_completed

import numpy as np

from ..claims import Claim, get_claim
from ..claims.model import QuantityKind, decode_instance
from ..claims.registry import load_claims, loaded_sources
from ..derive import MissingDerivationError, check_derivation, load_derivation
from ..derive.model import REFUTED, DerivationResult, proof_status
from . import verdict as rules
from .epsilon import EpsilonTightness, epsilon_tightness
from .evaluate import VIOLATED, WITHIN, Evaluation, evaluate
from ..processes import Interrupted, SafeProcessPool, signals_ignored
from .profiles import Profile, get_profile
from .result import CheckResult, Counterexample
from .search import search
from .verdict import HOLDS

#: How many "within" instances (in the adversaries' order) the ε-scale tightness is computed on: not only the
#: tightest on the δ scale, whose needed ε is often 0 (a large certified δ), but every family's.
EPSILON_INSTANCES = 64


def claim_seed(seed: int, claim_id: str) -> int:
    """The seed of one claim's check: stable across runs, workers and orderings."""
    return (seed * 1_000_003 + zlib.crc32(claim_id.encode())) % 2**32


def derivation_of(claim: Claim) -> tuple[list[dict[str, Any]], DerivationResult | None]:
    """The derivation's step statuses (a refuted step with its point), ending with the link to the claim's bound,
    and the checked derivation (None when the claim has none, or it is not written yet)."""
    if claim.derivation is None:
        return [], None
    try:
        derivation = load_derivation(claim.derivation)
    except MissingDerivationError:
        return [{"step": f"derivation {claim.derivation} is not written yet", "status": "missing"}], None
    result = check_derivation(derivation, claim)
    steps: list[dict[str, Any]] = []
    for s in result.steps:
        entry: dict[str, Any] = {"step": s.text, "status": s.status}
        if s.status == REFUTED and s.point:
            entry["point"] = dict(s.point)
        steps.append(entry)
    return steps + [{"step": result.link_text, "status": result.link}], result


def instances_of(claim: Claim, profile: Profile, rng: np.random.Generator) -> Iterable[tuple[str, dict]]:
    """(adversary name, instance) for every adversary of the claim."""
    for adversary in claim.adversaries:
        if adversary.space is not None:
            for instance in search(claim, adversary.space, rng, profile.restarts, profile.evaluations):
                yield adversary.name, instance
        else:
            for instance in adversary.generate(rng, profile.structured_size):
                yield adversary.name, instance


def check_claim(claim_id: str, profile: str = "quick", seed: int = 0, sources: tuple[str, ...] = ()) -> CheckResult:
    """The verdict on one registered claim (a top-level function, so it pickles to any executor). ``sources``: the
    users' claims files or modules to load first (a worker process loads what the parent loaded)."""
    for source in sources:
        load_claims(source)
    return judge(get_claim(claim_id), get_profile(profile), seed)


def counterexample_of(evaluated: list[tuple[str, Evaluation]]) -> tuple[str, Evaluation]:
    """The violated instance to save: the largest observed/bound among those with a finite observed value (a
    computation that stands on its own), an infinite one only when no finite violation exists (an observed +∞ — two
    mutually singular laws — often rests on one reading of a definition; it stays visible as ``worst``)."""
    violated = [(n, ev) for n, ev in evaluated if ev.outcome == VIOLATED]
    finite = [(n, ev) for n, ev in violated if ev.observed not in ("+inf", "-inf")]
    return max(finite or violated, key=lambda p: p[1].ratio)


def judge(claim: Claim, prof: Profile, seed: int) -> CheckResult:
    """Check ``claim``: its derivation, then every adversary's instances, evaluated exactly, judged by the rules of
    :mod:`certunlearn.check.verdict`."""
    start = time.perf_counter()
    own_seed = claim_seed(seed, claim.id)
    symbolic, derivation = derivation_of(claim)
    rng = np.random.default_rng(own_seed)
    families = [a.name for a in claim.adversaries]
    evaluations: list[tuple[str, Evaluation]] = [
        (name, evaluate(claim, instance, prof.max_prec)) for name, instance in instances_of(claim, prof, rng)
    ]
    outcome, reason = rules.verdict(evaluations, families, prof.min_instances)
    tight = rules.tightness(evaluations)
    evaluated = [(n, ev) for n, ev in evaluations if ev.evaluated]
    worst_name, worst = max(evaluated, key=lambda p: p[1].ratio, default=(None, None))
    counterexample = None
    if outcome == VIOLATED:
        name, ev = counterexample_of(evaluated)
        counterexample = Counterexample.from_evaluation(claim.id, ev, seed, name, prof.name)
    vacuous_reason = rules.vacuity(evaluations) if outcome == HOLDS else ""
    eps = EpsilonTightness(None, None)
    if outcome == HOLDS and claim.laws is not None:
        within = [ev for _, ev in evaluations if ev.outcome == WITHIN]
        eps = epsilon_tightness(claim, [decode_instance(ev.instance) for ev in within[:EPSILON_INSTANCES]])
    passed, why = rules.control_verdict(claim.control.value, outcome, tight, bool(vacuous_reason))
    statistical = claim.quantity_kind is QuantityKind.STATISTICAL
    reason = "; ".join(r for r in (reason, vacuous_reason, why) if r)
    return CheckResult(
        id=claim.id, paper=claim.paper, source=claim.source, kind=claim.kind.value, control=claim.control.value,
        verdict=outcome, tightness=tight.lower, counterexample=counterexample, symbolic=symbolic,
        instances=rules.counts(evaluations, families), seconds=round(time.perf_counter() - start, 3), reason=reason,
        worst={"adversary": worst_name, **asdict(worst)} if worst else None,
        tightness_interval=None if tight.lower is None else [tight.lower, tight.upper],
        tightness_log10=tight.log10, attained=tight.attained, epsilon_tightness=eps.epsilon_ratio,
        shift_ratio=eps.shift_ratio, vacuous=bool(vacuous_reason), proof=proof_status(derivation),
        refuting_points=derivation.refuting_points() if derivation is not None else [],
        control_passed=passed, corrects=claim.corrects, evidence="statistical" if statistical else "exact",
        confidence=rules.statistical_confidence(evaluations, outcome) if statistical else None,
        reading=claim.reading, proof_step=claim.proof_step,
    )


def check_claims(
    claim_ids: list[str],
    profile: str = "quick",
    seed: int = 0,
    executor: Executor | None = None,
    on_result: Callable[[CheckResult], None] | None = None,
) -> list[CheckResult]:
    """Check several claims through ``executor`` (a local :class:`~certunlearn.processes.SafeProcessPool` if
    None); results in input order. ``on_result`` is called in the calling thread as each claim finishes.

    On Ctrl-C (KeyboardInterrupt) or SIGTERM turned into :class:`~certunlearn.processes.Interrupted`, pending
    work is cancelled, the local pool's workers are terminated, and :class:`~certunlearn.processes.Interrupted`
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
    sources = loaded_sources()
    futures = [executor.submit(check_claim, cid, profile, seed, sources) for cid in claim_ids]
    try:
        for future in as_completed(futures):
            finish(future.result())
    except BaseException:
        for future in futures:
            future.cancel()
        raise
