"""Derivations of the Descent-to-Delete claims (``certunlearn.claims.d2d``), the paper's own chains as printed.

The printed expressions come from ``certunlearn.formulas.d2d`` (the claims' bounds are the same sympy objects).

Paper file ``papers/002_7f80bf4846a5a6af.txt``. Each derivation writes the printed proof step by step; the
engine proves, samples or refutes each step and checks the link of the last right-hand side to the claim's
bound (or prescribed σ). Where a printed step fails, the step is kept as printed (and comes out refuted) and
the ``+fix`` claim's derivation repairs it.

Conventions: the proofs' side conditions are encoded as abbreviations with slack variables (``T := I +
log(Dmn/2L)/log(1/γ) + u`` with u ≥ 0 for "T ≥ …", ``n_i := n/2 + w`` for Assumption 2.6, a value in
[0, x] as ``x/(1 + s)``), so that the engine can prove the step for every admissible value.

Parts (a package: the module outgrew the 1000-line limit): ``common`` (the proofs' auxiliary symbols, side
conditions, domains, the χ² tail and the power lemma), ``introduction`` (Section 1: the introduction's remark and
Table 1, with Remark 4.6), ``strongly_convex`` (Sections 2.3–3.1 with Appendices B and D), ``regularized``
(Section 3.2 with Appendix E), ``distributed`` (Section 4 with Appendices C and F), ``appendix_a`` (Appendix A), ``convergence`` (Theorem
2.14, Claim B.1, Facts E.1–E.2), ``coupling`` (Lemma A.1), ``baseline_convex`` (Table 1's baseline column, convex rows), ``reservoir_rounds`` (Fact F.1), ``remark46_improvement`` (Remark 4.6's condition), ``starts`` (the claims' quantities computed at symbolic input, for the derivations' SymbolicStart).

Convention: ``derivations() -> list[Derivation]`` (see :mod:`certunlearn.derive`).
"""
from __future__ import annotations

from certunlearn.formulas.symbols import delta
from certunlearn.derive import Derivation

from .baseline_convex import table1_baseline_convex
from .reservoir_rounds import factF1
from .remark46_improvement import rem46_improvement
from .appendix_a import lemA2, lemA3, lemA4, lemA5
from .convergence import claimB1, factE1, factE2, thm214
from .coupling import lemA1
from .distributed import factF3, lem42, lem43, thm45, thm45_accuracy, thm45_alpha
from .introduction import intro_dp, rem46, table1, table1_baseline
from .regularized import claim33, reg_accuracy, rem36, thm34, thm35
from .strongly_convex import (
    lem212, thm31, thm31_accuracy, thm31_shift, thm31_shift_sharp, thm32, thm32_accuracy, thm213, with_delta,
)


def derivations() -> list[Derivation]:
    return [lemA1(), lemA2(), lemA3(), lemA4(), lemA5(), *factF3(), thm214(), claimB1(), factE1(), factE1(":bernoulli"), factE2(),
        lem212(), thm213(), thm31(), thm31_shift(), thm31_shift_sharp(), thm31_accuracy(False), thm31_accuracy(True), thm32(False), thm32(True),
        with_delta(thm32_accuracy(False), delta, "δ/2 ≤ δ"), with_delta(thm32_accuracy(True), delta, "δ/2 ≤ δ"),
        *claim33(), thm34(), reg_accuracy("d2d.thm3.4:accuracy", False), reg_accuracy("d2d.thm3.4:accuracy+fix", True),
        thm35(False), thm35(True), rem36(False), rem36(True),
        reg_accuracy("d2d.thm3.5:accuracy", False), reg_accuracy("d2d.thm3.5:accuracy+fix", True),
        reg_accuracy("d2d.rem3.6:accuracy", False), reg_accuracy("d2d.rem3.6:accuracy+fix", True),
        lem42(False), lem42(True), lem43(False), lem43(True), thm45(False), thm45(True),
        thm45_accuracy(False), thm45_accuracy(True), thm45_alpha(False), thm45_alpha(True), intro_dp(False), intro_dp(True), *table1(), *table1_baseline(), rem46(table1()),
        *table1_baseline_convex(), factF1(False), factF1(True), rem46_improvement(),
    ]
