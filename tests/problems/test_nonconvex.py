"""Nonconvex loss families for r2d: derivatives against sympy, declared constants proved by ``verify_constants``
(and deliberately wrong ones refuted), data assumptions refused exactly, the PL structure of SinePL."""
from __future__ import annotations

import mpmath
import numpy as np
import pytest
import sympy

from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F
from certunlearn.numeric.precision import workdps
from certunlearn.problems import Ball, Box, Whole, verify_constants
from certunlearn.problems.nonconvex import ConcaveQuadratic, CosLinear, SinePL, WelschRegression
from certunlearn.problems.verify import PROVED, REFUTED

CASES = [
    (WelschRegression(F(3, 4), R=F(3, 2), Y=2), Whole(), 2),
    (WelschRegression(2, R=1, Y=F(1, 2)), Ball(3, dim=3), 3),
    (CosLinear(R=F(1, 2), a=2, omega=F(3, 2)), Whole(), 1),
    (ConcaveQuadratic(F(1, 3), R=1), Ball(2, dim=2), 2),
    (ConcaveQuadratic(2, R=F(1, 2)), Box([-1, 0], [1, 2]), 2),
    (SinePL(F(1, 2), R=1), Ball(4, dim=1), 1),
]
IDS = ["welsch", "welsch-ball", "coslinear", "concave-ball", "concave-box", "sine-pl"]


def _rat(rng, shape, scale=1, den=64):
    vals = [F(int(v), den) * F(scale) for v in rng.integers(-den, den + 1, size=int(np.prod(shape)))]
    return np.asarray(vals, dtype=object).reshape(shape)


def _sample(loss, d, rng):
    """A rational point (θ, x, y) satisfying the loss's data assumptions."""
    theta = _rat(rng, d, 2)
    x = _rat(rng, d)
    while la.sqnorm(x) > loss.R**2:
        x = x / 2
    y = None
    if loss.uses_labels:
        y = F(int(rng.integers(-20, 21)), 20) * loss.Y
    return theta, x, y


def _subs(th, xs, yv, theta, x, y):
    env = {s: sympy.Rational(v.numerator, v.denominator) for s, v in zip(th, theta)}
    env.update({s: sympy.Rational(v.numerator, v.denominator) for s, v in zip(xs, x)})
    if y is not None:
        env[yv] = sympy.Rational(y.numerator, y.denominator)
    return env


@pytest.mark.parametrize("loss, domain, d", CASES, ids=IDS)
def test_derivatives_match_sympy(loss, domain, d):
    rng = np.random.default_rng(7)
    expr, th, xs, yv = loss.expression(d)
    grad = [sympy.diff(expr, t) for t in th]
    hess = [[sympy.diff(g, t) for t in th] for g in grad]
    for _ in range(3):
        theta, x, y = _sample(loss, d, rng)
        env = _subs(th, xs, yv, theta, x, y)
        v = _rat(rng, d) + np.asarray([F(1)] + [F(0)] * (d - 1), dtype=object)
        third = [[sum(sympy.diff(hess[i][j], th[k]) * sympy.Rational(v[k].numerator, v[k].denominator)
                      for k in range(d)) for j in range(d)] for i in range(d)]
        with workdps(60):
            if loss.rational:  # exact in Fractions
                assert loss.value(theta, x, y) == sympy.Rational(expr.subs(env))
                assert list(loss.grad(theta, x, y)) == [sympy.Rational(g.subs(env)) for g in grad]
                assert np.all(loss.hessian(theta, x, y) == np.asarray([[h.subs(env) for h in r] for r in hess]))
            tol = mpmath.mpf(10) ** -45
            thm, xm = la.asarray(theta, "mpmath"), la.asarray(x, "mpmath")
            ym = None if y is None else la.asarray(y, "mpmath")[()]

            def close(a, e):
                ref = mpmath.mpf(sympy.N(e, 60))
                assert abs(a - ref) <= tol * max(1, abs(ref)), (a, ref)

            close(loss.value(thm, xm, ym), expr.subs(env))
            for a, e in zip(loss.grad(thm, xm, ym), grad):
                close(a, e.subs(env))
            H = loss.hessian(thm, xm, ym)
            for i in range(d):
                for j in range(d):
                    close(H[i, j], hess[i][j].subs(env))
            Tv = loss.third(thm, xm, ym, la.asarray(v, "mpmath"))
            for i in range(d):
                for j in range(d):
                    close(Tv[i, j], third[i][j].subs(env))


@pytest.mark.parametrize("loss, domain, d", CASES, ids=IDS)
def test_float_and_mpmath_modes_agree(loss, domain, d):
    rng = np.random.default_rng(3)
    theta, x, y = _sample(loss, d, rng)
    X = np.asarray([x, x / 2], dtype=object)
    Y = None if y is None else np.asarray([y, -y], dtype=object)
    with workdps(50):
        g_ref = loss.risk_grad(la.asarray(theta, "mpmath"), la.asarray(X, "mpmath"),
                               None if Y is None else la.asarray(Y, "mpmath"))
    g = loss.risk_grad(np.asarray(theta, dtype=float), np.asarray(X, dtype=float),
                       None if Y is None else np.asarray(Y, dtype=float))
    assert g.dtype == np.float64
    assert np.allclose(g, np.asarray(g_ref, dtype=float), rtol=1e-13, atol=1e-14)


