"""Rewind-to-Delete: Algorithms 1–2 by hand in exact arithmetic, the K = T rewind, Algorithm 3's measured and
certified recovery error, the noise of Theorem 3.1 against an independent mpmath evaluation of the printed
formula, the K-inverse and Corollary 3.2, mode agreement, and errors that name the parameter."""
from __future__ import annotations

import mpmath
import numpy as np
import pytest
import sympy

from certunlearn.claims import get_claim

from certunlearn.algorithms import r2d
from certunlearn.algorithms.release import GaussianRelease
from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F
from certunlearn.numeric.precision import workdps
from certunlearn.privacy import calibrate
from certunlearn.problems import Ball, Box, Linear, Quadratic, Whole
from certunlearn.problems.nonconvex import ConcaveQuadratic, CosLinear, SinePL, WelschRegression


# --------------------------------------------------------------------------- the printed formula, retyped
def _printed_sigma() -> sympy.Expr:
    """σ = 2mG·h(K)·√(2 log(1.25/δ))/(L n ε), h(K) = ((1 + ηLn/(n−m))^{T−K} − 1)(1 + ηL)^K (lines 137, 141),
    typed here independently of the module's expression."""
    n, m, eta, L, G, T, K, eps, delta = sympy.symbols("n m eta L G T K epsilon delta", positive=True)
    h = ((1 + eta * L * n / (n - m)) ** (T - K) - 1) * (1 + eta * L) ** K
    return 2 * m * G * h * sympy.sqrt(2 * sympy.log(sympy.Rational(125, 100) / delta)) / (L * n * eps)


class StubClaim:
    id = "r2d.thm3.1"
    prescribed = {"sigma": _printed_sigma()}


def _mp(v) -> mpmath.mpf:
    if isinstance(v, sympy.Basic):
        return mpmath.mpf(sympy.N(v, 80))
    if isinstance(v, RATIONAL_TYPES):
        return mpmath.mpf(v.numerator) / v.denominator
    return mpmath.mpf(v)


def _sigma_mpmath(n, m, eta, L, G, T, K, eps, delta) -> mpmath.mpf:
    """The printed formula in plain mpmath arithmetic at 60 digits."""
    with mpmath.workdps(60):
        n, m, eta, L, G, eps, delta = (_mp(v) for v in (n, m, eta, L, G, eps, delta))
        h = ((1 + eta * L * n / (n - m)) ** (T - K) - 1) * (1 + eta * L) ** K
        return 2 * m * G * h * mpmath.sqrt(2 * mpmath.log(mpmath.mpf("1.25") / delta)) / (L * n * eps)


NOISE_CASES = [
    (100, 1, F(1, 10), 1, 1, 50, 10, F(1, 2), F(1, 10**5)),
    (1000, 7, "0.0004638", "0.14394", "1.70994", 400, 123, 1, "1e-6"),
    (20, 3, F(1, 3), F(5, 2), sympy.sqrt(2) * sympy.exp(-sympy.Rational(1, 2)) / 2, 12, 0, F(1, 10), F(1, 3)),
    (50, 49, 0.01, 3.0, 0.5, 30, 29, 0.999, 0.01),
]


# --------------------------------------------------------------------------- Algorithms 1 and 2 by hand
def test_algorithms_1_and_2_by_hand_on_a_concave_quadratic():
    """f_D(θ) = −½ mean (θ − x_i)², so θ_t − x̄ = (1 + η)^t (θ_0 − x̄) exactly."""
    loss, eta, T, K = ConcaveQuadratic(1, R=3), F(1, 4), 5, 2
    X = np.asarray([[F(0)], [F(1)], [F(2)], [F(3)]], dtype=object)
    theta0 = F(1, 3)
    xbar, q = F(3, 2), 1 + eta
    out = r2d.learn(loss, X, T=T, K=K, eta=eta, theta0=[theta0], domain=Ball(100, dim=1))
    assert out.model[0] == xbar + q**T * (theta0 - xbar) and isinstance(out.model[0], RATIONAL_TYPES)
    assert out.checkpoint[0] == xbar + q ** (T - K) * (theta0 - xbar)
    Xr, _ = r2d.delete_rows(X, None, [3])
    xbar_r = F(1)
    unlearned = r2d.unlearn(loss, Xr, None, out.checkpoint, K=K, eta=eta)
    assert unlearned[0] == xbar_r + q**K * (out.checkpoint[0] - xbar_r)
    retrained = r2d.retrain(loss, Xr, None, T=T, eta=eta, theta0=[theta0])
    assert retrained[0] == xbar_r + q**T * (theta0 - xbar_r)
    path = r2d.descent_path(loss, X, T=T, eta=eta, theta0=[theta0])
    assert [p[0] for p in path] == [xbar + q**t * (theta0 - xbar) for t in range(T + 1)]


