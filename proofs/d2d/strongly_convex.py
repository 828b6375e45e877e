"""Sections 2.3–3.1 (strongly convex loss): Lemma 2.12 (Appendix B), Theorem 2.13, Theorem 3.1 (its σ, its Δ and
Δ's sharp value, its accuracy) and Theorem 3.2 (Appendix D)."""
from __future__ import annotations

import dataclasses

import sympy
from sympy import Rational, log, sqrt

from certunlearn.formulas.d2d import (
    ALPHA_31, ALPHA_31_FIX, ALPHA_32, ALPHA_32_FIX, CONTRACTION_213, G2_32, GAMMA_SC, GAP, GAP_32, GAP_32_I, I,
    I_MIN_32, I_MIN_32_FIX, L, LG2, M, RHO_31, RHO_32, SENSITIVITY_212, SHIFT_31, SHIFT_31_SHARP, SIGMA_31,
    SIGMA_32, SIGMA_32_FIX, T, beta, d, gamma, i, m, n,
)
from certunlearn.formulas.symbols import Delta, delta, epsilon, sigma
from certunlearn.derive import Derivation, Premise, SymbolicStart, step, then
from certunlearn.formulas.gaussian import gaussian_delta

from .starts import quadratic_gd_contraction
from .common import (
    Fd, GAMMA_DEF, GAMMA_FREE_DOMAIN, GFREE, GPOW, K, KAPPA_DEF, NI_DEF, PGD_DOMAIN, SC_COND, a0, a1, b0, b1,
    accuracy_tail, bw_steps, c, chi2_tail, g, k, kappa, kappa_slack, lam, n_i, power_lemma, r, s, s0, u, w,
)


def lem212() -> Derivation:
    """Appendix B (lines 496–536): Claim B.1 (quadratic growth at a constrained minimiser) plus the deletion
    chain (9)–(10); an addition is the deletion read backwards (|D∘u| = n + 1 > n)."""
    return Derivation(
        claim_id="d2d.lem2.12",
        target="bound",
        title="Sensitivity of the empirical risk minimiser (Lemma 2.12, Appendix B)",
        start=r,
        where=((a1, a0 - u), (b1, b0 + L * r - s), (Fd, m * r**2 / 2 + w)),
        premises=(
            Premise("f_D = ((n−1)/n) f_{D'} + (1/n) f_z for D' = D \\ {z}, |D| = n (definition (1))", "line 119"),
            Premise("a_1 = f_{D'}(θ*_{D'}) ≤ f_{D'}(θ*_D) = a_0, i.e. a_1 = a_0 − u with u ≥ 0", "optimality of θ*_{D'}"),
            Premise("b_1 − b_0 = f_z(θ*_{D'}) − f_z(θ*_D) ≤ L r, i.e. b_1 = b_0 + L r − s with s ≥ 0", "L-Lipschitz f_z"),
            Premise("Claim B.1: h(θ) ≥ h(θ*) + (m/2)‖θ − θ*‖² for m-strongly convex h minimised over Θ at θ* "
                    "(eq. (10)): F = f_D(θ*_{D'}) − f_D(θ*_D) = (m/2)r² + w with w ≥ 0", "Claim B.1, lines 500–516"),
        ),
        note="The final step combines (9) and (10): (m/2)r² ≤ F ≤ (L/n)r. For an addition, |D∘u| = n + 1 and "
             "the bound 2L/(m(n+1)) ≤ 2L/(mn).",
        steps=(
            step(m * (1 - s / (1 + s)) * r**2 / 2, "<=", m * r**2 / 2,
                 "Claim B.1: h(θ) ≥ h(θ*) + (m/2)(1 − t)‖θ − θ*‖² for every t ∈ (0, 1) (t = s/(1+s)); sup over t"),
            step((n - 1) / n * a1 + b1 / n, "<=", (n - 1) / n * a0 + b1 / n,
                 "(9), first inequality: optimality of θ*_{D'} for f_{D'}", conditions=(sympy.Ge(n, 1),)),
            then("==", ((n - 1) / n * a0 + b0 / n) + b1 / n - b0 / n, "f_D(θ*_D) = ((n−1)/n) a_0 + b_0/n"),
            then("<=", ((n - 1) / n * a0 + b0 / n) + L * r / n, "(9), second inequality: L-Lipschitz f_z"),
            step(r, "==", 2 / (m * r) * (m * r**2 / 2), "algebra"),
            then("<=", 2 / (m * r) * Fd, "(10): F ≥ (m/2) r² (Claim B.1)"),
            then("<=", 2 / (m * r) * (L * r / n), "(9): F ≤ (L/n) r", conditions=(sympy.Le(Fd, L * r / n),)),
            then("==", SENSITIVITY_212, "algebra"),
        ),
    )


