"""certunlearn.claims.d2d.perturbed_gd (Theorem 3.1): the true δ and accuracy against independent oracles."""

import mpmath

from certunlearn.algorithms.parameters import ceil_exact
from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d import common
from certunlearn.claims.instances import frac
from certunlearn.formulas import d2d as F
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval
from certunlearn.numeric.enclosure import to_arb


def _mp(x) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator if isinstance(x, RATIONAL_TYPES) else mpmath.mpf(x)


def _hand_pgd(a, lo, hi, X, theta, eta, T):
    c = sum(X) / len(X)
    for _ in range(T):
        theta = min(max(theta - eta * a * (theta - c), lo), hi)
    return theta


def test_thm31_delta_oracle():
    """Recompute both published means with a hand-written 1-d projected GD (Fractions) and the true δ with the
    Balle–Wang formula in mpmath at 100 digits."""
    claim = get_claim("d2d.thm3.1")
    inst = common.pgd_instance([3], 1, [-1], [1], [[1], [1], [-1], [1]], [[-1, 1], [1, -1]], [-1],
                          epsilon=Fraction(1), delta=Fraction(1, 100), I=1)
    inst["m"], inst["M"] = Fraction(1), Fraction(3)
    vals = {k: frac(v) if not isinstance(v, list) else v for k, v in inst.items()}
    eta = Fraction(1, 2)
    gam = Fraction(1, 2)
    Tn = lambda nn: max(0, int(mpmath.ceil(1 + mpmath.log(vals["D"] * nn / (2 * vals["L"])) / mpmath.log(2))))  # noqa: E731
    D0 = [Fraction(1), Fraction(1), Fraction(-1), Fraction(1)]
    D1 = [Fraction(1), Fraction(-1), Fraction(1)]
    D2 = D1 + [Fraction(-1)]
    th = _hand_pgd(3, -1, 1, D0, Fraction(-1), eta, Tn(4))
    shifts = []
    for Di in (D1, D2):
        th = _hand_pgd(3, -1, 1, Di, th, eta, 1)
        mu = _hand_pgd(3, -1, 1, Di, Fraction(-1), eta, Tn(len(Di)))
        shifts.append(abs(th - mu))
    with mpmath.workdps(100):
        L, n = _mp(vals["L"]), 4
        g = _mp(gam)
        lg = mpmath.log(100)
        sig = 4 * mpmath.sqrt(2) * L * g / (n * (1 - g) * (mpmath.sqrt(lg + 1) - mpmath.sqrt(lg)))
        s = _mp(max(shifts)) / sig
        ncdf = lambda z: mpmath.erfc(-z / mpmath.sqrt(2)) / 2  # noqa: E731
        true = ncdf(s / 2 - 1 / s) - mpmath.e * ncdf(-s / 2 - 1 / s) if s > 0 else mpmath.mpf(0)
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    assert abs(float(to_arb(q).mid()) - float(true)) <= 1e-12 * max(float(true), 1e-300) + float(q.rad()) + 1e-300


def test_accuracy_oracle_boundary_optimum():
    """Theorem 3.1's accuracy event at round 0 in 1-d with the optimum on the boundary, by mpmath erfc."""
    claim = get_claim("d2d.thm3.1:accuracy")
    inst = common.pgd_instance([1], 2, [-1], [1], [[2]] * 4, [], [-1], epsilon=Fraction(1), delta=Fraction(1, 10**5),
                          I=20, beta=Fraction(1, 20))
    inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
    with workprec(256):
        vals = claim.with_prescribed(inst)
        q = claim.quantity(vals)
        alpha = arb_eval(F.ALPHA_31, vals)
    th = _hand_pgd(1, -1, 1, [Fraction(2)] * 4, Fraction(-1), Fraction(4, 3),
                   ceil_exact(F.T_31, {k: frac(inst[k]) for k in ("I", "D", "m", "n", "L", "M")}))
    with mpmath.workdps(100):
        sig = mpmath.mpf(vals["sigma"].mid().str(60, radius=False))
        al = mpmath.mpf(alpha.mid().str(60, radius=False))
        rad = mpmath.sqrt(1 + 2 * al)  # |θ̃ − 2| > √((1 − 2)² + 2α/a)
        t = _mp(th)
        p = (mpmath.erfc((2 + rad - t) / (sig * mpmath.sqrt(2))) + mpmath.erfc((t - (2 - rad)) / (sig * mpmath.sqrt(2)))) / 2
    assert abs(float(to_arb(q).mid()) - float(p)) < 1e-9
    assert float(p) > 0.05  # the printed accuracy bound fails here
    assert evaluate(claim, inst, 512).outcome == VIOLATED
    assert evaluate(get_claim("d2d.thm3.1:accuracy+fix"), inst, 512).outcome == WITHIN


