"""Issue 23, d2d §3 accuracy claims for every loss of the class: the accuracy event enclosed between two quadratic
models' χ² tails (certunlearn.claims.d2d.sandwich_tail) — it contains the exact enclosures where they exist (logistic +
ridge in d = 1, the separable Huber-smoothed quadratic in d = 2 on a box), it is exact for a quadratic with m = M, its
half-space model (m = 0) agrees with mpmath at 100 digits, θ* and ∇f(θ*) are enclosed around the exact ones, and the
new families (logistic + ridge in d = 2, 3; Huber in d = 3, on a disc and polytopes; quadratics in d = 4 to 8) are
generated and decided."""

import mpmath
import numpy as np
import pytest
from flint import arb, ctx

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import ENCLOSED_ACC, excess_probability, ncx2_sf, setup_of
from certunlearn.claims.d2d.sandwich_tail import argmin_enclosure, model_tail, sandwich_exterior, sandwich_probability
from certunlearn.numeric.enclosure import Decision, to_arb
from certunlearn.numeric.fraction import Fraction

F = Fraction
LOGISTIC_1D = {"A": [F(1, 4)], "R": F(3), "lo": [F(-1)], "hi": [F(1)], "logistic": F(1),
               "X": [[F(2)], [F(2)], [F(-1)], [F(1, 2)]], "U": [], "theta0": [F(-1)]}
HUBER_2D = {"A": [F(1), F(2)], "R": F(3), "lo": [F(-1, 2), F(-1, 2)], "hi": [F(1, 2), F(1, 2)],
            "huber": [F(1, 2), F(1, 4)], "X": [[F(2), F(1)], [F(2), F(1)], [F(-1, 3), F(1, 2)], [F(7, 10), F(-1)]],
            "U": [], "theta0": [F(-1, 2), F(-1, 2)]}
QUAD_2D = {"A": [F(2), F(2)], "R": F(3), "lo": [F(-1, 2), F(-1, 2)], "hi": [F(1, 2), F(1, 2)],
           "X": [[F(2), F(1)], [F(1), F(-1)]], "U": [], "theta0": [F(-1, 2), F(-1, 2)]}


def _both(inst, sigma, alpha, mean):
    s = setup_of(inst)
    centre = np.asarray([F(v) for v in mean], dtype=object)
    exact = excess_probability(s, s.X, centre, to_arb(sigma), to_arb(alpha))  # the exact route of the instance
    between = sandwich_probability(s, s.X, centre, to_arb(sigma), to_arb(alpha), F(0), ncx2_sf)
    return exact, between


@pytest.mark.parametrize("inst, sigma, alpha, mean", [
    (LOGISTIC_1D, F(1, 3), F(1, 5), [F(1, 8)]),  # d = 1: θ* and the sublevel ends bracketed (interval_tail)
    (HUBER_2D, F(1, 3), F(1, 5), [F(1, 8), F(1, 8)]),  # d = 2 on a box, θ* on a face: the separable integral
    (HUBER_2D, F(1, 5), F(1, 3), [F(1, 2), F(0)]),  # θ̂ at θ*'s face
])
def test_the_sandwich_contains_the_exact_enclosures(inst, sigma, alpha, mean):
    exact, between = _both(inst, sigma, alpha, mean)
    assert exact.rad() < 1e-10 and between.rad() > 1e-3  # the exact one is narrow, the sandwich is not
    assert between.lower() <= exact.lower() and exact.upper() <= between.upper()


def test_the_sandwich_is_exact_for_a_quadratic_with_m_equal_to_M():
    """A = 2I on a box with θ* on its boundary (∇f(θ*) ≠ 0): both models are f itself — the noncentral χ² tail."""
    exact, between = _both(QUAD_2D, F(1, 3), F(1, 5), [F(1, 8), F(1, 8)])
    assert 0.01 < exact.mid() < 0.99
    assert between.rad() < 1e-12 and between.overlaps(exact)


