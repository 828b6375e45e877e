"""The local worker processes of the checker, and the signal handling of every command (a module of its own, below
every layer, so that `certunlearn list` installs its handlers without importing the checker).

:class:`WorkerPool` runs tasks in worker processes that

* ignore SIGINT (a Ctrl-C in a terminal reaches the whole process group: only the parent decides what
  happens — otherwise every worker prints its own traceback) and take the default action on SIGTERM;
* never outlive their parent: on Linux the kernel sends them SIGKILL when the parent dies
  (``prctl(PR_SET_PDEATHSIG)`` through ctypes), and everywhere a daemon thread polls the parent's pid and
  exits the worker when it changes (the parent was killed and the worker re-parented);
* can keep related tasks together (``affinity``: a key's group): a worker that ran one task of a group runs the
  group's next one, so what the group's tasks compute in common (memoised by exact key in the worker) is computed
  once — the results do not depend on it, only the time;
* are watched one task at a time: a task that runs past the time limit has its worker killed, and a worker that
  exits or dies (``os._exit``, a crash in C code, the OOM killer) ends only its own task — each becomes a
  :class:`TaskFailed` naming why, the other tasks go on in a fresh worker;

and whose :meth:`~WorkerPool.abort` kills every worker at once (Ctrl-C, SIGTERM). The parent waits on the workers'
pipes, so a signal reaches it at once even while a task is stuck in a C call.
"""
from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any
__all__ = ["WorkerPool", "TaskFailed", "interruptible", "signals_ignored", "Interrupted"]

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


