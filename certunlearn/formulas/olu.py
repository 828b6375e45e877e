"""The symbols and printed expressions of Online Learning and Unlearning (Hu, Schölkopf & Sanyal), as sympy.

Paper file ``papers/000_8245766a2c9b0ba6.txt``; each expression is named after the item that prints it, with the
item and its lines in the comment above it. Claims: :mod:`certunlearn.claims.olu` (their quantities evaluate the
noise variances σ_i² of Algorithms 1 and 2, :mod:`certunlearn.algorithms.olu`, from here); derivations:
``proofs/olu.py``. No olu claim prescribes parameters, so ``PRESCRIBED`` is empty.
"""
from __future__ import annotations

import sympy
from sympy import Rational, log, sqrt

from .gaussian import RENYI_DEFINITION
from .symbols import Delta, alpha, epsilon, sigma

# ---------------------------------------------------------------------------------------------- symbols
omega = sympy.Symbol("omega", positive=True)  # ω > 1 of Algorithm 1
gamma = sympy.Symbol("gamma", positive=True)  # contraction coefficient
mu = sympy.Symbol("mu", positive=True)  # strong convexity
beta = sympy.Symbol("beta", positive=True)  # smoothness
eta = sympy.Symbol("eta", positive=True)  # a (constant) step size
L = sympy.Symbol("L", positive=True)  # Lipschitz constant
D = sympy.Symbol("D", positive=True)  # diameter of K
kappa = sympy.Symbol("kappa", positive=True)  # quadratic-growth parameter (Assumption 1)
T = sympy.Symbol("T", positive=True)  # rounds
k = sympy.Symbol("k", positive=True)  # deletions
d = sympy.Symbol("d", positive=True)  # dimension
i_ = sympy.Symbol("i", positive=True)  # deletion number
gap = sympy.Symbol("ell", nonnegative=True)  # τ[i] − u[i]
S1 = sympy.Symbol("S_1", nonnegative=True)  # Σ τ[i]²γ^{4(τ[i]−u[i])}/u[i]⁴  (G₁ = √S₁, Theorem 2)
S2 = sympy.Symbol("S_2", nonnegative=True)  # Σ τ[i]/u[i]²  (G₂ = √S₂, Theorem 3)
Mc = sympy.Symbol("M", positive=True)  # smoothness in Lemma D
mc = sympy.Symbol("m", positive=True)  # strong convexity in Lemma D
cnt = sympy.Symbol("c", positive=True)  # number of removed functions (Lemmas 5, 6)
a9, b9, c9 = sympy.symbols("a b c9", positive=True)  # Lemma 9 (c9 is its c)
a10, b10, c10 = sympy.symbols("a10 b10 c10", real=True)  # Lemma 10's points (on a line)

# ---------------------------------------------------------------------------------------------- printed expressions
#: σ_i² of Algorithm 1 (line 120, read through eq. (8) step (b), line 417)
SIGMA2_ALG1 = i_**omega * omega * (gamma**gap * Delta) ** 2 / (2 * (omega - 1) * epsilon)
#: Corollary 1 (line 168): γ in the strongly convex case
GAMMA_SC = (beta / mu - 1) / (beta / mu + 1)
#: the contraction factor of a GD step with η ≤ 2/(β+μ) on a μ-strongly convex β-smooth loss (the fix)
GAMMA_SC_FIX = 1 - eta * mu
#: Theorem 2 (line 185), stated with “=”; checked as an upper bound
THM2 = L**2 / mu * (log(T) + 2 * k**2 + sqrt(3) * d * k ** Rational(17, 10) / epsilon * sqrt(S1))
#: Theorem 2's proof, eqs. (18) + (19) (lines 612, 621) at ω = 6/5
_W = Rational(6, 5)
THM2_PROOF = (L**2 / mu * (1 + log(T)) + d * _W * k ** (_W + Rational(1, 2)) * L**2
              / (2 * sqrt(3) * epsilon * mu * (_W - 1)) * sqrt(S1) + (1 + k) * k * L**2 / mu)
