"""certunlearn.testing.certificate: a candidate's own calibration and run are decided exactly against the certificate
at the claims' worst-shift cases; the Case format round-trips through JSON."""

import mpmath
import pytest

from certunlearn.claims.case import Case
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction
from certunlearn.privacy import calibrate
from certunlearn.testing import d2d, olu, r2d, retain
from certunlearn.testing.candidates import d2d_thm31, olu_alg1, r2d_thm31, retain_median
from certunlearn.testing.certificate import (
    LARGER, MEETS, SMALLER, VIOLATED, assert_meets_certificate, check_certificate, gaussian_verdict, renyi_verdict)

D2D = d2d.cases("quick")
R2D = r2d.cases("quick")
OLU = olu.cases("quick")
RETAIN = retain.cases("quick")


def test_default_suites_hold_the_claims_worst_cases():
    assert len(D2D) == 3 and len(R2D) == 3
    assert all(c.claim == "d2d.thm3.1" and c.label for c in D2D)
    assert len({c.label.split(" #")[0] for c in R2D}) == 3  # one per adversary


@pytest.mark.parametrize("case", D2D + R2D, ids=lambda c: c.claim + c.label[:12])
def test_case_json_round_trip(case):
    assert Case.from_json(case.to_json()) == case
    assert Case.from_instance(case.claim, case.instance()) == Case.from_instance(case.claim, case.instance())


def test_case_refuses_bad_input():
    with pytest.raises(InvalidParameterError):
        Case("d2d", "d2d.thm3.1", certificate={"sigma": 1})
    with pytest.raises(InvalidParameterError):
        Case("d2d", "r2d.thm3.1", certificate={"epsilon": 1})
    with pytest.raises(InvalidParameterError):
        Case.from_json('{"paper": "x", "claim": "x.y"}')


def test_the_reference_implementations_meet_the_certificate():
    for r in assert_meets_certificate(d2d_thm31(), D2D) + assert_meets_certificate(r2d_thm31(), R2D):
        assert r.status == MEETS and r.achieved <= float(r.case.delta)


@pytest.mark.parametrize("seed", range(30))
def test_no_false_alarm_on_30_seeds(seed):
    case = D2D[seed % 3] if seed % 2 else R2D[seed % 3]
    cand = d2d_thm31() if seed % 2 else r2d_thm31()
    r = check_certificate(cand, case, seed=seed)
    assert r.ok and r.matches_reference, r.report()


def exact_calibration(case):
    """σ from the exact Gaussian profile (smaller than Theorem 3.1's) at the proof's shift 8Lγ^I/(mn(1 − γ^I))."""
    c = case.constants
    L, m, M, I, n = (float(c[s]) for s in ("L", "m", "M", "I", "n"))
    g = (M - m) / (M + m)
    shift = 8 * L / (m * n) * g**I / (1 - g**I) * (1 + 1e-9)
    return calibrate(case.epsilon, case.delta, shift, method="exact")


def test_a_valid_smaller_sigma_passes_and_is_reported():
    for case in D2D:
        r = check_certificate(d2d_thm31(calibration=exact_calibration), case)
        assert r.ok and r.status == SMALLER and r.sigma < r.sigma_reference, r.report()


def test_a_sigma_just_below_the_exact_one_fails_with_its_delta():
    r = check_certificate(d2d_thm31(calibration=lambda c: exact_calibration(c) * (1 - 1e-6)), D2D[0])
    assert not r.ok and r.status == VIOLATED and r.achieved > float(r.case.delta)


@pytest.mark.parametrize("bug", ["sigma-sqrt2", "noiseless", "variance", "no-delete"])
def test_calibration_and_bookkeeping_bugs_violate_the_certificate(bug):
    results = [check_certificate(d2d_thm31(bug), c) for c in D2D]
    bad = [r for r in results if not r.ok]
    assert bad and all(r.status == VIOLATED and r.achieved > float(r.case.delta) for r in bad)


def test_r2d_sensitivity_mg_instead_of_2mg_is_caught_exactly():
    bad = [r for r in (check_certificate(r2d_thm31("sensitivity-mG"), c) for c in R2D) if not r.ok]
    assert bad and "calibration" in bad[0].problems[0]


