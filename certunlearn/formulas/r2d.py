"""Rewind-to-Delete (Mu & Klabjan): the paper's symbols and printed expressions, as sympy.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt`` (line numbers below refer to it). Claims:
:mod:`certunlearn.claims.r2d`; derivations: ``proofs/r2d/``; algorithms: :mod:`certunlearn.algorithms.r2d`
(``noise_scale`` evaluates ``PRESCRIBED["r2d.thm3.1"]["sigma"]``, i.e. ``SIGMA_31``).

Symbols: ``n`` = |D|, ``m`` = |Z|, ``eta`` = η, ``L`` = the smoothness of every f_z, ``G`` = the gradient bound
‖∇f_z‖ < G, ``T`` learning steps, ``K`` rewound steps, ``t`` an iteration index; ε, δ, σ, Δ are the shared
:mod:`certunlearn.formulas.symbols`.
"""
from __future__ import annotations

import sympy
from sympy import Rational, log, sqrt

from .gaussian import gaussian_delta
from .symbols import Delta, delta, epsilon, sigma

# =========================================================================== symbols (Section 2, lines 40–80)
n = sympy.Symbol("n", positive=True)  # size of the training set D
m = sympy.Symbol("m", positive=True)  # number of deleted points |Z|
eta = sympy.Symbol("eta", positive=True)  # step size η
L = sympy.Symbol("L", positive=True)  # smoothness of every f_z
G = sympy.Symbol("G", positive=True)  # uniform gradient bound ‖∇f_z‖ < G
T = sympy.Symbol("T", positive=True)  # learning iterations
K = sympy.Symbol("K", nonnegative=True)  # rewound (unlearning) iterations
t = sympy.Symbol("t", positive=True)  # an iteration index (Lemma B.2)

# =========================================================================== Theorem 3.1, Corollary 3.2, Lemmas B.2–B.3, Theorem B.1
#: ηLn/(n−m), the learning-phase expansion rate (Theorem 3.1, lines 137–141)
Q = eta * L * n / (n - m)
#: h(K) = ((1 + ηLn/(n−m))^{T−K} − 1)(1 + ηL)^K (Theorem 3.1, lines 137–141)
H_K = ((1 + Q) ** (T - K) - 1) * (1 + eta * L) ** K
C_DR = sqrt(2 * log(Rational(5, 4) / delta))  # √(2 log(1.25/δ)) (Theorem B.1, line 348)
#: The mean-shift bound ‖θ'_T − θ''_K‖ ≤ 2mG·h(K)/(Ln) (line 437, Lemmas B.2–B.3)
SENSITIVITY_31 = 2 * m * G * H_K / (L * n)
#: Theorem 3.1, eq. (3) (line 85): σ = 2mG·h(K)√(2log(1.25/δ))/(Lnε)
SIGMA_31 = SENSITIVITY_31 * C_DR / epsilon
#: The argument of Corollary 3.2's logarithm (eq. (5), line 101): ≤ 0 when σ exceeds σ(K = 0) (no rewind needed)
K_BOUND_ARG_32 = (1 + Q) ** T - sigma * L * n * epsilon / (2 * m * G * C_DR)
#: Lemma B.2 (lines 372–376): ‖θ_t − θ'_t‖ ≤ 2Gm/(Ln)[(1 + ηLn/(n−m))^t − 1]
BOUND_B2 = 2 * G * m / (L * n) * ((1 + Q) ** t - 1)
#: Lemma B.3 (line 421): ‖θ'_T − θ''_K‖ ≤ ‖θ_{T−K} − θ'_{T−K}‖(1 + ηL)^K  (as the ratio)
BOUND_B3 = (1 + eta * L) ** K
#: Corollary 3.2, eq. (5) (line 101)
K_BOUND_32 = log(K_BOUND_ARG_32) / log(1 + Q)
#: Theorem B.1 (line 348): σ = Δ√(2log(1.25/δ))/ε
SIGMA_B1 = Delta * C_DR / epsilon

