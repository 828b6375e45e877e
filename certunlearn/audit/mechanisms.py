"""Candidates built from the reference, for the audit's self-checks (null calibration and power).

Each returns a callable following the audit's candidate protocol (:mod:`certunlearn.audit.run`).
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..claims import get_claim
from ..errors import InvalidParameterError
from ..privacy import calibrate
from .d2d import distributed_reference  # Section 4 of d2d: the published mixtures
from .olu import audit_olu_release, olu_release_sampler, rdp_to_dp  # olu releases, sampled pathwise
from .pomer import pomer_reference
from .r2d import r2d_sampler  # every (ε, δ) certificate of r2d the checker evaluates
from .retain import retain_reference

__all__ = ["reference_retraining", "gaussian_mechanism", "prescribed_gaussian", "laplace_mechanism",
           "subsampled_gaussian_mechanism", "subsampled_gaussian", "own_noise", "d2d_reference", "r2d_reference", "pomer_reference",
           "retain_reference", "distributed_reference", "r2d_sampler", "olu_release_sampler", "audit_olu_release",
           "rdp_to_dp"]


def own_noise(instance: Mapping[str, Any], key: str) -> float | None:
    """A mechanism's own noise parameter (``sigma``, ``b``) when the instance states it (a third party's σ, audited
    against the claim's certificate: ``certunlearn audit --instance FILE.json`` with that key), else None."""
    value = instance.get(key)
    return None if value is None else float(value)


def gaussian_mechanism(method: str = "exact", sigma_factor: float = 1.0, sensitivity_factor: float = 1.0):
    """M(D) = f(D) + N(0, σ²) with σ = ``calibrate(ε, δ, Δ, method)·sigma_factor`` (or the instance's own ``sigma``)
    and f(D') − f(D) = ``Δ·sensitivity_factor`` (instances with ``epsilon``, ``delta``, ``Delta``). Factors 1: a
    mechanism that satisfies its certificate (exactly, for ``method="exact"``); ``sigma_factor=0.5``: σ halved;
    ``sensitivity_factor=2``: a sensitivity constant off by 2."""

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        eps, dl, sens = (float(instance[k]) for k in ("epsilon", "delta", "Delta"))
        own = own_noise(instance, "sigma")
        sigma = (own if own is not None else _sigma(eps, dl, sens, method)) * sigma_factor
        return side * sens * sensitivity_factor + sigma * rng.standard_normal(size)

    return candidate


@functools.lru_cache(maxsize=256)
def _sigma(eps: float, dl: float, sens: float, method: str) -> float:
    return calibrate(eps, dl, sens, method=method)


def prescribed_gaussian(claim_id: str, sigma_factor: float = 1.0):
    """M(D) = f(D) + N(0, σ²) with the σ a ``gaussian.*`` claim prescribes (its sympy expression, evaluated on an
    enclosure and rounded up) times ``sigma_factor``; f(D') − f(D) = ``Delta``."""
    from ..numeric.enclosure import arb_upper_float

    claim = get_claim(claim_id)
    if "sigma" not in claim.prescribed:
        raise InvalidParameterError("claim_id", f"{claim_id} prescribes no σ")

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        own = own_noise(instance, "sigma")
        sigma = (own if own is not None else arb_upper_float(claim.with_prescribed(instance)["sigma"])) * sigma_factor
        return side * float(instance["Delta"]) + sigma * rng.standard_normal(size)

    return candidate


def laplace_mechanism(scale_factor: float = 1.0, sensitivity_factor: float = 1.0):
    """M(D) = f(D) + Lap(0, b), b = ``laplace_calibrate(ε, δ, Δ)·scale_factor`` (or the instance's own ``b``), and
    f(D') − f(D) = ``Δ·sensitivity_factor``: the candidate of the audit claim ``gaussian.laplace``."""
    from ..privacy.laplace import laplace_calibrate

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        eps, dl, sens = (float(instance[k]) for k in ("epsilon", "delta", "Delta"))
        own = own_noise(instance, "b")
        scale = (own if own is not None else laplace_calibrate(eps, dl, sens)) * scale_factor
        return side * sens * sensitivity_factor + rng.laplace(0.0, scale, size)

    return candidate


def subsampled_gaussian_mechanism(sigma_factor: float = 1.0, subsample: bool = True):
    """The subsampled Gaussian mechanism of an instance of ``gaussian.subsampled-poisson:certificate`` (or
    ``gaussian.subsampled-fixed:certificate``): ``steps`` releases, each f(batch) + N(0, σ²) with σ = the instance's
    ``sigma``·``sigma_factor``, where the differing record (f = ``Delta``, the others 0) is in the batch with
    probability ``q`` — side 0 (D, without it: M(D) = N(0, σ²) per step) and side 1 (D', with it: the mixture
    (1 − q)N(0, σ²) + qN(Δ, σ²) per step), independently across steps; shape (size,) for one step, (size, k) for k.
    Poisson sampling under add/remove and fixed-size sampling (q = m/n) under replace-one publish these laws alike.
    ``subsample=False``: a mechanism that claims the amplification but puts the record in every batch (q = 1)."""

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        q, sigma, sens = (float(instance[k]) for k in ("q", "sigma", "Delta"))
        steps = int(instance.get("steps", 1))
        out = sigma * sigma_factor * rng.standard_normal((size, steps))
        if side == 1:
            out += sens * (rng.random((size, steps)) < q if subsample else 1.0)
        return out[:, 0] if steps == 1 else out

    return candidate


