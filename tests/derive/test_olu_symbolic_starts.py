"""proofs/olu, issue 25: derivations whose start is checked against the claim's quantity at symbolic input
(``SymbolicStart``, ``proofs/olu/runs.py``): each run is compared with the claim's own quantity at exact instances, and
a wrong start is a ``mismatch``."""
import dataclasses

import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.derive import PROOF_COMPLETE, START_CHECKED, START_MISMATCH, check_derivation, load_derivation
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F

from proofs.olu import runs

#: (α, γ, s, θ, c, m₀, m₁, v)
LEM4 = [(F(2), F(1, 2), F(3), F(1, 3), F(-1), F(0), F(2), F(5, 7)),
        (F(7, 2), F(1), F(1, 10), F(1), F(4), F(-3), F(1, 2), F(2))]


def _instance(a, g, s, t, c, m0, m1, v) -> dict:
    return {"alpha": a, "gamma": g, "e": 0, "s": s, "amap": [0], "c": [c], "c2": [c + t * s], "m0": [m0], "v0": [v],
            "m1": [m1], "v1": [v]}


@pytest.mark.parametrize("cid", ["olu.lem4", "olu.lem4:as-used"])
def test_lem4_run_is_the_claims_quantity(cid):
    """lem4_quantity (exact, a Fraction) at instances of the symbolic family equals the run there (−α(m₀ − m₁)²/(2v));
    the run at another variance is another value, so the comparison could fail."""
    claim = get_claim(cid)
    run = runs.lem4_run(cid.endswith("as-used"))[0]
    sym = {s.name: s for s in run.free_symbols}
    for inst in LEM4:
        a, g, s, t, c, m0, m1, v = inst
        q = claim.quantity(_instance(*inst))
        assert isinstance(q, RATIONAL_TYPES)
        at = {"alpha": a, "m_0": m0, "m_1": m1, "v": v}
        def value(point: dict) -> sympy.Expr:
            return run.subs({sym[k]: sympy.Rational(x.numerator, x.denominator) for k, x in point.items() if k in sym})

        assert value(at) == sympy.Rational(q.numerator, q.denominator)
        assert value({**at, "v": 2 * v}) != sympy.Rational(q.numerator, q.denominator)


@pytest.mark.parametrize("cid", ["olu.lem4", "olu.lem4:as-used"])
def test_lem4_start_checked_complete_and_a_scaled_start_is_a_mismatch(cid):
    claim, d = get_claim(cid), load_derivation(cid)
    r = check_derivation(d, claim)
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail
    wrong = dataclasses.replace(d, symbolic_start=dataclasses.replace(
        d.symbolic_start, compute=lambda: runs.lem4_run(cid.endswith("as-used"))[0] * sympy.Rational(1001, 1000)))
    assert check_derivation(wrong, claim).start_status == START_MISMATCH