@pytest.mark.parametrize("loss, domain, d", CASES, ids=IDS)
def test_declared_constants_are_proved(loss, domain, d):
    v = verify_constants(loss, domain, dim=d, seed=1)
    assert v.ok, v.summary()
    assert all(c.status == PROVED for c in v.checks), v.summary()
    # nonconvexity is real (curvature below zero is attained) for the families built to be nonconvex
    if not isinstance(loss, SinePL):
        assert float(v["m"].tightest) < 0


@pytest.mark.parametrize("loss, domain, d", CASES[:5], ids=IDS[:5])
def test_gradient_bound_and_smoothness_are_attained(loss, domain, d):
    v = verify_constants(loss, domain, dim=d, seed=2)
    for name in ("L", "M"):
        assert v[name].tightness == pytest.approx(1.0, abs=1e-9), v.summary()


@pytest.mark.parametrize("name", ["L", "M"])
@pytest.mark.parametrize("loss, domain, d", CASES[:5], ids=IDS[:5])
def test_halved_constant_is_refuted(loss, domain, d, name):
    c = loss.constants(domain)
    wrong = c.replace(**{name: c.expr(name) / 2})
    v = verify_constants(loss, domain, dim=d, declared=wrong, seed=3)
    assert v[name].status == REFUTED, v.summary()
    assert name in v.refuted
    # the refuting point is admissible and really beats the halved constant (recomputed at 60 digits)
    p = v[name].point
    theta = np.asarray([F(s) if "/" in s else F(s) for s in p["theta"]], dtype=object)
    x = np.asarray([F(s) for s in p["x"]], dtype=object)
    y = None if p["y"] is None else F(p["y"])
    assert domain.contains(theta)
    loss.check_data(np.asarray([x], dtype=object), None if y is None else [y])
    with workdps(60):
        thm, xm = la.asarray(theta, "mpmath"), la.asarray(x, "mpmath")
        ym = None if y is None else la.asarray(y, "mpmath")[()]
        if name == "L":
            got = la.norm(loss.grad(thm, xm, ym))
        else:
            vv = la.asarray(np.asarray([F(s) for s in p["v"]], dtype=object), "mpmath")
            got = la.norm(loss.hessian(thm, xm, ym) @ vv) / la.norm(vv)
        assert got > mpmath.mpf(sympy.N(wrong.value(name), 60))


def test_data_assumptions_are_refused_exactly():
    w = WelschRegression(1, R=1, Y=1)
    w.check_data([[F(3, 5), F(4, 5)]], [1])  # ‖x‖ = 1 exactly: allowed
    with pytest.raises(AssumptionViolatedError) as e:
        w.check_data([[F(3, 5), F(4, 5) + F(1, 10**30)]], [0])
    assert e.value.assumption == "‖x‖ ≤ R"
    with pytest.raises(AssumptionViolatedError) as e:
        w.check_data([[0, 0]], [F(1) + F(1, 10**30)])
    assert e.value.assumption == "|y| ≤ Y"
    with pytest.raises(AssumptionViolatedError) as e:
        CosLinear(R=1).check_data([[1.0000000000000002]])
    assert e.value.assumption == "‖x‖ ≤ R"
    with pytest.raises(AssumptionViolatedError):
        ConcaveQuadratic(1, R=1).check_data([[float("nan"), 0]])
    with pytest.raises(InvalidParameterError) as e:
        WelschRegression(1, R=1, Y=1).check_data([[0, 0]], None)
    assert e.value.parameter == "y"


def test_parameters_are_validated():
    for make, name in ((lambda: WelschRegression(0, R=1, Y=1), "c"), (lambda: WelschRegression(1, R=0, Y=1), "R"),
                       (lambda: CosLinear(R=1, a=-1), "a"), (lambda: CosLinear(R=1, omega=0), "omega"),
                       (lambda: ConcaveQuadratic(0, R=1), "lam"), (lambda: SinePL(1, R=1), "kappa"),
                       (lambda: SinePL(F(-1, 2), R=1), "kappa")):
        with pytest.raises(InvalidParameterError) as e:
            make()
        assert e.value.parameter == name


def test_concave_quadratic_gradient_bound_needs_a_bounded_domain():
    loss = ConcaveQuadratic(1, R=1)
    assert loss.constants(Whole()).value("L") is sympy.oo
    assert loss.constants(Ball(2, dim=2)).value("L") == 3


def test_sine_pl_inequality_and_exact_minimum():
    loss = SinePL(F(3, 5), R=2)
    rng = np.random.default_rng(11)
    X = _rat(rng, (7, 1), 2)
    mu = loss.pl_constant()
    assert mu == F(4, 25)
    fstar = loss.risk_minimum(X)
    assert isinstance(fstar, RATIONAL_TYPES)
    with workdps(50):
        Xm = la.asarray(X, "mpmath")
        tstar = loss.risk_minimiser(X)
        assert abs(loss.risk(la.asarray([tstar], "mpmath"), Xm) - mpmath.mpf(fstar.numerator) / fstar.denominator) \
            < mpmath.mpf(10) ** -40
        worst = mpmath.inf
        for t in np.linspace(-12, 12, 241):
            th = la.asarray([F(float(t))], "mpmath")
            gap = loss.risk(th, Xm) - mpmath.mpf(fstar.numerator) / fstar.denominator
            g = loss.risk_grad(th, Xm)[0]
            if gap > mpmath.mpf(10) ** -30:
                worst = min(worst, (g * g / 2) / gap)
        assert worst >= mpmath.mpf(mu.numerator) / mu.denominator
        # the risk is nonconvex for these data somewhere
        curv = min(loss.risk_hessian(la.asarray([F(float(t))], "mpmath"), Xm)[0, 0] for t in np.linspace(-6, 6, 121))
        assert curv < 0
