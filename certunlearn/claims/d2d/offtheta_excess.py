"""The accuracy of the secret-state algorithms (Descent-to-Delete, Definition 2.7, line 121; Theorem 3.1, lines 200–209,
proof lines 242–254; Theorem 3.4, lines 279–290, proof lines 290–305; Theorem 3.5, lines 310–318, proof lines 685–697;
Remark 3.6, lines 321–330) with a loss whose values above Θ are not its formula's.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Definitions 2.9–2.11 (lines 135–147) constrain f_z on Θ only, while
Definition 2.7 evaluates f_{D_i} at the published θ̃_i = θ̂_i + Z, off Θ with positive probability; the printed proofs
bound f_{D_i}(θ̃_i) by M-smoothness along the segment from θ*_i to θ̃_i (line 252; Theorem 3.4's step (1), line 297),
which leaves Θ. The family here is the one of :mod:`certunlearn.claims.d2d.perfect_offtheta` (``values["offtheta"]``
= K): in one dimension, Θ = [lo, hi], every f_z is (a/2)(θ − x_z)² on Θ and below it, and above Θ its derivative is
a(θ − x_z) + K(θ − hi)², so f_z = (a/2)(θ − x_z)² + (K/3)(θ − hi)³ there (C², with the quadratic's properties on Θ).
The secret-state runs stay in Θ (projected GD evaluates gradients on Θ only), so θ̂_i is the package's exact run; only
the loss at θ̃_i changes.

**The probability, exactly.** With c the data mean of D_i (required in [lo, hi]), θ* = c and min_Θ f_{D_i} = f_{D_i}(c);
the sublevel set {f_{D_i} − f_{D_i}(c) ≤ α} is [c − r, u] with r = √(2α/a) and u = c + r if c + r ≤ hi, else the root
u ∈ (hi, c + r] of (a/2)(u − c)² + (K/3)(u − hi)³ = α (increasing on [hi, ∞) since c ≤ hi), bracketed by bisection on
enclosures. So P = Q((θ̂ − c + r)/σ) + Q((u − θ̂)/σ), θ̂ widened by the run's certified error. As K grows, u → hi:
every θ̃ above Θ counts, the supremum of this part of the class. Under the class the proofs use (f_z convex or
m-strongly convex and M-smooth on ℝ^d, the corrections' reading) this loss is outside the class: :data:`GLOBAL_LOSS`.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from flint import arb

from ...numeric.enclosure import to_arb
from ...privacy.subsampled import normal_tail
from ..hypotheses import P, holds
from ..model import Adversary
from .perfect_offtheta import is_offtheta, offtheta_instances

__all__ = ["sublevel_top", "offtheta_excess", "global_loss", "GLOBAL_LOSS", "offtheta_secret_instances", "offtheta_secret",
           "OFFTHETA_REACH"]


def sublevel_top(a: Fraction, c: Fraction, hi: Fraction, K: Fraction, alpha: arb, steps: int = 200) -> arb:
    """An enclosure of the sublevel set's top u (module docstring): c + √(2α/a) where that is at most hi, else the
    root above hi of h(u) = (a/2)(u − c)² + (K/3)(u − hi)³ − α, bracketed by bisection while h's sign is decided."""
    r = (2 * alpha / to_arb(a)).sqrt()
    top = to_arb(c) + r
    if top <= to_arb(hi):
        return top
    a_, c_, hi_, K_ = (to_arb(v) for v in (a, c, hi, K))

    def h(u: Fraction) -> arb:
        x = to_arb(u)
        return a_ / 2 * (x - c_) * (x - c_) + K_ / 3 * (x - hi_) * (x - hi_) * (x - hi_) - alpha

    man, exp = top.upper().man_exp()
    low, high = hi, Fraction(int(man)) * Fraction(2) ** int(exp)
    if not h(high) >= 0:  # c + r's upper end: h ≥ (a/2)r² − α ≥ 0 there; an undecided sign is not a bracket
        raise ArithmeticError("the sublevel top could not be bracketed above Θ")
    for _ in range(steps):
        mid = (low + high) / 2
        val = h(mid)
        if val < 0:
            low = mid
        elif val > 0:
            high = mid
        else:
            break
    return to_arb(low).union(to_arb(high))


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


def global_loss(kind: str) -> P:
    """The corrections' class as a hypothesis: f_z ``kind`` and M-smooth on all of ℝ^d, which the printed proofs use
    off Θ; the off-Θ family (``values["offtheta"]``) is decided outside it."""
    return P(f"f_z {kind} and M-smooth on all of ℝ^d (the correction)", lambda values: holds(not is_offtheta(values)))


#: the corrections' class for the accuracy of Theorems 3.1 (m-strongly convex) and 3.4, 3.5, Remark 3.6 (convex)
GLOBAL_LOSS = global_loss("convex (Theorem 3.1: m-strongly convex)")

#: (n, β) of the secret-state instances: β = 1/100 and 1/20, n small (the effect does not depend on n: u − hi ≈
#: (3α/K)^{1/3} is far below σ)
SECRET_CASES = ((8, Fraction(1, 100)), (8, Fraction(1, 20)))


def offtheta_secret_instances() -> list[dict]:
    """Θ = [0, 1], a = 1, every point at hi = 1 (the optimum at Θ's top, so about half of θ̃_i lies above Θ), θ'_0 = 0,
    one deletion, ε = 5, δ = 1/100, I = 1, the extension K of :mod:`.perfect_offtheta`."""
    base = offtheta_instances()[0]
    out = []
    for n, beta in SECRET_CASES:
        inst = dict(base)
        inst["X"], inst["n"], inst["beta"] = [[1]] * n, n, beta
        out.append(inst)
    return out


def offtheta_secret(wrap: Callable = lambda gen: gen) -> Adversary:
    """The secret-state accuracy claims' off-Θ family (:func:`offtheta_secret_instances`), through ``wrap`` (the
    regularised theorems' instance adapter)."""
    return Adversary("a loss whose values above Θ are not its formula's (f_z = (a/2)(θ − x)² + (K/3)(θ − hi)³ there): "
                     "the optimum at Θ's top, about half of θ̃_i above Θ, β ∈ {1/100, 1/20}",
                     generate=wrap(lambda _rng, _size: offtheta_secret_instances()), boundary_base=False,
                     reaches=OFFTHETA_REACH)


#: what :func:`offtheta_secret` reaches of the printed class
OFFTHETA_REACH = ("the part of the printed class off Θ (Definitions 2.9–2.11 constrain f_z on Θ only, Definition 2.7 "
                  "evaluates f_{D_i} at θ̃_i): d = 1, a C² extension above Θ of a quadratic growing as K(θ − hi)³/3, "
                  "K = 10¹⁸, so every θ̃_i above Θ but within (3α/K)^{1/3} counts: the supremum of that part of the "
                  "class up to that sliver (certunlearn.claims.d2d.offtheta_excess)")
