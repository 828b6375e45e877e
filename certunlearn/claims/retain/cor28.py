"""Corollary 2.8 (line 95) beyond the median and the MST weight: ``RS_f(R) ≤ LS_f(R)`` for the SVM and the ERM, each
part on the instances where both sides are computable exactly (``retain.cor2.8`` in :mod:`.release` covers the median
and the MST edge weight).

* ``retain.cor2.8:svm`` — the hard-margin SVM of :mod:`.svm` on a finite support (its data universe, Section 3.4):
  RS is the mechanism's brute force (``HardMarginSVM.exact_rs``); LS (Definition 2.6, lines 81–85) enumerates, with
  the SVM solver alone, every removal of one point of R and every addition of one support point. LS is a norm of an
  exact rational difference: it enters as ``LS_sq = LS²``.
* ``retain.cor2.8:erm`` — ridge ERM, d = 1, on the universe ``|x| ≤ B``, ``|y| ≤ Y = 1`` (Example G.2): RS is the
  mechanism's closed form (``RidgeERM.exact_rs``); LS is computed independently from the minimiser
  ``w = Σxy/(Σx² + Nλ)``: every removal, and every addition at the extreme labels ``y = ±Y`` maximised over ``x``
  at ``x ∈ {−B, 0, B}`` and the critical points of the shift (roots of a quadratic, exact algebraic numbers). An
  instance whose LS is irrational cannot carry it exactly and is refused by the hypothesis.

The PCA projector (RS only over a ball, its projectors known to a certified radius) and the active mechanisms (their
RS a certified lower bound by multistart) have no exact RS to compare: not encoded.
"""
from __future__ import annotations

import functools
from typing import Any

import numpy as np

from ...formulas.retain import RS_LE_LS_EXPR, RS_LE_LS_SQ_EXPR
from ...algorithms.retain.numeric import Real
from ...numeric.enclosure import Decision, decide, to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import P, holds
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind, Space
from .erm import RIDGE_SEARCH, RIDGE_VALID, ridge_instance, ridge_rs, ridge_structured
from .families import fracs
from .pca import rows
from .svm import SVM_SEARCH, SVM_VALID, svm_rs, svm_structured


# --------------------------------------------------------------------------- the SVM on a finite support
def svm_local_sensitivity_sq(values: Instance) -> Fraction:
    """``LS_SVM(R)²`` by enumeration with the exact solver alone: every removal of one point of R (the SVM of ∅ is
    w = 0) and every addition of one support point (cached: the hypothesis and the instance builder both ask)."""
    X = tuple(tuple(frac(v) for v in row) for row in values["support_X"])
    return _svm_ls_sq(X, tuple(fracs(values["support_y"])), tuple(int(frac(i)) for i in values["R"]))


@functools.lru_cache(maxsize=256)
def _svm_ls_sq(support_X: tuple, support_y: tuple, R: tuple) -> Fraction:
    from ...algorithms.retain import hard_margin_svm

    X, y, idx = rows(support_X), list(support_y), list(R)
    w0 = hard_margin_svm(X[idx], [y[i] for i in idx]).w

    def moved(keep: list[int], extra: list[int]) -> Fraction:
        rows_ = keep + extra
        w = hard_margin_svm(X[rows_], [y[i] for i in rows_]).w if rows_ else np.zeros(len(w0), dtype=object)
        return sum(((a - b) ** 2 for a, b in zip(w, w0)), Fraction(0))

    removals = [moved(idx[:k] + idx[k + 1:], []) for k in range(len(idx))]
    additions = [moved(idx, [j]) for j in range(len(y))]
    return max(removals + additions)


def _svm_ls_ok(values: Instance) -> Decision:
    return holds(frac(values["LS_sq"]) == svm_local_sensitivity_sq(values))


SVM_LS_VALID = P("LS_sq = LS_SVM(R)², enumerated over the removals from R and the additions from the support",
                 _svm_ls_ok)


def _with_svm_ls(inst: dict[str, Any]) -> dict[str, Any]:
    return {**inst, "LS_sq": svm_local_sensitivity_sq(inst)}


def _svm_cor28_structured(rng: np.random.Generator, size: int):
    return [_with_svm_ls(inst) for inst in svm_structured(rng, size)]


SVM_COR28_SEARCH = Adversary("search over an extra support point (R = {(1, 0, +), (−1, 0, −)})", space=Space(
    bounds=SVM_SEARCH.space.bounds, build=lambda p: _with_svm_ls(SVM_SEARCH.space.build(p))))


# --------------------------------------------------------------------------- ridge ERM, d = 1
def _ridge_w(x: list[Fraction], y: list[Fraction], lam: Fraction) -> Fraction:
    """The minimiser of (1/2N)Σ(xw − y)² + (λ/2)w² (d = 1): w = Σxy/(Σx² + Nλ); 0 for N = 0 (λ > 0)."""
    den = sum((v * v for v in x), Fraction(0)) + len(x) * lam
    return sum((a * b for a, b in zip(x, y)), Fraction(0)) / den if x else Fraction(0)


