"""Coverage: every numbered item of each paper has claims or a stated reason, and docs/coverage.md is current."""
from pathlib import Path

from certunlearn.claims import get_claim
from certunlearn.claims.coverage import items, markdown, unlisted_claims

ROOT = Path(__file__).resolve().parents[2]


def test_every_item_names_registered_claims_or_a_reason():
    for item in items():
        assert item.claims or item.reason.strip(), item
        for claim_id in item.claims:
            assert get_claim(claim_id).paper == item.paper, (item.label, claim_id)


def test_every_claim_belongs_to_an_item():
    assert unlisted_claims() == []


def test_every_paper_declares_its_items():
    assert {item.paper for item in items()} == {"olu", "pomer", "d2d", "r2d", "retain"}


def test_docs_coverage_is_current():
    assert (ROOT / "docs" / "coverage.md").read_text() == markdown() + "\n"
