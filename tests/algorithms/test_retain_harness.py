"""The retain harness (:mod:`certunlearn.testing.retain`) and audit sampler (:mod:`certunlearn.audit.retain`): a correct
candidate passes, a deliberately buggy one is caught (with the first divergent step for Descent-to-Delete)."""

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms.d2d import descent as d2d
from certunlearn.algorithms.retain import (
    DescentToDeleteRS, Median, MSTEdge, NewtonStepRS, RetainUnlearning, median,
)
from certunlearn.audit import audit
from certunlearn.audit.mechanisms import retain_reference
from certunlearn.audit.retain import RETAIN_CERTIFICATES
from certunlearn.claims.retain.erm import logistic_data, logistic_instance, logistic_mech
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.testing import RetainCase, assert_retain_matches_reference, compare_retain

EPS, DLT = F(1, 2), F(1, 10**5)
R_MEDIAN = [F(0), F(1, 3), F(1, 2), F(3, 4), F(1)]


def classic_sigma(rs) -> float:
    """σ(R) = RS·√(2 log(1.25/δ))/ε (Theorem 2.11) at 50 digits, independently of the library."""
    with mpmath.workdps(50):
        q = lambda f: mpmath.mpf(f.numerator) / f.denominator  # noqa: E731
        return float(q(F(rs)) * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / q(DLT))) / q(EPS))


def median_candidate(rs_rule: str = "retain"):
    """The passive median written from the paper: publish median(R ∪ U) + σ(R)·Z, RS from Lemma C.1's closed form
    (``rs_rule="retain"``); the bug ``"local"`` calibrates to the gaps of R ∪ U instead of R."""
    def candidate(case, hooks):
        R = sorted(case.R)
        data = R if rs_rule == "retain" else sorted(R + list(case.U))
        k = (len(data) + 1) // 2
        rs = max(data[k] - data[k - 1], data[k - 1] - data[k - 2]) / 2
        return np.array([float(median(R + list(case.U)))]) + classic_sigma(rs) * hooks.noise(1)

    return candidate


def median_cases():
    pair = RetainUnlearning(Median(F(1)), EPS, DLT)
    return [RetainCase(pair, R_MEDIAN, [F(1)], "U = {1}"), RetainCase(pair, R_MEDIAN, [F(0)], "U = {0}")]


def test_passive_median_correct_candidate_matches():
    assert_retain_matches_reference(median_candidate(), median_cases(), scale_rtol=1e-8)


def test_passive_median_local_calibration_is_caught():
    result = compare_retain(median_candidate("local"), median_cases()[1], scale_rtol=1e-8)
    assert not result.ok and any("noise scale" in p for p in result.problems)


def test_passive_candidate_with_its_own_noise_is_caught():
    def own_noise(case, hooks):
        return np.array([float(median(case.R + list(case.U)))]) + np.random.default_rng(1).standard_normal(1)

    result = compare_retain(own_noise, median_cases()[0])
    assert not result.ok and "noise draws" in result.problems[0]


def test_passive_mst_edge_retrain_instead_of_unlearn_is_caught():
    import networkx as nx

    from certunlearn.algorithms.retain import mst_weight

    G = nx.Graph()
    for u, v, w in ((0, 1, F(1)), (1, 2, F(9)), (2, 3, F(1))):
        G.add_edge(u, v, weight=w)
    pair = RetainUnlearning(MSTEdge(F(10)), EPS, DLT)
    case = RetainCase(pair, G, [(0, 3, F(0))], "zero edge across the bottleneck")
    sigma = classic_sigma(9)  # RS = 9: the heavy bottleneck edge is replaced by a zero edge

    def candidate(retrain: bool):
        def run(case, hooks):
            H = G.copy()
            if not retrain:
                H.add_edge(0, 3, weight=F(0))
            return np.array([float(mst_weight(H))]) + sigma * hooks.noise(1)

        return run

    assert compare_retain(candidate(False), case, scale_rtol=1e-8).ok
    bad = compare_retain(candidate(True), case, scale_rtol=1e-8)
    assert not bad.ok and "deterministic part" in bad.problems[0]


@pytest.fixture(scope="module")
def logistic():
    inst = logistic_instance(["1/2", "-1", "3/4"], ["1", "-1", "-1"], "1/10", "1", "1", R_w="4")
    R, Z = logistic_data(inst)
    return logistic_mech(inst), R, Z


def test_d2d_rs_correct_candidate_and_one_step_short(logistic):
    erm, R, Z = logistic
    pair = DescentToDeleteRS(erm, epsilon=EPS, delta=DLT, sigma=F(1, 10))
    case = RetainCase(pair, R, Z, "Example G.3 data")
    p = pair.parameters(R)
    X, y = np.asarray(R.X, dtype=float), np.asarray(R.y, dtype=float)

    def candidate(steps_short: int):
        def run(case, hooks):
            w = np.asarray([float(v) for v in np.asarray(pair.baseline(R + Z)).reshape(-1)])
            for _ in range(int(p["I"]) - steps_short):
                w = np.asarray(d2d.projected_gd(pair.problem, X, y, w, eta=float(p["eta"]), T=1), dtype=float).reshape(-1)
                hooks.step(w)
            return w + 0.1 * hooks.noise(w.shape)

        return run

    good = compare_retain(candidate(0), case, rtol=1e-7, atol=1e-9)
    assert good.ok, good.report()
    bad = compare_retain(candidate(1), case, rtol=1e-7, atol=1e-9)
    assert not bad.ok and bad.first_divergent_step == int(p["I"])


def test_newton_rs_correct_candidate_and_sign_flip(logistic):
    erm, R, Z = logistic
    mech = NewtonStepRS(erm)
    pair = RetainUnlearning(mech, EPS, DLT)
    case = RetainCase(pair, R, Z, "Example G.3 data")
    sigma = pair.sigma(R)
    w_S = np.asarray([float(v) for v in np.asarray(mech.baseline(R + Z)).reshape(-1)])
    w_bar = np.asarray([float(v) for v in np.asarray(mech.update(R, Z)).reshape(-1)])

    def candidate(flip: bool):
        def run(case, hooks):
            mean = 2 * w_S - w_bar if flip else w_bar  # the Newton correction subtracted instead of added
            return mean + sigma * hooks.noise(mean.shape)

        return run

    assert compare_retain(candidate(False), case, rtol=1e-12).ok
    assert not compare_retain(candidate(True), case, rtol=1e-12).ok


# ------------------------------------------------------------------------------------------------ audit
def test_every_retain_certificate_with_laws_has_a_sampler():
    assert {"retain.fact1", "retain.thm2.11", "retain.cor2.12", "retain.lemH.1", "retain.lemH.3",
            "retain.lemE.3"} <= set(RETAIN_CERTIFICATES)
    for claim_id in RETAIN_CERTIFICATES:
        retain_reference(claim_id)


def test_audit_reference_is_consistent_and_quartered_sigma_is_refuted():
    inst = {"mech": 0, "B": "1", "R": ["0", "0", "1"], "U": "1", "epsilon": "0.5", "delta": "0.001"}
    good = audit(retain_reference("retain.thm2.11"), "retain.thm2.11", instances=[inst], samples=20_000, seed=1)
    assert good.verdict == "consistent"
    bad = audit(retain_reference("retain.thm2.11", sigma_factor=0.25), "retain.thm2.11", instances=[inst],
                samples=20_000, seed=1)
    assert bad.verdict == "refuted"
