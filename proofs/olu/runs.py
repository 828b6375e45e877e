"""What the olu claims' quantities compute at symbolic input (issue 25, item 3): the reference algorithms
(``certunlearn.algorithms.olu``) run on sympy symbols, or the closed form a quantity evaluates, written once here and
compared with the claim's own quantity at exact instances by ``tests/derive/test_olu_starts.py``. The derivations of
``proofs/olu`` check the start of their final chain against these (``SymbolicStart``).

Paper file ``papers/000_8245766a2c9b0ba6.txt``.
"""
from __future__ import annotations

import sympy
from sympy import Abs, sqrt

from certunlearn.formulas.olu import R0, T, a_shift, beta, mu, s2
from certunlearn.formulas.symbols import alpha

from .common import b, theta


def gd_contraction_at(eta_: sympy.Expr, lam_: sympy.Expr) -> sympy.Expr:
    """What the Lemma D claims' quantity (``_gd_contraction``: max_k |1 − ηλ_k|, the exact Lipschitz constant of a GD
    step on a quadratic with Hessian diag(λ)) computes at a symbolic η and one symbolic eigenvalue λ."""
    return Abs(1 - eta_ * lam_)


#: the symbolic stream the baselines run on: T = 5 rounds, d = 1, deletions at τ = (2, 4) of u = (1, 3)
_RUN_T, _RUN_TAU, _RUN_U = 5, (2, 4), (1, 3)


def baseline_run(which: str) -> sympy.Expr:
    """What ``olu.table2:restart``/``:retrain``'s quantity (``claims.olu.baselines.baseline_divergence``) computes, at
    symbolic input: the baseline (``algorithms.olu.restart_laws`` / ``retrain_laws``; ``"ogd"``: plain OGD, the
    negative control's run) on T = 5 symbolic losses — linear f_t = ⟨x_t, w⟩ and quadratic f_t = λ(w − x_t)²/2, d = 1,
    z_1 symbolic, steps 1/(μs) as the quantity takes them — deleting f_1 at τ = 2 and f_3 at τ = 4, against its
    reference process (f_{u[1:i]} replaced by ⊥) on every [τ[i], τ[i+1]): D_α of two point masses, 0 when their
    means agree symbolically at every such t, else +∞."""
    from certunlearn.algorithms import olu as algo

    xs = sympy.symbols(f"x_1:{_RUN_T + 1}", real=True)
    z1, lam_ = sympy.Symbol("z_1", real=True), sympy.Symbol("lambda", positive=True)
    etas = [1 / (mu * t) for t in range(1, _RUN_T + 1)]
    bounds = (*_RUN_TAU, _RUN_T + 1)
    for family, hess in ((algo.LINEAR, ()), (algo.QUADRATIC, (lam_,))):
        stream = algo.Stream(family, tuple((x_,) for x_ in xs), hess)
        if which == "ogd":
            def run(ref: int) -> list:
                return algo.run_laws(stream, (z1,), etas, set(_RUN_U[:ref]), {})
        else:
            baseline = algo.restart_laws if which == "restart" else algo.retrain_laws

            def run(ref: int) -> list:
                return baseline(stream, (z1,), etas, _RUN_TAU, _RUN_U, reference=ref)
        olu_laws = run(0)
        for i, t0 in enumerate(_RUN_TAU, start=1):
            ref_laws = run(i)
            for t in range(t0, bounds[i]):
                p_, q_ = olu_laws[t], ref_laws[t]
                if any(v != 0 for v in p_.var + q_.var) or any(sympy.simplify(m0 - m1) != 0
                                                                for m0, m1 in zip(p_.mean, q_.mean)):
                    return sympy.oo
    return sympy.S.Zero


#: Lemma C's symbolic instance: μ = N(0, v), ν = N(θa, v) (1-D, θ ∈ (0, 1]), e = 0, ζ = N(0, σ²)
v_c = sympy.Symbol("v", nonnegative=True)


