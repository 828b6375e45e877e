"""Algorithm 1 of POMER (paper file ``001_8748437fc158d2af.txt``, lines 165–199) in d ≥ 1 for linear losses
l_t(x) = ⟨g_t, x⟩, through the samplers of :mod:`~certunlearn.algorithms.pomer.samplers`: K a box (:class:`~.samplers.BoxLinear`,
exact laws and exact log-partitions) or a ball (:class:`~.samplers.BallLinear`, high-precision quadrature).

The switching rule as printed: with r_t(x) = μ̄_{t+1}(x)/(Φ μ̄_t(x)) (normalised densities, line 209 and footnote 4;
:func:`~.samplers.linear_log_ratio`), S_t ∼ Ber(Π(r_t(x_t))), Π the clip to [Φ⁻², 1], S'_t ∼ Ber(1 − p); if
b_t < B and (S'_t = 0 or S_t = 0) then b_{t+1} = b_t + 1 and x_{t+1} ∼ μ̄_{t+1} afresh, else x_{t+1} = x_t.
The draws, in order: x₁ (uniform on K as printed, line 169, or from μ̄₁), then per round u for S_t, u for S'_t, and
on a switch the sampler's draws — for a box in one dimension exactly those of :func:`.pomer.run`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import mpmath
import numpy as np
from flint import arb

from ...errors import InvalidParameterError
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from .gibbs import as_fraction, positive_param
from .samplers import BallLinear, BoxLinear, linear_log_ratio

__all__ = ["MultiTrajectory", "run_linear"]


@dataclass(frozen=True)
class MultiTrajectory:
    """One run: the played points x_1..x_T (tuples of mpmath numbers) and the switch decisions ζ_1..ζ_T."""

    points: tuple
    switches: tuple[int, ...]


def _law(kind: str, lows, highs, radius, cum, beta, lam):
    if kind == "box":
        return BoxLinear(lows, highs, tuple(cum), beta, lam)
    if all(c == 0 for c in cum):  # BallLinear needs a direction: any unit vector gives the same law at g = 0
        cum = (Fraction(0),) * (len(cum) - 1) + (Fraction(0),)
    return BallLinear(tuple(cum), radius, beta, lam)


def _uniform_point(kind: str, lows, highs, radius, d: int, rng: np.random.Generator):
    if kind == "box":
        return tuple(mpmath.mpf(lo) + (mpmath.mpf(hi) - mpmath.mpf(lo)) * mpmath.mpf(float(rng.random()))
                     for lo, hi in zip(map(_mp, lows), map(_mp, highs)))
    direction = rng.standard_normal(d)
    direction /= np.linalg.norm(direction)
    r = _mp(radius) * mpmath.mpf(float(rng.random())) ** (mpmath.mpf(1) / d)
    return tuple(r * mpmath.mpf(float(c)) for c in direction)


def _mp(q) -> mpmath.mpf:
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


def run_linear(gradients: Sequence[Sequence], beta, lam, p, log_phi, rng: np.random.Generator, *,
               box: tuple[Sequence, Sequence] | None = None, radius=None, budget=None, initial: str = "uniform",
               dps: int = 20) -> MultiTrajectory:
    """One run of Algorithm 1 on l_t(x) = ⟨g_t, x⟩ (``gradients`` g_1..g_T, exact rationals), K = ``box``
    (lows, highs) or the ball of ``radius`` (d ≥ 2); ``log_phi`` = log Φ ≥ 0; randomness from ``rng`` only."""
    if (box is None) == (radius is None):
        raise InvalidParameterError("box", "give exactly one of box and radius")
    beta, lam = positive_param(beta, "beta"), positive_param(lam, "lam")
    p = as_fraction(p, "p")
    if not 0 <= p <= 1:
        raise InvalidParameterError("p", f"must lie in [0, 1], got {p}")
    if initial not in ("uniform", "gibbs"):
        raise InvalidParameterError("initial", f"choose 'uniform' or 'gibbs', got {initial!r}")
    gs = [tuple(as_fraction(c, "g") for c in g) for g in gradients]
    if not gs:
        raise InvalidParameterError("gradients", "need at least one round")
    kind = "box" if box is not None else "ball"
    lows, highs = (tuple(map(Fraction, box[0])), tuple(map(Fraction, box[1]))) if box is not None else ((), ())
    d = len(lows) if kind == "box" else len(gs[0])
    if any(len(g) != d for g in gs):
        raise InvalidParameterError("gradients", f"every g_t needs dimension {d}")
    radius = as_fraction(radius, "radius") if radius is not None else None
    cum = [Fraction(0)] * d
    points, switches, used = [], [], 0
    with workprec(128):
        log_phi = to_arb(log_phi) if not isinstance(log_phi, arb) else log_phi
        law = _law(kind, lows, highs, radius, cum, beta, lam)
        x = (_uniform_point(kind, lows, highs, radius, d, rng) if initial == "uniform"
             else tuple(law.sample(rng, dps)))
        log_z = law.log_partition()
        for g in gs:
            points.append(x)
            cum = [c + gk for c, gk in zip(cum, g)]
            nxt = _law(kind, lows, highs, radius, cum, beta, lam)
            log_z_next = nxt.log_partition()
            if kind == "box":
                lr = linear_log_ratio(g, [to_arb(Fraction(mpmath.nstr(xk, 40))) for xk in x], beta, log_z, log_z_next)
                keep = float((lr - log_phi).exp().min(arb(1)).max((-2 * log_phi).exp()).mid())
            else:
                lp = mpmath.mpf(log_phi.mid().str(40, radius=False))
                lr = linear_log_ratio(g, x, beta, log_z, log_z_next)
                keep = float(min(mpmath.mpf(1), max(mpmath.exp(-2 * lp), mpmath.exp(lr - lp))))
            s_t = rng.random() < keep  # S_t ∼ Ber(Π(r_t(x_t)))
            s_prime = rng.random() < float(1 - p)  # S'_t ∼ Ber(1 − p)
            zeta = int((budget is None or used < budget) and (not s_prime or not s_t))
            switches.append(zeta)
            if zeta:
                used += 1
                x = tuple(nxt.sample(rng, dps))
            law, log_z = nxt, log_z_next
    return MultiTrajectory(tuple(points), tuple(switches))
