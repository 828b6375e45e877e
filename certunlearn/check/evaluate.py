"""Exact evaluation of one claim on one instance: observed ≤ bound, decided on enclosures.

Every instance ends as exactly one of:

- ``within`` — observed ≤ bound, decided (exactly, or on enclosures that separate);
- ``violated`` — observed > bound, decided;
- ``undecided`` — the enclosures still overlap at the profile's top precision, a hypothesis could not be decided,
  or the quantity's kind cannot decide this side (a certified lower bound below the bound says nothing);
- ``excluded`` — a hypothesis is decided false (the instance is not a counterexample);
- ``error`` — any exception while deciding a hypothesis or evaluating, and any NaN from the quantity, a hypothesis
  or the bound; the message is kept. An error is never turned into an exclusion, never left undecided.

A binary float (a Python ``float``, a numpy floating scalar, a ``sympy.Float``, an mpmath ``mpf``) returned by the
quantity, or inside the bound, decides nothing (:mod:`certunlearn.numeric.binary_float`): a built-in claim's instance
is an ``error`` naming it; a user's claim raises :class:`BinaryFloatError` (one line, exit 2). Exact values never go
through ``float()`` on a decision path (``Fraction(10**400, 3)`` is decided like any other).

An ``undecided`` instance records whether its observed enclosure reaches more than :data:`ABOVE_TOLERANCE`
(relative) above the bound (``Evaluation.reaches_above``): such an instance leaves room for a violation and blocks
``holds`` (:mod:`certunlearn.check.verdict`).

Equality (``attained``) is only ever *proved*: when the quantity returns an exact rational and the bound is
rational at the instance, the comparison is exact; when the quantity returns a closed form (a sympy number: √q,
e^q, …) and the bound is one at the instance's rationals, equality is proved by
:mod:`certunlearn.numeric.symbolic_equality` (decided for algebraic numbers). Overlapping enclosures never count as
equal.

A quantity of kind ``STATISTICAL`` returns a :class:`~certunlearn.numeric.confidence.ConfidenceInterval`; the instance
is ``within`` when its upper end is ≤ the bound, ``violated`` when its lower end is > the bound (each at the stated
confidence, kept in ``Evaluation.confidence``), ``undecided`` when the interval straddles the bound.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from flint import arb, fmpq, fmpz

from ..claims.model import Claim, Instance, Kind, QuantityKind, encode_instance
from ..claims.registry import origin
from ..errors import CertunlearnError, UndecidedError
from ..formulas.symbols import delta as DELTA
from ..numeric.confidence import ConfidenceInterval
from ..numeric.enclosure import Decision, arb_decimal, arb_lower_float, arb_upper_float, exact_decimal, to_arb
from ..numeric.binary_float import binary_float_message, binary_float_type
from ..numeric.fraction import RATIONAL_TYPES, Fraction
from ..numeric.precision import START_PREC, precisions, workprec
from ..numeric.sympy_arb import arb_eval
from ..numeric.symbolic_equality import is_closed_form, proved_equal

#: Outcomes of one instance.
WITHIN, VIOLATED, UNDECIDED, EXCLUDED, ERROR = "within", "violated", "undecided", "excluded", "error"
OUTCOMES = (WITHIN, VIOLATED, UNDECIDED, EXCLUDED, ERROR)
#: Claim kinds whose quantity (a δ, a divergence, a sensitivity) has 0 as the minimum of its range.
NONNEGATIVE_KINDS = frozenset({Kind.PRIVACY, Kind.UNLEARNING, Kind.SENSITIVITY})
#: An undecided instance whose observed enclosure reaches more than this (relative to |bound|) above the bound
#: leaves room for a violation: it blocks ``holds``.
ABOVE_TOLERANCE = Fraction(1, 10**6)


class BinaryFloatError(CertunlearnError, TypeError):
    """A claim's quantity returned a binary float, or its bound holds one: nothing can be decided on it."""


def bound_float(claim: Claim) -> str | None:
    """The message when the claim's bound or a prescribed parameter holds a ``sympy.Float``, else None."""
    for what, expr in (("its bound", claim.bound), *((f"prescribed {n}", e) for n, e in claim.prescribed.items())):
        found = binary_float_type(expr)
        if found:
            return binary_float_message(claim.id, what, found)
    return None


