"""Descent-to-Delete (Neel, Roth, Sharifi-Malvajerdi, v1 preprint): reference implementations.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``; line numbers below refer to it.

* Perturbed projected gradient descent — learning :func:`learn` (Algorithm 1, lines 181–185), the
  update after an addition or a deletion with a warm start :func:`unlearn` (Algorithm 2, lines
  190–192), publishing :func:`publish` (Algorithm 3, lines 192–194); the driver :class:`PerturbedGD`
  runs arbitrary update sequences and keeps either the secret unnoised model (Theorems 3.1, 3.4, 3.5,
  Remark 3.6) or only the published model (``perfect=True``, Theorem 3.2, lines 256–265).
* The regularised variant for convex losses: :class:`Problem` with ``reg = m`` optimises
  ``g_z(θ) = f_z(θ) + (m/2)‖θ‖²`` (eq. (5), line 275; Claim 3.3, line 277); ``T_i = i^{2ξ}·I`` via
  :func:`power_schedule` (Theorem 3.5, line 310; Remark 3.6, line 321).
* Perturbed distributed descent — :class:`PerturbedDistributedGD`: learning (Algorithm 4, lines
  342–354), reservoir sampling with replacement extended to deletions (Algorithm 5, lines 362–364;
  :func:`reservoir_step`, :func:`reservoir_choices`, :func:`reservoir_outcomes`, :func:`reservoir_law`),
  unlearning that re-optimises only the touched parts (Algorithm 6, lines 372–389), publishing the
  average of the best copy (Algorithm 7, lines 391–395).
* :func:`theorem_parameters` evaluates the σ, iteration counts and step sizes a theorem prescribes
  (``PRESCRIBED`` of :mod:`certunlearn.formulas.d2d`, as ``claim.prescribed`` carries it), σ rounded up,
  iteration counts rounded up.

Indexing convention (Definitions 2.1–2.2, lines 89–99)
------------------------------------------------------
``D_0`` is the training dataset, a **multiset** of points ``z = (x, y)`` (``y`` absent for label-free
losses). Update ``u_i`` (``i ≥ 1``) forms ``D_i = D_{i−1} ∘ u_i``: an addition appends one copy of
``z``; a deletion removes **one** copy of ``z`` (points are equal when their exact rational values
are; deleting a point not in ``D_{i−1}`` is an error). Algorithm 1 runs on ``D_0`` and outputs the
secret ``θ̂_0``. Round ``i`` (Algorithm 2) takes ``D_{i−1}``, ``u_i`` and the model ``θ_i`` — ``θ̂_{i−1}``
(secret state) or ``θ̃_{i−1}`` (perfect variant) — forms ``D_i`` **first** and runs ``T_i`` gradient
steps on ``f_{D_i}`` (the new dataset) starting at ``θ'_0 = θ_i``, giving ``θ̂_i``; the round publishes
``θ̃_i = θ̂_i + Z_i``, ``Z_i ~ N(0, σ²I)``. The :class:`Release` of round ``i`` therefore holds the law
``N(θ̂_i, σ²I)`` of ``θ̃_i`` (conditional on the earlier noise draws) and the state ``(D_i, θ_{i+1})``
for round ``i + 1``. "Retraining" (Definition 2.4, lines 105–109) is ``f_publish(A(D_i))``: Algorithm 1
run afresh on ``D_i`` from the same prescribed initialisation ``θ'_0`` with the learning iteration
count ``T`` for a dataset of size ``n_i`` (:meth:`PerturbedGD.retrain`). In Section 4 the same
convention holds with the partitioned bootstrap samples ``S_i`` (Definition 4.1, line 340).

Number modes: every function is written once over numpy arrays; float64 input runs in float64,
object arrays of ``Fraction`` or ``mpmath.mpf`` run exactly / at high precision (at least
``DEFAULT_DPS`` = 50 digits; projection onto a ball or a non-rational loss turns Fractions into mpmath,
as :mod:`certunlearn.numeric.linalg` does). Randomness comes only from a ``numpy.random.Generator``
passed in; each release records the seed and the generator state at entry.
"""
from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import mpmath
import numpy as np
import sympy

from ...errors import InvalidParameterError
from ...numeric import linalg as la
from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ...numeric.precision import DEFAULT_DPS, workdps
from ...problems.domains import Domain
from ...problems.losses import LossFamily
from ..parameters import (
    ITERATION_PARAMETERS, ROUND_UP_PARAMETERS, Schedule, evaluate_prescribed, iteration_count, nonnegative, positive,
    resolve_claim, theorem_parameters,
)
from ..release import Certificate, GaussianRelease, Release, record_rng
from .diagonal_box import diagonal_box_gd

__all__ = [
    "ADD", "DELETE", "Update", "Problem", "point_key", "apply_update",
    "projected_gd", "learn", "unlearn", "publish",
    "D2DState", "PerturbedGD",
    "Schedule", "power_schedule",
    "multiset_update", "reservoir_choices", "reservoir_step", "reservoir_outcomes", "reservoir_law",
    "bootstrap_law", "sample_laws", "RESERVOIR_VARIANTS",
    "SampleCopy", "DistributedState", "PerturbedDistributedGD",
    "theorem_parameters", "ITERATION_PARAMETERS", "ROUND_UP_PARAMETERS", "GUARANTEES",
]

ADD = "add"
DELETE = "delete"
#: ``"printed"``: Algorithm 5 as printed (a deletion resamples every slot holding the deleted value);
#: ``"by-copy"``: a slot holding the deleted value is resampled only if it holds the deleted *copy*
#: (probability 1/c with c copies of the value in D_{i−1}) — the version under which Lemma 4.2 holds
#: for multisets with repeated points (see :func:`reservoir_step`).
RESERVOIR_VARIANTS = ("printed", "by-copy")

#: Guarantee statements (certificates) by claim id.
GUARANTEES: dict[str, str] = {
    "d2d.thm3.1": "strong (ε, δ)-unlearning with secret state θ̂_{i−1}: the published N(θ̂_i, σ²I) is "
                  "(ε, δ)-indistinguishable from f_publish(A(D_i)) (Theorem 3.1, line 200)",
    "d2d.thm3.2": "strong (ε, δ)-perfect unlearning, state = published θ̃_{i−1} only (Theorem 3.2, line 256)",
    "d2d.thm3.4": "strong (ε, δ)-unlearning for convex losses, regularised g = f + (m/2)‖θ‖² "
                  "(Theorem 3.4, line 279)",
    "d2d.thm3.5": "weak (ε, δ)-unlearning for convex losses, regularised, T_i = i²·I (Theorem 3.5, line 310)",
    "d2d.rem3.6": "weak (ε, δ)-unlearning for convex losses, regularised, T_i = i^{2ξ}·I (Remark 3.6, line 321)",
    "d2d.thm4.5": "strong (ε, δ)-unlearning of perturbed distributed descent (Theorem 4.5, line 407)",
}
_DEFAULT_GUARANTEE = {
    "secret": "(ε, δ)-unlearning with secret state (Definition 2.4, line 105): f_publish(R_A(D_{i−1}, u_i, θ̂_{i−1})) "
              "≈ f_publish(A(D_i))",
    "perfect": "(ε, δ)-perfect unlearning (Definition 2.4, line 109): the update starts from the published "
               "θ̃_{i−1} only",
    "retrain": "retraining baseline f_publish(A(D_i)) (Definition 2.4, line 107): Algorithm 1 on D_i from the "
               "prescribed initialisation",
    "distributed": "(ε, δ)-unlearning of perturbed distributed descent (Algorithms 4–7)",
}


