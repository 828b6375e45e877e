"""Calibration: proved one-sided, within 1e-9 of the optimum, monotone; classic and zCDP forms."""
from __future__ import annotations

import math

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.enclosure import Decision, decide
from certunlearn.numeric.fraction import Fraction
from certunlearn.privacy import calibrate, delta_enclosure

log_eps = st.floats(min_value=-4, max_value=math.log10(500))
log_delta = st.floats(min_value=-300, max_value=math.log10(0.5))


def proved_safe(epsilon, delta, sigma, sensitivity=1) -> bool:
    return decide(lambda: delta_enclosure(epsilon, sigma, sensitivity), "<=", delta).decision == Decision.TRUE


def mp_delta(epsilon, sigma) -> mpmath.mpf:
    s = 1 / mpmath.mpf(sigma)
    eps = mpmath.mpf(epsilon)
    a, b = eps / s - s / 2, eps / s + s / 2
    r2 = mpmath.sqrt(2)
    return (mpmath.erfc(a / r2) - mpmath.exp(eps) * mpmath.erfc(b / r2)) / 2


def mp_optimal_sigma(epsilon, delta, guess) -> mpmath.mpf:
    """The optimal σ by bisection on ln δ at 60 digits (independent of the library's solver)."""
    with mpmath.workdps(60):
        target = mpmath.log(mpmath.mpf(delta))
        lo, hi = mpmath.mpf(guess) * (1 - mpmath.mpf("1e-6")), mpmath.mpf(guess) * (1 + mpmath.mpf("1e-6"))
        assert mpmath.log(mp_delta(epsilon, lo)) > target > mpmath.log(mp_delta(epsilon, hi))
        for _ in range(80):  # width 2e-6 → 2e-6/2^80 ≈ 2e-30 relative
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if mpmath.log(mp_delta(epsilon, mid)) > target else (lo, mid)
        return hi


@settings(max_examples=30, deadline=None)
@given(log_eps, log_delta)
def test_exact_is_proved_safe_and_within_1e9_of_optimal(le, ld):
    eps, delta = 10**le, 10**ld
    sigma = calibrate(eps, delta)
    assert proved_safe(eps, delta, sigma)
    optimal = mp_optimal_sigma(eps, delta, sigma)
    assert optimal <= sigma <= optimal * (1 + mpmath.mpf("1e-9"))
    below = sigma * (1 - 1e-9)
    assert decide(lambda: delta_enclosure(eps, below), ">", delta).decision == Decision.TRUE


@pytest.mark.parametrize(("epsilon", "delta"), [(1e-4, 1e-300), (500, 1e-300), (1e-4, 0.5), (500, 0.5),
                                                (1.0, 1e-5), (Fraction(1, 3), Fraction(1, 10**7)), ("0.1", "1e-12")])
def test_exact_corners_and_exact_inputs(epsilon, delta):
    sigma = calibrate(epsilon, delta)
    assert proved_safe(epsilon, delta, sigma)
    below = sigma * (1 - 1e-9)
    assert decide(lambda: delta_enclosure(epsilon, below), ">", delta).decision == Decision.TRUE


@settings(max_examples=25, deadline=None)
@given(log_eps, log_delta, st.floats(min_value=1e-3, max_value=1.0))
def test_exact_decreases_in_epsilon_and_in_delta(le, ld, bump):
    eps, delta = 10**le, 10**ld
    sigma = calibrate(eps, delta)
    assert calibrate(eps * (1 + bump), delta) < sigma
    assert calibrate(eps, delta * (1 - bump / 2)) > sigma


@settings(max_examples=25, deadline=None)
@given(log_eps, log_delta, st.floats(min_value=-6, max_value=6))
def test_sigma_scales_linearly_in_sensitivity(le, ld, lsens):
    eps, delta, sens = 10**le, 10**ld, 10**lsens
    sigma = calibrate(eps, delta, sensitivity=sens)
    assert proved_safe(eps, delta, sigma, sens)
    assert sigma == pytest.approx(sens * calibrate(eps, delta), rel=1e-12)


@settings(max_examples=30, deadline=None)
@given(st.floats(min_value=-4, max_value=0), log_delta)
def test_classic_and_zcdp_are_never_below_exact(le, ld):
    eps, delta = 10**le, 10**ld
    exact = calibrate(eps, delta)
    assert calibrate(eps, delta, method="classic") >= exact
    assert calibrate(eps, delta, method="zcdp") >= exact


@settings(max_examples=30, deadline=None)
@given(st.floats(min_value=0, max_value=math.log10(500)), log_delta)
def test_zcdp_is_never_below_exact_for_large_epsilon(le, ld):
    eps, delta = 10**le, 10**ld
    assert calibrate(eps, delta, method="zcdp") >= calibrate(eps, delta)


def test_closed_forms_are_rounded_up():
    eps, delta = 0.5, 1e-6
    with mpmath.workdps(50):
        classic = mpmath.sqrt(2 * mpmath.log(mpmath.mpf(1.25) / mpmath.mpf(delta))) / mpmath.mpf(eps)
        log_inv = -mpmath.log(mpmath.mpf(delta))
        zcdp = 1 / (mpmath.sqrt(2) * (mpmath.sqrt(log_inv + eps) - mpmath.sqrt(log_inv)))
    for method, truth in (("classic", classic), ("zcdp", zcdp)):
        got = calibrate(eps, delta, method=method)
        assert truth <= got <= truth * (1 + mpmath.mpf(2) ** -51)


