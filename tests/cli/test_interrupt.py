"""Issue 16, rows 1 and 1b: `check --all` interrupted by Ctrl-C (once or three times) or SIGTERM exits within
10 s with the results so far, and leaves no worker process behind; workers die with a SIGKILLed parent.

Only the first test runs `check --all` itself. The others check one paper (``--paper gaussian``, 20 claims: more
than the 2 workers finish in the second before the signal): `--all` and `--paper` differ only in the ids
``cli._selected_ids`` returns, and everything these tests watch (the signal handlers, the worker pool, the exit code,
the results so far) comes after it. Before the workers fork, `check --all` imports every claim and builds every
paper's derivations (``runner.preload_derivations``): ~20 CPU-s a run against ~6 for one paper (measured with the
start and signal below)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .process_tree import children

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find the workers")



def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


_STARTED: list[tuple[subprocess.Popen, set[int]]] = []


@pytest.fixture(autouse=True)
def _cleanup():
    """Whatever a failing test leaves running (the command and its workers) is killed by pid."""
    yield
    while _STARTED:
        proc, workers = _STARTED.pop()
        for pid in [proc.pid, *workers, *children(proc.pid)]:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        proc.communicate()


ONE_PAPER = ("--paper", "gaussian")


def _start(tmp_path: Path, *extra: str, selection: tuple[str, ...] = ONE_PAPER) -> tuple[subprocess.Popen, set[int]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "certunlearn.cli", "check", *selection, *extra], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    workers: set[int] = set()
    _STARTED.append((proc, workers))
    deadline = time.monotonic() + 240  # the import of every claim can take a while on a loaded machine
    while time.monotonic() < deadline and len(workers) < 2 and proc.poll() is None:
        workers |= children(proc.pid)
        time.sleep(0.2)
    assert proc.poll() is None and workers, "check did not start its workers"
    time.sleep(1.0)  # let them take work
    workers |= children(proc.pid)
    return proc, workers


def _finish(proc: subprocess.Popen, sent_at: float) -> tuple[int, str, str, float]:
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out, err, time.monotonic() - sent_at


def _no_survivors(workers: set[int]) -> None:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert not [w for w in workers if _alive(w)], "worker processes outlived the command"


def test_ctrl_c_once_prints_results_so_far_and_exits_130(tmp_path):
    proc, workers = _start(tmp_path, selection=("--all",))
    proc.send_signal(signal.SIGINT)
    code, out, err, seconds = _finish(proc, time.monotonic())
    assert code == 130 and seconds < 10, (code, seconds, err)
    assert "Traceback" not in err and "interrupted" in err.splitlines()[-1]
    assert "claims finished, pending work cancelled" in err
    _no_survivors(workers)


def test_ctrl_c_with_json_writes_the_results_so_far(tmp_path):
    proc, workers = _start(tmp_path, "--json")
    proc.send_signal(signal.SIGINT)
    code, out, err, seconds = _finish(proc, time.monotonic())
    assert code == 130 and seconds < 10, (code, seconds, err)
    doc = json.loads(out)  # exactly one JSON document, marked as interrupted
    assert doc["interrupted"] is True and isinstance(doc["results"], list)
    assert doc["summary"]["claims"] == len(doc["results"])
    _no_survivors(workers)


def test_ctrl_c_three_times_is_a_clean_exit(tmp_path):
    proc, workers = _start(tmp_path)
    sent = time.monotonic()
    for _ in range(3):
        proc.send_signal(signal.SIGINT)
        time.sleep(0.05)
    code, out, err, seconds = _finish(proc, sent)
    assert code == 130 and seconds < 10, (code, seconds, err)
    assert "Traceback" not in err and "Exception ignored" not in err
    _no_survivors(workers)


def test_sigterm_stops_workers_and_exits(tmp_path):
    proc, workers = _start(tmp_path)
    proc.send_signal(signal.SIGTERM)
    code, out, err, seconds = _finish(proc, time.monotonic())
    assert code == 128 + signal.SIGTERM and seconds < 10, (code, seconds, err)
    assert "Traceback" not in err and "SIGTERM" in err
    _no_survivors(workers)


def test_workers_die_with_a_killed_parent(tmp_path):
    proc, workers = _start(tmp_path)
    proc.kill()  # SIGKILL: the parent cannot clean up; the workers must still go
    proc.communicate(timeout=30)
    _no_survivors(workers)
