"""Table 3's Newton-step row (lines 580–586 of ``papers/003_4ace1bceaf1cf3d6.txt``, Guo et al. 2020, Thm 3 with
Thm 1): an **enclosure** of the true hockey-stick δ between the law of the one-step Newton removal and the law of
retraining, in one dimension with the logistic loss (:mod:`certunlearn.algorithms.r2d.baselines` for the
mechanism).

**The two laws on cells of learned models.** With b ~ N(0, σ²), the learned model u = w*(b) is a bijection of b
(b(u) = −∇L(u; D), decreasing), the Newton output is φ(u) = u + Δ(u)/H(u) and retraining outputs v exactly when
b = b̃(v) = −∇L(v; D') (decreasing in v). Partition the learned models into cells C = [a, c] (rational end points)
on which φ is proved increasing; then P_M(φ(C)) = Φ(b(a)/σ) − Φ(b(c)/σ) and P_R(φ(C)) = Φ(b̃(φ(a))/σ) −
Φ(b̃(φ(c))/σ), explicit Gaussian probabilities on enclosures. On φ(C) the privacy loss log p_M/p_R at v = φ(u) is

    ℓ(u) = (b̃(φ(u))² − b(u)²)/(2σ²) + log(b'(u)/(b̃∘φ)'(u)),

enclosed over the whole cell from enclosures of the logistic loss's three derivatives at every point's margin
over the cell (each monotone in the margin or in its modulus: ``formulas.r2d.LOGISTIC_D1``–``D3`` at the ends),
with b̃(φ) − b written so that its terms vanish where the logistic terms saturate (wide cells far out stay tight); φ' and (b̃∘φ)'
come from the same enclosures, so φ' > 0 is proved on the cell. For δ(M‖R) = ∫(p_M − e^ε p_R)_+ a cell where
ℓ > ε throughout contributes exactly P_M(φ(C)) − e^ε P_R(φ(C)), a cell where ℓ ≤ ε throughout nothing, and a cell
that straddles ε a value in [max(0, P_M − e^ε P_R), P_M·(1 − e^{ε − sup ℓ})] — it is bisected until the straddling
cells are small (their number stays that of the boundary points, so the width halves per round). δ(R‖M) likewise
with −ℓ. Outside the cells (|b| beyond :data:`B_RANGE`σ at the range's ends) the Gaussian mass is added to the upper
end: (p_M^in + p_M^out − e^ε p_R)_+ ≤ (p_M^in − e^ε p_R)_+ + p_M^out. φ increasing on every cell of a partition of
the range is φ increasing on the range, so the images are disjoint and the sum is the integral. Every term is
rigorous: the result is a ball containing δ = max(δ(M‖R), δ(R‖M)); a cell on which φ' > 0 cannot be proved after
:data:`MAX_CELLS` cells raises ``ValueError`` (the instance is then not evaluated).
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import mpmath
import sympy
from flint import arb, ctx

from ...algorithms.r2d.baselines import check_data
from ...formulas.r2d import LOGISTIC_D1, LOGISTIC_D2, LOGISTIC_D3_OVER_D2, logit_y, logit_z
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...privacy.subsampled import normal_tail

__all__ = ["B_RANGE", "MAX_CELLS", "newton_removal_delta"]

#: the range of learned models: |b| ≤ B_RANGE·σ at its two ends (the mass beyond is a few 10⁻³⁴⁹)
B_RANGE = 40
#: the first partition: cells at these many equally spaced quantiles of b's law (dyadic end points in u)
START_CELLS = 32
#: at most this many cells (a straddling cell is bisected while the width is above the target)
MAX_CELLS = 4000


@functools.cache
def _compiled() -> tuple:
    """``formulas.r2d.LOGISTIC_D1``, ``LOGISTIC_D2``, ``LOGISTIC_D3_OVER_D2`` as functions of (z, y) on arb points."""
    ops = {"exp": lambda v: v.exp(), "cosh": lambda v: v.cosh(), "tanh": lambda v: v.tanh()}
    return tuple(sympy.lambdify((logit_z, logit_y), e, [ops]) for e in (LOGISTIC_D1, LOGISTIC_D2, LOGISTIC_D3_OVER_D2))


def _d1(z: arb, y: int) -> arb:
    """ℓ'(z, y) over the ball z: increasing in z, so its values at the two ends (``formulas.r2d.LOGISTIC_D1``)."""
    f = _compiled()[0]
    return f(z.lower(), y).union(f(z.upper(), y))


