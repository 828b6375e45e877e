"""The interrupt-safe pool behind `check` (certunlearn.processes): abort cancels queued work and stops busy
workers at once; workers ignore SIGINT (the parent decides); check_claims reports what finished before an
interrupt."""
from __future__ import annotations

import signal
import time

import pytest

from certunlearn.check import runner
from certunlearn.processes import Interrupted, SafeProcessPool


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _sigint_disposition(_=None) -> str:
    return str(signal.getsignal(signal.SIGINT))


def test_abort_cancels_pending_work_and_stops_busy_workers():
    pool = SafeProcessPool(max_workers=2)
    futures = [pool.submit(time.sleep, 60) for _ in range(6)]
    deadline = time.monotonic() + 60
    while len(pool.worker_pids()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    pids = pool.worker_pids()
    start = time.monotonic()
    pool.abort()
    assert time.monotonic() - start < 10
    assert all(f.done() for f in futures) and futures[-1].cancelled()  # none is left waiting
    assert pids and not [p for p in pids if _alive(p)]


def test_workers_ignore_sigint():
    with SafeProcessPool(max_workers=1) as pool:
        assert pool.submit(_sigint_disposition).result(timeout=60) == str(signal.SIG_IGN)


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
