"""Theorem 3.2's perfect variant over its whole class — any d, any m-strongly convex M-smooth loss with certified runs,
any convex closed Θ with a projection — enclosed through a ball around each round's image (Descent-to-Delete,
Theorem 3.2, lines 256–265; Algorithms 1–3, lines 170–195; proof Appendix D, lines 555–612).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Round i ≥ 1 publishes θ̃_i = g_i(θ̃_{i−1}) + Z, Z ~ N(0, σ²I_d),
g_i the T_i projected gradient steps x ↦ P_Θ(x − η∇f_{D_i}(x)) with η = 2/(M + m). Whatever the law ν of θ̃_{i−1}
(it mixes over all earlier noise), θ̃_i's law is the location mixture P_i = ∫ N(y, σ²I) dν_i(y), ν_i = g_i#ν supported
by the image S_i = g_i(ℝ^d) ⊂ Θ. Retraining publishes Q_i = N(μ_i, σ²I).

**The image ball** (:func:`perfect_ball_rounds`). The first step maps ℝ^d into Θ (the projection), so
‖step₁(x) − step₁(p)‖ ≤ D for every x and any p ∈ Θ. Each later step starts in Θ, and on the convex Θ the map
x ↦ x − η∇f(x) is γ-Lipschitz with γ = max(|1 − ηm|, |1 − ηM|) = (M − m)/(M + m) (m ⪯ ∇²f ⪯ M on the segment, which
stays in Θ), the projection nonexpansive: so S_i ⊂ B(c_i, r_i) with c_i = g_i(p) (here p = θ'_0) and
r_i = γ^{T_i − 1}·D. The runs c_i, μ_i (and round 0's mean θ̂_0) are computed with rounded gradients and projections
(:class:`certunlearn.problems.rounded_logistic.RoundedLogistic`, :class:`certunlearn.problems.rounded_ball.RoundedBall`),
each within e = (τ_p + ητ_g)/(1 − γ) of the exact run (:func:`.common.rounded_run_error`; the recursion of
:func:`certunlearn.claims.d2d.common.run_error`), e = 0 for exact runs (quadratic and Huber losses on a box or a
polytope).

**Privacy** (E_ε, both directions, of P_i against Q_i). Let ρ = ‖c_i − μ_i‖ (computed ± 2e).

* *upper*: E_ε is jointly convex (an f-divergence), so E_ε(P_i ‖ Q_i) ≤ ∫ E_ε(N(y, σ²I) ‖ Q_i) dν_i(y) and
  E_ε(Q_i ‖ P_i) ≤ ∫ E_ε(Q_i ‖ N(y, σ²I)) dν_i(y); between two Gaussians of covariance σ²I both directions equal
  δ_BW(ε; ‖y − μ_i‖/σ) (Balle & Wang, Theorem 8), increasing in the shift; ‖y − μ_i‖ ≤ ρ + r_i on the ball: both are
  at most δ_BW(ε; (ρ + 2e + r_i)/σ).
* *lower*: with u = (c_i − μ_i)/ρ every y ∈ B(c_i, r_i) has ⟨y − μ_i, u⟩ ≥ s := ρ − 2e − r_i. Take s > 0 (else the
  bound is 0). The half-space H = {x : ⟨x − μ_i, u⟩ > t} has Q_i(H) = Φ̄(t/σ) and, each component's projection being
  N(⟨y − μ_i, u⟩, σ²) with mean ≥ s, P_i(H) ≥ Φ̄((t − s)/σ); so E_ε(P_i ‖ Q_i) ≥ sup_t Φ̄((t − s)/σ) − e^ε Φ̄(t/σ), the
  supremum of the 1-d Gaussian pair at shift s over half-lines, which is δ_BW(ε; s/σ) (the likelihood-ratio sets
  of two Gaussians are half-lines). The reverse direction with the complements {⟨x − μ_i, u⟩ < t}: P_i ≤ Φ((t − s)/σ),
  Q_i = Φ(t/σ), the same supremum. So max(both directions) ≥ δ_BW(ε; s/σ).

**Accuracy** (P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α], round 0 included: θ̃_0 ~ N(θ̂_0, σ²I) by
:func:`certunlearn.claims.d2d.sandwich_tail.sandwich_probability`). For a round i ≥ 1 the probability is
∫ h(y) dν_i(y), h(y) = P[f(y + Z) − f(θ*) > α], so it lies between min and max of h over S_i ⊂ B(c_i, r_i). With
θ* = argmin_Θ f and g* = ∇f(θ*) (both enclosed: :func:`certunlearn.claims.d2d.sandwich_tail.argmin_enclosure`) and
Δ = y + Z − θ*, m-strong convexity and M-smoothness on ℝ^d give ⟨g*, Δ⟩ + (κ_lo/2)‖Δ‖² ≤ f(θ* + Δ) − f(θ*) ≤
⟨g*, Δ⟩ + (κ_hi/2)‖Δ‖² (κ_lo, κ_hi the family's global curvatures, :func:`.sandwich_tail.declared_curvatures`), so
h_lo(y) ≤ h(y) ≤ h_hi(y) with h_κ(y) = P[‖Δ + g*/κ‖² > 2α/κ + ‖g*‖²/κ²]: a noncentral χ²_d tail in the
noncentrality ‖y − (θ* − g*/κ)‖²/σ². That tail is increasing in the noncentrality (‖W + c‖² for W ~ N(0, I): the mass
of the centred ball {‖w‖² ≤ x} under N(−c, I) decreases along each ray in c by Anderson's theorem, and depends on c
only through ‖c‖ by rotation invariance). With ρ_κ = ‖c_i − θ* + g*/κ‖ (enclosed, ± e), every y of the ball has
‖y − θ* + g*/κ‖ ∈ [max(0, ρ_κ − r_i), ρ_κ + r_i]: the probability lies between h_lo at distance
max(0, ρ_lo − e − r_i) and h_hi at distance ρ_hi + e + r_i (:func:`.sandwich_tail.model_tail` with the offset placed
on the first axis).

What this does not reach: losses with no certified run (a run whose distance from the exact one is not bounded). The
enclosures hold for every loss and Θ of the class once the runs c_i, μ_i, θ̂_0 and θ*, g* are enclosed; they are
built for the loss families of :class:`certunlearn.claims.d2d.common.Setup`. A quadratic with a non-diagonal A on a
ball or a polytope is reached through a rotation: an orthogonal change of coordinates R maps the instance (A, Θ, data)
to (RᵀAR, RᵀΘ, Rᵀx) and every law of the algorithm isometrically (the steps, the projection and N(0, σ²I) commute with
R), so δ and the accuracy probability are those of the diagonal instance on the rotated set — every ball is its own
rotation, and a polygon's rotation is a polygon.
"""
from __future__ import annotations

