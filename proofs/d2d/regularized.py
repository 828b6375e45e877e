"""Section 3.2 (convex loss, regularized perturbed descent): Claim 3.3, Theorem 3.4, Theorem 3.5 and Remark 3.6
(Appendix E), and their accuracy chains."""
from __future__ import annotations

from collections.abc import Callable

import sympy
from sympy import log, sqrt

from certunlearn.formulas.d2d import (
    ALPHA_34, ALPHA_34_FIX, ALPHA_35, ALPHA_35_FIX, ALPHA_36, ALPHA_36_FIX, D, ETA_REG, GAMMA_REG, GAP, I, L, LP, M,
    SHIFT_31,
    RHO_34, RHO_35, RHO_36, SIGMA_31, SIGMA_34, SIGMA_35, SIGMA_35_FIX, SIGMA_36, SIGMA_36_FIX, beta, i,
    m, n, xi,
)
from certunlearn.formulas.symbols import Delta, delta, epsilon, sigma
from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, step, then
from certunlearn.formulas.gaussian import gaussian_delta

from .common import (
    KAPPA_DEF, NI_DEF, PGD_DOMAIN, accuracy_tail, bw_steps, c, fact_e2_steps, k, kappa, kappa_slack, n_i, s, s0, u, w,
)


gg = sympy.Symbol("g_r", real=True)  # ∇g(θ*r)ᵀ(θ̃ − θ*r), 0 only for an interior θ*r
Tp = sympy.Symbol("T'", positive=True)  # an iteration count T' ≥ 1 (Facts E.1, E.2)
REG_DOMAIN = {**PGD_DOMAIN, i: ("1", "100"), Tp: ("1", "1000"), xi: ("1", "3")}


def claim33() -> list[Derivation]:
    """Claim 3.3 (line 277; the paper prints no proof): the triangle inequality on ∇g_z = ∇f_z + mθ and on ∇²g_z = ∇²f_z
    + mI, with ‖θ‖ = ‖θ − 0‖ ≤ D because 0 ∈ Θ (line 273)."""
    gf = sympy.Symbol("g_f", positive=True)  # ‖∇f_z(θ)‖
    th = sympy.Symbol("theta_n", positive=True)  # ‖θ‖
    hf = sympy.Symbol("h_f", positive=True)  # λ_max(∇²f_z)
    lm = sympy.Symbol("lambda_min", nonnegative=True)  # λ_min(∇²f_z) ≥ 0 (convexity; 0 for a linear loss)
    dom = {L: ("0.1", "100"), m: ("0.01", "10"), M: ("0.02", "100"), D: ("0.1", "100")}
    return [
        Derivation(
            claim_id="d2d.claim3.3", target="bound", title="Claim 3.3: the Lipschitz constant of the regularised loss",
            start="‖∇g_z(θ)‖ = ‖∇f_z(θ) + mθ‖ ≤ ‖∇f_z(θ)‖ + m‖θ‖",
            where=((gf, L / (1 + s)), (th, D / (1 + c))), domain=dom, samples=12,
            premises=(Premise("a differentiable function on the convex Θ is K-Lipschitz iff sup_Θ ‖∇‖ ≤ K; the triangle "
                              "inequality on ∇g_z = ∇f_z + mθ", "mean value theorem"),),
            steps=(step(gf + m * th, "<=", L + m * th, "f_z is L-Lipschitz: ‖∇f_z(θ)‖ ≤ L"),
                   then("<=", L + m * D, "0 ∈ Θ: ‖θ‖ = ‖θ − 0‖ ≤ D")),
        ),
        Derivation(
            claim_id="d2d.claim3.3:smoothness", target="bound", title="Claim 3.3: the smoothness of the regularised loss",
            start="‖∇²g_z(θ)‖ = ‖∇²f_z(θ) + mI‖ ≤ ‖∇²f_z(θ)‖ + m", where=((hf, M / (1 + s)),), domain=dom, samples=12,
            symbolic_start=SymbolicStart(lambda: hf + m, "sup_x λ_max(∇²f_x) + m, what the claim's quantity "
                                         "(claims.d2d.claim33_losses.smoothness: max(A) + m, + h/w for the Huber band, "
                                         "+ max‖x‖²/4 for the logistic loss, m for the linear loss) computes, at the "
                                         "loss's curvature h_f = sup_x λ_max(∇²f_x) left symbolic (h_f ≤ M: M-smooth)"),
            steps=(step(hf + m, "<=", M + m, "f_z is M-smooth: ‖∇²f_z‖ ≤ M"),),
        ),
        Derivation(
            claim_id="d2d.claim3.3:strong-convexity", target="bound",
            title="Claim 3.3: the strong convexity of the regularised loss", start="m/λ_min(∇²g_z)",
            domain={**dom, lm: ("0.001", "100")}, samples=12,
            symbolic_start=SymbolicStart(lambda: m / (lm + m), "m/(inf_x λ_min(∇²f_x) + m), what the claim's quantity "
                                         "(claims.d2d.claim33_losses.convexity: m/(min(A) + m), m/m for the linear loss) "
                                         "computes, at the loss's least curvature λ_min = inf_x λ_min(∇²f_x) left "
                                         "symbolic"),
            premises=(Premise("λ_min(∇²g_z) = λ_min(∇²f_z) + m; a C² function is μ-strongly convex iff λ_min ≥ μ",
                              "Definition 2.9"),),
            steps=(step(m / (lm + m), "<=", 1, "f_z convex: λ_min(∇²f_z) ≥ 0"),),
        ),
    ]


