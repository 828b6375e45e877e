"""certunlearn.privacy.generalized_chi2: Ruben's series for P[Σ a_k(Y_k + c_k)² > τ] against independent oracles —
the noncentral χ² tail (equal weights), the rigorous ellipse integral (d = 2), mpmath at 100 digits (d = 3), tails
down to 1e-30."""
from __future__ import annotations

import mpmath
import pytest
from flint import arb

from certunlearn.claims.d2d.common import ncx2_sf
from certunlearn.claims.d2d.ellipse_tail import ellipse_exterior
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.privacy.generalized_chi2 import generalized_chi2_sf


def _mp_tail_3d(a, c, tau, dps=100, degree=6):
    """P[Σ_{k≤3} a_k(Y_k + c_k)² > τ] in mpmath at ``dps`` digits, every term positive (no cancellation: the outside of
    the ellipsoid split by the first two coordinates), with y = −c + ρ sin u to remove the square-root ends:
    P = P[a₁(Y₁+c₁)² > τ] + ∫_{inside₁} φ(y₁){P[a₂(Y₂+c₂)² > r₁] + ∫_{inside₂} φ(y₂) P[a₃(Y₃+c₃)² > r₂] dy₂} dy₁.
    The substituted integrands are entire: a fixed Gauss–Legendre rule of 3·2^(degree−1) nodes per dimension (96 at
    degree 6) agrees with 192 nodes to 1e-84 and 4e-62 on the two cases below (measured; a large τ concentrates the
    integrand and needs more nodes: deep tails are checked with equal weights against the noncentral χ² tail)."""
    from mpmath.calculus.quadrature import GaussLegendre

    with mpmath.workdps(dps):
        nodes = GaussLegendre(mpmath.mp).calc_nodes(degree, mpmath.mp.prec)
        a = [mpmath.mpf(x.numerator) / x.denominator for x in map(F, a)]
        c = [mpmath.mpf(x.numerator) / x.denominator for x in map(F, c)]
        tau = mpmath.mpf(F(tau).numerator) / F(tau).denominator
        r2, half = mpmath.sqrt(2), mpmath.pi / 2

        def out1(ak, ck, r):  # P[a(Y + c)² > r], r ≥ 0
            s = mpmath.sqrt(r / ak)
            return (mpmath.erfc((s - ck) / r2) + mpmath.erfc((s + ck) / r2)) / 2

        def inner(r1):
            rho = mpmath.sqrt(r1 / a[1])
            tot = mpmath.fsum(w * mpmath.npdf(-c[1] + rho * mpmath.sin(half * x)) * rho * mpmath.cos(half * x)
                              * out1(a[2], c[2], r1 * mpmath.cos(half * x) ** 2) for x, w in nodes)
            return out1(a[1], c[1], r1) + half * tot

        rho1 = mpmath.sqrt(tau / a[0])
        tot = mpmath.fsum(w * mpmath.npdf(-c[0] + rho1 * mpmath.sin(half * x)) * rho1 * mpmath.cos(half * x)
                          * inner(tau * mpmath.cos(half * x) ** 2) for x, w in nodes)
        return out1(a[0], c[0], tau) + half * tot


def _contains(ball: arb, x: mpmath.mpf) -> bool:
    lo, hi = mpmath.mpf(ball.lower().str(40, radius=False)), mpmath.mpf(ball.upper().str(40, radius=False))
    return lo * (1 - mpmath.mpf(10) ** -35) <= x <= hi * (1 + mpmath.mpf(10) ** -35)


@pytest.mark.parametrize("offsets, tau", [((F(1, 2), 0, 0), 5), ((3, 0, 0, 0), 30), ((0,) * 5, 140),
                                          ((1, F(-1, 2), 1), 180), ((F(1, 3), 0, 0), F(1, 100)), ((30, 1, 0), 700),
                                          ((1, 0, 0), 200)])
def test_equal_weights_is_the_noncentral_chi2_tail(offsets, tau):
    a, d = F(3, 2), len(offsets)
    got = generalized_chi2_sf([a] * d, offsets, tau * a)
    ref = ncx2_sf(d, to_arb(sum(F(o) ** 2 for o in offsets)), to_arb(F(tau)))
    assert got.overlaps(ref)
    assert got.rad() <= abs(got).lower() * 1e-11  # relative width 2^-40 asked
    if tau == 200:
        assert got.upper() < 1e-30  # a tail below 1e-30 with all its digits


@pytest.mark.parametrize("a, c, tau", [((1, 2), (F(1, 2), F(-1, 3)), 3), ((1, 20), (2, 1), 40), ((3, 1), (0, 0), 150),
                                        ((1, 4), (F(7, 5), F(-2, 3)), F(1, 10))])
def test_two_dimensions_is_the_ellipse_integral(a, c, tau):
    got = generalized_chi2_sf(a, c, tau)
    ref = ellipse_exterior(*(to_arb(F(x)) for x in a), *(to_arb(F(x)) for x in c), to_arb(F(tau)))
    assert got.overlaps(ref)
    if ref.rad() < abs(ref).lower() / 1000:  # the integral is decided: both agree to its width
        assert got.rad() < ref.rad() + abs(ref).lower() * 1e-10


