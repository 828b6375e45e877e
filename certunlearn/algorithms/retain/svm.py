"""Retain sensitivity of the hard-margin SVM released passively (Section 3.4, lines 208–220; Appendix F,
lines 549–581 of ``papers/004_d584c64aaf1f17d0.txt``), linear kernel, no bias, solved exactly in rationals.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import sympy

from ...errors import AssumptionViolatedError, InvalidParameterError
from ...formulas.retain import (  # the printed formulas (re-exported where listed in __all__)
    SVM_BOUND_EXPR, SVM_GS_EXPR,
)
from ...numeric import linalg as la
from ...numeric.fraction import Fraction
from .erm import Labeled, labeled
from .numeric import Real
from .sensitivity import SYMBOLS, Mechanism, Quantity, RSResult, deletion_size

__all__ = ["SVMSolution", "hard_margin_svm", "HardMarginSVM", "SVM_BOUND_EXPR", "SVM_GS_EXPR"]

_gamma, _gammaR = SYMBOLS["gamma"], SYMBOLS["gamma_R"]


# =========================================================================== hard-margin SVM
@dataclass(frozen=True, eq=False)
class SVMSolution:
    """``w = argmin ½‖w‖² s.t. y_i⟨w, x_i⟩ ≥ 1`` exactly: ``w``, the multipliers ``alpha`` on the rows
    ``support`` (``w = Σ α_i y_i x_i``, α ≥ 0, linearly independent rows) and the ``tight`` rows
    (``y_i⟨w, x_i⟩ = 1``: the points on the margin)."""

    w: np.ndarray
    support: tuple[int, ...]
    alpha: tuple[Fraction, ...]
    tight: tuple[int, ...]

    @property
    def sqnorm(self) -> Fraction:
        return sum((v * v for v in self.w), Fraction(0))


def _kkt(A: np.ndarray, S: Sequence[int]) -> SVMSolution | None:
    AS = A[list(S)]
    try:
        alpha = la.solve(AS @ AS.T, la.full(len(S), 1, "fraction"))
    except la.LinAlgError:
        return None
    if any(a < 0 for a in alpha):
        return None
    w = AS.T @ alpha
    margins = A @ w
    if any(v < 1 for v in margins):
        return None
    return SVMSolution(w, tuple(S), tuple(alpha), tuple(i for i, v in enumerate(margins) if v == 1))


def _float_active_set(A: np.ndarray, sweeps: int = 200) -> list[int]:
    """A guess of the margin rows: coordinate ascent on the dual ``max Σα − ½‖Aᵀα‖², α ≥ 0`` in float."""
    n, _ = A.shape
    alpha, w = np.zeros(n), np.zeros(A.shape[1])
    norms = np.einsum("ij,ij->i", A, A)
    for _ in range(sweeps):
        moved = 0.0
        for i in range(n):
            if norms[i] == 0:
                continue
            new = max(0.0, alpha[i] + (1.0 - A[i] @ w) / norms[i])
            w += (new - alpha[i]) * A[i]
            moved = max(moved, abs(new - alpha[i]))
            alpha[i] = new
        if moved < 1e-13:  # converged: later sweeps change nothing (a guess only; the KKT check is exact)
            break
    return [i for i in range(n) if alpha[i] > 1e-9 or abs(A[i] @ w - 1) < 1e-7]


def hard_margin_svm(X: Any, y: Any) -> SVMSolution:
    """The hard-margin linear SVM without bias (Section 3.4, line 212, linear kernel), **exactly**: the optimum
    has a KKT representation on ≤ d linearly independent margin rows (Carathéodory), found by trying active
    sets — first those suggested by float coordinate ascent on the dual, then all — and verified by the exact KKT
    conditions (α ≥ 0, all margins ≥ 1). InvalidParameterError when the data are not separable through 0."""
    D = labeled((X, y), "R")
    for i, v in enumerate(D.y):
        if v not in (1, -1):
            raise AssumptionViolatedError("y ∈ {−1, +1}", f"label {i} is {v}")
    A = D.X * D.y[:, None]
    n, d = A.shape
    guess = _float_active_set(np.asarray(A, dtype=float))
    tried = set()
    for pool in (guess, list(range(n))):
        for size in range(1, min(d, len(pool)) + 1):
            for S in itertools.combinations(pool, size):
                if S in tried:
                    continue
                tried.add(S)
                sol = _kkt(A, S)
                if sol is not None:
                    return sol
    raise InvalidParameterError("R", "the data are not linearly separable through the origin (no hard-margin SVM)")


@dataclass(frozen=True, eq=False)
class HardMarginSVM(Mechanism):
    """The hard-margin linear SVM ``w_R`` (Section 3.4, lines 208–220), released as ``w_R ∈ ℝ^d``, with the
    distribution support ``supp(D)`` a **finite** labelled set (``support``); its true margin is
    ``γ = 1/‖w_supp‖`` (Lemma F.1, lines 553–563) and R must be a subset of it (so ``γ_R ≥ γ``).

    * exact RS (exact, brute force): every set of m distinct support points is added;
    * bound: Lemma F.2 (lines 565–581) as printed, ``√(1/γ² − 1/γ_R²)``, ``γ_R = 1/‖w_R‖``; its proof never
      uses |Z| = 1 (``w_R'`` is feasible for R whatever Z ⊆ supp is added), so the same bound holds for every m;
    * global: ``1/γ`` (Lemma 3.5, line 218), an upper bound on GS over subsets of the support.
    """

    support_X: Any
    support_y: Any
    name: ClassVar[str] = "svm"
    source: ClassVar[str] = "Section 3.4; Lemma 3.5 (lines 216–220), Lemmas F.1–F.2 (lines 553–581)"
    norm: ClassVar[str] = "ℓ2 norm of w (linear kernel: the RKHS norm)"

    def __post_init__(self) -> None:
        S = labeled((self.support_X, self.support_y), "support")
        object.__setattr__(self, "support_X", S.X)
        object.__setattr__(self, "support_y", S.y)
        object.__setattr__(self, "_support", S)
        object.__setattr__(self, "_keys", set(S.rows()))
        object.__setattr__(self, "w_support", hard_margin_svm(S.X, S.y))  # the support's SVM: ‖w‖² = 1/γ²

    @property
    def true_margin(self) -> Real:
        """``γ = 1/‖w_supp‖`` (Lemma F.1 applied to the support)."""
        return Real.sqrt(1 / self.w_support.sqnorm)

    def _in_support(self, D: Labeled, name: str) -> Labeled:
        for i, row in enumerate(D.rows()):
            if row not in self._keys:
                raise AssumptionViolatedError("R ⊆ supp(D)", f"point {i} of {name} is not in the support")
        return D

    def prepare(self, R: Any) -> Labeled:
        return self._in_support(labeled(R, "R"), "R")

    def deletion(self, R: Labeled, U: Any) -> Labeled:
        return self._in_support(labeled(U, "U"), "U")

    def size(self, U: Any) -> int:
        return U.n

    def solve(self, D: Any) -> SVMSolution:
        D = labeled(D, "R")
        return hard_margin_svm(D.X, D.y)

    def margin(self, R: Any) -> Real:
        """``γ_R = 1/‖w_R‖`` (Lemma F.1)."""
        return Real.sqrt(1 / self.solve(self.prepare(R)).sqnorm)

    def support_vectors(self, R: Any) -> tuple[int, ...]:
        """Indices of the rows of R on the margin (``y_i⟨w_R, x_i⟩ = 1``)."""
        return self.solve(self.prepare(R)).tight

    def baseline(self, R: Any) -> np.ndarray:
        return self.solve(self.prepare(R)).w

    def update(self, R: Any, U: Any) -> np.ndarray:
        R = self.prepare(R)
        return self.solve(R + self.deletion(R, U)).w

    def shift(self, R: Any, U: Any) -> Real:
        R = self.prepare(R)
        diff = self.solve(R + self.deletion(R, U)).w - self.solve(R).w
        return Real.sqrt(sum((v * v for v in diff), Fraction(0)))

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        R, m = self.prepare(R), deletion_size(m)
        S = self._support
        if m > S.n:
            raise InvalidParameterError("m", f"the support has only {S.n} points")
        w0 = self.solve(R).w
        best, witness, count = Fraction(-1), None, 0
        for idx in itertools.combinations(range(S.n), m):
            Z = Labeled(S.X[list(idx)], S.y[list(idx)])
            q = sum((v * v for v in self.solve(R + Z).w - w0), Fraction(0))
            count += 1
            if q > best:
                best, witness = q, Z
        return RSResult(Real.sqrt(best), "exact", f"brute force over the {count} sets of {m} support points",
                        witness)

    def bound(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        q = self.w_support.sqnorm - self.solve(R).sqnorm  # 1/γ² − 1/γ_R²
        src = "Lemma F.2 (lines 565–581), as printed" + ("" if m == 1 else " (its proof holds for any m)")
        return Quantity(Real.sqrt(q), src)

    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        deletion_size(m)
        return Quantity(Real.sqrt(self.w_support.sqnorm), "Lemma 3.5 (line 218): GS = 1/γ", "upper-bound")
