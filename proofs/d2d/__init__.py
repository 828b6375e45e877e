"""Derivations of the Descent-to-Delete claims (``certunlearn.claims.d2d``), the paper's own chains as printed.

The printed expressions come from ``certunlearn.formulas.d2d`` (the claims' bounds are the same sympy objects).

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

from collections.abc import Callable

import sympy
from sympy import Rational, log, sqrt

from certunlearn.formulas.d2d import (
    BW_A3, CHERNOFF_A5, EPS_A3, N, deltap, p,
    ALPHA_31, ALPHA_31_FIX, ALPHA_32, ALPHA_32_FIX, CONTRACTION_213, G2_32, GAP, GAP_32, GAP_32_I, I_MIN_32,
    I_MIN_32_FIX, LG2, RHO_31, RHO_32, SENSITIVITY_212, SIGMA_31, SIGMA_32, SIGMA_32_FIX, D, I, L, M, T, beta, d,
    gamma, i, m, n,
    A45, ACC_45, ACC_45_FIX, ALPHA_45, ALPHA_45_FIX, RHO_45, RHO_45_FIX, ALPHA_34, ALPHA_34_FIX, ALPHA_35, ALPHA_35_FIX, B, E1_45,
    ENTRY_ACC_RATIO, ENTRY_ACC_RATIO_FIX, ENTRY_ITER_RATIO, ENTRY_ITER_RATIO_FIX, EPS_VIEW, ETA_REG, GAMMA_REG,
    GAMMA_SC, I2, LP, RHO_34, RHO_35, RHO_36, ALPHA_36, ALPHA_36_FIX, SIGMA_34, SIGMA_35, SIGMA_35_FIX, SIGMA_36, SIGMA_36_FIX,
    ACC_ROW, BASELINE_GROWTH, BASELINE_GROWTH_FIX, n2, REM46_RATIO, SHIFT_31, SHIFT_31_SHARP, SIGMA_45, T_45, T_I_45, T_REG, V, VIEW_SHIFT, epsilon_view, i2, xi, zcdp_gap,
)
from certunlearn.formulas.symbols import Delta, delta, epsilon, sigma
from certunlearn.derive import Derivation, Monotone, Premise, Step, step, then

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


GFREE = sympy.Symbol("gamma_f", positive=True)  # any γ ∈ (0, 1): lemmas about powers of the contraction factor
YFREE = sympy.Symbol("Y", positive=True)
GPOW = sympy.Symbol("G", positive=True)  # a power γ^I ∈ (0, 1)
GAMMA_FREE_DOMAIN = {GFREE: ("0.01", "0.99"), YFREE: ("1", "1e6"), GPOW: ("0.001", "0.999")}


def _power_lemma(why: str) -> Step:
    """γ^{log Y/log(1/γ)} = 1/Y: the iteration counts T = I + log(Y)/log(1/γ) of the theorems give γ^T = γ^I/Y."""
    return step(GFREE ** (log(YFREE) / log(1 / GFREE)), "==", 1 / YFREE, why)


def thm31() -> Derivation:
    """Theorem 3.1, unlearning (proof lines 211–240): Eq. (2), the induction (3), Δ, and Lemma A.3. Facts about
    G = γ^I are stated for any G ∈ (0, 1)."""
    rho31 = 4 * L / (m * n) * GPOW / (1 - GPOW)
    delta31 = 8 * L / (m * n) * GAMMA_SC**I / (1 - GAMMA_SC**I)
    return Derivation(
        claim_id="d2d.thm3.1",
        target="sigma",
        title="Theorem 3.1: σ for (ε, δ)-unlearning with secret state (proof lines 211–240)",
        start=sigma,
        conditions=SC_COND,
        where=(NI_DEF,),
        domain={**PGD_DOMAIN, **GAMMA_FREE_DOMAIN},
        samples=12,
        premises=(
            Premise("f_publish(A(D_i)) ~ N(μ_i, σ²I) and f_publish(R_A(D_{i−1}, u_i, θ̂_{i−1})) ~ N(μ'_i, σ²I) "
                    "with μ_i = A(D_i), μ'_i = θ̂_i (deterministic descent)", "Algorithms 1–3"),
            Premise("Theorem 2.13: ‖θ_T − θ*‖ ≤ γ^T‖θ_0 − θ*‖; ‖θ'_0 − θ*_i‖ ≤ D", "Theorem 2.13 (d2d.thm2.13)"),
            Premise("Lemma 2.12: ‖θ*_i − θ*_{i+1}‖ ≤ 2L/(m n_i)", "Lemma 2.12 (d2d.lem2.12)"),
            Premise("Lemma A.3: N(μ, σ²I) and N(μ', σ²I) with ‖μ − μ'‖ ≤ Δ are (Δ²/(2σ²) + (Δ/σ)√(2log(1/δ)), δ)-"
                    "indistinguishable", "Bun & Steinke 2016 (d2d.lemA.3, gaussian.zcdp)"),
        ),
        steps=(
            _power_lemma("Eq. (2): T ≥ I + log(Y)/log(1/γ), Y = Dmn_i/(2L), so γ^T D ≤ γ^I D/Y = 2Lγ^I/(mn_i)"),
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
        ),
    )


def lemA4() -> Derivation:
    """Lemma A.4 (lines 484–490): Markov, independence, and N ≥ log(1/δ)/log 2 (written N = log(1/δ)/log 2 + u)."""
    Nn = sympy.Symbol("N_draws", positive=True)
    return Derivation(
        claim_id="d2d.lemA.4",
        target="bound",
        title="Best of N draws (Lemma A.4)",
        start="P[min_j X_j ≥ 2μ]",
        where=((Nn, log(1 / delta) / log(2) + u),),
        domain={delta: ("1e-12", "0.9"), u: ("0", "20")},
        premises=(Premise("Markov: P[X_j ≥ 2μ] ≤ μ/(2μ) = 1/2; the X_j are independent, so "
                          "P[min_j X_j ≥ 2μ] = Π_j P[X_j ≥ 2μ] ≤ (1/2)^N", "Markov's inequality"),),
        steps=(
            step(Rational(1, 2) ** Nn, "<=", Rational(1, 2) ** (log(1 / delta) / log(2)), "N ≥ log(1/δ)/log 2"),
            step(Rational(1, 2) ** (log(1 / delta) / log(2)), "==", delta, "(1/2)^(log(1/δ)/log 2) = δ"),
        ),
    )


def factF3() -> list[Derivation]:
    """Fact F.3 (line 709): B = n^ξ ≥ n for ξ ≥ 1, n ≥ 1; Kn² = n^(2+ξ/2) ≥ n^(2ξ) = B² for ξ ≤ 4/3."""
    from certunlearn.claims.d2d.boosting import B2_OVER_KN2, N_OVER_B

    out = []
    for cid, expr, why in (("d2d.factF.3:b-ge-n", N_OVER_B, "n/B = n^(1−ξ) ≤ 1 for n ≥ 1, ξ ≥ 1"),
                           ("d2d.factF.3:kn2-ge-b2", B2_OVER_KN2, "B²/(Kn²) = n^((3ξ−4)/2) ≤ 1 for n ≥ 1, ξ ≤ 4/3")):
        out.append(Derivation(
            claim_id=cid,
            target="bound",
            title=f"Fact F.3: {why}",
            start=expr,
            conditions=(sympy.Ge(n, 1), sympy.Ge(xi, 1), sympy.Le(xi, Rational(4, 3))),
            domain={n: ("1", "1e6"), xi: ("1", "1.3333333")},
            steps=(step(expr, "<=", sympy.Integer(1), why),),
        ))
    return out


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
        conditions=SC_COND,
        where=(NI_DEF,),
        domain={**PGD_DOMAIN, **GAMMA_FREE_DOMAIN},
        samples=12,
        premises=(
            Premise("Theorem 2.13: ‖θ_T − θ*‖ ≤ γ^T‖θ_0 − θ*‖; ‖θ'_0 − θ*_i‖ ≤ D", "Theorem 2.13 (d2d.thm2.13)"),
            Premise("Lemma 2.12: ‖θ*_i − θ*_{i+1}‖ ≤ 2L/(m n_i)", "Lemma 2.12 (d2d.lem2.12)"),
        ),
        steps=(
            _power_lemma("Eq. (2): T ≥ I + log(Y)/log(1/γ), Y = Dmn_i/(2L), so γ^T D ≤ γ^I D/Y = 2Lγ^I/(mn_i)"),
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
        conditions=SC_COND,
        where=(NI_DEF,),
        domain={**PGD_DOMAIN, **GAMMA_FREE_DOMAIN},
        samples=12,
        premises=(
            Premise("Theorem 2.13: ‖θ_T − θ*‖ ≤ γ^T‖θ_0 − θ*‖; ‖θ'_0 − θ*_i‖ ≤ D", "Theorem 2.13 (d2d.thm2.13)"),
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
            _power_lemma("retraining: T(n_i) ≥ I + log(Dmn_i/(2L))/log(1/γ), so γ^{T(n_i)}D ≤ 2Lγ^I/(m n_i)"),
            step(2 * L * GPOW / (m * n_i), "<=", 4 * L * GPOW / (m * n), "n_i ≥ n/2 (Assumption 2.6)"),
            step(SHIFT_31_SHARP, "<=", Rational(3, 4) * SHIFT_31, "Δ(3 − 2γ^I)/4 ≤ 3Δ/4: below the proof's Δ"),
            step(2 * L * G / (m * n) / (1 - G) + 4 * L * G / (m * n), "==", SHIFT_31_SHARP,
                 "‖μ'_i − μ_i‖ ≤ e_i + ‖μ_i − θ*_i‖ ≤ lag + retraining's residual"),
        ),
    )


def _accuracy(claim_id: str, rho: sympy.Expr, alpha: sympy.Expr, prob: sympy.Expr, fix: bool, title: str,
              extra_premises: tuple = ()) -> Derivation:
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
    return Derivation(
        claim_id=claim_id,
        target="bound",
        title=title,
        start="Pr[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]",
        conditions=SC_COND,
        domain={**dom, rf: ("0.001", "100")},
        samples=12,
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
                 conditions=(sympy.Le(GFREE, 1), sympy.Ge(I, 1))),
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
                 "for I ≥ 1", conditions=(sympy.Le(GFREE, 1), sympy.Ge(I, 1))),
        ]
        x_bound = GAP_32 + 2 * GAP_32_I
    steps = [
        _power_lemma("Eq. (11): T ≥ I + log(Dmn/2L)/log(1/γ) gives γ^T D ≤ 2Lγ^I/(mn); (13): T_i = I + "
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
    bw = BW_A3
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


# ---------------------------------------------------------------------------------------------------- Section 3.2
tr = sympy.Symbol("t_r", positive=True)  # ‖θ*r‖ (Θ ∋ 0: ≤ D)
ts = sympy.Symbol("t_s", positive=True)  # ‖θ*‖
gq = sympy.Symbol("q", positive=True)  # f(θ*r) − f(θ*) ≥ 0
ip = sympy.Symbol("p_i", real=True)  # mθ*rᵀ(θ*r − θ̃)
gg = sympy.Symbol("g_r", real=True)  # ∇g(θ*r)ᵀ(θ̃ − θ*r), 0 only for an interior θ*r
Tp = sympy.Symbol("T'", positive=True)  # an iteration count T' ≥ 1 (Facts E.1, E.2)
REG_DOMAIN = {**PGD_DOMAIN, i: ("1", "100"), Tp: ("1", "1000"), xi: ("1", "3")}
T_REG_RUN = (T_run, T_REG + u)


def claim33() -> list[Derivation]:
    """Claim 3.3 (line 277; the paper prints no proof): the triangle inequality on ∇g_z = ∇f_z + mθ and on ∇²g_z = ∇²f_z
    + mI, with ‖θ‖ = ‖θ − 0‖ ≤ D because 0 ∈ Θ (line 273)."""
    gf = sympy.Symbol("g_f", positive=True)  # ‖∇f_z(θ)‖
    th = sympy.Symbol("theta_n", positive=True)  # ‖θ‖
    hf = sympy.Symbol("h_f", positive=True)  # λ_max(∇²f_z)
    lm = sympy.Symbol("lambda_min", positive=True)  # λ_min(∇²f_z) ≥ 0 (convexity)
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
            steps=(step(hf + m, "<=", M + m, "f_z is M-smooth: ‖∇²f_z‖ ≤ M"),),
        ),
        Derivation(
            claim_id="d2d.claim3.3:strong-convexity", target="bound",
            title="Claim 3.3: the strong convexity of the regularised loss", start="m/λ_min(∇²g_z)",
            domain={**dom, lm: ("0.001", "100")}, samples=12,
            premises=(Premise("λ_min(∇²g_z) = λ_min(∇²f_z) + m; a C² function is μ-strongly convex iff λ_min ≥ μ",
                              "Definition 2.9"),),
            steps=(step(m / (lm + m), "<=", 1, "f_z convex: λ_min(∇²f_z) ≥ 0"),),
        ),
    ]


def thm34() -> Derivation:
    """Theorem 3.4, unlearning (line 292: “follows from Theorem 3.1 by the choice of σ”): Theorem 3.1 applied to g,
    which is m-strongly convex, (L + mD)-Lipschitz and (M + m)-smooth by Claim 3.3."""
    sigma31_g = SIGMA_31.subs({L: LP, M: M + m}, simultaneous=True)
    return Derivation(
        claim_id="d2d.thm3.4", target="sigma", title="Theorem 3.4: σ for unlearning on the regularised loss (line 292)",
        start=sigma, domain=PGD_DOMAIN, samples=12,
        premises=(Premise("Theorem 3.1 for the loss g_z: m-strongly convex, (L + mD)-Lipschitz, (M + m)-smooth",
                          "d2d.thm3.1, d2d.claim3.3"),),
        steps=(
            step(((M + m) - m) / ((M + m) + m), "==", GAMMA_REG, "Theorem 3.1's γ for g: (M_g − m)/(M_g + m), M_g = M + m"),
            step(2 / ((M + m) + m), "==", ETA_REG, "Theorem 3.1's η for g: 2/(M_g + m)"),
            step(log(D * m * n / (2 * LP)), "<=", log(D * m * n / (2 * L)),
                 "the printed T uses L ≤ L + mD: it is at least Theorem 3.1's T for g"),
            step(sigma, "==", sigma31_g, "Theorem 3.1's σ for g (its L is L + mD)", given={sigma: sigma31_g}),
            then("==", SIGMA_34, "algebra"),
        ),
    )


def reg_accuracy(claim_id: str, fix: bool) -> Derivation:
    """Theorems 3.4/3.5, accuracy: the chain of lines 293–300 (as printed, steps (1)–(5)), or its Cauchy–Schwarz fix,
    then Lemma A.2 for ‖θ̃ − θ*r‖ < ρ. Quantities bounded by others are written as values in their ranges
    (e = ρ/(1 + s) ≤ ρ, ‖θ*‖ = D/(1 + k) ≤ D, a cosine 2/(1 + c) − 1 ∈ (−1, 1])."""
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
    return Derivation(
        claim_id=claim_id, target="bound",
        title=("Remark 3.6" if rem36_ else "Theorem 3.5" if thm35_ else "Theorem 3.4") + ", accuracy: the explicit bound behind the O(·)"
              + (" (corrected)" if fix else " (lines 293–300)"),
        start="Pr[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]", domain={**dom, rf: ("0.001", "100")}, samples=12,
        premises=(Premise("(1) M-smoothness of f: f(θ̃) ≤ f(θ*r) + ∇f(θ*r)ᵀ(θ̃ − θ*r) + (M/2)‖θ̃ − θ*r‖²", "Definition 2.11"),
                  Premise("‖θ̃_i − θ*r_i‖ < ρ except with probability β: ‖θ̂_i − θ*r_i‖ is bounded by Theorem 3.1's proof for g "
                          + ("(eq. (19))" if thm35_ else "(eq. (6))") + " and ‖Z_i‖ by Lemma A.2", "Lemma A.2")),
        note="Printed: steps (2) and (3) are refuted (boundary optimum; θ̃ outside Θ)." if not fix else
             "The corrected chain needs neither ∇g(θ*r) = 0 nor θ̃ ∈ Θ.",
        steps=(*first,
               step(alpha_r.subs(rf, rho_expr), "==", alpha, "α at ρ = " + ("4L'(M/(mI))^{1/(2ξ)}/(mn)" if rem36_ else "4L'√M/(m√(mI)n)" if thm35_ else
                                                                             "4L'γ^I/(mn(1−γ^I))") + " + σ√(2d)log(2d/β)"),
               step(chi2_tail(d, 2 * d * log(2 * d / beta) ** 2), "<=", beta,
                    "Lemma A.2: P[‖Z‖ ≥ σ√(2d)log(2d/β)] ≤ β (the failure event is contained in it)",
                    cited="Lemma A.2 (checked as d2d.lemA.2)")),
    )


def _unlearning_sigma(claim_id: str, title: str, fact: tuple, shift: sympy.Expr, target: sympy.Expr, printed: bool,
                      extra: tuple = ()) -> Derivation:
    """Appendix E (lines 614–683): Facts E.1/E.2, eqs. (17)–(19), Δ and Lemma A.3, for T_i = i^{2ξ}·I. The facts
    about γ = M/(M + 2m) are stated with x = m/M."""
    return Derivation(
        claim_id=claim_id, target="sigma", title=title, start=sigma,
        where=(NI_DEF,), domain={**REG_DOMAIN, XR: ("0.001", "100")}, samples=12,
        premises=(Premise("Theorem 2.13 for g (γ = M/(M + 2m) = 1/(1 + 2x), x = m/M), Lemma 2.12 for g (Lipschitz "
                          "L' = L + mD, Claim 3.3)", "d2d.thm2.13, d2d.lem2.12, d2d.claim3.3"),
                  Premise("Lemma A.3 (Gaussian mechanism)", "Bun & Steinke 2016 (d2d.lemA.3)")),
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
             "(Bernoulli, T' ≥ 1)"),
        then("<=", sqrt(1 / (XR * Tp)), "Fact E.1: 1 + y ≥ 2√y ≥ √y, y = 2xT'"),
    )
    extra = (
        *_induction(lambda j: f"{j}²I"),
        step(4 * LP / (m * n) * i * sqrt(M / (m * i**2 * I)), "==", shift,
             "(19): Fact E.1 at T' = i²I bounds (4L'/(mn))·i·γ^{i²I} by this; the factor i cancels"),
    )
    return _unlearning_sigma("d2d.thm3.5" + ("+fix" if fix else ""),
                             "Theorem 3.5: σ for weak unlearning (Appendix E)" + (", corrected" if fix else ", as printed"),
                             fact, shift, SIGMA_35_FIX if fix else SIGMA_35, not fix, extra)


def rem36(fix: bool) -> Derivation:
    shift = 4 * LP / (m * n) * (M / (m * I)) ** (1 / (2 * xi))
    fact = (
        step(((1 + 2 * XR) ** (-xi * Tp)) ** (1 / xi), "<=", (1 / (XR * xi * Tp)) ** (1 / (2 * xi)),
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
                             fact, shift, SIGMA_36_FIX if fix else SIGMA_36, not fix, extra)


# ---------------------------------------------------------------------------------------------------- Section 4
npv = sympy.Symbol("n_prev", positive=True)  # n_{i−1} = |D_{i−1}|
cc = sympy.Symbol("c", positive=True)  # copies of the updated point z in D_{i−1}
kv = sympy.Symbol("k_v", positive=True)  # copies of another value v
na = sympy.Symbol("n_a", positive=True)  # n_i after an addition (n_{i−1} = n_a − 1)
LEM42_DOMAIN = {kv: ("1", "50"), cc: ("1", "50"), w: ("0.001", "50"), B: ("1", "100"), na: ("2", "100")}


def _lem42_steps(fix: bool) -> tuple:
    if fix:
        dele = (
            step(kv / npv + (cc / npv) * (1 / cc) * (kv / n_i), "==", kv / n_i,
                 "deletion, v ≠ z: the slot keeps v, or held the deleted copy (probability 1/n_{i−1}) and is redrawn "
                 "from P(D_i)"),
            step((cc / npv) * ((cc - 1) / cc) + (1 / npv) * ((cc - 1) / n_i), "==", (cc - 1) / n_i,
                 "deletion, the value z: kept if the slot held another of its c copies (probability (c − 1)/n_{i−1}), "
                 "else redrawn onto one of the c − 1 copies left"),
        )
    else:
        dele = (
            step(kv / (npv - cc), "==", kv / n_i,
                 "“the distribution of z_l | z_l ≠ z_i for z_i ∈ D_{i−1} is uniform over D_{i−1} \\ {z_i} = D_i” — "
                 "conditioning on z_l ≠ z_i removes all c copies of z_i, the deletion only one"),
            step((npv - cc) / npv * (kv / n_i) + cc / npv * (kv / n_i), "==", kv / n_i,
                 "total probability: a slot ≠ z_i keeps its point (law as in the previous step), a slot = z_i is "
                 "redrawn from P(D_i)"),
        )
    add = (
        step(kv / (na - 1) * (1 - 1 / na), "==", kv / na,
             "addition (reservoir sampling with replacement [Vit85]): N ~ Binomial(B, 1/n_i) positions chosen "
             "uniformly = each slot independently overwritten by z_i with probability 1/n_i"),
    )
    return dele + add


def lem42(fix: bool) -> Derivation:
    pi_v = kv / npv + (cc / npv) * (1 / cc) * (kv / n_i) if fix else (npv - cc) / npv * (kv / n_i) + cc / npv * (kv / n_i)
    return Derivation(
        claim_id="d2d.lem4.2" + ("+fix" if fix else ""), target="bound",
        title="Lemma 4.2: the reservoir keeps S_i ~ P^B(D_i)" + (" (by-copy deletion)" if fix else " (Appendix C, as printed)"),
        start="max_s P[S_i = s]/P^B(D_i)(s)",
        where=((npv, cc + kv + w), (n_i, npv - 1)),
        domain=LEM42_DOMAIN, samples=12,
        premises=(Premise("by induction S_{i−1} ~ P^B(D_{i−1}); Algorithm 5 acts on each slot independently, so the slots of "
                          "S_i are i.i.d. and the likelihood ratio of S_i is the product of the slots' ratios",
                          "proof of Lemma 4.2, lines 540–545"),),
        note=("Printed: the first step fails for c ≥ 2 copies of the deleted point." if not fix else
              "With the deleted copy (not value) resampled, every slot's law is P(D_i)."),
        steps=(*_lem42_steps(fix),
               step((pi_v / (kv / n_i)) ** B, "==", 1,
                    "each of the B i.i.d. slots has law P(D_i): the likelihood ratio is 1")),
    )


def lem43(fix: bool) -> Derivation:
    """Appendix C, proof of Lemma 4.3 (lines 547–555), then Lemma A.5 at the threshold. μ = 2B/n ≥ 1 and
    ℓ = log(1/δ') ≥ 1 are written as free symbols under those conditions."""
    mu = sympy.Symbol("mu", positive=True)
    ell = sympy.Symbol("ell", positive=True)
    ni_ = n / 2 + w  # n_{i−1} ≥ n/2
    xr = (ell + sqrt(ell**2 + 8 * mu * ell)) / (2 * mu)
    if fix:
        first = step(1 / ni_, "<=", 2 / n, "by-copy deletion: a slot changes only if it holds the deleted copy "
                     "(probability 1/n_{i−1}), an addition overwrites it with probability 1/n_i; n_{i−1}, n_i ≥ n/2")
    else:
        first = step((1 + k) / ni_, "<=", 2 / n, "“for any data point z, the number of copies of z subsampled in S_i is "
                     "Binomial(B, p) where p ≤ 2/n” — a point with 1 + k copies in D_{i−1} has p = (1 + k)/n_{i−1} (and "
                     "the printed deletion resamples all of them)")
    return Derivation(
        claim_id="d2d.lem4.3" + ("+fix" if fix else ""), target="bound",
        title="Lemma 4.3: few positions change per update" + (" (by-copy Algorithm 5)" if fix else " (Appendix C)"),
        start="P[s_i > 10(B/n)log(1/δ')]",
        domain={n: ("1", "1000"), deltap: ("1e-12", "0.36"), w: ("0.001", "500"), k: ("0.001", "20"),
                mu: ("1", "1000"), ell: ("1", "30")},
        samples=12,
        premises=(Premise("s_i is at most the number of slots holding the updated point (Binomial(B, p)), stochastically "
                          "at most Binomial(B, 2/n) when p ≤ 2/n; Lemma A.5 with μ = 2B/n ≥ 1 (B ≥ n) and ℓ = log(1/δ') ≥ 1 "
                          "(δ' ≤ 1/e)", "Lemma A.5 (d2d.lemA.5)"),),
        steps=(
            first,
            step(mu * xr**2 - ell * xr - 2 * ell, "==", 0, "the Chernoff exponent μx²/(2 + x) equals ℓ at "
                 "x = (ℓ + √(ℓ² + 8μℓ))/(2μ): P[X ≥ (1 + x)μ] ≤ e^{−ℓ} = δ'"),
            step(ell, "<=", sqrt(ell**2 + 8 * mu * ell),
                 "so the threshold (1 + x)μ = μ + (ℓ + √(ℓ² + 8μℓ))/2 is at most the printed μ + √(ℓ² + 8μℓ) = "
                 "μ(1 + √(ℓ²/μ² + 8ℓ/μ))"),
            step(sqrt(ell**2 / mu**2 + 8 * ell / mu), "<=", sqrt(ell**2 + 8 * ell), "μ = 2B/n ≥ 1 (B ≥ n)",
                 conditions=(sympy.Ge(mu, 1),)),
            step(sqrt(ell**2 + 8 * ell), "<=", 5 * ell - 1, "ℓ = log(1/δ') ≥ 1: μ(1 + √(ℓ² + 8ℓ)) ≤ 5μℓ",
                 conditions=(sympy.Ge(ell, 1),)),
            step(5 * (2 * B / n) * log(1 / deltap), "==", 10 * B / n * log(1 / deltap), "μ = 2B/n, ℓ = log(1/δ')"),
            step(sympy.exp(-log(1 / deltap)), "==", deltap, "P[s_i > 10(B/n)log(1/δ')] ≤ e^{−ℓ} = δ'"),
        ),
    )


GF = sympy.Symbol("gamma_f", positive=True)  # any γ ∈ (0, 1) (free: lemmas about the contraction factor)
XF = sympy.Symbol("X", positive=True)
GI = sympy.Symbol("g", positive=True)  # g = γ^a/(1 − γ^a)


def thm45(fix: bool) -> Derivation:
    """Appendix F (lines 716–800): Fact F.1 (Lemma 4.3), (21), (22), the induction (23), (24)–(26), Lemma A.3 at δ/2,
    Lemma A.1 — with the coupling S'_i = S_i of Lemma 4.2. The contraction lemmas are stated for any γ ∈ (0, 1)."""
    lg = log(2 * i / delta)
    vv = sympy.Symbol("v", positive=True)
    return Derivation(
        claim_id="d2d.thm4.5" + ("+fix" if fix else ""), target="bound",
        title="Theorem 4.5: unlearning of perturbed distributed descent (Appendix F)" + (", by-copy reservoir" if fix else ""),
        start="δ of f_publish(R_A(S_{i−1}, u_i, θ̂_{i−1})) vs f_publish(A(D_i)) at ε",
        conditions=SC_COND,
        where=((npv, cc + kv + w), (n_i, npv - 1)),
        domain={**PGD_DOMAIN, i: ("1", "100"), xi: ("1", "1.3333"), kv: ("1", "50"), cc: ("1", "50"), w: ("0.001", "50"),
                GF: ("0.01", "0.99"), XF: ("1", "1e6"), GI: ("0.001", "100")},
        samples=12,
        premises=(Premise("Fact F.1: s̃_i ≤ 10(B/n)log(2i/δ) with probability ≥ 1 − δ/2 (Lemma 4.3 at δ' = δ/(2i), union "
                          "over l ≤ i)", "d2d.lem4.3" + ("+fix" if fix else "")),
                  Premise("Theorem 2.13 per part; Lemma 2.12 per part (size B/K), applied 2s_ij times",
                          "d2d.thm2.13, d2d.lem2.12"),
                  Premise("Lemma A.3 at δ/2 and Lemma A.1", "Bun & Steinke 2016; d2d.lemA.3")),
        note=("Printed: the coupling S'_i = S_i needs Lemma 4.2, whose proof step fails for repeated points." if not fix
              else "With the by-copy reservoir the coupling holds (d2d.lem4.2+fix)."),
        steps=(
            *(_lem42_steps(fix)[:1]),
            step(sqrt(n**xi) * n**2 * T_I_45 / (10 * (n**xi) ** 2 * lg), "==",
                 A45 + log(1 + 10 * i * lg) / log(1 / GAMMA_SC),
                 "(21): K n²T_i/(10B² log(2i/δ)) at B = n^ξ, K = √B, the printed T_i: T'_i ≥ KnT_i/(Bs_i) is at least "
                 "a + log(1 + 10i log(2i/δ))/log(1/γ), a = 𝓘n^{(4−3ξ)/2}, on the event of Fact F.1"),
            step(T_45, "==", A45 + log(D * m * n**xi * (1 + 10 * log(2 / delta)) / L) / log(1 / GAMMA_SC),
                 "the printed T is a + log(X)/log(1/γ), X = DmL⁻¹B(1 + 10log(2/δ))"),
            step(GF ** (log(XF) / log(1 / GF)), "==", 1 / XF,
                 "(22), (23): γ^{log X/log(1/γ)} = 1/X, so γ^T D ≤ γ^a L/(mB(1 + 10log(2/δ))) and "
                 "γ^{T'_i} ≤ γ^a/(1 + 10i log(2i/δ))"),
            step(4 * L / (m * n * (1 + vv) * (1 + 10 * i * lg)) * GI * (1 + i * 10 * (1 + vv) * lg), "<=",
                 4 * L / (m * n) * GI, "(25): s̃_i ≤ 10(B/n)log(2i/δ) and B = n(1 + v) ≥ n"),
            step(4 * L / (m * n) * GF**A45 + 4 * L / (m * n) * GF**A45 / (1 - GF**A45), "<=",
                 8 * L / (m * n) * GF**A45 / (1 - GF**A45), "(26): (24) + (25) ≤ Δ = (8L/(mn))γ^a/(1 − γ^a)",
                 conditions=(sympy.Le(GF, 1),)),
            step(Delta**2 / (2 * (Delta / (sqrt(2) * zcdp_gap(epsilon, log(2 / delta)))) ** 2)
                 + sqrt(2) * zcdp_gap(epsilon, log(2 / delta)) * sqrt(2 * log(2 / delta)), "==", epsilon,
                 "Lemma A.3 at δ/2 with σ = Δ/(√2(√(log(2/δ)+ε) − √log(2/δ))) — the printed σ for Δ of (26)"),
            step(SIGMA_45, "==", 8 * L / (m * n) * GAMMA_SC**A45 / (1 - GAMMA_SC**A45)
                 / (sqrt(2) * zcdp_gap(epsilon, log(2 / delta))), "the printed σ is Δ/(√2·gap)"),
            step(delta / 2 + delta / 2, "==", delta, "Lemma A.1: (ε, δ/2) given the sampling, off an event of probability "
                 "δ/2 (Fact F.1)"),
        ),
    )


def thm45_accuracy(fix: bool) -> Derivation:
    """Appendix F, eqs. (27)–(28) (lines 806–812)."""
    E1 = sympy.Symbol("E_1", positive=True)
    two = 2 if fix else 1
    Ea_ = E1 / (1 + s) ** 2  # any value in (0, E₁]
    Eb_ = V / (1 + c) ** 2  # any value in (0, V]
    Eab_ = sqrt(Ea_ * Eb_) * (2 / (1 + k) - 1)
    return Derivation(
        claim_id="d2d.thm4.5:accuracy" + ("+fix" if fix else ""), target="bound",
        title="Theorem 4.5, accuracy: eqs. (27)–(28)" + (", corrected" if fix else ", as printed"),
        start="E‖θ̂_{i,avg} − θ*_i‖² = E‖a‖² + E‖b‖² + 2E[aᵀb], a = θ̂_avg − θ*_avg, b = θ*_avg − θ*",
        where=((npv, cc + kv + w), (n_i, npv - 1)),
        domain={**PGD_DOMAIN, xi: ("1", "1.3333"), V: ("0.001", "10"), E1: ("0.001", "10"), kv: ("1", "50"),
                cc: ("1", "50"), w: ("0.001", "50"), k: ("0.001", "50"), GI: ("0.001", "100")},
        samples=12,
        premises=(Premise("Theorem 4.4 (Corollary 2 of [ZDW12]) bounds E‖θ*_{i,avg} − θ*_i‖² for S_i ~ P^B(D_i): V is any "
                          "such bound; S_i ~ P^B(D_i) by Lemma 4.2", "[ZDW12] Cor. 2 (cited)"),
                  Premise("Cauchy–Schwarz: |E[aᵀb]| ≤ √(E‖a‖²E‖b‖²)", "Cauchy–Schwarz")),
        steps=(
            *(_lem42_steps(fix)[:1]),
            step((4 * L / (m * n) * GI) ** 2 * (1 - delta) + delta * D**2, "<=", 16 * L**2 * GI**2 / (m**2 * n**2) + delta * D**2,
                 "(28): law of total expectation; (24)–(25) give ‖a‖ ≤ (4L/(mn))g with probability ≥ 1 − δ, ‖a‖ ≤ D "
                 "otherwise (g = γ^a/(1 − γ^a))"),
            step(E1_45, "==", 16 * L**2 * (GAMMA_SC**A45 / (1 - GAMMA_SC**A45)) ** 2 / (m**2 * n**2) + delta * D**2,
                 "E₁ of (28)"),
            step(Ea_ + Eb_ + 2 * Eab_, "<=", Ea_ + Eb_ + two * sqrt(Ea_ * Eb_),
                 ("Cauchy–Schwarz: 2E[aᵀb] ≤ 2√(E‖a‖²E‖b‖²)" if fix else
                  "(27) as printed: “2E[aᵀb] ≤ √(E‖a‖²E‖b‖²)” — the factor 2 is dropped")),
            step(Ea_ + Eb_ + two * sqrt(Ea_ * Eb_), "<=", E1 + V + two * sqrt(E1 * V),
                 "(28): E‖a‖² ≤ E₁; Theorem 4.4: E‖b‖² ≤ V"),
            step(E1_45 + V + two * sqrt(E1_45 * V), "==", ACC_45_FIX if fix else ACC_45, "E₁ = E₁ of (28)"),
        ),
    )


def thm45_alpha(fix: bool) -> Derivation:
    """Theorem 4.5's (α, β)-accuracy (lines 407–421; proof lines 779–791): eq. (30) by Lemma A.4 over the C copies, the
    least-loss copy taken as the closest, Lemma A.2 for the noise, M-smoothness, a union bound."""
    Ev = sympy.Symbol("E", positive=True)  # the bound of eq. (27) on one copy's E‖θ̂_avg − θ*‖²
    Cn = sympy.Symbol("C_copies", positive=True)
    xr = sympy.Symbol("kappa", positive=True)  # M/m ≥ 1, written 1 + κ
    rf = sympy.Symbol("rho", positive=True)
    el = sqrt(2 * Ev) / (1 + s)  # the closest copy's distance: any value in (0, √(2E)]
    e_ = rf / (1 + s)  # ‖θ̃ − θ*‖ on the event: any value in (0, ρ]
    E_ = ACC_45_FIX if fix else ACC_45
    if fix:
        closest = (
            step(2 / m * (L * el + M / 2 * el**2), "<=", 2 / m * (L * sqrt(2 * Ev) + M * Ev),
                 "Claim B.1 and the choice l* = argmin_l f: (m/2)‖θ̂_best − θ*‖² ≤ f(θ̂_best) − f* ≤ f(θ̂_l) − f* ≤ "
                 "L e_l + (M/2)e_l² (M-smoothness, |∇f(θ*)ᵀ(θ̂_l − θ*)| ≤ L e_l), e_l² < 2E on the event of (30)"),
        )
        last = (step(L * e_ * (2 / (1 + c) - 1) + M * e_**2 / 2, "<=", L * e_ + M * e_**2 / 2,
                     "|∇f_D(θ*)ᵀ(θ̃ − θ*)| ≤ L e (Cauchy–Schwarz; f_z L-Lipschitz)"),
                then("<=", L * rf + M / 2 * rf**2, "on the event ‖θ̃ − θ*‖ < ρ: e ≤ ρ"),
                step((L * rf + M / 2 * rf**2).subs(rf, RHO_45_FIX), "==", ALPHA_45_FIX, "α at the radius ρ"))
        rho_step = step(sqrt(2 / m * (L * sqrt(2 * E_) + M * E_)) + sigma * sqrt(2 * d) * log(4 * d / beta), "==",
                        RHO_45_FIX, "ρ: the least-loss copy's radius plus the noise radius of Lemma A.2 at β/2; E of (27)")
    else:
        closest = (
            step((1 + xr) * el**2, "<=", el**2,
                 "printed: “by strong convexity, the smaller the loss of a model is, the closer the model parameter is to "
                 "the optimizer” — the least-loss copy can be (M/m) = 1 + κ times farther in squared distance (Claim B.1 "
                 "and M-smoothness: ‖θ̂_best − θ*‖² ≤ (2/m)(f(θ̂_l) − f*) ≤ (M/m)e_l²); equal only for κ = 0"),
        )
        last = (step(g + M * e_**2 / 2, "<=", M * e_**2 / 2,
                     "printed: “by M-smoothness, f_D(θ̃) − f_D(θ*) ≤ (M/2)‖θ̃ − θ*‖²” — drops g = ∇f_D(θ*)ᵀ(θ̃ − θ*), "
                     "zero only at an interior minimiser"),
                then("<=", M / 2 * rf**2, "on the event ‖θ̃ − θ*‖ < ρ: e ≤ ρ"),
                step((M / 2 * rf**2).subs(rf, RHO_45), "==", ALPHA_45, "α at the radius ρ"))
        rho_step = step(sqrt(2 * E_) + sigma * sqrt(2 * d) * log(4 * d / beta), "==", RHO_45,
                        "ρ: (30)'s radius √(2E) plus the noise radius of Lemma A.2 at β/2; E of (27)")
    return Derivation(
        claim_id="d2d.thm4.5:alpha" + ("+fix" if fix else ""), target="bound",
        title="Theorem 4.5, (α, β)-accuracy: eqs. (30)–(31) and the last display" + (", corrected" if fix else ", as printed"),
        start="Pr[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]",
        where=((Cn, log(2 / beta) / log(2) + u),),
        conditions=SC_COND,
        domain={**PGD_DOMAIN, Ev: ("0.001", "10"), xr: ("0.001", "50"), rf: ("0.001", "100"), u: ("0", "20"),
                V: ("0.001", "10"), xi: ("1", "1.3333"), g: ("0.01", "10"), s: ("0", "50"), c: ("0.001", "50")},
        samples=12,
        premises=(Premise("eq. (27) (checked as d2d.thm4.5:accuracy" + ("+fix" if fix else "") + "): one copy's "
                          "E‖θ̂_{i,avg} − θ*_i‖² ≤ E; the C copies are i.i.d.", "eq. (27)"),
                  Premise("‖θ̃_i − θ*_i‖ ≤ ‖θ̂_{best,avg} − θ*_i‖ + ‖Z_i‖ (triangle inequality)", "triangle inequality")),
        steps=(
            step(Rational(1, 2) ** Cn, "<=", Rational(1, 2) ** (log(2 / beta) / log(2)),
                 "Lemma A.4 (Markov: P[e_l² ≥ 2E] ≤ 1/2; independence over the copies), C ≥ log(2/β)/log 2",
                 cited="Lemma A.4 (checked as d2d.lemA.4)"),
            then("==", beta / 2, "(1/2)^(log(2/β)/log 2) = β/2: eq. (30) holds with probability ≥ 1 − β/2"),
            *closest,
            step(chi2_tail(d, 2 * d * log(4 * d / beta) ** 2), "<=", beta / 2,
                 "Lemma A.2 at β/2: P[‖Z‖ ≥ σ√(2d)log(4d/β)] ≤ β/2", cited="Lemma A.2 (checked as d2d.lemA.2)"),
            rho_step,
            *last,
            step(beta / 2 + beta / 2, "==", beta, "union bound over the two failure events"),
        ),
    )


# ---------------------------------------------------------------------------------------------------- introduction
def intro_dp(fix: bool) -> Derivation:
    s0 = 4 * L * GAMMA_SC**I / (m * n) + 2 * L / (m * n) + 2 * L / (m * (n - 1))
    S0 = sympy.Symbol("S_0", positive=True)
    if not fix:
        delta31 = 8 * L / (m * n) * GAMMA_SC**I / (1 - GAMMA_SC**I)
        return Derivation(
            claim_id="d2d.intro-dp", target="bound",
            title="Introduction (line 74): the pair of outputs before and after a deletion is (2ε, 2δ)-DP",
            start="δ at 2ε of the pair (θ̃_0, θ̃_1), deleting z from D ∪ {z} vs z' from D ∪ {z'}",
            conditions=SC_COND, domain={**PGD_DOMAIN, n: ("2", "1000")}, samples=12,
            premises=(Premise("basic composition: two (ε, δ)-DP releases are jointly (2ε, 2δ)-DP",
                              "Dwork & Roth 2014, Thm 3.16"),),
            note="The paper prints no proof; the composition needs the pre-deletion release to be (ε, δ)-DP with respect "
                 "to the deleted point, i.e. its shift between the two worlds to be at most Δ — it is the sensitivity "
                 "of training, ≈ 4L/(mn), while Δ ∝ γ^I.",
            steps=(
                step(s0, "<=", delta31, "the pre-deletion release θ̃_0 = A(D ∪ {z}) + Z_0 taken (ε, δ)-DP: its shift "
                     "between the worlds, up to 2γ^T D + 2L/(mn) + 2L/(m(n−1)) ≤ 4Lγ^I/(mn) + 2L/(mn) + 2L/(m(n−1)) "
                     "(Theorem 2.13, Lemma 2.12 twice), at most Δ = (8L/(mn))γ^I/(1 − γ^I)", conditions=(sympy.Ge(n, 2),)),
                step(Delta**2 / (2 * (Delta / (sqrt(2) * GAP)) ** 2) + sqrt(2) * GAP * sqrt(2 * log(1 / delta)), "==", epsilon,
                     "Lemma A.3 with Theorem 3.1's σ = Δ/(√2·gap): each release (ε, δ)"),
                step(delta + delta, "==", 2 * delta, "basic composition of the two releases", cited="Dwork & Roth 2014, Thm 3.16"),
            ),
        )
    bw = (sympy.erfc(-(VIEW_SHIFT / (2 * sigma) - epsilon_view * sigma / VIEW_SHIFT) / sqrt(2)) / 2
          - sympy.exp(epsilon_view) * sympy.erfc((VIEW_SHIFT / (2 * sigma) + epsilon_view * sigma / VIEW_SHIFT) / sqrt(2)) / 2)
    return Derivation(
        claim_id="d2d.intro-dp+fix", target="bound",
        title="Introduction (line 74), corrected: the pair of outputs is (ε_v, δ)-DP",
        start=bw, conditions=SC_COND, domain={**PGD_DOMAIN, n: ("2", "1000"), S0: ("0.001", "100"), **GAMMA_FREE_DOMAIN},
        samples=12,
        premises=(Premise("θ̂_1, θ̂'_1 are I steps of the same descent on D_1 = D from θ̂_0, θ̂'_0: the step map is a "
                          "γ-contraction (the argument of Theorem 2.13)", "d2d.thm2.13"),
                  Premise("Lemma A.3 for the joint Gaussian N((θ̂_0, θ̂_1), σ²I_{2d})", "Bun & Steinke 2016 (d2d.lemA.3)")),
        steps=(
            _power_lemma("Theorem 2.13 in both worlds: T ≥ I + log(Dmn/2L)/log(1/γ) gives γ^T D ≤ 2Lγ^I/(mn); with Lemma "
                         "2.12 for the deletion of z (size n) and the addition of z' (size n − 1), ‖θ̂_0 − θ̂'_0‖ ≤ S_0 = "
                         "4Lγ^I/(mn) + 2L/(mn) + 2L/(m(n−1))"),
            step(sqrt(S0**2 + (GPOW * S0) ** 2), "==", sqrt(1 + GPOW**2) * S0,
                 "the joint shift, with ‖θ̂_1 − θ̂'_1‖ ≤ γ^I‖θ̂_0 − θ̂'_0‖ (G = γ^I)"),
            step(sqrt(1 + (GAMMA_SC**I) ** 2) * s0, "==", VIEW_SHIFT, "Δ_v"),
            step(bw, "<=", delta, "Lemma A.3 at the joint shift: (ε_v, δ)-indistinguishable, ε_v = Δ_v²/(2σ²) + "
                 "(Δ_v/σ)√(2log(1/δ))", cited="Bun & Steinke 2016, Prop. 1.3", given={epsilon_view: EPS_VIEW}),
        ),
    )


# ---------------------------------------------------------------------------------------------------- Table 1
def table1() -> list[Derivation]:
    """Table 1 (line 60): each entry against its theorem's explicit bound (accuracy in 𝓘, iterations in i). The
    accuracy bounds are written through their structure in 𝓘 (σ ∝ γ^𝓘/(1 − γ^𝓘), the regulariser m(𝓘)); that
    the structure matches the claims' expressions is checked in tests/derive/test_d2d_proofs.py."""
    out = []
    C1 = sympy.Symbol("C_1", positive=True)  # the 𝓘-free factor of ρ
    C2 = sympy.Symbol("C_2", positive=True)
    dom = {**PGD_DOMAIN, I: ("1", "50"), I2: ("1", "100"), xi: ("1", "1.3333"), k: ("0.5", "50")}
    lg2d = sqrt(2 * d) * log(2 * d / beta)
    gf = sympy.Symbol("gamma_f", positive=True)  # any γ ∈ (0, 1)
    G1 = sympy.Symbol("G_1", positive=True)
    G2 = sympy.Symbol("G_2", positive=True)
    for row in ("pgd", "pgd-perfect", "distributed"):
        for fix in (False, True):
            expo = (I2 - I) * (n ** ((4 - 3 * xi) / 2) if row == "distributed" else 1)
            unit = "a = 𝓘n^{(4−3ξ)/2}" if row == "distributed" else "𝓘"
            sig_expr = {"pgd": (SIGMA_31, 4 * sqrt(2) * L / (m * n * GAP)),
                        "pgd-perfect": (SIGMA_32, 8 * L / (m * n * GAP_32)),
                        "distributed": (SIGMA_45, 4 * sqrt(2) * L / (m * n * zcdp_gap(epsilon, log(2 / delta))))}[row]
                        
            steps_ = [step(sig_expr[0], "==", sig_expr[1] * GAMMA_SC ** A45.subs(I, I if row == "distributed" else I)
                           / (1 - GAMMA_SC ** A45) if row == "distributed" else
                           sig_expr[1] * GAMMA_SC**I / (1 - GAMMA_SC**I), f"σ ∝ g = γ^{unit}/(1 − γ^{unit})")]
            if row == "pgd-perfect":
                G2b = G1 / (1 + u)  # any G₂ ∈ (0, G₁]
                steps_.append(step((G2b * (C1 + C2 * G2b)) ** 2 / (G1 * (C1 + C2 * G1)) ** 2, "<=", (G2b / G1) ** 2,
                                   "α = (M/2)ρ², ρ = g(4L/(mn) + σ√(2d)) + σ√(2d)log(2d/β) = g(C₁ + C₂g), C₁ = 4L/(mn) + "
                                   "8L√(2d)log(2d/β)/(mn·gap), C₂ = 8L√(2d)/(mn·gap): for G₂ = g(𝓘₂) ≤ G₁ = g(𝓘)"))
            else:
                steps_.append(step((M / 2) * (G2 * C1) ** 2 / ((M / 2) * (G1 * C1) ** 2), "==", (G2 / G1) ** 2,
                                   ("eq. (31)'s 𝓘-dependent term (4Lg/(mn) + σ√(2d)log(2d/β))²" if row == "distributed" else
                                    "α = (M/2)ρ², ρ = 4Lg/(mn) + σ√(2d)log(2d/β)") + " = (gC₁)², C₁ = (4L/(mn))(1 + "
                                   "√2·√(2d)log(2d/β)/gap) free of 𝓘; G₁ = g(𝓘), G₂ = g(𝓘₂)"))
            steps_.append(step(gf ** (I + k) * (1 - gf**I) / (gf**I * (1 - gf ** (I + k))), "<=", gf**k,
                               f"g({unit} + k)/g({unit}) = γ^k(1 − γ^{unit})/(1 − γ^{{{unit} + k}}) ≤ γ^k for γ < 1",
                               conditions=(sympy.Le(gf, 1),)))
            last = step(GAMMA_SC ** (2 * expo), "==" if fix else "<=",
                        ENTRY_ACC_RATIO_FIX[row] if fix else ENTRY_ACC_RATIO[row],
                        "α(𝓘₂)/α(𝓘) = (G₂/G₁)² ≤ γ^{2k}, k = " + ("(𝓘₂ − 𝓘)n^{(4−3ξ)/2}" if row == "distributed" else "𝓘₂ − 𝓘")
                        + ("" if fix else ": the table writes γ^{2𝓘} as e^{−𝓘}, which needs γ² ≤ 1/e"))
            steps_.append(last)
            out.append(Derivation(
                claim_id=f"d2d.table1:{row}-accuracy" + ("+fix" if fix else ""), target="bound",
                title=f"Table 1, {row}: accuracy as a function of 𝓘" + (" (corrected)" if fix else ""),
                start="α(𝓘₂)/α(𝓘)", conditions=SC_COND + (sympy.Gt(I2, I),),
                domain={**dom, gf: ("0.01", "0.99")}, samples=12, steps=tuple(steps_),
                note="The explicit bound of the theorem decays like γ^{2𝓘}; e^{−𝓘} holds only for γ ≤ e^{−1/2} "
                     "(M/m ≤ 4.08)." if not fix else "",
            ))
    m1 = sympy.Symbol("m_1", positive=True)  # the prescribed regulariser at 𝓘
    m2 = sympy.Symbol("m_2", positive=True)  # … at 𝓘₂
    for row in ("regularized", "pgd-weak"):
        for fix in (False, True):
            if fix and row != "regularized":
                continue
            power = (Rational(2, 5) if fix else Rational(4, 5)) if row == "regularized" else Rational(1, 4)
            where = [(I2, I + k), (m2, m1 * (I / I2) ** power)]
            steps_ = []
            if row == "regularized":
                def rho(mm, II):
                    gm = GAMMA_REG.subs(m, mm) ** II
                    return 4 * (L + mm * D) / (mm * n) * gm / (1 - gm) * (1 + sqrt(2) * lg2d / GAP)

                def first_term(mm, II):
                    return M**3 * (L + mm * D) ** 2 * d * log(1 / delta) * log(2 * d / beta) ** 2 / (mm**4 * epsilon**2 * n**2 * II**2)

                if fix:
                    tau_ = sympy.Symbol("tau", positive=True)
                    steps_.append(step(first_term(tau_ * m1, I / tau_ ** Rational(5, 2)) / first_term(m1, I), "<=", tau_,
                                       "(5)'s first term M³(L+mD)²d log(1/δ)log²(d/β)/(m⁴ε²n²𝓘²) at m ∝ 𝓘^{−2/5}: with "
                                       "τ = (𝓘/𝓘₂)^{2/5}, m₂ = τm₁ and 𝓘₂ = τ^{−5/2}𝓘 it scales by τ(L + τm₁D)²/(L + m₁D)² ≤ τ",
                                       conditions=(sympy.Le(tau_, 1),)))
                else:
                    steps_.append(step(first_term(m2, I2) / first_term(m1, I), "<=", ENTRY_ACC_RATIO[row],
                                       "“for the choice of m in the theorem” (line 302): (5)'s first term "
                                       "M³(L+mD)²d log(1/δ)log²(d/β)/(m⁴ε²n²𝓘²) at m ∝ 𝓘^{−4/5} decreases like 𝓘^{−2/5}"))
                why = "α = (M/2)ρ² + (3/2)mD², ρ = 4(L+mD)γ^𝓘/(mn(1−γ^𝓘))(1 + √2·√(2d)log(2d/β)/gap)"
            else:
                def rho(mm, II):
                    return 4 * (L + mm * D) * sqrt(M) / (mm * sqrt(mm * II) * n) * (1 + lg2d / (sqrt(2) * GAP))

                why = ("α = (M/2)ρ² + (3/2)mD², ρ = 4(L+mD)√M/(m√(m𝓘)n)(1 + √(2d)log(2d/β)/(√2·gap)) at m ∝ 𝓘^{−1/4}: "
                       "ρ² and mD² decrease like 𝓘^{−1/4} times non-increasing factors")
                tau_ = sympy.Symbol("tau", positive=True)
                Pp, Qq, X1 = (sympy.Symbol(nm, positive=True) for nm in ("P", "Q", "X_1"))
                K0 = sympy.Symbol("K_0", positive=True)
                rho_k = lambda mm, II: 4 * (L + mm * D) * sqrt(M) * K0 / (mm * sqrt(mm * II) * n)  # noqa: E731
                steps_.append(step(rho_k(tau_ * m1, I / tau_**4) ** 2, "<=", tau_ * rho_k(m1, I) ** 2,
                                   "with τ = (𝓘/𝓘₂)^{1/4}: m₂ = τm₁, 𝓘₂ = τ^{−4}𝓘, so ρ₂² = τ(L + τm₁D)²/(L + m₁D)²·ρ₁² ≤ τρ₁² "
                                   "(K₀ = 1 + √(2d)log(2d/β)/(√2·gap) free of 𝓘)",
                                   conditions=(sympy.Le(tau_, 1),)))
                steps_.append(step((Pp * tau_ * X1 / (1 + u) + Qq * tau_) / (Pp * X1 + Qq), "<=", tau_,
                                   why + ": (M/2)ρ₂² ≤ τ(M/2)ρ₁² and (3/2)m₂D² = τ(3/2)m₁D²"))
                steps_.append(step((I / I2) ** power, "==", ENTRY_ACC_RATIO[row], "τ = (𝓘/𝓘₂)^{1/4}"))
            alpha = lambda mm, II: M / 2 * rho(mm, II) ** 2 + Rational(3, 2) * mm * D**2  # noqa: E731
            if row == "regularized" and fix:
                # the prescribed m ∝ 𝓘^{−2/5}: with τ = (𝓘/𝓘₂)^{2/5}, m₂ = τm₁ and m₂𝓘₂ = τ^{−3/2}m₁𝓘, and
                # G(m, 𝓘) = γ^𝓘/(1 − γ^𝓘) = 1/((1 + 2m/M)^𝓘 − 1) satisfies G(m₂, 𝓘₂) ≤ τ^{3/2}G(m₁, 𝓘)
                tt = sympy.Symbol("tau", positive=True)
                G1 = sympy.Symbol("G_1", positive=True)
                G2 = sympy.Symbol("G_2", positive=True)
                K0 = sympy.Symbol("K_0", positive=True)
                xg = sympy.Symbol("x", positive=True)  # 2m₁/M
                steps_.append(step(1 / ((1 + xg * tt) ** (I / tt ** Rational(5, 2)) - 1), "<=",
                                   tt ** Rational(3, 2) / ((1 + xg) ** I - 1),
                                   "G(m, 𝓘) = γ^𝓘/(1 − γ^𝓘) = 1/((1 + 2m/M)^𝓘 − 1) at m₂ = τm₁, 𝓘₂ = τ^{−5/2}𝓘 (x = 2m₁/M): "
                                   "h(p) = (1 + 2p/(M𝓘))^𝓘 − 1 is convex in p = m𝓘 with h(0) = 0 and increases with 𝓘 at "
                                   "fixed p, so h(m₂𝓘₂) ≥ τ^{−3/2}h(m₁𝓘)"))
                Pp = sympy.Symbol("P", positive=True)
                Qq = sympy.Symbol("Q", positive=True)
                X1 = sympy.Symbol("X_1", positive=True)
                steps_.append(step(tt * (L + tt * m1 * D) ** 2, "<=", tt * (L + m1 * D) ** 2,
                                   "ρ(m, 𝓘)² = (4K₀/n)²((L + mD)/m)²G(m, 𝓘)², K₀ = 1 + √2·√(2d)log(2d/β)/gap: with m₂ = τm₁ and "
                                   "G₂ ≤ τ^{3/2}G₁ (previous step), ρ₂² ≤ (4K₀G₁/n)²τ(L + τm₁D)²/m₁² ≤ τρ₁² since τ ≤ 1",
                                   conditions=(sympy.Le(tt, 1),)))
                steps_.append(step((Pp * tt * X1 / (1 + u) + Qq * tt) / (Pp * X1 + Qq), "<=", tt,
                                   why + ": (M/2)ρ₂² ≤ τ(M/2)ρ₁² (previous step) and (3/2)m₂D² = τ(3/2)m₁D²"))
                steps_.append(step((I / I2) ** power, "==", ENTRY_ACC_RATIO_FIX[row],
                                   "τ = (𝓘/𝓘₂)^{2/5}: α(𝓘₂)/α(𝓘) ≤ τ by the previous steps"))
            elif row == "regularized":
                steps_.append(step(alpha(m2, I2) / alpha(m1, I), "<=", ENTRY_ACC_RATIO[row], why))
            out.append(Derivation(
                claim_id=f"d2d.table1:{row}-accuracy" + ("+fix" if fix else ""), target="bound",
                title=f"Table 1, {row}: accuracy as a function of 𝓘" + (", m with exponent 2/5" if fix else ""),
                start="α(𝓘₂)/α(𝓘)", where=tuple(where),
                domain={**dom, m1: ("0.001", "100"), sympy.Symbol("tau", positive=True): ("0.001", "1")}, samples=12,
                steps=tuple(steps_),
                premises=(Premise("the prescribed regulariser is m(𝓘) = c·𝓘^{−" + str(power) + "} (c free of 𝓘): for any "
                                  "m₁ = m(𝓘), m₂ = m(𝓘₂) = m₁(𝓘/𝓘₂)^{" + str(power) + "}", "Theorem " +
                                  ("3.4" if row == "regularized" else "3.5")),),
                note="" if row != "regularized" or fix else
                "The printed m = (…/(Dεn𝓘))^{4/5} makes (5)'s first term grow like 𝓘^{6/5}; the exponent that balances "
                "the two terms of (5) is 2/5.",
            ))
    idom = {**PGD_DOMAIN, i: ("2", "1000"), i2: ("2", "1e9"), xi: ("1", "1.3333"), k: ("0.5", "1e6"), B: ("1", "1e6")}
    for row in ("pgd", "pgd-perfect", "regularized", "pgd-weak", "distributed"):
        for fix in (False, True):
            if fix and row not in ENTRY_ITER_RATIO_FIX:
                continue
            bound = (ENTRY_ITER_RATIO_FIX if fix else ENTRY_ITER_RATIO)[row]
            where = [(i2, i + k)]
            if row in ("pgd", "regularized"):
                st = (step(I / I, "==", bound, "T_i = 𝓘 in every round"),)
            elif row == "pgd-weak":
                st = (step(i2**2 * I / (i**2 * I), "==", bound, "T_i = i²𝓘"),)
            elif row == "pgd-perfect":
                yy, vv, Aa = (sympy.Symbol(nm, positive=True) for nm in ("y", "v", "A"))
                st = (step((Aa + yy * (1 + vv)) / (Aa + yy), "<=", 1 + vv,
                           "T_i·log(1/γ) = A + y(i), A = 𝓘log(1/γ) ≥ 0, y(i) = log log(4di/δ) increasing: "
                           "(A + y₂)/(A + y₁) ≤ y₂/y₁ for y₂ = (1 + v)y₁ ≥ y₁"),
                      step(log(log(4 * d * i2 / delta)) / log(log(4 * d * i / delta)), "<=", bound,
                           "y(i₂)/y(i) = log log(4di₂/δ)/log log(4di/δ) grows slower than log i₂/log i",
                           conditions=(sympy.Ge(i, 2),)))
            else:
                if fix:
                    yy, vv, Aa = (sympy.Symbol(nm, positive=True) for nm in ("y", "v", "A"))
                    lg_ = lambda j: log(2 * j / delta)  # noqa: E731
                    X_ = lambda j: log(1 + 10 * j * lg_(j))  # noqa: E731
                    st = (step((Aa + yy * (1 + vv)) / (Aa + yy), "<=", 1 + vv,
                               "(A + y₂)/(A + y₁) ≤ y₂/y₁ for y₂ ≥ y₁, A ≥ 0: applied to 10log(2i/δ) = 10(log(2/δ) + log i) "
                               "and to 𝓘 + n^{−(4−3ξ)/2}log(1 + 10i log(2i/δ))/log(1/γ)"),
                          step(lg_(i2) / lg_(i) * (X_(i2) / X_(i)), "<=", bound,
                               "T_{i₂}/T_i ≤ [log(2i₂/δ)/log(2i/δ)]·[log(1 + 10i₂log(2i₂/δ))/log(1 + 10i log(2i/δ))], each "
                               "factor at most log i₂/log i", conditions=(sympy.Ge(i, 2),)))
                else:
                    where.append(GAMMA_DEF)
                    st = (step(T_I_45.subs(i, i2) / T_I_45, "<=", bound,
                               "“log i·𝓘”: T_i = 10log(2i/δ)(𝓘 + n^{−(4−3ξ)/2}log(1 + 10i log(2i/δ))/log(1/γ)) — the "
                               "product of two factors growing like log i", conditions=(sympy.Ge(i, 2),)),)
            out.append(Derivation(
                claim_id=f"d2d.table1:{row}-iterations" + ("+fix" if fix else ""), target="bound",
                title=f"Table 1, {row}: iterations of the i-th update" + (" (corrected)" if fix else ""),
                start="T_{i₂}/T_i", conditions=SC_COND if row == "distributed" and not fix else (),
                where=tuple(where), samples=12, steps=st,
                domain=idom if row != "distributed" or fix else
                {**idom, i: ("1000", "1e6"), k: ("1e9", "1e15"), I: ("1", "2"), n: ("1", "4"), delta: ("0.1", "0.5"),
                 m: ("0.01", "0.1"), M: ("50", "100")},
            ))
    return out


def table1_baseline() -> list[Derivation]:
    """Table 1's baseline column (lines 66–71, 82), read in n: full retraining to the row's explicit accuracy α(n)
    (``ACC_ROW``). Strongly convex rows: Theorem 2.13 and M-smoothness give f − f* ≤ (M/2)γ^{2T}D², so
    T = log(MD²/(2α))/(2log(1/γ)) and, α ∝ 1/n² exactly (ρ ∝ 1/n: σ ∝ 1/n), T(n₂) − T(n) = log(n₂/n)/log(1/γ) — the
    table's natural log(n₂/n) needs log(1/γ) ≥ 1."""
    out = []
    A1, A2 = sympy.Symbol("alpha_1", positive=True), sympy.Symbol("alpha_2", positive=True)
    dom = {**PGD_DOMAIN, n: ("1", "1e6"), I: ("1", "50"), k: ("0.5", "50"), u: ("0", "100")}
    lg = log(1 / gamma)
    for row in ("pgd", "pgd-perfect"):
        for fix in (False, True):
            acc = ACC_ROW[row]
            steps_ = [
                step(log(M * D**2 / (2 * A2)) / (2 * lg) - log(M * D**2 / (2 * A1)) / (2 * lg), "==", log(A1 / A2) / (2 * lg),
                     "T(α) = log(MD²/(2α))/(2log(1/γ)): Theorem 2.13 (‖θ_T − θ*‖ ≤ γ^T D) and M-smoothness at an interior "
                     "minimiser (f − f* ≤ (M/2)γ^{2T}D²); α₁ = α(n), α₂ = α(n₂)"),
                step(sympy.factor_terms(acc / acc.subs(n, n2)), "==", (n2 / n) ** 2,
                     "α ∝ 1/n²: ρ is 1/n times an n-free factor (σ ∝ 1/(mn)); α(n)/α(n₂) with its common factors "
                     "cancelled (sympy factor_terms on the row's ACC_ROW)"),
                step(log((n2 / n) ** 2) / (2 * lg), "==", log(n2 / n) / lg, "log((n₂/n)²)/2 = log(n₂/n)"),
            ]
            if not fix:
                steps_.append(then("<=", BASELINE_GROWTH[row], "the table's log(εn/√d) is a natural log: needs "
                                                              "log(1/γ) ≥ 1, i.e. γ ≤ 1/e (M/m ≤ (e + 1)/(e − 1))"))
            else:
                steps_.append(step(log(n2 / n) / lg + u / (1 + u), "<=", log(n2 / n) / lg + 1,
                                   "whole iterations: ⌈T(n) + x⌉ − ⌈T(n)⌉ = x + (a value in [0, 1)), x = log(n₂/n)/log(1/γ) "
                                   "(u/(1 + u) ∈ [0, 1))"))
                steps_.append(then("==", BASELINE_GROWTH_FIX[row], "γ = (M − m)/(M + m)"))
            out.append(Derivation(
                claim_id=f"d2d.table1:{row}-baseline" + ("+fix" if fix else ""), target="bound",
                title=f"Table 1, {row}: baseline iterations, their growth in n" + (" (corrected)" if fix else ""),
                start="⌈T(n₂)⌉ − ⌈T(n)⌉", where=(GAMMA_DEF, (n2, n + k)), conditions=SC_COND,
                domain={**dom, A1: ("1e-9", "10"), A2: ("1e-9", "10")}, samples=12, steps=tuple(steps_),
            ))
    return out


def rem46(table: list[Derivation]) -> Derivation:
    """Remark 4.6 (lines 423–429): the chain of Table 1's corrected distributed accuracy entry (α(𝓘₂)/α(𝓘) ≤ γ^{2k},
    k = (𝓘₂ − 𝓘)n^{(4−3ξ)/2}), then γ^{2k} ≤ γ^k."""
    import dataclasses

    base = next(d_ for d_ in table if d_.claim_id == "d2d.table1:distributed-accuracy+fix")
    return dataclasses.replace(
        base, claim_id="d2d.rem4.6", title="Remark 4.6: the 𝓘-dependent term of Theorem 4.5's accuracy", note="",
        steps=base.steps + (then("<=", REM46_RATIO, "γ^{2k} ≤ γ^k: γ = (M − m)/(M + m) ∈ (0, 1) and k ≥ 0"),))


def derivations() -> list[Derivation]:
    return [lemA2(), lemA3(), lemA4(), lemA5(), *factF3(),
        lem212(), thm213(), thm31(), thm31_shift(), thm31_shift_sharp(), thm31_accuracy(False), thm31_accuracy(True), thm32(False), thm32(True),
        _with_delta(thm32_accuracy(False), delta, "δ/2 ≤ δ"), _with_delta(thm32_accuracy(True), delta, "δ/2 ≤ δ"),
        *claim33(), thm34(), reg_accuracy("d2d.thm3.4:accuracy", False), reg_accuracy("d2d.thm3.4:accuracy+fix", True),
        thm35(False), thm35(True), rem36(False), rem36(True),
        reg_accuracy("d2d.thm3.5:accuracy", False), reg_accuracy("d2d.thm3.5:accuracy+fix", True),
        reg_accuracy("d2d.rem3.6:accuracy", False), reg_accuracy("d2d.rem3.6:accuracy+fix", True),
        lem42(False), lem42(True), lem43(False), lem43(True), thm45(False), thm45(True),
        thm45_accuracy(False), thm45_accuracy(True), thm45_alpha(False), thm45_alpha(True), intro_dp(False), intro_dp(True), *table1(), *table1_baseline(), rem46(table1()),
    ]
