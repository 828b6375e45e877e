"""Section 4 / Appendix H, the active mechanisms: Descent-to-Delete (Lemma H.1, Lemma 4.1 both directions, m points)
and the Newton step (Lemma H.2, Lemma 4.2, m points).

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import dataclasses
import functools

import sympy
from sympy import log, sqrt

from certunlearn.formulas.gaussian import gaussian_delta, normal_tail
from certunlearn.formulas.retain import (
    SYMBOLS, D2D_BOUND_1, D2D_BOUND_EXPR, ITER_COUNT_RATIO_EXPR, ITER_RATIO_EXPR, ITER_RATIO_FIX_EXPR,
    ITER_RATIO_LOWER_FIX_EXPR, LOGISTIC_CURVATURE_EXPR, LOGLOSS_M_EXPR, NEWTON_LOG_BOUND_1D, NEWTON_LOG_BOUND_M_1D,
    NEWTON_RATIO_1D,
)
from certunlearn.formulas.symbols import delta, epsilon, sigma
from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, step, then

from .common import B, KAPPA_DEF, n, lam, a, kappa, kappa_slack, Rw_, profile

k1, k2 = sympy.Symbol("kappa_1", positive=True), sympy.Symbol("kappa_2", positive=True)
gR_, I_, lamR_, M_, L_ = (SYMBOLS["gamma_R"], sympy.Symbol("I", nonnegative=True, integer=True), SYMBOLS["lambda_R"],
                          SYMBOLS["M"], SYMBOLS["L"])
_ACT_DOMAIN = {k1: ("0.001", "1"), k2: ("0.001", "1"), gR_: ("0.01", "0.99"), I_: ("0", "50"), lamR_: ("0.01", "5"),
               L_: ("0.1", "5"), M_: ("0.01", "1"), n: ("1", "100"), lam: ("0.001", "5"), B: ("0.1", "2"),
               Rw_: ("0.1", "5"), a: ("0.01", "50")}
_LOG_GIVEN = ((L_, B + lam * Rw_), (M_, LOGLOSS_M_EXPR), (lamR_, LOGISTIC_CURVATURE_EXPR.subs(SYMBOLS["lambda_min"], a / n)))


def lemH1_sensitivity() -> Derivation:
    return Derivation(
        claim_id="retain.lemH.1:sensitivity", target="bound",
        title="Lemma H.1's proof: the shift after I contracting steps (lines 697–701)",
        start=k1 * gR_**I_ * k2 * L_ / (n * lamR_), conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1)), domain=_ACT_DOMAIN,
        premises=(Premise("Fact 2: projected GD with η = 2/(λ_R + β_R) contracts toward w_R by γ_R per step: "
                          "‖G_R^I(w_R') − w_R‖ = κ₁γ_R^I‖w_R' − w_R‖, κ₁ ≤ 1", "Fact 2 (NRS21)"),
                  Premise("Lemma G.1: ‖w_R' − w_R‖ = κ₂L/(nλ_R), κ₂ ≤ 1", "Lemma G.1")),
        steps=(step(k1 * gR_**I_ * k2 * L_ / (n * lamR_), "<=", gR_**I_ * k2 * L_ / (n * lamR_), "κ₁ ≤ 1 (Fact 2)"),
               then("<=", gR_**I_ * L_ / (n * lamR_), "κ₂ ≤ 1 (Lemma G.1)"),
               then("==", D2D_BOUND_1, "m = 1")),
    )


def _d2d_quantity(b: sympy.Symbol) -> sympy.Expr:
    """What Lemma H.1's quantity evaluates (``shift_delta``: Balle & Wang's δ at ε of the two published laws,
    :func:`~certunlearn.formulas.gaussian.gaussian_delta`) at symbolic input: the published σ and the shift κ·b·σ
    (κ := shift/(σb), the premise)."""
    return gaussian_delta(epsilon, sigma, kappa * b * sigma)


def lemH1() -> Derivation:
    # b(ε, δ) = √(2 ln(1/δ) + 2ε) − √(2 ln(1/δ)), the shift over σ that footnote 3 calibrates
    b = sympy.Symbol("b", positive=True)
    return Derivation(
        claim_id="retain.lemH.1", target="bound", title="Lemma H.1: Descent-to-Delete with I_R steps (lines 691–707)",
        start=profile(epsilon, kappa * b), where=(KAPPA_DEF,),
        symbolic_start=SymbolicStart(functools.partial(_d2d_quantity, b),
                                     "Balle & Wang's δ (formulas.gaussian.gaussian_delta, what the claim's quantity "
                                     "encloses) at the published σ and the shift κ·b·σ"),
        domain={epsilon: ("0.01", "1"), delta: ("1e-30", "0.5"), kappa_slack: ("0", "1000"), b: ("0.0005", "2")},
        premises=(Premise("I ≥ I_R of eq. (5) gives γ_R^I L/(nλ_R) ≤ σ b(ε, δ), so the shift over σ is κ·b(ε, δ), κ ≤ 1 "
                          "(lines 701–705; retain.lemH.1:sensitivity)", "Lemma H.1's proof"),),
        note=("b = b(ε, δ) = √(2log(1/δ) + 2ε) − √(2log(1/δ)) enters through its defining equation ε = b²/2 + "
              "b√(2log(1/δ)) (footnote 3), given at step 3; steps 1–2 hold for every b > 0. Steps 2–4 are the "
              "zCDP-to-DP conversion at the shift b (Bun & Steinke 2016, Prop. 1.3), proved here: the privacy loss is "
              "N(b²/2, b²), so δ(ε) ≤ P[ℓ > ε] = Q(ε/b − b/2) = Q(√(2log(1/δ))) ≤ δ."),
        steps=(step(profile(epsilon, kappa * b), "<=", profile(epsilon, b),
                    "the profile increases with the shift (κ = 1/(1 + w) ≤ 1; Balle & Wang 2018, Lemma 5)",
                    monotone=Monotone(kappa_slack, 0)),
               then("<=", normal_tail(epsilon / b - b / 2),
                    "δ(ε) = E[(1 − e^(ε−ℓ))₊] ≤ P[ℓ > ε], ℓ ~ N(b²/2, b²)"),
               then("==", normal_tail(sqrt(2 * log(1 / delta))),
                    "b solves ε = b²/2 + b√(2 log(1/δ)) (footnote 3, line 715)",
                    given=((epsilon, b**2 / 2 + b * sqrt(2 * log(1 / delta))),)),
               then("<=", delta, "Q(√(2 log(1/δ))) ≤ δ (the Gaussian tail, Q(y) ≤ e^(−y²/2))",
                    box={delta: ("1e-300", "0.99")})),
    )


def lemH2() -> Derivation:
    core = M_ / (2 * lamR_) * (L_ / (n * lamR_)) ** 2
    return Derivation(
        claim_id="retain.lemH.2", target="bound", title="Lemma H.2: the Newton step's error (lines 711–746), as printed",
        start=k1 * M_ / (2 * lamR_) * (k2 * L_ / (n * lamR_)) ** 2,
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1)), domain=_ACT_DOMAIN,
        premises=(Premise("Taylor with an M-Lipschitz Hessian and ∇F̂_R(w_R) = 0: λ_R‖v‖ ≤ (M/2)‖w_R' − w_R‖² (lines "
                          "738–744): ‖v‖ = κ₁(M/(2λ_R))‖w_R' − w_R‖², κ₁ ≤ 1", "Lemma H.2's proof"),
                  Premise("Lemma G.1: ‖w_R' − w_R‖ = κ₂L/(nλ_R), κ₂ ≤ 1 (line 746)", "Lemma G.1")),
        steps=(step(k1 * M_ / (2 * lamR_) * (k2 * L_ / (n * lamR_)) ** 2, "<=", core, "κ₁, κ₂ ≤ 1"),
               then("<=", L_**2 * M_ / (n**2 * lamR_**3), "the statement drops the ½ (line 734)"),
               then("==", NEWTON_LOG_BOUND_1D, "Example G.3's L, λ_R and Example G.6's M", given=_LOG_GIVEN)),
    )


def lem42() -> Derivation:
    rs = L_**2 * M_ / (n**2 * lamR_**3)
    gs = L_**2 * M_ / (n**2 * lam**3)
    return Derivation(
        claim_id="retain.lem4.2", target="bound", title="Lemma 4.2: RS/Δ_GS of the Newton step (lines 295–303)",
        start=k1 * rs / gs, conditions=(sympy.Le(k1, 1),), domain=_ACT_DOMAIN,
        premises=(Premise("Lemma H.2: the shift is κ₁L²M/(n²λ_R³), κ₁ ≤ 1; Δ_GS = L²M/(n²λ³)", "Lemma H.2"),),
        steps=(step(k1 * rs / gs, "<=", rs / gs, "κ₁ ≤ 1"),
               then("==", (lam / lamR_) ** 3, "algebra"),
               then("==", NEWTON_RATIO_1D, "Example G.3's λ_R", given=(_LOG_GIVEN[2],))),
    )


xR, xG = sympy.Symbol("x_R", positive=True), sympy.Symbol("x_G", positive=True)
fR, fG = sympy.Symbol("f_R", nonnegative=True), sympy.Symbol("f_G", nonnegative=True)  # ceiling increments in [0, 1)
_sigma_s, _gG_s = SYMBOLS["sigma"], sympy.Symbol("gamma_G", positive=True)
_CN = L_ / (n * _sigma_s * (sqrt(2 * log(1 / delta) + 2 * epsilon) - sqrt(2 * log(1 / delta))))
_ITER_GIVEN = ((xR, log(_CN / lamR_) / log(1 / gR_)), (xG, log(_CN / lam) / log(1 / _gG_s)))
_ITER_DOMAIN = {xR: ("0.5", "50"), xG: ("0.5", "50"), fR: ("0", "0.999"), fG: ("0", "0.999"), L_: ("1", "5"),
                n: ("1", "10"), _sigma_s: ("0.0001", "0.01"), epsilon: ("0.1", "1"), delta: ("1e-10", "0.01"),
                lamR_: ("0.1", "1"), lam: ("0.01", "0.1"), gR_: ("0.1", "0.9"), _gG_s: ("0.1", "0.9")}


_IG_s = sympy.Symbol("I_G", positive=True)
_COUNTS_GIVEN = ((I_, xR + fR), (_IG_s, xG + fG))
_ITER_LOWER_DOMAIN = {**_ITER_DOMAIN, I_: ("1", "50"), _IG_s: ("1", "50")}


def lem41() -> Derivation:
    return Derivation(
        claim_id="retain.lem4.1", target="bound", title="Lemma 4.1: I_R/I (lines 277–283), as printed",
        start=ITER_COUNT_RATIO_EXPR, conditions=(sympy.Lt(fR, 1), sympy.Lt(fG, 1)), domain=_ITER_DOMAIN,
        premises=(Premise("eq. (5): I_R = ⌈x_R⌉ = x_R + f_R and I = ⌈x⌉ = x + f_G, f ∈ [0, 1), x_R = ln(C_n/λ_R)/ln(1/γ_R), "
                          "x = ln(C_n/λ)/ln(1/γ)", "Lemma H.1, eq. (5)"),),
        steps=(step(ITER_COUNT_RATIO_EXPR, "==", (xR + fR) / (xG + fG), "eq. (5)", given=_COUNTS_GIVEN),
               then("==", xR / xG, "Lemma 4.1 as printed: the ceilings dropped"),
               then("==", ITER_RATIO_EXPR, "ln γ/ln γ_R = ln(1/γ)/ln(1/γ_R)", given=_ITER_GIVEN)),
    )


def lem41_fix() -> Derivation:
    return Derivation(
        claim_id="retain.lem4.1+fix", target="bound", title="Lemma 4.1 with the ceilings of eq. (5) (+fix)",
        start=ITER_COUNT_RATIO_EXPR, conditions=(sympy.Lt(fR, 1), sympy.Lt(fG, 1)), domain=_ITER_DOMAIN,
        premises=(Premise("I_R = x_R + f_R, I = x + f_G with f ∈ [0, 1)", "eq. (5)"),),
        steps=(step(ITER_COUNT_RATIO_EXPR, "==", (xR + fR) / (xG + fG), "eq. (5)", given=_COUNTS_GIVEN),
               then("<=", (xR + 1) / xG, "f_R < 1, f_G ≥ 0"),
               then("==", ITER_RATIO_FIX_EXPR, "definitions of x_R and x", given=_ITER_GIVEN)),
    )


def lemH2_m() -> Derivation:
    m_ = SYMBOLS["m"]
    core = M_ / (2 * lamR_) * (m_ * L_ / (n * lamR_)) ** 2
    return Derivation(
        claim_id="retain.lemH.2:m-points+fix", target="bound", title="Lemma H.2 for m deleted points",
        start=k1 * M_ / (2 * lamR_) * (k2 * m_ * L_ / (n * lamR_)) ** 2,
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1)), domain={**_ACT_DOMAIN, m_: ("1", "10")},
        premises=(Premise("the Taylor step of Lemma H.2 with Σ_z ∇f(w_R', z): ‖v‖ = κ₁(M/(2λ_R))‖w_R' − w_R‖²", "Lemma H.2"),
                  Premise("Lemma G.1 for m points: ‖w_R' − w_R‖ = κ₂mL/(nλ_R)", "retain.lemG.1:m-points+fix")),
        steps=(step(k1 * M_ / (2 * lamR_) * (k2 * m_ * L_ / (n * lamR_)) ** 2, "<=", core, "κ₁, κ₂ ≤ 1"),
               then("<=", m_**2 * L_**2 * M_ / (n**2 * lamR_**3), "drop the ½ (as the printed m = 1 statement)"),
               then("==", NEWTON_LOG_BOUND_M_1D, "Example G.3's L, λ_R and Example G.6's M", given=_LOG_GIVEN)),
    )


def lemH1_m() -> Derivation:
    d = lemH1()
    return dataclasses.replace(
        d, claim_id="retain.lemH.1:m-points+fix", title="Lemma H.1 for m deleted points (eq. (5) with mL)",
        premises=(Premise("I ≥ I_R of eq. (5) with mL gives γ_R^I mL/(nλ_R) ≤ σ b(ε, δ), so the shift over σ is "
                          "κ·b(ε, δ), κ ≤ 1 (retain.lemH.1:m-points-sensitivity+fix)", "Lemma H.1's proof, m points"),))


def lemH1_sensitivity_m() -> Derivation:
    m_ = SYMBOLS["m"]
    return Derivation(
        claim_id="retain.lemH.1:m-points-sensitivity+fix", target="bound",
        title="Lemma H.1's proof for m deleted points: the shift after I contracting steps",
        start=k1 * gR_**I_ * k2 * m_ * L_ / (n * lamR_), conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1)),
        domain={**_ACT_DOMAIN, m_: ("1", "10")},
        premises=(Premise("Fact 2: ‖G_R^I(w_R') − w_R‖ = κ₁γ_R^I‖w_R' − w_R‖, κ₁ ≤ 1 (w_R' = w_(R∪Z) is any start)",
                          "Fact 2 (NRS21)"),
                  Premise("Lemma G.1 for m points: ‖w_R' − w_R‖ = κ₂mL/(nλ_R), κ₂ ≤ 1", "retain.lemG.1:m-points+fix")),
        steps=(step(k1 * gR_**I_ * k2 * m_ * L_ / (n * lamR_), "<=", gR_**I_ * k2 * m_ * L_ / (n * lamR_), "κ₁ ≤ 1"),
               then("<=", D2D_BOUND_EXPR, "κ₂ ≤ 1")),
    )


def derivations_d2d_m() -> list[Derivation]:
    return [lemH1_m(), lemH1_sensitivity_m()]


def lem41_lower() -> Derivation:
    return Derivation(
        claim_id="retain.lem4.1:lower", target="bound", title="Lemma 4.1, ≥ direction (lines 277–283), as printed",
        start=ITER_RATIO_EXPR, conditions=(sympy.Lt(fR, 1), sympy.Lt(fG, 1)), domain=_ITER_LOWER_DOMAIN,
        premises=(Premise("eq. (5): I_R = ⌈x_R⌉ = x_R + f_R and I = ⌈x⌉ = x + f_G, f ∈ [0, 1)", "Lemma H.1, eq. (5)"),),
        steps=(step(ITER_RATIO_EXPR, "==", xR / xG, "ln γ/ln γ_R = ln(1/γ)/ln(1/γ_R)", given=_ITER_GIVEN),
               then("==", (xR + fR) / (xG + fG), "Lemma 4.1 as printed: the ceilings dropped"),
               then("==", ITER_COUNT_RATIO_EXPR, "eq. (5)", given=_COUNTS_GIVEN)),
    )


def lem41_lower_fix() -> Derivation:
    return Derivation(
        claim_id="retain.lem4.1:lower+fix", target="bound", title="Lemma 4.1, ≥ direction, with the ceilings (+fix)",
        start=ITER_RATIO_LOWER_FIX_EXPR, conditions=(sympy.Lt(fR, 1), sympy.Lt(fG, 1)), domain=_ITER_LOWER_DOMAIN,
        premises=(Premise("I_R = x_R + f_R, I = x + f_G with f ∈ [0, 1)", "eq. (5)"),),
        steps=(step(ITER_RATIO_LOWER_FIX_EXPR, "==", xR / (xG + 1), "definitions of x_R and x", given=_ITER_GIVEN),
               then("<=", (xR + fR) / (xG + fG), "f_R ≥ 0, f_G < 1"),
               then("==", ITER_COUNT_RATIO_EXPR, "eq. (5)", given=_COUNTS_GIVEN)),
    )


def derivations_lem41_lower() -> list[Derivation]:
    return [lem41_lower(), lem41_lower_fix()]
