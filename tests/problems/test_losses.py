"""Loss families: derivatives against sympy (exact for rational losses, 100-digit mpmath for logistic),
exact refusal of data breaking an assumption, mode agreement, declared constants."""
from __future__ import annotations

import mpmath
import numpy as np
import pytest
import sympy

from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workdps
from certunlearn.problems import Ball, Box, Linear, LogisticL2, Quadratic, Ridge, Whole
from certunlearn.problems import losses as L

RATIONAL_LOSSES = [
    Quadratic([[2, F(1, 3)], [F(1, 3), F(1, 2)]], R=2),
    Ridge(lam=F(1, 7), R=F(3, 2), Y=2),
    Linear(R=1, lam=F(1, 5)),
]


def _rat(rng, shape, den=97):
    return np.asarray([F(int(v), den) for v in rng.integers(-den, den + 1, size=shape).ravel()],
                      dtype=object).reshape(shape)


def _sym(q: F) -> sympy.Rational:
    return sympy.Rational(q.numerator, q.denominator)


def _point(d, rng, labels):
    theta, x = _rat(rng, d), _rat(rng, d)
    y = F(int(rng.choice([-1, 1]))) if labels == "sign" else F(int(rng.integers(-50, 51)), 37)
    return theta, x, y


@pytest.mark.parametrize("loss", RATIONAL_LOSSES, ids=lambda l: type(l).__name__)
def test_rational_derivatives_equal_sympy_exactly(loss):
    rng = np.random.default_rng(3)
    d = loss.dim or 2
    expr, th, xs, yv = loss.expression(d)
    grad = [sympy.diff(expr, t) for t in th]
    hess = [[sympy.diff(expr, a, b) for b in th] for a in th]
    for _ in range(4):
        theta, x, y = _point(d, rng, "interval")
        env = {**{t: _sym(v) for t, v in zip(th, theta)}, **{s: _sym(v) for s, v in zip(xs, x)}, yv: _sym(y)}
        yy = y if loss.uses_labels else None
        value = loss.value(theta, x, yy)
        g = loss.grad(theta, x, yy)
        H = loss.hessian(theta, x, yy)
        assert la.mode_of(g) == "fraction" and la.mode_of(H) == "fraction"
        assert value == F(str(expr.subs(env)))
        assert list(g) == [F(str(e.subs(env))) for e in grad]
        assert [list(r) for r in H] == [[F(str(e.subs(env))) for e in row] for row in hess]
        # the directional third derivative is zero, exactly
        assert all(t == 0 for t in loss.third(theta, x, yy, _rat(rng, d)).flat)


def test_logistic_derivatives_against_sympy_at_100_digits():
    loss = LogisticL2(lam=F(1, 3), R=3)
    d = 3
    expr, th, xs, yv = loss.expression(d)
    grad = [sympy.diff(expr, t) for t in th]
    hess = [[sympy.diff(expr, a, b) for b in th] for a in th]
    rng = np.random.default_rng(5)
    tol = mpmath.mpf(10) ** -95
    for scale in (1, 40):  # moderate and large margins (|y⟨x,θ⟩| up to ~100)
        theta, x, y = _point(d, rng, "sign")
        theta = theta * scale
        v = _rat(rng, d)
        env = {**{t: _sym(a) for t, a in zip(th, theta)}, **{s: _sym(b) for s, b in zip(xs, x)}, yv: _sym(y)}
        with workdps(100):
            tm, xm, ym, vm = (la.asarray(a, "mpmath") for a in (theta, x, y, v))
            val = loss.value(tm, xm, ym)
            g = loss.grad(tm, xm, ym)
            H = loss.hessian(tm, xm, ym)
            T = loss.third(tm, xm, ym, vm)
            want_v = mpmath.mpf(sympy.N(expr.subs(env), 110))
            assert abs(val - want_v) <= tol * max(1, abs(want_v))
            for gi, e in zip(g, grad):
                w = mpmath.mpf(sympy.N(e.subs(env), 110))
                assert abs(gi - w) <= tol * max(1, abs(w))
            for i in range(d):
                for j in range(d):
                    w = mpmath.mpf(sympy.N(hess[i][j].subs(env), 110))
                    assert abs(H[i, j] - w) <= tol * max(1, abs(w))
            # third derivative contracted with v
            for i in range(d):
                for j in range(d):
                    e3 = sum(sympy.diff(expr, th[i], th[j], th[k]) * _sym(v[k]) for k in range(d))
                    w = mpmath.mpf(sympy.N(e3.subs(env), 110))
                    assert abs(T[i, j] - w) <= tol * max(mpmath.mpf(1), abs(w))


