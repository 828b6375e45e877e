"""Loss families with declared constants.

A family gives the per-sample loss ``ℓ(θ; z)``, ``z = (x, y)``, with its gradient and Hessian exactly,
written once over numpy arrays: float64 (fast), object arrays of ``mpmath.mpf`` (reference), of
``Fraction`` (exact; families whose loss is not rational promote Fraction input to mpmath at the
working precision), and object arrays of python-flint ``arb`` balls (rigorous enclosures, used by
:mod:`.verify` and :mod:`.minimize`). The empirical risk is ``f_D(θ) = (1/n) Σ ℓ(θ; z_i)`` (d2d eq. (1),
line 119); a family's regulariser is part of its per-sample loss, as in d2d eq. (5) (line 275).

Each family declares its **data assumptions** (``‖x‖ ≤ R``, ``|y| ≤ Y``, ``y ∈ {−1, +1}``) —
:meth:`LossFamily.check_data` refuses data breaking one, decided exactly — and, on a domain Θ, its
**declared constants** as sympy expressions in the declared parameters (:class:`Constants`), the
quantities the d2d theorems assume (Thm 3.1, line 200: "f_z is m-strongly convex, L-Lipschitz, and
M-smooth"; Thm 4.5, line 407: Hessian "G-Lipschitz"):

* ``L`` — Lipschitz constant, as the bound ``sup_{θ∈Θ, z} ‖∇ℓ(θ; z)‖`` (Definition 2.10, line 141);
* ``M`` — smoothness, ``sup ‖∇²ℓ‖`` (Definition 2.11, line 145);
* ``m`` — strong convexity, ``inf λ_min(∇²ℓ)`` (Definition 2.9, line 135);
* ``G`` — Lipschitz constant of the Hessian, ``sup ‖∇³ℓ‖`` (Thm 4.5, line 407).

Constants are declared, not trusted: :func:`certunlearn.problems.verify.verify_constants` checks them.
``B = sup_{θ∈Θ} ‖θ‖`` is the domain's norm bound (d2d line 273 bounds it by the diameter ``D``).
"""
from __future__ import annotations

import functools
import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import mpmath
import numpy as np
import sympy
from flint import arb

from ..errors import AssumptionViolatedError, InvalidParameterError
from ..numeric import linalg as la
from ..numeric.enclosure import arb_lower_float, arb_upper_float, to_arb
from ..numeric.fraction import Fraction
from ..numeric.sympy_arb import arb_eval
from .domains import Domain, exact
from ..numeric.rationals import substituted_rational, sympy_rational

__all__ = [
    "Constants", "LossFamily", "Quadratic", "Ridge", "LogisticL2", "Linear", "Reduction",
    "R", "Y", "lam", "B", "D", "a_min", "a_max", "psd_exact", "CONSTANT_NAMES",
]

# --------------------------------------------------------------------------- symbols
R = sympy.Symbol("R", positive=True)  # data radius: ‖x‖ ≤ R
Y = sympy.Symbol("Y", nonnegative=True)  # label bound: |y| ≤ Y
lam = sympy.Symbol("lambda", nonnegative=True)  # ℓ2 regularisation λ
B = sympy.Symbol("B", nonnegative=True)  # sup_{θ∈Θ} ‖θ‖
D = sympy.Symbol("D", nonnegative=True)  # diameter of Θ
a_min = sympy.Symbol("a_min", positive=True)  # λ_min(A) (declared lower bound)
a_max = sympy.Symbol("a_max", positive=True)  # λ_max(A) (declared upper bound)

#: Names of the declared constants, in report order.
CONSTANT_NAMES = ("L", "M", "m", "G")
TITLES = {
    "L": "Lipschitz constant (sup ‖∇ℓ‖ on Θ)",
    "M": "smoothness (sup ‖∇²ℓ‖)",
    "m": "strong convexity (inf λ_min ∇²ℓ)",
    "G": "Hessian-Lipschitz (sup ‖∇³ℓ‖)",
}

# reduction variables (all nonnegative): ‖x‖, ‖θ‖, |y|, |σ(u) − 1/2|
_r = sympy.Symbol("r", nonnegative=True)
_b = sympy.Symbol("b", nonnegative=True)
_s = sympy.Symbol("s", nonnegative=True)
_q = sympy.Symbol("q", nonnegative=True)


# --------------------------------------------------------------------------- constants
@dataclass(frozen=True)
class Constants:
    """Declared constants of a loss family on a domain: sympy expressions and the parameter values.

    ``env`` maps each parameter symbol to its exact value (``B`` may be ``oo``). Use
    :meth:`value` for the exact number, :meth:`upper`/:meth:`lower` for rigorous float bounds, and
    :meth:`replace` to build a deliberately different declaration (e.g. ``M`` halved).
    """

    L: sympy.Expr
    M: sympy.Expr
    m: sympy.Expr
    G: sympy.Expr
    env: tuple[tuple[sympy.Symbol, sympy.Expr], ...]
    family: str = ""

    @property
    def params(self) -> dict[sympy.Symbol, sympy.Expr]:
        return dict(self.env)

    @property
    def diameter(self) -> sympy.Expr:
        return self.params.get(D, sympy.nan)

    def expr(self, name: str) -> sympy.Expr:
        if name not in CONSTANT_NAMES:
            raise InvalidParameterError("name", f"unknown constant {name!r}; expected one of {CONSTANT_NAMES}")
        return sympy.sympify(getattr(self, name))

    def value(self, name: str) -> sympy.Expr:
        """The exact value of constant ``name`` (``L``, ``M``, ``m``, ``G``; also ``D``, ``B``)."""
        if name in ("D", "B"):
            return self.params[D if name == "D" else B]
        return substitute(self.expr(name), self.params)

    __getitem__ = value

    def upper(self, name: str) -> float:
        """A float ≥ the exact value (rigorous, via arb)."""
        v = self.value(name)
        return math.inf if v is sympy.oo else arb_upper_float(arb_eval(v))

    def lower(self, name: str) -> float:
        """A float ≤ the exact value (rigorous, via arb)."""
        v = self.value(name)
        return math.inf if v is sympy.oo else arb_lower_float(arb_eval(v))

    def replace(self, **changes: Any) -> Constants:
        """A copy with some declared expressions replaced (``c.replace(M=c.M / 2)``)."""
        return replace(self, **{k: sympy.sympify(v) for k, v in changes.items()})

    def as_dict(self) -> dict[str, str]:
        return {n: str(self.value(n)) for n in CONSTANT_NAMES}