@pytest.mark.slow
@pytest.mark.parametrize("a, c, tau", [((1, 2, 3), (F(1, 2), F(-1, 3), 1), 4),
                                        ((2, 3, 5), (F(1, 4), 0, F(-1, 2)), 40)])
def test_three_dimensions_against_mpmath_at_100_digits(a, c, tau):
    got = generalized_chi2_sf(a, c, tau)
    ref = _mp_tail_3d(a, c, tau)
    assert _contains(got, ref)
    assert got.rad() <= abs(got).lower() * 1e-11


def test_far_anisotropy_and_remainder_rigour():
    """A condition number 20 in d = 4 (slow geometric decay of Ruben's coefficients): the tail is enclosed, and a
    truncation cap keeps the remainder inside the ball (wider, still containing the value)."""
    full = generalized_chi2_sf((1, 20, 3, 7), (1, 2, 3, 4), 300)
    capped = generalized_chi2_sf((1, 20, 3, 7), (1, 2, 3, 4), 300, max_terms=64)
    assert full.rad() < abs(full).lower() * 1e-10
    assert capped.rad() > full.rad() * 1000 and capped.contains(full)


@pytest.mark.parametrize("a, c, tau", [((1, 1, 1), (0, 0, 0), 600), ((1, 2, 4), (3, -2, 1), 6000)])
def test_a_far_tail_is_enclosed_by_its_chernoff_bound(a, c, tau):
    """Below 1e-60 the tail is [0, Chernoff bound], which contains the exact value (equal weights: the χ² tail)."""
    got = generalized_chi2_sf(a, c, tau)
    assert got.lower() <= 0 and 0 < got.upper() < 1e-60
    if len(set(a)) == 1:
        ref = ncx2_sf(3, to_arb(sum(F(x) ** 2 for x in c)), to_arb(F(tau, a[0])))
        assert ref.lower() > 0 and got.contains(ref)


def _mp_ncx2_3(c0, x, dps=40):
    """P[(c₀ + Y₁)² + Y₂² + Y₃² > x] in mpmath: Y₂² + Y₃² is exponential with mean 2, so the tail is
    ∫₀^∞ ½e^{−s/2} P[(c₀ + Y₁)² > x − s] ds, the inner tail by erfc (1 where x − s ≤ 0)."""
    with mpmath.workdps(dps):
        c0, x = mpmath.mpf(c0), mpmath.mpf(x)
        r2 = mpmath.sqrt(2)

        def inner(s):
            u = x - s
            if u <= 0:
                return mpmath.mpf(1) * mpmath.exp(-s / 2) / 2
            q = mpmath.sqrt(u)
            return (mpmath.erfc((q - c0) / r2) + mpmath.erfc((q + c0) / r2)) / 2 * mpmath.exp(-s / 2) / 2

        pts = sorted({mpmath.mpf(0), max(mpmath.mpf(0), x - (c0 + 40) ** 2), max(mpmath.mpf(0), x - c0 * c0),
                      max(mpmath.mpf(0), x - max(c0 - 40, 0) ** 2), x})
        return mpmath.quad(inner, pts + [mpmath.inf])


@pytest.mark.parametrize("c0, delta", [(10**3, 0), (10**3, 3), (10**3, -6), (10**6, 1)])
def test_large_offsets_are_bracketed_by_the_linearisation(c0, delta):
    """½Σc² > 400: Q = C + 2L + R bracket (and the series where it is narrower), against the noncentral χ²₃ tail
    in mpmath (equal weights) — and a d = 3 anisotropic instance inside the equal-weight tails at its extreme
    weights (monotone in the weights)."""
    lam = c0 * c0
    x = lam + delta * c0
    got = generalized_chi2_sf((2, 2, 2), (c0, 0, 0), 2 * x)
    ref = _mp_ncx2_3(c0, x) if c0 < 10**4 else None
    if ref is not None:
        assert _contains(got, ref)
    assert got.rad() < (3e-2 if c0 < 10**4 else 1e-4) * abs(got).upper()  # width ≈ d·max a_k/‖Ac‖ relative
    aniso = generalized_chi2_sf((1, 2, 4), (c0, 1, 0), x)
    lo = generalized_chi2_sf((1, 1, 1), (c0, 1, 0), x)
    hi = generalized_chi2_sf((4, 4, 4), (c0, 1, 0), x)  # weights ≥ each a_k: the tail only grows
    assert lo.lower() <= aniso.upper() and aniso.lower() <= hi.upper()


def test_bad_input():
    with pytest.raises(ArithmeticError):
        generalized_chi2_sf((1, 0, 2), (0, 0, 0), 1)
    with pytest.raises(ValueError):
        generalized_chi2_sf((1, 2), (0,), 1)
    assert generalized_chi2_sf((1, 2, 3), (0, 0, 0), 0) == 1
    nan_free = generalized_chi2_sf((1, 2, 3), (arb(0, 1e-3), 0, 0), 2)  # an offset ball containing 0
    assert nan_free.is_finite() and 0 < nan_free.lower() and nan_free.upper() < 1
