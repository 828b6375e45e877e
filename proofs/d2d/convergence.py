"""Section 2.4 and Appendices B and E: Theorem 2.14 (projected GD on a convex M-smooth h, line 169; cited from
[ABD17], no proof printed — the standard argument, step by step), Claim B.1 (quadratic growth at a constrained
minimiser, line 500; the paper's proof, lines 502–516) and Facts E.1–E.2 (lines 618–627, their printed chains)."""
from __future__ import annotations

import sympy

from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, step, then
from certunlearn.formulas.d2d import (
    CONVEX_RATE_214, FACT_E1, FACT_E1_BERNOULLI, FACT_E2, GAMMA_E1, GROWTH_B1, M, T, T_p, m, xi,
)

from .common import fact_e2_steps, r, s, w
from .starts import growth_run

#: h(θ_T) − h*, ‖θ_0 − θ*‖², and the slack of the sum Σ_{t=1}^T (h(θ_t) − h*) = T(h(θ_T) − h*) + v
E, v = sympy.symbols("E v", nonnegative=True)
D0 = sympy.Symbol("D_0", positive=True)  # θ_0 ∉ argmin (the claim's hypothesis)
DH = sympy.Symbol("Delta_h", positive=True)  # h(θ) − h(θ*)
W_K = sympy.Symbol("w_k", nonnegative=True)  # Δ_h − (m/2)r² = w_k·r, w_k ≥ 0


def thm214() -> Derivation:
    """The textbook argument behind [ABD17]: with η = 1/M the values h(θ_t) decrease (descent lemma), and the
    three-point inequality of the projected step telescopes to Σ_{t=1}^T (h(θ_t) − h*) ≤ (M/2)‖θ_0 − θ*‖²."""
    return Derivation(
        claim_id="d2d.thm2.14",
        target="bound",
        title="Projected gradient descent on a convex M-smooth h, η = 1/M (Theorem 2.14, [ABD17])",
        start=E / D0,
        premises=(
            Premise("descent lemma: for M-smooth h and η = 1/M, h(θ_{t+1}) ≤ h(θ_t) − (M/2)‖θ_{t+1} − θ_t‖², so "
                    "h(θ_1) ≥ … ≥ h(θ_T)", "M-smoothness (Definition 2.11, line 147)"),
            Premise("three-point inequality of the projected step, with convexity: h(θ_{t+1}) − h(θ*) ≤ "
                    "(M/2)(‖θ_t − θ*‖² − ‖θ_{t+1} − θ*‖²); telescoped over t = 0 … T − 1 it gives "
                    "Σ_{t=1}^T (h(θ_t) − h*) ≤ (M/2)(‖θ_0 − θ*‖² − ‖θ_T − θ*‖²) ≤ (M/2)‖θ_0 − θ*‖²",
                    "projection theorem; convexity"),
        ),
        conditions=(sympy.Le(T * E + v, M * D0 / 2), sympy.Ge(T, 1)),
        steps=(
            step(E / D0, "<=", (T * E + v) / (T * D0), "Σ_{t=1}^T (h(θ_t) − h*) = T(h(θ_T) − h*) + v with v ≥ 0: the "
                 "values decrease (descent lemma)"),
            then("<=", (M * D0 / 2) / (T * D0), "the telescoped three-point inequality: the sum is ≤ (M/2)‖θ_0 − θ*‖²"),
            then("==", CONVEX_RATE_214, "algebra"),
        ),
    )


