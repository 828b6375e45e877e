"""Lemma 4.6 and Theorem 4.5 claims (certunlearn.claims.pomer.regret): the drift at t = 1 against quadrature, the
drift at every round against its closed form and its vanishing, and Theorem 4.5's prescribed parameters retyped."""

import mpmath
import pytest

from certunlearn.algorithms.pomer import parameters
from certunlearn.claims import get_claim
from certunlearn.claims.pomer.regret import tv_drift, tv_first
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


@pytest.mark.parametrize("beta, lam", [("1", "1"), ("10", "1"), ("1/3", "4")])
def test_drift_at_round_one_is_the_closed_form(beta, lam):
    inst = {"a": "-1", "b": "1", "beta": beta, "lam": lam, "p": "0", "Phi": "2", "losses": [[0, -1, 1]] * 2,
            "initial": "uniform", "t": 1}
    with workprec(64):
        assert tv_drift(inst).overlaps(tv_first(inst))


def test_drift_with_gibbs_start_vanishes_when_no_clipping_happens():
    """Φ = 8, β = λ = 1 on K = [−1, 1]: μ̄_{t+1}/μ̄_t ∈ [1/Φ, Φ] everywhere, so the rejection step maps μ̄_t to μ̄_{t+1}
    exactly and q_t = μ̄_t (p = 0): the enclosure must contain 0 and be narrow."""
    inst = {"a": "-1", "b": "1", "beta": "1", "lam": "1", "p": "0", "Phi": "8", "losses": [[-9, 1, 1], [9, -1, -1],
            [-9, 1, 1]], "initial": "gibbs"}
    with workprec(64):
        for t in (2, 3):
            tv = tv_drift({**inst, "t": t})
            assert tv.lower() <= 1e-12 and tv.upper() < 1e-2  # 64 cells at 64 bits


def test_theorem45_parameters_from_the_claim():
    T, S, G, D, d = 5, 2, mp(1), mp(2), 1
    got = parameters("pomer.thm4.5", T=T, S=S, G=1, D=2, d=d)
    lam = max(G * mpmath.sqrt(2 * T) / D, mpmath.sqrt(512 * d * G * mpmath.log(T)) / D * T / S)
    beta = lam / (256 * G**2 * mpmath.log(T)) * S**2 / T**2
    assert abs(got["lam"] / lam - 1) < 1e-15 and abs(got["lam_beta"] / beta - 1) < 1e-15
    assert got["delta"] == F(2, 25)
