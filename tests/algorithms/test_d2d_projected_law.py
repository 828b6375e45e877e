"""certunlearn.algorithms.d2d.projected_law: the exact round map against projected GD, and the enclosures of the
one-round law (δ both directions, the band-exit probability) against an mpmath oracle at 100 digits."""

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms.d2d import Problem, projected_gd
from certunlearn.algorithms.d2d.projected_law import ClipAffine, gd_round_map, mixture_cdf, mixture_delta, mixture_outside
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.problems import Box, Quadratic

F = Fraction


def _hand(rho, c, lo, hi, theta, steps):
    for _ in range(steps):
        theta = min(max(rho * theta + (1 - rho) * c, lo), hi)
    return theta


STARTS = [F(-7), F(-1), F(-1, 3), F(0), F(2, 7), F(1, 2), F(1), F(5, 4), F(9)]


@pytest.mark.parametrize("rho, c, steps", [(F(1, 2), F(3, 10), 1), (F(1, 2), F(3, 10), 5), (F(-1, 2), F(3, 10), 4),
                                           (F(-4, 5), F(2), 3), (F(1, 3), F(-3), 6), (F(0), F(1, 5), 2)])
def test_round_map_is_projected_gd(rho, c, steps):
    """g(θ) equals `steps` hand-written clip steps at every start (inside and outside Θ = [−1, 1]), and the image
    [lo, hi] is g's range (its values far left and right)."""
    g = gd_round_map(rho, c, F(-1), F(1), steps)
    for th in STARTS:
        assert g(th) == _hand(rho, c, F(-1), F(1), th, steps)
    ends = sorted((_hand(rho, c, F(-1), F(1), F(-10**9), steps), _hand(rho, c, F(-1), F(1), F(10**9), steps)))
    assert (g.lo, g.hi) == tuple(ends)


def test_round_map_matches_algorithm():
    """The library's projected_gd (Algorithm 2's loop) on the quadratic f = mean of ½a(θ − x)² agrees exactly."""
    a, M_, m_ = F(3), F(3), F(1)
    eta = 2 / (M_ + m_)
    X = np.asarray([[F(1)], [F(1)], [F(-1)], [F(1, 3)]], dtype=object)
    c = sum(X[:, 0], F(0)) / 4
    prob = Problem(Quadratic(A=((a,),), R=F(1)), Box((F(-1, 2),), (F(1, 2),)))
    g = gd_round_map(1 - eta * a, c, F(-1, 2), F(1, 2), 7)
    for th in STARTS:
        got = projected_gd(prob, X, None, np.asarray([th], dtype=object), eta=eta, T=7)[0]
        assert F(got) == g(th)


def test_composition_rejects_malformed():
    with pytest.raises(ValueError):
        ClipAffine(F(1), F(0), F(1), F(0))
    with pytest.raises(ValueError):
        gd_round_map(F(1, 2), F(0), F(-1), F(1), 0)


# --------------------------------------------------------------------------- the one-round oracle (mpmath, 100 digits)
def _mp(x):
    return mpmath.mpf(x.numerator) / x.denominator


class OneRound:
    """θ̃_0 ~ N(m0, σ²), Y = g(θ̃_0) = clip_[L, H](Aθ̃_0 + B) (A > 0), θ̃_1 = Y + Z: the exact density of θ̃_1 —
    atoms of Y at L and H, and the Gaussian part ∫_{xL}^{xH} φ_σ(x − m0) φ_σ(z − Ax − B) dx in closed form."""

    def __init__(self, g: ClipAffine, m0, sigma):
        self.A, self.B, self.L, self.H = (_mp(v) for v in (g.slope, g.offset, g.lo, g.hi))
        assert self.A > 0
        self.m0, self.s = _mp(m0), _mp(sigma)
        self.xL, self.xH = (self.L - self.B) / self.A, (self.H - self.B) / self.A
        self.pL = mpmath.ncdf((self.xL - self.m0) / self.s)
        self.pH = mpmath.ncdf((self.m0 - self.xH) / self.s)

    def phi(self, z):
        return mpmath.npdf(z, 0, self.s)

    def density(self, z):
        A, s = self.A, self.s
        k = mpmath.sqrt(1 + A * A)
        u = z - self.B
        centre = (self.m0 + A * u) / (1 + A * A)
        body = (mpmath.exp(-(u - A * self.m0) ** 2 / (2 * s * s * (1 + A * A))) / (s * mpmath.sqrt(2 * mpmath.pi) * k)
                * (mpmath.ncdf((self.xH - centre) * k / s) - mpmath.ncdf((self.xL - centre) * k / s)))
        return self.pL * self.phi(z - self.L) + self.pH * self.phi(z - self.H) + body

    def hockey(self, eps, mu, reverse=False):
        """∫ (p − e^ε q)_+ (or (q − e^ε p)_+), q = N(μ, σ²): quadrature between the sign changes."""
        e = mpmath.exp(eps)
        q = lambda z: self.phi(z - mu)  # noqa: E731
        h = (lambda z: q(z) - e * self.density(z)) if reverse else (lambda z: self.density(z) - e * q(z))
        lo, hi = self.span(mu)  # beyond it both laws have mass below e^(−25²/2) < 10^(−135)
        grid = [lo + (hi - lo) * j / 800 for j in range(801)]
        with mpmath.workdps(20):  # locate the sign changes coarsely, refine them at the caller's precision
            signs = [h(z) > 0 for z in grid]
        roots = [mpmath.findroot(h, (grid[j], grid[j + 1]), solver="anderson")
                 for j in range(800) if signs[j] != signs[j + 1]]
        cuts = [lo, *roots, hi]
        return sum((mpmath.quad(h, [a, b]) for a, b in zip(cuts, cuts[1:]) if h((a + b) / 2) > 0), mpmath.mpf(0))

    def span(self, mu):
        return min(self.L, mu) - 25 * self.s, max(self.H, mu) + 25 * self.s

    def band_exit(self, c, r):
        """P[|θ̃_1 − c| > r]."""
        s = self.s
        out = lambda y: mpmath.ncdf((y - c - r) / s) + mpmath.ncdf((c - r - y) / s)  # noqa: E731
        body = mpmath.quad(lambda x: mpmath.npdf(x, self.m0, s) * out(self.A * x + self.B), [self.xL, self.xH])
        return self.pL * out(self.L) + self.pH * out(self.H) + body


