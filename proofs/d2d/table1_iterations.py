"""Table 1 (lines 66–71), the iteration column's transcendental ratios: the pgd-perfect row's log log(4di/δ) (Theorem
3.2's T_i, line 224) and the corrected distributed row (Theorem 4.5's T_i, line 409: ``formulas.d2d.T_I_45``).

Paper file ``papers/002_7f80bf4846a5a6af.txt``. Both ratios need the elementary bounds 1 − 1/y ≤ log y (y ≥ 1) and
log u ≤ u − 1 (u ≥ 1), each proved here by monotonicity (the engine has no rule for them).
``tests/derive/test_d2d_table1_iterations.py`` evaluates every stand-in and abbreviation at its expression (mpmath, 100
digits) and checks the conditions the steps rely on.

- pgd-perfect (printed entry log i): with Y_j = log(4di_j/δ), a = log(4d/δ) ≥ log 4 > 1, Λ_j = log Y_j, the ratio
  Λ₂/Λ₁ ≤ (Y₂ − a)/(Y₁ − a) = log i₂/log i because log Y/(Y − a) decreases: Λ₂ ≤ Λ₁ + (Y₂ − Y₁)/Y₁ (log u ≤ u − 1 at
  u = Y₂/Y₁) and Λ₁ ≥ 1 − 1/Y₁ ≥ 1 − a/Y₁. The bounds are stated on stand-in symbols, and the steps using them name
  them.
- distributed, corrected ((log i₂/log i)² + 1/T_i): the final chain starts from the claim's quantity ⌈T_{i₂}⌉/⌈T_i⌉
  (written max(0, ⌈T⌉) as ``claims.d2d.tables.table_iteration_ratio`` counts, checked against
  ``proofs.d2d.starts.iteration_ratio_run``). T_i = 10·log(2i/δ)·(𝓘 + c·X(i)), X(i) = log(1 + 10i·log(2i/δ)), and
  T_{i₂}/T_i ≤ [log(2i₂/δ)/log(2i/δ)]·[X(i₂)/X(i)] ≤ (log i₂/log i)²: the first factor by monotonicity in i₂, the
  second with X(i) = x + b (x = log i, b = log W(i) ≥ 1, W(i) = 10log(2i/δ) + 1/i) and X(i₂) = x + s + b + e
  (s = log i₂ − log i, e = log W(i₂) − log W(i) ≤ eᵉ − 1 = W(i₂)/W(i) − 1 ≤ s/x). Every quantity is an abbreviation
  of the chain's own expressions (no stand-in), so each condition a step uses is an earlier step's relation or that
  of a chain of earlier steps, which the engine composes (:func:`certunlearn.derive.step_conditions.chained`): the
  proof is complete.
"""
from __future__ import annotations

import sympy
from sympy import log

from certunlearn.formulas.d2d import ENTRY_ITER_RATIO_FIX, T_I_45, I, d, gamma, i, i2
from certunlearn.formulas.symbols import delta
from certunlearn.derive import Derivation, Monotone, Step, SymbolicStart, step, then

from .common import GAMMA_DEF, SC_COND, k
from .starts import iteration_ratio_run

# --------------------------------------------------------------------------- the elementary bounds, on stand-ins
y_l = sympy.Symbol("y_log", positive=True)  # the argument of 1 − 1/y ≤ log y
u_l = sympy.Symbol("u_log", positive=True)  # the argument of log u ≤ u − 1

LOG_BOUNDS_DOMAIN = {y_l: ("1", "1e6"), u_l: ("1", "1e6")}


def log_lower(why: str) -> Step:
    """1 − 1/y ≤ log y for y ≥ 1 (log y − 1 + 1/y vanishes at 1 and has derivative (y − 1)/y² ≥ 0)."""
    return step(1 - 1 / y_l, "<=", log(y_l), "1 − 1/y ≤ log y for y ≥ 1: " + why,
                conditions=(sympy.Ge(y_l, 1),), monotone=Monotone(y_l, 1))


