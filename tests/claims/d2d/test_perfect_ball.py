"""Theorem 3.2 beyond decoupled coordinates (certunlearn.claims.d2d.perfect_ball): the image-ball enclosures of δ and
of the accuracy tail contain the exact values of two-point mixtures in d = 2 computed by quadrature at 50 digits; the
rounded runs enclose 50-digit runs and the images of far-apart starts; the family is decided inside the hypotheses;
the new counterexample of the printed accuracy claim (the boundary optimum on a disc with 𝓘 = 40) is confirmed at 100
digits from independent runs and an independent tail."""

import mpmath
import numpy as np
import pytest
import sympy
from flint import arb, ctx

from certunlearn.algorithms.parameters import ceil_exact
from certunlearn.check.evaluate import evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import setup_of
from certunlearn.claims.d2d.perfect_ball import image_ball_delta, image_ball_tail, perfect_ball_rounds
from certunlearn.formulas.d2d import ALPHA_32
from certunlearn.numeric.fraction import Fraction

IDS = ("d2d.thm3.2", "d2d.thm3.2+fix", "d2d.thm3.2:accuracy", "d2d.thm3.2:accuracy+fix")


def _family(cid, size=40):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith("d ≥ 2 beyond decoupled"))
    return claim, adv, adv.generate(np.random.default_rng(0), size)


def _mp(q):
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


def _inside(x, ball: arb, slack=0) -> bool:
    lo, hi = (mpmath.mpf(v.str(60, radius=False)) for v in (ball.lower(), ball.upper()))
    return lo - slack <= x <= hi + slack


# =========================================================================== δ of a two-point mixture in d = 2
def _hockey(points, mu, eps, forward):
    """E_ε(P ‖ Q) (``forward``) or E_ε(Q ‖ P) for P = ½N(y₁, I) + ½N(y₂, I), Q = N(μ, I) in d = 2, every y and μ with
    y_k2 > μ_2: for fixed x₁ the density ratio along x₂ is a sum of increasing exponentials against a constant, so the
    set where the integrand is positive is a half-line [t, ∞) (forward) or (−∞, t] (reverse), t found by a
    bracketing solver (the bracket doubled until the sign changes);
    the inner integral is then exact (normal CDFs), the outer one by tanh-sinh quadrature."""
    k = mpmath.exp(eps)
    phi, cdf = mpmath.npdf, mpmath.ncdf

    def inner(x1):
        w = [phi(x1 - y[0]) / 2 for y in points]
        wq = phi(x1 - mu[0])

        def gap(t):  # p(x1, t) − e^ε q(x1, t) forward, q − e^ε p reverse; increasing (forward) in t
            p = sum(wk * phi(t - y[1]) for wk, y in zip(w, points))
            q = wq * phi(t - mu[1])
            return p - k * q if forward else k * p - q

        lo, hi = mpmath.mpf(-1), mpmath.mpf(1)
        while gap(lo) > 0:  # p/q is unbounded both ways along x₂ (mpmath's exponent range: no underflow)
            lo *= 2
        while gap(hi) < 0:
            hi *= 2
        def log_gap(t):  # the same sign, well scaled for the solver's tolerance
            p = sum(wk * phi(t - y[1]) for wk, y in zip(w, points))
            q = wq * phi(t - mu[1])
            return mpmath.log(p) - mpmath.log(k * q) if forward else mpmath.log(k * p) - mpmath.log(q)

        t = mpmath.findroot(log_gap, (lo, hi), solver="anderson")  # a bracketing solver: the root stays in [lo, hi]
        p_up = sum(wk * (1 - cdf(t - y[1])) for wk, y in zip(w, points))  # P-mass of x₂ > t at x₁
        q_up = wq * (1 - cdf(t - mu[1]))
        if forward:
            return p_up - k * q_up
        return (wq - q_up) - k * (sum(w) - p_up)

    return mpmath.quad(inner, [-mpmath.inf, -5, 0, 5, mpmath.inf])


