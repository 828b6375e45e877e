"""A singular diagonal quadratic ½(θ − x)ᵀdiag(a)(θ − x) with a_k ≥ 0 (some a_k = 0: a flat direction) — convex and
max(a)-smooth but not strongly convex (m = 0), inside the class of d2d Theorems 3.4, 3.5 and Remark 3.6
(``papers/002_7f80bf4846a5a6af.txt`` lines 273–330: f_z convex, L-Lipschitz, M-smooth; Definitions 2.9–2.11, lines
133–147). :class:`certunlearn.problems.losses.Quadratic` requires A positive definite; this family keeps its values,
gradients, Hessian and declared constants (L = a_max(B + R), M = a_max, m = a_min = 0) and only admits a zero weight.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import InvalidParameterError
from ...numeric.fraction import Fraction
from ...problems.domains import exact
from ...problems.losses import Quadratic

__all__ = ["SemidefiniteQuadratic"]


@dataclass(frozen=True)
class SemidefiniteQuadratic(Quadratic):
    """A diagonal :class:`Quadratic` with weights a_k ≥ 0, at least one positive (module docstring)."""

    key: ClassVar[str] = "psd-quadratic"

    def __post_init__(self) -> None:
        A = tuple(tuple(exact(v, "A") for v in row) for row in self.A)
        n = len(A)
        if n == 0 or any(len(row) != n for row in A) or any(A[i][j] != 0 for i in range(n) for j in range(n) if i != j):
            raise InvalidParameterError("A", "a square diagonal matrix")
        diag = [A[i][i] for i in range(n)]
        if any(v < 0 for v in diag) or max(diag) <= 0:
            raise InvalidParameterError("A", "weights a_k ≥ 0, at least one positive (positive semidefinite)")
        object.__setattr__(self, "A", A)
        object.__setattr__(self, "R", exact(self.R, "R"))
        if self.R <= 0:
            raise InvalidParameterError("R", "must be positive")
        object.__setattr__(self, "a_min", Fraction(min(diag)))
        object.__setattr__(self, "a_max", Fraction(max(diag)))
