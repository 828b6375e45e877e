"""The compiled closures evaluate exactly like the tree walk (property tests over the claims' own expressions)."""

import pytest
import sympy
from flint import arb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certunlearn.numeric.compiled import compile_arb, rational_compiled
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.rationals import rational_eval
from certunlearn.numeric.sympy_arb import arb_eval, arb_eval_walk


def _claim_expressions() -> list[sympy.Expr]:
    from certunlearn.claims import all_claims

    out: dict[sympy.Expr, None] = {}
    for c in all_claims(None):
        exprs = [c.bound, *c.prescribed.values()]
        exprs += [side for h in c.hypotheses if h.relation is not None for side in (h.relation.lhs, h.relation.rhs)]
        for e in exprs:
            e = sympy.sympify(e)
            out[e] = None
            for sub in sympy.preorder_traversal(e):  # subexpressions too: more shapes, including balls near 0
                if isinstance(sub, sympy.Expr) and not sub.is_Atom:
                    out[sub] = None
    return list(out)


EXPRESSIONS = _claim_expressions()
VALUES = st.one_of(
    st.floats(min_value=1e-6, max_value=1e6, allow_nan=False),
    st.fractions(min_value=Fraction(-5), max_value=Fraction(50), max_denominator=64),
    st.integers(min_value=0, max_value=40),
    st.sampled_from(["0.1", "1e-30", "7"]),
)


def _same(a: arb, b: arb) -> bool:
    if not (a.is_finite() and b.is_finite()):
        return str(a) == str(b)
    return a.mid() == b.mid() and a.rad() == b.rad() and b.contains(a.mid()) and a.contains(b.mid())


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0, max_value=len(EXPRESSIONS) - 1), values=st.lists(VALUES, min_size=12, max_size=12),
       widen=st.booleans(), prec=st.sampled_from([32, 53, 128, 300]))
def test_compiled_equals_walk_on_claim_expressions(index, values, widen, prec):
    expr = EXPRESSIONS[index]
    names = sorted(s.name for s in expr.free_symbols)
    env = {}
    for k, v in zip(names, values * 4):
        env[k] = v
    with workprec(prec):
        if widen:  # interval arguments (branch-and-bound boxes), some containing 0
            env = {k: arb(float(Fraction(v)) if not isinstance(v, str) else v, 0.5) for k, v in env.items()}
        try:
            walked = arb_eval_walk(expr, env)
        except Exception as e:  # the same error, raised the same way
            with pytest.raises(type(e)):
                compile_arb(expr)(env)
            return
        compiled = arb_eval(expr, env)
    assert _same(compiled, walked), (expr, env, compiled, walked)


@settings(max_examples=300, deadline=None)
@given(index=st.integers(min_value=0, max_value=len(EXPRESSIONS) - 1), values=st.lists(VALUES, min_size=12, max_size=12))
def test_rational_compiled_never_disagrees_with_the_walk(index, values):
    expr = EXPRESSIONS[index]
    names = sorted(s.name for s in expr.free_symbols)
    env = dict(zip(names, values * 4))
    walked, compiled = rational_eval(expr, env), rational_compiled(expr)(env)
    if walked is not None:
        assert compiled == walked
    if compiled is not None:  # exact where it says so: inside the enclosure
        with workprec(200):
            assert arb_eval(expr, env).overlaps(arb(compiled.numerator) / compiled.denominator)


def test_missing_symbol_and_unsupported_nodes_behave_like_the_walk():
    x, y = sympy.symbols("x y", positive=True)
    with pytest.raises(KeyError, match="'x'"):
        arb_eval(x + y, {"y": 1})
    f = sympy.Function("f")
    with pytest.raises(NotImplementedError):
        arb_eval(f(x) + y, {"x": 1, "y": 2})
    with pytest.raises(KeyError, match="'y'"):  # the walk reaches y before f's error only when y comes first
        arb_eval_walk(sympy.Add(y, f(x), evaluate=False), {"x": 1})
    with pytest.raises(KeyError, match="'y'"):
        arb_eval(sympy.Add(y, f(x), evaluate=False), {"x": 1})


def test_zero_base_and_ball_containing_zero():
    x = sympy.Symbol("x")
    assert arb_eval(sympy.sqrt(x), {"x": 0}) == 0
    assert arb_eval(x ** sympy.Rational(3, 2), {"x": 0}) == 0
    b = arb_eval(x**2, {"x": arb(0, 1)})
    assert b.contains(0) and b.contains(1) and b.lower() > -1e-6


def test_constants_are_rounded_at_the_precision_of_the_call():
    e = sympy.Rational(1, 3) + sympy.pi
    with workprec(53):
        low = arb_eval(e)
    with workprec(400):
        high = arb_eval(e)
    assert high.rad() < low.rad() and low.contains(high)
