"""A convex polygon Θ ⊂ ℝ² with rational vertices: exact projection and exact minimisers of diagonal quadratics
(issue 23: the d2d accuracy claims on polytopes, not only boxes and balls).

Θ any convex closed set (``papers/002_7f80bf4846a5a6af.txt`` §2.1, line 117). For a convex polygon with rational
vertices v_0, …, v_{k−1} (counterclockwise) everything projected GD and the accuracy event need is rational:

* membership: every edge's cross product (v_{j+1} − v_j) × (θ − v_j) ≥ 0, decided exactly;
* the Euclidean projection of an outside point: the nearest point of the boundary, i.e. the best over the edges of
  the segment projection v_j + clamp(t, 0, 1)(v_{j+1} − v_j), t = ⟨θ − v_j, e⟩/‖e‖² (rational; distances compared
  exactly);
* argmin_Θ ½(θ − c)ᵀdiag(a)(θ − c) (:meth:`Polygon.quadratic_argmin`): c itself when c ∈ Θ; otherwise the minimiser
  lies on the boundary and is the best over the edges of the 1-d quadratic's clamped minimiser (active-set
  enumeration: the interior, each edge, each vertex through the clamp) — and the KKT conditions are checked exactly
  at the result (−∇f(θ*) in the normal cone: a nonnegative combination of the active edges' outward normals).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from ..errors import InvalidParameterError
from .domains import Domain, exact

__all__ = ["Polygon"]


def _cross(u: Sequence[Fraction], v: Sequence[Fraction]) -> Fraction:
    return u[0] * v[1] - u[1] * v[0]


def _sub(u: Sequence[Fraction], v: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
    return (u[0] - v[0], u[1] - v[1])


def _dot(u: Sequence[Fraction], v: Sequence[Fraction], w: Sequence[Fraction] = (1, 1)) -> Fraction:
    return u[0] * v[0] * w[0] + u[1] * v[1] * w[1]


def _sqrt_sympy(q: Fraction) -> sympy.Expr:
    return sympy.sqrt(sympy.Rational(q.numerator, q.denominator))


@dataclass(frozen=True)
class Polygon(Domain):
    """``conv{v_0, …, v_{k−1}}`` ⊂ ℝ², vertices rational, counterclockwise, strictly convex (checked exactly)."""

    vertices: tuple[tuple[Fraction, Fraction], ...]
    dim: int = 2

    def __post_init__(self) -> None:
        vs = tuple((exact(v[0], "vertex"), exact(v[1], "vertex")) for v in self.vertices)
        k = len(vs)
        if k < 3 or self.dim != 2:
            raise InvalidParameterError("vertices", "a polygon needs at least three vertices in the plane")
        for j in range(k):
            a, b, c = vs[j], vs[(j + 1) % k], vs[(j + 2) % k]
            if _cross(_sub(b, a), _sub(c, b)) <= 0:
                raise InvalidParameterError("vertices", "the vertices must turn left (counterclockwise, strictly convex)")
        object.__setattr__(self, "vertices", vs)

    def _edges(self) -> list[tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]]:
        vs = self.vertices
        return [(vs[j], vs[(j + 1) % len(vs)]) for j in range(len(vs))]

    def _point(self, theta: Any) -> tuple[Fraction, Fraction]:
        self._check_dim(theta)
        t = [exact(v, "theta") for v in np.asarray(theta, dtype=object).ravel()]
        return (t[0], t[1])

    def contains(self, theta: Any) -> bool:
        p = self._point(theta)
        return all(_cross(_sub(b, a), _sub(p, a)) >= 0 for a, b in self._edges())

    def _clamped(self, a: tuple, b: tuple, t: Fraction) -> tuple[Fraction, Fraction]:
        t = min(Fraction(1), max(Fraction(0), t))
        return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))

    def project(self, theta: Any) -> np.ndarray:
        p = self._point(theta)
        if self.contains(p):
            return np.asarray(p, dtype=object)
        best, best_d = None, None
        for a, b in self._edges():
            e = _sub(b, a)
            q = self._clamped(a, b, _dot(_sub(p, a), e) / _dot(e, e))
            d = _dot(_sub(p, q), _sub(p, q))
            if best_d is None or d < best_d:
                best, best_d = q, d
        return np.asarray(best, dtype=object)

    def quadratic_argmin(self, a: Sequence[Fraction], c: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
        """argmin over Θ of ½(θ − c)ᵀdiag(a)(θ − c) (a > 0), exactly, KKT checked (module docstring)."""
        a = (exact(a[0], "a"), exact(a[1], "a"))
        c = (exact(c[0], "c"), exact(c[1], "c"))
        if self.contains(c):
            return c
        f = lambda q: _dot(_sub(q, c), _sub(q, c), a) / 2
        best = None
        for u, v in self._edges():
            e = _sub(v, u)
            q = self._clamped(u, v, _dot(_sub(c, u), e, a) / _dot(e, e, a))
            if best is None or f(q) < f(best):
                best = q
        self._check_kkt(best, (a[0] * (best[0] - c[0]), a[1] * (best[1] - c[1])))
        return best

    def _check_kkt(self, q: tuple, grad: tuple) -> None:
        """−∇f(q) = Σ λ_j n_j with λ_j ≥ 0 over the edges active at q (outward normals n_j), decided exactly."""
        normals = [(e[1], -e[0]) for e in (_sub(v, u) for u, v in self._edges()
                                            if _cross(_sub(v, u), _sub(q, u)) == 0)]
        g = (-grad[0], -grad[1])
        if len(normals) == 1:
            n = normals[0]
            ok = _cross(n, g) == 0 and _dot(n, g) >= 0
        elif len(normals) == 2:  # a vertex: g in the cone spanned by the two normals
            n1, n2 = normals
            det = _cross(n1, n2)
            l1, l2 = _cross(g, n2) / det, _cross(n1, g) / det
            ok = l1 >= 0 and l2 >= 0
        else:
            ok = False
        if not ok:
            raise ArithmeticError("the polygon's quadratic minimiser fails its KKT conditions")

    def diameter(self) -> sympy.Expr:
        vs = self.vertices
        return _sqrt_sympy(max(_dot(_sub(u, v), _sub(u, v)) for u in vs for v in vs))

    def norm_bound(self) -> sympy.Expr:
        return _sqrt_sympy(max(_dot(v, v) for v in self.vertices))

    def extreme_point(self, direction: Any) -> np.ndarray:
        d = np.asarray(direction, dtype=np.float64).ravel()
        self._check_dim(d)
        return np.asarray(max(self.vertices, key=lambda v: float(v[0]) * d[0] + float(v[1]) * d[1]), dtype=object)

    def centre(self, d: int | None = None) -> np.ndarray:
        self._dim(d)
        k = len(self.vertices)
        return np.asarray([sum((v[j] for v in self.vertices), Fraction(0)) / k for j in range(2)], dtype=object)

    def farthest_point(self, d: int | None = None) -> np.ndarray:
        self._dim(d)
        return np.asarray(max(self.vertices, key=lambda v: _dot(v, v)), dtype=object)

    def __str__(self) -> str:
        return "Polygon(" + ", ".join(f"({v[0]}, {v[1]})" for v in self.vertices) + ")"
