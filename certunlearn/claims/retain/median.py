"""Section 3.1 (lines 143–158) and Appendix C (lines 419–432) of the retain paper: the median.

* Lemma C.1 (lines 421–431) — ``retain.lemC.1`` (RS_median by enumeration) and its m-point extension
  ``retain.lemC.1:m-points+fix``;
* Lemma 3.1 (lines 149–153) — ``retain.lem3.1`` (RS/GS);
* Example 3.2 (line 157) — ``retain.ex3.2`` (E[RS_median] on Uniform[0, w], by exact integration);
* Section 3's comparative prose — ``retain.sec3-rs-below-gs`` (calibrating to RS never needs more noise than GS).
"""
from __future__ import annotations

import functools
import itertools
import math
from typing import Any

import numpy as np
import sympy
from flint import fmpq, fmpq_mpoly_ctx

from ...formulas.retain import (
    EX32_BOUND_EXPR, EX32_UNIFORM_EXPR, MEDIAN_GS_EXPR, MEDIAN_RATIO_EXPR, MEDIAN_RS_EXPR, MEDIAN_RS_M_EXPR,
)
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from ...numeric.rationals import rational_eval
from .. import growth
from ..hypotheses import P, holds
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind, Space
from .families import MEDIAN_DATASETS, fracs


# --------------------------------------------------------------------------- median lemmas
def median_order(values: Instance) -> dict[str, Fraction]:
    xs = sorted(fracs(values["R"]))
    k = (len(xs) + 1) // 2
    return {"x_lo": xs[k - 2], "x_mid": xs[k - 1], "x_hi": xs[k]}


def _median_rs_brute(values: Instance) -> Fraction:
    """RS of the median by enumerating the universe {0, B} ∪ R ∪ midpoints (finite; it contains the extremes
    0 and B where the monotone median attains its range)."""
    from ...algorithms.retain import median_brute_force_rs

    B = frac(values["B"])
    R = fracs(values["R"])
    universe = sorted({Fraction(0), B, *R, *((a + b) / 2 for a, b in itertools.combinations(R, 2))})
    return median_brute_force_rs(R, universe, 1, B=B).value.exact


def _median_instance(values: Instance) -> dict[str, Any]:
    return {**values, **median_order(values)}


def _median_ok(values: Instance) -> Decision:
    B = frac(values["B"])
    R = fracs(values["R"])
    if len(R) < 3 or len(R) % 2 == 0 or not all(0 <= x <= B for x in R):
        return Decision.FALSE
    o = median_order(values)
    return holds(all(frac(values[k]) == o[k] for k in o))


def _lemma_value(values: Instance) -> Fraction:
    """Lemma 3.1's printed right-hand side max{x_(m+1) − x_(m), x_(m) − x_(m−1)}/B at the instance, exactly."""
    return rational_eval(MEDIAN_RATIO_EXPR, {k: frac(values[k]) for k in ("x_lo", "x_mid", "x_hi", "B")})


def _rs_positive(values: Instance) -> Decision:
    return holds(_median_rs_brute(values) > 0)


MEDIAN_VALID = P("n odd, n ≥ 3, x_i ∈ [0, B]; x_lo, x_mid, x_hi the order statistics m−1, m, m+1", _median_ok)


def _median_draw(rng: np.random.Generator) -> dict[str, Any]:
    """A random dataset: B ∈ [1/2, 10], odd n ∈ 3…11 points k·B/den in [0, B] (den ∈ {2, 4, 10, 1000}: coarse grids
    give ties and points at 0 and B)."""
    B = growth.rational(rng, Fraction(1, 2), 10, 2)
    den = (2, 4, 10, 1000)[int(rng.integers(0, 4))]
    R = [B * Fraction(int(rng.integers(0, den + 1)), den) for _ in range(2 * int(rng.integers(1, 6)) + 1)]
    return _median_instance({"B": B, "R": R})


def _median_structured(rng: np.random.Generator, size: int):
    """The median datasets (ties, points at 0 and B, wide and narrow middle gaps); above the quick size, random ones
    after the list (:func:`_median_draw`)."""
    extra = (("1", ["0", "0", "0", "1", "1", "1", "1"]), ("1", ["0", "1", "1"]), ("7", ["7", "7", "0"]))
    listed = [_median_instance({"B": B, "R": R}) for B, R in MEDIAN_DATASETS + extra]
    return growth.grown(listed, size, _median_draw, rng)


