"""The hard-margin SVM derivations (retain Lemmas F.2, 3.5, F.2 for m points, Corollary 2.8 for the SVM) start from
their claims' quantities (``HardMarginSVM.exact_rs``, over GS for Lemma 3.5) run on sympy numbers on a d = 1 support
(proofs/retain/svm ``svm_rs_run``: (1/u, +1), (−1/u, −1), (1/(u + h), +1), R the first two points). At exact supports
of that shape, inside the claims' hypotheses, each run is the claim's quantity; a wrong run (0.1 % larger) is a
``mismatch``."""

import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.retain.cor28 import svm_local_sensitivity_sq
from certunlearn.derive import START_CHECKED, START_MISMATCH, find_derivation
from certunlearn.numeric.fraction import Fraction

from .quantity_forms import inside, start_statuses

F = Fraction
SHAPES = ((F(1, 2), F(3, 2)), (F(1), F(1)), (F(2), F(0)), (F(1, 3), F(1, 6)))  # (u, h)


def _support(u: Fraction, h: Fraction) -> dict:
    return {"support_X": [[1 / u], [-1 / u], [1 / (u + h)]], "support_y": [1, -1, 1], "R": [0, 1],
            "W_supp": (u + h) ** 2, "W_R": u**2}


@pytest.mark.parametrize("claim_id, extra", [("retain.lemF.2", {}), ("retain.lem3.5", {}),
                                             ("retain.lemF.2:m-points+fix", {"m": 2}), ("retain.cor2.8:svm", None)])
def test_the_run_is_the_svm_rs_on_its_shape(claim_id, extra):
    claim = get_claim(claim_id)
    d = find_derivation(claim)
    run = d.expand(d.steps[d.chain_start].lhs)
    for u, h in SHAPES:
        values = _support(u, h)
        values = {**values, **(extra if extra is not None else {"LS_sq": svm_local_sensitivity_sq(values)})}
        values = claim.with_prescribed(values)
        assert inside(claim, values), values
        got = run.subs({sympy.Symbol("u", positive=True): sympy.Rational(str(u)),
                        sympy.Symbol("h", nonnegative=True): sympy.Rational(str(h))})
        assert got.free_symbols == set() and sympy.simplify(got - sympy.sympify(claim.quantity(values))) == 0, (
            values, got, claim.quantity(values))


@pytest.mark.parametrize("claim_id", ["retain.lemF.2", "retain.lem3.5", "retain.cor2.8:svm"])
def test_a_wrong_run_is_a_mismatch(claim_id):
    d = find_derivation(get_claim(claim_id))
    assert start_statuses(claim_id, lambda first: d.expand(first) * sympy.Rational(1001, 1000)) == (
        START_CHECKED, START_MISMATCH)
