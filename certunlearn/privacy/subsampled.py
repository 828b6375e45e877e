"""The subsampled Gaussian mechanism: its dominating pairs, its exact one-step privacy profile, its Rényi DP.

Normalise the noise to 1 (μ = Δ/σ). One step of the Gaussian mechanism run on a subsample that contains the
differing record with probability q publishes, on the two neighbouring datasets, a dominating pair (Zhu, Dong &
Wang 2022, "Optimal accounting of differential privacy via characteristic function", Thm 11 (Poisson sampling,
add/remove) and the sampling-without-replacement case under replace-one, there with Δ the replace-one sensitivity):

    remove:  P = (1 − q) N(0, 1) + q N(μ, 1)  against  Q = N(0, 1),
    add:     P = N(0, 1)                      against  Q = (1 − q) N(0, 1) + q N(μ, 1),

and the mechanism's δ(ε) is the larger of the two hockey-stick divergences. The privacy loss of the remove
direction is L(x) = ln(1 − q + q e^{μx − μ²/2}), increasing in x, so L > ℓ exactly when x > x(ℓ) with

    x(ℓ) = (ln((e^ℓ − 1 + q)/q) + μ²/2)/μ     (e^ℓ > 1 − q; every x otherwise),

and δ(ε) = P(L > ε) − e^ε Q(L > ε) is a sum of normal tails at x(ε) — the exact one-step profile
(:data:`certunlearn.formulas.gaussian.DELTA_SUBSAMPLED_REMOVE`), which q = 1 reduces to Balle & Wang's.
The add direction's loss is −L(x) with x ~ N(0, 1).

Rényi DP (Poisson, add/remove): for an integer order α ≥ 2 the remove direction's divergence is
A_α = Σ_{k=0}^{α} C(α, k) (1 − q)^{α−k} q^k e^{(k² − k)μ²/2} (Mironov, Talwar & Zhang 2019, Sec. 3.3, Thm 5),
and D_α = ln(A_α)/(α − 1) bounds both directions there (ibid. Thm 4 and 5).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from flint import acb, arb, ctx
from scipy.special import ndtr

from ..errors import InvalidParameterError
from ..numeric.enclosure import arb_upper_float, to_arb
from ..numeric.fraction import Fraction
from ..numeric.precision import workprec
from .profile import check_real

__all__ = ["SAMPLINGS", "RELATIONS", "MixtureLoss", "dominating_losses", "subsampled_delta_enclosure",
           "subsampled_rdp", "normal_tail", "max_ball"]

SAMPLINGS = ("poisson", "fixed")
RELATIONS = ("add-remove", "replace-one")


def normal_tail(x: arb | acb) -> arb | acb:
    """Q(x) = P[Z > x] = erfc(x/√2)/2 on a ball (erfc, never ½(1 + erf)); the one normal tail of the package.

    A ball that reaches an infinity is decided only where its sign is: Q = 0 above every finite value, Q = 1 below
    every one, and [0, 1] for a ball unbounded on both sides (not 1: that is only its upper end). A NaN is an error."""
    if isinstance(x, arb) and not x.is_finite():
        if x.is_nan():
            raise ArithmeticError("the normal tail of NaN")
        if x > 0:
            return arb(0)
        if x < 0:
            return arb(1)
        return arb(0).union(arb(1))
    prec = ctx.prec
    r2 = _SQRT2.get(prec)
    if r2 is None:
        r2 = _SQRT2[prec] = arb(2).sqrt()
    return (x / r2).erfc() / 2


#: √2 as a ball per working precision (the same ball ``arb(2).sqrt()`` gives there; normal_tail runs ~10⁶ times a run).
_SQRT2: dict[int, arb] = {}


def max_ball(a: arb, b: arb) -> arb:
    """A ball containing max(x, y) for every x ∈ a, y ∈ b."""
    if a >= b:
        return a
    if b >= a:
        return b
    lo = a.lower() if a.lower() >= b.lower() else b.lower()
    hi = a.upper() if a.upper() >= b.upper() else b.upper()
    return (lo + hi) / 2 + arb(0, arb_upper_float((hi - lo) / 2))


@dataclass(frozen=True)
class MixtureLoss:
    """The privacy loss of one direction of the subsampled Gaussian's dominating pair (module docstring), with
    μ = Δ/σ and the sampling probability ``q`` (exact numbers, or strings)."""

    q: object
    mu: object
    direction: str  # "remove" or "add"

    def _params(self) -> tuple[arb, arb]:
        """(q, μ) as balls at the working precision (cached per precision: the bins call this ~10⁵ times)."""
        return _params_at(self.q, self.mu, ctx.prec)

    def _threshold(self, level: arb, params: tuple[arb, arb] | None = None) -> arb | None:
        """x(ℓ) for the remove loss; None when every x has L > ℓ (e^ℓ ≤ 1 − q). ``params``: :meth:`_params`, when
        the caller has them already (the same balls)."""
        q, mu = self._params() if params is None else params
        inner = level.exp() - 1 + q
        if not inner > 0:
            if inner <= 0:
                return None
            raise ArithmeticError("threshold undecided at this precision")
        return ((inner / q).log() + mu * mu / 2) / mu

    def tails(self, level: arb) -> tuple[arb, arb]:
        """(P(L > ℓ), Q(L > ℓ)) as balls, for this direction's loss L. The tail at the threshold that both sides
        share is computed once (the same ball twice: a discretisation asks ~10⁵ times)."""
        return self._tails(level, True)

    def tail(self, level: arb) -> arb:
        """P(L > ℓ) alone, the same ball as ``tails(level)[0]`` (what a PLD discretisation reads at each of its ~10⁴
        edges): one normal tail where the pair needs two — the add direction's P is the shared tail, and the remove
        direction's (1 − q)·(shared tail) term is exactly 0 at q = 1, the mechanism without subsampling."""
        return self._tails(level, False)[0]

    def _tails(self, level: arb, both: bool) -> tuple[arb, arb | None]:
        """:meth:`tails`; Q is None when not ``both`` and P did not need the shared tail."""
        params = self._params()
        q, mu = params
        if self.direction == "remove":
            x = self._threshold(level, params)
            if x is None:
                return arb(1), arb(1)
            far = q * normal_tail(x - mu)
            if q == 1 and not both:
                return far, None
            shared = normal_tail(x)
            return (1 - q) * shared + far, shared
        x = self._threshold(-level, params)  # −L > ℓ ⇔ L(x) < −ℓ ⇔ x < x(−ℓ)
        if x is None:
            return arb(0), arb(0)
        shared = normal_tail(-x)
        return shared, ((1 - q) * shared + q * normal_tail(mu - x)) if both else None

    def delta(self, epsilon: arb) -> arb:
        """The exact hockey-stick divergence δ(ε) = P(L > ε) − e^ε Q(L > ε) of this direction, as a ball."""
        p, qq = self.tails(epsilon)
        value = p - epsilon.exp() * qq
        return value if value >= 0 else max_ball(value, arb(0))

    def estimate_tail(self, levels: np.ndarray) -> np.ndarray:
        """P(L > ℓ) in floats (only to choose a discretisation's bins; never a decision)."""
        q, mu = float(self.q), float(self.mu)
        lv = levels if self.direction == "remove" else -levels
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            inner = np.expm1(lv) + q
            x = (np.log(inner / q) + mu * mu / 2) / mu
        x = np.where(inner > 0, x, -np.inf)
        if self.direction == "remove":
            return (1 - q) * ndtr(-x) + q * ndtr(mu - x)
        return ndtr(x)

    @property
    def support(self) -> tuple[float, float]:
        """Floats (lo, hi) with L ∈ [lo, hi] surely (lo rounded down, hi up; ±inf where unbounded)."""
        q = float(self.q)
        if q >= 1:
            return -math.inf, math.inf
        with workprec(64):
            edge = arb_upper_float(-(-to_arb(self.q)).log1p())  # −ln(1 − q), rounded up
        return (-edge, math.inf) if self.direction == "remove" else (-math.inf, edge)


