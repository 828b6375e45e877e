"""Derivations of the Online Learning and Unlearning claims (``certunlearn.claims.olu``), step by step, as printed;
the printed expressions come from ``certunlearn.formulas.olu``.

Paper file ``papers/000_8245766a2c9b0ba6.txt`` (line numbers below refer to it).

**Scalar forms.** Steps between vectors or distributions become steps between the scalars the paper writes.
A hypothesis used as an inequality enters as a *ratio in (0, 1]*: e.g. Σ_{j≤i} j^{−ω} = ρ·ω/(ω−1) with ρ ≤ 1
(step (c) of eq. (8)), η = 2ρ/(β+μ) with ρ ≤ 1, an eigenvalue λ = θβ with θ ≤ 1. The engine proves each step
for every value of the ratios in (0, 1] — exactly the paper's use of the hypothesis. Outside results (Lemma 3,
the shift-reduction Lemma C, Mironov's Lemma A, post-processing) are premises.

**Printed steps that fail** come out ``refuted`` with the point: Corollary 1's contraction coefficient for
η ≤ 1/(β+μ) (Lemma D holds only at η = 2/(β+μ)); Lemma D's first bullet (factor 1 − ηM); eq. (17) of Theorem
2's proof and its uses in Theorems 3 and 5 (Σ_{i≤k} i^p ≤ k^{p+1}/(p+1), false at k = 1: a sum of increasing
terms is not below the integral from 0); Theorem 2's last line (1 + log T + k + k² against the statement's
log T + 2k², at k = 1); Corollary 7's substitution (drops the '1 +' part of eq. (22) times the noise
coefficient); Theorem 5's line 864 (the factor 2D² on the noise term is dropped); Table 1's constant step in
eq. (39) against Theorem 5's bound; Theorem 6's use of I₁ (γ^{I₁} ≤ L/(μDτ) gives γ^{I₁} ≤ L/(τμ) only for
D ≥ 1); Lemma 10 as printed (unsquared first norm); Theorem 4's step (a)–(b) of eq. (33) (Lemma 8's 2β(f − inf f)
written β f — false for any β when inf f < 0, e.g. linear losses) and its last line, eq. (36). Several of these claims still hold on every instance
checked (their verdicts are computed by the checker): the refuted step is a gap in the proof, not necessarily
in the statement.

The borrowed lemmas (A, C, E, 7, 8) and Lemmas 3, 4 are derived in scalar form too: their outside sources
(Mironov's Gaussian integral, Feldman et al.'s shift reduction, Orabona's integral comparison, the descent lemma)
are premises, and the steps the paper adds (eq. (9) step (b), eq. (10), the T-fold contraction) are proved.

Convention: ``derivations() -> list[Derivation]`` (see :mod:`certunlearn.derive`).
"""
from __future__ import annotations

import dataclasses
import functools

import sympy
from sympy import Abs, log, sqrt

from certunlearn.formulas.olu import (
    LEMA, LEMA_DEFINITION, LEMC, LEM8, LEME, R0, Dl2, Rsum, a_shift, gap8, s2,
    COR7, ETA_TABLE1, G2s, HTs, I2s, PT, RT, Rtau, Sig, THM6_REGRET, THM6_STATED, THM6_STATED_FIX, S3, THM4, THM4_FIX, Fs, GAMMA_SC, GAMMA_SC_FIX, LEM5, LEM6, LEM9, LEM10, LEMD_1, LEMD_2, THM2, THM2_PROOF, THM3, THM5, D, L,
    Mc, S1, S2, T, a9, a10, b9, b10, beta, c9, c10, cnt, d, eta, gamma, k, kappa, mc, mu, omega,
)
from certunlearn.formulas.symbols import Delta, alpha, epsilon, sigma
from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, load_derivations, step, then

from .common import DOMAIN, Gs, Uu, Vv, X_IS, Xs, a, b, dom, j, lam, le1, rA, rB, rC, rho, theta, x
from .runs import (
    A3_1, A3_2, a7_0, a7_1, alg1_first_release, group_run, K_GROUP, m_g, s2_g, computation_run, lem7_run, D_b, l_c1, l_c2, lam_s, lem3_run, stability_run, x_s1, x_s2, projected_first_release, s3a, s3b, v3a, v3b, a_b, baseline_run, gd_contraction_at, lam8, lem8_run, lemb_run, lemc_run, leme_run, quadratic_gradient_parts, r8, theta_a,
    rE, v_b, v_c, w_b, lem4_run, m4a, m4b, v4, c4, s4, restart_regret_run, rho_r1, rho_r2, z_r,
)
from .adaptive import NOISE4, THM4_PREMISES, thm4_fix
from .restart import table2_restart_regret

#: σ_j² of Algorithm 1 (eq. (8), step (b)) in terms of a_{τ[j]}
SIGMA2_J = j**omega * omega * a**2 / (2 * (omega - 1) * epsilon)

THM1_PREMISES = (
    Premise("Algorithm 1's outputs are two contractive noisy iterations (Definition 6) whose maps differ only at "
            "u[1..i], by s_{u[j]} ≤ Δ_{u[j]} (Condition C3); with a_{τ[j]} = γ^{τ[j]−u[j]}Δ_{u[j]} and a_t = 0 "
            "elsewhere, e_{τ[i]} = 0 and e_t ≥ 0 (eq. (7)), so D_α(X_{τ[i]}‖X'_{τ[i]}) ≤ Σ_{j≤i} R_α(ζ_{τ[j]}, a_{τ[j]})",
            "Lemma 3 (privacy amplification by iteration; Feldman et al. 2018, Thm 22), Lemmas C and 4"),
    Premise("R_α(N(0, σ²I), a) = αa²/(2σ²)", "Lemma A (Mironov 2017, Cor. 3)"),
    Premise("Σ_{j=1}^{i} j^{−ω} ≤ 1 + ∫_1^∞ x^{−ω}dx = ω/(ω−1); write it as ρ·ω/(ω−1) with ρ ≤ 1 (step (c))",
            "integral comparison", sympy.Le(rho, 1)),
    Premise("The outputs on (τ[i], τ[i+1]) are the same deterministic maps of X_{τ[i]} in both processes",
            "post-processing (Lemma B, Mironov 2017)"),
)


def _thm1_chain() -> tuple:
    """Eq. (8): one summand (step (b)), then the sum (step (c))."""
    return (
        step(alpha * a**2 / (2 * SIGMA2_J), "==", alpha * epsilon * (omega - 1) / (omega * j**omega),
             "eq. (8), step (b): σ_j² = j^ω ω a_{τ[j]}²/(2(ω−1)ε) in Lemma A's α a²/(2σ²)"),
        step(alpha * epsilon * (omega - 1) / omega * (rho * omega / (omega - 1)), "<=", alpha * epsilon,
             "eq. (8), step (c): Σ_j αε(ω−1)/(ωj^ω) with Σ_{j≤i} j^{−ω} = ρω/(ω−1), ρ ≤ 1", conditions=le1(rho)),
    )


#: the quantity's value at the first release of one deletion: Lemma A at the run's shift γ^{τ−u}ηL with σ₁²
FIRST_RELEASE = alpha * epsilon * (omega - 1) / omega


def _first_release(run: SymbolicStart) -> dict:
    """The final chain from the claim's quantity on a symbolic run of Algorithm 1 with one deletion (``run``): eq. (8)
    at i = 1 (steps (b) and (c) with j = 1). The chain for every i is the steps before it (eq. (8) with Σ_{j≤i})."""
    return dict(symbolic_start=run, steps=(
        step(run.compute(), "==", FIRST_RELEASE,
             "eq. (8), step (b) at i = j = 1: Lemma A's αa²/(2σ₁²) at the run's shift a = γ^{τ−u}Δ_u, Δ_u = ηL"),
        then("<=", alpha * epsilon, "eq. (8), step (c) at i = 1: Σ_{j≤1} j^{−ω} = 1 ≤ ω/(ω − 1)"),
    ))


def _with_first_release(d: Derivation, run: SymbolicStart) -> Derivation:
    """``d`` (ending in eq. (8) for every i) followed by the final chain from ``run`` (:func:`_first_release`)."""
    tail = _first_release(run)
    return dataclasses.replace(d, symbolic_start=tail["symbolic_start"], steps=d.steps + tail["steps"],
                               domain={**{s_: (lo, hi) for s_, lo, hi in d.domain}, eta: DOMAIN[eta], lam: DOMAIN[lam],
                                       L: DOMAIN[L], mu: DOMAIN[mu]})


def thm1() -> Derivation:
    return Derivation(
        claim_id="olu.thm1", target="bound", title="Theorem 1: Algorithm 1 is an (α, αε)-OLU (lines 383–423)",
        start="D_α(X_{τ[i]} ‖ X'_{τ[i]}) ≤ Σ_{j≤i} αa_{τ[j]}²/(2σ_j²) (Lemma 3 with eq. (7), then Lemma A)",
        conditions=(sympy.Gt(omega, 1), sympy.Ge(j, 1)), premises=THM1_PREMISES,
        domain=dom(alpha, epsilon, omega, j, a, rho), steps=_thm1_chain())


def thm1_run() -> Derivation:
    """Theorem 1's chain, then the final chain from its quantity on a run at γ = the step's contraction 1 − ηλ."""
    return _with_first_release(thm1(), SymbolicStart(
        functools.partial(alg1_first_release, None, True, lam),
        "unlearning_quantity on Algorithm 1's symbolic run (passive_laws, one quadratic coordinate of curvature λ, u = 1 "
        "deleted at τ = 2, C3 at equality) with γ = 1 − ηλ, the contraction C2 allows at its tightest"))


def cor1_convex_run() -> Derivation:
    """Corollary 1's convex chain, then the final chain from its quantity (γ = 1) on a linear run."""
    return _with_first_release(cor1_convex(), SymbolicStart(
        functools.partial(alg1_first_release, sympy.S.One, False),
        "unlearning_quantity on Algorithm 1's symbolic run (passive_laws, one linear coordinate, u = 1 deleted at τ = 2, "
        "C3 at equality) with the corollary's γ = 1"))


def alg1_projected_run() -> Derivation:
    """Algorithm 1 as printed (projection, then noise): Theorem 1's chain, then the final chain from its quantity on a
    projected-OGD run (exact positions, symbolic α, ε, ω)."""
    return _with_first_release(alg1_projected(), SymbolicStart(
        projected_first_release, "projected_quantity on projected OGD (printed.first_release, exact) with linear losses "
                       "x = (1, 1/2, −1) on K = [−2, 2], z_1 = 0, η = 1/2, L = 1, f_1 deleted at τ = 2, and σ₁² "
                       "(sigma2_first's SIGMA2_ALG1) at symbolic α, ε, ω"))


