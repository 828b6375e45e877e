"""Section 2 (retain sensitivity and unlearning with it): Fact 1, Theorem 2.11, Corollary 2.12, Corollary 2.8.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import dataclasses
import functools

import sympy
from sympy import Rational, log, sqrt

from certunlearn.formulas.gaussian import gaussian_delta, normal_tail
from certunlearn.formulas.retain import (
    C_CLASSIC_EXPR, SIGMA_EXPR, SYMBOLS, DS, LS, LS_sq, RS_LE_LS_EXPR, RS_LE_LS_SQ_EXPR, MEDIAN_RS_EXPR,
)
from certunlearn.formulas.symbols import delta, epsilon
from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, load_derivation, step, then

from .common import KAPPA_DEF, B, a, kappa, kappa_slack, lam, n, profile
from .erm import RIDGE_WHAT, RIDGE_SHAPE, Y, ridge_rs_run
from .median import median_rs_run, x_hi, x_lo, x_mid
from .svm import SVM_WHAT, h_s, svm_rs_run, u_s


def fact1() -> Derivation:
    d = load_derivation("gaussian.classic")
    return dataclasses.replace(
        d, claim_id="retain.fact1", title="Fact 1 (line 77): " + d.title,
        conditions=(sympy.Le(epsilon, 1),),
        note=d.note + " Fact 1 states δ ∈ (0, 1); the chain is checked on the library's box δ ≤ 1/2 and the "
                      "checker tests the claim itself up to δ = 0.999.")


def _pair_quantity(cc: sympy.Symbol) -> sympy.Expr:
    """What the pair claims' quantity evaluates (``shift_delta``: Balle & Wang's δ at ε of the two published laws,
    :func:`~certunlearn.formulas.gaussian.gaussian_delta`) at symbolic input: σ(R) = RS·c_(ε,δ) (``SIGMA_EXPR``, line
    115, with √(2log(1.25/δ)) written c) and the shift κ·RS (κ := shift/RS, the premise). The claims sharing this
    derivation calibrate σ to RS(R) (Theorem 2.11, Corollary 2.12) or to a printed bound of it (Lemmas E.3, H.3):
    RS stands for that sensitivity."""
    rs = SYMBOLS["RS"]
    return gaussian_delta(epsilon, SIGMA_EXPR.subs(C_CLASSIC_EXPR, cc / epsilon), kappa * rs)


def _pair(claim_id: str, title: str, rs_expr: sympy.Expr | None) -> Derivation:
    cc = sympy.Symbol("c", positive=True)  # √(2 log(1.25/δ)) ∈ [1.35, 12] on the domain, so σ(R) = RS(R)·c/ε
    # (the profile's monotonicity holds for every c; c's value enters at Fact 1's last step, given there: the symbolic
    # attempts on the other steps then work on the smaller expressions)
    x = sympy.Symbol("x", nonnegative=True)  # (1 − ε)/(2c) ≥ 0 (ε ≤ 1)
    t0 = cc - 1 / (2 * cc)
    return Derivation(
        claim_id=claim_id,
        target="bound",
        title=title,
        start=profile(epsilon, kappa * epsilon / cc),
        symbolic_start=SymbolicStart(functools.partial(_pair_quantity, cc),
                                     "Balle & Wang's δ (formulas.gaussian.gaussian_delta, what the claims' quantity "
                                     "encloses) at σ = S·c_(ε,δ) (formulas.retain.SIGMA_EXPR at RS = S, the "
                                     "sensitivity σ is calibrated to) and the shift κ·S"),
        conditions=(sympy.Le(epsilon, 1),),
        where=(KAPPA_DEF, (x, (1 - epsilon) / (2 * cc))),
        domain={epsilon: ("0.001", "1"), delta: ("1e-30", "0.5"), kappa_slack: ("0", "1000"), cc: ("1.35", "12")},
        premises=(
            Premise("Both worlds publish N(μ₁, σ(R)²I) and N(μ₂, σ(R)²I) with the same σ(R) (computed from R = "
                    "(R ∪ U) \\ U); the true δ at ε is the Balle–Wang profile of s = ‖μ₁ − μ₂‖/σ(R), whatever the "
                    "output dimension (lines 117–121)", "Balle & Wang 2018, Thm 8"),
            Premise("‖μ₁ − μ₂‖ ≤ RS(R): the definition of the retain sensitivity with Z = U (line 121); write "
                    "‖μ₁ − μ₂‖ = κ·RS, κ ≤ 1; with σ(R) = RS(R)·c/ε (line 115) s = κε/c" + ("" if rs_expr is None else
                                                  "; RS_median = ½max{…} by Lemma C.1"), "Definition 2.9"),
        ),
        note=("Steps 2–5 are Fact 1 (line 77, Dwork & Roth 2014, Thm A.1) at the shift s = ε/c, proved as in "
              "r2d.thmB.1+fix (the corrected chain of its proof; DR's printed chain is gaussian.classic): "
              "c = √(2log(1.25/δ)), c − ε/(2c) = t₀ + x with t₀ = c − 1/(2c) and x = (1 − ε)/(2c) ≥ 0 (ε ≤ 1)."),
        steps=(
            step(profile(epsilon, kappa * epsilon / cc), "<=", profile(epsilon, epsilon / cc),
                 "the profile δ(ε) increases with the shift (κ = 1/(1 + w) ≤ 1; Balle & Wang 2018, Lemma 5)",
                 monotone=Monotone(kappa_slack, 0)),
            then("<=", normal_tail(cc - epsilon / (2 * cc)),
                 "Fact 1's proof: δ(ε) = E[(1 − e^(ε−ℓ))₊] ≤ P[ℓ > ε] = Q(c − ε/(2c)) at s = ε/c"),
            then("==", normal_tail(t0 + x), "c − ε/(2c) = t₀ + x"),
            then("<=", normal_tail(t0), "Q is decreasing and x ≥ 0 (ε ≤ 1)", monotone=Monotone(x, 0)),
            then("<=", delta, "Q(c − 1/(2c)) ≤ δ for c = √(2log(1.25/δ)), δ ∈ (0, 1) (as r2d.thmB.1+fix)",
                 given=((cc, sqrt(2 * log(Rational(5, 4) / delta))),), box={delta: ("1e-300", "0.99")}),
        ),
    )


def thm211() -> Derivation:
    return _pair("retain.thm2.11", "Theorem 2.11: the same σ(R) = RS(R)·c_(ε,δ) in both worlds (lines 113–121)", None)


def cor212() -> Derivation:
    return _pair("retain.cor2.12", "Corollary 2.12: the passive case of Theorem 2.11 (lines 125–129)", MEDIAN_RS_EXPR)


_COR28_EXCESS = sympy.Symbol("v", nonnegative=True)  # max(DS − RS, 0): what the removals add to RS in LS


def _cor28_base() -> Derivation:
    """Corollary 2.8's chain for every mechanism: RS ≤ RS + max(DS − RS, 0) = LS (RS a symbol)."""
    rs = SYMBOLS["RS"]
    return Derivation(
        claim_id="retain.cor2.8", target="bound", title="Corollary 2.8: RS_f(R) ≤ LS_f(R) (line 95)",
        start="RS_f(R) = max over one added point of ‖f(R ∪ Z) − f(R)‖ (Definition 2.7, lines 91–93)",
        where=((_COR28_EXCESS, sympy.Max(DS - rs, 0)), (LS, rs + _COR28_EXCESS)),
        domain={rs: ("0", "10"), DS: ("0", "10")},
        premises=(Premise("LS_f(R) maximises over every S' with d(R, S') = 1: the additions (whose maximum is RS_f(R)) "
                          "and the removals (call theirs DS ≥ 0), so LS = max(RS, DS) = RS + max(DS − RS, 0) "
                          "(Definition 2.6, lines 81–85)", "Definitions 2.6, 2.7"),),
        steps=(step(rs, "<=", rs + _COR28_EXCESS, "a maximum over a larger set (line 97: 'immediately from the "
                                                   "definition'): the excess max(DS − RS, 0) ≥ 0"),
               then("==", RS_LE_LS_EXPR, "LS := RS + max(DS − RS, 0) = max(RS, DS)")),
    )


