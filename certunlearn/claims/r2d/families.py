"""Rewind-to-Delete: the instance families and adversaries shared by the gradient-descent claims.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. :func:`gd_instance` builds an instance of Theorem 3.1 (lines 133–143); the structured families
behind ``THM31_ADVERSARIES``: *opposed linear losses* (retained x = +R, deleted x = −R: the trajectories diverge by
η·2mR/n per step, Lemma B.2's bound, line 376, attained as L → 0), *concave quadratics near their maximum* (every
step expands distances by 1 + ηλ: Lemma B.3, line 421, attained), *every deletion set* of small random datasets,
and a searched adversary over the linear family. Families specific to one item live beside its claims.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ..model import Adversary, Space
from .quantities import CONCAVE, LINEAR, PIECEWISE, QUADRATIC, sq_norm

_T = TypeVar("_T")


# =========================================================================== instance builders
def quantize(x: float, grid: int = 2**20) -> Fraction:
    """A float rounded to a short dyadic (keeps exact arithmetic small)."""
    return Fraction(round(x * grid), grid)


def eta_max(n_: int, m_: int, L_: Fraction) -> Fraction:
    return min(1 / L_, Fraction(n_, 2 * (n_ - m_)) / L_)


def _exact_rows(X: Sequence[Sequence[Any]]) -> list[list[Fraction]]:
    """X's rows as fresh lists of Fractions; a row object repeated in X (``[x] * n``) is converted once."""
    seen: dict[int, list[Fraction]] = {}
    out = []
    for row in X:
        exact = seen.get(id(row))
        if exact is None:
            exact = seen[id(row)] = [Fraction(v) if not isinstance(v, RATIONAL_TYPES) else v for v in row]
        out.append(list(exact))
    return out


def gd_instance(family: int, X: Sequence[Sequence[Any]], m_: int, *, eta_: Any, L_: Any, G_: Any, T_: int, K_: int,
                eps: Any, dlt: Any, R_: Any, theta0: Sequence[Any] | None = None, lam_: Any = None,
                lo: Sequence[Any] | None = None, hi: Sequence[Any] | None = None, **extra: Any) -> dict[str, Any]:
    X = _exact_rows(X)
    d = len(X[0])
    inst: dict[str, Any] = {
        "family": family, "X": X, "n": len(X), "m": m_, "eta": eta_, "L": L_, "G": G_, "T": T_, "K": K_,
        "epsilon": eps, "delta": dlt, "R": R_, "theta0": list(theta0) if theta0 is not None else [0] * d,
    }
    if family in (CONCAVE, QUADRATIC):
        inst.update(lam=lam_, lo=list(lo), hi=list(hi))
    elif family == PIECEWISE and lo is not None:
        inst.update(lo=list(lo), hi=list(hi))
    inst.update({k: v for k, v in extra.items() if v is not None})
    return inst


def opposed_data(n_: int, m_: int, R_: Fraction = Fraction(1)) -> list[list[Fraction]]:
    """Retained points x = +R, deleted points (the last m rows) x = −R."""
    return [[R_]] * (n_ - m_) + [[-R_]] * m_


EPS_GRID = (Fraction(1), Fraction(1, 2), Fraction(1, 10))
DELTA_GRID = (Fraction(1, 10**5), Fraction(1, 100), Fraction(1, 10), Fraction(1, 2), Fraction(9, 10))


def linear_opposed(rng: np.random.Generator, size: int) -> list[dict]:
    """Opposed linear losses, curvature → 0 (L small: the bound's exponential is nearly linear), η at its
    maximum, G just above R, many (n, m, T, K, ε, δ)."""
    grid = [(n_, m_, L_, T_, K_, eps, dlt)
            for n_, m_ in ((200, 1), (50, 1), (20, 3), (10, 4), (3, 1), (2, 1))
            for L_ in (Fraction(1, 10**6), Fraction(1, 100), Fraction(1, 2))
            for (T_, K_), eps, dlt in itertools.product(((5, 0), (12, 4), (30, 29)), EPS_GRID, DELTA_GRID)]
    # the kept points are chosen before their instances are built (the same choice: it reads only the grid's size)
    return [gd_instance(LINEAR, opposed_data(n_, m_), m_, eta_=min(Fraction(1), eta_max(n_, m_, L_)), L_=L_,
                        G_=1 + Fraction(1, 2**30), T_=T_, K_=K_, eps=eps, dlt=dlt, R_=Fraction(1))
            for n_, m_, L_, T_, K_, eps, dlt in subsample(grid, rng, size)]