import functools

import numpy as np
from flint import arb

from ...algorithms.parameters import ceil_exact
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...privacy.profile import delta_enclosure
from ..instances import frac, instance_key
from ..model import Instance
from .common import (
    CLAIMS_BY_ID, CONST_NAMES, SETUP_NAMES, clamp01, ncx2_sf, rounded_run_error, run_key, run_owner, setup_cached, setup_of,
)
from .sandwich_tail import (
    argmin_enclosure, declared_curvatures, fraction_of, model_tail, sandwich_probability, squared_norm,
)

__all__ = ["perfect_ball_rounds", "image_ball_delta", "ball_delta_at", "image_ball_tail",
           "ball_accuracy_at"]


def perfect_ball_rounds(claim_id: str, values: Instance) -> tuple:
    """:func:`_owner_rounds` of an instance under the claim's :func:`.common.run_owner`."""
    return _owner_rounds(run_owner(claim_id), run_key(values))


@functools.lru_cache(maxsize=512)
def _owner_rounds(claim_id: str, key: tuple) -> tuple:
    """(θ̂_0, e, [(c_i, r_i, μ_i) for rounds i ≥ 1]) (module docstring): θ̂_0 and μ_i retraining's T(n_i) projected
    steps from θ'_0 on D_0 and D_i, c_i round i's map at p = θ'_0 (T_i steps on D_i), r_i = γ^{T_i − 1}·D, each run
    within e of the exact one (vectors of Fractions)."""
    from ...algorithms.d2d import Problem
    from ...algorithms.d2d.descent import projected_gd

    claim = CLAIMS_BY_ID[claim_id]
    values = dict(key)
    s = setup_cached(instance_key(values, SETUP_NAMES))
    env = {k: v for k, v in values.items() if k in CONST_NAMES}
    m_, M_ = frac(env["m"]), frac(env["M"])
    if not 0 < m_ < M_:
        raise ArithmeticError("the image ball needs 0 < m < M")
    eta, gamma = 2 / (M_ + m_), (M_ - m_) / (M_ + m_)
    err = rounded_run_error(s, eta, gamma)
    prob = Problem(s.loss, s.domain)
    start = [frac(v) for v in s.theta0]

    def runs(X: np.ndarray, counts: tuple[int, ...]) -> list[list[Fraction]]:
        """The iterates after each of the (increasing) step counts, one run from θ'_0."""
        out, theta, done = [], start, 0
        for t in counts:
            if t > done:
                theta = [frac(v) for v in projected_gd(prob, X, None, theta, eta=eta, T=t - done)]
                done = t
            out.append(theta)
        return out

    Ds = s.datasets()
    mean0 = runs(Ds[0], (ceil_exact(claim.prescribed["T"], {**env, "n": len(Ds[0])}),))[0]
    rounds = []
    for i, X in enumerate(Ds[1:], start=1):
        Ti = ceil_exact(claim.prescribed["T_i"], {**env, "i": i})
        Tn = ceil_exact(claim.prescribed["T"], {**env, "n": len(X)})
        order = sorted({Ti, Tn})
        got = dict(zip(order, runs(X, tuple(order))))
        rounds.append((tuple(got[Ti]), gamma ** (Ti - 1) * frac(env["D"]), tuple(got[Tn])))
    return tuple(mean0), err, tuple(rounds)


