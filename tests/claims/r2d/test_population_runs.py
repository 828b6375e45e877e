"""Rewind-to-Delete, Corollary 3.6 on finite-support populations (certunlearn.claims.r2d.population_runs) — checked
against independent oracles: gradient descent by hand in Fractions over every dataset of the support, mpmath at 100
digits (Gaussian expectations by quadrature).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""

import mpmath
import numpy as np

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.population_runs import (
    datasets, dip_population_family, population_excess, quadratic_population_family,
)
from certunlearn.claims.r2d.utility import _with_f0gap
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

from ..oracles import mp
from .helpers import sigma_31

mpmath.mp.dps = 100
MAX_PREC = 1024


def _quadratic(**want):
    insts = _with_f0gap(quadratic_population_family)(np.random.default_rng(0), 10**6)
    return next(i for i in insts if all(i[k] == v for k, v in want.items()))


def _by_hand_quadratic(inst):
    """E over the four datasets (x', z) ∈ {±1}² (n = 2, m = 1, T = 2, K = 1, λ = 1, η = 1/2, θ_0 = −1/2) of
    F(θ'') − F* = ½θ''² (ā = 0): one step on D = {x', z}, then one on D' = {x'}."""
    total = F(0)
    for x in (F(1), F(-1)):
        for z in (F(1), F(-1)):
            th = F(-1, 2)
            th = th - F(1, 2) * (th - (x + z) / 2)
            th = th - F(1, 2) * (th - x)
            total += F(1, 4) * th * th / 2
    return total


def test_quadratic_population_by_hand_violates_the_printed_corollary():
    """n = 2, m = 1, atoms ±1 with probability 1/2: E over D of the exact runs (by hand) plus (λ/2)σ² for the
    noise; f0gap = E_{x'}[½(θ_0 − x')²] = ½·½(9/4 + 1/4) = 5/8. At ε = 1/10, δ = 10⁻⁵ the noise term (λ/2)dσ²
    exceeds the printed bound (mpmath, 100 digits)."""
    inst = _quadratic(n=2, m=1, lam=1, T=2, K=1, epsilon=F(1, 10), delta=F(1, 10**5),
                      atoms=[[F(1)], [F(-1)]], probs=[F(1, 2)] * 2)
    assert inst["eta"] == F(1, 2) and inst["theta0"] == [F(-1, 2)]
    assert inst["f0gap"] == F(5, 8)
    assert len(datasets(inst)) == 4
    sigma = sigma_31(inst)
    truth = mp(_by_hand_quadratic(inst)) + sigma**2 / 2
    claim = get_claim("r2d.cor3.6")
    with workprec(512):
        q = population_excess(claim.with_prescribed(inst))
    assert abs(mpmath.mpf(q.mid().str(110, radius=False)) - truth) < mpmath.mpf(10) ** -90 * truth
    L, G, mu, eta, n, m, T, K = (mp(inst[k]) for k in ("L", "G", "mu", "eta", "n", "m", "T", "K"))
    decay = (1 - eta * mu * (n - m) / n) ** (T - K) * (1 - eta * mu) ** K
    printed = (L * sigma + 2 * G**2 / ((n - m) * mu) + L / (2 * mu) * decay * mp(inst["f0gap"])
               + L / (2 * mu) * (1 - eta * mu) ** K * (G**2 * m + L * eta * G * m) / (mu * (n - m)))
    assert truth > printed
    assert evaluate(claim, inst, MAX_PREC).outcome == VIOLATED
    fixed = 2 * G**2 / ((n - m) * mu) + (1 + L / (2 * mu)) * (
        L * sigma**2 / 2 + (1 - eta * mu) ** K * (G**2 * m + L * eta * G**2 * m) / (mu * (n - m))
        + decay * mp(inst["f0gap"]))
    assert truth <= fixed
    assert evaluate(get_claim("r2d.cor3.6+fix"), inst, MAX_PREC).outcome == WITHIN


def test_population_hypotheses_decide_every_dataset():
    """f0gap must be the expectation over D' (a point value of one D' is outside); μ must hold for every D' of the
    support: on atoms ±2 the uneven D' = {2, 2, −2} has a smaller PL constant than a single dip, so the single
    dip's μ is outside on the population while it is inside on the point mass."""
    from certunlearn.claims.r2d.utility import pl_constant

    claim = get_claim("r2d.cor3.6+fix")
    inst = _quadratic(n=2, m=1, lam=1, T=2, K=1, epsilon=F(1), delta=F(1, 2), atoms=[[F(1)], [F(-1)]],
                      probs=[F(1, 2)] * 2)
    assert evaluate(claim, inst, MAX_PREC).outcome == WITHIN
    assert evaluate(claim, {**inst, "f0gap": F(9, 8)}, MAX_PREC).outcome == EXCLUDED  # D' = {1} alone
    dips = _with_f0gap(dip_population_family)(np.random.default_rng(0), 10**6)
    dip = next(i for i in dips if i["atoms"] == [[F(2)], [F(-2)]] and i["n"] == 4 and i["m"] == 1)
    assert evaluate(claim, dip, MAX_PREC).outcome == WITHIN
    single = pl_constant(dip["param"], bits=10)
    assert single > dip["mu"]
    assert evaluate(claim, {**dip, "mu": single}, MAX_PREC).outcome == EXCLUDED
    point = {**dip, "atoms": [[F(2)]], "probs": [F(1)]}
    point = _with_f0gap(lambda rng, size: [point])(None, 0)[0]
    assert evaluate(claim, {**point, "mu": single}, MAX_PREC).outcome != EXCLUDED


def _dip_phi(c):
    c = mp(c)

    def phi(t):
        a = abs(t)
        if a <= 1:
            return a * a / 2
        if a <= 2:
            return mpmath.mpf(1) / 2 + (a - 1) - (1 - c) * (a - 1) ** 2 / 2
        return mpmath.mpf(3) / 2 - (1 - c) / 2 + c * (a - 2) + (a - 2) ** 2 / 2

    def dphi(t):
        a = abs(t)
        v = a if a <= 1 else 1 - (1 - c) * (a - 1) if a <= 2 else c + (a - 2)
        return v if t >= 0 else -v

    return phi, dphi


def test_dip_population_against_quadrature():
    """The dip (c = 1/2) on atoms ±1, n = 3, m = 1, d = 1: gradient descent by hand (φ' from its definition) on
    each of the 6 datasets, F(t) = ½φ(t − 1) + ½φ(t + 1), F* by a fine minimisation, E_ξ F by mpmath quadrature
    split at the knots: the claim's enclosure contains the result."""
    dips = _with_f0gap(dip_population_family)(np.random.default_rng(0), 10**6)
    inst = next(i for i in dips if i["atoms"] == [[F(1)], [F(-1)]] and i["n"] == 3 and i["T"] == 4)
    phi, dphi = _dip_phi(inst["param"])
    claim = get_claim("r2d.cor3.6")
    with workprec(256):
        env = claim.with_prescribed(inst)
    sigma = mpmath.mpf(env["sigma"].mid().str(120, radius=False))
    eta, T, K = mp(inst["eta"]), int(inst["T"]), int(inst["K"])
    total = mpmath.mpf(0)
    with mpmath.workdps(60):
        Fp = lambda t: (phi(t - 1) + phi(t + 1)) / 2  # noqa: E731
        fstar = Fp(mpmath.mpf(0))  # symmetric; F is PL so its minimum is its only stationary point, t = 0
        for x1 in (1, -1):
            for x2 in (1, -1):
                for z in (1, -1):
                    w = mpmath.mpf(1) / 8
                    th = mpmath.mpf(-3)
                    for _ in range(T - K):
                        th -= eta * (dphi(th - x1) + dphi(th - x2) + dphi(th - z)) / 3
                    for _ in range(K):
                        th -= eta * (dphi(th - x1) + dphi(th - x2)) / 2
                    knots = sorted((k - th) / sigma for k in (-3, -2, -1, 0, 1, 2, 3))
                    val = mpmath.quad(lambda u: Fp(th + sigma * u) * mpmath.npdf(u),
                                      [-mpmath.inf, *knots, mpmath.inf])
                    total += w * (val - fstar)
    with workprec(256):
        q = population_excess(env)
    assert abs(mpmath.mpf(q.mid().str(50, radius=False)) - total) < mpmath.mpf(10) ** -30 * (1 + abs(total))


def test_the_dip_supports_radius_is_an_exact_ceiling():
    """R = ⌈√max‖a‖²⌉ is decided on integers: a float square root puts 9 + 10⁻³⁰ at R = 3, an atom outside the ball."""
    from certunlearn.claims.r2d.population_runs import _ceil_sqrt

    for q in (F(0), F(1, 3), F(4), F(17, 4), 9 + F(1, 10**30), F(10**40) + 1):
        k = _ceil_sqrt(q)
        assert k * k >= q and (k == 0 or (k - 1) ** 2 < q)
    assert _ceil_sqrt(9 + F(1, 10**30)) == 4