@dataclass(frozen=True)
class Evaluation:
    """The outcome of one instance, with exact decimal strings for everything it was decided on.

    ``ratio_lower``/``ratio_upper`` enclose observed/bound (floats rounded outward; None where the bound is not
    decided positive), ``ratio_log10`` is log10 of the lower end (finite where a float would underflow), ``ratio``
    the midpoint (for ordering and display only). ``attained``: observed = bound, proved exactly. ``trivial``: why
    the instance is trivially within (the quantity at its range's minimum, a certified δ ≥ 1/2), else ""."""

    instance: dict[str, Any]
    outcome: str
    observed: str | None = None
    bound: str | None = None
    observed_enclosure: str | None = None
    bound_enclosure: str | None = None
    ratio: float | None = None
    ratio_lower: float | None = None
    ratio_upper: float | None = None
    ratio_log10: float | None = None
    attained: bool = False
    trivial: str = ""
    prec: int = 0
    reason: str = ""
    confidence: float | None = None  # a statistical decision's confidence (None: decided exactly)
    reaches_above: bool = False  # undecided, and the observed enclosure reaches > ABOVE_TOLERANCE above the bound

    @property
    def evaluated(self) -> bool:
        """Inside the hypotheses, with both sides computed (decided or not)."""
        return self.outcome in (WITHIN, VIOLATED, UNDECIDED) and self.observed is not None

    @property
    def decided(self) -> bool:
        return self.outcome in (WITHIN, VIOLATED)


def evaluate(claim: Claim, instance: Instance, max_prec: int) -> Evaluation:
    """Decide ``quantity(instance) ≤ bound(instance)`` for an instance, hypotheses first."""
    written = encode_instance(instance)
    for hypothesis in claim.hypotheses:
        try:
            decision = hypothesis.decide(instance)
        except Exception as exc:  # noqa: BLE001 - an error is reported, never an exclusion
            return Evaluation(written, ERROR, reason=f"hypothesis {hypothesis.name}: {_describe(exc)}")
        if decision is Decision.FALSE:
            return Evaluation(written, EXCLUDED, reason=f"outside hypothesis {hypothesis.name}")
        if decision is not Decision.TRUE:
            if _nan_sides(hypothesis, instance):
                return Evaluation(written, ERROR, reason=f"hypothesis {hypothesis.name}: a side is NaN")
            return Evaluation(written, UNDECIDED, reason=f"hypothesis {hypothesis.name} undecided")
    try:
        return _compare(claim, instance, written, max_prec)
    except BinaryFloatError as exc:
        if origin(claim.id) is not None:
            raise  # a user's claim: one line, exit 2
        return Evaluation(written, ERROR, reason=str(exc))
    except UndecidedError as exc:
        return Evaluation(written, UNDECIDED, reason=f"undecided inside the quantity: {exc}")
    except Exception as exc:  # noqa: BLE001
        return Evaluation(written, ERROR, reason=f"evaluation failed: {_describe(exc)}")


def _nan_sides(hypothesis: Any, instance: Instance) -> bool:
    """Whether a relation's side is NaN at ``instance`` (then the hypothesis is an error, not undecided)."""
    if hypothesis.relation is None:
        return False
    try:
        with workprec(START_PREC):
            return any(arb_eval(side, dict(instance)).is_nan() for side in (hypothesis.relation.lhs,
                                                                           hypothesis.relation.rhs))
    except Exception:  # noqa: BLE001 - a side that cannot be evaluated is not NaN; the decision said undecided
        return False


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _exact(value: Any) -> Fraction | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, RATIONAL_TYPES):
        return value
    if isinstance(value, (int, fmpz)):
        return Fraction(int(value))
    if isinstance(value, fmpq):
        return Fraction(int(value.p), int(value.q))
    return None