def test_logistic_is_stable_in_float_at_huge_margins():
    loss = LogisticL2(lam=0, R=1000)
    x = np.array([1000.0, 0.0])
    for t, y in ((1.0, 1.0), (-1.0, 1.0), (1.0, -1.0)):
        theta = np.array([t, 0.0])  # margin ±1000
        with np.errstate(over="raise", invalid="raise", divide="raise"):
            v = loss.value(theta, x, y)
            g = loss.grad(theta, x, y)
        with workdps(60):
            want = mpmath.log1p(mpmath.exp(-y * t * 1000))
        assert abs(v - float(want)) <= 1e-12 * max(1.0, float(want))
        assert np.all(np.isfinite(g))


def test_fraction_mode_stays_exact_and_logistic_promotes():
    theta, x = np.array([F(1, 3), F(-2, 5)], dtype=object), np.array([F(1, 2), F(1, 7)], dtype=object)
    assert la.mode_of(Ridge(F(1, 10), 1, 1).grad(theta, x, F(1, 3))) == "fraction"
    with workdps(30):
        assert la.mode_of(LogisticL2(F(1, 10), 1).grad(theta, x, F(1))) == "mpmath"


# --------------------------------------------------------------------------- modes agree
@pytest.mark.parametrize("loss", RATIONAL_LOSSES + [LogisticL2(lam=F(1, 4), R=2)], ids=lambda l: type(l).__name__)
def test_float_and_mpmath_modes_agree(loss):
    rng = np.random.default_rng(11)
    d = loss.dim or 3
    n = 6
    X = rng.uniform(-0.5, 0.5, size=(n, d))
    y = rng.choice([-1.0, 1.0], size=n)
    theta = rng.normal(size=d)
    yy = y if loss.uses_labels else None
    with workdps(50):
        Xm, ym, tm = la.asarray(X, "mpmath"), la.asarray(y, "mpmath"), la.asarray(theta, "mpmath")
        pairs = [
            (loss.risk(theta, X, yy), loss.risk(tm, Xm, ym if yy is not None else None)),
            (loss.risk_grad(theta, X, yy), loss.risk_grad(tm, Xm, ym if yy is not None else None)),
            (loss.risk_hessian(theta, X, yy), loss.risk_hessian(tm, Xm, ym if yy is not None else None)),
            (loss.grads(theta, X, yy), loss.grads(tm, Xm, ym if yy is not None else None)),
        ]
        for fl, mp in pairs:
            mp = np.asarray(mp, dtype=object)
            assert la.mode_of(mp) == "mpmath"
            diff = np.abs(np.asarray(fl, dtype=float) - mp.astype(float))
            assert np.all(diff <= 1e-10 * np.maximum(1.0, np.abs(mp.astype(float))))


def test_risk_is_the_mean_of_per_sample_losses_exactly():
    loss = Ridge(F(1, 3), 2, 2)
    rng = np.random.default_rng(2)
    X, y, theta = _rat(rng, (5, 2)), _rat(rng, 5), _rat(rng, 2)
    assert loss.risk(theta, X, y) == sum(loss.value(theta, X[i], y[i]) for i in range(5)) / 5
    g = loss.risk_grad(theta, X, y)
    assert list(g) == list(sum(loss.grad(theta, X[i], y[i]) for i in range(5)) / 5)
    H, b = loss.quadratic_form(X, y)
    assert [list(r) for r in H] == [list(r) for r in loss.risk_hessian(theta, X, y)]
    assert list(H @ theta - b) == list(g)


# --------------------------------------------------------------------------- refusing bad data
def _on_sphere(R: F) -> np.ndarray:
    return np.array([R * F(3, 5), R * F(4, 5)], dtype=object)  # ‖x‖ = R exactly


@pytest.mark.parametrize("loss", [Ridge(F(1, 10), F(7, 3), 1), LogisticL2(F(1, 10), F(7, 3)),
                                  Linear(F(7, 3)), Quadratic([[1, 0], [0, 2]], F(7, 3))],
                         ids=lambda l: type(l).__name__)
def test_check_data_refuses_a_point_just_outside_and_accepts_the_sphere(loss):
    R = loss.R
    x = _on_sphere(R)
    y = [F(1)]
    loss.check_data(np.array([x]), y)  # exactly on the sphere: accepted
    outside = x * (1 + F(1, 2**40))
    with pytest.raises(AssumptionViolatedError) as err:
        loss.check_data(np.array([outside]), y)
    assert err.value.assumption == "‖x‖ ≤ R"
    assert "‖x‖ ≤ R" in str(err.value)
    # the same decision on mpmath input (converted exactly, not rounded)
    with workdps(60):
        xm = la.asarray(np.array([outside]), "mpmath")
        assert la.to_mode(xm, "fraction")[0, 0] != x[0]
        with pytest.raises(AssumptionViolatedError):
            loss.check_data(xm, y)


