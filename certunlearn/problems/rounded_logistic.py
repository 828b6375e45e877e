"""Logistic + ridge with rational, certified-error gradients: a smooth non-quadratic loss for exact-arithmetic runs.

ℓ(θ; x) = log(1 + exp(−⟨x, θ⟩)) + (λ/2)‖θ‖², ‖x‖ ≤ R (logistic regression with the label folded into x = y·x̃; d2d
Definitions 2.9–2.11, ``papers/002_7f80bf4846a5a6af.txt`` lines 133–147): λ-strongly convex, (λ + R²/4)-smooth,
(R + λB)-Lipschitz on a set of norm bound B — the constants of :class:`certunlearn.problems.LogisticL2`.

Its gradient −x·σ(−⟨x, θ⟩) + λθ is irrational. In Fraction mode this family returns the sigmoid factor enclosed by arb
at ``bits + 64`` bits and rounded to the 2^-bits grid (each per-sample gradient within ``gradient_error`` =
R·2^(1 − bits) of the exact one in norm; the ridge term exact), so projected GD runs in the rationals and a run of
γ-Lipschitz steps x ↦ x − η∇g(x) with such gradients stays within η·gradient_error/(1 − γ) of the exact run
(:func:`certunlearn.claims.d2d.common.run_error`). Values, Hessians and the arb mode are exact enclosures (as in
LogisticL2); float and mpmath modes are LogisticL2's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from flint import arb

from ..numeric.fraction import Fraction
from ..numeric.precision import workprec
from .losses import LogisticL2, convert

__all__ = ["RoundedLogistic"]


def _arb_of(q: Fraction) -> arb:
    return arb(q.numerator) / arb(q.denominator)


@dataclass(frozen=True)
class RoundedLogistic(LogisticL2):
    """LogisticL2 with every label +1 (unlabelled points: the label is folded into x) and, in Fraction mode, the
    gradient's sigmoid factor rounded to the 2^-bits grid with a certified error (module docstring)."""

    bits: int = 128
    key: ClassVar[str] = "rounded-logistic"
    uses_labels: ClassVar[bool] = False
    rational: ClassVar[bool] = True  # Fraction mode stays in the rationals (gradients rounded, error certified)
    label_kind: ClassVar[str] = "none"

    @property
    def data_assumptions(self) -> tuple[str, ...]:
        return ("finite data", "‖x‖ ≤ R")

    @property
    def gradient_error(self) -> Fraction:
        """A rational ≥ ‖computed − exact‖ of every per-sample gradient (and so of their mean)."""
        return self.R * Fraction(2, 2**self.bits)

    def _ones(self, mode: str, n: int) -> np.ndarray:
        return convert(np.ones(n, dtype=int).astype(object), mode)

    def _values(self, mode, theta, X, y):
        if mode == "fraction":
            raise ArithmeticError("the logistic loss is irrational: evaluate it in arb mode")
        return super()._values(mode, theta, X, self._ones(mode, X.shape[0]))

    def _risk_hessian(self, mode, theta, X, y):
        if mode == "fraction":
            raise ArithmeticError("the logistic Hessian is irrational: evaluate it in arb mode")
        return super()._risk_hessian(mode, theta, X, self._ones(mode, X.shape[0]))

    def _grads(self, mode, theta, X, y):
        if mode != "fraction":
            return super()._grads(mode, theta, X, self._ones(mode, X.shape[0]))
        scale = 2**self.bits
        coefs = []
        for row in X:
            t = sum((a * b for a, b in zip(row, theta)), Fraction(0))
            mag = max(1, abs(t.numerator).bit_length() - t.denominator.bit_length())
            with workprec(self.bits + 64 + mag):
                s = 1 / (1 + _arb_of(t).exp()) * scale  # σ(−t)·2^bits
                if not s.rad() < 1:
                    raise ArithmeticError("the sigmoid's enclosure is too wide to round")
                k = s.mid().floor().unique_fmpz()
            coefs.append(Fraction(int(k), scale))  # within 2·2^-bits of σ(−t)
        coef = np.asarray([-c for c in coefs], dtype=object)
        return coef[:, None] * X + self.lam * theta[None, :]

    def risk_smoothness_bound(self, X=None, y=None) -> Fraction:
        return self.R * self.R / 4 + self.lam
