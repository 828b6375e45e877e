"""Issue 23, d2d: the unlearning claims attacked beyond quadratic losses (the exact Huber-smoothed quadratic of
certunlearn.problems.huber), and Lemma 2.12's supremum over its whole class (the benchmark's reference), confirmed
at 100 digits by independent code."""

import mpmath
import numpy as np
import pytest
import sympy

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import max_shift2, setup_of
from certunlearn.claims.d2d.families import lem212_structured, stream_program_instance
from certunlearn.claims.d2d.huber_families import huberise
from certunlearn.claims.d2d.lemma212_supremum import attaining_instance, class_supremum_ratio, sharp_sensitivity
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction
from certunlearn.problems import Box
from certunlearn.problems.huber import HuberQuadratic, coordinate_minimiser
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.sympy_arb import arb_eval

F = Fraction
LOSS = HuberQuadratic(a=(F(1), F(3)), c=F(1, 2), w=F(1, 4), R=F(2))


def test_the_huber_gradient_is_the_derivative_of_its_expression_on_both_branches():
    expr, th, xs, _ = LOSS.expression()
    x = (F(1, 3), F(-1, 2))
    for theta in ((F(1, 2), F(-5, 8)), (F(-1), F(1)), (F(1, 3) + F(1, 4), F(-1, 2) - F(1, 4))):
        sub = {**dict(zip(th, map(sympy.Rational, theta))), **dict(zip(xs, map(sympy.Rational, x)))}
        want = [sympy.diff(expr, t).subs(sub) for t in th]
        got = LOSS.grad(np.asarray(theta, dtype=object), np.asarray(x, dtype=object))
        assert [sympy.Rational(g.numerator, g.denominator) for g in got] == want
        assert all(isinstance(g, RATIONAL_TYPES) for g in got)  # exact: each branch decided on rationals


def test_the_declared_constants_hold_on_the_realisation():
    """m ≤ every secant slope of each gradient coordinate ≤ M (exact), ‖∇ℓ‖ ≤ L on Θ × {‖x‖ ≤ R} (sampled, exact)."""
    box = Box((F(-1), F(-1)), (F(1), F(1)))
    c = LOSS.constants(box)
    m_, M_ = c.value("m"), c.value("M")
    assert (m_, M_) == (1, 3 + F(1, 2) / F(1, 4))
    rng = np.random.default_rng(1)
    for _ in range(200):
        t1, t2 = (tuple(F(int(v), 64) for v in rng.integers(-64, 65, 2)) for _ in range(2))
        x = tuple(F(int(v), 64) for v in rng.integers(-90, 91, 2))
        g1 = LOSS.grad(np.asarray(t1, dtype=object), np.asarray(x, dtype=object))
        g2 = LOSS.grad(np.asarray(t2, dtype=object), np.asarray(x, dtype=object))
        for k in range(2):
            if t1[k] != t2[k]:
                slope = (g1[k] - g2[k]) / (t1[k] - t2[k])
                assert m_ <= LOSS.a[k] <= slope <= LOSS.a[k] + LOSS.c / LOSS.w <= M_
        assert arb_eval(c.value("L") ** 2) >= to_arb(sum(v * v for v in g1))


def test_the_exact_box_minimiser_satisfies_the_variational_inequality():
    X = np.asarray([[F(1), F(-1, 3)], [F(-1, 2), F(2, 3)], [F(3, 4), F(1, 5)]], dtype=object)
    lo, hi = [F(-1, 2), F(0)], [F(1, 2), F(1)]
    z = LOSS.box_minimiser(X, lo, hi)
    g = LOSS.risk_grad(np.asarray(z, dtype=object), X)
    for k in range(2):  # interior: g_k = 0; at lo: g_k ≥ 0; at hi: g_k ≤ 0 (exactly)
        assert (g[k] == 0) or (z[k] == lo[k] and g[k] > 0) or (z[k] == hi[k] and g[k] < 0)
    assert coordinate_minimiser([F(1)], [F(0)], [F(0)], [F(1)], F(1), F(2), F(3)) == 2  # clipped at the box