def alg1_printed_step_fix_run() -> Derivation:
    """The corrected printed-step chain, then the final chain from its quantity on a run with line 3's indexing."""
    return _with_first_release(alg1_printed_step(True), SymbolicStart(
        functools.partial(alg1_first_release, None, True, lam, printed_fix=True),
        "printed_quantity(True) on a symbolic run of Algorithm 1 with line 3's step (printed_laws, drop_deleted; one "
        "quadratic coordinate of curvature λ, u = 1 deleted at τ = 3, C3 at equality) with γ = 1 − ηλ and σ₁²'s "
        "exponent τ − u − 1"))


def cor1_sc_fix_run() -> Derivation:
    """The corrected strongly convex chain, then the final chain from its quantity (γ = 1 − ημ) on a run with the
    curvature λ = μ (the direction contracted least)."""
    return _with_first_release(cor1_sc_fix(), SymbolicStart(
        functools.partial(alg1_first_release, GAMMA_SC_FIX, True, mu),
        "unlearning_quantity on Algorithm 1's symbolic run (passive_laws, one quadratic coordinate of curvature μ, u = 1 "
        "deleted at τ = 2, C3 at equality) with the corrected γ = 1 − ημ"))


def table2_computation_active() -> Derivation:
    l1, l2 = l_c1, l_c2
    t1, t2 = sympy.symbols("theta_1 theta_2", nonnegative=True)
    w = sympy.Rational(11, 5)
    return Derivation(
        claim_id="olu.table2:computation-active", target="bound",
        title="Table 2, Active, Computation: Theorem 6's fewest steps against 2.2·log_{1/γ}(kμDτ/L) + 2",
        start="(I_{1,i} + I₂)/(2.2·log_{1/γ}(kμDτ[i]/L) + 2) with the fewest integers Theorem 6 allows",
        symbolic_start=SymbolicStart(computation_run, "computation_ratio's count (fewest_steps: ⌈l₁⌉ + ⌈2.2 l₂⌉) over "
                                                      "COMP_ACTIVE, at l₁ = log_{1/γ}(μDτ[i]/L), l₂ = log_{1/γ} k"),
        premises=(Premise("I_{1,i} = ⌈l₁⌉ = l₁ + θ₁, I₂ = ⌈2.2 l₂⌉ = 2.2 l₂ + θ₂ with θ's in [0, 1), l₁ = log_{1/γ}(μDτ/L) ≥ 0 "
                          "(μDτ ≥ L), l₂ = log_{1/γ} k ≥ 0", "Theorem 6 (line 270)"),
                  Premise("log_{1/γ}(kμDτ/L) = l₁ + l₂", "logarithm of a product")),
        where=((t1, sympy.ceiling(l1) - l1), (t2, sympy.ceiling(w * l2) - w * l2)),
        domain={l1: ("0", "100"), l2: ("0", "100"), t1: ("0", "1"), t2: ("0", "1")},
        steps=(step(sympy.ceiling(l1) - l1, "<=", 1, "⌈l₁⌉ − l₁ ≤ 1: θ₁ ≤ 1"),
               step(sympy.ceiling(w * l2) - w * l2, "<=", 1, "⌈2.2 l₂⌉ − 2.2 l₂ ≤ 1: θ₂ ≤ 1"),
               step((l1 + t1 + w * l2 + t2) / (w * (l1 + l2) + 2), "<=",
                    sympy.S.One, "l₁ ≤ 2.2 l₁ and θ₁ + θ₂ ≤ 2 (the two steps above)", conditions=le1(t1, t2)),))


def alg1_projected() -> Derivation:
    return Derivation(
        claim_id="olu.alg1:projected", target="bound",
        title="Algorithm 1 as printed (projection, then noise), first release: Corollary 1's convex case",
        start="D_α(N(m, σ_1²I) ‖ N(m', σ_1²I)) with m, m' the projected OGD states at τ[1] (deterministic)",
        conditions=(sympy.Gt(omega, 1), sympy.Ge(j, 1)),
        premises=(Premise("Π_K is 1-Lipschitz and a GD step on a convex β-smooth loss with η ≤ 2/β is 1-Lipschitz, so "
                          "projected OGD is 1-contractive; ‖Π_K[z − η∇f(z)] − z‖ ≤ η‖∇f(z)‖ ≤ ηL for z ∈ K (C3)",
                          "line 517; Lemma D"),
                  Premise("‖m − m'‖ ≤ γ^{τ−u}Δ_u = a with γ = 1: the step on f_u moves by at most ηL, later maps are "
                          "1-contractive; noise added after the projection does not enter before τ[1]", "eq. (7)"),
                  *THM1_PREMISES),
        domain=dom(alpha, epsilon, omega, j, a, rho), steps=_thm1_chain())


def alg1_printed_step(fix: bool) -> Derivation:
    gp = sympy.Symbol("g", positive=True)  # τ − u ≥ 1
    shift = (step(gamma ** (gp - 1) * a, "<=", gamma ** (gp - 1) * a,
                  "the printed step first uses f_u at u + 1: the shift at τ is γ^{τ−u−1}Δ, and the fix calibrates σ on it")
             if fix else
             step(gamma ** (gp - 1) * a, "<=", gamma ** gp * a,
                  "eq. (7) sets a_τ = γ^{τ−u}Δ_u; with line 3's step f_u enters z_{u+1}, so the shift at τ is γ^{τ−u−1}Δ_u"))
    return Derivation(
        claim_id="olu.alg1:printed-step" + ("+fix" if fix else ""), target="bound",
        title="Algorithm 1 with line 3's step (∇f_{t−1})" + (", corrected" if fix else ", as printed"),
        start="D_α(X_{τ[i]} ‖ X'_{τ[i]}) ≤ Σ_{j≤i} α(shift_j)²/(2σ_j²) (Lemma 3, then Lemma A)",
        conditions=(sympy.Gt(omega, 1), sympy.Ge(j, 1)),
        premises=THM1_PREMISES + ((Premise("A deleted f_{u[i]} is not used after τ[i] (the fix drops it)", "the fix"),)
                                  if fix else
                                  (Premise("For u[i] = τ[i] < T the printed algorithm uses f_{u[i]} at τ[i] + 1, after the "
                                           "noise; the reference does not — not covered by the chain below",
                                           "line 3"),)),
        domain={**dom(alpha, epsilon, omega, j, a, rho), gamma: ("0.001", "1"), gp: ("1", "100")},
        steps=(shift,) + _thm1_chain())


#: Corollary 1's step size as a ratio of its largest allowed value (η = 2r_η/β, η = r_η/(β + μ), η = 2r_η/(β + μ)):
#: r_η ≤ 1 is the corollary's hypothesis on η, one of the derivation's conditions
r_eta = sympy.Symbol("r_eta", positive=True)


def _contraction_steps_convex() -> tuple:
    """|1 − ηλ| ≤ 1 for 0 < λ ≤ β and η ≤ 2/β (η = 2r_η/β, λ = θβ)."""
    return (
        step(1 - eta * lam, "<=", 1, "1 − ηλ ≤ 1: λ ≥ 0, η > 0"),
        step(eta * lam - 1, "<=", 1, "ηλ − 1 ≤ 1: η = 2r_η/β, λ = θβ with r_η, θ ≤ 1",
             given={eta: 2 * r_eta / beta, lam: theta * beta}, conditions=le1(r_eta, theta)),
    )


def cor1_convex() -> Derivation:
    return Derivation(
        claim_id="olu.cor1:convex", target="bound",
        title="Corollary 1, convex case: OGD with η ≤ 2/β is 1-contractive, then Theorem 1 (lines 155, 537–555)",
        start="D_α(X_{τ[i]} ‖ X'_{τ[i]}) ≤ Σ_{j≤i} αa_{τ[j]}²/(2σ_j²)",
        conditions=(sympy.Gt(omega, 1), sympy.Ge(j, 1), sympy.Le(r_eta, 1)),  # η ≤ 2/β
        premises=(Premise("A GD step w ↦ w − η∇f(w) on a convex β-smooth f is max over the Hessian's eigenvalues "
                          "λ = θβ ∈ [0, β] (θ ≤ 1) of |1 − ηλ| Lipschitz", "spectral bound on the Jacobian I − η∇²f",
                          sympy.Le(theta, 1)),
                  Premise("Projection onto K is 1-Lipschitz", "line 555"), *THM1_PREMISES),
        domain={**dom(alpha, epsilon, omega, j, a, rho, theta, beta, lam, eta), r_eta: ("0.001", "1")},
        steps=_contraction_steps_convex() + _thm1_chain())


def cor1_sc() -> Derivation:
    return Derivation(
        claim_id="olu.cor1:sc", target="bound",
        title="Corollary 1, strongly convex case, as printed: Lemma D's γ for η ≤ 1/(β+μ), then Theorem 1",
        start="D_α(X_{τ[i]} ‖ X'_{τ[i]}) ≤ Σ_{j≤i} αa_{τ[j]}²/(2σ_j²)",
        conditions=(sympy.Gt(omega, 1), sympy.Ge(j, 1), sympy.Le(r_eta, 1)),  # η ≤ 1/(β + μ)
        premises=(Premise("A GD step on a μ-strongly convex β-smooth f is max_{λ∈[μ,β]} |1 − ηλ| Lipschitz; the "
                          "direction λ = μ is contracted by 1 − ημ", "spectral bound on the Jacobian"),
                  *THM1_PREMISES),
        domain={**dom(alpha, epsilon, omega, j, a, rho, mu, b), r_eta: ("0.001", "1")},
        steps=(
            step(1 - eta * mu, "<=", GAMMA_SC,
                 "line 168 with Lemma D (line 515): the step η ≤ 1/(β+μ) contracts by γ = (β/μ−1)/(β/μ+1) — "
                 "Lemma D states that factor for η = 2/(β+μ) only", given={eta: r_eta / (beta + mu), beta: mu + b},
                 conditions=le1(r_eta)),
        ) + _thm1_chain())


