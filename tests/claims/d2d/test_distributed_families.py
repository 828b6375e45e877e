"""Issue 23, d2d Theorem 4.5 on polytopes (certunlearn.claims.d2d.distributed_families): the exact runs behind the
enumeration on a polytope are projected GD's own, the projection acts, every published mean lies in Θ, Theorem 4.4's V
is computed on Θ; the generated boundary adversary leaves the family out (boundary_base=False)."""
from dataclasses import replace

import numpy as np
import pytest

from certunlearn.check.evaluate import OUTCOMES, UNDECIDED, ERROR, EXCLUDED, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.boundaries import boundary_of
from certunlearn.claims.d2d import common, distributed
from certunlearn.claims.d2d.distributed_families import polytope_adversary, polytope_distributed
from certunlearn.claims.instances import instance_key
from certunlearn.claims.model import Adversary
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction
from certunlearn.numeric.precision import workprec

F = Fraction


def _box_twin(inst):
    """The same instance on the bounding box [−1, 1]² (no polytope)."""
    d = len(inst["A"])
    return {**{k: v for k, v in inst.items() if k != "polytope"}, "lo": [-1] * d, "hi": [1] * d, "theta0": [-1] * d}


def test_gd_diag_runs_projected_gd_on_a_polytope_and_refuses_a_rounded_run():
    """On a polytope gd_diag is projected GD itself (exact), the projection acting (the unprojected mean is outside Θ);
    on a ball (rounded projection, untracked error) it raises instead of returning a rounded value as exact."""
    from certunlearn.algorithms.d2d import Problem, projected_gd

    inst = polytope_distributed(False)(np.random.default_rng(0), 40)[0]
    s = common.setup_of(inst)
    prob = Problem(s.loss, s.domain)
    content = ((F(1), F(1)), (F(1), F(1)))
    start = tuple(s.theta0)
    got = common.gd_diag(prob, content, start, F(1, 2), 7)
    want = projected_gd(prob, np.asarray([list(x) for x in content], dtype=object), None,
                        np.asarray(list(start), dtype=object), eta=F(1, 2), T=7)
    assert got == tuple(want) and all(isinstance(v, RATIONAL_TYPES) for v in got)
    assert not s.domain.contains(np.asarray([F(1), F(1)], dtype=object)) and s.domain.contains(np.asarray(got, dtype=object))
    ball = common.setup_of(common.pgd_instance([1, 1], 2, [-1, -1], [1, 1], [[1, 1]], [], [-1, 0], ball=1))
    with pytest.raises(ArithmeticError):
        common.gd_diag(Problem(ball.loss, ball.domain), content, (F(-1), F(0)), F(1, 2), 3)


def test_the_enumerated_laws_on_a_polytope_stay_in_theta_and_differ_from_the_box():
    """Every published component of the update and of retraining (C = 2: best of two copies) lies in Θ, the weights
    sum to 1, and the polytope's law is not the bounding box's (the projection moved the runs)."""
    inst = polytope_distributed(False, betas=(F(1, 2),))(np.random.default_rng(0), 40)[0]
    s = common.setup_of(inst)
    with workprec(128):
        vals = get_claim("d2d.thm4.5+fix").with_prescribed(inst)
        twin = get_claim("d2d.thm4.5+fix").with_prescribed(_box_twin(inst))
    rounds, params = distributed.distributed_runs("d2d.thm4.5+fix", instance_key(vals, distributed.DIST_NAMES))
    box_rounds, _ = distributed.distributed_runs("d2d.thm4.5+fix", instance_key(twin, distributed.DIST_NAMES))
    assert params["C"] == 2 and len(rounds) == 2
    for P, Q, _ in rounds:
        for law in (P, Q):
            assert sum(w for comps in law.values() for _, w in comps) == 1
            assert all(s.domain.contains(np.asarray(mu, dtype=object)) for comps in law.values() for mu, _ in comps)
    means = {mu for comps in rounds[1][0].values() for mu, _ in comps}
    assert means != {mu for comps in box_rounds[1][0].values() for mu, _ in comps}


