"""Derivations of the Descent-to-Delete claims (``certunlearn.claims.d2d``), the paper's own chains as printed.

Paper file ``papers/002_7f80bf4846a5a6af.txt``. Each derivation writes the printed proof step by step; the
engine proves, samples or refutes each step and checks the link of the last right-hand side to the claim's
bound (or prescribed σ). Where a printed step fails, the step is kept as printed (and comes out refuted) and
the ``+fix`` claim's derivation repairs it.

Conventions: the proofs' side conditions are encoded as abbreviations with slack variables (``T := I +
log(Dmn/2L)/log(1/γ) + u`` with u ≥ 0 for "T ≥ …", ``n_i := n/2 + w`` for Assumption 2.6, a value in
[0, x] as ``x/(1 + s)``), so that the engine can prove the step for every admissible value.

Convention: ``derivations() -> list[Derivation]`` (see :mod:`certunlearn.derive`).
"""
from __future__ import annotations

import sympy
from sympy import Rational, log, sqrt

from certunlearn.claims.d2d import (
    CHERNOFF_A5, EPS_A3, N, deltap, p,
    ALPHA_31, ALPHA_31_FIX, ALPHA_32, ALPHA_32_FIX, CONTRACTION_213, G2_32, GAP, GAP_32, GAP_32_I, I_MIN_32,
    I_MIN_32_FIX, LG2, RHO_31, RHO_32, SENSITIVITY_212, SIGMA_31, SIGMA_32, SIGMA_32_FIX, D, I, L, M, T, beta, d,
    gamma, i, m, n,
)
from certunlearn.claims.symbols import Delta, delta, epsilon, sigma
from certunlearn.derive import Derivation, Monotone, Premise, step, then

# auxiliary symbols of the proofs
u = sympy.Symbol("u", positive=True)  # slack of an inequality on an iteration count
w = sympy.Symbol("w", positive=True)  # slack of Assumption 2.6, n_i = n/2 + w
s = sympy.Symbol("s", positive=True)  # a value in [0, x] written x/(1 + s)
c = sympy.Symbol("c", positive=True)  # a value in (−1, 1] written 2/(1 + c) − 1
k = sympy.Symbol("k", positive=True)  # M − m > 0
n_i = sympy.Symbol("n_i", positive=True)  # |D_i|
r = sympy.Symbol("r", positive=True)  # ‖θ*_D − θ*_{D'}‖
e = sympy.Symbol("e", positive=True)  # ‖θ̃_i − θ*_i‖
g = sympy.Symbol("g", real=True)  # ∇f(θ*)ᵀ(θ̃ − θ*)
x = sympy.Symbol("x", positive=True)  # Δ/σ
lam = sympy.Symbol("lambda", positive=True)  # an eigenvalue of ∇²h, in [m, M]
K = sympy.Symbol("K", positive=True)  # 4L/(mn) + σ√(2d)log(2d/β') (Appendix D)
a0 = sympy.Symbol("a_0", real=True)  # f_{D'}(θ*_D)
a1 = sympy.Symbol("a_1", real=True)  # f_{D'}(θ*_{D'})
b0 = sympy.Symbol("b_0", real=True)  # f_z(θ*_D)
b1 = sympy.Symbol("b_1", real=True)  # f_z(θ*_{D'})
Fd = sympy.Symbol("F", real=True)  # f_D(θ*_{D'}) − f_D(θ*_D)

GAMMA_DEF = (gamma, (M - m) / (M + m))
T_run = sympy.Symbol("T_run", real=True)  # the iteration count Algorithm 1 runs (≥ the prescribed T)
T_DEF = (T_run, I + log(D * m * n / (2 * L)) / log(1 / gamma) + u)
NI_DEF = (n_i, n / 2 + w)
SC_COND = (sympy.Lt(m, M),)
PGD_DOMAIN = {L: ("0.1", "100"), m: ("0.01", "10"), M: ("0.02", "100"), n: ("1", "1000"), D: ("0.1", "100"),
              I: ("1", "50"), epsilon: ("0.01", "20"), delta: ("1e-12", "0.5"), d: ("1", "20"),
              beta: ("1e-9", "0.9"), sigma: ("1e-6", "10")}


def chi2_tail(dim: sympy.Expr, radius2: sympy.Expr) -> sympy.Expr:
    """P[χ²_dim ≥ radius2] = Γ(dim/2, radius2/2)/Γ(dim/2) (regularised upper incomplete gamma)."""
    return sympy.uppergamma(dim / 2, radius2 / 2) / sympy.gamma(dim / 2)


