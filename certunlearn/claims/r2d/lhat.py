"""Rewind-to-Delete, Appendix D.1's smoothness estimate L̂ (lines 614–618) on anisotropic quadratics in d ∈ {2, 3}: the
estimate's exact law and the published laws' δ enclosed over it.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. "We perturb the model weights after training by Gaussian noise with
σ = 0.01, and we estimate the Lipschitz constant by computing L̂ = ‖θ_1 − θ_2‖/‖∇f(θ_1) − ∇f(θ_2)‖. We sample 400
perturbed weight samples and take the maximum" (lines 614–618). Read: N = ``draws`` independent ratios, each at an
isotropic Gaussian difference u = θ_1 − θ_2, and L̂ their maximum; σ = eq. (3) at L = L̂ (``formulas.r2d.
SIGMA_AT_L_HAT``).

**The law of L̂.** f_z(θ) = ½Σ_k a_k(θ_k − z_k)², A = diag(a_k) with distinct |a_k|, any signs (convex, concave or a
saddle): ∇f_D(θ_1) − ∇f_D(θ_2) = Au for every dataset, so the ratio is ‖u‖/‖Au‖, a function of u's direction only,
which is uniform on the sphere. In d = 2 its CDF is ``formulas.r2d.LHAT_RATIO_CDF`` on [1/p, 1/q] (p = max|a_k| =
L, q = min); in d = 3 it is the integral (2/π)∫√``LHAT3_RATIO`` dφ, enclosed by python-flint's rigorous integration
(:func:`cdf3`). L̂'s CDF is its N-th power — data-independent, so the unlearned and the retrained release draw σ
from the same law.

**The published laws and their δ.** Each release is the scale mixture ∫N(θ, σ(ℓ)²I)dπ(ℓ) over L̂'s law π (θ = θ''_K
for Algorithm 2, θ'_T for retraining; exact runs below). Its δ(ε) is enclosed between
- above: E_π[δ_G(ε, σ(L̂), Δ)] (joint convexity of the hockey-stick divergence, the two mixtures sharing π), Δ the
  exact shift ‖θ''_K − θ'_T‖ and δ_G the Gaussian profile (Balle & Wang 2018, Thm 8);
- below: P(S) − e^ε Q(S) for the half-space S = {⟨x − θ'_T, e⟩ ≥ t} (e the shift's direction: the projection
  keeps the mixture structure, data processing), P(S) − e^εQ(S) = E_π[Φ̄((t − Δ)/σ) − e^ε Φ̄(t/σ)].
σ(ℓ) is increasing in ℓ (h(K)/L = ((1 + ηLn/(n−m))^{T−K} − 1)(1 + ηL)^K/L is a power series in L with non-negative
coefficients over L) and δ_G decreasing in σ, Φ̄((t − c)/σ) monotone in σ: on a partition of [1/p, 1/q] each
expectation is bracketed by the cell probabilities (the CDF at the cell ends, on arb) times the integrand at the
cell's ends — rigorous, and tight as the partition refines (:data:`CELLS`, four times finer from :data:`FINE_PREC`
bits, where the checker retries an undecided comparison).
"""
from __future__ import annotations

import functools
import itertools
import math
from typing import Any

import mpmath
import numpy as np
import sympy
from flint import acb, arb, ctx

from ...formulas.r2d import (
    LHAT3_END, LHAT3_RATIO, LHAT_CDF_OF_S, LHAT_RATIO_QUANTILE, LHAT_SIN2, SIGMA_AT_L_HAT, curv_hi, curv_lo, lhat_s,
    lhat_y, phi, rho, sq1, sq2, sq3,
)
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from ...numeric.rationals import rational_eval
from ...numeric.sympy_arb import arb_eval, ball
from ...privacy import delta_enclosure
from ..hypotheses import holds
from ..instances import frac, instance_key, is_int
from ..model import DeltaProfile, GaussianPair, Instance
from .families import balanced_data, subsample
from .quantities import sq_norm

#: the cells of the partition of L̂'s support (equal probability under L̂'s law); four times as many from
#: :data:`FINE_PREC` bits on, where the checker raises the precision of an undecided comparison
CELLS = 48
FINE_PREC = 512


def is_anisotropic(values: Instance) -> bool:
    """Whether the instance is a quadratic with Hessian diag(a_k) (``hessian``)."""
    return "hessian" in values