def test_the_huber_instance_is_not_its_quadratic_twin_and_is_decided():
    """The shift of a Huber stream differs from the same stream's on the quadratic with the same declared constants
    (the non-quadratic curvature acts), and the privacy and shift claims decide it."""
    base = stream_program_instance(((-1, "top"), (1, "bottom")), 4, 1, 1, F(2), 2, F(2), dim=2)
    inst = huberise(base, F(1, 8))
    assert inst["huber"] == [F(1, 8), F(1, 8)] and inst["M"] == base["M"] and inst["L"] > base["L"]
    twin = dict(base, L=inst["L"])
    assert max_shift2("d2d.thm3.1", inst) != max_shift2("d2d.thm3.1", twin)
    for cid in ("d2d.thm3.1", "d2d.thm3.1:shift"):
        assert evaluate(get_claim(cid), inst, 256).outcome == WITHIN


@pytest.mark.parametrize("cid,name", [("d2d.thm3.1", "Huber"), ("d2d.thm3.1:shift", "Huber"),
                                      ("d2d.thm3.4", "Huber"), ("d2d.thm3.5", "Huber"), ("d2d.rem3.6", "Huber"),
                                      ("d2d.lem2.12", "Huber")])
def test_every_claim_the_narrowing_was_removed_from_has_a_decided_huber_instance(cid, name):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith(name))
    inst = adv.generate(np.random.default_rng(0), 40)[0]
    assert inst["huber"][0] > 0
    assert evaluate(claim, inst, 256).outcome == WITHIN


def test_accuracy_decides_a_1d_2d_and_3d_huber_loss():
    """d = 1: the sublevel interval is enclosed (certunlearn.claims.d2d.interval_tail); d = 2: the separable sublevel
    set's exterior, one enclosed integral (certunlearn.claims.d2d.separable_tail); d ≥ 3: between two quadratic
    models' χ² tails (certunlearn.claims.d2d.sandwich_tail) — decided, never an error."""
    claim = get_claim("d2d.thm3.1:accuracy")
    for dim, outcome in ((1, WITHIN), (2, WITHIN), (3, WITHIN)):
        inst = huberise(stream_program_instance(((-1, "top"),), 4, 1, 1, F(2), 2, F(2), dim=dim), F(1, 8))
        inst.update(beta=F(1, 20))
        assert evaluate(claim, inst, 256).outcome == outcome


def _mp(q):
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


@pytest.mark.parametrize("n", [2, 3, 7])
def test_lemma_212s_class_supremum_is_attained_at_100_digits(n):
    """Independent of the checker: the equality case of certunlearn.claims.d2d.lemma212_supremum, minimisers by
    mpmath (mean of the data, clipped to Θ), reaches exactly half of the bound 2L/(mn)."""
    with mpmath.workdps(100):
        L, m_ = F(2), F(1)
        inst = attaining_instance(n, L, m_)
        clip = lambda v: min(max(v, _mp(inst["lo"])), _mp(inst["hi"]))
        X = [_mp(x) for x in inst["X"]]
        theta = clip(mpmath.fsum(X) / n)
        rest = list(inst["X"])
        rest.remove(inst["delete"])
        theta_del = clip(mpmath.fsum(_mp(x) for x in rest) / (n - 1))
        # the losses (m/2)(θ − x)² are L-Lipschitz on Θ: max |m(θ − x)| over the box's ends and the data
        lip = max(abs(_mp(m_) * (t - x)) for t in (_mp(inst["lo"]), _mp(inst["hi"])) for x in X)
        assert abs(lip - _mp(L)) < mpmath.mpf(10) ** -95
        ratio = abs(theta - theta_del) / (2 * _mp(L) / (_mp(m_) * n))
        assert abs(ratio - _mp(class_supremum_ratio())) < mpmath.mpf(10) ** -95


