"""Recorded points (certunlearn.check.record, certunlearn.claims.recorded): which instances a result rests on, how
they are written and merged, and that the checker evaluates them first, as a family of its own, in every profile."""
from dataclasses import replace

import pytest
import sympy

from certunlearn.check import get_profile
from certunlearn.check import record, runner
from certunlearn.check.evaluate import ERROR, EXCLUDED, UNDECIDED, VIOLATED, WITHIN, Evaluation
from certunlearn.check.runner import judge
from certunlearn.claims import Adversary, Claim, Hypothesis, Kind, get_claim
from certunlearn.claims.recorded import RECORDED, recorded_table
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction

x = sympy.Symbol("x", positive=True)
QUICK = get_profile("quick")


def ev(outcome, ratio=None, lower=None, upper=None, trivial="", attained=False, above=False, observed="1", x_="1"):
    lower = ratio if lower is None else lower
    upper = ratio if upper is None else upper
    return Evaluation({"x": x_}, outcome, observed=observed if outcome in (WITHIN, VIOLATED, UNDECIDED) else None,
                      bound="1", ratio=ratio, ratio_lower=lower, ratio_upper=upper,
                      ratio_log10=None, attained=attained, trivial=trivial, reaches_above=above)


def test_decisive_marks_each_role_on_the_instance_that_sets_that_field():
    evals = [("a", ev(WITHIN, 0.5, x_="1")),
             ("a", ev(WITHIN, 0.9, lower=0.7, upper=0.95, x_="2")),   # largest midpoint
             ("b", ev(WITHIN, 0.85, lower=0.84, upper=0.86, x_="3")),  # largest certified lower end
             ("b", ev(WITHIN, 0.2, upper=0.99, x_="4", attained=True)),  # largest upper end, equality proved
             ("b", ev(UNDECIDED, 0.6, lower=0.1, upper=2.0, above=True, x_="5")),
             ("b", ev(ERROR, x_="6")),
             ("b", ev(EXCLUDED, x_="7"))]
    roles = record.decisive(evals, "inconclusive")
    assert roles[1] == ["worst"]
    assert roles[2] == ["tightness"]
    assert sorted(roles[3]) == ["attained"]
    assert roles[4] == ["upper", "undecided-above"]
    assert roles[5] == ["error"]
    assert 0 not in roles and 6 not in roles


def test_decisive_keeps_the_counterexample_the_epsilon_argmax_and_a_nontrivial_instance():
    evals = [("a", ev(WITHIN, 1.0, trivial="δ ≥ 1/2 certified", x_="1")),
             ("a", ev(WITHIN, 0.3, x_="2")),
             ("a", ev(WITHIN, 0.1, x_="3"))]
    scores = {0: (None, None), 1: (0.2, 0.9), 2: (0.4, 0.1)}
    roles = record.decisive(evals, "holds", lambda indices: {i: scores[i] for i in indices})
    assert roles[0] == ["worst"]
    assert roles[1] == ["tightness", "upper", "nontrivial", "shift"]
    assert roles[2] == ["epsilon"]
    violated = [("a", ev(VIOLATED, 3.0, observed="+inf", x_="1")), ("a", ev(VIOLATED, 2.0, x_="2"))]
    roles = record.decisive(violated, VIOLATED)
    assert "counterexample" in roles[1] and "counterexample" not in roles[0]  # a finite violation is saved first


def test_blocking_instances_are_capped():
    evals = [("a", ev(ERROR, x_=str(k))) for k in range(10)]
    assert sum("error" in r for r in record.decisive(evals, "inconclusive").values()) == record.MAX_BLOCKING


