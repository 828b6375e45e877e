"""Tests of the scalar-generic helpers in certunlearn.numeric.linalg.

Oracles: Fraction results are compared with ``==``; mpmath results (working precision 50 digits)
against values computed at 100 digits or exactly, to 1e-45; float results against numpy.
"""
from __future__ import annotations

import itertools

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F
from certunlearn.numeric.precision import DEFAULT_DPS, workdps

TOL = mpmath.mpf("1e-45")
EPS = np.finfo(np.float64).eps
OBJECT_MODES = ("mpmath", "fraction")


@pytest.fixture(autouse=True)
def _working_precision():
    with workdps(DEFAULT_DPS):
        yield


def assert_mp_close(got, want, tol=TOL):
    """``got`` is mpmath-mode and within ``tol`` (relative above 1) of ``want``: exact numbers, or
    a callable evaluated at 100 digits."""
    got = np.asarray(got, dtype=object)
    assert la.mode_of(got) == "mpmath"
    assert all(isinstance(g, mpmath.mpf) for g in got.flat)
    with mpmath.workdps(100):
        want = np.asarray(want() if callable(want) else want, dtype=object)
        assert got.shape == want.shape
        for g, w in zip(got.flat, want.flat):
            w = mpmath.mpmathify(w)
            assert abs(g - w) <= tol * max(1, abs(w)), (g, w)


def assert_fraction_equal(got, want):
    got = np.asarray(got, dtype=object)
    assert la.mode_of(got) == "fraction"
    assert all(isinstance(g, RATIONAL_TYPES) for g in got.flat)
    assert got.shape == np.shape(want)
    assert list(got.flat) == [F(w) for w in np.asarray(want, dtype=object).flat]


def fr(x):
    """Exact Fraction copy of an array of any mode (floats and mpf convert exactly)."""
    return la.to_mode(x, "fraction")


# --------------------------------------------------------------------------- modes and conversion
def test_mode_of():
    assert la.mode_of(np.zeros(3)) == "float"
    assert la.mode_of(np.arange(3)) == "float"
    assert la.mode_of(np.array([F(1), 2], dtype=object)) == "fraction"
    assert la.mode_of(np.array([1, 2], dtype=object)) == "fraction"
    assert la.mode_of(np.array([mpmath.mpf(1), 2], dtype=object)) == "mpmath"
    assert la.mode_of(np.array([mpmath.mpf(1), F(1, 3)], dtype=object)) == "mpmath"
    assert la.mode_of(mpmath.mpf(2)) == "mpmath"
    assert la.mode_of(F(1, 2)) == "fraction"
    assert la.mode_of(0.5) == "float"
    assert la.mode_of([F(1), 0.5]) == "fraction"
    with pytest.raises(TypeError):
        la.mode_of(np.array(["a"]))
    with pytest.raises(TypeError):
        la.mode_of(np.array([1j], dtype=object))


def test_asarray_fraction_is_exact():
    x = la.asarray([0.1, "0.1", "1/3", 2, mpmath.mpf(0.75), mpmath.mpf(-0.75)], "fraction")
    assert_fraction_equal(x, [F(0.1), F(1, 10), F(1, 3), 2, F(3, 4), F(-3, 4)])
    assert F(0.1) != F(1, 10)  # floats convert exactly, not as decimals
    assert la.to_mode(np.array([0.1, -2.5]), "fraction")[0] == F(3602879701896397, 2**55)
    third = la.asarray([F(1, 3)], "mpmath")[0]
    q = la.to_mode(np.array([third], dtype=object), "fraction")[0]
    assert q != F(1, 3) and q.denominator & (q.denominator - 1) == 0  # the dyadic value of the mpf
    with mpmath.workdps(200):
        assert mpmath.mpmathify(q) == third


def test_asarray_mpmath_rounds_to_working_precision():
    x = la.asarray([F(1, 3), "0.1", 0.1, 7], "mpmath")
    assert la.mode_of(x) == "mpmath"
    assert x[0] == mpmath.mpf(1) / 3  # correctly rounded, like mpmath's own division
    assert x[1] == mpmath.mpf("0.1") and x[2] == mpmath.mpf(0.1) and x[3] == 7
    with mpmath.workdps(100):
        err = abs(x[0] - mpmath.mpf(1) / 3)
    assert 0 < err < mpmath.mpf("1e-50")  # rounded at 50 digits, not exact, not float
    with workdps(20):
        y = la.asarray(x, "mpmath")  # re-rounded to the current precision
    with mpmath.workdps(100):
        assert mpmath.mpf("1e-40") < abs(y[0] - x[0]) < mpmath.mpf("1e-20")


