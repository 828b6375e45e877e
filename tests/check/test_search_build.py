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