def _d2(z: arb) -> arb:
    """ℓ''(z) over the ball z: even and decreasing in |z|, so its values at the ends of |z|'s range."""
    f = _compiled()[1]
    return f(z.abs_upper(), 1).union(f(z.abs_lower(), 1))


def _d3(z: arb, d2: arb) -> arb:
    """The third derivative over the ball z: ``formulas.r2d.LOGISTIC_D3_OVER_D2`` (−tanh(z/2), monotone) at the
    two ends, times ``d2``, the enclosure of ℓ'' there."""
    f = _compiled()[2]
    return f(z.lower(), 1).union(f(z.upper(), 1)) * d2


def _shared(fn: Any, args: Callable[[int], Sequence[Any]], reps: Sequence[int]) -> list:
    """``[fn(*args(i)) for i in range(len(reps))]``, calling ``args`` and ``fn`` once per representative: ``reps[i]``
    is the first index whose point is identical to point i (:func:`_representatives`), so its arguments are the same
    balls and its value is the same ball — the list, and every sum over it in its order, is bit for bit the one
    computed point by point (the extremal instances repeat one point n − 1 times)."""
    memo: dict[int, Any] = {}
    out = []
    for r in reps:
        if r not in memo:
            memo[r] = fn(*args(r))
        out.append(memo[r])
    return out


def _representatives(X: Sequence[arb], y: Sequence[int]) -> tuple[int, ...]:
    """For each retained point i (all but the last), the first index j ≤ i with (x_j, y_j) identical to (x_i, y_i):
    the same label and the same ball (midpoint and radius, compared exactly)."""
    reps: list[int] = []
    for i in range(len(X) - 1):
        reps.append(next(j for j in range(i + 1) if y[j] == y[i] and X[j].mid() == X[i].mid()
                         and X[j].rad() == X[i].rad()))
    return tuple(reps)


def _loss(u: arb, X: Sequence[arb], y: Sequence[int], lam: arb, sigma: arb,
          reps: Sequence[int]) -> tuple[arb | None, arb]:
    """(an enclosure of the privacy loss ℓ over the ball u, None where φ' > 0 is not proved there; an enclosure
    of (b̃∘φ)' there: φ' > 0 ⇔ it is < 0).
    b̃(φ) − b is evaluated in the form Δ·S/H − Σ_{i<n} x_i(ℓ'(φx_i) − ℓ'(ux_i)) (S = Σ_{i<n} x_i²ℓ''(ux_i)), whose
    terms vanish where the logistic terms saturate, so a wide cell far out still gets a tight loss. ``reps``: the
    retained points' representatives (:func:`_shared`)."""
    xn, yn = X[-1], y[-1]
    nm1 = len(X) - 1
    zs = _shared(u.__mul__, lambda i: (X[i],), reps)  # u·x_i, once per distinct point
    d1 = _shared(_d1, lambda i: (zs[i], y[i]), reps)
    d2 = _shared(_d2, lambda i: (zs[i],), reps)
    S = sum((x * x * c for x, c in zip(X, d2)), arb(0))
    H = lam * nm1 + S
    d3 = _shared(_d3, lambda i: (zs[i], d2[i]), reps)
    k = sum((x * x * x * c3 for x, c3 in zip(X, d3)), arb(0))
    zn = u * xn
    d1n, d2n = _d1(zn, yn), _d2(zn)
    delta_ = lam * u + xn * d1n
    step = delta_ / H
    phi = u + step
    dphi = 1 + ((lam + xn * xn * d2n) * H - delta_ * k) / (H * H)
    b = -sum((x * c for x, c in zip(X, d1)), arb(0)) - xn * d1n - lam * (nm1 + 1) * u
    zphi = _shared(phi.__mul__, lambda i: (X[i],), reps)
    d1phi = _shared(_d1, lambda i: (zphi[i], y[i]), reps)
    diff = step * S - sum((x * (c1 - c) for x, c1, c in zip(X, d1phi, d1)), arb(0))  # b̃(φ) − b
    d2phi = _shared(_d2, lambda i: (zphi[i],), reps)
    H_t = lam * nm1 + sum((x * x * c for x, c in zip(X, d2phi)), arb(0))
    slope = -H_t * dphi  # (b̃∘φ)' = b̃'(φ)φ'
    ratio = (H + xn * xn * d2n + lam) / (H_t * dphi)  # b'(u)/(b̃∘φ)'(u)
    if not (dphi > 0 and ratio > 0):
        return None, slope
    return diff * (2 * b + diff) / (2 * sigma * sigma) + ratio.log(), slope


