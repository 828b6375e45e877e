"""Table 1's baseline column, its convex rows (lines 66–71, 82): full retraining to the explicit accuracy of Theorem 3.4
(entry (εn𝓘/√d)^{2/5}) and of Theorem 3.5 (entry √(εn√𝓘/√d)), read as a growth in n (``claims/d2d/baseline_convex.py``).

Theorem 2.14 (line 169) solved for T gives T(n) = MD²/(2α(n)), so T(n₂)/T(n) = α(n)/α(n₂). The rows' α (Theorem 3.4's
chain, lines 293–300; Theorem 3.5's, eqs. (19)–(20)) is (M/2)ρ² + (3/2)mD² with ρ = 4L'K₀G/(mn), L' = L + mD,
K₀ = 1 + √2·√(2d)log(2d/β)/gap free of n, and the prescribed m = m(n) = c·n^{−p} (Theorem 3.4: p = 4/5 printed, 2/5
corrected; Theorem 3.5: p = 1/2): with τ = m(n₂)/m(n) = (n/n₂)^p the steps compare α at (m₁, n) and at (τm₁, n₂).
The +fix derivations run from the claims' quantity ⌈T(n₂)⌉/⌈T(n)⌉ itself (:func:`_fix_chain`, start checked against
``proofs.d2d.starts.baseline_ratio_run``)."""
from __future__ import annotations

import sympy
from sympy import Rational, sqrt

from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, step, then
from certunlearn.formulas.d2d import (
    ACC_ROW, ACC_ROW_FIX, ALPHA_34, GAMMA_REG, SIGMA_34, BASELINE_RATIO_CVX, BASELINE_RATIO_CVX_FIX, CONVEX_RATE_214, GAP, M_34_FIX, M_35, D, I,
    L, M, T, beta, d, m, n, n2,
)
from certunlearn.formulas.symbols import delta, epsilon, sigma

from .starts import baseline_ratio_run, rationalised_gaps

_ALPHA = sympy.Symbol("alpha", positive=True)
A1, A2 = sympy.Symbol("alpha_1", positive=True), sympy.Symbol("alpha_2", positive=True)  # α(n), α(n₂)
m1 = sympy.Symbol("m_1", positive=True)  # the prescribed regulariser at n
tau = sympy.Symbol("tau", positive=True)  # m(n₂)/m(n) ∈ (0, 1]
x = sympy.Symbol("x", positive=True)  # 2m₁/M
K0 = sympy.Symbol("K_0", positive=True)
DOMAIN = {L: ("0.1", "10"), M: ("0.05", "100"), D: ("0.1", "10"), I: ("1", "50"), n: ("10", "1e15"), n2: ("11", "1e16"),
          m1: ("1e-6", "10"), tau: ("0.001", "1"), x: ("1e-6", "10"), K0: ("1", "100")}


def _g(mm):
    """γ^𝓘/(1 − γ^𝓘) = 1/((1 + 2m/M)^𝓘 − 1) for Theorem 3.4's γ = M/(M + 2m)."""
    return 1 / ((1 + 2 * mm / M) ** I - 1)


def _rho(row: str, mm, nn):
    if row == "regularized":
        return 4 * (L + mm * D) * K0 * _g(mm) / (mm * nn)
    return 4 * (L + mm * D) * sqrt(M) * K0 / (mm * sqrt(mm * I) * nn)


def _alpha(row: str, mm, nn):
    return M / 2 * _rho(row, mm, nn) ** 2 + Rational(3, 2) * mm * D**2


#: the claims' hypotheses the chain from the quantity uses: log(2d/β) > 0 and log(1/δ) > 0 (so α > 0)
_HYPS = (sympy.Ge(d, 1), sympy.Lt(beta, 1), sympy.Lt(delta, 1))
T1, T2 = sympy.Symbol("T_1", positive=True), sympy.Symbol("T_2", positive=True)  # T(n), T(n₂) = MD²/(2α)
a_, b_ = sympy.Symbol("a", positive=True), sympy.Symbol("b", positive=True)  # α(n) = a(L + m₁D)² + b
w_d = sympy.Symbol("w_delta", positive=True)  # δ = 1/(1 + w_δ): every δ ∈ (0, 1)
v0 = sympy.Symbol("v", nonnegative=True)  # τG(m(n₂))/G(m₁) − 1 ≥ 0 (the regularised row)
G1, G2 = sympy.Symbol("G_1", positive=True), sympy.Symbol("G_2", positive=True)  # G = γ^𝓘/(1 − γ^𝓘) at m(n), m(n₂)


#: Theorem 2.14 (line 169) solved for T: MD²/(2T) ≤ α at T = MD²/(2α)
_T_OF = sympy.solve(sympy.Eq(CONVEX_RATE_214 * D**2, _ALPHA), T)[0]


