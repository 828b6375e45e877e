"""The derivation tests use a disk cache of their own (a fresh directory per session), never the user's."""
import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _private_derivation_cache(tmp_path_factory):
    from certunlearn.derive import cache

    old = {k: os.environ.get(k) for k in (cache.ENV_DIR, cache.ENV_OFF)}
    os.environ[cache.ENV_DIR] = str(tmp_path_factory.mktemp("derivation-cache"))
    os.environ.pop(cache.ENV_OFF, None)
    yield
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