@lru_cache(maxsize=64)
def _params_at(q, mu, prec: int) -> tuple[arb, arb]:
    with workprec(prec):
        return to_arb(q), to_arb(mu)


def _check_sampling(sampling: str, relation: str) -> None:
    if sampling not in SAMPLINGS:
        raise InvalidParameterError("sampling", f"unknown sampling {sampling!r}; expected one of {list(SAMPLINGS)}")
    if relation not in RELATIONS:
        raise InvalidParameterError("relation", f"unknown relation {relation!r}; expected one of {list(RELATIONS)}")
    if sampling == "fixed" and relation != "replace-one":
        raise InvalidParameterError("relation", "fixed-size sampling keeps the batch size: its neighbouring relation "
                                                "is replace-one")
    if sampling == "poisson" and relation != "add-remove":
        raise InvalidParameterError("relation", "Poisson sampling is accounted under add-remove here (no exact "
                                                "dominating pair for replace-one is implemented)")


def dominating_losses(q, sigma, sensitivity=1, sampling: str = "poisson",
                      relation: str | None = None) -> tuple[MixtureLoss, ...]:
    """The privacy losses of the dominating pair's directions (one when q = 1: the two are mirror images)."""
    relation = relation or ("add-remove" if sampling == "poisson" else "replace-one")
    _check_sampling(sampling, relation)
    check_real("q", q, high=1, high_open=False)
    check_real("sigma", sigma)
    check_real("sensitivity", sensitivity)
    mu = Fraction(sensitivity) / Fraction(sigma)
    if Fraction(q) == 1:
        return (MixtureLoss(q, mu, "remove"),)
    return MixtureLoss(q, mu, "remove"), MixtureLoss(q, mu, "add")