# =========================================================================== Remark 3.3 (lines 161–163): sequential deletions
k_seq = sympy.Symbol("k", positive=True)  # the second batch of deletion requests, after the first m
#: Remark 3.3: the unlearning algorithm called again on D' of size n − m − k, from the same checkpoint: Theorem 3.1's
#: σ with the total number of deleted points m + k
SIGMA_REM33 = SIGMA_31.subs(m, m + k_seq)

# =========================================================================== the experiments' certificates (Section 4.2, lines 220–230; App. D.1, lines 608–618)
eta0 = sympy.Symbol("eta0", positive=True)  # first step size of a decaying schedule
gamma = sympy.Symbol("gamma", positive=True)  # decay factor per step, η_t = η_0 γ^t
G_hat = sympy.Symbol("G_hat", positive=True)  # the estimated gradient bound of Appendix D.1
#: Ĝ² = max_{t<T} ‖∇f_D(θ_t)‖² (exact on rational iterates): the instance entry from which Ĝ is enclosed in d ≥ 2
G_hat_sq = sympy.Symbol("G_hat_sq", positive=True)
#: Appendix D.1 (line 612): Ĝ = max_t ‖∇f_D(θ_t)‖ = √(max_t ‖∇f_D(θ_t)‖²) (√ is increasing)
G_HAT = sqrt(G_hat_sq)
lam = sympy.Symbol("lam", positive=True)  # curvature λ of the concave-quadratic family; Table 3's regularisation λ
ETA_FINAL = eta0 * gamma ** (T - 1)  # the last step size η_{T−1} ("taking the final step size as η", line 226)
#: Section 4.2 (line 226): σ of eq. (3) at the final step size of a decaying schedule
SIGMA_DECAY = SIGMA_31.subs(eta, ETA_FINAL)
#: sec4.2-decaying-step+fix: the step sizes actually used. Σ_{s<T−K} η_s and Σ_{T−K≤s<T} η_s (γ < 1)
ETA_SUM_LEARN = eta0 * (1 - gamma ** (T - K)) / (1 - gamma)
ETA_SUM_UNLEARN = eta0 * gamma ** (T - K) * (1 - gamma ** K) / (1 - gamma)
#: the shift bound for the schedule: 2mG/(Ln)(Π_{s<T−K}(1 + η_sLn/(n−m)) − 1)Π_{s≥T−K}(1 + η_sL), each product
#: bounded by 1 + x ≤ eˣ
SENSITIVITY_DECAY_FIX = (2 * m * G / (L * n) * (sympy.exp(L * n * ETA_SUM_LEARN / (n - m)) - 1)
                         * sympy.exp(L * ETA_SUM_UNLEARN))
