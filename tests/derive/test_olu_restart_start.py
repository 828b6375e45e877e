"""Table 2's discard-and-restart regret rows start from their claims' quantities (``restart_regret``) run on symbolic
streams (proofs/olu/runs: algorithms.olu.restart_laws, T = 2 quadratics, k = 0 — strongly convex: η_s = 1/(μs),
curvature μ, x₁ = z₁ + ρ₁L/μ, x₂ = x₁ + ρ₂L/μ; convex: η_s = D/(L√s), curvature λ). At exact streams of those shapes,
inside the claims' hypotheses, the runs enclose the claims' quantities; a wrong run (0.1 % larger) is a ``mismatch``."""

import pytest
import sympy
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.olu.families import regret_instance
from certunlearn.claims.olu.general import BALL, QUADRATIC_LOSS, general_instance
from certunlearn.claims.olu.quantities import thm6_entries
from certunlearn.derive import START_CHECKED, START_MISMATCH
from certunlearn.numeric.fraction import Fraction as F
from proofs.olu.runs import restart_regret_c_run, restart_regret_run

from .quantity_forms import inside, start_statuses


def test_the_run_is_the_restart_regret_on_its_shape():
    claim, run = get_claim("olu.table2:restart-regret-sc"), restart_regret_run()
    checked = 0
    for x1, x2, z1, mu_, D_ in ((F(1), F(-1), F(0), F(1), F(2)), (F(1, 2), F(1), F(0), F(2), F(2)),
                                (F(-1), F(1, 3), F(1, 2), F(1), F(3)), (F(1), F(1), F(-1), F(3, 2), F(2))):
        values = regret_instance([[x1], [x2]], [mu_], [z1], [], [], mu_=mu_, beta_=mu_, eps=F(1), D_=D_)
        assert inside(claim, values), values
        L_ = values["L"]
        env = {"z_1": z1, "mu": mu_, "L": L_, "rho_1": mu_ * (x1 - z1) / L_, "rho_2": mu_ * (x2 - x1) / L_}
        assert abs(env["rho_1"]) <= 1 and abs(env["rho_2"]) <= 1
        got = run.subs({s: sympy.Rational(str(env[s.name])) for s in run.free_symbols})
        q = claim.quantity(values)
        assert got.is_Rational and (q - arb(str(got.p)) / arb(str(got.q))).contains(0), (values, got, q)
        assert q.rad() < arb(2) ** -40, q
        checked += 1
    assert checked == 4


def test_the_convex_run_is_the_restart_regret_on_its_shape():
    claim, run = get_claim("olu.table2:restart-regret-c"), restart_regret_c_run()
    checked = 0
    for x1, x2, z1, lam_, D_ in ((F(1), F(-1), F(0), F(1), F(2)), (F(1, 2), F(1), F(0), F(1, 2), F(2)),
                                 (F(-1), F(1, 3), F(1, 2), F(1), F(3)), (F(1), F(1), F(-1), F(3, 2), F(2))):
        values = regret_instance([[x1], [x2]], [lam_], [z1], [], [], mu_=lam_, beta_=lam_, eps=F(1), D_=D_)
        if not inside(claim, values):
            continue
        env = {"z_1": z1, "x_1": x1, "x_2": x2, "lambda": lam_, "D": values["D"], "L": values["L"]}
        got = run.subs({s: sympy.Rational(str(env[s.name])) for s in run.free_symbols})
        q = claim.quantity(values)
        assert got.is_Rational and (q - arb(str(got.p)) / arb(str(got.q))).contains(0), (values, got, q)
        assert q.rad() < arb(2) ** -40, q
        checked += 1
    assert checked >= 2, checked


@pytest.mark.parametrize("claim_id", ["olu.thm6:regret+fix", "olu.thm6:regret"])
def test_the_run_is_theorem_6s_regret_where_the_projection_is_inactive(claim_id):
    """Theorem 6 at k = 0 (general_regret(·, 'sc'): projected OGD, η_t = 1/(μt)) on ½μ‖z − c_t‖² in the unit disc
    (d = 2, the data on the first axis, L = μD = 2μ): centres and iterates inside K, so the run of the strongly convex
    restart row (no deletion) is the claim's quantity."""
    claim, run = get_claim(claim_id), restart_regret_run()
    checked = 0
    for x1, x2, z1, mu_ in ((F(1, 2), F(-1, 2), F(0), F(1)), (F(1), F(-1), F(-1), F(1)), (F(1, 3), F(2, 3), F(-1, 2), F(2))):
        values = general_instance(QUADRATIC_LOSS, [[x1, 0], [x2, 0]], [z1, 0], K=BALL, H=[[mu_, mu_], [mu_, mu_]],
                                  L=2 * mu_, D=F(2), mu=mu_, beta=2 * mu_)
        values["G_2"] = thm6_entries(values)["G_2"]
        assert inside(claim, values), values
        L_ = values["L"]
        env = {"z_1": z1, "mu": mu_, "L": L_, "rho_1": mu_ * (x1 - z1) / L_, "rho_2": mu_ * (x2 - x1) / L_}
        got = run.subs({s: sympy.Rational(str(env[s.name])) for s in run.free_symbols})
        q = claim.quantity(values)
        assert got.is_Rational and (q - arb(str(got.p)) / arb(str(got.q))).contains(0), (values, got, q)
        checked += 1
    assert checked == 3


@pytest.mark.parametrize("claim_id", ["olu.table2:restart-regret-sc", "olu.table2:restart-regret-c", "olu.thm6:regret+fix"])
def test_a_wrong_run_is_a_mismatch(claim_id):
    assert start_statuses(claim_id, lambda first: first * sympy.Rational(1001, 1000)) == (START_CHECKED, START_MISMATCH)