# ----------------------------------------------------------------------------------------------------
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
    return Derivation(
        claim_id="d2d.thm2.13",
        target="bound",
        title="Contraction of projected gradient descent, η = 2/(m+M) (Theorem 2.13, [Che19])",
        start="‖θ_T − θ*‖/‖θ_0 − θ*‖",
        where=((M, m + k), (lam, lam_of), GAMMA_DEF),
        premises=(
            Premise("θ* = Proj_Θ(θ* − η∇h(θ*)) (first-order optimality over the convex Θ) and Proj_Θ is "
                    "1-Lipschitz, so ‖θ_{t+1} − θ*‖ ≤ ‖(θ_t − θ*) − η(∇h(θ_t) − ∇h(θ*))‖", "projection theorem"),
            Premise("∇h(θ_t) − ∇h(θ*) = H_t(θ_t − θ*) with H_t = ∫₀¹ ∇²h, whose eigenvalues λ lie in [m, M] "
                    "(m-strong convexity, M-smoothness; twice differentiable h), so the step map's factor is "
                    "max_λ |1 − ηλ|", "mean value theorem"),
        ),
        steps=(
            step(sympy.Abs(1 - eta * lam), "<=", (M - m) / (M + m),
                 "|1 − ηλ| ≤ (M − m)/(M + m) for λ ∈ [m, M] and η = 2/(m + M)"),
            step(gamma * gamma ** (T - 1), "==", gamma**T, "induction over the T steps: ratio_T ≤ γ·ratio_{T−1}"),
            then("==", CONTRACTION_213, "γ = (M − m)/(M + m)"),
        ),
    )


def thm31() -> Derivation:
    """Theorem 3.1, unlearning (proof lines 211–240): Eq. (2), the induction (3), Δ, and Lemma A.3."""
    rho31 = 4 * L / (m * n) * gamma**I / (1 - gamma**I)
    return Derivation(
        claim_id="d2d.thm3.1",
        target="sigma",
        title="Theorem 3.1: σ for (ε, δ)-unlearning with secret state (proof lines 211–240)",
        start=sigma,
        conditions=SC_COND,
        where=(GAMMA_DEF, T_DEF, NI_DEF, (Delta, 8 * L / (m * n) * gamma**I / (1 - gamma**I))),
        domain=PGD_DOMAIN,
        samples=20,
        premises=(
            Premise("f_publish(A(D_i)) ~ N(μ_i, σ²I) and f_publish(R_A(D_{i−1}, u_i, θ̂_{i−1})) ~ N(μ'_i, σ²I) "
                    "with μ_i = A(D_i), μ'_i = θ̂_i (deterministic descent)", "Algorithms 1–3"),
            Premise("Theorem 2.13: ‖θ_T − θ*‖ ≤ γ^T‖θ_0 − θ*‖; ‖θ'_0 − θ*_i‖ ≤ D", "Theorem 2.13 (d2d.thm2.13)"),
            Premise("Lemma 2.12: ‖θ*_i − θ*_{i+1}‖ ≤ 2L/(m n_i)", "Lemma 2.12 (d2d.lem2.12)"),
            Premise("Lemma A.3: N(μ, σ²I) and N(μ', σ²I) with ‖μ − μ'‖ ≤ Δ are (Δ²/(2σ²) + (Δ/σ)√(2log(1/δ)), δ)-"
                    "indistinguishable", "Bun & Steinke 2016 (d2d.lemA.3, gaussian.zcdp)"),
        ),
        steps=(
            step(gamma**T_run * D, "<=", 2 * L * gamma**I / (m * n),
                 "Eq. (2): γ^T ≤ γ^I·2L/(Dmn) since T ≥ I + log(Dmn/2L)/log(1/γ) (n the input size)"),
            step(2 * L * gamma**I / (m * n_i), "<=", 4 * L * gamma**I / (m * n), "Eq. (2): n_i ≥ n/2 (Assumption 2.6)"),
            step(4 * L * gamma**I / (m * n), "<=", rho31, "base case of (3): γ^I ≤ γ^I/(1 − γ^I)"),
            step(2 * L / (m * n_i), "<=", 4 * L / (m * n), "Lemma 2.12 on D_i, n_i ≥ n/2"),
            step(gamma**I * (rho31 + 4 * L / (m * n)), "==", rho31,
                 "induction step of (3): γ^I(ρ + 4L/(mn)) = ρ for ρ = (4L/(mn))γ^I/(1 − γ^I)"),
            step(4 * L * gamma**I / (m * n) + rho31, "<=", Delta, "‖μ_i − μ'_i‖ ≤ (2) + (3) ≤ Δ = (8L/(mn))γ^I/(1 − γ^I)"),
            step(Delta**2 / (2 * (Delta / (sqrt(2) * GAP)) ** 2) + sqrt(2) * GAP * sqrt(2 * log(1 / delta)), "==",
                 epsilon, "Lemma A.3 with σ = Δ/(√2(√(log(1/δ)+ε) − √log(1/δ))): the privacy loss bound equals ε"),
            step(sigma, "==", Delta / (sqrt(2) * GAP), "σ solves Δ²/(2σ²) + (Δ/σ)√(2log(1/δ)) = ε (step 7)",
                 given={sigma: Delta / (sqrt(2) * GAP)}),
            then("==", SIGMA_31, "Δ = (8L/(mn))γ^I/(1 − γ^I)"),
        ),
    )