def test_asarray_float_and_to_mode_roundtrip():
    x = la.asarray([F(1, 3), "0.1", mpmath.mpf(2)], "float")
    assert x.dtype == np.float64
    np.testing.assert_array_equal(x, [1 / 3, 0.1, 2.0])
    v = np.array([0.1, -1e-300, 12345.678])
    np.testing.assert_array_equal(la.to_mode(la.to_mode(v, "fraction"), "float"), v)
    np.testing.assert_array_equal(la.to_mode(la.to_mode(v, "mpmath"), "float"), v)
    with pytest.raises(ValueError):
        la.asarray([1], "double")


@pytest.mark.parametrize("mode", ["float", *OBJECT_MODES])
def test_constructors(mode):
    z, i3, f = la.zeros((2, 3), mode), la.eye(3, mode), la.full(2, "0.5", mode)
    for arr in (z, i3, f):
        assert la.mode_of(arr) == mode
    assert z.shape == (2, 3) and all(v == 0 for v in z.flat)
    assert [[i3[r, c] for c in range(3)] for r in range(3)] == np.eye(3).tolist()
    assert list(f) == [F(1, 2)] * 2
    if mode != "float":
        assert z.dtype == object


# --------------------------------------------------------------------------- elementwise functions
def test_elementwise_float_matches_numpy():
    x = np.array([0.5, 2.0, 10.0])
    for fn, ref in ((la.sqrt, np.sqrt), (la.exp, np.exp), (la.log, np.log)):
        got = fn(x)
        assert got.dtype == np.float64
        np.testing.assert_array_equal(got, ref(x))
    assert isinstance(la.sqrt(4.0), np.float64) and la.sqrt(4.0) == 2.0


@pytest.mark.parametrize("mode", OBJECT_MODES)
@pytest.mark.parametrize("name", ["sqrt", "exp", "log"])
def test_elementwise_transcendental(mode, name):
    vals = [F(1, 3), F(2), F(7, 2)]
    got = getattr(la, name)(la.asarray(vals, mode))
    assert_mp_close(got, lambda: [getattr(mpmath, name)(mpmath.mpf(v.numerator) / v.denominator) for v in vals])
    scalar = getattr(la, name)(la.asarray(vals, mode)[0])  # scalar in, scalar out
    assert isinstance(scalar, mpmath.mpf) and scalar == got[0]


def test_fraction_stays_exact_when_result_is_rational():
    assert_fraction_equal(la.sqrt(la.asarray(["9/4", 0, "1/16"], "fraction")), [F(3, 2), 0, F(1, 4)])
    assert la.sqrt(F(49, 25)) == F(7, 5) and isinstance(la.sqrt(F(49, 25)), F)
    assert_fraction_equal(la.exp(la.zeros(2, "fraction")), [1, 1])
    assert_fraction_equal(la.log(la.full(2, 1, "fraction")), [0, 0])
    # one irrational entry turns the whole result into mpmath
    mixed = la.sqrt(la.asarray(["9/4", 2], "fraction"))
    assert_mp_close(mixed, lambda: [mpmath.mpf(3) / 2, mpmath.sqrt(2)])


@pytest.mark.parametrize("mode", OBJECT_MODES)
def test_domain_errors_in_object_modes(mode):
    with pytest.raises(ValueError):
        la.sqrt(la.asarray([1, -1], mode))
    with pytest.raises(ValueError):
        la.log(la.asarray([-2], mode))


def test_mpmath_results_follow_the_current_precision():
    with workdps(30):
        r = la.sqrt(la.asarray([2], "mpmath"))[0]
    with mpmath.workdps(100):
        err = abs(r - mpmath.sqrt(2))
    assert mpmath.mpf("1e-45") < err < mpmath.mpf("1e-29")


