"""The borrowed lemmas (certunlearn.claims.olu.borrowed) — Lemmas A, C, E and Lemmas 3, 4, 7, 8 — against
independent oracles: mpmath integrals at 100 digits, closed forms in Fractions and hand recursions.

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""

import mpmath
import pytest

from certunlearn.algorithms import olu as A
from certunlearn.check.evaluate import EXCLUDED, VIOLATED, evaluate
from certunlearn.check.runner import check_claim
from certunlearn.claims import Control, get_claim
from certunlearn.claims.model import decode_instance
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.claims.olu.families import (
    cni_instance, lem4_instance, lem7_instance, lem8_instance, lema_instance, lemc_instance, leme_instance,
)
from certunlearn.claims.olu.quantities import lem8_parts
from certunlearn.claims.olu.borrowed import (
    cni_laws, e_seq, lem3_quantity, lem4_quantity, lem7_quantity, lem7_sides, lema_quantity, lema_quantity_arb, lemc_quantity,
    leme_quantity, shifted_renyi,
)
from certunlearn.claims import olu as O

from ..oracles import contains as contains_enclosure, mp
from certunlearn.numeric.enclosure import to_arb


def contains(value_or_enclosure, value) -> bool:
    """An exact quantity (a Fraction) must equal a rational oracle exactly (or agree with an mpf to 90 digits); an
    enclosure must meet the oracle value."""
    if isinstance(value_or_enclosure, RATIONAL_TYPES):
        if isinstance(value, RATIONAL_TYPES):
            return value_or_enclosure == value
        return abs(mpmath.mpf(value_or_enclosure.numerator) / value_or_enclosure.denominator - value) < mpmath.mpf(10) ** -90
    return contains_enclosure(value_or_enclosure, value)

mpmath.mp.dps = 100


MAX_PREC = 1024


def near(fn, value, inst) -> bool:
    """``fn(inst)`` at 400 bits agrees with an approximate oracle value to 30 digits."""
    with workprec(400):
        got = fn(inst)
        if isinstance(got, RATIONAL_TYPES):  # an exact quantity
            return abs(mpmath.mpf(got.numerator) / got.denominator - value) < mpmath.mpf(10) ** -30
        return abs(mpmath.mpf(to_arb(got).mid().str(50, radius=False)) - value) < mpmath.mpf(10) ** -30


def renyi_1d_by_quadrature(a, m0, v0, m1, v1) -> mpmath.mpf:
    """D_α(N(m0, v0) ‖ N(m1, v1)) = log ∫ p^α q^{1−α} / (α − 1), integrated numerically (no closed form used)."""
    a, m0, v0, m1, v1 = (mp(x) for x in (a, m0, v0, m1, v1))
    pdf = lambda x, m, v: mpmath.exp(-(x - m) ** 2 / (2 * v)) / mpmath.sqrt(2 * mpmath.pi * v)
    c = (m0 + m1) / 2
    integral = mpmath.quad(lambda x: pdf(x, m0, v0) ** a * pdf(x, m1, v1) ** (1 - a), [-mpmath.inf, c - 20, c, c + 20,
                                                                                       mpmath.inf])
    return mpmath.log(integral) / (a - 1)


# ---------------------------------------------------------------------------------------------- Lemma A
def test_lemma_a_quantity_against_quadrature_in_1d():
    inst = lema_instance(F(7, 2), F(3, 5), [F(1, 3)], [F(-2)])
    with mpmath.workdps(40):
        q = renyi_1d_by_quadrature(F(7, 2), F(1, 3), F(3, 5), F(-2), F(3, 5))
    assert near(lema_quantity, q, inst)


def test_lemma_a_2d_equals_the_closed_form_and_the_halved_control_is_exceeded():
    inst = lema_instance(3, F(1, 7), [3, -1], [0, 3])
    assert inst["Delta2"] == 25
    assert lema_quantity(inst) == F(3 * 25 * 7, 2)  # exact: the general formula's log-determinant term is log 1
    assert contains(lema_quantity_arb(inst), F(3 * 25 * 7, 2))  # the library's general-covariance formula agrees
    assert evaluate(get_claim("olu.lemA:control-half"), inst, MAX_PREC).outcome == VIOLATED


# ---------------------------------------------------------------------------------------------- shifted divergences
def test_shifted_renyi_is_exact_only_where_known():
    P, Q = A.Law((F(0), F(0)), (F(1), F(1))), A.Law((F(3), F(4)), (F(1), F(1)))
    assert shifted_renyi(2, P, Q, F(5)) == 0  # shifting P by (3, 4) gives Q
    assert contains(shifted_renyi(2, P, Q, F(0)), F(25))  # α‖Δ‖²/(2σ²) = 2·25/2
    with pytest.raises(ValueError):
        shifted_renyi(2, P, Q, F(4))  # 0 < e < ‖Δ‖: not known exactly
    with pytest.raises(ValueError):
        shifted_renyi(2, P, A.Law((F(3), F(4)), (F(1), F(2))), F(5))  # unequal covariances


# ---------------------------------------------------------------------------------------------- Lemma C
def test_lemma_c_point_masses_attain_r_and_data_processing_against_quadrature():
    """μ = δ_0, ν = δ_5, ζ = N(0, σ²), a = 5: the left side is α·25/(2σ²) = R_α(ζ, 5) exactly."""
    inst = lemc_instance(2, F(1, 3), [0], [0], [5], [0], 0, 5)
    assert contains(lemc_quantity(inst), F(2 * 25 * 3, 2))
    assert contains(get_claim("olu.lemC").bound_value(inst), F(75))
    # a = 0: D(μ*ζ ‖ ν*ζ) − D(μ ‖ ν) for unequal variances, both sides by quadrature
    inst = lemc_instance(2, F(1, 2), [0], [1], [1], [F(3, 2)], 0, 0)
    with mpmath.workdps(40):
        want = (renyi_1d_by_quadrature(2, 0, F(3, 2), 1, 2) - renyi_1d_by_quadrature(2, 0, 1, 1, F(3, 2)))
    assert near(lemc_quantity, want, inst) and want < 0


def test_lemma_c_excludes_what_is_not_known_exactly():
    inst = lemc_instance(2, 1, [0], [1], [5], [1], 1, 1)  # e + a = 2 < ‖Δ‖ = 5, e > 0
    assert evaluate(get_claim("olu.lemC"), inst, MAX_PREC).outcome == EXCLUDED


# ---------------------------------------------------------------------------------------------- Lemma 4
def test_lemma_4_collapsing_map_against_quadrature():
    """ψ(x) = (γx₁, 0): D(ψ(X) ‖ ψ(X')) is the first coordinate's divergence scaled (γ cancels), below D(X ‖ X')."""
    inst = lem4_instance(2, F(1, 3), [F(1, 3), 0], [0, 0], [0, 0], 0, [0, 1], [1, F(1, 2)], [1, 0], [3, 2], 0)
    with mpmath.workdps(40):
        first = renyi_1d_by_quadrature(2, 0, 1, 1, 3)
        second = renyi_1d_by_quadrature(2, 1, F(1, 2), 0, 2)
    assert near(lem4_quantity(True), -second, inst) and first > 0


def test_lemma_4_without_s_is_violated_by_a_pure_translation():
    """X = X' ~ N(0, I), ψ' = ψ + (3, 4): with shift γ·0 the left side is D(N(0, I) ‖ N((3,4), I)) = α·25/2 > 0."""
    inst = lem4_instance(2, 1, [1, 1], [0, 0], [3, 4], 5, [0, 0], [1, 1], [0, 0], [1, 1], 0)
    assert contains(lem4_quantity(True, drop_s=True)(inst), F(25))
    assert lem4_quantity(True)(inst) == 0


# ---------------------------------------------------------------------------------------------- Lemma 3
def test_lemma_3_shift_paid_over_two_noisy_steps_by_hand():
    """γ = 1/2, s₁ = 1, unit noise at t = 2, 3 with a = (0, γ/2, γ²/2): e = (1, 1/4, 0); X_3 − X'_3 has mean γ² = 1/4 and
    variance γ² + 1 = 5/4, so D_α = α(1/16)/(5/2) = α/40; R = α(γ²/4 + γ⁴/4)/2 = 5α/128."""
    g = F(1, 2)
    inst = cni_instance(3, g, [0], [([g], [1], [0], 0), ([g], [0], [0], 1), ([g], [0], [0], 1)], [0, g / 2, g * g / 2])
    assert e_seq(inst) == [F(1), F(1, 4), F(0)]
    assert inst["R"] == F(15, 128)
    P, Q = cni_laws(inst)
    assert P.mean == (F(1, 4),) and Q.mean == (F(0),) and P.var == Q.var == (F(5, 4),)
    assert contains(lem3_quantity(inst), F(3, 40))


def test_lemma_3_theorem_1_schedule_attains_the_bound_and_hypotheses_bite():
    g = F(9, 10)
    steps = [([g], [1], [0], 0), ([g], [0], [0], 0), ([g], [0], [0], F(1, 4))]
    inst = cni_instance(2, g, [0], steps, [0, 0, g**2])  # e_3 = γ²s₁ − a₃ = 0
    assert contains(lem3_quantity(inst), 2 * g**4 / (2 * F(1, 4)))
    assert inst["R"] == 2 * g**4 / (2 * F(1, 4))
    short = cni_instance(2, g, [0], steps, [0, 0, g**2 + F(1, 100)])  # e_T < 0
    assert evaluate(get_claim("olu.lem3"), short, MAX_PREC).outcome == EXCLUDED
    irrational = cni_instance(2, g, [0, 0], [([g, g], [1, 1], [0, 0], 1)], [0])  # s = √2
    assert evaluate(get_claim("olu.lem3"), irrational, MAX_PREC).outcome == EXCLUDED


# ---------------------------------------------------------------------------------------------- Lemma 7
def test_lemma_7_step_function_by_hand_and_inverse_sqrt_against_mpmath():
    """a = (1, 2), a₀ = 0, f = 1 on [0, 3/2), 0 after: LHS = 1·f(1) + 2·f(3) = 1, ∫₀³ f = 3/2."""
    lhs, integral = lem7_sides(lem7_instance(0, 0, [1, 2], [F(3, 2)], [1]))
    assert lhs == 1 and contains(integral, F(3, 2))
    inst = lem7_instance(1, F(1, 2), [1, F(1, 3), 5])
    pts = [F(3, 2), F(11, 6), F(41, 6)]
    want = sum(mp(a) / mpmath.sqrt(mp(x)) for a, x in zip([1, F(1, 3), 5], pts)) / (
        2 * (mpmath.sqrt(mp(F(41, 6))) - mpmath.sqrt(mp(F(1, 2)))))
    assert contains(lem7_quantity(inst), want) and want < 1


# ---------------------------------------------------------------------------------------------- Lemma 8
def test_lemma_8_huber_beyond_its_zone_and_control_factor():
    """s = 2, δ = 1, r = 3: ∇ = 2, f − inf f = 2(3 − 1/2) = 5; 2β·5 = 20 ≥ 4. At a quadratic with λ = β the control's
    β(f − inf f) = ‖∇f‖²/2 is exceeded."""
    huber = lem8_instance(1, [2], [0], [3], 2, 1)
    assert lem8_parts(huber) == (F(4), F(5)) and huber["gap"] == 5
    quad = lem8_instance(0, [F(3)], [1], [F(1, 3)], 3, f0=-7)
    g2, gap = lem8_parts(quad)
    assert g2 == 4 and gap == F(2, 3)  # ∇ = 3(1/3 − 1) = −2; ½·3·(4/9)
    assert evaluate(get_claim("olu.lem8:control-as-used"), quad, MAX_PREC).outcome == VIOLATED


# ---------------------------------------------------------------------------------------------- Lemma E
def test_lemma_e_by_closed_form():
    """1-D, λ = β = 3, μ = 1: η = 1/2, each step multiplies w − w* by 1 − 3/2 = −1/2 = −γ; w* = 2/3, w₀ = 5."""
    inst = leme_instance([[1], [-1], [2]], [3], [5], 4, 1, 3)
    assert inst["R_0"] == F(169, 9)
    assert contains(leme_quantity(inst), F(13, 3) / 16)
    assert contains(get_claim("olu.lemE").bound_value(inst), F(13, 3) / 16)


# ---------------------------------------------------------------------------------------------- registry and replay
LEMMA_FAMILIES = ("olu.lemA", "olu.lemC", "olu.lem4", "olu.lem3", "olu.lem7", "olu.lem8", "olu.lemE")


def test_each_lemma_family_has_a_negative_control_and_cites_lines():
    ids = {c.id: c for c in O.CLAIMS}
    for fam in LEMMA_FAMILIES:
        assert "line" in ids[fam].source and ids[fam].derivation == fam
        controls = [c for c in O.CLAIMS if c.id.startswith(fam + ":control") and c.control is Control.NEGATIVE]
        assert controls, fam


@pytest.mark.parametrize("cid", ["olu.lem3:control-half", "olu.lem7:control-half", "olu.lemC:control-half"])
def test_control_counterexamples_replay_from_their_decimal_strings(cid):
    cx = check_claim(cid, "quick", 0).counterexample
    assert cx is not None
    assert evaluate(get_claim(cid), decode_instance(cx.instance), MAX_PREC).outcome == VIOLATED
