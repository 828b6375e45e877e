"""The RDP accountant's δ at a given ε (privacy.score.rdp_delta, conversions.rdp_curve_to_delta): what the structured
instances of the subsampled Gaussian's audit claims claim. It equals dp-accounting's RDP accountant (same orders, same
conversion) and inverts the ε route (rdp_epsilon), and it is never below the true δ."""
from __future__ import annotations

import pytest

from certunlearn.errors import InvalidParameterError
from certunlearn.privacy.conversions import rdp_curve_to_delta, rdp_to_dp_delta
from certunlearn.privacy.score import rdp_delta, rdp_epsilon, score

CASES = [("0.01", "1", 1000, "1"), ("0.1", "1.5", 1, "1"), ("0.5", "2", 8, "2")]


@pytest.mark.parametrize("q,sigma,steps,eps", CASES)
def test_equals_dp_accounting_and_inverts_the_epsilon_route(q, sigma, steps, eps):
    dpa = pytest.importorskip("dp_accounting")
    accountant = dpa.rdp.RdpAccountant(orders=list(range(2, 129)))
    accountant.compose(dpa.PoissonSampledDpEvent(float(q), dpa.GaussianDpEvent(float(sigma))), steps)
    ours = rdp_delta(q, sigma, steps, eps)
    assert abs(ours / accountant.get_delta(float(eps)) - 1) <= 1e-9
    back = rdp_epsilon(q, sigma, steps, ours)
    assert float(eps) * (1 - 1e-9) <= back <= float(eps) * (1 + 1e-9)


@pytest.mark.parametrize("q,sigma,steps,eps", [c for c in CASES if c[2] <= 8])
def test_never_below_the_true_delta(q, sigma, steps, eps):
    true = score("subsampled-gaussian", sigma=sigma, q=q, steps=steps, epsilon=eps)
    assert rdp_delta(q, sigma, steps, eps) >= true.interval[1]


def test_the_curve_takes_the_least_order_and_refuses_bad_curves():
    assert rdp_curve_to_delta([2, 3], [0.5, 0.2], 1) == min(rdp_to_dp_delta(2, 0.5, 1), rdp_to_dp_delta(3, 0.2, 1))
    with pytest.raises(InvalidParameterError):
        rdp_curve_to_delta([], [], 1)
    with pytest.raises(InvalidParameterError):
        rdp_curve_to_delta([2, 3], [0.5], 1)
