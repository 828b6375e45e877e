"""A step that is an instance of a lemma (certunlearn.derive.lemmas, issue 25 item 1): proved (method ``lemma``) only
when the lemma's derivation is complete and the step is an instance of its statement; otherwise cited with the reason;
no cycles; the lemma's key is part of its users' cache keys. Also the per-integer branch-and-bound of ``integers``."""
import pytest
import sympy

from certunlearn.derive import (
    CITED, PROOF_COMPLETE, PROOF_PARTIAL, PROVED, PROVED_ON_BOX, REFUTED, Derivation, Lemma, SymbolicStart, cache,
    check_derivation, step,
)
from certunlearn.derive import lemmas
from certunlearn.derive.engine import check_inputs

a = sympy.Symbol("a", positive=True)
x = sympy.Symbol("x", positive=True)
k = sympy.Symbol("k", positive=True)


def lemma_erfc(complete: bool = True, claim_id: str = "test.lem") -> Derivation:
    """erfc(a) ≤ e^(−a) on a ∈ [1/10, 10]: proved on that box; complete when its start is checked."""
    return Derivation(
        claim_id, "bound", "a test lemma",
        steps=(step(sympy.erfc(a), "<=", sympy.exp(-a), "erfc(a) ≤ e^(−a) for a ≥ 0", box={a: ("1/10", "10")}),),
        symbolic_start=SymbolicStart(lambda: sympy.erfc(a), "erfc at a") if complete else None)


@pytest.fixture
def registry(monkeypatch):
    """Lemma ids resolved from this dict (id → (derivation, target)) instead of the claims registry."""
    table: dict = {}

    def resolve(name):
        if name not in table:
            raise LookupError(f"no claim {name}")
        return table[name]

    monkeypatch.setattr(lemmas, "resolve", resolve)
    return table


def user(rhs, *, lemma=Lemma("test.lem", {a: x + 1}), claim_id="test.user", lhs=None) -> Derivation:
    """A step that is (or is not) erfc(x + 1) ≤ e^(−(x + 1)), citing the lemma; no box: the engine cannot prove it
    on its own (no declared range for x), so without the lemma it stays cited. Each test names its own user: the
    engine's in-process cache is keyed by the derivation (lemmas do not change within a run; here they do)."""
    return Derivation(claim_id, "bound", "uses the lemma", samples=4,
                      steps=(step(sympy.erfc(x + 1) if lhs is None else lhs, "<=", rhs, "the lemma at a = x + 1",
                                  lemma=lemma),))


def test_an_instance_of_a_complete_lemma_is_proved_on_the_lemmas_box(registry):
    registry["test.lem"] = (lemma_erfc(), sympy.exp(-a))
    assert check_derivation(*registry["test.lem"]).proof == PROOF_COMPLETE
    r = check_derivation(user(sympy.exp(-(x + 1))), sympy.exp(-(x + 1)))
    s = r.steps[0]
    assert (s.status, s.method) == (PROVED_ON_BOX, "lemma"), s.detail
    assert s.box == (("x + 1", "0.1", "10"),) and "test.lem" in s.detail


def test_a_wrong_constant_is_not_an_instance_and_stays_cited(registry):
    registry["test.lem"] = (lemma_erfc(), sympy.exp(-a))
    wrong = sympy.Rational(1001, 1000) * sympy.exp(-(x + 1))  # 0.1 % larger: true, but not the lemma's statement
    s = check_derivation(user(wrong, claim_id="test.wrong"), wrong).steps[0]
    assert s.status == CITED and "not an instance" in s.detail, s.detail
    shifted = Lemma("test.lem", {a: x + 2})  # the substitution does not give the step's left side
    s = check_derivation(user(sympy.exp(-(x + 1)), lemma=shifted, claim_id="test.shifted"),
                         sympy.exp(-(x + 1))).steps[0]
    assert s.status == CITED and "the left side is not" in s.detail, s.detail


def test_a_lemma_whose_derivation_is_not_complete_establishes_nothing(registry):
    registry["test.lem"] = (lemma_erfc(complete=False), sympy.exp(-a))
    assert check_derivation(*registry["test.lem"]).proof == PROOF_PARTIAL  # its start is stated
    s = check_derivation(user(sympy.exp(-(x + 1)), claim_id="test.partial"), sympy.exp(-(x + 1))).steps[0]
    assert s.status == CITED and "partial, not complete" in s.detail, s.detail


def test_a_lemma_with_no_box_gives_proved_and_its_conditions_must_hold(registry):
    b = sympy.Symbol("b", positive=True)
    lem = Derivation("test.sq", "bound", "a² ≤ a for a ≤ 1", conditions=(sympy.Le(a, 1),),
                     steps=(step(a**2, "<=", a, "a ≤ 1"),), symbolic_start=SymbolicStart(lambda: a**2, "a²"))
    registry["test.sq"] = (lem, a)
    ok = Derivation("test.user2", "bound", "", conditions=(sympy.Le(b, 1),),
                    steps=(step((b / 2) ** 2, "<=", b / 2, "the lemma at a = b/2", lemma=("test.sq", {a: b / 2})),))
    s = check_derivation(ok, b / 2).steps[0]
    assert (s.status, s.method) == (PROVED, "lemma"), s.detail
    # the erfc lemma under a ≥ 1/10: at a = x (x > 0 only) that condition is not proved, so not established
    registry["test.cond"] = (Derivation("test.cond", "bound", "", conditions=(sympy.Ge(a, sympy.Rational(1, 10)),),
                                        steps=lemma_erfc().steps, symbolic_start=lemma_erfc().symbolic_start),
                             sympy.exp(-a))
    bad = user(sympy.exp(-x), lhs=sympy.erfc(x), lemma=Lemma("test.cond", {a: x}), claim_id="test.user3")
    s = check_derivation(bad, sympy.exp(-x)).steps[0]
    assert s.status == CITED and "a >= 1/10 is not proved here" in s.detail, s.detail


