"""Shared by the parts of the d2d derivations: the proofs' auxiliary symbols, the side conditions and sampling
domains written once, the χ² tail, and the power lemma γ^{log Y/log(1/γ)} = 1/Y behind every iteration count."""
from __future__ import annotations

import sympy
from sympy import log, sqrt

from certunlearn.formulas.d2d import D, I, L, M, beta, d, gamma, m, n, xi
from certunlearn.formulas.symbols import delta, epsilon, sigma
from certunlearn.derive import Monotone, Step, step, then

# auxiliary symbols of the proofs
u = sympy.Symbol("u", positive=True)  # slack of an inequality on an iteration count
w = sympy.Symbol("w", positive=True)  # slack of Assumption 2.6, n_i = n/2 + w
s = sympy.Symbol("s", positive=True)  # a value in [0, x] written x/(1 + s)
c = sympy.Symbol("c", positive=True)  # a value in (−1, 1] written 2/(1 + c) − 1
k = sympy.Symbol("k", positive=True)  # M − m > 0
n_i = sympy.Symbol("n_i", positive=True)  # |D_i|
r = sympy.Symbol("r", positive=True)  # ‖θ*_D − θ*_{D'}‖
g = sympy.Symbol("g", real=True)  # ∇f(θ*)ᵀ(θ̃ − θ*)
lam = sympy.Symbol("lambda", positive=True)  # an eigenvalue of ∇²h, in [m, M]
K = sympy.Symbol("K", positive=True)  # 4L/(mn) + σ√(2d)log(2d/β') (Appendix D)
a0 = sympy.Symbol("a_0", real=True)  # f_{D'}(θ*_D)
a1 = sympy.Symbol("a_1", real=True)  # f_{D'}(θ*_{D'})
b0 = sympy.Symbol("b_0", real=True)  # f_z(θ*_D)
b1 = sympy.Symbol("b_1", real=True)  # f_z(θ*_{D'})
Fd = sympy.Symbol("F", real=True)  # f_D(θ*_{D'}) − f_D(θ*_D)

GAMMA_DEF = (gamma, (M - m) / (M + m))
NI_DEF = (n_i, n / 2 + w)
SC_COND = (sympy.Lt(m, M),)
PGD_DOMAIN = {L: ("0.1", "100"), m: ("0.01", "10"), M: ("0.02", "100"), n: ("1", "1000"), D: ("0.1", "100"),
              I: ("1", "50"), epsilon: ("0.01", "20"), delta: ("1e-12", "0.5"), d: ("1", "20"),
              beta: ("1e-9", "0.9"), sigma: ("1e-6", "10")}


def chi2_tail(dim: sympy.Expr, radius2: sympy.Expr) -> sympy.Expr:
    """P[χ²_dim ≥ radius2] = Γ(dim/2, radius2/2)/Γ(dim/2) (regularised upper incomplete gamma)."""
    return sympy.uppergamma(dim / 2, radius2 / 2) / sympy.gamma(dim / 2)


GFREE = sympy.Symbol("gamma_f", positive=True)  # any γ ∈ (0, 1): lemmas about powers of the contraction factor
YFREE = sympy.Symbol("Y", positive=True)
GPOW = sympy.Symbol("G", positive=True)  # a power γ^I ∈ (0, 1)
GAMMA_FREE_DOMAIN = {GFREE: ("0.01", "0.99"), YFREE: ("1", "1e6"), GPOW: ("0.001", "0.999")}


def power_lemma(why: str) -> Step:
    """γ^{log Y/log(1/γ)} = 1/Y: the iteration counts T = I + log(Y)/log(1/γ) of the theorems give γ^T = γ^I/Y."""
    return step(GFREE ** (log(YFREE) / log(1 / GFREE)), "==", 1 / YFREE, why)


def fact_e2_steps(first: sympy.Expr | None, x: sympy.Expr, var: sympy.Symbol, tp: sympy.Expr, why: str
                  ) -> tuple[Step, ...]:
    """Fact E.2's eq. (16) (lines 625–627), γ^{T'} ≤ (1/(xξT'))^{1/(2ξ)} for γ = 1/(1 + 2x), x = m/M > 0, T' ≥ 1, ξ ≥ 1,
    from ``first`` (γ^{T'} written (γ^{ξT'})^{1/ξ}; None continues the caller's chain) in pieces the engine proves: Fact E.1's Bernoulli step at ξT' ≥ 1,
    (1 + 2x)^{ξT'} ≥ 1 + 2xξT' (line 620), raised to the power 1/ξ — proved by monotonicity in ``var`` (log rhs − log
    lhs increases from 0 at x = 0); then line 623's 1 + y ≥ 2√y ≥ √y taken as 1 + 2y ≥ 1 (a smaller exponent
    1/(2ξ) ≤ 1/ξ), 1 + 2y ≥ 2y and 2y ≥ y for y = xξT'."""
    y = x * xi * tp
    bernoulli = ((1 + 2 * y) ** (-1 / xi), why + ": Fact E.1's Bernoulli step at ξT' ≥ 1, (1 + 2x)^{ξT'} ≥ 1 + 2xξT', "
                 "raised to the power 1/ξ")
    hint = {"conditions": (sympy.Ge(tp, 1), sympy.Ge(xi, 1)), "monotone": Monotone(var, 0)}
    return (
        step(first, "<=", *bernoulli, **hint) if first is not None else then("<=", *bernoulli, **hint),
        then("<=", (1 + 2 * y) ** (-1 / (2 * xi)), "1 + 2xξT' ≥ 1: the smaller exponent 1/(2ξ) ≤ 1/ξ"),
        then("<=", (2 * y) ** (-1 / (2 * xi)), "1 + 2xξT' ≥ 2xξT'"),
        then("<=", (1 / y) ** (1 / (2 * xi)), "2xξT' ≥ xξT' (with the two steps before: line 623's 1 + y ≥ 2√y ≥ √y)"),
    )


