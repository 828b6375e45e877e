"""certunlearn.algorithms.olu: exact laws of passive/active OLU, the reference process and the baselines, checked
against hand recursions in Fractions and against mpmath closed forms (independent of the module's code paths)."""

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms import olu as A
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction as F

mpmath.mp.dps = 100


def quad_1d(xs, lam):
    return A.Stream(A.QUADRATIC, tuple((F(x),) for x in xs), (F(lam),))


def test_linear_stream_is_a_translation_and_noise_adds_up():
    X = [(F(1), F(-2)), (F(3), F(0)), (F(-1), F(1)), (F(2), F(2))]
    s = A.Stream(A.LINEAR, tuple(X))
    eta = [F(1, 2), F(1, 3), F(1, 4), F(1, 5)]
    laws = A.passive_laws(s, (F(0), F(0)), eta, [2, 4], [1, 3], [F(7), F(11)])
    # hand: w_t = −Σ_{s≤t} η_s x_s; variance = Σ of σ² added so far
    for t in range(5):
        mean = tuple(-sum(eta[r] * X[r][k] for r in range(t)) for k in range(2))
        assert laws[t].mean == mean
        assert laws[t].var == ((F(0),) * 2 if t < 2 else (F(7),) * 2 if t < 4 else (F(18),) * 2)
    ref = A.passive_laws(s, (F(0), F(0)), eta, [2, 4], [1, 3], [F(7), F(11)], reference=1)
    # the reference skips f_1 only: it differs by exactly +η_1 x_1 from then on
    for t in range(1, 5):
        assert tuple(r - o for r, o in zip(ref[t].mean, laws[t].mean)) == tuple(eta[0] * x for x in X[0])


def test_quadratic_recursion_and_variance_contraction():
    xs, lam, eta = [3, -1, 2, 5, 0], F(1, 2), F(2, 3)
    s = quad_1d(xs, lam)
    laws = A.passive_laws(s, (F(1),), [eta] * 5, [2], [1], [F(9)])
    w, v = F(1), F(0)
    for t, x in enumerate(xs, start=1):
        w, v = (1 - eta * lam) * w + eta * lam * x, (1 - eta * lam) ** 2 * v
        if t == 2:
            v += 9
        assert laws[t].mean == (w,) and laws[t].var == (v,)


def test_reference_differs_in_covariance_when_a_skipped_step_meets_noise():
    s = quad_1d([1, 2, 3, 4], 1)
    eta = [F(1, 2)] * 4
    olu = A.passive_laws(s, (F(0),), eta, [1, 3], [1, 2], [F(1), F(1)])
    ref = A.passive_laws(s, (F(0),), eta, [1, 3], [1, 2], [F(1), F(1)], reference=2)
    # f_2 acts on N(·, 1) in the OLU (factor 1/2) but is skipped in the reference (factor 1)
    assert olu[2].var == (F(1, 4),) and ref[2].var == (F(1),)


def test_active_unlearning_with_exact_steps_lands_on_the_retained_minimiser():
    xs = [F(4), F(-2), F(1), F(7)]
    s = quad_1d(xs, 2)
    h = F(1, 2)  # h·λ = 1: one step on the average lands on its minimiser
    laws = A.active_laws(s, (F(0),), [F(1, 4)] * 4, [3], [1], [F(0)], h, [1], 1)
    assert laws[3].mean == ((xs[1] + xs[2]) / 2,)
    assert A.active_laws(s, (F(0),), [F(1, 4)] * 4, [3], [1], [F(5)], h, [0], 0)[3].mean == \
        A.passive_laws(s, (F(0),), [F(1, 4)] * 4, [3], [1], [F(5)])[3].mean


def test_active_reference_uses_only_retained_losses():
    xs = [F(4), F(-2), F(1), F(7)]
    s = quad_1d(xs, 2)
    ref = A.active_laws(s, (F(0),), [F(1, 4)] * 4, [3], [1], [F(0)], F(1, 2), [1], 0, reference=1)
    assert ref[3].mean == ((xs[1] + xs[2]) / 2,)


