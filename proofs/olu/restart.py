"""Table 2's discard-and-restart regret rows (lines 244–255, eq. (5)): the chains from the claims' quantities run on
symbolic streams (:mod:`.runs`), then Hazan's bounds (Hazan 2016, Thms 3.1, 3.3) and the rows' general step.

Paper file ``papers/000_8245766a2c9b0ba6.txt`` (line numbers below refer to it).
"""
from __future__ import annotations

import dataclasses

import sympy
from sympy import log, sqrt

from certunlearn.formulas.olu import RESTART_C, RESTART_SC, D, L, T, k, mu
from certunlearn.derive import Derivation, Premise, SymbolicStart, step, then

from .common import DOMAIN, dom, lam, le1, theta
from .runs import restart_regret_c_parts, restart_regret_c_run, restart_regret_run, rho_r1, rho_r2, x_r1, x_r2, z_r


#: the convex row's chain names, per round t of its run, the gradient ∇f_t(w_{t−1}) = r_t·L and w_{t−1} − z* = s_t·D
_RESTART_GE = sympy.symbols("r_1 r_2 s_1 s_2", real=True)


def _restart_c_steps(per: sympy.Expr) -> tuple:
    """The convex row on its run (:func:`.runs.restart_regret_c_parts`): f_t(w) − f_t(z*) = ∇f_t(w)(w − z*) −
    λ(w − z*)²/2 exactly for a quadratic, ≤ ∇f_t(w)(w − z*) = r_t s_t·LD ≤ LD by the claim's path hypotheses
    (|r_t|, |s_t| ≤ 1), and 2LD ≤ (3/2)DL√2 (Hazan 2016, Thm 3.1's bound at T = 2, k = 0, θ = 1)."""
    r1, r2, s1, s2 = _RESTART_GE
    _, (G1, G2), (E1, E2) = restart_regret_c_parts()
    return (
        step(restart_regret_c_run(), "==", L * D * (r1 * s1 + r2 * s2) - lam * D**2 * (s1**2 + s2**2) / 2,
             "a quadratic f_t(w) − f_t(z*) = ∇f_t(w)(w − z*) − λ(w − z*)²/2 at w = w_{t−1} (exact), ∇f_t(w_{t−1}) = "
             "r_t·L, w_{t−1} − z* = s_t·D", given={r1: G1 / L, r2: G2 / L, s1: E1 / D, s2: E2 / D}),
        then("<=", L * D * (r1 * s1 + r2 * s2), "λ ≥ 0: convexity (Hazan 2016, Thm 3.1's first step)"),
        then("<=", L * D * (r1 * s1 + r2 * s2 + ((r1 - s1) ** 2 + (r2 - s2) ** 2) / 2), "squares are ≥ 0"),
        then("==", L * D * (r1**2 + s1**2 + r2**2 + s2**2) / 2, "algebra: rs + (r − s)²/2 = (r² + s²)/2"),
        then("<=", L * D * (2 + r2**2 + s2**2) / 2, "round 1: |∇f_1(z_1)| ≤ L and |z_1 − z*| ≤ D (the claim's path "
             "hypotheses): |r_1|, |s_1| ≤ 1"),
        then("<=", 2 * L * D, "round 2: |∇f_2(w_1)| ≤ L and |w_1 − z*| ≤ D: |r_2|, |s_2| ≤ 1"),
        then("<=", (k + 1) * per, "2 ≤ (3/2)√2: one interval (k = 0, θ = 1) of T = 2 rounds",
             given={k: 0, theta: 1, T: 2}),
    )


