
import mpmath
import pytest
import sympy
from flint import arb, fmpq

from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.sympy_arb import arb_eval, ball
from certunlearn.numeric.precision import workprec

x, y = sympy.symbols("x y", positive=True)


@pytest.mark.parametrize(
    "expr, env, oracle",
    [
        (sympy.sqrt(2 * sympy.log(sympy.Rational(5, 4) / x)) / y, {"x": "1e-5", "y": "0.5"},
         lambda: mpmath.sqrt(2 * mpmath.log(mpmath.mpf("1.25") / mpmath.mpf("1e-5"))) / mpmath.mpf("0.5")),
        (sympy.erfc(x) * sympy.exp(x**2), {"x": 30}, lambda: mpmath.erfc(30) * mpmath.exp(900)),
        (x ** sympy.Rational(3, 2) + sympy.Max(x, y) - sympy.pi, {"x": Fraction(9, 4), "y": 3},
         lambda: mpmath.mpf(27) / 8 + 3 - mpmath.pi),
        (x**y, {"x": 3, "y": "0.7"}, lambda: mpmath.mpf(3) ** mpmath.mpf("0.7")),
    ],
)
def test_against_mpmath_100_digits(expr, env, oracle):
    with mpmath.workdps(100):
        want = oracle()
    with workprec(300):
        got = arb_eval(expr, env)
        assert got.rel_accuracy_bits() > 250
        assert abs(float(got.mid()) - float(want)) <= 1e-15 * abs(float(want))
        assert got.overlaps(arb(mpmath.nstr(want, 95)))


def test_box_evaluation_encloses_every_point():
    enclosure = arb_eval(x * (1 - x), {"x": ball(0, 1)})
    for t in (0, 0.25, 0.5, 0.75, 1):
        assert enclosure.contains(t * (1 - t))


def test_missing_symbol_is_named():
    with pytest.raises(KeyError, match="y"):
        arb_eval(x + y, {"x": 1})


def test_integer_powers_of_a_ball_containing_zero_are_finite():
    """flint's arb ** int is nan on a ball containing 0; (h − h)² at a non-dyadic h must stay decidable."""
    h = sympy.Symbol("h", real=True)
    k = sympy.Symbol("k", real=True)
    with workprec(64):
        sq = arb_eval((h - k) ** 2, {"h": Fraction(1, 3), "k": arb(1) / 3})
        cube = arb_eval((h - k) ** 3, {"h": Fraction(1, 3), "k": arb(1) / 3})
    assert sq.is_finite() and sq.contains(0) and sq.upper() < arb("1e-30")
    assert cube.is_finite() and cube.contains(0) and abs(cube).upper() < arb("1e-45")
    with workprec(64):
        assert arb_eval((h - 1) ** 2, {"h": arb("0.5", "0.6")}).contains(arb("1.21"))  # [(−0.1)², 1.1²] ∋ 1.21


def test_positive_powers_of_an_exact_zero_are_zero():
    """flint's root and log give nan at 0; 0^p = 0 for every p > 0 (Theorem 5's step k^{11/5} at k = 0)."""
    import sympy
    from flint import arb

    from certunlearn.numeric.sympy_arb import arb_eval

    k = sympy.Symbol("k", nonnegative=True)
    for p in (sympy.Rational(11, 5), sympy.Rational(1, 2), sympy.Rational(1, 3), sympy.pi):
        assert arb_eval(k**p, {"k": 0}) == 0
    assert arb_eval(k ** sympy.Rational(11, 5), {"k": 2}).overlaps(arb(2) ** (arb(11) / 5))


def test_rational_eval_is_exact_or_refuses():
    """Exact where the value is rational (|x|, γ^T at an integer T, square roots of squares), None otherwise."""
    from fractions import Fraction

    import sympy

    from certunlearn.numeric.rationals import rational_eval

    g, T, x = sympy.symbols("gamma T x")
    assert rational_eval(g**T * sympy.Abs(x), {"gamma": Fraction(2, 3), "T": 3, "x": -2}) == Fraction(16, 27)
    assert rational_eval(sympy.sqrt(x), {"x": Fraction(9, 4)}) == Fraction(3, 2)
    assert rational_eval(g**T, {"gamma": 2, "T": Fraction(1, 2)}) is None
    assert rational_eval(sympy.sqrt(x), {"x": 2}) is None and rational_eval(sympy.log(x), {"x": 1}) is None
    assert rational_eval(x / g, {"x": 1, "gamma": 0}) is None
    assert rational_eval(sympy.Max(x, g) - sympy.Min(x, 2), {"x": Fraction(5, 2), "gamma": 3}) == 1


def test_a_symbol_exponent_is_rigorous_at_a_zero_or_negative_base():
    """γ**I with I a symbol (d2d's γ_R**I at γ_R = 0): exp(I·log γ) is NaN at γ = 0, so an integer exponent goes
    through int_power and 0**p = 0 for p > 0; compiled and walked evaluation agree."""
    from certunlearn.numeric.enclosure import eval_walk, real_power

    g, i = sympy.symbols("g I")
    expr = 3 * g**i
    for env, value in (({"g": 0, "I": 1}, 0), ({"g": 0, "I": Fraction(3, 2)}, 0), ({"g": -2, "I": 3}, -24),
                       ({"g": 0, "I": 0}, 3)):
        for got in (arb_eval(expr, env), eval_walk(expr, env, {})):
            assert got.is_finite() and got.contains(value) and got.rad() == 0, (env, got)
    assert not arb_eval(expr, {"g": -2, "I": Fraction(1, 2)}).is_finite()  # outside the real domain: NaN, an error
    assert not real_power(arb(0, 0.25), arb(1.5)).is_finite()  # a base ball reaching below 0


def test_a_ball_never_becomes_a_sympy_float():
    """sympy would turn an arb into a 15-digit Float through ``__float__`` (Rational(1, 3) + arb(2) = 2.33333333333333,
    a binary float enclosed later as if exact); the evaluator's module refuses it, and arb_eval still takes balls."""
    third = arb(1) / 3
    with pytest.raises(sympy.SympifyError, match="no sympy value"):
        sympy.sympify(third)
    with pytest.raises(TypeError):
        sympy.Rational(1, 3) + arb(2)
    with pytest.raises(TypeError):
        arb(2) * sympy.sqrt(2)
    with pytest.raises(sympy.SympifyError):
        sympy.Symbol("x").subs("x", third)
    assert arb_eval(sympy.Symbol("x") + sympy.Rational(1, 3), {"x": third}).contains(fmpq(2, 3))
