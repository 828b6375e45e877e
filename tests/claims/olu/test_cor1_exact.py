"""olu.cor1:huber and its σ/4 control are exact claims (certunlearn.claims.olu.sampled, "unlearning with Huber losses on a
box"): the released laws at τ[2] against Algorithm 1 run by its own code, D_α against mpmath at 100 digits, verdicts
decided on enclosures."""
from __future__ import annotations

import mpmath
import numpy as np
from flint import arb

from certunlearn.algorithms.olu import printed as P
from certunlearn.check import get_profile
from certunlearn.check.runner import judge
from certunlearn.claims import get_claim
from certunlearn.claims.olu import sampled as S
from certunlearn.claims.olu.printed import BOX, domain_of, losses_of
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.privacy.clipped_gaussian import PiecewiseAffine, ReleasedLaw, tail_bounds

RNG = np.random.default_rng(0)


def small() -> dict:
    """T = 2, one step between the two noises: Algorithm 1 steps on f_2 (x = 1, δ = 1/2, η = 1/2) and clips to [−1, 1];
    the reference (f_1, f_2 deleted) only projects. Its maps' kinks by hand: −5/4, 1/2, 1 and −1, 1."""
    return S.unlearning_instance(P.HUBER, [[1], [1]], [0], BOX, {"lo": [-1], "hi": [1]}, (1, 2), (1, 2), 2,
                                 eta_=F(1, 2), beta_=1, L_=F(1, 2), omega_=2, seed=0, n=1, delta=F(1, 2))


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def to_mp(ball: arb) -> mpmath.mpf:
    return mpmath.mpf(ball.mid().str(130, radius=False))


def algorithm_map(v: dict, reference: int, x):
    """The state at τ[2] before its noise when the release at τ[1] is x: Algorithm 1's own run (exact on Fractions,
    or mpmath), the first noise chosen to land on x and the second set to 0."""
    conv = mp if isinstance(x, mpmath.mpf) else (lambda q: q)
    losses, K = losses_of(v, conv), domain_of(v, conv)
    tau, u = S.schedule_of(v)
    before: dict = {}

    def noise(i, d):
        return [x - before[tau[0]][0]] if i == 1 else [0 * x]

    out = P.run(losses, K, [conv(z) for z in v["z1"]], [conv(v["eta"])] * losses.T, tau, u, [conv(1), conv(0)], noise,
                reference=reference, before_noise=before)
    return out[tau[1]][0]


def test_released_maps_are_the_algorithms_own():
    """The piecewise-affine map of each law equals Algorithm 1's run (and its reference's) exactly on a rational grid,
    for every Huber instance of the claim."""
    for v in [small(), *S.huber_unlearning_instances(RNG, 100)]:
        for ref in (0, 2):
            law = S.released_laws(v, ref)[0]
            m = P.path(losses_of(v, lambda q: q), domain_of(v, lambda q: q), list(v["z1"]), [v["eta"]] * len(v["X"]),
                       upto=v["tau"][0], skipped=set(v["u"][:ref]))[v["tau"][0]][0]
            assert law.m == m
            for j in range(-300, 301):
                x = F(j, 7)
                assert law.F(x) == algorithm_map(v, ref, x), (v["tau"], ref, x)