def cor1_sc_fix() -> Derivation:
    return Derivation(
        claim_id="olu.cor1:sc+fix", target="bound",
        title="Corollary 1, strongly convex case, corrected: γ = 1 − ημ for η ≤ 2/(β+μ), then Theorem 1",
        start="D_α(X_{τ[i]} ‖ X'_{τ[i]}) ≤ Σ_{j≤i} αa_{τ[j]}²/(2σ_j²)",
        conditions=(sympy.Gt(omega, 1), sympy.Ge(j, 1), sympy.Le(r_eta, 1)),  # η ≤ 2/(β + μ)
        premises=(Premise("A GD step on a μ-strongly convex β-smooth f is max_{λ∈[μ,β]} |1 − ηλ| Lipschitz "
                          "(λ = μ + θ(β − μ), θ ≤ 1)", "spectral bound on the Jacobian", sympy.Le(theta, 1)),
                  *THM1_PREMISES),
        domain={**dom(alpha, epsilon, omega, j, a, rho, theta, mu, b), r_eta: ("0.001", "1")},
        steps=(
            step(1 - eta * (mu + theta * b), "<=", GAMMA_SC_FIX, "1 − ηλ ≤ 1 − ημ for λ = μ + θ(β − μ) ≥ μ",
                 given={eta: 2 * r_eta / (2 * mu + b)}),
            step(eta * (mu + theta * b) - 1, "<=", GAMMA_SC_FIX,
                 "ηλ − 1 ≤ 1 − ημ ⟺ η(λ + μ) ≤ 2, true for λ ≤ β and η = 2r_η/(β+μ), r_η ≤ 1",
                 given={eta: 2 * r_eta / (2 * mu + b)}, conditions=le1(r_eta, theta)),
        ) + _thm1_chain())


_MAX_OVER_EIGENVALUES = Premise(
    "On a quadratic with Hessian diag(λ₁, …, λ_d) the quantity max_k |1 − ηλ_k| is the largest of the one-eigenvalue "
    "quantities |1 − ηλ_k|: it is at most the bound iff each is, so the chain takes one eigenvalue λ in the "
    "hypothesis's interval", "definition of the maximum")
#: an eigenvalue's place in the hypothesis's interval [lo, M]: λ = lo + ϑ(M − lo), ϑ ∈ [0, 1]
vth = sympy.Symbol("vartheta", nonnegative=True)


def lemd1_fix() -> Derivation:
    eta_, lam_ = 2 * rho / Mc, vth * Mc
    return Derivation(
        claim_id="olu.lemD.1+fix", target="bound",
        title="Lemma D, first bullet, corrected: a GD step with η ≤ 2/M on a convex M-smooth loss is non-expansive",
        start=gd_contraction_at(eta_, lam_),
        symbolic_start=SymbolicStart(functools.partial(gd_contraction_at, eta_, lam_),
                                     "|1 − ηλ| (the claim's quantity, one eigenvalue) at η = 2ρ/M, λ = ϑM, ρ ∈ (0, 1], "
                                     "ϑ ∈ [0, 1]"),
        premises=(Premise("The Jacobian of ψ is I − η∇²ℓ with spectrum {1 − ηλ : λ ∈ [0, M]}", "mean-value theorem"),
                  _MAX_OVER_EIGENVALUES),
        conditions=le1(rho, vth), domain={**dom(rho, Mc), vth: ("0", "1")},
        steps=(step(gd_contraction_at(eta_, lam_), "<=", 1,
                    "−1 ≤ 1 − ηλ ≤ 1: 0 ≤ ηλ = 2ρϑ ≤ 2 for η = 2ρ/M, λ = ϑM (ρ, ϑ ≤ 1)"),))


def lemd2() -> Derivation:
    eta_, lam_ = 2 / (Mc + mc), mc + vth * (Mc - mc)
    return Derivation(
        claim_id="olu.lemD.2", target="bound",
        title="Lemma D, second bullet: at η = 2/(M+m) the factor is (M/m − 1)/(M/m + 1)",
        start=gd_contraction_at(eta_, lam_),
        symbolic_start=SymbolicStart(functools.partial(gd_contraction_at, eta_, lam_),
                                     "|1 − ηλ| (the claim's quantity, one eigenvalue) at η = 2/(M+m), λ = m + ϑ(M − m), "
                                     "ϑ ∈ [0, 1]"),
        premises=(Premise("The Jacobian of ψ is I − η∇²ℓ with spectrum in [1 − ηM, 1 − ηm]", "mean-value theorem"),
                  _MAX_OVER_EIGENVALUES),
        conditions=(sympy.Le(mc, Mc), *le1(vth)), domain={**dom(Mc, mc), vth: ("0", "1")},
        steps=(
            step(gd_contraction_at(eta_, lam_), "<=", (Mc - mc) / (Mc + mc),
                 "|1 − ηλ| = (M − m)|1 − 2ϑ|/(M + m) ≤ (M − m)/(M + m) for ϑ ∈ [0, 1]: the ends λ = m, λ = M give "
                 "1 − ηm and ηM − 1"),
            then("==", LEMD_2, "divide by m"),
        ))


def _stability(cid: str, curvature: sympy.Expr, title: str, bound: sympy.Expr, lines: str,
               at_run: tuple[dict, tuple]) -> Derivation:
    """Lemma 5 or 6: the paper's argument for any c and T (steps 1–2), then the final chain from the claim's quantity on
    a run (``stability_run``: T = 2, c = 1, one curvature λ) under the hypothesis L ≥ λ·diam and ``at_run`` (the
    curvature hypothesis at that instance: substitutions and conditions)."""
    return Derivation(
        claim_id=cid, target="bound", title=title,
        start=f"F(w_c*) − F(w*) ≤ cL‖w* − w_c*‖ and F(w_c*) − F(w*) ≥ (K/2)‖w* − w_c*‖² ({lines})",
        premises=(Premise("F(w_c*) ≤ F(w*) + cL‖w* − w_c*‖: w_c* minimises F minus the c removed functions, each "
                          "L-Lipschitz", "eqs. (20)/(29)"),
                  Premise("F(w_c*) ≥ F(w*) + (K/2)‖w_c* − w*‖² with K = Tμ (strong convexity of the sum) or κ "
                          "(quadratic growth)", "eqs. (21)/(30)"),
                  Premise("Together (K/2)x² ≤ cLx for x = ‖w* − w_c*‖ > 0: θ := Kx/(2cL) ≤ 1", "algebra",
                          sympy.Le(theta, 1))),
        domain=dom(cnt, L, mu, T, kappa, x, theta),
        # the claim's hypotheses on the run of step 3: L-Lipschitz on the data, and its curvature hypothesis
        conditions=(sympy.Le(lam_s * Abs(x_s1 - x_s2), L), *at_run[1]),
        steps=(
            step(x, "==", theta * 2 * cnt * L / curvature, "definition of θ", given={theta: curvature * x / (2 * cnt * L)}),
            then("<=", bound, "θ ≤ 1", conditions=le1(theta)),
            step(stability_run(), "<=", bound,
                 "T = 2, c = 1: the minimisers are the means, |x₁ − x₂|/2 apart; L ≥ λ|x₁ − x₂| (L-Lipschitz on the "
                 "data) and " + ("μ ≤ λ" if cid == "olu.lem5" else "κ = 2ρλ ≤ Tλ, ρ ≤ 1 (quadratic growth of the sum)"),
                 given={cnt: 1, T: 2, **at_run[0]}, conditions=(sympy.Le(lam_s * Abs(x_s1 - x_s2), L), *at_run[1])),
        ),
        symbolic_start=SymbolicStart(stability_run, "_stability_quantity on two symbolic quadratics of one curvature λ "
                                                    "(Stream.minimiser of f_1 + f_2 and of f_2): T = 2, c = 1"))


#: Lemma 9's two square roots, as abbreviations: the chain compares them after the shared c + a/2 cancels
R9, U9 = sympy.symbols("R_9 U_9", positive=True)
#: √(u + v) ≤ √u + √v at u = b + ac, v = a²/4 (line 827), the shared additive term c + a/2 cancelled
LEM9_ROOTS = sympy.Le(R9, U9 + a9 / 2)


def lem9() -> Derivation:
    """Lemma 9 (line 858; proof lines 813–829). Line 827's √(u + v) ≤ √u + √v is proved on its own first (squared:
    a√(b + ac) ≥ 0), with the term c + a/2 that both sides of the chain's step share cancelled; the chain's step then
    uses it as its condition (absorbed by a slack)."""
    return Derivation(
        claim_id="olu.lem9", target="bound", title="Lemma 9 (line 858)",
        start="x − c ≤ √(ax + b), squared: x² − (2c + a)x + c² ≤ b (line 813)",
        premises=(Premise("Completing the square, (x − (2c+a)/2)² ≤ b + ac + a²/4, so every x allowed is ≤ x_max := "
                          "(2c+a)/2 + √(b + ac + a²/4), and x_max is allowed: the largest x is x_max (lines 817–823)",
                          "algebra"),),
        where=((R9, sqrt(b9 + a9 * c9 + a9**2 / 4)), (U9, sqrt(b9 + a9 * c9))),
        domain=dom(a9, b9, c9),
        steps=(
            step(sqrt(b9 + a9 * c9 + a9**2 / 4), "<=", sqrt(b9 + a9 * c9) + a9 / 2,
                 "line 827: √(u + v) ≤ √u + √v with u = b + ac, v = a²/4 (the shared c + a/2 cancelled): R_9 ≤ U_9 + a/2"),
            step((2 * c9 + a9) / 2 + R9, "<=", (2 * c9 + a9) / 2 + U9 + a9 / 2,
                 "the previous step, c + a/2 added to both sides (line 827)", conditions=(LEM9_ROOTS,)),
            then("==", a9 + c9 + U9, "line 829"),
            then("<=", LEM9, "√(b + ac) ≥ 0: the statement's 2√(b + ac) (line 803) is weaker than the proof's"),
        ))


def _lem10(cid: str, printed: bool) -> Derivation:
    lhs = Abs(a10 - b10) - (c10 - b10) ** 2 if printed else (a10 - b10) ** 2 - (c10 - b10) ** 2
    box = {a10: ("-3", "3"), b10: ("-3", "3"), c10: ("-3", "3")}
    first = (step(lhs, "==", (a10 - b10) ** 2 - (c10 - b10) ** 2,
                  "eq. (58), line 1004: the proof starts from ‖a − b‖² − ‖c − b‖² — the statement (eq. (52)) prints "
                  "‖a − b‖ unsquared"),) if printed else (step(lhs, "==", (a10 - b10) ** 2 - (c10 - b10) ** 2, "as stated"),)
    return Derivation(
        claim_id=cid, target="bound", title="Lemma 10" + (" as printed (eq. (52))" if printed else ", corrected") + " on a line",
        start=lhs, domain=box,
        premises=(Premise("In R^d the last step is Cauchy–Schwarz (a − c)ᵀ(c − b) ≤ ‖a − c‖‖c − b‖; on a line it is "
                          "xy ≤ |x||y|", "Cauchy–Schwarz"),),
        steps=first + (
            then("==", (a10 - c10) ** 2 + 2 * (a10 - c10) * (c10 - b10), "eq. (58): expand (a − c)ᵀ(a + c − 2b)"),
            then("<=", LEM10, "Cauchy–Schwarz"),
        ))


