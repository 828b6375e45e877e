"""Rewind-to-Delete (Mu & Klabjan): reference implementations.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``; line numbers below refer to it.

* Learning — :func:`learn` (Algorithm 1, lines 82–91): full-batch gradient descent with constant step η
  for T steps from θ_0, the checkpoint θ_{T−K} kept (line 87), the model θ_T published with Gaussian
  noise ``θ̃ = θ_T + ξ``, ``ξ ~ N(0, σ²I_d)`` (lines 88–89; :func:`publish`).
* Unlearning — :func:`unlearn` (Algorithm 2, lines 92–100): rewind to the checkpoint, K gradient steps on
  the retained data ``D' = D \\ Z`` (all m deleted points at once), published with the same σ.
* Checkpoint recovery without a saved checkpoint — :func:`recover_checkpoint` (Algorithm 3, lines
  119–125): K backward proximal steps ``θ''_t = argmin_x {−f_D(x) + ‖x − θ''_{t−1}‖²/(2η)}`` (line 123),
  each the inverse of one gradient step when ``η < 1/L`` (Lemma 2.3, lines 113–115; proof lines 321–338,
  Lemma A.1 line 329). Each subproblem is solved to a stated tolerance with a certified a-posteriori
  error bound, and the accumulated recovery error is carried into the certificate (:class:`Recovery`).
* The retrained model — :func:`retrain`: Algorithm 1 from the same θ_0 on ``D'`` for T steps (the iterates
  ``θ'_t`` of eqs. (8)–(10), lines 362–366, against which Theorem 3.1 compares the unlearned model).
* Noise — :func:`noise_scale` (σ of Theorem 3.1, eq. (3), line 137, with h(K) of line 141, evaluated from
  the claim's ``prescribed["sigma"]``), :func:`smallest_rewind` (the smallest K meeting a target σ) and
  :func:`corollary_rewind_bound` (Corollary 3.2, eq. (5), line 153; proof lines 557–573),
  :func:`sensitivity_bound` (the mean-shift bound of line 437) and :func:`calibrated_noise` (the same
  sensitivity through ``privacy.calibrate``, e.g. the exact Balle–Wang calibration).
* :class:`RewindToDelete` drives learning, (sequential, Remark 3.3 lines 161–163) deletions and
  retraining, returning :class:`~certunlearn.algorithms.release.Release` objects with certificates.

Indexing convention (Algorithms 1–3; Appendix B lines 362–368)
--------------------------------------------------------------
``θ_0`` is the initial point; ``θ_t = θ_{t−1} − η∇f_D(θ_{t−1})`` for ``t = 1, …, T`` — **T is the number
of gradient steps** and ``θ_T`` the learned model. The **checkpoint is θ_{T−K}**, the iterate after
``T − K`` steps (``0 ≤ K ≤ T``). Unlearning starts at ``θ''_0 = θ_{T−K}`` and takes K steps on
``f_{D'}``: ``θ''_K`` is the unlearned model. The retrained model is ``θ'_T`` (T steps on ``f_{D'}`` from the
same θ_0). Hence K = T rewinds to the start and ``θ''_K = θ'_T`` exactly (line 159: "a noiseless full
retrain"), and K = 0 returns ``θ_T``. Algorithm 3 starts at ``θ''_0 = θ_T`` and after K proximal steps
returns an approximation of ``θ_{T−K}``. The descent is **unprojected** (no Θ in Algorithms 1–2); on a
bounded Θ every iterate is checked to stay in Θ, where the gradient bound G is declared (Theorem 3.1,
line 135). ``f_D = (1/n)Σ f_{z_i}`` (line 61); ``n = |D|``, ``m = |Z|`` (all deletions so far).

Constants: the paper's **L** is the smoothness of every ``f_z`` and **G** its gradient bound; in a
:class:`~certunlearn.problems.LossFamily` these are the declared ``M`` and ``L`` (see :func:`paper_constants`).

Number modes: every function is written once over numpy arrays — float64 input runs in float64, object
arrays of ``Fraction`` run exactly (rational losses: :class:`~certunlearn.problems.Linear`,
:class:`~certunlearn.problems.nonconvex.ConcaveQuadratic`, quadratics), of ``mpmath.mpf`` (or Fractions
with a non-rational loss) at ≥ ``dps`` = 50 digits. Gradient descent is deterministic, so the unlearned and
retrained means are computed exactly (Fraction) or to 50 digits (mpmath). Randomness is only the Gaussian
of :func:`publish`, drawn from a ``numpy.random.Generator`` passed in.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
import sympy
from flint import arb

from ..errors import AssumptionViolatedError, InvalidParameterError
from ..numeric import linalg as la
from ..numeric.enclosure import Decision, arb_upper_float, decide, to_arb
from ..numeric.precision import DEFAULT_DPS, bits_for_digits, workdps, workprec
from ..numeric.sympy_arb import arb_eval
from ..problems.domains import Domain, Whole
from ..problems.losses import LossFamily
from .parameters import resolve_claim, theorem_parameters
from .release import Certificate, GaussianRelease, Release, record_rng

__all__ = [
    # printed expressions
    "DEFAULT_CLAIM",
    # algorithms
    "Learned", "learn", "unlearn", "retrain", "descent_path", "publish", "PointMass", "delete_rows",
    "ProxSolution", "prox_step", "Recovery", "recover_checkpoint",
    # noise
    "noise_scale", "h_factor", "sensitivity_bound", "calibrated_noise", "smallest_rewind",
    "corollary_rewind_bound", "paper_constants",
    # driver
    "R2DState", "RewindToDelete", "GUARANTEES",
]

# =========================================================================== printed expressions
#: Symbols of the printed formulas, by the names :func:`noise_scale` passes to ``theorem_parameters``.
def _printed(name: str) -> sympy.Expr:
    """A printed formula of the paper, from its one home in :mod:`certunlearn.claims.r2d` (``H_K``,
    ``SENSITIVITY_31``, ``C_DR``, ``K_BOUND_32``, …; imported lazily: claims import algorithms). Its free
    symbols are named ``n``, ``m``, ``eta``, ``L``, ``G``, ``T``, ``K``, ``epsilon``, ``delta``, ``sigma``."""
    from ..claims import r2d as printed

    return getattr(printed, name)


#: The claim whose ``prescribed["sigma"]`` :func:`noise_scale` evaluates by default.
DEFAULT_CLAIM = "r2d.thm3.1"

#: Guarantee statements by claim id.
GUARANTEES: dict[str, str] = {
    "r2d.thm3.1": "(ε, δ)-certified unlearning (Definition 2.2, line 78): the published N(θ''_K, σ²I) of Algorithm 2 "
                  "is (ε, δ)-indistinguishable from Algorithm 1 on D \\ Z, N(θ'_T, σ²I) (Theorem 3.1, lines 133–143)",
}
_DEFAULT_GUARANTEE = {
    "learn": "learning release of Algorithm 1 (lines 82–91): N(θ_T, σ²I)",
    "unlearn": "(ε, δ)-certified unlearning of m points (Definition 2.2, line 78; Theorem 3.1): N(θ''_K, σ²I) ≈ "
               "N(θ'_T, σ²I)",
    "retrain": "retraining baseline A(D \\ Z) (Definition 2.2, line 78): Algorithm 1 on the retained data from the "
               "same θ_0, N(θ'_T, σ²I)",
}


# =========================================================================== small helpers
def _count(value: Any, name: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer, Fraction, sympy.Integer)):
        if isinstance(value, sympy.Rational) and value.q == 1:
            value = int(value)
        else:
            raise InvalidParameterError(name, f"must be an integer, got {value!r}")
    if isinstance(value, Fraction):
        if value.denominator != 1:
            raise InvalidParameterError(name, f"must be an integer, got {value}")
        value = value.numerator
    value = int(value)
    if value < low:
        raise InvalidParameterError(name, f"must be ≥ {low}, got {value}")
    return value


def _exact(value: Any, name: str) -> sympy.Expr:
    """A finite real scalar as an exact sympy number (floats exactly, decimal strings as decimals;
    sympy expressions such as √2·e^{−1/2} kept exact)."""
    if isinstance(value, bool):
        raise InvalidParameterError(name, "a boolean is not a number")
    if isinstance(value, sympy.Basic):
        v = sympy.sympify(value)
        if v.free_symbols or not v.is_real or v.is_finite is False or v.has(sympy.nan, sympy.zoo):
            raise InvalidParameterError(name, f"{value} is not a finite real number")
        return v
    if isinstance(value, (float, np.floating)) and not math.isfinite(float(value)):
        raise InvalidParameterError(name, f"{value} is not finite")
    try:
        q = la.to_mode(np.asarray(value, dtype=object), "fraction")[()]
    except (TypeError, ValueError, OverflowError, ArithmeticError) as e:
        raise InvalidParameterError(name, f"{value!r} is not a finite real number") from e
    if not isinstance(q, Fraction):
        raise InvalidParameterError(name, f"expected a scalar, got {value!r}")
    return sympy.Rational(q.numerator, q.denominator)


def _sign(v: sympy.Expr) -> int:
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


def _positive(value: Any, name: str, why: str = "") -> sympy.Expr:
    v = _exact(value, name)
    if _sign(v) <= 0:
        raise InvalidParameterError(name, f"must be > 0{why}, got {value!r}")
    return v


def _rational(value: Any, name: str) -> Fraction:
    v = _exact(value, name)
    if not v.is_Rational:
        raise InvalidParameterError(name, f"must be rational (a float, int, Fraction or decimal string), got {value}")
    return Fraction(int(v.p), int(v.q))


def _step(eta: Any) -> Fraction:
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


def _vector(theta: Any, name: str) -> np.ndarray:
    arr = _array(theta, name)
    if arr.ndim != 1 or arr.shape[0] == 0:
        raise InvalidParameterError(name, f"expected a non-empty vector, got shape {arr.shape}")
    return arr


def _domain(domain: Domain | None) -> Domain:
    if domain is None:
        return Whole()
    if not isinstance(domain, Domain):
        raise InvalidParameterError("domain", f"expected a Domain, got {type(domain).__name__}")
    return domain


def _bounded(domain: Domain) -> bool:
    return domain.norm_bound() is not sympy.oo


def _data(loss: LossFamily, X: Any, y: Any, domain: Domain, name: str = "X") -> tuple[np.ndarray, Any]:
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


def _initial(domain: Domain, theta0: Any, d: int, mode: str) -> np.ndarray:
    if theta0 is None:
        c = domain.centre(d)
        with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):
            return la.asarray(c, mode)
    theta = _vector(theta0, "theta0")
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


def _descend(loss: LossFamily, X: np.ndarray, y: Any, theta: np.ndarray, eta: Fraction, steps: int, *,
             domain: Domain, check: bool, where: str, record: list[np.ndarray] | None = None) -> np.ndarray:
    """``steps`` gradient steps ``θ ← θ − η∇f_D(θ)`` (the loops of Algorithm 1 line 85 and Algorithm 2 line 96)."""
    check = check and _bounded(domain)
    for t in range(1, steps + 1):
        g = loss.risk_grad(theta, X, y)
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


# =========================================================================== Algorithms 1 and 2
@dataclass(frozen=True, eq=False)
class Learned:
    """The secret output of Algorithm 1: the model ``θ_T``, the checkpoint ``θ_{T−K}`` (line 87), θ_0, T, K."""

    model: np.ndarray
    checkpoint: np.ndarray
    theta0: np.ndarray
    T: int
    K: int


def _schedule(T: Any, K: Any) -> tuple[int, int]:
    T = _count(T, "T")
    K = _count(K, "K")
    if K > T:
        raise InvalidParameterError("K", f"the rewind K = {K} exceeds the number of learning steps T = {T} (0 ≤ K ≤ T)")
    return T, K


def descent_path(loss: LossFamily, X: Any, y: Any = None, *, eta: Any, T: int, theta0: Any = None,
                 domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> list[np.ndarray]:
    """All iterates ``[θ_0, θ_1, …, θ_T]`` of gradient descent on ``f_D`` (Algorithm 1 line 85; eq. (9), line 365)."""
    domain = _domain(domain)
    X, y = _data(loss, X, y, domain)
    T = _count(T, "T")
    eta_q = _step(eta)
    theta = _initial(domain, theta0, X.shape[1], la.common_mode(X, y))
    path = [theta]
    with la.reference_precision(dps, theta, X, y):
        _descend(loss, X, y, theta, eta_q, T, domain=domain, check=check_iterates, where="gradient descent",
                 record=path)
    return path


def learn(loss: LossFamily, X: Any, y: Any = None, *, T: int, K: int, eta: Any, theta0: Any = None,
          domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> Learned:
    """Algorithm 1 (lines 82–91) without its noise: T gradient steps on ``f_D`` from ``θ_0 = theta0`` (default:
    the centre of Θ — the origin on R^d — in the mode of the data), keeping the checkpoint ``θ_{T−K}``.
    Publish with :func:`publish` (lines 88–89)."""
    domain = _domain(domain)
    X, y = _data(loss, X, y, domain)
    T, K = _schedule(T, K)
    eta_q = _step(eta)
    theta0 = _initial(domain, theta0, X.shape[1], la.common_mode(X, y))
    with la.reference_precision(dps, theta0, X, y):
        checkpoint = _descend(loss, X, y, theta0, eta_q, T - K, domain=domain, check=check_iterates,
                              where="Algorithm 1")
        model = _descend(loss, X, y, checkpoint, eta_q, K, domain=domain, check=check_iterates, where="Algorithm 1")
    return Learned(model, checkpoint, theta0, T, K)


def unlearn(loss: LossFamily, X_retained: Any, y_retained: Any, checkpoint: Any, *, K: int, eta: Any,
            domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> np.ndarray:
    """Algorithm 2 (lines 92–100) without its noise: ``θ''_0 = checkpoint`` (θ_{T−K}, line 94) and K gradient steps
    on ``f_{D'}``, ``D'`` = the retained data (line 96). Returns ``θ''_K``; publish with :func:`publish`."""
    domain = _domain(domain)
    X, y = _data(loss, X_retained, y_retained, domain, "X_retained")
    K = _count(K, "K")
    eta_q = _step(eta)
    theta = _vector(checkpoint, "checkpoint")
    if theta.shape[0] != X.shape[1]:
        raise InvalidParameterError("checkpoint", f"has dimension {theta.shape[0]}, the data {X.shape[1]}")
    with la.reference_precision(dps, theta, X, y):
        return _descend(loss, X, y, theta, eta_q, K, domain=domain, check=check_iterates, where="Algorithm 2")


def retrain(loss: LossFamily, X_retained: Any, y_retained: Any = None, *, T: int, eta: Any, theta0: Any = None,
            domain: Domain | None = None, check_iterates: bool = True, dps: int = DEFAULT_DPS) -> np.ndarray:
    """The retrained model ``θ'_T`` = Algorithm 1 on the retained data ``D'`` from the same θ_0 for T steps
    (eqs. (8)–(10), lines 362–366; Definition 2.2's ``A(D \\ Z)``, line 78). Without noise."""
    domain = _domain(domain)
    X, y = _data(loss, X_retained, y_retained, domain, "X_retained")
    T = _count(T, "T")
    eta_q = _step(eta)
    theta = _initial(domain, theta0, X.shape[1], la.common_mode(X, y))
    with la.reference_precision(dps, theta, X, y):
        return _descend(loss, X, y, theta, eta_q, T, domain=domain, check=check_iterates, where="retraining")


@dataclass(frozen=True, eq=False)
class PointMass:
    """The law of an unperturbed release (σ = 0: K = T or m = 0 make σ of eq. (3) vanish, line 159)."""

    mean: np.ndarray
    sigma: int = 0

    @property
    def dim(self) -> int:
        return int(self.mean.shape[0])

    def sample(self, rng: Any = None) -> np.ndarray:
        return self.mean.copy()


def publish(theta: Any, sigma: Any) -> GaussianRelease | PointMass:
    """Lines 88–89 (and 98–99): ``θ̃ = θ + ξ``, ``ξ ~ N(0, σ²I_d)``, returned as its law ``N(θ, σ²I)``
    (:class:`PointMass` when σ = 0). Draw with ``.sample(rng)``."""
    theta = _vector(theta, "theta")
    s = _exact(sigma, "sigma")
    sign = _sign(s)
    if sign < 0:
        raise InvalidParameterError("sigma", f"must be ≥ 0, got {sigma!r}")
    if sign == 0:
        return PointMass(theta)
    return GaussianRelease(theta, sigma=sigma)


# =========================================================================== Algorithm 3
@dataclass(frozen=True, eq=False)
class ProxSolution:
    """One backward proximal step of Algorithm 3 (line 123): ``theta`` ≈ ``prox_{−f_D,η}(center)``, the residual
    ``‖∇φ(theta)‖`` of ``φ(x) = −f_D(x) + ‖x − center‖²/(2η)``, and ``error_bound`` = residual/(1/η − L) ≥
    ``‖theta − prox(center)‖`` (φ is (1/η − L)-strongly convex by Lemma A.1, line 329)."""

    theta: np.ndarray
    residual: Any
    error_bound: Any
    iterations: int
    converged: bool


def _lower_in_mode(v: sympy.Expr, mode: str) -> Any:
    """A number ≤ the exact positive ``v`` in ``mode`` (exact for a rational v in Fraction mode)."""
    if v.is_Rational and mode == "fraction":
        return Fraction(int(v.p), int(v.q))
    with workprec(bits_for_digits(max(DEFAULT_DPS, mpmath.mp.dps)) + 64):
        lo = arb_eval(v).lower()
        man, exp = lo.mid().man_exp()
    if mode == "float":
        f = float(Fraction(int(man)) * Fraction(2) ** int(exp))
        return f if Fraction(f) <= Fraction(int(man)) * Fraction(2) ** int(exp) else math.nextafter(f, -math.inf)
    return _exact_mpf(int(man), int(exp))


def _exact_mpf(man: int, exp: int) -> mpmath.mpf:
    """The dyadic ``man·2^exp`` as an mpf, exactly (built at enough precision)."""
    with mpmath.workprec(max(abs(man).bit_length(), 1) + 2):
        return mpmath.mpf((man, exp))


def prox_step(loss: LossFamily, X: np.ndarray, y: Any, center: np.ndarray, *, eta: Fraction, L: Any, tol: Any,
              max_iter: int = 100) -> ProxSolution:
    """Solve ``argmin_x {−f_D(x) + ‖x − center‖²/(2η)}`` (Algorithm 3 line 123) to ``error_bound ≤ tol``.

    Its stationarity condition is the implicit step ``x = center + η∇f_D(x)`` (eq. (2), line 105). Start at the
    forward step ``center + η∇f_D(center)``; each iteration tries a Newton step on the strongly convex objective
    (Hessian ``−∇²f_D + I/η``) and keeps it if it lowers the residual, else takes the fixed-point step
    ``x ← center + η∇f_D(x)`` (a contraction of factor ηL). ``error_bound = ‖∇φ(x)‖/(1/η − L)`` bounds the
    distance to the exact prox (φ is (1/η − L)-strongly convex). Exact data with a rational loss stays exact
    (a quadratic is solved in one Newton step, residual 0). Call inside the working precision."""
    L_ = _exact(L, "L")
    eta_s = sympy.Rational(eta.numerator, eta.denominator)

    def forward(x: np.ndarray) -> np.ndarray:  # center + η∇f_D(x)
        g = loss.risk_grad(x, X, y)
        md = la.common_mode(x, g, center)
        return la.asarray(center, md) + la.scalar(eta, md) * la.asarray(g, md)

    def residual(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, Any]:  # ∇φ(x) = (x − forward(x))/η
        f = forward(x)
        md = la.common_mode(x, f)
        r = (la.asarray(x, md) - la.asarray(f, md)) / la.scalar(eta, md)
        return la.asarray(x, md), r, la.norm(r)

    x, r, rn = residual(forward(center))
    mu = _lower_in_mode(1 / eta_s - L_, la.mode_of(x))
    it = 0
    while it < max_iter and not _le(_div(rn, mu), tol):
        it += 1
        mode = la.mode_of(x)
        H = -la.asarray(loss.risk_hessian(x, X, y), mode) + la.eye(x.shape[0], mode) / la.scalar(eta, mode)
        try:
            cand = residual(x - la.asarray(la.solve(H, la.asarray(r, mode)), mode))
        except la.LinAlgError:
            cand = None
        if cand is not None and not _le(rn, cand[2]):
            x, r, rn = cand
        else:
            x, r, rn = residual(forward(x))
        mu = _lower_in_mode(1 / eta_s - L_, la.mode_of(x))
    bound = _div(rn, mu)
    return ProxSolution(x, rn, bound, it, _le(bound, tol))


def _common(*values: Any) -> tuple[str, list[Any]]:
    mode = la.common_mode(*[np.asarray(v) if isinstance(v, (float, np.floating)) else np.asarray(v, dtype=object)
                   for v in values])
    return mode, [la.scalar(v, mode) for v in values]


def _div(a: Any, b: Any) -> Any:
    _, (x, y) = _common(a, b)
    return x / y


def _le(a: Any, b: Any) -> bool:
    """``a ≤ b`` for scalars of any mode, decided exactly (floats and mpf are dyadic rationals)."""
    if isinstance(a, (float, np.floating)) and isinstance(b, (float, np.floating)):
        return bool(a <= b)
    fa, fb = (la.to_mode(np.asarray(v, dtype=object), "fraction")[()] for v in (a, b))
    return bool(fa <= fb)


@dataclass(frozen=True, eq=False)
class Recovery:
    """Algorithm 3's output and its accuracy.

    ``theta``: the recovered checkpoint ``θ̂ ≈ θ_{T−K}``. ``step_bounds[t−1]``: the certified error of the t-th
    proximal solve; ``error_bound`` ``E_K = Σ_t step_bounds[t]·(1 − ηL)^{−(K−t)}`` ≥ ``‖θ̂ − θ_{T−K}‖`` (exact
    backward steps are (1 − ηL)^{−1}-Lipschitz; ``θ_{T−K}`` is the exact K-fold prox of θ_T by Lemma 2.3) — an
    a-posteriori bound, rigorous up to the rounding of the residual itself (50 digits in reference mode).
    ``error``: the measured ``‖θ̂ − θ_{T−K}‖`` when the true checkpoint was given, else None.
    :meth:`propagated` is the resulting error after Algorithm 2's K steps: ``(1 + ηL)^K·E_K`` (gradient steps are
    (1 + ηL)-Lipschitz, as in Lemma B.3, line 433) — the extra mean shift the certificate must absorb."""

    theta: np.ndarray
    K: int
    eta: Fraction
    L: Any
    tol: Any
    step_bounds: tuple[Any, ...]
    iterations: tuple[int, ...]
    error_bound: Any
    converged: bool
    error: Any = None

    def propagated(self) -> float:
        """``(1 + ηL)^K·E_K`` as a float rounded up."""
        with workprec(128):
            growth = (1 + to_arb(self.eta) * arb_eval(_exact(self.L, "L"))) ** self.K
            e = growth * to_arb(_to_exactish(self.error_bound))
            return arb_upper_float(e)


def _to_exactish(v: Any) -> Any:
    if isinstance(v, (int, Fraction, float, mpmath.mpf)):
        return v
    if isinstance(v, np.floating):
        return float(v)
    return mpmath.mpf(v)


def recover_checkpoint(loss: LossFamily, X: Any, y: Any, theta_T: Any, *, K: int, eta: Any, L: Any,
                       tol: Any = None, max_iter: int = 100, reference: Any = None,
                       dps: int = DEFAULT_DPS) -> Recovery:
    """Algorithm 3 (lines 119–125): ``θ''_0 = θ_T``; for t = 1..K, ``θ''_t = prox_{−f_D,η}(θ''_{t−1})``, each solved
    by :func:`prox_step` to ``tol``; returns :class:`Recovery` with ``theta`` ≈ ``θ_{T−K}``.

    ``X, y`` is the **original** dataset D (the one Algorithm 1 trained on); ``L`` its smoothness (the paper's
    L); Lemma 2.3 needs ``η < 1/L`` (line 115), refused otherwise. ``tol`` (per step, on the certified distance
    to the exact prox) defaults to ``1e-12·(1 + ‖θ_T‖)`` in float64 and ``10^{5−dps}·(1 + ‖θ_T‖)`` in reference
    mode. ``reference``: the true θ_{T−K}, to measure the actual error."""
    X, y = _data(loss, X, y, Whole())
    K = _count(K, "K")
    eta_q = _step(eta)
    L_ = _positive(L, "L")
    etaL = sympy.Rational(eta_q.numerator, eta_q.denominator) * L_
    if _sign(1 - etaL) <= 0:
        raise InvalidParameterError("eta", f"Algorithm 3 needs η < 1/L (Lemma 2.3, line 115); ηL = {etaL}")
    theta = _vector(theta_T, "theta_T")
    if theta.shape[0] != X.shape[1]:
        raise InvalidParameterError("theta_T", f"has dimension {theta.shape[0]}, the data {X.shape[1]}")
    bounds, iters, ok = [], [], True
    with la.reference_precision(dps, theta, X, y):
        mode = la.common_mode(theta, X, y)
        scale = 1 + (float(la.norm(theta)) if mode == "float" else la.norm(theta))
        if tol is None:
            tol = 1e-12 * scale if mode == "float" else mpmath.mpf(10) ** (5 - max(dps, mpmath.mp.dps)) * scale
        x = theta
        for _ in range(K):
            sol = prox_step(loss, X, y, x, eta=eta_q, L=L_, tol=tol, max_iter=max_iter)
            x = sol.theta
            bounds.append(sol.error_bound)
            iters.append(sol.iterations)
            ok = ok and sol.converged
        # E_K = Σ_t r_t q^{K−t}, q = 1/(1 − ηL)
        if all(isinstance(r, Fraction) for r in bounds) and etaL.is_Rational:
            q_exact = 1 / (1 - Fraction(int(etaL.p), int(etaL.q)))
            E: Any = sum((r * q_exact ** (K - t) for t, r in enumerate(bounds, start=1)), Fraction(0))
        else:
            E = None
        with workprec(bits_for_digits(max(dps, 30)) + 64):
            q = 1 / (1 - arb_eval(etaL))
            total = arb(0)
            for t, r in enumerate(bounds, start=1):
                total += to_arb(_to_exactish(r)) * q ** (K - t)
            if E is None:
                E = arb_upper_float(total) if mode == "float" else _arb_upper_mpf(total)
        error = None
        if reference is not None:
            ref = _vector(reference, "reference")
            md = la.common_mode(x, ref)
            error = la.norm(la.asarray(x, md) - la.asarray(ref, md))
    return Recovery(x, K, eta_q, L_, tol, tuple(bounds), tuple(iters), E, ok, error)


def _arb_upper_mpf(a: arb) -> mpmath.mpf:
    """An mpf ≥ every point of ``a``: the exact dyadic upper end of the ball."""
    man, exp = a.upper().mid().man_exp()
    return _exact_mpf(int(man), int(exp))


# =========================================================================== noise
def _noise_env(n, m, eta, L, G, T, K, epsilon, delta, *, strict: bool) -> dict[str, sympy.Expr]:
    n_ = _count(n, "n", low=1)
    m_ = _count(m, "m")
    if m_ >= n_:
        raise InvalidParameterError("m", f"must be < n (line 352: m < n), got m = {m_}, n = {n_}")
    T_, K_ = _schedule(T, K)
    env = {"n": sympy.Integer(n_), "m": sympy.Integer(m_), "T": sympy.Integer(T_), "K": sympy.Integer(K_),
           "eta": _positive(eta, "eta"), "L": _positive(L, "L", " (the paper's smoothness; a linear loss is "
                                                             "L-smooth for every L > 0)"),
           "G": _positive(G, "G"), "epsilon": _positive(epsilon, "epsilon")}
    d = _positive(delta, "delta")
    if _sign(1 - d) <= 0:
        raise InvalidParameterError("delta", f"must lie in (0, 1), got {delta!r}")
    env["delta"] = d
    if strict and _sign(env["epsilon"] - 1) > 0:
        raise InvalidParameterError("epsilon", f"Theorem 3.1 assumes 0 < ε ≤ 1 (line 135), got {epsilon!r}; "
                                               "pass strict=False to evaluate the printed formula anyway")
    return env


_EVAL_MODES = ("float", "mpmath", "arb", "sympy")


def _check_eval_mode(mode: str) -> None:
    if mode not in _EVAL_MODES:
        raise InvalidParameterError("mode", f"expected one of {_EVAL_MODES}, got {mode!r}")


def _evaluate(expr: sympy.Expr, env: Mapping[str, sympy.Expr], mode: str, name: str) -> Any:
    """``expr`` at ``env``: ``"float"`` rounded up, ``"mpmath"`` an mpf at the working precision (≥ 50 digits),
    ``"arb"`` an enclosure at the current flint precision, ``"sympy"`` the exact value."""
    expr = sympy.sympify(expr)
    free = {s.name: s for s in expr.free_symbols}
    missing = sorted(set(free) - set(env))
    if missing:
        raise InvalidParameterError(missing[0], f"needed to evaluate {name}")
    exact = expr.subs({free[k]: env[k] for k in free})
    if mode == "sympy":
        return exact
    if mode == "arb":
        return _arb_of(expr, env)
    if mode == "float":
        with workprec(256):
            return arb_upper_float(_arb_of(expr, env))
    if mode == "mpmath":
        dps = max(DEFAULT_DPS, mpmath.mp.dps)
        with workprec(bits_for_digits(dps) + 64):
            b = _arb_of(expr, env)
            man, exp = b.mid().man_exp()
        with workdps(dps):
            return +_exact_mpf(int(man), int(exp))
    raise InvalidParameterError("mode", f"expected 'float', 'mpmath', 'arb' or 'sympy', got {mode!r}")


def _arb_of(expr: sympy.Expr, env: Mapping[str, sympy.Expr]) -> arb:
    vals = {k: (Fraction(int(v.p), int(v.q)) if v.is_Rational else arb_eval(v)) for k, v in env.items()}
    return arb_eval(expr, vals)


def noise_scale(n: int, m: int, eta: Any, L: Any, G: Any, T: int, K: int, epsilon: Any, delta: Any, *,
                claim: Any = DEFAULT_CLAIM, mode: str = "float", strict: bool = True) -> Any:
    """σ of Theorem 3.1 (eq. (3), line 137): ``2mG·h(K)√(2 log(1.25/δ))/(Lnε)``, ``h(K)`` of line 141.

    Evaluated from ``claim.prescribed["sigma"]`` (``claim``: an id, default ``"r2d.thm3.1"``, looked up lazily in
    ``certunlearn.claims``, or any object with ``id`` and ``prescribed``), whose free symbols are named ``n``,
    ``m``, ``eta``, ``L``, ``G``, ``T``, ``K``, ``epsilon``, ``delta`` . ``L`` is the paper's
    smoothness, ``G`` its gradient bound (:func:`paper_constants`); both may be exact sympy numbers.

    ``mode``: ``"float"`` — :func:`~certunlearn.algorithms.d2d.theorem_parameters`' rigorous rounding up;
    ``"mpmath"`` — an mpf correct to the working precision (≥ 50 digits); ``"arb"`` — an enclosure;
    ``"sympy"`` — the exact value. σ = 0 exactly when K = T or m = 0 (returned as 0 in every mode).
    ``strict``: refuse ε > 1 (Theorem 3.1 assumes 0 < ε ≤ 1, line 135). Errors name the parameter
    (K > T, m ≥ n, η ≤ 0, δ ∉ (0, 1) …)."""
    _check_eval_mode(mode)
    env = _noise_env(n, m, eta, L, G, T, K, epsilon, delta, strict=strict)
    c = resolve_claim(claim, "r2d")
    if "sigma" not in c.prescribed:
        raise InvalidParameterError("claim", f"{c.id} prescribes no sigma")
    expr = sympy.sympify(c.prescribed["sigma"])
    exact = _evaluate(expr, env, "sympy", f"the prescribed sigma of {c.id}")
    if exact.is_zero:
        return {"float": 0.0, "mpmath": mpmath.mpf(0), "arb": arb(0), "sympy": sympy.S.Zero}.get(mode, 0.0)
    if mode == "float":
        return theorem_parameters(c, **env)["sigma"]
    return _evaluate(expr, env, mode, f"the prescribed sigma of {c.id}")


def h_factor(n: int, m: int, eta: Any, L: Any, T: int, K: int, *, mode: str = "float") -> Any:
    """``h(K) = ((1 + ηLn/(n−m))^{T−K} − 1)(1 + ηL)^K`` (line 141), as printed (``certunlearn.claims.r2d.H_K``); ``"float"``: rounded
    up."""
    env = _noise_env(n, m, eta, L, 1, T, K, 1, sympy.Rational(1, 2), strict=False)
    return _evaluate(_printed("H_K"), env, mode, "h(K)")


def sensitivity_bound(n: int, m: int, eta: Any, L: Any, G: Any, T: int, K: int, *, mode: str = "float") -> Any:
    """The bound ``‖θ'_T − θ''_K‖ ≤ 2mG·h(K)/(Ln)`` of line 437 (Lemmas B.2–B.3): the sensitivity Δ that σ of
    eq. (3) calibrates with the classic Gaussian mechanism (Theorem B.1, line 348). ``"float"``: rounded up."""
    env = _noise_env(n, m, eta, L, G, T, K, 1, sympy.Rational(1, 2), strict=False)
    return _evaluate(_printed("SENSITIVITY_31"), env, mode, "the sensitivity bound")


def calibrated_noise(n: int, m: int, eta: Any, L: Any, G: Any, T: int, K: int, epsilon: Any, delta: Any, *,
                     method: str = "exact", extra_sensitivity: Any = 0) -> float:
    """σ from ``privacy.calibrate(ε, δ, Δ, method)`` with Δ = :func:`sensitivity_bound` (+ ``extra_sensitivity``,
    e.g. a propagated recovery error): ``"exact"`` is the Balle–Wang calibration, to compare with the classic σ of
    eq. (3). 0.0 when Δ = 0."""
    from ..privacy import calibrate

    delta_ = sensitivity_bound(n, m, eta, L, G, T, K) + float(extra_sensitivity)
    if delta_ == 0:
        return 0.0
    return calibrate(epsilon, delta, delta_, method=method)


def smallest_rewind(n: int, m: int, eta: Any, L: Any, G: Any, T: int, epsilon: Any, delta: Any, sigma: Any, *,
                    claim: Any = DEFAULT_CLAIM, strict: bool = True) -> int:
    """The smallest K ∈ [0, T] with ``noise_scale(n, m, eta, L, G, T, K, epsilon, delta) ≤ sigma`` (the float σ an
    algorithm would use): σ(K) decreases in K (h' < 0, lines 443–447) to σ(T) = 0, so the answer K* satisfies
    ``σ(K*) ≤ sigma < σ(K* − 1)`` (binary search). Compare :func:`corollary_rewind_bound`."""
    s = _exact(sigma, "sigma")
    if _sign(s) < 0:
        raise InvalidParameterError("sigma", f"must be ≥ 0, got {sigma!r}")
    T_ = _count(T, "T")

    def ok(K: int) -> bool:
        v = noise_scale(n, m, eta, L, G, T_, K, epsilon, delta, claim=claim, strict=strict)
        return decide(v, "<=", _frac_or_arb(s)).decision is Decision.TRUE

    lo, hi = 0, T_  # ok(T) holds (σ(T) = 0)
    if ok(0):
        return 0
    while hi - lo > 1:  # invariant: not ok(lo), ok(hi)
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


def _frac_or_arb(v: sympy.Expr) -> Any:
    return Fraction(int(v.p), int(v.q)) if v.is_Rational else arb_eval(v)


def corollary_rewind_bound(n: int, m: int, eta: Any, L: Any, G: Any, T: int, epsilon: Any, delta: Any, sigma: Any,
                           *, claim: Any = None, mode: str = "float", strict: bool = True) -> Any:
    """Corollary 3.2 (eq. (5), line 153): ``K(ε) ≤ log((1+ηLn/(n−m))^T − σLnε/(2mG√(2 log(1.25/δ))))/log(1+ηLn/(n−m))``.

    The expression is ``claim.prescribed["K"]`` when ``claim`` is given (id or object), else the printed
    :data:`certunlearn.claims.r2d.K_BOUND_32`. Returns the real value (``"float"``: rounded up; ``"mpmath"``; ``"arb"``; ``"sympy"``).
    With the printed expression, when the log's argument is ≤ 0 (σ exceeds σ(K = 0): no rewind is needed) the
    result is ``-inf``. The proof (lines 563–571) gives h(K) ≤ (1+ηLn/(n−m))^T − (1+ηLn/(n−m))^K, so K = ⌈bound⌉
    (clamped to [0, T]) meets σ (line 573); :func:`smallest_rewind` gives the exact smallest K."""
    _check_eval_mode(mode)
    if _count(m, "m") == 0:
        raise InvalidParameterError("m", "Corollary 3.2 divides by m: needs m ≥ 1")
    env = _noise_env(n, m, eta, L, G, T, 0, epsilon, delta, strict=strict)
    env.pop("K")
    env["sigma"] = _positive(sigma, "sigma")
    if claim is not None:
        c = resolve_claim(claim, "r2d")
        if "K" not in c.prescribed:
            raise InvalidParameterError("claim", f"{c.id} prescribes no K")
        return _evaluate(sympy.sympify(c.prescribed["K"]), env, mode, f"the prescribed K of {c.id}")
    if decide(lambda: _arb_of(_printed("K_BOUND_ARG_32"), env), "<=", 0).decision is Decision.TRUE:
        return {"float": -math.inf, "mpmath": mpmath.mpf("-inf"), "arb": arb.neg_inf(),
                "sympy": -sympy.oo}.get(mode, -math.inf)
    return _evaluate(_printed("K_BOUND_32"), env, mode, "the K bound of Corollary 3.2")


# =========================================================================== constants
def paper_constants(loss: LossFamily, domain: Domain | None = None) -> dict[str, sympy.Expr]:
    """The paper's constants from a loss family's declaration on Θ: ``{"L": smoothness (the family's M),
    "G": gradient bound (the family's L)}``, exact sympy numbers (∞ where the family declares ∞)."""
    c = loss.constants(_domain(domain))
    return {"L": c.value("M"), "G": c.value("L")}


# =========================================================================== the driver
@dataclass(frozen=True, eq=False)
class R2DState:
    """What Rewind-to-Delete keeps: the current dataset (``X``, ``y``; after all deletions so far), the checkpoint
    ``θ_{T−K}`` of the original training on ``D_0`` (saved, or recovered by Algorithm 3 — then ``recovery``
    describes its accuracy), the current secret model (θ_T after learning, θ''_K after an unlearning), θ_0,
    ``n0 = |D_0|``, the number of points deleted so far ``m`` and the round (0 = learning)."""

    X: np.ndarray
    y: Any
    checkpoint: np.ndarray
    model: np.ndarray
    theta0: np.ndarray
    n0: int
    m: int
    round: int
    recovery: Recovery | None = None

    @property
    def n(self) -> int:
        return int(self.X.shape[0])


@dataclass(frozen=True, eq=False)
class RewindToDelete:
    """Rewind-to-Delete (Algorithms 1–3) over deletion requests.

    ``loss``: a :class:`~certunlearn.problems.LossFamily`; ``eta``: the constant step (rational); ``T`` learning
    steps; ``K`` rewind (0 ≤ K ≤ T); ``sigma`` ≥ 0 the noise of lines 88 and 98 (see :meth:`from_theorem`);
    ``theta0``: θ_0 (default: centre of Θ); ``domain``: Θ (default R^d; on a bounded Θ every iterate is checked
    to stay in it); ``checkpoint``: ``"save"`` (Algorithm 1 line 87) or ``"recover"`` (Algorithm 3 at learning
    time, its accuracy measured against the true θ_{T−K} and bounded a-posteriori, both recorded);
    ``smoothness``/``gradient_bound``: the paper's L and G (default: :func:`paper_constants`);
    ``recovery_tol``, ``recovery_max_iter``: Algorithm 3's per-step tolerance and iteration cap;
    ``claim_id`` and ``guarantee_parameters`` (ε, δ, …) go into the certificates."""

    loss: LossFamily
    eta: Any
    T: int
    K: int
    sigma: Any
    theta0: Any = None
    domain: Domain | None = None
    checkpoint: str = "save"
    smoothness: Any = None
    gradient_bound: Any = None
    recovery_tol: Any = None
    recovery_max_iter: int = 100
    claim_id: str | None = DEFAULT_CLAIM
    guarantee_parameters: Mapping[str, Any] = field(default_factory=dict)
    check_iterates: bool = True
    dps: int = DEFAULT_DPS

    def __post_init__(self) -> None:
        if not isinstance(self.loss, LossFamily):
            raise InvalidParameterError("loss", f"expected a LossFamily, got {type(self.loss).__name__}")
        _step(self.eta)
        _schedule(self.T, self.K)
        if _sign(_exact(self.sigma, "sigma")) < 0:
            raise InvalidParameterError("sigma", f"must be ≥ 0, got {self.sigma!r}")
        if self.checkpoint not in ("save", "recover"):
            raise InvalidParameterError("checkpoint", f"expected 'save' or 'recover', got {self.checkpoint!r}")
        object.__setattr__(self, "domain", _domain(self.domain))

    # -- constants ---------------------------------------------------------------------------------
    def constants(self) -> dict[str, sympy.Expr | None]:
        """The paper's L (smoothness) and G (gradient bound): the given overrides, else the loss's declaration on Θ
        (None where not finite and positive)."""
        pc = paper_constants(self.loss, self.domain)
        out: dict[str, sympy.Expr | None] = {}
        for key, given in (("L", self.smoothness), ("G", self.gradient_bound)):
            v = _exact(given, key) if given is not None else pc[key]
            out[key] = v if (v is not sympy.oo and v.is_finite is not False and _sign(v) > 0) else None
        return out

    # -- certificates ------------------------------------------------------------------------------
    def _certificate(self, kind: str, st: R2DState, **params: Any) -> Certificate:
        consts = self.constants()
        base: dict[str, Any] = {"sigma": self.sigma, "eta": _step(self.eta), "T": self.T, "K": self.K,
                                "n": st.n0, "m": st.m, "round": st.round, "L": consts["L"], "G": consts["G"],
                                "checkpoint": "saved" if st.recovery is None else "recovered"}
        base.update(dict(self.guarantee_parameters))
        base["m"] = st.m  # the actual number deleted, whatever was planned
        if st.recovery is not None:
            base.update(recovery_error=st.recovery.error, recovery_error_bound=st.recovery.error_bound,
                        recovery_converged=st.recovery.converged, recovery_tol=st.recovery.tol)
        if kind == "unlearn":
            base.update(self._sensitivity(st, consts))
        base.update(params)
        if kind == "unlearn":
            text = GUARANTEES.get(self.claim_id or "") or _DEFAULT_GUARANTEE["unlearn"]
            return Certificate(text, base, self.claim_id)
        return Certificate(_DEFAULT_GUARANTEE[kind], base, None)

    def _sensitivity(self, st: R2DState, consts: Mapping[str, Any]) -> dict[str, Any]:
        """Δ of line 437 for the actual (n, m), the recovery error propagated through Algorithm 2, the σ the classic
        Gaussian mechanism then needs, and the exact (Balle–Wang) ε this σ achieves."""
        L_, G_ = consts["L"], consts["G"]
        if L_ is None or G_ is None:
            return {"sensitivity_bound": None}
        eta = _step(self.eta)
        delta_paper = sensitivity_bound(st.n0, st.m, eta, L_, G_, self.T, self.K)
        extra = st.recovery.propagated() if st.recovery is not None else 0.0
        total = delta_paper + extra
        if extra:  # round the sum up
            total = math.nextafter(total, math.inf)
        out: dict[str, Any] = {"sensitivity_bound": delta_paper, "propagated_recovery_error": extra,
                               "sensitivity_with_recovery": total,
                               "step_condition": self._step_condition(st, L_)}
        eps, dlt = self.guarantee_parameters.get("epsilon"), self.guarantee_parameters.get("delta")
        if dlt is not None:
            from ..privacy import exact_epsilon

            sig = _exact(self.sigma, "sigma")
            if _sign(sig) > 0 and total > 0:
                with workprec(128):
                    sig_low = arb_eval(sig).lower()
                    sig_f = float(sig_low)
                    if to_arb(sig_f) > sig_low:
                        sig_f = math.nextafter(sig_f, -math.inf)
                out["epsilon_exact"] = exact_epsilon(dlt, sig_f, total)
            else:
                out["epsilon_exact"] = 0.0 if total == 0 else math.inf
            if eps is not None:
                env = _noise_env(st.n0, st.m, eta, L_, G_, self.T, self.K, eps, dlt, strict=False)

                def required() -> arb:  # (Δ + propagated recovery error)·√(2 log(1.25/δ))/ε, at the current precision
                    return (_arb_of(_printed("SENSITIVITY_31"), env) + to_arb(extra)) * \
                        _arb_of(_printed("C_DR") / sympy.Symbol("epsilon"), env)

                with workprec(256):
                    out["sigma_required"] = arb_upper_float(required())
                out["covered"] = decide(_frac_or_arb(_exact(self.sigma, "sigma")), ">=",
                                        required).decision is Decision.TRUE
        return out

    def _step_condition(self, st: R2DState, L_: sympy.Expr) -> bool | None:
        """η ≤ min{1/L, n/(2(n−m)L)} (Theorem 3.1, line 135), decided exactly (None if undecided)."""
        q = _step(self.eta)
        eta = sympy.Rational(q.numerator, q.denominator)
        out: bool | None = True
        for cond in (1 - eta * L_, sympy.Integer(st.n0) - 2 * (st.n0 - st.m) * L_ * eta):
            cond = sympy.simplify(cond)
            if cond.is_zero:
                continue
            s = _sign(cond)
            if s < 0:
                return False
            if s == 0:
                out = None
        return out

    # -- releases ---------------------------------------------------------------------------------
    def _release(self, model: np.ndarray, st: R2DState, rng: Any, cert: Certificate) -> Release:
        g, seed, state = (None, None, None) if rng is None else record_rng(rng)
        law = publish(model, self.sigma)
        with la.reference_precision(self.dps, model):
            published = law.sample(g) if g is not None else None
        return Release(law, st, cert, seed, state, published)

    def learn(self, X: Any, y: Any = None, rng: Any = None) -> Release:
        """Round 0: Algorithm 1 on ``D_0`` (checkpoint saved, or recovered by Algorithm 3), published N(θ_T, σ²I)."""
        X, y = _data(self.loss, X, y, self.domain)
        out = learn(self.loss, X, y, T=self.T, K=self.K, eta=self.eta, theta0=self.theta0, domain=self.domain,
                    check_iterates=self.check_iterates, dps=self.dps)
        recovery = None
        checkpoint = out.checkpoint
        if self.checkpoint == "recover":
            L_ = self.constants()["L"]
            if L_ is None:
                raise InvalidParameterError("smoothness", "Algorithm 3 needs the smoothness L of f_D (finite, > 0)")
            recovery = recover_checkpoint(self.loss, X, y, out.model, K=self.K, eta=self.eta, L=L_,
                                          tol=self.recovery_tol, max_iter=self.recovery_max_iter,
                                          reference=out.checkpoint, dps=self.dps)
            checkpoint = recovery.theta
        st = R2DState(X, y, checkpoint, out.model, out.theta0, X.shape[0], 0, 0, recovery)
        return self._release(out.model, st, rng, self._certificate("learn", st))

    def unlearn(self, previous: Release | R2DState, indices: Sequence[int], rng: Any = None) -> Release:
        """Algorithm 2: delete the rows ``indices`` of the current dataset (all at once), rewind to the checkpoint of
        the original training and take K steps on the retained data; published N(θ''_K, σ²I). Sequential requests
        (Remark 3.3, lines 161–163) rewind to the same checkpoint; the certificate's m counts every deletion."""
        st = previous.state if isinstance(previous, Release) else previous
        if not isinstance(st, R2DState):
            raise InvalidParameterError("previous", "expected a Release or R2DState of Rewind-to-Delete")
        m_total = st.m + len(list(indices))
        if m_total >= st.n0:
            raise InvalidParameterError("m", f"deleting m = {m_total} ≥ n = {st.n0} points in total leaves no data "
                                             f"(Theorem 3.1 needs m < n, line 352)")
        X, y = delete_rows(st.X, st.y, indices)
        model = unlearn(self.loss, X, y, st.checkpoint, K=self.K, eta=self.eta, domain=self.domain,
                        check_iterates=self.check_iterates, dps=self.dps)
        new = R2DState(X, y, st.checkpoint, model, st.theta0, st.n0, m_total, st.round + 1, st.recovery)
        return self._release(model, new, rng, self._certificate("unlearn", new, deleted=len(list(indices))))

    def retrain(self, previous: Release | R2DState | Any, y: Any = None, rng: Any = None) -> Release:
        """``A(D \\ Z)``: Algorithm 1 from the same θ_0 on the current (retained) dataset of a state, or on ``(X, y)``
        given directly; published N(θ'_T, σ²I)."""
        st = previous.state if isinstance(previous, Release) else previous
        if isinstance(st, R2DState):
            X, y, theta0, n0, m, rnd = st.X, st.y, st.theta0, st.n0, st.m, st.round
        else:
            X, y = _data(self.loss, previous, y, self.domain)
            theta0, n0, m, rnd = self.theta0, X.shape[0], 0, 0
        out = learn(self.loss, X, y, T=self.T, K=self.K, eta=self.eta, theta0=theta0, domain=self.domain,
                    check_iterates=self.check_iterates, dps=self.dps)
        # the retrained run is a fresh training on D': its own checkpoint θ'_{T−K}, nothing deleted from it yet
        new = R2DState(X, y, out.checkpoint, out.model, out.theta0, X.shape[0], 0, rnd, None)
        return self._release(out.model, new, rng, self._certificate("retrain", new, n=n0, m=m,
                                                                     n_retained=X.shape[0]))

    # -- from a theorem ----------------------------------------------------------------------------
    @classmethod
    def from_theorem(cls, loss: LossFamily, *, n: int, m: int, eta: Any, T: int, K: int, epsilon: Any, delta: Any,
                     claim: Any = DEFAULT_CLAIM, domain: Domain | None = None, L: Any = None, G: Any = None,
                     strict: bool = True, **options: Any) -> RewindToDelete:
        """The driver with σ = :func:`noise_scale` (the claim's prescribed σ) for ``n`` training points and ``m``
        planned deletions; L and G default to :func:`paper_constants` of ``loss`` on ``domain``. ``options`` go to
        the constructor (``theta0``, ``checkpoint``, …)."""
        domain = _domain(domain)
        pc = paper_constants(loss, domain)
        L_ = _exact(L, "L") if L is not None else pc["L"]
        G_ = _exact(G, "G") if G is not None else pc["G"]
        for key, v in (("L", L_), ("G", G_)):
            if v is sympy.oo or _sign(v) <= 0:
                raise InvalidParameterError(key, f"the paper's {key} must be finite and > 0 (declared {v}); "
                                                 f"pass {key}=")
        sigma = noise_scale(n, m, eta, L_, G_, T, K, epsilon, delta, claim=claim, strict=strict)
        c = resolve_claim(claim, "r2d")
        return cls(loss, eta, T, K, sigma, domain=domain, smoothness=L_, gradient_bound=G_, claim_id=c.id,
                   guarantee_parameters={"epsilon": epsilon, "delta": delta, "m_planned": m}, **options)

