"""Exact privacy profile of the Gaussian mechanism.

Mean shift Δ (the sensitivity), noise σ, s = Δ/σ. Balle & Wang 2018, "Improving the Gaussian
mechanism", Theorem 8: the mechanism is (ε, δ)-DP exactly when δ ≥ δ(ε) with

    δ(ε) = Φ(s/2 − ε/s) − e^ε Φ(−s/2 − ε/s) = ½ erfc(a/√2) − ½ e^ε erfc(b/√2),

a = ε/s − s/2, b = ε/s + s/2. Since b² − a² = 2ε, e^ε e^{−b²/2} = e^{−a²/2} and, with
erfcx(x) = e^{x²} erfc(x), δ(ε) = ½ e^{−a²/2} (erfcx(a/√2) − erfcx(b/√2)): the float code works in
that form (log space, no e^ε, no Φ = ½(1 + erf)). Enclosures are computed on arb balls.
"""
from __future__ import annotations

import math
from decimal import Decimal
from numbers import Integral

import mpmath
import numpy as np
from flint import arb, ctx
from scipy.special import erfc as _erfc
from scipy.special import erfcx as _erfcx

from ..errors import InvalidParameterError
from ..numeric.enclosure import Decision, arb_upper_float, erfc_ball, to_arb
from ..numeric.fraction import RATIONAL_TYPES, Fraction
from ..numeric.precision import MAX_PREC, workprec

__all__ = ["delta_enclosure", "exact_delta", "exact_epsilon"]

_SQRT2 = math.sqrt(2.0)
_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_LOG_SQRT_2PI = 0.5 * math.log(2.0 * math.pi)
#: Relative accuracy (bits) an enclosure must reach before it is rounded to a float.
_FLOAT_BITS = 60


# ---------------------------------------------------------------- validation (shared by the layer)


def check_real(name, value, *, low=0, low_open=True, high=math.inf, high_open=True):
    """Return ``value`` unchanged if it is a finite real in the given range, else raise
    :class:`InvalidParameterError` naming ``name``.

    Accepts int, float, Fraction, Decimal, decimal strings, mpmath and arb numbers; comparisons
    are exact (an arb ball must lie entirely inside the range).
    """
    kind = type(value)
    if (kind is float and math.isfinite(value)) or kind is int:  # fast path; errors are raised below
        if ((value > low) if low_open else (value >= low)) and ((value < high) if high_open else (value <= high)):
            return value
    if isinstance(value, (bool, np.bool_)):
        raise InvalidParameterError(name, f"expected a number, got {value!r}")
    x = _comparable(name, value)
    if isinstance(x, arb):
        finite = x.is_finite()
    elif isinstance(x, mpmath.mpf):
        finite = bool(mpmath.isfinite(x))
    else:
        finite = isinstance(x, (Integral, *RATIONAL_TYPES)) or math.isfinite(x)
    if not finite:
        raise InvalidParameterError(name, f"must be a finite number, got {value!r}")
    above = (x > low) if low_open else (x >= low)
    below = (x < high) if high_open else (x <= high)
    if not (above and below):
        lo, hi = ("(" if low_open else "["), (")" if high_open else "]")
        raise InvalidParameterError(name, f"must lie in {lo}{low}, {high}{hi}, got {value!r}")
    return value


def _comparable(name, value):
    if isinstance(value, (arb, Integral, *RATIONAL_TYPES, mpmath.mpf)):
        return value
    if isinstance(value, (str, Decimal)):
        try:
            return Fraction(value)
        except (ValueError, ArithmeticError):
            raise InvalidParameterError(name, f"must be a finite number, got {value!r}") from None
    try:
        return float(value)
    except (TypeError, ValueError):
        raise InvalidParameterError(name, f"expected a number, got {value!r}") from None


def _check_mechanism(sigma, sensitivity) -> None:
    check_real("sigma", sigma)
    check_real("sensitivity", sensitivity)


def float_log(x) -> float:
    """ln x as a float for a validated positive ``x`` (through arb if ``float(x)`` underflows)."""
    f = float(x)
    if f > 0:
        return math.log(f)
    with workprec(64):
        return float(to_arb(x).log())


# ---------------------------------------------------------------- enclosures