def _hessian(values: Instance) -> list[Fraction]:
    return [frac(v) for v in values["hessian"]]


def _pq(values: Instance) -> tuple[Fraction, Fraction]:
    h = [abs(a) for a in _hessian(values)]
    return max(h), min(h)


# =========================================================================== the law of L̂
def _squares(values: Instance) -> tuple[Fraction, ...]:
    """The squared curvatures, largest first."""
    return tuple(sorted((a * a for a in _hessian(values)), reverse=True))


def ratio_cdf(values: Instance, r: Fraction) -> arb:
    """P(‖u‖/‖Au‖ ≤ r) for one Gaussian direction, r rational. d = 2 (``LHAT_RATIO_CDF``): s(r) exactly, clipped to
    [0, 1] outside the support, then (2/π)arcsin√s on arb. d = 3: :func:`cdf3`."""
    if len(values["hessian"]) == 3:
        return cdf3(_squares(values), r)
    p, q = _pq(values)
    s = rational_eval(LHAT_SIN2, {curv_hi.name: p, curv_lo.name: q, rho.name: r})
    s = min(max(s, Fraction(0)), Fraction(1))
    return arb_eval(LHAT_CDF_OF_S, {lhat_s.name: s})


@functools.cache
def _ratio3():
    """``LHAT3_RATIO`` as a function of (φ, s_1, s_2, s_3, ρ) on acb balls."""
    return sympy.lambdify((phi, sq1, sq2, sq3, rho), LHAT3_RATIO, [{"cos": lambda z: z.cos(), "sin": lambda z: z.sin()}])


#: the working precision of :func:`cdf3` (a ball of radius ~2^−60 whatever the caller's precision: the cells'
#: probabilities need no more, and one computation then serves every instance and precision)
CDF3_PREC = 64


@functools.lru_cache(maxsize=4096)
def cdf3(squares: tuple[Fraction, ...], r: Fraction) -> arb:
    """d = 3, squared curvatures s_1 > s_2 > s_3: (2/π)∫_0^{φ_end} √LHAT3_RATIO dφ by rigorous integration of the
    holomorphic integrand (python-flint ``acb.integral``; √ refuses its branch cut) at :data:`CDF3_PREC` bits — 0
    below the support, 1 above."""
    with workprec(CDF3_PREC):
        return _cdf3(squares, r)


def _cdf3(squares: tuple[Fraction, ...], r: Fraction) -> arb:
    s1, s2, s3 = squares
    rinv = 1 / (r * r)
    if rinv >= s1:
        return arb(0)
    if rinv <= s3:
        return arb(1)
    ratio = _ratio3()
    S = [acb(to_arb(v)) for v in (s1, s2, s3)]
    R = acb(to_arb(r))
    end = arb.pi() / 2 if rinv <= s2 else arb_eval(LHAT3_END, {sq1.name: s1, sq2.name: s2, rho.name: r})
    value = acb.integral(lambda z, analytic: ratio(z, *S, R).sqrt(analytic=analytic), 0, acb(end))
    return 2 * value.real / arb.pi()


def lhat_cdf(values: Instance, r: Fraction) -> arb:
    """P(L̂ ≤ r): the ratio's CDF to the power N = ``draws``."""
    return ratio_cdf(values, r) ** int(frac(values["draws"]))


def grid(values: Instance, cells: int = CELLS) -> list[Fraction]:
    """1/p = ρ_0 < ρ_1 < … < ρ_J = 1/q: the interior points near L̂'s quantiles j/J (the ratio's quantile at level
    (j/J)^{1/N}, ``LHAT_RATIO_QUANTILE``, in mpmath then rounded to a dyadic; any points are valid, these make the
    bracket tight)."""
    if len(values["hessian"]) == 3:
        return list(_grid3(_squares(values), int(frac(values["draws"])), cells))
    p, q = _pq(values)
    n_draws = int(frac(values["draws"]))
    quantile = _quantile()
    pts = [1 / p]
    with mpmath.workdps(30):
        for j in range(1, cells):
            y = mpmath.mpf(j) / cells
            v = Fraction(int(quantile(mpmath.mpf(p.numerator) / p.denominator, mpmath.mpf(q.numerator) / q.denominator,
                                      y ** (mpmath.mpf(1) / n_draws)) * 2**40), 2**40)
            if pts[-1] < v < 1 / q:
                pts.append(v)
    return pts + [1 / q]