def test_the_sharp_sensitivity_bounds_every_family_instance_including_huber():
    """s ≤ L/(m(k + 1)) (the derived sharp bound) on every structured Lemma 2.12 instance, quadratic and Huber; the
    deletion instances of the checker reach it (ratio 1/2 of the printed bound)."""
    from certunlearn.claims.d2d.sensitivity import _sensitivity_sq
    from certunlearn.claims.instances import instance_key
    from certunlearn.claims.d2d.common import SETUP_NAMES

    reached = False
    for base in lem212_structured(np.random.default_rng(0), 1000):
        for inst in (base, huberise(base, F(1, 8))):
            s2 = _sensitivity_sq(instance_key(inst, SETUP_NAMES))
            op = int(inst["U"][0][0])
            sharp = sharp_sensitivity(inst["L"], inst["m"], inst["n"], op)
            assert s2 <= sharp * sharp
            reached = reached or s2 == sharp * sharp
    assert reached


# =========================================================================== Θ a ball, d = 3
def test_the_rounded_ball_projection_is_within_its_certified_error_at_100_digits():
    from certunlearn.problems.rounded_ball import RoundedBall

    ball = RoundedBall(F(3, 2), 3)
    rng = np.random.default_rng(2)
    with mpmath.workdps(100):
        for _ in range(20):
            t = [F(int(v), 7) for v in rng.integers(-40, 41, 3)]
            p = ball.project(np.asarray(t, dtype=object))
            assert ball.contains(p) and all(isinstance(v, RATIONAL_TYPES) for v in p)
            norm = mpmath.sqrt(sum(_mp(v) ** 2 for v in t))
            exact = [_mp(v) * min(1, _mp(F(3, 2)) / norm) for v in t]
            err = mpmath.sqrt(sum((_mp(a) - b) ** 2 for a, b in zip(p, exact)))
            assert err <= _mp(ball.projection_error)


def test_a_ball_instance_projects_its_shift_is_enclosed_and_decided():
    from certunlearn.claims.d2d.ball_families import on_ball
    from certunlearn.claims.d2d.common import run_error, shift_enclosure

    box = stream_program_instance(((-1, "top"), (1, "side")), 4, 1, 1, F(2), 2, F(2), dim=2)
    inst = on_ball(box)
    s = setup_of(inst)
    assert type(s.domain).__name__ == "RoundedBall" and inst["D"] == 2 and inst["L"] < box["L"]
    err = run_error("d2d.thm3.1", inst)
    assert 0 < err < F(1, 2**100)
    enc = shift_enclosure("d2d.thm3.1", inst)
    assert enc.rad() > 0 and enc.lower() > 0  # an enclosure, not a point: the rounded runs' error is carried
    assert not enc.contains(mpmath.sqrt(_mp(max_shift2("d2d.thm3.1", box))))  # Θ matters: not the box's shift
    for cid in ("d2d.thm3.1", "d2d.thm3.1:shift", "d2d.thm3.4"):
        assert evaluate(get_claim(cid), inst, 256).outcome == WITHIN


@pytest.mark.parametrize("cid,prefix", [("d2d.thm3.1", "Θ a Euclidean ball"), ("d2d.thm3.1", "d = 3"),
                                        ("d2d.thm3.1:shift", "Θ a Euclidean ball"), ("d2d.thm3.4", "d = 3"),
                                        ("d2d.thm3.5", "Θ a Euclidean ball"), ("d2d.rem3.6", "d = 3"),
                                        ("d2d.thm3.1:accuracy", "d = 3"), ("d2d.thm3.5:accuracy", "d = 3")])
def test_every_claim_the_box_or_d3_narrowing_was_removed_from_decides_an_instance_of_the_family(cid, prefix):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith(prefix))
    instances = adv.generate(np.random.default_rng(0), 40)
    assert any(("ball" in i) if "ball" in prefix else len(i["A"]) == 3 for i in instances)
    inst = next(i for i in instances if (("ball" in i) if "ball" in prefix else len(i["A"]) == 3))
    assert evaluate(claim, inst, 256).outcome == WITHIN


