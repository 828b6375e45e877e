"""The derivation engine: each status is reachable, refutations are real, links are checked."""
import pickle

import mpmath
import pytest
import sympy
from sympy import Rational, exp, oo, sqrt

from certunlearn.derive import (
    CITED, EVIDENCE, IDENTITY, PROVED, PROVED_ON_BOX, REFUTED, UNCHECKED, Derivation, DerivationResult, Monotone,
    Premise, check_derivation, step, then,
)
from certunlearn.derive.prover import reparametrisations
from certunlearn.derive.signs import nonnegative_proof, sign_of, zero_proof

x = sympy.Symbol("x", real=True)
a, b, y, t = sympy.symbols("a b y t", positive=True)
eps = sympy.Symbol("epsilon", positive=True)
dlt = sympy.Symbol("delta", positive=True)


def check(*steps, target=None, **kw) -> DerivationResult:
    d = Derivation("gaussian.test", "bound", "test derivation", steps=tuple(steps), **kw)
    return check_derivation(d, target if target is not None else steps[-1].rhs)


def only(*steps, **kw):
    r = check(*steps, **kw)
    assert len(r.steps) == len(steps)
    return r.steps[-1]


def holds_mpmath(lhs, rel, rhs, point: dict[str, str]) -> bool:
    """The step at ``point``, evaluated independently with mpmath at 100 digits."""
    with mpmath.workdps(100):
        env = {s: mpmath.mpf(point[s.name]) for s in (lhs - rhs).free_symbols}
        args = list(env)
        lv = sympy.lambdify(args, lhs, "mpmath")(*env.values()) if args else mpmath.mpf(sympy.N(lhs, 110))
        rv = sympy.lambdify(args, rhs, "mpmath")(*env.values()) if args else mpmath.mpf(sympy.N(rhs, 110))
        return {"<=": lv <= rv, "<": lv < rv, "==": abs(lv - rv) <= mpmath.mpf(10) ** -90 * (1 + abs(lv))}[rel]


def test_identity_step():
    s = only(step((x + 1) ** 2, "==", x**2 + 2 * x + 1, "expand"))
    assert s.status == IDENTITY
    assert s.text == "(x + 1)**2 == x**2 + 2*x + 1"


def test_identity_needs_positivity():
    # √((√a + √b)²) = √a + √b only because a, b > 0: proved through squares and factored radicands
    s = only(step(sqrt(a + b + 2 * sqrt(a * b)), "==", sqrt(a) + sqrt(b), "denest"))
    assert s.status == IDENTITY


def test_inequality_with_equality_is_identity():
    assert only(step(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, "<=", 1, "Pythagoras")).status == IDENTITY


def test_false_equality_is_refuted_with_point():
    s = only(step(sqrt(a**2 + b**2), "==", a + b, "wrong"))
    assert s.status == REFUTED
    assert not holds_mpmath(sqrt(a**2 + b**2), "==", a + b, s.point_dict)


def test_true_inequalities_are_proved():
    assert only(step(0, "<", x**2 + 1, "square")).status == PROVED
    s = only(step(sqrt(a * b), "<=", (a + b) / 2, "AM-GM"))
    assert s.status in (PROVED, PROVED_ON_BOX)
    assert "≥ 0" in s.detail


def test_am_gm_on_a_box():
    # tight along the whole diagonal a = b: the symbolic prover gives up, the box search closes it
    s = only(step(sqrt(a * b), "<", (a + b) / 2 + Rational(1, 100), "AM-GM, strict", box={a: (1, 3), b: (1, 3)}))
    assert s.status in (PROVED, PROVED_ON_BOX)
    bad = only(step(sqrt(a * b), "<", (a + b) / 2 - Rational(1, 100), "too strong", box={a: (1, 3), b: (1, 3)}))
    assert bad.status == REFUTED
    assert not holds_mpmath(sqrt(a * b), "<", (a + b) / 2 - Rational(1, 100), bad.point_dict)


def test_false_inequality_on_box_is_refuted_at_a_real_point():
    s = only(step(y, "<=", y**2, "false below 1", box={y: (0, 2)}))
    assert s.status == REFUTED
    p = s.point_dict
    assert 0 <= float(p["y"]) <= 2
    assert not holds_mpmath(y, "<=", y**2, p)


