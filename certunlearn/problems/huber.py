"""Huber-smoothed quadratics: strongly convex, smooth, *not* quadratic, and exact on rationals (issue 23).

The scalar Huber function hub_w(r) = r²/(2w) for |r| ≤ w, |r| − w/2 beyond (breakpoints ±w, rational) and its
derivative clip(r/w, −1, 1) are the one source of truth for every exact Huber loss of the project (the olu
ridge + Huber regret family, :mod:`certunlearn.claims.olu.general_huber`, and the d2d loss below).

:class:`HuberQuadratic` is the per-sample loss of the d2d Section 3 families beyond quadratics (d2d Definitions
2.9–2.11, ``papers/002_7f80bf4846a5a6af.txt`` lines 133–147; Theorem 3.1's class, line 200):

    ℓ(θ; x) = Σ_k ½a_k(θ_k − x_k)² + c·hub_w(θ_k − x_k),   a_k > 0, c ≥ 0, w > 0 rational.

Per coordinate its second derivative is a_k + c/w inside the band |θ_k − x_k| < w and a_k outside, so ℓ is
a_min-strongly convex and (a_max + c/w)-smooth (the Hessian is diagonal, defined off the breakpoints; the gradient
is Lipschitz across them with the same constant). Its gradient a∘(θ − x) + c·clip((θ − x)/w, −1, 1) is piecewise
linear with rational breakpoints: in Fraction mode every branch is decided exactly, so projected GD on a box stays in
the rationals. Lipschitz: ‖∇ℓ‖ ≤ a_max‖θ − x‖ + c‖clip(·)‖ ≤ a_max(B + R) + c·min((B + R)/w, √d).
In arb mode a ball straddling a breakpoint gets the rigorous hull of both branches (clip is monotone).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import sympy
from flint import arb

from ..errors import InvalidParameterError
from ..numeric.fraction import Fraction
from .domains import exact
from .losses import (
    B, LossFamily, R, Reduction, a_max, a_min, convert, farthest_and_direction, map_entries, set_fields_exact,
    sympy_rational, unit_vector, zeros_in,
)

__all__ = ["huber", "huber_grad", "coordinate_minimiser", "HuberQuadratic"]

#: the Huber loss's declared parameters: weight c and width w of the band
c_hub = sympy.Symbol("c_hub", nonnegative=True)
w_hub = sympy.Symbol("w_hub", positive=True)
# reduction variables: ‖x‖ and ‖θ‖
_r = sympy.Symbol("r", nonnegative=True)
_b = sympy.Symbol("b", nonnegative=True)


def huber(r: Fraction, w: Fraction) -> Fraction:
    """hub_w(r) = r²/(2w) for |r| ≤ w, |r| − w/2 beyond (exact on rationals)."""
    return r * r / (2 * w) if abs(r) <= w else abs(r) - w / 2


def huber_grad(r: Fraction, w: Fraction) -> Fraction:
    """hub_w'(r) = clip(r/w, −1, 1) (exact on rationals)."""
    return max(-Fraction(1), min(Fraction(1), r / w))


def coordinate_minimiser(H: Sequence[Fraction], X: Sequence[Fraction], Y: Sequence[Fraction], A: Sequence[Fraction],
                         delta: Fraction, lo: Fraction, hi: Fraction) -> Fraction:
    """argmin over [lo, hi] of Σ_t ½H_t(z − x_t)² + a_t·hub_δ(z − y_t) (Σ_t H_t > 0: strictly convex), exactly: the
    derivative is increasing and piecewise linear with the breakpoints y_t ± δ, so its zero (or the interval's end) is
    found exactly between consecutive breakpoints."""
    deriv = lambda z: sum((h * (z - x) + a * huber_grad(z - y, delta) for h, x, y, a in zip(H, X, Y, A)), Fraction(0))
    if deriv(lo) >= 0:
        return lo
    if deriv(hi) <= 0:
        return hi
    knots = sorted({lo, hi} | {y + s for y in Y for s in (-delta, delta) if lo < y + s < hi})
    for k0, k1 in zip(knots, knots[1:]):
        d0, d1 = deriv(k0), deriv(k1)
        if d0 <= 0 <= d1:  # linear on [k0, k1]: its zero
            return k0 if d1 == d0 else k0 - d0 * (k1 - k0) / (d1 - d0)
    raise ArithmeticError("no zero of an increasing derivative that changes sign")  # unreachable