def substitute(expr: sympy.Expr, env: Mapping[sympy.Symbol, sympy.Expr]) -> sympy.Expr:
    """``expr`` with the parameter values of ``env``; an infinite ``B`` or ``D`` is taken as a limit. Memoised by the
    exact inputs (each value's type in the key; the families declare the same constants many times); a rational
    expression at rational values in Fractions (:func:`certunlearn.numeric.rationals.substituted_rational`): sympy's
    ``subs`` was 9 % of d2d.thm3.2."""
    key = (sympy.sympify(expr), tuple((k, type(v), v) for k, v in env.items()))
    try:
        return _substituted(key)
    except TypeError:  # an unhashable value: not memoised
        return _substituted.__wrapped__(key)


@functools.lru_cache(maxsize=4096)
def _substituted(key: tuple) -> sympy.Expr:
    expr, env = key
    if (fast := substituted_rational(expr, env)) is not None:
        return fast
    out = expr.subs({k: v for k, _, v in env if v is not sympy.oo})
    for k, _, v in env:
        if v is sympy.oo and k in out.free_symbols:
            out = sympy.limit(out, k, sympy.oo)
    return sympy.nsimplify(out) if isinstance(out, sympy.Float) else out


@dataclass(frozen=True)
class Reduction:
    """How a constant is bounded: ``quantity ≤ phi`` (``kind="sup"``; ``≥`` for ``"inf"``) at every θ ∈ Θ
    and admissible z, for some value of the reduction variables in ``box`` — the hand-proved ``lemma``.

    ``relax`` lists sympy-checked relaxations ``(new_phi, gap)``: ``new_phi − phi ≡ gap`` and ``gap ≥ 0``.
    ``eig`` lists exact eigenvalue obligations ``("max"|"min", symbol, matrix)``: ``λ_max(A) ≤ symbol`` or
    ``λ_min(A) ≥ symbol``. ``polynomial`` marks a loss quadratic in θ (``G = 0`` checked by sympy).
    """

    kind: str
    phi: sympy.Expr
    box: tuple[tuple[sympy.Symbol, sympy.Expr, sympy.Expr], ...]
    lemma: str
    relax: tuple[tuple[sympy.Expr, sympy.Expr], ...] = ()
    eig: tuple[tuple[str, sympy.Symbol, tuple[tuple[Fraction, ...], ...]], ...] = ()
    polynomial: bool = False


# --------------------------------------------------------------------------- number modes (+ arb)
def _has_arb(x: Any) -> bool:
    if isinstance(x, arb):
        return True
    if isinstance(x, np.ndarray):
        return x.dtype == object and any(isinstance(v, arb) for v in x.flat)
    if isinstance(x, (list, tuple)):
        return any(_has_arb(v) for v in x)
    return False


def mode_of(*xs: Any) -> str:
    """The common number mode of the arguments: ``"arb"`` if any holds arb balls, otherwise as
    :func:`certunlearn.numeric.linalg.mode_of` (most exact of float < fraction < mpmath)."""
    xs = [x for x in xs if x is not None]
    if all((isinstance(x, np.ndarray) and x.dtype.kind in "fiu") or isinstance(x, (float, np.floating))
           for x in xs):
        return "float"
    if any(_has_arb(x) for x in xs):
        return "arb"
    modes = {la.mode_of(x) for x in xs} or {"float"}
    return max(modes, key=la.MODES.index)


def _to_arb_any(v: Any) -> arb:
    if isinstance(v, np.integer):
        v = int(v)
    elif isinstance(v, np.floating):
        v = float(v)
    return to_arb(v)


def convert(x: Any, mode: str) -> np.ndarray:
    """``x`` as an array in ``mode`` (``"float"``, ``"fraction"``, ``"mpmath"`` or ``"arb"``)."""
    if mode == "arb":
        arr = np.asarray(x, dtype=object)
        out = np.empty(arr.shape, dtype=object)
        for idx, v in np.ndenumerate(arr):
            out[idx] = _to_arb_any(v)
        return out
    return la.asarray(x, mode)


def scalar_in(v: Any, mode: str) -> Any:
    return convert(v, mode)[()]


def identity_in(d: int, mode: str) -> np.ndarray:
    return convert(np.eye(d, dtype=int).astype(object), mode) if mode != "float" else np.eye(d)


def zeros_in(shape: Any, mode: str) -> np.ndarray:
    return np.zeros(shape) if mode == "float" else convert(np.zeros(shape, dtype=int).astype(object), mode)


def map_entries(fn: Any, a: np.ndarray) -> np.ndarray:
    out = np.empty(np.shape(a), dtype=object)
    for idx, v in np.ndenumerate(np.asarray(a, dtype=object)):
        out[idx] = fn(v)
    return out


def _sigmoid(t: np.ndarray, mode: str) -> np.ndarray:
    """σ(t) = 1/(1 + e^{−t}), elementwise, without overflow."""
    if mode == "float":
        e = np.exp(-np.abs(t))
        return np.where(t >= 0, 1.0 / (1.0 + e), e / (1.0 + e))
    if mode == "arb":
        return map_entries(lambda v: 1 / (1 + (-v).exp()), t)

    def one(v: mpmath.mpf) -> mpmath.mpf:
        e = mpmath.exp(-abs(v))
        return 1 / (1 + e) if v >= 0 else e / (1 + e)

    return map_entries(one, t)


def _softplus(t: np.ndarray, mode: str) -> np.ndarray:
    """log(1 + e^t), elementwise, stable (``max(t, 0) + log1p(e^{−|t|})``)."""
    if mode == "float":
        return np.logaddexp(0.0, t)
    if mode == "arb":
        return map_entries(lambda v: v + (-v).exp().log1p() if v.mid() > 0 else v.exp().log1p(), t)
    return map_entries(lambda v: v + mpmath.log1p(mpmath.exp(-v)) if v > 0 else mpmath.log1p(mpmath.exp(v)), t)


