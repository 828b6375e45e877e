"""The printed formulas of "Retain sensitivity for unlearning" (Heinzler, Malihi, Sanyal), as sympy — their one home.

Paper file: ``papers/004_d584c64aaf1f17d0.txt``; every comment cites the item that prints the expression and its
lines there. Claims: :mod:`certunlearn.claims.retain`; algorithms: :mod:`certunlearn.algorithms.retain` (they
evaluate these expressions); derivations: ``proofs/retain/`` (a package: one part per section) (their final expressions are these objects).

Symbols are those of :data:`SYMBOLS` (the mechanisms' keyword names) plus the instance scalars the claims are
written in (``a = Σx²``, ``cut``, ``exposed``, the entries of 2×2 matrices, …). :data:`PRESCRIBED` maps each claim
id whose item prescribes parameters to them (read by :func:`certunlearn.formulas.prescription`).
"""
from __future__ import annotations

import sympy

from .symbols import Delta, delta, epsilon

#: Named symbols of the printed formulas (same names as the keyword arguments of the mechanisms).
SYMBOLS: dict[str, sympy.Symbol] = {name: sympy.Symbol(name, positive=True) for name in (
    "n", "m", "B", "Y", "gap", "gamma", "gamma_R", "L", "M", "lambda_R", "lambda_min", "R_w", "rho",
    "sigma", "epsilon", "delta", "RS", "c", "kappa", "d", "k")}
SYMBOLS["lambda"] = sympy.Symbol("lambda", nonnegative=True)

S = SYMBOLS
eps, delta_, RS, c = S["epsilon"], S["delta"], S["RS"], S["c"]
B, Y, n, m, L, M = (S[k] for k in ("B", "Y", "n", "m", "L", "M"))
lamR, lammin, lam, Rw, gap, k, d = (S[k] for k in ("lambda_R", "lambda_min", "lambda", "R_w", "gap", "k", "d"))
gamma, gammaR, rho, sigma, gR = (S[k] for k in ("gamma", "gamma_R", "rho", "sigma", "gamma_R"))
I = sympy.Symbol("I", nonnegative=True, integer=True)
x_lo, x_mid, x_hi = sympy.symbols("x_lo x_mid x_hi", nonnegative=True)
near, wR, wK = sympy.symbols("nearest w_R w_K", nonnegative=True)

#: Fact 1 (line 77): ``c_(ε,δ) = √(2 log(1.25/δ))/ε``.
C_CLASSIC_EXPR = sympy.sqrt(2 * sympy.log(sympy.Rational(5, 4) / delta_)) / eps
#: Theorem 2.11 (line 115): ``σ(R) = RS(R)·√(2 log(1.25/δ))/ε``.
SIGMA_EXPR = RS * C_CLASSIC_EXPR

#: Lemma C.1 (lines 421–431), as printed: ``RS = ½ max{x_(m+1) − x_(m), x_(m) − x_(m−1)}`` (n odd, n ≥ 3).
MEDIAN_RS_EXPR = sympy.Max(x_hi - x_mid, x_mid - x_lo) / 2
#: Lemma 3.1's proof (line 153): ``GS_median = B/2``.
MEDIAN_GS_EXPR = B / 2
#: Lemma 3.1 (lines 149–151): ``RS/GS = max{x_(m+1) − x_(m), x_(m) − x_(m−1)}/B``.
MEDIAN_RATIO_EXPR = sympy.Max(x_hi - x_mid, x_mid - x_lo) / B
#: Lemma 3.4 / E.2 (lines 198–204, 503–519), as printed: ``RS_{P_k}(R) ≤ 2√2 B²/((n + 1) gap_k(R))``.
PCA_BOUND_EXPR = 2 * sympy.sqrt(2) * B**2 / ((n + 1) * gap)
#: The m-deletion extension (see :class:`~certunlearn.algorithms.retain.PCAProjector`): ``2√2 m B²/((n + m) gap_k(R))``.
PCA_BOUND_M_EXPR = 2 * sympy.sqrt(2) * m * B**2 / ((n + m) * gap)
#: Largest Frobenius distance of two rank-k projectors in ℝ^d: ``√(2 min(k, d − k))``.
PCA_GS_EXPR = sympy.sqrt(2 * sympy.Min(k, d - k))

