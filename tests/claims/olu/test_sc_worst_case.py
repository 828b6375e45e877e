"""The worst cases shipped over the regret theorems' own classes (issue 23): PEP over smooth strongly convex losses
realised as μ-quadratics through its first-order data (claims/olu/sc_worst_case.py), and Theorem 3's PEP reference
at n = 32 with the shipped linear stream that reaches it."""
from __future__ import annotations

import math

import numpy as np

from certunlearn.check.evaluate import evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.olu.general import general_regret
from certunlearn.claims.olu.general_families import linear_worst_instances
from certunlearn.claims.olu.sc_worst_case import SMOOTH_SC_ADVERSARY, instance_of, realise, smooth_sc_instances
from certunlearn.claims.pep import PepCase, shipped
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec


def test_realisation_follows_the_first_order_data_and_attains_the_class_maximum_at_t1():
    """x_1 = (−1, 0), g_1 = (−2, 0): the μ-quadratic through them is ½‖z − (1, 0)‖², its Lipschitz constant on the unit
    disc is μ(R + ‖c‖) = 2 = L, and its regret is ½‖x_1 − c‖² = 2 = L²/(2μ): ½ of L²/μ(1 + log T) at T = 1."""
    case = PepCase(label="", rule="sc", n=1, value=2.0, dual=2.0, params={},
                   data={"xref": [1.0, 0.0], "x": [[-1.0, 0.0]], "g": [[-2.0, 0.0]]})
    entry = realise(case)
    assert entry["X"] == [["1"]] and entry["z1"] == ["-1"] and F(entry["L"]) == 2  # the zero coordinate dropped
    inst = instance_of(entry)
    ev = evaluate(get_claim("olu.thm2:proof"), inst, 256)
    r = general_regret(inst, "sc")
    assert ev.outcome == "within" and r.rad() == 0 and r.mid() == 2


def test_shipped_realisations_are_inside_the_class_and_decided():
    insts = smooth_sc_instances(100)
    assert sorted(i["pep_n"] for i in insts) == [1, 2, 3, 4, 6, 8]
    assert SMOOTH_SC_ADVERSARY.generate(np.random.default_rng(0), 3) == insts[:3]
    for cid in ("olu.thm2:proof", "olu.cor7"):
        outcomes = [evaluate(get_claim(cid), i, 512).outcome for i in insts]
        assert set(outcomes) == {"within"}, (cid, outcomes)
    for i in insts:  # OGD's bound L²H_T/(2μ) over the whole class (with the realisation's own L), never exceeded
        with workprec(128):
            assert general_regret(i, "sc") < to_arb(sum(F(1, t) for t in range(1, i["T"] + 1)) * F(i["L"]) ** 2 / 2)


def test_theorem3_reference_at_n32_is_shipped_and_reached_within_ninety_percent():
    ref = next(float(c["value"]) for c in shipped().values()
               if c["kind"] == "lipschitz" and c["rule"] == "convex" and c["n"] == 32)
    assert 0.45 < ref / (12 * math.sqrt(32)) < 0.46  # PEPit: 0.451 of 3DL√T
    inst = next(i for i in linear_worst_instances("convex", 1) if i["linear_n"] == 32)
    with workprec(128):
        r = general_regret(inst, "convex")
    assert r > to_arb(F(9, 10) * F(ref)), (r, ref)


def test_smooth_sc_pep_is_ogds_bound_and_its_t1_realisation_attains_it():
    """PEPit over μ-strongly convex β-smooth losses (μ = 1, β = 2, gradients ≤ 2 where queried, the disc of diameter 2),
    η_t = 1/t: L²H_T/(2μ) = 2, 3 at n = 1, 2 (primal and dual); the n = 1 case realised reaches it up to rationalising."""
    from certunlearn.claims.pep import smooth_sc_pep

    cases = [smooth_sc_pep([1.0 / t for t in range(1, n + 1)], 1.0, 2.0, 2.0, 2.0) for n in (1, 2)]
    for case, want in zip(cases, (2.0, 3.0)):
        assert abs(case.value - want) < 1e-3 and case.dual >= case.value - 1e-6
    inst = instance_of(realise(cases[0]))
    with workprec(128):
        r = general_regret(inst, "sc")
    assert r > to_arb(F(199, 100)) and evaluate(get_claim("olu.thm2:proof"), inst, 256).outcome == "within"