def test_the_image_ball_delta_encloses_a_two_point_mixture_by_quadrature():
    """Two points y₁ = c + r·e₁, y₂ = c + r·(−3/5, 4/5) on the sphere of B(c, r), c = (6/5, 1/2), r = 2/5, against
    μ = 0, σ = 1, ε = 1/2: both directions lie inside [δ_BW(‖c‖ − r), δ_BW(‖c‖ + r)] (‖c‖ = 13/10), and the lower end
    is positive (the enclosure is not the trivial [0, ·])."""
    c, r, eps = (Fraction(6, 5), Fraction(1, 2)), Fraction(2, 5), Fraction(1, 2)
    ys = [(c[0] + r, c[1]), (c[0] - r * Fraction(3, 5), c[1] + r * Fraction(4, 5))]
    old = ctx.prec
    ctx.prec = 200
    try:
        ball = image_ball_delta(arb(1) / 2, arb(1), arb(13) / 10, arb(2) / 5)
    finally:
        ctx.prec = old
    assert ball.lower() > 0
    with mpmath.workdps(50):
        pts = [(_mp(a), _mp(b)) for a, b in ys]
        for forward in (True, False):
            value = _hockey(pts, (mpmath.mpf(0), mpmath.mpf(0)), _mp(eps), forward)
            assert _inside(value, ball), (forward, value, ball)


# =========================================================================== the accuracy tail of a two-point mixture
def _quadratic_tail(y, grad, a, sigma, alpha):
    """P[⟨g, Δ⟩ + ½Σ a_kΔ_k² > α] for Δ ~ N(y, σ²I) in d = 2: given Δ₁ the event is a quadratic inequality in Δ₂
    (its two roots: normal CDFs), the outer integral by tanh-sinh quadrature split where the discriminant vanishes
    and across the Gaussian's bulk."""
    g1, g2 = grad
    a1, a2 = a

    def given(d1):
        C = g1 * d1 + a1 * d1 * d1 / 2 - alpha
        disc = g2 * g2 - 2 * a2 * C
        if disc <= 0:
            return mpmath.mpf(1)
        s = mpmath.sqrt(disc)
        lo, hi = (-g2 - s) / a2, (-g2 + s) / a2
        return mpmath.ncdf((lo - y[1]) / sigma) + 1 - mpmath.ncdf((hi - y[1]) / sigma)

    # disc = 0 ⇔ a1a2d1² + 2a2g1d1 − (2a2α + g2²) = 0
    A_, B_, C_ = a1 * a2, 2 * a2 * g1, -(2 * a2 * alpha + g2 * g2)
    s = mpmath.sqrt(B_ * B_ - 4 * A_ * C_)
    cuts = [(-B_ - s) / (2 * A_), (-B_ + s) / (2 * A_)]
    around = [y[0] + j * sigma for j in (-40, -8, -2, 0, 2, 8, 40)]  # the Gaussian's bulk, however narrow
    return mpmath.quad(lambda d1: given(d1) * mpmath.npdf(d1, y[0], sigma),
                       [-mpmath.inf, *sorted(set(cuts + around)), mpmath.inf])


_G, _C, _R = (Fraction(-1, 2), Fraction(-1, 5)), (Fraction(3, 10), Fraction(-1, 5)), Fraction(3, 20)
_SIGMA, _ALPHA = Fraction(1, 3), Fraction(1, 5)


def _tail_enclosure():
    old = ctx.prec
    ctx.prec = 200
    try:
        A = lambda q: arb(q.numerator) / q.denominator  # noqa: E731
        return image_ball_tail([A(v) for v in _C], [A(v) for v in _G], arb(1), arb(4), A(_R), A(_SIGMA), A(_ALPHA))
    finally:
        ctx.prec = old


def _sphere_point(kappa, far):
    """The point of the sphere of B(c, r) farthest from (``far``) or nearest to θ* − g/κ (θ* = 0)."""
    v = [_mp(c) + _mp(g) / kappa for c, g in zip(_C, _G)]
    norm = mpmath.sqrt(sum(t * t for t in v))
    return [_mp(c) + (1 if far else -1) * _mp(_R) * t / norm for c, t in zip(_C, v)]


