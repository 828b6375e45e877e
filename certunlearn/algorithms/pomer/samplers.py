"""POMER's Gibbs laws beyond one-dimensional piecewise-linear losses (Agarwal, Kale, Singh, Thakurta; paper file 001,
eqs. (3.1)–(3.3), lines 118–134): μ̄(x) ∝ exp(−β(f(x) + λ‖x‖²/2)) on K.

- :class:`BoxLinear` — K = Π[a_k, b_k], f(x) = ⟨g, x⟩: the law factorises into d truncated Gaussians
  (:mod:`~certunlearn.algorithms.pomer.gibbs` pieces); exact log Z (a sum of arb enclosures) and exact sampler.
- :class:`Convex1D` — K = [a, b], f convex given by value/derivative callables and declared kinks: log Z, CDF and
  inverse-CDF sampling by **high-precision quadrature** (mpmath, breakpoints at every kink; not an enclosure).
- :class:`BallLinear` — K = {‖x‖ ≤ R} (d ≥ 2), f(x) = ⟨g, x⟩: the g-coordinate s has the 1-d marginal
  exp(−β(‖g‖s + λs²/2))·(2π/βλ)^{(d−1)/2}·P((d−1)/2, βλ(R² − s²)/2) (P the regularised lower incomplete gamma:
  the Gaussian mass of the (d−1)-ball slice), by high-precision quadrature; given s the orthogonal part is the
  Gaussian N(0, I/βλ) on the slice ball, drawn exactly as radius (inverse regularised gamma) × uniform direction
  (rotation invariance; unlike rejection from the slice's bounding box, its cost does not grow with d).
- :class:`Envelope` — any d, convex f and convex K inside a box: exact rejection from the supporting-hyperplane
  envelope exp(−β(f(x₀) + ⟨∇f(x₀), x − x₀⟩ + λ‖x‖²/2)) ≥ the target on K, a :class:`BoxLinear` law.

Algorithm 1 needs the one-step ratio of normalised densities; for linear losses it is
:func:`linear_log_ratio` (log μ̄_{t+1}/μ̄_t = −β⟨g_t, x⟩ − (log Z_{t+1} − log Z_t)).
Samples are exact in law up to the final rounding of each coordinate (``dps`` digits); the one float53 input per
inverse-CDF draw is the uniform variate, as in :func:`~certunlearn.algorithms.pomer.gibbs.sample` (the ball's direction and the envelope's
acceptance variate are float53 too). No sampler here is approximate beyond that rounding.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import mpmath
import numpy as np
from flint import arb

from ...errors import AssumptionViolatedError, InvalidParameterError
from ...numeric.enclosure import to_arb
from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ...numeric.precision import workdps
from .gibbs import PiecewiseLinear, as_fraction, positive_param, gibbs, log_partition, sample


def _mpf(q) -> mpmath.mpf:
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


def _mp_param(x, dps: int) -> mpmath.mpf:
    """A validated β or λ (Fraction or arb ball) as an mpmath number: exact, or the ball's midpoint to ``dps``."""
    return _mpf(x) if isinstance(x, RATIONAL_TYPES) else mpmath.mpf(x.mid().str(dps + 5, radius=False))


def _vector(xs, name: str) -> tuple[Fraction, ...]:
    out = tuple(as_fraction(x, name) for x in xs)
    if not out:
        raise InvalidParameterError(name, "need at least one coordinate")
    return out


# ---------------------------------------------------------------------------------------------- boxes