def _perfect_round1(claim_id, a, lo, hi, X0, deleted, beta=None):
    """A one-update Theorem 3.2 instance on Θ = [lo, hi] (m = 1, M = 3, ε = 1/2, δ = 10⁻⁵, I at its lower bound)
    and, by hand-written projected GD (Fractions): θ̂_0, μ_1, c_1 and the image [L_1, H_1] of round 1's map."""
    claim = get_claim(claim_id)
    inst = common.pgd_instance([a], 1, [lo], [hi], [[x] for x in X0], [[-1, deleted]], [lo],
                               epsilon=Fraction(1, 2), delta=Fraction(1, 10**5), I=1)
    inst["m"], inst["M"] = Fraction(1), Fraction(3)
    expr = F.I_MIN_32_FIX if claim_id == "d2d.thm3.2+fix" else F.I_MIN_32
    inst["I"] = ceil_exact(expr, {k: frac(inst[k]) for k in ("M", "m", "d", "delta", "epsilon")})
    if beta is not None:
        inst["beta"] = beta
    env = {k: frac(v) for k, v in inst.items() if not isinstance(v, list)}
    eta = Fraction(1, 2)
    D0 = [Fraction(x) for x in X0]
    D1 = list(D0)
    D1.remove(Fraction(deleted))
    T = lambda nn: ceil_exact(claim.prescribed["T"], {**env, "n": nn})  # noqa: E731
    T1 = ceil_exact(claim.prescribed["T_i"], {**env, "i": 1})
    th0 = _hand_pgd(a, lo, hi, D0, Fraction(lo), eta, T(len(D0)))
    mu1 = _hand_pgd(a, lo, hi, D1, Fraction(lo), eta, T(len(D1)))
    ends = sorted(_hand_pgd(a, lo, hi, D1, Fraction(s * 10**9), eta, T1) for s in (-1, 1))
    return claim, inst, th0, mu1, sum(D1) / len(D1), ends


def test_perfect_delta_projected_enclosure():
    """Theorem 3.2 with σ comparable to Θ (the affine law's ± P(projection acts) is about ±0.5 here): the quantity
    lies inside the projected chain's bounds recomputed by hand — [δ_BW(dist(μ_1, [L_1, H_1])/σ),
    δ_BW(max |L_1 − μ_1|, |H_1 − μ_1| /σ)], Balle–Wang in mpmath at 100 digits."""
    for claim_id in ("d2d.thm3.2", "d2d.thm3.2+fix"):
        claim, inst, _, mu1, _, (L1, H1) = _perfect_round1(claim_id, 3, Fraction(-1, 2), Fraction(1, 2), [1, 1, -1, 1], 1)
        with workprec(256):
            vals = claim.with_prescribed(inst)
            q = claim.quantity(vals)
        near, far = max(L1 - mu1, mu1 - H1, 0), max(abs(L1 - mu1), abs(H1 - mu1))
        with mpmath.workdps(100):
            sig = mpmath.mpf(to_arb(vals["sigma"]).mid().str(80, radius=False))
            ncdf = lambda z: mpmath.erfc(-z / mpmath.sqrt(2)) / 2  # noqa: E731
            bw = lambda sh: (ncdf(sh / 2 - mpmath.mpf(1) / (2 * sh)) - mpmath.exp(mpmath.mpf(1) / 2)  # noqa: E731
                             * ncdf(-sh / 2 - mpmath.mpf(1) / (2 * sh))) if sh > 0 else mpmath.mpf(0)
            lower, upper = bw(_mp(near) / sig), bw(_mp(far) / sig)
        assert far > 0 and sig > 4 * _mp(far)  # σ large against the image: a small upper bound
        assert q.lower() >= lower * (1 - mpmath.mpf(10) ** -30) - mpmath.mpf(10) ** -300
        assert q.upper() <= upper * (1 + mpmath.mpf(10) ** -8)  # a ball's radius carries ~30 bits


