"""d2d's O(nd) gradient of a diagonal quadratic gives the very numbers of the loss's dense path."""
import mpmath
import numpy as np
import pytest

from certunlearn.algorithms.d2d import descent as D
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.problems.losses import Quadratic


@pytest.mark.parametrize("d", [1, 3, 6])
def test_diagonal_quadratic_gradient_is_the_dense_one(d):
    rng = np.random.default_rng(d)
    A = tuple(tuple(F(i + 2, 3) if i == j else F(0) for j in range(d)) for i in range(d))
    loss = Quadratic(A, 1)
    X = [[F(int(v), 8 * d) for v in row] for row in rng.integers(-4, 5, (7, d))]
    theta = np.array([F(k + 1, 7) for k in range(d)], dtype=object)
    Xa = np.asarray(X, dtype=object)
    assert list(D._diagonal_quadratic_grad(loss, theta, Xa, None)) == list(loss.risk_grad(theta, Xa, None))
    with mpmath.workdps(60):
        tm = np.array([mpmath.mpf(k + 1) / 7 for k in range(d)], dtype=object)
        Xm = np.asarray([[mpmath.mpf(x.numerator) / x.denominator for x in r] for r in X], dtype=object)
        assert all(a == b for a, b in zip(D._diagonal_quadratic_grad(loss, tm, Xm, None), loss.risk_grad(tm, Xm, None)))
    assert D._diagonal_quadratic_grad(loss, theta.astype(float), Xa.astype(float), None) is None  # float: the loss's path


def test_non_diagonal_quadratic_keeps_the_loss_path():
    loss = Quadratic(((F(2), F(1)), (F(1), F(2))), 1)
    assert D._diagonal_quadratic_grad(loss, np.array([F(0), F(0)], dtype=object),
                                      np.asarray([[F(1, 2), F(0)]], dtype=object), None) is None


def test_data_checked_once_but_rechecked_when_changed_in_place():
    from certunlearn.problems.domains import Whole

    pb = D.Problem(Quadratic(((F(1), F(0)), (F(0), F(2))), 1), Whole())
    X = np.array([[0.5, 0.25], [0.0, -0.5]])
    assert pb.check(X)[0] is X
    assert pb.check(X)[0] is X  # remembered: not checked again
    X[0] = [5.0, 5.0]  # ‖x‖ > R = 1, in place
    with pytest.raises(Exception, match=r"(?i)R|norm|assumption"):
        pb.check(X)