@dataclass(frozen=True)
class BoxLinear:
    """μ̄ ∝ exp(−β(⟨g, x⟩ + λ‖x‖²/2)) on Π[lows_k, highs_k]: the product of the 1-d laws of x_k on [a_k, b_k] with
    loss g_k·x_k (exact rationals; β, λ rationals or arb balls > 0)."""

    lows: tuple
    highs: tuple
    g: tuple
    beta: Fraction | arb
    lam: Fraction | arb

    def __post_init__(self) -> None:
        lows, highs, g = _vector(self.lows, "lows"), _vector(self.highs, "highs"), _vector(self.g, "g")
        if not len(lows) == len(highs) == len(g):
            raise InvalidParameterError("g", f"dimensions differ: {len(lows)}, {len(highs)}, {len(g)}")
        if any(a >= b for a, b in zip(lows, highs)):
            raise InvalidParameterError("lows", "need a_k < b_k in every coordinate")
        object.__setattr__(self, "lows", lows)
        object.__setattr__(self, "highs", highs)
        object.__setattr__(self, "g", g)
        object.__setattr__(self, "beta", positive_param(self.beta, "beta"))
        object.__setattr__(self, "lam", positive_param(self.lam, "lam"))

    def _losses(self):
        return [PiecewiseLinear.linear(a, b, gk) for a, b, gk in zip(self.lows, self.highs, self.g)]

    def log_partition(self) -> arb:
        """log Z = Σ_k log Z_k (an enclosure)."""
        return sum((log_partition(loss, self.beta, self.lam) for loss in self._losses()), arb(0))

    def marginals(self):
        """The d one-dimensional Gibbs laws (:class:`~certunlearn.algorithms.pomer.gibbs.Pieces`)."""
        return [gibbs(loss, self.beta, self.lam) for loss in self._losses()]

    def sample(self, rng: np.random.Generator, dps: int = 20) -> tuple[mpmath.mpf, ...]:
        """An exact-law draw: independent inverse-CDF draws of the coordinates."""
        return tuple(sample(law, rng, dps) for law in self.marginals())


def linear_log_ratio(g_t: Sequence, x: Sequence, beta, log_z_before, log_z_after):
    """log μ̄_{t+1}(x)/μ̄_t(x) for a linear loss ⟨g_t, x⟩ added in round t (the ratio of normalised densities of
    Algorithm 1, line 192): −β⟨g_t, x⟩ − (log Z_{t+1} − log Z_t). Arb in, arb out; mpmath in, mpmath out."""
    if len(g_t) != len(x):
        raise InvalidParameterError("x", f"dimension {len(x)} differs from the loss's {len(g_t)}")
    if isinstance(log_z_before, arb):
        inner = sum((to_arb(gk) * to_arb(xk) for gk, xk in zip(g_t, x)), arb(0))
        return -to_arb(beta) * inner - (log_z_after - log_z_before)
    inner = mpmath.fsum(_mpf(gk) * mpmath.mpf(xk) for gk, xk in zip(g_t, x))
    return -_mpf(beta) * inner - (log_z_after - log_z_before)


# ---------------------------------------------------------------------------------------------- 1-d quadrature


class _Quadrature:
    """A 1-d density ∝ exp(log_density) on [points[0], points[-1]] by high-precision quadrature (mpmath tanh-sinh
    on each cell between consecutive breakpoints; not an enclosure)."""

    def __init__(self, log_density: Callable, points: Sequence[mpmath.mpf], dps: int):
        self.dps = dps
        with workdps(dps):
            self.points = sorted(set(points))
            self.points.insert(1, (self.points[0] + self.points[1]) / 2)  # an interior point: finite log density
            self.shift = max(log_density(p) for p in self.points)
            self.density = lambda x: mpmath.exp(log_density(x) - self.shift)
            self.masses = [mpmath.quad(self.density, [u, v]) for u, v in zip(self.points, self.points[1:])]
            self.total = mpmath.fsum(self.masses)

    def log_partition(self) -> mpmath.mpf:
        with workdps(self.dps):
            return mpmath.log(self.total) + self.shift

    def cdf(self, x) -> mpmath.mpf:
        with workdps(self.dps):
            x = mpmath.mpf(x)
            acc = mpmath.mpf(0)
            for (u, v), mass in zip(zip(self.points, self.points[1:]), self.masses):
                if x >= v:
                    acc += mass
                elif x > u:
                    acc += mpmath.quad(self.density, [u, x])
            return acc / self.total

    def sample(self, rng: np.random.Generator, dps: int = 20) -> mpmath.mpf:
        """Inverse CDF: the cell by its mass, then :func:`_invert` on the cell's CDF (quadrature at dps + 10)."""
        with workdps(max(dps + 10, 30)):
            target = mpmath.mpf(float(rng.random())) * self.total
            acc, cell = mpmath.mpf(0), len(self.masses) - 1
            for i, mass in enumerate(self.masses):
                if acc + mass >= target:
                    cell = i
                    break
                acc += mass
            u0, u1 = self.points[cell], self.points[cell + 1]
            target -= acc
            return _invert(lambda x: mpmath.quad(self.density, [u0, x]), self.density, u0, u1, target, dps,
                           u0 + (u1 - u0) * target / self.masses[cell])