def _cor28_run(claim_id: str, title: str, rs_: sympy.Symbol, run, what: str, conditions: tuple,
               domain: dict) -> Derivation:
    """Corollary 2.8's chain with RS := ``rs_``, an abbreviation for the claim's quantity run on a shape (``run``):
    the steps are proved with ``rs_`` a free nonnegative symbol (so for every mechanism's RS), the start is checked on
    the run."""
    d = _cor28_base()
    return dataclasses.replace(
        d, claim_id=claim_id, title=title, start=rs_, symbolic_start=SymbolicStart(run, what),
        where=((rs_, run()), (_COR28_EXCESS, sympy.Max(DS - rs_, 0)), (LS, rs_ + _COR28_EXCESS)),
        conditions=conditions, domain={DS: ("0", "10"), **domain},
        steps=(step(rs_, "<=", rs_ + _COR28_EXCESS, d.steps[0].justification),
               then("==", RS_LE_LS_EXPR, "LS := RS + max(DS − RS, 0) = max(RS, DS)")))


def cor28() -> Derivation:
    """RS := the median's RS run on five symbolic points in increasing order (the claim's quantity ``_cor28_rs`` on
    its median instances: ``Median.exact_rs``)."""
    return _cor28_run(
        "retain.cor2.8", "Corollary 2.8: RS_f(R) ≤ LS_f(R) (line 95)", sympy.Symbol("RS_med", nonnegative=True),
        median_rs_run, "the claim's median branch (_cor28_rs → Median.exact_rs) as the reference median "
        "(algorithms.retain.stats.median) of R, R ∪ {0} and R ∪ {B} at five symbolic points in increasing order, the "
        "larger move — the start is checked on the median (tests/derive/test_retain_cor28_start.py ties it to the "
        "claim's quantity); the steps hold for every RS ≥ 0",
        (sympy.Le(x_lo, x_mid), sympy.Le(x_mid, x_hi)), {x_lo: ("0", "1"), x_mid: ("1", "2"), x_hi: ("2", "3")})