def lemd1() -> Derivation:
    return Derivation(
        claim_id="olu.lemD.1", target="bound", title="Lemma D, first bullet, as printed: factor 1 − ηM (line 545)",
        start="max_{λ∈[0,M]} |1 − ηλ| (the Jacobian's spectrum)",
        premises=(Premise("The Jacobian of ψ is I − η∇²ℓ with spectrum {1 − ηλ : λ ∈ [0, M]}", "mean-value theorem"),),
        domain=dom(theta, Mc, eta),
        steps=(step(1 - eta * theta * Mc, "<=", LEMD_1, "line 545: ‘contractive with parameter (1 − ηM)’, at an "
                    "eigenvalue λ = θM ≤ M", conditions=le1(theta)),))


#: Theorem 2's three parts (eqs. (15), (18), (19)) at symbolic ω
_A2 = L**2 / mu * (1 + log(T))
_B2 = d * omega * k ** (omega + sympy.Rational(1, 2)) * L**2 / (2 * sqrt(3) * epsilon * mu * (omega - 1)) * sqrt(S1)
_C2 = (1 + k) * k * L**2 / mu
THM2_PREMISES = (
    Premise("E[A] ≤ L²/μ(1 + log T): η_t = 1/(μt) cancels the distance terms, ‖∇f_t‖ ≤ L (eq. (15)); write "
            "E[A] = ρ_A·L²/μ(1 + log T), ρ_A ≤ 1", "eq. (15)", sympy.Le(rA, 1)),
    Premise("E[B] = Σ_i dσ_i²/(2η_{τ[i]}) = dωL²/(4εμ(ω−1))Σ_i τ[i]γ^{2(τ[i]−u[i])}i^ω/u[i]² (eq. (16)); "
            "Cauchy–Schwarz and eq. (17) give eq. (18)'s term; write E[B] = ρ_B·(that term), ρ_B ≤ 1", "eqs. (16)–(18)",
            sympy.Le(rB, 1)),
    Premise("Σ_i Σ_t L‖z* − z_i*‖ ≤ (1 + k)kL²/μ by Lemma 5 (eq. (19)); write it ρ_C·(1 + k)kL²/μ, ρ_C ≤ 1",
            "eq. (19), Lemma 5", sympy.Le(rC, 1)),
)


def _eq17_steps() -> tuple:
    return (
        step(sympy.S.One, "<=", 1 / sqrt(2 * omega + 1),
             "eq. (17) at k = 1: √(Σ_{i=1}^{1} i^{2ω}) ≤ 1^{ω+1/2}/√(2ω+1) (a sum of increasing terms is not "
             "below its integral from 0)", conditions=(sympy.Gt(omega, 1),)),
        step(omega / (4 * (omega - 1)) / sqrt(3), "<=", omega / (2 * sqrt(3) * (omega - 1)),
             "eq. (16)'s coefficient dωL²/(4εμ(ω−1)) times eq. (17)'s k^{ω+1/2}/√3 is at most eq. (18)'s "
             "dωk^{ω+1/2}L²/(2√3εμ(ω−1)): a spare factor 2", conditions=(sympy.Gt(omega, 1),)),
    )


def _thm2_chain() -> tuple:
    return (
        step(rA * _A2 + rB * _B2 + rC * _C2, "<=", _A2 + rB * _B2 + rC * _C2,
             "E[A] ≤ L²/μ(1 + log T) (eq. (15), ρ_A ≤ 1)", conditions=le1(rA)),
        then("<=", _A2 + _B2 + rC * _C2, "E[B] ≤ eq. (18)'s noise term (ρ_B ≤ 1)", conditions=le1(rB)),
        then("<=", _A2 + _B2 + _C2, "comparator drift ≤ (1 + k)kL²/μ (eq. (19), ρ_C ≤ 1)", conditions=le1(rC)),
        then("==", THM2_PROOF, "ω = 6/5 (line 623)", given={omega: sympy.Rational(6, 5)}),
    )


def thm2() -> Derivation:
    return Derivation(
        claim_id="olu.thm2", target="bound", title="Theorem 2 as printed (lines 178–184): eqs. (18)+(19) at ω = 1.2",
        start="E Regret_T ≤ E[A] + E[B] + Σ_i Σ_t L‖z* − z_i*‖ (eqs. (14), (19))",
        conditions=(sympy.Ge(k, 1), sympy.Ge(T, 1), sympy.Gt(omega, 1)), premises=THM2_PREMISES,
        domain=dom(L, mu, T, d, k, epsilon, S1, rA, rB, rC, omega),
        steps=_eq17_steps() + _thm2_chain() + (
            then("<=", THM2, "line 623: “combining (18) and (19), substituting ω = 1.2 concludes the proof” — "
                             "1 + log T + k + k² against the statement's log T + 2k²"),))


def cor7() -> Derivation:
    e_ln = sympy.E * log(1 / gamma)
    w = sympy.Rational(6, 5)
    noise = _B2.subs({S1: k * (1 + 1 / e_ln) ** 2, omega: w})
    return Derivation(
        claim_id="olu.cor7", target="bound", title="Corollary 7 (lines 657–671): eq. (22) substituted into Theorem 2",
        start="E Regret_T ≤ eqs. (18)+(19) with S₁ = Σ_i (τ[i]γ^{2(τ[i]−u[i])}/u[i]²)²",
        conditions=(sympy.Ge(k, 1), sympy.Ge(T, 1)),
        premises=THM2_PREMISES + (
            Premise("Eq. (22): τ[i]γ^{2(τ[i]−u[i])}/u[i]² ≤ (1 + (τ[i] − u[i]))γ^{2(τ[i]−u[i])} ≤ 1 + 1/(e ln(1/γ)), "
                    "so S₁ ≤ k(1 + 1/(e ln(1/γ)))²; write S₁ = ρ·k(1 + 1/(e ln(1/γ)))², ρ ≤ 1", "eq. (22)",
                    sympy.Le(rho, 1)),),
        domain={**dom(L, mu, T, d, k, epsilon, rho, b), Gs: ("0.001", "1000")},
        steps=(
            step(_B2.subs({S1: rho * k * (1 + Gs) ** 2, omega: w}), "<=", _B2.subs({S1: k * (1 + Gs) ** 2, omega: w}),
                 "eq. (22) in eq. (18)'s noise term: S₁ = ρk(1 + G)², G = 1/(e ln(1/γ)), ρ ≤ 1", conditions=le1(rho)),
            step((_A2 + _C2).subs(omega, w) + noise, "<=", COR7, "line 669: the substitution as printed — the '1 +' part of eq. (22)'s bound is charged "
                             "L²k/μ instead of √3dk^{1.7}L²/(εμ)", given={gamma: GAMMA_SC.subs(beta, mu + b)}),
            then("==", COR7.subs(gamma, GAMMA_SC), "γ = (β/μ − 1)/(β/μ + 1)",
                 given={gamma: GAMMA_SC.subs(beta, mu + b), beta: mu + b}),
        ))


def thm3() -> Derivation:
    w = sympy.Rational(6, 5)
    A3, C3_ = 3 * D * L * sqrt(T), 2 * k**2 * L**2 / kappa
    B3 = D * L * d * omega * k ** (omega + sympy.Rational(1, 2)) / (4 * sqrt(3) * (omega - 1) * epsilon) * sqrt(S2)
    return Derivation(
        claim_id="olu.thm3", target="bound", title="Theorem 3 (lines 202–208; proof 632–712)",
        start="E Regret_T ≤ E[A] + E[B] + Σ_i Σ_t L‖z* − z_i*‖ (eqs. (24), (28))",
        conditions=(sympy.Ge(k, 1), sympy.Ge(T, 1), sympy.Gt(omega, 1)),
        premises=(
            Premise("E[A] ≤ D²Σ(1/η_t − 1/η_{t−1}) + (L²/2)Ση_t ≤ 2DL√T ≤ 3DL√T with η_t = D/(L√t) (eq. (25)); "
                    "E[A] = ρ_A·3DL√T, ρ_A ≤ 1", "eq. (25)", sympy.Le(rA, 1)),
            Premise("E[B] = Σ_i dσ_i²/(2η_{τ[i]}) = dωDL/(4(ω−1)ε)Σ_i i^ω√τ[i]/u[i] (eq. (26), (c)), then Cauchy–"
                    "Schwarz with eq. (17)'s constant ((d), refuted at k = 1 below); E[B] = ρ_B·(eq. (26)'s last term)",
                    "eq. (26)", sympy.Le(rB, 1)),
            Premise("Σ_i Σ_t L‖z* − z_i*‖ ≤ Σ_i 2L²i/κ = k(k+1)L²/κ ≤ 2k²L²/κ by quadratic growth and Lemma 6 "
                    "(eq. (28)); = ρ_C·2k²L²/κ, ρ_C ≤ 1", "eq. (28), Lemma 6", sympy.Le(rC, 1)),
        ),
        domain=dom(L, D, T, d, k, epsilon, S2, kappa, rA, rB, rC, omega),
        steps=_eq17_steps()[:1] + (
            step(rA * A3 + rB * B3 + rC * C3_, "<=", A3 + rB * B3 + rC * C3_, "ρ_A ≤ 1", conditions=le1(rA)),
            then("<=", A3 + B3 + rC * C3_, "ρ_B ≤ 1", conditions=le1(rB)),
            then("<=", A3 + B3 + C3_, "ρ_C ≤ 1", conditions=le1(rC)),
            then("<=", THM3, "ω = 1.2 (line 712): ω/(4√3(ω−1)) = √3/2 ≤ 3/2", given={omega: w}),
        ))