def test_classic_at_epsilon_above_one_is_unsafe_so_it_is_refused():
    """The classic formula at ε = 10 gives a σ whose true δ exceeds the target: hence the refusal."""
    eps, delta = 10.0, 1e-5
    sigma = math.sqrt(2 * math.log(1.25 / delta)) / eps
    assert decide(lambda: delta_enclosure(eps, sigma), ">", delta).decision == Decision.TRUE
    with pytest.raises(InvalidParameterError) as info:
        calibrate(eps, delta, method="classic")
    assert info.value.parameter == "epsilon"
    assert "epsilon <= 1" in str(info.value)
    assert calibrate(1, delta, method="classic") > 0  # ε = 1 itself is allowed


@pytest.mark.parametrize(
    ("kwargs", "parameter"),
    [
        ({"epsilon": 0, "delta": 1e-5}, "epsilon"),
        ({"epsilon": -1, "delta": 1e-5}, "epsilon"),
        ({"epsilon": math.nan, "delta": 1e-5}, "epsilon"),
        ({"epsilon": math.inf, "delta": 1e-5}, "epsilon"),
        ({"epsilon": 1, "delta": 0}, "delta"),
        ({"epsilon": 1, "delta": 1}, "delta"),
        ({"epsilon": 1, "delta": 1.5}, "delta"),
        ({"epsilon": 1, "delta": -1e-5}, "delta"),
        ({"epsilon": 1, "delta": math.nan}, "delta"),
        ({"epsilon": 1, "delta": "abc"}, "delta"),
        ({"epsilon": 1, "delta": 1e-5, "sensitivity": 0}, "sensitivity"),
        ({"epsilon": 1, "delta": 1e-5, "sensitivity": -2}, "sensitivity"),
        ({"epsilon": 1, "delta": 1e-5, "sensitivity": math.inf}, "sensitivity"),
        ({"epsilon": 1, "delta": 1e-5, "method": "rdp"}, "method"),
    ],
)
@pytest.mark.parametrize("method", ["exact", "classic", "zcdp"])
def test_invalid_input_names_the_parameter(kwargs, parameter, method):
    kwargs = {"method": method, **kwargs}
    with pytest.raises(InvalidParameterError) as info:
        calibrate(**kwargs)
    assert info.value.parameter == parameter


# ---------------------------------------------------------------- beyond ε = 500 (the float solve used to lose the root)


def mp100_log_delta(epsilon, sigma) -> mpmath.mpf:
    """ln δ(ε; σ) at 100 digits, Δ = 1 (Balle & Wang 2018, Theorem 8)."""
    with mpmath.workdps(100):
        s, eps = 1 / mpmath.mpf(sigma), mpmath.mpf(epsilon)
        a, b = eps / s - s / 2, eps / s + s / 2
        r2 = mpmath.sqrt(2)
        return mpmath.log((mpmath.erfc(a / r2) - mpmath.exp(eps) * mpmath.erfc(b / r2)) / 2)


def mp100_optimal_sigma(epsilon, delta) -> mpmath.mpf:
    """The σ solving δ(ε; σ) = target, by bisection on ln σ over [1e-8, 1e8] at 100 digits: no
    starting point from the library."""
    with mpmath.workdps(100):
        target = mpmath.log(mpmath.mpf(delta))
        lo, hi = mpmath.log(mpmath.mpf("1e-8")), mpmath.log(mpmath.mpf("1e8"))
        assert mp100_log_delta(epsilon, mpmath.exp(lo)) > target > mp100_log_delta(epsilon, mpmath.exp(hi))
        while hi - lo > mpmath.mpf("1e-40"):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if mp100_log_delta(epsilon, mpmath.exp(mid)) > target else (lo, mid)
        return mpmath.exp(hi)


@pytest.mark.parametrize("epsilon", [567.0, 1000.0, 1e4, 1e5])
@pytest.mark.parametrize("delta", [0.1, 1e-5, 1e-100, 1e-300])
def test_exact_beyond_epsilon_500_is_optimal_against_a_100_digit_oracle(epsilon, delta):
    """calibrate(1000, 0.1) used to return 2.2x the optimal σ (6.6x at ε = 1e5), silently."""
    sigma = calibrate(epsilon, delta)
    optimal = mp100_optimal_sigma(epsilon, delta)
    assert optimal <= sigma <= optimal * (1 + mpmath.mpf("1e-9"))
    assert proved_safe(epsilon, delta, sigma)


wide_log_eps = st.floats(min_value=-4, max_value=5)


@settings(max_examples=40, deadline=None)
@given(wide_log_eps, log_delta)
def test_exact_over_epsilon_up_to_1e5_is_safe_and_within_1e9_at_100_digits(le, ld):
    """Safe: ln δ(σ) ≤ ln target at 100 digits; within 1e-9: ln δ(σ·(1 − 1e-9)) > ln target, so the
    optimal σ (where δ = target, δ decreasing in σ) lies in (σ·(1 − 1e-9), σ]."""
    eps, delta = 10**le, 10**ld
    sigma = calibrate(eps, delta)
    with mpmath.workdps(100):
        target = mpmath.log(mpmath.mpf(delta))
        assert mp100_log_delta(eps, sigma) <= target
        assert mp100_log_delta(eps, mpmath.mpf(sigma) * (1 - mpmath.mpf("1e-9"))) > target