def log_upper(why: str) -> Step:
    """log u ≤ u − 1 for u ≥ 1 (u − 1 − log u vanishes at 1 and has derivative (u − 1)/u ≥ 0)."""
    return step(log(u_l), "<=", u_l - 1, "log u ≤ u − 1 for u ≥ 1: " + why,
                conditions=(sympy.Ge(u_l, 1),), monotone=Monotone(u_l, 1))


# --------------------------------------------------------------------------- pgd-perfect: log log(4di/δ)
Y1, Y2, a_l = (sympy.Symbol(nm, positive=True) for nm in ("Y_1", "Y_2", "a"))
L1, L2 = sympy.Symbol("Lambda_1", positive=True), sympy.Symbol("Lambda_2", positive=True)

#: Y_j = log(4di_j/δ), a = log(4d/δ), Λ_j = log Y_j (i₂ = i + k, abbreviated by the derivation)
LOGLOG_WHERE = ((Y1, log(4 * d * i / delta)), (Y2, log(4 * d * i2 / delta)), (a_l, log(4 * d / delta)),
                (L1, log(Y1)), (L2, log(Y2)))
LOGLOG_CONDITIONS = (sympy.Ge(i, 2), sympy.Ge(d, 1), sympy.Le(delta, 1))


def loglog_steps(bound: sympy.Expr) -> tuple[Step, ...]:
    """The steps from Λ₂/Λ₁ = log log(4di₂/δ)/log log(4di/δ) to the printed entry's ratio log i₂/log i (``bound``);
    the derivation abbreviates :data:`LOGLOG_WHERE` and assumes :data:`LOGLOG_CONDITIONS`."""
    return (
        step(1, "<", log(4), "log 4 > 1"),
        then("<=", a_l, "a = log(4d/δ) ≥ log 4 for d ≥ 1, δ ≤ 1"),
        step(a_l, "<", Y1, "Y₁ − a = log i > 0 for i ≥ 2"),
        step(Y1, "<=", Y2, "Y₂ − Y₁ = log(i₂/i) ≥ 0", monotone=Monotone(k, 0)),
        log_lower("at y = Y₁ (Y₁ > a > 1): Λ₁ ≥ 1 − 1/Y₁"),
        log_upper("at u = Y₂/Y₁ ≥ 1: Λ₂ − Λ₁ = log(Y₂/Y₁) ≤ (Y₂ − Y₁)/Y₁"),
        # the final chain
        step(L2 / L1, "<=", (Y2 - a_l) / (Y1 - a_l),
             "log Y/(Y − a) decreases for Y > a ≥ 1: Λ₁(Y₂ − a) − Λ₂(Y₁ − a) ≥ (Y₂ − Y₁)(Λ₁ − 1 + a/Y₁) ≥ 0 by the two "
             "previous steps and a ≥ 1 (the first two)",
             conditions=(sympy.Le(L2, L1 + (Y2 - Y1) / Y1), sympy.Ge(L1, 1 - 1 / Y1), sympy.Ge(a_l, 1),
                         sympy.Ge(Y2, Y1), sympy.Gt(Y1, a_l))),
        then("==", bound, "Y_j − a = log(4di_j/δ) − log(4d/δ) = log i_j"),
    )


LOGLOG_DOMAIN = {Y1: ("1.4", "100"), Y2: ("1.4", "100"), a_l: ("1.4", "50"), L1: ("0.01", "5"), L2: ("0.01", "5"),
                 **LOG_BOUNDS_DOMAIN}

