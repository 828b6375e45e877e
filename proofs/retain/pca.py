"""Section 3.3 / Appendix E, the PCA projector: Lemma E.2 (Frobenius, operator norm, m points), Lemma E.1 (Davis–Kahan,
both norms, as printed and +fix), Lemma E.4 and its noise tail.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import sympy
from sympy import exp, sqrt

from certunlearn.formulas.retain import (
    SYMBOLS, DK_FRO_EXPR, DK_FRO_FIX_EXPR, DK_OP_EXPR, DK_OP_FIX_EXPR, E4_EXPR, E4_TAIL_EXPR, E_FRO_2X2_EXPR,
    E_OP_2X2_EXPR, GAP_2X2_EXPR, PCA_BOUND_EXPR, PCA_BOUND_M_EXPR, PCA_BOUND_OP_EXPR,
)
from certunlearn.derive import Derivation, Premise, step, then

from .common import B, n


#: a_x = ρ_x·B², a_S = ρ_S·B² with ρ ≤ 1: the bounds ‖x‖ ≤ B (so ‖xxᵀ‖ ≤ B²) and ‖Σ̂_R‖ ≤ B² (line 511) as ratios
rho_x, rho_S = sympy.symbols("rho_x rho_S", positive=True)


def lemE2() -> Derivation:
    gap, dS, k1, k2 = (sympy.Symbol("gap", positive=True), sympy.Symbol("D_Sigma", positive=True),
                       sympy.Symbol("kappa_1", positive=True), sympy.Symbol("kappa_2", positive=True))
    xx, S = sympy.Symbol("a_x", positive=True), sympy.Symbol("a_S", positive=True)  # ‖xxᵀ‖_F, ‖Σ̂_R‖_F
    return Derivation(
        claim_id="retain.lemE.2", target="bound",
        title="Lemma E.2: retain sensitivity of the rank-k projector (lines 503–519)",
        start="‖P_k(Σ̂_R') − P_k(Σ̂_R)‖_F = κ₂·√2‖Σ̂_R' − Σ̂_R‖_F/gap_k(R)",
        where=((xx, rho_x * B**2), (S, rho_S * B**2), (dS, k1 * (xx + S) / (n + 1))),
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1), sympy.Le(rho_x, 1), sympy.Le(rho_S, 1)),
        domain={B: ("0.1", "3"), n: ("1", "100"), gap: ("0.001", "10"), k1: ("0.001", "1"), k2: ("0.001", "1"),
                rho_x: ("0.001", "1"), rho_S: ("0.001", "1")},
        premises=(Premise("Σ̂_R' − Σ̂_R = (xxᵀ − Σ̂_R)/(n+1) (line 509); ‖·‖_F ≤ (‖xxᵀ‖_F + ‖Σ̂_R‖_F)/(n+1): write "
                          "it κ₁(a_x + a_S)/(n+1), κ₁ ≤ 1", "triangle inequality"),),
        steps=(
            step(k2 * sqrt(2) * dS / gap, "<=", sqrt(2) * dS / gap,
                 "Davis–Kahan sin Θ in Frobenius norm as printed in Lemma E.1 (line 501): ‖P̃ − P‖_F ≤ √2‖A − Ã‖_F/gap",
                 cited="Lemma E.1 [DK70, YWS15], as printed"),
            then("<=", sqrt(2) * (xx + S) / ((n + 1) * gap), "κ₁ ≤ 1"),
            then("<=", sqrt(2) * 2 * B**2 / ((n + 1) * gap), "‖xxᵀ‖_F = ‖x‖² ≤ B², ‖Σ̂_R‖_F ≤ B² (line 511): a_x = ρ_xB², a_S = ρ_SB², ρ ≤ 1"),
            then("==", PCA_BOUND_EXPR, "algebra"),
        ),
        note="Lemma E.1's Frobenius constant √2 is cited as printed; Yu, Wang & Samworth (2015) state "
             "‖sin Θ‖_F ≤ 2‖E‖_F/gap, i.e. ‖P̃ − P‖_F ≤ 2√2‖E‖_F/gap — the checker measures the lemma directly.",
    )


def lemE2_m() -> Derivation:
    gap, k1, k2 = (sympy.Symbol("gap", positive=True), sympy.Symbol("kappa_1", positive=True),
                   sympy.Symbol("kappa_2", positive=True))
    m = SYMBOLS["m"]
    dS = sympy.Symbol("D_Sigma", positive=True)
    return Derivation(
        claim_id="retain.lemE.2:m-points+fix", target="bound",
        title="Lemma E.2 for m added points",
        start="‖P_k(Σ̂_(R∪Z)) − P_k(Σ̂_R)‖_F = κ₂·√2‖Σ̂_(R∪Z) − Σ̂_R‖_F/gap_k(R)",
        where=((dS, k1 * 2 * m * B**2 / (n + m)),),
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1)),
        domain={B: ("0.1", "3"), n: ("1", "100"), m: ("1", "20"), gap: ("0.001", "10"), k1: ("0.001", "1"),
                k2: ("0.001", "1")},
        premises=(Premise("Σ̂_(R∪Z) − Σ̂_R = (Σ_z zzᵀ − mΣ̂_R)/(n + m), Frobenius norm ≤ (mB² + mB²)/(n + m): write it "
                          "κ₁·2mB²/(n + m), κ₁ ≤ 1", "algebra, triangle inequality"),),
        steps=(
            step(k2 * sqrt(2) * dS / gap, "<=", sqrt(2) * dS / gap, "Lemma E.1 as printed (κ₂ ≤ 1)",
                 cited="Lemma E.1 [DK70, YWS15], as printed"),
            then("<=", sqrt(2) * 2 * m * B**2 / ((n + m) * gap), "κ₁ ≤ 1"),
            then("==", PCA_BOUND_M_EXPR, "algebra"),
        ),
    )


def lemE2_operator() -> Derivation:
    gap, dS, k1, k2 = (sympy.Symbol("gap", positive=True), sympy.Symbol("D_Sigma", positive=True),
                       sympy.Symbol("kappa_1", positive=True), sympy.Symbol("kappa_2", positive=True))
    xx, S = sympy.Symbol("a_x", positive=True), sympy.Symbol("a_S", positive=True)  # ‖xxᵀ‖_2, ‖Σ̂_R‖_2
    return Derivation(
        claim_id="retain.lemE.2:operator", target="bound",
        title="Lemma E.2's proof in operator norm (lines 507–517)",
        start=k2 * dS / gap,
        where=((xx, rho_x * B**2), (S, rho_S * B**2), (dS, k1 * (xx + S) / (n + 1))),
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1), sympy.Le(rho_x, 1), sympy.Le(rho_S, 1)),
        domain={B: ("0.1", "3"), n: ("1", "100"), gap: ("0.001", "10"), k1: ("0.001", "1"), k2: ("0.001", "1"),
                rho_x: ("0.001", "1"), rho_S: ("0.001", "1")},
        premises=(Premise("Σ̂_R' − Σ̂_R = (xxᵀ − Σ̂_R)/(n+1) (line 509); ‖·‖_2 ≤ (‖xxᵀ‖_2 + ‖Σ̂_R‖_2)/(n+1): write it "
                          "κ₁(a_x + a_S)/(n+1), κ₁ ≤ 1 (line 511)", "triangle inequality"),),
        steps=(
            step(k2 * dS / gap, "<=", dS / gap,
                 "Davis–Kahan in operator norm as printed in Lemma E.1 (line 499): ‖P̃ − P‖_2 ≤ ‖A − Ã‖_2/gap",
                 cited="Lemma E.1 [DK70, YWS15], as printed"),
            then("<=", (xx + S) / ((n + 1) * gap), "κ₁ ≤ 1"),
            then("<=", 2 * B**2 / ((n + 1) * gap), "‖xxᵀ‖_2 ≤ B², ‖Σ̂_R‖_2 ≤ B² (line 511): a_x = ρ_xB², a_S = ρ_SB², ρ ≤ 1"),
            then("==", PCA_BOUND_OP_EXPR, "algebra"),
        ),
        note="Lemma E.1's operator-norm constant is cited as printed (retain.lemE.1 checks it, and it fails on eigen-"
             "flips); here the checker measures the operator-norm shift of the projector directly.",
    )


eo, ef, gp = sympy.symbols("E_op E_F gap_A", positive=True)  # ‖E‖_2, ‖E‖_F, gap_1(A)
tw = sympy.Symbol("t", real=True)  # Weyl: λ_2(Ã) = λ_2(A) + t‖E‖, |t| ≤ 1
kp = sympy.Symbol("kappa", positive=True)
_a11, _a12, _a22, _e11, _e12, _e22 = sympy.symbols("a11 a12 a22 e11 e12 e22", real=True)
_DK_DOMAIN = {eo: ("0.01", "4"), ef: ("0.01", "4"), gp: ("0.01", "4"), tw: ("-1", "1"), kp: ("0.001", "1"),
              _a11: ("1", "2"), _a12: ("-1/2", "1/2"), _a22: ("-1", "0"), _e11: ("-1", "1"), _e12: ("-1", "1"),
              _e22: ("-1", "1")}
_DK_PREMISE = Premise("Davis–Kahan sin Θ (DK70): ‖sin Θ‖ ≤ ‖E‖/δ with δ = λ_k(A) − λ_(k+1)(Ã) > 0 the separation of "
                      "A's top spectrum from Ã's bottom one (not gap_k(A)); by Weyl λ_(k+1)(Ã) = λ_(k+1)(A) + t‖E‖₂, "
                      "|t| ≤ 1, so δ = gap_k(A) − t‖E‖₂; ‖P̃ − P‖₂ = ‖sin Θ‖₂, ‖P̃ − P‖_F = √2‖sin Θ‖_F",
                      "Davis & Kahan 1970; Yu, Wang & Samworth 2015, §2")


def _dk_link(norm: sympy.Symbol, target: sympy.Expr):
    return then("==", target, "‖E‖ and gap_1(A) of the symmetric 2×2 matrices (closed forms)",
                given=((norm, E_OP_2X2_EXPR if norm is eo else E_FRO_2X2_EXPR), (gp, GAP_2X2_EXPR)))


def lemE1() -> Derivation:
    return Derivation(
        claim_id="retain.lemE.1", target="bound", title="Lemma E.1 (Davis–Kahan), operator norm, as printed (lines 497–501)",
        start=kp * eo / (gp - tw * eo),
        conditions=(sympy.Le(kp, 1), sympy.Gt(gp - tw * eo, 0), sympy.Le(tw, 1), sympy.Ge(tw, -1)),
        domain=_DK_DOMAIN, premises=(_DK_PREMISE,),
        steps=(
            step(kp * eo / (gp - tw * eo), "<=", eo / (gp - tw * eo), "Davis–Kahan: κ ≤ 1", cited="Davis & Kahan 1970"),
            then("<=", eo / gp, "Lemma E.1 as printed divides by gap_k(A) instead of δ = gap_k(A) − t‖E‖₂"),
            _dk_link(eo, DK_OP_EXPR),
        ),
    )


def lemE1_fro() -> Derivation:
    return Derivation(
        claim_id="retain.lemE.1:frobenius", target="bound",
        title="Lemma E.1 (Davis–Kahan), Frobenius norm, as printed (lines 497–501)",
        start=sqrt(2) * kp * ef / (gp - tw * ef),
        conditions=(sympy.Le(kp, 1), sympy.Gt(gp - tw * ef, 0), sympy.Le(tw, 1), sympy.Ge(tw, -1)),
        domain=_DK_DOMAIN, premises=(_DK_PREMISE,),
        steps=(
            step(sqrt(2) * kp * ef / (gp - tw * ef), "<=", sqrt(2) * ef / (gp - tw * ef),
                 "Davis–Kahan in Frobenius norm (‖E‖₂ ≤ ‖E‖_F in Weyl's shift): κ ≤ 1", cited="Davis & Kahan 1970"),
            then("<=", sqrt(2) * ef / gp, "Lemma E.1 as printed divides by gap_k(A) instead of δ"),
            _dk_link(ef, DK_FRO_EXPR),
        ),
    )


def lemE1_fix() -> Derivation:
    h = 2 * eo / (gp + (1 - tw) * eo)  # = 2u/(1 + u), u = ‖E‖₂/δ
    return Derivation(
        claim_id="retain.lemE.1+fix", target="bound",
        title="Lemma E.1, operator norm, corrected constant 2 (YWS15, Thm 1)",
        start=kp * h,
        conditions=(sympy.Le(kp, 1), sympy.Le(tw, 1), sympy.Ge(tw, -1)),
        domain=_DK_DOMAIN,
        premises=(_DK_PREMISE,
                  Premise("‖P̃ − P‖₂ ≤ min(1, u) with u = ‖E‖₂/δ when δ > 0 (projectors; Davis–Kahan), and min(1, u) ≤ "
                          "2u/(1 + u) = 2‖E‖₂/(gap + (1 − t)‖E‖₂); if δ ≤ 0 then ‖E‖₂ ≥ gap and ‖P̃ − P‖₂ ≤ 1 ≤ 2‖E‖₂/gap "
                          "directly: write ‖P̃ − P‖₂ = κ·2‖E‖₂/(gap + (1 − t)‖E‖₂), κ ≤ 1", "case split")),
        steps=(
            step(kp * h, "<=", h, "κ ≤ 1"),
            then("<=", 2 * eo / gp, "t ≤ 1 (Weyl)"),
            _dk_link(eo, DK_OP_FIX_EXPR),
        ),
    )


def lemE1_fro_fix() -> Derivation:
    return Derivation(
        claim_id="retain.lemE.1:frobenius+fix", target="bound",
        title="Lemma E.1, Frobenius norm, corrected constant 2√2 (YWS15, Thm 2)",
        start=sqrt(2) * kp * 2 * ef / gp,
        conditions=(sympy.Le(kp, 1),), domain=_DK_DOMAIN,
        premises=(Premise("‖sin Θ‖_F ≤ 2‖E‖_F/gap_k(A) (Yu, Wang & Samworth 2015, Thm 2, with min(√k‖E‖₂, ‖E‖_F) ≤ "
                          "‖E‖_F); ‖P̃ − P‖_F = √2‖sin Θ‖_F: write ‖P̃ − P‖_F = √2κ·2‖E‖_F/gap, κ ≤ 1", "YWS15"),),
        steps=(
            step(sqrt(2) * kp * 2 * ef / gp, "<=", 2 * sqrt(2) * ef / gp, "κ ≤ 1", cited="Yu, Wang & Samworth 2015, Thm 2"),
            _dk_link(ef, DK_FRO_FIX_EXPR),
        ),
    )


# --------------------------------------------------------------------------- Lemma E.4
def lemE4() -> Derivation:
    gap, En = sympy.Symbol("gap", positive=True), sympy.Symbol("E_op", positive=True)  # gap_k(R), ‖E‖_2
    k1, k2 = sympy.Symbol("kappa_1", positive=True), sympy.Symbol("kappa_2", positive=True)
    A = PCA_BOUND_OP_EXPR
    e11, e12, e22 = sympy.symbols("e11 e12 e22", real=True)
    return Derivation(
        claim_id="retain.lemE.4", target="bound",
        title="Lemma E.4: utility of the noisy projector, before the O(·) (lines 531–551)",
        start=k1 * A + En + k2 * En,
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1)),
        domain={B: ("0.1", "3"), n: ("1", "100"), gap: ("0.001", "10"), k1: ("0.001", "1"), k2: ("0.001", "1"),
                En: ("0.001", "5"), e11: ("-2", "2"), e12: ("-2", "2"), e22: ("-2", "2")},
        premises=(Premise("triangle inequality through V_R'V_R'ᵀ (line 535)", "triangle inequality"),
                  Premise("the proof of Lemma E.2 in operator norm (line 517, Lemma E.1 as printed): ‖V_RV_Rᵀ − "
                          "V_R'V_R'ᵀ‖_2 = κ₁·2B²/((n + 1)gap_k(R)), κ₁ ≤ 1", "Lemma E.2's proof"),
                  Premise("‖V_R'V_R'ᵀ − P_k(V_R'V_R'ᵀ + E)‖ ≤ ‖E‖ + ‖X‖, X = V_R'V_R'ᵀ + E − P_k(·), whose eigenvalues "
                          "are λ_i − 1 (i ≤ k) and λ_i (i > k): by Weyl ‖X‖ = κ₂‖E‖, κ₂ ≤ 1 (lines 539–549)",
                          "Weyl's inequality")),
        steps=(step(k1 * A + En + k2 * En, "<=", k1 * A + 2 * En, "‖X‖ ≤ ‖E‖ (κ₂ ≤ 1, line 549)"),
               then("<=", A + 2 * En, "κ₁ ≤ 1 (Lemma E.2's operator-norm bound)"),
               then("==", E4_EXPR, "‖E‖_2 of the symmetric 2×2 E (d = 2, the checked case)",
                    given=((En, E_OP_2X2_EXPR),))),
        note="The proof then writes ‖E‖ = O(·) 'with high probability' [Tao23]; that step is the separate claim "
             "retain.lemE.4:noise-tail, with explicit constants.",
    )


def lemE4_tail() -> Derivation:
    d, t, kap = SYMBOLS["d"], sympy.Symbol("t", nonnegative=True), sympy.Symbol("kappa", positive=True)
    start = 2 * exp(-(2 * sqrt(d) * (1 - kap) + t) ** 2 / 4)
    return Derivation(
        claim_id="retain.lemE.4:noise-tail", target="bound",
        title="Lemma E.4's 'with high probability ‖E‖ = O(√d σ)' (line 537), with constants",
        start=start,
        conditions=(sympy.Le(kap, 1),),
        domain={d: ("1", "20"), t: ("0", "10"), kap: ("0.001", "1")},
        premises=(Premise("Sudakov–Fernique: the increments of v ↦ vᵀEv on the sphere are at most those of 2⟨g, v⟩, so "
                          "E λ_max(±E) = κ·2√d, κ ≤ 1 (σ = 1: it scales out)", "Sudakov–Fernique inequality"),
                  Premise("λ_max(±E) is √2-Lipschitz in the Gaussian vector of upper-triangular entries (‖E‖_F ≤ √2‖g‖), "
                          "so P(λ_max ≥ E λ_max + r) ≤ e^(−r²/4); ‖E‖ = max(λ_max(E), λ_max(−E)) and a union bound at "
                          "r = 2√d(1 − κ) + t give P(‖E‖_2 ≥ 2√d + t) ≤ 2e^(−(2√d(1 − κ) + t)²/4)",
                          "Gaussian concentration (Tsirelson–Ibragimov–Sudakov)")),
        steps=(step(start, "<=", 2 * exp(-t**2 / 4), "κ ≤ 1, t ≥ 0"),
               then("==", E4_TAIL_EXPR, "definition")),
    )


def derivations_e4() -> list[Derivation]:
    return [lemE2_operator(), lemE4(), lemE4_tail()]
