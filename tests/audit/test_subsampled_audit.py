"""The black-box audit of the subsampled Gaussian (issue 29, item 4): the mixture sampler
(certunlearn.audit.mechanisms.subsampled_gaussian) audited against gaussian.subsampled-poisson:certificate and
gaussian.subsampled-fixed:certificate — the reference is not refuted, a mechanism that claims the amplification but
never subsamples is, and so is a δ claimed below the mechanism's true one (which the exact quantity confirms)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from certunlearn.audit import REFUTED, audit, select_instances
from certunlearn.audit.mechanisms import subsampled_gaussian, subsampled_gaussian_mechanism
from certunlearn.claims.registry import get_claim
from certunlearn.cli import main

POISSON = "gaussian.subsampled-poisson:certificate"
FIXED = "gaussian.subsampled-fixed:certificate"


def test_the_sampler_draws_the_mixture_and_the_plain_gaussian():
    inst = {"epsilon": "1", "delta": "0.01", "q": "0.25", "sigma": "0.5", "Delta": "3", "steps": 2}
    rng = np.random.default_rng(0)
    x0, x1 = subsampled_gaussian(inst, 0, rng, 40_000), subsampled_gaussian(inst, 1, rng, 40_000)
    assert x0.shape == x1.shape == (40_000, 2)
    assert abs(x0.mean()) < 0.02 and abs(x0.std() - 0.5) < 0.02
    assert abs((x1 > 1.5).mean() - 0.25) < 0.01  # the record's shift Δ = 3 lands in a quarter of the steps
    one = subsampled_gaussian({**inst, "steps": 1}, 1, rng, 10)
    assert one.shape == (10,)


@pytest.mark.parametrize("claim_id", [POISSON, FIXED])
def test_the_reference_is_not_refuted_and_a_mechanism_that_never_subsamples_is(claim_id):
    (inst,) = select_instances(get_claim(claim_id))
    good = [audit(subsampled_gaussian, claim_id, samples=20_000, instances=[inst], seed=s).verdict for s in range(4)]
    assert sum(v == REFUTED for v in good) <= 1
    always = subsampled_gaussian_mechanism(subsample=False)
    bad = [audit(always, claim_id, samples=20_000, instances=[inst], seed=s).verdict for s in range(2)]
    assert all(v == REFUTED for v in bad)


def test_a_delta_claimed_below_the_true_one_is_refuted():
    claim = get_claim(POISSON)
    inst = {"epsilon": "1", "q": "0.5", "sigma": "0.8", "Delta": "1", "steps": 1, "delta": "0.001"}
    assert claim.quantity(inst) > claim.bound_value(inst)  # the exact side: the true δ (0.0659) is above 0.001
    hits = [audit(subsampled_gaussian, POISSON, samples=20_000, instances=[inst], seed=s).verdict for s in range(2)]
    assert all(v == REFUTED for v in hits)


def test_the_cli_audits_the_claim(capsys):
    code = main(["audit", "certunlearn.audit.mechanisms:subsampled_gaussian", "--claim", POISSON,
                 "--samples", "5000", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["claim"] == POISSON and out["verdict"] in ("refuted", "consistent")
    assert out["epsilon"] == 1.0
