"""Section 3.4 (lines 208–231) and Appendix F (lines 549–582) of the retain paper: the hard-margin SVM.

* Lemma F.1 (lines 553–563) — ``retain.lemF.1`` (‖w_R‖ ≤ 1/γ_R), ``retain.lemF.1:lower`` and control;
* Lemma F.2 (lines 565–567) — ``retain.lemF.2`` and ``retain.lemF.2:m-points+fix`` (exact rational SVMs);
* Lemma 3.5 (lines 214–220) — ``retain.lem3.5`` (RS/GS, GS = 1/γ).
"""
from __future__ import annotations

import functools
import itertools
from typing import Any

import numpy as np
import sympy

from ...algorithms.retain.numeric import Real, exact_or_ball
from ...formulas.retain import (
    PRESCRIBED, SVM_BOUND_SQ_EXPR, SVM_GS_SQ_EXPR, SVM_NORM_LOWER_EXPR, SVM_NORM_UPPER_EXPR, SVM_RATIO_SQ_EXPR, gsq,
)
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from .. import growth
from ..hypotheses import P, holds
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind, Space
from .families import fracs
from .pca import rows


@functools.lru_cache(maxsize=256)
def _svm_mech_cached(X: tuple, y: tuple):
    from ...algorithms.retain import HardMarginSVM

    return HardMarginSVM(np.asarray([list(r) for r in X], dtype=object), list(y))


def _svm_mech(values: Instance):
    """The SVM mechanism of the instance's support (cached: the search rebuilds instances often)."""
    X = tuple(tuple(frac(x) for x in row) for row in values["support_X"])
    return _svm_mech_cached(X, tuple(frac(v) for v in values["support_y"]))


def _svm_R(values: Instance):
    X, y = rows(values["support_X"]), [frac(v) for v in values["support_y"]]
    idx = [int(frac(i)) for i in values["R"]]
    return (X[idx], [y[i] for i in idx])


def _svm_ok(values: Instance) -> Decision:
    from ...algorithms.retain import hard_margin_svm

    mech = _svm_mech(values)
    R = mech.prepare(_svm_R(values))
    return holds(frac(values["W_supp"]) == mech.w_support.sqnorm
                  and frac(values["W_R"]) == hard_margin_svm(R.X, R.y).sqnorm)


SVM_VALID = P("a finite separable support (the distribution's), R ⊆ support (so γ_R ≥ γ); W_supp = ‖w_supp‖² = 1/γ², "
              "W_R = ‖w_R‖² = 1/γ_R² (Lemma F.1)", _svm_ok)


def _svm_instance(X: list, y: list, R: list[int]) -> dict[str, Any]:
    from ...algorithms.retain import hard_margin_svm

    Xf = rows(X)
    yf = [frac(v) for v in y]
    mech = _svm_mech({"support_X": X, "support_y": y})
    Rd = (Xf[R], [yf[i] for i in R])
    return {"support_X": [list(r) for r in X], "support_y": list(y), "R": list(R),
            "W_supp": mech.w_support.sqnorm, "W_R": hard_margin_svm(rows(Rd[0]), Rd[1]).sqnorm}


def _svm_rs_real(values: Instance) -> Real:
    return _svm_mech(values).exact_rs(_svm_R(values), 1).value


def svm_rs(values: Instance) -> Fraction | sympy.Expr:
    """The exact RS: a Fraction, or the square root of one as a sympy number (an equality with the bound is then
    proved)."""
    return _svm_rs_real(values).exact_or_enclosure()


def _svm_ratio(values: Instance) -> Fraction | sympy.Expr:
    """RS_SVM(R)/GS_SVM exactly, GS_SVM = 1/γ (line 218) at the prescribed γ² = 1/W_supp."""
    gs = exact_or_ball(SVM_GS_SQ_EXPR.subs(gsq, PRESCRIBED["retain.lem3.5"]["gamma_sq"]),
                       {"W_supp": frac(values["W_supp"])}, note="GS_SVM = 1/γ")
    return (_svm_rs_real(values) / gs).exact_or_enclosure()