def concave_expansion(rng: np.random.Generator, size: int) -> list[dict]:
    """Concave quadratics −(λ/2)(θ − x)² near their maximum: retained x = +s, deleted x = −s, θ_0 = 0, every
    step expands by 1 + ηλ; Θ the smallest dyadic box holding every iterate, G just above λ(B + R)."""
    out = []
    for n_, m_ in ((50, 1), (10, 2), (2, 1)):
        for lam_, eta_ in ((Fraction(1), Fraction(1, 8)), (Fraction(1, 4), Fraction(1)), (Fraction(1), Fraction(1, 2))):
            if eta_ * lam_ > 1 or 2 * (n_ - m_) * lam_ * eta_ > n_:
                eta_ = eta_max(n_, m_, lam_)
            for (T_, K_), eps, dlt in itertools.product(((6, 0), (6, 3), (10, 9)), EPS_GRID[:2], DELTA_GRID[:3]):
                s_ = Fraction(1, 16)
                X = [[s_]] * (n_ - m_) + [[-s_]] * m_
                bound = concave_box(X, m_, eta_, lam_, T_)
                G_ = lam_ * (bound + s_) * (1 + Fraction(1, 2**30))
                out.append(gd_instance(CONCAVE, X, m_, eta_=eta_, L_=lam_, G_=G_, T_=T_, K_=K_, eps=eps, dlt=dlt,
                                       R_=s_, lam_=lam_, lo=[-bound], hi=[bound]))
    for inst in balanced_concave((Fraction(1), Fraction(4)), (Fraction(1, 2), Fraction(1, 8)), ((15, 0), (15, 10), (6, 5))):
        for eps, dlt in ((Fraction(1), Fraction(1, 10**5)), (Fraction(1), Fraction(1, 2))):
            out.append({**inst, "epsilon": eps, "delta": dlt})
    return subsample(out, rng, size)


def concave_box(X: list[list[Fraction]], m_: int, eta_: Fraction, lam_: Fraction, T_: int) -> Fraction:
    """A dyadic B ≥ every |θ_t|, |θ'_t| (and |θ''_t|, which lies between) of descent from 0 on D and D'."""
    worst = Fraction(0)
    for rows in (X, X[: len(X) - m_]):
        xbar = sum((r[0] for r in rows), Fraction(0)) / len(rows)
        th = Fraction(0)
        for _ in range(T_):
            th = th - eta_ * (-lam_ * (th - xbar))
            worst = max(worst, abs(th))
    return Fraction(math.ceil(worst * 2**20 + 1), 2**20)


def all_deletions(rng: np.random.Generator, size: int) -> list[dict]:
    """Small n: every deletion set Z of a random 1-d linear dataset, and of a 2-d one (m = 1, 2)."""
    out = []
    for n_, d_ in ((4, 1), (5, 2)):
        pts = [[quantize(float(v), 64) for v in rng.uniform(-1, 1, d_)] for _ in range(n_)]
        R_ = Fraction(1) if d_ == 1 else Fraction(3, 2)
        for m_ in (1, 2):
            for Z in itertools.combinations(range(n_), m_):
                X = [pts[i] for i in range(n_) if i not in Z] + [pts[i] for i in Z]
                L_ = Fraction(1, 100)
                out.append(gd_instance(LINEAR, X, m_, eta_=eta_max(n_, m_, L_), L_=L_, G_=R_ * (1 + Fraction(1, 2**20)),
                                       T_=8, K_=3, eps=Fraction(1), dlt=Fraction(1, 100), R_=R_))
    return subsample(out, rng, size)


def subsample(out: list[_T], rng: np.random.Generator, size: int) -> list[_T]:
    """``size`` of ``out`` chosen at random, in their order (all of it when it is no larger); the choice reads only
    ``len(out)``, so a family may choose among its parameters and build only the instances it keeps."""
    if size >= len(out):
        return out
    idx = sorted(rng.choice(len(out), size, replace=False))
    return [out[i] for i in idx]


