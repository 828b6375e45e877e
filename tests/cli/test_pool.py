"""The interrupt-safe pool behind `check` (certunlearn.processes): abort stops busy workers at once; workers ignore
SIGINT (the parent decides); a task that raises, exits or overruns its time limit is a TaskFailed and the others go
on; check_claims reports what finished before an interrupt."""
from __future__ import annotations

import signal
import threading
import time

import pytest

from certunlearn.check import runner
import os

from certunlearn.processes import Interrupted, TaskFailed, WorkerPool


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _sigint_disposition(_=None) -> str:
    return str(signal.getsignal(signal.SIGINT))


def test_abort_stops_busy_workers_at_once():
    pool = WorkerPool(2)
    pids = []

    def on_done(key, value):
        pids.extend(pool.worker_pids())
        raise KeyboardInterrupt  # as Ctrl-C would, while one task is done and the other still sleeps

    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with pool:
            pool.run(time.sleep, [("short", (0.5,)), ("long", (60,)), ("queued", (60,))], on_done)
    assert time.monotonic() - start < 10
    assert len(pids) == 2 and not [p for p in pids if _alive(p)]


def test_workers_ignore_sigint():
    got = {}
    with WorkerPool(1) as pool:
        pool.run(_sigint_disposition, [("k", (None,))], got.__setitem__)
    assert got == {"k": str(signal.SIG_IGN)}


def test_a_failing_task_is_a_task_failed_and_the_others_go_on():
    got = {}
    with WorkerPool(1, timeout=2) as pool:
        pool.run(_misbehave, [(k, (k,)) for k in ("exit", "raise", "die", "sleep", "ok")], got.__setitem__)
    assert got["ok"] == "ok"
    assert isinstance(got["exit"], TaskFailed) and got["exit"].reason == "raised SystemExit(7)"
    assert got["raise"].reason == "raised ValueError: a"
    assert got["die"].reason.startswith("its worker process exited with code 9")
    assert got["sleep"].reason.startswith("timed out after 2 s") and got["sleep"].seconds >= 2


def _misbehave(how: str):
    if how == "exit":
        raise SystemExit(7)
    if how == "raise":
        raise ValueError("a")
    if how == "die":
        os._exit(9)
    if how == "sleep":
        time.sleep(60)
    return "ok"


def test_check_claims_reports_the_results_finished_before_an_interrupt():
    """Ctrl-C arrives after the first claim finished, while the others are still pending: they are cancelled and
    the first result comes with the exception."""
    from concurrent.futures import Future

    first = runner.CheckResult(id="gaussian.exact", paper="gaussian", source="", kind="privacy", control="none",
                               verdict="holds", tightness=0.5, counterexample=None, symbolic=[],
                               instances={"total": 1}, seconds=0.0)
    pending: list[Future] = []

    class Executor:
        def submit(self, fn, claim_id, *args):
            f = Future()
            if claim_id == "gaussian.exact":
                f.set_result(first)
            else:
                pending.append(f)
            return f

    def on_result(result):
        raise KeyboardInterrupt  # the signal lands while the main thread handles the first result

    with pytest.raises(Interrupted) as info:
        runner.check_claims(["gaussian.exact", "gaussian.classic", "gaussian.zcdp"], executor=Executor(),
                            on_result=on_result)
    assert [r.id for r in info.value.results] == ["gaussian.exact"] and info.value.exit_code == 130
    assert len(pending) == 2 and all(f.cancelled() for f in pending)


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_affinity_runs_a_group_on_one_worker_in_order():
    """Tasks of one group (the claims of one item: runner.claim_family) run one after another on one worker, so what
    they share is memoised once; the groups spread over the workers; a group whose worker dies goes on elsewhere."""
    got, order = {}, []

    def on_done(key, value):
        got[key] = value
        order.append(key)

    # without affinity the free worker would take b2 while b1 still sleeps
    tasks = [(k, (1.0 if k == "b1" else 0.1,)) for k in ("a1", "b1", "a2", "b2", "a3")]
    with WorkerPool(2) as pool:
        pool.run(_pid_after, tasks, on_done, affinity=lambda k: k[0])
    assert got["a1"] == got["a2"] == got["a3"] and got["b1"] == got["b2"] and got["a1"] != got["b1"]
    assert [k for k in order if k[0] == "a"] == ["a1", "a2", "a3"]
    got.clear()
    with WorkerPool(1, timeout=5) as pool:  # a lane whose worker dies goes on in a fresh worker
        pool.run(_misbehave, [(k, (k,)) for k in ("die", "ok")], got.__setitem__, affinity=lambda k: 0)
    assert isinstance(got["die"], TaskFailed) and got["ok"] == "ok"
    assert runner.claim_family("d2d.thm3.1:shift-sharp") == runner.claim_family("d2d.thm3.1+fix") == "d2d.thm3.1"


def test_a_ctrl_c_right_after_a_worker_forks_leaves_no_worker(monkeypatch):
    """The interrupt lands between a worker's fork and its registration in the pool (a recording interrupted there
    once waited at exit for that worker forever): the worker is still killed."""
    from certunlearn import processes

    forked = []
    real = processes._Worker.__init__

    def init(self, context):
        real(self, context)
        forked.append(self.process)
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, delivered at once unless the pool holds it

    monkeypatch.setattr(processes._Worker, "__init__", init)
    other = threading.Event()  # a second thread, as under pytest-xdist or a live display: a signal mask set by the
    threading.Thread(target=other.wait, daemon=True).start()  # main thread alone would not hold the signal
    try:
        with pytest.raises(Interrupted):
            with processes.interruptible(), WorkerPool(1) as pool:
                pool.run(time.sleep, [("nap", (0.1,))], lambda key, value: None)
        assert len(forked) == 1 and not forked[0].is_alive()
    finally:
        other.set()
        for p in forked:
            p.kill()