#: Theorem 3 (line 206)
THM3 = 3 * D * L * sqrt(T) + 2 * k**2 * L**2 / kappa + 3 * D * L * d * k ** Rational(17, 10) / (2 * epsilon) * sqrt(S2)
#: Theorem 5 (line 230); its step size, from the proof (line 915) at ω = 6/5
THM5 = L * (D + k ** Rational(11, 10) * sqrt(d / epsilon)) * sqrt(2 * T) + 2 * L**2 * k**2 / kappa
ETA_THM5 = sqrt(2 * D**2 / (T * (L**2 + _W * k ** (_W + 1) * L**2 * d / (2 * (_W**2 - 1) * epsilon))))
#: Table 1, row "Constant" (line 167): η = √(2D²/(TL²(1 + 1.2k^{2.2}d/(0.42ε)))) (the proof's 2(ω² − 1) is 0.88)
ETA_TABLE1 = sqrt(2 * D**2 / (T * L**2 * (1 + Rational(6, 5) * k ** Rational(11, 5) * d / (Rational(21, 50) * epsilon))))
#: Corollary 7 (line 659)
COR7 = (L**2 / mu * (1 + k + k**2 + log(T))
        + d * _W * k ** (_W + 1) * L**2 / (2 * sqrt(3) * sympy.E * log(1 / gamma) * epsilon * mu * (_W - 1)))
#: Theorem 4 (lines 218–222): the explicit bound of its proof, eq. (36) at ω = 3/2 (line 869); F* = Σ_i Σ_t f_t(z*_i),
#: S₃ = Σ_i p(τ[i])/p(u[i])² (G₃ = √(βS₃)), P_T = p(T)
Fs, S3, PT = sympy.Symbol("F_star", nonnegative=True), sympy.Symbol("S_3", nonnegative=True), sympy.Symbol("P_T", positive=True)
THM4 = 9 * D**2 * beta / 4 + 3 * D * sqrt(Fs) + 3 * d * k**2 * L**2 * D**2 / (4 * epsilon) * sqrt(beta * S3)
#: the bound eqs. (32)–(34) give before Lemma 8, with the comparator switches charged and Cauchy–Schwarz kept exact
THM4_FIX = (3 + k) * D / 2 * sqrt(PT) + 3 * d * k**2 * L**2 * D / (4 * epsilon) * sqrt(S3)
#: Algorithm 2, eq. (40) (line 880): σ_i = γ^{I₂}√(i^ω ω/(2(ω−1)ε))·L(6i + Lγ^{τ[i]−u[i]}η_{u[i]})/(τ[i]μ)
I2s = sympy.Symbol("I_2", nonnegative=True)
tau_s = sympy.Symbol("tau_i", positive=True)
eta_u = sympy.Symbol("eta_u", positive=True)
SIGMA2_ALG2 = (gamma**I2s * sqrt(i_**omega * omega / (2 * (omega - 1) * epsilon))
               * L * (6 * i_ + L * gamma**gap * eta_u) / (tau_s * mu)) ** 2
#: Theorem 6's regret, assembled from its proof's explicit parts (lines 1015–1140): (C + D + E)/2 + E[B] + drift with
#: C ≤ G₂L + kμ(2γ^{I₂}L + D²) (eq. (55)), D ≤ L²H_T/μ (eq. (49)), E ≤ 2kLD (eq. (50)), E[B] ≤ Σ_i σ_i + d_i +
#: L(T − i − τ[i])/(Tμ) with d_i = 2γ^{I₂}DL/(τ[i]μ) (eq. (47)), drift (1 + k)kL²/μ (last display)
G2s, HTs, Rtau, RT, Sig = sympy.symbols("G_2 H_T R_tau R_T Sigma_sigma", real=True)
THM6_REGRET = ((G2s * L + k * mu * (2 * gamma**I2s * L + D**2) + L**2 * HTs / mu + 2 * k * L * D) / 2
               + Sig + 2 * gamma**I2s * D * L / mu * Rtau + L * RT / (T * mu) + (1 + k) * k * L**2 / mu)
