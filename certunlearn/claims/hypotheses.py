"""Shorthands for a claim's hypotheses: a sympy relation (``H``) or a predicate decided on the instance (``P``)."""
from __future__ import annotations

from collections.abc import Callable

import sympy

from ..errors import AssumptionViolatedError, InvalidParameterError
from ..numeric.enclosure import Decision
from .model import Hypothesis, Instance

_RELATIONS = {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}


def holds(flag: bool) -> Decision:
    """An exactly decided fact as a :class:`Decision`."""
    return Decision.TRUE if flag else Decision.FALSE


def rel(kind: str, lhs: sympy.Expr, rhs: sympy.Expr) -> sympy.Rel:
    """``lhs kind rhs`` unevaluated, so the symbols' assumptions cannot reduce it to ``True``."""
    if kind not in _RELATIONS:
        raise ValueError(f"unknown relation {kind!r}: a hypothesis relates by one of {', '.join(_RELATIONS)}")
    return _RELATIONS[kind](lhs, rhs, evaluate=False)


def H(name: str, kind: str, lhs: sympy.Expr, rhs: sympy.Expr) -> Hypothesis:
    """The hypothesis ``lhs kind rhs`` on the instance's scalars, named ``name``."""
    return Hypothesis(name, rel(kind, lhs, rhs))


def P(name: str, fn: Callable[[Instance], Decision]) -> Hypothesis:
    """A predicate hypothesis. The library refusing the instance with an error that names the broken assumption or
    parameter (:class:`AssumptionViolatedError`, :class:`InvalidParameterError`) decides it false; any other
    exception is an error of the check, never an exclusion (the checker reports it)."""

    def decide(values: Instance) -> Decision:
        try:
            return fn(values)
        except (AssumptionViolatedError, InvalidParameterError):
            return Decision.FALSE

    return Hypothesis(name, predicate=decide)


def P_exact(name: str, fn: Callable[[Instance], bool]) -> Hypothesis:
    """A predicate hypothesis decided exactly (``fn`` returns a bool, computed on exact values)."""
    return P(name, lambda values: holds(bool(fn(values))))
