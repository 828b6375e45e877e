"""Table 1 (lines 66–71), row regularized (Theorem 3.4, lines 279–302), corrected: α(𝓘₂)/α(𝓘) ≤ (𝓘/𝓘₂)^{2/5} for
Theorem 3.4 run with the regulariser m = (LM^{3/2}√(d log(1/δ))/(Dεn𝓘))^{2/5} (``formulas.d2d.M_34_FIX``; printed: 4/5).

Paper file ``papers/002_7f80bf4846a5a6af.txt``. α = P + Q with P = (M/2)ρ², Q = (3/2)mD² (eq. (5)'s explicit bound, σ
substituted) at m₁ = m(𝓘) and m₂ = m(𝓘₂). With τ = (𝓘/𝓘₂)^{2/5}: Q₂ = τQ₁ (m ∝ 𝓘^{−2/5}) and P₂ ≤ τP₁, so the ratio
is at most τ. P₂ ≤ τP₁: ρ(m, 𝓘) = (4K₀/n)((L + mD)/m)·G(m, 𝓘) with G = γ^𝓘/(1 − γ^𝓘) = 1/((1 + 2m/M)^𝓘 − 1), and
G(m₂, 𝓘₂) ≤ τ^{3/2}G(m₁, 𝓘) by two Bernoulli inequalities (m₂ = τm₁, 𝓘₂ = τ^{−5/2}𝓘, x = 2m₁/M): (1 + τx)^{1/τ} ≥ 1 + x
and z^q − 1 ≥ q(z − 1) for z ≥ 1, q = τ^{−3/2} ≥ 1 — each proved by monotonicity (issue 25: this step was sampled).

The final chain starts from the claim's quantity α(𝓘₂)/α(𝓘) written in abbreviations, P_j := (M/2)ρ(m_j)² and
Q_j := (3/2)m_jD², ρ written in H_j := 1/(1 − γ_j^{𝓘_j}), R (the rationalised gap's denominator) and Λ := log(2d/β), each
proved positive on its own: its start is checked against the quantity computed at symbolic input (its gap rationalised,
as ``proofs.d2d.starts.rationalised_gaps`` writes it: the same number), and its step (P₂ + Q₂)/(P₁ + Q₁) ≤ τ is proved
in the abbreviations under r_P = P₂/(τP₁) ≤ 1 and r_Q = Q₂/(τQ₁) = 1 (the steps before it). (Session 11's chain
compared the expanded α and ran past 11 CPU-min cold.)
"""
from __future__ import annotations

import sympy
from sympy import Rational, log, sqrt

from certunlearn.formulas.d2d import (
    ACC_ROW_FIX, ENTRY_ACC_RATIO_FIX, GAMMA_REG, GAP, M_34_FIX, RHO_34, SIGMA_34, D, I, I2, L, M, beta, d, m, n,
)
from certunlearn.formulas.symbols import delta, sigma
from certunlearn.derive import Derivation, Monotone, Premise, Step, SymbolicStart, step, then

from .common import PGD_DOMAIN
from .starts import gap_denominator, in_positive_parts, rationalised_gaps

ROW = "regularized"
#: the prescribed regulariser at 𝓘 and at 𝓘₂ (abbreviations of formulas.d2d.M_34_FIX)
m1 = sympy.Symbol("m_1", positive=True)
m2 = sympy.Symbol("m_2", positive=True)
#: τ = (𝓘/𝓘₂)^{2/5} and the stand-ins of the Bernoulli steps: x = 2m₁/M, z = (1 + x)^𝓘, q = τ^{−3/2},
#: a = (1 + τx)^{𝓘/τ^{5/2}} (= (1 + 2m₂/M)^{𝓘₂}), b = z^q
tau = sympy.Symbol("tau", positive=True)
x = sympy.Symbol("x", positive=True)
z_b, q_b, a_b, b_b = (sympy.Symbol(nm, positive=True) for nm in ("z_b", "q_b", "a_b", "b_b"))
#: eq. (5)'s two terms at (m₁, 𝓘) and at (m₂, 𝓘₂): P_j = (M/2)ρ(m_j)², Q_j = (3/2)m_jD² (α = P + Q), and their
#: growth against τ = (𝓘/𝓘₂)^{2/5}: r_P = P₂/(τP₁), r_Q = Q₂/(τQ₁)
P1, P2, Q1, Q2 = (sympy.Symbol(nm, positive=True) for nm in ("P_1", "P_2", "Q_1", "Q_2"))
rP, rQ = sympy.Symbol("r_P", positive=True), sympy.Symbol("r_Q", positive=True)
#: the parts of ρ whose signs are proved on their own: H_j = 1/(1 − γ_j^{𝓘_j}) (γ_j = M/(M + 2m_j)), the rationalised
#: gap's denominator R = √(log(1/δ) + ε) + √log(1/δ), Λ = log(2d/β)
H1, H2, Rg, Lam = (sympy.Symbol(nm, positive=True) for nm in ("H_1", "H_2", "R", "Lambda"))

