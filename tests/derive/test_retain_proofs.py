"""proofs/retain.py: every derivation loads, links to its claim, and every refuted step is confirmed false
independently — re-evaluated with sympy/mpmath at 100 digits at the point the engine reports."""
import pytest

from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.derive import REFUTED, check_derivation, load_derivations

DERIVATIONS = load_derivations("retain")
CLAIMS = [c for c in all_claims("retain") if c.control is not Control.NEGATIVE]


@pytest.fixture(scope="module")
def results():
    return {cid: check_derivation(d, get_claim(cid)) for cid, d in DERIVATIONS.items()}


def test_every_claim_has_its_derivation_and_nothing_else():
    assert {c.derivation for c in CLAIMS} == set(DERIVATIONS)
    for cid, d in DERIVATIONS.items():
        assert d.claim_id == cid
        claim = get_claim(cid)
        assert d.target == "bound" or d.target in claim.prescribed


def test_every_refuted_step_is_false_at_its_point(results, refuted_at):
    refuted = [(cid, s) for cid, r in results.items() for s in r.steps if s.status == REFUTED]
    assert refuted
    for cid, s in refuted:
        lv, rv, holds = refuted_at(DERIVATIONS[cid], s)
        assert not holds, (cid, s.index, lv, rv)


def test_fixes_pass_where_the_printed_derivation_fails(results):
    for c in CLAIMS:
        if c.corrects:
            assert results[c.id].ok, c.id
            if ":m-" not in c.id:  # an m-deletion extension corrects nothing: its printed claim may well pass
                assert not results[c.corrects].ok, c.corrects
    for cid in ("retain.thm2.11", "retain.cor2.12", "retain.lemC.1", "retain.lem3.1", "retain.lemD.1", "retain.lem3.3"):
        assert results[cid].ok, cid
