"""The statistical audit: validity (null calibration), power, witnesses, Bonferroni, inputs."""
import dataclasses
import json
import math
import subprocess
import sys

import mpmath
import numpy as np
import pytest

from certunlearn.audit import CONSISTENT, REFUTED, audit, audit_samples, lower_bound_curve, select_instances
from certunlearn.numeric.confidence import cp_lower, cp_upper
from certunlearn.audit.mechanisms import d2d_reference, gaussian_mechanism, prescribed_gaussian
from certunlearn.audit.nonparametric import threshold_bounds
from certunlearn.audit.samples import as_samples
from certunlearn.claims import get_claim
from certunlearn.errors import InvalidParameterError, UnknownClaimError
from certunlearn.privacy import calibrate

INSTANCE = {"epsilon": "1", "delta": "1e-5", "Delta": "1"}


def null_refutations(seeds, samples):
    good = gaussian_mechanism("exact")
    return sum(audit(good, "gaussian.exact", samples=samples, gaussian=True, instances=[INSTANCE], seed=s).verdict == REFUTED
               for s in range(seeds))


def test_null_calibration_fast():
    """A mechanism that attains its certificate exactly is refuted at most β of the time (here 40 seeds)."""
    assert null_refutations(40, 4000) <= 0.05 * 40


@pytest.mark.slow
def test_null_calibration_200_seeds():
    assert null_refutations(200, 20_000) <= 0.05 * 200


def test_power_on_negative_controls():
    halved = gaussian_mechanism("exact", sigma_factor=0.5)
    doubled = gaussian_mechanism("exact", sensitivity_factor=2.0)
    for cand in (halved, doubled):
        hits = [audit(cand, "gaussian.exact", samples=3000, gaussian=True, instances=[INSTANCE], seed=s) for s in range(10)]
        assert sum(r.verdict == REFUTED for r in hits) >= 9
        assert all(r.witness.method == "gaussian" for r in hits if r.verdict == REFUTED)
    nonparam = [audit(halved, "gaussian.exact", samples=100_000, instances=[INSTANCE], seed=s) for s in range(3)]
    assert all(r.verdict == REFUTED and r.witness.method == "threshold" for r in nonparam)


def test_threshold_witness_recomputes_from_the_holdout():
    rng = np.random.default_rng(3)
    sigma = calibrate(1, 1e-5) / 2
    x0, x1 = sigma * rng.standard_normal(20_000), 1 + sigma * rng.standard_normal(20_000)
    up, down = threshold_bounds(as_samples(x0, "x0"), as_samples(x1, "x1"), 1e-5, 0.01)
    w = up.witness
    hold0, hold1 = x0[10_000:], x1[10_000:]  # the second halves, never used for choosing t
    assert w["count_numerator"] == int(np.sum(hold1 > w["threshold"]))
    assert w["count_denominator"] == int(np.sum(hold0 > w["threshold"]))
    p1, p0 = float(cp_lower(w["count_numerator"], 10_000, 0.01)), float(cp_upper(w["count_denominator"], 10_000, 0.01))
    with mpmath.workdps(100):
        exact = mpmath.log((mpmath.mpf(p1) - mpmath.mpf(1e-5)) / mpmath.mpf(p0))
    assert up.epsilon_lower <= exact and up.epsilon_lower > exact - 1e-12
    assert down.witness["count_numerator"] == int(np.sum(hold0 < down.witness["threshold"]))


def test_identical_outputs_give_no_evidence():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 50_000))
    r = audit_samples([(x[0], x[1])], epsilon=0.1, delta=1e-5, gaussian=True)
    assert r.verdict == CONSISTENT and r.epsilon_lower < 0.1


def test_bonferroni_is_stated_and_applied():
    rng = np.random.default_rng(0)
    pairs = [(rng.standard_normal(1000), 1 + rng.standard_normal(1000)) for _ in range(3)]
    r = audit_samples(pairs, epsilon=1, delta=1e-5, confidence=0.9, gaussian=True)
    assert r.family == 3 * 6 and math.isclose(r.alpha_each, 0.1 / 18)
    assert all(b.alpha == r.alpha_each for b in r.bounds) and len(r.bounds) == 9
    assert sum(b.intervals for b in r.bounds) == r.family
    assert "Bonferroni over 18 intervals" in r.message
    doc = json.loads(json.dumps(r.to_json()))
    assert doc["family"] == 18 and doc["verdict"] == r.verdict
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.epsilon = 2.0


def test_lower_bound_curve_grows_with_samples():
    cand = gaussian_mechanism("exact", sigma_factor=0.5)
    rng = np.random.default_rng(1)
    pairs = [(cand(INSTANCE, 0, rng, 40_000), cand(INSTANCE, 1, rng, 40_000))]
    curve = lower_bound_curve(pairs, [500, 40_000], epsilon=1, delta=1e-5, gaussian=True)
    assert [r.samples for r in curve] == [500, 40_000]
    assert curve[0].epsilon_lower < curve[1].epsilon_lower


