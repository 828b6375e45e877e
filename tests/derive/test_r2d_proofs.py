"""proofs/r2d/, what is particular to it: the fixes and main derivations pass, and where the printed Lemma B.2
chain fails (what every paper owes: test_paper_derivations.py)."""
import pytest

from certunlearn.claims import get_claim
from certunlearn.derive import ESTABLISHED, REFUTED, check_derivation, load_derivations

DERIVATIONS = load_derivations("r2d")


class _Results(dict):
    """Derivation results, checked on first use: a test derives only what it reads."""

    def __missing__(self, cid):
        self[cid] = check_derivation(DERIVATIONS[cid], get_claim(cid))
        return self[cid]


@pytest.fixture(scope="module")
def results():
    return _Results()


ESTABLISHED_MAIN = ("r2d.thm3.1", "r2d.cor3.2", "r2d.lemB.3", "r2d.lem2.3", "r2d.thm3.1:utility+fix")


@pytest.mark.parametrize("cid", ["r2d.thm3.1", "r2d.cor3.2", "r2d.lemB.3", "r2d.lem2.3", "r2d.thmB.1+fix",
                                 "r2d.thm3.1:utility+fix", "r2d.cor3.5+fix", "r2d.appC-radius+fix"])
def test_fixes_and_main_derivations_pass(results, cid):
    assert results[cid].ok, cid
    if cid in ESTABLISHED_MAIN:
        assert results[cid].established, (cid, [s.status for s in results[cid].steps])
        assert all(s.status in ESTABLISHED for s in results[cid].steps)


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


def test_epsilon_above_1_monotonicity_in_the_shift_is_proved():
    """Section 4.2, ε > 1: δ_M(ε, σ, κΔ_b) ≤ δ_M(ε, σ, Δ_b) for κ ≤ 1 is proved (monotonicity in w, κ = 1/(1 + w));
    only the calibration's own guarantee (a number, no closed form) stays cited."""
    cid = "r2d.sec4.2-epsilon-above-1"
    r = check_derivation(load_derivations("r2d")[cid], get_claim(cid))
    assert [s.status for s in r.steps] == ["proved", "cited"], [(s.status, s.detail) for s in r.steps]
    assert r.start_status == "checked", r.start_status_detail  # the run: tests/derive/test_r2d_starts.py


def test_remark33_is_theorem31_at_m_plus_k_proved():
    """Remark 3.3: κ·(Theorem 3.1's σ at m + k) ≤ that σ, κ ≤ 1 — proved with u, c entering by their values (as in
    Theorem 3.1's chain), not cited; then the final chain from the true δ at that σ to δ (proofs/r2d/noise.py)."""
    r = check_derivation(load_derivations("r2d")["r2d.rem3.3"], get_claim("r2d.rem3.3"))
    assert [s.status for s in r.steps][:2] == ["proved", "identity"], [(s.status, s.detail) for s in r.steps]
    assert r.link == "identity" and r.established and r.start_status == "checked"