def profile_arb(epsilon: arb, s: arb) -> arb:
    """Ball containing δ(ε) for the normalised shift ``s`` (any real ε; no validation)."""
    r2 = arb(2).sqrt()
    a = epsilon / s - s / 2
    b = epsilon / s + s / 2
    return (erfc_ball(a / r2) - epsilon.exp() * erfc_ball(b / r2)) / 2


def _delta_arb(epsilon, sigma, sensitivity) -> arb:
    return profile_arb(to_arb(epsilon), to_arb(sensitivity) / to_arb(sigma))


def delta_enclosure(epsilon, sigma, sensitivity=1) -> arb:
    """A ball containing the exact δ(ε) of the Gaussian mechanism, at the current flint precision (exactly 0 for a
    sensitivity of exactly 0: the two laws are the same).

    Balle & Wang 2018, Theorem 8. Arguments may be int, float, Fraction, decimal str or arb; raise
    the precision with :func:`certunlearn.numeric.precision.workprec` for a tighter ball.
    """
    check_real("epsilon", epsilon, low_open=False)
    if _is_zero(sensitivity):  # identical laws: δ(ε) = 0 for every ε ≥ 0
        check_real("sigma", sigma)
        return arb(0)
    _check_mechanism(sigma, sensitivity)
    return _delta_arb(epsilon, sigma, sensitivity)


def _is_zero(x) -> bool:
    if isinstance(x, arb):
        return x.is_zero()
    try:
        return not isinstance(x, bool) and Fraction(str(x) if isinstance(x, str) else x) == 0
    except (TypeError, ValueError):
        return False


def exact_delta(epsilon, sigma, sensitivity=1) -> float:
    """The exact δ(ε) (Balle & Wang 2018, Theorem 8) as a float rounded up (never below it),
    with relative error ≲ 1e-15; underflow rounds up to the smallest subnormal, and a δ within
    an ulp of 1 gives 1.0.

    The enclosure is evaluated once at a precision chosen from the magnitudes of the arguments
    (:func:`start_prec`) and only re-evaluated, at doubled precision, if it is still too wide.
    """
    check_real("epsilon", epsilon, low_open=False)
    _check_mechanism(sigma, sensitivity)
    prec = start_prec(*_float_point(epsilon, sigma, sensitivity), _FLOAT_BITS)
    while True:
        enc = delta_at(prec, epsilon, sigma, sensitivity)
        if enc.rel_accuracy_bits() >= _FLOAT_BITS or enc <= _SMALLEST_SUBNORMAL or prec >= MAX_PREC:
            break
        prec = min(2 * prec, MAX_PREC)
    return min(max(arb_upper_float(enc), 0.0), 1.0)  # δ(ε) ≤ 1: the clamp keeps it an upper bound


# ---------------------------------------------------------------- fast enclosures at a chosen precision

_SMALLEST_SUBNORMAL = arb(5e-324)
#: 1/√2 as a ball per precision (valid at any precision; cached so that it is computed once).
_INV_SQRT2: dict[int, arb] = {}
#: Above this |x| arb's propagation of a ball's radius through erfc is loose: use the endpoint hull.
_ERFC_DIRECT = 1e4


def _erfc_fast(x: arb) -> arb:
    """erfc on a ball: arb's own radius propagation where it is tight (|x| < 1e4, one evaluation),
    otherwise the hull of the endpoints (:func:`erfc_ball`). Both are enclosures."""
    if abs(x.mid()) < _ERFC_DIRECT:
        return x.erfc()
    return erfc_ball(x)


def _fast_arb(x) -> arb:
    return arb(x) if type(x) is float or type(x) is int else to_arb(x)


def delta_at(prec: int, epsilon, sigma, sensitivity) -> arb:
    """A ball containing δ(ε) evaluated at ``prec`` bits (validated arguments; the flint precision is
    restored afterwards). The same formula as :func:`profile_arb`, with one erfc per term."""
    old = ctx.prec
    ctx.prec = prec
    try:
        inv_r2 = _INV_SQRT2.get(prec)
        if inv_r2 is None:
            inv_r2 = _INV_SQRT2[prec] = arb(2).sqrt() / 2  # a ball containing 1/√2
        eps = _fast_arb(epsilon)
        s = _fast_arb(sensitivity) / _fast_arb(sigma)
        ratio, half = eps / s, s / 2
        return (_erfc_fast((ratio - half) * inv_r2) - eps.exp() * _erfc_fast((ratio + half) * inv_r2)) / 2
    finally:
        ctx.prec = old