def test_check_data_float_point_one_ulp_outside():
    loss = Ridge(0, 1, 1)
    x = np.array([1.0, 0.0])
    loss.check_data(x[None, :], [0.0])
    with pytest.raises(AssumptionViolatedError, match="‖x‖ ≤ R"):
        loss.check_data(np.array([[np.nextafter(1.0, 2.0), 0.0]]), [0.0])


def test_check_data_labels_and_finiteness():
    with pytest.raises(AssumptionViolatedError) as err:
        LogisticL2(0, 1).check_data([[0.1, 0.1]], [0.5])
    assert err.value.assumption == "y ∈ {−1, +1}"
    ridge = Ridge(0, 1, F(1, 3))
    ridge.check_data([[0.1, 0.1]], [F(1, 3)])
    with pytest.raises(AssumptionViolatedError) as err:
        ridge.check_data([[0.1, 0.1]], [F(1, 3) * (1 + F(1, 2**40))])
    assert err.value.assumption == "|y| ≤ Y"
    with pytest.raises(AssumptionViolatedError) as err:
        ridge.check_data([[float("nan"), 0.0]], [0.0])
    assert err.value.assumption == "finite data"
    with pytest.raises(InvalidParameterError):
        ridge.check_data([[0.1, 0.1]], [0.0, 0.0])  # label count mismatch


def test_invalid_parameters_are_refused():
    with pytest.raises(InvalidParameterError):
        Ridge(-1, 1, 1)
    with pytest.raises(InvalidParameterError):
        LogisticL2(0, 0)
    with pytest.raises(InvalidParameterError):
        Quadratic([[1, 2], [2, 1]], 1)  # indefinite
    with pytest.raises(InvalidParameterError):
        Quadratic([[1, 1], [0, 1]], 1)  # not symmetric


# --------------------------------------------------------------------------- declared constants
def test_declared_constants_of_ridge_on_a_ball():
    c = Ridge(F(1, 10), R=2, Y=3).constants(Ball(5))
    assert c.value("L") == 2 * (2 * 5 + 3) + sympy.Rational(1, 10) * 5
    assert c.value("M") == 4 + sympy.Rational(1, 10)
    assert c.value("m") == sympy.Rational(1, 10)
    assert c.value("G") == 0
    assert c.value("D") == 10
    half = c.replace(M=c.M / 2)
    assert half.value("M") == (4 + sympy.Rational(1, 10)) / 2
    assert c.lower("L") <= float(c.value("L")) <= c.upper("L")


def test_declared_constants_on_other_domains():
    box = Box([-1, 0], [2, 1])
    c = LogisticL2(F(1, 2), R=1).constants(box)
    assert c.value("B") == sympy.sqrt(5)
    assert c.value("L") == 1 + sympy.sqrt(5) / 2
    assert c.value("G") == sympy.sqrt(3) / 18
    whole = Whole()
    assert Ridge(F(1, 10), 1, 1).constants(whole).value("L") is sympy.oo
    assert LogisticL2(0, 2).constants(whole).value("L") == 2  # λ = 0: the limit, not ∞·0
    q = Quadratic([[3, 0], [0, 1]], R=1)
    assert (q.a_min, q.a_max) == (1, 3)
    qc = q.constants(Ball(2))
    assert qc.value("L") == 3 * (2 + 1) and qc.value("m") == 1


def test_quadratic_default_eigenvalue_bounds_are_proved_and_tight():
    q = Quadratic([[2, 1], [1, 3]], R=1)
    lam = [sympy.Rational(5, 2) - sympy.sqrt(5) / 2, sympy.Rational(5, 2) + sympy.sqrt(5) / 2]
    lo = sympy.Rational(q.a_min.numerator, q.a_min.denominator)
    hi = sympy.Rational(q.a_max.numerator, q.a_max.denominator)
    assert bool(lo < lam[0]) and bool(lam[1] < hi)
    assert bool(lam[0] - lo < sympy.Rational(1, 10**38)) and bool(hi - lam[1] < sympy.Rational(1, 10**38))
    A = np.asarray(q.A, dtype=object)
    I = np.eye(2, dtype=int).astype(object)
    assert L.psd_exact(q.a_max * I - A) and L.psd_exact(A - q.a_min * I)
    assert not L.psd_exact(A - (q.a_min + F(1, 10**30)) * I)
