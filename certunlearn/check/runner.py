"""Check claims: derivation first, then every adversary, every instance evaluated exactly.

Claims run in local worker processes by default (:class:`~certunlearn.processes.WorkerPool`, one claim at a time per
worker, a single claim too; the claims of one item on one worker, one after another: :func:`claim_family`): each claim
has a time limit (the profile's, or ``timeout``), and a claim whose check raises, runs past the limit, or whose worker
exits or dies (``sys.exit``/``os._exit`` in a user's code, a crash) becomes that claim's ``inconclusive`` result with
the reason starting "error:" — the other results are kept and the run goes on.
``dask.distributed.Client(...).get_executor()`` (any :class:`concurrent.futures.Executor`) runs the same checks on a
cluster (a task that raises there is the claim's error result too; the time limit is the cluster's business). The
executor must run each task in its own process (dask workers with ``processes=True`` and one thread): the working
precision of mpmath and python-flint is process-global, so threads would share it. Each claim gets its own seed,
derived from the run's seed and the claim id, so a verdict does not depend on which worker ran it or in what order.
"""
from __future__ import annotations

import os
import re
import signal
import time
import zlib
from dataclasses import asdict
from collections.abc import Callable, Iterable
from typing import Any
from concurrent.futures import Executor, as_completed

import numpy as np

from ..claims import Claim, get_claim
from ..claims.model import QuantityKind, decode_instance, encode_instance
from ..claims.recorded import RECORDED, epsilon_points, recorded_instances
from ..claims.registry import load_claims, loaded_sources
from ..derive import MissingDerivationError, check_derivation, load_derivation, load_derivations
from ..derive.cache import derivation_fingerprint, shipped_for
from ..derive.model import REFUTED, DerivationResult, proof_status
from . import verdict as rules
from .epsilon import EpsilonTightness, epsilon_tightness
from .evaluate import VIOLATED, WITHIN, BinaryFloatError, Evaluation, evaluate
from ..processes import Interrupted, TaskFailed, WorkerPool
from .profiles import Profile, get_profile
from .result import CheckResult, Counterexample
from .search import instance_memo_key, search
from .verdict import HOLDS, INCONCLUSIVE

#: How many "within" instances (in the adversaries' order) the ε-scale tightness is computed on: not only the
#: tightest on the δ scale, whose needed ε is often 0 (a large certified δ), but every family's.
EPSILON_INSTANCES = 64


def claim_seed(seed: int, claim_id: str) -> int:
    """The seed of one claim's check: stable across runs, workers and orderings."""
    return (seed * 1_000_003 + zlib.crc32(claim_id.encode())) % 2**32


def claim_family(claim_id: str) -> str:
    """The item a claim belongs to: its id up to its part or fix (``d2d.thm3.1:shift-sharp`` → ``d2d.thm3.1``). The
    claims of one item — the printed one, its ``+fix``, its parts and controls — often evaluate the same quantities
    on the same structured instances (memoised by exact key in a worker), so the local pool runs them on one worker,
    one after another (:meth:`~certunlearn.processes.WorkerPool.run`'s ``affinity``); seeds are per claim, so the
    verdicts do not depend on it."""
    return re.split(r"[:+]", claim_id, maxsplit=1)[0]


def derivation_of(claim: Claim) -> tuple[list[dict[str, Any]], DerivationResult | None]:
    """The derivation's step statuses (a refuted step with its point), ending with the link to the claim's bound,
    and the checked derivation (None when the claim has none, or it is not written yet)."""
    if claim.derivation is None:
        return [], None
    result = shipped_for(claim)  # the registered derivation's shipped entry, its proofs module not even loaded
    if result is None:
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


