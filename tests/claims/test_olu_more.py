"""Round-2 olu claims — Proposition 1, Theorem 4 on linear streams, Table 2's baselines — against independent
oracles: mpmath at 100 digits, closed forms in Fractions, hand recursions and brute-force enumeration.

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""
import math
from fractions import Fraction as F
from itertools import product

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms import olu as A
from certunlearn.check.evaluate import EXCLUDED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims import olu as O
from certunlearn.numeric.sympy_arb import arb_eval

from .oracles import contains, mp

mpmath.mp.dps = 100
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- Proposition 1
def bernoulli_renyi(a, p, q) -> mpmath.mpf:
    a, p, q = mp(a), mp(p), mp(q)
    return mpmath.log(p**a * q ** (1 - a) + (1 - p) ** a * (1 - q) ** (1 - a)) / (a - 1)


def test_bernoulli_chain_rdp_and_quantity_against_mpmath():
    chain = [F(1, 10), F(1, 4), F(1, 2), F(4, 5)]
    inst = O.chain_instance(0, chain, 6)
    rdp = max(max(bernoulli_renyi(6, p, q), bernoulli_renyi(6, q, p)) for p, q in zip(chain, chain[1:]))
    assert contains(O.chain_rdp(inst), rdp)
    assert mp(inst["epsilon"]) >= rdp and mp(inst["epsilon"]) - rdp < rdp * mpmath.mpf(2) ** -39
    q = max(bernoulli_renyi(F(2), chain[i], chain[0]) for i in range(1, 4))  # order α/k = 6/3
    assert contains(O._prop1_quantity(inst), q)


@pytest.mark.parametrize("kk", [1, 2, 5])
def test_gaussian_chain_group_divergence_is_k_times_epsilon(kk):
    """Equal shifts 1 with variance 2: ε = α/4 per neighbour, and D_{α/k}(N(k, 2) ‖ N(0, 2)) = (α/k)k²/4 = kα/4."""
    alpha_ = 3 * kk
    inst = O.chain_instance(1, list(range(kk + 1)), alpha_, s2=F(2))
    assert contains(O.chain_rdp(inst), F(alpha_, 4))
    assert contains(O._prop1_quantity(inst), F(kk * alpha_, 4))
    ev = evaluate(get_claim("olu.prop1"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and math.isclose(ev.ratio, kk ** -0.6, rel_tol=1e-9)


def test_proposition_1_needs_alpha_at_least_2k():
    inst = O.chain_instance(1, [0, 1, 2], 3)  # α = 3 < 2k = 4
    assert evaluate(get_claim("olu.prop1"), inst, MAX_PREC).outcome == EXCLUDED


# ---------------------------------------------------------------------------------------------- Theorem 4
def orthant(T_, z1, beta_, tau=None, u=None):
    X = [[F(1), F(0)] if t % 2 == 0 else [F(0), F(1)] for t in range(T_)]
    return O.thm4_instance(X, [0, 0], [1, 1], z1, tau or [T_], u or [1], beta_=beta_, eps=F(100), D_=F(3, 2))


def test_adaptive_steps_regret_by_hand():
    """x = e₁, e₂ on K = [0, 1]², z_1 = (1/2, 1/2), D = 3/2: η_1 = 3/2, w_1 = (−1, 1/2); the comparators are 0, so the
    regret is f_1(z_1) + f_2(w_1) = 1/2 + 1/2 = 1, while eq. (36) at β = 1/10 is computed from its parts."""
    inst = orthant(2, [F(1, 2), F(1, 2)], F(1, 10), tau=[2], u=[1])
    assert O.grad_norms2(inst) == [1, 2] and O.box_comparators(inst) == [(0, 0), (0, 0)]
    assert inst["F_star"] == 0 and inst["S_3"] == 2 and inst["P_T"] == 2
    claim = get_claim("olu.thm4")
    assert all(h.decide(inst).name == "TRUE" for h in claim.hypotheses)
    assert contains(claim.quantity(inst), F(1))
    beta_, D_ = mp(F(1, 10)), mp(F(3, 2))
    printed = 9 * D_**2 * beta_ / 4 + 3 * 2 * 1 * D_**2 / (4 * 100) * mpmath.sqrt(beta_ * 2)  # d = 2, k = L = 1
    assert contains(arb_eval(O.THM4, inst), printed) and printed < 1
    fix = (3 + 1) * D_ / 2 * mpmath.sqrt(2) + 3 * 2 * D_ / (4 * 100) * mpmath.sqrt(2)
    assert contains(arb_eval(O.THM4_FIX, inst), fix)


def test_theorem_4_regret_against_an_independent_recursion():
    """A longer stream (drift and alternating gradients): the exact regret against an mpmath recursion of
    w_t = w_{t−1} − D x_t/√p(t), with comparators found by enumerating the box's vertices."""
    inst = next(v for v in O._thm4_family(np.random.default_rng(1), 200) if len(v["tau"]) == 3)
    X, z1, D_, tau, u = inst["X"], inst["z1"], mp(inst["D"]), inst["tau"], inst["u"]
    verts = list(product(*zip(inst["lo"], inst["hi"])))
    w, p, total = [mp(z) for z in z1], mpmath.mpf(0), mpmath.mpf(0)
    for t, x in enumerate(X, start=1):
        i = sum(1 for s in tau if s < t)
        kept = [r for s, r in enumerate(X, start=1) if s not in u[:i]]
        zstar = min(verts, key=lambda v: sum(F(r[c]) * v[c] for r in kept for c in range(2)))
        total += sum(mp(x[c]) * (w[c] - mp(zstar[c])) for c in range(2))
        p += sum(mp(c) ** 2 for c in x)
        w = [w[c] - D_ * mp(x[c]) / mpmath.sqrt(p) for c in range(2)]
    assert contains(get_claim("olu.thm4").quantity(inst), total)


