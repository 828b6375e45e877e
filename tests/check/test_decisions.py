"""What decides and what does not (DESIGN "Verdicts", issue 24): binary floats, NaN, vacuity of every kind,
undecided instances that leave room for a violation, readings of O(·), control bases — and one test for each
mutant of the verdict code that survived the first round's tests."""
import importlib
import json
import subprocess
import sys
import textwrap
from dataclasses import replace

import mpmath
import numpy as np
import pytest
import sympy
from flint import arb

from certunlearn.check import evaluate, get_profile, summary
from certunlearn.check.evaluate import ERROR, EXCLUDED, UNDECIDED, WITHIN, BinaryFloatError
from certunlearn.check.runner import judge
from certunlearn.check.verdict import HOLDS, INCONCLUSIVE, Tightness, control_verdict, failed_controls, tightness
from certunlearn.claims import Adversary, Claim, Control, Hypothesis, Kind, QuantityKind
from certunlearn.claims.registry import ClaimLoadError, load_claims
from certunlearn.errors import UndecidedError
from certunlearn.numeric.binary_float import binary_float_type
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.symbolic_equality import proved_equal

x = sympy.Symbol("x", positive=True)
delta = sympy.Symbol("delta", positive=True)
QUICK = get_profile("quick")
POINTS = tuple(str(k) for k in range(1, 13))


def claim(quantity, bound=x, points=POINTS, kind=Kind.INEQUALITY, hypotheses=(), **extra):
    adversaries = (Adversary("points", generate=lambda rng, size: [{"x": p} for p in points]),)
    return Claim(id="gaussian.synthetic", source="test", kind=kind, statement="test claim", hypotheses=hypotheses,
                 bound=bound, quantity=quantity, adversaries=adversaries, **extra)


def exact(v):
    return Fraction(str(v["x"]))


# 1. binary floats decide nothing -----------------------------------------------------------------------------------
@pytest.mark.parametrize("value, name", [(0.8, "float"), (np.float64(0.8), "float64"),
                                         (sympy.Float(0.8), "sympy.Float"), (mpmath.mpf(0.8), "mpmath.mpf")])
def test_a_float_quantity_is_an_error_never_a_verdict(value, name):
    """0.8 as a float is 0.8000000000000000444 > 4/5: taken at face value it would 'violate' a bound of 4/5 (a
    sympy.Float would be 'proved equal' to it)."""
    ev = evaluate(claim(lambda v: value, bound=sympy.Rational(4, 5)), {"x": "1"}, 512)
    assert ev.outcome == ERROR and f"binary float ({name})" in ev.reason and "Fraction" in ev.reason
    assert binary_float_type(value) == name
    assert binary_float_type(Fraction(4, 5)) is None and binary_float_type(sympy.sqrt(2)) is None
    assert binary_float_type(arb(1) / 3) is None and binary_float_type(True) is None


def test_a_float_in_the_bound_is_an_error():
    ev = evaluate(claim(exact, bound=x * sympy.Float(0.5)), {"x": "1"}, 512)
    assert ev.outcome == ERROR and "its bound" in ev.reason


def test_an_exact_value_beyond_the_float_range_is_decided():
    """Fraction(10**400, 3) overflowed float() in the first round (an inconclusive verdict)."""
    big = claim(lambda v: Fraction(10**400, 3), bound=x * 10**400)
    ev = evaluate(big, {"x": "1"}, 512)
    assert ev.outcome == WITHIN and ev.ratio_lower <= 1 / 3 <= ev.ratio_upper
    ev = evaluate(claim(lambda v: Fraction(10**400, 3), bound=x), {"x": "1"}, 512)
    assert ev.outcome == "violated" and ev.ratio_upper == float("inf") and ev.ratio_log10 > 399


def _user_file(tmp_path, body):
    path = tmp_path / "mine.py"
    path.write_text(textwrap.dedent("""
        from fractions import Fraction
        import sympy
        from certunlearn.api import Adversary, Claim, Kind
        x = sympy.Symbol("x", positive=True)
        POINTS = [{"x": str(k)} for k in range(1, 13)]
    """) + textwrap.dedent(body))
    return path


def test_a_users_float_bound_is_one_line_at_load(tmp_path):
    path = _user_file(tmp_path, """
        CLAIMS = [Claim(id="mine.thm1", source="t", kind=Kind.INEQUALITY, statement="s", hypotheses=(),
                        bound=sympy.Float(0.8) * x, quantity=lambda v: Fraction(v["x"]) / 2,
                        adversaries=(Adversary("p", generate=lambda rng, size: POINTS),))]
    """)
    with pytest.raises(ClaimLoadError, match=r"mine.thm1: its bound is a binary float"):
        load_claims(path)