# --------------------------------------------------------------------------- products and norms
def test_dot_norm_fraction_exact_and_promotion():
    a = la.asarray(["1/2", "-1/3", 2], "fraction")
    b = la.asarray([4, 3, "1/4"], "fraction")
    assert la.dot(a, b) == F(3, 2) and isinstance(la.dot(a, b), RATIONAL_TYPES)
    assert la.sqnorm(a) == F(1, 4) + F(1, 9) + 4
    assert_mp_close(la.norm(a), lambda: mpmath.sqrt(mpmath.mpf(157) / 36))
    assert la.norm(la.asarray(["3/5", "4/5"], "fraction")) == 1
    M = la.asarray([[1, 2, 0], [0, "1/2", 3]], "fraction")
    assert_fraction_equal(la.dot(M, a), [F(-1, 6), F(35, 6)])
    # float data promoted exactly into the Fraction mode
    assert la.dot(np.array([0.1, 0.5]), la.asarray([1, 2], "fraction")) == F(0.1) + 1
    assert la.dot(la.zeros(0, "fraction"), la.zeros(0, "fraction")) == 0
    assert isinstance(la.dot(la.zeros(0, "fraction"), la.zeros(0, "fraction")), F)


def test_dot_norm_mpmath_against_100_digits():
    vals = [F(1, 3), F(-2, 7), F(5, 11), F(13, 17)]
    a = la.asarray(vals, "mpmath")
    b = la.asarray(vals[::-1], "mpmath")
    exact_dot = sum(u * v for u, v in zip(vals, vals[::-1]))
    assert_mp_close(la.dot(a, b), exact_dot)
    assert_mp_close(la.sqnorm(a), sum(v * v for v in vals))
    assert_mp_close(la.norm(a), lambda: mpmath.sqrt(mpmath.mpmathify(sum(v * v for v in vals))))
    M = la.asarray([vals, vals[::-1]], "mpmath")
    assert_mp_close(la.dot(M, a), [sum(v * v for v in vals), exact_dot])


def test_dot_norm_float_match_numpy():
    rng = np.random.default_rng(0)
    a, b, M = rng.normal(size=5), rng.normal(size=5), rng.normal(size=(3, 5))
    assert la.dot(a, b) == np.dot(a, b)
    np.testing.assert_array_equal(la.dot(M, a), M @ a)
    assert la.norm(M) == np.linalg.norm(M)
    assert la.sqnorm(a) == np.dot(a, a)


# --------------------------------------------------------------------------- linear algebra
def leibniz_det(A):
    n = len(A)
    total = F(0)
    for perm in itertools.permutations(range(n)):
        sign = (-1) ** sum(perm[i] > perm[j] for i in range(n) for j in range(i + 1, n))
        term = F(sign)
        for i in range(n):
            term *= A[i][perm[i]]
        total += term
    return total


def cramer(A, b):
    d = leibniz_det(A)
    return [leibniz_det([row[:k] + [b[i]] + row[k + 1:] for i, row in enumerate(A)]) / d for k in range(len(A))]


def dyadic_matrix(seed, n=4):
    """A well-conditioned matrix of dyadic rationals (exact in every mode) and a right-hand side."""
    rng = np.random.default_rng(seed)
    A = [[F(int(rng.integers(-8, 9)), 2 ** int(rng.integers(0, 4))) for _ in range(n)] for _ in range(n)]
    for i in range(n):
        A[i][i] += 6
    b = [F(int(rng.integers(-9, 10)), 2 ** int(rng.integers(0, 3))) for _ in range(n)]
    return A, b


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solve_inv_det_fraction_exact(seed):
    A, b = dyadic_matrix(seed)
    Af, bf = la.asarray(A, "fraction"), la.asarray(b, "fraction")
    assert_fraction_equal(la.solve(Af, bf), cramer(A, b))
    X = la.solve(Af, np.stack([bf, 2 * bf], axis=1))
    assert_fraction_equal(X, np.stack([cramer(A, b), cramer(A, [2 * v for v in b])], axis=1))
    assert_fraction_equal(np.dot(Af, la.inv(Af)), np.eye(4).astype(int))
    d = la.det(Af)
    assert isinstance(d, RATIONAL_TYPES) and d == leibniz_det(A)
    # third-denominator entries, and zero pivots that force row swaps: still exact
    C = [[F(1, 3), F(1, 7)], [F(2, 9), F(5, 11)]]
    assert la.det(la.asarray(C, "fraction")) == leibniz_det(C)
    P = [[F(0), F(1), F(2)], [F(1), F(0), F(3)], [F(4), F(5), F(0)]]
    assert la.det(la.asarray(P, "fraction")) == leibniz_det(P) != 0
    assert_fraction_equal(la.solve(la.asarray(P, "fraction"), la.asarray([1, 2, 3], "fraction")),
                          cramer(P, [1, 2, 3]))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solve_inv_det_mpmath_against_exact(seed):
    A, b = dyadic_matrix(seed)
    Am, bm = la.asarray(A, "mpmath"), la.asarray(b, "mpmath")
    assert_mp_close(la.solve(Am, bm), cramer(A, b))
    X = la.solve(Am, np.stack([bm, -bm], axis=1))
    assert_mp_close(X, np.stack([cramer(A, b), [-v for v in cramer(A, b)]], axis=1))
    exact_inv = la.inv(la.asarray(A, "fraction"))  # exact (checked above)
    assert_mp_close(la.inv(Am), exact_inv)
    assert_mp_close(la.det(Am), leibniz_det(A))


