"""certunlearn.claims.d2d.common: the exact probability helpers and the 1-d GD shortcut against independent
computations (privacy layer, mpmath, projected_gd)."""

from flint import arb
import mpmath
import numpy as np
import pytest

from certunlearn.claims.d2d import common
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.privacy import hockey_stick


def test_hockey_1d_agrees_with_privacy_layer():
    for q0, q1, m0, m1 in [(Fraction(2), Fraction(1), 0, 1), (Fraction(1), Fraction(3), 0, 1),
                           (Fraction(1), Fraction(1), 0, Fraction(1, 2))]:
        with workprec(128):
            h = common.hockey_1d(arb(1), to_arb(m0), q0, to_arb(m1), q1)
        assert abs(float(to_arb(h).mid()) - hockey_stick(1, [m0], [[q0]], [m1], [[q1]])) < 1e-12


@pytest.mark.parametrize("dof, lam, x", [(1, 3, 7), (2, 3, 7), (3, 3, 7), (2, "1/2", 1), (4, 40, 90), (5, 12, "3/2"),
                                        (3, 150, 160)])
def test_noncentral_chi2_tail_against_mpmath(dof, lam, x):
    """The rigorous ball contains the 100-digit Poisson-mixture series, and is narrow."""
    with mpmath.workdps(100):
        lam_, x_ = (mpmath.mpf(Fraction(v).numerator) / Fraction(v).denominator for v in (lam, x))
        ref = mpmath.nsum(lambda j: mpmath.exp(-lam_ / 2) * (lam_ / 2) ** j / mpmath.factorial(j)
                          * mpmath.gammainc(dof / mpmath.mpf(2) + j, x_ / 2, mpmath.inf, regularized=True), [0, mpmath.inf])
        ref_text = mpmath.nstr(ref, 60)
    with workprec(128):
        q = common.ncx2_sf(dof, to_arb(Fraction(lam)), to_arb(Fraction(x)))
        assert q.overlaps(arb(ref_text)) and q.rad() < 1e-15


@pytest.mark.parametrize("dof, lam, x", [(3, 1600, 1640), (3, 900, 700), (3, 500, 620)])
def test_noncentral_chi2_tail_large_noncentrality(dof, lam, x):
    """λ > 400 (the branch that leaves the Poisson mixture): against the 100-digit value by conditioning on the first
    coordinate, ‖c + W‖² = (√λ + W₁)² + χ²₂ with P[χ²₂ > y] = e^{−y/2} (an oracle independent of the series)."""
    with mpmath.workdps(100):
        c, xx = mpmath.sqrt(lam), mpmath.mpf(x)
        phi = lambda w: mpmath.exp(-w * w / 2) / mpmath.sqrt(2 * mpmath.pi)
        lo, hi = -mpmath.sqrt(xx) - c, mpmath.sqrt(xx) - c  # (c + w)² < x ⇔ w ∈ (lo, hi)
        inside = mpmath.quad(lambda w: phi(w) * mpmath.exp(-(xx - (c + w) ** 2) / 2), [lo, -c, hi])
        ref = inside + (mpmath.erfc(-lo / mpmath.sqrt(2)) + mpmath.erfc(hi / mpmath.sqrt(2))) / 2
        ref_text = mpmath.nstr(ref, 60)
    with workprec(128):
        q = common.ncx2_sf(dof, to_arb(Fraction(lam)), to_arb(Fraction(x)))
    assert q.overlaps(arb(ref_text)) and q.rad() < 1e-6 * abs(float(arb(ref_text).mid()))


