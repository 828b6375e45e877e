"""Derivations of the POMER claims (``certunlearn.claims.pomer``), step by step, as printed; the printed
expressions come from :mod:`certunlearn.formulas.pomer`.

Paper file ``papers/001_8748437fc158d2af.txt`` (line numbers below refer to it).

* ``pomer.lem3.5`` — Appendix A (lines 452–490): g = log(μ̄/μ̄') is 2βG-Lipschitz, 0 ≤ E g ≤ 2βG²/λ (Lemma 3.6),
  Herbst (Lemma 3.3) with c = βλ (Lemma 3.2), solved for r at probability δ.
* ``pomer.lem4.2`` — Lemma B.1 (lines 494–496): Pr[ζ_t = 1] ≤ p + (1 − p)(1 − Φ⁻²) ≤ p̃, summed over T rounds.
* ``pomer.thm4.1`` — Section 4.2 (lines 303–360): FTRL in the space of distributions, the stability term via
  Lemma 3.6, KL(μ*_ε‖μ₀) = d log(1/ε) at ε = 1/T, and the drift of Lemma 4.6 (2GD·3δT per round).
* ``pomer.claimC.2:post-ratio`` — lines 687–697: the log-partition convexity (Lemma C.4) and a W∞ coupling.
  The printed step "Lemma 3.6 twice gives W∞(μ̄'_t, μ̄_{t+1}) ≤ 2G/λ" (line 691) is refuted: the two
  applications give 2G/λ + G/λ (l'_{1:t−1} − l_{1:t} = l'_{t₀} − l_{t₀} − l_t is 3G-Lipschitz).
* ``pomer.thm4.3:composition`` — lines 605–610: Σ ε_t² from Claim 4.9 and B = 3p̃T; the last inequality, which
  splits 6pT log²Φ as if p equalled both terms of its max, is refuted (the constants 7 and 11 need 10 and 14).
* ``pomer.thm4.5`` / ``pomer.thm4.5:switches`` — lines 278–292. The last regret step is refuted: with
  λ ∝ √(512dG log T) (G under the root) and even with G outside it, λD²/2 + 256dG²log²T·T²/(λS²) is
  (√512/2 + 256/√512)·√d·G·D·log T·T/S = 16√2·(…), not 16·(…).

* ``pomer.claimC.3`` — lines 715–725: the union bound over three closeness events holds for the marginal q_t; the
  premise that the conditional law of x_t given Σ_{t−1} is q_t fails (given ζ_{t−1} = 0 it is a point mass at
  x_{t−1}); ``pomer.claimC.3+fix`` states the marginal form.
* ``pomer.thm4.4:delta+fix`` — lines 613–617 with p̃ = p + 1 − Φ⁻² kept whole: δ/2 + Σ_t δ_t ≤ δ + 3Te^{−T^{2/3}}.
* ``pomer.lem2.3``, ``pomer.lem4.7``, ``pomer.lem4.8``, ``pomer.lemB.4`` (:mod:`.imported`) — the imported lemmas (lines 109–115,
  292–296, 553–569, 559–563) by their standard arguments: induction on T (be-the-leader), the triangle inequality on
  μ − ν, F(μ') = −log Z + KL(μ'‖μ), and DV(u) = KL(ν₁‖ν₂) − KL(ν₁‖ν_u). The '≥' half of Lemma B.4
  (``pomer.lemB.4:lower``) rests on c·dν₁/dν₂ ∈ U, which the printed U (one box [c1, c2]) does not give; the fix
  assumes it.

Convention: ``derivations() -> list[Derivation]`` (see :mod:`certunlearn.derive`).
"""
from __future__ import annotations

import functools

import sympy
from sympy import Rational, exp, log, sqrt

from certunlearn.formulas.pomer import (
    at_prescribed_44,
    CONCENTRATION_33, DELTA_43, DELTA_44_FIX, DELTA_CHAIN_43, DELTA_PRIME_43, DRIFT_46_BUDGET, DRIFT_46, EPS_43, EPS_PRIME_43, LAM_45, P_TILDE, PHI_35, POST_RATIO, REGRET_41,
    REGRET_41_BUDGET, REGRET_44, REGRET_45, SWITCH_TAIL_42, SWITCHES_42, W_INFINITY_36, D, G, Phi, S, T, beta, d, lam, p,
    r, t_round, C_44, LOG_44, TABLE1_ENTRY, TABLE1_FORM, TABLE1_FORM_FIX, TABLE2_ENTRY,
    TABLE2_FORM,
)
from certunlearn.formulas.symbols import delta, epsilon
from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, step, then

from .common import kappa
from .imported import lem23, lem47, lem48, lemb4, lemb4_lower

kappa1 = sympy.Symbol("kappa_1", positive=True)
kappa2 = sympy.Symbol("kappa_2", positive=True)
eps_ = sympy.Symbol("varepsilon", positive=True)  # the shrinking factor of K_ε in Theorem 4.1's proof
L = sympy.Symbol("L", positive=True)  # log Φ
X = sympy.Symbol("X", positive=True)  # G⁴β²/λ²
Lg = sympy.Symbol("L_g", positive=True)  # log T

DOMAIN = {beta: ("0.001", "1000"), lam: ("0.001", "1000"), G: ("0.001", "100"), delta: ("1e-30", "0.5"),
          D: ("0.01", "100"), T: ("3", "1e6"), d: ("1", "1000"), p: ("0", "1"), Phi: ("1", "100"), S: ("1", "1e6"),
          kappa: ("0.001", "1"), kappa1: ("0.001", "1"), kappa2: ("0.001", "1"), eps_: ("1e-6", "1"),
          L: ("1e-6", "5"), X: ("1e-12", "1e6"), r: ("1e-6", "100")}


def _dom(*syms):
    return {s: DOMAIN[s] for s in syms}


def lem35() -> Derivation:
    r_star = sqrt(8 * beta * G**2 * log(2 / delta) / lam)
    return Derivation(
        claim_id="pomer.lem3.5", target="Phi",
        title="Lemma 3.5: density ratio of Gibbs laws (Appendix A, lines 452–490)",
        start="Pr_{X∼μ̄}(|g(X)| > log Φ) ≤ δ for g = log(μ̄/μ̄')",
        domain=_dom(beta, lam, G, delta, r),
        premises=(
            Premise("|g(X) − g(X')| ≤ 2βG‖X − X'‖: g = −β(l − l') + const and l − l' is G-Lipschitz (line 466)",
                    "algebra"),
            Premise("0 ≤ E_μ̄[g] = KL(μ̄‖μ̄') ≤ 2βG·W∞(μ̄, μ̄') ≤ 2βG²/λ (lines 468–482)", "Lemma 3.6"),
            Premise("μ̄ satisfies the LSI with c = βλ (Lemma 3.2; Λ = λ); Herbst: Pr(|F − EF| ≥ r) ≤ 2exp(−cr²/(2L²))",
                    "Lemma 3.3 (Ledoux 1999 §2.3)"),
        ),
        steps=(
            step(2 * exp(-(beta * lam) * r**2 / (2 * (2 * beta * G) ** 2)), "==",
                 2 * exp(-lam * r**2 / (8 * beta * G**2)),
                 "Lemma 3.3 with c = βλ and the Lipschitz constant 2βG of g (line 484)"),
            step(2 * exp(-lam * r_star**2 / (8 * beta * G**2)), "==", delta,
                 "r = √(8βG² log(2/δ)/λ) (line 486)"),
            step(exp(2 * beta * G**2 / lam + r_star), "==", PHI_35,
                 "log Φ = (bound on E g) + r: |g| ≤ E g + |g − E g| (line 488)"),
        ),
    )


#: Footnote 4's structured instance: K = [a, b] ∋ 0, the prefix l_{1:t−1}(x) = k₀x + m₀, the loss l_t(x) = k₁x + m₁
#: (piecewise-linear losses with no kink inside K), the constant c₀ and the point x (where neither ratio is clipped)
fn_y = sympy.Symbol("y", real=True)
fn_a, fn_b = sympy.Symbol("a", negative=True), sympy.Symbol("b", positive=True)
fn_k0, fn_m0, fn_k1, fn_m1, fn_x = sympy.symbols("k_0 m_0 k_1 m_1 x", real=True)


def gibbs_partition(slope: sympy.Expr, const: sympy.Expr) -> sympy.Integral:
    """Z(f, β, λ) = ∫_K e^{−β(f(y) + λy²/2)} dy (eq. (3.2), line 126) of the linear f(y) = slope·y + const on
    K = [a, b], unevaluated (the engine integrates it)."""
    return sympy.Integral(exp(-beta * (slope * fn_y + const + lam * fn_y**2 / 2)), (fn_y, fn_a, fn_b))


def switches_zero_losses(horizon: sympy.Expr, p_: sympy.Expr, phi: sympy.Expr) -> sympy.Expr:
    """E[S_T] of Algorithm 1 (B = ∞) on T zero losses, as ``algorithms.pomer.law.exact_law`` counts it (S_T = Σ_{t≤T}
    ζ_t): the Gibbs laws μ̄_t, μ̄_{t+1} of the zero cumulative loss are one law (the densities e^{−βλx²/2}/Z, each Z from
    eq. (3.2)), so the keep probability Π(μ̄_{t+1}(x)/(Φμ̄_t(x))) is Π(1/Φ) = 1/Φ at every x (Φ⁻² ≤ 1/Φ ≤ 1 for Φ ≥ 1),
    and each round switches with probability p + (1 − p)(1 − 1/Φ), independently of the iterate."""
    density = exp(-beta * lam * fn_y**2 / 2) / gibbs_partition(sympy.S.Zero, sympy.S.Zero)
    ratio = density / density  # μ̄_{t+1}(y)/μ̄_t(y): the same law
    keep = ratio / phi
    return horizon * (p_ + (1 - p_) * (1 - keep))


def lem42_run() -> sympy.Expr:
    """``pomer.lem4.2``'s quantity (``_expected_switches``: E[S_T] from the exact law) on T zero losses."""
    return switches_zero_losses(T, p, Phi)


