"""Table 1's transcendental iteration ratios (``proofs/d2d/table1_iterations.py``, lines 66–71): the pgd-perfect row's
log log(4di/δ) ratio, whose steps are proved through the bounds 1 − 1/y ≤ log y and log u ≤ u − 1 on stand-ins, and
the corrected distributed row, whose steps are written in abbreviations of the chain's own quantities, so that every
condition a step uses is an earlier step's relation or a chain of them (a complete proof). Each stand-in and
abbreviation is evaluated here at its expression (mpmath, 100 digits) on a grid inside the claims' hypotheses, with
the conditions the steps rely on; the distributed chain starts from the claim's own quantity."""
import itertools

import mpmath
import pytest
import sympy
from sympy import Rational

from certunlearn.claims import get_claim
from certunlearn.derive import ESTABLISHED, PROOF_COMPLETE, START_CHECKED, check_derivation, load_derivations, proof_status
from certunlearn.formulas import d2d as C
from proofs.d2d import table1_iterations as TI

mp = mpmath.mpf
PGD_PERFECT, DISTRIBUTED = "d2d.table1:pgd-perfect-iterations", "d2d.table1:distributed-iterations+fix"


def _grid():
    """Rounds 2 ≤ i < i₂ from neighbours to far apart, δ from 10⁻¹² to 1/2, d ∈ {1, 20}."""
    for i, k, delta, d in itertools.product((2, 3, 50, 10**6), (1, 7, 10**9), (mp(10) ** -12, mp("0.01"), mp("0.5")),
                                            (1, 20)):
        yield mp(i), mp(i + k), delta, mp(d)


def test_the_loglog_stand_ins_satisfy_the_conditions_of_their_steps():
    """a = log(4d/δ) > 1, Y₂ ≥ Y₁ > a, Λ₁ ≥ 1 − 1/Y₁ and Λ₂ ≤ Λ₁ + (Y₂ − Y₁)/Y₁ (Λ_j = log Y_j), and the ratio the
    steps bound, Λ₂/Λ₁ ≤ log i₂/log i, attained within 1 % at neighbouring rounds (the steps are not slack there)."""
    closest = mp(0)
    with mpmath.workdps(100):
        for i, i2, delta, d in _grid():
            y1, y2, a = mpmath.log(4 * d * i / delta), mpmath.log(4 * d * i2 / delta), mpmath.log(4 * d / delta)
            l1, l2 = mpmath.log(y1), mpmath.log(y2)
            assert a > 1 and y2 >= y1 > a
            assert l1 >= 1 - 1 / y1 and l2 <= l1 + (y2 - y1) / y1
            assert abs((y2 - a) / (y1 - a) - mpmath.log(i2) / mpmath.log(i)) < mp(10) ** -90
            assert l2 / l1 <= (y2 - a) / (y1 - a)
            closest = max(closest, (l2 / l1) / ((y2 - a) / (y1 - a)))
    assert closest > mp("0.99")


def test_the_distributed_abbreviations_satisfy_the_conditions_of_their_steps():
    """x = log i, s = log i₂ − log i, b = log W(i), e = log W(i₂) − log W(i), h = 1/i − 1/i₂, l = log(2i/δ) with
    W(j) = 10·log(2j/δ) + 1/j: X(i) = x + b and X(i₂) = x + s + b + e exactly, W(i₂)/W(i) − 1 = (10s − h)/W(i), and
    the conditions b ≥ 1, 0 ≤ e ≤ s/x, l ≥ x."""
    def w(j, delta):
        return 10 * mpmath.log(2 * j / delta) + 1 / j

    with mpmath.workdps(100):
        for i, i2, delta, _ in _grid():
            x, s, b = mpmath.log(i), mpmath.log(i2) - mpmath.log(i), mpmath.log(w(i, delta))
            e, h, ll = mpmath.log(w(i2, delta)) - mpmath.log(w(i, delta)), 1 / i - 1 / i2, mpmath.log(2 * i / delta)

            def big_x(j):
                return mpmath.log(1 + 10 * j * mpmath.log(2 * j / delta))

            assert abs(big_x(i) - (x + b)) < mp(10) ** -90 and abs(big_x(i2) - (x + s + b + e)) < mp(10) ** -90
            assert abs(mpmath.exp(e) - 1 - (10 * s - h) / w(i, delta)) < mp(10) ** -90
            assert b >= 1 and 0 <= e <= s / x and ll >= x
            assert big_x(i2) / big_x(i) <= mpmath.log(i2) / mpmath.log(i)