def test_gd_1d_is_projected_gd():
    from certunlearn.algorithms.d2d import Problem, projected_gd
    from certunlearn.problems import Box, Quadratic

    for a, lo, hi, content, start, eta, T in [(1, -1, 1, (Fraction(-1), Fraction(1, 3)), Fraction(-1), Fraction(1, 2), 7),
                                              (3, -1, 1, (Fraction(1), Fraction(1)), Fraction(-1), Fraction(1, 2), 5),
                                              (2, 0, 1, (Fraction(3, 4),), Fraction(1), Fraction(1, 3), 4)]:
        prob = Problem(Quadratic(A=((Fraction(a),),), R=Fraction(1)), Box((Fraction(lo),), (Fraction(hi),)))
        ref = projected_gd(prob, np.asarray([[v] for v in content], dtype=object), None,
                           np.asarray([start], dtype=object), eta=eta, T=T)[0]
        assert common.gd_1d(prob, content, start, eta, T) == ref


def test_gd_diag_is_projected_gd_in_two_dimensions():
    """The coordinatewise closed form (ρ = 1 − ηa_k ∈ {1/2, 0}) and the fallback (a mean outside the box: the
    projection acts) against projected_gd on the diagonal quadratic in d = 2."""
    from certunlearn.algorithms.d2d import Problem, projected_gd
    from certunlearn.problems import Box, Quadratic

    A = ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(2)))
    for lo, hi, content, start in [((-1, -1), (1, 1), ((Fraction(-1), Fraction(1, 3)), (Fraction(1), Fraction(-1))), (-1, 1)),
                                   ((0, 0), (1, 1), ((Fraction(-1), Fraction(1)), (Fraction(-1), Fraction(1))), (1, 0))]:
        prob = Problem(Quadratic(A=A, R=Fraction(2)), Box(tuple(Fraction(v) for v in lo), tuple(Fraction(v) for v in hi)))
        start = tuple(Fraction(v) for v in start)
        ref = projected_gd(prob, np.asarray([list(c) for c in content], dtype=object), None,
                           np.asarray(list(start), dtype=object), eta=Fraction(1, 2), T=5)
        assert common.gd_diag(prob, content, start, Fraction(1, 2), 5) == tuple(ref)


def test_claims_of_one_algorithm_share_their_exact_runs():
    """run_owner: a claim, its parts and its accuracy claims (the same prescribed parameters) memoise their exact runs
    under one key; a claim with other parameters (a +fix changing σ or T) keeps its own."""
    from certunlearn.claims import get_claim
    from certunlearn.formulas.d2d import PRESCRIBED

    get_claim("d2d.thm3.1")  # registers the d2d claims
    owner = common.run_owner("d2d.thm3.1")
    assert common.run_owner("d2d.thm3.1:accuracy") == owner == common.run_owner("d2d.thm3.1:shift")
    assert common.CLAIMS_BY_ID[owner].prescribed == PRESCRIBED["d2d.thm3.1"]
    assert common.run_owner("d2d.thm3.2+fix") != common.run_owner("d2d.thm3.2")
    assert PRESCRIBED["d2d.thm3.2+fix"] != PRESCRIBED["d2d.thm3.2"]


def test_minimiser_memo_returns_a_fresh_copy_of_the_exact_argmin():
    vals = common.pgd_instance([1, 2], 2, [-1, -1], [1, 1], [[2, 0], [0, Fraction(1, 2)]], [], [0, 0])
    s = common.Setup(vals)
    first = s.minimiser(s.X)
    assert list(first) == [1, Fraction(1, 4)] == list(s._minimiser(s.X))  # the face θ₁ = 1 and the mean inside
    first[0] = Fraction(7)  # a caller changing its copy changes nothing
    assert list(s.minimiser(s.X)) == [1, Fraction(1, 4)]


def test_datasets_are_the_updates_applied_once_and_copied():
    vals = common.pgd_instance([1], 2, [-1], [1], [[1], [Fraction(1, 2)]], [[1, 0], [-1, 1]], [0])
    s = common.Setup(vals)
    first = s.datasets()
    assert [[list(r) for r in X] for X in first] == [[[1], [Fraction(1, 2)]], [[1], [Fraction(1, 2)], [0]],
                                                     [[Fraction(1, 2)], [0]]]
    first[0][0, 0] = Fraction(9)
    assert s.datasets()[0][0, 0] == 1 and s.X[0, 0] == 1