# The privacy theorems' start (issue 25, item 3): the claims' quantity is Balle & Wang's δ at ε between the two
# published Gaussians, N(μ_i, σ²I) vs N(μ'_i, σ²I), at the prescribed σ and the actual shift ‖μ_i − μ'_i‖ = κΔ,
# κ ≤ 1 by the proof's sensitivity Δ (d2d.thm3.1:shift). With σ = Δ/(√2·gap) the standardised shift is κ·√2·gap.
kappa = sympy.Symbol("kappa", positive=True)  # actual shift / Δ
kappa_slack = sympy.Symbol("w_kappa", nonnegative=True)  # κ = 1/(1 + w): every κ ∈ (0, 1]
KAPPA_DEF = (kappa, 1 / (1 + kappa_slack))
s0 = sympy.Symbol("s_0", positive=True)  # the standardised shift Δ/σ = √2·gap at κ = 1


def bw_steps(sigma_expr: sympy.Expr, shift_expr: sympy.Expr, lg: sympy.Expr, target: sympy.Expr,
             why_shift: str, s0_value: sympy.Expr) -> tuple[Step, ...]:
    """The final chain of a Gaussian mechanism's σ = Δ/(√2(√(lg + ε) − √lg)) (Lemma A.3, lines 478–482): from
    Balle & Wang's δ at (σ, κΔ) — the claims' quantity — to ``target`` (δ at lg = log(1/δ)). The caller declares the
    abbreviation ``KAPPA_DEF``; the standardised shift s₀ = ``s0_value`` = √2(√(lg + ε) − √lg) is given where the chain
    uses its value (the steps between hold for every s₀ > 0)."""
    from certunlearn.formulas.gaussian import gaussian_delta, normal_cdf, normal_tail

    def prof(s_: sympy.Expr) -> sympy.Expr:  # Balle & Wang's δ(ε) at the standardised shift s
        return normal_cdf(s_ / 2 - epsilon / s_) - sympy.exp(epsilon) * normal_cdf(-s_ / 2 - epsilon / s_)

    return (
        step(gaussian_delta(epsilon, sigma_expr, kappa * shift_expr), "==", prof(kappa * s0),
             "Balle & Wang's δ depends on the standardised shift κΔ/σ = κ√2·gap only (σ = Δ/(√2·gap))",
             given=((s0, s0_value),)),
        then("<=", prof(s0), "δ(ε) increases with the shift (Balle & Wang 2018, Lemma 5): " + why_shift,
             monotone=Monotone(kappa_slack, 0)),
        then("<=", normal_tail(epsilon / s0 - s0 / 2),
             "δ(ε) = E[(1 − e^(ε−ℓ))₊] ≤ P[ℓ > ε], ℓ ~ N(s²/2, s²): drop the e^ε Φ(·) ≥ 0 term"),
        then("==", normal_tail(sqrt(2 * lg)),
             "ε/s₀ − s₀/2 = √(2 log(1/δ)) for s₀ = √2·gap: (ε − s₀²/2)/s₀ = 2√log(1/δ)·gap/(√2·gap)",
             given=((s0, s0_value),)),
        then("<=", target, "Q(√(2 log(1/δ))) ≤ δ (the Gaussian tail, Q(y) ≤ e^(−y²/2); Lemma A.3's last step, "
             "d2d.lemA.3)", box={delta: ("1e-300", "0.99")}),
    )


# The accuracy theorems' start (issue 25, item 3): the claims' quantity on the isotropic quadratic whose run sits at
# its interior optimum (proofs.d2d.starts.isotropic_accuracy_run) is the central χ² tail at τ = 2α/(aσ²), a ≤ M.
ell = sympy.Symbol("ell", positive=True)  # log(2d/β) > 0 (β ≤ 1 ≤ d)
w_a = sympy.Symbol("w_a", nonnegative=True)  # the curvature a = M/(1 + w_a): every a ∈ (0, M]
res_a = sympy.Symbol("R_a", positive=True)  # the radius's optimisation part ρ − σ√(2d)log(2d/β)
rho_a = sympy.Symbol("rho_a", positive=True)  # the radius ρ = R + σ√(2d)ℓ


