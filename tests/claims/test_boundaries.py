"""Boundary adversaries generated from every claim's hypotheses (issue 23 item 2; certunlearn/claims/boundaries.py,
declared_scope.with_boundary): on by default, opted out only with a why, optional where no move lands inside."""
from dataclasses import replace

import numpy as np
import pytest
import sympy

from certunlearn.check import get_profile
from certunlearn.check.runner import judge
from certunlearn.check.verdict import HOLDS, INCONCLUSIVE
from certunlearn.claims import Adversary, Claim, Hypothesis, Kind
from certunlearn.claims.boundaries import boundary_of, tightened
from certunlearn.claims.declared_scope import Scope, with_boundary, with_scope
from certunlearn.claims.registry import all_claims
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction

x, eps, delta = sympy.symbols("x epsilon delta", positive=True)
QUICK = get_profile("quick")
GT0 = Hypothesis("ε > 0", sympy.Gt(eps, 0, evaluate=False))
LT1 = Hypothesis("δ < 1", sympy.Lt(delta, 1, evaluate=False))
LE = Hypothesis("x ≤ 2ε", sympy.Le(x, 2 * eps, evaluate=False))


def claim(hypotheses, points=("1/2", "1"), bound=x + 1):
    adversaries = (Adversary("points", generate=lambda rng, size: [{"x": p, "epsilon": "3", "delta": "1/2"}
                                                                    for p in points]),)
    return Claim(id="gaussian.synthetic", source="test", kind=Kind.INEQUALITY, statement="s", hypotheses=hypotheses,
                 bound=bound, quantity=lambda v: Fraction(v["x"]), adversaries=adversaries)


def test_every_inequality_is_put_at_equality_and_a_strict_one_just_inside():
    inst = {"x": "1/2", "epsilon": "3", "delta": "1/2"}
    assert [m["epsilon"] for m in tightened(GT0, inst)] == [Fraction(1, 2**40)]
    assert [m["delta"] for m in tightened(LT1, inst)] == [1 - Fraction(1, 2**40)]
    assert [(m["x"], m["epsilon"]) for m in tightened(LE, inst)] == [("1/2", Fraction(1, 4)), (6, "3")]


def test_the_generated_family_keeps_only_instances_inside_the_hypotheses():
    c = with_boundary(claim((GT0, LT1, LE)))
    adversary = c.adversaries[-1]
    assert adversary.name.startswith("boundary") and adversary.optional
    found = adversary.generate(np.random.default_rng(0), 40)
    assert found and all(h.decide(i) is Decision.TRUE for h in c.hypotheses for i in found)
    # ε = 2⁻⁴⁰ breaks x ≤ 2ε for x = 1/2: that move is not kept
    assert not any(i["epsilon"] == Fraction(1, 2**40) for i in found)
    assert any(i["x"] == 6 for i in found) and any(i["delta"] == 1 - Fraction(1, 2**40) for i in found)


def test_the_thorough_profile_starts_from_more_instances_and_keeps_every_move():
    c = with_boundary(claim((LT1, LE), points=tuple(f"{k}/8" for k in range(1, 40))))
    quick = c.adversaries[-1].generate(np.random.default_rng(0), 40)
    thorough = c.adversaries[-1].generate(np.random.default_rng(0), get_profile("thorough").structured_size)
    assert len(thorough) > len(quick)


def test_an_optional_family_without_instances_asks_for_no_decided_one():
    # x ≤ 2ε at equality gives x = 6 > bound − 1 … every move is inside but the family may be empty: force it empty
    empty = Adversary("boundary: nothing", generate=lambda rng, size: [], optional=True)
    base = claim((), points=tuple(str(k) for k in range(1, 13)))
    ok = judge(Claim(**{**base.__dict__, "adversaries": (*base.adversaries, empty)}), QUICK, 0)
    assert ok.verdict == HOLDS, ok.reason
    required = Adversary("boundary: nothing", generate=lambda rng, size: [])
    bad = judge(Claim(**{**base.__dict__, "adversaries": (*base.adversaries, required)}), QUICK, 0)
    assert bad.verdict == INCONCLUSIVE and "boundary: nothing" in bad.reason


def test_a_claim_with_nothing_to_move_gets_no_family_and_its_own_boundary_is_kept():
    assert boundary_of(claim(())) is None
    own = claim((GT0,))
    own = Claim(**{**own.__dict__, "adversaries": (*own.adversaries, Adversary("boundary: own", generate=lambda r, s: []))})
    assert with_boundary(own) is own


def test_an_opt_out_says_why():
    with pytest.raises(ValueError):
        Scope("class", "reach", boundary=False)
    out = with_scope([claim((GT0,))], {"synthetic": Scope("class", "reach", no_boundary="a true why")})[0]
    assert not any(a.name.startswith("boundary") for a in out.adversaries)
    on = with_scope([claim((GT0,))], {"synthetic": Scope("class", "reach")})[0]
    assert on.adversaries[-1].name.startswith("boundary")


@pytest.mark.parametrize("paper", ["d2d", "r2d", "retain", "pomer", "olu", "gaussian"])
def test_every_claim_with_something_to_move_has_a_boundary_family(paper):
    """On by default: a claim with a relational hypothesis and a structured adversary has a boundary family, or its
    scope entry names why not."""
    from importlib import import_module
    names = ("certunlearn.claims.gaussian", "certunlearn.claims.gaussian_composition") if paper == "gaussian" else (
        f"certunlearn.claims.{paper}.scope",)
    table = {k: s for name in names for k, s in getattr(import_module(name), "SCOPE", {}).items()}
    module = import_module(names[-1])
    opted = {k for k, s in table.items() if not s.boundary}
    opted |= {k.split(".", 1)[1] for k, why in getattr(module, "NO_BOUNDARY", {}).items() if why.strip()}
    for c in all_claims(paper):
        movable = any(h.relation is not None for h in c.hypotheses) and any(a.generate for a in c.adversaries)
        has = any(a.name.startswith("boundary") for a in c.adversaries)
        item = c.id.split(".", 1)[1]
        assert has or not movable or any(item == k or item.startswith(k) for k in opted), c.id


def test_a_level_edge_moves_every_instance_and_quick_keeps_the_best_scored():
    from certunlearn.claims.boundaries import level_edge, smallest_admissible, with_level_edge

    points = tuple(f"{k}/8" for k in range(1, 40))
    base = claim((GT0,), points=points)
    edge = level_edge(base.adversaries, "epsilon", smallest_admissible(), "test", score=lambda i: Fraction(i["x"]),
                      keep=3)
    quick = edge.generate(np.random.default_rng(0), 40)
    assert [i["x"] for i in quick] == ["39/8", "38/8", "37/8"]  # the three largest scores, largest first
    assert all(i["epsilon"] == Fraction(1, 2**40) for i in quick)
    assert edge.generate(np.random.default_rng(7), 40) == quick  # its own draws, whatever the caller's generator
    thorough = edge.generate(np.random.default_rng(0), get_profile("thorough").structured_size)
    assert sorted(i["x"] for i in thorough) == sorted(points)  # every instance at the thorough size
    unscored = level_edge(base.adversaries, "epsilon", smallest_admissible(), "test")
    assert len(unscored.generate(np.random.default_rng(0), 40)) == len(points)
    # a level edge is not a boundary adversary: the generated one is still appended beside it
    c = with_boundary(replace(base, adversaries=with_level_edge(base.adversaries, "epsilon", smallest_admissible(),
                                                                 "test")))
    assert [a.name.split(":")[0] for a in c.adversaries] == ["points", "level edge", "boundary"]