def test_perfect_accuracy_projected_enclosure():
    """Theorem 3.2's accuracy (+fix α) at a one-update instance with σ comparable to Θ: max over rounds of
    P[|θ̃_i − c_i| > r_i] lies in [max(P_0, P_1(near)), max(P_0, P_1(far))] — round 0 Gaussian exactly, round 1
    between the exits from the points of [L_1, H_1] nearest to and farthest from c_1 — by mpmath erfc at 100 digits;
    and a Monte Carlo run of the chain (sanity only) agrees."""
    import numpy as np

    claim, inst, th0, _, c1, (L1, H1) = _perfect_round1("d2d.thm3.2:accuracy+fix", 3, Fraction(-1, 2), Fraction(1, 2),
                                                       [1, 1, -1, 1], 1, beta=Fraction(1, 2))
    with workprec(256):
        vals = claim.with_prescribed(inst)
        q = claim.quantity(vals)
        alpha = arb_eval(F.ALPHA_32_FIX, vals)
    c0 = Fraction(1, 2)  # the mean of D_0 (inside Θ: θ* = c, the radius is √(2α/a))
    with mpmath.workdps(100):
        sig = mpmath.mpf(to_arb(vals["sigma"]).mid().str(80, radius=False))
        r = mpmath.sqrt(2 * mpmath.mpf(alpha.mid().str(80, radius=False)) / 3)
        ex = lambda y, c: (mpmath.erfc((c + r - y) / (sig * mpmath.sqrt(2)))  # noqa: E731
                           + mpmath.erfc((y - (c - r)) / (sig * mpmath.sqrt(2)))) / 2
        p0 = ex(_mp(th0), _mp(c0))
        near = min(max(c1, L1), H1)
        far = L1 if abs(L1 - c1) >= abs(H1 - c1) else H1
        lower, upper = max(p0, ex(_mp(near), _mp(c1))), max(p0, ex(_mp(far), _mp(c1)))
    with workprec(256):
        slack = mpmath.mpf(10) ** -12  # the ball's radius carries ~30 bits
        assert q.lower() >= lower - slack and q.upper() <= upper + slack
        assert q.upper() - q.lower() < mpmath.mpf(1) / 100
    rng = np.random.default_rng(3)
    s, N = float(sig), 100_000
    t = float(th0) + s * rng.standard_normal(N)
    for _ in range(ceil_exact(claim.prescribed["T_i"], {k: frac(v) for k, v in inst.items() if not isinstance(v, list)} | {"i": 1})):
        t = np.clip(t - 0.5 * 3 * (t - float(c1)), -0.5, 0.5)
    t1 = t + s * rng.standard_normal(N)
    p1 = np.mean(np.abs(t1 - float(c1)) > float(r))
    mc = max(float(p0), p1)
    assert float(q.lower()) - 5 * np.sqrt(mc * (1 - mc) / N) <= mc <= float(q.upper()) + 5 * np.sqrt(mc * (1 - mc) / N)


def test_thm32_laws_give_the_epsilon_scale_tightness():
    """Theorem 3.2 (lines 256–265) and its +fix state the projected chain's privacy profile (``laws``): at the
    instance's ε it encloses the quantity itself, it does not increase with ε′, and the ε-scale tightness (the smallest
    ε′ whose δ(ε′) is within the certified δ, over ε) is reported, a certified lower end in [0, 1] (at ε′ = 0 the
    mixtures' total variation exceeds δ, so the true ε′ is positive; at this instance its bisection is undecided
    early and the lower end is 0)."""
    from flint import arb

    from certunlearn.check.epsilon import epsilon_tightness

    inst = {"A": ["1"], "R": "1", "lo": ["-1/2"], "hi": ["1/2"], "X": [["1"], ["1"], ["-1"], ["1"]], "U": [["-1", "1"]],
            "theta0": ["-1/2"], "n": "4", "d": "1", "i": "1", "L": "3/2", "D": "1", "m": "1", "M": "3",
            "epsilon": "1", "delta": "1/100", "I": "8"}
    for cid in ("d2d.thm3.2", "d2d.thm3.2+fix"):
        claim = get_claim(cid)
        with workprec(128):
            values = claim.with_prescribed(inst)
            profile = claim.laws(values).delta
            at_eps, at_zero = profile(arb(1)), profile(arb(0))
            assert at_eps.overlaps(claim.quantity(values))
            assert at_zero > to_arb(Fraction(1, 100)) and at_zero.lower() >= at_eps.upper()
        ratio = epsilon_tightness(claim, [inst]).epsilon_ratio
        assert ratio is not None and 0 <= ratio <= 1