SIGMA_DECAY_FIX = SENSITIVITY_DECAY_FIX * C_DR / epsilon
#: Appendix D.1 (line 612): σ of eq. (3) with the batch-gradient estimate Ĝ
SIGMA_G_HAT = SIGMA_31.subs(G, G_hat)
SIGMA_L_HAT = SIGMA_31.subs(L, 1 / lam)  # L̂ of line 616 on a 1-d quadratic of curvature −λ: ‖Δθ‖/‖Δ∇f‖ = 1/λ
#: L̂ of line 616 as a random variable: σ of eq. (3) at a value L_hat of the estimate
L_hat = sympy.Symbol("L_hat", positive=True)
SIGMA_AT_L_HAT = SIGMA_31.subs(L, L_hat)
#: L̂ on f_D with Hessian diag(a, b) in d = 2 (p = max(|a|, |b|) > q = min): the ratio ‖u‖/‖Au‖ =
#: (a²cos²φ + b²sin²φ)^{−1/2} at the direction φ of u = θ_1 − θ_2, uniform for Gaussian perturbations, and sin²φ has
#: the arcsine law P(sin²φ ≤ x) = (2/π)arcsin√x. So P(ratio ≤ ρ) = (2/π)arcsin√s(ρ) on [1/p, 1/q], with
#: s(ρ) = (p² − ρ⁻²)/(p² − q²); the maximum L̂ of N independent ratios has the CDF of the ratio to the power N.
curv_hi = sympy.Symbol("curv_hi", positive=True)  # p = max(|a|, |b|)
curv_lo = sympy.Symbol("curv_lo", positive=True)  # q = min(|a|, |b|)
rho = sympy.Symbol("rho", positive=True)  # a value of the ratio ‖Δθ‖/‖Δ∇f‖
lhat_s = sympy.Symbol("lhat_s", nonnegative=True)  # s(ρ) ∈ [0, 1]
lhat_y = sympy.Symbol("lhat_y", nonnegative=True)  # a probability level in [0, 1]
LHAT_SIN2 = (curv_hi**2 - rho**-2) / (curv_hi**2 - curv_lo**2)
LHAT_CDF_OF_S = 2 / sympy.pi * sympy.asin(sqrt(lhat_s))
#: the CDF of one ratio, and its inverse (the ratio at probability level y)
LHAT_RATIO_CDF = LHAT_CDF_OF_S.subs(lhat_s, LHAT_SIN2)
LHAT_RATIO_QUANTILE = 1 / sqrt(curv_hi**2 - (curv_hi**2 - curv_lo**2) * sympy.sin(sympy.pi * lhat_y / 2) ** 2)
#: d = 3, Hessian diag(a_1, a_2, a_3) with squares s_1 > s_2 > s_3: u = (√(1 − t²)cos φ, √(1 − t²)sin φ, t) with t
#: uniform on [0, 1] (Archimedes) and φ on [0, π/2]; the ratio is ≤ ρ iff t² ≤ (k(φ) − r)/(k(φ) − s_3), r = ρ⁻²,
#: k(φ) = s_1cos²φ + s_2sin²φ, so P(ratio ≤ ρ) = (2/π)∫_0^{φ_end} √LHAT3_RATIO dφ, the integrand positive up to
#: φ_end = π/2 when r ≤ s_2, else up to LHAT3_END (where k = r)
sq1, sq2, sq3 = sympy.symbols("sq1 sq2 sq3", positive=True)
phi = sympy.Symbol("phi", real=True)
_K3 = sq1 * sympy.cos(phi) ** 2 + sq2 * sympy.sin(phi) ** 2
LHAT3_RATIO = (_K3 - rho**-2) / (_K3 - sq3)
LHAT3_END = sympy.acos(sqrt((rho**-2 - sq2) / (sq1 - sq2)))

# =========================================================================== Theorem 3.1's utility, eq. (4); Corollaries 3.5, 3.6; Lemma B.4
d = sympy.Symbol("d", positive=True)  # dimension
fgap = sympy.Symbol("fgap", real=True)  # f_{D'}(θ_0) − f_{D'}(θ''_K)
mu = sympy.Symbol("mu", positive=True)  # PL constant of f_{D'}
f0gap = sympy.Symbol("f0gap", nonnegative=True)  # f_{D'}(θ_0) − f*_{D'}
risk_gap = sympy.Symbol("risk_gap", nonnegative=True)  # E[f_{D'}(θ) − f*_{D'}] (Lemma B.4)

#: Theorem 3.1, utility: the explicit inequality behind eq. (4) (lines 503–504)
UTIL_31 = (2 * n * fgap / (T * eta * (n - m))
           + (T - K - 1) / T * (2 * G**2 * m / (n - m) + 2 * L * eta * G * m / (n - m)))
#: corrected: (T − K) learning terms, G² in the smoothness term, and E‖∇f(θ̃'')‖² ≤ (G + L√dσ)²
UTIL_31_FIX = (2 * n * fgap / (eta * (n - m)) + (T - K) * (2 * G**2 * m + 2 * L * eta * G**2 * m) / (n - m)
               + (G + L * sqrt(d) * sigma) ** 2) / T
