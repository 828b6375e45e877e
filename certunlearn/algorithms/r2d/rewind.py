"""Rewind-to-Delete, Algorithms 1 and 2: learning with a checkpoint, unlearning from it, retraining, publishing.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. :func:`learn` (Algorithm 1, lines 82–91), :func:`unlearn` (Algorithm 2: K steps on D' from the
checkpoint θ_{T−K}), :func:`retrain` (Algorithm 1 on D'), :func:`descent_path`, :func:`publish` (N(θ, σ²I), or a
:class:`PointMass` when σ = 0).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...errors import InvalidParameterError
from ...numeric import linalg as la
from ...numeric.precision import DEFAULT_DPS
from ...problems.domains import Domain
from ...problems.losses import LossFamily
from ..release import GaussianRelease
from .helpers import (
    as_count, as_domain, as_exact, as_step, as_vector, checked_data, descend, distinct_rows, initial_point, sign_of,
)


# =========================================================================== Algorithms 1 and 2
@dataclass(frozen=True, eq=False)
class Learned:
    """The secret output of Algorithm 1: the model ``θ_T``, the checkpoint ``θ_{T−K}`` (line 87), θ_0, T, K."""

    model: np.ndarray
    checkpoint: np.ndarray
    theta0: np.ndarray
    T: int
    K: int


def checked_schedule(T: Any, K: Any) -> tuple[int, int]:
    T = as_count(T, "T")
    K = as_count(K, "K")
    if K > T:
        raise InvalidParameterError("K", f"the rewind K = {K} exceeds the number of learning steps T = {T} (0 ≤ K ≤ T)")
    return T, K


def descent_path(loss: LossFamily, X: Any, y: Any = None, *, eta: Any, T: int, theta0: Any = None,
                 domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> list[np.ndarray]:
    """All iterates ``[θ_0, θ_1, …, θ_T]`` of gradient descent on ``f_D`` (Algorithm 1 line 85; eq. (9), line 365)."""
    domain = as_domain(domain)
    X, y = checked_data(loss, X, y, domain)
    T = as_count(T, "T")
    eta_q = as_step(eta)
    theta = initial_point(domain, theta0, X.shape[1], la.common_mode(X, y))
    path = [theta]
    with la.reference_precision(dps, theta, X, y):
        descend(loss, X, y, theta, eta_q, T, domain=domain, check=check_iterates, where="gradient descent",
                 record=path)
    return path


def scheduled_descent(loss: LossFamily, X: Any, y: Any = None, *, etas: Sequence[Any], theta0: Any = None,
                      domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> np.ndarray:
    """The iterate after the steps ``θ ← θ − η_i∇f_D(θ)`` for the step sizes ``etas`` in turn (Algorithm 1 line 85
    with a step-size schedule, e.g. the decaying η_t = η_0γ^t of Section 4.2, line 226): the same steps as
    :func:`descent_path` with T = 1 from each iterate in turn, the data checked once."""
    domain = as_domain(domain)
    X, y = checked_data(loss, X, y, domain)
    steps = [as_step(e) for e in etas]
    theta = initial_point(domain, theta0, X.shape[1], la.common_mode(X, y))
    distinct = distinct_rows(X, y)
    with la.reference_precision(dps, theta, X, y):
        for eta_q in steps:
            theta = descend(loss, X, y, theta, eta_q, 1, domain=domain, check=check_iterates,
                            where="gradient descent", distinct=distinct)
    return theta


def learn(loss: LossFamily, X: Any, y: Any = None, *, T: int, K: int, eta: Any, theta0: Any = None,
          domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> Learned:
    """Algorithm 1 (lines 82–91) without its noise: T gradient steps on ``f_D`` from ``θ_0 = theta0`` (default:
    the centre of Θ — the origin on R^d — in the mode of the data), keeping the checkpoint ``θ_{T−K}``.
    Publish with :func:`publish` (lines 88–89)."""
    domain = as_domain(domain)
    X, y = checked_data(loss, X, y, domain)
    T, K = checked_schedule(T, K)
    eta_q = as_step(eta)
    theta0 = initial_point(domain, theta0, X.shape[1], la.common_mode(X, y))
    with la.reference_precision(dps, theta0, X, y):
        checkpoint = descend(loss, X, y, theta0, eta_q, T - K, domain=domain, check=check_iterates,
                              where="Algorithm 1")
        model = descend(loss, X, y, checkpoint, eta_q, K, domain=domain, check=check_iterates, where="Algorithm 1")
    return Learned(model, checkpoint, theta0, T, K)


def unlearn(loss: LossFamily, X_retained: Any, y_retained: Any, checkpoint: Any, *, K: int, eta: Any,
            domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> np.ndarray:
    """Algorithm 2 (lines 92–100) without its noise: ``θ''_0 = checkpoint`` (θ_{T−K}, line 94) and K gradient steps
    on ``f_{D'}``, ``D'`` = the retained data (line 96). Returns ``θ''_K``; publish with :func:`publish`."""
    domain = as_domain(domain)
    X, y = checked_data(loss, X_retained, y_retained, domain, "X_retained")
    K = as_count(K, "K")
    eta_q = as_step(eta)
    theta = as_vector(checkpoint, "checkpoint")
    if theta.shape[0] != X.shape[1]:
        raise InvalidParameterError("checkpoint", f"has dimension {theta.shape[0]}, the data {X.shape[1]}")
    with la.reference_precision(dps, theta, X, y):
        return descend(loss, X, y, theta, eta_q, K, domain=domain, check=check_iterates, where="Algorithm 2")


def retrain(loss: LossFamily, X_retained: Any, y_retained: Any = None, *, T: int, eta: Any, theta0: Any = None,
            domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> np.ndarray:
    """The retrained model ``θ'_T`` = Algorithm 1 on the retained data ``D'`` from the same θ_0 for T steps
    (eqs. (8)–(10), lines 362–366; Definition 2.2's ``A(D \\ Z)``, line 78). Without noise."""
    domain = as_domain(domain)
    X, y = checked_data(loss, X_retained, y_retained, domain, "X_retained")
    T = as_count(T, "T")
    eta_q = as_step(eta)
    theta = initial_point(domain, theta0, X.shape[1], la.common_mode(X, y))
    with la.reference_precision(dps, theta, X, y):
        return descend(loss, X, y, theta, eta_q, T, domain=domain, check=check_iterates, where="retraining")


@dataclass(frozen=True, eq=False)
class PointMass:
    """The law of an unperturbed release (σ = 0: K = T or m = 0 make σ of eq. (3) vanish, line 159)."""

    mean: np.ndarray
    sigma: int = 0

    @property
    def dim(self) -> int:
        return int(self.mean.shape[0])

    def sample(self, rng: Any = None) -> np.ndarray:
        return self.mean.copy()


def publish(theta: Any, sigma: Any) -> GaussianRelease | PointMass:
    """Lines 88–89 (and 98–99): ``θ̃ = θ + ξ``, ``ξ ~ N(0, σ²I_d)``, returned as its law ``N(θ, σ²I)``
    (:class:`PointMass` when σ = 0). Draw with ``.sample(rng)``."""
    theta = as_vector(theta, "theta")
    s = as_exact(sigma, "sigma")
    sign = sign_of(s)
    if sign < 0:
        raise InvalidParameterError("sigma", f"must be ≥ 0, got {sigma!r}")
    if sign == 0:
        return PointMass(theta)
    return GaussianRelease(theta, sigma=sigma)
