"""POMER's samplers beyond 1-d piecewise-linear losses (certunlearn.algorithms.pomer.samplers) against independent
oracles: mpmath quadrature (2-d on boxes, radial Bessel/sinh forms on balls) and closed-form Gaussian integrals.

Statistical tests are Kolmogorov–Smirnov (or χ²) tests at level 10⁻³ on seeded samples (deterministic given the seed); the
acceptance-rate test compares the number of proposals with its mean 1/p within 4 standard deviations.
"""

import mpmath
import numpy as np
import pytest
from scipy import stats

from certunlearn.algorithms.pomer.gibbs import PiecewiseLinear as PL, cdf as exact_cdf, gibbs, log_partition
from certunlearn.algorithms.pomer.samplers import (
    BallLinear, BoxLinear, Convex1D, Envelope, convex_law, linear_log_ratio,
)
from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric.fraction import Fraction as F

TOL = mpmath.mpf(10) ** -12
LEVEL = 1e-3


def mp(q) -> mpmath.mpf:
    q = F(q)
    return mpmath.mpf(q.numerator) / q.denominator


def near(value, oracle) -> bool:
    return abs(mpmath.mpf(value) - oracle) <= TOL * max(1, abs(oracle))


def arb_mp(a) -> mpmath.mpf:
    return mpmath.mpf(a.mid().str(40, radius=False))


def ks_pvalue(samples, cdf) -> float:
    def cdf_array(xs):
        return np.array([float(cdf(x)) for x in np.atleast_1d(xs)])
    return stats.kstest([float(x) for x in samples], cdf_array).pvalue


# ---------------------------------------------------------------------------------------------- boxes

BOX = ((-1, 0), (2, F(3, 2)), (F(3, 2), -2), 2, F(1, 2))  # lows, highs, g, beta, lam


def box_density(g, beta, lam):
    return lambda *x: mpmath.exp(-mp(beta) * sum(mp(gk) * xk + mp(lam) * xk * xk / 2 for gk, xk in zip(g, x)))


def test_box_log_partition_matches_2d_quadrature():
    lows, highs, g, beta, lam = BOX
    with mpmath.workdps(30):
        oracle = mpmath.log(mpmath.quad(box_density(g, beta, lam), [mp(lows[0]), mp(highs[0])],
                                        [mp(lows[1]), mp(highs[1])]))
        assert near(arb_mp(BoxLinear(*BOX).log_partition()), oracle)


def test_box_log_partition_in_dimension_four_is_the_sum_of_coordinate_integrals():
    lows, highs, g = (-1, -2, 0, F(-1, 3)), (1, 3, F(1, 2), 2), (0, 5, F(-7, 2), F(1, 9))
    with mpmath.workdps(60):
        oracle = mpmath.fsum(mpmath.log(mpmath.quad(lambda x, gk=gk: mpmath.exp(-3 * (mp(gk) * x + x * x / 4)),
                                                    [mp(a), mp(b)])) for a, b, gk in zip(lows, highs, g))
        assert near(arb_mp(BoxLinear(lows, highs, g, 3, F(1, 2)).log_partition()), oracle)


def truncated_normal_cdf(a, b, gk, beta, lam):
    """CDF of ∝ exp(−β(g x + λx²/2)) on [a, b]: a Gaussian N(−g/λ, 1/βλ) truncated, via mpmath.ncdf."""
    mu, sd = -mp(gk) / mp(lam), 1 / mpmath.sqrt(mp(beta) * mp(lam))
    lo, hi = mpmath.ncdf((mp(a) - mu) / sd), mpmath.ncdf((mp(b) - mu) / sd)
    return lambda x: (mpmath.ncdf((mpmath.mpf(x) - mu) / sd) - lo) / (hi - lo)