def test_the_lemmas_signs_are_conditions_of_its_statement(registry):
    """The lemma is proved for a > 0: a > 0 is a condition of its statement (so a substitution must make it hold);
    outside the lemma's box the step erfc(x − 1) ≤ e^(1 − x) is false and is refuted, never established by it."""
    lem = lemma_erfc()
    stmt = lemmas.statement(lem, sympy.exp(-a), check_derivation(lem, sympy.exp(-a)))
    assert sympy.Gt(a, 0, evaluate=False) in stmt.conditions and stmt.box == (("a", "0.1", "10"),)
    registry["test.lem"] = (lem, sympy.exp(-a))
    s = check_derivation(user(sympy.exp(-(x - 1)), lhs=sympy.erfc(x - 1), lemma=Lemma("test.lem", {a: x - 1}),
                              claim_id="test.sign"), sympy.exp(-(x - 1))).steps[0]
    assert s.status == REFUTED and s.method != "lemma", s.detail


def test_no_cycles(registry):
    registry["test.lem"] = (lemma_erfc(), sympy.exp(-a))
    own = user(sympy.exp(-(x + 1)), lemma=Lemma("test.self", {a: x + 1}), claim_id="test.self")
    registry["test.self"] = (own, sympy.exp(-(x + 1)))
    s = check_derivation(own, sympy.exp(-(x + 1))).steps[0]
    assert s.status == CITED and "cycle" in s.detail, s.detail
    # test.u → test.back → test.u: the back reference is a cycle, so test.back is partial and test.u not established
    back = Derivation("test.back", "bound", "", steps=(step(sympy.erfc(a), "<=", sympy.exp(-a), "", lemma="test.u"),),
                      symbolic_start=SymbolicStart(lambda: sympy.erfc(a), "erfc"))
    u = user(sympy.exp(-(x + 1)), lemma=Lemma("test.back", {a: x + 1}), claim_id="test.u")
    registry["test.back"], registry["test.u"] = (back, sympy.exp(-a)), (u, sympy.exp(-(x + 1)))
    s = check_derivation(u, sympy.exp(-(x + 1))).steps[0]
    assert s.status == CITED and "partial, not complete" in s.detail, s.detail
    assert "cycle" in check_derivation(back, sympy.exp(-a)).steps[0].detail
    assert len(cache.result_key(own, *check_inputs(own, sympy.exp(-(x + 1))))) == 64  # a key is formed


def test_a_changed_lemma_changes_its_users_cache_key(registry):
    u = user(sympy.exp(-(x + 1)))
    registry["test.lem"] = (lemma_erfc(), sympy.exp(-a))
    key = cache.result_key(u, *check_inputs(u, sympy.exp(-(x + 1))))
    registry["test.lem"] = (lemma_erfc(complete=False), sympy.exp(-a))
    assert cache.result_key(u, *check_inputs(u, sympy.exp(-(x + 1)))) != key


def test_per_integer_branch_and_bound():
    """erfc(x)^k ≤ k·erfc(x): equal at k = 1 (no enclosure decides it; simplification does), branch-and-bound at
    k = 2..4; without declaring k an integer the box near k = 1 stays undecided."""
    box = {x: ("0", "3"), k: ("1", "4")}
    st = dict(box=box)
    proved = check_derivation(Derivation("test.int", "bound", "", domain=box, steps=(
        step(sympy.erfc(x) ** k, "<=", k * sympy.erfc(x), "erfc ≤ 1", integers=(k,), **st),)), k * sympy.erfc(x))
    s = proved.steps[0]
    assert s.status == PROVED_ON_BOX and "1 by simplification (k = 1), 3 by branch-and-bound" in s.detail, s.detail
    wrong = check_derivation(Derivation("test.int2", "bound", "", domain=box, steps=(
        step(sympy.erfc(x) ** k, "<=", k * sympy.erfc(x) - sympy.Rational(1, 1000), "", integers=(k,), **st),)),
        k * sympy.erfc(x) - sympy.Rational(1, 1000))
    assert wrong.steps[0].status != PROVED_ON_BOX  # false at k = 1


def test_an_equation_lemma_does_not_prove_a_strict_step(registry):
    """A lemma stating log(a + 1) + log(a + 2) = log((a + 1)(a + 2)) gives ≤ but never <: the strict step at a = x + 1
    (false: its sides are equal, which no enclosure decides) is not proved by it (model.IMPLIED; the lemmas' own table
    once let an equation imply <), the non-strict one is."""
    lhs, rhs = sympy.log(a + 1) + sympy.log(a + 2), sympy.log((a + 1) * (a + 2))
    registry["test.eq"] = (Derivation("test.eq", "bound", "a sum of logarithms", steps=(step(lhs, "==", rhs, "log"),),
                                      symbolic_start=SymbolicStart(lambda: lhs, "the sum")), rhs)
    assert check_derivation(*registry["test.eq"]).proof == PROOF_COMPLETE
    at = {a: x + 1}
    for rel, cid in (("<", "test.strict"), ("<=", "test.weak")):
        d = Derivation(cid, "bound", f"a step {rel} from an equation", samples=4,
                       steps=(step(lhs.xreplace(at), rel, rhs.xreplace(at), "the lemma at a = x + 1",
                                   lemma=Lemma("test.eq", at)),))
        s = check_derivation(d, rhs.xreplace(at)).steps[0]
        if rel == "<":
            assert s.method != "lemma" and s.status != PROVED, (s.status, s.method, s.detail)
        else:
            assert s.status == PROVED and s.method == "lemma", (s.status, s.method, s.detail)