#: Lemma 3.3's proof (line 182): ``GS = B`` under edge-weight adjacency.
MST_EDGE_GS_EXPR = B
#: Theorem D.4 (lines 475–479), numerator as printed: ``max{max_v min_(v'∈V_R) d(v, v'), w(MST(R)) − ρ_d w(MST(K_V_R))}``.
MST_VERTEX_BOUND_EXPR = sympy.Max(near, wR - rho * wK)
#: Theorem D.4's proof (line 481): ``GS ≥ (n − 2)B`` (a lower bound only).
MST_VERTEX_GS_EXPR = (n - 2) * B

#: Lemma F.2 (lines 565–567): ``RS_SVM(R) ≤ √(1/γ² − 1/γ_R²)``.
SVM_BOUND_EXPR = sympy.sqrt(1 / gamma**2 - 1 / gammaR**2)
#: Lemma 3.5's proof (line 220): ``GS_SVM = 1/γ``.
SVM_GS_EXPR = 1 / gamma

#: Lemma 3.7 / G.1 (lines 246–252, 585–597): ``RS_ERM(R) ≤ L/(n λ_R)``.
ERM_BOUND_EXPR = L / (n * lamR)
#: m deletions: ``RS_m ≤ m L/(n λ_R)``.
ERM_BOUND_M_EXPR = m * L / (n * lamR)
#: ``Δ_GS = m L/(n λ)`` (Lemma 3.7, Table 1 lines 222–230; m = 1 as printed).
ERM_GS_EXPR = m * L / (n * lam)
#: Example G.2 (lines 599–605), as printed (labels |y| ≤ Y = 1): ``L^MSE = B³/λ_min(XᵀX/(n+1) + λI) + B``,
#: written with Y: ``B³Y/λ_min + BY``.
MSE_L_EXPR = B**3 * Y / lammin + B * Y
#: The same for m deletions, ``λ_min = λ_min(XᵀX/(n+m) + λI)``.
MSE_L_M_EXPR = MSE_L_EXPR
#: Corrected gradient bound: the per-sample gradient ``(⟨x, w⟩ − y)x + λw`` of Lemma G.1 has norm
#: ≤ ``B(B‖w‖ + Y) + λ‖w‖`` with ``‖w_R'‖ ≤ BY/λ_min``: ``(B² + λ)BY/λ_min + BY``.
MSE_L_FIX_EXPR = (B**2 + lam) * B * Y / lammin + B * Y
#: Example G.3 (lines 607–611): ``L^LogL = B + λ R_w``.
LOGISTIC_L_EXPR = B + lam * Rw
#: Example G.3: ``λ_R = λ_min(XᵀX/n)·(2 cosh(B R_w/2))^(−2) + λ``.
LOGISTIC_CURVATURE_EXPR = lammin / (2 * sympy.cosh(B * Rw / 2)) ** 2 + lam

#: Lemma H.1 (line 695): ``b(ε, δ) = √(2 log(1/δ) + 2ε) − √(2 log(1/δ))``.
B_EPS_DELTA_EXPR = sympy.sqrt(2 * sympy.log(1 / delta_) + 2 * eps) - sympy.sqrt(2 * sympy.log(1 / delta_))
#: Lemma H.1, eq. (5) (lines 691–695), before the ceiling, with m deletions (m = 1 as printed).
I_R_EXPR = sympy.log(m * L / (n * lamR * sigma * B_EPS_DELTA_EXPR)) / sympy.log(1 / gR)
#: Lemma H.1's proof (lines 697–701): ``‖G_R^I(w_R') − w_R‖ ≤ γ_R^I · mL/(n λ_R)``.
D2D_BOUND_EXPR = gR**I * m * L / (n * lamR)
#: Lemma H.2 / H.3 (lines 711–758), as printed: ``‖w_R − w̄‖ ≤ L² M/(n² λ_R³)``.
NEWTON_BOUND_EXPR = L**2 * M / (n**2 * lamR**3)
#: m deletions: ``m² L² M/(n² λ_R³)``.
NEWTON_BOUND_M_EXPR = m**2 * L**2 * M / (n**2 * lamR**3)
#: Algorithm 2, line 1 (line 725): ``σ = c_(ε,δ) · M L²/(λ_R³ n²)``.
NEWTON_SIGMA_EXPR = c * M * L**2 / (lamR**3 * n**2)

