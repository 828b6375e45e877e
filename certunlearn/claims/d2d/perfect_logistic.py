"""Theorem 3.2's perfect variant on logistic + ridge in d = 1, enclosed through each round's image (Descent-to-Delete,
Theorem 3.2, lines 256–265; Algorithm 2, lines 188–195; the loss: Definitions 2.9–2.11, lines 133–147).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Round i ≥ 1 publishes θ̃_i = g_i(θ̃_{i−1}) + Z, g_i the T_i projected
gradient steps on f_{D_i} = mean of log(1 + e^{−xθ}) + (λ/2)θ² (:class:`certunlearn.problems.rounded_logistic.
RoundedLogistic`), Z ~ N(0, σ²). Whatever the law of θ̃_{i−1}, θ̃_i is a mixture of N(y, σ²) over y in the image of g_i
(a location mixture), so — as for any mixture on an interval [L, H] (the argument of
:func:`certunlearn.algorithms.d2d.projected_law.mixture_delta`) — its hockey-stick divergence against retraining's
N(μ_i, σ²), both directions, lies between δ_BW(ε; dist(μ_i, [L, H])/σ) (a half-line set: every component is at least
that far on one side) and δ_BW(ε; max_{y ∈ [L, H]} |y − μ_i|/σ) (joint convexity; δ_BW increases with the shift).

The image is enclosed without the law: the first step maps ℝ into Θ = [lo, hi] (the projection), and each of the
other T_i − 1 steps x ↦ Proj(x − η∇f(x)) is γ_g-Lipschitz, γ_g = max(|1 − ηλ|, |1 − η(λ + R²/4)|) < 1 (λ ≤ f'' ≤
λ + R²/4, the projection nonexpansive), so every image point is within γ_g^{T_i − 1}(hi − lo) of g_i(lo). The runs
(g_i(lo), retraining's μ_i) are computed with rounded gradients, each within e = η·τ_g/(1 − γ_g) of the exact run
(τ_g the gradient's certified error: :func:`certunlearn.claims.d2d.common.run_error`'s argument). Both ends widen by
e. This is the logistic counterpart of the image bounds of :mod:`certunlearn.claims.d2d.perfect_huber` (a logistic
step is not piecewise affine: no exact law of round 1 here).

Accuracy (P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α]): the sublevel set {f ≤ min f + α} = [a, b] is bracketed by bisection on
enclosures (:func:`certunlearn.claims.d2d.common.smooth_sublevel_ends`); round 0 is N(θ̂_0, σ²) (θ̂_0 within e); for a
round i ≥ 1 the exit probability h(y) = P[y + Z ∉ [a, b]] of a component is quasi-convex in y (P[y + Z ∈ [a, b]] is
log-concave in y, the Gaussian being log-concave, and peaks at the centre (a + b)/2 by symmetry), so the mixture's lies
between h at the point of [L, H] nearest the centre (evaluated on the ball of candidates: its lower end) and the
larger of h(L), h(H).
"""
from __future__ import annotations

import functools

from flint import arb

from ...algorithms.parameters import ceil_exact
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...privacy.profile import delta_enclosure
from ..instances import frac, instance_key
from ..model import Instance
from .common import (
    CLAIMS_BY_ID, CONST_NAMES, SETUP_NAMES, clamp01, rounded_run_error, run_key, run_owner, setup_cached, setup_of,
    smooth_sublevel_ends,
)
from .interval_tail import outside_mass

__all__ = ["logistic_perfect_rounds", "logistic_delta_at", "logistic_accuracy_at"]


