"""Section 3.3 / Appendix E, the PCA projector: Lemma E.2 (Frobenius, operator norm, m points), Lemma E.1 (Davis–Kahan,
both norms, as printed and +fix), Lemma E.4 and its noise tail.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import functools

import sympy
from sympy import exp, sqrt

from certunlearn.formulas.retain import (
    SYMBOLS, DK_DISTANCE_2X2_EXPR, DK_FRO_EXPR, DK_FRO_FIX_EXPR, DK_OP_EXPR, DK_OP_FIX_EXPR, E4_EXPR, E4_TAIL_EXPR,
    E_OP_2X2_EXPR, PCA_BOUND_EXPR, PCA_BOUND_M_EXPR, PCA_BOUND_OP_EXPR, a11, a12, a22, e11, e12, e22,
)
from certunlearn.derive import Derivation, Premise, SymbolicStart, step, then

from . import pca_shape
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
        start=pca_shape.pca_shift_run(), symbolic_start=pca_shape.SYMBOLIC_START,
        where=((dS, k1 * 2 * m * B**2 / (n + m)),) + pca_shape.WHERE,
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1)) + pca_shape.CONDITIONS,
        domain={**pca_shape.DOMAIN, B: ("0.1", "3"), n: ("1", "100"), m: ("1", "20"), gap: ("0.001", "10"),
                k1: ("0.001", "1"), k2: ("0.001", "1")},
        premises=(Premise("Σ̂_(R∪Z) − Σ̂_R = (Σ_z zzᵀ − mΣ̂_R)/(n + m), Frobenius norm ≤ (mB² + mB²)/(n + m): write it "
                          "κ₁·2mB²/(n + m), κ₁ ≤ 1", "algebra, triangle inequality"), pca_shape.PREMISE),
        steps=(
            step(k2 * sqrt(2) * dS / gap, "<=", sqrt(2) * dS / gap, "Lemma E.1 as printed (κ₂ ≤ 1)",
                 cited="Lemma E.1 [DK70, YWS15], as printed"),
            then("<=", sqrt(2) * 2 * m * B**2 / ((n + m) * gap), "κ₁ ≤ 1"),
            then("==", PCA_BOUND_M_EXPR, "algebra"),
        ) + pca_shape.shape_chain(),
        note="Steps 1–3: the proof for every instance, resting on Lemma E.1 as printed (κ₂ ≤ 1, a premise). The final "
             "chain starts from the claim's quantity on a 2×2 shape with closed-form projectors (proofs/retain/"
             "pca_shape.py) and proves the bound there with its own Davis–Kahan step.",
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


# Lemma E.1 on symmetric 2×2 matrices, in the spectral coordinates of A and Ã = A + E: A = μ₀I + ρ₀(C₀, S₀; S₀, −C₀),
# Ã = (μ₀ + τ)I + ρ₁(C₁, S₁; S₁, −C₁), (C, S) = (cos φ, sin φ), φ/2 written rationally in t (cos(φ/2) = (1 − t²)/(1 + t²),
# sin(φ/2) = 2t/(1 + t²)). Every A with gap_1(A) = 2ρ₀ > 0 and Ã with distinct eigenvalues (ρ₁ > 0) is reached (φ/2 ∈
# (−π, π) covers every φ). The top eigenvectors are at angles φ₀/2, φ₁/2: σ = sin((φ₁ − φ₀)/2), χ = cos((φ₁ − φ₀)/2).
_r0, _r1 = sympy.symbols("rho_0 rho_1", positive=True)
_t0, _t1, _mu0, _tau = sympy.symbols("t_0 t_1 mu_0 tau", real=True)
_sg, _ch = sympy.symbols("sigma chi", real=True)


def _half(t: sympy.Symbol) -> tuple[sympy.Expr, sympy.Expr]:
    return (1 - t**2) / (1 + t**2), 2 * t / (1 + t**2)


def _spectral() -> tuple[tuple[sympy.Symbol, sympy.Expr], ...]:
    (c0, s0), (c1, s1) = _half(_t0), _half(_t1)
    C0, S0, C1, S1 = c0**2 - s0**2, 2 * c0 * s0, c1**2 - s1**2, 2 * c1 * s1
    return ((a11, _mu0 + _r0 * C0), (a22, _mu0 - _r0 * C0), (a12, _r0 * S0), (e11, _tau + _r1 * C1 - _r0 * C0),
            (e22, _tau - _r1 * C1 + _r0 * C0), (e12, _r1 * S1 - _r0 * S0), (_sg, s1 * c0 - c1 * s0),
            (_ch, c1 * c0 + s1 * s0))


_SPECTRAL = _spectral()
#: ‖(Ã − tr Ã/2) − (A − tr A/2)‖₂ = ‖ρ₁u₁ − ρ₀u₀‖ (u = (C, S)): the law of cosines with cos(φ₁ − φ₀) = χ² − σ²
_W = sqrt(_ch**2 * (_r1 - _r0) ** 2 + _sg**2 * (_r1 + _r0) ** 2)
_DK_DOMAIN = {a11: ("1", "2"), a12: ("-1/2", "1/2"), a22: ("-1", "0"), e11: ("-1", "1"), e12: ("-1", "1"),
              e22: ("-1", "1"), _r0: ("0.01", "4"), _r1: ("0.01", "4"), _t0: ("-3", "3"), _t1: ("-3", "3"),
              _mu0: ("-2", "2"), _tau: ("-2", "2"), _sg: ("-1", "1"), _ch: ("-1", "1")}
_DK_COORDS = Premise("A = μ₀I + ρ₀(cos φ₀, sin φ₀; sin φ₀, −cos φ₀) (gap_1(A) = 2ρ₀), Ã = (μ₀ + τ)I + ρ₁(cos φ₁, sin φ₁; "
                     "sin φ₁, −cos φ₁); P_1 = I/2 + ½(cos φ, sin φ; sin φ, −cos φ), so ‖P̃_1 − P_1‖₂ = |sin Θ| with Θ = "
                     "(φ₁ − φ₀)/2 the angle between the top eigenvectors: σ = sin Θ, χ = cos Θ; ‖E‖₂ = |τ| + ‖ρ₁u₁ − ρ₀u₀‖, "
                     "‖E‖_F = √2·√(τ² + ‖ρ₁u₁ − ρ₀u₀‖²)", "spectral theorem (2×2)")
_DK_PREMISE = Premise("Davis–Kahan sin Θ (DK70): ‖sin Θ‖ ≤ ‖E‖/δ with δ = λ_1(A) − λ_2(Ã) = ρ₀ + ρ₁ − τ > 0 the "
                      "separation of A's top eigenvalue from Ã's bottom one (not gap_1(A) = 2ρ₀); ‖P̃ − P‖₂ = ‖sin Θ‖₂, "
                      "‖P̃ − P‖_F = √2‖sin Θ‖_F", "Davis & Kahan 1970; Yu, Wang & Samworth 2015, §2")


def _dk_quantity(frobenius: bool) -> sympy.Expr:
    """What the claim's quantity computes (``_dk_distance``: √(p² + q²) of the closed-form 2×2 projectors; ``_dk_frobenius``
    √2 times it): :data:`formulas.retain.DK_DISTANCE_2X2_EXPR`."""
    return sqrt(2) * DK_DISTANCE_2X2_EXPR if frobenius else DK_DISTANCE_2X2_EXPR


def _dk_start(frobenius: bool) -> dict:
    q = _dk_quantity(frobenius)
    f = sqrt(2) if frobenius else 1
    what = (("√2·" if frobenius else "") + "‖P̃_1 − P_1‖_2 of the closed-form top projectors of the 2×2 matrices A, A + E "
            f"(the claim's quantity, {'_dk_frobenius' if frobenius else '_dk_distance'}), every instance: "
            "formulas.retain.DK_DISTANCE_2X2_EXPR, tested equal to it at exact instances "
            "(tests/derive/test_retain_dk_starts.py)")
    return dict(start=q, symbolic_start=SymbolicStart(functools.partial(_dk_quantity, frobenius), what),
                first=step(q, "==", f * sympy.Abs(_sg), "in spectral coordinates: ‖P̃_1 − P_1‖₂ = |sin Θ|", given=_SPECTRAL))


def lemE1() -> Derivation:
    s = _dk_start(False)
    sep = _r0 + _r1 - _tau
    return Derivation(
        claim_id="retain.lemE.1", target="bound", title="Lemma E.1 (Davis–Kahan), operator norm, as printed (lines 497–501)",
        start=s["start"], symbolic_start=s["symbolic_start"],
        conditions=(sympy.Gt(sep, 0),), domain=_DK_DOMAIN, premises=(_DK_COORDS, _DK_PREMISE),
        steps=(
            s["first"],
            then("<=", (sympy.Abs(_tau) + _W) / sep, "Davis–Kahan: |sin Θ| ≤ ‖E‖₂/δ, δ = ρ₀ + ρ₁ − τ > 0",
                 cited="Davis & Kahan 1970", given=_SPECTRAL),
            then("<=", (sympy.Abs(_tau) + _W) / (2 * _r0), "Lemma E.1 as printed divides by gap_1(A) = 2ρ₀ instead of δ",
                 given=_SPECTRAL),
            then("==", DK_OP_EXPR, "‖E‖₂ = |τ| + ‖ρ₁u₁ − ρ₀u₀‖, gap_1(A) = 2ρ₀", given=_SPECTRAL),
        ),
    )


def lemE1_fro() -> Derivation:
    s = _dk_start(True)
    sep = _r0 + _r1 - _tau
    ef = sqrt(2) * sqrt(_tau**2 + _W**2)  # ‖E‖_F
    return Derivation(
        claim_id="retain.lemE.1:frobenius", target="bound",
        title="Lemma E.1 (Davis–Kahan), Frobenius norm, as printed (lines 497–501)",
        start=s["start"], symbolic_start=s["symbolic_start"],
        conditions=(sympy.Gt(sep, 0),), domain=_DK_DOMAIN, premises=(_DK_COORDS, _DK_PREMISE),
        steps=(
            s["first"],
            then("<=", sqrt(2) * ef / sep, "Davis–Kahan in Frobenius norm: √2|sin Θ| ≤ √2‖E‖_F/δ",
                 cited="Davis & Kahan 1970", given=_SPECTRAL),
            then("<=", sqrt(2) * ef / (2 * _r0), "Lemma E.1 as printed divides by gap_1(A) = 2ρ₀ instead of δ",
                 given=_SPECTRAL),
            then("==", DK_FRO_EXPR, "‖E‖_F = √2·√(τ² + ‖ρ₁u₁ − ρ₀u₀‖²), gap_1(A) = 2ρ₀", given=_SPECTRAL),
        ),
    )


def _dk_fix_core(f: sympy.Expr) -> tuple:
    """f·|sin Θ| ≤ f·‖ρ₁u₁ − ρ₀u₀‖/ρ₀: the distance from ρ₀u₀ to ρ₁u₁ is at least ρ₀|sin Θ| (ρ₁ ≥ 0)."""
    return (then("<=", f * sqrt(_sg**2 * (_r1 + _r0) ** 2) / _r0, "ρ₀ ≤ ρ₁ + ρ₀"),
            then("<=", f * _W / _r0, "adding χ²(ρ₁ − ρ₀)² ≥ 0 (law of cosines: the traceless parts' distance)"))


def lemE1_fix() -> Derivation:
    s = _dk_start(False)
    return Derivation(
        claim_id="retain.lemE.1+fix", target="bound",
        title="Lemma E.1, operator norm, corrected constant 2 (YWS15, Thm 1), proved for symmetric 2×2 matrices",
        start=s["start"], symbolic_start=s["symbolic_start"], domain=_DK_DOMAIN, premises=(_DK_COORDS,),
        note="The 2×2 case of Yu, Wang & Samworth's sin Θ bound, proved directly: |sin Θ| ≤ ‖ρ₁u₁ − ρ₀u₀‖/ρ₀ ≤ "
             "‖E‖₂/ρ₀ = 2‖E‖₂/gap_1(A).",
        steps=(
            s["first"], *_dk_fix_core(1),
            then("<=", (sympy.Abs(_tau) + _W) / _r0, "|τ| ≥ 0"),
            then("==", DK_OP_FIX_EXPR, "‖E‖₂ = |τ| + ‖ρ₁u₁ − ρ₀u₀‖, gap_1(A) = 2ρ₀", given=_SPECTRAL),
        ),
    )


def lemE1_fro_fix() -> Derivation:
    s = _dk_start(True)
    return Derivation(
        claim_id="retain.lemE.1:frobenius+fix", target="bound",
        title="Lemma E.1, Frobenius norm, corrected constant 2√2 (YWS15, Thm 2), proved for symmetric 2×2 matrices",
        start=s["start"], symbolic_start=s["symbolic_start"], domain=_DK_DOMAIN, premises=(_DK_COORDS,),
        note="The 2×2 case of Yu, Wang & Samworth's Frobenius bound, proved directly: √2|sin Θ| ≤ √2‖ρ₁u₁ − ρ₀u₀‖/ρ₀ "
             "≤ ‖E‖_F/ρ₀ ≤ 2√2‖E‖_F/gap_1(A) (gap_1(A) = 2ρ₀; the last step gives away a factor √2).",
        steps=(
            s["first"], *_dk_fix_core(sqrt(2)),
            then("<=", sqrt(2) * sqrt(_tau**2 + _W**2) / _r0, "τ² ≥ 0"),
            then("<=", 2 * sqrt(_tau**2 + _W**2) / _r0, "√2 ≤ 2"),
            then("==", DK_FRO_FIX_EXPR, "‖E‖_F = √2·√(τ² + ‖ρ₁u₁ − ρ₀u₀‖²), gap_1(A) = 2ρ₀", given=_SPECTRAL),
        ),
    )


# --------------------------------------------------------------------------- Lemma E.4
def lemE4() -> Derivation:
    gap, En = sympy.Symbol("gap", positive=True), sympy.Symbol("E_op", positive=True)  # gap_k(R), ‖E‖_2
    k1, k2 = sympy.Symbol("kappa_1", positive=True), sympy.Symbol("kappa_2", positive=True)
    A = PCA_BOUND_OP_EXPR
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
