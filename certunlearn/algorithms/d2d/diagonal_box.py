"""The exact fast path of Descent-to-Delete's projected gradient descent (paper file
``papers/002_7f80bf4846a5a6af.txt``, Section 2.4, lines 159–163; Algorithms 1–2, lines 181–192) for a diagonal
quadratic on a box: the same Fractions as the literal loop of :func:`certunlearn.algorithms.d2d.descent.projected_gd`,
which calls it first."""
from __future__ import annotations

from typing import Any

import numpy as np

from ...numeric import linalg as la
from ...numeric.fraction import Fraction
from ...problems.domains import Box
from ...problems.losses import Quadratic

__all__ = ["diagonal_box_gd"]


def diagonal_box_gd(problem: Any, X: np.ndarray, theta: np.ndarray, eta: Any, T: int) -> np.ndarray | None:
    """:func:`~certunlearn.algorithms.d2d.descent.projected_gd` (``problem``: its ``Problem``) for a diagonal
    :class:`~certunlearn.problems.losses.Quadratic` on a :class:`~certunlearn.problems.domains.Box` with exact
    (Fraction) θ and data and a constant step: the same Fractions, computed coordinate by coordinate.

    A step is θ_k ↦ clip_[lo_k, hi_k](ρ_kθ_k + b_k) with ρ_k = 1 − η(a_k + m) and b_k = ηa_kx̄_k (x̄ the data mean,
    computed once; m the regulariser): the same rational as the loop's θ − η((θ − x̄)⊙a + mθ) clipped. Where
    0 ≤ ρ_k < 1 and both θ_k and the fixed point p_k = b_k/(1 − ρ_k) lie in [lo_k, hi_k], every later iterate
    p_k + ρ_k^s(θ_k − p_k) lies between them, the clip never acts and the remaining s steps are that closed form;
    where θ_k sits on the end of [lo_k, hi_k] that p_k lies beyond (or on), every later step clips back to it.
    Otherwise one step of the loop. None where this does not apply (the caller runs the literal loop)."""
    loss, dom = problem.loss, problem.domain
    if (type(loss) is not Quadratic or type(dom) is not Box or callable(eta) or not loss.diagonal
            or loss.dim != theta.shape[0] or X.shape[0] == 0 or la.common_mode(theta, X) != "fraction"):
        return None
    eta_q, reg = la.scalar(eta, "fraction"), la.scalar(problem.reg, "fraction")
    Xf = la.asarray(X, "fraction")
    n = X.shape[0]
    out = []
    for k, t in enumerate(la.asarray(theta, "fraction")):
        a = Fraction(loss.A[k][k])
        lo, hi = dom.lo[k], dom.hi[k]
        rho = 1 - eta_q * (a + reg)
        b = eta_q * a * (sum(Xf[:, k], Fraction(0)) / n)
        fixed = b / (1 - rho) if rho != 1 else None
        for step in range(T):
            if fixed is not None and 0 <= rho < 1:
                if lo <= t <= hi and lo <= fixed <= hi:
                    t = fixed + rho ** (T - step) * (t - fixed)
                    break
                if (t == hi and fixed >= hi) or (t == lo and fixed <= lo):
                    break
            t = min(max(rho * t + b, lo), hi)
        out.append(Fraction(t))
    return np.asarray(out, dtype=object)