def psd_exact(S: Any) -> bool:
    """Whether the symmetric rational matrix ``S`` is positive semidefinite, decided exactly.

    Symmetric Gaussian elimination: S ⪰ 0 iff each pivot is ≥ 0 and a zero pivot has a zero column
    (Schur complements of a PSD matrix are PSD)."""
    M = [list(row) for row in la.to_mode(np.asarray(S, dtype=object), "fraction")]
    n = len(M)
    if any(M[i][j] != M[j][i] for i in range(n) for j in range(i)):
        raise InvalidParameterError("matrix", "is not symmetric")
    for k in range(n):
        p = M[k][k]
        if p < 0:
            return False
        if p == 0:
            if any(M[k][j] != 0 for j in range(k + 1, n)):
                return False
            continue
        for i in range(k + 1, n):
            f = M[i][k] / p
            if f:
                for j in range(k + 1, n):
                    M[i][j] -= f * M[k][j]
    return True


def _row(x: Any) -> np.ndarray:
    arr = np.asarray(x) if not isinstance(x, np.ndarray) else x
    return arr.reshape(1, -1)


def _one(y: Any) -> np.ndarray | None:
    if y is None:
        return None
    arr = np.asarray(y) if not isinstance(y, np.ndarray) else y
    return arr.reshape(1)


def _as_matrix(X: Any, mode: str) -> np.ndarray:
    X = convert(X, mode)
    if X.ndim == 1:
        X = X.reshape(1, -1)
    if X.ndim != 2:
        raise InvalidParameterError("X", f"expected an n×d array, got shape {X.shape}")
    return X


