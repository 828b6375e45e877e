"""proofs/d2d.py, what is particular to it: each claim names its own derivation, the corrected and main chains
pass, and the structure the Table 1 derivations argue on (what every paper owes: test_paper_derivations.py)."""

import mpmath
import pytest
import sympy

from certunlearn.claims import all_claims
from certunlearn.claims.model import Control
from certunlearn.derive import check_derivation, load_derivations

D2D = [c for c in all_claims("d2d") if c.control is not Control.NEGATIVE]


@pytest.fixture(scope="module")
def results():
    ds = load_derivations("d2d")
    return {c.id: (ds[c.derivation], check_derivation(ds[c.derivation], c)) for c in D2D}


def test_every_claim_names_its_own_derivation():
    assert all(c.derivation == c.id for c in D2D)


def test_fixes_and_main_derivations_pass(results):
    # the accuracy fixes keep ∇f(θ*)ᵀ(θ̃ − θ*), which the printed proofs drop; Theorem 3.2's fix changes the budget
    for cid in ("d2d.thm3.1:accuracy+fix", "d2d.thm3.2:accuracy+fix", "d2d.thm3.2+fix"):
        assert results[cid][1].ok, cid
    for cid in ("d2d.lem2.12", "d2d.thm2.13", "d2d.thm3.1"):
        assert results[cid][1].ok, cid
    assert results["d2d.thm2.13"][1].established


def test_thm32_budget_inequality_fails_from_first_principles():
    """(√(L+3ε) − √(L+2ε)) + 2(√(L+ε) − √L) > √(L+2ε) − √L with L = 2 log(2/δ): the printed σ and I cannot make
    Lemma A.3 (at δ/2) give ε — checked with mpmath at 100 digits on a grid."""
    with mpmath.workdps(100):
        for dl in ("1e-12", "1e-5", "0.01", "0.3"):
            for eps in ("0.01", "0.5", "1", "4", "20"):
                lg = 2 * mpmath.log(2 / mpmath.mpf(dl))
                e = mpmath.mpf(eps)
                x = (mpmath.sqrt(lg + 3 * e) - mpmath.sqrt(lg + 2 * e)) + 2 * (mpmath.sqrt(lg + e) - mpmath.sqrt(lg))
                assert x > mpmath.sqrt(lg + 2 * e) - mpmath.sqrt(lg)
                assert x**2 / 2 + x * mpmath.sqrt(lg) > e


def _num(expr, point):
    return sympy.N(expr.subs({sympy.Symbol(k, positive=True): sympy.Rational(v) for k, v in point.items()}), 60)


def test_table1_structure_used_by_the_derivations():
    """The table derivations argue on the structure of each explicit accuracy bound in 𝓘: checked here at points."""
    from certunlearn.formulas import d2d as C

    pts = [dict(L="1", M="3", m="1", n="10", d="2", D="2", epsilon="1", delta="1/1000", beta="1/20", I="2", xi="1"),
           dict(L="2", M="7/2", m="1/2", n="100", d="5", D="1", epsilon="1/10", delta="1/100", beta="1/10", I="5", xi="1")]
    lg2d = sympy.sqrt(2 * C.d) * sympy.log(2 * C.d / C.beta)
    g = C.GAMMA_SC**C.I / (1 - C.GAMMA_SC**C.I)
    C1 = 4 * C.L / (C.m * C.n) * (1 + sympy.sqrt(2) * lg2d / C.GAP)
    pgd = C.M / 2 * (g * C1) ** 2
    gap32 = C.GAP_32
    pp = C.M / 2 * (g * (4 * C.L / (C.m * C.n) + 8 * C.L * lg2d / (C.m * C.n * gap32) + 8 * C.L * sympy.sqrt(2 * C.d) * g / (C.m * C.n * gap32))) ** 2
    ga = C.GAMMA_SC**C.A45 / (1 - C.GAMMA_SC**C.A45)
    dist = (ga * 4 * C.L / (C.m * C.n) * (1 + sympy.sqrt(2) * lg2d / C.zcdp_gap(C.epsilon, sympy.log(2 / C.delta)))) ** 2
    for pt in pts:
        for expr, mine in ((C.ACC_ROW["pgd"], pgd), (C.ACC_ROW["pgd-perfect"], pp), (C.ACC_ROW["distributed"], dist)):
            a, b = _num(expr, pt), _num(mine, pt)
            assert abs(a - b) <= 1e-50 * abs(a)
        # the prescribed regularisers scale as the derivations say: m(𝓘₂)/m(𝓘) = (𝓘/𝓘₂)^p
        for mexpr, power in ((C.M_34, sympy.Rational(4, 5)), (C.M_34_FIX, sympy.Rational(2, 5)), (C.M_35, sympy.Rational(1, 4))):
            r = _num(mexpr.subs(C.I, 3 * C.I) / mexpr, pt)
            assert abs(r - sympy.Rational(1, 3) ** power) < 1e-50