def thm213() -> Derivation:
    """[Che19] (cited; the paper prints no proof): the standard argument, per step."""
    lam_of = (m + M * s) / (1 + s)  # λ ∈ [m, M)
    eta = 2 / (m + M)
    # the run's curvature: λ₁ ∈ (m, (m + M)/2), where 1 − ηλ₁ > 0 (every factor |1 − ηλ| ∈ (0, γ] is reached there:
    # |1 − ηλ| is symmetric about (m + M)/2, and λ = (m + M)/2 gives θ_1 = θ*, a ratio 0)
    lam1 = sympy.Symbol("lambda_1", positive=True)
    lam1_of = (m + M) / 2 - (M - m) / (2 * (1 + s))
    t_lam = sympy.Symbol("t_lambda", positive=True)  # |1 − ηλ₁|/γ ∈ (0, 1]
    return Derivation(
        claim_id="d2d.thm2.13",
        target="bound",
        title="Contraction of projected gradient descent, η = 2/(m+M) (Theorem 2.13, [Che19])",
        start="‖θ_T − θ*‖/‖θ_0 − θ*‖",
        where=((M, m + k), (lam, lam_of), GAMMA_DEF, (lam1, lam1_of), (t_lam, sympy.Abs(1 - eta * lam1) / gamma)),
        premises=(
            Premise("θ* = Proj_Θ(θ* − η∇h(θ*)) (first-order optimality over the convex Θ) and Proj_Θ is "
                    "1-Lipschitz, so ‖θ_{t+1} − θ*‖ ≤ ‖(θ_t − θ*) − η(∇h(θ_t) − ∇h(θ*))‖", "projection theorem"),
            Premise("∇h(θ_t) − ∇h(θ*) = H_t(θ_t − θ*) with H_t = ∫₀¹ ∇²h, whose eigenvalues λ lie in [m, M] "
                    "(m-strong convexity, M-smoothness; twice differentiable h), so the step map's factor is "
                    "max_λ |1 − ηλ|", "mean value theorem"),
        ),
        symbolic_start=SymbolicStart(
            lambda: quadratic_gd_contraction(lam1_of.subs(M, m + k), 2 / (m + (m + k)), T),
            "‖θ_T − θ*‖/‖θ_0 − θ*‖ (what claims.d2d.sensitivity's Theorem 2.13 quantity computes) for T GD steps with "
            "η = 2/(m + M) on the one-dimensional quadratic (λ₁/2)(θ − c)², λ₁ = (m + M)/2 − (M − m)/(2(1 + s)) ∈ "
            "(m, (m + M)/2), M = m + k, with every iterate in Θ (proofs.d2d.starts.quadratic_gd_contraction): the start "
            "is checked on that shape, which reaches every factor |1 − ηλ| ∈ (0, γ)"),
        steps=(
            step(sympy.Abs(1 - eta * lam), "<=", (M - m) / (M + m),
                 "|1 − ηλ| ≤ (M − m)/(M + m) for λ ∈ [m, M] and η = 2/(m + M)"),
            step(gamma * gamma ** (T - 1), "==", gamma**T, "induction over the T steps: ratio_T ≤ γ·ratio_{T−1}"),
            step(t_lam, "<=", 1, "the first step at the run's λ₁ ∈ (m, (m + M)/2): t = |1 − ηλ₁|/γ = 1/(1 + s) ≤ 1"),
            step((gamma * t_lam) ** T, "<=", gamma**T,
                 "on a quadratic the step map is θ − θ* ↦ (1 − ηλ)(θ − θ*) along each eigenvector, so the ratio after "
                 "T steps is |1 − ηλ|^T = (γt)^T with t = |1 − ηλ|/γ ≤ 1 by the first step (the induction above)",
                 conditions=(sympy.Le(t_lam, 1),)),
            then("==", CONTRACTION_213, "γ = (M − m)/(M + m)"),
        ),
    )


