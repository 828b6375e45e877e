"""Calibration of the Gaussian mechanism: the noise σ for a target (ε, δ)."""
from __future__ import annotations

import math

from flint import arb

from ..errors import InvalidParameterError
from ..numeric.enclosure import Decision, arb_upper_float, to_arb
from ..numeric.precision import workprec
from .profile import check_real, float_log, log_delta, proved_at_most, prove_up, start_prec

__all__ = ["calibrate", "METHODS"]

_SQRT2 = math.sqrt(2.0)
_SQRT_2PI = math.sqrt(2.0 * math.pi)
#: Precision (bits) of the closed-form methods before rounding up.
_CLOSED_FORM_PREC = 128


def calibrate(epsilon, delta, sensitivity=1, method: str = "exact") -> float:
    """The noise σ making the Gaussian mechanism with this sensitivity (ε, δ)-DP.

    ``method``:

    - ``"exact"`` — the smallest σ with δ(ε) ≤ δ under the exact profile (Balle & Wang 2018,
      Theorem 8). The returned float is proved safe on an enclosure (never rounded down) and within
      ~1e-13 relative of the optimum (well inside the 1e-9 contract), for every ε > 0 (the float
      solve works in log space and never forms e^ε; tested against a 100-digit oracle up to ε = 1e5).
    - ``"classic"`` — σ = Δ·√(2 ln(1.25/δ))/ε (Dwork & Roth 2014, Theorem A.1); refuses ε > 1.
    - ``"zcdp"`` — σ = Δ/(√2(√(ln(1/δ)+ε) − √ln(1/δ))), the (Δ²/2σ²)-zCDP → (ε, δ) conversion of
      Bun & Steinke 2016, Proposition 1.3.

    Closed forms are evaluated on arb balls and rounded up.
    """
    if method not in METHODS:
        raise InvalidParameterError("method", f"unknown method {method!r}; expected one of {sorted(METHODS)}")
    check_real("epsilon", epsilon)
    check_real("delta", delta, high=1)
    check_real("sensitivity", sensitivity)
    return METHODS[method](epsilon, delta, sensitivity)


def _exact(epsilon, delta, sensitivity) -> float:
    eps, target = float(epsilon), float_log(delta)
    t = _log_shift(eps, target)
    sigma = float(sensitivity) / math.exp(t)
    if not 0 < sigma < math.inf:
        raise InvalidParameterError("sensitivity", f"the calibrated sigma ({sigma}) is not a positive float")
    # The float root is only a candidate: the σ returned is proved on an enclosure, evaluated at a
    # precision chosen for δ near the target (and raised if the enclosure is too wide to decide).
    prec = start_prec(eps, math.exp(t), 52)

    def holds(candidate) -> Decision:
        return proved_at_most(epsilon, candidate, sensitivity, delta, prec)

    return prove_up(sigma, holds)


def _log_shift(eps: float, target: float) -> float:
    """Float t = ln s solving g(t) = ln δ(ε; e^t) = ``target`` (δ increases with s): Halley steps on
    the log-space float profile, safeguarded by the bracket of the values seen; valid for every ε
    the float profile can represent (no e^ε is formed).

    With m = g' = s·φ(a)/δ (a = ε/s − s/2, b = ε/s + s/2), g'' = m(1 + ab − m), since
    φ'(a) = −aφ(a) and da/dt = −b.
    """
    # Lower bounds on the optimal s: the zCDP value and δ(0) ≤ s·φ(0).
    start = max(_SQRT2 * eps / (math.sqrt(eps - target) + math.sqrt(-target)), math.exp(target) * _SQRT_2PI)
    t, lo, hi = math.log(start), -math.inf, math.inf
    for _ in range(200):
        s = math.exp(t)
        value, slope, _ = log_delta(eps, s)
        gap = value - target
        if gap == 0:
            return t
        if gap < 0:
            lo = t
        else:
            hi = t
        if slope > 0 and math.isfinite(slope):
            newton = -gap / slope
            ratio = (1.0 + (eps / s - s / 2) * (eps / s + s / 2) - slope) / 2  # g''/(2g')
            denominator = 1.0 + newton * ratio
            step = newton / denominator if denominator > 0.5 else newton
            # Newton's error after the step is ~ |g''/2g'|·step², Halley's smaller still.
            if abs(ratio) * step * step <= 1e-17 and abs(step) <= 1e-6:
                return t + step
        else:
            step = math.nan
        nxt = t + step
        if not lo < nxt < hi:  # also when the step is nan
            nxt = lo + 1.0 if hi == math.inf else hi - 1.0 if lo == -math.inf else 0.5 * (lo + hi)
        if hi - lo <= 1e-15 * max(1.0, abs(t)):
            return hi
        t = nxt
    return hi if math.isfinite(hi) else t


def _rounded_up(formula, epsilon, delta, sensitivity) -> float:
    with workprec(_CLOSED_FORM_PREC):
        return arb_upper_float(formula(to_arb(epsilon), to_arb(delta), to_arb(sensitivity)))


def _classic_formula(eps: arb, delta: arb, sens: arb) -> arb:
    """σ = Δ·√(2 ln(1.25/δ))/ε (Dwork & Roth 2014, Theorem A.1)."""
    return sens * (2 * (arb(5) / 4 / delta).log()).sqrt() / eps


def _zcdp_formula(eps: arb, delta: arb, sens: arb) -> arb:
    """σ = Δ(√(L+ε) + √L)/(√2 ε), L = ln(1/δ): the rationalised Bun–Steinke conversion."""
    log_inv = -delta.log()
    return sens * ((log_inv + eps).sqrt() + log_inv.sqrt()) / (arb(2).sqrt() * eps)


def _classic(epsilon, delta, sensitivity) -> float:
    try:
        check_real("epsilon", epsilon, high=1, high_open=False)
    except InvalidParameterError:
        raise InvalidParameterError(
            "epsilon",
            f"got {epsilon!r}, but the classic Gaussian mechanism is only valid for epsilon <= 1 "
            "(Dwork & Roth, Theorem A.1); use method='exact'",
        ) from None
    return _rounded_up(_classic_formula, epsilon, delta, sensitivity)


def _zcdp(epsilon, delta, sensitivity) -> float:
    return _rounded_up(_zcdp_formula, epsilon, delta, sensitivity)


METHODS = {"exact": _exact, "classic": _classic, "zcdp": _zcdp}