def _thm5_steps() -> tuple:
    shift = 2 * L**2 * k**2 / kappa
    return (
        step(sympy.S.One, "<=", 1 / (omega + 1), "eq. (39), (d) at k = 1: Σ_{i=1}^{1} i^ω ≤ 1^{ω+1}/(ω+1)",
             conditions=(sympy.Gt(omega, 1),)),
        step(2 * D**2 * T * (L**2 + Xs), "<=", T * (2 * D**2 * L**2 + Xs),
             "line 864, squared: ½[2D²/η + ηTQ] at η = √(2D²/(TQ)), Q = L² + X, equals √(2D²TQ); printed as "
             "√(T(2D²L² + X)) — the factor 2D² on the noise term X is dropped"),
        step(sqrt(Uu + Vv), "<=", sqrt(Uu) + sqrt(Vv),
             "line 864: √(T(2D²L² + X)) ≤ DL√(2T) + √(TX), i.e. √(u + v) ≤ √u + √v with u = 2TD²L², v = TX"),
        step(Xs, "<=", 2 * L**2 * k ** sympy.Rational(11, 5) * d / epsilon,
             "ω = 1.2: X = 1.2k^{2.2}L²d/(0.88ε) ≤ 2k^{2.2}L²d/ε, i.e. √(X/2) ≤ Lk^{1.1}√(d/ε)"),
        step((D * L + L * k ** sympy.Rational(11, 10) * sqrt(d / epsilon)) * sqrt(2 * T) + shift, "==", THM5,
             "(DL + √(X/2))√(2T) + 2L²k²/κ with the previous step: line 247"),
    )


THM5_PREMISES = (
    Premise("Eq. (39), (c): Σ_i E‖ξ_i‖²/η with σ_i² = i^ω ω(ηL)²/(2(ω−1)ε) (C3 with γ = 1); (d) Σ_{i≤k} i^ω ≤ "
            "k^{ω+1}/(ω+1) — refuted at k = 1 (1 ≤ 1/(ω+1))", "eq. (39)"),
    Premise("The comparator drift ≤ 2L²k²/κ as in Theorem 3 (Lemma 6); the statement adds it", "Lemma 6"),
)


def thm5() -> Derivation:
    return Derivation(
        claim_id="olu.thm5", target="bound", title="Theorem 5 (lines 230–232; proof 890–917)",
        conditions=(sympy.Ge(k, 1), sympy.Ge(T, 1), sympy.Gt(omega, 1)), premises=THM5_PREMISES, where=(X_IS,),
        domain={**dom(L, T, d, k, epsilon, kappa, omega), D: ("1", "100"), Uu: ("0.001", "1000"), Vv: ("0.001", "1000")},
        start="E Regret_T ≤ (DL + √(X/2))√(2T) + 2L²k²/κ (eq. (39) optimised at η*, line 864)", steps=_thm5_steps())


def table1_constant() -> Derivation:
    shift = 2 * L**2 * k**2 / kappa
    return Derivation(
        claim_id="olu.table1:constant", target="bound",
        title="Table 1, row Constant: eq. (39)'s bound at the table's step size against Theorem 5",
        start="E Regret_T ≤ ½[2D²/η + ηTQ] + drift, Q = L² + X (eq. (39), (d)) at Table 1's η",
        conditions=(sympy.Ge(k, 1), sympy.Ge(T, 1)), where=(X_IS,), premises=THM5_PREMISES,
        domain={**dom(L, T, d, kappa), D: ("1", "100"), k: ("10", "100"), epsilon: ("0.001", "1")},
        steps=(step(D**2 / ETA_TABLE1 + ETA_TABLE1 * T * (L**2 + Xs) / 2 + shift, "<=", THM5,
                    "Table 1's η = √(2D²/(TL²(1 + 1.2k^{2.2}d/(0.42ε)))) (0.42 where the proof has 2(ω² − 1) = 0.88) "
                    "in eq. (39), against Theorem 5's bound"),))


def thm6() -> Derivation:
    tau_ = sympy.Symbol("tau", positive=True)
    r_i = sympy.Symbol("rho_I", positive=True)  # γ^{I₁} = ρ_I·L/(μDτ): not the sum's ρ of THM1_PREMISES
    return Derivation(
        claim_id="olu.thm6", target="bound",
        title="Theorem 6, unlearning part (lines 886–957): Lemma 3 with a_j = s_j and σ_j of eq. (40)",
        start="D_α(z_{τ[i]} ‖ z'_{τ[i]}) ≤ Σ_{j≤i} R(ζ_{τ[j]}, a_j) (Lemma 3, a_j = s_j of eq. (41))",
        conditions=(sympy.Gt(omega, 1), sympy.Ge(j, 1)),
        premises=THM1_PREMISES + (
            Premise("s_j ≤ γ^{I₂}·2(j+1)L/(τ[j]μ) + L_R γ^{τ[j]−u[j]}η_{u[j]}L with L_R = γ^{I₁+I₂} (eqs. (42)–(43), "
                    "Lemmas E and 5, I₁ ≥ log_{1/γ}(μDτ/L))", "eqs. (42)–(43)"),
            Premise("Eq. (40)'s σ_j is √(j^ω ω/(2(ω−1)ε)) times γ^{I₂}L(6j + Lγ^{τ−u}η_u)/(τμ), which must dominate "
                    "s_j term by term", "eq. (40)"),),
        domain={**dom(alpha, epsilon, omega, j, a, rho, L, mu, D), tau_: ("1", "1000"), r_i: ("0.001", "1")},
        steps=(
            step(2 * (j + 1), "<=", 6 * j, "the first part of s_j against eq. (40)'s 6j: 2(j + 1) ≤ 6j for j ≥ 1"),
            step(r_i * L / (mu * D * tau_), "<=", L / (tau_ * mu),
                 "L_R = γ^{I₁+I₂}: the second part of s_j against eq. (40)'s Lγ^{τ−u}η_u/(τμ) needs γ^{I₁} ≤ L/(τμ); "
                 "I₁ ≥ log_{1/γ}(μDτ/L) gives γ^{I₁} = ρ_IL/(μDτ), ρ_I ≤ 1", conditions=le1(r_i)),
        ) + _thm1_chain())


def thm2_proof() -> Derivation:
    return Derivation(
        claim_id="olu.thm2:proof", target="bound",
        title="Theorem 2: the explicit bound of eqs. (18)+(19) (lines 565–623)",
        start="E Regret_T ≤ E[A] + E[B] + Σ_i Σ_t L‖z* − z_i*‖ (eqs. (14), (19))",
        conditions=(sympy.Ge(k, 1), sympy.Ge(T, 1), sympy.Gt(omega, 1)), premises=THM2_PREMISES,
        domain=dom(L, mu, T, d, k, epsilon, S1, rA, rB, rC, omega),
        steps=_eq17_steps() + _thm2_chain())


def prop1(cid: str = "olu.prop1",
          title: str = "Proposition 1 (lines 345–357): group privacy of RDP (Mironov 2017, Prop. 2) for groups of k = 2^c"
          ) -> Derivation:
    cg = sympy.Symbol("c", nonnegative=True)  # the group is 2^c
    return Derivation(
        claim_id=cid, target="bound",
        title=title,
        start="D_{α/2^c}(A(S_i) ‖ A(S'_i)) ≤ 3^c ε (Lemma 1/2: Mironov's Proposition 2, α ≥ 2^{c+1})",
        premises=(Premise("If A is (α, ε)-RDP and α ≥ 2^{c+1}, then for datasets differing in at most 2^c elements "
                          "D_{α/2^c} ≤ 3^c ε", "Mironov 2017, Proposition 2 (cited as Lemma 1/Lemma 2; the paper applies it "
                          "to every k ∈ N, the source states it for k = 2^c)"),
                  Premise("S_i and S'_i differ in i ≤ k functions; D_{α/k} only grows with the group size",
                          "line 351")),
        domain={cg: ("0", "10"), epsilon: DOMAIN[epsilon], alpha: DOMAIN[alpha], m_g: ("0.001", "100"),
                s2_g: ("0.001", "100")},
        # the claim's hypothesis on the Gaussian chain of step 3: A is (α, ε)-RDP, D_α = αm²/(2s²) ≤ ε
        conditions=(sympy.Le(alpha * m_g**2 / (2 * s2_g), epsilon),),
        steps=(
            step(3**cg * epsilon, "<=", (2**cg) ** sympy.Rational(8, 5) * epsilon,
                 "3^c = (2^c)^{log₂ 3} ≤ (2^c)^{1.6}: log₂ 3 ≈ 1.585 ≤ 1.6 and 2^c ≥ 1"),
            then("==", k ** sympy.Rational(8, 5) * epsilon, "k = 2^c", given={k: 2**cg}),
            step(group_run("from-zero" if cid == "olu.prop1" else "all"), "<=", K_GROUP * epsilon,
                 "k = 2, the Gaussian chain N(im, s²): the largest divergence is between P₀ and P₂, α(2m)²/(2·2s²) = "
                 "2·αm²/(2s²) ≤ 2ε (the learner is (α, ε)-RDP: αm²/(2s²) ≤ ε)",
                 conditions=(sympy.Le(alpha * m_g**2 / (2 * s2_g), epsilon),)),
            then("<=", k ** sympy.Rational(8, 5) * epsilon, "kε ≤ k^{1.6}ε at k = 2", given={k: K_GROUP}),
        ),
        symbolic_start=SymbolicStart(
            functools.partial(group_run, "from-zero" if cid == "olu.prop1" else "all"),
            ("prop1_quantity (max over i of D_{α/k}(P_i ‖ P_0))" if cid == "olu.prop1" else
             "group_quantity (max over ordered pairs i ≠ j of D_{α/k}(P_i ‖ P_j))")
            + " by chain_renyi's Gaussian formula on the chain N(im, s²), i = 0, 1, 2 (k = 2)"))


def thm4() -> Derivation:
    Fz, Fi = sympy.symbols("f_z f_inf", positive=True)
    return Derivation(
        claim_id="olu.thm4", target="bound", title="Theorem 4 as printed: eqs. (33)–(36) at ω = 3/2 (lines 784–869)",
        start="E Regret_T ≤ E[A] + E[B] (eq. (32))", premises=THM4_PREMISES + (
            Premise("Lemma 8 (Srebro et al.): ‖∇f(x)‖² ≤ 2β(f(x) − inf f)", "Lemma 8"),
            Premise("Lemma 9 with x = Σ_t f_t(z_t), a = 9D²β/4, b = 0, c = F* + E[B] (line 857)", "Lemma 9")),
        domain={**dom(D, beta, L, d, k, epsilon, rho), Fz: ("0.001", "100"), Fi: ("0", "100"), Fs: ("0", "100"),
                S3: ("0.001", "100")},
        steps=(
            step(2 * beta * (Fz - Fi), "<=", beta * Fz,
                 "eq. (33), (a) and (b): Lemma 8's 2β(f − inf f) is written β(f − inf f), then inf f is dropped "
                 "(‘non-negativity of the loss functions’)", conditions=(sympy.Le(Fi, Fz),)),
            step(9 * D**2 * beta / 4 + 3 * D * sqrt(beta * Fs) + rho * NOISE4, "<=", THM4,
                 "eq. (36): Lemma 9's 2√(ac) = 3D√(β(F* + E[B])) is printed 3D√F*, and E[B] = ρ·eq. (34)'s bound (ρ ≤ 1) "
                 "becomes (3/4)dk²L²D²√(βS₃)/ε", conditions=le1(rho)),
        ))


