"""The narrowing of a certified bracket (:mod:`certunlearn.check.bracket`): its ends are points whose comparison with
the target was decided on enclosures (never a guess), it reaches the width of the bisection it replaces in far fewer
evaluations, and it gives up — None, so the caller bisects — wherever an end or a point is undecided."""

import mpmath
from flint import arb

from certunlearn.check.bracket import narrow
from certunlearn.numeric.precision import workprec
from certunlearn.privacy.profile import profile_arb


class Counted:
    """A function that records every point it is evaluated at."""

    def __init__(self, f):
        self.f, self.points = f, []

    def __call__(self, x):
        self.points.append(x)
        return self.f(x)


def test_a_gaussian_profile_crossing_is_bracketed_to_the_width_of_sixty_bisections_in_a_fifth_of_the_evaluations():
    """δ(ε; s = 1/2) = 10⁻³ at ε′ ≈ 1.3523 (mpmath at 100 digits): the ends straddle it, are decided on the right sides,
    lie within 2/2⁶⁰ of each other, and took at most 16 evaluations (a bisection takes 60)."""
    with mpmath.workdps(100):
        s = mpmath.mpf(1) / 2
        true = mpmath.findroot(lambda e: mpmath.ncdf(s / 2 - e / s) - mpmath.exp(e) * mpmath.ncdf(-s / 2 - e / s)
                               - mpmath.mpf("0.001"), 1.35)
    with workprec(256):
        target = arb("0.001")
        value = Counted(lambda e: profile_arb(e, arb(1) / 2))
        lo, hi = narrow(value, target, arb(0), arb(2), 60)
        evaluations = len(value.points)
        assert hi - lo <= arb(2) / 2**60
        assert value(lo) > target and value(hi) <= target  # decided: ε′ ∈ (lo, hi]
        assert lo < arb(str(true)) < hi or abs(lo - arb(str(true))) < arb(2) ** -60
    assert evaluations <= 16  # measured: 13, the two ends included


def test_a_largest_shift_crossing_is_bracketed_in_as_few_evaluations():
    """δ(ε = 2; Δ/2) = 10⁻³, δ increasing in Δ: from [1, 16] (Δ* ≈ 1.38) in at most 18 evaluations (measured: 15),
    the two ends included; lo decided below the target and hi above."""
    with workprec(256):
        target = arb("0.001")
        value = Counted(lambda shift: profile_arb(arb(2), shift / 2))
        lo, hi = narrow(value, target, arb(1), arb(16), 60)
        evaluations = len(value.points)
        assert hi - lo <= arb(15) / 2**60 and value(lo) <= target and value(hi) > target
    assert evaluations <= 18


def test_an_exact_linear_function_ends_with_decided_ends_around_its_root():
    """1 − x crosses 0.3 at 0.7: both ends are decided, and 0.7 lies between them."""
    with workprec(128):
        lo, hi = narrow(lambda x: 1 - x, arb("0.3"), arb(0), arb(1), 40)
        seven = arb(7) / 10
        assert lo < seven + arb(2) ** -100 and hi > seven - arb(2) ** -100
        assert 1 - lo > arb("0.3") and 1 - hi <= arb("0.3") and hi - lo <= arb(2) ** -40


def test_an_increasing_function_keeps_its_sides():
    """x² crosses 2 at √2 from below: lo stays where x² ≤ 2, hi where x² > 2."""
    with workprec(128):
        lo, hi = narrow(lambda x: x * x, arb(2), arb(1), arb(2), 50)
        assert lo * lo <= 2 and hi * hi > 2 and hi - lo <= arb(2) ** -50


def test_a_function_whose_value_reaches_zero_is_narrowed_by_midpoints():
    """max(0, 3/4 − x) against 0.25: the ends whose value is 0 have no log, the next point is a midpoint — still
    narrowed, still decided."""
    def f(x):
        return arb(3) / 4 - x if x < arb(3) / 4 else arb(0)
    with workprec(128):
        lo, hi = narrow(f, arb(1) / 4, arb(0), arb(2), 30)
        assert f(lo) > arb(1) / 4 and f(hi) <= arb(1) / 4 and hi - lo <= arb(2) / 2**30


def test_undecided_ends_or_points_give_up_and_so_does_a_width_beyond_the_precision():
    """An end whose comparison is undecided, two ends on the same side, or an undecided point: None (the caller's
    bisection then decides where to stop)."""
    def loose(x):
        return arb((1 - x).mid(), 1 / 64)  # 1 − x ± 1/64
    assert narrow(loose, arb("0.3"), arb(0), arb("0.71"), 40) is None  # 0.29 ± 1/64 straddles 0.3
    assert narrow(lambda x: 1 - x, arb("0.3"), arb(0), arb("0.5"), 40) is None  # both ends above
    assert narrow(loose, arb("0.3"), arb(0), arb(1), 40) is None  # a point near 0.7 is undecided
    assert narrow(lambda x: 1 - x, arb("0.3"), arb(0), arb(1), 90) is None


def test_one_undecided_end_gives_up_even_where_every_point_inside_is_decided():
    """1 − x, exact everywhere but at the upper end 0.7, where it is 0.3 ± 1/64: the bracket is not certified at that
    end, so nothing is narrowed (None), although each point inside would be decided."""
    def f(x):
        return arb("0.3", 1 / 64) if x == arb("0.7") else 1 - x
    with workprec(128):
        assert narrow(f, arb("0.3"), arb(0), arb("0.7"), 40) is None
        assert narrow(lambda x: 1 - x if x != 0 else arb(1, 1), arb("0.3"), arb(0), arb(1), 40) is None
