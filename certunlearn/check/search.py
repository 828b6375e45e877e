"""Search adversaries: random restarts plus local optimisation of observed/bound.

The search runs on cheap low-precision evaluations (it only proposes instances); every instance it
proposes is then evaluated exactly by :func:`certunlearn.check.evaluate.evaluate`. Points of the unit cube that build
the same instance (a space rounds to rationals and integers) are evaluated once per search: the objective is a function
of the instance, so the optimiser's path is the same.
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import numpy as np
from scipy.optimize import minimize

from ..claims.instances import all_rational, rational_rows
from ..claims.model import Claim, Instance, Space
from ..numeric.enclosure import Decision, to_arb
from ..numeric.fraction import RATIONAL_TYPES
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


def instance_memo_key(instance: Instance) -> Hashable | None:
    """A hashable key equal for equal instances — every value's type and exact value, lists and arrays entry by entry
    — or None when a value is not of a kind compared exactly here (a ball, a sympy number: no memo)."""
    try:
        return tuple(sorted((k, _frozen(v)) for k, v in instance.items()))
    except TypeError:
        return None


def _frozen(v: Any) -> Hashable:
    t = type(v)
    if t is list or t is tuple:
        if all_rational(v):
            return (t.__name__, "Fractions", tuple(v))  # the common data row, without a call per entry (own tag: no clash)
        if rational_rows(v):  # rows of Fractions (a dataset): the key the recursion below gives, without its calls
            return (t.__name__, tuple((type(r).__name__, "Fractions", tuple(r)) for r in v))
    if isinstance(v, (list, tuple, np.ndarray)):
        return (type(v).__name__, tuple(_frozen(x) for x in v))
    if v is None or isinstance(v, (bool, int, str, *RATIONAL_TYPES, float)):
        return (type(v).__name__, v)
    raise TypeError(f"no exact key for {type(v).__name__}")


def search(claim: Claim, space: Space, rng: np.random.Generator, restarts: int, evaluations: int) -> list[Instance]:
    """The best instance of each restart (Nelder–Mead in the unit cube of ``space``)."""

    seen: dict[Hashable, float] = {}

    def objective(u: np.ndarray) -> float:
        try:
            instance = space.from_unit(u)
        except Exception:  # noqa: BLE001 - a point the space cannot build is outside it, not a crash of the check
            return _OUTSIDE
        key = instance_memo_key(instance)
        if key is not None and key in seen:
            return seen[key]
        value = log_ratio(claim, instance)
        value = -value if math.isfinite(value) else _OUTSIDE
        if key is not None:
            seen[key] = value
        return value

    found: list[Instance] = []
    for _ in range(restarts):
        start = rng.random(space.dim)
        best = minimize(objective, start, method="Nelder-Mead", options={"maxfev": evaluations, "xatol": 1e-9, "fatol": 1e-12})
        try:
            found.append(space.from_unit(best.x))
        except Exception:  # noqa: BLE001 - see above: the restart found no buildable point
            continue
    return found