def ridge_local_sensitivity(values: Instance) -> Fraction | None:
    """``LS_ERM(R)`` for ridge, d = 1, λ > 0, universe |x| ≤ B, |y| ≤ Y, exactly, or None when it is irrational.
    Additions: the shift ``(c + ts)/(d + t²) − w`` (c = Σxy, d = Σx² + (n+1)λ) is linear in the label s, so s = ±Y;
    in t its extremes on [−B, B] are at ±B, 0 or a root t = (−c ± √Δ)/s of ``s d − 2ct − s t² = 0``, Δ = c² + s²d,
    where the shift is ``s/(2t) − w``. When Δ is not a square those values are irrational: LS is then rational only
    if a rational candidate beats them (decided on enclosures: an irrational and a rational number differ)."""
    x, y = fracs(values["x"]), fracs(values["y"])
    lam, B, Y = frac(values["lambda"]), frac(values["B"]), frac(values["Y"])
    w0 = _ridge_w(x, y, lam)
    exact = [abs(_ridge_w(x[:i] + x[i + 1:], y[:i] + y[i + 1:], lam) - w0) for i in range(len(x))]
    c = sum((a * b for a, b in zip(x, y)), Fraction(0))
    d = sum((v * v for v in x), Fraction(0)) + (len(x) + 1) * lam
    irrational = []  # (s, Δ, sign): the critical point t = (−c + sign·√Δ)/s with Δ not a square
    for s in (Y, -Y):
        exact += [abs((c + t * s) / (d + t * t) - w0) for t in (B, -B, Fraction(0))]
        if s == 0:
            continue
        disc = c * c + s * s * d
        root = Real.sqrt(disc).exact
        for sign in (1, -1):
            if root is not None:
                t = (-c + sign * root) / s
                if abs(t) <= B:
                    exact.append(abs(s / (2 * t) - w0))
            else:
                irrational.append((s, disc, sign))
    best = max(exact)
    for s, disc, sign in irrational:  # t ∉ ℚ: never ±B, and its shift never equals the rational best
        t = lambda: (-to_arb(c) + sign * to_arb(disc).sqrt()) / to_arb(s)  # noqa: E731
        inside = decide(lambda: abs(t()), "<", B).decision
        beats = decide(lambda: abs(to_arb(s) / (2 * t()) - to_arb(w0)), ">", best).decision
        if inside is Decision.FALSE or beats is Decision.FALSE:
            continue
        return None  # an irrational LS, or undecided: refused either way
    return best


def _ridge_ls_ok(values: Instance) -> Decision:
    if frac(values["lambda"]) <= 0:
        return Decision.FALSE
    ls = ridge_local_sensitivity(values)
    return holds(ls is not None and frac(values["LS"]) == ls)


RIDGE_LS_VALID = P("λ > 0; LS = LS_ERM(R) (rational), from every removal and the additions' critical points",
                   _ridge_ls_ok)


def _with_ridge_ls(inst: dict[str, Any]) -> dict[str, Any]:
    ls = ridge_local_sensitivity(inst) if frac(inst["lambda"]) > 0 else None
    return {**inst, "LS": ls if ls is not None else Fraction(-1)}  # −1: refused by the hypothesis


#: More d = 1 ridge data with λ > 0: a single point (its removal leaves w = 0), opposite labels, a zero x, and designs
#: where a removal moves w further than any addition.
_RIDGE_MORE = ((["1"], ["1"], "1"), (["1", "-1", "1/2"], ["1", "-1", "-1"], "1/2"), (["1/4", "1/2"], ["1", "1"], "1/10"),
               (["-1", "1", "1", "1"], ["1", "1", "1", "1"], "1/4"), (["1/2", "-1/2"], ["1", "1"], "1/3"),
               (["1", "0"], ["1", "-1"], "1"))


def _ridge_cor28_structured(rng: np.random.Generator, size: int):
    data = [inst for inst in ridge_structured(rng, size) if frac(inst["lambda"]) > 0]
    return [_with_ridge_ls(inst) for inst in data + [ridge_instance(x, y, lam) for x, y, lam in _RIDGE_MORE]]


RIDGE_COR28_SEARCH = Adversary("search over x ∈ [−1, 1]³, y ∈ {±1}³, λ (log scale)", space=Space(
    bounds=RIDGE_SEARCH.space.bounds, log=RIDGE_SEARCH.space.log,
    build=lambda p: _with_ridge_ls(RIDGE_SEARCH.space.build(p))))


CLAIMS = (
    Claim(
        id="retain.cor2.8:svm",
        source="Corollary 2.8 (line 95), with Definitions 2.6 and 2.7 (lines 81–93); hard-margin SVM (Section 3.4) on "
               "a finite support",
        kind=Kind.SENSITIVITY,
        statement="RS_SVM(R) ≤ LS_SVM(R) (the universe: the support of D)",
        hypotheses=(SVM_VALID, SVM_LS_VALID), bound=RS_LE_LS_SQ_EXPR, quantity=svm_rs,
        adversaries=(Adversary("margin-defining support vectors; thin true margins; random separable supports",
                               generate=_svm_cor28_structured), SVM_COR28_SEARCH),
        derivation="retain.cor2.8:svm",
        note="RS from HardMarginSVM.exact_rs; LS by an independent enumeration with the solver alone. Equality "
             "(attained, proved on square roots) where no removal moves w_R further than the worst addition.",
    ),
    Claim(
        id="retain.cor2.8:erm",
        source="Corollary 2.8 (line 95), with Definitions 2.6 and 2.7 (lines 81–93); ridge ERM (Example G.2), d = 1",
        kind=Kind.SENSITIVITY,
        statement="RS_ERM(R) ≤ LS_ERM(R) for ridge regression, d = 1, |x| ≤ B, |y| ≤ 1, λ > 0",
        hypotheses=(RIDGE_VALID, RIDGE_LS_VALID), bound=RS_LE_LS_EXPR, quantity=ridge_rs,
        adversaries=(Adversary("large λ with small ‖w_R‖, points on the data sphere, nearly degenerate designs",
                               generate=_ridge_cor28_structured), RIDGE_COR28_SEARCH),
        derivation="retain.cor2.8:erm",
        note="RS from RidgeERM.exact_rs (closed form in t = |x|); LS from w = Σxy/(Σx² + Nλ), removals and the "
             "additions' critical points. Instances with an irrational LS (an interior maximiser) are refused.",
    ),
)
