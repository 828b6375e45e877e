"""proofs/r2d.py: every derivation loads, links to its claim, and every refuted step is confirmed false
independently — re-evaluated with sympy/mpmath at 100 digits at the point the engine reports."""
import pytest

from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.derive import ESTABLISHED, REFUTED, check_derivation, load_derivations

DERIVATIONS = load_derivations("r2d")
CLAIMS = [c for c in all_claims("r2d") if c.control is not Control.NEGATIVE]


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
    assert refuted  # the printed chains do contain failing lines (e.g. Theorem B.1 for ε > 1)
    for cid, s in refuted:
        lv, rv, holds = refuted_at(DERIVATIONS[cid], s)
        assert not holds, (cid, s.index, lv, rv)


def test_fixes_and_main_derivations_pass(results):
    for cid in ("r2d.thm3.1", "r2d.cor3.2", "r2d.lemB.3", "r2d.lem2.3", "r2d.thmB.1+fix", "r2d.thm3.1:utility+fix",
                "r2d.cor3.5+fix", "r2d.appC-radius+fix", "r2d.table3:d2d"):
        assert results[cid].ok, cid
    for cid in ("r2d.thm3.1", "r2d.cor3.2", "r2d.lemB.3", "r2d.lem2.3", "r2d.thm3.1:utility+fix"):
        assert results[cid].established, (cid, [s.status for s in results[cid].steps])
        assert all(s.status in ESTABLISHED for s in results[cid].steps)


def test_every_fix_has_a_printed_claim_whose_derivation_or_verdict_fails(results):
    """A +fix exists only next to a printed claim; its derivation passes where the printed one has a refuted step
    (or, for r2d.cor3.2-style claims, none is needed)."""
    for c in CLAIMS:
        if c.corrects:
            assert results[c.id].ok
            printed = results.get(c.corrects)
            assert printed is not None and not printed.ok


def test_decaying_step_fix_derivation(results):
    r = results["r2d.sec4.2-decaying-step+fix"]
    assert r.ok and r.link == "identity"
    assert all(s.status != REFUTED for s in r.steps)
    assert not results["r2d.sec4.2-decaying-step"].ok


@pytest.mark.parametrize("cid", ["r2d.appD.1-gradient-estimate+fix", "r2d.appD.1-lipschitz-estimate+fix",
                                 "r2d.lemB.4+fix", "r2d.cor3.6+fix"])
def test_certified_constant_fix_derivations(results, cid):
    r = results[cid]
    assert r.ok and r.link == "identity" and r.established
    assert all(s.status != REFUTED for s in r.steps)


def test_lemma_b2_sign_slip_is_the_only_refuted_step(results):
    r = results["r2d.lemB.2"]
    statuses = [s.status for s in r.steps]
    assert statuses.count(REFUTED) == 1 and statuses[0] == REFUTED
    assert all(s in ESTABLISHED for s in statuses[1:])
