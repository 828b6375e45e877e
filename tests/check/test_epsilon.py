"""The ε-scale tightness of (ε, δ) certificates (:mod:`certunlearn.check.epsilon`), called in-process on small
instances whose answer is known by hand (a piecewise-linear privacy profile, the Laplace closed form
ε′ = Δ/b + 2 ln(1 − δ)) or from mpmath at 100 digits (the Balle–Wang Gaussian profile): the bisection for
ε′ = min{ε′ ≥ 0 : δ(ε′) ≤ δ}, the doubling search above ε for a violated certificate, the tri-state decisions on
enclosures (an undecided comparison stops the search and never certifies more than it knows), the largest shift Δ*
and the reported ratios as certified lower ends."""

import mpmath
import pytest
import sympy
from flint import arb

from certunlearn.check.epsilon import DOUBLINGS, MAX_RATIO, PROFILE_INSTANCES, EpsilonTightness, epsilon_tightness
from certunlearn.claims import Adversary, Claim, Kind
from certunlearn.claims.model import DeltaProfile, GaussianPair, LaplacePair, PointMass, SubsampledGaussianLaws
from certunlearn.formulas.gaussian import DELTA_SUBSAMPLED_ADD, DELTA_SUBSAMPLED_REMOVE, q as q_s
from certunlearn.formulas.symbols import Delta as Delta_s, epsilon as epsilon_s, sigma as sigma_s
from certunlearn.numeric.fraction import Fraction

d = sympy.Symbol("delta", positive=True)


def claim(laws, bound=d):
    """A certificate whose bound is the instance's ``delta`` and whose laws are ``laws(values)``."""
    adversaries = (Adversary("points", generate=lambda rng, size: []),)
    return Claim(id="gaussian.eps-synthetic", source="test", kind=Kind.INEQUALITY, statement="test certificate",
                 hypotheses=(), bound=bound, quantity=lambda v: arb(0), adversaries=adversaries, laws=laws)


def linear(radius=0):
    """δ(ε) = max(0, 1 − ε), enclosed exactly (or with ``radius`` around the exact value): ε′ = 1 − δ by hand."""
    def delta(eps: arb) -> arb:
        value = 1 - eps if 1 - eps > 0 else arb(0)
        return arb(value.mid(), radius) if radius else value  # radius: a dyadic float, exact
    return lambda values: DeltaProfile(delta)


def inst(epsilon, delta):
    return {"epsilon": str(epsilon), "delta": str(delta)}


def ratio(laws, epsilon, delta):
    return epsilon_tightness(claim(laws), [inst(epsilon, delta)])


def assert_lower_end(got, true, rel=1e-15):
    """``got`` is a certified lower end of ``true`` (never above it) and close to it."""
    assert got is not None and got <= true and got >= true * (1 - rel), (got, true)


def test_no_laws_no_positive_epsilon_or_a_point_mass_give_no_ratio():
    no_laws = Claim(id="gaussian.eps-synthetic", source="test", kind=Kind.INEQUALITY, statement="t", hypotheses=(),
                    bound=d, quantity=lambda v: arb(0), adversaries=(Adversary("p", generate=lambda r, s: []),))
    assert epsilon_tightness(no_laws, [inst(1, "0.25")]) == EpsilonTightness(None, None)
    assert ratio(linear(), 0, "0.25") == EpsilonTightness(None, None)  # ε = 0: no ε-scale at all
    assert ratio(lambda v: PointMass(1), 1, "0.25") == EpsilonTightness(None, None)
    assert epsilon_tightness(claim(linear()), []) == EpsilonTightness(None, None)


@pytest.mark.parametrize("epsilon, delta, true", [
    (1, "0.25", 0.75),  # holds: ε′ = 3/4 in [0, ε], found by bisection from below
    (2, "0.25", 0.375),  # ε′ = 3/4 < 1 < ε: the bisection starts in [0, 2]
    (Fraction(1, 8), "0.25", 6.0),  # violated: δ(1/8) = 7/8 > 1/4, doubling to [1/2, 1], ε′/ε = 6
    (Fraction(3, 10), "0.5", 5 / 3),  # violated: ε′ = 1/2 found between 0.3·2^0 and 0.3·2^1
])
def test_the_smallest_epsilon_of_an_exact_profile_is_found_from_below(epsilon, delta, true):
    got = ratio(linear(), epsilon, delta)
    assert got.shift_ratio is None  # a general profile has no shift
    assert_lower_end(got.epsilon_ratio, true)


