"""Rewind-to-Delete, Lemma B.4 (lines 547–553) and Corollary 3.6 (lines 191–197; proof lines 545–555) over bounded
continuous populations with quadratic losses, in closed form.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. **Which populations are in the class.** Theorem 3.1 (lines 133–143),
whose conditions both results assume, asks ‖∇f_z(θ)‖ < G for *every z ∈ 𝒵* and θ ∈ Θ. For a quadratic loss
∇f_z(θ) = A(θ − z) is unbounded over z ∈ ℝ^d, so a Gaussian population N(μ, s²I) is outside the printed hypotheses
for every G (and Corollary 3.5's note: a PL function with bounded gradients on all of ℝ^d is constant). The class is
reached by populations with a *bounded* support: here the law z_k = lo_k + (hi_k − lo_k)·Beta(α_k, β_k), independent
coordinates (uniform: α = β = 1), α, β rational, so the means ā_k and variances v_k are rational.

**Why two moments suffice.** f_z(θ) = ½Σ_k a_k(θ_k − z_k)²: F(θ) − F* = ½Σ_k a_k(θ_k − ā_k)², f_{D'}(θ) − f*_{D'} =
½Σ_k a_k(θ_k − x̄'_k)², and Algorithm 2's output (gradient descent, ηa_k ≤ 1) is θ''_K = r^Tθ_0 + (1 − r^T − c)x̄' +
c·x̄_Z per coordinate (r = 1 − ηa_k, c = ``formulas.r2d.FORGET_WEIGHT``), affine in the independent sample means x̄'
(n − m draws) and x̄_Z (m draws). Every expectation the claims need is then a closed form in ā_k, v_k
(``formulas.r2d.POP_EXCESS_36``, ``POP_F0GAP_36``; Lemma B.4 at the outputs θ = (1 − w)x̄' + q: ``POP_RISK_B4``,
``POP_OPT_B4``). Any bounded law with the same per-coordinate means and variances gives the same values, and the Beta
laws on [lo, hi] reach every (mean, variance) strictly inside the Bhatia–Davis region v < (ā − lo)(hi − ā) (its
boundary, two-point laws at lo and hi, is reached by the finite-support families): the closed forms cover every
bounded population for quadratic losses with a diagonal Hessian, whose hypotheses (below) read the law through its
support box only.

**Hypotheses on every dataset.** For the Corollary 3.6 instances (Theorem 3.1's λI quadratics, ``quantities.Setup``)
each data-dependent hypothesis is decided on the datasets whose every row is one vertex of the support box
(:func:`vertex_datasets`): the rows enter only through ‖x‖ ≤ R (largest at a vertex) and through "every iterate in
Θ", which holds for every dataset of the support once Θ contains the support box and θ_0 (checked by
:func:`law_ok`): with ηλ ≤ 1 every iterate is a convex combination of θ_0 and the rows.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import numpy as np
from flint import arb

from ...formulas.r2d import POP_EXCESS_36, POP_F0GAP_36, POP_OPT_B4, POP_RISK_B4, out_bias, out_w, pop_gap, pop_var
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from ...numeric.rationals import rational_eval
from ...numeric.sympy_arb import arb_eval
from ..hypotheses import holds
from ..instances import frac, is_int
from ..model import Instance
from .families import eta_max, gd_instance, subsample
from .quantities import QUADRATIC

__all__ = ["is_law", "law_excess", "law_f0gap", "law_lemb4_gaps", "law_lemb4_ok", "law_ok",
           "law_runs_family", "law_output_family", "moments", "sample_law", "vertex_datasets"]


# =========================================================================== the law
def is_law(values: Instance) -> bool:
    """Whether the instance describes a bounded continuous population (``law``)."""
    return "law" in values


def law_rows(values: Instance) -> list[tuple[Fraction, Fraction, Fraction, Fraction]]:
    """(lo, hi, α, β) per coordinate: z_k = lo + (hi − lo)·Beta(α, β)."""
    return [tuple(frac(v) for v in row) for row in values["law"]]  # type: ignore[misc]


def law_well_formed(values: Instance) -> bool:
    """Every coordinate a row (lo, hi, α, β) with lo < hi and α, β > 0."""
    rows = values["law"]
    return (len(rows) >= 1 and all(len(r) == 4 for r in rows)
            and all(lo < hi and a > 0 and b > 0 for lo, hi, a, b in law_rows(values)))


def moments(values: Instance) -> tuple[list[Fraction], list[Fraction]]:
    """The means ā_k = lo + (hi − lo)α/(α + β) and variances v_k = (hi − lo)²αβ/((α + β)²(α + β + 1)), exactly."""
    means, variances = [], []
    for lo, hi, a, b in law_rows(values):
        s = a + b
        means.append(lo + (hi - lo) * a / s)
        variances.append((hi - lo) ** 2 * a * b / (s * s * (s + 1)))
    return means, variances


def support_vertices(values: Instance) -> list[list[Fraction]]:
    """The 2^d vertices of the support box."""
    return [list(v) for v in itertools.product(*[(lo, hi) for lo, hi, _, _ in law_rows(values)])]


def vertex_datasets(values: Instance) -> Iterator[list[list[Fraction]]]:
    """For every vertex v of the support box, the dataset of n rows all equal to v."""
    n_ = int(frac(values["n"]))
    for v in support_vertices(values):
        yield [list(v) for _ in range(n_)]


def sample_law(values: Instance, rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Float draws of the law, shape ``shape + (d,)`` (for Monte Carlo oracles and examples; never a decision)."""
    cols = [float(lo) + float(hi - lo) * rng.beta(float(a), float(b), size=shape) for lo, hi, a, b in law_rows(values)]
    return np.stack(cols, axis=-1)