def test_small_instance_against_mpmath_at_100_digits():
    """Independent oracle at 100 digits. Pointwise: p(w) = ∫ φ_{σ₁}(x − m) φ_{σ₂}(w − F(x)) dx by Gauss–Legendre
    quadrature (48 nodes per cell, cells cut at the hand-derived kinks, ±22σ₁) with F Algorithm 1's own run in mpmath,
    against the module's closed form at points in the bulk and the tails (to 40 digits). Integral: log ∫ p²/q by mpmath's tanh-sinh (no tail bound, range ±30σ₂)
    against the module's acb.integral + tail bounds."""
    v = small()
    with workprec(128):
        got = S.huber_divergence()(v)
        laws = {ref: S.released_laws(v, ref)[0] for ref in (0, 2)}
        dens = {ref: laws[ref].density() for ref in (0, 2)}
        kinks = {0: [F(-5, 4), F(1, 2), F(1)], 2: [F(-1), F(1)]}
        with mpmath.workdps(100):
            s1, s2 = mpmath.sqrt(to_mp(laws[0].v1)), mpmath.sqrt(to_mp(laws[0].v2))
            base = mpmath.calculus.quadrature.GaussLegendre(mpmath.mp).calc_nodes(5, mpmath.mp.prec)  # 48 nodes
            for ref in (0, 2):
                m = mp(laws[ref].m)
                cuts = sorted({*mpmath.linspace(m - 22 * s1, m + 22 * s1, 9), *[mp(k) for k in kinks[ref]]})
                rule = []  # (weight·φ_{σ₁}(x − m), F(x)) on Gauss–Legendre nodes of each cell between the kinks
                for a, b in zip(cuts, cuts[1:]):
                    for x, wt in base:
                        xx = a + (b - a) * (x + 1) / 2
                        rule.append(((b - a) / 2 * wt * mpmath.npdf(xx, m, s1), algorithm_map(v, ref, xx)))
                for w in ("-3.5", "-0.75", "0.3", "1", "2.25", "4"):
                    want = mpmath.fsum(c * mpmath.npdf(mpmath.mpf(w), z, s2) for c, z in rule)
                    have = dens[ref](arb(w))
                    assert abs(to_mp(have) - want) <= to_mp(have.rad()) + abs(want) * mpmath.mpf(10) ** -40, (ref, w)
            with workprec(420):  # the densities ~20 digits beyond the quadrature's goal
                def ratio(w):
                    a = arb(mpmath.nstr(w, 120))
                    return to_mp(dens[0](a) ** 2 / dens[2](a))

                integral = mpmath.quad(ratio, mpmath.linspace(-1 - 30 * s2, 1 + 30 * s2, 7))
            want = mpmath.log(integral)
    assert got.contains(arb(mpmath.nstr(want, 60))), (got, want)
    assert got.rad() < arb(10) ** -8
    assert want < 2  # αε = 2: the claim holds here


def test_claim_and_control_decide_on_enclosures():
    """olu.cor1:huber holds (every instance decided within, none undecided) with an exact verdict; its σ/4 control is
    violated — on the far-target instances, whose laws are nearly the Gaussian translation's (D₂ → 16·0.8 = 12.8) — so
    it now proves something: its base is decided."""
    quick = get_profile("quick")
    base = judge(get_claim("olu.cor1:huber"), quick, 0)
    assert base.verdict == "holds" and base.evidence == "exact"
    assert base.instances["undecided"] == 0 and base.instances["within"] == base.instances["total"] > 0
    control = judge(get_claim("olu.cor1:huber-control-sigma-quarter"), quick, 0)
    assert control.verdict == "violated" and control.evidence == "exact"
    far = [v for v in S.huber_unlearning_instances(RNG, 40) if v["X"][0][0] == 50 and v["omega"] == 2]
    for v in far:
        with workprec(64):
            d = S.huber_divergence(F(1, 16))(v)
        assert d > 2 and d.contains(arb("12.8"))  # the Gaussian translation's 16·α(2ηδ)²/(2(σ₁² + σ₂²)) = 12.8


def test_far_target_matches_the_gaussian_translation_at_100_digits():
    """Where the clip and the box barely act (target 50, box [−10, 10]), D₂ of the printed σ is the Gaussian
    translation's α(2ηδ)²/(2(σ₁² + σ₂²)) up to the clipped mass: the ball holds the 100-digit value within 1e-9."""
    for v in (w for w in S.huber_unlearning_instances(RNG, 40) if w["X"][0][0] == 50):
        var = [to_mp(s) for s in S.noise_variances(v, 1, [v["eta"]] * len(v["X"]))]
        with mpmath.workdps(100):
            want = mp(v["alpha"]) * (2 * mp(v["eta"]) * mp(v["delta"])) ** 2 / (2 * (var[0] + var[1]))
        with workprec(128):
            got = S.huber_divergence()(v)
        assert abs(to_mp(got) - want) < mpmath.mpf(10) ** -9 + to_mp(got.rad()), (v["tau"], got, want)


