"""proofs/pomer.py, issue 25: derivations whose start is checked against the claim's quantity at symbolic input
(``SymbolicStart``). Each symbolic run is compared with the claim's own quantity at exact instances, and a wrong start
(a changed constant, an unnormalised ratio) is a ``mismatch``."""
import dataclasses

import sympy

from certunlearn.claims import get_claim
from certunlearn.derive import PROOF_COMPLETE, START_CHECKED, START_MISMATCH, check_derivation, load_derivations, step

import proofs.pomer as P

DERIVATIONS = load_derivations("pomer")


def _wrong_start(cid: str, start: sympy.Expr):
    """The derivation with its final chain replaced by one step from ``start`` to the claim's bound."""
    d = DERIVATIONS[cid]
    bound = get_claim(cid).bound
    return dataclasses.replace(d, start=start, steps=(step(start, "<=", bound, "a wrong start", cited="test"),))


# ---------------------------------------------------------------------------------------------- footnote 4

FN4 = {"a": "-1", "b": "1", "beta": "1", "lam": "1", "shift": "1", "losses": [[-9, "1/2", "1/2"]],
       "current": [[-9, 1, 1]], "Phi": "5"}


def test_footnote4_run_is_the_claims_quantity_on_the_structured_instance():
    """At an instance of the structured family (prefix (x + 9)/2, loss x + 9 on [−1, 1]) the claim's quantity takes its
    unclipped branch (a sympy closed form, not the clipped Fraction 1) and equals the run at x = −1, 0, 1; the
    unnormalised ratio e^{−βc₀} differs from it there, so the comparison could fail."""
    q = get_claim("pomer.footnote4").quantity(FN4)
    assert isinstance(q, sympy.Expr)  # the unclipped branch was reached
    at = {P.fn_a: -1, P.fn_b: 1, P.beta: 1, P.lam: 1, P.Phi: 5, P.cc: 1, P.fn_k0: sympy.Rational(1, 2),
          P.fn_m0: sympy.Rational(9, 2), P.fn_k1: 1, P.fn_m1: 9}
    run = P.footnote4_run()
    for x in (-1, 0, 1):
        assert sympy.simplify(run.subs({**at, P.fn_x: x}) - q) == 0
    assert sympy.simplify(sympy.exp(-P.beta * P.cc).subs(at) - q) != 0  # the unnormalised ratio is not it


def test_footnote4_start_is_checked_and_complete():
    r = check_derivation(DERIVATIONS["pomer.footnote4"], get_claim("pomer.footnote4"))
    assert r.start_status == START_CHECKED and r.proof == PROOF_COMPLETE, r.start_status_detail


def test_footnote4_unnormalised_start_is_a_mismatch():
    """The unnormalised ratio e^{−βc₀} (Asi et al. 2023's densities) is not the quantity."""
    wrong = _wrong_start("pomer.footnote4", sympy.exp(-P.beta * P.cc))
    assert check_derivation(wrong, get_claim("pomer.footnote4")).start_status == START_MISMATCH