def test_false_inequality_without_box_is_refuted_by_sampling():
    s = only(step(y, "<=", y**2, "false below 1"))
    assert s.status == REFUTED and s.samples
    assert not holds_mpmath(y, "<=", y**2, s.point_dict)


def test_box_proves_tight_but_true_and_refutes_barely_false():
    tight = only(step(y * exp(-y), "<=", exp(-1) + Rational(1, 10**6), "max at y = 1", box={y: (0, 3)}))
    assert tight.status == PROVED_ON_BOX and tight.boxes > 1
    barely = only(step(y * exp(-y), "<=", exp(-1) - Rational(1, 10**9), "just below the max", box={y: (0, 3)}))
    assert barely.status == REFUTED
    p = barely.point_dict
    assert abs(float(p["y"]) - 1) < 1e-3
    assert not holds_mpmath(y * exp(-y), "<=", exp(-1) - Rational(1, 10**9), p)


def test_unprovable_true_step_is_evidence_and_says_so():
    s = only(step(y * exp(-y), "<=", exp(-1), "attained at y = 1: no box can close it"))
    assert s.status == EVIDENCE
    assert "sampled" in s.detail and "not a proof" in s.detail and s.samples >= 40


def test_ratio_strategy_for_exponentials():
    # 1 < e^a for a > 0: log rhs − log lhs = a > 0
    assert only(step(1, "<", exp(a), "exp increasing")).status == PROVED
    assert only(step(exp(a), "<=", exp(a + b), "exp increasing")).status == PROVED


def test_strict_with_equal_sides_is_refuted():
    assert only(step(y + 1, "<", 1 + y, "not strict")).status == REFUTED


def test_conditions_are_used_and_matter():
    with_cond = only(step(eps**2, "<=", eps, "ε ≤ 1"), conditions=(sympy.Le(eps, 1),))
    assert with_cond.status == PROVED and "conditions" in with_cond.detail
    without = only(step(eps**2, "<=", eps, "no condition"))
    assert without.status == REFUTED and float(without.point_dict["epsilon"]) > 1


def test_two_sided_condition():
    s = only(step(0, "<=", (dlt - Rational(1, 4)) * (1 - dlt), "positive on [1/4, 1]"),
             conditions=(sympy.Ge(dlt, Rational(1, 4)), sympy.Le(dlt, 1)))
    assert s.status == PROVED


def test_monotone_hint_proves_gaussian_tail_bound():
    tail = sympy.erfc(t / sqrt(2)) / 2
    mills = exp(-t**2 / 2) / (t * sqrt(2 * sympy.pi))
    s = only(step(tail, "<=", mills, "Mills ratio", monotone=Monotone(t, oo)))
    assert s.status == PROVED and "monotonicity" in s.detail
    # the same hint cannot prove a false variant (the bound halved fails for large t)
    bad = only(step(tail, "<=", mills / 2, "halved", monotone=Monotone(t, oo)))
    assert bad.status == REFUTED


def test_monotone_hint_goes_one_derivative_deeper_from_a_finite_endpoint():
    x = sympy.Symbol("x", nonnegative=True)
    s = only(step(1 + x, "<=", exp(x), "1 + x ≤ eˣ", monotone=Monotone(x, 0)))
    assert s.status == PROVED and "by the same argument" in s.detail
    bad = only(step(1 + 2 * x, "<=", exp(x), "1 + 2x ≤ eˣ (false near 0)", monotone=Monotone(x, 0)))
    assert bad.status == REFUTED


def test_cited_steps_are_tested_not_trusted():
    true = only(step(sympy.sin(y), "<=", y, "sin y ≤ y", cited="folklore"))
    assert true.status in (CITED, PROVED) and true.citation == "folklore"
    if true.status == CITED:
        assert "sampled" in true.detail
    false = only(step(y, "<=", sympy.sin(y), "wrong citation", cited="nobody"))
    assert false.status == REFUTED
    assert not holds_mpmath(y, "<=", sympy.sin(y), false.point_dict)


def test_step_without_numeric_form_is_unchecked_or_cited():
    f = sympy.Function("f")(y)
    assert only(step(f, "<=", 1, "unknown")).status == UNCHECKED
    assert only(step(f, "<=", 1, "unknown", cited="somewhere")).status == CITED


