"""pomer.lem4.6+fix (Lemma 4.6, lines 277–283, with x₁ ∼ μ̄₁): vacuous by construction, and its note says why and
where the fix is checked instead."""
from flint import arb

from certunlearn.claims import get_claim


def test_lem46_fix_is_the_identity_and_points_to_the_claim_that_can_fail():
    claim = get_claim("pomer.lem4.6+fix")
    inst = {"a": "-1", "b": "1", "beta": "10", "lam": "1", "initial": "gibbs"}
    q = claim.quantity(claim.with_prescribed(inst))
    assert isinstance(q, arb) and q.is_exact() and q == 0
    assert "pomer.lem4.6:drift+fix" in claim.note and "no route computes q₁ independently" in claim.note
    drift = get_claim("pomer.lem4.6:drift+fix")
    assert drift.corrects == "pomer.lem4.6:drift"
