"""The engine's proof methods and honest evidence: symbol facts from definitions, conditions with Abs, case
splits, branch-and-bound on a declared domain (proved-on-box naming its box), the spike that sampling misses,
and evidence that says how many points were decided (none decided: unchecked)."""

import mpmath
import pytest
import sympy
from sympy import Abs, Max, Rational

from certunlearn.derive import (
    EVIDENCE, PROOF_COMPLETE, PROOF_PARTIAL, PROVED, PROVED_ON_BOX, REFUTED, UNCHECKED, Derivation, check_derivation,
    step,
)
from certunlearn.derive import engine
from certunlearn.derive.facts import case_splits, normal_conditions
from certunlearn.numeric.fraction import Fraction

x = sympy.Symbol("x", real=True)
u, v = sympy.symbols("u v", real=True)
L, m, M, n, G, gam = sympy.symbols("L m M n G gamma", positive=True)
I = sympy.Symbol("I", positive=True)
a, b = sympy.symbols("a b", positive=True)

#: A bump of height 1 and half-width 1e-7 at x = 0.314159: the step below fails only where it exceeds 1/2.
SPIKE = 1 / (1 + 10**14 * (x - Rational(314159, 10**6)) ** 2)
SPIKE_LHS, SPIKE_RHS = x / 2, x / 2 + Rational(1, 8) - SPIKE / 4


def one(*steps, **kw):
    d = Derivation("gaussian.methods", "bound", "engine methods", steps=tuple(steps), **kw)
    return check_derivation(d, steps[-1].rhs)


def fails_mpmath(point: dict[str, str]) -> bool:
    with mpmath.workdps(100):
        xv = mpmath.mpf(point["x"])
        spike = 1 / (1 + mpmath.mpf(10) ** 14 * (xv - mpmath.mpf(314159) / 10**6) ** 2)
        return not (xv / 2 <= xv / 2 + mpmath.mpf(1) / 8 - spike / 4)


@pytest.mark.parametrize("domain", [{x: ("0", "1")}, None], ids=["declared domain", "default range"])
def test_the_spike_is_refuted_not_passed(domain):
    r = one(step(SPIKE_LHS, "<=", SPIKE_RHS, "false within 1e-7 of x = 0.314159"), domain=domain)
    s = r.steps[0]
    assert s.status == REFUTED, s.detail
    assert s.method == "branch-and-bound"
    assert abs(Fraction(s.point_dict["x"]) - Fraction(314159, 10**6)) < Fraction(1, 10**7)
    assert fails_mpmath(s.point_dict)
    assert r.proof != PROOF_COMPLETE


def test_the_spike_passes_sampling_and_the_float_search(monkeypatch):
    # what made it dangerous: without branch-and-bound, sampling and the float search see nothing
    monkeypatch.setattr(engine, "_branch_and_bound", lambda *a, **kw: None)
    from certunlearn.derive import cache

    monkeypatch.setattr(cache, "_disabled", True)
    engine._check_cached.cache_clear()
    s = one(step(SPIKE_LHS, "<=", SPIKE_RHS, "spike"), domain={x: ("0", "1")}).steps[0]
    engine._check_cached.cache_clear()
    assert s.status == EVIDENCE
    assert s.detail.startswith(f"sampled at {s.samples} points, {s.decided} decided, 0 violated")


def test_facts_from_the_definitions_prove_the_d2d_thm31_step3():
    # d2d Theorem 3.1 (3): 4GL/(mn) ≤ 4GL/(mn(1 − G)) with G := γ^I, γ := (M − m)/(M + m), m < M
    lhs, rhs = 4 * L * G / (m * n), 4 * L * G / (m * n * (1 - G))
    r = one(step(lhs, "<=", rhs, "base case of (3)"), where=((G, gam**I), (gam, (M - m) / (M + m))),
            conditions=(sympy.Lt(m, M),))
    s = r.steps[0]
    assert s.status == PROVED and s.method == "sign", s.detail
    assert "with the facts G < 1 (from the definitions)" in s.detail
    # the facts rest on the abbreviations' own assumptions (γ > 0), which are checked: without m < M, γ > 0 is
    # refuted, and the proof is broken whatever the step's status
    r2 = one(step(lhs, "<=", rhs, "no m < M"), where=((G, gam**I), (gam, (M - m) / (M + m))))
    assert {d.symbol: d.status for d in r2.definitions}["gamma"] == REFUTED
    assert r2.proof == "broken"


def test_a_probability_is_at_most_one_where_its_domain_says_so():
    delta = sympy.Symbol("delta", positive=True)
    s = one(step(delta**2, "<=", delta, "δ ∈ (0, 1]"), domain=((delta, "1e-9", "1"),)).steps[0]
    assert s.status == PROVED and "using the conditions" in s.detail
    y = sympy.Symbol("y", positive=True)  # the same step for a symbol that is not a probability: false
    assert one(step(y**2, "<=", y, "y > 1 possible")).steps[0].status == REFUTED


