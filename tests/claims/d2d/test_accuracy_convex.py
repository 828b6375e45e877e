"""Issue 23, d2d accuracy claims over their whole class: merely convex losses (m = 0) enclosed around a feasible point
(certunlearn.claims.d2d.convex_tail) and dimensions d ≥ 9 (certunlearn.claims.d2d.convex_families).

The m = 0 enclosure contains the exact answer where one is known — a linear loss's half-space tail (also at 100
digits with mpmath), a singular quadratic's exterior of a slab, a strongly convex quadratic computed by the exact route
and treated as m = 0 —; a declared M too small is refused by the hypotheses; the merely convex and the high-dimensional
families are generated inside the printed hypotheses and decided."""

import mpmath
import numpy as np
import pytest
from flint import arb, ctx
from hypothesis import given, settings
from hypothesis import strategies as st

from certunlearn.check.evaluate import EXCLUDED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import ENCLOSED_ACC, excess_probability, ncx2_sf, setup_of
from certunlearn.claims.d2d.convex_families import (
    QUICK_HIGH, THOROUGH_HIGH, convex_accuracy, high_dim_accuracy, linearise,
)
from certunlearn.claims.d2d.convex_tail import convex_probability, feasible_start, linear_minimum, wolfe_gap
from certunlearn.numeric.enclosure import Decision, to_arb
from certunlearn.numeric.fraction import Fraction

F = Fraction
#: ⟨x, θ⟩ on the box [−1/2, 1]², the data mean (1/2, −1/4): min at the vertex (−1/2, 1)
LINEAR_2D = {"A": [F(0), F(0)], "R": F(3), "lo": [F(-1, 2), F(-1, 2)], "hi": [F(1), F(1)], "linear": F(1),
             "X": [[F(1), F(-1, 2)], [F(0), F(0)]], "U": [], "theta0": [F(-1, 2), F(-1, 2)]}
#: ½(θ₁ − x₁)² (a flat second coordinate) on the box [−1/2, 1/2]², θ*₁ on the face (x̄₁ = 3/2)
SINGULAR_2D = {"A": [F(1), F(0)], "R": F(3), "lo": [F(-1, 2), F(-1, 2)], "hi": [F(1, 2), F(1, 2)],
               "X": [[F(2), F(1)], [F(1), F(-1)]], "U": [], "theta0": [F(-1, 2), F(-1, 2)]}
QUAD_2D = {"A": [F(2), F(2)], "R": F(3), "lo": [F(-1, 2), F(-1, 2)], "hi": [F(1, 2), F(1, 2)],
           "X": [[F(2), F(1)], [F(1), F(-1)]], "U": [], "theta0": [F(-1, 2), F(-1, 2)]}
CONVEX_CLAIMS = ("d2d.thm3.4:accuracy", "d2d.thm3.4:accuracy+fix", "d2d.thm3.5:accuracy", "d2d.thm3.5:accuracy+fix",
                 "d2d.rem3.6:accuracy", "d2d.rem3.6:accuracy+fix")


def _convex(inst, sigma, alpha, mean, err=F(0)):
    s = setup_of(inst)
    centre = np.asarray([F(v) for v in mean], dtype=object)
    return convex_probability(s, s.X, centre, to_arb(sigma), to_arb(alpha), err, ncx2_sf)


def _mp(q):
    return mpmath.mpf(q.numerator) / q.denominator


def _linear_exact_mp(sigma, alpha, mean):
    """P[⟨x̄, θ̂ + Z⟩ − min_Θ⟨x̄, θ⟩ > α] = ½erfc((α − ⟨x̄, θ̂⟩ + min)/(σ‖x̄‖√2)) for LINEAR_2D, in mpmath."""
    xbar = [F(1, 2), F(-1, 4)]
    mn = sum(min(x * F(-1, 2), x * F(1)) for x in xbar)
    inner = sum(x * m for x, m in zip(xbar, mean))
    norm = mpmath.sqrt(sum(_mp(x) ** 2 for x in xbar))
    return mpmath.erfc((_mp(alpha) - _mp(inner) + _mp(mn)) / (_mp(sigma) * norm * mpmath.sqrt(2))) / 2