def cor28_erm() -> Derivation:
    """RS := the ridge RS on the shape Σxy = 0, B² ≤ a + (n+1)λ (:func:`.erm.ridge_rs_run`)."""
    return _cor28_run(
        "retain.cor2.8:erm", "Corollary 2.8 for ridge ERM, d = 1: RS_f(R) ≤ LS_f(R) (line 95)",
        sympy.Symbol("RS_ridge", nonnegative=True), ridge_rs_run,
        RIDGE_WHAT.replace("tests/derive/test_retain_ridge_rs_start.py", "tests/derive/test_retain_cor28_start.py")
        .replace("steps 2–4 are the proof's for every R", "the steps hold for every RS ≥ 0"),
        (RIDGE_SHAPE,), {B: ("0.1", "2"), Y: ("1", "1"), n: ("1", "20"), lam: ("0.01", "20"), a: ("0.01", "20")})


def cor28_svm() -> Derivation:
    """RS := the SVM's RS on the d = 1 support of :func:`.svm.svm_rs_run`; LS enters squared (LS_sq, the claim's)."""
    rs_ = sympy.Symbol("RS_svm", nonnegative=True)
    d = _cor28_run(
        "retain.cor2.8:svm", "Corollary 2.8 for the hard-margin SVM: RS_f(R) ≤ LS_f(R) (line 95)", rs_, svm_rs_run,
        SVM_WHAT.format(m=1, ratio="", rest="the steps hold for every RS ≥ 0"),
        (), {u_s: ("0.05", "5"), h_s: ("0", "5")})
    return dataclasses.replace(
        d, where=((rs_, svm_rs_run()), (_COR28_EXCESS, sympy.Max(DS - rs_, 0)), (LS_sq, (rs_ + _COR28_EXCESS) ** 2)),
        steps=(d.steps[0], then("==", RS_LE_LS_SQ_EXPR, "LS² := (RS + max(DS − RS, 0))² = max(RS, DS)², LS ≥ 0")))
