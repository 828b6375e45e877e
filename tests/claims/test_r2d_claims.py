"""Rewind-to-Delete claims (certunlearn.claims.r2d): registered, derived, evaluated — and checked against
independent oracles: gradient descent by hand in Fractions, the Gaussian privacy profile in mpmath at 100 digits.

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.check.evaluate import ATTAINED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.claims import r2d as R
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
CLAIMS = all_claims("r2d")
MAX_PREC = 1024


def mp(x) -> mpmath.mpf:
    x = Fraction(x)
    return mpmath.mpf(x.numerator) / x.denominator


def true_delta(eps, sigma, shift) -> mpmath.mpf:
    """Balle & Wang 2018, Thm 8, in mpmath (independent of certunlearn.privacy)."""
    eps, sigma, shift = mp(eps) if not isinstance(eps, mpmath.mpf) else eps, sigma, shift
    a = shift / (2 * sigma)
    b = eps * sigma / shift
    return mpmath.ncdf(a - b) - mpmath.exp(eps) * mpmath.ncdf(-a - b)


def sigma_31(inst, factor=1) -> mpmath.mpf:
    n, m, eta, L, G, T, K, eps, dlt = (mp(inst[k]) for k in ("n", "m", "eta", "L", "G", "T", "K", "epsilon", "delta"))
    h = ((1 + eta * L * n / (n - m)) ** (T - K) - 1) * (1 + eta * L) ** K
    return factor * 2 * m * G * h * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / dlt)) / (L * n * eps)


def contains(enclosure: arb, value) -> bool:
    """The enclosure meets a 100-digit ball around ``value`` (an mpf or a Fraction)."""
    with workprec(400):
        if isinstance(value, Fraction):
            return enclosure.overlaps(arb(value.numerator) / value.denominator)
        return enclosure.overlaps(arb(mpmath.nstr(value, 100)))


def opposed(n=200, m=1, L=Fraction(1, 10**6), eta=Fraction(1), T=12, K=4, eps=Fraction(1), dlt=Fraction(1, 10**5)):
    return R.gd_instance(R.LINEAR, R._opposed(n, m), m, eta_=eta, L_=L, G_=1 + Fraction(1, 2**30), T_=T, K_=K,
                         eps=eps, dlt=dlt, R_=Fraction(1))


# ---------------------------------------------------------------------------------------------- registry


def test_registered_claims():
    ids = {c.id for c in CLAIMS}
    for expected in ("r2d.lem2.3", "r2d.thmB.1", "r2d.thmB.1+fix", "r2d.lemB.2", "r2d.lemB.3", "r2d.thm3.1",
                     "r2d.thm3.1:utility", "r2d.thm3.1:utility+fix", "r2d.cor3.2", "r2d.cor3.5", "r2d.cor3.5+fix",
                     "r2d.lemB.4", "r2d.cor3.6", "r2d.thm3.1:control-sigma-halved", "r2d.sec4.2-decaying-step",
                     "r2d.sec4.2-decaying-step+fix", "r2d.sec4.2-epsilon-above-1",
                     "r2d.appD.1-gradient-estimate+fix", "r2d.appD.1-lipschitz-estimate+fix",
                     "r2d.lemB.4+fix", "r2d.cor3.6+fix", "r2d.appD.1-gradient-estimate"):
        assert expected in ids
    assert any(c.control is Control.NEGATIVE for c in CLAIMS)
    for c in CLAIMS:
        if c.corrects:
            assert c.corrects in ids and c.note


def test_prescribed_sigma_is_the_contract_of_noise_scale():
    c = get_claim("r2d.thm3.1")
    assert {s.name for s in c.prescribed["sigma"].free_symbols} == {"n", "m", "eta", "L", "G", "T", "K", "epsilon",
                                                                     "delta"}
    from certunlearn.algorithms.r2d import noise_scale

    inst = opposed()
    got = noise_scale(200, 1, inst["eta"], inst["L"], inst["G"], 12, 4, inst["epsilon"], inst["delta"], mode="mpmath")
    assert abs(got - sigma_31(inst)) < mpmath.mpf(10) ** -40 * sigma_31(inst)


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_claim_has_linked_derivation_structured_adversary_and_evaluates(claim):
    assert any(a.kind == "structured" for a in claim.adversaries)
    if claim.control is not Control.NEGATIVE:
        result = check_derivation(load_derivation(claim.derivation), claim)
        assert result.link == "identity", result.link_detail
    adv = next(a for a in claim.adversaries if a.kind == "structured")
    outcomes = [evaluate(claim, inst, MAX_PREC).outcome for inst in adv.generate(np.random.default_rng(1), 3)]
    assert any(o in (WITHIN, VIOLATED, ATTAINED) for o in outcomes), outcomes


# ---------------------------------------------------------------------------------------------- Theorem 3.1


def test_thm31_quantity_matches_hand_computation():
    """Opposed linear losses: θ_t = −tη·ḡ, so θ_{T−K} = −η(T−K)(n−2m)R/n, θ''_K = θ_{T−K} − ηKR, θ'_T = −ηTR;
    the shift is η(T−K)·2mR/n — exactly."""
    inst = opposed()
    n, m, eta, T, K = 200, 1, Fraction(1), 12, 4
    theta_ck = -eta * (T - K) * Fraction(n - 2 * m, n)
    shift = abs((theta_ck - eta * K) - (-eta * T))
    assert shift == eta * (T - K) * Fraction(2 * m, n)
    with workprec(256):
        assert contains(R.true_shift(inst), shift)
        env = get_claim("r2d.thm3.1").with_prescribed(inst)
        q = R.unlearning_delta(env)
    expected = true_delta(mp(inst["epsilon"]), sigma_31(inst), mp(shift))
    assert contains(q, expected)
    assert expected <= mp(inst["delta"])  # holds here; the claim itself is judged by the checker


def test_negative_control_violated_with_independent_counterexample():
    inst = opposed()
    shift = mp(Fraction(8 * 2, 200))
    independent = true_delta(mp(1), sigma_31(inst, factor=mpmath.mpf(1) / 2), shift)
    assert independent > mp(inst["delta"])  # the counterexample, computed without certunlearn
    ev = evaluate(get_claim("r2d.thm3.1:control-sigma-halved"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED
    assert abs(mpmath.mpf(ev.observed) / independent - 1) < mpmath.mpf(10) ** -9


def test_report_effective_epsilon():
    inst = opposed(eps=Fraction(1, 2), dlt=Fraction(1, 100))
    rep = R.report(inst)
    assert rep["true_delta"] <= rep["delta"]
    assert 0 < rep["effective_epsilon"] <= rep["epsilon"] * (1 + 1e-9)
    assert rep["shift"] <= rep["shift_bound"]
    assert rep["eta_L_T"] == pytest.approx(12e-6)
    # the effective ε is where the true δ meets the target δ
    d_at = true_delta(mpmath.mpf(rep["effective_epsilon"]), mpmath.mpf(rep["sigma"]), mpmath.mpf(rep["shift"]))
    assert d_at <= mpmath.mpf(rep["delta"]) * (1 + mpmath.mpf(10) ** -6)


# ---------------------------------------------------------------------------------------------- the lemmas


def test_lemB2_divergence_is_exact_on_opposed_linear_losses():
    inst = {**opposed(n=10, m=3, L=Fraction(1, 100)), "t": 7}
    with workprec(256):
        q = R.divergence_b2(inst)
        exact = Fraction(7) * Fraction(2 * 3, 10)  # t·η·2mR/n with η = 1
        assert contains(q, exact) and q.rad() < 1e-60
        bound = get_claim("r2d.lemB.2").bound_value(inst)
    n, m, L, t = mp(10), mp(3), mp(Fraction(1, 100)), 7
    assert contains(bound, 2 * mp(inst["G"]) * m / (L * n) * ((1 + L * n / (n - m)) ** t - 1))


def test_lemB3_expansion_attained_by_concave_quadratics():
    inst = next(i for i in R._concave_expansion(np.random.default_rng(0), 10**6) if i["K"] == 3)
    lam, eta = inst["lam"], inst["eta"]
    with workprec(256):
        q = R.expansion_b3(inst)
        exact = (1 + eta * lam) ** 3
        assert contains(q, exact) and q.rad() < 1e-60


def test_cor32_root_matches_mpmath():
    base = {"n": 100, "m": 5, "eta": Fraction(1, 5), "L": Fraction(1, 2), "G": Fraction(3), "T": 30,
            "epsilon": Fraction(1), "delta": Fraction(1, 10)}
    n, m, eta, L, G, T = (mp(base[k]) for k in ("n", "m", "eta", "L", "G", "T"))
    c = mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mp(base["delta"])))
    h = lambda k: ((1 + eta * L * n / (n - m)) ** (T - k) - 1) * (1 + eta * L) ** k  # noqa: E731
    base["sigma"] = Fraction(1, 7)
    v = mp(base["sigma"]) * L * n * 1 / (2 * m * G * c)
    lo, hi = mpmath.mpf(0), T  # h decreases from h(0) > v to h(T) = 0: bisection at 100 digits
    for _ in range(300):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if h(mid) > v else (lo, mid)
    root = (lo + hi) / 2
    with workprec(256):
        q = R.rewind_needed(base)
    assert contains(q, root) or abs(mpmath.mpf(q.mid().str(50)) - root) < mpmath.mpf(10) ** -20
    bound = mpmath.log((1 + eta * L * n / (n - m)) ** T - v) / mpmath.log(1 + eta * L * n / (n - m))
    assert root <= bound


def test_prox_gap_by_hand_and_control_counterexample():
    # f(y) = (a/2)y² + by with a = L = 2, η = 3/4 ∈ (1/L, 2/L): F is concave, so a far probe beats θ_t
    inst = {"fa": [Fraction(2)], "fb": [Fraction(-1, 2)], "theta": [Fraction(1, 3)], "probe": [Fraction(1001, 3)],
            "eta": Fraction(3, 4), "L": Fraction(2)}
    a, b, th, x, eta = Fraction(2), Fraction(-1, 2), Fraction(1, 3), Fraction(1001, 3), Fraction(3, 4)
    nxt = th - eta * (a * th + b)
    F = lambda y: -(a * y * y / 2 + b * y) + (y - nxt) ** 2 / (2 * eta)  # noqa: E731
    gap = F(th) - F(x)
    assert gap > 0  # independent counterexample to "η < 2/L suffices"
    with workprec(128):
        assert contains(R.prox_gap(inst), gap)
    assert evaluate(get_claim("r2d.lem2.3:control-step-2-over-L"), inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(get_claim("r2d.lem2.3"), inst, MAX_PREC).outcome == "excluded"  # η ≥ 1/L
    inst_ok = {**inst, "eta": Fraction(1, 4)}
    eta = Fraction(1, 4)
    nxt = th - eta * (a * th + b)
    F2 = lambda y: -(a * y * y / 2 + b * y) + (y - nxt) ** 2 / (2 * eta)  # noqa: E731
    assert F2(th) - F2(x) <= 0
    assert evaluate(get_claim("r2d.lem2.3"), inst_ok, MAX_PREC).outcome == WITHIN


def test_thmB1_large_epsilon_counterexample_independent():
    inst = {"epsilon": Fraction(40), "delta": Fraction(1, 10), "Delta": Fraction(1)}
    sigma = mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mp(inst["delta"]))) / 40
    independent = true_delta(mpmath.mpf(40), sigma, mpmath.mpf(1))
    assert independent > mpmath.mpf(1) / 10
    assert evaluate(get_claim("r2d.thmB.1"), inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(get_claim("r2d.thmB.1+fix"), inst, MAX_PREC).outcome == "excluded"


# ---------------------------------------------------------------------------------------------- utility, PL, B.4


def test_utility_stationary_start_independent():
    """Concave quadratics at their common maximum 0, balanced data and deletions: every iterate is 0, the printed
    right-hand side is 0 at K = T − 1, and the left-hand side is λ²σ²/T > 0."""
    inst = next(i for i in R._stationary(np.random.default_rng(0), 10**6) if i["K"] == i["T"] - 1 and i["T"] == 4)
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
    inst = next(i for i in R._pl_instances(False)(np.random.default_rng(0), 10**6)
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
    inst = next(i for i in R._lemb4_family(np.random.default_rng(0), 10**6)
                if i["n"] == 1001 and i["lam"] == 1 and i["theta"] == [Fraction(10)])
    lhs = Fraction(1, 2) * 10**2  # (λ/2)θ² with x_0 = 0
    G = inst["G"]
    rhs = 2 * G**2 / ((1001 - 1) * inst["mu"]) + inst["L"] / (2 * inst["mu"]) * inst["risk_gap"]
    assert lhs > rhs
    assert evaluate(get_claim("r2d.lemB.4"), inst, MAX_PREC).outcome == VIOLATED


def test_lemB4_fix_holds_where_printed_fails():
    inst = next(i for i in R._lemb4_family(np.random.default_rng(0), 10**6)
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
    assert evaluate(fix, inst, MAX_PREC).outcome in (WITHIN, ATTAINED)


def test_cor36_fix_holds_where_printed_fails():
    printed, fix = get_claim("r2d.cor3.6"), get_claim("r2d.cor3.6+fix")
    inst = next(i for i in R._pl_instances(True)(np.random.default_rng(0), 40)
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
    assert ev.outcome in (WITHIN, ATTAINED)
    assert mpmath.mpf(ev.observed) <= bound


# ---------------------------------------------------------------------------------------------- the experiments


def test_decaying_step_shift_by_hand():
    inst = next(i for i in R._decay_family(np.random.default_rng(0), 10**6)
                if i["gamma"] == Fraction(9, 10) and i["T"] == 40 and i["K"] == 10 and i["n"] == 200
                and i["epsilon"] == 1 and i["delta"] == Fraction(1, 100))
    g = Fraction(9, 10)
    shift = Fraction(2, 200) * sum(g**t for t in range(30))  # (2mR/n)Σ_{t<T−K} η_t
    r = R._runs_decay(R.instance_key(inst, R.DECAY_NAMES))
    assert abs(r["unlearned"][0] - r["retrained"][0]) == shift
    env = get_claim("r2d.sec4.2-decaying-step").with_prescribed(inst)
    eta_final = mp(g) ** 39
    inst_c = {**inst, "eta": eta_final}
    n, m, L, G, T, K = 200, 1, mp(inst["L"]), mp(inst["G"]), 40, 10
    h = ((1 + eta_final * L * n / (n - m)) ** (T - K) - 1) * (1 + eta_final * L) ** K
    sigma = 2 * m * G * h * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mp(inst["delta"]))) / (L * n)
    assert contains(env["sigma"], sigma)
    independent = true_delta(mpmath.mpf(1), sigma, mp(shift))
    assert independent > mp(inst["delta"])
    assert inst_c["eta"] == eta_final
    assert evaluate(get_claim("r2d.sec4.2-decaying-step"), inst, MAX_PREC).outcome == VIOLATED


def _decay_violating_instance():
    return next(i for i in R._decay_family(np.random.default_rng(0), 10**6)
                if i["gamma"] == Fraction(9, 10) and i["T"] == 40 and i["K"] == 10 and i["n"] == 200
                and i["epsilon"] == 1 and i["delta"] == Fraction(1, 100))


def test_decaying_step_fix_holds_where_printed_fails():
    """The +fix's σ from the schedule used: 2mG/(Ln)(exp(Ln/(n−m)Σ_{s<T−K}η_s) − 1)exp(LΣ_{s≥T−K}η_s)·c/ε,
    computed here with explicit sums; the true δ (mpmath, the hand-computed shift) is below the target."""
    inst = _decay_violating_instance()
    assert evaluate(get_claim("r2d.sec4.2-decaying-step"), inst, MAX_PREC).outcome == VIOLATED
    g, T, K, n, m = Fraction(9, 10), 40, 10, 200, 1
    L, G = mp(inst["L"]), mp(inst["G"])
    s_learn = sum(mp(g) ** t for t in range(T - K))
    s_unlearn = sum(mp(g) ** t for t in range(T - K, T))
    sens = 2 * m * G / (L * n) * (mpmath.exp(L * n * s_learn / (n - m)) - 1) * mpmath.exp(L * s_unlearn)
    sigma = sens * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mp(inst["delta"])))
    fix = get_claim("r2d.sec4.2-decaying-step+fix")
    assert contains(fix.with_prescribed(inst)["sigma"], sigma)
    shift = Fraction(2, 200) * sum(g**t for t in range(T - K))
    r = R._runs_decay(R.instance_key(inst, R.DECAY_NAMES))
    assert abs(r["unlearned"][0] - r["retrained"][0]) == shift
    assert sens >= mp(shift)
    assert true_delta(mpmath.mpf(1), sigma, mp(shift)) <= mp(inst["delta"])
    assert evaluate(fix, inst, MAX_PREC).outcome in (WITHIN, ATTAINED)
    # and on every instance of the printed claim's structured family with γ < 1 (a small sample)
    for i in R._decay_family(np.random.default_rng(2), 4):
        if i["T"] <= 40:
            assert evaluate(fix, i, MAX_PREC).outcome in (WITHIN, ATTAINED)


def test_gradient_estimate_independent():
    inst = next(i for i in R._g_hat_family(np.random.default_rng(0), 10**6)
                if i["n"] == 10 and i["T"] == 8 and i["epsilon"] == 1 and i["delta"] == Fraction(1, 100))
    assert inst["G_hat"] == Fraction(2, 10)
    shift = mp(Fraction(8 * 2 * 4, 10))
    sigma = sigma_31({**inst, "G": inst["G_hat"]})
    independent = true_delta(mpmath.mpf(1), sigma, shift)
    assert independent > mp(inst["delta"])
    assert evaluate(get_claim("r2d.appD.1-gradient-estimate"), inst, MAX_PREC).outcome == VIOLATED
    # with the true gradient bound the same instance is certified
    assert evaluate(get_claim("r2d.thm3.1"), inst, MAX_PREC).outcome == WITHIN


def test_gradient_estimate_fix_holds_where_printed_fails():
    inst = next(i for i in R._g_hat_family(np.random.default_rng(0), 10**6)
                if i["n"] == 10 and i["T"] == 8 and i["epsilon"] == 1 and i["delta"] == Fraction(1, 100))
    assert evaluate(get_claim("r2d.appD.1-gradient-estimate"), inst, MAX_PREC).outcome == VIOLATED
    fix = get_claim("r2d.appD.1-gradient-estimate+fix")
    sigma = sigma_31(inst)  # the certified per-sample G, not Ĝ
    assert contains(fix.with_prescribed(inst)["sigma"], sigma)
    assert sigma > sigma_31({**inst, "G": inst["G_hat"]})
    shift = mp(Fraction(8 * 2 * 4, 10))  # as in test_gradient_estimate_independent
    assert true_delta(mpmath.mpf(1), sigma, shift) <= mp(inst["delta"])
    assert evaluate(fix, inst, MAX_PREC).outcome in (WITHIN, ATTAINED)


def test_lipschitz_estimate_fix_holds_where_printed_fails():
    printed, fix = get_claim("r2d.appD.1-lipschitz-estimate"), get_claim("r2d.appD.1-lipschitz-estimate+fix")
    inst = next(i for i in R._l_hat_family(np.random.default_rng(0), 10**6)
                if evaluate(printed, i, MAX_PREC).outcome == VIOLATED)
    sigma = sigma_31(inst)  # the certified L = λ
    assert inst["L"] == inst["lam"] > 1
    assert contains(fix.with_prescribed(inst)["sigma"], sigma)
    assert contains(printed.with_prescribed(inst)["sigma"], sigma_31({**inst, "L": 1 / Fraction(inst["lam"])}))
    with workprec(256):
        shift = R.true_shift(inst)
    shift_mp = mpmath.mpf(shift.mid().str(60, radius=False))
    assert true_delta(mp(inst["epsilon"]), sigma, shift_mp) <= mp(inst["delta"])
    assert evaluate(fix, inst, MAX_PREC).outcome in (WITHIN, ATTAINED)
