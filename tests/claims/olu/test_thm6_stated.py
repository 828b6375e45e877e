"""Theorem 6's regret as stated (claims/olu/active_regret.py, paper lines 270–274): the stated O(·) read with constant 1
is exceeded at k = 0 inside the printed hypotheses (confirmed independently with mpmath at 100 digits, on Algorithm 2
with its projection), at every constant once the losses are scaled; the +fix holds and its T = 1 instance sits at
exactly 1/2 of it, the worst case of the class."""
from __future__ import annotations

import dataclasses

import mpmath
import numpy as np
from flint import ctx

from certunlearn.check.evaluate import evaluate
from certunlearn.claims.olu.active_regret import scaled_instances, stated_hand_instances, stated_pep_instances
from certunlearn.claims.olu.general import BALL
from certunlearn.claims.olu.general_families import quadratic_instances
from certunlearn.claims.registry import get_claim
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction

MAXP = 512


def _inside(claim, inst):
    return all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses)


def _mp(q) -> mpmath.mpf:
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


def _mp_projected_regret(inst) -> mpmath.mpf:
    """Algorithm 2 at k = 0 — projected OGD on the ball of diameter D, η_t = 1/(μt), losses ½h_t‖z − x_t‖² — minus
    min over the ball of Σ_t f_t (the projection of the weighted mean), at 100 digits, written independently."""
    with mpmath.workdps(100):
        R, mu = _mp(inst["D"]) / 2, _mp(inst["mu"])
        X = [[_mp(v) for v in r] for r in inst["X"]]
        h = [_mp(r[0]) for r in inst["H"]]
        norm = lambda v: mpmath.sqrt(mpmath.fsum(c * c for c in v))
        proj = lambda v: v if norm(v) <= R else [c * R / norm(v) for c in v]
        f = lambda t, z: h[t] / 2 * mpmath.fsum((a - b) ** 2 for a, b in zip(z, X[t]))
        w, total = [_mp(z) for z in inst["z1"]], mpmath.mpf(0)
        for t in range(len(X)):
            total += f(t, w)
            w = proj([a - (h[t] * (a - b)) / (mu * (t + 1)) for a, b in zip(w, X[t])])
        S = mpmath.fsum(h)
        m = [mpmath.fsum(h[t] * X[t][j] for t in range(len(X))) / S for j in range(len(w))]
        zs = proj(m)
        return total - mpmath.fsum(f(t, zs) for t in range(len(X)))


def test_stated_bound_exceeded_at_T1_inside_the_hypotheses():
    claim = get_claim("olu.thm6:regret")
    inst = stated_hand_instances()[0]
    assert _inside(claim, inst)
    regret = _mp_projected_regret(inst)
    with mpmath.workdps(100):
        bound = mpmath.log(len(inst["X"]))  # log T + k(…) + G₂ + L²k²/μ at k = 0, G₂ = 0
        assert regret == 2 and bound == 0
    assert claim.quantity(inst).contains(2)
    assert evaluate(claim, inst, MAXP).outcome == "violated"


def test_stated_bound_exceeded_at_every_constant_by_scaling():
    """At T = 2 (log T > 0) the worst case scaled by s = 1000 exceeds 100·(the stated bound): the regret scales with
    the losses, the stated bound at k = 0 does not."""
    claim = get_claim("olu.thm6:regret")
    inst = [i for i in scaled_instances() if i["scale"] == 1000 and len(i["X"]) == 2][0]
    assert _inside(claim, inst)
    regret = _mp_projected_regret(inst)
    with mpmath.workdps(100):
        assert regret > 100 * mpmath.log(2)
    hundred = dataclasses.replace(claim, bound=100 * claim.bound)
    assert evaluate(hundred, inst, MAXP).outcome == "violated"
    small = [i for i in scaled_instances() if i["scale"] == 10 and len(i["X"]) == 2][0]
    with mpmath.workdps(100):
        assert abs(regret - 100 * _mp_projected_regret(small)) < mpmath.mpf(10) ** -90  # linear in the scale


def test_fix_holds_and_T1_sits_at_half():
    fix = get_claim("olu.thm6:regret+fix")
    inst = stated_hand_instances()[0]
    assert _inside(fix, inst)
    q = fix.quantity(inst)
    assert (2 * q - fix.bound_value(inst)).contains(0) and q.contains(2)  # L²/(2μ) against L²/μ
    for inst in stated_pep_instances(100)[::3]:
        assert _inside(fix, inst)
        assert evaluate(fix, inst, MAXP).outcome == "within"


def test_the_quantity_is_algorithm_2_with_its_projection():
    """Per-round quadratics with centres far outside the ball (steps overshoot: Π_K acts): the claim's quantity
    encloses the independent 100-digit regret; the unprojected run would differ."""
    claim = get_claim("olu.thm6:regret")
    insts = [i for i in quadratic_instances(True)(np.random.default_rng(0), 200)
             if i["K"] == BALL and len(i["X"]) in (2, 4) and i["beta"] == 4]
    assert insts
    for inst in insts[:3]:
        inst = dict(inst, G_2=Fraction(0))
        assert _inside(claim, inst)
        old, ctx.prec = ctx.prec, 400
        try:
            q = claim.quantity(inst)
        finally:
            ctx.prec = old
        exact = _mp_projected_regret(inst)
        with mpmath.workdps(100):
            rad = mpmath.mpf(q.rad().str(5, radius=False))
            assert rad < mpmath.mpf(10) ** -60
            assert abs(mpmath.mpf(q.mid().str(90, radius=False)) - exact) <= rad + mpmath.mpf(10) ** -85