def test_a_certificate_already_met_at_zero_spends_no_epsilon():
    """δ(0) = 1 ≤ δ = 1: ε′ = 0."""
    assert ratio(linear(), 2, 1).epsilon_ratio == 0.0
    assert ratio(linear(), 1, "0.9999").epsilon_ratio > 0


def test_the_search_above_epsilon_reaches_its_limit_and_gives_up_beyond():
    """ε′ = 1: the doubling tries ε·2^k while that point is ≤ MAX_RATIO·ε = 2^20·ε, so ε′/ε up to 2^21 is found
    (2^20, 1.5·2^20 and 2^21 here); at 3·2^20 and 2^40 it gives up (no ratio, never a wrong one)."""
    assert MAX_RATIO == 2.0**20
    assert_lower_end(ratio(linear(), Fraction(1, 2**20), 0).epsilon_ratio, 2.0**20)
    assert_lower_end(ratio(linear(), Fraction(2, 3 * 2**20), 0).epsilon_ratio, 1.5 * 2**20)
    assert_lower_end(ratio(linear(), Fraction(1, 2**21), 0).epsilon_ratio, 2.0**21)
    assert_lower_end(ratio(linear(), Fraction(3, 2**21), 0).epsilon_ratio, 2.0**21 / 3)
    assert ratio(linear(), Fraction(1, 3 * 2**20), 0).epsilon_ratio is None
    assert ratio(linear(), Fraction(1, 2**40), 0).epsilon_ratio is None


def test_an_undecided_comparison_above_epsilon_gives_no_ratio():
    """δ(ε) = 1 − ε ± 1/2: at ε = 1/8 δ > 1/4 is decided, at 1/4 the ball [1/4, 5/4] is not: no ratio."""
    assert ratio(linear(0.5), Fraction(1, 8), "0.25").epsilon_ratio is None


def test_an_undecided_comparison_stops_the_bisection_at_the_last_decided_lower_end():
    """δ(ε) = 1 − ε ± 1/64 against δ = 0.3 (ε′ = 0.7). From ε = 1 the bisection decides δ(1/2) > 0.3,
    δ(3/4) ≤ 0.3, δ(5/8) > 0.3, and stops at δ(11/16) = 0.3125 ± 1/64, which straddles 0.3: ε′ ≥ 5/8. From
    ε = 1/8 the doubling decides δ(1/4), δ(1/2) > 0.3 and δ(1) ≤ 0.3, then the bisection of [1/2, 1] the same
    midpoints: ε′/ε ≥ (5/8)/(1/8) = 5."""
    assert ratio(linear(1 / 64), 1, "0.3").epsilon_ratio == 0.625
    assert ratio(linear(1 / 64), Fraction(1, 8), "0.3").epsilon_ratio == 5.0
    assert_lower_end(ratio(linear(), 1, "0.3").epsilon_ratio, 0.7)  # exact: no stop


def test_an_attained_certificate_still_reports_a_lower_end_below_one():
    """δ(3/4) = 1/4 ± 1/64 straddles the bound δ = 1/4 (attained up to the enclosure): the bisection runs in [0, 3/4],
    decides δ(3/8), δ(9/16), δ(21/32), δ(45/64), δ(93/128) > 1/4 and stops at δ(189/256) = 67/256 ± 1/64:
    ε′ ≥ 93/128, ε′/ε ≥ 93/96."""
    assert ratio(linear(1 / 64), Fraction(3, 4), "0.25").epsilon_ratio == 93 / 96


def test_the_largest_ratio_over_instances_is_reported():
    got = epsilon_tightness(claim(linear()), [inst(2, "0.25"), inst(Fraction(1, 8), "0.25"), inst(1, "0.25")])
    assert_lower_end(got.epsilon_ratio, 6.0)
    got = epsilon_tightness(claim(linear()), [inst(1, "0.25"), inst(2, "0.25")])
    assert_lower_end(got.epsilon_ratio, 0.75)