def test_linear_loss_by_hand_and_the_sensitivity_bound_is_nearly_tight():
    """f_D(θ) = ⟨x̄, θ⟩: θ_T = θ_0 − ηT x̄; the unlearned/retrained gap η(T−K)(x̄' − x̄) approaches the bound of
    line 437 as L → 0 when the deleted points sit at −G and the retained ones at +G."""
    n, m, T, K, eta = 6, 2, 9, 4, F(1, 3)
    X = np.asarray([[F(-1)]] * m + [[F(1)]] * (n - m), dtype=object)
    loss = Linear(R=1)
    theta0 = [F(1, 2)]
    out = r2d.learn(loss, X, T=T, K=K, eta=eta, theta0=theta0)
    xbar = F(n - 2 * m, n)
    assert out.model[0] == theta0[0] - eta * T * xbar
    Xr, _ = r2d.delete_rows(X, None, list(range(m)))
    u = r2d.unlearn(loss, Xr, None, out.checkpoint, K=K, eta=eta)
    rt = r2d.retrain(loss, Xr, None, T=T, eta=eta, theta0=theta0)
    gap = abs(u[0] - rt[0])
    assert gap == eta * (T - K) * (1 - xbar)
    bound = r2d.sensitivity_bound(n, m, eta, F(1, 10**9), 1, T, K, mode="sympy")
    assert gap <= bound
    assert gap / bound >= F(n - m, n) * (1 - F(1, 10**6))


# --------------------------------------------------------------------------- K = T
@pytest.mark.parametrize("loss, X, y", [
    (ConcaveQuadratic(F(1, 2), R=2), np.asarray([[F(1), F(-1)], [F(1, 2), 0], [0, F(3, 2)]], dtype=object), None),
    (WelschRegression(1, R=2, Y=2), np.asarray([[F(1), F(-1)], [F(1, 2), 0], [0, F(3, 2)]], dtype=object),
     np.asarray([F(1), F(-1, 2), F(2)], dtype=object)),
])
def test_rewinding_to_the_start_is_retraining(loss, X, y):
    T = 6
    drv = r2d.RewindToDelete(loss, F(1, 5), T, T, 0, theta0=[F(1, 7), F(-1, 3)], domain=Ball(50, dim=2))
    rel = drv.learn(X, y)
    u = drv.unlearn(rel, [1])
    rt = drv.retrain(u)
    assert isinstance(u.law, r2d.PointMass) and isinstance(rt.law, r2d.PointMass)
    assert la.mode_of(u.law.mean) == ("fraction" if loss.rational else "mpmath")
    assert all(a == b for a, b in zip(u.law.mean, rt.law.mean))  # bit-identical
    assert np.all(u.sample(np.random.default_rng(0)) == u.law.mean)
    assert r2d.noise_scale(3, 1, F(1, 5), 1, 1, T, T, F(1, 2), F(1, 10), claim=StubClaim) == 0.0


def test_rewinding_nothing_publishes_the_learned_model():
    loss = CosLinear(R=1)
    X = np.asarray([[0.5], [-0.25], [1.0]])
    out = r2d.learn(loss, X, T=7, K=0, eta=0.5)
    assert np.array_equal(r2d.unlearn(loss, X[:2], None, out.checkpoint, K=0, eta=0.5), out.model)


# --------------------------------------------------------------------------- Algorithm 3
def _welsch_data(n=8, d=2, seed=4):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-0.6, 0.6, (n, d))
    y = rng.uniform(-1, 1, n)
    return X, y


