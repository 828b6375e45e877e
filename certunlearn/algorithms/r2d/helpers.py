"""Rewind-to-Delete: argument checks and the exact gradient-descent step shared by Algorithms 1–3.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. Exact scalars and arrays, the domain Θ (iterates checked against it), the unprojected descent
θ_{t+1} = θ_t − η∇f_D(θ_t) (eq. (1)), and :func:`delete_rows` (D' = D \\ Z).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import mpmath
import numpy as np
import sympy

from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ..parameters import exact_scalar
from ...errors import AssumptionViolatedError, InvalidParameterError
from ...numeric import linalg as la
from ...numeric.enclosure import Decision, decide
from ...numeric.precision import DEFAULT_DPS, workdps
from ...numeric.sympy_arb import arb_eval
from ...problems.domains import Domain, Whole
from ...problems.losses import LossFamily


# =========================================================================== small helpers
def as_count(value: Any, name: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer, *RATIONAL_TYPES, sympy.Integer)):
        if isinstance(value, sympy.Rational) and value.q == 1:
            value = int(value)
        else:
            raise InvalidParameterError(name, f"must be an integer, got {value!r}")
    if isinstance(value, RATIONAL_TYPES):
        if value.denominator != 1:
            raise InvalidParameterError(name, f"must be an integer, got {value}")
        value = value.numerator
    value = int(value)
    if value < low:
        raise InvalidParameterError(name, f"must be ≥ {low}, got {value}")
    return value


def as_exact(value: Any, name: str) -> sympy.Expr:
    """A finite real scalar as an exact sympy number (floats exactly, decimal strings as decimals;
    sympy expressions such as √2·e^{−1/2} kept exact)."""
    if isinstance(value, bool):
        raise InvalidParameterError(name, "a boolean is not a number")
    if isinstance(value, sympy.Basic):
        v = sympy.sympify(value)
        if v.free_symbols or not v.is_real or v.is_finite is False or v.has(sympy.nan, sympy.zoo):
            raise InvalidParameterError(name, f"{value} is not a finite real number")
        return v
    q = exact_scalar(value, name)
    return sympy.Rational(q.numerator, q.denominator)


def sign_of(v: sympy.Expr) -> int:
    """The sign of an exact number, decided on enclosures."""
    if v.is_Rational:
        return int(bool(v > 0)) - int(bool(v < 0))
    if v.is_zero:
        return 0
    c = decide(lambda: arb_eval(v), ">", 0)
    if c.decision is Decision.TRUE:
        return 1
    c = decide(lambda: arb_eval(v), "<", 0)
    if c.decision is Decision.TRUE:
        return -1
    return 0


def as_positive(value: Any, name: str, why: str = "") -> sympy.Expr:
    v = as_exact(value, name)
    if sign_of(v) <= 0:
        raise InvalidParameterError(name, f"must be > 0{why}, got {value!r}")
    return v


def _rational(value: Any, name: str) -> Fraction:
    v = as_exact(value, name)
    if not v.is_Rational:
        raise InvalidParameterError(name, f"must be rational (a float, int, Fraction or decimal string), got {value}")
    return Fraction(int(v.p), int(v.q))


def as_step(eta: Any) -> Fraction:
    q = _rational(eta, "eta")
    if q <= 0:
        raise InvalidParameterError("eta", f"the step size must be > 0, got {eta!r}")
    return q


def _array(value: Any, name: str) -> np.ndarray:
    """``value`` as an array in its own mode; mpf entries are kept as they are (never re-rounded to a lower
    precision), other entries of an mpmath array are converted at ≥ DEFAULT_DPS digits."""
    arr = value if isinstance(value, np.ndarray) else np.asarray(value, dtype=object)
    if arr.dtype == object:
        try:
            mode = la.mode_of(arr)
            if mode == "mpmath":
                with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):
                    conv = np.frompyfunc(lambda v: v if isinstance(v, mpmath.mpf) else la.asarray(v, "mpmath")[()],
                                         1, 1)
                    arr = np.asarray(conv(arr), dtype=object)
            else:
                arr = la.asarray(arr, mode)
        except TypeError as e:
            raise InvalidParameterError(name, f"entries must be real numbers: {e}") from e
    elif arr.dtype.kind not in "fiu":
        raise InvalidParameterError(name, f"unsupported dtype {arr.dtype}")
    return arr


def as_vector(theta: Any, name: str) -> np.ndarray:
    arr = _array(theta, name)
    if arr.ndim != 1 or arr.shape[0] == 0:
        raise InvalidParameterError(name, f"expected a non-empty vector, got shape {arr.shape}")
    return arr


def as_domain(domain: Domain | None) -> Domain:
    if domain is None:
        return Whole()
    if not isinstance(domain, Domain):
        raise InvalidParameterError("domain", f"expected a Domain, got {type(domain).__name__}")
    return domain


def _bounded(domain: Domain) -> bool:
    return domain.norm_bound() is not sympy.oo


def checked_data(loss: LossFamily, X: Any, y: Any, domain: Domain, name: str = "X") -> tuple[np.ndarray, Any]:
    """``(X, y)`` checked against the loss's declared data assumptions (AssumptionViolatedError naming the
    assumption) and the domain's dimension."""
    if not isinstance(loss, LossFamily):
        raise InvalidParameterError("loss", f"expected a LossFamily, got {type(loss).__name__}")
    X = _array(X, name)
    if X.ndim == 1 and loss.dim == 1:
        X = X.reshape(-1, 1)
    if X.ndim != 2 or X.shape[0] == 0:
        raise InvalidParameterError(name, f"expected a non-empty n×d array, got shape {X.shape}")
    if domain.dim is not None and domain.dim != X.shape[1]:
        raise InvalidParameterError(name, f"points have dimension {X.shape[1]}, the domain {domain.dim}")
    if loss.uses_labels:
        if y is None:
            raise InvalidParameterError("y", f"{type(loss).__name__} needs labels")
        y = _array(y, "y").reshape(-1)
        if y.shape[0] != X.shape[0]:
            raise InvalidParameterError("y", f"has {y.shape[0]} labels for {X.shape[0]} points")
    else:
        y = None
    loss.check_data(X, y)
    return X, y