# --------------------------------------------------------------------------- base class
class LossFamily(ABC):
    """Per-sample loss ``ℓ(θ; (x, y))`` with exact derivatives, data assumptions and declared constants."""

    key: ClassVar[str]
    #: Whether value/gradient/Hessian are rational functions of rational input (Fraction mode stays exact).
    rational: ClassVar[bool] = True
    #: Whether labels y are used.
    uses_labels: ClassVar[bool] = True
    #: What a label is, for witness searches: ``"sign"`` (y ∈ {±1}), ``"interval"`` (|y| ≤ Y), ``"none"``.
    label_kind: ClassVar[str] = "none"

    # -- declared parameters -------------------------------------------------------------------
    @property
    def dim(self) -> int | None:
        """The dimension fixed by the family (Quadratic), else None."""
        return None

    @abstractmethod
    def params(self) -> dict[sympy.Symbol, sympy.Expr]:
        """Exact values of the declared parameters (R, Y, λ, a_min, a_max …)."""

    @abstractmethod
    def _declared(self) -> dict[str, sympy.Expr]:
        """The declared constants L, M, m, G as sympy expressions in the parameters and B."""

    def constants(self, domain: Domain) -> Constants:
        """Declared constants on ``domain`` (``B = sup_{θ∈Θ}‖θ‖``, ``D`` its diameter)."""
        env = dict(self.params())
        env[B] = domain.norm_bound()
        env[D] = domain.diameter()
        dec = self._declared()
        return Constants(dec["L"], dec["M"], dec["m"], dec["G"], tuple(env.items()), self.key)

    @property
    def data_assumptions(self) -> tuple[str, ...]:
        return ("finite data", "‖x‖ ≤ R")

    # -- data -----------------------------------------------------------------------------------
    def check_data(self, X: Any, y: Any = None) -> None:
        """Refuse data breaking a declared assumption (AssumptionViolatedError naming it), decided exactly
        (every float and mpf is converted to its exact rational value)."""
        Xf = self._exact_rows(X)
        n, d = Xf.shape
        if self.dim is not None and d != self.dim:
            raise InvalidParameterError("X", f"points have dimension {d}, the loss {self.dim}")
        R2 = self.R * self.R
        for i in range(n):
            s = sum((v * v for v in Xf[i]), Fraction(0))
            if s > R2:
                raise AssumptionViolatedError(
                    "‖x‖ ≤ R", f"point {i} has ‖x‖² = {float(s):.17g} > R² = {float(R2):.17g} "
                    f"(‖x‖²/R² − 1 = {float(s / R2 - 1):.3g})")
        if self.uses_labels:
            if y is None:
                raise InvalidParameterError("y", f"{type(self).__name__} needs labels")
            yf = self._exact_labels(y, n)
            self._check_labels(yf)

    def _exact_rows(self, X: Any) -> np.ndarray:
        arr = np.asarray(X) if not isinstance(X, np.ndarray) else X
        if arr.ndim == 1:
            arr = arr.reshape(1, -1)
        if arr.ndim != 2:
            raise InvalidParameterError("X", f"expected an n×d array, got shape {arr.shape}")
        out = np.empty(arr.shape, dtype=object)
        for idx, v in np.ndenumerate(arr):
            try:
                out[idx] = la.to_mode(np.asarray(v, dtype=object), "fraction")[()]
            except (ValueError, OverflowError, TypeError) as e:
                raise AssumptionViolatedError("finite data", f"X{list(idx)} = {v!r} is not a finite real") from e
        return out

    def _exact_labels(self, y: Any, n: int) -> np.ndarray:
        arr = np.asarray(y, dtype=object).reshape(-1)
        if arr.shape[0] != n:
            raise InvalidParameterError("y", f"has {arr.shape[0]} labels for {n} points")
        out = np.empty(n, dtype=object)
        for i, v in enumerate(arr):
            try:
                out[i] = la.to_mode(np.asarray(v, dtype=object), "fraction")[()]
            except (ValueError, OverflowError, TypeError) as e:
                raise AssumptionViolatedError("finite data", f"y[{i}] = {v!r} is not a finite real") from e
        return out

    def _check_labels(self, y: np.ndarray) -> None:
        return None

    # -- evaluation -----------------------------------------------------------------------------
    def _prepare(self, theta: Any, X: Any, y: Any) -> tuple[str, np.ndarray, np.ndarray, np.ndarray | None]:
        mode = mode_of(theta, X, y if self.uses_labels else None)
        if mode == "fraction" and not self.rational:
            mode = "mpmath"
        theta = convert(theta, mode)
        if theta.ndim != 1:
            raise InvalidParameterError("theta", f"expected a vector, got shape {theta.shape}")
        X = _as_matrix(X, mode)
        if X.shape[1] != theta.shape[0]:
            raise InvalidParameterError("X", f"points have dimension {X.shape[1]}, theta {theta.shape[0]}")
        if self.dim is not None and theta.shape[0] != self.dim:
            raise InvalidParameterError("theta", f"has dimension {theta.shape[0]}, the loss {self.dim}")
        if self.uses_labels:
            if y is None:
                raise InvalidParameterError("y", f"{type(self).__name__} needs labels")
            y = convert(y, mode).reshape(-1)
            if y.shape[0] != X.shape[0]:
                raise InvalidParameterError("y", f"has {y.shape[0]} labels for {X.shape[0]} points")
        else:
            y = None
        return mode, theta, X, y

    @abstractmethod
    def _values(self, mode: str, theta: np.ndarray, X: np.ndarray, y: np.ndarray | None) -> np.ndarray: ...

    @abstractmethod
    def _grads(self, mode: str, theta: np.ndarray, X: np.ndarray, y: np.ndarray | None) -> np.ndarray: ...

    @abstractmethod
    def _risk_hessian(self, mode: str, theta: np.ndarray, X: np.ndarray, y: np.ndarray | None) -> np.ndarray: ...

    def _third(self, mode: str, theta: np.ndarray, x: np.ndarray, y: Any, v: np.ndarray) -> np.ndarray:
        d = theta.shape[0]
        return zeros_in((d, d), mode)

    def values(self, theta: Any, X: Any, y: Any = None) -> np.ndarray:
        """Per-sample losses ``ℓ(θ; z_i)``, shape (n,)."""
        return self._values(*self._prepare(theta, X, y))

    def grads(self, theta: Any, X: Any, y: Any = None) -> np.ndarray:
        """Per-sample gradients ``∇ℓ(θ; z_i)``, shape (n, d)."""
        return self._grads(*self._prepare(theta, X, y))

    def value(self, theta: Any, x: Any, y: Any = None) -> Any:
        """``ℓ(θ; (x, y))`` for one sample."""
        return self.values(theta, _row(x), _one(y))[0]

    def grad(self, theta: Any, x: Any, y: Any = None) -> np.ndarray:
        """``∇ℓ(θ; (x, y))`` for one sample, shape (d,)."""
        return self.grads(theta, _row(x), _one(y))[0]

    def hessian(self, theta: Any, x: Any, y: Any = None) -> np.ndarray:
        """``∇²ℓ(θ; (x, y))`` for one sample, shape (d, d)."""
        return self._risk_hessian(*self._prepare(theta, _row(x), _one(y)))

    def third(self, theta: Any, x: Any, y: Any, v: Any) -> np.ndarray:
        """The directional third derivative ``∇³ℓ(θ; z)[v] = d/dt ∇²ℓ(θ + t v; z)`` at t = 0, shape (d, d)."""
        mode = mode_of(theta, x, y if self.uses_labels else None, v)
        if mode == "fraction" and not self.rational:
            mode = "mpmath"
        mode_, theta_, X_, y_ = self._prepare(convert(theta, mode), _row(x), _one(y))
        return self._third(mode_, theta_, X_[0], None if y_ is None else y_[0], convert(v, mode_))

    def risk(self, theta: Any, X: Any, y: Any = None) -> Any:
        """Empirical risk ``f_D(θ) = (1/n) Σ ℓ(θ; z_i)`` (d2d eq. (1))."""
        vals = self.values(theta, X, y)
        if len(vals) == 0:
            raise InvalidParameterError("X", "the empirical risk of an empty dataset is undefined")
        return np.sum(vals) / len(vals)

    def risk_grad(self, theta: Any, X: Any, y: Any = None) -> np.ndarray:
        """``∇f_D(θ)``, shape (d,)."""
        g = self.grads(theta, X, y)
        if g.shape[0] == 0:
            raise InvalidParameterError("X", "the empirical risk of an empty dataset is undefined")
        return np.sum(g, axis=0) / g.shape[0]

    def risk_hessian(self, theta: Any, X: Any, y: Any = None) -> np.ndarray:
        """``∇²f_D(θ)``, shape (d, d)."""
        mode, theta, X, y = self._prepare(theta, X, y)
        if X.shape[0] == 0:
            raise InvalidParameterError("X", "the empirical risk of an empty dataset is undefined")
        return self._risk_hessian(mode, theta, X, y)

    def quadratic_form(self, X: Any, y: Any = None) -> tuple[np.ndarray, np.ndarray] | None:
        """``(H, b)`` with ``f_D(θ) = ½θᵀHθ − bᵀθ + const`` when the risk is quadratic (in the mode of the
        data, exact for Fractions), else None."""
        return None

    def risk_strong_convexity(self) -> Fraction:
        """An exact rational ``m ≤`` the strong convexity of every empirical risk (certified)."""
        return Fraction(0)

    def risk_smoothness_bound(self, X: Any, y: Any = None) -> Fraction:
        """An exact rational upper bound on ``sup_θ ‖∇²f_D(θ)‖`` for these data."""
        raise NotImplementedError

    # -- symbolic form ---------------------------------------------------------------------------
    @abstractmethod
    def expression(self, d: int, symbolic: bool = False) -> tuple[sympy.Expr, list[sympy.Symbol],
                                                                   list[sympy.Symbol], sympy.Symbol]:
        """``(ℓ, θ symbols, x symbols, y symbol)``: the per-sample loss as a sympy expression (parameters
        substituted unless ``symbolic``), the reference for derivatives."""

    @abstractmethod
    def reduction(self, name: str, domain: Domain) -> Reduction:
        """How constant ``name`` is bounded (see :class:`Reduction`); used by :mod:`.verify`."""

    @abstractmethod
    def witnesses(self, name: str, domain: Domain, d: int) -> list[dict[str, Any]]:
        """Structured candidate extremal points ``{"theta", "x", "y", "v", "w"}`` (Fractions, admissible) for
        constant ``name``: where the family's reduction lemma is tight."""

    # helpers shared by families
    def _lam_term(self, mode: str, theta: np.ndarray) -> tuple[Any, Any]:
        lam_ = scalar_in(self.lam, mode)
        return lam_, lam_ * (theta @ theta) / 2


