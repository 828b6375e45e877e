"""The Gaussian mechanism's printed calibrations and divergences, which every paper relies on — and the Laplace and
subsampled Gaussian mechanisms that the scoring of third-party noise (``certunlearn score``) accounts.

Claims: :mod:`certunlearn.claims.gaussian`; derivations: ``proofs/gaussian.py``.
"""
from __future__ import annotations

import sympy

from .symbols import Delta, alpha, delta, epsilon, sigma

#: Dwork & Roth 2014, Thm A.1 (as retain Fact 1, line 77; r2d Thm B.1): σ = Δ√(2 ln(1.25/δ))/ε, for ε ≤ 1.
SIGMA_CLASSIC = Delta * sympy.sqrt(2 * sympy.log(sympy.Rational(5, 4) / delta)) / epsilon
#: Bun & Steinke 2016, Prop. 1.3 (as d2d Lemma A.3, lines 480–484): σ = Δ/(√2(√(ln(1/δ)+ε) − √ln(1/δ))).
SIGMA_ZCDP = Delta / (sympy.sqrt(2) * (sympy.sqrt(sympy.log(1 / delta) + epsilon) - sympy.sqrt(sympy.log(1 / delta))))


def normal_cdf(v: sympy.Expr) -> sympy.Expr:
    """Φ(v), the standard normal CDF, written with erfc (rigorous and accurate in the far tail)."""
    return sympy.erfc(-v / sympy.sqrt(2)) / 2


def normal_tail(v: sympy.Expr) -> sympy.Expr:
    """Q(v) = P[Z > v], the standard normal upper tail, written with erfc."""
    return sympy.erfc(v / sympy.sqrt(2)) / 2


def gaussian_delta(eps: sympy.Expr, sd: sympy.Expr, shift: sympy.Expr) -> sympy.Expr:
    """Balle & Wang 2018, Thm 8: the true δ at ε of N(0, σ²) vs N(Δ, σ²) (equivalently of N(μ, σ²I) vs N(μ', σ²I)
    with ‖μ − μ'‖ = Δ): Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ)."""
    return normal_cdf(shift / (2 * sd) - eps * sd / shift) - sympy.exp(eps) * normal_cdf(-shift / (2 * sd) - eps * sd / shift)


#: The true δ at ε of the Gaussian mechanism with noise σ and sensitivity Δ (Balle & Wang 2018, Thm 8): the closed
#: form of every Gaussian claim's quantity (``Claim.quantity_expr``), which their derivations start from.
DELTA_GAUSSIAN = gaussian_delta(epsilon, sigma, Delta)
#: The σ that certunlearn.privacy.calibrate(ε, δ, Δ, method="exact") returns (a bisection decided on enclosures: no
#: closed form), and the true δ at ε of the Gaussian mechanism at that σ: ``gaussian.exact``'s quantity.
SIGMA_EXACT = sympy.Function("sigma_cal")(epsilon, delta, Delta)
DELTA_GAUSSIAN_EXACT = gaussian_delta(epsilon, SIGMA_EXACT, Delta)
#: Mironov 2017, Prop. 7: D_α(N(μ, σ²I) ‖ N(μ', σ²I)) = α‖μ − μ'‖²/(2σ²).
RENYI_GAUSSIAN = alpha * Delta**2 / (2 * sigma**2)

x_out = sympy.Symbol("x", real=True)  # the mechanism's output (1-D)


def normal_pdf(v: sympy.Expr, mean: sympy.Expr, sd: sympy.Expr) -> sympy.Expr:
    """The density of N(mean, sd²) at v."""
    return sympy.exp(-(v - mean) ** 2 / (2 * sd**2)) / sympy.sqrt(2 * sympy.pi * sd**2)


#: D_α(N(0, σ²) ‖ N(Δ, σ²)) by its definition, 1/(α−1)·ln ∫ p^α q^(1−α) dx (Rényi 1961; Mironov 2017, Def. 3): the
#: closed form of ``gaussian.renyi``'s quantity (isotropic d-dimensional Gaussians at distance Δ reduce to it by a
#: rotation), which its derivation starts from.
RENYI_DEFINITION = sympy.log(sympy.Integral(normal_pdf(x_out, 0, sigma) ** alpha * normal_pdf(x_out, Delta, sigma) ** (1 - alpha),
                                            (x_out, -sympy.oo, sympy.oo))) / (alpha - 1)

# ---------------------------------------------------------------- Laplace and subsampled Gaussian mechanisms

b = sympy.Symbol("b", positive=True)  # Laplace scale
q = sympy.Symbol("q", positive=True)  # sampling probability
x_level = sympy.Symbol("x", real=True)  # the threshold of the privacy-loss event (the output where L = ε)

