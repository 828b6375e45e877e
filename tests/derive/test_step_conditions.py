"""The origin of each of a step's own conditions (certunlearn/derive/step_conditions.py): a hypothesis, an earlier
established step, proved from the derivation's conditions, or assumed — and the printed and JSON forms show it."""
import json

import sympy

import pytest

from certunlearn.derive import Derivation, Premise, check_derivation, render_latex, render_text, step, then
from certunlearn.derive.model import ORIGIN_ASSUMED as ASSUMED, ORIGIN_HYPOTHESIS as HYPOTHESIS, ORIGIN_PROVED as PROVED
from certunlearn.derive.step_conditions import condition_origins

x, y = sympy.symbols("x y", positive=True)
rho = sympy.Symbol("rho", positive=True)
a = sympy.Symbol("a", positive=True)


def _origins(conditions, hypotheses=(), earlier=(), base=(), where=(), premises=()):
    expand = lambda e: e.subs(dict(where)) if where else e  # noqa: E731
    return [r.origin for r in condition_origins(conditions, expand, [expand(h) for h in hypotheses], list(earlier),
                                                list(base), lambda: [], list(premises))]


def test_a_condition_of_the_derivation_is_a_hypothesis():
    assert _origins([sympy.Le(x, 1)], hypotheses=[sympy.Le(x, 1)]) == [HYPOTHESIS]


def test_a_free_ratio_bounded_nowhere_is_assumed():
    assert _origins([sympy.Le(rho, 1)], hypotheses=[sympy.Le(x, 1)]) == [ASSUMED]


def test_an_earlier_established_step_establishes_the_condition_it_states():
    stated = (x, "<=", y)
    assert _origins([sympy.Ge(y, x)], earlier=[(2, "proved", stated)]) == ["step 2"]
    # the same relation written otherwise (y − x ≥ 0 expanded from 2y − 2x ≥ 0 over 2) still matches
    assert _origins([sympy.Le(2 * x, 2 * y)], earlier=[(1, "identity", stated)]) == ["step 1"]


def test_a_step_not_established_establishes_nothing():
    stated = (x, "<=", y)
    for status in ("evidence", "cited", "refuted", "unchecked"):
        assert _origins([sympy.Le(x, y)], earlier=[(3, status, stated)]) == [ASSUMED], status


def test_a_non_strict_step_does_not_give_a_strict_condition():
    assert _origins([sympy.Lt(x, y)], earlier=[(1, "proved", (x, "<=", y))]) == [ASSUMED]
    assert _origins([sympy.Le(x, y)], earlier=[(1, "proved", (x, "<", y))]) == ["step 1"]


def test_a_different_relation_does_not_match():
    assert _origins([sympy.Le(x, y + 1)], earlier=[(1, "proved", (x, "<=", y))]) == [ASSUMED]
    # the reverse relation: big − small is −1 times the step's, which establishes the opposite inequality
    assert _origins([sympy.Le(x, y)], earlier=[(1, "proved", (y, "<=", x))]) == [ASSUMED]
    # an equation is established by the same equation either way round, or a multiple of it
    assert _origins([sympy.Eq(2 * x, 2 * y)], earlier=[(1, "identity", (y, "==", x))]) == ["step 1"]


def test_a_condition_that_follows_from_the_conditions_is_proved():
    assert _origins([sympy.Le(x, a + 1)], base=[sympy.Le(x, a)]) == [PROVED]
    assert _origins([sympy.Le(x, a - 1)], base=[sympy.Le(x, a)]) == [ASSUMED]


def test_the_engine_records_each_condition_and_the_outputs_show_it():
    d = Derivation(
        claim_id="test.step-conditions", target="bound", title="conditions of steps",
        conditions=(sympy.Le(x, 1),),
        steps=(step(x, "<=", 1, "the hypothesis", conditions=(sympy.Le(x, 1),)),
               step(rho * x, "<=", x, "ρ ≤ 1 (a premise's content)", conditions=(sympy.Le(rho, 1),)),
               then("<=", 1, "step 1", conditions=(sympy.Le(x, 1), sympy.Le(x, 2)))))
    r = check_derivation(d, sympy.S.One)
    got = [[c.origin for c in s.conditions] for s in r.steps]
    assert got == [[HYPOTHESIS], [ASSUMED], [HYPOTHESIS, PROVED]]
    assert [len(s.assumed) for s in r.steps] == [0, 1, 0]
    text = render_text(r)
    assert "under: rho <= 1 [assumed]" in text
    assert "1 step condition assumed" in text
    assert r"Step (2) under $\rho \leq 1$ [assumed]" in render_latex(r)
    step_json = r.to_json()["steps"][1]
    assert step_json["conditions"] == [{"condition": "rho <= 1", "origin": ASSUMED,
                                        "detail": step_json["conditions"][0]["detail"]}]
    json.dumps(r.to_json(), allow_nan=False)


