"""The symbols and helpers the parts of the retain derivations share (see the package docstring).

``profile`` is Balle & Wang's δ(ε) of a standardised Gaussian shift: Theorem 2.11's and Lemma H.1's chains both
start from it.
"""
from __future__ import annotations

import sympy
from sympy import exp, sqrt

from certunlearn.formulas.retain import SYMBOLS

B, n, lam = SYMBOLS["B"], SYMBOLS["n"], SYMBOLS["lambda"]
a = sympy.Symbol("a", positive=True)
kappa = sympy.Symbol("kappa", positive=True)  # actual shift / RS (≤ 1 by the definition of RS)
#: κ = 1/(1 + w), w ≥ 0: every κ ∈ (0, 1], so that "the profile increases with the shift" is proved by monotonicity in w
kappa_slack = sympy.Symbol("w", nonnegative=True)
KAPPA_DEF = (kappa, 1 / (1 + kappa_slack))
xi = sympy.Symbol("xi", nonnegative=True)  # a nonnegative slack (ERM: the data-dependent part of the curvature)
Rw_ = SYMBOLS["R_w"]


def Phi(v: sympy.Expr) -> sympy.Expr:
    return sympy.erfc(-v / sqrt(2)) / 2


def profile(eps: sympy.Expr, s_: sympy.Expr) -> sympy.Expr:
    """Balle & Wang's δ(ε) for the standardised shift s = ‖μ₁ − μ₂‖/σ."""
    return Phi(s_ / 2 - eps / s_) - exp(eps) * Phi(-s_ / 2 - eps / s_)
