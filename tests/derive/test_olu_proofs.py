"""proofs/olu.py: every derivation loads and links to its claim, the corrected chains pass, and every refuted step
is confirmed false independently — re-evaluated with sympy at 100 digits at the point the engine reports."""
from fractions import Fraction

import pytest

from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.derive import ESTABLISHED, REFUTED, check_derivation, load_derivations

DERIVATIONS = load_derivations("olu")
CLAIMS = [c for c in all_claims("olu") if c.control is not Control.NEGATIVE]


@pytest.fixture(scope="module")
def results():
    return {cid: check_derivation(d, get_claim(cid)) for cid, d in DERIVATIONS.items()}


def test_every_named_derivation_exists_and_nothing_else():
    assert {c.derivation for c in CLAIMS if c.derivation} == set(DERIVATIONS)
    for cid, d in DERIVATIONS.items():
        assert d.claim_id == cid and d.target == "bound"


def test_every_refuted_step_is_false_at_its_point(results, refuted_at):
    refuted = [(cid, s) for cid, r in results.items() for s in r.steps if s.status == REFUTED]
    assert refuted
    for cid, s in refuted:
        lv, rv, holds = refuted_at(DERIVATIONS[cid], s)
        assert not holds, (cid, s.index, lv, rv)


def test_corrected_and_main_chains_have_no_refuted_step(results):
    for cid in ("olu.thm1", "olu.cor1:convex", "olu.cor1:sc+fix", "olu.lemD.1+fix", "olu.lemD.2", "olu.lem5",
                "olu.lem6", "olu.lem9", "olu.lem10+fix", "olu.prop1", "olu.thm4+fix", "olu.table2:restart",
                "olu.table2:retrain", "olu.table2:restart-regret-sc", "olu.table2:restart-regret-c", "olu.thm6:regret"):
        assert results[cid].ok, (cid, [s.status for s in results[cid].steps])
    for cid in ("olu.thm1", "olu.cor1:convex", "olu.cor1:sc+fix", "olu.lemD.1+fix", "olu.lemD.2", "olu.lem5", "olu.lem6",
                "olu.prop1", "olu.thm4+fix", "olu.table2:restart-regret-sc", "olu.table2:restart-regret-c"):
        assert all(s.status in ESTABLISHED for s in results[cid].steps), cid


def test_the_contraction_step_of_corollary_1_is_independently_false():
    """1 − ημ ≤ (β/μ − 1)/(β/μ + 1) at η = 1/(β + μ), β = 2, μ = 1: 2/3 > 1/3 (exact rationals)."""
    eta_, mu_, beta_ = Fraction(1, 3), Fraction(1), Fraction(2)
    assert 1 - eta_ * mu_ > (beta_ / mu_ - 1) / (beta_ / mu_ + 1)


def test_fix_derivations_pass_next_to_failing_printed_ones(results):
    for c in CLAIMS:
        if c.corrects and c.corrects in results:
            assert results[c.id].ok and not results[c.corrects].ok, c.id
