"""olu's O(T + k) comparators and regret give exactly the direct definitions (exact Fractions)."""
import random

import pytest

from certunlearn.algorithms import olu as A
from certunlearn.numeric.fraction import Fraction


def _direct_comparators(stream, tau, u):
    return [stream.minimiser([t for t in range(1, stream.T + 1) if t not in u[:i]]) for i in range(len(tau) + 1)]


def _direct_regret(stream, laws, tau, u):
    zs = _direct_comparators(stream, tau, u)
    total = 0
    for t in range(1, stream.T + 1):
        total = total + stream.expected_value(t, laws[t - 1]) - stream.value(t, zs[A.interval_of(t, tau)])
    return total


@pytest.mark.parametrize("seed", range(8))
def test_comparators_and_regret_are_the_direct_ones(seed):
    rng = random.Random(seed)
    T, d = rng.randint(3, 30), rng.randint(1, 3)
    X = tuple(tuple(Fraction(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(d)) for _ in range(T))
    s = A.Stream(A.QUADRATIC, X, tuple(Fraction(rng.randint(1, 5), 2) for _ in range(d)))
    k = rng.randint(0, T - 1)
    tau = sorted(rng.sample(range(1, T + 1), k))
    u = []
    for t in tau:
        u.append(rng.choice([x for x in range(1, t + 1) if x not in u] or [t]))
    if len(set(u)) != len(u):
        return
    etas = [Fraction(1, 2 * t + 3) for t in range(1, T + 1)]
    laws = A.passive_laws(s, (Fraction(0),) * d, etas, tau, u, [Fraction(1, 7)] * k)
    assert A.comparators(s, tau, u) == _direct_comparators(s, tau, u)
    assert A.expected_regret(s, laws, tau, u) == _direct_regret(s, laws, tau, u)


def test_all_rows_deleted_raises_like_the_definition():
    s = A.Stream(A.QUADRATIC, ((Fraction(1),),), (Fraction(1),))
    with pytest.raises(Exception) as direct:
        _direct_comparators(s, [1], [1])
    with pytest.raises(type(direct.value)):
        A.comparators(s, [1], [1])