def test_the_distributed_chain_conditions_hold_at_the_claims_own_counts():
    """κ₂ = max(0, ⌈T_{i₂}⌉) − T_{i₂} < 1, κ₁ = max(0, ⌈T_i⌉) − T_i ≥ 0 and T_{i₂}/T_i ≤ (log i₂/log i)², with T_i the
    claim's prescribed Theorem 4.5 count (formulas.d2d.T_I_45) at 100 digits."""
    base = {C.L: 1, C.D: 2, C.n: 4, C.d: 10, C.epsilon: 1, C.beta: Rational(1, 2), C.I: 1}
    d = load_derivations("d2d")[DISTRIBUTED]
    for (m_, M_), xi, (i, k), delta in itertools.product(((1, 3), (Rational(1, 10), 100)), (1, Rational(4, 3)),
                                                           ((2, 1), (10**6, 1), (5, 10**9)),
                                                           (Rational(1, 10**12), Rational(1, 2))):
        at = {**base, C.m: m_, C.M: M_, C.xi: xi, C.i: i, TI.k: k, C.delta: delta}
        kap1, kap2, r_t, ratio = (sympy.N(d.expand(sym).subs(at), 100) for sym in (TI.kap1, TI.kap2, TI.r_T, TI.R))
        assert kap1 >= 0 and kap2 < 1 and r_t <= ratio**2


@pytest.mark.parametrize("cid", [PGD_PERFECT, DISTRIBUTED])
def test_every_step_is_established(cid):
    """No step is sampled any more (the last two evidence steps of the derivations, issue 25); the distributed chain
    starts from the claim's quantity, and every condition its steps use comes from an earlier step or a chain of them
    (κ₂ ≤ 1 from the chain max(0, ⌈T_{i₂}⌉) = ⌈T_{i₂}⌉ < T_{i₂} + 1, T_{i₂}/T_i ≤ (log i₂/log i)² from a chain): its proof is complete."""
    r = check_derivation(load_derivations("d2d")[cid], get_claim(cid))
    assert all(s.status in ESTABLISHED for s in r.steps), [(s.index, s.status, s.detail[:200]) for s in r.steps]
    assert all(x.status in ESTABLISHED for x in r.definitions if x.status), [(x.symbol, x.status) for x in r.definitions]
    if cid == DISTRIBUTED:
        assert not [c.text for s in r.steps for c in s.assumed]
        origins = {c.text: c.origin for s in r.steps for c in s.conditions}
        for chained in ("kappa_1 >= 0", "kappa_2 <= 1", "r_T <= R_2"):  # each from a chain of steps, "step j–k"
            assert origins[chained].startswith("step ") and "–" in origins[chained], origins
        assert r.start_status == START_CHECKED and proof_status(r) == PROOF_COMPLETE, r.start_status_detail


def test_a_false_log_bound_is_not_proved():
    """The same step with the bound tightened, e ≤ (eᵉ − 1)/2 (false for e near 0), is refuted in the derivation's
    own abbreviations and domain: the engine proves the true bound, not any statement of its shape."""
    import dataclasses

    d = load_derivations("d2d")[DISTRIBUTED]
    true = sympy.exp(TI.e_s) - 1
    (st,) = [s for s in d.steps if s.rhs == true]
    for rhs, status in ((true / 2, "refuted"), (true, "proved")):
        alone = dataclasses.replace(d, claim_id="test.log-bound", steps=(dataclasses.replace(st, rhs=rhs),),
                                    symbolic_start=None)
        (r,) = check_derivation(alone, rhs).steps
        assert r.status == status, (r.status, r.detail)
