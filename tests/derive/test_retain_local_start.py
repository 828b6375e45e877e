"""retain.lemG.4+fix's chain starts from its claim's quantity (``local_shift``) run on a d = 1 shape
(proofs/retain/erm.local_shift_run: a₊ points (1, +1), a₋ points (1, −1), z = (1, +1), the logistic minimisers solved by
sympy): at exact instances of that shape inside the claim's hypotheses the run encloses the claim's quantity, and the
shape's λ_0 (``local_curvature_run``, the chain's step 3) is the instance's; a wrong run (0.1 % larger) is a
``mismatch``."""

import sympy
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.retain.erm import _local_instance
from certunlearn.derive import START_CHECKED, START_MISMATCH
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec
from proofs.retain.erm import a_neg, a_pos, local_curvature_run, local_shift_run

from .quantity_forms import inside, start_statuses


def test_the_run_is_the_local_shift_on_its_shape():
    claim, run, curvature = get_claim("retain.lemG.4+fix"), local_shift_run(), local_curvature_run()
    checked = 0
    for n_pos, n_neg in ((4, 4), (5, 4), (4, 6), (8, 8), (7, 12)):
        values = _local_instance([1] * (n_pos + n_neg), [1] * n_pos + [-1] * n_neg, 1, 1, B=1)
        assert inside(claim, values), (n_pos, n_neg)
        at = {a_pos: n_pos, a_neg: n_neg}
        lam0 = curvature.subs(at)
        assert lam0.is_Rational and 0 <= F(values["lambda_0"]) - F(int(lam0.p), int(lam0.q)) < F(1, 2**100)
        got = run.subs(at)
        with workprec(300):
            q = claim.quantity(values)
            assert (q - arb(str(sympy.N(got, 100)))).contains(0) and q.rad() < arb(2) ** -100, (n_pos, n_neg, got, q)
        checked += 1
    assert checked == 5


def test_a_wrong_run_is_a_mismatch():
    assert start_statuses("retain.lemG.4+fix", lambda first: first * sympy.Rational(1001, 1000)) == (
        START_CHECKED, START_MISMATCH)
