"""Table 1's baseline column, its convex rows (lines 66–71, 82): full retraining to the explicit accuracy of Theorem 3.4
(entry (εn𝓘/√d)^{2/5}) and of Theorem 3.5 (entry √(εn√𝓘/√d)), read as a growth in n (``claims/d2d/baseline_convex.py``).

Theorem 2.14 (line 169) solved for T gives T(n) = MD²/(2α(n)), so T(n₂)/T(n) = α(n)/α(n₂). The rows' α (Theorem 3.4's
chain, lines 293–300; Theorem 3.5's, eqs. (19)–(20)) is (M/2)ρ² + (3/2)mD² with ρ = 4L'K₀G/(mn), L' = L + mD,
K₀ = 1 + √2·√(2d)log(2d/β)/gap free of n, and the prescribed m = m(n) = c·n^{−p} (Theorem 3.4: p = 4/5 printed, 2/5
corrected; Theorem 3.5: p = 1/2): with τ = m(n₂)/m(n) = (n/n₂)^p the steps compare α at (m₁, n) and at (τm₁, n₂)."""
from __future__ import annotations

import sympy
from sympy import Rational, sqrt

from certunlearn.derive import Derivation, Premise, step
from certunlearn.formulas.d2d import BASELINE_RATIO_CVX, BASELINE_RATIO_CVX_FIX, CONVEX_RATE_214, M_34_FIX, M_35, D, I, L, M, T, n, n2

from .common import s, u

_ALPHA = sympy.Symbol("alpha", positive=True)
A1, A2 = sympy.Symbol("alpha_1", positive=True), sympy.Symbol("alpha_2", positive=True)  # α(n), α(n₂)
m1 = sympy.Symbol("m_1", positive=True)  # the prescribed regulariser at n
tau = sympy.Symbol("tau", positive=True)  # m(n₂)/m(n) ∈ (0, 1]
x = sympy.Symbol("x", positive=True)  # 2m₁/M
K0 = sympy.Symbol("K_0", positive=True)
P, Q, X1 = (sympy.Symbol(nm, positive=True) for nm in ("P", "Q", "X_1"))
G1 = sympy.Symbol("G_1", positive=True)  # G(m₁); G(τm₁) = G₁(1 + v)/τ ≥ G₁/τ (the regularised row's first step)
v = sympy.Symbol("v", positive=True)
DOMAIN = {L: ("0.1", "10"), M: ("0.05", "100"), D: ("0.1", "10"), I: ("1", "50"), n: ("10", "1e15"), n2: ("11", "1e16"),
          m1: ("1e-6", "10"), tau: ("0.001", "1"), x: ("1e-6", "10"), K0: ("1", "100"), P: ("0.01", "100"),
          Q: ("1e-9", "100"), X1: ("1e-9", "100"), G1: ("1e-6", "1e6"), v: ("0", "100")}


def _g(mm):
    """γ^𝓘/(1 − γ^𝓘) = 1/((1 + 2m/M)^𝓘 − 1) for Theorem 3.4's γ = M/(M + 2m)."""
    return 1 / ((1 + 2 * mm / M) ** I - 1)


def _rho(row: str, mm, nn, gg=None):
    if row == "regularized":
        return 4 * (L + mm * D) * K0 * (_g(mm) if gg is None else gg) / (mm * nn)
    return 4 * (L + mm * D) * sqrt(M) * K0 / (mm * sqrt(mm * I) * nn)


def _alpha(row: str, mm, nn):
    return M / 2 * _rho(row, mm, nn) ** 2 + Rational(3, 2) * mm * D**2


