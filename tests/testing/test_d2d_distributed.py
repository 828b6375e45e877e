"""certunlearn.testing.d2d: a correct Section 4 candidate (d = 2, C = 3 copies) matches the reference; a candidate
that skips the best-of-C selection (publishes a single copy) is caught, with its first divergent round."""

import numpy as np
import pytest

from certunlearn.numeric.fraction import Fraction
from certunlearn.testing import DistributedCase, assert_distributed_matches_reference, compare_distributed
from certunlearn.testing.d2d import reference_distributed

CASE = DistributedCase(
    claim="d2d.thm4.5+fix", A=[1, 2], R=2, lo=[-1, -1], hi=[1, 1],
    X=[[-1, 0], [-1, 0], [1, 1], [0, 1]], updates=[(-1, [-1, 0]), (1, [1, -1])], theta0=[-1, -1],
    constants=dict(epsilon=Fraction(1), delta=Fraction(1, 10), L=6, m=1, M=20, n=4, d=2, D=3, I=1, xi=1,
                   beta=Fraction(1, 4)))


def correct(case, rng):
    return reference_distributed(case, rng)


def single_copy(case, rng):
    drv = case.driver()
    object.__setattr__(drv, "C", 1)  # the bug: no best-of-C selection (Theorem 4.5's C = log(2/β)/log 2 ignored)
    from certunlearn.claims.instances import frac
    X = np.asarray([[frac(v) for v in row] for row in case.X], dtype=object)
    return [np.asarray([float(v) for v in np.asarray(r.law.mean).reshape(-1)])
            for r in drv.run(X, None, case.update_objects(), rng)]


def test_the_case_exercises_two_copies_in_two_dimensions():
    drv = CASE.driver()
    assert drv.C >= 2 and len(CASE.A) == 2


def test_correct_candidate_matches():
    assert_distributed_matches_reference(correct, CASE, seed=3)


def test_buggy_candidate_is_caught_with_its_first_divergent_round():
    caught = [compare_distributed(single_copy, CASE, seed=s) for s in range(4)]
    assert any(not r.ok for r in caught)
    first = next(r for r in caught if not r.ok)
    assert first.first_divergent_round is not None
    with pytest.raises(AssertionError, match="first divergent round"):
        assert_distributed_matches_reference(single_copy, CASE, seed=caught.index(first))