def instances_of(claim: Claim, profile: Profile, rng: np.random.Generator,
                 recorded: bool = True) -> Iterable[tuple[str, dict]]:
    """(adversary name, instance) for the claim's recorded points (:mod:`certunlearn.claims.recorded`, those for the
    ε-scale tightness first; ``recorded=False``: without them, as :mod:`certunlearn.check.record` runs), then every
    adversary of the claim."""
    if recorded:
        for instance in recorded_instances(claim.id):
            yield RECORDED, instance
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
    try:
        return judge(get_claim(claim_id), get_profile(profile), seed)
    except BinaryFloatError as exc:  # a user's claim returned a binary float: bad input, the parent reports it (exit 2)
        return exc


def counterexample_of(evaluated: list[tuple[str, Evaluation]]) -> tuple[str, Evaluation]:
    """The violated instance to save: the largest observed/bound among those with a finite observed value (a
    computation that stands on its own), an infinite one only when no finite violation exists (an observed +∞ — two
    mutually singular laws — often rests on one reading of a definition; it stays visible as ``worst``)."""
    violated = [(n, ev) for n, ev in evaluated if ev.outcome == VIOLATED]
    finite = [(n, ev) for n, ev in violated if ev.observed not in ("+inf", "-inf")]
    return max(finite or violated, key=lambda p: p[1].ratio)


def evaluations_of(claim: Claim, prof: Profile, seed: int, recorded: bool = True) -> list[tuple[str, Evaluation]]:
    """Every instance of the claim's check (:func:`instances_of`, drawn with the claim's own seed), evaluated, then
    the search adversaries' further restarts while the claim has fewer decided instances than the profile asks
    (:func:`more_restarts`)."""
    rng = np.random.default_rng(claim_seed(seed, claim.id))
    evaluations = [(name, evaluate(claim, instance, prof.max_prec))
                   for name, instance in instances_of(claim, prof, rng, recorded)]
    return evaluations + more_restarts(claim, prof, rng, evaluations)


#: How many rounds of further restarts a search adversary runs at most for a claim short of decided instances.
MORE_RESTART_ROUNDS = 3


