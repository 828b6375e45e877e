"""proof_status: complete / partial / broken / none, from small synthetic derivations; the start against the
claim's closed-form quantity; the refuting points on the result."""
import json
import pickle
from types import SimpleNamespace

import mpmath
import sympy

from certunlearn.derive import (
    PROOF_BROKEN, PROOF_COMPLETE, PROOF_NONE, PROOF_PARTIAL, START_CHECKED, START_MISMATCH, START_STATED, Derivation,
    check_derivation, proof_status, step, then,
)

y, z = sympy.symbols("y z", positive=True)
x = sympy.Symbol("x", real=True)
Q = (y + 1) ** 2  # the quantity
B = y**2 + 2 * y + 1 + z  # its bound


def claim(bound=B, **kw):
    return SimpleNamespace(id="gaussian.status", bound=bound, prescribed={}, **kw)


def derive(*steps, **kw):
    return Derivation("gaussian.status", "bound", "status test", steps=steps, **kw)


def sound():
    return derive(step(Q, "==", y**2 + 2 * y + 1, "expand"), then("<=", B, "z > 0"))


def test_complete_needs_established_steps_an_identity_link_and_a_checked_start():
    r = check_derivation(sound(), claim(quantity_expr=Q))
    assert [s.status for s in r.steps] == ["identity", "proved"] and r.link == "identity"
    assert r.start_status == START_CHECKED
    assert proof_status(r) == PROOF_COMPLETE == r.proof
    assert r.to_json()["proof"] == PROOF_COMPLETE


def test_a_step_established_only_under_an_assumed_condition_is_partial():
    """A chain whose last step holds under ρ ≤ 1: complete when a premise states ρ ≤ 1, partial when nothing does — the
    step then holds only under an assumption the derivation does not list as given."""
    from certunlearn.derive import Premise

    rho = sympy.Symbol("rho", positive=True)
    steps = (step(Q, "==", y**2 + 2 * y + 1, "expand"), then("<=", y**2 + 2 * y + 1 + rho * z, "ρz > 0"),
             then("<=", B, "ρ ≤ 1", conditions=(sympy.Le(rho, 1),)))
    bare = check_derivation(derive(*steps), claim(quantity_expr=Q))
    cited = check_derivation(derive(*steps, premises=(Premise("E = ρ·z, ρ ≤ 1", "a lemma", sympy.Le(rho, 1)),)),
                             claim(quantity_expr=Q))
    assert [s.status for s in bare.steps] == [s.status for s in cited.steps] == ["identity", "proved", "proved"]
    assert bare.start_status == cited.start_status == START_CHECKED and bare.link == cited.link == "identity"
    assert [c.origin for c in bare.steps[2].conditions] == ["assumed"] and proof_status(bare) == PROOF_PARTIAL
    assert [c.origin for c in cited.steps[2].conditions] == ["premise P1"] and proof_status(cited) == PROOF_COMPLETE


def test_the_start_is_checked_up_to_algebra_and_abbreviations():
    w = sympy.Symbol("w", positive=True)
    r = check_derivation(derive(step(w**2, "==", y**2 + 2 * y + 1, "expand"), then("<=", B, "z > 0"),
                                where=((w, y + 1),)), claim(quantity_expr=y**2 + 2 * y + 1))
    assert r.start_status == START_CHECKED, r.start_status_detail


def test_a_stated_start_is_partial():
    r = check_derivation(sound(), claim())  # no quantity_expr on the claim
    assert r.start_status == START_STATED and proof_status(r) == PROOF_PARTIAL
    r = check_derivation(sound(), B)  # a bare target expression
    assert r.start_status == START_STATED and proof_status(r) == PROOF_PARTIAL
    r = check_derivation(sound(), claim(quantity_expr=None))
    assert r.start_status == START_STATED


def test_evidence_cited_or_unchecked_steps_are_partial():
    d = derive(step(Q, "==", y**2 + 2 * y + 1, "expand"),
               then("<=", y**2 + 2 * y + 1 + z + sympy.Abs(sympy.sin(y)) - sympy.sin(y),
                    "a true step the engine only samples"), domain={y: ("0.001", "10"), z: ("0.001", "10")})
    target = d.steps[-1].rhs
    r = check_derivation(d, claim(bound=target, quantity_expr=Q))
    assert r.steps[1].status == "evidence", r.steps[1].detail
    assert proof_status(r) == PROOF_PARTIAL
    cited = derive(step(Q, "==", y**2 + 2 * y + 1, "expand"),
                   then("<=", y**2 + 2 * y + 1 + z + sympy.Abs(sympy.sin(y)) - sympy.sin(y), "taken from a book",
                        cited="Someone 2020"), domain={y: ("0.001", "10"), z: ("0.001", "10")})
    r = check_derivation(cited, claim(bound=cited.steps[-1].rhs, quantity_expr=Q))
    assert r.steps[1].status == "cited" and proof_status(r) == PROOF_PARTIAL


def test_a_refuted_step_is_broken_and_its_point_is_listed():
    d = derive(step(Q, "==", y**2 + 2 * y + 1, "expand"), then("<=", y**2 + y + 1 + z, "drops a y"),
               domain={y: ("0.001", "10"), z: ("0.001", "10")})
    r = check_derivation(d, claim(bound=y**2 + y + 1 + z, quantity_expr=Q))
    assert r.steps[1].status == "refuted" and proof_status(r) == PROOF_BROKEN
    (pt,) = r.refuting_points()
    assert pt["step"] == 2 and pt["relation"] == r.steps[1].text
    with mpmath.workdps(100):
        yv, zv = mpmath.mpf(pt["point"]["y"]), mpmath.mpf(pt["point"]["z"])
        assert yv**2 + 2 * yv + 1 > yv**2 + yv + 1 + zv  # the step fails there, checked independently
        assert 0 < yv <= 10 and 0 < zv <= 10
    j = json.loads(json.dumps(r.to_json()))
    assert j["proof"] == "broken" and j["refuting_points"][0]["point"] == pt["point"]
    assert pickle.loads(pickle.dumps(r)).refuting_points() == r.refuting_points()


def test_a_broken_link_is_broken():
    r = check_derivation(sound(), claim(bound=B + 1, quantity_expr=Q))
    assert r.link == "broken" and all(s.status != "refuted" for s in r.steps)
    assert proof_status(r) == PROOF_BROKEN


def test_a_start_mismatch_is_broken():
    r = check_derivation(sound(), claim(quantity_expr=Q + z))
    assert r.start_status == START_MISMATCH and proof_status(r) == PROOF_BROKEN
    assert "not the claim's quantity" in r.start_status_detail
    r = check_derivation(derive(*sound().steps, start=2 * Q), claim())  # the chain does not start where it says
    assert r.start_status == START_MISMATCH and proof_status(r) == PROOF_BROKEN


def test_no_derivation_is_none():
    assert proof_status(None) == PROOF_NONE


def test_a_refuted_abbreviation_is_broken():
    u = sympy.Symbol("u", positive=True)
    d = derive(step(Q, "==", y**2 + 2 * y + 1, "expand"), then("<=", B, "z > 0"), where=((u, y - 1),),
               domain={y: ("0.001", "10"), z: ("0.001", "10")})
    r = check_derivation(d, claim(quantity_expr=Q))
    assert r.definitions[0].status == "refuted" and proof_status(r) == PROOF_BROKEN
    assert any(p["step"] is None and p["point"] for p in r.refuting_points())