def _median_build(p: dict[str, Any]) -> Instance:
    R = [Fraction(p[f"x{i}"]).limit_denominator(10**6) for i in range(5)]
    return _median_instance({"B": Fraction(1), "R": R})


MEDIAN_SEARCH = Adversary("search over 5 points in [0, 1]", space=Space(
    bounds={f"x{i}": (0.0, 1.0) for i in range(5)}, build=_median_build))


def _median_m_terms(values: Instance) -> dict[str, Fraction]:
    from ...algorithms.retain import median

    xs, m, B = sorted(fracs(values["R"])), int(frac(values["m"])), frac(values["B"])
    n, N = len(xs), len(xs) + m
    i1, i2 = (N + 1) // 2, N // 2 + 1
    hi = lambda j: xs[j - 1] if j <= n else B  # noqa: E731
    lo = lambda j: Fraction(0) if j <= m else xs[j - m - 1]  # noqa: E731
    return {"xh1": hi(i1), "xh2": hi(i2), "xl1": lo(i1), "xl2": lo(i2), "med": median(xs)}


def _median_m_ok(values: Instance) -> Decision:
    xs, B, m = fracs(values["R"]), frac(values["B"]), frac(values["m"])
    if not (xs and all(0 <= x <= B for x in xs) and m >= 1 and m.denominator == 1):
        return Decision.FALSE
    return holds(all(frac(values[k]) == v for k, v in _median_m_terms(values).items()))


MEDIAN_M_VALID = P("x_i ∈ [0, B], any n ≥ 1, m ≥ 1; the order statistics xh, xl and med computed from R", _median_m_ok)


def _median_m_rs(values: Instance) -> Fraction:
    """RS_m by enumerating every multiset of m points of {0, B} ∪ R ∪ midpoints (exact)."""
    from ...algorithms.retain import median_brute_force_rs

    B, R = frac(values["B"]), fracs(values["R"])
    universe = sorted({Fraction(0), B, *R, *((a + b) / 2 for a, b in itertools.combinations(R, 2))})
    return median_brute_force_rs(R, universe, int(frac(values["m"])), B=B).value.exact


def _median_m_instance(B: Any, R: list, m: int) -> dict[str, Any]:
    inst = {"B": B, "R": list(R), "m": m}
    return {**inst, **_median_m_terms(inst)}


def _median_m_draw(rng: np.random.Generator) -> dict[str, Any]:
    """A random instance: B ∈ [1/2, 10], n ∈ 1…6 points k·B/den in [0, B] (den ∈ {2, 4, 10, 1000}: coarse grids
    give ties and points at 0 and B), m ∈ 1…5 (m ≤ 3 for n ≥ 5: the enumeration has C(|universe| + m − 1, m) terms)."""
    B = growth.rational(rng, Fraction(1, 2), 10, 2)
    n = int(rng.integers(1, 7))
    m = int(rng.integers(1, 6 if n <= 4 else 4))
    den = (2, 4, 10, 1000)[int(rng.integers(0, 4))]
    R = [B * Fraction(int(rng.integers(0, den + 1)), den) for _ in range(n)]
    return _median_m_instance(B, R, m)


def _median_m_structured(rng: np.random.Generator, size: int):
    out = [_median_m_instance(B, R, m) for B, R in MEDIAN_DATASETS[:5] for m in (2, 3)]
    out += [_median_m_instance("1", ["0", "1/2", "1", "1"], 2), _median_m_instance("1", ["0", "0", "1", "1"], 1)]
    return growth.grown(out, size, _median_m_draw, rng, 50)