def test_a_general_profile_is_bisected_on_at_most_five_instances():
    """The sixth instance of a DeltaProfile claim (ε′/ε = 6) is not bisected: the first five give 3/4."""
    assert PROFILE_INSTANCES == 5
    first = [inst(1, "0.25")] * PROFILE_INSTANCES
    assert_lower_end(epsilon_tightness(claim(linear()), first + [inst(Fraction(1, 8), "0.25")]).epsilon_ratio, 0.75)
    assert_lower_end(epsilon_tightness(claim(linear()), first[1:] + [inst(Fraction(1, 8), "0.25")]).epsilon_ratio,
                     6.0)


# Laplace: δ(ε) = 1 − e^{(ε − Δ/b)/2} on [0, Δ/b]; ε′ = Δ/b + 2 ln(1 − δ); Δ* = b(ε − 2 ln(1 − δ)) ---------------------
def laplace_truth(shift, scale, epsilon, delta):
    with mpmath.workdps(100):
        shift, scale, epsilon, delta = (mpmath.mpf(Fraction(v).numerator) / Fraction(v).denominator
                                        for v in (shift, scale, epsilon, delta))
        eps_true = max(shift / scale + 2 * mpmath.log1p(-delta), 0)
        return float(eps_true / epsilon), float(shift / (scale * (epsilon - 2 * mpmath.log1p(-delta))))


@pytest.mark.parametrize("shift, scale, epsilon, delta", [
    (1, 1, 1, "0.01"),  # holds: ε′ = 1 + 2 ln 0.99 < 1
    (3, 1, 1, "0.1"),  # violated: ε′ = 3 + 2 ln 0.9 ≈ 2.79
    (1, 2, 1, "0.001"),  # holds well: ε′ ≈ 0.498
])
def test_laplace_epsilon_and_shift_ratios_match_the_closed_form(shift, scale, epsilon, delta):
    eps_ratio, shift_ratio = laplace_truth(shift, scale, epsilon, Fraction(delta))
    got = ratio(lambda v: LaplacePair(shift, scale), epsilon, delta)
    assert_lower_end(got.epsilon_ratio, eps_ratio)
    assert_lower_end(got.shift_ratio, shift_ratio)


def test_laplace_shift_ratio_takes_the_largest_over_instances():
    got = epsilon_tightness(claim(lambda v: LaplacePair(1, 1)), [inst(1, "0.01"), inst(2, "0.01"), inst(1, "0.1")])
    assert_lower_end(got.shift_ratio, laplace_truth(1, 1, 1, Fraction(1, 100))[1])


# Gaussian: δ(ε; s) = Φ(s/2 − ε/s) − e^ε Φ(−s/2 − ε/s), s = Δ/σ (Balle & Wang 2018, Theorem 8) -------------------------
def gauss_delta(eps, s):
    return mpmath.ncdf(s / 2 - eps / s) - mpmath.exp(eps) * mpmath.ncdf(-s / 2 - eps / s)


def root(f, lo, hi):
    """The root of a monotone ``f`` in [lo, hi] by 400 bisection steps (f(lo), f(hi) of opposite signs)."""
    sign = f(lo) > 0
    for _ in range(400):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if (f(mid) > 0) == sign else (lo, mid)
    return lo


def gauss_truth(shift, sigma, epsilon, delta):
    """(ε′/ε, Δ/Δ*) at 100 digits for Gaussian laws with noise σ, shift Δ and the certificate (ε, δ)."""
    with mpmath.workdps(100):
        delta = mpmath.mpf(delta)
        sigma = mpmath.mpf(sigma)
        s = mpmath.mpf(shift) / sigma
        eps_true = root(lambda e: gauss_delta(e, s) - delta, mpmath.mpf(0), mpmath.mpf(100))
        allowed = sigma * root(lambda t: gauss_delta(epsilon, t) - delta, mpmath.mpf("1e-6"), mpmath.mpf(100))
        return float(eps_true / epsilon), float(mpmath.mpf(shift) / allowed)


def test_gaussian_ratios_match_mpmath_where_the_certificate_holds():
    """σ = 2, Δ = 1, ε = 2, δ = 10⁻³ holds: ε′/ε and Δ/Δ* agree with mpmath's roots (100 digits) from below."""
    eps_ratio, shift_ratio = gauss_truth(1, 2, 2, "0.001")
    assert 0 < eps_ratio < 1 and 0 < shift_ratio < 1
    got = epsilon_tightness(claim(lambda v: GaussianPair(1, 2)), [inst(2, "0.001")])
    assert_lower_end(got.epsilon_ratio, eps_ratio, 1e-12)
    assert_lower_end(got.shift_ratio, shift_ratio, 1e-12)


