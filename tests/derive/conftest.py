"""Fixtures of the derivation tests."""
import pytest

from .rechecks import refuted_values


@pytest.fixture
def refuted_at():
    """``refuted_at(derivation, step) -> (lhs, rhs, holds)``: the step re-evaluated at its reported point."""
    return refuted_values
