"""What the d2d claims' quantities compute at symbolic input (issue 25, item 3): each function below evaluates, on
sympy symbols, the computation a claim's quantity performs (or the reference step it runs), so that a derivation's
``SymbolicStart`` checks the first expression of its final chain against it. ``tests/derive/test_d2d_runs.py``
compares each with the claim's own quantity at exact instances, and shows a wrong run (a changed constant, a changed
exponent) a mismatch.

Paper file ``papers/002_7f80bf4846a5a6af.txt``.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

import sympy


def _decided_nonnegative(e: sympy.Expr) -> bool:
    """e ≥ 0 decided by sympy's assumptions (after simplification); undecided is an error, never a guess."""
    e = sympy.simplify(sympy.sympify(e))
    if e.is_nonnegative:
        return True
    if e.is_negative:
        return False
    raise ValueError(f"the sign of {e} is not decided")


def tail_min_run(xs: Sequence, ps: Sequence, draws: sympy.Expr) -> sympy.Expr:
    """What d2d.lemA.4's quantity (``claims.d2d.boosting``: P[min_{j ≤ N} X_j ≥ 2μ] = P[X ≥ 2μ]^N for iid X_j with
    atoms ``xs`` of masses ``ps``) computes, on sympy input: μ = Σ x·p, the mass of the atoms x ≥ 2μ (each comparison
    decided symbolically), raised to the number of draws N (Lemma A.4, lines 484–490)."""
    xs, ps = [sympy.sympify(x) for x in xs], [sympy.sympify(q) for q in ps]
    mu = sum((x * q for x, q in zip(xs, ps)), sympy.S.Zero)
    tail = sum((q for x, q in zip(xs, ps) if _decided_nonnegative(x - 2 * mu)), sympy.S.Zero)
    return tail**draws


def quadratic_gd_contraction(lam_: sympy.Expr, eta_: sympy.Expr, steps: sympy.Expr) -> sympy.Expr:
    """What d2d.thm2.13's quantity (``claims.d2d.sensitivity``: ‖θ_T − θ*‖/‖θ_0 − θ*‖ after T steps of projected GD
    with step η) computes on the one-dimensional quadratic h(θ) = (λ/2)(θ − c)² with Θ containing every iterate (the
    projection inactive, θ* = c): one step θ ↦ θ − η∇h(θ) = θ − ηλ(θ − c) maps θ − c to (1 − ηλ)(θ − c) (checked
    here on symbols), so T steps give the ratio |1 − ηλ|^T (Theorem 2.13, line 165)."""
    th0, c_ = sympy.Symbol("theta_0", real=True), sympy.Symbol("c", real=True)
    step = th0 - eta_ * lam_ * (th0 - c_)  # one GD step: ∇h(θ) = λ(θ − c)
    factor = sympy.cancel((step - c_) / (th0 - c_))
    if factor.free_symbols & {th0, c_}:
        raise ValueError("the GD step is not a contraction about the minimiser")
    return sympy.Abs(factor) ** steps


__all__ = ["tail_min_run", "quadratic_gd_contraction"]


def iteration_ratio_run(t_i: sympy.Expr, i_: sympy.Symbol, i2_: sympy.Symbol, whole: Sequence[sympy.Symbol]
                        ) -> sympy.Expr:
    """What a Table 1 iterations claim's quantity (``claims.d2d.tables.table_iteration_ratio``: ⌈T_{i₂}⌉/⌈T_i⌉ with
    ``ceil_exact``'s max(0, ⌈·⌉), T_i the row theorem's prescribed expression) computes, on sympy symbols: the
    symbols ``whole`` (the rounds and 𝓘, integers by the claim's hypotheses) are taken as positive integers while
    the ceilings are evaluated, and the result is written back in the derivation's symbols."""
    ints = {x: sympy.Symbol(x.name, integer=True, positive=True) for x in whole}
    back = {v: k for k, v in ints.items()}

    def ceil(e: sympy.Expr) -> sympy.Expr:
        return sympy.Max(0, sympy.ceiling(e.xreplace(ints)))

    return (ceil(t_i.subs(i_, i2_)) / ceil(t_i)).xreplace(back)