def set_fields_exact(obj: Any, **named: Any) -> None:
    for name, value in named.items():
        object.__setattr__(obj, name, exact(value, name))


def check_nonneg(name: str, v: Fraction, strict: bool = False) -> None:
    if v < 0 or (strict and v == 0):
        raise InvalidParameterError(name, f"must be {'>' if strict else '≥'} 0, got {v}")


def unit_vector(d: int, i: int = 0) -> np.ndarray:
    e = np.asarray([Fraction(0)] * d, dtype=object)
    e[i] = Fraction(1)
    return e


def direction_of(p: np.ndarray, d: int) -> np.ndarray:
    from .domains import rational_unit

    f = np.asarray([float(v) for v in p])
    return rational_unit(f) if np.any(f) else unit_vector(d)


def farthest_and_direction(domain: Any, d: int) -> tuple[np.ndarray, np.ndarray]:
    """The point of Θ farthest from the origin (the centre where the domain names none) and its rational unit
    direction: where the Lipschitz witnesses put θ."""
    try:
        th = domain.farthest_point(d)
    except InvalidParameterError:
        th = domain.centre(d)
    return th, direction_of(th, d)


def _orthogonal_unit(p: np.ndarray, d: int) -> np.ndarray:
    """A rational unit vector (nearly) orthogonal to ``p`` (exactly e_2-like when d ≥ 2)."""
    from .domains import rational_unit

    if d == 1:
        return unit_vector(1)
    f = np.asarray([float(v) for v in p])
    if not np.any(f):
        return unit_vector(d, 1)
    j = int(np.argmin(np.abs(f)))
    e = np.zeros(d)
    e[j] = 1.0
    w = e - f * (f[j] / (f @ f))
    return rational_unit(w)


# --------------------------------------------------------------------------- Quadratic
@dataclass(frozen=True)
class Quadratic(LossFamily):
    """``ℓ(θ; x) = ½ (θ − x)ᵀ A (θ − x)`` with a fixed symmetric positive definite ``A`` (anisotropic);
    labels unused. Assumption ``‖x‖ ≤ R``.

    Declared: ``L = a_max (B + R)``, ``M = a_max``, ``m = a_min``, ``G = 0``, where ``a_max ≥ λ_max(A)`` and
    ``a_min ≤ λ_min(A)`` are declared rationals (default: exact for diagonal A, else eigenvalue bounds
    within 1e-40, proved exactly by a PSD test)."""

    A: tuple[tuple[Fraction, ...], ...]
    R: Fraction
    a_min: Fraction | None = None
    a_max: Fraction | None = None
    key: ClassVar[str] = "quadratic"
    uses_labels: ClassVar[bool] = False

    def __post_init__(self) -> None:
        A = np.asarray(self.A, dtype=object)
        if A.ndim != 2 or A.shape[0] != A.shape[1] or A.shape[0] == 0:
            raise InvalidParameterError("A", f"expected a square matrix, got shape {A.shape}")
        Af = tuple(tuple(exact(v, "A") for v in row) for row in A)
        n = len(Af)
        if any(Af[i][j] != Af[j][i] for i in range(n) for j in range(i)):
            raise InvalidParameterError("A", "must be symmetric")
        object.__setattr__(self, "A", Af)
        set_fields_exact(self, R=self.R)
        check_nonneg("R", self.R, strict=True)
        diag = all(Af[i][j] == 0 for i in range(n) for j in range(n) if i != j)
        if self.a_max is None or self.a_min is None:
            if diag:
                lo, hi = min(Af[i][i] for i in range(n)), max(Af[i][i] for i in range(n))
            else:
                lo, hi = eig_bounds(Af)
            if self.a_min is None:
                object.__setattr__(self, "a_min", lo)
            if self.a_max is None:
                object.__setattr__(self, "a_max", hi)
        set_fields_exact(self, a_min=self.a_min, a_max=self.a_max)
        if not psd_exact(np.asarray(Af, dtype=object)) or self.a_min <= 0 or \
                not psd_exact(np.asarray(Af, dtype=object) - self.a_min * np.eye(n, dtype=int).astype(object)):
            raise InvalidParameterError("A", "must be positive definite (with λ_min(A) ≥ a_min > 0)")

    @property
    def dim(self) -> int:
        return len(self.A)

    @property
    def diagonal(self) -> bool:
        n = self.dim
        return all(self.A[i][j] == 0 for i in range(n) for j in range(n) if i != j)

    def matrix(self, mode: str = "fraction") -> np.ndarray:
        return convert(np.asarray(self.A, dtype=object), mode)

    def params(self) -> dict[sympy.Symbol, sympy.Expr]:
        return {R: sympy_rational(self.R), a_min: sympy_rational(self.a_min), a_max: sympy_rational(self.a_max)}

    def _declared(self) -> dict[str, sympy.Expr]:
        return {"L": a_max * (B + R), "M": a_max, "m": a_min, "G": sympy.S.Zero}

    def _values(self, mode, theta, X, y):
        diff = theta[None, :] - X
        Ad = diff @ self.matrix(mode).T
        return np.sum(diff * Ad, axis=1) / 2

    def _grads(self, mode, theta, X, y):
        return (theta[None, :] - X) @ self.matrix(mode).T

    def _risk_hessian(self, mode, theta, X, y):
        return self.matrix(mode).copy()

    def quadratic_form(self, X, y=None):
        mode = mode_of(X)
        X = _as_matrix(X, mode)
        A = self.matrix(mode)
        return A, A @ (np.sum(X, axis=0) / X.shape[0])

    def risk_strong_convexity(self) -> Fraction:
        return self.a_min

    def risk_smoothness_bound(self, X=None, y=None) -> Fraction:
        return self.a_max

    def expression(self, d=None, symbolic=False):
        d = self.dim
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        A = sympy.Matrix(d, d, lambda i, j: sympy_rational(self.A[i][j]))
        v = sympy.Matrix([t - x for t, x in zip(th, xs)])
        return (v.T * A * v)[0, 0] / 2, th, xs, yv

    def reduction(self, name, domain):
        A = self.A
        if name == "L":
            return Reduction("sup", a_max * (_b + _r), ((_b, 0, B), (_r, 0, R)),
                             "‖A(θ − x)‖ ≤ λ_max(A)(‖θ‖ + ‖x‖), with λ_max(A) ≤ a_max",
                             eig=(("max", a_max, A),))
        if name == "M":
            return Reduction("sup", a_max, (), "∇²ℓ = A, so ‖∇²ℓ‖ = λ_max(A) ≤ a_max", eig=(("max", a_max, A),))
        if name == "m":
            return Reduction("inf", a_min, (), "∇²ℓ = A, so λ_min(∇²ℓ) = λ_min(A) ≥ a_min", eig=(("min", a_min, A),))
        return Reduction("sup", sympy.S.Zero, (), "ℓ is quadratic in θ: ∇³ℓ = 0", polynomial=True)

    def witnesses(self, name, domain, d):
        A = np.asarray([[float(v) for v in row] for row in self.A])
        w, V = np.linalg.eigh(A)
        top, bottom = V[:, -1], V[:, 0]
        c = domain.centre(d)
        zero = zeros_in(d, "fraction")
        from .domains import rational_unit

        if name == "L":
            out = []
            for s in (1.0, -1.0):
                u = rational_unit(s * top)
                try:
                    th = domain.extreme_point(s * top)
                except InvalidParameterError:
                    th = c
                out.append({"theta": th, "x": -self.R * u, "y": None})
            return out
        if name in ("M", "m"):
            v = rational_unit(top if name == "M" else bottom)
            return [{"theta": c, "x": zero, "y": None, "v": v}]
        return [{"theta": c, "x": zero, "y": None, "v": unit_vector(d), "w": unit_vector(d)}]


