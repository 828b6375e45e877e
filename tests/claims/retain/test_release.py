"""Section 2 claims (:mod:`certunlearn.claims.retain.release`: Theorem 2.11, its control) against independent oracles:
the Gaussian privacy profile in mpmath at 100 digits, medians and MST weights by hand."""
import itertools
import statistics

import mpmath
from flint import arb

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import families
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100


# ---------------------------------------------------------------------------------------------- Theorem 2.11
def _median_pair(R, U, eps, dlt, B=1):
    return {"mech": 0, "B": str(B), "R": [str(x) for x in R], "U": str(U), "epsilon": eps, "delta": dlt}


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def c_classic(eps, dlt) -> mpmath.mpf:
    return mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mp(dlt))) / mp(eps)


def contains_point(enclosure: arb, value) -> bool:
    with workprec(400):
        if not isinstance(enclosure, arb):  # an exact quantity (a Fraction)
            enclosure = arb(enclosure.numerator) / enclosure.denominator
        return enclosure.overlaps(arb(mpmath.nstr(value, 100)))


def median_rs_by_hand(R, B):
    """max over z in a fine grid of [0, B] (containing 0, B and R) of |median(R ∪ {z}) − median(R)|."""
    grid = {F(0), F(B), *R, *(F(B) * F(i, 64) for i in range(65))}
    med = statistics.median(R)
    return max(abs(statistics.median(list(R) + [z]) - med) for z in grid)


def true_delta(eps, sigma, shift) -> mpmath.mpf:
    """Balle & Wang 2018, Thm 8, in mpmath (independent of certunlearn.privacy)."""
    a = shift / (2 * sigma)
    b = eps * sigma / shift
    return mpmath.ncdf(a - b) - mpmath.exp(eps) * mpmath.ncdf(-a - b)


def test_thm211_quantity_matches_mpmath():
    R, U = [F(0), F(0), F(1)], F(1)
    inst = _median_pair(R, U, "1/2", "1e-5")
    shift = abs(statistics.median(R + [U]) - statistics.median(R))
    rs = median_rs_by_hand(R, 1)
    assert shift == rs == F(1, 2)
    want = true_delta(mp("0.5"), mp(rs) * c_classic("0.5", F(1, 10**5)), mp(shift))
    with workprec(300):
        assert contains_point(get_claim("retain.thm2.11").quantity(inst), want)
    assert want <= mp(F(1, 10**5))
MAX_PREC = 1024


def test_control_sigma_tenth_less_is_violated_and_confirmed():
    """σ·9/10 fails exactly where the mpmath profile says it does — and only at tiny δ, where the classic
    calibration is within 10% of the exact one (the smallest σ error the control can make)."""
    claim = get_claim("retain.thm2.11:control-sigma-tenth-less")
    R, U = [F(0), F(0), F(1)], F(1)
    found, fine = [], []
    for eps, dlt in itertools.product(("0.1", "0.5", "0.999"), ("1e-100", "1e-20", "1e-5", "0.001")):
        shift = abs(statistics.median(R + [U]) - statistics.median(R))
        rs = median_rs_by_hand(R, 1)
        d = true_delta(mp(eps), mp(rs) * c_classic(eps, dlt) * mp("0.9"), mp(shift))
        outcome = evaluate(claim, _median_pair(R, U, eps, dlt), MAX_PREC).outcome
        if d > mp(F(dlt)):
            found.append((eps, dlt))
            assert outcome == VIOLATED
        else:
            fine.append((eps, dlt))
            assert outcome != VIOLATED
    assert ("0.999", "1e-100") in found and ("0.5", "0.001") in fine


def test_thm211_mst_edge_instance():
    claim = get_claim("retain.thm2.11")
    inst = {"mech": 1, "B": "10", "R": [[0, 1, "1"], [1, 2, "9"], [2, 3, "1"]], "U": [0, 3, "0"],
            "epsilon": "0.5", "delta": "0.001"}
    # the new zero edge 0–3 replaces the heavy edge: the MST weight drops from 11 to 2
    assert families._shift_and_rs(inst)[0] == 9
    assert evaluate(claim, inst, MAX_PREC).outcome == WITHIN
