"""POMER claims (certunlearn.claims.pomer): registered, linked to their derivations, evaluated — and their quantities
checked against independent oracles (mpmath at 100 digits: quadrature, closed forms, the paper's formulas retyped).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""
from fractions import Fraction as F

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms.pomer import parameters
from certunlearn.check.evaluate import ATTAINED, VIOLATED, WITHIN, evaluate
from certunlearn.check.runner import check_claim
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.derive import load_derivation
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
CLAIMS = all_claims("pomer")
TOL = mpmath.mpf(10) ** -12


def mp(x) -> mpmath.mpf:
    if isinstance(x, mpmath.mpf):
        return x
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def value(claim_id: str, inst: dict) -> mpmath.mpf:
    claim = get_claim(claim_id)
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    return mpmath.mpf(q.mid().str(60, radius=False))


def gauss(beta, lam, slope=0):
    return lambda x: mpmath.exp(-mp(beta) * (mp(slope) * x + mp(lam) * x * x / 2))


# ---------------------------------------------------------------------------------------------- registry


def test_registered_claims_and_controls():
    ids = {c.id for c in CLAIMS}
    for expected in ("pomer.def3.1", "pomer.def3.1+fix", "pomer.lem3.2", "pomer.lem3.2+fix", "pomer.lem3.3",
                     "pomer.lem3.5", "pomer.lem3.6", "pomer.lem4.2", "pomer.lem4.2:tail", "pomer.lem4.6", "pomer.lem4.6+fix",
                     "pomer.thm4.1", "pomer.thm4.1:budget", "pomer.claimC.2:post-ratio", "pomer.footnote4",
                     "pomer.thm4.3", "pomer.thm4.3:composition", "pomer.thm4.4:epsilon", "pomer.thm4.4:delta",
                     "pomer.thm4.4:delta+fix", "pomer.thm4.5", "pomer.thm4.5:switches"):
        assert expected in ids
    assert sum(c.control is Control.NEGATIVE for c in CLAIMS) >= 3
    for c in CLAIMS:
        assert "line" in c.source or c.control is Control.NEGATIVE
        if c.corrects:
            assert c.corrects in ids and c.note


def test_every_named_derivation_exists():
    for c in CLAIMS:
        if c.derivation:
            assert load_derivation(c.derivation).claim_id == c.id


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_structured_instances_evaluate(claim):
    adv = next(a for a in claim.adversaries if a.kind == "structured")
    outcomes = [evaluate(claim, inst, 512).outcome for inst in adv.generate(np.random.default_rng(1), 6)]
    assert any(o in (WITHIN, VIOLATED, ATTAINED) for o in outcomes), outcomes


@pytest.mark.parametrize("cid", [c.id for c in CLAIMS if c.control is Control.NEGATIVE])
def test_negative_controls_come_out_violated(cid):
    assert check_claim(cid, "quick", 0).verdict == "violated"


# ---------------------------------------------------------------------------------------------- LSI


def lsi_oracle(a, b, beta, lam, s, slope=0):
    """(printed left side, entropy, (2/c)E g'²) for g = e^{sx} under μ̄ ∝ e^{−β(slope·x + λx²/2)} on [a, b]."""
    dens = gauss(beta, lam, slope)
    pts = [mp(a), 0, mp(b)]
    z = mpmath.quad(dens, pts)
    e = lambda fn: mpmath.quad(lambda x: fn(x) * dens(x), pts) / z  # noqa: E731
    s = mp(s)
    g2 = lambda x: mpmath.exp(2 * s * x)  # noqa: E731
    e_g2, e_g2log, e_log = e(g2), e(lambda x: g2(x) * 2 * s * x), e(lambda x: 2 * s * x)
    return e_g2log - e_g2 * e_log, e_g2log - e_g2 * mpmath.log(e_g2), 2 / (mp(beta) * mp(lam)) * s * s * e_g2


def test_lsi_printed_form_counterexample_against_quadrature():
    inst = {"a": "-4", "b": "3", "beta": "20", "lam": "3", "s": "1/10", "losses": []}
    printed, entropy, rhs = lsi_oracle(-4, 3, 20, 3, F(1, 10))
    assert printed / rhs > mpmath.mpf("1.99")  # Definition 3.1 as printed fails (computed here, by quadrature)
    assert entropy / rhs <= 1 + mpmath.mpf(10) ** -90  # the entropy form is attained by exponentials (Gaussian LSI)
    assert abs(value("pomer.def3.1", inst) - printed / rhs) < TOL
    assert abs(value("pomer.def3.1+fix", inst) - entropy / rhs) < TOL


def test_lsi_with_a_linear_loss_against_quadrature():
    inst = {"a": "-1", "b": "2", "beta": "3", "lam": "1/2", "s": "-1", "losses": [["-5", "1", "1"]]}  # f = x + 5
    printed, entropy, rhs = lsi_oracle(-1, 2, 3, F(1, 2), -1, slope=1)
    assert abs(value("pomer.lem3.2", inst) - printed / rhs) < TOL
    assert abs(value("pomer.lem3.2+fix", inst) - entropy / rhs) < TOL


def test_concentration_against_quadrature():
    inst = {"a": "-1", "b": "3", "beta": "2", "lam": "1", "r": "1/2", "losses": []}
    dens = gauss(2, 1)
    z = mpmath.quad(dens, [-1, 0, 3])
    mean = mpmath.quad(lambda x: x * dens(x), [-1, 0, 3]) / z
    inside = mpmath.quad(dens, [mean - mpmath.mpf(1) / 2, mean + mpmath.mpf(1) / 2]) / z
    assert abs(value("pomer.lem3.3", inst) - (1 - inside)) < TOL


# ---------------------------------------------------------------------------------------------- Lemma 4.6 at t = 1


def test_tv_of_the_uniform_start_against_quadrature():
    """‖u − μ̄₁‖_TV on [−3, 1] with β = λ = 1: the crossing of the densities found by mpmath.findroot."""
    a, b = mpmath.mpf(-3), mpmath.mpf(1)
    dens = gauss(1, 1)
    z = mpmath.quad(dens, [a, 0, b])
    cross = mpmath.findroot(lambda x: dens(x) / z - 1 / (b - a), -1)
    lo, hi = max(a, cross), min(b, -cross)
    tv = mpmath.quad(lambda x: dens(x) / z - 1 / (b - a), [lo, 0, hi])
    assert tv > mpmath.mpf("0.05")  # Lemma 4.6 at t = 1 asserts 0 for the printed uniform x₁
    inst = {"a": "-3", "b": "1", "beta": "1", "lam": "1", "initial": "uniform"}
    assert abs(value("pomer.lem4.6", inst) - tv) < TOL


# ---------------------------------------------------------------------------------------------- Claim C.2, t > t₀


def test_post_ratio_against_quadrature():
    """log(Z'_t/Z'_{t+1}) − log(Z_t/Z_{t+1}) with l_{t₀} = x, l'_{t₀} = −x, l_t = −x on [−1/2, 3], β = 3, λ = 1."""
    def z(slope):
        return mpmath.quad(gauss(3, 1, slope), [mpmath.mpf(-1) / 2, 0, 3])

    expected = (mpmath.log(z(-1)) - mpmath.log(z(-2))) - (mpmath.log(z(1)) - mpmath.log(z(0)))
    inst = {"a": "-1/2", "b": "3", "beta": "3", "lam": "1", "G": "1", "t0": 1, "losses": [[-99, 1, 1]],
            "replacement": [[-99, -1, -1]], "current": [[-99, -1, -1]]}
    assert abs(value("pomer.claimC.2:post-ratio", inst) - expected) < TOL
    assert expected <= 2 * 3 / 1  # within 2G²β/λ here


# ---------------------------------------------------------------------------------------------- Theorems 4.3–4.5


def theorem43_phi_p(beta, lam, G, T, delta):
    """Φ = Φ'² with Φ' from Lemma 3.5 at (3G, δT⁻²/60), and p of Theorem 4.3 — retyped from lines 244–249."""
    beta, lam, G, T, delta = map(mp, (beta, lam, G, T, delta))
    dp = delta / T**2 / 60
    phi1 = mpmath.exp(2 * beta * (3 * G) ** 2 / lam + mpmath.sqrt(8 * beta * (3 * G) ** 2 * mpmath.log(2 / dp) / lam))
    phi = phi1**2
    p = max(T ** (-mpmath.mpf(1) / 3), (G**4 * beta**2 / (lam**2 * mpmath.log(phi) ** 2)) ** (mpmath.mpf(1) / 3))
    return phi, p


def test_theorem44_delta_against_the_printed_formulas():
    eps, delta, T, G, D, d = mp(1), mpmath.mpf("1e-12"), mpmath.mpf(10000), mp(1), mp(7), mp(100)
    L = mpmath.log(T / delta)
    lam = G / D * max(2 * mpmath.sqrt(T), 1000 * T ** (mpmath.mpf(1) / 3) * mpmath.sqrt(d) * L / eps,
                      1000 * T ** (mpmath.mpf(3) / 8) * mpmath.sqrt(d) * L / eps ** (mpmath.mpf(3) / 4))
    beta = lam / (10**5 * G**2 * L**2) * min(eps**2 / T ** (mpmath.mpf(2) / 3), eps ** (mpmath.mpf(3) / 2) / T ** (mpmath.mpf(3) / 4))
    phi, _ = theorem43_phi_p(beta, lam, G, T, delta)
    certified = delta + 3 * T * mpmath.exp(-(1 - phi**-2) * T)
    assert certified > 10 * delta  # Theorem 4.3 certifies far more than the δ Theorem 4.4 states
    inst = {"epsilon": "1", "delta": "1e-12", "T": "10000", "G": "1", "D": "7", "d": "100"}
    assert abs(value("pomer.thm4.4:delta", inst) / certified - 1) < TOL


def test_composition_quantity_against_claim_49():
    inst = {"beta": "1/10", "lam": "100", "G": "1", "T": "10000", "delta": "1/2"}
    phi, p = theorem43_phi_p(F(1, 10), 100, 1, 10000, F(1, 2))
    T = 10000
    B = 3 * (p + 1 - phi**-2) * T
    m = min(int(mpmath.ceil(B)) - 1, T - 1)
    c = 2 * mp(F(1, 10)) / (100 * p)
    L = mpmath.log(phi)
    expected = (2 * L / p) ** 2 + m * (L + c) ** 2 + (T - 1 - m) * c**2
    assert abs(value("pomer.thm4.3:composition", inst) / expected - 1) < TOL


def test_theorem45_parameters_from_the_claim():
    T, S, G, D, d = 5, 2, mp(1), mp(2), 1
    got = parameters("pomer.thm4.5", T=T, S=S, G=1, D=2, d=d)
    lam = max(G * mpmath.sqrt(2 * T) / D, mpmath.sqrt(512 * d * G * mpmath.log(T)) / D * T / S)
    beta = lam / (256 * G**2 * mpmath.log(T)) * S**2 / T**2
    assert abs(got["lam"] / lam - 1) < 1e-15 and abs(got["lam_beta"] / beta - 1) < 1e-15
    assert got["delta"] == F(2, 25)
