"""proofs/olu.py, what is particular to it: every derivation targets the bound, and the corrected and main chains
pass (what every paper owes: test_paper_derivations.py)."""

import pytest

from certunlearn.claims import get_claim
from certunlearn.derive import ESTABLISHED, check_derivation, load_derivations
from certunlearn.numeric.fraction import Fraction

DERIVATIONS = load_derivations("olu")


@pytest.fixture(scope="module")
def results():
    return {cid: check_derivation(d, get_claim(cid)) for cid, d in DERIVATIONS.items()}


def test_every_derivation_targets_the_bound():
    assert all(d.target == "bound" for d in DERIVATIONS.values())


def test_corrected_and_main_chains_have_no_refuted_step(results):
    for cid in ("olu.thm1", "olu.cor1:convex", "olu.cor1:sc+fix", "olu.lemD.1+fix", "olu.lemD.2", "olu.lem5",
                "olu.lem6", "olu.lem9", "olu.lem10+fix", "olu.prop1", "olu.thm4+fix", "olu.table2:restart",
                "olu.table2:retrain", "olu.table2:restart-regret-sc", "olu.table2:restart-regret-c", "olu.thm6:regret-proof"):
        assert results[cid].ok, (cid, [s.status for s in results[cid].steps])
    for cid in ("olu.thm1", "olu.cor1:convex", "olu.cor1:sc+fix", "olu.lemD.1+fix", "olu.lemD.2", "olu.lem5", "olu.lem6",
                "olu.prop1", "olu.thm4+fix", "olu.table2:restart-regret-sc", "olu.table2:restart-regret-c"):
        assert all(s.status in ESTABLISHED for s in results[cid].steps), cid


def test_the_contraction_step_of_corollary_1_is_independently_false():
    """1 − ημ ≤ (β/μ − 1)/(β/μ + 1) at η = 1/(β + μ), β = 2, μ = 1: 2/3 > 1/3 (exact rationals)."""
    eta_, mu_, beta_ = Fraction(1, 3), Fraction(1), Fraction(2)
    assert 1 - eta_ * mu_ > (beta_ / mu_ - 1) / (beta_ / mu_ + 1)
