"""Algorithm 1 as printed (projection then noise, general losses, line 3's indexing), Algorithm 2 pathwise, the olu
harness (certunlearn.testing.olu) and the olu release sampler (certunlearn.audit.olu): oracles are mpmath at 100
digits written here, brute force, and deliberately buggy candidates that must be caught."""
import math
import warnings

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms import olu as A
from certunlearn.algorithms.olu import printed as P
from certunlearn.audit.olu import audit_olu_release, olu_release_sampler, rdp_to_dp
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.testing import OLUCase, assert_matches_reference, compare_olu


# ---------------------------------------------------------------------------------------------- the algorithm
def test_projected_ogd_on_a_box_by_hand_and_the_release_leaves_K():
    """Huber, target 5, δ = 1, η = 1/5 on [−1/4, 1/4]: steps +1/5, then clipped at 1/4; noise after the projection."""
    L = P.Losses(P.HUBER, ((F(5),),) * 4, delta=F(1))
    K = P.Box((F(-1, 4),), (F(1, 4),))
    path = P.path(L, K, [F(0)], [F(1, 5)] * 4, upto=4)
    assert [z[0] for z in path] == [0, F(1, 5), F(1, 4), F(1, 4), F(1, 4)]
    out = P.run(L, K, [F(0)], [F(1, 5)] * 4, [2], [2], [F(1)], lambda i, d: [F(3)])
    assert out[2] == [F(1, 4) + 3]  # released unprojected: outside K
    assert out[3] == [F(1, 4)]  # the next projected step pulls it back


def test_logistic_step_on_a_ball_against_mpmath():
    X = ((F(3, 5), F(4, 5)),)
    K = P.Ball((F(0), F(0)), F(1, 3))
    with mpmath.workdps(100):
        z = [mpmath.mpf(0), mpmath.mpf(0)]
        g = [-mpmath.mpf(3) / 5 / (1 + mpmath.exp(0)), -mpmath.mpf(4) / 5 / (1 + mpmath.exp(0))]
        w = [zk - 2 * gk for zk, gk in zip(z, g)]  # η = 2: w = (3/5, 4/5), ‖w‖ = 1 > 1/3
        n = mpmath.sqrt(w[0] ** 2 + w[1] ** 2)
        want = [wk / n / 3 for wk in w]
        got = P.path(P.Losses(P.LOGISTIC, tuple(tuple(mpmath.mpf(x.numerator) / x.denominator for x in r) for r in X), y=(1,)),
                     P.Ball((mpmath.mpf(0),) * 2, mpmath.mpf(1) / 3), z, [mpmath.mpf(2)], upto=1)[1]
        assert all(abs(a - b) < mpmath.mpf(10) ** -90 for a, b in zip(got, want))
    assert K.contains([F(1, 5), F(4, 15)]) and not K.contains([F(1, 3), F(1, 3)])


def test_printed_indexing_uses_the_previous_loss_and_the_boundary_deletion_leaks():
    s = A.Stream(A.LINEAR, ((F(1),), (F(2),), (F(4),)))
    laws = P.printed_laws(s, (F(0),), [F(1)] * 3, [2], [2], [F(0)])
    assert [l.mean[0] for l in laws[1:]] == [0, -1, -3]  # z_2 uses f_1, z_3 uses f_2
    assert P.used_after_deletion([2], [2], 3, "printed") == [1]  # f_2 enters z_3, after its deletion at τ = 2
    assert P.used_after_deletion([2], [2], 3, "eq2") == []
    assert P.used_after_deletion([3], [3], 3, "printed") == []  # τ = T: nothing after
    # the eq. (2) reading of the same stream agrees with the exact laws of algorithms.olu
    eq2 = A.passive_laws(s, (F(0),), [F(1)] * 3, [2], [2], [F(0)])
    assert [l.mean[0] for l in eq2] == [z[0] for z in P.path(P.Losses(P.LINEAR, s.X), None, [F(0)], [F(1)] * 3, upto=3)]


def test_active_run_matches_the_exact_laws_of_algorithm_2():
    s = A.Stream(A.QUADRATIC, ((F(1),), (F(-1),), (F(1),), (F(-1),)), (F(2),))
    losses = P.Losses(P.QUADRATIC, s.X, lam=s.lam)
    h, etas = F(1, 3), [F(1, 4)] * 4
    for ref in (0, 1):
        laws = A.active_laws(s, (F(0),), etas, [3], [1], [F(0)], h, [2], 1, reference=ref)
        path = P.active_run(losses, None, [F(0)], etas, [3], [1], [F(0)], h, [2], 1, lambda i, d: [F(0)], reference=ref)
        assert [l.mean[0] for l in laws] == [z[0] for z in path]


