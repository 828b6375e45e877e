"""Suite-wide fixtures: no test (and no code it calls) may leave the global precision changed; and the whole suite
checks derivations in one disk cache of its own, fresh for each run and shared by all its pytest-xdist workers."""
import os

import mpmath
import pytest
from flint import ctx


@pytest.fixture(autouse=True)
def _precision_is_restored():
    before = (mpmath.mp.prec, ctx.prec)
    yield
    after = (mpmath.mp.prec, ctx.prec)
    mpmath.mp.prec, ctx.prec = before
    assert after == before, f"global precision leaked: (mpmath bits, flint bits) {before} -> {after}"


@pytest.fixture(scope="session", autouse=True)
def _private_derivation_cache(tmp_path_factory, request):
    """``CERTUNLEARN_CACHE_DIR`` set to :func:`private_cache_dir` for the whole run (CLI subprocesses that copy the
    environment inherit it), ``CERTUNLEARN_NO_CACHE`` cleared; restored afterwards.

    One cache for every test directory: tests/derive checks every registered derivation, and tests/claims
    (test_registry.py links every claim to its derivation), the CLI and the checker's tests check many of the same
    ones. With a cache per directory (tests/derive's own, the user's for the rest), a cold run — CI's, on a fresh
    machine — derived each of them twice; now once, by whichever worker reaches it first (the others wait on the
    cache's per-key lock and read its result). Never the user's cache: every run derives afresh what the table committed
    beside the sources (``certunlearn/_derivations.pkl``) does not hold under a current key — tests/derive/test_ship.py
    fails while the table misses one, and re-derives a sample of its entries from scratch."""
    from certunlearn.derive import cache

    old = {k: os.environ.get(k) for k in (cache.ENV_DIR, cache.ENV_OFF)}
    os.environ[cache.ENV_DIR] = str(private_cache_dir(tmp_path_factory, request.config))
    os.environ.pop(cache.ENV_OFF, None)
    yield
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def private_cache_dir(tmp_path_factory, config):
    """A fresh directory for this run, one for all its pytest-xdist workers: each derivation is derived cold once
    per run, not once per worker (the cache's per-key lock makes a second worker wait for the first's result).

    A worker's base temporary directory is ``<the run's>/<worker id>`` (pytest-xdist), so their common parent is new
    for every run; without xdist, the session's own fresh directory."""
    if hasattr(config, "workerinput"):
        shared = tmp_path_factory.getbasetemp().parent / "derivation-cache"
        shared.mkdir(exist_ok=True)
        return shared
    return tmp_path_factory.mktemp("derivation-cache")
