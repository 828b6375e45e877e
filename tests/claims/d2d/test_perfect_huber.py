"""certunlearn.claims.d2d.perfect_huber: Theorem 3.2's perfect variant on the 1-d Huber-smoothed quadratic (issue 23),
its exact round maps against the project's projected GD, and the family inside the claims."""

import numpy as np

from certunlearn.algorithms.d2d import Problem
from certunlearn.algorithms.d2d.descent import projected_gd
from certunlearn.algorithms.d2d.projected_law import gd_round_map
from certunlearn.algorithms.parameters import ceil_exact
from certunlearn.check.evaluate import evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import run_key, setup_of
from certunlearn.claims.d2d.perfect_exact import clip_affine_map
from certunlearn.claims.d2d.perfect_huber import huber_perfect_rounds, huber_step
from certunlearn.claims.d2d.perturbed_gd import huber_perfect
from certunlearn.claims.instances import frac
from certunlearn.formulas.d2d import I_MIN_32
from certunlearn.numeric.fraction import Fraction


def _instances(n):
    return huber_perfect(I_MIN_32).generate(np.random.default_rng(0), 40)[:n]


def test_round_maps_are_projected_gd():
    """θ̂_0, μ_1 and round 1's map g_1 at several starts equal the project's own projected GD (algorithms.d2d,
    Fractions) on the Huber loss: T_n resp. T_1 steps, η = 2/(M + m)."""
    claim = get_claim("d2d.thm3.2")
    checked = 0
    for inst in _instances(4):
        values = claim.with_prescribed(inst)
        s = setup_of(values)
        mean0, rounds = huber_perfect_rounds("d2d.thm3.2", run_key(values))
        env = {k: frac(v) for k, v in values.items() if not isinstance(v, (list, tuple)) and k in ("M", "m", "d", "delta", "epsilon", "I", "L", "D", "n")}
        eta = 2 / (env["M"] + env["m"])
        prob = Problem(s.loss, s.domain)
        Ds = s.datasets()

        def run(X, start, T):
            return frac(projected_gd(prob, X, None, np.asarray([start], dtype=object), eta=eta, T=T)[0])

        T0 = ceil_exact(claim.prescribed["T"], {**env, "n": len(Ds[0])})
        assert mean0 == run(Ds[0], frac(s.theta0[0]), T0)
        g1, mu1 = rounds[0]
        assert mu1 == run(Ds[1], frac(s.theta0[0]), ceil_exact(claim.prescribed["T"], {**env, "n": len(Ds[1])}))
        T1 = ceil_exact(claim.prescribed["T_i"], {**env, "i": 1})
        for start in (s.lo[0], s.hi[0], mean0, Fraction(1, 3), Fraction(-7, 5), Fraction(9, 4)):
            assert g1(start) == run(Ds[1], start, T1)
            checked += 1
    assert checked >= 20


def test_huber_step_without_huber_term_is_the_quadratic_round():
    """With c = 0 the Huber step is the quadratic's projected step: T composed steps equal the quadratic round map
    (certunlearn.algorithms.d2d.projected_law.gd_round_map) as piecewise-affine maps."""
    lo, hi, eta, a = Fraction(-1, 2), Fraction(1, 2), Fraction(1, 2), Fraction(1)
    data = (Fraction(1), Fraction(1), Fraction(-1))
    step = huber_step(a, Fraction(0), Fraction(1, 8), data, eta, lo, hi)
    g = step
    for _ in range(6):
        g = g.then(step)
    assert g == clip_affine_map(gd_round_map(1 - eta * a, sum(data) / 3, lo, hi, 7))


def test_huber_instances_are_decided():
    """The claim's Huber family lies inside the hypotheses and every instance is decided (its enclosure is narrow
    enough against δ), never an error or an exclusion."""
    claim = get_claim("d2d.thm3.2")
    evs = [evaluate(claim, inst, 256) for inst in _instances(6)]
    assert all(ev.decided for ev in evs), [ev.reason for ev in evs]


