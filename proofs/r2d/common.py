"""The proof symbols of the Rewind-to-Delete derivations (see the package docstring: vectors as scalars, ratios in
[0, 1], abbreviations for signs), their sampling domain, and Theorem 3.1's shift bound (line 437) written for the
sign prover.

Paper file ``papers/003_4ace1bceaf1cf3d6.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import sympy

from certunlearn.formulas.r2d import BOUND_B2, BOUND_B3, G, K, L, T, eta, m, n, t
from certunlearn.formulas.symbols import delta, epsilon, sigma
from certunlearn.derive import Premise

# ---------------------------------------------------------------------------------------------- proof symbols
r = sympy.Symbol("r", positive=True)  # n − m, the number of retained points
q = sympy.Symbol("q", positive=True)  # ηLn/(n − m)
p = sympy.Symbol("p", nonnegative=True)  # q − ηL = ηLm/(n − m)
u = sympy.Symbol("u", nonnegative=True)  # (1 + q)^(t−1) − 1 in Lemma B.2, (1 + q)^(T−K) − 1 elsewhere (≥ 0)
ell = sympy.Symbol("ell", nonnegative=True)  # log(1 + q) − log(1 + ηL) (≥ 0: 1 + ηL ≤ 1 + q)
v = sympy.Symbol("v", nonnegative=True)  # the slack of line 570 (≥ 0 by that line)
c = sympy.Symbol("c", positive=True)  # √(2 ln(1.25/δ)) (positive: δ < 1.25)
a = sympy.Symbol("a", nonnegative=True)  # ‖Δ_{t−1}‖ (Lemma B.2) or ‖Δ'_{t−1}‖ (Lemma B.3)
A = sympy.Symbol("A", nonnegative=True)  # ‖Δ_{T−K}‖ = ‖θ_{T−K} − θ'_{T−K}‖
D = sympy.Symbol("D", nonnegative=True)  # ‖θ'_T − θ''_K‖
D0 = sympy.Symbol("D_0", positive=True)  # ‖Δ'_0‖ = ‖θ'_{T−K} − θ''_0‖ (Lemma B.3, ratio form)
kappa1 = sympy.Symbol("kappa_1", positive=True)  # ‖∇f_D(θ_{t−1})‖/G
kappa3 = sympy.Symbol("kappa_3", positive=True)  # Σ_{i∈Z} ‖∇f_{z_i}(θ'_{t−1})‖/(mG)
lam = sympy.Symbol("lambda", positive=True)  # ‖∇f(θ) − ∇f(θ')‖/(L‖θ − θ'‖)
kappa_a = sympy.Symbol("kappa_a", positive=True)  # induction hypothesis: a/(its bound)
kappa_A = sympy.Symbol("kappa_A", positive=True)  # Lemma B.2 at T − K: A/(its bound)
kappa_B = sympy.Symbol("kappa_B", positive=True)  # Lemma B.3: D/(A(1 + ηL)^K)
#: Theorem 3.1's shift through its two lemmas, as the ratios κ_A, κ_B of the true distances to the lemmas' bounds
SHIFT_LEMMAS = Premise("A = ‖θ_{T−K} − θ'_{T−K}‖ = κ_A·(Lemma B.2's bound at t = T − K), D = ‖θ'_T − θ''_K‖ = "
                       "κ_B·A(1 + ηL)^K (Lemma B.3), κ_A, κ_B ≤ 1", "Lemmas B.2 and B.3 (r2d.lemB.2, r2d.lemB.3)",
                       sympy.And(sympy.Le(kappa_A, 1), sympy.Le(kappa_B, 1)))
i = sympy.Symbol("i", integer=True, nonnegative=True)
j = sympy.Symbol("j", positive=True)  # T − K
k = sympy.Symbol("k", nonnegative=True)  # the variable of h(k)
nu = sympy.Symbol("nu", positive=True)  # ημ ≤ 1 (Corollary 3.5: μ ≤ L, η ≤ 1/L)


def le1(*syms: sympy.Symbol) -> tuple:
    """The conditions ratio ≤ 1 of a step (each ratio is a positive symbol: the range (0, 1] is one
    reparametrisation ratio = 1/(1 + x), x ≥ 0, for the sign prover)."""
    return tuple(sympy.Le(s_, 1) for s_ in syms)


N_IS = (n, m + r)  # m < n: r = n − m ≥ 1 retained points
T_IS = (T, K + j)  # K < T: j = T − K ≥ 1 learning steps before the checkpoint
Q_IS = (q, eta * L * n / (n - m))
ONE_Q = 1 + eta * L * n / (n - m)  # 1 + ηLn/(n−m), as printed

#: Sampling domain (base symbols).
DOMAIN = {
    m: ("1", "50"), r: ("1", "1000"), eta: ("0.001", "10"), L: ("0.001", "100"), G: ("0.01", "100"),
    j: ("1", "60"), K: ("0", "60"), t: ("1", "60"), epsilon: ("0.0001", "1"), delta: ("1e-30", "0.99"),
    sigma: ("0.001", "1000"), D0: ("0.001", "100"), c: ("0.01", "12"), u: ("0", "1000"), ell: ("0", "10"), v: ("0", "1000"),
    kappa1: ("0.001", "1"), kappa3: ("0.001", "1"), lam: ("0.001", "1"), kappa_a: ("0.001", "1"),
    kappa_A: ("0.001", "1"), kappa_B: ("0.001", "1"),
}


def dom(*syms: sympy.Symbol) -> dict:
    return {s_: DOMAIN[s_] for s_ in syms}


#: the proof's shift bound (line 437): Lemma B.2 at t = T − K times Lemma B.3's factor, from the lemmas' formulas
SHIFT_BOUND_31 = BOUND_B2.subs(t, T - K) * BOUND_B3
SHIFT_WHAT_31 = "Lemma B.2 at t = T − K times Lemma B.3's (1 + ηL)^K (line 437)"
#: (1 + q)^(−(T−K)) ∈ (0, 1): the shift bound written 2mG/(Ln)·(1/π − 1)(1 + ηL)^K, so that its sign (K < T) is proved
PI_31 = sympy.Symbol("pi_q", positive=True)


def shift_written(sub: dict | None = None) -> tuple[tuple, sympy.Expr]:
    """The abbreviations q = ηLn/(n − m) and π = (1 + q)^(−j) (T − K = j), and Theorem 3.1's shift bound written with
    π — ``sub`` applied to q's definition and to the bound (η := η_final, G := Ĝ, L := 1/λ, m := m + k)."""
    sub = sub or {}
    return (((q, Q_IS[1].subs(sub)), (PI_31, (1 + q) ** -j)),
            (2 * G * m / (L * n) * (1 / PI_31 - 1) * (1 + eta * L) ** K).subs(sub))
