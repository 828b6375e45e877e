"""Median and PCA projector (retain paper, Sections 3.1 and 3.3; papers/004_d584c64aaf1f17d0.txt)."""
import itertools

import mpmath
import numpy as np
import pytest
from hypothesis import Phase, assume, given, settings
from hypothesis import strategies as st

from certunlearn.algorithms.retain import (
    Median, PCAProjector, check_chain, median, median_brute_force_rs,
)
from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

GRID = [F(i, 16) for i in range(17)]  # a finite universe in [0, 1] containing 0 and B = 1

FAST = (Phase.explicit, Phase.reuse, Phase.generate)  # no shrinking: each example is costly


def frac_rows(rows):
    return np.asarray([[F(v) for v in r] for r in rows], dtype=object)


# --------------------------------------------------------------------------- median
def test_median_definition():
    assert median([F(3), F(1), F(2)]) == 2
    assert median([F(4), F(1), F(2), F(3)]) == F(5, 2)


@pytest.mark.parametrize("R", [
    ["0", "1/2", "1"],                          # n = 3, symmetric gaps
    ["0", "0", "0", "1", "1"],                  # the GS example of Lemma 3.1: RS = B/2
    ["1/16", "1/8", "3/4", "13/16", "7/8"],      # a wide gap above the median
    ["1/4", "1/4", "1/4", "1/4", "3/4", "1", "1"],  # ties at the median
    ["1/16", "9/16", "5/8", "11/16", "15/16"],  # a wide gap below
])
def test_median_lemma_c1_equals_brute_force(R):
    mech = Median(1)
    Rq = [F(v) for v in R]
    brute = median_brute_force_rs(Rq, GRID + Rq, 1, B=1)
    closed = mech.exact_rs(Rq, 1)
    printed = mech.bound(Rq, 1)
    assert "as printed" in printed.source
    assert brute.value.exact == closed.value.exact == printed.value.exact
    k = (len(Rq) + 1) // 2
    xs = sorted(Rq)
    assert brute.value.exact == max(xs[k] - xs[k - 1], xs[k - 1] - xs[k - 2]) / 2


def test_median_gs_example_attains_ratio_one():
    mech = Median(2)
    R = [F(0)] * 3 + [F(2)] * 2
    assert mech.exact_rs(R).value.exact == 1 == mech.global_sensitivity(R).value.exact  # RS/GS = 1 (Lemma 3.1)


@pytest.mark.parametrize("m", [1, 2, 3])
@pytest.mark.parametrize("R", [["0", "1/4", "1/2", "3/4"], ["1/8", "1/8", "7/8"], ["1/2"], ["0", "1"]])
def test_median_extension_equals_brute_force_for_m_and_even_n(R, m):
    mech = Median(1)
    Rq = [F(v) for v in R]
    brute = median_brute_force_rs(Rq, GRID, m, B=1)
    assert brute.value.exact == mech.exact_rs(Rq, m).value.exact == mech.bound(Rq, m).value.exact


def test_median_global_for_m_is_the_maximum_over_datasets():
    mech = Median(1)
    for n, m in [(3, 1), (3, 2), (4, 2), (4, 3), (5, 2)]:
        best = max(median_brute_force_rs(list(R), GRID[::4], m).value.exact
                   for R in itertools.combinations_with_replacement(GRID[::4], n))
        assert mech.global_sensitivity([F(0)] * n, m).value.exact == best


def test_median_errors_name_the_parameter():
    with pytest.raises(AssumptionViolatedError, match=r"x ∈ \[0, B\]"):
        Median(1).exact_rs(["0.5", "1.5"])
    with pytest.raises(InvalidParameterError, match="^m:"):
        Median(1).exact_rs(["0.5"], 0)
    with pytest.raises(InvalidParameterError, match="^B:"):
        Median(-1)
    with pytest.raises(InvalidParameterError, match="^U:"):
        Median(1).sensitivities(["0.5"], [])


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(GRID), min_size=1, max_size=7), st.lists(st.sampled_from(GRID), min_size=1, max_size=3))
def test_median_chain_on_random_instances(R, U):
    s = Median(1).sensitivities(R, U)
    chain = check_chain(s)
    chain.assert_holds()
    assert s.exact_rs_kind == "exact"


# --------------------------------------------------------------------------- PCA
def mp_projector(S, k, dps=90):
    """An independent top-k projector: mpmath eigsy at ``dps`` digits on the exact covariance."""
    with mpmath.workdps(dps):
        M = mpmath.matrix([[mpmath.mpf(v.numerator) / v.denominator for v in row] for row in S])
        E, V = mpmath.eigsy(M)
        d = M.rows
        top = sorted(range(d), key=lambda i: E[i], reverse=True)[:k]
        return [[sum(V[r, i] * V[c, i] for i in top) for c in range(d)] for r in range(d)]


R_PCA = frac_rows([["3/5", "0", "1/5"], ["0", "1/2", "1/10"], ["1/2", "1/2", "0"], ["-1/3", "1/4", "1/2"]])