def growth_run(a: sympy.Expr, c: sympy.Expr, w: sympy.Expr, b: sympy.Expr, g: sympy.Expr, theta: sympy.Expr
               ) -> sympy.Expr:
    """What d2d.claimB.1's quantity (``claims.d2d.convergence``: ‖θ − θ*‖²/(h(θ) − h(θ*)) for the separable
    h(θ) = Σ_j (a_j/2)(θ_j − c_j)² + w_j|θ_j − b_j| + g_jθ_j on a box, θ* its exact minimiser) computes for one
    coordinate whose minimiser is interior: θ* is the stationary point on the side of b where it lies, else the kink
    b (each comparison decided symbolically); the ratio from h's definition (Claim B.1, line 500)."""
    def h(t: sympy.Expr) -> sympy.Expr:
        return a * (t - c) ** 2 / 2 + w * sympy.Abs(t - b) + g * t

    right, left = c - (g + w) / a, c - (g - w) / a
    if not _decided_nonnegative(b - right):
        star = right
    elif not _decided_nonnegative(left - b):
        star = left
    else:
        star = b
    return sympy.simplify((theta - star) ** 2 / (h(theta) - h(star)))


__all__ += ["iteration_ratio_run", "growth_run"]


def baseline_growth_run(acc: sympy.Expr, n_: sympy.Symbol, n2_: sympy.Expr, smooth: sympy.Expr, diam: sympy.Expr,
                        gamma_: sympy.Expr) -> sympy.Expr:
    """What a Table 1 strongly convex baseline claim's quantity (``claims.d2d.tables.table_baseline_growth``:
    ⌈T(n₂)⌉ − ⌈T(n)⌉ with T = log(MD²/(2α))/(2log(1/γ)), α the row's explicit accuracy ``acc`` at n and n₂, each count
    ``ceil_exact``'s max(0, ⌈T⌉)) computes, on sympy symbols — written ⌈max(0, T)⌉, the same number (⌈·⌉ is
    nondecreasing and ⌈0⌉ = 0)."""
    def count(nn: sympy.Expr) -> sympy.Expr:
        t = sympy.log(smooth * diam**2 / (2 * acc.subs(n_, nn))) / (2 * sympy.log(1 / gamma_))
        return sympy.ceiling(sympy.Max(0, t))

    return count(n2_) - count(n_)


__all__ += ["baseline_growth_run"]


def rationalised_gaps(e: sympy.Expr) -> sympy.Expr:
    """``e`` with each calibration gap √(x + c) − √x of ``formulas.d2d`` (GAP, GAP_32, GAP_32_I, G2_32) written
    c/(√(x + c) + √x) — the same number (each rewriting checked here by sympy), whose sign the engine proves."""
    from certunlearn.formulas import d2d as F

    subs = {}
    for gap in (F.GAP, F.GAP_32, F.GAP_32_I, F.G2_32):
        den = gap_denominator(gap)  # √(x + c) + √x
        rat = sympy.expand(gap * den) / den
        if sympy.expand(rat * den - gap * den) != 0:
            raise ValueError(f"{gap} is not rationalised")
        subs[gap] = rat
    return e.subs(subs)


def gap_denominator(gap: sympy.Expr) -> sympy.Expr:
    """√(x + c) + √x for a calibration gap √(x + c) − √x of ``formulas.d2d``: the denominator of its rationalised form
    (:func:`rationalised_gaps`), a derivation's abbreviation whose sign is proved on its own."""
    return sympy.Add(*(-a if a.could_extract_minus_sign() else a for a in gap.args))


def in_positive_parts(e: sympy.Expr, one_minus_power: sympy.Expr, gap: sympy.Expr, h: sympy.Symbol, r: sympy.Symbol,
                      lam: sympy.Symbol) -> sympy.Expr:
    """``e`` (an accuracy bound, its gap rationalised) written in three abbreviations whose signs a derivation proves on
    their own: ``one_minus_power`` (1 − γ^𝓘) as 1/h, the gap's denominator :func:`gap_denominator` as r, and
    log(2d/β) as lam — written out, α's numerator has terms −γ^𝓘·(…), and its sign was only sampled."""
    from certunlearn.formulas.d2d import beta, d

    return e.subs({one_minus_power: 1 / h, gap_denominator(gap): r, sympy.log(2 * d / beta): lam})


__all__ += ["rationalised_gaps", "gap_denominator", "in_positive_parts"]



