"""Scalar-generic numeric helpers: algorithms are written once over numpy arrays.

Three number modes, told apart by the array itself (:func:`mode_of`):

* ``"float"``    — dtype float64 (the fast mode);
* ``"mpmath"``   — dtype object holding :class:`mpmath.mpf`, computed at the *current* mpmath
  precision (set it with :func:`certunlearn.numeric.precision.workdps`);
* ``"fraction"`` — dtype object holding Fractions (exact): the package's C Fraction
  (:mod:`certunlearn.numeric.fraction`) or a user's :class:`fractions.Fraction`.

Rules shared by every helper:

1. **Promotion.** Arguments of different modes are promoted to the most exact one present,
   ``float < fraction < mpmath``. Floats convert exactly (every double is a dyadic rational), so a
   float ``0.1`` becomes ``Fraction(3602879701896397, 36028797018963968)``, not ``1/10``; pass the
   string ``"0.1"`` or a Fraction for the decimal. Python ints and strings carry no mode.
2. **Fraction in, Fraction out when the result is rational.** Otherwise the *whole* result is
   mpmath at the working precision: ``sqrt`` and ``norm`` (unless a perfect rational square),
   ``exp``/``log`` (rational only at 0 / 1), ``cholesky`` (unless every pivot is a perfect square),
   ``project_ball`` (when the projection is active and ‖x − c‖ is irrational). ``eigvalsh`` always
   returns mpmath for Fraction input. Check ``mode_of(result) == "fraction"`` where exactness is
   required.
3. **Rounding.** mpmath results are rounded to the working precision; steps that would round
   twice run with :data:`GUARD_BITS` extra bits first. Fractions are converted to mpf correctly
   rounded.
4. **Errors.** Singular (or, for :func:`cholesky`, non-positive-definite) matrices raise
   :class:`numpy.linalg.LinAlgError` in every mode. In the object modes ``sqrt``/``log`` of a
   negative number raise ValueError (mpmath would silently go complex); float mode keeps numpy's
   semantics (nan and a RuntimeWarning).
"""
from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator
from typing import Any, Literal

import mpmath
import numpy as np
from mpmath import libmp

from .fraction import RATIONAL_TYPES, Fraction

Mode = Literal["float", "mpmath", "fraction"]
#: Modes in promotion order (least to most exact).
MODES: tuple[Mode, ...] = ("float", "fraction", "mpmath")
#: Extra bits used inside mpmath computations before rounding back to the working precision.
GUARD_BITS = 32

_RANK = {m: i for i, m in enumerate(MODES)}
LinAlgError = np.linalg.LinAlgError


# --------------------------------------------------------------------------- modes and conversion
def _scalar_mode(v: Any) -> Mode | None:
    if isinstance(v, mpmath.mpf):
        return "mpmath"
    if isinstance(v, RATIONAL_TYPES):
        return "fraction"
    if isinstance(v, (int, np.integer, str)):  # carry no mode
        return None
    if isinstance(v, (float, np.floating)):
        return "float"
    raise TypeError(f"not a real number of any mode: {type(v).__name__}")


def _join(modes: Any) -> Mode | None:
    found = {m for m in modes if m is not None}
    return max(found, key=_RANK.__getitem__) if found else None


def _mode_or_none(x: Any) -> Mode | None:
    if x is None:
        return None
    if isinstance(x, np.ndarray):
        if x.dtype.kind in "biuf":
            return "float"
        if x.dtype != object:
            raise TypeError(f"unsupported dtype {x.dtype}")
        # an object array of ints only (or empty) holds exact rationals
        return _join(map(_scalar_mode, x.flat)) or "fraction"
    if isinstance(x, (list, tuple)):
        return _join(map(_scalar_mode, np.asarray(x, dtype=object).flat))
    return _scalar_mode(x)


def _common_mode(*xs: Any) -> Mode:
    return _join(map(_mode_or_none, xs)) or "float"


def common_mode(*arrays: Any) -> Mode:
    """The most exact mode among ``arrays`` (``None`` entries ignored; ``"float"`` if none)."""
    return _common_mode(*arrays)


