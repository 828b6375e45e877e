"""d2d derivations whose start is checked against the claim's quantity written at symbolic input (``symbolic_start``,
issue 25 item 3) where the claim has no ``quantity_expr``: the expression the run returns, evaluated at instances
inside the claim's hypotheses (its data-dependent input set from the instance), encloses the same number as the
claim's quantity; a start with a 0.1 % larger constant neither agrees nor is an identity with the chain's start."""
import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.claims.d2d.claim33_losses import kind_of
from certunlearn.derive import find_derivation
from certunlearn.derive.signs import zero_proof
from certunlearn.formulas import d2d as C

from .quantity_forms import agree, checked_instances


def _claim33_input(cid):
    """The curvature the Claim 3.3 run leaves symbolic, as the instance fixes it: sup_x λ_max(∇²f_x) is the family's
    tightest smoothness M (``claims.d2d.regularised.claim33_instance``), inf_x λ_min(∇²f_x) its least curvature."""
    if cid == "d2d.claim3.3:smoothness":
        return "h_f", lambda v: v["M"]
    return "lambda_min", lambda v: 0 if kind_of(v) == "linear" else min(v["A"])


def _first_lhs(d):
    return d.steps[d.chain_start].lhs


@pytest.mark.parametrize("cid", ["d2d.claim3.3:smoothness", "d2d.claim3.3:strong-convexity"])
def test_the_claim33_runs_are_the_quantity(cid):
    claim = get_claim(cid)
    d = find_derivation(claim)
    run = d.symbolic_start.compute()
    name, value = _claim33_input(cid)
    x = next(s for s in run.free_symbols if s.name == name)
    insts = [claim.with_prescribed(inst) for inst in checked_instances(claim)]
    assert len({kind_of(v) for v in insts}) >= 3  # quadratic, linear, Huber or logistic losses

    def at(expr, v):
        return sympy.sympify(expr).subs(x, sympy.Rational(str(value(v))))

    assert all(agree(claim, v, at(run, v)) for v in insts)
    wrong = run * sympy.Rational(1001, 1000)  # a 0.1 % larger constant
    assert not any(agree(claim, v, at(wrong, v)) for v in insts)
    assert zero_proof(_first_lhs(d), run) is not None and zero_proof(_first_lhs(d), wrong) is None


def test_the_table_perfect_accuracy_run_is_the_quantity():
    """Table 1's pgd-perfect row has no quantity_expr (its entry's claims are widened elsewhere): the run is the ratio
    of Theorem 3.2's explicit accuracy bound at 𝓘₂ and 𝓘, which the claim's quantity evaluates."""
    for cid in ("d2d.table1:pgd-perfect-accuracy", "d2d.table1:pgd-perfect-accuracy+fix"):
        claim = get_claim(cid)
        d = find_derivation(claim)
        run = d.symbolic_start.compute()
        insts = checked_instances(claim)
        assert all(agree(claim, inst, run) for inst in insts)
        wrong = run.subs(C.I2, C.I2 * sympy.Rational(1001, 1000))
        assert not all(agree(claim, inst, wrong) for inst in insts)
        first = _first_lhs(d)
        for _ in range(len(d.where) + 1):  # the abbreviations substituted, as the engine's start check does
            for sym, val in reversed(d.where):
                first = first.subs(sym, val)
        assert first == run  # term for term (the engine's zero_proof then needs no simplification)


@pytest.mark.slow  # the corrected row's chain from its quantity: ~35 CPU-s
def test_the_corrected_perfect_accuracy_row_is_complete():
    from certunlearn.derive import check_derivation

    claim = get_claim("d2d.table1:pgd-perfect-accuracy+fix")
    r = check_derivation(find_derivation(claim), claim)
    assert r.proof == "complete", ([(s.index, s.status) for s in r.steps], r.start_status_detail)