def table2_restart_regret(sc: bool) -> Derivation:
    """Table 2's discard-and-restart regret (lines 244–255). Each row's chain starts from its claim's quantity run on a
    symbolic stream (T = 2, k = 0: :func:`.runs.restart_regret_run`, the data written by the gradients the path meets;
    :func:`.runs.restart_regret_c_run`) and applies Hazan's bound there (proved), then the row's general step."""
    per = L**2 / (2 * mu) * (1 + log(theta * T)) if sc else sympy.Rational(3, 2) * D * L * sqrt(theta * T)
    general = step((k + 1) * per, "<=", RESTART_SC if sc else RESTART_C, "n_i ≤ T in every interval",
                   conditions=le1(theta))
    run = restart_regret_run() if sc else restart_regret_c_run()
    steps = (_restart_c_steps(per) + (dataclasses.replace(general, lhs=None),)) if not sc else (
        step(run, "<=", L**2 * (1 + sympy.Rational(1, 2)) / (2 * mu),
             "Hazan 2016, Thm 3.3's sum on the run: each gradient |∇f_t(w_{t−1})| = |ρ_t|L ≤ L (the claim's path "
             "hypothesis) and η_t = 1/(μt): L²(ρ₁² + ρ₂²/2)/(2μ) ≤ (L²/(2μ))(1 + 1/2)",
             conditions=(sympy.Le(sympy.Abs(rho_r1), 1), sympy.Le(sympy.Abs(rho_r2), 1))),
        then("<=", (k + 1) * per, "1 + 1/2 ≤ 1 + log 2: one interval (k = 0, θ = 1) of T = 2 rounds",
             given={k: 0, theta: 1, T: 2}),
        dataclasses.replace(general, lhs=None))
    return Derivation(
        claim_id="olu.table2:restart-regret-" + ("sc" if sc else "c"), target="bound",
        title="Table 2, Discard-and-restart, " + ("SC: k log T" if sc else "C: k√T") + ", explicit",
        start=run,
        symbolic_start=SymbolicStart(restart_regret_run, "restart_regret(True) (Σ_t f_t(w_{t−1}) − f_t(z*), eq. (5)) "
                                     "on algorithms.olu.restart_laws with η_s = 1/(μs) and the exact comparator, run "
                                     "on T = 2 symbolic quadratics of curvature μ (d = 1, k = 0, x₁ = z₁ + ρ₁L/μ, x₂ = "
                                     "x₁ + ρ₂L/μ) — the start is checked on that stream "
                                     "(tests/derive/test_olu_restart_start.py ties it to the claim's quantity); step 3 "
                                     "is the row's for every stream") if sc else
        SymbolicStart(restart_regret_c_run, "restart_regret(False) (Σ_t f_t(w_{t−1}) − f_t(z*), eq. (5)) on "
                      "algorithms.olu.restart_laws with η_s = D/(L√s) and the exact comparator, run on T = 2 symbolic "
                      "quadratics of curvature λ (d = 1, k = 0) — the start is checked on that stream "
                      "(tests/derive/test_olu_restart_start.py ties it to the claim's quantity); step 8 is the row's "
                      "for every stream"),
        premises=(Premise("A fresh OGD run of n steps with " + ("η_s = 1/(μs) on μ-strongly convex f_t, ‖∇f_t‖ ≤ L, has "
                          "regret ≤ (L²/(2μ))Σ_{s≤n} 1/s ≤ L²(1 + log n)/(2μ)" if sc else "η_s = D/(L√s), ‖∇f_t‖ ≤ L, "
                          "‖w − z*‖ ≤ D, has regret ≤ (3/2)DL√n"), "Hazan 2016, Thm 3." + ("3" if sc else "1")),
                  Premise("Each interval has n_i = θ_i T ≤ T rounds (θ_i ≤ 1); there are k + 1 intervals", "eq. (5)",
                          sympy.Le(theta, 1))),
        domain={**dom(L, mu, D, k, theta), T: ("1", "10000"), z_r: ("-10", "10"),
                **({rho_r1: ("-1", "1"), rho_r2: ("-1", "1")} if sc else
                   {lam: DOMAIN[lam], x_r1: ("-10", "10"), x_r2: ("-10", "10"),
                    **{v: ("-1", "1") for v in _RESTART_GE}})},
        # θT ≥ 1 and the claim's hypotheses on the run: its gradients at most L (SC: |ρ_t| ≤ 1; C: |r_t| ≤ 1) and, for C,
        # its iterates within D of the comparator (|s_t| ≤ 1)
        conditions=(sympy.Ge(theta * T, 1), *(sympy.Le(sympy.Abs(v), 1) for v in ((rho_r1, rho_r2) if sc else _RESTART_GE))),
        steps=steps)
