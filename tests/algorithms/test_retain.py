"""The unlearning pair of Theorem 2.11 with σ(R) = RS(R)·c_(ε,δ), the chain check, and the exact numerics
(retain paper, papers/004_d584c64aaf1f17d0.txt)."""

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms.r2d import PointMass
from certunlearn.algorithms.retain import (
    MECHANISMS, C_CLASSIC_EXPR, Median, PCAProjector, Real, RetainUnlearning, Sensitivities, check_chain,
    classic_multiplier,
)
from certunlearn.algorithms.retain.numeric import count_below, eigenvalue_bracket, exact_or_ball, spectral_projector
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.enclosure import Decision, decide, to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval
from certunlearn.privacy import calibrate

R_MED = ["1/10", "3/10", "7/20", "4/5", "9/10"]


# --------------------------------------------------------------------------- Theorem 2.11
def test_both_worlds_use_the_same_sigma_computed_from_r_only():
    pair = RetainUnlearning(Median(1), "1/2", "1e-5")
    sigmas = {pair.unlearn(R_MED, [u]).law.sigma for u in ("0", "1/2", "1")} | {pair.retrain(R_MED).law.sigma}
    assert len(sigmas) == 1
    u = pair.unlearn(R_MED, ["1"], rng=7)
    assert u.certificate.claim_id == "retain.cor2.12" and u.seed == 7 and u.published is not None
    assert pair.retrain(R_MED).certificate.claim_id is None


def test_sigma_is_the_bound_times_c_of_fact_1():
    pair = RetainUnlearning(Median(1), "1/2", "1e-5")
    sigma = pair.sigma(R_MED)
    rs = Median(1).bound(R_MED).value  # Lemma C.1: 9/40
    assert rs.exact == F(9, 40)
    with workprec(200):
        exact = to_arb(F(9, 40)) * arb_eval(C_CLASSIC_EXPR, {"epsilon": F(1, 2), "delta": F(1, 10**5)})
        assert to_arb(sigma) >= exact and to_arb(sigma) <= exact * (1 + to_arb(F(1, 10**13)))
    assert sigma == calibrate(F(1, 2), F(1, 10**5), rs.upper(), method="classic")  # the privacy layer's classic σ
    c = classic_multiplier("1/2", "1e-5")
    with mpmath.workdps(40):
        ref = mpmath.sqrt(2 * mpmath.log(mpmath.mpf("1.25") / mpmath.mpf("1e-5"))) / mpmath.mpf("0.5")
        with workprec(160):
            assert abs(mpmath.mpf(c.arb().mid().str(40, radius=False)) - ref) < mpmath.mpf(10) ** -35


def test_swappable_calibration():
    classic = RetainUnlearning(Median(1), "1/2", "1e-5").sigma(R_MED)
    exact = RetainUnlearning(Median(1), "1/2", "1e-5", calibration="exact").sigma(R_MED)
    assert exact < classic  # the Balle–Wang calibration needs less noise for the same (ε, δ)
    assert RetainUnlearning(Median(1), "1/2", "1e-5", calibration=lambda e, d: 4).sigma(R_MED) == 0.9  # 9/40 · 4
    with pytest.raises(InvalidParameterError, match="^epsilon:"):
        RetainUnlearning(Median(1), 2, "1e-5").sigma(R_MED)  # Fact 1 assumes ε ≤ 1
    with pytest.raises(InvalidParameterError, match="^calibration:"):
        RetainUnlearning(Median(1), "1/2", "1e-5", calibration="laplace")


def test_sensitivity_choice_and_deletion_size():
    med = Median(1)
    exact = RetainUnlearning(med, "1/2", "1e-5", sensitivity="exact")
    assert exact.retain_sensitivity(R_MED) == float(F(9, 40))
    with pytest.raises(InvalidParameterError, match="^sensitivity:"):  # PCA's RS is only a lower bound
        RetainUnlearning(PCAProjector(1, 1), "1/2", "1e-5", sensitivity="exact").sigma(
            np.asarray([[F(1, 2), F(0)], [F(0), F(1, 4)]], dtype=object))
    with pytest.raises(InvalidParameterError, match="^U:"):
        RetainUnlearning(med, "1/2", "1e-5").unlearn(R_MED, ["0", "1"])  # |U| = 2 > m = 1
    two = RetainUnlearning(med, "1/2", "1e-5", m=2)
    assert two.retain_sensitivity(R_MED) == max(float(med.bound(R_MED, 1).value), float(med.bound(R_MED, 2).value))
    assert two.unlearn(R_MED, ["0", "1"]).certificate.parameters["deleted"] == 2


def test_zero_retain_sensitivity_publishes_without_noise():
    pair = RetainUnlearning(Median(1), "1/2", "1e-5")
    R = ["1/2"] * 5  # every addition leaves the median at 1/2
    assert pair.sigma(R) == 0.0
    law = pair.unlearn(R, ["1"]).law
    assert isinstance(law, PointMass) and list(law.mean) == [F(1, 2)] == list(pair.retrain(R).law.mean)


def test_the_certificate_holds_exactly_on_an_instance():
    pair = RetainUnlearning(Median(1), "1/2", "1e-5")
    for u in ("0", "1/3", "1"):
        d = pair.true_delta(R_MED, [u])
        assert decide(d.arb, "<=", F(1, 10**5)).decision is Decision.TRUE


def test_registry_names():
    assert set(MECHANISMS) == {"median", "mst-edge", "mst-vertex", "pca", "svm", "erm-mse", "erm-logistic",
                               "d2d-rs", "newton-rs"}