@functools.lru_cache(maxsize=64)
def _grid3(squares: tuple[Fraction, ...], n_draws: int, cells: int) -> tuple[Fraction, ...]:
    """d = 3: the end points 1/√s_1, 1/√s_3 as dyadics just inside (below them the CDF is exactly 0, above 1), the
    interior points near L̂'s quantiles j/J from a float version of the same integral (scipy; choosing points
    only)."""
    from scipy import integrate, optimize

    ratio = sympy.lambdify((phi, sq1, sq2, sq3, rho), LHAT3_RATIO, "numpy")
    end = sympy.lambdify((sq1, sq2, rho), LHAT3_END, "numpy")
    s1, s2, s3 = (float(v) for v in squares)

    def cdf(r: float) -> float:
        stop = math.pi / 2 if r**-2 <= s2 else float(end(s1, s2, r))
        return 2 / math.pi * integrate.quad(lambda t: math.sqrt(max(ratio(t, s1, s2, s3, r), 0.0)), 0, stop)[0]

    lo, hi = Fraction(math.ceil(2**40 / math.sqrt(s1)), 2**40), Fraction(math.floor(2**40 / math.sqrt(s3)), 2**40)
    pts = [lo]
    for j in range(1, cells):
        y = (j / cells) ** (1 / n_draws)
        v = Fraction(round(optimize.brentq(lambda r: cdf(r) - y, float(lo), float(hi), xtol=1e-14) * 2**40), 2**40)
        if pts[-1] < v < hi:
            pts.append(v)
    return (*pts, hi)


@functools.cache
def _quantile():
    """``LHAT_RATIO_QUANTILE`` as an mpmath function of (p, q, y)."""
    return sympy.lambdify((curv_hi, curv_lo, lhat_y), LHAT_RATIO_QUANTILE, "mpmath")


# =========================================================================== exact runs
@functools.lru_cache(maxsize=1024)
def _runs(key: tuple) -> dict[str, Any]:
    """Algorithm 1 on D (checkpoint θ_{T−K}), Algorithm 2 (K steps on D'), retraining (T steps on D'), exactly:
    coordinate k steps θ_k ← θ_k − ηa_k(θ_k − x̄_k)."""
    values = dict(key)
    X = [[frac(v) for v in row] for row in values["X"]]
    m_, T_, K_ = int(values["m"]), int(values["T"]), int(values["K"])
    eta_, hess = frac(values["eta"]), [frac(v) for v in values["hessian"]]
    th0 = [frac(v) for v in values["theta0"]]

    def mean(rows):
        return [sum((r[k] for r in rows), Fraction(0)) / len(rows) for k in range(len(th0))]

    def walk(theta, xbar, steps):
        path = [theta]
        for _ in range(steps):
            theta = [t - eta_ * a * (t - x) for t, a, x in zip(theta, hess, xbar)]
            path.append(theta)
        return path

    full, kept = mean(X), mean(X[: len(X) - m_])
    learn = walk(th0, full, T_ - K_)
    unlearn = walk(learn[-1], kept, K_)
    retrain = walk(th0, kept, T_)
    return {"paths": (learn, unlearn, retrain), "unlearned": unlearn[-1], "retrained": retrain[-1]}


RUN_KEYS = ("X", "m", "T", "K", "eta", "hessian", "theta0")


def runs(values: Instance) -> dict[str, Any]:
    return _runs(instance_key(values, RUN_KEYS))


def shift_sq(values: Instance) -> Fraction:
    r = runs(values)
    return sq_norm([a - b for a, b in zip(r["unlearned"], r["retrained"])])


# =========================================================================== hypotheses (Theorem 3.1's, on this family)
def data_ok(values: Instance) -> Decision:
    """Well formed: X an n×d array, d ∈ {2, 3}, n = |X| ≥ 2, integers 1 ≤ m < n; θ_0 ∈ Θ = [lo, hi]; Hessian
    diag(a_k), every a_k ≠ 0 and the |a_k| distinct."""
    X = values["X"]
    if not (is_int(values["n"], 2) and is_int(values["m"], 1)) or len(X) != int(frac(values["n"])):
        return Decision.FALSE
    hess = _hessian(values)
    d_ = len(hess)
    lo, hi = [frac(v) for v in values["lo"]], [frac(v) for v in values["hi"]]
    th0 = [frac(v) for v in values["theta0"]]
    return holds(frac(values["m"]) < frac(values["n"]) and d_ in (2, 3) and all(len(r) == d_ for r in X)
                 and len(lo) == len(hi) == len(th0) == d_ and 0 not in hess and len({abs(a) for a in hess}) == d_
                 and all(a <= t <= b for a, t, b in zip(lo, th0, hi)))


