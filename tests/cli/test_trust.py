"""Issue 16: a command people can trust in a terminal and in CI — one-line errors (exit 2) for everything the
user caused, paths checked before any work, results printed even when a save fails, progress in CI logs.
(Interrupts: test_interrupt.py; LaTeX: test_latex.py; reports: tests/report; README: test_readme.py.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import certunlearn.check as check_pkg
from certunlearn.check.result import CheckResult, Counterexample
from certunlearn.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, out, err, needle=""):
    assert code == 2, (code, err)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert lines and lines[-1].startswith("certunlearn: error: ") and needle in lines[-1], err
    assert "" not in lines, f"an empty line on stderr: {err!r}"  # row 13
    return lines[-1]


def _fake_result(cid: str, violated: bool) -> CheckResult:
    ce = Counterexample(cid, "2", "1", {"epsilon": "1"}, 0, "grid", "quick", "[2 +/- 0]", "[1 +/- 0]", 2.0) if violated else None
    return CheckResult(id=cid, paper="gaussian", source="s", kind="privacy", control="none",
                       verdict="violated" if violated else "holds", tightness=2.0 if violated else 0.5,
                       counterexample=ce, symbolic=[], instances={"total": 10}, seconds=0.1)


@pytest.fixture
def fake_check(monkeypatch):
    """check_claims replaced by a fast stand-in that reports two results (one violated); records its calls."""
    calls = []

    def fake(ids, profile="quick", seed=0, executor=None, on_result=None, timeout=None):
        calls.append(ids)
        results = [_fake_result(ids[0], True), *(_fake_result(i, False) for i in ids[1:])]
        for r in results:
            if on_result:
                on_result(r)
        return results

    monkeypatch.setattr(check_pkg, "check_claims", fake)
    return calls


# ---- row 2: output paths are checked before any work; results survive a failed save -------------------------

@pytest.mark.parametrize("option, value", [
    ("--report", "/etc/passwd/r.html"), ("--report", "{tmp}/r.txt"), ("--report", "{tmp}"),
    ("--counterexamples", "/etc/passwd/ce"), ("--counterexamples", "{tmp}/afile"),
])
def test_check_output_paths_are_checked_before_any_work(capsys, tmp_path, fake_check, option, value):
    (tmp_path / "afile").write_text("")
    code, out, err = run(capsys, "check", "d2d.lem4.2", option, value.format(tmp=tmp_path))
    one_line_error(code, out, err, option)
    assert fake_check == [] and out == ""


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_check_unwritable_directory_is_refused_up_front(capsys, tmp_path, fake_check):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    code, out, err = run(capsys, "check", "d2d.lem4.2", "--counterexamples", locked / "ce")
    one_line_error(code, out, err, "--counterexamples")
    assert fake_check == []


def test_results_are_printed_even_if_a_save_fails_later(capsys, tmp_path, fake_check, monkeypatch):
    def refuse(self, directory):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Counterexample, "save", refuse)
    code, out, err = run(capsys, "check", "gaussian.classic", "gaussian.exact", "--counterexamples", tmp_path / "ce",
                         "--json")
    one_line_error(code, out, err, "--counterexamples")
    assert [r["id"] for r in json.loads(out)["results"]] == ["gaussian.classic", "gaussian.exact"]


def test_report_write_failure_after_the_run_keeps_the_table(capsys, tmp_path, fake_check, monkeypatch):
    import certunlearn.report.document as document

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(document, "write_report", refuse)
    code, out, err = run(capsys, "check", "gaussian.classic", "gaussian.exact", "--report", tmp_path / "r.html",
                         "--counterexamples", tmp_path / "ce")
    one_line_error(code, out, err, "No space left on device")
    assert "gaussian.classic" in out and "violated" in out  # the results came first


# ---- row 14: progress in CI logs (stderr not a terminal) -------------------------------------------------------

def test_piped_check_prints_a_line_per_finished_claim(capsys, tmp_path, fake_check):
    code, out, err = run(capsys, "check", "gaussian.classic", "gaussian.exact", "--counterexamples", tmp_path)
    assert code == 0
    lines = err.splitlines()
    assert lines[0].startswith("[1/2] gaussian.classic: violated") and lines[1].startswith("[2/2] gaussian.exact: holds")


def test_piped_real_check_reports_progress_as_claims_finish(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "check", "gaussian.classic", "gaussian.exact:control-sigma-halved", "--json")
    assert code == 0 and json.loads(out)["summary"]["claims"] == 2
    assert sorted(line.split("]")[0] for line in err.splitlines() if line.startswith("[")) == ["[1/2", "[2/2"]


# ---- row 6, 7, 8: replay on malformed files ----------------------------------------------------------------

GOOD = {"claim": "gaussian.exact:control-sigma-halved", "instance": {"epsilon": "1", "delta": "1e-5", "Delta": "1"}}


@pytest.mark.parametrize("name, content, needle", [
    ("results5.json", '{"results": 5}', "'results' must be a list"),
    ("results_items.json", '{"results": [5]}', "must be an object"),
    ("list_instance.json", json.dumps({"claim": "gaussian.exact", "instance": [1, 2]}), "'instance' must be an object"),
    ("top_list.json", "[1, 2]", "not a counterexample"),
    ("nan.json", '{"claim": "gaussian.exact", "instance": {"epsilon": NaN, "delta": "1e-5", "Delta": "1"}}', "NaN"),
    ("inf.json", '{"claim": "gaussian.exact", "instance": {"epsilon": Infinity, "delta": "1e-5", "Delta": "1"}}', "Infinity"),
    ("null.json", json.dumps({"claim": "gaussian.exact", "instance": {"epsilon": None, "delta": "1e-5", "Delta": "1"}}), "null"),
    ("nanstr.json", json.dumps({"claim": "gaussian.exact", "instance": {"epsilon": "NaN", "delta": "1e-5", "Delta": "1"}}), "not finite"),
    ("claim_null.json", json.dumps({"claim": None, "instance": {}}), "'claim'"),
    ("removed.json", json.dumps({**GOOD, "instance": {"epsilon": "1", "delta": "1e-5"}}), "lacks Delta"),
    ("huge.json", json.dumps({**GOOD, "instance": {**GOOD["instance"], "Delta": "1e999999999"}}), "too large"),
    ("binary.json", b"\xff\xfe\x00", "UTF-8"),
])
def test_replay_malformed_file_is_one_line_naming_the_file(capsys, tmp_path, name, content, needle):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    line = one_line_error(*run(capsys, "replay", path), needle)
    assert name in line


def test_replay_a_directory(capsys, tmp_path):
    one_line_error(*run(capsys, "replay", tmp_path), "is a directory")


def test_replay_of_a_parameter_that_is_not_a_number(capsys, tmp_path):
    path = tmp_path / "abc.json"
    path.write_text(json.dumps({**GOOD, "instance": {**GOOD["instance"], "delta": "abc"}}))
    one_line_error(*run(capsys, "replay", path), "instance['delta'] = \"abc\" is not a number")


def test_replay_outside_the_hypotheses_gives_the_reason(capsys, tmp_path):
    path = tmp_path / "outside.json"
    path.write_text(json.dumps({**GOOD, "instance": {**GOOD["instance"], "delta": "2"}}))
    code, out, err = run(capsys, "replay", path)
    assert code == 0 and "not reproduced: excluded" in out and "hypothesis" in out and "None" not in out


def test_replay_reproduces_a_good_counterexample(capsys, tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(GOOD))
    code, out, err = run(capsys, "replay", path)
    assert code == 0 and "reproduced: violated" in out


# ---- rows 3, 9, 10, 11, 12: audit ----------------------------------------------------------------------------

MODULES = {
    "no_noise": "import numpy as np\ndef mechanism(instance, side, rng, size):\n"
                "    return side * float(instance['Delta']) + np.zeros(size)\n",
    "raises": "def mechanism(instance, side, rng, size):\n    x = 1\n    raise ValueError('bad sigma')\n",
    "two_args": "def mechanism(instance, side):\n    return [0.0]\n",
    "broken": "def mechanism(instance, side, rng, size)\n    return 0\n",
    "import_fails": "import math\nraise RuntimeError('no config file')\n",
    "reads_delta": "import numpy as np\ndef mechanism(instance, side, rng, size):\n"
                   "    return float(instance['Delta']) * side + rng.standard_normal(size)\n",
    "late_fail": "import numpy as np\ncalls = 0\ndef mechanism(instance, side, rng, size):\n    global calls\n"
                 "    calls += 1\n    if calls > 2:\n        raise ValueError('drifted')\n    return rng.standard_normal(size)\n",
}


@pytest.fixture
def modules(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    for name, text in MODULES.items():
        (tmp_path / f"{name}.py").write_text(text)
    yield tmp_path
    for name in MODULES:
        sys.modules.pop(name, None)


def test_audit_of_a_mechanism_without_noise_is_refuted_with_eps_unbounded(capsys, modules):
    code, out, err = run(capsys, "audit", "no_noise:mechanism", "--claim", "gaussian.exact", "--gaussian", "--samples", "2000")
    assert code == 0 and out.startswith("certificate refuted: ε unbounded"), (out, err)
    code, out, err = run(capsys, "audit", "no_noise:mechanism", "--claim", "gaussian.exact", "--gaussian", "--samples",
                         "2000", "--json")
    doc = json.loads(out)
    assert doc["verdict"] == "refuted" and doc["epsilon_lower"] is None and doc["unbounded"] is True


@pytest.mark.parametrize("target, needle", [
    ("raises:mechanism", "candidate raised ValueError: bad sigma (raises.py, line 3)"),
    ("two_args:mechanism", "candidate raised TypeError"),
    ("broken:mechanism", "SyntaxError"),
    ("import_fails:mechanism", "RuntimeError: no config file (import_fails.py, line 2)"),
])
def test_audit_candidate_errors_are_one_line(capsys, modules, target, needle):
    one_line_error(*run(capsys, "audit", target, "--claim", "gaussian.exact", "--samples", "100"), needle)


def test_audit_syntax_error_names_file_and_line(capsys, modules):
    line = one_line_error(*run(capsys, "audit", "broken:mechanism", "--claim", "gaussian.exact"), "broken.py, line 1")
    assert "MODULE:CALLABLE" in line


def test_audit_describe_shows_the_keys_a_claim_passes(capsys):
    code, out, err = run(capsys, "audit", "--claim", "gaussian.exact", "--describe", "--json")
    assert code == 0 and json.loads(out)["instance_keys"] == ["Delta", "delta", "epsilon"]
    code, out, err = run(capsys, "audit", "--claim", "d2d.thm3.1", "--describe")
    assert code == 0 and "theta0" in out and "Delta" not in out.split(":", 1)[1].split(", ")


def test_audit_key_error_in_user_code_names_the_keys(capsys, modules):
    line = one_line_error(*run(capsys, "audit", "reads_delta:mechanism", "--claim", "d2d.thm3.1", "--samples", "100"),
                          "KeyError: 'Delta'")
    assert "theta0" in line and "reads_delta.py, line 3" in line


def test_audit_instance_file_is_checked_against_the_claims_keys(capsys, modules):
    (modules / "inst.json").write_text(json.dumps({"epsilon": "1", "delta": "1e-5"}))
    one_line_error(*run(capsys, "audit", "reads_delta:mechanism", "--claim", "gaussian.exact", "--instance",
                        modules / "inst.json"), "lacks Delta")


def test_audit_figure_path_is_checked_before_sampling(capsys, modules):
    one_line_error(*run(capsys, "audit", "raises:mechanism", "--claim", "gaussian.exact", "--figure",
                        "/etc/passwd/curve.png"), "--figure")


@pytest.mark.parametrize("args, needle", [
    (["--samples", "1000000000000"], "memory"),
    (["--samples", "7"], "samples: must be ≥ 8, got 7"),
    (["--confidence", "nan"], "confidence: NaN is not allowed"),
    (["--confidence", "1"], "confidence: must lie in (0, 1)"),
    (["--trials", "0"], "trials: must be ≥ 1"),
    (["--seed", "x"], "seed: not an integer"),
])
def test_audit_numbers_get_the_librarys_own_message(capsys, modules, args, needle):
    line = one_line_error(*run(capsys, "audit", "raises:mechanism", "--claim", "gaussian.exact", *args), needle)
    assert "invalid" not in line


def test_error_after_progress_is_exactly_one_line_in_a_pipe(modules):
    """Row 13 in a real pipe: the candidate fails after the first chunks were sampled."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "certunlearn.cli", "audit", "late_fail:mechanism", "--claim",
                           "gaussian.exact", "--samples", "300000"], cwd=modules, env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [proc.stderr.strip()] and proc.stderr.startswith(
        "certunlearn: error: candidate raised ValueError: drifted (late_fail.py, line 7)")