def lem42() -> Derivation:
    """Lemma 4.2 / B.1 (lines 476–488). The chain starts from the claim's quantity on T zero losses
    (:func:`lem42_run`), where Pr[S_t = 0] = 1 − 1/Φ = κ(1 − Φ⁻²) with κ = Φ/(Φ + 1), then runs the lemma's
    argument with κ ≤ 1 (line 482)."""
    q0 = kappa * (1 - Phi**-2)  # Pr[S_t = 0] ≤ 1 − Φ⁻² (S_t ∼ Ber(Π(·)), Π ≥ Φ⁻²)
    start = lem42_run()
    return Derivation(
        claim_id="pomer.lem4.2", target="bound",
        title="Lemma 4.2 / B.1: expected number of switches (lines 476–488)",
        start=start,
        conditions=(sympy.Le(p, 1), sympy.Ge(Phi, 1), sympy.Le(kappa, 1)),
        domain=_dom(p, Phi, kappa, T),
        premises=(Premise("E[ζ_t | past] = Pr(S'_t = 0) + Pr(S'_t = 1)Pr(S_t = 0) = p + (1 − p)Pr(S_t = 0), with "
                          "Pr(S_t = 0) = κ(1 − Φ⁻²), κ ≤ 1 (eq. (B.1), line 482); summed over t (linearity)",
                          "Algorithm 1"),
                  Premise("the instance: T zero losses (convex, G-Lipschitz), any K, β, λ, p, Φ: Pr(S_t = 0) = "
                          "1 − 1/Φ, κ = Φ/(Φ + 1)", "algorithms.pomer.law.exact_law")),
        steps=(
            step(start, "==", T * (p + (1 - p) * q0), "1 − 1/Φ = κ(1 − Φ⁻²) with κ = Φ/(Φ + 1) ≤ 1",
                 given={kappa: Phi / (Phi + 1)}),
            then("<=", T * (p + (1 - p) * (1 - Phi**-2)), "Pr[S_t = 0] ≤ 1 − Φ⁻² (line 480)",
                 box={kappa: ("0", "1"), p: ("0", "1"), Phi: ("1", "1000"), T: ("1", "1e6")}),
            then("<=", SWITCHES_42, "(1 − p)(1 − Φ⁻²) ≤ 1 − Φ⁻² (line 482)",
                 box={p: ("0", "1"), Phi: ("1", "1000"), T: ("1", "1e6")}),
        ),
        symbolic_start=SymbolicStart(lem42_run, "_expected_switches (E[S_T], exact_law) on T zero losses: each round "
                                     "switches with p + (1 − p)(1 − Π(μ̄_{t+1}(x)/(Φμ̄_t(x)))), the two Gibbs laws one"),
    )


def thm41() -> Derivation:
    start = (kappa * lam * D**2 / 2 + kappa1 * G**2 * T / lam + d * log(1 / eps_) / beta + G * D * T * eps_
             + kappa2 * 6 * G * D * delta * T**2)
    return Derivation(
        claim_id="pomer.thm4.1", target="bound",
        title="Theorem 4.1 (B = ∞): regret of POMER (Section 4.2, lines 303–360)",
        start=start,
        conditions=(sympy.Le(kappa, 1), sympy.Le(kappa1, 1), sympy.Le(kappa2, 1)),
        domain=_dom(kappa, kappa1, kappa2, lam, D, G, T, d, beta, eps_, delta),
        premises=(
            Premise("μ_t = argmin_μ Σ_{τ<t} β l^Δ_τ(μ) + KL(μ‖μ₀) (Lemma 4.8) and FTL–BTL (Lemma 2.3) give "
                    "Regret(μ*_ε) ≤ l₀^Δ(μ*_ε) + Σ_t (l^Δ_t(μ_t) − l^Δ_t(μ_{t+1})) + KL(μ*_ε‖μ₀)/β (lines 338–346)",
                    "Lemmas 2.3, 4.8"),
            Premise("l₀^Δ(μ*_ε) = E λ‖x‖²/2 = κ·λD²/2 (0 ∈ K); Σ_t E_γ[l_t(x) − l_t(x')] = κ₁G²T/λ (Lemma 3.6 "
                    "coupling); KL(μ*_ε‖μ₀) = d log(1/ε); the comparator costs GDTε (eq. (4.2)); the drift "
                    "Σ_t 2GD·‖q_t − μ̄_t‖_TV = κ₂·6GDδT² (Lemmas 4.6, 4.7; eq. (4.1))", "lines 318–360"),
        ),
        steps=(
            step(start, "<=", lam * D**2 / 2 + G**2 * T / lam + d * log(1 / eps_) / beta + G * D * T * eps_
                 + 6 * G * D * delta * T**2, "each κ ≤ 1 (lines 348–355)",
                 box={kappa: ("0", "1"), kappa1: ("0", "1"), kappa2: ("0", "1"), lam: ("0.01", "100"),
                      D: ("0.01", "10"), G: ("0.01", "10"), T: ("1", "1000"), delta: ("0", "0.5")}),
            then("==", REGRET_41, "ε = 1/T (line 358)", given={eps_: 1 / T}),
        ),
    )


def post_ratio() -> Derivation:
    w = kappa * 3 * G / lam  # W∞(μ̄'_t, μ̄_{t+1}) ≤ W∞(μ̄'_t, μ̄_t) + W∞(μ̄_t, μ̄_{t+1}) ≤ 2G/λ + G/λ
    return Derivation(
        claim_id="pomer.claimC.2:post-ratio", target="bound",
        title="Claim C.2, case t > t₀: the keep-probability ratio (lines 687–697)",
        start="log[(μ̄'_{t+1}/μ̄'_t)(x)/(μ̄_{t+1}/μ̄_t)(x)] ≤ E_{μ̄'_t}[βl_t] − E_{μ̄_{t+1}}[βl_t] (Lemma C.4, line 689)",
        conditions=(sympy.Le(kappa, 1),),
        domain=_dom(kappa, beta, G, lam),
        premises=(
            Premise("log B_t = p(0) − p(1) ∈ [E_{μ̄_{t+1}}[βl_t], E_{μ̄_t}[βl_t]] by convexity of the log-partition "
                    "function (Lemma C.4, lines 661–677)", "Lemma C.4"),
            Premise("E_{μ̄'_t}[βl_t] − E_{μ̄_{t+1}}[βl_t] ≤ βG·E_γ‖y − y'‖ ≤ βG·W∞(μ̄'_t, μ̄_{t+1}) for a coupling γ "
                    "(l_t G-Lipschitz, line 693)", "definition of W∞"),
            Premise("l'_{1:t−1} − l_{1:t} = (l'_{t₀} − l_{t₀}) − l_t is 3G-Lipschitz, so Lemma 3.6 (once, or twice with "
                    "the triangle inequality: 2G/λ + G/λ) gives W∞(μ̄'_t, μ̄_{t+1}) = κ·3G/λ, κ ≤ 1", "Lemma 3.6"),
        ),
        steps=(
            step(beta * G * w, "<=", POST_RATIO, "“using Lemma 3.6 twice we get W∞(μ̄'_t, μ̄_{t+1}) ≤ 2G/λ” (line 691)",
                 cited="Lemma 3.6 applied twice, as printed (line 691)"),
        ),
        note="The step is the paper's; the true W∞ bound from two applications of Lemma 3.6 is 3G/λ, so the printed "
             "2G/λ fails at κ near 1. The claim itself is checked exactly (pomer.claimC.2:post-ratio).",
    )


def composition() -> Derivation:
    p_max = sympy.Max(T ** Rational(-1, 3), (X / L**2) ** Rational(1, 3))
    sum_eps = 4 * L**2 / p_max**2 + 6 * p_max * T * L**2 + 12 * L**3 * T + 8 * X / p_max**2 * T
    return Derivation(
        claim_id="pomer.thm4.3:composition", target="bound",
        title="Theorem 4.3: Σ_t ε_t² (lines 605–610)",
        start="Σ_t ε_t² ≤ 4log²Φ/p² + 2B log²Φ + 8G⁴β²/(λ²p²)·T with B = 3pT + 3(1 − Φ⁻²)T (lines 606–608)",
        where=((L, log(Phi)), (X, G**4 * beta**2 / lam**2)),
        domain={T: ("9", "1e9"), Phi: ("1.000001", "100"), G: ("0.001", "100"), beta: ("1e-6", "100"),
                lam: ("0.001", "1e6")},
        conditions=(sympy.Gt(Phi, 1),),
        premises=(Premise("p = max(T^{−1/3}, (G⁴β²/(λ² log²Φ))^{1/3}) (Theorem 4.3, line 249)", "Theorem 4.3"),
                  Premise("(a + b)² ≤ 2a² + 2b² on ε_t = ζ_{t−1}log Φ + 2G²β/(λp); 1 − Φ⁻² ≤ 2 log Φ", "algebra")),
        steps=(
            step(sum_eps, "<=", 7 * T ** Rational(2, 3) * L**2 + 12 * L**3 * T
                 + 11 * X ** Rational(1, 3) * L ** Rational(4, 3) * T,
                 "line 610: 4log²Φ/p² + 3pT log²Φ ≤ 7T^{2/3}log²Φ and 3pT log²Φ + 8G⁴β²T/(λ²p²) ≤ "
                 "11(G⁴β²/λ²)^{1/3}log^{4/3}Φ·T"),
            then("==", EPS_PRIME_43, "ε' of Theorem 4.3 (line 253)"),
        ),
    )


def thm45_switches_run() -> sympy.Expr:
    """``pomer.thm4.5:switches``'s quantity (``_switches_45``: E[S_T] from the exact law at Theorem 4.5's prescribed
    λβ, Φ and p = 0) on T zero losses (:func:`switches_zero_losses`), Φ evaluated from ``PRESCRIBED["pomer.thm4.5:
    switches"]`` in its order (Φ at λβ, λ and δ; then λβ; then δ) with λ left free: Φ depends on λ only through
    β/λ = S²/(256G² log T·T²), so the prescribed λ cancels (checked: Φ is the same at λ and at the prescribed λ)."""
    from certunlearn.formulas.pomer import PRESCRIBED

    lam_ = sympy.Symbol("lam", positive=True)
    prescribed = PRESCRIBED["pomer.thm4.5:switches"]

    def at(expr: sympy.Expr, names: tuple[str, ...]) -> sympy.Expr:
        for name in names:
            expr = expr.subs({sym: prescribed[name] for sym in expr.free_symbols if sym.name == name})
        return expr.subs({sym: lam_ for sym in expr.free_symbols if sym.name == "lam"})

    lg = sympy.Symbol("log_T", positive=True)  # log T > 0 (T ≥ 3, a hypothesis): lets sympy join the square roots

    def log_phi(names: tuple[str, ...]) -> sympy.Expr:
        e = sympy.expand_log(sympy.log(at(sympy.Symbol("Phi"), names)), force=True)
        return sympy.simplify(sympy.expand_log(e, force=True).subs(log(T), lg)).subs(lg, log(T))

    free, prescribed_lam = log_phi(("Phi", "lam_beta", "delta")), log_phi(("Phi", "lam_beta", "lam", "delta"))
    if lam_ in free.free_symbols or sympy.simplify(free - prescribed_lam) != 0:
        raise ValueError("Φ depends on λ beyond β/λ")
    phi = exp(free)
    return switches_zero_losses(T, sympy.S.Zero, phi)