def _compare(claim: Claim, instance: Instance, written: dict[str, Any], max_prec: int) -> Evaluation:
    kind = claim.quantity_kind
    closed_form_tried = False
    floating = bound_float(claim)
    if floating:
        raise BinaryFloatError(floating)
    undecided: UndecidedError | None = None
    for prec in precisions(START_PREC, max(max_prec, START_PREC)):  # at least once: a, b, nan are always set
        with workprec(prec):
            try:
                observed = claim.quantity(claim.with_prescribed(instance))
            except UndecidedError as exc:  # a sign the quantity needs is undecided at this precision: raise it
                undecided = exc
                continue
            undecided = None
            floating = binary_float_type(observed)
            if floating:
                raise BinaryFloatError(binary_float_message(claim.id, "the quantity it returned", floating))
            if kind is QuantityKind.STATISTICAL:
                return _statistical_evaluation(claim, instance, written, observed, max_prec)
            exact = _exact(observed)
            if exact is not None and kind is QuantityKind.ENCLOSURE:
                bound = claim.bound_exact(instance)
                if bound is not None:
                    return _exact_evaluation(claim, written, exact, bound, prec)
            if not closed_form_tried and kind is QuantityKind.ENCLOSURE and (exact is not None
                                                                             or is_closed_form(observed)):
                closed_form_tried = True  # an exact quantity against a bound rational only through radicals, too
                if _overlap(to_arb(observed), claim.bound_value(instance)):  # disjoint balls are unequal: no sympy
                    bound_form = claim.bound_closed_form(instance)
                    if bound_form is not None and proved_equal(observed, bound_form):
                        return _equal_evaluation(claim, written, to_arb(observed), claim.bound_value(instance), prec)
            a, b = to_arb(observed), claim.bound_value(instance)
            nan = "quantity" if a.is_nan() else "bound" if b.is_nan() else ""
            if nan:
                continue  # an indeterminate form at this precision (∞ − ∞, 0·∞): a higher one may resolve it
            if a <= b:
                if kind is QuantityKind.LOWER:
                    return _evaluation(claim, written, UNDECIDED, a, b, prec,
                                       "a certified lower bound at or below the bound cannot show the claim holds")
                return _evaluation(claim, written, WITHIN, a, b, prec)
            if a > b:
                if kind is QuantityKind.UPPER:
                    return _evaluation(claim, written, UNDECIDED, a, b, prec,
                                       "a certified upper bound above the bound cannot show a violation")
                return _evaluation(claim, written, VIOLATED, a, b, prec)
    if undecided is not None:
        raise undecided
    if nan:
        return Evaluation(written, ERROR, prec=prec, reason=f"the {nan} is NaN up to {prec} bits")
    return _evaluation(claim, written, UNDECIDED, a, b, prec, f"enclosures overlap at {prec} bits")


def _exact_evaluation(claim: Claim, written: dict[str, Any], observed: Fraction, bound: Fraction,
                      prec: int) -> Evaluation:
    outcome = WITHIN if observed <= bound else VIOLATED
    with workprec(prec):
        a, b = to_arb(observed), to_arb(bound)
    ev = _evaluation(claim, written, outcome, a, b, prec)
    if bound > 0:
        r = observed / bound
        lo, hi = float_down(r), float_up(r)
        ev = _replace(ev, ratio_lower=lo, ratio_upper=hi, ratio=lo if r <= 0 else hi,
                      ratio_log10=_log10_fraction(r) if r > 0 else None)
    return _replace(ev, observed=exact_decimal(observed), bound=exact_decimal(bound), attained=observed == bound)


def _equal_evaluation(claim: Claim, written: dict[str, Any], a: arb, b: arb, prec: int) -> Evaluation:
    """observed = bound, proved symbolically: within, attained, ratio exactly 1 (0 = 0 has no ratio)."""
    ev = _evaluation(claim, written, WITHIN, a, b, prec)
    if b.is_zero():  # the ratio's ends are already None (a ball around 0 is not decided > 0); its midpoint may be > 0
        return _replace(ev, attained=True, ratio=0.0)
    return _replace(ev, attained=True, ratio=1.0, ratio_lower=1.0, ratio_upper=1.0, ratio_log10=0.0)


def _statistical_evaluation(claim: Claim, instance: Instance, written: dict[str, Any], observed: Any,
                            max_prec: int) -> Evaluation:
    """Decide a :class:`ConfidenceInterval` against the bound, raising the bound's precision while they overlap."""
    if not isinstance(observed, ConfidenceInterval):
        raise TypeError(f"a statistical quantity returns a ConfidenceInterval, not {type(observed).__name__}")
    outcome, prec = UNDECIDED, START_PREC
    for prec in precisions(START_PREC, max_prec):
        with workprec(prec):
            lo, hi, b = to_arb(observed.lower), to_arb(observed.upper), claim.bound_value(instance)
            if b.is_nan():  # a ConfidenceInterval's ends are never NaN (it refuses lower ≤ upper failing)
                return Evaluation(written, ERROR, prec=prec, reason="the confidence interval or the bound is NaN")
            if lo > b:
                outcome = VIOLATED
            elif hi <= b:
                outcome = WITHIN
            if outcome != UNDECIDED:
                break
    with workprec(prec):
        a = lo.union(hi) if lo.is_finite() and hi.is_finite() else (lo if lo.is_finite() else hi)
        reason = (f"{observed.method}: [{float(observed.lower):.6g}, {float(observed.upper):.6g}] at confidence "
                  f"{observed.confidence:g} from {observed.samples} samples")
        if outcome == UNDECIDED:
            reason = "the confidence interval straddles the bound; " + reason
        ev = _evaluation(claim, written, outcome, a, b, prec, reason)
    return _replace(ev, confidence=observed.confidence, trivial="")


def _replace(ev: Evaluation, **changes: Any) -> Evaluation:
    return replace(ev, **changes)