def test_newton_step_after_exact_descent_lands_on_the_retained_minimiser():
    """Algorithm 3 as read (Sekhari et al.'s sign): after a GD step that lands on the mean of the seen losses, the
    Newton step removes f_u exactly — and the printed minus sign would not (computed here by hand)."""
    xs = [F(4), F(-2), F(1), F(7)]
    s = quad_1d(xs, 2)
    laws = A.newton_laws(s, (F(0),), [F(1, 4)] * 4, [3], [1], [F(0)], F(1, 2), [1])
    assert laws[3].mean == ((xs[1] + xs[2]) / 2,)
    zhat = (xs[0] + xs[1] + xs[2]) / 3
    assert zhat - (zhat - xs[0]) / 2 != (xs[1] + xs[2]) / 2  # the printed sign
    ref = A.newton_laws(s, (F(0),), [F(1, 4)] * 4, [3], [1], [F(0)], F(1, 2), [1], reference=1)
    assert ref[3].mean == laws[3].mean
    with pytest.raises(InvalidParameterError):
        A.newton_laws(A.Stream(A.LINEAR, ((F(1),),) * 4), (F(0),), [F(1)] * 4, [3], [1], [F(0)], F(1), [1])


def test_retrain_and_restart_baselines():
    xs = [F(1), F(2), F(3), F(4), F(5)]
    s = quad_1d(xs, 1)
    eta = [F(1, 2)] * 5
    re = A.retrain_laws(s, (F(0),), eta, [3], [2])
    ref = A.passive_laws(s, (F(0),), eta, [3], [2], [F(0)], reference=1)
    assert [law.mean for law in re[3:]] == [law.mean for law in ref[3:]]
    rs = A.restart_laws(s, (F(0),), eta, [3], [2])
    assert rs[3].mean == (F(0),) and rs[4].mean == (F(1, 2) * xs[3],)


def test_expected_regret_against_mpmath_integration():
    """E f_t(w) by numerical integration against the Gaussian density (mpmath), summed over rounds."""
    xs, lam = [F(2), F(-1), F(3)], F(3, 2)
    s = quad_1d(xs, lam)
    laws = A.passive_laws(s, (F(0),), [F(1, 3)] * 3, [1], [1], [F(1, 4)])
    exact = A.expected_regret(s, laws, [1], [1])
    z = [sum(xs) / 3, (xs[1] + xs[2]) / 2]
    total = mpmath.mpf(0)
    for t in range(1, 4):
        m, v = (mpmath.mpf(laws[t - 1].mean[0].numerator) / laws[t - 1].mean[0].denominator,
                mpmath.mpf(laws[t - 1].var[0].numerator) / laws[t - 1].var[0].denominator)
        f = lambda w, t=t: mpmath.mpf(lam.numerator) / lam.denominator / 2 * (w - mpmath.mpf(xs[t - 1].numerator)) ** 2
        e = f(m) if v == 0 else mpmath.quad(lambda w: f(w) * mpmath.npdf(w, m, mpmath.sqrt(v)), [-mpmath.inf, mpmath.inf])
        zc = z[0] if t <= 1 else z[1]
        total += e - f(mpmath.mpf(zc.numerator) / zc.denominator)
    assert abs(total - mpmath.mpf(exact.numerator) / exact.denominator) < mpmath.mpf(10) ** -80


def test_sample_draws_from_the_law():
    law = A.Law((F(1), F(-2)), (F(4), F(0)))
    draws = np.array([law.sample(np.random.default_rng(s)) for s in range(2000)])
    assert np.all(draws[:, 1] == -2.0)
    assert abs(draws[:, 0].mean() - 1) < 4 * 2 / np.sqrt(2000)


@pytest.mark.parametrize("tau,u,param", [([2, 2], [1, 2], "tau"), ([3], [4], "u"), ([2, 3], [1, 1], "u"),
                                          ([0], [0], "tau"), ([2], [1, 2], "u")])
def test_bad_schedules_name_the_parameter(tau, u, param):
    with pytest.raises(InvalidParameterError) as e:
        A.check_schedule(quad_1d([1, 2, 3, 4], 1), tau, u)
    assert e.value.parameter == param


def test_bad_streams_name_the_parameter():
    with pytest.raises(InvalidParameterError) as e:
        A.Stream(2, ((F(1),),))
    assert e.value.parameter == "family"
    with pytest.raises(InvalidParameterError) as e:
        A.Stream(A.QUADRATIC, ((F(1), F(2)),), (F(1),))
    assert e.value.parameter == "lam"
    with pytest.raises(InvalidParameterError):
        A.Stream(A.LINEAR, ((F(1),),)).minimiser([1])