def eig_bounds(A: tuple[tuple[Fraction, ...], ...]) -> tuple[Fraction, Fraction]:
    """Rational ``lo ≤ λ_min(A)``, ``hi ≥ λ_max(A)`` within ~1e-40 relative, proved by exact PSD tests."""
    n = len(A)
    M = np.asarray(A, dtype=object)
    I = np.eye(n, dtype=int).astype(object)
    with mpmath.workdps(60):
        ev = la.eigvalsh(M)
        lo, hi = la.to_mode(ev[0], "fraction")[()], la.to_mode(ev[-1], "fraction")[()]
    scale = max(abs(lo), abs(hi), Fraction(1))
    for k in range(40, 0, -5):
        eps = scale / Fraction(10) ** k
        lo_c, hi_c = lo - eps, hi + eps
        if psd_exact(hi_c * I - M) and psd_exact(M - lo_c * I):
            return _short(lo_c, -1), _short(hi_c, 1)
    raise InvalidParameterError("A", "could not bound its eigenvalues")


def _short(q: Fraction, direction: int) -> Fraction:
    """``q`` rounded outward (down for −1, up for +1) to a 2^-160-grid dyadic."""
    scale = 2**160
    num = math.floor(q * scale) if direction < 0 else math.ceil(q * scale)
    return Fraction(num, scale)


# --------------------------------------------------------------------------- Ridge
@dataclass(frozen=True)
class Ridge(LossFamily):
    """``ℓ(θ; (x, y)) = ½ (⟨x, θ⟩ − y)² + (λ/2)‖θ‖²`` with ``‖x‖ ≤ R``, ``|y| ≤ Y``.

    Declared on Θ with ``B = sup‖θ‖``: ``L = R(RB + Y) + λB``, ``M = R² + λ``, ``m = λ``, ``G = 0``."""

    label_kind: ClassVar[str] = "interval"

    lam: Fraction
    R: Fraction
    Y: Fraction
    key: ClassVar[str] = "ridge"

    def __post_init__(self) -> None:
        set_fields_exact(self, lam=self.lam, R=self.R, Y=self.Y)
        check_nonneg("lam", self.lam)
        check_nonneg("R", self.R, strict=True)
        check_nonneg("Y", self.Y)

    @property
    def data_assumptions(self) -> tuple[str, ...]:
        return ("finite data", "‖x‖ ≤ R", "|y| ≤ Y")

    def _check_labels(self, y):
        for i, v in enumerate(y):
            if abs(v) > self.Y:
                raise AssumptionViolatedError("|y| ≤ Y", f"label {i} is {float(v):.17g}, |y| > Y = {self.Y}")

    def params(self):
        return {R: sympy_rational(self.R), Y: sympy_rational(self.Y), lam: sympy_rational(self.lam)}

    def _declared(self):
        return {"L": R * (R * B + Y) + lam * B, "M": R**2 + lam, "m": lam, "G": sympy.S.Zero}

    def _values(self, mode, theta, X, y):
        res = X @ theta - y
        _, reg = self._lam_term(mode, theta)
        return res * res / 2 + reg

    def _grads(self, mode, theta, X, y):
        res = X @ theta - y
        return res[:, None] * X + scalar_in(self.lam, mode) * theta[None, :]

    def _risk_hessian(self, mode, theta, X, y):
        n, d = X.shape
        return X.T @ X / n + scalar_in(self.lam, mode) * identity_in(d, mode)

    def quadratic_form(self, X, y=None):
        mode = mode_of(X, y)
        X, y = _as_matrix(X, mode), convert(y, mode).reshape(-1)
        n, d = X.shape
        return X.T @ X / n + scalar_in(self.lam, mode) * identity_in(d, mode), X.T @ y / n

    def risk_strong_convexity(self) -> Fraction:
        return self.lam

    def risk_smoothness_bound(self, X, y=None) -> Fraction:
        Xf = self._exact_rows(X)
        return sum((v * v for v in Xf.flat), Fraction(0)) / Xf.shape[0] + self.lam

    def expression(self, d, symbolic=False):
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        lv = lam if symbolic else sympy_rational(self.lam)
        inner = sum(x * t for x, t in zip(xs, th))
        return (inner - yv) ** 2 / 2 + lv * sum(t**2 for t in th) / 2, th, xs, yv

    def reduction(self, name, domain):
        if name == "L":
            return Reduction("sup", _r * (_r * _b + _s) + lam * _b, ((_r, 0, R), (_b, 0, B), (_s, 0, Y)),
                             "‖x(⟨x,θ⟩ − y) + λθ‖ ≤ ‖x‖(‖x‖‖θ‖ + |y|) + λ‖θ‖ (triangle, Cauchy–Schwarz)")
        if name == "M":
            return Reduction("sup", _r**2 + lam, ((_r, 0, R),), "∇²ℓ = xxᵀ + λI has λ_max = ‖x‖² + λ")
        if name == "m":
            return Reduction("inf", lam, (), "∇²ℓ = xxᵀ + λI ⪰ λI (xxᵀ ⪰ 0)")
        return Reduction("sup", sympy.S.Zero, (), "ℓ is quadratic in θ: ∇³ℓ = 0", polynomial=True)

    def witnesses(self, name, domain, d):
        c = domain.centre(d)
        zero = zeros_in(d, "fraction")
        if name == "L":
            th, u = farthest_and_direction(domain, d)
            return [{"theta": th, "x": self.R * u, "y": -self.Y}, {"theta": th, "x": -self.R * u, "y": self.Y}]
        if name == "M":
            return [{"theta": c, "x": self.R * unit_vector(d), "y": Fraction(0), "v": unit_vector(d)}]
        if name == "m":
            return [{"theta": c, "x": zero, "y": Fraction(0), "v": unit_vector(d)}]
        return [{"theta": c, "x": self.R * unit_vector(d), "y": self.Y, "v": unit_vector(d), "w": unit_vector(d)}]


