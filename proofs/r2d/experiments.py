"""The experiments' certificates (Section 4.2, lines 220–230; Appendix D.1, lines 608–618): ε > 1 with Balle & Wang's
calibration, decaying step sizes (as printed and corrected), and the estimated constants Ĝ and L̂ as printed (their
certified-constant fixes are Theorem 3.1's chain: ``exp_certified_constant_fix`` in the package).

Paper file ``papers/003_4ace1bceaf1cf3d6.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import sympy

from certunlearn.formulas.r2d import (
    C_DR, ETA_FINAL, ETA_SUM_LEARN, ETA_SUM_UNLEARN, G, G_hat, K, L, SENSITIVITY_DECAY_FIX, SIGMA_DECAY, SIGMA_DECAY_FIX,
    SIGMA_G_HAT, SIGMA_L_HAT, T, eta, eta0, gamma, lam as lam_q, m, n, t,
)
from certunlearn.formulas.gaussian import gaussian_delta
from certunlearn.formulas.symbols import delta, epsilon
from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, step, then

from .common import (
    A, D, N_IS, ONE_Q, SHIFT_BOUND_31, SHIFT_WHAT_31, T_IS, c, dom, j, kappa_A, kappa_B, le1, r, shift_written, u,
)
from .noise import noise_chain

# ---------------------------------------------------------------------------------------------- experiments


def _final_chain(sub: dict, target: sympy.Expr, why: str) -> tuple:
    """The last lines of Theorem 3.1's proof (437, 451) with the substitution ``sub`` applied to η, L or G: the
    mean shift D = κ_B·A(1+ηL)^K, A = κ_A·2Gm/(Ln)·u, gives σ = D·c/ε ≤ 2mG·h(K)c/(Lnε)."""
    h_u = (u * (1 + eta * L) ** K).subs(sub)
    return (
        step((D * c / epsilon), "<=", (2 * m * G * h_u * c / (L * n * epsilon)).subs(sub),
             "lines 437, 451: σ from Theorem B.1 with the shift replaced by its bound — " + why,
             conditions=le1(kappa_A, kappa_B)),
        then("==", target, "eq. (3) with " + why,
             given={u: (ONE_Q ** (T - K) - 1).subs(sub), c: C_DR}),
    )


def _exp_where(sub: dict) -> tuple:
    return ((A, (kappa_A * 2 * G * m / (L * n) * u).subs(sub)),
            (D, (kappa_B * A * (1 + eta * L) ** K).subs(sub)))


_EPS1_SHIFT = sympy.Symbol("Delta_b", positive=True)  # the shift bound 2mG·h(K)/(Ln)
_EPS1_W = sympy.Symbol("w", nonnegative=True)  # κ_B = 1/(1 + w) ∈ (0, 1]
_EPS1_SIGMA = sympy.Symbol("sigma_cal", positive=True)  # calibrate(ε, δ, Δ_b, 'exact'): a number, no closed form


def eps_above_1_quantity() -> sympy.Expr:
    """What ``r2d.sec4.2-epsilon-above-1``'s quantity (``claims.r2d.experiments.calibrated_delta``) computes, at
    symbolic input: Balle & Wang's δ (:func:`~certunlearn.formulas.gaussian.gaussian_delta`, what its
    ``delta_enclosure`` encloses) at ε, at σ = σ_cal (``algorithms.r2d.calibrated_noise``'s output: a symbol) and at
    the true shift ‖θ''_K − θ'_T‖ written κ_B·Δ_b = Δ_b/(1 + w) (Lemmas B.2–B.3: κ_B ≤ 1)."""
    return gaussian_delta(epsilon, _EPS1_SIGMA, _EPS1_SHIFT / (1 + _EPS1_W))


def exp_eps_above_1() -> Derivation:
    shift, w, sig = _EPS1_SHIFT, _EPS1_W, _EPS1_SIGMA
    x = sympy.Symbol("x", positive=True)  # the true shift ‖θ''_K − θ'_T‖ = κ·Δ_b
    return Derivation(
        claim_id="r2d.sec4.2-epsilon-above-1",
        target="bound",
        title="Section 4.2: ε > 1 with Balle & Wang's calibration of the shift bound",
        start=gaussian_delta(epsilon, sig, x),
        symbolic_start=SymbolicStart(eps_above_1_quantity,
                                     "Balle & Wang's δ (formulas.gaussian.gaussian_delta, what calibrated_delta "
                                     "encloses) at the calibrated σ_cal (calibrated_noise's output, a symbol) and the "
                                     "true shift κ_B·Δ_b"),
        where=((kappa_B, 1 / (1 + w)), (x, kappa_B * shift)),
        domain={epsilon: ("1", "100"), delta: ("1e-30", "0.99"), shift: ("0.001", "100"), w: ("0", "1000"),
                sig: ("0.001", "1000")},
        premises=(
            Premise("‖θ''_K − θ'_T‖ ≤ Δ_b = 2mG·h(K)/(Ln) for every ε: Lemmas B.2–B.3 (r2d.thm3.1, steps 1–5) do not "
                    "involve ε", "Lemmas B.2, B.3"),
            Premise("The true δ at ε of two Gaussians N(·, σ²I) at distance x is Balle & Wang's δ_M(ε, σ, x) = "
                    "Φ(x/(2σ) − εσ/x) − e^ε Φ(−x/(2σ) − εσ/x)", "Balle & Wang 2018, Thm 8"),
        ),
        note=("σ_cal = calibrate(ε, δ, Δ_b, 'exact') (no closed form: a symbol here); the true shift is x = κ_BΔ_b with "
              "κ_B = 1/(1 + w) ≤ 1. Step 2 stays cited: it is the postcondition of the numeric calibration "
              "(privacy.calibrate, method 'exact': the σ it returns is decided on arb enclosures to satisfy "
              "δ_M(ε, σ, Δ_b) ≤ δ), a property of a number computed per instance with no closed form to prove it "
              "on — checked where it is computed (privacy.calibrate) and by this claim's exact check."),
        steps=(
            step(gaussian_delta(epsilon, sig, x), "<=", gaussian_delta(epsilon, sig, shift),
                 "δ_M increases with the shift (Balle & Wang 2018, Thm 8 — proved here by monotonicity in w), and "
                 "x ≤ Δ_b", monotone=Monotone(w, 0)),
            then("<=", delta, "the exact calibration's guarantee, decided on enclosures",
                 cited="certunlearn.privacy.calibrate (gaussian.exact)",
                 given=((sig, sympy.Function("sigma_cal")(epsilon, delta, shift)),)),
        ),
    )


def exp_decaying_step() -> Derivation:
    sub = {eta: ETA_FINAL}
    return noise_chain(
        claim_id="r2d.sec4.2-decaying-step",
        title="Section 4.2: decaying steps η_t = η_0γ^t, σ of eq. (3) at the final step η_{T−1}",
        prescribed_sigma=SIGMA_DECAY, shift=SHIFT_BOUND_31.subs(sub), at=(T_IS, N_IS),
        shift_what=SHIFT_WHAT_31 + " at η = η_0γ^{T−1}, the bound the certificate uses (step 1: it fails)",
        shift_written=shift_written(sub)[1], where=shift_written(sub)[0] + _exp_where(sub),
        domain={**dom(m, r, G, K, epsilon, delta, c, u, kappa_A, kappa_B), L: ("0.001", "1"), eta0: ("0.01", "1"),
                gamma: ("0.5", "0.999"), t: ("1", "20"), j: ("21", "60")},
        premises=(Premise("Lemma B.2's recursion with steps η_t: ‖Δ_{t+1}‖ ≤ ‖Δ_t‖(1 + η_tLn/(n−m)) + 2η_tGm/(n−m) "
                          "(line 403 with η = η_t)", "Lemma B.2"),),
        note="The step the certificate needs — every step's drift bounded with the final step size — fails for every "
             "earlier step t < T − 1 when γ < 1.",
        side_steps=(
            step(2 * eta0 * gamma ** t * G * m / (n - m), "<=", (2 * eta * G * m / (n - m)).subs(sub),
                 "eq. (3) “assumes constant step size” (line 226): the drift of step t, 2η_tGm/(n−m), bounded by "
                 "the final step's"),
            *_final_chain(sub, SIGMA_DECAY, "η = η_0γ^{T−1}"),
        ),
    )


def exp_decaying_step_fix() -> Derivation:
    x = sympy.Symbol("x", nonnegative=True)  # η_tLn/(n−m) or η_sL, one factor's increment
    w = sympy.Symbol("w", nonnegative=True)  # exp(Ln/(n−m)·Σ_{s<T−K}η_s) − 1
    e = sympy.Symbol("e_K", positive=True)  # exp(L·Σ_{T−K≤s<T}η_s)
    g_j = sympy.Symbol("g_j", positive=True)  # γ^(T−K) ∈ (0, 1) (γ < 1)
    pi_l = sympy.Symbol("pi_l", positive=True)  # exp(−LnΣ_{s<T−K}η_s/r) ∈ (0, 1), r = n − m
    # the shift bound with w + 1 = 1/π_l, so that its sign is proved (g_j < 1, then π_l < 1)
    written = 2 * m * G / (L * n) * (1 / pi_l - 1) * sympy.exp(L * ETA_SUM_UNLEARN)
    return noise_chain(
        claim_id="r2d.sec4.2-decaying-step+fix",
        title="Section 4.2, corrected: decaying steps η_t = η_0γ^t, σ from the schedule's own expansion factors",
        prescribed_sigma=SIGMA_DECAY_FIX, shift=SENSITIVITY_DECAY_FIX, at=(T_IS, N_IS),
        shift_what="the schedule's shift bound 2mG/(Ln)·(e^{LnΣη_s/(n−m)} − 1)·e^{LΣη_s} (the premises)",
        shift_written=written, conditions=(sympy.Lt(gamma, 1),),
        where=((g_j, gamma ** j), (pi_l, sympy.exp(-L * n * eta0 * (1 - g_j) / ((1 - gamma) * r))),
               (A, kappa_A * 2 * G * m / (L * n) * w), (D, kappa_B * A * e)),
        domain={**dom(m, r, G, K, j, epsilon, delta, c, kappa_A, kappa_B), L: ("0.001", "1"),
                eta0: ("0.01", "1"), gamma: ("0.5", "0.999"), x: ("0", "50"), w: ("0", "1000"), e: ("1", "1000")},
        premises=(
            Premise("Lemma B.2's recursion with steps η_t: ‖Δ_{t+1}‖ ≤ ‖Δ_t‖(1 + η_tLn/(n−m)) + 2η_tGm/(n−m) (line 403 "
                    "with η = η_t); with c_0 = 2Gm/(Ln), ‖Δ_{t+1}‖ + c_0 ≤ (‖Δ_t‖ + c_0)(1 + η_tLn/(n−m)), so "
                    "A = ‖Δ_{T−K}‖ ≤ c_0(Π_{s<T−K}(1 + η_sLn/(n−m)) − 1) ≤ c_0·w, w = exp(Ln/(n−m)Σ_{s<T−K}η_s) − 1, "
                    "by step 1; Σ_{s<T−K}η_0γ^s = η_0(1 − γ^{T−K})/(1 − γ); A = κ_A·c_0·w, κ_A ≤ 1", "Lemma B.2",
                    sympy.Le(kappa_A, 1)),
            Premise("Lemma B.3 with steps η_s: D = ‖θ'_T − θ''_K‖ ≤ AΠ_{T−K≤s<T}(1 + η_sL) ≤ A·e_K (step 1), "
                    "e_K = exp(LΣ_{T−K≤s<T}η_s), Σ = η_0γ^{T−K}(1 − γ^K)/(1 − γ); D = κ_B·A·e_K, κ_B ≤ 1", "Lemma B.3",
                    sympy.Le(kappa_B, 1)),
        ),
        note="κ_A, κ_B ≤ 1 are the ratios of the true distances to the two premises' bounds.",
        side_steps=(
            step(1 + x, "<=", sympy.exp(x), "1 + x ≤ eˣ for each factor of the products (x ≥ 0)", monotone=Monotone(x, 0)),
            step(D * c / epsilon, "<=", 2 * m * G * w * e * c / (L * n * epsilon),
                 "Theorem B.1 with the shift replaced by its bound for the schedule used",
                 conditions=le1(kappa_A, kappa_B)),
            then("==", SIGMA_DECAY_FIX, "the prescribed σ: the two sums are geometric",
                 given={c: C_DR, w: sympy.exp(L * n * ETA_SUM_LEARN / (n - m)) - 1, e: sympy.exp(L * ETA_SUM_UNLEARN)}),
        ),
    )


def exp_gradient_estimate() -> Derivation:
    gz = sympy.Symbol("g_z", positive=True)  # a deleted point's gradient norm
    sub = {G: G_hat}
    return noise_chain(
        claim_id="r2d.appD.1-gradient-estimate",
        title="Appendix D.1: σ of eq. (3) with G estimated by the largest training-batch gradient norm",
        prescribed_sigma=SIGMA_G_HAT, shift=SHIFT_BOUND_31.subs(sub), at=(T_IS, N_IS),
        shift_what=SHIFT_WHAT_31 + " with G := Ĝ, the bound the certificate uses (step 1: it fails)",
        shift_written=shift_written(sub)[1], where=shift_written(sub)[0] + _exp_where(sub),
        domain={**dom(m, eta, L, j, K, epsilon, delta, c, u, kappa_A, kappa_B), r: ("51", "1000"),
                gz: ("0.01", "10"), G_hat: ("0.001", "10")},
        premises=(Premise("Opposed losses: retained gradients +g_z, deleted −g_z; the batch gradient is (n−2m)g_z/n, "
                          "so Ĝ = (n−2m)g_z/n (m < n/2)", "Appendix D.1 (line 612)"),),
        note="Line 397 bounds the deleted points' gradients ‖∇f_{z_i}‖ by G; with G := Ĝ that step fails.",
        side_steps=(
            step(gz, "<=", (n - 2 * m) * gz / n, "line 397 with G := Ĝ = (n−2m)g_z/n: a deleted point's gradient "
                 "is at most Ĝ"),
            *_final_chain(sub, SIGMA_G_HAT, "G = Ĝ"),
        ),
    )


def exp_lipschitz_estimate() -> Derivation:
    sub = {L: 1 / lam_q}
    dist = sympy.Symbol("a", positive=True)  # ‖θ_1 − θ_2‖
    return noise_chain(
        claim_id="r2d.appD.1-lipschitz-estimate",
        title="Appendix D.1: σ of eq. (3) with L estimated by the printed L̂ = ‖θ_1 − θ_2‖/‖∇f(θ_1) − ∇f(θ_2)‖",
        prescribed_sigma=SIGMA_L_HAT, shift=SHIFT_BOUND_31.subs(sub), at=(T_IS, N_IS),
        shift_what=SHIFT_WHAT_31 + " with L := L̂ = 1/λ, the bound the certificate uses (step 1: it fails)",
        shift_written=shift_written(sub)[1], where=shift_written(sub)[0] + _exp_where(sub),
        domain={**dom(m, r, eta, G, j, K, epsilon, delta, c, u, kappa_A, kappa_B), lam_q: ("1", "10"),
                dist: ("0.001", "10")},
        premises=(Premise("On f(θ) = −(λ/2)θ², ∇f(θ_1) − ∇f(θ_2) = −λ(θ_1 − θ_2): L̂ = 1/λ for every θ_1 ≠ θ_2",
                          "line 616"),),
        note="Lines 402 and 432 use ‖∇f(θ) − ∇f(θ')‖ ≤ L‖θ − θ'‖; with L := L̂ = 1/λ that fails once λ > 1.",
        side_steps=(
            step(lam_q * dist, "<=", dist / lam_q, "line 402 with L := L̂: ‖∇f(θ_1) − ∇f(θ_2)‖ ≤ L̂‖θ_1 − θ_2‖"),
            *_final_chain(sub, SIGMA_L_HAT, "L = L̂ = 1/λ"),
        ),
    )