def test_box_sampler_marginals_pass_ks():
    lows, highs, g, beta, lam = BOX
    rng = np.random.default_rng(7)
    box = BoxLinear(*BOX)
    draws = [box.sample(rng, dps=15) for _ in range(300)]
    for k in range(2):
        assert all(mp(lows[k]) <= x[k] <= mp(highs[k]) for x in draws)
        assert ks_pvalue([x[k] for x in draws], truncated_normal_cdf(lows[k], highs[k], g[k], beta, lam)) > LEVEL
    # independence of the coordinates: the sample correlation is within 4/√n of 0
    assert abs(np.corrcoef([float(x[0]) for x in draws], [float(x[1]) for x in draws])[0, 1]) < 4 / np.sqrt(300)


def test_box_one_step_ratio_matches_normalised_densities():
    lows, highs, g, beta, lam = BOX
    g_t, x = (F(-1, 2), F(5, 4)), (F(1, 3), F(2, 3))
    after = tuple(a + b for a, b in zip(g, g_t))
    ratio = linear_log_ratio(g_t, x, beta, BoxLinear(*BOX).log_partition(),
                             BoxLinear(lows, highs, after, beta, lam).log_partition())
    with mpmath.workdps(30):
        box = [mp(lows[0]), mp(highs[0])], [mp(lows[1]), mp(highs[1])]
        dens = [box_density(gg, beta, lam) for gg in (g, after)]
        oracle = mpmath.log(dens[1](*map(mp, x)) / mpmath.quad(dens[1], *box)) - mpmath.log(
            dens[0](*map(mp, x)) / mpmath.quad(dens[0], *box))
        assert near(arb_mp(ratio), oracle)


# ---------------------------------------------------------------------------------------------- 1-d quadrature

THIRD = mpmath.mpf(1) / 3


def hinge_pair():
    """The hinge x ↦ 3|x − 1/3| − x/2 on [−1, 2] as a PiecewiseLinear and as value/derivative callables."""
    pl = PL.hinge(-1, 2, F(1, 3), -3, 3) + PL.linear(-1, 2, F(-1, 2))
    smooth = Convex1D(-1, 2, lambda x: 3 * abs(x - THIRD) - x / 2,
                      lambda x: (3 if x >= THIRD else -3) - mpmath.mpf(1) / 2, (F(1, 3),))
    return pl, smooth


def test_convex_quadrature_matches_the_exact_piecewise_linear_law():
    pl, loss = hinge_pair()
    law = convex_law(loss, 2, F(3, 4))
    assert near(law.log_partition(), arb_mp(log_partition(pl, 2, F(3, 4))))
    exact = gibbs(pl, 2, F(3, 4))
    for x in (F(-1, 2), F(1, 3), F(1, 2), F(19, 10)):
        assert near(law.cdf(mp(x)), arb_mp(exact_cdf(exact, x)))


def test_convex_quadrature_matches_closed_form_for_a_quadratic_loss():
    """f(x) = x² + x on [−2, 1]: exp(−β(f + λx²/2)) is a Gaussian, so Z has an erf closed form."""
    beta, lam = F(3, 2), 1
    law = convex_law(Convex1D(-2, 1, lambda x: x * x + x, lambda x: 2 * x + 1), beta, lam)
    with mpmath.workdps(60):
        A, c = mp(beta) * (1 + mp(lam) / 2), mp(beta)  # β(f + λx²/2) = A x² + c x
        m = -c / (2 * A)
        z = mpmath.exp(A * m * m) * mpmath.sqrt(mpmath.pi / (4 * A)) * (
            mpmath.erf(mpmath.sqrt(A) * (1 - m)) - mpmath.erf(mpmath.sqrt(A) * (-2 - m)))
        assert near(law.log_partition(), mpmath.log(z))


def test_convex_sampler_passes_ks_against_the_exact_cdf():
    pl, loss = hinge_pair()
    exact = gibbs(pl, 2, F(3, 4))
    rng = np.random.default_rng(3)
    law = convex_law(loss, 2, F(3, 4))
    draws = [law.sample(rng, dps=15) for _ in range(60)]
    assert ks_pvalue(draws, lambda x: arb_mp(exact_cdf(exact, F(float(x))))) > LEVEL