# --------------------------------------------------------------------------- distributed, corrected
c1, c2 = sympy.Symbol("c_1", nonnegative=True), sympy.Symbol("c_2", nonnegative=True)  # max(0, ⌈T_i⌉), max(0, ⌈T_{i₂}⌉)
t1, t2 = sympy.Symbol("t_1", positive=True), sympy.Symbol("t_2", positive=True)  # T_i, T_{i₂}
G_l = sympy.Symbol("G_l", positive=True)  # log(1/γ), γ = (M − m)/(M + m)
kap1, kap2 = sympy.Symbol("kappa_1", real=True), sympy.Symbol("kappa_2", real=True)  # c_j − t_j
# T_j = 10·l_j·(𝓘 + c·X_j): l_j = log(2j/δ), c = n^{−(4−3ξ)/2}/log(1/γ), X_j = log(1 + 10j·l_j) = log j + log W(j) with
# W(j) = 10·l_j + 1/j; the factor X(i₂)/X(i) in x = log i, s = log i₂ − log i, b = log W(i), e = log W(i₂) − log W(i),
# h = 1/i − 1/i₂, l = l_i, w_j = W(j)
X1, X2, c_f = (sympy.Symbol(nm, positive=True) for nm in ("X_1", "X_2", "c_f"))
x_s, s_s, h_s, l_s, w1, w2 = (sympy.Symbol(nm, positive=True) for nm in ("x_s", "s_s", "h_s", "l_s", "w_1", "w_2"))
b_s, e_s = sympy.Symbol("b_s", real=True), sympy.Symbol("e_s", real=True)
# T_{i₂}/T_i = f₁·F₂: f₁ = log(2i₂/δ)/log(2i/δ), F₂ = (𝓘 + cX₂)/(𝓘 + cX₁) ≤ q = X₂/X₁; R = log i₂/log i
f1, F2, q, R = (sympy.Symbol(nm, positive=True) for nm in ("f_1", "F_2", "q_X", "R_i"))
r_T, R2 = sympy.Symbol("r_T", positive=True), sympy.Symbol("R_2", positive=True)  # T_{i₂}/T_i, R²

RATIO = log(i2) / log(i)


def _w(j: sympy.Expr) -> sympy.Expr:
    """W(j) = 10·log(2j/δ) + 1/j: X(j) = log(1 + 10j·log(2j/δ)) = log j + log W(j)."""
    return 10 * log(2 * j / delta) + 1 / j


def _whole(t: sympy.Expr) -> sympy.Expr:
    """max(0, ⌈t⌉), the whole iterations the claim counts, kept unevaluated on a positive symbol (sympy would drop the
    max there): with the symbol substituted it is the abbreviation c_j's definition, so the step states its relation."""
    return sympy.Max(0, sympy.ceiling(t), evaluate=False)


