"""proofs/pomer, what is particular to it: the main theorems have derivations, one link is shown not vacuous,
and every established step is re-tested with mpmath at random points (refuted steps: test_paper_derivations.py).
"""
import random

import mpmath
import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.derive import ESTABLISHED, check_derivation, load_derivations

from .rechecks import holds_at, step_sides

DERIVATIONS = load_derivations("pomer")


class _Results(dict):
    """Derivation results, checked on first use (the engine caches them per process)."""

    def __missing__(self, cid):
        self[cid] = check_derivation(DERIVATIONS[cid], get_claim(cid))
        return self[cid]


CIDS = sorted(DERIVATIONS)


@pytest.fixture(scope="module")
def results():
    return _Results()


def test_the_main_theorems_have_derivations():
    assert {"pomer.lem3.5", "pomer.lem4.2", "pomer.thm4.1", "pomer.claimC.2:post-ratio", "pomer.thm4.3:composition",
            "pomer.thm4.5", "pomer.thm4.5:switches"} <= set(DERIVATIONS)


@pytest.mark.parametrize("cid", ["pomer.lem3.5"])
def test_link_is_not_vacuous(cid):
    claim = get_claim(cid)
    target = claim.bound if DERIVATIONS[cid].target == "bound" else claim.prescribed[DERIVATIONS[cid].target]
    assert check_derivation(DERIVATIONS[cid], target * 2).link == "broken"


def test_composition_step_fails_where_p_is_the_first_branch():
    """Independent counterexample to line 610: with G⁴β²/λ² tiny, p = T^{−1/3} and the left side carries
    (4 + 6)T^{2/3}log²Φ against the printed 7T^{2/3}log²Φ."""
    with mpmath.workdps(100):
        T, L, X = mpmath.mpf(10) ** 6, mpmath.mpf("0.01"), mpmath.mpf(10) ** -30
        p = max(T ** (-mpmath.mpf(1) / 3), (X / L**2) ** (mpmath.mpf(1) / 3))
        lhs = 4 * L**2 / p**2 + 6 * p * T * L**2 + 12 * L**3 * T + 8 * X / p**2 * T
        rhs = 7 * T ** (mpmath.mpf(2) / 3) * L**2 + 12 * L**3 * T + 11 * X ** (mpmath.mpf(1) / 3) * L ** (mpmath.mpf(4) / 3) * T
        assert lhs > rhs


@pytest.mark.parametrize("cid", CIDS)
def test_established_steps_hold_at_random_points(results, cid):
    d = DERIVATIONS[cid]
    domain = {s.name: (float(sympy.Rational(lo)), float(sympy.Rational(hi))) for s, lo, hi in d.domain or ()}
    rng = random.Random(7)
    for s in results[cid].steps:
        if s.status not in ESTABLISHED:
            continue
        l, r, rel = step_sides(d, s.index)
        names = sorted({x.name for x in (l.free_symbols | r.free_symbols)})
        for _ in range(10):
            point = {}
            for n in names:
                lo, hi = domain.get(n, (1e-3, 1e3))
                point[n] = repr(rng.uniform(max(lo, 1e-9), hi))
            if any(not holds_at(sympy.sympify(c.lhs), c.rel_op if c.rel_op in ("<=", "<") else "<=",
                              sympy.sympify(c.rhs), point) for c in (*d.conditions, *d.steps[s.index - 1].conditions)
                   if all(x.name in point for x in c.free_symbols) and c.rel_op in ("<=", "<")):
                continue
            assert holds_at(l, rel, r, point), f"{cid} step {s.index} ({s.status}) fails at {point}"


#: Theorem 4.4's ε and δ: the quantity is Theorem 4.3's formula at the prescribed λ, β, Φ, p — a closed form in the
#: free parameters (formulas.pomer.at_prescribed_44), which the chains start from
THM44_FORMS = ("pomer.thm4.4:epsilon", "pomer.thm4.4:delta")


@pytest.mark.slow
@pytest.mark.parametrize("cid", THM44_FORMS)
def test_theorem44_closed_forms(results, cid):
    from .quantity_forms import agree, checked_instances

    claim = get_claim(cid)
    insts = checked_instances(claim, minimum=2)[:3]
    assert all(agree(claim, inst) for inst in insts)
    assert not all(agree(claim, inst, claim.quantity_expr * sympy.Rational(1001, 1000)) for inst in insts)
    assert results[cid].start_status == "checked", results[cid].start_status_detail
