"""Theorem 3.2's perfect variant on the one-dimensional Huber-smoothed quadratic (issue 23: a loss beyond quadratics),
from the exact law of its first round (Descent-to-Delete, Theorem 3.2, lines 256–265; Algorithm 2, lines 188–195).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. For f_x(θ) = ½a(θ − x)² + c·hub_w(θ − x)
(:class:`certunlearn.problems.huber.HuberQuadratic`) the gradient step θ ↦ θ − η∇f_D(θ) is piecewise affine with
rational breakpoints x ± w, the projection onto Θ = [lo, hi] is a clip: every round of projected GD is an exact
:class:`certunlearn.privacy.clipped_gaussian.PiecewiseAffine` map g_i, constant outside a bounded interval. So
θ̃_1 = g_1(θ̃_0) + Z with θ̃_0 ~ N(θ̂_0, σ²) has an exact law (a location mixture of N(y, σ²) over y in g_1's image),
whose hockey-stick divergence against retraining's N(μ_1, σ²) is enclosed both ways
(:mod:`certunlearn.privacy.location_mixture_hockey`). A later round's law mixes over earlier noise through
g_i ∘ … : it is bounded only by its image [L_i, H_i] (between δ_BW(ε; dist(μ_i, [L_i, H_i])/σ) and
δ_BW(ε; farthest end/σ), :func:`certunlearn.algorithms.d2d.projected_law.mixture_delta`'s argument, which holds for
any mixing law on the image).
"""
from __future__ import annotations

import functools
from collections.abc import Callable

from flint import arb

from ...algorithms.parameters import ceil_exact
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...privacy.clipped_gaussian import PiecewiseAffine, ReleasedLaw
from ...privacy.location_mixture_hockey import location_mixture_hockey
from ...privacy.profile import delta_enclosure
from ...algorithms.d2d.projected_law import composed_power, gaussian_band_exit, mixture_outside
from ...problems.huber import coordinate_minimiser, huber, huber_grad
from ..instances import frac, instance_key
from ..model import Instance
from .common import CLAIMS_BY_ID, CONST_NAMES, SETUP_NAMES, run_key, run_owner, setup_cached, setup_of
from .perfect_exact import narrowed_by_exact

__all__ = ["huber_step", "huber_perfect_rounds", "huber_delta_at", "huber_accuracy_at", "is_huber"]


def huber_step(a: Fraction, c: Fraction, w: Fraction, data: tuple, eta: Fraction, lo: Fraction,
               hi: Fraction) -> PiecewiseAffine:
    """One projected gradient step on f_D = mean over ``data`` of ½a(θ − x)² + c·hub_w(θ − x), exactly: the affine
    pieces of θ − η∇f_D(θ) between the kinks x ± w, then the clip onto [lo, hi]."""
    n = len(data)

    def move(t: Fraction) -> Fraction:
        return t - eta * sum((a * (t - x) + c * huber_grad(t - x, w) for x in data), Fraction(0)) / n

    kinks = sorted({x + s * w for x in data for s in (-1, 1)})
    clip = PiecewiseAffine((lo, hi), ((Fraction(0), lo), (Fraction(1), Fraction(0)), (Fraction(0), hi)))
    return PiecewiseAffine.from_function(move, kinks).then(clip)


def huber_perfect_rounds(claim_id: str, key: tuple) -> tuple:
    """:func:`_owner_rounds` under the claim's :func:`.common.run_owner` (Theorem 3.2 and its accuracy claims prescribe
    the same parameters: they share the maps of the instances they have in common)."""
    return _owner_rounds(run_owner(claim_id), key)


@functools.lru_cache(maxsize=512)
def _owner_rounds(claim_id: str, key: tuple) -> tuple:
    """(θ̂_0, [(g_i, μ_i) for rounds i ≥ 1]) of the perfect variant on a 1-d Huber instance: θ̂_0 and μ_i the
    retraining's T_n projected steps from θ'_0 on D_0 and D_i, g_i round i's exact map (T_i steps on D_i)."""
    claim = CLAIMS_BY_ID[claim_id]
    values = dict(key)
    s = setup_cached(instance_key(values, SETUP_NAMES))
    if s.dim != 1 or s.huber is None:
        raise ArithmeticError("the Huber perfect-variant law is built for one-dimensional Huber-smoothed quadratics")
    env = {k: v for k, v in values.items() if k in CONST_NAMES}
    eta = 2 / (env["M"] + env["m"])
    c, w = s.huber
    steps = [huber_step(frac(s.a[0]), c, w, tuple(frac(row[0]) for row in X), eta, s.lo[0], s.hi[0])
             for X in s.datasets()]

    def retrain(i: int) -> Fraction:
        theta = frac(s.theta0[0])
        for _ in range(ceil_exact(claim.prescribed["T"], {**env, "n": len(s.datasets()[i])})):
            theta = steps[i].at_continuous(theta)
        return theta

    rounds = [(composed_power(steps[i], ceil_exact(claim.prescribed["T_i"], {**env, "i": i})), retrain(i))
              for i in range(1, len(steps))]
    return retrain(0), rounds


