"""The one exact evaluator (numeric.rationals): compiled once per expression, never wrong against sympy's own exact
evaluation, complete on rational expressions, the same in both places it used to be written twice (the tree walk and
the Fraction program of the declared constants), and ``roots=True`` only adds exact roots, log 1 and exp 0."""
import itertools

import pytest
import sympy

from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.rationals import rational_eval, rational_program, rational_value

x, y = sympy.symbols("x y", real=True)
n = sympy.Symbol("n", integer=True)

EXPRS = [
    x * (y + 3) - sympy.Rational(2, 7) * x**2 / (y - 1),
    sympy.Max(x, y, 1) - sympy.Min(x, 2 * y) + sympy.Abs(x - y),
    sympy.sqrt(x) * y + sympy.sqrt(x**2 + y**2),
    (x + y) ** sympy.Rational(3, 2) - x ** sympy.Rational(-1, 2),
    x**n + y ** (n - 1),
    sympy.cbrt(x) + y ** sympy.Rational(2, 3),
    sympy.log(x) + sympy.exp(y - 1) * x,
    sympy.sin(x) + y,
]
VALUES = [F(0), F(1), F(-1), F(9, 4), F(2), F(27, 8), F(-5, 3), F(16)]


def _oracle(expr: sympy.Expr, env: dict) -> sympy.Expr:
    """sympy's exact value (subs on exact rationals)."""
    return expr.subs({s: sympy.Rational(v.numerator, v.denominator) for s, v in env.items()})


@pytest.mark.parametrize("roots", [False, True])
@pytest.mark.parametrize("expr", EXPRS, ids=range(len(EXPRS)))
def test_never_wrong_and_complete_on_rationals(expr, roots):
    syms = sorted(expr.free_symbols, key=str)
    shown = 0
    for vals in itertools.product(VALUES, repeat=len(syms)):
        env = dict(zip(syms, vals))
        if n in env and env[n].denominator != 1:
            continue
        got = rational_eval(expr, {s.name: v for s, v in env.items()}, roots=roots)
        exact = _oracle(expr, env)
        if got is not None:  # exact where it says so: sympy's own exact value, to 50 digits and exactly
            assert exact.is_Rational and sympy.Rational(got.numerator, got.denominator) == exact, (expr, env, got)
            assert abs(sympy.N(exact, 50) - sympy.N(sympy.Rational(got.numerator, got.denominator), 50)) == 0
            shown += 1
    needs_roots = expr.has(sympy.log) or any(p.is_Pow and p.exp.is_Rational and p.exp.q > 2 for p in sympy.preorder_traversal(expr))
    assert shown > 0 or expr.has(sympy.sin) or (not roots and needs_roots), expr


def test_rational_expressions_are_always_shown():
    """Sums, products, integer powers, Min/Max/|·| of rationals: rational wherever sympy's value is finite."""
    for expr in EXPRS[:2]:
        for vals in itertools.product(VALUES, repeat=2):
            env = {x: vals[0], y: vals[1]}
            if vals[1] == 1 and expr is EXPRS[0]:  # a division by zero, which sequential subs may hide (0·(1/0) = 0)
                assert rational_eval(expr, {"x": vals[0], "y": vals[1]}) is None
                continue
            exact = _oracle(expr, env)
            got = rational_eval(expr, {"x": vals[0], "y": vals[1]})
            assert (got is not None) == bool(exact.is_Rational), (expr, env, got, exact)


def test_roots_only_adds_exact_roots_log_one_exp_zero():
    assert rational_eval(sympy.cbrt(x), {"x": F(27, 8)}) is None
    assert rational_eval(sympy.cbrt(x), {"x": F(27, 8)}, roots=True) == F(3, 2)
    assert rational_eval(sympy.cbrt(x), {"x": F(2)}, roots=True) is None
    assert rational_eval(sympy.log(x) + sympy.exp(y), {"x": 1, "y": 0}) is None
    assert rational_eval(sympy.log(x) + sympy.exp(y), {"x": 1, "y": 0}, roots=True) == 1
    assert rational_eval(sympy.log(x), {"x": 2}, roots=True) is None
    assert rational_eval(sympy.sqrt(x), {"x": F(9, 4)}) == F(3, 2)  # square roots in both modes
    assert rational_eval(sympy.sqrt(x), {"x": F(-9, 4)}, roots=True) is None


def test_symbolic_integer_exponent_and_division_by_zero():
    g, T = sympy.symbols("gamma T", positive=True)
    assert rational_eval(g**T, {"gamma": F(2, 3), "T": 3}) == F(8, 27)
    assert rational_eval(g**T, {"gamma": F(2, 3), "T": F(1, 2)}) is None
    assert rational_eval(g**T, {"gamma": 2, "T": 10**6 + 1}) is None  # too large an exponent: not evaluated
    assert rational_eval(x / y, {"x": 1, "y": 0}) is None
    assert rational_eval(x ** -1, {"x": 0}) is None


def test_values_are_read_as_the_walk_read_them():
    assert rational_eval(x + y, {"x": "0.25", "y": 0.5}) == F(3, 4)  # a decimal string, an exact float
    assert rational_eval(x + y, {"x": 1}) is None  # a missing symbol
    assert rational_eval(x, {"x": True}) is None and rational_eval(x, {"x": float("inf")}) is None
    assert rational_eval(x, {x: F(1, 3)}) == F(1, 3)  # keyed by Symbol too
    assert rational_eval(x + y, {"x": "a label", "y": 1}) is None  # a string that is no number: not rational
    assert rational_value("3/4") == F(3, 4)


def test_compiled_once():
    expr = x * y + 1
    assert rational_program(expr) is rational_program(expr)
    assert rational_program(expr) is not rational_program(expr, True)