def claimB1() -> Derivation:
    """Claim B.1's proof as printed (lines 502–516): strong convexity between θ and θ*, minimality of θ*, divide by
    t, take the supremum over t ∈ (0, 1)."""
    t = s / (1 + s)  # any t ∈ (0, 1)
    c0 = sympy.Symbol("c_0", real=True)  # the run's centre (and kink)
    return Derivation(
        claim_id="d2d.claimB.1",
        target="bound",
        title="Quadratic growth of an m-strongly convex function at its constrained minimiser (Claim B.1)",
        start=r**2 / DH,
        where=((DH, m * r**2 / 2 + W_K * r),),
        symbolic_start=SymbolicStart(
            lambda: growth_run(m, c0, W_K, c0, 0, c0 + r),
            "‖θ − θ*‖²/(h(θ) − h(θ*)) (what claims.d2d.convergence's Claim B.1 quantity computes) for one coordinate "
            "h(θ) = (m/2)(θ − c)² + w_k|θ − c| (curvature m, a kink of weight w_k ≥ 0 at the interior minimiser c) at "
            "θ = c + r (proofs.d2d.starts.growth_run): the start is checked on that shape, whose excess "
            "h(θ) − h(θ*) = (m/2)r² + w_k·r reaches every value ≥ (m/2)r²"),
        premises=(
            Premise("m-strong convexity: h(tθ₁ + (1−t)θ₂) ≤ th(θ₁) + (1−t)h(θ₂) − (m/2)t(1−t)‖θ₁ − θ₂‖² (line 504)",
                    "Definition 2.9, line 133"),
            Premise("h(θ*) ≤ h(tθ + (1−t)θ*) for t ∈ (0, 1): θ* minimises h over the convex Θ (line 508)",
                    "minimality of θ*"),
        ),
        note="With r = ‖θ − θ*‖ and Δ_h = h(θ) − h(θ*): the two premises give tΔ_h ≥ (m/2)t(1−t)r² (line 510), "
             "so Δ_h ≥ (m/2)(1 − t)r² for every t ∈ (0, 1) (line 512); the supremum over t is (m/2)r², written "
             "Δ_h = (m/2)r² + w_k·r with w_k ≥ 0.",
        steps=(
            step(m * (1 - t) * r**2 / 2, "<=", m * r**2 / 2,
                 "Δ_h ≥ (m/2)(1 − t)r² for every t ∈ (0, 1) (line 512); (1 − t) ≤ 1, and sup_t (1 − t) = 1 (line 514)"),
            step(r**2 / DH, "<=", r**2 / (m * r**2 / 2), "Δ_h ≥ (m/2)r² (the supremum)"),
            then("==", GROWTH_B1, "algebra"),
        ),
    )


def _bernoulli() -> object:
    return step(GAMMA_E1**T_p, "<=", FACT_E1_BERNOULLI,
                "Bernoulli's inequality (1 + 2x)^{T'} ≥ 1 + 2xT' for x = m/M ≥ 0 and T' ≥ 1 (line 620)",
                conditions=(sympy.Ge(T_p, 1),), monotone=Monotone(m, 0))


def factE1(part: str = "") -> Derivation:
    """Fact E.1 (line 618), eq. (15) as printed: Bernoulli, then 1 + y ≥ 2√y (line 623)."""
    cid = "d2d.factE.1" + part
    if part == ":bernoulli":
        return Derivation(claim_id=cid, target="bound", title="Fact E.1, its Bernoulli step (eq. (15), line 620)",
                          start=GAMMA_E1**T_p, conditions=(sympy.Ge(T_p, 1),), steps=(_bernoulli(),))
    y = 2 * (m / M) * T_p
    return Derivation(
        claim_id=cid, target="bound", title="Fact E.1: γ^{T'} ≤ √(M/(mT')) (eq. (15), lines 618–623)",
        start=GAMMA_E1**T_p, conditions=(sympy.Ge(T_p, 1),),  # "every positive integer T'" (line 618)
        steps=(
            _bernoulli(),
            then("<=", 1 / (2 * sympy.sqrt(y)), "1 + y ≥ 2√y for y = 2(m/M)T' ≥ 0 (line 623)"),
            then("<=", FACT_E1, "1/(2√2) ≤ 1"),
        ),
    )


def factE2() -> Derivation:
    """Fact E.2 (line 625), eq. (16) as printed: Fact E.1 at ξT', then the 1/ξ-th power."""
    return Derivation(
        claim_id="d2d.factE.2", target="bound", title="Fact E.2: γ^{T'} ≤ (M/(mT'))^{1/(2ξ)} (eq. (16), line 627)",
        start=GAMMA_E1**T_p,
        conditions=(sympy.Ge(T_p, 1), sympy.Ge(xi, 1)),
        steps=(
            step(GAMMA_E1**T_p, "==", (GAMMA_E1 ** (xi * T_p)) ** (1 / xi), "γ^{T'} = (γ^{ξT'})^{1/ξ}"),
            *fact_e2_steps(None, m / M, m, T_p, "Fact E.1 at ξT' ≥ 1 (Bernoulli holds for every real exponent ≥ 1)"),
            then("<=", FACT_E2, "ξ ≥ 1: M/(mξT') ≤ M/(mT')"),
        ),
    )