CASES = [  # (ρ, c, steps, m0, σ, μ, ε): Θ = [−1, 1]
    (F(1, 2), F(3, 10), 2, F(1, 5), F(1, 2), F(9, 10), F(1, 2)),
    (F(1, 2), F(-1, 2), 4, F(3, 4), F(1, 4), F(-13, 20), F(1)),
    (F(1, 3), F(2, 5), 3, F(-1, 2), F(1), F(1, 2), F(1, 10)),
    (F(1, 2), F(3, 10), 2, F(1, 5), F(1, 2), F(1, 5), F(1, 4)),  # μ inside the image: only the tail bound is > 0
]


# The quadrature oracle costs seconds per case: the first case (μ outside the image) and the last (μ inside it: only
# the tail bound is > 0) keep both branches in the default run; the middle two under -m slow.
@pytest.mark.parametrize("rho, c, steps, m0, sigma, mu, eps",
                         [c if i in (0, len(CASES) - 1) else pytest.param(*c, marks=pytest.mark.slow)
                          for i, c in enumerate(CASES)])
def test_mixture_delta_contains_oracle(rho, c, steps, m0, sigma, mu, eps):
    g = gd_round_map(rho, c, F(-1), F(1), steps)
    with mpmath.workdps(100):
        law = OneRound(g, m0, sigma)
        lo, hi = law.span(_mp(mu))
        assert abs(mpmath.quad(law.density, [lo, law.L, law.H, hi]) - 1) < mpmath.mpf(10) ** -90
        true = max(law.hockey(_mp(eps), _mp(mu)), law.hockey(_mp(eps), _mp(mu), reverse=True))
    with workprec(256):
        enc = mixture_delta(eps, sigma, g, mu, (m0, m0))
        assert enc.lower() <= mpmath.mpf(true) <= enc.upper()
        assert enc.lower() > 0  # a certified positive lower bound (the tail bound where μ lies inside the image)


@pytest.mark.parametrize("rho, c, steps, m0, sigma, mu, eps", CASES)
def test_mixture_outside_contains_oracle(rho, c, steps, m0, sigma, mu, eps):
    g = gd_round_map(rho, c, F(-1), F(1), steps)
    radius = F(3, 5)
    with mpmath.workdps(100):
        true = OneRound(g, m0, sigma).band_exit(_mp(c), _mp(radius))
    with workprec(256):
        enc = mixture_outside(sigma, g.lo, g.hi, c, radius)
        assert enc.lower() <= mpmath.mpf(true) <= enc.upper()
        assert enc.upper() - enc.lower() < 1  # not the trivial [0, 1]


def test_mixture_cdf_contains_oracle():
    """P[θ̃_1 ≤ x] (quadrature of the exact density) lies between the bounds that know only Y_1 ∈ [L_1, H_1] — the
    bounds a later round uses for its predecessor's law."""
    rho, c, steps, m0, sigma, _, _ = CASES[0]
    g = gd_round_map(rho, c, F(-1), F(1), steps)
    with mpmath.workdps(100):
        law = OneRound(g, m0, sigma)
        lo = law.L - 25 * law.s
        for x in (F(-1), F(0), F(1, 3), F(3, 2)):
            cut = sorted({lo, law.L, law.H, _mp(x)})
            true = sum(mpmath.quad(law.density, [a, b]) for a, b in zip(cut, cut[1:]) if b <= _mp(x))
            with workprec(256):
                enc = mixture_cdf(x, sigma, g.lo, g.hi)
                assert enc.lower() <= mpmath.mpf(true) <= enc.upper()
                assert enc.upper() - enc.lower() < 1


def test_monte_carlo_sanity():
    """Sanity only (the oracle of record is the quadrature above): sampled band exits of a one-round chain lie in the
    enclosure, up to five standard errors."""
    rho, c, steps, m0, sigma, _, _ = CASES[0]
    g = gd_round_map(rho, c, F(-1), F(1), steps)
    rng = np.random.default_rng(7)
    th0 = float(m0) + float(sigma) * rng.standard_normal(200_000)
    y = np.clip(float(g.slope) * th0 + float(g.offset), float(g.lo), float(g.hi))
    th1 = y + float(sigma) * rng.standard_normal(th0.size)
    p = np.mean(np.abs(th1 - float(c)) > 0.6)
    se = np.sqrt(p * (1 - p) / th0.size)
    enc = mixture_outside(sigma, g.lo, g.hi, c, F(3, 5))
    assert float(enc.lower()) - 5 * se <= p <= float(enc.upper()) + 5 * se
