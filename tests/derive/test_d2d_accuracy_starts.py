"""The accuracy theorems' start (``proofs.d2d.starts.isotropic_accuracy_run``, ``proofs.d2d.common.accuracy_tail``):
on the isotropic quadratic whose run sits at its interior optimum, the claim's own quantity (the exact noncentral χ²
tail of ``claims.d2d.common.accuracy_probability``) is the central tail the derivation starts from; a run that leaves
the optimum is not, and a wrong run (a 0.1 % larger threshold) is a mismatch."""

import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import _secret_runs, accuracy_radius, pgd_instance, run_key
from certunlearn.derive import START_CHECKED, START_MISMATCH, find_derivation
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval

from .quantity_forms import inside, start_statuses

F = Fraction
CLAIMS = ("d2d.thm3.1:accuracy+fix", "d2d.thm3.1:accuracy", "d2d.thm3.4:accuracy+fix", "d2d.thm3.5:accuracy+fix",
          "d2d.rem3.6:accuracy+fix")


def _instance(cid, X, theta0):
    """An isotropic quadratic (a = 1) on the box [−1, 1]^d, curvature bounds m = 1/2 < a < M = 2, no update."""
    dim = len(theta0)
    extra = {"xi": F(1)} if cid.startswith("d2d.rem3.6") else {}
    inst = pgd_instance([1] * dim, 1, [-1] * dim, [1] * dim, X, [], theta0, epsilon=F(1), delta=F(1, 1000), I=3,
                        beta=F(1, 20), **extra)
    inst["m"], inst["M"] = F(1, 2), F(2)
    claim = get_claim(cid)
    assert inside(claim, inst)
    return claim, claim.with_prescribed(inst)


def _run_at(claim, values):
    """The derivation's symbolic run evaluated at the instance (σ and the regulariser as the algorithm uses them;
    a = M/(1 + w_a) = 1, so w_a = 1)."""
    _, sig = accuracy_radius(claim.id, values)
    env = {k: v for k, v in values.items() if not isinstance(v, (list, dict))}
    env["sigma"], env["w_a"] = sig, F(1)
    if "m" in claim.prescribed:
        env["m"] = _secret_runs(claim.id, run_key(values))[3]["reg"]
    with workprec(256):
        return arb_eval(find_derivation(claim).symbolic_start.compute(), env)


def _same(q, r):
    return bool((q - r).contains(0)) and q.rad() < abs(q.mid()) * 1e-9


@pytest.mark.parametrize("cid", CLAIMS)
@pytest.mark.parametrize("X, theta0", [([[F(1, 2)], [F(-1, 2)]], [0]),
                                       ([[F(1, 2), F(1, 4)], [F(-1, 2), F(-1, 4)]], [0, 0])])
def test_the_run_is_the_claims_quantity_at_the_optimum(cid, X, theta0):
    """x̄ = 0 inside Θ, the run started there: the claim's quantity (its exact tail, max over rounds) is the run's
    central χ² tail, in d = 1 and d = 2."""
    claim, values = _instance(cid, X, theta0)
    assert _same(claim.quantity(values), _run_at(claim, values))


@pytest.mark.parametrize("cid", ["d2d.thm3.1:accuracy+fix", "d2d.thm3.1:accuracy"])
def test_a_run_away_from_the_optimum_is_not_the_shape(cid):
    """Started at θ₀ = 3/4 ≠ x̄ the secret state is off the optimum: the quantity is a noncentral tail, larger than
    the run's central one (the shape matters: the test would pass for any start otherwise)."""
    claim, values = _instance(cid, [[F(1, 2)], [F(-1, 2)]], [F(3, 4)])
    q, r = claim.quantity(values), _run_at(claim, values)
    assert not (q - r).contains(0) and q > r


@pytest.mark.slow  # ~60 CPU-s: telling the wrong run apart costs a failed identity proof per claim
@pytest.mark.parametrize("cid", ["d2d.thm3.1:accuracy+fix", "d2d.rem3.6:accuracy+fix"])
def test_the_start_is_checked_and_a_wrong_run_is_a_mismatch(cid):
    """The start check against the run (cut to the start alone): checked; a threshold 0.1 % larger: mismatch."""
    def wrong(first):
        (ug,) = first.atoms(sympy.uppergamma)
        return first.xreplace({ug: sympy.uppergamma(ug.args[0], ug.args[1] * sympy.Rational(1001, 1000))})

    assert start_statuses(cid, wrong) == (START_CHECKED, START_MISMATCH)
