"""certunlearn.claims.d2d.appendix: the closed forms declared as the quantities of Lemmas A.2 and A.3 (``quantity_expr``,
against which the derivations' starts are checked) agree with the enclosures the claims compute, by mpmath at 100
digits."""

import mpmath
import pytest
import sympy

from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec


def _mp(v):
    v = Fraction(v)
    return mpmath.mpf(v.numerator) / v.denominator


def _close(q, ref):
    mid = mpmath.mpf(q.mid().str(40, radius=False))
    rad = mpmath.mpf(q.rad().str(5, radius=False))
    return abs(mid - ref) <= 2 * rad + mpmath.mpf(10) ** -30 * abs(ref) and rad < mpmath.mpf(10) ** -12 * abs(ref)


@pytest.mark.parametrize("inst", [{"d": 1, "beta": Fraction(1, 10)}, {"d": 7, "beta": Fraction(1, 1000)},
                                  {"d": 30, "beta": Fraction(3, 4)}])
def test_lemA2_quantity_is_its_closed_form(inst):
    claim = get_claim("d2d.lemA.2")
    with workprec(200):
        q = claim.quantity(dict(inst))
    with mpmath.workdps(100):
        f = sympy.lambdify(sorted(claim.quantity_expr.free_symbols, key=str), claim.quantity_expr, "mpmath")
        ref = f(beta=_mp(inst["beta"]), d=_mp(inst["d"]))
        assert _close(q, ref)


@pytest.mark.parametrize("inst", [{"Delta": Fraction(1), "sigma": Fraction(1), "delta": Fraction(1, 100)},
                                  {"Delta": Fraction(3, 10), "sigma": Fraction(2), "delta": Fraction(1, 10**8)}])
def test_lemA3_quantity_is_its_closed_form(inst):
    claim = get_claim("d2d.lemA.3")
    with workprec(200):
        vals = claim.with_prescribed(dict(inst))
        q = claim.quantity(vals)
    with mpmath.workdps(100):
        expr = claim.quantity_expr
        f = sympy.lambdify(sorted(expr.free_symbols, key=str), expr, "mpmath")
        ref = f(Delta=_mp(inst["Delta"]), delta=_mp(inst["delta"]), sigma=_mp(inst["sigma"]))
        assert ref > 0 and _close(q, ref)