#: The reference candidate for the CLI: ``certunlearn audit certunlearn.audit.mechanisms:subsampled_gaussian --claim
#: gaussian.subsampled-poisson:certificate``.
subsampled_gaussian = subsampled_gaussian_mechanism()


def d2d_reference(claim_id: str, sigma_factor: float = 1.0):
    """The reference perturbed GD of a secret-state unlearning claim of d2d (``certunlearn.algorithms.d2d`` with
    the claim's prescribed parameters, means exact): side 0 draws N(θ̂_k, (σ·sigma_factor)²I) after the last
    update of ``U``, side 1 draws N(μ_k, (σ·sigma_factor)²I) of retraining on D_k."""
    from ..claims.d2d.common import secret_runs_of

    claim = get_claim(claim_id)
    if claim.paper != "d2d" or "sigma" not in claim.prescribed or claim.id.startswith(("d2d.thm3.2", "d2d.thm4")):
        raise InvalidParameterError("claim_id", f"{claim_id} is not a secret-state perturbed-GD claim of d2d")

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        means, retrain, _, params = secret_runs_of(claim.id, instance)
        if len(means) < 2:
            raise InvalidParameterError("instance", "needs at least one update in U")
        mean = np.asarray([float(v) for v in (means[-1] if side == 0 else retrain[-1])])
        sigma = float(params["sigma"]) * sigma_factor
        return mean + sigma * rng.standard_normal((size, mean.size))

    return candidate


def r2d_reference(claim_id: str, sigma_factor: float = 1.0):
    """Rewind-to-delete as a claim of r2d certifies it (a claim whose quantity is ``claims.r2d.unlearning_delta``):
    side 0 draws N(θ''_K, (σ·sigma_factor)²I) (Algorithm 2 from the checkpoint), side 1 N(θ'_T, (σ·sigma_factor)²I)
    (retraining on D \\ Z); the means are exact, σ is the claim's prescribed one rounded up."""
    from ..claims.r2d import quantities as r2d_claims
    from ..claims.instances import frac
    from ..numeric.enclosure import arb_upper_float

    claim = get_claim(claim_id)
    if claim.paper != "r2d" or claim.quantity is not r2d_claims.unlearning_delta:
        raise InvalidParameterError("claim_id", f"{claim_id} is not an unlearning certificate of Algorithm 2 of r2d")

    def candidate(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int) -> np.ndarray:
        runs = r2d_claims.runs_of(instance)
        mean = runs["unlearned"] if side == 0 else runs["path_r"][int(frac(instance["T"]))]
        mean = np.asarray([float(v) for v in mean])
        sigma = arb_upper_float(claim.with_prescribed(instance)["sigma"]) * sigma_factor
        return mean + sigma * rng.standard_normal((size, mean.size))

    return candidate


def reference_retraining(claim_id: str):
    """The reference's retraining side of an unlearning certificate (DESIGN.md "Testing and audit": the reference
    supplies the retraining side of every audit), or None where the claim has no retraining side in the candidate's
    coordinates.

    * d2d secret-state perturbed-GD claims (Algorithms 1–2, Theorem 3.1's family): retraining from scratch on the
      final dataset D_k with the claim's prescribed σ (:func:`d2d_reference`, side 1);
    * d2d Theorem 4.5 (the distributed algorithm, Section 4): retraining's published mixture over its own bootstrap
      (:func:`distributed_reference`, side 1);
    * every r2d (ε, δ) certificate (each compares the unlearned release with retraining on D \\ Z): the reference
      sampler's side 1 with the prescribed σ rounded up (:func:`r2d_sampler`);
    * None for the privacy claims (``gaussian.*``, pomer: the neighbouring input is not a retraining), for olu (its
      audit compares Rényi releases of one run) and for retain (its laws are stated along the shift, not in the
      model's coordinates): there the candidate supplies both sides.
    """
    claim = get_claim(claim_id)
    for build in (d2d_reference, distributed_reference, r2d_sampler):
        try:
            sampler = build(claim.id)
        except InvalidParameterError:
            continue

        def retraining(instance: Mapping[str, Any], side: int, rng: np.random.Generator, size: int,
                       _sampler=sampler) -> np.ndarray:
            if side != 1:
                raise InvalidParameterError("side", "the reference supplies only the retraining side (1)")
            return _sampler(instance, 1, rng, size)

        retraining.__name__ = f"reference retraining of {claim.id}"
        return retraining
    return None