def test_solve_inv_det_float_match_numpy():
    A, b = dyadic_matrix(5)
    Af, bf = la.asarray(A), la.asarray(b)
    np.testing.assert_array_equal(la.solve(Af, bf), np.linalg.solve(Af, bf))
    np.testing.assert_array_equal(la.inv(Af), np.linalg.inv(Af))
    assert la.det(Af) == np.linalg.det(Af)


@pytest.mark.parametrize("mode", ["float", *OBJECT_MODES])
def test_singular_and_shape_errors(mode):
    S = la.asarray([[1, 2, 3], [2, 4, 6], [0, 1, 1]], mode)
    rhs = la.asarray([1, 2, 3], mode)
    with pytest.raises(np.linalg.LinAlgError):
        la.solve(S, rhs)
    with pytest.raises(np.linalg.LinAlgError):
        la.inv(S)
    assert la.det(S) == 0
    with pytest.raises(np.linalg.LinAlgError):
        la.solve(la.asarray([[1, 2, 3]], mode), rhs)  # non-square: no silent least squares
    with pytest.raises(ValueError):
        la.solve(la.eye(3, mode), la.asarray([1, 2], mode))


def rational_orthogonal_matrix():
    """Q = R12 · R23 with Pythagorean rotations: rational and exactly orthogonal."""
    c1, s1, c2, s2 = F(3, 5), F(4, 5), F(5, 13), F(12, 13)
    R12 = np.array([[c1, -s1, 0], [s1, c1, 0], [0, 0, 1]], dtype=object)
    R23 = np.array([[1, 0, 0], [0, c2, -s2], [0, s2, c2]], dtype=object)
    return R12.dot(R23)


@pytest.mark.parametrize("mode", OBJECT_MODES)
def test_eigvalsh_object_modes(mode):
    Q = rational_orthogonal_matrix()
    A = Q.dot(np.diag(np.array([F(5), F(1), F(2)], dtype=object))).dot(Q.T)
    assert_mp_close(la.eigvalsh(la.asarray(A, mode)), [1, 2, 5])
    B = la.asarray([[2, 1], [1, 1]], mode)
    assert_mp_close(la.eigvalsh(B), lambda: [(3 - mpmath.sqrt(5)) / 2, (3 + mpmath.sqrt(5)) / 2])


def test_eigvalsh_uses_lower_triangle_like_numpy():
    A = np.array([[2.0, 99.0, -7.0], [1.0, 3.0, 42.0], [0.5, -1.0, 4.0]])
    np.testing.assert_array_equal(la.eigvalsh(A), np.linalg.eigvalsh(A))
    low = np.tril(A) + np.tril(A, -1).T
    with mpmath.workdps(100):
        want = sorted(mpmath.eigsy(mpmath.matrix(low.tolist()), eigvals_only=True))
    assert_mp_close(la.eigvalsh(la.asarray(A, "mpmath")), want)
    np.testing.assert_allclose(la.to_mode(la.eigvalsh(la.asarray(A, "fraction")), "float"),
                               np.linalg.eigvalsh(A), rtol=1e-14)


def test_cholesky():
    L0 = np.array([[2, 0, 0], [1, 3, 0], [-1, 2, 1]], dtype=object)
    A = L0.dot(L0.T)
    assert_fraction_equal(la.cholesky(la.asarray(A, "fraction")), L0)  # perfect-square pivots
    assert_mp_close(la.cholesky(la.asarray(A, "mpmath")), L0)
    np.testing.assert_array_equal(la.cholesky(A.astype(float)), np.linalg.cholesky(A.astype(float)))
    # irrational pivots: mpmath result from an exact LDLᵀ
    want = lambda: [[mpmath.sqrt(2), 0], [1 / mpmath.sqrt(2), mpmath.sqrt(mpmath.mpf(3) / 2)]]
    for mode in OBJECT_MODES:
        assert_mp_close(la.cholesky(la.asarray([[2, 1], [1, 2]], mode)), want)
    for mode in ("float", *OBJECT_MODES):
        with pytest.raises(np.linalg.LinAlgError):
            la.cholesky(la.asarray([[1, 2], [2, 1]], mode))