def scalar(value: Any, mode: Mode) -> Any:
    """``value`` as a scalar of ``mode``."""
    return asarray(value, mode)[()]


@contextlib.contextmanager
def reference_precision(dps: int, *arrays: Any) -> Iterator[None]:
    """Object modes run at ≥ ``dps`` digits (never lowering the caller's precision); float mode as is."""
    if all(mode_of(a) == "float" for a in arrays if a is not None):
        yield
        return
    with mpmath.workdps(max(dps, mpmath.mp.dps)):
        yield


def mode_of(x: Any) -> Mode:
    """``"float"``, ``"mpmath"`` or ``"fraction"`` for an array (from its dtype and elements) or a
    scalar. An object array of ints only, or an empty one, is ``"fraction"``; a mix of mpf and
    Fraction is ``"mpmath"``; ints and strings outside object arrays are ``"float"``."""
    return _common_mode(x)


def _to_fraction(v: Any) -> Fraction:
    if isinstance(v, RATIONAL_TYPES):
        return v
    if isinstance(v, mpmath.mpf):
        if not mpmath.isfinite(v):
            raise ValueError(f"{v} is not a rational number")
        p, q = libmp.to_rational(v._mpf_)  # exact; note v.man_exp drops the sign
        return Fraction(int(p), int(q))
    if isinstance(v, (float, np.floating)):
        return Fraction(float(v))
    if isinstance(v, (int, np.integer)):
        return Fraction(int(v))
    if isinstance(v, str):
        return Fraction(v)  # exact decimal ("0.1") or "p/q"
    raise TypeError(f"cannot convert {type(v).__name__} to Fraction")


def _to_mpf(v: Any) -> mpmath.mpf:
    if isinstance(v, RATIONAL_TYPES):  # correctly rounded, one rounding
        prec = mpmath.mp.prec
        return mpmath.mp.make_mpf(
            libmp.from_rational(v.numerator, v.denominator, prec, libmp.round_nearest)
        )
    if isinstance(v, np.integer):
        v = int(v)
    elif isinstance(v, np.floating):
        v = float(v)
    if isinstance(v, (mpmath.mpf, int, float, str)):
        return mpmath.mpf(v)  # rounds to the working precision
    raise TypeError(f"cannot convert {type(v).__name__} to mpf")


_CONVERT: dict[str, Callable[[Any], Any]] = {"mpmath": _to_mpf, "fraction": _to_fraction}


def _check_mode(mode: str) -> None:
    if mode not in _RANK:
        raise ValueError(f"unknown mode {mode!r}; expected one of {MODES}")


def asarray(values: Any, mode: Mode = "float") -> np.ndarray:
    """An array of ``values`` in ``mode``.

    ``"float"``: float64 (no copy if already float64). ``"mpmath"``: object array of mpf at the
    working precision (Fractions correctly rounded, strings via ``mpf(str)``, mpf re-rounded).
    ``"fraction"``: object array of Fraction (floats and mpf exactly, strings as exact decimals).
    """
    _check_mode(mode)
    if mode == "float":
        return np.asarray(values, dtype=np.float64)
    src = np.asarray(values, dtype=object)
    if mode == "fraction" and all(type(v) in RATIONAL_TYPES for v in src.flat):
        return src.copy()  # nothing to convert (the common case of exact runs): a new array, as below
    return np.asarray(np.frompyfunc(_CONVERT[mode], 1, 1)(src), dtype=object)


def to_mode(x: Any, mode: Mode) -> np.ndarray:
    """Convert an array to ``mode`` (same conversions as :func:`asarray`; float → Fraction exact)."""
    return asarray(x, mode)


def _scalar(value: Any, mode: Mode) -> Any:
    return asarray(value, mode)[()]


def full(shape: int | tuple[int, ...], value: Any, mode: Mode = "float") -> np.ndarray:
    """An array of ``shape`` filled with ``value`` converted to ``mode``."""
    return np.full(shape, _scalar(value, mode), dtype=np.float64 if mode == "float" else object)


