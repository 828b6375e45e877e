"""Rewind-to-Delete claims with a closed-form quantity (``quantity_expr``): it equals what the claim's quantity
computes (an mpmath evaluation of the expression at 150 digits against the claim's enclosure), the derivations start
from it, and the +fix derivations of Theorem B.1 and Appendix C are complete; a start elsewhere is reported broken."""
import dataclasses

import numpy as np
import pytest

from certunlearn.claims import get_claim
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.derive.model import PROOF_BROKEN, PROOF_COMPLETE, START_CHECKED, START_MISMATCH
from certunlearn.formulas.symbols import sigma

from ..oracles import contains
from .helpers import closed_form_oracle, quantity_value

CLOSED_FORM = ("r2d.thmB.1", "r2d.thmB.1+fix", "r2d.appC-radius", "r2d.appC-radius+fix", "r2d.lemB.4")
COMPLETE = ("r2d.thmB.1+fix", "r2d.appC-radius+fix")


def _instances(claim, k):
    """k instances of the claim's structured adversary, spread over its grid."""
    pts = list(claim.adversaries[0].generate(np.random.default_rng(5), 10**6))
    return pts[:: max(1, len(pts) // k)][:k]


@pytest.mark.parametrize("cid", CLOSED_FORM)
def test_the_closed_form_is_the_quantity(cid):
    claim = get_claim(cid)
    for inst in _instances(claim, 6):
        assert contains(quantity_value(claim, inst), closed_form_oracle(claim, inst)), (cid, inst)


@pytest.mark.parametrize("cid", CLOSED_FORM)
def test_the_derivation_starts_from_the_quantity(cid):
    r = check_derivation(load_derivation(cid), get_claim(cid))
    assert r.start_status == START_CHECKED, r.start_status_detail


@pytest.mark.parametrize("cid", COMPLETE)
def test_fix_proofs_complete_and_a_wrong_start_is_caught(cid):
    claim = get_claim(cid)
    assert check_derivation(load_derivation(cid), claim).proof == PROOF_COMPLETE
    wrong = dataclasses.replace(claim, quantity_expr=claim.quantity_expr.subs(sigma, 2 * sigma))
    r = check_derivation(load_derivation(cid), wrong)
    assert r.start_status == START_MISMATCH and r.proof == PROOF_BROKEN


def test_the_closed_form_oracle_bites():
    """Appendix C's quantity is the true δ at distance 2R: the closed form at distance R is told apart."""
    from certunlearn.formulas.r2d import R_ball

    claim = get_claim("r2d.appC-radius+fix")
    wrong = dataclasses.replace(claim, quantity_expr=claim.quantity_expr.subs(R_ball, R_ball / 2))
    inst = {"epsilon": "0.5", "delta": "1e-5", "R": "10"}
    assert not contains(quantity_value(claim, inst), closed_form_oracle(wrong, inst))