def _accuracy(claim_id: str, rho: sympy.Expr, alpha: sympy.Expr, prob: sympy.Expr, fix: bool, title: str,
              extra_premises: tuple = ()) -> Derivation:
    e_def = (e, rho / (1 + s))
    if fix:
        first = (step(g + M * e**2 / 2, "<=", L * e + M * e**2 / 2,
                      "|∇f_D(θ*)ᵀ(θ̃ − θ*)| ≤ ‖∇f_D(θ*)‖‖θ̃ − θ*‖ ≤ L e (Cauchy–Schwarz; f_z L-Lipschitz)"),
                 then("<=", alpha, "on the event ‖θ̃ − θ*‖ < ρ: e ≤ ρ"))
        where = (GAMMA_DEF, e_def, (g, L * e * (2 / (1 + c) - 1)))
    else:
        first = (step(g + M * e**2 / 2, "<=", M * e**2 / 2,
                      "printed: “since f_z is M-smooth, f_D(θ̃) − f_D(θ*) ≤ (M/2)‖θ̃ − θ*‖²” — this drops "
                      "g = ∇f_D(θ*)ᵀ(θ̃ − θ*), which vanishes only when θ* is interior (∇f_D(θ*) = 0)"),
                 then("<=", alpha, "on the event ‖θ̃ − θ*‖ < ρ: e ≤ ρ"))
        where = (GAMMA_DEF, e_def)
    return Derivation(
        claim_id=claim_id,
        target="bound",
        title=title,
        start="Pr[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]",
        conditions=SC_COND,
        where=where,
        domain=PGD_DOMAIN if fix else {**PGD_DOMAIN, g: ("0.01", "10")},
        samples=20,
        premises=(
            Premise("M-smoothness: f_D(θ̃) ≤ f_D(θ*) + ∇f_D(θ*)ᵀ(θ̃ − θ*) + (M/2)‖θ̃ − θ*‖² = f_D(θ*) + g + (M/2)e²",
                    "Definition 2.11"),
            Premise("‖θ̃_i − θ*_i‖ ≤ ‖θ̂_i − θ*_i‖ + ‖Z_i‖ and the proof's bound on ‖θ̂_i − θ*_i‖, so "
                    "‖θ̃_i − θ*_i‖ ≥ ρ implies ‖Z_i‖ ≥ σ√(2d)log(2d/β)", "triangle inequality; Eqs. (2)–(3) / (11)–(13)"),
            *extra_premises,
        ),
        steps=(
            *first,
            step(chi2_tail(d, 2 * d * log(2 * d / beta) ** 2), "<=", prob,
                 "Lemma A.2: P[‖Z‖ ≥ σ√(2d)log(2d/β)] ≤ β (the failure event is contained in it)",
                 cited="Lemma A.2 (checked as d2d.lemA.2)"),
        ),
    )


def thm31_accuracy(fix: bool) -> Derivation:
    cid = "d2d.thm3.1:accuracy" + ("+fix" if fix else "")
    return _accuracy(cid, RHO_31, ALPHA_31_FIX if fix else ALPHA_31, beta, fix,
                     "Theorem 3.1, accuracy: the explicit bound behind the O(·) (proof lines 242–254)"
                     + (", corrected" if fix else ""))


