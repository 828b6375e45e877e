"""Lemma E.2 for m added points (``retain.lemE.2:m-points+fix``) on a 2×2 shape where the projectors have a closed form.

Paper file ``papers/004_d584c64aaf1f17d0.txt``: Lemma E.2 (lines 503–519), Lemma E.1 (lines 497–501).

The shape (d = 2, k = 1): R holds n₁ = (2 + v)·m copies of e₁ = (1, 0) (v ≥ 0, so m ≤ n₁/2), Z holds m copies of
z = (c, s), c, s ≥ 0, c² + s² ≤ 1 ≤ B². Then Σ̂_R = e₁e₁ᵀ (gap_1(R) = 1, P_1(Σ̂_R) = e₁e₁ᵀ) and
Σ̂_(R∪Z) = (n₁e₁e₁ᵀ + m zzᵀ)/(n₁ + m), whose top projector is the closed form of a symmetric 2×2 matrix
(:data:`~certunlearn.formulas.retain.DK_DISTANCE_2X2_EXPR`, what Lemma E.1's claims compute). Up to the factor
m/(n₁ + m) (projectors do not see it) the matrix is ((2 + v) + c², cs; cs, s²), with traceless part
(K/2, C; C, −K/2), K = 2 + v + c² − s² > 0, C = cs ≥ 0, S = √(K² + 4C²): the Frobenius shift is
√2·√(C²/S² + (K/(2S) − 1/2)²) = 2C/√(2K² + 4C² + 4KC²/(S + K)) — S(S + K) written with S − K = 4C²/(S + K), so
that every comparison below is a sign argument — and ≤ √2·C/K (the Davis–Kahan step on the shape: drop the
nonnegative terms; with θ the rotation of the top eigenvector, tan 2θ = 2C/K and the shift is √2·sin θ ≤ tan 2θ/√2)
≤ 2√2/(3 + v) (c² + s² ≤ 1) = 2√2m/(n₁ + m), which is the claim's bound at n = n₁, gap = 1, B = 1 and below it for
B ≥ 1.

Why the shape keeps m ≤ n₁/2: at n₁ = m and z = e₂ the matrix is I/2 (no top eigenvector), and just beyond it the
projector flips (shift √2) while the bound 2√2m/(n₁ + m) tends to √2: the claim is tight there (its checker's
instances reach it) and no step can be proved on a box reaching the degenerate point.
"""
from __future__ import annotations

import sympy
from sympy import sqrt

from certunlearn.formulas.retain import (
    DK_DISTANCE_2X2_EXPR, PCA_BOUND_M_EXPR, SYMBOLS, a11, a12, a22, e11, e12, e22,
)
from certunlearn.derive import Premise, SymbolicStart, step, then

from .common import B, n

m_ = SYMBOLS["m"]
gap_ = sympy.Symbol("gap", positive=True)
#: the shape: n₁ = (2 + v)m copies of e₁ in R, m copies of z = (c, s) in Z
v_ = sympy.Symbol("v", nonnegative=True)
c_, s_ = sympy.symbols("c s", nonnegative=True)
N1 = m_ * (2 + v_)
#: K, C: the traceless part of Σ̂_(R∪Z)·(n₁ + m)/m is (K/2, C; C, −K/2)
K_ = sympy.Symbol("K", positive=True)
C_ = sympy.Symbol("C", nonnegative=True)
_S = sqrt(K_**2 + 4 * C_**2)


def pca_shift_run() -> sympy.Expr:
    """What ``retain.lemE.2:m-points+fix``'s quantity (``_pca_shift``: ‖P_1(Σ̂_(R∪Z)) − P_1(Σ̂_R)‖_F of the certified
    projectors) computes on the shape: Σ̂_R = n₁e₁e₁ᵀ/n₁ and Σ̂_(R∪Z) − Σ̂_R = (m zzᵀ − m e₁e₁ᵀ)/(n₁ + m) (``RᵀR/n``
    summed by multiplicity), the top projectors' distance in closed form (√2 times the operator-norm distance
    :data:`~certunlearn.formulas.retain.DK_DISTANCE_2X2_EXPR`; tests/derive/test_retain_pca_shape_start.py ties it to
    the claim's quantity at exact instances)."""
    A = {a11: sympy.S.One, a12: sympy.S.Zero, a22: sympy.S.Zero}
    E = {e11: m_ * (c_**2 - 1) / (N1 + m_), e12: m_ * c_ * s_ / (N1 + m_), e22: m_ * s_**2 / (N1 + m_)}
    return sqrt(2) * DK_DISTANCE_2X2_EXPR.subs({**A, **E}, simultaneous=True)


