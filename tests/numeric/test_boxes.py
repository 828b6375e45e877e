"""Rigorous interval branch-and-bound."""

import mpmath
import pytest
import sympy
from sympy import Rational, exp, log, sqrt

from certunlearn.numeric.boxes import PROVED, REFUTED, UNDECIDED, prove_on_box, refute_at
from certunlearn.numeric.fraction import Fraction

y = sympy.Symbol("y", positive=True)
x = sympy.Symbol("x", real=True)
eps = sympy.Symbol("epsilon", positive=True)
dlt = sympy.Symbol("delta", positive=True)


def fails_mpmath(lhs, rhs, point, strict=False):
    with mpmath.workdps(100):
        syms = sorted((lhs - rhs).free_symbols, key=lambda s: s.name)
        vals = [mpmath.mpf(point[s.name]) for s in syms]
        lv = sympy.lambdify(syms, lhs, "mpmath")(*vals)
        rv = sympy.lambdify(syms, rhs, "mpmath")(*vals)
        return lv >= rv if strict else lv > rv


def test_proves_easy_inequality():
    out = prove_on_box(0, "<", y**2 + 1, {y: (0, 5)})
    assert out.status == PROVED and out.boxes <= 10


def test_proves_tight_inequality_with_mean_value_form():
    # max of y·e^(−y) is 1/e at y = 1: a margin of 1e-6 needs the quadratically convergent mean-value form
    out = prove_on_box(y * exp(-y), "<=", exp(-1) + Rational(1, 10**6), {y: (0, 3)})
    assert out.status == PROVED
    assert out.boxes < 500


def test_refutes_barely_false_inequality_at_a_true_counterexample():
    rhs = exp(-1) - Rational(1, 10**9)
    out = prove_on_box(y * exp(-y), "<=", rhs, {y: (0, 3)})
    assert out.status == REFUTED
    p = out.point_dict
    assert 0 <= float(p["y"]) <= 3
    assert fails_mpmath(y * exp(-y), rhs, p)


def test_budget_exhaustion_is_undecided_not_a_verdict():
    out = prove_on_box(y * exp(-y), "<=", exp(-1), {y: (0, 3)}, budget=50)
    assert out.status == UNDECIDED and out.boxes == 50 and "budget" in out.detail


def test_log_scale_coordinate_over_300_orders_of_magnitude():
    # sqrt(2 ln(1.25/δ)) ≥ 1.35 on δ ∈ [1e-300, 1/2] (its minimum, at δ = 1/2, is 1.3537…)
    c = sqrt(2 * log(Rational(5, 4) / dlt))
    ok = prove_on_box(Rational(135, 100), "<=", c, {dlt: ("1e-300", "0.5")})
    assert ok.status == PROVED
    bad = prove_on_box(Rational(136, 100), "<=", c, {dlt: ("1e-300", "0.5")})
    assert bad.status == REFUTED
    assert Fraction(bad.point_dict["delta"]) <= Fraction(1, 2)
    assert fails_mpmath(Rational(136, 100), c, bad.point_dict)


def test_two_dimensional_with_conditions():
    # ε ≤ δ is false on the box but true where the condition ε ≤ δ/2 holds
    box = {eps: (0, 1), dlt: (Rational(1, 10), 1)}
    assert prove_on_box(eps, "<=", dlt, box).status == REFUTED
    assert prove_on_box(eps, "<=", dlt, box, conditions=[sympy.Le(eps, dlt / 2)]).status == PROVED


def test_strict_inequality_fails_where_equality_holds():
    out = prove_on_box(x**2, "<", x, {x: (Rational(1, 2), 2)})
    assert out.status == REFUTED
    assert fails_mpmath(x**2, x, out.point_dict, strict=True)


def test_refuted_points_are_short_decimals_when_possible():
    out = prove_on_box(y, "<=", Rational(1, 3), {y: (0, 1)})
    assert out.status == REFUTED
    assert len(out.point_dict["y"]) <= 4  # e.g. "0.5"


def test_refute_at_checks_the_point():
    assert refute_at(y, "<=", y**2, {"y": "0.5"}) is not None
    assert refute_at(y, "<=", y**2, {"y": "2"}) is None
    assert refute_at(y, "<=", y**2, {"y": "0.5"}, conditions=[sympy.Ge(y, 1)]) is None


def test_missing_coordinate_is_an_error():
    with pytest.raises(ValueError):
        prove_on_box(y, "<=", eps, {y: (0, 1)})
    with pytest.raises(ValueError):
        prove_on_box(y, "==", y, {y: (0, 1)})


def test_condition_without_a_range_is_an_error_not_a_crash():
    with pytest.raises(ValueError, match="epsilon"):
        prove_on_box(y, "<=", 2, {y: (0, 1)}, conditions=[sympy.Le(eps, 1)])
    with pytest.raises(ValueError, match="inequalit"):
        prove_on_box(y, "<=", 2, {y: (0, 1), eps: (0, 1)}, conditions=[sympy.Eq(eps, y)])


def test_box_respects_sign_assumptions():
    # y is positive: the part of the box below 0 is not part of the question
    assert prove_on_box(0, "<=", y + Rational(1, 10), {y: (-1, 1)}).status == PROVED
    out = prove_on_box(0, "<=", x + Rational(1, 10), {x: (-1, 1)})
    assert out.status == REFUTED and float(out.point_dict["x"]) < 0
    z = sympy.Symbol("z", nonnegative=True)
    out = prove_on_box(z, "<=", Rational(1, 2), {z: (-3, 1)})
    assert out.status == REFUTED and float(out.point_dict["z"]) > Rational(1, 2)
    assert refute_at(0, "<=", y, {"y": "-1"}) is None  # not a point of the question
    with pytest.raises(ValueError):
        prove_on_box(0, "<=", y, {y: (-2, -1)})  # no point of the box is allowed


def test_box_respects_integer_assumption():
    k = sympy.Symbol("k", integer=True)
    assert prove_on_box(0, "<=", (k - 1) * (k - 2), {k: (-20, 30)}).status == PROVED
    assert prove_on_box(0, "<=", (x - 1) * (x - 2), {x: (-20, 30)}).status == REFUTED
    out = prove_on_box(0, "<=", (k - 2) * (k - 4), {k: (Rational(1, 2), 1000)})
    assert out.status == REFUTED and out.point_dict["k"] == "3"
    assert refute_at(0, "<=", (k - 1) * (k - 2), {"k": "1.5"}) is None
    assert refute_at(0, "<=", (k - 2) * (k - 4), {"k": "3"}) is not None


def test_conditions_that_contradict_the_box_prove_nothing():
    # every sub-box is dropped by the condition y ≤ 1 on y ∈ [2, 1000]: "for every admissible point" is vacuous, and
    # the false y² ≤ y must not come out proved
    out = prove_on_box(y**2, "<=", y, {"y": (2, 1000)}, conditions=[sympy.Le(y, 1)])
    assert out.status == UNDECIDED and "vacuous" in out.detail
    # a condition that leaves part of the box keeps its proof: y² ≤ 2y on y ∈ [1/2, 3] with y ≤ 1 (false at y = 3)
    assert prove_on_box(y**2, "<=", 2 * y, {"y": (Rational(1, 2), 3)}, conditions=[sympy.Le(y, 1)]).status == PROVED
