"""Theorem 2.14 and Claim B.1 of Descent-to-Delete on separable functions: the exact quantities against independent
oracles — the performance-estimation worst case of GD (Drori & Teboulle 2014) and brute-force minimisers."""
import itertools

import numpy as np
import pytest

from certunlearn.claims.d2d import convergence as C
from certunlearn.claims.registry import get_claim
from certunlearn.numeric.fraction import Fraction as F


@pytest.mark.parametrize("T", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("M", [F(1), F(7, 2)])
def test_the_huber_worst_case_is_drori_teboulles(T, M):
    """GD with step 1/M on M·hub_τ, τ = R/(2T+1), from R: h(θ_T) − h* = MR²/(4T + 2) exactly (their Theorem 3.1),
    i.e. 2T/(4T + 2) of Theorem 2.14's bound."""
    R = F(3, 2)
    inst = {"kind": [C.HUBER], "a": [M], "c": [0], "tau": [R / (2 * T + 1)], "g": [0], "lo": [-10], "hi": [10],
            "theta0": [R], "T": T, "M": M}
    assert C._rate214(inst) == M / (4 * T + 2)


def _grid_min(h, lo, hi, steps=40):
    axes = [[lo[j] + (hi[j] - lo[j]) * F(k, steps) for k in range(steps + 1)] for j in range(len(lo))]
    return min(h(list(p)) for p in itertools.product(*axes))


@pytest.mark.parametrize("inst", C.thm214_structured(np.random.default_rng(0), 10**6)[::5])
def test_theorem_214s_minimiser_is_no_worse_than_a_grid(inst):
    star = C._argmin214(inst)
    lo, hi = [F(x) for x in inst["lo"]], [F(x) for x in inst["hi"]]
    assert all(l <= t <= h for l, t, h in zip(lo, star, hi))
    assert C._h214(inst, star) <= _grid_min(lambda th: C._h214(inst, th), lo, hi, steps=24)


@pytest.mark.parametrize("inst", C.claimB1_structured(np.random.default_rng(0), 10**6))
def test_claim_b1s_minimiser_is_no_worse_than_a_grid(inst):
    star = C._argminB1(inst)
    lo, hi = [F(x) for x in inst["lo"]], [F(x) for x in inst["hi"]]
    assert C._hB1(inst, star) <= _grid_min(lambda th: C._hB1(inst, th), lo, hi, steps=24 if len(lo) < 3 else 10)


def test_claim_b1_is_attained_for_a_pure_quadratic_at_curvature_m():
    inst = {"a": [F(3)], "c": [F(1, 3)], "w": [0], "b": [0], "g": [0], "lo": [-1], "hi": [1], "theta": [-1], "m": 3}
    assert C._growthB1(inst) == F(2, 3)  # = 2/m: equality in Claim B.1


def test_the_claims_are_registered_with_their_scope():
    for cid in ("d2d.thm2.14", "d2d.claimB.1"):
        claim = get_claim(cid)
        assert claim.theorem_class and claim.scope["narrowed"][0]["why"].startswith("implementation cost")
    assert get_claim("d2d.thm2.14:control-bound-third").control.value == "negative"


def test_fact_e1_quantity_against_mpmath_and_its_worst_case():
    """γ^{T'} exactly, against 100-digit mpmath; the ratio to √(M/(mT')) is √(xT')/(1 + 2x)^{T'} (x = m/M), largest
    at T' = 1, x = 1/2, where it is 1/(2√2) — Fact E.1's last step 1 + x ≥ 2√x loses the factor 2√2."""
    import mpmath

    with mpmath.workdps(100):
        _fact_e1_against_mpmath(mpmath)


def _fact_e1_against_mpmath(mpmath):
    for m_, t in ((F(1, 2), 1), (F(1, 10), 7), (F(3), 4)):
        q = C._gamma_power({"m": m_, "M": 1, "T_p": t})
        assert abs(mpmath.mpf(q.numerator) / q.denominator - (1 / (1 + 2 * mpmath.mpf(m_.numerator) / m_.denominator)) ** t) < mpmath.mpf(10) ** -90
    ratio = lambda x, t: mpmath.sqrt(x * t) / (1 + 2 * x) ** t  # noqa: E731
    best = max(ratio(mpmath.mpf(k) / 100, t) for k in range(1, 300) for t in (1, 2, 3))
    assert abs(best - 1 / (2 * mpmath.sqrt(2))) < mpmath.mpf(10) ** -90


def test_bernoulli_step_is_an_equality_at_one_step():
    assert C._gamma_power({"m": F(1, 3), "M": 1, "T_p": 1}) == 1 / (1 + 2 * F(1, 3))
