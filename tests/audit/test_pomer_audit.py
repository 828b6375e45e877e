"""certunlearn.audit.pomer: the reference sampler of Theorem 4.3's certificate draws Algorithm 1's published
trajectories on the two neighbouring sequences; an audit of it finds no evidence against the certificate, while a
deliberately leaky candidate (Follow-the-Regularised-Leader without sampling: nearly deterministic, different outputs on
the two sequences) is caught with a large certified lower bound on ε."""
import numpy as np

from certunlearn.audit import audit_samples
from certunlearn.audit.mechanisms import pomer_reference
from certunlearn.claims.pomer.families import trajectory_instances

INSTANCE = {**trajectory_instances()[0], "epsilon": "1", "delta": "1e-3"}


def leaky(instance, side, rng, size):
    """x_{t+1} = argmin_K Σ_{s≤t} l_s + λx²/2 for the linear losses ±Gx of the instance, plus a jitter of 10⁻⁴
    (a sampler that forgot its temperature: the Gibbs law at β → ∞)."""
    seq = instance["losses" if side == 0 else "other"]
    lam = float(eval(str(instance["lam"])))
    slopes = np.cumsum([0.0] + [float(loss[1]) for loss in seq[:-1]])
    path = np.clip(-slopes / lam, -1.0, 1.0)
    return np.tile(path, (size, 1)) + 1e-4 * rng.standard_normal((size, len(seq)))


def test_reference_sampler_draws_trajectories_of_both_sides():
    cand = pomer_reference()
    rng = np.random.default_rng(0)
    x0, x1 = cand(INSTANCE, 0, rng, 30), cand(INSTANCE, 1, rng, 30)
    assert x0.shape == x1.shape == (30, INSTANCE["T"])
    assert np.all(np.abs(x0) <= 1) and np.all(np.abs(x1) <= 1)
    assert len({tuple(r) for r in x0}) == 30  # random draws, not a fixed path


def test_audit_separates_the_reference_from_a_leaky_candidate():
    rng = np.random.default_rng(1)
    ref = pomer_reference()
    good = audit_samples([(ref(INSTANCE, 0, rng, 300), ref(INSTANCE, 1, rng, 300))], epsilon=1.0, delta=1e-3)
    bad = audit_samples([(leaky(INSTANCE, 0, rng, 300), leaky(INSTANCE, 1, rng, 300))], epsilon=1.0, delta=1e-3)
    assert bad.verdict != good.verdict or bad.epsilon_lower > good.epsilon_lower + 2
    assert bad.epsilon_lower > 1.0 >= good.epsilon_lower
