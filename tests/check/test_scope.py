"""DESIGN.md "Scope": a claim states its printed class; what no adversary reaches is listed with its why; an
undeclared class is never reported as full."""
import pytest
import sympy
from flint import arb

from certunlearn.check.result import summary
from certunlearn.check.profiles import get_profile
from certunlearn.check.runner import judge
from certunlearn.claims.model import Adversary, Claim, Kind, Narrowing


def _claim(**kw):
    x = sympy.Symbol("x")
    family = Adversary("points", lambda rng, size: [{"x": k} for k in range(1, 13)], reaches="x in {1, …, 12}")
    return Claim(id="mine.thm1", source="s", kind=Kind.INEQUALITY, statement="x ≤ x + 1", hypotheses=(),
                 bound=x + 1, quantity=lambda inst: arb(inst["x"]), adversaries=(family,), **kw)


def test_an_undeclared_class_is_narrowed_not_full():
    scope = _claim().scope
    assert scope["full"] is False and "not declared" in scope["narrowed"][0]["why"]


def test_a_declared_class_with_nothing_narrowed_is_full():
    assert _claim(theorem_class="every integer x ≥ 1").scope == {"full": True, "narrowed": []}


def test_each_narrowing_is_reported_with_its_why():
    claim = _claim(theorem_class="every real x", narrowed=(Narrowing("non-integer x", "cost"),))
    assert claim.scope == {"full": False, "narrowed": [{"what": "non-integer x", "why": "cost"}]}


def test_a_narrowing_needs_a_why():
    with pytest.raises(ValueError):
        Narrowing("d ≥ 3", " ")


def test_the_result_and_the_summary_carry_the_scope():
    claim = _claim(theorem_class="every real x", narrowed=(Narrowing("non-integer x", "cost"),))
    result = judge(claim, get_profile("quick"), 0)
    assert result.to_json()["scope"] == claim.scope
    assert summary([result])["narrowed"] == ["mine.thm1"]


def test_a_full_scope_is_not_listed_as_narrowed():
    full = judge(_claim(theorem_class="every integer x ≥ 1"), get_profile("quick"), 0)
    narrowed = judge(_claim(), get_profile("quick"), 0)
    assert full.scope == {"full": True, "narrowed": []}
    assert summary([full, narrowed])["narrowed"] == ["mine.thm1"] and summary([full])["narrowed"] == []
