"""Section 3.1 / Appendix C, the median: Lemma C.1, Lemma 3.1, RS ≤ GS, Example 3.2 and the m-point Lemma C.1.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import sympy

from certunlearn.formulas.retain import (
    EX32_BOUND_EXPR, EX32_UNIFORM_EXPR, f_m, width, MEDIAN_GS_EXPR, MEDIAN_RATIO_EXPR, MEDIAN_RS_EXPR,
    MEDIAN_RS_M_EXPR,
)
from certunlearn.algorithms.retain.stats import median
from certunlearn.derive import Derivation, Premise, SymbolicStart, step, then

from .common import B, n

x_lo, x_mid, x_hi = sympy.symbols("x_lo x_mid x_hi", nonnegative=True)
up, down = sympy.symbols("u_up u_down", nonnegative=True)  # the two one-sided gaps

#: the symbolic dataset the median runs on (n = 5, in increasing order): x_(1) = b, the three middle order statistics
#: x_lo = x_(2), x_mid = x_(3), x_hi = x_(4) and x_(5), each the previous plus a positive gap; B = x_(5) + e_6 bounds them
_b = sympy.Symbol("b", nonnegative=True)
_e1, _g1, _g2, _e5, _e6 = sympy.symbols("e_1 g_1 g_2 e_5 e_6", positive=True)
_lo = _b + _e1
_R = (_b, _lo, _lo + _g1, _lo + _g1 + _g2, _lo + _g1 + _g2 + _e5)
_B_RUN = _R[-1] + _e6


def median_moves(m: int = 1) -> tuple[sympy.Expr, sympy.Expr]:
    """The two moves |median(R ∪ {0}) − median(R)| and |median(R ∪ {B}) − median(R)| at symbolic data: the reference
    median (``algorithms.retain.stats.median``, line 147) of R, R ∪ {0} and R ∪ {B} (the extremes of the nondecreasing
    median over z ∈ [0, B], Lemma C.1's premise), on five points given in increasing order (so the median's sort
    decides every comparison from the gaps' signs), written in the middle order statistics x_lo, x_mid, x_hi (the
    outer points and B drop out). ``m``: m copies of 0, resp. of B (Z = {0}^m, {B}^m, the extremes for m added
    points); m ≤ 2 keeps the moves within the middle order statistics."""
    if m not in (1, 2):
        raise ValueError("the five-point run reaches the middle order statistics for m ≤ 2 only")
    med = median(list(_R))
    moves = tuple(sympy.Abs(median(data) - med).subs({_g1: x_mid - x_lo, _g2: x_hi - x_mid})
                  for data in ([sympy.Integer(0)] * m + [*_R], [*_R] + [_B_RUN] * m))
    for mv in moves:
        if mv.free_symbols - {x_lo, x_mid, x_hi}:
            raise ValueError(f"the median's move depends on more than the middle order statistics: {mv}")
    return moves


def median_rs_run() -> sympy.Expr:
    """RS_median(R) at symbolic data: the larger of the two moves (:func:`median_moves`)."""
    return sympy.Max(*median_moves())


def median_ratio_run() -> sympy.Expr:
    """RS_median(R)/GS_median: the run's RS over GS = B/2 (line 153)."""
    return median_rs_run() / MEDIAN_GS_EXPR


def median_lower_run() -> sympy.Expr:
    """Lemma 3.1's '≥' half's quantity: the lemma's printed value over the run's RS/GS (the run's larger move written
    ½max(2·moves), the same number, so that the ratio's cancellation is structural)."""
    return MEDIAN_RATIO_EXPR / (sympy.Max(*(2 * mv for mv in median_moves())) / 2 / MEDIAN_GS_EXPR)


