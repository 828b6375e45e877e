"""The exact Gaussian privacy profile against a 100-digit mpmath oracle, and its properties."""
from __future__ import annotations

import math
import sys

import mpmath
import pytest
from flint import arb
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.enclosure import Decision, decide
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.privacy import delta_enclosure, exact_delta, exact_epsilon

EPSILONS = ["1e-4", "0.01", "0.5", "1", "3", "20", "100", "500"]
SHIFTS = ["1e-6", "1e-3", "0.05", "0.5", "1", "4", "30", "100"]
#: (ε, s) with δ(ε) near 1e-300 and 1e-310 (subnormal), where float formulas break down.
NEAR_UNDERFLOW = [("1e-4", "2.7321e-6"), ("1e-4", "2.6864e-6"), ("1", "0.027126"), ("1", "0.026678"),
                  ("20", "0.53762"), ("500", "11.6703"), ("500", "11.5243")]


def oracle(epsilon, s) -> mpmath.mpf:
    """δ(ε) = ½erfc(a/√2) − ½e^ε erfc(b/√2) at 100 digits (Balle & Wang 2018, Theorem 8)."""
    with mpmath.workdps(100):
        eps, s = mpmath.mpf(epsilon), mpmath.mpf(s)
        a, b = eps / s - s / 2, eps / s + s / 2
        r2 = mpmath.sqrt(2)
        return +((mpmath.erfc(a / r2) - mpmath.exp(eps) * mpmath.erfc(b / r2)) / 2)


def oracle_ball(x: mpmath.mpf) -> arb:
    """The oracle's 100-digit decimal as a ball (a decimal string: to_arb(mpf) goes through a
    Fraction, which cannot hold exponents like 1e-50000000000000000)."""
    with workprec(400):
        return arb(mpmath.nstr(x, 100, strip_zeros=False))


@pytest.mark.parametrize(("epsilon", "s"), [(e, s) for e in EPSILONS for s in SHIFTS] + NEAR_UNDERFLOW)
def test_enclosure_contains_the_oracle_and_is_tight(epsilon, s):
    truth = oracle(epsilon, s)
    assert truth > 0
    # σ = 1/s given exactly as a Fraction, so the enclosure and the oracle see the same s.
    sigma = 1 / Fraction(s)
    with workprec(256):
        enc = delta_enclosure(epsilon, sigma)
    assert enc.contains(oracle_ball(truth))
    # At most ~110 bits are lost (cancellation a/s ≤ 2^49, erfc's sensitivity 2a² ≤ 2^59).
    assert enc.rel_accuracy_bits() >= 140


def test_the_grid_reaches_tiny_deltas():
    """The oracle grid covers δ below 1e-300 (and far below the float range)."""
    smallest = min(oracle(e, s) for e in EPSILONS for s in SHIFTS)
    assert smallest < mpmath.mpf("1e-100000")
    assert all(mpmath.mpf("1e-312") < oracle(e, s) < mpmath.mpf("1e-299") for e, s in NEAR_UNDERFLOW)


@pytest.mark.parametrize(("epsilon", "s"), [("0.5", "0.2"), ("0", "1"), ("2", "1"), ("500", "31.6"),
                                            ("1e-4", "1.35"), *NEAR_UNDERFLOW[::2]])
def test_exact_delta_is_rounded_up_and_accurate(epsilon, s):
    truth = oracle(epsilon, s)
    got = mpmath.mpf(exact_delta(Fraction(epsilon), 1 / Fraction(s)))
    assert got >= truth
    if truth > mpmath.mpf(sys.float_info.min):
        assert got <= truth * (1 + mpmath.mpf("1e-14"))
    else:  # subnormal: one unit in the last place is 2^-1074
        assert got - truth <= mpmath.mpf(2) ** -1074


def test_exact_delta_below_the_float_range_rounds_up_to_the_smallest_subnormal():
    assert oracle(500, 1) < mpmath.mpf("1e-50000")
    assert exact_delta(500, 1) == 5e-324


def test_exact_delta_at_epsilon_zero_is_total_variation():
    s = 0.8
    assert exact_delta(0, 1 / s) == pytest.approx(math.erf(s / (2 * math.sqrt(2))), rel=1e-14)


log_eps = st.floats(min_value=-4, max_value=math.log10(500))
log_sigma = st.floats(min_value=-1.5, max_value=5)


@settings(max_examples=40, deadline=None)
@given(log_eps, log_sigma, st.floats(min_value=1e-3, max_value=1.0))
def test_delta_decreases_in_epsilon(le, ls, bump):
    eps, sigma = 10**le, 10**ls
    comparison = decide(lambda: delta_enclosure(eps * (1 + bump), sigma), "<", lambda: delta_enclosure(eps, sigma))
    assert comparison.decision == Decision.TRUE


