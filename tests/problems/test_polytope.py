"""certunlearn.problems.polytope: exact projection and diagonal-quadratic minimiser on {Gθ ≤ h} by active-set
enumeration, certified independently by the variational inequality at every vertex (exact: for a polytope it is
linear in the competitor, so the vertices suffice)."""
import itertools

import numpy as np
import pytest

from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.fraction import Fraction
from certunlearn.problems.polytope import Polytope

F = Fraction
TRI = Polytope.from_polygon(((F(-1), F(-1)), (F(1), F(-1, 2)), (F(-1, 2), F(1))))
PENT = Polytope.from_polygon(((F(-1), F(-1, 2)), (F(0), F(-1)), (F(1), F(-1, 4)), (F(1, 2), F(3, 4)), (F(-3, 4), F(1, 2))))
CUT_CUBE = Polytope(tuple((*(s * (k == j) for k in range(3)), 1) for j in range(3) for s in (1, -1)) + ((1, 1, 1, 1),))


def _vi(poly, q, grad):
    """⟨∇f(q), v − q⟩ ≥ 0 for every vertex v (then on all of Θ): q minimises the convex f over Θ."""
    return all(sum(g * (vk - qk) for g, vk, qk in zip(grad, v, q)) >= 0 for v in poly.vertices())


def test_vertices_of_the_polygon_and_the_cut_cube():
    assert sorted(TRI.vertices()) == sorted([(F(-1), F(-1)), (F(1), F(-1, 2)), (F(-1, 2), F(1))])
    assert len(PENT.vertices()) == 5
    assert len(CUT_CUBE.vertices()) == 7 and (F(1), F(1), F(-1)) in CUT_CUBE.vertices()
    assert CUT_CUBE.contains([F(0)] * 3) and not CUT_CUBE.contains([F(1, 2)] * 3)


@pytest.mark.parametrize("poly", [TRI, PENT, CUT_CUBE])
def test_projection_and_argmin_satisfy_the_variational_inequality(poly):
    rng = np.random.default_rng(3)
    d = poly.dim
    weights = [(F(1),) * d, (F(1), F(4), F(1, 3))[:d], (F(20), F(1, 3), F(2))[:d]]
    for _ in range(25):
        p = [F(int(v), 8) for v in rng.integers(-24, 25, d)]
        q = poly.project(np.asarray(p, dtype=object))
        assert poly.contains(q) and _vi(poly, q, [qk - pk for qk, pk in zip(q, p)])
        for a in weights:
            s = poly.quadratic_argmin(a, p)
            assert poly.contains(s) and _vi(poly, s, [ak * (sk - pk) for ak, sk, pk in zip(a, s, p)])


def test_edge_face_and_vertex_minimisers():
    assert TRI.quadratic_argmin((1, 1), (F(5, 4), F(5, 4))) == (F(1, 4), F(1, 4))  # on an edge
    assert PENT.quadratic_argmin((1, 1), (F(5, 4), F(5, 4))) == (F(1, 2), F(3, 4))  # at a vertex
    assert CUT_CUBE.quadratic_argmin((1, 1, 1), (F(3, 2), F(3, 2), F(1, 2))) == (F(2, 3), F(2, 3), F(-1, 3))
    assert TRI.quadratic_argmin((1, 4), (F(0), F(0))) == (0, 0)  # inside: the centre itself


def test_unbounded_or_flat_rows_are_refused():
    with pytest.raises(InvalidParameterError):
        Polytope(((1, 0, 1), (0, 1, 1), (-1, -1, 5), (1, 1, -10)))  # empty: x + y ≤ −10 against x + y ≥ −5
    with pytest.raises(InvalidParameterError):
        Polytope(((1, 0, 1), (0, 1, 1)))  # too few rows


@pytest.mark.parametrize("poly", [TRI, PENT, CUT_CUBE])
def test_active_set_systems_are_exact_inverses_or_singular(poly):
    """quadratic_argmin solves each KKT system by a precomputed exact inverse of G_S diag(a)⁻¹ G_Sᵀ: checked
    against sympy (M⁻¹M = I, or det M = 0 where no inverse is kept), for every active set of at most d rows."""
    import sympy

    for a in [(F(1),) * poly.dim, (F(1), F(4), F(1, 3))[:poly.dim]]:
        subsets = [S for k in range(poly.dim + 1) for S in itertools.combinations(range(len(poly.rows)), k)]
        systems = [poly._system_at(a, idx) for idx in range(len(subsets))]
        assert [S for S, _, _ in systems] == subsets
        for S, Gs, inv in systems:
            M = sympy.Matrix([[sum(gi[t] * gj[t] / a[t] for t in range(poly.dim)) for gj in Gs] for gi in Gs])
            if inv is None:
                assert M.det() == 0
            else:
                assert sympy.Matrix(len(S), len(S), lambda i, j: inv[i][j]) * M == sympy.eye(len(S))
