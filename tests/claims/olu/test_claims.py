"""The olu package of claims (certunlearn.claims.olu): every item registered in order, with its lines, its
controls and a verdict.
"""

import mpmath
import pytest

from certunlearn.check.runner import check_claim
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.claims.model import Kind



mpmath.mp.dps = 100


CLAIMS = all_claims("olu")
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- registry


def test_registered_claims_cite_lines_and_have_controls():
    ids = {c.id for c in CLAIMS}
    for cid in ("olu.thm1", "olu.cor1:convex", "olu.cor1:sc", "olu.cor1:sc+fix", "olu.lemD.1", "olu.lemD.2", "olu.thm2",
                "olu.thm2:proof", "olu.thm3", "olu.thm5", "olu.thm6", "olu.cor7", "olu.lem5", "olu.lem6", "olu.lem9",
                "olu.lem10", "olu.prop1", "olu.thm4", "olu.thm4+fix", "olu.table2:restart", "olu.table2:retrain",
                "olu.table2:restart-regret-sc", "olu.table2:restart-regret-c", "olu.thm6:regret-proof",
                "olu.thm6:regret", "olu.thm6:regret+fix"):
        assert cid in ids
    assert all("line" in c.source for c in CLAIMS)
    kinds = {c.kind for c in CLAIMS if c.control is Control.NEGATIVE}
    assert {Kind.UNLEARNING, Kind.REGRET, Kind.CONTRACTION, Kind.SENSITIVITY, Kind.INEQUALITY} <= kinds
    for c in CLAIMS:
        if c.corrects:
            assert c.corrects in ids


@pytest.mark.parametrize("cid", [c.id for c in CLAIMS if c.control is Control.NEGATIVE])
def test_negative_controls_come_out_violated(cid):
    assert check_claim(cid, "quick", 0).verdict == "violated"


@pytest.mark.slow
@pytest.mark.parametrize("cid", [c.id for c in CLAIMS if c.control is not Control.NEGATIVE])
def test_every_claim_gets_a_verdict(cid):
    """holds or violated — except a claim whose quantity is a one-sided lower confidence bound on D_α
    (``sampled.divergence_lower``: its interval's upper end is +∞, so it can show a violation and never a hold, and an
    instance below the bound is undecided by design): inconclusive, every instance undecided, none violated."""
    r = check_claim(cid, "quick", 0)
    if "divergence_lower" in get_claim(cid).quantity.__qualname__:
        assert r.verdict in ("inconclusive", "violated"), r.reason
        assert r.verdict == "violated" or r.instances["undecided"] > 0 == r.instances["violated"], r.instances
        return
    assert r.verdict in ("holds", "violated"), r.reason