def _curvatures(values: Instance, d_: int) -> list[Fraction]:
    """a_k per coordinate: ``curv`` (a list) or ``lam`` on every coordinate."""
    if "curv" in values:
        return [frac(v) for v in values["curv"]]
    return [frac(values["lam"])] * d_


# =========================================================================== Corollary 3.6
def law_ok(values: Instance) -> Decision:
    """A bounded continuous population for Corollary 3.6: integers 1 ≤ m < n; the law well formed, of θ_0's
    dimension; the quadratic family; the support box and θ_0 inside Θ = [lo, hi] (then every iterate of every
    dataset of the support is in Θ: module docstring). Unequal curvatures ``curv`` = (a_k): ``lam`` = max a_k, the
    curvature Theorem 3.1's checks read on the vertex datasets (‖∇²f_z‖ = max a_k ≤ L, ‖A(θ − z)‖ ≤ max a_k‖θ − z‖
    < G), and 0 < μ ≤ min a_k decided here (f_{D'} = ½Σa_k(θ_k − x̄'_k)² + c is μ-PL exactly when μ ≤ min a_k)."""
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    if int(frac(values["family"])) != QUADRATIC or not law_well_formed(values):
        return Decision.FALSE
    if "curv" in values:
        curv = [frac(v) for v in values["curv"]]
        if not (len(curv) == len(values["law"]) and min(curv) > 0 and frac(values["lam"]) == max(curv)
                and 0 < frac(values["mu"]) <= min(curv)):
            return Decision.FALSE
    return support_inside(values)


def support_inside(values: Instance) -> Decision:
    """The law's support box and θ_0 inside Θ = [lo, hi], coordinate by coordinate (one row, θ_0 entry and end of Θ per
    coordinate: otherwise false)."""
    rows = law_rows(values)
    lo_t = [frac(v) for v in values["lo"]]
    hi_t = [frac(v) for v in values["hi"]]
    th0 = [frac(v) for v in values["theta0"]]
    if not (len(rows) == len(lo_t) == len(hi_t) == len(th0)):
        return Decision.FALSE
    return holds(all(tl <= lo and hi <= th and tl <= t <= th
                     for (lo, hi, _, _), t, tl, th in zip(rows, th0, lo_t, hi_t)))


def _coordinates(values: Instance) -> Iterator[dict]:
    """Per coordinate the environment of the closed forms: a = λ, θ_0 − ā, v, and n, m, η, T, K."""
    means, variances = moments(values)
    th0 = [frac(v) for v in values["theta0"]]
    curv = _curvatures(values, len(means))
    common = {k: frac(values[k]) for k in ("n", "m", "eta", "T", "K")}
    for a_k, t, mean, var in zip(curv, th0, means, variances):
        yield {**common, "lam": a_k, pop_gap.name: t - mean, pop_var.name: var}


def law_excess(values: Instance) -> arb:
    """E over D ~ Z^n and ξ ~ N(0, σ²I_d) of F(θ''_K + ξ) − F*: Σ_k of ``formulas.r2d.POP_EXCESS_36`` on
    enclosures (σ the claim's prescribed ball)."""
    sig = values["sigma"]
    return sum((arb_eval(POP_EXCESS_36, {**env, "sigma": sig}) for env in _coordinates(values)), arb(0))


def law_f0gap(values: Instance) -> Fraction:
    """E_{D'}[f_{D'}(θ_0) − f*_{D'}] = Σ_k ``POP_F0GAP_36``, exactly (the reading of ``population_runs``)."""
    return sum((_exact(POP_F0GAP_36, env) for env in _coordinates(values)), Fraction(0))


def _exact(expr, env: dict) -> Fraction:
    value = rational_eval(expr, env)
    if value is None:
        raise ValueError("continuous: a closed form is not rational at rational entries")
    return value


