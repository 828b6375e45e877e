"""A Euclidean ball whose projection is rounded to rationals with a certified error (issue 23: d2d beyond boxes).

Projecting onto {‖θ‖ ≤ r} maps an outside point to θ·r/‖θ‖, irrational in general. :class:`RoundedBall` returns a
dyadic point within ``projection_error`` (in norm) of the exact projection — the factor r/‖θ‖ enclosed by arb at
``bits + 64`` bits (its radius below one grid step), each coordinate of θ·r/‖θ‖ rounded toward 0 on the 2^-bits grid
and, if the point is still outside the ball (decided exactly), pulled toward 0 by one more grid step (at most once:
a second pull is an error): every returned point is in Θ and each coordinate within 3·2^-bits of the exact
projection's, so the norm error is at most 3√d·2^-bits ≤ ``projection_error`` = 3d·2^-bits. Points inside are returned unchanged (exact).

Used by the d2d claims: a run of projected GD whose step map x ↦ x − η∇f(x) is γ-Lipschitz (γ < 1) and whose
projections each err by at most τ stays within τ/(1 − γ) of the exact run at every iterate (e_{t+1} ≤ γe_t + τ, the
exact projection being nonexpansive), however many steps and rounds it takes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy
from flint import arb

from ..errors import InvalidParameterError
from ..numeric.fraction import Fraction
from ..numeric.precision import workprec
from .domains import Domain, exact, rational_unit

__all__ = ["RoundedBall"]


def _sq(v: np.ndarray) -> Fraction:
    return sum((x * x for x in v), Fraction(0))


@dataclass(frozen=True)
class RoundedBall(Domain):
    """``{θ ∈ ℝ^dim : ‖θ‖ ≤ radius}`` with the rational projection described in the module docstring."""

    radius: Fraction
    dim: int
    bits: int = 160

    def __post_init__(self) -> None:
        object.__setattr__(self, "radius", exact(self.radius, "radius"))
        if self.radius <= 0 or not isinstance(self.dim, int) or self.dim < 1 or self.bits < 32:
            raise InvalidParameterError("RoundedBall", "needs radius > 0, an integer dim ≥ 1 and bits ≥ 32")

    @property
    def projection_error(self) -> Fraction:
        """A rational ≥ the norm distance of every returned point from the exact projection."""
        return Fraction(3 * self.dim, 2**self.bits)

    def project(self, theta: Any) -> np.ndarray:
        self._check_dim(theta)
        t = np.asarray([exact(v, "theta") for v in np.asarray(theta, dtype=object).ravel()], dtype=object)
        s = _sq(t)
        r2 = self.radius * self.radius
        if s <= r2:
            return t.copy()
        with workprec(self.bits + 64 + max(0, s.numerator.bit_length() - s.denominator.bit_length())):
            factor = arb(self.radius.numerator) / arb(self.radius.denominator) / (
                arb(s.numerator) / arb(s.denominator)).sqrt()
            scale = 2**self.bits
            out = []
            for v in t:
                y = (arb(v.numerator) / arb(v.denominator)) * factor * scale
                if not y.rad() < 1:
                    raise ArithmeticError("the projection's enclosure is too wide to round")
                k = (y.mid().floor() if y.mid() >= 0 else y.mid().ceil()).unique_fmpz()
                out.append(Fraction(int(k), scale))
        p = np.asarray(out, dtype=object)
        step = Fraction(1, 2**self.bits)
        if _sq(p) > r2:  # toward 0 by one grid step per coordinate
            p = np.asarray([x - step if x > 0 else x + step if x < 0 else x for x in p], dtype=object)
            if _sq(p) > r2:
                raise ArithmeticError("the rounded projection is still outside the ball")
        return p

    def contains(self, theta: Any) -> bool:
        self._check_dim(theta)
        return _sq(np.asarray([exact(v, "theta") for v in np.asarray(theta, dtype=object).ravel()])) <= \
            self.radius * self.radius

    def diameter(self) -> sympy.Expr:
        return 2 * sympy.Rational(self.radius.numerator, self.radius.denominator)

    def norm_bound(self) -> sympy.Expr:
        return sympy.Rational(self.radius.numerator, self.radius.denominator)

    def extreme_point(self, direction: Any) -> np.ndarray:
        return self.radius * rational_unit(direction)

    def centre(self, d: int | None = None) -> np.ndarray:
        return np.asarray([Fraction(0)] * self._dim(d), dtype=object)

    def __str__(self) -> str:
        return f"RoundedBall(radius={self.radius}, dim={self.dim})"
