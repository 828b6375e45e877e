"""Corollary 2.8 for the SVM and the ERM (:mod:`certunlearn.claims.retain.cor28`) against hand computations and a
100-digit grid over the additions."""
import dataclasses

import mpmath
import sympy

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import ITEMS, cor28, erm, svm
from certunlearn.numeric.fraction import Fraction as F

MAX_PREC = 1024


def test_svm_ls_by_hand_attained():
    # w_R = (1, 0); removing either point leaves w = (1, 0) (shift 0); adding (1/2, 1, +) forces w = (1, 1/2) (shift
    # 1/2), adding (−1, −1, −) changes nothing: LS² = 1/4 and RS = 1/2 — equal
    inst = cor28._with_svm_ls(svm._svm_instance([[1, 0], [-1, 0], ["1/2", 1], [-1, -1]], [1, -1, 1, -1], [0, 1]))
    assert inst["LS_sq"] == F(1, 4)
    claim = get_claim("retain.cor2.8:svm")
    ev = evaluate(claim, inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.attained
    # the smallest error must fail: RS ≤ (9/10)·LS on the same instance
    wrong = dataclasses.replace(claim, bound=claim.bound * sympy.Rational(9, 10))
    assert evaluate(wrong, inst, MAX_PREC).outcome == VIOLATED
    # a wrong LS is refused by the hypothesis, never read as a violation
    assert evaluate(claim, {**inst, "LS_sq": F(1, 5)}, MAX_PREC).outcome == EXCLUDED


def test_svm_removal_dominates():
    # R = {(1, 0, +), (3, 0, +)}: w_R = (1, 0); removing (1, 0) gives w = (1/3, 0): LS = 2/3; no support point moves
    # w_R (RS = 0)
    inst = cor28._with_svm_ls(svm._svm_instance([[1, 0], [3, 0], [-3, 0]], [1, 1, -1], [0, 1]))
    assert inst["LS_sq"] == F(4, 9)
    assert get_claim("retain.cor2.8:svm").quantity(inst) == 0
    ev = evaluate(get_claim("retain.cor2.8:svm"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and not ev.attained


def _additions_grid(x, y, lam, B=1, Y=1, steps=4000):
    """max over |x'| ≤ B (a 100-digit grid) and y' = ±Y of |w(R ∪ (x', y')) − w(R)|, w = Σxy/(Σx² + Nλ)."""
    with mpmath.workdps(100):
        xs, ys, lam = [mpmath.mpf(F(v).numerator) / F(v).denominator for v in x], [mpmath.mpf(int(v)) for v in y], \
            mpmath.mpf(F(lam).numerator) / F(lam).denominator
        w = lambda X, Yv: sum(a * b for a, b in zip(X, Yv)) / (sum(a * a for a in X) + len(X) * lam)  # noqa: E731
        w0 = w(xs, ys)
        return max(abs(w(xs + [B * (2 * mpmath.mpf(k) / steps - 1)], ys + [s]) - w0)
                   for k in range(steps + 1) for s in (Y, -Y))


def test_ridge_ls_by_hand_and_on_a_grid():
    # R = {(1, 1)}, λ = 1: w = 1/2; removing the point gives w = 0 (shift 1/2); adding (1, −1) gives 0 too: LS = RS = 1/2
    inst = cor28._with_ridge_ls(erm.ridge_instance(["1"], ["1"], "1"))
    assert inst["LS"] == F(1, 2)
    ev = evaluate(get_claim("retain.cor2.8:erm"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.attained
    # x = (1/10)⁴, labels ±1, λ = 1/100: w = 0, an interior maximiser t* = 3/10 (a square discriminant) gives
    # RS = LS = 5/3, which a 100-digit grid (through x' = 3/10) reaches and never exceeds
    x, y = ["1/10"] * 4, ["1", "-1"] * 2
    inst = cor28._with_ridge_ls(erm.ridge_instance(x, y, "1/100"))
    assert inst["LS"] == F(5, 3) and erm.ridge_rs(inst) == F(5, 3)
    with mpmath.workdps(100):
        grid, ls = _additions_grid(x, y, "1/100"), mpmath.mpf(5) / 3
        assert grid <= ls + mpmath.mpf(10) ** -90 and ls - grid < mpmath.mpf(10) ** -90
    ev = evaluate(get_claim("retain.cor2.8:erm"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.attained


def test_ridge_removal_dominates_and_irrational_ls_is_refused():
    # x = (1/10)², labels ±1, λ = 1/100: removing a point moves w from 0 to ±5 (LS = 5); RS = √5 (interior t*)
    inst = cor28._with_ridge_ls(erm.ridge_instance(["1/10"] * 2, ["1", "-1"], "1/100"))
    assert inst["LS"] == 5
    ev = evaluate(get_claim("retain.cor2.8:erm"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and not ev.attained and abs(ev.ratio - 5 ** -0.5) < 1e-12
    # (1/10)⁸: the interior addition dominates and LS is irrational — the instance cannot carry it and is excluded
    inst = cor28._with_ridge_ls(erm.ridge_instance(["1/10"] * 8, ["1", "-1"] * 4, "1/100"))
    assert cor28.ridge_local_sensitivity(inst) is None
    assert evaluate(get_claim("retain.cor2.8:erm"), inst, MAX_PREC).outcome == EXCLUDED


def test_items_list_the_parts():
    assert ITEMS["Corollary 2.8"] == ("retain.cor2.8", "retain.cor2.8:svm", "retain.cor2.8:erm")