def test_convex_sample_is_the_quantile_of_its_uniform():
    """Inverse CDF to the requested digits: CDF(sample) reproduces the uniform variate drawn from the same seed."""
    _, loss = hinge_pair()
    law = convex_law(loss, 2, F(3, 4))
    x = law.sample(np.random.default_rng(11), dps=25)
    u = np.random.default_rng(11).random()
    assert abs(law.cdf(x) - mpmath.mpf(u)) < mpmath.mpf(10) ** -20


# ---------------------------------------------------------------------------------------------- balls


def radial(d, G, beta, lam):
    """The density of r = ‖X‖ (up to the constant): r^{d−1}·e^{−βλr²/2}·(angular integral of e^{−βG r cos θ})."""
    b, l = mp(beta), mp(lam)
    if d == 2:
        return lambda r: 2 * mpmath.pi * r * mpmath.exp(-b * l * r * r / 2) * mpmath.besseli(0, b * G * r)
    return lambda r: 4 * mpmath.pi * r * r * mpmath.exp(-b * l * r * r / 2) * (
        mpmath.sinh(b * G * r) / (b * G * r) if r > 0 else 1)


@pytest.mark.parametrize("g, radius, beta, lam", [((1, 2), 1, 2, 1), ((F(1, 2), -3, 1), F(3, 2), 1, F(1, 3))])
def test_ball_log_partition_matches_radial_oracle(g, radius, beta, lam):
    with mpmath.workdps(30):
        G = mpmath.sqrt(sum(mp(gk) ** 2 for gk in g))
        oracle = mpmath.log(mpmath.quad(radial(len(g), G, beta, lam), [0, mp(radius) / 2, mp(radius)]))
        assert near(BallLinear(g, radius, beta, lam).log_partition(), oracle)


def test_ball_marginal_cdf_matches_nested_quadrature():
    g, radius, beta, lam = (1, 2), 1, 2, 1
    ball = BallLinear(g, radius, beta, lam)
    G = mpmath.sqrt(5)
    with mpmath.workdps(25):
        def slice_mass(s):
            rho = mpmath.sqrt(1 - s * s)
            return mpmath.exp(-2 * (G * s + s * s / 2)) * mpmath.quad(lambda y: mpmath.exp(-y * y), [-rho, 0, rho])
        z = mpmath.quad(slice_mass, [-1, 0, 1])
        for s in (mpmath.mpf(-1) / 2, mpmath.mpf(1) / 5):
            assert near(ball.marginal_cdf(s), mpmath.quad(slice_mass, [-1, s]) / z)


def test_ball_sampler_passes_ks_on_norm_and_direction():
    g, radius, beta, lam = (1, 2), 1, 2, 1
    ball = BallLinear(g, radius, beta, lam)
    rng = np.random.default_rng(5)
    draws = [ball.sample(rng, dps=15) for _ in range(40)]
    with mpmath.workdps(20):
        G = mpmath.sqrt(5)
        norms = [mpmath.sqrt(x[0] ** 2 + x[1] ** 2) for x in draws]
        assert max(norms) <= 1
        dens = radial(2, G, beta, lam)
        z = mpmath.quad(dens, [0, 1])
        assert ks_pvalue(norms, lambda r: mpmath.quad(dens, [0, r]) / z) > LEVEL
        along = [(x[0] * 1 + x[1] * 2) / G for x in draws]
        assert ks_pvalue(along, ball.marginal_cdf) > LEVEL


def test_ball_one_step_ratio_matches_normalised_densities():
    g, g_t, x = (1, 2), (F(-1, 2), 1), (F(1, 3), F(-1, 2))
    after = tuple(F(a) + b for a, b in zip(g, g_t))
    ratio = linear_log_ratio(g_t, [mp(c) for c in x], 2, BallLinear(g, 1, 2, 1).log_partition(),
                             BallLinear(after, 1, 2, 1).log_partition())
    with mpmath.workdps(30):
        norms = [mpmath.sqrt(sum(mp(c) ** 2 for c in gg)) for gg in (g, after)]
        logz = [mpmath.log(mpmath.quad(radial(2, G, 2, 1), [0, 1])) for G in norms]
        oracle = -2 * sum(mp(a) * mp(c) for a, c in zip(g_t, x)) - (logz[1] - logz[0])
        assert near(ratio, oracle)


