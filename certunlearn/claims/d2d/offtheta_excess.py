"""The accuracy of the published model (Descent-to-Delete, Definition 2.7, line 121) with a loss whose values above Θ
are not its formula's: the secret-state algorithms (Theorem 3.1, lines 200–209, proof lines 242–254; Theorem 3.4,
lines 279–290, proof lines 290–305; Theorem 3.5, lines 310–318, proof lines 685–697; Remark 3.6, lines 321–330) and
Theorem 4.5's (α, β)-accuracy (lines 407–421, proof lines 779–791).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. The loss is declared as f : Θ × Z → ℝ (line 117) and Definitions
2.9–2.11 (lines 135–147) constrain f_z on Θ only, while Definition 2.7 evaluates f_{D_i} at the published
θ̃_i = θ̂_i + Z, off Θ with positive probability, where only an extension of f_z gives it a value and nothing printed
constrains that extension; the printed proofs bound f_{D_i}(θ̃_i) by M-smoothness along the segment from θ*_i to θ̃_i
(line 252; Theorem 3.4's step (1), line 297; Theorem 4.5's last display, line 791), which leaves Θ.

The family is the one of :mod:`certunlearn.claims.d2d.perfect_offtheta` (``values["offtheta"]`` = K; the instances for
these claims: :func:`.perfect_offtheta.offtheta_secret` and ``distributed.OFFTHETA_45``): in one dimension,
Θ = [lo, hi], every f_z is (a/2)(θ − x_z)² on Θ and below it, and above Θ its derivative is a(θ − x_z) + K(θ − hi)², so
f_z = (a/2)(θ − x_z)² + (K/3)(θ − hi)³ there (C², with the quadratic's properties on Θ). The runs stay in Θ (projected
GD evaluates gradients on Θ only; Theorem 4.5 picks the least-loss copy among averages in Θ), so θ̂_i and its law are
the package's exact ones; only the loss at θ̃_i changes.

**The probability, exactly.** With c the data mean of D_i (required in [lo, hi]), θ* = c and min_Θ f_{D_i} = f_{D_i}(c);
the sublevel set {f_{D_i} − f_{D_i}(c) ≤ α} is [c − r, u] with r = √(2α/a) and u = c + r if c + r ≤ hi, else the root
u ∈ (hi, c + r] of (a/2)(u − c)² + (K/3)(u − hi)³ = α (increasing on [hi, ∞) since c ≤ hi), bracketed by bisection on
enclosures. So P = Q((θ̂ − c + r)/σ) + Q((u − θ̂)/σ), θ̂ widened by the run's certified error. As K grows, u → hi:
every θ̃ above Θ counts, the supremum of this part of the class. Under the class the proofs use (f_z convex or
m-strongly convex and M-smooth on ℝ^d, the corrections' reading) this loss is outside the class: :func:`global_loss`.
"""
from __future__ import annotations

from flint import arb

from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...privacy.subsampled import normal_tail
from ..hypotheses import P, holds
from .interval_tail import sublevel_bisect

__all__ = ["is_offtheta", "sublevel_top", "offtheta_excess", "offtheta_excess_of", "global_loss", "OFFTHETA_REACH"]


def is_offtheta(values) -> bool:
    """The instance's loss is extended above Θ otherwise than its formula (``values["offtheta"]`` = K)."""
    return "offtheta" in values


def sublevel_top(a: Fraction, c: Fraction, hi: Fraction, K: Fraction, alpha: arb, steps: int = 200) -> arb:
    """An enclosure of the sublevel set's top u (module docstring): c + √(2α/a) where that is at most hi, else the
    root above hi of h(u) = (a/2)(u − c)² + (K/3)(u − hi)³ − α, bracketed outward from hi and bisected while h's sign
    is decided (:func:`.interval_tail.sublevel_bisect`)."""
    r = (2 * alpha / to_arb(a)).sqrt()
    top = to_arb(c) + r
    if top <= to_arb(hi):
        return top
    a_, c_, hi_, K_ = (to_arb(v) for v in (a, c, hi, K))

    def h(u: Fraction) -> arb:
        x = to_arb(u)
        return a_ / 2 * (x - c_) * (x - c_) + K_ / 3 * (x - hi_) * (x - hi_) * (x - hi_) - alpha

    return sublevel_bisect(h, hi, True, steps)  # h(hi) = (a/2)(hi − c)² − α < 0 here, h convex on [hi, ∞)


def offtheta_excess(a: Fraction, c: Fraction, lo: Fraction, hi: Fraction, K: Fraction, mean: Fraction,
                    sigma: arb, alpha: arb, err: Fraction = Fraction(0)) -> arb:
    """P[f_D(θ̂ + Z) − min_Θ f_D > α], Z ~ N(0, σ²), θ̂ = ``mean`` within ``err``, for the loss extended above Θ with K
    (module docstring)."""
    if not lo <= c <= hi:  # min_Θ f_D = f_D(c) and h increasing above hi need the data mean in Θ
        raise ArithmeticError("the off-Θ accuracy needs the data mean in Θ")
    theta = to_arb(mean) + (arb(0, to_arb(err).upper()) if err else arb(0))
    bottom = to_arb(c) - (2 * alpha / to_arb(a)).sqrt()
    top = sublevel_top(a, c, hi, K, alpha)
    return normal_tail((theta - bottom) / sigma) + normal_tail((top - theta) / sigma)


def offtheta_excess_of(s, X, mean, sigma: arb, alpha: arb, err: Fraction = Fraction(0)) -> arb:
    """:func:`offtheta_excess` for a round of an instance: ``s`` its one-dimensional quadratic setup with the extension's
    K (:class:`certunlearn.claims.d2d.common.Setup`, ``s.offtheta``), ``X`` the round's dataset, ``mean`` the published
    point's mean."""
    if s.dim != 1 or s.huber is not None or s.logistic or s.linear or s.ball is not None:
        raise ArithmeticError("the off-Θ family is a one-dimensional quadratic on an interval")
    c = sum((row[0] for row in X), Fraction(0)) / len(X)
    return offtheta_excess(s.a[0], c, s.lo[0], s.hi[0], s.offtheta, mean[0], sigma, alpha, err)


def global_loss(kind: str) -> P:
    """The corrections' class as a hypothesis: f_z ``kind`` and M-smooth on all of ℝ^d, which the printed proofs use
    off Θ; the off-Θ family (``values["offtheta"]``) is decided outside it. Every other family's loss is a global
    formula (quadratic, Huber-smoothed, logistic + ridge, linear) whose declared constants the claims' hypotheses
    verify as bounds of its Hessian, which holds on ℝ^d for these formulas."""
    return P(f"f_z {kind} and M-smooth on all of ℝ^d (the correction)", lambda values: holds(not is_offtheta(values)))


#: what the off-Θ families (perfect_offtheta.offtheta_secret, distributed.OFFTHETA_45) reach of the printed class
OFFTHETA_REACH = ("the part of the printed class off Θ (Definitions 2.9–2.11 constrain f_z on Θ only, Definition 2.7 "
                  "evaluates f_{D_i} at θ̃_i): d = 1, a C² extension above Θ of a quadratic growing as K(θ − hi)³/3, "
                  "K = 10¹⁸, so every θ̃_i above Θ but within (3α/K)^{1/3} counts: the supremum of that part of the "
                  "class up to that sliver (certunlearn.claims.d2d.offtheta_excess)")