def test_v_is_theorem_44s_quantity_on_the_polytope():
    """The accuracy family's V is the exact E‖θ*_avg − θ*‖² with θ* the polytope's argmin (not the box's), and the
    accuracy claims decide the family's quick instances."""
    from certunlearn.problems.polytope import Polytope

    adv = [a for a in get_claim("d2d.thm4.5:accuracy+fix").adversaries if "polytope" in a.name][0]
    insts = list(adv.generate(np.random.default_rng(0), 40))
    assert len(insts) == 2 and all("polytope" in i for i in insts)
    inst = insts[0]
    poly = Polytope(tuple(tuple(F(v) for v in r) for r in inst["polytope"]))
    xbar = [sum(F(x[k]) for x in inst["X"][:1] + inst["X"][2:]) / 3 for k in range(2)]  # D_1: one (1, 1) deleted
    assert tuple(common.setup_of(inst).minimiser(common.setup_of(inst).datasets()[-1])) == poly.quadratic_argmin(
        inst["A"], xbar)
    assert inst["V"] == distributed.thm44_value(instance_key(inst, distributed.DIST_NAMES))
    assert inst["V"] != distributed.thm44_value(instance_key(_box_twin(inst), distributed.DIST_NAMES))
    ev = evaluate(get_claim("d2d.thm4.5:accuracy+fix"), inst, 256)
    assert ev.outcome in OUTCOMES and ev.outcome not in (UNDECIDED, ERROR, EXCLUDED), ev.reason


def test_the_thorough_profile_runs_more_of_the_family_and_reaches_d3():
    quick = polytope_distributed(False)(np.random.default_rng(0), 40)
    thorough = polytope_distributed(False)(np.random.default_rng(0), 10**5)
    assert len(thorough) > 4 * len(quick) and thorough[:len(quick)] == quick
    assert any(len(i["A"]) == 3 for i in thorough) and not any(len(i["A"]) == 3 for i in quick)


def test_the_generated_boundary_adversary_leaves_a_family_with_boundary_base_false_out():
    """boundary_of starts from every structured family but those marked boundary_base=False (a family that raises when
    drawn is never drawn)."""
    claim = get_claim("d2d.thm2.13")

    def boom(rng, size):
        raise AssertionError("drawn")

    kept = replace(claim, adversaries=(*claim.adversaries[:1], Adversary("costly", generate=boom, boundary_base=False)))
    assert isinstance(boundary_of(kept).generate(np.random.default_rng(0), 40), list)
    drawn = replace(claim, adversaries=(*claim.adversaries[:1], Adversary("costly", generate=boom)))
    with pytest.raises(AssertionError, match="drawn"):
        boundary_of(drawn).generate(np.random.default_rng(0), 40)
    assert not polytope_adversary(False).boundary_base


def test_a_huber_loss_is_outside_theorem_45s_class():
    """The Huber-smoothed quadratic's Hessian jumps (not G-Lipschitz, line 407): its instance is excluded, though the
    exact enumeration could run it; the same instance with the quadratic loss is inside."""
    from certunlearn.claims.d2d.huber_families import huberise

    box = common.pgd_instance([1, 2], 3, [-1, -1], [1, 1], [[1, 1], [1, 1], [-1, -1], [1, -1]], [[-1, 1, 1]], [-1, -1],
                              epsilon=F(1, 10), delta=F(1, 2), I=1, beta=1, xi=1)
    box["m"], box["M"] = F(1), F(3)
    ev = evaluate(get_claim("d2d.thm4.5+fix"), huberise(box, F(1, 2)), 256)
    assert ev.outcome == EXCLUDED and "Hessian is G-Lipschitz" in ev.reason
    assert evaluate(get_claim("d2d.thm4.5+fix"), box, 256).outcome not in (EXCLUDED, ERROR, UNDECIDED)
