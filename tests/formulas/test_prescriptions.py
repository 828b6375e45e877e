"""One source of truth: what a claim prescribes is what its paper's formulas module prescribes."""
import pytest

from certunlearn.claims import all_claims
from certunlearn.errors import UnknownClaimError
from certunlearn.formulas import PAPERS, prescription
from certunlearn.algorithms.parameters import resolve_claim


def test_every_claim_carries_the_formulas_prescription():
    registered = {c.id: c for c in all_claims()}
    for claim in registered.values():
        if claim.prescribed:
            assert claim.prescribed == prescription(claim.id).prescribed, claim.id


def test_every_prescription_belongs_to_a_registered_claim():
    import importlib

    registered = {c.id for c in all_claims()}
    for paper in PAPERS:
        module = importlib.import_module(f"certunlearn.formulas.{paper}")
        for claim_id in getattr(module, "PRESCRIBED", {}):
            assert claim_id.split(".", 1)[0] == paper, claim_id
            assert claim_id in registered, claim_id


def test_ids_resolve_within_a_paper_and_unknown_ids_are_refused():
    assert resolve_claim("classic", "gaussian").prescribed == prescription("gaussian.classic").prescribed
    with pytest.raises(UnknownClaimError):
        prescription("gaussian.no-such-item")
    with pytest.raises(UnknownClaimError):
        prescription("nopaper.thm1")
