"""The Gaussian mechanism's printed calibrations and divergences, which every paper relies on.

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

PRESCRIBED = {
    "gaussian.classic": {"sigma": SIGMA_CLASSIC},
    "gaussian.zcdp": {"sigma": SIGMA_ZCDP},
    "gaussian.classic:control-epsilon-above-1": {"sigma": SIGMA_CLASSIC},
}
