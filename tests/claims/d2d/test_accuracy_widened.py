"""Issue 23, d2d §3 accuracy claims beyond quadratics on boxes: the one-dimensional Huber-smoothed quadratic (the
sublevel interval's ends exact roots on their pieces, certunlearn.claims.d2d.interval_tail) and anisotropic
quadratics on a ball (θ* by the secular equation, certunlearn.claims.d2d.ball_argmin) — each enclosure against an
independent mpmath computation at 100 digits, and each family generated and decided."""

import mpmath
import numpy as np
import pytest
from flint import arb, ctx

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.ball_argmin import ball_argmin, secular_bracket
from certunlearn.claims.d2d.common import excess_probability, setup_of
from certunlearn.claims.d2d.interval_tail import quadratic_through, sublevel_interval
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction

F = Fraction
ACC = ("d2d.thm3.1:accuracy", "d2d.thm3.1:accuracy+fix", "d2d.thm3.4:accuracy", "d2d.thm3.5:accuracy+fix",
       "d2d.rem3.6:accuracy")


def _mp(q):
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


def _bisect(g, lo, hi, steps=400):
    """The sign change of g on [lo, hi] by plain bisection in mpmath (g(lo) and g(hi) of opposite signs)."""
    up = g(hi) > 0
    for _ in range(steps):
        mid = (lo + hi) / 2
        if (g(mid) > 0) == up:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


def _contains(ball: arb, value) -> bool:
    """``ball`` meets the 100-digit value widened by 10⁻⁸⁵ (agreement to 85 digits at least)."""
    with ctx.workprec(400):
        return ball.overlaps(arb(mpmath.nstr(value, 95), arb(10) ** -85))


def _huber_setup():
    inst = {"A": [F(1)], "R": F(2), "lo": [F(-1, 2)], "hi": [F(1, 2)], "huber": [F(3, 8), F(1, 4)],
            "X": [[F(2)], [F(2)], [F(-1, 3)], [F(7, 10)]], "U": [], "theta0": [F(-1, 2)]}
    return setup_of(inst)


def _mp_huber_risk(s, X, th):
    c, w = _mp(s.huber[0]), _mp(s.huber[1])
    tot = mpmath.mpf(0)
    for row in X:
        r = th - _mp(row[0])
        hub = r * r / (2 * w) if abs(r) <= w else abs(r) - w / 2
        tot += _mp(s.a[0]) * r * r / 2 + c * hub
    return tot / len(X)


def test_the_interpolated_piece_is_the_loss_on_that_piece():
    f = lambda t: 3 * t * t - F(1, 2) * t + F(2, 7)
    assert quadratic_through(f, F(-1, 3), F(5, 4)) == (F(3), F(-1, 2), F(2, 7))


def test_the_1d_huber_accuracy_probability_agrees_with_mpmath_at_100_digits():
    """Independent: the box minimiser by mpmath bisection of the derivative, the roots of f = min f + α by mpmath
    bisection, the mass by mpmath's erfc, all at 100 digits, from the loss written out again."""
    s = _huber_setup()
    X = s.X
    mean = [F(1, 5)]
    with ctx.workprec(400):
        sigma, alpha = arb(3) / 10, arb(1) / 7
        got = excess_probability(s, X, np.asarray(mean, dtype=object), sigma, alpha)
    with mpmath.workdps(100):
        f = lambda t: _mp_huber_risk(s, X, t)
        # f is decreasing across the box here (the data mean 1.09 lies right of it): the minimiser is the right end
        hi_ = _mp(s.hi[0])
        assert mpmath.diff(f, hi_) < 0
        star = hi_
        t = f(star) + mpmath.mpf(1) / 7
        a = _bisect(lambda x: f(x) - t, star - 20, star)
        b = _bisect(lambda x: f(x) - t, star, star + 20)
        sd = mpmath.mpf(3) / 10 * mpmath.sqrt(2)
        want = (mpmath.erfc((b - _mp(mean[0])) / sd) + mpmath.erfc((_mp(mean[0]) - a) / sd)) / 2
    assert _contains(got, want), (got, want)
    assert got.rad() < 1e-60


def test_a_level_through_a_breakpoint_is_enclosed_on_both_pieces():
    """f(k) − t undecided at a breakpoint k (t = f(k) exactly): the end is k, inside the hull of both pieces' roots."""
    s = _huber_setup()
    f = lambda t: s.loss.risk(np.asarray([t], dtype=object), s.X)
    star = s.minimiser(s.X)[0]
    k = F(-1, 3) - F(1, 4)  # the breakpoint x − w of the point −1/3, left of θ* = 1/2 (f decreases across Θ)
    lo, hi = sublevel_interval(f, sorted({x[0] + e for x in s.X for e in (F(-1, 4), F(1, 4))}), star, to_arb(f(k)))
    assert lo.contains(to_arb(k)) and lo.rad() < 1e-10 and hi > to_arb(star)


