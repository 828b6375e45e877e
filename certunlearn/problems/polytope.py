"""A bounded polytope Θ = {θ ∈ ℝ^d : Gθ ≤ h} with rational G, h: exact projection and exact minimisers of diagonal
quadratics by active-set enumeration (issue 23: the d2d accuracy claims on polytopes, not only boxes and balls).

Θ any convex closed set (``papers/002_7f80bf4846a5a6af.txt`` §2.1, line 117). For f(θ) = ½(θ − c)ᵀdiag(a)(θ − c)
(a > 0) the minimiser over Θ is the unique KKT point: for some set S of active rows with linearly independent G_S,
θ = c − diag(a)⁻¹G_Sᵀλ with (G_S diag(a)⁻¹ G_Sᵀ)λ = G_S c − h_S, λ ≥ 0 and Gθ ≤ h (Carathéodory: some independent
subset of the active rows carries the multipliers). :meth:`Polytope.quadratic_argmin` enumerates the sets S of at
most d rows (the empty set first: c itself), solves each system in rationals and returns the first point meeting all
three conditions exactly — the optimum, f being strictly convex. The Euclidean projection is the case a = 1. The
vertices (each d independent active rows, feasible) give D, B and the extreme points, exactly.
"""
from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy

from ..errors import InvalidParameterError
from ..numeric.fraction import Fraction
from .domains import Domain, exact

__all__ = ["Polytope"]


