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
quadrature is needed. :func:`removal_delta` takes the event where the privacy loss exceeds ε (its boundary found
by a scan in floats — uniform in b, refined where each point's curvature lives — and bisection to machine
precision) and evaluates P_M(S) − e^ε P_R(S) on enclosures (python-flint arb, rigorous erfc): a **rigorous lower
bound** of the hockey-stick δ, equal to it up to the second-order effect of the boundary's float location and up
to a sign change missed between scan points; the mass outside the scanned range (> 38σ in b) is added to the
ball's radius. Where φ is not increasing somewhere on the scan (very small λ) it raises ``ValueError`` (the
checker counts the instance as not evaluated).

**CNS** (Zhang et al. 2024) and **HF** (Qiao et al. 2024) are not implemented: their mechanisms are defined in
papers certunlearn does not have, and Table 3's rows do not define the quantities their σ depends on (see
:mod:`certunlearn.claims.r2d`).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import mpmath
from flint import arb

from ...errors import InvalidParameterError
from ...numeric.enclosure import to_arb

#: Scan range, in standard deviations of b, and the number of scan points per scale.
B_RANGE, SCAN = 40, 240


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


# ------------------------------------------------------------------------------------------ the true δ
def _loss_float(u: float, X, y, lam: float, sigma: float) -> float:
    """The privacy loss log p_unlearn(φ(u)) − log p_retrain(φ(u)) in floats (for the scan only)."""
    n = len(X)
    g1, h1, k1 = _derivs(u, X[:-1], y[:-1], math.exp)  # D' at u
    gn, hn, _ = _derivs(u, X[-1:], y[-1:], math.exp)  # the removed point at u
    H = h1 + lam * (n - 1)
    D = lam * u + gn
    phi, dphi = u + D / H, 1 + ((lam + hn) * H - D * k1) / (H * H)
    if not dphi > 0:
        raise ValueError("the Newton-step map φ is not increasing on the scanned range")
    b = -(g1 + gn + lam * n * u)
    gp, hp, _ = _derivs(phi, X[:-1], y[:-1], math.exp)
    bt = -(gp + lam * (n - 1) * phi)
    return ((bt - b) * (bt + b)) / (2 * sigma * sigma) + math.log((H + hn + lam) / (dphi * (hp + lam * (n - 1))))