# =========================================================================== small helpers
def _vector(theta: Any, name: str = "theta") -> np.ndarray:
    arr = theta if isinstance(theta, np.ndarray) else np.asarray(theta, dtype=object)
    if arr.dtype == object:
        arr = la.asarray(arr, la.mode_of(arr))
    if arr.ndim != 1 or arr.shape[0] == 0:
        raise InvalidParameterError(name, f"expected a non-empty vector, got shape {arr.shape}")
    return arr


def _rng_fields(rng: Any) -> tuple[np.random.Generator | None, int | None, dict | None]:
    if rng is None:
        return None, None, None
    return record_rng(rng)


# =========================================================================== problems and data
@dataclass(frozen=True, eq=False)
class Update:
    """An update ``u = (z, •)`` (Definition 2.1, line 89): ``kind`` is ``"add"`` or ``"delete"``,
    ``z = (x, y)`` (``y`` is ignored for label-free losses)."""

    kind: str
    x: Any
    y: Any = None

    def __post_init__(self) -> None:
        if self.kind not in (ADD, DELETE):
            raise InvalidParameterError("update", f"kind must be 'add' or 'delete', got {self.kind!r}")

    @classmethod
    def add(cls, x: Any, y: Any = None) -> Update:
        return cls(ADD, x, y)

    @classmethod
    def delete(cls, x: Any, y: Any = None) -> Update:
        return cls(DELETE, x, y)


@dataclass(frozen=True, eq=False)
class Problem:
    """The objective the descent runs on: a loss family, the domain Θ, and the regulariser ``reg = m`` of
    eq. (5) (line 275): ``g_D(θ) = f_D(θ) + (m/2)‖θ‖²`` (``reg = 0``: plain ``f_D``, Section 3.1)."""

    loss: LossFamily
    domain: Domain
    reg: Any = 0

    def __post_init__(self) -> None:
        if not isinstance(self.loss, LossFamily):
            raise InvalidParameterError("loss", f"expected a LossFamily, got {type(self.loss).__name__}")
        if not isinstance(self.domain, Domain):
            raise InvalidParameterError("domain", f"expected a Domain, got {type(self.domain).__name__}")
        nonnegative(self.reg, "reg")

    @property
    def uses_labels(self) -> bool:
        return self.loss.uses_labels

    def labels(self, y: Any) -> Any:
        """``y`` as the loss wants it (None for label-free losses)."""
        if not self.uses_labels:
            return None
        if y is None:
            raise InvalidParameterError("y", f"{type(self.loss).__name__} needs labels")
        return y

    def check(self, X: Any, y: Any = None) -> tuple[np.ndarray, Any]:
        """Refuse data that break the loss's declared assumptions (``loss.check_data``, raising
        AssumptionViolatedError naming the assumption) or do not fit Θ; returns ``(X, y)``."""
        X = X if isinstance(X, np.ndarray) else np.asarray(X, dtype=object)
        if X.dtype == object:
            X = la.asarray(X, la.mode_of(X))
        if X.ndim != 2 or X.shape[0] == 0:
            raise InvalidParameterError("X", f"expected a non-empty n×d array, got shape {X.shape}")
        if self.domain.dim is not None and self.domain.dim != X.shape[1]:
            raise InvalidParameterError("X", f"points have dimension {X.shape[1]}, the domain {self.domain.dim}")
        y = self.labels(y)
        if y is not None:
            y = y if isinstance(y, np.ndarray) else np.asarray(y, dtype=object)
            if y.dtype == object:
                y = la.asarray(y, la.mode_of(y))
            y = y.reshape(-1)
        key = _data_key(self, X, y)
        if key is None or _CHECKED.get(key) is not self:
            self.loss.check_data(X, y)
            if key is not None:
                if len(_CHECKED) >= 64:
                    del _CHECKED[next(iter(_CHECKED))]
                _CHECKED[key] = self
        return X, y

    def gradient(self, theta: np.ndarray, X: np.ndarray, y: Any) -> np.ndarray:
        """``∇g_D(θ) = ∇f_D(θ) + mθ``."""
        g = _diagonal_quadratic_grad(self.loss, theta, X, y)
        if g is None:
            g = self.loss.risk_grad(theta, X, y)
        if self.reg == 0:
            return g
        mode = la.common_mode(g, theta)
        return la.asarray(g, mode) + la.scalar(self.reg, mode) * la.asarray(theta, mode)

    def risk(self, theta: np.ndarray, X: np.ndarray, y: Any) -> Any:
        """``g_D(θ) = f_D(θ) + (m/2)‖θ‖²``."""
        r = self.loss.risk(theta, X, y)
        if self.reg == 0:
            return r
        mode = max(la.mode_of(r), la.common_mode(theta), key=la.MODES.index)
        return la.scalar(r, mode) + la.scalar(self.reg, mode) * la.sqnorm(la.asarray(theta, mode)) / 2

    def constants(self) -> dict[str, sympy.Expr]:
        """The constants of the optimised objective, exact sympy numbers: the loss's declared ``L``, ``M``,
        ``m`` when ``reg = 0``; with ``reg = m > 0`` those of Claim 3.3 (line 277) as printed:
        ``L + mD``, ``M + m``, ``m`` (printed for convex f, assuming 0 ∈ Θ, line 273)."""
        c = self.loss.constants(self.domain)
        L, M, m = c.value("L"), c.value("M"), c.value("m")
        if self.reg == 0:
            return {"L": L, "M": M, "m": m, "D": c.value("D")}
        r = sympy.Rational(*_ratio(self.reg))
        return {"L": L + r * c.value("D"), "M": M + r, "m": r, "D": c.value("D")}


#: Datasets already checked against a problem's assumptions (validated once): key → the problem (kept, so its id
#: cannot be reused while the entry lives). Only numeric arrays are remembered, by a digest of their bytes, and exact
#: ones (Fractions and ints), by their values, so a dataset changed in place is checked again.
_CHECKED: dict[tuple, "Problem"] = {}


def _exact_values(a: Any) -> tuple | None:
    """The entries of an object array of Fractions and ints, as a tuple (their exact values); None otherwise."""
    if not isinstance(a, np.ndarray) or a.dtype != object:
        return None
    flat = tuple(a.ravel())
    return flat if all(type(v) in (*RATIONAL_TYPES, int) for v in flat) else None


