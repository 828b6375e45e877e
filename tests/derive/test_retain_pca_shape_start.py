"""retain.lemE.2:m-points+fix's final chain starts from its claim's quantity (``_pca_shift``) on a 2×2 shape
(proofs/retain/pca_shape ``pca_shift_run``: R = (2 + v)m copies of e₁, Z = m copies of z = (c, s), the top projectors
in closed form). At exact instances (compared squared) of that shape inside the claim's hypotheses the run encloses the claim's quantity
(the certified projectors' Frobenius shift), and a run 0.1 % larger does not; the start check tells the run from a
0.1 % larger one (``checked`` / ``mismatch``)."""

import sympy
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.retain.pca import _pca_instance
from certunlearn.derive import START_CHECKED, START_MISMATCH
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval
from proofs.retain.pca_shape import c_, m_, pca_shift_run, s_, v_

from .quantity_forms import inside, start_statuses

#: (m, v, z): n₁ = (2 + v)m copies of e₁; z on and inside the unit circle, along and off the axes
SHAPES = ((1, 0, ("3/5", "4/5")), (2, 1, ("4/5", "3/5")), (1, 2, ("1/2", "1/2")), (3, 0, ("0", "1")),
          (2, 0, ("7/10", "7/10")), (1, 5, ("1/10", "99/100")))


def test_the_run_is_the_pca_shift_on_its_shape():
    claim, run = get_claim("retain.lemE.2:m-points+fix"), pca_shift_run() ** 2  # squares: a zero shift needs no root
    checked = told_apart = 0
    for m, v, (c, s) in SHAPES:
        n1 = (2 + v) * m
        values = _pca_instance([[1, 0]] * n1, [[c, s]] * m)
        assert inside(claim, values), (m, v, c, s)
        env = {m_.name: F(m), v_.name: F(v), c_.name: F(c), s_.name: F(s)}
        with workprec(300):
            q = claim.quantity(values) ** 2
            got = arb_eval(run, env)
            assert q.rad() < arb(2) ** -100 and got.rad() < arb(2) ** -100, (m, v, q, got)
            assert (q - got).contains(0), (m, v, c, s, q, got)
            told_apart += not (q - got * 1001 / 1000).contains(0)
        checked += 1
    assert checked == len(SHAPES)
    assert told_apart >= len(SHAPES) - 1, told_apart  # z = e₂ at n₁ = 2m leaves the projector: a 0 shift


def test_a_wrong_run_is_a_mismatch():
    assert start_statuses("retain.lemE.2:m-points+fix", lambda first: first * sympy.Rational(1001, 1000)) == (
        START_CHECKED, START_MISMATCH)
