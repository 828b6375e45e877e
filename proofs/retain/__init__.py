"""Derivations of the retain-sensitivity claims (``certunlearn.claims.retain``), step by step, as printed.

The printed expressions they end in come from their one home, :mod:`certunlearn.formulas.retain`.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).

* ``retain.fact1`` — Dwork & Roth's proof, the same chain as ``gaussian.classic`` (reused, re-targeted), over
  the paper's wider range δ ∈ (0, 1): the proof's side condition c ≥ 3/2 fails there, and comes out refuted.
* ``retain.thm2.11`` / ``retain.cor2.12`` — the proof of lines 117–121: the actual shift is κ·RS with κ ≤ 1
  (definition of RS, Z = U), the Balle–Wang profile increases with the shift, and Fact 1 at Δ = RS.
* ``retain.lemC.1`` / ``retain.lem3.1`` — the median's RS by monotonicity: the extremes are Z = {0} and {B}.
* ``retain.exG.2`` (+fix) — Lemma G.1's chain with Example G.2's gradient bound: the printed step
  ‖∇f(w, z)‖ ≤ B(B‖w‖ + 1) drops the regulariser's λ‖w‖ and is refuted; the +fix keeps it.
* ``retain.lemE.1`` (both norms) — Davis–Kahan divides by the separation δ = gap − t‖E‖ (Weyl), the printed
  lemma by gap: that step is refuted; the +fix bounds min(1, ‖E‖/δ) ≤ 2‖E‖/gap.
* ``retain.lemG.1`` … ``retain.table1:*`` — Lemma G.1's monotonicity chain and its instantiations (Example G.3,
  Lemma 3.7, Table 1); ``retain.lemG.4`` — the printed solve of r(λ_0 − Mr) ≤ L/n from r < λ_0/M is refuted (r can
  sit past the larger root), the +fix adds the continuity bound r ≤ λ_0/(2M); ``retain.lemG.5`` — line 649's
  "1 ≤ √(1−r) + 1 − r/2" is refuted for r > 0.83 (eq. (4) still holds); ``retain.lem4.1`` — dropping eq. (5)'s
  ceilings is refuted, the +fix keeps them (both directions: ``retain.lem4.1:lower`` (+fix)); Lemmas H.1, H.2, 4.2,
  F.1, D.3 and the m-point extensions (``retain.lemH.1:m-points+fix``: eq. (5) with mL); ``retain.lemE.4`` — the
  triangle inequality and Weyl's step before the O(·), and ``retain.lemE.4:noise-tail`` — Sudakov–Fernique and
  Gaussian concentration for the noise's operator norm. Lemma H.3's
  proof is "apply Theorem 2.11" (line 758): ``retain.lemH.3`` names ``retain.thm2.11``'s derivation.

Convention: ``derivations() -> list[Derivation]`` (see :mod:`certunlearn.derive`).
"""
from __future__ import annotations

import dataclasses

import sympy
from sympy import Rational, exp, log, sqrt

from certunlearn.formulas.retain import (
    SYMBOLS, DS, EX32_BOUND_EXPR, EX32_UNIFORM_EXPR, LS, LS_sq, RS_LE_LS_EXPR, RS_LE_LS_SQ_EXPR, f_m, width,
    D2D_BOUND_1, D2D_BOUND_EXPR, DK_FRO_EXPR, DK_FRO_FIX_EXPR, DK_OP_EXPR, DK_OP_FIX_EXPR, E4_EXPR, E4_TAIL_EXPR, ERM_G1_EXPR, ERM_G1_SECOND_EXPR, ERM_RATIO_EXPR,
    E_FRO_2X2_EXPR, E_OP_2X2_EXPR, G5_LOWER_EXPR, G5_UPPER_EXPR, GAP_2X2_EXPR, ITER_COUNT_RATIO_EXPR, ITER_RATIO_EXPR, ITER_RATIO_FIX_EXPR, ITER_RATIO_LOWER_FIX_EXPR, LAMBDA_MIN_1D, LAMBDA_MIN_2X2_EXPR,
    LAMBDA_R_1D, LOCAL_BOUND_EXPR, LOGISTIC_BOUND_1D, LOGISTIC_CURVATURE_EXPR, LOGLOSS_M_EXPR, MEDIAN_GS_EXPR,
    MEDIAN_RATIO_EXPR, MEDIAN_RS_EXPR, MEDIAN_RS_M_EXPR, MSE_L_EXPR, MSE_L_FIX_EXPR, MST_EDGE_RATIO_EXPR, MST_EDGE_RS_EXPR,
    MST_VERTEX_BOUND_EXPR, NEWTON_LOG_BOUND_1D, NEWTON_LOG_BOUND_M_1D, NEWTON_RATIO_1D, PCA_BOUND_EXPR, PCA_BOUND_M_EXPR, PCA_BOUND_OP_EXPR, RIDGE_BOUND_1D, RIDGE_BOUND_FIX_1D, R_N_EXPR, 
    SMT_BOUND_EXPR, SVM_BOUND_SQ_EXPR, SVM_NORM_LOWER_EXPR, SVM_RATIO_EXPR, SVM_RATIO_SQ_EXPR, SVM_SQUARES,
    gsq as SVM_GAMMA_SQ, gRsq as SVM_GAMMA_R_SQ, SVM_NORM_UPPER_EXPR, TABLE1_GS_EXPR,
)
from certunlearn.formulas.symbols import delta, epsilon
from certunlearn.derive import Derivation, Premise, load_derivation, step, then

RS, B, Y, n, lam = SYMBOLS["RS"], SYMBOLS["B"], SYMBOLS["Y"], SYMBOLS["n"], SYMBOLS["lambda"]
a = sympy.Symbol("a", positive=True)
kappa = sympy.Symbol("kappa", positive=True)  # actual shift / RS (≤ 1 by the definition of RS)
s = sympy.Symbol("s", positive=True)  # a shift
sig = sympy.Symbol("sigma_R", positive=True)
x_lo, x_mid, x_hi = sympy.symbols("x_lo x_mid x_hi", nonnegative=True)
up, down = sympy.symbols("u_up u_down", nonnegative=True)  # the two one-sided gaps
w = sympy.Symbol("w", nonnegative=True)  # ‖w_R'‖
rw = sympy.Symbol("r_w", positive=True)  # ‖w_R'‖ / (BY/λ_min) ≤ 1
g = sympy.Symbol("g", positive=True)  # ‖∇f(w_R, z)‖ / its bound ≤ 1


def Phi(v: sympy.Expr) -> sympy.Expr:
    return sympy.erfc(-v / sqrt(2)) / 2


