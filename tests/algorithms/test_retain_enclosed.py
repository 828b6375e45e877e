"""Enclosed runs of the active unlearning maps (algorithms.retain.enclosed): every shift the checker decides on is a
rigorous enclosure, checked against exact iterations and an independent 100-digit mpmath oracle."""

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.algorithms.retain import DescentToDeleteRS, LogisticERM, NewtonStepRS
from certunlearn.algorithms.retain import enclosed
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.problems.domains import Ball, Whole


def _half_step(c):
    """G(θ) = Proj_ball(θ/2 + c): a ½-contraction mapping the ball into itself."""
    return lambda dom: lambda th: enclosed.project(th * to_arb(F(1, 2)) + enclosed.point_vector(c), dom)


def _exact_half_step(theta, c, radius):
    v = [t / 2 + ci for t, ci in zip(theta, c)]
    s = sum(x * x for x in v)
    if s <= radius * radius:
        return v
    scale = _mp(radius) / mpmath.sqrt(_mp(s))
    return [_mp(x) * scale for x in v]  # 100 digits: the projection's irrational scale


@pytest.mark.parametrize("c, radius", [((F(1, 3), F(-2, 7)), F(5)), ((F(3, 1), F(3, 1)), F(2))])
def test_contraction_run_encloses_the_true_iterate_from_a_perturbed_start(c, radius):
    # the start is known within r0; the true start sits r0 away along a coordinate: the result must cover it
    dom = Ball(radius)
    theta0, r0 = (F(1, 5), F(-1, 3)), F(1, 10**20)
    true = [theta0[0] + r0, theta0[1]]
    with workprec(256), mpmath.workdps(100):
        th, e = enclosed.contraction_run(_half_step(c)(dom), theta0, r0, F(1, 2), 12, dom)
        x = list(true)
        for _ in range(12):
            x = _exact_half_step([v if isinstance(v, RATIONAL_TYPES) else F(mpmath.nstr(v, 100)) for v in x], c, radius)
        dist = mpmath.sqrt(sum((_mp(a) - _mp(b)) ** 2 for a, b in zip(x, th)))
        assert sum(v * v for v in th) <= radius * radius  # the tracked point stays in the domain
        assert dist <= _mp(e)
        assert e < F(1, 10**20) / 2**11  # γ^T·r0 plus rounding: the start's radius contracts
        assert e >= F(1, 10**20) / 2**12  # … but is carried (a run that forgets r0 under-covers the true iterate)


def test_contraction_run_refuses_a_factor_that_is_not_a_contraction():
    with pytest.raises(ValueError):
        enclosed.contraction_run(lambda th: th, (F(0),), F(0), F(1), 3, Whole())


def test_projection_of_a_ball_straddling_the_sphere_covers_both_branches():
    with workprec(128):
        v = np.asarray([to_arb(F(3, 5)) + arb(0, 0.01), to_arb(F(4, 5))], dtype=object)  # ‖v‖ ∈ [0.994, 1.006]
        p = enclosed.project(v, Ball(1))
        for x0 in (F(59, 100), F(3, 5), F(61, 100)):  # inside (stays), on the sphere, outside (scaled)
            n2 = x0 * x0 + F(16, 25)
            k = arb(1) if n2 <= 1 else 1 / to_arb(n2).sqrt()  # the true projection's factor
            assert p[0].contains(to_arb(x0) * k) and p[1].contains(to_arb(F(4, 5)) * k)
        inside = enclosed.project(np.asarray([to_arb(F(1, 2)), to_arb(F(0))], dtype=object), Ball(1))
        assert inside[0].contains(to_arb(F(1, 2))) and inside[0].rad() == 0
        far = enclosed.project(np.asarray([to_arb(F(3)), to_arb(F(4))], dtype=object), Ball(1))
        assert far[0].overlaps(to_arb(F(3, 5))) and far[1].overlaps(to_arb(F(4, 5))) and far[0].rad() < 1e-30
        q, moved = enclosed.into_domain(np.asarray([F(3), F(4)], dtype=object), Ball(1))
        assert sum(x * x for x in q) <= 1 and moved >= 4  # ‖(3, 4)‖ = 5 moved onto the unit sphere: 4


# --------------------------------------------------------------------------- the mechanisms, against mpmath
X = [(F(3, 5), F(-1, 4)), (F(-1, 2), F(1, 3)), (F(1, 7), F(1, 2)), (F(-2, 5), F(-3, 5))]
Y = [F(1), F(-1), F(1), F(-1)]
Z = ([(F(1, 2), F(1, 2))], [F(1)])
LAM, RW = F(1, 10), F(5)


def _mp(q):
    return mpmath.mpf(q.numerator) / q.denominator if isinstance(q, RATIONAL_TYPES) else mpmath.mpf(q)


def _grad(w, rows, labels, n):
    """∇ of (1/n)Σ log(1 + e^(−y⟨w, x⟩)) + (λ/2)‖w‖² over the given rows (divided by n)."""
    g = [_mp(LAM) * wi for wi in w]
    for x, y in zip(rows, labels):
        t = _mp(y) * sum(_mp(a) * b for a, b in zip(x, w))
        s = -_mp(y) / (1 + mpmath.exp(t))
        g = [gi + s * _mp(a) / n for gi, a in zip(g, x)]
    return g