def _data_key(problem: "Problem", X: np.ndarray, y: Any) -> tuple | None:
    import hashlib

    if X.dtype == object:
        xs, ys = _exact_values(X), (None if y is None else _exact_values(y))
        if xs is None or (y is not None and ys is None):
            return None
        return (id(problem), X.shape, xs, None if y is None else (y.shape, ys))
    if X.dtype.kind not in "fiu" or (y is not None and (not isinstance(y, np.ndarray) or y.dtype.kind not in "fiu")):
        return None
    digest = hashlib.blake2b(np.ascontiguousarray(X).tobytes(), digest_size=16)
    if y is not None:
        digest.update(b"|" + np.ascontiguousarray(y).tobytes())
    return (id(problem), X.shape, X.dtype.str, None if y is None else (y.shape, y.dtype.str), digest.digest())


def _diagonal_quadratic_grad(loss: LossFamily, theta: Any, X: Any, y: Any) -> np.ndarray | None:
    """``∇f_D(θ)`` of a diagonal :class:`Quadratic` in the exact and multiprecision modes in O(nd): the per-sample
    gradients ``(θ − x_i)⊙diag(A)`` — the same numbers as the loss's dense ``(θ − X) @ Aᵀ``, whose off-diagonal
    terms are exact zeros — then the same mean. None for any other loss or mode (the loss's own path)."""
    from ...problems.losses import Quadratic

    if type(loss) is not Quadratic or not loss.diagonal:
        return None
    mode, theta_m, X_m, _ = loss._prepare(theta, X, y)
    if mode not in ("fraction", "mpmath"):
        return None
    if X_m.shape[0] == 0:
        raise InvalidParameterError("X", "the empirical risk of an empty dataset is undefined")
    diag = np.diagonal(loss.matrix(mode))
    if mode == "fraction":  # exact: Σᵢ(θ − xᵢ)a/n = (θ − Σᵢxᵢ/n)a, the same Fractions with d big-denominator operations
        return (theta_m - np.sum(X_m, axis=0) / X_m.shape[0]) * diag
    g = (theta_m[None, :] - X_m) * diag[None, :]
    return np.sum(g, axis=0) / g.shape[0]


def _ratio(v: Any) -> tuple[int, int]:
    q = nonnegative(v, "value")
    return q.numerator, q.denominator


def point_key(x: Any, y: Any = None) -> tuple[Fraction, ...]:
    """The exact identity of a data point: its coordinates (then its label, if given) as Fractions."""
    xs = la.to_mode(np.asarray(x, dtype=object).reshape(-1), "fraction")
    key = tuple(xs)
    if y is not None:
        key += (la.to_mode(np.asarray(y, dtype=object).reshape(()), "fraction")[()],)
    return key


def _keys(X: np.ndarray, y: Any) -> list[tuple[Fraction, ...]]:
    Xf = la.to_mode(np.asarray(X, dtype=object), "fraction")
    if y is None:
        return [tuple(row) for row in Xf]
    yf = la.to_mode(np.asarray(y, dtype=object).reshape(-1), "fraction")
    return [tuple(row) + (v,) for row, v in zip(Xf, yf)]


def apply_update(problem: Problem, X: np.ndarray, y: Any, update: Update) -> tuple[np.ndarray, Any]:
    """``D ∘ u`` (Definition 2.1, lines 89–93) on a multiset stored as rows ``(X, y)``.

    An addition appends ``z`` (converted to the mode of ``X`` and checked against the loss's
    assumptions); a deletion removes one copy of ``z`` — the last row equal to it exactly — and refuses
    a point not in the dataset, or one whose deletion would leave it empty."""
    if not isinstance(update, Update):
        raise InvalidParameterError("update", f"expected an Update, got {type(update).__name__}")
    y = problem.labels(y)
    mode = la.common_mode(X)
    x = _vector(update.x, "update")
    if x.shape[0] != X.shape[1]:
        raise InvalidParameterError("update", f"the point has dimension {x.shape[0]}, the data {X.shape[1]}")
    yz = problem.labels(update.y) if problem.uses_labels else None
    if update.kind == ADD:
        xm = la.asarray(x, mode).reshape(1, -1)
        ym = None if yz is None else la.asarray(np.asarray(yz, dtype=object).reshape(1), la.common_mode(y))
        problem.loss.check_data(xm, ym)
        X2 = np.concatenate([X, xm], axis=0)
        y2 = None if y is None else np.concatenate([y, ym])
        return X2, y2
    target = point_key(x, yz)
    keys = _keys(X, y)
    where = [k for k, key in enumerate(keys) if key == target]
    if not where:
        raise InvalidParameterError("update", "deletes a point that is not in the dataset")
    if X.shape[0] == 1:
        raise InvalidParameterError("update", "deleting the last point would leave the dataset empty")
    keep = np.ones(X.shape[0], dtype=bool)
    keep[where[-1]] = False
    return X[keep], (None if y is None else y[keep])


# =========================================================================== Algorithms 1–3
def projected_gd(problem: Problem, X: np.ndarray, y: Any, theta0: Any, *, eta: Any, T: int,
                 dps: int = DEFAULT_DPS) -> np.ndarray:
    """``T`` steps of projected gradient descent on ``g_D`` from ``θ'_0 = theta0`` (Section 2.4,
    lines 159–163; the loop of Algorithm 1 lines 183–184, of Algorithm 2 steps 4–5 on line 192, of
    Algorithm 4 lines 349–350 and of Algorithm 6, steps 10–11 on lines 382–383): ``θ'_t = Proj_Θ(θ'_{t−1} − η_t ∇g_D(θ'_{t−1}))``.

    ``eta`` is a number (constant step, as every d2d theorem uses) or a function ``t ↦ η_t``. The data
    are not re-checked here (the callers do). Returns ``θ'_T`` (``theta0`` itself, as an array, if T = 0)."""
    T = iteration_count(T, "T")
    if not callable(eta):
        positive(eta, "eta")
    with la.reference_precision(dps, theta0, X, y):  # convert θ'_0 at the working precision, not the caller's
        theta = _vector(theta0, "theta0")
        if theta.shape[0] != X.shape[1]:
            raise InvalidParameterError("theta0", f"has dimension {theta.shape[0]}, the data {X.shape[1]}")
        fast = diagonal_box_gd(problem, X, theta, eta, T)
        if fast is not None:
            return fast
        for t in range(1, T + 1):
            g = problem.gradient(theta, X, y)
            mode = la.common_mode(theta, g)
            step = eta(t) if callable(eta) else eta
            if callable(eta):
                positive(step, "eta")
            theta = problem.domain.project(la.asarray(theta, mode) - la.scalar(step, mode) * la.asarray(g, mode))
    return theta


def _initial_point(problem: Problem, theta0: Any, d: int, mode: str) -> np.ndarray:
    if theta0 is None:
        c = problem.domain.centre(d)
        with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):
            return la.asarray(c, mode)
    theta = _vector(theta0, "theta0")
    if theta.shape[0] != d:
        raise InvalidParameterError("theta0", f"has dimension {theta.shape[0]}, the data {d}")
    if not problem.domain.contains(theta):
        raise InvalidParameterError("theta0", "must lie in Θ (Algorithm 1 line 2: initialize θ'_0 ∈ Θ)")
    with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):
        return la.asarray(theta, mode)  # the data's number mode: float64 data run in float64 from an exact θ'_0


