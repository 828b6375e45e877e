"""Theorem 4.3 where its certificate is meaningful (certunlearn.claims.pomer.privacy, ``pomer.thm4.3``): the certified
(ε, δ + 3Te^{−(1−Φ⁻²)T}) retyped with mpmath at 100 digits, the exact trajectory δ(ε) there, and the binomial bound on
the budget's effect (certunlearn.algorithms.pomer.trajectory.budget_slack) against mpmath."""
import mpmath
import numpy as np
from flint import arb

from certunlearn.algorithms.pomer.trajectory import budget_slack
from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.pomer.families import trajectory_meaningful
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.precision import workprec

from ..oracles import mp

mpmath.mp.dps = 100


def certified(inst):
    """Theorem 4.3 (lines 233–239): Φ = Φ'², Φ' of Lemma 3.5 at (3G, δ' = δT⁻²/60), p, ε and the total δ."""
    T, G, beta, lam, dl = (mp(inst[k]) for k in ("T", "G", "beta", "lam", "delta"))
    dprime = dl / T**2 / 60
    log_phi = 2 * (2 * beta * (3 * G) ** 2 / lam + mpmath.sqrt(8 * beta * (3 * G) ** 2 * mpmath.log(2 / dprime) / lam))
    x = G**4 * beta**2 / lam**2
    eps1 = 7 * T ** (mpmath.mpf(2) / 3) * log_phi**2 + 12 * log_phi**3 * T + 11 * mpmath.cbrt(x) * log_phi ** (mpmath.mpf(4) / 3) * T
    eps = 3 * eps1 / 2 + mpmath.sqrt(6 * eps1) * mpmath.sqrt(mpmath.log(2 / dl))
    return eps, dl + 3 * T * mpmath.exp(-(1 - mpmath.exp(-2 * log_phi)) * T)


def test_certificate_is_meaningful_and_the_exact_delta_is_within():
    claim = get_claim("pomer.thm4.3")
    for inst in trajectory_meaningful(np.random.default_rng(0), 40):
        eps, dl = certified(inst)
        assert eps < 6 and dl < mpmath.mpf(1) / 2, (eps, dl)
        with workprec(256):
            values = claim.with_prescribed(inst)
            assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses)
            assert abs(mpmath.mpf(values["epsilon"].mid().str(80, radius=False)) / eps - 1) < mpmath.mpf(10) ** -70
            assert abs(mpmath.mpf(claim.bound_value(inst).mid().str(80, radius=False)) / dl - 1) < mpmath.mpf(10) ** -70
        ev = evaluate(claim, inst, 128)
        assert ev.outcome == WITHIN


def test_budget_slack_is_the_binomial_tail():
    """T = 12, p̃ = p + (1 − p)(1 − Φ⁻²) with p = 1/2, Φ = 2 (p̃ = 7/8), B = 17/2: Pr[Bin(11, 7/8) ≥ 9]."""
    with workprec(400):
        got = budget_slack(12, arb(1) / 2, arb(2).log(), arb(17) / 2)
    pt = mpmath.mpf(1) / 2 + mpmath.mpf(1) / 2 * (1 - mpmath.mpf(1) / 4)
    want = sum(mpmath.binomial(11, k) * pt**k * (1 - pt) ** (11 - k) for k in range(9, 12))
    assert abs(mpmath.mpf(got.mid().str(110, radius=False)) / want - 1) < mpmath.mpf(10) ** -90
    assert budget_slack(12, arb(1) / 2, arb(2).log(), arb(11)) == 0  # T − 2 < B: the budget never binds
