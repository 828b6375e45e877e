"""Verification of declared constants: correct ones proved, deliberately wrong ones refuted with a point
that is checked independently here (exact / 100-digit arithmetic)."""
from __future__ import annotations

from decimal import Decimal

import mpmath
import numpy as np
import pytest
import sympy

from certunlearn.errors import AssumptionViolatedError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workdps
from certunlearn.problems import Ball, Box, Linear, LogisticL2, Quadratic, Ridge, verify_constants
from certunlearn.problems.verify import PROVED, PROVED_ON_BOX, REFUTED

CASES = [
    (Ridge(F(1, 10), R=1, Y=1), Ball(2, dim=2)),
    (LogisticL2(F(1, 10), R=F(3, 2)), Ball(2, dim=2)),
    (Quadratic([[2, 1], [1, 3]], R=1), Ball(1, center=[F(1, 2), 0])),
    (Linear(R=1, lam=F(1, 2)), Box([-1, 0], [1, 2])),
]
IDS = ["ridge", "logistic", "quadratic", "linear"]


def _exact(s: str) -> F:
    return F(s) if "/" in s else F(Decimal(s))


def _point(p: dict):
    th = np.asarray([_exact(t) for t in p["theta"]], dtype=object)
    x = np.asarray([_exact(t) for t in p["x"]], dtype=object)
    y = None if p["y"] is None else _exact(p["y"])
    v = np.asarray([_exact(t) for t in p["v"]], dtype=object)
    w = np.asarray([_exact(t) for t in p["w"]], dtype=object)
    return th, x, y, v, w


def _value_100(loss, name, p) -> mpmath.mpf:
    """The constant's quantity at a reported point, recomputed at 100 digits."""
    th, x, y, v, w = _point(p)
    with workdps(100):
        th, x, v, w = (la.asarray(a, "mpmath") for a in (th, x, v, w))
        y = None if y is None else la.asarray(y, "mpmath")[()]
        if name == "L":
            return la.norm(loss.grad(th, x, y))
        if name == "M":
            return la.norm(loss.hessian(th, x, y) @ v) / la.norm(v)
        if name == "m":
            return (v @ (loss.hessian(th, x, y) @ v)) / (v @ v)
        return la.norm(loss.third(th, x, y, v) @ w) / (la.norm(v) * la.norm(w))


def _admissible(loss, domain, p):
    th, x, y, _, _ = _point(p)
    assert domain.contains(th)
    loss.check_data(np.asarray([x], dtype=object), None if y is None else [y])


@pytest.mark.parametrize("loss, domain", CASES, ids=IDS)
def test_declared_constants_are_proved(loss, domain):
    v = verify_constants(loss, domain, seed=1)
    assert v.ok, v.summary()
    for c in v.checks:
        assert c.status == PROVED
        assert c.point is not None
        _admissible(loss, domain, c.point)
        # the tightest value is attained at the reported point and never beyond the declared constant
        with workdps(100):
            got = _value_100(loss, c.name, c.point)
            declared = mpmath.mpf(sympy.N(loss.constants(domain).value(c.name), 100))
            assert (got <= declared * (1 + mpmath.mpf(10) ** -90)) if c.name != "m" else \
                (got >= declared * (1 - mpmath.mpf(10) ** -90))
            assert abs(got - mpmath.mpf(c.tightest)) <= mpmath.mpf(10) ** -15 * max(1, abs(got))


@pytest.mark.parametrize("name", ["L", "M"])
@pytest.mark.parametrize("loss, domain", CASES[:3], ids=IDS[:3])
def test_halved_constant_is_refuted_with_a_point(loss, domain, name):
    c = loss.constants(domain)
    wrong = c.replace(**{name: c.expr(name) / 2})
    v = verify_constants(loss, domain, declared=wrong, seed=2)
    check = v[name]
    assert check.status == REFUTED, check
    _admissible(loss, domain, check.point)
    with workdps(100):
        got = _value_100(loss, name, check.point)
        bad = mpmath.mpf(sympy.N(wrong.value(name), 100))
        assert got > bad
    # the other constants are untouched
    assert all(o.status == PROVED for o in v.checks if o.name != name)


def test_wrong_hessian_lipschitz_and_strong_convexity_are_refuted():
    loss, domain = CASES[1]
    c = loss.constants(domain)
    v = verify_constants(loss, domain, declared=c.replace(G=c.G / 2, m=c.m * 2), seed=3)
    assert v["G"].status == REFUTED and v["m"].status == REFUTED
    with workdps(100):
        assert _value_100(loss, "G", v["G"].point) > mpmath.mpf(sympy.N(c.value("G") / 2, 100))
        assert _value_100(loss, "m", v["m"].point) < mpmath.mpf(sympy.N(c.value("m") * 2, 100))


def test_tightness_is_reported():
    loss, domain = CASES[1]  # logistic: L = R + λB, attained sup R σ(RB) + λB
    v = verify_constants(loss, domain)
    with workdps(40):
        R, B, lam = mpmath.mpf(1.5), mpmath.mpf(2), mpmath.mpf(1) / 10
        sup = R / (1 + mpmath.exp(-R * B)) + lam * B
        assert abs(mpmath.mpf(v["L"].bound) - sup) < mpmath.mpf(10) ** -18
        assert v["L"].tightness == pytest.approx(float(sup / (R + lam * B)), rel=1e-14)
    assert v["M"].tightness == pytest.approx(1.0, rel=1e-15)
    assert v["G"].tightness == pytest.approx(1.0, rel=1e-9)


def test_branch_and_bound_proves_the_logistic_lipschitz_constant():
    loss, domain = CASES[1]
    v = verify_constants(loss, domain, prefer="box")
    assert v["L"].status == PROVED_ON_BOX
    assert "branch-and-bound" in v["L"].method


def test_a_wrong_eigenvalue_declaration_is_caught():
    q = Quadratic([[2, 1], [1, 3]], R=1, a_max=3)  # λ_max(A) = (5 + √5)/2 ≈ 3.618 > 3
    v = verify_constants(q, Ball(1))
    assert v["M"].status == REFUTED and v["L"].status == REFUTED
    assert v["m"].status == PROVED


def test_data_are_checked_and_reported():
    loss, domain = CASES[0]
    X = np.array([[1.0, 0.0], [0.1, 0.2]])  # the first point on the sphere ‖x‖ = R = 1
    y = np.array([1.0, -0.5])
    v = verify_constants(loss, domain, data=(X, y))
    assert v.data_points == 2 and v["L"].data_value is not None
    assert float(v["L"].data_value) <= float(v["L"].declared_value)
    with pytest.raises(AssumptionViolatedError, match="‖x‖ ≤ R"):
        verify_constants(loss, domain, data=(np.array([[1.0, 2.0**-40]]), np.array([1.0])))