def _median_chain(claim_id: str, title: str, scale: sympy.Expr, target: sympy.Expr, run) -> Derivation:
    return Derivation(
        claim_id=claim_id,
        target="bound",
        title=title,
        start="RS_median(R) = max_z |median(R ∪ {z}) − median(R)|",
        symbolic_start=SymbolicStart(run, "the reference median (algorithms.retain.stats.median) of R, R ∪ {0} and "
                                          "R ∪ {B} at five symbolic points in increasing order, the larger move"
                                     + ("" if scale == 1 else ", over GS = B/2")),
        where=((up, x_hi - x_mid), (down, x_mid - x_lo)),
        conditions=(sympy.Le(x_lo, x_mid), sympy.Le(x_mid, x_hi)),  # order statistics
        domain={x_lo: ("0", "1"), x_mid: ("1", "2"), x_hi: ("2", "3"), B: ("3", "10")},
        premises=(Premise("median(R ∪ {z}) is nondecreasing in z, so over [0, B] its extremes are at z = 0 and z = B; "
                          "with n + 1 even points the median is the mean of the two middle order statistics: "
                          "median(R ∪ {B}) = (x_(m) + x_(m+1))/2, median(R ∪ {0}) = (x_(m−1) + x_(m))/2 "
                          "(lines 423–431)", "Lemma C.1's proof"),),
        steps=(
            step(sympy.Max((x_mid + x_hi) / 2 - x_mid, x_mid - (x_lo + x_mid) / 2) / scale, "==",
                 sympy.Max(up, down) / 2 / scale, "algebra: (x_(m) + x_(m+1))/2 − x_(m) = (x_(m+1) − x_(m))/2"),
            then("==", target, "definition of the gaps" + ("" if scale == 1 else "; divide by GS = B/2 (line 153)")),
        ),
    )


def lemC1() -> Derivation:
    return _median_chain("retain.lemC.1", "Lemma C.1: the median's retain sensitivity (lines 421–431)",
                         sympy.Integer(1), MEDIAN_RS_EXPR, median_rs_run)


def lem31() -> Derivation:
    return _median_chain("retain.lem3.1", "Lemma 3.1: RS_median/GS_median (lines 149–155)", MEDIAN_GS_EXPR,
                         MEDIAN_RATIO_EXPR, median_ratio_run)


def lem31_lower() -> Derivation:
    """The '≥' half of Lemma 3.1's equality: the printed value over RS/GS is 1, by Lemma C.1's RS and GS = B/2."""
    return Derivation(
        claim_id="retain.lem3.1:lower", target="bound",
        title="Lemma 3.1, its '≥' half: max{…}/B over RS_median/GS_median (lines 149–155)",
        start=MEDIAN_RATIO_EXPR / (MEDIAN_RS_EXPR / MEDIAN_GS_EXPR),
        symbolic_start=SymbolicStart(median_lower_run, "the printed value over the reference median's RS "
                                                       "(algorithms.retain.stats.median at five symbolic points, the "
                                                       "larger move to R ∪ {0} or R ∪ {B}) over GS = B/2"),
        conditions=(sympy.Lt(x_lo, x_hi),),
        premises=(Premise("RS_median(R) = ½max{x_(m+1) − x_(m), x_(m) − x_(m−1)} (Lemma C.1, lines 421–431; "
                          "retain.lemC.1's derivation) and GS_median = B/2 (line 153)", "Lemma C.1"),),
        steps=(step(MEDIAN_RATIO_EXPR / (MEDIAN_RS_EXPR / MEDIAN_GS_EXPR), "==", sympy.Integer(1),
                    "the printed value is exactly RS/GS (the same maximum of the two gaps, halved and over B/2)"),),
    )


def rs_below_gs() -> Derivation:
    return Derivation(
        claim_id="retain.sec3-rs-below-gs", target="bound",
        title="RS_median(R) ≤ GS_median (Section 3.1)",
        start="RS_median(R) = ½max{x_(m+1) − x_(m), x_(m) − x_(m−1)} (Lemma C.1)",
        conditions=(sympy.Le(x_lo, x_mid), sympy.Le(x_mid, x_hi), sympy.Le(x_hi, B)),
        domain={x_lo: ("0", "1"), x_mid: ("1", "2"), x_hi: ("2", "3"), B: ("3", "10")},
        steps=(
            step(MEDIAN_RS_EXPR, "<=", B / 2, "both gaps lie in [0, B]: 0 ≤ x_(m−1) ≤ x_(m) ≤ x_(m+1) ≤ B", 
                 box={x_lo: ("0", "1"), x_mid: ("1", "2"), x_hi: ("2", "3"), B: ("3", "10")}),
            then("==", MEDIAN_GS_EXPR, "GS_median = B/2 (line 153)"),
        ),
    )


