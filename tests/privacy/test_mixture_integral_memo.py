"""The mixture integral is remembered by its exact arguments (privacy/mixture_integral.py): sound only because its
ball does not depend on the caller's precision — checked here by computing it afresh at two precisions."""

from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.privacy import mixture_integral as mi

P = [(Fraction(3, 4), 0), (Fraction(1, 4), 2)]
Q = [(1, 0)]


def _fresh(prec: int):
    mi._hockey_stick.cache_clear()
    with workprec(prec):
        return mi.mixture_hockey_stick("1", P, Q)


def test_the_ball_does_not_depend_on_the_callers_precision():
    low, high = _fresh(64), _fresh(320)
    assert low.mid() == high.mid() and low.rad() == high.rad()
    assert low > 0


def test_a_second_call_is_the_remembered_ball():
    first = _fresh(64)
    with workprec(256):
        again = mi.mixture_hockey_stick("1", tuple(P), Q)
    assert mi._hockey_stick.cache_info().hits == 1
    assert again is first


def test_shared_interval_ends_give_the_ball_computed_without_sharing(monkeypatch):
    """Within one integral the normal tails at the intervals' exact ends are remembered (neighbours and halves share
    ends): the ball must be exactly the one each tail computed afresh gives."""
    shared = _fresh(64)
    monkeypatch.setattr(mi._Tails, "__call__", lambda self, end, mean: mi.normal_tail(end - mean))
    alone = _fresh(64)
    assert shared.mid() == alone.mid() and shared.rad() == alone.rad()
    assert shared is not alone