def thm34() -> Derivation:
    """Theorem 3.4, unlearning (line 292: “follows from Theorem 3.1 by the choice of σ”): Theorem 3.1 applied to g,
    which is m-strongly convex, (L + mD)-Lipschitz and (M + m)-smooth by Claim 3.3."""
    sigma31_g = SIGMA_31.subs({L: LP, M: M + m}, simultaneous=True)
    shift = SHIFT_31.subs({L: LP, M: M + m}, simultaneous=True)  # Theorem 3.1's Δ for g
    return Derivation(
        claim_id="d2d.thm3.4", target="bound",
        title="Theorem 3.4: unlearning on the regularised loss at the prescribed σ (line 292)",
        start=gaussian_delta(epsilon, SIGMA_34, kappa * shift),
        symbolic_start=_bw_start(SIGMA_34, shift, "SIGMA_34", "Theorem 3.1's Δ for g (SHIFT_31 at L + mD, M + m)"),
        where=(KAPPA_DEF,), domain={**PGD_DOMAIN, kappa_slack: ("0", "1000"), s0: ("0.001", "100")}, samples=12,
        premises=(Premise("Theorem 3.1 for the loss g_z: m-strongly convex, (L + mD)-Lipschitz, (M + m)-smooth",
                          "d2d.thm3.1, d2d.claim3.3"),),
        steps=(
            step(((M + m) - m) / ((M + m) + m), "==", GAMMA_REG, "Theorem 3.1's γ for g: (M_g − m)/(M_g + m), M_g = M + m"),
            step(2 / ((M + m) + m), "==", ETA_REG, "Theorem 3.1's η for g: 2/(M_g + m)"),
            step(log(D * m * n / (2 * LP)), "<=", log(D * m * n / (2 * L)),
                 "the printed T uses L ≤ L + mD: it is at least Theorem 3.1's T for g"),
            step(sigma, "==", sigma31_g, "Theorem 3.1's σ for g (its L is L + mD)", given={sigma: sigma31_g}),
            then("==", SIGMA_34, "algebra"),
            *bw_steps(SIGMA_34, shift, log(1 / delta), delta,
                      "κ = max_i ‖μ_i − μ'_i‖/Δ ≤ 1 by Theorem 3.1's proof for g (d2d.thm3.1:shift's chain)", sqrt(2) * GAP),
        ),
    )


def _bw_start(sig: sympy.Expr, shift: sympy.Expr, sig_name: str, shift_name: str) -> SymbolicStart:
    """The claim's quantity at symbolic input: Balle & Wang's δ at the prescribed σ and the shift κΔ (κ = the actual
    max_i ‖μ_i − μ'_i‖ over the proof's Δ)."""
    return SymbolicStart(lambda: gaussian_delta(epsilon, sig, kappa * shift),
                         "Balle & Wang's δ (formulas.gaussian.gaussian_delta, what the claim's quantity encloses: "
                         f"claims.d2d.common.unlearning_delta) at the prescribed σ (formulas.d2d.{sig_name}, m the "
                         f"regulariser run) and the shift max_i ‖μ_i − μ'_i‖ = κΔ, Δ = {shift_name}")