def test_a_violated_gaussian_certificate_has_an_epsilon_ratio_above_one_and_no_shift_ratio():
    """σ = 1, Δ = 1, ε = 1, δ = 10⁻⁵: δ(1) ≈ 0.127 > δ, ε′ ≈ 4.377; no shift ≥ Δ is allowed."""
    eps_ratio, _ = gauss_truth(1, 1, 1, "1e-5")
    got = epsilon_tightness(claim(lambda v: GaussianPair(1, 1)), [inst(1, "0.00001")])
    assert eps_ratio > 4 and got.shift_ratio is None
    assert_lower_end(got.epsilon_ratio, eps_ratio, 1e-12)


def test_a_gaussian_shift_ratio_is_the_largest_over_instances():
    """ε = 1 is violated (ε′/ε ≈ 1.35, no shift ratio); the largest shift ratio is ε = 2, δ = 10⁻³'s 0.72."""
    laws = claim(lambda v: GaussianPair(1, 2))
    got = epsilon_tightness(laws, [inst(2, "0.01"), inst(2, "0.001"), inst(1, "0.001"), inst(2, "0.01")])
    assert_lower_end(got.shift_ratio, gauss_truth(1, 2, 2, "0.001")[1], 1e-12)
    assert_lower_end(got.epsilon_ratio, gauss_truth(1, 2, 1, "0.001")[0], 1e-12)


def test_a_zero_shift_has_no_shift_ratio():
    """Identical laws (Δ = 0): δ(ε) = 0, nothing to bisect on the shift scale."""
    got = epsilon_tightness(claim(lambda v: GaussianPair(0, 1)), [inst(1, "0.001")])
    assert got.shift_ratio is None and got.epsilon_ratio == 0.0


def test_subsampled_laws_take_the_certified_interval_lower_end():
    """q = 1 and one step is the Gaussian mechanism itself: ε′ at δ = 10⁻⁵ for σ = Δ = 1 is 4.3772 (mpmath)."""
    eps_ratio, _ = gauss_truth(1, 1, 1, "1e-5")
    got = epsilon_tightness(claim(lambda v: SubsampledGaussianLaws(1, 1, 1)), [inst(1, "0.00001")])
    assert got.shift_ratio is None and got.epsilon_ratio <= eps_ratio
    assert got.epsilon_ratio == pytest.approx(eps_ratio, rel=1e-9)
    halved = epsilon_tightness(claim(lambda v: SubsampledGaussianLaws(1, 1, 1)), [inst(2, "0.00001")])
    assert halved.epsilon_ratio == pytest.approx(eps_ratio / 2, rel=1e-9)


def test_subsampled_laws_at_a_delta_outside_zero_one_give_no_ratio():
    assert epsilon_tightness(claim(lambda v: SubsampledGaussianLaws(1, 1, 1)), [inst(1, 1)]).epsilon_ratio is None
    assert epsilon_tightness(claim(lambda v: SubsampledGaussianLaws(1, 1, 1)), [inst(1, 0)]).epsilon_ratio is None


def test_a_small_shift_doubles_its_way_up_to_the_largest_allowed_shift():
    """Δ = 1/4, σ = 2, ε = 2, δ = 10⁻³: Δ* ≈ 1.38 lies three doublings above Δ; Δ/Δ* from below (mpmath)."""
    got = epsilon_tightness(claim(lambda v: GaussianPair(Fraction(1, 4), 2)), [inst(2, "0.001")])
    assert_lower_end(got.shift_ratio, gauss_truth("0.25", 2, 2, "0.001")[1], 1e-12)
    assert got.shift_ratio < 0.25


def test_a_certificate_with_delta_one_allows_every_shift_and_spends_no_epsilon():
    """δ(ε; Δ) ≤ 1 for every Δ: Δ* is unbounded (no shift ratio after the doubling gives up), and ε′ = 0."""
    got = epsilon_tightness(claim(lambda v: GaussianPair(1, 2)), [inst(2, 1)])
    assert got == EpsilonTightness(0.0, None)


