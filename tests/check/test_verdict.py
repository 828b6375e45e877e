"""The verdict rules (certunlearn.check.verdict), one test per rule, on synthetic claims whose truth is known."""
from dataclasses import replace

import pytest
import sympy
from flint import arb

from certunlearn.check import evaluate, get_profile, summary
from certunlearn.check.evaluate import ERROR, EXCLUDED, UNDECIDED, VIOLATED, WITHIN
from certunlearn.check.runner import judge
from certunlearn.check.verdict import control_base, failed_controls
from certunlearn.claims import Adversary, Claim, Control, Hypothesis, Kind, QuantityKind
from certunlearn.claims.hypotheses import P
from certunlearn.errors import AssumptionViolatedError
from certunlearn.numeric.enclosure import Decision, to_arb
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction

x = sympy.Symbol("x", positive=True)
QUICK = get_profile("quick")
POINTS = tuple(str(k) for k in range(1, 13))


def claim(quantity, bound=x, hypotheses=(), families=(("points", POINTS),), kind=Kind.INEQUALITY, **extra):
    adversaries = tuple(Adversary(name, generate=lambda rng, size, pts=pts: [{"x": p} for p in pts])
                        for name, pts in families)
    return Claim(id="gaussian.synthetic", source="test", kind=kind, statement="test claim", hypotheses=hypotheses,
                 bound=bound, quantity=quantity, adversaries=adversaries, **extra)


# 1. instance accounting ------------------------------------------------------------------------------------------
def test_every_instance_is_counted_once_overall_and_per_family():
    def q(v):
        if Fraction(v["x"]) == 3:
            raise RuntimeError("a bug in the quantity")
        return to_arb(v["x"]) / 2

    c = claim(q, hypotheses=(Hypothesis("x ≤ 10", sympy.Le(x, 10, evaluate=False)),),
              families=(("low", ("1", "2", "3")), ("high", ("9", "11", "12"))))
    n = judge(c, QUICK, 0).instances
    assert (n["total"], n[WITHIN], n[ERROR], n[EXCLUDED], n[VIOLATED], n[UNDECIDED]) == (6, 3, 1, 2, 0, 0)
    assert n["by_adversary"]["low"] == {"total": 3, WITHIN: 2, ERROR: 1, EXCLUDED: 0, VIOLATED: 0, UNDECIDED: 0}
    assert n["by_adversary"]["high"][EXCLUDED] == 2


def test_an_exception_is_an_error_never_an_exclusion():
    boom = P("x is fine", lambda v: 1 / 0)
    ev = evaluate(claim(lambda v: to_arb(v["x"]) * 2, hypotheses=(boom,)), {"x": "1"}, 128)
    assert ev.outcome == ERROR and "ZeroDivisionError" in ev.reason
    refused = P("‖x‖ ≤ R", lambda v: (_ for _ in ()).throw(AssumptionViolatedError("‖x‖ ≤ R", "too far")))
    assert evaluate(claim(lambda v: to_arb(v["x"]) * 2, hypotheses=(refused,)), {"x": "1"}, 128).outcome == EXCLUDED
    ev = evaluate(claim(lambda v: {}["missing"]), {"x": "1"}, 128)
    assert ev.outcome == ERROR and "KeyError" in ev.reason


# 2. verdict rules --------------------------------------------------------------------------------------------------
def test_holds_needs_no_error():
    def q(v):
        if Fraction(v["x"]) == 5:
            raise ValueError("cannot evaluate here")
        return to_arb(v["x"]) / 2

    r = judge(claim(q), QUICK, 0)
    assert r.verdict == "inconclusive" and "error" in r.reason and "ValueError" in r.reason


def test_holds_needs_ninety_percent_decided():
    tie = lambda v: to_arb(v["x"]) * (1 + arb(2) ** -1000)  # noqa: E731 - undecidable at the profile's 512 bits
    two_ties = claim(lambda v: tie(v) if Fraction(v["x"]) <= 2 else to_arb(v["x"]) / 2)
    r = judge(two_ties, QUICK, 0)
    assert r.instances[UNDECIDED] == 2 and r.verdict == "inconclusive" and "10 of 12" in r.reason
    one_tie = claim(lambda v: tie(v) if Fraction(v["x"]) == 1 else to_arb(v["x"]) / 2,
                    families=(("points", POINTS + ("13", "14")),))
    assert judge(one_tie, QUICK, 0).verdict == "holds"  # 13 of 14 decided


