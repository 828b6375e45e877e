"""The Lipschitz witnesses' θ: the point of Θ farthest from the origin and its direction (problems.losses)."""

import numpy as np

from certunlearn.numeric.fraction import Fraction
from certunlearn.problems.domains import Box, Whole
from certunlearn.problems.losses import farthest_and_direction


def test_a_box_gives_its_farthest_corner_and_that_direction():
    th, u = farthest_and_direction(Box(lo=(Fraction(-3), Fraction(0)), hi=(Fraction(1), Fraction(4))), 2)
    assert list(th) == [Fraction(-3), Fraction(4)]
    assert sum(v * v for v in u) == 1  # an exactly unit rational vector …
    assert np.allclose(np.asarray(u, dtype=float), [-0.6, 0.8], atol=1e-12)  # … along (−3, 4)


def test_the_whole_space_falls_back_to_its_centre():
    th, u = farthest_and_direction(Whole(dim=2), 2)
    assert list(th) == [0, 0]
    assert list(u) == [1, 0]  # the centre 0 has no direction: the first unit vector
