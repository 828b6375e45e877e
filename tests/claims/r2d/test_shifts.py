"""benchmarks/shifts_r2d.py: the worst-case shifts of rewind-to-delete reach ≥ 0.9 of the proof's sensitivity
bound (line 437) inside the hypotheses; the attained fraction re-computed independently (closed form, mpmath at
100 digits)."""
import importlib.util
import pathlib

import mpmath
import pytest

from certunlearn.audit.run import inside
from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction

_spec = importlib.util.spec_from_file_location(
    "shifts_r2d", pathlib.Path(__file__).parents[3] / "benchmarks" / "shifts_r2d.py")
SHIFTS = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(SHIFTS)


def closed_form_fraction(n, m, L, T, K, eta, G, R=1):
    """Opposed linear losses: shift = (T − K)·η·2mR/n; bound 2mG·h(K)/(Ln), at 100 digits."""
    with mpmath.workdps(100):
        n, m, L, eta, G, R = (mpmath.mpf(Fraction(v).numerator) / Fraction(v).denominator for v in (n, m, L, eta, G, R))
        shift = (T - K) * eta * 2 * m * R / n
        h = ((1 + eta * L * n / (n - m)) ** (T - K) - 1) * (1 + eta * L) ** K
        return shift / (2 * m * G * h / (L * n))


@pytest.mark.parametrize("n, L, T, K", [(200, Fraction(1, 10**6), 5, 0), (10, Fraction(1, 100), 12, 4),
                                        (2000, Fraction(1, 10**6), 30, 29)])
def test_theorem_31_fraction_matches_the_closed_form_and_lies_inside(n, L, T, K):
    inst = SHIFTS.linear_opposed(n, 1, L, T, K)
    assert inside(get_claim("r2d.thm3.1"), {**inst, "sigma": 1})
    got = SHIFTS.fraction_31(inst)
    want = closed_form_fraction(n, 1, L, T, K, inst["eta"], inst["G"])
    assert abs(float(got.mid()) - float(want)) < 1e-12
    assert want < mpmath.mpf(n - 1) / n  # never above (n − m)/n: the derivation's ceiling


def test_search_attains_ninety_percent_for_every_certificate():
    best = SHIFTS.search(quick=True)
    assert set(best) == {"r2d.thm3.1", "r2d.rem3.3", "r2d.sec4.2-decaying-step+fix", "r2d.thm3.1 (piecewise)",
                         "r2d.rem3.3 (piecewise)"}
    for cid, (fraction, inst) in best.items():
        claim_id = cid.split(" ")[0]
        assert inside(get_claim(claim_id), {**inst, "sigma": 1})
        if cid == claim_id:
            assert 0.9 <= fraction < 1, (cid, fraction)
        else:  # the non-quadratic losses: below the linear family's (n − m)/n, never above the bound
            assert inst["family"] == 3 and 0 < fraction < best[claim_id][0], (cid, fraction)
    inst = best["r2d.thm3.1"][1]
    want = closed_form_fraction(inst["n"], inst["m"], inst["L"], inst["T"], inst["K"], inst["eta"], inst["G"])
    assert abs(best["r2d.thm3.1"][0] - float(want)) < 1e-9
