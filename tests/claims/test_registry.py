"""Every registered claim is well formed: id, source, derivation that links, adversaries, controls."""
import pytest
import sympy

from certunlearn.claims import Adversary, Claim, Control, Kind, all_claims, get_claim
from certunlearn.claims.model import ID_PATTERN
from certunlearn.derive import check_derivation, load_derivation, render_text, zero_proof
from certunlearn.errors import UnknownClaimError


CLAIMS = all_claims()


def test_ids_are_well_formed_and_unique():
    ids = [c.id for c in CLAIMS]
    assert len(ids) == len(set(ids))
    assert all(ID_PATTERN.match(i) for i in ids)


def test_malformed_ids_and_fix_without_target_are_refused():
    adv = (Adversary("none", generate=lambda rng, n: []),)
    with pytest.raises(ValueError, match="malformed"):
        Claim("Gaussian thm 1", "s", Kind.PRIVACY, "x", (), sympy.Integer(1), lambda v: 0, adv)
    with pytest.raises(ValueError, match="corrects"):
        Claim("d2d.thm3.1+fix", "s", Kind.PRIVACY, "x", (), sympy.Integer(1), lambda v: 0, adv)
    with pytest.raises(ValueError, match="adversary"):
        Claim("d2d.thm3.1", "s", Kind.PRIVACY, "x", (), sympy.Integer(1), lambda v: 0, ())


#: Every derivation, the costliest too: their checked results come from the committed table
#: (certunlearn/_derivations.pkl; tests/derive/test_ship.py holds it to the current keys).
@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.control is not Control.NEGATIVE], ids=lambda c: c.id)
def test_every_claim_has_a_derivation_that_links_to_its_bound(claim):
    assert claim.derivation is not None
    derivation = load_derivation(claim.derivation)
    result = check_derivation(derivation, claim)
    assert result.link == "identity", result.link_text
    text = render_text(result)
    assert all(f"[{s.status}]" in text for s in result.steps)
    # not vacuous: the chain's last right-hand side, abbreviations expanded, does not also equal another target
    last = derivation.steps[-1].rhs
    for sym, value in reversed(derivation.where):
        last = last.subs(sym, value)
    target = claim.bound if derivation.target == "bound" else claim.prescribed[derivation.target]
    assert zero_proof(last, sympy.sympify(target) + 1) is None


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_every_claim_has_a_structured_adversary_and_a_source(claim):
    assert any(a.kind == "structured" for a in claim.adversaries)
    assert claim.source and claim.statement


def test_every_paper_family_has_a_negative_control():
    papers = {c.paper for c in CLAIMS}
    assert all(any(c.paper == p and c.control is Control.NEGATIVE for c in CLAIMS) for p in papers)


def test_unknown_id_is_named():
    with pytest.raises(UnknownClaimError, match="gaussian.nope"):
        get_claim("gaussian.nope")