def learn(problem: Problem, X: Any, y: Any = None, *, T: int, eta: Any, theta0: Any = None,
          dps: int = DEFAULT_DPS) -> np.ndarray:
    """Algorithm 1 (lines 181–185), learning for perturbed gradient descent: ``T`` projected gradient
    steps on ``g_D`` from ``θ'_0 = theta0 ∈ Θ`` (default: the centre of Θ, in the mode of the data).
    Returns the secret output ``θ̂_0 = θ'_T``."""
    X, y = problem.check(X, y)
    theta = _initial_point(problem, theta0, X.shape[1], la.common_mode(X, y))
    return projected_gd(problem, X, y, theta, eta=eta, T=T, dps=dps)


def unlearn(problem: Problem, X_prev: Any, y_prev: Any, update: Update, theta_in: Any, *, T_i: int,
            eta: Any, dps: int = DEFAULT_DPS) -> tuple[np.ndarray, Any, np.ndarray]:
    """Algorithm 2 (lines 190–192), the i-th unlearning step: ``D_i = D_{i−1} ∘ u_i`` (line 2), then
    ``T_i`` projected gradient steps on ``g_{D_i}`` from ``θ'_0 = θ_i = theta_in`` (lines 3–5; ``θ_i`` is
    ``θ̂_{i−1}`` with secret state, ``θ̃_{i−1}`` in the perfect variant, and need not lie in Θ).
    Returns ``(X_i, y_i, θ̂_i)``."""
    X_prev, y_prev = problem.check(X_prev, y_prev)
    X, y = apply_update(problem, X_prev, y_prev, update)
    theta = _vector(theta_in, "theta_in")
    return X, y, projected_gd(problem, X, y, theta, eta=eta, T=T_i, dps=dps)


def publish(theta_hat: Any, sigma: Any) -> GaussianRelease:
    """Algorithm 3 (lines 192–194), the publishing function ``θ̃ = θ̂ + Z``, ``Z ~ N(0, σ²I_d)``,
    returned as its law ``N(θ̂, σ²I)`` (draw with ``.sample(rng)``). σ must be > 0."""
    positive(sigma, "sigma")
    return GaussianRelease(_vector(theta_hat, "theta_hat"), sigma=sigma)


# =========================================================================== schedules
def power_schedule(I: int, xi: Any = 1) -> Schedule:
    """``T_i = ⌈i^{2ξ}·I⌉`` (Theorem 3.5, line 310, ξ = 1: ``i²·I``; Remark 3.6, line 321: ξ ≥ 1)."""
    I = iteration_count(I, "I")
    xi_q = positive(xi, "xi")
    i_sym, I_sym = sympy.Symbol("i", positive=True), sympy.Symbol("I", nonnegative=True)
    return Schedule("T_i", I_sym * i_sym ** (2 * sympy.Rational(xi_q.numerator, xi_q.denominator)), {"I": I})


def _count(value: int | Callable[[int], int], arg: int, name: str) -> int:
    return iteration_count(value(arg) if callable(value) else value, name)


# =========================================================================== the perturbed GD driver
@dataclass(frozen=True, eq=False)
class D2DState:
    """What perturbed GD keeps between updates: the current dataset ``D_i`` (rows ``X``, labels ``y``), the
    model the next update starts from — ``θ̂_i`` (secret state) or ``θ̃_i`` (perfect variant: the published
    model and nothing else) — the round ``i`` and ``n0 = |D_0|``."""

    X: np.ndarray
    y: Any
    model: np.ndarray
    round: int
    n0: int
    perfect: bool

    @property
    def n(self) -> int:
        return int(self.X.shape[0])


