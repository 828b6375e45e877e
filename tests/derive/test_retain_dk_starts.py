"""Lemma E.1's derivations (both norms, printed and +fix) start from ``formulas.retain.DK_DISTANCE_2X2_EXPR``, the
distance of the closed-form top projectors of the 2×2 matrices A and A + E. It must be *the claims' quantity*: at the
claims' own instances (inside the hypotheses: eigen-flips, rotations, the search's perturbations) it encloses the same
number as ``_dk_distance`` (√2 times it, ``_dk_frobenius``; compared squared), and a 0.1 % larger perturbation does not.
(That the engine calls a start 0.1 % off a ``mismatch`` is tested on Lemma G.1's closed form,
``test_retain_ridge_starts.py``: on this larger expression the engine's failing zero proof costs minutes.)"""

import pytest
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.formulas.retain import DK_DISTANCE_2X2_EXPR
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval

from .quantity_forms import checked_instances

KEYS = ("a11", "a12", "a22", "e11", "e12", "e22")


@pytest.mark.parametrize("cid,factor", [("retain.lemE.1+fix", 1), ("retain.lemE.1:frobenius+fix", 2)])
def test_the_projector_distance_closed_form_is_the_quantity(cid, factor):
    claim = get_claim(cid)
    expr = factor * DK_DISTANCE_2X2_EXPR**2  # squares: a zero distance's enclosure then needs no square root
    told_apart = 0
    for values in checked_instances(claim, minimum=6)[:8]:
        env = {k: Fraction(values[k]) for k in KEYS}
        with workprec(256):
            q = to_arb(claim.quantity(values)) ** 2
            got = arb_eval(expr, env)
            assert q.rad() < arb(2) ** -100 and got.rad() < arb(2) ** -100, (cid, q, got)
            assert (q - got).contains(0), (cid, values, q, got)
            wrong = arb_eval(expr, {**env, **{k: env[k] * Fraction(1001, 1000) for k in ("e11", "e12", "e22")}})
            told_apart += not (q - wrong).contains(0)
    assert told_apart >= 3, told_apart