@settings(max_examples=40, deadline=None)
@given(log_eps, log_sigma, st.floats(min_value=1e-3, max_value=1.0))
def test_delta_decreases_in_sigma(le, ls, bump):
    eps, sigma = 10**le, 10**ls
    comparison = decide(lambda: delta_enclosure(eps, sigma * (1 + bump)), "<", lambda: delta_enclosure(eps, sigma))
    assert comparison.decision == Decision.TRUE


def oracle_slope(epsilon, s) -> mpmath.mpf:
    """|∂ ln δ/∂ε| = e^ε Φ(−b)/δ at 30 digits."""
    with mpmath.workdps(30):
        eps, s = mpmath.mpf(epsilon), mpmath.mpf(s)
        b = eps / s + s / 2
        return mpmath.exp(eps) * mpmath.erfc(b / mpmath.sqrt(2)) / 2 / oracle(eps, s)


@settings(max_examples=60, deadline=None)
@given(log_eps, log_sigma)
def test_exact_epsilon_inverts_exact_delta(le, ls):
    eps, sigma = 10**le, 10**ls
    delta = exact_delta(eps, sigma)
    assume(1e-300 < delta < 1)  # not subnormal (its rounding loses ε), not rounded up to 1
    back = exact_epsilon(delta, sigma)
    assert decide(lambda: delta_enclosure(back, sigma), "<=", delta).decision == Decision.TRUE
    assert back <= eps * (1 + 1e-14)  # ε is feasible for the rounded-up δ, and back is the smallest
    # Rounding δ up by ≤ 2^-52 relative moves the exact answer down by ≤ 2^-52/|∂ ln δ/∂ε|.
    assert eps - back <= 1e-13 * eps + float(mpmath.mpf(2) ** -51 / oracle_slope(eps, 1 / sigma))


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=-300, max_value=math.log10(0.5)), log_sigma)
def test_exact_epsilon_is_safe_and_smallest(ld, ls):
    delta, sigma = 10**ld, 10**ls
    eps = exact_epsilon(delta, sigma)
    assert exact_delta(eps, sigma) <= delta  # δ(ε) ≤ target, and rounding up a value ≤ a float stays ≤ it
    if eps > 0:
        below = eps * (1 - 1e-14)
        assert decide(lambda: delta_enclosure(below, sigma), ">", delta).decision == Decision.TRUE


def test_exact_epsilon_is_zero_when_delta_at_zero_suffices():
    sigma = 10.0
    assert exact_epsilon(exact_delta(0, sigma), sigma) == 0.0
    assert exact_epsilon(exact_delta(0, sigma) * 0.999, sigma) > 0.0


def test_sensitivity_enters_through_the_ratio():
    assert exact_delta(1, 4, sensitivity=2) == exact_delta(1, 2)
    assert exact_epsilon(1e-6, 6, sensitivity=3) == exact_epsilon(1e-6, 2)


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: exact_delta(-0.1, 1), "epsilon"),
        (lambda: exact_delta(float("nan"), 1), "epsilon"),
        (lambda: exact_delta(math.inf, 1), "epsilon"),
        (lambda: exact_delta(1, 0), "sigma"),
        (lambda: exact_delta(1, -2), "sigma"),
        (lambda: exact_delta(1, float("nan")), "sigma"),
        (lambda: exact_delta(1, 1, sensitivity=0), "sensitivity"),
        (lambda: delta_enclosure("nan", 1), "epsilon"),
        (lambda: delta_enclosure(1, arb("0 +/- 1")), "sigma"),
        (lambda: exact_epsilon(0, 1), "delta"),
        (lambda: exact_epsilon(1, 1), "delta"),
        (lambda: exact_epsilon(float("nan"), 1), "delta"),
        (lambda: exact_epsilon(1e-5, math.inf), "sigma"),
        (lambda: exact_epsilon(1e-5, True), "sigma"),
    ],
)
def test_invalid_input_names_the_parameter(call, parameter):
    with pytest.raises(InvalidParameterError) as info:
        call()
    assert info.value.parameter == parameter


def test_sensitivity_zero_means_identical_laws_and_delta_zero():
    from flint import arb

    from certunlearn.privacy import delta_enclosure

    for zero in (0, "0", 0.0, arb(0)):
        assert delta_enclosure(1, 1, zero) == 0
    with pytest.raises(InvalidParameterError):
        delta_enclosure(1, 1, -1)
