"""The list of costly derivations (tests/costly_derivations.py) names registered derivations only, and is closed
under lemma references: a derivation that cites a costly lemma derives it nested, so it is costly too."""
from certunlearn.claims import all_claims
from certunlearn.claims.model import Control
from certunlearn.derive import load_derivation

from .costly_derivations import COSTLY, COSTLY_WHY, slow_if_costly

CLAIMS = {c.id: c for c in all_claims() if c.control is not Control.NEGATIVE and c.derivation is not None}


def cited_lemmas(claim_id: str) -> set[str]:
    """The claim ids the derivation of ``claim_id`` cites as lemmas (its steps' ``lemma``), transitively."""
    seen: set[str] = set()
    todo = [claim_id]
    while todo:
        derivation = load_derivation(CLAIMS[todo.pop()].derivation)
        for step in derivation.steps:
            if step.lemma is not None and step.lemma.claim_id not in seen:
                seen.add(step.lemma.claim_id)
                todo.append(step.lemma.claim_id)
    return seen


def test_every_costly_id_is_a_registered_derivation_with_a_reason():
    assert COSTLY <= set(CLAIMS), sorted(COSTLY - set(CLAIMS))
    assert all(why.strip() for why in COSTLY_WHY.values())


def test_a_derivation_citing_a_costly_lemma_is_costly():
    open_ = {cid: sorted(cited_lemmas(cid) & COSTLY) for cid in CLAIMS if cid not in COSTLY}
    assert not {cid: lemmas for cid, lemmas in open_.items() if lemmas}


def test_costly_values_are_marked_slow_and_the_others_left_alone():
    cheap, dear = "gaussian.classic", "d2d.lemA.2"
    out = slow_if_costly([cheap, dear])
    assert out[0] == cheap
    assert out[1].values == (dear,) and [m.name for m in out[1].marks] == ["slow"]