#: Ridge, d = 1 (Example G.2): ``λ_R = a/n + λ`` and ``λ_min(XᵀX/(n+1) + λI) = a/(n+1) + λ`` with ``a = Σx_i²``.
a = sympy.Symbol("a", positive=True)
LAMBDA_R_1D = a / n + lam
LAMBDA_MIN_1D = a / (n + 1) + lam
RIDGE_BOUND_1D = (ERM_BOUND_EXPR.subs(L, MSE_L_EXPR).subs({lammin: LAMBDA_MIN_1D, lamR: LAMBDA_R_1D}))
RIDGE_BOUND_FIX_1D = (ERM_BOUND_EXPR.subs(L, MSE_L_FIX_EXPR).subs({lammin: LAMBDA_MIN_1D, lamR: LAMBDA_R_1D}))


# --------------------------------------------------------------------------- Corollary 2.8, Example 3.2
LS = sympy.Symbol("LS", nonnegative=True)  # LS_f(R) of Definition 2.6 (lines 81–85)
DS = sympy.Symbol("DS", nonnegative=True)  # the removals' part of LS (Remark 2.9's down sensitivity)
#: Corollary 2.8 (line 95): ``RS_f(R) ≤ LS_f(R)`` — the right side written ``LS``.
RS_LE_LS_EXPR = LS
LS_sq = sympy.Symbol("LS_sq", nonnegative=True)  # LS_f(R)², rational where f(R) is an exact rational vector
#: Corollary 2.8 for a vector-valued f (the SVM's w_R): LS enters through LS² (a squared norm of an exact rational
#: difference), ``√(LS²)``.
RS_LE_LS_SQ_EXPR = RS_LE_LS_EXPR.subs(LS, sympy.sqrt(LS_sq))
f_m, width = sympy.Symbol("f_m", positive=True), sympy.Symbol("width", positive=True)
#: Example 3.2 (lines 157): ``E[RS_median(R)] ≍ 1/(n f(m))``, with the constant its argument (probability integral
#: transform, first-order Taylor expansion of F⁻¹ at 1/2) yields: E[RS] ≈ E[½max(U_(k+1) − U_(k), U_(k) − U_(k−1))]/f(m)
#: = 3/(4(n + 1)f(m)) ≤ 3/(4n f(m)).
EX32_BOUND_EXPR = sympy.Rational(3, 4) / (n * f_m)
#: Example 3.2's quantity on Uniform[0, width] (f(m) = 1/width, F⁻¹ linear: the Taylor step is exact):
#: ``E[RS_median(R)] = 3·width/(4(n + 1))``.
EX32_UNIFORM_EXPR = sympy.Rational(3, 4) * width / (n + 1)


# --------------------------------------------------------------------------- Fact 1
#: Fact 1 (line 77), the classic Gaussian mechanism: ``σ = Δ·c_(ε,δ)`` in the shared symbols Δ, ε, δ.
FACT1_SIGMA = Delta * C_CLASSIC_EXPR.subs({eps: epsilon, delta_: delta})


# --------------------------------------------------------------------------- MST under edge adjacency (Lemma D.1)
cut = sympy.Symbol("cut", nonnegative=True)  # max over cuts with a missing pair of the lightest crossing edge
#: Lemma D.1 (lines 437–441): ``RS_MST(G) = max_{S ⊂ V: ∃u∈S, v∉S, {u,v} ∉ E} w_1(S)`` — written ``cut``.
MST_EDGE_RS_EXPR = cut
#: Lemma 3.3 (lines 176–180): ``RS/GS = max_S w_1(S)/B``.
MST_EDGE_RATIO_EXPR = cut / B