@pytest.mark.parametrize("case", ["mixture", "farthest", "nearest"])
def test_the_image_ball_tail_encloses_the_tails_of_quadratics_by_quadrature(case):
    """f(θ* + Δ) − f(θ*) = ⟨g, Δ⟩ + ½ΔᵀAΔ, a quadratic with curvatures in [1, 4] and ∇f(θ*) = g, θ* = 0, the ball
    B(c, r): ``mixture`` — A = diag(1, 4), two points of the sphere, each tail and their mixture inside the enclosure,
    which is not trivial (lower end > 0, upper end < 1); ``farthest`` — A = 4I (the upper model is f itself) at the
    point farthest from θ* − g/4: its tail is the enclosure's upper end (to 10⁻⁸: the ball's radius is stored to 30
    bits); ``nearest`` — A = I at the point nearest θ* − g: its tail is the lower end."""
    ball = _tail_enclosure()
    assert 0 < ball.lower() and ball.upper() < 1
    with mpmath.workdps(50):
        g = [_mp(v) for v in _G]
        if case == "mixture":
            ys = [(_mp(_C[0] + _R), _mp(_C[1])), (_mp(_C[0] - _R * Fraction(3, 5)), _mp(_C[1] + _R * Fraction(4, 5)))]
            tails = [_quadratic_tail(y, g, (1, 4), _mp(_SIGMA), _mp(_ALPHA)) for y in ys]
            for t in tails + [(tails[0] + tails[1]) / 2]:
                assert _inside(t, ball), (t, ball)
            return
        kappa = 4 if case == "farthest" else 1
        t = _quadratic_tail(_sphere_point(kappa, case == "farthest"), g, (kappa, kappa), _mp(_SIGMA), _mp(_ALPHA))
        end = mpmath.mpf((ball.upper() if case == "farthest" else ball.lower()).str(60, radius=False))
        # an arb ball stores its radius to 30 bits: its ends sit up to ~2⁻³⁰ of the radius outside the exact ones
        assert _inside(t, ball), (t, ball)
        assert abs(t - end) < mpmath.mpf(10) ** -8, (case, t, end)


# =========================================================================== the runs and the image ball
def _run(data, lam, radius, eta, start, steps):
    """Projected GD on mean log(1 + e^{−⟨x, θ⟩}) + (λ/2)‖θ‖² onto the disc at the working mpmath precision."""
    th = [mpmath.mpf(v) for v in start]
    for _ in range(steps):
        grad = [lam * t for t in th]
        for x in data:
            z = sum(a * t for a, t in zip(x, th))
            s = 1 / (1 + mpmath.exp(z))  # σ(−z)
            grad = [gk - s * a / len(data) for gk, a in zip(grad, x)]
        th = [t - eta * gk for t, gk in zip(th, grad)]
        norm = mpmath.sqrt(sum(t * t for t in th))
        if norm > radius:
            th = [t * radius / norm for t in th]
    return th


@pytest.mark.parametrize("cid", ["d2d.thm3.2", "d2d.thm3.2+fix"])
def test_the_rounded_runs_and_the_image_ball_enclose_50_digit_runs(cid):
    """Logistic + ridge on the disc (the family's second instance): retraining's μ_i is within e of a 50-digit run,
    and round i's map sends far-apart starts (inside and far outside Θ) into B(c_i, r_i + e)."""
    claim, _, insts = _family(cid)
    inst = next(i for i in insts if i.get("logistic") and i.get("ball"))
    s = setup_of(inst)
    env = {k: Fraction(inst[k]) for k in ("epsilon", "delta", "L", "M", "m", "n", "d", "D", "I")}
    eta = 2 / (env["M"] + env["m"])
    _, err, rounds = perfect_ball_rounds(cid, inst)
    with mpmath.workdps(50):
        for i, (X, (c, r, mu)) in enumerate(zip(s.datasets()[1:], rounds), start=1):
            data = [[_mp(v) for v in row] for row in X]
            Ti = ceil_exact(claim.prescribed["T_i"], {**env, "i": i})
            Tn = ceil_exact(claim.prescribed["T"], {**env, "n": len(X)})
            args = (data, _mp(s.loss.lam), _mp(s.ball), _mp(eta))
            exact_mu = _run(*args, [_mp(v) for v in s.theta0], Tn)
            assert mpmath.sqrt(sum((a - _mp(b)) ** 2 for a, b in zip(exact_mu, mu))) <= _mp(err)
            images = [_run(*args, z, Ti) for z in ([-100, 40], [0, 0], [_mp(s.ball), 0], [3, -70])]
            dist = [mpmath.sqrt(sum((a - _mp(b)) ** 2 for a, b in zip(y, c))) for y in images]
            assert max(dist) <= _mp(r + err), (i, dist, r)
            assert max(dist) > 0  # the starts spread: an image of one point would not test the ball


