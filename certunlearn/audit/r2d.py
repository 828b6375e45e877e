"""Reference samplers for every (ε, δ) certificate of Rewind-to-Delete the checker evaluates.

:func:`r2d_sampler` returns a candidate of the audit protocol (:mod:`certunlearn.audit.run`):
``candidate(instance, side, rng, size)`` draws ``size`` published outputs on side 0 (the mechanism certified) or
side 1 (its neighbour / retraining). The means are the reference's exact ones; σ is the claim's prescribed σ (its
sympy expression, evaluated on an enclosure and rounded up) times ``sigma_factor``:

* Theorem 3.1, Appendix D.1, Section 4.2 (ε > 1, Balle–Wang σ) — N(θ''_K, σ²I) of Algorithm 2 against N(θ'_T, σ²I)
  of retraining; Section 4.2's decaying step — the same under the schedule; Remark 3.3 — after two sequential
  requests (through ``RewindToDelete``);
* Theorem B.1 — N(0, σ²) against N(Δ, σ²); Appendix C — N(0, σ²) against N(2R, σ²);
* Table 3's Newton step — b ~ N(0, σ²), side 0 the one-step Newton removal of the learned minimiser of
  L_b(·; D), side 1 the minimiser of L_b(·; D') (Guo et al. 2020), in float64 (Newton's method on the strictly
  convex one-dimensional objective, vectorised over the draws).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from ..claims import get_claim
from ..errors import InvalidParameterError
from ..numeric.fraction import Fraction

__all__ = ["r2d_sampler", "r2d_sampled_claims"]


def _sigma(claim, instance: Mapping[str, Any]) -> float:
    from ..numeric.enclosure import arb_upper_float

    return arb_upper_float(claim.with_prescribed(instance)["sigma"])


def _floats(v) -> np.ndarray:
    return np.asarray([float(x) for x in v])


def _means_gd(claim, instance):
    from ..claims.instances import frac
    from ..claims.r2d import quantities as Q

    r = Q.runs_of(instance)
    return _floats(r["unlearned"]), _floats(r["path_r"][int(frac(instance["T"]))]), _sigma(claim, instance)


def _means_estimate(claim, instance):
    """Appendix D.1's L̂ claims: the 1-d concave family's laws are Gaussian (``_means_gd``); on the quadratics with
    Hessian diag(a_k) (``claims.r2d.lhat``) the +fix's laws are N(θ''_K, σ²I) and N(θ'_T, σ²I) of the exact runs,
    while the printed claim's are scale mixtures over L̂'s law — no reference sampler: a clear error."""
    from ..claims.r2d import lhat

    if not lhat.is_anisotropic(instance):
        return _means_gd(claim, instance)
    if claim.corrects is None:
        raise InvalidParameterError("instance", f"{claim.id}: on a quadratic with Hessian diag(a_k) the published "
                                                "laws are scale mixtures over L̂'s law; the audit samples the "
                                                "one-dimensional concave family only")
    r = lhat.runs(instance)
    return _floats(r["unlearned"]), _floats(r["retrained"]), _sigma(claim, instance)


def _means_calibrated(claim, instance):
    from ..claims.r2d import experiments as E

    laws = E.calibrated_laws(instance)
    u, r, _ = _means_gd(claim, {**instance, "sigma": 1})
    return u, r, float(Fraction(laws.sigma)) * (1 + 1e-15)


def _means_decay(claim, instance):
    from ..claims.instances import instance_key
    from ..claims.r2d import experiments as E

    r = E.runs_decay(instance_key(instance, E.DECAY_NAMES))
    return _floats(r["unlearned"]), _floats(r["retrained"]), _sigma(claim, instance)


def _means_sequential(claim, instance):
    from ..claims.r2d import sequential as S

    u, r = S.sequential_runs(instance)
    return _floats(u), _floats(r), _sigma(claim, instance)


def _means_b1(claim, instance):
    from ..claims.instances import frac

    return np.zeros(1), np.asarray([float(frac(instance["Delta"]))]), _sigma(claim, instance)


def _means_appc(claim, instance):
    from ..claims.instances import frac

    return np.zeros(1), np.asarray([2 * float(frac(instance["R"]))]), _sigma(claim, instance)


def _newton_draws(instance: Mapping[str, Any], side: int, sigma: float, rng: np.random.Generator, size: int):
    """Guo et al.'s removal (side 0) or retraining (side 1) at b ~ N(0, σ²), float64, vectorised."""
    from ..claims.instances import frac

    X = np.asarray([float(frac(v)) for v in instance["X"]])
    y = np.asarray([float(frac(v)) for v in instance["y"]])
    lam, n = float(frac(instance["lam"])), len(instance["X"])
    b = sigma * rng.standard_normal(size)

    def derivs(w, Xs, ys):
        z = np.outer(w, Xs)  # (size, n)
        s_neg = 1 / (1 + np.exp(np.clip(ys * z, -700, 700)))  # s(−y z)
        s = 1 / (1 + np.exp(-np.clip(z, -700, 700)))
        g = -(Xs * ys * s_neg).sum(axis=1)
        h = (Xs * Xs * s * (1 - s)).sum(axis=1)
        return g, h

    def minimise(Xs, ys, count):
        w = -b / (lam * count)
        for _ in range(100):
            g, h = derivs(w, Xs, ys)
            step = (g + lam * count * w + b) / (h + lam * count)
            w = w - step
            if np.all(np.abs(step) <= 1e-15 * (1 + np.abs(w))):
                break
        return w

    if side == 1:
        return minimise(X[:-1], y[:-1], n - 1).reshape(-1, 1)
    w = minimise(X, y, n)
    _, h = derivs(w, X[:-1], y[:-1])
    g_n, _ = derivs(w, X[-1:], y[-1:])
    return (w + (lam * w + g_n) / (h + lam * (n - 1))).reshape(-1, 1)


