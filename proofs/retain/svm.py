"""Section 3.4 / Appendix F, the hard-margin SVM: Lemmas F.2, 3.5 (and F.2 for m points), Lemma F.1 (both sides).

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import dataclasses
import functools
import itertools

import sympy
from sympy import sqrt

from certunlearn.formulas.retain import (
    SVM_BOUND_SQ_EXPR, SVM_NORM_LOWER_EXPR, SVM_RATIO_EXPR, SVM_RATIO_SQ_EXPR, SVM_SQUARES, gsq as SVM_GAMMA_SQ,
    gRsq as SVM_GAMMA_R_SQ, SVM_NORM_UPPER_EXPR,
)
from certunlearn.derive import Derivation, Premise, SymbolicStart, step, then

from .mst_runs import ordered_abs, ordered_max

#: the d = 1 shape of the SVM runs: the support (1/u, +1), (−1/u, −1), (1/(u + h), +1) — R its first two points
#: (w_R = u, γ_R = 1/u), the third nearer the origin (h ≥ 0), so γ = 1/(u + h)
u_s, h_s = sympy.Symbol("u", positive=True), sympy.Symbol("h", nonnegative=True)
SVM_SUPPORT = ((1 / u_s, 1), (-1 / u_s, -1), (1 / (u_s + h_s), 1))


def svm_1d_w(points) -> sympy.Expr:
    """``hard_margin_svm`` in d = 1 (no bias) on points with every yx > 0: the least |w| with y_i·w·x_i ≥ 1 for all i,
    w = max_i 1/(y_i x_i) (:func:`.mst_runs.ordered_max` decides the comparisons)."""
    margins = [sympy.sympify(y * x) for x, y in points]
    if not all(m_.is_positive for m_ in margins):
        raise ValueError("the d = 1 run needs every y·x > 0")
    return ordered_max([1 / m_ for m_ in margins])


def svm_rs_run(m_: int = 1) -> sympy.Expr:
    """``HardMarginSVM.exact_rs(R, m)`` on the d = 1 shape: max over every set of m distinct support points Z of
    ‖w_(R+Z) − w_R‖, run on sympy numbers (:func:`svm_1d_w`)."""
    R = SVM_SUPPORT[:2]
    w0 = svm_1d_w(R)
    return ordered_max([ordered_abs(sympy.simplify(svm_1d_w(R + tuple(SVM_SUPPORT[i] for i in Z)) - w0))
                        for Z in itertools.combinations(range(len(SVM_SUPPORT)), m_)])


def svm_ratio_run() -> sympy.Expr:
    """Lemma 3.5's quantity (``_svm_ratio``) on the shape: the run's RS over GS = 1/γ = ‖w_supp‖."""
    return svm_rs_run() / svm_1d_w(SVM_SUPPORT)


SVM_WHAT = ("HardMarginSVM.exact_rs (every set of {m} support point(s) added, ‖w_(R+Z) − w_R‖ maximised{ratio}) run on "
            "sympy numbers on the d = 1 support (1/u, +1), (−1/u, −1), (1/(u + h), +1), R its first two points "
            "(proofs/retain/svm: the bias-free SVM's w = max_i 1/(y_i x_i)) — the start is checked on that shape "
            "(tests/derive/test_retain_svm_starts.py ties it to the claim's quantity); {rest}")


def _svm(claim_id: str, ratio: bool, m_: int = 1) -> Derivation:
    """Lemma F.2's chain (and Lemma 3.5's, divided by GS = 1/γ), with γ and γ_R entering through γ², γ_R² (the
    claims' bound symbols: rational on exact SVMs). Written in e = ‖w_R' − w_R‖², p = ⟨w_R, w_R' − w_R⟩ and the slack
    t = 1/γ² − ‖w_R'‖², so that the polarisation identity ‖w_R'‖² = e + 1/γ_R² + 2p fixes γ² = 1/(e + 1/γ_R² + 2p + t).
    The chain starts from the claim's quantity run on the d = 1 shape (:func:`svm_rs_run`): there w_R' = u + h, so
    e = h², and γ² = 1/(u + h)²."""
    gam2, gamR2 = SVM_GAMMA_SQ, SVM_GAMMA_R_SQ
    e2, ip, slack = (sympy.Symbol("e", nonnegative=True), sympy.Symbol("p", nonnegative=True),
                     sympy.Symbol("t", nonnegative=True))
    scale = sqrt(gam2) if ratio else sympy.Integer(1)  # RS/GS = RS·γ
    polarisation = ((gam2, 1 / (e2 + 1 / gamR2 + 2 * ip + slack)),)
    last = (then("==", SVM_RATIO_SQ_EXPR, "algebra: √γ²·√(1/γ² − 1/γ_R²) = √(1 − γ²/γ_R²)"),) if ratio else ()
    run = svm_ratio_run if ratio else functools.partial(svm_rs_run, m_)
    first = run()
    return Derivation(
        claim_id=claim_id, target="bound",
        title=("Lemma 3.5: RS_SVM/GS_SVM (lines 216–220)" if ratio else "Lemma F.2: SVM retain sensitivity (lines 565–581)"),
        start=first,
        symbolic_start=SymbolicStart(run, SVM_WHAT.format(
            m=m_, ratio=", over GS = 1/γ" if ratio else "",
            rest=f"steps 2–{5 if ratio else 4} are the proof's for every support")),
        domain={gam2: ("0.0025", "4"), gamR2: ("0.0025", "16"), e2: ("0", "100"), ip: ("0", "10"), slack: ("0", "10"),
                u_s: ("0.05", "5"), h_s: ("0", "5")},
        premises=(Premise("‖w_R‖ = 1/γ_R (Lemma F.1); w_R' ∈ C_R so ‖w_R'‖ ≤ 1/γ (line 571): ‖w_R'‖² = 1/γ² − t, t ≥ 0",
                          "Lemma F.1"),
                  Premise("w_R = Π_{C_R}(0): p = ⟨w_R, w_R' − w_R⟩ ≥ 0 (eq. (1), line 575)", "projection onto a convex set"),
                  Premise("‖w_R'‖² = ‖w_R' − w_R‖² + ‖w_R‖² + 2⟨w_R' − w_R, w_R⟩ = e + 1/γ_R² + 2p (line 577)",
                          "polarisation identity")),
        steps=(
            step(first, "==", sqrt(e2) * scale,
                 "on the shape the worst addition is the third point: w_R' = u + h, e = ‖w_R' − w_R‖² = h²"
                 + (", GS = 1/γ = ‖w_supp‖ = u + h" if ratio else ""),
                 given={e2: h_s**2, **({gam2: 1 / (u_s + h_s) ** 2} if ratio else {})}),
            then("<=", sqrt(e2 + 2 * ip) * scale,
                 "eq. (1): p ≥ 0, so ‖w_R' − w_R‖² ≤ ‖w_R'‖² − ‖w_R‖² (line 579)"),
            then("<=", sqrt(e2 + 2 * ip + slack) * scale, "‖w_R'‖² ≤ 1/γ² (line 579): t ≥ 0"),
            then("==", SVM_RATIO_EXPR.subs(SVM_SQUARES) if ratio else SVM_BOUND_SQ_EXPR,
                 "polarisation: 1/γ² − 1/γ_R² = e + 2p + t (line 579)"
                 + ("; Lemma 3.5 as printed, divided by GS_SVM = 1/γ (line 218)" if ratio else ""), given=polarisation),
            *last,
        ),
    )


def lemF2() -> Derivation:
    return _svm("retain.lemF.2", False)


def lem35() -> Derivation:
    return _svm("retain.lem3.5", True)


def lemF2_m() -> Derivation:
    return dataclasses.replace(_svm("retain.lemF.2:m-points+fix", False, 2), title="Lemma F.2 for m added points")


Wsq, gsq, mR = sympy.Symbol("W_R", positive=True), sympy.Symbol("gamma_R_sq", positive=True), sympy.Symbol("m_R", positive=True)
w_slack = sympy.Symbol("w", nonnegative=True)  # m_R = γ_R‖w_R‖/(1 + w): the margin below its largest value


def lemF1() -> Derivation:
    kR = sympy.Symbol("kappa_R", positive=True)  # ‖w_R‖/‖u_R/γ_R‖ = ‖w_R‖γ_R
    return Derivation(
        claim_id="retain.lemF.1", target="bound", title="Lemma F.1: ‖w_R‖ ≤ 1/γ_R (lines 555–557)",
        start=SVM_NORM_LOWER_EXPR, where=((kR, sqrt(Wsq) * sqrt(gsq)),), conditions=(sympy.Le(kR, 1),),
        domain={Wsq: ("0.001", "100"), gsq: ("0.001", "100")},
        premises=(Premise("u_R/γ_R is feasible (every margin ≥ 1) and w_R has the least norm among feasible points: "
                          "‖w_R‖ = κ‖u_R/γ_R‖ = κ/γ_R with κ = ‖w_R‖γ_R ≤ 1 (line 557)", "Lemma F.1's proof"),),
        steps=(step(SVM_NORM_LOWER_EXPR, "==", kR / sqrt(gsq), "‖w_R‖ = √W_R = κ/γ_R"),
               then("<=", SVM_NORM_UPPER_EXPR, "κ ≤ 1 (line 557), γ_R = √γ_R²")),
    )


def lemF1_lower() -> Derivation:
    return Derivation(
        claim_id="retain.lemF.1:lower", target="bound", title="Lemma F.1: 1/γ_R ≤ ‖w_R‖ (lines 559–563)",
        start=SVM_NORM_UPPER_EXPR, where=((mR, sqrt(gsq) * sqrt(Wsq) / (1 + w_slack)),),
        conditions=(sympy.Ge(mR, 1),),
        domain={Wsq: ("0.001", "100"), gsq: ("0.001", "100"), w_slack: ("0", "10")},
        premises=(Premise("γ_R ≥ min_i y_i⟨w_R/‖w_R‖, x_i⟩ = m_R/‖w_R‖ (the definition of γ_R as a maximum): "
                          "m_R ≤ γ_R‖w_R‖, written m_R = γ_R‖w_R‖/(1 + w), w ≥ 0; m_R ≥ 1 as w_R is feasible "
                          "(lines 559–561)", "definition of γ_R"),),
        steps=(step(SVM_NORM_UPPER_EXPR, "==", sqrt(Wsq) / (sqrt(gsq) * sqrt(Wsq)), "1/γ_R = ‖w_R‖/(γ_R‖w_R‖)"),
               then("<=", sqrt(Wsq) / mR, "m_R ≤ γ_R‖w_R‖"),
               then("<=", SVM_NORM_LOWER_EXPR, "m_R ≥ 1")),
    )