# --------------------------------------------------------------------------- Example 3.2
@functools.lru_cache(maxsize=64)
def expected_rs_uniform(n: int) -> Fraction:
    """``E[RS_median(R)]`` for R ~ Uniform[0, 1]ⁿ (n odd ≥ 3), exactly: Lemma C.1's ½max{X_(k+1) − X_(k), X_(k) − X_(k−1)}
    (k = (n+1)/2) integrated against the joint density n!/((k−2)!(n−k−1)!)·a^(k−2)(1 − c)^(n−k−1) of
    (X_(k−1), X_(k), X_(k+1)) = (a, b, c) on 0 < a < b < c < 1 — the max split at a = 2b − c (rational: each integral
    of a polynomial taken exactly, on python-flint's rational polynomials in a, b, c: sympy's took 1.4 s at n = 51)."""
    ctx = fmpq_mpoly_ctx.get(("a", "b", "c"), "lex")
    a, b, c = ctx.gens()
    k = (n + 1) // 2
    dens = (fmpq(math.factorial(n), math.factorial(k - 2) * math.factorial(n - k - 1))
            * a ** (k - 2) * (1 - c) ** (n - k - 1))

    def definite(expr, v: int, lo, hi):  # ∫_lo^hi of a polynomial in generator v (lo, hi polynomials in the others)
        primitive = expr.integral(v)
        at = lambda end: primitive.compose(*[end if i == v else g for i, g in enumerate((a, b, c))])  # noqa: E731
        return at(hi) - at(lo)

    zero, one = ctx.from_dict({}), ctx.from_dict({(0, 0, 0): 1})

    def integral(expr, a_lo, a_hi, b_lo, b_hi):
        inner = definite(expr * dens, 0, a_lo, a_hi)
        return definite(definite(inner, 1, b_lo, b_hi), 2, zero, one)

    half_c = c * fmpq(1, 2)
    e_max = (integral(c - b, zero, b, zero, half_c)  # b ≤ c/2: the upper gap is the larger
             + integral(c - b, 2 * b - c, b, half_c, c) + integral(b - a, zero, 2 * b - c, half_c, c))
    if not e_max.is_constant():
        raise ArithmeticError("the expectation kept a variable")
    value = e_max.coefficient(0) if e_max.terms() else fmpq(0)
    return Fraction(int(value.p), int(value.q)) / 2


def _ex32_quantity(values: Instance) -> Fraction:
    """E[RS_median(R)] for R ~ Uniform[0, width]ⁿ: the scale carries through the order statistics."""
    return frac(values["width"]) * expected_rs_uniform(int(frac(values["n"])))


def _ex32_ok(values: Instance) -> Decision:
    n, w, fm = frac(values["n"]), frac(values["width"]), frac(values["f_m"])
    return holds(n.denominator == 1 and n >= 3 and n % 2 == 1 and w > 0 and fm == 1 / w)


EX32_VALID = P("n odd ≥ 3; D = Uniform[0, width] (continuous, f(m) = 1/width > 0)", _ex32_ok)


def _ex32_draw(rng: np.random.Generator) -> dict[str, Any]:
    """A random odd n ∈ [3, 41] and width k·10^(−j) (k ∈ 1…999, j ∈ 0…4)."""
    n = 2 * int(rng.integers(1, 21)) + 1
    w = Fraction(int(rng.integers(1, 1000)), 10 ** int(rng.integers(0, 5)))
    return {"n": n, "width": w, "f_m": 1 / w}


def _ex32_structured(rng: np.random.Generator, size: int):
    """n = 3 … 11 at three scales (each n one exact integration, cached); the thorough profile adds n up to 31, then
    36 random (odd n ≤ 41, width) after the list."""
    ns = (3, 5, 7, 9, 11) + ((15, 21, 31) if size > 40 else ())
    listed = [{"n": n, "width": w, "f_m": 1 / frac(w)} for n in ns for w in ("1", "10", "1/1000")]
    return growth.grown(listed, size, _ex32_draw, rng, 36)