# =========================================================================== logistic + ridge (enclosed runs)
def test_the_rounded_logistic_gradient_is_within_its_certified_error_at_100_digits():
    from certunlearn.problems.rounded_logistic import RoundedLogistic

    loss = RoundedLogistic(lam=F(1, 3), R=F(2), bits=64)
    rng = np.random.default_rng(3)
    with mpmath.workdps(100):
        for _ in range(20):
            th = [F(int(v), 9) for v in rng.integers(-20, 21, 2)]
            x = [F(int(v), 16) for v in rng.integers(-22, 23, 2)]
            g = loss.grad(np.asarray(th, dtype=object), np.asarray(x, dtype=object))
            assert all(isinstance(v, RATIONAL_TYPES) for v in g)
            t = sum(_mp(a) * _mp(b) for a, b in zip(x, th))
            exact = [-_mp(xk) / (1 + mpmath.exp(t)) + _mp(F(1, 3)) * _mp(tk) for xk, tk in zip(x, th)]
            err = mpmath.sqrt(sum((_mp(a) - b) ** 2 for a, b in zip(g, exact)))
            assert err <= _mp(loss.gradient_error)


@pytest.mark.parametrize("cid", ["d2d.thm3.1", "d2d.thm3.1:shift", "d2d.thm3.4", "d2d.thm3.5", "d2d.rem3.6"])
def test_every_claim_the_non_quadratic_narrowing_was_removed_from_decides_a_logistic_instance(cid):
    from certunlearn.claims.d2d.common import run_error, shift_enclosure

    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith("logistic + ridge"))
    inst = adv.generate(np.random.default_rng(0), 40)[0]
    assert type(setup_of(inst).loss).__name__ == "RoundedLogistic"
    sid = "d2d.thm3.1" if cid.startswith("d2d.thm3.1") else cid
    assert 0 < run_error(sid, inst) < F(1, 2**100)
    enc = shift_enclosure(sid, inst)
    assert enc.rad() > 0  # the rounded gradients' error is carried into the quantity
    assert evaluate(claim, inst, 256).outcome == WITHIN


# =========================================================================== accuracy: anisotropic d = 2, Θ a ball
@pytest.mark.parametrize("a1,a2,c1,c2,tau", [(1, 3, F(1, 2), -1, 2), (1, 20, F(-3, 2), F(1, 4), 7), (2, 2, 0, 0, 4)])
def test_the_ellipse_exterior_matches_an_independent_quadrature_at_100_digits(a1, a2, c1, c2, tau):
    from certunlearn.claims.d2d.ellipse_tail import ellipse_exterior
    from certunlearn.numeric.precision import workprec

    with workprec(360):
        got = ellipse_exterior(*(to_arb(F(v)) for v in (a1, a2, c1, c2, tau)))
    with mpmath.workdps(100):  # the integral over y₁ in the original coordinates (mpmath, no substitution)
        c1m, c2m = _mp(c1), _mp(c2)
        half = mpmath.sqrt(_mp(tau) / a1)

        def inside(y):
            h = mpmath.sqrt(max(0, (_mp(tau) - a1 * (y + c1m) ** 2) / a2))
            return mpmath.npdf(y) * (mpmath.ncdf(h - c2m) - mpmath.ncdf(-h - c2m))

        want = 1 - mpmath.quad(inside, [-c1m - half, -c1m, -c1m + half])
        if a1 == a2 and c1 == c2 == 0:
            assert abs(want - mpmath.exp(-_mp(tau) / (2 * a1))) < mpmath.mpf(10) ** -60  # χ²₂: e^{−τ/2a}
        assert abs(mpmath.mpf(got.mid().str(100, radius=False)) - want) < mpmath.mpf(10) ** -90
        assert got.rad() < 1e-90


def test_the_accuracy_claims_decide_anisotropic_and_ball_instances():
    for cid in ("d2d.thm3.1:accuracy+fix", "d2d.thm3.4:accuracy", "d2d.rem3.6:accuracy"):
        claim = get_claim(cid)
        for prefix, key in (("anisotropic 2-d", None), ("Θ a Euclidean ball", "ball")):
            adv = next(a for a in claim.adversaries if a.name.startswith(prefix))
            inst = adv.generate(np.random.default_rng(0), 40)[0]
            assert (key in inst) if key else inst["A"][0] != inst["A"][1]
            assert evaluate(claim, inst, 256).outcome == WITHIN, (cid, prefix)
