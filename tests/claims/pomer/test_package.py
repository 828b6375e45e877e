"""The POMER claims package (certunlearn.claims.pomer): every item registered in order, controls and corrections
annotated, every named derivation present, every claim evaluated on structured instances, negative controls
violated."""
import numpy as np
import pytest

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.check.runner import check_claim
from certunlearn.claims import Control, all_claims
from certunlearn.derive import load_derivation

CLAIMS = all_claims("pomer")


def test_registered_claims_and_controls():
    ids = {c.id for c in CLAIMS}
    for expected in ("pomer.def3.1", "pomer.def3.1+fix", "pomer.lem3.2", "pomer.lem3.2+fix", "pomer.lem3.3",
                     "pomer.lem3.5", "pomer.lem3.6", "pomer.lem4.2", "pomer.lem4.2:tail", "pomer.lem4.6", "pomer.lem4.6+fix",
                     "pomer.thm4.1", "pomer.thm4.1:budget", "pomer.claimC.2:post-ratio", "pomer.footnote4",
                     "pomer.thm4.3", "pomer.thm4.3:composition", "pomer.thm4.4:epsilon", "pomer.thm4.4:delta",
                     "pomer.thm4.4:delta+fix", "pomer.thm4.4:regret", "pomer.thm4.5", "pomer.thm4.5:switches",
                     "pomer.table1:row4", "pomer.table1:row4+fix", "pomer.table2:row3", "pomer.table2:row3+fix"):
        assert expected in ids
    assert sum(c.control is Control.NEGATIVE for c in CLAIMS) >= 3
    for c in CLAIMS:
        assert "line" in c.source or c.control is Control.NEGATIVE
        if c.corrects:
            assert c.corrects in ids and c.note


def test_every_named_derivation_exists():
    for c in CLAIMS:
        if c.derivation:
            assert load_derivation(c.derivation).claim_id == c.id


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_structured_instances_evaluate(claim):
    adv = next(a for a in claim.adversaries if a.kind == "structured")
    outcomes = [evaluate(claim, inst, 512).outcome for inst in adv.generate(np.random.default_rng(1), 6)]
    assert any(o in (WITHIN, VIOLATED) for o in outcomes), outcomes


@pytest.mark.parametrize("cid", [c.id for c in CLAIMS if c.control is Control.NEGATIVE])
def test_negative_controls_come_out_violated(cid):
    assert check_claim(cid, "quick", 0).verdict == "violated"