def test_the_models_order_and_a_wrong_curvature_order_is_refused():
    z = [arb(0), arb(0)]
    g = [to_arb(F(1, 2)), arb(0)]
    lo = model_tail(z, g, arb(1), arb(1), arb(1), ncx2_sf)
    hi = model_tail(z, g, arb(3), arb(1), arb(1), ncx2_sf)
    assert lo < hi  # the larger curvature's event is larger
    with pytest.raises(ArithmeticError):
        sandwich_exterior(z, g, arb(3), arb(1), arb(1), arb(1), ncx2_sf)


def test_the_half_space_model_agrees_with_mpmath_at_100_digits():
    """κ = 0 (a convex, not strongly convex, lower model): P[⟨g, Δ⟩ > α], Δ ~ N(o, σ²I) = ½erfc((α − ⟨g, o⟩)/(σ‖g‖√2))."""
    o, g, sigma, alpha = [F(1, 3), F(-1, 5)], [F(3, 4), F(1, 2)], F(2, 3), F(1, 7)
    with ctx.workprec(400), mpmath.workdps(100):
        got = model_tail([to_arb(v) for v in o], [to_arb(v) for v in g], arb(0), to_arb(sigma), to_arb(alpha),
                         ncx2_sf)
        mp = [mpmath.mpf(v.numerator) / v.denominator for v in (*o, *g, sigma, alpha)]
        shift = mp[0] * mp[2] + mp[1] * mp[3]
        want = mpmath.erfc((mp[5] - shift) / (mp[4] * mpmath.sqrt(mp[2] ** 2 + mp[3] ** 2) * mpmath.sqrt(2))) / 2
        assert got.rad() < 1e-90 and got.overlaps(arb(mpmath.nstr(want, 95), arb(10) ** -90))
    assert model_tail([arb(0)], [arb(0)], arb(0), arb(1), arb(1), ncx2_sf) == 0  # g = 0: ⟨0, Δ⟩ > α > 0 never


def test_the_argmin_certificate_encloses_the_exact_minimiser_and_its_gradient():
    """The Huber-smoothed quadratic on a box has an exact minimiser (coordinatewise): θ* on a face (coordinate 1 at
    its upper end, its gradient nonzero) and inside (g* = 0 exactly)."""
    for lo, hi in ((F(-1, 2), F(1, 2)), (F(-3), F(3))):
        s = setup_of({**HUBER_2D, "lo": [lo, lo], "hi": [hi, hi], "theta0": [lo, lo]})
        star, grad = argmin_enclosure(s.loss, s.domain, s.X)
        exact = s.minimiser(s.X)
        g = np.asarray(s.loss.risk_grad(exact, s.X)).ravel()
        assert all(b.contains(to_arb(v)) and b.rad() < 1e-6 for b, v in zip(star, exact))
        assert all(b.contains(to_arb(v)) for b, v in zip(grad, g))
        assert (g[0] != 0) == (hi == F(1, 2))
        if hi == 3:
            assert all(b == 0 for b in grad)


def test_the_enclosed_class_takes_every_convex_loss_off_the_exact_routes():
    """The contraction certificate needs m > 0; logistic without ridge (λ = 0) in d = 2 is enclosed around a feasible
    point instead (.convex_tail, m = 0): inside the enclosed class, as are d = 1 and a ridge."""
    inst = {**LOGISTIC_1D, "A": [F(0), F(0)], "lo": [F(-1)] * 2, "hi": [F(1)] * 2, "theta0": [F(-1)] * 2,
            "X": [[F(2), F(0)], [F(0), F(1)]]}
    assert ENCLOSED_ACC.decide(inst) is Decision.TRUE
    assert ENCLOSED_ACC.decide({**inst, "A": [F(1, 4)] * 2}) is Decision.TRUE
    assert ENCLOSED_ACC.decide({**LOGISTIC_1D, "A": [F(0)]}) is Decision.TRUE