def test_holds_needs_a_decided_instance_in_every_family():
    c = claim(lambda v: to_arb(v["x"]) / 2, hypotheses=(Hypothesis("x ≤ 12", sympy.Le(x, 12, evaluate=False)),),
              families=(("points", POINTS), ("far", ("20", "30"))))
    r = judge(c, QUICK, 0)
    assert r.verdict == "inconclusive" and "'far'" in r.reason


def test_violated_when_one_instance_is_decided_violated():
    r = judge(claim(lambda v: to_arb(v["x"]) * 2 if Fraction(v["x"]) == 7 else to_arb(v["x"]) / 2), QUICK, 0)
    assert r.verdict == "violated" and r.counterexample.instance == {"x": "7"}


# 3. quantity kinds -------------------------------------------------------------------------------------------------
def test_a_lower_bound_can_only_show_violation():
    below = claim(lambda v: to_arb(v["x"]) / 2, quantity_kind=QuantityKind.LOWER)
    assert evaluate(below, {"x": "1"}, 128).outcome == UNDECIDED
    assert judge(below, QUICK, 0).verdict == "inconclusive"
    above = claim(lambda v: to_arb(v["x"]) * 2, quantity_kind=QuantityKind.LOWER)
    assert evaluate(above, {"x": "1"}, 128).outcome == VIOLATED


def test_an_upper_bound_can_only_show_within():
    above = claim(lambda v: to_arb(v["x"]) * 2, quantity_kind=QuantityKind.UPPER)
    assert evaluate(above, {"x": "1"}, 128).outcome == UNDECIDED
    assert judge(above, QUICK, 0).verdict == "inconclusive"
    below = claim(lambda v: to_arb(v["x"]) / 2, quantity_kind=QuantityKind.UPPER)
    assert judge(below, QUICK, 0).verdict == "holds"


# 4. tightness ------------------------------------------------------------------------------------------------------
def test_attained_only_where_equality_is_proved():
    near = claim(lambda v: to_arb(v["x"]) * (1 + arb(2) ** -600))  # above the bound by 2^-600: no proof of equality
    ev = evaluate(near, {"x": "2"}, 512)
    assert ev.outcome == UNDECIDED and not ev.attained
    exact = claim(lambda v: Fraction(v["x"]) if isinstance(v["x"], RATIONAL_TYPES) else Fraction(str(v["x"])))
    r = judge(exact, QUICK, 0)
    assert r.verdict == "holds" and r.attained and r.tightness_interval == [1.0, 1.0]
    irrational = claim(lambda v: to_arb(v["x"]).sqrt() ** 2)  # equal, but only enclosures: never "attained"
    assert evaluate(irrational, {"x": "2"}, 512).outcome == UNDECIDED


def test_tightness_is_a_certified_interval_that_does_not_underflow():
    tiny = claim(lambda v: to_arb(v["x"]) * arb(10) ** -1860)
    r = judge(tiny, QUICK, 0)
    assert r.verdict == "holds" and r.tightness_log10 == pytest.approx(-1860, abs=1e-6)
    assert r.tightness_interval[0] <= r.tightness_interval[1] and r.tightness == r.tightness_interval[0]
    half = judge(claim(lambda v: to_arb(v["x"]) / 2), QUICK, 0)
    lo, hi = half.tightness_interval
    assert lo <= 0.5 <= hi and hi - lo < 1e-15 and not half.attained


# 5. vacuity --------------------------------------------------------------------------------------------------------
def test_a_holds_that_is_trivially_within_everywhere_is_vacuous():
    delta = sympy.Symbol("delta", positive=True)
    zero = claim(lambda v: arb(0), bound=delta * x, kind=Kind.PRIVACY)
    r = judge(replace(zero, adversaries=(Adversary("p", generate=lambda rng, size: [
        {"x": p, "delta": "0.001"} for p in POINTS]),)), QUICK, 0)
    assert r.verdict == "holds" and r.vacuous and "is 0" in r.reason
    assert summary([r])["vacuous"] == ["gaussian.synthetic"]
    nonzero = judge(claim(lambda v: to_arb(v["x"]) / 2, kind=Kind.PRIVACY), QUICK, 0)
    assert nonzero.verdict == "holds" and not nonzero.vacuous