def _bisect(f: Callable[[float], float], lo: float, hi: float) -> float:
    flo = f(lo)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        fm = f(mid)
        if (fm > 0) == (flo > 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _scan_points(X, lam: float, sigma: float) -> list[float]:
    """A uniform grid over the range where |b(u)| ≤ 40σ, refined where each point's curvature lives
    (|u·x_i| ≤ 40: ℓ'' and ℓ''' are negligible beyond)."""
    n = len(X)
    reach = (B_RANGE * sigma + n) / (lam * n) + 1  # |b(u)| ≥ 40σ beyond ±reach (|Σ x ℓ'| ≤ n)
    pts = {-reach + 2 * reach * i / (SCAN - 1) for i in range(SCAN)}
    for a in {abs(x) for x in X if x != 0}:
        c = min(reach, B_RANGE / a)
        pts |= {-c + 2 * c * i / (SCAN - 1) for i in range(SCAN)}
    return sorted(pts)


def _events(X, y, lam: float, sigma: float, epsilon: float) -> tuple[float, float, list[tuple[float, float, int]]]:
    """The scanned range (u_lo, u_hi) and the intervals of u where the loss is > ε (sign +1) or < −ε (−1)."""
    us = _scan_points(X, lam, sigma)
    loss = [_loss_float(u, X, y, lam, sigma) for u in us]
    out: list[tuple[float, float, int]] = []
    for sign in (1, -1):
        f = lambda u, s=sign: s * _loss_float(u, X, y, lam, sigma) - epsilon  # noqa: E731
        vals = [sign * v - epsilon for v in loss]
        start = us[0] if vals[0] > 0 else None
        for a, b_, fa, fb in zip(us, us[1:], vals, vals[1:]):
            if (fa > 0) != (fb > 0):
                r = _bisect(f, a, b_)
                if fb > 0:
                    start = r
                else:
                    out.append((start, r, sign))
                    start = None
        if start is not None:
            out.append((start, us[-1], sign))
    return us[0], us[-1], out


def _phi_cdf(x: arb) -> arb:
    """Φ(x) with erfc (accurate in both tails)."""
    return (-x / arb(2).sqrt()).erfc() / 2


def _certify_increasing(lo: float, hi: float, Xa, ya, la, budget: int = 4000) -> bool:
    """Whether φ' > 0 is proved on [lo, hi] (φ the Newton-step map): φ' evaluated on arb balls covering [lo, hi],
    each piece bisected until its enclosure is positive; False when ``budget`` evaluations do not suffice."""
    stack = [(to_arb(lo), to_arb(hi))]
    used = 0
    while stack:
        a, b_ = stack.pop()
        used += 1
        if used > budget:
            return False
        _, dphi = _newton_map(a.union(b_), Xa, ya, la, arb.exp)
        if dphi > 0:
            continue
        mid = (a + b_) / 2
        if not (mid > a and mid < b_):
            return False
        stack += [(a, mid), (mid, b_)]
    return True


def removal_delta(X: Sequence[Any], y: Sequence[Any], lam: Any, sigma: Any, epsilon: Any, lower: bool = False) -> arb:
    """The hockey-stick δ at ε between the laws of Guo et al.'s unlearned output and of retraining, both
    directions (the max), at the current flint precision. See the module docstring for how exact it is.

    With ``lower=True`` the result is a **certified lower bound** of the true δ (its lower end): each interval
    (a, b) of learned models used is one on which φ is proved increasing (φ' > 0 on arb balls,
    :func:`_certify_increasing`; intervals where the proof fails are dropped), so the unlearned output lands in
    S_i = (φ(a), φ(b)) whenever u ∈ (a, b) and retraining lands there with probability exactly p_R (retraining is
    monotone in b). For S = ∪S_i: P_M(S) − e^ε P_R(S) ≥ Σ p_M − e^ε Σ p_R (union bound on P_R). The reverse
    direction P_R(S) − e^ε P_M(S) ≥ Σ p_R − e^ε(Σ p_M + P[u ∉ scanned range]) needs φ increasing on the whole
    scanned range (disjoint images, P_M(S) carried by the intervals alone): it is used only where that is proved.
    Every term is an explicit Gaussian probability on enclosures; δ ≥ each (δ is a supremum over events).""" 
    check_data(X, y, lam)
    Xf, yf = [float(Fraction(v)) for v in X], [int(v) for v in y]
    lf, sf, ef = float(Fraction(lam)), float(to_arb(sigma).mid()), float(to_arb(epsilon).mid())
    u_lo, u_hi, events = _events(Xf, yf, lf, sf, ef)
    Xa, ya, la, sa, ea = [to_arb(Fraction(v)) for v in X], yf, to_arb(Fraction(lam)), to_arb(sigma), to_arb(epsilon)

    def ends(u: float) -> tuple[arb, arb]:
        ua = to_arb(u)
        phi, _ = _newton_map(ua, Xa, ya, la, arb.exp)
        return -grad(ua, Xa, ya, la, arb.exp) / sa, -grad(phi, Xa[:-1], ya[:-1], la, arb.exp) / sa

    lo_b, lo_bt = ends(u_lo)
    hi_b, hi_bt = ends(u_hi)
    if not (min(lo_b, lo_bt) > B_RANGE - 2 and max(hi_b, hi_bt) < 2 - B_RANGE):
        raise ValueError("the scanned range does not cover both laws")
    tail = 2 * _phi_cdf(arb(2 - B_RANGE))
    outside_m = _phi_cdf(hi_b) + (1 - _phi_cdf(lo_b))  # P[u ∉ (u_lo, u_hi)] under the learned law
    best = {1: arb(0), -1: arb(0)}
    if lower and any(sign == -1 for *_, sign in events) and not _certify_increasing(u_lo, u_hi, Xa, ya, la):
        events = [e for e in events if e[2] == 1]
    for a, b_, sign in events:
        if lower and sign == 1 and not _certify_increasing(a, b_, Xa, ya, la):
            continue
        (b1, bt1), (b2, bt2) = ends(a), ends(b_)
        p_m, p_r = _phi_cdf(b1) - _phi_cdf(b2), _phi_cdf(bt1) - _phi_cdf(bt2)
        best[sign] += p_m - ea.exp() * p_r if sign == 1 else p_r - ea.exp() * p_m
    if lower:
        if any(sign == -1 for *_, sign in events):
            best[-1] -= ea.exp() * outside_m
        return arb(max(best[1].lower(), best[-1].lower(), arb(0)))
    return _max(_max(best[1], best[-1]), arb(0)) + arb(0).union(tail.upper())


def _max(a: arb, b: arb) -> arb:
    """A ball containing max(a, b)."""
    return a if a > b else b if b > a else a.union(b)