# =========================================================================== Lemma B.4
def law_lemb4_gaps(values: Instance) -> tuple[Fraction, Fraction]:
    """(E[F(θ) − F*], E[f_{D'}(θ) − f*_{D'}]) for the output θ_k = (1 − w_k)x̄'_k + q_k (``w``, ``q``; ERM plus an
    offset: w = 0; retraining by T gradient steps from θ_0: w = r^T, q = r^Tθ_0; a constant: w = 1), exactly:
    Σ_k ``POP_RISK_B4`` and Σ_k ``POP_OPT_B4`` with the bias q_k − w_kā_k."""
    means, variances = moments(values)
    curv = _curvatures(values, len(means))
    ws = [frac(v) for v in values["w"]]
    qs = [frac(v) for v in values["q"]]
    nm = {"n": frac(values["n"]), "m": frac(values["m"])}
    risk = opt = Fraction(0)
    for a_k, w, q, mean, var in zip(curv, ws, qs, means, variances):
        env = {**nm, "lam": a_k, out_w.name: w, out_bias.name: q - w * mean, pop_var.name: var}
        risk += _exact(POP_RISK_B4, env)
        opt += _exact(POP_OPT_B4, env)
    return risk, opt


def law_lemb4_ok(values: Instance) -> Decision:
    """Lemma B.4 on a bounded continuous population: integers 1 ≤ m < n; the law well formed; f_z = ½Σa_k(θ_k −
    z_k)² with 0 < μ ≤ min a_k (f_{D'} and F are μ-PL) and max a_k ≤ L; the support and every output (affine in x̄'_k,
    which ranges over [lo_k, hi_k]) in Θ = [−b, b]^d; ‖∇f_z‖ < G on Θ for every z of the support:
    G² > Σ_k a_k²(b + max(|lo_k|, |hi_k|))², exactly; risk_gap = E[f_{D'}(θ) − f*_{D'}] exactly."""
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    if not law_well_formed(values):
        return Decision.FALSE
    rows = law_rows(values)
    d_ = len(rows)
    curv = _curvatures(values, d_)
    ws = [frac(v) for v in values["w"]]
    qs = [frac(v) for v in values["q"]]
    b, mu_, L_, G_ = (frac(values[k]) for k in ("b", "mu", "L", "G"))
    if not (len(curv) == len(ws) == len(qs) == d_ and all(a > 0 for a in curv)):
        return Decision.FALSE
    if not (0 < mu_ <= min(curv) and max(curv) <= L_ and G_ > 0):
        return Decision.FALSE
    if any(abs(v) > b for lo, hi, _, _ in rows for v in (lo, hi)):
        return Decision.FALSE
    if any(abs((1 - w) * x + q) > b for (lo, hi, _, _), w, q in zip(rows, ws, qs) for x in (lo, hi)):
        return Decision.FALSE
    if not G_ * G_ > sum((a * (b + max(abs(lo), abs(hi)))) ** 2 for a, (lo, hi, _, _) in zip(curv, rows)):
        return Decision.FALSE
    return holds(frac(values["risk_gap"]) == law_lemb4_gaps(values)[1])


# =========================================================================== the families
_Q = Fraction
#: d = 1: uniform on [−1, 1], a skewed Beta(1/2, 2), a nearly two-point Beta(1/10, 1/10); d = 2: a box whose vertices
#: have norm 1 (R = 1), uniform × Beta(2, 1/2)
LAWS = ([[_Q(-1), _Q(1), _Q(1), _Q(1)]], [[_Q(-1), _Q(1), _Q(1, 2), _Q(2)]], [[_Q(-1), _Q(1), _Q(1, 10), _Q(1, 10)]],
        [[_Q(-3, 5), _Q(3, 5), _Q(1), _Q(1)], [_Q(-4, 5), _Q(4, 5), _Q(2), _Q(1, 2)]])


