"""Appendix A: Lemma A.1 (line 462), the printed proof (lines 464–474), for one event S and one direction (the
other is the same with X and Y exchanged)."""
from __future__ import annotations

import sympy

from certunlearn.derive import Derivation, Premise, step, then
from certunlearn.formulas.d2d import COUPLING_A1
from certunlearn.formulas.symbols import delta

#: e^ε; Pr[X ∈ S], Pr[Y ∈ S]; the parts of Pr[X ∈ S] and Pr[Y ∈ S] on z ∈ G and z ∉ G; q = Pr[Z ∉ G]; slacks ≥ 0
E = sympy.Symbol("e_eps", positive=True)
b, B_G = sympy.symbols("P_Y B_G", nonnegative=True)
a = sympy.Symbol("P_X", real=True)
A_G, A_B, q = sympy.symbols("A_G A_B q", real=True)  # abbreviations below (their signs follow from the lemma's setting)
s1, s2, s3, s4 = sympy.symbols("s_1:5", nonnegative=True)


def lemA1() -> Derivation:
    return Derivation(
        claim_id="d2d.lemA.1",
        target="bound",
        title="Indistinguishability except on an event of probability δ (Lemma A.1)",
        start="δ_{X,Y}(ε) = sup_S Pr[X ∈ S] − e^ε Pr[Y ∈ S] (and the same with X, Y exchanged)",
        where=((q, delta - s4), (A_B, q - s1), (A_G, E * B_G + delta * (1 - q) - s2), (a, A_G + A_B), (b, B_G + s3)),
        conditions=(sympy.Le(delta, 1),),
        premises=(Premise("Pr[X ∈ S] = E_Z[Pr[X ∈ S | Z]] (line 470)", "law of total probability"),),
        note="q = Pr[Z ∉ G] ≤ δ (the hypothesis, q = δ − s₄); on z ∉ G the conditional probability is at most 1 "
             "(A_B = q − s₁); on z ∈ G the pair is (ε, δ)-indistinguishable (A_G = e^ε B_G + δ(1 − q) − s₂); the part "
             "of Pr[Y ∈ S] on G is at most Pr[Y ∈ S] (b = B_G + s₃).",
        steps=(
            step(a - E * b, "==", A_G + A_B - E * b, "Pr[X ∈ S] split on z ∈ G and z ∉ G (line 470)"),
            then("<=", E * B_G + delta * (1 - q) + A_B - E * b,
                 "(ε, δ)-indistinguishability of X | Z = z and Y | Z = z for z ∈ G"),
            then("<=", E * B_G + delta * (1 - q) + q - E * b, "Pr[X ∈ S | Z = z] ≤ 1 for z ∉ G"),
            then("<=", delta * (1 - q) + q, "E_Z[Pr[Y ∈ S | Z]; z ∈ G] ≤ Pr[Y ∈ S]"),
            then("<=", COUPLING_A1, "q = Pr[Z ∉ G] ≤ δ and δ(1 − q) ≤ δ (line 472)"),
        ),
    )
