"""RDP → (ε, δ) conversions and the Gaussian RDP curve."""
from __future__ import annotations

import math

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction
from certunlearn.privacy import (
    exact_epsilon,
    gaussian_rdp,
    rdp_curve_to_epsilon,
    rdp_to_dp_delta,
    rdp_to_dp_epsilon,
    renyi_divergence,
)

ULP = mpmath.mpf(2) ** -51  # two units in the last place, relative
ORDERS = [1 + k / 10 for k in range(1, 100)] + list(range(11, 64)) + [128, 256, 512, 1024]


def mp_epsilon(method, alpha, rdp, delta):
    with mpmath.workdps(50):
        a, r, d = (mpmath.mpf(x) for x in (alpha, rdp, delta))
        if method == "mironov":
            return r + mpmath.log(1 / d) / (a - 1)
        return r + mpmath.log((a - 1) / a) - (mpmath.log(d) + mpmath.log(a)) / (a - 1)


@settings(max_examples=40, deadline=None)
@given(st.floats(1.01, 1000), st.floats(1e-6, 50), st.floats(-300, -0.5), st.sampled_from(["mironov", "improved"]))
def test_epsilon_is_the_formula_rounded_up(alpha, rdp, log_delta, method):
    delta = 10**log_delta
    truth = mp_epsilon(method, alpha, rdp, delta)
    got = rdp_to_dp_epsilon(alpha, rdp, delta, method=method)
    if truth <= 0:
        assert got == 0.0
    else:
        assert truth <= got <= truth * (1 + ULP)


@settings(max_examples=40, deadline=None)
@given(st.floats(1.01, 1000), st.floats(1e-6, 50), st.floats(-300, -0.5))
def test_improved_is_never_worse_than_mironov_and_delta_inverts_epsilon(alpha, rdp, log_delta):
    delta = 10**log_delta
    improved = rdp_to_dp_epsilon(alpha, rdp, delta)
    assert improved <= rdp_to_dp_epsilon(alpha, rdp, delta, method="mironov")
    if improved > 0:
        back = rdp_to_dp_delta(alpha, rdp, improved)
        assert back <= delta  # ε was rounded up, so the δ it implies is at most the target
        assert back >= delta * (1 - 1e-12 * alpha * max(1.0, improved))


def test_delta_formula_matches_canonne_kamath_steinke():
    """δ = exp((α−1)(τ−ε)) (1 − 1/α)^α / (α−1), Proposition 12, at 50 digits."""
    alpha, rdp, eps = 8, 0.4, 2.0
    with mpmath.workdps(50):
        a, r, e = mpmath.mpf(alpha), mpmath.mpf(rdp), mpmath.mpf(eps)
        truth = mpmath.exp((a - 1) * (r - e)) * (1 - 1 / a) ** a / (a - 1)
    got = rdp_to_dp_delta(alpha, rdp, eps)
    assert truth <= got <= truth * (1 + ULP)
    assert rdp_to_dp_delta(alpha, rdp, 0.0, method="mironov") == 1.0  # capped at 1


def test_gaussian_rdp_is_rounded_up_and_is_the_renyi_divergence():
    got = gaussian_rdp(2.5, 3.0, sensitivity=1)
    truth = Fraction(5, 2) / 18
    assert Fraction(got) >= truth
    assert Fraction(math.nextafter(got, 0)) < truth
    assert got == pytest.approx(renyi_divergence(2.5, 0, 9, 1, 9), rel=1e-15)
    assert gaussian_rdp(3, 2, sensitivity=4) == 6.0


@settings(max_examples=25, deadline=None)
@given(st.floats(-1, 3), st.floats(-300, -1))
def test_rdp_accounting_of_the_gaussian_is_sound(log_sigma, log_delta):
    """Converting the Gaussian's exact RDP curve never beats the exact ε (Balle & Wang)."""
    sigma, delta = 10**log_sigma, 10**log_delta
    eps = rdp_curve_to_epsilon(ORDERS, [gaussian_rdp(a, sigma) for a in ORDERS], delta)
    exact = exact_epsilon(delta, sigma)
    assert eps >= exact
    assert eps <= rdp_curve_to_epsilon(ORDERS, [gaussian_rdp(a, sigma) for a in ORDERS], delta, method="mironov")


def test_curve_takes_the_best_order():
    alphas, rdps = [2, 10, 100], [0.1, 0.5, 5.0]
    best = min(rdp_to_dp_epsilon(a, r, 1e-6) for a, r in zip(alphas, rdps))
    assert rdp_curve_to_epsilon(alphas, rdps, 1e-6) == best
    assert best == rdp_to_dp_epsilon(10, 0.5, 1e-6)


@pytest.mark.parametrize(("call", "parameter"), [
    (lambda: rdp_to_dp_epsilon(1, 0.1, 1e-5), "alpha"),
    (lambda: rdp_to_dp_epsilon(0.5, 0.1, 1e-5), "alpha"),
    (lambda: rdp_to_dp_epsilon(math.inf, 0.1, 1e-5), "alpha"),
    (lambda: rdp_to_dp_epsilon(2, -0.1, 1e-5), "rdp"),
    (lambda: rdp_to_dp_epsilon(2, math.nan, 1e-5), "rdp"),
    (lambda: rdp_to_dp_epsilon(2, 0.1, 0), "delta"),
    (lambda: rdp_to_dp_epsilon(2, 0.1, 1), "delta"),
    (lambda: rdp_to_dp_epsilon(2, 0.1, 1e-5, method="zcdp"), "method"),
    (lambda: rdp_to_dp_delta(2, 0.1, -1), "epsilon"),
    (lambda: rdp_to_dp_delta(2, 0.1, math.nan), "epsilon"),
    (lambda: rdp_curve_to_epsilon([], [], 1e-5), "alphas"),
    (lambda: rdp_curve_to_epsilon([2, 3], [0.1], 1e-5), "rdps"),
    (lambda: rdp_curve_to_epsilon([2], [0.1], 1e-5, method="x"), "method"),
    (lambda: gaussian_rdp(2, 0), "sigma"),
    (lambda: gaussian_rdp(0, 1), "alpha"),
    (lambda: gaussian_rdp(2, 1, sensitivity=-1), "sensitivity"),
])
def test_invalid_input_names_the_parameter(call, parameter):
    with pytest.raises(InvalidParameterError) as info:
        call()
    assert info.value.parameter == parameter