def _ends(u: Fraction, X, y, lam, sigma, reps) -> tuple[arb, arb]:
    """(b(u)/σ, b̃(φ(u))/σ) at an exact point u."""
    ua = to_arb(u)
    xn, yn = X[-1], y[-1]
    nm1 = len(X) - 1
    kept = X[:-1]
    H = lam * nm1 + sum((x * x * c for x, c in zip(kept, _shared(_d2, lambda i: (ua * X[i],), reps))), arb(0))
    g_n = lam * ua + xn * _d1(ua * xn, yn)
    phi = ua + g_n / H
    b = -sum((x * c for x, c in zip(kept, _shared(_d1, lambda i: (ua * X[i], y[i]), reps))),
             arb(0)) - g_n - lam * nm1 * ua
    bt = -sum((x * c for x, c in zip(kept, _shared(_d1, lambda i: (phi * X[i], y[i]), reps))),
              arb(0)) - lam * nm1 * phi
    return b / sigma, bt / sigma


def _cdf(x: arb) -> arb:
    """Φ(x) = Q(−x), the package's one normal tail (erfc: accurate in both tails)."""
    return normal_tail(-x)


def _dyadic(v: Any, bits: int = 30) -> Fraction:
    return Fraction(round(float(v) * 2**bits), 2**bits)


@functools.cache
def _quantiles() -> tuple[float, ...]:
    """The quantiles of N(0, 1) at k/START_CELLS, 0 < k < START_CELLS (floats: they only place cell ends)."""
    return tuple(float(mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(k) / START_CELLS - 1)) for k in range(1, START_CELLS))


def _start(X: Sequence[Fraction], lam: Fraction, sigma: float) -> list[Fraction]:
    """End points of the first cells, as dyadics (any points are valid; these balance the work): the range's ends
    ±((B_RANGE·σ + n)/(λn) + 1), beyond which |b| ≥ B_RANGE·σ since |Σ x_iℓ'| ≤ n; u ≈ −σz/(λn) at equally spaced
    quantiles z of N(0, 1) (b is λnu up to at most n); and u = k/|x_i|, |k| ≤ 40, k ≡ 0 mod 8, where ℓ'' of each point lives."""
    n_, lf = len(X), float(lam)
    reach = (B_RANGE * sigma + n_) / (lf * n_) + 1
    end = _dyadic(reach) + 1
    pts = {end, -end}
    pts |= {_dyadic(-sigma * z / (lf * n_)) for z in _quantiles()}
    pts |= {_dyadic(k / abs(float(x))) for x in X if x != 0 for k in range(-40, 41, 8)}
    return sorted(p for p in pts if abs(p) <= end)


def _cell(a: Fraction, c: Fraction, end_a: tuple, end_c: tuple, X, y, lam, sigma, e_eps: arb, eps: arb,
          reps: Sequence[int]) -> list | None:
    """Per direction (+1: δ(M‖R), −1: δ(R‖M)) the cell's contribution as (lower, upper, straddles), or None where
    φ' > 0 is not proved on the cell."""
    loss, slope = _loss(to_arb(a).union(to_arb(c)), X, y, lam, sigma, reps)
    if loss is None or not slope < 0 or not loss.is_finite():
        return None
    (b1, bt1), (b2, bt2) = end_a, end_c
    p_m, p_r = _cdf(b1) - _cdf(b2), _cdf(bt1) - _cdf(bt2)
    out = []
    for sign, p, q in ((1, p_m, p_r), (-1, p_r, p_m)):
        low, high = (sign * loss).lower(), (sign * loss).upper()
        if low > eps:  # the loss is above ε on the whole cell: the integral is exactly P − e^ε Q
            out.append((p - e_eps * q, p - e_eps * q, False))
        elif high > eps:
            gap = p - e_eps * q
            out.append((gap if gap > 0 else arb(0), p * (1 - (eps - high).exp()), True))
        else:
            out.append((arb(0), arb(0), False))
    return out


