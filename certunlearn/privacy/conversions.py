"""Rényi DP → (ε, δ)-DP conversions and the Gaussian mechanism's RDP curve.

All results are evaluated on arb balls and rounded in the safe direction (ε and δ up).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from flint import arb

from ..errors import InvalidParameterError
from ..numeric.enclosure import arb_upper_float, to_arb
from ..numeric.precision import workprec
from .profile import check_real

__all__ = ["gaussian_rdp", "rdp_to_dp_epsilon", "rdp_curve_to_epsilon", "rdp_to_dp_delta", "rdp_curve_to_delta",
           "CONVERSIONS"]

#: Working precision (bits) of the closed forms before rounding up.
_PREC = 128


def _mironov_epsilon(alpha: arb, rdp: arb, delta: arb) -> arb:
    """ε = τ + ln(1/δ)/(α−1) (Mironov 2017, Proposition 3)."""
    return rdp - delta.log() / (alpha - 1)


def _improved_epsilon(alpha: arb, rdp: arb, delta: arb) -> arb:
    """ε = τ + ln((α−1)/α) − (ln δ + ln α)/(α−1) (Canonne, Kamath & Steinke 2020, Prop. 12;
    Balle et al. 2020)."""
    return rdp + ((alpha - 1) / alpha).log() - (delta.log() + alpha.log()) / (alpha - 1)


def _mironov_log_delta(alpha: arb, rdp: arb, epsilon: arb) -> arb:
    """ln δ = (α−1)(τ − ε) (Mironov 2017, Proposition 3, solved for δ)."""
    return (alpha - 1) * (rdp - epsilon)


def _improved_log_delta(alpha: arb, rdp: arb, epsilon: arb) -> arb:
    """ln δ = (α−1)(τ − ε + ln(1 − 1/α)) − ln α (Canonne, Kamath & Steinke 2020, Prop. 12)."""
    return (alpha - 1) * (rdp - epsilon + (1 - 1 / alpha).log()) - alpha.log()


#: method -> (ε for a given δ, ln δ for a given ε)
CONVERSIONS: dict[str, tuple[Callable[[arb, arb, arb], arb], Callable[[arb, arb, arb], arb]]] = {
    "mironov": (_mironov_epsilon, _mironov_log_delta),
    "improved": (_improved_epsilon, _improved_log_delta),
}


def _conversion(method: str):
    if method not in CONVERSIONS:
        raise InvalidParameterError("method", f"unknown method {method!r}; expected one of {sorted(CONVERSIONS)}")
    return CONVERSIONS[method]


def _check_order(alpha, rdp) -> None:
    check_real("alpha", alpha, low=1)
    check_real("rdp", rdp, low_open=False)


def gaussian_rdp(alpha, sigma, sensitivity=1) -> float:
    """α·Δ²/(2σ²): the Gaussian mechanism's Rényi divergence of order α (Mironov 2017,
    Proposition 7), rounded up."""
    check_real("alpha", alpha)
    check_real("sigma", sigma)
    check_real("sensitivity", sensitivity)
    with workprec(_PREC):
        sens = to_arb(sensitivity)
        return arb_upper_float(to_arb(alpha) * sens * sens / (2 * to_arb(sigma) ** 2))


def rdp_to_dp_epsilon(alpha, rdp, delta, method: str = "improved") -> float:
    """The ε of the (ε, δ)-DP guarantee implied by (α, rdp)-RDP, rounded up (clamped at 0, since
    (ε, δ)-DP for ε < 0 implies (0, δ)-DP). Methods "mironov" and "improved"."""
    to_epsilon, _ = _conversion(method)
    _check_order(alpha, rdp)
    check_real("delta", delta, high=1)
    with workprec(_PREC):
        eps = to_epsilon(to_arb(alpha), to_arb(rdp), to_arb(delta))
        return max(arb_upper_float(eps), 0.0)


def _curve(alphas: Sequence, rdps: Sequence, method: str) -> list[tuple]:
    """An RDP curve's (order, divergence) pairs, checked: a known method, at least one order, one value per order."""
    _conversion(method)
    alphas, rdps = list(alphas), list(rdps)
    if not alphas:
        raise InvalidParameterError("alphas", "at least one order is needed")
    if len(alphas) != len(rdps):
        raise InvalidParameterError("rdps", f"has {len(rdps)} values for {len(alphas)} orders")
    return list(zip(alphas, rdps))


def rdp_curve_to_epsilon(alphas: Sequence, rdps: Sequence, delta, method: str = "improved") -> float:
    """min over the orders of :func:`rdp_to_dp_epsilon` — the ε of an RDP curve, rounded up."""
    return min(rdp_to_dp_epsilon(a, r, delta, method) for a, r in _curve(alphas, rdps, method))


def rdp_to_dp_delta(alpha, rdp, epsilon, method: str = "improved") -> float:
    """The δ of the (ε, δ)-DP guarantee implied by (α, rdp)-RDP, rounded up (at most 1)."""
    _, to_log_delta = _conversion(method)
    _check_order(alpha, rdp)
    check_real("epsilon", epsilon, low_open=False)
    with workprec(_PREC):
        log_delta = to_log_delta(to_arb(alpha), to_arb(rdp), to_arb(epsilon))
        return min(arb_upper_float(log_delta.exp()), 1.0)


def rdp_curve_to_delta(alphas: Sequence, rdps: Sequence, epsilon, method: str = "improved") -> float:
    """min over the orders of :func:`rdp_to_dp_delta` — the δ at ``epsilon`` of an RDP curve, rounded up."""
    return min(rdp_to_dp_delta(a, r, epsilon, method) for a, r in _curve(alphas, rdps, method))