def thm45_switches() -> Derivation:
    """Theorem 4.5's switch count (lines 278–280). The chain starts from the claim's quantity on T zero losses
    (:func:`thm45_switches_run`: T(1 − 1/Φ), u = log Φ), bounds it by Lemma 4.2's (1 − Φ⁻²)T at p = 0, then runs the
    printed steps."""
    lg = log(T)
    lam_ = sympy.Symbol("lam", positive=True)
    u = sympy.Symbol("u", positive=True)  # log Φ
    beta_ = lam_ / (256 * G**2 * lg) * S**2 / T**2
    log_phi = 2 * beta_ * G**2 / lam_ + sqrt(8 * beta_ * G**2 * log(T**2) / lam_)  # δ = 2/T²: log(2/δ) = log T²
    start = T * (1 - exp(-u))
    v45 = sympy.Symbol("v", positive=True)  # e^{−u} = 1/Φ
    return Derivation(
        claim_id="pomer.thm4.5:switches", target="bound",
        title="Theorem 4.5: the expected number of switches (lines 278–280)",
        start=start,
        where=((u, log_phi),),
        conditions=(sympy.Le(S, T), sympy.Ge(T, 3)),
        domain={S: ("1", "1e6"), T: ("3", "1e6"), G: ("0.01", "100"), lam_: ("0.01", "100"), w_: ("0", "1e6")},
        premises=(Premise("E[S_T] ≤ p̃T = (1 − Φ⁻²)T with p = 0 (Lemma 4.2), Φ = e^u ≥ 1 (u = log Φ ≥ 0): v = 1/Φ ≤ 1",
                          "Lemma 4.2", sympy.Le(v45, 1)),
                  Premise("the instance: T zero losses (convex, G-Lipschitz), K of diameter D, Theorem 4.5's λ, β, Φ, "
                          "p = 0: E[S_T] = T(1 − 1/Φ)", "algorithms.pomer.law.exact_law")),
        steps=(
            step(start, "<=", (1 - exp(-2 * u)) * T, "Lemma 4.2 at p = 0: 1 − 1/Φ ≤ 1 − Φ⁻² (Φ ≥ 1), written "
                 "e^{−u} = v ∈ (0, 1]: T(1 − v) ≤ T(1 − v²)", given={u: -log(v45)}, conditions=(sympy.Le(v45, 1),)),
            then("<=", 2 * u * T, "1 − Φ⁻² ≤ 2 log Φ (line 279), u = log Φ ≥ 0", monotone=Monotone(u, 0)),
            then("==", 2 * T * (S**2 / (128 * T**2 * lg) + S / (4 * T)), "β = λS²/(256G² log T·T²), δ = 2/T² (line 280)"),
            then("<=", 2 * T * (S / (128 * T * lg) + S / (4 * T)), "S ≤ T (line 280), written S = T/(1 + w), w ≥ 0",
                 given={S: T / (1 + w_)}, conditions=(sympy.Ge(T, 3),)),
            then("<=", 2 * T * (S / (128 * T) + S / (4 * T)), "log T ≥ 1 for T ≥ 3 (line 280): the difference "
                 "S(1 − 1/log T)/64 grows with T from its value at T = 3", monotone=Monotone(T, 3)),
            then("<=", S, "S/64 + S/2 ≤ S (line 280)"),
        ),
        symbolic_start=SymbolicStart(thm45_switches_run, "_switches_45 (E[S_T], exact_law at Theorem 4.5's λβ, Φ, "
                                     "p = 0) on T zero losses: T(1 − 1/Φ) at the prescribed Φ"),
    )


def thm45() -> Derivation:
    lg = log(T)
    lam_ = sympy.Symbol("lam", positive=True)
    return Derivation(
        claim_id="pomer.thm4.5", target="bound",
        title="Theorem 4.5: regret of lazy POMER (lines 282–292)",
        start=REGRET_41.subs(lam, lam_),
        domain={S: ("1", "1e6"), T: ("3", "1e6"), G: ("0.001", "100"), D: ("0.01", "100"), d: ("1", "1000"),
                lam_: ("0.001", "1e6"), beta: ("1e-9", "1e6")},
        conditions=(sympy.Le(S, T), sympy.Ge(T, 3)),
        premises=(Premise("Lemma 3.5 makes μ̄_t, μ̄_{t+1} (Φ, δ)-close, so Theorem 4.1 (B = ∞) applies (line 284)",
                          "Lemma 3.5, Theorem 4.1"),),
        steps=(
            step(REGRET_41.subs(lam, lam_), "==",
                 lam_ * D**2 / 2 + G**2 * T / lam_ + 256 * d * G**2 * lg**2 / lam_ * T**2 / S**2 + 13 * G * D,
                 "β = λS²/(256G² log T·T²) and 6GD·(2/T²)·T² = 12GD (line 288)",
                 given={beta: lam_ / (256 * G**2 * lg) * S**2 / T**2, delta: 2 / T**2}),
            then("<=", REGRET_45, "λ = max{G√(2T)/D, √(512dG log T)/D·T/S} (line 290)",
                 given={lam_: LAM_45}),
        ),
    )


s_ = sympy.Symbol("s", real=True, nonzero=True)  # g(x) = e^{s x}
c_ = sympy.Symbol("c", positive=True)  # the LSI constant βλ
tv = sympy.Symbol("TV", positive=True)  # ‖q₁ − μ̄₁‖_TV
Delta_ = sympy.Symbol("Delta", positive=True)  # ‖X_t − X'_t‖ in the synchronous coupling
cc = sympy.Symbol("c_0", real=True)  # the constant added to a loss (footnote 4)
mu_ = sympy.Symbol("mu", positive=True)  # the Chernoff mean
dd = sympy.Symbol("delta_C", positive=True)  # the Chernoff deviation


#: The LSI claims' structured instance: K = [a, b] ∋ 0, f = 0 (Definition 3.1's Gaussian; for Lemma 3.2 the convex
#: f = 0 of its class — a linear f = kx makes the closed form so large that sampling its cited step costs > 60 CPU-s),
#: g = e^{sx}
a_lsi, b_lsi = sympy.Symbol("a", negative=True), sympy.Symbol("b", positive=True)


