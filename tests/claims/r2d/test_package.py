"""Rewind-to-Delete claims, the package certunlearn.claims.r2d: every claim registered, derived (linked derivation),
evaluated — checked against independent oracles (gradient descent by hand in Fractions, mpmath at 100 digits).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""
import mpmath
import numpy as np
import pytest

from certunlearn.claims.model import QuantityKind

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.derive import check_derivation, load_derivation


from .helpers import sigma_31, opposed

mpmath.mp.dps = 100
CLAIMS = all_claims("r2d")
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- registry


def test_registered_claims():
    ids = {c.id for c in CLAIMS}
    for expected in ("r2d.lem2.3", "r2d.thmB.1", "r2d.thmB.1+fix", "r2d.lemB.2", "r2d.lemB.3", "r2d.thm3.1",
                     "r2d.thm3.1:utility", "r2d.thm3.1:utility+fix", "r2d.cor3.2", "r2d.cor3.5", "r2d.cor3.5+fix",
                     "r2d.lemB.4", "r2d.cor3.6", "r2d.thm3.1:control-sigma-halved", "r2d.sec4.2-decaying-step",
                     "r2d.sec4.2-decaying-step+fix", "r2d.sec4.2-epsilon-above-1",
                     "r2d.appD.1-gradient-estimate+fix", "r2d.appD.1-lipschitz-estimate+fix",
                     "r2d.lemB.4+fix", "r2d.cor3.6+fix", "r2d.appD.1-gradient-estimate"):
        assert expected in ids
    assert any(c.control is Control.NEGATIVE for c in CLAIMS)
    for c in CLAIMS:
        if c.corrects:
            assert c.corrects in ids and c.note


def test_prescribed_sigma_is_the_contract_of_noise_scale():
    c = get_claim("r2d.thm3.1")
    assert {s.name for s in c.prescribed["sigma"].free_symbols} == {"n", "m", "eta", "L", "G", "T", "K", "epsilon",
                                                                     "delta"}
    from certunlearn.algorithms.r2d import noise_scale

    inst = opposed()
    got = noise_scale(200, 1, inst["eta"], inst["L"], inst["G"], 12, 4, inst["epsilon"], inst["delta"], mode="mpmath")
    assert abs(got - sigma_31(inst)) < mpmath.mpf(10) ** -40 * sigma_31(inst)


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.control is not Control.NEGATIVE], ids=lambda c: c.id)
def test_claim_has_a_linked_derivation(claim):
    result = check_derivation(load_derivation(claim.derivation), claim)
    assert result.link == "identity", result.link_detail


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_claim_has_a_structured_adversary_and_evaluates(claim):
    assert any(a.kind == "structured" for a in claim.adversaries)
    adv = next(a for a in claim.adversaries if a.kind == "structured")
    evs = [evaluate(claim, inst, MAX_PREC) for inst in adv.generate(np.random.default_rng(1), 3)]
    outcomes = [e.outcome for e in evs]
    if claim.quantity_kind is QuantityKind.LOWER:  # a certified lower bound decides only violations
        assert all(e.outcome == VIOLATED or "lower bound" in (e.reason or "") for e in evs), outcomes
    else:
        assert any(o in (WITHIN, VIOLATED) for o in outcomes), outcomes
