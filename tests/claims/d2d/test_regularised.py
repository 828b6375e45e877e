"""certunlearn.claims.d2d.regularised (Claim 3.3, Theorem 3.5): quantities against hand computations."""

import mpmath

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d import regularised
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec


def test_claim33_lipschitz_attained_by_hand():
    """g = (a/2)(θ − x)² + (m/2)θ² on Θ = [0, r] with x = −R: |g'(r)| = a(r + R) + mr = L + mD (L = a(r + R), D = r)."""
    a, r, R, m_ = Fraction(3), Fraction(2), Fraction(1), Fraction(1, 10)
    inst = regularised.claim33_instance([a], R, [0], [r], [[-R], [R]], m_)
    assert inst["L"] == a * (r + R) and inst["D"] == r
    with workprec(128):
        q = regularised._claim33_lipschitz(inst)
        assert to_arb(q).overlaps(to_arb(a * (r + R) + m_ * r)) and to_arb(q).rad() < 1e-30
    assert evaluate(get_claim("d2d.claim3.3"), inst, 256).outcome == WITHIN


def test_thm35_printed_sigma_is_half_of_the_proofs():
    """The proof's Δ = 8L'√M/(m√(mI)n) and Lemma A.3 give σ = Δ/(√2·gap) = 4√2√M L'/(m√(mI)n·gap): twice the
    printed 2√(2M)L'/(m√(mI)n·gap) — mpmath at 100 digits, at a few points."""
    with mpmath.workdps(100):
        for L_, M_, m_, D_, n_, I_, eps, dl in ((1, 3, "0.5", 2, 10, 4, 1, "1e-5"), (2, 1, "0.01", 1, 100, 1, "0.1", "0.3")):
            L_, M_, m_, D_, eps, dl = (mpmath.mpf(v) for v in (L_, M_, m_, D_, eps, dl))
            Lp = L_ + m_ * D_
            gap = mpmath.sqrt(mpmath.log(1 / dl) + eps) - mpmath.sqrt(mpmath.log(1 / dl))
            Delta = 8 * Lp * mpmath.sqrt(M_) / (m_ * mpmath.sqrt(m_ * I_) * n_)
            printed = 2 * mpmath.sqrt(2 * M_) * Lp / (m_ * mpmath.sqrt(m_ * I_) * n_ * gap)
            needed = Delta / (mpmath.sqrt(2) * gap)
            assert abs(needed / printed - 2) < mpmath.mpf(10) ** -90
            assert abs(Delta**2 / (2 * needed**2) + Delta / needed * mpmath.sqrt(2 * mpmath.log(1 / dl)) - eps) < mpmath.mpf(10) ** -90


def test_remark36_accuracy_radius_reduces_to_theorem35_at_xi_one():
    """Remark 3.6 generalises Theorem 3.5 (ξ = 1): its explicit radius and both α must coincide there, and differ
    for ξ > 1 (the secret model's distance scales as (M/(mI))^{1/(2ξ)})."""
    import sympy
    from certunlearn.formulas.d2d import ALPHA_35, ALPHA_36, ALPHA_36_FIX, ALPHA_35_FIX, RHO_35, RHO_36, xi

    assert sympy.simplify(RHO_36.subs(xi, 1) - RHO_35) == 0
    assert sympy.simplify(ALPHA_36.subs(xi, 1) - ALPHA_35) == 0
    assert sympy.simplify(ALPHA_36_FIX.subs(xi, 1) - ALPHA_35_FIX) == 0
    assert sympy.simplify(RHO_36.subs(xi, 2) - RHO_35) != 0
