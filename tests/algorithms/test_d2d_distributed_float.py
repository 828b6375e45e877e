"""Section 4 (Algorithms 4–7, Theorem 4.5's prescribed parameters) in float mode: the same code path with float64
data against the reference run in exact Fractions, driven by the same seed (same bootstrap, partition, reservoir
and noise draws).

Stated tolerance: every discrete outcome (the samples' point identities, the modified parts, the per-part iteration
counts, the number of changed positions) is identical; the published copy l* is identical unless the exact risks
f_{D_i}(avg θ̂_l) of the two copies concerned tie within 1e-12 (a tie the float argmin breaks by rounding — e.g. two
copies with mirrored parts); every part model, the published copy's average and the noise added agree within 1e-12
absolute. Why 1e-12: the data are dyadic (exact in float64), so the float run
differs from the exact one only by the rounding of each gradient step; with step size η = 2/(M + m) and
ρ = 1 − ηa ∈ [0, 1) each step is a contraction that adds at most a few ulps (≈ 2⁻⁵² ≈ 2.2e-16 relative on values
of size ≤ 2), so after T ≤ 100 steps per part the error is below 100·4·2.2e-16 < 1e-13; the average and the noise
(the same N(0, σ²) draw added in both modes) keep that order.
"""

import numpy as np
import pytest

from certunlearn.algorithms.d2d import PerturbedDistributedGD, Problem, Update
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.problems import Box, Quadratic

TOL = 1e-12


def _driver(reservoir):
    A = ((F(1), F(0)), (F(0), F(2)))
    prob = Problem(Quadratic(A=A, R=F(2)), Box((F(-1), F(-1)), (F(1), F(1))))
    consts = dict(epsilon=F(1, 2), delta=F(1, 100), L=F(6), M=F(3), m=F(1), n=4, d=2, D=F(3), I=1, xi=1, beta=F(1, 4))
    return PerturbedDistributedGD.from_theorem("d2d.thm4.5" if reservoir == "printed" else "d2d.thm4.5+fix", prob,
                                               theta0=[F(-1), F(1)], reservoir=reservoir, **consts)


@pytest.mark.parametrize("reservoir", ["printed", "by-copy"])
@pytest.mark.parametrize("seed", [0, 7])
def test_theorem45_float_run_matches_the_exact_reference(reservoir, seed):
    alg = _driver(reservoir)
    assert alg.C == 3 and alg.B == 4 and alg.K == 2
    rows = [[-1, -1], [-1, -1], [F(1, 2), 1], [1, F(-1, 4)]]
    ups = [(F(-1), [-1, -1]), (F(1), [F(3, 4), F(1, 2)]), (F(-1), [F(1, 2), 1]), (F(1), [-1, -1])]
    Xf = np.asarray([[float(v) for v in r] for r in rows])
    Xe = np.asarray([[F(v) for v in r] for r in rows], dtype=object)
    uf = [Update.add([float(v) for v in x]) if op == 1 else Update.delete([float(v) for v in x]) for op, x in ups]
    ue = [Update.add([F(v) for v in x]) if op == 1 else Update.delete([F(v) for v in x]) for op, x in ups]
    rf = alg.run(Xf, None, uf, np.random.default_rng(seed))
    re_ = alg.run(Xe, None, ue, np.random.default_rng(seed))
    assert len(rf) == len(re_) == len(ups) + 1
    for a, b in zip(rf, re_):
        assert a.law.mean.dtype == np.float64 and la.mode_of(b.law.mean) == "fraction"
        sa, sb = a.state, b.state
        assert (sa.touched, sa.iterations, sa.modified) == (sb.touched, sb.iterations, sb.modified)
        assert [c.keys for c in sa.copies] == [c.keys for c in sb.copies]
        for ca, cb in zip(sa.copies, sb.copies):
            for ma, mb in zip(ca.models, cb.models):
                assert np.max(np.abs(ma - np.asarray(mb, dtype=float))) < TOL
        if sa.best != sb.best:
            risk = [alg.problem.risk(c.average(), sb.X, None) for c in sb.copies]
            assert abs(risk[sa.best] - risk[sb.best]) < TOL
        chosen = np.asarray(sb.copies[sa.best].average(), dtype=float)
        assert np.max(np.abs(a.law.mean - chosen)) < TOL
        noise_f = np.asarray(a.published, dtype=float) - a.law.mean
        noise_e = np.asarray(b.published - b.law.mean, dtype=float)
        assert np.max(np.abs(noise_f - noise_e)) < TOL
