"""Issue 23, d2d Theorem 2.13 and the introduction's view beyond 1-d/2-d quadratics on boxes
(certunlearn.claims.d2d.contraction_families, intro_families): the Huber loss's smoothness is what the hypothesis
checks, θ* on a polygon satisfies the variational inequality exactly, the Huber runs differ from their quadratic twins,
and every family instance is decided."""

import numpy as np

from certunlearn.check.evaluate import ERROR, EXCLUDED, UNDECIDED, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import setup_of
from certunlearn.claims.d2d.contraction_families import huber_contraction, polytope_contraction, three_d_contraction
from certunlearn.claims.d2d.intro_families import huber_views, view_2d
from certunlearn.numeric.fraction import Fraction
from certunlearn.problems.polytope import Polytope

F = Fraction
RNG = np.random.default_rng(0)


def _decided(cid, insts):
    evs = [evaluate(get_claim(cid), i, 256) for i in insts]
    assert evs and all(e.outcome not in (UNDECIDED, ERROR, EXCLUDED) for e in evs), [e.reason for e in evs]
    return evs


def test_theorem_213_checks_the_huber_losss_own_smoothness():
    """A Huber instance declaring M = a_max (the quadratic part's curvature, below a_max + c/w) is outside the class;
    the family's instances (M = a_max + c/w) are inside, decided, and their ratio is not their quadratic twin's."""
    inst = huber_contraction(RNG, 40)[0]
    c, w = inst["huber"]
    assert F(inst["M"]) >= max(F(a) for a in inst["A"]) + F(c) / F(w)
    low = {**inst, "M": max(F(a) for a in inst["A"])}
    assert evaluate(get_claim("d2d.thm2.13"), low, 256).outcome == EXCLUDED
    evs = _decided("d2d.thm2.13", huber_contraction(RNG, 40))
    twin = {k: v for k, v in inst.items() if k != "huber"}
    assert evaluate(get_claim("d2d.thm2.13"), twin, 256).observed != evs[0].observed


def test_theta_star_on_a_polygon_satisfies_the_variational_inequality_and_the_family_is_decided():
    """⟨∇f(θ*), v − θ*⟩ ≥ 0 at every vertex v of Θ (exact), with θ* on the boundary for the data beyond an edge."""
    insts = polytope_contraction(RNG, 10**5)
    on_boundary = 0
    for inst in insts:
        s = setup_of(inst)
        poly = Polytope(tuple(tuple(F(v) for v in r) for r in inst["polytope"]))
        star = s.minimiser(s.X)
        grad = [F(a) * (t - F(x)) for a, t, x in zip(inst["A"], star, inst["X"][0])]
        assert all(sum(g * (F(v) - t) for g, v, t in zip(grad, vert, star)) >= 0 for vert in poly.vertices())
        on_boundary += any(g != 0 for g in grad)
    assert 0 < on_boundary < len(insts)
    _decided("d2d.thm2.13", polytope_contraction(RNG, 40) + three_d_contraction(RNG, 40))
    assert any(len(i["A"]) == 3 and i.get("polytope") for i in three_d_contraction(RNG, 10**5))


def test_the_views_in_d2_and_with_the_huber_loss_are_decided_and_the_huber_view_is_not_the_quadratic_one():
    for cid in ("d2d.intro-dp", "d2d.intro-dp+fix"):
        _decided(cid, view_2d(RNG, 40) + huber_views(RNG, 40))
    assert any(i.get("polytope") for i in view_2d(RNG, 40)) and all(len(i["A"]) == 2 for i in view_2d(RNG, 40))
    inst = [i for i in huber_views(RNG, 40) if len(i["A"]) == 2][0]
    twin = {k: v for k, v in inst.items() if k != "huber"}
    claim = get_claim("d2d.intro-dp")
    a, b = evaluate(claim, inst, 256), evaluate(claim, twin, 256)
    assert a.observed != "0" and a.observed_enclosure != b.observed_enclosure
