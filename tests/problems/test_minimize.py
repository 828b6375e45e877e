"""Exact and certified minimisers: closed forms against independent solves, the secular equation against
KKT conditions and a brute-force projected gradient run in mpmath, logistic Newton against scipy."""
from __future__ import annotations

import mpmath
import numpy as np
import pytest
import scipy.optimize

from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workdps
from certunlearn.problems import (
    Ball, Box, Linear, LogisticL2, Quadratic, Ridge, Whole, certified_radius, make_dataset, minimize,
)

TOL40 = mpmath.mpf(10) ** -40


@pytest.fixture(autouse=True)
def _precision():
    with workdps(50):
        yield


def _ridge_data(n=12, d=3, seed=0, on_sphere=False):
    loss = Ridge(F(1, 5), R=1, Y=1)
    ds = make_dataset(loss, np.random.default_rng(seed), n, d, on_sphere=on_sphere)
    return loss, ds


def test_ridge_closed_form_is_exact_and_matches_an_independent_solve():
    loss, ds = _ridge_data()
    X, y = ds.to_mode("fraction")
    res = minimize(loss, Whole(), X, y)
    assert res.exact and res.radius == 0 and la.mode_of(res.theta) == "fraction"
    assert all(g == 0 for g in loss.risk_grad(res.theta, X, y))  # ∇f(θ*) = 0 exactly
    # independent: least squares on the augmented system [X/√n; √λ I] θ = [y/√n; 0]
    n, d = ds.X.shape
    A = np.vstack([ds.X / np.sqrt(n), np.sqrt(0.2) * np.eye(d)])
    b = np.concatenate([ds.y / np.sqrt(n), np.zeros(d)])
    lsq = np.linalg.lstsq(A, b, rcond=None)[0]
    assert np.max(np.abs(np.asarray(res.theta, dtype=float) - lsq)) < 1e-13
    # float data give the same point, rounded, with a rigorous radius
    rf = minimize(loss, Whole(), ds.X, ds.y)
    assert la.mode_of(rf.theta) == "float" and rf.radius < 1e-15
    assert np.max(np.abs(rf.theta - np.asarray(res.theta, dtype=float))) <= rf.radius


def test_ball_constrained_ridge_satisfies_kkt_to_1e_40():
    loss, ds = _ridge_data(seed=1, on_sphere=True)
    X, y = ds.to_mode("fraction")
    r = F(1, 10)
    res = minimize(loss, Ball(r), X, y, dps=60)
    assert "secular" in res.method and la.mode_of(res.theta) == "mpmath"
    assert res.radius <= 1e-45
    assert Ball(r).contains(res.theta)
    mu = res.multiplier
    assert mu > 0
    with workdps(60):
        g = loss.risk_grad(res.theta, X, y)
        assert la.norm(g + mu * res.theta) <= TOL40  # stationarity ∇f + μθ = 0
        assert abs(la.norm(res.theta) - la.asarray(r, "mpmath")[()]) <= TOL40  # active constraint


def test_secular_radius_bounds_the_distance_to_a_100_digit_solution():
    loss, ds = _ridge_data(seed=5, on_sphere=True)
    X, y = ds.to_mode("fraction")
    lo = minimize(loss, Ball(F(1, 9)), X, y, dps=20)
    hi = minimize(loss, Ball(F(1, 9)), X, y, dps=100)
    assert 0 < lo.radius <= 1e-18 and hi.radius <= 1e-95
    with workdps(110):
        dist = la.norm(la.asarray(lo.theta, "mpmath") - la.asarray(hi.theta, "mpmath"))
        assert dist > 0 and dist <= lo.radius + hi.radius


def test_secular_solution_agrees_with_projected_gradient_in_mpmath():
    loss, ds = _ridge_data(seed=2)
    X, y = ds.to_mode("fraction")
    domain = Ball(F(1, 8))
    res = minimize(loss, domain, X, y)
    with workdps(50):
        H, b = loss.quadratic_form(la.asarray(X, "mpmath"), la.asarray(y, "mpmath"))
        ev = la.eigvalsh(H)
        eta = 2 / (ev[0] + ev[-1])  # contraction (M − m)/(M + m) per step
        theta = la.zeros(3, "mpmath")
        for _ in range(400):
            theta = domain.project(theta - eta * (H @ theta - b))
        assert la.norm(theta - res.theta) <= mpmath.mpf(10) ** -35


def test_interior_ball_optimum_is_the_closed_form():
    loss, ds = _ridge_data(seed=3)
    X, y = ds.to_mode("fraction")
    a = minimize(loss, Ball(100), X, y)
    b = minimize(loss, Whole(), X, y)
    assert a.exact and list(a.theta) == list(b.theta)


def test_quadratic_on_a_box():
    rng = np.random.default_rng(4)
    diag = Quadratic([[2, 0, 0], [0, 1, 0], [0, 0, 5]], R=1)
    ds = make_dataset(diag, rng, 10, on_sphere=True)
    X, _ = ds.to_mode("fraction")
    box = Box([F(-1, 20)] * 3, [F(1, 20)] * 3)
    res = minimize(diag, box, X)
    mean = np.sum(X, axis=0) / 10
    assert res.exact and "clip" in res.method
    assert list(res.theta) == [min(max(m, F(-1, 20)), F(1, 20)) for m in mean]
    # non-diagonal A: exact active set; check the KKT conditions independently and exactly
    full = Quadratic([[2, 1, 0], [1, 2, F(1, 2)], [0, F(1, 2), 1]], R=1)
    res = minimize(full, box, X)
    assert res.exact and la.mode_of(res.theta) == "fraction"
    H, b = full.quadratic_form(X)
    g = H @ res.theta - b
    for t, gi, lo, hi in zip(res.theta, g, box.lo, box.hi):
        assert lo <= t <= hi
        if lo < t < hi:
            assert gi == 0
        elif t == lo:
            assert gi >= 0
        else:
            assert gi <= 0