#: The exact privacy profile of Lap(0, b) against Lap(Δ, b) for 0 ≤ ε ≤ Δ/b (0 above): δ(ε) = 1 − e^{(ε − Δ/b)/2}
#: (derived in proofs/gaussian.py; :mod:`certunlearn.privacy.laplace`).
DELTA_LAPLACE = 1 - sympy.exp((epsilon - Delta / b) / 2)
#: The smallest Laplace scale with δ(ε) ≤ δ: b = Δ/(ε − 2 ln(1 − δ)) (δ = 0: b = Δ/ε, Dwork, McSherry, Nissim &
#: Smith 2006, Prop. 1).
SCALE_LAPLACE = Delta / (epsilon - 2 * sympy.log(1 - delta))
#: The remove direction's threshold: the privacy loss ln(1 − q + q e^{(2xΔ − Δ²)/(2σ²)}) of (1 − q)N(0, σ²) +
#: qN(Δ, σ²) against N(0, σ²) exceeds ε exactly for x > X_SUBSAMPLED.
X_SUBSAMPLED = sigma**2 / Delta * sympy.log((sympy.exp(epsilon) - 1 + q) / q) + Delta / 2
#: One step of the Poisson-subsampled Gaussian, remove direction (Zhu, Dong & Wang 2022, Thm 11's dominating pair):
#: δ(ε) = (1 − q)Q(x/σ) + qQ((x − Δ)/σ) − e^ε Q(x/σ) at x = X_SUBSAMPLED (e^ε > 1 − q); q = 1 gives Balle & Wang.
DELTA_SUBSAMPLED_REMOVE = ((1 - q) * normal_tail(X_SUBSAMPLED / sigma) + q * normal_tail((X_SUBSAMPLED - Delta) / sigma)
                           - sympy.exp(epsilon) * normal_tail(X_SUBSAMPLED / sigma))
#: The add direction (N(0, σ²) against the mixture): its loss exceeds ε exactly for x < X_SUBSAMPLED at −ε, so
#: δ(ε) = Φ(x/σ) − e^ε((1 − q)Φ(x/σ) + qΦ((x − Δ)/σ)) there (e^{−ε} > 1 − q; 0 above).
X_SUBSAMPLED_ADD = X_SUBSAMPLED.subs(epsilon, -epsilon)
DELTA_SUBSAMPLED_ADD = (normal_tail(-X_SUBSAMPLED_ADD / sigma) - sympy.exp(epsilon) * (
    (1 - q) * normal_tail(-X_SUBSAMPLED_ADD / sigma) + q * normal_tail((Delta - X_SUBSAMPLED_ADD) / sigma)))
k = sympy.Symbol("k", positive=True, integer=True)  # composed steps
k1, k2 = sympy.symbols("k1 k2", positive=True, integer=True)
sigma1, sigma2 = sympy.symbols("sigma1 sigma2", positive=True)
#: k-fold composition of the Gaussian mechanism: the sum of the k outputs is sufficient, so the pair is the Gaussian
#: one at noise σ/√k (derived in proofs/gaussian.py; in GDP terms, μ-GDP composes to √k·μ: Dong, Roth & Su 2022).
DELTA_GAUSSIAN_COMPOSED = gaussian_delta(epsilon, sigma / sympy.sqrt(k), Delta)
#: k₁ steps at σ₁ and k₂ at σ₂: the Gaussian pair at noise 1/√(k₁/σ₁² + k₂/σ₂²) (the squared shifts add).
DELTA_GAUSSIAN_HETEROGENEOUS = gaussian_delta(epsilon, 1 / sympy.sqrt(k1 / sigma1**2 + k2 / sigma2**2), Delta)
#: The RDP route for k Gaussian steps: D_α adds up to kαΔ²/(2σ²) (Mironov 2017, Prop. 1 and 7), and RDP of order α
#: at level ρ gives (ρ + ln(1/δ)/(α − 1), δ)-DP (ibid., Prop. 3).
EPSILON_RDP_COMPOSED = k * alpha * Delta**2 / (2 * sigma**2) + sympy.log(1 / delta) / (alpha - 1)
#: The small-q approximation of the subsampled Gaussian's Rényi divergence, D_α ≈ 2q²α/σ² (Δ = 1; Mironov, Talwar &
#: Zhang 2019, Sec. 3.3 — valid only for small q and σ not small; the negative control applies it outside).
RDP_SMALL_Q = 2 * q**2 * alpha * Delta**2 / sigma**2

PRESCRIBED = {
    "gaussian.classic": {"sigma": SIGMA_CLASSIC},
    "gaussian.zcdp": {"sigma": SIGMA_ZCDP},
    "gaussian.classic:control-epsilon-above-1": {"sigma": SIGMA_CLASSIC},
    "gaussian.laplace": {"b": SCALE_LAPLACE},
    # Mironov 2017's RDP route for k steps, and its negative control with the composition forgotten (k = 1)
    "gaussian.composition-rdp": {"epsilon": EPSILON_RDP_COMPOSED},
    "gaussian.composition-rdp:control-no-composition": {"epsilon": EPSILON_RDP_COMPOSED.subs(k, 1)},
}
