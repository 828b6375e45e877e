"""certunlearn.audit.r2d: a reference sampler for every (ε, δ) certificate of r2d the checker evaluates; the
certified mechanism passes the audit, an under-noised one is caught."""
import numpy as np
import pytest

from certunlearn.audit import mechanisms
from certunlearn.audit.r2d import r2d_sampled_claims, r2d_sampler
from certunlearn.audit.run import audit, inside, select_instances
from certunlearn.claims import Kind, all_claims, get_claim
from certunlearn.errors import InvalidParameterError
from certunlearn.formulas.symbols import delta as DELTA
from certunlearn.numeric.enclosure import arb_upper_float


def test_every_r2d_certificate_has_a_sampler_and_it_is_registered():
    certs = [c.id for c in all_claims("r2d") if c.kind in (Kind.PRIVACY, Kind.UNLEARNING) and c.bound == DELTA]
    assert sorted(r2d_sampled_claims()) == sorted(certs)
    assert mechanisms.r2d_sampler is r2d_sampler
    with pytest.raises(InvalidParameterError, match="claim_id"):
        r2d_sampler("r2d.lem2.3")


@pytest.mark.parametrize("claim_id", ["r2d.thm3.1", "r2d.rem3.3", "r2d.thmB.1+fix", "r2d.appC-radius+fix",
                                      "r2d.table3:newton", "r2d.sec4.2-decaying-step+fix"])
def test_samples_have_the_published_means_and_sigma(claim_id):
    claim = get_claim(claim_id)
    inst = next(i for a in claim.adversaries if a.generate
                for i in a.generate(np.random.default_rng(0), 12) if inside(claim, i))
    sigma = arb_upper_float(claim.with_prescribed(inst)["sigma"])
    cand, n = r2d_sampler(claim_id), 20_000
    x0, x1 = (cand(inst, s, np.random.default_rng(s), n) for s in (0, 1))
    assert x0.shape[0] == n and x1.shape == x0.shape
    if claim_id != "r2d.table3:newton":  # Gaussian laws: the sample std is σ
        assert abs(x0.std(axis=0).mean() / sigma - 1) < 0.03
        half = np.asarray(cand(inst, 0, np.random.default_rng(5), 2))  # same seed, twice: reproducible
        assert np.array_equal(half, cand(inst, 0, np.random.default_rng(5), 2))


def test_the_certified_mechanism_passes_and_an_under_noised_one_is_caught():
    """Theorem B.1+fix at ε = 1, δ = 0.1, Δ = 1: the certified σ passes; σ at a fifth (true δ ≈ 0.6) is caught."""
    inst = {"epsilon": 1, "delta": "0.1", "Delta": 1}
    ok = audit(r2d_sampler("r2d.thmB.1+fix"), "r2d.thmB.1+fix", samples=100_000, instances=[inst], seed=1)
    bad = audit(r2d_sampler("r2d.thmB.1+fix", sigma_factor=0.2), "r2d.thmB.1+fix", samples=100_000,
                instances=[inst], seed=1)
    assert ok.epsilon_lower <= 1 < bad.epsilon_lower


def test_the_lhat_claims_sample_their_gaussian_laws_and_refuse_the_scale_mixture():
    """Appendix D.1's L̂ claims on quadratics with Hessian diag(a_k): the +fix's laws are N(θ''_K, σ²I), N(θ'_T, σ²I)
    of the exact runs (claims.r2d.lhat.runs); the printed claim's are scale mixtures over L̂'s law — one clear error."""
    from certunlearn.claims.r2d import lhat

    fix, printed = get_claim("r2d.appD.1-lipschitz-estimate+fix"), get_claim("r2d.appD.1-lipschitz-estimate")
    inst = next(i for i in lhat.anisotropic_family(np.random.default_rng(0), 12) if inside(fix, i))
    runs = lhat.runs(inst)
    x0 = r2d_sampler(fix.id)(inst, 0, np.random.default_rng(0), 20_000)
    x1 = r2d_sampler(fix.id)(inst, 1, np.random.default_rng(1), 20_000)
    sigma = arb_upper_float(fix.with_prescribed(inst)["sigma"])
    assert x0.shape == (20_000, len(runs["unlearned"]))
    assert np.allclose(x0.mean(axis=0), [float(v) for v in runs["unlearned"]], atol=5 * sigma / 141)
    assert np.allclose(x1.mean(axis=0), [float(v) for v in runs["retrained"]], atol=5 * sigma / 141)
    with pytest.raises(InvalidParameterError, match="scale mixtures"):
        r2d_sampler(printed.id)(inst, 0, np.random.default_rng(0), 10)