def thm31() -> Derivation:
    """Theorem 3.1, unlearning (proof lines 211–240): Eq. (2), the induction (3), Δ, and Lemma A.3. Facts about
    G = γ^I are stated for any G ∈ (0, 1)."""
    rho31 = 4 * L / (m * n) * GPOW / (1 - GPOW)
    delta31 = 8 * L / (m * n) * GAMMA_SC**I / (1 - GAMMA_SC**I)
    quantity = gaussian_delta(epsilon, SIGMA_31, kappa * SHIFT_31)
    return Derivation(
        claim_id="d2d.thm3.1",
        target="bound",
        title="Theorem 3.1: (ε, δ)-unlearning with secret state at the prescribed σ (proof lines 211–240)",
        start=quantity,
        symbolic_start=SymbolicStart(lambda: gaussian_delta(epsilon, SIGMA_31, kappa * SHIFT_31),
                                     "Balle & Wang's δ (formulas.gaussian.gaussian_delta, what the claim's quantity "
                                     "encloses: claims.d2d.common.unlearning_delta) at the prescribed σ "
                                     "(formulas.d2d.SIGMA_31) and the shift max_i ‖μ_i − μ'_i‖ = κΔ, Δ = SHIFT_31"),
        conditions=SC_COND,
        where=(NI_DEF, KAPPA_DEF),
        domain={**PGD_DOMAIN, **GAMMA_FREE_DOMAIN, kappa_slack: ("0", "1000"), s0: ("0.001", "100")},
        samples=12,
        premises=(
            Premise("f_publish(A(D_i)) ~ N(μ_i, σ²I) and f_publish(R_A(D_{i−1}, u_i, θ̂_{i−1})) ~ N(μ'_i, σ²I) "
                    "with μ_i = A(D_i), μ'_i = θ̂_i (deterministic descent)", "Algorithms 1–3"),
            Premise("Theorem 2.13: ‖θ_T − θ*‖ ≤ γ^T‖θ_0 − θ*‖ with γ = (M − m)/(M + m) < 1, so G = γ^I ≤ 1; ‖θ'_0 − θ*_i‖ ≤ D",
                    "Theorem 2.13 (d2d.thm2.13)", sympy.Le(GPOW, 1)),
            Premise("Lemma 2.12: ‖θ*_i − θ*_{i+1}‖ ≤ 2L/(m n_i)", "Lemma 2.12 (d2d.lem2.12)"),
            Premise("Lemma A.3: N(μ, σ²I) and N(μ', σ²I) with ‖μ − μ'‖ ≤ Δ are (Δ²/(2σ²) + (Δ/σ)√(2log(1/δ)), δ)-"
                    "indistinguishable", "Bun & Steinke 2016 (d2d.lemA.3, gaussian.zcdp)"),
        ),
        steps=(
            power_lemma("Eq. (2): T ≥ I + log(Y)/log(1/γ), Y = Dmn_i/(2L), so γ^T D ≤ γ^I D/Y = 2Lγ^I/(mn_i)"),
            step(2 * L * GPOW / (m * n_i), "<=", 4 * L * GPOW / (m * n), "Eq. (2): n_i ≥ n/2 (Assumption 2.6)"),
            step(4 * L * GPOW / (m * n), "<=", rho31, "base case of (3): γ^I ≤ γ^I/(1 − γ^I)",
                 conditions=(sympy.Le(GPOW, 1),)),
            step(2 * L / (m * n_i), "<=", 4 * L / (m * n), "Lemma 2.12 on D_i, n_i ≥ n/2"),
            step(GPOW * (rho31 + 4 * L / (m * n)), "==", rho31,
                 "induction step of (3): γ^I(ρ + 4L/(mn)) = ρ for ρ = (4L/(mn))γ^I/(1 − γ^I)"),
            step(4 * L * GPOW / (m * n) + rho31, "<=", 8 * L / (m * n) * GPOW / (1 - GPOW),
                 "‖μ_i − μ'_i‖ ≤ (2) + (3) ≤ Δ = (8L/(mn))γ^I/(1 − γ^I)", conditions=(sympy.Le(GPOW, 1),)),
            step(Delta**2 / (2 * (Delta / (sqrt(2) * GAP)) ** 2) + sqrt(2) * GAP * sqrt(2 * log(1 / delta)), "==",
                 epsilon, "Lemma A.3 with σ = Δ/(√2(√(log(1/δ)+ε) − √log(1/δ))): the privacy loss bound equals ε"),
            step(sigma, "==", delta31 / (sqrt(2) * GAP), "σ solves Δ²/(2σ²) + (Δ/σ)√(2log(1/δ)) = ε (previous step)",
                 given={sigma: delta31 / (sqrt(2) * GAP)}),
            then("==", SIGMA_31, "Δ = (8L/(mn))γ^I/(1 − γ^I)"),
            *bw_steps(SIGMA_31, SHIFT_31, log(1 / delta), delta,
                      "κ = max_i ‖μ_i − μ'_i‖/Δ ≤ 1 by the steps above (d2d.thm3.1:shift)", sqrt(2) * GAP),
        ),
    )


