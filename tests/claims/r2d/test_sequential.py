"""Remark 3.3 (sequential requests): the composed run's shift against a hand-written gradient descent at 100 digits,
the prescribed σ against the printed formula at m + k, and the control's counterexample re-computed."""

import mpmath
import numpy as np

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.sequential import sequential_delta, sequential_shift
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction
from certunlearn.numeric.precision import workprec

REM = get_claim("r2d.rem3.3")
CONTROL = get_claim("r2d.rem3.3:control-sigma-first-batch")


def hand_gd(X, theta0, eta, steps, dps=100):
    """Gradient descent on linear losses f_x(θ) = xθ (1-d): θ ← θ − η·mean(x), at ``dps`` digits."""
    with mpmath.workdps(dps):
        th = mpmath.mpf(theta0.numerator) / theta0.denominator if isinstance(theta0, RATIONAL_TYPES) else +theta0
        g = mpmath.fsum(mpmath.mpf(x.numerator) / x.denominator for x in X) / len(X)
        for _ in range(steps):
            th -= mpmath.mpf(eta.numerator) / eta.denominator * g
        return th


def random_inst(seed=3):
    rng = np.random.default_rng(seed)
    X = [[Fraction(int(v), 8)] for v in rng.integers(-8, 9, 7)]
    return {"family": 0, "X": X, "n": 7, "m": 2, "k": 2, "eta": Fraction(1), "L": Fraction(1, 4),
            "G": 1 + Fraction(1, 2**30), "T": 9, "K": 4, "epsilon": Fraction(1), "delta": Fraction(1, 100),
            "R": Fraction(1), "theta0": [Fraction(1, 3)]}


def test_sequential_shift_matches_hand_written_descent():
    inst = random_inst()
    xs = [row[0] for row in inst["X"]]
    with mpmath.workdps(100):
        checkpoint = hand_gd(xs, inst["theta0"][0], inst["eta"], inst["T"] - inst["K"])
        unlearned = hand_gd(xs[:3], checkpoint, inst["eta"], inst["K"])  # both batches gone: the first 3 rows stay
        retrained = hand_gd(xs[:3], inst["theta0"][0], inst["eta"], inst["T"])
        want = abs(unlearned - retrained)
    with workprec(256):
        got = sequential_shift(inst)
    with mpmath.workdps(100):
        assert abs(mpmath.mpf(got.mid().str(50, radius=False)) - want) < mpmath.mpf(10) ** -40


def test_prescribed_sigma_is_eq3_at_the_total_and_the_instance_is_inside():
    inst = random_inst()
    n, mk, eta, L, G, T, K = 7, 4, mpmath.mpf(1), mpmath.mpf(1) / 4, 1 + mpmath.mpf(2) ** -30, 9, 4
    with mpmath.workdps(100):
        h = ((1 + eta * L * n / (n - mk)) ** (T - K) - 1) * (1 + eta * L) ** K
        want = 2 * mk * G * h * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 * 100)) / (L * n)
    with workprec(256):
        got = REM.with_prescribed(inst)["sigma"]
    with mpmath.workdps(100):
        assert abs(mpmath.mpf(got.mid().str(50, radius=False)) / want - 1) < mpmath.mpf(10) ** -40
    assert evaluate(REM, inst, 512).outcome == WITHIN
    assert evaluate(REM, {**inst, "k": 5}, 512).outcome == EXCLUDED  # m + k = n: nothing retained


def test_the_control_counterexample_is_real():
    """The control (σ at the first batch only) on opposed losses: the true δ at its σ, re-computed with mpmath."""
    inst = next(i for i in CONTROL.adversaries[0].generate(np.random.default_rng(0), 24)
                if evaluate(CONTROL, i, 512).outcome == VIOLATED)
    with workprec(256):
        env = CONTROL.with_prescribed(inst)
        shift = float(sequential_shift(inst).mid())
        sigma = float(env["sigma"].mid())
        got = sequential_delta(env)
    with mpmath.workdps(100):
        s, e = mpmath.mpf(shift) / mpmath.mpf(sigma), mpmath.mpf(inst["epsilon"].numerator) / inst["epsilon"].denominator
        ncdf = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2  # noqa: E731
        want = ncdf(s / 2 - e / s) - mpmath.e ** e * ncdf(-s / 2 - e / s)
        assert want > mpmath.mpf(inst["delta"].numerator) / inst["delta"].denominator
    assert abs(float(got.mid()) / float(want) - 1) < 1e-6
