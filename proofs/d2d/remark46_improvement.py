"""Remark 4.6 (lines 423–429), its "improves over Theorem 3.1 whenever d = Ω̃(…)" half, under the constant-1 reading
(``claims/d2d/remark46_improvement.py``): the condition is the break-even point of the two accuracies."""
from __future__ import annotations

import sympy

from certunlearn.derive import Derivation, step, then
from certunlearn.formulas.d2d import REM46_ALPHA, REM46_BASE, REM46_D_MIN, GAMMA_SC, I, M, d, m, n, xi
from certunlearn.formulas.symbols import epsilon

from .common import u

DOMAIN = {M: ("0.02", "100"), m: ("0.01", "10"), n: ("2", "1e5"), I: ("1", "20"), xi: ("1", "1.3"),
          epsilon: ("0.01", "10"), u: ("0", "100")}


def rem46_improvement() -> Derivation:
    a = I * n ** ((4 - 3 * xi) / 2)
    return Derivation(
        claim_id="d2d.rem4.6:improvement", target="bound",
        title="Remark 4.6: Theorem 4.5's accuracy improves over Theorem 3.1's for d above the threshold (constant-1 reading)",
        start=REM46_ALPHA / REM46_BASE, domain=DOMAIN, samples=12,
        conditions=(sympy.Lt(m, M), sympy.Lt(xi, sympy.Rational(4, 3)), sympy.Ge(n, 2)),
        steps=(
            step(REM46_ALPHA / REM46_BASE, "==", GAMMA_SC ** (a - I) + epsilon**2 * n ** (2 - xi) / (GAMMA_SC**I * d),
                 "divide both terms by γ^𝓘d/(ε²n²)"),
            then("==", GAMMA_SC ** (a - I) + (1 - GAMMA_SC ** (a - I)) / (1 + u),
                 "d = d_min(1 + u), u ≥ 0 (the condition d ≥ d_min = ε²n^{2−ξ}/(γ^𝓘 − γ^a))",
                 given=((d, REM46_D_MIN * (1 + u)),)),
            then("<=", sympy.Integer(1), "g = γ^{a − 𝓘} ∈ (0, 1) (a = 𝓘n^{(4−3ξ)/2} > 𝓘 for ξ < 4/3, n ≥ 2): "
                 "g + (1 − g)/(1 + u) ≤ g + 1 − g = 1"),
        ),
    )
