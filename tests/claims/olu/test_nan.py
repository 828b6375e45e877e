"""NaN is an error, never an exclusion (issue 23, item 3): python-flint's ``ball ** 2`` is nan for a ball containing 0;
the olu layers square with :func:`certunlearn.algorithms.olu.square`, and a NaN in a hypothesis's enclosure raises."""

import pytest
from flint import arb

from certunlearn.algorithms import olu as A
from certunlearn.algorithms.olu import printed as Pr
from certunlearn.check.evaluate import ERROR, EXCLUDED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.olu.families import regret_instance
from certunlearn.claims.olu.quantities import arb_checks
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F

BALLS = (arb(0, 0.001), arb(1e-6, 0.001), arb(-0.25, 1), arb(0))


@pytest.mark.parametrize("x", BALLS)
def test_square_of_a_ball_containing_zero_is_a_finite_ball_of_the_squares(x):
    s = A.square(x)
    assert s.is_finite() and s.contains(0)
    assert s.contains(x.upper() * x.upper()) and s.contains(x.lower() * x.lower())
    assert s.upper() <= 2 * (x.upper() * x.upper()).max(x.lower() * x.lower()) + arb(2) ** -200  # not loose


@pytest.mark.parametrize("x", BALLS)
def test_loss_values_and_ball_membership_at_balls_containing_their_centre(x):
    zero, one, two = arb(0), arb(1), arb(2)
    stream = A.Stream(A.QUADRATIC, ((zero, zero),), (one, two))
    v = stream.value(1, (x, x))
    assert v.is_finite() and v.contains(0)
    losses = Pr.Losses(Pr.QUADRATIC, ((zero, zero),), (one, two))
    assert losses.value(1, [x, x]).is_finite()
    assert Pr.Ball((zero, zero), arb(2)).contains([x, x])


def test_a_nan_in_a_hypothesis_is_an_error():
    assert arb_checks([(arb(1), arb(2))]) is Decision.TRUE
    assert arb_checks([(arb(3), arb(2))]) is Decision.FALSE
    assert arb_checks([(arb(2, 1), arb(2))]) is Decision.UNDECIDED
    with pytest.raises(ArithmeticError):
        arb_checks([(arb("nan"), arb(2))])


def test_issue_example_thm5_is_no_longer_excluded():
    """olu.thm5 at X = (99/100, −99/100), z₁ = −99/100, τ = u = 1, ε = 1000: the comparator's f_1(z*) is evaluated at
    a ball around 0 — it was excluded (nan ≤ L² decided false); it is now decided."""
    inst = regret_instance([[F(99, 100)], [F(-99, 100)]], [F(1)], [F(-99, 100)], [1], [1], mu_=F(1), beta_=F(1),
                           eps=F(1000), D_=F(2))
    ev = evaluate(get_claim("olu.thm5"), inst, 1024)
    assert ev.outcome not in (EXCLUDED, ERROR), ev.reason
    assert ev.outcome == WITHIN