# ---------------------------------------------------------------------------------------------- envelope rejection


def disk_loss():
    """f(x) = |x₁ − 1/4| + log(1 + e^{x₂}) on the unit disk inside [−1, 1]², tangent at x₀ = (0, 0)."""
    quarter = mpmath.mpf(1) / 4
    return Envelope(value=lambda x: abs(x[0] - quarter) + mpmath.log1p(mpmath.exp(x[1])),
                    gradient=lambda x: [1 if x[0] >= quarter else -1, 1 / (1 + mpmath.exp(-x[1]))],
                    contains=lambda x: x[0] ** 2 + x[1] ** 2 <= 1,
                    lows=(-1, -1), highs=(1, 1), x0=(0, 0), beta=2, lam=1)


def disk_density(x1, x2):
    return mpmath.exp(-2 * (abs(x1 - mpmath.mpf(1) / 4) + mpmath.log1p(mpmath.exp(x2)) + (x1 * x1 + x2 * x2) / 2))


def disk_marginal(x1):
    """∫ over the chord at x₁ of the target density (mpmath)."""
    h = mpmath.sqrt(1 - x1 * x1)
    return mpmath.quad(lambda x2: disk_density(x1, x2), [-h, 0, h])


def test_envelope_acceptance_rate_matches_the_partition_ratio():
    env = disk_loss()
    with mpmath.workdps(20):
        z_k = mpmath.quad(disk_marginal, [-1, 0, mpmath.mpf(1) / 4, 1])
        p = float(z_k / mpmath.exp(env.envelope_log_partition()))
    assert 0 < p < 1
    rng = np.random.default_rng(2)
    n = 150
    tries = sum(env.sample(rng, dps=15)[1] for _ in range(n))
    # tries is a sum of n geometric(p) counts: mean n/p, variance n(1 − p)/p²
    assert abs(tries - n / p) <= 4 * np.sqrt(n * (1 - p)) / p


def chi_square_pvalue(xs, grid, masses) -> float:
    """χ² goodness of fit of xs to the cell probabilities ∝ masses on the grid, after merging end cells until every
    expected count is ≥ 5."""
    observed = np.histogram(xs, bins=[float(u) for u in grid])[0]
    expected = len(xs) * masses / masses.sum()
    keep = np.flatnonzero(expected >= 5)
    lo, hi = keep[0], keep[-1]
    obs = np.concatenate([[observed[:lo + 1].sum()], observed[lo + 1:hi], [observed[hi:].sum()]])
    exp = np.concatenate([[expected[:lo + 1].sum()], expected[lo + 1:hi], [expected[hi:].sum()]])
    assert np.all(exp >= 5) and obs.sum() == len(xs)
    return stats.chisquare(obs, exp).pvalue


@pytest.mark.slow
def test_envelope_sampler_passes_chi_square_against_quadrature_marginal():
    env = disk_loss()
    rng = np.random.default_rng(9)
    draws = [env.sample(rng, dps=15)[0] for _ in range(1000)]
    assert all(x[0] ** 2 + x[1] ** 2 <= 1 for x in draws)
    with mpmath.workdps(15):  # cell masses of the x₁-marginal on a 0.05 grid (1/4, the kink, is a grid point)
        grid = [mpmath.mpf(k) / 20 for k in range(-20, 21)]
        masses = np.array([float(mpmath.quad(disk_marginal, [u, v])) for u, v in zip(grid, grid[1:])])
    assert chi_square_pvalue([float(x[0]) for x in draws], grid, masses) > LEVEL
    # negative control: proposals kept on K without the acceptance step follow another law and must fail the test
    wrong = []
    while len(wrong) < len(draws):
        x = env.proposal.sample(rng, dps=15)
        if x[0] ** 2 + x[1] ** 2 <= 1:
            wrong.append(float(x[0]))
    assert chi_square_pvalue(wrong, grid, masses) < LEVEL