@pytest.mark.parametrize("mode", ["float", "mpmath"])
def test_checkpoint_recovery_error_is_measured_and_certified(mode):
    loss = WelschRegression(1, R=1, Y=1)
    X, y = _welsch_data()
    if mode == "mpmath":
        X = la.to_mode(np.asarray(X, dtype=object), "fraction")
        y = la.to_mode(np.asarray(y, dtype=object), "fraction")
    eta, T, K = F(1, 2), 40, 15
    out = r2d.learn(loss, X, y, T=T, K=K, eta=eta)
    rec = r2d.recover_checkpoint(loss, X, y, out.model, K=K, eta=eta, L=1, reference=out.checkpoint)
    assert rec.converged and len(rec.step_bounds) == K
    small = 1e-9 if mode == "float" else mpmath.mpf(10) ** -35  # per-step bounds amplified by (1 − ηL)^{−K} = 2^15
    assert rec.error <= rec.error_bound <= small
    # Lemma 2.3: K forward steps from the recovered θ_{T−K} land on θ_T within the propagated error, plus the
    # rounding of those K steps themselves (float: ~1e-15 each; mpmath: 50 digits each)
    rounding = 1e-13 if mode == "float" else mpmath.mpf(10) ** -48
    with workdps(50):
        fwd = r2d.unlearn(loss, X, y, rec.theta, K=K, eta=eta)
        assert la.norm(la.asarray(fwd, la.mode_of(fwd)) - la.asarray(out.model, la.mode_of(fwd))) <= \
            rec.propagated() * (1 + 1e-9) + rounding


def test_checkpoint_recovery_is_exact_for_a_rational_loss():
    loss = ConcaveQuadratic(F(1, 2), R=1)
    X = np.asarray([[F(1, 2), F(-1, 3)], [0, F(1, 4)], [F(-1, 5), 0]], dtype=object)
    out = r2d.learn(loss, X, T=9, K=4, eta=F(1, 3), theta0=[F(1, 10), 0])
    rec = r2d.recover_checkpoint(loss, X, None, out.model, K=4, eta=F(1, 3), L=F(1, 2), reference=out.checkpoint)
    assert all(a == b for a, b in zip(rec.theta, out.checkpoint))
    assert rec.error_bound == 0 and rec.error == 0


def test_the_certificate_carries_the_recovery_error():
    loss = SinePL(F(1, 2), R=1)
    X = np.asarray([[0.5], [-0.75], [0.25], [1.0], [-0.5]])
    drv = r2d.RewindToDelete.from_theorem(loss, n=5, m=1, eta=F(1, 8), T=30, K=10, epsilon=F(1, 2), delta=F(1, 100),
                                          claim=StubClaim, domain=Ball(4, dim=1), checkpoint="recover",
                                          theta0=[F(3)])
    rel = drv.learn(X)
    assert rel.state.recovery is not None
    cert = drv.unlearn(rel, [3]).certificate
    p = cert.parameters
    assert p["checkpoint"] == "recovered" and cert.claim_id == "r2d.thm3.1"
    assert 0 <= p["recovery_error"] <= p["recovery_error_bound"] < 1e-10
    assert p["propagated_recovery_error"] > 0
    assert p["sensitivity_with_recovery"] >= p["sensitivity_bound"] + p["propagated_recovery_error"]
    assert p["sensitivity_bound"] == r2d.sensitivity_bound(5, 1, F(1, 8), drv.constants()["L"],
                                                           drv.constants()["G"], 30, 10)
    assert p["sigma_required"] >= drv.sigma  # σ of eq. (3) does not absorb the recovery error by itself
    saved = r2d.RewindToDelete(loss, F(1, 8), 30, 10, drv.sigma, domain=Ball(4, dim=1), theta0=[F(3)],
                               guarantee_parameters={"epsilon": F(1, 2), "delta": F(1, 100)})
    q = saved.unlearn(saved.learn(X), [3]).certificate.parameters
    assert q["checkpoint"] == "saved" and "recovery_error" not in q and q["propagated_recovery_error"] == 0
    assert q["covered"] is True


def test_algorithm_3_refuses_a_step_at_or_above_one_over_L():
    X, y = _welsch_data()
    with pytest.raises(InvalidParameterError) as e:
        r2d.recover_checkpoint(WelschRegression(1, R=1, Y=1), X, y, np.zeros(2), K=2, eta=1, L=1)
    assert e.value.parameter == "eta"


# --------------------------------------------------------------------------- noise
@pytest.mark.parametrize("case", NOISE_CASES)
def test_noise_scale_matches_the_printed_formula(case):
    ref = _sigma_mpmath(*case)
    with workdps(50):
        got = r2d.noise_scale(*case, claim=StubClaim, mode="mpmath", strict=False)
        assert abs(got - ref) <= mpmath.mpf(10) ** -12 * ref
        assert abs(got - ref) <= mpmath.mpf(10) ** -40 * ref  # in fact to the working precision
    f = r2d.noise_scale(*case, claim=StubClaim, strict=False)
    assert isinstance(f, float) and mpmath.mpf(f) >= ref and f <= float(ref) * (1 + 1e-15)


