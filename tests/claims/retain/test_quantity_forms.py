"""Claims whose quantity has a closed form (``quantity_expr``): their derivations start from it."""
import dataclasses

import pytest

from certunlearn.claims import get_claim
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.derive.model import PROOF_COMPLETE, START_CHECKED, START_MISMATCH, proof_status


@pytest.mark.parametrize("cid, complete", [
    ("retain.lemF.1", True), ("retain.lemF.1:lower", True), ("retain.lem4.1+fix", True),
    ("retain.lem4.1:lower+fix", True), ("retain.lemG.5:lower", True), ("retain.lemG.5", False),
    ("retain.lem4.1", False), ("retain.lem4.1:lower", False),
])
def test_derivations_start_from_the_closed_form_quantity(cid, complete):
    claim = get_claim(cid)
    assert claim.quantity_expr is not None
    result = check_derivation(load_derivation(cid), claim)
    assert result.start_status == START_CHECKED, result.start_status_detail
    assert (proof_status(result) == PROOF_COMPLETE) == complete
    # a quantity the chain does not start from is caught: the start no longer matches
    other = dataclasses.replace(claim, quantity_expr=claim.quantity_expr * 2)
    assert check_derivation(load_derivation(cid), other).start_status == START_MISMATCH