def constants_ok(values: Instance) -> Decision:
    """Every f_z is L-smooth (‖A‖ = max(|a|, |b|) ≤ L) and ‖∇f_z(θ)‖ = ‖A(θ − z)‖ < G on Θ for every data point z:
    G² > max_z Σ_k a_k² max(|lo_k − z_k|, |hi_k − z_k|)², exactly."""
    hess = _hessian(values)
    lo, hi = [frac(v) for v in values["lo"]], [frac(v) for v in values["hi"]]
    G_ = frac(values["G"])
    worst = max(sum((a * max(abs(l_ - frac(z)), abs(h - frac(z)))) ** 2 for a, l_, h, z in zip(hess, lo, hi, row))
                for row in values["X"])
    return holds(max(abs(a) for a in hess) <= frac(values["L"]) and G_ > 0 and G_ * G_ > worst)


def iterates_ok(values: Instance) -> Decision:
    """Every iterate of learning, unlearning and retraining stays in Θ (exact)."""
    lo, hi = [frac(v) for v in values["lo"]], [frac(v) for v in values["hi"]]
    return holds(all(a <= t <= b for path in runs(values)["paths"] for th in path for a, t, b in zip(lo, th, hi)))


def estimate_ok(values: Instance) -> Decision:
    """L̂ read on this family: N = ``draws`` ≥ 1 integer, ``lam`` = max(|a|, |b|) (σ prescribed at L̂ = 1/lam, the
    lower end of L̂'s support; the quantity integrates over L̂'s law)."""
    return holds(is_int(values["draws"], 1) and frac(values["lam"]) == _pq(values)[0])


