"""Two ways a quantity can say more than an enclosure: a closed form whose equality with the bound is proved
(certunlearn.numeric.symbolic_equality), and a confidence interval whose verdict is labelled statistical."""
from dataclasses import replace

import mpmath
import pytest
import sympy

from certunlearn.check import evaluate, get_profile, summary
from certunlearn.check.evaluate import UNDECIDED, VIOLATED, WITHIN
from certunlearn.check.runner import judge
from certunlearn.claims import Adversary, Claim, Kind, QuantityKind
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.confidence import ConfidenceInterval, hoeffding_interval, proportion_interval
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.symbolic_equality import proved_equal

x = sympy.Symbol("x", positive=True)
QUICK = get_profile("quick")
POINTS = tuple(f"{k}/7" for k in range(1, 13))


def claim(quantity, bound, kind=QuantityKind.ENCLOSURE, points=POINTS):
    return Claim(id="gaussian.synthetic", source="test", kind=Kind.INEQUALITY, statement="test claim", hypotheses=(),
                 bound=bound, quantity=quantity, quantity_kind=kind,
                 adversaries=(Adversary("points", generate=lambda rng, size: [{"x": p} for p in points]),))


# closed forms ------------------------------------------------------------------------------------------------------
def test_algebraic_equality_is_decided_exactly():
    r = sympy.Rational
    assert proved_equal(sympy.sqrt(r(5, 4)), 1 / sympy.sqrt(r(4, 5))) is True
    assert proved_equal(sympy.sqrt(2) + sympy.sqrt(3), sympy.sqrt(5 + 2 * sympy.sqrt(6))) is True
    assert proved_equal(sympy.sqrt(2), sympy.sqrt(2) * (1 + r(1, 2**600))) is False
    assert proved_equal(sympy.exp(r(1, 3)) * sympy.exp(r(2, 3)), sympy.E) is True
    assert proved_equal(sympy.E, sympy.pi) is None  # not algebraic, not simplified to 0: open, never "equal"


def test_an_irrational_equality_is_attained_when_proved():
    """√(1/x) against 1/√x: equal, and no enclosure could decide it."""
    c = claim(lambda v: sympy.sqrt(1 / sympy.Rational(v["x"])), 1 / sympy.sqrt(x))
    ev = evaluate(c, {"x": "3/7"}, 512)
    assert ev.outcome == WITHIN and ev.attained and ev.ratio_lower == ev.ratio_upper == 1.0
    res = judge(c, QUICK, 0)
    assert res.verdict == "holds" and res.attained and res.tightness_interval == [1.0, 1.0]


def test_a_tiny_excess_is_not_an_equality():
    """bound·(1 + 2⁻⁶⁰⁰) is not the bound: the closed form is not proved equal, and the enclosures decide."""
    c = claim(lambda v: sympy.sqrt(1 / sympy.Rational(v["x"])) * (1 + sympy.Rational(1, 2**600)), 1 / sympy.sqrt(x))
    ev = evaluate(c, {"x": "3/7"}, 1024)
    assert ev.outcome == VIOLATED and not ev.attained
    ev = evaluate(c, {"x": "3/7"}, 512)  # too little precision to separate them: undecided, never equal
    assert ev.outcome == UNDECIDED and not ev.attained


def test_a_closed_form_below_the_bound_is_within_not_attained():
    c = claim(lambda v: sympy.sqrt(sympy.Rational(v["x"])) / 2, sympy.sqrt(x))
    ev = evaluate(c, {"x": "2/7"}, 512)
    assert ev.outcome == WITHIN and not ev.attained and ev.ratio_upper < 1


def test_a_closed_form_needs_rational_values_for_the_bound():
    """An irrational value in the instance leaves the bound without a closed form: only enclosures decide."""
    c = claim(lambda v: sympy.sqrt(sympy.Rational(1, 3)), x)
    assert c.bound_closed_form({"x": 0.5}) == sympy.Rational(1, 2)
    assert c.bound_closed_form({"x": mpmath.mpf(1) / 3}) is None