def _gamma_g(mm):
    """G(m) = γ^𝓘/(1 − γ^𝓘) with Theorem 3.4's γ = M/(M + 2m) (formulas.d2d.GAMMA_REG), as ρ carries it."""
    gi = GAMMA_REG.subs(m, mm) ** I
    return gi / (1 - gi)


def _convexity_steps() -> tuple:
    """mG(m) does not increase with m (Theorem 3.4's G(m) = 1/((1 + 2m/M)^𝓘 − 1), 𝓘 ≥ 1): with x = 2m₁/M and τ ≤ 1,
    τG(τm₁)/G(m₁) = τ((1 + x)^𝓘 − 1)/((1 + τx)^𝓘 − 1) ≥ 1, i.e. (1 + τx)^𝓘 − 1 ≤ τ((1 + x)^𝓘 − 1): the chain writes
    y = τx, z = (1 − τ)x ≥ 0 and uses two tangent lines of the convex (1 + ·)^𝓘 (each proved by monotonicity)."""
    y, z = sympy.Symbol("y", positive=True), sympy.Symbol("z", nonnegative=True)
    at = ((y, tau * x), (z, (1 - tau) * x))
    return (
        step(tau * _gamma_g(tau * m1) / _gamma_g(m1), "==", tau * ((1 + x) ** I - 1) / ((1 + tau * x) ** I - 1),
             "G(m) = γ^𝓘/(1 − γ^𝓘) = 1/((1 + 2m/M)^𝓘 − 1) for γ = M/(M + 2m), x = 2m₁/M", given=((m1, M * x / 2),)),
        step(x * ((1 + tau * x) ** I - 1), "==", (y + z) * ((1 + y) ** I - 1), "y = τx, z = (1 − τ)x ≥ 0 (τ ≤ 1)",
             given=at),
        then("==", y * ((1 + y) ** I - 1) + z * ((1 + y) ** I - 1), "expand"),
        then("<=", y * ((1 + y) ** I - 1) + z * y * I * (1 + y) ** (I - 1),
             "(1 + y)^𝓘 − 1 ≤ y𝓘(1 + y)^{𝓘−1}: the tangent of the convex (1 + ·)^𝓘 at y lies below it at 0 (𝓘 ≥ 1)",
             conditions=(sympy.Ge(I, 1),), monotone=Monotone(y, 0)),
        then("<=", y * ((1 + y + z) ** I - 1),
             "(1 + y)^𝓘 + z𝓘(1 + y)^{𝓘−1} ≤ (1 + y + z)^𝓘: the tangent at y lies below it at y + z (𝓘 ≥ 1)",
             conditions=(sympy.Ge(I, 1),), monotone=Monotone(z, 0)),
        then("==", tau * x * ((1 + x) ** I - 1), "y = τx, y + z = x: so τG(τm₁) ≥ G(m₁) (the first step)", given=at),
    )


