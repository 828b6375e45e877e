"""Issue 27, "Runs": a worker that exits or dies is that claim's error result (the others kept, the run goes on); a
per-claim time limit, honoured for a single claim too; a single claim stuck in a C call still stops at SIGTERM."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from certunlearn.claims import registry
from certunlearn.cli import main

from .process_tree import children

ROOT = Path(__file__).resolve().parents[2]

CLAIMS = textwrap.dedent('''
    import ctypes, os, sys
    from certunlearn.numeric.fraction import Fraction
    import sympy
    from certunlearn.api import Adversary, Claim, Kind

    x = sympy.Symbol("x", positive=True)

    def family(rng, size):
        return [{"x": str(k)} for k in range(1, 13)]

    def claim(cid, quantity):
        return Claim(cid, "test", Kind.INEQUALITY, "q ≤ x", (), x, quantity, (Adversary("grid", generate=family),))

    def stuck(v):
        ctypes.CDLL(None).sleep(120)  # a C call: no Python signal handler runs until it returns
        return Fraction(0)

    CLAIMS = [claim("mine.fine", lambda v: Fraction(v["x"]) / 2),
              claim("mine.dies", lambda v: os._exit(9)),
              claim("mine.exits", lambda v: sys.exit(7)),
              claim("mine.stuck", stuck)]
''')


@pytest.fixture
def claims_file(tmp_path, monkeypatch):
    for name in ("_LOADED", "_SOURCES", "_ORIGIN", "_MODULE", "_FILE"):
        monkeypatch.setattr(registry, name, {})
    monkeypatch.setattr(sys, "path", list(sys.path))
    path = tmp_path / "runs_claims.py"
    path.write_text(CLAIMS)
    return path


def check_json(capsys, *argv):
    code = main(["check", *map(str, argv), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return {r["id"]: r for r in json.loads(out)["results"]}


def test_a_worker_that_exits_or_dies_is_that_claims_error_and_the_run_goes_on(capsys, claims_file):
    results = check_json(capsys, "--claims", claims_file, "mine.dies", "mine.exits", "mine.fine")
    assert results["mine.fine"]["verdict"] == "holds"
    assert results["mine.dies"]["verdict"] == "inconclusive"
    assert results["mine.dies"]["reason"].startswith("error: its worker process exited with code 9")
    assert results["mine.exits"]["verdict"] == "inconclusive"
    assert results["mine.exits"]["reason"].startswith("error: raised SystemExit(7)")


def test_a_claim_past_its_time_limit_is_its_error_and_the_others_finish(capsys, claims_file):
    start = time.monotonic()
    results = check_json(capsys, "--claims", claims_file, "mine.stuck", "mine.fine", "--timeout", "3")
    assert time.monotonic() - start < 60
    assert results["mine.stuck"]["reason"].startswith("error: timed out after 3 s")
    assert results["mine.fine"]["verdict"] == "holds"


@pytest.mark.parametrize("value", ["0", "-1", "nan", "soon"])
def test_a_bad_timeout_is_one_line(capsys, value):
    assert main(["check", "gaussian.exact", "--timeout", value]) == 2
    assert capsys.readouterr().err.startswith("certunlearn: error: --timeout")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals and /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_single_claim_stuck_in_a_c_call_stops_at_a_signal(tmp_path, claims_file, signum):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CERTUNLEARN_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.Popen([sys.executable, "-m", "certunlearn.cli", "check", "--claims", str(claims_file),
                             "mine.stuck"], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not children(proc.pid):
            time.sleep(0.2)
        time.sleep(1.0)
        proc.send_signal(signum)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 128 + signum and time.monotonic() - sent < 10, (proc.returncode, err)
        assert "Traceback" not in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()