@pytest.mark.slow
def test_ball_and_convex_samplers_pass_ks_on_many_samples():
    ball = BallLinear((F(1, 2), -3, 1), F(3, 2), 1, F(1, 3))
    rng = np.random.default_rng(4)
    draws = [ball.sample(rng, dps=15) for _ in range(400)]
    with mpmath.workdps(20):
        G = mpmath.sqrt(mpmath.mpf(1) / 4 + 10)
        dens = radial(3, G, 1, F(1, 3))
        z = mpmath.quad(dens, [0, mpmath.mpf(3) / 4, mpmath.mpf(3) / 2])
        norms = [mpmath.sqrt(sum(c * c for c in x)) for x in draws]
        assert ks_pvalue(norms, lambda r: mpmath.quad(dens, [0, r]) / z) > LEVEL
    pl, loss = hinge_pair()
    exact, law = gibbs(pl, 2, F(3, 4)), convex_law(loss, 2, F(3, 4))
    xs = [law.sample(rng, dps=15) for _ in range(500)]
    assert ks_pvalue(xs, lambda x: arb_mp(exact_cdf(exact, F(float(x))))) > LEVEL


# ---------------------------------------------------------------------------------------------- controls and errors


def test_envelope_rejects_a_loss_below_its_tangent():
    """Negative control: a concave loss violates the envelope; the sampler must detect it rather than sample."""
    env = Envelope(value=lambda x: -(x[0] ** 2) - x[1] ** 2, gradient=lambda x: [0, 0], contains=lambda x: True,
                   lows=(-1, -1), highs=(1, 1), x0=(0, 0), beta=1, lam=1)
    with pytest.raises(AssumptionViolatedError):
        env.sample(np.random.default_rng(0))


def test_wrong_ratio_sign_is_caught_by_the_oracle():
    """Negative control: the ratio with the partition functions swapped disagrees with the oracle."""
    lows, highs, g, beta, lam = BOX
    g_t, x = (F(-1, 2), F(5, 4)), (F(1, 3), F(2, 3))
    after = tuple(a + b for a, b in zip(g, g_t))
    right = linear_log_ratio(g_t, x, beta, BoxLinear(*BOX).log_partition(),
                             BoxLinear(lows, highs, after, beta, lam).log_partition())
    wrong = linear_log_ratio(g_t, x, beta, BoxLinear(lows, highs, after, beta, lam).log_partition(),
                             BoxLinear(*BOX).log_partition())
    assert not near(arb_mp(wrong), arb_mp(right))


@pytest.mark.parametrize("build, parameter", [
    (lambda: BoxLinear((0, 0), (1,), (1, 1), 1, 1), "g"),
    (lambda: BoxLinear((0,), (0,), (1,), 1, 1), "lows"),
    (lambda: BoxLinear((0,), (1,), (1,), 0, 1), "beta"),
    (lambda: BallLinear((1,), 1, 1, 1), "g"),
    (lambda: BallLinear((1, 1), 0, 1, 1), "radius"),
    (lambda: BallLinear((1, 1), 1, 1, -1), "lam"),
    (lambda: convex_law(Convex1D(0, 1, lambda x: x, lambda x: 1), 1, 1, dps=30), "dps"),
    (lambda: Convex1D(1, 0, lambda x: x, lambda x: 1), "b"),
    (lambda: Convex1D(0, 1, lambda x: x, lambda x: 1, (2,)), "kinks"),
    (lambda: linear_log_ratio((1, 2), (1,), 1, mpmath.mpf(0), mpmath.mpf(0)), "x"),
])
def test_bad_input_names_the_parameter(build, parameter):
    with pytest.raises(InvalidParameterError) as err:
        build()
    assert err.value.parameter == parameter
