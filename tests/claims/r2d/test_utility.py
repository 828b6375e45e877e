"""Rewind-to-Delete claims, certunlearn.claims.r2d.utility: Theorem 3.1's utility, Corollaries 3.5, 3.6, Lemma B.4 —
checked against independent oracles (gradient descent by hand in Fractions, mpmath at 100 digits).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""

import mpmath
import numpy as np

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.utility import lemb4_family, pl_instances, stationary_family
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

from ..oracles import mp, contains
from .helpers import sigma_31

mpmath.mp.dps = 100
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- utility, PL, B.4


def test_utility_stationary_start_independent():
    """Concave quadratics at their common maximum 0, balanced data and deletions: every iterate is 0, the printed
    right-hand side is 0 at K = T − 1, and the left-hand side is λ²σ²/T > 0."""
    inst = next(i for i in stationary_family(np.random.default_rng(0), 10**6) if i["K"] == i["T"] - 1 and i["T"] == 4)
    assert inst["fgap"] == 0
    lhs = mp(inst["lam"]) ** 2 * sigma_31(inst) ** 2 / inst["T"]
    assert lhs > 0
    ev = evaluate(get_claim("r2d.thm3.1:utility"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED
    assert abs(mpmath.mpf(ev.observed) / lhs - 1) < mpmath.mpf(10) ** -9
    fixed = {**inst, "d": 1}
    assert evaluate(get_claim("r2d.thm3.1:utility+fix"), fixed, MAX_PREC).outcome == WITHIN


def test_cor35_noise_term_independent():
    """Convex quadratic (λ/2)(θ − x)², λ = L = μ: E[f(θ''_K + ξ)] − f* = f(θ''_K) − f* + (λ/2)σ², against the
    printed L√dσ + …, computed by hand."""
    inst = next(i for i in pl_instances(False)(np.random.default_rng(0), 10**6)
                if i["n"] == 1000 and i["T"] == 40 and i["lam"] == 1 and i["epsilon"] == Fraction(1, 10))
    lam, eta, n, m, T, K = inst["lam"], inst["eta"], 1000, 1, 40, 20
    xd = Fraction(n - 2 * m, n)  # mean of D (R = 1)
    xr = Fraction(1)  # mean of D' (all retained x = 1)
    th = Fraction(-1, 2)
    for _ in range(T - K):
        th -= eta * lam * (th - xd)
    for _ in range(K):
        th -= eta * lam * (th - xr)
    fk = lam / 2 * (th - xr) ** 2  # f_{D'}(θ) − f* (all retained points equal)
    sig = sigma_31(inst)
    observed = mp(fk) + mp(lam) / 2 * sig**2
    mu, G = mp(inst["mu"]), mp(inst["G"])
    printed = (mp(inst["L"]) * sig + (1 - mp(eta) * mu) ** K * (G**2 * m + mp(inst["L"]) * mp(eta) * G * m) / (mu * (n - m))
               + (1 - mp(eta) * mu * (n - m) / n) ** (T - K) * (1 - mp(eta) * mu) ** K * mp(inst["f0gap"]))
    assert observed > printed  # independent counterexample
    ev = evaluate(get_claim("r2d.cor3.5"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED
    assert abs(mpmath.mpf(ev.observed) / observed - 1) < mpmath.mpf(10) ** -9
    assert evaluate(get_claim("r2d.cor3.5+fix"), inst, MAX_PREC).outcome == WITHIN


def test_lemB4_point_mass_independent():
    inst = next(i for i in lemb4_family(np.random.default_rng(0), 10**6)
                if i["n"] == 1001 and i["lam"] == 1 and i["theta"] == [Fraction(10)])
    lhs = Fraction(1, 2) * 10**2  # (λ/2)θ² with x_0 = 0
    G = inst["G"]
    rhs = 2 * G**2 / ((1001 - 1) * inst["mu"]) + inst["L"] / (2 * inst["mu"]) * inst["risk_gap"]
    assert lhs > rhs
    assert evaluate(get_claim("r2d.lemB.4"), inst, MAX_PREC).outcome == VIOLATED


def test_lemB4_fix_holds_where_printed_fails():
    inst = next(i for i in lemb4_family(np.random.default_rng(0), 10**6)
                if i["n"] == 1001 and i["lam"] == 1 and i["theta"] == [Fraction(10)])
    assert evaluate(get_claim("r2d.lemB.4"), inst, MAX_PREC).outcome == VIOLATED
    lhs = Fraction(1, 2) * 10**2  # F = f_{D'} on the point mass: E[F(θ) − F*] = (λ/2)θ²
    assert inst["risk_gap"] == lhs
    G, mu, L = inst["G"], inst["mu"], inst["L"]
    fixed = 2 * G**2 / ((1001 - 1) * mu) + (1 + L / (2 * mu)) * inst["risk_gap"]
    assert lhs <= fixed
    fix = get_claim("r2d.lemB.4+fix")
    with workprec(256):
        assert contains(fix.bound_value(inst), fixed)
    assert evaluate(fix, inst, MAX_PREC).outcome == WITHIN


def test_cor36_fix_holds_where_printed_fails():
    printed, fix = get_claim("r2d.cor3.6"), get_claim("r2d.cor3.6+fix")
    inst = next(i for i in pl_instances(True)(np.random.default_rng(0), 40)
                if evaluate(printed, i, MAX_PREC).outcome == VIOLATED)
    n, m, T, K = (int(Fraction(inst[k])) for k in ("n", "m", "T", "K"))
    eta, mu, L, G, d, f0 = (mp(inst[k]) for k in ("eta", "mu", "L", "G", "d", "f0gap"))
    sig = sigma_31(inst)
    cor35_fix = (L * d * sig**2 / 2 + (1 - eta * mu) ** K * (G**2 * m + L * eta * G**2 * m) / (mu * (n - m))
                 + (1 - eta * mu * (n - m) / n) ** (T - K) * (1 - eta * mu) ** K * f0)
    bound = 2 * G**2 / ((n - m) * mu) + (1 + L / (2 * mu)) * cor35_fix
    with workprec(512):
        got = mpmath.mpf(fix.bound_value(inst).mid().str(60, radius=False))
    assert abs(got / bound - 1) < mpmath.mpf(10) ** -30
    ev = evaluate(fix, inst, MAX_PREC)
    assert ev.outcome == WITHIN
    assert mpmath.mpf(ev.observed) <= bound


def test_pl_collection_steps_proved():
    """Corollary 3.5's step E_K + N ≤ noise + stat + decay (line 533) and Corollary 3.6's first two steps are proved,
    not sampled: with ν = ημ ≤ 1 the contraction factors are nonnegative, so e.g. (1 − κ₁)(stat + decay) +
    (1 − κ_n)·noise ≥ 0 by signs; likewise the utility's step 6 once T − K ≥ 1 is stated."""
    from certunlearn.claims import get_claim
    from certunlearn.derive import check_derivation, load_derivation
    from certunlearn.derive.model import PROVED

    for cid, steps in (("r2d.cor3.5", (3,)), ("r2d.cor3.5+fix", (3,)), ("r2d.cor3.6", (0, 1)),
                       ("r2d.thm3.1:utility", (5,))):  # utility: T − K − 1 ≥ 0 from the condition T − K ≥ 1
        r = check_derivation(load_derivation(cid), get_claim(cid))
        assert all(r.steps[i].status == PROVED for i in steps), (cid, [r.steps[i].detail for i in steps])