def test_theorem_4_hypotheses_exclude_losses_negative_on_k():
    inst = O.thm4_instance([[F(1), F(-1)], [F(0), F(1)]], [0, 0], [1, 1], [F(1, 2), F(1, 2)], [2], [1], beta_=F(0),
                           eps=F(100), D_=F(3, 2))
    assert evaluate(get_claim("olu.thm4"), inst, MAX_PREC).outcome == EXCLUDED  # f_1(0, 1) = −1 < 0


# ---------------------------------------------------------------------------------------------- Table 2
def restart_by_hand(xs, z1, tau, skip=()):
    """1-D quadratic ½(z − x)² (λ = μ = 1), η_s = 1/s after each reset: w ↦ w − (w − x)/s, ⊥ at skipped rounds."""
    out, w, s = [z1], z1, 0
    for t, x in enumerate(xs, start=1):
        s += 1
        if t not in skip:
            w = w - (w - x) / s
        if t in tau:
            w, s = z1, 0
        out.append(w)
    return out


def test_restart_reference_and_regret_against_hand_recursion():
    xs = [F(1), F(-1), F(1), F(-1), F(1), F(-1)]
    inst = O.regret_instance([[x] for x in xs], [F(1)], [F(0)], [3], [2], mu_=F(1), beta_=F(1), eps=F(1), D_=F(2))
    s = O.stream_of(inst)
    etas = [F(1, t) for t in range(1, 7)]
    laws = A.restart_laws(s, (F(0),), etas, [3], [2])
    ref = A.restart_laws(s, (F(0),), etas, [3], [2], reference=1)
    assert [law.mean[0] for law in laws] == restart_by_hand(xs, F(0), [3])
    assert [law.mean[0] for law in ref] == restart_by_hand(xs, F(0), [3], skip={2})
    assert laws[3:] == ref[3:] and laws[2] != ref[2]
    zs = [F(sum(xs), 6), F(sum(xs) - xs[1], 5)]  # exact minimisers of Σ_t f_t and of it without f_2
    w = restart_by_hand(xs, F(0), [3])
    regret = sum((w[t - 1] - x) ** 2 / 2 - (zs[0 if t <= 3 else 1] - x) ** 2 / 2 for t, x in enumerate(xs, start=1))
    assert contains(get_claim("olu.table2:restart-regret-sc").quantity(inst), regret)
    assert get_claim("olu.table2:restart").quantity({**inst, "alpha": F(2)}) == 0
    assert get_claim("olu.table2:control-no-restart").quantity({**inst, "alpha": F(2)}) > 0


def test_retrain_matches_its_reference_from_each_deletion_on():
    xs = [F(1), F(2), F(3), F(4), F(5), F(6)]
    s = A.Stream(A.QUADRATIC, tuple((x,) for x in xs), (F(1),))
    etas = [F(1, 2)] * 6
    re = A.retrain_laws(s, (F(0),), etas, [2, 4], [1, 3])
    for i, t0 in ((1, 2), (2, 4)):
        ref = A.retrain_laws(s, (F(0),), etas, [2, 4], [1, 3], reference=i)
        assert re[t0:(4 if i == 1 else 7)] == ref[t0:(4 if i == 1 else 7)]


# ---------------------------------------------------------------------------------------------- Theorem 6, regret
def thm6_instance(X, tau, u, I1, I2, omega=F(6, 5)):
    inst = O.stream_instance(1, [[x] for x in X], [F(1)], [F(-9, 10)], tau, u, alpha=F(2), epsilon=F(1), omega=omega,
                             L=F(2), D=F(2), mu=F(1), beta=F(2), I_1=I1, I_2=I2, T=len(X), k=len(tau), d=1)
    inst.update(O._thm6_entries(inst))
    return inst


def test_theorem_6_regret_entries_and_assumption_2_by_hand():
    X = [F(1, 2)] * 3 + [F(3, 4)] + [F(1, 2)] * 2
    inst = thm6_instance(X, [4], [2], [2], 0)
    g = F(1, 3)  # (β/μ − 1)/(β/μ + 1) at β/μ = 2
    assert inst["G_2"] == g**4 * 4 and inst["H_T"] == F(49, 20) and inst["R_tau"] == F(1, 4) and inst["R_T"] == 6 - 1 - 4
    assert O._assumption2(inst)  # the outlier sits at τ[1]: ‖1/2 − mean‖ = 1/16 ≤ 1/4
    assert not O._assumption2(thm6_instance([F(1, 2), F(3, 4)] + [F(1, 2)] * 4, [4], [2], [2], 0))  # inside (1, 4)


def test_theorem_6_noise_sum_against_mpmath():
    """Σ_i σ_i of eq. (40) with η_{u[i]} = 1/(μu[i]): γ^{I₂}√(i^ω ω/(2(ω−1)ε))·L(6i + Lγ^{τ−u}η_u)/(τμ)."""
    inst = thm6_instance([F(1, 2)] * 8, [4, 8], [1, 5], [2, 3], 1, omega=F(3))
    g, w = mpmath.mpf(1) / 3, mpmath.mpf(3)
    want = sum(g * mpmath.sqrt(i**w * w / (2 * (w - 1))) * 2 * (6 * i + 2 * g ** (t - uu) / uu) / t
               for i, (t, uu) in enumerate(zip([4, 8], [1, 5]), start=1))
    assert contains(O._alg2_sigma_sum(inst), want)