def initial_point(domain: Domain, theta0: Any, d: int, mode: str) -> np.ndarray:
    if theta0 is None:
        c = domain.centre(d)
        with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):
            return la.asarray(c, mode)
    theta = as_vector(theta0, "theta0")
    if theta.shape[0] != d:
        raise InvalidParameterError("theta0", f"has dimension {theta.shape[0]}, the data {d}")
    if not domain.contains(theta):
        raise InvalidParameterError("theta0", "must lie in Θ (Algorithm 1, line 83: initial point θ_0 ∈ Θ)")
    return theta


def _check_iterate(domain: Domain, theta: np.ndarray, t: int, where: str) -> None:
    if not domain.contains(theta):
        raise AssumptionViolatedError(
            "θ_t ∈ Θ", f"iterate {t} of {where} left Θ = {domain}; the gradient bound G of Theorem 3.1 is declared "
                       f"only on Θ (line 135) and the descent is unprojected")


def distinct_rows(X: np.ndarray, y: Any) -> tuple[np.ndarray, np.ndarray] | None:
    """The distinct rows of an exact, unlabelled X (rows of Fractions) and their multiplicities, when some row
    repeats; else None."""
    if y is not None or X.dtype != object:
        return None
    counts: dict[tuple, int] = {}
    for row in X:
        key = tuple(row)
        counts[key] = counts.get(key, 0) + 1
    if len(counts) == X.shape[0] or not all(type(v) in RATIONAL_TYPES for key in counts for v in key):
        return None
    return np.asarray(list(counts), dtype=object), np.asarray(list(counts.values()), dtype=object)


def mean_grad(loss: LossFamily, X: np.ndarray, y: Any, theta: np.ndarray,
              distinct: tuple[np.ndarray, np.ndarray] | None) -> np.ndarray:
    """∇f_D(θ) = (1/n)Σ_i ∇f_{z_i}(θ) (line 61). With ``distinct`` (:func:`distinct_rows`) and a rational θ whose
    per-sample gradients are Fractions, summed over the distinct rows times their multiplicities: exact rational
    arithmetic, so the same Fractions as ``loss.risk_grad`` with one gradient per distinct row; otherwise
    ``loss.risk_grad``."""
    if distinct is not None and la.mode_of(theta) == "fraction":
        rows, counts = distinct
        g = loss.grads(theta, rows)
        if all(type(v) in RATIONAL_TYPES for v in g.flat):
            return (g * counts[:, None]).sum(axis=0) / X.shape[0]
    return loss.risk_grad(theta, X, y)


_ROWS = object()  # descend's default: find the distinct rows of X itself


def descend(loss: LossFamily, X: np.ndarray, y: Any, theta: np.ndarray, eta: Fraction, steps: int, *,
            domain: Domain, check: bool, where: str, record: list[np.ndarray] | None = None,
            distinct: Any = _ROWS) -> np.ndarray:
    """``steps`` gradient steps ``θ ← θ − η∇f_D(θ)`` (the loops of Algorithm 1 line 85 and Algorithm 2 line 96);
    ∇f_D by :func:`mean_grad` (``distinct``: X's :func:`distinct_rows`, found here unless given)."""
    check = check and _bounded(domain)
    if distinct is _ROWS:
        distinct = distinct_rows(X, y) if steps else None
    for t in range(1, steps + 1):
        g = mean_grad(loss, X, y, theta, distinct)
        mode = la.common_mode(theta, g)
        theta = la.asarray(theta, mode) - la.scalar(eta, mode) * la.asarray(g, mode)
        if check:
            _check_iterate(domain, theta, t, where)
        if record is not None:
            record.append(theta)
    return theta


def delete_rows(X: Any, y: Any, indices: Sequence[int]) -> tuple[np.ndarray, Any]:
    """``D' = D \\ Z`` for ``Z`` = the rows ``indices`` (distinct, in range; at least one, not all).
    Rows keep their order."""
    X = _array(X, "X")
    n = X.shape[0]
    try:
        idx = [int(i) for i in indices]
    except (TypeError, ValueError) as e:
        raise InvalidParameterError("indices", f"expected row indices, got {indices!r}") from e
    if not idx:
        raise InvalidParameterError("indices", "nothing to delete (m = 0)")
    if len(set(idx)) != len(idx):
        raise InvalidParameterError("indices", "row indices must be distinct")
    if any(i < 0 or i >= n for i in idx):
        raise InvalidParameterError("indices", f"row indices must lie in [0, {n})")
    if len(idx) >= n:
        raise InvalidParameterError("m", f"deleting m = {len(idx)} ≥ n = {n} points leaves no data (m < n, line 352)")
    keep = np.ones(n, dtype=bool)
    keep[idx] = False
    return X[keep], (None if y is None else _array(y, "y").reshape(-1)[keep])