def _table2_unlearning(cid: str, what: str) -> Derivation:
    which = "restart" if cid.endswith("restart") else "retrain"
    return Derivation(
        claim_id=cid, target="bound", title=f"Table 2: {what} is an (α, 0)-OLU (line 278)",
        start="D_α(output on [τ[i], τ[i+1]) ‖ reference output)",
        symbolic_start=SymbolicStart(functools.partial(baseline_run, which),
                                     f"baseline_divergence (the claim's quantity) on a symbolic run of "
                                     f"algorithms.olu.{which}_laws: T = 5 symbolic linear and quadratic losses, d = 1, "
                                     "deletions of f_1 at τ = 2 and f_3 at τ = 4, against the reference processes"),
        premises=(Premise(f"{what}'s output from τ[i] on is a deterministic function of z_1 and the functions it keeps, "
                          "which are those of the reference process (f_{u[1:i]} replaced by ⊥): the two output sequences "
                          "are the same point", "Definition 2"),),
        steps=(step(sympy.S.Zero, "==", sympy.S.Zero, "D_α(δ_z ‖ δ_z) = 0"),))


def thm6_regret() -> Derivation:
    Cp, Dp, Ep, Bp = sympy.symbols("C_A D_A E_A B_A", positive=True)
    rD, rE, rZ = sympy.symbols("rho_D rho_E rho_Z", positive=True)
    g = GAMMA_SC
    parts = {Cp: G2s * L + k * mu * (2 * g**I2s * L + D**2), Dp: L**2 * HTs / mu, Ep: 2 * k * L * D,
             Bp: Sig + 2 * g**I2s * D * L / mu * Rtau + L * RT / (T * mu)}
    drift = (1 + k) * k * L**2 / mu
    return Derivation(
        claim_id="olu.thm6:regret-proof", target="bound",
        title="Theorem 6, regret part: the explicit parts of its proof (eqs. (46)–(55), lines 1015–1140)",
        start="E Regret_T ≤ A + E[B] + Σ_i Σ_t L‖z* − z*_i‖, 2A = C + D + E (eqs. (46), (48))",
        premises=(
            Premise("C ≤ G₂L + kμ(2γ^{I₂}L + D²) (eq. (55), Lemma 10+fix and Assumption 2); C = ρ_C·C_A", "eq. (55)", sympy.Le(rC, 1)),
            Premise("D ≤ Σ_t η_tL² = L²H_T/μ with η_t = 1/(μt) (eq. (49)); D = ρ_D·D_A", "eq. (49)", sympy.Le(rD, 1)),
            Premise("E ≤ 2kLD (eq. (50)); E = ρ_E·E_A", "eq. (50)", sympy.Le(rE, 1)),
            Premise("E[B] ≤ Σ_i σ_i + d_i + L(T − i − τ[i])/(Tμ) =: B_A (eq. (47), as printed; E[B] ≥ 0, so B_A > 0 "
                    "wherever eq. (47) holds); E[B] = ρ_B·B_A", "eq. (47), Lemma 5", sympy.Le(rB, 1)),
            Premise("The dynamic comparators cost ≤ (1 + k)kL²/μ (last display, Lemma 5) = ρ_Z·(1 + k)kL²/μ",
                    "Lemma 5", sympy.Le(rZ, 1))),
        domain={**dom(L, mu, k, rA, rB, rC), rD: ("0.001", "1"), rE: ("0.001", "1"), rZ: ("0.001", "1"),
                Cp: ("0.001", "100"), Dp: ("0.001", "100"), Ep: ("0.001", "100"), Bp: ("0.001", "100")},
        steps=(
            step((rC * Cp + rD * Dp + rE * Ep) / 2 + rB * Bp + rZ * drift, "<=", (Cp + Dp + Ep) / 2 + Bp + drift,
                 "each part at most its bound (ρ's ≤ 1)", conditions=le1(rB, rC, rD, rE, rZ)),
            then("==", THM6_REGRET.subs(gamma, g), "the parts' bounds written out", given=tuple(parts.items())),
        ))


def thm6_regret_stated(fix: bool) -> Derivation:
    """Theorem 6's regret as stated (lines 270–274), at k = 0 only: the proof's part D (eq. (49), lines 1066–1069) is
    then the whole regret (E Regret_T = D/2: no deletion, C = E = E[B] = 0, no comparator drift); eq. (56)'s O(·) read
    with constant 1. At k ≥ 1 the parts are olu.thm6:regret-proof's. The chain starts from the claim's quantity on a
    stream where the projection is inactive (:func:`.runs.restart_regret_run`, T = 2)."""
    rH = sympy.Symbol("rho_H", positive=True)
    last = (then("<=", THM6_STATED_FIX, "the other terms are ≥ 0 (k, G₂ ≥ 0)") if fix else
            then("<=", THM6_STATED, "eq. (56) read with constant 1: the statement's log T drops the L²/μ of eq. (49)"))
    return Derivation(
        claim_id="olu.thm6:regret" + ("+fix" if fix else ""), target="bound",
        title="Theorem 6's regret as stated" + (", corrected" if fix else "") + " (lines 270–274), at k = 0",
        # the horizon T ≥ 1 (H_T = Σ_{t≤T} 1/t, so log T ≥ 0); G₂ = Σ_i γ^{τ[i]−τ[i−1]}(τ[i] − τ[i−1]) ≥ 0
        # |ρ₁|, |ρ₂| ≤ 1: the claim's hypothesis on the run (each gradient at most L, L-Lipschitz on K)
        conditions=(sympy.Ge(T, 1), sympy.Ge(G2s, 0), sympy.Le(sympy.Abs(rho_r1), 1), sympy.Le(sympy.Abs(rho_r2), 1)),
        premises=(Premise("D ≤ Σ_t η_tL² = L²H_T/μ with η_t = 1/(μt) (eq. (49))", "eq. (49)"),
                  Premise("H_T = Σ_{t≤T} 1/t ≤ 1 + log T; H_T = ρ_H(1 + log T)", "integral comparison",
                          sympy.Le(rH, 1))),
        domain={**dom(L, mu, T, D, d, epsilon), rH: ("0.001", "1"), G2s: ("0", "100"), HTs: ("1", "100"),
                k: ("0", "100"), rho_r1: ("-1", "1"), rho_r2: ("-1", "1"), z_r: ("-10", "10")},
        start=restart_regret_run(),
        symbolic_start=SymbolicStart(restart_regret_run, "general_regret(·, 'sc') (Σ_t f_t(w_{t−1}) − min_K Σ_t f_t of "
                                     "OGD with η_t = 1/(μt), k = 0) on T = 2 quadratics μ(w − x_t)²/2 whose centres and "
                                     "iterates lie inside K (the projection inactive), run on sympy symbols as "
                                     "algorithms.olu.restart_laws with no deletion (d = 1, x₁ = z₁ + ρ₁L/μ, x₂ = x₁ + "
                                     "ρ₂L/μ) — the start is checked on that stream (tests/derive/test_olu_restart_start"
                                     ".py ties it to the claim's quantity); steps 2–3 are the proof's for every T"),
        steps=(
            step(restart_regret_run(), "<=", L**2 * HTs / (2 * mu),
                 "eq. (49) on the run: each gradient |∇f_t(w_{t−1})| = |ρ_t|L ≤ L (L-Lipschitz on K) and η_t = 1/(μt): "
                 "L²(ρ₁² + ρ₂²/2)/(2μ) ≤ L²H_T/(2μ), H_2 = 3/2", given={HTs: sympy.Rational(3, 2)},
                 conditions=(sympy.Le(sympy.Abs(rho_r1), 1), sympy.Le(sympy.Abs(rho_r2), 1))),
            then("<=", L**2 * (1 + log(T)) / (2 * mu), "H_T ≤ 1 + log T", given={HTs: rH * (1 + log(T))},
                 conditions=le1(rH)),
            last,
        ))


# ---------------------------------------------------------------------------------------------- the borrowed lemmas
def lemA() -> Derivation:
    """Lemma A from the definition of D_α: ``gaussian.renyi``'s chain (complete the square, integrate a Gaussian
    density, take the log) at Δ = ‖μ₀ − μ₁‖ = √Δ², σ = √σ² — the pair N(μ₀, σ²I), N(μ₁, σ²I) rotated onto one axis."""
    renyi = load_derivations("gaussian")["gaussian.renyi"]
    at = {Delta: sqrt(Dl2), sigma: sqrt(s2)}
    steps = tuple(dataclasses.replace(st, lhs=None if st.lhs is None else st.lhs.subs(at, simultaneous=True),
                                      rhs=st.rhs.subs(at, simultaneous=True)) for st in renyi.steps)
    return Derivation(
        claim_id="olu.lemA", target="bound", title="Lemma A: D_α between N(μ₀, σ²I) and N(μ₁, σ²I) (Mironov 2017, Cor. 3)",
        start=LEMA_DEFINITION,
        premises=renyi.premises,
        conditions=(sympy.Gt(alpha, 1),), domain={alpha: ("1.001", "100"), Dl2: ("0", "100"), s2: ("0.001", "100")},
        steps=steps[:-1] + (then("==", LEMA, "ln e^a = a; cancel α − 1 (the statement's ≤ is an equality)"),))


def lemC() -> Derivation:
    return Derivation(
        claim_id="olu.lemC", target="bound", title="Lemma C (shift reduction) with ζ = N(0, σ²I): R_α(ζ, a) = αa²/(2σ²)",
        start="D_α^{(e)}(μ*ζ ‖ ν*ζ) − D_α^{(e+a)}(μ ‖ ν) at μ = N(0, v), ν = N(θa, v), e = 0",
        symbolic_start=SymbolicStart(lemc_run, "lemc_quantity at μ = N(0, v), ν = N(θa, v), e = 0, ζ = N(0, σ²): "
                                               "renyi_diag_exact's (α/2)Δ²/v_α at variance v + σ² minus the shifted "
                                               "divergence 0"),
        premises=(Premise("D_α^{(e)}(μ*ζ ‖ ν*ζ) ≤ D_α^{(e+a)}(μ ‖ ν) + R_α(ζ, a)", "Feldman et al. 2018, Lemma 20"),
                  Premise("Where the claim's quantity is known exactly: either e = 0 and a ≥ ‖Δ‖ with equal variances "
                          "(the chain: ‖Δ‖ = θa, θ ≤ 1), or e ≥ ‖Δ‖ (both divergences 0: the quantity is 0 ≤ R_α)",
                          "lemc_quantity's scope", sympy.Le(theta, 1))),
        domain={alpha: ("1.001", "100"), a_shift: ("0", "100"), s2: ("0.001", "100"), theta: ("0.001", "1"),
                v_c: ("0", "100")},
        steps=(step(alpha * (theta * a_shift) ** 2 / (2 * (v_c + s2)), "<=", LEMC,
                    "θ ≤ 1 and v ≥ 0: α(θa)²/(2(v + σ²)) ≤ αa²/(2σ²) = R_α(ζ, a), the supremum at ‖x‖ = a (Lemma A)",
                    conditions=le1(theta)),))