def test_chain_lhs_is_previous_rhs():
    r = check(step((a + b) ** 2, "==", a**2 + 2 * a * b + b**2, "expand"),
              then("<=", 2 * a**2 + 2 * b**2, "2ab ≤ a² + b²"))
    assert [s.status for s in r.steps] == [IDENTITY, PROVED]
    assert r.steps[1].chained and r.steps[1].lhs == "a**2 + 2*a*b + b**2"


def test_broken_link_is_reported_with_both_expressions():
    r = check(step(y, "<=", y + 1, "trivially"), target=y + 2)
    assert r.link == "broken" and not r.ok
    assert "y + 1" in r.link_detail and "y + 2" in r.link_detail
    good = check(step(y, "<=", y + 1, "trivially"), target=1 + y)
    assert good.link == "identity" and good.ok


def test_link_to_prescribed_parameter_of_a_claim():
    class FakeClaim:
        id = "gaussian.fake"
        bound = dlt
        prescribed = {"sigma": 2 / eps}

    d = Derivation("gaussian.fake", "sigma", "σ", steps=(step(eps * 2 / eps**2, "==", 2 / eps, "cancel"),))
    assert check_derivation(d, FakeClaim()).link == "identity"
    d2 = Derivation("gaussian.fake", "sigma", "σ", steps=(step(eps * 2 / eps**2, "==", 2 / eps, "cancel"),
                                                          then("<=", 3 / eps, "bigger")))
    assert check_derivation(d2, FakeClaim()).link == "broken"
    d3 = Derivation("gaussian.fake", "rho", "ρ", steps=(step(eps, "<=", eps, "x"),))
    r3 = check_derivation(d3, FakeClaim())
    assert r3.link == "broken" and "prescribes no" in r3.link_detail


def test_given_substitution_is_applied_and_shown():
    s = only(step(sqrt(eps + 1), "==", 1 + y, "under ε = y² + 2y", given={eps: y**2 + 2 * y}))
    assert s.status == IDENTITY and "epsilon =" in s.given
    assert only(step(sqrt(eps + 1), "==", 1 + y, "no given")).status == REFUTED


def test_abbreviations_are_validated_and_used():
    u = sympy.Symbol("u", positive=True)
    good = check(step(u, "<=", 1, "u = 1 − δ ≤ 1"), where=((u, 1 - dlt),), conditions=(sympy.Lt(dlt, 1),),
                 domain={dlt: ("1e-9", "0.999")})
    assert good.definitions[0].status in (PROVED, PROVED_ON_BOX)
    assert good.steps[0].status == PROVED and good.ok
    bad = check(step(u, "<=", 2, "u = δ − 1"), where=((u, dlt - 1),), domain={dlt: ("1e-9", "0.999")})
    assert bad.definitions[0].status == REFUTED and not bad.ok


def test_start_is_checked():
    r = check(step(y, "<=", y + 1, "x"), start=y)
    assert r.start_check == "identity"
    assert check(step(y, "<=", y + 1, "x"), start=2 * y).start_check == "broken"
    assert check(step(y, "<=", y + 1, "x"), start="the noise").start_check == "stated"


def test_premises_are_listed_without_status():
    r = check(step(y, "<=", y + 1, "x"), premises=(Premise("something holds", "Someone 2020, Thm 1"),))
    assert r.premises[0].citation == "Someone 2020, Thm 1"
    assert len(r.steps) == 1


def test_results_pickle_and_serialise():
    r = check(step(y, "<=", y**2, "false", box={y: (0, 2)}), then("<=", y**2 + 1, "fine"))
    back = pickle.loads(pickle.dumps(r))
    assert back == r
    import json

    doc = json.loads(json.dumps(r.to_json()))
    assert doc["steps"][0]["status"] == REFUTED and doc["ok"] is False


def test_ok_iff_no_refuted_step_and_link():
    r = check(step(y, "<=", y**2, "false", box={y: (0, 2)}), then("<=", y**2 + 1, "fine"))
    assert r.link == "identity" and not r.ok
    assert [s.status for s in r.refuted()] == [REFUTED]


