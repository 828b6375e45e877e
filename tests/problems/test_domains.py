"""Convex domains: exact membership, projection in every mode, diameter and norm bound."""
from __future__ import annotations

import numpy as np
import pytest
import sympy

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F
from certunlearn.numeric.precision import workdps
from certunlearn.problems import Ball, Box, Whole, rational_unit


def test_ball_membership_is_exact():
    ball = Ball(F(5, 3))
    on = np.array([F(5, 3) * F(3, 5), F(5, 3) * F(4, 5)], dtype=object)
    assert ball.contains(on)
    assert not ball.contains(on * (1 + F(1, 2**60)))
    assert Ball(1).contains(np.array([1.0, 0.0]))
    assert not Ball(1).contains(np.array([np.nextafter(1.0, 2.0), 0.0]))
    assert not Ball(1).contains(np.array([np.nan, 0.0]))
    with workdps(60):
        inside = la.asarray(on * (1 - F(1, 2**100)), "mpmath")
        assert ball.contains(inside)


def test_ball_with_centre():
    ball = Ball(1, center=[3, 4])
    assert ball.dim == 2
    assert ball.contains(np.array([3, 5], dtype=object)) and not ball.contains(np.array([3.0, 5.0 + 2**-40]))
    assert ball.norm_bound() == 6 and ball.diameter() == 2
    p = ball.project(np.array([3.0, 14.0]))
    assert np.allclose(p, [3.0, 5.0], rtol=0, atol=1e-15)
    with pytest.raises(InvalidParameterError):
        ball.project(np.array([1.0, 2.0, 3.0]))


@pytest.mark.parametrize("mode", ["float", "mpmath", "fraction"])
def test_ball_projection_in_every_mode(mode):
    ball = Ball(F(1, 2))
    with workdps(50):
        x = la.asarray(np.array([F(3), F(4)], dtype=object), mode)  # ‖x‖ = 5, rational
        p = ball.project(x)
        assert la.mode_of(p) == mode
        want = [F(3, 10), F(4, 10)]
        for got, w in zip(p, want):
            got = la.to_mode(np.asarray(got, dtype=object), "fraction")[()]
            assert abs(got - w) <= (F(0) if mode == "fraction" else F(1, 10**15 if mode == "float" else 10**45))
        inside = la.asarray(np.array([F(1, 10), F(1, 10)], dtype=object), mode)
        assert list(ball.project(inside)) == list(inside)


def test_box():
    box = Box([-1, F(1, 3)], [2, 1])
    assert box.contains(np.array([F(-1), F(1, 3)], dtype=object))
    assert not box.contains(np.array([-1.0, 1 / 3]))  # the float 1/3 is below the exact 1/3
    p = box.project(np.array([5.0, -5.0]))
    assert list(p) == [2.0, 1 / 3] or abs(p[1] - 1 / 3) < 1e-16
    pf = box.project(np.array([F(5), F(-5)], dtype=object))
    assert list(pf) == [F(2), F(1, 3)]
    assert box.diameter() == sympy.sqrt(9 + sympy.Rational(4, 9))
    assert box.norm_bound() == sympy.sqrt(5)
    assert list(box.farthest_point()) == [F(2), F(1)]
    assert Box(0, 1, dim=3).dim == 3
    with pytest.raises(InvalidParameterError):
        Box([1, 0], [0, 1])
    with pytest.raises(InvalidParameterError):
        Box(0, 1)


def test_whole_space():
    w = Whole()
    assert w.diameter() is sympy.oo and w.norm_bound() is sympy.oo
    assert w.contains(np.array([1e300, -1e300]))
    assert list(w.project(np.array([1.0, 2.0]))) == [1.0, 2.0]


def test_rational_unit_is_exactly_on_the_sphere():
    rng = np.random.default_rng(0)
    for d in (1, 2, 5):
        for _ in range(5):
            v = rng.normal(size=d)
            u = rational_unit(v)
            assert all(isinstance(t, RATIONAL_TYPES) for t in u)
            assert sum(t * t for t in u) == 1
            assert np.linalg.norm(np.asarray(u, dtype=float) - v / np.linalg.norm(v)) < 1e-11


def test_extreme_points_are_inside_and_extreme():
    ball = Ball(2, center=[1, 1])
    e = ball.extreme_point([1.0, 0.0])
    assert ball.contains(e) and float(e[0]) == pytest.approx(3.0, abs=1e-15)
    box = Box([-1, -2], [3, 4])
    assert list(box.extreme_point([-1.0, 1.0])) == [F(-1), F(4)]


def test_invalid_parameters():
    with pytest.raises(InvalidParameterError):
        Ball(-1)
    with pytest.raises(InvalidParameterError):
        Ball(float("nan"))
    with pytest.raises(InvalidParameterError):
        Ball(1, center=[0, 0], dim=3)
