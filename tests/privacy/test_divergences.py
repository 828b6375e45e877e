"""Divergences between Gaussians against closed forms and mpmath quadrature."""
from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flint import arb

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.privacy import (
    exact_delta,
    hockey_stick,
    kl_divergence,
    renyi_divergence,
    renyi_enclosure,
    tv_distance,
)
from certunlearn.privacy import divergences as divergences_module

mp = mpmath.mp


def mp_pdf(x, m, v):
    return mp.npdf(x, m, mp.sqrt(v))


# ------------------------------------------------------------------ Rényi and KL


@settings(max_examples=30, deadline=None)
@given(st.floats(1.01, 50), st.floats(0.01, 10), st.floats(0.1, 10), st.integers(1, 4))
def test_renyi_isotropic_equal_covariance_is_alpha_delta2_over_2sigma2(alpha, shift, sigma, d):
    m1 = [shift] + [0.0] * (d - 1)
    cov = (sigma**2 * np.eye(d)).tolist()
    got = renyi_divergence(alpha, [0.0] * d, cov, m1, cov)
    assert got == pytest.approx(alpha * shift**2 / (2 * sigma**2), rel=1e-14)


def test_renyi_enclosure_is_a_ball_around_the_closed_form():
    with workprec(128):
        enc = renyi_enclosure(Fraction(3, 2), [0], [[Fraction(1, 3)]], [1], [[Fraction(1, 3)]])
    truth = mpmath.mpf(3) / 2 * 3 / 2  # α Δ² / (2σ²) with σ² = 1/3
    assert enc.contains(arb(mpmath.nstr(truth, 40)))
    assert enc.rel_accuracy_bits() >= 110


def test_kl_is_the_limit_of_renyi_at_alpha_one():
    args = ([0.3, -1.0], [[2.0, 0.5], [0.5, 1.0]], [1.0, 0.0], [[1.0, -0.2], [-0.2, 3.0]])
    kl = kl_divergence(*args)
    assert renyi_divergence(1, *args) == kl
    for h in (1e-6, 1e-9):
        assert abs(renyi_divergence(1 + h, *args) - kl) <= 5 * h * kl
        assert abs(renyi_divergence(1 - h, *args) - kl) <= 5 * h * kl
    # and KL itself against its closed form in float
    m0, s0, m1, s1 = (np.asarray(a) for a in args)
    inv = np.linalg.inv(s1)
    closed = 0.5 * (np.trace(inv @ s0) + (m1 - m0) @ inv @ (m1 - m0) - 2 + np.log(np.linalg.det(s1) / np.linalg.det(s0)))
    assert kl == pytest.approx(closed, rel=1e-13)


@pytest.mark.parametrize(("alpha", "m0", "v0", "m1", "v1"), [(2, 0, 1, 1, 1.5), (3.5, 0.2, 2, -1, 1.6),
                                                             (0.5, 0, 1, 2, 4), (1.5, 0, 0.5, 0.3, 0.4)])
def test_renyi_1d_unequal_variances_against_numerical_integral(alpha, m0, v0, m1, v1):
    with mpmath.workdps(40):
        a = mp.mpf(alpha)
        integral = mp.quad(lambda x: mp_pdf(x, m0, v0) ** a * mp_pdf(x, m1, v1) ** (1 - a), [-mp.inf, -10, 0, 10, mp.inf])
        truth = mp.log(integral) / (a - 1)
    assert renyi_divergence(alpha, m0, v0, m1, v1) == pytest.approx(float(truth), rel=1e-13)


def test_renyi_is_infinite_when_sigma_alpha_is_not_positive_definite():
    # αΣ1 + (1−α)Σ0 = 2·0.4 − 1 < 0 in 1D, and exactly singular at α = 2 with Σ1 = Σ0/2.
    assert renyi_divergence(2, 0, 1, 0, 0.4) == math.inf
    assert renyi_divergence(2, 0, 1, 1, Fraction(1, 2)) == math.inf
    assert renyi_divergence(2, 0, 1, 1, Fraction(1, 2) + Fraction(1, 10**30)) < math.inf
    cov0 = [[1, 0], [0, 1]]
    cov1 = [[1, 0], [0, Fraction(1, 3)]]  # second direction: 3·(1/3) − 2 = −1
    assert renyi_divergence(3, [0, 0], cov0, [0, 0], cov1) == math.inf
    assert renyi_divergence(1.4, [0, 0], cov0, [0, 0], cov1) < math.inf


# ------------------------------------------------------------------ hockey stick and TV


@settings(max_examples=20, deadline=None)
@given(st.floats(0, 20), st.floats(0.05, 5))
def test_hockey_stick_equal_covariance_matches_balle_wang(eps, shift):
    cov = [[2.0, 0.3], [0.3, 1.0]]
    m1 = [shift, -shift / 2]
    s = math.sqrt(np.asarray(m1) @ np.linalg.solve(cov, m1))
    got = hockey_stick(eps, [0, 0], cov, m1, cov)
    assert got == pytest.approx(exact_delta(eps, 1 / s), rel=1e-12, abs=1e-300)