def test_a_wide_bound_stops_the_shift_bisection_at_a_certified_upper_end():
    """The bound δ + x sin²y + x cos²y − x equals δ, but at x = 2^220 its enclosure is δ ± 1.2e-10 at 256 bits: the
    bisections stop where δ(ε; mid) straddles it, and what they report still never overstates (mpmath)."""
    x, y = sympy.symbols("x y", positive=True)
    wide = d + x * sympy.sin(y) ** 2 + x * sympy.cos(y) ** 2 - x
    instance = {**inst(2, "0.001"), "x": str(2**220), "y": "1"}
    got = epsilon_tightness(claim(lambda v: GaussianPair(1, 2), bound=wide), [instance])
    eps_ratio, shift_ratio = gauss_truth(1, 2, 2, "0.001")
    assert_lower_end(got.shift_ratio, shift_ratio, 1e-6)
    assert_lower_end(got.epsilon_ratio, eps_ratio, 1e-6)
    assert got.shift_ratio < shift_ratio * (1 - 1e-12)  # it did stop early: the exact bound gives 1e-15


def test_laplace_ratio_below_one_scale_and_a_delta_above_one():
    """b = 1/4: Δ* = ε − 2 ln(1 − δ) scaled by 1/4 is below 1 and still reported; a 'δ' above 1 (ln of a negative
    number) gives no shift ratio."""
    got = ratio(lambda v: LaplacePair(Fraction(1, 8), Fraction(1, 4)), 1, "0.01")
    assert_lower_end(got.shift_ratio, laplace_truth(Fraction(1, 8), Fraction(1, 4), 1, Fraction(1, 100))[1])
    assert ratio(lambda v: LaplacePair(1, 1), 1, 2).shift_ratio is None


#: formulas.gaussian's closed forms of both directions (the code under test, privacy.subsampled, integrates the
#: mixture's privacy loss and reads no formula), as mpmath functions of (ε, q, σ, Δ)
_SUBSAMPLED = tuple(sympy.lambdify((epsilon_s, q_s, sigma_s, Delta_s), f, modules="mpmath")
                    for f in (DELTA_SUBSAMPLED_REMOVE, DELTA_SUBSAMPLED_ADD))


def subsampled_delta(eps, q, sigma, shift):
    """δ(ε) of one Poisson-subsampled Gaussian step at the working mpmath precision, the larger direction (Zhu, Dong &
    Wang 2022, Thm 11): the remove direction, and the add direction where e^{−ε} > 1 − q (0 elsewhere)."""
    remove, add = _SUBSAMPLED
    return max(remove(eps, q, sigma, shift), add(eps, q, sigma, shift) if mpmath.exp(-eps) > 1 - q else 0)


@pytest.mark.parametrize("q, epsilon", [(Fraction(1, 2), 1), (Fraction(9, 10), 2)])
def test_one_subsampled_step_has_the_shift_ratio_of_its_exact_profile(q, epsilon):
    """One Poisson-subsampled step (σ = 1, Δ = 1/4, δ = 10⁻³): Δ/Δ* with Δ* = max{Δ : δ(ε; Δ) ≤ δ}, from below, against
    the closed-form profile bisected at 100 digits (q = 1/2, ε = 1: only the remove direction is positive; q = 9/10,
    ε = 2: both are); three composed steps have no shift ratio (no exact profile to bisect)."""
    with mpmath.workdps(100):
        qq, ee, target = mpmath.mpf(q.numerator) / q.denominator, mpmath.mpf(Fraction(epsilon).numerator) / Fraction(
            epsilon).denominator, mpmath.mpf("0.001")
        allowed = root(lambda t: subsampled_delta(ee, qq, 1, t) - target, mpmath.mpf("1e-6"), mpmath.mpf(100))
        true = float(mpmath.mpf(1) / 4 / allowed)
    got = epsilon_tightness(claim(lambda v: SubsampledGaussianLaws(q, 1, Fraction(1, 4))), [inst(epsilon, "0.001")])
    assert_lower_end(got.shift_ratio, true, 1e-9)
    composed = epsilon_tightness(claim(lambda v: SubsampledGaussianLaws(q, 1, Fraction(1, 4), steps=3)),
                                 [inst(epsilon, "0.001")])
    assert composed.shift_ratio is None and composed.epsilon_ratio is not None
    # the bound δ written so that its enclosure is δ ± 1.2e-10 (x = 2^220, as for the Gaussian above): the bisection
    # stops where δ(ε; mid) straddles it, and what it reports still never overstates
    x, y = sympy.symbols("x y", positive=True)
    wide = d + x * sympy.sin(y) ** 2 + x * sympy.cos(y) ** 2 - x
    stopped = epsilon_tightness(claim(lambda v: SubsampledGaussianLaws(q, 1, Fraction(1, 4)), bound=wide),
                                [{**inst(epsilon, "0.001"), "x": str(2**220), "y": "1"}])
    assert_lower_end(stopped.shift_ratio, true, 1e-6)
    assert stopped.shift_ratio < true * (1 - 1e-12)