def test_tail_bounds_hold():
    """The closed-form tail bounds (certunlearn.privacy.clipped_gaussian.tail_bounds) against mpmath's quadrature (30
    digits: the bounds are not tight, only ≤ is checked) of p²/q and of p beyond R = edge + tσ₂ (to R ± 60σ₂) for
    short reaches t, both sides: on the small instance (Q's atoms at the hull's ends: Δ = 0) and on a pair whose Q
    stops short of the hull (Q clipped to [−1/2, 1/2], P to [−1, 1]: Δ = 1/2, the e^{α(α−1)Δ²/(2s₂²)} factor acts); and
    two single atoms, where the right tail's bound is attained (so no factor can be dropped)."""
    v = small()
    clip = lambda lo, hi: PiecewiseAffine.from_function(lambda x: min(max(x, lo), hi), [lo, hi])  # noqa: E731
    short = (ReleasedLaw(F(1, 2), F(1, 4), F(1, 4), PiecewiseAffine.identity().then(clip(F(-1), F(1)))),
             ReleasedLaw(F(0), F(1, 4), F(1, 4), PiecewiseAffine.identity().then(clip(F(-1, 2), F(1, 2)))))
    # one atom each, at 1 and at 0: p, q are exactly φ(w − 1), φ(w) and the right tail's bound is an equality
    tight = (ReleasedLaw(F(0), F(1, 4), F(1, 4), PiecewiseAffine((), ((F(0), F(1)),))),
             ReleasedLaw(F(0), F(1, 4), F(1, 4), PiecewiseAffine((), ((F(0), F(0)),))))
    with workprec(128):
        for P_, Q_ in ((S.released_laws(v, 0)[0], S.released_laws(v, 2)[0]), short, tight):
            p, q = P_.density(), Q_.density()
            s2 = to_arb(P_.v2).sqrt()
            edge_ = {True: to_arb(max(P_.F.image_hull()[1], Q_.F.image_hull()[1])),
                     False: to_arb(min(P_.F.image_hull()[0], Q_.F.image_hull()[0]))}
            with mpmath.workdps(30):
                def f(w, kind):
                    a = arb(mpmath.nstr(w, 40))
                    return to_mp(p(a) ** 2 / q(a) if kind == "ratio" else p(a))

                for right in (True, False):
                    for t in (1, 2, 3):
                        R = edge_[right] + (t if right else -t) * s2
                        bound, mass_bound = tail_bounds(arb(2), P_, Q_, right, R)
                        far = to_mp(R) + (60 if right else -60) * to_mp(s2)  # beyond: < e^{−1800}
                        ends = [to_mp(R), far] if right else [far, to_mp(R)]
                        ratio = mpmath.quad(lambda w: f(w, "ratio"), ends)
                        mass = mpmath.quad(lambda w: f(w, "p"), ends)
                        assert 0 < ratio <= to_mp(bound.upper()) * (1 + mpmath.mpf(10) ** -20), (right, t, ratio, bound)
                        assert mass <= to_mp(mass_bound.upper()), (right, t)


def test_huber_family_grows_in_thorough_inside_the_hypotheses():
    """Quick (size 40) keeps the eight listed Huber instances exactly; thorough draws random ones of the class after
    them (d ∈ {1, 2, 4}, boxes, δ, L, β, η, ω, α, ε, schedules), every hypothesis decided TRUE."""
    import numpy as np

    from certunlearn.claims import get_claim
    from certunlearn.claims.olu.sampled import huber_unlearning_instances
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("olu.cor1:huber")
    adv = claim.adversaries[0]
    quick = adv.generate(np.random.default_rng(0), 40)
    assert len(quick) == 8 and quick == huber_unlearning_instances(np.random.default_rng(0), 8)
    big = adv.generate(np.random.default_rng(0), 100_000)
    strip = lambda insts: [{k_: v for k_, v in i.items() if k_ != "n"} for i in insts]  # noqa: E731 (n: draws)
    assert strip(big[:8]) == strip(quick) and len(big) >= 50
    for inst in big[8:]:
        assert all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses), inst
    assert {len(inst["X"][0]) for inst in big[8:]} == {1, 2, 4}
