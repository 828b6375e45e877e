"""The start checked against the claim's quantity computed at symbolic input (``Derivation.symbolic_start``), and a
``stated`` start's reason (issue 25, item 3): a run returning where the chain starts is ``checked``; a wrong run, or
one that raises, is a ``mismatch`` (the proof ``broken``); a stated start shows its reason in the JSON."""
import json
from types import SimpleNamespace

import sympy

from certunlearn.derive import (
    PROOF_BROKEN, PROOF_COMPLETE, PROOF_PARTIAL, START_CHECKED, START_MISMATCH, START_STATED, Derivation,
    check_derivation, step,
)
from certunlearn.derive.cache import derivation_fingerprint
from certunlearn.derive import SymbolicStart

y, z, eta = sympy.symbols("y z eta", positive=True)
B = (1 - eta) ** 2 * y + z  # the bound


def claim():
    return SimpleNamespace(id="gaussian.symstart", bound=B, prescribed={})  # no closed-form quantity_expr


def gd_twice(lr):
    """Two steps of gradient descent θ ← θ − η∇f(θ) on f(θ) = θ²/2 from θ₀ = y, at symbolic y and η; the quantity is
    θ₂ (a loop over sympy symbols, as the reference algorithm's arithmetic)."""
    theta = y
    for _ in range(2):
        theta = theta - lr * theta  # ∇f(θ) = θ
    return theta


def derive(run=None, reason=""):
    return Derivation("gaussian.symstart", "bound", "symbolic start test",
                      steps=(step((1 - eta) ** 2 * y, "<=", B, "z > 0"),),
                      symbolic_start=run, start_reason=reason)


def test_a_start_equal_to_the_symbolic_run_is_checked():
    r = check_derivation(derive(SymbolicStart(lambda: gd_twice(eta), "two GD steps on θ²/2 at symbolic θ₀, η")),
                         claim())
    assert r.start_status == START_CHECKED, r.start_status_detail
    assert "two GD steps" in r.start_status_detail
    assert r.proof == PROOF_COMPLETE, [s.status for s in r.steps]


def test_a_wrong_run_is_a_mismatch():
    # the run with twice the step size: the chain does not start from that quantity
    r = check_derivation(derive(SymbolicStart(lambda: gd_twice(2 * eta), "two GD steps at step 2η")), claim())
    assert r.start_status == START_MISMATCH and r.proof == PROOF_BROKEN, r.start_status_detail
    assert "not the claim's quantity computed by two GD steps at step 2η" in r.start_status_detail


def test_a_run_that_raises_is_a_mismatch():
    def boom():
        raise ValueError("no symbolic mode")

    r = check_derivation(derive(SymbolicStart(boom, "a run that fails")), claim())
    assert r.start_status == START_MISMATCH and "no symbolic mode" in r.start_status_detail


def test_a_stated_start_gives_its_reason():
    why = "the quantity is the true δ at the algorithm's exact output: no closed form in the instance's symbols"
    r = check_derivation(derive(reason=why), claim())
    assert r.start_status == START_STATED and r.proof == PROOF_PARTIAL
    j = json.loads(json.dumps(r.to_json()))
    assert j["start"]["reason"] == why
    r = check_derivation(derive(), claim())
    assert r.start_status == START_STATED and "declares no closed-form quantity" in r.to_json()["start"]["reason"]


def test_the_cache_key_follows_what_the_run_computes():
    a = derivation_fingerprint(derive(SymbolicStart(lambda: gd_twice(eta), "run")))
    b = derivation_fingerprint(derive(SymbolicStart(lambda: gd_twice(2 * eta), "run")))
    assert a != b and "0x" not in a  # the run by value, never by the address of a function object


def test_a_start_written_with_an_abbreviation_is_checked_with_it_substituted():
    w = sympy.Symbol("w", positive=True)
    d = Derivation("gaussian.symstart", "bound", "symbolic start through an abbreviation",
                   steps=(step(w, "<=", B, "z > 0"),), where=((w, (1 - eta) ** 2 * y),),
                   symbolic_start=SymbolicStart(lambda: gd_twice(eta), "two GD steps on θ²/2"))
    r = check_derivation(d, claim())
    assert r.start_status == START_CHECKED and "abbreviations substituted" in r.start_status_detail, r.start_status_detail