# --------------------------------------------------------------------------- Logistic
_SQRT3_18 = sympy.sqrt(3) / 18


@dataclass(frozen=True)
class LogisticL2(LossFamily):
    """``ℓ(θ; (x, y)) = log(1 + exp(−y⟨x, θ⟩)) + (λ/2)‖θ‖²`` with ``‖x‖ ≤ R`` and labels ``y ∈ {−1, +1}``.

    Declared on Θ with ``B = sup‖θ‖``: ``L = R + λB`` (σ < 1), ``M = R²/4 + λ`` (σ' ≤ 1/4),
    ``m = λ``, ``G = √3 R³/18`` (|σ''| ≤ √3/18). Evaluated stably (``log1p``, sign-split sigmoid) in
    every mode; Fraction input is computed in mpmath at the working precision."""

    label_kind: ClassVar[str] = "sign"

    lam: Fraction
    R: Fraction
    key: ClassVar[str] = "logistic"
    rational: ClassVar[bool] = False

    def __post_init__(self) -> None:
        set_fields_exact(self, lam=self.lam, R=self.R)
        check_nonneg("lam", self.lam)
        check_nonneg("R", self.R, strict=True)

    @property
    def data_assumptions(self) -> tuple[str, ...]:
        return ("finite data", "‖x‖ ≤ R", "y ∈ {−1, +1}")

    def _check_labels(self, y):
        for i, v in enumerate(y):
            if v not in (1, -1):
                raise AssumptionViolatedError("y ∈ {−1, +1}", f"label {i} is {float(v):.17g}")

    def params(self):
        return {R: sympy_rational(self.R), lam: sympy_rational(self.lam)}

    def _declared(self):
        return {"L": R + lam * B, "M": R**2 / 4 + lam, "m": lam, "G": _SQRT3_18 * R**3}

    def _values(self, mode, theta, X, y):
        t = y * (X @ theta)
        _, reg = self._lam_term(mode, theta)
        return _softplus(-t, mode) + reg

    def _grads(self, mode, theta, X, y):
        t = y * (X @ theta)
        coef = -y * _sigmoid(-t, mode)
        return coef[:, None] * X + scalar_in(self.lam, mode) * theta[None, :]

    def _risk_hessian(self, mode, theta, X, y):
        n, d = X.shape
        t = y * (X @ theta)
        w = _sigmoid(t, mode) * _sigmoid(-t, mode) * y * y
        return (X * w[:, None]).T @ X / n + scalar_in(self.lam, mode) * identity_in(d, mode)

    def _third(self, mode, theta, x, y, v):
        u = -y * (x @ theta)
        sp, sm = _sigmoid(np.asarray([u], dtype=object if mode != "float" else float), mode)[0], \
            _sigmoid(np.asarray([-u], dtype=object if mode != "float" else float), mode)[0]
        s2 = sp * sm * (sm - sp)  # σ''(u) = σ'(u)(1 − 2σ(u))
        coef = -s2 * y * (x @ v) * y * y
        return coef * np.outer(x, x)

    def risk_strong_convexity(self) -> Fraction:
        return self.lam

    def risk_smoothness_bound(self, X, y=None) -> Fraction:
        Xf = self._exact_rows(X)
        return sum((v * v for v in Xf.flat), Fraction(0)) / (4 * Xf.shape[0]) + self.lam

    def expression(self, d, symbolic=False):
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        lv = lam if symbolic else sympy_rational(self.lam)
        inner = sum(x * t for x, t in zip(xs, th))
        return sympy.log(1 + sympy.exp(-yv * inner)) + lv * sum(t**2 for t in th) / 2, th, xs, yv

    def reduction(self, name, domain):
        if name == "L":
            return Reduction("sup", _r / (1 + sympy.exp(-_r * _b)) + lam * _b, ((_r, 0, R), (_b, 0, B)),
                             "∇ℓ = −yσ(−y⟨x,θ⟩)x + λθ and σ(−y⟨x,θ⟩) ≤ σ(‖x‖‖θ‖), so "
                             "‖∇ℓ‖ ≤ ‖x‖σ(‖x‖‖θ‖) + λ‖θ‖")
        if name == "M":
            # σ'(u) = σ(1 − σ) = 1/4 − q² with q = |σ(u) − 1/2| ∈ [0, 1/2]
            return Reduction("sup", (sympy.Rational(1, 4) - _q**2) * _r**2 + lam,
                             ((_q, 0, sympy.S.Half), (_r, 0, R)),
                             "∇²ℓ = σ'(u)xxᵀ + λI with σ'(u) = σ(u)(1 − σ(u)) = 1/4 − q², q = |σ(u) − 1/2|")
        if name == "m":
            return Reduction("inf", lam, (), "∇²ℓ = σ'(u)xxᵀ + λI ⪰ λI (σ' > 0)")
        # |σ''(u)| = σ'(u)|1 − 2σ(u)| = (1/4 − q²)·2q, q = |σ(u) − 1/2|;  ∇³ℓ[v] = −σ''(u)y³⟨x,v⟩xxᵀ
        q0 = sympy.sqrt(3) / 6
        return Reduction("sup", 2 * _q * (sympy.Rational(1, 4) - _q**2) * _r**3,
                         ((_q, 0, sympy.S.Half), (_r, 0, R)),
                         "‖∇³ℓ[v]‖ = |σ''(u)||⟨x,v⟩|‖x‖² ≤ 2q(1/4 − q²)‖x‖³‖v‖, q = |σ(u) − 1/2|",
                         relax=((_SQRT3_18 * _r**3, 2 * (_q - q0) ** 2 * (_q + 2 * q0) * _r**3),))

    def witnesses(self, name, domain, d):
        c = domain.centre(d)
        zero = zeros_in(d, "fraction")
        if name == "L":
            th, u = farthest_and_direction(domain, d)
            return [{"theta": th, "x": -self.R * u, "y": Fraction(1)}, {"theta": th, "x": self.R * u, "y": Fraction(-1)}]
        if name == "M":
            u = _orthogonal_unit(c, d)
            return [{"theta": c, "x": self.R * u, "y": Fraction(1), "v": u}]
        if name == "m":
            return [{"theta": c, "x": zero, "y": Fraction(1), "v": unit_vector(d)}]
        # |σ''| is largest at u* = logit(1/2 − √3/6) ≈ −1.3170: put ⟨x, θ⟩ = −u*/1 with y = 1
        ustar = math.log((0.5 - math.sqrt(3) / 6) / (0.5 + math.sqrt(3) / 6))
        u = direction_of(c, d) if any(c) else unit_vector(d)
        x = self.R * u
        out = []
        for target in (-ustar, ustar):
            t = Fraction(target) / self.R  # θ = t u gives −y⟨x,θ⟩ = −R t
            th = u * t
            if not domain.contains(th):
                th = domain.project(la.to_mode(th, "fraction"))
                th = la.to_mode(th, "fraction")
                if not domain.contains(th):
                    th = c
            out.append({"theta": th, "x": x, "y": Fraction(1), "v": u, "w": u})
        return out