def test_select_instances_prefers_the_sweet_spot_inside_the_hypotheses():
    chosen = select_instances(get_claim("gaussian.exact"), trials=2)
    assert [(c["epsilon"], c["delta"]) for c in chosen] == [("1", "1e-5"), ("1", "1e-5")]
    with pytest.raises(InvalidParameterError, match="claim"):
        select_instances(get_claim("gaussian.renyi"))


def test_d2d_reference_audit():
    good = audit(d2d_reference("d2d.thm3.1"), "d2d.thm3.1", samples=20_000, gaussian=True)
    bad = audit(d2d_reference("d2d.thm3.1", sigma_factor=0.01), "d2d.thm3.1", samples=20_000, gaussian=True)
    assert good.verdict == CONSISTENT and bad.verdict == REFUTED
    assert bad.instances[0]["epsilon"] == good.instances[0]["epsilon"]


def test_prescribed_gaussian_holds_for_the_classic_formula():
    r = audit(prescribed_gaussian("gaussian.classic"), "gaussian.classic", samples=50_000, gaussian=True, seed=2)
    assert r.verdict == CONSISTENT


def test_bad_inputs_name_the_parameter():
    good = gaussian_mechanism()
    with pytest.raises(InvalidParameterError, match="x0"):
        audit_samples([([0.0, np.nan, 1.0, 2.0], [0.0, 1.0, 2.0, 3.0])], epsilon=1, delta=1e-5)
    with pytest.raises(InvalidParameterError, match="delta"):
        audit_samples([(np.zeros(10), np.zeros(10))], epsilon=1, delta=1.5)
    with pytest.raises(InvalidParameterError, match="alpha"):
        audit(good, "gaussian.exact", samples=100, confidence=1.0)
    with pytest.raises(InvalidParameterError, match="samples"):
        audit(good, "gaussian.exact", samples=3)
    with pytest.raises(InvalidParameterError, match="candidate"):
        audit(lambda inst, side, rng, size: np.zeros(size + 1), "gaussian.exact", samples=100)
    with pytest.raises(InvalidParameterError, match="instances"):
        audit(good, "gaussian.exact", samples=100, instances=[{"epsilon": "1", "delta": "0.9", "Delta": "1"}])
    with pytest.raises(UnknownClaimError):
        audit(good, "gaussian.nope", samples=100)


def test_importing_certunlearn_and_the_audit_does_not_need_hypothesis():
    code = "import sys, certunlearn, certunlearn.audit, certunlearn.testing; print('hypothesis' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_r2d_reference_draws_the_two_exact_published_laws():
    from certunlearn.audit.mechanisms import r2d_reference
    from certunlearn.claims.r2d import quantities as R
    from certunlearn.numeric.enclosure import arb_upper_float

    claim = get_claim("r2d.thm3.1")
    inst = claim.adversaries[0].generate(np.random.default_rng(0), 1)[0]
    runs = R.runs_of(inst)
    sigma = arb_upper_float(claim.with_prescribed(inst)["sigma"])
    cand, n = r2d_reference("r2d.thm3.1"), 40_000
    for side, exact in ((0, runs["unlearned"]), (1, runs["path_r"][int(inst["T"])])):
        x = cand(inst, side, np.random.default_rng(side), n)
        assert x.shape == (n, len(exact))
        assert np.all(np.abs(x.mean(0) - np.asarray([float(v) for v in exact])) < 5 * sigma / np.sqrt(n))
        assert abs(x.std() / sigma - 1) < 0.02
    with pytest.raises(InvalidParameterError, match="claim_id"):
        r2d_reference("r2d.lem2.3")


def test_memory_is_checked_for_the_working_copies_too(monkeypatch, capsys):
    """An audit holds every trial's samples and about three working copies of one trial's (peak resident memory
    measured at 10⁷ samples per side: 737 MB for one trial, 1050 MB for three): 2·10⁷ samples per side need about
    1.28 GB, refused where 1 GB is available, before the candidate is called (the samples alone, 320 MB, passed)."""
    from certunlearn.audit import run as run_module
    from certunlearn.cli import main

    monkeypatch.setattr(run_module, "available_memory", lambda: 10**9)
    run_module.check_memory(10**7, 1)  # 640 MB
    with pytest.raises(InvalidParameterError, match="1.28 GB"):
        run_module.check_memory(2 * 10**7, 1)
    code = main(["audit", "--claim", "gaussian.exact", "certunlearn.examples.naive_dp:gaussian_sigma",
                 "--samples", str(2 * 10**7)])
    err = capsys.readouterr().err
    assert code == 2 and "samples" in err and len(err.strip().splitlines()) == 1