def distributed_iterations_fix(domain: dict) -> Derivation:
    """Table 1, distributed row, corrected: ⌈T_{i₂}⌉/⌈T_i⌉ ≤ (log i₂/log i)² + 1/T_i (see the module docstring);
    ``domain``: the sampling ranges of Table 1's iteration derivations.

    Every condition a step uses is an earlier step's relation or the relation of a chain of earlier steps (the
    engine composes them): T_{i₂}/T_i ≤ (log i₂/log i)² is the chain T_{i₂}/T_i = f₁·F₂ ≤ … ≤ (log i₂/log i)², whose
    conditions are the first factor's bound f₁ ≤ log i₂/log i, the second's (𝓘 + cX₂)/(𝓘 + cX₁) ≤ X₂/X₁, and the chain
    X₂/X₁ = (x + s + b + e)/(x + b) ≤ (x + s)/x = log i₂/log i, itself under e ≤ s/x (the chain e ≤ eᵉ − 1 =
    (10s − h)/(10l + 1/i) ≤ s/x) and b ≥ 1."""
    gamma_log = log(1 / gamma.subs(*GAMMA_DEF))
    t_i = T_I_45.subs(gamma_log, G_l)
    if t_i == T_I_45:
        raise ValueError("T_i of formulas.d2d no longer divides by log(1/γ)")
    # c, read off T_i = 10·log(2i/δ)·(𝓘 + c·X(i)) (the step T_{i₂}/T_i = f₁·F₂ checks the form)
    big_x = log(1 + 10 * i * log(2 * i / delta))
    c_def = sympy.expand(t_i / (10 * log(2 * i / delta)), log=False, power_exp=False).coeff(big_x)
    if c_def == 0:
        raise ValueError("T_i of formulas.d2d no longer has the term c·log(1 + 10i·log(2i/δ))")
    where = ((i2, i + k), GAMMA_DEF, (G_l, log(1 / gamma)), (t1, t_i), (t2, t_i.subs(i, i + k)),
             (c1, sympy.Max(0, sympy.ceiling(t_i))), (c2, sympy.Max(0, sympy.ceiling(t_i.subs(i, i2)))),
             (kap1, c1 - t1), (kap2, c2 - t2), (c_f, c_def),
             (X1, big_x), (X2, big_x.subs(i, i2)),
             (x_s, log(i)), (s_s, log(i2) - log(i)), (l_s, log(2 * i / delta)), (h_s, 1 / i - 1 / i2),
             (w1, _w(i)), (w2, _w(i2)), (b_s, log(w1)), (e_s, log(w2) - log(w1)),
             (f1, log(2 * i2 / delta) / log(2 * i / delta)), (R, RATIO), (q, X2 / X1),
             (F2, (I + c_f * X2) / (I + c_f * X1)), (r_T, t2 / t1), (R2, RATIO**2))
    steps = (
        # max(0, ⌈·⌉) against its argument (T > 0)
        step(t1, "<=", sympy.ceiling(t1), "T_i ≤ ⌈T_i⌉"),
        then("==", _whole(t1), "⌈T_i⌉ = max(0, ⌈T_i⌉) for T_i > 0"),
        step(_whole(t2), "==", sympy.ceiling(t2), "max(0, ⌈T_{i₂}⌉) = ⌈T_{i₂}⌉ for T_{i₂} > 0"),
        then("<", t2 + 1, "⌈T_{i₂}⌉ < T_{i₂} + 1"),
        # the first factor of T_{i₂}/T_i: f₁ = log(2i₂/δ)/log(2i/δ) ≤ log i₂/log i
        step(f1, "<=", R, "the first factor: log(2i₂/δ)/log(2i/δ) ≤ log i₂/log i (log(2/δ) ≥ 0)",
             monotone=Monotone(k, 0)),
        # the second factor: F₂ = (𝓘 + cX₂)/(𝓘 + cX₁) ≤ X₂/X₁ = q
        step(1, "<=", q, "q = X(i₂)/X(i) ≥ 1: X(j) = log(1 + 10j·log(2j/δ)) increases in j", monotone=Monotone(k, 0)),
        step((I + c_f * X1 * q) / (I + c_f * X1), "<=", q, "(𝓘 + cqX₁)/(𝓘 + cX₁) ≤ q for q ≥ 1 (the previous step), "
             "𝓘 ≥ 0: F₂ ≤ X₂/X₁", conditions=(sympy.Ge(q, 1),)),
        # b = log W(i) ≥ 1
        step(10 * log(4), "<=", w1, "W(i) = 10·log(2i/δ) + 1/i ≥ 10·log 4 for i ≥ 2, δ ≤ 1", monotone=Monotone(i, 2)),
        step(1, "<=", log(w1), "log w ≥ 1 for w ≥ 10·log 4 > e (the previous step): b = log W(i) ≥ 1",
             conditions=(sympy.Ge(w1, 10 * log(4)),), monotone=Monotone(w1, 10 * log(4))),
        # e = log(W(i₂)/W(i)) ≤ s/x
        step(x_s, "<=", l_s, "l = log(2i/δ) ≥ log i = x for δ ≤ 2"),
        step(0, "<=", e_s, "e = log W(i₂) − log W(i) ≥ 0: W' = (10j − 1)/j² > 0", monotone=Monotone(k, 0)),
        step(e_s, "<=", sympy.exp(e_s) - 1, "e ≤ eᵉ − 1 for e ≥ 0 (the previous step): eᵉ − 1 − e vanishes at 0 and "
             "has derivative eᵉ − 1 ≥ 0 (log u ≤ u − 1 at u = W(i₂)/W(i))", conditions=(sympy.Ge(e_s, 0),),
             monotone=Monotone(e_s, 0)),
        then("==", (10 * s_s - h_s) / (10 * l_s + 1 / i), "eᵉ = W(i₂)/W(i), W(i₂) − W(i) = 10s − h, W(i) = 10l + 1/i"),
        then("<=", s_s / x_s, "(10s − h)/(10l + 1/i) ≤ s/x for l ≥ x (above)",
             conditions=(sympy.Ge(l_s, x_s),)),
        # q = X₂/X₁ ≤ log i₂/log i
        step(X2 / X1, "==", (x_s + s_s + b_s + e_s) / (x_s + b_s),
             "X(j) = log(j·W(j)) = log j + log W(j): X(i) = x + b, X(i₂) = x + s + b + e"),
        then("<=", (x_s + s_s) / x_s, "(x + s + b + e)/(x + b) ≤ (x + s)/x for e ≤ s/x (the chain above) and b ≥ 1",
             conditions=(sympy.Le(e_s, s_s / x_s), sympy.Ge(b_s, 1))),
        then("==", R, "x + s = log i₂"),
        # T_{i₂}/T_i ≤ (log i₂/log i)²
        step(r_T, "==", f1 * F2, "T_j = 10·log(2j/δ)·(𝓘 + cX_j)"),
        then("<=", R * F2, "f₁ ≤ log i₂/log i (above)", conditions=(sympy.Le(f1, R),)),
        then("<=", R * q, "F₂ ≤ q (above)", conditions=(sympy.Le(F2, q),)),
        then("<=", R**2, "q ≤ log i₂/log i (the chain above)", conditions=(sympy.Le(q, R),)),
        then("==", R2, "R² = (log i₂/log i)²"),
        # the final chain, from the claim's quantity
        step(c2 / c1, "==", (t2 + kap2) / (t1 + kap1), "c_j = t_j + κ_j"),
        then("<=", (t2 + 1) / t1, "whole iterations: κ₂ = max(0, ⌈T_{i₂}⌉) − T_{i₂} < 1 and κ₁ ≥ 0 (the first "
             "two chains)", conditions=(sympy.Le(kap2, 1), sympy.Ge(kap1, 0))),
        then("==", r_T + 1 / t1, "(T_{i₂} + 1)/T_i"),
        then("<=", R2 + 1 / t1, "T_{i₂}/T_i ≤ (log i₂/log i)² (the chain above)",
             conditions=(sympy.Le(r_T, R2),)),
        then("==", RATIO**2 + 1 / t1, "R₂ = (log i₂/log i)²"),
        then("==", ENTRY_ITER_RATIO_FIX["distributed"], "t₁ = T_i: the corrected entry"),
    )
    run = SymbolicStart(
        lambda: iteration_ratio_run(T_I_45, i, i2, (i, i2, I)),
        "⌈T_{i₂}⌉/⌈T_i⌉ (what claims.d2d.tables.table_iteration_ratio('distributed') computes: max(0, ⌈T⌉) of Theorem "
        "4.5's prescribed T_i, formulas.d2d.T_I_45, at integer i, i₂, 𝓘; proofs.d2d.starts.iteration_ratio_run)")
    return Derivation(
        claim_id="d2d.table1:distributed-iterations+fix", target="bound",
        title="Table 1, distributed: iterations of the i-th update (corrected)",
        start="⌈T_{i₂}⌉/⌈T_i⌉", where=where, symbolic_start=run, conditions=SC_COND + (sympy.Ge(i, 2), sympy.Lt(delta, 1)),
        samples=12, steps=steps, domain=domain,
    )


__all__ = ["log_lower", "log_upper", "loglog_steps", "distributed_iterations_fix", "LOGLOG_WHERE", "LOGLOG_CONDITIONS",
           "LOGLOG_DOMAIN"]