# --------------------------------------------------------------------------- Linear
@dataclass(frozen=True)
class Linear(LossFamily):
    """``ℓ(θ; x) = ⟨x, θ⟩ + (λ/2)‖θ‖²`` (online linear losses ``⟨g_t, θ⟩``, λ = 0 by default); labels
    unused; ``‖x‖ ≤ R``. Declared: ``L = R + λB``, ``M = λ``, ``m = λ``, ``G = 0`` (the regularised
    constants of d2d Claim 3.3, line 277, with ``B`` for ``D``)."""

    R: Fraction
    lam: Fraction = Fraction(0)
    key: ClassVar[str] = "linear"
    uses_labels: ClassVar[bool] = False

    def __post_init__(self) -> None:
        set_fields_exact(self, lam=self.lam, R=self.R)
        check_nonneg("lam", self.lam)
        check_nonneg("R", self.R, strict=True)

    def params(self):
        return {R: sympy_rational(self.R), lam: sympy_rational(self.lam)}

    def _declared(self):
        return {"L": R + lam * B, "M": lam, "m": lam, "G": sympy.S.Zero}

    def _values(self, mode, theta, X, y):
        _, reg = self._lam_term(mode, theta)
        return X @ theta + reg

    def _grads(self, mode, theta, X, y):
        return X + scalar_in(self.lam, mode) * theta[None, :]

    def _risk_hessian(self, mode, theta, X, y):
        return scalar_in(self.lam, mode) * identity_in(X.shape[1], mode)

    def quadratic_form(self, X, y=None):
        mode = mode_of(X)
        X = _as_matrix(X, mode)
        return scalar_in(self.lam, mode) * identity_in(X.shape[1], mode), -np.sum(X, axis=0) / X.shape[0]

    def risk_strong_convexity(self) -> Fraction:
        return self.lam

    def risk_smoothness_bound(self, X=None, y=None) -> Fraction:
        return self.lam

    def expression(self, d, symbolic=False):
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        yv = sympy.Symbol("y", real=True)
        lv = lam if symbolic else sympy_rational(self.lam)
        return sum(x * t for x, t in zip(xs, th)) + lv * sum(t**2 for t in th) / 2, th, xs, yv

    def reduction(self, name, domain):
        if name == "L":
            return Reduction("sup", _r + lam * _b, ((_r, 0, R), (_b, 0, B)), "‖x + λθ‖ ≤ ‖x‖ + λ‖θ‖")
        if name == "M":
            return Reduction("sup", lam, (), "∇²ℓ = λI")
        if name == "m":
            return Reduction("inf", lam, (), "∇²ℓ = λI")
        return Reduction("sup", sympy.S.Zero, (), "ℓ is quadratic in θ: ∇³ℓ = 0", polynomial=True)

    def witnesses(self, name, domain, d):
        c = domain.centre(d)
        if name == "L":
            th, u = farthest_and_direction(domain, d)
            return [{"theta": th, "x": self.R * u, "y": None}]
        return [{"theta": c, "x": zeros_in(d, "fraction"), "y": None, "v": unit_vector(d), "w": unit_vector(d)}]
