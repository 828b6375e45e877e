"""The MST derivations (retain Lemmas D.1, 3.3, D.1 for m edges, D.3, Theorem D.4+fix) start from their claims' quantities run on sympy
weights on small shapes whose weights' order is fixed (proofs/retain/mst_runs: Kruskal and Prim with each comparison
decided by the gaps' signs). At exact weights of those shapes, inside the claims' hypotheses, each run is the claim's
own quantity; a wrong run (a 0.1 % larger value) is a ``mismatch``; a shape whose order is not fixed is refused."""

import numpy as np
import pytest
import sympy

from certunlearn.algorithms.retain import cut_formula, exposed_edges, steiner_ratio
from certunlearn.algorithms.retain.graph import prim
from certunlearn.claims import get_claim
from certunlearn.claims.retain.families import instance_graph, mst_mech
from certunlearn.derive import START_CHECKED, START_MISMATCH
from certunlearn.numeric.fraction import Fraction
from proofs.retain import mst
from proofs.retain.mst_runs import kruskal_weight

from .quantity_forms import inside, start_statuses

F = Fraction


def _rat(x: Fraction) -> sympy.Rational:
    return sympy.Rational(x.numerator, x.denominator)


def _at(expr: sympy.Expr, env: dict) -> Fraction:
    v = expr.subs({s: _rat(env[s.name]) for s in expr.free_symbols})
    assert v.is_Rational, v
    return Fraction(int(v.p), int(v.q))


def _edge_instance(B: Fraction, R: list, m: int | None = None) -> dict:
    inst = {"B": B, "R": [[u, v, w] for u, v, w in R]}
    G = mst_mech(inst).prepare(instance_graph(inst))
    if m is None:
        return {**inst, "cut": cut_formula(G)}
    return {**inst, "m": m, "exposed": sum((w for *_, w in exposed_edges(G)[:m]), Fraction(0))}


@pytest.mark.parametrize("claim_id, run", [("retain.lemD.1", mst.path_rs_run), ("retain.lem3.3", mst.path_ratio_run)])
def test_the_path_run_is_the_brute_force_rs(claim_id, run):
    claim, expr = get_claim(claim_id), run()
    for a, b, B in ((F(1), F(3), F(10)), (F(0), F(2), F(4)), (F(2), F(2), F(5)), (F(1, 2), F(7, 3), F(6))):
        values = _edge_instance(B, [(0, 1, a), (1, 2, b)])
        assert inside(claim, values), values
        got = _at(expr, {"w_a": a, "d_ab": b - a, "d_bB": B / 2 - b})
        assert got == claim.quantity(values), (values, got)
        assert values["cut"] == b  # the given of step 1: w_1(S) = b


def test_the_m_edge_run_is_the_brute_force_rs():
    claim, expr = get_claim("retain.lemD.1:m-edges+fix"), mst.path4_m_rs_run()
    for a, b, c, B in ((F(1), F(2), F(5), F(5)), (F(0), F(0), F(1), F(3)), (F(1, 3), F(3, 2), F(2), F(7))):
        values = _edge_instance(B, [(0, 1, a), (1, 2, b), (2, 3, c)], m=2)
        assert inside(claim, values), values
        got = _at(expr, {"w_a": a, "d_ab": b - a, "d_bc": c - b, "d_cB": B - c})
        assert got == claim.quantity(values) == values["exposed"], (values, got)


def test_the_star_run_is_the_steiner_weight():
    claim, expr = get_claim("retain.lemD.3"), mst.star_smt_run()
    for r0, r1, r2 in ((F(2), F(3), F(4)), (F(1), F(1), F(3, 2)), (F(5, 2), F(3), F(11, 2))):
        D = [[F(0) if i == j else ((r0, r1, r2)[i] if j == 3 else (r0, r1, r2)[j] if i == 3 else
                                   (r0, r1, r2)[i] + (r0, r1, r2)[j]) for j in range(4)] for i in range(4)]
        values = {"metric": D, "V": [0, 1, 2], "v": 3, "w_Kv": prim([0, 1, 2, 3], np.asarray(D, dtype=object))}
        assert inside(claim, values), values
        got = _at(expr, {"t_0": r0 - (r2 - r1), "d_ab": r1 - r0, "d_bc": r2 - r1})
        assert got == claim.quantity(values) == values["w_Kv"], (values, got)


def test_the_line_run_is_the_vertex_rs():
    """Theorem D.4+fix: MSTVertex.exact_rs with every edge at the added vertex, on the line 0 —l_1— 1 —l_2— 2."""
    claim, expr = get_claim("retain.thmD.4+fix"), mst.line_vertex_rs_run()
    for l1, l2 in ((F(1), F(2)), (F(3), F(3)), (F(1, 2), F(7, 3))):
        D = [[F(0), l1, l1 + l2], [l1, F(0), l2], [l1 + l2, l2, F(0)]]
        values = {"metric": D, "B": (l1 + l2) / 2, "V": [0, 1], "R": [[0, 1]], "nearest": l2, "w_R": l1, "w_K": l1,
                  "rho": steiner_ratio(np.asarray(D, dtype=object))}
        assert values["rho"] == 1 and inside(claim, values), values
        got = _at(expr, {"l_1": l1, "l_g": l2 - l1})
        assert got == claim.quantity(values) == l2, (values, got)


@pytest.mark.parametrize("claim_id", ["retain.lemD.1", "retain.lem3.3", "retain.lemD.1:m-edges+fix", "retain.lemD.3",
                                      "retain.thmD.4+fix"])
def test_a_wrong_run_is_a_mismatch(claim_id):
    assert start_statuses(claim_id, lambda first: first * sympy.Rational(1001, 1000)) == (START_CHECKED, START_MISMATCH)


def test_an_unordered_shape_is_refused():
    a, b = sympy.symbols("a b", nonnegative=True)
    with pytest.raises(ValueError, match="cannot order"):
        kruskal_weight((0, 1, 2), ((0, 1, a), (1, 2, b), (0, 2, a + b - 1)))
