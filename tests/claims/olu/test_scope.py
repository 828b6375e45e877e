"""Scope of the olu claims (DESIGN.md "Scope", issue 23): every claim declares its printed class, every adversary its
reach, every narrowing its why; the regret claims (Theorems 2, 3, 5, 6, Corollary 7, Table 1) narrow nothing at k = 0."""
import certunlearn.claims.olu as olu
from certunlearn.claims.model import UNDECLARED
from certunlearn.claims.olu.scope import base_of


def test_every_claim_declares_its_class_and_every_adversary_its_reach():
    for c in olu.CLAIMS:
        assert c.theorem_class.strip(), c.id
        assert UNDECLARED not in c.narrowed and UNDECLARED.why not in [n["why"] for n in c.scope["narrowed"]], c.id
        assert all(a.reaches.strip() for a in c.adversaries), c.id
        assert all(n.why.strip() and n.what.strip() for n in c.narrowed), c.id


def test_controls_and_fixes_share_their_base_claims_class():
    ids = {c.id for c in olu.CLAIMS}
    assert base_of("olu.thm2:proof-control-eighth") == "olu.thm2:proof"
    assert base_of("olu.alg1:projected-control-sigma-tenth-less") == "olu.alg1:projected"
    assert base_of("olu.lemD.1+fix") == "olu.lemD.1"
    assert all(base_of(c) in ids for c in ids)


def test_regret_claims_of_the_convex_theorems_narrow_nothing_at_k0():
    for cid in ("olu.thm3", "olu.thm5", "olu.table1:constant"):
        c = next(c for c in olu.CLAIMS if c.id == cid)
        assert c.narrowed and all(n.what.startswith("k ≥ 1") for n in c.narrowed), cid
        assert any(a.reaches.startswith("k = 0") for a in c.adversaries), cid


def test_strongly_convex_regret_claims_narrow_nothing_at_k0_and_reach_losses_without_closed_form():
    """Issue 23: logistic + ridge, non-separable Huber + ridge and full-Hessian quadratics are attacked (their comparator
    enclosed by the gradient-mapping certificate), so only deletions stay narrowed."""
    for cid in ("olu.thm2", "olu.thm2:proof", "olu.cor7", "olu.thm6:regret", "olu.thm6:regret+fix"):
        c = next(c for c in olu.CLAIMS if c.id == cid)
        assert c.narrowed and all(n.what.startswith("k ≥ 1") for n in c.narrowed), cid
        assert any("logistic + ridge" in a.reaches and "full Hessians" in a.reaches for a in c.adversaries), cid
