"""certunlearn.testing.pomer_certificate: POMER Theorem 4.3's certificate route. The candidate calibrates itself from
the Case; the harness reads its acceptance probabilities and p from controlled draws (no seed), recovers its Φ and
decides the whole-trajectory δ(ε) against the printed certificate."""
import pytest

from certunlearn.testing import pomer
from certunlearn.testing.candidates import pomer_thm43
from certunlearn.testing.certificate import LARGER, MEETS, SMALLER, VIOLATED, check_certificate
from certunlearn.testing.pomer_certificate import PomerProbe

CASES = pomer.certificate_cases("quick")
FLOOR, UNIFORM = CASES[0], CASES[1]


def test_the_suite_starts_with_a_case_where_the_floor_binds():
    assert FLOOR.label.startswith("floor") and FLOOR.data["b"] > 1 and len(CASES) == 3
    assert {str(c.data["initial"]) for c in CASES} == {"uniform", "gibbs"}


def test_a_draw_records_the_probability_it_is_compared_with():
    hooks = PomerProbe(0.25)
    x1, s, s_prime = hooks.uniform(), hooks.uniform(), hooks.uniform()
    assert x1 == 0.25 and s == 0.0 and (s < 0.75) and (0.5 > s_prime)
    assert hooks.thresholds == [[], [0.75], [0.5]] and hooks.used == 3


def test_the_correct_implementation_meets_the_certificate_and_matches_the_reference():
    for case in CASES:
        result = check_certificate(pomer_thm43(), case)
        assert result.ok and result.status == MEETS and result.matches_reference, result.report()
        assert result.scale == "Φ" and result.sigma == pytest.approx(result.sigma_reference, rel=1e-12)


@pytest.mark.parametrize("bug", ["no-floor", "unnormalised"])
def test_a_wrong_rejection_ratio_violates_on_the_floor_case_whatever_the_seed(bug):
    results = [check_certificate(pomer_thm43(bug), FLOOR, seed=s) for s in (0, 7)]
    assert all(not r.ok and r.status == VIOLATED for r in results), results[0].report()
    assert "no Φ explains" in results[0].report() and results[0].report() == results[1].report()


def test_without_the_floor_the_claims_own_cases_cannot_tell():
    """On K = [−1, 1] the floor Φ⁻² never binds, so the floor case is what exposes the bug."""
    assert check_certificate(pomer_thm43("no-floor"), UNIFORM).ok


def test_a_smaller_scale_is_reported_valid_but_not_the_reference():
    result = check_certificate(pomer_thm43("phi-not-squared"), UNIFORM)
    assert result.ok and result.status == SMALLER.replace("σ", "Φ") and not result.matches_reference
    assert result.sigma == pytest.approx(result.sigma_reference ** 0.5, rel=1e-12)


def test_a_swapped_switch_probability_is_reported_with_its_p():
    result = check_certificate(pomer_thm43("p-swapped"), UNIFORM)
    assert result.status == LARGER.replace("σ", "p") and not result.matches_reference
    assert "p = 0.519" in result.report()


def test_a_candidate_without_randomness_is_unbounded_and_one_hiding_its_comparisons_fails():
    def deterministic(case, hooks):
        return [0.0] * int(case.constants["T"])

    def hiding(case, hooks):
        class Plain:
            def uniform(self):
                return float(hooks.uniform())

            def step(self, *args):
                pass

        return pomer_thm43()(case, Plain())

    assert "ε unbounded" in check_certificate(deterministic, UNIFORM).report()
    result = check_certificate(hiding, UNIFORM)
    assert not result.ok and "never compared" in result.report()


def test_a_release_above_the_certified_delta_violates_with_the_delta_it_achieves(monkeypatch):
    """The printed ε at T ≤ 12 (~10³) leaves δ(ε) = 0 for any (Φ, p); at ε = 0 and δ = 10⁻⁶ the whole-trajectory
    δ(0) (the total variation between the neighbours' laws) exceeds it, and the check names it."""
    from flint import arb

    from certunlearn.testing import pomer_certificate

    real = pomer_certificate._reference
    monkeypatch.setattr(pomer_certificate, "_reference",
                        lambda values: {**real(values), "epsilon": arb(0), "delta": arb("1e-6")})
    result = check_certificate(pomer_thm43(), UNIFORM)
    assert not result.ok and result.status == VIOLATED and result.achieved > 1e-6
    assert "δ(ε) ≥" in result.report()