def test_tv_equal_covariance_is_erf():
    for shift in (1e-8, 0.3, 2.0, 9.0):
        assert tv_distance([0], [[4]], [shift], [[4]]) == pytest.approx(math.erf(shift / 2 / (2 * math.sqrt(2))), rel=1e-14)
    assert tv_distance([1, 2], np.eye(2), [1, 2], np.eye(2)) == 0.0
    assert hockey_stick(-1.0, [1, 2], np.eye(2), [1, 2], np.eye(2)) == pytest.approx(1 - math.exp(-1), rel=1e-15)


def mp_hockey_1d(eps, m0, v0, m1, v1):
    """∫ max(p − e^ε q, 0) by mpmath.quad, split at the roots of p = e^ε q."""
    with mpmath.workdps(40):
        eps = mp.mpf(eps)
        g = lambda x: mp.log(mp_pdf(x, m0, v0)) - mp.log(mp_pdf(x, m1, v1)) - eps  # noqa: E731
        grid = [mp.mpf(k) / 8 for k in range(-400, 401)]
        roots = [mp.findroot(g, (u, w), solver="anderson") for u, w in zip(grid, grid[1:]) if g(u) * g(w) < 0]
        f = lambda x: max(mp_pdf(x, m0, v0) - mp.exp(eps) * mp_pdf(x, m1, v1), 0)  # noqa: E731
        return mp.quad(f, [-mp.inf, *roots, mp.inf])


@pytest.mark.parametrize(("eps", "m0", "v0", "m1", "v1"), [(0.5, 0, 1, 1, 2), (0.5, 0, 2, 1, 1), (0, 0, 1, 0, 4),
                                                           (2.0, 0, 1, 3, 1.5), (0.1, 1, 0.3, 0.5, 0.31)])
def test_hockey_stick_unequal_variances_1d_against_quadrature(eps, m0, v0, m1, v1):
    truth = mp_hockey_1d(eps, m0, v0, m1, v1)
    assert hockey_stick(eps, m0, v0, m1, v1) == pytest.approx(float(truth), rel=1e-13)


def test_hockey_stick_1d_handles_an_empty_privacy_loss_set():
    """With Σ1 > Σ0 the privacy loss is bounded above (here by ½ ln 1.1 ≈ 0.0477): beyond it
    {L > ε} is empty and E_ε = 0 exactly (not a negative rounding)."""
    assert hockey_stick(0.05, 0, 1, 0, 1.1) == 0.0
    assert hockey_stick(0.04, 0, 1, 0, 1.1) > 0
    assert tv_distance(0, 1, 0, 1.0000001) > 0


def gil_pelaez_1d(eps, m0, v0, m1, v1):
    g = divergences_module._Gaussians(m0, v0, m1, v1)
    return divergences_module._hockey_gil_pelaez(eps, g)


def test_gil_pelaez_agrees_with_the_exact_1d_formula():
    for args in [(0.5, 0, 1, 1, 2), (3.0, 0, 1, 3, 1.5)]:
        assert gil_pelaez_1d(*args) == pytest.approx(hockey_stick(*args), rel=1e-13)


def conditional_2d_oracle(eps, m0, cov0, m1, cov1):
    """Diagonal covariances: integrate the closed-form 1-D conditional probability of
    {L > ε} in x1 over x2 (mpmath.quad) — independent of the characteristic-function route."""
    with mpmath.workdps(30):
        eps = mp.mpf(eps)
        (a0, b0), (a1, b1) = (float(x) for x in np.diag(cov0)), (float(x) for x in np.diag(cov1))

        def cond_mass(x2, which):
            # L(x1, x2) = q(x1) + r(x2); {L > ε} ∩ line x2: A x1² + B x1 + C > 0
            A = 1 / (2 * mp.mpf(a1)) - 1 / (2 * mp.mpf(a0))
            B = mp.mpf(m0[0]) / a0 - mp.mpf(m1[0]) / a1
            r = (-(x2 - m0[1]) ** 2 / (2 * mp.mpf(b0)) + (x2 - m1[1]) ** 2 / (2 * mp.mpf(b1))
                 + mp.log(mp.mpf(a1) * b1 / (mp.mpf(a0) * b0)) / 2)
            C = mp.mpf(m1[0]) ** 2 / (2 * a1) - mp.mpf(m0[0]) ** 2 / (2 * a0) + r - eps
            mean, var = (m0[0], a0) if which == 0 else (m1[0], a1)
            disc = B * B - 4 * A * C
            cdf = lambda x: mp.ncdf(x, mean, mp.sqrt(var))  # noqa: E731
            if disc <= 0:
                return mp.one if A > 0 else mp.zero
            r1, r2 = sorted([(-B - mp.sqrt(disc)) / (2 * A), (-B + mp.sqrt(disc)) / (2 * A)])
            return cdf(r1) + 1 - cdf(r2) if A > 0 else cdf(r2) - cdf(r1)

        # Split the x2 integrals where the discriminant vanishes (square-root kinks of cond_mass).
        def disc(x2):
            A = 1 / (2 * mp.mpf(a1)) - 1 / (2 * mp.mpf(a0))
            B = mp.mpf(m0[0]) / a0 - mp.mpf(m1[0]) / a1
            r = (-(x2 - m0[1]) ** 2 / (2 * mp.mpf(b0)) + (x2 - m1[1]) ** 2 / (2 * mp.mpf(b1))
                 + mp.log(mp.mpf(a1) * b1 / (mp.mpf(a0) * b0)) / 2)
            return B * B - 4 * A * (mp.mpf(m1[0]) ** 2 / (2 * a1) - mp.mpf(m0[0]) ** 2 / (2 * a0) + r - eps)

        grid = [mp.mpf(k) / 8 for k in range(-240, 241)]
        kinks = [mp.findroot(disc, (u, w), solver="anderson") for u, w in zip(grid, grid[1:]) if disc(u) * disc(w) < 0]
        points = [-mp.inf, *sorted(kinks + [mp.mpf(-5), mp.mpf(0), mp.mpf(5)]), mp.inf]
        p = mp.quad(lambda x: cond_mass(x, 0) * mp_pdf(x, m0[1], b0), points)
        q = mp.quad(lambda x: cond_mass(x, 1) * mp_pdf(x, m1[1], b1), points)
        return p - mp.exp(eps) * q


