"""Issue 27, "Runs": counterexample files that concurrent runs never overwrite and readers never see half-written;
replay and audit --instance that read only regular files of bounded size and depth; closed pipes that end quietly
after every file is written; the remaining options refused with one line before any work; --version and the
commit in reports; an interrupted text run that says so on stdout."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import certunlearn.check as check_pkg
from certunlearn.check.result import CheckResult, Counterexample
from certunlearn.cli import main
from certunlearn.processes import Interrupted
from certunlearn.report import document

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def one_line_error(capsys, argv, *needles):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2, (code, err)
    assert len(err.splitlines()) == 1 and err.startswith("certunlearn: error: "), err
    for needle in needles:
        assert needle in err, (needle, err)
    return out


def _ce(x: str, seed: int = 0) -> Counterexample:
    return Counterexample("gaussian.exact:control-sigma-halved", "2", "1", {"epsilon": x}, seed, "grid", "quick",
                          "[2 +/- 0]", "[1 +/- 0]", 2.0)


@pytest.fixture
def fake_check(monkeypatch):
    calls = []

    def fake(ids, profile="quick", seed=0, executor=None, on_result=None, timeout=None):
        calls.append(ids)
        return []

    monkeypatch.setattr(check_pkg, "check_claims", fake)
    return calls


# ---- counterexample files ------------------------------------------------------------------------------------

def test_two_runs_counterexamples_of_one_claim_never_overwrite_each_other(tmp_path):
    a, b = _ce("1").save(tmp_path), _ce("2").save(tmp_path)
    assert a != b and a.name.startswith("gaussian.exact_control-sigma-halved_")
    assert json.loads(a.read_text())["instance"] == {"epsilon": "1"}
    assert json.loads(b.read_text())["instance"] == {"epsilon": "2"}
    assert _ce("1").save(tmp_path) == a and _ce("1", seed=5).save(tmp_path) != a  # same instance, same file
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({a.name, b.name, _ce("1", 5).save(tmp_path).name})


def test_a_concurrent_reader_never_sees_a_partial_counterexample(tmp_path):
    ce = Counterexample("gaussian.exact", "2", "1", {"x": ["1"] * 20000}, 0, "grid", "quick", "[2]", "[1]", 2.0)
    path = ce.save(tmp_path)
    stop, bad = threading.Event(), []

    def writer():
        while not stop.is_set():
            ce.save(tmp_path)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        for _ in range(300):
            try:
                json.loads(path.read_text())
            except ValueError as exc:
                bad.append(exc)
    finally:
        stop.set()
        thread.join()
    assert bad == [] and [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left behind


# ---- replay and audit --instance read only what they should ---------------------------------------------------

@pytest.mark.parametrize("make, needle", [
    (lambda p: os.mkfifo(p), "not a regular file"),
    (lambda p: os.symlink("/dev/zero", p), "not a regular file"),
    (lambda p: p.write_text("[" * 100_000 + "]" * 100_000), "nested too deeply"),
    (lambda p: p.write_text(json.dumps({"claim": "gaussian.exact", "instance": {"epsilon": "1e999999"}})),
     "too large to evaluate exactly"),
    (lambda p: p.mkdir(), "is a directory"),
])
def test_replay_reads_only_regular_files_of_bounded_size_and_depth(capsys, tmp_path, make, needle):
    path = tmp_path / "ce.json"
    make(path)
    one_line_error(capsys, ["replay", path], "COUNTEREXAMPLE", needle)


@pytest.mark.parametrize("text, needle", [("[" * 100_000 + "]" * 100_000, "nested too deeply"),
                                          ('{"epsilon": "1e999999"}', "too large to evaluate exactly")])
def test_audit_instance_is_read_like_a_counterexample(capsys, tmp_path, text, needle):
    path = tmp_path / "instance.json"
    path.write_text(text)
    one_line_error(capsys, ["audit", "x:y", "--claim", "gaussian.exact", "--instance", path, "--samples", "100"],
                   "--instance", needle)


def test_replay_shows_long_values_cut_with_a_pointer_to_the_file(capsys, tmp_path):
    (tmp_path / "ce").mkdir()
    assert main(["check", "gaussian.exact:control-sigma-halved", "--counterexamples", str(tmp_path / "ce")]) == 0
    (path,) = (tmp_path / "ce").glob("*.json")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    line = capsys.readouterr().out.strip()
    assert "reproduced: violated" in line and "characters)" in line and f"full values in {path}" in line
    assert len(line) < 800


# ---- closed pipes ----------------------------------------------------------------------------------------------

def _first_line_then_close(argv, cwd):
    proc = subprocess.Popen([sys.executable, "-m", "certunlearn.cli", *argv], cwd=cwd, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()  # as `head -1` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=600)
    return proc.returncode, first, err


@pytest.mark.parametrize("argv", [["list", "--json"], ["prove", "gaussian.exact", "gaussian.zcdp", "gaussian.classic"],
                                  ["check", "gaussian.exact", "gaussian.exact:control-sigma-halved", "--report",
                                   "r.html"]])
def test_a_reader_that_stops_early_is_no_error_and_every_file_is_written(tmp_path, argv):
    code, first, err = _first_line_then_close(argv, tmp_path)
    assert code == 0 and first and "Traceback" not in err and "Error" not in err, err
    if "--report" in argv:
        assert (tmp_path / "r.html").stat().st_size > 1000
        assert len(list((tmp_path / "counterexamples").glob("*.json"))) == 1


def test_a_reader_of_both_streams_that_stops_early_is_no_error(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "certunlearn.cli", "check", "gaussian.exact", "gaussian.zcdp",
                             "--report", "r.md"], cwd=tmp_path, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    proc.stdout.close()  # nobody reads either stream: the progress lines on stderr meet a closed pipe too
    assert proc.wait(timeout=600) == 0
    assert (tmp_path / "r.md").stat().st_size > 500


@pytest.mark.parametrize("argv", [["list", "--paper", "gaussian"], ["check", "gaussian.exact"]])
def test_an_ascii_terminal_gets_escapes_not_a_crash(tmp_path, argv):
    done = subprocess.run([sys.executable, "-m", "certunlearn.cli", *argv], cwd=tmp_path, capture_output=True,
                          env={**ENV, "PYTHONIOENCODING": "ascii"}, timeout=600)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr[-2000:]
    done.stdout.decode("ascii")


# ---- options refused before any work ---------------------------------------------------------------------------

@pytest.mark.parametrize("argv, needle", [
    (["--scheduler", "tls://127.0.0.1:1"], "--scheduler: tls:// is not supported"),
    (["--scheduler", "ucx://127.0.0.1:1"], "--scheduler: ucx:// is not supported"),
    (["--scheduler", ""], "--scheduler: an empty value"),
    (["--report", ""], "--report: an empty value"),
    (["--counterexamples", ""], "--counterexamples: an empty value"),
    (["--report", "/proc/nope/r.html"], "--report: cannot write in /proc/nope"),
])
def test_bad_outputs_and_schedulers_are_one_line_before_any_work(capsys, fake_check, argv, needle):
    one_line_error(capsys, ["check", "gaussian.exact", *argv], needle)
    assert fake_check == []


def test_a_multi_threaded_dask_worker_is_refused(capsys, fake_check):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None) as cl:
        one_line_error(capsys, ["check", "gaussian.exact", "--scheduler", cl.scheduler_address],
                       "runs 2 threads", "--nthreads 1")
    assert fake_check == []


def test_audit_describe_with_a_negative_seed_is_one_line(capsys):
    one_line_error(capsys, ["audit", "--claim", "gaussian.exact", "--describe", "--seed", "-1"], "seed", "≥ 0")


def test_a_complex_valued_mechanism_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    (tmp_path / "complex_mech.py").write_text("def mech(instance, side, rng, size):\n"
                                              "    return rng.standard_normal(size) + 1j\n"
                                              "def leave(instance, side, rng, size):\n"
                                              "    import os; os._exit(9)\n")
    one_line_error(capsys, ["audit", "complex_mech:mech", "--claim", "gaussian.exact", "--samples", "100"],
                   "complex numbers", "real samples")
    one_line_error(capsys, ["audit", "complex_mech:leave", "--claim", "gaussian.exact", "--samples", "100"],
                   "called os._exit(9)")


# ---- version, provenance, interrupted text ----------------------------------------------------------------------

def test_version_names_the_commit(capsys):
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("certunlearn 0.1.0, commit ") and out.count("\n") == 1


def test_an_installed_build_reports_its_recorded_commit(tmp_path):
    package = tmp_path / "site-packages" / "certunlearn"
    package.mkdir(parents=True)
    assert document.git_commit(package) is None
    (package / "_build_info.json").write_text('{"commit": "0123abc"}')
    assert document.git_commit(package) == "0123abc (recorded when the installed build was made)"
    assert len(document.git_commit().split("+")[0]) == 40  # this checkout's own


def test_an_interrupted_text_run_says_so_on_stdout(capsys, monkeypatch):
    done = CheckResult(id="gaussian.exact", paper="gaussian", source="s", kind="privacy", control="none",
                       verdict="holds", tightness=0.5, counterexample=None, symbolic=[], instances={"total": 10},
                       seconds=0.1)

    def interrupted(ids, *args, **kwargs):
        raise Interrupted(2, [done])

    monkeypatch.setattr(check_pkg, "check_claims", interrupted)
    assert main(["check", "gaussian.exact", "gaussian.classic"]) == 130
    out = capsys.readouterr().out
    assert "interrupted (SIGINT): only 1 of 2 claims finished" in out.splitlines()[-1]


def test_a_report_of_user_claims_names_prove_with_its_claims_file(monkeypatch):
    from certunlearn.claims import registry

    monkeypatch.setitem(registry._ORIGIN, "mine.thm1", "/home/me/my claims.py")
    assert document.prove_command("mine.thm1") == "certunlearn prove --claims '/home/me/my claims.py' mine.thm1"
    assert document.prove_command("gaussian.exact") == "certunlearn prove gaussian.exact"