def test_the_claim_prescribes_the_printed_expression():
    prescribed = get_claim("r2d.thm3.1").prescribed["sigma"]
    env = {s.name: s for s in prescribed.free_symbols}
    printed = _printed_sigma()
    printed = printed.subs({s: env[s.name] for s in printed.free_symbols})
    assert sympy.simplify(prescribed - printed) == 0


def test_the_registered_claim_prescribes_the_printed_sigma():
    sigma = r2d.noise_scale(*NOISE_CASES[0], mode="mpmath")
    assert abs(sigma - _sigma_mpmath(*NOISE_CASES[0])) <= mpmath.mpf(10) ** -12 * sigma


@pytest.mark.parametrize("target", [1e-3, 0.05, 0.5, 3.0, 1e6])
def test_smallest_rewind_round_trips(target):
    args = (200, 3, F(1, 20), 2, 1, 60)
    eps, delta = F(1, 2), F(1, 10**4)
    K = r2d.smallest_rewind(*args, eps, delta, target, claim=StubClaim)
    assert 0 <= K <= 60
    assert r2d.noise_scale(*args, K, eps, delta, claim=StubClaim) <= target
    if K > 0:
        assert r2d.noise_scale(*args, K - 1, eps, delta, claim=StubClaim) > target
    # Corollary 3.2: K(ε) ≤ the printed bound, so rewinding ⌈bound⌉ steps meets the target too
    bound = r2d.corollary_rewind_bound(*args, eps, delta, target)
    k_bar = 0 if bound == -np.inf else min(60, max(0, int(np.ceil(bound))))
    assert k_bar >= K
    assert r2d.noise_scale(*args, k_bar, eps, delta, claim=StubClaim) <= target


def test_noise_decreases_in_K_to_zero():
    values = [r2d.noise_scale(40, 2, F(1, 10), 1, 1, 25, K, F(1, 2), F(1, 100), claim=StubClaim) for K in range(26)]
    assert all(a > b for a, b in zip(values, values[1:]))
    assert values[-1] == 0.0


def test_exact_calibration_is_never_noisier_than_the_classic_one():
    args = (100, 2, F(1, 10), 1, 1, 30, 10)
    classic = r2d.noise_scale(*args, F(1, 2), F(1, 10**5), claim=StubClaim)
    exact = r2d.calibrated_noise(*args, F(1, 2), F(1, 10**5))
    assert 0 < exact < classic
    assert exact == calibrate(F(1, 2), F(1, 10**5), r2d.sensitivity_bound(*args), method="exact")
    assert r2d.calibrated_noise(*args, F(1, 2), F(1, 10**5), method="classic") == pytest.approx(classic, rel=1e-14)


# --------------------------------------------------------------------------- modes
@pytest.mark.parametrize("loss, d, labels", [
    (WelschRegression(F(3, 4), R=1, Y=1), 2, True),
    (CosLinear(R=1, a=2, omega=F(1, 2)), 1, False),
    (SinePL(F(1, 2), R=1), 1, False),
])
def test_float_and_reference_modes_agree(loss, d, labels):
    rng = np.random.default_rng(5)
    X = rng.uniform(-0.7, 0.7, (6, d))
    y = rng.uniform(-1, 1, 6) if labels else None
    Xq = la.to_mode(np.asarray(X, dtype=object), "fraction")
    yq = None if y is None else la.to_mode(np.asarray(y, dtype=object), "fraction")
    eta, T, K = F(1, 4), 25, 8
    runs = {}
    for mode, (XX, yy) in (("float", (X, y)), ("ref", (Xq, yq))):
        theta0 = np.full(d, 1 / 3) if mode == "float" else la.to_mode(np.full(d, 1 / 3), "fraction")
        out = r2d.learn(loss, XX, yy, T=T, K=K, eta=eta, theta0=theta0)
        Xr, yr = r2d.delete_rows(XX, yy, [0, 4])
        runs[mode] = (out.model, r2d.unlearn(loss, Xr, yr, out.checkpoint, K=K, eta=eta),
                      r2d.retrain(loss, Xr, yr, T=T, eta=eta, theta0=theta0))
    for a, b in zip(runs["float"], runs["ref"]):
        assert a.dtype == np.float64 and la.mode_of(b) == "mpmath"
        assert np.max(np.abs(a - np.asarray(b, dtype=float))) <= 1e-10


