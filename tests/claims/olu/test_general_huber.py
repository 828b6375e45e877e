"""Ridge + Huber losses on a box (claims/olu/general_huber.py): the exact regret of projected OGD with η_t = 1/(μt)
against an independent 100-digit route (OGD by hand in mpmath, the comparator by ternary search per coordinate), and
the strongly convex regret claims' hypotheses decided on them."""
from __future__ import annotations

import mpmath
import numpy as np

from certunlearn.check.evaluate import evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.olu.general_families import huber_instances
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

MAXP = 512


def _mp(q):
    q = F(q)
    return mpmath.mpf(q.numerator) / q.denominator


def _oracle(inst):
    with mpmath.workdps(100):
        b, dl, mu = _mp(inst["b"]), _mp(inst["delta"]), _mp(inst["mu"])
        H = [[_mp(v) for v in r] for r in inst["H"]]
        X = [[_mp(v) for v in r] for r in inst["X"]]
        Y = [[_mp(v) for v in r] for r in inst["Y"]]
        A = [_mp(a) for a in inst["A"]]
        hub = lambda r: r * r / (2 * dl) if abs(r) <= dl else abs(r) - dl / 2
        dhub = lambda r: max(-1, min(1, r / dl))
        f = lambda t, z: mpmath.fsum(H[t][k] * (z[k] - X[t][k]) ** 2 / 2 + A[t] * hub(z[k] - Y[t][k]) for k in range(len(z)))
        w, total = [_mp(z) for z in inst["z1"]], mpmath.mpf(0)
        for t in range(len(X)):
            total += f(t, w)
            g = [H[t][k] * (w[k] - X[t][k]) + A[t] * dhub(w[k] - Y[t][k]) for k in range(len(w))]
            w = [max(-b, min(b, w[k] - g[k] / (mu * (t + 1)))) for k in range(len(w))]
        zs = []
        for k in range(len(w)):  # ternary search of the strictly convex coordinate sum on [−b, b]
            Fk = lambda z: mpmath.fsum(H[t][k] * (z - X[t][k]) ** 2 / 2 + A[t] * hub(z - Y[t][k]) for t in range(len(X)))
            lo, hi = -b, b
            for _ in range(400):
                m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
                lo, hi = (lo, m2) if Fk(m1) <= Fk(m2) else (m1, hi)
            zs.append((lo + hi) / 2)
        return total - mpmath.fsum(f(t, zs) for t in range(len(X)))


def test_huber_regret_against_an_independent_oracle():
    claim = get_claim("olu.thm2:proof")
    insts = huber_instances(np.random.default_rng(1), 200)
    assert {len(i["z1"]) for i in insts} == {1, 2} and any(len(i["X"]) == 12 for i in insts)
    for inst in [i for i in insts if len(i["X"]) in (2, 12)][:6]:
        with workprec(400):
            q = claim.quantity(inst)
        with mpmath.workdps(100):
            rad = mpmath.mpf(q.rad().str(5, radius=False))
            assert rad < mpmath.mpf(10) ** -80
            assert abs(mpmath.mpf(q.mid().str(100, radius=False)) - _oracle(inst)) < rad + mpmath.mpf(10) ** -40


def test_huber_instances_inside_the_strongly_convex_class_and_within():
    for cid in ("olu.thm2:proof", "olu.cor7", "olu.thm6:regret+fix"):
        claim = get_claim(cid)
        for inst in huber_instances(np.random.default_rng(2), 200)[::9]:
            if cid == "olu.thm6:regret+fix":
                inst = dict(inst, G_2=F(0))
            assert all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses), cid
            assert evaluate(claim, inst, MAXP).outcome == "within"


def test_huber_smoothness_and_lipschitz_are_decided():
    """β below H + a/δ (Huber's curvature 1/δ) and L below the largest gradient norm over the box are outside."""
    claim = get_claim("olu.thm2:proof")
    inst = huber_instances(np.random.default_rng(3), 200)[0]
    a_over_delta = inst["A"][0] / inst["delta"]
    low_beta = dict(inst, beta=max(max(r) for r in inst["H"]) + a_over_delta - F(1, 10**6))
    low_L = dict(inst, L=inst["L"] * F(999, 1000))
    for bad in (low_beta, low_L):
        assert any(h.decide(bad) == Decision.FALSE for h in claim.hypotheses)