# ---------------------------------------------------------------------------------------------- the harness
def _alg1_case(T=5) -> OLUCase:
    losses = P.Losses(P.HUBER, tuple((5.0, -1.0) for _ in range(T)), delta=1.0)
    return OLUCase("olu.alg1", losses, P.Box((-1.0, -1.0), (0.5, 0.5)), (0.0, 0.0), (0.2,) * T, (2, 4), (1, 4),
                   (0.3, 0.7))


def _alg2_case() -> OLUCase:
    losses = P.Losses(P.QUADRATIC, ((1.0,), (-1.0,), (0.5,), (2.0,), (-0.5,)), lam=(2.0,))
    return OLUCase("olu.alg2", losses, None, (0.0,), (0.25,) * 5, (3, 5), (1, 4), (0.1, 0.2), h=1 / 3, I1=(1, 1), I2=2)


def _fast_alg1(case, noise, bug=None):
    z = np.array(case.z1, dtype=float)
    out = [z.copy()]
    lo, hi = np.array(case.K.lo), np.array(case.K.hi)
    for t in range(1, case.losses.T + 1):
        x = np.array(case.losses.X[t - 1])
        g = np.clip(z - x, -case.losses.delta, case.losses.delta)
        z = z - case.etas[t - 1] * g
        if bug != "no-projection":
            z = np.clip(z, lo, hi)
        if t in case.tau:
            i = case.tau.index(t) + 1
            xi = noise(i, case.losses.d)
            z = (np.clip(z + case.sigmas[i - 1] * xi, lo, hi) if bug == "noise-then-projection"
                 else z + case.sigmas[i - 1] * xi)
        out.append(z.copy())
    return np.array(out)


def _fast_alg2(case, noise, bug=None):
    lam, X = case.losses.lam[0], np.array([r[0] for r in case.losses.X])
    z, out = case.z1[0], [[case.z1[0]]]
    for t in range(1, case.losses.T + 1):
        z = z - case.etas[t - 1] * lam * (z - X[t - 1])
        if t in case.tau:
            i = case.tau.index(t) + 1
            seen = [s for s in range(1, t + 1) if s not in case.u[: i - 1]]
            kept = [s for s in seen if s != case.u[i - 1]]
            h = case.h if bug != "step-2/(beta+mu)" else 2 * case.h
            for _ in range(case.I1[i - 1]):
                z = z - h * lam * (z - X[[s - 1 for s in seen]].mean())
            for _ in range(case.I2):
                z = z - h * lam * (z - X[[s - 1 for s in kept]].mean())
            z = z + case.sigmas[i - 1] * noise(i, 1)[0]
        out.append([z])
    return np.array(out)


def test_harness_accepts_correct_candidates_and_names_the_first_divergent_step_of_buggy_ones():
    assert_matches_reference(_fast_alg1, "olu.alg1", [_alg1_case(), _alg1_case(6)])
    assert_matches_reference(_fast_alg2, "olu.alg2", [_alg2_case()])
    bad = compare_olu(lambda c, n: _fast_alg1(c, n, "noise-then-projection"), _alg1_case())
    # the first release that left K (which it may: noise after the projection), projected back by the buggy candidate
    assert not bad.ok and bad.first_divergent_step in _alg1_case().tau
    assert not _alg1_case().K.contains(list(bad.reference_step)) and _alg1_case().K.contains(list(bad.candidate_step))
    bad = compare_olu(lambda c, n: _fast_alg1(c, n, "no-projection"), _alg1_case())
    assert not bad.ok and bad.first_divergent_step == 3  # x = (5, −1): the face 0.5 is crossed at t = 3
    bad2 = compare_olu(lambda c, n: _fast_alg2(c, n, "step-2/(beta+mu)"), _alg2_case())
    assert not bad2.ok and bad2.first_divergent_step == 3  # the first unlearning step, at τ[1] = 3
    with pytest.raises(AssertionError, match="first divergent step: t = 3"):
        assert_matches_reference(lambda c, n: _fast_alg2(c, n, "step-2/(beta+mu)"), "olu.alg2", [_alg2_case()])