def test_the_1d_logistic_accuracy_probability_agrees_with_mpmath_at_100_digits():
    """Logistic + ridge (optimum inside Θ): θ*, min f and the sublevel ends by mpmath bisection at 100 digits on the
    loss written out again; the claims' enclosure must agree."""
    inst = {"A": [F(1, 4)], "R": F(2), "lo": [F(-1)], "hi": [F(1)], "logistic": F(1),
            "X": [[F(2)], [F(-1, 2)], [F(1)], [F(-3, 2)]], "U": [], "theta0": [F(-1)]}
    s = setup_of(inst)
    mean = [F(3, 10)]
    with ctx.workprec(300):
        got = excess_probability(s, s.X, np.asarray(mean, dtype=object), arb(1) / 4, arb(1) / 5)
    with mpmath.workdps(100):
        lam = mpmath.mpf(1) / 4
        xs = [_mp(r[0]) for r in s.X]
        f = lambda t: sum(mpmath.log(1 + mpmath.exp(-x * t)) for x in xs) / len(xs) + lam * t * t / 2
        df = lambda t: sum(-x / (1 + mpmath.exp(x * t)) for x in xs) / len(xs) + lam * t
        star = _bisect(df, mpmath.mpf(-1), mpmath.mpf(1))
        t = f(star) + mpmath.mpf(1) / 5
        a, b = _bisect(lambda x: f(x) - t, star - 20, star), _bisect(lambda x: f(x) - t, star, star + 20)
        sd = mpmath.sqrt(2) / 4
        want = (mpmath.erfc((b - _mp(mean[0])) / sd) + mpmath.erfc((_mp(mean[0]) - a) / sd)) / 2
    assert _contains(got, want), (got, want)
    assert got.rad() < 1e-60


def test_the_ball_argmin_agrees_with_mpmath_at_100_digits_and_meets_kkt():
    a, xbar, r = [F(1), F(20)], [F(5, 4), F(5, 4)], F(1, 2)
    lo, hi = secular_bracket(a, xbar, r, 300)
    with ctx.workprec(400):
        star = ball_argmin(a, xbar, r)
    with mpmath.workdps(100):
        phi = lambda nu: sum((_mp(ak) * _mp(xk) / (_mp(ak) + nu)) ** 2 for ak, xk in zip(a, xbar)) - _mp(r) ** 2
        nu = _bisect(phi, mpmath.mpf(0), mpmath.mpf(100))
        want = [_mp(ak) * _mp(xk) / (_mp(ak) + nu) for ak, xk in zip(a, xbar)]
        assert _mp(lo) - mpmath.mpf(10) ** -95 <= nu <= _mp(hi) + mpmath.mpf(10) ** -95
    assert all(_contains(s_, w_) for s_, w_ in zip(star, want))
    assert all(v.rad() < 1e-80 for v in star)
    # KKT: θ* on the sphere, A(θ* − x̄) = −νθ* with ν > 0
    with mpmath.workdps(100):
        assert abs(sum(w * w for w in want) - _mp(r) ** 2) < mpmath.mpf(10) ** -90


def test_inside_the_ball_the_argmin_is_the_mean_exactly():
    assert ball_argmin([F(1), F(4)], [F(1, 4), F(-1, 5)], F(1)) == [F(1, 4), F(-1, 5)]


@pytest.mark.parametrize("cid", ACC)
@pytest.mark.parametrize("family, key", [("Huber-smoothed quadratics in d = 1", "huber"),
                                         ("logistic + ridge in d = 1", "logistic"),
                                         ("Θ a Euclidean ball: anisotropic", "ball"),
                                         ("Θ a polytope", "polytope")])
def test_each_new_family_reaches_its_part_and_is_decided(cid, family, key):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith(family))
    inst = adv.generate(np.random.default_rng(0), 40)[0]
    assert inst.get(key)
    if key == "polytope":  # the data mean outside Θ: θ* on the boundary, by active-set enumeration
        s = setup_of(inst)
        X = s.datasets()[-1]
        assert not s.domain.contains([sum(r[j] for r in X) / len(X) for j in range(s.dim)])
    elif key == "ball":  # A ≠ aI and the data mean outside Θ: the secular equation is what decides θ*
        assert len(set(inst["A"])) == 2
        xbar = np.mean(np.asarray(inst["X"], dtype=float), axis=0)
        assert float(np.hypot(*xbar)) > float(inst["ball"])
    else:
        assert len(inst["A"]) == 1
    assert evaluate(claim, inst, 256).outcome in (WITHIN, "violated")


def test_the_scope_keeps_only_true_narrowings():
    from certunlearn.claims.d2d.scope import SCOPE

    for key in ("thm3.1:accuracy", "thm3.4:accuracy", "thm3.5:accuracy", "rem3.6:accuracy"):
        whats = [n.what for n in SCOPE[key].narrowed]
        assert not any("anisotropic quadratics on a ball" in w for w in whats)  # reached: the secular family
        assert not any(w.startswith("losses other than quadratics in the accuracy") for w in whats)  # d = 1 Huber
        assert not any("d = 1" in w for w in whats)  # d = 1 logistic: bracketed (any λ ≥ 0)
        assert not any("polytope" in w for w in whats)
        # nothing left: d ≥ 9 is reached (.convex_families, the dimension grows with the profile), in the convex
        # theorems' classes the losses with m = 0 are enclosed around a feasible point (.convex_tail), and the printed
        # class's off-Θ part (the loss's values off Θ, where the accuracy evaluates it) by .offtheta_excess
        assert whats == []
    for key in ("thm3.1:accuracy", "thm3.4:accuracy", "thm3.5:accuracy", "rem3.6:accuracy", "thm4.5:alpha"):
        assert "on all of ℝ^d" in SCOPE[key + "+fix"].theorem_class and "on all of ℝ^d" not in SCOPE[key].theorem_class
        assert "offtheta_excess" in SCOPE[key].reached and "offtheta_excess" not in SCOPE[key + "+fix"].reached


@pytest.mark.parametrize("cid", ["d2d.thm4.5:accuracy", "d2d.thm4.5:accuracy+fix"])
def test_thoroughs_theorem45_instance_runs_in_every_profile(cid):
    """Issue 23 item 4: the instance thorough's boundary search found is a structured family quick runs too."""
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith("thorough's boundary instance"))
    insts = adv.generate(np.random.default_rng(0), 40)
    assert len(insts) == 1 and insts[0]["delta"] == F(1, 2**40) and insts[0]["V"] > 0
    assert evaluate(claim, insts[0], 256).outcome in (WITHIN, "violated")
