"""Theorem 4 (certunlearn.claims.olu.adaptive) on linear streams: adaptive steps, regret against an independent
recursion in mpmath at 100 digits, and the hypotheses on K.
"""
from itertools import product

import mpmath
import numpy as np

from certunlearn.check.evaluate import EXCLUDED, evaluate
from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.sympy_arb import arb_eval
from certunlearn.claims.olu.families import thm4_family, thm4_instance
from certunlearn.claims.olu.quantities import box_comparators, grad_norms2
from certunlearn.formulas.olu import THM4, THM4_FIX

from ..oracles import contains, mp

mpmath.mp.dps = 100


MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- Theorem 4
def orthant(T_, z1, beta_, tau=None, u=None):
    X = [[F(1), F(0)] if t % 2 == 0 else [F(0), F(1)] for t in range(T_)]
    return thm4_instance(X, [0, 0], [1, 1], z1, tau or [T_], u or [1], beta_=beta_, eps=F(100), D_=F(3, 2))


def test_adaptive_steps_regret_by_hand():
    """x = e₁, e₂ on K = [0, 1]², z_1 = (1/2, 1/2), D = 3/2: η_1 = 3/2, w_1 = (−1, 1/2); the comparators are 0, so the
    regret is f_1(z_1) + f_2(w_1) = 1/2 + 1/2 = 1, while eq. (36) at β = 1/10 is computed from its parts."""
    inst = orthant(2, [F(1, 2), F(1, 2)], F(1, 10), tau=[2], u=[1])
    assert grad_norms2(inst) == [1, 2] and box_comparators(inst) == [(0, 0), (0, 0)]
    assert inst["F_star"] == 0 and inst["S_3"] == 2 and inst["P_T"] == 2
    claim = get_claim("olu.thm4")
    assert all(h.decide(inst).name == "TRUE" for h in claim.hypotheses)
    assert contains(claim.quantity(inst), F(1))
    beta_, D_ = mp(F(1, 10)), mp(F(3, 2))
    printed = 9 * D_**2 * beta_ / 4 + 3 * 2 * 1 * D_**2 / (4 * 100) * mpmath.sqrt(beta_ * 2)  # d = 2, k = L = 1
    assert contains(arb_eval(THM4, inst), printed) and printed < 1
    fix = (3 + 1) * D_ / 2 * mpmath.sqrt(2) + 3 * 2 * D_ / (4 * 100) * mpmath.sqrt(2)
    assert contains(arb_eval(THM4_FIX, inst), fix)


def test_theorem_4_regret_against_an_independent_recursion():
    """A longer stream (drift and alternating gradients): the exact regret against an mpmath recursion of
    w_t = w_{t−1} − D x_t/√p(t), with comparators found by enumerating the box's vertices."""
    inst = next(v for v in thm4_family(np.random.default_rng(1), 200) if len(v["tau"]) == 3)
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
    inst = thm4_instance([[F(1), F(-1)], [F(0), F(1)]], [0, 0], [1, 1], [F(1, 2), F(1, 2)], [2], [1], beta_=F(0),
                         eps=F(100), D_=F(3, 2))
    assert evaluate(get_claim("olu.thm4"), inst, MAX_PREC).outcome == EXCLUDED  # f_1(0, 1) = −1 < 0
