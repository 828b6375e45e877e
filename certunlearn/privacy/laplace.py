"""The Laplace mechanism: its exact privacy profile, ε for a given δ, and the calibration of its scale.

M(D) = f(D) + Lap(0, b) with |f(D) − f(D')| ≤ Δ (the L1 sensitivity; one coordinate carries the shift in the
worst case). The privacy loss of Lap(0, b) against Lap(Δ, b) is (|x − Δ| − |x|)/b ∈ [−Δ/b, Δ/b], so the mechanism
is (Δ/b, 0)-DP (Dwork, McSherry, Nissim & Smith 2006, Prop. 1; Dwork & Roth 2014, Thm 3.6), and the exact profile
is (:data:`certunlearn.formulas.gaussian.DELTA_LAPLACE`, derived in ``proofs/gaussian.py``)

    δ(ε) = 1 − e^{(ε − Δ/b)/2}   for 0 ≤ ε ≤ Δ/b,   0 above.

Every value is computed on arb balls and rounded in the safe direction (δ and ε up, the scale b up).
"""
from __future__ import annotations

import numpy as np
from flint import arb

from ..numeric.enclosure import arb_upper_float, to_arb
from ..numeric.precision import workprec
from .profile import check_real

__all__ = ["LaplaceLoss", "laplace_delta_enclosure", "laplace_delta", "laplace_epsilon", "laplace_calibrate",
           "laplace_profile_arb"]

#: Working precision (bits) of the closed forms before they are rounded to floats.
_PREC = 128


def laplace_profile_arb(epsilon: arb, ratio: arb) -> arb:
    """A ball containing δ(ε) = max(0, 1 − e^{(ε − Δ/b)/2}) for ``ratio`` = Δ/b (no validation; any real ε ≥ 0)."""
    if epsilon >= ratio:
        return arb(0)
    value = -((epsilon - ratio) / 2).expm1()
    if epsilon < ratio:
        return value
    return value.union(arb(0))  # the ball straddles ε = Δ/b: both branches


def laplace_delta_enclosure(epsilon, scale, sensitivity=1) -> arb:
    """A ball containing the exact δ(ε) of the Laplace mechanism at the current flint precision."""
    check_real("epsilon", epsilon, low_open=False)
    check_real("scale", scale)
    check_real("sensitivity", sensitivity, low_open=False)
    return laplace_profile_arb(to_arb(epsilon), to_arb(sensitivity) / to_arb(scale))


def laplace_delta(epsilon, scale, sensitivity=1) -> float:
    """The exact δ(ε) of the Laplace mechanism as a float rounded up (never below it)."""
    with workprec(_PREC):
        return min(arb_upper_float(laplace_delta_enclosure(epsilon, scale, sensitivity)), 1.0)


def laplace_epsilon(delta, scale, sensitivity=1) -> float:
    """The smallest ε ≥ 0 with δ(ε) ≤ ``delta``: ε = max(0, Δ/b + 2 ln(1 − δ)) (δ = 0 gives Δ/b, pure DP), rounded
    up."""
    check_real("delta", delta, low_open=False, high=1)
    check_real("scale", scale)
    check_real("sensitivity", sensitivity, low_open=False)
    with workprec(_PREC):
        eps = to_arb(sensitivity) / to_arb(scale) + 2 * (-to_arb(delta)).log1p()
        return max(arb_upper_float(eps), 0.0)


def laplace_calibrate(epsilon, delta=0, sensitivity=1) -> float:
    """The smallest scale b making the Laplace mechanism (ε, δ)-DP: b = Δ/(ε − 2 ln(1 − δ)) (b = Δ/ε for pure DP),
    as a float rounded up, so the returned b is never below the exact one."""
    check_real("epsilon", epsilon)
    check_real("delta", delta, low_open=False, high=1)
    check_real("sensitivity", sensitivity)
    with workprec(_PREC):
        return arb_upper_float(to_arb(sensitivity) / (to_arb(epsilon) - 2 * (-to_arb(delta)).log1p()))


class LaplaceLoss:
    """The privacy loss L = (|x − Δ| − |x|)/b of Lap(0, b) against Lap(Δ, b) under P = Lap(0, b), for the PLD
    composition (:mod:`certunlearn.privacy.pld`). With r = Δ/b and t = (r − ℓ)/2 for −r ≤ ℓ < r:
    P(L > ℓ) = 1 − e^{−t}/2 and Q(L > ℓ) = e^{−(r + ℓ)/2}/2 (atoms of mass 1/2 and e^{−r}/2 at ±r)."""

    def __init__(self, scale, sensitivity=1):
        check_real("scale", scale)
        check_real("sensitivity", sensitivity)
        self.scale, self.sensitivity = scale, sensitivity
        self._ratio = float(sensitivity) / float(scale)

    def tails(self, level: arb) -> tuple[arb, arb]:
        r = to_arb(self.sensitivity) / to_arb(self.scale)
        if level >= r:
            return arb(0), arb(0)
        if level < -r:
            return arb(1), arb(1)
        if not level < r:
            raise ArithmeticError("level undecided against Δ/b at this precision")
        return 1 - (-(r - level) / 2).exp() / 2, (-(r + level) / 2).exp() / 2

    def tail(self, level: arb) -> arb:
        """P(L > ℓ) alone (``tails(level)[0]``), what a PLD discretisation reads."""
        return self.tails(level)[0]

    def estimate_tail(self, levels: np.ndarray) -> np.ndarray:
        r = self._ratio
        inside = 1 - 0.5 * np.exp(-(r - levels) / 2)
        return np.where(levels >= r, 0.0, np.where(levels < -r, 1.0, inside))

    @property
    def support(self) -> tuple[float, float]:
        with workprec(64):
            r = arb_upper_float(to_arb(self.sensitivity) / to_arb(self.scale))
        return -r, r
