"""Ridge + Huber losses on a box, exactly (issue 23: the strongly convex regret claims over non-quadratic losses at
k = 0; paper file ``papers/000_8245766a2c9b0ba6.txt``, Theorem 2 lines 185–193, Corollary 7 lines 659–670, Theorem 6
lines 270–274).

f_t(z) = Σ_k ½H_{t,k}(z_k − x_{t,k})² + a_t·hub_δ(z_k − y_{t,k}), hub_δ(r) = r²/(2δ) for |r| ≤ δ, |r| − δ/2 beyond:
H_{t,k}-strongly convex and (H_{t,k} + a_t/δ)-smooth per coordinate, not quadratic when a_t > 0 (a convex
piecewise quadratic with rational breakpoints y ± δ). Everything is rational: the gradient H(z − x) + a·clip((z − y)/δ,
−1, 1), OGD with the rational steps 1/(μt), the projection onto a box (a clip), the values, and the comparator —
min over the box of Σ_t f_t is separable, each coordinate's derivative is increasing and piecewise linear, so its
zero (or the box's end) is found exactly between consecutive breakpoints. The largest gradient norm over the box is
Σ_k max(g_k(−b)², g_k(b)²) (each g_k is increasing), exact.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...numeric.fraction import Fraction
from ...problems.huber import coordinate_minimiser, huber, huber_grad

__all__ = ["huber", "huber_grad", "loss_value", "loss_grad", "max_grad_norm2", "box_minimum", "projected_ogd_regret"]


def loss_value(z, h, x, y, a, delta) -> Fraction:
    return sum((hk * (zk - xk) ** 2 / 2 + a * huber(zk - yk, delta) for zk, hk, xk, yk in zip(z, h, x, y)), Fraction(0))


def loss_grad(z, h, x, y, a, delta) -> list[Fraction]:
    return [hk * (zk - xk) + a * huber_grad(zk - yk, delta) for zk, hk, xk, yk in zip(z, h, x, y)]


def max_grad_norm2(h, x, y, a, delta, b: Fraction) -> Fraction:
    """max over [−b, b]^d of ‖∇f‖², exactly (each coordinate of the gradient is increasing in its variable)."""
    return sum((max(g * g for g in (hk * (e - xk) + a * huber_grad(e - yk, delta) for e in (-b, b)))
                for hk, xk, yk in zip(h, x, y)), Fraction(0))


def box_minimum(H, X, Y, A, delta: Fraction, b: Fraction) -> Fraction:
    """min over [−b, b]^d of Σ_t f_t, exactly (separable)."""
    d = len(X[0])
    z = [coordinate_minimiser([h[k] for h in H], [x[k] for x in X], [y[k] for y in Y], A, delta, -b, b)
         for k in range(d)]
    return sum((loss_value(z, h, x, y, a, delta) for h, x, y, a in zip(H, X, Y, A)), Fraction(0))


def projected_ogd_regret(z1, H, X, Y, A, delta: Fraction, b: Fraction, etas: Sequence[Fraction]) -> Fraction:
    """Σ_t f_t(w_{t−1}) − min_K Σ_t f_t for OGD w_t = Π_K(w_{t−1} − η_t∇f_t(w_{t−1})) on K = [−b, b]^d, exactly."""
    w, total = list(z1), Fraction(0)
    for t, (h, x, y, a) in enumerate(zip(H, X, Y, A)):
        total += loss_value(w, h, x, y, a, delta)
        g = loss_grad(w, h, x, y, a, delta)
        w = [max(-b, min(b, wk - etas[t] * gk)) for wk, gk in zip(w, g)]
    return total - box_minimum(H, X, Y, A, delta, b)