exposed = sympy.Symbol("exposed", nonnegative=True)  # sum of the m heaviest exposed MST edges
#: m-deletion extension of Lemma D.1 (see :class:`~certunlearn.algorithms.retain.MSTEdge`): ``RS_m ≤ Σ`` of the m
#: heaviest exposed MST edges — written ``exposed``.
MST_EDGE_RS_M_EXPR = exposed


# --------------------------------------------------------------------------- hard-margin SVM (Lemma F.2 / 3.5)
Wsupp, WR = sympy.symbols("W_supp W_R", positive=True)  # ‖w_supp‖², ‖w_R‖² (rational): γ = 1/√W_supp
gsq, gRsq = sympy.symbols("gamma_sq gamma_R_sq", positive=True)  # γ², γ_R²
#: γ enters the SVM formulas only through γ² (and γ_R through γ_R²): on exact rational SVMs γ² = 1/‖w_supp‖² and
#: γ_R² = 1/‖w_R‖² are rational where γ, γ_R are not, so an equality RS = bound is decided exactly (a rational, or a
#: square root proved equal by its minimal polynomial).
SVM_SQUARES = {gamma: sympy.sqrt(gsq), gammaR: sympy.sqrt(gRsq)}
#: Lemma F.2 (lines 565–567) in γ², γ_R²: ``√(1/γ² − 1/γ_R²)``.
SVM_BOUND_SQ_EXPR = SVM_BOUND_EXPR.subs(SVM_SQUARES)
#: Lemma 3.5 (lines 216–218), as printed: ``RS_SVM(R)/GS_SVM ≤ √(1/γ² − 1/γ_R²)/(1/γ)``.
SVM_RATIO_EXPR = SVM_BOUND_EXPR / SVM_GS_EXPR
#: Lemma 3.5 in γ², γ_R², its radicals merged (the printed ratio is ≥ 0): ``√(1 − γ²/γ_R²)``.
SVM_RATIO_SQ_EXPR = sympy.sqrt(sympy.expand(SVM_RATIO_EXPR.subs(SVM_SQUARES) ** 2))
#: GS_SVM = 1/γ (line 218) in γ².
SVM_GS_SQ_EXPR = SVM_GS_EXPR.subs(SVM_SQUARES)
#: Lemma F.1 applied to the support and to R: γ² = 1/‖w_supp‖², γ_R² = 1/‖w_R‖² (rational).
SVM_PRESCRIBED = {"gamma_sq": 1 / Wsupp, "gamma_R_sq": 1 / WR}


# --------------------------------------------------------------------------- Lemma E.1 (Davis–Kahan), d = 2, k = 1
#: Symmetric 2×2 matrices A = [[a11, a12], [a12, a22]] and E = [[e11, e12], [e12, e22]]; Ã = A + E. (E is stored,
#: not Ã: an exact zero entry then stays an exact zero in the enclosures.)
a11, a12, a22, e11, e12, e22 = sympy.symbols("a11 a12 a22 e11 e12 e22", real=True)
#: ``gap_1(A) = λ_1(A) − λ_2(A)`` of a symmetric 2×2 matrix.
GAP_2X2_EXPR = sympy.sqrt((a11 - a22) ** 2 + 4 * a12**2)
#: ``‖E‖_2`` of the symmetric 2×2 ``E = Ã − A`` (largest |eigenvalue|).
E_OP_2X2_EXPR = sympy.Abs(e11 + e22) / 2 + sympy.sqrt((e11 - e22) ** 2 / 4 + e12**2)
#: ``‖E‖_F``.
E_FRO_2X2_EXPR = sympy.sqrt(e11**2 + 2 * e12**2 + e22**2)
_dk_p, _dk_q = ((a11 - a22) / (2 * GAP_2X2_EXPR), a12 / GAP_2X2_EXPR)  # P_1(A) = I/2 + (p, q; q, −p)
_dk_ap, _dk_aq = (_dk_p.subs({a11: a11 + e11, a12: a12 + e12, a22: a22 + e22}, simultaneous=True),
                  _dk_q.subs({a11: a11 + e11, a12: a12 + e12, a22: a22 + e22}, simultaneous=True))
