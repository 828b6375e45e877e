"""Exact (or certified) minimisers of the empirical risk over a domain: ``θ* = argmin_{θ∈Θ} f_D(θ)``.

The d2d analysis measures everything against ``θ*_D = argmin_{θ∈Θ} f_D(θ)`` (Lemma 2.12, line 153;
Theorem 2.13, line 165), so the reference needs θ* itself, with a certified error:

* **quadratic risks** (Quadratic, Ridge, Linear: ``f_D(θ) = ½θᵀHθ − bᵀθ + c``, H and b exact rationals):
  unconstrained — the normal equations solved exactly (Fractions); on a ball with the unconstrained
  optimum outside — the **secular equation** ``‖(H + μI)⁻¹(b − Hc)‖ = r``, μ > 0, solved with mpmath and
  then **bracketed exactly** (``‖φ(μ_lo)‖ > r ≥ ‖φ(μ_hi)‖`` decided in Fractions), so
  ``‖θ(μ_hi) − θ*‖ ≤ (μ_hi − μ_lo)‖b − Hc‖/(h + μ_lo)²`` with ``h ≤ λ_min(H)``; on a box — an exact clip when
  H is diagonal, otherwise an exact primal active-set method whose KKT conditions are checked exactly;
* **other risks** (LogisticL2): damped proximal Newton (each step minimises the quadratic model over Θ —
  unconstrained, secular equation, or active set), first in float, then in mpmath at ``dps + 20`` digits,
  with a **certified stopping rule** evaluated on arb enclosures: for f m-strongly convex,
  ``‖θ − θ*‖ ≤ ‖∇f(θ)‖/m`` when the ball of that radius around θ lies in Θ, otherwise
  ``‖θ − θ*‖ ≤ 2‖G(θ)‖/m`` with the gradient mapping ``G(θ) = M(θ − Proj_Θ(θ − ∇f(θ)/M))`` for any
  ``M ≥`` the smoothness of f (from ``⟨G, θ − θ*⟩ ≥ ‖G‖²/(2M) + (m/2)‖θ − θ*‖²``, Nesterov 2004, Thm 2.2.7).

Everything is written once over numpy arrays (float, mpmath, Fraction); the returned point is always in Θ
(checked exactly) and :attr:`Minimizer.radius` is a rigorous upper bound on its distance to θ*.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy as np
from flint import arb

from ..errors import InvalidParameterError
from ..numeric import linalg as la
from ..numeric.enclosure import arb_upper_float, to_arb
from ..numeric.fraction import Fraction
from ..numeric.precision import DEFAULT_DPS, bits_for_digits, workdps, workprec
from .domains import Ball, Box, Domain, Whole
from .losses import LossFamily, convert, mode_of

__all__ = ["Minimizer", "minimize", "certified_radius", "solve_ball_qp", "solve_box_qp"]


@dataclass(frozen=True, eq=False)
class Minimizer:
    """A minimiser of the empirical risk over Θ.

    ``theta`` (in Θ, in the requested mode); ``radius``: a rigorous upper bound on ``‖theta − θ*‖``
    (0.0 when ``theta`` is θ* exactly, ``exact`` is then True); ``method``: how it was found;
    ``multiplier``: the KKT multiplier μ of an active ball constraint (``∇f(θ*) + μ(θ* − c) = 0``);
    ``residual``: a certified upper bound on the norm of the gradient (mapping) at ``theta``."""

    theta: np.ndarray
    radius: float
    method: str
    exact: bool = False
    iterations: int = 0
    multiplier: Any = None
    residual: float | None = None

    def __repr__(self) -> str:
        return (f"Minimizer(method={self.method!r}, radius={self.radius:.3g}, exact={self.exact}, "
                f"iterations={self.iterations})")


# --------------------------------------------------------------------------- entry point
def minimize(
    loss: LossFamily,
    domain: Domain,
    X: Any,
    y: Any = None,
    *,
    mode: str | None = None,
    dps: int = DEFAULT_DPS,
    max_iter: int = 100,
) -> Minimizer:
    """``argmin_{θ∈Θ} f_D(θ)`` with a certified error radius (see the module doc).

    The data are checked against the loss's assumptions first. ``mode`` (default: the data's) is the
    number mode of the result; Fraction results are exact, and become mpmath (at ``dps`` digits) where
    θ* is irrational (ball constraint active, logistic loss)."""
    loss.check_data(X, y)
    out_mode = mode or mode_of(X, y if loss.uses_labels else None)
    if out_mode not in la.MODES:
        raise InvalidParameterError("mode", f"expected one of {la.MODES}, got {out_mode!r}")
    if dps < 15:
        raise InvalidParameterError("dps", f"must be ≥ 15, got {dps}")
    Xf = loss._exact_rows(X)
    yf = loss._exact_labels(y, Xf.shape[0]) if loss.uses_labels else None
    n, d = Xf.shape
    if n == 0:
        raise InvalidParameterError("X", "the empirical risk of an empty dataset is undefined")
    if domain.dim is not None and domain.dim != d:
        raise InvalidParameterError("domain", f"has dimension {domain.dim}, the data {d}")
    qf = loss.quadratic_form(Xf, yf)
    if qf is not None:
        H, b = qf
        return _minimize_quadratic(loss, domain, H, b, d, out_mode, dps)
    return _minimize_newton(loss, domain, Xf, yf, d, out_mode, dps, max_iter)


# --------------------------------------------------------------------------- helpers
def _frac(x: Any) -> np.ndarray:
    return la.to_mode(np.asarray(x, dtype=object), "fraction")


def _sqrt_upper(q: Fraction) -> float:
    """A float ≥ √q (q ≥ 0 rational)."""
    if q == 0:
        return 0.0
    with workprec(128):
        return arb_upper_float(to_arb(q).sqrt())


def _in_mode(theta: np.ndarray, mode: str, dps: int) -> np.ndarray:
    with workdps(dps):
        return la.asarray(theta, mode)


def _feasible(theta: np.ndarray, domain: Domain, mode: str, dps: int) -> np.ndarray:
    """``theta`` moved (by a relative 2^-k toward the centre) until it lies in Θ exactly."""
    if domain.contains(theta):
        return theta
    d = len(theta)
    with workdps(dps):
        c = la.asarray(domain.centre(d), mode)
        t = la.asarray(theta, mode)
        bits = 50 if mode == "float" else bits_for_digits(dps) - 8
        for k in range(bits, 0, -4):
            cand = c + (t - c) * (1 - la.asarray(Fraction(1, 2**k), mode)[()])
            cand = la.asarray(cand, mode)
            if domain.contains(cand):
                return cand
    return la.asarray(domain.centre(d), mode)


def _no_unique(msg: str) -> InvalidParameterError:
    return InvalidParameterError("loss", f"the empirical risk has no unique minimiser on this domain ({msg})")


# --------------------------------------------------------------------------- quadratic risks
def _minimize_quadratic(loss, domain, H, b, d, out_mode, dps) -> Minimizer:
    if isinstance(domain, Whole):
        try:
            theta = la.solve(H, b)
        except la.LinAlgError as e:
            raise _no_unique("H is singular") from e
        return _finish_exact(theta, domain, out_mode, dps, "closed form (normal equations, exact)")
    if isinstance(domain, Ball):
        return _quadratic_ball(loss, domain, H, b, d, out_mode, dps)
    if isinstance(domain, Box):
        lo, hi = np.asarray(domain.lo, dtype=object), np.asarray(domain.hi, dtype=object)
        if all(H[i, j] == 0 for i in range(d) for j in range(d) if i != j):
            theta = np.empty(d, dtype=object)
            for i in range(d):
                if H[i, i] > 0:
                    theta[i] = min(max(b[i] / H[i, i], lo[i]), hi[i])
                elif b[i] != 0:
                    theta[i] = hi[i] if b[i] > 0 else lo[i]
                elif lo[i] == hi[i]:
                    theta[i] = lo[i]
                else:
                    raise _no_unique(f"the risk is constant in coordinate {i}")
            return _finish_exact(theta, domain, out_mode, dps, "closed form (separable: exact clip)")
        theta, its = solve_box_qp(H, b, lo, hi)
        return _finish_exact(theta, domain, out_mode, dps, "active set (exact, KKT verified)", its)
    raise InvalidParameterError("domain", f"unsupported domain {type(domain).__name__}")


def _finish_exact(theta_star, domain, out_mode, dps, method, iterations=0) -> Minimizer:
    """Return the exact rational θ* in ``out_mode`` with the exact distance of the rounded point."""
    theta = _feasible(_in_mode(theta_star, out_mode, dps), domain, out_mode, dps)
    dist2 = la.sqnorm(_frac(theta) - theta_star)
    radius = _sqrt_upper(dist2)
    return Minimizer(theta, radius, method, exact=(dist2 == 0), iterations=iterations, residual=None)


def _quadratic_ball(loss, domain: Ball, H, b, d, out_mode, dps) -> Minimizer:
    c = domain.centre(d)
    r = domain.radius
    bp = b - H @ c
    try:
        phi0 = la.solve(H, bp)
        if la.sqnorm(phi0) <= r * r:
            return _finish_exact(c + phi0, domain, out_mode, dps, "closed form (normal equations, interior, exact)")
    except la.LinAlgError:
        pass
    if not any(bp):
        raise _no_unique("H is singular and b − Hc = 0")
    with workdps(dps + 30):
        mu_hat, _ = _secular(la.asarray(H, "mpmath"), la.asarray(bp, "mpmath"), la.asarray(r, "mpmath")[()],
                             "mpmath", dps + 25)
    mu_lo, mu_hi, phi_hi = _bracket(H, bp, r, la.to_mode(np.asarray(mu_hat, dtype=object), "fraction")[()], dps)
    h = max(loss.risk_strong_convexity(), Fraction(0))
    res_mode = "mpmath" if out_mode == "fraction" else out_mode
    theta = _feasible(_in_mode(c + phi_hi, res_mode, dps), domain, res_mode, dps)
    # ‖θ − θ*‖ ≤ ‖θ − θ(μ_hi)‖ + (μ_hi − μ_lo)·sup_{μ∈[μ_lo, μ_hi]} ‖θ'(μ)‖, ‖θ'(μ)‖ ≤ ‖b − Hc‖/(h + μ)²
    with workprec(128):
        part1 = to_arb(la.sqnorm(_frac(theta) - (c + phi_hi))).sqrt()
        part2 = to_arb(mu_hi - mu_lo) * to_arb(la.sqnorm(bp)).sqrt() / to_arb((h + mu_lo) ** 2)
        radius = arb_upper_float(part1 + part2)
    with workdps(dps):
        mult = la.asarray(mu_hat, res_mode)[()]
    return Minimizer(theta, radius, "secular equation (ball constraint active), bracketed exactly",
                     exact=False, multiplier=mult)


def _bracket(H, bp, r, mu_hat: Fraction, dps: int):
    """Exact rationals ``μ_lo < μ* ≤ μ_hi`` around ``mu_hat`` with ``‖φ(μ_lo)‖ > r ≥ ‖φ(μ_hi)‖``."""
    d = len(bp)
    I = la.eye(d, "fraction")
    r2 = r * r
    for k in range(dps + 15, 0, -5):
        eps = Fraction(1, 10**k)
        lo = max(mu_hat * (1 - eps) - eps**2, Fraction(0))
        hi = mu_hat * (1 + eps) + eps**2
        try:
            phi_lo = la.solve(H + lo * I, bp)
        except la.LinAlgError:
            phi_lo = None
        phi_hi = la.solve(H + hi * I, bp)
        if (phi_lo is None or la.sqnorm(phi_lo) > r2) and la.sqnorm(phi_hi) <= r2 and (lo > 0 or phi_lo is None):
            return lo, hi, phi_hi
    raise RuntimeError("could not bracket the root of the secular equation")


def _eigh(H: np.ndarray, mode: str) -> tuple[np.ndarray, np.ndarray]:
    if mode == "float":
        return np.linalg.eigh(np.asarray(H, dtype=float))
    E, Q = mpmath.eigsy(mpmath.matrix(la.asarray(H, "mpmath").tolist()))
    d = H.shape[0]
    return (np.asarray([E[i] for i in range(d)], dtype=object),
            np.asarray([[Q[i, j] for j in range(d)] for i in range(d)], dtype=object))


def _secular(H: np.ndarray, bp: np.ndarray, r: Any, mode: str, digits: int) -> tuple[Any, np.ndarray]:
    """The root μ > 0 of ``‖(H + μI)⁻¹ bp‖ = r`` (H ⪰ 0, ``‖H⁻¹bp‖ > r``) by safeguarded Newton on
    ``ψ(μ) = 1/‖φ(μ)‖ − 1/r`` (concave, increasing: Moré–Sorensen), and ``φ(μ)``."""
    E, Q = _eigh(H, mode)
    z = Q.T @ bp
    z2 = z * z
    one = la.asarray(1, mode)[()]
    zero = la.asarray(0, mode)[()]
    nb = la.norm(bp)
    emin, emax = min(E), max(E)
    lo = max(zero, nb / r - emax)
    hi = nb / r + max(zero, -emin)
    tol = 10.0 ** (-14) if mode == "float" else mpmath.mpf(10) ** (-digits)

    def parts(mu):
        den = E + mu
        if any(t <= 0 for t in den):
            return None
        n2 = sum(z2 / (den * den))
        n3 = sum(z2 / (den * den * den))
        return n2, n3

    mu = lo
    p = parts(mu)
    if p is None or p[0] == 0:
        mu = (lo + hi) / 2
    for _ in range(500):
        p = parts(mu)
        if p is None:
            lo = mu
            mu = (lo + hi) / 2
            continue
        n2, n3 = p
        nrm = la.sqrt(n2) if mode != "float" else math.sqrt(n2)
        psi = one / nrm - one / r
        if psi < 0:
            lo = mu
        else:
            hi = mu
        dpsi = n3 / (nrm * nrm * nrm)
        new = mu - psi / dpsi if dpsi > 0 else (lo + hi) / 2
        if not (lo <= new <= hi):
            new = (lo + hi) / 2
        if abs(new - mu) <= tol * max(one, abs(mu)) or hi - lo <= tol * max(one, abs(mu)):
            mu = new
            break
        mu = new
    phi = la.solve(H + mu * la.eye(len(bp), mode), bp)
    return mu, phi


def solve_ball_qp(H: Any, b: Any, center: Any, radius: Any, mode: str | None = None,
                  digits: int = 60) -> tuple[np.ndarray, Any]:
    """``argmin_{‖θ − c‖ ≤ r} ½θᵀHθ − bᵀθ`` (H ⪰ 0) numerically in ``mode``; returns ``(θ, μ)``."""
    mode = mode or la.mode_of(H)
    H, b = la.asarray(H, mode), la.asarray(b, mode)
    c = la.asarray(center, mode)
    r = la.asarray(radius, mode)[()]
    bp = b - H @ c
    try:
        phi0 = la.solve(H, bp)
        if la.sqnorm(phi0) <= r * r:
            return c + phi0, la.asarray(0, mode)[()]
    except la.LinAlgError:
        pass
    mu, phi = _secular(H, bp, r, mode, digits)
    return c + phi, mu


def solve_box_qp(H: Any, b: Any, lo: Any, hi: Any, x0: Any = None, max_iter: int | None = None
                 ) -> tuple[np.ndarray, int]:
    """``argmin_{lo ≤ θ ≤ hi} ½θᵀHθ − bᵀθ`` (H ≻ 0 on the free coordinates) by the primal active-set
    method (Nocedal–Wright Alg. 16.3), in the mode of the input: exact for Fractions (the exit test is
    the exact KKT condition). Returns ``(θ, iterations)``."""
    mode = la.mode_of(np.asarray(H, dtype=object) if not isinstance(H, np.ndarray) else H)
    mode = max({mode, la.mode_of(b)}, key=la.MODES.index)
    H, b = la.asarray(H, mode), la.asarray(b, mode)
    lo, hi = la.asarray(lo, mode), la.asarray(hi, mode)
    d = len(b)
    if x0 is None:
        try:
            x0 = la.solve(H, b)
        except la.LinAlgError:
            x0 = (lo + hi) / 2
    x = la.project_box(la.asarray(x0, mode), lo, hi)
    W: dict[int, str] = {i: ("lo" if x[i] == lo[i] else "hi") for i in range(d) if x[i] == lo[i] or x[i] == hi[i]}
    max_iter = max_iter or 20 + 10 * d
    for it in range(1, max_iter + 1):
        F = [i for i in range(d) if i not in W]
        xs = x.copy()
        for i, side in W.items():
            xs[i] = lo[i] if side == "lo" else hi[i]
        if F:
            Wi = sorted(W)
            rhs = b[F] - (H[np.ix_(F, Wi)] @ xs[Wi] if Wi else 0)
            xs[F] = la.solve(H[np.ix_(F, F)], rhs)
        p = xs - x
        if all(t == 0 for t in p):
            g = H @ x - b
            worst, worst_v = None, None
            for i, side in W.items():
                viol = -g[i] if side == "lo" else g[i]
                if viol > 0 and (worst_v is None or viol > worst_v):
                    worst, worst_v = i, viol
            if worst is None:
                return x, it
            del W[worst]
            continue
        alpha, block = 1, None
        for i in F:
            if p[i] < 0 and xs[i] < lo[i]:
                a = (lo[i] - x[i]) / p[i]
                if a < alpha:
                    alpha, block = a, (i, "lo")
            elif p[i] > 0 and xs[i] > hi[i]:
                a = (hi[i] - x[i]) / p[i]
                if a < alpha:
                    alpha, block = a, (i, "hi")
        if block is None:
            x = xs
        else:
            x = x + alpha * p
            i, side = block
            x[i] = lo[i] if side == "lo" else hi[i]
            W[i] = side
            x = la.project_box(x, lo, hi)
    raise RuntimeError("the active-set method did not converge")


# --------------------------------------------------------------------------- Newton path
def _domain_qp(H, b, domain: Domain, mode: str, x0, digits: int):
    """Minimiser of ``½θᵀHθ − bᵀθ`` over Θ (numerically, in ``mode``)."""
    if isinstance(domain, Whole):
        return la.solve(H, b)
    d = len(b)
    if isinstance(domain, Ball):
        return solve_ball_qp(H, b, domain.centre(d), domain.radius, mode, digits)[0]
    if isinstance(domain, Box):
        return solve_box_qp(H, b, np.asarray(domain.lo, dtype=object), np.asarray(domain.hi, dtype=object), x0)[0]
    raise InvalidParameterError("domain", f"unsupported domain {type(domain).__name__}")


def _prox_newton(loss, domain, X, y, theta, mode, max_iter, tol, digits) -> tuple[np.ndarray, int]:
    its = 0
    for its in range(1, max_iter + 1):
        g = loss.risk_grad(theta, X, y)
        H = loss.risk_hessian(theta, X, y)
        target = la.asarray(_domain_qp(H, H @ theta - g, domain, mode, theta, digits), mode)
        step = target - theta
        size = la.norm(step)
        if size <= tol:
            theta = target if domain.contains(target) else theta
            break
        f0 = loss.risk(theta, X, y)
        slope = g @ step
        t = la.asarray(1, mode)[()]
        new = target
        if size > 1e-6:  # far from θ*: backtracking (Armijo); near it, full Newton steps
            while t > 1e-12:
                new = theta + t * step
                if loss.risk(new, X, y) <= f0 + t * slope / 10000:
                    break
                t = t / 2
        theta = la.asarray(new, mode)
    return theta, its


def _minimize_newton(loss, domain, Xf, yf, d, out_mode, dps, max_iter) -> Minimizer:
    m = loss.risk_strong_convexity()
    if m <= 0:
        raise InvalidParameterError("lam", "the certified stopping rule needs a strongly convex risk (λ > 0)")
    Xd = la.asarray(Xf, "float")
    yd = None if yf is None else la.asarray(yf, "float")
    theta = la.asarray(domain.centre(d), "float")
    with np.errstate(all="ignore"):
        theta, its1 = _prox_newton(loss, domain, Xd, yd, theta, "float", max_iter, 1e-13, 15)
    if not np.all(np.isfinite(theta)):
        theta = la.asarray(domain.centre(d), "float")
    work = dps + 20
    with workdps(work):
        Xm = la.asarray(Xf, "mpmath")
        ym = None if yf is None else la.asarray(yf, "mpmath")
        theta_m = la.asarray(theta, "mpmath")
        theta_m, its2 = _prox_newton(loss, domain, Xm, ym, theta_m, "mpmath", max_iter,
                                     mpmath.mpf(10) ** (-(work - 5)), work)
    res_mode = "mpmath" if out_mode == "fraction" else out_mode
    theta_out = _feasible(_in_mode(theta_m, res_mode, dps), domain, res_mode, dps)
    radius, residual = _certify(loss, domain, Xf, yf, theta_out, dps)
    mult = None
    if isinstance(domain, Ball):
        with workdps(dps):
            c = la.asarray(domain.centre(d), "mpmath")
            t = la.asarray(theta_m, "mpmath")
            dist2 = la.sqnorm(t - c)
            if dist2 > 0 and dist2 >= (1 - mpmath.mpf(10) ** (-dps // 2)) * la.asarray(domain.radius, "mpmath")[()] ** 2:
                g = la.asarray(loss.risk_grad(theta_m, Xf, yf), "mpmath")
                mult = la.asarray(-(g @ (t - c)) / dist2, res_mode)[()]
            else:
                mult = la.asarray(0, res_mode)[()]
    return Minimizer(theta_out, radius, "proximal Newton (mpmath), certified stopping rule",
                     exact=False, iterations=its1 + its2, multiplier=mult, residual=residual)


# --------------------------------------------------------------------------- certificate
def _contains_ball(domain: Domain, theta: np.ndarray, rad: arb) -> bool:
    """Whether the ball of radius ``rad`` around ``theta`` (arb vector) lies in Θ, decided rigorously."""
    if isinstance(domain, Whole):
        return True
    d = len(theta)
    if isinstance(domain, Ball):
        c = convert(domain.centre(d), "arb")
        diff = theta - c
        nrm = sum((t * t for t in diff), arb(0)).sqrt()
        return bool(nrm + rad <= to_arb(domain.radius))
    if isinstance(domain, Box):
        return all(bool(t - rad >= to_arb(a)) and bool(t + rad <= to_arb(b_))
                   for t, a, b_ in zip(theta, domain.lo, domain.hi))
    return False


def _project_arb(domain: Domain, z: np.ndarray) -> np.ndarray:
    d = len(z)
    if isinstance(domain, Whole):
        return z
    if isinstance(domain, Ball):
        c = convert(domain.centre(d), "arb")
        diff = z - c
        nrm = sum((t * t for t in diff), arb(0)).sqrt()
        factor = arb(1).min(to_arb(domain.radius) / nrm)
        return c + diff * factor
    if isinstance(domain, Box):
        return np.asarray([t.max(to_arb(a)).min(to_arb(b_)) for t, a, b_ in zip(z, domain.lo, domain.hi)],
                          dtype=object)
    raise InvalidParameterError("domain", f"unsupported domain {type(domain).__name__}")


def _norm_upper(v: np.ndarray) -> arb:
    """An upper bound on ``‖v‖`` (arb vector), finite also when a component's ball contains 0 (where ``t·t`` has a
    negative lower end and its square root is NaN: a minimiser on the sphere has a gradient mapping G ≈ 0)."""
    return sum((t.abs_upper() ** 2 for t in v), arb(0)).sqrt()


def _certify(loss, domain, Xf, yf, theta, dps) -> tuple[float, float]:
    m = loss.risk_strong_convexity()
    if m <= 0:
        return math.inf, math.inf
    M = max(loss.risk_smoothness_bound(Xf, yf), m)
    with workprec(bits_for_digits(dps) + 64):
        th = convert(_frac(theta), "arb")
        Xa = convert(Xf, "arb")
        ya = None if yf is None else convert(yf, "arb")
        g = loss.risk_grad(th, Xa, ya)
        gn = _norm_upper(g)
        rad = gn / to_arb(m)
        if _contains_ball(domain, th, rad):
            return arb_upper_float(rad), arb_upper_float(gn)
        z = th - g / to_arb(M)
        G = (th - _project_arb(domain, z)) * to_arb(M)
        Gn = _norm_upper(G)
        if not Gn.is_finite():
            return math.inf, math.inf
        return arb_upper_float(2 * Gn / to_arb(m)), arb_upper_float(Gn)


def certified_radius(loss: LossFamily, domain: Domain, X: Any, y: Any, theta: Any, *,
                     dps: int = DEFAULT_DPS) -> float:
    """A rigorous upper bound on ``‖theta − θ*‖`` for ``θ* = argmin_Θ f_D`` (the stopping rule of
    :func:`minimize`; needs a strongly convex risk, else ``inf``)."""
    loss.check_data(X, y)
    Xf = loss._exact_rows(X)
    yf = loss._exact_labels(y, Xf.shape[0]) if loss.uses_labels else None
    return _certify(loss, domain, Xf, yf, np.asarray(theta), dps)[0]