def _evaluation(claim: Claim, written: dict[str, Any], outcome: str, a: arb, b: arb, prec: int,
                reason: str = "") -> Evaluation:
    lower, upper, log10 = ratio_enclosure(a, b)
    if lower is not None and lower < 0 and claim.kind in NONNEGATIVE_KINDS:
        lower = 0.0  # a δ, a divergence, a sensitivity is ≥ 0: a ball reaching below 0 only rounds there
    return Evaluation(
        written, outcome,
        observed=_decimal(a), bound=_decimal(b),
        observed_enclosure=a.str(20, more=True), bound_enclosure=b.str(20, more=True),
        ratio=ratio(a, b), ratio_lower=lower, ratio_upper=upper, ratio_log10=log10,
        trivial=_trivial(claim, a, b) if outcome == WITHIN else "", prec=prec, reason=reason,
        reaches_above=outcome == UNDECIDED and reaches_above(a, b),
    )


def reaches_above(observed: arb, bound: arb) -> bool:
    """Whether ``observed`` is not certainly ≤ bound + :data:`ABOVE_TOLERANCE`·|bound| (room for a violation)."""
    tol = arb(fmpq(ABOVE_TOLERANCE.numerator, ABOVE_TOLERANCE.denominator))
    return not observed <= bound + tol * abs(bound)


def _decimal(a: arb) -> str:
    """The digits the enclosure holds (at most 20), as a decimal string; an enclosure that holds no digit in arb's
    own notation (``[+/- 1.41e-139]``: a midpoint would claim a value it does not know); an infinite enclosure as
    "+inf"/"-inf" (arb would print "[+/- inf]")."""
    if a.is_finite():
        if a.is_exact():
            return arb_decimal(a, 20)
        if a.rel_accuracy_bits() < 4:
            return a.str(3)
        return a.str(20, radius=False)
    return "+inf" if a > 0 else "-inf" if a < 0 else "unbounded"  # no NaN gets here: it is an error before


def ratio_enclosure(observed: arb, bound: arb) -> tuple[float | None, float | None, float | None]:
    """(lower, upper, log10 of lower) of observed/bound, rounded outward; None where the bound is not decided
    positive (a ratio means nothing there), except a positive quantity against an exact 0 bound: (inf, inf, None)."""
    if bound.is_zero():
        return (math.inf, math.inf, None) if observed > 0 else (None, None, None)
    if not bound > 0 or not observed.is_finite():
        return None, None, None
    r = observed / bound
    low = r.lower()
    log10 = arb_lower_float(low.log() / arb(10).log()) if low > 0 else None
    return arb_lower_float(r), arb_upper_float(r), log10


def _trivial(claim: Claim, observed: arb, bound: arb) -> str:
    """Why an instance is trivially within, for any kind: the quantity exactly 0 (for a δ, a divergence, a
    sensitivity the minimum of its range; for any other kind, an instance on which the adversary produced nothing to
    bound), or a certified δ ≥ 1/2; else ""."""
    if observed.is_zero():
        if claim.kind in NONNEGATIVE_KINDS:
            return "the quantity is 0, the minimum of its range"
        return "the quantity is exactly 0"
    if claim.bound == DELTA and claim.kind in (Kind.PRIVACY, Kind.UNLEARNING) and bound >= arb(1) / 2:
        return "the certified δ is ≥ 1/2"
    return ""


def float_down(q: Fraction) -> float:
    """A float ≤ q: the largest one unless q lies within 2⁻¹²⁸ (relative) above it (q is enclosed at 128 bits); the
    largest finite float where q is beyond the float range."""
    with workprec(128):
        return arb_lower_float(to_arb(q))


def float_up(q: Fraction) -> float:
    """A float ≥ q: the smallest one unless q lies within 2⁻¹²⁸ (relative) below it; +inf beyond the float range."""
    with workprec(128):
        return arb_upper_float(to_arb(q))


def _log10_fraction(q: Fraction) -> float:
    with workprec(128):
        return arb_lower_float(to_arb(q).log() / arb(10).log())


def ratio(observed: arb | Fraction, bound: arb | Fraction) -> float:
    """observed/bound at the midpoints (for ordering and the search; never used for a decision)."""
    o, b = (float(to_arb(x).mid()) for x in (observed, bound))
    if math.isfinite(o) and math.isinf(b):  # a finite quantity against an infinite bound: nowhere near it
        return 0.0
    if b == 0 or not (math.isfinite(o) and math.isfinite(b)):
        return math.inf if o > 0 else 0.0
    return o / b


def _overlap(a: arb, b: arb) -> bool:
    """Whether the enclosures ``a`` and ``b`` share a point (a symbolic equality is worth trying only then: two
    disjoint balls hold unequal numbers, and sympy's simplifier can take minutes on a large exact rational)."""
    return not (a < b or a > b)