WHERE = ((K_, 2 + v_ + c_**2 - s_**2), (C_, c_ * s_))
CONDITIONS = (sympy.Le(c_**2 + s_**2, 1), sympy.Le(s_, 1), sympy.Le(c_, 1))
DOMAIN = {v_: ("0", "1000"), m_: ("1", "500"), c_: ("0", "1"), s_: ("0", "1")}
PREMISE = Premise("the shape: R = n₁ = (2 + v)m copies of e₁, Z = m copies of z = (c, s), c, s ≥ 0, c² + s² ≤ 1 ≤ B² "
                  "(so n = n₁, gap_1(R) = 1); Σ̂_(R∪Z) = (n₁e₁e₁ᵀ + m zzᵀ)/(n₁ + m), its traceless part m/(n₁ + m)·"
                  "(K/2, C; C, −K/2), K = 2 + v + c² − s², C = cs; B ≥ ‖e₁‖ = 1", "proofs/retain/pca_shape.py",
                  sympy.Ge(B, 1))
SYMBOLIC_START = SymbolicStart(
    pca_shift_run, "_pca_shift (‖P_1(Σ̂_(R∪Z)) − P_1(Σ̂_R)‖_F) on the 2×2 shape R = (2 + v)m × e₁, Z = m × (c, s), the "
    "top projectors in closed form (formulas.retain.DK_DISTANCE_2X2_EXPR, tied to the claim's quantity at exact "
    "instances by tests/derive/test_retain_pca_shape_start.py)")


def shape_chain() -> tuple:
    """The final chain: the claim's quantity on the shape, bounded by the claim's bound (see the module docstring)."""
    run = pca_shift_run()
    first = sqrt(2) * sqrt(C_**2 / _S**2 + (K_ / (2 * _S) - sympy.Rational(1, 2)) ** 2)
    return (
        step(run, "==", first, "the top projector of (K/2, C; C, −K/2) is I/2 + (K/(2S), C/S; C/S, −K/(2S)), that of "
             "Σ̂_R is e₁e₁ᵀ: the difference is (K/(2S) − 1/2, C/S; C/S, 1/2 − K/(2S)), Frobenius norm √2 times "
             "√((K/(2S) − 1/2)² + C²/S²) (the scale m/(n₁ + m) cancels)"),
        then("==", 2 * C_ / sqrt(2 * K_**2 + 4 * C_**2 + 4 * K_ * C_**2 / (_S + K_)),
             "algebra: 1 − K/S = 4C²/(S(S + K)) and S(S + K) = 2K² + 4C² + K(S − K), S − K = 4C²/(S + K)"),
        then("<=", sqrt(2) * C_ / K_, "Davis–Kahan on the shape: drop 4C² + 4KC²/(S + K) ≥ 0 (the top eigenvector turns "
             "by θ with tan 2θ = 2C/K: the shift √2·sin θ is at most tan 2θ/√2)"),
        then("<=", 2 * sqrt(2) / (3 + v_), "c² + s² ≤ 1: cs ≤ 1/2 and K ≥ 1 + v + 2c², so √2cs(3 + v) ≤ 2√2K"),
        then("<=", PCA_BOUND_M_EXPR, "the claim's bound on the shape: n = n₁ = (2 + v)m, gap_1(R) = 1, and B ≥ 1 "
             "(‖e₁‖ = 1 ≤ B)", given={n: N1, gap_: sympy.S.One}, conditions=(sympy.Ge(B, 1),)),
    )


__all__ = ["CONDITIONS", "DOMAIN", "PREMISE", "SYMBOLIC_START", "WHERE", "pca_shift_run", "shape_chain"]
