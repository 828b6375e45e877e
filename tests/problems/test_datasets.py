"""Seeded synthetic datasets: reproducible, seed recorded, exact sphere points, assumptions hold in
every mode."""
from __future__ import annotations

import numpy as np
import pytest

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workdps
from certunlearn.problems import (
    Linear, LogisticL2, Quadratic, Ridge, logistic_data, make_dataset, ridge_data, rng_from_state, sample_ball,
)

LOSSES = [
    Ridge(F(1, 10), R=F(3, 2), Y=F(1, 3)),
    LogisticL2(F(1, 10), R=2),
    Quadratic([[2, 1], [1, 2]], R=F(1, 3)),
    Linear(R=F(5, 7)),
]


@pytest.mark.parametrize("on_sphere", [False, True])
@pytest.mark.parametrize("loss", LOSSES, ids=lambda l: type(l).__name__)
def test_datasets_satisfy_the_assumptions_in_every_mode(loss, on_sphere):
    ds = make_dataset(loss, np.random.default_rng(3), 25, 2, on_sphere=on_sphere)
    assert ds.X.dtype == np.float64 and ds.X.shape == (25, 2) and ds.y.shape == (25,)
    for mode in ("float", "fraction", "mpmath"):
        with workdps(50):
            X, y = ds.to_mode(mode)
            assert la.mode_of(X) == mode
            loss.check_data(X, y if loss.uses_labels else None)
    Xf = ds.X_exact
    norms2 = [sum(t * t for t in row) for row in Xf]
    if on_sphere:
        assert all(s == loss.R**2 for s in norms2)  # exactly on the sphere
    else:
        assert all(s < loss.R**2 for s in norms2)
    # the float copy is the exact copy rounded toward zero
    for fv, ev in zip(ds.X.ravel(), Xf.ravel()):
        assert abs(F(float(fv))) <= abs(ev) and abs(ev - F(float(fv))) <= abs(ev) * F(1, 2**52)


def test_seed_is_recorded_and_replays():
    a = ridge_data(np.random.default_rng(42), 10, 3, 1, 1)
    b = ridge_data(42, 10, 3, 1, 1)
    assert a.seed == b.seed == 42
    assert np.array_equal(a.X, b.X) and np.array_equal(a.y, b.y)
    assert list(a.X_exact.ravel()) == list(b.X_exact.ravel())
    c = ridge_data(a.rng(), 10, 3, 1, 1)  # replay from the recorded state
    assert np.array_equal(a.X, c.X)
    d = ridge_data(43, 10, 3, 1, 1)
    assert not np.array_equal(a.X, d.X)
    g = np.random.default_rng(7)
    g.normal(size=5)  # an advanced generator: the state, not just the seed, is what replays
    e = logistic_data(g, 5, 2, 1)
    f = logistic_data(rng_from_state(e.state), 5, 2, 1)
    assert np.array_equal(e.X, f.X) and np.array_equal(e.y, f.y)


def test_labels():
    lg = logistic_data(1, 200, 3, 1)
    assert set(lg.y.tolist()) == {-1.0, 1.0}
    rd = ridge_data(1, 50, 2, 1, F(1, 3), extreme_labels=True)
    assert all(abs(v) == F(1, 3) for v in rd.y_exact)
    assert all(F(abs(float(v))) < F(1, 3) for v in rd.y)  # rounded toward zero: still |y| ≤ Y


def test_sample_ball_and_bad_sizes():
    pts = sample_ball(np.random.default_rng(0), 4, 1, 2, on_sphere=True)
    assert sorted(set(abs(p[0]) for p in pts)) == [F(2)]
    with pytest.raises(InvalidParameterError):
        sample_ball(np.random.default_rng(0), 0, 2, 1)
    with pytest.raises(InvalidParameterError):
        make_dataset(Ridge(0, 1, 1), 0, 5)  # no dimension