def _linear_search_build(n_: int, m_: int) -> Callable[[dict], dict]:
    def build(q: dict) -> dict:
        L_ = quantize(q["L"], 2**40) or Fraction(1, 2**40)
        eta_ = quantize(q["eta_frac"], 2**20) * eta_max(n_, m_, L_) or eta_max(n_, m_, L_) / 2**20
        T_ = max(1, round(q["T"]))
        K_ = min(T_ - 1, max(0, math.floor(q["K_frac"] * T_)))
        return gd_instance(LINEAR, opposed_data(n_, m_), m_, eta_=eta_, L_=L_, G_=1 + quantize(q["gap"], 2**40) + Fraction(1, 2**40),
                           T_=T_, K_=K_, eps=quantize(q["epsilon"], 2**20) or Fraction(1, 2**20),
                           dlt=quantize(q["delta"], 2**60) or Fraction(1, 2**60), R_=Fraction(1))

    return build


def linear_search(n_: int, m_: int) -> Adversary:
    return Adversary(
        f"search: opposed linear losses, n = {n_}, m = {m_}, over (L, η, T, K, ε, δ, G)",
        space=Space(bounds={"L": (1e-8, 2.0), "eta_frac": (0.01, 1.0), "T": (1.0, 30.0), "K_frac": (0.0, 0.99),
                            "epsilon": (0.01, 1.0), "delta": (1e-12, 0.9), "gap": (1e-12, 1.0)},
                    log=frozenset({"L", "delta", "gap"}), build=_linear_search_build(n_, m_)),
    )



def balanced_data(n_: int, m_: int, R_: Fraction) -> list[list[Fraction]]:
    """Retained points in ±R pairs (x̄_{D'} = 0: retraining stays at the maximum θ = 0 of the concave
    quadratics), deleted points −R (they pull learning away from it)."""
    half = (n_ - m_) // 2
    return [[R_]] * half + [[-R_]] * (n_ - m_ - half) + [[-R_]] * m_


def balanced_concave(lams: Sequence[Fraction], etaLs: Sequence[Fraction], schedules: Sequence[tuple[int, int]],
                      n_: int = 1001, m_: int = 1) -> list[dict]:
    """Concave quadratics −(λ/2)(θ − x)², balanced data: the iterates stay within a box small against R, so the
    gradient bound G = λ(B + R) stays near λR while distances expand by (1 + ηλ) per step."""
    out = []
    R_ = Fraction(1)
    X = balanced_data(n_, m_, R_)
    for lam_, etaL, (T_, K_) in itertools.product(lams, etaLs, schedules):
        eta_ = etaL / lam_
        if 2 * (n_ - m_) * lam_ * eta_ > n_ or eta_ * lam_ > 1:
            continue
        bound = concave_box(X, m_, eta_, lam_, T_)
        out.append(gd_instance(CONCAVE, X, m_, eta_=eta_, L_=lam_, G_=lam_ * (bound + R_) * (1 + Fraction(1, 2**30)),
                               T_=T_, K_=K_, eps=Fraction(1), dlt=Fraction(1, 100), R_=R_, lam_=lam_,
                               lo=[-bound], hi=[bound]))
    return out




# =========================================================================== separable piecewise-quadratic losses
def above(v: Any) -> Fraction:
    """A short dyadic strictly above the exact (sympy) number ``v`` (a gradient bound G > sup‖∇f_z‖)."""
    from ...numeric.sympy_arb import arb_eval

    hi = arb_eval(v).upper() if not isinstance(v, RATIONAL_TYPES) else v
    return Fraction(math.floor(float(hi) * 2**30) + 2, 2**30)


def piecewise_instance(shape: int, param: Fraction, X: list[list[Fraction]], m_: int, *, T_: int, K_: int, eps: Any,
                       dlt: Any, R_: Fraction, eta_frac: Fraction = Fraction(1), theta0: Sequence[Any] | None = None,
                       lo: Sequence[Any] | None = None, hi: Sequence[Any] | None = None, **extra: Any) -> dict[str, Any]:
    """An instance on f_x(θ) = Σ_k φ(θ_k − x_k) (``problems.r2d_piecewise``): L the profile's exact smoothness max|φ''|,
    G a dyadic just above its exact gradient bound on Θ (R^d, or the box [lo, hi]), η = eta_frac × its maximum."""
    from ...problems import Box, Whole
    from ...problems.r2d_piecewise import SeparablePiecewise

    d = len(X[0])
    loss = SeparablePiecewise(shape, param, R_, d)
    c = loss.constants(Box(tuple(lo), tuple(hi)) if lo is not None else Whole(dim=d))
    L_ = Fraction(str(c.value("M")))
    n_ = len(X)
    return gd_instance(PIECEWISE, X, m_, eta_=eta_frac * eta_max(n_, m_ + extra.get("k", 0), L_), L_=L_,
                       G_=above(c.value("L")), T_=T_, K_=K_, eps=eps, dlt=dlt, R_=R_, theta0=theta0, shape=shape,
                       param=param, lo=list(lo) if lo is not None else None, hi=list(hi) if hi is not None else None,
                       **extra)