CLAIMS = (
    Claim(
        id="retain.lemC.1",
        source="Lemma C.1 (lines 421–431)",
        kind=Kind.SENSITIVITY,
        statement="For odd n ≥ 3, x_i ∈ [0, B]: RS_median(R) = ½ max{x_(m+1) − x_(m), x_(m) − x_(m−1)}, m = (n+1)/2",
        hypotheses=(MEDIAN_VALID,),
        bound=MEDIAN_RS_EXPR,
        quantity=_median_rs_brute,
        adversaries=(Adversary("ties, points at 0 and B, wide and narrow middle gaps", generate=_median_structured),
                     MEDIAN_SEARCH),
        derivation="retain.lemC.1",
        note="An exact lemma: the bound must be attained (tightness 1) — the quantity enumerates a finite universe.",
    ),
    Claim(
        id="retain.lem3.1",
        source="Lemma 3.1 (lines 149–155)",
        kind=Kind.SENSITIVITY,
        statement="RS_median(R)/GS_median = max{x_(m+1) − x_(m), x_(m) − x_(m−1)}/B",
        hypotheses=(MEDIAN_VALID,),
        bound=MEDIAN_RATIO_EXPR,
        quantity=lambda values: _median_rs_brute(values) / rational_eval(MEDIAN_GS_EXPR, {"B": frac(values["B"])}),
        adversaries=(Adversary("ties, points at 0 and B, wide and narrow middle gaps", generate=_median_structured),
                     MEDIAN_SEARCH),
        derivation="retain.lem3.1",
    ),
    Claim(
        id="retain.lem3.1:lower",
        source="Lemma 3.1 (lines 149–155), the '≥' half of its equality",
        kind=Kind.SENSITIVITY,
        statement="max{x_(m+1) − x_(m), x_(m) − x_(m−1)}/B ≤ RS_median(R)/GS_median (Lemma 3.1 states '='; with "
                  "retain.lem3.1's '≤' both halves are checked), written as the ratio of the two ≤ 1",
        hypotheses=(MEDIAN_VALID, P("RS(R) > 0 (the ratio's denominator)", _rs_positive)),
        bound=sympy.Integer(1),
        quantity=lambda values: _lemma_value(values) / (_median_rs_brute(values) /
                                                         rational_eval(MEDIAN_GS_EXPR, {"B": frac(values["B"])})),
        adversaries=(Adversary("ties, points at 0 and B, wide and narrow middle gaps", generate=_median_structured),
                     MEDIAN_SEARCH),
        derivation="retain.lem3.1:lower",
        note="The lemma's value (the printed formula, rational_eval) over the brute-force RS/GS (enumeration over a "
             "finite universe that holds the extremes): two independent routes; equality is proved where both are "
             "rational (every instance here). Where RS(R) = 0 the '≥' half says the formula is 0 too — a tie on both "
             "sides of the median; retain.lem3.1's families contain such ties and its '≤' half then reads 0 ≤ 0.",
    ),
    Claim(
        id="retain.sec3-rs-below-gs",
        source="Section 3 (lines 137–186): calibrating to RS(R) never needs more noise than GS (median, MST edges)",
        kind=Kind.INEQUALITY,
        statement="RS_median(R) ≤ GS_median = B/2: σ(R) = RS(R)·c ≤ GS·c, the global calibration",
        hypotheses=(MEDIAN_VALID,),
        bound=MEDIAN_GS_EXPR,
        quantity=_median_rs_brute, quantity_expr=MEDIAN_RS_EXPR,
        adversaries=(Adversary("ties, points at 0 and B, wide and narrow middle gaps", generate=_median_structured),
                     MEDIAN_SEARCH),
        derivation="retain.sec3-rs-below-gs",
        note="Attained by R = {0, …, 0, B, …, B} (line 153): the retain calibration is never looser, and equal only on "
             "the worst datasets.",
    ),
    Claim(
        id="retain.lemC.1:m-points+fix",
        source="extension of Lemma C.1 (lines 421–431; footnote 2's 'analogous' cases) to m added points, any n",
        kind=Kind.SENSITIVITY,
        statement="RS_m(R) = max(½(x̄_(⌈N/2⌉) + x̄_(⌊N/2⌋+1)) − med(R), med(R) − ½(x̲_(⌈N/2⌉) + x̲_(⌊N/2⌋+1))), N = n + m",
        hypotheses=(MEDIAN_M_VALID,), bound=MEDIAN_RS_M_EXPR, quantity=_median_m_rs,
        adversaries=(Adversary("the median datasets with m = 2, 3; even n", generate=_median_m_structured),),
        derivation="retain.lemC.1:m-points+fix", corrects="retain.lemC.1",
        note="Not a correction: the paper states m = 1 and odd n. The median is nondecreasing in each added point, so "
             "its range is reached at Z = {0}^m and {B}^m; an exact lemma (attained).",
    ),
    Claim(
        id="retain.ex3.2",
        source="Example 3.2 (line 157)",
        kind=Kind.SENSITIVITY,
        statement="E[RS_median(R)] ≍ 1/(n f(m)) for R ~ Dⁿ, made explicit with the constant of its argument (probability "
                  "integral transform, first-order Taylor expansion of F⁻¹ at 1/2): E[RS_median(R)] ≤ 3/(4n f(m))",
        hypotheses=(EX32_VALID,), bound=EX32_BOUND_EXPR, quantity=_ex32_quantity, quantity_expr=EX32_UNIFORM_EXPR,
        adversaries=(Adversary("Uniform[0, w], n = 3 … 11 (31 thorough), three scales", generate=_ex32_structured),),
        derivation="retain.ex3.2",
        note="Checked on the uniform family, where F⁻¹ is linear and the printed argument is exact: E[RS] = "
             "3w/(4(n + 1)) by integrating the order statistics' joint density (sympy, exact), so n f(m) E[RS] = "
             "3n/(4(n + 1)) → 3/4. The printed ≍ carries no constant and no rate for other D (the Taylor remainder); "
             "other laws need E over F⁻¹ in closed form and are not checked.",
    ),
)
