"""Confidence bounds of the audit against mpmath at 100 digits."""

import mpmath
import pytest

from certunlearn.numeric.confidence import cp_lower, cp_upper, scale_lower, scale_upper, z_quantile
from certunlearn.audit.nonparametric import epsilon_from_probabilities
from certunlearn.audit.parametric import gaussian_epsilon_lower
from certunlearn.errors import InvalidParameterError


def binom_cdf(k, n, p):
    """P[Bin(n, p) ≤ k] at 100 digits."""
    with mpmath.workdps(100):
        p = mpmath.mpf(p)
        return mpmath.fsum(mpmath.binomial(n, j) * p**j * (1 - p) ** (n - j) for j in range(k + 1))


@pytest.mark.parametrize("k,n,alpha", [(0, 10, 0.05), (3, 10, 0.01), (17, 200, 0.0125), (199, 200, 0.05), (50, 100, 0.2)])
def test_clopper_pearson_is_exact_and_on_the_safe_side(k, n, alpha):
    up = float(cp_upper(k, n, alpha))
    tail = binom_cdf(k, n, up)  # at the upper bound, P[X ≤ k] = alpha (exact CP), a hair below by rounding up
    assert tail <= alpha and tail > alpha * (1 - 1e-9)
    if k > 0:
        lo = float(cp_lower(k, n, alpha))
        upper_tail = 1 - binom_cdf(k - 1, n, lo)  # P[X ≥ k] at the lower bound
        assert upper_tail <= alpha and upper_tail > alpha * (1 - 1e-9)
    else:
        assert float(cp_lower(k, n, alpha)) == 0.0


def test_clopper_pearson_edges():
    assert float(cp_upper(10, 10, 0.05)) == 1.0
    assert float(cp_lower(0, 10, 0.05)) == 0.0
    with pytest.raises(InvalidParameterError, match="alpha"):
        cp_upper(1, 10, 1.5)


def test_scale_bounds_match_the_chi_square_quantiles():
    sum_sq, dof, alpha = 123.4, 99, 0.025
    hi, lo = scale_upper(sum_sq, dof, alpha), scale_lower(sum_sq, dof, alpha)
    with mpmath.workdps(100):
        # P[χ²_dof ≤ sum_sq/σ⁺²] = alpha and P[χ²_dof ≥ sum_sq/σ⁻²] = alpha
        cdf = lambda x: mpmath.gammainc(mpmath.mpf(dof) / 2, 0, mpmath.mpf(x) / 2, regularized=True)  # noqa: E731
        assert abs(cdf(sum_sq / hi**2) - alpha) < 1e-9
        assert abs(1 - cdf(sum_sq / lo**2) - alpha) < 1e-9
        assert cdf(sum_sq / hi**2) <= alpha  # rounded to the safe side
    assert abs(z_quantile(0.025) - 1.959963984540054) < 1e-12


def test_epsilon_from_probabilities_rounds_down_and_floors_at_zero():
    got = epsilon_from_probabilities([0.5, 0.1, 1e-6], [0.1, 0.5, 0.1], 1e-5)
    with mpmath.workdps(100):
        exact = mpmath.log((mpmath.mpf(0.5) - mpmath.mpf(1e-5)) / mpmath.mpf(0.1))
    assert got[0] <= exact and got[0] > exact - 1e-14
    assert got[1] == 0.0 and got[2] == 0.0  # negative ratio logs and p − δ < 0


@pytest.mark.parametrize("delta,sigma,shift", [(1e-5, 3.7306, 1.0), (1e-3, 1.0, 0.5), (1e-10, 2.0, 3.0)])
def test_gaussian_epsilon_lower_is_below_the_true_epsilon(delta, sigma, shift):
    eps = gaussian_epsilon_lower(delta, sigma, shift)
    with mpmath.workdps(100):
        s = mpmath.mpf(shift) / sigma

        def delta_at(e):  # Balle & Wang 2018, Theorem 8
            e = mpmath.mpf(e)
            return (mpmath.erfc((e / s - s / 2) / mpmath.sqrt(2)) - mpmath.exp(e) * mpmath.erfc((e / s + s / 2) / mpmath.sqrt(2))) / 2

        true_eps = mpmath.findroot(lambda e: delta_at(e) - delta, eps)
        assert delta_at(eps) > delta  # ε' is strictly below the true ε(δ)
        assert eps > true_eps * (1 - 1e-9)
    assert gaussian_epsilon_lower(delta, sigma, 0.0) == 0.0