@pytest.mark.parametrize("sampling, relation", [("poisson", "add-remove"), ("fixed", "replace-one")])
def test_subsampled_laws_pass_every_parameter_to_the_certified_accountant(sampling, relation):
    """Δ = 2, σ = 3, q = 1/2, three steps (exact dyadic or integer values, so no rounding): ε′ is the lower end of
    :func:`certunlearn.privacy.score.score`'s certified interval for these very laws, and differs from the defaults'."""
    from certunlearn.privacy.score import score

    laws = SubsampledGaussianLaws(Fraction(1, 2), 3, 2, steps=3, sampling=sampling, relation=relation)
    got = epsilon_tightness(claim(lambda v: laws), [inst(2, "0.00001")])
    expected = score("subsampled-gaussian", sigma=3, sensitivity=2, q=0.5, steps=3, sampling=sampling,
                     relation=relation, delta=1e-5).interval[0]
    assert got.epsilon_ratio == pytest.approx(expected / 2, rel=1e-12) and got.epsilon_ratio <= expected / 2
    default = epsilon_tightness(claim(lambda v: SubsampledGaussianLaws(1, 1, 1)), [inst(2, "0.00001")])
    assert default.epsilon_ratio != pytest.approx(got.epsilon_ratio, rel=1e-3)


def flat(radius=Fraction(1, 64)):
    """δ(ε) = max(0, 3/4 − ε) (flat at 0 from 3/4 on, like a Laplace profile), enclosed exactly below 3/4 and from 2
    on, and by the ball [0, 2·radius] — touching the target 0 from above — in between: ε′ = 3/4 at δ = 0."""
    def delta(eps: arb) -> arb:
        if eps < arb(3) / 4:
            return arb(3) / 4 - eps
        return arb(0) if eps >= 2 else touching_zero(radius)
    return lambda values: DeltaProfile(delta)


def touching_zero(radius):
    """A ball whose lower end is exactly 0: [0 ± r] shifted up by its own (rounded-up) radius r."""
    ball = arb(0, float(radius))
    return ball + ball.rad()


def test_an_enclosure_touching_the_target_from_above_never_certifies_more():
    """[0, 2r] is not decided > 0 (the true δ may be 0 on a flat stretch): it stops the search like any undecided
    comparison, and the reported ratio never exceeds ε′/ε. ε = 1: the bisection of [0, 1] decides δ(1/2) > 0 and stops
    at 3/4 (ratio 1/2 ≤ 3/4); ε = 1/4: the doubling decides δ(1/2) > 0, cannot decide at 1 (no ratio); ε = 2: δ(2) = 0,
    the bisection stops at its first midpoint 1 (ratio 0)."""
    assert touching_zero(Fraction(1, 64)) >= 0 and not touching_zero(Fraction(1, 64)) > 0  # it touches 0
    assert ratio(flat(), 1, 0).epsilon_ratio == 0.5
    assert ratio(flat(), Fraction(1, 4), 0).epsilon_ratio is None
    assert ratio(flat(), 2, 0).epsilon_ratio == 0.0


def test_laws_are_computed_from_each_instances_values():
    """The laws are a function of the instance (its shift here): Δ = 1/2 and Δ = 1 at the same σ, ε, δ."""
    laws = claim(lambda v: GaussianPair(v["Delta"], 2))
    small = epsilon_tightness(laws, [{**inst(2, "0.001"), "Delta": "0.5"}])
    assert_lower_end(small.shift_ratio, gauss_truth("0.5", 2, 2, "0.001")[1], 1e-12)
    assert_lower_end(small.epsilon_ratio, gauss_truth("0.5", 2, 2, "0.001")[0], 1e-12)