def more_restarts(claim: Claim, prof: Profile, rng: np.random.Generator,
                  evaluations: list[tuple[str, Evaluation]]) -> list[tuple[str, Evaluation]]:
    """A search adversary scales with the profile (issue 23 item 4): while the claim has fewer decided (within)
    instances than ``prof.min_instances`` and none violated, each search adversary runs further restarts — in each
    round, the shortfall shared among them, at least the profile's restarts each — for at most
    :data:`MORE_RESTART_ROUNDS` rounds. Only instances not evaluated before count (a restart that ends where an
    earlier one did adds nothing); they belong to their adversary's family. Returns the new evaluations."""
    spaces = [a for a in claim.adversaries if a.space is not None]
    if not spaces:
        return []
    seen = {instance_memo_key(ev.instance) for _, ev in evaluations}
    added: list[tuple[str, Evaluation]] = []
    for _ in range(MORE_RESTART_ROUNDS):
        done = evaluations + added
        if any(ev.outcome == VIOLATED for _, ev in done):
            break
        shortfall = prof.min_instances - sum(ev.outcome == WITHIN for _, ev in done)
        if shortfall <= 0:
            break
        restarts = max(prof.restarts, -(-shortfall // len(spaces)))
        for adversary in spaces:
            for instance in search(claim, adversary.space, rng, restarts, prof.evaluations):
                key = instance_memo_key(encode_instance(instance))
                if key is not None and key in seen:
                    continue
                seen.add(key)
                added.append((adversary.name, evaluate(claim, instance, prof.max_prec)))
    return added


def families_of(claim: Claim, evaluations: list[tuple[str, Evaluation]]) -> list[str]:
    """The families of a check, in order: the recorded points (a family of their own) when the claim has any, then
    the claim's adversaries."""
    return [RECORDED] * any(n == RECORDED for n, _ in evaluations) + [a.name for a in claim.adversaries]


def verdict_of(claim: Claim, evaluations: list[tuple[str, Evaluation]], prof: Profile) -> tuple[str, str]:
    """(verdict, reason) of the evaluated instances (:func:`certunlearn.check.verdict.verdict`). An optional family (a
    generated boundary adversary) that yielded no instance asks for no decided instance. The recorded points count
    as every instance does (a violated one makes the claim violated, an error or an undecided one reaching above the
    bound blocks ``holds``), but their family asks for no decided instance of its own: it is not an attack but the
    record of one, and a recorded point may be the undecided equality case its family had beside decided ones."""
    yielded = {name for name, _ in evaluations}
    required = [a.name for a in claim.adversaries if not a.optional or a.name in yielded]
    return rules.verdict(evaluations, required, prof.min_instances)


def epsilon_indices(evaluations: list[tuple[str, Evaluation]], outcome: str, recorded: int = 0) -> list[int]:
    """Where the instances the ε-scale tightness is computed on sit in ``evaluations``: the within (``holds``) or
    violated (``violated``) ones among the first ``recorded`` (the recorded points for it,
    :func:`certunlearn.claims.recorded.epsilon_points`), then the first :data:`EPSILON_INSTANCES` such ones of the
    claim's own families, in the adversaries' order."""
    wanted = WITHIN if outcome == HOLDS else VIOLATED
    first = [i for i, (_, ev) in enumerate(evaluations[:recorded]) if ev.outcome == wanted]
    own = [i for i, (name, ev) in enumerate(evaluations) if name != RECORDED and ev.outcome == wanted]
    return first + own[:EPSILON_INSTANCES]


def judge(claim: Claim, prof: Profile, seed: int) -> CheckResult:
    """Check ``claim``: its derivation, then every adversary's instances, evaluated exactly, judged by the rules of
    :mod:`certunlearn.check.verdict`."""
    start = time.perf_counter()
    symbolic, derivation = derivation_of(claim)
    evaluations = evaluations_of(claim, prof, seed)
    families = families_of(claim, evaluations)
    outcome, reason = verdict_of(claim, evaluations, prof)
    tight = rules.tightness(evaluations)
    evaluated = [(n, ev) for n, ev in evaluations if ev.evaluated]
    worst_name, worst = max(evaluated, key=lambda p: p[1].ratio, default=(None, None))
    counterexample = None
    if outcome == VIOLATED:
        name, ev = counterexample_of(evaluated)
        counterexample = Counterexample.from_evaluation(claim.id, ev, seed, name, prof.name)
    vacuous_reason = rules.vacuity(evaluations) if outcome == HOLDS else ""
    eps = EpsilonTightness(None, None)
    if outcome in (HOLDS, VIOLATED) and claim.laws is not None:  # violated: how much ε the release really spends
        chosen = epsilon_indices(evaluations, outcome, epsilon_points(claim.id))
        eps = epsilon_tightness(claim, [decode_instance(evaluations[i][1].instance) for i in chosen])
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
        scope=claim.scope, reading=claim.reading, proof_step=claim.proof_step,
    )


def error_result(claim: Claim, reason: str, seconds: float = 0.0) -> CheckResult:
    """The result of a claim whose check did not finish (it raised, timed out, or its worker died): inconclusive,
    no instance counted, the reason kept."""
    families = [a.name for a in claim.adversaries]
    passed, why = rules.control_verdict(claim.control.value, INCONCLUSIVE, rules.tightness([]), False)
    return CheckResult(
        id=claim.id, paper=claim.paper, source=claim.source, kind=claim.kind.value, control=claim.control.value,
        verdict=INCONCLUSIVE, tightness=None, counterexample=None, symbolic=[], instances=rules.counts([], families),
        seconds=seconds, reason="; ".join(r for r in (f"error: {reason}", why) if r), control_passed=passed,
        corrects=claim.corrects,
        evidence="statistical" if claim.quantity_kind is QuantityKind.STATISTICAL else "exact",
        scope=claim.scope, reading=claim.reading, proof_step=claim.proof_step,
    )


def preload_derivations(claims: Iterable[Claim]) -> None:
    """Build the derivations of the papers of ``claims`` once, in the parent, before the local workers fork (each
    worker would otherwise build every paper it meets: about 1.6 CPU-s of ``check --all`` twice over on 2 workers),
    and write their fingerprints (:func:`certunlearn.derive.cache.derivation_fingerprint`) there too.
    Only the time changes: a paper whose proofs module fails here fails again in the worker, as that claim's result.
    A claim whose entry the shipped table gives by id (:func:`certunlearn.derive.cache.shipped_for`) needs neither."""
    claims = [c for c in claims if c.derivation and shipped_for(c) is None]  # the table serves the others unloaded
    loaded: dict[str, dict[str, Any]] = {}
    for paper in dict.fromkeys(c.derivation.split(".", 1)[0] for c in claims):
        if not paper.isidentifier():
            continue
        try:
            loaded[paper] = load_derivations(paper)
        except Exception:  # noqa: BLE001 — reported per claim by the worker's own attempt
            continue
    # each derivation's fingerprint (part of its cache keys; a symbolic start runs its algorithm to write it) once
    # here, not once per worker that meets the derivation: the workers inherit the texts
    for name in dict.fromkeys(c.derivation for c in claims):
        derivation = loaded.get(name.split(".", 1)[0], {}).get(name)
        if derivation is None:
            continue
        try:
            derivation_fingerprint(derivation)
        except Exception:  # noqa: BLE001 — as above
            continue


def check_claims(
    claim_ids: list[str],
    profile: str = "quick",
    seed: int = 0,
    executor: Executor | None = None,
    on_result: Callable[[CheckResult], None] | None = None,
    timeout: float | None = None,
) -> list[CheckResult]:
    """Check several claims in local worker processes (through ``executor`` if given); results in input order.
    ``on_result`` is called in the calling thread as each claim finishes. ``timeout``: seconds per claim (None: the
    profile's); a claim that does not finish is its error result (:func:`error_result`), the others go on.

    On Ctrl-C (KeyboardInterrupt) or SIGTERM turned into :class:`~certunlearn.processes.Interrupted`, pending
    work is cancelled, the local workers are killed, and :class:`~certunlearn.processes.Interrupted`
    is raised with ``results``: the claims finished so far, in input order."""
    prof = get_profile(profile)
    claims = {cid: get_claim(cid) for cid in claim_ids}  # fail fast on an unknown id, before any work is dispatched
    done: dict[str, CheckResult] = {}

    def finish(claim_id: str, value: Any) -> None:
        if isinstance(value, BinaryFloatError):
            raise value
        if isinstance(value, TaskFailed):
            value = error_result(claims[claim_id], value.reason, value.seconds)
        done[claim_id] = value
        if on_result:
            on_result(value)

    sources = loaded_sources()
    tasks = [(cid, (cid, profile, seed, sources)) for cid in dict.fromkeys(claim_ids)]
    try:
        if executor is None:
            workers = min(len(tasks), os.cpu_count() or 1)
            if workers > 1:
                preload_derivations(claims.values())
            with WorkerPool(workers, prof.timeout if timeout is None else timeout) as pool:
                pool.run(check_claim, tasks, finish, affinity=claim_family)
        else:
            _dispatch(executor, tasks, finish)
    except KeyboardInterrupt as exc:
        signum = getattr(exc, "signum", signal.SIGINT)
        raise Interrupted(signum, [done[c] for c in claim_ids if c in done]) from None
    return [done[cid] for cid in claim_ids]


def _dispatch(executor: Executor, tasks: list[tuple[str, tuple]], finish: Callable[[str, Any], None]) -> None:
    futures = {executor.submit(check_claim, *args): cid for cid, args in tasks}
    try:
        for future in as_completed(futures):
            try:
                value = future.result()
            except BinaryFloatError:
                raise
            except Exception as exc:  # noqa: BLE001 — that claim's error result; the run goes on
                value = TaskFailed(f"raised {type(exc).__name__}: {exc}", 0.0)
            finish(futures[future], value)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