def zeros(shape: int | tuple[int, ...], mode: Mode = "float") -> np.ndarray:
    """An array of zeros in ``mode``."""
    return full(shape, 0, mode)


def eye(n: int, mode: Mode = "float") -> np.ndarray:
    """The ``n×n`` identity in ``mode``."""
    return asarray(np.eye(n), mode)


@contextlib.contextmanager
def _guard() -> Iterator[None]:
    with mpmath.workprec(mpmath.mp.prec + GUARD_BITS):
        yield


# --------------------------------------------------------------------------- elementwise functions
def _elementwise(
    x: Any,
    float_fn: Callable[[np.ndarray], Any],
    mp_fn: Callable[[mpmath.mpf], mpmath.mpf],
    exact_fn: Callable[[Fraction], Fraction | None],
    domain: Callable[[Any], bool],
    name: str,
) -> Any:
    mode = _common_mode(x)
    if mode == "float":
        return float_fn(np.asarray(x, dtype=np.float64))
    arr = asarray(x, mode)
    if not all(domain(v) for v in arr.flat):
        raise ValueError(f"{name} of a number outside its real domain")
    exact = [exact_fn(v) for v in arr.flat] if mode == "fraction" else [None]
    if all(r is not None for r in exact):
        out = asarray(np.array(exact, dtype=object).reshape(arr.shape), "fraction")
    else:
        with _guard():  # Fractions enter with extra bits: one final rounding
            raw = np.frompyfunc(mp_fn, 1, 1)(asarray(arr, "mpmath"))
        out = asarray(raw, "mpmath")
    return out[()] if out.ndim == 0 else out


def _exact_sqrt(v: Fraction) -> Fraction | None:
    p, q = math.isqrt(v.numerator), math.isqrt(v.denominator)
    return Fraction(p, q) if p * p == v.numerator and q * q == v.denominator else None


def sqrt(x: Any) -> Any:
    """Elementwise square root. Fraction input stays Fraction only if every entry is the square of
    a rational; otherwise the whole result is mpmath."""
    return _elementwise(x, np.sqrt, mpmath.sqrt, _exact_sqrt, lambda v: v >= 0, "sqrt")


def exp(x: Any) -> Any:
    """Elementwise exponential (Fraction input stays Fraction only if every entry is 0)."""
    return _elementwise(
        x, np.exp, mpmath.exp, lambda v: Fraction(1) if v == 0 else None, lambda v: True, "exp"
    )


def log(x: Any) -> Any:
    """Elementwise natural logarithm (Fraction input stays Fraction only if every entry is 1)."""
    return _elementwise(
        x, np.log, mpmath.log, lambda v: Fraction(0) if v == 1 else None, lambda v: v >= 0, "log"
    )


# --------------------------------------------------------------------------- products and norms
def dot(a: Any, b: Any) -> Any:
    """``numpy.dot`` in the common mode of ``a`` and ``b`` (object modes: Python arithmetic at the
    working precision)."""
    mode = _common_mode(a, b)
    out = np.dot(asarray(a, mode), asarray(b, mode))
    if mode == "float":
        return out
    out = asarray(out, mode)  # e.g. an empty sum is the int 0
    return out[()] if out.ndim == 0 else out


def sqnorm(x: Any) -> Any:
    """Squared Euclidean norm of all entries (exact for Fractions; mpmath summed exactly, rounded
    once)."""
    mode = _common_mode(x)
    arr = asarray(x, mode).ravel()
    if mode == "float":
        return np.dot(arr, arr)
    if mode == "fraction":
        return sum((v * v for v in arr), Fraction(0))
    return mpmath.fsum(arr, squared=True)


def norm(x: Any) -> Any:
    """Euclidean norm of all entries (Frobenius for matrices); Fraction input gives a Fraction only
    when the squared norm is a rational square, else mpmath."""
    mode = _common_mode(x)
    if mode == "float":
        return np.linalg.norm(np.asarray(x, dtype=np.float64).ravel())
    if mode == "fraction":
        return sqrt(sqnorm(x))
    with _guard():
        r = mpmath.sqrt(sqnorm(x))
    return +r


