"""Exact and rigorous numerics used by the retain-sensitivity mechanisms (``algorithms.retain*``).

* :class:`Real` — a real number as the sensitivity tables need it: an exact rational, the square root of
  one, an enclosure (python-flint ``arb`` ball, recomputed at the working precision), or +∞. Every
  comparison of the chain ``actual ≤ RS ≤ bound ≤ GS`` is decided on :meth:`Real.arb` with
  :func:`certunlearn.numeric.enclosure.decide`.
* Exact conversions (:func:`fractions_of`): floats and mpf convert to their exact binary value, strings
  as exact decimals (``"0.1"`` is 1/10).
* Symmetric eigenvalues of **rational** matrices, rigorously: :func:`count_below` counts eigenvalues
  below μ exactly (Sylvester's law of inertia on an exact ``LDLᵀ``), :func:`eigenvalue_bracket` returns
  rational ``lo ≤ λ_i ≤ hi`` around a 50+-digit approximation.
* Spectral projectors with a certified error (:func:`spectral_projector`): an exact rational orthogonal
  projector ``P̃`` onto a high-precision approximation of the top-k eigenspace, and a rational ``e²`` with
  ``‖P̃ − P_k(A)‖_F ≤ e`` from the residual form of the Davis–Kahan sinΘ theorem (Davis & Kahan 1970):
  if the Rayleigh quotient on ``range(P̃)`` has spectrum ≥ a and the complementary eigenvalues of A are
  ≤ b < a, then ``‖sinΘ‖_F ≤ ‖(I − P̃)AP̃‖_F/(a − b)`` and ``‖P̃ − P_k‖_F = √2‖sinΘ‖_F``.

This module imports only ``numeric`` and ``errors`` (and numpy, mpmath, flint).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy as np
from flint import arb, fmpq

from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ..parameters import exact_scalar as fraction_of  # one exact-scalar validator
from ...errors import InvalidParameterError
from ...numeric import linalg as la
from ...numeric.enclosure import arb_upper_float, to_arb
from ...numeric.precision import workdps, workprec

__all__ = [
    "Real", "fraction_of", "fractions_of", "interval", "count_below", "eigenvalue_bracket",
    "eigenvalue_enclosure", "spectral_projector", "upper_triangle", "dyadic_floor", "dyadic_ceil",
    "into_ball", "fraction_sqrt_upper", "rank", "exact_or_ball",
]


# =========================================================================== real numbers
@dataclass(frozen=True, eq=False)
class Real:
    """A real number known exactly or by a rigorous enclosure.

    ``kind``: ``"rational"`` (``q`` is the value), ``"sqrt"`` (the value is ``√q``, q ≥ 0 rational),
    ``"ball"`` (``fn()`` returns an arb ball containing the value at the current flint precision) or
    ``"inf"`` (+∞: a bound that does not exist, e.g. ``L/(nλ)`` at λ = 0). ``note`` says how it was
    obtained. Use :meth:`arb` for decisions and ``float(x)`` for display only."""

    kind: str
    q: Fraction | None = None
    fn: Callable[[], arb] | None = None
    note: str = ""

    @staticmethod
    def rational(q: Any, note: str = "") -> Real:
        return Real("rational", fraction_of(q, "value"), note=note)

    @staticmethod
    def sqrt(q: Any, note: str = "") -> Real:
        """``√q``; stored as a rational when q is the square of one."""
        q = fraction_of(q, "value")
        if q < 0:
            raise InvalidParameterError("value", f"square root of a negative number {q}")
        p, r = math.isqrt(q.numerator), math.isqrt(q.denominator)
        if p * p == q.numerator and r * r == q.denominator:
            return Real("rational", Fraction(p, r), note=note)
        return Real("sqrt", q, note=note)

    @staticmethod
    def ball(fn: Callable[[], arb], note: str = "") -> Real:
        return Real("ball", fn=fn, note=note)

    @staticmethod
    def infinity(note: str = "") -> Real:
        return Real("inf", note=note)

    @property
    def is_infinite(self) -> bool:
        return self.kind == "inf"

    @property
    def exact(self) -> Fraction | None:
        """The exact rational value, or None when the value is irrational or only enclosed."""
        return self.q if self.kind == "rational" else None

    def exact_or_enclosure(self) -> Fraction | Any:
        """The value in the most exact form the checker decides on: the ``Fraction`` when rational (an equality with a
        rational bound is then exact), ``sympy.sqrt(q)`` when the square root of a rational (an equality with a
        closed-form bound is then proved by :mod:`certunlearn.numeric.symbolic_equality`), else the enclosure
        :meth:`arb` (a ball, or +∞)."""
        if self.kind == "rational":
            return self.q
        if self.kind == "sqrt":
            import sympy

            return sympy.sqrt(sympy.Rational(self.q.numerator, self.q.denominator))
        return self.arb()

    def __truediv__(self, other: Real) -> Real:
        """``self/other``: exact (a rational or the square root of one) when both are exact and nonnegative (the
        quotient of their squares is rational), else an enclosure."""
        a, b = self._square(), other._square()
        if a is not None and b is not None and b != 0:
            return Real.sqrt(a / b, note="quotient")
        return Real.ball(lambda: self.arb() / other.arb(), note="quotient")

    def _square(self) -> Fraction | None:
        """The exact square of a nonnegative exact value, else None."""
        if self.kind == "sqrt":
            return self.q
        if self.kind == "rational" and self.q >= 0:
            return self.q * self.q
        return None

    def arb(self) -> arb:
        """An enclosure at the current flint precision (+∞ as an infinite ball)."""
        if self.kind == "rational":
            return arb(fmpq(self.q.numerator, self.q.denominator))
        if self.kind == "sqrt":
            return arb(fmpq(self.q.numerator, self.q.denominator)).sqrt()
        if self.kind == "inf":
            return arb.pos_inf()
        return +self.fn()

    def __float__(self) -> float:
        if self.kind == "rational":
            return float(self.q)
        if self.kind == "sqrt":
            return math.sqrt(self.q)
        if self.kind == "inf":
            return math.inf
        with workprec(128):
            return float(self.arb().mid())

    def upper(self) -> float:
        """A float ≥ the value (rigorous)."""
        if self.kind == "inf":
            return math.inf
        with workprec(128):
            return arb_upper_float(self.arb())

    def __repr__(self) -> str:
        if self.kind == "rational":
            return f"Real({self.q})"
        if self.kind == "sqrt":
            return f"Real(√({self.q}) ≈ {float(self):.12g})"
        if self.kind == "inf":
            return "Real(+∞)"
        return f"Real(≈ {float(self):.12g})"


def interval(lo: Fraction, hi: Fraction) -> arb:
    """The ball ``[lo, hi]`` (outward rounded) at the current precision."""
    mid = to_arb((lo + hi) / 2)
    rad = arb_upper_float(to_arb((hi - lo) / 2)) if hi != lo else 0.0
    return mid + arb(0, rad) if rad else mid


# =========================================================================== exact conversions
def exact_or_ball(expr: Any, env: dict[str, Any], note: str = "") -> Real:
    """The value of a sympy expression at ``env`` as a :class:`Real`: exact (rational, or the square root of a
    rational) when every value is exact — a Fraction, an int, or a bracket ``(lo, hi)`` with lo = hi — and an
    enclosure otherwise (brackets become balls; :class:`Real` values their enclosures)."""
    import sympy

    from ...numeric.sympy_arb import arb_eval

    expr = sympy.sympify(expr)
    exact: dict[str, Any] = {}
    for k, v in env.items():
        if isinstance(v, tuple) and len(v) == 2 and v[0] == v[1]:
            v = v[0]
        if isinstance(v, Real) and v.kind == "rational":
            v = v.q
        if isinstance(v, (int, *RATIONAL_TYPES)) and not isinstance(v, bool):
            exact[k] = sympy.Rational(Fraction(v).numerator, Fraction(v).denominator)
    if all(sym.name in exact for sym in expr.free_symbols):
        val = expr.subs({sym: exact[sym.name] for sym in expr.free_symbols})
        if val.is_Rational:
            return Real.rational(Fraction(int(val.p), int(val.q)), note=note)
        sq = sympy.simplify(val**2)
        if sq.is_Rational and val.is_nonnegative:
            return Real.sqrt(Fraction(int(sq.p), int(sq.q)), note=note)

    def enclose() -> arb:
        vals: dict[str, Any] = {}
        for k, v in env.items():
            if isinstance(v, tuple):
                vals[k] = interval(*v)
            elif isinstance(v, Real):
                vals[k] = v.arb()
            else:
                vals[k] = v
        return arb_eval(expr, vals)

    return Real.ball(enclose, note=note)


def fractions_of(values: Any, name: str, ndim: int | None = None) -> np.ndarray:
    """An object array of exact Fractions (floats exactly, strings as decimals); ``ndim`` is checked."""
    arr = values if isinstance(values, np.ndarray) else np.asarray(values, dtype=object)
    if ndim is not None and arr.ndim != ndim:
        raise InvalidParameterError(name, f"expected a {ndim}-dimensional array, got shape {arr.shape}")
    out = np.empty(arr.shape, dtype=object)
    for idx, v in np.ndenumerate(arr):
        out[idx] = fraction_of(v, name)
    return out


def dyadic_floor(q: Fraction, bits: int) -> Fraction:
    return Fraction(math.floor(q * 2**bits), 2**bits)


def dyadic_ceil(q: Fraction, bits: int) -> Fraction:
    return Fraction(math.ceil(q * 2**bits), 2**bits)


def fraction_sqrt_upper(q: Fraction, bits: int = 64) -> Fraction:
    """A dyadic rational ≥ √q."""
    if q < 0:
        raise InvalidParameterError("value", "square root of a negative number")
    s = math.isqrt(math.ceil(q * 4**bits))
    while Fraction(s * s, 4**bits) < q:
        s += 1
    return Fraction(s, 2**bits)


def into_ball(x: Any, radius: Fraction) -> np.ndarray:
    """``x`` (floats) as exact Fractions, scaled down (by a dyadic factor) until ``‖x‖ ≤ radius`` exactly."""
    q = np.asarray([Fraction(float(v)) for v in np.ravel(x)], dtype=object).reshape(np.shape(x))
    s = sum((v * v for v in q.flat), Fraction(0))
    r2 = radius * radius
    if s <= r2:
        return q
    factor = dyadic_floor(Fraction(float(radius) / math.sqrt(float(s))), 60)
    while sum((v * v for v in (q * factor).flat), Fraction(0)) > r2:
        factor -= Fraction(1, 2**40)
    return q * factor


def upper_triangle(P: np.ndarray) -> np.ndarray:
    """The entries ``P_ij``, ``i ≤ j``, row by row: the coordinates the PCA release perturbs (Lemma E.3)."""
    d = P.shape[0]
    return np.asarray([P[i, j] for i in range(d) for j in range(i, d)], dtype=P.dtype)


# =========================================================================== symmetric eigenvalues
def _as_rational_matrix(A: Any, name: str = "A") -> np.ndarray:
    M = fractions_of(A, name, ndim=2)
    if M.shape[0] != M.shape[1]:
        raise InvalidParameterError(name, f"expected a square matrix, got shape {M.shape}")
    for i in range(M.shape[0]):
        for j in range(i):
            if M[i, j] != M[j, i]:
                raise InvalidParameterError(name, "must be symmetric")
    return M


def count_below(A: np.ndarray, mu: Fraction) -> int | None:
    """The number of eigenvalues of the rational symmetric ``A`` that are ``< mu``, exactly: the negative
    pivots of ``A − μI = LDLᵀ`` (Sylvester's law of inertia). None when a pivot vanishes (μ may be an
    eigenvalue; the caller moves μ)."""
    d = A.shape[0]
    M = [[A[i, j] - (mu if i == j else 0) for j in range(d)] for i in range(d)]
    L = [[Fraction(0)] * d for _ in range(d)]
    D: list[Fraction] = []
    neg = 0
    for j in range(d):
        dj = M[j][j] - sum((L[j][k] ** 2 * D[k] for k in range(j)), Fraction(0))
        if dj == 0:
            return None
        D.append(dj)
        neg += dj < 0
        for i in range(j + 1, d):
            L[i][j] = (M[i][j] - sum((L[i][k] * L[j][k] * D[k] for k in range(j)), Fraction(0))) / dj
    return neg


def _count_moving(A: np.ndarray, mu: Fraction, step: Fraction, direction: int) -> tuple[int, Fraction]:
    for _ in range(64):
        c = count_below(A, mu)
        if c is not None:
            return c, mu
        mu += direction * step
        step /= 3
    raise ArithmeticError("could not find a nonsingular shift")  # pragma: no cover


def rank(A: np.ndarray) -> int:
    """The rank of a rational matrix (exact Gaussian elimination)."""
    rows = [list(r) for r in A]
    r = 0
    cols = len(rows[0]) if rows else 0
    for c in range(cols):
        p = next((i for i in range(r, len(rows)) if rows[i][c] != 0), None)
        if p is None:
            continue
        rows[r], rows[p] = rows[p], rows[r]
        for i in range(r + 1, len(rows)):
            f = rows[i][c] / rows[r][c]
            if f:
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[r])]
        r += 1
    return r


def _rational_eigenvalue(M: np.ndarray, approx: Fraction, index: int, tau: Fraction) -> Fraction | None:
    """``λ_index`` exactly when it is a simple-denominator rational q near ``approx``: q is an eigenvalue of
    multiplicity k = d − rank(M − qI), and exactly k eigenvalues lie within τ of q (counted by inertia)."""
    d = M.shape[0]
    for den in (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 25, 32, 50, 64, 100, 128, 1000, 1024, 10**4, 10**6):
        q = Fraction(round(approx * den), den)
        if abs(q - approx) > tau:
            continue
        k = d - rank(np.asarray([[M[i, j] - (q if i == j else 0) for j in range(d)] for i in range(d)], dtype=object))
        if k == 0:
            continue
        lo, hi = count_below(M, q - tau), count_below(M, q + tau)
        if lo is not None and hi is not None and hi - lo == k and lo <= index < hi:
            return q
    return None


def eigenvalue_bracket(A: Any, index: int, *, bits: int = 160) -> tuple[Fraction, Fraction]:
    """Rationals ``lo ≤ λ_index(A) ≤ hi`` (eigenvalues ascending, 0-based) of a rational symmetric matrix,
    proved by :func:`count_below`; ``hi − lo`` is about ``2^-bits`` times the scale of A."""
    M = _as_rational_matrix(A)
    d = M.shape[0]
    if not 0 <= index < d:
        raise InvalidParameterError("index", f"must be in [0, {d}), got {index}")
    dps = max(50, int(bits * 0.31) + 20)
    with workdps(dps):
        approx = la.eigvalsh(la.asarray(M, "mpmath"))[index]
        mid = la.to_mode(np.asarray([approx], dtype=object), "fraction")[0]
    scale = max(Fraction(1), max((abs(v) for v in M.flat), default=Fraction(1)))
    tau = scale / 2**bits
    exact = _rational_eigenvalue(M, mid, index, tau)
    if exact is not None:
        return exact, exact
    for _ in range(40):
        c_lo, lo = _count_moving(M, dyadic_floor(mid - tau, bits + 8), tau / 5, -1)
        c_hi, hi = _count_moving(M, dyadic_ceil(mid + tau, bits + 8), tau / 5, +1)
        if c_lo <= index and c_hi >= index + 1:
            return lo, hi
        tau *= 2**16
    raise ArithmeticError("eigenvalue bracket not found")  # pragma: no cover


def eigenvalue_enclosure(A: Any, index: int, *, bits: int = 160, note: str = "") -> Real:
    """:func:`eigenvalue_bracket` as a :class:`Real` ball (an exact rational when the bracket closes)."""
    lo, hi = eigenvalue_bracket(A, index, bits=bits)
    return Real.ball(lambda: interval(lo, hi), note=note or f"eigenvalue {index} in [{float(lo)!r}, {float(hi)!r}]")


# =========================================================================== spectral projectors
@dataclass(frozen=True, eq=False)
class Projector:
    """``P̃`` (an exact rational orthogonal projector of rank k) with ``‖P̃ − P_k(A)‖_F ≤ √err2``."""

    P: np.ndarray
    err2: Fraction
    separation: Fraction

    def error(self) -> Real:
        return Real.sqrt(self.err2, note="Davis–Kahan residual bound")


def _ldl_positive_definite(M: list[list[Fraction]]) -> bool:
    d = len(M)
    A = np.empty((d, d), dtype=object)
    for i in range(d):
        for j in range(d):
            A[i, j] = M[i][j]
    c = count_below(A, Fraction(0))
    return c == 0


def spectral_projector(A: Any, k: int, *, dps: int = 60) -> Projector:
    """The projector onto the eigenvectors of the ``k`` largest eigenvalues of the rational symmetric ``A``,
    as an exact rational orthogonal projector ``P̃`` with a certified Frobenius error (module doc).

    Raises InvalidParameterError(``k``) when ``λ_k(A) = λ_{k+1}(A)`` (the projector is not defined) or the
    separation cannot be certified at this precision."""
    M = _as_rational_matrix(A)
    d = M.shape[0]
    if not 1 <= k <= d:
        raise InvalidParameterError("k", f"must be in [1, {d}], got {k}")
    if k == d:
        return Projector(la.eye(d, "fraction"), Fraction(0), Fraction(0))
    with workdps(dps):
        E, V = mpmath.eigsy(mpmath.matrix([[mpmath.mpf(v.numerator) / v.denominator for v in row] for row in M]))
        order = sorted(range(d), key=lambda i: E[i], reverse=True)
        Q = np.empty((d, k), dtype=object)
        for c, i in enumerate(order[:k]):
            for r in range(d):
                Q[r, c] = la.to_mode(np.asarray([V[r, i]], dtype=object), "fraction")[0]
    G = Q.T @ Q
    Ginv = la.inv(G)
    P = Q @ Ginv @ Q.T
    # separation: a ≤ spectrum of the Rayleigh quotient on range(P̃), b ≥ λ_{k+1}(A)
    lo_k, _ = eigenvalue_bracket(M, d - k, bits=dps * 3)
    _, hi_k1 = eigenvalue_bracket(M, d - k - 1, bits=dps * 3)
    if lo_k <= hi_k1:
        raise InvalidParameterError("k", f"gap_k = λ_k − λ_(k+1) is not certified > 0 (λ_k ≥ {float(lo_k)!r}, "
                                         f"λ_(k+1) ≤ {float(hi_k1)!r}): the rank-{k} projector is not defined")
    C = Q.T @ M @ Q
    a = lo_k - (lo_k - hi_k1) / 2**(dps)  # just below λ_k: the Rayleigh spectrum is within ~10^-dps of it
    while not _ldl_positive_definite([[C[i, j] - a * G[i, j] for j in range(k)] for i in range(k)]):
        a -= (lo_k - hi_k1) / 4
        if a <= hi_k1:
            raise InvalidParameterError("k", "the approximate eigenspace is not separated: raise dps")
    res = (la.eye(d, "fraction") - P) @ M @ P
    r2 = sum((v * v for v in res.flat), Fraction(0))
    sep = a - hi_k1
    return Projector(P, 2 * r2 / (sep * sep), sep)
