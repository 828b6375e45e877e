"""Theorem 4.4's regret (certunlearn.claims.pomer.regret, ``pomer.thm4.4:regret``): the prescribed parameters and the
bound retyped with mpmath at 100 digits, and the exact regret against a Monte Carlo run of Algorithm 1."""

import mpmath

from certunlearn.algorithms.pomer import monte_carlo
from certunlearn.claims import get_claim
from certunlearn.claims.pomer import losses_of
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

from ..oracles import mp

mpmath.mp.dps = 100
INST = {"a": "-1", "b": "1", "G": "1", "D": "2", "d": 1, "T": 9, "delta": "1/2", "epsilon": "1/2",
        "losses": [[0, -1, 1]] * 9, "initial": "uniform"}


def retyped(inst):
    """λ, β (Theorem 4.4, lines 247–249), Φ, p, B (Theorem 4.3, line 233) and Theorem 4.1's bound at δ' (lines 219–221)."""
    T, G, D, d, eps, dl = (mp(inst[k]) for k in ("T", "G", "D", "d", "epsilon", "delta"))
    L = mpmath.log(T / dl)
    lam = G / D * max(2 * mpmath.sqrt(T), 1000 * mpmath.cbrt(T) * mpmath.sqrt(d) * L / eps,
                      1000 * T ** mpmath.mpf("0.375") * mpmath.sqrt(d) * L / eps ** mpmath.mpf("0.75"))
    beta = lam / (10**5 * G**2 * L**2) * min(eps**2 / T ** (mpmath.mpf(2) / 3), eps ** mpmath.mpf("1.5") / T ** mpmath.mpf("0.75"))
    dprime = dl / T**2 / 60
    log_phi_prime = 2 * beta * (3 * G) ** 2 / lam + mpmath.sqrt(8 * beta * (3 * G) ** 2 * mpmath.log(2 / dprime) / lam)
    log_phi = 2 * log_phi_prime
    p = max(T ** (-mpmath.mpf(1) / 3), mpmath.cbrt(G**4 * beta**2 / (lam**2 * log_phi**2)))
    ptilde = p + 1 - mpmath.exp(-2 * log_phi)
    bound = (lam * D**2 / 2 + G**2 * T / lam + d * mpmath.log(T) / beta
             + 2 * G * D * T * (mpmath.exp(-ptilde * T) + 3 * dprime * T) + G * D)
    return {"lam": lam, "beta": beta, "Phi": mpmath.exp(log_phi), "p": p, "B": 3 * ptilde * T}, bound


def test_prescribed_parameters_and_bound_retyped():
    claim = get_claim("pomer.thm4.4:regret")
    params, bound = retyped(INST)
    with workprec(400):
        values = claim.with_prescribed(INST)
        got = {**{name: values[name] for name in params}, "bound": claim.bound_value(INST)}
    for name, value in {**params, "bound": bound}.items():
        assert abs(mpmath.mpf(got[name].mid().str(110, radius=False)) / value - 1) < mpmath.mpf(10) ** -90, name


def test_exact_regret_against_monte_carlo():
    """The claim's exact regret (budget B = 3p̃T) inside a 4-sigma Monte Carlo interval of Algorithm 1 run at rational
    parameters within 10⁻¹² of the prescribed ones (|x| repeated: regret ≈ 3.8, far from 0)."""
    claim = get_claim("pomer.thm4.4:regret")
    with workprec(128):
        exact = claim.quantity(claim.with_prescribed(INST))
    params, _ = retyped(INST)
    near = {k: F(mpmath.nstr(v, 15)) for k, v in params.items()}
    est = monte_carlo(losses_of(INST), near["beta"], near["lam"], near["p"], mpmath.log(mp(near["Phi"])), runs=400,
                      seed=7, budget=int(near["B"]), initial="uniform", confidence=0.99994)
    assert exact.mid() > 3
    assert est["regret"].low <= float(exact.mid()) <= est["regret"].high
