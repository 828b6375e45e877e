"""Scoring a given noise: the exact privacy it spends, as a certified interval (``certunlearn score``).

- Gaussian (σ, Δ, k steps): k-fold composition of N(0, σ²) against N(Δ, σ²) is exactly the pair with shift √k·Δ
  (the sum of the k outputs is sufficient), so its δ(ε) is Balle & Wang's profile at s = √k·Δ/σ;
- Laplace (b, Δ): the closed form δ(ε) = 1 − e^{(ε − Δ/b)/2} (:mod:`.laplace`); k > 1 steps through the PLD;
- subsampled Gaussian (q, σ, Δ, k, sampling, relation): one step from its exact profile (:mod:`.subsampled`),
  k > 1 steps through the certified PLD composition (:mod:`.pld`) of each direction of the dominating pair.

Each answer is an interval [lower, upper] of floats certified to contain the true value (δ at a given ε, or the
smallest ε with δ(ε) ≤ a given δ).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from flint import arb

from ..errors import InvalidParameterError
from ..numeric.enclosure import Decision, arb_lower_float, arb_upper_float, to_arb
from ..numeric.fraction import Fraction
from ..numeric.precision import workprec
from . import pld
from .laplace import LaplaceLoss, laplace_profile_arb
from .profile import check_real, exact_epsilon, profile_arb, proved_at_most
from .subsampled import dominating_losses, max_ball

__all__ = ["MECHANISMS", "Score", "score", "verdict", "composed", "rdp_epsilon", "rdp_delta"]

MECHANISMS = ("gaussian", "laplace", "subsampled-gaussian")
#: The grid step of a PLD bracket is the largest power of two at most PLD_REL·scale/k (scale: ε, or the coarse pass's ε),
#: which leaves brackets about 0.8–1.7 % wide (Poisson q = 0.01, σ = 1, 1000 steps, δ = 1e-5: 1.69 %, 6 CPU-s with the
#: proved radix-2 FFT; half the step, 0.84 % at 11 CPU-s); and the most points of one step's grid, which makes the
#: step coarser (and the bracket wider, about k·h in ε) where k is large.
PLD_REL = 0.036
PLD_MAX_POINTS = 1 << 20
#: The most entries of a composed power: beyond it :func:`.pld.power` coarsens it (docs/auditing.md, "Many steps").
PLD_POWER_POINTS = 1 << 20
_PREC = 128


@dataclass(frozen=True)
class Score:
    """What ``score`` computed: ``interval`` contains the true δ at ``epsilon`` (``target="delta"``) or the true
    smallest ε at ``delta`` (``target="epsilon"``); ``method`` says how ("closed form", "exact profile", "pld")."""

    mechanism: str
    target: str
    interval: tuple[float, float]
    method: str
    parameters: dict = field(default_factory=dict)


def _gaussian_delta_ball(eps: arb, sigma, sensitivity, steps: int) -> arb:
    """Balle & Wang's δ(ε) at the composed shift √k·Δ/σ, on a ball."""
    return profile_arb(eps, to_arb(sensitivity) * arb(steps).sqrt() / to_arb(sigma))


def _bracket_from_ball(ball: arb) -> tuple[float, float]:
    return max(arb_lower_float(ball), 0.0), min(arb_upper_float(ball), 1.0)


def _epsilon_by_bisection(delta_ball, delta) -> tuple[float, float]:
    """[lo, hi] around min{ε ≥ 0 : δ(ε) ≤ ``delta``} for a decreasing ``delta_ball(ε: arb) -> arb``: hi proved
    (δ(hi) ≤ δ), lo proved (δ(lo) > δ) or 0."""
    target = to_arb(delta)

    def state(e: float) -> bool | None:
        v = delta_ball(arb(e))
        return True if v <= target else False if v > target else None

    if state(0.0) is True:
        return 0.0, 0.0
    b = 1.0
    while state(b) is not True:
        b *= 2
        if b > 1e12:
            raise InvalidParameterError("delta", "no ε up to 1e12 reaches this δ")
    a = 0.0
    for _ in range(200):
        mid = 0.5 * (a + b)
        if mid <= a or mid >= b:
            break
        s = state(mid)
        if s is True:
            b = mid
        elif s is False:
            a = mid
        else:
            break
    return a, b


