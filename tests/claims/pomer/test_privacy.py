"""Privacy claims (certunlearn.claims.pomer.privacy) against independent values: Claim C.2's post ratio by
quadrature, Theorem 4.4's δ and Theorem 4.3's composition from the printed formulas retyped in mpmath, and Theorem
4.3's hypotheses and prescribed parameters on the whole-trajectory instances."""

import mpmath

from certunlearn.claims import get_claim
from certunlearn.claims.model import Instance
from certunlearn.claims.pomer.families import trajectory_instances
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
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


def test_post_ratio_against_quadrature():
    """log(Z'_t/Z'_{t+1}) − log(Z_t/Z_{t+1}) with l_{t₀} = x, l'_{t₀} = −x, l_t = −x on [−1/2, 3], β = 3, λ = 1."""
    def z(slope):
        return mpmath.quad(gauss(3, 1, slope), [mpmath.mpf(-1) / 2, 0, 3])

    expected = (mpmath.log(z(-1)) - mpmath.log(z(-2))) - (mpmath.log(z(1)) - mpmath.log(z(0)))
    inst = {"a": "-1/2", "b": "3", "beta": "3", "lam": "1", "G": "1", "t0": 1, "losses": [[-99, 1, 1]],
            "replacement": [[-99, -1, -1]], "current": [[-99, -1, -1]]}
    assert abs(value("pomer.claimC.2:post-ratio", inst) - expected) < TOL
    assert expected <= 2 * 3 / 1  # within 2G²β/λ here


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


def _instance(**kw) -> Instance:
    losses = [[-9, (-1) ** t, (-1) ** t] for t in range(9)]
    out = {"a": "-1", "b": "1", "G": "1", "beta": "1/10", "lam": "100", "delta": "1/2", "T": 9, "losses": losses,
           "other": [[-9, -1, -1]] + losses[1:], "initial": "uniform"}
    return {**out, **kw}


def _hypothesis(claim_id: str, name: str):
    return next(h for h in get_claim(claim_id).hypotheses if h.name.startswith(name))


def test_neighbouring_means_exactly_one_round_differs():
    h = _hypothesis("pomer.thm4.3", "neighbouring")
    inst = _instance()
    assert h.decide(inst) is Decision.TRUE
    assert h.decide({**inst, "other": inst["losses"]}) is Decision.FALSE
    assert h.decide({**inst, "other": [[-9, -1, -1], [-9, 1, 1]] + inst["losses"][2:]}) is Decision.FALSE
    assert h.decide({**inst, "T": 10}) is Decision.FALSE


def test_t_at_least_twelve_log_inverse_delta():
    h = _hypothesis("pomer.thm4.3", "T ≥ 12 log(1/δ)")
    assert h.decide(_instance()) is Decision.TRUE  # 12 log 2 ≈ 8.32
    assert h.decide(_instance(delta="2/5")) is Decision.FALSE  # 12 log(5/2) ≈ 11.0


def test_prescribed_parameters_and_the_budget_never_binding():
    """p = max(T^{−1/3}, …) ≥ T^{−1/3}, so B = 3p̃T ≥ 3T^{2/3} > T − 2 on every instance of the grid (mpmath)."""
    claim = get_claim("pomer.thm4.3")
    for inst in trajectory_instances():
        with workprec(64):
            v = claim.with_prescribed(inst)
        t = int(inst["T"])
        assert float(v["p"].lower()) >= float(mpmath.mpf(t) ** (-mpmath.mpf(1) / 3)) * (1 - 1e-15)
        assert v["B"] > t - 2 and v["p"] < 1