def reg_accuracy(claim_id: str, fix: bool) -> Derivation:
    """Theorems 3.4/3.5, accuracy: the chain of lines 293–300 (as printed, steps (1)–(5)), or its Cauchy–Schwarz fix,
    then Lemma A.2 for ‖θ̃ − θ*r‖ < ρ. Quantities bounded by others are written as values in their ranges
    (e = ρ/(1 + s) ≤ ρ, ‖θ*‖ = D/(1 + k) ≤ D, a cosine 2/(1 + c) − 1 ∈ (−1, 1]). The final chain starts from the
    claim's quantity on the isotropic quadratic centred at 0 (the regulariser's centre), its run at 0
    (``accuracy_tail``)."""
    rem36_ = claim_id.startswith("d2d.rem3.6")
    thm35_ = claim_id.startswith("d2d.thm3.5") or rem36_
    rho_expr = RHO_36 if rem36_ else RHO_35 if thm35_ else RHO_34
    alpha = ((ALPHA_36_FIX if fix else ALPHA_36) if rem36_ else
             (ALPHA_35_FIX if fix else ALPHA_35) if thm35_ else (ALPHA_34_FIX if fix else ALPHA_34))
    rf = sympy.Symbol("rho", positive=True)
    e_ = rf / (1 + s)
    ts_ = D / (1 + k)
    tr_ = ts_ / (1 + w)
    cos_ = 2 / (1 + c) - 1
    ip_ = m * tr_ * e_ * cos_
    q_ = m / 2 * (ts_**2 - tr_**2) / (1 + u)
    alpha_r = (L * rf + M / 2 * rf**2 + m / 2 * D**2) if fix else (M / 2 * rf**2 + m * D**2 + m / 2 * D**2)
    opt = step(m / 2 * (ts_**2 - tr_**2), "<=", m / 2 * D**2, "(4): g(θ*r) ≤ g(θ*) gives f(θ*r) − f(θ*) ≤ "
               "(m/2)(‖θ*‖² − ‖θ*r‖²); ‖θ*‖ ≤ D (0 ∈ Θ)")
    if fix:
        first = (step(L * e_ * cos_ + M * e_**2 / 2 + q_, "<=", L * e_ + M * e_**2 / 2 + q_,
                      "Cauchy–Schwarz: ∇f(θ*r)ᵀ(θ̃ − θ*r) ≤ ‖∇f(θ*r)‖‖θ̃ − θ*r‖ ≤ Le (f L-Lipschitz; no optimality needed)"),
                 opt,
                 step(L * e_ + M * e_**2 / 2 + m / 2 * D**2, "<=", alpha_r, "on the event ‖θ̃ − θ*r‖ < ρ: e ≤ ρ"))
        dom = REG_DOMAIN
    else:
        first = (step(gg + ip_ + M * e_**2 / 2 + q_, "<=", ip_ + M * e_**2 / 2 + q_,
                      "(2): “∇f(θ) = ∇g(θ) − mθ and ∇g(θ*r) = 0 by optimality” — ∇g(θ*r) vanishes only for an interior "
                      "θ*r; g_r = ∇g(θ*r)ᵀ(θ̃ − θ*r) is dropped"),
                 step(ip_, "<=", m * D**2, "(3): “θ₁ᵀθ₂ ≤ ‖θ₁‖‖θ₂‖ ≤ D² for θ₁, θ₂ ∈ Θ” — but θ*r − θ̃ is not in Θ: θ̃ = θ̂ + Z, "
                      "so ‖θ*r − θ̃‖ = e is not bounded by D"),
                 opt,
                 step(M * e_**2 / 2 + m * D**2 + m / 2 * D**2, "<=", alpha_r, "on the event ‖θ̃ − θ*r‖ < ρ: e ≤ ρ"))
        dom = {**REG_DOMAIN, gg: ("0.01", "10")}
    tail = accuracy_tail(alpha_r, rf, rho_expr, beta, "d2d.lemA.2", ETA_REG, reg=m)
    return Derivation(
        claim_id=claim_id, target="bound",
        title=("Remark 3.6" if rem36_ else "Theorem 3.5" if thm35_ else "Theorem 3.4") + ", accuracy: the explicit bound behind the O(·)"
              + (" (corrected)" if fix else " (lines 293–300)"),
        start="Pr[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]", domain={**dom, rf: ("0.001", "100")}, samples=12,
        where=tail["where"], conditions=tail["conditions"], symbolic_start=tail["symbolic_start"],
        premises=(Premise("(1) M-smoothness of f: f(θ̃) ≤ f(θ*r) + ∇f(θ*r)ᵀ(θ̃ − θ*r) + (M/2)‖θ̃ − θ*r‖²", "Definition 2.11"),
                  Premise("‖θ̃_i − θ*r_i‖ < ρ except with probability β: ‖θ̂_i − θ*r_i‖ is bounded by Theorem 3.1's proof for g "
                          + ("(eq. (19))" if thm35_ else "(eq. (6))") + " and ‖Z_i‖ by Lemma A.2", "Lemma A.2")),
        note="Printed: steps (2) and (3) are refuted (boundary optimum; θ̃ outside Θ)." if not fix else
             "The corrected chain needs neither ∇g(θ*r) = 0 nor θ̃ ∈ Θ.",
        steps=(*first,
               step(alpha_r.subs(rf, rho_expr), "==", alpha, "α at ρ = " + ("4L'(M/(mI))^{1/(2ξ)}/(mn)" if rem36_ else "4L'√M/(m√(mI)n)" if thm35_ else
                                                                             "4L'γ^I/(mn(1−γ^I))") + " + σ√(2d)log(2d/β)"),
               *tail["steps"]),
    )


