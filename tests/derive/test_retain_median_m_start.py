"""Lemma C.1 for m added points starts from the reference median run on five ordered symbolic points at m = 2
(proofs/retain/median ``median_rs_m2_run``: the larger move to R ∪ {0, 0} or R ∪ {B, B}). At the claim's own instances
with m = 2 and odd n, inside its hypotheses, the run (at the middle order statistics) is the claim's brute-force
quantity; a 0.1 % larger run is a ``mismatch`` (the start was stated before: the bound's closed form is no quantity)."""
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.instances import frac
from certunlearn.derive import START_CHECKED, START_MISMATCH
from certunlearn.formulas.retain import x_hi, x_lo, x_mid
from proofs.retain.median import median_rs_m2_run

from .quantity_forms import inside, instances, start_statuses


def test_the_run_is_the_brute_force_rs_at_m_2():
    claim, run = get_claim("retain.lemC.1:m-points+fix"), median_rs_m2_run()
    checked = 0
    for values in instances(claim, per_adversary=20):
        xs = sorted(frac(v) for v in values["R"])
        if frac(values["m"]) != 2 or len(xs) % 2 == 0 or len(xs) < 3 or not inside(claim, values):
            continue
        k = (len(xs) + 1) // 2  # med = x_(k), 1-based
        got = run.subs({x_lo: xs[k - 2], x_mid: xs[k - 1], x_hi: xs[k]})
        assert got == sympy.nsimplify(claim.quantity(values)), (values, got)
        checked += 1
    assert checked >= 3, checked


def test_a_wrong_run_is_a_mismatch():
    assert start_statuses("retain.lemC.1:m-points+fix", lambda first: first * sympy.Rational(1001, 1000)) == (
        START_CHECKED, START_MISMATCH)