def _invert(cdf: Callable, density: Callable, lo, hi, target, dps: int, start=None) -> mpmath.mpf:
    """The x in [lo, hi] with cdf(x) = target (cdf increasing, ``density`` its derivative): Newton steps from ``start``
    (default the midpoint) kept inside a shrinking bracket, bisection when a step leaves it or fails to halve the
    previous step (so the steps shrink geometrically), to ``dps`` relative digits."""
    x, tol = (lo + hi) / 2 if start is None else start, mpmath.mpf(10) ** (-dps)
    last = hi - lo
    while True:
        miss = cdf(x) - target
        lo, hi = (x, hi) if miss < 0 else (lo, x)
        dens = density(x)
        new = x - miss / dens if dens > 0 else lo
        if not lo < new < hi or abs(new - x) > last / 2:  # bisect unless Newton at least halves the step (rtsafe)
            new = (lo + hi) / 2
        last = abs(new - x)
        if last <= tol * max(1, abs(x)) or hi - lo <= tol * max(1, abs(x)):
            return new
        x = new


@dataclass(frozen=True)
class Convex1D:
    """A convex loss on [a, b]: ``value`` and ``derivative`` take and return mpmath numbers (the derivative may be
    any one-sided derivative at a kink); ``kinks`` lists every point where f is not smooth."""

    a: Fraction
    b: Fraction
    value: Callable
    derivative: Callable
    kinks: tuple = ()

    def __post_init__(self) -> None:
        a, b = as_fraction(self.a, "a"), as_fraction(self.b, "b")
        if not a < b:
            raise InvalidParameterError("b", f"need a < b, got [{a}, {b}]")
        kinks = tuple(sorted(as_fraction(k, "kinks") for k in self.kinks))
        if any(not a <= k <= b for k in kinks):
            raise InvalidParameterError("kinks", f"kinks must lie in [{a}, {b}]")
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)
        object.__setattr__(self, "kinks", kinks)


def _mode(slope: Callable, a: mpmath.mpf, b: mpmath.mpf) -> mpmath.mpf:
    """The minimiser on [a, b] of a convex potential with nondecreasing derivative ``slope`` (bisection)."""
    if slope(a) >= 0:
        return a
    if slope(b) <= 0:
        return b
    for _ in range(mpmath.mp.prec + 8):
        mid = (a + b) / 2
        a, b = (mid, b) if slope(mid) < 0 else (a, mid)
    return (a + b) / 2


def _breakpoints(a, b, centre, sd, extra=()) -> list:
    """a, b, the extra points and centre ± j·sd (|j| ≤ 8), clipped to [a, b]."""
    return [a, b, *extra, *(min(b, max(a, centre + j * sd)) for j in range(-8, 9))]


def convex_law(loss: Convex1D, beta, lam, dps: int = 50) -> _Quadrature:
    """μ̄(f, β, λ) on [a, b] by high-precision quadrature at ``dps`` ≥ 50 digits, breakpoints at every kink and
    around the mode (not an enclosure); ``.log_partition()``, ``.cdf(x)``, ``.sample(rng)``."""
    beta, lam = positive_param(beta, "beta"), positive_param(lam, "lam")
    if dps < 50:
        raise InvalidParameterError("dps", f"quadrature runs at ≥ 50 digits, got {dps}")
    with workdps(dps):
        B, L = _mp_param(beta, dps), _mp_param(lam, dps)
        a, b = _mpf(loss.a), _mpf(loss.b)
        mode = _mode(lambda x: loss.derivative(x) + L * x, a, b)
        points = _breakpoints(a, b, mode, 1 / mpmath.sqrt(B * L), [_mpf(k) for k in loss.kinks])
        return _Quadrature(lambda x: -B * (loss.value(x) + L * x * x / 2), points, dps)


# ---------------------------------------------------------------------------------------------- balls


def _householder(g: Sequence[mpmath.mpf]) -> Callable:
    """x ↦ Hx with H the reflection exchanging e₁ and g/‖g‖ (identity when g ∥ e₁ or g = 0)."""
    norm = mpmath.sqrt(mpmath.fsum(gk * gk for gk in g))
    if norm == 0:
        return lambda x: list(x)
    v = [(1 if k == 0 else 0) - gk / norm for k, gk in enumerate(g)]
    vv = mpmath.fsum(vk * vk for vk in v)
    if vv == 0:
        return lambda x: list(x)
    return lambda x: [xk - 2 * vk * mpmath.fsum(vj * xj for vj, xj in zip(v, x)) / vv for xk, vk in zip(x, v)]