@pytest.mark.parametrize("k", [1, 2])
def test_pca_shift_matches_an_independent_mpmath_computation(k):
    mech = PCAProjector(k, 1)
    U = frac_rows([["0", "3/5", "-4/5"]])
    s = mech.shift(R_PCA, U)
    S0 = PCAProjector.covariance(R_PCA)
    S1 = PCAProjector.covariance(np.concatenate([R_PCA, U]))
    with mpmath.workdps(90):
        P0, P1 = mp_projector(S0, k), mp_projector(S1, k)
        ref = mpmath.sqrt(sum((P1[i][j] - P0[i][j]) ** 2 for i in range(3) for j in range(i, 3)))
        with workprec(300):
            enc = s.arb()
            assert enc.rad() < 1e-55  # the certified projectors (dps = 60) are within ~1e-60
            mid = mpmath.mpf(enc.mid().str(100, radius=False))
        assert abs(mid - ref) < mpmath.mpf(10) ** -55
    # the released coordinates: upper triangle, d(d+1)/2 of them
    assert mech.update(R_PCA, U).shape == (6,)


def test_pca_multistart_lower_bound_beats_a_dense_grid():
    R = frac_rows([["3/5", "0"], ["0", "1/2"], ["1/2", "1/2"], ["-1/4", "1/2"]])
    mech = PCAProjector(1, 1)
    rs = mech.exact_rs(R, rng=0)
    Rf = np.asarray(R, dtype=float)
    G = Rf.T @ Rf
    iu = np.triu_indices(2)

    def top(S):
        w, V = np.linalg.eigh(S)
        v = V[:, np.argmax(w)]
        return np.outer(v, v)

    P0 = top(G / 4)
    best = max(float(np.linalg.norm((top((G + np.outer(x, x)) / 5) - P0)[iu]))
               for r in np.linspace(0, 1, 41) for a in np.linspace(0, np.pi, 721)
               for x in [r * np.array([np.cos(a), np.sin(a)])])
    assert float(rs.value) >= best * (1 - 1e-9)


def test_pca_projector_is_exact_projector_with_tiny_certified_error():
    mech = PCAProjector(1, 1)
    P = mech.projector(R_PCA)
    assert all(v == w for v, w in zip((P.P @ P.P).flat, P.P.flat))  # exactly idempotent
    assert P.err2 < F(1, 10**110)


def test_pca_bound_is_the_printed_formula_with_the_exact_gap():
    mech = PCAProjector(1, 1)
    S = PCAProjector.covariance(R_PCA)
    with mpmath.workdps(60):
        ev = sorted(mpmath.eigsy(mpmath.matrix([[mpmath.mpf(v.numerator) / v.denominator for v in r] for r in S]),
                                 eigvals_only=True), reverse=True)
        gap = ev[0] - ev[1]
        ref = 2 * mpmath.sqrt(2) / (5 * gap)  # B = 1, n = 4
        ref2 = 2 * mpmath.sqrt(2) * 2 / (6 * gap)  # m = 2
        lo, hi = mech.gap(R_PCA)
        assert lo <= F(mpmath.nstr(gap, 50)) + F(1, 10**45) and F(mpmath.nstr(gap, 50)) - F(1, 10**45) <= hi
        assert abs(float(mech.bound(R_PCA).value) - float(ref)) <= 1e-15 * float(ref)
        assert abs(float(mech.bound(R_PCA, 2).value) - float(ref2)) <= 1e-15 * float(ref2)


def test_pca_tied_gap_gives_infinite_bound_and_undefined_projector():
    R = frac_rows([["1", "0"], ["0", "1"]])  # Σ = I/2: λ_1 = λ_2
    mech = PCAProjector(1, 1)
    assert mech.bound(R).value.is_infinite
    with pytest.raises(InvalidParameterError, match="^k:"):
        mech.shift(R, frac_rows([["1/2", "0"]]))


def test_pca_errors():
    with pytest.raises(AssumptionViolatedError, match="‖x‖ ≤ B"):
        PCAProjector(1, "1/2").bound(R_PCA)
    with pytest.raises(InvalidParameterError, match="^k:"):
        PCAProjector(3, 1).bound(R_PCA)


pca_rows = st.lists(st.lists(st.sampled_from([F(i, 4) for i in range(-2, 3)]), min_size=2, max_size=2),
                    min_size=3, max_size=5)


@settings(max_examples=5, deadline=None, derandomize=True, phases=FAST)
@given(pca_rows, st.lists(st.sampled_from([F(i, 4) for i in range(-2, 3)]), min_size=2, max_size=2))
def test_pca_chain_on_random_instances(rows, u):
    mech = PCAProjector(1, 1, random_starts=2)
    R, U = frac_rows(rows), frac_rows([u])
    lo, hi = mech.gap(R)
    assume(lo > 0)  # Lemma 3.4 assumes gap_k(R) > 0
    try:
        s = mech.sensitivities(R, U, rng=0)
    except InvalidParameterError:
        assume(False)  # λ_1 = λ_2 after adding U: the released projector is undefined
    chain = check_chain(s)
    assert s.exact_rs_kind == "lower-bound"
    assert chain.link("actual ≤ RS").decision is Decision.TRUE
    assert chain.link("RS ≤ bound").decision is Decision.TRUE  # Lemma 3.4 (a lower bound exceeding it would be a finding)
    assert chain.link("RS ≤ GS").decision is Decision.TRUE
