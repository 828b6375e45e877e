"""Fact F.1 (line 694, in the proof of Theorem 4.5): s̃_i = max_{l ≤ i} s_l ≤ (10B/n)log(2i/δ) with probability at least
1 − δ/2 — Lemma 4.3 (line 368) at δ' = δ/(2i) in each round l ≤ i and a union bound (``claims/d2d/reservoir_rounds.py``)."""
from __future__ import annotations

import sympy

from certunlearn.derive import Derivation, Premise, step
from certunlearn.formulas.d2d import FAIL_F1, S_43, S_F1, B, deltap, i, n
from certunlearn.formulas.symbols import delta

DOMAIN = {B: ("1", "1000"), n: ("1", "1000"), i: ("1", "1e6"), delta: ("1e-12", "0.7357"), deltap: ("1e-12", "0.36")}


def factF1(fix: bool) -> Derivation:
    lemma = "d2d.lem4.3" + ("+fix" if fix else "")
    return Derivation(
        claim_id="d2d.factF.1" + ("+fix" if fix else ""), target="bound",
        title="Fact F.1: the changed positions over the rounds l ≤ i" + (" (by-copy Algorithm 5)" if fix else ""),
        start="P[max_{l ≤ i} s_l > (10B/n)log(2i/δ)]", domain=DOMAIN, samples=12,
        start_reason=("the quantity (claims.d2d.reservoir_rounds) is the exact law of the largest of i binomial change "
                      "counts at the whole threshold ⌈(10B/n)log(2i/δ)⌉, a finite sum with no closed form in B, n, i, δ; "
                      "the chain bounds it by Lemma 4.3 and a union bound") if fix else "",
        conditions=(sympy.Le(delta, 2 * sympy.exp(-1)), sympy.Ge(i, 1)),
        premises=(Premise(f"Lemma 4.3: P[s_l > (10B/n)log(1/δ')] ≤ δ' for every round l and δ' ≤ 1/e ({lemma})", lemma),
                  Premise("union bound: P[∪_{l ≤ i} E_l] ≤ Σ_{l ≤ i} P[E_l]", "Boole's inequality")),
        steps=(
            step(S_43, "==", S_F1, "Lemma 4.3's threshold at δ' = δ/(2i)", given=((deltap, delta / (2 * i)),)),
            step(delta / (2 * i), "<=", sympy.exp(-1), "Lemma 4.3 applies: δ' = δ/(2i) ≤ 1/e for δ ≤ 2/e, i ≥ 1"),
            step(i * deltap, "==", FAIL_F1, "the union bound over the i rounds, each failing with probability ≤ δ' "
                 "(Lemma 4.3 at the same threshold in every round l ≤ i)", given=((deltap, delta / (2 * i)),)),
        ),
    )