def test_a_point_reproduces_only_with_the_same_outcome_and_overlapping_ratio():
    found = ev(WITHIN, 0.5, lower=0.49, upper=0.51)
    assert record.reproduces(found, ev(WITHIN, 0.505, lower=0.5, upper=0.52))
    assert not record.reproduces(found, ev(WITHIN, 0.6, lower=0.55, upper=0.65))
    assert not record.reproduces(found, ev(VIOLATED, 0.5, lower=0.49, upper=0.51))
    assert not record.reproduces(found, ev(WITHIN, 0.5, lower=0.49, upper=0.51, attained=True))
    assert record.reproduces(ev(WITHIN, None), ev(WITHIN, None))
    assert not record.reproduces(ev(WITHIN, None), ev(WITHIN, None, observed="2"))


def test_merge_adds_points_unites_roles_and_keeps_only_used_runs():
    p = {"instance": {"x": "1"}, "roles": ["worst"], "adversary": "a"}
    q = {"instance": {"x": "2"}, "roles": ["epsilon"], "adversary": "a"}
    first = record.merge({}, {"c.one": [p], "c.two": [q]}, {"seed": 0}, False)
    assert first["provenance"]["runs"] == [{"seed": 0}] and first["claims"]["c.one"][0]["run"] == 0
    second = record.merge(first, {"c.one": [{**p, "roles": ["tightness"]}, q]}, {"seed": 1}, False)
    assert second["claims"]["c.one"][0]["roles"] == ["tightness", "worst"]
    assert [pt["run"] for pt in second["claims"]["c.one"]] == [0, 1]
    replaced = record.merge(second, {"c.one": [q], "c.two": [p]}, {"seed": 2}, True)
    assert [r["seed"] for r in replaced["provenance"]["runs"]] == [2]  # runs no point comes from are dropped
    assert all(pt["run"] == 0 for pts in replaced["claims"].values() for pt in pts)


def test_beyond_keeps_only_what_adds_to_the_base_result():
    def point(roles, **found):
        return {"instance": {"x": "1"}, "roles": roles, "found": found}

    base = {"verdict": "holds", "tightness": 0.5, "epsilon_tightness": 0.3, "shift_ratio": None}
    higher, lower = point(["tightness"], ratio_lower=0.6), point(["tightness"], ratio_lower=0.4)
    eps, shift = point(["epsilon"], epsilon=0.2), point(["shift"], shift=0.1)
    blocking, cx = point(["undecided-above"]), point(["counterexample"], ratio_lower=2.0)
    assert record.beyond([higher, lower, eps, shift, blocking, cx], base) == [higher, blocking, cx]
    assert record.beyond([shift], {**base, "shift_ratio": 0.05}) == [shift]
    violated = {**base, "verdict": "violated", "tightness": 3.0}
    assert record.beyond([cx, blocking, higher], violated) == []


def test_the_file_is_strict_json_and_an_infinite_ratio_still_compares():
    import json
    import math

    infinite = {"instance": {"x": "1"}, "roles": ["tightness"],
                "found": {"ratio_lower": record._written_float(math.inf), "epsilon": None}}
    assert infinite["found"]["ratio_lower"] == "+inf"
    text = record.dump(record.merge({}, {"c.one": [infinite]}, {"seed": 0}, False))
    assert json.loads(text)["claims"]["c.one"][0]["found"]["ratio_lower"] == "+inf"
    assert record.beyond([infinite], {"verdict": VIOLATED, "tightness": 3.0}) == [infinite]
    with pytest.raises(ValueError):
        record.dump(record.merge({}, {"c.one": [{**infinite, "found": {"ratio_lower": math.inf}}]}, {}, False))


def test_the_epsilon_scale_bisects_the_recorded_points_for_it_then_the_families_own():
    evals = [(RECORDED, ev(WITHIN, 0.9, x_="1")),  # recorded for the ε-scale tightness
             (RECORDED, ev(WITHIN, 0.8, x_="2")),  # recorded for another role: not bisected
             ("a", ev(UNDECIDED, 0.5, x_="3")), ("a", ev(WITHIN, 0.1, x_="4")), ("b", ev(WITHIN, 0.2, x_="5"))]
    assert runner.epsilon_indices(evals, "holds", recorded=1) == [0, 3, 4]
    assert runner.epsilon_indices(evals, "holds") == [3, 4]
    many = [("a", ev(WITHIN, 0.1, x_=str(k))) for k in range(runner.EPSILON_INSTANCES + 5)]
    assert runner.epsilon_indices(evals[:1] + many, "holds", 1) == list(range(runner.EPSILON_INSTANCES + 1))