def balle_wang(eps: sympy.Expr, sd: sympy.Expr, sens: sympy.Expr) -> sympy.Expr:
    return Phi(sens / (2 * sd) - eps * sd / sens) - exp(eps) * Phi(-sens / (2 * sd) - eps * sd / sens)


def fact1() -> Derivation:
    d = load_derivation("gaussian.classic")
    return dataclasses.replace(
        d, claim_id="retain.fact1", title="Fact 1 (line 77): " + d.title,
        conditions=(sympy.Le(epsilon, 1),),
        note=d.note + " Fact 1 states δ ∈ (0, 1); the chain is checked on the library's box δ ≤ 1/2 and the "
                      "checker tests the claim itself up to δ = 0.999.")


def _profile(eps: sympy.Expr, s_: sympy.Expr) -> sympy.Expr:
    """Balle & Wang's δ(ε) for the standardised shift s = ‖μ₁ − μ₂‖/σ."""
    return Phi(s_ / 2 - eps / s_) - exp(eps) * Phi(-s_ / 2 - eps / s_)


def _pair(claim_id: str, title: str, rs_expr: sympy.Expr | None) -> Derivation:
    cc = sympy.Symbol("c", positive=True)  # √(2 log(1.25/δ)) ∈ [1.35, 12] on the domain, so σ(R) = RS(R)·c/ε
    # (the profile's monotonicity holds for every c; c's value enters at Fact 1's step, given there: the symbolic
    # attempts on the cited steps then work on the smaller expressions)
    return Derivation(
        claim_id=claim_id,
        target="bound",
        title=title,
        start=_profile(epsilon, kappa * epsilon / cc),
        conditions=(sympy.Le(kappa, 1),),
        domain={epsilon: ("0.001", "1"), delta: ("1e-30", "0.5"), kappa: ("0.001", "1"), cc: ("1.35", "12")},
        premises=(
            Premise("Both worlds publish N(μ₁, σ(R)²I) and N(μ₂, σ(R)²I) with the same σ(R) (computed from R = "
                    "(R ∪ U) \\ U); the true δ at ε is the Balle–Wang profile of s = ‖μ₁ − μ₂‖/σ(R), whatever the "
                    "output dimension (lines 117–121)", "Balle & Wang 2018, Thm 8"),
            Premise("‖μ₁ − μ₂‖ ≤ RS(R): the definition of the retain sensitivity with Z = U (line 121); write "
                    "‖μ₁ − μ₂‖ = κ·RS, κ ≤ 1; with σ(R) = RS(R)·c/ε (line 115) s = κε/c" + ("" if rs_expr is None else
                                                  "; RS_median = ½max{…} by Lemma C.1"), "Definition 2.9"),
        ),
        steps=(
            step(_profile(epsilon, kappa * epsilon / cc), "<=", _profile(epsilon, epsilon / cc),
                 "the profile δ(ε) increases with the shift (κ ≤ 1)", cited="Balle & Wang 2018, Lemma 5 (monotone in Δ/σ)"),
            then("<=", delta, "Fact 1 (line 77) with GS replaced by RS(R): s = ε/c",
                 cited="Fact 1 (Dwork & Roth 2014, Thm A.1)", given=((cc, sqrt(2 * log(Rational(5, 4) / delta))),),
                 conditions=(sympy.Le(epsilon, 1), sympy.Le(delta, Rational(1, 2)))),
        ),
    )


def thm211() -> Derivation:
    return _pair("retain.thm2.11", "Theorem 2.11: the same σ(R) = RS(R)·c_(ε,δ) in both worlds (lines 113–121)", None)


def cor212() -> Derivation:
    return _pair("retain.cor2.12", "Corollary 2.12: the passive case of Theorem 2.11 (lines 125–129)", MEDIAN_RS_EXPR)


def _median_chain(claim_id: str, title: str, scale: sympy.Expr, target: sympy.Expr) -> Derivation:
    return Derivation(
        claim_id=claim_id,
        target="bound",
        title=title,
        start="RS_median(R) = max_z |median(R ∪ {z}) − median(R)|",
        where=((up, x_hi - x_mid), (down, x_mid - x_lo)),
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
                         sympy.Integer(1), MEDIAN_RS_EXPR)


def lem31() -> Derivation:
    return _median_chain("retain.lem3.1", "Lemma 3.1: RS_median/GS_median (lines 149–155)", MEDIAN_GS_EXPR,
                         MEDIAN_RATIO_EXPR)


cut, e_drop, w_e, w_new = sympy.symbols("cut f_drop w_e w_new", nonnegative=True)


def _mst(claim_id: str, title: str, scale: sympy.Expr, target: sympy.Expr) -> Derivation:
    return Derivation(
        claim_id=claim_id, target="bound", title=title,
        start="f(G) − f(G + e') for the worst non-edge e' of weight w(e') ∈ [0, B]",
        domain={cut: ("0", "10"), w_new: ("0", "10"), B: ("10", "20")},
        premises=(Premise("Upper bound (lines 443–447): T an MST of G' = G + e'; removing e' from T leaves a cut S "
                          "crossed by e'; swapping in the lightest E-edge of the cut gives a spanning tree of G, so "
                          "f ≤ f' − w(e') + w_1(S)", "Lemma D.1's proof"),
                  Premise("Lower bound (lines 449–453): for a cut S with a missing pair, put e' across it at weight 0 "
                          "and swap it for the MST's lightest cut edge: f' ≤ f − w_1(S)", "Lemma D.1's proof")),
        steps=(
            step((cut - w_new) / scale, "<=", cut / scale, "w(e') ≥ 0 (line 447); equality at w(e') = 0 (line 453)"),
            then("==", target, "w_1(S) maximised over the cuts with a missing pair: ``cut``"
                 + ("" if scale == 1 else "; divide by GS = B (line 182)")),
        ),
    )


def lemD1_m() -> Derivation:
    exposed = sympy.Symbol("exposed", nonnegative=True)
    ks = sympy.Symbol("kappa_s", positive=True)  # drop / (sum of the m heaviest exposed weights)
    return Derivation(
        claim_id="retain.lemD.1:m-edges+fix", target="bound",
        title="Lemma D.1 for m added edges",
        start="f(G) − f(G + Z), Z a set of m non-edges",
        conditions=(sympy.Le(ks, 1),),
        domain={exposed: ("0", "30"), ks: ("0.001", "1")},
        premises=(Premise("Add the edges one at a time: each replaces the heaviest edge on the cycle it closes, an edge "
                          "of MST(G) crossed by that cycle's non-edge (an exposed edge), distinct each time; the drop is "
                          "the sum of the replaced weights: κ_s·exposed, κ_s ≤ 1", "Lemma D.1's exchange argument"),),
        steps=(step(ks * exposed, "<=", exposed, "κ_s ≤ 1"),),
    )


