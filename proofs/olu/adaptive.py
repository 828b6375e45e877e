"""Theorem 4 (lines 218–222; proof lines 784–869), corrected: eqs. (32)–(34) without Lemmas 8 and 9, each comparator
switch charged D²/(2η_T). The final chain starts from the claim's quantity run on a symbolic stream (:func:`.runs.
thm4_parts`: Algorithm 1 with the adaptive steps η_t = D/√p(t) on T = 2 linear losses, one deletion) and bounds it
there; its last step is the proof's accounting for every stream.

Paper file ``papers/000_8245766a2c9b0ba6.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import sympy
from sympy import sqrt

from certunlearn.formulas.olu import PT, S3, THM4_FIX, D, L, d, k
from certunlearn.formulas.symbols import epsilon
from certunlearn.derive import Derivation, Premise, SymbolicStart, step, then

from .common import dom, le1, rA, rB, rC
from .runs import c_40, c_41, thm4_parts, thm4_run, x_41, x_42, z_41

#: eq. (34)(b) at ω = 3/2 after Cauchy–Schwarz (line 847)
NOISE4 = 3 * d * k**2 * L**2 * D / (4 * epsilon) * sqrt(S3)
THM4_PREMISES = (
    Premise("E[A] ≤ D²/(2η_T) + Σ_t η_t‖∇f_t‖²/2 ≤ (3D/2)√p(T) (eq. (33), Lemma 7, ‖z_t − z*‖ ≤ D); E[A] = "
            "ρ_A·(3D/2)√p(T), ρ_A ≤ 1", "eq. (33), Lemma 7", sympy.Le(rA, 1)),
    Premise("E[B] = Σ_i dσ_i²/(2η_{τ[i]}) = Σ_i d i^ω ωL²η_{u[i]}²/(4(ω−1)εη_{τ[i]}) ≤ (dωL²/(4(ω−1)ε))k^{ω+1/2}"
            "√(Σ_i η_{u[i]}⁴/η_{τ[i]}²) with η = D/√p (eq. (34), Cauchy–Schwarz); E[B] = ρ_B·that bound, ρ_B ≤ 1",
            "eq. (34)", sympy.Le(rB, 1)),
)
#: the run's round-t distance w_{t−1} − z*_{i(t)} = s_t·D (|s_t| ≤ 1: the claim's hypothesis E‖w_{t−1} − z*_i‖² ≤ D²)
s_41, s_42 = sympy.symbols("s_1 s_2", real=True)
_P = x_41**2 + x_42**2  # p(2)
_C = sqrt(_P / 2)  # the weight of the AM–GM step: x·s ≤ (x²/c + c·s²)/2


def thm4_fix() -> Derivation:
    """olu.thm4+fix. Step 1 is the proof's accounting (E[A] + switches + E[B], each at most its bound) for every
    stream; the final chain starts from :func:`.runs.thm4_run` — the claim's quantity on T = 2 linear losses x₁, x₂,
    one deletion (u = 1 at τ = 1), comparators c₀, c₁ — writes it as D(x₁s₁ + x₂s₂) with |s_t| ≤ 1 (exact; convexity
    is an equality for linear losses), bounds it by √2·D√p(2) (AM–GM with weight c = √(p(2)/2)), which eq. (33)'s
    (3D/2)√p(T) dominates, and adds the switch charges and eq. (34)'s E[B] bound (both ≥ 0)."""
    _, (e1, e2) = thm4_parts()
    sq = ((x_41 / sqrt(_C) - s_41 * sqrt(_C)) ** 2 + (x_42 / sqrt(_C) - s_42 * sqrt(_C)) ** 2) / 2
    return Derivation(
        claim_id="olu.thm4+fix", target="bound",
        title="Theorem 4, corrected: eqs. (32)–(34) without Lemmas 8 and 9, comparator switches charged",
        start=thm4_run(),
        symbolic_start=SymbolicStart(thm4_run, "thm4_quantity (Σ_t f_t(E w_{t−1}) − f_t(z*_{i(t)}), eq. (5)) on "
                                     "algorithms.olu.passive_laws with η_t = D/√p(t), run on T = 2 symbolic linear "
                                     "losses (d = 1, x₁ ≠ 0, u = 1 deleted at τ = 1), the comparators z*₀, z*₁ as "
                                     "symbols c₀, c₁ (tests/derive/test_olu_thm4_start.py substitutes the instance's "
                                     "box vertices); the last step is the proof's for every stream"),
        premises=THM4_PREMISES + (
            Premise("At each switch of comparator (t = τ[i] + 1) the telescoping of eq. (33) leaves "
                    "(‖z − z*_i‖² − ‖z − z*_{i−1}‖²)/(2η_{τ[i]}) ≤ D²/(2η_T) = D√p(T)/2; the k switches cost "
                    "ρ_C·kD√p(T)/2, ρ_C ≤ 1", "telescoping, η_t decreasing", sympy.Le(rC, 1)),),
        # the claim's hypothesis on the run: E‖w_{t−1} − z*_i‖² ≤ D², i.e. |s_t| ≤ 1
        conditions=(sympy.Le(sympy.Abs(s_41), 1), sympy.Le(sympy.Abs(s_42), 1)),
        domain={**dom(D, L, d, k, epsilon, rA, rB, rC), PT: ("0.001", "1000"), S3: ("0.001", "100"),
                x_41: ("0.001", "10"), x_42: ("-10", "10"), z_41: ("-10", "10"), c_40: ("-10", "10"),
                c_41: ("-10", "10"), s_41: ("-1", "1"), s_42: ("-1", "1")},
        steps=(
            step(rA * 3 * D / 2 * sqrt(PT) + rC * k * D / 2 * sqrt(PT) + rB * NOISE4, "<=", THM4_FIX,
                 "the proof's accounting, every stream: E[A] = ρ_A(3D/2)√p(T), switches = ρ_C kD√p(T)/2, E[B] = "
                 "ρ_B·(3/4)dk²L²D√S₃/ε (ρ's ≤ 1)", conditions=le1(rA, rB, rC)),
            step(thm4_run(), "==", D * (x_41 * s_41 + x_42 * s_42),
                 "the run: f_t(w_{t−1}) − f_t(z*_{i(t)}) = x_t(w_{t−1} − z*_{i(t)}) (convexity, an equality for linear "
                 "losses), w_{t−1} − z*_{i(t)} = s_t·D", given={s_41: e1 / D, s_42: e2 / D}),
            then("<=", D * (x_41 * s_41 + x_42 * s_42) + D * sq, "squares are ≥ 0"),
            then("==", D * (_P / _C + _C * (s_41**2 + s_42**2)) / 2, "algebra: xs + (x/√c − s√c)²/2 = (x²/c + cs²)/2"),
            then("<=", D * (_P / _C + 2 * _C) / 2, "E‖w_{t−1} − z*_i‖² ≤ D² (the claim's hypothesis): |s_t| ≤ 1",
                 conditions=(sympy.Le(sympy.Abs(s_41), 1), sympy.Le(sympy.Abs(s_42), 1))),
            then("==", sqrt(2) * D * sqrt(_P), "c = √(p(2)/2)"),
            then("<=", 3 * D / 2 * sqrt(PT), "eq. (33)'s (3D/2)√p(T) at T = 2: √2 ≤ 3/2", given={PT: _P}),
            then("<=", THM4_FIX, "every stream: the switch charges kD√p(T)/2 and eq. (34)'s E[B] bound are ≥ 0 (on the "
                 "run the switch at τ = 1 is inside s₂, and E[B] = 0: the noise moves no mean of a linear loss)"),
        ))