def _distance(u, v) -> arb:
    """‖u − v‖ of two rational vectors, enclosed (the square root of an exact rational)."""
    return to_arb(sum(((frac(a) - frac(b)) ** 2 for a, b in zip(u, v)), Fraction(0))).sqrt()


def image_ball_delta(eps: arb, sigma: arb, rho: arb, reach: arb) -> arb:
    """max of both directions of E_ε between a location mixture of N(y, σ²I) over y in a ball B(c, ``reach``) and
    N(μ, σ²I), ‖c − μ‖ = ``rho``: between δ_BW(ε; (ρ − reach)/σ) (0 unless that is decided > 0) and
    δ_BW(ε; (ρ + reach)/σ) (module docstring)."""
    near = rho - reach
    far = arb((rho + reach).upper())
    low = delta_enclosure(eps, sigma, arb(near.lower())) if near > 0 else arb(0)
    return arb(low.lower()).union(arb(delta_enclosure(eps, sigma, far).upper()))


def ball_delta_at(claim_id: str, values: Instance, eps: arb) -> arb:
    """max over rounds i ≥ 1 and both directions of E_ε between θ̃_i and N(μ_i, σ²I) at the order ``eps``: the image
    ball B(c_i, r_i), both runs within e (:func:`image_ball_delta` with reach r_i + 2e)."""
    sig = to_arb(values["sigma"])
    _, err, rounds = perfect_ball_rounds(claim_id, values)
    worst = arb(0)
    for c, r, mu in rounds:
        worst = worst.max(image_ball_delta(eps, sig, _distance(c, mu), to_arb(2 * err + r)))
    return worst


def _tail_at(distance: arb, grad: list[arb], kappa: arb, sigma: arb, alpha: arb) -> arb:
    """h_κ at a point y with ‖y − θ* + g*/κ‖ = ``distance``: :func:`.sandwich_tail.model_tail` with the offset
    y − θ* = distance·e₁ − g*/κ."""
    offset = [(distance if k == 0 else arb(0)) - g / kappa for k, g in enumerate(grad)]
    return model_tail(offset, grad, kappa, sigma, alpha, ncx2_sf)


def image_ball_tail(centre: list[arb], grad: list[arb], low_k: arb, high_k: arb, reach: arb, sigma: arb,
                    alpha: arb) -> arb:
    """P[f(θ* + Δ) − f(θ*) > α] averaged over any mixture of Δ ~ N(y − θ*, σ²I) with y in a ball around a point c,
    ``centre`` = c − θ*, radius ``reach``, for every f with ∇f(θ*) = ``grad`` and curvatures in [low_k, high_k] on ℝ^d:
    between h_lo at the nearest and h_hi at the farthest distance from θ* − g*/κ (module docstring)."""
    ends = []
    for kappa, upper in ((low_k, False), (high_k, True)):
        rho = squared_norm([a + g / kappa for a, g in zip(centre, grad)]).nonnegative_part().sqrt()
        dist = arb((rho + reach).upper()) if upper else arb((rho - reach).nonnegative_part().lower())
        tail = _tail_at(dist, grad, kappa, sigma, alpha)
        ends.append(arb(tail.upper()) if upper else arb(tail.lower()))
    low, high = ends[0].max(arb(0)), ends[1].min(arb(1))
    if not low <= high:  # two rigorous bounds on one number: crossing ones would be a bug
        raise ArithmeticError("the image ball's accuracy bounds cross")
    return low.union(high)


def ball_accuracy_at(claim_id: str, values: Instance, alpha: arb) -> arb:
    """max over rounds i ≥ 0 of P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] (module docstring): round 0 between the two
    quadratic models at the enclosed θ̂_0, a later round by :func:`image_ball_tail` on the image ball (reach r_i + e)."""
    s = setup_of(values)
    sig = to_arb(values["sigma"])
    mean0, err, rounds = perfect_ball_rounds(claim_id, values)
    Ds = s.datasets()
    worst = clamp01(sandwich_probability(s, Ds[0], np.asarray(mean0, dtype=object), sig, alpha, err, ncx2_sf))
    low_k, high_k = (to_arb(v) for v in declared_curvatures(s.loss, s.domain))
    for X, (c, r, _) in zip(Ds[1:], rounds):
        star, grad = argmin_enclosure(s.loss, s.domain, X, fraction_of(sig) / 2**30)
        centre = [to_arb(a) - t for a, t in zip(c, star)]
        worst = worst.max(image_ball_tail(centre, grad, low_k, high_k, to_arb(err + r), sig, alpha))
    return worst