#: What Lemma E.1's claims (lines 497–501) measure (d = 2, k = 1): ``‖P̃_1 − P_1‖_2`` of the top-eigenvector projectors
#: of A and Ã = A + E. ``P_1(A) = I/2 + (p, q; q, −p)`` with ``p = (a11 − a22)/(2 gap)``, ``q = a12/gap``
#: (gap = gap_1(A), distinct eigenvalues), so the difference is traceless symmetric and its operator norm is
#: ``√((p̃ − p)² + (q̃ − q)²)``; its Frobenius norm is √2 times that.
DK_DISTANCE_2X2_EXPR = sympy.sqrt((_dk_ap - _dk_p) ** 2 + (_dk_aq - _dk_q) ** 2)
#: Lemma E.1 (lines 497–501) as printed: ``‖P̃_k − P_k‖_2 ≤ ‖A − Ã‖_2/gap_k(A)``.
DK_OP_EXPR = E_OP_2X2_EXPR / GAP_2X2_EXPR
#: Lemma E.1 as printed, Frobenius: ``‖P̃_k − P_k‖_F ≤ √2‖A − Ã‖_F/gap_k(A)``.
DK_FRO_EXPR = sympy.sqrt(2) * E_FRO_2X2_EXPR / GAP_2X2_EXPR
#: Corrected (Yu, Wang & Samworth 2015, Thm 1–2, with ‖P̃ − P‖ = ‖sin Θ‖ and ‖P̃ − P‖_F = √2‖sin Θ‖_F):
#: ``‖P̃_k − P_k‖_2 ≤ 2‖E‖_2/gap_k(A)``.
DK_OP_FIX_EXPR = 2 * E_OP_2X2_EXPR / GAP_2X2_EXPR
#: Corrected Frobenius form: ``‖P̃_k − P_k‖_F ≤ 2√2‖E‖_F/gap_k(A)``.
DK_FRO_FIX_EXPR = 2 * sympy.sqrt(2) * E_FRO_2X2_EXPR / GAP_2X2_EXPR


# --------------------------------------------------------------------------- Lemma G.1 (ridge, d ≤ 2, exact)
G2, hs, hd, h12 = sympy.symbols("G2 hs hd h12", real=True)
#: ``λ_min`` of the symmetric 2×2 matrix [[hs + hd, h12], [h12, hs − hd]] (mean and half-difference of the diagonal
#: stored, so that equal diagonals give an exact zero).
LAMBDA_MIN_2X2_EXPR = hs - sympy.sqrt(hd**2 + h12**2)
#: Lemma G.1 (lines 585–589), first inequality: ``‖w_R − w_R'‖ ≤ ‖∇f(w_R', z)‖/(n λ_R)``; ``G2 = ‖∇f(w_R', z)‖²``,
#: ``hs, hd, h12`` the entries of ``∇²F̂_R = XᵀX/n + λI`` (so λ_R = λ_min).
ERM_G1_EXPR = sympy.sqrt(G2) / (n * LAMBDA_MIN_2X2_EXPR)
#: Lemma G.1 (line 589), "by the same argument": ``‖w_R − w_R'‖ ≤ ‖∇f(w_R, z)‖/((n + 1) λ_R')``; here G2 =
#: ``‖∇f(w_R, z)‖²`` and h the entries of ``X'ᵀX'/(n + 1) + λI``.
ERM_G1_SECOND_EXPR = sympy.sqrt(G2) / ((n + 1) * LAMBDA_MIN_2X2_EXPR)
g1, g2 = sympy.symbols("g1 g2", real=True)
#: The exact ridge shift (d ≤ 2) Lemma G.1 bounds, ``‖w_R − w_R'‖ = ‖H⁻¹g‖/n``: the ridge risk is quadratic, so its
#: first-order optimality (lines 591–595, with the regulariser inside f) is exact, ``n·H·(w_R − w_R') = g`` with
#: ``H = ∇²F̂_R = [[hs + hd, h12], [h12, hs − hd]]`` and ``g = (g1, g2) = ∇f(w_R', z)`` (for m added points
#: ``g = Σ_z ∇f(w_R', z)``; for the second inequality n + 1, H = ∇²F̂_R' and g = ∇f(w_R, z)); d = 1: g2 = hd = h12 = 0.
#: ``H⁻¹ = [[hs − hd, −h12], [−h12, hs + hd]]/det H``, ``det H = hs² − hd² − h12²``.
RIDGE_SHIFT_2X2_EXPR = (sympy.sqrt(((hs - hd) * g1 - h12 * g2) ** 2 + ((hs + hd) * g2 - h12 * g1) ** 2)
                        / (n * (hs**2 - hd**2 - h12**2)))