def _ball_mass(half: mpmath.mpf, c: mpmath.mpf) -> mpmath.mpf:
    """P(half, c), the regularised lower incomplete gamma (closed forms for half = 1/2, 1: erf(√c), −expm1(−c))."""
    if half == mpmath.mpf(1) / 2:
        return mpmath.erf(mpmath.sqrt(c))
    if half == 1:
        return -mpmath.expm1(-c)
    return mpmath.gammainc(half, 0, c, regularized=True)


@dataclass(frozen=True)
class BallLinear:
    """μ̄ ∝ exp(−β(⟨g, x⟩ + λ‖x‖²/2)) on the ball ‖x‖ ≤ radius (d = len(g) ≥ 2), by high-precision quadrature of the
    1-d marginal of s = ⟨g/‖g‖, x⟩ (not an enclosure)."""

    g: tuple
    radius: Fraction
    beta: Fraction
    lam: Fraction
    dps: int = 50

    def __post_init__(self) -> None:
        g = _vector(self.g, "g")
        if len(g) < 2:
            raise InvalidParameterError("g", "a ball law needs d ≥ 2 (d = 1 is an interval: use algorithms.pomer.gibbs)")
        radius = as_fraction(self.radius, "radius")
        if radius <= 0:
            raise InvalidParameterError("radius", f"must be > 0, got {radius}")
        if self.dps < 50:
            raise InvalidParameterError("dps", f"quadrature runs at ≥ 50 digits, got {self.dps}")
        object.__setattr__(self, "g", g)
        object.__setattr__(self, "radius", radius)
        object.__setattr__(self, "beta", as_fraction(positive_param(self.beta, "beta"), "beta"))
        object.__setattr__(self, "lam", as_fraction(positive_param(self.lam, "lam"), "lam"))
        with workdps(self.dps):
            B, L, R = _mpf(self.beta), _mpf(self.lam), _mpf(radius)
            G = mpmath.sqrt(mpmath.fsum(_mpf(gk) ** 2 for gk in g))
            half = mpmath.mpf(len(g) - 1) / 2

            def log_marginal(s):
                c = B * L * (R * R - s * s) / 2
                if c <= 0:
                    return mpmath.ninf
                return -B * (G * s + L * s * s / 2) + mpmath.log(_ball_mass(half, c))

            mode = min(R, max(-R, -G / L))
            law = _Quadrature(log_marginal, _breakpoints(-R, R, mode, 1 / mpmath.sqrt(B * L)), self.dps)
            object.__setattr__(self, "_law", law)
            object.__setattr__(self, "_constant", half * mpmath.log(2 * mpmath.pi / (B * L)))

    def log_partition(self) -> mpmath.mpf:
        """log Z = log ∫ marginal + ((d − 1)/2)·log(2π/βλ)."""
        with workdps(self.dps):
            return self._law.log_partition() + self._constant

    def marginal_cdf(self, s) -> mpmath.mpf:
        """Pr[⟨g/‖g‖, X⟩ ≤ s] (e₁ in place of g/‖g‖ when g = 0)."""
        return self._law.cdf(s)

    def sample(self, rng: np.random.Generator, dps: int = 20) -> list[mpmath.mpf]:
        """s from its marginal (inverse CDF), then y ∼ N(0, I/βλ) on the slice ball ‖y‖ ≤ √(R² − s²): radius by
        inverting the regularised gamma P((d − 1)/2, ·) (:func:`_invert`), direction uniform (a normalised
        standard normal vector); then rotated so that e₁ ↦ g/‖g‖."""
        s = self._law.sample(rng, dps)
        with workdps(max(dps + 10, 30)):
            B, L, R = _mpf(self.beta), _mpf(self.lam), _mpf(self.radius)
            half = mpmath.mpf(len(self.g) - 1) / 2
            cap = B * L * (R * R - s * s) / 2
            y = [mpmath.mpf(0)] * (len(self.g) - 1)
            if cap > 0:
                c = B * L / 2  # Pr[‖y‖ ≤ r] ∝ P(half, c·r²), with r-derivative 2c·r·(c·r²)^(half−1)·e^(−c·r²)/Γ(half)
                goal = mpmath.mpf(float(rng.random())) * _ball_mass(half, cap)
                r = _invert(lambda r: _ball_mass(half, c * r * r),
                            lambda r: 2 * c ** half * r ** (2 * half - 1) * mpmath.exp(-c * r * r) / mpmath.gamma(half),
                            mpmath.mpf(0), mpmath.sqrt(cap / c), goal, dps)
                direction = rng.standard_normal(len(y))
                while not np.any(direction):
                    direction = rng.standard_normal(len(y))
                norm = mpmath.sqrt(mpmath.fsum(mpmath.mpf(float(u)) ** 2 for u in direction))
                y = [r * mpmath.mpf(float(u)) / norm for u in direction]
            return _householder([_mpf(gk) for gk in self.g])([s, *y])


