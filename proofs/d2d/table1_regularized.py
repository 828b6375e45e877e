"""Table 1 (lines 66–71), row regularized (Theorem 3.4, lines 279–302), corrected: α(𝓘₂)/α(𝓘) ≤ (𝓘/𝓘₂)^{2/5} for
Theorem 3.4 run with the regulariser m = (LM^{3/2}√(d log(1/δ))/(Dεn𝓘))^{2/5} (``formulas.d2d.M_34_FIX``; printed: 4/5).

Paper file ``papers/002_7f80bf4846a5a6af.txt``. α = P + Q with P = (M/2)ρ², Q = (3/2)mD² (eq. (5)'s explicit bound, σ
substituted) at m₁ = m(𝓘) and m₂ = m(𝓘₂). With τ = (𝓘/𝓘₂)^{2/5}: Q₂ = τQ₁ (m ∝ 𝓘^{−2/5}) and P₂ ≤ τP₁, so the ratio
is at most τ. P₂ ≤ τP₁: ρ(m, 𝓘) = (4K₀/n)((L + mD)/m)·G(m, 𝓘) with G = γ^𝓘/(1 − γ^𝓘) = 1/((1 + 2m/M)^𝓘 − 1), and
G(m₂, 𝓘₂) ≤ τ^{3/2}G(m₁, 𝓘) by two Bernoulli inequalities (m₂ = τm₁, 𝓘₂ = τ^{−5/2}𝓘, x = 2m₁/M): (1 + τx)^{1/τ} ≥ 1 + x
and z^q − 1 ≥ q(z − 1) for z ≥ 1, q = τ^{−3/2} ≥ 1 — each proved by monotonicity (issue 25: this step was sampled).

The start stays stated (:data:`START_REASON`).
"""
from __future__ import annotations

import sympy
from sympy import Rational, log, sqrt

from certunlearn.formulas.d2d import (
    ENTRY_ACC_RATIO_FIX, GAP, M_34_FIX, RHO_34, SIGMA_34, D, I, I2, L, M, beta, d, m, n,
)
from certunlearn.formulas.symbols import delta, sigma
from certunlearn.derive import Derivation, Monotone, Premise, Step, step

from .common import PGD_DOMAIN, u

ROW = "regularized"
#: the prescribed regulariser at 𝓘 and at 𝓘₂ (abbreviations of formulas.d2d.M_34_FIX)
m1 = sympy.Symbol("m_1", positive=True)
m2 = sympy.Symbol("m_2", positive=True)
#: τ = (𝓘/𝓘₂)^{2/5} and the stand-ins of the Bernoulli steps: x = 2m₁/M, z = (1 + x)^𝓘, q = τ^{−3/2},
#: a = (1 + τx)^{𝓘/τ^{5/2}} (= (1 + 2m₂/M)^{𝓘₂}), b = z^q
tau = sympy.Symbol("tau", positive=True)
x = sympy.Symbol("x", positive=True)
z_b, q_b, a_b, b_b = (sympy.Symbol(nm, positive=True) for nm in ("z_b", "q_b", "a_b", "b_b"))
X1 = sympy.Symbol("X_1", positive=True)
Pp, Qq = sympy.Symbol("P", positive=True), sympy.Symbol("Q", positive=True)

_RHO = RHO_34.subs(sigma, SIGMA_34)  # eq. (5)'s radius at the prescribed σ, in m and 𝓘

#: Why the start is stated (issue 25, item 3).
START_REASON = (
    "the claim's quantity α(𝓘₂)/α(𝓘) (formulas.d2d.ACC_ROW_FIX, claims.d2d.tables.table_accuracy_ratio) is a closed "
    "form, and a final chain from it, α(𝓘₂)/α(𝓘) = (P₂ + Q₂)/(P₁ + Q₁) ≤ τ under P₂ ≤ τP₁, Q₂ = τQ₁ (the steps above), "
    "was tried (issue 25, session 11): its cold check ran beyond 11 CPU-min without finishing (the comparisons with "
    "the expanded α, symbolic powers γ^𝓘 at m = M_34_FIX), so the chain keeps the stated start")