# --------------------------------------------------------------------------- the chain check
def test_chain_check_reports_every_violated_link():
    s = Sensitivities("toy", 1, actual_shift=Real.rational(2), exact_rs=Real.sqrt(3), exact_rs_kind="exact",
                      bound=Real.rational(F(3, 2)), global_=Real.infinity(), bound_source="toy bound")
    chain = check_chain(s)
    assert chain.link("actual ≤ RS").decision is Decision.FALSE  # 2 > √3
    assert chain.link("RS ≤ bound").decision is Decision.FALSE  # √3 > 3/2
    assert chain.link("bound ≤ GS").decision is Decision.TRUE and chain.link("RS ≤ GS").decision is Decision.TRUE
    assert [link.name for link in chain.violations] == ["actual ≤ RS", "RS ≤ bound"]
    with pytest.raises(AssertionError, match="RS ≤ bound"):
        chain.assert_holds()
    tight = check_chain(Sensitivities("toy", 1, Real.sqrt(3), Real.sqrt(3), "exact", Real.rational(F(7, 4)),
                                      Real.rational(2)))
    assert tight.holds  # √3 ≤ √3 and 3 ≤ 49/16, decided exactly


def test_chain_check_decides_ties_and_irrationals_exactly():
    s = Sensitivities("toy", 1, actual_shift=Real.sqrt(2), exact_rs=Real.sqrt(2), exact_rs_kind="exact",
                      bound=Real.ball(lambda: to_arb(2).sqrt() + 1), global_=Real.rational(3))
    chain = check_chain(s)
    assert chain.holds and not chain.undecided


# --------------------------------------------------------------------------- numerics
def test_count_below_and_exact_eigenvalues():
    D = np.asarray([[F(3), 0, 0], [0, F(1), 0], [0, 0, F(2)]], dtype=object)
    assert [count_below(D, F(x)) for x in ("1/2", "3/2", "5/2", "7/2")] == [0, 1, 2, 3]
    assert count_below(D, F(1)) is None  # μ an eigenvalue: a zero pivot
    assert eigenvalue_bracket(D, 1) == (F(2), F(2))  # rational eigenvalues are found exactly
    A = np.asarray([[F(2), F(1)], [F(1), F(3)]], dtype=object)  # (5 ± √5)/2
    lo, hi = eigenvalue_bracket(A, 0)
    with mpmath.workdps(60):
        ref = (5 - mpmath.sqrt(5)) / 2
        assert mpmath.mpf(lo.numerator) / lo.denominator <= ref <= mpmath.mpf(hi.numerator) / hi.denominator
    assert hi - lo < F(1, 2**150)


def test_spectral_projector_certificate():
    A = np.asarray([[F(2), F(1)], [F(1), F(3)]], dtype=object)
    P = spectral_projector(A, 1)
    with mpmath.workdps(80):
        v = mpmath.matrix([1, (1 + mpmath.sqrt(5)) / 2])  # eigenvector of (5 + √5)/2
        v = v / mpmath.norm(v)
        err = mpmath.sqrt(sum((mpmath.mpf(P.P[i, j].numerator) / P.P[i, j].denominator - v[i] * v[j]) ** 2
                              for i in range(2) for j in range(2)))
        assert err ** 2 <= mpmath.mpf(P.err2.numerator) / P.err2.denominator  # the certified radius holds
    with pytest.raises(InvalidParameterError, match="^k:"):
        spectral_projector(np.asarray([[F(1), 0], [0, F(1)]], dtype=object), 1)


def test_exact_or_ball():
    from certunlearn.algorithms.retain import PCA_BOUND_EXPR
    v = exact_or_ball(PCA_BOUND_EXPR, {"B": 1, "n": 3, "gap": (F(1, 2), F(1, 2))})  # 2√2/(4·1/2) = √2
    assert v.kind == "sqrt" and v.q == 2
    r = exact_or_ball(C_CLASSIC_EXPR, {"epsilon": F(1), "delta": (F(1, 3), F(1, 2))})
    assert r.kind == "ball"
    with workprec(64):
        assert r.arb().contains(arb_eval(C_CLASSIC_EXPR, {"epsilon": 1, "delta": F(2, 5)}))


def test_real_exact_or_enclosure_and_quotient():
    import sympy
    from flint import arb as _arb

    from certunlearn.algorithms.retain.numeric import Real
    assert Real.sqrt(F(9, 4)).exact_or_enclosure() == F(3, 2)  # a perfect square stays a Fraction
    s = Real.sqrt(F(5, 4)).exact_or_enclosure()
    assert isinstance(s, sympy.Expr) and s == sympy.sqrt(5) / 2  # the square root of a rational: a sympy number
    b = Real.ball(lambda: _arb(1) / 3).exact_or_enclosure()
    assert isinstance(b, _arb)  # an enclosure stays an enclosure
    q = Real.sqrt(F(5, 16)) / Real.sqrt(F(5, 4))  # (√5/4)/(√5/2) = 1/2, exactly
    assert q.kind == "rational" and q.q == F(1, 2)
    q = Real.rational(F(1, 2)) / Real.sqrt(F(5, 4))  # 1/√5
    assert q.kind == "sqrt" and q.q == F(1, 5)
    q = Real.rational(F(-1, 2)) / Real.sqrt(F(5, 4))  # a negative value: only enclosed (the square loses the sign)
    assert q.kind == "ball"
    with workprec(64):
        assert q.arb().contains(-1 / _arb(5).sqrt())