def test_helpers_directly():
    assert zero_proof(sympy.log(a * b), sympy.log(a) + sympy.log(b)) is not None
    assert zero_proof(a, b) is None
    assert sign_of(sympy.erfc(x) * exp(x)) == "pos"
    assert sign_of(x) is None
    assert nonnegative_proof((a - b) ** 2, strict=False) is not None
    assert nonnegative_proof((a - b) ** 2, strict=True) is None
    assert nonnegative_proof(-a, strict=False) is None
    pieces = reparametrisations([sympy.Le(eps, 1)])
    (piece,) = pieces
    assert eps in piece


def test_relation_must_be_known():
    with pytest.raises(ValueError):
        step(y, ">=", 1, "use <=")
    with pytest.raises(ValueError):
        Derivation("gaussian.x", "bound", "t", steps=(then("<=", y, "no lhs"),))


# ----------------------------------------------------------------------------------------------------
# conditions using abbreviations; samples and refutations respecting the symbols' assumptions


def test_conditions_may_use_abbreviations():
    # u := 1 − δ appears in a derivation-level condition; v := 2 − ε's positivity needs the box search on ε,
    # which must neither see the unrelated condition on δ nor crash on it
    u, v = sympy.symbols("u v", positive=True)
    r = check(step(u, "<=", 1, "u = 1 − δ ≤ 1"), then("<=", 1 + v, "v > 0"),
              where=((u, 1 - dlt), (v, 2 - eps)), conditions=(sympy.Le(u, Rational(1, 2)),),
              domain={dlt: ("1e-9", "0.999"), eps: ("0.01", "1.5")})
    assert [d.status for d in r.definitions] == [PROVED_ON_BOX, PROVED_ON_BOX]
    assert r.ok
    # a condition linking an abbreviation to the definition's symbols is used (δ ≥ 1/2 from u ≤ 1/2)
    w = sympy.Symbol("w", positive=True)
    r2 = check(step(w, "<=", w + 1, "x"), where=((u, 1 - dlt), (w, dlt - Rational(1, 4))),
               conditions=(sympy.Le(u, Rational(1, 2)),), domain={dlt: ("1e-9", "0.999")})
    assert r2.definitions[1].status in (PROVED, PROVED_ON_BOX), r2.definitions[1].detail


def test_abbreviations_are_substituted_whatever_their_order():
    # u is defined through w, which is declared after it
    u, w = sympy.symbols("u w", positive=True)
    r = check(step(u, "<=", u + 1, "x"), where=((u, w / 2), (w, 2 - dlt)), conditions=(sympy.Le(u, Rational(3, 4)),),
              domain={dlt: ("1e-9", "0.999")})
    assert all(d.status in (PROVED, PROVED_ON_BOX) for d in r.definitions), r.definitions
    assert r.ok


def test_condition_that_cannot_be_evaluated_is_reported_not_raised():
    u, v = sympy.symbols("u v", positive=True)
    r = check(step(u, "<=", u + 1, "x"), where=((u, 1 - dlt), (v, 2 - eps)),
              conditions=(sympy.Eq(u, eps / 4),), domain={dlt: ("1e-9", "0.999"), eps: ("0.01", "1.5")})
    d = r.definitions[1]
    assert d.status not in (REFUTED, PROVED_ON_BOX)
    assert "epsilon/4" in d.detail and "not an inequality" in d.detail


def test_samples_respect_nonnegative():
    # e^(−n)(1 + n²/4) ≤ 1 holds for n ≥ 0 (the left side decreases) and fails for every n < 0
    n = sympy.Symbol("n", nonnegative=True)
    s = only(step(exp(-n), "<=", 1 / (1 + n**2 / 4), "decreasing"))
    assert s.status in (PROVED, EVIDENCE), s.detail
    bad = only(step(exp(-n), "<=", 1 / (1 + 2 * n), "e^n ≥ 1 + 2n fails for 0 < n < 1.25…"))
    assert bad.status == REFUTED and float(bad.point_dict["n"]) >= 0
    assert not holds_mpmath(exp(-n), "<=", 1 / (1 + 2 * n), bad.point_dict)


