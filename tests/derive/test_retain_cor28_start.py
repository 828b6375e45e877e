"""Corollary 2.8's derivations (the median and MST part; ridge ERM, d = 1) start from the claim's median branch run on sympy symbols (proofs/retain/median
``median_rs_run``: the reference median of R, R ∪ {0}, R ∪ {B} at five ordered symbolic points), through the
abbreviation RS_med; its steps are proved for every RS_med ≥ 0. At the claim's own median instances the run (at their
middle order statistics) is the claim's quantity; the ridge part goes through RS_ridge := proofs/retain/erm
``ridge_rs_run`` (Σxy = 0, B² ≤ a + (n+1)λ), the claim's quantity at its instances of that shape; a 0.1 % larger run is
a ``mismatch``."""

import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.instances import frac
from certunlearn.claims.retain.cor28 import ridge_local_sensitivity
from certunlearn.claims.retain.erm import ridge_instance
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


def test_the_ridge_run_is_the_claims_quantity_on_its_shape():
    claim = get_claim("retain.cor2.8:erm")
    run = find_derivation(claim).expand(sympy.Symbol("RS_ridge", nonnegative=True))
    checked = 0
    for x, y, lam, B in ((["1", "1"], ["1", "-1"], "1/2", "1"), (["1", "1/2"], ["0", "0"], "1/4", "1"),
                         (["1/2", "-1/2", "1"], ["1", "1", "0"], "1/10", "1"), (["2"], ["0"], "3", "2")):
        values = ridge_instance(x, y, lam, B)
        values = {**values, "LS": ridge_local_sensitivity(values)}
        if values["LS"] is None or not inside(claim, values):
            continue
        env = {"B": frac(B), "Y": 1, "a": frac(values["a"]), "n": len(x), "lambda": frac(lam)}
        got = run.subs({s: sympy.Rational(str(env[s.name])) for s in run.free_symbols})
        assert got == sympy.Rational(str(claim.quantity(values))), (values, got)
        checked += 1
    assert checked >= 2, checked


@pytest.mark.parametrize("claim_id", ["retain.cor2.8", "retain.cor2.8:erm"])
def test_the_start_is_checked_and_a_wrong_run_is_a_mismatch(claim_id):
    d = find_derivation(get_claim(claim_id))
    assert start_statuses(claim_id, lambda first: d.expand(first) * sympy.Rational(1001, 1000)) == (
        START_CHECKED, START_MISMATCH)