#: Corollary 3.5 (line 179)
_DECAY_T = (1 - eta * mu * (n - m) / n) ** (T - K) * (1 - eta * mu) ** K * f0gap
COR35 = L * sqrt(d) * sigma + (1 - eta * mu) ** K * (G**2 * m + L * eta * G * m) / (mu * (n - m)) + _DECAY_T
COR35_FIX = L * d * sigma**2 / 2 + (1 - eta * mu) ** K * (G**2 * m + L * eta * G**2 * m) / (mu * (n - m)) + _DECAY_T
#: Lemma B.4 (line 553) and Corollary 3.6 (line 195)
LEMB4 = 2 * G**2 / ((n - m) * mu) + L / (2 * mu) * risk_gap
#: +fix: the optimisation error enters once more through E[F − F*] = E[F − f_{D'}] + E[f_{D'} − f*] + (E f* − F*)
LEMB4_FIX = 2 * G**2 / ((n - m) * mu) + (1 + L / (2 * mu)) * risk_gap
COR36_FIX = 2 * G**2 / ((n - m) * mu) + (1 + L / (2 * mu)) * COR35_FIX
COR36 = (L * sqrt(d) * sigma + 2 * G**2 / ((n - m) * mu) + L / (2 * mu) * _DECAY_T
         + L / (2 * mu) * (1 - eta * mu) ** K * (G**2 * m + L * eta * G * m) / (mu * (n - m)))

# =========================================================================== Lemma B.4, Corollary 3.6 on bounded continuous populations
# Quadratic losses f_z(θ) = ½Σ_k a_k(θ_k − z_k)² (a_k = ``lam`` per coordinate) and D an i.i.d. draw from a bounded
# law with per-coordinate mean ā_k and variance v_k: F(θ) − F* = ½Σ_k a_k(θ_k − ā_k)², and every output below is
# affine in the sample means, so each expectation is a closed form in the first two moments (one coordinate each;
# the claims sum them). ``pop_gap`` is θ_0 − ā (a coordinate), ``pop_var`` v.
pop_gap = sympy.Symbol("pop_gap", real=True)  # θ_0,k − ā_k
pop_var = sympy.Symbol("pop_var", nonnegative=True)  # Var z_k under the population
out_w = sympy.Symbol("out_w", real=True)  # an output θ_k = (1 − w)x̄'_k + q_k, affine in the retained mean
out_bias = sympy.Symbol("out_bias", real=True)  # its bias E θ_k − ā_k = q_k − wā_k
#: 1 − ηa, the contraction of one gradient step on a coordinate of curvature a
RATE_Q = 1 - eta * lam
#: weight of the deleted points' mean x̄_Z in Algorithm 2's output θ''_K = r^Tθ_0 + (1 − r^T − c)x̄' + c·x̄_Z
#: (T − K steps on D, whose mean is ((n − m)x̄' + m·x̄_Z)/n, then K steps on D', lines 96–116)
FORGET_WEIGHT = RATE_Q**K * (1 - RATE_Q ** (T - K)) * m / n
#: E over D ~ Z^n and ξ ~ N(0, σ²) of the coordinate's part of F(θ''_K + ξ) − F* (Corollary 3.6's left side,
#: line 195): x̄' and x̄_Z independent with variances v/(n − m) and v/m
POP_EXCESS_36 = lam / 2 * (RATE_Q ** (2 * T) * pop_gap**2 + (1 - RATE_Q**T - FORGET_WEIGHT) ** 2 * pop_var / (n - m)
                           + FORGET_WEIGHT**2 * pop_var / m + sigma**2)
#: E over D' of the coordinate's part of f_{D'}(θ_0) − f*_{D'} = ½a(θ_0 − x̄')² (the f0gap of Corollary 3.6's reading)
POP_F0GAP_36 = lam / 2 * (pop_gap**2 + pop_var / (n - m))
#: Lemma B.4 (line 553) at the output θ = (1 − w)x̄' + q: the coordinate's part of E[F(θ) − F*] ...
POP_RISK_B4 = lam / 2 * ((1 - out_w) ** 2 * pop_var / (n - m) + out_bias**2)
#: ... and of E[f_{D'}(θ) − f*_{D'}] = ½a·E(q − w·x̄')²
POP_OPT_B4 = lam / 2 * (out_w**2 * pop_var / (n - m) + out_bias**2)

# =========================================================================== Table 3 and Appendix C (lines 575–598)
R_ball = sympy.Symbol("R", positive=True)  # the parameter-norm bound ‖θ‖ ≤ R of Appendix C
#: Appendix C (lines 590–598): σ = 2R√(2log(1.25/δ))/ε (Theorem B.1 at Δ = 2R)
SIGMA_APPC = 2 * R_ball * C_DR / epsilon
#: Appendix C's worst case: the true δ at ε of two outputs at distance 2R (‖θ‖, ‖θ'‖ ≤ R) under N(0, σ²I) noise
#: (Balle & Wang 2018, Thm 8) — the closed form of the appC claims' quantity
DELTA_APPC = gaussian_delta(epsilon, sigma, 2 * R_ball)