def _clip_arb(t: arb) -> arb:
    """clip(t, −1, 1) of a ball, rigorously (monotone: the hull of the clipped ends)."""
    return t.max(arb(-1)).min(arb(1))


def _huber_arb(r: arb, w: arb) -> arb:
    """hub_w of a ball: the two branches agree (value and slope) at |r| = w, and hub_w is convex and even; a ball
    deciding its branch gets that branch, otherwise the hull of both (each is ≤ the other off its own band)."""
    inner = r * r / (2 * w)
    outer = abs(r) - w / 2
    if abs(r) <= w:
        return inner
    if abs(r) >= w:
        return outer
    return inner.union(outer)


@dataclass(frozen=True)
class HuberQuadratic(LossFamily):
    """``ℓ(θ; x) = Σ_k ½a_k(θ_k − x_k)² + c·hub_w(θ_k − x_k)`` (diagonal a, rational c ≥ 0, w > 0); labels unused,
    assumption ``‖x‖ ≤ R``. Declared: ``m = a_min``, ``M = a_max + c/w``, ``L = a_max(B + R) + c·min((B + R)/w, √d)``,
    ``G = ∞`` (the Hessian jumps at the breakpoints)."""

    a: tuple[Fraction, ...]
    c: Fraction
    w: Fraction
    R: Fraction
    key: ClassVar[str] = "huber-quadratic"
    uses_labels: ClassVar[bool] = False

    def __post_init__(self) -> None:
        a = tuple(exact(v, "a") for v in self.a)
        if not a or any(v <= 0 for v in a):
            raise InvalidParameterError("a", "the quadratic weights must be positive")
        object.__setattr__(self, "a", a)
        set_fields_exact(self, c=self.c, w=self.w, R=self.R)
        if self.c < 0 or self.w <= 0 or self.R <= 0:
            raise InvalidParameterError("c, w, R", "need c ≥ 0, w > 0, R > 0")

    @property
    def dim(self) -> int:
        return len(self.a)

    def params(self) -> dict[sympy.Symbol, sympy.Expr]:
        return {R: sympy_rational(self.R), a_min: sympy_rational(min(self.a)), a_max: sympy_rational(max(self.a)),
                c_hub: sympy_rational(self.c), w_hub: sympy_rational(self.w)}

    def _declared(self) -> dict[str, sympy.Expr]:
        lip = a_max * (B + R) + c_hub * sympy.Min((B + R) / w_hub, sympy.sqrt(self.dim))
        return {"L": lip, "M": a_max + c_hub / w_hub, "m": a_min, "G": sympy.oo}

    def _clip(self, mode: str, t: np.ndarray) -> np.ndarray:
        if mode == "float":
            return np.clip(t, -1.0, 1.0)
        if mode == "arb":
            return map_entries(_clip_arb, t)
        one = convert(1, mode)[()]
        return map_entries(lambda v: max(-one, min(one, v)), t)

    def _values(self, mode, theta, X, y):
        a, c, w = convert(np.asarray(self.a, dtype=object), mode), convert(self.c, mode)[()], convert(self.w, mode)[()]
        diff = theta[None, :] - X
        if mode == "arb":
            hub = map_entries(lambda r: _huber_arb(r, w), diff)
        elif mode == "float":
            hub = np.where(np.abs(diff) <= w, diff * diff / (2 * w), np.abs(diff) - w / 2)
        else:
            hub = map_entries(lambda r: r * r / (2 * w) if abs(r) <= w else abs(r) - w / 2, diff)
        return np.sum(a[None, :] * diff * diff / 2 + c * hub, axis=1)

    def _grads(self, mode, theta, X, y):
        a, c, w = convert(np.asarray(self.a, dtype=object), mode), convert(self.c, mode)[()], convert(self.w, mode)[()]
        diff = theta[None, :] - X
        return a[None, :] * diff + c * self._clip(mode, diff / w)

    def _risk_hessian(self, mode, theta, X, y):
        """The mean Hessian where every residual decides its band (a diagonal matrix); at a breakpoint the
        generalised Hessian of that coordinate is the hull [a_k, a_k + c/w] (arb), or a_k + c/w·(share inside)."""
        d = theta.shape[0]
        out = zeros_in((d, d), mode)
        a, c, w = convert(np.asarray(self.a, dtype=object), mode), convert(self.c, mode)[()], convert(self.w, mode)[()]
        n = X.shape[0]
        for k in range(d):
            inside = 0
            for i in range(n):
                r = abs(theta[k] - X[i, k])
                if mode == "arb" and not (r < w or r > w):
                    inside = inside + arb(0).union(arb(1))
                else:
                    inside = inside + (1 if r < w else 0)
            out[k, k] = a[k] + c / w * inside / n
        return out

    def box_minimiser(self, X: np.ndarray, lo: Sequence[Fraction], hi: Sequence[Fraction]) -> list[Fraction]:
        """argmin over the box [lo, hi] of the empirical risk f_D (exact rationals; separable per coordinate)."""
        n = len(X)
        return [coordinate_minimiser([self.a[k]] * n, [x[k] for x in X], [x[k] for x in X], [self.c] * n, self.w,
                                     lo[k], hi[k]) for k in range(self.dim)]

    def risk_strong_convexity(self) -> Fraction:
        return min(self.a)

    def risk_smoothness_bound(self, X=None, y=None) -> Fraction:
        return max(self.a) + self.c / self.w

    def expression(self, d=None, symbolic=False):
        d = self.dim
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        c, w = sympy_rational(self.c), sympy_rational(self.w)
        terms = []
        for k in range(d):
            r = th[k] - xs[k]
            hub = sympy.Piecewise((r**2 / (2 * w), sympy.Abs(r) <= w), (sympy.Abs(r) - w / 2, True))
            terms.append(sympy_rational(self.a[k]) * r**2 / 2 + c * hub)
        return sum(terms), th, xs, yv

    def reduction(self, name, domain):
        if name == "L":
            return Reduction("sup", a_max * (_b + _r) + c_hub * sympy.Min((_b + _r) / w_hub, sympy.sqrt(self.dim)),
                             ((_b, 0, B), (_r, 0, R)),
                             "‖a∘(θ − x) + c·clip((θ − x)/w)‖ ≤ a_max‖θ − x‖ + c·min(‖θ − x‖/w, √d), ‖θ − x‖ ≤ ‖θ‖ + ‖x‖")
        if name == "M":
            return Reduction("sup", a_max + c_hub / w_hub, (), "the Hessian is diag(a_k + c·1{|θ_k − x_k| < w}/w)")
        if name == "m":
            return Reduction("inf", a_min, (), "the Hessian is diag(a_k + c·1{|θ_k − x_k| < w}/w) ⪰ a_min I")
        return Reduction("sup", sympy.oo, (), "the Hessian jumps at the breakpoints |θ_k − x_k| = w: no finite G")

    def witnesses(self, name, domain, d):
        c = domain.centre(d)
        zero = zeros_in(d, "fraction")
        if name == "L":
            th, u = farthest_and_direction(domain, d)
            return [{"theta": th, "x": -self.R * u, "y": None}]
        return [{"theta": c, "x": zero, "y": None, "v": unit_vector(d)}]