def proved_at_most(epsilon, sigma, sensitivity, delta, prec: int) -> Decision:
    """Decide δ(ε) ≤ ``delta`` on enclosures, from ``prec`` bits, doubling while they overlap (as
    :func:`certunlearn.numeric.enclosure.decide`, without its generic overhead)."""
    while prec <= MAX_PREC:
        enc = delta_at(prec, epsilon, sigma, sensitivity)
        old = ctx.prec
        ctx.prec = prec
        try:
            bound = _fast_arb(delta)
        finally:
            ctx.prec = old
        if enc <= bound:
            return Decision.TRUE
        if enc > bound:
            return Decision.FALSE
        prec *= 2
    return Decision.UNDECIDED


def _float_point(epsilon, sigma, sensitivity) -> tuple[float, float]:
    """(ε, s = Δ/σ) as floats, for choosing a precision (nan where they do not fit a float)."""
    try:
        return float(epsilon), float(sensitivity) / float(sigma)
    except (OverflowError, ZeroDivisionError, ValueError, TypeError):
        return math.nan, math.nan


def start_prec(eps: float, s: float, bits: int) -> int:
    """The precision (bits) at which the δ(ε) enclosure is expected to reach ``bits`` relative bits.

    With a = ε/s − s/2, b = ε/s + s/2: the arguments of erfc carry an absolute error ~ b·2^-p, which
    erfc turns into a relative error ~ b²·2^-p; e^ε adds ε·2^-p; and the difference of the two terms
    cancels about log2(b/s) bits (δ ≈ Φ(−a)·(s/b) for large b, δ ≈ 0.4·s·Φ(−a) for small). Only the
    speed depends on this estimate: every caller checks the enclosure it gets and doubles the
    precision if it is too wide, and every rounding is done on the enclosure, never on the estimate.
    """
    if not (math.isfinite(eps) and math.isfinite(s) and s > 0):
        return 64
    b = max(eps / s + s / 2, 1.0)
    if not math.isfinite(b):
        return 64
    loss = 3.0 * math.log2(b) + math.log2(1.0 + eps) - math.log2(min(s, 1.0)) + 2.0
    return min(max(64, bits + 8 + math.ceil(loss)), MAX_PREC)


# ---------------------------------------------------------------- float profile (for solvers)


def _erfcx_diff(x: float, h: float) -> float:
    """erfcx(x) − erfcx(x + h) for h > 0, x ≥ −1, without catastrophic cancellation.

    For small h the Taylor series Σ_{n≥1} (−1)^{n+1} (2h)^n E_n(x) is summed, where
    E_n = e^{x²} iⁿerfc(x) = (E_{n−2} − 2x E_{n−1})/(2n), E_{−1} = 2/√π, E_0 = erfcx(x)
    (forward recurrence, stable while x·h is small).
    """
    if h > 0.25 * max(1.0, x) or x * h > 0.5:
        return float(_erfcx(x) - _erfcx(x + h))
    e_prev, e_cur = _TWO_OVER_SQRT_PI, float(_erfcx(x))
    total, power, n = 0.0, 1.0, 0
    while n < 60:
        n += 1
        e_prev, e_cur = e_cur, (e_prev - 2.0 * x * e_cur) / (2 * n)
        power *= 2.0 * h
        term = power * e_cur
        total += term if n % 2 else -term
        if abs(term) <= 1e-18 * abs(total):
            break
    return total


def log_delta(epsilon: float, s: float) -> tuple[float, float, float]:
    """Float ``(ln δ(ε), ∂ln δ/∂ln s, ∂ln δ/∂ε)`` for the normalised shift ``s`` (ε ≥ 0).

    Uses ∂δ/∂s = φ(a) and ∂δ/∂ε = −e^ε Φ(−b). The one float evaluation of the profile, shared by
    :func:`exact_epsilon` and :func:`certunlearn.privacy.calibrate.calibrate`; its answers are
    starting points, every returned value is verified on an enclosure.
    """
    x = (epsilon / s - s / 2) / _SQRT2
    y = (epsilon / s + s / 2) / _SQRT2
    if x >= -1.0:
        diff = _erfcx_diff(x, s / _SQRT2)
        if not diff > 0:
            return -math.inf, math.inf, -math.inf
        log_d = -x * x + math.log(0.5 * diff)
        return log_d, s * _SQRT_2_OVER_PI / diff, -float(_erfcx(y)) / diff
    tail = math.exp(-x * x) * float(_erfcx(y))  # e^ε erfc(b/√2)
    delta = 0.5 * (float(_erfc(x)) - tail)
    return math.log(delta), s * math.exp(-x * x - _LOG_SQRT_2PI) / delta, -0.5 * tail / delta