# --------------------------------------------------------------------------- Example G.3 / Lemma 3.7 (logistic, d = 1)
zx, zy = sympy.symbols("zx zy", real=True)
#: Example G.3, eq. (3) (lines 607–611) for d = 1 (``λ_min(XᵀX/n) = a/n``): ``L^LogL/(n λ_R^LogL)``.
LOGISTIC_BOUND_1D = ERM_BOUND_EXPR.subs(L, LOGISTIC_L_EXPR).subs(lamR, LOGISTIC_CURVATURE_EXPR).subs(lammin, a / n)
#: Lemma 3.7 (lines 246–250): ``RS_ERM(R)/Δ_GS ≤ λ/λ_R`` (Δ_GS = L/(nλ)), with Example G.3's λ_R.
ERM_RATIO_EXPR = lam / LOGISTIC_CURVATURE_EXPR.subs(lammin, a / n)


# --------------------------------------------------------------------------- Lemmas G.4, G.5, Example G.6
lam0 = sympy.Symbol("lambda_0", positive=True)
#: Lemma G.4 (lines 615–617): ``‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M)``, ``λ_0 = λ_min(∇²F̂_R(w_R))``.
LOCAL_BOUND_EXPR = (lam0 - sympy.sqrt(lam0**2 - 4 * M * L / n)) / (2 * M)
#: Lemma G.5's proof (lines 637–645): ``r_n = 4ML/(λ_0² n)``.
R_N_EXPR = 4 * M * L / (lam0**2 * n)
#: Eq. (4), upper side: ``(λ_0/2M)(r/2 + r²/(4 − 2r)) = L/(nλ_0) + λ_0 r²/(2M(4 − 2r))``.
G5_UPPER_EXPR = L / (n * lam0) + lam0 * R_N_EXPR**2 / (2 * M * (4 - 2 * R_N_EXPR))
#: Eq. (4), lower side: ``L/(nλ_0) + λ_0 r²/(2M(8 − 4r))``.
G5_LOWER_EXPR = L / (n * lam0) + lam0 * R_N_EXPR**2 / (2 * M * (8 - 4 * R_N_EXPR))
#: Example G.6 (lines 661–663): the log loss has ``L = B`` and a ``B³/(6√3)``-Lipschitz Hessian.
LOGLOSS_L_EXPR = B
LOGLOSS_M_EXPR = B**3 / (6 * sympy.sqrt(3))


# --------------------------------------------------------------------------- Lemma F.1 (SVM norm = 1/margin), d = 2
WRsq = WR  # ‖w_R‖²; γ_R² is gRsq (the SVM section)
#: Lemma F.1 (lines 553–563): ``‖w_R‖ = 1/γ_R``; the two inequalities of its proof, in squared-norm symbols.
SVM_NORM_UPPER_EXPR = 1 / sympy.sqrt(gRsq)  # ‖w_R‖ ≤ 1/γ_R (line 557)
SVM_NORM_LOWER_EXPR = sympy.sqrt(WRsq)  # 1/γ_R ≤ ‖w_R‖ (lines 559–561)


# --------------------------------------------------------------------------- Lemma D.3 alone
wKv = sympy.Symbol("w_Kv", nonnegative=True)
#: Lemma D.3 (lines 467–471): ``w(SMT(V)) ≤ w(MST(K_(V ∪ v)))`` — the right side written ``w_Kv``.
SMT_BOUND_EXPR = wKv