# 6. the proof in the verdict --------------------------------------------------------------------------------------
def test_the_verdict_carries_the_proof_status_and_refuting_points():
    """A claim whose derivation has a refuted step carries proof "broken" and the refuting point in its result."""
    from certunlearn.derive import Derivation, step

    wrong = Derivation(claim_id="gaussian.synthetic", target="bound", title="x/2 ≤ x, wrongly", start=x / 2,
                       domain={x: ("0.1", "10")}, steps=(step(x / 2, "<=", x / 4, "halving twice"),
                                                        step(x / 4, "<=", x, "quartering")))
    import certunlearn.check.runner as runner

    c = replace(claim(lambda v: to_arb(v["x"]) / 2), derivation="gaussian.synthetic")
    original = runner.load_derivation
    runner.load_derivation = lambda name: wrong
    try:
        r = judge(c, QUICK, 0)
    finally:
        runner.load_derivation = original
    assert r.proof == "broken" and r.refuting_points and r.refuting_points[0]["step"] == 1
    assert r.symbolic[0]["status"] == "refuted" and "point" in r.symbolic[0]
    assert judge(claim(lambda v: to_arb(v["x"]) / 2), QUICK, 0).proof == "none"  # no derivation


# 9. controls -------------------------------------------------------------------------------------------------------
def test_control_base_names_the_claim_a_control_breaks():
    assert control_base("r2d.thm3.1:control-sigma-halved") == "r2d.thm3.1"
    assert control_base("r2d.table3:newton-control-sigma-halved") == "r2d.table3:newton"
    assert control_base("pomer.lem3.2:fix-control-c-scaled") == "pomer.lem3.2+fix"
    assert control_base("pomer.lem4.6:drift-fix-control-no-drift") == "pomer.lem4.6:drift+fix"


def test_a_negative_control_of_a_failing_claim_proves_nothing():
    base = replace(judge(claim(lambda v: to_arb(v["x"]) * 2), QUICK, 0), id="gaussian.base")
    control = replace(judge(replace(claim(lambda v: to_arb(v["x"]) * 4), control=Control.NEGATIVE), QUICK, 0),
                      id="gaussian.base:control-doubled")
    assert control.verdict == "violated" and control.control_passed
    assert "gaussian.base:control-doubled" in failed_controls([base, control])
    holding = replace(base, verdict="holds")
    assert failed_controls([holding, control]) == {}


def test_a_positive_control_must_be_attained():
    loose = judge(replace(claim(lambda v: to_arb(v["x"]) / 2), control=Control.POSITIVE), QUICK, 0)
    assert loose.verdict == "holds" and not loose.control_passed and "not attained" in loose.reason
    exact = judge(replace(claim(lambda v: Fraction(str(v["x"]))), control=Control.POSITIVE), QUICK, 0)
    assert exact.control_passed


# 10. the summary ---------------------------------------------------------------------------------------------------
def test_summary_separates_findings_fixes_controls_and_broken_proofs():
    printed = replace(judge(claim(lambda v: to_arb(v["x"]) * 2), QUICK, 0), id="gaussian.thm1")
    fix = replace(judge(claim(lambda v: to_arb(v["x"]) / 2), QUICK, 0), id="gaussian.thm1+fix",
                  corrects="gaussian.thm1", proof="broken")
    control = replace(judge(replace(claim(lambda v: to_arb(v["x"]) * 4), control=Control.NEGATIVE), QUICK, 0),
                      id="gaussian.thm1+fix:control-quadrupled")
    s = summary([printed, fix, control])
    assert s["printed_violated"] == ["gaussian.thm1"] and s["fixes_holding"] == ["gaussian.thm1+fix"]
    assert s["proof_broken"] == ["gaussian.thm1+fix"] and s["controls"] == {"passed": 1, "failed": 0}
    assert (s["holds"], s["violated"], s["inconclusive"]) == (1, 2, 0)


def test_hypothesis_undecided_is_undecided_not_excluded():
    never = Hypothesis("undecidable", predicate=lambda v: Decision.UNDECIDED)
    assert evaluate(claim(lambda v: to_arb(v["x"]), hypotheses=(never,)), {"x": "1"}, 128).outcome == UNDECIDED
