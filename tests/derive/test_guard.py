"""The size guards before sympy's polynomial algorithms (certunlearn.derive.guard): the shape estimate bounds the
true common-denominator form from above, a large expression is declined before any sympy call (sympy's own
factor takes tens of seconds on it), a declined transform falls through, and results never depend on what ran
before in the process."""
import sympy
from sympy import Poly, Symbol, expand, fraction, together

from certunlearn.derive import guard, signs
from certunlearn.derive.signs import nonnegative_proof

a, b, c, d, u, w = sympy.symbols("a b c d u w", positive=True)
x = Symbol("x", real=True)

SMALL = [
    (a + b) ** 2 / (a * b) - 2,
    (a + b / (1 + u)) ** 3 - (c + d / (2 + w)) ** 3,
    1 / (a + b) - 1 / (a + c) + u ** 2 / (1 + w),
    (a - b) ** 4 * (c + 1) / (u + w) ** 2,
    (x ** 2 - 1) / (x + 3) + x / (x ** 2 + 1),
]
#: sympy.factor(sympy.together(BIG)) takes ~40 s (Wang's Hensel lifting): the guard must decline it unrun.
BIG = ((a + b / (1 + u)) ** 4 - (c + d / (2 + w)) ** 3 + a * b * c * d / ((1 + u) * (2 + w) * (a + c + u))) ** 2 \
    - (a + b + c + d + u + w) ** 5 / ((1 + u) ** 2 * (1 + w) ** 3)


def test_the_shape_bounds_the_common_denominator_form_from_above():
    for e in SMALL:
        shape = guard._shape(e)
        num, den = fraction(together(e))
        pn, pd = Poly(expand(num), *sorted(e.free_symbols, key=str)), Poly(expand(den), *sorted(e.free_symbols, key=str))
        assert pn.total_degree() <= shape.nd and pd.total_degree() <= shape.dd, e
        assert len(pn.terms()) <= shape.nt and len(pd.terms()) <= shape.dt, e


def test_a_large_expression_is_declined_in_careful_mode_only():
    assert all(guard.tractable(e) for e in SMALL)
    assert not guard.tractable(BIG)
    assert guard.factor(BIG, careful=True) is None and guard.simplify(BIG, 250, careful=True) is None
    assert guard.tractable(BIG, careful=False)  # the first-line prover keeps its count_ops cap only
    assert guard.factor(SMALL[0], careful=True) == (a ** 2 + b ** 2) / (a * b)


def test_count_ops_caps_apply_in_both_modes():
    huge = sum(a ** k / (b + k) for k in range(1, 300))
    assert guard.MAX_OPS_LENIENT < sympy.count_ops(huge)
    assert guard.factor(huge, careful=True) is None and guard.factor(huge, careful=False) is None
    assert guard.simplify(huge, careful=False) is None and guard.together(huge) is None


def test_expand_is_guarded_by_its_term_estimate():
    assert guard.expand((a + b + c + d) ** 3, careful=True) == expand((a + b + c + d) ** 3)
    assert guard.expand((a + b + c + d + u + w) ** 12, careful=True) is None  # 6188 terms
    assert guard.expand(sympy.log((a + b + c + d + u + w) ** 12), careful=True) is None  # inside a function too
    assert guard.expand((a + b) ** 2, careful=False) == a ** 2 + 2 * a * b + b ** 2


def test_a_declined_transform_falls_through():
    assert nonnegative_proof(a ** 2 - 2 * a * b + b ** 2, False, True) == "factor"
    assert nonnegative_proof(BIG, False, True) is None  # expand, factor, simplify all declined: no proof, no hang
    assert nonnegative_proof(a / (1 + u) + BIG ** 2, False, True) == "sign"  # the plain sign rule needs no transform


def test_careful_and_lenient_results_do_not_depend_on_what_ran_before():
    e = sympy.sin(x) ** 2 + sympy.cos(x) ** 2  # > 0 needs simplify, which careful mode does not run
    orders = []
    for first in (True, False):
        signs._transformed_signs.cache_clear()  # nonnegative_proof's memo: the transformed signs per expression
        for memo in (guard.expand, guard.factor, guard.together, guard.simplify, guard.tractable):
            memo.cache_clear()
        out = {first: nonnegative_proof(e, True, first)}
        out[not first] = nonnegative_proof(e, True, not first)
        orders.append(out)
    assert orders[0] == orders[1] == {True: None, False: "simplify"}