def test_a_name_alone_is_not_a_probability():
    # pomer's β is an inverse temperature (declared up to 10³ there): the name must not bring β ≤ 1, which would
    # "prove" β² ≤ β — false at every β > 1 of the declared domain
    beta = sympy.Symbol("beta", positive=True)
    s = one(step(beta**2, "<=", beta, "false for β > 1"), domain=((beta, "1/1000", "1000"),)).steps[0]
    assert s.status == REFUTED and Fraction(dict(s.point)["beta"]) > 1
    delta = sympy.Symbol("delta", positive=True)  # no declared range: no fact either
    assert one(step(delta**2, "<=", delta, "no range declared")).steps[0].status != PROVED


def test_conditions_with_abs_are_used():
    assert normal_conditions([sympy.Le(Abs(u), 1)]) == [sympy.Le(u, 1), sympy.Ge(u, -1)]
    s = one(step(u**2, "<=", 1, "|u| ≤ 1"), conditions=(sympy.Le(Abs(u), 1),)).steps[0]
    assert s.status == PROVED, s.detail
    # |u| ≤ 1, |v| ≤ 1 ⇒ uv ≤ 1: proved symbolically or on the box the conditions declare, never only sampled
    s = one(step(u * v, "<=", 1, "|u|, |v| ≤ 1"), conditions=(sympy.Le(Abs(u), 1), sympy.Le(Abs(v), 1))).steps[0]
    assert s.status in (PROVED, PROVED_ON_BOX), s.detail
    if s.status == PROVED_ON_BOX:
        assert s.box_dict == {"u": ["-1", "1"], "v": ["-1", "1"]}
    # and they matter: without them the step is false
    assert one(step(u * v, "<=", 1, "no bounds")).steps[0].status == REFUTED


def test_case_splits_for_abs_and_max():
    assert len(case_splits(Abs(x - 1) + Abs(x))) == 4
    s = one(step(x, "<=", Abs(x), "x ≤ |x|")).steps[0]
    assert s.status == PROVED and s.method == "case-split", s.detail
    s = one(step(a, "<=", Max(a, b), "a ≤ max(a, b)")).steps[0]
    assert s.status == PROVED and s.method == "case-split", s.detail
    s = one(step(sympy.ceiling(a), "<", a + 1, "⌈a⌉ < a + 1")).steps[0]
    assert s.status == PROVED and s.method == "case-split", s.detail
    assert one(step(Abs(x), "<=", x, "false for x < 0")).steps[0].status == REFUTED


def test_proved_on_the_declared_domain_names_its_box():
    y = sympy.Symbol("y", positive=True)
    r = one(step(y * sympy.exp(-y), "<=", sympy.exp(-1) + Rational(1, 10**6), "max at y = 1"),
            domain={y: ("0.001", "3")})
    s = r.steps[0]
    assert s.status == PROVED_ON_BOX and s.method == "branch-and-bound"
    assert s.box_dict == {"y": ["0.001", "3"]} and "y ∈ [0.001, 3]" in s.detail
    # the same step without a declared domain: the hunt on the sampling ranges is not a proof
    s2 = one(step(y * sympy.exp(-y), "<=", sympy.exp(-1) + Rational(1, 10**6), "no domain")).steps[0]
    assert s2.status == EVIDENCE and "not a proof" in s2.detail


def test_nothing_decided_is_unchecked(monkeypatch):
    # every sampled point undecided (enclosures that never separate): K = 0, so the step is unchecked
    from certunlearn.derive import cache
    from certunlearn.numeric.enclosure import Comparison, Decision

    real = engine.boxmod.violates

    def undecided(lhs, op, rhs, point, **kw):
        c = real(lhs, op, rhs, point, **kw)
        return None if c is None else Comparison(Decision.UNDECIDED, op, c.lhs, c.rhs, c.prec)

    monkeypatch.setattr(engine.boxmod, "violates", undecided)
    monkeypatch.setattr(engine, "_branch_and_bound", lambda *a, **kw: None)
    monkeypatch.setattr(cache, "_disabled", True)
    engine._check_cached.cache_clear()
    y = sympy.Symbol("y", positive=True)
    r = one(step(y * sympy.exp(-y), "<=", sympy.exp(-1), "attained at y = 1"))
    engine._check_cached.cache_clear()
    s = r.steps[0]
    assert s.status == UNCHECKED and s.decided == 0, s.detail
    assert f"sampled at {s.samples} points, 0 decided, 0 violated" in s.detail
    assert r.proof == PROOF_PARTIAL


