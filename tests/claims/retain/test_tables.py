"""Table 1 claims (:mod:`certunlearn.claims.retain.tables`) against ridge minimisers by hand."""

import mpmath
from flint import arb

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import erm
from certunlearn.numeric.fraction import Fraction as F

mpmath.mp.dps = 100
MAX_PREC = 1024


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def test_table1_mse_at_lambda0_holds_where_example_g2_printed_can_fail():
    xs, ys = [F(1, 8), F(-1, 2), F(3, 4)], [F(1), F(-1), F(1)]
    inst = erm.ridge_instance(["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "0")
    n, a = 3, sum(x * x for x in xs)
    bound = (1 / (mp(a) / (n + 1)) + 1) / (n * mp(a) / n)  # eq. (2) at λ = 0, B = Y = 1
    w = sum(x * y for x, y in zip(xs, ys)) / a
    lower = max(abs(sum(x * y for x, y in zip(xs + [t], ys + [s])) / (a + t * t) - w)
                for t in (F(i, 64) for i in range(-64, 65)) for s in (F(-1), F(1)))
    assert mp(lower) <= bound
    assert evaluate(get_claim("retain.table1:mse-lambda0"), inst, MAX_PREC).outcome == WITHIN


def test_table1_gs_minimisers_on_the_sphere_are_certified():
    """A search instance of ``retain.table1:gs`` whose minimisers (of R and R ∪ {z}) both sit on the sphere
    |w| = R_w: the gradient mapping there is a ball around 0, whose norm must be bounded without the square root of
    a ball with a negative lower end (which gave radius ∞ and the observed [± ∞] against 333.67). By hand (mpmath,
    100 digits): F' > 0 at w = −R_w for both data sets, so both constrained minimisers are exactly −R_w and the
    shift is 0."""
    xs, ys = [F(5, 16), F(7, 8), F(-5, 16)], [1, -1, 1]
    lam, z = F(1, 1000), (F(7, 8), -1)

    def slope(points, w):  # F'(w) of (1/n) Σ log(1 + e^{−y x w}) + λw²/2
        return sum(-mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in points) / len(points) + mp(lam) * w

    R = list(zip(xs, ys))
    assert slope(R, -1) > 0 and slope(R + [z], -1) > 0
    inst = erm.logistic_instance(xs, ["1", "-1", "1"], lam, z[0], z[1], R_w=1)
    fR, fS = erm.logistic_fits(erm.logistic_key(inst))
    assert fR.radius < 1e-30 and fS.radius < 1e-30
    shift = erm.logistic_shift(inst)
    assert shift.is_finite() and shift.contains(0) and shift < arb(10) ** -30


# ---------------------------------------------------------------------------------------------- growth (thorough)
def test_logloss_lambda0_family_grows_inside_the_hypotheses():
    import numpy as np

    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.table1:logloss-lambda0")
    gen = claim.adversaries[0].generate
    quick = gen(np.random.default_rng(1), 40)
    x, y = erm.local_data(1, 1, 2)
    assert len(quick) == 24 and quick[0]["x"] == x and quick[0]["y"] == y and quick[0]["zx"] == 1
    grown = gen(np.random.default_rng(1), 100_000)
    assert grown[:24] == quick and len(grown) == 64
    drawn = grown[24:]
    assert len({v["n"] for v in drawn}) >= 6 and len({v["B"] for v in drawn}) >= 3
    for inst in drawn:
        assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), inst