def synthetic(points, quantity=lambda v: to_arb(v["x"]) / 2):
    return Claim(id="gaussian.recorded-synthetic", source="test", kind=Kind.INEQUALITY, statement="x/2 ≤ x",
                 hypotheses=(Hypothesis("x ≤ 10", sympy.Le(x, 10, evaluate=False)),), bound=x, quantity=quantity,
                 adversaries=(Adversary("points", generate=lambda rng, size: [{"x": p} for p in points]),))


def test_recorded_points_come_first_and_count_but_ask_for_no_decided_instance(monkeypatch):
    monkeypatch.setattr(runner, "recorded_instances",
                        lambda cid: [{"x": Fraction(7)}] if cid == "gaussian.recorded-synthetic" else [])
    result = judge(synthetic([str(k) for k in range(1, 10)]), QUICK, 0)
    assert list(result.instances["by_adversary"])[0] == RECORDED
    assert result.instances["by_adversary"][RECORDED]["within"] == 1
    assert result.verdict == "holds"  # 9 from the family and the recorded one: the profile's 10
    assert judge(synthetic([str(k) for k in range(1, 9)]), QUICK, 0).verdict == "inconclusive"
    # a recorded point outside the hypotheses is excluded and asks for nothing: the families decide
    monkeypatch.setattr(runner, "recorded_instances", lambda cid: [{"x": Fraction(11)}])
    stale = judge(synthetic([str(k) for k in range(1, 11)]), QUICK, 0)
    assert stale.verdict == "holds" and stale.instances["by_adversary"][RECORDED]["excluded"] == 1
    # an undecided recorded point reaching above the bound blocks holds as any instance does
    monkeypatch.setattr(runner, "recorded_instances", lambda cid: [{"x": Fraction(5)}])
    blurred = synthetic([str(k) for k in range(1, 11)],
                        lambda v: to_arb(v["x"]) * 2 if v["x"] == 5 else to_arb(v["x"]) / 2)
    monkeypatch.setattr(runner, "evaluate", lambda c, inst, prec: Evaluation(
        {"x": "5"}, UNDECIDED, observed="5", bound="5", ratio=1.0, ratio_lower=0.5, ratio_upper=2.0,
        reaches_above=True) if inst["x"] == 5 else record.evaluate(c, inst, prec))
    assert judge(blurred, QUICK, 0).verdict == "inconclusive"


def test_a_recorded_violation_is_found_whatever_the_families_draw(monkeypatch):
    monkeypatch.setattr(runner, "recorded_instances", lambda cid: [{"x": Fraction(3)}])
    wrong = synthetic([str(k) for k in range(4, 14)], lambda v: to_arb(v["x"]) * 2 if v["x"] == 3 else to_arb(0))
    result = judge(wrong, QUICK, 0)
    assert result.verdict == VIOLATED and result.counterexample.adversary == RECORDED


def test_record_claim_writes_a_counterexample_that_replays():
    out = record.record_claim("gaussian.exact:control-sigma-halved", {**get_profile("quick").__dict__}, 0)
    assert out["verdict"] == VIOLATED and not out["dropped"]
    (point,) = [p for p in out["points"] if "counterexample" in p["roles"]]
    from certunlearn.check.evaluate import evaluate
    from certunlearn.claims.model import decode_instance
    claim = get_claim("gaussian.exact:control-sigma-halved")
    assert evaluate(claim, decode_instance(point["instance"]), 512).outcome == VIOLATED


def test_shipped_points_belong_to_registered_claims_and_decode():
    table = recorded_table()
    runs = table["provenance"].get("runs", [])
    known = {"worst", "tightness", "upper", "log10", "attained", "counterexample", "nontrivial", "undecided-above",
             "error", "epsilon", "shift"}
    for claim_id, points in table["claims"].items():
        get_claim(claim_id)
        for point in points:
            assert set(point["roles"]) <= known and 0 <= point["run"] < len(runs), (claim_id, point)
            assert point["instance"]