@dataclass(frozen=True, eq=False)
class PerturbedGD:
    """Perturbed projected gradient descent (Algorithms 1–3) over update sequences.

    ``eta``: the step size η (Theorems 3.1/3.2: 2/(M+m); 3.4/3.5: 2/(M+2m)); ``T``: Algorithm 1's iteration
    count, or a function ``n ↦ T`` of the input dataset's size (the theorems' ``T ≥ I + log(Dmn/2L)/log(1/γ)``
    with n "the size of the input dataset", used again by :meth:`retrain` on ``D_i``); ``T_update``:
    Algorithm 2's ``T_i``, an int or a function ``i ↦ T_i`` (:class:`Schedule`, :func:`power_schedule`);
    ``sigma``: the noise of Algorithm 3; ``perfect``: keep only the published model (Theorem 3.2) instead of
    the secret ``θ̂`` (Theorems 3.1, 3.4, 3.5); ``theta0``: Algorithm 1's ``θ'_0`` (default: centre of Θ);
    ``claim_id`` and ``guarantee_parameters`` (ε, δ, …) go into every certificate.
    """

    problem: Problem
    eta: Any
    T: int | Callable[[int], int]
    T_update: int | Callable[[int], int]
    sigma: Any
    perfect: bool = False
    theta0: Any = None
    claim_id: str | None = None
    guarantee_parameters: Mapping[str, Any] = field(default_factory=dict)
    dps: int = DEFAULT_DPS

    def __post_init__(self) -> None:
        if not isinstance(self.problem, Problem):
            raise InvalidParameterError("problem", f"expected a Problem, got {type(self.problem).__name__}")
        positive(self.sigma, "sigma")
        if not callable(self.eta):
            positive(self.eta, "eta")
        if not callable(self.T):
            iteration_count(self.T, "T")
        if not callable(self.T_update):
            iteration_count(self.T_update, "T_update")

    # -- parameters --------------------------------------------------------------------------------
    def learn_iterations(self, n: int) -> int:
        """Algorithm 1's T for an input dataset of size n."""
        return _count(self.T, n, "T")

    def update_iterations(self, i: int) -> int:
        """Algorithm 2's T_i for update round i ≥ 1."""
        return _count(self.T_update, i, "T_update")

    def _certificate(self, kind: str, **params: Any) -> Certificate:
        text = GUARANTEES.get(self.claim_id or "", None) if kind != "retrain" else None
        text = text or _DEFAULT_GUARANTEE[kind]
        base = {"sigma": self.sigma, "eta": self.eta if not callable(self.eta) else repr(self.eta),
                "variant": "perfect" if self.perfect else "secret", "reg": self.problem.reg}
        return Certificate(text, {**base, **dict(self.guarantee_parameters), **params},
                           None if kind == "retrain" else self.claim_id)

    def _release(self, theta_hat: np.ndarray, X: np.ndarray, y: Any, i: int, n0: int, rng: Any,
                 cert: Certificate, kind: str) -> Release:
        g, seed, state = _rng_fields(rng)
        law = publish(theta_hat, self.sigma)
        with la.reference_precision(self.dps, theta_hat):
            published = law.sample(g) if g is not None else None
        st: D2DState | None
        if not self.perfect:
            st = D2DState(X, y, theta_hat, i, n0, False)
        elif published is not None:
            st = D2DState(X, y, published, i, n0, True)
        elif kind == "retrain":
            st = None  # a baseline law only: the perfect state is the published draw, which needs an rng
        else:
            raise InvalidParameterError("rng", "the perfect variant keeps the published model, so it must "
                                               "draw it: pass a numpy.random.Generator")
        return Release(law, st, cert, seed, state, published)

    # -- Algorithm 1 + 3 ---------------------------------------------------------------------------
    def learn(self, X: Any, y: Any = None, rng: Any = None) -> Release:
        """Round 0: Algorithm 1 on ``D_0`` then Algorithm 3. The release's law is ``N(θ̂_0, σ²I)``; with ``rng``
        the published ``θ̃_0`` is drawn (required in the perfect variant, whose state is ``θ̃_0``)."""
        X, y = self.problem.check(X, y)
        n = X.shape[0]
        T = self.learn_iterations(n)
        theta = learn(self.problem, X, y, T=T, eta=self.eta, theta0=self.theta0, dps=self.dps)
        cert = self._certificate("perfect" if self.perfect else "secret", round=0, T=T, n=n, n0=n)
        return self._release(theta, X, y, 0, n, rng, cert, "learn")

    # -- Algorithm 2 + 3 ---------------------------------------------------------------------------
    def update(self, previous: Release | D2DState, update: Update, rng: Any = None) -> Release:
        """Round i = previous round + 1: Algorithm 2 from the kept model (θ̂_{i−1}, or θ̃_{i−1} when perfect)
        on ``D_i = D_{i−1} ∘ u_i``, then Algorithm 3."""
        st = previous.state if isinstance(previous, Release) else previous
        if not isinstance(st, D2DState):
            raise InvalidParameterError("previous", "expected a Release or D2DState of perturbed GD")
        if st.perfect != self.perfect:
            raise InvalidParameterError("previous", "the state was made by the other variant (perfect/secret)")
        i = st.round + 1
        X, y = apply_update(self.problem, st.X, st.y, update)  # Algorithm 2 line 2 (D_{i−1} was checked)
        T_i = self.update_iterations(i)
        theta = projected_gd(self.problem, X, y, st.model, eta=self.eta, T=T_i, dps=self.dps)  # lines 3–6
        cert = self._certificate("perfect" if self.perfect else "secret", round=i, T_i=T_i, n=X.shape[0],
                                 n0=st.n0, update=update.kind)
        return self._release(theta, X, y, i, st.n0, rng, cert, "update")

    def run(self, X: Any, y: Any, updates: Sequence[Update], rng: Any = None) -> list[Release]:
        """Releases of rounds 0, 1, …, len(updates) (one generator drives every draw, in order)."""
        g = None if rng is None else record_rng(rng)[0]
        out = [self.learn(X, y, g)]
        for u in updates:
            out.append(self.update(out[-1], u, g))
        return out

    def retrain(self, X: Any, y: Any = None, rng: Any = None) -> Release:
        """``f_publish(A(D_i))`` of Definition 2.4 (line 107): Algorithm 1 run afresh on the current dataset
        from the prescribed initialisation with ``T = learn_iterations(n_i)``, then Algorithm 3. Pass the
        state's ``X, y`` (or a :class:`D2DState`/:class:`Release` as ``X``: its round and ``n0`` are kept).
        The law is ``N(A(D_i), σ²I)``; the state holds ``A(D_i)`` (secret variant) or, in the perfect variant,
        the published draw when ``rng`` is given (without ``rng`` the perfect baseline has no state)."""
        if isinstance(X, Release):
            X = X.state
        n0, i = None, 0
        if isinstance(X, D2DState):
            X, y, n0, i = X.X, X.y, X.n0, X.round
        X, y = self.problem.check(X, y)
        n = X.shape[0]
        T = self.learn_iterations(n)
        theta = learn(self.problem, X, y, T=T, eta=self.eta, theta0=self.theta0, dps=self.dps)
        cert = self._certificate("retrain", round=i, T=T, n=n)
        return self._release(theta, X, y, i, n if n0 is None else n0, rng, cert, "retrain")

    # -- from a theorem ----------------------------------------------------------------------------
    @classmethod
    def from_theorem(cls, theorem: Any, problem: Problem, *, perfect: bool | None = None, theta0: Any = None,
                     **constants: Any) -> PerturbedGD:
        """The driver with the parameters ``theorem`` prescribes (see :func:`theorem_parameters`): ``eta``,
        ``T`` (re-evaluated at ``n = |D_i|`` for retraining), ``T_i`` (an int or a schedule in ``i``),
        ``sigma``, and, when prescribed, the regulariser ``m`` (Theorems 3.4, 3.5, Remark 3.6).
        ``perfect`` defaults to True for ``d2d.thm3.2``."""
        claim = resolve_claim(theorem, "d2d")
        p = theorem_parameters(claim, **constants)
        for name in ("eta", "T", "T_i", "sigma"):
            if name not in p:
                raise InvalidParameterError("theorem", f"{claim.id} prescribes no {name!r}")
        if "m" in claim.prescribed:
            problem = replace(problem, reg=p["m"])
        if perfect is None:
            perfect = claim.id.startswith("d2d.thm3.2")
        T = _LearnT(claim, dict(constants), p)
        return cls(problem, p["eta"], T, p["T_i"], p["sigma"], perfect=perfect, theta0=theta0, claim_id=claim.id,
                   guarantee_parameters=dict(constants))


@dataclass(frozen=True, eq=False)
class _LearnT:
    """``n ↦ T`` re-evaluating only the prescribed ``T`` at ``n`` (everything else fixed at the theorem's n)."""

    claim: Any
    constants: dict
    values: dict

    def __call__(self, n: int) -> int:
        env = {**self.constants, **{k: v for k, v in self.values.items() if not callable(v)}, "n": n}
        env.pop("T", None)
        return evaluate_prescribed("T", sympy.sympify(self.claim.prescribed["T"]), env, "int", self.claim.id)

    def __repr__(self) -> str:
        return f"n ↦ ⌈{self.claim.prescribed['T']}⌉"


# =========================================================================== Algorithm 5 (reservoir)
def multiset_update(dataset: Sequence[Hashable], kind: str, z: Hashable) -> tuple[Hashable, ...]:
    """``D ∘ u`` on a tuple of hashable items (one copy of ``z`` added, or the last copy removed)."""
    items = list(dataset)
    if kind == ADD:
        return tuple(items + [z])
    if kind != DELETE:
        raise InvalidParameterError("update", f"kind must be 'add' or 'delete', got {kind!r}")
    for k in range(len(items) - 1, -1, -1):
        if items[k] == z:
            del items[k]
            return tuple(items)
    raise InvalidParameterError("update", "deletes a point that is not in the dataset")


def _check_variant(variant: str) -> None:
    if variant not in RESERVOIR_VARIANTS:
        raise InvalidParameterError("variant", f"expected one of {RESERVOIR_VARIANTS}, got {variant!r}")