# --------------------------------------------------------------------------- active mechanisms (Section 4, Appendix H)
#: Lemma H.2 / H.3 for the log loss of Example G.3 (d = 1): ``L²M/(n²λ_R³)`` with L = B + λR_w, M = B³/(6√3) and
#: λ_R = (a/n)(2 cosh(BR_w/2))⁻² + λ.
LOG_SUBS = {L: LOGISTIC_L_EXPR, M: LOGLOSS_M_EXPR}
LOG_CURV_1D = LOGISTIC_CURVATURE_EXPR.subs(lammin, a / n)
NEWTON_LOG_BOUND_1D = NEWTON_BOUND_EXPR.subs(LOG_SUBS).subs(lamR, LOG_CURV_1D)
#: Algorithm 2, line 1 (line 725) for the same loss: ``σ = c_(ε,δ)·ML²/(λ_R³n²)``.
NEWTON_LOG_SIGMA_1D = NEWTON_SIGMA_EXPR.subs(c, C_CLASSIC_EXPR).subs(LOG_SUBS).subs(lamR, LOG_CURV_1D)
#: Lemma 4.2 (lines 295–299): ``RS/Δ_GS ≤ (λ/λ_R)³``.
NEWTON_RATIO_1D = (lam / LOG_CURV_1D) ** 3
#: Δ_GS of Lemma 4.2: the Newton bound at the global curvature λ.
NEWTON_GS_1D = NEWTON_BOUND_EXPR.subs(LOG_SUBS).subs(lamR, lam)
gG, IG = sympy.Symbol("gamma_G", positive=True), sympy.Symbol("I_G", positive=True)
Cn = L / (n * sigma * B_EPS_DELTA_EXPR)
#: Lemma 4.1 (lines 277–281), as printed: ``I_R/I = ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R)``, ``C_n = L/(nσ b(ε, δ))``.
ITER_RATIO_EXPR = sympy.log(Cn / lamR) * sympy.log(gG) / (sympy.log(Cn / lam) * sympy.log(gR))
#: The ceilings of eq. (5) (+fix): ``I_R/I ≤ (x_R + 1)/x`` with x_R, x the un-rounded counts of the ratio above.
ITER_RATIO_FIX_EXPR = (sympy.log(Cn / lamR) / sympy.log(1 / gR) + 1) / (sympy.log(Cn / lam) / sympy.log(1 / gG))
#: Lemma 4.1's ≥ direction with the ceilings of eq. (5) (+fix): ``I_R/I ≥ x_R/(x + 1)``.
ITER_RATIO_LOWER_FIX_EXPR = (sympy.log(Cn / lamR) / sympy.log(1 / gR)) / (sympy.log(Cn / lam) / sympy.log(1 / gG) + 1)
#: The rounded counts' ratio ``I_R/I`` (the right-hand side of Lemma 4.1's ≥ direction).
ITER_COUNT_RATIO_EXPR = I / IG
#: Lemma H.1's proof (lines 697–701), m = 1: ``‖G_R^I(w_R') − w_R‖ ≤ γ_R^I L/(nλ_R)``.
D2D_BOUND_1 = D2D_BOUND_EXPR.subs(m, 1)


# --------------------------------------------------------------------------- m-deletion extensions (+fix-style)
xh1, xh2, xl1, xl2, med = sympy.symbols("xh1 xh2 xl1 xl2 med", nonnegative=True)
#: The median for m added points (see :class:`~certunlearn.algorithms.retain.Median`): with N = n + m,
#: ``max(½(x̄_(⌈N/2⌉) + x̄_(⌊N/2⌋+1)) − med, med − ½(x̲_(⌈N/2⌉) + x̲_(⌊N/2⌋+1)))``, x̄ the order statistics of R ∪ {B}^m
#: and x̲ those of R ∪ {0}^m.
MEDIAN_RS_M_EXPR = sympy.Max((xh1 + xh2) / 2 - med, med - (xl1 + xl2) / 2)


# ERM (Lemma G.1 for m points): ‖w_R − w_(R∪Z)‖ ≤ ‖Σ_(z∈Z) ∇f(w_(R∪Z), z)‖/(nλ_R)
ERM_G1_M_EXPR = ERM_G1_EXPR  # the same expression, with G2 = ‖Σ_z ∇f(w_R', z)‖²


