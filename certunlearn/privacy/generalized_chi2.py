"""The generalised (noncentral) χ² tail P[Σ_k a_k(Y_k + c_k)² > τ], Y ~ N(0, I_d), a_k > 0, in any d, rigorously
(issue 23: the d2d accuracy claims on anisotropic quadratics in d ≥ 3 — the accuracy event of Theorems 3.1, 3.4,
3.5 and Remark 3.6, ``papers/002_7f80bf4846a5a6af.txt`` lines 205–209, 287–290, 318–330, is an ellipsoid's
exterior under a Gaussian).

Ruben's series (H. Ruben 1962, "Probability content of regions under spherical normal distributions, IV: the
distribution of homogeneous and non-homogeneous quadratic functions of normal variables", Ann. Math. Statist. 33,
542–570; Kotz, Johnson & Boyd 1967, Ann. Math. Statist. 38, 823–837; Farebrother 1984, AS 204). With
0 < β ≤ min_k a_k, γ_k = 1 − β/a_k ∈ [0, 1) and λ_k = c_k², the moment generating function of Q = Σ a_k(Y_k + c_k)²
is, in w = 1/(1 − 2βt),

    E e^{tQ} = a₀ w^{d/2} exp G(w),   a₀ = exp(−½Σλ_k) Π_k (β/a_k)^{1/2},
    G(w) = Σ_k [−½ log(1 − γ_k w) + ½ λ_k (β/a_k) w/(1 − γ_k w)] = Σ_{r≥1} G_r w^r,
    G_r = Σ_k [γ_k^r/(2r) + ½ λ_k (β/a_k) γ_k^{r−1}] ≥ 0,

so with exp G(w) = Σ_j b_j w^j (b₀ = 1, j b_j = Σ_{r=1}^{j} r G_r b_{j−r}: the Poisson-mixed recursion
c_j = a₀b_j, j c_j = Σ_{r=0}^{j−1} g_{j−r} c_r with g_r = rG_r = ½Σγ_k^r + (r/2)Σλ_k(β/a_k)γ_k^{r−1}) and
w^{d/2+j} the generating function of βχ²_{d+2j}:

    P[Q > τ] = Σ_j c_j Q_{χ²_{d+2j}}(τ/β),   c_j ≥ 0,   Σ_j c_j = 1   (w = 1 at t = 0).

Truncation is rigorous: every term lies in [0, c_j], so Σ_{j<J} c_j Q_j ≤ P[Q > τ] ≤ Σ_{j<J} c_j Q_j + R_J with
R_J = Σ_{j≥J} c_j ≤ min(1 − Σ_{j<J} c_j, a₀ exp G(ρ) ρ^{−J}) for any 1 < ρ < 1/max γ_k (the coefficients b_j are
nonnegative, so Σ_{j≥J} b_j ≤ Σ_j b_j ρ^{j−J}); the second form has no cancellation and serves tails far below the
working precision. The b_j are the coefficients of exp G, computed by arb's rigorous power-series exponential
(``arb_series.exp``), the tails Q_{χ²_{d+2j}}(x) = Q(d/2 + j, x/2) by one regularised upper incomplete gamma
(``arb.gamma_upper(s, regularized=1)``, the argument being ``self``) and the upward recurrence
Q(s + 1, y) = Q(s, y) + y^s e^{−y}/Γ(s + 1) (positive increments). J doubles until R_J is below the wanted relative
width of the tail; the precision is raised while the rounding of the coefficients keeps the result wider than that.

Far tails: with β = min a_k the series needs about τ/(2β) terms before its remainder falls below a tail like
e^{−τ/(2 max a_k)}; a tail whose Chernoff bound E e^{tQ} e^{−tτ} (closed form, evaluated on arb at one admissible t)
is below :data:`NEGLIGIBLE` = 10⁻⁶⁰ is returned as [0, that bound] instead, and every result is intersected with it.
Large offsets (½Σc_k² > 400: the series would need that many terms) are first bracketed by linearising Q about the
offset (:func:`linearised_bracket`: Q = C + 2L + R, L Gaussian, 0 ≤ R ≤ max a_k χ²_d), kept when narrow enough.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from flint import arb, arb_series, ctx

from ..numeric.enclosure import erfc_ball, to_arb
from ..numeric.fraction import Fraction
from ..numeric.precision import MAX_PREC, workprec

__all__ = ["chernoff_bound", "generalized_chi2_sf", "linearised_bracket"]

_UNIT = arb(0).union(arb(1))


def _tail_bound(a0: arb, gam: Sequence[arb], lam_w: Sequence[arb], J: int) -> arb | None:
    """min over a few ρ ∈ (1, 1/max γ) of a₀ exp G(ρ) ρ^{−J} (an upper bound of Σ_{j≥J} c_j), or None."""
    gmax = max(float(g.upper()) for g in gam)
    top = 1 / gmax if gmax > 0 else math.inf
    best = None
    # ρ is only a point where a rigorous bound is evaluated (any admissible ρ is valid): a grid of candidates
    for k in range(1, 40):
        f = k / 40
        rho_f = 1 + f * (top - 1) if math.isfinite(top) else 1 + f * f * 4 * J
        rho = to_arb(Fraction(rho_f).limit_denominator(2**30))
        if not rho > 1 or not all(1 - g * rho > 0 for g in gam):
            continue
        G = sum((-(1 - g * rho).log() / 2 + lw * rho / (2 * (1 - g * rho)) for g, lw in zip(gam, lam_w)), arb(0))
        b = a0 * (G - J * rho.log()).exp()
        if best is None or b.upper() < best.upper():
            best = b
    return best


#: beyond this length arb's series exponential (Newton iteration) loses its accuracy on these series: measured at
#: 1024 terms, radii 10⁸¹ at 73 bits; the positive recurrence is used there instead
SERIES_EXP_MAX = 512


def _exp_series(coeffs: list[arb], J: int) -> list[arb]:
    """The first J coefficients of exp(Σ_r coeffs[r] u^r) (coeffs[0] = 0, every coefficient ≥ 0): arb's power-series
    exponential up to :data:`SERIES_EXP_MAX` terms, else the recurrence j b_j = Σ_{r=1}^{j} r C_r b_{j−r} (sums of
    nonnegative terms: no cancellation)."""
    if J <= SERIES_EXP_MAX:
        cap = ctx.cap
        try:  # the series' length is the context's cap (the constructor's prec is not used by exp)
            ctx.cap = J
            b = arb_series(coeffs, prec=J).exp().coeffs()
        finally:
            ctx.cap = cap
        return b + [arb(0)] * (J - len(b))
    rc = [r * c for r, c in enumerate(coeffs)]
    b = [arb(1)]
    for j in range(1, J):
        b.append(sum((rc[r] * b[j - r] for r in range(1, j + 1)), arb(0)) / j)
    return b


def _series(weights: Sequence[arb], offsets: Sequence[arb], tau: arb, rel: arb, max_terms: int) -> arb:
    d = len(weights)
    beta = arb(min(w.lower() for w in weights))  # an exact point ≤ every a_k
    if not beta > 0:
        raise ArithmeticError("the weights must be decided positive")
    ratio = [(beta / w).intersection(_UNIT) for w in weights]  # β/a_k ∈ (0, 1]
    gam = [(1 - r).intersection(arb(0).union(arb(1))) for r in ratio]  # γ_k ∈ [0, 1)
    lam = [c * c for c in offsets]  # (not c**2: a ball containing 0 would give nan)
    lam_w = [lv * r for lv, r in zip(lam, ratio)]
    a0 = (-sum(lam, arb(0)) / 2).exp() * math.prod((r.sqrt() for r in ratio), start=arb(1))
    y = tau / beta / 2
    s0 = arb(d) / 2
    # the series is taken in u = w/ρ_s, ρ_s = 1/max γ (coefficients G_r ρ_s^r that do not decay geometrically: arb's
    # series exponential then keeps its relative accuracy over thousands of terms); b_j = [u^j] exp G(ρ_s u) / ρ_s^j
    # (any exact ρ_s > 0 gives the same b_j: the truncated exponential is a formal identity; a dyadic one is exact)
    gmax = max(float(g.upper()) for g in gam)
    scale = to_arb(Fraction(1 / gmax).limit_denominator(2**20)) if gmax > 0.5 else arb(1)
    J = 32
    while True:
        coeffs = [arb(0)]
        pw = [arb(1)] * d  # (γ_k ρ_s)^{r−1}
        gs = [g * scale for g in gam]
        for r in range(1, J):
            coeffs.append(sum((p * g / (2 * r) + lw * scale * p / 2 for p, g, lw in zip(pw, gs, lam_w)), arb(0)))
            pw = [p * g for p, g in zip(pw, gs)]
        b = _exp_series(coeffs, J)
        inv, b_ = arb(1) / scale, []
        for j, v in enumerate(b):
            b_.append(v * inv**j)
        b = b_
        q = y.gamma_upper(s0, regularized=1)
        t = (-y).exp() * y ** s0 / (s0 + 1).gamma()  # y^{s0+j} e^{−y}/Γ(s0 + j + 1)
        total, mass = arb(0), arb(0)
        for j in range(J):
            total += b[j] * q
            mass += b[j]
            q, t = q + t, t * y / (s0 + j + 1)
        total, mass = a0 * total, a0 * mass
        rem = (1 - mass).nonnegative_part()
        cauchy = _tail_bound(a0, gam, lam_w, J)
        if cauchy is not None and cauchy.upper() < rem.upper():
            rem = arb(0).union(arb(cauchy.upper()))
        # when to stop adding terms (not a decision: the ball below is rigorous either way)
        if (float(rem.upper()) <= float(rel.mid()) * abs(float(total.mid())) or rem.upper() <= total.rad()
                or J >= max_terms):
            return (total + arb(0).union(arb(rem.upper()))).intersection(_UNIT)
        J *= 2


def chernoff_bound(weights: Sequence[arb], offsets: Sequence[arb], tau: arb) -> arb | None:
    """An upper bound of P[Σ a_k(Y_k + c_k)² > τ]: E e^{tQ} e^{−tτ} = exp(Σ_k[−½log(1 − 2a_k t) + c_k² a_k t/(1 − 2a_k t)]
    − tτ) at one t ∈ (0, 1/(2 max a_k)) (Markov's inequality on e^{tQ}; t, chosen by a float search, is only the
    point where the bound is evaluated on arb), or None where no t is decided admissible."""
    af = [float(w.mid()) for w in weights]
    lf = [float((c * c).mid()) for c in offsets]
    tf, top = float(tau.mid()), 1 / (2 * max(af))

    def h(t: float) -> float:
        return sum(-math.log1p(-2 * a * t) / 2 + lv * a * t / (1 - 2 * a * t) for a, lv in zip(af, lf)) - t * tf

    lo, hi = 0.0, top * (1 - 1e-9)
    for _ in range(100):  # golden-section search of the convex exponent
        m1, m2 = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        lo, hi = (lo, m2) if h(m1) < h(m2) else (m1, hi)
    t = to_arb(Fraction(lo).limit_denominator(2**40))
    if not t > 0 or not all(1 - 2 * w * t > 0 for w in weights):
        return None
    expo = sum((-(1 - 2 * w * t).log() / 2 + c * c * w * t / (1 - 2 * w * t) for w, c in zip(weights, offsets)), arb(0))
    return (expo - t * tau).exp()


def linearised_bracket(weights: Sequence[arb], offsets: Sequence[arb], tau: arb) -> arb:
    """A rigorous bracket of P[Q > τ] for large offsets: Q = C + 2L + R with C = Σa_k c_k², L = Σa_k c_k Y_k ~ N(0, s²),
    s² = Σa_k²c_k², R = Σa_k Y_k² ≥ 0 (L and R need not be independent: union bounds only), so for any r ≥ 0

        P[C + 2L > τ − r] − P[R < r] ≤ P[Q > τ] ≤ P[C + 2L > τ − r] + P[R > r],

    with P[R > r] ≤ P[χ²_d > r/max a_k] = Q(d/2, r/(2 max a_k)), P[R < r] ≤ P[χ²_d < r/min a_k] (regularised
    incomplete gammas) and P[C + 2L > x] = ½erfc((x − C)/(2s√2)); the bracket is the best over a few r."""

    d = len(weights)
    amax, amin = weights[0], weights[0]
    for w in weights[1:]:
        amax, amin = amax.max(w), amin.min(w)
    C = sum((w * c * c for w, c in zip(weights, offsets)), arb(0))
    k = 2 * sum((w * w * c * c for w, c in zip(weights, offsets)), arb(0)).sqrt() * arb(2).sqrt()
    half = arb(d) / 2
    lower, upper = arb(0), arb(1)
    for t in (0, 1, 2, 4, 8, 16, 32, 64, 128):  # r/max a_k (upper side) and r/min a_k (lower side), in units of d
        r_hi, r_lo = t * d * amax, t * d * amin / 64
        up = erfc_ball((tau - r_hi - C) / k) / 2 + (r_hi / (2 * amax)).gamma_upper(half, regularized=1)
        lo = erfc_ball((tau - r_lo - C) / k) / 2 - (1 - (r_lo / (2 * amin)).gamma_upper(half, regularized=1))
        upper, lower = upper.min(arb(up.upper())), lower.max(arb(lo.lower()))
    return arb(lower.lower()).union(arb(upper.upper())).intersection(_UNIT)


#: half the total noncentrality beyond which the linearised bracket is tried first (Ruben's series then needs about
#: that many terms)
LARGE_OFFSET = 400

#: a Chernoff bound below this ends the computation with [0, bound] (a tail far below anything a claim compares
#: with: Ruben's series would need about τ/(2 max a_k) terms there)
NEGLIGIBLE = Fraction(1, 10**60)


def generalized_chi2_sf(weights: Sequence, offsets: Sequence, tau, rel_width: Fraction = Fraction(1, 2**40),
                        max_terms: int = 1 << 12) -> arb:
    """P[Σ_k a_k(Y_k + c_k)² > τ] for Y ~ N(0, I_d), a_k > 0 (``weights``), c_k (``offsets``): a ball containing
    the exact value, by Ruben's series truncated with a rigorous remainder (module docstring). Terms are added until
    the remainder bound is below ``rel_width`` times the computed tail (at most ``max_terms``, then the remainder is
    kept in the ball); the precision is doubled (up to MAX_PREC) while the ball is wider than ``rel_width`` relative
    and doubling still narrows it. A tail whose Chernoff bound is below :data:`NEGLIGIBLE` is returned as
    [0, that bound]."""
    if len(weights) != len(offsets) or not weights:
        raise ValueError("one offset per weight, at least one")
    w0, c0, t0 = [to_arb(v) for v in weights], [to_arb(v) for v in offsets], to_arb(tau)
    if not all(w > 0 for w in w0):
        raise ArithmeticError("the weights must be decided positive")
    if not t0 > 0:
        if t0 <= 0:
            return arb(1)
        raise ArithmeticError("the threshold is not decided positive")
    far = chernoff_bound(w0, c0, t0)
    if far is not None and far.upper() < to_arb(NEGLIGIBLE):
        return arb(0).union(arb(far.upper()))
    lin, half_nc = None, sum((c * c for c in c0), arb(0)).lower() / 2
    if half_nc > LARGE_OFFSET:
        lin = linearised_bracket(w0, c0, t0)
        if far is not None:
            lin = lin.intersection(arb(0).union(arb(far.upper())))
        # narrow enough, or beyond the series' reach (it would need about ½Σc_k² terms)
        if lin.rad() <= (to_arb(rel_width) * lin).lower() * 4 or half_nc > max_terms // 4:
            return lin
    prec, out, prev = ctx.prec + 20, None, None
    while True:
        with workprec(prec):
            ws, cs, ta = [to_arb(v) for v in weights], [to_arb(v) for v in offsets], to_arb(tau)
            val = _series(ws, cs, ta, to_arb(rel_width), max_terms)
        out = val if out is None else out.intersection(val)
        if out.rad() <= (to_arb(rel_width) * out).lower() * 4 or prec >= MAX_PREC:
            break
        if prev is not None and out.rad() > prev.rad() / 2:  # the inputs' width: more bits do not narrow it
            break
        prev, prec = out, 2 * prec
    if far is not None:
        out = out.intersection(arb(0).union(arb(far.upper())))
    if lin is not None:
        out = out.intersection(lin)
    return +out