def test_thorough_evaluates_the_recorded_points_too(monkeypatch):
    monkeypatch.setattr(runner, "recorded_instances", lambda cid: [{"x": Fraction(7)}])
    thorough = replace(get_profile("thorough"), min_instances=1)
    assert judge(synthetic(["1"]), thorough, 0).instances["by_adversary"][RECORDED]["total"] == 1


def _stale(claim_ids):
    from certunlearn.check.evaluate import evaluate
    from certunlearn.claims.recorded import recorded_instances
    out = []
    for claim_id in claim_ids:
        claim = get_claim(claim_id)
        for instance in recorded_instances(claim_id):
            ev = evaluate(claim, instance, QUICK.max_prec)
            if ev.outcome in (EXCLUDED, ERROR):
                out.append((claim_id, ev.outcome, ev.reason))
    return out


def test_every_shipped_point_is_inside_its_hypotheses():
    """A point whose claim changed (parameters renamed, hypotheses moved) is stale: re-record it."""
    assert _stale(list(recorded_table()["claims"])) == []


def test_an_interrupted_recording_writes_what_finished(tmp_path):
    """Ctrl-C while recording: the claims finished so far are written (marked interrupted), exit code 130."""
    import json
    import os
    import signal
    import subprocess
    import sys

    out = tmp_path / "points.json"
    proc = subprocess.Popen([sys.executable, "-m", "certunlearn.check.record", "--paper", "gaussian", "--workers", "1",
                             "--out", str(out)], stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    for line in proc.stderr:
        if line.startswith("[1/"):
            proc.send_signal(signal.SIGINT)
            break
    rest = proc.stderr.read()
    assert proc.wait(timeout=120) == 130, rest
    run = json.loads(out.read_text())["provenance"]["runs"][0]
    done, total = (int(n) for n in run["interrupted"].split(" claims")[0].split(" of "))
    assert done == run["claims"] and 1 <= done < total


def test_the_provenance_names_the_commit_the_recording_started_at(monkeypatch, tmp_path):
    """A recording can run for hours while HEAD moves: its points carry the commit of the code that ran."""
    import contextlib
    import json

    from certunlearn.check import record

    head = {"commit": "a1b2c3d"}
    real = record.interruptible

    @contextlib.contextmanager
    def moving():  # HEAD moves once the recording is under way
        head["commit"] = "e4f5a6b"
        with real():
            yield

    monkeypatch.setattr(record, "_commit", lambda: head["commit"])
    monkeypatch.setattr(record, "interruptible", moving)
    out = tmp_path / "points.json"
    assert record.main(["gaussian.classic", "--workers", "1", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["provenance"]["runs"][0]["commit"] == "a1b2c3d"


def test_a_written_file_merges_run_by_run_with_its_provenance():
    from certunlearn.check.record import merge, merge_file

    point = lambda x, roles: {"instance": {"x": x}, "roles": roles, "adversary": "a", "found": {}}  # noqa: E731
    run_a, run_b = {"commit": "aaa"}, {"commit": "bbb"}
    written = merge(merge({}, {"c.one": [point("1", ["worst"])]}, run_a, False),
                    {"c.two": [point("2", ["tightness"])], "c.one": [point("3", ["upper"])]}, run_b, False)
    shipped = merge({}, {"c.one": [point("1", ["log10"])]}, {"commit": "zzz"}, False)
    table = merge_file(shipped, written)
    runs = table["provenance"]["runs"]
    by_x = {p["instance"]["x"]: (p["roles"], runs[p["run"]]["commit"]) for ps in table["claims"].values() for p in ps}
    assert by_x == {"1": (["log10", "worst"], "zzz"), "3": (["upper"], "bbb"), "2": (["tightness"], "bbb")}
