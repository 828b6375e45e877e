"""The audit of the new mechanisms: the Laplace mechanism's audit claim, and a mechanism's own noise as an instance
key (a third party's σ audited against the claim's certificate)."""
from certunlearn.audit import REFUTED, audit
from certunlearn.audit.mechanisms import gaussian_mechanism, laplace_mechanism
from certunlearn.privacy import calibrate

INSTANCE = {"epsilon": "1", "delta": "1e-5", "Delta": "1"}


def test_laplace_at_its_scale_is_not_refuted_and_a_third_of_it_is():
    good = [audit(laplace_mechanism(), "gaussian.laplace", samples=4000, instances=[INSTANCE], seed=s).verdict
            for s in range(10)]
    assert sum(v == REFUTED for v in good) <= 2
    bad = [audit(laplace_mechanism(scale_factor=0.3), "gaussian.laplace", samples=20_000, instances=[INSTANCE],
                 seed=s).verdict for s in range(3)]
    assert all(v == REFUTED for v in bad)


def test_own_sigma_is_an_instance_key():
    own = {**INSTANCE, "sigma": calibrate(1, 1e-5) / 3}  # a third party's σ, three times too small
    hits = [audit(gaussian_mechanism("exact"), "gaussian.exact", samples=3000, gaussian=True, instances=[own],
                  seed=s).verdict for s in range(5)]
    assert all(v == REFUTED for v in hits)
