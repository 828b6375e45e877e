"""Rewind-to-Delete claims, certunlearn.claims.r2d.experiments: Section 4.2 and Appendix D.1 — checked against
independent oracles (gradient descent by hand in Fractions, mpmath at 100 digits).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""

import mpmath
import numpy as np

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.instances import instance_key
from certunlearn.claims.r2d.experiments import DECAY_NAMES, decay_family, g_hat_family, l_hat_family, runs_decay
from certunlearn.claims.r2d.quantities import true_shift
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

from ..oracles import mp, contains
from .helpers import true_delta, sigma_31

mpmath.mp.dps = 100
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- the experiments


def test_decaying_step_shift_by_hand():
    inst = next(i for i in decay_family(np.random.default_rng(0), 10**6)
                if i["gamma"] == Fraction(9, 10) and i["T"] == 40 and i["K"] == 10 and i["n"] == 200
                and i["epsilon"] == 1 and i["delta"] == Fraction(1, 100))
    g = Fraction(9, 10)
    shift = Fraction(2, 200) * sum(g**t for t in range(30))  # (2mR/n)Σ_{t<T−K} η_t
    r = runs_decay(instance_key(inst, DECAY_NAMES))
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
    return next(i for i in decay_family(np.random.default_rng(0), 10**6)
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
    r = runs_decay(instance_key(inst, DECAY_NAMES))
    assert abs(r["unlearned"][0] - r["retrained"][0]) == shift
    assert sens >= mp(shift)
    assert true_delta(mpmath.mpf(1), sigma, mp(shift)) <= mp(inst["delta"])
    assert evaluate(fix, inst, MAX_PREC).outcome == WITHIN
    # and on every instance of the printed claim's structured family with γ < 1 (a small sample)
    for i in decay_family(np.random.default_rng(2), 4):
        if i["T"] <= 40:
            assert evaluate(fix, i, MAX_PREC).outcome == WITHIN


def _g_hat_instance(d=1):
    return next(i for i in g_hat_family(np.random.default_rng(0), 10**6)
                if len(i["X"][0]) == d and i["n"] == 10 and i["T"] == 8 and i["epsilon"] == 1
                and i["delta"] == Fraction(1, 100))


def test_gradient_estimate_independent():
    inst = _g_hat_instance()
    assert inst["G_hat_sq"] == Fraction(2, 10) ** 2
    shift = mp(Fraction(8 * 2 * 4, 10))
    sigma = sigma_31({**inst, "G": Fraction(2, 10)})
    independent = true_delta(mpmath.mpf(1), sigma, shift)
    assert independent > mp(inst["delta"])
    assert evaluate(get_claim("r2d.appD.1-gradient-estimate"), inst, MAX_PREC).outcome == VIOLATED
    # with the true gradient bound the same instance is certified
    assert evaluate(get_claim("r2d.thm3.1"), inst, MAX_PREC).outcome == WITHIN


def test_gradient_estimate_violated_in_two_dimensions():
    """d = 2, x = ±(2/3, 2/3): by hand, every full-batch gradient is (n − 2m)v/n = (2/10)(2/3, 2/3), so
    Ĝ = (2/10)·√8/3 (irrational); the iterates move by ηv per step on D and D' alike except for the deleted
    points' pull, the shift is T·η·2m‖v‖/n. The true δ at that σ (mpmath, 100 digits) exceeds δ."""
    inst = _g_hat_instance(2)
    assert inst["X"][0] == [Fraction(2, 3), Fraction(2, 3)]
    g_hat = mpmath.mpf(2) / 10 * mpmath.sqrt(8) / 3
    env = get_claim("r2d.appD.1-gradient-estimate").with_prescribed(inst)
    assert contains(env["G_hat"], g_hat)
    sigma = sigma_31({**inst, "G": 1}) * g_hat  # σ is linear in G
    assert contains(env["sigma"], sigma)
    with workprec(256):
        shift_arb = true_shift(inst)
    shift = mp(8 * 2 * 4) / 10 * mpmath.sqrt(8) / 3  # T·η·2m‖v‖/n, η = 1
    assert contains(shift_arb, shift)
    assert true_delta(mpmath.mpf(1), sigma, shift) > mp(inst["delta"])
    assert evaluate(get_claim("r2d.appD.1-gradient-estimate"), inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(get_claim("r2d.appD.1-gradient-estimate+fix"), inst, MAX_PREC).outcome == WITHIN


def test_gradient_estimate_hypothesis_decides_the_maximum():
    """Ĝ² must be the exact maximum of the squared batch-gradient norms: a value off by 2^−60 is outside."""
    from certunlearn.check.evaluate import EXCLUDED

    for d in (2, 3):
        inst = _g_hat_instance(d)
        off = {**inst, "G_hat_sq": inst["G_hat_sq"] + Fraction(1, 2**60)}
        assert evaluate(get_claim("r2d.appD.1-gradient-estimate"), off, MAX_PREC).outcome == EXCLUDED


def test_gradient_estimate_fix_holds_where_printed_fails():
    inst = _g_hat_instance()
    assert evaluate(get_claim("r2d.appD.1-gradient-estimate"), inst, MAX_PREC).outcome == VIOLATED
    fix = get_claim("r2d.appD.1-gradient-estimate+fix")
    sigma = sigma_31(inst)  # the certified per-sample G, not Ĝ
    assert contains(fix.with_prescribed(inst)["sigma"], sigma)
    assert sigma > sigma_31({**inst, "G": Fraction(2, 10)})
    shift = mp(Fraction(8 * 2 * 4, 10))  # as in test_gradient_estimate_independent
    assert true_delta(mpmath.mpf(1), sigma, shift) <= mp(inst["delta"])
    assert evaluate(fix, inst, MAX_PREC).outcome == WITHIN


def test_lipschitz_estimate_fix_holds_where_printed_fails():
    printed, fix = get_claim("r2d.appD.1-lipschitz-estimate"), get_claim("r2d.appD.1-lipschitz-estimate+fix")
    inst = next(i for i in l_hat_family(np.random.default_rng(0), 10**6)
                if evaluate(printed, i, MAX_PREC).outcome == VIOLATED)
    sigma = sigma_31(inst)  # the certified L = λ
    assert inst["L"] == inst["lam"] > 1
    assert contains(fix.with_prescribed(inst)["sigma"], sigma)
    assert contains(printed.with_prescribed(inst)["sigma"], sigma_31({**inst, "L": 1 / Fraction(inst["lam"])}))
    with workprec(256):
        shift = true_shift(inst)
    shift_mp = mpmath.mpf(shift.mid().str(60, radius=False))
    assert true_delta(mp(inst["epsilon"]), sigma, shift_mp) <= mp(inst["delta"])
    assert evaluate(fix, inst, MAX_PREC).outcome == WITHIN