def _pld_measures(directions, h: float, tau: float):
    """(measures, width): each direction's composed (optimistic, pessimistic) measures — its parts discretised on the
    grid ``h``, each part's k-fold power and their composition kept within ``PLD_POWER_POINTS`` entries by coarsening
    (:func:`.pld.power`) — and the widest one-step discretisation's range, in loss units."""
    out, width = [], 0.0
    for parts in directions:
        totals: list = [None, None]
        for loss, count in parts:
            for i, m in enumerate(pld.discretise(loss, h, tau=tau * 1e-3)):
                width = max(width, m.masses.size * h)
                m = pld.power(m, count, tau, PLD_POWER_POINTS)
                totals[i] = m if totals[i] is None else pld.compose_capped(totals[i], m, tau, PLD_POWER_POINTS)
        out.append(tuple(totals))
    return out, width


def _pow2_at_most(x: float) -> float:
    return 2.0 ** math.floor(math.log2(x))


def _pow2_at_least(x: float) -> float:
    return 2.0 ** math.ceil(math.log2(x))


#: The first (coarse) pass's grid step, and the coarsest a pass may be pushed to (beyond it the bracket says nothing).
_COARSE_H = 2.0**-9
_COARSEST_H = 2.0**6
#: Passes after the coarse one (each finer than the last; the sizing rule needs one, a lower end of 0 two).
_FINE_PASSES = 3


def _capped_measures(directions, h: float, tau: float):
    """(measures, width, h): :func:`_pld_measures` on the grid ``h``, or on the first coarser one (×4 each time) whose
    discretisations stay within :data:`.pld.MAX_POINTS` — found before anything that large is allocated."""
    while True:
        try:
            return (*_pld_measures(directions, h, tau), h)
        except pld.GridTooLarge:
            if h * 4 > _COARSEST_H:
                raise
            h *= 4


def _pld(directions, steps: int, epsilon=None, delta=None) -> tuple[float, float]:
    """A PLD bracket. A coarse pass answers first; each next pass discretises one step on the grid ∝ ``PLD_REL``·scale/k
    (scale: ε, or the last pass's lower end of ε), never finer than the last pass's one-step range over
    ``PLD_MAX_POINTS`` (known from the pass before, so no pass is computed only to be thrown away); the powers coarsen
    themselves where they outgrow ``PLD_POWER_POINTS`` (:func:`.pld.power`). Every pass's bracket is certified: the
    answer is their meet."""
    def answer(measures) -> tuple[float, float]:
        return pld.epsilon_bracket(measures, delta) if delta is not None else pld.delta_bracket(measures, epsilon)

    convolutions = 2 * max(1, steps.bit_length()) + 2
    tau = max(float(delta), 1e-300) * 1e-6 / convolutions if delta is not None else 1e-18
    measures, width, h = _capped_measures(directions, _COARSE_H, tau)
    bracket = answer(measures)
    if delta is None:  # the fine passes trim relative to the coarse pass's lower end of δ
        tau = max(bracket[0], 1e-290) * 1e-6 / convolutions
    for _ in range(_FINE_PASSES):
        scale = max(bracket[0], 1e-3) if delta is not None else max(float(epsilon), 0.05)
        step = max(_pow2_at_most(PLD_REL * scale / steps), _pow2_at_least(width / PLD_MAX_POINTS))
        if step >= h:
            break
        finer, finer_width, step = _capped_measures(directions, step, tau)
        if step >= h:
            break
        measures, width, h = finer, finer_width, step
        lo, hi = answer(measures)
        bracket = max(lo, bracket[0]), min(hi, bracket[1])  # both contain the true value: so does their meet
    return bracket


