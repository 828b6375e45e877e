"""Shared by the parts of the d2d derivations: the proofs' auxiliary symbols, the side conditions and sampling
domains written once, the χ² tail, and the power lemma γ^{log Y/log(1/γ)} = 1/Y behind every iteration count."""
from __future__ import annotations

import sympy
from sympy import log

from certunlearn.formulas.d2d import D, I, L, M, beta, d, gamma, m, n
from certunlearn.formulas.symbols import delta, epsilon, sigma
from certunlearn.derive import Step, step

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
