"""Hard-margin SVM (retain paper, Section 3.4 and Appendix F), solved exactly."""
import itertools

import numpy as np
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from certunlearn.algorithms.retain import HardMarginSVM, check_chain, hard_margin_svm
from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric.fraction import Fraction as F

FAST = (Phase.explicit, Phase.reuse, Phase.generate)  # no shrinking: each example is costly


def rows(*pts):
    return np.asarray([[F(v) for v in p] for p in pts], dtype=object)


# the support of D: two margin points on the axis, a far point, and a point closer to the separator
SUPPORT_X = rows((1, 0), (-1, 0), (2, 1), ("1/2", "1/2"))
SUPPORT_Y = [1, -1, 1, 1]


def test_exact_solution_and_margin_defining_support_vectors():
    sol = hard_margin_svm(SUPPORT_X[:3], SUPPORT_Y[:3])
    assert list(sol.w) == [1, 0]
    assert sol.tight == (0, 1)  # (2, 1) lies beyond the margin: not a support vector
    assert sum(sol.alpha) == sol.sqnorm  # zero duality gap: Σα = ‖w‖² (an exact optimality certificate)
    full = hard_margin_svm(SUPPORT_X, SUPPORT_Y)
    assert list(full.w) == [1, 1] and set(full.tight) == {0, 1, 3}


def test_adding_a_non_support_vector_changes_nothing_and_a_margin_point_attains_the_bound():
    mech = HardMarginSVM(SUPPORT_X, SUPPORT_Y)
    R = (SUPPORT_X[:2], SUPPORT_Y[:2])
    assert mech.support_vectors(R) == (0, 1)
    assert mech.shift(R, (SUPPORT_X[2:3], [1])).exact == 0  # beyond the margin: w unchanged
    assert mech.shift(R, (SUPPORT_X[3:4], [1])).exact == 1  # inside the margin of R: w moves to (1, 1)
    rs = mech.exact_rs(R)
    assert rs.value.exact == 1 and list(rs.witness.X[0]) == [F(1, 2), F(1, 2)]
    # Lemma F.2: √(1/γ² − 1/γ_R²) = √(2 − 1) = 1 — attained; GS = 1/γ = √2
    assert mech.bound(R).value.exact == 1
    assert mech.true_margin.q == F(1, 2) and mech.margin(R).exact == 1
    s = mech.sensitivities(R, (SUPPORT_X[3:4], [1]))
    check_chain(s).assert_holds()
    assert mech.global_sensitivity(R).value.q == 2  # √2


def test_svm_errors():
    with pytest.raises(InvalidParameterError, match="^R:"):
        hard_margin_svm(rows((1, 0), (2, 0)), [1, -1])  # not separable through the origin
    mech = HardMarginSVM(SUPPORT_X, SUPPORT_Y)
    with pytest.raises(AssumptionViolatedError, match="supp"):
        mech.bound((rows((3, 3)), [1]))
    with pytest.raises(AssumptionViolatedError, match="y ∈"):
        hard_margin_svm(rows((1, 0)), [2])


@st.composite
def separable(draw):
    # points of a small grid, labelled by the side of a random direction with margin ≥ 1/4
    u = draw(st.sampled_from([(1, 0), (1, 1), (2, 1), (1, -1), (0, 1)]))
    grid = [(F(a, 2), F(b, 2)) for a in range(-3, 4) for b in range(-3, 4)]
    pts = [p for p in grid if abs(p[0] * u[0] + p[1] * u[1]) >= F(1, 2)]
    chosen = draw(st.lists(st.sampled_from(pts), min_size=4, max_size=6, unique=True))
    X = np.asarray([list(p) for p in chosen], dtype=object)
    y = [1 if p[0] * u[0] + p[1] * u[1] > 0 else -1 for p in chosen]
    return X, y


@settings(max_examples=12, deadline=None, derandomize=True, phases=FAST)
@given(separable(), st.data())
def test_svm_chain_on_random_supports(support, data):
    X, y = support
    mech = HardMarginSVM(X, y)
    n = len(y)
    keep = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n - 1, unique=True))
    m = data.draw(st.integers(1, 2))
    rest = [i for i in range(n) if i not in keep]
    if len(rest) < m:
        return
    U = rest[:m]
    s = mech.sensitivities((X[keep], [y[i] for i in keep]), (X[U], [y[i] for i in U]))
    check_chain(s).assert_holds()
    # exactness of every solve: brute force over all subsets of the support agrees with the mechanism's RS
    R = (X[keep], [y[i] for i in keep])
    w0 = hard_margin_svm(*R).w
    best = max(sum((v * v for v in hard_margin_svm(np.concatenate([X[keep], X[list(Z)]]),
                                                   [y[i] for i in keep] + [y[i] for i in Z]).w - w0), F(0))
               for Z in itertools.combinations(range(n), m))
    assert s.exact_rs.kind in ("rational", "sqrt") and (s.exact_rs.q == best or s.exact_rs.q ** 2 == best)