# --------------------------------------------------------------------------- driver
def test_sequential_deletions_rewind_to_the_same_checkpoint():
    loss = ConcaveQuadratic(F(1, 2), R=1)
    X = np.asarray([[F(k, 7)] for k in range(-3, 4)], dtype=object)
    drv = r2d.RewindToDelete(loss, F(1, 4), 8, 3, F(1, 10), theta0=[F(1, 5)], domain=Ball(10, dim=1),
                             guarantee_parameters={"epsilon": F(1, 2), "delta": F(1, 100)})
    rel = drv.learn(X, rng=0)
    one = drv.unlearn(drv.unlearn(rel, [0]), [5])
    both = drv.unlearn(rel, [0, 6])
    assert one.state.m == both.state.m == 2 and one.certificate.parameters["m"] == 2
    assert one.law.mean[0] == both.law.mean[0]
    assert isinstance(one.law, GaussianRelease) and one.seed is None
    # the certificate compares with the σ needed for the actual m (Remark 3.3: the guarantee worsens with m)
    assert one.certificate.parameters["sensitivity_bound"] > drv.unlearn(rel, [0]).certificate.parameters[
        "sensitivity_bound"]
    draw = drv.unlearn(rel, [0], rng=np.random.default_rng(3))
    assert draw.published is not None and draw.seed == 3 and draw.rng_state is not None


def test_published_draws_are_reproducible():
    loss = CosLinear(R=1)
    drv = r2d.RewindToDelete(loss, 0.5, 10, 4, 0.25)
    a = drv.learn([[0.5], [0.25]], rng=7)
    b = drv.learn([[0.5], [0.25]], rng=7)
    assert a.seed == 7 and np.array_equal(a.published, b.published)
    assert np.array_equal(a.law.mean, a.state.model) and a.law.sigma == 0.25


# --------------------------------------------------------------------------- validation
def _param(exc_info) -> str:
    return exc_info.value.parameter


def test_errors_name_the_parameter():
    loss, X = CosLinear(R=1), [[0.5], [0.25], [-0.5]]
    with pytest.raises(InvalidParameterError) as e:
        r2d.learn(loss, X, T=3, K=4, eta=0.1)
    assert _param(e) == "K"
    for eta in (0, -0.1, "x", float("nan")):
        with pytest.raises(InvalidParameterError) as e:
            r2d.learn(loss, X, T=3, K=1, eta=eta)
        assert _param(e) == "eta"
    with pytest.raises(InvalidParameterError) as e:
        r2d.delete_rows(np.asarray(X), None, [0, 1, 2])
    assert _param(e) == "m"
    with pytest.raises(InvalidParameterError) as e:
        r2d.delete_rows(np.asarray(X), None, [3])
    assert _param(e) == "indices"
    base = dict(n=10, m=2, eta=0.1, L=1, G=1, T=5, K=2, epsilon=0.5, delta=0.01)
    for key, bad in (("m", 10), ("m", 11), ("K", 6), ("eta", 0), ("L", 0), ("G", -1), ("epsilon", 0),
                     ("delta", 1), ("delta", 0), ("epsilon", 2), ("n", 0), ("T", -1), ("K", F(1, 2))):
        with pytest.raises(InvalidParameterError) as e:
            r2d.noise_scale(**{**base, key: bad}, claim=StubClaim)
        assert _param(e) == key, (key, bad)
    assert r2d.noise_scale(**{**base, "epsilon": 2}, claim=StubClaim, strict=False) > 0  # printed formula, ε > 1
    drv = r2d.RewindToDelete(loss, 0.1, 5, 2, 0.1)
    rel = drv.learn(X)
    with pytest.raises(InvalidParameterError) as e:
        drv.unlearn(drv.unlearn(rel, [0]), [0, 1])
    assert _param(e) == "m"
    with pytest.raises(InvalidParameterError) as e:
        r2d.RewindToDelete(loss, 0.1, 5, 2, -1)
    assert _param(e) == "sigma"
    with pytest.raises(InvalidParameterError) as e:
        r2d.learn(loss, X, T=3, K=1, eta=0.1, theta0=[5], domain=Ball(1, dim=1))
    assert _param(e) == "theta0"


