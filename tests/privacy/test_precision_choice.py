"""The working precision of exact_delta, exact_epsilon and calibrate is chosen from the magnitudes of
the arguments (profile.start_prec). The choice may only cost time, never a rounding direction: these
properties are checked against mpmath at 100 digits over ε ∈ [1e-4, 1e5], δ ∈ [1e-300, 0.5], with
the library's choice and with deliberately bad ones (too low: the enclosure must be widened and
re-evaluated, not trusted; too high: wasteful only)."""
from __future__ import annotations

import math
import sys

import mpmath
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certunlearn.privacy import calibrate, exact_delta, exact_epsilon
from certunlearn.privacy import profile

calibrate_mod = sys.modules["certunlearn.privacy.calibrate"]

log_eps = st.floats(min_value=-4, max_value=5)
log_delta = st.floats(min_value=-300, max_value=math.log10(0.5))
#: σ moved off the calibrated value, so δ(ε) is near (not at) the target.
nudge = st.floats(min_value=-0.05, max_value=0.05)


def mp_delta(epsilon, sigma) -> mpmath.mpf:
    with mpmath.workdps(100):
        s, eps = 1 / mpmath.mpf(sigma), mpmath.mpf(epsilon)
        a, b = eps / s - s / 2, eps / s + s / 2
        r2 = mpmath.sqrt(2)
        return (mpmath.erfc(a / r2) - mpmath.exp(eps) * mpmath.erfc(b / r2)) / 2


@pytest.fixture(params=["chosen", "too low", "too high"])
def precision_choice(request, monkeypatch):
    if request.param == "too low":
        for module in (profile, calibrate_mod):
            monkeypatch.setattr(module, "start_prec", lambda eps, s, bits: 16)
    elif request.param == "too high":
        for module in (profile, calibrate_mod):
            monkeypatch.setattr(module, "start_prec", lambda eps, s, bits: 1024)
    return request.param


def check_delta(eps, sigma):
    got = exact_delta(eps, sigma)
    with mpmath.workdps(100):
        truth = mp_delta(eps, sigma)
        assert got >= truth  # rounded up, never down
        if truth > mpmath.mpf(sys.float_info.min):
            assert got <= truth * (1 + mpmath.mpf("1e-14"))
        else:
            assert got - truth <= mpmath.mpf(2) ** -1074


@settings(max_examples=60, deadline=None)
@given(log_eps, log_delta, nudge)
def test_exact_delta_is_rounded_up_and_accurate(le, ld, u):
    eps, target = 10**le, 10**ld
    check_delta(eps, calibrate(eps, target) * (1 + u))


@settings(max_examples=60, deadline=None)
@given(log_eps, log_delta, nudge)
def test_exact_epsilon_is_safe_and_smallest(le, ld, u):
    eps, target = 10**le, 10**ld
    sigma = calibrate(eps, target) * (1 + u)
    got = exact_epsilon(target, sigma)
    with mpmath.workdps(100):
        assert mp_delta(got, sigma) <= target  # rounded up: δ at the returned ε is within the target
        if got > 0:
            assert mp_delta(got * (1 - 1e-12), sigma) > target  # …and nothing much smaller is


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(log_eps, log_delta, nudge)
def test_a_bad_precision_choice_only_costs_time(precision_choice, le, ld, u):
    eps, target = 10**le, 10**ld
    sigma = calibrate(eps, target)
    with mpmath.workdps(100):
        assert mp_delta(eps, sigma) <= target
        assert mp_delta(eps, mpmath.mpf(sigma) * (1 - mpmath.mpf("1e-9"))) > target
    check_delta(eps, sigma * (1 + u))
    back = exact_epsilon(target, sigma * (1 + u))
    with mpmath.workdps(100):
        assert mp_delta(back, sigma * (1 + u)) <= target


@pytest.mark.parametrize(("eps", "s"), [(1e-4, 1e-6), (500, 1e-6), (1e5, 447.0), (1.0, 0.027126), (1e-4, 1.35),
                                        (20, 0.53762), (1e5, 1e-3), (3.0, 100.0)])
def test_the_chosen_precision_suffices_in_one_evaluation(eps, s):
    """The estimate is the point of the optimisation: the first evaluation already reaches the
    accuracy exact_delta needs (60 bits), also where erfc's arguments are large or cancel."""
    prec = profile.start_prec(eps, s, 60)
    enc = profile.delta_at(prec, eps, 1 / s, 1)
    assert enc.rel_accuracy_bits() >= 60 or enc <= profile._SMALLEST_SUBNORMAL
    assert prec <= 256