def test_accuracy_against_mpmath():
    """Theorem 3.2's accuracy (+fix α) on Huber instances, every round recomputed in mpmath (100 digits) from the loss
    written out by hand: the sublevel set {f_{D_i} ≤ min_Θ f_{D_i} + α} by findroot on each side of the constrained
    minimiser; round 0 exactly (θ̃_0 ~ N(θ̂_0, σ²)), round i ≥ 1 between the exits from the points of its map's image
    [L_i, H_i] nearest to and farthest from the set's centre (Anderson). The quantity (max over rounds) must meet
    [max of the lower ends, max of the upper ends]."""
    import mpmath

    from certunlearn.claims.d2d.families import add_beta
    from certunlearn.formulas.d2d import ALPHA_32_FIX
    from certunlearn.numeric.precision import workprec
    from certunlearn.numeric.sympy_arb import arb_eval

    claim = get_claim("d2d.thm3.2:accuracy+fix")
    checked = 0
    for inst in add_beta(huber_perfect(I_MIN_32).generate)(np.random.default_rng(0), 40)[:4]:
        with workprec(128):
            values = claim.with_prescribed(inst)
            q = claim.quantity(values)
            alpha = arb_eval(ALPHA_32_FIX, values)
        s = setup_of(values)
        mean0, rounds = huber_perfect_rounds("d2d.thm3.2:accuracy+fix", run_key(values))
        (c, w), a = s.huber, frac(s.a[0])
        with mpmath.workdps(100):
            mp = lambda x: mpmath.mpf(x.numerator) / x.denominator  # noqa: E731
            A, C, W = mp(a), mp(c), mp(w)
            lo, hi = mp(s.lo[0]), mp(s.hi[0])
            sig = mpmath.mpf(values["sigma"].mid().str(60, radius=False))
            Q = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2  # noqa: E731
            exit_ = lambda y, u, v: Q((v - y) / sig) + Q((y - u) / sig)  # noqa: E731
            hub = lambda r: r * r / (2 * W) if abs(r) <= W else abs(r) - W / 2  # noqa: E731
            lows, highs = [], []
            for X, law in zip(s.datasets(), [None] + [g.image_hull() for g, _ in rounds]):
                data = [mp(frac(r[0])) for r in X]
                f = lambda t: sum(A * (t - x) ** 2 / 2 + C * hub(t - x) for x in data) / len(data)  # noqa: E731
                grid = [lo + (hi - lo) * k / 2000 for k in range(2001)]
                star = min(grid, key=f)
                if lo < star < hi:
                    star = mpmath.findroot(lambda t: mpmath.diff(f, t), star)
                level = f(star) + mpmath.mpf(alpha.mid().str(60, radius=False))
                ends = []
                for sign in (-1, 1):
                    k = mpmath.mpf(1)
                    while f(star + sign * k) <= level:
                        k *= 2
                    ends.append(mpmath.findroot(lambda t: f(t) - level, (star, star + sign * k), solver="anderson"))
                u, v = min(ends), max(ends)
                if law is None:
                    lows.append(exit_(mp(mean0), u, v))
                    highs.append(lows[-1])
                else:
                    L, H = mp(law[0]), mp(law[1])
                    centre = (u + v) / 2
                    near = min(max(centre, L), H)
                    far = L if abs(L - centre) >= abs(H - centre) else H
                    lows.append(exit_(near, u, v))
                    highs.append(exit_(far, u, v))
            lower, upper = max(lows), max(highs)
        tol = mpmath.mpf(10) ** -12
        assert mpmath.mpf(q.upper().str(40, radius=False)) >= lower * (1 - tol)
        assert mpmath.mpf(q.lower().str(40, radius=False)) <= upper * (1 + tol)
        checked += 1
    assert checked == 4


def test_power_by_squaring_is_the_one_step_at_a_time_map_entry_for_entry():
    """projected_law.composed_power (squaring) returns the very PiecewiseAffine (breaks and pieces) of composing the step one
    at a time — the composites are simplified, one representation per function — for every count up to 13."""
    from certunlearn.algorithms.d2d.projected_law import composed_power

    lo, hi = Fraction(-1, 2), Fraction(3, 4)
    cases = [(Fraction(1), Fraction(3, 2), Fraction(1, 8), (Fraction(1), Fraction(-1, 3), Fraction(1, 5)), Fraction(2, 5)),
             (Fraction(1, 2), Fraction(1), Fraction(1, 2), (Fraction(-1), Fraction(2, 3)), Fraction(1, 3))]
    for a, c, w, data, eta in cases:
        step = huber_step(a, c, w, data, eta, lo, hi)
        g = step
        for times in range(1, 14):
            if times > 1:
                g = g.then(step)
            p = composed_power(step, times)
            assert (p.breaks, p.pieces) == (g.breaks, g.pieces), times