_DL, _DR = sympy.symbols("D_L D_R", nonnegative=True)  # Lemma 4's two sides
_e, _s = sympy.symbols("e s", nonnegative=True)


def _lem4(cid: str, printed: bool) -> Derivation:
    """Lemma 4 (lines 481–501). The final chain starts from the claim's quantity at a symbolic instance (``lem4_run``:
    e = 0, constant maps ψ = c, ψ' = c + θs), names its two divergences, and closes with the printed (resp. the
    as-used) argument."""
    coupling = step(gamma * theta * _e + _s, "<=", gamma * _e + _s,
                    "eq. (10): ‖ψ(X) − ψ'(Y)‖ ≤ γ‖X − Y‖ + s, with ‖X − Y‖ = θe ≤ e (Y the optimal coupling of "
                    "Definition 5)", conditions=le1(theta))
    quantity, d_left, d_right = lem4_run(not printed)
    last = (then("<=", sympy.S.Zero, "as printed the left side is D^{(γe+s)}(ψ(X)‖ψ'(X)) = 0 "
                 "(‖ψ(X) − ψ'(X)‖ ≤ s ≤ γe + s); D_R ≥ 0", given={_DL: sympy.S.Zero}) if printed else
            then("<=", sympy.S.Zero, "D_L ≤ D_α(ψ'(Y)‖ψ'(X')) ≤ D_α(Y‖X') = D_R (coupling, then "
                 "post-processing, Lemma B): D_L = ρD_R, ρ ≤ 1", given={_DL: rho * _DR}, conditions=le1(rho)))
    return Derivation(
        claim_id=cid, target="bound",
        title="Lemma 4" + (" as printed (ψ'(X))" if printed else " as eq. (9) uses it (ψ'(X'))") + " (lines 481–501)",
        start=quantity,
        premises=(Premise("Post-processing: D_α(h(P)‖h(Q)) ≤ D_α(P‖Q)" + ("" if printed else ", written D_L = ρD_R, ρ ≤ 1"),
                          "Lemma B (Mironov 2017)", None if printed else sympy.Le(rho, 1)),
                  Premise("Definition 5: D^{(e)}(X‖X') is an infimum over Y with ‖X − Y‖ ≤ e; at the optimal coupling "
                          "‖X − Y‖ = θe, θ ≤ 1", "Definition 5 (shifted Rényi divergence)", sympy.Le(theta, 1)),
                  Premise("the instance: X = N(m₀, v), X' = N(m₁, v), e = 0, ψ(x) = c, ψ'(x) = c + θs (a = 0 ≤ γ, "
                          "‖ψ − ψ'‖ = θs ≤ s): D_L = 0 (equal covariances, shift s ≥ θs), D_R = (α/2)(m₀ − m₁)²/v",
                          "lem4_quantity")),
        domain={gamma: ("0.001", "1"), theta: ("0.001", "1"), _e: ("0", "100"), _s: ("0", "100"), rho: ("0.001", "1"),
                _DR: ("0", "100"), _DL: ("0", "100"), alpha: ("1.001", "100"), m4a: ("-10", "10"),
                m4b: ("-10", "10"), v4: ("0.001", "100"), c4: ("-10", "10"), s4: ("0.001", "100")},
        steps=(coupling,
               step(quantity, "==", _DL - _DR, "D_L and D_R of the instance named", given={_DL: d_left, _DR: d_right}),
               last),
        symbolic_start=SymbolicStart(functools.partial(lem4_run_quantity, not printed),
                                     "lem4_quantity" + ("" if printed else " (ψ'(X'))") + " at X = N(m₀, v), "
                                     "X' = N(m₁, v), e = 0, ψ = c, ψ' = c + θs: shifted_renyi of the pushed point "
                                     "masses (0) minus renyi_diag_exact's (α/2)(m₀ − m₁)²/v"))


def lem4_run_quantity(as_used: bool) -> sympy.Expr:
    """The quantity of :func:`lem4_run` alone."""
    return lem4_run(as_used)[0]


def lemB() -> Derivation:
    return Derivation(
        claim_id="olu.lemB", target="bound", title="Lemma B: post-processing of Rényi divergence (Mironov 2017)",
        start=lemb_run(),
        symbolic_start=SymbolicStart(lemb_run, "lemb_quantity at P = N(m₀, v), Q = N(m₁, v), h(x) = a·x + c + N(0, w), "
                                               "a > 0: renyi_diag_exact's (α/2)Δ²/v_α for the pushed laws minus that "
                                               "for P, Q"),
        premises=(Premise("Data processing: for any Markov kernel h, D_α(hP ‖ hQ) ≤ D_α(P ‖ Q), i.e. D_L = ρD_R with "
                          "ρ ≤ 1 (D_R finite; D_R = +∞ makes the claim trivial)",
                          "Mironov 2017 (post-processing); van Erven & Harremoës 2014, Theorem 9", sympy.Le(rho, 1)),
                  Premise("On the claim's instances with equal variances the quantity is the final chain's start: a < 0 "
                          "gives the same (a² only); a = 0 collapses h(P), h(Q) to one law (D_L = 0 ≤ D_R)",
                          "lemb_quantity")),
        domain={rho: ("0.001", "1"), _DR: ("0", "100"), _DL: ("0", "100"), alpha: ("1.001", "100"),
                v_b: ("0.001", "100"), w_b: ("0", "100"), a_b: ("0.001", "100"), D_b: ("-100", "100")},
        steps=(step(_DL - _DR, "<=", sympy.S.Zero, "D_L = ρD_R, ρ ≤ 1, D_R ≥ 0", given={_DL: rho * _DR},
                    conditions=le1(rho)),
               step(lemb_run(), "<=", sympy.S.Zero,
                    "on Gaussians: a²/(a²v + w) ≤ 1/v (w ≥ 0) — noise added by h only lowers the divergence")))


def lem3() -> Derivation:
    Rp, Rn = sympy.symbols("R_t R_next", nonnegative=True)
    e_t, e_n, a_n, s_n = sympy.symbols("e_t e_next a_next s_next", nonnegative=True)
    return Derivation(
        claim_id="olu.lem3", target="bound", title="Lemma 3 (privacy amplification by iteration), the induction of eq. (9)",
        symbolic_start=SymbolicStart(lem3_run, "lem3_quantity on a symbolic contractive noisy iteration of T = 2 affine "
                                               "steps (cni_laws: ψ_t = γx + c_t, ψ'_t = γx + c_t − s_t, noise σ_t²) with "
                                               "a₁ = θs₁, a₂ = γ(s₁ − a₁) + s₂, so that e₂ = 0"),
        start="D_α^{(e₂)}(X₂ ‖ X'₂) of a T = 2 contractive noisy iteration (after eq. (9)'s induction step, lines 463–469)",
        premises=(Premise("(a) D^{(e_{t+1})}(ψ(X_t) + ξ ‖ ψ'(X'_t) + ξ) ≤ D^{(e_{t+1}+a_{t+1})}(ψ(X_t) ‖ ψ'(X'_t)) + "
                          "R_α(ζ_{t+1}, a_{t+1})", "Lemma C"),
                  Premise("(c) D^{(γe_t+s_{t+1})}(ψ(X_t) ‖ ψ'(X'_t)) ≤ D^{(e_t)}(X_t ‖ X'_t)", "Lemma 4 (as used)"),
                  Premise("(d) D^{(e_t)}(X_t ‖ X'_t) = θ·R_t with R_t := Σ_{i≤t} R_α(ζ_i, a_i), θ ≤ 1; base case "
                          "e_0 = 0, X_0 = X'_0", "induction hypothesis", sympy.Le(theta, 1))),
        conditions=(sympy.Le(theta_a, 1),),  # the instance's e₁ = s₁ − a₁ ≥ 0 (Lemma 3's e_t ≥ 0)
        domain={alpha: ("1.001", "100"), s3a: ("0.001", "100"), s3b: ("0.001", "100"), v3a: ("0.001", "100"),
                v3b: ("0.001", "100"), gamma: ("0.001", "1"), e_t: ("0", "100"), s_n: ("0", "100"), a_n: ("0", "100"), theta: ("0.001", "1"),
                theta_a: ("0.001", "1"),
                Rp: ("0", "100"), Rn: ("0", "100")},
        steps=(
            step(gamma * e_t + s_n, "==", e_n + a_n, "(b): e_{t+1} = γe_t + s_{t+1} − a_{t+1} (definition of e_t), so the "
                 "shift of (a) is the shift of (c)", given={e_n: gamma * e_t + s_n - a_n}),
            step(theta * Rp + Rn, "<=", Rp + Rn, "(a), (c), (d): D^{(e_{t+1})} ≤ θR_t + R_α(ζ_{t+1}, a_{t+1})",
                 conditions=le1(theta)),
            then("==", Rsum, "R := Σ_{i≤t+1} R_α(ζ_i, a_i)", given={Rsum: Rp + Rn}),
            step(lem3_run(), "<=", alpha * A3_1**2 / (2 * v3a) + alpha * A3_2**2 / (2 * v3b),
                 "T = 2, e₂ = 0: the mean distance is γs₁ + s₂ = γa₁ + a₂, and (γa₁ + a₂)²/(γ²σ₁² + σ₂²) ≤ a₁²/σ₁² + "
                 "a₂²/σ₂² (Cauchy–Schwarz) — the induction's two steps at once", conditions=le1(theta_a)),
            then("==", Rsum, "R = Σ_t αa_t²/(2σ_t²) (the claim's hypothesis)",
                 given={Rsum: alpha * A3_1**2 / (2 * v3a) + alpha * A3_2**2 / (2 * v3b)}),
        ))