def test_a_users_float_quantity_is_found_while_checking_not_at_load(tmp_path):
    """The loader never runs a user's quantity (it may exit or hang): the float is found in the worker."""
    path = _user_file(tmp_path, """
        CLAIMS = [Claim(id="mine.thm1", source="t", kind=Kind.INEQUALITY, statement="s", hypotheses=(), bound=x,
                        quantity=lambda v: float(Fraction(v["x"])) / 2,
                        adversaries=(Adversary("p", generate=lambda rng, size: POINTS),))]
    """)
    run = subprocess.run([sys.executable, "-m", "certunlearn.cli", "check", "--claims", str(path), "mine.thm1"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2 and "mine.thm1: the quantity it returned is a binary float (float)" in run.stderr


def test_a_users_float_seen_only_while_checking_exits_2_in_one_line(tmp_path):
    path = _user_file(tmp_path, """
        CLAIMS = [Claim(id="mine.thm2", source="t", kind=Kind.INEQUALITY, statement="s", hypotheses=(), bound=x,
                        quantity=lambda v: Fraction(v["x"]) / 2 if Fraction(v["x"]) < 5 else 0.5,
                        adversaries=(Adversary("p", generate=lambda rng, size: POINTS),))]
    """)
    run = subprocess.run([sys.executable, "-m", "certunlearn.cli", "check", "--claims", str(path), "mine.thm2"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2, run.stderr
    lines = [line for line in run.stderr.splitlines() if line.startswith("certunlearn: error")]
    assert len(lines) == 1 and "mine.thm2" in lines[0] and "binary float (float)" in lines[0]
    assert "Traceback" not in run.stderr


def test_a_users_float_raises_from_evaluate(monkeypatch):
    module = sys.modules["certunlearn.check.evaluate"]
    monkeypatch.setattr(module, "origin", lambda claim_id: "mine.py" if claim_id == "gaussian.synthetic" else None)
    with pytest.raises(BinaryFloatError, match="gaussian.synthetic"):
        evaluate(claim(lambda v: 0.5), {"x": "1"}, 512)


def test_no_built_in_claim_holds_a_float_in_its_bound():
    from certunlearn.claims.registry import _builtin

    for c in _builtin().values():
        assert binary_float_type(c.bound) is None, c.id
        assert all(binary_float_type(e) is None for e in c.prescribed.values()), c.id


# 2. NaN is an error --------------------------------------------------------------------------------------------------
def test_nan_from_the_quantity_or_the_bound_is_an_error():
    ev = evaluate(claim(lambda v: arb("nan")), {"x": "1"}, 512)
    assert ev.outcome == ERROR and "quantity is NaN up to 512 bits" in ev.reason

    def transient(v):  # NaN at the first precision only (an indeterminate form a higher precision resolves)
        from flint import ctx

        return arb("nan") if ctx.prec < 128 else to_arb(v["x"]) / 2

    assert evaluate(claim(transient), {"x": "1"}, 512).outcome == WITHIN
    ev = evaluate(claim(lambda v: arb(1), bound=sympy.log(x - 1)), {"x": "1"}, 512)
    assert ev.outcome == ERROR
    r = judge(claim(lambda v: arb("nan")), QUICK, 0)
    assert r.verdict == INCONCLUSIVE and r.instances["error"] == 12 and "NaN" in r.reason
    assert r.instances[UNDECIDED] == 0 and r.instances["excluded"] == 0


def test_nan_in_a_hypothesis_is_an_error():
    h = Hypothesis("log(x-1) ≤ 1", sympy.Le(sympy.log(x - 1) * sympy.sqrt(2), 1, evaluate=False))
    ev = evaluate(claim(exact, hypotheses=(h,)), {"x": "1"}, 512)
    assert ev.outcome == ERROR and "NaN" in ev.reason


# 3. vacuity for every kind; tightness from instances that are not trivial ----------------------------------------
@pytest.mark.parametrize("kind", list(Kind))
def test_a_quantity_that_is_always_0_is_vacuous_for_every_kind(kind):
    r = judge(claim(lambda v: Fraction(0), kind=kind), QUICK, 0)
    assert r.verdict == HOLDS and r.vacuous and "0" in r.reason


def test_tightness_comes_only_from_instances_that_are_not_trivial():
    """δ = 9/10 is a certified δ ≥ 1/2 (trivially within): its ratio 1/2 is not the tightness; δ = 1/10's 1/20 is."""
    c = Claim(id="gaussian.synthetic", source="test", kind=Kind.PRIVACY, statement="s", hypotheses=(), bound=delta,
              quantity=lambda v: Fraction(v["delta"]) / (2 if Fraction(v["delta"]) > Fraction(1, 2) else 20),
              adversaries=(Adversary("d", generate=lambda rng, size: [{"delta": d} for d in ("9/10", "1/10") * 6]),))
    evs = [evaluate(c, {"delta": d}, 512) for d in ("9/10", "1/10")]
    assert evs[0].trivial == "the certified δ is ≥ 1/2" and not evs[1].trivial
    t = tightness([("d", ev) for ev in evs])
    assert t.lower <= 1 / 20 <= t.upper < 0.06
    r = judge(c, QUICK, 0)
    assert r.verdict == HOLDS and not r.vacuous and r.tightness_interval[1] < 0.06


# 4. an undecided instance with room for a violation blocks holds --------------------------------------------------
def test_an_undecided_instance_reaching_above_the_bound_blocks_holds():
    """11 of 12 decided (> 90%), the twelfth's enclosure reaches 1% above the bound: not "holds"."""
    def q(v):
        value = to_arb(v["x"])
        return arb(value.mid(), value.mid() / 100) if value == 7 else value / 2

    r = judge(claim(q), QUICK, 0)
    assert r.instances[UNDECIDED] == 1 and r.verdict == INCONCLUSIVE and "reaches more than 1e-06" in r.reason

    def close(v):  # undecided too, but at most 1e-9 above the bound: no room for a violation worth the name
        value = to_arb(v["x"])
        return arb(value.mid(), value.mid() / 10**9) if value == 7 else value / 2

    r = judge(claim(close), QUICK, 0)
    assert r.instances[UNDECIDED] == 1 and r.verdict == HOLDS


# 5. readings of O(·) ------------------------------------------------------------------------------------------------
def test_a_violation_that_rests_on_a_reading_is_not_a_printed_violation():
    read = judge(claim(lambda v: to_arb(v["x"]) * 2, reading="the O(·) constant read as 1"), QUICK, 0)
    assert read.verdict == "violated" and read.reading
    printed = replace(judge(claim(lambda v: to_arb(v["x"]) * 2), QUICK, 0), id="gaussian.thm9")
    s = summary([read, printed])
    assert s["readings"] == ["gaussian.synthetic"] and s["printed_violated"] == ["gaussian.thm9"]
    assert read.to_json()["reading"] == "the O(·) constant read as 1"


def test_a_proof_step_is_neither_a_printed_violation_nor_a_fix_and_a_vacuous_fix_does_not_hold():
    step = judge(claim(lambda v: to_arb(v["x"]) * 2, proof_step="Theorem 9's route through Lemma 8"), QUICK, 0)
    assert step.verdict == "violated" and step.proof_step
    s = summary([step])
    assert s["printed_violated"] == [] and s["proof_steps"] == {"refuted": ["gaussian.synthetic"], "holding": []}
    fix = judge(replace(claim(lambda v: Fraction(0)), id="gaussian.synthetic+fix", corrects="gaussian.synthetic"),
                QUICK, 0)
    assert fix.verdict == HOLDS and fix.vacuous and summary([fix])["fixes_holding"] == []
    assert summary([replace(fix, vacuous=False)])["fixes_holding"] == ["gaussian.synthetic+fix"]


# 6. controls: unknown or non-holding bases --------------------------------------------------------------------------
def test_a_control_with_an_unknown_base_fails():
    control = replace(judge(replace(claim(lambda v: to_arb(v["x"]) * 4), control=Control.NEGATIVE), QUICK, 0),
                      id="gaussian.nosuchclaim:control-doubled")
    assert "not a registered claim" in failed_controls([control])["gaussian.nosuchclaim:control-doubled"]
    base = replace(control, id="gaussian.nosuchclaim", control="none", verdict=HOLDS)
    assert failed_controls([base, control]) == {}


def test_a_control_on_an_inconclusive_base_proves_nothing():
    control = replace(judge(replace(claim(lambda v: to_arb(v["x"]) * 4), control=Control.NEGATIVE), QUICK, 0),
                      id="gaussian.base:control-doubled")
    base = replace(control, id="gaussian.base", control="none", verdict=INCONCLUSIVE)
    assert "proves nothing" in failed_controls([base, control])["gaussian.base:control-doubled"]
    assert summary([base, control])["controls"] == {"passed": 0, "failed": 1}


# 9. the mutants that survived the first round ----------------------------------------------------------------------
def test_attained_needs_a_proof_not_an_interval_containing_1():
    """observed = x − 10⁻³⁰, exactly: within, the ratio's float interval [1 − ε, 1] contains 1, not attained."""
    r = judge(claim(lambda v: exact(v) - Fraction(1, 10**30)), QUICK, 0)
    assert r.verdict == HOLDS and r.tightness_interval[1] == 1.0 and not r.attained
    ev = evaluate(claim(lambda v: exact(v) / 2), {"x": "1"}, 512)
    assert ev.outcome == WITHIN and not ev.attained  # observed ≤ bound is not observed = bound


def test_an_equality_is_tried_symbolically_only_where_the_enclosures_overlap(monkeypatch):
    """An exact quantity far from a transcendental bound is decided on balls; sympy's simplifier (minutes on a large
    rational against log x) is never asked. Where the balls overlap (log 49 / 2 = log 7), it is."""
    calls = []

    def spy(a, b):
        calls.append((a, b))
        return proved_equal(a, b)

    monkeypatch.setattr(importlib.import_module("certunlearn.check.evaluate"), "proved_equal", spy)
    far = evaluate(claim(lambda v: exact(v) / 3, bound=sympy.log(x) + x), {"x": "7"}, 128)
    assert far.outcome == WITHIN and calls == []
    same = evaluate(claim(lambda v: sympy.log(sympy.Integer(49)) / 2, bound=sympy.log(x)), {"x": "7"}, 128)
    assert same.attained and len(calls) == 1


def test_float_agreement_is_no_proof_of_equality():
    assert proved_equal(sympy.E, sympy.E + sympy.exp(-200)) is None  # agree to 86 digits, not equal
    assert proved_equal(sympy.exp(sympy.Rational(1, 3)) ** 3, sympy.E) is True
    pythagoras = sympy.sin(1) ** 2 + sympy.cos(1) ** 2  # = 1, which only the simplifier shows
    assert (pythagoras - 1).is_algebraic is None and proved_equal(pythagoras, sympy.Integer(1)) is True
    assert proved_equal(sympy.log(6), sympy.log(2) + sympy.log(3)) is True
    assert proved_equal(pythagoras, sympy.Integer(2)) is None  # unequal, but no proof off the algebraic numbers
    assert proved_equal(sympy.sqrt(8), 2 * sympy.sqrt(2)) is True and proved_equal(sympy.Integer(0), 0) is True
    assert proved_equal(sympy.sqrt(2), sympy.sqrt(2) + sympy.Rational(1, 10**40)) is False


def test_an_undecided_quantity_is_undecided_never_within():
    def q(v):
        raise UndecidedError("overlap at 512 bits")

    ev = evaluate(claim(q), {"x": "1"}, 512)
    assert ev.outcome == UNDECIDED and "overlap" in ev.reason
    assert judge(claim(q), QUICK, 0).verdict == INCONCLUSIVE


def test_a_quantity_undecided_at_a_low_precision_is_retried_at_a_higher_one():
    """A sign the quantity needs may be undecided at 64 bits and decided at 128: the ladder raises the precision
    (before, the first UndecidedError ended the instance as undecided — d2d's logistic sublevel roots, issue 23)."""
    from flint import ctx

    seen = []

    def q(v):
        seen.append(ctx.prec)
        if ctx.prec < 256:
            raise UndecidedError(f"overlap at {ctx.prec} bits")
        return to_arb(v["x"]) / 2

    ev = evaluate(claim(q), {"x": "1"}, 512)
    assert ev.outcome == WITHIN and seen == [64, 128, 256]
    assert evaluate(claim(q), {"x": "1"}, 128).reason == "undecided inside the quantity: overlap at 128 bits"


def test_fewer_than_the_minimum_decided_is_inconclusive():
    few = claim(lambda v: to_arb(v["x"]) / 2, points=POINTS[:QUICK.min_instances - 1])
    r = judge(few, QUICK, 0)
    assert r.verdict == INCONCLUSIVE and f"need {QUICK.min_instances}" in r.reason
    assert judge(claim(lambda v: to_arb(v["x"]) / 2, points=POINTS[:QUICK.min_instances]), QUICK, 0).verdict == HOLDS


def test_a_certified_delta_of_a_half_is_trivial():
    c = Claim(id="gaussian.synthetic", source="test", kind=Kind.PRIVACY, statement="s", hypotheses=(), bound=delta,
              quantity=lambda v: Fraction(v["delta"]) / 2,
              adversaries=(Adversary("d", generate=lambda rng, size: [{"delta": "1/2"}] * 12),))
    assert evaluate(c, {"delta": "1/2"}, 512).trivial == "the certified δ is ≥ 1/2"
    assert evaluate(c, {"delta": "49/100"}, 512).trivial == ""
    assert judge(c, QUICK, 0).vacuous


def test_the_tightness_upper_end_is_the_largest_over_every_instance():
    def ev(outcome, lower, upper):
        return replace(evaluate(claim(exact), {"x": "1"}, 512), outcome=outcome, ratio_lower=lower,
                       ratio_upper=upper, ratio_log10=None, attained=False)

    t = tightness([("a", ev(WITHIN, 0.5, 0.5)), ("b", ev(UNDECIDED, 0.4, 0.9))])
    assert (t.lower, t.upper) == (0.5, 0.9)


def test_a_positive_control_with_no_ratio_fails():
    passed, why = control_verdict("positive", HOLDS, Tightness(None, None, None, False), False)
    assert not passed and "not attained" in why
    assert control_verdict("positive", HOLDS, Tightness(1.0, 1.0, 0.0, True), False) == (True, "")
    assert not control_verdict("positive", HOLDS, Tightness(1.0, 1.0, 0.0, True), True)[0]  # vacuous
    assert not control_verdict("negative", HOLDS, Tightness(1.0, 1.0, 0.0, True), False)[0]


def test_the_saved_counterexample_is_a_finite_violation_when_one_exists():
    """An observed +∞ (mutually singular laws) is the worst instance, but the counterexample saved is the largest
    finite violation; +∞ is saved only when nothing else is violated."""
    def q(v):
        value = exact(v)
        return arb.pos_inf() if value == 12 else to_arb(value * 3 if value == 5 else value / 2)

    r = judge(claim(q), QUICK, 0)
    assert r.verdict == "violated" and Fraction(r.counterexample.observed) == 15 and r.worst["observed"] == "+inf"
    only = judge(claim(lambda v: arb.pos_inf() if exact(v) == 12 else to_arb(exact(v) / 2)), QUICK, 0)
    assert only.counterexample.observed == "+inf"


def test_observed_never_shows_more_digits_than_its_enclosure_holds():
    """A ball [4.0e-140 ± 1.4e-139] (true value 5.6e-149) is not "4.0e-140…" with 20 digits."""
    wide = evaluate(claim(lambda v: arb("4e-140", "1e-139"), kind=Kind.PRIVACY), {"x": "1"}, 512)
    assert wide.observed == "[+/- 1.41e-139]"  # arb's own notation: no digit is known
    third = evaluate(claim(lambda v: arb(1) / 3), {"x": "1"}, 512)
    assert third.observed.startswith("0.333333") and len(third.observed) <= 22
    assert evaluate(claim(exact), {"x": "1/8"}, 512).observed == "0.125"


def test_an_upper_quantity_above_the_bound_leaves_room_for_a_violation():
    ev = evaluate(claim(lambda v: to_arb(v["x"]) * 2, quantity_kind=QuantityKind.UPPER), {"x": "1"}, 128)
    assert ev.outcome == UNDECIDED and ev.reaches_above
    assert not evaluate(claim(lambda v: to_arb(v["x"]) / 2, quantity_kind=QuantityKind.LOWER), {"x": "1"},
                        128).reaches_above


def test_a_users_float_factor_on_the_right_of_the_bound_is_one_line_at_load(tmp_path):
    path = _user_file(tmp_path, """
        CLAIMS = [Claim(id="mine.thm3", source="t", kind=Kind.INEQUALITY, statement="s", hypotheses=(),
                        bound=x * sympy.Float(0.8), quantity=lambda v: Fraction(v["x"]) / 2,
                        adversaries=(Adversary("p", generate=lambda rng, size: POINTS),))]
    """)
    with pytest.raises(ClaimLoadError, match=r"mine.thm3: its bound is a binary float \(sympy.Float\)"):
        load_claims(path)


# mutants of the second round (benchmarks/mutation.py) -------------------------------------------------------------
def test_plural():
    from certunlearn.check.verdict import plural

    assert [plural(n, "instance") for n in (0, 1, 2)] == ["0 instances", "1 instance", "2 instances"]
    assert plural(2, "child", "children") == "2 children" and plural(1, "child", "children") == "1 child"


def _decided(outcome, confidence, evaluated=True):
    ev = evaluate(claim(exact), {"x": "1"}, 512)
    return replace(ev, outcome=outcome if evaluated else "excluded", confidence=confidence,
                   observed=ev.observed if evaluated else None)


def test_statistical_confidence_counts_only_statistical_tests_and_rounds_down():
    from certunlearn.check.verdict import statistical_confidence

    one = [("a", _decided("violated", 0.99)), ("b", _decided(WITHIN, None)), ("c", _decided(WITHIN, None, False))]
    assert statistical_confidence(one, "violated") == 0.99  # one statistical test: no correction
    assert statistical_confidence(one, INCONCLUSIVE) is None
    many = [("a", _decided("violated", 0.9))] + [("b", _decided(UNDECIDED, 0.9))] * 11
    assert statistical_confidence(many, "violated") == 0.0  # 1 − 12·0.1 < 0: no confidence left
    assert statistical_confidence([("a", _decided("violated", 0.5))], "violated") == 0.5  # exact: kept
    for c in (0.99, 0.999, 0.95, 0.9999, 0.975):
        for m in range(2, 9):
            evs = [("a", _decided("violated", c))] + [("b", _decided(UNDECIDED, c))] * (m - 1)
            q = 1 - m * (1 - Fraction(c))
            got = statistical_confidence(evs, "violated")
            assert Fraction(got) <= q < Fraction(np.nextafter(got, 2.0))  # the largest float ≤ q


def test_control_base_splits_at_the_first_control_and_keeps_the_prefix():
    from certunlearn.check.verdict import control_base

    assert control_base("r2d.thm3.1:control-no-control") == "r2d.thm3.1"
    assert control_base("r2d.thm3.1:caseX-control-y") == "r2d.thm3.1:caseX"
    assert control_base("r2d.thm3.1:a-control-b-control-c") == "r2d.thm3.1:a"
    assert control_base("r2d.thm3.1:caseX-fix-control-y") == "r2d.thm3.1:caseX+fix"
    assert control_base("r2d.thm3.1:prefix-control") == "r2d.thm3.1:prefix"  # no "fix" suffix: nothing removed


def test_failed_controls_name_their_reason():
    base = judge(replace(claim(lambda v: to_arb(v["x"]) / 2), control=Control.POSITIVE), QUICK, 0)
    silent = replace(base, id="gaussian.p", control_passed=False, reason="")
    told = replace(base, id="gaussian.q", control_passed=False, reason="the reason")
    failed = failed_controls([silent, told])
    assert failed == {"gaussian.p": "positive control came out holds", "gaussian.q": "the reason"}


def test_a_control_of_a_registered_claim_outside_the_run_is_not_failed():
    control = replace(judge(replace(claim(lambda v: to_arb(v["x"]) * 4), control=Control.NEGATIVE), QUICK, 0),
                      id="r2d.thm3.1:control-quadrupled")
    assert failed_controls([control]) == {}


def test_float_down_and_up_enclose_a_rational():
    from certunlearn.check.evaluate import float_down, float_up

    for q in (Fraction(1, 3), Fraction(1, 2), Fraction(-2, 7), Fraction(10**400, 3), Fraction(1, 10**400)):
        lo, hi = float_down(q), float_up(q)
        assert lo <= hi
        if abs(q) < Fraction(10**300):
            assert Fraction(lo) <= q <= Fraction(hi) and np.nextafter(lo, np.inf) >= hi
    assert float_down(Fraction(1, 2)) == float_up(Fraction(1, 2)) == 0.5
    assert float_down(Fraction(10**400, 3)) == sys.float_info.max and float_up(Fraction(10**400, 3)) == np.inf


def test_the_summary_lists_every_key_from_the_results():
    from certunlearn.check.result import json_safe

    holds = replace(judge(claim(lambda v: to_arb(v["x"]) / 2), QUICK, 0), id="gaussian.a")
    bad = replace(judge(claim(lambda v: to_arb(v["x"]) * 2), QUICK, 0), id="gaussian.b", proof="broken")
    vac = replace(holds, id="gaussian.c+fix", corrects="gaussian.c", vacuous=True)
    inc = replace(holds, id="gaussian.d", verdict=INCONCLUSIVE)
    stat = replace(holds, id="gaussian.e", evidence="statistical", confidence=0.9, verdict=INCONCLUSIVE)
    read = replace(bad, id="gaussian.f", reading="constant 1", proof="none")
    step = replace(holds, id="gaussian.g", proof_step="a step")
    neg = replace(bad, id="gaussian.a:control-x", control="negative", proof="none")
    s = summary([holds, bad, vac, inc, stat, read, step, neg])
    assert s["claims"] == 8 and (s["holds"], s["violated"], s["inconclusive"]) == (3, 3, 1)  # exact only
    assert s["printed_violated"] == ["gaussian.b"] and s["readings"] == ["gaussian.f"]
    assert s["fixes_holding"] == [] and s["proof_steps"] == {"refuted": [], "holding": ["gaussian.g"]}
    assert s["proof_broken"] == ["gaussian.b"] and s["vacuous"] == ["gaussian.c+fix"]
    assert s["inconclusive_ids"] == ["gaussian.d"] and s["failed_controls"] == []
    assert s["controls"] == {"passed": 1, "failed": 0}
    assert s["statistical"] == {"holds": {}, "violated": {}, "inconclusive": {"gaussian.e": 0.9}}
    assert s["seconds"] == round(sum(r.seconds for r in (holds, bad, vac, inc, stat, read, step, neg)), 3)
    assert json_safe({"a": [float("inf"), 1.5, (float("nan"),)], "b": "x"}) == {"a": [None, 1.5, [None]], "b": "x"}
    out = bad.to_json()
    assert out["counterexample"]["observed"] == bad.counterexample.observed and out["reading"] == ""
    assert holds.to_json()["counterexample"] is None


def test_exact_quantities_of_every_exact_type_and_no_booleans():
    from flint import fmpq, fmpz

    ev = evaluate(claim(lambda v: fmpq(1, 3), bound=x / 3), {"x": "1"}, 512)
    assert ev.outcome == WITHIN and ev.attained and ev.observed == "1/3"
    ev = evaluate(claim(lambda v: fmpz(2), bound=x), {"x": "2"}, 512)
    assert ev.outcome == WITHIN and ev.attained and ev.observed == "2" and ev.ratio_log10 == 0.0
    ev = evaluate(claim(lambda v: 3, bound=x), {"x": "2"}, 512)
    assert ev.outcome == "violated" and ev.observed == "3" and ev.ratio_lower <= 1.5 <= ev.ratio_upper
    ev = evaluate(claim(lambda v: True), {"x": "1"}, 512)
    assert ev.outcome == ERROR and "boolean" in ev.reason


def test_infinite_and_unbounded_observed_values_are_named():
    ev = evaluate(claim(lambda v: arb.neg_inf()), {"x": "1"}, 512)
    assert ev.outcome == WITHIN and ev.observed == "-inf" and ev.ratio_lower is None
    ev = evaluate(claim(lambda v: arb(0, float("inf"))), {"x": "1"}, 512)
    assert ev.outcome == UNDECIDED and ev.observed == "unbounded" and ev.reaches_above


def test_the_ratio_enclosure_against_zero_and_negative_bounds():
    from certunlearn.check.evaluate import ratio, ratio_enclosure

    assert ratio_enclosure(arb(1), arb(0)) == (float("inf"), float("inf"), None)
    assert ratio_enclosure(arb(0), arb(0)) == (None, None, None)
    assert ratio_enclosure(arb(1), arb(-1)) == (None, None, None)
    lo, hi, log10 = ratio_enclosure(arb(1), arb(4))
    assert lo <= 0.25 <= hi and log10 == pytest.approx(-0.60206, abs=1e-5)
    assert ratio_enclosure(arb(-1), arb(4))[2] is None
    assert ratio(arb(1), arb(4)) == 0.25 and ratio(Fraction(1), Fraction(0)) == float("inf")
    assert ratio(arb(-1), arb(0)) == 0.0
    assert ratio(arb(3), arb.pos_inf()) == 0.0  # a finite quantity against an infinite bound: nowhere near it
    assert ratio(arb.pos_inf(), arb.pos_inf()) == float("inf")
    # an infinite quantity orders by its sign whatever the bound's: +∞ above a negative bound is the largest violation
    # (counterexample_of picks by this order), −∞ is nowhere near a positive one
    assert ratio(arb.pos_inf(), arb(-2)) == float("inf") and ratio(arb.neg_inf(), arb(2)) == 0.0


def test_room_above_a_negative_bound_is_relative_to_its_size():
    def near(v):  # 1e-9·|bound| wide around the negative bound −x: no room worth the name
        value = -to_arb(v["x"])
        return arb(value.mid(), abs(value.mid()) / 10**9)

    ev = evaluate(claim(near, bound=-x), {"x": "3"}, 128)
    assert ev.outcome == UNDECIDED and not ev.reaches_above
    wide = evaluate(claim(lambda v: arb(-to_arb(v["x"]).mid(), 1), bound=-x), {"x": "3"}, 128)
    assert wide.outcome == UNDECIDED and wide.reaches_above


def test_a_statistical_decision_carries_its_interval_and_confidence():
    from certunlearn.numeric.confidence import ConfidenceInterval

    c = claim(lambda v: ConfidenceInterval(Fraction(1, 10), Fraction(2, 10), 0.95, 100, "test"), bound=x,
              quantity_kind=QuantityKind.STATISTICAL)
    ev = evaluate(c, {"x": "1"}, 512)
    assert ev.outcome == WITHIN and ev.confidence == 0.95 and ev.trivial == ""
    assert "test: [0.1, 0.2] at confidence 0.95 from 100 samples" in ev.reason
    assert arb(ev.observed_enclosure).contains(arb("0.1")) and arb(ev.observed_enclosure).contains(arb("0.2"))
    straddle = evaluate(c, {"x": "3/20"}, 512)
    assert straddle.outcome == UNDECIDED and straddle.reason.startswith("the confidence interval straddles")
    assert evaluate(c, {"x": "1/20"}, 512).outcome == "violated"


def _ev(outcome, lower=None, upper=None, attained=False, trivial="", reason="", log10=None):
    base = evaluate(claim(exact), {"x": "1"}, 512)
    return replace(base, outcome=outcome, ratio_lower=lower, ratio_upper=upper, attained=attained, trivial=trivial,
                   reason=reason, ratio_log10=log10, observed=base.observed if outcome != "excluded" else None)


def test_verdict_reasons_word_for_word():
    from certunlearn.check.verdict import verdict

    assert verdict([("a", _ev(WITHIN, 0.5, 0.5))] * 10, ["a"], 10) == (HOLDS, "")
    assert verdict([("a", _ev("violated", 2, 2))], ["a"], 10) == ("violated", "")
    nine = [("a", _ev(WITHIN, 0.5, 0.5))] * 9 + [("a", _ev(UNDECIDED, reason="r"))]
    assert verdict(nine, ["a"], 9) == (HOLDS, "")  # 9 of 10 is the 90% needed
    errors = [("a", _ev(WITHIN, 0.5, 0.5))] * 9 + [("a", _ev(UNDECIDED, reason="r"))] + [("a", _ev(ERROR, reason="e"))] * 2
    assert "only 9 of 12 instances inside the hypotheses decided" in verdict(errors, ["a"], 1)[1]
    few = ([("a", _ev(WITHIN, 0.5, 0.5))] * 5 + [("a", _ev(UNDECIDED, reason="r1"))] * 4
           + [("a", _ev(UNDECIDED, reason="r2"))] * 3 + [("a", _ev(UNDECIDED, reason="r3"))] * 2)
    assert verdict(few, ["a", "b"], 1) == (INCONCLUSIVE, "only 5 of 14 instances inside the hypotheses decided "
                                           "(need 90%); undecided: r1 (4×); r2 (3×); no decided instance from 'b'")
    out = [("a", _ev("excluded", reason=f"outside hypothesis h{k}")) for k in range(4)]
    assert verdict(out, ["a", "b"], 1) == (INCONCLUSIVE, "no instance inside the hypotheses (of 4; outside "
                                           "hypothesis h0; outside hypothesis h1; outside hypothesis h2)")
    assert verdict([("a", _ev("excluded", reason="h"))], ["a"], 1)[1] == "no instance inside the hypotheses (of 1; h)"
    lacking = [("a", _ev(WITHIN, 0.5, 0.5))] * 10
    assert verdict(lacking, ["a", "b", "c"], 1) == (INCONCLUSIVE, "no decided instance from 'b', 'c'")


def test_the_room_above_reason_word_for_word():
    r = judge(claim(lambda v: arb(7, 1) if exact(v) == 7 else to_arb(v["x"]) / 2), QUICK, 0)
    assert r.reason == ("1 undecided instance whose enclosure reaches more than 1e-06 (relative) above the bound "
                        "(first: observed [7.0000000000000000000 +/- 1.01] vs bound 7.0000000000000000000; enclosures "
                        "overlap at 512 bits)")


def test_tightness_edges():
    assert tightness([]) == Tightness(None, None, None, False)
    assert tightness([("a", _ev(WITHIN, 0.5, 0.5, trivial="t"))]) == Tightness(None, None, None, False)
    assert not tightness([("a", _ev(WITHIN, 1.0, 1.0))]).attained  # an interval {1} is no proof
    assert tightness([("a", _ev(WITHIN, 1.0, 1.0, attained=True))]).attained
    mixed = tightness([("a", _ev(WITHIN, 1.0, 1.0, attained=True)), ("b", _ev(UNDECIDED, 0.9, 1.5))])
    assert (mixed.lower, mixed.upper, mixed.attained) == (1.0, 1.5, False)
    logs = tightness([("a", _ev(WITHIN, 0.0, 1e-300, log10=-400.0)), ("b", _ev(WITHIN, 0.0, 1e-300, log10=-350.0))])
    assert logs.log10 == -350.0 and logs.lower == 0.0


def test_vacuity_and_control_messages_word_for_word():
    from certunlearn.check.verdict import vacuity

    evs = [("a", _ev(WITHIN, 0.0, 0.0, trivial="t1"))] * 2 + [("a", _ev(WITHIN, 0.0, 0.0, trivial="t2"))]
    assert vacuity(evs) == "every decided instance is trivially within: t1 (2×); t2 (1×)"
    assert vacuity(evs + [("a", _ev(WITHIN, 0.5, 0.5))]) == "" and vacuity([]) == ""
    tol = 1e-6
    assert control_verdict("negative", "violated", Tightness(2.0, 2.0, 0.3, False), False) == (True, "")
    assert control_verdict("negative", HOLDS, Tightness(0.5, 0.5, -0.3, False), False) == \
        (False, "negative control came out holds")
    assert control_verdict("positive", HOLDS, Tightness(1.0, 1.0, 0.0, True), True) == \
        (False, "positive control came out holds (vacuous)")
    assert control_verdict("positive", "violated", Tightness(2.0, 2.0, 0.3, False), False) == \
        (False, "positive control came out violated")
    assert control_verdict("positive", HOLDS, Tightness(1 - tol, 1 + tol, 0.0, False), False) == (True, "")
    assert not control_verdict("positive", HOLDS, Tightness(1.0, 1.5, 0.0, False), False)[0]
    assert not control_verdict("positive", HOLDS, Tightness(0.99, 1.0, 0.0, False), False)[0]
    assert control_verdict("none", "violated", Tightness(None, None, None, False), False) == (True, "")


def test_evaluation_reasons_word_for_word():
    from certunlearn.claims.hypotheses import P
    from certunlearn.numeric.enclosure import Decision

    h = Hypothesis("x ≤ 10", sympy.Le(x, 10, evaluate=False))
    assert evaluate(claim(exact, hypotheses=(h,)), {"x": "11"}, 512).reason == "outside hypothesis x ≤ 10"
    never = Hypothesis("never", predicate=lambda v: Decision.UNDECIDED)
    assert evaluate(claim(exact, hypotheses=(never,)), {"x": "1"}, 512).reason == "hypothesis never undecided"
    boom = P("boom", lambda v: 1 / 0)
    assert evaluate(claim(exact, hypotheses=(boom,)), {"x": "1"}, 512).reason == \
        "hypothesis boom: ZeroDivisionError: division by zero"
    assert evaluate(claim(lambda v: {}["k"]), {"x": "1"}, 512).reason == "evaluation failed: KeyError: 'k'"

    def undecided(v):
        raise UndecidedError("at 512 bits")

    assert evaluate(claim(undecided), {"x": "1"}, 512).reason == "undecided inside the quantity: at 512 bits"
    lower = evaluate(claim(lambda v: to_arb(v["x"]) / 2, quantity_kind=QuantityKind.LOWER), {"x": "1"}, 512)
    assert lower.reason == "a certified lower bound at or below the bound cannot show the claim holds"
    upper = evaluate(claim(lambda v: to_arb(v["x"]) * 2, quantity_kind=QuantityKind.UPPER), {"x": "1"}, 512)
    assert upper.reason == "a certified upper bound above the bound cannot show a violation"
    overlap = evaluate(claim(lambda v: arb(1, 1)), {"x": "1"}, 512)
    assert overlap.reason == "enclosures overlap at 512 bits" and overlap.prec == 512
    assert overlap.observed_enclosure == arb(1, 1).str(20, more=True)
    assert evaluate(claim(lambda v: 0.5), {"x": "1"}, 512).reason == (
        "claim gaussian.synthetic: the quantity it returned is a binary float (float), which decides nothing; "
        "return a Fraction, an arb ball (flint.arb) or a sympy number instead")
    s = sympy.Symbol("s", positive=True)
    prescribed = evaluate(claim(exact, bound=s, prescribed={"s": x * sympy.Float(2.0)}), {"x": "1"}, 512)
    assert prescribed.outcome == ERROR and prescribed.reason.startswith("claim gaussian.synthetic: prescribed s is a "
                                                                        "binary float (sympy.Float)")


def test_trivial_reasons_word_for_word():
    assert evaluate(claim(lambda v: Fraction(0), kind=Kind.PRIVACY), {"x": "1"}, 512).trivial == \
        "the quantity is 0, the minimum of its range"
    assert evaluate(claim(lambda v: Fraction(0), kind=Kind.REGRET), {"x": "1"}, 512).trivial == \
        "the quantity is exactly 0"
    assert evaluate(claim(lambda v: Fraction(1, 2), kind=Kind.REGRET), {"x": "1"}, 512).trivial == ""
    assert evaluate(claim(lambda v: Fraction(0)), {"x": "1"}, 512).prec > 0


def test_exact_and_proved_equal_evaluations_carry_every_field():
    from certunlearn.numeric.precision import START_PREC

    third = evaluate(claim(lambda v: Fraction(1, 3), bound=x), {"x": "1"}, 512)
    assert third.instance == {"x": "1"} and third.ratio == third.ratio_upper and third.ratio_lower < third.ratio_upper
    assert third.ratio_log10 <= np.log10(1 / 3) < third.ratio_log10 + 1e-12
    hundredth = evaluate(claim(lambda v: Fraction(1), bound=x), {"x": "100"}, 512)
    assert hundredth.ratio_log10 == pytest.approx(-2, abs=1e-12) and hundredth.ratio_log10 <= -2
    negative = evaluate(claim(lambda v: Fraction(-1), bound=x), {"x": "2"}, 512)
    assert negative.ratio == negative.ratio_lower == -0.5 and negative.ratio_log10 is None
    zero = evaluate(claim(lambda v: Fraction(0), bound=x), {"x": "2"}, 512)
    assert zero.ratio == 0.0 and zero.ratio_log10 is None
    zero_bound = evaluate(claim(lambda v: Fraction(0), bound=x - 1), {"x": "1"}, 512)
    assert zero_bound.outcome == WITHIN and zero_bound.attained and zero_bound.ratio_lower is None
    root = evaluate(claim(lambda v: sympy.sqrt(2), bound=sympy.sqrt(x)), {"x": "2"}, 512)
    assert root.outcome == WITHIN and root.attained and root.instance == {"x": "2"} and root.prec == START_PREC
    assert (root.ratio, root.ratio_lower, root.ratio_upper, root.ratio_log10) == (1.0, 1.0, 1.0, 0.0)
    nil = evaluate(claim(lambda v: sympy.sin(1) ** 2 + sympy.cos(1) ** 2 - 1, bound=x - 1), {"x": "1"}, 512)
    assert nil.outcome == WITHIN and nil.attained is True and nil.instance == {"x": "1"} and nil.prec == START_PREC
    assert (nil.ratio, nil.ratio_lower, nil.ratio_upper, nil.ratio_log10) == (0.0, None, None, None)


def test_statistical_boundaries_precision_and_fields():
    from certunlearn.check.evaluate import reaches_above
    from certunlearn.numeric.confidence import ConfidenceInterval
    from certunlearn.numeric.precision import START_PREC

    def stat(lo, hi, bound=x):
        return claim(lambda v: ConfidenceInterval(lo, hi, 0.9, 10, "t"), bound=bound,
                     quantity_kind=QuantityKind.STATISTICAL)

    at_lower = evaluate(stat(Fraction(1, 2), Fraction(3, 4)), {"x": "1/2"}, 512)
    assert at_lower.outcome == UNDECIDED and at_lower.prec == 512  # lo = bound: not violated; raised to the top
    at_upper = evaluate(stat(Fraction(1, 4), Fraction(1, 2)), {"x": "1/2"}, 512)
    assert at_upper.outcome == WITHIN and at_upper.prec == START_PREC and at_upper.instance == {"x": "1/2"}
    zero = evaluate(stat(Fraction(0), Fraction(0)), {"x": "1"}, 512)
    assert zero.outcome == WITHIN and zero.trivial == ""  # a sampled 0 is no certified minimum
    nan = evaluate(stat(Fraction(0), Fraction(1), bound=sympy.log(x - 1)), {"x": "1"}, 512)
    assert (nan.outcome, nan.reason, nan.prec, nan.instance) == (
        ERROR, "the confidence interval or the bound is NaN", START_PREC, {"x": "1"})
    wrong = evaluate(claim(lambda v: arb(1), quantity_kind=QuantityKind.STATISTICAL), {"x": "1"}, 512)
    assert wrong.reason == "evaluation failed: TypeError: a statistical quantity returns a ConfidenceInterval, not arb"
    assert not reaches_above(arb("1000.0005"), arb(1000)) and reaches_above(arb("1000.002"), arb(1000))
    assert not reaches_above(arb(0), arb(0)) and reaches_above(arb(1) / 10**9, arb(0))  # 0 is not above 0


def test_verdict_reasons_without_exclusions_or_undecided():
    from certunlearn.check.verdict import verdict

    assert verdict([], ["a"], 1) == (INCONCLUSIVE, "no instance inside the hypotheses (of 0)")
    errors = [("a", _ev(WITHIN, 0.5, 0.5)), ("a", _ev(ERROR, reason="e")), ("a", _ev(ERROR, reason="f"))]
    assert verdict(errors, ["a"], 1) == (INCONCLUSIVE, "2 instance(s) raised an error (first: e); only 1 of 3 "
                                         "instances inside the hypotheses decided (need 90%)")


def test_evaluation_strings_and_trivial_only_within():
    ev = evaluate(claim(lambda v: arb(1) / 3), {"x": "1"}, 512)
    assert ev.bound == "1.0000000000000000000" and ev.bound_enclosure == arb(1).str(20, more=True)
    assert ev.observed_enclosure.startswith("[0.3333333333333333333") and "+/-" in ev.observed_enclosure
    assert evaluate(claim(lambda v: arb(1) / 8), {"x": "1"}, 512).observed == "0.12500000000000000000"
    below = evaluate(claim(lambda v: Fraction(0), bound=x - 2), {"x": "1"}, 512)
    assert below.outcome == "violated" and below.trivial == ""  # 0 > −1: a violation is never trivial


def test_a_counterexample_carries_every_field_of_its_evaluation():
    from certunlearn.check.result import Counterexample

    ev = evaluate(claim(lambda v: to_arb(v["x"]) * 2), {"x": "3"}, 512)
    ce = Counterexample.from_evaluation("gaussian.synthetic", ev, 7, "points", "quick")
    assert (ce.claim, ce.observed, ce.bound, ce.instance, ce.seed, ce.adversary, ce.profile) == (
        "gaussian.synthetic", ev.observed, ev.bound, {"x": "3"}, 7, "points", "quick")
    assert (ce.observed_enclosure, ce.bound_enclosure, ce.ratio, ce.confidence, ce.claims_source) == (
        ev.observed_enclosure, ev.bound_enclosure, 2.0, None, None)


def test_a_results_json_has_exactly_its_fields_and_the_summary_counts_milliseconds():
    from dataclasses import fields

    from certunlearn.check.result import CheckResult

    bad = judge(claim(lambda v: to_arb(v["x"]) * 2), QUICK, 0)
    out = bad.to_json()
    assert set(out) == {f.name for f in fields(CheckResult)}
    assert out["counterexample"] == bad.counterexample.to_json() and out["counterexample"]["seed"] == 0
    assert json.loads(json.dumps(out, allow_nan=False)) == out
    ok = judge(claim(lambda v: to_arb(v["x"]) / 2), QUICK, 0)
    assert ok.to_json()["counterexample"] is None
    assert summary([replace(ok, seconds=0.00041), replace(ok, seconds=0.00042)])["seconds"] == 0.001


def test_an_exact_evaluation_reports_the_exact_ratio_and_strings():
    """Exact quantity and bound: the decimal strings are the exact values' (not a 64-bit ball's), the ratio's ends the
    floats around the exact ratio r, its log10 that of r; the displayed ratio is rounded away from 0."""
    from certunlearn.numeric.enclosure import exact_decimal

    third = evaluate(claim(lambda v: Fraction(1, 9), bound=x), {"x": "1/3"}, 512)
    assert (third.observed, third.bound) == (exact_decimal(Fraction(1, 9)), exact_decimal(Fraction(1, 3)))
    r = Fraction(2**100 + 1, 2**100)  # 1 + 2^-100: a 64-bit ball of it reaches below 1
    above = evaluate(claim(lambda v: r, bound=x), {"x": "1"}, 512)
    assert above.outcome == "violated" and above.ratio_lower == 1.0 and above.ratio_log10 >= 0
    negative = evaluate(claim(lambda v: Fraction(-1, 3), bound=x), {"x": "1"}, 512)
    assert negative.ratio == negative.ratio_lower and Fraction(negative.ratio_lower) < Fraction(-1, 3) < Fraction(
        negative.ratio_upper)


def test_a_proved_equality_has_ratio_exactly_one_or_zero_whatever_the_midpoints():
    """The enclosures' midpoints may disagree (10¹⁰(sin²1 + cos²1) − 10¹⁰ + √2 against √2 differ by 1e-9 at 64
    bits; log 6 − log 2 − log 3 has a positive midpoint against a bound of 0): the proved ratio is 1 (0 for 0 = 0)."""
    n = sympy.Integer(10) ** 10
    noisy = n * sympy.sin(1) ** 2 + n * sympy.cos(1) ** 2 - n + sympy.sqrt(2)
    ev = evaluate(claim(lambda v: noisy, bound=sympy.sqrt(x)), {"x": "2"}, 512)
    assert ev.attained and (ev.ratio, ev.ratio_lower, ev.ratio_upper, ev.ratio_log10) == (1.0, 1.0, 1.0, 0.0)
    zero = evaluate(claim(lambda v: sympy.log(6) - sympy.log(2) - sympy.log(3), bound=x - 1), {"x": "1"}, 512)
    assert zero.attained and (zero.ratio, zero.ratio_lower, zero.ratio_upper, zero.ratio_log10) == (0.0, None, None, None)


def test_a_one_sided_confidence_interval_shows_its_finite_end():
    """ConfidenceInterval ends may be infinite (one-sided): the observed value shown is the finite end."""
    from certunlearn.numeric.confidence import ConfidenceInterval

    def stat(lo, hi):
        return claim(lambda v: ConfidenceInterval(lo, hi, 0.9, 10, "t"), bound=x,
                     quantity_kind=QuantityKind.STATISTICAL)

    up = evaluate(stat(Fraction(1, 4), float("inf")), {"x": "1/2"}, 512)
    assert up.outcome == UNDECIDED and up.observed == "0.25000000000000000000" and up.ratio_lower == 0.5
    down = evaluate(stat(float("-inf"), Fraction(1, 4)), {"x": "1/2"}, 512)
    assert down.outcome == WITHIN and down.observed == "0.25000000000000000000" and down.ratio_upper == 0.5
    above = evaluate(stat(Fraction(3, 4), float("inf")), {"x": "1/2"}, 512)
    assert above.outcome == "violated" and above.observed == "0.75000000000000000000"


def test_messages_and_strings_of_an_evaluation_word_for_word():
    from certunlearn.check.evaluate import ratio_enclosure
    from certunlearn.numeric.binary_float import binary_float_message
    floating = evaluate(claim(lambda v: Fraction(1), bound=x * sympy.Float(0.5)), {"x": "1"}, 512)
    assert floating.reason == binary_float_message("gaussian.synthetic", "its bound", "sympy.Float")
    nan = evaluate(claim(lambda v: arb(1) / 3, bound=(x - 1) * sympy.log(x - 1)), {"x": "1"}, 128)
    assert (nan.outcome, nan.reason) == (ERROR, "the bound is NaN up to 128 bits")
    plain = evaluate(claim(lambda v: arb(1) / 3, bound=sympy.sqrt(x)), {"x": "2"}, 512)
    assert plain.outcome == WITHIN and plain.reason == "" and plain.bound_enclosure.startswith("[1.4142135623730950488 ")

    close = evaluate(claim(lambda v: arb(1) / 3), {"x": "0.3333333333333333333333334"}, 512)  # decided at 128 bits
    assert close.prec == 128 and close.observed == "0." + "3" * 20  # 20 digits, all the ball holds
    assert evaluate(claim(lambda v: arb(0, 1.41e-139)), {"x": "1"}, 512).observed == "[+/- 1.42e-139]"
    touching_zero = _touching_one() - 1  # lower end exactly 0
    assert ratio_enclosure(arb(1), touching_zero) == (None, None, None)  # ≥ 0 but not decided > 0: no ratio
    assert ratio_enclosure(arb(0), arb(1)) == (0.0, 0.0, None)  # log10 of 0 is no number
    wide = evaluate(claim(lambda v: arb(0.5, 0.25)), {"x": "1"}, 512)  # [0.25, 0.75]: log10 of the lower end
    assert wide.outcome == WITHIN and wide.ratio_log10 <= np.log10(0.25) < wide.ratio_log10 + 1e-7  # radius rounded up


def test_an_exact_quantity_equal_to_a_bound_rational_only_through_radicals_is_attained():
    """1/3 against (√x + 1)(√x − 1)/3 at x = 2 (and 1 against 3 times it): equality proved, not just undecided."""
    bound = (sympy.sqrt(x) + 1) * (sympy.sqrt(x) - 1) / 3
    for value, scale in ((Fraction(1, 3), 1), (1, 3)):
        ev = evaluate(claim(lambda v: value, bound=bound * scale), {"x": "2"}, 512)
        assert ev.outcome == WITHIN and ev.attained and ev.ratio == 1.0


def test_a_top_precision_below_the_start_still_computes_once():
    from certunlearn.numeric.precision import START_PREC

    ev = evaluate(claim(lambda v: arb(1) / 3), {"x": "1"}, START_PREC // 2)
    assert ev.outcome == WITHIN and ev.prec == START_PREC and ev.observed.startswith("0.333")


def _touching_one():
    """A ball whose lower end is exactly 1 (≥ 1 but not > 1 on arb's comparisons): [0 ± 1] moved up by 1 + its radius."""
    ball = arb(0, 1)
    return ball + ball.rad() + 1


def _raise(exc):
    raise exc


#: (name, claim, outcome, prec) — one instance down every path of evaluate(); START_PREC is 64, the top 128.
PATHS = [
    ("hypothesis raises", lambda: claim(exact, hypotheses=(Hypothesis("h", predicate=lambda v: 1 / 0),)), ERROR, 0),
    ("outside", lambda: claim(exact, hypotheses=(Hypothesis("h", predicate=lambda v: Decision.FALSE),)), "excluded",
     0),
    ("NaN side", lambda: claim(exact, hypotheses=(Hypothesis("h", relation=sympy.Le((x - 1) * sympy.log(x - 1), 1,
                                                                                 evaluate=False)),)), ERROR, 0),
    # Machin's formula at x = 1: an equality no enclosure decides and sympy does not prove (sin² + cos² = 1 it does)
    ("hypothesis undecided", lambda: claim(exact, hypotheses=(Hypothesis("h", relation=sympy.Le(
        4 * sympy.atan(x / 5) - sympy.atan(x / 239), sympy.pi / 4, evaluate=False)),)), UNDECIDED, 0),
    ("float", lambda: claim(lambda v: 0.5), ERROR, 0),
    ("undecided inside", lambda: claim(lambda v: _raise(UndecidedError("overlap"))), UNDECIDED, 0),
    ("raises", lambda: claim(lambda v: _raise(ValueError("no"))), ERROR, 0),
    ("lower bound below", lambda: claim(lambda v: -arb(1) / 3, quantity_kind=QuantityKind.LOWER), UNDECIDED, 64),
    ("within", lambda: claim(lambda v: arb(1) / 3), WITHIN, 64),
    ("upper bound above", lambda: claim(lambda v: arb(4) / 3, quantity_kind=QuantityKind.UPPER), UNDECIDED, 64),
    ("violated", lambda: claim(lambda v: arb(4) / 3), "violated", 64),
    ("NaN bound", lambda: claim(lambda v: arb(1) / 3, bound=(x - 1) * sympy.log(x - 1)), ERROR, 128),
    ("touching", lambda: claim(lambda v: _touching_one()), UNDECIDED, 128),  # [1, 3] against 1: maybe equal
    ("equal balls", lambda: claim(lambda v: arb(1)), WITHIN, 64),  # an exact arb, not proved 'attained'
]


@pytest.mark.parametrize("name, make, outcome, prec", PATHS, ids=[p[0] for p in PATHS])
def test_every_path_of_evaluate_keeps_the_instance_outcome_and_precision(name, make, outcome, prec):
    assert _touching_one() >= 1 and not _touching_one() > 1
    ev = evaluate(make(), {"x": "1"}, 128)
    assert (ev.instance, ev.outcome, ev.prec) == ({"x": "1"}, outcome, prec), ev.reason
    assert not ev.attained


def test_a_hypothesis_proved_equal_admits_the_instance():
    """sin²x + cos²x ≤ 1 at x = 1: the enclosures overlap at every precision, the closed forms are proved equal — the
    instance is inside (evaluated, here attained), not undecided; the strict relation excludes it."""
    inside = claim(exact, hypotheses=(Hypothesis("h", relation=sympy.Le(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1,
                                                                         evaluate=False)),))
    assert evaluate(inside, {"x": "1"}, 128).outcome == WITHIN
    outside = claim(exact, hypotheses=(Hypothesis("h", relation=sympy.Lt(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, 1,
                                                                          evaluate=False)),))
    assert evaluate(outside, {"x": "1"}, 128).outcome == EXCLUDED


def test_ratio_of_zero_against_zero_is_zero():
    from certunlearn.check.evaluate import ratio

    assert ratio(arb(0), arb(0)) == 0.0 and ratio(arb(1), arb(0)) == float("inf")
    zero_bound = evaluate(claim(lambda v: Fraction(0), bound=x - 1), {"x": "1"}, 512)
    assert zero_bound.ratio == 0.0