def test_evidence_counts_what_was_decided():
    y = sympy.Symbol("y", positive=True)
    s = one(step(y * sympy.exp(-y), "<=", sympy.exp(-1), "attained at y = 1")).steps[0]
    assert s.status == EVIDENCE
    assert s.decided and s.decided <= s.samples
    assert f"sampled at {s.samples} points, {s.decided} decided, 0 violated" in s.detail
    assert s.to_json()["method"] == "sampling" and s.to_json()["box"] is None


def test_powers_of_a_contraction_written_out_are_in_zero_one():
    # d2d Theorem 3.1's Δ step with G = γ^I written out (no abbreviation): 4LG/(mn) + 4LG/(mn(1 − G)) ≤ 8LG/(mn(1 − G))
    Gw = ((M - m) / (M + m)) ** I
    lhs, rhs = 4 * L * Gw / (m * n) + 4 * L * Gw / (m * n * (1 - Gw)), 8 * L * Gw / (m * n * (1 - Gw))
    s = one(step(lhs, "<=", rhs, "(2) + (3) ≤ Δ"), conditions=(sympy.Lt(m, M),)).steps[0]
    assert s.status == PROVED and "the powers bounded: ((M - m)/(M + m))**I ∈ (0, 1)" in s.detail, s.detail
    # a false variant (the constant 8 lowered to 7) is refuted, and without m < M nothing is proved
    assert one(step(lhs, "<=", 7 * L * Gw / (m * n * (1 - Gw)), "false"),
               conditions=(sympy.Lt(m, M),)).steps[0].status == REFUTED
    from certunlearn.derive.prover import prove_relation
    assert prove_relation(lhs, "<=", rhs, []) is None


@pytest.mark.slow  # five symbolic proofs: ~10 s on a loaded machine
def test_exponents_are_split_and_lower_bounds_kept():
    # d2d Theorem 3.2+fix: 2γ^{I+w}/(1 − γ^{I+w}) ≤ 2γ^I/(1 − γ) needs I ≥ 1 (γ^I ≤ γ): b^(1 + w_I + w) = b·b^w_I·b^w
    from certunlearn.derive.facts import power_abstraction
    from certunlearn.derive.prover import prove_relation

    w, k = sympy.symbols("w k", positive=True)
    lhs, rhs = 2 * gam ** (I + w) / (1 - gam ** (I + w)), 2 * gam**I / (1 - gam)
    conds = [sympy.Lt(gam, 1), sympy.Ge(I, 1)]
    how = prove_relation(lhs, "<=", rhs, conds)
    assert how is not None and "writing I = " in how, how
    assert prove_relation(lhs, "<=", rhs, conds[:1]) is None  # false for I < 1 (I → 0: lhs → ∞ as w → 0)
    # Table 1's g(I + k)/g(I) ≤ γ^k is proved; the false γ^{2k} is not
    ratio = gam ** (I + k) * (1 - gam**I) / (gam**I * (1 - gam ** (I + k)))
    assert prove_relation(ratio, "<=", gam**k, [sympy.Lt(gam, 1)]) is not None
    assert prove_relation(ratio, "<=", gam ** (2 * k), [sympy.Lt(gam, 1)]) is None
    # a base above 1 with a negative exponent is in (0, 1) too; a base not known below 1 is left alone
    x_ = sympy.Symbol("x", positive=True)
    (g, one_, conds_, _), = power_abstraction((1 + 2 * x_) ** (-k), sympy.S.One, [], prove_relation)
    assert conds_[-1] == sympy.StrictLessThan(g, 1) and g.is_Dummy
    assert power_abstraction(x_**k, sympy.S.One, [], prove_relation) == []


def test_conditions_of_symbols_that_cancel_are_left_out():
    """Table 2's restart-regret-c round-1 step under the four path hypotheses |r_t|, |s_t| ≤ 1: r₂, s₂ cancel in
    rhs − lhs, and their two-sided conditions would double the reparametrisation's pieces past MAX_PIECES (no proof
    before); with only r₁'s and s₁'s the sign argument proves it. A false variant stays unproved."""
    from certunlearn.derive.prover import prove_cancelled, prove_relation

    r1, r2, s1, s2 = sympy.symbols("r_1 r_2 s_1 s_2", real=True)
    D_ = sympy.Symbol("D", positive=True)
    conds = [sympy.Le(Abs(v_), 1) for v_ in (r1, s1, r2, s2)]
    lhs = D_ * L * (r1**2 + r2**2 + s1**2 + s2**2) / 2
    how = prove_relation(lhs, "<=", D_ * L * (r2**2 + s2**2 + 2) / 2, conds)
    assert how is not None and "r_2, s_2 cancel in rhs − lhs" in how, how
    assert prove_relation(lhs, "<=", D_ * L * (r2**2 + s2**2 + Rational(3, 2)) / 2, conds) is None
    # nothing cancels: not this method's case
    assert prove_cancelled(r1**2, "<=", 1 + 0 * r2, normal_conditions(conds)) is None