# --------------------------------------------------------------------------- linear algebra
def _square(A: np.ndarray) -> int:
    if A.ndim != 2 or A.shape[0] != A.shape[1]:
        raise LinAlgError(f"expected a square matrix, got shape {A.shape}")
    return A.shape[0]


def _mp_matrix(A: np.ndarray) -> mpmath.matrix:
    return mpmath.matrix(A.tolist())


def _from_mp(M: mpmath.matrix) -> np.ndarray:
    return asarray(np.array(M.tolist(), dtype=object), "mpmath")


def _lower_symmetric(A: np.ndarray) -> np.ndarray:
    """The symmetric matrix defined by the lower triangle of ``A`` (numpy's ``UPLO='L'``)."""
    low = np.tril(A)
    return low + np.tril(A, -1).T


def _fraction_reduce(A: np.ndarray, B: np.ndarray) -> tuple[Fraction, np.ndarray | None]:
    """Exact Gauss–Jordan on ``[A | B]``: ``(det A, A⁻¹B)``, or ``(0, None)`` if A is singular."""
    n = A.shape[0]
    rows = [list(A[i]) + list(B[i]) for i in range(n)]
    det = Fraction(1)
    for c in range(n):
        p = next((r for r in range(c, n) if rows[r][c] != 0), None)
        if p is None:
            return Fraction(0), None
        if p != c:
            rows[c], rows[p] = rows[p], rows[c]
            det = -det
        pivot = rows[c][c]
        det *= pivot
        rows[c] = [v / pivot for v in rows[c]]
        for r in range(n):
            f = rows[r][c]
            if r != c and f != 0:
                rows[r] = [u - f * v for u, v in zip(rows[r], rows[c])]
    return det, np.array([row[n:] for row in rows], dtype=object).reshape(B.shape)


def solve(A: Any, b: Any) -> np.ndarray:
    """Solve ``A x = b`` (``b`` a vector or a matrix of right-hand sides). float: numpy;
    mpmath: ``mpmath.lu_solve`` per column; fraction: exact Gaussian elimination."""
    mode = _common_mode(A, b)
    A, b = asarray(A, mode), asarray(b, mode)
    n = _square(A)
    if b.ndim not in (1, 2) or b.shape[0] != n:
        raise ValueError(f"right-hand side of shape {b.shape} does not fit a {n}×{n} matrix")
    if mode == "float":
        return np.linalg.solve(A, b)
    cols = b.reshape(n, -1)
    if mode == "fraction":
        _, x = _fraction_reduce(A, cols)
        if x is None:
            raise LinAlgError("Singular matrix")
        return asarray(x.reshape(b.shape), mode)
    M = _mp_matrix(A)
    try:
        xs = [mpmath.lu_solve(M, mpmath.matrix(list(col))) for col in cols.T]
    except ZeroDivisionError as e:
        raise LinAlgError("Singular matrix") from e
    x = np.array([[xk[i] for xk in xs] for i in range(n)], dtype=object)
    return asarray(x.reshape(b.shape), mode)


def inv(A: Any) -> np.ndarray:
    """Matrix inverse (fraction: exact; mpmath: ``mpmath.inverse``)."""
    mode = _common_mode(A)
    A = asarray(A, mode)
    n = _square(A)
    if mode == "float":
        return np.linalg.inv(A)
    if mode == "fraction":
        return solve(A, eye(n, mode))
    try:
        return _from_mp(mpmath.inverse(_mp_matrix(A)))
    except ZeroDivisionError as e:
        raise LinAlgError("Singular matrix") from e


def det(A: Any) -> Any:
    """Determinant (fraction: exact; mpmath: ``mpmath.det`` with guard bits)."""
    mode = _common_mode(A)
    A = asarray(A, mode)
    n = _square(A)
    if mode == "float":
        return np.linalg.det(A)
    if mode == "fraction":
        return _fraction_reduce(A, np.empty((n, 0), dtype=object))[0]
    with _guard():
        d = mpmath.det(_mp_matrix(A))
    return +d


