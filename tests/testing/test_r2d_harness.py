"""certunlearn.testing.r2d: a float64 Rewind-to-Delete (Algorithms 1–3) matches the exact reference; buggy ones are
caught at their first divergent step."""
import numpy as np
import pytest

from certunlearn.testing import R2DCase, assert_matches_reference_r2d, compare_r2d
from certunlearn.testing.candidates import numpy_r2d


def test_a_correct_implementation_matches_on_every_default_case():
    results = assert_matches_reference_r2d(numpy_r2d())
    assert len(results) == 12 and all(r.ok for r in results)


@pytest.mark.parametrize("bug, algorithm, phase", [
    ("delete-first-rows", "r2d.alg2", "Algorithm 2"),
    ("one-step-too-many", "r2d.alg2", "Algorithm 2"),
    ("gradient-ascent", "r2d.alg3", "Algorithm 3"),
    ("sigma-reduced", "r2d.alg1", "noise"),
])
def test_each_bug_is_caught_where_it_is(bug, algorithm, phase):
    with pytest.raises(AssertionError, match=phase):
        assert_matches_reference_r2d(numpy_r2d(bug), algorithm)


def test_the_first_divergent_step_is_the_first_unlearning_step():
    case = R2DCase("r2d.alg2", [[0.5], [-0.25], [1.0]], [1.0], [0.0], 0.25, 4, 2, 0.3, m=1)
    out = compare_r2d(numpy_r2d("delete-first-rows"), case)
    assert not out.ok and out.first_divergent_step == 3 and out.phase == "Algorithm 2"


def test_a_candidate_drawing_its_own_noise_is_caught():
    def own_noise(case, hooks):
        th = numpy_r2d()(case, hooks)
        return th + np.random.default_rng(1).standard_normal(th.shape[0]) * 1e-3

    case = R2DCase("r2d.alg1", [[0.5], [-0.25]], [1.0], [0.0], 0.25, 3, 1, 0.3)
    assert not compare_r2d(own_noise, case).ok