# statistical quantities -------------------------------------------------------------------------------------------
def test_confidence_intervals_are_valid_and_refuse_nonsense():
    ci = proportion_interval(30, 1000, 1e-3)
    assert ci.lower < 0.03 < ci.upper and ci.confidence == pytest.approx(0.999)
    # the Clopper–Pearson ends are where the binomial tails equal alpha/2 (mpmath, 50 digits)
    with mpmath.workdps(50):
        tail = lambda p: mpmath.betainc(30, 971, 0, p, regularized=True)  # noqa: E731 - P[Bin(1000, p) ≥ 30]
        assert tail(mpmath.mpf(ci.lower)) <= mpmath.mpf(0.0005) * (1 + mpmath.mpf(10) ** -9)
    h = hoeffding_interval(0.5, 1000, 0, 1, 1e-3)
    assert h.upper - h.lower == pytest.approx(2 * (mpmath.log(2000) / 2000) ** 0.5, rel=1e-12)
    with pytest.raises(InvalidParameterError, match="confidence"):
        ConfidenceInterval(0, 1, 1.5, 10, "x")
    with pytest.raises(InvalidParameterError, match="lower"):
        ConfidenceInterval(2, 1, 0.9, 10, "x")


def _interval(centre: Fraction, half: Fraction, confidence: float = 0.999):
    return ConfidenceInterval(centre - half, centre + half, confidence, 1000, "test interval")


def test_a_statistical_quantity_decides_only_outside_its_interval():
    below = claim(lambda v: _interval(Fraction(v["x"]) / 2, Fraction(1, 100)), x, QuantityKind.STATISTICAL)
    ev = evaluate(below, {"x": "1/7"}, 512)
    assert ev.outcome == WITHIN and ev.confidence == 0.999
    above = claim(lambda v: _interval(Fraction(v["x"]) * 2, Fraction(1, 100)), x, QuantityKind.STATISTICAL)
    assert evaluate(above, {"x": "1/7"}, 512).outcome == VIOLATED
    straddle = claim(lambda v: _interval(Fraction(v["x"]), Fraction(1, 100)), x, QuantityKind.STATISTICAL)
    ev = evaluate(straddle, {"x": "1/7"}, 512)
    assert ev.outcome == UNDECIDED and "straddles" in ev.reason
    with_arb = claim(lambda v: to_arb(v["x"]), x, QuantityKind.STATISTICAL)  # the kind promises an interval
    assert evaluate(with_arb, {"x": "1/7"}, 512).outcome == "error"


def test_statistical_verdicts_are_labelled_and_kept_apart():
    above = claim(lambda v: _interval(Fraction(v["x"]) * 2, Fraction(1, 100), 0.99), x, QuantityKind.STATISTICAL)
    r = judge(above, QUICK, 0)
    # the most confident violation (0.99), corrected for the 12 instances tested (Bonferroni): 1 − 12·0.01
    assert r.verdict == "violated" and r.evidence == "statistical" and r.confidence == pytest.approx(0.88)
    assert Fraction(r.confidence) <= Fraction(88, 100)  # rounded down, never up
    assert r.counterexample.confidence == 0.99  # the instance's own confidence
    below = claim(lambda v: _interval(Fraction(v["x"]) / 2, Fraction(1, 100), 0.999), x, QuantityKind.STATISTICAL)
    h = judge(below, QUICK, 0)
    assert h.verdict == "holds" and h.confidence == pytest.approx(1 - 12 * 0.001)  # a union bound over 12 decisions
    exact = judge(claim(lambda v: to_arb(v["x"]) * 2, x), QUICK, 0)
    assert exact.evidence == "exact" and exact.confidence is None
    s = summary([r, h, exact])
    assert s["printed_violated"] == ["gaussian.synthetic"] and len(s["printed_violated"]) == 1  # the exact one only
    assert s["statistical"]["violated"] == {"gaussian.synthetic": pytest.approx(0.88)}
    assert s["statistical"]["holds"] == {"gaussian.synthetic": pytest.approx(0.988)}
    # the exact counts count exact verdicts only
    assert (s["holds"], s["violated"], s["inconclusive"]) == (0, 1, 0)
    fix = replace(h, id="gaussian.synthetic+fix", corrects="gaussian.synthetic")
    assert summary([fix])["fixes_holding"] == []  # a statistical hold is no fix holding
    assert summary([replace(fix, evidence="exact")])["fixes_holding"] == ["gaussian.synthetic+fix"]


