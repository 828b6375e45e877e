"""Convex parameter domains Θ.

The descent-to-delete paper (``papers/002_7f80bf4846a5a6af.txt``) works on "a convex and closed subset Θ
of R^d" with diameter ``D = sup ‖θ − θ'‖`` (§2.1, line 117) and projected gradient descent
``θ_t = Proj_Θ(θ_{t−1} − η ∇h(θ_{t−1}))`` (§2.4, lines 159–163); §3.2 (line 273) also uses
``sup_{θ∈Θ} ‖θ‖ ≤ D`` when ``0 ∈ Θ``. A domain here gives exactly that: a projection (through
:mod:`certunlearn.numeric.linalg`, in every number mode), exact membership, the diameter ``D`` and the
norm bound ``B = sup_{θ∈Θ} ‖θ‖`` as exact sympy numbers.

Parameters (radius, centre, box bounds) are stored as exact Fractions (floats convert exactly; pass
decimal strings such as ``"0.1"`` for decimals). Membership is decided exactly: the point is converted
to Fractions (floats and mpf are dyadic rationals), never compared with a float tolerance.
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy

from ..errors import InvalidParameterError
from ..numeric import linalg as la
from ..numeric.fraction import Fraction

__all__ = ["Domain", "Ball", "Box", "Whole", "exact", "rational_unit"]


def exact(value: Any, name: str = "value") -> Fraction:
    """``value`` as an exact Fraction (ints, Fractions, floats exactly, decimal strings, mpf exactly,
    sympy rationals); NaN, infinities and irrationals are refused naming ``name``."""
    if isinstance(value, bool):
        raise InvalidParameterError(name, "a boolean is not a number")
    if isinstance(value, sympy.Basic):
        if not value.is_Rational:
            raise InvalidParameterError(name, f"{value} is not an exact rational")
        return Fraction(int(value.p), int(value.q))
    if isinstance(value, (float, np.floating)) and not math.isfinite(float(value)):
        raise InvalidParameterError(name, f"{value} is not finite")
    try:
        return la.to_mode(np.asarray(value, dtype=object), "fraction")[()]
    except (TypeError, ValueError, ArithmeticError) as e:
        raise InvalidParameterError(name, f"{value!r} is not a finite real number") from e


def _exact_vector(values: Any, name: str) -> tuple[Fraction, ...]:
    arr = np.asarray(values, dtype=object)
    if arr.ndim != 1:
        raise InvalidParameterError(name, f"expected a vector, got shape {arr.shape}")
    return tuple(exact(v, name) for v in arr)


def _exact_point(theta: Any) -> np.ndarray | None:
    """``theta`` as an exact Fraction vector, or None if some entry is not a finite real."""
    arr = np.asarray(theta, dtype=object)
    try:
        return np.asarray([exact(v) for v in arr.ravel()], dtype=object).reshape(arr.shape)
    except InvalidParameterError:
        return None


def _sympy_sqrt_of(q: Fraction) -> sympy.Expr:
    return sympy.sqrt(sympy.Rational(q.numerator, q.denominator))


def rational_unit(direction: Any, bits: int = 40) -> np.ndarray:
    """A Fraction vector *exactly* on the unit sphere, within about ``2^-bits`` of ``direction/‖direction‖``.

    Inverse stereographic projection of a dyadic point: with ``j`` the largest coordinate of the
    direction (sign ``s``) and ``u`` the other coordinates divided by ``1 + |v_j|`` and rounded to
    ``2^-bits``, the point ``(2u, s(1 − |u|²)) / (1 + |u|²)`` has norm exactly 1.
    """
    v = np.asarray(direction, dtype=np.float64).ravel()
    if v.size == 0 or not np.all(np.isfinite(v)) or not np.any(v):
        raise InvalidParameterError("direction", "needs a finite non-zero direction")
    v = v / np.linalg.norm(v)
    j = int(np.argmax(np.abs(v)))
    s = 1 if v[j] >= 0 else -1
    scale = 2**bits
    u = [Fraction(round(float(v[i]) / (1 + abs(float(v[j]))) * scale), scale) for i in range(v.size) if i != j]
    q = sum((t * t for t in u), Fraction(0))
    out, k = [], 0
    for i in range(v.size):
        if i == j:
            out.append(s * (1 - q) / (1 + q))
        else:
            out.append(2 * u[k] / (1 + q))
            k += 1
    return np.asarray(out, dtype=object)


class Domain(ABC):
    """A closed convex set Θ ⊆ R^d."""

    dim: int | None

    @abstractmethod
    def project(self, theta: Any) -> np.ndarray:
        """Euclidean projection onto Θ, in the mode of ``theta`` (object modes may promote Fraction to
        mpmath where the projection is irrational, as :func:`~certunlearn.numeric.linalg.project_ball`)."""

    @abstractmethod
    def contains(self, theta: Any) -> bool:
        """Whether ``theta`` lies in Θ, decided exactly (no tolerance)."""

    @abstractmethod
    def diameter(self) -> sympy.Expr:
        """``D = sup_{θ,θ'∈Θ} ‖θ − θ'‖`` (d2d line 117), exact (``oo`` if unbounded)."""

    @abstractmethod
    def norm_bound(self) -> sympy.Expr:
        """``B = sup_{θ∈Θ} ‖θ‖``, exact (``oo`` if unbounded)."""

    @abstractmethod
    def extreme_point(self, direction: Any) -> np.ndarray:
        """A Fraction point of Θ (exactly inside) (nearly) maximising ``⟨direction, θ⟩``."""

    @abstractmethod
    def centre(self, d: int) -> np.ndarray:
        """A Fraction point of Θ (its centre, or the origin)."""

    def farthest_point(self, d: int | None = None) -> np.ndarray:
        """A Fraction point of Θ (nearly) maximising ``‖θ‖``."""
        d = self._dim(d)
        c = self.centre(d)
        direction = np.asarray(c, dtype=float) if any(c) else np.eye(d)[0]
        return self.extreme_point(direction)

    def _dim(self, d: int | None) -> int:
        if self.dim is not None:
            if d is not None and d != self.dim:
                raise InvalidParameterError("dim", f"the domain has dimension {self.dim}, not {d}")
            return self.dim
        if d is None:
            raise InvalidParameterError("dim", "this domain has no fixed dimension; pass one")
        return d

    def _check_dim(self, theta: Any) -> None:
        n = np.shape(theta)
        if len(n) != 1:
            raise InvalidParameterError("theta", f"expected a vector, got shape {n}")
        if self.dim is not None and n[0] != self.dim:
            raise InvalidParameterError("theta", f"has dimension {n[0]}, the domain {self.dim}")


@dataclass(frozen=True)
class Ball(Domain):
    """The Euclidean ball ``{θ : ‖θ − center‖ ≤ radius}`` (centre the origin by default, of any
    dimension unless ``dim`` or ``center`` fixes it)."""

    radius: Fraction
    center: tuple[Fraction, ...] | None = None
    dim: int | None = None

    def __post_init__(self) -> None:
        r = exact(self.radius, "radius")
        if r < 0:
            raise InvalidParameterError("radius", f"must be ≥ 0, got {r}")
        object.__setattr__(self, "radius", r)
        if self.center is not None:
            c = _exact_vector(self.center, "center")
            if self.dim is not None and len(c) != self.dim:
                raise InvalidParameterError("center", f"has dimension {len(c)}, not dim={self.dim}")
            object.__setattr__(self, "center", c)
            object.__setattr__(self, "dim", len(c))
        if self.dim is not None and (not isinstance(self.dim, int) or self.dim < 1):
            raise InvalidParameterError("dim", f"must be a positive integer, got {self.dim!r}")

    def _center_in(self, mode: str, d: int) -> np.ndarray | None:
        if self.center is None:
            return None
        return la.asarray(np.asarray(self.center, dtype=object), mode)

    def project(self, theta: Any) -> np.ndarray:
        self._check_dim(theta)
        mode = la.mode_of(theta)
        r = la.asarray(self.radius, mode)[()]
        return la.project_ball(theta, r, self._center_in(mode, len(theta)))

    def contains(self, theta: Any) -> bool:
        self._check_dim(theta)
        t = _exact_point(theta)
        if t is None:
            return False
        if self.center is not None:
            t = t - np.asarray(self.center, dtype=object)
        return la.sqnorm(t) <= self.radius * self.radius

    def diameter(self) -> sympy.Expr:
        return 2 * sympy.Rational(self.radius.numerator, self.radius.denominator)

    def norm_bound(self) -> sympy.Expr:
        r = sympy.Rational(self.radius.numerator, self.radius.denominator)
        if self.center is None:
            return r
        return r + _sympy_sqrt_of(sum((c * c for c in self.center), Fraction(0)))

    def centre(self, d: int | None = None) -> np.ndarray:
        d = self._dim(d)
        if self.center is None:
            return la.zeros(d, "fraction")
        return np.asarray(self.center, dtype=object)

    def extreme_point(self, direction: Any) -> np.ndarray:
        u = rational_unit(direction)
        self._check_dim(u)
        return self.centre(len(u)) + self.radius * u

    def __str__(self) -> str:
        c = "0" if self.center is None else "(" + ", ".join(map(str, self.center)) + ")"
        return f"Ball(radius={self.radius}, center={c})"


@dataclass(frozen=True)
class Box(Domain):
    """The box ``{θ : lo ≤ θ ≤ hi}`` coordinatewise; ``lo``/``hi`` are vectors, or scalars with ``dim``."""

    lo: tuple[Fraction, ...]
    hi: tuple[Fraction, ...]
    dim: int | None = None

    def __post_init__(self) -> None:
        lo, hi = np.asarray(self.lo, dtype=object), np.asarray(self.hi, dtype=object)
        if lo.ndim == 0 and hi.ndim == 0:
            if self.dim is None:
                raise InvalidParameterError("dim", "scalar box bounds need dim")
            lo, hi = np.full(self.dim, lo[()], dtype=object), np.full(self.dim, hi[()], dtype=object)
        elif lo.ndim == 0:
            lo = np.full(hi.shape, lo[()], dtype=object)
        elif hi.ndim == 0:
            hi = np.full(lo.shape, hi[()], dtype=object)
        lo_t, hi_t = _exact_vector(lo, "lo"), _exact_vector(hi, "hi")
        if len(lo_t) != len(hi_t) or len(lo_t) == 0:
            raise InvalidParameterError("hi", f"lo and hi have lengths {len(lo_t)} and {len(hi_t)}")
        if self.dim is not None and self.dim != len(lo_t):
            raise InvalidParameterError("dim", f"bounds have length {len(lo_t)}, not dim={self.dim}")
        bad = [i for i, (a, b) in enumerate(zip(lo_t, hi_t)) if a > b]
        if bad:
            raise InvalidParameterError("lo", f"empty box: lo > hi in coordinate {bad[0]}")
        object.__setattr__(self, "lo", lo_t)
        object.__setattr__(self, "hi", hi_t)
        object.__setattr__(self, "dim", len(lo_t))

    def _bounds(self, mode: str) -> tuple[np.ndarray, np.ndarray]:
        return (la.asarray(np.asarray(self.lo, dtype=object), mode),
                la.asarray(np.asarray(self.hi, dtype=object), mode))

    def project(self, theta: Any) -> np.ndarray:
        self._check_dim(theta)
        lo, hi = self._bounds(la.mode_of(theta))
        return la.project_box(theta, lo, hi)

    def contains(self, theta: Any) -> bool:
        self._check_dim(theta)
        t = _exact_point(theta)
        return t is not None and all(a <= v <= b for a, v, b in zip(self.lo, t, self.hi))

    def diameter(self) -> sympy.Expr:
        return _sympy_sqrt_of(sum(((b - a) ** 2 for a, b in zip(self.lo, self.hi)), Fraction(0)))

    def norm_bound(self) -> sympy.Expr:
        return _sympy_sqrt_of(sum((max(a * a, b * b) for a, b in zip(self.lo, self.hi)), Fraction(0)))

    def centre(self, d: int | None = None) -> np.ndarray:
        self._dim(d)
        return np.asarray([(a + b) / 2 for a, b in zip(self.lo, self.hi)], dtype=object)

    def extreme_point(self, direction: Any) -> np.ndarray:
        v = np.asarray(direction, dtype=np.float64).ravel()
        self._check_dim(v)
        return np.asarray([b if t > 0 else a if t < 0 else (a + b) / 2
                           for a, b, t in zip(self.lo, self.hi, v)], dtype=object)

    def farthest_point(self, d: int | None = None) -> np.ndarray:
        self._dim(d)
        return np.asarray([a if a * a > b * b else b for a, b in zip(self.lo, self.hi)], dtype=object)

    def __str__(self) -> str:
        return f"Box(lo=({', '.join(map(str, self.lo))}), hi=({', '.join(map(str, self.hi))}))"


@dataclass(frozen=True)
class Whole(Domain):
    """All of R^d (unconstrained): projection is the identity, D = B = ∞."""

    dim: int | None = None

    def project(self, theta: Any) -> np.ndarray:
        self._check_dim(theta)
        return la.asarray(theta, la.mode_of(theta)).copy()

    def contains(self, theta: Any) -> bool:
        self._check_dim(theta)
        return _exact_point(theta) is not None

    def diameter(self) -> sympy.Expr:
        return sympy.oo

    def norm_bound(self) -> sympy.Expr:
        return sympy.oo

    def centre(self, d: int | None = None) -> np.ndarray:
        return la.zeros(self._dim(d), "fraction")

    def extreme_point(self, direction: Any) -> np.ndarray:
        raise InvalidParameterError("domain", "the whole space has no extreme points")

    def farthest_point(self, d: int | None = None) -> np.ndarray:
        raise InvalidParameterError("domain", "the whole space is unbounded")

    def __str__(self) -> str:
        return "Whole()" if self.dim is None else f"Whole(dim={self.dim})"
