"""Table 1 claims (:mod:`certunlearn.claims.retain.tables`) against ridge minimisers by hand."""
from fractions import Fraction as F

import mpmath

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import erm

mpmath.mp.dps = 100
MAX_PREC = 1024


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def test_table1_mse_at_lambda0_holds_where_example_g2_printed_can_fail():
    xs, ys = [F(1, 8), F(-1, 2), F(3, 4)], [F(1), F(-1), F(1)]
    inst = erm.ridge_instance(["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "0")
    n, a = 3, sum(x * x for x in xs)
    bound = (1 / (mp(a) / (n + 1)) + 1) / (n * mp(a) / n)  # eq. (2) at λ = 0, B = Y = 1
    w = sum(x * y for x, y in zip(xs, ys)) / a
    lower = max(abs(sum(x * y for x, y in zip(xs + [t], ys + [s])) / (a + t * t) - w)
                for t in (F(i, 64) for i in range(-64, 65)) for s in (F(-1), F(1)))
    assert mp(lower) <= bound
    assert evaluate(get_claim("retain.table1:mse-lambda0"), inst, MAX_PREC).outcome == WITHIN