@pytest.mark.parametrize("cid", ["d2d.thm3.1:accuracy+fix", "d2d.thm3.4:accuracy", "d2d.rem3.6:accuracy+fix"])
@pytest.mark.parametrize("family, check", [
    ("logistic + ridge in d = 2 and 3", lambda i: i.get("logistic") and len(i["A"]) >= 2),
    ("Huber-smoothed quadratics in d = 3, on a disc", lambda i: i.get("huber") and (len(i["A"]) >= 3
                                                                                    or i.get("polytope"))),
    ("quadratics in d = 4 to 8", lambda i: not i.get("huber") and not i.get("logistic") and len(i["A"]) >= 5),
])
def test_each_sandwich_family_reaches_its_part_and_is_decided(cid, family, check):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith(family))
    insts = adv.generate(np.random.default_rng(0), 40)
    assert 3 <= len(insts) <= 4 and all(check(i) for i in insts)
    assert {evaluate(claim, i, 256).outcome for i in insts} == {WITHIN}


def test_the_certificate_refines_theta_star_below_a_target():
    """A float solver's start certifies θ* to about 10⁻⁹; below the noise's scale the start is improved by steps of
    the contraction until the certified radius is below the target — still around the exact minimiser."""
    s = setup_of(HUBER_2D)
    exact = s.minimiser(s.X)
    coarse, _ = argmin_enclosure(s.loss, s.domain, s.X)
    fine, _ = argmin_enclosure(s.loss, s.domain, s.X, F(1, 2**40))
    assert all(b.rad() <= 2.0**-40 < c.rad() or c.rad() <= 2.0**-40 for b, c in zip(fine, coarse))
    assert all(b.contains(to_arb(v)) for b, v in zip(fine, exact))


def test_the_diagonal_models_are_hessian_bounds_and_narrow_the_enclosure():
    """Logistic + ridge: λI ⪯ ∇²f_D(θ) ⪯ K_up at sample points (K_up − H diagonally dominant with a nonnegative
    diagonal, H − λI positive semidefinite as a Gram matrix); the Huber-smoothed quadratic's diagonal models give a
    narrower enclosure than the scalar m, M ones and still contain the exact value (test above)."""
    from certunlearn.claims.d2d.sandwich_tail import diagonal_curvatures

    s = setup_of({**LOGISTIC_1D, "A": [F(1, 4)] * 2, "lo": [F(-1)] * 2, "hi": [F(1)] * 2, "theta0": [F(-1)] * 2,
                  "X": [[F(2), F(1)], [F(-1), F(2)], [F(1, 2), F(-1, 2)]]})
    lo, up = diagonal_curvatures(s.loss, s.X)
    for th in ([F(0), F(0)], [F(1, 3), F(-2)], [F(5), F(7)]):
        H = s.loss.risk_hessian(np.asarray([to_arb(v) for v in th], dtype=object), s.X)
        for k in range(2):
            # K_up − H diagonally dominant with a nonnegative diagonal (at θ = 0, where ℓ'' = ℓ''(0), with equality)
            assert up[k] - H[k][k] - abs(H[k][1 - k]) > -arb(10) ** -12
            assert H[k][k] - lo[k] >= 0
    _, both = _both(HUBER_2D, F(1, 3), F(1, 5), [F(1, 8), F(1, 8)])
    hs = setup_of(HUBER_2D)
    m, M = (to_arb(v) for v in (min(hs.a), max(hs.a) + hs.loss.c / hs.loss.w))
    star, grad = argmin_enclosure(hs.loss, hs.domain, hs.X)
    scalar = sandwich_exterior([to_arb(F(1, 8)) - t for t in star], grad, m, M, to_arb(F(1, 3)), to_arb(F(1, 5)),
                               ncx2_sf)
    assert both.rad() < scalar.rad() / 1.5 and scalar.contains(both.mid())
