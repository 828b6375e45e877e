"""Shared by the paper derivation tests: a refuted step re-evaluated independently (sympy at 100 digits) at the
point the engine reports."""
from decimal import Decimal
from fractions import Fraction

import pytest
import sympy


def _expand(d, expr, given):
    for sym, val in given:
        expr = expr.subs(sym, val)
    for sym, val in reversed(d.where):
        expr = expr.subs(sym, val)
    return expr.doit()


def step_sides(d, index: int):
    """The sympy sides of step ``index`` (1-based) of derivation ``d``, with its givens and abbreviations."""
    prev = None
    for i, st in enumerate(d.steps, start=1):
        lhs = st.lhs if st.lhs is not None else prev
        if i == index:
            return _expand(d, lhs, st.given), _expand(d, st.rhs, st.given), st.rel
        prev = st.rhs
    raise IndexError(index)


def _value(expr, point):
    subs = {s: sympy.Rational(Fraction(Decimal(point[s.name]))) for s in expr.free_symbols}
    return sympy.N(expr.subs(subs), 100)


def refuted_values(d, step):
    """(lhs, rhs, holds) of a refuted step at its reported point, evaluated at 100 digits."""
    assert step.point_dict is not None, step.index
    lhs, rhs, rel = step_sides(d, step.index)
    lv, rv = _value(lhs, step.point_dict), _value(rhs, step.point_dict)
    holds = {"<=": lv <= rv, "<": lv < rv, "==": abs(lv - rv) <= sympy.Float(10, 100) ** -90 * (1 + abs(rv))}[rel]
    return lv, rv, holds


@pytest.fixture
def refuted_at():
    """``refuted_at(derivation, step) -> (lhs, rhs, holds)``: see :func:`refuted_values`."""
    return refuted_values