def table1_baseline_convex() -> list[Derivation]:
    """The four derivations: the printed rows end on the table's (n₂/n)^r, their +fix on (n₂/n)^r(1 + mD/L)² + 1."""
    t_of = sympy.solve(sympy.Eq(CONVEX_RATE_214 * D**2, _ALPHA), T)[0]
    first = step(t_of.subs(_ALPHA, A2) / t_of.subs(_ALPHA, A1), "==", A1 / A2,
                 "Theorem 2.14 (line 169) solved for T: MD²/(2T) ≤ α at T = MD²/(2α) (‖θ_0 − θ*‖ ≤ D); α₁ = α(n), α₂ = α(n₂)")
    out = []
    for row in ("regularized", "pgd-weak"):
        r = Rational(2, 5) if row == "regularized" else Rational(1, 2)
        for fix in (False, True):
            p = (Rational(2, 5) if fix else Rational(4, 5)) if row == "regularized" else Rational(1, 2)
            n_of_tau = n * tau ** (-1 / p)  # n₂ at m(n₂) = τm(n)
            steps = [first]
            if not fix:
                steps += [
                    step(_alpha(row, m1, n) / _alpha(row, tau * m1, n_of_tau), "<=", tau ** (-r / p),
                         f"the table's entry: the row's explicit α(n) decays at least as n^{{−{r}}} at every n "
                         f"(m = m(n) ∝ n^{{−{p}}}, τ = m(n₂)/m(n), n₂ = nτ^{{−1/p}})", conditions=(sympy.Le(tau, 1),)),
                    step(tau ** (-r / p), "==", BASELINE_RATIO_CVX[row], f"τ = (n/n₂)^{{{p}}}", given=((tau, (n / n2) ** p),)),
                ]
            else:
                if row == "regularized":
                    steps.append(step(_g(m1), "<=", tau * _g(tau * m1),
                                      "mG(m) = m/((1 + 2m/M)^𝓘 − 1) does not increase with m ((1 + y)^𝓘 − 1 is convex in "
                                      "y with value 0 at 0, 𝓘 ≥ 1)", conditions=(sympy.Le(tau, 1), sympy.Ge(I, 1))))
                steps += [
                    step(tau * _rho(row, m1, n, G1) ** 2 * L**2, "<=",
                         (L + m1 * D) ** 2 * _rho(row, tau * m1, n_of_tau, G1 * (1 + v) / tau) ** 2,
                         "ρ² at (τm₁, n₂) against ρ² at (m₁, n): the n- and m-powers give τ, the factor L' gives "
                         "(L + τm₁D)²/(L + m₁D)² ≥ L²/(L + m₁D)²" + ("; G(τm₁) = G₁(1 + v)/τ ≥ G₁/τ by the previous step"
                                                                    if row == "regularized" else ""),
                         conditions=(sympy.Le(tau, 1),)),
                    step((P * X1 + Q) / (P * tau * X1 * (1 + u) / (1 + s) + Q * tau), "<=", (1 + s) / tau,
                         "α₁ = PX₁ + Q, α₂ = PX₂ + τQ (P = M/2, X = ρ², Q = (3/2)m₁D², (3/2)m₂D² = τQ), "
                         "X₂ ≥ τX₁/c with c = (1 + m₁D/L)² = 1 + s ≥ 1 (previous step)"),
                    step(tau ** (-r / p) * (1 + m1 * D / L) ** 2 + u / (1 + u), "<=", BASELINE_RATIO_CVX_FIX[row],
                         "m₁ the prescribed m at n, τ = (n/n₂)^{" + str(p) + "}; whole iterations: ⌈T₂⌉/⌈T₁⌉ < "
                         "(T₂ + 1)/⌈T₁⌉ ≤ T₂/T₁ + 1 (⌈T₁⌉ ≥ max(T₁, 1); u/(1 + u) ∈ [0, 1))",
                         given=((m1, M_34_FIX if row == "regularized" else M_35), (tau, (n / n2) ** p))),
                ]
            out.append(Derivation(
                claim_id=f"d2d.table1:{row}-baseline" + ("+fix" if fix else ""), target="bound",
                title=f"Table 1, {row}: baseline iterations, their growth in n" + (" (corrected)" if fix else ""),
                start="⌈T(n₂)⌉/⌈T(n)⌉", domain=DOMAIN, samples=12, steps=tuple(steps),
                premises=(Premise(f"the prescribed regulariser is m(n) = c·n^{{−{p}}} (c free of n), and α is Theorem "
                                  + ("3.4" if row == "regularized" else "3.5") + "'s explicit (M/2)ρ² + (3/2)mD²",
                                  "Theorem " + ("3.4" if row == "regularized" else "3.5")),),
            ))
    return out