def thm32(fix: bool) -> Derivation:
    """Appendix D (lines 557–599): Eq. (11), the induction (12), (13), Δ, Lemma A.3 at δ/2, Lemma A.1."""
    sig = SIGMA_32_FIX if fix else SIGMA_32
    imin = I_MIN_32_FIX if fix else I_MIN_32
    Ti = I + log(log(4 * d * i / delta)) / log(1 / gamma) + u
    rho0 = gamma**I / (1 - gamma**I) * (4 * L / (m * n) + sigma * sqrt(2 * d))
    x_of = (2 * gamma**I / (1 - gamma**I)) * (4 * L / (m * n) + sig * sqrt(2 * d)) / sig
    if fix:
        budget = (G2_32 / 2 + G2_32 / 2, "the corrected σ makes the first term G/2 and the corrected I makes "
                  "2√(2d)γ^I/(1 − γ^I) ≤ 2√(2d)γ^I/(1 − γ) ≤ G/2")
        x_bound = G2_32
    else:
        budget = (GAP_32 + 2 * GAP_32_I * (1 - gamma) / (1 - gamma**I),
                  "printed σ: the first term is √(2log(2/δ)+3ε) − √(2log(2/δ)+2ε); the printed I gives "
                  "√(2d)γ^I ≤ (1 − γ)(√(2log(2/δ)+ε) − √(2log(2/δ)))")
        x_bound = GAP_32 + 2 * GAP_32_I
    steps = [
        step(gamma**T_run * D, "<=", 2 * L * gamma**I / (m * n), "Eq. (11): T ≥ I + log(Dmn/2L)/log(1/γ)"),
        step(2 * L / (m * n_i), "<=", 4 * L / (m * n), "Lemma 2.12 on D_i with n_i ≥ n/2"),
        step(gamma**Ti * (gamma**I / (1 - gamma**I) * K + K), "==", gamma**Ti / (1 - gamma**I) * K,
             "induction step of (12), K = 4L/(mn) + σ√(2d)log(2d/β')"),
        step(gamma**Ti / (1 - gamma**I) * (4 * L / (m * n) + sigma * sqrt(2 * d) * log(4 * d * i / delta)), "<=",
             rho0, "(13): β' = δ/(2i) and γ^{T_i} ≤ γ^I/log(4di/δ)",
             conditions=(sympy.Ge(log(4 * d * i / delta), 1),)),
        step(rho0 + 4 * L * gamma**I / (m * n), "<=", 2 * rho0, "Δ := (13) + (11) ≤ 2γ^I/(1 − γ^I)(4L/(mn) + σ√(2d))"),
        step(x, "<=", budget[0], budget[1] + "; x = Δ/σ", conditions=(sympy.Ge(I, 1),)),
        then("<=", x_bound, "1 − γ ≤ 1 − γ^I for I ≥ 1" if not fix else "algebra", conditions=(sympy.Ge(I, 1),)),
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
        conditions=SC_COND,
        where=((I, sympy.Max(1, imin) + w), GAMMA_DEF, T_DEF, NI_DEF, (x, x_of / (1 + s))),
        domain={**PGD_DOMAIN, i: ("1", "100"), K: ("0.01", "100")},
        samples=20,
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
                     extra_premises=(Premise("with probability ≥ 1 − δ/2 over Z_0..Z_{i−1}, ‖θ̂_i − θ*_i‖ ≤ "
                                             "γ^I/(1 − γ^I)(4L/(mn) + σ√(2d)) (Eq. (13))", "Appendix D"),))


def _with_delta(d_: Derivation, extra: sympy.Expr, why: str) -> Derivation:
    """The accuracy chain of Theorem 3.2 ends with β + δ/2 ≤ β + δ."""
    steps = list(d_.steps)
    last = steps[-1]
    steps[-1] = step(last.lhs, "<=", beta + delta / 2, "Lemma A.2 (β) plus the failure of (13) (δ/2)",
                     cited="Lemma A.2 (checked as d2d.lemA.2)")
    steps.append(then("<=", beta + delta, why))
    return Derivation(d_.claim_id, d_.target, d_.title, tuple(steps), d_.start, d_.conditions, d_.where, d_.premises,
                      d_.domain, d_.samples, d_.note)


