"""Algorithm 1 in d ≥ 1 (certunlearn.algorithms.pomer.multidimensional): in one dimension on a box it is the reference run of
certunlearn.algorithms.pomer draw for draw (a peer); in d = 2 with p = 1 every round switches and x₂ follows μ̄₂,
whose exact coordinate means come from the truncated-Gaussian pieces (a statistical check at 6 standard errors);
on a ball the iterates stay in K."""

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.algorithms.pomer import run
from certunlearn.algorithms.pomer.gibbs import PiecewiseLinear
from certunlearn.algorithms.pomer.multidimensional import run_linear
from certunlearn.algorithms.pomer.samplers import BoxLinear
from certunlearn.errors import InvalidParameterError
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec


@pytest.mark.parametrize("initial", ["uniform", "gibbs"])
def test_one_dimensional_box_is_the_reference_draw_for_draw(initial):
    slopes = [1, -1, F(1, 2), 1, -1]
    with workprec(128):
        log_phi = to_arb(F(3, 2)).log()
    ref = run([PiecewiseLinear.linear(-1, 1, g) for g in slopes], 2, 1, F(1, 10), log_phi,
              np.random.default_rng(7), initial=initial)
    got = run_linear([[g] for g in slopes], 2, 1, F(1, 10), log_phi, np.random.default_rng(7), box=([-1], [1]),
                     initial=initial)
    assert got.switches == ref.switches
    assert all(abs(x[0] - y) < mpmath.mpf(10) ** -15 for x, y in zip(got.points, ref.points))


def test_two_dimensional_box_with_forced_switches_follows_the_gibbs_law():
    """p = 1: ζ_t = 1 always, so x₂ ∼ μ̄₂ ∝ exp(−β(⟨g₁, x⟩ + λ‖x‖²/2)) on [−1, 1] × [−2, 1]."""
    g1 = (F(1), F(-2))
    rng = np.random.default_rng(3)
    xs = []
    for _ in range(150):
        tr = run_linear([g1, (0, 0)], 1, 1, 1, arb(0), rng, box=([-1, -2], [1, 1]))
        assert tr.switches == (1, 1)
        xs.append([float(c) for c in tr.points[1]])
    xs = np.array(xs)
    with workprec(128):
        law = BoxLinear((-1, -2), (1, 1), g1, 1, 1)
        means = [float(m.integral(0, 1).mid()) / float(m.integral().mid()) for m in law.marginals()]
    se = xs.std(axis=0, ddof=1) / np.sqrt(len(xs))
    assert np.all(np.abs(xs.mean(axis=0) - means) < 6 * se)


def test_ball_iterates_stay_in_the_ball_and_keep_when_phi_is_large():
    rng = np.random.default_rng(5)
    with workprec(128):
        log_phi = to_arb(F(1))  # Φ = e: the clip floor Φ⁻² = e⁻² < 1
    tr = run_linear([(1, 0), (0, 1), (-1, 1)], 1, 1, 0, log_phi, rng, radius=2, initial="uniform", dps=15)
    assert len(tr.points) == 3 and all(sum(c * c for c in x) <= 4 for x in tr.points)
    kept = [tr.points[t] == tr.points[t + 1] for t in range(2)]
    assert all(k == (z == 0) for k, z in zip(kept, tr.switches))


def test_bad_inputs_name_the_parameter():
    with pytest.raises(InvalidParameterError, match="box"):
        run_linear([(1,)], 1, 1, 0, arb(0), np.random.default_rng(0))
    with pytest.raises(InvalidParameterError, match="p"):
        run_linear([(1,)], 1, 1, 2, arb(0), np.random.default_rng(0), box=([-1], [1]))