def _fix_chain(row: str) -> dict:
    """The corrected row's chain from its quantity ⌈T(n₂)⌉/⌈T(n)⌉ (``baseline_ratio(row, True)``) to the +fix bound
    (n₂/n)^r(1 + mD/L)² + 1. The first expression is written out in the base symbols (α's calibration gap rationalised,
    ``rationalised_gaps``: the same number), as the quantity's run returns it, so that the start is compared term for
    term; the next step names T₁, T₂ (given their definitions). The values the chain uses (given) are the independent
    identities before it: α(n) = a(L + m₁D)² + b with b = (3/2)m₁D², m₁ the prescribed m(n), and α(n₂) =
    τ(a(1 + v)²(L + τm₁D)² + b) with τ = m(n₂)/m₁ = (n/n₂)^r (v = 0 for pgd-weak; for the regularised row
    1 + v = τG(m(n₂))/G(m₁) ≥ 1 by :func:`_convexity_steps`), each proved for every δ = 1/(1 + w_δ) ∈ (0, 1)."""
    reg = row == "regularized"
    acc_r = rationalised_gaps(ACC_ROW_FIX[row] if reg else ACC_ROW[row])
    t_of = lambda acc: _T_OF.subs(_ALPHA, acc)  # noqa: E731 - Theorem 2.14 solved for T: MD²/(2α)
    dw = 1 / (1 + w_d)
    where_g: tuple = ()
    acc1, acc2 = acc_r, acc_r.subs(n, n2)
    if reg:  # Theorem 3.4: ρ = 4(L + mD)G(m)K₀/(mn), K₀ = 1 + √2·√(2d)log(2d/β)/gap, G = γ^𝓘/(1 − γ^𝓘)
        k0 = rationalised_gaps(1 + sqrt(2) * sqrt(2 * d) * sympy.log(2 * d / beta) / GAP).subs(delta, dw)
        m_of, r_ = M_34_FIX, Rational(2, 5)
        m1d = m_of.subs(delta, dw)
        where_g = ((G1, _gamma_g(M_34_FIX)), (G2, _gamma_g(M_34_FIX.subs(n, n2))))  # G at m(n) and at m(n₂), named
        named = ALPHA_34.subs(sigma, SIGMA_34).subs(_gamma_g(m), G1)  # α with its G named (sympy would merge
        if named.has(GAMMA_REG):  # (γ^𝓘)² into γ^{2𝓘} and expand (1 − γ^𝓘)² into the denominators)
            raise ValueError("G not named in Theorem 3.4's α")
        acc1 = rationalised_gaps(named.subs(m, M_34_FIX))
        acc2 = acc1.subs({n: n2, G1: G2}, simultaneous=True)
        a_val = 8 * M * k0**2 * G1**2 / (m1d**2 * n**2)
    else:  # Theorem 3.5: ρ = 4(L + mD)√M·K₀/(m√(m𝓘)n), K₀ = 1 + √(2d)log(2d/β)/(√2·gap)
        k0 = rationalised_gaps(1 + sqrt(2 * d) * sympy.log(2 * d / beta) / (sqrt(2) * GAP)).subs(delta, dw)
        m_of, r_ = M_35, Rational(1, 2)
        m1d = m_of.subs(delta, dw)
        a_val = 8 * M**2 * k0**2 / (m1d**3 * I * n**2)
    tau_val = (n / n2) ** r_
    given_ab = ((a_, a_val), (b_, Rational(3, 2) * m1d * D**2), (m1, m1d), (delta, dw))
    given2 = given_ab + ((tau, tau_val),)
    if reg:
        given2 += ((v0, tau_val * G2 / G1 - 1),)
    alpha1 = a_ * (L + m1 * D) ** 2 + b_
    alpha2 = tau * (a_ * (1 + v0) ** 2 * (L + tau * m1 * D) ** 2 + b_) if reg else tau * (a_ * (L + tau * m1 * D) ** 2 + b_)
    thm = "Theorem 3.4 (lines 279–300) at the corrected m ∝ n^{−2/5}" if reg else "Theorem 3.5 (lines 310–318, eqs. (19)–(20))"
    steps = (_convexity_steps() if reg else ()) + (
        step(acc1, "==", alpha1, f"{thm}: α = (M/2)ρ² + (3/2)mD², σ substituted, at the prescribed m₁ = m(n)",
             given=given_ab),
        step(acc2, "==", alpha2, "the same α at n₂ = nτ^{−1/r}: m(n₂) = τm₁ (m ∝ n^{−r}), so ρ(n₂)² = "
             "τ(1 + v)²ρ(n)²(L + τm₁D)²/(L + m₁D)² and (3/2)m(n₂)D² = τb"
             + (", 1 + v = τG(m(n₂))/G(m₁)" if reg else ""), given=given2),
        step(sympy.ceiling(t_of(acc_r.subs(n, n2))) / sympy.ceiling(t_of(acc_r)), "==", sympy.ceiling(T2) / sympy.ceiling(T1),
             "the whole iterations full retraining needs at n₂ and at n: T = MD²/(2α) (Theorem 2.14, line 169), T₁ = T(n), "
             "T₂ = T(n₂)", given=((T1, t_of(acc_r)), (T2, t_of(acc_r.subs(n, n2))))),
        then("<=", (T2 + 1) / sympy.ceiling(T1), "⌈T₂⌉ ≤ T₂ + 1 (⌈x⌉ = x + a value in [0, 1))"),
        then("<=", T2 / T1 + 1 / sympy.ceiling(T1), "⌈T₁⌉ ≥ T₁ > 0"),
        then("<=", T2 / T1 + 1, "⌈T₁⌉ ≥ 1: a whole number, positive since T₁ > 0"),
        then("==", A1 / A2 + 1, "T₂/T₁ = α(n)/α(n₂)", given=((T1, t_of(A1)), (T2, t_of(A2)))),
        then("==", alpha1 / alpha2 + 1, "α(n) and α(n₂) written out (the two identities before the chain)",
             given=((A1, alpha1), (A2, alpha2))),
        then("<=", (1 + m1 * D / L) ** 2 / tau + 1,
             "L²(a(L + m₁D)² + b) ≤ (L + m₁D)²(a(1 + v)²(L + τm₁D)² + b): the finite-n factor L'(n)² = (L + m₁D)² "
             "of ρ(n)² against L² ≤ L'(n₂)², and b ≤ (1 + m₁D/L)²b" + (" (v ≥ 0: mG(m) does not increase)" if reg else "")),
        then("==", BASELINE_RATIO_CVX_FIX[row], f"m₁ = m(n) the prescribed regulariser at n, τ = (n/n₂)^{{{r_}}}",
             given=((m1, m_of), (tau, tau_val))),
    )
    run = SymbolicStart(
        lambda: baseline_ratio_run(acc_r, n, n2, _HYPS, (acc1, G1, _gamma_g(M_34_FIX)) if reg else None),
        f"⌈T(n₂)⌉/⌈T(n)⌉ (what claims.d2d.baseline_convex.baseline_ratio('{row}', True) computes: T = T_RETRAIN = "
        f"MD²/(2α), α = formulas.d2d.{'ACC_ROW_FIX' if reg else 'ACC_ROW'}['{row}'] at n and n₂, each count "
        "max(0, ⌈T⌉) = ⌈T⌉ as α > 0 is proved" + (", α positive in G = γ^𝓘/(1 − γ^𝓘) > 0" if reg else "")
        + "; proofs.d2d.starts.baseline_ratio_run), α's calibration gap "
        "√(x + ε) − √x written ε/(√(x + ε) + √x) (proofs.d2d.starts.rationalised_gaps)")
    # α named as the identities write it; T₁, T₂ are not abbreviations (T_j = MD²/(2α_j) > 0 is given where the chain
    # uses it): the ceiling steps then stay small (their expansion through α would cost minutes per step)
    where = where_g + ((A1, acc1), (A2, acc2))
    domain = {**DOMAIN, d: ("1", "20"), beta: ("1e-9", "0.9"), delta: ("1e-12", "0.5"), epsilon: ("0.01", "20"),
              w_d: ("1", "1e12"), a_: ("1e-6", "1e6"), b_: ("1e-6", "1e6"), T1: ("0.01", "1e6"), T2: ("0.01", "1e6"),
              v0: ("0", "100"), G1: ("1e-6", "1e6"), G2: ("1e-6", "1e6"), sympy.Symbol("y", positive=True): ("1e-6", "10"),
              sympy.Symbol("z", nonnegative=True): ("0", "10")}
    # and 𝓘 ≥ 1, the rows' "I a positive integer" (claims.d2d.tables.table_hyps)
    return {"steps": steps, "where": where, "conditions": _HYPS + (sympy.Ge(I, 1),), "symbolic_start": run,
            "domain": domain}


