"""DESIGN.md "Scope" for d2d, r2d, retain and pomer (issue 23): every claim states its printed class, every adversary
what it reaches, every narrowing its why; the Section 3 privacy claims of d2d and r2d are attacked over their class."""
from dataclasses import replace

import pytest

from certunlearn.claims.declared_scope import Scope, scope_of, with_scope
from certunlearn.claims.registry import all_claims

PAPERS = ("d2d", "r2d", "retain", "pomer")


@pytest.mark.parametrize("paper", PAPERS)
def test_every_claim_declares_its_class_and_every_adversary_its_reach(paper):
    for claim in all_claims(paper):
        assert claim.theorem_class.strip(), claim.id
        assert all(a.reaches.strip() for a in claim.adversaries), claim.id
        assert all(n.why.strip() and n.what.strip() for n in claim.narrowed), claim.id


@pytest.mark.parametrize("cid", ["d2d.thm3.1", "d2d.thm3.1:shift", "d2d.thm3.1:shift-sharp", "r2d.thm3.1", "r2d.lemB.2"])
def test_the_section_3_privacy_claims_are_not_narrowed(cid):
    claim = next(c for c in all_claims(cid.split(".")[0]) if c.id == cid)
    assert claim.scope == {"full": True, "narrowed": []}


def test_the_longest_prefix_wins_and_an_undeclared_claim_is_an_error():
    table = {"thm1": Scope("a", "b"), "thm1:part": Scope("c", "d")}
    assert scope_of("p.thm1:part+fix", table).theorem_class == "c"
    assert scope_of("p.thm1+fix", table).theorem_class == "a"
    with pytest.raises(KeyError):
        scope_of("p.thm10", table)
    undeclared = replace(next(iter(all_claims("d2d"))), theorem_class="")
    with pytest.raises(KeyError):
        with_scope([undeclared], {})
    declared = with_scope([undeclared], {"lem2.12": Scope("class", "reach")})[0]
    assert declared.theorem_class == "class" and all(a.reaches for a in declared.adversaries)


def test_narrowed_counts(capsys):
    counts = {p: sum(not c.scope["full"] for c in all_claims(p)) for p in PAPERS}
    print(counts)  # reported in the closing note
    assert all(counts[p] < len(all_claims(p)) for p in PAPERS)
