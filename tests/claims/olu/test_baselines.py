"""Table 2's baselines (certunlearn.claims.olu.baselines): discard-and-restart and retraining against hand
recursions.
"""

import mpmath

from certunlearn.algorithms import olu as A
from certunlearn.claims import get_claim
from certunlearn.claims.olu.families import regret_instance
from certunlearn.claims.olu.quantities import stream_of
from certunlearn.numeric.fraction import Fraction as F

from ..oracles import contains

mpmath.mp.dps = 100


MAX_PREC = 1024


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
    inst = regret_instance([[x] for x in xs], [F(1)], [F(0)], [3], [2], mu_=F(1), beta_=F(1), eps=F(1), D_=F(2))
    s = stream_of(inst)
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
    assert get_claim("olu.table2:restart-control-no-restart").quantity({**inst, "alpha": F(2)}) > 0


def test_retrain_matches_its_reference_from_each_deletion_on():
    xs = [F(1), F(2), F(3), F(4), F(5), F(6)]
    s = A.Stream(A.QUADRATIC, tuple((x,) for x in xs), (F(1),))
    etas = [F(1, 2)] * 6
    re = A.retrain_laws(s, (F(0),), etas, [2, 4], [1, 3])
    for i, t0 in ((1, 2), (2, 4)):
        ref = A.retrain_laws(s, (F(0),), etas, [2, 4], [1, 3], reference=i)
        assert re[t0:(4 if i == 1 else 7)] == ref[t0:(4 if i == 1 else 7)]
