"""Theorem 6's unlearning guarantee with the regret proof's steps (olu.thm6:proof-steps) fails at β/μ = 11/10: an
independent run of Algorithm 2 in mpmath at 100 digits, inside the printed hypotheses (issue 23: thorough's
counterexample, now in a structured family the quick profile runs)."""

import mpmath

from certunlearn.check.evaluate import VIOLATED, evaluate
from certunlearn.claims import get_claim
import numpy as np

from certunlearn.claims.olu.families import thm6_weak_instances
from certunlearn.numeric.fraction import Fraction as F

from ..oracles import mp

mpmath.mp.dps = 100


def alg2_law_at(inst, i_ref, t_stop):
    """N(m, v) of Algorithm 2 (i_ref = 0) or of its reference process for deletion i_ref, after round t_stop, 1-D:
    OGD steps η_t = 1/(μt) (f_t skipped for t ∈ u[:i_ref]); at τ[j] I_{1,j} steps of size 1/(β + μ) on the mean of the
    losses seen and kept so far (the reference: without f_{u[j]}), I₂ on those without f_{u[j]}, then σ_j² of eq. (40)."""
    X = [mp(r[0]) for r in inst["X"]]
    lam, mu_, beta_ = mp(inst["lam"][0]), mp(inst["mu"]), mp(inst["beta"])
    L_, eps, om = mp(inst["L"]), mp(inst["epsilon"]), mp(inst["omega"])
    tau, u, I1, I2 = inst["tau"], inst["u"], inst["I_1"], inst["I_2"]
    g = (beta_ / mu_ - 1) / (beta_ / mu_ + 1)
    h = 1 / (beta_ + mu_)
    gone = set(u[:i_ref])
    m, v = mp(inst["z1"][0]), mpmath.mpf(0)
    for t in range(1, t_stop + 1):
        eta = 1 / (mu_ * t)
        if t not in gone:
            m, v = m - eta * lam * (m - X[t - 1]), (1 - eta * lam) ** 2 * v
        if t in tau:
            j = tau.index(t) + 1
            seen = [s for s in range(1, t + 1) if s not in gone and s not in u[:j - 1]]
            kept = [s for s in seen if s not in u[:j]]
            for S, n in ((seen if not i_ref else kept, I1[j - 1]), (kept, I2)):
                xbar = mpmath.fsum(X[s - 1] for s in S) / len(S)
                for _ in range(n):
                    m, v = m - h * lam * (m - xbar), (1 - h * lam) ** 2 * v
            eta_u = 1 / (mu_ * u[j - 1])
            sigma = (g ** I2 * mpmath.sqrt(j ** om * om / (2 * (om - 1) * eps))
                     * L_ * (6 * j + L_ * g ** (t - u[j - 1]) * eta_u) / (t * mu_))
            v += sigma ** 2
    return m, v


def renyi(a, p, q):
    (m1, v1), (m2, v2) = p, q
    va = a * v2 + (1 - a) * v1
    return a * (m1 - m2) ** 2 / (2 * va) - mpmath.log(va / (v1 ** (1 - a) * v2 ** a)) / (2 * (a - 1))


def test_weak_contraction_breaks_theorem6_with_the_proof_steps():
    claim = get_claim("olu.thm6:proof-steps")
    found = 0
    for inst in thm6_weak_instances(np.random.default_rng(0), 40):
        if len(inst["lam"]) != 1:  # the oracle is one-dimensional
            continue
        ev = evaluate(claim, inst, 1024)
        if ev.outcome != VIOLATED:
            continue
        found += 1
        a = mp(inst["alpha"])
        worst = max(renyi(a, alg2_law_at(inst, 0, t), alg2_law_at(inst, i, t)) for i, t in enumerate(inst["tau"], 1))
        assert worst > a * mp(inst["epsilon"])  # the printed (α, αε) guarantee fails at 100 digits
        assert abs(worst - mpmath.mpf(ev.observed)) < mpmath.mpf(10) ** -15
    assert found >= 1
    inst = next(i for i in thm6_weak_instances(np.random.default_rng(0), 40) if i["tau"] == [2, 3, 10] and i["omega"] == 3
                and len(i["lam"]) == 1)
    assert inst["beta"] == F(11, 10) and inst["I_1"] == [1, 1, 1] and inst["I_2"] == 1