#: Table 3, line 580 (Newton step, Guo et al.): σ = 4LG²√(2log(1.5/δ))/(λ²(n−1)ε) — L the Lipschitz constant of
#: ℓ'' (Guo's γ), G the gradient bound (Guo's C), λ the regularisation: the std of the objective perturbation b.
SIGMA_NEWTON = 4 * L * G**2 * sqrt(2 * log(Rational(3, 2) / delta)) / (lam**2 * (n - 1) * epsilon)

#: Table 3's Newton row is read with the logistic loss ℓ(z, y) = log(1 + e^{−yz}), y ∈ {±1} (Guo et al. 2020, §4): its
#: derivatives in z, each written with z in monotone pieces (ℓ'' = s(1 − s) = 1/(4cosh²(z/2)); the third derivative
#: s(1 − s)(1 − 2s) = −tanh(z/2)·ℓ'', kept as its ratio to ℓ'') so that a ball of z evaluates to a tight enclosure
#: (claims.r2d.newton_enclosure)
logit_z = sympy.Symbol("logit_z", real=True)  # the margin z = wx
logit_y = sympy.Symbol("logit_y", real=True)  # the label ±1
LOGISTIC_D1 = -logit_y / (1 + sympy.exp(logit_y * logit_z))
LOGISTIC_D2 = 1 / (4 * sympy.cosh(logit_z / 2) ** 2)
LOGISTIC_D3_OVER_D2 = -sympy.tanh(logit_z / 2)  # the third derivative over the second

# =========================================================================== Table 1 (lines 22–28): the storage column, as a rate in d
d2 = sympy.Symbol("d2", positive=True)  # a larger dimension
#: Table 1, R2D and Descent-to-delete rows: storage O(d) — the state kept between learning and unlearning grows at
#: most like d2/d from dimension d to d2
STORAGE_RATE_LINEAR = d2 / d

# =========================================================================== prescribed parameters, by claim id
PRESCRIBED: dict[str, dict[str, sympy.Expr]] = {
    "r2d.thm3.1": {"sigma": SIGMA_31},
    "r2d.thm3.1:control-sigma-halved": {"sigma": SIGMA_31 / 2},
    "r2d.thmB.1": {"sigma": SIGMA_B1},
    "r2d.thmB.1+fix": {"sigma": SIGMA_B1},
    "r2d.sec4.2-decaying-step": {"sigma": SIGMA_DECAY},
    "r2d.sec4.2-decaying-step+fix": {"sigma": SIGMA_DECAY_FIX},
    "r2d.appD.1-gradient-estimate": {"G_hat": G_HAT, "sigma": SIGMA_G_HAT},
    "r2d.appD.1-lipschitz-estimate": {"sigma": SIGMA_L_HAT},
    "r2d.appD.1-gradient-estimate+fix": {"sigma": SIGMA_31},
    "r2d.appD.1-lipschitz-estimate+fix": {"sigma": SIGMA_31},
    "r2d.thm3.1:utility": {"sigma": SIGMA_31},
    "r2d.thm3.1:utility+fix": {"sigma": SIGMA_31},
    "r2d.cor3.5": {"sigma": SIGMA_31},
    "r2d.cor3.5+fix": {"sigma": SIGMA_31},
    "r2d.cor3.6": {"sigma": SIGMA_31},
    "r2d.cor3.6+fix": {"sigma": SIGMA_31},
    "r2d.appC-radius": {"sigma": SIGMA_APPC},
    "r2d.appC-radius+fix": {"sigma": SIGMA_APPC},
    "r2d.table3:newton": {"sigma": SIGMA_NEWTON},
    "r2d.rem3.3": {"sigma": SIGMA_REM33},
    "r2d.rem3.3:control-sigma-first-batch": {"sigma": SIGMA_31},
}

