"""The audit refutes a mechanism without noise ("ε unbounded") with or without --gaussian; instances are chosen at
one (ε, δ) and at the worst shift, zero-shift claims are refused with a message; --describe reads every claim;
a closed pipe ends the command quietly."""
import subprocess
import sys

import numpy as np
import pytest

from certunlearn.audit import audit_samples, select_instances
from certunlearn.audit.run import normalised_shift
from certunlearn.claims import get_claim
from certunlearn.errors import InvalidParameterError


@pytest.mark.parametrize("gaussian", [False, True])
def test_no_noise_is_epsilon_unbounded(gaussian):
    n = 5000
    r = audit_samples([(np.zeros(n), np.ones(n))], epsilon=1, delta=1e-5, gaussian=gaussian)
    assert r.verdict == "refuted" and r.epsilon_lower == float("inf") and "ε unbounded" in r.message


def test_almost_no_noise_is_refuted_non_parametrically():
    rng = np.random.default_rng(0)
    n = 50_000
    r = audit_samples([(1e-9 * rng.standard_normal(n), 1 + 1e-9 * rng.standard_normal(n))], epsilon=1, delta=1e-5)
    assert r.verdict == "refuted" and r.epsilon_lower > 8


def test_a_constant_equal_output_is_not_refuted():
    n = 5000
    r = audit_samples([(np.ones(n), np.ones(n))], epsilon=1, delta=1e-5)
    assert r.verdict == "consistent"


def test_trials_share_one_certificate_at_the_worst_shift():
    claim = get_claim("r2d.thm3.1")
    chosen = select_instances(claim, 4)
    assert len({(str(i["epsilon"]), str(i["delta"])) for i in chosen}) == 1
    shifts = [normalised_shift(claim, i) for i in chosen]
    assert all(s > 0 for s in shifts) and shifts == sorted(shifts, reverse=True)


def test_a_claim_whose_instances_have_no_shift_is_refused():
    with pytest.raises(InvalidParameterError, match="zero shift"):
        select_instances(get_claim("retain.cor2.12"), 1)


COMMAND = [sys.executable, "-c", "import sys; from certunlearn.cli import main; sys.exit(main())"]


def test_describe_reads_rational_strings(capsys):
    from certunlearn.cli import main

    assert main(["audit", "--claim", "retain.lemH.1", "--describe"]) == 0
    assert "epsilon" in capsys.readouterr().out


def test_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen([*COMMAND, "list", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) in (0, 141) and "Traceback" not in err and "BrokenPipe" not in err


@pytest.mark.parametrize("claim_id", ["olu.thm1", "pomer.thm4.3"])
def test_renyi_and_prescribed_epsilon_certificates_are_auditable(claim_id):
    """olu's D_α ≤ αε is audited as the (αε + log(1/δ)/(α − 1), δ) it implies; pomer's Theorem 4.3 at its prescribed
    ε and its bound δ + 3Te^{−(1−Φ⁻²)T}; a candidate without noise is refuted on both."""
    from certunlearn.audit import audit
    from certunlearn.audit.run import RENYI_DELTA, audit_certificate

    claim = get_claim(claim_id)
    chosen = select_instances(claim, 2)
    eps, dl = audit_certificate(claim, chosen[0])
    if claim_id == "olu.thm1":
        a, e = float(chosen[0]["alpha"]), float(chosen[0]["epsilon"])
        assert dl == RENYI_DELTA and eps >= a * e + np.log(1 / dl) / (a - 1)
    assert 0 < dl < 1 and eps > 0
    r = audit(lambda inst, side, rng, size: np.full(size, float(side)), claim_id, samples=200, trials=2)
    assert r.verdict == "refuted" and r.epsilon_lower == float("inf")
