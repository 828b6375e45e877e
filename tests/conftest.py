"""Suite-wide guard: no test (and no code it calls) may leave the global precision changed."""
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