def _reservoir_setup(sample: Sequence[Hashable], kind: str, z: Hashable, dataset_after: Sequence[Hashable],
                     variant: str) -> tuple[int, int, list[int], int]:
    _check_variant(variant)
    if kind not in (ADD, DELETE):
        raise InvalidParameterError("update", f"kind must be 'add' or 'delete', got {kind!r}")
    B, n_i = len(sample), len(dataset_after)
    if B < 1:
        raise InvalidParameterError("B", "the sample is empty")
    if n_i < 1:
        raise InvalidParameterError("update", "the updated dataset D_i is empty")
    hits = [p for p, s in enumerate(sample) if s == z] if kind == DELETE else []
    c = sum(1 for v in dataset_after if v == z) + 1 if kind == DELETE else 0  # copies of z in D_{i−1}
    return B, n_i, hits, c


def reservoir_choices(rng: np.random.Generator, sample: Sequence[Hashable], kind: str, z: Hashable,
                      dataset_after: Sequence[Hashable], *, variant: str = "printed") -> tuple:
    """Draw the random choices of Algorithm 5 (lines 362–364) for one update, from ``rng``:

    * addition — ``N ~ Binomial(B, 1/n_i)`` (``n_i = |D_i|``, after the addition), then ``N`` distinct
      positions uniformly from ``[B]``: returns the sorted tuple of positions;
    * deletion, ``"printed"`` — for every position ``p`` with ``S[p] = z``, an index ``k`` uniform in
      ``[n_i]`` (the replacement ``D_i[k] ~ P(D_i)``): returns ``((p, k), …)``;
    * deletion, ``"by-copy"`` — for every such ``p``: ``(p, None)`` (kept: it held another copy of the value)
      with probability ``(c−1)/c``, else ``(p, k)``, ``k`` uniform in ``[n_i]`` (c = copies of z in D_{i−1}).
    """
    B, n_i, hits, c = _reservoir_setup(sample, kind, z, dataset_after, variant)
    if kind == ADD:
        N = int(rng.binomial(B, 1.0 / n_i))
        return tuple(sorted(int(p) for p in rng.choice(B, size=N, replace=False)))
    out = []
    for p in hits:
        if variant == "by-copy" and int(rng.integers(c)) != 0:
            out.append((p, None))
        else:
            out.append((p, int(rng.integers(n_i))))
    return tuple(out)


def reservoir_step(sample: Sequence[Hashable], kind: str, z: Hashable, dataset_after: Sequence[Hashable],
                   choices: tuple, *, variant: str = "printed") -> tuple[Hashable, ...]:
    """Algorithm 5 (lines 362–364), ``S_i = S^B_rep(S_{i−1}, u_i)``, with its random ``choices`` given
    explicitly (as :func:`reservoir_choices` draws them, or as :func:`reservoir_outcomes` enumerates them).

    ``sample`` is ``S_{i−1}`` (a sequence of B hashable points), ``dataset_after`` is ``D_i`` (after the
    update; its indices are what deletion choices refer to). Addition: ``z`` overwrites the chosen positions.
    Deletion: **every** position holding ``z`` is replaced (printed: "for z_k ∈ S_i : z_k = z_i do replace
    z_k with z ~ P(D_i)"); the ``"by-copy"`` variant keeps the positions whose choice is ``None``."""
    B, n_i, hits, _ = _reservoir_setup(sample, kind, z, dataset_after, variant)
    return _apply_choices(sample, kind, z, dataset_after, choices, variant, B, n_i, hits)


def _apply_choices(sample: Sequence[Hashable], kind: str, z: Hashable, dataset_after: Sequence[Hashable],
                   choices: tuple, variant: str, B: int, n_i: int, hits: list[int]) -> tuple[Hashable, ...]:
    """:func:`reservoir_step` after :func:`_reservoir_setup` (its ``B, n_i, hits``): the choices checked and applied."""
    out = list(sample)
    if kind == ADD:
        pos = list(choices)
        if len(set(pos)) != len(pos) or any(not (0 <= int(p) < B) for p in pos):
            raise InvalidParameterError("choices", f"an addition needs distinct positions in [0, {B})")
        for p in pos:
            out[int(p)] = z
        return tuple(out)
    if [p for p, _ in choices] != hits:
        raise InvalidParameterError("choices", f"a deletion needs one choice per position holding z: {hits}")
    for p, k in choices:
        if k is None:
            if variant != "by-copy":
                raise InvalidParameterError("choices", "only the 'by-copy' variant keeps a position holding z")
            continue
        if not (0 <= int(k) < n_i):
            raise InvalidParameterError("choices", f"replacement index {k} outside [0, {n_i})")
        out[p] = dataset_after[int(k)]
    return tuple(out)


def reservoir_outcomes(sample: Sequence[Hashable], kind: str, z: Hashable, dataset_after: Sequence[Hashable],
                       *, variant: str = "printed") -> Iterator[tuple[tuple, Fraction, tuple[Hashable, ...]]]:
    """Every random choice of Algorithm 5 for one update with its exact probability: yields
    ``(choices, probability, S_i)``; the probabilities sum to 1.

    Addition: each subset A ⊆ [B] of size k has probability ``P(N = k)/C(B, k) = (1/n_i)^k (1 − 1/n_i)^{B−k}``.
    Deletion (printed): each assignment of indices has probability ``n_i^{−h}`` (h positions hold z);
    (by-copy): ``(c−1)/c`` for keeping a position, ``1/(c·n_i)`` for each replacement index."""
    B, n_i, hits, c = _reservoir_setup(sample, kind, z, dataset_after, variant)
    if kind == ADD:
        p = Fraction(1, n_i)
        for k in range(B + 1):
            w = p**k * (1 - p) ** (B - k)
            for subset in itertools.combinations(range(B), k):
                yield subset, w, _apply_choices(sample, kind, z, dataset_after, subset, variant, B, n_i, hits)
        return
    if variant == "printed":
        options: list[tuple[Any, Fraction]] = [(k, Fraction(1, n_i)) for k in range(n_i)]
    else:
        options = [(None, Fraction(c - 1, c))] + [(k, Fraction(1, c * n_i)) for k in range(n_i)]
        options = [(k, w) for k, w in options if w != 0]
    for combo in itertools.product(options, repeat=len(hits)):
        choices = tuple((p, k) for p, (k, _) in zip(hits, combo))
        w = Fraction(1)
        for _, wk in combo:
            w *= wk
        yield choices, w, _apply_choices(sample, kind, z, dataset_after, choices, variant, B, n_i, hits)


def reservoir_law(sample: Sequence[Hashable], kind: str, z: Hashable, dataset_after: Sequence[Hashable],
                  *, variant: str = "printed") -> dict[tuple[Hashable, ...], Fraction]:
    """The exact law of ``S_i`` given ``S_{i−1} = sample`` (outcome → Fraction probability)."""
    law: dict[tuple[Hashable, ...], Fraction] = {}
    for _, w, s in reservoir_outcomes(sample, kind, z, dataset_after, variant=variant):
        law[s] = law.get(s, Fraction(0)) + w
    return law