def thm31_shift() -> Derivation:
    """Theorem 3.1's Δ (proof lines 211–237): Eq. (2) bounds retraining's residual, the induction (3) the secret
    state's lag; their sum is the printed Δ."""
    rho31 = 4 * L / (m * n) * GPOW / (1 - GPOW)
    G = GAMMA_SC**I
    return Derivation(
        claim_id="d2d.thm3.1:shift",
        target="bound",
        title="Theorem 3.1: ‖μ_i − μ'_i‖ ≤ Δ (proof lines 211–237)",
        start="max_i ‖μ_i − μ'_i‖",
        start_reason="the quantity max_i ‖μ_i − μ'_i‖ is Algorithm 2's secret state run against retraining "
                     "(claims.d2d.perturbed_gd.shift_31), with no closed form; the chain's first expression is the "
                     "proof's upper bound of it (retraining's residual (2) plus the lag (3)), so it cannot be checked "
                     "against the quantity without comparing the bound with itself",
        conditions=SC_COND,
        where=(NI_DEF,),
        domain={**PGD_DOMAIN, **GAMMA_FREE_DOMAIN},
        samples=12,
        premises=(
            Premise("Theorem 2.13: ‖θ_T − θ*‖ ≤ γ^T‖θ_0 − θ*‖ with γ = (M − m)/(M + m) < 1, so G = γ^I ≤ 1; ‖θ'_0 − θ*_i‖ ≤ D",
                    "Theorem 2.13 (d2d.thm2.13)", sympy.Le(GPOW, 1)),
            Premise("Lemma 2.12: ‖θ*_i − θ*_{i+1}‖ ≤ 2L/(m n_i)", "Lemma 2.12 (d2d.lem2.12)"),
        ),
        steps=(
            power_lemma("Eq. (2): T ≥ I + log(Y)/log(1/γ), Y = Dmn_i/(2L), so γ^T D ≤ γ^I D/Y = 2Lγ^I/(mn_i)"),
            step(2 * L * GPOW / (m * n_i), "<=", 4 * L * GPOW / (m * n), "Eq. (2): n_i ≥ n/2 (Assumption 2.6)"),
            step(4 * L * GPOW / (m * n), "<=", rho31, "base case of (3): γ^I ≤ γ^I/(1 − γ^I)",
                 conditions=(sympy.Le(GPOW, 1),)),
            step(GPOW * (rho31 + 4 * L / (m * n)), "==", rho31, "induction step of (3)"),
            step(4 * L * G / (m * n) + 4 * L / (m * n) * G / (1 - G), "<=", SHIFT_31,
                 "‖μ_i − μ'_i‖ ≤ (2) + (3) ≤ Δ = (8L/(mn))γ^I/(1 − γ^I)"),
        ),
    )


