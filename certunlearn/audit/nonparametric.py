"""The non-parametric audit: threshold sets and exact Clopper–Pearson intervals.

For any fixed set S, (ε, δ)-indistinguishability of M(D) and M(D') gives P[M(D') ∈ S] ≤ e^ε P[M(D) ∈ S] + δ,
so with a lower confidence bound p₁ on P[M(D') ∈ S] and an upper one p₀ on P[M(D) ∈ S],
ε ≥ ln((p₁ − δ)/p₀). S is a closed half-space {⟨w, x⟩ ≥ t} — a likelihood-ratio set when the two outputs are
Gaussians with the same isotropic covariance; closed, so that a threshold at a sample value keeps that value (an
output without noise, all of whose samples equal t, lies inside {≥ t}, not on the wrong side of a strict {> t}). The direction w and the threshold t are chosen on the
first half of the samples (the selection split, maximising the same bound computed there), and the
bound is computed on the second half only, so the choice costs no confidence.
"""
from __future__ import annotations


import numpy as np

from ..numeric.confidence import cp_lower, cp_upper
from .result import Bound
from .samples import direction, project, split

__all__ = ["threshold_bounds", "point_mass_bound", "epsilon_from_probabilities", "CANDIDATES"]

#: Number of thresholds tried on the selection split (geometrically spaced tail counts).
CANDIDATES = 300


def epsilon_from_probabilities(p_num_lower, p_den_upper, delta: float):
    """ln((p_num_lower − δ)/p_den_upper), rounded down, and 0 where that is negative or undefined
    (ε ≥ 0 always). Vectorised."""
    num = np.nextafter(np.asarray(p_num_lower, dtype=float) - delta, -np.inf)
    den = np.asarray(p_den_upper, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        eps = np.log(np.nextafter(num / den, 0.0))
    eps = np.nextafter(np.nextafter(eps, -np.inf), -np.inf)  # np.log is faithful to ~1 ulp
    return np.where((num > 0) & (den > 0) & np.isfinite(eps), np.maximum(eps, 0.0), 0.0)


def _tail_counts(sorted_values: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
    """#{v ≥ t} for each t, on ascending ``sorted_values``."""
    return sorted_values.size - np.searchsorted(sorted_values, thresholds, side="left")


def _one_direction(sel_num, sel_den, hold_num, hold_den, delta: float, alpha: float) -> tuple[float, dict]:
    """The bound for sets {v ≥ t} with the numerator side's values ``*_num``."""
    s_num, s_den = np.sort(sel_num), np.sort(sel_den)
    ks = np.unique(np.geomspace(1, s_num.size, CANDIDATES).astype(int))
    thresholds = np.unique(s_num[s_num.size - ks])  # the k-th largest numerator value: ~k samples above
    k_num, k_den = _tail_counts(s_num, thresholds), _tail_counts(s_den, thresholds)
    scores = epsilon_from_probabilities(cp_lower(k_num, s_num.size, alpha), cp_upper(k_den, s_den.size, alpha), delta)
    t = float(thresholds[int(np.argmax(scores))])
    kn, kd = int(np.sum(hold_num >= t)), int(np.sum(hold_den >= t))
    p_num, p_den = float(cp_lower(kn, hold_num.size, alpha)), float(cp_upper(kd, hold_den.size, alpha))
    eps = float(epsilon_from_probabilities(p_num, p_den, delta))
    return eps, {"threshold": t, "count_numerator": kn, "count_denominator": kd,
                 "n_numerator": int(hold_num.size), "n_denominator": int(hold_den.size),
                 "p_numerator_lower": p_num, "p_denominator_upper": p_den,
                 "selection_estimate": float(np.max(scores))}


def threshold_bounds(x0: np.ndarray, x1: np.ndarray, delta: float, alpha: float, trial: int = 0) -> tuple[Bound, Bound]:
    """The two directions' bounds from samples ``x0`` of M(D) and ``x1`` of M(D') (arrays (n, d)); each
    direction uses two one-sided Clopper–Pearson intervals at level ``alpha``."""
    sel0, hold0 = split(x0)
    sel1, hold1 = split(x1)
    w = direction(sel0, sel1)
    p_sel0, p_sel1, p_hold0, p_hold1 = (project(a, w) for a in (sel0, sel1, hold0, hold1))
    out = []
    for name, args, set_text in (
        ("D'|D", (p_sel1, p_sel0, p_hold1, p_hold0), "⟨w, x⟩ ≥ t"),
        ("D|D'", (-p_sel0, -p_sel1, -p_hold0, -p_hold1), "⟨w, x⟩ ≤ t"),
    ):
        eps, info = _one_direction(*args, delta, alpha)
        if name == "D|D'":
            info["threshold"] = -info["threshold"]
        witness = {"set": set_text, "w": [float(v) for v in w], **info}
        out.append(Bound(trial, "threshold", name, eps, alpha, 2, witness))
    return out[0], out[1]




def point_mass_bound(x0: np.ndarray, x1: np.ndarray, trial: int = 0) -> Bound | None:
    """ε unbounded when the mechanism adds no noise at all: every sample of M(D) is one value, every sample of M(D')
    another (bitwise). Both published laws are then point masses (a law with any continuous noise repeats a float64
    value with probability 0), S = {the value of M(D')} has P[M(D') ∈ S] = 1 and P[M(D) ∈ S] = 0, and
    1 ≤ e^ε·0 + δ fails for every ε when δ < 1. ``None`` when either side varies or both are the same value."""
    if x0.shape[0] < 2 or x1.shape[0] < 2 or not (np.all(x0 == x0[0]) and np.all(x1 == x1[0])):
        return None
    if np.array_equal(x0[0], x1[0]):
        return None
    return Bound(trial, "point-mass", "both", float("inf"), 0.0, 0,
                 {"set": "{M(D') value}", "value_D": [float(v) for v in x0[0]], "value_D'": [float(v) for v in x1[0]],
                  "n_D": int(x0.shape[0]), "n_D'": int(x1.shape[0])})
