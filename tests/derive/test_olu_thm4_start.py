"""olu.thm4+fix's chain starts from its claim's quantity (``thm4_quantity``) run on a symbolic stream
(proofs/olu/runs.thm4_parts: Algorithm 1 with η_t = D/√p(t), T = 2 linear losses, u = 1 deleted at τ = 1, the
comparators as symbols). At exact streams of that shape inside the claim's hypotheses — the comparators the instance's
box vertices (``box_comparators``) — the run encloses the claim's quantity; a wrong run (0.1 % larger) is a
``mismatch``."""

import sympy
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.olu.families import thm4_instance
from certunlearn.claims.olu.quantities import box_comparators
from certunlearn.derive import START_CHECKED, START_MISMATCH
from certunlearn.numeric.fraction import Fraction as F
from proofs.olu.runs import thm4_run

from .quantity_forms import inside, start_statuses


def _at(run: sympy.Expr, values: dict) -> sympy.Expr:
    (c0,), (c1,) = box_comparators(values)
    env = {"x_1": values["X"][0][0], "x_2": values["X"][1][0], "z_1": values["z1"][0], "D": values["D"],
           "c_0": c0, "c_1": c1}
    return run.subs({s: sympy.Rational(str(env[s.name])) for s in run.free_symbols})


def test_the_run_is_theorem_4s_regret_on_its_shape():
    claim, run = get_claim("olu.thm4+fix"), thm4_run()
    checked = 0
    # f_t ≥ 0 on K: the gradients share K's side (K = [0, 1] with x_t ≥ 0, K = [−1, 0] with x_t ≤ 0)
    for x1, x2, lo, hi, z1 in ((F(1), F(1, 2), F(0), F(1), F(1, 2)), (F(1, 2), F(0), F(0), F(1), F(3, 4)),
                               (F(2), F(3), F(0), F(1), F(1, 3)), (F(-1), F(-1, 3), F(-1), F(0), F(-1, 2)),
                               (F(-3, 2), F(-2), F(-1), F(0), F(-2, 3))):
        values = thm4_instance([[x1], [x2]], [lo], [hi], [z1], [1], [1], beta_=F(0), eps=F(10**4), D_=F(1))
        assert inside(claim, values), values
        got = _at(run, values)
        q = claim.quantity(values)
        assert got.is_Rational and (q - arb(str(got.p)) / arb(str(got.q))).contains(0), (values, got, q)
        assert q.rad() < arb(2) ** -40, q
        checked += 1
    assert checked == 5


def test_a_wrong_run_is_a_mismatch():
    assert start_statuses("olu.thm4+fix", lambda first: first * sympy.Rational(1001, 1000)) == (
        START_CHECKED, START_MISMATCH)
