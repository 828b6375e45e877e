"""Claim 3.3's constants over more of its class (issue 23): quadratic, linear, Huber-smoothed quadratic and logistic
(+ ridge) losses, on boxes containing 0 and on Euclidean balls.

Claim 3.3 (``papers/002_7f80bf4846a5a6af.txt`` line 277; Θ ∋ 0, line 273): for f_z convex, L-Lipschitz and
M-smooth, g_z = f_z + (m/2)‖θ‖² is (L + mD)-Lipschitz, (M + m)-smooth and m-strongly convex. The three quantities,
per instance (data x ∈ X, Θ, m):

* Lipschitz: sup_{x, θ ∈ Θ} ‖∇g_x(θ)‖. For a diagonal quadratic, a linear or a Huber-smoothed loss ∇g_x is separable
  with each coordinate nondecreasing in θ_k (the derivative of a convex function of θ_k), so |∇g_x|_k² is largest at
  an end of the coordinate's range: on a box the supremum is at a vertex (exact, rational), on a ball at the sphere
  (moving one coordinate outward to the sphere never lowers it); in d = 2 the sphere is θ = r(cos t, sin t) and the
  supremum over t is enclosed by a rigorous branch and bound on arb (:func:`sup_enclosure`). For logistic + ridge
  ∇g_x(θ) = −σ(−t)x + kθ with t = ⟨x, θ⟩, k = λ + m: in d = 1 it is nondecreasing in θ (an end of the interval);
  on a ball in d ≥ 2, with ‖θ‖ = r filled orthogonally to x, ‖∇g_x‖² = ‖x‖²σ(−t)² − 2ktσ(−t) + k²r² over
  |t| ≤ r‖x‖ (one variable: branch and bound).
* Smoothness: sup λ_max(∇²g_x) over ℝ^d: a_max + m (quadratic), m (linear), a_max + c/w + m (Huber, inside a
  band), ‖x‖²_max/4 + λ + m (logistic, at ⟨x, θ⟩ = 0) — exact.
* Strong convexity: m / inf λ_min(∇²g_x): a_min + m (quadratic, Huber outside the bands), m (linear), λ + m
  (logistic: the direction orthogonal to x in d ≥ 2; the infimum as |t| → ∞ in d = 1) — exact.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
from flint import arb, ctx

from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ..instances import frac
from .common import exact_sqrt, frac_matrix, sq_norm

__all__ = ["family", "lipschitz", "smoothness", "convexity", "sup_enclosure", "kind_of"]


def kind_of(values: dict) -> str:
    if values.get("logistic"):
        return "logistic"
    if values.get("huber"):
        return "huber"
    return "linear" if frac(values.get("linear", 0)) else "quadratic"


def family(values: dict) -> tuple[Any, Any]:
    """The loss family f_x and Θ of a Claim 3.3 instance: diagonal Quadratic ``½(θ − x)ᵀA(θ − x)``, Linear
    ``⟨x, θ⟩`` (``linear = 1``), the Huber-smoothed quadratic (``huber = [c, w]``) or logistic + ridge
    (``logistic = 1``, λ = A's entry); Θ the box [lo, hi] or the ball of radius ``ball``."""
    from ...problems import Box, Linear, Quadratic
    from ...problems.huber import HuberQuadratic
    from ...problems.rounded_ball import RoundedBall
    from ...problems.rounded_logistic import RoundedLogistic

    lo, hi = tuple(frac(v) for v in values["lo"]), tuple(frac(v) for v in values["hi"])
    R = frac(values["R"])
    a = [frac(v) for v in values.get("A", [])]
    kind = kind_of(values)
    if kind == "linear":
        loss = Linear(R=R)
    elif kind == "logistic":
        loss = RoundedLogistic(lam=a[0], R=R)
    elif kind == "huber":
        loss = HuberQuadratic(a=tuple(a), c=frac(values["huber"][0]), w=frac(values["huber"][1]), R=R)
    else:
        loss = Quadratic(A=tuple(tuple(a[r] if r == c else Fraction(0) for c in range(len(a))) for r in range(len(a))), R=R)
    domain = RoundedBall(frac(values["ball"]), len(lo)) if values.get("ball") else Box(lo, hi)
    return loss, domain


def _grad_arb(values: dict, theta: list[arb], x: list[Fraction]) -> list[arb]:
    """∇g_x(θ) = ∇f_x(θ) + mθ on arb, for the separable families (quadratic, linear, Huber)."""
    mm = to_arb(frac(values["m"]))
    kind = kind_of(values)
    if kind == "linear":
        return [to_arb(xk) + mm * tk for tk, xk in zip(theta, x)]
    a = [to_arb(frac(v)) for v in values["A"]]
    out = [ak * (tk - to_arb(xk)) + mm * tk for ak, tk, xk in zip(a, theta, x)]
    if kind == "huber":
        c, w = (to_arb(frac(v)) for v in values["huber"])
        out = [o + c * ((tk - to_arb(xk)) / w).max(arb(-1)).min(arb(1)) for o, tk, xk in zip(out, theta, x)]
    return out


def _grad_slope_arb(values: dict, theta: list[arb], x: list[Fraction]) -> list[arb]:
    """d/dθ_k of the k-th coordinate of ∇g_x (a generalised derivative across a Huber breakpoint: the hull)."""
    mm = to_arb(frac(values["m"]))
    kind = kind_of(values)
    if kind == "linear":
        return [mm for _ in theta]
    out = [to_arb(frac(v)) + mm for v in values["A"]]
    if kind == "huber":
        c, w = (to_arb(frac(v)) for v in values["huber"])
        for k, (tk, xk) in enumerate(zip(theta, x)):
            r = abs(tk - to_arb(xk))
            band = arb(1) if r < w else arb(0) if r > w else arb(0).union(arb(1))
            out[k] = out[k] + c / w * band
    return out


def _grad_exact(values: dict, theta: tuple, x: list[Fraction]) -> list[Fraction]:
    """∇g_x(θ) exactly (the separable families at a rational θ)."""
    loss, _ = family(values)
    g = loss.grad(np.asarray(theta, dtype=object), np.asarray(x, dtype=object))
    mm = frac(values["m"])
    return [frac(gk) + mm * tk for gk, tk in zip(g, theta)]


def sup_enclosure(F: Callable[[arb], arb], dF: Callable[[arb], arb], lo: Fraction, hi: Fraction) -> arb:
    """An enclosure of sup_{t ∈ [lo, hi]} F(t), F continuously differentiable (or Lipschitz with ``dF`` enclosing
    its generalised derivative), both evaluated on balls as rigorous range enclosures. On a piece [c − h, c + h] the
    range lies in F(ball) ∩ (F(c) + dF(ball)·[−h, h]) (the mean value form: second order near a maximum). Lower end:
    the best value at a point; upper end: the largest range bound over the pieces not yet discarded; each round
    halves the surviving pieces (a piece whose range lies below the best point value is dropped). Once rounding
    dominates, more than 32 pieces survive and the search stops: the enclosure is the same hull, only no narrower.
    Rounds: half the working precision (the mean value form's error is of the order of the squared piece width)."""
    rounds = ctx.prec // 2 + 8

    def bound(a: Fraction, b: Fraction) -> arb:
        mid, rad = to_arb((a + b) / 2), to_arb((b - a) / 2)
        ball = arb(mid.mid(), rad.upper())
        direct = F(ball)
        centred = F(mid) + dF(ball) * arb(0, rad.upper())
        return direct.intersection(centred) if direct.overlaps(centred) else centred

    pieces = [(lo, hi)]
    best = F(to_arb(lo)).lower().max(F(to_arb(hi)).lower())
    for _ in range(rounds):
        bounds = []
        for p in pieces:
            best = best.max(F(to_arb((p[0] + p[1]) / 2)).lower())
            bounds.append((bound(*p).upper(), p))
        pieces = [p for up, p in bounds if not up < best]
        if len(pieces) > 32:
            break
        nxt = []
        for a, b in pieces:
            mid = (a + b) / 2
            nxt += [(a, mid), (mid, b)]
        pieces = nxt
    top = best
    for a, b in pieces:
        top = top.max(bound(a, b).upper())
    return best.union(top)


def _sigma_neg(t: arb) -> arb:
    """σ(−t) = 1/(1 + e^t)."""
    return 1 / (1 + t.exp())


def lipschitz(values: dict) -> Fraction | arb:
    """sup over the data points x and θ ∈ Θ of ‖∇g_x(θ)‖ (module docstring): exact at a box's vertices for the
    separable families, enclosed otherwise."""
    X = frac_matrix(values["X"])
    kind = kind_of(values)
    dim = X.shape[1]
    if values.get("ball"):
        r = frac(values["ball"])
        if kind == "logistic":
            return _logistic_ball(values, X, r)
        if dim != 2:
            raise ArithmeticError("the supremum over a ball is enclosed in d = 2 (one angle)")
        best = arb(0)
        for x in X:
            row = [frac(v) for v in x]

            def F(t: arb, row: list[Fraction] = row) -> arb:
                g = _grad_arb(values, [to_arb(r) * t.cos(), to_arb(r) * t.sin()], row)
                return sum((v * v for v in g), arb(0))

            def dF(t: arb, row: list[Fraction] = row) -> arb:  # Σ_k 2g_k·g_k'·dθ_k/dt, θ = r(cos t, sin t)
                theta = [to_arb(r) * t.cos(), to_arb(r) * t.sin()]
                g, slope = _grad_arb(values, theta, row), _grad_slope_arb(values, theta, row)
                return 2 * (g[0] * slope[0] * -theta[1] + g[1] * slope[1] * theta[0])

            best = best.max(sup_enclosure(F, dF, Fraction(-4), Fraction(4)))
        return best.sqrt()
    lo, hi = [frac(v) for v in values["lo"]], [frac(v) for v in values["hi"]]
    if kind == "logistic":
        if dim != 1:
            raise ArithmeticError("logistic + ridge on a box is enclosed in d = 1 (an end of the interval)")
        k = to_arb(frac(values["A"][0]) + frac(values["m"]))
        best = arb(0)
        for x in X:
            xa = to_arb(frac(x[0]))
            for th in (lo[0], hi[0]):
                ta = to_arb(th)
                best = best.max(abs(-_sigma_neg(xa * ta) * xa + k * ta))
        return best
    best2 = Fraction(0)
    for vertex in itertools.product(*zip(lo, hi)):
        for row in X:
            best2 = max(best2, sq_norm(np.asarray(_grad_exact(values, vertex, [frac(v) for v in row]), dtype=object)))
    return exact_sqrt(best2)


def _logistic_ball(values: dict, X: np.ndarray, r: Fraction) -> arb:
    """sup over ‖θ‖ ≤ r (d ≥ 2) of ‖−σ(−⟨x, θ⟩)x + kθ‖: over t = ⟨x, θ⟩ ∈ [−r‖x‖, r‖x‖] of
    ‖x‖²σ(−t)² − 2ktσ(−t) + k²r² (θ's component orthogonal to x fills ‖θ‖ = r)."""
    if X.shape[1] < 2:
        raise ArithmeticError("in d = 1 the ball is an interval: use the box")
    k = to_arb(frac(values["A"][0]) + frac(values["m"]))
    ra = to_arb(r)
    best = arb(0)
    for x in X:
        nx2 = sq_norm(x)
        if nx2 == 0:
            best = best.max(k * k * ra * ra)
            continue
        n2 = to_arb(nx2)
        span = n2.sqrt() * ra
        # t ranges over [−r‖x‖, r‖x‖]: a rational superset scaled into [−1, 1] (t = u·span)

        def F(u: arb) -> arb:
            t = u * span
            s = _sigma_neg(t)
            return n2 * s * s - 2 * k * t * s + k * k * ra * ra

        def dF(u: arb) -> arb:  # d/du with s' = −s(1 − s)
            t = u * span
            s = _sigma_neg(t)
            ds = -s * (1 - s)
            return span * (2 * n2 * s * ds - 2 * k * s - 2 * k * t * ds)

        best = best.max(sup_enclosure(F, dF, Fraction(-1), Fraction(1)))
    return best.sqrt()


def smoothness(values: dict) -> Fraction:
    """sup λ_max(∇²g_x) (module docstring), exactly."""
    mm = frac(values["m"])
    kind = kind_of(values)
    if kind == "linear":
        return mm
    a = [frac(v) for v in values["A"]]
    if kind == "logistic":
        return max(sq_norm(np.asarray([frac(v) for v in x], dtype=object)) for x in values["X"]) / 4 + a[0] + mm
    if kind == "huber":
        return max(a) + frac(values["huber"][0]) / frac(values["huber"][1]) + mm
    return max(a) + mm


def convexity(values: dict) -> Fraction:
    """m / inf λ_min(∇²g_x) (module docstring), exactly."""
    mm = frac(values["m"])
    kind = kind_of(values)
    low = Fraction(0) if kind == "linear" else min(frac(v) for v in values["A"])
    return Fraction(mm / (low + mm))

