"""Statistical evidence: one-sided confidence bounds (exact Clopper–Pearson for a binomial proportion, χ² for a
Gaussian scale, normal for a Gaussian mean difference, Hoeffding for a bounded mean) and the
:class:`ConfidenceInterval` a claim's quantity returns where no exact law is known (``QuantityKind.STATISTICAL``:
its verdicts are labelled statistical, with their confidence, and never counted with exact ones).

Each function gives a bound that fails with probability at most ``alpha`` (exact under its model;
scipy's ``beta.ppf``/``chi2.ppf``/``norm.isf`` are accurate to a few ulps, and every bound is then moved
one step further in the safe direction with ``numpy.nextafter``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from ..errors import InvalidParameterError
from .fraction import Fraction

__all__ = ["ConfidenceInterval", "cp_lower", "cp_upper", "scale_upper", "scale_lower", "z_quantile", "check_alpha",
           "hoeffding_interval", "proportion_interval"]


@dataclass(frozen=True)
class ConfidenceInterval:
    """``[lower, upper]`` contains the true value with probability ≥ ``confidence`` over the sampling (``samples``
    draws from ``seed``; ``method`` names the bound). Either end may be infinite (a one-sided interval). A quantity of
    kind ``STATISTICAL`` returns one; the checker decides "within" when ``upper`` ≤ bound, "violated" when ``lower`` >
    bound, each at this confidence, and reports the claim's verdict as statistical."""

    lower: float | Fraction
    upper: float | Fraction
    confidence: float
    samples: int
    method: str
    seed: int | None = None

    def __post_init__(self) -> None:
        if not 0 < self.confidence < 1:
            raise InvalidParameterError("confidence", f"must lie in (0, 1), got {self.confidence!r}")
        if not self.lower <= self.upper:
            raise InvalidParameterError("lower", f"a confidence interval needs lower ≤ upper, got [{self.lower}, "
                                                 f"{self.upper}]")


def proportion_interval(k: int, n: int, alpha: float, method: str = "Clopper–Pearson (two-sided)",
                        seed: int | None = None) -> ConfidenceInterval:
    """Two-sided exact Clopper–Pearson interval for a proportion from ``k`` successes in ``n`` trials, each side at
    level ``alpha/2``: it fails with probability ≤ ``alpha``."""
    return ConfidenceInterval(float(cp_lower(k, n, alpha / 2)), float(cp_upper(k, n, alpha / 2)), 1 - alpha, n,
                              method, seed)


def hoeffding_interval(mean: float, n: int, low: float, high: float, alpha: float,
                       seed: int | None = None) -> ConfidenceInterval:
    """Hoeffding's two-sided interval for the mean of ``n`` i.i.d. draws in ``[low, high]``:
    mean ± (high − low)·√(ln(2/alpha)/(2n)), rounded outward."""
    half = (high - low) * math.sqrt(math.log(2 / check_alpha(alpha)) / (2 * n))
    return ConfidenceInterval(float(np.nextafter(mean - half, -math.inf)), float(np.nextafter(mean + half, math.inf)),
                              1 - alpha, n, "Hoeffding (two-sided)", seed)


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
