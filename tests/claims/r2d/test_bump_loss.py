"""The bump least squares ½(θ + κθe^{−θ²/2} − z)² (certunlearn.problems.r2d_links) and its use by the cell engines
(Corollary 3.6, Lemma B.4): its declared constants against mpmath (30+ digits), non-convexity and PL inside the
class, its Gaussian expectation against mpmath quadrature, a wrongly declared constant refused, the cell enclosure
against a 30-digit quadrature of one instance, and every new instance decided.
"""

import mpmath
import numpy as np
import pytest

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.cell_outputs import cell_output_family, cell_output_ok
from certunlearn.claims.r2d.cell_population import (
    cell_excess, cell_law_ok, cell_pl_ok, cell_runs_family, link_constants_ok, link_iterates_ok,
)
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.enclosure import Decision, to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.problems.r2d_links import BUMP, BumpLeastSquares, bump_c2

from ..oracles import mp
from .helpers import sigma_31

MAX_PREC = 1024
PRINTED, FIX = get_claim("r2d.cor3.6"), get_claim("r2d.cor3.6+fix")


def _bump():
    return [i for i in cell_runs_family(np.random.default_rng(0), 40) if i["shape"] == BUMP]


def _h(k, t):
    return t + k * t * mpmath.exp(-t**2 / 2)


def _dh(k, t):
    return mpmath.diff(lambda s: _h(k, s), t)


def _d2h(k, t):
    return mpmath.diff(lambda s: _h(k, s), t, 2)


def _le(ball, value):
    """value ≤ the ball's upper end (compared at the current mpmath precision)."""
    return value <= mpmath.mpf(ball.upper().str(40, radius=False))


def _near(ball, value, tol):
    """|mid − value| ≤ rad + tol, at the current mpmath precision."""
    mid, rad = (mpmath.mpf(x.str(45, radius=False)) for x in (ball.mid(), ball.rad()))
    return abs(mid - value) <= rad + tol


def test_declared_suprema_against_mpmath():
    """inf h' = 1 − 2κe^{−3/2} (attained at t = √3), sup|h''| = κc₂ (attained at t² = 3 − √6, the root of h''' found
    by mpmath), and on a dense grid of [−12, 12] h' never goes below and |h''| never above them (30 digits)."""
    loss = BumpLeastSquares(F(1), F(2))
    with mpmath.workdps(40), workprec(160):
        k = mpmath.mpf(1)
        inf = 1 - 2 * k * mpmath.exp(mpmath.mpf(-3) / 2)
        assert abs(_dh(k, mpmath.sqrt(3)) - inf) < mpmath.mpf(10) ** -30
        assert _near(loss.slope_inf(), inf, mpmath.mpf(10) ** -35)
        root = mpmath.findroot(lambda t: mpmath.diff(lambda s: _h(k, s), t, 3), 0.74)
        assert abs(root**2 - (3 - mpmath.sqrt(6))) < mpmath.mpf(10) ** -25
        c2 = abs(_d2h(k, root))
        assert _near(bump_c2(), c2, mpmath.mpf(10) ** -25)
        grid = [mpmath.mpf(j) / 50 for j in range(-600, 601)]
        assert min(_dh(k, t) for t in grid) >= inf - mpmath.mpf(10) ** -28
        assert max(abs(_d2h(k, t)) for t in grid) <= c2 + mpmath.mpf(10) ** -28


def test_declared_smoothness_and_gradient_bound_on_the_box():
    """On Θ = [−3, 3], |z| ≤ 2 the loss's L and G (enclosures) bound |ψ''| and |ψ'| on a grid of (θ, z) (mpmath);
    they are upper bounds, not suprema (sup h'² and sup|h''| sit at different θ): the grid maxima reach 40 % of L and
    45 % of G."""
    loss = BumpLeastSquares(F(1), F(2))
    with mpmath.workdps(30):
        k = mpmath.mpf(1)
        ts = [mpmath.mpf(j) / 20 for j in range(-60, 61)]
        zs = [mpmath.mpf(j) / 4 for j in range(-8, 9)]
        curv = max(abs(_dh(k, t) ** 2 + (_h(k, t) - z) * _d2h(k, t)) for t in ts for z in zs)
        grad = max(abs((_h(k, t) - z) * _dh(k, t)) for t in ts for z in zs)
        L, G = loss.smoothness(F(3)), loss.gradient_bound(F(3))
        assert _le(L, curv) and _le(G, grad)
        assert curv > mpmath.mpf(L.upper().str(20, radius=False)) * 4 / 10
        assert grad > mpmath.mpf(G.upper().str(20, radius=False)) * 45 / 100