def lem7() -> Derivation:
    return Derivation(
        claim_id="olu.lem7", target="bound", title="Lemma 7 (Orabona 2019, Lemma 4.13), as a ratio to the integral",
        start="Σ_t a_t f(A_t) / ∫_{A_0}^{A_T} f, A_t := a_0 + Σ_{i≤t} a_i",
        premises=(Premise("a_t f(A_t) = ∫_{A_{t−1}}^{A_t} f(A_t)dx ≤ ∫_{A_{t−1}}^{A_t} f(x)dx, f nonincreasing; summing, "
                          "the left side is ρ·∫ with ρ ≤ 1", "Orabona 2019, Lemma 4.13", sympy.Le(rho, 1)),),
        symbolic_start=SymbolicStart(lem7_run, "lem7_quantity (lem7_sides, f = 1/√x) at a₀ ≥ 0 and one term a₁ > 0"),
        domain={rho: ("0.001", "1"), a7_0: ("0", "100"), a7_1: ("0.001", "100"), x: ("0", "100"), theta: ("0.001", "100")},
        steps=(step(rho, "<=", sympy.S.One, "the summed comparison", conditions=le1(rho)),
               step(lem7_run(), "<=", sympy.S.One,
                    "f = 1/√x, T = 1: with a₀ = x², a₁ = (x + θ)² − x² (x ≥ 0, θ > 0) the ratio is (θ + 2x)/(2(x + θ)) ≤ 1",
                    given={a7_0: x**2, a7_1: (x + theta) ** 2 - x**2})))


def lem8() -> Derivation:
    """Lemma 8 (lines 830–832): the descent-lemma argument for any β-smooth f (steps 1–2), then the final chain from the
    claim's quantity on a quadratic, one coordinate (the coordinates add up: the statement for Σ_k is the sum of the
    one-coordinate statements)."""
    g2 = sympy.Symbol("g2", nonnegative=True)
    grad2, gap_ = quadratic_gradient_parts(lam8, r8)
    return Derivation(
        claim_id="olu.lem8", target="bound", title="Lemma 8 (Srebro et al. 2010, Lemma 4.1): ‖∇f‖² ≤ 2β(f − inf f)",
        start=grad2,
        symbolic_start=SymbolicStart(lem8_run,
                                     "‖∇f(x)‖² as lem8_parts computes it for a quadratic (family 0), one coordinate: "
                                     "λ²r², r = x − c"),
        premises=(Premise("inf f ≤ f(x − ∇f(x)/β) ≤ f(x) − ‖∇f(x)‖²/(2β): the descent lemma of β-smoothness; so "
                          "g2 = 2βθ(f(x) − inf f) with θ ≤ 1", "β-smoothness", sympy.Le(theta, 1)),
                  Premise("For f(x) = ½Σ_k λ_k(x_k − c_k)² + f₀ both sides are sums over the coordinates, so the "
                          "statement is the sum of its one-coordinate instances", "additivity")),
        domain={beta: ("0.001", "100"), gap8: ("0", "100"), theta: ("0.001", "1"), lam8: ("0", "100"),
                r8: ("-100", "100")},
        conditions=(sympy.Le(lam8, beta),),  # the claim's β-smoothness on the quadratic of step 3: λ ≤ β
        steps=(step(g2, "==", 2 * beta * theta * gap8, "definition of θ", given={g2: 2 * beta * theta * gap8}),
               then("<=", LEM8, "θ ≤ 1", conditions=le1(theta)),
               step(grad2, "<=", LEM8,
                    "on a quadratic: 2β·λr²/2 − λ²r² = λr²(β − λ) ≥ 0 for 0 ≤ λ ≤ β (the claim's smoothness "
                    "hypothesis); f(x) − inf f = λr²/2", given={gap8: gap_}, conditions=(sympy.Le(lam8, beta),))))


def lemE() -> Derivation:
    gamma_b = GAMMA_SC.subs(beta, mu + b)
    return Derivation(
        claim_id="olu.lemE", target="bound", title="Lemma E: T steps of GD with η = 2/(μ+β) contract w − w* by γ^T",
        start=leme_run(),
        symbolic_start=SymbolicStart(leme_run, "leme_quantity on the average of two symbolic quadratics with Hessian "
                                               "λ = μ + θ(β − μ), one coordinate: Stream.gd_map's factor a = 1 − ηλ "
                                               "(η = 2/(μ+β)) to the power T, times ‖w₀ − w*‖ = √R₀"),
        premises=(Premise("w* is a fixed point of the GD step; the step's Jacobian has spectrum {1 − ηλ : λ ∈ [μ, β]} "
                          "(λ = μ + θ(β − μ), θ ≤ 1)", "mean-value theorem", sympy.Le(theta, 1)),
                  Premise("With Hessian diag(λ₁, …, λ_d) each coordinate of w_T − w* is (1 − ηλ_k)^T(w₀ − w*)_k: "
                          "‖w_T − w*‖ ≤ γ^T‖w₀ − w*‖ holds when it holds for every one-coordinate instance",
                          "the coordinates add up")),
        conditions=(sympy.Ge(T, 0),),
        where=((rE, Abs(1 - 2 * theta)),),
        domain={mu: ("0.001", "100"), b: ("0", "100"), theta: ("0", "1"), x: ("0", "100"), T: ("0", "50"),
                R0: ("0", "100"), rE: ("0", "1")},
        steps=(
            step(1 - 2 * lam / (mu + beta), "<=", GAMMA_SC, "1 − ηλ ≤ 1 − ημ = γ for λ = μ + θ(β − μ) ≥ μ",
                 given={lam: mu + theta * b, beta: mu + b}, conditions=le1(theta)),
            step(2 * lam / (mu + beta) - 1, "<=", GAMMA_SC, "ηλ − 1 ≤ ηβ − 1 = γ for λ ≤ β",
                 given={lam: mu + theta * b, beta: mu + b}, conditions=le1(theta)),
            step(Abs(1 - 2 * theta), "<=", 1, "r_E = |1 − 2θ| ≤ 1 for θ ∈ [0, 1]", conditions=le1(theta)),
            step(leme_run(), "==", (gamma_b * rE) ** T * sqrt(R0),
                 "|1 − ηλ| = (β − μ)|1 − 2θ|/(β + μ) = γ·r_E at η = 2/(μ + β), λ = μ + θ(β − μ)"),
            then("<=", gamma_b**T * sqrt(R0),
                 "r_E ≤ 1 (the previous step): r_E = 1/(1 + x), x ≥ 0, and (1 + x)^{−T} ≤ 1 (at r_E = 0, θ = 1/2, the "
                 "left side is 0^T·√R₀ ≤ √R₀·γ^T for T ≥ 1 and equal at T = 0)",
                 given={rE: 1 / (1 + x)}, monotone=Monotone(x, sympy.S.Zero)),
            then("==", LEME, "β = μ + b", given={beta: mu + b}),
        ))


def regret_sampled(base: Derivation, claim_id: str, family: str) -> Derivation:
    """A regret theorem's chain (``base``) for Algorithm 1 as printed with ``family`` losses: the same steps; what the
    proof needs of the losses holds at every point it is used, and the noisy release (which may leave K) enters only
    through the noise term (eq. (16) or (26))."""
    return dataclasses.replace(
        base, claim_id=claim_id, title=f"{base.title}, {family} losses, Algorithm 1 as printed",
        premises=base.premises + (
            Premise(f"{family} losses: convex (strongly convex with the regulariser), β-smooth on R^d, L-Lipschitz where "
                    "the proof evaluates gradients; where the theorem assumes quadratic growth, Σ_{t≤τ[i]} f_t is "
                    "strongly convex on K, hence has it (Assumption 1)", "Definition 3; Assumption 1 (line 196)"),))


def cor1_sampled(claim_id: str, family: str) -> Derivation:
    """Corollary 1's convex chain (OGD with η ≤ 2/β is 1-contractive, then Theorem 1) for Algorithm 1 as printed."""
    base = cor1_convex()
    return dataclasses.replace(
        base, claim_id=claim_id, title=f"Corollary 1, convex case, {family} losses, Algorithm 1 as printed (projection, "
                                       "then noise)",
        premises=base.premises + (
            Premise("Π_K is 1-Lipschitz, so a step of the OLU and the reference's skip Π_K[z] differ by at most "
                    "‖η∇f(z)‖ ≤ ηL also at a release z outside K (C3 between the two processes)", "line 555; (C3)"),))


def derivations() -> list[Derivation]:
    return [
        thm1_run(), table2_computation_active(), alg1_projected_run(), alg1_printed_step(False), alg1_printed_step_fix_run(),
        cor1_convex_run(), cor1_sc(), cor1_sc_fix_run(), lemd1_fix(), lemd2(),
        _stability("olu.lem5", mu * T, "Lemma 5: stability of the ERM minimiser under strong convexity (lines 633–655)",
                   LEM5, "eqs. (20)–(21)", ({}, (sympy.Le(mu, lam_s),))),
        _stability("olu.lem6", kappa, "Lemma 6: stability of the ERM minimiser under quadratic growth (lines 724–740)",
                   LEM6, "eqs. (29)–(30)", ({kappa: 2 * rho * lam_s}, le1(rho))),
        lem9(), _lem10("olu.lem10", True), _lem10("olu.lem10+fix", False), thm2_proof(), lemd1(), thm2(), cor7(),
        thm3(), thm5(), table1_constant(), thm6(), prop1(), thm4(), thm4_fix(),
        prop1("olu.lem2", "Lemmas 1 and 2 (lines 355–357, 377–379): Mironov 2017, Proposition 2, for groups of k = 2^c"),
        _table2_unlearning("olu.table2:restart", "Discard-and-restart"),
        _table2_unlearning("olu.table2:retrain", "Retraining from scratch"),
        table2_restart_regret(True), table2_restart_regret(False), thm6_regret(), thm6_regret_stated(False),
        thm6_regret_stated(True),
        lemA(), lemB(), lemC(), _lem4("olu.lem4", True), _lem4("olu.lem4:as-used", False), lem3(), lem7(), lem8(), lemE(),
        regret_sampled(thm3(), "olu.thm3:logistic", "logistic"), regret_sampled(thm3(), "olu.thm3:huber", "Huber"),
        regret_sampled(thm2(), "olu.thm2:logistic-ridge", "regularised logistic"),
        regret_sampled(thm5(), "olu.thm5:logistic", "logistic"), regret_sampled(thm5(), "olu.thm5:huber", "Huber"),
        cor1_sampled("olu.cor1:logistic", "logistic"), cor1_sampled("olu.cor1:huber", "Huber"),
    ]
