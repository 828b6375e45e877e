"""Section 3 claims (certunlearn.claims.pomer.gibbs_measures) against mpmath quadrature at 100 digits: the
log-Sobolev inequality of Definition 3.1 / Lemma 3.2 (printed and entropy forms) and Lemma 3.3's concentration."""

import mpmath

from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

from ..oracles import mp

mpmath.mp.dps = 100
TOL = mpmath.mpf(10) ** -12


def value(claim_id: str, inst: dict) -> mpmath.mpf:
    claim = get_claim(claim_id)
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    return mpmath.mpf(q.mid().str(60, radius=False))


def gauss(beta, lam, slope=0):
    return lambda x: mpmath.exp(-mp(beta) * (mp(slope) * x + mp(lam) * x * x / 2))


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


def test_lemma_3_6_enforces_its_g_lipschitz_hypothesis():
    """Lemma 3.6 (line 157) assumes l − l' G-Lipschitz: a pair whose difference has slope 2 > G = 1 is outside it."""
    import numpy as np

    from certunlearn.claims import get_claim
    from certunlearn.claims.pomer.families import w_infinity_grid
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("pomer.lem3.6")
    inside = w_infinity_grid(np.random.default_rng(0), 100)[0]  # ±x: the difference has slope 2 = G
    assert all(h.decide(inside) is Decision.TRUE for h in claim.hypotheses)
    outside = {**inside, "G": 1}
    assert any(h.decide(outside) is Decision.FALSE for h in claim.hypotheses)


def test_concentration_far_tail_is_enclosed_relatively_tightly():
    """Lemma 3.3 (lines 139–141) at a far tail (r ≈ 38 standard deviations, probability ~1e-316): the two tail masses
    (erfc differences, no 1 − mass cancellation) give a relatively tight ball that agrees with a 100-digit erfc
    oracle and lies strictly below the bound 2·exp(−βλr²/2)."""
    from flint import arb

    beta, lam, a, b, r = mp(50), mp(10), mp(F(-5, 2)), mp(F(7, 4)), mp(F(17, 10))
    s = mpmath.sqrt(beta * lam / 2)  # density ∝ exp(−s²x²) on [a, b]
    mass = mpmath.erf(s * b) - mpmath.erf(s * a)
    mean = (mpmath.exp(-(s * a) ** 2) - mpmath.exp(-(s * b) ** 2)) / (mpmath.sqrt(mpmath.pi) * s * mass)
    upper = (mpmath.erfc(s * (mean + r)) - mpmath.erfc(s * b)) / mass
    lower = (mpmath.erfc(-s * (mean - r)) - mpmath.erfc(-s * a)) / mass if mean - r > a else 0
    oracle = upper + lower
    inst = {"a": "-5/2", "b": "7/4", "beta": "50", "lam": "10", "r": "17/10", "losses": []}
    claim = get_claim("pomer.lem3.3")
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
        bound = 2 * (-arb(500) * arb(17) ** 2 / 200).exp()  # 2·exp(−c r²/2), c = βλ = 500, r = 17/10
        assert q.rad() < q.mid() * arb(10) ** -30 and q < bound
    assert oracle < mpmath.mpf(10) ** -300
    assert abs(mpmath.mpf(q.mid().str(60, radius=False)) / oracle - 1) < TOL


def test_w_infinity_of_translated_gaussians_is_certified_below_the_translation():
    """Lemma 3.6 (lines 157–159) for l = x/4, l' = −x/4 on K = [−10, 10], β = λ = 1: both laws are N(∓1/4, 1) on K,
    translates by c = 1/2 = G/λ, and W∞ falls short of c by ~1e-22 (no grid resolves it). The monotone map
    T = F₂⁻¹∘F₁ by hand (mpmath, 80 digits, erfinv) stays below the enclosure's upper end, which is below c."""
    from flint import arb

    inst = {"a": "-10", "b": "10", "beta": "1", "lam": "1", "losses": [[-99, "1/4", "1/4"]],
            "other": [[-99, "-1/4", "-1/4"]], "G": "1/2"}
    claim = get_claim("pomer.lem3.6")
    with workprec(128):
        q = claim.quantity(claim.with_prescribed(inst))
        assert q.upper() < arb(1) / 2 and q.lower() > arb("0.4")
    with mpmath.workdps(80):
        s, a, b, m = 1 / mpmath.sqrt(2), mpmath.mpf(-10), mpmath.mpf(10), mpmath.mpf(1) / 4  # s = √(βλ/2)

        def cdf(x, m):
            return (mpmath.erf(s * (x - m)) - mpmath.erf(s * (a - m))) / (mpmath.erf(s * (b - m)) - mpmath.erf(s * (a - m)))

        def quantile(u, m):
            lo = mpmath.erf(s * (a - m))
            return m + mpmath.erfinv(lo + u * (mpmath.erf(s * (b - m)) - lo)) / s

        gaps = [quantile(cdf(x, -m), m) - x for x in mpmath.linspace(-3, 3, 13)]
        top = max(gaps)
        assert 0 < mpmath.mpf(1) / 2 - top < mpmath.mpf(10) ** -15  # attained up to a tail: no grid separates it
        assert top < mpmath.mpf(q.upper().str(60, radius=False))


def test_w_infinity_of_a_hinge_is_decided_below_g_over_lambda_on_a_wide_k():
    """Lemma 3.6 for max(0, x/4) against 0 on K = [−10, 10], β = λ = 1 (G = 1/4): W∞ = 0.2370 (the sup sits in the far
    right tail, x ≈ 9.1; tests/algorithms/test_pomer_gibbs.py checks it against an mpmath oracle), below G/λ by 5%,
    while the grid alone leaves a width of 0.04 at every precision. The claim's quantity narrows it: decided within at
    64 bits, its upper end below 1/4, its lower end below the sup."""
    from flint import arb

    from certunlearn.check.evaluate import WITHIN, evaluate

    inst = {"a": "-10", "b": "10", "beta": "1", "lam": "1", "delta": "1/2", "losses": [["0", "0", "1/4"]],
            "other": [["-99", "0", "0"]], "G": "1/4"}
    claim = get_claim("pomer.lem3.6")
    with workprec(64):
        q = claim.quantity(claim.with_prescribed(inst))
        assert q.upper() < arb(1) / 4 and q.lower() < arb("0.2370")
        assert q.upper() - q.lower() < arb(1) / 50
    assert evaluate(claim, inst, 64).outcome == WITHIN
