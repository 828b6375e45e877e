"""certunlearn.problems.polygon: exact projection and quadratic minimiser on a convex polygon, certified independently
by the variational inequality at every vertex (exact: for a convex polygon it is linear in the competitor)."""
from fractions import Fraction

import numpy as np
import pytest

from certunlearn.errors import InvalidParameterError
from certunlearn.problems.polygon import Polygon

F = Fraction
TRI = Polygon(((F(-1), F(-1)), (F(1), F(-1, 2)), (F(-1, 2), F(1))))
PENT = Polygon(((F(-1), F(-1, 2)), (F(0), F(-1)), (F(1), F(-1, 4)), (F(1, 2), F(3, 4)), (F(-3, 4), F(1, 2))))


def _vi(poly, q, grad):
    """⟨∇f(q), v − q⟩ ≥ 0 for every vertex v (then for all of Θ): q minimises the convex f over Θ."""
    return all(grad[0] * (v[0] - q[0]) + grad[1] * (v[1] - q[1]) >= 0 for v in poly.vertices)


@pytest.mark.parametrize("poly", [TRI, PENT])
def test_projection_and_argmin_satisfy_the_variational_inequality(poly):
    rng = np.random.default_rng(3)
    for _ in range(60):
        p = [F(int(v), 8) for v in rng.integers(-24, 25, 2)]
        q = poly.project(np.asarray(p, dtype=object))
        assert poly.contains(q)
        assert _vi(poly, q, (q[0] - p[0], q[1] - p[1]))
        for a in ((F(1), F(1)), (F(1), F(4)), (F(20), F(1, 3))):
            s = poly.quadratic_argmin(a, p)
            assert poly.contains(s) and _vi(poly, s, (a[0] * (s[0] - p[0]), a[1] * (s[1] - p[1])))


def test_edge_and_vertex_minimisers_and_inside_points():
    assert TRI.quadratic_argmin((1, 1), (F(5, 4), F(5, 4))) == (F(1, 4), F(1, 4))  # on an edge
    assert PENT.quadratic_argmin((1, 1), (F(5, 4), F(5, 4))) == (F(1, 2), F(3, 4))  # at a vertex
    assert TRI.quadratic_argmin((1, 4), (F(0), F(0))) == (0, 0)
    assert TRI.contains([F(0), F(0)]) and not TRI.contains([F(1), F(1)])


def test_nonconvex_or_clockwise_vertices_are_refused():
    with pytest.raises(InvalidParameterError):
        Polygon(((F(0), F(0)), (F(0), F(1)), (F(1), F(0))))  # clockwise