# =========================================================================== the published laws' δ
def mixture_delta(values: Instance, eps: Any, cells: int | None = None) -> arb:
    """A ball containing δ(ε) between the two scale mixtures (module docstring): from the half-space lower bound to
    E_π δ_G, both bracketed cell by cell. The threshold t = Δ/2 + εσ²/Δ at L̂'s median σ (the optimal half-space of
    one Gaussian pair; any t > 0 gives a valid lower bound)."""
    d2 = shift_sq(values)
    if d2 == 0:
        return arb(0)
    shift = to_arb(d2).sqrt()
    cells = cells or (CELLS if ctx.prec < FINE_PREC else 4 * CELLS)
    sig, w = _cells(instance_key(values, CELL_KEYS), cells, ctx.prec)
    eps_a = to_arb(eps)
    upper = sum((wj * delta_enclosure(eps_a, s, shift) for wj, s in zip(w, sig)), arb(0))  # δ_G largest at left
    med = float(sig[len(sig) // 2].mid())
    d_f = float(shift.mid())
    t = max(Fraction(round((d_f / 2 + float(eps_a.mid()) * med * med / d_f) * 2**40), 2**40), Fraction(1, 2**40))
    t_a = to_arb(t)
    tail = lambda x: (x / arb(2).sqrt()).erfc() / 2  # noqa: E731  Φ̄(x), on arb
    p_term = arb(0)
    q_term = arb(0)
    for j, wj in enumerate(w):
        lo_s, hi_s = sig[j], sig[j + 1]
        a_lo, a_hi = tail((t_a - shift) / lo_s), tail((t_a - shift) / hi_s)
        p_term += wj * _smaller(a_lo, a_hi, t_a - shift)
        q_term += wj * tail(t_a / hi_s)  # t > 0: Φ̄(t/σ) increases with σ, largest at the right end
    lower = p_term - eps_a.exp() * q_term
    lo_end = lower.lower() if lower.lower() > 0 else arb(0)
    return ball(lo_end, upper.upper())


CELL_KEYS = ("m", "G", "n", "eta", "T", "K", "epsilon", "delta", "hessian", "draws")


@functools.lru_cache(maxsize=256)
def _cells(key: tuple, cells: int, prec: int) -> tuple[list[arb], list[arb]]:
    """σ(ρ_j) at the grid's points and the cells' probabilities under L̂'s law, at working precision ``prec`` (the
    part of :func:`mixture_delta` that does not depend on ε: computed once per instance and precision)."""
    values = dict(key)
    pts = grid(values, cells)
    sig = [arb_eval(SIGMA_AT_L_HAT, {**values, "L_hat": r}) for r in pts]
    cdf = [lhat_cdf(values, r) for r in pts]
    return sig, [b - a for a, b in zip(cdf, cdf[1:])]


def _smaller(a_lo: arb, a_hi: arb, c: arb) -> arb:
    """The smaller of Φ̄(c/σ) at the cell's two ends: Φ̄(c/σ) increases with σ when c ≥ 0 (left end), decreases when
    c < 0 (right end); a ball straddling 0 takes the hull's lower end."""
    if c >= 0:
        return a_lo
    if c < 0:
        return a_hi
    return a_lo.union(a_hi).lower()


def lhat_laws(values: Instance) -> DeltaProfile:
    """The two published scale mixtures, as their δ(ε) enclosure."""
    return DeltaProfile(lambda eps: mixture_delta(values, eps))


def lhat_delta(values: Instance) -> arb:
    """δ(ε) at the instance's ε between the two published mixtures (enclosed)."""
    return mixture_delta(values, values["epsilon"])


def certified_delta(values: Instance) -> arb:
    """The +fix's quantity on this family: σ certified (eq. (3) at the instance's L), the true δ of N(θ''_K, σ²I)
    and N(θ'_T, σ²I) at the exact shift."""
    d2 = shift_sq(values)
    return arb(0) if d2 == 0 else delta_enclosure(values["epsilon"], values["sigma"], to_arb(d2).sqrt())


def certified_laws(values: Instance) -> GaussianPair:
    return GaussianPair(to_arb(shift_sq(values)).sqrt(), values["sigma"])


# =========================================================================== the family
def _box(values: dict) -> list[Fraction]:
    """Per coordinate a dyadic B_k ≥ every |θ| of the three runs."""
    paths = runs(values)["paths"]
    d_ = len(values["theta0"])
    return [Fraction(math.ceil(max(abs(th[k]) for p in paths for th in p) * 2**20 + 1), 2**20) for k in range(d_)]


_Q = Fraction
#: Hessians: concave (all negative), convex (all positive), saddles; distinct |a_k|; d = 2 and d = 3
HESSIANS = ((_Q(-2), _Q(-4)), (_Q(-4), _Q(-3, 2)), (_Q(2), _Q(4)), (_Q(-4), _Q(2)),
            (_Q(-2), _Q(-3), _Q(-4)), (_Q(2), _Q(3), _Q(4)), (_Q(-4), _Q(3), _Q(-3, 2)))


def anisotropic_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratics with Hessian diag(a_k) in d ∈ {2, 3} (:data:`HESSIANS`), balanced data on every coordinate (retained
    ±1 pairs, deleted −1: learning drifts from the retrained point), θ_0 = 0, Θ the smallest dyadic box holding every
    iterate, G just above its bound, L = max(|a|, |b|), ηL ∈ {1/4, 1/2}, N = 400 draws (the paper's), T up to 15."""
    out = []
    n_, m_ = 101, 1
    for hess, etaL, (T_, K_), (eps, dlt) in itertools.product(
            HESSIANS, (Fraction(1, 2), Fraction(1, 4)), ((15, 0), (15, 5), (8, 2)),
            ((Fraction(1), Fraction(1, 100)), (Fraction(1), Fraction(1, 10**5)), (Fraction(1, 2), Fraction(1, 10)))):
        d_ = len(hess)
        L_ = max(abs(a) for a in hess)
        X = [[r[0]] * d_ for r in balanced_data(n_, m_, Fraction(1))]
        inst = {"X": X, "n": n_, "m": m_, "eta": etaL / L_, "L": L_, "T": T_, "K": K_, "epsilon": eps, "delta": dlt,
                "theta0": [Fraction(0)] * d_, "lam": L_, "hessian": list(hess), "draws": 400}
        B = _box(inst)
        inst.update(lo=[-v for v in B], hi=B)
        worst = max(sum((h * (bk + abs(z))) ** 2 for h, bk, z in zip(hess, B, row)) for row in ([1] * d_, [-1] * d_))
        inst["G"] = Fraction(math.isqrt(worst.numerator * 2**60 // worst.denominator) + 2, 2**30)
        out.append(inst)
    return subsample(out, rng, min(size, max(24, size // 2)))  # each integrates over L̂'s law