def _hess(w, rows, labels, n):
    H = mpmath.matrix(2, 2)
    for i in range(2):
        H[i, i] = _mp(LAM)
    for x, y in zip(rows, labels):
        t = _mp(y) * sum(_mp(a) * b for a, b in zip(x, w))
        s = mpmath.exp(t) / (1 + mpmath.exp(t)) ** 2
        for i in range(2):
            for j in range(2):
                H[i, j] += s * _mp(x[i]) * _mp(x[j]) / n
    return H


def _minimiser(rows, labels):
    n = len(rows)
    w = mpmath.matrix([0, 0])
    for _ in range(60):
        w = w - mpmath.lu_solve(_hess(list(w), rows, labels, n), mpmath.matrix(_grad(list(w), rows, labels, n)))
    assert mpmath.norm(mpmath.matrix(_grad(list(w), rows, labels, n))) < mpmath.mpf(10) ** -90
    assert mpmath.norm(w) < _mp(RW)  # interior: the minimiser on W is the unconstrained one
    return list(w)


def test_d2d_shift_enclosure_contains_a_100_digit_run():
    mech = DescentToDeleteRS(LogisticERM(lam=LAM, B=1, R_w=RW), "1/2", "1e-5", "1/20")
    R = mech.prepare((np.asarray(X, dtype=object), np.asarray(Y, dtype=object)))
    p = mech.parameters(R)
    assert p["I"] >= 2 and 0 < p["gamma_R"] < 1
    with workprec(256):
        got = mech.shift(R, Z).arb()
    with mpmath.workdps(100):
        wR, w = _minimiser(X, Y), _minimiser(X + Z[0], Y + Z[1])
        for _ in range(p["I"]):
            w = [a - _mp(p["eta"]) * g for a, g in zip(w, _grad(w, X, Y, len(X)))]
            nw = mpmath.sqrt(sum(a * a for a in w))
            w = w if nw <= _mp(RW) else [a * _mp(RW) / nw for a in w]
        want = mpmath.sqrt(sum((a - b) ** 2 for a, b in zip(w, wR)))
    with workprec(300):
        assert got.contains(arb(mpmath.nstr(want, 85)))  # at 85 digits, far inside the enclosure's radius
    assert got.rad() < 1e-45 and want > 1e-6  # a real shift, enclosed far below its size


def test_newton_shift_enclosure_contains_a_100_digit_step():
    mech = NewtonStepRS(LogisticERM(lam=LAM, B=1, R_w=RW))
    R = mech.prepare((np.asarray(X, dtype=object), np.asarray(Y, dtype=object)))
    with workprec(256):
        got = mech.shift(R, Z).arb()
    with mpmath.workdps(100):
        wR, wS = _minimiser(X, Y), _minimiser(X + Z[0], Y + Z[1])
        n = len(X)
        H = _hess(wS, X, Y, n)  # line 726: the Hessian of F̂_R at w_S
        g = _grad(wS, Z[0], Z[1], 1)  # Σ_(z∈U) ∇f(w_S, z) for the one deleted point, f with its (λ/2)‖w‖²
        step = mpmath.lu_solve(H, mpmath.matrix(g))
        w = [a + step[i] / n for i, a in enumerate(wS)]
        want = mpmath.sqrt(sum((a - b) ** 2 for a, b in zip(w, wR)))
    with workprec(300):
        assert got.contains(arb(mpmath.nstr(want, 85)))
    assert got.rad() < 1e-45 and want > 1e-9


def test_d2d_shift_is_exactly_zero_where_gamma_r_is_zero():
    # retained data at 0: F̂_R = log 2 + (λ/2)w², so λ_R = β_R = λ, γ_R = 0, η_R = 1/λ — one step from any w lands on 0
    lam = F(29, 80)
    mech = DescentToDeleteRS(LogisticERM(lam=lam, B=F(3, 4), R_w=4), "13/25", "1/250000", "1/5", m=4)
    R = mech.prepare((np.asarray([[F(0)]], dtype=object), np.asarray([F(1)], dtype=object)))
    U = (np.asarray([[F(-5, 8)]] * 4, dtype=object), np.asarray([F(-1)] * 4, dtype=object))
    p = mech.parameters(R)
    assert p["gamma_R"] == 0 and p["lambda_R"] == p["beta_R"] == lam and p["I"] == 1
    assert mech.shift(R, U).exact == 0
    with mpmath.workdps(100):  # independently: F̂_S(w) = (λ/2)w² + (log 2 + 4 log(1 + e^(−5w/8)))/5, F̂_S' = 0 at w_S
        wS = mpmath.findroot(lambda w: _mp(lam) * w - (mpmath.mpf(5) / 8) * 4 / 5 / (1 + mpmath.exp(5 * w / 8)), 0)
        assert abs(wS) > mpmath.mpf("0.1")  # the trained model is far from w_R = 0 …
        step = wS - (1 / _mp(lam)) * (_mp(lam) * wS)  # … and one step of η_R = 1/λ on F̂_R (gradient λw) lands on it
        assert abs(step) < mpmath.mpf(10) ** -95
