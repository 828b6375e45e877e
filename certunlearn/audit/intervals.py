"""One-sided confidence bounds used by the audit: exact Clopper–Pearson for a binomial proportion,
χ² for a Gaussian scale, normal for a Gaussian mean difference.

Each function gives a bound that fails with probability at most ``alpha`` (exact under its model;
scipy's ``beta.ppf``/``chi2.ppf``/``norm.isf`` are accurate to a few ulps, and every bound is then moved
one step further in the safe direction with ``numpy.nextafter``).
"""
from __future__ import annotations

import math

import numpy as np
from scipy import stats

from ..errors import InvalidParameterError

__all__ = ["cp_lower", "cp_upper", "scale_upper", "scale_lower", "z_quantile", "check_alpha"]


def check_alpha(alpha: float) -> float:
    if not (isinstance(alpha, (int, float)) and 0 < alpha < 1):
        raise InvalidParameterError("alpha", f"must lie in (0, 1), got {alpha!r}")
    return float(alpha)


def cp_lower(k, n, alpha: float):
    """Exact Clopper–Pearson lower bound on p from k successes in n trials: P[p < bound] ≤ alpha.
    Vectorised over ``k`` (and ``n``); 0 where k = 0."""
    k, n = np.asarray(k, dtype=float), np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore"):
        b = stats.beta.ppf(check_alpha(alpha), k, n - k + 1)
    b = np.where(k <= 0, 0.0, np.nextafter(b, 0.0))
    return np.clip(b, 0.0, 1.0)


def cp_upper(k, n, alpha: float):
    """Exact Clopper–Pearson upper bound on p from k successes in n trials: P[p > bound] ≤ alpha.
    Vectorised; 1 where k = n."""
    k, n = np.asarray(k, dtype=float), np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore"):
        b = stats.beta.isf(check_alpha(alpha), k + 1, n - k)
    b = np.where(k >= n, 1.0, np.nextafter(b, 1.0))
    return np.clip(b, 0.0, 1.0)


def scale_upper(sum_sq: float, dof: int, alpha: float) -> float:
    """Upper bound on σ from a sum of squared deviations with ``dof`` degrees of freedom
    (``sum_sq/σ² ~ χ²_dof``): P[σ > bound] ≤ alpha."""
    q = stats.chi2.ppf(check_alpha(alpha), dof)
    return float(np.nextafter(math.sqrt(sum_sq / q), math.inf))


def scale_lower(sum_sq: float, dof: int, alpha: float) -> float:
    """Lower bound on σ (same model as :func:`scale_upper`): P[σ < bound] ≤ alpha."""
    q = stats.chi2.isf(check_alpha(alpha), dof)
    return float(np.nextafter(math.sqrt(sum_sq / q), 0.0))


def z_quantile(alpha: float) -> float:
    """z with P[N(0, 1) > z] = alpha, rounded up."""
    return float(np.nextafter(stats.norm.isf(check_alpha(alpha)), math.inf))