def _distinct_points(rng: np.random.Generator, n_: int, d_: int, R_: Fraction) -> list[list[Fraction]]:
    """n distinct rational points in the ball of radius R (a 1/32 grid)."""
    pts: list[list[Fraction]] = []
    while len(pts) < n_:
        p = [Fraction(int(v), 32) * R_ for v in rng.integers(-22, 23, d_)]
        if sq_norm(p) <= R_ * R_ and p not in pts:
            pts.append(p)
    return pts


def piecewise_gd(rng: np.random.Generator, size: int, *, k: int = 0) -> list[dict]:
    """Non-quadratic L-smooth losses, exact: Huber hub_w (opposed data: retained +R, deleted −R — linear far from
    the points, curvature 1/w near them), concave Huber −hub_w on balanced data (distances expand by 1 + η/w near the
    common maximum while |φ'| ≤ 1 everywhere: no box needed), the non-convex PL dip on a box, and distinct random
    points in d ∈ {1, 2}; η at its maximum (for m + k deletions when ``k`` > 0, Remark 3.3's second batch)."""
    out = []
    one = Fraction(1)
    for n_, m_ in ((20, 2), (5, 1)):
        mk = m_ + k
        for w, (T_, K_), eps, dlt in itertools.product((Fraction(1, 16), Fraction(4)), ((8, 0), (12, 5)),
                                                       EPS_GRID[:2], DELTA_GRID[1:4:2]):
            out.append(piecewise_instance(0, w, [[one]] * (n_ - mk) + [[-one]] * mk, m_, T_=T_, K_=K_, eps=eps,
                                          dlt=dlt, R_=one, k=k) if k else
                       piecewise_instance(0, w, opposed_data(n_, m_), m_, T_=T_, K_=K_, eps=eps, dlt=dlt, R_=one))
            X = balanced_data(n_ - k, m_, one) + [[-one]] * k if k else balanced_data(n_, m_, one)
            extra = {"k": k} if k else {}
            out.append(piecewise_instance(1, 4 * w, X, m_, T_=T_, K_=K_, eps=eps, dlt=dlt, R_=one, **extra))
    for d_, shape, param in ((1, 2, Fraction(1, 2)), (2, 2, Fraction(1, 4)), (2, 0, Fraction(1, 2)),
                             (2, 1, Fraction(1, 2))):
        n_ = 6
        X = _distinct_points(rng, n_, d_, one)
        box = ([-2 * one] * d_, [2 * one] * d_) if shape == 2 else (None, None)
        for (T_, K_), m_ in itertools.product(((6, 2), (10, 9)), (1, 2)):
            extra = {"k": k} if k else {}
            out.append(piecewise_instance(shape, param, X, m_, T_=T_, K_=K_, eps=one, dlt=Fraction(1, 100), R_=one,
                                          lo=box[0], hi=box[1], **extra))
    return subsample(out, rng, max(16, size // 2))  # half the profile's size: they widen, the linear family is tightest


THM31_ADVERSARIES = (
    Adversary("opposed linear losses (divergence attained as L → 0), η at its maximum, ε, δ grid",
              generate=linear_opposed),
    Adversary("concave quadratics near their maximum (expansion 1 + ηλ attained), Θ the box of the iterates",
              generate=concave_expansion),
    Adversary("small n: every deletion set of random 1-d and 2-d linear data", generate=all_deletions),
    linear_search(50, 1),
    linear_search(4, 1),
    Adversary("non-quadratic smooth losses, exact: Huber (opposed data), concave Huber (balanced data), the non-convex "
              "PL dip on a box, distinct random points in d ∈ {1, 2}", generate=piecewise_gd),
)