# ---------------------------------------------------------------------------------------------- envelope rejection


@dataclass(frozen=True)
class Envelope:
    """Exact rejection sampler of μ̄ ∝ exp(−β(f(x) + λ‖x‖²/2)) on a convex K ⊂ Π[lows, highs] (any d).

    f convex ⇒ f(x) ≥ f(x₀) + ⟨g₀, x − x₀⟩ with g₀ = ``gradient(x0)`` a (sub)gradient, so the target is dominated on
    K by exp(−β(f(x₀) − ⟨g₀, x₀⟩))·(the :class:`BoxLinear` law with gradient g₀, unnormalised). Propose from that box
    law exactly; accept iff x ∈ K and U < exp(−β(f(x) − f(x₀) − ⟨g₀, x − x₀⟩)). The acceptance probability is
    Z_K(f)/exp(:meth:`envelope_log_partition`). ``value``/``gradient`` take mpmath vectors; ``contains`` is K's
    indicator; x₀ and the box are exact rationals (g₀ is rounded to a rational: any g₀ gives a valid envelope when
    it is a subgradient at x₀, and a gap < 0 raises AssumptionViolatedError)."""

    value: Callable
    gradient: Callable
    contains: Callable
    lows: tuple
    highs: tuple
    x0: tuple
    beta: Fraction | arb
    lam: Fraction | arb

    def __post_init__(self) -> None:
        x0 = _vector(self.x0, "x0")
        with workdps(50):
            g0 = tuple(Fraction(mpmath.nstr(gk, 40)) for gk in self.gradient([_mpf(c) for c in x0]))
        if len(x0) != len(g0):
            raise InvalidParameterError("x0", f"dimension {len(x0)} differs from the gradient's {len(g0)}")
        object.__setattr__(self, "x0", x0)
        object.__setattr__(self, "_box", BoxLinear(self.lows, self.highs, g0, self.beta, self.lam))

    @property
    def proposal(self) -> BoxLinear:
        return self._box

    def envelope_log_partition(self, dps: int = 50) -> mpmath.mpf:
        """log ∫_box exp(−β(f(x₀) + ⟨g₀, x − x₀⟩ + λ‖x‖²/2)) dx."""
        with workdps(dps):
            x0 = [_mpf(c) for c in self.x0]
            offset = self.value(x0) - mpmath.fsum(_mpf(gk) * c for gk, c in zip(self._box.g, x0))
            log_z = mpmath.mpf(self._box.log_partition().mid().str(dps + 5, radius=False))
            return log_z - _mp_param(self._box.beta, dps) * offset

    def sample(self, rng: np.random.Generator, dps: int = 20, max_tries: int = 100_000):
        """(x, proposals used): an exact draw from μ̄ and the number of proposals it took."""
        with workdps(dps + 10):
            beta = _mp_param(self._box.beta, dps + 10)
            x0 = [_mpf(c) for c in self.x0]
            f0 = self.value(x0)
            for tries in range(1, max_tries + 1):
                x = list(self._box.sample(rng, dps))
                if not self.contains(x):
                    continue
                gap = self.value(x) - f0 - mpmath.fsum(_mpf(gk) * (xk - ck) for gk, xk, ck in zip(self._box.g, x, x0))
                if gap < -mpmath.mpf(10) ** (-dps):
                    raise AssumptionViolatedError("convex loss with subgradient g0 at x0",
                                                  f"f(x) falls {mpmath.nstr(-gap, 5)} below its tangent at x0")
                if mpmath.mpf(float(rng.random())) < mpmath.exp(-beta * max(gap, 0)):
                    return x, tries
        raise InvalidParameterError("max_tries", f"no acceptance in {max_tries} proposals")


__all__ = ["BallLinear", "BoxLinear", "Convex1D", "Envelope", "convex_law", "linear_log_ratio"]
