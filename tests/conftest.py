"""Suite-wide: no test (and no code it calls) may leave the global precision changed; and the derivations a
non-editable install of this checkout shipped are read, not re-derived.

CI (README: ``pip install ".[test]" && python -m pytest …``) builds a wheel, whose build hook checks every claim's
derivation (``certunlearn/_derivations.pkl``), then runs the suite on the checkout, which would check them all again
(~350 CPU-s on an empty cache). The installed table is offered to the checkout through
``CERTUNLEARN_SHIPPED_DERIVATIONS`` (inherited by the subprocesses tests start); an entry is used only when its key —
the digest of the derivation, its proofs file, the claim's target and quantity and the engine's source — matches
exactly (:mod:`certunlearn.derive.cache`), so a stale install changes nothing and the engine runs. A value already
set is kept (set it empty to derive everything in the checkout).
"""
import os
from importlib import metadata
from pathlib import Path

import mpmath
import pytest
from flint import ctx

SHIPPED_ENV = "CERTUNLEARN_SHIPPED_DERIVATIONS"  # certunlearn.derive.cache.ENV_SHIPPED (not imported: no side effect)


def installed_derivations() -> Path | None:
    """The ``_derivations.pkl`` of an installed (non-editable) certunlearn distribution, if there is one."""
    try:
        dist = metadata.distribution("certunlearn")
    except metadata.PackageNotFoundError:
        return None
    path = Path(dist.locate_file("certunlearn/_derivations.pkl"))
    return path if path.is_file() else None


if SHIPPED_ENV not in os.environ and (_table := installed_derivations()) is not None:
    os.environ[SHIPPED_ENV] = str(_table)


@pytest.fixture(autouse=True)
def _precision_is_restored():
    before = (mpmath.mp.prec, ctx.prec)
    yield
    after = (mpmath.mp.prec, ctx.prec)
    mpmath.mp.prec, ctx.prec = before
    assert after == before, f"global precision leaked: (mpmath bits, flint bits) {before} -> {after}"
