"""The derivation tests use a disk cache of their own (a fresh directory per run), never the user's."""
import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _private_derivation_cache(tmp_path_factory, request):
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