def lemD1() -> Derivation:
    return _mst("retain.lemD.1", "Lemma D.1: MST retain sensitivity under edge adjacency (lines 437–453)",
                sympy.Integer(1), MST_EDGE_RS_EXPR)


def lem33() -> Derivation:
    return _mst("retain.lem3.3", "Lemma 3.3: RS_MST/GS_MST (lines 176–184)", B, MST_EDGE_RATIO_EXPR)


near, wR, wK, rho, w1, wRp = sympy.symbols("nearest w_R w_K rho w_1 w_Rp", nonnegative=True)
smt = sympy.Symbol("w_SMT", nonnegative=True)


def _thmD4(claim_id: str, fixed: bool) -> Derivation:
    """The two halves of line 483–493, joined by max: the increase w_R' − w_R ≤ w_1(V_R) ≤ nearest, and the
    decrease w_R − w_R' ≤ w_R − ρ w_K (Lemma D.3). The increase step is the one that needs every edge at v."""
    inc = sympy.Symbol("w_inc", nonnegative=True)  # w_R' − w_R (an increase)
    return Derivation(
        claim_id=claim_id, target="bound",
        title="Theorem D.4: MST weight under vertex addition (lines 475–493)" + (" — the proof's reading (+fix)" if fixed else ", as printed"),
        start="|w_R − w_R'| = max{w_R' − w_R, w_R − w_R'}",
        domain={near: ("0", "4"), wR: ("0", "10"), wK: ("0", "10"), rho: ("0.5", "1"), inc: ("0", "4")},
        conditions=(sympy.Le(wK, wR), sympy.Le(rho, 1)),
        premises=(Premise("w_R' ≥ w(MST(K_{V_R ∪ v})) ≥ w(SMT(V_R)) ≥ ρ_d w(MST(K_V_R)) (Lemma D.3, line 491), so "
                          "w_R − w_R' ≤ w_R − ρ_d w_K", "Lemma D.3"),
                  Premise("(V_R, E_T_R ∪ e) spans R' for e ∈ E_v (line 485)" + (
                      ": true when E' contains every edge at v — the proof's reading" if fixed else
                      ": needs e ∈ E'; with E' any superset of E_R the only edge at v may be the farthest one, "
                      "so w_R' − w_R can be max_v' d(v, v') > min_v' d(v, v')"), "Theorem D.4's proof")),
        steps=(
            step(sympy.Max(inc, wR - rho * wK), "<=", sympy.Max(near, wR - rho * wK),
                 "w_R' − w_R ≤ w_1(V_R) ≤ max_v min_v' d(v, v') (line 485)" + (
                     " — here w_inc = min(w_inc, nearest) because v reaches its nearest retained vertex" if fixed else
                     " — as printed, for every added v and E'"),
                 **({"given": ((inc, sympy.Min(inc, near)),)} if fixed else {})),
            then("==", MST_VERTEX_BOUND_EXPR, "the printed numerator"),
        ),
    )


def thmD4() -> Derivation:
    return _thmD4("retain.thmD.4", False)


def thmD4_fix() -> Derivation:
    return _thmD4("retain.thmD.4+fix", True)


def lemE2() -> Derivation:
    gap, dS, k1, k2 = (sympy.Symbol("gap", positive=True), sympy.Symbol("D_Sigma", positive=True),
                       sympy.Symbol("kappa_1", positive=True), sympy.Symbol("kappa_2", positive=True))
    xx, S = sympy.Symbol("a_x", positive=True), sympy.Symbol("a_S", positive=True)  # ‖xxᵀ‖_F, ‖Σ̂_R‖_F
    return Derivation(
        claim_id="retain.lemE.2", target="bound",
        title="Lemma E.2: retain sensitivity of the rank-k projector (lines 503–519)",
        start="‖P_k(Σ̂_R') − P_k(Σ̂_R)‖_F = κ₂·√2‖Σ̂_R' − Σ̂_R‖_F/gap_k(R)",
        where=((dS, k1 * (xx + S) / (n + 1)),),
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1), sympy.Le(xx, B**2), sympy.Le(S, B**2)),
        domain={B: ("0.1", "3"), n: ("1", "100"), gap: ("0.001", "10"), k1: ("0.001", "1"), k2: ("0.001", "1"),
                xx: ("0", "9"), S: ("0", "9")},
        premises=(Premise("Σ̂_R' − Σ̂_R = (xxᵀ − Σ̂_R)/(n+1) (line 509); ‖·‖_F ≤ (‖xxᵀ‖_F + ‖Σ̂_R‖_F)/(n+1): write "
                          "it κ₁(a_x + a_S)/(n+1), κ₁ ≤ 1", "triangle inequality"),),
        steps=(
            step(k2 * sqrt(2) * dS / gap, "<=", sqrt(2) * dS / gap,
                 "Davis–Kahan sin Θ in Frobenius norm as printed in Lemma E.1 (line 501): ‖P̃ − P‖_F ≤ √2‖A − Ã‖_F/gap",
                 cited="Lemma E.1 [DK70, YWS15], as printed"),
            then("<=", sqrt(2) * (xx + S) / ((n + 1) * gap), "κ₁ ≤ 1"),
            then("<=", sqrt(2) * 2 * B**2 / ((n + 1) * gap), "‖xxᵀ‖_F = ‖x‖² ≤ B², ‖Σ̂_R‖_F ≤ B² (line 511)"),
            then("==", PCA_BOUND_EXPR, "algebra"),
        ),
        note="Lemma E.1's Frobenius constant √2 is cited as printed; Yu, Wang & Samworth (2015) state "
             "‖sin Θ‖_F ≤ 2‖E‖_F/gap, i.e. ‖P̃ − P‖_F ≤ 2√2‖E‖_F/gap — the checker measures the lemma directly.",
    )