# --------------------------------------------------------------------------- projections
@pytest.mark.parametrize("mode", ["float", *OBJECT_MODES])
def test_project_box_exact(mode):
    x = la.asarray(["-1.5", "0.25", 3, "0.5"], mode)
    got = la.project_box(x, la.asarray([-1, -1, -1, "0.625"], mode), "0.75")
    assert la.mode_of(got) == mode
    assert list(got) == [-1, F(1, 4), F(3, 4), F(5, 8)]
    assert list(la.project_box(x, lo=0)) == [0, F(1, 4), 3, F(1, 2)]
    assert list(la.project_box(x)) == list(x)
    with pytest.raises(ValueError):
        la.project_box(x, 1, 0)


def test_project_box_float_bound_enters_fraction_mode_exactly():
    got = la.project_box(la.asarray([1], "fraction"), hi=0.1)
    assert_fraction_equal(got, [F(0.1)])


def test_project_ball_cases():
    x = la.asarray([3, 4], "fraction")
    assert_fraction_equal(la.project_ball(x, 10), [3, 4])  # inside: unchanged, exact
    assert_fraction_equal(la.project_ball(x, 1), [F(3, 5), F(4, 5)])  # rational norm: exact
    assert_fraction_equal(la.project_ball(x, 3), [F(9, 5), F(12, 5)])
    assert_fraction_equal(la.project_ball(x, 5), [3, 4])  # on the sphere: unchanged
    assert_fraction_equal(la.project_ball(x, "1/2", center=[1, F(5, 2)]), [F(7, 5), F(14, 5)])
    y = la.asarray([1, 1], "fraction")
    irr = la.project_ball(y, F(1, 3))  # factor 1/(3√2): mpmath
    assert_mp_close(irr, lambda: [1 / (3 * mpmath.sqrt(2))] * 2)
    assert_mp_close(la.project_ball(la.asarray([1, 1], "mpmath"), F(1, 3)), lambda: [1 / (3 * mpmath.sqrt(2))] * 2)
    c = la.asarray(["0.5", -2], "mpmath")
    assert_mp_close(la.project_ball(la.asarray([2, 1], "mpmath"), 1, center=c),
                    lambda: [mpmath.mpf("0.5") + mpmath.mpf("1.5") / mpmath.sqrt(mpmath.mpf("11.25")),
                             -2 + 3 / mpmath.sqrt(mpmath.mpf("11.25"))])
    xf = np.array([2.0, 1.0])
    got = la.project_ball(xf, 1.0, center=np.array([0.5, -2.0]))
    want = np.array([0.5, -2.0]) + (xf - [0.5, -2.0]) / np.linalg.norm(xf - [0.5, -2.0])
    np.testing.assert_allclose(got, want, rtol=2 * EPS)
    with pytest.raises(ValueError):
        la.project_ball(xf, -1.0)


# --------------------------------------------------------------------------- end to end
def pgd(A, b, radius, iters):
    """Projected gradient descent on ½xᵀAx − bᵀx over ‖x‖ ≤ radius, written once for every mode."""
    eta = 1 / la.eigvalsh(A)[-1]
    x = la.zeros(b.shape, la.mode_of(b))
    for _ in range(iters):
        x = la.project_ball(x - eta * (la.dot(A, x) - b), radius)
    return x


def test_projected_gradient_descent_float_and_mpmath():
    A = [["2", "0.5", 0], ["0.5", "1.5", "0.25"], [0, "0.25", 1]]
    b, radius = [3, -2, 1], 1
    x_float = pgd(la.asarray(A), la.asarray(b), radius, 400)
    x_mp = pgd(la.asarray(A, "mpmath"), la.asarray(b, "mpmath"), radius, 400)
    assert x_float.dtype == np.float64 and la.mode_of(x_mp) == "mpmath"
    np.testing.assert_allclose(x_float, la.to_mode(x_mp, "float"), rtol=0, atol=1e-10)

    # reference: KKT point x = (A + λI)⁻¹b with ‖x‖ = radius, at 100 digits
    with mpmath.workdps(100):
        Am, bm = mpmath.matrix(A), mpmath.matrix(b)
        x_of = lambda lam: mpmath.lu_solve(Am + lam * mpmath.eye(3), bm)
        gap = lambda lam: mpmath.norm(x_of(lam)) - radius
        assert gap(0) > 0  # the constraint is active
        lam = mpmath.findroot(gap, (0, mpmath.norm(bm)), solver="illinois")
        ref = list(x_of(lam))
    assert_mp_close(x_mp, ref, tol=mpmath.mpf("1e-40"))