def lemA2() -> Derivation:
    t = sympy.Symbol("t", positive=True)
    return Derivation(
        claim_id="d2d.lemA.2",
        target="bound",
        title="Gaussian norm tail (Lemma A.2; the paper prints no proof: union bound over coordinates)",
        start="P[‖Z‖ ≥ σ√(2d)log(2d/β)]",
        conditions=(sympy.Le(beta, 2 * d / sympy.E),),
        where=((t, log(2 * d / beta)),),
        domain={d: ("1", "50"), beta: ("1e-12", "0.7")},
        note="The union-bound argument needs log(2d/β) ≥ 1 (β ≤ 2d/e); the claim itself is checked for all β > 0.",
        steps=(
            step(chi2_tail(d, 2 * d * t**2), "<=", d * sympy.erfc(t),
                 "‖Z‖ ≥ σ√(2d)t ⇒ some |Z_k| ≥ σ√2·t; P[|Z_k| ≥ σ√2·t] = erfc(t); union over d coordinates",
                 cited="union bound"),
            then("<=", d * sympy.exp(-t**2), "erfc(t) ≤ e^(−t²) for t ≥ 0 (Chernoff bound for a Gaussian)",
                 monotone=Monotone(t, sympy.oo)),
            then("<=", d * sympy.exp(-t), "t ≥ 1 (β ≤ 2d/e)", conditions=(sympy.Ge(t, 1),)),
            then("==", beta / 2, "d·e^(−log(2d/β)) = β/2"),
            then("<=", beta, "β/2 ≤ β"),
        ),
    )


def lemA3() -> Derivation:
    rho = sympy.Symbol("rho", positive=True)
    Lg = sympy.Symbol("L_delta", positive=True)
    bw = (sympy.erfc(-(Delta / (2 * sigma) - EPS_A3 * sigma / Delta) / sqrt(2)) / 2
          - sympy.exp(EPS_A3) * sympy.erfc((Delta / (2 * sigma) + EPS_A3 * sigma / Delta) / sqrt(2)) / 2)
    return Derivation(
        claim_id="d2d.lemA.3",
        target="bound",
        title="Gaussian mechanism (Lemma A.3, [BS16] Prop. 1.3)",
        start=bw,
        conditions=(sympy.Lt(delta, 1),),
        where=((rho, Delta**2 / (2 * sigma**2)), (Lg, log(1 / delta))),
        domain={Delta: ("0.001", "100"), sigma: ("0.001", "100"), delta: ("1e-30", "0.9")},
        premises=(Premise("The Gaussian mechanism is ρ-zCDP with ρ = Δ²/(2σ²), and ρ-zCDP implies "
                          "(ρ + 2√(ρ log(1/δ)), δ)-DP", "Bun & Steinke 2016, Props. 1.3, 1.6 (gaussian.zcdp)"),),
        steps=(
            step(EPS_A3, "==", rho + 2 * sqrt(rho * Lg), "ε = ρ + 2√(ρ log(1/δ)) with ρ = Δ²/(2σ²)"),
            step(bw, "<=", delta, "the true δ at that ε (Balle & Wang 2018, Thm 8) is at most δ",
                 cited="Bun & Steinke 2016, Prop. 1.3"),
        ),
    )


def lemA5() -> Derivation:
    mu = N * p
    return Derivation(
        claim_id="d2d.lemA.5",
        target="bound",
        title="Multiplicative Chernoff bound (Lemma A.5)",
        start="P[X ≥ (1 + δ')μ]",
        domain={N: ("1", "1000"), p: ("0.001", "1"), deltap: ("0.001", "50")},
        premises=(Premise("P[X ≥ (1 + δ')μ] ≤ (e^δ'/(1 + δ')^(1+δ'))^μ (Markov on e^(tX), t = log(1 + δ'))",
                          "Chernoff 1952; Mitzenmacher & Upfal Thm 4.4"),),
        steps=(
            step(sympy.exp(mu * (deltap - (1 + deltap) * log(1 + deltap))), "<=", CHERNOFF_A5,
                 "(1 + δ')log(1 + δ') − δ' ≥ δ'²/(2 + δ') for δ' ≥ 0 (log(1 + x) ≥ 2x/(2 + x))"),
        ),
    )


def derivations() -> list[Derivation]:
    return [lemA2(), lemA3(), lemA5(),
        lem212(), thm213(), thm31(), thm31_accuracy(False), thm31_accuracy(True), thm32(False), thm32(True),
        _with_delta(thm32_accuracy(False), delta, "δ/2 ≤ δ"), _with_delta(thm32_accuracy(True), delta, "δ/2 ≤ δ"),
    ]
