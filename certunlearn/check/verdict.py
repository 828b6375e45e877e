"""The verdict rules, written down once (README "Verdicts"; DESIGN "Checker").

From a claim's evaluated instances (each ``within``, ``violated``, ``undecided``, ``excluded`` or ``error``, see
:mod:`certunlearn.check.evaluate`):

- ``violated`` — some instance is decided violated;
- ``holds`` — none violated, none errored, at least :data:`DECIDED_SHARE` of the instances inside the hypotheses
  decided, every adversary family has a decided instance, at least the profile's ``min_instances`` decided, and no
  undecided instance whose enclosure reaches more than 10⁻⁶ (relative) above the bound (it leaves room for a
  violation: ``Evaluation.reaches_above``);
- ``inconclusive`` — otherwise, with a reason naming the counts and the families.

A claim whose quantity is statistical (a confidence interval from sampling) is judged by the same rules on its
statistical decisions; its verdict is labelled ``evidence: statistical`` with the confidence of the decisions it rests
on (:func:`statistical_confidence`, Bonferroni-corrected for the instances tested), and the summary never counts it
with the exact verdicts.

A ``holds`` whose every decided instance is trivially within is ``vacuous`` (any kind). The tightness is a certified
interval for max observed/bound over the instances inside the hypotheses that are not trivially within; ``attained``
only where equality was proved at the maximum.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..claims.registry import get_claim
from ..errors import UnknownClaimError
from ..numeric.fraction import Fraction
from .evaluate import ABOVE_TOLERANCE, ERROR, EXCLUDED, OUTCOMES, UNDECIDED, VIOLATED, WITHIN, Evaluation, float_down

HOLDS, INCONCLUSIVE = "holds", "inconclusive"
#: The share of the instances inside the hypotheses that must be decided for ``holds``.
DECIDED_SHARE = 0.9
#: A positive control's tightness interval must lie within this distance of 1.
POSITIVE_CONTROL_TOLERANCE = 1e-6

#: (adversary family, evaluation) pairs, in the order the instances were generated.
Evaluations = Sequence[tuple[str, Evaluation]]


def counts(evaluations: Evaluations, families: Sequence[str]) -> dict:
    """``{"total", "within", "violated", "undecided", "excluded", "error", "by_adversary": {family: {...}}}``."""
    def tally(evs: list[Evaluation]) -> dict[str, int]:
        c = Counter(ev.outcome for ev in evs)
        return {"total": len(evs), **{o: c[o] for o in OUTCOMES}}

    by_family = {f: tally([ev for name, ev in evaluations if name == f]) for f in families}
    return {**tally([ev for _, ev in evaluations]), "by_adversary": by_family}


def verdict(evaluations: Evaluations, families: Sequence[str], min_instances: int) -> tuple[str, str]:
    """(verdict, reason) by the rules above."""
    c = counts(evaluations, families)
    if c[VIOLATED]:
        return VIOLATED, ""
    problems = []
    if c[ERROR]:
        first = next(ev.reason for _, ev in evaluations if ev.outcome == ERROR)
        problems.append(f"{c[ERROR]} instance(s) raised an error (first: {first})")
    inside = c[WITHIN] + c[UNDECIDED] + c[ERROR]
    decided = c[WITHIN]
    if inside == 0:
        excluded = sorted({ev.reason for _, ev in evaluations if ev.outcome == EXCLUDED})
        problems.append(f"no instance inside the hypotheses (of {c['total']}"
                        + (f"; {'; '.join(excluded[:3])}" if excluded else "") + ")")
    elif decided < DECIDED_SHARE * inside:
        why = Counter(ev.reason for _, ev in evaluations if ev.outcome == UNDECIDED).most_common(2)
        problems.append(f"only {decided} of {inside} instances inside the hypotheses decided (need "
                        f"{DECIDED_SHARE:.0%})" + (f"; undecided: {'; '.join(f'{r} ({n}×)' for r, n in why)}" if why else ""))
    above = [ev for _, ev in evaluations if ev.outcome == UNDECIDED and ev.reaches_above]
    if above:
        problems.append(f"{plural(len(above), 'undecided instance')} whose enclosure reaches more than "
                        f"{float(ABOVE_TOLERANCE):g} (relative) above the bound (first: observed "
                        f"{above[0].observed_enclosure} vs bound {above[0].bound_enclosure}; {above[0].reason})")
    lacking = [f for f in families if not c["by_adversary"][f][WITHIN]]
    if lacking and inside:
        problems.append("no decided instance from " + ", ".join(f"'{f}'" for f in lacking))
    if decided < min_instances and inside and not problems:
        problems.append(f"only {decided} decided instances (need {min_instances})")
    if problems:
        return INCONCLUSIVE, "; ".join(problems)
    return HOLDS, ""


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``1 instance``, ``2 instances`` (``many``: an irregular plural)."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"


def statistical_confidence(evaluations: Evaluations, verdict_: str) -> float | None:
    """The confidence of a statistical verdict: ``violated`` rests on the most confident violated instance, corrected
    for the m instances tested (Bonferroni, which Holm's first step equals: 1 − m·(1 − confidence), at least 0);
    ``holds`` on every decided instance at once (union bound: 1 − Σ(1 − confidence), at least 0); None otherwise or
    when no decision was statistical."""
    tested = [ev for _, ev in evaluations if ev.evaluated and ev.confidence is not None]
    decided = [ev for ev in tested if ev.decided]
    if not decided or verdict_ == INCONCLUSIVE:
        return None
    if verdict_ == VIOLATED:
        best = max(ev.confidence for ev in decided if ev.outcome == VIOLATED)
        return max(0.0, float_down(1 - len(tested) * (1 - Fraction(best))))
    return max(0.0, float_down(1 - sum(1 - Fraction(ev.confidence) for ev in decided)))


@dataclass(frozen=True)
class Tightness:
    """max observed/bound over the instances inside the hypotheses: a certified interval [lower, upper] (None
    where no instance has a ratio), log10 of its lower end, and whether equality was proved at the maximum."""

    lower: float | None
    upper: float | None
    log10: float | None
    attained: bool


def tightness(evaluations: Evaluations) -> Tightness:
    """Over the evaluated instances with a ratio that are not trivially within (a certified δ ≥ 1/2 says nothing
    about how close the bound is): the largest certified lower end, the largest upper end (over every such instance,
    undecided ones included), the largest log10, and attained only if equality was proved and the interval is {1}."""
    ratios = [ev for _, ev in evaluations if ev.evaluated and ev.ratio_lower is not None and not ev.trivial]
    if not ratios:
        return Tightness(None, None, None, False)
    lower = max(ev.ratio_lower for ev in ratios)
    upper = max(ev.ratio_upper for ev in ratios)
    attained = any(ev.attained for ev in ratios) and lower >= 1 and upper <= 1
    log10 = max((ev.ratio_log10 for ev in ratios if ev.ratio_log10 is not None), default=None)
    return Tightness(lower, upper, log10, attained)


def vacuity(evaluations: Evaluations) -> str:
    """The reason every decided instance is trivially within, or "" when some instance is not."""
    within = [ev for _, ev in evaluations if ev.outcome == WITHIN]
    if not within or any(not ev.trivial for ev in within):
        return ""
    reasons = Counter(ev.trivial for ev in within).most_common()
    return "every decided instance is trivially within: " + "; ".join(f"{r} ({n}×)" for r, n in reasons)


def control_verdict(control: str, verdict_: str, tight: Tightness, vacuous: bool) -> tuple[bool, str]:
    """Whether a control came out as it must, and why not: a negative control must be violated; a positive one (whose
    exact answer is observed = bound) must be attained: not violated, not vacuous, its tightness interval inside
    [1 − tol, 1 + tol] with tol = :data:`POSITIVE_CONTROL_TOLERANCE`. An equality no enclosure can decide (a
    transcendental identity) then passes as a control while its own verdict stays, honestly, inconclusive."""
    if control == "negative":
        return (True, "") if verdict_ == VIOLATED else (False, f"negative control came out {verdict_}")
    if control == "positive":
        if verdict_ == VIOLATED or vacuous:
            return False, f"positive control came out {verdict_}{' (vacuous)' if vacuous else ''}"
        tol = POSITIVE_CONTROL_TOLERANCE
        if tight.lower is None or tight.lower < 1 - tol or tight.upper > 1 + tol:
            return False, f"positive control not attained: tightness in [{tight.lower}, {tight.upper}]"
    return True, ""


def control_base(claim_id: str) -> str:
    """The claim a negative control deliberately breaks: ``r2d.thm3.1:control-sigma-halved`` → ``r2d.thm3.1``,
    ``r2d.table3:newton-control-sigma-halved`` → ``r2d.table3:newton``; a control of a corrected claim (ids allow no
    ``+`` inside a part) names it with ``fix``: ``pomer.lem3.2:fix-control-c-scaled`` → ``pomer.lem3.2+fix``,
    ``pomer.lem4.6:drift-fix-control-no-drift`` → ``pomer.lem4.6:drift+fix``."""
    head, _, part = claim_id.partition(":")
    prefix = part.split("control", 1)[0].rstrip("-")
    fix = prefix == "fix" or prefix.endswith("-fix")
    if fix:
        prefix = prefix.removesuffix("fix").rstrip("-")
    return (f"{head}:{prefix}" if prefix else head) + ("+fix" if fix else "")


def failed_controls(results: Sequence) -> dict[str, str]:
    """Controls that did not come out as they must, with the reason: the result's own rule
    (:func:`control_verdict`); a negative control whose base claim (:func:`control_base`) is no registered claim (an
    error in the control's id); or one whose base, checked in the same run, does not hold (a deliberate error on a
    claim that already fails, or that nothing decided, proves nothing)."""
    verdicts = {r.id: r.verdict for r in results}
    failed = {}
    for r in results:
        base = control_base(r.id)
        if not r.control_passed:
            failed[r.id] = r.reason or f"{r.control} control came out {r.verdict}"
        elif r.control != "negative":
            continue
        elif base not in verdicts and not _registered(base):
            failed[r.id] = f"its base claim {base} is not a registered claim: the control's id is in error"
        elif verdicts.get(base, HOLDS) != HOLDS:
            failed[r.id] = f"its base claim {base} is itself {verdicts[base]}: the control proves nothing"
    return failed


def _registered(claim_id: str) -> bool:
    try:
        get_claim(claim_id)
    except UnknownClaimError:
        return False
    return True
