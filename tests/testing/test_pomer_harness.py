"""certunlearn.testing.pomer: an independent float implementation of Algorithm 1 (mpmath quadrature of the Gibbs
laws, its own inverse CDF) matches the reference on the same uniform draws; candidates with a deliberate bug (the
unnormalised acceptance ratio of Asi et al., a forgotten Φ⁻² floor, S' drawn with p instead of 1 − p) are caught
at their first divergent step."""
import mpmath
import pytest

from certunlearn.testing import PomerCase, assert_pomer_matches_reference, compare_pomer, reference_pomer


def candidate_factory(bug: str = ""):
    """Algorithm 1 written from the paper (lines 165–199) with mpmath quadrature at 30 digits."""
    def candidate(case, hooks):
        with mpmath.workdps(30):
            return run(case, hooks)

    def run(case, hooks):
        a, b = mpmath.mpf(case.a), mpmath.mpf(case.b)
        beta, lam, p = (mpmath.mpf(mpmath.fraction(*map(int, str(v).split("/"))) if "/" in str(v) else v)
                        for v in (case.beta, case.lam, case.p))
        phi = mpmath.mpf(mpmath.fraction(*map(int, case.Phi.split("/")))) if "/" in case.Phi else mpmath.mpf(case.Phi)
        losses = [(mpmath.mpf(k), mpmath.mpf(lft), mpmath.mpf(rgt)) for k, lft, rgt in
                  ([eval(str(v)) if isinstance(v, str) else v for v in loss] for loss in case.losses)]

        def cum(t):
            def f(x):
                return sum((lft * (x - k) if x <= k else rgt * (x - k)) for k, lft, rgt in losses[:t])
            return f

        def density(t):
            f = cum(t)
            return lambda x: mpmath.exp(-beta * (f(x) + lam * x * x / 2))

        def knots():
            return sorted({a, b, *(k for k, _, _ in losses if a < k < b)})

        def z(t):
            return mpmath.quad(density(t), knots())

        def inv_cdf(t, u):
            total, dens = z(t), density(t)
            lo, hi = a, b
            for _ in range(110):
                mid = (lo + hi) / 2
                if mpmath.quad(dens, [x for x in knots() if x < mid] + [mid]) < u * total:
                    lo = mid
                else:
                    hi = mid
            return (lo + hi) / 2

        x = a + (b - a) * hooks.uniform() if case.initial == "uniform" else inv_cdf(0, hooks.uniform())
        played, used = [], 0
        for t in range(1, len(losses) + 1):
            played.append(x)
            if bug == "unnormalised":
                ratio = mpmath.exp(-beta * (cum(t)(x) - cum(t - 1)(x))) / phi
            else:
                ratio = density(t)(x) / z(t) / (phi * density(t - 1)(x) / z(t - 1))
            keep = min(1, ratio) if bug == "no-floor" else min(1, max(phi**-2, ratio))
            s_t = hooks.uniform() < keep
            s_prime = hooks.uniform() < (p if bug == "p-swapped" else 1 - p)
            zeta = int((case.budget is None or used < case.budget) and (not s_prime or not s_t))
            hooks.step(t, x, zeta)
            if zeta:
                used += 1
                x = inv_cdf(t, hooks.uniform())
        return [float(v) for v in played]

    return candidate


CASES = [
    PomerCase("-1", "1", ((-9, 1, 1), (9, -1, -1), (0, -1, 1)), "2", "1", "1/10", "3/2", None, "uniform", 1),
    PomerCase("-1", "2", ((0, -1, 1), ("1/2", 0, 2)), "4", "2", "0", "5/4", 1, "gibbs", 2),
    # footnote 4's situation: l_t = ±x + 9 (value 0 at the kink −9 outside K), so the unnormalised ratio
    # e^{−βl_t(x)}/Φ sits at the floor Φ⁻² while the normalised one is near 1/Φ
    PomerCase("-1", "1", ((-9, 1, 1), (-9, -1, -1)) * 3, "1", "1", "0", "2", None, "uniform", 3),
]


def test_reference_is_deterministic_in_the_draws():
    assert reference_pomer(CASES[0]) == reference_pomer(CASES[0])
    xs, zetas, used = reference_pomer(CASES[0])
    assert len(xs) == 3 and used == 1 + 2 * 3 + sum(zetas)


def test_a_correct_independent_implementation_passes():
    results = assert_pomer_matches_reference(candidate_factory(), CASES, rtol=1e-9, atol=1e-9)
    assert all(r.ok for r in results)


@pytest.mark.parametrize("bug", ["unnormalised", "p-swapped"])
def test_a_buggy_candidate_is_caught_at_its_first_divergent_step(bug):
    with pytest.raises(AssertionError, match="first divergent step|ζ_"):
        assert_pomer_matches_reference(candidate_factory(bug), CASES)
    result = compare_pomer(candidate_factory(bug), CASES[2])
    assert not result.ok and result.first_divergent_step is not None and result.first_divergent_step >= 1


def test_a_candidate_that_skips_a_draw_is_caught():
    def skipping(case, hooks):
        hooks.uniform()  # one draw too many before x₁
        return candidate_factory()(case, hooks)

    assert not compare_pomer(skipping, CASES[0]).ok


@pytest.mark.slow
def test_the_default_suite_catches_every_planted_bug():
    """pomer.cases: footnote 4's ratio boundary and Theorem 4.3's sequences; each bug diverges on one of the first
    three (the footnote-4 sequences), the correct candidate on none of them."""
    from certunlearn.testing import pomer

    suite = pomer.cases("quick")[:3]
    assert all(compare_pomer(candidate_factory(), c).ok for c in suite)
    for bug in ("unnormalised", "no-floor", "p-swapped"):
        assert not all(compare_pomer(candidate_factory(bug), c).ok for c in suite), bug
