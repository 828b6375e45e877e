"""ERM with the MSE and the ℓ2-regularised logistic loss (retain paper, Section 3.5 and Appendix G)."""

import mpmath
import numpy as np
import pytest
import sympy
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from certunlearn.algorithms.retain import LogisticERM, RidgeERM, check_chain
from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

FAST = (Phase.explicit, Phase.reuse, Phase.generate)  # no shrinking: each example is costly


def mpq(q):
    q = F(q)
    return mpmath.mpf(q.numerator) / q.denominator


def col(*vals):
    return np.asarray([[F(v)] for v in vals], dtype=object)


def sympy_ridge_rs(xs, ys, lam, B, Y):
    """Independent: RS of 1-d ridge by calculus on the normal equations (sympy), y at ±Y (convexity)."""
    x = sympy.Symbol("x", real=True)
    n = len(xs)
    q = [sympy.Rational(str(v)) for v in xs]
    t = [sympy.Rational(str(v)) for v in ys]
    lam = sympy.Rational(str(lam))
    w = sum(a * b for a, b in zip(q, t)) / (sum(a * a for a in q) + n * lam)
    best = sympy.Integer(0)
    for y in (-sympy.Rational(str(Y)), sympy.Rational(str(Y))):
        w1 = (sum(a * b for a, b in zip(q, t)) + x * y) / (sum(a * a for a in q) + x * x + (n + 1) * lam)
        for sign in (1, -1):
            f = sign * (w1 - w)
            cands = [-sympy.Rational(str(B)), sympy.Rational(str(B))]
            cands += [c for c in sympy.solve(sympy.diff(f, x), x) if c.is_real and abs(c) <= sympy.Rational(str(B))]
            for c in cands:
                v = sympy.nsimplify(f.subs(x, c)) if c.is_Rational else f.subs(x, c)
                if sympy.N(v - best, 60) > 0:
                    best = v
    return best


@pytest.mark.parametrize("xs, ys, lam, B, where", [
    (["1/2", "-3/10", "4/5"], ["1/5", "-1/2", "1"], "1/10", 1, "t = B"),          # maximiser on the boundary
    (["1/10", "-1/5", "1/10"], ["0", "1/2", "-1/2"], "1/100", 1, "interior"),  # interior maximiser
    (["3/4"], ["1"], "0", 1, "t = B"),                                              # λ = 0
])
def test_ridge_rs_d1_equals_an_independent_closed_form(xs, ys, lam, B, where):
    mech = RidgeERM(lam=lam, B=B, Y=1)
    rs = mech.exact_rs((col(*xs), ys))
    assert rs.kind == "exact" and where in rs.method
    ref = sympy_ridge_rs(xs, ys, lam, B, 1)
    if rs.value.exact is not None:
        assert ref.is_Rational and F(int(ref.p), int(ref.q)) == rs.value.exact
    else:
        with mpmath.workdps(60), workprec(256):
            got = mpmath.mpf(rs.value.arb().mid().str(60, radius=False))
            assert abs(got - mpmath.mpf(str(sympy.N(ref, 60)))) < mpmath.mpf(10) ** -50


def test_ridge_shift_is_exact_and_matches_the_normal_equations():
    mech = RidgeERM(lam="1/10", B=1, Y=1)
    X = np.asarray([[F(1, 2), F(0)], [F(0), F(1, 3)], [F(1, 4), F(1, 4)]], dtype=object)
    y = [F(1, 2), F(-1), F(0)]
    U = (np.asarray([[F(3, 5), F(4, 5)]], dtype=object), [F(1)])

    def sym_fit(rows, labels):
        M = sympy.Matrix([[sympy.Rational(v.numerator, v.denominator) for v in r] for r in rows])
        yy = sympy.Matrix([sympy.Rational(F(v).numerator, F(v).denominator) for v in labels])
        n = M.rows
        return (M.T * M / n + sympy.Rational(1, 10) * sympy.eye(2)).solve(M.T * yy / n)

    w0 = sym_fit(X, y)
    w1 = sym_fit(np.concatenate([X, U[0]]), y + U[1])
    ref = sum((a - b) ** 2 for a, b in zip(w1, w0))
    assert mech.shift((X, y), U).kind in ("rational", "sqrt")
    assert mech.shift((X, y), U).q == F(int(ref.p), int(ref.q)) or mech.shift((X, y), U).q ** 2 == F(int(ref.p), int(ref.q))


def test_ridge_bound_and_curvature_match_mpmath():
    mech = RidgeERM(lam="1/10", B=1, Y=1)
    X = np.asarray([[F(1, 2), F(0)], [F(0), F(1, 3)], [F(1, 4), F(1, 4)]], dtype=object)
    y = [F(1, 2), F(-1), F(0)]
    with mpmath.workdps(60):
        G = mpmath.matrix([[sum(mpq(X[k, i]) * mpq(X[k, j]) for k in range(3)) for j in range(2)] for i in range(2)])
        lam_R = min(mpmath.eigsy(G / 3 + mpmath.eye(2) / 10, eigvals_only=True))
        lam_min = min(mpmath.eigsy(G / 4 + mpmath.eye(2) / 10, eigvals_only=True))
        ref = (1 / lam_min + 1) / (3 * lam_R)  # eq. (2) with B = Y = 1
        lo, hi = mech.lambda_R((X, y))
        assert mpmath.mpf(lo.numerator) / lo.denominator <= lam_R <= mpmath.mpf(hi.numerator) / hi.denominator
        with workprec(256):
            got = mpmath.mpf(mech.bound((X, y)).value.arb().mid().str(60, radius=False))
        assert abs(got - ref) < mpmath.mpf(10) ** -40