@pytest.mark.parametrize("sigma, alpha, mean", [(F(1, 3), F(1, 5), [F(0), F(0)]), (F(1), F(1, 2), [F(-1, 2), F(1)]),
                                                (F(1, 10), F(1, 100), [F(-2, 5), F(4, 5)])])
def test_a_linear_loss_is_the_half_space_tail_exactly_at_100_digits(sigma, alpha, mean):
    """M = 0 and the minimiser a vertex: both ends are the half-space tail, G = 0 — the enclosure is the exact value."""
    with ctx.workprec(400), mpmath.workdps(100):
        got = _convex(LINEAR_2D, sigma, alpha, mean)
        want = _linear_exact_mp(sigma, alpha, mean)
        assert 1e-6 < want < 1 - 1e-6
        assert got.rad() < 1e-60 and got.overlaps(arb(mpmath.nstr(want, 95), arb(10) ** -90))


def test_a_singular_quadratic_contains_the_slab_exterior():
    """½(θ₁ − x̄₁)² + const (A = diag(1, 0)): f − min_Θ f > α ⇔ (θ₁ − x̄₁)² > 2α + (θ*₁ − x̄₁)², a one-dimensional
    noncentral χ² tail in θ₁ alone; the m = 0 enclosure contains it."""
    sigma, alpha, mean = F(1, 3), F(1, 5), [F(1, 4), F(0)]
    s = setup_of(SINGULAR_2D)
    assert s.loss.risk_strong_convexity() == 0
    xbar1, star1 = F(3, 2), F(1, 2)
    exact = ncx2_sf(1, to_arb((mean[0] - xbar1) ** 2) / to_arb(sigma) ** 2,
                    (2 * to_arb(alpha) + to_arb((star1 - xbar1) ** 2)) / to_arb(sigma) ** 2)
    got = _convex(SINGULAR_2D, sigma, alpha, mean)
    via_claims = excess_probability(s, s.X, np.asarray(mean, dtype=object), to_arb(sigma), to_arb(alpha))
    assert 0.01 < exact.mid() < 0.99 and exact.rad() < 1e-10
    assert got.lower() <= exact.lower() and exact.upper() <= got.upper()
    assert via_claims.overlaps(got)  # the claims' dispatcher takes the m = 0 route


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 6), st.fractions(F(1, 50), F(2)), st.fractions(F(-1, 2), F(1, 2)), st.fractions(F(-1, 2), F(1, 2)),
       st.sampled_from([F(1, 2), F(3, 2)]))
def test_a_strongly_convex_quadratic_declared_merely_convex_is_contained(a, alpha, m1, m2, x1):
    """A = aI (m = a > 0) declared m = 0: the exact route (a noncentral χ² tail around θ*) lies inside the m = 0
    enclosure, which ignores m (θ* inside Θ for x̄₁ = 1/2 — g(θ*) = 0 —, on a face for x̄₁ = 3/2)."""
    inst = {**QUAD_2D, "A": [F(a), F(a)], "X": [[2 * x1 - 1, F(1)], [F(1), F(-1)]]}
    s = setup_of(inst)
    centre = np.asarray([m1, m2], dtype=object)
    exact = excess_probability(s, s.X, centre, to_arb(F(1, 3)), to_arb(alpha))
    got = convex_probability(s, s.X, centre, to_arb(F(1, 3)), to_arb(alpha), F(0), ncx2_sf)
    assert exact.rad() < 1e-10
    assert got.lower() <= exact.lower() and exact.upper() <= got.upper()