def bootstrap_law(dataset: Sequence[Hashable], B: int) -> dict[tuple[Hashable, ...], Fraction]:
    """``P^B(D)`` (line 356): the law of B draws with replacement from the multiset D, as ordered tuples."""
    B = iteration_count(B, "B")
    n = len(dataset)
    if n < 1:
        raise InvalidParameterError("dataset", "is empty")
    counts = Counter(dataset)
    law: dict[tuple[Hashable, ...], Fraction] = {}
    for s in itertools.product(list(counts), repeat=B):
        w = Fraction(1)
        for v in s:
            w *= Fraction(counts[v], n)
        law[s] = w
    return law


def sample_laws(dataset0: Sequence[Hashable], updates: Sequence[tuple[str, Hashable]], B: int, *,
                variant: str = "printed") -> list[dict[tuple[Hashable, ...], Fraction]]:
    """The exact laws of ``S_0, S_1, …`` when ``S_0 ~ P^B(D_0)`` and ``S_i ~ S^B_rep(S_{i−1}, u_i)``
    (the setting of Lemma 4.2, line 358), for updates ``(kind, z)``. Lemma 4.2 asserts
    ``law_i = bootstrap_law(D_i, B)``."""
    law = bootstrap_law(dataset0, B)
    laws, D = [law], tuple(dataset0)
    for kind, z in updates:
        D = multiset_update(D, kind, z)
        nxt: dict[tuple[Hashable, ...], Fraction] = {}
        for s, w in law.items():
            for t, v in reservoir_law(s, kind, z, D, variant=variant).items():
                nxt[t] = nxt.get(t, Fraction(0)) + w * v
        law = {k: v for k, v in nxt.items() if v != 0}
        laws.append(law)
    return laws


# =========================================================================== Algorithms 4, 6, 7
@dataclass(frozen=True, eq=False)
class SampleCopy:
    """One of the C copies: the bootstrap sample ``S_{i,l}`` (``keys``: exact point identities; ``X``, ``y``:
    the points), its fixed partition of the B positions into K parts, and the K part models ``θ̂_{i,l,j}``."""

    keys: tuple[Hashable, ...]
    X: np.ndarray
    y: Any
    parts: tuple[np.ndarray, ...]
    models: tuple[np.ndarray, ...]

    def part(self, j: int) -> tuple[np.ndarray, Any]:
        p = self.parts[j]
        return self.X[p], (None if self.y is None else self.y[p])

    def average(self) -> np.ndarray:
        """``avg(θ̂_{i,l})`` (Algorithm 7 line 3)."""
        mode = la.common_mode(*self.models)
        with la.reference_precision(DEFAULT_DPS, *self.models):
            total = la.asarray(self.models[0], mode)
            for m in self.models[1:]:
                total = total + la.asarray(m, mode)
            return la.asarray(total / len(self.models), mode)


@dataclass(frozen=True, eq=False)
class DistributedState:
    """What perturbed distributed descent keeps: the dataset ``D_i``, the C copies, the published copy
    ``best = l*`` (0-based), the round, ``n0 = |D_0|``, and for the last update the modified parts
    ``touched[l]`` (``ind`` of Algorithm 6 line 6), the per-part iteration counts ``iterations[l]`` and the
    number of sample positions whose point changed ``modified[l]`` (the ``s_i`` of Lemma 4.3, line 368)."""

    X: np.ndarray
    y: Any
    copies: tuple[SampleCopy, ...]
    best: int
    round: int
    n0: int
    touched: tuple[tuple[int, ...], ...] = ()
    iterations: tuple[int, ...] = ()
    modified: tuple[int, ...] = ()