def test_ridge_multistart_lower_bound_beats_a_dense_grid():
    mech = RidgeERM(lam="1/10", B=1, Y=1)
    rng = np.random.default_rng(3)
    X = rng.uniform(-0.6, 0.6, (5, 2))
    y = rng.uniform(-1, 1, 5)
    R = mech.prepare((X, y))
    rs = mech.exact_rs(R, rng=0)
    assert rs.kind == "lower-bound"
    Xf, yf = R.floats()
    w0 = np.linalg.solve(Xf.T @ Xf / 5 + 0.1 * np.eye(2), Xf.T @ yf / 5)
    best = 0.0
    for r in np.linspace(0, 1, 21):
        for a in np.linspace(0, 2 * np.pi, 361):
            x = r * np.array([np.cos(a), np.sin(a)])
            for lab in (-1.0, 1.0):
                X2, y2 = np.vstack([Xf, x]), np.append(yf, lab)
                w1 = np.linalg.solve(X2.T @ X2 / 6 + 0.1 * np.eye(2), X2.T @ y2 / 6)
                best = max(best, float(np.linalg.norm(w1 - w0)))
    assert float(rs.value) >= best * (1 - 1e-9)


@pytest.mark.parametrize("lam", [1, 10, 100])
def test_chain_decides_eq_2_as_printed_against_independent_values(lam):
    # eq. (2)'s L^MSE bounds ‖x(⟨x, w⟩ − y)‖ but not the regulariser's λw: for large λ the printed bound may be
    # exceeded. The chain's verdict must agree with RS and the bound computed independently (sympy, mpmath).
    xs, ys = ["1/8", "-1/2", "3/4"], ["1", "-1", "1"]
    s = RidgeERM(lam=lam, B=1, Y=1).sensitivities((col(*xs), ys), (col("1"), ["1"]))
    assert s.exact_rs_kind == "exact"
    ref_rs = sympy_ridge_rs(xs, ys, lam, 1, 1)
    a = sum(F(x) ** 2 for x in xs)
    with mpmath.workdps(60):
        lam_min = mpq(a) / 4 + lam  # λ_min(XᵀX/(n+1) + λ), d = 1
        lam_R = mpq(a) / 3 + lam
        ref_bound = (1 / lam_min + 1) / (3 * lam_R)
        holds = mpmath.mpf(str(sympy.N(ref_rs, 60))) <= ref_bound
    chain = check_chain(s)
    assert chain.link("RS ≤ bound").decision is (Decision.TRUE if holds else Decision.FALSE)
    fixed = RidgeERM(lam=lam, B=1, Y=1, gradient_bound="fixed").sensitivities((col(*xs), ys), (col("1"), ["1"]))
    check_chain(fixed).assert_holds()  # the corrected gradient bound (+fix) holds on the same instance


def test_erm_errors():
    with pytest.raises(InvalidParameterError, match="^R:"):
        RidgeERM(lam=0).bound((col("0", "0"), ["1", "1"]))  # XᵀX/n = 0 and λ = 0
    with pytest.raises(AssumptionViolatedError, match="‖x‖ ≤ R"):
        RidgeERM(lam=1, B="1/2").bound((col("1"), ["1"]))
    with pytest.raises(InvalidParameterError, match="^gradient_bound:"):
        RidgeERM(lam=1, gradient_bound="loose")
    assert RidgeERM(lam=0).global_sensitivity((col("1/2"), ["1"])).value.is_infinite  # Table 1: ∞ at λ = 0


grid = st.sampled_from([F(i, 4) for i in range(-2, 3)])


@settings(max_examples=6, deadline=None, derandomize=True, phases=FAST)
@given(st.lists(st.tuples(grid, grid, grid), min_size=2, max_size=4), st.tuples(grid, grid, grid),
       st.sampled_from(["1/100", "1/10", "1", "10"]))
def test_ridge_chain_on_random_instances(data, u, lam):
    mech = RidgeERM(lam=lam, B=1, Y=1, gradient_bound="fixed", random_starts=1)
    X = np.asarray([[a, b] for a, b, _ in data], dtype=object)
    y = [c for *_, c in data]
    U = (np.asarray([[u[0], u[1]]], dtype=object), [u[2]])
    s = mech.sensitivities((X, y), U, rng=0)
    check_chain(s).assert_holds()


def test_logistic_chain_and_curvature():
    mech = LogisticERM(lam="1/10", B=1, R_w=5)
    rng = np.random.default_rng(1)
    X = rng.uniform(-0.6, 0.6, (6, 2))
    y = np.sign(rng.uniform(-1, 1, 6))
    s = mech.sensitivities((X, y), (np.array([[0.3, 0.4]]), [1.0]), rng=0)
    check_chain(s).assert_holds()
    R = mech.prepare((X, y))
    lo, hi = mech.lambda_R(R)
    with mpmath.workdps(50):
        G = mpmath.matrix([[sum(mpq(R.X[k, i]) * mpq(R.X[k, j]) for k in range(6)) / 6 for j in range(2)]
                           for i in range(2)])
        ref = min(mpmath.eigsy(G, eigvals_only=True)) / (2 * mpmath.cosh(mpmath.mpf(5) / 2)) ** 2 + mpmath.mpf(1) / 10
        assert mpmath.mpf(lo.numerator) / lo.denominator <= ref <= mpmath.mpf(hi.numerator) / hi.denominator
        assert (hi - lo) / lo < F(1, 10**15)