def score(mechanism: str = "gaussian", *, sigma=None, scale=None, sensitivity=1, epsilon=None, delta=None,
          q=1, steps: int = 1, sampling: str = "poisson", relation: str | None = None, rdp: bool = True) -> Score:
    """The true δ at ``epsilon`` (or the true ε at ``delta``) of the given noise, as a certified interval.

    For k > 1 steps of the Poisson-subsampled Gaussian (add/remove) the upper end is the smaller of the PLD's and the
    RDP route's (:func:`rdp_epsilon`, :func:`rdp_delta`: both certified upper bounds; ``method`` says which gave it):
    where k is so large that the PLD's grid must be coarse, RDP bounds it far better (10⁶ steps at q = 0.001,
    σ = 0.6, δ = 10⁻⁶: RDP 27.5 where the PLD proves no finite ε). ``rdp=False``: the PLD alone (a claim that checks
    the RDP accountant needs a quantity computed by another route)."""
    if mechanism not in MECHANISMS:
        raise InvalidParameterError("mechanism", f"unknown mechanism {mechanism!r}; expected one of {list(MECHANISMS)}")
    if (epsilon is None) == (delta is None):
        raise InvalidParameterError("epsilon", "give exactly one of epsilon (for the true delta) and delta (for the true epsilon)")
    if epsilon is not None:
        check_real("epsilon", epsilon, low_open=False)
    else:  # δ = 0 is meaningful for the Laplace mechanism alone (pure DP)
        check_real("delta", delta, low_open=mechanism != "laplace", high=1)
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise InvalidParameterError("steps", f"must be an integer ≥ 1, got {steps!r}")
    check_real("sensitivity", sensitivity)
    target = "delta" if epsilon is not None else "epsilon"
    params = {"sensitivity": sensitivity, "steps": steps}
    if mechanism == "laplace":
        if scale is None or sigma is not None:
            raise InvalidParameterError("scale", "the Laplace mechanism takes --scale B (not --sigma)")
        check_real("scale", scale)
        params["scale"] = scale
        if steps == 1:
            with workprec(_PREC):
                ratio = to_arb(sensitivity) / to_arb(scale)
                if target == "delta":
                    interval = _bracket_from_ball(laplace_profile_arb(to_arb(epsilon), ratio))
                else:
                    eps = ratio + 2 * (-to_arb(delta)).log1p()
                    interval = (max(arb_lower_float(eps), 0.0), max(arb_upper_float(eps), 0.0))
            return Score(mechanism, target, interval, "closed form", params)
        loss = LaplaceLoss(scale, sensitivity)
        return Score(mechanism, target, _pld([[(loss, steps)]], steps, epsilon, delta), "pld", params)
    if sigma is None or scale is not None:
        raise InvalidParameterError("sigma", f"the {mechanism} mechanism takes --sigma S (not --scale)")
    check_real("sigma", sigma)
    params["sigma"] = sigma
    if mechanism == "gaussian":
        with workprec(_PREC):
            if target == "delta":
                return Score(mechanism, target, _bracket_from_ball(_gaussian_delta_ball(to_arb(epsilon), sigma, sensitivity, steps)),
                             "exact profile", params)
        sigma_k = Fraction(sigma) / Fraction(math.isqrt(steps)) if math.isqrt(steps) ** 2 == steps else None
        if sigma_k is not None:
            hi = exact_epsilon(delta, sigma_k, sensitivity)
            lo = _just_below(hi, lambda e: proved_at_most(e, sigma_k, sensitivity, delta, 128))
            return Score(mechanism, target, (lo, hi), "exact profile", params)
        with workprec(_PREC):
            interval = _epsilon_by_bisection(lambda e: _gaussian_delta_ball(e, sigma, sensitivity, steps), delta)
        return Score(mechanism, target, interval, "exact profile", params)
    check_real("q", q, high=1, high_open=False)
    params.update(q=q, sampling=sampling, relation=relation or ("add-remove" if sampling == "poisson" else "replace-one"))
    losses = dominating_losses(q, sigma, sensitivity, sampling, relation)
    if steps == 1:
        with workprec(_PREC):
            def ball(e: arb) -> arb:
                values = [loss.delta(e) for loss in losses]
                return values[0] if len(values) == 1 else max_ball(values[0], values[1])

            if target == "delta":
                return Score(mechanism, target, _bracket_from_ball(ball(to_arb(epsilon))), "exact profile", params)
            return Score(mechanism, target, _epsilon_by_bisection(ball, delta), "exact profile", params)
    directions = [[(loss, steps)] for loss in losses]
    interval, method = _pld(directions, steps, epsilon, delta), "pld"
    if rdp and params["relation"] == "add-remove" and sampling == "poisson":
        upper = (rdp_epsilon(q, sigma, steps, delta, sensitivity) if target == "epsilon"
                 else rdp_delta(q, sigma, steps, epsilon, sensitivity))
        if upper < interval[0]:  # two certified routes that disagree: a defect, never a result
            raise ArithmeticError(f"the RDP route's upper end {upper!r} lies below the PLD's lower end {interval[0]!r}")
        if upper < interval[1]:
            interval, method = (interval[0], upper), "pld, upper end by rdp"
    return Score(mechanism, target, interval, method, params)


