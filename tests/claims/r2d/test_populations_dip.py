"""Lemma B.4 on finite-support populations with the non-convex PL dip (issue 23): the enumerated expectations
checked against an independent enumeration over *ordered* samples with the dip written from its definition, the
algorithm's outputs checked against a grid (ERM: no grid point lower; worst map: no grid point higher), and the family
shown to reach both claims with decided instances."""
import itertools

import numpy as np
import pytest

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.populations import dip_gaps, dip_population_family, dip_population_ok
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F

from .test_widened import dip_mp

GRID = [F(k, 16) for k in range(-64, 65)]  # Θ = [−4, 4] on a 1/16 grid


def _setup(inst):
    c, atoms, probs, b = inst["param"], inst["atoms"], inst["probs"], inst["b"]
    d, size = len(atoms[0]), inst["n"] - inst["m"]
    pop = lambda k, t: sum(p * dip_mp(t - a[k], c) for p, a in zip(probs, atoms))  # noqa: E731
    return c, atoms, probs, b, d, size, pop


def _brute(inst):
    """E[F(θ) − F*] and E[f_{D'}(θ) − f*] over every ordered sample of D' (|support|^(n−m) of them); minima and
    outputs from the grid: a minimum on the grid exceeds the true one by at most (L/2)(h/2)² = 1/2048 per coordinate
    (L = 1, h = 1/16), and a grid output moves F by at most G·h."""
    c, atoms, probs, b, d, size, pop = _setup(inst)
    fstar = sum(min(pop(k, t) for t in GRID) for k in range(d))
    gF = gf = F(0)
    for sample in itertools.product(range(len(atoms)), repeat=size):
        w = F(1)
        for j in sample:
            w *= probs[j]
        emp = lambda k, t: sum(dip_mp(t - atoms[j][k], c) for j in sample) / size  # noqa: E731
        if "theta" in inst:
            th = inst["theta"]
        elif "coef" in inst:
            th = [max(GRID, key=lambda t: (pop(k, t) - inst["coef"] * emp(k, t), -t)) for k in range(d)]
        else:
            th = [min(GRID, key=lambda t: (emp(k, t), t)) + inst["offset"][k] for k in range(d)]
        gF += w * (sum(pop(k, th[k]) for k in range(d)) - fstar)
        gf += w * sum(emp(k, th[k]) - min(emp(k, t) for t in GRID) for k in range(d))
    return gF, gf


def test_dip_population_gaps_against_ordered_enumeration():
    insts = [i for i in dip_population_family(np.random.default_rng(0), 48) if i["n"] - i["m"] <= 3]
    assert {("theta" in i, "coef" in i) for i in insts} == {(True, False), (False, True), (False, False)}
    for inst in insts:
        gF, gf = dip_gaps(inst)
        bF, bf = _brute(inst)
        d = len(inst["atoms"][0])
        if "coef" in inst:  # the exact argmax is at least as bad as the best grid point (up to the grid minima)
            assert gF - inst["coef"] * gf >= bF - inst["coef"] * bf - (1 + inst["coef"]) * F(d, 2048)
        elif "theta" in inst:  # the same outputs: only the grid minima differ
            assert 0 <= gF - bF <= F(d, 2048) and 0 <= gf - bf <= F(d, 2048)
        else:  # ERM: the grid output is within h of the exact one
            assert abs(gF - bF) <= d * inst["G"] / 16 and abs(gf - bf) <= F(d, 2048) + d * inst["G"] / 16


def test_dip_population_hypothesis_is_decided_and_refuses_bad_constants():
    inst = dip_population_family(np.random.default_rng(0), 48)[0]
    assert dip_population_ok(inst) is Decision.TRUE
    assert dip_population_ok({**inst, "risk_gap": inst["risk_gap"] + F(1, 2**30)}) is Decision.FALSE
    assert dip_population_ok({**inst, "mu": F(1)}) is Decision.FALSE  # the dip's F is not 1-PL
    assert dip_population_ok({**inst, "G": F(1)}) is Decision.FALSE


@pytest.mark.parametrize("claim_id", ["r2d.lemB.4", "r2d.lemB.4+fix"])
def test_dip_population_family_reaches_lemma_b4(claim_id):
    claim = get_claim(claim_id)
    (adv,) = [a for a in claim.adversaries if "non-convex PL dip (2–3 atoms" in a.name]
    outcomes = [evaluate(claim, i, 512).outcome for i in adv.generate(np.random.default_rng(2), 4)]
    assert outcomes and all(o in (WITHIN, VIOLATED) for o in outcomes)
