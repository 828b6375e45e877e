"""The whole-trajectory hockey-stick divergence of POMER (certunlearn.algorithms.pomer.trajectory) against
independent values: the two-round enclosure of algorithms.pomer.two_rounds (itself checked against quadrature), exact zeros
(identical sequences; a difference in the last round, whose loss never reaches the published x_1..x_T), and
refinement (finer grids give nested-compatible brackets that narrow)."""

import pytest
from flint import arb

from certunlearn.algorithms.pomer.gibbs import PiecewiseLinear
from certunlearn.algorithms.pomer.two_rounds import trajectory_delta
from certunlearn.algorithms.pomer.trajectory import budget_slack, trajectory_delta_bounds, trajectory_delta_pair
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

A, B = -1, 1
UP, DOWN = PiecewiseLinear.linear(A, B, 1), PiecewiseLinear.linear(A, B, -1)
HINGE = PiecewiseLinear.hinge(A, B, Fraction(1, 3), -1, 1)
LOG_PHI = Fraction(1, 2)


def _bounds(first, second, eps, **kw):
    with workprec(64):
        kw.setdefault("p", Fraction(1, 4))
        return trajectory_delta_bounds(first, second, 2, 1, kw.pop("p"), arb(1) / 2, eps, **kw)


@pytest.mark.parametrize("eps", [Fraction(0), Fraction(1, 2), Fraction(3, 2)])
@pytest.mark.parametrize("pair", [(UP, DOWN), (HINGE, UP)], ids=["+x/-x", "hinge/x"])
@pytest.mark.parametrize("initial", ["uniform", "gibbs"])
def test_two_rounds_agree_with_the_pair_enclosure(pair, eps, initial):
    first, second = pair
    ours = _bounds([first, UP], [second, UP], eps, initial=initial, points=64, step=Fraction(1, 256))
    with workprec(64):
        theirs = trajectory_delta(first, second, 2, 1, Fraction(1, 4), arb(1) / 2, eps, initial, points=128)
    assert ours.overlaps(theirs)
    assert ours.rad() < 0.02  # a two-sided bracket, not a trivial one


@pytest.mark.parametrize("eps", [Fraction(1, 100), Fraction(2)])
def test_identical_sequences_have_zero_divergence(eps):
    seq = [UP, DOWN, HINGE, UP, DOWN]
    assert _bounds(seq, list(seq), eps) == 0


def test_the_last_loss_is_never_published():
    first = [UP, DOWN, HINGE, UP, DOWN, UP]
    second = first[:-1] + [DOWN]
    assert _bounds(first, second, Fraction(1, 100)) == 0
    assert _bounds(first, first[:-2] + [UP, UP], Fraction(1, 100)) > 0  # the same change one round earlier


def _same_ball(x: arb, y: arb) -> bool:
    return x.mid() == y.mid() and x.rad() == y.rad()


@pytest.mark.parametrize("initial", ["uniform", "gibbs"])
def test_the_pair_is_both_directions_ball_for_ball(initial):
    """trajectory_delta_pair shares the runs' block masses between the directions: each ball must be exactly the one
    trajectory_delta_bounds computes alone (a memo that mixed up the runs or the grid would change them)."""
    first, second = [UP, HINGE, DOWN, UP], [UP, DOWN, DOWN, UP]
    kw = dict(initial=initial, points=12, refine=4, step=Fraction(1, 32))
    with workprec(64):
        pair = trajectory_delta_pair(first, second, 2, 1, Fraction(1, 4), arb(1) / 2, Fraction(1, 8), **kw)
    alone = (_bounds(first, second, Fraction(1, 8), **kw), _bounds(second, first, Fraction(1, 8), **kw))
    assert not _same_ball(alone[0], alone[1])  # the directions differ, so a swap would show
    assert all(_same_ball(x, y) for x, y in zip(pair, alone))


def test_refinement_narrows_a_compatible_bracket():
    first, second = [UP, DOWN, UP, DOWN, UP, DOWN], [DOWN, DOWN, UP, DOWN, UP, DOWN]
    coarse = _bounds(first, second, Fraction(1, 4), points=16, refine=4, step=Fraction(1, 32))
    fine = _bounds(first, second, Fraction(1, 4), points=48, refine=8, step=Fraction(1, 128))
    assert coarse.overlaps(fine) and fine.rad() < coarse.rad()
    assert 0 < fine.lower() and fine.upper() < 1


def test_the_divergence_decreases_in_epsilon():
    first, second = [UP, DOWN, UP, DOWN], [DOWN, DOWN, UP, DOWN]
    values = [_bounds(first, second, Fraction(e, 4), points=32) for e in range(4)]
    for small, large in zip(values, values[1:]):
        assert not large.lower() > small.upper()
    assert values[-1].upper() < values[0].lower()


@pytest.mark.parametrize("kw, parameter", [
    ({"p": 0}, "p"), ({"p": 1}, "p"), ({"initial": "origin"}, "initial")])
def test_invalid_input(kw, parameter):
    seq = [UP, DOWN, UP, DOWN]
    with pytest.raises(InvalidParameterError) as err:
        _bounds(seq, [DOWN, DOWN, UP, DOWN], 1, **kw)
    assert err.value.parameter == parameter


def test_a_budget_that_may_bind_widens_the_bracket_by_its_slack():
    """B = 2 within T = 4 rounds: the bracket for B = ∞ widened by (1 + e^ε)·Pr[Bin(3, p̃) ≥ 2], p̃ = 1/4 + (3/4)(1 − e^{−1})
    (the slack is the binomial tail, checked in closed form)."""
    seq, other, eps = [UP, DOWN, UP, DOWN], [DOWN, DOWN, UP, DOWN], Fraction(1, 2)
    free, bound = _bounds(seq, other, eps), _bounds(seq, other, eps, budget=2)
    with workprec(64):
        widen = budget_slack(4, arb(1) / 4, arb(1) / 2, 2) * (1 + arb(eps.numerator) / eps.denominator).exp()
        pt = arb(1) / 4 + arb(3) / 4 * (1 - arb(-1).exp())
        assert budget_slack(4, arb(1) / 4, arb(1) / 2, 2).overlaps(3 * pt**2 * (1 - pt) + pt**3)
        assert bound.contains(free) and bound.lower() <= 0  # widen ≈ 2.1 here: the bracket spans [0, 1]
        assert bound.upper() >= (free.upper() + widen).min(arb(1)).lower()


def test_sequences_of_different_length_are_rejected():
    with pytest.raises(InvalidParameterError):
        _bounds([UP, DOWN], [UP], 1)
