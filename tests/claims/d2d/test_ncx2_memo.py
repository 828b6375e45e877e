"""certunlearn.claims.d2d.common.ncx2_sf is ncx2_tail memoised on the exact balls and the working precision: every
answer, first or repeated, is the enclosure a fresh evaluation gives at that precision, ball for ball."""

from flint import arb

from certunlearn.claims.d2d import common
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec


def _same(a: arb, b: arb) -> bool:
    return a.mid() == b.mid() and a.rad() == b.rad()


def test_memoised_tail_is_the_fresh_tail_at_each_precision_and_radius():
    with workprec(64):  # inexact balls, as the claims pass them, made once and reused at every precision
        balls = [(dof, to_arb(lam) / 3, to_arb(x) * arb(2).sqrt()) for dof, lam, x in
                 [(1, F(1, 3), F(5, 2)), (2, F(0), F(3)), (3, F(7, 4), F(1, 10)), (2, F(900), F(1000)), (1, F(2), F(-1))]]
        # the same midpoints with a wider radius: another ball, another enclosure
        balls += [(dof, arb(lam.mid(), 2 ** -20), arb(x.mid(), 2 ** -20)) for dof, lam, x in balls]
    for prec in (64, 200, 64, 200):  # the second pass answers from the memo
        with workprec(prec):
            for dof, lam, x in balls:
                assert _same(common.ncx2_sf(dof, lam, x), common.ncx2_tail(dof, lam, x))
    with workprec(64):
        lo = common.ncx2_sf(*balls[0])
    with workprec(200):
        hi = common.ncx2_sf(*balls[0])
    assert not _same(lo, hi)  # the precision is part of the key
    before = len(common._NCX2_MEMO)
    wide = arb(0, "inf")  # a ball of infinite radius: evaluated, never memoised
    assert str(common.ncx2_sf(2, wide, arb(1))) == str(common.ncx2_tail(2, wide, arb(1)))
    assert len(common._NCX2_MEMO) == before
