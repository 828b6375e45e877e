"""proofs/retain/, what is particular to it: the main derivations are established (what every paper owes:
test_paper_derivations.py)."""
import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.derive import check_derivation, load_derivations

from .quantity_forms import agree, checked_instances

DERIVATIONS = load_derivations("retain")


@pytest.fixture(scope="module")
def results():
    return {cid: check_derivation(d, get_claim(cid)) for cid, d in DERIVATIONS.items()}


def test_main_derivations_are_established(results):
    for cid in ("retain.thm2.11", "retain.cor2.12", "retain.lemC.1", "retain.lem3.1", "retain.lemD.1", "retain.lem3.3"):
        assert results[cid].ok, cid


def test_fact1_is_proved_inside_the_pair_chains(results):
    """Theorem 2.11 and Corollary 2.12 apply Fact 1 at the shift ε/c: its proof is inlined (as r2d.thmB.1+fix), so no
    step is cited or sampled."""
    for cid in ("retain.thm2.11", "retain.cor2.12"):
        assert [s.status for s in results[cid].steps] == ["proved", "proved", "identity", "proved", "proved-on-box"], cid


#: the retain claims whose quantity has a closed form, which their derivations start from
CLOSED_FORMS = ("retain.fact1", "retain.sec3-rs-below-gs")


@pytest.mark.parametrize("cid", CLOSED_FORMS)
def test_the_closed_form_quantity_is_what_the_quantity_computes(cid):
    claim = get_claim(cid)
    assert claim.quantity_expr is not None
    assert all(agree(claim, inst) for inst in checked_instances(claim))


@pytest.mark.parametrize("cid", CLOSED_FORMS)
def test_a_wrong_closed_form_is_caught(cid):
    claim = get_claim(cid)
    wrong = claim.quantity_expr * sympy.Rational(1001, 1000)
    assert not all(agree(claim, inst, wrong) for inst in checked_instances(claim))


def test_the_closed_forms_are_the_derivations_starts(results):
    for cid in CLOSED_FORMS:
        assert results[cid].start_status == "checked", (cid, results[cid].start_status_detail)


@pytest.mark.parametrize("cid", ["retain.lemH.1", "retain.lemH.1:m-points+fix"])
def test_lemma_h1_zcdp_conversion_is_proved(cid):
    """Lemma H.1's footnote-3 calibration, b solving ε = b²/2 + b√(2log(1/δ)): δ(ε) ≤ Q(√(2log(1/δ))) ≤ δ is proved
    (sign, identity under the calibration, branch-and-bound on δ), not cited from Bun & Steinke."""
    claim = get_claim(cid)
    r = check_derivation(load_derivations("retain")[claim.derivation], claim)
    assert [s.status for s in r.steps] == ["proved", "proved", "identity", "proved-on-box"], r.steps


def test_lemma_g5_lower_side_is_complete():
    """Lemma G.5's lower side: √(1−r) ≤ 1 − r/2 (line 649) proved through s = √(1−r) ((1 − s)² ≥ 0), so the chain from
    the claim's closed-form quantity is established end to end."""
    claim = get_claim("retain.lemG.5:lower")
    r = check_derivation(load_derivations("retain")[claim.derivation], claim)
    assert r.steps[1].status == "proved", r.steps[1].detail
    assert r.proof == "complete", [(s.status, s.detail) for s in r.steps]


def test_lemma_g4_fix_is_proved_and_the_printed_step_still_refuted():
    """Lemma G.4+fix: with θ ≤ 1/2 the step is proved in w = √(1 − r_n), z = 1 − 2θ − w ≥ 0; the printed lemma (no
    θ ≤ 1/2) keeps its refuted step."""
    ds = load_derivations("retain")
    fix, printed = (check_derivation(ds[c], get_claim(c)) for c in ("retain.lemG.4+fix", "retain.lemG.4"))
    assert fix.steps[0].status == "proved", fix.steps[0].detail
    assert printed.steps[0].status == "refuted"


@pytest.mark.parametrize("cid", ["retain.lemE.2", "retain.lemE.2:operator"])
def test_lemma_e2_norm_bounds_are_proved(cid):
    """‖xxᵀ‖ ≤ B² and ‖Σ̂_R‖ ≤ B² (line 511) as ratios ρ ≤ 1: the step to 2B² is proved, not sampled."""
    r = check_derivation(load_derivations("retain")[cid], get_claim(cid))
    assert r.steps[2].status == "proved", r.steps[2].detail
