"""certunlearn.privacy.clipped_gaussian: piecewise-affine maps composed exactly, the released density, and D_α on
enclosures against independent mpmath quadrature at 100 digits."""
from __future__ import annotations

import mpmath
import pytest
from flint import arb

from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.privacy.clipped_gaussian import PiecewiseAffine, ReleasedLaw, normal_cdf_interval, renyi_released


def clip(lo, hi):
    return PiecewiseAffine.from_function(lambda x: min(max(x, lo), hi), [lo, hi])


def huber_step(x, delta, eta):
    return PiecewiseAffine.from_function(lambda z: z - eta * min(max(z - x, -delta), delta), [x - delta, x + delta])


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def contains(ball: arb, value: mpmath.mpf) -> bool:
    return ball.contains(arb(mpmath.nstr(value, 60, min_fixed=-mpmath.inf, max_fixed=mpmath.inf)))


def test_composition_equals_the_composed_functions_exactly():
    f = huber_step(F(1, 3), F(1, 2), F(3, 4)).then(clip(F(-1), F(1))).then(huber_step(F(-1, 5), F(1, 4), F(1, 2)))
    f = f.then(clip(F(-1, 2), F(2, 3)))
    direct = lambda z: min(max(z, F(-1, 2)), F(2, 3))  # noqa: E731
    h = lambda z, x, d, e: z - e * min(max(z - x, -d), d)  # noqa: E731
    for j in range(-400, 401):
        z = F(j, 97)
        want = direct(h(min(max(h(z, F(1, 3), F(1, 2), F(3, 4)), F(-1)), F(1)), F(-1, 5), F(1, 4), F(1, 2)))
        assert f(z) == want
    assert f.image_hull() == (F(-1, 2), F(2, 3))
    assert f.pieces[0][0] == 0 and f.pieces[-1][0] == 0


def test_from_function_rejects_a_missing_kink():
    with pytest.raises(ValueError, match="not affine"):
        PiecewiseAffine.from_function(lambda z: abs(z - F(1, 7)), [F(5)])


def test_unbounded_image_is_refused():
    with pytest.raises(ValueError, match="unbounded"):
        PiecewiseAffine.identity().image_hull()


def test_normal_cdf_interval_keeps_far_tails():
    """Φ(41) − Φ(40) is ~1e-350: from erfc on the right side it keeps its digits (½(1 + erf) would give 0)."""
    got = normal_cdf_interval(arb(40), arb(41))
    want = mpmath.ncdf(41) - mpmath.ncdf(40)
    with mpmath.workdps(400):
        want = mpmath.ncdf(-40) - mpmath.ncdf(-41)
    assert got > 0 and contains(got, want) and got.rad() < abs(got.mid()) * arb(2) ** -40


def mixture_renyi_mp(alpha, comps_p, comps_q, s2, lo, hi) -> mpmath.mpf:
    """D_α of two normal mixtures Σ w N(b, s2²) by mpmath tanh-sinh quadrature at 100 digits (a route independent of the
    module: the mixture densities written out, no tail bound, the line cut at the means)."""
    with mpmath.workdps(100):
        s2 = mpmath.mpf(s2)
        dens = lambda comps, w: sum(wt * mpmath.npdf(w, b, s2) for wt, b in comps)  # noqa: E731
        pts = sorted({mpmath.mpf(lo) - 40 * s2, *[mpmath.mpf(b) for _, b in comps_p + comps_q], mpmath.mpf(hi) + 40 * s2})
        a = mp(alpha)
        integral = mpmath.quad(lambda w: dens(comps_p, w) ** a * dens(comps_q, w) ** (1 - a), pts)
        return mpmath.log(integral) / (a - 1)


@pytest.mark.parametrize("alpha", [F(2), F(3, 2)])
def test_atoms_only_law_against_mpmath(alpha):
    """F a step (two atoms, −1 and 1/2), so W is a two-component normal mixture with weights Φ(−m/s₁), Φ(m/s₁):
    D_α from the module against mpmath's quadrature of the mixture densities at 100 digits."""
    step = PiecewiseAffine((F(0),), ((F(0), F(-1)), (F(0), F(1, 2))))
    P, Q = ReleasedLaw(F(3, 5), F(1), F(1, 4), step), ReleasedLaw(F(-1, 5), F(1), F(1, 4), step)
    coarse = renyi_released(alpha, P, Q)  # the first precision of the checker's ladder
    with workprec(128):
        got = renyi_released(alpha, P, Q)
    with mpmath.workdps(100):
        w = lambda m: (mpmath.ncdf(-mp(m)), mpmath.ncdf(mp(m)))  # noqa: E731
        wp, wq = w(F(3, 5)), w(F(-1, 5))
        want = mixture_renyi_mp(alpha, [(wp[0], -1), (wp[1], mpmath.mpf(1) / 2)],
                                [(wq[0], -1), (wq[1], mpmath.mpf(1) / 2)], mpmath.mpf(1) / 2, -1, 1)
    assert contains(got, want) and contains(coarse, want), (got, coarse, want)
    assert got.rad() < arb(10) ** -8  # 128 bits: relative tolerance 2^{-32}


def test_wide_box_is_the_gaussian_translation():
    """A box far wider than the noise: D₂ of N(1, 2) and N(0, 2) is α·1²/(2·2) = 1/2 up to the clipped mass
    (~e^{−1800}), which the ball must hold."""
    f = PiecewiseAffine.identity().then(clip(F(-60), F(60)))
    got = renyi_released(F(2), ReleasedLaw(F(1), F(1), F(1), f), ReleasedLaw(F(0), F(1), F(1), f))
    assert got.contains(arb(1) / 2) and got.rad() < arb(10) ** -4  # 64 bits: relative tolerance 2^{-16}


def test_divergence_of_a_law_with_itself_is_zero_and_positive_otherwise():
    f = huber_step(F(0), F(1, 2), F(1, 2)).then(clip(F(-1), F(1)))
    P = ReleasedLaw(F(1, 4), F(1, 2), F(1, 3), f)
    assert renyi_released(F(2), P, P).contains(0)
    assert renyi_released(F(2), P, ReleasedLaw(F(0), F(1, 2), F(1, 3), f)) > 0
