"""Corollary 2.8's derivation starts from the claim's median branch run on sympy symbols (proofs/retain/median
``median_rs_run``: the reference median of R, R ∪ {0}, R ∪ {B} at five ordered symbolic points), through the
abbreviation RS_med; its steps are proved for every RS_med ≥ 0. At the claim's own median instances the run (at their
middle order statistics) is the claim's quantity; a 0.1 % larger run is a ``mismatch``."""

import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.instances import frac
from certunlearn.derive import START_CHECKED, START_MISMATCH, find_derivation
from certunlearn.formulas.retain import x_hi, x_lo, x_mid
from proofs.retain.median import median_rs_run

from .quantity_forms import inside, instances, start_statuses


def test_the_median_run_is_the_claims_quantity_at_its_median_instances():
    claim, run = get_claim("retain.cor2.8"), median_rs_run()
    checked = 0
    for values in instances(claim, per_adversary=5):
        if int(frac(values["mech"])) != 0 or not inside(claim, values):
            continue
        xs = sorted(frac(v) for v in values["R"])
        k = (len(xs) + 1) // 2  # x_(m), 1-based
        got = run.subs({x_lo: xs[k - 2], x_mid: xs[k - 1], x_hi: xs[k]})
        assert got == sympy.nsimplify(claim.quantity(values)), (values, got)
        checked += 1
    assert checked >= 4, checked


def test_the_start_is_checked_and_a_wrong_run_is_a_mismatch():
    d = find_derivation(get_claim("retain.cor2.8"))
    assert start_statuses("retain.cor2.8", lambda first: d.expand(first) * sympy.Rational(1001, 1000)) == (
        START_CHECKED, START_MISMATCH)