# --------------------------------------------------------------------------- properties
floats = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)
fracs = st.fractions(-20, 20, max_denominator=60)  # comparable to the radii drawn below


def vec_pairs(elems):
    return st.integers(1, 4).flatmap(lambda n: st.tuples(*[st.lists(elems, min_size=n, max_size=n)] * 2))


def assert_nonexpansive(px, py, x, y, slack):
    """‖P(x) − P(y)‖ ≤ ‖x − y‖ + slack, evaluated exactly (slack 0) or at 100 digits."""
    d2 = la.sqnorm(fr(px) - fr(py))
    e2 = la.sqnorm(fr(x) - fr(y))
    if slack == 0:
        assert d2 <= e2
        return
    with mpmath.workdps(100):
        assert mpmath.sqrt(mpmath.mpmathify(d2)) <= mpmath.sqrt(mpmath.mpmathify(e2)) + slack


@settings(max_examples=60, deadline=None)
@given(pair=vec_pairs(floats), bounds=st.tuples(floats, floats))
def test_property_box_float(pair, bounds):
    lo, hi = sorted(bounds)
    x, y = np.array(pair[0]), np.array(pair[1])
    px, py = la.project_box(x, lo, hi), la.project_box(y, lo, hi)
    np.testing.assert_array_equal(la.project_box(px, lo, hi), px)
    assert np.all((lo <= px) & (px <= hi))
    assert_nonexpansive(px, py, x, y, 0)  # clipping floats is exact


@settings(max_examples=60, deadline=None)
@given(pair=vec_pairs(fracs), bounds=st.tuples(fracs, fracs))
def test_property_box_fraction(pair, bounds):
    lo, hi = sorted(bounds)
    x, y = la.asarray(pair[0], "fraction"), la.asarray(pair[1], "fraction")
    px, py = la.project_box(x, lo, hi), la.project_box(y, lo, hi)
    assert_fraction_equal(la.project_box(px, lo, hi), px)
    assert_nonexpansive(px, py, x, y, 0)


@settings(max_examples=60, deadline=None)
@given(pair=vec_pairs(floats), radius=st.floats(0.01, 100), shift=floats)
def test_property_ball_float(pair, radius, shift):
    x, y = np.array(pair[0]), np.array(pair[1])
    c = np.full_like(x, shift)
    px, py = la.project_ball(x, radius, c), la.project_ball(y, radius, c)
    tol = 4 * EPS * (radius + abs(shift))
    np.testing.assert_allclose(la.project_ball(px, radius, c), px, rtol=0, atol=tol)
    assert la.norm(px - c) <= radius + tol
    assert_nonexpansive(px, py, x, y, 8 * EPS * radius)


@settings(max_examples=60, deadline=None)
@given(pair=vec_pairs(fracs), radius=st.fractions(F(1, 10), 10, max_denominator=20),
       use_center=st.booleans())
def test_property_ball_fraction(pair, radius, use_center):
    x, y = la.asarray(pair[0], "fraction"), la.asarray(pair[1], "fraction")
    c = la.full(len(x), "1/3", "fraction") if use_center else None
    px, py = la.project_ball(x, radius, c), la.project_ball(y, radius, c)
    ppx = la.project_ball(px, radius, c)
    exact = la.mode_of(px) == la.mode_of(py) == "fraction"
    inside = la.sqnorm(x if c is None else x - c) <= radius**2
    dist2 = la.sqnorm(fr(px) if c is None else fr(px) - c)  # exact, of the returned values
    if inside:
        assert_fraction_equal(px, x)
    elif la.mode_of(px) == "fraction":
        assert dist2 == radius**2  # exactly on the sphere
    else:
        with mpmath.workdps(100):
            assert abs(mpmath.sqrt(mpmath.mpmathify(dist2)) - radius) <= TOL * radius
    if la.mode_of(px) == "fraction":
        assert_fraction_equal(ppx, px)
    else:
        assert_mp_close(ppx, fr(px), tol=TOL * radius)
    assert_nonexpansive(px, py, x, y, 0 if exact else TOL * radius)