def test_skipped_instances_do_not_end_the_scan():
    """A point mass, an ε of 0 and a general profile past its first five instances are skipped; the instances after
    them still count."""
    gaussian = {**inst(2, "0.001"), "kind": "gaussian"}
    truth = gauss_truth(1, 2, 2, "0.001")

    def laws(v):
        return {"point": PointMass(1), "profile": DeltaProfile(linear()(v).delta)}.get(v.get("kind"),
                                                                                      GaussianPair(1, 2))
    for skipped in ([{**inst(1, "0.25"), "kind": "point"}], [inst(0, "0.25")],
                    [{**inst(1, "0.25"), "kind": "profile"}] * (PROFILE_INSTANCES + 1)):
        got = epsilon_tightness(claim(laws), [*skipped, gaussian])
        assert_lower_end(got.shift_ratio, truth[1], 1e-12)


def test_the_largest_allowed_shift_may_be_below_one():
    """σ = 1/2, Δ = 1/8, ε = 2, δ = 10⁻³: Δ* ≈ 0.35 (a quarter of the σ = 2 case)."""
    got = epsilon_tightness(claim(lambda v: GaussianPair(Fraction(1, 8), Fraction(1, 2))), [inst(2, "0.001")])
    assert_lower_end(got.shift_ratio, gauss_truth("0.125", "0.5", 2, "0.001")[1], 1e-12)


def test_the_shift_doubling_reaches_its_limit_and_gives_up_beyond():
    """σ = 2, ε = 2, δ = 10⁻³: Δ* ≈ 1.38. From Δ = 2^-199 the 200 doublings reach 2^1 > Δ*; from 2^-200 they stop at
    2^0 < Δ*: no shift ratio (never a wrong one)."""
    assert DOUBLINGS == 200
    got = epsilon_tightness(claim(lambda v: GaussianPair(Fraction(1, 2**199), 2)), [inst(2, "0.001")])
    assert got.shift_ratio is not None and 0 < got.shift_ratio <= 2.0**-199 / 1.38
    got = epsilon_tightness(claim(lambda v: GaussianPair(Fraction(1, 2**200), 2)), [inst(2, "0.001")])
    assert got.shift_ratio is None and got.epsilon_ratio == 0.0


def test_the_lower_end_of_epsilon_is_a_point_where_delta_above_the_target_was_decided():
    """_smallest_epsilon returns a point ε with δ(ε) > δ₀ decided (so ε′ > ε: a certified lower end, not the bracket's
    upper end), within 2⁻⁵⁹ of ε′, for a holding and a violated certificate; the Gaussian profile at s = 1/2."""
    from certunlearn.check.epsilon import _smallest_epsilon
    from certunlearn.numeric.precision import workprec
    from certunlearn.privacy.profile import profile_arb

    with workprec(256):
        target = arb("0.001")
        for eps in (arb(2), arb(1) / 4):
            found = _smallest_epsilon(lambda e: profile_arb(e, arb(1) / 2), target, eps)
            assert profile_arb(found, arb(1) / 2) > target
            assert profile_arb(found * (1 + arb(2) ** -59), arb(1) / 2) <= target


def test_a_gaussian_pair_is_scored_in_a_third_of_the_bisections_evaluations(monkeypatch):
    """ε′ and Δ* of one Gaussian pair (σ = 2, Δ = 1, ε = 2, δ = 10⁻³) take at most 40 enclosures of the profile
    (measured: 29; the two bisections of 60 steps took about 125): the brackets are narrowed (certunlearn.check.bracket), and the
    ratios still match mpmath from below."""
    import certunlearn.check.epsilon as module

    calls = []
    real = module.profile_arb
    monkeypatch.setattr(module, "profile_arb", lambda e, s: calls.append(e) or real(e, s))
    got = epsilon_tightness(claim(lambda v: GaussianPair(1, 2)), [inst(2, "0.001")])
    eps_ratio, shift_ratio = gauss_truth(1, 2, 2, "0.001")
    assert_lower_end(got.epsilon_ratio, eps_ratio, 1e-12)
    assert_lower_end(got.shift_ratio, shift_ratio, 1e-12)
    assert len(calls) <= 40