def table1_baseline_convex() -> list[Derivation]:
    """The four derivations: the printed rows end on the table's (n₂/n)^r, their +fix on (n₂/n)^r(1 + mD/L)² + 1."""
    first = step(_T_OF.subs(_ALPHA, A2) / _T_OF.subs(_ALPHA, A1), "==", A1 / A2,
                 "Theorem 2.14 (line 169) solved for T: MD²/(2T) ≤ α at T = MD²/(2α) (‖θ_0 − θ*‖ ≤ D); α₁ = α(n), α₂ = α(n₂)")
    out = []
    for row in ("regularized", "pgd-weak"):
        r = Rational(2, 5) if row == "regularized" else Rational(1, 2)
        for fix in (False, True):
            p = (Rational(2, 5) if fix else Rational(4, 5)) if row == "regularized" else Rational(1, 2)
            n_of_tau = n * tau ** (-1 / p)  # n₂ at m(n₂) = τm(n)
            steps = [first]
            extra = {}
            if fix:  # the chain from the quantity
                extra = _fix_chain(row)
                steps = list(extra.pop("steps"))
            else:
                steps += [
                    step(_alpha(row, m1, n) / _alpha(row, tau * m1, n_of_tau), "<=", tau ** (-r / p),
                         f"the table's entry: the row's explicit α(n) decays at least as n^{{−{r}}} at every n "
                         f"(m = m(n) ∝ n^{{−{p}}}, τ = m(n₂)/m(n), n₂ = nτ^{{−1/p}})", conditions=(sympy.Le(tau, 1),)),
                    step(tau ** (-r / p), "==", BASELINE_RATIO_CVX[row], f"τ = (n/n₂)^{{{p}}}", given=((tau, (n / n2) ** p),)),
                ]
            out.append(Derivation(
                claim_id=f"d2d.table1:{row}-baseline" + ("+fix" if fix else ""), target="bound",
                title=f"Table 1, {row}: baseline iterations, their growth in n" + (" (corrected)" if fix else ""),
                start="⌈T(n₂)⌉/⌈T(n)⌉", samples=12, steps=tuple(steps), **{"domain": DOMAIN, **extra},
                premises=(Premise(f"the prescribed regulariser is m(n) = c·n^{{−{p}}} (c free of n), and α is Theorem "
                                  + ("3.4" if row == "regularized" else "3.5") + "'s explicit (M/2)ρ² + (3/2)mD²",
                                  "Theorem " + ("3.4" if row == "regularized" else "3.5")),),
            ))
    return out