def isotropic_accuracy_run(a: sympy.Expr, alpha: sympy.Expr, sigma_: sympy.Expr, dim: sympy.Expr,
                           eta_: sympy.Expr, reg: sympy.Expr = sympy.S.Zero) -> sympy.Expr:
    """What an accuracy claim's quantity (``claims.d2d.common.accuracy_probability``: max_i P[f_{D_i}(θ̃_i) −
    min_Θ f_{D_i} > α], θ̃_i = θ̂_i + Z_i, Z_i ~ N(0, σ²I_d)) computes, on sympy symbols, on the shape: f_D the
    isotropic quadratic (a/2)‖θ − x̄‖² + const with x̄ inside Θ (x̄ = 0 for the regularised theorems, whose run
    descends on f + (m/2)‖θ‖²), the secret run started at x̄ and updates that keep the mean (a point replaced by
    itself). ``excess_probability``'s isotropic branch is the noncentral χ² tail ncx2_sf(d, λ, τ) with
    λ = ‖θ̂_i − x̄‖²/σ² and τ = (‖θ* − x̄‖² + 2α/a)/σ²: here θ* = x̄ (the optimum is interior), and one step of the
    run, θ ↦ θ − η∇(θ) — checked here on symbols at θ = x̄ for the step size ``eta_`` — leaves x̄ in place, so every
    round's θ̂_i = x̄, λ = 0, and the tail is the central one Γ(d/2, τ/2)/Γ(d/2) (Theorem 3.1's accuracy, lines
    242–254; Theorems 3.4/3.5, lines 293–300). A run that moves (λ ≠ 0) raises: the noncentral tail has no closed
    form here."""
    from .common import chi2_tail

    theta = sympy.Symbol("theta", real=True)
    xbar = sympy.S.Zero if reg != 0 else sympy.Symbol("xbar", real=True)  # the regulariser's shape: x̄ = 0
    gd_step = theta - eta_ * (a * (theta - xbar) + reg * theta)  # one GD step on (a/2)(θ − x̄)² + (reg/2)θ²
    lam_ = dim * sympy.simplify(gd_step.subs(theta, xbar) - xbar) ** 2 / sigma_**2
    if lam_ != 0:
        raise ValueError("the run leaves the optimum: the tail is noncentral (no closed form)")
    tau = (0 + 2 * alpha / a) / sigma_**2  # ‖θ* − x̄‖ = 0: the optimum is interior
    return chi2_tail(dim, tau)


__all__ += ["isotropic_accuracy_run"]


@functools.lru_cache(maxsize=None)
def positive_standin(name: str) -> sympy.Dummy:
    """A positive symbol standing for the factor called ``name`` in a sign argument — one per name and process."""
    return sympy.Dummy(name, positive=True)


def baseline_ratio_run(acc: sympy.Expr, n_: sympy.Symbol, n2_: sympy.Symbol, conditions: Sequence[sympy.Rel],
                       named: tuple[sympy.Expr, sympy.Symbol, sympy.Expr] | None = None) -> sympy.Expr:
    """What a Table 1 convex baseline claim's quantity (``claims.d2d.baseline_convex.baseline_ratio``: ⌈T(n₂)⌉/⌈T(n)⌉
    with T = ``T_RETRAIN`` = MD²/(2α) of Theorem 2.14, α the row's explicit accuracy ``acc`` at n and at n₂, each count
    ``ceil_exact``'s max(0, ⌈T⌉)) computes, on sympy symbols. max(0, ⌈T⌉) = ⌈T⌉ once T > 0: α > 0 is proved here by
    the engine's sign argument under the claim's hypotheses ``conditions`` (at every n > 0, hence at n₂ too; a sum
    term by term first — each term positive makes the sum positive — then whole), else the run raises — a maximum is never dropped on a guess. ``named = (α', G, value)``: α is α' at G = value (checked
    here), proved positive as α' > 0 for every G > 0 and value > 0 (a factor like γ^𝓘/(1 − γ^𝓘) the sign argument
    bounds on its own)."""
    from certunlearn.claims.d2d.baseline_convex import T_RETRAIN
    from certunlearn.derive.prover import prove_relation
    from certunlearn.derive.signs import zero_proof

    (alpha,) = [s for s in T_RETRAIN.free_symbols if s.name == "alpha"]
    t = T_RETRAIN.subs(alpha, acc)
    conds = list(conditions)

    def proved_positive(e: sympy.Expr) -> bool:
        # a sum is positive when each of its terms is (each term's sign argument is small: the whole sum's costs the
        # sign prover's factorisations ~10 CPU-s); else the sum as a whole
        terms = sympy.Add.make_args(e)
        if len(terms) > 1 and all(prove_relation(sympy.S.Zero, "<", x, conds) is not None for x in terms):
            return True
        return prove_relation(sympy.S.Zero, "<", e, conds) is not None

    if named is None:
        positive = proved_positive(acc)
    else:
        expr, sym, value = named
        pos = positive_standin(sym.name)  # the same symbol at every call: a repeated run is the same question
        positive = (zero_proof(expr.xreplace({sym: value}), acc) is not None
                    and proved_positive(expr.xreplace({sym: pos}))
                    and proved_positive(value))
    if not positive:
        raise ValueError(f"α = {acc} > 0 is not proved: max(0, ⌈T⌉) cannot be written ⌈T⌉")
    return sympy.ceiling(t.subs(n_, n2_)) / sympy.ceiling(t)


__all__ += ["baseline_ratio_run"]
