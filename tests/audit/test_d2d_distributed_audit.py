"""certunlearn.audit.d2d: the reference sampler of Theorem 4.5's published mixtures is consistent with its
certificate; a sampler that ignores the mixture weights (the bootstrap/reservoir law) is refuted."""

import numpy as np
import pytest

from certunlearn.audit import audit
from certunlearn.audit.d2d import distributed_reference, mixture_components
from certunlearn.audit.mechanisms import distributed_reference as registered
from certunlearn.audit.result import CONSISTENT, REFUTED
from certunlearn.audit.run import select_instances
from certunlearn.claims import get_claim


@pytest.fixture(scope="module")
def chosen():
    """The instances ``audit`` selects for d2d.thm4.5+fix by default (``select_instances(claim, 1, 0)``, as
    ``run.draw`` calls it): ~15 CPU-s of mixture-δ enclosures each time, so once per module, not once per audit."""
    return select_instances(get_claim("d2d.thm4.5+fix"), 1, 0)


def test_registered_and_weights_exact(chosen):
    assert registered is distributed_reference
    inst = chosen[0]
    for means, weights in mixture_components("d2d.thm4.5+fix", inst):
        assert len(means) == len(weights) and abs(weights.sum() - 1) < 1e-12 and np.all(weights > 0)


def test_reference_consistent_and_unweighted_sampler_refuted(chosen):
    good = audit(distributed_reference("d2d.thm4.5+fix"), "d2d.thm4.5+fix", samples=20_000, instances=chosen)
    bad = audit(distributed_reference("d2d.thm4.5+fix", swap_weights=True), "d2d.thm4.5+fix", samples=20_000,
                instances=chosen)
    assert good.verdict == CONSISTENT and bad.verdict == REFUTED
