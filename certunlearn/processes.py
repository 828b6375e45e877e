"""An interrupt-safe local process pool for the checker, and the signal handling of every command (a module of its
own, below every layer, so that `certunlearn list` installs its handlers without importing the checker).

:class:`SafeProcessPool` is a :class:`concurrent.futures.ProcessPoolExecutor` whose workers

* ignore SIGINT (a Ctrl-C in a terminal reaches the whole process group: only the parent decides what
  happens — otherwise every worker prints its own traceback) and take the default action on SIGTERM;
* never outlive their parent: on Linux the kernel sends them SIGKILL when the parent dies
  (``prctl(PR_SET_PDEATHSIG)`` through ctypes), and everywhere a daemon thread polls the parent's pid and
  exits the worker when it changes (the parent was killed and the worker re-parented);

and whose :meth:`~SafeProcessPool.abort` cancels every pending future, terminates (then kills) the
workers and joins the pool's manager thread, so no interpreter-exit hook is left waiting for queued work.
"""
from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

__all__ = ["SafeProcessPool", "interruptible", "signals_ignored", "Interrupted"]

_PR_SET_PDEATHSIG = 1
#: Seconds between two checks of the parent's pid in a worker.
WATCHDOG_PERIOD = 0.5


class Interrupted(KeyboardInterrupt):
    """The run was interrupted by SIGINT (Ctrl-C) or SIGTERM; ``results`` holds what finished before."""

    def __init__(self, signum: int = signal.SIGINT, results: list | None = None):
        self.signum = int(signum)
        self.results = list(results or [])
        super().__init__(signal.Signals(self.signum).name)

    @property
    def exit_code(self) -> int:
        """128 + the signal number, as shells report it: 130 for Ctrl-C, 143 for SIGTERM."""
        return 128 + self.signum


def _die_with_parent(parent: int) -> None:
    """In a worker: SIGKILL when the parent dies (Linux), and a watchdog thread elsewhere and as a backup."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(WATCHDOG_PERIOD)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="certunlearn-parent-watchdog", daemon=True).start()


def _worker_init(parent: int, initializer, initargs) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker inherits the parent's Python handler
    _die_with_parent(parent)
    if initializer is not None:
        initializer(*initargs)


class SafeProcessPool(ProcessPoolExecutor):
    """A process pool whose workers ignore Ctrl-C, die with their parent, and can be stopped at once."""

    def __init__(self, max_workers: int | None = None, mp_context=None, initializer=None, initargs=()):
        super().__init__(max_workers=max_workers, mp_context=mp_context, initializer=_worker_init,
                         initargs=(os.getpid(), initializer, tuple(initargs)))

    def worker_pids(self) -> list[int]:
        """The pids of the live workers (for tests and diagnostics)."""
        return [p.pid for p in list((self._processes or {}).values()) if p.pid is not None]

    def abort(self, timeout: float = 3.0) -> None:
        """Cancel pending work, terminate the workers (SIGKILL after ``timeout`` seconds) and release the pool."""
        processes = list((self._processes or {}).values())
        self.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            with contextlib.suppress(Exception):
                p.terminate()
        deadline = time.monotonic() + timeout
        for p in processes:
            with contextlib.suppress(Exception):
                p.join(max(0.0, deadline - time.monotonic()))
                if p.is_alive():
                    p.kill()
                    p.join(1.0)
        thread = getattr(self, "_executor_manager_thread", None)
        if thread is not None and thread.is_alive():
            with contextlib.suppress(Exception):
                self._executor_manager_thread_wakeup.wakeup()
            thread.join(timeout)

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, BaseException) and not issubclass(exc_type, Exception):
            self.abort()  # KeyboardInterrupt, SystemExit: do not wait for queued work
            return False
        if exc_type is not None:
            self.abort()
            return False
        return super().__exit__(exc_type, exc, tb)


@contextlib.contextmanager
def interruptible():
    """Within the block (main thread only), the first SIGINT or SIGTERM raises :class:`Interrupted`, and every
    later one is ignored until the block ends — so cleanup (stopping workers, printing the results so far)
    runs to its end however often Ctrl-C is pressed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        for s in (signal.SIGINT, signal.SIGTERM):
            signal.signal(s, signal.SIG_IGN)
        raise Interrupted(signum)

    previous = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in previous.items():
            signal.signal(s, h)


@contextlib.contextmanager
def signals_ignored():
    """Within the block (main thread only), SIGINT and SIGTERM are ignored: cleanup runs to its end."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.signal(s, signal.SIG_IGN) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in previous.items():
            signal.signal(s, h)
