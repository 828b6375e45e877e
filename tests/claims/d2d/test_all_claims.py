"""certunlearn.claims.d2d: every claim is well formed and evaluates; every prescription is usable by the algorithms."""

import numpy as np
import pytest

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import all_claims, get_claim
from certunlearn.claims.model import Control
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.numeric.fraction import Fraction


CLAIMS = all_claims("d2d")


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.control is not Control.NEGATIVE], ids=lambda c: c.id)
def test_claim_links_to_its_derivation(claim):
    assert check_derivation(load_derivation(claim.derivation), claim).link == "identity"


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_claim_is_well_formed_and_evaluates(claim):
    assert claim.source and claim.statement
    assert any(a.kind == "structured" for a in claim.adversaries)
    if claim.corrects:
        assert get_claim(claim.corrects).id == claim.corrects
    adv = next(a for a in claim.adversaries if a.kind == "structured")
    insts = adv.generate(np.random.default_rng(1), 4)
    outcomes = [evaluate(claim, inst, 256).outcome for inst in insts]
    assert any(o in (WITHIN, VIOLATED) for o in outcomes), outcomes


def test_every_prescription_is_usable_by_the_algorithms():
    from certunlearn.algorithms.parameters import theorem_parameters

    env = dict(epsilon=1, delta=Fraction(1, 10**5), L=3, M=3, m=1, n=8, d=1, D=2, I=12)
    for cid in ("d2d.thm3.1", "d2d.thm3.2", "d2d.thm3.2+fix"):
        p = theorem_parameters(cid, **env)
        assert p["eta"] == Fraction(1, 2) and p["sigma"] > 0 and isinstance(p["T"], int)
    convex = {k: v for k, v in env.items() if k != "m"}
    for cid in ("d2d.thm3.4", "d2d.thm3.5", "d2d.thm3.5+fix", "d2d.rem3.6", "d2d.rem3.6+fix"):
        p = theorem_parameters(cid, **convex, xi=Fraction(5, 4))
        assert p["m"] > 0 and p["sigma"] > 0 and isinstance(p["T"], int)
        assert p["eta"] == 2 / (Fraction(3) + 2 * Fraction(p["m"]))  # η = 2/(M + 2m) at the rounded m
    p = theorem_parameters("d2d.thm4.5", **{**env, "n": 4}, xi=1, beta=1)
    assert (p["B"], p["K"], p["C"]) == (4, 2, 1) and p["T_i"](3) > p["T_i"](1)