def newton_root(f, t: float, lo: float, hi: float, *, rtol: float = 0.0, atol: float = 0.0) -> float:
    """Root of a monotone ``f`` given as ``t -> (value, slope)``: Newton steps safeguarded by the
    bracket [lo, hi] (bisection when a step leaves it); stops when a step is below
    ``rtol·|t| + atol`` or stops shrinking (float noise)."""
    previous = math.inf
    for _ in range(200):
        value, slope = f(t)
        if value == 0:
            return t
        if (value < 0) == (slope > 0):
            lo = t
        else:
            hi = t
        step = -value / slope if slope and math.isfinite(slope) else math.nan
        nxt = t + step
        if not lo < nxt < hi:
            if math.isinf(lo):
                nxt = hi - 1.0
            elif math.isinf(hi):
                nxt = lo + 1.0
            else:
                nxt = 0.5 * (lo + hi)
            step = nxt - t
        small = rtol * abs(t) + atol
        if abs(step) <= small or (abs(step) >= previous and abs(step) <= 1e3 * small):
            return nxt
        previous, t = abs(step), nxt
    return t


def prove_up(candidate, holds, *, rel: float = 4e-14, tiny: float = 0.0) -> float:
    """The float ``candidate·(1 + κ) + tiny`` for the smallest κ in rel, 8·rel, 64·rel, … at which
    ``holds(value)`` (a :class:`Decision`) is TRUE."""
    kappa = rel
    while kappa < 1e300:
        value = candidate * (1.0 + kappa) + tiny
        if holds(value) == Decision.TRUE:
            return value
        kappa *= 8.0
        tiny = tiny * 8.0 if tiny else 0.0
    raise ArithmeticError("no verified value found")  # unreachable for valid input


# ---------------------------------------------------------------- ε for a given δ


def exact_epsilon(delta, sigma, sensitivity=1) -> float:
    """The smallest ε ≥ 0 with δ(ε) ≤ ``delta`` (Balle & Wang 2018, Theorem 8), as a float rounded
    up: δ at the returned ε is proved ≤ ``delta`` on an enclosure. 0.0 when δ(0) ≤ ``delta``."""
    check_real("delta", delta, high=1)
    _check_mechanism(sigma, sensitivity)
    _, s = _float_point(0.0, sigma, sensitivity)
    target = float_log(delta)

    def holds(eps) -> Decision:
        return proved_at_most(eps, sigma, sensitivity, delta, start_prec(eps, s, 52))

    # δ(0) = erf(s/2√2). Only when the float value is not clearly above the target is it decided on
    # an enclosure (a wrong float answer could only cost optimality, never safety: the ε returned
    # below is proved on an enclosure whatever happens here).
    at_zero = math.erf(s / (2.0 * _SQRT2)) if math.isfinite(s) else math.nan
    if not (at_zero > 0 and math.log(at_zero) > target + 1e-9) and holds(0) == Decision.TRUE:
        return 0.0
    rho = s * s / 2  # zCDP upper bound (Bun & Steinke 2016, Prop. 1.3) starts Newton
    upper = rho + 2.0 * math.sqrt(rho * -target)

    def f(eps):
        value, _, slope = log_delta(eps, s)
        return value - target, slope

    eps = max(newton_root(f, upper, 0.0, max(upper, 1e-300) * 2.0, rtol=1e-15, atol=1e-300), 0.0)
    # The float ln δ is accurate to ~1e-16 absolute, a large relative error in ε where δ is flat in
    # ε: polish with one Newton step whose residual is evaluated on an enclosure.
    enc = delta_at(start_prec(eps, s, 60), eps, sigma, sensitivity)
    old = ctx.prec
    ctx.prec = 128
    try:
        residual = float((enc / to_arb(delta)).log())
    finally:
        ctx.prec = old
    polished = eps - residual / f(eps)[1]
    if math.isfinite(polished):
        eps = max(polished, 0.0)
    return prove_up(eps, holds, rel=4e-16, tiny=1e-300)
