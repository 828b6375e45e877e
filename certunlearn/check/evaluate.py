"""Exact evaluation of one claim on one instance: observed ≤ bound, decided on enclosures."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from flint import arb

from ..claims.model import Claim, Instance, encode_instance
from ..numeric.enclosure import Decision, arb_decimal, decide
from ..numeric.precision import START_PREC

#: Outcomes of one instance.
WITHIN, VIOLATED, ATTAINED, UNDECIDED, EXCLUDED = "within", "violated", "attained", "undecided", "excluded"
#: Relative agreement (bits) at which an undecided comparison counts as attained (observed = bound).
ATTAINED_BITS = 128


@dataclass(frozen=True)
class Evaluation:
    """The outcome of one instance, with exact decimal strings for everything it was decided on."""

    instance: dict[str, Any]
    outcome: str
    observed: str | None = None
    bound: str | None = None
    observed_enclosure: str | None = None
    bound_enclosure: str | None = None
    ratio: float | None = None
    prec: int = 0
    reason: str = ""

    @property
    def evaluated(self) -> bool:
        return self.outcome in (WITHIN, VIOLATED, ATTAINED)


def evaluate(claim: Claim, instance: Instance, max_prec: int) -> Evaluation:
    """Decide ``quantity(instance) ≤ bound(instance)`` for an instance inside the hypotheses."""
    written = encode_instance(instance)
    for hypothesis in claim.hypotheses:
        decision = hypothesis.decide(instance)
        if decision is not Decision.TRUE:
            why = "outside" if decision is Decision.FALSE else "undecided"
            return Evaluation(written, EXCLUDED, reason=f"{why} hypothesis {hypothesis.name}")
    try:
        cmp = decide(
            lambda: claim.quantity(claim.with_prescribed(instance)),
            "<=",
            lambda: claim.bound_value(instance),
            start=START_PREC,
            max_prec=max_prec,
        )
    except (ArithmeticError, ValueError, OverflowError) as exc:
        return Evaluation(written, UNDECIDED, reason=f"evaluation failed: {exc}")
    outcome = {Decision.TRUE: WITHIN, Decision.FALSE: VIOLATED}.get(cmp.decision, UNDECIDED)
    if outcome == UNDECIDED and _agree(cmp.lhs, cmp.rhs):
        outcome = ATTAINED
    return Evaluation(
        written,
        outcome,
        observed=arb_decimal(cmp.lhs, 20),
        bound=arb_decimal(cmp.rhs, 20),
        observed_enclosure=cmp.lhs.str(20, more=True),
        bound_enclosure=cmp.rhs.str(20, more=True),
        ratio=ratio(cmp.lhs, cmp.rhs),
        prec=cmp.prec,
        reason="" if outcome != UNDECIDED else f"enclosures overlap at {cmp.prec} bits",
    )


def ratio(observed: arb, bound: arb) -> float:
    """observed/bound at the midpoints (for tightness; never used for a decision)."""
    o, b = float(observed.mid()), float(bound.mid())
    if b == 0 or not (math.isfinite(o) and math.isfinite(b)):
        return math.inf if o > 0 else 0.0
    return o / b


def _agree(a: arb, b: arb) -> bool:
    """Both enclosures are tight and overlap: equal to at least ATTAINED_BITS relative bits."""
    if not (a.is_finite() and b.is_finite()) or not a.overlaps(b):
        return False
    return min(a.rel_accuracy_bits(), b.rel_accuracy_bits()) >= ATTAINED_BITS
