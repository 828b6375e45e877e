"""Baselines of Rewind-to-Delete's Table 3 (paper file ``papers/003_4ace1bceaf1cf3d6.txt``, lines 575–590).

**Newton step** (Guo, Goldstein, Hannun, van der Maaten 2020, "Certified data removal"), in one dimension with
the logistic loss ℓ(z, y) = log(1 + e^{−yz}), y ∈ {±1}, |x| ≤ 1:

* learning (objective perturbation): w*(b) = argmin_w L_b(w; D), L_b(w; D) = Σ_{i≤n} ℓ(w x_i, y_i) + (λn/2)w² + b w,
  with b ~ N(0, σ²) drawn once (:func:`learn`);
* removal of the last point (x_n, y_n): one Newton step w⁻ = w* + H⁻¹Δ, Δ = λw* + x_n ℓ'(w* x_n, y_n) (the
  gradient of the removed point's contribution, the regulariser's share λ/2·w² included), H = ∇²L(w*; D')
  (:func:`newton_removal`);
* the reference: the exact minimiser w'(b) of L_b(·; D') = Σ_{i<n} ℓ + (λ(n−1)/2)w² + b w, same b (:func:`retrain`).

**The two published laws as pushforwards of N(0, σ²).** Parametrise by the learned model u = w*(b): b is then
b(u) = −∇L(u; D) (decreasing in u), the unlearned output is φ(u) = u + Δ(u)/H(u), and the b that makes retraining
output φ(u) is b̃(u) = −∇L(φ(u); D'). Where φ is increasing, an interval (u₁, u₂) of learned models carries
P_unlearn = Φ(b(u₁)/σ) − Φ(b(u₂)/σ) and P_retrain(φ(u₁), φ(u₂)) = Φ(b̃(u₁)/σ) − Φ(b̃(u₂)/σ): no inverse map and no
quadrature is needed. The claim ``r2d.table3:newton`` encloses the hockey-stick δ of the two laws on cells of
learned models (:mod:`certunlearn.claims.r2d.newton_enclosure`); this module gives the mechanisms themselves.

**CNS** (Zhang et al. 2024) and **HF** (Qiao et al. 2024) are not implemented: their mechanisms are defined in
papers certunlearn does not have, and Table 3's rows do not define the quantities their σ depends on (see
:mod:`certunlearn.claims.r2d`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import mpmath

from ...errors import InvalidParameterError
from ...numeric.fraction import Fraction

def check_data(X: Sequence[Any], y: Sequence[Any], lam: Any) -> None:
    """Guo et al.'s assumptions on the data: n ≥ 2, |x_i| ≤ 1, y_i ∈ {±1}, λ > 0."""
    if len(X) < 2 or len(X) != len(y):
        raise InvalidParameterError("X", "needs n ≥ 2 points, one label each")
    if any(abs(Fraction(x)) > 1 for x in X):
        raise InvalidParameterError("X", "Guo et al. assume ‖x_i‖ ≤ 1")
    if any(Fraction(v) not in (1, -1) for v in y):
        raise InvalidParameterError("y", "labels are ±1")
    if not Fraction(lam) > 0:
        raise InvalidParameterError("lam", "the regularisation λ must be > 0")


# ------------------------------------------------------------------------------------------ the logistic loss
def _sigmoid(z: Any, exp: Callable) -> Any:
    if isinstance(z, float) and z < 0:  # stable branch in floats
        e = exp(z)
        return e / (1 + e)
    return 1 / (1 + exp(-z))


def _derivs(w: Any, X: Sequence[Any], y: Sequence[Any], exp: Callable) -> tuple[Any, Any, Any]:
    """Σ x_i ℓ'(w x_i, y_i), Σ x_i² ℓ''(w x_i), Σ x_i³ ℓ'''(w x_i) (ℓ'(z, y) = −y s(−yz), ℓ'' = s(1 − s),
    ℓ''' = s(1 − s)(1 − 2s), s = s(z))."""
    g = h = k = 0
    for x, v in zip(X, y):
        z = w * x
        g = g - x * v * _sigmoid(-v * z, exp)
        s = _sigmoid(z, exp)
        c = s * (1 - s)
        h = h + x * x * c
        k = k + x * x * x * c * (1 - 2 * s)
    return g, h, k


def grad(w: Any, X: Sequence[Any], y: Sequence[Any], lam: Any, exp: Callable = mpmath.exp) -> Any:
    """∇L(w; D) without b: Σ x_i ℓ'(w x_i, y_i) + λ|D| w."""
    return _derivs(w, X, y, exp)[0] + lam * len(X) * w


def _newton_map(u: Any, X, y, lam, exp: Callable) -> tuple[Any, Any]:
    """φ(u) = u + Δ(u)/H(u) and φ'(u), H = ∇²L(u; D'), Δ(u) = λu + x_n ℓ'(u x_n, y_n)."""
    _, h, k = _derivs(u, X[:-1], y[:-1], exp)
    H = h + lam * (len(X) - 1)
    g_n, h_n, _ = _derivs(u, X[-1:], y[-1:], exp)
    D = lam * u + g_n
    return u + D / H, 1 + ((lam + h_n) * H - D * k) / (H * H)


# ------------------------------------------------------------------------------------------ the mechanisms
def learn(X: Sequence[Any], y: Sequence[Any], lam: Any, b: Any, dps: int = 50) -> mpmath.mpf:
    """The unique minimiser of L_b(w; D) (strictly convex) by Newton's method at ``dps`` digits."""
    check_data(X, y, lam)
    with mpmath.workdps(dps + 10):
        Xm, ym, lm, bm = ([mpmath.mpf(Fraction(v).numerator) / Fraction(v).denominator for v in X],
                          [int(v) for v in y], as_mpf(lam), as_mpf(b))
        w = -bm / (lm * len(X))
        for _ in range(200):
            g, h, _ = _derivs(w, Xm, ym, mpmath.exp)
            step = (g + lm * len(X) * w + bm) / (h + lm * len(X))
            w -= step
            if abs(step) <= mpmath.mpf(10) ** (-dps - 5) * (1 + abs(w)):
                return +w
    raise ArithmeticError("Newton's method did not converge")  # pragma: no cover - strictly convex, smooth


def newton_removal(w: Any, X: Sequence[Any], y: Sequence[Any], lam: Any, dps: int = 50) -> mpmath.mpf:
    """Guo et al.'s removal of the last point: one Newton step w + H⁻¹Δ from the learned model ``w``."""
    check_data(X, y, lam)
    with mpmath.workdps(dps + 10):
        return +_newton_map(as_mpf(w), [as_mpf(v) for v in X], [int(v) for v in y], as_mpf(lam), mpmath.exp)[0]


def retrain(X: Sequence[Any], y: Sequence[Any], lam: Any, b: Any, dps: int = 50) -> mpmath.mpf:
    """The exact minimiser of L_b(·; D') (D' = D without its last point), the same b."""
    return learn(X[:-1], y[:-1], lam, b, dps)


def as_mpf(v: Any) -> mpmath.mpf:
    if isinstance(v, mpmath.mpf):
        return v
    q = Fraction(v)
    return mpmath.mpf(q.numerator) / q.denominator
