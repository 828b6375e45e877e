"""Rewind-to-Delete, Sections 3.1–3.2 and Appendices B.1–B.2: utility and risk.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. ``r2d.thm3.1:utility`` and ``+fix`` (Theorem 3.1, eq. (4), lines 133–147; proof lines 453–504),
``r2d.cor3.5`` and ``+fix`` (Corollary 3.5, lines 175–181; Appendix B.1, lines 506–543: PL empirical risk),
``r2d.lemB.4`` and ``+fix`` (Lemma B.4, lines 547–553), ``r2d.cor3.6`` and ``+fix`` (Corollary 3.6, lines
191–197; Appendix B.2, lines 545–555: population risk, on point-mass populations).
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from flint import arb

from ...algorithms.r2d.helpers import distinct_rows, mean_grad
from ...formulas.r2d import PRESCRIBED, COR35, COR35_FIX, COR36, COR36_FIX, d, LEMB4, LEMB4_FIX, UTIL_31, UTIL_31_FIX, risk_gap
from ...numeric.enclosure import decide, Decision, to_arb
from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ..boundaries import smallest_admissible, with_level_edge
from ..hypotheses import H, holds, P
from ..instances import frac, instance_key, is_int
from ..model import Adversary, Claim, Instance, Kind
from .families import eta_max, gd_instance, linear_opposed, piecewise_gd, subsample
from .populations import dip_population_family, population_family
from .population_runs import (
    dip_population_family as dip_population_runs, expected_f0gap, is_population, on_every_dataset,
    on_every_retained, population_excess, population_structure_ok, quadratic_population_family,
)
from . import transcendental as tr
from .cell_outputs import cell_lemb4_quantity, cell_output_family, is_cell_output
from .cell_population import carried_excess, cell_pl_ok, cell_runs_family, is_cell_law
from .continuous import law_output_family, law_runs_family
from .edges import sigma_score, SMALL_EPS_WHY
from .quantities import CONCAVE, PIECEWISE, PROBLEM_NAMES, QUADRATIC, RUN_NAMES, runs_of, Setup, setup_of, sq_norm, \
    THM31_HYPS, TRANSCENDENTAL


def _grad_sq(s: Setup, theta: Sequence[Fraction], X: np.ndarray, distinct: Any = None) -> Fraction:
    """‖∇f_D(θ)‖² exactly (``distinct``: X's distinct rows, ``algorithms.r2d.helpers.distinct_rows``)."""
    return sq_norm([frac(v) for v in mean_grad(s.loss, X, None, np.asarray(theta, dtype=object), distinct)])


def _risk(s: Setup, theta: Sequence[Fraction], X: np.ndarray) -> Fraction:
    return frac(s.loss.risk(np.asarray(theta, dtype=object), X))


#: The entries that fix f_{D'}: the problem and m (D' = the first n − m rows).
RETAINED_NAMES = PROBLEM_NAMES + ("m",)


def _retained_risk(values: Instance, theta: Sequence[Any]) -> Fraction:
    """f_{D'}(θ) exactly, memoised by the exact key of D' and θ when θ is rational (the hypotheses, the families'
    generators, their boundary variants and every rung of the precision ladder ask for the same values)."""
    if all(isinstance(v, RATIONAL_TYPES) for v in theta):
        return _retained_risk_of(instance_key(values, RETAINED_NAMES), tuple(theta))
    s = setup_of(values)
    return _risk(s, theta, s.retained(int(frac(values["m"]))))


@functools.lru_cache(maxsize=4096)
def _retained_risk_of(key: tuple, theta: tuple[Fraction, ...]) -> Fraction:
    values = dict(key)
    s = setup_of(values)
    return _risk(s, theta, s.retained(int(frac(values["m"]))))


def released_grad_sq(s: Setup, theta: Sequence[Fraction], Xr: np.ndarray, sigma: Any) -> arb:
    """E‖∇f_{D'}(θ + ξ)‖², ξ ~ N(0, σ²I_d). Linear and quadratic families: ∇f_{D'} is affine with slope s·I (s = 0,
    −λ, λ), so it is ‖∇f_{D'}(θ)‖² + s²dσ², exactly. Separable piecewise family: per coordinate k the derivative
    g_k of t ↦ (1/n')Σ_i φ(t − x_ik) is piecewise linear with rational knots, so E g_k(θ_k + σZ)² is enclosed piece
    by piece (``Piecewise.gaussian_mean``); the coordinates of ξ are independent."""
    sig = to_arb(sigma)
    if s.family == TRANSCENDENTAL:
        return tr.released_grad_sq(s, theta, Xr, sig)
    if s.curv is not None:
        return to_arb(_grad_sq(s, theta, Xr)) + to_arb(s.curv**2 * s.dim) * sig * sig
    return sum((s.loss.coordinate_risk(Xr[:, k]).derivative().square().gaussian_mean(theta[k], sig)
                for k in range(s.dim)), arb(0))


def utility_lhs(values: Instance) -> arb:
    """(1/T)[Σ_{t<T−K}‖∇f_{D'}(θ_t)‖² + Σ_{t<K}‖∇f_{D'}(θ''_t)‖² + E‖∇f_{D'}(θ''_K + ξ)‖²], ξ ~ N(0, σ²I_d): the
    sums exact (on enclosures for the transcendental family), the expectation by :func:`released_grad_sq`."""
    s = setup_of(values)
    r = runs_of(values)
    m_, T_, K_ = (int(frac(values[k])) for k in ("m", "T", "K"))
    Xr = s.retained(m_)
    if s.family == TRANSCENDENTAL:
        total_a = sum((tr.grad_sq(s, th, Xr) for th in r["path"][: T_ - K_] + r["path_u"][:K_]), arb(0))
        return (total_a + released_grad_sq(s, r["unlearned"], Xr, values["sigma"])) / T_
    total = _path_grad_sq(instance_key(values, RUN_NAMES))
    return (to_arb(total) + released_grad_sq(s, r["unlearned"], Xr, values["sigma"])) / T_


@functools.lru_cache(maxsize=4096)
def _path_grad_sq(key: tuple) -> Fraction:
    """Σ_{t<T−K}‖∇f_{D'}(θ_t)‖² + Σ_{t<K}‖∇f_{D'}(θ''_t)‖² of the exact runs, by the runs' exact key (memoised: a
    claim, its +fix and its control evaluate it on the same instances, and the precision ladder asks again)."""
    values = dict(key)
    s, r = setup_of(values), runs_of(values)
    m_, T_, K_ = (int(frac(values[k])) for k in ("m", "T", "K"))
    Xr = s.retained(m_)
    rows = distinct_rows(Xr, None)
    total = sum((_grad_sq(s, th, Xr, rows) for th in r["path"][: T_ - K_]), Fraction(0))
    return total + sum((_grad_sq(s, th, Xr, rows) for th in r["path_u"][:K_]), Fraction(0))


def _fgap_value(values: Instance) -> Fraction:
    """f_{D'}(θ_0) − f_{D'}(θ''_K) of the exact runs (memoised by their exact key: the family's generator and the
    hypothesis of every claim that checks the instance ask for it)."""
    if setup_of(values).family == TRANSCENDENTAL:  # runs on enclosures, one per working precision: not memoised
        return _fgap_at(values)
    return _fgap_of(instance_key(values, RUN_NAMES))


@functools.lru_cache(maxsize=4096)
def _fgap_of(key: tuple) -> Fraction:
    return _fgap_at(dict(key))


def _fgap_at(values: Instance) -> Fraction:
    s, r = setup_of(values), runs_of(values)
    if s.family == TRANSCENDENTAL:
        Xr = s.retained(int(frac(values["m"])))
        return _risk(s, s.theta0, Xr) - _risk(s, r["unlearned"], Xr)
    return _retained_risk(values, list(s.theta0)) - _retained_risk(values, r["unlearned"])


def _fgap_ok(values: Instance) -> Decision:
    """fgap = f_{D'}(θ_0) − f_{D'}(θ''_K) exactly (the trajectory quantity the bound contains; for the transcendental
    family decided at symmetric starts, ``transcendental.fgap_ok``)."""
    s = setup_of(values)
    if s.family == TRANSCENDENTAL:
        return tr.fgap_ok(values, s)
    return holds(frac(values["fgap"]) == _fgap_value(values))


def _with_fgap(inst: dict) -> dict:
    inst = dict(inst)
    inst["fgap"] = _fgap_value(inst)
    return inst


def stationary_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Concave quadratics with balanced retained *and* deleted points, θ_0 = 0 = the common maximum: every
    iterate stays at 0 and f_{D'}(θ_0) − f_{D'}(θ''_K) = 0; with K = T − 1 the printed right-hand side is 0,
    while E‖∇f_{D'}(θ̃'')‖² = λ²σ² > 0."""
    out = []
    R_ = Fraction(1, 16)
    for n_, lam_, (T_, K_), eps, dlt in itertools.product(
            (10, 52), (Fraction(1), Fraction(1, 4)), ((1, 0), (4, 3), (8, 7), (8, 2)), (Fraction(1), Fraction(1, 10)),
            (Fraction(1, 100), Fraction(1, 2))):
        m_ = 2
        X = [[R_]] * ((n_ - m_) // 2) + [[-R_]] * ((n_ - m_) // 2) + [[R_], [-R_]]
        eta_ = eta_max(n_, m_, lam_)
        b = Fraction(1, 8)
        out.append(gd_instance(CONCAVE, X, m_, eta_=eta_, L_=lam_, G_=lam_ * (b + R_) * (1 + Fraction(1, 2**30)),
                               T_=T_, K_=K_, eps=eps, dlt=dlt, R_=R_, lam_=lam_, lo=[-b], hi=[b]))
    return [_with_fgap(i) for i in subsample(out, rng, size)]


def _quadratic_family(rng: np.random.Generator, size: int, *, identical: bool = False) -> list[dict]:
    """Convex quadratics (λ/2)(θ − x)² (PL with μ = λ) on Θ = [−R, R]: retained x = +R, deleted −R (or every
    point x = R: a point-mass population, for Corollary 3.6); η = 1/(2λ); from small σ (ε = 1, δ = 1/2, short
    runs) to astronomically large ones (m/n·h(K) large)."""
    out = []
    R_ = Fraction(1)
    for (n_, m_), lam_, (T_, K_), (eps, dlt) in itertools.product(
            ((1000, 1), (50, 2), (10, 1)), (Fraction(1), Fraction(2)), ((4, 2), (12, 6), (40, 20), (2, 1)),
            ((Fraction(1), Fraction(1, 2)), (Fraction(1, 10), Fraction(1, 10**5)))):
        X = [[R_]] * n_ if identical else [[R_]] * (n_ - m_) + [[-R_]] * m_
        eta_ = min(1 / (2 * lam_), eta_max(n_, m_, lam_))
        inst = gd_instance(QUADRATIC, X, m_, eta_=eta_, L_=lam_, G_=2 * lam_ * R_ * (1 + Fraction(1, 2**30)), T_=T_,
                           K_=K_, eps=eps, dlt=dlt, R_=R_, lam_=lam_, lo=[-R_], hi=[R_], mu=lam_, d=1)
        inst["theta0"] = [Fraction(-1, 2)]
        out.append(inst)
    return out


def _utility_quadratics(rng: np.random.Generator, size: int) -> list[dict]:
    return [_with_fgap(i) for i in subsample(_quadratic_family(rng, size), rng, size)]


def _utility_linear(rng: np.random.Generator, size: int) -> list[dict]:
    return [_with_fgap(i) for i in linear_opposed(rng, size)]


def piecewise_stationary(rng: np.random.Generator, size: int) -> list[dict]:
    """Concave Huber −hub_w with balanced retained *and* deleted points (±R), θ_0 = 0 their common maximum, K = T − 1:
    every iterate stays at 0, the printed right-hand side is 0, and E‖∇f_{D'}(σZ)‖² > 0 (d ∈ {1, 2})."""
    from .families import piecewise_instance

    out = []
    one = Fraction(1)
    for n_, w, d_, (T_, K_), eps in itertools.product((6, 12), (Fraction(1, 4), Fraction(4)), (1, 2),
                                                      ((2, 1), (6, 5)), (Fraction(1), Fraction(1, 10))):
        x = [one] + [Fraction(0)] * (d_ - 1)
        mx = [-v for v in x]
        X = [x, mx] * ((n_ - 2) // 2) + [x, mx]
        out.append(piecewise_instance(1, w, X, 2, T_=T_, K_=K_, eps=eps, dlt=Fraction(1, 100), R_=one))
    return subsample(out, rng, min(size, 8))


def _utility_piecewise(rng: np.random.Generator, size: int) -> list[dict]:
    return [_with_fgap(i) for i in piecewise_gd(rng, size) + piecewise_stationary(rng, size)]


def _with_dim(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable[[np.random.Generator, int], list[dict]]:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        return [{**i, "d": len(i["X"][0])} for i in gen(rng, size)]

    return generate


UTILITY_HYPS = (*THM31_HYPS, P("fgap = f_{D'}(θ_0) − f_{D'}(θ''_K) exactly (transcendental family: exactly at "
                                     "symmetric starts, else within 2^−30, the difference carried in the quantity)",
                                     _fgap_ok))
UTILITY_ADVERSARIES = (
    Adversary("stationary start: concave quadratics at their common maximum, K = T − 1", generate=stationary_family),
    Adversary("convex quadratics, small to huge σ", generate=_utility_quadratics),
    Adversary("opposed linear losses", generate=_utility_linear),
    Adversary("non-quadratic smooth losses, exact (Huber, concave Huber — balanced data: a stationary start — the "
              "non-convex PL dip), d ∈ {1, 2}, E‖∇f(θ̃'')‖² enclosed piece by piece", generate=_utility_piecewise),
    Adversary("transcendental smooth losses on enclosures (±L·log cosh, the non-convex sine least squares) at "
              "symmetric starts (every iterate exactly 0), d ∈ {1, 2}, E‖∇f(σZ)‖² a certified Gaussian integral",
              generate=tr.symmetric_family),
    Adversary("transcendental smooth losses on enclosures, moving runs (opposed and one-sided data, ±log cosh and "
              "the sine least squares, d ∈ {1, 2}), fgap a dyadic with its enclosed difference carried",
              generate=tr.moving_family),
)


# =========================================================================== Corollaries 3.5, 3.6 and Lemma B.4
def _pl_ok(values: Instance) -> Decision:
    """f_{D'} satisfies PL (Definition 3.4, line 171, for all θ) with the instance's μ > 0, decided exactly
    (:func:`_pl_of_retained`); f0gap = f_{D'}(θ_0) − f*_{D'} exactly; d = the dimension."""
    s = setup_of(values)
    if s.family == TRANSCENDENTAL:
        if frac(values["d"]) != s.dim or not frac(values["mu"]) > 0:
            return Decision.FALSE
        return tr.pl_ok(values, s)
    ok = _pl_of_retained(values)
    return ok if ok is not Decision.TRUE else holds(frac(values["f0gap"]) == _f0gap_value(values))


def _pl_of_retained(values: Instance) -> Decision:
    """f_{D'} PL with μ > 0 and d = the dimension, decided exactly: convex quadratics f_{D'} = (λ/2)‖θ − x̄'‖² + c
    with μ ≤ λ; separable piecewise quadratics f_{D'} = Σ_k c_k(θ_k) with every coordinate part c_k PL with μ
    (``r2d_piecewise.pl_holds``: then ½‖∇f‖² = Σ½c_k'² ≥ μΣ(c_k − c_k*))."""
    s = setup_of(values)
    mu_ = frac(values["mu"])
    if frac(values["d"]) != s.dim or not mu_ > 0:
        return Decision.FALSE
    if s.family == QUADRATIC:
        return holds(mu_ <= frac(values["lam"]))
    if s.family == PIECEWISE:
        from ...problems.r2d_piecewise import pl_holds

        return holds(all(pl_holds(c, mu_) for c in _coordinate_risks(values)))
    return Decision.FALSE


def _cor36_pl_ok(values: Instance) -> Decision:
    """One dataset: as :func:`_pl_ok`. A finite-support population: f_{D'} PL with μ on every D' of the support, and
    f0gap = E_{D'}[f_{D'}(θ_0) − f*_{D'}] exactly (the reading of ``population_runs``)."""
    if not is_population(values):
        return _pl_ok(values)
    if is_cell_law(values):
        return cell_pl_ok(values)
    ok = on_every_retained(_pl_of_retained)(values)
    return ok if ok is not Decision.TRUE else holds(frac(values["f0gap"]) == expected_f0gap(values, _f0gap_value))


def _coordinate_risks(values: Instance) -> list:
    """The parts c_k of f_{D'} = Σ_k c_k(θ_k) (separable piecewise family)."""
    s = setup_of(values)
    Xr = s.retained(int(frac(values["m"])))
    return [s.loss.coordinate_risk(Xr[:, k]) for k in range(s.dim)]


def _fstar(values: Instance) -> Fraction:
    """min f_{D'}, exactly: at x̄' for the quadratics, the sum of the parts' exact minima for the piecewise family
    (memoised by the exact key of D')."""
    return _fstar_of(instance_key(values, RETAINED_NAMES))


@functools.lru_cache(maxsize=4096)
def _fstar_of(key: tuple) -> Fraction:
    values = dict(key)
    s = setup_of(values)
    Xr = s.retained(int(frac(values["m"])))
    if s.family == PIECEWISE:
        return sum((s.loss.coordinate_risk(Xr[:, k]).minimum() for k in range(s.dim)), Fraction(0))
    xbar = [sum((row[j] for row in Xr), Fraction(0)) / len(Xr) for j in range(s.dim)]
    return _retained_risk(values, xbar)


def _f0gap_value(values: Instance) -> Fraction:
    s = setup_of(values)
    if s.family == TRANSCENDENTAL:
        return tr.f0gap_value(values, s)
    return _retained_risk(values, list(s.theta0)) - _fstar(values)


def excess_risk(values: Instance) -> arb:
    """E[f_{D'}(θ''_K + ξ)] − f*_{D'}: for the quadratics f_{D'}(θ''_K) − f*_{D'} + (λ/2)dσ², exactly; for the
    piecewise family Σ_k E c_k(θ''_K,k + σZ) − f*, each expectation enclosed piece by piece. For a point-mass
    population (every point equal) this is also E[F(θ̃'')] − F* (F = f_{D'})."""
    return excess_risk_at(values, runs_of(values)["unlearned"], to_arb(values["sigma"]))


def excess_risk_at(values: Instance, theta: Sequence[Fraction], sig: arb) -> arb:
    """E[f_{D'}(θ + ξ)] − f*_{D'}, ξ ~ N(0, σ²I_d): the quantity of :func:`excess_risk` at a release θ + ξ of any
    mean θ and scale σ (``certunlearn.testing.accuracy`` evaluates a candidate's recovered law with it)."""
    s = setup_of(values)
    if s.family == TRANSCENDENTAL:
        return tr.excess_risk(values, s, theta, sig)
    if s.family == PIECEWISE:
        return sum((c.gaussian_mean(theta[k], sig) for k, c in enumerate(_coordinate_risks(values))), arb(0)) \
            - to_arb(_fstar(values))
    return to_arb(_retained_risk(values, theta) - _fstar(values)) + to_arb(s.curv * s.dim / 2) * sig * sig


@functools.lru_cache(maxsize=64)
def pl_constant(c: Fraction, bits: int = 12) -> Fraction:
    """The largest k/2^bits with which the dip profile ``r2d_piecewise.pl_dip(c)`` is PL (decided exactly; memoised:
    the families ask for it once per instance, with two values of c)."""
    from ...problems.r2d_piecewise import pl_dip, pl_holds

    phi, lo, hi = pl_dip(c), 0, 2**bits
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if pl_holds(phi, Fraction(mid, 2**bits)) else (lo, mid)
    return Fraction(lo, 2**bits)


def _dip_family(rng: np.random.Generator, size: int, *, identical: bool = False) -> list[dict]:
    """Non-convex PL losses f_x(θ) = Σ_k φ(θ_k − x_k), φ the dip profile (``r2d_piecewise.pl_dip``, non-convex on
    1 ≤ |t| ≤ 2, 1-smooth, μ its exact dyadic PL constant): retained x = +R, deleted −R (or every point x = R: a
    point-mass population), θ_0 = −3 on the far side of the non-convex region, Θ = [−4, 4]^d, η = 1/2; n − m a
    power of two (short dyadic iterates)."""
    from .families import piecewise_instance

    out = []
    R_ = Fraction(1)
    for (n_, m_), c, d_, (T_, K_), (eps, dlt) in itertools.product(
            ((34, 2), (9, 1)), (Fraction(1, 2), Fraction(1, 4)), (1, 2), ((4, 2), (12, 6), (24, 12), (2, 1)),
            ((Fraction(1), Fraction(1, 2)), (Fraction(1, 10), Fraction(1, 10**5)))):
        x = [R_] + [Fraction(0)] * (d_ - 1)
        X = [x] * n_ if identical else [x] * (n_ - m_) + [[-v for v in x]] * m_
        inst = piecewise_instance(2, c, X, m_, T_=T_, K_=K_, eps=eps, dlt=dlt, R_=R_, theta0=[Fraction(-3)] * d_,
                                  lo=[Fraction(-4)] * d_, hi=[Fraction(4)] * d_, mu=pl_constant(c), d=d_)
        inst["eta"] = min(inst["eta"], Fraction(1, 2))
        out.append(inst)
    return subsample(out, rng, min(size, max(12, size // 2)))  # exact runs cost more than the quadratics'


def pl_instances(identical: bool, family: Callable[..., list[dict]] = _quadratic_family
                 ) -> Callable[[np.random.Generator, int], list[dict]]:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for inst in subsample(family(rng, size, identical=identical), rng, size):
            inst["f0gap"] = _f0gap_value(inst)
            out.append(inst)
        return out

    return generate


SINE_NAME = ("sine least squares ½(θ + κ sin θ − x)², non-convex PL, on enclosures (μ = (1 − κ)², exact f*), θ_0 ∈ {0, −3} (f0gap carried "
             "off 0), descent across the non-convex region, d ∈ {1, 2}, E f(θ̃'') in closed form (Stein)")
PL_HYPS = (*THM31_HYPS, P("f_{D'} PL with μ (decided exactly: μ ≤ λ for the convex quadratics, per coordinate for "
                          "the piecewise family); f0gap exact (transcendental: within 2^−30, carried); d = dim", _pl_ok))


COR36_HYPS = (P("a point mass (every row of X equal) or a finite-support population (atoms, probabilities > 0 "
                "summing to 1; quadratics or the dip)", population_structure_ok),
              *(P(h.name + " (on every dataset of a population's support)", on_every_dataset(h.predicate))
                if h.predicate is not None else h for h in PL_HYPS[:-1]),
              P("f_{D'} PL with μ (on every D' of a population's support); f0gap exact (a population: "
                "E_{D'}[f_{D'}(θ_0) − f*_{D'}]; transcendental: within 2^−30, carried); d = dim", _cor36_pl_ok))


def _cor36_quantity(bound: Any) -> Callable[[Instance], arb]:
    carried = tr.carried(excess_risk, bound, "f0gap", tr.true_f0gap)
    cells = carried_excess(bound)

    def quantity(values: Instance) -> arb:
        if is_cell_law(values):
            return cells(values)
        return population_excess(values) if is_population(values) else carried(values)

    quantity.__doc__ = ("E[F(θ̃'')] − F*: on a finite-support population E over D ~ Z^n and the noise, enumerated "
                        "(``population_runs.population_excess``); on a bounded continuous law with the sine profile "
                        "enclosed cell by cell (``cell_population.carried_excess``); on a point mass F = f_{D'}, so "
                        + (excess_risk.__doc__ or ""))
    return quantity


def _with_f0gap(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable[[np.random.Generator, int], list[dict]]:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        return [{**i, "f0gap": expected_f0gap(i, _f0gap_value)} for i in gen(rng, size)]

    return generate


COR36_ADVERSARIES = with_level_edge((
    Adversary("point-mass population, convex quadratics, small to huge σ", generate=pl_instances(True)),
    Adversary("non-convex PL losses on a point-mass population (the dip profile, μ exact), d ∈ {1, 2}, θ_0 across the "
              "non-convex region, small to huge σ", generate=pl_instances(True, _dip_family)),
    Adversary("point-mass population, " + SINE_NAME, generate=pl_instances(True, tr.sine_family)),
    Adversary("finite-support populations (2–3 atoms, d ∈ {1, 2}), convex quadratics: E over D ~ Z^n enumerated over "
              "the count vectors of D' and of the deleted Z, f0gap its expectation",
              generate=_with_f0gap(quadratic_population_family)),
    Adversary("finite-support populations (2–3 atoms, d ∈ {1, 2}), the non-convex PL dip (μ over every D'), θ_0 "
              "across the non-convex region: E over D ~ Z^n enumerated", generate=_with_f0gap(dip_population_runs)),
    Adversary("bounded continuous populations (Beta laws on a box, d ∈ {1, 2}), convex quadratics λI and diag(1, 3): "
              "E over D ~ Z^n and the noise in closed form (continuous.py)", generate=law_runs_family),
    Adversary("bounded continuous populations (uniform, Beta(2, 1) and Beta(1/2, 2) laws), the non-convex PL link "
              "least squares ½(h(θ) − z)²: sine h = θ + κ sin θ (θ_0 ∈ {0, −3}) and bump h = θ + κθe^{−θ²/2} "
              "(θ_0 = −1), n ∈ {2, 8} (thorough: n up to 40, d = 2): E over D ~ Z^n enclosed by sum cells "
              "(cell_population.py)", generate=cell_runs_family),
), "epsilon", smallest_admissible(), SMALL_EPS_WHY, score=sigma_score)


def _lemb4_quantity(values: Instance) -> arb:
    """E[F(θ) − F*] for the point-mass population δ_{x_0}: F(θ) = (λ/2)‖θ − x_0‖², or Σ_k φ(θ_k − x_0k) for the
    dip profile φ (``shape`` 2: min φ = φ(0) = 0); F* = 0."""
    if is_population(values):
        from .populations import population_gap

        return to_arb(population_gap(values))
    if "sine" in values:
        return tr.sine_point_gap(values)
    return to_arb(_point_mass_gap(values))


def _point_mass_gap(values: Instance) -> Fraction:
    x0 = [frac(v) for v in values["x0"]]
    th = [frac(v) for v in values["theta"]]
    if "shape" in values:
        from ...problems.r2d_piecewise import PROFILES

        phi = PROFILES[int(frac(values["shape"]))][1](frac(values["param"]))
        return sum((phi(a - b) for a, b in zip(th, x0)), Fraction(0))
    return frac(values["lam"]) / 2 * sq_norm([a - b for a, b in zip(th, x0)])


def _lemb4_dip_ok(values: Instance) -> Decision:
    """The dip profile f_z(θ) = Σ_k φ(θ_k − z_k) (``r2d_piecewise.pl_dip``, non-convex): F = f_{x_0} PL with μ (decided
    exactly), max|φ''| ≤ L, ‖∇f_{x_0}‖ < G on Θ = [−b, b]^d (G² > Σ_k max |φ'|² over [−b − x_0k, b − x_0k], exact)."""
    from ...problems.r2d_piecewise import pl_holds, PROFILES

    if int(frac(values["shape"])) != 2:
        return Decision.FALSE
    phi = PROFILES[2][1](frac(values["param"]))
    b, L_, G_, mu_ = (frac(values[k]) for k in ("b", "L", "G", "mu"))
    x0 = [frac(v) for v in values["x0"]]
    curv = max(abs(2 * p[2]) if len(p) > 2 else Fraction(0) for p in phi.pieces)
    dphi = phi.derivative()
    grad2 = sum((dphi.max_abs_on(-b - x, b - x) ** 2 for x in x0), Fraction(0))
    return holds(mu_ > 0 and pl_holds(phi, mu_) and curv <= L_ and G_ > 0 and G_ * G_ > grad2)


def _lemb4_ok(values: Instance) -> Decision:
    """Point-mass population δ_{x_0}; f_z = (λ/2)‖θ − z‖² (PL with μ ≤ λ, L-smooth for L ≥ λ, ‖∇f_z‖ < G on
    Θ = [−b, b]^d when G > λ(b√d + ‖x_0‖)) or the non-convex dip (:func:`_lemb4_dip_ok`); θ, x_0 ∈ Θ; n, m integers
    1 ≤ m < n; risk_gap = E[f_{D'}(θ) − f*] exactly."""
    if is_population(values):
        from .populations import population_ok

        return population_ok(values)
    if "sine" in values:
        return tr.lemb4_sine_ok(values)
    b = frac(values["b"])
    x0 = [frac(v) for v in values["x0"]]
    th = [frac(v) for v in values["theta"]]
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    if len(x0) != len(th) or any(abs(v) > b for v in x0 + th):
        return Decision.FALSE
    if "shape" in values:
        ok = _lemb4_dip_ok(values)
        return ok if ok is not Decision.TRUE else holds(frac(values["risk_gap"]) == _point_mass_gap(values))
    return _lemb4_quadratic_ok(values)


def _lemb4_quadratic_ok(values: Instance) -> Decision:
    lam_, b = frac(values["lam"]), frac(values["b"])
    x0 = [frac(v) for v in values["x0"]]
    th = [frac(v) for v in values["theta"]]
    if not (0 < frac(values["mu"]) <= lam_ <= frac(values["L"])):
        return Decision.FALSE
    r2 = sq_norm(x0)
    # G > λ(b√d + ‖x_0‖)  ⇔  G/λ − b√d > ‖x_0‖, decided exactly by squaring (both sides ≥ 0)
    left = lambda: to_arb(frac(values["G"]) / lam_) - to_arb(b) * arb(len(th)).sqrt() - to_arb(r2).sqrt()  # noqa
    ok = decide(left, ">", 0).decision
    if ok is not Decision.TRUE:
        return ok
    return holds(frac(values["risk_gap"]) == lam_ / 2 * sq_norm([a - c for a, c in zip(th, x0)]))


def lemb4_dip_family(rng: np.random.Generator, size: int) -> list[dict]:
    """The non-convex PL dip (c ∈ {1/2, 1/4}, μ its exact dyadic PL constant, L = 1): outputs θ across Θ = [−b, b]^d,
    through the non-convex region, d ∈ {1, 2}, n − m from 2 to 10⁴."""
    from ...problems.r2d_piecewise import pl_dip

    out = []
    for (n_, m_), c, pos, b, d_ in itertools.product(((3, 1), (20, 5), (10**4, 10)), (Fraction(1, 2), Fraction(1, 4)),
                                                     (Fraction(0), Fraction(3, 2), Fraction(-3)), (Fraction(4),), (1, 2)):
        x0 = [Fraction(1)] + [Fraction(0)] * (d_ - 1)
        th = [pos] * d_
        inst = {"n": n_, "m": m_, "shape": 2, "param": c, "L": Fraction(1), "mu": pl_constant(c), "b": b, "x0": x0,
                "theta": th}
        dphi = pl_dip(c).derivative()
        grad2 = sum((dphi.max_abs_on(-b - x, b - x) ** 2 for x in x0), Fraction(0))
        inst["G"] = Fraction(math.isqrt(grad2.numerator * 2**60 // grad2.denominator) + 2, 2**30)
        inst["risk_gap"] = _point_mass_gap(inst)
        out.append(inst)
    return subsample(out, rng, size)


def lemb4_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Outputs θ anywhere in Θ, from the minimiser x_0 to the far corner, n − m from 2 to 10⁴."""
    out = []
    for (n_, m_), lam_, frac_pos, b in itertools.product(
            ((3, 1), (10, 1), (20, 5), (1001, 1), (10**4, 10)), (Fraction(1), Fraction(3)),
            (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(1)), (Fraction(1), Fraction(10))):
        G_ = lam_ * 2 * b * (1 + Fraction(1, 2**30))
        th = [b * frac_pos]
        out.append({"n": n_, "m": m_, "lam": lam_, "L": lam_, "mu": lam_, "G": G_, "b": b, "x0": [Fraction(0)],
                    "theta": th, "risk_gap": lam_ / 2 * th[0] ** 2})
    return subsample(out, rng, size)


#: Lemma B.4's families, shared by the printed lemma and its +fix.
LEMB4_ADVERSARIES = (
    Adversary("point-mass population δ_{x_0}: F = f_{D'}; outputs θ from x_0 to the corner of Θ",
              generate=lemb4_family),
    Adversary("non-convex PL dip on a point-mass population, outputs across Θ, d ∈ {1, 2}",
              generate=lemb4_dip_family),
    Adversary("finite-support populations (2–3 atoms, d ∈ {1, 2}): E over D' enumerated exactly, "
              "ERM plus an offset", generate=population_family),
    Adversary("finite-support populations with the non-convex PL dip (2–3 atoms, d ∈ {1, 2}): E over "
              "D' enumerated exactly; ERM plus an offset, a constant output, and the worst output map "
              "(argmax over Θ per count vector)", generate=dip_population_family),
    Adversary("sine least squares on a point mass (non-convex PL, on enclosures), outputs across Θ, "
              "d ∈ {1, 2}, risk_gap carried off 0", generate=tr.lemb4_sine_family),
    Adversary("bounded continuous populations (Beta laws on a box, d ∈ {1, 2}), quadratics λI and diag(1, 3): "
              "outputs affine in x̄' (ERM, offsets, retraining, constants, the worst map when L/(2μ) > 1), E over D' "
              "in closed form (continuous.py)", generate=law_output_family),
    Adversary("bounded continuous populations (uniform and Beta(1/2, 2), d = 1), outputs not affine in x̄': the "
              "worst maps of quadratics switching between Θ's faces or clipped at them (n − m up to 40), and the sine "
              "and bump link least squares retrained by gradient descent (n − m up to 8; thorough: 40); E over D' "
              "enclosed by sum cells, risk_gap carried (cell_outputs.py)",
              generate=cell_output_family),
)


def _lemb4_quantity_of(bound: Any) -> Callable[[Instance], arb]:
    """The quantity of Lemma B.4 and its fix: :func:`_lemb4_quantity` with the sine point masses' carried risk_gap
    (``transcendental.carried``); on a bounded continuous law with a cell output map, the cell sum with its carried
    risk_gap (``cell_outputs.cell_lemb4_quantity``)."""
    base = tr.carried(_lemb4_quantity, bound, "risk_gap", tr.sine_point_gap)
    cells = cell_lemb4_quantity(bound)

    def quantity(values: Instance) -> arb:
        return cells(values) if is_cell_output(values) else base(values)

    quantity.__doc__ = base.__doc__
    return quantity


CLAIMS_UTIL = [
    Claim(
        id="r2d.thm3.1:utility",
        source="Theorem 3.1, utility eq. (4) (lines 133–147; proof lines 453–504: the explicit bound before the O(·))",
        kind=Kind.ACCURACY,
        statement="(1/T)[Σ_{t<T−K}‖∇f_{D'}(θ_t)‖² + Σ_{t<K}‖∇f_{D'}(θ''_t)‖² + E‖∇f_{D'}(θ̃'')‖²] ≤ "
                  "2n(f_{D'}(θ_0) − f_{D'}(θ''_K))/(Tη(n−m)) + ((T−K−1)/T)(2G²m/(n−m) + 2LηGm/(n−m))",
        hypotheses=UTILITY_HYPS,
        bound=UTIL_31,
        prescribed=PRESCRIBED["r2d.thm3.1:utility"],
        quantity=tr.carried(utility_lhs, UTIL_31, "fgap", tr.true_fgap),
        adversaries=UTILITY_ADVERSARIES,
        derivation="r2d.thm3.1:utility",
        note="Eq. (4) is O(n/(T(n−m))) + O((T−K−1)m/(T(n−m))); its proof's explicit inequality (line 503–504) is "
             "checked. E‖∇f_{D'}(θ̃'')‖² is never bounded in the proof (line 499 replaces ∇f(θ''_K) − ∇f(θ̃'') by "
             "ξ), so a stationary start with K = T − 1 breaks it; also Lη²mG/n for Lη²mG²/n (line 468), T − K − 1 "
             "for the T − K learning terms (line 480), and η Σ_{t=0}^{K} for (η/2)Σ_{t<K} (line 486).",
    ),
    Claim(
        id="r2d.thm3.1:utility+fix",
        source="Theorem 3.1, utility (lines 133–147), corrected (lines 468, 480, 486, 497–503)",
        kind=Kind.ACCURACY,
        statement="the same average ≤ (1/T)[2n(f_{D'}(θ_0) − f_{D'}(θ''_K))/(η(n−m)) + (T−K)(2G²m + 2LηG²m)/(n−m) + "
                  "(G + L√dσ)²], f_z L-smooth on R^d",
        hypotheses=(*UTILITY_HYPS, H("d ≥ 1", ">=", d, 1),
                    P("d = the dimension", lambda v: holds(frac(v["d"]) == setup_of(v).dim))),
        bound=UTIL_31_FIX,
        prescribed=PRESCRIBED["r2d.thm3.1:utility+fix"],
        quantity=tr.carried(utility_lhs, UTIL_31_FIX, "fgap", tr.true_fgap),
        adversaries=tuple(Adversary(a.name, generate=_with_dim(a.generate)) for a in UTILITY_ADVERSARIES),
        derivation="r2d.thm3.1:utility+fix",
        corrects="r2d.thm3.1:utility",
        note="Corrects the G² of the smoothness term (line 468), counts the T − K learning steps (line 480), uses the "
             "descent lemma (η/2)Σ_{t<K}‖∇f(θ''_t)‖² ≤ f(θ''_0) − f(θ''_K) for η ≤ 1/L (line 486), and bounds the "
             "noisy term: ‖∇f(θ''_K + ξ)‖ ≤ ‖∇f(θ''_K)‖ + L‖ξ‖ ≤ G + L‖ξ‖, E‖ξ‖ ≤ √d σ. Still O(n/(T(n−m))) + "
             "O((T−K)m/(T(n−m))) + O((G + L√dσ)²/T): the noise term is new.",
    ),
    Claim(
        id="r2d.cor3.5",
        source="Corollary 3.5 (lines 175–189; proof Appendix B.1, lines 506–543)",
        kind=Kind.ACCURACY,
        statement="f_{D'} PL with μ: E[f_{D'}(θ̃'')] − f*_{D'} ≤ L√dσ + (1−ημ)^K(G²m + LηGm)/(μ(n−m)) + "
                  "(1 − ημ(n−m)/n)^{T−K}(1−ημ)^K(f_{D'}(θ_0) − f*_{D'})",
        hypotheses=PL_HYPS,
        bound=COR35,
        prescribed=PRESCRIBED["r2d.cor3.5"],
        quantity=tr.carried(excess_risk, COR35, "f0gap", tr.true_f0gap),
        adversaries=(Adversary("convex quadratics (PL, μ = λ), small to huge σ", generate=pl_instances(False)),
                     Adversary("non-convex PL losses (the dip profile, μ exact), d ∈ {1, 2}, θ_0 across the non-convex "
                               "region, small to huge σ", generate=pl_instances(False, _dip_family)),
                     Adversary(SINE_NAME, generate=pl_instances(False, tr.sine_family))),
        derivation="r2d.cor3.5",
        note="Line 538 bounds f(θ̃'') − f(θ''_K) by L‖ξ‖, using the smoothness constant L as a Lipschitz constant of f "
             "itself; by smoothness the noise costs up to (L/2)dσ² in expectation, which exceeds L√dσ once σ > 2/√d "
             "— and σ of eq. (3) grows like h(K). Also Lη²mG/n for Lη²mG²/n (line 515). (On all of R^d a PL "
             "function with bounded gradients is constant, so the corollary needs a bounded Θ; the noise leaves it.)",
    ),
    Claim(
        id="r2d.cor3.5+fix",
        source="Corollary 3.5 (lines 175–189), corrected (lines 515 and 538)",
        kind=Kind.ACCURACY,
        statement="E[f_{D'}(θ̃'')] − f*_{D'} ≤ (L/2)dσ² + (1−ημ)^K(G²m + LηG²m)/(μ(n−m)) + "
                  "(1 − ημ(n−m)/n)^{T−K}(1−ημ)^K(f_{D'}(θ_0) − f*_{D'}), f_{D'} L-smooth on R^d",
        hypotheses=PL_HYPS,
        bound=COR35_FIX,
        prescribed=PRESCRIBED["r2d.cor3.5+fix"],
        quantity=tr.carried(excess_risk, COR35_FIX, "f0gap", tr.true_f0gap),
        adversaries=(Adversary("convex quadratics (PL, μ = λ), small to huge σ", generate=pl_instances(False)),
                     Adversary("non-convex PL losses (the dip profile, μ exact), d ∈ {1, 2}, θ_0 across the non-convex "
                               "region, small to huge σ", generate=pl_instances(False, _dip_family)),
                     Adversary(SINE_NAME, generate=pl_instances(False, tr.sine_family))),
        derivation="r2d.cor3.5+fix",
        corrects="r2d.cor3.5",
        note="E[f(θ''_K + ξ)] ≤ f(θ''_K) + ∇f(θ''_K)ᵀE[ξ] + (L/2)E‖ξ‖² = f(θ''_K) + (L/2)dσ² (L-smoothness), and G² in "
             "the smoothness term of the learning-phase recursion. Attained by quadratics of curvature L = μ.",
    ),
    Claim(
        id="r2d.lemB.4",
        source="Lemma B.4 (lines 549–553; from Lei & Ying 2021, Thm 1, “slightly modified”)",
        kind=Kind.ACCURACY,
        statement="for θ the output of an algorithm dependent on D': E[F(θ) − F*] ≤ 2G²/((n−m)μ) + "
                  "(L/(2μ))E[f_{D'}(θ) − f*_{D'}]",
        hypotheses=(P("point-mass, finite-support or bounded continuous (Beta) population, quadratic, dip or sine losses, θ ∈ Θ, constants "
                      "valid, risk_gap exact (sine: within 2^−30, carried)", _lemb4_ok),),
        bound=LEMB4,
        quantity=_lemb4_quantity_of(LEMB4),
        quantity_expr=risk_gap,
        adversaries=LEMB4_ADVERSARIES,
        derivation="r2d.lemB.4",
        note="With a point-mass population F = f_{D'}, so the lemma asks X ≤ 2G²/((n−m)μ) + (L/(2μ))X for "
             "X = f_{D'}(θ) − f*: the coefficient L/(2μ) is below 1 whenever L < 2μ (quadratics: L = μ), and X can be "
             "as large as λb²/2 against G² ≈ 4λ²b². Any correct version needs a coefficient "
             "≥ 1: see r2d.lemB.4+fix (1 + L/(2μ)).",
    ),
    Claim(
        id="r2d.cor3.6",
        source="Corollary 3.6 (lines 191–197; proof Appendix B.2, lines 545–555)",
        kind=Kind.ACCURACY,
        statement="E[F(θ̃'')] − F* ≤ L√dσ + 2G²/((n−m)μ) + (L/(2μ))(1 − ημ(n−m)/n)^{T−K}(1−ημ)^K(f_{D'}(θ_0) − "
                  "f*_{D'}) + (L/(2μ))(1−ημ)^K(G²m + LηGm)/(μ(n−m))",
        hypotheses=COR36_HYPS,
        bound=COR36,
        prescribed=PRESCRIBED["r2d.cor3.6"],
        quantity=_cor36_quantity(COR36),
        adversaries=COR36_ADVERSARIES,
        derivation="r2d.cor3.6",
        note="Checked on point-mass populations (D deterministic, F = f_{D'}) and on finite-support populations, E over "
             "D ~ Z^n enumerated over every dataset of the support (population_runs). Reading (line 555: the proof "
             "substitutes Corollary 3.5's per-D bound into Lemma B.4's E[f_{D'}(θ) − f*_{D'}]): the printed "
             "f_{D'}(θ_0) − f*_{D'} is its expectation over D'; the reading 'at every D'' is stronger, so a violation "
             "with the expectation holds under both. The corollary inherits Corollary 3.5's L√dσ and Lemma B.4's "
             "coefficient.",
    ),
    Claim(
        id="r2d.lemB.4+fix",
        source="Lemma B.4 (lines 549–553), corrected coefficient 1 + L/(2μ)",
        kind=Kind.ACCURACY,
        statement="for θ the output of an algorithm dependent on D': E[F(θ) − F*] ≤ 2G²/((n−m)μ) + "
                  "(1 + L/(2μ))E[f_{D'}(θ) − f*_{D'}]",
        hypotheses=(P("point-mass, finite-support or bounded continuous (Beta) population, quadratic, dip or sine losses, θ ∈ Θ, constants "
                      "valid, risk_gap exact (sine: within 2^−30, carried)", _lemb4_ok),),
        bound=LEMB4_FIX,
        quantity=_lemb4_quantity_of(LEMB4_FIX),
        adversaries=LEMB4_ADVERSARIES,
        derivation="r2d.lemB.4+fix",
        corrects="r2d.lemB.4",
        note="Corrects the coefficient L/(2μ), which can be below 1 (L < 2μ): E[F(θ) − F*] = E[F(θ) − f_{D'}(θ)] + "
             "E[f_{D'}(θ) − f*_{D'}] + (E[f*_{D'}] − F*); the last term is ≤ 0 (line 547), the first is the "
             "stability bound 2G²/((n−m)μ) + (L/(2μ))E[f_{D'}(θ) − f*_{D'}] (the paper's modification of Lei & Ying "
             "2021, Thm 1, read as a bound on the generalization gap — a cited premise, not re-derived here), and "
             "the middle term, the optimisation error itself, is what the printed lemma drops. On point-mass "
             "populations (what the checker can evaluate exactly) the generalization gap is 0.",
    ),
    Claim(
        id="r2d.cor3.6+fix",
        source="Corollary 3.6 (lines 191–197, 555), corrected: Lemma B.4+fix with Corollary 3.5+fix substituted",
        kind=Kind.ACCURACY,
        statement="E[F(θ̃'')] − F* ≤ 2G²/((n−m)μ) + (1 + L/(2μ))[(L/2)dσ² + (1−ημ)^K(G²m + LηG²m)/(μ(n−m)) + "
                  "(1 − ημ(n−m)/n)^{T−K}(1−ημ)^K(f_{D'}(θ_0) − f*_{D'})]",
        hypotheses=COR36_HYPS,
        bound=COR36_FIX,
        prescribed=PRESCRIBED["r2d.cor3.6+fix"],
        quantity=_cor36_quantity(COR36_FIX),
        adversaries=COR36_ADVERSARIES,
        derivation="r2d.cor3.6+fix",
        corrects="r2d.cor3.6",
        note="Corrects the coefficient (1 + L/(2μ), r2d.lemB.4+fix) and the substitution of line 555, which multiplies "
             "every term of Corollary 3.5 by the coefficient (the printed statement keeps L√dσ without the factor "
             "L/(2μ)); Corollary 3.5 itself is used in its corrected form (r2d.cor3.5+fix).",
    ),
]