def test_data_outside_the_declared_region_is_refused():
    with pytest.raises(AssumptionViolatedError) as e:
        r2d.learn(CosLinear(R=1), [[0.5], [1.5]], T=3, K=1, eta=0.1)
    assert e.value.assumption == "‖x‖ ≤ R"
    with pytest.raises(AssumptionViolatedError) as e:
        r2d.learn(WelschRegression(1, R=1, Y=1), [[0.5, 0]], [2], T=3, K=1, eta=0.1)
    assert e.value.assumption == "|y| ≤ Y"
    # gradient ascent on the concave quadratic leaves a small ball: its gradient bound no longer applies
    with pytest.raises(AssumptionViolatedError) as e:
        r2d.learn(ConcaveQuadratic(1, R=1), [[F(1, 2)]], T=40, K=1, eta=F(1, 2), theta0=[0], domain=Ball(2, dim=1))
    assert e.value.assumption == "θ_t ∈ Θ"
    with pytest.raises(InvalidParameterError) as e:
        r2d.learn(WelschRegression(1, R=1, Y=1), [[0.5, 0]], None, T=3, K=1, eta=0.1)
    assert _param(e) == "y"


def test_paper_constants_translate_the_family_names():
    c = r2d.paper_constants(WelschRegression(1, R=2, Y=1), Whole())
    assert c["L"] == 4  # smoothness = the family's M = R²
    assert sympy.simplify(c["G"] - 2 * sympy.exp(-sympy.Rational(1, 2)) / sympy.sqrt(2)) == 0


def test_scheduled_descent_by_hand_and_its_iterates_are_checked():
    """Quadratic (λ/2)(θ − x)² on R: each step η_i maps θ to x̄ + (1 − η_iλ)(θ − x̄), so the schedule
    η_0γ^i gives θ = x̄ + Π_i(1 − η_0γ^iλ)(θ_0 − x̄); an iterate leaving a bounded Θ is an assumption violation."""
    lam, xs, eta0, g, steps = F(2), [F(1), F(1, 3), F(-1, 5)], F(1, 4), F(1, 2), 5
    loss = Quadratic(A=((lam,),), R=1)
    X = np.asarray([[x] for x in xs], dtype=object)
    xbar, theta0 = sum(xs) / len(xs), F(-1, 2)
    etas = [eta0 * g**i for i in range(steps)]
    out = r2d.scheduled_descent(loss, X, etas=etas, theta0=[theta0])
    factor = F(1)
    for e in etas:
        factor *= 1 - e * lam
    assert out[0] == xbar + factor * (theta0 - xbar)
    with pytest.raises(AssumptionViolatedError):
        r2d.scheduled_descent(Linear(R=1), np.asarray([[F(1)]], dtype=object), etas=[F(1)] * 3, theta0=[F(0)],
                              domain=Box((F(-2),), (F(2),)))


def test_mean_grad_over_distinct_rows_is_risk_grad_exactly():
    """∇f_D summed over the distinct rows times their multiplicities (helpers.mean_grad) is the same Fraction vector
    as loss.risk_grad over every row, for rational losses; an irrational one (mpf gradients) falls back to it."""
    from certunlearn.algorithms.r2d.helpers import distinct_rows, mean_grad
    from certunlearn.problems.r2d_piecewise import SeparablePiecewise

    rng = np.random.default_rng(5)
    pool = [[F(int(a), 7), F(int(b), 5)] for a, b in rng.integers(-5, 6, size=(4, 2))]
    X = np.asarray([pool[i] for i in rng.integers(0, 4, size=23)], dtype=object)
    theta = np.asarray([F(2, 3), F(-1, 4)], dtype=object)
    distinct = distinct_rows(X, None)
    assert distinct is not None and sum(distinct[1]) == 23
    for loss in (Linear(R=2), ConcaveQuadratic(F(3, 2), R=2), Quadratic(A=((F(2), F(1, 3)), (F(1, 3), F(1))), R=2),
                 SeparablePiecewise(0, F(1, 4), F(2), 2), SeparablePiecewise(2, F(1, 2), F(2), 2)):
        got, want = mean_grad(loss, X, None, theta, distinct), loss.risk_grad(theta, X)
        assert list(got) == list(want) and all(type(v) in RATIONAL_TYPES for v in got)
    assert distinct_rows(np.asarray(pool[:1] + [[F(9), F(9)]], dtype=object), None) is None  # no repeats
