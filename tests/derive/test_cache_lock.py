"""The derivation cache's per-key lock: two processes missing the same key derive it once — the second waits for the
first and reads its entry — and a process already holding a lock never waits for another (no deadlock)."""
import multiprocessing
import sys
import time

import pytest
import sympy

from certunlearn.derive import Derivation, cache, engine, step

pytestmark = pytest.mark.skipif(cache.fcntl is None or not sys.platform.startswith("linux"),
                                reason="flock and fork (Linux)")

y = sympy.Symbol("y", positive=True)
KEY = "ab" + "0" * 62
OTHER = "cd" + "0" * 62


@pytest.fixture
def result(tmp_path, monkeypatch):
    """A private enabled cache, and a real result to store (the engine's check of a one-step derivation)."""
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.ENV_OFF, raising=False)
    monkeypatch.setattr(cache, "_disabled", False)
    return engine._compute(Derivation("gaussian.locktest", "bound", "lock test", steps=(step(y, "<=", y + 1, "1 > 0"),)),
                           y + 1, "bound")


def _derive(key, res, log, entered, release):
    """A process deriving ``key`` through the cache: its engine run is logged, and waits for ``release``."""
    def compute():
        log.put(multiprocessing.current_process().name)
        entered.set()
        release.wait(30)
        return res

    got = cache.cached(lambda: key, compute)
    log.put(("got", got == res))


def test_a_second_process_waits_for_the_first_and_reads_its_entry(result):
    ctx = multiprocessing.get_context("fork")
    log, entered, release = ctx.Queue(), ctx.Event(), ctx.Event()
    first = ctx.Process(target=_derive, args=(KEY, result, log, entered, release), name="first")
    first.start()
    assert entered.wait(30)  # the first holds the lock, inside its engine run
    second_entered = ctx.Event()
    second = ctx.Process(target=_derive, args=(KEY, result, log, second_entered, release), name="second")
    second.start()
    time.sleep(1.0)
    assert second.is_alive() and not second_entered.is_set()  # waiting for the lock, not deriving
    release.set()
    first.join(30), second.join(30)
    events = [log.get(timeout=5) for _ in range(3)]
    assert events == ["first", ("got", True), ("got", True)]  # one engine run; the second read the first's entry
    assert cache.load(KEY) == result


def _hold(key, held, release):
    with cache.computing(key):
        held.set()
        release.wait(30)


def test_a_process_holding_a_lock_does_not_wait_for_another(result):
    ctx = multiprocessing.get_context("fork")
    held, release = ctx.Event(), ctx.Event()
    other = ctx.Process(target=_hold, args=(OTHER, held, release))
    other.start()
    try:
        assert held.wait(30)
        runs = []
        t0 = time.monotonic()
        with cache.computing(KEY):  # this process holds a lock (a derivation computing its lemma) …
            got = cache.cached(lambda: OTHER, lambda: runs.append(1) or result)  # … so it derives the lemma itself
        assert runs == [1] and got == result and time.monotonic() - t0 < 10
    finally:
        release.set()
        other.join(30)


def test_the_lock_is_released_when_the_engine_raises(result, tmp_path):
    def boom():
        raise RuntimeError("the engine failed")

    with pytest.raises(RuntimeError):
        cache.cached(lambda: KEY, boom)
    assert cache._held == 0 and not list(tmp_path.rglob("*.lock"))
    ctx = multiprocessing.get_context("fork")
    log, entered, release = ctx.Queue(), ctx.Event(), ctx.Event()
    release.set()
    p = ctx.Process(target=_derive, args=(KEY, result, log, entered, release), name="after")
    p.start()
    p.join(30)
    assert [log.get(timeout=5) for _ in range(2)] == ["after", ("got", True)]