def _dispatch() -> dict[Callable, Callable]:
    from ..claims.r2d import experiments as E
    from ..claims.r2d import quantities as Q
    from ..claims.r2d import sequential as S
    from ..claims.r2d import tables as T
    from ..claims.r2d import unlearning as U

    return {Q.unlearning_delta: _means_gd, E.calibrated_delta: _means_calibrated, E.decay_delta: _means_decay,
            S.sequential_delta: _means_sequential, U.gaussian_delta: _means_b1, T.appc_delta: _means_appc,
            T.newton_delta: None, E.estimate_delta: _means_estimate, E.certified_estimate_delta: _means_estimate}


def r2d_sampled_claims() -> list[str]:
    """The ids of every r2d certificate this module samples (all the (ε, δ) claims of r2d the checker evaluates)."""
    from ..claims import all_claims

    table = _dispatch()
    return [c.id for c in all_claims("r2d") if c.quantity in table]


def r2d_sampler(claim_id: str, sigma_factor: float = 1.0):
    """The reference sampler of an (ε, δ) certificate of r2d (see the module docstring); ``sigma_factor`` scales σ
    (1: the certified mechanism; < 1: a deliberately under-noised one)."""
    claim = get_claim(claim_id)
    table = _dispatch()
    if claim.paper != "r2d" or claim.quantity not in table:
        raise InvalidParameterError("claim_id", f"{claim_id} is not an (ε, δ) certificate of r2d with a sampler")
    means = table[claim.quantity]

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        if means is None:  # Table 3's Newton step: the laws are pushforwards of b ~ N(0, σ²)
            return _newton_draws(instance, side, _sigma(claim, instance) * sigma_factor, rng, size)
        u, r, sigma = means(claim, instance)
        mean = u if side == 0 else r
        return mean + sigma * sigma_factor * rng.standard_normal((size, mean.size))

    return candidate
