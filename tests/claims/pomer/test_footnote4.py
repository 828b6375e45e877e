"""footnote 4 (certunlearn.claims.pomer.privacy, ``pomer.footnote4``): the acceptance ratio as a closed form whose
equality with 1 is proved, the closed-form partition function against mpmath quadrature at 100 digits."""

import mpmath
import sympy

from certunlearn.algorithms.pomer.gibbs import PiecewiseLinear, partition_closed_form
from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

from ..oracles import mp

mpmath.mp.dps = 100
#: l_t = |x| after the prefix max(0, x), c = 1, Φ = 5, β = λ = 1: r(x) is unclipped at x = 0, so the ratio is e^{−β}
#: Z(max(0, x) + |x|)/Z(max(0, x) + |x| + 1), which must be proved equal to 1.
INST = {"a": "-1", "b": "1", "beta": "1", "lam": "1", "shift": "1", "losses": [[0, 0, 1]], "current": [[0, -1, 1]],
        "Phi": "5"}


def test_partition_closed_form_against_quadrature():
    """f = 7/2 + hinge at 1/3 (slopes −1, 2) on [−1, 1], β = 1/3, λ = 5/2: Z(f) against mpmath.quad at 100 digits."""
    kink, beta, lam = F(1, 3), F(1, 3), F(5, 2)
    f = PiecewiseLinear.hinge(-1, 1, kink, -1, 2) + PiecewiseLinear.linear(-1, 1, 0, F(7, 2))

    def density(x):
        fx = mp(F(7, 2)) + (mp(kink) - x if x < mp(kink) else 2 * (x - mp(kink)))
        return mpmath.exp(-mp(beta) * (fx + mp(lam) * x * x / 2))

    quad = mpmath.quad(density, [-1, mp(kink), 1])
    exact = partition_closed_form(f, beta, lam)
    assert abs(sympy.N(exact, 110) / sympy.Float(mpmath.nstr(quad, 105), 105) - 1) < sympy.Float("1e-90")


def test_ratio_is_a_closed_form_proved_equal_to_one():
    claim = get_claim("pomer.footnote4")
    with workprec(64):
        q = claim.quantity(claim.with_prescribed(INST))
    assert isinstance(q, sympy.Expr) and not q.is_Rational and q.has(sympy.erf)
    assert abs(sympy.N(q, 100) - 1) < sympy.Float("1e-95")
    ev = evaluate(claim, INST, 512)
    assert ev.outcome == WITHIN and ev.attained