def test_harness_catches_a_candidate_that_reuses_a_noise_draw():
    def reuse(case, noise):
        first = noise(1, case.losses.d)
        return _fast_alg1(case, lambda i, d: first)

    res = compare_olu(reuse, _alg1_case())
    assert not res.ok and any("noise draws" in p for p in res.problems)


# ---------------------------------------------------------------------------------------------- the audit sampler
def _audit_case():
    eta, L, om, eps = 0.2, 1.0, 20.0, 1.0
    sigma = math.sqrt(om * (eta * L) ** 2 / (2 * (om - 1) * eps))  # σ_1 of Algorithm 1 (i = 1, γ = 1, Δ = ηL)
    losses = P.Losses(P.HUBER, tuple((5.0,) for _ in range(5)), delta=1.0)
    return dict(losses=losses, K=P.Box((-1.0,), (1.0,)), z1=(0.0,), etas=(eta,) * 5, tau=(4,), u=(4,), sigmas=(sigma,))


def test_release_sampler_draws_the_exact_gaussian_release_of_the_first_deletion():
    cand = olu_release_sampler(lambda inst: _audit_case())
    rng = np.random.default_rng(1)
    a, b = cand({}, 0, rng, 4000), cand({}, 1, rng, 4000)
    c = _audit_case()
    # exact means: saturated Huber steps of +0.2 (4 of them on side 0, 3 on side 1), no clipping before 1
    assert abs(a.mean() - 0.8) < 4 * c["sigmas"][0] / math.sqrt(4000)
    assert abs(b.mean() - 0.6) < 4 * c["sigmas"][0] / math.sqrt(4000)
    assert abs(a.std() / c["sigmas"][0] - 1) < 0.06


def test_audit_passes_the_reference_and_refutes_a_candidate_with_too_little_noise():
    assert rdp_to_dp(2.0, 2.0, 1e-3) == pytest.approx(2 + math.log(1000))
    good = audit_olu_release(olu_release_sampler(lambda inst: _audit_case()), {}, alpha=2.0, rdp=2.0,
                             samples=20_000, gaussian=True)
    assert good.verdict == "consistent"
    bad = audit_olu_release(olu_release_sampler(lambda inst: _audit_case(), sigma_factor=0.05), {}, alpha=2.0, rdp=2.0,
                            samples=20_000, gaussian=True)
    assert bad.verdict == "refuted" and bad.epsilon_lower > rdp_to_dp(2.0, 2.0, 1e-3)


def test_audit_of_a_later_release_under_projection_is_consistent_for_the_reference():
    """The second release of Algorithm 1 on a box is not Gaussian (the first noise is clipped by the next projection):
    only the sampler sees it. The reference passes the (ε, δ) test implied by D_α ≤ αε (statistical, 95%)."""
    eta, L, om, eps = 0.2, 1.0, 3.0, 1.0
    base = om * (eta * L) ** 2 / (2 * (om - 1) * eps)
    sig = (math.sqrt(base), math.sqrt(2**om * base))  # σ_i² = i^ω ω(ηL)²/(2(ω−1)ε), γ = 1
    case = dict(losses=P.Losses(P.HUBER, tuple((5.0,) for _ in range(6)), delta=1.0), K=P.Box((-1.0,), (0.5,)),
                z1=(0.0,), etas=(eta,) * 6, tau=(2, 5), u=(1, 4), sigmas=sig)
    cand = olu_release_sampler(lambda inst: case, deletion=2)
    rng = np.random.default_rng(3)
    first = olu_release_sampler(lambda inst: case, deletion=1)({}, 0, rng, 2000)
    assert (first > 0.5).mean() > 0.1  # releases leave K
    res = audit_olu_release(cand, {}, alpha=2.0, rdp=2.0 * eps, samples=10_000)
    assert res.verdict == "consistent"


def test_float_logistic_step_far_out_is_quiet_and_rounds_the_sigmoid_to_zero():
    """The float64 sampler (run_batch) at margins past e^709.8: no numpy overflow warning (``check --paper olu`` printed
    it), σ(−m) rounded to 0 — the gradient vanishes — and a moderate margin matches mpmath."""
    L = P.Losses(P.LOGISTIC, ((1.0,),), y=(1,))
    z = [np.array([800.0, 1.0])]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        g = L.grad(1, z)[0]
    assert g[0] == 0.0
    assert math.isclose(g[1], float(-1 / (1 + mpmath.exp(1))), rel_tol=1e-15)
