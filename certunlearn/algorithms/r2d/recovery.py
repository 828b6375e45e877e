"""Rewind-to-Delete, Algorithm 3: recovering the checkpoint θ_{T−K} from θ_T by proximal steps (Lemma 2.3).

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. :func:`prox_step` (θ_t = prox_{−f,η}(θ_{t+1}), Lemma 2.3, line 113) and
:func:`recover_checkpoint` (K such steps, with their residuals).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy as np
import sympy
from flint import arb

from ...errors import InvalidParameterError
from ...numeric import linalg as la
from ...numeric.enclosure import arb_upper_float, to_arb
from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ...numeric.precision import DEFAULT_DPS, bits_for_digits, workprec
from ...numeric.sympy_arb import arb_eval
from ...problems.domains import Whole
from ...problems.losses import LossFamily
from .helpers import as_exact, checked_data, as_count, as_step, as_positive, sign_of, as_vector


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
    return exact_mpf(int(man), int(exp))


def exact_mpf(man: int, exp: int) -> mpmath.mpf:
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
    L_ = as_exact(L, "L")
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
    (1 + ηL)-Lipschitz, as in the proof of Lemma B.3, line 433) — the extra mean shift the certificate must absorb."""

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
            growth = (1 + to_arb(self.eta) * arb_eval(as_exact(self.L, "L"))) ** self.K
            e = growth * to_arb(_to_exactish(self.error_bound))
            return arb_upper_float(e)


def _to_exactish(v: Any) -> Any:
    if isinstance(v, (int, *RATIONAL_TYPES, float, mpmath.mpf)):
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
    X, y = checked_data(loss, X, y, Whole())
    K = as_count(K, "K")
    eta_q = as_step(eta)
    L_ = as_positive(L, "L")
    etaL = sympy.Rational(eta_q.numerator, eta_q.denominator) * L_
    if sign_of(1 - etaL) <= 0:
        raise InvalidParameterError("eta", f"Algorithm 3 needs η < 1/L (Lemma 2.3, line 115); ηL = {etaL}")
    theta = as_vector(theta_T, "theta_T")
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
        if all(isinstance(r, RATIONAL_TYPES) for r in bounds) and etaL.is_Rational:
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
            ref = as_vector(reference, "reference")
            md = la.common_mode(x, ref)
            error = la.norm(la.asarray(x, md) - la.asarray(ref, md))
    return Recovery(x, K, eta_q, L_, tol, tuple(bounds), tuple(iters), E, ok, error)


def _arb_upper_mpf(a: arb) -> mpmath.mpf:
    """An mpf ≥ every point of ``a``: the exact dyadic upper end of the ball."""
    man, exp = a.upper().mid().man_exp()
    return exact_mpf(int(man), int(exp))