@pytest.mark.parametrize("bug", ["iterations", "step-size"])
def test_iteration_bugs_are_named_as_a_different_release(bug):
    r = check_certificate(d2d_thm31(bug), D2D[0])
    assert not r.matches_reference and r.reference_gap > 0
    with pytest.raises(AssertionError, match="differs from the reference"):
        assert_meets_certificate(d2d_thm31(bug), D2D[:1])


def test_noiseless_is_epsilon_unbounded():
    r = check_certificate(d2d_thm31("noiseless"), D2D[0])
    assert r.achieved == 1.0 and "ε unbounded" in r.problems[0]


def test_gaussian_verdict_agrees_with_mpmath_at_100_digits():
    eps, dl, shift = Fraction(1), Fraction(1, 10**5), Fraction(1)
    with mpmath.workdps(100):
        def true_delta(s):
            e = mpmath.mpf(1)
            a, b = e / s - s / 2, e / s + s / 2
            return (mpmath.erfc(a / mpmath.sqrt(2)) - mpmath.exp(e) * mpmath.erfc(b / mpmath.sqrt(2))) / 2
        sigma_star = mpmath.findroot(lambda sg: true_delta(1 / sg) - mpmath.mpf(1) / 10**5, 3.7)
        above, below = float(sigma_star) * (1 + 1e-9), float(sigma_star) * (1 - 1e-9)
        truth = true_delta(1 / mpmath.mpf(below))
    assert gaussian_verdict(eps, dl, shift, above)[0] and not gaussian_verdict(eps, dl, shift, below)[0]
    ok, achieved = gaussian_verdict(eps, dl, shift, below)
    assert truth <= achieved <= truth * (1 + 1e-14)


def test_renyi_verdict():
    assert renyi_verdict(2, 1, 1, 1)[0] and not renyi_verdict(2, Fraction(99, 100), 1, 1)[0]
    assert renyi_verdict(2, 1, 1, 0) == (False, float("inf"))


def test_a_larger_sigma_is_reported_as_larger():
    r = check_certificate(d2d_thm31(calibration=lambda c: 2 * exact_calibration(c) * 1.5), D2D[0])
    assert r.ok and r.status == LARGER


def test_olu_reference_meets_its_renyi_certificate_and_bugs_do_not():
    for r in assert_meets_certificate(olu_alg1(), OLU):
        assert r.measure == "D_α" and r.achieved <= float(r.case.alpha * r.case.epsilon)
    for bug in ("sigma-halved", "variance", "gap-index", "no-growth"):
        bad = [r for r in (check_certificate(olu_alg1(bug), c) for c in OLU) if not r.ok]
        assert bad and all(r.achieved > float(r.case.alpha * r.case.epsilon) for r in bad), bug


def test_olu_reused_noise_is_caught_by_the_draw_count():
    bad = [r for r in (check_certificate(olu_alg1("reused-noise"), c) for c in OLU) if not r.ok]
    assert bad and "draws" in bad[0].problems[0]


def test_olu_printed_corollary_1_is_refuted_by_the_printed_algorithm():
    """Corollary 1 as printed (γ = (β/μ − 1)/(β/μ + 1) at η ≤ 1/(β+μ)) is a known violation (olu.cor1:sc): the
    check finds it with the printed σ_i, while the corrected γ = 1 − ημ passes on the same instances."""
    from certunlearn.testing.suites import claim_cases

    printed = claim_cases("olu.cor1:sc", "thorough")
    assert any(not check_certificate(olu_alg1(), c).ok for c in printed)


def test_retain_passive_median_meets_theorem_2_11_and_its_bugs_do_not():
    for r in assert_meets_certificate(retain_median(), RETAIN):
        assert r.status == MEETS
    for bug in ("sigma-tenth-less", "rs-of-full-data"):
        bad = [r for r in (check_certificate(retain_median(bug), c) for c in RETAIN) if not r.ok]
        assert bad and all(r.achieved > float(r.case.delta) for r in bad), bug
    # √(2 log(1/δ)) < √(2 log(1.25/δ)): a smaller σ, still enough at these cases (the classic calibration's slack)
    assert all(check_certificate(retain_median("log-without-1.25"), c).status == SMALLER for c in RETAIN)
