"""A search space that cannot build some of its points (a stream program deleting an absent point, say) makes those
points outside the space, never a crash of the claim's check (issue 23's stream-program search)."""
import numpy as np
import sympy

from certunlearn.check.search import search
from certunlearn.claims.hypotheses import H
from certunlearn.claims.model import Adversary, Claim, Kind, Space

x = sympy.Symbol("x", positive=True)


def _build(q: dict) -> dict:
    if q["u"] > 0.5:
        raise ValueError("not buildable")
    return {"x": q["u"] + 1}


def test_unbuildable_points_are_outside_not_errors():
    space = Space(bounds={"u": (0.0, 1.0)}, build=_build)
    claim = Claim(id="mine.thm1", source="test", kind=Kind.INEQUALITY, statement="x ≤ 2", hypotheses=(H("x > 0", ">", x, 0),),
                  bound=sympy.Integer(2), quantity=lambda v: v["x"], adversaries=(Adversary("s", space=space),))
    found = search(claim, space, np.random.default_rng(0), restarts=6, evaluations=30)
    assert all(1 <= float(i["x"]) <= 1.5 for i in found)


def test_points_building_the_same_instance_are_evaluated_once():
    """A space that rounds (here to quarters) maps many points of the cube to one instance: the objective evaluates
    each instance once per search, and the optimiser's path (so the instances found) is that of evaluating every
    point."""
    from certunlearn.numeric.fraction import Fraction

    calls: list = []
    space = Space(bounds={"u": (0.0, 1.0)}, build=lambda q: {"x": Fraction(round(4 * q["u"]), 4) + 1})

    def quantity(v):
        calls.append(v["x"])
        return v["x"]

    claim = Claim(id="mine.thm2", source="test", kind=Kind.INEQUALITY, statement="x ≤ 3", hypotheses=(H("x > 0", ">", x, 0),),
                  bound=sympy.Integer(3), quantity=quantity, adversaries=(Adversary("s", space=space),))
    found = search(claim, space, np.random.default_rng(0), restarts=3, evaluations=40)
    assert len(calls) == len(set(calls)) <= 5 and found
    import certunlearn.check.search as S

    every = []
    original = S.instance_memo_key
    try:
        S.instance_memo_key = lambda instance: None  # no memo: every point evaluated
        claim2 = Claim(id="mine.thm3", source="test", kind=Kind.INEQUALITY, statement="x ≤ 3",
                       hypotheses=(H("x > 0", ">", x, 0),), bound=sympy.Integer(3),
                       quantity=lambda v: every.append(v["x"]) or v["x"], adversaries=(Adversary("s", space=space),))
        again = search(claim2, space, np.random.default_rng(0), restarts=3, evaluations=40)
    finally:
        S.instance_memo_key = original
    assert len(every) > len(calls) and again == found


def test_memo_keys_are_equal_exactly_for_equal_instances():
    """A row of Fractions takes the fast path; the key still tells a Fraction from an equal int, a list from a tuple,
    and a row from the same numbers in another order or nesting."""
    from fractions import Fraction as F

    from certunlearn.check.search import instance_memo_key as key

    X = [[F(1), F(2)], [F(3), F(1, 3)]]
    assert key({"X": X, "n": 2}) == key({"n": 2, "X": [list(r) for r in X]})
    assert hash(key({"X": X})) == hash(key({"X": [list(r) for r in X]}))
    for other in ([[F(1), 2], [F(3), F(1, 3)]], [tuple(r) for r in X], [[F(2), F(1)], [F(3), F(1, 3)]],
                  [F(1), F(2), F(3), F(1, 3)], [[F(1), F(2)], [F(3), F(1, 4)]]):
        assert key({"X": X}) != key({"X": other}), other
    assert key({"X": [[F(1), object()]]}) is None