_RHO = RHO_34.subs(sigma, SIGMA_34)  # eq. (5)'s radius at the prescribed σ, in m and 𝓘


def _alpha_parts(mm: sympy.Symbol, II: sympy.Symbol, H: sympy.Symbol) -> tuple[sympy.Expr, sympy.Expr]:
    """P = (M/2)ρ² and Q = (3/2)mD² at (m, 𝓘) = (mm, II), the gap rationalised (``starts.rationalised_gaps``) and
    written in H = 1/(1 − γ^𝓘), R and Λ: every term of ρ is then positive on its own."""
    rho = in_positive_parts(rationalised_gaps(_RHO).subs({m: mm, I: II}), 1 - GAMMA_REG.subs(m, mm) ** II, GAP, H, Rg, Lam)
    return M / 2 * rho**2, Rational(3, 2) * mm * D**2


def _quantity_run() -> sympy.Expr:
    """What the claim's quantity (``claims.d2d.tables.table_accuracy_ratio('regularized', fix=True)``) computes,
    α(𝓘₂)/α(𝓘) with α = ``formulas.d2d.ACC_ROW_FIX['regularized']``, its gap rationalised (the same number)."""
    acc = rationalised_gaps(ACC_ROW_FIX[ROW])
    return acc.subs(I, I2) / acc


def table1_regularized_fix(first_term_step: Step | None = None) -> Derivation:
    """The derivation; ``first_term_step`` (from ``introduction.table1``) is eq. (5)'s first term at m ∝ 𝓘^{−2/5}, which
    shows why the exponent 2/5 balances (5)'s two terms; it precedes the steps below."""
    k0 = 1 + sqrt(2) * sqrt(2 * d) * log(2 * d / beta) / GAP
    t = (I / I2) ** Rational(2, 5)
    where = ((m1, M_34_FIX), (m2, M_34_FIX.subs(I, I2)),
             (z_b, (1 + x) ** I), (q_b, tau ** Rational(-3, 2)), (a_b, (1 + tau * x) ** (I / tau ** Rational(5, 2))),
             (b_b, z_b**q_b),
             (H1, 1 / (1 - GAMMA_REG.subs(m, m1) ** I)), (H2, 1 / (1 - GAMMA_REG.subs(m, m2) ** I2)), (Rg, gap_denominator(GAP)),
             (Lam, log(2 * d / beta)),
             *zip((P1, Q1), _alpha_parts(m1, I, H1)), *zip((P2, Q2), _alpha_parts(m2, I2, H2)),
             (rP, P2 / (t * P1)), (rQ, Q2 / (t * Q1)))
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
        step(rQ, "==", 1, "Q = (3/2)mD² and m₂ = τm₁ (the first step): Q₂ = τQ₁"),
        # the final chain, from the claim's quantity α(𝓘₂)/α(𝓘) (formulas.d2d.ACC_ROW_FIX at 𝓘₂ and at 𝓘)
        step((P2 + Q2) / (P1 + Q1), "==", (t * rP * P1 + t * rQ * Q1) / (P1 + Q1),
             why + ": α(𝓘₂)/α(𝓘) = (P₂ + Q₂)/(P₁ + Q₁), P₂ = τr_PP₁, Q₂ = τr_QQ₁"),
        then("<=", ENTRY_ACC_RATIO_FIX[ROW], "r_P ≤ 1 (P₂ ≤ τP₁: the step before the previous one) and r_Q = 1 (the "
             "previous step)", conditions=(sympy.Le(rP, 1), sympy.Le(rQ, 1))),
    )
    return Derivation(
        claim_id=f"d2d.table1:{ROW}-accuracy+fix", target="bound",
        title=f"Table 1, {ROW}: accuracy as a function of 𝓘, m with exponent 2/5",
        start="α(𝓘₂)/α(𝓘)", where=where, conditions=(sympy.Gt(I2, I), sympy.Lt(delta, 1), sympy.Ge(d, 1), sympy.Lt(beta, 1)),
        symbolic_start=SymbolicStart(_quantity_run, "α(𝓘₂)/α(𝓘) (what claims.d2d.tables.table_accuracy_ratio('regularized', "
                                     "fix=True) computes: formulas.d2d.ACC_ROW_FIX at 𝓘₂ and at 𝓘), the calibration gap "
                                     "√(log(1/δ) + ε) − √log(1/δ) written ε/(√(log(1/δ) + ε) + √log(1/δ)) "
                                     "(proofs.d2d.starts.rationalised_gaps)"),
        domain={**PGD_DOMAIN, I: ("1", "50"), I2: ("1", "100"), tau: ("0.001", "1"), x: ("0.001", "1000")},
        samples=12, steps=steps,
        premises=(Premise("the prescribed regulariser is m(𝓘) = c·𝓘^{−2/5} (c free of 𝓘): m₁ = m(𝓘), "
                          "m₂ = m(𝓘₂) = m₁(𝓘/𝓘₂)^{2/5}", "Theorem 3.4 (corrected exponent)"),),
    )


__all__ = ["table1_regularized_fix"]
