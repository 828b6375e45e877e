"""The Laplace mechanism: closed forms against a 100-digit mpmath oracle of the hockey-stick divergence."""
from __future__ import annotations

import math

import mpmath
import pytest
from flint import arb

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.precision import workprec
from certunlearn.privacy.laplace import (LaplaceLoss, laplace_calibrate, laplace_delta, laplace_delta_enclosure,
                                         laplace_epsilon)


def oracle_delta(eps, b, d):
    """∫ (p − e^ε q)₊ for p = Lap(0, b), q = Lap(d, b), by mpmath quadrature at 100 digits (an independent route)."""
    with mpmath.workdps(100):
        eps, b, d = mpmath.mpf(eps), mpmath.mpf(b), mpmath.mpf(d)
        p = lambda x: mpmath.exp(-abs(x) / b) / (2 * b)
        q = lambda x: mpmath.exp(-abs(x - d) / b) / (2 * b)
        t = (d - eps * b) / 2  # p > e^ε q exactly for x < t (when 0 ≤ ε < d/b)
        if t <= 0 and eps * b >= d:
            return mpmath.mpf(0)
        return mpmath.quad(lambda x: p(x) - mpmath.exp(eps) * q(x), [-mpmath.inf, min(0, t), t])


@pytest.mark.parametrize("eps,b,d", [("0", "1", "1"), ("0.3", "0.5", "1"), ("1.9", "0.5", "1"), ("0.01", "3", "0.2"),
                                     ("5", "0.1", "1"), ("2", "0.5", "1")])
def test_profile_matches_quadrature(eps, b, d):
    ref = oracle_delta(eps, b, d)
    with workprec(200):
        ball = laplace_delta_enclosure(eps, b, d)
    with mpmath.workdps(100):
        assert abs(mpmath.mpf(ball.mid().str(60, radius=False)) - ref) <= mpmath.mpf(ball.rad().str(5, radius=False)) + mpmath.mpf("1e-50")
    assert abs(laplace_delta(eps, b, d) - float(ref)) <= 1e-12 * max(float(ref), 1e-300)
    assert laplace_delta(eps, b, d) >= float(ref)  # rounded up


def test_calibration_is_safe_and_tight():
    for eps, delta in [(1, 0), (0.1, 1e-5), (3, 0.2)]:
        b = laplace_calibrate(eps, delta)
        assert laplace_delta(eps, b) <= delta or delta == 0 and laplace_delta(eps, b) == 0
        assert laplace_delta(eps, b * (1 - 1e-9)) > delta  # no more than 1e-9 relative noise wasted


def test_epsilon_inverts_the_profile():
    eps = laplace_epsilon(0.1, 0.5, 1)
    assert eps == pytest.approx(2 + 2 * math.log(0.9), rel=1e-15)
    assert laplace_delta(eps, 0.5, 1) <= 0.1 + 1e-16
    assert laplace_epsilon(0, 0.5, 1) == 2.0


def test_loss_tails_agree_with_the_profile():
    loss = LaplaceLoss("0.5", 1)
    with workprec(128):
        for e in ("0", "0.7", "1.5"):
            p, q = loss.tails(arb(e))
            assert (p - arb(e).exp() * q).overlaps(laplace_delta_enclosure(e, "0.5", 1))


def test_bad_input():
    with pytest.raises(InvalidParameterError, match="scale"):
        laplace_delta(1, 0)
    with pytest.raises(InvalidParameterError, match="delta"):
        laplace_calibrate(1, 1)
