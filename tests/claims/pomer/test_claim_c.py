"""Claim C.2 at t = t₀ and Claim C.3 (certunlearn.claims.pomer.claim_c) against mpmath at 100 digits: Theorem 4.3's
Φ, p retyped from lines 233–243, Gibbs partition functions by quadrature, and the counterexample to Claim C.3 checked
to lie inside the printed hypotheses."""

import mpmath
import numpy as np

from certunlearn.check.evaluate import evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.pomer.families import c3_grid, t0_grid
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def phi_p_43(beta, lam, G, T, delta):
    """Φ = Φ'² (Lemma 3.5 at G' = 3G, δ' = δT⁻²/60) and p = max(T^{−1/3}, (G⁴β²/(λ² log²Φ))^{1/3})."""
    beta, lam, G, T, delta = map(mp, (beta, lam, G, T, delta))
    dp = delta / T**2 / 60
    g3 = 3 * G
    log_phi1 = 2 * beta * g3**2 / lam + mpmath.sqrt(8 * beta * g3**2 * mpmath.log(2 / dp) / lam)
    log_phi = 2 * log_phi1
    p = max(T ** (-mpmath.mpf(1) / 3), (G**4 * beta**2 / (lam**2 * log_phi**2)) ** (mpmath.mpf(1) / 3))
    return log_phi, p, dp


def log_z(a, b, beta, lam, slope, const=0):
    """log ∫_a^b exp(−β(slope·x + const + λx²/2)) dx, by completing the square (erf at 100 digits)."""
    a, b, beta, lam, slope, const = map(mp, (a, b, beta, lam, slope, const))
    s = mpmath.sqrt(beta * lam / 2)
    m = -slope / lam  # the mean of the Gaussian factor
    shift = beta * slope**2 / (2 * lam) - beta * const
    return shift + mpmath.log(mpmath.sqrt(mpmath.pi) / (2 * s) * (mpmath.erf(s * (b - m)) - mpmath.erf(s * (a - m))))


def c3_counterexample():
    """K = [−200, 200], β = λ = G = 1, T = 12, δ = 2/5; l_1 = x + 999 vs l'_1 = −x + 999 (hinge kinks at −999, so
    linear on K with value 0 at −999), l_2 = x + 999; history with ζ_1 = 0 and x_1 = −150."""
    return {"a": "-200", "b": "200", "beta": "1", "lam": "1", "G": "1", "T": 12, "delta": "2/5",
            "losses": [[-999, 1, 1], [-999, 1, 1]], "other": [[-999, -1, -1], [-999, 1, 1]], "initial": "gibbs",
            "x": "-150"}


def test_claim_c3_counterexample_is_real_and_inside_the_hypotheses():
    inst = c3_counterexample()
    log_phi, p, dp = phi_p_43(1, 1, 1, 12, F(2, 5))
    # hypotheses as printed: δ ∈ (0, 1/2], T ≥ 12 log(1/δ), p < 1 (so ζ_1 = 0 has positive probability)
    assert 0 < mp(F(2, 5)) <= mpmath.mpf(1) / 2 and 12 >= 12 * mpmath.log(mpmath.mpf(5) / 2) and p < 1
    # log(μ̄_3(x)/μ̄_2(x)) at x = −150 for both sequences; l_2(x) = x + 999, prefixes x + 999 and −x + 999
    x = mp(-150)
    for prefix_slope in (1, -1):
        z2 = log_z(-200, 200, 1, 1, prefix_slope, 999)
        z3 = log_z(-200, 200, 1, 1, prefix_slope + 1, 999 + 999)
        log_ratio = -(x + 999) + z2 - z3
        assert abs(log_ratio) > log_phi  # x ∉ E_2: the ratio leaves [1/Φ, Φ]
    bound = 3 * dp + 9 * 12 * dp + 3 * mpmath.exp(-(p + 1 - mpmath.exp(-2 * log_phi)) * 12)
    assert bound < mpmath.mpf("0.01")  # while Pr(x_2 ∉ E_2 | x_1 = −150, ζ_1 = 0) = 1
    claim = get_claim("pomer.claimC.3")
    with workprec(256):
        values = claim.with_prescribed(inst)
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses)
        assert claim.quantity(values) == 1
        assert abs(mpmath.mpf(claim.bound_value(inst).mid().str(50, radius=False)) - bound) < mpmath.mpf(10) ** -30


def test_claim_c3_conditional_probability_is_zero_inside_e_t():
    inst = {**c3_counterexample(), "x": "0"}
    claim = get_claim("pomer.claimC.3")
    with workprec(128):
        assert claim.quantity(claim.with_prescribed(inst)) == 0


def test_claim_c3_fix_marginal_is_small_and_the_printed_one_is_violated():
    rng = np.random.default_rng(0)
    printed = evaluate(get_claim("pomer.claimC.3"), c3_counterexample(), 512)
    assert printed.outcome == "violated"
    fix = get_claim("pomer.claimC.3+fix")
    inst = c3_grid(True)(rng, 100)[0]
    with workprec(128):
        q = fix.quantity(fix.with_prescribed(inst))
    assert q < fix.bound_value(inst)


def test_t0_ratios_against_mpmath():
    """At t₀ = 1 (no prefix), l_{t₀} = x + 9, l'_{t₀} = −x + 9 on [−1, 1], β = λ = 1, Φ = 5, p = 1/2, x = 1/2."""
    inst = {"a": "-1", "b": "1", "beta": "1", "lam": "1", "G": "1", "losses": [], "changed": [[-9, 1, 1]],
            "replacement": [[-9, -1, -1]], "Phi": "5", "p": "1/2", "x": "1/2"}
    z1 = log_z(-1, 1, 1, 1, 0)
    x = mp(F(1, 2))
    lr = -(x + 9) + z1 - log_z(-1, 1, 1, 1, 1, 9) - mpmath.log(5)
    lr2 = -(-x + 9) + z1 - log_z(-1, 1, 1, 1, -1, 9) - mpmath.log(5)
    keep = abs(lr2 - lr)
    p = mpmath.mpf(1) / 2
    one, two = p + (1 - p) * (1 - mpmath.exp(lr)), p + (1 - p) * (1 - mpmath.exp(lr2))
    switch = max(mpmath.log(two / one), mpmath.log(one / two))
    with workprec(256):
        for cid, expected in (("pomer.claimC.2:t0-keep", keep), ("pomer.claimC.2:t0-switch", switch)):
            claim = get_claim(cid)
            got = claim.quantity(claim.with_prescribed(inst))
            assert abs(mpmath.mpf(got.mid().str(50, radius=False)) - expected) < mpmath.mpf(10) ** -30
            assert expected <= claim.bound_value(inst).upper()


def test_t0_grid_stays_in_e_t0_only_where_the_hypothesis_says_so():
    claim = get_claim("pomer.claimC.2:t0-keep")
    insts = t0_grid(np.random.default_rng(1), 10**6)
    decided = [claim.hypotheses[-1].decide(claim.with_prescribed(i)) for i in insts[:60]]
    assert Decision.TRUE in decided and Decision.FALSE in decided