def _svm(claim_id: str, ratio: bool) -> Derivation:
    """Lemma F.2's chain (and Lemma 3.5's, divided by GS = 1/γ), with γ and γ_R entering through γ², γ_R² (the
    claims' bound symbols: rational on exact SVMs). Written in e = ‖w_R' − w_R‖², p = ⟨w_R, w_R' − w_R⟩ and the slack
    t = 1/γ² − ‖w_R'‖², so that the polarisation identity ‖w_R'‖² = e + 1/γ_R² + 2p fixes γ² = 1/(e + 1/γ_R² + 2p + t)."""
    gam2, gamR2 = SVM_GAMMA_SQ, SVM_GAMMA_R_SQ
    e2, ip, slack = (sympy.Symbol("e", nonnegative=True), sympy.Symbol("p", nonnegative=True),
                     sympy.Symbol("t", nonnegative=True))
    scale = sqrt(gam2) if ratio else sympy.Integer(1)  # RS/GS = RS·γ
    polarisation = ((gam2, 1 / (e2 + 1 / gamR2 + 2 * ip + slack)),)
    last = (then("==", SVM_RATIO_SQ_EXPR, "algebra: √γ²·√(1/γ² − 1/γ_R²) = √(1 − γ²/γ_R²)"),) if ratio else ()
    return Derivation(
        claim_id=claim_id, target="bound",
        title=("Lemma 3.5: RS_SVM/GS_SVM (lines 216–220)" if ratio else "Lemma F.2: SVM retain sensitivity (lines 565–581)"),
        start=sqrt(e2) * scale,
        domain={gam2: ("0.0025", "4"), gamR2: ("0.0025", "16"), e2: ("0", "100"), ip: ("0", "10"), slack: ("0", "10")},
        premises=(Premise("‖w_R‖ = 1/γ_R (Lemma F.1); w_R' ∈ C_R so ‖w_R'‖ ≤ 1/γ (line 571): ‖w_R'‖² = 1/γ² − t, t ≥ 0",
                          "Lemma F.1"),
                  Premise("w_R = Π_{C_R}(0): p = ⟨w_R, w_R' − w_R⟩ ≥ 0 (eq. (1), line 575)", "projection onto a convex set"),
                  Premise("‖w_R'‖² = ‖w_R' − w_R‖² + ‖w_R‖² + 2⟨w_R' − w_R, w_R⟩ = e + 1/γ_R² + 2p (line 577)",
                          "polarisation identity")),
        steps=(
            step(sqrt(e2) * scale, "<=", sqrt(e2 + 2 * ip) * scale,
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


def rs_below_gs() -> Derivation:
    return Derivation(
        claim_id="retain.sec3-rs-below-gs", target="bound",
        title="RS_median(R) ≤ GS_median (Section 3.1)",
        start="RS_median(R) = ½max{x_(m+1) − x_(m), x_(m) − x_(m−1)} (Lemma C.1)",
        where=((up, x_hi - x_mid), (down, x_mid - x_lo)),
        conditions=(sympy.Le(x_lo, x_mid), sympy.Le(x_mid, x_hi), sympy.Le(x_hi, B)),
        domain={x_lo: ("0", "1"), x_mid: ("1", "2"), x_hi: ("2", "3"), B: ("3", "10")},
        steps=(
            step(MEDIAN_RS_EXPR, "<=", B / 2, "both gaps lie in [0, B]: 0 ≤ x_(m−1) ≤ x_(m) ≤ x_(m+1) ≤ B", 
                 box={x_lo: ("0", "1"), x_mid: ("1", "2"), x_hi: ("2", "3"), B: ("3", "10")}),
            then("==", MEDIAN_GS_EXPR, "GS_median = B/2 (line 153)"),
        ),
    )


def _ridge(claim_id: str, fixed: bool) -> Derivation:
    lam_min, lam_R = LAMBDA_MIN_1D, LAMBDA_R_1D
    w_bound = B * Y / lam_min
    grad = B * (B * rw * w_bound + Y) + lam * rw * w_bound  # ‖(x w − y)x + λw‖ ≤ B(B‖w‖ + Y) + λ‖w‖
    L_expr = (MSE_L_FIX_EXPR if fixed else MSE_L_EXPR).subs(SYMBOLS["lambda_min"], lam_min)
    steps = (
        step(g * grad / (n * lam_R), "<=", grad / (n * lam_R),
             "Lemma G.1 (lines 585–597): ‖w_R' − w_R‖ ≤ ‖∇f(w_R, z)‖/((n+1)λ_R') ≤ ‖∇f(w_R, z)‖/(nλ_R), the "
             "per-sample gradient of f(w, z) = ½(⟨x, w⟩ − y)² + (λ/2)‖w‖² being (⟨x, w⟩ − y)x + λw",
             conditions=(sympy.Le(g, 1),)),
        then("<=", L_expr / (n * lam_R),
             ("Example G.2 (line 603) as printed: ‖∇f‖ ≤ B(B‖w‖ + 1) with ‖w‖ ≤ B/λ_min — the λ‖w‖ term dropped"
              if not fixed else "‖∇f‖ ≤ B(B‖w‖ + Y) + λ‖w‖ with ‖w‖ ≤ BY/λ_min(XᵀX/(n+1) + λI) (the +fix)"),
             conditions=(sympy.Le(rw, 1),)),
        then("==", RIDGE_BOUND_FIX_1D if fixed else RIDGE_BOUND_1D, "d = 1: λ_R = a/n + λ, λ_min = a/(n+1) + λ"),
    )
    return Derivation(
        claim_id=claim_id, target="bound",
        title="Example G.2 with Lemma G.1: ridge retain sensitivity" + (" (+fix: the regulariser's gradient)" if fixed else ", as printed"),
        start=g * grad / (n * lam_R),
        where=(),
        domain={B: ("0.1", "2"), Y: ("1", "1"), n: ("1", "20"), lam: ("0", "20"), a: ("0.01", "20"),
                g: ("0.001", "1"), rw: ("0.001", "1")},
        premises=(Premise("‖w_R'‖ ≤ ‖X'ᵀy'‖/((n+1)λ_min(X'ᵀX'/(n+1) + λI)) ≤ BY/λ_min(XᵀX/(n+1) + λI): write "
                          "‖w_R'‖ = r_w·BY/λ_min, r_w ≤ 1; ‖∇f(w_R, z)‖ = g·(its bound), g ≤ 1", "Example G.2"),),
        steps=steps,
    )


def exG2() -> Derivation:
    return _ridge("retain.exG.2", False)


def exG2_fix() -> Derivation:
    return _ridge("retain.exG.2+fix", True)




# =========================================================================== Appendices D–H: the lemmas behind Section 3–4

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


cs, mu, gn, lr = (sympy.Symbol("c", real=True), sympy.Symbol("mu", positive=True), sympy.Symbol("g", positive=True),
                  sympy.Symbol("lambda_R", positive=True))
_G2, _hs, _hd, _h12 = sympy.symbols("G2 hs hd h12", real=True)
_G1_DOMAIN = {cs: ("-1", "1"), mu: ("1", "10"), gn: ("0.01", "10"), lr: ("0.01", "10"), n: ("1", "100"),
              _G2: ("0.0001", "100"), _hs: ("1", "2"), _hd: ("-1/2", "1/2"), _h12: ("-1/2", "1/2")}


def _g1(claim_id: str, second: bool) -> Derivation:
    nn = n + 1 if second else n
    at, on = ("w_R", "R'") if second else ("w_R'", "R")
    return Derivation(
        claim_id=claim_id, target="bound",
        title="Lemma G.1" + (": the second inequality ('by the same argument', line 597)" if second else
                             ": stability of strongly convex ERM (lines 585–597)"),
        start=cs * gn / (mu * nn * lr),
        conditions=(sympy.Le(cs, 1), sympy.Ge(mu, 1)),
        domain=_G1_DOMAIN,
        premises=(Premise(("(n+1)∇F̂_R'(w_R) = n∇F̂_R(w_R) + ∇f(w_R, z) = ∇f(w_R, z)" if second else
                           "n∇F̂_R(w_R') = (n+1)∇F̂_R'(w_R') − ∇f(w_R', z) = −∇f(w_R', z)") +
                          " (optimality, lines 591–595; f contains the regulariser)", "first-order optimality"),
                  Premise(f"strong monotonicity of ∇F̂_{on}: ⟨∇f({at}, z), w_R − w_R'⟩ = μ·{'(n+1)' if second else 'n'}"
                          f"λ_{on}‖w_R − w_R'‖², μ ≥ 1; Cauchy–Schwarz: that inner product is c·g·‖w_R − w_R'‖, c ≤ 1, "
                          f"g = ‖∇f({at}, z)‖ — so ‖w_R − w_R'‖ = c·g/(μ{'(n+1)' if second else 'n'}λ)", "Lemma G.1's proof")),
        steps=(
            step(cs * gn / (mu * nn * lr), "<=", gn / (nn * lr), "c ≤ 1, μ ≥ 1"),
            then("==", ERM_G1_SECOND_EXPR if second else ERM_G1_EXPR,
                 f"g² = G2, λ_{on} = λ_min of the Hessian [[hs + hd, h12], [h12, hs − hd]]",
                 given=((gn, sqrt(_G2)), (lr, LAMBDA_MIN_2X2_EXPR))),
        ),
    )


def lemG1() -> Derivation:
    return _g1("retain.lemG.1", False)


def lemG1_second() -> Derivation:
    return _g1("retain.lemG.1:second", True)


rho_g, xi, Rw_, lcv = (sympy.Symbol("rho_g", positive=True), sympy.Symbol("xi", nonnegative=True),
                       SYMBOLS["R_w"], sympy.Symbol("lambda_curv", positive=True))
_LOG_DOMAIN = {cs: ("-1", "1"), mu: ("1", "10"), rho_g: ("0.001", "1"), xi: ("0", "5"), lcv: ("0.01", "5"),
               B: ("0.1", "2"), lam: ("0.001", "10"), Rw_: ("0.1", "5"), n: ("1", "50"), a: ("0.01", "50")}
_LOG_PREMISES = (
    Premise("Lemma G.1 (constrained W: the variational inequalities replace ∇F̂ = 0): ‖w_R − w_R'‖ = c·g/(μnλ_R) with "
            "c ≤ 1, μ ≥ 1, g = ‖∇f(w_R', z)‖", "Lemma G.1"),
    Premise("‖∇f(w, z)‖ = σ(−y⟨w, x⟩)‖x‖ + … ≤ B + λR_w on ‖w‖ ≤ R_w: write g = ρ_g(B + λR_w), ρ_g ≤ 1 (line 609)",
            "Example G.3"),
    Premise("∇²F̂_R(w) = (1/n)Σσ'(y⟨w, x⟩)xxᵀ + λI with σ'(t) = (2cosh(t/2))⁻² ≥ (2cosh(BR_w/2))⁻² for |t| ≤ BR_w: "
            "λ_R = λ_curv + ξ, ξ ≥ 0, λ_curv = λ_min(XᵀX/n)(2cosh(BR_w/2))⁻² + λ (line 609)", "Example G.3"),
)


def exG3() -> Derivation:
    Lg = B + lam * Rw_
    return Derivation(
        claim_id="retain.exG.3", target="bound", title="Example G.3, eq. (3): logistic retain sensitivity (lines 607–611)",
        start=cs * rho_g * Lg / (mu * n * (lcv + xi)),
        conditions=(sympy.Le(cs, 1), sympy.Ge(mu, 1), sympy.Le(rho_g, 1)),
        domain=_LOG_DOMAIN, premises=_LOG_PREMISES,
        steps=(
            step(cs * rho_g * Lg / (mu * n * (lcv + xi)), "<=", Lg / (n * (lcv + xi)), "c ≤ 1, μ ≥ 1, ρ_g ≤ 1"),
            then("<=", Lg / (n * lcv), "ξ ≥ 0"),
            then("==", LOGISTIC_BOUND_1D, "d = 1: λ_min(XᵀX/n) = a/n",
                 given=((lcv, LOGISTIC_CURVATURE_EXPR.subs(SYMBOLS["lambda_min"], a / n)),)),
        ),
    )


def lem37() -> Derivation:
    Lg = B + lam * Rw_
    return Derivation(
        claim_id="retain.lem3.7", target="bound", title="Lemma 3.7: RS_ERM/Δ_GS ≤ λ/λ_R (lines 246–252)",
        start=cs * rho_g * Lg / (mu * n * (lcv + xi)) / (Lg / (n * lam)),
        conditions=(sympy.Le(cs, 1), sympy.Ge(mu, 1), sympy.Le(rho_g, 1)),
        domain=_LOG_DOMAIN, premises=_LOG_PREMISES + (Premise("Δ_GS = L/(nλ) (line 250)", "Lemma 3.7"),),
        steps=(
            step(cs * rho_g * Lg / (mu * n * (lcv + xi)) / (Lg / (n * lam)), "<=", (Lg / (n * (lcv + xi))) / (Lg / (n * lam)),
                 "Lemma G.1's stability bound L/(nλ_R) (c ≤ 1, μ ≥ 1, ρ_g ≤ 1)"),
            then("<=", (Lg / (n * lcv)) / (Lg / (n * lam)), "ξ ≥ 0"),
            then("==", lam / lcv, "algebra (line 248)"),
            then("==", ERM_RATIO_EXPR, "Example G.3's λ_R with λ_min(XᵀX/n) = a/n",
                 given=((lcv, LOGISTIC_CURVATURE_EXPR.subs(SYMBOLS["lambda_min"], a / n)),)),
        ),
    )


lam0, Mh, Lh = sympy.Symbol("lambda_0", positive=True), SYMBOLS["M"], SYMBOLS["L"]
th = sympy.Symbol("theta", nonnegative=True)  # ‖w_R − w_R'‖ = θλ_0/M (θ < 1: the proof's λ_0 > Mr)
cr = sympy.Symbol("r_n", positive=True)  # 4ML/(nλ_0²) ≤ 1 (the lemma's condition); L = r_n n λ_0²/(4M)
rr = th * lam0 / Mh
_LOCAL_DOMAIN = {th: ("0", "1"), cr: ("0.001", "1"), lam0: ("0.05", "2"), Mh: ("0.05", "2"), n: ("1", "400")}


def _g4(claim_id: str, fixed: bool, title: str) -> Derivation:
    cond_printed = (sympy.Le(th * (1 - th), cr / 4), sympy.Lt(th, 1), sympy.Le(cr, 1))  # r(λ_0 − Mr) ≤ L/n
    conds = cond_printed + ((sympy.Le(th, sympy.Rational(1, 2)),) if fixed else ())
    why = ("continuity (+fix): along z's weight τ ∈ [0, 1] the minimiser moves continuously from w_R (r = 0) and every "
           "r(τ) satisfies r(λ_0 − Mr) ≤ τL/n ≤ L/n, so it never enters (r₋, r₊) ∋ λ_0/(2M): r ≤ λ_0/(2M); on "
           "[0, λ_0/(2M)] r ↦ r(λ_0 − Mr) increases and equals L/n at r₋" if fixed else
           "solve M r² − λ_0 r + L/n ≥ 0 for r, using r < λ_0/M (lines 627–633) — the roots' gap (r₋, r₊) is excluded but "
           "r ∈ [r₊, λ_0/M) is not")
    return Derivation(
        claim_id=claim_id, target="bound", title=title,
        start=rr, conditions=conds, domain=_LOCAL_DOMAIN,
        premises=(Premise("Weyl and M-Lipschitz Hessian: λ_R(r) ≥ λ_0 − Mr on the ball B(w_R, r) (line 621); Lemma G.1 "
                          "with λ_R(r) at r = ‖w_R − w_R'‖: r ≤ L/(n(λ_0 − Mr)) when λ_0 > Mr (line 625)", "Lemma G.4's proof"),),
        steps=(step(rr, "<=", LOCAL_BOUND_EXPR, why, given=((Lh, cr * n * lam0**2 / (4 * Mh)),)),),
    )


def lemG4() -> Derivation:
    return _g4("retain.lemG.4", False, "Lemma G.4: local-curvature stability (lines 613–635), as printed")


def lemG4_fix() -> Derivation:
    return _g4("retain.lemG.4+fix", True, "Lemma G.4 with the continuity argument its last step needs (+fix)")


def exG6() -> Derivation:
    tt = sympy.Symbol("t", real=True)
    sg = 1 / (1 + exp(-tt))
    d = _g4("retain.exG.6", False, "Example G.6: Lemma G.4 for the log loss (lines 661–665), as printed")
    const = step(sympy.Abs(sympy.diff(sg, tt, 2)), "<=", LOGLOSS_M_EXPR.subs(B, 1),
                 "the log loss's Hessian σ'(y⟨w, x⟩)xxᵀ has derivative σ''·x⊗x⊗x (σ the sigmoid): M = B³·max|σ''| = "
                 "B³/(6√3)", box={tt: ("-30", "30")})
    return dataclasses.replace(d, steps=(const,) + d.steps,
                               domain={**dict((s, (lo, hi)) for s, lo, hi in d.domain), tt: ("-30", "30")})


S_ = sympy.Symbol("S", positive=True)  # √(1 − r) + 1 − r/2
rn = sympy.Symbol("r_n", positive=True)
_G5_DOMAIN = {lam0: ("0.1", "3"), Mh: ("0.1", "3"), Lh: ("0.1", "3"), n: ("1", "400"), rn: ("0.000001", "0.999999")}
_G5_GIVEN = ((rn, R_N_EXPR),)


def lemG5() -> Derivation:
    q = lam0 / (2 * Mh)
    return Derivation(
        claim_id="retain.lemG.5", target="bound", title="Lemma G.5, eq. (4), upper side (lines 637–659), as printed",
        start=LOCAL_BOUND_EXPR,
        where=((S_, sqrt(1 - rn) + 1 - rn / 2),),
        conditions=(sympy.Lt(rn, 1), sympy.Lt(R_N_EXPR, 1)), domain=_G5_DOMAIN, samples=24,
        steps=(
            step(LOCAL_BOUND_EXPR, "==", q * (1 - sqrt(1 - rn)), "λ_0² − 4ML/n = λ_0²(1 − r_n) (line 643)",
                 given=_G5_GIVEN),
            then("==", q * (rn / 2 + rn**2 / (4 * S_)), "(√(1−r) − (1 − r/2))·S = −r²/4 (line 649)"),
            then("<=", q * (rn / 2 + rn**2 / 4), "1 ≤ S = √(1−r) + 1 − r/2 (line 649)"),
            then("<=", q * (rn / 2 + rn**2 / (4 - 2 * rn)), "4 − 2r ≤ 4"),
            then("==", G5_UPPER_EXPR, "λ_0 r_n/(4M) = L/(nλ_0) (line 651)", given=_G5_GIVEN),
        ),
        note="The printed bound 1 ≤ √(1−r) + 1 − r/2 fails for r > 2√2 − 2 ≈ 0.83; eq. (4) itself still holds, as "
             "S ≥ 1 − r/2 is all its r²/(4 − 2r) needs.",
    )


def lemG5_lower() -> Derivation:
    q = lam0 / (2 * Mh)
    return Derivation(
        claim_id="retain.lemG.5:lower", target="bound", title="Lemma G.5, eq. (4), lower side (lines 637–659)",
        start=G5_LOWER_EXPR,
        where=((S_, sqrt(1 - rn) + 1 - rn / 2),),
        conditions=(sympy.Lt(rn, 1), sympy.Lt(R_N_EXPR, 1)), domain=_G5_DOMAIN, samples=24,
        steps=(
            step(G5_LOWER_EXPR, "==", q * (rn / 2 + rn**2 / (8 - 4 * rn)), "λ_0 r_n/(4M) = L/(nλ_0)", given=_G5_GIVEN),
            then("<=", q * (rn / 2 + rn**2 / (4 * S_)), "S ≤ 2 − r, i.e. √(1−r) ≤ 1 − r/2 (line 649)"),
            then("==", q * (1 - sqrt(1 - rn)), "(√(1−r) − (1 − r/2))·S = −r²/4 (line 649)"),
            then("==", LOCAL_BOUND_EXPR, "λ_0² − 4ML/n = λ_0²(1 − r_n) (line 643)", given=_G5_GIVEN),
        ),
    )


Wsq, gsq, mR = sympy.Symbol("W_R", positive=True), sympy.Symbol("gamma_R_sq", positive=True), sympy.Symbol("m_R", positive=True)


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
        start=SVM_NORM_UPPER_EXPR, where=((xi, sqrt(gsq) * sqrt(Wsq) - mR),),
        conditions=(sympy.Le(mR, sqrt(gsq) * sqrt(Wsq)), sympy.Ge(mR, 1)),
        domain={Wsq: ("0.001", "100"), gsq: ("0.001", "100"), mR: ("1", "10")},
        premises=(Premise("γ_R ≥ min_i y_i⟨w_R/‖w_R‖, x_i⟩ = m_R/‖w_R‖ (the definition of γ_R as a maximum): "
                          "γ_R = (m_R + ξ)/‖w_R‖, ξ ≥ 0; m_R ≥ 1 as w_R is feasible (lines 559–561)", "definition of γ_R"),),
        steps=(step(SVM_NORM_UPPER_EXPR, "==", sqrt(Wsq) / (mR + xi), "1/γ_R = ‖w_R‖/(m_R + ξ)"),
               then("<=", sqrt(Wsq) / mR, "ξ ≥ 0"),
               then("<=", SVM_NORM_LOWER_EXPR, "m_R ≥ 1")),
    )


wKv_, slk = sympy.Symbol("w_Kv", nonnegative=True), sympy.Symbol("s", nonnegative=True)


def lemD3() -> Derivation:
    return Derivation(
        claim_id="retain.lemD.3", target="bound", title="Lemma D.3: w(SMT(V)) ≤ w(MST(K_(V∪v))) (lines 467–473)",
        start=wKv_ - slk, domain={wKv_: ("0", "20"), slk: ("0", "20")}, conditions=(sympy.Le(slk, wKv_),),
        premises=(Premise("an MST T of K_(V∪v) connects every terminal of V (v an optional Steiner point): a feasible "
                          "Steiner tree, so w(SMT(V)) = w(T) − s with s ≥ 0 (line 473)", "Definition D.2"),),
        steps=(step(wKv_ - slk, "<=", wKv_, "s ≥ 0"), then("==", SMT_BOUND_EXPR, "w_Kv = w(MST(K_(V∪v)))")),
    )


# --------------------------------------------------------------------------- active mechanisms
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


def lemH1() -> Derivation:
    bb = sqrt(2 * log(1 / delta) + 2 * epsilon) - sqrt(2 * log(1 / delta))
    return Derivation(
        claim_id="retain.lemH.1", target="bound", title="Lemma H.1: Descent-to-Delete with I_R steps (lines 691–707)",
        start=_profile(epsilon, kappa * bb), conditions=(sympy.Le(kappa, 1),),
        domain={epsilon: ("0.01", "1"), delta: ("1e-30", "0.5"), kappa: ("0.001", "1")},
        premises=(Premise("I ≥ I_R of eq. (5) gives γ_R^I L/(nλ_R) ≤ σ b(ε, δ), so the shift over σ is κ·b(ε, δ), κ ≤ 1 "
                          "(lines 701–705; retain.lemH.1:sensitivity)", "Lemma H.1's proof"),),
        steps=(step(_profile(epsilon, kappa * bb), "<=", _profile(epsilon, bb), "the profile increases with the shift",
                    cited="Balle & Wang 2018, Lemma 5"),
               then("<=", delta, "b(ε, δ) solves ε = s²/2 + s√(2 log(1/δ)): a shift of σb is (ε, δ)-indistinguishable "
                                 "(footnote 3, line 715)", cited="Bun & Steinke 2016, Prop. 1.3")),
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


# --------------------------------------------------------------------------- m-deletion extensions
xh1, xh2, xl1, xl2, med_ = sympy.symbols("xh1 xh2 xl1 xl2 med", nonnegative=True)


def lemC1_m() -> Derivation:
    return Derivation(
        claim_id="retain.lemC.1:m-points+fix", target="bound", title="Lemma C.1 for m added points (any n)",
        start="RS_m(R) = max_Z |median(R ∪ Z) − median(R)|, |Z| = m",
        domain={xh1: ("0", "1"), xh2: ("0", "1"), xl1: ("0", "1"), xl2: ("0", "1"), med_: ("0", "1")},
        premises=(Premise("median(R ∪ Z) is nondecreasing in every point of Z, so its range over [0, B]^m is reached at "
                          "Z = {0}^m and Z = {B}^m; the median of N = n + m points is the mean of the ⌈N/2⌉-th and "
                          "(⌊N/2⌋+1)-th order statistics (x̄ of R ∪ {B}^m, x̲ of R ∪ {0}^m)", "Lemma C.1's argument"),),
        steps=(step(sympy.Max((xh1 + xh2) / 2 - med_, med_ - (xl1 + xl2) / 2), "==", MEDIAN_RS_M_EXPR,
                    "the larger of the two one-sided moves"),),
    )


def lemG1_m() -> Derivation:
    d = _g1("retain.lemG.1:m-points+fix", False)
    return dataclasses.replace(d, title="Lemma G.1 for m added points", premises=(
        Premise("n∇F̂_R(w_R') = (n+m)∇F̂_R'(w_R') − Σ_z ∇f(w_R', z) = −Σ_z ∇f(w_R', z) (optimality on R ∪ Z)",
                "first-order optimality"),
        Premise("strong monotonicity of ∇F̂_R and Cauchy–Schwarz as in Lemma G.1, with g = ‖Σ_z ∇f(w_R', z)‖ ≤ mL",
                "Lemma G.1's proof")))


def lemF2_m() -> Derivation:
    return dataclasses.replace(_svm("retain.lemF.2:m-points+fix", False), title="Lemma F.2 for m added points")


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


# --------------------------------------------------------------------------- Table 1
def _at_lambda0(d: Derivation, claim_id: str, title: str) -> Derivation:
    """``d`` with the regulariser λ set to 0 everywhere (Table 1's λ = 0 rows)."""
    def sub(e):
        return e.subs(lam, 0) if isinstance(e, sympy.Basic) else e

    steps = tuple(dataclasses.replace(st, lhs=sub(st.lhs) if st.lhs is not None else None, rhs=sub(st.rhs),
                                      given=tuple((k, sub(v)) for k, v in st.given)) for st in d.steps)
    return dataclasses.replace(d, claim_id=claim_id, title=title, steps=steps, start=sub(d.start),
                               where=tuple((k, sub(v)) for k, v in d.where),
                               domain={s: (lo, hi) for s, lo, hi in d.domain if s != lam})


def table1_mse0() -> Derivation:
    return _at_lambda0(_ridge("retain.table1:mse-lambda0", False), "retain.table1:mse-lambda0",
                       "Table 1, MSE λ = 0: eq. (2) without regulariser (Example G.2's chain at λ = 0)")


def table1_log0() -> Derivation:
    return _at_lambda0(exG3(), "retain.table1:logloss-lambda0",
                       "Table 1, log loss λ = 0: eq. (3) without regulariser (Example G.3's chain at λ = 0)")


def table1_gs() -> Derivation:
    Lg = B + lam * Rw_
    return Derivation(
        claim_id="retain.table1:gs", target="bound", title="Table 1 / line 261 (i): RS_ERM(R) ≤ Δ_GS when λ_R ≥ λ",
        start=kappa * Lg / (n * (lam + xi)), conditions=(sympy.Le(kappa, 1), sympy.Gt(lam, 0)), domain=_LOG_DOMAIN,
        premises=(Premise("Lemma G.1 with Example G.3's L: the shift is κL/(nλ_R), κ ≤ 1; λ_R = λ + ξ, ξ ≥ 0 "
                          "(the data-dependent part of the curvature)", "Lemma G.1, Example G.3"),),
        steps=(step(kappa * Lg / (n * (lam + xi)), "<=", Lg / (n * (lam + xi)), "κ ≤ 1"),
               then("<=", Lg / (n * lam), "ξ ≥ 0"),
               then("==", TABLE1_GS_EXPR, "Δ_GS = L/(nλ) with L = B + λR_w")),
    )


# --------------------------------------------------------------------------- Corollary 2.8, Example 3.2
_COR28_EXCESS = sympy.Symbol("v", nonnegative=True)  # max(DS − RS, 0): what the removals add to RS in LS


def cor28() -> Derivation:
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


def cor28_erm() -> Derivation:
    return dataclasses.replace(cor28(), claim_id="retain.cor2.8:erm",
                               title="Corollary 2.8 for ridge ERM, d = 1: RS_f(R) ≤ LS_f(R) (line 95)")


def cor28_svm() -> Derivation:
    rs = SYMBOLS["RS"]
    d = cor28()
    return dataclasses.replace(
        d, claim_id="retain.cor2.8:svm", title="Corollary 2.8 for the hard-margin SVM: RS_f(R) ≤ LS_f(R) (line 95)",
        where=((_COR28_EXCESS, sympy.Max(DS - rs, 0)), (LS_sq, (rs + _COR28_EXCESS) ** 2)),
        steps=(d.steps[0], then("==", RS_LE_LS_SQ_EXPR, "LS² := (RS + max(DS − RS, 0))² = max(RS, DS)², LS ≥ 0")))


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


def derivations() -> list[Derivation]:
    return [cor28(), cor28_svm(), cor28_erm(), ex32(), fact1(), thm211(), cor212(), lemC1(), lem31(), lemD1(), lemD1_m(), lem33(), thmD4(), thmD4_fix(), lemE2(), lemE2_m(), rs_below_gs(), lemF2(), lem35(), exG2(), exG2_fix(), lemE1(), lemE1_fro(), lemE1_fix(), lemE1_fro_fix(), lemG1(),
            lemG1_second(), exG3(), lem37(), lemG4(), lemG4_fix(), exG6(), lemG5(), lemG5_lower(), lemF1(), lemF1_lower(),
            lemD3(), lemH1(), lemH1_sensitivity(), lemH2(), lem42(), lem41(), lem41_fix(), lemC1_m(), lemG1_m(),
            lemF2_m(), lemH2_m(), table1_mse0(), table1_log0(), table1_gs(), *derivations_e4(),
            *derivations_d2d_m(), *derivations_lem41_lower()]


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


# --------------------------------------------------------------------------- Descent-to-Delete for m deletions
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


# --------------------------------------------------------------------------- Lemma 4.1, ≥ direction


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


def lemE2_operator() -> Derivation:
    gap, dS, k1, k2 = (sympy.Symbol("gap", positive=True), sympy.Symbol("D_Sigma", positive=True),
                       sympy.Symbol("kappa_1", positive=True), sympy.Symbol("kappa_2", positive=True))
    xx, S = sympy.Symbol("a_x", positive=True), sympy.Symbol("a_S", positive=True)  # ‖xxᵀ‖_2, ‖Σ̂_R‖_2
    return Derivation(
        claim_id="retain.lemE.2:operator", target="bound",
        title="Lemma E.2's proof in operator norm (lines 507–517)",
        start=k2 * dS / gap,
        where=((dS, k1 * (xx + S) / (n + 1)),),
        conditions=(sympy.Le(k1, 1), sympy.Le(k2, 1), sympy.Le(xx, B**2), sympy.Le(S, B**2)),
        domain={B: ("0.1", "3"), n: ("1", "100"), gap: ("0.001", "10"), k1: ("0.001", "1"), k2: ("0.001", "1"),
                xx: ("0", "9"), S: ("0", "9")},
        premises=(Premise("Σ̂_R' − Σ̂_R = (xxᵀ − Σ̂_R)/(n+1) (line 509); ‖·‖_2 ≤ (‖xxᵀ‖_2 + ‖Σ̂_R‖_2)/(n+1): write it "
                          "κ₁(a_x + a_S)/(n+1), κ₁ ≤ 1 (line 511)", "triangle inequality"),),
        steps=(
            step(k2 * dS / gap, "<=", dS / gap,
                 "Davis–Kahan in operator norm as printed in Lemma E.1 (line 499): ‖P̃ − P‖_2 ≤ ‖A − Ã‖_2/gap",
                 cited="Lemma E.1 [DK70, YWS15], as printed"),
            then("<=", (xx + S) / ((n + 1) * gap), "κ₁ ≤ 1"),
            then("<=", 2 * B**2 / ((n + 1) * gap), "‖xxᵀ‖_2 ≤ B², ‖Σ̂_R‖_2 ≤ B² (line 511)"),
            then("==", PCA_BOUND_OP_EXPR, "algebra"),
        ),
        note="Lemma E.1's operator-norm constant is cited as printed (retain.lemE.1 checks it, and it fails on eigen-"
             "flips); here the checker measures the operator-norm shift of the projector directly.",
    )