@dataclass(frozen=True, eq=False)
class PerturbedDistributedGD:
    """Perturbed distributed descent (Algorithms 4–7, lines 342–395).

    ``B``: bootstrap sample size; ``K``: number of parts (must divide B: "equally-sized", line 346); ``C``:
    number of copies; ``eta``; ``T``: iterations per part in Algorithm 4 (an int or ``n ↦ T``); ``T_update``:
    the per-copy budget ``T_i`` of Algorithm 6 (int or ``i ↦ T_i``), spent as ``⌈K·n·T_i/(B·|ind|)⌉``
    iterations on each modified part (line 10) with ``n = budget_n`` (default ``|D_0|``, the n of Theorem 4.5);
    ``sigma``; ``reservoir``: ``"printed"`` Algorithm 5 or the ``"by-copy"`` correction (see
    :func:`reservoir_step`)."""

    problem: Problem
    B: int
    K: int
    C: int
    eta: Any
    T: int | Callable[[int], int]
    T_update: int | Callable[[int], int]
    sigma: Any
    theta0: Any = None
    budget_n: int | None = None
    reservoir: str = "printed"
    claim_id: str | None = None
    guarantee_parameters: Mapping[str, Any] = field(default_factory=dict)
    dps: int = DEFAULT_DPS

    def __post_init__(self) -> None:
        if not isinstance(self.problem, Problem):
            raise InvalidParameterError("problem", f"expected a Problem, got {type(self.problem).__name__}")
        B, K, C = iteration_count(self.B, "B"), iteration_count(self.K, "K"), iteration_count(self.C, "C")
        if B < 1 or K < 1 or C < 1:
            raise InvalidParameterError("B" if B < 1 else "K" if K < 1 else "C", "must be ≥ 1")
        if B % K:
            raise InvalidParameterError("K", f"must divide B = {B} (Algorithm 4 line 4: K equally-sized parts)")
        positive(self.sigma, "sigma")
        if not callable(self.eta):
            positive(self.eta, "eta")
        if not callable(self.T):
            iteration_count(self.T, "T")
        if not callable(self.T_update):
            iteration_count(self.T_update, "T_update")
        if self.budget_n is not None and iteration_count(self.budget_n, "budget_n") < 1:
            raise InvalidParameterError("budget_n", "must be ≥ 1")
        _check_variant(self.reservoir)

    def _certificate(self, kind: str, **params: Any) -> Certificate:
        text = (GUARANTEES.get(self.claim_id or "") if kind != "retrain" else None) or _DEFAULT_GUARANTEE[kind]
        base = {"sigma": self.sigma, "eta": self.eta if not callable(self.eta) else repr(self.eta), "B": self.B,
                "K": self.K, "C": self.C, "reservoir": self.reservoir}
        return Certificate(text, {**base, **dict(self.guarantee_parameters), **params},
                           None if kind == "retrain" else self.claim_id)

    def _best(self, copies: Sequence[SampleCopy], X: np.ndarray, y: Any) -> int:
        """``l* = argmin_l f_{D}(avg(θ̂_l))`` (Algorithm 4 line 11, Algorithm 6 line 16); ties: smallest l."""
        risks = [self.problem.risk(c.average(), X, y) for c in copies]
        best = 0
        for l in range(1, len(risks)):
            if risks[l] < risks[best]:
                best = l
        return best

    def _finish(self, X, y, copies, i, n0, touched, iters, modified, g, seed, state, cert) -> Release:
        with la.reference_precision(self.dps, X):
            best = self._best(copies, X, y)
            mean = copies[best].average()
            law = publish(mean, self.sigma)
            published = law.sample(g) if g is not None else None
        st = DistributedState(X, y, tuple(copies), best, i, n0, tuple(touched), tuple(iters), tuple(modified))
        return Release(law, st, cert.with_parameters(best=best), seed, state, published)

    # -- Algorithm 4 + 7 ---------------------------------------------------------------------------
    def learn(self, X: Any, y: Any = None, rng: Any = None, *, _kind: str = "distributed") -> Release:
        """Algorithm 4 (lines 342–354): for each of the C copies draw ``S ~ P^B(D)`` and a uniformly random
        partition into K equal parts, run T projected gradient steps per part from ``θ'_0``; then Algorithm 7
        on the copy whose average has the smallest ``f_D``. Needs ``rng``."""
        if rng is None:
            raise InvalidParameterError("rng", "Algorithm 4 is randomized: pass a numpy.random.Generator")
        g, seed, state = record_rng(rng)
        X, y = self.problem.check(X, y)
        n, d = X.shape
        T = _count(self.T, n, "T")
        theta0 = _initial_point(self.problem, self.theta0, d, la.common_mode(X, y))
        keys = _keys(X, y)
        size = self.B // self.K
        copies = []
        for _ in range(self.C):
            idx = g.integers(n, size=self.B)  # line 3: bootstrap B points
            perm = g.permutation(self.B)  # line 4: random partition into K equal parts
            parts = tuple(np.sort(perm[j * size:(j + 1) * size]) for j in range(self.K))
            Xs, ys = X[idx], (None if y is None else y[idx])
            models = tuple(projected_gd(self.problem, Xs[p], None if ys is None else ys[p], theta0, eta=self.eta,
                                        T=T, dps=self.dps) for p in parts)  # lines 5–9
            copies.append(SampleCopy(tuple(keys[k] for k in idx), Xs, ys, parts, models))
        cert = self._certificate(_kind, round=0, T=T, n=n)
        return self._finish(X, y, copies, 0, n, (), (), (), g, seed, state, cert)

    # -- Algorithm 6 + 5 + 7 -----------------------------------------------------------------------
    def update(self, previous: Release | DistributedState, update: Update, rng: Any = None) -> Release:
        """Algorithm 6 (lines 372–389): ``D_i = D_{i−1} ∘ u_i``; per copy, Algorithm 5 on its sample (same
        partition of positions), ``ind`` = parts whose contents changed as multisets (line 6), and
        ``⌈K·n·T_i/(B·|ind|)⌉`` projected gradient steps warm-started at ``θ̂_{i−1,j}`` on each part in ``ind``
        (lines 9–12); other parts keep their model (line 14). Then Algorithm 7 on the best copy (line 16)."""
        if rng is None:
            raise InvalidParameterError("rng", "Algorithm 6 is randomized: pass a numpy.random.Generator")
        st = previous.state if isinstance(previous, Release) else previous
        if not isinstance(st, DistributedState):
            raise InvalidParameterError("previous", "expected a Release or DistributedState of distributed descent")
        g, seed, state = record_rng(rng)
        X, y = apply_update(self.problem, st.X, st.y, update)  # line 2
        i = st.round + 1
        T_i = _count(self.T_update, i, "T_update")
        n_budget = self.budget_n or st.n0
        keys_after = _keys(X, y)
        rows = {k: r for k, r in zip(keys_after, range(X.shape[0]))}
        if update.kind == ADD:  # z as stored (converted to the data's mode), the last row of D_i
            zkey = keys_after[-1]
        else:
            zkey = point_key(_vector(update.x, "update"), self.problem.labels(update.y))
        copies, touched, iters, modified = [], [], [], []
        for c in st.copies:
            choices = reservoir_choices(g, c.keys, update.kind, zkey, keys_after, variant=self.reservoir)
            new_keys = reservoir_step(c.keys, update.kind, zkey, keys_after, choices, variant=self.reservoir)
            changed = [p for p in range(self.B) if new_keys[p] != c.keys[p]]
            Xs = c.X.copy()
            ys = None if c.y is None else c.y.copy()
            for p in changed:  # every new point is in D_i (the added z, or a replacement drawn from D_i)
                r = rows[new_keys[p]]
                Xs[p] = X[r]
                if ys is not None:
                    ys[p] = y[r]
            ind = [j for j, part in enumerate(c.parts)
                   if Counter(c.keys[p] for p in part) != Counter(new_keys[p] for p in part)]
            steps = math.ceil(Fraction(self.K * n_budget * T_i, self.B * len(ind))) if ind else 0
            models = list(c.models)
            for j in ind:
                p = c.parts[j]
                models[j] = projected_gd(self.problem, Xs[p], None if ys is None else ys[p], c.models[j],
                                         eta=self.eta, T=steps, dps=self.dps)
            copies.append(SampleCopy(tuple(new_keys), Xs, ys, c.parts, tuple(models)))
            touched.append(tuple(ind))
            iters.append(steps)
            modified.append(len(changed))
        cert = self._certificate("distributed", round=i, T_i=T_i, n=X.shape[0], n0=st.n0, update=update.kind,
                                 iterations_per_part=tuple(iters), touched=tuple(touched))
        return self._finish(X, y, copies, i, st.n0, touched, iters, modified, g, seed, state, cert)

    def run(self, X: Any, y: Any, updates: Sequence[Update], rng: Any) -> list[Release]:
        """Releases of rounds 0, 1, …, len(updates) driven by one generator."""
        g = record_rng(rng)[0]
        out = [self.learn(X, y, g)]
        for u in updates:
            out.append(self.update(out[-1], u, g))
        return out

    def retrain(self, X: Any, y: Any = None, rng: Any = None) -> Release:
        """``f_publish(A(D_i))``: Algorithm 4 afresh on the current dataset (its own bootstrap draws from ``rng``;
        the law is conditional on them), T per part evaluated at ``n_i``."""
        if isinstance(X, Release):
            X = X.state
        if isinstance(X, DistributedState):
            X, y = X.X, X.y
        return self.learn(X, y, rng, _kind="retrain")

    @classmethod
    def from_theorem(cls, theorem: Any, problem: Problem, *, theta0: Any = None, reservoir: str = "printed",
                     **constants: Any) -> PerturbedDistributedGD:
        """The driver with the parameters ``theorem`` (Theorem 4.5, line 407) prescribes — ``B``, ``K``, ``C``,
        ``eta``, ``T`` (re-evaluated at ``n = |D_i|`` for retraining), ``T_i``, ``sigma`` — evaluated by
        :func:`theorem_parameters` (B, K, C rounded up; K must then divide B)."""
        claim = resolve_claim(theorem, "d2d")
        p = theorem_parameters(claim, **constants)
        for name in ("B", "K", "C", "eta", "T", "T_i", "sigma"):
            if name not in p:
                raise InvalidParameterError("theorem", f"{claim.id} prescribes no {name!r}")
        return cls(problem, p["B"], p["K"], p["C"], p["eta"], _LearnT(claim, dict(constants), p), p["T_i"],
                   p["sigma"], theta0=theta0, budget_n=constants.get("n"), reservoir=reservoir,
                   claim_id=claim.id, guarantee_parameters=dict(constants))
