"""Reference samplers for olu releases, and an audit of the (ε, δ) guarantee an olu certificate implies.

olu's certificates are Rényi: Algorithm 1 is an (α, αε)-OLU, D_α(release ‖ reference release) ≤ αε at every
deletion time. By the RDP → DP conversion (Mironov 2017, Proposition 3) that implies (αε + log(1/δ)/(α − 1), δ)
indistinguishability for every δ ∈ (0, 1), which the black-box audit (:func:`certunlearn.audit.audit_samples`) can
test from samples. The samplers follow the audit's candidate protocol (:mod:`certunlearn.audit.run`):
``candidate(instance, side, rng, size)`` returns ``size`` releases at τ[i] — side 0 of Algorithm 1 (or 2), side 1 of
its reference process for interval i (Definition 2) — drawn by running the algorithm pathwise
(:mod:`certunlearn.algorithms.olu.printed`, float64), so projections and non-Gaussian laws are sampled as they are.
Verdicts from samples are statistical (confidence stated by the audit) and never enter the exact checker.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from ..algorithms.olu import printed as P
from ..errors import InvalidParameterError
from .result import AuditResult
from .run import audit_samples

__all__ = ["olu_release_sampler", "rdp_to_dp", "audit_olu_release"]


def rdp_to_dp(alpha: float, rdp: float, delta: float) -> float:
    """ε of the (ε, δ) guarantee implied by D_α ≤ ``rdp``: rdp + log(1/δ)/(α − 1) (Mironov 2017, Proposition 3)."""
    if not (alpha > 1 and 0 < delta < 1 and rdp >= 0):
        raise InvalidParameterError("alpha", "α > 1, rdp ≥ 0 and δ ∈ (0, 1)")
    return rdp + math.log(1 / delta) / (alpha - 1)


def _floats(xs: Any) -> tuple:
    return tuple(float(x) for x in xs)


def olu_release_sampler(instance_to_case: Callable[[Mapping[str, Any]], dict], *, deletion: int = 1,
                        sigma_factor: float = 1.0, algorithm: str = "olu.alg1") -> Callable:
    """A candidate drawing releases at τ[``deletion``]: ``instance_to_case(instance)`` gives the keyword arguments of
    :func:`~certunlearn.algorithms.olu.printed.run` (``losses``, ``K``, ``z1``, ``etas``, ``tau``, ``u``, ``sigmas``, and for Algorithm 2 ``h``,
    ``I1``, ``I2``) in float64. ``sigma_factor`` scales every σ_i (1: the reference; below 1: a buggy candidate)."""
    if algorithm not in ("olu.alg1", "olu.alg2"):
        raise InvalidParameterError("algorithm", "'olu.alg1' or 'olu.alg2'")

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        case = dict(instance_to_case(instance))
        tau = list(case["tau"])
        if not 1 <= deletion <= len(tau):
            raise InvalidParameterError("deletion", f"in 1..{len(tau)}")
        sig = [float(s) * sigma_factor for s in case["sigmas"]]
        ref = deletion if side == 1 else 0
        out = np.empty((size, case["losses"].d))
        for n in range(size):
            if algorithm == "olu.alg1":
                path = P.run(case["losses"], case["K"], case["z1"], case["etas"], tau, case["u"], sig, rng, reference=ref)
            else:
                path = P.active_run(case["losses"], case["K"], case["z1"], case["etas"], tau, case["u"], sig, case["h"],
                                    case["I1"], case["I2"], rng, reference=ref)
            out[n] = path[tau[deletion - 1]]
        return out

    return candidate


def audit_olu_release(candidate: Callable, instance: Mapping[str, Any], *, alpha: float, rdp: float,
                      delta: float = 1e-3, samples: int = 20_000, confidence: float = 0.95, seed: int = 0,
                      gaussian: bool = False) -> AuditResult:
    """Audit one instance: draw ``samples`` releases on both sides with ``candidate`` and test the (ε, δ) guarantee that
    D_α ≤ ``rdp`` implies (:func:`rdp_to_dp`). A refutation is a statistical finding at the stated confidence."""
    rng = np.random.default_rng(seed)
    a = np.asarray(candidate(instance, 0, rng, samples))
    b = np.asarray(candidate(instance, 1, rng, samples))
    if a.ndim == 2 and a.shape[1] == 1:
        a, b = a[:, 0], b[:, 0]
    return audit_samples([(a, b)], epsilon=rdp_to_dp(alpha, rdp, delta), delta=delta, confidence=confidence,
                         gaussian=gaussian, claim="olu", instances=[dict(instance)], seed=seed)