def _solve(M: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """The solution of the square system M x = b by exact Gaussian elimination, or None when M is singular."""
    n = len(M)
    A = [list(row) + [v] for row, v in zip(M, b)]
    for col in range(n):
        piv = next((r for r in range(col, n) if A[r][col] != 0), None)
        if piv is None:
            return None
        A[col], A[piv] = A[piv], A[col]
        for r in range(n):
            if r != col and A[r][col] != 0:
                f = A[r][col] / A[col][col]
                A[r] = [x - f * y for x, y in zip(A[r], A[col])]
    return [A[r][n] / A[r][r] for r in range(n)]


@functools.lru_cache(maxsize=256)
def _vertices(rows: tuple[tuple[Fraction, ...], ...], dim: int) -> tuple[tuple[Fraction, ...], ...]:
    """Every vertex of {Gθ ≤ h} (``rows`` exact), without repeats, in the order of the row subsets: memoised on the
    rows, as the families build the same polygons over and over (the same tuple of Fractions each time)."""
    out: list[tuple[Fraction, ...]] = []
    for S in itertools.combinations(range(len(rows)), dim):
        x = _solve([list(rows[j][:-1]) for j in S], [rows[j][-1] for j in S])
        if x is not None and _inside(rows, x) and tuple(x) not in out:
            out.append(tuple(x))
    return tuple(out)


def _inside(rows: tuple[tuple[Fraction, ...], ...], t: Sequence[Fraction]) -> bool:
    """Gt ≤ h for exact coordinates ``t`` (zero entries of G skipped)."""
    for r in rows:
        lhs = Fraction(0)
        for g, x in zip(r[:-1], t):
            if g:
                lhs += g * x
        if lhs > r[-1]:
            return False
    return True


@functools.lru_cache(maxsize=None)
def _subsets(rows: int, dim: int) -> tuple[tuple[int, ...], ...]:
    """The active sets of at most ``dim`` of ``rows`` rows, the empty set first, then by size, lexicographically."""
    return tuple(S for k in range(dim + 1) for S in itertools.combinations(range(rows), k))


@functools.lru_cache(maxsize=256)
def _shared_systems(rows: tuple[tuple[Fraction, ...], ...]) -> dict:
    """a ↦ the KKT systems built so far for the polytope ``rows`` (:meth:`Polytope._system_at`), one dict per rows."""
    return {}


@dataclass(frozen=True)
class Polytope(Domain):
    """``{θ : Gθ ≤ h}`` (rows ``(g, h_j)`` rational), bounded with a nonempty interior (checked through its vertices)."""

    rows: tuple[tuple[Fraction, ...], ...]  # each row: g_1, …, g_d, h_j
    dim: int | None = None

    def __post_init__(self) -> None:
        rows = tuple(tuple(exact(v, "row") for v in r) for r in self.rows)
        d = len(rows[0]) - 1 if rows else 0
        if d < 1 or any(len(r) != d + 1 for r in rows) or len(rows) <= d:
            raise InvalidParameterError("rows", "a bounded polytope in ℝ^d needs more than d rows (g, h) of length d + 1")
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "dim", d)
        object.__setattr__(self, "_vertex_list", None)
        if len(self.vertices()) <= d:
            raise InvalidParameterError("rows", "the polytope has fewer than d + 1 vertices (empty, flat or unbounded)")

    def _G(self, j: int) -> tuple[Fraction, ...]:
        return self.rows[j][:-1]

    def _point(self, theta: Any) -> list[Fraction]:
        self._check_dim(theta)
        return [exact(v, "theta") for v in np.asarray(theta, dtype=object).ravel()]

    def contains(self, theta: Any) -> bool:
        return self._inside(self._point(theta))

    def _inside(self, t: Sequence[Fraction]) -> bool:
        """Gt ≤ h for exact coordinates ``t`` (the hot test of :meth:`quadratic_argmin`)."""
        return _inside(self.rows, t)

    @classmethod
    def from_polygon(cls, vertices: Sequence[Sequence[Any]]) -> Polytope:
        """The convex polygon with these vertices (counterclockwise) as {θ : ⟨n_j, θ⟩ ≤ ⟨n_j, v_j⟩}, n_j = (e_y, −e_x)
        the outward normal of the edge e = v_{j+1} − v_j."""
        vs = [(exact(v[0], "vertex"), exact(v[1], "vertex")) for v in vertices]
        rows = []
        for u, v in zip(vs, vs[1:] + vs[:1]):
            n = (v[1] - u[1], u[0] - v[0])
            rows.append((n[0], n[1], n[0] * u[0] + n[1] * u[1]))
        return cls(tuple(rows))

    def vertices(self) -> list[tuple[Fraction, ...]]:
        """Every vertex, exactly (d independent rows active, the point feasible), without repeats (computed once)."""
        if self._vertex_list is None:
            object.__setattr__(self, "_vertex_list", _vertices(self.rows, self.dim))
        return list(self._vertex_list)

    def _system_at(self, a: tuple[Fraction, ...], idx: int) -> tuple[tuple[int, ...], list, list | None]:
        """The ``idx``-th active set S (in the order :meth:`quadratic_argmin` tries them: by size, then
        lexicographically) as ``(S, G_S, (G_S diag(a)⁻¹ G_Sᵀ)⁻¹)``, the inverse exact (None when singular). Built when
        first reached and kept per (rows, a), shared by the polytopes with the same rows (the families rebuild them),
        so each KKT system is then a product. The inverse's columns solve M x = e_j exactly, so λ = M⁻¹ r is the exact
        solution of M λ = r, the same rationals elimination gives."""
        cache = self.__dict__.get("_system_cache")
        if cache is None:
            cache = self.__dict__["_system_cache"] = _shared_systems(self.rows)
        done = cache.setdefault(a, [])
        while len(done) <= idx:
            S = _subsets(len(self.rows), self.dim)[len(done)]
            k = len(S)
            Gs = [self._G(j) for j in S]
            M = [[sum((gi[t] * gj[t] / a[t] for t in range(self.dim)), Fraction(0)) for gj in Gs] for gi in Gs]
            cols = [_solve(M, [Fraction(int(i == j)) for i in range(k)]) for j in range(k)]
            inv = None if any(c is None for c in cols) else [[cols[j][i] for j in range(k)] for i in range(k)]
            done.append((S, Gs, inv))
        return done[idx]

    def quadratic_argmin(self, a: Sequence[Any], c: Sequence[Any]) -> tuple[Fraction, ...]:
        """argmin over Θ of ½(θ − c)ᵀdiag(a)(θ − c) (a > 0), exactly (module docstring)."""
        a = tuple(exact(v, "a") for v in a)
        c = [exact(v, "c") for v in c]
        if any(v <= 0 for v in a) or len(a) != self.dim or len(c) != self.dim:
            raise InvalidParameterError("a", "positive weights and a centre of the polytope's dimension")
        for idx in range(len(_subsets(len(self.rows), self.dim))):
            S, Gs, inv = self._system_at(a, idx)
            if inv is None:
                continue
            rhs = [sum((g[t] * c[t] for t in range(self.dim)), Fraction(0)) - self.rows[j][-1] for g, j in zip(Gs, S)]
            lam = [sum((m * r for m, r in zip(row, rhs)), Fraction(0)) for row in inv]
            if any(v < 0 for v in lam):
                continue
            theta = [c[t] - sum((lj * g[t] for lj, g in zip(lam, Gs)), Fraction(0)) / a[t] for t in range(self.dim)]
            if self._inside(theta):
                return tuple(theta)
        raise ArithmeticError("no KKT point found: the polytope is empty")  # unreachable for a valid polytope

    def project(self, theta: Any) -> np.ndarray:
        return np.asarray(self.quadratic_argmin([1] * self.dim, self._point(theta)), dtype=object)

    def diameter(self) -> sympy.Expr:
        vs = self.vertices()
        d2 = max(sum(((x - y) ** 2 for x, y in zip(u, v)), Fraction(0)) for u in vs for v in vs)
        return sympy.sqrt(sympy.Rational(d2.numerator, d2.denominator))

    def norm_bound(self) -> sympy.Expr:
        b2 = max(sum((x * x for x in v), Fraction(0)) for v in self.vertices())
        return sympy.sqrt(sympy.Rational(b2.numerator, b2.denominator))

    def extreme_point(self, direction: Any) -> np.ndarray:
        d = np.asarray(direction, dtype=np.float64).ravel()
        self._check_dim(d)
        return np.asarray(max(self.vertices(), key=lambda v: float(sum(float(x) * y for x, y in zip(v, d)))),
                          dtype=object)

    def centre(self, d: int | None = None) -> np.ndarray:
        self._dim(d)
        vs = self.vertices()
        return np.asarray([sum((v[t] for v in vs), Fraction(0)) / len(vs) for t in range(self.dim)], dtype=object)

    def farthest_point(self, d: int | None = None) -> np.ndarray:
        self._dim(d)
        return np.asarray(max(self.vertices(), key=lambda v: sum((x * x for x in v), Fraction(0))), dtype=object)

    def __str__(self) -> str:
        return f"Polytope({len(self.rows)} rows in ℝ^{self.dim})"