@functools.lru_cache(maxsize=512)
def _rounds(claim_id: str, key: tuple) -> tuple:
    """((θ̃_0's mean θ̂_0 − e, + e), [(L_i, H_i, μ̃_i − e, μ̃_i + e) for rounds i ≥ 1]): round 0's mean (retraining on
    D_0), the enclosed image of round i's map (within Θ) and retraining's mean on D_i (module docstring)."""
    from ...algorithms.d2d import Problem
    from ...algorithms.d2d.descent import projected_gd

    claim = CLAIMS_BY_ID[claim_id]
    values = dict(key)
    s = setup_cached(instance_key(values, SETUP_NAMES))
    if s.dim != 1 or not s.logistic or s.ball is not None:
        raise ArithmeticError("the logistic perfect-variant image is built for one-dimensional logistic + ridge")
    env = {k: v for k, v in values.items() if k in CONST_NAMES}
    eta = 2 / (env["M"] + env["m"])
    lo, hi = s.lo[0], s.hi[0]
    gamma = max(abs(1 - eta * s.loss.risk_strong_convexity()), abs(1 - eta * s.loss.risk_smoothness_bound()))
    err = rounded_run_error(s, eta, gamma)  # raises unless γ < 1 (no bound on the image or the rounded run)
    prob = Problem(s.loss, s.domain)

    def run(X, start: Fraction, steps: int) -> Fraction:
        return frac(projected_gd(prob, X, None, [start], eta=eta, T=steps)[0])

    Ds = s.datasets()
    mean0 = run(Ds[0], frac(s.theta0[0]), ceil_exact(claim.prescribed["T"], {**env, "n": len(Ds[0])}))
    out = []
    for i, X in enumerate(Ds[1:], start=1):
        Ti = ceil_exact(claim.prescribed["T_i"], {**env, "i": i})
        Tn = ceil_exact(claim.prescribed["T"], {**env, "n": len(X)})
        mid, w = run(X, lo, Ti), gamma ** (Ti - 1) * (hi - lo)
        mu = run(X, frac(s.theta0[0]), Tn)
        out.append((max(lo, mid - err - w), min(hi, mid + err + w), mu - err, mu + err))
    return (mean0 - err, mean0 + err), tuple(out)


def logistic_perfect_rounds(claim_id: str, values: Instance) -> tuple:
    """:func:`_rounds` of an instance under the claim's :func:`.common.run_owner`."""
    return _rounds(run_owner(claim_id), run_key(values))


def logistic_delta_at(claim_id: str, values: Instance, eps: arb) -> arb:
    """max over rounds i ≥ 1 and both directions of E_ε(θ̃_i ‖ N(μ_i, σ²)) at the order ``eps``, enclosed between the
    image's nearest and farthest ends from μ_i (module docstring)."""
    sig = to_arb(values["sigma"])
    worst = arb(0)
    for L, H, mu_lo, mu_hi in logistic_perfect_rounds(claim_id, values)[1]:
        near = max(L - mu_hi, mu_lo - H, Fraction(0))
        far = max(H - mu_lo, mu_hi - L)
        low = delta_enclosure(eps, sig, near) if near > 0 else arb(0)
        worst = worst.max(low.union(delta_enclosure(eps, sig, far)))
    return worst


def logistic_accuracy_at(claim_id: str, values: Instance, alpha: arb) -> arb:
    """max over rounds i ≥ 0 of P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] on a 1-d logistic instance (module docstring)."""
    s = setup_of(values)
    sig = to_arb(values["sigma"])
    (m_lo, m_hi), rounds = logistic_perfect_rounds(claim_id, values)
    Ds = s.datasets()
    a, b = smooth_sublevel_ends(s, Ds[0], alpha)
    worst = clamp01(outside_mass(to_arb(m_lo).union(to_arb(m_hi)), sig, a, b))
    for X, (L, H, _, _) in zip(Ds[1:], rounds):
        a, b = smooth_sublevel_ends(s, X, alpha)
        centre = (a + b) / 2
        near = centre.intersection(to_arb(L).union(to_arb(H))) if centre.overlaps(to_arb(L).union(to_arb(H))) else (
            to_arb(L) if centre < to_arb(L) else to_arb(H))
        low = outside_mass(near, sig, a, b)
        high = outside_mass(to_arb(L), sig, a, b).max(outside_mass(to_arb(H), sig, a, b))
        worst = worst.max(clamp01(arb(low.lower()).union(arb(high.upper()))))
    return worst