def composed(parts, epsilon=None, delta=None) -> tuple[float, float]:
    """Heterogeneous composition: ``parts`` lists (loss, count) — losses from :func:`.subsampled.dominating_losses`
    (one direction each: pass the same direction for every part) or :class:`.laplace.LaplaceLoss` — and the certified
    PLD bracket of the true δ at ``epsilon`` (or ε at ``delta``) of their composition is returned."""
    if (epsilon is None) == (delta is None):
        raise InvalidParameterError("epsilon", "give exactly one of epsilon and delta")
    steps = sum(count for _, count in parts)
    return _pld([list(parts)], steps, epsilon, delta)


def rdp_epsilon(q, sigma, steps: int, delta, sensitivity=1, orders=range(2, 129)) -> float:
    """The RDP route for the Poisson-subsampled Gaussian (add/remove): ε = min over integer orders α of the
    conversion (:func:`.conversions.rdp_to_dp_epsilon`, "improved") of k·D_α, with D_α from
    :func:`.subsampled.subsampled_rdp` rounded up — an upper bound on the true ε (every step rounds up)."""
    from .conversions import rdp_curve_to_epsilon
    from .subsampled import subsampled_rdp

    with workprec(_PREC):
        rdps = [arb_upper_float(steps * subsampled_rdp(a, q, sigma, sensitivity)) for a in orders]
    return rdp_curve_to_epsilon(list(orders), rdps, delta)


def rdp_delta(q, sigma, steps: int, epsilon, sensitivity=1, orders=range(2, 129)) -> float:
    """The RDP route's δ at ``epsilon`` for the Poisson-subsampled Gaussian (add/remove) — what an RDP accountant
    certifies: δ = min over integer orders α of the conversion (:func:`.conversions.rdp_to_dp_delta`, "improved") of
    k·D_α, with D_α from :func:`.subsampled.subsampled_rdp` rounded up — an upper bound on the true δ."""
    from .conversions import rdp_curve_to_delta
    from .subsampled import subsampled_rdp

    with workprec(_PREC):
        rdps = [arb_upper_float(steps * subsampled_rdp(a, q, sigma, sensitivity)) for a in orders]
    return rdp_curve_to_delta(list(orders), rdps, epsilon)


def _just_below(hi: float, holds) -> float:
    """A float below ``hi`` at which ``holds`` (δ ≤ target) is proved FALSE, or 0."""
    gap = max(hi * 1e-12, 1e-300)
    while gap < hi:
        e = hi - gap
        if holds(e) == Decision.FALSE:
            return e
        gap *= 16
    return 0.0


def verdict(result: Score, claimed_delta) -> str:
    """``within`` / ``violated`` / ``undecided`` for a claimed δ at the scored ε (a δ interval)."""
    if result.target != "delta":
        raise InvalidParameterError("claimed", "a verdict needs the true δ at the claimed ε")
    check_real("claimed-delta", claimed_delta, low_open=False, high=1, high_open=False)
    with workprec(_PREC):
        d = to_arb(claimed_delta)
        lo, hi = result.interval
        if arb(hi) <= d:
            return "within"
        if arb(lo) > d:
            return "violated"
    return "undecided"