def _unlearning_sigma(claim_id: str, title: str, fact: tuple, shift: sympy.Expr, target: sympy.Expr, printed: bool,
                      extra: tuple = (), fact_premise: Premise | None = None) -> Derivation:
    """Appendix E (lines 614–683): Facts E.1/E.2, eqs. (17)–(19), Δ and Lemma A.3, for T_i = i^{2ξ}·I. The facts
    about γ = M/(M + 2m) are stated with x = m/M."""
    bw = () if printed else bw_steps(target, 2 * shift, log(1 / delta), delta,
                                     "κ = max_i ‖μ_i − μ'_i‖/Δ ≤ 1 by the steps above", sqrt(2) * GAP)
    return Derivation(
        claim_id=claim_id, target="sigma" if printed else "bound", title=title,
        start=sigma if printed else gaussian_delta(epsilon, target, kappa * 2 * shift),
        symbolic_start=None if printed else _bw_start(target, 2 * shift, claim_id.split(".", 1)[1].upper(),
                                                      "twice (19)'s bound (the proof's Δ)"),
        where=(NI_DEF,) if printed else (NI_DEF, KAPPA_DEF),
        domain={**REG_DOMAIN, XR: ("0.001", "100")} if printed else
        {**REG_DOMAIN, XR: ("0.001", "100"), kappa_slack: ("0", "1000"), s0: ("0.001", "100")}, samples=12,
        premises=(Premise("Theorem 2.13 for g (γ = M/(M + 2m) = 1/(1 + 2x), x = m/M), Lemma 2.12 for g (Lipschitz "
                          "L' = L + mD, Claim 3.3)", "d2d.thm2.13, d2d.lem2.12, d2d.claim3.3"),
                  Premise("Lemma A.3 (Gaussian mechanism)", "Bun & Steinke 2016 (d2d.lemA.3)"),
                  *((fact_premise,) if fact_premise is not None else ())),
        note=("Printed: the last step fails — the σ that Lemma A.3 needs for the proof's own Δ is twice the printed σ."
              if printed else "Corrected σ: Δ/(√2(√(log(1/δ)+ε) − √log(1/δ))) for the proof's Δ."),
        steps=(
            *fact,
            step(2 * LP * GR / (m * n_i), "<=", 4 * LP * GR / (m * n), "(17): n_i ≥ n/2 (Assumption 2.6), G = γ^I"),
            *extra,
            step(Delta / (sqrt(2) * GAP), "==", 2 * shift / (sqrt(2) * GAP), "Δ := (19) for μ_i plus (19) for μ'_i",
                 given={Delta: 2 * shift}),
            step(Delta**2 / (2 * (Delta / (sqrt(2) * GAP)) ** 2) + sqrt(2) * GAP * sqrt(2 * log(1 / delta)), "==", epsilon,
                 "Lemma A.3 with σ = Δ/(√2(√(log(1/δ)+ε) − √log(1/δ))): the privacy loss bound equals ε"),
            step(sigma, "==", 2 * shift / (sqrt(2) * GAP), "σ solves Δ²/(2σ²) + (Δ/σ)√(2log(1/δ)) = ε for the proof's Δ",
                 given={sigma: 2 * shift / (sqrt(2) * GAP)}),
            then("==", target, "the printed σ of the theorem" if printed else "algebra"),
            *bw,
        ),
    )


