"""Rewind-to-Delete claims, certunlearn.claims.r2d.proximal: Lemma 2.3 (the proximal inversion) — checked against
independent oracles (gradient descent by hand in Fractions, mpmath at 100 digits).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""

import mpmath

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.proximal import prox_gap
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

from ..oracles import contains

mpmath.mp.dps = 100
MAX_PREC = 1024


def test_prox_gap_by_hand_and_control_counterexample():
    # f(y) = (a/2)y² + by with a = L = 2, η = 3/4 ∈ (1/L, 2/L): F is concave, so a far probe beats θ_t
    inst = {"fa": [Fraction(2)], "fb": [Fraction(-1, 2)], "theta": [Fraction(1, 3)], "probe": [Fraction(1001, 3)],
            "eta": Fraction(3, 4), "L": Fraction(2)}
    a, b, th, x, eta = Fraction(2), Fraction(-1, 2), Fraction(1, 3), Fraction(1001, 3), Fraction(3, 4)
    nxt = th - eta * (a * th + b)
    F = lambda y: -(a * y * y / 2 + b * y) + (y - nxt) ** 2 / (2 * eta)  # noqa: E731
    gap = F(th) - F(x)
    assert gap > 0  # independent counterexample to "η < 2/L suffices"
    with workprec(128):
        assert contains(prox_gap(inst), gap)
    assert evaluate(get_claim("r2d.lem2.3:control-step-2-over-L"), inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(get_claim("r2d.lem2.3"), inst, MAX_PREC).outcome == "excluded"  # η ≥ 1/L
    inst_ok = {**inst, "eta": Fraction(1, 4)}
    eta = Fraction(1, 4)
    nxt = th - eta * (a * th + b)
    F2 = lambda y: -(a * y * y / 2 + b * y) + (y - nxt) ** 2 / (2 * eta)  # noqa: E731
    assert F2(th) - F2(x) <= 0
    assert evaluate(get_claim("r2d.lem2.3"), inst_ok, MAX_PREC).outcome == WITHIN
