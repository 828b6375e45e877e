"""Separable transcendental smooth losses on arb enclosures, for Rewind-to-Delete (r2d).

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. Theorem 3.1 (lines 133–147) holds for every f_z that is L-smooth with
‖∇f_z‖ < G on Θ (line 135); Corollaries 3.5/3.6 (lines 175–197) add the PL inequality (Definition 3.4, line 171). The
piecewise-quadratic losses of :mod:`.r2d_piecewise` keep gradient descent rational; the losses here do not — their
iterates and Gaussian expectations are enclosed on arb balls (issue 23):

* ``LOGCOSH`` — f_x(θ) = a·Σ_k log cosh(θ_k − x_k), a ≠ 0 rational (a < 0: concave): f'' = a·sech² so
  sup|f''| = |a| (at θ_k = x_k) — the smoothness L = |a| on all of R^d —, and |∂_k f| = |a||tanh| < |a|, so
  ‖∇f_x‖ < |a|√d on R^d (never attained: G = |a|√d is admissible with the strict ``<`` of line 135).
* ``SINE`` — f_x(θ) = Σ_k ½(φ(θ_k) − x_k)², φ(t) = t + κ sin t, 0 ≤ κ < 1 (``nonconvex.SinePL`` per coordinate):
  non-convex, and for every dataset f_D = Σ_k [½(φ(θ_k) − x̄_k)² + ½var_k] is PL with μ = (1 − κ)² and
  f*_D = Σ_k ½var_k exactly (the derivation is ``SinePL``'s docstring, per coordinate: ½f_D'² = φ'²·½(φ − x̄)²
  ≥ (1 − κ)²(f_D − f*)). Smooth and Lipschitz only on a bounded Θ = Π[lo_k, hi_k] (B_k = max|lo_k|, |hi_k|):
  |∂_k f_x| ≤ (1 + κ)(B_k + κ + R), |∂²_k f_x| ≤ (1 + κ)² + κ(B_k + κ + R) (``SinePL``'s declared L, M).

:func:`gaussian_risk` encloses E f_{D'}(θ + σZ) — for ``SINE`` in closed form by Stein's identity
(E sin(μ + σZ) = sin μ·e^{−σ²/2}, E Z sin(μ + σZ) = σ cos μ·e^{−σ²/2}, E sin²(μ + σZ) = (1 − cos 2μ·e^{−2σ²})/2);
:func:`gaussian_grad_sq` encloses E‖∇f_{D'}(θ + σZ)‖² — for ``SINE`` in closed form (Gaussian moments of
polynomial × trigonometric terms), for ``LOGCOSH`` by ``acb.integral`` of the analytic integrand on [−W, W] plus a
rigorous Gaussian tail bound (the coordinates of Z are independent).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sympy
from flint import acb, arb, ctx

from ..errors import AssumptionViolatedError, InvalidParameterError
from ..numeric.enclosure import to_arb
from ..numeric.fraction import Fraction
from ..privacy.subsampled import normal_tail
from .domains import Box, Domain
from .losses import Constants, R, sympy_rational

__all__ = ["LOGCOSH", "SINE", "SeparableTranscendental", "derivative_of", "gaussian_risk", "gaussian_grad_sq", "gaussian_tail"]

LOGCOSH, SINE = 0, 1
NAMES = {LOGCOSH: "a·Σ log cosh(θ_k − x_k)", SINE: "Σ ½(θ_k + κ sin θ_k − x_k)²"}


def _value(shape: int, p: Any, t: Any, x: Any, analytic: bool = False) -> Any:
    """f for one coordinate at t (an arb or, inside an integrand, an acb)."""
    if shape == LOGCOSH:
        return p * (t - x).cosh().log(analytic=analytic) if isinstance(t, acb) else p * (t - x).cosh().log()
    r = t + p * t.sin() - x
    return r * r / 2


def derivative_of(shape: int, p: Any, t: Any, x: Any) -> Any:
    """∂f/∂θ_k for one coordinate at t (tanh is meromorphic; sin, cos entire: no analytic flag needed)."""
    if shape == LOGCOSH:
        return p * (t - x).tanh()
    return (t + p * t.sin() - x) * (1 + p * t.cos())


@dataclass(frozen=True)
class SeparableTranscendental:
    """f_x(θ) = Σ_k ψ(θ_k; x_k) with ψ = a·log cosh(· − x) (``LOGCOSH``, param a) or ½(φ(·) − x)², φ(t) =
    t + κ sin t (``SINE``, param κ); ‖x‖ ≤ R. ``constants`` gives the paper's G (``L``: sup‖∇f_x‖) and L (``M``:
    sup‖∇²f_x‖) exactly, on R^d (``LOGCOSH``) or on a box (``SINE``)."""

    shape: int
    param: Fraction
    R: Fraction
    d: int

    def __post_init__(self) -> None:
        if self.shape == LOGCOSH and self.param == 0:
            raise InvalidParameterError("param", "the log-cosh scale a must be nonzero")
        if self.shape == SINE and not 0 <= self.param < 1:
            raise InvalidParameterError("param", f"κ must lie in [0, 1) (φ' = 1 + κ cos θ > 0), got {self.param}")
        if self.shape not in NAMES:
            raise InvalidParameterError("shape", f"unknown transcendental profile {self.shape}")

    @property
    def key(self) -> str:
        return "r2d-logcosh" if self.shape == LOGCOSH else "r2d-sine-pl"

    def check_data(self, X: Any) -> None:
        for i, row in enumerate(X):
            if sum((Fraction(v) ** 2 for v in row), Fraction(0)) > self.R * self.R:
                raise AssumptionViolatedError("‖x‖ ≤ R", f"point {i} lies outside the ball of radius {self.R}")

    def constants(self, domain: Domain) -> Constants:
        a = abs(self.param)
        if self.shape == LOGCOSH:
            G2, M = self.d * a * a, a
        elif isinstance(domain, Box):
            bs = [max(abs(lo), abs(hi)) for lo, hi in zip(domain.lo, domain.hi)]
            G2 = sum((((1 + a) * (b + a + self.R)) ** 2 for b in bs), Fraction(0))
            M = max((1 + a) ** 2 + a * (b + a + self.R) for b in bs)
        else:
            return Constants(sympy.oo, sympy.oo, -sympy.oo, sympy.oo, ((R, sympy_rational(self.R)),), self.key)
        return Constants(sympy.sqrt(sympy_rational(G2)), sympy_rational(M), -sympy_rational(M), sympy.S.Zero,
                         ((R, sympy_rational(self.R)),), self.key)

    # -- the empirical risk f_D(θ) = (1/n)Σ_i f_{x_i}(θ), on enclosures
    def risk(self, theta: Sequence[arb], X: Sequence[Sequence[Fraction]]) -> arb:
        p = to_arb(self.param)
        return sum((sum((_value(self.shape, p, theta[k], to_arb(row[k])) for row in X), arb(0))
                    for k in range(self.d)), arb(0)) / len(X)

    def risk_grad(self, theta: Sequence[arb], X: Sequence[Sequence[Fraction]]) -> list[arb]:
        p = to_arb(self.param)
        return [sum((derivative_of(self.shape, p, theta[k], to_arb(row[k])) for row in X), arb(0)) / len(X)
                for k in range(self.d)]

    def risk_minimum(self, X: Sequence[Sequence[Fraction]]) -> Fraction:
        """f*_D = Σ_k ½·var_k exactly (``SINE`` only: φ is a bijection of R, so φ(θ_k) = x̄_k is reached)."""
        if self.shape != SINE:
            raise InvalidParameterError("shape", "f* is exact for the sine profile only")
        n = len(X)
        out = Fraction(0)
        for k in range(self.d):
            col = [Fraction(row[k]) for row in X]
            mean = sum(col, Fraction(0)) / n
            out += sum(((v - mean) ** 2 for v in col), Fraction(0)) / (2 * n)
        return out


def gaussian_tail(a0: arb, a1: arb, a2: arb, W: arb) -> arb:
    """An upper bound on ∫_{|u| > W} (a0 + a1|u| + a2u²)ϕ(u)du, ϕ the N(0, 1) density: from ∫_W^∞ϕ = Q(W) =
    erfc(W/√2)/2, ∫_W^∞ uϕ = ϕ(W), ∫_W^∞ u²ϕ = Wϕ(W) + Q(W)."""
    dens = (-(W * W) / 2).exp() / (2 * arb.pi()).sqrt()
    q = normal_tail(W)
    return 2 * (a0 * q + a1 * dens + a2 * (W * dens + q))


def _window() -> int:
    """W with ϕ(W) far below 2^−prec: the truncation error is then negligible against the working precision."""
    return math.isqrt(int(2 * 0.6932 * (ctx.prec + 24))) + 2


def _integrate(integrand: Callable[[acb, bool], acb], a0: arb, a1: arb, a2: arb) -> arb:
    """∫_R g(u)ϕ(u)du for g analytic near the real axis with |g(u)| ≤ a0 + a1|u| + a2u² for real u: acb.integral on
    [−W, W] (flint certifies its error) plus the ball ±:func:`gaussian_tail`."""
    W = _window()
    norm = 1 / (2 * arb.pi()).sqrt()

    def f(z: acb, analytic: bool) -> acb:
        return integrand(z, analytic) * (-(z * z) / 2).exp() * norm

    core = acb.integral(f, -W, W)
    if not (core.imag.contains(0) and core.real.is_finite()):
        raise InvalidParameterError("integrand", "the Gaussian integral did not converge to a real enclosure")
    tail = gaussian_tail(a0, a1, a2, arb(W))
    return core.real + arb(0).union(arb(1)) * 2 * tail - tail


def _abs_upper(v: arb) -> arb:
    return arb(abs(v).upper())


def gaussian_risk(loss: SeparableTranscendental, theta: Sequence[arb], X: Sequence[Sequence[Fraction]],
                  sigma: Any) -> arb:
    """E f_D(θ + σZ), Z ~ N(0, I_d), enclosed. ``SINE``: in closed form — f_D = Σ_k [½(φ(θ_k) − x̄_k)² + ½var_k] and
    with t = μ + σZ, E(t − x̄)² = (μ − x̄)² + σ², E(t − x̄)sin t = ((μ − x̄)sin μ + σ²cos μ)e^{−σ²/2} (Stein),
    E sin²t = (1 − cos 2μ·e^{−2σ²})/2. ``LOGCOSH``: per coordinate by :func:`_integrate` (|a log cosh s| ≤ |a||s|)."""
    sig = to_arb(sigma)
    n = len(X)
    p = to_arb(loss.param)
    total = arb(0)
    for k in range(loss.d):
        mu = theta[k]
        col = [Fraction(row[k]) for row in X]
        if loss.shape == SINE:
            mean = sum(col, Fraction(0)) / n
            var = sum(((v - mean) ** 2 for v in col), Fraction(0)) / n
            c = mu - to_arb(mean)
            e1, e2 = (-(sig * sig) / 2).exp(), (-2 * sig * sig).exp()
            second = c * c + sig * sig + 2 * p * (c * mu.sin() + sig * sig * mu.cos()) * e1 \
                + p * p * (1 - (2 * mu).cos() * e2) / 2
            total += second / 2 + to_arb(var) / 2
        else:
            xs = [to_arb(v) for v in col]
            big = _abs_upper(mu) + max((_abs_upper(x) for x in xs), key=lambda v: v.upper())
            total += _integrate(lambda z, an, mu=mu, xs=xs: sum((_value(LOGCOSH, p, mu + sig * z, x, an) for x in xs),
                                                                 acb(0)) / n,
                                _abs_upper(p) * big, _abs_upper(p) * sig, arb(0))
    return total


def _trig_moments(terms: dict[tuple[int, int], acb], mu: arb, shift: arb, sig: arb) -> arb:
    """E Σ c_{k,j}(t − shift)^k e^{ijt}, t = μ + σZ, for k ≤ 2: E[(t − s)^k e^{ijt}] = e^{ijμ − j²σ²/2}M_k with
    M_0 = 1, M_1 = μ − s + ijσ², M_2 = M_1² + σ² (differentiate the characteristic function)."""
    total = acb(0)
    for (k, j), c in terms.items():
        m1 = acb(mu - shift, j * sig * sig)
        mk = (acb(1), m1, m1 * m1 + sig * sig)[k]
        total += c * mk * acb(-(j * j) * sig * sig / 2, j * mu).exp()
    if not total.imag.contains(0):
        raise InvalidParameterError("terms", "a real expectation came out with a nonzero imaginary part")
    return total.real


def _mul(a: dict, b: dict) -> dict:
    out: dict = {}
    for (k1, j1), c1 in a.items():
        for (k2, j2), c2 in b.items():
            key = (k1 + k2, j1 + j2)
            out[key] = out.get(key, acb(0)) + c1 * c2
    return out


def gaussian_grad_sq(loss: SeparableTranscendental, theta: Sequence[arb], X: Sequence[Sequence[Fraction]],
                     sigma: Any) -> arb:
    """E‖∇f_D(θ + σZ)‖², Z ~ N(0, I_d) = Σ_k E(∂_k f_D(θ_k + σZ_k))² (the coordinates of Z are independent).
    ``SINE``: in closed form — ∂_k f_D = (φ(t) − x̄_k)φ'(t) = (u + κ sin t)(1 + κ cos t), u = t − x̄_k, whose square
    is a sum of u^k e^{ijt} (k ≤ 2, |j| ≤ 4) with the moments of :func:`_trig_moments` (no oscillatory quadrature,
    whatever σ). ``LOGCOSH``: by :func:`_integrate` — a² tanh(·)², meromorphic with poles off the real axis, tail
    bound |∂_k f_D|² ≤ a²."""
    sig = to_arb(sigma)
    n = len(X)
    p = to_arb(loss.param)
    total = arb(0)
    for k in range(loss.d):
        mu = theta[k]
        col = [Fraction(row[k]) for row in X]
        if loss.shape == SINE:
            half_i = acb(0, -1) / 2  # sin t = (e^{it} − e^{−it})/(2i)
            resid = {(1, 0): acb(1), (0, 1): p * half_i, (0, -1): -p * half_i}
            slope = {(0, 0): acb(1), (0, 1): p / 2, (0, -1): p / 2}
            g = _mul(resid, slope)
            total += _trig_moments(_mul(g, g), mu, to_arb(sum(col, Fraction(0)) / n), sig)
            continue
        xs = [to_arb(v) for v in col]

        def g2(z: acb, analytic: bool, mu: arb = mu, xs: list = xs) -> acb:
            v = sum((derivative_of(LOGCOSH, p, mu + sig * z, x) for x in xs), acb(0)) / n
            return v * v

        total += _integrate(g2, p * p, arb(0), arb(0))
    return total


def descent(loss: SeparableTranscendental, X: Sequence[Sequence[Fraction]], *, eta: Fraction, T: int,
            theta0: Sequence[Any]) -> list[list[arb]]:
    """Every iterate θ_0, …, θ_T of gradient descent θ_{t+1} = θ_t − η∇f_D(θ_t) (Algorithm 1, line 85; Algorithm 2,
    line 96, from a checkpoint) as arb balls: each step widens the enclosure by at most the factor 1 + η·sup|f''| ≤ 2
    plus rounding, so T steps at the working precision p keep about p − T bits (callers raise p with T)."""
    e = to_arb(eta)
    theta = [to_arb(v) for v in theta0]
    path = [theta]
    for _ in range(T):
        theta = [t - e * g for t, g in zip(theta, loss.risk_grad(theta, X))]
        path.append(theta)
    return path