XR = sympy.Symbol("x", positive=True)  # m/M
GR = sympy.Symbol("G", positive=True)  # a power of γ, in (0, 1]


def _induction(power_of: Callable) -> tuple:
    """(18)'s induction step, with G_i = γ^{T_i} ≤ 1 (free): G_{i+1}(c·i·G_i + c) ≤ c(i + 1)G_{i+1}."""
    cst = 4 * LP / (m * n)
    Gi = 1 / (1 + u)  # any value in (0, 1]
    return (step(GR * (cst * i * Gi + cst), "<=", cst * (i + 1) * GR,
                 f"(18), induction step: G_{{i+1}}(4L'/(mn)·i·G_i + 4L'/(mn)) ≤ 4L'/(mn)(i+1)G_{{i+1}}, G_i = γ^{{{power_of('i')}}} ≤ 1"),)


def thm35(fix: bool) -> Derivation:
    shift = 4 * LP * sqrt(M) / (m * sqrt(m * I) * n)
    fact = (
        step((1 + 2 * XR) ** (-Tp), "<=", 1 / (1 + 2 * XR * Tp), "Fact E.1 (15): γ^{T'} = (1 + 2x)^{−T'} ≤ 1/(1 + 2xT') "
             "(Bernoulli, T' ≥ 1)", conditions=(sympy.Ge(Tp, 1),), monotone=Monotone(XR, 0)),
        then("<=", sqrt(1 / (XR * Tp)), "Fact E.1: 1 + y ≥ 2√y ≥ √y, y = 2xT'"),
    )
    extra = (
        *_induction(lambda j: f"{j}²I"),
        step(4 * LP / (m * n) * i * sqrt(M / (m * i**2 * I)), "==", shift,
             "(19): Fact E.1 at T' = i²I bounds (4L'/(mn))·i·γ^{i²I} by this; the factor i cancels"),
    )
    return _unlearning_sigma("d2d.thm3.5" + ("+fix" if fix else ""),
                             "Theorem 3.5: σ for weak unlearning (Appendix E)" + (", corrected" if fix else ", as printed"),
                             fact, shift, SIGMA_35_FIX if fix else SIGMA_35, not fix, extra,
                             Premise("Fact E.1 holds for every iteration count T' ≥ 1; (19) applies it at T' = i²I ≥ 1 "
                                     "(i, I ≥ 1)", "Fact E.1 (d2d.factE.1)", sympy.Ge(Tp, 1)))


def rem36(fix: bool) -> Derivation:
    shift = 4 * LP / (m * n) * (M / (m * I)) ** (1 / (2 * xi))
    fact = (
        *fact_e2_steps(((1 + 2 * XR) ** (-xi * Tp)) ** (1 / xi), XR, XR, Tp,
                       "Fact E.2 (16): γ^{T'} = (γ^{ξT'})^{1/ξ} ≤ (M/(mξT'))^{1/(2ξ)} by Fact E.1 at ξT'"),
        then("<=", (1 / (XR * Tp)) ** (1 / (2 * xi)), "ξ ≥ 1", conditions=(sympy.Ge(xi, 1),)),
    )
    extra = (
        *_induction(lambda j: f"{j}^{{2ξ}}I"),
        step(4 * LP / (m * n) * i * (M / (m * i ** (2 * xi) * I)) ** (1 / (2 * xi)), "==", shift,
             "(19) with Fact E.2 at T' = i^{2ξ}I; the factor i cancels"),
    )
    return _unlearning_sigma("d2d.rem3.6" + ("+fix" if fix else ""),
                             "Remark 3.6: σ for T_i = i^{2ξ}I (Fact E.2 in Appendix E)" + (", corrected" if fix else ", as printed"),
                             fact, shift, SIGMA_36_FIX if fix else SIGMA_36, not fix, extra,
                             Premise("Fact E.2 holds for every iteration count T' ≥ 1 and exponent ξ ≥ 1 (Remark 3.6's T_i = "
                                     "i^{2ξ}I, ξ ≥ 1); (19) applies it at T' = i^{2ξ}I ≥ 1", "Fact E.2 (d2d.factE.2)",
                                     sympy.And(sympy.Ge(Tp, 1), sympy.Ge(xi, 1))))