def renyi_equal_variances(alpha_: sympy.Expr, shift2: sympy.Expr, var: sympy.Expr) -> sympy.Expr:
    """D_α between two 1-D Gaussians of one variance ``var`` at squared mean distance ``shift2``, as
    ``claims.olu.quantities.renyi_diag_exact`` computes it: (α/2)Δ²/v_α with v_α = αv + (1 − α)v = v, and its log term
    log(v_α/(v^{1−α}v^α)) = log 1 = 0."""
    v_alpha = sympy.expand(alpha_ * var + (1 - alpha_) * var)
    return alpha_ / 2 * shift2 / v_alpha


def lemc_run() -> sympy.Expr:
    """What olu.lemC's quantity (``lemc_quantity``) computes at the symbolic instance μ = N(0, v), ν = N(θa, v), e = 0:
    D_α(μ*ζ ‖ ν*ζ) (both of variance v + σ²) minus D_α^{(a)}(μ ‖ ν) = 0 (``shifted_renyi``: equal covariances and the
    shift a reaches the other mean, θa ≤ a)."""
    smoothed = renyi_equal_variances(alpha, (theta * a_shift) ** 2, v_c + s2)  # D_α(μ*ζ ‖ ν*ζ)
    shifted = sympy.S.Zero  # D_α^{(a)}(μ ‖ ν)
    return smoothed - shifted


#: Lemma B's symbolic instance: P = N(m₀, v), Q = N(m₁, v) (1-D), h(x) = a·x + c + N(0, w), a > 0, Δ := m₀ − m₁
v_b, w_b, a_b = sympy.Symbol("v", positive=True), sympy.Symbol("w", nonnegative=True), sympy.Symbol("a_h", positive=True)
D_b = sympy.Symbol("Delta", real=True)


def lemb_run() -> sympy.Expr:
    """What olu.lemB's quantity (``lemb_quantity``) computes at the symbolic instance: D_α(h(P) ‖ h(Q)) − D_α(P ‖ Q) with
    h(P) = N(am₀ + c, a²v + w), h(Q) = N(am₁ + c, a²v + w) (``Law.push`` then ``noise``), each divergence by
    ``renyi_diag_exact``'s equal-variance form (α/2)Δ²/v_α."""
    return (renyi_equal_variances(alpha, (a_b * D_b) ** 2, a_b**2 * v_b + w_b)
            - renyi_equal_variances(alpha, D_b**2, v_b))


#: Lemma 8's symbolic instance: one coordinate of a quadratic f(w) = λ(w − c)²/2 + f₀ at the point x, r := x − c
lam8, r8 = sympy.Symbol("lambda", nonnegative=True), sympy.Symbol("r", real=True)


