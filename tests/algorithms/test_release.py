"""Release, GaussianRelease, Certificate: the published law, its draws, and the recorded seed."""

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms.release import Certificate, GaussianRelease, Release, as_generator, record_rng
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import Fraction
from certunlearn.problems import rng_from_state


def test_certificate_is_read_only_and_extendable():
    c = Certificate("guarantee", {"sigma": 1.5}, "d2d.thm3.1")
    with pytest.raises(TypeError):
        c.parameters["sigma"] = 2.0  # type: ignore[index]
    c2 = c.with_parameters(round=3)
    assert dict(c2.parameters) == {"sigma": 1.5, "round": 3}
    assert dict(c.parameters) == {"sigma": 1.5}
    assert c2.claim_id == "d2d.thm3.1"


@pytest.mark.parametrize("bad", [0, -1, "0", Fraction(-1, 3), float("nan"), float("inf")])
def test_sigma_must_be_positive_and_finite(bad):
    with pytest.raises(InvalidParameterError) as e:
        GaussianRelease(np.zeros(2), sigma=bad)
    assert e.value.parameter == "sigma"


def test_exactly_one_of_sigma_and_cov():
    with pytest.raises(InvalidParameterError):
        GaussianRelease(np.zeros(2))
    with pytest.raises(InvalidParameterError):
        GaussianRelease(np.zeros(2), sigma=1.0, cov=np.eye(2))
    with pytest.raises(InvalidParameterError) as e:
        GaussianRelease(np.zeros(2), cov=np.array([[1.0, 2.0], [2.0, 1.0]]))  # indefinite
    assert e.value.parameter == "cov"


def test_fraction_sample_is_mean_plus_sigma_z_exactly():
    mean = np.array([Fraction(1, 3), Fraction(-2, 7)], dtype=object)
    law = GaussianRelease(mean, sigma=Fraction(1, 10))
    draw = law.sample(np.random.default_rng(11))
    z = np.random.default_rng(11).standard_normal(2)
    assert la.mode_of(draw) == "fraction"
    assert list(draw) == [mean[k] + Fraction(1, 10) * Fraction(float(z[k])) for k in range(2)]
    assert law.covariance().tolist() == [[Fraction(1, 100), 0], [0, Fraction(1, 100)]]


def test_float_and_mpmath_draws_agree_and_cov_uses_cholesky():
    cov = np.array([[4.0, 2.0], [2.0, 3.0]])
    f = GaussianRelease(np.array([1.0, -1.0]), cov=cov).sample(np.random.default_rng(5))
    z = np.random.default_rng(5).standard_normal(2)
    assert np.array_equal(f, np.array([1.0, -1.0]) + np.linalg.cholesky(cov) @ z)
    mp = GaussianRelease(la.asarray([1.0, -1.0], "mpmath"), sigma=0.5).sample(np.random.default_rng(5))
    assert all(isinstance(v, mpmath.mpf) for v in mp)
    assert np.max(np.abs(np.asarray(mp, dtype=float) - (np.array([1.0, -1.0]) + 0.5 * z))) < 1e-15


def test_record_rng_records_seed_and_replayable_state():
    g, seed, state = record_rng(np.random.default_rng(42))
    assert seed == 42
    first = g.standard_normal(3)
    assert np.array_equal(rng_from_state(state).standard_normal(3), first)
    assert record_rng(7)[1] == 7
    with pytest.raises(InvalidParameterError) as e:
        as_generator("seed")
    assert e.value.parameter == "rng"


def test_release_sample_delegates_to_law():
    law = GaussianRelease(np.array([0.0, 1.0]), sigma=2.0)
    r = Release(law, state=None, certificate=Certificate("g"), seed=3)
    assert np.array_equal(r.sample(np.random.default_rng(3)), law.sample(np.random.default_rng(3)))
