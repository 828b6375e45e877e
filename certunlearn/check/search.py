"""Search adversaries: random restarts plus local optimisation of observed/bound.

The search runs on cheap low-precision evaluations (it only proposes instances); every instance it
proposes is then evaluated exactly by :func:`certunlearn.check.evaluate.evaluate`.
"""
from __future__ import annotations

import math

import numpy as np
from scipy.optimize import minimize

from ..claims.model import Claim, Instance, Space
from ..numeric.enclosure import Decision, to_arb
from ..numeric.precision import START_PREC, workprec
from .evaluate import ratio

#: Objective value for points outside the hypotheses or where evaluation fails.
_OUTSIDE = 1e6


def log_ratio(claim: Claim, instance: Instance) -> float:
    """log(observed/bound) at low precision, or -inf where it cannot be evaluated."""
    try:
        if any(h.decide(instance) is not Decision.TRUE for h in claim.hypotheses):
            return -math.inf
        with workprec(START_PREC):
            r = ratio(to_arb(claim.quantity(claim.with_prescribed(instance))), claim.bound_value(instance))
    except Exception:  # noqa: BLE001 - the search only proposes; the exact evaluation reports every error
        return -math.inf
    return math.log(r) if r > 0 else -math.inf


def search(claim: Claim, space: Space, rng: np.random.Generator, restarts: int, evaluations: int) -> list[Instance]:
    """The best instance of each restart (Nelder–Mead in the unit cube of ``space``)."""

    def objective(u: np.ndarray) -> float:
        try:
            instance = space.from_unit(u)
        except Exception:  # noqa: BLE001 - a point the space cannot build is outside it, not a crash of the check
            return _OUTSIDE
        value = log_ratio(claim, instance)
        return -value if math.isfinite(value) else _OUTSIDE

    found: list[Instance] = []
    for _ in range(restarts):
        start = rng.random(space.dim)
        best = minimize(objective, start, method="Nelder-Mead", options={"maxfev": evaluations, "xatol": 1e-9, "fatol": 1e-12})
        try:
            found.append(space.from_unit(best.x))
        except Exception:  # noqa: BLE001 - see above: the restart found no buildable point
            continue
    return found