def test_non_convex_and_pl_inside_the_class():
    """ψ''(−1; z) < 0 for z = 1 (the family's start and support: non-convex), and f_D = ½(h(θ) − x̄)² + c satisfies
    ½f_D'² ≥ μ(f_D − f*_D) with μ = (1 − 2κe^{−3/2})² on a grid (mpmath, 30 digits)."""
    with mpmath.workdps(30):
        k = mpmath.mpf(1)
        assert _dh(k, -1) ** 2 + (_h(k, -1) - 1) * _d2h(k, -1) < 0
        mu = (1 - 2 * k * mpmath.exp(mpmath.mpf(-3) / 2)) ** 2
        for xbar in (mpmath.mpf(-2), mpmath.mpf(3) / 2):
            for j in range(-80, 81):
                t = mpmath.mpf(j) / 20
                r = _h(k, t) - xbar
                assert (r * _dh(k, t)) ** 2 / 2 >= mu * r**2 / 2 - mpmath.mpf(10) ** -25


@pytest.mark.parametrize("kappa, mu, a, sig", [(F(1), F(-1), F(3, 2), F(1, 3)), (F(1, 2), F(1, 2), F(-1), F(2)),
                                                (F(2), F(2), F(0), F(50)), (F(2), F(-1, 3), F(1), F(1, 10))])
def test_gaussian_excess_against_quadrature(kappa, mu, a, sig):
    """E½(h(μ + σZ) − a)² in closed form (the module doc's completed squares) contains mpmath's quadrature at 30
    digits — κ ∈ {1/2, 1, 2}, small, moderate and huge σ; a 10⁻⁸ change of the quadrature falls outside."""
    loss = BumpLeastSquares(kappa, F(2))
    with mpmath.workdps(35):
        k, m_, a_, s_ = mp(kappa), mp(mu), mp(a), mp(sig)
        f = lambda u: (_h(k, m_ + s_ * u) - a_) ** 2 / 2 * mpmath.npdf(u)  # noqa: E731
        truth = mpmath.quad(f, [-mpmath.inf] + [mpmath.mpf(j) for j in range(-12, 13)] + [mpmath.inf])
        with workprec(128):
            ball = loss.gaussian_excess(to_arb(mu), a, sig)
        assert _near(ball, truth, mpmath.mpf(10) ** -28 * (1 + abs(truth)))
        assert not _near(ball, truth * (1 + mpmath.mpf(10) ** -8), mpmath.mpf(0))


def test_wrongly_declared_constants_are_refused():
    """L below the verified smoothness, G at or below the gradient bound, μ above (inf h')², κ ≥ e^{3/2}/2, or a
    support outside [−R, R] exclude the instance (the corrected corollary too)."""
    inst = _bump()[0]
    assert cell_law_ok(inst) is Decision.TRUE and cell_pl_ok(inst) is Decision.TRUE
    assert link_constants_ok(inst) is Decision.TRUE and link_iterates_ok(inst) is Decision.TRUE
    loss = BumpLeastSquares(inst["param"], inst["R"])
    true_L = F(loss.smoothness(F(3)).lower().str(10, radius=False))
    assert link_constants_ok({**inst, "L": true_L * F(99, 100)}) is Decision.FALSE
    assert link_constants_ok({**inst, "G": F(10)}) is Decision.FALSE  # G ≈ 10.066 verified
    assert cell_pl_ok({**inst, "mu": F(31, 100)}) is Decision.FALSE  # (1 − 2e^{−3/2})² ≈ 0.3078
    assert cell_law_ok({**inst, "param": F(225, 100)}) is Decision.FALSE  # e^{3/2}/2 ≈ 2.2408
    with pytest.raises(InvalidParameterError):
        BumpLeastSquares(F(225, 100), F(2))
    for bad in ({"L": true_L * F(99, 100), "eta": 1 / (true_L * F(99, 100))}, {"mu": F(31, 100)},
                {"R": F(3, 2)}, {"eta": inst["eta"] * F(11, 10)}):
        assert evaluate(FIX, {**inst, **bad}, MAX_PREC).outcome == EXCLUDED, bad


@pytest.mark.slow
def test_bump_cells_contain_the_mpmath_quadrature():
    """n = 2, m = 1, κ = 1, the uniform law on [1, 2], θ_0 = −1: E over (x', z) of E_ξ½(h(θ''_K + ξ) − ā)² by 2-d
    quadrature at 30 digits (θ''_K iterated in mpmath on the two rows, E_ξ the completed squares written here)
    inside the cell enclosure."""
    inst = [i for i in _bump() if i["n"] == 2 and i["law"][0][0] == 1 and i["epsilon"] == 1][0]
    env = FIX.with_prescribed(inst)
    eta, T, K = mp(inst["eta"]), int(inst["T"]), int(inst["K"])
    with mpmath.workdps(30):
        k, v = mpmath.mpf(1), mpmath.mpf(env["sigma"].mid().str(40, radius=False)) ** 2
        abar = mpmath.mpf(3) / 2

        def step(th, xs):
            slope = 1 + k * (1 - th**2) * mpmath.exp(-th**2 / 2)
            return th - eta * sum((_h(k, th) - x) * slope for x in xs) / len(xs)

        def smoothed(mu):
            def mom(c):
                r = 1 + 2 * c * v
                s = mpmath.exp(-c * mu**2 / r) / mpmath.sqrt(r)
                return s, mu / r, (mu / r) ** 2 + v / r
            s1, m1, m2 = mom(mpmath.mpf(1) / 2)
            t1, _, n2 = mom(mpmath.mpf(1))
            return ((mu - abar) ** 2 + v + 2 * k * s1 * (m2 - abar * m1) + k**2 * t1 * n2) / 2

        def g(x, z):
            th = mpmath.mpf(-1)
            for _ in range(T - K):
                th = step(th, (x, z))
            for _ in range(K):
                th = step(th, (x,))
            return smoothed(th)

        truth = mpmath.quad(g, [1, 2], [1, 2])
        with workprec(128):
            cells = cell_excess(env)
        assert mpmath.mpf(cells.lower().str(40, radius=False)) <= truth <= mpmath.mpf(
            cells.upper().str(40, radius=False))