def thm31_shift_sharp() -> Derivation:
    """The attainable maximum of Theorem 3.1's mean shift (issue 13): the proof's chain (lines 211–237) with each
    inequality at its sharp constant. A deletion moves the constrained optimum by at most L/(m n_{i−1}) (m-strong
    convexity of f_{D_{i−1}} and the two variational inequalities), an addition by L/(m n_i); both ≤ 2L/(mn) under
    Assumption 2.6 (Lemma 2.12's 2L/(m n_i) ≤ 4L/(mn) is twice that). The lag e_i = ‖θ̂_i − θ*_i‖ obeys
    e_i ≤ γ^I(e_{i−1} + 2L/(mn)), e_0 ≤ γ^{T_0}D ≤ 2Lγ^I/(mn), so e_i ≤ (2L/(mn))γ^I/(1 − γ^I); retraining's residual
    is ≤ γ^{T(n_i)}D ≤ 2Lγ^I/(m n_i) ≤ 4Lγ^I/(mn). Sum: Δ(3 − 2γ^I)/4 < 3Δ/4. Attained in the limit by
    ``worst_shift_instance`` (1-d, a = m: the contraction is exactly γ; the last deletion from n/2 + 1 points with
    the mean on the face of Θ; θ'_0 on the far face, ahead of the drift): fraction (R − 1)/(4(R + 1)) +
    (2k + 1 − R)/(4k) − O(γ^I) of Δ, = 3/4 + 1/(2k) − 1/√(2k) at R + 1 = √(2k) → 3/4."""
    lag = 2 * L / (m * n) * GPOW / (1 - GPOW)
    G = GAMMA_SC**I
    return Derivation(
        claim_id="d2d.thm3.1:shift-sharp",
        target="bound",
        title="Theorem 3.1: the largest mean shift the proof's inequalities allow at their sharp constants",
        start="max_i ‖μ_i − μ'_i‖",
        start_reason="the quantity max_i ‖μ_i − μ'_i‖ is Algorithm 2's secret state run against retraining "
                     "(claims.d2d.perturbed_gd.shift_31), with no closed form; the chain's first expression is the "
                     "proof's upper bound of it (retraining's residual (2) plus the lag (3)), so it cannot be checked "
                     "against the quantity without comparing the bound with itself",
        conditions=SC_COND,
        where=(NI_DEF,),
        domain={**PGD_DOMAIN, **GAMMA_FREE_DOMAIN},
        samples=12,
        premises=(
            Premise("Theorem 2.13: ‖θ_T − θ*‖ ≤ γ^T‖θ_0 − θ*‖ with γ = (M − m)/(M + m) < 1, so G = γ^I ≤ 1; ‖θ'_0 − θ*_i‖ ≤ D",
                    "Theorem 2.13 (d2d.thm2.13)", sympy.Le(GPOW, 1)),
            Premise("deletion of z from D_{i−1}: m‖θ*_{i−1} − θ*_i‖² ≤ ⟨∇f_{D_{i−1}}(θ*_i), θ*_i − θ*_{i−1}⟩ ≤ "
                    "(1/n_{i−1})⟨∇f_z(θ*_i), θ*_i − θ*_{i−1}⟩ ≤ (L/n_{i−1})‖θ*_i − θ*_{i−1}‖ (optimality of θ*_i for "
                    "f_{D_i} over Θ); an addition likewise with n_i", "proof of Lemma 2.12 (lines 518–535)"),
        ),
        steps=(
            step(L / (m * (n_i + 1)), "<=", 2 * L / (m * n), "a deletion: n_{i−1} = n_i + 1 ≥ n/2 + 1"),
            step(L / (m * n_i), "<=", 2 * L / (m * n), "an addition: n_i ≥ n/2"),
            step(2 * L * GPOW / (m * n), "<=", lag, "base: e_0 ≤ γ^{T_0}D ≤ 2Lγ^I/(mn) ≤ (2L/(mn))γ^I/(1 − γ^I)",
                 conditions=(sympy.Le(GPOW, 1),)),
            step(GPOW * (lag + 2 * L / (m * n)), "==", lag, "induction: γ^I(e + 2L/(mn)) = e at the fixed point e"),
            power_lemma("retraining: T(n_i) ≥ I + log(Dmn_i/(2L))/log(1/γ), so γ^{T(n_i)}D ≤ 2Lγ^I/(m n_i)"),
            step(2 * L * GPOW / (m * n_i), "<=", 4 * L * GPOW / (m * n), "n_i ≥ n/2 (Assumption 2.6)"),
            step(SHIFT_31_SHARP, "<=", Rational(3, 4) * SHIFT_31, "Δ(3 − 2γ^I)/4 ≤ 3Δ/4: below the proof's Δ"),
            step(2 * L * G / (m * n) / (1 - G) + 4 * L * G / (m * n), "==", SHIFT_31_SHARP,
                 "‖μ'_i − μ_i‖ ≤ e_i + ‖μ_i − θ*_i‖ ≤ lag + retraining's residual"),
        ),
    )


