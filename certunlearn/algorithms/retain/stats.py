"""Retain sensitivity of two statistics released passively: the median (Section 3.1) and the rank-k PCA
projector (Section 3.3). Paper file ``papers/004_d584c64aaf1f17d0.txt``; line numbers refer to it.

Both are passive mechanisms (Corollary 2.12, lines 127–129): the released vector is ``f(R ∪ U)`` in the
unlearning world and ``f(R)`` after retraining, each plus ``N(0, σ(R)²I)``.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import sympy
from flint import arb

from ...errors import AssumptionViolatedError, InvalidParameterError
from ...formulas.retain import (  # the printed formulas (re-exported where listed in __all__)
    MEDIAN_GS_EXPR, MEDIAN_RS_EXPR, PCA_BOUND_EXPR, PCA_BOUND_M_EXPR, PCA_GS_EXPR,
)
from ...numeric import linalg as la
from ...numeric.enclosure import arb_upper_float, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import DEFAULT_DPS, workdps
from ..parameters import iteration_count, positive
from .numeric import (
    Real, eigenvalue_bracket, exact_or_ball, fractions_of, into_ball, spectral_projector, upper_triangle,
)
from .sensitivity import (
    SYMBOLS, Mechanism, Quantity, RSResult, best_witness, deletion_size, maximize_in_balls,
)

__all__ = [
    "median", "Median", "median_brute_force_rs", "MEDIAN_RS_EXPR", "MEDIAN_GS_EXPR",
    "PCAProjector", "PCA_BOUND_EXPR", "PCA_BOUND_M_EXPR", "PCA_GS_EXPR",
]

_B, _n, _m, _gap, _k, _d = (SYMBOLS[s] for s in ("B", "n", "m", "gap", "k", "d"))
_x_lo, _x_mid, _x_hi = sympy.symbols("x_lo x_mid x_hi", nonnegative=True)


# =========================================================================== median
def median(values: Sequence[Fraction]) -> Fraction:
    """The median of Section 3.1 (line 147): ``x_(⌈n/2⌉)`` for odd n, ``(x_(n/2) + x_(n/2+1))/2`` for even n."""
    xs = sorted(values)
    n = len(xs)
    if n == 0:
        raise InvalidParameterError("R", "the median of an empty dataset is undefined")
    if n % 2:
        return xs[(n + 1) // 2 - 1]
    return (xs[n // 2 - 1] + xs[n // 2]) / 2


def _median_extension(xs: Sequence[Fraction], m: int, B: Fraction) -> Fraction:
    """``max(median(R ∪ {B}^m) − median(R), median(R) − median(R ∪ {0}^m))`` by order statistics (see Median)."""
    n, N = len(xs), len(xs) + m
    i1, i2 = (N + 1) // 2, N // 2 + 1  # ⌈N/2⌉, ⌊N/2⌋ + 1 (1-based)
    med = median(xs)

    def high(j: int) -> Fraction:  # order statistics of R ∪ {B}^m
        return xs[j - 1] if j <= n else B

    def low(j: int) -> Fraction:  # order statistics of R ∪ {0}^m
        return Fraction(0) if j <= m else xs[j - m - 1]

    return max((high(i1) + high(i2)) / 2 - med, med - (low(i1) + low(i2)) / 2)


@dataclass(frozen=True, eq=False)
class Median(Mechanism):
    """The median of data in ``[0, B]`` (Section 3.1, lines 143–157), released as a 1-vector.

    * exact RS (closed form, exact): the median of ``R ∪ Z`` is nondecreasing in every added point, so over
      the interval universe ``[0, B]`` its range is ``[median(R ∪ {0}^m), median(R ∪ {B}^m)]`` and
      ``RS_m(R) = max(median(R ∪ {B}^m) − median(R), median(R) − median(R ∪ {0}^m))``, evaluated directly;
      :func:`median_brute_force_rs` enumerates a finite universe instead (a check of this argument);
    * bound: Lemma C.1 (lines 421–431) as printed for odd n ≥ 3 and m = 1, ``½ max{x_(k+1) − x_(k),
      x_(k) − x_(k−1)}`` with ``k = (n+1)/2``; otherwise its extension by order statistics: with
      ``N = n + m``, ``x̄_(j) = x_(j)`` (j ≤ n) or B (j > n) — the order statistics of ``R ∪ {B}^m`` — and
      ``x̲_(j) = 0`` (j ≤ m) or ``x_(j−m)`` — those of ``R ∪ {0}^m`` —
      ``max(½(x̄_(⌈N/2⌉) + x̄_(⌊N/2⌋+1)) − med(R), med(R) − ½(x̲_(⌈N/2⌉) + x̲_(⌊N/2⌋+1)))``; for odd n, m = 1
      this is Lemma C.1's formula (i.e. the paper's even-n and m > 1 "analogous" cases, footnote 2);
    * global: ``B/2`` for m = 1 (Lemma 3.1's proof, line 153); for m > 1 the exact maximum over datasets of
      size n: the shifts are linear in the sorted data, so the maximum is at a vertex ``(0^t, B^(n−t))`` of
      the order simplex, enumerated (kind "exact" over ``[0, B]^n``; B for m ≥ 2 and odd n).
    """

    B: Any
    name: ClassVar[str] = "median"
    source: ClassVar[str] = "Section 3.1; Lemma 3.1 (lines 149–155), Lemma C.1 (lines 421–431)"
    norm: ClassVar[str] = "absolute value of the median"

    def __post_init__(self) -> None:
        object.__setattr__(self, "B", positive(self.B, "B"))

    def _values(self, values: Any, name: str) -> list[Fraction]:
        arr = fractions_of(np.asarray(values, dtype=object).reshape(-1), name, ndim=1)
        for i, v in enumerate(arr):
            if not 0 <= v <= self.B:
                raise AssumptionViolatedError("x ∈ [0, B]", f"{name}[{i}] = {float(v)!r} is outside [0, {self.B}]")
        return list(arr)

    def prepare(self, R: Any) -> list[Fraction]:
        xs = self._values(R, "R")
        if not xs:
            raise InvalidParameterError("R", "the retained dataset is empty")
        return xs

    def deletion(self, R: Any, U: Any) -> list[Fraction]:
        us = self._values(U, "U")
        if not us:
            raise InvalidParameterError("U", "the deletion set is empty")
        return us

    def size(self, U: Any) -> int:
        return len(U)

    def baseline(self, R: Any) -> np.ndarray:
        return np.asarray([median(self.prepare(R))], dtype=object)

    def update(self, R: Any, U: Any) -> np.ndarray:
        R = self.prepare(R)
        return np.asarray([median(R + self.deletion(R, U))], dtype=object)

    def shift(self, R: Any, U: Any) -> Real:
        R = self.prepare(R)
        return Real.rational(abs(median(R + self.deletion(R, U)) - median(R)))

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        R, m = self.prepare(R), deletion_size(m)
        med = median(R)
        up, down = median(R + [self.B] * m) - med, med - median(R + [Fraction(0)] * m)
        witness = [self.B] * m if up >= down else [Fraction(0)] * m
        return RSResult(Real.rational(max(up, down)), "exact",
                        "closed form: the median is monotone in each added point, extremes at Z = {0}^m, {B}^m",
                        witness)

    def bound(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        xs, n = sorted(R), len(R)
        if m == 1 and n % 2 == 1 and n >= 3:
            k = (n + 1) // 2
            v = MEDIAN_RS_EXPR.subs({_x_lo: _rat(xs[k - 2]), _x_mid: _rat(xs[k - 1]), _x_hi: _rat(xs[k])})
            return Quantity(Real.rational(Fraction(int(v.p), int(v.q))), "Lemma C.1 (lines 421–431), as printed")
        return Quantity(Real.rational(_median_extension(xs, m, self.B)),
                        "order-statistics extension of Lemma C.1 (even n or m > 1; see Median)")

    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        if m == 1:
            return Quantity(Real.rational(self.B / 2), "Lemma 3.1's proof (line 153): GS = B/2", "exact")
        n = len(R)
        best = max(_median_extension([Fraction(0)] * t + [self.B] * (n - t), m, self.B) for t in range(n + 1))
        return Quantity(Real.rational(best), f"exact over [0, B]^{n}: vertices of the order simplex", "exact")


def _rat(q: Fraction) -> sympy.Rational:
    return sympy.Rational(q.numerator, q.denominator)


def median_brute_force_rs(R: Any, universe: Sequence[Any], m: int = 1, *, B: Any = None) -> RSResult:
    """``RS_m(R)`` of the median over a **finite** universe, by enumerating every multiset Z of size m of
    ``universe`` (exact Fractions). With ``B`` given, points are checked to lie in ``[0, B]``."""
    m = deletion_size(m)
    xs = list(fractions_of(np.asarray(R, dtype=object).reshape(-1), "R", ndim=1))
    pts = sorted(set(fractions_of(np.asarray(universe, dtype=object).reshape(-1), "universe", ndim=1)))
    if not xs or not pts:
        raise InvalidParameterError("R" if not xs else "universe", "is empty")
    if B is not None:
        Median(B).prepare(xs + pts)
    med = median(xs)
    best, witness, count = Fraction(-1), None, 0
    for Z in itertools.combinations_with_replacement(pts, m):
        count += 1
        s = abs(median(xs + list(Z)) - med)
        if s > best:
            best, witness = s, list(Z)
    return RSResult(Real.rational(best), "exact", f"brute force over the {count} multisets of size {m} of a "
                                                  f"{len(pts)}-point universe", witness)


# =========================================================================== PCA
def _top_k_float(S: np.ndarray, k: int) -> np.ndarray:
    w, V = np.linalg.eigh(S)
    Vk = V[:, np.argsort(w)[::-1][:k]]
    return Vk @ Vk.T


@dataclass(frozen=True, eq=False)
class PCAProjector(Mechanism):
    """The rank-k projector ``P_k(Σ̂_R)``, ``Σ̂_R = RᵀR/n`` (uncentred, as printed, line 192), of rows with
    ``‖x‖ ≤ B`` (Section 3.3, lines 188–206), released as its upper-triangular entries ``P_ij, i ≤ j`` with
    i.i.d. noise (Lemma E.3, lines 521–529; the final re-projection is post-processing and not modelled).

    * projectors are computed exactly-with-certificate (:func:`~.numeric.spectral_projector`: a rational
      projector within a proved Frobenius distance ≈ 10^-(dps) of the true one, dps = 60), so every shift is an enclosure;
    * exact RS over the continuous universe ``‖x‖ ≤ B``: a certified **lower bound** — multistart search
      (structured starts ``±B v_i`` and ``B(v_k ± v_(k+1))/√2`` from the eigenvectors of Σ̂_R, random starts,
      the given U) in float, then the best witnesses re-evaluated rigorously;
    * bound: Lemma 3.4 / E.2 (lines 198–204, 503–519) as printed, ``2√2 B²/((n + 1) gap_k(R))``; for m points
      the same proof gives ``Σ̂_(R∪Z) − Σ̂_R = (Σ_z zzᵀ − mΣ̂_R)/(n + m)``, of Frobenius norm ≤ 2mB²/(n + m)
      (``‖zzᵀ‖_F = ‖z‖² ≤ B²``, ``‖Σ̂_R‖_F ≤ B²``), and Lemma E.1 (lines 497–501) as printed gives
      ``2√2 m B²/((n + m) gap_k(R))`` (:data:`PCA_BOUND_M_EXPR`). An infinite bound is reported when the gap
      is 0 (the lemma's hypothesis ``gap_k(R) > 0`` fails);
    * global: ``√(2 min(k, d − k))``, the largest Frobenius distance between rank-k projectors (an upper bound
      on the released norm; the paper only says the GS "can be unbounded", line 190).
    """

    k: int
    B: Any
    random_starts: int = 4
    dps: int = 60
    name: ClassVar[str] = "pca"
    source: ClassVar[str] = "Section 3.3; Lemma 3.4 (lines 198–204), Lemmas E.1–E.3 (lines 497–529)"
    norm: ClassVar[str] = "ℓ2 norm of the upper-triangular entries P_ij, i ≤ j (Lemma E.3)"

    def __post_init__(self) -> None:
        object.__setattr__(self, "B", positive(self.B, "B"))
        k = iteration_count(self.k, "k")
        if k < 1:
            raise InvalidParameterError("k", "the rank must be ≥ 1")
        object.__setattr__(self, "k", k)
        iteration_count(self.random_starts, "random_starts")

    def _rows(self, X: Any, name: str) -> np.ndarray:
        A = fractions_of(X, name, ndim=2)
        if A.shape[0] == 0 or A.shape[1] == 0:
            raise InvalidParameterError(name, f"expected a non-empty n×d array, got shape {A.shape}")
        if not self.k < A.shape[1]:
            raise InvalidParameterError("k", f"must be < d = {A.shape[1]}, got {self.k}")
        for i, row in enumerate(A):
            if sum((v * v for v in row), Fraction(0)) > self.B**2:
                raise AssumptionViolatedError("‖x‖ ≤ B", f"row {i} of {name} has norm > B = {self.B}")
        return A

    def prepare(self, R: Any) -> np.ndarray:
        return self._rows(R, "R")

    def deletion(self, R: Any, U: Any) -> np.ndarray:
        A = self._rows(U, "U")
        if A.shape[1] != R.shape[1]:
            raise InvalidParameterError("U", f"points have dimension {A.shape[1]}, R has {R.shape[1]}")
        return A

    def size(self, U: Any) -> int:
        return int(U.shape[0])

    @staticmethod
    def covariance(R: np.ndarray) -> np.ndarray:
        """``Σ̂_R = RᵀR/n`` exactly."""
        return R.T @ R / R.shape[0]

    def projector(self, R: np.ndarray):
        """The certified rank-k projector of ``Σ̂_R`` (:func:`~.numeric.spectral_projector`)."""
        return spectral_projector(self.covariance(R), self.k, dps=self.dps)

    def baseline(self, R: Any) -> np.ndarray:
        with workdps(DEFAULT_DPS):
            return la.asarray(upper_triangle(self.projector(self.prepare(R)).P), "mpmath")

    def update(self, R: Any, U: Any) -> np.ndarray:
        R = self.prepare(R)
        S = np.concatenate([R, self.deletion(R, U)])
        with workdps(DEFAULT_DPS):
            return la.asarray(upper_triangle(self.projector(S).P), "mpmath")

    def _shift_exact(self, R: np.ndarray, U: np.ndarray, P0=None) -> Real:
        P0 = P0 or self.projector(R)
        P1 = self.projector(np.concatenate([R, U]))
        diff = upper_triangle(P1.P - P0.P)
        q = sum((v * v for v in diff), Fraction(0))
        e0, e1 = P0.err2, P1.err2

        def enclose() -> arb:
            rad = to_arb(e0).sqrt() + to_arb(e1).sqrt()
            return to_arb(q).sqrt() + arb(0, arb_upper_float(rad))

        return Real.ball(enclose, note="certified projectors (Davis–Kahan residual bound)")

    def shift(self, R: Any, U: Any) -> Real:
        R = self.prepare(R)
        return self._shift_exact(R, self.deletion(R, U))

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        R, m = self.prepare(R), deletion_size(m)
        n, d = R.shape
        G = np.asarray(R.T @ R, dtype=float)
        P0f = _top_k_float(G / n, self.k)
        iu = np.triu_indices(d)

        def objective(X: np.ndarray) -> float:
            return float(np.linalg.norm((_top_k_float((G + X.T @ X) / (n + m), self.k) - P0f)[iu]))

        w, V = np.linalg.eigh(G / n)
        V = V[:, np.argsort(w)[::-1]]
        B = float(self.B)
        dirs = [V[:, i] for i in range(d)]
        j = self.k - 1
        dirs += [(V[:, j] + V[:, j + 1]) / math.sqrt(2), (V[:, j] - V[:, j + 1]) / math.sqrt(2)]
        starts = [np.tile(B * u, (m, 1)) for u in dirs]
        if include is not None:
            U = self.deletion(R, include)
            if U.shape[0] != m:
                raise InvalidParameterError("include", f"has {U.shape[0]} points, m = {m}")
            starts.append(np.asarray(U, dtype=float))
        g = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng if rng is not None else 0)
        found = maximize_in_balls(objective, (m, d), B, starts, rng=g, random_starts=self.random_starts)
        P0 = self.projector(R)
        cands = []
        for _, X in found:
            Z = np.stack([into_ball(x, self.B) for x in X])
            try:
                cands.append((self._shift_exact(R, Z, P0), Z))
            except InvalidParameterError:  # a witness on a tie of λ_k(Σ̂_(R∪Z)): projector undefined
                continue
        inc = (self._shift_exact(R, U, P0), U) if include is not None else None
        return best_witness(cands, inc, method=f"multistart ({len(starts) + self.random_starts} starts, Powell) "
                                                "over ‖x‖ ≤ B, witnesses evaluated rigorously")

    def gap(self, R: Any) -> tuple[Fraction, Fraction]:
        """Rational ``lo ≤ gap_k(R) = λ_k(Σ̂_R) − λ_(k+1)(Σ̂_R) ≤ hi`` (eigenvalues descending)."""
        R = self.prepare(R)
        S, d = self.covariance(R), R.shape[1]
        lk, hk = eigenvalue_bracket(S, d - self.k)
        lk1, hk1 = eigenvalue_bracket(S, d - self.k - 1)
        return lk - hk1, hk - lk1

    def bound(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        n = R.shape[0]
        lo, hi = self.gap(R)
        expr, src = (PCA_BOUND_EXPR, "Lemma 3.4 / E.2 (lines 198–204, 503–519), as printed") if m == 1 else \
            (PCA_BOUND_M_EXPR, "m-point extension of Lemma E.2: 2√2·m·B²/((n + m)·gap_k(R))")
        if hi <= 0 or lo <= 0 and hi <= Fraction(1, 2**100):
            return Quantity(Real.infinity(note="gap_k(R) = 0"), src + " — gap_k(R) = 0: no bound")
        lo = max(lo, Fraction(0))
        env = {"B": self.B, "n": n, "m": m}
        return Quantity(exact_or_ball(expr, {**env, "gap": (lo, hi)}), src)

    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        d = R.shape[1]
        return Quantity(Real.sqrt(2 * min(self.k, d - self.k)),
                        "max ‖P − P'‖_F = √(2 min(k, d − k)) over rank-k projectors (paper: 'can be unbounded', "
                        "line 190)", "upper-bound")
