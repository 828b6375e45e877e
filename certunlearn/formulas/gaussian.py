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
#: Mironov 2017, Prop. 7: D_α(N(μ, σ²I) ‖ N(μ', σ²I)) = α‖μ − μ'‖²/(2σ²).
RENYI_GAUSSIAN = alpha * Delta**2 / (2 * sigma**2)

PRESCRIBED = {
    "gaussian.classic": {"sigma": SIGMA_CLASSIC},
    "gaussian.zcdp": {"sigma": SIGMA_ZCDP},
    "gaussian.classic:control-epsilon-above-1": {"sigma": SIGMA_CLASSIC},
}
