"""A Monotone hint on log rhs − log lhs when both sides are positive: Bernoulli's inequality (1 + 2x)^(−T) ≤
1/(1 + 2Tx) for T ≥ 1 (d2d Fact E.1, line 620) is proved — rhs − lhs itself has a derivative of no provable sign —
and a false variant is not."""
import pytest
import sympy

from certunlearn.derive import Derivation, Monotone, check_derivation, step

x, T = sympy.symbols("x T", positive=True)


def _check(rhs):
    d = Derivation("gaussian.bernoulli", "bound", "log-monotone test",
                   steps=(step((1 + 2 * x) ** (-T), "<=", rhs, "Bernoulli", monotone=Monotone(x, 0)),),
                   conditions=(sympy.Ge(T, 1),), domain={x: ("0.001", "100"), T: ("1", "1000")})
    return check_derivation(d, rhs).steps[0]


@pytest.mark.slow  # ~40 s under load: the monotonicity retry and the search of the false variant
def test_bernoulli_is_proved_by_log_monotonicity():
    s = _check(1 / (1 + 2 * T * x))
    assert s.status == "proved" and s.method == "monotonicity" and "log rhs − log lhs" in s.detail, s.detail


@pytest.mark.slow
def test_a_false_variant_is_not_proved():
    s = _check(1 / (1 + 3 * T * x))  # fails for T = 1
    assert s.status == "refuted", (s.status, s.detail)
