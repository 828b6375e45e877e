"""SVM claims (:mod:`certunlearn.claims.retain.svm`: Lemmas F.1, F.2, 3.5) against margins and SVMs by hand."""

import mpmath
import sympy
from flint import arb

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import svm
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
MAX_PREC = 1024


def test_svm_margin_defining_point_by_hand():
    inst = svm._svm_instance([[1, 0], [-1, 0], ["1/2", 1], [-1, -1]], [1, -1, 1, -1], [0, 1])
    # w_R = (1, 0); adding (1/2, 1, +) forces w = (1, 1/2) (w₁ ≥ 1 binds, w₂ ≥ 1 − w₁/2): a shift of 1/2
    assert inst["W_R"] == 1
    q = get_claim("retain.lemF.2").quantity(inst)
    with workprec(300):
        assert not (to_arb(q) < arb(1) / 2)
        bound = (arb(inst["W_supp"].numerator) / inst["W_supp"].denominator - 1).sqrt()
        assert not (bound < arb(1) / 2)
    # RS = bound = 1/2 with γ = 1/√(5/4) irrational: γ enters as γ² = 4/5, so the equality is decided exactly
    ev = evaluate(get_claim("retain.lemF.2"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.attained
    # RS/GS = (1/2)/√(5/4) = 1/√5 = √(1 − γ²/γ_R²): an irrational equality, proved by its minimal polynomial
    assert get_claim("retain.lem3.5").quantity(inst) == sympy.sqrt(sympy.Rational(1, 5))
    ev = evaluate(get_claim("retain.lem3.5"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.attained


def test_svm_m_points_attained_exactly():
    inst = {**svm._svm_instance([[1, 0], [-1, 0], ["1/2", 1], [-1, -1]], [1, -1, 1, -1], [0, 1]), "m": 2}
    ev = evaluate(get_claim("retain.lemF.2:m-points+fix"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.attained


def test_svm_irrational_rs_strictly_within_is_not_attained():
    # R = {(3, 0, +), (−3, 0, −)}: w_R = (1/3, 0), W_supp = 1; RS = 1/3 (rational) < √(1 − 1/9) = 2√2/3 (irrational)
    inst = svm._svm_instance([[3, 0], [-3, 0], [1, 2], [-1, 2]], [1, -1, 1, -1], [0, 1])
    ev = evaluate(get_claim("retain.lemF.2"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and not ev.attained and ev.ratio_upper < 1


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


# ---------------------------------------------------------------------------------------------- Lemma F.1, D.3
def test_svm_norm_equals_inverse_margin_by_hand():
    X, y = [[1, 0], [-1, 0], ["1/2", 1]], [1, -1, 1]  # w_R = (1, 1/2): margins 1, 1, 1
    inst = svm._svm_norm_instance(X, y)
    assert inst["W_R"] == F(5, 4) and inst["gamma_R_sq"] == F(4, 5)
    A = [(mp(1), mp(0)), (mp(1), mp(0)), (mp("0.5"), mp(1))]
    grid = max(min(mpmath.cos(t) * a + mpmath.sin(t) * b for a, b in A) for t in mpmath.linspace(-1, 1, 2001))
    assert grid <= 2 / mpmath.sqrt(5) and 2 / mpmath.sqrt(5) - grid < mpmath.mpf(10) ** -3  # grid step 10^-3
    # ‖w_R‖ = 1/γ_R = √5/2 here: an irrational equality no enclosure decides, proved by its minimal polynomial
    assert get_claim("retain.lemF.1").quantity(inst) == sympy.sqrt(5) / 2
    for cid in ("retain.lemF.1", "retain.lemF.1:lower"):
        ev = evaluate(get_claim(cid), inst, MAX_PREC)
        assert ev.outcome == WITHIN and ev.attained, cid
    assert evaluate(get_claim("retain.lemF.1:control-tenth-less"), inst, MAX_PREC).outcome == VIOLATED



# ---------------------------------------------------------------------------------------------- growth (thorough)
def test_svm_m_points_family_grows_inside_the_hypotheses():
    import numpy as np

    from certunlearn.claims import get_claim
    from certunlearn.claims.retain import svm as svm_claims
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.lemF.2:m-points+fix")
    gen = claim.adversaries[0].generate
    quick = gen(np.random.default_rng(1), 40)
    assert len(quick) == 10 and quick[:2] == [{**svm_claims.svm_structured(np.random.default_rng(1), 40)[0], "m": m}
                                              for m in (2, 3)]
    grown = gen(np.random.default_rng(1), 100_000)
    assert grown[:10] == quick and len(grown) == 60
    drawn = grown[10:]
    assert {v["m"] for v in drawn} >= {1, 4} and {len(v["support_X"][0]) for v in drawn} == {2, 3}
    for inst in drawn[:25]:
        assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), inst