@pytest.mark.parametrize(("eps", "m0", "cov0", "m1", "cov1"), [
    (0.3, [0, 0], [[1, 0], [0, 2]], [1, 0.5], [[2, 0], [0, 1]]),
    (1.0, [0, 0], [[1, 0], [0, 1]], [0.5, 2.0], [[1.5, 0], [0, 1]]),  # 2nd coordinate: equal variances
    pytest.param(7.0, [0, 0], [[1, 0], [0, 0.7]], [2, 0.5], [[1.3, 0], [0, 1]],  # E ≈ 1e-8: precision is raised
                 marks=pytest.mark.slow),
])
def test_hockey_stick_2d_gil_pelaez_against_conditional_quadrature(eps, m0, cov0, m1, cov1):
    truth = conditional_2d_oracle(eps, m0, cov0, m1, cov1)
    assert hockey_stick(eps, m0, cov0, m1, cov1) == pytest.approx(float(truth), rel=1e-12)


def test_hockey_stick_2d_is_zero_beyond_the_largest_privacy_loss():
    """Both variances grow from P to Q, so L ≤ sup L ≈ 7.39 and E_ε = 0 for ε = 7.5."""
    args = ([0, 0], [[1, 0], [0, 0.7]], [2, 0.5], [[1.3, 0], [0, 1]])
    assert hockey_stick(7.5, *args) == 0.0
    assert float(conditional_2d_oracle(7.5, *args)) == 0.0


def test_hockey_stick_2d_is_rotation_invariant():
    """A rotated pair (non-diagonal covariances) has the same hockey stick as the diagonal one."""
    c, s = math.cos(0.7), math.sin(0.7)
    rot = np.array([[c, -s], [s, c]])
    m1, cov0, cov1 = np.array([1, 0.5]), np.diag([1.0, 2.0]), np.diag([2.0, 1.0])
    rotated = hockey_stick(0.3, [0, 0], rot @ cov0 @ rot.T, rot @ m1, rot @ cov1 @ rot.T)
    assert rotated == pytest.approx(hockey_stick(0.3, [0, 0], cov0, m1, cov1), rel=1e-12)


# ------------------------------------------------------------------ validation


@pytest.mark.parametrize(("call", "parameter"), [
    (lambda: renyi_divergence(0, 0, 1, 1, 1), "alpha"),
    (lambda: renyi_divergence(math.nan, 0, 1, 1, 1), "alpha"),
    (lambda: renyi_divergence(2, 0, 0, 1, 1), "cov0"),
    (lambda: renyi_divergence(2, 0, 1, 1, -1), "cov1"),
    (lambda: kl_divergence([0, 0], [[1, 2], [2, 1]], [0, 0], np.eye(2)), "cov0"),
    (lambda: kl_divergence([0, 0], [[1, 0.1], [0, 1]], [0, 0], np.eye(2)), "cov0"),
    (lambda: kl_divergence([0, 0], np.eye(2), [0, 0, 0], np.eye(3)), "m1"),
    (lambda: kl_divergence([0, 0], np.eye(2), [0, 0], np.eye(3)), "cov1"),
    (lambda: kl_divergence([0, math.nan], np.eye(2), [0, 0], np.eye(2)), "m0"),
    (lambda: tv_distance([[0, 1]], np.eye(2), [0, 0], np.eye(2)), "m0"),
    (lambda: hockey_stick(math.nan, 0, 1, 1, 1), "epsilon"),
])
def test_invalid_input_names_the_parameter(call, parameter):
    with pytest.raises(InvalidParameterError) as info:
        call()
    assert info.value.parameter == parameter
