"""Section 3.5 / Appendix G and Table 1, ERM: Example G.2 (+fix), Lemma G.1 (both inequalities, m points), Example G.3,
Lemma 3.7, Lemma G.4 (+fix), Example G.6, Lemma G.5 (both sides), Table 1's rows.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import dataclasses
import functools

import sympy
from sympy import exp, sqrt

from certunlearn.formulas.retain import (
    SYMBOLS, ERM_G1_EXPR, ERM_G1_SECOND_EXPR, ERM_RATIO_EXPR, G5_LOWER_EXPR, G5_UPPER_EXPR, LAMBDA_MIN_1D,
    LAMBDA_MIN_2X2_EXPR, LAMBDA_R_1D, LOCAL_BOUND_EXPR, LOGISTIC_BOUND_1D, LOGISTIC_CURVATURE_EXPR, LOGLOSS_M_EXPR,
    MSE_L_EXPR, MSE_L_FIX_EXPR, RIDGE_BOUND_1D, RIDGE_BOUND_FIX_1D, RIDGE_SHIFT_2X2_EXPR, R_N_EXPR, TABLE1_GS_EXPR,
    g1, g2,
)
from certunlearn.derive import Derivation, Monotone, Premise, SymbolicStart, step, then

from .common import B, n, lam, a, kappa, xi, Rw_

Y = SYMBOLS["Y"]
rw = sympy.Symbol("r_w", positive=True)  # ‖w_R'‖ / (BY/λ_min) ≤ 1
g = sympy.Symbol("g", positive=True)  # ‖∇f(w_R, z)‖ / its bound ≤ 1


def ridge_rs_run(lam_: sympy.Expr = lam) -> sympy.Expr:
    """What the ridge claims' quantity (``ridge_rs`` → ``RidgeERM.exact_rs``, d = 1, m = 1: its closed form) computes on
    the shape where R's labels are orthogonal to its inputs (Σxy = 0, e.g. every y = 0, so w_R = Σxy/(a + nλ) = 0)
    and B² ≤ D = a + (n+1)λ: there t* = (|w|(D − λ) + √(w²(D − λ)² + Y²D))/Y = √D ≥ B, so the maximiser is t = B
    (the code's branch ``lhs * lhs <= disc``, lhs = YB − |w|(D − λ)) and RS = (Yt + |w|(t² + λ))/(D + t²)."""
    w = sympy.Integer(0)
    D = a + (n + 1) * lam_
    lhs, disc = Y * B - w * (D - lam_), w**2 * (D - lam_) ** 2 + Y**2 * D
    if sympy.expand(lhs**2 - disc - Y**2 * (B**2 - D)) != 0:  # the branch t = B is B² ≤ D (the shape's condition)
        raise ValueError("the shape's branch condition is not the code's")
    t = B
    return (Y * t + w * (t**2 + lam_)) / (D + t**2)


#: the shape's branch condition: B² ≤ a + (n+1)λ (t* = √D ≥ B)
RIDGE_SHAPE = sympy.Le(B**2, a + (n + 1) * lam)
RIDGE_WHAT = ("ridge_rs (RidgeERM.exact_rs's d = 1 closed form) on R with Σxy = 0 (w_R = 0) and B² ≤ a + (n+1)λ, "
               "where the maximiser is |x| = B, y = ±Y: BY/(a + (n+1)λ + B²) — the start is checked on that shape "
               "(tests/derive/test_retain_ridge_rs_start.py ties it to the claim's quantity); steps 2–4 are the "
               "proof's for every R")


def _ridge(claim_id: str, fixed: bool) -> Derivation:
    lam_min, lam_R = LAMBDA_MIN_1D, LAMBDA_R_1D
    w_bound = B * Y / lam_min
    grad = B * (B * rw * w_bound + Y) + lam * rw * w_bound  # ‖(x w − y)x + λw‖ ≤ B(B‖w‖ + Y) + λ‖w‖
    L_expr = (MSE_L_FIX_EXPR if fixed else MSE_L_EXPR).subs(SYMBOLS["lambda_min"], lam_min)
    run = ridge_rs_run()
    steps = (
        step(run, "<=", g * grad / (n * lam_R),
             "Lemma G.1 on the shape: w_R = 0, so ‖∇f(w_R, z)‖ = |y||x| ≤ BY, the gradient bound at ‖w‖ = 0 (g = 1, "
             "r_w = 0), and the shift ‖∇f(w_R, z)‖/((n+1)λ_R') with (n+1)λ_R' = a + x² + (n+1)λ ≥ nλ_R (lines 585–597)",
             given={g: 1, rw: 0}, conditions=(RIDGE_SHAPE,)),
        then("<=", grad / (n * lam_R),
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
        start=run,
        symbolic_start=SymbolicStart(ridge_rs_run, RIDGE_WHAT),
        where=(),
        domain={B: ("0.1", "2"), Y: ("1", "1"), n: ("1", "20"), lam: ("0", "20"), a: ("0.01", "20"),
                g: ("0.001", "1"), rw: ("0.001", "1")},
        premises=(Premise("‖w_R'‖ ≤ ‖X'ᵀy'‖/((n+1)λ_min(X'ᵀX'/(n+1) + λI)) ≤ BY/λ_min(XᵀX/(n+1) + λI): write "
                          "‖w_R'‖ = r_w·BY/λ_min, r_w ≤ 1; ‖∇f(w_R, z)‖ = g·(its bound), g ≤ 1", "Example G.2",
                          sympy.And(sympy.Le(rw, 1), sympy.Le(g, 1))),
                  Premise("the shape on which the start is checked (step 1): Σxy = 0, so w_R = 0, and B² ≤ a + (n+1)λ, "
                          "where ridge_rs's maximiser is |x| = B, y = ±Y", "RidgeERM.exact_rs (d = 1 closed form)",
                          RIDGE_SHAPE)),
        steps=steps,
    )


def exG2() -> Derivation:
    return _ridge("retain.exG.2", False)


def exG2_fix() -> Derivation:
    return _ridge("retain.exG.2+fix", True)


cs, mu = sympy.Symbol("c", real=True), sympy.Symbol("mu", positive=True)
_G2, _hs, _hd, _h12 = sympy.symbols("G2 hs hd h12", real=True)
# Lemma G.1 in the eigenbasis of the Hessian H = [[hs + hd, h12], [h12, hs − hd]] (eigenvalues l + 2r ≥ l = λ_min > 0):
# (hd, h12) = r(cos φ, sin φ) and g = rotation by φ/2 of (u, v), written rationally in t = tan(φ/4) — every (hd, h12,
# g1, g2) with hs > √(hd² + h12²) has such r ≥ 0, t ∈ ℝ (φ/2 ∈ (−π/2, π/2]), u, v ∈ ℝ and l = hs − r > 0
_r, _t, _u, _v = (sympy.Symbol("r", nonnegative=True), sympy.Symbol("t", real=True), sympy.Symbol("u", real=True),
                  sympy.Symbol("v", real=True))
_l = sympy.Symbol("l", positive=True)
_c2, _s2 = (1 - _t**2) / (1 + _t**2), 2 * _t / (1 + _t**2)  # cos(φ/2), sin(φ/2)
_EIGEN = ((_hd, _r * (_c2**2 - _s2**2)), (_h12, 2 * _r * _c2 * _s2), (g1, _c2 * _u - _s2 * _v), (g2, _s2 * _u + _c2 * _v),
          (_hs, _l + _r))
_G1_DOMAIN = {g1: ("-2", "2"), g2: ("-2", "2"), _hs: ("1", "2"), _hd: ("-1/2", "1/2"), _h12: ("-1/2", "1/2"),
              n: ("1", "100"), _G2: ("0.0001", "100"), _r: ("0", "1"), _t: ("-3", "3"), _u: ("-2", "2"),
              _v: ("-2", "2"), _l: ("0.01", "2")}


def _ridge_shift(nn: sympy.Expr) -> sympy.Expr:
    """The claim's quantity on every ridge instance (d ≤ 2): ``formulas.retain.RIDGE_SHIFT_2X2_EXPR`` (n → ``nn``)."""
    return RIDGE_SHIFT_2X2_EXPR.subs(n, nn)


def _g1(claim_id: str, second: bool, m_points: bool = False) -> Derivation:
    nn = n + 1 if second else n
    at, on = ("w_R", "R'") if second else ("w_R'", "R")
    grad = "Σ_z ∇f(w_R', z)" if m_points else f"∇f({at}, z)"
    quantity = _ridge_shift(nn)
    return Derivation(
        claim_id=claim_id, target="bound",
        title="Lemma G.1" + (": the second inequality ('by the same argument', line 597)" if second else
                             " for m added points" if m_points else ": stability of strongly convex ERM (lines 585–597)"),
        start=quantity,
        symbolic_start=SymbolicStart(
            functools.partial(_ridge_shift, nn),
            f"the exact ridge shift ‖w_R − w_R'‖ the claim's quantity ({'_ridge_m_shift' if m_points else '_ridge2_shift'}:"
            f" RidgeERM's exact rational minimisers) computes, on every instance (d ≤ 2): ‖H⁻¹g‖/"
            f"{'(n + 1)' if second else 'n'} with H = ∇²F̂_{on} and g = {grad} (first-order optimality, exact for the "
            "quadratic ridge risk) — formulas.retain.RIDGE_SHIFT_2X2_EXPR, tested equal to the quantity at exact "
            "instances (tests/derive/test_retain_ridge_starts.py)"),
        conditions=(sympy.Gt(LAMBDA_MIN_2X2_EXPR, 0),),
        domain=_G1_DOMAIN,
        premises=(Premise(("(n+1)∇F̂_R'(w_R) = n∇F̂_R(w_R) + ∇f(w_R, z) = ∇f(w_R, z)" if second else
                           f"n∇F̂_R(w_R') = (n+m)∇F̂_(R∪Z)(w_R') − {grad} = −{grad}" if m_points else
                           "n∇F̂_R(w_R') = (n+1)∇F̂_R'(w_R') − ∇f(w_R', z) = −∇f(w_R', z)") +
                          f" (optimality, lines 591–595; f contains the regulariser); F̂_{on} is quadratic, so "
                          f"∇F̂_{on}(w) = H(w − w_{on[0]}) and the shift is H⁻¹g/{'(n+1)' if second else 'n'}, "
                          f"g = {grad}", "first-order optimality"),),
        note="The proof's strong monotonicity (⟨g, w_R − w_R'⟩ ≥ its n·λ_min(H)‖w_R − w_R'‖²) and Cauchy–Schwarz are "
             "step 2, written in the Hessian's eigenbasis: ‖H⁻¹g‖ ≤ ‖g‖/λ_min(H).",
        steps=(
            step(quantity, "==", sqrt(_u**2 / (_l + 2 * _r) ** 2 + _v**2 / _l**2) / nn,
                 "in H's eigenbasis: H has eigenvalues l + 2r and l = λ_min, g has coordinates (u, v) there",
                 given=_EIGEN),
            then("<=", sqrt(_u**2 + _v**2) / (nn * _l),
                 f"strong monotonicity of ∇F̂_{on} (λ_min = l ≤ l + 2r) and Cauchy–Schwarz (lines 593–597)"),
            then("==", ERM_G1_SECOND_EXPR if second else ERM_G1_EXPR,
                 f"G2 = ‖g‖² = u² + v², λ_{on} = λ_min(H) = hs − √(hd² + h12²) = l",
                 given=_EIGEN + ((_G2, g1**2 + g2**2),)),
        ),
    )


def lemG1() -> Derivation:
    return _g1("retain.lemG.1", False)


def lemG1_second() -> Derivation:
    return _g1("retain.lemG.1:second", True)


rho_g, lcv = sympy.Symbol("rho_g", positive=True), sympy.Symbol("lambda_curv", positive=True)
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
w_g4, z_g4 = sympy.symbols("w z", nonnegative=True)  # Lemma G.4+fix: w = √(1 − r_n), z = 1 − 2θ − w
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
        start=rr, conditions=conds,
        domain={**_LOCAL_DOMAIN, w_g4: ("0", "0.999"), z_g4: ("0", "1")} if fixed else _LOCAL_DOMAIN,
        premises=(Premise("Weyl and M-Lipschitz Hessian: λ_R(r) ≥ λ_0 − Mr on the ball B(w_R, r) (line 621); Lemma G.1 "
                          "with λ_R(r) at r = ‖w_R − w_R'‖: r ≤ L/(n(λ_0 − Mr)) when λ_0 > Mr (line 625)", "Lemma G.4's proof"),),
        steps=(step(rr, "<=", LOCAL_BOUND_EXPR, why, given=((Lh, cr * n * lam0**2 / (4 * Mh)),)),) if not fixed else (
            step(rr, "<=", LOCAL_BOUND_EXPR,
                 why + ". In w = √(1 − r_n) ∈ [0, 1) and z = 1 − 2θ − w (θ ≤ 1/2 and θ(1 − θ) ≤ r_n/4 are exactly "
                 "(1 − 2θ)² ≥ w², i.e. z ≥ 0): θ = (1 − w − z)/2, r_n = 1 − w², and the step reads "
                 "λ_0(1 − w − z)/(2M) ≤ λ_0(1 − w)/(2M)",
                 given=((Lh, (1 - w_g4**2) * n * lam0**2 / (4 * Mh)), (th, (1 - w_g4 - z_g4) / 2))),),
    )


def lemG4() -> Derivation:
    return _g4("retain.lemG.4", False, "Lemma G.4: local-curvature stability (lines 613–635), as printed")


#: Lemma G.4+fix's symbolic shape (d = 1, log loss, λ = 0): R holds a₊ points (x, y) = (1, +1) and a₋ points (1, −1),
#: z = (1, +1); every margin is ±w, so both minimisers solve a₊σ(−w) = a₋σ(w) in closed form
a_pos, a_neg = sympy.symbols("a_+ a_-", positive=True)
_w1 = sympy.Symbol("w", real=True)


def _log_loss_risk(n_pos: sympy.Expr, n_neg: sympy.Expr) -> sympy.Expr:
    """n·F̂(w) of the unregularised log loss (Example G.6, lines 653–659: f(w, (x, y)) = log(1 + e^{−y⟨w, x⟩})) on
    n_pos points (1, +1) and n_neg points (1, −1)."""
    return n_pos * sympy.log(1 + exp(-_w1)) + n_neg * sympy.log(1 + exp(_w1))


def _minimiser(n_pos: sympy.Expr, n_neg: sympy.Expr) -> sympy.Expr:
    (w,) = sympy.solve(sympy.diff(_log_loss_risk(n_pos, n_neg), _w1), _w1)  # F̂ is strictly convex: one root
    return w


def local_shift_run() -> sympy.Expr:
    """What ``retain.lemG.4+fix``'s quantity (``local_shift``: |w_(R∪z) − w_R| of ``logistic_minimiser_1d``, the
    zero of F̂') computes on the shape above: each minimiser is the root of F̂' solved by sympy, the shift's sign
    decided by sympy's assumptions (a run that cannot decide it raises)."""
    d = sympy.logcombine(_minimiser(a_pos + 1, a_neg) - _minimiser(a_pos, a_neg))
    if d.is_nonnegative:
        return d
    if d.is_nonpositive:
        return -d
    raise ValueError(f"the run cannot decide the sign of {d}")


def local_curvature_run() -> sympy.Expr:
    """λ_0 on the shape (``logistic_curvature_1d`` at w_R: (1/n)Σ σ'(y_i x_i w_R) x_i²), simplified."""
    w = _minimiser(a_pos, a_neg)
    return sympy.factor(sympy.simplify(sympy.diff(_log_loss_risk(a_pos, a_neg), _w1, 2).subs(_w1, w) / (a_pos + a_neg)))


def lemG4_fix() -> Derivation:
    """retain.lemG.4+fix. Step 1 is the repaired proof (the continuity argument) for every instance; the final chain
    starts from :func:`local_shift_run` — the claim's quantity on the shape a₊ × (1, +1), a₋ × (1, −1), z = (1, +1):
    log(1 + 1/a₊) — and bounds it by 1/a₊ ≤ L/(nλ_0) (the shape's n and λ_0, L ≥ B ≥ 1), which the bound dominates on
    every instance with λ_0² ≥ 4ML/n."""
    d = _g4("retain.lemG.4+fix", True, "Lemma G.4 with the continuity argument its last step needs (+fix)")
    run = local_shift_run()
    chain = (
        step(run, "<=", 1 / a_pos, "log(1 + x) ≤ x at x = 1/a₊: the difference decreases in a₊ to 0",
             monotone=Monotone(a_pos)),
        then("<=", Lh / (n * lam0), "on the shape n = a₊ + a₋ and λ_0 = a₊a₋/(a₊ + a₋)² (logistic_curvature_1d at "
             "w_R = log(a₊/a₋)), so L/(nλ_0) = L(1/a₊ + 1/a₋) ≥ 1/a₊ with L ≥ B ≥ |x| = 1 (the claim's hypotheses)",
             given={n: a_pos + a_neg, lam0: local_curvature_run()}, conditions=(sympy.Ge(Lh, 1),)),
        then("<=", LOCAL_BOUND_EXPR, "every instance: λ_0² ≥ 4ML/n written L = (1 − w²)nλ_0²/(4M), w ∈ [0, 1]; then "
             "L/(nλ_0) = (1 − w²)λ_0/(4M) ≤ (1 − w)λ_0/(2M), the difference λ_0(1 − w)²/(4M)",
             given={Lh: (1 - w_g4**2) * n * lam0**2 / (4 * Mh)}, conditions=(sympy.Le(w_g4, 1),)),
    )
    return dataclasses.replace(
        d, steps=d.steps + chain, start=run,
        # the claim's hypothesis λ_0² ≥ 4ML/n, written L = (1 − w²)nλ_0²/(4M) with w ∈ [0, 1] (the last step)
        conditions=d.conditions + (sympy.Le(w_g4, 1),),
        premises=d.premises + (
            Premise("the shape on which the start is checked (the final chain's first steps): a₊ points (1, +1), a₋ "
                    "points (1, −1), z = (1, +1), so |x| = 1 ≤ B ≤ L (the claim's hypotheses) and L ≥ 1",
                    "local_shift_run", sympy.Ge(Lh, 1)),),
        domain={**dict((s, (lo, hi)) for s, lo, hi in d.domain), a_pos: ("1", "100"), a_neg: ("1", "100"),
                Lh: ("1", "100")},
        symbolic_start=SymbolicStart(local_shift_run, "local_shift (|w_(R∪z) − w_R|, the logistic minimisers as the "
                                     "zeros of F̂') on the d = 1 shape a₊ points (1, +1), a₋ points (1, −1), z = (1, "
                                     "+1), solved by sympy (tests/derive/test_retain_local_start.py ties it to the "
                                     "claim's quantity); the last step is the bound's for every instance"))


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
s_root = sympy.Symbol("s", positive=True)  # √(1 − r_n) (Lemma G.5's lower side)
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
        conditions=(sympy.Lt(rn, 1), sympy.Lt(R_N_EXPR, 1)), domain={**_G5_DOMAIN, s_root: ("0.001", "1")}, samples=24,
        steps=(
            step(G5_LOWER_EXPR, "==", q * (rn / 2 + rn**2 / (8 - 4 * rn)), "λ_0 r_n/(4M) = L/(nλ_0)", given=_G5_GIVEN),
            then("<=", q * (rn / 2 + rn**2 / (4 * S_)), "S ≤ 2 − r, i.e. √(1−r) ≤ 1 − r/2 (line 649): with s = √(1−r) "
                 "∈ (0, 1), r = 1 − s² and S = (1 + s)²/2, 2 − r − S = (1 − s)²/2 ≥ 0",
                 given=((S_, (1 + s_root) ** 2 / 2), (rn, 1 - s_root**2))),
            then("==", q * (1 - sqrt(1 - rn)), "(√(1−r) − (1 − r/2))·S = −r²/4 (line 649)"),
            then("==", LOCAL_BOUND_EXPR, "λ_0² − 4ML/n = λ_0²(1 − r_n) (line 643)", given=_G5_GIVEN),
        ),
    )


def lemG1_m() -> Derivation:
    return _g1("retain.lemG.1:m-points+fix", False, m_points=True)


# --------------------------------------------------------------------------- Table 1
def _at_lambda0(d: Derivation, claim_id: str, title: str) -> Derivation:
    """``d`` with the regulariser λ set to 0 everywhere (Table 1's λ = 0 rows), its symbolic run too."""
    def sub(e):
        return e.subs(lam, 0) if isinstance(e, sympy.Basic) else e

    steps = tuple(dataclasses.replace(st, lhs=sub(st.lhs) if st.lhs is not None else None, rhs=sub(st.rhs),
                                      given=tuple((k, sub(v)) for k, v in st.given),
                                      conditions=tuple(sub(c) for c in st.conditions)) for st in d.steps)
    run = d.symbolic_start and SymbolicStart(lambda: sub(d.symbolic_start.compute()), d.symbolic_start.what + ", at λ = 0")
    premises = tuple(dataclasses.replace(p, relation=sub(p.relation)) for p in d.premises)
    return dataclasses.replace(d, claim_id=claim_id, title=title, steps=steps, start=sub(d.start), premises=premises,
                               where=tuple((k, sub(v)) for k, v in d.where), symbolic_start=run,
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