def test_linear_loss_on_a_ball_without_regularisation():
    loss = Linear(R=1)
    X = np.array([[F(1, 2), F(1, 4)], [F(-1, 4), F(1, 2)]], dtype=object)
    res = minimize(loss, Ball(F(1, 3)), X)
    mean = la.asarray(np.sum(X, axis=0) / 2, "mpmath")
    want = -mean / la.norm(mean) / 3
    assert la.norm(res.theta - want) <= TOL40 and res.radius <= 1e-40
    with pytest.raises(InvalidParameterError):
        minimize(loss, Whole(), X)  # unbounded below


def _scipy_logistic(loss, X, y):
    lam = float(loss.lam)

    def f(t):
        m = y * (X @ t)
        return np.mean(np.logaddexp(0, -m)) + lam * t @ t / 2

    def g(t):
        m = y * (X @ t)
        s = 0.5 * (1 - np.tanh(m / 2))  # σ(−m)
        return -(X * (y * s)[:, None]).mean(axis=0) + lam * t

    return scipy.optimize.minimize(f, np.zeros(X.shape[1]), jac=g, method="L-BFGS-B",
                                   options={"gtol": 1e-14, "ftol": 1e-16, "maxiter": 1000}).x


def test_logistic_newton_is_certified_and_agrees_with_scipy():
    loss = LogisticL2(F(1, 20), R=1)
    ds = make_dataset(loss, np.random.default_rng(5), 40, 3)
    X, y = ds.to_mode("fraction")
    res = minimize(loss, Whole(), X, y)
    assert la.mode_of(res.theta) == "mpmath"
    assert res.radius <= 1e-30 and res.residual <= 1e-30
    with workdps(50):
        assert la.norm(loss.risk_grad(res.theta, X, y)) <= mpmath.mpf(10) ** -45
    sp = _scipy_logistic(loss, ds.X, ds.y)
    assert np.max(np.abs(sp - np.asarray(res.theta, dtype=float))) < 1e-8
    # float mode: the same point, certified to about machine precision
    rf = minimize(loss, Whole(), ds.X, ds.y)
    assert la.mode_of(rf.theta) == "float" and rf.radius < 1e-14
    assert np.max(np.abs(rf.theta - np.asarray(res.theta, dtype=float))) <= rf.radius + 1e-30


def test_logistic_on_a_ball_with_the_constraint_active():
    loss = LogisticL2(F(1, 20), R=1)
    ds = make_dataset(loss, np.random.default_rng(6), 40, 3)
    X, y = ds.to_mode("fraction")
    free = minimize(loss, Whole(), X, y)
    r = la.to_mode(la.norm(free.theta), "fraction")[()] / 2  # the constraint must be active
    res = minimize(loss, Ball(r), X, y)
    assert res.radius <= 1e-30 and Ball(r).contains(res.theta)
    with workdps(50):
        g = loss.risk_grad(res.theta, X, y)
        assert res.multiplier > 0
        assert la.norm(g + res.multiplier * res.theta) <= mpmath.mpf(10) ** -40
    # a box too
    box = Box([F(-1, 10)] * 3, [F(1, 10)] * 3)
    rb = minimize(loss, box, X, y)
    assert rb.radius <= 1e-30 and box.contains(rb.theta)


def test_float_and_mpmath_modes_agree():
    loss, ds = _ridge_data(seed=7)
    for domain in (Ball(F(1, 10)), Box([F(-1, 20)] * 3, [F(1, 20)] * 3)):
        a = minimize(loss, domain, ds.X, ds.y)
        b = minimize(loss, domain, *ds.to_mode("mpmath"))
        assert la.mode_of(a.theta) == "float"
        assert np.max(np.abs(a.theta - np.asarray(b.theta, dtype=float))) < 1e-10
    lg = LogisticL2(F(1, 10), R=1)
    dl = make_dataset(lg, np.random.default_rng(8), 20, 2)
    a = minimize(lg, Ball(F(1, 5)), dl.X, dl.y)
    b = minimize(lg, Ball(F(1, 5)), *dl.to_mode("mpmath"))
    assert np.max(np.abs(a.theta - np.asarray(b.theta, dtype=float))) < 1e-10


def test_certified_radius_is_a_valid_bound():
    loss = LogisticL2(F(1, 10), R=1)
    ds = make_dataset(loss, np.random.default_rng(9), 30, 2)
    X, y = ds.to_mode("fraction")
    domain = Ball(F(1, 4))
    star = minimize(loss, domain, X, y)
    rng = np.random.default_rng(0)
    for scale in (1e-3, 1e-8):
        theta = domain.project(np.asarray(star.theta, dtype=float) + scale * rng.normal(size=2))
        dist = float(la.norm(la.asarray(theta, "mpmath") - star.theta))
        rad = certified_radius(loss, domain, X, y, theta)
        assert dist - star.radius <= rad <= 1e4 * max(dist, 1e-16)


def test_minimize_refuses_bad_data():
    loss = Ridge(F(1, 10), R=1, Y=1)
    with pytest.raises(AssumptionViolatedError, match="‖x‖ ≤ R"):
        minimize(loss, Whole(), np.array([[1.0, 2.0**-40]]), np.array([0.5]))
    with pytest.raises(InvalidParameterError):
        minimize(Ridge(0, 1, 1), Whole(), np.array([[0.5, 0.5]]), np.array([0.5]))  # singular, λ = 0