def law_runs_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Convex quadratics (λ/2)‖θ − z‖² (μ = λ), and ½Σa_k(θ_k − z_k)² with diag(1, 3) in d = 2 (L = 3, μ = 1), on
    bounded continuous laws (:data:`LAWS`), Θ = the support box (every vertex of norm ≤ R = 1, so G just above 2λ), θ_0 = −1/2 per coordinate or Θ's corner, η = min{1/(2λ), Theorem
    3.1's maximum}, n ∈ {2, 3, 5, 40}, from small σ (ε = 1, δ = 1/2) to large (ε = 1/10, δ = 10⁻⁵); f0gap its
    expectation over D' (closed form)."""
    out = []
    for law, (n_, m_), lam_, (T_, K_), (eps, dlt), corner in itertools.product(
            LAWS, ((2, 1), (3, 1), (5, 2), (40, 1)), (_Q(1), _Q(2)), ((4, 2), (2, 1), (8, 1)),
            ((_Q(1), _Q(1, 2)), (_Q(1, 10), _Q(1, 10**5))), (False, True)):
        d_ = len(law)
        lo = [row[0] for row in law]
        hi = [row[1] for row in law]
        eta_ = min(1 / (2 * lam_), eta_max(n_, m_, lam_))
        inst = gd_instance(QUADRATIC, [hi] * n_, m_, eta_=eta_, L_=lam_, G_=2 * lam_ * (1 + _Q(1, 2**30)), T_=T_,
                           K_=K_, eps=eps, dlt=dlt, R_=_Q(1), lam_=lam_, lo=lo, hi=hi, mu=lam_, d=d_)
        del inst["X"]
        inst.update(theta0=list(lo) if corner else [_Q(-1, 2)] * d_, law=[list(r) for r in law])
        inst["f0gap"] = law_f0gap(inst)
        out.append(inst)
        if d_ == 2 and lam_ == 1:  # unequal curvatures diag(1, 3): L = 3, μ = 1, G just above 3(B + R) = 6
            aniso = gd_instance(QUADRATIC, [hi] * n_, m_, eta_=min(_Q(1, 6), eta_max(n_, m_, _Q(3))), L_=_Q(3),
                                G_=6 * (1 + _Q(1, 2**30)), T_=T_, K_=K_, eps=eps, dlt=dlt, R_=_Q(1), lam_=_Q(3),
                                lo=lo, hi=hi, mu=_Q(1), d=d_)
            del aniso["X"]
            aniso.update(theta0=inst["theta0"], law=inst["law"], curv=[_Q(1), _Q(3)])
            aniso["f0gap"] = law_f0gap(aniso)
            out.append(aniso)
    return subsample(out, rng, min(size, max(16, size // 2)))


def _g_above(g2: Fraction) -> Fraction:
    """A dyadic strictly above √g2."""
    return _Q(math.isqrt(g2.numerator * 2**60 // g2.denominator) + 2, 2**30)


def law_output_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Lemma B.4 on bounded continuous laws (:data:`LAWS`) with curvatures λI (L = μ = λ, the printed coefficient
    L/(2μ) = 1/2) or diag(1, 3) in d = 2 (L = 3, μ = 1, coefficient 3/2); outputs affine in x̄': ERM (w = 0), ERM plus
    an offset, retraining by T = 3 gradient steps from Θ's corner (η = 1/(2L)), a constant at Θ's corner, and the
    pointwise worst map when the coefficient c exceeds 1, θ = (c·x̄' − ā)/(c − 1) (the maximiser over θ of
    F(θ) − F* − c(f_{D'}(θ) − f*), inside Θ); n − m from 2 to 10⁴."""
    out = []
    for law, (n_, m_), rule in itertools.product(LAWS, ((3, 1), (10, 1), (20, 5), (10**4, 10)),
                                                  ("erm", "offset", "retrain", "corner", "worst-printed", "worst-fix")):
        d_ = len(law)
        for curv in ([_Q(1)] * d_, [_Q(3)] * d_) + (([_Q(1), _Q(3)],) if d_ == 2 else ()):
            L_, mu_ = max(curv), min(curv)
            inst = {"n": n_, "m": m_, "law": [list(r) for r in law], "curv": curv, "L": L_, "mu": mu_}
            means, _ = moments(inst)
            c = {"worst-printed": L_ / (2 * mu_), "worst-fix": 1 + L_ / (2 * mu_)}.get(rule)
            if c is not None and c <= 1:
                continue
            b = _Q(2)
            if rule == "erm":
                w, q = [_Q(0)] * d_, [_Q(0)] * d_
            elif rule == "offset":
                w, q = [_Q(0)] * d_, [_Q(1)] + [_Q(0)] * (d_ - 1)
            elif rule == "retrain":
                rs = [(1 - a / (2 * L_)) ** 3 for a in curv]
                w, q = rs, [-b * r for r in rs]
            elif rule == "corner":
                w, q = [_Q(1)] * d_, [b] * d_
            else:
                w, q = [-1 / (c - 1)] * d_, [-a / (c - 1) for a in means]
                b = max(_Q(math.ceil(max(abs((1 - wk) * x + qk) for x in (row[0], row[1]))))
                        for row, wk, qk in zip(law, w, q))
                b = max(b, _Q(1))
            inst.update(w=w, q=q, b=b)
            g2 = sum((a * (b + max(abs(row[0]), abs(row[1])))) ** 2 for a, row in zip(curv, law))
            inst["G"] = _g_above(g2)
            inst["risk_gap"] = law_lemb4_gaps(inst)[1]
            out.append(inst)
    return subsample(out, rng, min(size, max(16, size // 2)))
