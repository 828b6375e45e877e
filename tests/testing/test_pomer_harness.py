"""certunlearn.testing.pomer: an independent float implementation of Algorithm 1 (mpmath quadrature of the Gibbs
laws, its own inverse CDF) matches the reference on the same uniform draws; candidates with a deliberate bug (the
unnormalised acceptance ratio of Asi et al., a forgotten Φ⁻² floor, S' drawn with p instead of 1 − p) are caught
at their first divergent step."""
import pytest

from certunlearn.testing import PomerCase, assert_pomer_matches_reference, compare_pomer, reference_pomer
from certunlearn.testing.candidates import pomer_alg1


CASES = [
    PomerCase("-1", "1", ((-9, 1, 1), (9, -1, -1), (0, -1, 1)), "2", "1", "1/10", "3/2", None, "uniform", 1),
    PomerCase("-1", "2", ((0, -1, 1), ("1/2", 0, 2)), "4", "2", "0", "5/4", 1, "gibbs", 2),
    # footnote 4's situation: l_t = ±x + 9 (value 0 at the kink −9 outside K), so the unnormalised ratio
    # e^{−βl_t(x)}/Φ sits at the floor Φ⁻² while the normalised one is near 1/Φ
    PomerCase("-1", "1", ((-9, 1, 1), (-9, -1, -1)) * 3, "1", "1", "0", "2", None, "uniform", 3),
]


def test_reference_is_deterministic_in_the_draws():
    assert reference_pomer(CASES[0]) == reference_pomer(CASES[0])
    xs, zetas, used = reference_pomer(CASES[0])
    assert len(xs) == 3 and used == 1 + 2 * 3 + sum(zetas)


def test_a_correct_independent_implementation_passes():
    results = assert_pomer_matches_reference(pomer_alg1(), CASES, rtol=1e-9, atol=1e-9)
    assert all(r.ok for r in results)


@pytest.mark.parametrize("bug", ["unnormalised", "p-swapped"])
def test_a_buggy_candidate_is_caught_at_its_first_divergent_step(bug):
    with pytest.raises(AssertionError, match="first divergent step|ζ_"):
        assert_pomer_matches_reference(pomer_alg1(bug), CASES)
    result = compare_pomer(pomer_alg1(bug), CASES[2])
    assert not result.ok and result.first_divergent_step is not None and result.first_divergent_step >= 1


def test_a_candidate_that_skips_a_draw_is_caught():
    def skipping(case, hooks):
        hooks.uniform()  # one draw too many before x₁
        return pomer_alg1()(case, hooks)

    assert not compare_pomer(skipping, CASES[0]).ok


@pytest.mark.slow
def test_the_default_suite_catches_every_planted_bug():
    """pomer.cases: footnote 4's ratio boundary and Theorem 4.3's sequences; each bug diverges on one of the first
    three (the footnote-4 sequences), the correct candidate on none of them."""
    from certunlearn.testing import pomer

    suite = pomer.cases("quick")[:3]
    assert all(compare_pomer(pomer_alg1(), c).ok for c in suite)
    for bug in ("unnormalised", "no-floor", "p-swapped"):
        assert not all(compare_pomer(pomer_alg1(bug), c).ok for c in suite), bug