def test_a_premise_that_states_the_condition_is_its_origin():
    assert _origins([sympy.Le(rho, 1)], premises=[(2, (rho, "<=", 1))]) == ["premise P2"]
    assert _origins([sympy.Le(rho, 1)], premises=[(1, (rho, "<", 1))]) == ["premise P1"]  # a stronger statement
    assert _origins([sympy.Lt(rho, 1)], premises=[(1, (rho, "<=", 1))]) == [ASSUMED]  # a weaker one states nothing
    assert _origins([sympy.Le(rho, 1)], premises=[(1, (1, "<=", rho))]) == [ASSUMED]  # the reverse
    assert _origins([sympy.Le(x, 1)], premises=[(1, (rho, "<=", 1))]) == [ASSUMED]  # another symbol


def test_the_engine_links_a_condition_to_the_premise_stating_it():
    d = Derivation(
        claim_id="test.premise-conditions", target="bound", title="a premise's ratio",
        premises=(Premise("a bound written with a ratio", "elsewhere"),
                  Premise("E[A] = ρ·x with ρ ≤ 1 and θ ≤ 1", "a lemma", sympy.And(sympy.Le(rho, 1), sympy.Le(a, 1)))),
        steps=(step(rho * x, "<=", x, "ρ ≤ 1", conditions=(sympy.Le(rho, 1),)),))
    r = check_derivation(d, x)
    assert [c.origin for c in r.steps[0].conditions] == ["premise P2"] and not r.steps[0].assumed
    assert "under: rho <= 1 [premise P2]" in render_text(r)
    with pytest.raises(ValueError, match="P1's relation"):
        check_derivation(Derivation(claim_id="test.premise-bad", target="bound", title="t",
                                    premises=(Premise("p", "c", sympy.Symbol("q")),),
                                    steps=(step(x, "<=", x + 1, "t"),)), x + 1)


def test_a_chain_composes_the_relations_of_its_steps():
    from certunlearn.derive.step_conditions import chained

    run = chained(None, 3, "identity", (x, "==", y))
    assert run == (3, "identity", (x, "==", y))
    run = chained(run, 4, "proved", (y, "<=", a))
    assert run == (3, "proved", (x, "<=", a))
    run = chained(run, 5, "proved-on-box", (a, "<", rho))
    assert run == (3, "proved-on-box", (x, "<", rho))  # strict once one step is; as weak as its weakest step
    assert chained(run, 6, "identity", (rho, "==", 1)) == (3, "proved-on-box", (x, "<", 1))
    assert chained(chained(None, 1, "identity", (x, "==", y)), 2, "identity", (y, "==", a))[2] == (x, "==", a)
    # a step that is not established makes the chain not established
    assert chained(run, 6, "evidence", (rho, "<=", 1))[1] == "evidence"
    assert chained(chained(None, 1, "cited", (x, "<=", y)), 2, "proved", (y, "<=", a))[1] == "cited"


def test_the_engine_uses_a_chain_of_earlier_steps_as_a_condition():
    """log(1 + x) ≤ x < x + 1 is a chain of steps (1)–(2): the condition log(1 + x) < x + 1 of step (3) comes from
    it, although no single step states it; the same steps not chained (the second restated on its own) give nothing."""
    from certunlearn.derive import Monotone

    first = step(sympy.log(1 + x), "<=", x, "log(1 + x) ≤ x", monotone=Monotone(x, 0))
    use = step(rho, "<=", rho + 1, "a step under the chain's relation",
               conditions=(sympy.Lt(sympy.log(1 + x), x + 1),))
    r = check_derivation(Derivation(claim_id="test.chain", target="bound", title="a chain as a condition",
                                    steps=(first, then("<", x + 1, "1 > 0"), use)), rho + 1)
    assert [s.status for s in r.steps] == ["proved"] * 3, [(s.status, s.detail) for s in r.steps]
    assert [c.origin for c in r.steps[2].conditions] == ["step 1–2"], r.steps[2].conditions
    assert "chain of steps (1) to (2)" in r.steps[2].conditions[0].detail
    r = check_derivation(Derivation(claim_id="test.chain-broken", target="bound", title="no chain",
                                    steps=(first, step(x, "<", x + 1, "1 > 0"), use)), rho + 1)
    assert [c.origin for c in r.steps[2].conditions] == [ASSUMED]


def test_a_step_that_restates_its_condition_is_proved_at_once():
    """r + 1/t ≤ R + 1/t under r ≤ R: rhs − lhs is the condition's difference; a different shift, a strict step
    from a non-strict condition, or the reverse relation are not taken from it."""
    from certunlearn.derive.step_conditions import restates_condition

    r, big, t = sympy.symbols("r R t", positive=True)
    assert restates_condition(r + 1 / t, "<=", big + 1 / t, [sympy.Le(r, big)]) is not None
    assert restates_condition(2 * r, "<", 2 * big, [sympy.Lt(r, big)]) is not None
    assert restates_condition(r + 1 / t, "<", big + 1 / t, [sympy.Le(r, big)]) is None
    assert restates_condition(r + 1 / t, "<=", big + 2 / t, [sympy.Le(r, big)]) is None
    assert restates_condition(big, "<=", r, [sympy.Le(r, big)]) is None
    assert restates_condition(r, "<=", big, [sympy.Eq(r, big)]) is None
