"""Sample handling shared by the audit's tests: shape checks, the selection/holdout split, projections."""
from __future__ import annotations

import numpy as np

from ..errors import InvalidParameterError

__all__ = ["as_samples", "split", "direction", "project"]


def as_samples(x, name: str, min_n: int = 4) -> np.ndarray:
    """``x`` as a finite float64 array of shape (n, d), n ≥ ``min_n`` (a 1-d array is n samples of dimension 1)."""
    try:
        arr = np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InvalidParameterError(name, f"samples must be numbers: {exc}") from None
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.ndim != 2 or arr.shape[0] < min_n or arr.shape[1] < 1:
        raise InvalidParameterError(name, f"expected an array of shape (n,) or (n, d) with n ≥ {min_n}, got {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise InvalidParameterError(name, "samples must be finite (no NaN or inf)")
    return arr


def split(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(selection, holdout): the first and second halves. The samples are i.i.d., so any split that
    does not look at their values is valid; the holdout never influences what is tested on it."""
    h = x.shape[0] // 2
    return x[:h], x[h:]


def direction(sel0: np.ndarray, sel1: np.ndarray) -> np.ndarray:
    """The unit vector along mean(sel1) − mean(sel0) (the likelihood-ratio direction for two Gaussians
    with the same isotropic covariance); e_1 if the means coincide."""
    w = sel1.mean(axis=0) - sel0.mean(axis=0)
    norm = float(np.linalg.norm(w))
    if not norm > 0:
        w = np.zeros(sel0.shape[1])
        w[0] = 1.0
        return w
    return w / norm


def project(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return x[:, 0] * w[0] if x.shape[1] == 1 else x @ w
