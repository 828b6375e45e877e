"""certunlearn.testing: reference versus candidate on the same inputs and noise draws."""
from functools import partial

import numpy as np
import pytest

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction
from certunlearn.testing import D2DCase, NoiseTape, assert_matches_reference, compare, reference_run

from certunlearn.testing.candidates import fast_d2d

# Algorithm 2 on f_x(θ) = ½(θ − x)ᵀ diag(1, 3)(θ − x), Θ = [−1, 1]², delete (1, 0) from {(1,0), (−1,0), (0,1)}.
CASE = D2DCase(A=[[1, 0], [0, 3]], R=1, lo=[-1, -1], hi=[1, 1], X=[[1, 0], [-1, 0], [0, 1]], theta=[-1, -1], T=4,
               eta=0.5, sigma=0.1, update=("delete", [1, 0]))


def exact_iterates():
    """Projected GD by hand in Fractions: after the deletion the mean is (−1/2, 1/2)."""
    a, mean, theta, out = (1, 3), (Fraction(-1, 2), Fraction(1, 2)), [Fraction(-1), Fraction(-1)], []
    for _ in range(4):
        theta = [min(1, max(-1, t - Fraction(1, 2) * ai * (t - mi))) for t, ai, mi in zip(theta, a, mean)]
        out.append(np.array([float(t) for t in theta]))
    return out


def test_reference_iterates_match_a_hand_computation():
    run = reference_run(CASE, NoiseTape(np.random.default_rng(0)))
    expected = exact_iterates()
    assert len(run.iterates) == 4
    for got, want in zip(run.iterates, expected):
        assert np.array_equal(got, want)  # dyadic rationals: exact in float64
    z = np.random.default_rng(0).standard_normal(2)
    assert np.array_equal(run.published, expected[-1] + 0.1 * z)


def test_a_correct_candidate_matches():
    result = compare(fast_d2d, CASE)
    assert result.ok and result.first_divergent_step is None
    assert np.allclose(result.scale, 0.1, rtol=1e-12) and result.deterministic_error < 1e-15


def test_first_divergent_step_is_located():
    result = compare(partial(fast_d2d, bug="old-data"), CASE)
    assert not result.ok and result.first_divergent_step == 1
    # step 1 on the old data (mean (0, 1/3)): θ_1 = Π(−1 − ½(−1), −1 − (3/2)(−4/3)) = (−1/2, 1)
    assert np.array_equal(result.candidate_step, [-0.5, 1.0])
    assert np.array_equal(result.reference_step, exact_iterates()[0])
    assert "first divergent step: t = 1" in result.report()


def test_noise_scale_is_compared_with_the_certificate():
    result = compare(partial(fast_d2d, bug="variance"), CASE)
    assert not result.ok and result.first_divergent_step is None
    assert np.allclose(result.scale, 0.01, rtol=1e-12)  # σ² = 0.01 used as the scale
    assert any("noise scale" in p for p in result.problems)


@pytest.mark.parametrize("bug,message", [("noise-shape", "noise draws differ"), ("own-rng", "used 0 noise draws")])
def test_noise_not_taken_from_the_hook_is_reported(bug, message):
    result = compare(partial(fast_d2d, bug=bug), CASE)
    assert not result.ok and any(message in p for p in result.problems)


def test_assert_matches_reference_reports_the_smallest_given_case():
    big = D2DCase(A=np.eye(2), R=2, lo=[-2, -2], hi=[2, 2], X=[[1, 1], [0, 1], [1, 0], [0, 0]], theta=[0, 0], T=6,
                  eta=1.0, sigma=0.5, update=("delete", [0, 1]))
    small = D2DCase(A=[[2.0]], R=1, lo=[-1], hi=[1], X=[[1.0], [-1.0]], theta=[0.5], T=2, eta=0.5, sigma=0.5,
                    update=("add", [1.0]))
    with pytest.raises(AssertionError) as info:
        assert_matches_reference(partial(fast_d2d, bug="old-data"), "d2d.alg2", cases=[big, CASE, small])
    text = str(info.value)
    assert "smallest failing instance" in text and "n=2, d=1, T=2" in text and "first divergent step: t = 1" in text
    assert_matches_reference(fast_d2d, "d2d.alg2", cases=[big, CASE, small])  # the correct one passes


def test_generated_cases_find_both_bugs_and_pass_the_correct_candidate():
    assert_matches_reference(fast_d2d, "d2d.alg2", max_examples=15)
    assert_matches_reference(fast_d2d, "d2d.alg1", max_examples=15)
    assert_matches_reference(fast_d2d, "d2d.thm3.1", max_examples=10)
    with pytest.raises(AssertionError, match="first divergent step: t = 1"):
        assert_matches_reference(partial(fast_d2d, bug="old-data"), "d2d.thm3.1", max_examples=10)
    with pytest.raises(AssertionError, match="noise scale"):
        assert_matches_reference(partial(fast_d2d, bug="variance"), "d2d.alg2", max_examples=15)


def test_bad_input_names_the_parameter():
    with pytest.raises(InvalidParameterError, match="sigma"):
        D2DCase(A=[[1.0]], R=1, lo=[-1], hi=[1], X=[[0.0]], theta=[0.0], T=1, eta=0.5, sigma=0.0)
    with pytest.raises(InvalidParameterError, match="case"):
        D2DCase(A=[[1.0]], R=1, lo=[-1, -1], hi=[1], X=[[0.0]], theta=[0.0], T=1, eta=0.5, sigma=1.0)
    with pytest.raises(InvalidParameterError, match="update"):
        D2DCase(A=[[1.0]], R=1, lo=[-1], hi=[1], X=[[0.0]], theta=[0.0], T=1, eta=0.5, sigma=1.0, update=("move", [0.0]))
    with pytest.raises(InvalidParameterError, match="claim_or_alg_id"):
        assert_matches_reference(fast_d2d, "d2d.lem2.12", cases=[CASE])
    with pytest.raises(InvalidParameterError, match="cases"):
        assert_matches_reference(fast_d2d, "d2d.alg1", cases=[CASE])
