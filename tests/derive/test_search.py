"""The counterexample search: a step is evidence only after its domain was searched hard; floats only propose."""

import mpmath
import pytest
import sympy
from sympy import Rational

from certunlearn.derive import EVIDENCE, REFUTED, Derivation, check_derivation, engine, search, step
from certunlearn.numeric.fraction import Fraction

x, v = sympy.symbols("x v", real=True)
G, k = sympy.symbols("G kappa", positive=True)


def holds_mpmath(lhs, rel, rhs, point):
    with mpmath.workdps(100):
        syms = sorted((lhs - rhs).free_symbols, key=lambda s: s.name)
        vals = [mpmath.mpf(point[s.name]) for s in syms]
        lv = sympy.lambdify(syms, lhs, "mpmath")(*vals)
        rv = sympy.lambdify(syms, rhs, "mpmath")(*vals)
        return lv <= rv if rel == "<=" else lv < rv


def inside(point, domain):
    return all(Fraction(lo) <= Fraction(point[s.name]) <= Fraction(hi) for s, (lo, hi) in domain.items())


NEEDLE = (Rational(1, 10**6), "<=", (x - Rational(3, 10)) ** 2 + (v - Rational(7, 10)) ** 2)
NEEDLE_DOMAIN = {x: ("0", "1"), v: ("0", "1")}


def needle_derivation():
    lhs, rel, rhs = NEEDLE
    return Derivation("gaussian.needle", "bound", "fails only within 1e-3 of (0.3, 0.7)",
                      steps=(step(lhs, rel, rhs, "a false step that sampling misses"),), domain=NEEDLE_DOMAIN)


def test_the_search_finds_what_sampling_misses(monkeypatch):
    d = needle_derivation()
    from certunlearn.derive import cache

    # the branch-and-bound would find the needle first: this test is about the float search alone
    monkeypatch.setattr(engine, "_branch_and_bound", lambda *a, **kw: None)
    monkeypatch.setattr(cache, "_disabled", True)
    # without the search, the engine's samples miss the needle: the step would be graded evidence
    with monkeypatch.context() as m:
        m.setattr(engine, "_search", lambda *a, **kw: None)
        engine._check_cached.cache_clear()
        assert check_derivation(d, NEEDLE[2]).steps[0].status == EVIDENCE
    engine._check_cached.cache_clear()
    s = check_derivation(d, NEEDLE[2]).steps[0]
    assert s.status == REFUTED, s.detail
    assert "counterexample search" in s.detail
    point = s.point_dict
    assert inside(point, NEEDLE_DOMAIN)
    assert not holds_mpmath(*NEEDLE, point)


def test_a_corner_failure_is_refuted_inside_the_domain():
    # the shape of a printed G for G²: κ²G² ≤ G fails only where κ²G > 1 (κ near 1 and G > 1)
    domain = {G: ("0.001", "10"), k: ("0.001", "1")}
    lhs, rhs = k**2 * G**2, G
    d = Derivation("gaussian.corner", "bound", "G for G²", samples=4,
                   steps=(step(lhs, "<=", rhs, "as printed", conditions=(sympy.Le(k, 1),)),), domain=domain)
    s = check_derivation(d, rhs).steps[0]
    assert s.status == REFUTED
    assert inside(s.point_dict, domain) and Fraction(s.point_dict["kappa"]) <= 1
    assert not holds_mpmath(lhs, "<=", rhs, s.point_dict)


def test_a_true_step_stays_evidence_and_says_it_was_searched():
    # sin x ≤ x: the float violation is ~0 near x = 0, so points there are proposed, and the exact check rejects them
    s = check_derivation(Derivation("gaussian.sin", "bound", "sin", steps=(step(sympy.sin(x), "<=", x, "sin x ≤ x"),),
                                    domain={x: ("0", "10")}), x).steps[0]
    assert s.status == EVIDENCE, s.detail
    assert "no counterexample found: searched" in s.detail


def test_the_search_respects_the_conditions_and_the_box():
    syms = {"x": x}
    ranges = {"x": (Fraction(0), Fraction(10))}
    free = search.find_counterexample(x, "<=", sympy.Integer(1), syms, [], ranges, seed=1)
    assert free.outcome is not None and Fraction(free.outcome.point_dict["x"]) > 1
    assert free.points >= 200
    assert search.find_counterexample(x, "<=", sympy.Integer(1), syms, [sympy.Le(x, 1)], ranges, seed=1).outcome is None
    narrow = {"x": (Fraction(0), Fraction(1))}
    assert search.find_counterexample(x, "<=", sympy.Integer(1), syms, [], narrow, seed=1).outcome is None


def test_float_proposals_are_decided_exactly():
    # 1 + 1e-40 ≤ 1 is false; in float the sides agree, exact enclosures separate them
    syms = {"x": x}
    tiny = Rational(1, 10**40)
    out = search.find_counterexample(1 + tiny * x, "<=", sympy.Integer(1), syms, [], {"x": (Fraction(1), Fraction(2))},
                                     seed=3).outcome
    assert out is not None and out.status == REFUTED
    # and a step equal in floats but true exactly is not refuted
    assert search.find_counterexample(1 - tiny * x, "<=", sympy.Integer(1), syms, [],
                                      {"x": (Fraction(1), Fraction(2))}, seed=3).outcome is None


def test_a_failure_at_the_small_end_of_a_wide_range_is_found():
    # fails only for x < 1e-5 on [1e-9, 1e3]: uniform sampling would almost never go there
    syms = {"G": G}
    out = search.find_counterexample(sympy.Integer(1), "<=", 10**5 * G, syms, [],
                                     {"G": (Fraction(1, 10**9), Fraction(1000))}, seed=5)
    assert out.outcome is not None
    assert Fraction(out.outcome.point_dict["G"]) < Fraction(1, 10**5)


def test_wide_positive_ranges_are_searched_in_log_scale():
    coords = search._Coords({"G": (Fraction(1, 10**9), Fraction(1000)), "x": (Fraction(0), Fraction(10))}, {"G"}, set())
    mid = coords.point([0.5, 0.5])
    assert mid["G"] == pytest.approx(1e-3, rel=1e-9) and mid["x"] == pytest.approx(5)
    pts = search._unit_points(2, search.POINTS, __import__("numpy").random.default_rng(0))
    assert len(pts) >= 200
    assert sum(coords.point(u)["G"] < 1e-5 for u in pts) >= 0.2 * len(pts)