def test_the_wolfe_gap_brackets_the_minimum_and_the_start_is_feasible():
    s = setup_of(SINGULAR_2D)
    theta0, g0, gap = feasible_start(s.loss, s.domain, s.X)
    assert s.domain.contains(np.asarray(theta0, dtype=object))
    assert gap >= 0 and gap.upper() < 1e-12  # the solver's start, on the face θ₁ = 1/2
    # a start far from the optimum: the gap is positive and still brackets min_Θ f = f(θ*) (θ*₁ = 1/2)
    far = [F(-1, 2), F(0)]
    g = [to_arb(v) for v in np.asarray(s.loss.risk_grad(np.asarray([to_arb(v) for v in far], dtype=object),
                                                         s.X)).ravel()]
    G = wolfe_gap(s.domain, far, g)
    f = lambda t: (t - F(3, 2)) ** 2 / 2  # noqa: E731 - the first coordinate's loss (the constant cancels)
    assert to_arb(f(F(-1, 2)) - f(F(1, 2))) <= G.upper()
    assert linear_minimum(s.domain, [arb(1), arb(-1)]).overlaps(to_arb(F(-1)))


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8), st.fractions(F(1, 100), F(99, 100)))
def test_a_declared_smoothness_below_the_loss_is_refused(a1, a2, shrink):
    """M below the family's declared (verified) smoothness is outside the hypotheses: excluded, never evaluated."""
    inst = {**SINGULAR_2D, "A": [F(a1), F(0)] if a2 % 2 else [F(a1), F(a2)], "n": 2, "d": 2,
            "epsilon": F(1), "delta": F(1, 10**5), "I": 2, "beta": F(1, 20)}
    inst.update({"L": F(100), "D": F(2), "M": F(max(inst["A"])) * shrink})
    ev = evaluate(get_claim("d2d.thm3.4:accuracy+fix"), inst, 256)
    assert ev.outcome == EXCLUDED and "smooth" in ev.reason


@pytest.mark.parametrize("cid", CONVEX_CLAIMS)
def test_the_merely_convex_family_is_inside_the_hypotheses_and_decided(cid):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith("merely convex"))
    insts = adv.generate(np.random.default_rng(0), 40)
    assert len(insts) == 5
    kinds = set()
    for inst in insts:
        s = setup_of(inst)
        assert s.loss.risk_strong_convexity() == 0  # every instance is merely convex
        assert ENCLOSED_ACC.decide(inst) is Decision.TRUE
        kinds.add((type(s.loss).__name__, len(inst["A"]) > 8))
        ev = evaluate(claim, inst, 1024)
        assert ev.outcome == WITHIN, (ev.outcome, ev.reason)
    assert {k for k, _ in kinds} == {"RoundedLogistic", "Linear", "SemidefiniteQuadratic"} and (
        "RoundedLogistic", True) in kinds


def test_the_merely_convex_family_grows_with_the_profile():
    quick, thorough = convex_accuracy(np.random.default_rng(0), 40), convex_accuracy(np.random.default_rng(0), 400)
    assert len(thorough) > 10 * len(quick)
    assert max(len(i["A"]) for i in thorough) > max(len(i["A"]) for i in quick) >= 9
    assert any(i.get("polytope") for i in thorough) and any(i.get("ball") for i in thorough)


def test_linearise_keeps_theta_and_declares_a_positive_smoothness():
    inst = linearise(QUAD_2D | {"theta0": [F(-1, 2), F(-1, 2)], "m": F(1), "M": F(2), "L": F(9), "D": F(2)})
    assert inst["linear"] == 1 and inst["A"] == [0, 0] and inst["M"] > 0 and "m" not in inst


@pytest.mark.parametrize("cid", ("d2d.thm3.1:accuracy", "d2d.thm3.1:accuracy+fix", "d2d.thm3.4:accuracy",
                                 "d2d.rem3.6:accuracy+fix"))
def test_the_high_dimensional_family_is_decided(cid):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith("dimensions d ≥ 9"))
    insts = adv.generate(np.random.default_rng(0), 40)
    assert sorted(len(i["A"]) for i in insts) == sorted(d for d, *_ in QUICK_HIGH)
    for inst in insts:
        ev = evaluate(claim, inst, 1024)
        assert ev.outcome == WITHIN, (ev.outcome, ev.reason)


def test_the_high_dimensional_family_grows_with_the_profile():
    quick, thorough = high_dim_accuracy(np.random.default_rng(0), 40), high_dim_accuracy(np.random.default_rng(0), 400)
    assert len(thorough) == len(set(THOROUGH_HIGH)) > 10 * len(quick)
    assert min(len(i["A"]) for i in quick) >= 9 and max(len(i["A"]) for i in thorough) == 128