def svm_structured(rng: np.random.Generator, size: int):
    out = [
        # margin-defining support vectors: R = {(±1, 0)}; the support adds a point closer to the boundary
        _svm_instance([[1, 0], [-1, 0], ["1/2", 1], [-1, -1]], [1, -1, 1, -1], [0, 1]),
        _svm_instance([[1, 0], [-1, 0], [1, 1], [-1, -1], [2, -1], ["1/2", 3]], [1, -1, 1, -1, 1, 1], [0, 1]),
        _svm_instance([[2, 0], [-2, 0], ["1/4", 1], ["-1/4", -1]], [1, -1, 1, -1], [0, 1]),  # thin true margin
        _svm_instance([[1, 1], [-1, -1], [1, 0], [0, -1]], [1, -1, 1, -1], [0, 1, 2]),
        _svm_instance([[3, 0], [-3, 0], [1, 2], [-1, 2]], [1, -1, 1, -1], [0, 1]),
    ]
    for _ in range(5):
        pts, labels = [], []
        while len(pts) < 5:
            x1 = Fraction(int(rng.integers(1, 9)), 4) * (1 if rng.random() < 0.5 else -1)
            x2 = Fraction(int(rng.integers(-8, 9)), 4)
            if [x1, x2] not in pts:
                pts.append([x1, x2])
                labels.append(1 if x1 > 0 else -1)
        if len(set(labels[:2])) < 2:
            pts[1][0], labels[1] = -pts[0][0], -labels[0]
        try:
            out.append(_svm_instance(pts, labels, [0, 1]))
        except Exception:  # degenerate (duplicate) draws are skipped
            continue
    return out


def _svm_build(p: dict[str, Any]) -> Instance:
    """Search: R = {(1, 0, +), (−1, 0, −)} and one more support point a, labelled by the side of x₁ = 0 it lies on
    (|a₁| ≥ 1/20: separable); its distance to R's boundary sets the true margin γ."""
    a1 = Fraction(p["a1"]).limit_denominator(100)
    if abs(a1) < Fraction(1, 20):
        a1 = Fraction(1, 20)
    a = [a1, Fraction(p["a2"]).limit_denominator(100)]
    return _svm_instance([[1, 0], [-1, 0], a], [1, -1, 1 if a1 > 0 else -1], [0, 1])


SVM_SEARCH = Adversary("search over an extra support point (its distance to the boundary sets γ)", space=Space(
    bounds={"a1": (-2.0, 2.0), "a2": (-3.0, 3.0)}, build=_svm_build))


def margin_squared_2d(X: Any, y: Any) -> Fraction:
    """``γ_R² = (max_(‖u‖=1) min_i y_i⟨u, x_i⟩)²`` in ℝ² exactly, independently of any SVM solver: the maximum of a
    minimum of sinusoids in the angle of u is attained at the peak of one (u ∥ a_i = y_i x_i) or where two are equal
    (u ⊥ a_i − a_j); at a candidate u = v/‖v‖ every value is p_k/‖v‖ with p_k = ⟨v, a_k⟩ rational, so the margin
    (min_k p_k)/‖v‖ compares by (min_k p_k)²/‖v‖² among positive candidates. Needs a separable R (γ_R > 0)."""
    A = [(frac(r[0]) * frac(t), frac(r[1]) * frac(t)) for r, t in zip(X, y)]
    cands = list(A)
    for (a1, a2), (b1, b2) in itertools.combinations(A, 2):
        d1, d2 = a1 - b1, a2 - b2
        cands += [(-d2, d1), (d2, -d1)]
    best = Fraction(0)
    for v1, v2 in cands:
        q = v1 * v1 + v2 * v2
        if q == 0:
            continue
        p = min(v1 * a1 + v2 * a2 for a1, a2 in A)
        if p > 0:
            best = max(best, p * p / q)
    if best == 0:
        raise ValueError("R is not separable through the origin: γ_R = 0")
    return best


def _svm_norm_terms(values: Instance) -> dict[str, Fraction]:
    from ...algorithms.retain import hard_margin_svm

    X, y = rows(values["X"]), fracs(values["y"])
    return {"W_R": hard_margin_svm(X, y).sqnorm, "gamma_R_sq": margin_squared_2d(X, y)}


def _svm_norm_ok(values: Instance) -> Decision:
    X = rows(values["X"])
    return holds(X.shape[1] == 2 and all(frac(values[k]) == v for k, v in _svm_norm_terms(values).items()))


SVM_NORM_VALID = P("R ⊂ ℝ², labels ±1, separable through 0; W_R = ‖w_R‖² (exact SVM) and γ_R² (enumerated "
                   "candidate directions) computed from R", _svm_norm_ok)


def _svm_norm_instance(X: list, y: list) -> dict[str, Any]:
    inst = {"X": [list(r) for r in X], "y": list(y)}
    return {**inst, **_svm_norm_terms(inst)}