def _tilted_moments(tilt: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    """(∫_K e^{tilt·x − βλx²/2} dx, ∫_K x e^{…} dx) in closed form: the exponent is −(c/2)(x − m)² + cm²/2 with
    c = βλ, m = tilt/c, so the first is e^{cm²/2}√(π/(2c))[erf(√(c/2)(b − m)) − erf(√(c/2)(a − m))] and the
    second m times it plus e^{cm²/2}(e^{−c(a−m)²/2} − e^{−c(b−m)²/2})/c."""
    c = beta * lam
    m = tilt / c
    w = sqrt(c / 2)
    scale = exp(c * m**2 / 2)
    mass = scale * sqrt(sympy.pi / (2 * c)) * (sympy.erf(w * (b_lsi - m)) - sympy.erf(w * (a_lsi - m)))
    first = m * mass + scale * (exp(-c * (a_lsi - m) ** 2 / 2) - exp(-c * (b_lsi - m) ** 2 / 2)) / c
    return mass, first


def lsi_entropy_closed_form() -> sympy.Expr:
    """What the entropy-form LSI claims' quantity (``claims.pomer.gibbs_measures._lsi_entropy``: (E[g² log g²] −
    E[g²] log E[g²])/((2/c)E[g'²]), c = βλ, E[g² log g²] = 2s·E[x e^{2sx}]) computes for g = e^{sx} under
    μ̄(0, β, λ) ∝ e^{−βλx²/2} on K = [a, b], in closed form (:func:`_tilted_moments`; tested against the claim's
    quantity at exact instances)."""
    z, _ = _tilted_moments(sympy.S.Zero)
    g2, xg2 = _tilted_moments(2 * s_)
    e_g2, e_xg2 = g2 / z, xg2 / z
    return (2 * s_ * e_xg2 - e_g2 * log(e_g2)) / (2 / (beta * lam) * s_**2 * e_g2)


def _gaussian_lsi(claim_id: str, printed: bool, general: bool) -> Derivation:
    """The LSI for g = e^{sx} under the untruncated Gaussian N(m, 1/c), in closed form (E e^{2sx} = e^{2sm + 2s²/c},
    Cov(x, e^{2sx}) = (2s/c)E e^{2sx}, log E g² = 2sm + 2s²/c, E[log g²] = 2sm). For the entropy forms (the fixes) the
    final chain then starts from the claim's quantity on K = [a, b] (:func:`lsi_entropy_closed_form`) and applies
    Bakry–Émery's LSI, cited (the engine has no proof of it for the law restricted to K)."""
    e2 = exp(2 * s_**2 / c_)
    rhs = 2 / c_ * s_**2 * e2
    lhs = 2 * s_ * (2 * s_ / c_) * e2 if printed else 2 * s_ * (2 * s_ / c_) * e2 - e2 * 2 * s_**2 / c_
    what = ("E[g² log g²] − E[g²]E[log g²] (Definition 3.1 as printed)" if printed
            else "Ent(g²) = E[g² log g²] − E[g²] log E[g²]")
    premises = (
        Premise("the ratio (left side)/((2/c)E|g'|²) at the untruncated Gaussian N(m, 1/c), c = βλ, with g = e^{sx} "
                "(moment generating function; the mean m cancels)", "closed form"),
        Premise("Bakry–Émery: exp(−βl) with l Λ-strongly convex, restricted to a convex K, satisfies the entropy LSI "
                "with c = βΛ; here l = f + λx²/2, Λ = λ" + ("" if general else " (f = 0)"),
                "Lemma 3.2 (Bakry & Émery 1985, Prop. 3, Cor. 2)"),
    )
    steps = (step(lhs / rhs, "<=", sympy.Integer(1),
                  "Definition 3.1 with c = βλ (line 133)" if printed else "the entropy LSI with c = βλ",
                  cited="Lemma 3.2 (line 137)" if general else "Definition 3.1 (line 133)"),)
    extra: dict = {}
    start = lhs / rhs
    if not printed:
        start = lsi_entropy_closed_form()
        premises += (Premise("the instance: K = [a, b] ∋ 0, f = 0, g = e^{sx}, s ≠ 0", "claims.pomer.gibbs_measures"),)
        steps += (step(start, "<=", sympy.Integer(1), "the entropy LSI with c = βλ for the law restricted to K",
                       cited="Lemma 3.2 (Bakry & Émery 1985), c = βλ"),)
        extra = dict(symbolic_start=SymbolicStart(
            lsi_entropy_closed_form, "_lsi_entropy for g = e^{sx} under μ̄(0, β, λ) on K = [a, b], in closed form (erf "
            "and Gaussian moments)"))
    return Derivation(
        claim_id=claim_id, target="bound",
        title=("Lemma 3.2 with " if general else "Definition 3.1: ") + what + " for g = e^{sx}",
        start=start,
        domain={s_: ("-5", "5"), c_: ("0.01", "100"), beta: ("0.05", "50"), lam: ("0.05", "20"),
                a_lsi: ("-5", "-0.01"), b_lsi: ("0.01", "5")},
        premises=premises, steps=steps, **extra,
    )


#: Lemma 3.3's structured instance: f = 0 on the symmetric K = [−b, b] (μ̄ the Gaussian e^{−βλx²/2} truncated to K),
#: a deviation r ≤ b
b33 = sympy.Symbol("b", positive=True)


def lem33_run() -> sympy.Expr:
    """``pomer.lem3.3``'s quantity (``_concentration``: μ̄[a, EX − r] + μ̄[EX + r, b] for F(x) = x) on the structured
    instance, each mass and the mean integrated by sympy from the density e^{−βλx²/2}/Z on K (eq. (3.3), f = 0)."""
    x_ = fn_y

    def integral(poly: sympy.Expr, lo: sympy.Expr, hi: sympy.Expr) -> sympy.Expr:
        return sympy.integrate(poly * exp(-beta * lam * x_**2 / 2), (x_, lo, hi))

    z = integral(sympy.S.One, -b33, b33)
    mean = integral(x_, -b33, b33) / z
    return (integral(sympy.S.One, -b33, mean - r) + integral(sympy.S.One, mean + r, b33)) / z


def lem33() -> Derivation:
    """Lemma 3.3 (lines 139–141), Herbst's argument for F(x) = x under μ̄(f, β, λ). The final chain starts from the
    claim's quantity on the structured instance in closed form, 2μ̄[r, b] = (erf(wb) − erf(wr))/erf(wb) with
    w = √(βλ/2) (checked against :func:`lem33_run`), and applies Herbst's bound (cited: Ledoux 1999) with c = βλ,
    L = 1."""
    Lf = sympy.Symbol("L_F", positive=True)
    w = sqrt(beta * lam / 2)
    start = (sympy.erf(w * b33) - sympy.erf(w * r)) / sympy.erf(w * b33)  # EX = 0 by symmetry: 2μ̄[r, b]
    return Derivation(
        claim_id="pomer.lem3.3", target="bound", title="Lemma 3.3 (Herbst) for F(x) = x under μ̄(f, β, λ)",
        start=start,
        conditions=(sympy.Le(r, b33),),
        domain={beta: ("0.01", "100"), lam: ("0.01", "100"), b33: ("0.01", "10"), r: ("0.001", "10")},
        premises=(Premise("μ̄(f, β, λ) satisfies the LSI with c = βλ", "Lemma 3.2"),
                  Premise("Pr(|F − EF| ≥ r) ≤ 2exp(−cr²/(2L²)) for L-Lipschitz F", "Ledoux 1999, §2.3 (Herbst)"),
                  Premise("the instance: f = 0 on K = [−b, b], 0 < r ≤ b", "claims.pomer.gibbs_measures")),
        steps=(step(2 * exp(-c_ * r**2 / (2 * Lf**2)), "==", CONCENTRATION_33,
                    "c = βλ (Lemma 3.2) and L = 1 for F(x) = x", given={c_: beta * lam, Lf: 1}),
               step(start, "<=", CONCENTRATION_33, "Herbst's bound with c = βλ, L = 1 (Lemma 3.3 as proved by Ledoux)",
                    cited="Ledoux 1999, §2.3 (Herbst), with Lemma 3.2's c = βλ")),
        symbolic_start=SymbolicStart(lem33_run, "_concentration (μ̄[a, EX − r] + μ̄[EX + r, b]) for f = 0 on "
                                     "K = [−b, b], r ≤ b, every integral by sympy from the Gibbs density"),
    )


def lem36() -> Derivation:
    return Derivation(
        claim_id="pomer.lem3.6", target="bound", title="Lemma 3.6 / A.1: W∞ ≤ G/λ (lines 436–450)",
        start="½ dΔ_t²/dt ≤ β(−λΔ_t² + GΔ_t) (synchronous coupling of the projected Langevin diffusions, line 444)",
        domain={lam: ("0.001", "1000"), G: ("0.001", "100"), Delta_: ("0", "1000")},
        premises=(Premise("⟨∇l(X) − ∇l(X'), X − X'⟩ ≥ λ‖X − X'‖² (λ-strong convexity of l + λ‖x‖²/2), "
                          "‖∇l − ∇l'‖ ≤ G, and the reflection terms have the right sign on a convex K (lines 440–446)",
                          "Appendix A"),
                  Premise("Grönwall on F_t = Δ_t² − G²/λ²: dF/dt ≤ −βλF, so lim sup Δ_t² ≤ G²/λ² (line 448)",
                          "Grönwall's inequality")),
        steps=(
            step(-lam * Delta_**2 + G * Delta_, "<=", -lam * Delta_**2 / 2 + G**2 / (2 * lam),
                 "GΔ ≤ λΔ²/2 + G²/(2λ) (line 446)"),
            step(sqrt(G**2 / lam**2), "==", W_INFINITY_36, "lim Δ_t ≤ √(G²/λ²) (line 448)"),
        ),
    )


def lem42_tail() -> Derivation:
    return Derivation(
        claim_id="pomer.lem4.2:tail", target="bound", title="Lemma 4.2 / B.1: the switch-count tail (line 486)",
        start=exp(-dd**2 * mu_ / (2 + dd)),
        start_reason=("the chain starts from the Chernoff bound e^{−δ²μ/(2+δ)}, an upper bound of the tail; the "
                      "claim's quantity is Pr[S_T ≥ 3p̃T] from the exact law of the switch count "
                      "(algorithms.pomer.law.exact_law); no closed form in the chain's symbols exists to check the "
                      "start against (a SymbolicStart would have to evaluate that law symbolically)"),
        premises=(Premise("S_T is dominated by a sum of T Bernoulli(p̃) (eq. (B.1)); Chernoff: Pr[ΣX ≥ (1 + δ)μ] ≤ "
                          "e^{−δ²μ/(2+δ)} (footnote 5)", "Chernoff bound"),),
        steps=(step(exp(-dd**2 * mu_ / (2 + dd)), "==", SWITCH_TAIL_42, "δ = 2, μ = p̃T: 3p̃T = (1 + 2)μ (line 486)",
                    given={dd: 2, mu_: P_TILDE * T}),),
    )


def lem46(fix: bool) -> Derivation:
    return Derivation(
        claim_id="pomer.lem4.6+fix" if fix else "pomer.lem4.6", target="bound",
        title="Lemma 4.6 / B.2 at t = 1 (line 510)" + (" with x₁ ∼ μ̄₁" if fix else ""),
        start=sympy.Integer(0) if fix else tv,
        domain={tv: ("0.001", "1")},
        premises=(Premise("Algorithm 1 draws x₁ uniformly on K (line 182): q₁ = Unif(K), and ‖Unif(K) − μ̄₁‖_TV = TV > 0 "
                          "unless μ̄₁ is uniform" if not fix else "x₁ ∼ μ̄₁, so q₁ = μ̄₁", "Algorithm 1"),),
        steps=(step(sympy.Integer(0) if fix else tv, "<=", sympy.Integer(0) if fix else 3 * delta * 0,
                    "‘For t = 1, the claim is trivially true’ (line 510)",
                    **({} if fix else {"cited": "line 510"})),),
        symbolic_start=SymbolicStart(_tv_first_gibbs, "the claim's quantity tv_first (claims.pomer.regret) at "
                                     "initial='gibbs': q₁ := μ̄₁, exactly 0 (vacuous by construction, see the "
                                     "claim's note)") if fix else None,
    )


def _tv_first_gibbs() -> sympy.Expr:
    """``tv_first`` of ``pomer.lem4.6+fix`` (claims.pomer.regret) run as the claim runs it, with x₁ ∼ μ̄₁; it returns
    an exact 0 (the fix is the choice q₁ := μ̄₁), converted to sympy only when the enclosure is exactly 0."""
    from certunlearn.claims.pomer.regret import tv_first

    value = tv_first({"initial": "gibbs"})
    if not (value.is_exact() and value == 0):
        raise ValueError(f"tv_first at initial='gibbs' is {value}, not an exact 0")
    return sympy.Integer(0)


def lem46_drift(fix: bool) -> Derivation:
    """Lemma B.2, case B = ∞ (lines 492–530): the induction on t, from round t − 1 to round t ≥ 2."""
    s1, s2 = sympy.Symbol("s_1", nonnegative=True), sympy.Symbol("s_2", nonnegative=True)
    a, b = sympy.Symbol("a", nonnegative=True), sympy.Symbol("b", nonnegative=True)
    inductive = 3 * delta * (t_round - 2) + delta  # ‖q_t − q̃_t‖ ≤ ‖q_{t−1} − μ̄_{t−1}‖ + ‖μ̄_{t−1} − μ̃_{t−1}‖
    premises = (Premise("‖q_t − q̃_t‖_TV ≤ ‖q_{t−1} − μ̃_{t−1}‖_TV (data processing, the same channel) ≤ "
                        "‖q_{t−1} − μ̄_{t−1}‖_TV + δ ≤ 3δ(t − 2) + δ by the induction hypothesis at t − 1 (lines 524–527); "
                        "‖q̃_t − μ̄_t‖_TV ≤ δ/(1 − δ) ≤ 2δ for δ ≤ 1/2 (lines 512–520): a ≤ 3δ(t − 2) + δ and b ≤ 2δ, "
                        "written a = (3δ(t − 2) + δ)/(1 + s₁), b = 2δ/(1 + s₂)", "Lemma B.2"),)
    if not fix:
        premises += (Premise("the induction starts at t = 1 from ‖q₁ − μ̄₁‖_TV = TV, where Algorithm 1 draws x₁ "
                             "uniformly on K (line 182); the data-processing step carries TV to every later round",
                             "Algorithm 1"),)
    start = a + b + (0 if fix else tv)
    return Derivation(
        start_reason=("the chain starts from a + b, the induction's bounds of the triangle inequality's two terms "
                      "‖q_t − q̃_t‖_TV + ‖q̃_t − μ̄_t‖_TV" + ("" if fix else " (plus the uniform start's TV)") + "; the "
                      "claim's quantity (tv_drift) is ‖q_t − μ̄_t‖_TV with q_t the marginal of the exact law of "
                      "Algorithm 1 (algorithms.pomer.law: Gibbs densities mixed with the point masses kept by the "
                      "switch decisions, whose keep ratios are clipped) integrated over K on enclosures, and δ the "
                      "instance's closeness level (a supremum over K); neither is an expression in the chain's "
                      "symbols (δ, t), so there is nothing to compare the start with (a SymbolicStart would have to "
                      "integrate that law and its clipping symbolically)"),
        claim_id="pomer.lem4.6:drift" + ("+fix" if fix else ""), target="bound",
        title="Lemma 4.6 / B.2, B = ∞, rounds t ≥ 2 (lines 508–530)" + (" with x₁ ∼ μ̄₁" if fix else ""),
        start=start,
        where=((a, inductive / (1 + s1)), (b, 2 * delta / (1 + s2))),
        conditions=(sympy.Ge(t_round, 2), sympy.Le(delta, sympy.Rational(1, 2))),
        domain={delta: ("0.0001", "0.5"), t_round: ("2", "50"), s1: ("0", "10"), s2: ("0", "10"), tv: ("0.001", "1")},
        premises=premises,
        steps=(
            *(() if fix else (step(start, "<=", a + b, "‘For t = 1, the claim is trivially true’ (line 510): TV = 0",
                                   cited="line 510"),)),
            (step(a + b, "<=", inductive + 2 * delta, "the two terms at their bounds (triangle inequality, line 529)")
             if fix else then("<=", inductive + 2 * delta, "the two terms at their bounds (triangle inequality, line 529)")),
            then("==", DRIFT_46, "3δ(t − 2) + δ + 2δ = 3δ(t − 1)"),
        ),
    )


def thm41_budget() -> Derivation:
    drift = 2 * G * D * T * (exp(-P_TILDE * T) + 3 * delta * T)
    start = (kappa * lam * D**2 / 2 + kappa1 * G**2 * T / lam + d * log(1 / eps_) / beta + G * D * T * eps_
             + kappa2 * drift)
    return Derivation(
        claim_id="pomer.thm4.1:budget", target="bound",
        title="Theorem 4.1 (B = 3p̃T): regret of POMER (lines 303–360)",
        start=start,
        conditions=(sympy.Le(kappa, 1), sympy.Le(kappa1, 1), sympy.Le(kappa2, 1)),
        domain=_dom(kappa, kappa1, kappa2, lam, D, G, T, d, beta, eps_, delta, p, Phi),
        premises=(Premise("as for B = ∞; the drift is Σ_t 2GD‖q_t − μ̄_t‖_TV ≤ 2GDT(e^{−p̃T} + 3δT) (Lemma 4.6, "
                          "eq. (4.1)), written κ₂·2GDT(e^{−p̃T} + 3δT)", "Lemmas 4.6, 4.7"),),
        steps=(
            step(start, "<=", lam * D**2 / 2 + G**2 * T / lam + d * log(1 / eps_) / beta + G * D * T * eps_ + drift,
                 "each κ ≤ 1 (lines 348–355)"),
            then("==", REGRET_41_BUDGET, "ε = 1/T (line 358)", given={eps_: 1 / T}),
        ),
    )


@functools.lru_cache(maxsize=1)
def footnote4_run() -> sympy.Expr:
    """What ``pomer.footnote4``'s quantity (``claims.pomer.privacy._normalised_keep_ratio``) computes where neither
    ratio is clipped (its only branch not exactly 1 by construction): v'/v with v = e^{−βl_t(x)}Z_t/(Z_{t+1}Φ), the
    keep ratio μ̄_{t+1}(x)/(Φμ̄_t(x)) of normalised Gibbs densities, and v' the same with l_t + c₀ — each partition
    function Z of its own loss (Z_t of the prefix, Z_{t+1} of prefix + l_t or prefix + l_t + c₀), here on the
    structured instance with linear prefix and loss, integrated by sympy from eq. (3.2)."""
    z_t = gibbs_partition(fn_k0, fn_m0).doit()

    def keep(const: sympy.Expr) -> sympy.Expr:
        z_next = gibbs_partition(fn_k0 + fn_k1, fn_m0 + fn_m1 + const).doit()
        return exp(-beta * (fn_k1 * fn_x + fn_m1 + const)) * z_t / (z_next * Phi)

    return keep(cc) / keep(sympy.S.Zero)


def footnote4() -> Derivation:
    """Footnote 4 (line 231): the keep ratio of normalised densities does not change when a constant c₀ is added to
    l_t. The chain starts from the quantity's ratio v'/v reduced to e^{−βc₀}·Z(l_{1:t})/Z(l_{1:t} + c₀) (the
    e^{−βl_t(x)}, Z_t and Φ of the two ratios cancel), on the structured instance of :func:`footnote4_run`."""
    start = exp(-beta * cc) * gibbs_partition(fn_k0 + fn_k1, fn_m0 + fn_m1) / gibbs_partition(
        fn_k0 + fn_k1, fn_m0 + fn_m1 + cc)
    return Derivation(
        claim_id="pomer.footnote4", target="bound", title="Footnote 4: normalised ratios ignore constants",
        start=start,
        premises=(Premise("the quantity's ratio at a point x where neither keep probability is clipped; where both "
                          "are clipped to the same end it is 1 by construction (claims.pomer.privacy)",
                          "Algorithm 1, line 209"),),
        steps=(step(start, "==", sympy.Integer(1),
                    "Z(l_{1:t} + c₀) = e^{−βc₀}Z(l_{1:t}) (eq. (3.2)): the constant leaves the integral"),),
        symbolic_start=SymbolicStart(footnote4_run, "_normalised_keep_ratio's unclipped branch v'/v, v = "
                                     "e^{−βl_t(x)}Z_t/(Z_{t+1}Φ), each Z from eq. (3.2) by sympy integration, on K = "
                                     "[a, b] with the prefix k₀x + m₀, the loss k₁x + m₁ and the constant c₀"),
    )


def thm43() -> Derivation:
    dp = delta / T**2 / 60
    tail = 3 * T * exp(-(1 - Phi**-2) * T)
    return Derivation(
        claim_id="pomer.thm4.3", target="bound", title="Theorem 4.3: the δ of the composition (lines 615–617)",
        start="δ'' + Σ_t δ_t = δ/2 + 4δ'T + 9T²δ' + 3Te^{−p̃T} (Lemma 2.2 with δ'' = δ/2, Claim 4.9)",
        conditions=(sympy.Ge(T, 12 * log(1 / delta)), sympy.Ge(Phi, 1), sympy.Le(delta, Rational(1, 2))),
        domain={T: ("9", "10000"), delta: ("1e-6", "0.5"), Phi: ("1", "10")},
        premises=(Premise("δ_t = 4δ' + 9δ'T + 3e^{−p̃T} (Claim 4.9) and e^{−p̃T} ≤ e^{−pT}·e^{−(1−Φ⁻²)T} ≤ e^{−pT} + "
                          "e^{−(1−Φ⁻²)T}; p ≥ T^{−1/3} (line 249), so 3Te^{−pT} ≤ 3Te^{−T^{2/3}}", "Claim 4.9, algebra"),),
        steps=(
            step((4 * dp * T + 9 * T**2 * dp) / delta, "<=", Rational(1, 6),
                 "4δ'T + 9T²δ' ≤ δ/6 with δ' = δT⁻²/60 (line 615; divided by δ > 0)", monotone=Monotone(T, 9),
                 conditions=(sympy.Ge(T, 9),)),
            step(3 * T * exp(-T ** Rational(2, 3)), "<=", delta / 6,
                 "3Te^{−pT} ≤ δ/6 at p = T^{−1/3}, its least value (line 615)"),
            step(delta / 2 + delta / 6 + delta / 6 + tail, "<=", DELTA_43, "δ/2 + δ/3 ≤ δ (lines 615–617)"),
        ),
    )


def thm44(part: str) -> Derivation:
    """The certified ε or δ as one abbreviation E (no sign assumption, so sympy's sign attempts stay cheap; the
    numeric checks expand it into Theorem 4.3's formula at Theorem 4.4's parameters). The hypotheses ε ≤ 1 and
    δ ≤ 1/2 are the domain's upper ends rather than conditions: as conditions they would make the engine repeat its
    symbolic attempt on a reparametrised copy of the expanded formula (~1.5 s) with no chance of a proof."""
    value = sympy.Symbol(f"{part}_4.3", real=True)
    return Derivation(
        claim_id=f"pomer.thm4.4:{part}", target="bound",
        title=f"Theorem 4.4 via Theorem 4.3: the certified {part} (lines 258–268)",
        start=value,
        where=((value, at_prescribed_44({"epsilon": EPS_43, "delta": DELTA_43}[part])),),
        conditions=(sympy.Ge(T, 12 * log(1 / delta)),),
        domain={epsilon: ("0.01", "1"), delta: ("1e-12", "0.5"), T: ("100", "1e9"), G: ("0.1", "10"),
                D: ("0.1", "10"), d: ("1", "100")},
        samples=12,
        premises=(Premise("Theorem 4.3 at λ, β of Theorem 4.4 with Φ = Φ'², p as in Theorem 4.3; ε ≤ 1 and δ ≤ 1/2 "
                          "(the domain's upper ends)", "Theorem 4.3"),),
        steps=(step(value, "<=", {"epsilon": epsilon, "delta": delta}[part],
                    "“via straightforward calculations” (line 243)", cited="Theorem 4.4 (line 245)"),),
    )


def thm44_delta_fix() -> Derivation:
    """From the proof's chain δ/2 + Σ_t δ_t (lines 613–617) to δ + 3Te^{−T^{2/3}}, keeping p̃ = p + 1 − Φ⁻² whole."""
    tilt = 3 * T * exp(-p * T)
    return Derivation(
        claim_id="pomer.thm4.4:delta+fix", target="bound",
        title="Theorem 4.4's δ from Theorem 4.3's proof with p̃ kept whole (lines 613–617)",
        start=DELTA_CHAIN_43,
        conditions=(sympy.Ge(T, 9), sympy.Ge(Phi, 1), sympy.Ge(p, T ** Rational(-1, 3)), sympy.Le(p, 1)),
        domain={T: ("9", "10000"), delta: ("1e-12", "0.5"), Phi: ("1", "10"), p: ("0", "1")},
        premises=(Premise("Lemma 2.2 with δ/2 and Claim 4.9's δ_t = 4δ' + 9δ'T + 3e^{−p̃T}, δ' = δT⁻²/60; "
                          "p ≥ T^{−1/3} (Theorem 4.3, line 233)", "Theorem 4.3, Claim 4.9"),),
        steps=(
            step(DELTA_CHAIN_43, "<=", delta / 2 + delta / 6 + 3 * T * exp(-P_TILDE * T),
                 "4δ'T + 9T²δ' = δ(4/T + 9)/60 ≤ δ/6 for T ≥ 4 (line 615)"),
            then("<=", delta / 2 + delta / 6 + tilt, "p̃ = p + 1 − Φ⁻² ≥ p for Φ ≥ 1", monotone=Monotone(Phi, 1)),
            then("<=", DELTA_44_FIX, "pT ≥ T^{2/3} for p ≥ T^{−1/3}, and δ/2 + δ/6 ≤ δ",
                 monotone=Monotone(p, T ** Rational(-1, 3))),
        ),
    )


def thm44_regret() -> Derivation:
    """Theorem 4.4's regret as Theorem 4.1 (B = 3p̃T) at the closeness level of Theorem 4.3 (lines 243–253)."""
    close = kappa * DELTA_PRIME_43  # the least level at which consecutive μ̄_t are (Φ, ·)-close, at most δ'
    start = REGRET_41_BUDGET.subs(delta, close)
    return Derivation(
        claim_id="pomer.thm4.4:regret", target="bound",
        title="Theorem 4.4's regret: Theorem 4.1 (B = 3p̃T) with Theorem 4.3's Φ (lines 213–221, 233–253)",
        start=start,
        conditions=(sympy.Le(kappa, 1),),
        domain=_dom(kappa, lam, D, G, T, d, beta, delta, p, Phi),
        premises=(
            Premise("consecutive μ̄_t, μ̄_{t+1} differ by l_t, G-Lipschitz with G ≤ G' = 3G, so Lemma 3.5 (line 151) "
                    "makes them (Φ', δ')-close and, as Φ = Φ'² ≥ Φ', (Φ, δ')-close: Theorem 4.1 applies at a level "
                    "κδ' with κ ≤ 1 (Theorem 4.3's hypothesis, line 233; 'combining', line 243)", "Lemma 3.5, Theorem 4.3"),
            Premise("Theorem 4.1, case B = 3p̃T (lines 219–221), at Theorem 4.4's λ, β (lines 247–249) and Theorem 4.3's "
                    "Φ, p, B (line 251: 'other parameters as in Theorem 4.3')", "Theorem 4.1"),
        ),
        steps=(step(start, "<=", REGRET_44, "the bound of Theorem 4.1 grows with its closeness level; κ ≤ 1"),),
        note="Theorem 4.4 prints only Õ(·) (line 253); the explicit bound is the one this combination yields.",
    )


def _range_conditions(var, bounds) -> tuple:
    low, high = bounds
    return ((() if low is None else (sympy.Ge(var, low),)) + (() if high is None else (sympy.Le(var, high),)))


def table1_row(row: str, fix: bool) -> Derivation:
    """A Table 1 row (lines 58–69) from Theorem 4.4's explicit bound: the drift terms at p ≥ T^{−1/3} and δ ≤ 1/2,
    then λ, β of Theorem 4.4 (lines 247–249) term by term, then the row's ε range (the entry dominates √T and
    √d·max{T^{1/3}/ε, T^{3/8}/ε^{3/4}}), proved after the exact reparametrisation of :func:`_table1_range` that makes
    every power an integer one. The first step (a relation of its own) says which term of the max is the larger on
    the row's range. The box keeps T ≥ d⁹ reachable (d ≤ 8, T ≥ 10⁸) and, for rows 3–4, ε around T^{−1/6} so that
    the narrow ranges are sampled."""
    lam_, beta_ = sympy.Symbol("lam", positive=True), sympy.Symbol("beta", positive=True)
    p_, phi_ = sympy.Symbol("p", nonnegative=True), sympy.Symbol("Phi", positive=True)
    start = REGRET_44.subs({lam: lam_, beta: beta_, p: p_, Phi: phi_})
    form = (TABLE1_FORM_FIX if fix else TABLE1_FORM)[row]
    entry = sqrt(d) * T ** Rational(3, 8) * epsilon ** Rational(-3, 4) if fix else TABLE1_ENTRY[row]
    cid = f"pomer.table1:{row}" + ("+fix" if fix else "")
    given, conds, larger, smaller, how = _table1_range(row)
    z = G * D * Lt * (500 + 100 * log(T))  # the factor of √d·Q in the bound
    grow = Rational(3, 2) * G * D
    return Derivation(
        claim_id=cid, target="bound",
        title=f"Table 1, {row} of the column 'Theorem 4.4' from Theorem 4.4's explicit bound (lines 58–69, 243–253)",
        start=start,
        conditions=(sympy.Ge(p_, T ** Rational(-1, 3)), sympy.Ge(phi_, 1), sympy.Le(delta, Rational(1, 2)),
                    sympy.Le(epsilon, 1), sympy.Ge(T, d**9), sympy.Ge(d, 1), sympy.Ge(T, 12 * log(1 / delta)),
                    sympy.Ge(T, 1)),  # T ≥ d⁹ ≥ 1
        domain={epsilon: ("0.003", "0.03") if row in ("row3", "row4") else ("1e-4", "1"), delta: ("1e-9", "0.5"),
                T: ("1e12", "1e15") if row in ("row3", "row4") else ("1e8", "1e15"), d: ("1", "8"),
                G: ("0.1", "10"), D: ("0.1", "10"), lam_: ("0.01", "1e9"), beta_: ("1e-12", "10"),
                p_: ("0", "1"), phi_: ("1", "10"), **_T1_SAMPLING},
        samples=64 if row in ("row3", "row4") else 16,
        premises=(Premise("p ≥ T^{−1/3} (Theorem 4.3, line 233), so p̃T ≥ T^{2/3}; Φ ≥ 1", "Theorem 4.3"),
                  Premise(f"the row's range of ε (Table 1, lines 58–69) with T ≥ d⁹ ≥ 1, written {how}: every "
                          "(T, d, ε) of the range is reached (s = T^{1/24}, k = d^{1/24}, v = (εT^{1/6})^{1/4}, the "
                          "slacks c, u, w ≥ 0 solved from them; rows 6–7 use s ≥ k⁹ once and then leave u free, a "
                          "larger set), so a relation proved at every such point holds on the range",
                          "exact reparametrisation", sympy.Ge(s1_, 1)),
                  Premise("Theorem 4.4's λ = (G/D)M and β = λN/(10⁵G²L²) (lines 247–249) with M = max{2√T, 1000√dL·Q} "
                          "and N = min{ε²/T^{2/3}, ε^{3/2}/T^{3/4}} = Q⁻², Q = max{T^{1/3}/ε, T^{3/8}/ε^{3/4}}: a max is "
                          "at least each argument and at most their sum, so 2√T ≤ M, 1000√dLQ ≤ M ≤ 2√T + 1000√dLQ, "
                          "and Q⁻² ≤ N", "Theorem 4.4 (lines 247–249)", sympy.And(*_T1_FACTS))),
        steps=(
            step(smaller, "<=", larger, f"on the row's range Q = max{{T^{{1/3}}/ε, T^{{3/8}}/ε^{{3/4}}}} = {larger}",
                 given=given, conditions=conds),
            step(start, "<=", start.subs(phi_, 1), "e^{−p̃T} ≤ e^{−pT}: p̃ = p + 1 − Φ⁻² ≥ p for Φ ≥ 1 (line 224)",
                 monotone=Monotone(phi_, 1)),
            then("<=", start.subs({phi_: 1, p_: T ** Rational(-1, 3)}), "e^{−pT} ≤ e^{−T^{2/3}} for p ≥ T^{−1/3} "
                 "(line 233)", monotone=Monotone(p_, T ** Rational(-1, 3))),
            then("<=", lam_ * D**2 / 2 + G**2 * T / lam_ + d * log(T) / beta_ + G * D * C_44,
                 "2GDT·3δ'T = GDδ/10 ≤ GD/20 for δ ≤ 1/2"),
            *_table1_parameter_steps(lam_, beta_),
            then("==", grow * sqrt(T) + z * sqrt(d) * Qt + G * D * C_44, "collected"),
            then("<=", grow * entry + z * sqrt(d) * Qt + G * D * C_44,
                 f"√T ≤ {entry} on the row's range", given=given, conditions=conds),
            then("<=", grow * entry + z * entry + G * D * C_44,
                 f"√d·Q ≤ {entry}: Q = {larger} on the row's range (step 1)",
                 given={Qt: larger.subs(given), **given}, conditions=conds),
            then("==", form, "L = log(T/δ) (> 0: T ≥ 1 > δ) and Q = max{T^{1/3}/ε, T^{3/8}/ε^{3/4}} named again: "
                 "the row's form GD(Λ₄₄·entry + C₄₄)", given={Lt: LOG_44}),
        ),
    )


#: Table 1's reparametrisation (:func:`_table1_range`): T = s²⁴, d = k²⁴, ε = v⁴/s⁴ (v = (εT^{1/6})^{1/4}), with
#: slacks c, u, w ≥ 0; sampling ranges for them.
s1_, c1_, u1_ = sympy.Symbol("s", positive=True), sympy.Symbol("c", nonnegative=True), sympy.Symbol("u", nonnegative=True)
w1_ = sympy.Symbol("w", nonnegative=True)
_T1_SAMPLING = {s1_: ("1", "5"), c1_: ("0", "1"), u1_: ("0", "1"), w1_: ("0", "1")}


def _table1_range(row: str):
    """The row's range of ε (``TABLE1_RANGE``, lines 58–69) with T ≥ d⁹ ≥ 1, as an exact reparametrisation with integer
    powers only: T = s²⁴, d = k²⁴, ε = v⁴/s⁴. In v the range's ends are monomials in k and s; a two-sided range
    [lo, lo·k^j] is v = lo·(1 + w)^j with k = (1 + w)(1 + c), a one-sided one lo·(1 + w) or hi/(1 + w); where an end
    is k^i/s, T ≥ d⁹ (s ≥ k⁹) is used once: v ≤ k^i/s ≤ 1/(k^{9−i}(1 + u)), u ≥ 0 free (a set containing the range,
    so relations proved on it hold on the range). Returns (the substitution, conditions on the new symbols, the larger and the
    smaller term of Q = max{T^{1/3}/ε, T^{3/8}/ε^{3/4}} (s¹²/v⁴ and s¹²/v³) on the range, the substitution as text)."""
    a_, b_ = T ** Rational(1, 3) / epsilon, T ** Rational(3, 8) / epsilon ** Rational(3, 4)
    one_c = 1 + c1_
    box = one_c * (1 + w1_)
    table = {  # row: (k, v, text)
        "row1": (one_c, one_c**6 * (1 + w1_), "k = 1 + c, v = k⁶(1 + w)"),
        "row2": (box, box**4 * (1 + w1_) ** 2, "k = (1 + w)(1 + c), v = k⁴(1 + w)²"),
        "row3": (box, box**3 * (1 + w1_), "k = (1 + w)(1 + c), v = k³(1 + w)"),
        "row4": (box, (1 + w1_) ** 3, "k = (1 + w)(1 + c), v = (1 + w)³"),
        "row5": (one_c, 1 / (1 + w1_), "k = 1 + c, v = 1/(1 + w)"),
        "row6": (box, (1 + w1_) ** 3 / (box**3 * (1 + u1_)), "k = (1 + w)(1 + c), v = (1 + w)³/(k³(1 + u))"),
        "row7": (one_c, 1 / (one_c**3 * (1 + u1_) * (1 + w1_)), "k = 1 + c, v = 1/(k³(1 + u)(1 + w))"),
    }
    k, v, text = table[row]
    given = {T: s1_**24, d: k**24, epsilon: v**4 / s1_**4}
    conds = (sympy.Ge(s1_, 1),)
    larger, smaller = (b_, a_) if row in ("row1", "row2", "row3", "row4") else (a_, b_)
    return given, conds, larger, smaller, "T = s²⁴ (s ≥ 1), d = k²⁴, ε = v⁴/s⁴ with " + text


#: Names in Table 1's chains for the pieces of Theorem 4.4's λ and β (lines 247–249): λ = (G/D)M, β = λN/(10⁵G²L²)
#: with M = max{2√T, 1000√dL·T^{1/3}/ε, 1000√dL·T^{3/8}/ε^{3/4}}, N = min{ε²/T^{2/3}, ε^{3/2}/T^{3/4}},
#: L = log(T/δ) and Q = max{T^{1/3}/ε, T^{3/8}/ε^{3/4}}.
Lt, Qt = sympy.Symbol("L", positive=True), sympy.Symbol("Q", positive=True)
Mt, Nt = sympy.Symbol("M", positive=True), sympy.Symbol("N", positive=True)
#: what the max M and the min N of Theorem 4.4's λ, β give (:func:`_table1_parameter_steps`)
_T1_FACTS = (sympy.Le(2 * sqrt(T), Mt), sympy.Le(1000 * sqrt(d) * Lt * Qt, Mt),
             sympy.Le(Mt, 2 * sqrt(T) + 1000 * sqrt(d) * Lt * Qt), sympy.Le(Qt**-2, Nt))


def _table1_parameter_steps(lam_, beta_) -> tuple:
    """λ, β of Theorem 4.4 substituted through M, N, then the three terms bounded one at a time. The steps hold for
    every M, N with the facts a max and a min give — 2√T ≤ M ≤ 2√T + 1000√dLQ, M ≥ 1000√dLQ (M is the max of 2√T
    and 1000√dL times each term of Q), N ≥ Q⁻² (N = 1/Q², the min of the reciprocals of Q's squared terms) — so
    they hold at M, N of Theorem 4.4; :func:`table1_row` names L again as log(T/δ) after the range steps."""
    facts = (*_T1_FACTS, sympy.Le(1, T))
    reg = 10**5 * G * D * d * Lt**2 * log(T)
    first = G * D * (sqrt(T) + 500 * sqrt(d) * Lt * Qt)
    return (
        then("==", G * D * Mt / 2 + G * D * T / Mt + reg / (Mt * Nt) + G * D * C_44,
             "λ = LAM_44 = (G/D)M, β = BETA_44 = λN/(10⁵G²L²) (lines 247–249)",
             given={lam_: G * Mt / D, beta_: Mt * Nt / (10**5 * D * G * Lt**2)}),
        then("<=", first + G * D * T / Mt + reg / (Mt * Nt) + G * D * C_44,
             "λD²/2 = GDM/2 ≤ GD(√T + 500√dLQ): M ≤ 2√T + 1000√dLQ", conditions=facts),
        then("<=", first + G * D * sqrt(T) / 2 + reg / (Mt * Nt) + G * D * C_44, "G²T/λ = GDT/M ≤ GD√T/2: M ≥ 2√T",
             conditions=facts, monotone=Monotone(Mt, 2 * sqrt(T))),
        then("<=", first + G * D * sqrt(T) / 2 + reg * Qt**2 / Mt + G * D * C_44, "N ≥ Q⁻² (N = Q⁻²)",
             conditions=facts, monotone=Monotone(Nt, Qt**-2)),
        then("<=", first + G * D * sqrt(T) / 2 + 100 * G * D * sqrt(d) * Lt * log(T) * Qt + G * D * C_44,
             "d log T/β = 10⁵GDdL² log T·Q²/M ≤ 100GD√dL log T·Q: M ≥ 1000√dLQ (T ≥ d⁹ ≥ 1)", conditions=facts,
             monotone=Monotone(Mt, 1000 * sqrt(d) * Lt * Qt)),
    )


def table2_row(row: str, fix: bool) -> Derivation:
    """A Table 2 row (lines 71–79) from Theorem 4.5's printed bound (line 261) on the row's S range."""
    from certunlearn.claims.pomer.tables import TABLE2_RANGE, TABLE2_RANGE_FIX

    cid = f"pomer.table2:{row}" + ("+fix" if fix else "")
    bounds = (TABLE2_RANGE_FIX if fix else TABLE2_RANGE)[row]
    return Derivation(
        claim_id=cid, target="bound",
        title=f"Table 2, {row} of the column 'Theorem 4.5' from Theorem 4.5's bound (lines 71–79, 261)",
        start=REGRET_45,
        conditions=(sympy.Le(S, T), sympy.Ge(T, 3), sympy.Ge(T, d**3), sympy.Ge(d, 1)) + _range_conditions(S, bounds),
        domain={S: ("0.01", "1e12"), T: ("3", "1e12"), d: ("1", "100"), G: ("0.1", "10"), D: ("0.1", "10")},
        premises=(Premise(f"the row's range of S (line {71 + int(row[-1]) + 1}), T ≫ d read as T ≥ d³", "Table 2"),),
        where=((S, bounds[1] / (1 + w_)),) if fix or row in _ABOVE else (),
        steps=_table2_steps(row, bounds),
    )


#: S = S_max/(1 + w), w ≥ 0: the rows whose range of S is bounded above
w_ = sympy.Symbol("w", nonnegative=True)
#: Rows 4–5 of Table 2 (entry √dT/S, S ≤ d² or S ≤ d): written at S = S_max/(1 + w), the entry's term √2·√dT/S
#: dominates GD√(2T) once T ≥ d³ (the difference grows with T from T = d³).
_ABOVE = ("row4", "row5")


def _table2_steps(row: str, bounds: tuple) -> tuple:
    """Theorem 4.5's bound against a Table 2 entry: for the entry √T (rows 1–2), monotone in S from the range's lower
    end (row 1 then in d from d = 1: 16GD√T log T/√d ≤ 16GD√T log T); for √dT/S, term by term."""
    why = f"on the row's range √T ≤ entry and √dT/S ≤ entry = {TABLE2_ENTRY[row]}"
    if row in _ABOVE:
        return (step(REGRET_45, "<=", TABLE2_FORM[row], why + f"; S = {bounds[1]}/(1 + w), and T ≥ d³: the "
                     "difference grows with T from its value at T = d³", monotone=Monotone(T, d**3)),)
    if TABLE2_ENTRY[row] != sqrt(T):
        return (step(REGRET_45, "<=", TABLE2_FORM[row], why),)
    if row != "row1":
        return (step(REGRET_45, "<=", TABLE2_FORM[row], why, monotone=Monotone(S, bounds[0])),)
    return (step(REGRET_45, "<=", REGRET_45.subs(S, bounds[0]), "the bound decreases in S: S ≥ d√T",
                 monotone=Monotone(S, bounds[0])),
            then("<=", TABLE2_FORM[row], "16GD√T log T/√d ≤ 16GD√T log T for d ≥ 1", monotone=Monotone(d, 1)))


def lem46_budget(fix: bool) -> Derivation:
    """Lemma B.2, case B = 3p̃T (lines 533–551): the B = ∞ drift plus Pr[S_T ≥ B] ≤ e^{−p̃T} (coupling the budgeted
    run with the unbudgeted one, which agree unless the budget binds)."""
    e_tail = sympy.Symbol("e_tail", nonnegative=True)
    drift = sympy.Symbol("drift", nonnegative=True)
    premises = (Premise("‖q_t − q'_t‖_TV ≤ Pr[S_T ≥ 3p̃T] ≤ e^{−p̃T} (Lemma 4.2; the budgeted and unbudgeted runs "
                        "coincide until the budget binds, lines 541–547), written e_tail ≤ e^{−p̃T}; "
                        "‖q'_t − μ̄_t‖_TV ≤ 3δ(t − 1) (the B = ∞ case, line 549), written drift ≤ 3δ(t − 1)",
                        "Lemmas 4.2, B.2"),)
    if not fix:
        premises += (Premise("the B = ∞ case starts from q₁ = μ̄₁, which needs x₁ ∼ μ̄₁; Algorithm 1 draws x₁ "
                             "uniformly (line 169)", "Algorithm 1"),)
    return Derivation(
        start_reason=("the chain starts from e_tail + drift, the triangle inequality's two terms ‖q_t − q'_t‖_TV "
                      "(budgeted against unbudgeted run, at most Pr[S_T ≥ 3p̃T]) and ‖q'_t − μ̄_t‖_TV; the claim's "
                      "quantity (tv_drift_budget) is ‖q_t − μ̄_t‖_TV from the exact law of Algorithm 1 with its budget "
                      "state (algorithms.pomer.law), integrated over K on enclosures — a total variation of a mixture "
                      "with clipped keep ratios and a switch-count state, with no closed form in the chain's symbols "
                      "(δ, t, p, Φ, T) to check the start against"),
        claim_id="pomer.lem4.6:budget" + ("+fix" if fix else ""), target="bound",
        title="Lemma 4.6 / B.2, B = 3p̃T (lines 533–551)" + (" with x₁ ∼ μ̄₁" if fix else ""),
        start=e_tail + drift,
        conditions=(sympy.Le(e_tail, exp(-P_TILDE * T)), sympy.Le(drift, DRIFT_46)),
        domain={e_tail: ("0", "1"), drift: ("0", "10"), delta: ("0.0001", "0.5"), t_round: ("2", "50"),
                p: ("0", "1"), Phi: ("1", "10"), T: ("2", "50")},
        premises=premises,
        steps=(step(e_tail + drift, "<=", DRIFT_46_BUDGET, "triangle inequality (line 549)"),),
    )


def claim_c2_t0(part: str) -> Derivation:
    """Claim C.2 at t = t₀ (lines 641–651): the switch and keep ratios on E_{t₀}.

    r, r' ∈ [Φ⁻², 1] on E_{t₀} (line 621) are written r = 1 − κ(1 − Φ⁻²), r' = 1 − κ'(1 − Φ⁻²) with κ, κ' ∈ [0, 1]
    (an exact reparametrisation for Φ > 1), so that each printed inequality is a monotonicity in one variable from
    the end where it is an equality. The switch chain takes the paper's last two steps (lines 647–649) in the other
    order: log(1 + x) ≤ x at x = (1 − Φ⁻²)/p, then 1 − Φ⁻² ≤ 2 log Φ."""
    r1, r2 = sympy.Symbol("r", positive=True), sympy.Symbol("r'", positive=True)
    k1, k2 = sympy.Symbol("kappa", nonnegative=True), sympy.Symbol("kappa'", nonnegative=True)
    logphi = log(Phi)
    cond = (sympy.Ge(Phi, 1), sympy.Gt(p, 0), sympy.Le(p, 1), sympy.Le(k1, 1), sympy.Le(k2, 1))
    dom = {Phi: ("1.0001", "100"), p: ("0.001", "1"), k1: ("0", "1"), k2: ("0", "1")}
    where = ((r1, 1 - k1 * (1 - Phi**-2)), (r2, 1 - k2 * (1 - Phi**-2)))
    if part == "t0-switch":
        start = log((p + (1 - p) * (1 - r2)) / (p + (1 - p) * (1 - r1)))
        steps = (
            step(start, "<=", log((p + (1 - p) * (1 - r2)) / p), "1 − r ≥ 0 on E_{t₀} (line 643): the difference "
                 "grows with κ from 0 at κ = 0", monotone=Monotone(k1, 0)),
            then("<=", log(1 + (1 - r2) / p), "p + (1 − p)(1 − r') ≤ p + (1 − r'): the difference grows with κ' from 0",
                 monotone=Monotone(k2, 0)),
            then("<=", log(1 + (1 - Phi**-2) / p), "r' ≥ Φ⁻² on E_{t₀} (line 645), i.e. κ' ≤ 1: the difference grows "
                 "with Φ from 0 at Φ = 1", monotone=Monotone(Phi, 1)),
            then("<=", (1 - Phi**-2) / p, "log(1 + x) ≤ x (line 647) at x = (1 − Φ⁻²)/p", monotone=Monotone(Phi, 1)),
            then("<=", 2 * logphi / p, "1 − e^{−2 log Φ} ≤ 2 log Φ (line 647)", monotone=Monotone(Phi, 1)),
        )
        bound_note = "2 log Φ/p"
    else:
        start = log(r2) - log(r1)
        steps = (
            step(start, "<=", -log(r1), "r' ≤ 1 on E_{t₀} (line 651): −log r' grows with Φ from 0 at Φ = 1",
                 monotone=Monotone(Phi, 1)),
            then("<=", 2 * logphi, "r ≥ Φ⁻² on E_{t₀} (line 651): log 1 − log Φ⁻² = 2 log Φ",
                 monotone=Monotone(Phi, 1)),
        )
        bound_note = "2 log Φ"
    return Derivation(
        claim_id=f"pomer.claimC.2:{part}", target="bound",
        title=f"Claim C.2 at t = t₀: the {part[3:]} ratio is at most {bound_note} (lines 641–651)",
        start=start, conditions=cond, domain=dom, where=where,
        premises=(Premise("x ∈ E_{t₀}: r = μ̄_{t₀+1}(x)/(Φμ̄_{t₀}(x)) and r' (primed) lie in [Φ⁻², 1] (line 621), "
                          "written 1 − r = κ(1 − Φ⁻²), 1 − r' = κ'(1 − Φ⁻²), κ, κ' ∈ [0, 1]; "
                          "Pr(ζ = 1 | x) = p + (1 − p)(1 − r), Pr(ζ = 0 | x) = (1 − p)r; Φ > 1, 0 < p ≤ 1 "
                          "(the claim's hypotheses)", "Algorithm 1"),),
        steps=steps,
        start_reason="the chain starts from one direction of the log ratio at the point x of E_{t₀}; the claim's "
                     "quantity takes r, r' from the Gibbs densities of piecewise-linear losses on enclosures "
                     "(claims.pomer.claim_c), which have no run on symbols",
    )


def claim_c3(fix: bool) -> Derivation:
    """Claim C.3 (lines 715–725): three (Φ^{1/2}, ·)-closeness events under q_t, each failing with probability
    at most δ' + 3Tδ' + e^{−p̃T} (Lemma 3.5 at G, 2G, 3G ≤ G' and Lemma 4.6's drift), by a union bound."""
    dp = DELTA_PRIME_43
    f1, f2, f3 = (sympy.Symbol(f"f_{i}", nonnegative=True) for i in (1, 2, 3))
    one = dp + 3 * T * dp + exp(-P_TILDE * T)
    premises = [Premise("under q_t each of the three ratio events of lines 717–725 fails with probability f_i ≤ "
                        "δ' + 3Tδ' + e^{−p̃T} (Lemma 3.5 at Φ' and ‖μ̄_t − q_t‖_TV ≤ e^{−p̃T} + 3Tδ', Lemma 4.6); "
                        "on their intersection x ∈ E_t (Φ = Φ'²)", "Lemmas 3.5, 4.6")]
    if not fix:
        premises.append(Premise("the conditional law of x_t given Σ_{t−1} = Σ is taken to be q_t; given ζ_{t−1} = 0 it "
                                "is the point mass at x_{t−1}, so this premise fails for histories with x_{t−1} ∉ E_t",
                                "Claim C.3 (line 627)"))
    return Derivation(
        claim_id="pomer.claimC.3" + ("+fix" if fix else ""), target="bound",
        title="Claim C.3 (lines 715–725)" + (", unconditional" if fix else ", conditioned on Σ_{t−1}"),
        start=f1 + f2 + f3,
        conditions=(sympy.Le(f1, one), sympy.Le(f2, one), sympy.Le(f3, one)),
        domain={f1: ("0", "0.01"), f2: ("0", "0.01"), f3: ("0", "0.01"), delta: ("1e-6", "0.5"), T: ("9", "1000"),
                p: ("0", "1"), Phi: ("1", "10")},
        start_reason=("the chain starts from f₁ + f₂ + f₃, the failure probabilities of the union bound; the claim's "
                      "quantity is Pr(x_t ∉ E_t) (given the history, resp. under the marginal q_t of the exact law of"
                      " Algorithm 1), which the union bound only bounds; no closed form in the chain's symbols exists"
                      " to check the start against (a SymbolicStart would have to evaluate that law symbolically)"),
        premises=tuple(premises),
        steps=(step(f1 + f2 + f3, "<=", 3 * one, "union bound over the three events"),
               then("==", 3 * dp + 9 * T * dp + 3 * exp(-P_TILDE * T), "3δ' + 9Tδ' + 3e^{−p̃T} (line 627)")),
    )


def derivations() -> list[Derivation]:
    return [lem35(), lem42(), thm41(), post_ratio(), composition(), thm45_switches(), thm45(),
            _gaussian_lsi("pomer.def3.1", True, False), _gaussian_lsi("pomer.def3.1+fix", False, False),
            _gaussian_lsi("pomer.lem3.2", True, True), _gaussian_lsi("pomer.lem3.2+fix", False, True),
            lem33(), lem36(), lem42_tail(), lem46(False), lem46(True), lem46_drift(False), lem46_drift(True), thm41_budget(), footnote4(), thm43(),
            thm44("epsilon"), thm44("delta"), thm44_delta_fix(), thm44_regret(),
            *(table1_row(row, False) for row in TABLE1_FORM), *(table1_row(row, True) for row in TABLE1_FORM_FIX),
            *(table2_row(row, False) for row in TABLE2_FORM), table2_row("row3", True), lem46_budget(False), lem46_budget(True),
            claim_c2_t0("t0-switch"), claim_c2_t0("t0-keep"), claim_c3(False), claim_c3(True),
            lem23(), lem47(), lem48(), lemb4(), lemb4_lower(False), lemb4_lower(True)]