def accuracy_tail(alpha_r: sympy.Expr, rf: sympy.Symbol, rho_expr: sympy.Expr, prob: sympy.Expr, lemma: object,
                  eta_: sympy.Expr, reg: sympy.Expr = sympy.S.Zero) -> dict:
    """The final chain of an accuracy theorem (α = ``alpha_r`` at the radius ρ = ``rho_expr`` = R + σ√(2d)log(2d/β))
    from the claim's quantity on the isotropic quadratic at its interior optimum, P[χ²_d ≥ 2α/(aσ²)] with
    a = M/(1 + w_a) ≤ M, to Lemma A.2's tail P[χ²_d ≥ 2d log²(2d/β)] ≤ ``prob``. The first step names the radius ρ
    (the abbreviation's own value, given); the χ² tail decreases in its threshold, so each later step drops a
    nonnegative part of the threshold (a ≤ M; each term of α beyond (M/2)ρ²; R ≥ 0 once ρ = R + σ√(2d)ℓ is written
    out), proved by monotonicity. Returns the Derivation's ``steps`` (the final chain), ``where`` and
    ``symbolic_start``."""
    from certunlearn.derive import SymbolicStart

    from .starts import isotropic_accuracy_run

    lg = log(2 * d / beta)
    alpha_q = alpha_r.subs(rf, rho_expr)
    alpha_a = alpha_r.subs(rf, rho_a)
    core = M / 2 * rho_a**2
    steps = [step(chi2_tail(d, 2 * alpha_q * (1 + w_a) / (M * sigma**2)), "==",
                  chi2_tail(d, 2 * alpha_a * (1 + w_a) / (M * sigma**2)), "the proof's radius ρ named",
                  given=((rho_a, rho_expr),)),
             then("<=", chi2_tail(d, 2 * alpha_a / (M * sigma**2)),
                  "the curvature a = M/(1 + w_a) ≤ M (M-smooth f): the threshold 2α/(aσ²) ≥ 2α/(Mσ²), and the χ² tail "
                  "decreases in its threshold", monotone=Monotone(w_a, 0))]
    rest = sympy.expand(alpha_a)
    for term in sympy.Add.make_args(sympy.expand(alpha_a - core)):
        var = L if L in term.free_symbols else D
        rest = sympy.expand(rest - term)
        steps.append(then("<=", chi2_tail(d, 2 * rest / (M * sigma**2)),
                          f"drop the nonnegative term {sympy.sstr(term)} of α: a smaller threshold, a larger tail",
                          monotone=Monotone(var, 0)))
    if sympy.expand(rest - core) != 0:
        raise ValueError(f"α = {alpha_r} is not (M/2)ρ² plus nonnegative terms")
    steps += [
        then("==", chi2_tail(d, (res_a + sigma * sqrt(2 * d) * ell) ** 2 / sigma**2),
             "ρ = R + σ√(2d)ℓ: its optimisation part R and ℓ = log(2d/β)"),
        then("<=", chi2_tail(d, 2 * d * ell**2), "R ≥ 0 (the optimisation error's bound): the threshold "
             "ρ²/σ² = (R + σ√(2d)ℓ)²/σ² ≥ 2dℓ²", monotone=Monotone(res_a, 0)),
        then("<=", prob, "Lemma A.2: P[‖Z‖ ≥ σ√(2d)log(2d/β)] ≤ β", lemma=lemma, integers=(d,)),
    ]
    a_run = M / (1 + w_a)
    run = SymbolicStart(
        lambda: isotropic_accuracy_run(a_run, alpha_q, sigma, d, eta_, reg),
        "claims.d2d.common.accuracy_probability (excess_probability's noncentral χ² tail "
        "ncx2_sf(d, ‖θ̂ − x̄‖²/σ², (‖θ* − x̄‖² + 2α/a)/σ²)) on the isotropic quadratic (a/2)‖θ − x̄‖², a = M/(1 + w_a) "
        "— every curvature a ∈ (0, M] — with x̄ inside Θ" + (" (x̄ = 0, the regulariser's centre)" if reg != 0 else "")
        + " and the run started at x̄ (proofs.d2d.starts.isotropic_accuracy_run: one GD step fixes x̄, so the tail "
          "is central)")
    where = ((ell, lg), (res_a, rho_expr - sigma * sqrt(2 * d) * lg), (rho_a, res_a + sigma * sqrt(2 * d) * ell))
    return {"steps": tuple(steps), "where": where, "conditions": (), "symbolic_start": run}