def _svm_norm_structured(rng: np.random.Generator, size: int):
    out = [_svm_norm_instance([[1, 0], [-1, 0]], [1, -1]),
           _svm_norm_instance([[1, 0], [-1, 0], ["1/2", 1]], [1, -1, 1]),
           _svm_norm_instance([[2, 0], ["1/4", 1], ["-1/4", -1]], [1, 1, -1]),
           _svm_norm_instance([[1, 1], [1, 0], [0, -1]], [1, 1, -1]),
           _svm_norm_instance([[3, 0], [1, 2], [-1, 2]], [1, 1, -1]),
           _svm_norm_instance([[1, 3], [2, 1], [-1, 1]], [1, 1, -1]),  # the margin set by a pair, not a single point
           _svm_norm_instance([["1/10", 1], [1, "1/10"]], [1, 1])]  # one label only: still separable through 0
    for _ in range(10):
        pts = [[Fraction(int(rng.integers(1, 9)), 4), Fraction(int(rng.integers(-8, 9)), 4)] for _ in range(4)]
        try:
            out.append(_svm_norm_instance(pts, [1, 1, -1, -1] if rng.random() < 0.5 else [1, -1, 1, -1]))
        except Exception:  # non-separable draws are skipped
            continue
    return out


def _svm_norm_build(p: dict[str, Any]) -> Instance:
    f = lambda v: Fraction(v).limit_denominator(100)  # noqa: E731
    X = [[1, 0], [f(p["a1"]), f(p["a2"])], [f(p["b1"]), f(p["b2"])]]
    return _svm_norm_instance(X, [1, 1, -1])


SVM_NORM_SEARCH = Adversary("search over two more points of a three-point R (labels +, +, −)", space=Space(
    bounds={"a1": (0.05, 2.0), "a2": (-2.0, 2.0), "b1": (-2.0, -0.05), "b2": (-2.0, 2.0)}, build=_svm_norm_build))


def _svm_norm(values: Instance) -> Fraction | sympy.Expr:
    """‖w_R‖ = √W_R exactly (a Fraction, or a sympy square root)."""
    return Real.sqrt(frac(values["W_R"])).exact_or_enclosure()


def _svm_inverse_margin(values: Instance) -> Fraction | sympy.Expr:
    """1/γ_R = 1/√(γ_R²) exactly."""
    return Real.sqrt(1 / frac(values["gamma_R_sq"])).exact_or_enclosure()


_SVM_NORM_ADV = (Adversary("margin-defining pairs, thin margins, random separable sets", generate=_svm_norm_structured),
                 SVM_NORM_SEARCH)


# SVM (Lemma F.2 for m points): the proof only uses w_(R∪Z) ∈ C_R and ‖w_(R∪Z)‖ ≤ 1/γ
def _svm_m_rs(values: Instance) -> Fraction | sympy.Expr:
    return _svm_mech(values).exact_rs(_svm_R(values), int(frac(values["m"]))).value.exact_or_enclosure()


def _svm_m_ok(values: Instance) -> Decision:
    return holds(_svm_ok(values) is Decision.TRUE and 1 <= int(frac(values["m"])) <= len(values["support_X"]))


SVM_M_VALID = P("as Lemma F.2, with 1 ≤ m ≤ |support|", _svm_m_ok)


def _svm_m_draw(rng: np.random.Generator) -> dict[str, Any]:
    """A random instance: d ∈ {2, 3}, a support of s ∈ 3…7 distinct points with coordinates k/4 ∈ [−2, 2], labelled
    by the side of a random integer direction u they lie on (⟨u, x⟩ ≠ 0: separable through 0), R a random nonempty
    subset of it, m ∈ 1…min(s, 4)."""
    d = int(rng.integers(2, 4))
    u = [0] * d
    while not any(u):
        u = [int(v) for v in rng.integers(-3, 4, size=d)]
    s = int(rng.integers(3, 8))
    pts: list[list[Fraction]] = []
    while len(pts) < s:
        x = [Fraction(int(v), 4) for v in rng.integers(-8, 9, size=d)]
        if x not in pts and sum((a * b for a, b in zip(u, x)), Fraction(0)) != 0:
            pts.append(x)
    labels = [1 if sum((a * b for a, b in zip(u, x)), Fraction(0)) > 0 else -1 for x in pts]
    R = sorted(int(i) for i in rng.choice(s, int(rng.integers(1, s + 1)), replace=False))
    return {**_svm_instance(pts, labels, R), "m": int(rng.integers(1, min(s, 4) + 1))}


