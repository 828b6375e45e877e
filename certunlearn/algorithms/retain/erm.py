"""Retain sensitivity of the empirical risk minimiser released passively, with the MSE and with the
ℓ2-regularised logistic loss (Section 3.5, lines 232–263; Appendix G, lines 583–611 of
``papers/004_d584c64aaf1f17d0.txt``).

Data are labelled point sets :class:`Labeled` (exact Fractions). The ERM classes also give the data-dependent
curvature ``λ_R`` and smoothness ``β_R`` (Definition 3.6, line 240; Section 4.1, line 273) as rigorous rational
brackets, which the active mechanisms of :mod:`~certunlearn.algorithms.retain.active` reuse.
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any, ClassVar

import mpmath
import numpy as np
import sympy
from flint import arb

from ...errors import InvalidParameterError
from ...formulas.retain import (  # the printed formulas (re-exported where listed in __all__)
    ERM_BOUND_EXPR, ERM_BOUND_M_EXPR, ERM_GS_EXPR, LOGISTIC_CURVATURE_EXPR, LOGISTIC_L_EXPR, MSE_L_EXPR, MSE_L_FIX_EXPR, MSE_L_M_EXPR,
)
from ...numeric import linalg as la
from ...numeric.enclosure import arb_lower_float, arb_upper_float, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from ...numeric.sympy_arb import arb_eval
from ...problems import Ball, LogisticL2, Ridge, Whole, minimize
from ...problems.losses import LossFamily
from ..parameters import nonnegative, positive
from . import enclosed
from .numeric import (
    Real, count_below, dyadic_ceil, dyadic_floor, eigenvalue_bracket, exact_or_ball, fractions_of, into_ball,
)
from .sensitivity import (
    SYMBOLS, Mechanism, Quantity, RSResult, best_witness, deletion_size, maximize_in_balls,
)

__all__ = [
    "Labeled", "labeled", "Fit", "ERM", "RidgeERM", "LogisticERM", "ERM_BOUND_EXPR", "ERM_BOUND_M_EXPR",
    "ERM_GS_EXPR", "MSE_L_EXPR", "MSE_L_M_EXPR", "MSE_L_FIX_EXPR", "LOGISTIC_L_EXPR", "LOGISTIC_CURVATURE_EXPR",
    "logistic_minimiser_1d", "logistic_curvature_1d",
]

_S = SYMBOLS
_B, _Y, _n, _m, _L, _lamR, _lammin, _lam, _Rw = (_S[k] for k in ("B", "Y", "n", "m", "L", "lambda_R", "lambda_min",
                                                                  "lambda", "R_w"))


# =========================================================================== labelled data
@dataclass(frozen=True, eq=False)
class Labeled:
    """A labelled dataset: rows ``X`` (n×d) and labels ``y`` (n), exact Fractions."""

    X: np.ndarray
    y: np.ndarray

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    def __add__(self, other: Labeled) -> Labeled:
        return Labeled(np.concatenate([self.X, other.X]), np.concatenate([self.y, other.y]))

    def floats(self) -> tuple[np.ndarray, np.ndarray]:
        return np.asarray(self.X, dtype=float), np.asarray(self.y, dtype=float)

    def rows(self) -> list[tuple[Fraction, ...]]:
        return [tuple(r) + (v,) for r, v in zip(self.X, self.y)]


def labeled(data: Any, name: str) -> Labeled:
    """``data`` — a :class:`Labeled` or a pair ``(X, y)`` — as exact Fractions, shapes checked."""
    if isinstance(data, Labeled):
        X, y = data.X, data.y
    else:
        try:
            X, y = data
        except (TypeError, ValueError) as e:
            raise InvalidParameterError(name, "expected a pair (X, y)") from e
    X = fractions_of(X, name, ndim=2)
    y = fractions_of(np.asarray(y, dtype=object).reshape(-1), name, ndim=1)
    if X.shape[0] == 0 or X.shape[1] == 0 or y.shape[0] != X.shape[0]:
        raise InvalidParameterError(name, f"expected n ≥ 1 rows with one label each, got X {X.shape}, y {y.shape}")
    return Labeled(X, y)


# =========================================================================== ERM
@dataclass(frozen=True, eq=False)
class Fit:
    """An ERM ``theta`` with a rigorous ``radius ≥ ‖theta − w*‖`` (0 when exact)."""

    theta: np.ndarray
    radius: float = 0.0

    @property
    def exact(self) -> bool:
        return self.radius == 0.0 and la.mode_of(self.theta) == "fraction"


def fit_distance(a: Fit, b: Fit) -> Real:
    """``‖w*_a − w*_b‖``, exact or enclosed (radii added)."""
    if a.exact and b.exact:
        return Real.sqrt(sum((v * v for v in a.theta - b.theta), Fraction(0)))
    ta, tb = enclosed.exact_vector(a.theta), enclosed.exact_vector(b.theta)
    rad = Fraction(a.radius) + Fraction(b.radius)  # exact: the floats' sum could round down
    return Real.ball(lambda: enclosed.distance(ta, tb, rad), note="certified minimisers (problems.minimize radii)")


def _float_ridge(X: np.ndarray, y: np.ndarray, lam: float) -> np.ndarray:
    n, d = X.shape
    return np.linalg.solve(X.T @ X / n + lam * np.eye(d), X.T @ y / n)


def _float_logistic(X: np.ndarray, y: np.ndarray, lam: float, w0: np.ndarray, iters: int = 30) -> np.ndarray:
    n, d = X.shape
    w = w0.copy()
    for _ in range(iters):
        t = y * (X @ w)
        s = 0.5 * (1 - np.tanh(t / 2))  # σ(−t)
        g = -(X * (y * s)[:, None]).mean(axis=0) + lam * w
        H = (X * (s * (1 - s))[:, None]).T @ X / n + lam * np.eye(d)
        step = np.linalg.solve(H, g)
        w = w - step
        if np.linalg.norm(step) < 1e-15:
            break
    return w


class ERM(Mechanism):
    """The empirical risk minimiser ``w_R = argmin_W F̂_R``, ``F̂_R = (1/n) Σ f(w, z_i)`` with the regulariser
    inside the per-sample loss (Section 3.5, lines 234–244), released as ``w_R``.

    * bound: Lemma 3.7 / G.1 (lines 246–252, 585–597) as printed, ``L/(n λ_R)``. For m deletions the proof of
      G.1 gives ``n λ_R ‖w_R − w_R'‖ ≤ ‖Σ_(z∈Z) ∇f(w_R', z)‖ ≤ mL`` (optimality of w_R and w_R' and strong
      monotonicity of ∇F̂_R — also for a constrained W, through the variational inequalities), so
      ``RS_m ≤ mL/(n λ_R)`` (:data:`ERM_BOUND_M_EXPR`);
    * global: ``Δ_GS = mL/(nλ)`` (Lemma 3.7; Table 1), an upper bound on GS; infinite when λ = 0;
    * exact RS over the continuous universe: a certified lower bound by multistart search (subclasses), unless a
      closed form exists."""

    loss: LossFamily
    domain: Any
    random_starts: int = 4
    passive: ClassVar[bool] = True
    norm: ClassVar[str] = "ℓ2 norm of w"

    # -- data ---------------------------------------------------------------------------------------
    def _data(self, D: Any, name: str) -> Labeled:
        D = labeled(D, name)
        self.loss.check_data(D.X, D.y)
        return D

    def prepare(self, R: Any) -> Labeled:
        return self._data(R, "R")

    def deletion(self, R: Labeled, U: Any) -> Labeled:
        U = self._data(U, "U")
        if U.d != R.d:
            raise InvalidParameterError("U", f"points have dimension {U.d}, R has {R.d}")
        return U

    def size(self, U: Any) -> int:
        return U.n

    # -- the model ----------------------------------------------------------------------------------
    def fit(self, D: Labeled) -> Fit:
        """``w_D`` (``problems.minimize``: exact for quadratic risks, certified otherwise)."""
        res = minimize(self.loss, self.domain, D.X, D.y, mode="fraction")
        return Fit(res.theta, 0.0 if res.exact else float(res.radius))

    def baseline(self, R: Any) -> np.ndarray:
        return self.fit(self.prepare(R)).theta

    def update(self, R: Any, U: Any) -> np.ndarray:
        R = self.prepare(R)
        return self.fit(R + self.deletion(R, U)).theta

    def shift(self, R: Any, U: Any) -> Real:
        R = self.prepare(R)
        return fit_distance(self.fit(R + self.deletion(R, U)), self.fit(R))

    # -- curvature ----------------------------------------------------------------------------------
    @staticmethod
    def gram(R: Labeled, divisor: int) -> np.ndarray:
        return R.X.T @ R.X / divisor

    def lambda_R(self, R: Any) -> tuple[Fraction, Fraction]:
        """Rational ``lo ≤ λ_R ≤ hi``, ``λ_R = inf_W λ_min(∇²F̂_R)`` as the paper instantiates it."""
        raise NotImplementedError

    def beta_R(self, R: Any) -> tuple[Fraction, Fraction]:
        """Rational ``lo ≤ β_R ≤ hi``, ``β_R = sup_W λ_max(∇²F̂_R)`` (Section 4.1, line 273)."""
        raise NotImplementedError

    def lipschitz(self, R: Labeled, m: int) -> Real:
        raise NotImplementedError

    def global_lipschitz(self) -> Real:
        raise NotImplementedError

    def bound(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        lo, hi = self.lambda_R(R)
        if hi <= 0:
            return Quantity(Real.infinity(note="λ_R = 0"), "Lemma 3.7: λ_R = 0, no bound")
        L = self.lipschitz(R, m)
        expr = ERM_BOUND_EXPR if m == 1 else ERM_BOUND_M_EXPR
        src = self._bound_source(m)
        return Quantity(exact_or_ball(expr, {"L": L, "n": R.n, "m": m, "lambda_R": (max(lo, Fraction(0)), hi)}), src)

    def _bound_source(self, m: int) -> str:
        return "Lemma 3.7 / G.1 (lines 246–252, 585–597)" + (", as printed" if m == 1 else ", m-extension mL/(nλ_R)")

    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        lam = self.loss.lam
        if lam == 0:
            return Quantity(Real.infinity(note="λ = 0"), "Table 1 (lines 222–230): Δ_GS = ∞ at λ = 0", "upper-bound")
        L = self.global_lipschitz()
        return Quantity(exact_or_ball(ERM_GS_EXPR, {"L": L, "n": R.n, "m": m, "lambda": lam}),
                        "Lemma 3.7 / Table 1: Δ_GS = mL/(nλ) ≥ GS", "upper-bound")

    # -- search -------------------------------------------------------------------------------------
    def _labels(self, m: int) -> list[tuple[Fraction, ...]]:
        raise NotImplementedError

    def _float_fit(self, X: np.ndarray, y: np.ndarray, w0: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        R, m = self.prepare(R), deletion_size(m)
        Xf, yf = R.floats()
        w0 = self._float_fit(Xf, yf, np.zeros(R.d))
        patterns = self._labels(m)
        fpat = [np.asarray(p, dtype=float) for p in patterns]

        def objective(Z: np.ndarray) -> float:
            return max(float(np.linalg.norm(self._float_fit(np.vstack([Xf, Z]), np.concatenate([yf, p]), w0) - w0))
                       for p in fpat)

        B = float(self.loss.R)
        H = Xf.T @ Xf / R.n
        _, V = np.linalg.eigh(H)
        dirs = [V[:, i] for i in range(R.d)] + [w0 / np.linalg.norm(w0)] if np.linalg.norm(w0) > 0 else \
            [V[:, i] for i in range(R.d)]
        starts = [np.tile(s * B * u, (m, 1)) for u in dirs for s in (1, -1)]
        U = None
        if include is not None:
            U = self.deletion(R, include)
            if U.n != m:
                raise InvalidParameterError("include", f"has {U.n} points, m = {m}")
            starts.append(np.asarray(U.X, dtype=float))
        g = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng if rng is not None else 0)
        found = maximize_in_balls(objective, (m, R.d), B, starts, rng=g, random_starts=self.random_starts, keep=2)
        f0 = self.fit(R)
        cands = []
        for _, Z in found:
            Zq = np.stack([into_ball(z, self.loss.R) for z in Z])
            zf = np.asarray(Zq, dtype=float)
            p = max(patterns, key=lambda p: np.linalg.norm(
                self._float_fit(np.vstack([Xf, zf]), np.concatenate([yf, np.asarray(p, dtype=float)]), w0) - w0))
            Zl = Labeled(Zq, np.asarray(p, dtype=object))
            cands.append((fit_distance(self.fit(R + Zl), f0), Zl))
        inc = (fit_distance(self.fit(R + U), f0), U) if U is not None else None
        return best_witness(cands, inc, method=f"multistart ({len(starts) + self.random_starts} starts, Powell) over "
                                               "‖x‖ ≤ B and the extreme labels, witnesses evaluated rigorously")


@dataclass(frozen=True, eq=False)
class RidgeERM(ERM):
    """ERM with the MSE and ℓ2 regulariser, ``F̂_R(w) = (1/2n)‖Xw − y‖² + (λ/2)‖w‖²``, unconstrained
    (Example G.2, lines 599–605), ``‖x‖ ≤ B``, ``|y| ≤ Y`` (the paper: Y = 1). ``w_R`` is exact (Fractions).

    * ``λ_R = λ_min(XᵀX/n + λI)`` (exact bracket), ``β_R = λ_max(XᵀX/n + λI)``;
    * bound: eq. (2) as printed, ``L^MSE/(n λ_R)`` with ``L^MSE = B³Y/λ_min(XᵀX/(n+1) + λI) + BY`` (X the design
      of R, Y = 1 printed). For m deletions ``‖w_R'‖ ≤ ‖X'ᵀy'‖/((n+m) λ_min(X'ᵀX'/(n+m) + λI)) ≤ BY/λ_min(XᵀX/(n+m)
      + λI)`` (X'ᵀX' ⪰ XᵀX), so the same derivation gives ``m·L_m/(n λ_R)``, ``L_m = B³Y/λ_min(XᵀX/(n+m) + λI) + BY``.
      The printed ``L^MSE`` bounds ``‖x(⟨x, w⟩ − y)‖`` only, while the per-sample gradient in Lemma G.1's proof
      (``(n+1)∇F̂_R' = n∇F̂_R + ∇f(·, z)`` with the regulariser inside f) also has the term ``λw``;
      ``gradient_bound="fixed"`` uses :data:`MSE_L_FIX_EXPR`, ``(B² + λ)BY/λ_min + BY``, instead (a ``+fix``);
    * global: ``Δ_GS = m·L/(nλ)`` with L the same expression at ``λ_min = λ`` (printed: ``B³Y/λ + BY``), ∞ at λ = 0;
    * exact RS: for d = 1, m = 1 **exact** in closed form — ``w' − w = ((y − xw)x − λw)/(a + x² + (n+1)λ)``,
      ``a = Σx_i²``, maximised over ``|y| ≤ Y`` by ``Y|x| + |w|(x² + λ)``; with ``t = |x|`` the ratio
      ``(Yt + |w|(t² + λ))/(D + t²)``, ``D = a + (n+1)λ``, increases up to ``t* = (|w|(D − λ) + √(w²(D − λ)² +
      Y²D))/Y`` and decreases after, so RS is its value at ``min(t*, B)``; otherwise a certified lower bound by
      multistart (the labels at ±Y: the shift is convex in y).
    """

    lam: Any = 0
    B: Any = 1
    Y: Any = 1
    random_starts: int = 4
    gradient_bound: str = "printed"
    name: ClassVar[str] = "erm-mse"
    source: ClassVar[str] = "Section 3.5; Lemma 3.7, Table 1 (lines 222–252), Lemma G.1, Example G.2 (lines 585–605)"

    def __post_init__(self) -> None:
        lam, B, Y = nonnegative(self.lam, "lam"), positive(self.B, "B"), nonnegative(self.Y, "Y")
        for k, v in (("lam", lam), ("B", B), ("Y", Y)):
            object.__setattr__(self, k, v)
        if self.gradient_bound not in ("printed", "fixed"):
            raise InvalidParameterError("gradient_bound", f"expected 'printed' or 'fixed', got {self.gradient_bound!r}")

    @property
    def _L_expr(self) -> sympy.Expr:
        return MSE_L_EXPR if self.gradient_bound == "printed" else MSE_L_FIX_EXPR

    @property
    def loss(self) -> Ridge:  # type: ignore[override]
        return Ridge(self.lam, self.B, self.Y)

    @property
    def domain(self) -> Whole:  # type: ignore[override]
        return Whole()

    def prepare(self, R: Any) -> Labeled:
        R = self._data(R, "R")
        H = self.gram(R, R.n) + self.lam * la.eye(R.d, "fraction")
        if count_below(H, Fraction(0)) != 0 or la.det(H) == 0:
            raise InvalidParameterError("R", "XᵀX/n + λI is singular: λ_R = 0 and the ERM is not unique")
        return R

    def fit(self, D: Labeled) -> Fit:
        H = self.gram(D, D.n) + self.lam * la.eye(D.d, "fraction")
        return Fit(la.solve(H, D.X.T @ D.y / D.n), 0.0)

    def lambda_R(self, R: Any) -> tuple[Fraction, Fraction]:
        R = self.prepare(R)
        return eigenvalue_bracket(self.gram(R, R.n) + self.lam * la.eye(R.d, "fraction"), 0)

    def beta_R(self, R: Any) -> tuple[Fraction, Fraction]:
        R = self.prepare(R)
        return eigenvalue_bracket(self.gram(R, R.n) + self.lam * la.eye(R.d, "fraction"), R.d - 1)

    def lipschitz(self, R: Labeled, m: int) -> Real:
        lo, hi = eigenvalue_bracket(self.gram(R, R.n + m) + self.lam * la.eye(R.d, "fraction"), 0)
        env = {"B": self.B, "Y": self.Y, "lambda": self.lam}
        expr = self._L_expr
        return exact_or_ball(expr, {**env, "lambda_min": (lo, hi)}, note=f"L^MSE of Example G.2 ({self.gradient_bound})")

    def global_lipschitz(self) -> Real:
        if self.lam == 0:
            return Real.infinity(note="λ = 0")
        expr = self._L_expr
        return exact_or_ball(expr, {"B": self.B, "Y": self.Y, "lambda": self.lam, "lambda_min": self.lam})

    def _bound_source(self, m: int) -> str:
        if self.gradient_bound == "fixed":
            return "corrected eq. (2) (+fix): m·L/(nλ_R), L = (B² + λ)BY/λ_min(XᵀX/(n+m) + λI) + BY"
        return ("eq. (2), Example G.2 with Lemma G.1 (lines 599–605), as printed (Y = 1 generalised)" if m == 1 else
                "m-extension of eq. (2): m·L_m/(nλ_R), L_m = B³Y/λ_min(XᵀX/(n+m) + λI) + BY")

    def _labels(self, m: int) -> list[tuple[Fraction, ...]]:
        return list(itertools.product((-self.Y, self.Y), repeat=m))

    def _float_fit(self, X: np.ndarray, y: np.ndarray, w0: np.ndarray) -> np.ndarray:
        return _float_ridge(X, y, float(self.lam))

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        R, m = self.prepare(R), deletion_size(m)
        if R.d != 1 or m != 1:
            return super().exact_rs(R, m, include=include, rng=rng)
        a = sum((v * v for v in R.X[:, 0]), Fraction(0))
        w = abs(self.fit(R).theta[0])
        lam, Y, B, n = self.lam, self.Y, self.B, R.n
        D = a + (n + 1) * lam
        # t* = (|w|(D − λ) + √(w²(D − λ)² + Y²D))/Y; compare t* with B exactly: t* ≥ B ⟺ Y·B − |w|(D−λ) ≤ √(…)
        lhs = Y * B - w * (D - lam)
        disc = w * w * (D - lam) ** 2 + Y * Y * D
        root = Real.sqrt(disc).exact  # √disc, when rational: then t* and RS are rational
        if Y == 0 or lhs <= 0 or lhs * lhs <= disc or root is not None:
            t = B if (Y == 0 or lhs <= 0 or lhs * lhs <= disc) else (w * (D - lam) + root) / Y
            value = (Y * t + w * (t * t + lam)) / (D + t * t)
            sign_w = 1 if self.fit(R).theta[0] >= 0 else -1
            Z = Labeled(np.asarray([[t]], dtype=object), np.asarray([-sign_w * Y], dtype=object))
            where = "maximiser t = B" if t == B else "interior maximiser t* (rational: a square discriminant)"
            return RSResult(Real.rational(value), "exact", f"closed form (d = 1): {where}", Z)

        def enclose() -> arb:
            tt = (to_arb(w * (D - lam)) + to_arb(disc).sqrt()) / to_arb(Y)
            return (to_arb(Y) * tt + to_arb(w) * (tt * tt + to_arb(lam))) / (to_arb(D) + tt * tt)

        return RSResult(Real.ball(enclose), "exact", "closed form (d = 1): interior maximiser t*", None)


@dataclass(frozen=True, eq=False)
class LogisticERM(ERM):
    """ERM with the ℓ2-regularised logistic loss ``log(1 + exp(−y⟨w, x⟩)) + (λ/2)‖w‖²`` on ``W = {‖w‖ ≤ R_w}``,
    ``‖x‖ ≤ B``, ``y ∈ {±1}`` (Example G.3, lines 607–611; the printed loss carries a stray ``− y wᵀx`` term that
    contradicts its own ``L = B + λR_w``; the standard loss is used). ``w_R`` is certified (mpmath + radius).

    * ``λ_R = λ_min(XᵀX/n)(2 cosh(B R_w/2))^(−2) + λ`` (Example G.3, data-dependent curvature) and
      ``β_R = λ_max(XᵀX/n)/4 + λ`` (σ' ≤ 1/4), both as rational brackets;
    * bound: eq. (3) as printed, ``L/(n λ_R)``, ``L = B + λ R_w``; m deletions ``mL/(nλ_R)`` (see :class:`ERM`);
    * global: ``Δ_GS = mL/(nλ)``; exact RS: a certified lower bound (multistart over x, labels ±1)."""

    lam: Any = 0
    B: Any = 1
    R_w: Any = 1
    random_starts: int = 2
    name: ClassVar[str] = "erm-logistic"
    source: ClassVar[str] = "Section 3.5; Lemma 3.7, Table 1 (lines 222–252), Lemma G.1, Example G.3 (lines 585–611)"

    def __post_init__(self) -> None:
        lam, B, Rw = nonnegative(self.lam, "lam"), positive(self.B, "B"), positive(self.R_w, "R_w")
        for k, v in (("lam", lam), ("B", B), ("R_w", Rw)):
            object.__setattr__(self, k, v)

    @property
    def loss(self) -> LogisticL2:  # type: ignore[override]
        return LogisticL2(self.lam, self.B)

    @property
    def domain(self) -> Ball:  # type: ignore[override]
        return Ball(self.R_w)

    def fit(self, D: Labeled) -> Fit:
        """The certified minimiser on D (memoised per exact (λ, B, R_w, D): the checker and the mechanisms refit the
        same data many times)."""
        return _logistic_fit(self.lam, self.B, self.R_w, tuple(D.rows()))

    def _curvature_factor(self) -> tuple[Fraction, Fraction]:
        """Rational bracket of ``(2 cosh(B R_w/2))^(−2)``."""
        with workprec(256):
            c = arb_eval(sympy.Integer(1) / (2 * sympy.cosh(_B * _Rw / 2)) ** 2, {"B": self.B, "R_w": self.R_w})
            return dyadic_floor(Fraction(arb_lower_float(c)), 60), dyadic_ceil(Fraction(arb_upper_float(c)), 60)

    def lambda_R(self, R: Any) -> tuple[Fraction, Fraction]:
        R = self.prepare(R)
        lo, hi = eigenvalue_bracket(self.gram(R, R.n), 0)
        clo, chi = self._curvature_factor()
        return max(lo, Fraction(0)) * clo + self.lam, max(hi, Fraction(0)) * chi + self.lam

    def beta_R(self, R: Any) -> tuple[Fraction, Fraction]:
        R = self.prepare(R)
        lo, hi = eigenvalue_bracket(self.gram(R, R.n), R.d - 1)
        return lo / 4 + self.lam, hi / 4 + self.lam

    def lipschitz(self, R: Labeled, m: int) -> Real:
        return Real.rational(self.B + self.lam * self.R_w)

    def global_lipschitz(self) -> Real:
        return Real.rational(self.B + self.lam * self.R_w)

    def _bound_source(self, m: int) -> str:
        return ("eq. (3), Example G.3 with Lemma G.1 (lines 607–611), as printed" if m == 1 else
                "m-extension of eq. (3): mL/(nλ_R), L = B + λR_w")

    def _labels(self, m: int) -> list[tuple[Fraction, ...]]:
        return list(itertools.product((Fraction(-1), Fraction(1)), repeat=m))

    def _float_fit(self, X: np.ndarray, y: np.ndarray, w0: np.ndarray) -> np.ndarray:
        w = _float_logistic(X, y, float(self.lam), w0)
        r = float(self.R_w)
        nw = np.linalg.norm(w)
        return w if nw <= r else w * (r / nw)  # a heuristic only: witnesses are re-evaluated rigorously


# =========================================================================== unregularised logistic ERM, d = 1
def _logistic_slope(w: arb, x: list[arb], y: list[arb]) -> arb:
    """``F̂'(w) = −(1/n) Σ y_i x_i σ(−y_i x_i w)`` of the unregularised logistic risk (σ the sigmoid)."""
    total = arb(0)
    for xi, yi in zip(x, y):
        total += -yi * xi / (1 + (yi * xi * w).exp())
    return total / len(x)


def logistic_minimiser_1d(X: Any, y: Any, iters: int = 300) -> arb:
    """The minimiser of ``(1/n) Σ log(1 + exp(−y_i x_i w))`` over w ∈ ℝ (d = 1, λ = 0; Example G.6, lines 653–659),
    as a rigorous ball: F̂' is increasing, so bisection on the sign of F̂' (decided on enclosures) brackets its
    zero. Needs non-separable data (a finite minimiser), else an error naming ``R``."""
    xs = [to_arb(v) for v in fractions_of(np.asarray(X, dtype=object).reshape(-1), "R", ndim=1)]
    ys = [to_arb(v) for v in fractions_of(np.asarray(y, dtype=object).reshape(-1), "R", ndim=1)]
    lo, hi = arb(-1), arb(1)
    for _ in range(200):  # grow the bracket until F̂'(lo) < 0 < F̂'(hi)
        if _logistic_slope(lo, xs, ys) < 0 and _logistic_slope(hi, xs, ys) > 0:
            break
        lo, hi = 2 * lo, 2 * hi
    else:
        raise InvalidParameterError("R", "no finite logistic minimiser (separable data or all x = 0)")
    fast = _newton_bracket(lo, hi, xs, ys)
    if fast is not None:
        return fast
    for _ in range(iters):
        mid = (lo + hi) / 2
        s = _logistic_slope(mid, xs, ys)
        if s < 0:
            lo = mid
        elif s > 0:
            hi = mid
        else:  # undecided: bracket the zero tightly around mid if the signs allow, else keep [lo, hi]
            h = arb(2) ** -250
            if _logistic_slope(mid - h, xs, ys) < 0 and _logistic_slope(mid + h, xs, ys) > 0:
                lo, hi = mid - h, mid + h
            break
    return lo.union(hi)


def _newton_bracket(lo: arb, hi: arb, xs: list[arb], ys: list[arb]) -> arb | None:
    """A fast path for :func:`logistic_minimiser_1d`: Newton steps on the midpoints from the bracket's centre, then
    the zero of the increasing F̂' is certified by the signs F̂'(w − h) < 0 < F̂'(w + h), h = 2^(50 − prec); None when
    that check fails (the caller then bisects)."""
    from flint import ctx

    w = ((lo + hi) / 2).mid()
    for _ in range(60):
        slope = _logistic_slope(w, xs, ys).mid()
        curv = sum((xi * xi / (2 * (yi * xi * w / 2).cosh()) ** 2 for xi, yi in zip(xs, ys)), arb(0)) / len(xs)
        if not curv.mid() > 0:
            return None
        step = (slope / curv.mid()).mid()
        w = (w - step).mid()
        if step == 0 or abs(step) < arb(2) ** (20 - ctx.prec):
            break
    h = arb(2) ** (50 - ctx.prec)
    if _logistic_slope(w - h, xs, ys) < 0 and _logistic_slope(w + h, xs, ys) > 0:
        return (w - h).union(w + h)
    return None


def logistic_curvature_1d(X: Any, y: Any, w: arb) -> arb:
    """``λ_min(∇²F̂_R(w)) = (1/n) Σ σ'(y_i x_i w) x_i²``, ``σ'(t) = (2 cosh(t/2))^(−2)`` (d = 1, λ = 0)."""
    xs = [to_arb(v) for v in fractions_of(np.asarray(X, dtype=object).reshape(-1), "R", ndim=1)]
    ys = [to_arb(v) for v in fractions_of(np.asarray(y, dtype=object).reshape(-1), "R", ndim=1)]
    return sum((xi * xi / (2 * (yi * xi * w / 2).cosh()) ** 2 for xi, yi in zip(xs, ys)), arb(0)) / len(xs)


@functools.lru_cache(maxsize=1024)
def _logistic_fit_cached(lam: Fraction, B: Fraction, R_w: Fraction, rows: tuple, dps: int) -> tuple[tuple, float]:
    X = np.asarray([r[:-1] for r in rows], dtype=object)
    y = np.asarray([r[-1] for r in rows], dtype=object)
    res = minimize(LogisticL2(lam, B), Ball(R_w), X, y, mode="mpmath")
    return tuple(res.theta), float(res.radius)


def _logistic_fit(lam: Fraction, B: Fraction, R_w: Fraction, rows: tuple) -> Fit:
    """The memoised certified logistic fit (at the caller's mpmath precision), with a fresh ``theta`` per call."""
    theta, radius = _logistic_fit_cached(lam, B, R_w, rows, mpmath.mp.dps)
    return Fit(np.asarray(theta, dtype=object), radius)
