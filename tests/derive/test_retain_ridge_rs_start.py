"""The ridge RS derivations (retain Example G.2 as printed and +fix, Table 1's MSE row at λ = 0) start from their claims'
quantity (``ridge_rs``: RidgeERM.exact_rs's d = 1 closed form) on the shape Σxy = 0 (w_R = 0), B² ≤ a + (n+1)λ:
proofs/retain/erm ``ridge_rs_run`` = BY/(a + (n+1)λ + B²). At exact instances of that shape, inside the claims'
hypotheses, the run is the claim's quantity; a wrong run (a 0.1 % larger value) is a ``mismatch``."""

import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.instances import frac
from certunlearn.claims.retain.erm import ridge_instance
from certunlearn.derive import START_CHECKED, START_MISMATCH, find_derivation
from certunlearn.numeric.fraction import Fraction

from .quantity_forms import inside, start_statuses

#: (x, y, λ, B) with Σxy = 0 and B² ≤ Σx² + (n+1)λ
SHAPES = ((["1", "1"], ["1", "-1"], "1/2", "1"), (["1", "1/2"], ["0", "0"], "0", "1"),
          (["1/2", "-1/2", "1"], ["1", "1", "0"], "1/10", "1"), (["2"], ["0"], "3", "2"))


@pytest.mark.parametrize("claim_id", ["retain.exG.2+fix", "retain.exG.2", "retain.table1:mse-lambda0"])
def test_the_run_is_the_ridge_rs_on_its_shape(claim_id):
    claim = get_claim(claim_id)
    run = find_derivation(claim).symbolic_start.compute()
    checked = 0
    for x, y, lam, B in SHAPES:
        values = ridge_instance(x, y, lam, B)
        if not inside(claim, values):
            assert claim_id == "retain.table1:mse-lambda0" and lam != "0", values
            continue
        xs, ys = [frac(v) for v in x], [frac(v) for v in y]
        assert sum(p * q for p, q in zip(xs, ys)) == 0 and frac(B) ** 2 <= frac(values["a"]) + (len(xs) + 1) * frac(lam)
        env = {"B": frac(B), "Y": Fraction(1), "a": frac(values["a"]), "n": len(xs), "lambda": frac(lam)}
        got = run.subs({s: sympy.Rational(str(env[s.name])) for s in run.free_symbols})
        assert got == sympy.Rational(str(claim.quantity(values))), (values, got)
        checked += 1
    assert checked >= (1 if claim_id == "retain.table1:mse-lambda0" else 3), checked


@pytest.mark.parametrize("claim_id", ["retain.exG.2+fix", "retain.table1:mse-lambda0"])
def test_a_wrong_run_is_a_mismatch(claim_id):
    assert start_statuses(claim_id, lambda first: first * sympy.Rational(1001, 1000)) == (START_CHECKED, START_MISMATCH)