def test_every_new_instance_is_decided():
    """Every bump instance of Corollary 3.6's family (quick) and every retraining and n − m = 8 instance of Lemma
    B.4's is inside the hypotheses of the printed claim and of its fix and decided there (within or violated: no
    excluded, no undecided, no error)."""
    for claim in (PRINTED, FIX):
        for inst in _bump() + [i for i in cell_runs_family(np.random.default_rng(0), 40) if i["n"] > 2]:
            assert evaluate(claim, inst, MAX_PREC).outcome in (WITHIN, VIOLATED), (claim.id, inst)
    new = [i for i in cell_output_family(np.random.default_rng(0), 40) if i.get("link") == BUMP or i["n"] > 3]
    assert any(i.get("link") == BUMP for i in new) and any(i["n"] == 9 for i in new)
    for cid in ("r2d.lemB.4", "r2d.lemB.4+fix"):
        for inst in new:
            assert cell_output_ok(inst) is Decision.TRUE
            assert evaluate(get_claim(cid), inst, MAX_PREC).outcome in (WITHIN, VIOLATED), (cid, inst)


def test_printed_corollary_fails_on_the_bump_at_100_digits():
    """The bump family's largest σ (ε = 1/10, δ = 10⁻⁵) on the uniform law on [1, 2]: for every θ,
    E_ξ½(h(θ + ξ) − ā)² ≥ ½σ² − κ(2/e + |ā|e^{−1/2}) (drop ½(θ − ā)² and the κ² term ≥ 0, and |(t − ā)te^{−t²/2}| ≤
    t²e^{−t²/2} + |ā||t|e^{−t²/2} ≤ 2/e + |ā|e^{−1/2}), a lower bound on the quantity for every dataset — at 100
    digits it exceeds the printed bound (carried f0gap: the instance's dyadic, within 2^−30 of the truth, enters the
    bound with its slope; the margin is far larger), inside the printed hypotheses: the checker decides the printed
    corollary violated and the +fix within, its enclosure above that lower bound."""
    inst = [i for i in _bump() if i["law"][0][0] == 1 and i["epsilon"] == F(1, 10)][0]
    with mpmath.workdps(100):
        sig = sigma_31(inst)
        k, abar = mp(inst["param"]), mpmath.mpf(3) / 2
        lower = sig**2 / 2 - k * (2 / mpmath.e + abar * mpmath.exp(-mpmath.mpf(1) / 2))
        L, G, mu, eta, n, m, T, K = (mp(inst[x]) for x in ("L", "G", "mu", "eta", "n", "m", "T", "K"))
        decay = (1 - eta * mu * (n - m) / n) ** (T - K) * (1 - eta * mu) ** K
        gap = mp(inst["f0gap"]) + mpmath.mpf(2) ** -30
        printed = (L * sig + 2 * G**2 / ((n - m) * mu) + L / (2 * mu) * decay * gap
                   + L / (2 * mu) * (1 - eta * mu) ** K * (G**2 * m + L * eta * G * m) / (mu * (n - m)))
        assert lower > printed
    assert evaluate(PRINTED, inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(FIX, inst, MAX_PREC).outcome == WITHIN
    with workprec(128):
        q = PRINTED.quantity(PRINTED.with_prescribed(inst))
    assert mpmath.mpf(q.lower().str(60, radius=False)) >= lower


@pytest.mark.parametrize("mean, theta0", [(F(3, 2), F(-1)), (F(-2), F(1)), (F(1, 3), F(0))])
def test_bump_run_against_mpmath(mean, theta0):
    """The engine's gradient-descent run on a dataset of mean x̄ (CellLoss.path: θ ← θ − η(h(θ) − x̄)h'(θ), the
    gradient of f_D for any rows of that mean) contains, step by step, the same iteration done in mpmath at 40
    digits with h' by numerical differentiation (12 steps, η = 1/11, κ = 1)."""
    from certunlearn.claims.r2d.cell_losses import CellLoss

    eta = F(1, 11)
    with mpmath.workdps(40):
        k, th, x = mpmath.mpf(1), mp(theta0), mp(mean)
        ref = [th]
        for _ in range(12):
            th = th - mp(eta) * (_h(k, th) - x) * _dh(k, th)
            ref.append(th)
        with workprec(160):
            path = CellLoss(BUMP, F(1), F(2)).path(mean, eta, 12, theta0)
        for ball, value in zip(path, ref):
            assert _near(ball, value, mpmath.mpf(10) ** -30)
