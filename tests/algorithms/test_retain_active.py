"""Descent-to-Delete with retain sensitivity and the Newton-step update (retain paper, Section 4, Appendix H)."""
import math
from types import SimpleNamespace

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms.d2d import descent as d2d
from certunlearn.algorithms.retain import active as retain_active
from certunlearn.algorithms.retain import (
    B_EPS_DELTA_EXPR, I_R_EXPR, NEWTON_SIGMA_EXPR, DescentToDeleteRS, LogisticERM, NewtonStepRS, RetainUnlearning,
    RidgeERM, check_chain,
)
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.enclosure import Decision, decide, to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workdps, workprec
from certunlearn.numeric.sympy_arb import arb_eval

RNG = np.random.default_rng(1)
X6 = RNG.uniform(-0.6, 0.6, (6, 2))
Y6 = RNG.uniform(-1, 1, 6)
U1 = (np.array([[0.3, 0.4]]), [1.0])


def ridge():
    return RidgeERM(lam="1/10", B=1, Y=1, gradient_bound="fixed")


def logistic():
    return LogisticERM(lam="1/10", B=1, R_w=5)


# --------------------------------------------------------------------------- Descent-to-Delete
def test_d2d_runs_the_d2d_projected_gd(monkeypatch):
    calls = []
    original = d2d.projected_gd

    def spy(problem, X, y, theta0, *, eta, T, **kw):
        calls.append((problem, eta, T))
        return original(problem, X, y, theta0, eta=eta, T=T, **kw)

    monkeypatch.setattr(d2d, "projected_gd", spy)
    mech = DescentToDeleteRS(ridge(), "1/2", "1e-5", "1/20")
    R = mech.prepare((X6, Y6))
    out = mech.update(R, U1)
    p = mech.parameters(R)
    assert len(calls) == 1
    problem, eta, T = calls[0]
    assert isinstance(problem, d2d.Problem) and eta == p["eta"] and T == p["I"] >= 1
    assert la.mode_of(out) == "fraction"  # the MSE runs exactly
    assert not hasattr(retain_active, "projected_gd")  # no local copy of the descent


@pytest.mark.parametrize("erm, labels", [(ridge, Y6), (logistic, np.sign(Y6))])
def test_d2d_float_and_mpmath_agree(erm, labels):
    mech = DescentToDeleteRS(erm(), "1/2", "1e-5", "1/20")
    R = mech.prepare((X6, labels))
    a = mech.update(R, U1, mode="float")
    b = mech.update(R, U1, mode="mpmath")
    assert a.dtype == np.float64 and la.mode_of(b) == "mpmath"
    assert max(abs(float(x) - float(y)) for x, y in zip(a, b)) < 1e-10
    if erm is ridge:  # exact Fractions against 50 digits
        c = mech.update(R, U1)
        with workdps(50):
            assert max(abs(mpmath.mpf(x.numerator) / x.denominator - y) for x, y in zip(c, b)) < mpmath.mpf(10) ** -40


def test_iteration_count_of_lemma_h1_matches_an_independent_evaluation():
    mech = DescentToDeleteRS(ridge(), "1/2", "1e-5", "1/20")
    R = mech.prepare((X6, Y6))
    p = mech.parameters(R)
    with workdps(60):
        mp = lambda q: mpmath.mpf(q.numerator) / q.denominator  # noqa: E731
        eps, delta, sigma = mpmath.mpf("0.5"), mpmath.mpf("1e-5"), mpmath.mpf(1) / 20
        b = mpmath.sqrt(2 * mpmath.log(1 / delta) + 2 * eps) - mpmath.sqrt(2 * mpmath.log(1 / delta))
        ratio = mpmath.log(mp(p["L"]) / (6 * mp(p["lambda_R"]) * sigma * b)) / mpmath.log(1 / mp(p["gamma_R"]))
        assert p["I"] == max(0, int(mpmath.ceil(ratio)))
    # the prescription can come from a claim (one source of truth): the same expression gives the same I,
    # a different one a different I
    same = DescentToDeleteRS(ridge(), "1/2", "1e-5", "1/20", claim=SimpleNamespace(id="retain.lemH.1",
                                                                                    prescribed={"I": I_R_EXPR}))
    assert same.parameters(R)["I"] == p["I"]
    doubled = DescentToDeleteRS(ridge(), "1/2", "1e-5", "1/20",
                                claim=SimpleNamespace(id="retain.lemH.1", prescribed={"I": 2 * I_R_EXPR}))
    assert doubled.parameters(R)["I"] in (2 * p["I"] - 1, 2 * p["I"])


