"""Fact E.2's eq. (16) (lines 625–627), γ^{T'} ≤ (M/(mξT'))^{1/(2ξ)}, the step Remark 3.6's σ rests on: written in
pieces the engine proves (``proofs.d2d.common.fact_e2_steps``: Fact E.1's Bernoulli at ξT' raised to 1/ξ, by
monotonicity; then 1 + 2y ≥ 1, 1 + 2y ≥ 2y, 2y ≥ y), no step is sampled only; a wrong piece is not proved."""
import dataclasses

import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.derive import Derivation, check_derivation, find_derivation, step
from certunlearn.derive.model import ESTABLISHED, PROVED
from proofs.d2d.common import fact_e2_steps

x = sympy.Symbol("x", positive=True)
tp = sympy.Symbol("T'", positive=True)
xi = sympy.Symbol("xi", positive=True)


def _status(steps):
    d = Derivation(claim_id="d2d.test-fact-e2", target="bound", title="Fact E.2's pieces", steps=steps,
                   conditions=(sympy.Ge(tp, 1), sympy.Ge(xi, 1)),
                   domain={tp: ("1", "1000"), x: ("0.001", "100"), xi: ("1", "3")}, samples=12)
    return [s.status for s in check_derivation(d, steps[-1].rhs).steps]


@pytest.mark.slow  # ~15 CPU-s cold: the Bernoulli piece's monotonicity proof
def test_the_pieces_are_proved_and_a_wrong_bernoulli_is_not():
    pieces = fact_e2_steps((1 + 2 * x) ** (-tp), x, x, tp, "Fact E.2")
    assert _status(pieces) == [PROVED] * 4
    # the Bernoulli piece with the power 2/ξ in place of 1/ξ: (1 + 2x)^{T'} ≥ (1 + 2xξT')^{2/ξ} fails at ξ = T' = 1
    wrong = dataclasses.replace(pieces[0], rhs=(1 + 2 * x * xi * tp) ** (-2 / xi))
    assert _status((wrong,))[0] not in ESTABLISHED


@pytest.mark.parametrize("cid", ["d2d.factE.2", "d2d.rem3.6+fix"])  # registered: read from the committed table
def test_fact_e2_and_remark36_fix_are_complete(cid):
    claim = get_claim(cid)
    r = check_derivation(find_derivation(claim), claim)
    assert r.proof == "complete", [(s.index, s.status, s.detail[:80]) for s in r.steps]