def _accuracy(claim_id: str, rho: sympy.Expr, alpha: sympy.Expr, prob: sympy.Expr, fix: bool, title: str,
              extra_premises: tuple = (), perfect: bool = False) -> Derivation:
    """Theorems 3.1/3.2, accuracy: the smoothness step, printed or corrected, and Lemma A.2. Theorem 3.1's final
    chain starts from the claim's quantity on the isotropic quadratic at its interior optimum (``accuracy_tail``);
    Theorem 3.2's (``perfect``: the published θ̃_{i−1} feeds the next round, so no round's law is that shape's
    central tail) from Lemma A.2's tail, its start stated."""
    rf = sympy.Symbol("rho", positive=True)
    e_ = rf / (1 + s)  # ‖θ̃ − θ*‖ on the event: any value in (0, ρ]
    alpha_r = (L * rf + M / 2 * rf**2) if fix else M / 2 * rf**2
    if fix:
        first = (step(L * e_ * (2 / (1 + c) - 1) + M * e_**2 / 2, "<=", L * e_ + M * e_**2 / 2,
                      "|∇f_D(θ*)ᵀ(θ̃ − θ*)| ≤ ‖∇f_D(θ*)‖‖θ̃ − θ*‖ ≤ L e (Cauchy–Schwarz; f_z L-Lipschitz)"),
                 then("<=", alpha_r, "on the event ‖θ̃ − θ*‖ < ρ: e ≤ ρ"))
        dom = PGD_DOMAIN
    else:
        first = (step(g + M * e_**2 / 2, "<=", M * e_**2 / 2,
                      "printed: “since f_z is M-smooth, f_D(θ̃) − f_D(θ*) ≤ (M/2)‖θ̃ − θ*‖²” — this drops "
                      "g = ∇f_D(θ*)ᵀ(θ̃ − θ*), which vanishes only when θ* is interior (∇f_D(θ*) = 0)"),
                 then("<=", alpha_r, "on the event ‖θ̃ − θ*‖ < ρ: e ≤ ρ"))
        dom = {**PGD_DOMAIN, g: ("0.01", "10")}
    tail = accuracy_tail(alpha_r, rf, rho, prob, "d2d.lemA.2", 2 / (M + m)) if not perfect else None
    return Derivation(
        claim_id=claim_id,
        target="bound",
        title=title,
        start="Pr[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]",
        conditions=SC_COND + (tail["conditions"] if tail else ()),
        where=tail["where"] if tail else (),
        domain={**dom, rf: ("0.001", "100")},
        samples=12,
        symbolic_start=tail["symbolic_start"] if tail else None,
        start_reason="" if tail else (
            "the quantity (claims.d2d.perturbed_gd.perfect_accuracy) is the perfect variant's law, whose rounds feed "
            "the published θ̃_{i−1} (Gaussian) into the next run: even with every run at the optimum a later round's "
            "variance exceeds σ², so no round is the central tail the chain starts from (Lemma A.2's); stated"),
        premises=(
            Premise("M-smoothness: f_D(θ̃) ≤ f_D(θ*) + ∇f_D(θ*)ᵀ(θ̃ − θ*) + (M/2)‖θ̃ − θ*‖² = f_D(θ*) + g + (M/2)e²",
                    "Definition 2.11"),
            Premise("‖θ̃_i − θ*_i‖ ≤ ‖θ̂_i − θ*_i‖ + ‖Z_i‖ and the proof's bound on ‖θ̂_i − θ*_i‖, so "
                    "‖θ̃_i − θ*_i‖ ≥ ρ implies ‖Z_i‖ ≥ σ√(2d)log(2d/β)", "triangle inequality; Eqs. (2)–(3) / (11)–(13)"),
            *extra_premises,
        ),
        steps=(
            *first,
            step(alpha_r.subs(rf, rho), "==", alpha, "α at the proof's radius ρ"),
            *(tail["steps"] if tail else (
                step(chi2_tail(d, 2 * d * log(2 * d / beta) ** 2), "<=", prob,
                     "Lemma A.2: P[‖Z‖ ≥ σ√(2d)log(2d/β)] ≤ β (the failure event is contained in it)",
                     lemma="d2d.lemA.2", integers=(d,)),)),
        ),
    )


def thm31_accuracy(fix: bool) -> Derivation:
    cid = "d2d.thm3.1:accuracy" + ("+fix" if fix else "")
    return _accuracy(cid, RHO_31, ALPHA_31_FIX if fix else ALPHA_31, beta, fix,
                     "Theorem 3.1, accuracy: the explicit bound behind the O(·) (proof lines 242–254)"
                     + (", corrected" if fix else ""))