def ex32() -> Derivation:
    return Derivation(
        claim_id="retain.ex3.2", target="bound",
        title="Example 3.2: E[RS_median(R)] ≍ 1/(n f(m)), the constant of its argument (line 157)",
        start=EX32_UNIFORM_EXPR,
        conditions=(sympy.Ge(n, 3),),
        domain={n: ("3", "1000"), width: ("0.001", "1000"), f_m: ("0.001", "1000")},
        premises=(Premise("U_i = F(X_i) ~ Unif[0, 1] (probability integral transform) and X_(j) = F⁻¹(U_(j)) ≈ m + "
                          "(U_(j) − 1/2)/f(m) (first-order Taylor expansion of F⁻¹ at 1/2, exact for Uniform[0, w]); "
                          "the uniform spacings give E[½max{U_(k+1) − U_(k), U_(k) − U_(k−1)}] = 3/(4(n + 1)), so "
                          "E[RS_median(R)] = 3w/(4(n + 1)) with f(m) = 1/w", "line 157"),),
        steps=(step(EX32_UNIFORM_EXPR, "<=", sympy.Rational(3, 4) * width / n, "n + 1 ≥ n"),
               then("==", EX32_BOUND_EXPR, "f(m) = 1/w", given=((width, 1 / f_m),))),
    )


xh1, xh2, xl1, xl2, med_ = sympy.symbols("xh1 xh2 xl1 xl2 med", nonnegative=True)


def median_rs_m2_run() -> sympy.Expr:
    """RS_2(R) at symbolic data: the larger of the two moves to R ∪ {0, 0} and R ∪ {B, B} (:func:`median_moves`)."""
    return sympy.Max(*median_moves(2))


def lemC1_m() -> Derivation:
    first = median_rs_m2_run()
    return Derivation(
        claim_id="retain.lemC.1:m-points+fix", target="bound", title="Lemma C.1 for m added points (any n)",
        start=first,
        symbolic_start=SymbolicStart(median_rs_m2_run, "the reference median (algorithms.retain.stats.median) of R, "
                                     "R ∪ {0, 0} and R ∪ {B, B} at five symbolic points in increasing order, the larger "
                                     "move: the claim's quantity (_median_m_rs, brute force over every multiset Z) at "
                                     "m = 2, where by monotonicity its extremes are Z = {0}² and {B}² — the start is "
                                     "checked on that shape (tests/derive/test_retain_median_m_start.py ties it to the "
                                     "claim's quantity); the bound is the claim's order statistics there"),
        domain={xh1: ("0", "1"), xh2: ("0", "1"), xl1: ("0", "1"), xl2: ("0", "1"), med_: ("0", "1"),
                x_lo: ("0", "1"), x_mid: ("1", "2"), x_hi: ("2", "3")},
        conditions=(sympy.Le(x_lo, x_mid), sympy.Le(x_mid, x_hi)),
        premises=(Premise("median(R ∪ Z) is nondecreasing in every point of Z, so its range over [0, B]^m is reached at "
                          "Z = {0}^m and Z = {B}^m; the median of N = n + m points is the mean of the ⌈N/2⌉-th and "
                          "(⌊N/2⌋+1)-th order statistics (x̄ of R ∪ {B}^m, x̲ of R ∪ {0}^m)", "Lemma C.1's argument"),),
        steps=(step(first, "==", sympy.Max((xh1 + xh2) / 2 - med_, med_ - (xl1 + xl2) / 2),
                    "n + 2 odd: the median of R ∪ {B, B} is x_(m+1) = x̄_(⌈N/2⌉) = x̄_(⌊N/2⌋+1), that of R ∪ {0, 0} is "
                    "x_(m−1), med(R) = x_(m)", given={xh1: x_hi, xh2: x_hi, med_: x_mid, xl1: x_lo, xl2: x_lo}),
               then("==", MEDIAN_RS_M_EXPR, "the larger of the two one-sided moves")),
    )