#: Theorem 6's regret as stated (lines 270–274), its O(·) read with constant 1: log T + k(LD² + Ld/(με)) + G₂ + L²k²/μ
THM6_STATED = log(T) + k * (L * D**2 + L * d / (mu * epsilon)) + G2s + L**2 * k**2 / mu
#: the same with the log T term carrying the L²/μ(1 + log T) of its own proof (eq. (49): D ≤ L²H_T/μ, H_T ≤ 1 + log T)
THM6_STATED_FIX = L**2 / mu * (1 + log(T)) + k * (L * D**2 + L * d / (mu * epsilon)) + G2s + L**2 * k**2 / mu
#: Lemma D (lines 509–515): contraction of w ↦ w − η∇ℓ(w)
LEMD_1 = 1 - eta * Mc
LEMD_2 = (Mc / mc - 1) / (Mc / mc + 1)
#: Lemma 5 (line 633), Lemma 6 (line 754)
LEM5 = 2 * cnt * L / (mu * T)
LEM6 = 2 * cnt * L / kappa
#: Lemma 9 (line 858): x ≤ a + c + 2√(b + ac)
LEM9 = a9 + c9 + 2 * sqrt(b9 + a9 * c9)
#: Lemma 9's proof (lines 817–823): the largest x with x − √(ax + b) ≤ c (the root of the completed square)
LEM9_XMAX = (2 * c9 + a9) / 2 + sqrt(b9 + a9 * c9 + a9**2 / 4)
#: Lemma 10 (line 1087): right-hand side ‖a − c‖² + 2‖a − c‖‖c − b‖
LEM10 = (a10 - c10) ** 2 + 2 * sympy.Abs(a10 - c10) * sympy.Abs(c10 - b10)
#: Table 2, Discard-and-restart rows (lines 250–251) through the explicit per-run bounds of OGD (Hazan 2016, Thms 3.1, 3.3)
RESTART_SC = (k + 1) * L**2 / (2 * mu) * (1 + log(T))
RESTART_C = Rational(3, 2) * (k + 1) * D * L * sqrt(T)

#: Table 2, row Active, column Computation (line 247): O(log_{1/γ}(kμDτ[i]/L)) gradient-descent iterations per deletion,
#: made explicit from Theorem 6's fewest steps: I_{1,i} + I₂ ≤ 2.2·log_{1/γ}(kμDτ[i]/L) + 2 (τ_i := τ[i])
tau_i = sympy.Symbol("tau_i", positive=True)
COMP_ACTIVE = Rational(11, 5) * log(k * mu * D * tau_i / L) / log(1 / gamma) + 2

# ---------------------------------------------------------------------------------------------- the borrowed lemmas
#: Lemma A (line 444): α‖μ₀ − μ₁‖²/(2σ²), with Δ₂ := ‖μ₀ − μ₁‖² (an exact instance entry) and s₂ := σ²
Dl2, s2 = sympy.Symbol("Delta2", nonnegative=True), sympy.Symbol("sigma2", positive=True)
LEMA = alpha * Dl2 / (2 * s2)
#: D_α(N(μ₀, σ²I) ‖ N(μ₁, σ²I)) by its definition: the 1-D integral of ``gaussian.RENYI_DEFINITION`` at Δ = ‖μ₀ − μ₁‖,
#: σ = √σ² (a rotation reduces the d-dimensional pair to it): the closed form of olu.lemA's quantity.
LEMA_DEFINITION = RENYI_DEFINITION.subs({Delta: sqrt(Dl2), sigma: sqrt(s2)}, simultaneous=True)
#: Lemma C (line 475): R_α(N(0, σ²I), a) = sup_{‖x‖≤a} α‖x‖²/(2σ²) = αa²/(2σ²) (Lemma A at ‖x‖ = a)
a_shift = sympy.Symbol("a", nonnegative=True)
LEMC = LEMA.subs(Dl2, a_shift**2)
#: Lemma 3 (line 407): Σ_t R_α(ζ_t, a_t), carried as the exact instance entry R = Σ_t αa_t²/(2σ_t²)
Rsum = sympy.Symbol("R", nonnegative=True)
#: Lemma 8 (line 830): 2β(f(x) − inf f), with gap := f(x) − inf f an exact instance entry
gap8 = sympy.Symbol("gap", nonnegative=True)
LEM8 = 2 * beta * gap8
#: Lemma E (line 988): γ^T‖w₀ − w*‖ with Lemma E's γ (printed as Corollary 1's) and R₀ := ‖w₀ − w*‖²
R0 = sympy.Symbol("R_0", nonnegative=True)
LEME = GAMMA_SC**T * sqrt(R0)


#: No olu claim prescribes parameters: the step sizes (ETA_THM5, ETA_TABLE1) and the noise variances
#: (SIGMA2_ALG1, SIGMA2_ALG2) are evaluated per instance by the claims' quantities.
PRESCRIBED: dict[str, dict[str, sympy.Expr]] = {}
