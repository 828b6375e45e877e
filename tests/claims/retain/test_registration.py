"""The retain claims as registered (:mod:`certunlearn.claims.retain`): ids, controls, derivation links, and every
adversary's instances valid and evaluable."""
import mpmath
import numpy as np
import pytest

from certunlearn.check.evaluate import EXCLUDED, UNDECIDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.derive import check_derivation, load_derivation

mpmath.mp.dps = 100
CLAIMS = all_claims("retain")


# ---------------------------------------------------------------------------------------------- registry
def test_registered_claims():
    ids = {c.id for c in CLAIMS}
    for expected in ("retain.fact1", "retain.thm2.11", "retain.cor2.12", "retain.thm2.11:control-sigma-tenth-less",
                     "retain.lemC.1", "retain.lem3.1", "retain.exG.2", "retain.exG.2+fix", "retain.lemD.1",
                     "retain.lem3.3", "retain.thmD.4", "retain.thmD.4+fix", "retain.lemE.2", "retain.lemF.2",
                     "retain.lem3.5", "retain.lemE.2:m-points+fix", "retain.sec3-rs-below-gs", "retain.lemD.1:m-edges+fix"):
        assert expected in ids
    assert any(c.control is Control.NEGATIVE for c in CLAIMS)
    for c in CLAIMS:
        assert c.source and any(a.kind == "structured" for a in c.adversaries)
        if c.corrects:
            assert c.corrects in ids and c.note


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.control is not Control.NEGATIVE], ids=lambda c: c.id)
def test_derivation_links(claim):
    assert check_derivation(load_derivation(claim.derivation), claim).link == "identity"
MAX_PREC = 1024


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_structured_adversary_evaluates(claim):
    adv = next(a for a in claim.adversaries if a.kind == "structured")
    instances = list(adv.generate(np.random.default_rng(0), 4))[:4]
    assert instances
    evaluations = [evaluate(claim, inst, MAX_PREC) for inst in instances]
    # evaluated without error, most of them inside the hypotheses; an undecided one only where an irrational equality
    # leaves the enclosures overlapping (exact lemmas with Max or √ in the bound); an excluded one names the hypothesis
    # it breaks (a certified minimiser on ‖w‖ = R_w, where Lemma H.2's proof needs it interior)
    assert all(ev.outcome in (WITHIN, VIOLATED) or (ev.outcome == UNDECIDED and "overlap" in ev.reason)
               or (ev.outcome == EXCLUDED and "outside hypothesis" in ev.reason)
               for ev in evaluations), [(ev.outcome, ev.reason) for ev in evaluations]
    assert sum(ev.outcome in (WITHIN, VIOLATED) for ev in evaluations) > len(evaluations) / 2


def test_search_spaces_build_valid_instances():
    rng = np.random.default_rng(1)
    for c in CLAIMS:
        for a in c.adversaries:
            if a.space is not None:
                inst = a.space.from_unit(rng.random(a.space.dim))
                assert all(h.decide(inst).name == "TRUE" for h in c.hypotheses), c.id
APPENDIX_IDS = ("retain.lemE.1", "retain.lemE.1:frobenius", "retain.lemE.1+fix", "retain.lemE.1:frobenius+fix",
       "retain.lemG.1", "retain.lemG.1:second", "retain.exG.3", "retain.lem3.7", "retain.lemG.4", "retain.lemG.4+fix",
       "retain.exG.6", "retain.lemG.5", "retain.lemG.5:lower", "retain.lemF.1", "retain.lemF.1:lower", "retain.lemD.3",
       "retain.lemH.1", "retain.lemH.1:sensitivity", "retain.lemH.2", "retain.lemH.3", "retain.lem4.2", "retain.lem4.1",
       "retain.lem4.1+fix", "retain.lemC.1:m-points+fix", "retain.lemG.1:m-points+fix", "retain.lemF.2:m-points+fix",
       "retain.lemH.2:m-points+fix", "retain.table1:mse-lambda0", "retain.table1:logloss-lambda0", "retain.table1:gs")


def test_new_claims_registered_with_controls():
    ids = {c.id for c in all_claims("retain")}
    assert set(APPENDIX_IDS) <= ids
    controls = [c for c in all_claims("retain") if c.control is Control.NEGATIVE]
    for family in ("lemE.1", "lemG.1", "lemG.4", "lemG.5", "lemF.1", "lemD.3", "lemH.1", "lem4.2"):
        assert any(c.id.startswith(f"retain.{family}:") and "control" in c.id for c in controls), family
PROOF_STEP_IDS = ("retain.lemE.2:operator", "retain.lemE.4", "retain.lemE.4:noise-tail", "retain.lemH.1:m-points+fix",
       "retain.lemH.1:m-points-sensitivity+fix", "retain.lem4.1:lower", "retain.lem4.1:lower+fix")


def test_registered_with_controls():  # derivation links: test_derivation_links above covers every claim
    ids = {c.id for c in all_claims("retain")}
    assert set(PROOF_STEP_IDS) <= ids
    assert all(get_claim(cid).derivation == cid for cid in PROOF_STEP_IDS)
    controls = {c.id for c in all_claims("retain") if c.control is Control.NEGATIVE}
    assert {"retain.lemE.2:operator-control-quartered", "retain.lemE.4:control-noise-dropped", "retain.lemE.4:noise-tail-control-fiftyfold",
            "retain.lemH.1:m-points-sensitivity-fix-control-twentieth", "retain.lem4.1:lower-fix-control-tenth-more"} <= controls