def _svm_m_structured(rng: np.random.Generator, size: int):
    listed = [{**v, "m": m} for v in svm_structured(rng, size)[:5] for m in (2, 3) if m <= len(v["support_X"])]
    return growth.grown(listed, size, _svm_m_draw, rng, 50)


CLAIMS = (
    Claim(
        id="retain.lemF.2",
        source="Lemma F.2 (lines 565–581)",
        kind=Kind.SENSITIVITY,
        statement="Hard-margin SVM, R ⊆ supp(D) with γ_R ≥ γ: RS_SVM(R) ≤ √(1/γ² − 1/γ_R²)",
        hypotheses=(SVM_VALID,),
        bound=SVM_BOUND_SQ_EXPR,
        prescribed=PRESCRIBED["retain.lemF.2"],
        quantity=svm_rs,
        adversaries=(Adversary("margin-defining support vectors; thin true margins; random separable supports",
                               generate=svm_structured), SVM_SEARCH),
        derivation="retain.lemF.2",
        note="The exact RS enumerates every support point added to R (exact rational SVMs).",
    ),
    Claim(
        id="retain.lem3.5",
        source="Lemma 3.5 (lines 216–220)",
        kind=Kind.SENSITIVITY,
        statement="RS_SVM(R)/GS_SVM ≤ √(1/γ² − 1/γ_R²)/(1/γ) = √(1 − γ²/γ_R²), GS_SVM = 1/γ",
        hypotheses=(SVM_VALID,),
        bound=SVM_RATIO_SQ_EXPR,
        prescribed=PRESCRIBED["retain.lem3.5"],
        quantity=_svm_ratio,
        adversaries=(Adversary("margin-defining support vectors; thin true margins; random separable supports",
                               generate=svm_structured), SVM_SEARCH),
        derivation="retain.lem3.5",
    ),
    Claim(
        id="retain.lemF.1",
        source="Lemma F.1 (lines 553–563), ‖w_R‖ ≤ 1/γ_R (line 557); linear kernel, d = 2",
        kind=Kind.SENSITIVITY,
        statement="The hard-margin SVM solution has ‖w_R‖ ≤ 1/γ_R (with the next claim: ‖w_R‖ = 1/γ_R)",
        hypotheses=(SVM_NORM_VALID,), bound=SVM_NORM_UPPER_EXPR, quantity=_svm_norm, quantity_expr=SVM_NORM_LOWER_EXPR,
        adversaries=_SVM_NORM_ADV, derivation="retain.lemF.1",
        note="‖w_R‖² from the exact rational SVM; γ_R² by enumerating the candidate directions (independent of the "
             "solver). An identity: attained on every instance.",
    ),
    Claim(
        id="retain.lemF.1:lower",
        source="Lemma F.1 (lines 553–563), 1/γ_R ≤ ‖w_R‖",
        kind=Kind.SENSITIVITY,
        statement="1/γ_R ≤ ‖w_R‖",
        hypotheses=(SVM_NORM_VALID,), bound=SVM_NORM_LOWER_EXPR, quantity=_svm_inverse_margin,
        quantity_expr=SVM_NORM_UPPER_EXPR, adversaries=_SVM_NORM_ADV, derivation="retain.lemF.1:lower",
    ),
    Claim(
        id="retain.lemF.1:control-tenth-less",
        source="negative control: Lemma F.1 with (9/10)/γ_R (the lemma is an equality)",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖w_R‖ ≤ (9/10)/γ_R",
        hypotheses=(SVM_NORM_VALID,), bound=SVM_NORM_UPPER_EXPR * 9 / 10, quantity=_svm_norm, adversaries=_SVM_NORM_ADV,
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lemF.2:m-points+fix",
        source="extension of Lemma F.2 (lines 565–581) to m added support points",
        kind=Kind.SENSITIVITY,
        statement="RS_m,SVM(R) ≤ √(1/γ² − 1/γ_R²) for every m",
        hypotheses=(SVM_M_VALID,), bound=SVM_BOUND_SQ_EXPR, prescribed=PRESCRIBED["retain.lemF.2:m-points+fix"], quantity=_svm_m_rs,
        adversaries=(Adversary("margin-defining support vectors, m = 2, 3", generate=_svm_m_structured),),
        derivation="retain.lemF.2:m-points+fix", corrects="retain.lemF.2",
        note="Not a correction: the proof uses only w_(R∪Z) ∈ C_R and ‖w_(R∪Z)‖ ≤ 1/γ, true for any Z ⊆ supp(D).",
    ),
)
