"""The privacy level at an open end of its range as named structured families (certunlearn/claims/r2d/edges.py,
claims/boundaries.level_edge; issue 23): the quick profile keeps the largest ratios the generated boundary family
found before its subsample lost them (r2d.cor3.6 4.46e16 at ε = 2⁻⁴⁰, r2d.appD.1-lipschitz-estimate 1.58e11 at
δ = 2⁻⁴⁰, main at 6402824, /work/notes/s7/r2d-old-worst.json)."""

import mpmath
import numpy as np

from certunlearn.check import get_profile
from certunlearn.check.evaluate import VIOLATED, evaluate
from certunlearn.check.verdict import tightness
from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction

from ..oracles import mp
from .helpers import sigma_31, true_delta

QUICK = get_profile("quick")
#: the certified lower ends of the two claims' quick tightness before the loss
OLD_COR36 = 4.459594196669782e16
OLD_LHAT = 1.5765517227413208e11


def _edge(claim_id: str):
    claim = get_claim(claim_id)
    (edge,) = [a for a in claim.adversaries if a.name.startswith("level edge")]
    return claim, edge


def _edge_tightness(claim_id: str) -> tuple[float, list]:
    claim, edge = _edge(claim_id)
    found = edge.generate(np.random.default_rng(0), QUICK.structured_size)
    evaluations = [(edge.name, evaluate(claim, inst, QUICK.max_prec)) for inst in found]
    return tightness(evaluations).lower, evaluations


def test_cor36_quick_finds_at_least_the_old_maximum():
    lower, evaluations = _edge_tightness("r2d.cor3.6")
    assert len(evaluations) <= 2 * 7  # quick: the two largest σ of each of the seven families (with cell_population)
    assert all(Fraction(ev.instance["epsilon"]) == Fraction(1, 2**40) for _, ev in evaluations)
    assert lower >= OLD_COR36


def test_lipschitz_estimate_quick_finds_at_least_the_old_maximum():
    lower, _ = _edge_tightness("r2d.appD.1-lipschitz-estimate")
    assert lower >= OLD_LHAT


def _concave_shift(inst) -> mpmath.mpf:
    """|θ''_K − θ'_T| for −(λ/2)(θ − x)² in d = 1, by gradient descent in mpmath (independent of the exact runs):
    θ ← θ + ηλ(θ − x̄)."""
    X = [mp(r[0]) for r in inst["X"]]
    m, T, K = int(inst["m"]), int(inst["T"]), int(inst["K"])
    step = mp(inst["eta"]) * mp(inst["lam"])
    full, kept = sum(X) / len(X), sum(X[: len(X) - m]) / (len(X) - m)

    def walk(th, xbar, steps):
        for _ in range(steps):
            th = th + step * (th - xbar)
        return th

    th0 = mp(inst["theta0"][0])
    return abs(walk(walk(th0, full, T - K), kept, K) - walk(th0, kept, T))


def test_lipschitz_estimate_largest_edge_violation_confirmed_at_100_digits():
    claim, edge = _edge("r2d.appD.1-lipschitz-estimate")
    found = [i for i in edge.generate(np.random.default_rng(0), QUICK.structured_size) if "hessian" not in i]
    evaluations = [(i, evaluate(claim, i, QUICK.max_prec)) for i in found]
    inst, ev = max(evaluations, key=lambda p: p[1].ratio)
    assert ev.outcome == VIOLATED and Fraction(inst["delta"]) == Fraction(1, 2**40)
    with mpmath.workdps(100):
        # inside the printed hypotheses: 0 < ε ≤ 1, 0 < δ < 1, η ≤ min{1/L, n/(2(n − m)L)}, 1 ≤ m < n, 0 ≤ K < T
        n, m, eta, L = (mp(inst[k]) for k in ("n", "m", "eta", "L"))
        assert 0 < mp(inst["epsilon"]) <= 1 and 0 < mp(inst["delta"]) < 1 and 1 <= m < n
        assert eta <= min(1 / L, n / (2 * (n - m) * L)) and 0 <= int(inst["K"]) < int(inst["T"])
        sigma = sigma_31({**inst, "L": 1 / Fraction(inst["lam"])})  # σ at the printed L̂ = 1/λ
        true = true_delta(mp(inst["epsilon"]), sigma, _concave_shift(inst))
        assert true > 10**11 * mp(inst["delta"])
        assert abs(true / mp(inst["delta"]) / mpmath.mpf(ev.ratio) - 1) < mpmath.mpf(10) ** -9
