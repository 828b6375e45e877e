"""Theorem 6, regret part (certunlearn.claims.olu.active): exact entries, Assumption 2 and the noise sum against
hand computation and mpmath at 100 digits.
"""

import mpmath

from certunlearn.claims.olu.families import stream_instance
from certunlearn.claims.olu.quantities import alg2_sigma_sum, thm6_entries
from certunlearn.claims.olu.active import assumption2
from certunlearn.numeric.fraction import Fraction as F

from ..oracles import contains

mpmath.mp.dps = 100


MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- Theorem 6, regret
def thm6_instance(X, tau, u, I1, I2, omega=F(6, 5)):
    inst = stream_instance(1, [[x] for x in X], [F(1)], [F(-9, 10)], tau, u, alpha=F(2), epsilon=F(1), omega=omega,
                           L=F(2), D=F(2), mu=F(1), beta=F(2), I_1=I1, I_2=I2, T=len(X), k=len(tau), d=1)
    inst.update(thm6_entries(inst))
    return inst


def test_theorem_6_regret_entries_and_assumption_2_by_hand():
    X = [F(1, 2)] * 3 + [F(3, 4)] + [F(1, 2)] * 2
    inst = thm6_instance(X, [4], [2], [2], 0)
    g = F(1, 3)  # (β/μ − 1)/(β/μ + 1) at β/μ = 2
    assert inst["G_2"] == g**4 * 4 and inst["H_T"] == F(49, 20) and inst["R_tau"] == F(1, 4) and inst["R_T"] == 6 - 1 - 4
    assert assumption2(inst)  # the outlier sits at τ[1]: ‖1/2 − mean‖ = 1/16 ≤ 1/4
    assert not assumption2(thm6_instance([F(1, 2), F(3, 4)] + [F(1, 2)] * 4, [4], [2], [2], 0))  # inside (1, 4)


def test_theorem_6_noise_sum_against_mpmath():
    """Σ_i σ_i of eq. (40) with η_{u[i]} = 1/(μu[i]): γ^{I₂}√(i^ω ω/(2(ω−1)ε))·L(6i + Lγ^{τ−u}η_u)/(τμ)."""
    inst = thm6_instance([F(1, 2)] * 8, [4, 8], [1, 5], [2, 3], 1, omega=F(3))
    g, w = mpmath.mpf(1) / 3, mpmath.mpf(3)
    want = sum(g * mpmath.sqrt(i**w * w / (2 * (w - 1))) * 2 * (6 * i + 2 * g ** (t - uu) / uu) / t
               for i, (t, uu) in enumerate(zip([4, 8], [1, 5]), start=1))
    assert contains(alg2_sigma_sum(inst), want)