def _worker_init(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker inherits the parent's Python handler
    _die_with_parent(parent)


@contextlib.contextmanager
def _signals_held():
    """Within the block (main thread), a SIGINT or SIGTERM is recorded, not acted on; at its end the handlers are
    restored and the first signal recorded is handed to its own handler (a default action taken as the default
    would). A worker is started and registered in one such block, so that a Ctrl-C cannot land between its fork
    and its registration — it was then never killed, and the parent, exiting, waited for it forever. (A Python
    handler, not a signal mask: a mask holds a signal only from the thread that sets it.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {s: signal.signal(s, lambda signum, frame: caught.append(signum))
                for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in previous.items():
            signal.signal(s, h)
        if caught:
            handler = previous[caught[0]]
            if callable(handler):
                handler(caught[0], None)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(caught[0])


@dataclass(frozen=True)
class TaskFailed:
    """A task that returned no value: ``reason`` says why (it raised, its worker exited or was killed, it ran past
    the time limit); ``seconds`` it ran."""

    reason: str
    seconds: float


def _serve(conn: multiprocessing.connection.Connection, parent: int) -> None:
    """A worker: run ``fn(*args)`` for each task received, send back ("ok", value) or ("raised", message)."""
    _worker_init(parent)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        fn, args = task
        try:
            reply: tuple[str, Any] = ("ok", fn(*args))
        except BaseException as exc:  # noqa: BLE001 — SystemExit too: user code must not end the worker silently
            reply = ("raised", f"SystemExit({exc.code!r})" if isinstance(exc, SystemExit)
                     else f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except Exception as exc:  # noqa: BLE001 — a value that does not pickle
            conn.send(("raised", f"its result could not be sent back: {type(exc).__name__}: {exc}"))


def _death(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        with contextlib.suppress(ValueError):
            return f"its worker process was killed by {signal.Signals(-exitcode).name}"
    return f"its worker process exited with code {exitcode} (sys.exit or os._exit in the claim's code?)"


class _Worker:
    def __init__(self, context) -> None:
        self.conn, child = context.Pipe(duplex=True)
        self.process = context.Process(target=_serve, args=(child, os.getpid()), name="certunlearn-worker")
        self.process.start()
        child.close()

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(5)
        with contextlib.suppress(Exception):
            self.conn.close()


class WorkerPool:
    """At most ``workers`` worker processes (forked where the platform allows, so they start with the parent's
    loaded claims), each task limited to ``timeout`` seconds (None: no limit). A context manager: leaving it
    normally stops the idle workers, leaving it by an exception (Ctrl-C) kills every worker."""

    def __init__(self, workers: int, timeout: float | None = None):
        self.size = max(1, workers)
        self.timeout = timeout
        fork = sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
        self._context = multiprocessing.get_context("fork" if fork else "spawn")
        self._idle: list[_Worker] = []
        self._busy: dict[Any, tuple[_Worker, Hashable, float, deque]] = {}
        self._started: list[_Worker] = []  # every worker started, live or not: what abort kills

    def _start(self) -> _Worker:
        with _signals_held():
            worker = _Worker(self._context)
            self._started.append(worker)
        return worker

    def worker_pids(self) -> list[int]:
        """The pids of the live workers (for tests and diagnostics)."""
        workers = [*self._idle, *(w for w, *_ in self._busy.values())]
        return [w.process.pid for w in workers if w.process.pid is not None and w.process.is_alive()]

    def run(self, fn: Callable[..., Any], tasks: Iterable[tuple[Hashable, tuple]],
            on_done: Callable[[Hashable, Any], None], affinity: Callable[[Hashable], Hashable] | None = None) -> None:
        """Run ``fn(*args)`` for each ``(key, args)``; ``on_done(key, value)`` is called in the calling thread as each
        finishes, ``value`` being ``fn``'s return or a :class:`TaskFailed`. ``fn`` must be a top-level function.

        ``affinity``: key ↦ its group. The tasks of a group run one after another, in their order, on one worker (a
        *lane*, started when a worker is free, in the order of the groups' first tasks); a lane whose worker died or
        was killed goes on in the next free worker. None: every task is a group of its own (plain order)."""
        lanes: dict[Hashable, deque] = {}
        for n, (key, args) in enumerate(tasks):
            lanes.setdefault(affinity(key) if affinity is not None else (n,), deque()).append((key, args))
        ready = deque(lanes.values())
        held: dict[_Worker, deque] = {}  # an idle worker's unfinished lane
        while ready or held or self._busy:
            while (ready or held) and len(self._busy) < self.size:
                worker = next((w for w in self._idle if w in held), None)
                if worker is not None:
                    self._idle.remove(worker)
                    lane = held.pop(worker)
                else:
                    lane = ready.popleft()
                    worker = self._idle.pop() if self._idle else self._start()
                key, args = lane.popleft()
                worker.conn.send((fn, args))
                self._busy[worker.conn] = (worker, key, time.monotonic(), lane)
            wait = None
            if self.timeout is not None:
                wait = max(0.0, min(t for _, _, t, _ in self._busy.values()) + self.timeout - time.monotonic())
            for conn in multiprocessing.connection.wait(list(self._busy), timeout=wait):
                worker, key, started, lane = self._busy.pop(conn)
                value = self._reply(worker, started)
                self._follow(worker, lane, held, ready)
                on_done(key, value)
            if self.timeout is not None:
                now = time.monotonic()
                for conn, (worker, key, started, lane) in list(self._busy.items()):
                    if now - started >= self.timeout:
                        del self._busy[conn]
                        worker.kill()
                        self._follow(worker, lane, held, ready)
                        on_done(key, TaskFailed(f"timed out after {self.timeout:g} s (the time limit per claim; "
                                                "--timeout SECONDS sets it)", round(now - started, 3)))

    def _follow(self, worker: _Worker, lane: deque, held: dict, ready: deque) -> None:
        """After a task of ``lane``: its next task stays with ``worker`` if the worker lives (is idle again), else the
        lane goes first to whichever worker is free next."""
        if not lane:
            return
        if worker in self._idle:
            held[worker] = lane
        else:
            ready.appendleft(lane)

    def _reply(self, worker: _Worker, started: float) -> Any:
        try:
            status, value = worker.conn.recv()
        except Exception:  # noqa: BLE001 — EOF: the worker is gone; anything else: a reply that cannot be read
            worker.process.join(5)
            worker.kill()
            return TaskFailed(_death(worker.process.exitcode), round(time.monotonic() - started, 3))
        self._idle.append(worker)
        if status == "ok":
            return value
        return TaskFailed(f"raised {value}", round(time.monotonic() - started, 3))

    def abort(self) -> None:
        """Kill every worker at once and forget the running tasks."""
        workers = self._started
        self._idle, self._busy, self._started = [], {}, []
        for w in workers:
            with contextlib.suppress(Exception):
                w.process.kill()
        for w in workers:
            w.kill()

    def close(self) -> None:
        """Stop the idle workers (each finishes its loop), killing any that does not within 5 s."""
        for w in self._idle:
            with contextlib.suppress(Exception):
                w.conn.send(None)
        for w in self._idle:
            w.process.join(5)
            w.kill()
        self._idle = []
        self.abort()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:
            with signals_ignored():
                self.abort()
        else:
            self.close()
        return False


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
