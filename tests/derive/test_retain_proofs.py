"""proofs/retain/, what is particular to it: the main derivations are established (what every paper owes:
test_paper_derivations.py)."""
import pytest

from certunlearn.claims import get_claim
from certunlearn.derive import check_derivation, load_derivations

DERIVATIONS = load_derivations("retain")


@pytest.fixture(scope="module")
def results():
    return {cid: check_derivation(d, get_claim(cid)) for cid, d in DERIVATIONS.items()}


def test_main_derivations_are_established(results):
    for cid in ("retain.thm2.11", "retain.cor2.12", "retain.lemC.1", "retain.lem3.1", "retain.lemD.1", "retain.lem3.3"):
        assert results[cid].ok, cid