def test_an_exact_quantity_against_a_bound_rational_only_through_radicals():
    """√(x·y) at x = 2, y = 8 is 4, though neither √2 nor √8 is rational: a Fraction 4 is proved equal to it."""
    y = sympy.Symbol("y", positive=True)
    c = Claim(id="gaussian.synthetic", source="test", kind=Kind.INEQUALITY, statement="test claim", hypotheses=(),
              bound=sympy.sqrt(x) * sympy.sqrt(y), quantity=lambda v: Fraction(4),
              adversaries=(Adversary("points", generate=lambda rng, size: [{"x": "2", "y": "8"}]),))
    ev = evaluate(c, {"x": "2", "y": "8"}, 1024)
    assert ev.outcome == WITHIN and ev.attained
    assert evaluate(c, {"x": "2", "y": "9"}, 1024).outcome == WITHIN  # 4 < √18, decided on enclosures
    assert not evaluate(c, {"x": "2", "y": "9"}, 1024).attained


def test_a_nonnegative_quantity_never_has_a_negative_tightness():
    """An enclosure of a tiny δ reaches below 0 only by rounding: the certified ratio's lower end is 0, not −5e-324;
    an inequality claim (whose quantity may be negative) keeps its lower end."""
    from flint import arb

    tiny = lambda v: arb(0, 2.0**-1074)  # noqa: E731
    privacy = Claim(id="gaussian.synthetic", source="test", kind=Kind.PRIVACY, statement="test claim", hypotheses=(),
                    bound=x, quantity=tiny, adversaries=claim(tiny, x).adversaries)
    assert evaluate(privacy, {"x": "1/7"}, 512).ratio_lower == 0.0
    assert evaluate(claim(tiny, x), {"x": "1/7"}, 512).ratio_lower < 0


def test_closed_form_at_takes_rationals_and_closed_forms_only():
    from certunlearn.claims.model import closed_form_at

    y = sympy.Symbol("y", positive=True)
    assert closed_form_at(sympy.sqrt(x) * sympy.sqrt(y), {"x": "2", "y": 8}) == 4  # sympy's exact arithmetic
    assert closed_form_at(x + y, {"x": Fraction(1, 3), "y": sympy.sqrt(2)}) == sympy.Rational(1, 3) + sympy.sqrt(2)
    assert closed_form_at(x + y, {"x": sympy.Rational(1, 3), "y": 1}) == sympy.Rational(4, 3)  # a prescribed value
    assert closed_form_at(x + y, {"x": 1}) is None  # y missing
    assert closed_form_at(x, {"x": mpmath.mpf(1) / 3}) is None  # an mpf is not rational


def test_a_hypothesis_at_an_irrational_equality_is_decided_exactly():
    """S ≤ √T·√d at T = 2, d = 8, S = 4: two irrational enclosures whose product is 4 overlap 4 at every precision;
    the closed forms' equality decides the non-strict relation true and the strict one false. A value a hair above
    stays decided by the enclosures (false), never by the equality."""
    from certunlearn.claims.hypotheses import H
    from certunlearn.numeric.enclosure import Decision

    S, T, d = sympy.symbols("S T d", positive=True)
    at = {"S": 4, "T": 2, "d": 8}
    assert H("S ≤ √T√d", "<=", S, sympy.sqrt(T) * sympy.sqrt(d)).decide(at) is Decision.TRUE
    assert H("S < √T√d", "<", S, sympy.sqrt(T) * sympy.sqrt(d)).decide(at) is Decision.FALSE
    assert H("S ≥ √T√d", ">=", S, sympy.sqrt(T) * sympy.sqrt(d)).decide(at) is Decision.TRUE
    above = {**at, "S": 4 + Fraction(1, 2**40)}
    assert H("S ≤ √T√d", "<=", S, sympy.sqrt(T) * sympy.sqrt(d)).decide(above) is Decision.FALSE


def test_the_pomer_table2_row3_fix_end_is_attained_exactly():
    """Table 2's corrected row 3 at its range's upper end S = √(dT) (T = 64, d = 4, S = 16): Theorem 4.5's bound equals
    the row's entry exactly (both irrational: √2, log T), proved on closed forms — the search's degenerate ranges
    (d² = √(dT) at T = 64, d = 4) sit there, and thorough left them undecided at 4096 bits."""
    from certunlearn.claims import get_claim

    c = get_claim("pomer.table2:row3+fix")
    for inst in ({"S": 16, "T": 64, "d": 4, "G": 1, "D": 1}, {"S": 16, "T": 256, "d": 1, "G": 1, "D": 1}):
        ev = evaluate(c, inst, 4096)
        assert ev.outcome == WITHIN and ev.attained and ev.ratio_lower == 1.0
    ev = evaluate(c, {"S": 16 - Fraction(1, 2**30), "T": 256, "d": 1, "G": 1, "D": 1}, 4096)  # inside the end: strict
    assert ev.outcome == WITHIN and not ev.attained