def _image_bounds(eps: arb, sigma: arb, hull: tuple, mu: Fraction) -> arb:
    """δ_BW(ε; dist(μ, hull)/σ) ∪ δ_BW(ε; farthest end/σ): any mixture of N(y, σ²) over y in the hull, both ways."""
    near = max(hull[0] - mu, mu - hull[1], Fraction(0))
    far = max(abs(hull[0] - mu), abs(hull[1] - mu))
    return delta_enclosure(eps, sigma, near).union(delta_enclosure(eps, sigma, far))


def huber_delta_at(claim_id: str, values: Instance, eps: arb) -> arb:
    """max over rounds i ≥ 1 and both directions of E_ε between the published θ̃_i and N(μ_i, σ²) at the order ``eps``
    (module docstring): round 1 from its exact law intersected with its image bounds, later rounds from their image
    bounds."""
    sig = to_arb(values["sigma"])
    mean0, rounds = huber_perfect_rounds(claim_id, run_key(values))
    worst = arb(0)
    for r, (g, mu) in enumerate(rounds, start=1):
        hull = g.image_hull()
        known = _image_bounds(eps, sig, hull, mu)
        if r == 1:
            p = ReleasedLaw(m=mean0, v1=sig * sig, v2=sig * sig, F=g).density()
            known = narrowed_by_exact(known, tuple(location_mixture_hockey(eps, p, hull, mu, sig, forward)
                                                   for forward in (True, False)))
        worst = worst.max(known)
    return worst


def is_huber(values: Instance) -> bool:
    """Whether the instance's loss is the Huber-smoothed quadratic."""
    return setup_of(values).huber is not None


# =========================================================================== accuracy (Theorem 3.2, lines 256–265; its proof, lines 601–612)
def _risk(a: Fraction, c: Fraction, w: Fraction, data: tuple) -> Callable[[Fraction], Fraction]:
    """t ↦ f_D(t) = mean over ``data`` of ½a(t − x)² + c·hub_w(t − x), exactly."""
    return lambda t: sum((a * (t - x) ** 2 / 2 + c * huber(t - x, w) for x in data), Fraction(0)) / len(data)


_BISECTIONS = 64


def _sublevel_end(f: Callable[[Fraction], Fraction], level: arb, start: Fraction, step: Fraction) -> tuple:
    """(inside, outside): exact points with f ≤ level proved at ``inside`` (or ``start``, where f ≤ level holds) and
    f > level proved at ``outside`` — an end of the convex f's sublevel set bracketed, narrowed by 64 bisections (an
    undecided comparison stops them with the bracket it has)."""
    inside, k = start, step
    while True:  # doubling out: f grows at least quadratically (a > 0), so a point above the level is reached
        v = to_arb(f(start + k))
        if v > level:
            break
        if v <= level:  # an undecided point is neither: the walk goes on past it
            inside = start + k
        k = 2 * k
    outside = start + k
    for _ in range(_BISECTIONS):
        mid = (inside + outside) / 2
        v = to_arb(f(mid))
        if v > level:
            outside = mid
        elif v <= level:
            inside = mid
        else:
            break
    return inside, outside


def huber_accuracy_at(claim_id: str, values: Instance, alpha: arb) -> arb:
    """max over rounds i ≥ 0 of P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] on a 1-d Huber instance: {f ≤ min + α} is an
    interval (f convex) whose ends are bracketed by exact points (bisection decided on arb); the probability of leaving
    it lies between those of leaving the outer and the inner bracket — for round 0 (θ̃_0 ~ N(θ̂_0, σ²)) by erfc, for a
    later round through the exact image [L_i, H_i] of its map
    (:func:`certunlearn.algorithms.d2d.projected_law.mixture_outside`: Anderson's inequality)."""
    s = setup_of(values)
    sig = to_arb(values["sigma"])
    c, w = s.huber
    a = frac(s.a[0])
    mean0, rounds = huber_perfect_rounds(claim_id, run_key(values))
    laws = [None] + [g.image_hull() for g, _ in rounds]
    worst = arb(0)
    for X, hull in zip(s.datasets(), laws):
        data = tuple(frac(row[0]) for row in X)
        f = _risk(a, c, w, data)
        star = coordinate_minimiser([a] * len(data), data, data, [c] * len(data), w, s.lo[0], s.hi[0])
        level = to_arb(f(star)) + alpha
        (l_in, l_out), (r_in, r_out) = (_sublevel_end(f, level, star, e * (s.hi[0] - s.lo[0] + 1)) for e in (-1, 1))
        probs = []
        for lo_, hi_ in ((l_out, r_out), (l_in, r_in)):  # outer (fewer exits), inner (more)
            centre, radius = (lo_ + hi_) / 2, (hi_ - lo_) / 2
            if hull is None:
                probs.append(gaussian_band_exit(to_arb(mean0), sig, to_arb(centre), to_arb(radius)))
            else:
                probs.append(mixture_outside(sig, hull[0], hull[1], centre, to_arb(radius)))
        worst = worst.max(probs[0].union(probs[1]))
    return worst