def thm32(fix: bool) -> Derivation:
    """Appendix D (lines 557–599): Eq. (11), the induction (12), (13), Δ, Lemma A.3 at δ/2, Lemma A.1. Facts about
    powers of γ are stated for any γ ∈ (0, 1) (γ^{T} with T = I + log(Y)/log(1/γ) is γ^I/Y)."""
    sig = SIGMA_32_FIX if fix else SIGMA_32
    GI = GAMMA_SC**I
    Gq = GPOW / (1 - GPOW)
    A_ = 4 * L / (m * n)
    B_ = sympy.Symbol("B_s", positive=True)  # σ√(2d)
    Yv = 1 + s  # log(4di/δ) ≥ 1, any value
    rho0 = Gq * (A_ + B_)
    if fix:
        budget = [
            step(2 * GI / (1 - GI) * A_ / sig, "==", G2_32 / 2,
                 "Δ/σ, first term: the corrected σ = 16Lγ^I/((1 − γ^I)mnG) makes 2γ^I/(1−γ^I)·(4L/(mn))/σ = G/2"),
            step(I_MIN_32_FIX, "==", log(4 * sqrt(2 * d) / ((1 - GAMMA_SC) * G2_32)) / log(1 / GAMMA_SC),
                 "the corrected I ≥ log(Y)/log(1/γ), Y = 4√(2d)/((1 − γ)G): by the first step √(2d)γ^{I_min} = (1 − γ)G/4"),
            step(2 * GFREE ** (I + w) / (1 - GFREE ** (I + w)), "<=", 2 * GFREE**I / (1 - GFREE),
                 "Δ/σ, second term 2√(2d)γ^I/(1 − γ^I) ≤ 2√(2d)γ^{I_min}/(1 − γ) ≤ G/2 (I ≥ I_min ≥ 1)",
                 conditions=(sympy.Lt(GFREE, 1), sympy.Ge(I, 1))),
            step(G2_32 / 2 + G2_32 / 2, "==", G2_32, "Δ/σ ≤ G/2 + G/2"),
        ]
        x_bound = G2_32
    else:
        budget = [
            step(2 * GI / (1 - GI) * A_ / sig, "==", GAP_32,
                 "Δ/σ, first term: the printed σ makes 2γ^I/(1−γ^I)·(4L/(mn))/σ = √(2log(2/δ)+3ε) − √(2log(2/δ)+2ε)"),
            step(I_MIN_32, "==", log(sqrt(2 * d) / ((1 - GAMMA_SC) * GAP_32_I)) / log(1 / GAMMA_SC),
                 "the printed I ≥ log(Y)/log(1/γ), Y = √(2d)(1−γ)⁻¹/(√(2log(2/δ)+ε) − √(2log(2/δ))): by the first step "
                 "√(2d)γ^{I_min} = (1 − γ)(√(2log(2/δ)+ε) − √(2log(2/δ)))"),
            step(2 * (1 - GFREE) / (1 - GFREE**I), "<=", 2, "Δ/σ, second term: 2√(2d)γ^I/(1 − γ^I) ≤ "
                 "2(1 − γ)(√(2log(2/δ)+ε) − √(2log(2/δ)))/(1 − γ^I) ≤ 2(√(2log(2/δ)+ε) − √(2log(2/δ))): 1 − γ ≤ 1 − γ^I "
                 "for I ≥ 1", conditions=(sympy.Lt(GFREE, 1), sympy.Ge(I, 1))),
        ]
        x_bound = GAP_32 + 2 * GAP_32_I
    steps = [
        power_lemma("Eq. (11): T ≥ I + log(Dmn/2L)/log(1/γ) gives γ^T D ≤ 2Lγ^I/(mn); (13): T_i = I + "
                     "log(log(4di/δ))/log(1/γ) gives γ^{T_i} ≤ γ^I/log(4di/δ)"),
        step(2 * L / (m * n_i), "<=", 4 * L / (m * n), "Lemma 2.12 on D_i with n_i ≥ n/2"),
        step(GPOW / Yv * (Gq * K + K), "==", GPOW / Yv / (1 - GPOW) * K,
             "induction step of (12), K = 4L/(mn) + σ√(2d)log(2d/β'), γ^{T_i} = γ^I/log(4di/δ)"),
        step(GPOW / Yv / (1 - GPOW) * (A_ + B_ * Yv), "<=", rho0,
             "(13): β' = δ/(2i), log(2d/β') = log(4di/δ) ≥ 1 cancels against γ^{T_i} ≤ γ^I/log(4di/δ)",
             conditions=(sympy.Le(GPOW, 1),)),
        step(rho0 + A_ * GPOW, "<=", 2 * rho0, "Δ := (13) + (11) ≤ 2γ^I/(1 − γ^I)(4L/(mn) + σ√(2d))",
             conditions=(sympy.Le(GPOW, 1),)),
        *budget,
        step(x_bound**2 / 2 + x_bound * sqrt(LG2), "<=", epsilon,
             "Lemma A.3 at δ/2 needs Δ²/(2σ²) + (Δ/σ)√(2log(2/δ)) ≤ ε, i.e. Δ/σ ≤ √(2log(2/δ)+2ε) − √(2log(2/δ))"),
        step(delta / 2 + delta / 2, "==", delta,
             "Lemma A.1: (ε, δ/2)-indistinguishable given Z_0..Z_{i−1}, on an event of probability ≥ 1 − δ/2"),
    ]
    return Derivation(
        claim_id="d2d.thm3.2" + ("+fix" if fix else ""),
        target="bound",
        title="Theorem 3.2: perfect unlearning (Appendix D)" + (", corrected σ and I" if fix else ", as printed"),
        start="δ of f_publish(R_A(D_{i−1}, u_i, θ̃_{i−1})) vs f_publish(A(D_i)) at ε",
        start_reason=("the quantity is the privacy δ of the perfect variant, whose rounds start from the published "
                      "(Gaussian) θ̃_{i−1}: the two laws compared are mixtures over the earlier rounds' noise, with no "
                      "closed form in the chain's symbols; the chain bounds the shift on the event of (13) and applies "
                      "Lemma A.3 and Lemma A.1") if fix else "",
        conditions=SC_COND,
        where=(NI_DEF,),
        domain={**PGD_DOMAIN, i: ("1", "100"), K: ("0.01", "100"), B_: ("0.001", "100"), **GAMMA_FREE_DOMAIN},
        samples=12,
        premises=(
            Premise("Theorem 2.13, Lemma 2.12, Lemma A.2 (tail of ‖Z_i‖ with β' = δ/(2i), union over i rounds)",
                    "d2d.thm2.13, d2d.lem2.12, d2d.lemA.2"),
            Premise("Lemma A.3 (Gaussian mechanism) at δ/2 and Lemma A.1 (conditioning)", "Bun & Steinke 2016; d2d.lemA.3"),
        ),
        note="Printed: the Lemma A.3 step (the budget inequality) fails — by concavity of √, "
             "(√(L+3ε) − √(L+2ε)) + 2(√(L+ε) − √L) > √(L+2ε) − √L." if not fix else
             "The fix splits the budget G = √(2log(2/δ)+2ε) − √(2log(2/δ)) evenly between the two terms of Δ/σ.",
        steps=tuple(steps),
    )