def eigvalsh(A: Any) -> np.ndarray:
    """Eigenvalues, ascending, of the symmetric matrix given by the lower triangle of ``A``.
    float: numpy; mpmath: ``mpmath.eigsy``; fraction: converted to mpmath (with guard bits),
    result in mpmath mode."""
    mode = _common_mode(A)
    A = asarray(A, mode)
    _square(A)
    if mode == "float":
        return np.linalg.eigvalsh(A)
    with _guard():
        E = mpmath.eigsy(_mp_matrix(asarray(_lower_symmetric(A), "mpmath")), eigvals_only=True)
        vals = sorted(E[i] for i in range(E.rows))
    return asarray(np.array(vals, dtype=object), "mpmath")


def cholesky(A: Any) -> np.ndarray:
    """Lower-triangular ``L`` with ``L Lᵀ = A`` (lower triangle of ``A`` used, as numpy does).
    fraction: exact ``LDLᵀ``, then ``L·√D`` — Fraction if every pivot is a rational square, else
    mpmath; mpmath: ``mpmath.cholesky`` with guard bits."""
    mode = _common_mode(A)
    A = asarray(A, mode)
    n = _square(A)
    if mode == "float":
        return np.linalg.cholesky(A)
    if mode == "mpmath":
        try:
            with _guard():
                L = mpmath.cholesky(_mp_matrix(_lower_symmetric(A)))
        except ValueError as e:
            raise LinAlgError("Matrix is not positive definite") from e
        return _from_mp(L)
    unit, d = eye(n, "fraction"), []
    for j in range(n):
        d.append(A[j, j] - sum((unit[j, k] ** 2 * d[k] for k in range(j)), Fraction(0)))
        if d[j] <= 0:
            raise LinAlgError("Matrix is not positive definite")
        for i in range(j + 1, n):
            s = sum((unit[i, k] * unit[j, k] * d[k] for k in range(j)), Fraction(0))
            unit[i, j] = (A[i, j] - s) / d[j]
    with _guard():
        root = sqrt(asarray(d, "fraction"))
        out_mode = mode_of(root)
        L = asarray(unit, out_mode) * root[np.newaxis, :]
    return asarray(L, out_mode)


# --------------------------------------------------------------------------- projections
def project_box(x: Any, lo: Any = None, hi: Any = None) -> np.ndarray:
    """Clip ``x`` into ``[lo, hi]`` elementwise (scalars or arrays; ``None`` = unbounded).
    Exact in every mode."""
    mode = _common_mode(x, lo, hi)
    out = asarray(x, mode).copy()
    lo = None if lo is None else asarray(lo, mode)
    hi = None if hi is None else asarray(hi, mode)
    if lo is not None and hi is not None and np.any(lo > hi):
        raise ValueError("empty box: lo > hi")
    if lo is not None:
        out = np.maximum(out, lo)
    if hi is not None:
        out = np.minimum(out, hi)
    return out


def project_ball(x: Any, radius: Any, center: Any = None) -> np.ndarray:
    """Euclidean projection of ``x`` onto the ball ``‖y − center‖ ≤ radius``.

    Points inside are returned unchanged (a copy). Fraction mode: exact inside; when the projection
    is active the factor ``radius/‖x − c‖`` is irrational unless ‖x − c‖ is rational, and the result
    is then mpmath at the working precision (rule 2 of the module doc)."""
    mode = _common_mode(x, radius, center)
    x = asarray(x, mode)
    r = _scalar(radius, mode)
    if r < 0:
        raise ValueError(f"negative radius {radius}")
    c = None if center is None else asarray(center, mode)
    y = x if c is None else x - c
    if mode == "float":
        s = sqnorm(y)
        if s <= r * r:
            return x.copy()
        return y * (r / np.sqrt(s)) + (0.0 if c is None else c)
    with _guard():  # mpmath: scale at extra precision, round once at the end
        s = sqnorm(y)
        if s <= r * r:
            return x.copy()
        root = sqrt(s)
        out_mode = mode_of(root)
        y = asarray(y, out_mode)
        out = y * (_scalar(r, out_mode) / root)
        if c is not None:
            out = out + asarray(c, out_mode)
    return asarray(out, out_mode)