def newton_removal_delta(X: Sequence[Any], y: Sequence[Any], lam: Any, sigma: Any, epsilon: Any) -> arb:
    """A ball containing the true δ at ε (both directions, the max) between Guo et al.'s Newton removal of the last
    point and retraining, both with b ~ N(0, σ²) (module docstring). ``X`` rational or arb balls (a projection with
    an irrational norm, |x| ≤ 1 decided by the caller), ``y`` ±1, λ > 0. The straddling cells are bisected until
    their width is at most 2^(−prec/8) of the upper end or 2^(−prec) absolutely (a checker that cannot decide raises
    the precision), or :data:`MAX_CELLS` cells."""
    if not any(isinstance(v, arb) for v in X):
        check_data(X, y, lam)
    Xa = [v if isinstance(v, arb) else to_arb(Fraction(v)) for v in X]
    Xs = [Fraction(float(v.mid())) if isinstance(v, arb) else Fraction(v) for v in X]
    ya = [int(v) for v in y]
    la, sa, ea = to_arb(Fraction(lam)), to_arb(sigma), to_arb(epsilon)
    e_eps = ea.exp()
    reps = _representatives(Xa, ya)
    pts = _start(Xs, Fraction(lam), float(sa.mid()))
    ends = {p: _ends(p, Xa, ya, la, sa, reps) for p in pts}
    lo_b, lo_bt = ends[pts[0]]
    hi_b, hi_bt = ends[pts[-1]]
    if not (min(lo_b, lo_bt) > B_RANGE - 2 and max(hi_b, hi_bt) < 2 - B_RANGE):
        raise ValueError("newton_enclosure: the range of learned models does not cover both laws")
    tails = {1: (_cdf(hi_b) + _cdf(-lo_b), arb(0)),  # P_M[u outside the range]
             -1: (_cdf(hi_bt) + _cdf(-lo_bt), e_eps * (_cdf(hi_b) + _cdf(-lo_b)))}  # P_R outside the image; e^ε P_M^out
    target, floor = arb(2) ** (-max(8, ctx.prec // 8)), arb(2) ** (-ctx.prec)

    def cell(a: Fraction, c: Fraction, end_a: tuple, end_c: tuple) -> tuple:
        return a, c, end_a, end_c, _cell(a, c, end_a, end_c, Xa, ya, la, sa, e_eps, ea, reps)

    cells = [cell(a, c, ends[a], ends[c]) for a, c in zip(pts, pts[1:])]
    while True:
        unsure = [k for k in cells if k[4] is None]
        lower = upper = arb(0)
        if not unsure:
            for j, sign in enumerate((1, -1)):
                lows = sum((k[4][j][0] for k in cells), arb(0)) - tails[sign][1]
                ups = sum((k[4][j][1] for k in cells), arb(0)) + tails[sign][0]
                lower, upper = max(lower, lows.lower()), max(upper, ups.upper())
        loose = [k for k in cells if k[4] is not None and (k[4][0][2] or k[4][1][2])]
        slack = sum((k[4][j][1] - k[4][j][0] for k in loose for j in (0, 1)), arb(0))
        split = unsure or ([] if slack <= target * upper or slack <= floor else loose)
        if not split:
            return arb(lower).union(arb(upper))
        if len(cells) + len(split) > MAX_CELLS:
            if unsure:
                raise ValueError("newton_enclosure: the Newton map φ is not proved increasing on the range")
            return arb(lower).union(arb(upper))
        todo, new = {id(k) for k in split}, []
        for k in cells:
            if id(k) in todo:
                a, c, end_a, end_c, _ = k
                m = (a + c) / 2
                end_m = _ends(m, Xa, ya, la, sa, reps)
                new += [cell(a, m, end_a, end_m), cell(m, c, end_m, end_c)]
            else:
                new.append(k)
        cells = new
