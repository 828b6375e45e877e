"""Corollary 2.8 and Example 3.2 (retain.cor2.8, retain.ex3.2) against hand computations and closed forms."""

import mpmath
import pytest

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import ITEMS, median, release
from certunlearn.numeric.fraction import Fraction as F

MAX_PREC = 1024


@pytest.mark.parametrize("inst, rs, ls", [
    # R = {0, 1/2, 1}: RS = ½·max(1/2, 1/2) = 1/4 (add 0 or 1); removing 0 or 1 moves the median by 1/4 as well
    ({"mech": 0, "B": "1", "R": ["0", "1/2", "1"]}, F(1, 4), F(1, 4)),
    # a path 0–1–2–3 with a heavy middle edge: every edge is a bridge (no removal keeps a spanning tree), and a
    # zero edge 0–3 replaces the 9: RS = LS = 9
    ({"mech": 1, "B": "10", "R": [[0, 1, "1"], [1, 2, "9"], [2, 3, "1"]]}, F(9), F(9)),
    # a 4-cycle 1, 1, 1, 4 (MST 3): a zero chord gives 2 (RS = 1); removing a unit edge forces the 4 (6: LS = 3)
    ({"mech": 1, "B": "4", "R": [[0, 1, "1"], [1, 2, "1"], [2, 3, "1"], [3, 0, "4"]]}, F(1), F(3)),
])
def test_cor28_by_hand(inst, rs, ls):
    assert release.local_sensitivity(inst) == ls
    claim = get_claim("retain.cor2.8")
    values = {**inst, "LS": ls}
    assert claim.quantity(values) == rs
    ev = evaluate(claim, values, MAX_PREC)
    assert ev.outcome == WITHIN and ev.attained == (rs == ls)
    # an LS one unit of B too small is refused by the hypothesis, never read as a violation
    assert evaluate(claim, {**inst, "LS": ls - F(1, 100)}, MAX_PREC).outcome == "excluded"


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_ex32_expectation_matches_the_spacings_closed_form(n):
    """Uniform spacings are exchangeable: P(S₁ > t, S₂ > t) = (1 − 2t)ⁿ, so E[max(S₁, S₂)] = 2/(n+1) − 1/(2(n+1));
    and a quadrature of the order statistics' density agrees to 1e-12 (n = 3: density 6 on a < b < c)."""
    assert median.expected_rs_uniform(n) == F(3, 4 * (n + 1))
    if n == 3:
        with mpmath.workdps(15):  # 15 digits agree to 1e-12 in 7 s (30 digits took 34 s)
            inner = lambda c: mpmath.quad(lambda b: mpmath.quad(lambda a: 6 * max(c - b, b - a) / 2, [0, 2 * b - c, b])
                                          if 2 * b > c else (c - b) * b * 6 / 2, [0, c / 2, c])  # noqa: E731
            assert abs(mpmath.quad(inner, [0, 1]) - mpmath.mpf(3) / 16) < mpmath.mpf(10) ** -12


def test_ex32_holds_with_ratio_n_over_n_plus_1():
    claim = get_claim("retain.ex3.2")
    ev = evaluate(claim, {"n": 9, "width": "10", "f_m": "1/10"}, MAX_PREC)
    assert ev.outcome == WITHIN and F(ev.observed) / F(ev.bound) == F(9, 10)
    assert evaluate(claim, {"n": 9, "width": "10", "f_m": "1/5"}, MAX_PREC).outcome == "excluded"  # f(m) ≠ 1/w


def test_items_name_the_new_claims():
    assert ITEMS["Corollary 2.8"][0] == "retain.cor2.8" and ITEMS["Example 3.2"] == ("retain.ex3.2",)
