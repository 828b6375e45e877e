"""The Gaussian derivations' starts against their claims' quantities (issue 25, item 3), and the Balle & Wang
identity the engine proves from the hockey-stick integral (item 4): each comparison shown able to fail."""
import dataclasses

import mpmath
import pytest
import sympy
from sympy import Integral, Rational, exp, oo

from certunlearn.claims import get_claim
from certunlearn.derive import START_CHECKED, START_MISMATCH, check_derivation, load_derivation
from certunlearn.derive.signs import zero_proof
from certunlearn.formulas.gaussian import DELTA_GAUSSIAN, SIGMA_EXACT, gaussian_delta, normal_pdf, x_out as x
from certunlearn.formulas.symbols import Delta, delta, epsilon, sigma
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.privacy import calibrate

X_STAR = sigma**2 * epsilon / Delta + Delta / 2
HOCKEY = Integral(normal_pdf(x, Delta, sigma) - exp(epsilon) * normal_pdf(x, 0, sigma), (x, X_STAR, oo))


@pytest.mark.slow  # two symbolic integrations: ~40 CPU-s
def test_balle_wang_from_the_hockey_stick_integral():
    assert zero_proof(HOCKEY, DELTA_GAUSSIAN) is not None
    # a 0.1 % larger shift in the closed form is not the integral
    assert zero_proof(HOCKEY, gaussian_delta(epsilon, sigma, Delta * Rational(1001, 1000))) is None


@pytest.mark.parametrize("inst", [("0.5", "1e-5", "1"), ("2", "0.001", "0.37"), ("0.01", "1e-30", "12.5")])
def test_exact_quantity_expr_is_the_quantity(inst):
    """gaussian.exact's quantity_expr at σ_cal = calibrate(...) encloses the claim's quantity (mpmath, 50 digits);
    at a 0.1 % larger σ it does not."""
    claim = get_claim("gaussian.exact")
    e, d, s = inst
    q = to_arb(claim.quantity({"epsilon": e, "delta": d, "Delta": s}))
    sig = Fraction(calibrate(float(e), float(d), float(s), method="exact"))
    f = sympy.lambdify([epsilon, delta, Delta, sigma], claim.quantity_expr.subs(SIGMA_EXACT, sigma), "mpmath")
    with mpmath.workdps(50):
        args = [mpmath.mpf(e), mpmath.mpf(d), mpmath.mpf(s)]
        exact = f(*args, mpmath.mpf(sig.numerator) / sig.denominator)
        assert q.contains(to_arb(mpmath.nstr(exact, 40))) or abs(q.mid() - to_arb(mpmath.nstr(exact, 40))) < q.rad() * 4 + abs(q.mid()) * to_arb("1e-25")
        wrong = f(*args, mpmath.mpf(sig.numerator) / sig.denominator * mpmath.mpf("1.001"))
        assert abs(wrong - exact) > abs(exact) * mpmath.mpf("1e-6")
        assert not q.contains(to_arb(mpmath.nstr(wrong, 40)))


@pytest.mark.slow  # four whole derivations checked: ~20 CPU-s cold
def test_exact_and_zcdp_starts_checked_and_a_wrong_start_is_a_mismatch():
    for cid, wrong in (("gaussian.exact", {SIGMA_EXACT: SIGMA_EXACT * Rational(1001, 1000)}),
                       ("gaussian.zcdp", {Delta: Delta * Rational(1001, 1000)})):
        claim = get_claim(cid)
        d = load_derivation(cid)
        assert check_derivation(d, claim).start_status == START_CHECKED, cid
        bad = dataclasses.replace(claim, quantity_expr=claim.quantity_expr.xreplace(wrong))
        assert check_derivation(d, bad).start_status == START_MISMATCH, cid


def test_compositions_established_with_a_stated_start():
    """The composed pairs' δ: every step established (sufficiency as an identity of the loss, Balle & Wang's integral
    proved); the start stays stated — the quantity is a certified-PLD bracket, its closed form would be the bound."""
    for cid in ("gaussian.composition", "gaussian.composition-heterogeneous"):
        r = check_derivation(load_derivation(cid), get_claim(cid))
        assert r.ok and all(s.status == "identity" for s in r.steps), cid
        assert r.start_status == "stated" and "certified privacy-loss" in r.start_status_detail, cid


def test_sufficiency_step_can_fail():
    """The composition's first step is the loss of the sufficient statistic's pair; with a shift (k + 1)Δ it is not."""
    from certunlearn.formulas.gaussian import k

    step1 = load_derivation("gaussian.composition").steps[0]
    S = sympy.Symbol("S", real=True)
    assert zero_proof(step1.lhs, step1.rhs) is not None
    wrong = sympy.log(normal_pdf(S, (k + 1) * Delta, sympy.sqrt(k) * sigma) / normal_pdf(S, 0, sympy.sqrt(k) * sigma))
    assert zero_proof(step1.lhs, wrong) is None