# =========================================================================== the family
@pytest.mark.parametrize("cid", IDS)
def test_the_image_ball_family_is_decided_inside_the_hypotheses(cid):
    claim, adv, insts = _family(cid)
    accuracy = "accuracy" in cid
    assert not adv.boundary_base and len(insts) == (7 if accuracy else 5)
    assert all(("beta" in i) == accuracy for i in insts)
    # none of them decouples: logistic + ridge, or Θ a ball or a polytope
    assert all(i.get("logistic") or i.get("ball") or i.get("polytope") for i in insts)
    for inst in insts:
        assert all(h.decide(inst).name == "TRUE" for h in claim.hypotheses)
        ev = evaluate(claim, inst, 256)
        assert ev.decided, ev.reason
    assert len(adv.generate(np.random.default_rng(0), 100_000)) == (15 if accuracy else 13)


# =========================================================================== the new counterexample, at 100 digits
def _disc_argmin(a, xbar, radius):
    """argmin over ‖θ‖ ≤ radius of ½(θ − x̄)ᵀdiag(a)(θ − x̄): x̄ if inside, else θ = (A + νI)⁻¹Ax̄ with ‖θ‖ = radius."""
    if mpmath.sqrt(sum(v * v for v in xbar)) <= radius:
        return list(xbar)

    def theta(nu):
        return [ak * x / (ak + nu) for ak, x in zip(a, xbar)]

    lo, hi = mpmath.mpf(0), mpmath.mpf(1)  # ‖θ(ν)‖ decreases on ν ≥ 0 from ‖x̄‖ > radius to 0: one root there
    while mpmath.sqrt(sum(t * t for t in theta(hi))) > radius:
        hi *= 2
    nu = mpmath.findroot(lambda nu: mpmath.sqrt(sum(t * t for t in theta(nu))) - radius, (lo, hi), solver="anderson")
    return theta(nu)


def test_the_boundary_optimum_on_a_disc_violates_the_printed_accuracy_at_100_digits():
    """A = diag(1, 4) on the disc of radius 1/2, the data mean (5/4, 1) outside it, 𝓘 = 40: round 0 publishes
    θ̂_0 + Z with θ̂_0 retraining's projected GD (run here at 100 digits with the exact projection), and
    P[f_{D_0}(θ̂_0 + Z) − min f_{D_0} > α] (the quadratic's tail at 100 digits, θ* from the secular equation) exceeds
    β + δ: the printed accuracy fails inside its hypotheses (the +fix holds on the same instance)."""
    cid = "d2d.thm3.2:accuracy"
    claim, _, insts = _family(cid)
    inst = next(i for i in insts if not i.get("logistic") and i.get("ball") and Fraction(i["I"]) == 40)
    assert all(h.decide(inst).name == "TRUE" for h in claim.hypotheses)
    s = setup_of(inst)
    a = [Fraction(v) for v in inst["A"]]
    X = s.datasets()[0]
    env = {k: Fraction(inst[k]) for k in ("epsilon", "delta", "L", "M", "m", "n", "d", "D", "I", "beta")}
    T = ceil_exact(claim.prescribed["T"], env)
    def at(expr):
        return expr.subs({v: sympy.Rational(env[v.name].numerator, env[v.name].denominator) if v.name in env
                          else v for v in expr.free_symbols})

    with mpmath.workdps(100):
        sig_expr = at(claim.prescribed["sigma"])
        sigma = mpmath.mpf(str(sympy.N(sig_expr, 110)))
        alpha_expr = at(ALPHA_32)
        alpha_expr = alpha_expr.subs({v: sig_expr for v in alpha_expr.free_symbols if v.name == "sigma"})
        assert not alpha_expr.free_symbols
        alpha = mpmath.mpf(str(sympy.N(alpha_expr, 110)))
        xbar = [sum(_mp(row[j]) for row in X) / len(X) for j in range(2)]
        eta = 2 / (_mp(env["M"]) + _mp(env["m"]))
        th, radius = [_mp(v) for v in s.theta0], _mp(s.ball)
        for _ in range(T):
            th = [t - eta * ak * (t - x) for t, ak, x in zip(th, a, xbar)]
            norm = mpmath.sqrt(sum(t * t for t in th))
            if norm > radius:
                th = [t * radius / norm for t in th]
        star = _disc_argmin([_mp(v) for v in a], xbar, radius)
        grad = [_mp(ak) * (t - x) for ak, t, x in zip(a, star, xbar)]
        tail = _quadratic_tail([t - u for t, u in zip(th, star)], grad, [_mp(v) for v in a], sigma, alpha)
        bound = _mp(env["beta"] + env["delta"])
        assert tail > 100 * bound, (tail, bound)
    ev = evaluate(claim, inst, 256)
    assert ev.outcome == "violated"
    assert evaluate(get_claim(cid + "+fix"), inst, 256).outcome == "within"