def test_samples_respect_integer_and_sign_assumptions():
    k = sympy.Symbol("k", integer=True, positive=True)
    s = only(step(0, "<=", (k - 1) * (k - 2), "no integer lies strictly between 1 and 2"))
    assert s.status in (PROVED, EVIDENCE), s.detail
    bad = only(step(0, "<=", (k - 2) * (k - 4), "fails at k = 3"))
    assert bad.status == REFUTED and bad.point_dict["k"] == "3"
    neg = sympy.Symbol("z", negative=True)
    assert only(step(exp(neg), "<=", 1 / (1 - neg), "e^z ≤ 1/(1 − z) for z < 0")).status in (PROVED, EVIDENCE)
    npos = sympy.Symbol("z", nonpositive=True)
    assert only(step(exp(npos), "<=", 1 / (1 - npos), "e^z ≤ 1/(1 − z) for z ≤ 0")).status in (PROVED, EVIDENCE)


def test_domain_and_box_are_narrowed_to_the_assumptions():
    # a domain reaching below 0 for a positive symbol: no sample (and no refutation) outside y > 0
    s = only(step(exp(-y), "<=", 1 / (1 + y**2 / 4), "decreasing"), domain={y: (-5, 5)})
    assert s.status in (PROVED, EVIDENCE), s.detail
    k = sympy.Symbol("k", integer=True, positive=True)
    boxed = only(step(0, "<=", (k - 1) * (k - 2), "integers", box={k: (1, 20)}))
    assert boxed.status in (PROVED, PROVED_ON_BOX), boxed.detail
    bad = only(step(0, "<=", (k - 2) * (k - 4), "fails at k = 3", box={k: (1, 20)}))
    assert bad.status == REFUTED and bad.point_dict["k"] == "3"


def test_refuting_points_satisfy_conditions_through_other_symbols():
    # the condition ties the step's δ to ε ∈ (0, 1]: δ ≥ 1/2 is implied only through ε ≤ 1 ... and δ ≥ ε/2 + 1/2
    s = only(step(1 - dlt, "<=", Rational(1, 2), "δ ≥ 1/2"),
             conditions=(sympy.Le(eps, 1), sympy.Ge(dlt, Rational(1, 2) + eps / 2)), domain={dlt: ("0.01", "2")})
    assert s.status != REFUTED, s.detail
    bad = only(step(1 - dlt, "<=", Rational(1, 4), "δ ≥ 3/4 is not implied"),
               conditions=(sympy.Le(eps, 1), sympy.Ge(dlt, Rational(1, 2) + eps / 2)), domain={dlt: ("0.01", "2")})
    assert bad.status == REFUTED
    p = {k: float(v) for k, v in bad.point_dict.items()}
    assert p["epsilon"] <= 1 and p["delta"] >= 0.5 + p["epsilon"] / 2 and p["delta"] < 0.75


def test_reparametrisation_never_covers_only_part_of_the_region():
    from certunlearn.derive.prover import MAX_PIECES, reparametrisations

    xs = sympy.symbols("x1:6", positive=True)
    conds = [c for x in xs for c in (sympy.Ge(x, 1, evaluate=False), sympy.Le(x, 2, evaluate=False))]
    assert 2 ** len(xs) > MAX_PIECES
    assert reparametrisations(conds) == [{}]  # 32 pieces would be needed: none rather than the first 8
    assert len(reparametrisations(conds[:4])) == 4


def test_the_sign_argument_runs_on_every_variant_before_any_retry(monkeypatch):
    """Cheapest first: a step the plain sign argument proves once the abbreviation is substituted never pays for
    the retries (facts, slacks, case splits) on the variant that keeps it."""
    from certunlearn.derive import engine

    calls = []
    real = engine.prove_relation

    def spy(*args, **kw):
        calls.append((kw.get("first", True), kw.get("retries", True)))
        return real(*args, **kw)

    monkeypatch.setattr(engine, "prove_relation", spy)
    s = sympy.Symbol("s_cheap", positive=True)
    st = only(step(2 * a - 1, "<=", s, "(a − 1)² ≥ 0"), where=((s, a ** 2),))
    assert st.status == PROVED and "abbreviations substituted" in st.detail
    # the step: the sign argument alone on each variant (the second proves it), no retry-only call; the
    # abbreviation's positivity is the one full call (its plain sign argument succeeds at once)
    assert calls.count((True, False)) == 2 and (False, True) not in calls