def test_d2d_certificate_and_releases():
    mech = DescentToDeleteRS(ridge(), "1/2", "1e-5", "1/20")
    R = mech.prepare((X6, Y6))
    bound = mech.bound(R)
    with workprec(128):
        sb = arb_eval(B_EPS_DELTA_EXPR, {"epsilon": F(1, 2), "delta": F(1, 10**5)}) * to_arb(F(1, 20))
    assert decide(bound.value.arb, "<=", sb).decision is Decision.TRUE  # γ^I·L/(nλ_R) ≤ σ·b by the choice of I
    assert decide(mech.shift(R, U1).arb, "<=", sb).decision is Decision.TRUE
    u, r = mech.unlearn(R, U1, rng=0), mech.retrain(R, rng=0)
    assert u.law.sigma == r.law.sigma == "1/20"
    assert u.certificate.claim_id == "retain.lemH.1" and u.certificate.parameters["I"] == mech.parameters(R)["I"]
    with pytest.raises(InvalidParameterError, match="^U:"):
        mech.unlearn(R, (np.array([[0.1, 0.1], [0.2, 0.2]]), [1.0, 1.0]))
    # Lemma 4.1: the data-dependent count is at most the global one (λ_R ≥ λ, β_R ≤ β)
    assert mech.parameters(R)["I"] <= mech.global_iterations(R.n)


def test_d2d_chain_holds():
    mech = DescentToDeleteRS(ridge(), "1/2", "1e-5", "1/20")
    s = mech.sensitivities((X6, Y6), U1, rng=0)
    assert s.exact_rs_kind == "lower-bound"
    check_chain(s).assert_holds()


# --------------------------------------------------------------------------- Newton step
def test_newton_step_is_exact_for_the_mse():
    mech = NewtonStepRS(ridge())
    R = mech.prepare((X6, Y6))
    assert list(mech.update(R, U1)) == list(mech.baseline(R))  # one Newton step on a quadratic lands on w_R
    s = mech.sensitivities(R, U1)
    assert s.exact_rs_kind == "exact" and s.exact_rs.exact == 0 == s.bound.exact


def test_newton_float_and_mpmath_agree():
    mech = NewtonStepRS(logistic())
    R = mech.prepare((X6, np.sign(Y6)))
    a = mech.update(R, U1, mode="float")
    b = mech.update(R, U1, mode="mpmath")
    assert a.dtype == np.float64 and la.mode_of(b) == "mpmath"
    assert max(abs(float(x) - float(y)) for x, y in zip(a, b)) < 1e-10


def test_newton_recovered_hessian_is_the_hessian_on_r():
    # Algorithm 2 line 2 recovers ∇²F̂_R(w_S) from the Hessian on R ∪ U: compare with the Hessian of R directly
    erm = logistic()
    mech = NewtonStepRS(erm)
    R = mech.prepare((X6, np.sign(Y6)))
    U = erm.deletion(R, U1)
    w_S = erm.fit(R + U).theta
    with workdps(60):
        H_R = erm.loss.risk_hessian(w_S, R.X, R.y)
        g = erm.loss.grad(w_S, U.X[0], U.y[0])
        ref = w_S + la.solve(H_R, g) / R.n
        got = mech.update(R, U, mode="mpmath")
        assert max(abs(x - y) for x, y in zip(ref, got)) < mpmath.mpf(10) ** -40


def test_newton_pair_uses_algorithm_2_noise_and_certifies():
    mech = NewtonStepRS(logistic())
    pair = RetainUnlearning(mech, "1/2", "1e-5")
    R = mech.prepare((X6, np.sign(Y6)))
    sigma = pair.sigma(R)
    lam_lo, _ = mech.erm.lambda_R(R)
    M = mech.erm.loss.constants(mech.erm.domain).value("G")
    c = "sqrt(2*log(5/(4*delta)))/epsilon"
    import sympy
    expr = NEWTON_SIGMA_EXPR.subs({sympy.Symbol("c", positive=True): sympy.sympify(c, locals={
        "delta": sympy.Symbol("delta", positive=True), "epsilon": sympy.Symbol("epsilon", positive=True)})})
    with workprec(200):
        exact = arb_eval(expr, {"M": arb_eval(M), "L": F(3, 2), "lambda_R": lam_lo, "n": 6, "epsilon": F(1, 2),
                                "delta": F(1, 10**5)})
        assert to_arb(sigma) >= exact and to_arb(sigma) <= exact * (1 + to_arb(F(1, 10**12)))
    s = mech.sensitivities(R, U1, rng=0)
    check_chain(s).assert_holds()
    d = pair.true_delta(R, U1)
    assert decide(d.arb, "<=", F(1, 10**5)).decision is Decision.TRUE


def test_active_errors():
    with pytest.raises(InvalidParameterError, match="^erm:"):
        NewtonStepRS("ridge")
    with pytest.raises(InvalidParameterError, match="^delta:"):
        DescentToDeleteRS(ridge(), "1/2", "2", "1/20")
    with pytest.raises(InvalidParameterError, match="^mode:"):
        NewtonStepRS(ridge()).update((X6, Y6), U1, mode="double")
    flat = RidgeERM(lam=0)
    with pytest.raises(InvalidParameterError, match="^R:"):
        DescentToDeleteRS(flat, "1/2", "1e-5", "1/20").parameters((np.array([[0.5, 0.0]] * 3), [1.0] * 3))
    assert math.isinf(DescentToDeleteRS(flat, "1/2", "1e-5", "1/20").global_iterations(6))
