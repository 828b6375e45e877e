"""The proof symbols, parameter box and small helpers shared by the olu derivations (``proofs/olu``).

Paper file ``papers/000_8245766a2c9b0ba6.txt``.
"""
from __future__ import annotations

import sympy

from certunlearn.formulas.olu import (
    D, L, Mc, S1, S2, T, a9, a10, b9, b10, beta, c9, c10, cnt, d, eta, k, kappa, mc, mu, omega,
)
from certunlearn.formulas.symbols import alpha, epsilon

# ---------------------------------------------------------------------------------------------- proof symbols
j = sympy.Symbol("j", positive=True)  # a deletion number (j ≥ 1)
a = sympy.Symbol("a", positive=True)  # a_{τ[j]} = γ^{τ[j]−u[j]}Δ_{u[j]}
rho = sympy.Symbol("rho", positive=True)  # a ratio in (0, 1]
theta = sympy.Symbol("theta", positive=True)  # a ratio in (0, 1]
lam = sympy.Symbol("lambda", positive=True)  # an eigenvalue of the Hessian
b = sympy.Symbol("b", nonnegative=True)  # β − μ ≥ 0
x = sympy.Symbol("x", positive=True)  # a distance ‖w* − w_i*‖ (Lemmas 5, 6) or Lemma 9's x
rA, rB, rC = sympy.symbols("rho_A rho_B rho_C", positive=True)  # Theorem 2's three parts over their bounds
Uu, Vv = sympy.symbols("u v", positive=True)  # √(u + v) ≤ √u + √v
Gs = sympy.Symbol("G", positive=True)  # 1/(e ln(1/γ)) in Corollary 7
Xs = sympy.Symbol("X", positive=True)  # Theorem 5's noise term ωk^{ω+1}L²d/(2(ω²−1)ε) at ω = 6/5
_W5 = sympy.Rational(6, 5)
X_IS = (Xs, _W5 * k ** (_W5 + 1) * L**2 * d / (2 * (_W5**2 - 1) * epsilon))

DOMAIN = {
    alpha: ("1.001", "100"), epsilon: ("0.001", "100"), omega: ("1.001", "20"), j: ("1", "1000"), a: ("0.001", "100"),
    rho: ("0.001", "1"), theta: ("0.001", "1"), mu: ("0.001", "100"), b: ("0", "100"), beta: ("0.001", "100"),
    eta: ("0.0001", "10"), lam: ("0.001", "100"), Mc: ("0.001", "100"), mc: ("0.001", "100"), cnt: ("1", "100"),
    L: ("0.001", "100"), T: ("1", "10000"), kappa: ("0.001", "100"), x: ("0.001", "100"), a9: ("0.001", "1000"),
    b9: ("0.001", "1000"), c9: ("0.001", "1000"), k: ("1", "100"), d: ("1", "100"), S1: ("0", "100"),
    rA: ("0.001", "1"), rB: ("0.001", "1"), rC: ("0.001", "1"), D: ("0.001", "100"), S2: ("0", "100"),
    a10: ("-3", "3"), b10: ("-3", "3"), c10: ("-3", "3"),
}


def dom(*syms: sympy.Symbol) -> dict:
    return {s: DOMAIN[s] for s in syms}


def le1(*syms: sympy.Symbol) -> tuple:
    return tuple(sympy.Le(s, 1) for s in syms)
