"""The worst-case-shift family of Theorem 3.1 (issue 13): its exact shift against the closed form of the derivation
``d2d.thm3.1:shift-sharp`` (mpmath at 100 digits), inside the hypotheses, and below the sharp bound."""

import mpmath
import pytest

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import max_shift2
from certunlearn.claims.d2d.families import worst_shift_instance
from certunlearn.numeric.fraction import Fraction

mpmath.mp.dps = 100


def _mp(q: Fraction) -> mpmath.mpf:
    return mpmath.mpf(q.numerator) / q.denominator


@pytest.mark.parametrize("k,j,I_,M_", [(12, 1, 4, Fraction(2)), (24, 1, 6, Fraction(2)), (24, 1, 3, Fraction(47, 34))])
def test_shift_matches_the_closed_form(k, j, I_, M_):
    inst = worst_shift_instance(k, j, I_, gamma_M=M_)
    g = _mp((M_ - 1) / (M_ + 1))
    R = _mp(Fraction(inst["R"]))
    G = g**I_
    shift = mpmath.sqrt(_mp(max_shift2("d2d.thm3.1", inst)))
    # the last round dominates; the lag carried from the filler rounds is O(γ^{2𝓘}) of it
    closed = G * ((R - 1) / k + (R + 1) * (2 * k + 1 - R) / k**2)
    assert abs(shift - closed) <= 4 * G**2 * (R + 1)
    Delta = 8 * (R + 1) * G / (2 * k * (1 - G))
    frac_ = (R - 1) / (4 * (R + 1)) + (2 * k + 1 - R) / (4 * k)
    assert abs(shift / Delta - frac_) < 4 * G
    assert shift / Delta < mpmath.mpf(3) / 4


def test_the_family_is_inside_the_hypotheses_and_below_the_sharp_bound():
    inst = worst_shift_instance(24, 1, 4)
    for cid in ("d2d.thm3.1:shift", "d2d.thm3.1:shift-sharp"):
        ev = evaluate(get_claim(cid), inst, 256)
        assert ev.outcome == WITHIN, (cid, ev.reason)
    ev = evaluate(get_claim("d2d.thm3.1:shift-sharp"), inst, 256)
    assert 0.8 < ev.ratio_lower < 1  # (R−1)/(4(R+1)) + (2k+1−R)/(4k) = 0.625 of Δ, of 3Δ/4 − O(γ^𝓘)


def test_the_quick_instance_reaches_nine_tenths_of_the_attainable_maximum():
    inst = worst_shift_instance(81, 1, 12, gamma_M=Fraction(47, 34))
    ev = evaluate(get_claim("d2d.thm3.1:shift-sharp"), inst, 256)
    assert ev.outcome == WITHIN and ev.ratio_lower >= 0.9


def test_the_regularised_worst_shift_streams_double_theorem_34s_shift_ratio():
    """d2d.thm3.4 at the worst-shift streams with m prescribed, M = 1 and L exact: every instance inside the
    hypotheses, and the quick pair reaches a shift ratio above 0.17 — the regularised families (thin, 1-d, search,
    Huber, logistic, ball, d = 3) stay below 0.1 at the quick size."""
    import numpy as np

    from certunlearn.check.epsilon import epsilon_scores
    from certunlearn.claims.d2d.families import REGULARISED_SHIFT
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("d2d.thm3.4")
    family = REGULARISED_SHIFT.generate(np.random.default_rng(0), 40)
    assert family and all(h.decide(inst) is Decision.TRUE for inst in family for h in claim.hypotheses)
    assert max(s.shift_ratio for s in epsilon_scores(claim, family)) > 0.17
    others = [inst for a in claim.adversaries if a.space is None and a is not REGULARISED_SHIFT
              and not a.name.startswith("boundary") for inst in a.generate(np.random.default_rng(0), 40)]
    inside = [inst for inst in others if all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses)]
    assert max(s.shift_ratio or 0 for s in epsilon_scores(claim, inside)) < 0.1


def test_the_growing_rounds_streams_raise_remark_36s_shift_ratio():
    """Theorem 3.5 and Remark 3.6 (T_i = i^{2ξ}𝓘) at the worst-shift streams with 𝓘 = 1, ξ = 1: inside the hypotheses
    of the four claims, and Remark 3.6's shift ratio above 0.09 (its other quick families: 0.055)."""
    import numpy as np

    from certunlearn.check.epsilon import epsilon_scores
    from certunlearn.claims.d2d.families import GROWING_ROUNDS_SHIFT
    from certunlearn.numeric.enclosure import Decision

    family = GROWING_ROUNDS_SHIFT.generate(np.random.default_rng(0), 40)
    for cid in ("d2d.thm3.5", "d2d.thm3.5+fix", "d2d.rem3.6", "d2d.rem3.6+fix"):
        claim = get_claim(cid)
        assert all(h.decide(inst) is Decision.TRUE for inst in family for h in claim.hypotheses)
    assert max(s.shift_ratio for s in epsilon_scores(get_claim("d2d.rem3.6"), family)) > 0.09
