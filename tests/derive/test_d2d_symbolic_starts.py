"""d2d derivations whose start is checked against the claim's quantity computed at symbolic input (``symbolic_start``):
the expression the run returns, evaluated at an instance (its prescribed σ, and κ = the instance's actual shift over
Δ = SHIFT_31), encloses the same number as the claim's quantity — so the start the engine checks is the quantity, not a
look-alike; a 0.1 % larger shift does not (the comparison can fail), and a start with a changed constant is no
identity. The quantity-form helpers are shared with the other papers' tests (:mod:`.quantity_forms`)."""
import pytest
import sympy
from flint import arb

from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import shift_enclosure
from certunlearn.derive import find_derivation
from certunlearn.derive.signs import zero_proof
from certunlearn.formulas.d2d import SHIFT_31
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval

from .quantity_forms import checked_instances


def _exact_instances(claim, k=3):
    """Instances inside the hypotheses whose shift is positive and exact (a box: the square root of a rational)."""
    got = []
    for inst in checked_instances(claim):
        values = claim.with_prescribed(inst)
        with workprec(256):
            shift = to_arb(shift_enclosure(claim.id, values))
        if shift > 0 and shift.rad() < arb(2) ** -100 * shift:
            got.append((values, shift))
        if len(got) == k:
            break
    assert got, claim.id
    return got


@pytest.mark.slow  # runs the claim's unlearning rounds at a few instances: ~10 s
def test_the_thm31_symbolic_start_is_the_quantity():
    claim = get_claim("d2d.thm3.1")
    expr = find_derivation(claim).symbolic_start.compute()
    names = {s.name for s in expr.free_symbols}
    assert names == {"epsilon", "delta", "kappa"}, names  # σ = Δ/(√2·gap): the standardised shift is κ√2·gap
    for values, shift in _exact_instances(claim):
        with workprec(256):
            env = {k: v for k, v in values.items() if not isinstance(v, (list, dict))}
            q = to_arb(claim.quantity(values))
            env["kappa"] = shift / arb_eval(SHIFT_31, env)
            got = arb_eval(expr, env)
            assert (q - got).contains(0) and q.rad() < arb(2) ** -60 * (1 + abs(q).upper()), (values, q, got)
            env["kappa"] = env["kappa"] * arb("1.001")
            assert not (q - arb_eval(expr, env)).contains(0), values


@pytest.mark.parametrize("cid, name", [("d2d.thm3.1", "kappa"), ("d2d.thm3.4", "kappa"), ("d2d.thm3.5+fix", "kappa"),
                                       # intro-dp+fix's start is a two-term erfc difference: ~70 s cold, so slow
                                       pytest.param("d2d.intro-dp+fix", "w_v", marks=pytest.mark.slow)])
def test_a_start_with_a_changed_constant_is_no_identity(cid, name):
    d = find_derivation(get_claim(cid))
    firsts = (d.start, d.start.subs(dict(d.where)))  # as written, and with the abbreviations substituted (the engine)
    run = d.symbolic_start.compute()
    assert any(zero_proof(f, run) is not None for f in firsts)
    x = next(s for s in run.free_symbols if s.name == name)
    wrong = run.subs(x, x * sympy.Rational(1001, 1000) + sympy.Rational(1, 1000))
    assert all(zero_proof(f, wrong) is None for f in firsts)