def table1_regularized_fix(first_term_step: Step | None = None) -> Derivation:
    """The derivation; ``first_term_step`` (from ``introduction.table1``) is eq. (5)'s first term at m ∝ 𝓘^{−2/5}, which
    shows why the exponent 2/5 balances (5)'s two terms; it precedes the steps below."""
    k0 = 1 + sqrt(2) * sqrt(2 * d) * log(2 * d / beta) / GAP
    t = (I / I2) ** Rational(2, 5)
    where = ((m1, M_34_FIX), (m2, M_34_FIX.subs(I, I2)),
             (z_b, (1 + x) ** I), (q_b, tau ** Rational(-3, 2)), (a_b, (1 + tau * x) ** (I / tau ** Rational(5, 2))),
             (b_b, z_b**q_b))
    why = "α = (M/2)ρ² + (3/2)mD², ρ = 4(L+mD)γ^𝓘/(mn(1−γ^𝓘))(1 + √2·√(2d)log(2d/β)/gap)"
    steps = ((first_term_step,) if first_term_step is not None else ()) + (
        step(m2, "==", t * m1, "the prescribed m ∝ 𝓘^{−2/5}: m₂ = τm₁ with τ = (𝓘/𝓘₂)^{2/5} (so Q₂ = τQ₁)"),
        step(_RHO, "==", 4 * (L + m * D) * k0 / (m * n) / ((1 + 2 * m / M) ** I - 1),
             "ρ = (4K₀/n)((L + mD)/m)·G(m, 𝓘), K₀ = 1 + √2·√(2d)log(2d/β)/gap, G = γ^𝓘/(1 − γ^𝓘) = 1/((1 + 2m/M)^𝓘 − 1) "
             "with γ = M/(M + 2m)"),
        step(log(1 + x), "<=", log(1 + tau * x) / tau,
             "Bernoulli: (1 + τx)^{1/τ} ≥ 1 + x for τ ∈ (0, 1], x > 0 (log(1 + τx)/τ − log(1 + x) increases in x from 0); "
             "times 𝓘τ^{−3/2} and exponentiated: b = z^q = (1 + x)^{𝓘τ^{−3/2}} ≤ (1 + τx)^{𝓘τ^{−5/2}} = a",
             conditions=(sympy.Le(tau, 1),), monotone=Monotone(x, 0)),
        step(q_b * (z_b - 1), "<=", z_b**q_b - 1, "Bernoulli: z^q − 1 ≥ q(z − 1) for z ≥ 1, q ≥ 1 (z = (1 + x)^𝓘 > 1, "
             "q = τ^{−3/2} ≥ 1 for τ ≤ 1)", conditions=(sympy.Gt(z_b, 1), sympy.Ge(q_b, 1)), monotone=Monotone(z_b, 1)),
        step(q_b * (z_b - 1), "<=", a_b - 1, "the two previous steps: q(z − 1) ≤ b − 1 ≤ a − 1",
             conditions=(sympy.Le(b_b, a_b), sympy.Le(q_b * (z_b - 1), b_b - 1))),
        step(1 / (a_b - 1), "<=", 1 / (q_b * (z_b - 1)),
             "G(m₂, 𝓘₂) ≤ τ^{3/2}G(m₁, 𝓘): with x = 2m₁/M, m₂ = τm₁ and 𝓘₂ = τ^{−5/2}𝓘, G(m₂, 𝓘₂) = 1/(a − 1) and "
             "G(m₁, 𝓘) = 1/(z − 1) (the second step); a − 1 ≥ q(z − 1) (previous step)",
             conditions=(sympy.Le(q_b * (z_b - 1), a_b - 1), sympy.Gt(z_b, 1))),
        step(tau * (L + tau * m1 * D) ** 2, "<=", tau * (L + m1 * D) ** 2,
             "ρ(m, 𝓘)² = (4K₀/n)²((L + mD)/m)²G(m, 𝓘)² (the second step): with m₂ = τm₁ and G₂ ≤ τ^{3/2}G₁ (previous "
             "step), ρ₂² ≤ (4K₀G₁/n)²τ(L + τm₁D)²/m₁² ≤ τρ₁² since τ ≤ 1: P₂ ≤ τP₁",
             conditions=(sympy.Le(tau, 1),)),
        step((Pp * tau * X1 / (1 + u) + Qq * tau) / (Pp * X1 + Qq), "<=", tau,
             why + ": (M/2)ρ₂² ≤ τ(M/2)ρ₁² (previous step) and (3/2)m₂D² = τ(3/2)m₁D² (the first step)"),
        # the final chain: the entry the steps above bound α(𝓘₂)/α(𝓘) by
        step(t, "==", ENTRY_ACC_RATIO_FIX[ROW], "τ = (𝓘/𝓘₂)^{2/5}: α(𝓘₂)/α(𝓘) ≤ τ by the previous steps"),
    )
    return Derivation(
        claim_id=f"d2d.table1:{ROW}-accuracy+fix", target="bound",
        title=f"Table 1, {ROW}: accuracy as a function of 𝓘, m with exponent 2/5",
        start="α(𝓘₂)/α(𝓘)", where=where, conditions=(sympy.Gt(I2, I), sympy.Lt(delta, 1)), start_reason=START_REASON,
        domain={**PGD_DOMAIN, I: ("1", "50"), I2: ("1", "100"), tau: ("0.001", "1"), x: ("0.001", "1000"),
                X1: ("0.001", "100")},
        samples=12, steps=steps,
        premises=(Premise("the prescribed regulariser is m(𝓘) = c·𝓘^{−2/5} (c free of 𝓘): m₁ = m(𝓘), "
                          "m₂ = m(𝓘₂) = m₁(𝓘/𝓘₂)^{2/5}", "Theorem 3.4 (corrected exponent)"),),
    )


__all__ = ["table1_regularized_fix", "START_REASON"]