def subsampled_delta_enclosure(epsilon, q, sigma, sensitivity=1, sampling: str = "poisson",
                               relation: str | None = None) -> arb:
    """A ball containing the exact δ(ε) of one step of the subsampled Gaussian mechanism (the larger direction)."""
    check_real("epsilon", epsilon, low_open=False)
    eps = to_arb(epsilon)
    values = [loss.delta(eps) for loss in dominating_losses(q, sigma, sensitivity, sampling, relation)]
    out = values[0]
    for v in values[1:]:
        out = max_ball(out, v)
    return out


def subsampled_rdp(alpha: int, q, sigma, sensitivity=1) -> arb:
    """A ball containing the Rényi divergence of order ``alpha`` (an integer ≥ 2) of one step of the Poisson
    subsampled Gaussian (add/remove): ln(Σ_k C(α, k)(1 − q)^{α−k} q^k e^{(k² − k)μ²/2})/(α − 1) (Mironov, Talwar &
    Zhang 2019, Thm 5 and Sec. 3.3)."""
    if isinstance(alpha, bool) or not isinstance(alpha, int) or alpha < 2:
        raise InvalidParameterError("alpha", f"must be an integer ≥ 2, got {alpha!r}")
    check_real("q", q, high=1, high_open=False)
    check_real("sigma", sigma)
    check_real("sensitivity", sensitivity)
    try:
        return _rdp_at(alpha, q, sigma, sensitivity, ctx.prec)
    except TypeError:  # an unhashable parameter: computed afresh
        return _rdp_at.__wrapped__(alpha, q, sigma, sensitivity, ctx.prec)


@lru_cache(maxsize=4096, typed=True)
def _rdp_at(alpha: int, q, sigma, sensitivity, prec: int) -> arb:
    """:func:`subsampled_rdp` at the working precision ``prec`` (remembered by its exact arguments: an accountant
    asks for the same orders at every step count and ε of an instance grid; the ball is the one computed there)."""
    qa = to_arb(q)
    mu2 = (to_arb(sensitivity) / to_arb(sigma)) ** 2
    total = arb(0)
    for k in range(alpha + 1):
        total += math.comb(alpha, k) * (1 - qa) ** (alpha - k) * qa**k * (arb(k * k - k) * mu2 / 2).exp()
    return total.log() / (alpha - 1)