def quadratic_gradient_parts(lam_: sympy.Expr, r_: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    """What olu.lem8's quantity (``claims.olu.quantities.lem8_parts``, family 0: f(x) = ½Σλ_k(x_k − c_k)² + f₀) computes
    at one symbolic coordinate: (‖∇f(x)‖², f(x) − inf f) = (λ²r², λr²/2), r = x − c."""
    return (lam_ * r_) ** 2, lam_ * r_**2 / 2


def lem8_run() -> sympy.Expr:
    """olu.lem8's quantity at the symbolic instance (λ, r): ‖∇f(x)‖² = λ²r²."""
    return quadratic_gradient_parts(lam8, r8)[0]


#: Lemma E's symbolic instance: the average of two quadratics with one Hessian λ = μ + θ(β − μ) (one coordinate),
#: rows x₁, x₂ (the start w₀ enters through R₀ = ‖w₀ − w*‖², the claim's hypothesis); r_E := |1 − 2θ|
xE1, xE2 = sympy.symbols("x_1 x_2", real=True)
rE = sympy.Symbol("r_E", nonnegative=True)


def leme_run() -> sympy.Expr:
    """What olu.lemE's quantity (``leme_quantity``) computes at the symbolic instance, with β = μ + b: the algorithm's GD
    map (``Stream.gd_map`` with η = 2/(μ + β)) is w ↦ aw + c with fixed point the exact minimiser w* (``Stream.minimiser``,
    checked here); T steps give w_T − w* = a^T(w₀ − w*), so ‖w_T − w*‖ = |a|^T·√R₀ with R₀ = (w₀ − w*)²."""
    from certunlearn.algorithms import olu as algo

    s_ = algo.Stream(algo.QUADRATIC, ((xE1,), (xE2,)), (mu + theta * b,))
    f = s_.gd_map([1, 2], 2 / (mu + beta))
    (wstar,) = s_.minimiser([1, 2])
    if sympy.simplify(f.a[0] * wstar + f.c[0] - wstar) != 0:
        raise ValueError("the minimiser is not the GD map's fixed point")
    return (Abs(f.a[0]) ** T * sqrt(R0)).subs(beta, mu + b)


#: Algorithm 1's symbolic run: T = 3 rounds, d = 1, one deletion u = 1 at τ = 2, a constant step η, z_1 symbolic
_A1_T, _A1_TAU, _A1_U = 3, (2,), (1,)
z_a1, x_a2, x_a3 = sympy.symbols("z_1 x_2 x_3", real=True)


def alg1_first_release(gamma_expr: sympy.Expr | None, quadratic: bool, lam_: sympy.Expr | None = None,
                       printed_fix: bool = False) -> sympy.Expr:
    """What the Theorem 1 / Corollary 1 claims' quantity (``unlearning_quantity``: D_α(OLU ‖ reference_i) at τ[i]) computes
    at symbolic input, for one deletion: ``algorithms.olu.passive_laws`` (Algorithm 1 and its reference, f_1 replaced by
    ⊥) on T = 3 symbolic losses, d = 1, u = 1 deleted at τ = 2, step η (``const_etas``), σ₁² = ``SIGMA2_ALG1`` at i = 1,
    τ − u = 1, Δ_u = ηL (``noise_variances``) and the claim's γ (``gamma_expr``; None: the step's true contraction
    1 − ηλ); f_1's gradient at z_1 has norm L (C3 at equality: linear x_1 = L, or quadratic x_1 = z_1 + L/λ). The two
    laws at τ share their variance, so D_α is (α/2)Δ²/v (``renyi_equal_variances``).

    ``printed_fix``: ``olu.alg1:printed-step+fix``'s quantity (``printed_quantity(True)``) instead — line 3's indexing
    (``algorithms.olu.printed.printed_laws``, f_1 first used at t = 2, the deleted f dropped after τ), τ = 3 and σ₁² with
    the exponent τ − u − 1 = 1."""
    from certunlearn.algorithms import olu as algo
    from certunlearn.algorithms.olu import printed
    from certunlearn.formulas.olu import L, SIGMA2_ALG1, eta, gamma, gap, i_
    from certunlearn.formulas.symbols import Delta

    if quadratic:
        stream = algo.Stream(algo.QUADRATIC, ((z_a1 + L / lam_,), (x_a2,), (x_a3,)), (lam_,))
        gamma_expr = 1 - eta * lam_ if gamma_expr is None else gamma_expr
    else:
        stream = algo.Stream(algo.LINEAR, ((L,), (x_a2,), (x_a3,)))
    tau = (3,) if printed_fix else _A1_TAU
    exponent = tau[0] - _A1_U[0] - (1 if printed_fix else 0)
    var = SIGMA2_ALG1.subs({i_: 1, gap: exponent}).subs({gamma: gamma_expr, Delta: eta * L})
    etas = [eta] * _A1_T

    def laws(reference: int) -> list:
        if printed_fix:
            return printed.printed_laws(stream, (z_a1,), etas, tau, _A1_U, [var], reference=reference, drop_deleted=True)
        return algo.passive_laws(stream, (z_a1,), etas, tau, _A1_U, [var], reference=reference)

    olu_law, ref_law = laws(0)[tau[0]], laws(1)[tau[0]]
    if sympy.simplify(olu_law.var[0] - ref_law.var[0]) != 0:
        raise ValueError("the two laws at τ differ in variance")
    return renyi_equal_variances(alpha, (olu_law.mean[0] - ref_law.mean[0]) ** 2, olu_law.var[0])


#: Lemma 3's symbolic instance: T = 2 steps from the point z₀, ψ_t(x) = γx + c_t and ψ'_t(x) = γx + c_t − s_t (shift
#: s_t ≥ 0), noise N(0, σ_t²); a₁ = θs₁ (θ ∈ [0, 1]) and a₂ = γ(s₁ − a₁) + s₂, so e₁ = s₁ − a₁ ≥ 0 and e₂ = 0
g3, s3a, s3b, v3a, v3b = sympy.symbols("gamma s_1 s_2 sigma_1^2 sigma_2^2", positive=True)
z3, c3a, c3b = sympy.symbols("z_0 c_1 c_2", real=True)
#: the instance's first shift a₁ = θ_a·s₁, θ_a ≤ 1 (e₁ = s₁ − a₁ ≥ 0, Lemma 3's hypothesis e_t ≥ 0)
theta_a = sympy.Symbol("theta_a", positive=True)
A3_1 = theta_a * s3a
A3_2 = g3 * (s3a - A3_1) + s3b


def lem3_run() -> sympy.Expr:
    """What olu.lem3's quantity (``lem3_quantity``) computes at the symbolic instance: the laws X₂, X'₂ of ``cni_laws``
    (``Law.push`` through the affine maps, then ``noise``) and, since e₂ = Σ_t γ^{2−t}(s_t − a_t) = 0 (``e_seq``), the
    plain D_α(X₂ ‖ X'₂) (``shifted_renyi`` at shift 0) — equal variances: (α/2)Δ²/v (``renyi_equal_variances``)."""
    from certunlearn.algorithms import olu as algo

    P = Q = algo.Law((z3,), (0,))
    for c_, s_, v_ in ((c3a, s3a, v3a), (c3b, s3b, v3b)):
        P = P.push(algo.Affine((g3,), (c_,))).noise(v_)
        Q = Q.push(algo.Affine((g3,), (c_ - s_,))).noise(v_)
    e2 = g3 * (s3a - A3_1) + s3b - A3_2
    if sympy.simplify(e2) != 0 or sympy.simplify(P.var[0] - Q.var[0]) != 0:
        raise ValueError("the instance is not the one described")
    return renyi_equal_variances(alpha, (P.mean[0] - Q.mean[0]) ** 2, P.var[0])


def projected_first_release() -> sympy.Expr:
    """What ``olu.alg1:projected``'s quantity (``projected_quantity``: D_α between the releases at τ[1], exact on boxes)
    computes on one instance, with α, ε, ω symbolic: projected OGD (``algorithms.olu.printed.first_release``, exact
    Fractions) with linear losses x = (1, 1/2, −1) on the box K = [−2, 2], z_1 = 0, η = 1/2, L = 1, f_1 deleted at τ = 2
    — the projection inactive, so the means are ηL apart — and σ₁² = ``SIGMA2_ALG1`` at i = 1, γ = 1, Δ = ηL
    (``sigma2_first``); equal variances: (α/2)Δ²/v (``renyi_equal_variances``)."""
    from certunlearn.numeric.fraction import Fraction

    from certunlearn.algorithms.olu import printed
    from certunlearn.formulas.olu import SIGMA2_ALG1, gamma, gap, i_
    from certunlearn.formulas.symbols import Delta

    eta_, L_ = Fraction(1, 2), Fraction(1)
    losses = printed.Losses(printed.LINEAR, ((Fraction(1),), (Fraction(1, 2),), (Fraction(-1),)))
    K = printed.Box((Fraction(-2),), (Fraction(2),))
    etas = [eta_] * 3
    m = printed.first_release(losses, K, [Fraction(0)], etas, [2], [1])
    m2 = printed.first_release(losses, K, [Fraction(0)], etas, [2], [1], reference=True)
    var = SIGMA2_ALG1.subs({i_: 1, gamma: 1, gap: 0, Delta: sympy.Rational(eta_ * L_)})
    return renyi_equal_variances(alpha, sympy.Rational(m[0] - m2[0]) ** 2, var)


#: Lemmas 5 and 6's symbolic instance: T = 2 quadratics λ(w − x_t)²/2 with one curvature λ, d = 1, the first removed
x_s1, x_s2 = sympy.symbols("x_1 x_2", real=True)
lam_s = sympy.Symbol("lambda", positive=True)


def stability_run() -> sympy.Expr:
    """What olu.lem5's and olu.lem6's quantity (``_stability_quantity``: ‖w* − w_c*‖ between the exact minimisers,
    ``Stream.minimiser``) computes at the symbolic instance: T = 2, c = 1 (f_1 removed): |x₁ − x₂|/2."""
    from certunlearn.algorithms import olu as algo

    s_ = algo.Stream(algo.QUADRATIC, ((x_s1,), (x_s2,)), (lam_s,))
    (full,), (part,) = s_.minimiser([1, 2]), s_.minimiser([2])
    return sqrt((full - part) ** 2)


#: Table 2 (Active, Computation): l₁ = log_{1/γ}(μDτ[i]/L) ≥ 0 and l₂ = log_{1/γ} k ≥ 0
l_c1, l_c2 = sympy.symbols("l_1 l_2", nonnegative=True)


def computation_run() -> sympy.Expr:
    """What ``olu.table2:computation-active``'s quantity (``computation_ratio``) computes at one deletion, in closed form:
    ``fewest_steps``' I_{1,i} = min{n : γⁿμDτ[i] ≤ L} = ⌈l₁⌉ and I₂ = min{n : γ^{5n}k^{11} ≤ 1} = ⌈2.2 l₂⌉ (the
    least n with n ≥ the logarithm), over 2.2·log_{1/γ}(kμDτ[i]/L) + 2 = 2.2(l₁ + l₂) + 2 (``COMP_ACTIVE``)."""
    w = sympy.Rational(11, 5)
    return (sympy.ceiling(l_c1) + sympy.ceiling(w * l_c2)) / (w * (l_c1 + l_c2) + 2)


#: Lemma 7's symbolic instance: f = 1/√x, a₀ ≥ 0 and one term a₁ > 0
a7_0, a7_1 = sympy.Symbol("a_0", nonnegative=True), sympy.Symbol("a_1", positive=True)


def lem7_run() -> sympy.Expr:
    """What olu.lem7's quantity (``lem7_quantity``: ``lem7_sides``' f = 1/√x branch) computes at the symbolic instance:
    Σ_t a_t/√A_t over ∫_{a₀}^{A_T} x^{−1/2}dx = 2(√A_T − √a₀), with T = 1, A₁ = a₀ + a₁."""
    total = a7_0 + a7_1
    return (a7_1 / sqrt(total)) / (2 * (sqrt(total) - sqrt(a7_0)))


#: Proposition 1 / Lemma 2's symbolic instance: k = 2, the Gaussian chain N(i·m, s²), i = 0, 1, 2 (equal steps m)
m_g, s2_g = sympy.Symbol("m", positive=True), sympy.Symbol("s^2", positive=True)
K_GROUP = 2


def group_run(pairs: str) -> sympy.Expr:
    """What olu.prop1's quantity (``prop1_quantity``: max over i of D_{α/k}(P_i ‖ P_0); ``pairs = "from-zero"``) or
    olu.lem2's (``group_quantity``: max over ordered pairs i ≠ j; ``pairs = "all"``) computes at the symbolic instance:
    ``chain_renyi`` of the Gaussian chain (equal variances: (α/2)Δ²/v, ``renyi_equal_variances``) at order α/k."""
    idx = range(K_GROUP + 1)
    which = [(i, 0) for i in idx if i] if pairs == "from-zero" else [(i, j_) for i in idx for j_ in idx if i != j_]
    return sympy.Max(*(renyi_equal_variances(alpha / K_GROUP, ((i - j_) * m_g) ** 2, s2_g) for i, j_ in which))


#: Lemma 4's symbolic instance (1-D, e = 0): X = N(m₀, v), X' = N(m₁, v); ψ(x) = 0·x + c, ψ'(x) = 0·x + c + θs
#: (a = 0 ≤ γ: constant maps, ‖ψ − ψ'‖ = θs ≤ s, θ ∈ [0, 1])
m4a, m4b, c4 = sympy.symbols("m_0 m_1 c", real=True)
v4, s4 = sympy.Symbol("v", positive=True), sympy.Symbol("s", positive=True)


def lem4_run(as_used: bool) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """What olu.lem4's (``as_used``: olu.lem4:as-used's) quantity (``lem4_quantity``) computes at the symbolic instance:
    D_L − D_R, with D_L = D_α^{(γe+s)}(ψ(X) ‖ ψ'(X')) (printed: ψ'(X)) — ``Law.push`` through the constant maps gives
    the point masses at c and c + θs, of equal (zero) variance and mean distance θs ≤ s = γe + s, so ``shifted_renyi``
    returns 0 — and D_R = D_α^{(0)}(X ‖ X') = ``renyi_diag_exact``'s equal-variance form (α/2)(m₀ − m₁)²/v. Returns
    (the quantity, D_L, D_R)."""
    from certunlearn.algorithms import olu as algo

    X, X2 = algo.Law((m4a,), (v4,)), algo.Law((m4b,), (v4,))
    left = X.push(algo.Affine((0,), (c4,)))
    right = (X2 if as_used else X).push(algo.Affine((0,), (c4 + theta * s4,)))
    if sympy.simplify(left.var[0] - right.var[0]) != 0 or sympy.simplify((right.mean[0] - left.mean[0]) - theta * s4) != 0:
        raise ValueError("the instance is not the one described")
    d_left = sympy.S.Zero  # equal covariances and shift s ≥ θs = the mean distance (θ ≤ 1)
    d_right = renyi_equal_variances(alpha, (m4a - m4b) ** 2, v4)
    return d_left - d_right, d_left, d_right


#: Table 2's discard-and-restart regret (strongly convex) on a symbolic stream: T = 2 quadratics μ(w − x_t)²/2 (d = 1,
#: curvature μ), no deletion (k = 0); the data written by the gradients the path meets, x₁ = z₁ + ρ₁L/μ,
#: x₂ = x₁ + ρ₂L/μ (|ρ| ≤ 1 is the claim's hypothesis ‖∇f_t(w_{t−1})‖ ≤ L along the process: w₁ = x₁)
z_r, rho_r1, rho_r2 = sympy.symbols("z_1 rho_1 rho_2", real=True)


def restart_regret_run() -> sympy.Expr:
    """What ``olu.table2:restart-regret-sc``'s quantity (``restart_regret(True)``: Σ_t f_t(w_{t−1}) − f_t(z*_{i(t)}),
    eq. (5)) computes on the symbolic stream above: ``algorithms.olu.restart_laws`` with η_s = 1/(μs) and the exact
    comparator (``comparators``), run on sympy symbols."""
    from certunlearn.algorithms import olu as algo
    from certunlearn.formulas.olu import L

    x1 = z_r + rho_r1 * L / mu
    x2 = x1 + rho_r2 * L / mu
    stream = algo.Stream(algo.QUADRATIC, ((x1,), (x2,)), (mu,))
    laws = algo.restart_laws(stream, (z_r,), [1 / mu, 1 / (2 * mu)], (), ())
    (zstar,) = algo.comparators(stream, (), ())
    return sympy.factor(sum(stream.value(t, laws[t - 1].mean) - stream.value(t, zstar) for t in (1, 2)))


#: the convex row's symbolic stream: T = 2 quadratics λ(w − x_t)²/2 (d = 1, curvature λ ≥ 0 free), z₁, x₁, x₂ free, k = 0
lam_r, x_r1, x_r2 = sympy.Symbol("lambda", positive=True), sympy.Symbol("x_1", real=True), sympy.Symbol("x_2", real=True)


def restart_regret_c_parts() -> tuple[sympy.Expr, tuple, tuple]:
    """``olu.table2:restart-regret-c``'s quantity (``restart_regret(False)``) on the convex row's symbolic stream:
    ``algorithms.olu.restart_laws`` with η_s = D/(L√s) and the exact comparator z*, run on sympy symbols — the regret,
    and per round t the gradient ∇f_t(w_{t−1}) and the distance w_{t−1} − z*."""
    from certunlearn.algorithms import olu as algo
    from certunlearn.formulas.olu import D, L

    stream = algo.Stream(algo.QUADRATIC, ((x_r1,), (x_r2,)), (lam_r,))
    laws = algo.restart_laws(stream, (z_r,), [D / L, D / (L * sqrt(2))], (), ())
    (zstar,) = algo.comparators(stream, (), ())
    ws = [laws[t - 1].mean[0] for t in (1, 2)]
    regret = sum(stream.value(t, laws[t - 1].mean) - stream.value(t, zstar) for t in (1, 2))
    return regret, tuple(lam_r * (w - x) for w, x in zip(ws, (x_r1, x_r2))), tuple(w - zstar[0] for w in ws)


def restart_regret_c_run() -> sympy.Expr:
    return restart_regret_c_parts()[0]


#: Theorem 4's symbolic stream: T = 2 linear losses f_t(w) = x_t·w (d = 1), x₁ ≠ 0 (p(1) > 0), one deletion u = 1 at
#: τ = 1 (k = 1, so round 2 plays against the comparator of interval 1), z₁ symbolic; the comparators z*₀, z*₁ as symbols
x_41, x_42 = sympy.Symbol("x_1", real=True, nonzero=True), sympy.Symbol("x_2", real=True)
z_41, c_40, c_41 = sympy.symbols("z_1 c_0 c_1", real=True)
v_41 = sympy.Symbol("sigma_1^2", nonnegative=True)
_T4_TAU, _T4_U = (1,), (1,)


def thm4_parts() -> tuple[sympy.Expr, tuple]:
    """What olu.thm4's and olu.thm4+fix's quantity (``claims.olu.adaptive.thm4_quantity``: Σ_t f_t(E w_{t−1}) −
    f_t(z*_{i(t)}), eq. (5), exact for linear losses) computes on the symbolic stream above: ``algorithms.olu
    .passive_laws`` (Algorithm 1) with the adaptive steps η_t = D/√p(t), p(t) = Σ_{s≤t} x_s² (``arb_etas(·,
    'adaptive')``, ``grad_norms2``), any noise variance σ₁² (it moves no mean), run on sympy symbols; the comparators
    z*_0, z*_1 stay symbols c₀, c₁ (``box_comparators`` picks a vertex of K by the sign of a sum of gradients, which
    has no run on symbols: ``tests/derive/test_olu_thm4_start.py`` substitutes the instance's). Returns the regret and,
    per round t, w_{t−1} − z*_{i(t)}."""
    from certunlearn.algorithms import olu as algo
    from certunlearn.formulas.olu import D

    stream = algo.Stream(algo.LINEAR, ((x_41,), (x_42,)))
    etas = [D / sqrt(x_41**2), D / sqrt(x_41**2 + x_42**2)]
    laws = algo.passive_laws(stream, (z_41,), etas, _T4_TAU, _T4_U, [v_41])
    zs = ((c_40,), (c_41,))
    played = [(t, laws[t - 1].mean, zs[algo.interval_of(t, _T4_TAU)]) for t in (1, 2)]
    regret = sum(stream.value(t, w) - stream.value(t, z) for t, w, z in played)
    return regret, tuple(w[0] - z[0] for _, w, z in played)


def thm4_run() -> sympy.Expr:
    return thm4_parts()[0]
