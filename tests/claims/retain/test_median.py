"""Median claims (:mod:`certunlearn.claims.retain.median`: Lemma C.1, its m-point extension, Section 3's RS ≤ GS)
against brute force and Fractions by hand."""
import itertools
import statistics

import mpmath
import pytest
from flint import arb

from certunlearn.check.evaluate import UNDECIDED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import median
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
MAX_PREC = 1024


def median_rs_by_hand(R, B):
    """max over z in a fine grid of [0, B] (containing 0, B and R) of |median(R ∪ {z}) − median(R)|."""
    grid = {F(0), F(B), *R, *(F(B) * F(i, 64) for i in range(65))}
    med = statistics.median(R)
    return max(abs(statistics.median(list(R) + [z]) - med) for z in grid)


# ---------------------------------------------------------------------------------------------- median lemmas
@pytest.mark.parametrize("R", [["0", "1/2", "1"], ["1/10", "1/5", "9/10"], ["0", "0", "0", "1", "1"]])
def test_lemma_c1_equals_brute_force(R):
    Rf = [F(x) for x in R]
    inst = median._median_instance({"B": "1", "R": R})
    xs = sorted(Rf)
    k = (len(xs) + 1) // 2
    assert median_rs_by_hand(Rf, 1) == max(xs[k] - xs[k - 1], xs[k - 1] - xs[k - 2]) / 2
    # equality (the lemma is exact): provable once rational_eval knows Max; never a violation
    assert evaluate(get_claim("retain.lemC.1"), inst, MAX_PREC).outcome in (WITHIN, UNDECIDED)


def test_rs_below_gs_attained_on_the_worst_dataset():
    R = [F(0), F(0), F(1)]  # line 153: median 0, adding B moves it to B/2
    assert median_rs_by_hand(R, 1) == F(1, 2)
    inst = median._median_instance({"B": "1", "R": ["0", "0", "1"]})
    assert evaluate(get_claim("retain.sec3-rs-below-gs"), inst, MAX_PREC).outcome == WITHIN


def contains(enclosure: arb, value) -> bool:
    """The enclosure meets the 100-digit value's ball of radius 10^-90 (mpmath's own error at 100 digits)."""
    with workprec(400):
        if not isinstance(enclosure, arb):  # an exact quantity (a Fraction)
            enclosure = arb(enclosure.numerator) / enclosure.denominator
        return enclosure.overlaps(arb(mpmath.nstr(value, 100), mpmath.nstr(mpmath.mpf(10) ** -90 * (1 + abs(value)), 5)))


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


# ---------------------------------------------------------------------------------------------- m points, Table 1
def test_median_m_points_by_hand():
    import statistics

    R = [F(0), F(1, 2), F(1), F(1)]  # even n, m = 2: the extremes are {0, 0} and {1, 1}
    inst = median._median_m_instance("1", [str(x) for x in R], 2)
    med = statistics.median(R)
    want = max(statistics.median(R + [F(1)] * 2) - med, med - statistics.median(R + [F(0)] * 2))
    grid = [F(i, 8) for i in range(9)]
    assert want == max(abs(statistics.median(R + list(Z)) - med) for Z in itertools.product(grid, repeat=2))
    assert contains(median._median_m_rs(inst), mp(want))
    assert evaluate(get_claim("retain.lemC.1:m-points+fix"), inst, MAX_PREC).outcome == WITHIN


# ---------------------------------------------------------------------------------------------- growth (thorough)
def test_median_m_points_family_grows_inside_the_hypotheses():
    import numpy as np

    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.lemC.1:m-points+fix")
    gen = claim.adversaries[0].generate
    quick = gen(np.random.default_rng(1), 40)
    assert len(quick) == 12 and quick[:10] == [median._median_m_instance(B, R, m)
                                               for B, R in median.MEDIAN_DATASETS[:5] for m in (2, 3)]
    grown = gen(np.random.default_rng(1), 100_000)
    assert grown[:12] == quick and len(grown) == 62
    drawn = grown[12:]
    assert {v["m"] for v in drawn} >= {1, 4} and {len(v["R"]) for v in drawn} >= {1, 2, 5, 6}
    for inst in drawn[:20]:
        assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), inst


def test_example_32_family_grows_inside_the_hypotheses():
    import numpy as np

    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.ex3.2")
    gen = claim.adversaries[0].generate
    quick = gen(np.random.default_rng(1), 40)
    assert [(v["n"], v["width"]) for v in quick] == [(n, w) for n in (3, 5, 7, 9, 11) for w in ("1", "10", "1/1000")]
    grown = gen(np.random.default_rng(1), 100_000)
    assert len(grown) == 60 and [(v["n"], v["width"]) for v in grown[:24]] == [
        (n, w) for n in (3, 5, 7, 9, 11, 15, 21, 31) for w in ("1", "10", "1/1000")]
    for inst in grown[24:]:
        assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), inst
    assert len({v["n"] for v in grown[24:]}) > 8
