"""retain derivations made checkable in issue 25's last round: Theorem D.4+fix's Max step proved by a case split (was
sampled evidence), and the starts checked against what the claims' quantities compute (proofs/retain/)."""
import pytest

from certunlearn.claims import get_claim
from certunlearn.derive import PROVED, REFUTED, check_derivation, find_derivation


def _check(cid):
    return check_derivation(find_derivation(get_claim(cid)), get_claim(cid))


@pytest.mark.slow  # ~10 s: two derivations checked
def test_thmD4_fix_max_step_is_proved_and_the_printed_one_refuted():
    """+fix: max(κ_v·nearest, w_R − ρw_K) ≤ max(nearest, w_R − ρw_K), κ_v ≤ 1 — four cases, each a sign; as printed
    (w_inc unrelated to nearest) the same step fails."""
    fixed, printed = _check("retain.thmD.4+fix"), _check("retain.thmD.4")
    assert fixed.steps[1].status == PROVED and "case split" in fixed.steps[1].detail, fixed.steps[1].detail
    assert printed.steps[0].status == REFUTED


def test_every_stated_reason_names_a_derivation_and_is_used():
    """proofs/retain/stated.py: each reason belongs to a retain derivation (no stale id) and reaches it."""
    from certunlearn.derive import load_derivations
    from proofs.retain.stated import REASONS

    derivations = load_derivations("retain")
    assert set(REASONS) <= set(derivations), sorted(set(REASONS) - set(derivations))
    for cid in REASONS:
        assert derivations[cid].start_reason, cid
        assert derivations[cid].symbolic_start is None and get_claim(cid).quantity_expr is None, cid