# Newton step (Lemma H.2 for m points): m²L²M/(n²λ_R³)
NEWTON_LOG_BOUND_M_1D = NEWTON_BOUND_M_EXPR.subs(LOG_SUBS).subs(lamR, LOG_CURV_1D)


# --------------------------------------------------------------------------- Table 1 (lines 222–230, 259–261)
#: Table 1, MSE λ = 0: eq. (2) at λ = 0 (d = 1).
TABLE1_MSE0_EXPR = RIDGE_BOUND_1D.subs(lam, 0)
#: Table 1, log loss λ = 0: eq. (3) at λ = 0 (d = 1).
TABLE1_LOG0_EXPR = LOGISTIC_BOUND_1D.subs(lam, 0)
#: Table 1 / line 261 (i): ``RS_ERM(R) ≤ Δ_GS = L/(nλ)`` (λ_R ≥ λ > 0), log loss: L = B + λR_w.
TABLE1_GS_EXPR = ERM_GS_EXPR.subs(m, 1).subs(L, LOGISTIC_L_EXPR)


# --------------------------------------------------------------------------- Lemma E.3 (the noisy PCA release)
#: Lemma E.3 (lines 521–529): ``σ(R) = 2√2B²/((n + 1)gap_k(R))·c_(ε,δ)``.
PCA_SIGMA_EXPR = PCA_BOUND_EXPR * C_CLASSIC_EXPR


# --------------------------------------------------------------------------- Lemma E.4 (utility of the noisy projector)
#: The operator-norm form of Lemma E.2 its proof derives (line 517), used by Lemma E.4's first term (line 537):
#: ``‖P_k(Σ̂_R') − P_k(Σ̂_R)‖_2 ≤ 2B²/((n + 1)gap_k(R))``.
PCA_BOUND_OP_EXPR = 2 * B**2 / ((n + 1) * gap)
#: Lemma E.4's proof before its O(·) (lines 533–551): for every symmetric E,
#: ``‖V_RV_Rᵀ − P_k(V_R'V_R'ᵀ + E)‖_2 ≤ 2B²/((n + 1)gap_k(R)) + 2‖E‖_2`` (triangle inequality, Lemma E.2's
#: operator-norm bound, and ‖V_R'V_R'ᵀ − P_k(V_R'V_R'ᵀ + E)‖ ≤ 2‖E‖ by Weyl).
E4_EXPR = PCA_BOUND_OP_EXPR + 2 * E_OP_2X2_EXPR
t = sympy.Symbol("t", nonnegative=True)
#: The explicit form of the proof's "with high probability ‖E‖ = O(√d σ)" (line 537, [Tao23, Cor. 2.3.6]):
#: ``P(‖E‖_2 ≥ σ(2√d + t)) ≤ 2e^(−t²/4)`` for E symmetric with i.i.d. N(0, σ²) upper-triangular entries
#: (Sudakov–Fernique against 2σ⟨g, v⟩ gives E λ_max(±E) ≤ 2σ√d; λ_max is √2σ-Lipschitz in the Gaussian vector).
E4_TAIL_EXPR = 2 * sympy.exp(-t**2 / 4)


# --------------------------------------------------------------------------- prescribed parameters, by claim id
#: The parameters each item prescribes (``Claim.prescribed``; ``theorem_parameters`` evaluates them in order):
#: Fact 1 (line 77) σ = Δ·c_(ε,δ); Lemma F.2 / 3.5 (lines 565–567, 218–220) γ², γ_R² from the exact SVM norms;
#: Example G.6 (lines 661–663) L = B, M = B³/(6√3) for the log loss.
PRESCRIBED: dict[str, dict[str, sympy.Expr]] = {
    "retain.fact1": {"sigma": FACT1_SIGMA},
    "retain.lemF.2": SVM_PRESCRIBED,
    "retain.lem3.5": SVM_PRESCRIBED,
    "retain.exG.6": {"L": LOGLOSS_L_EXPR, "M": LOGLOSS_M_EXPR},
    "retain.lemF.2:m-points+fix": SVM_PRESCRIBED,
}