def thm32_accuracy(fix: bool) -> Derivation:
    cid = "d2d.thm3.2:accuracy" + ("+fix" if fix else "")
    return _accuracy(cid, RHO_32, ALPHA_32_FIX if fix else ALPHA_32, beta, fix,
                     "Theorem 3.2, accuracy: the explicit bound behind the O(·) (Appendix D, lines 601–612)"
                     + (", corrected" if fix else ""),
                     perfect=True,
                     extra_premises=(Premise("with probability ≥ 1 − δ/2 over Z_0..Z_{i−1}, ‖θ̂_i − θ*_i‖ ≤ "
                                             "γ^I/(1 − γ^I)(4L/(mn) + σ√(2d)) (Eq. (13))", "Appendix D"),))


def with_delta(d_: Derivation, extra: sympy.Expr, why: str) -> Derivation:
    """The accuracy chain of Theorem 3.2 ends with β + δ/2 ≤ β + δ."""
    steps = list(d_.steps)
    last = steps[-1]
    steps[-1] = step(last.lhs, "<=", beta, last.justification, lemma="d2d.lemA.2", integers=(d,))
    steps.append(then("<=", beta + delta / 2, "Lemma A.2 (β) plus the failure of (13) (δ/2)"))
    steps.append(then("<=", beta + delta, why))
    return dataclasses.replace(d_, steps=tuple(steps))
