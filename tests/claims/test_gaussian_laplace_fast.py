"""``gaussian.laplace``'s quantity is computed from one compiled program (DELTA_LAPLACE at b = SCALE_LAPLACE,
substituted on the symbols once) instead of two sympy ``subs`` per instance: the same exact number as ``subs`` at the
instance's values, on the claim's grid and on random instances of its search box."""

import numpy as np
import sympy

from certunlearn.claims import get_claim
from certunlearn.formulas.gaussian import DELTA_LAPLACE, SCALE_LAPLACE, b
from certunlearn.formulas.symbols import Delta, delta, epsilon
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction


def _by_subs(inst):
    exact = {s: sympy.Rational(Fraction(inst[s.name])) for s in (epsilon, delta, Delta)}
    value = DELTA_LAPLACE.subs({**exact, b: SCALE_LAPLACE.subs(exact)})
    assert isinstance(value, sympy.Rational)
    return Fraction(int(value.p), int(value.q))


def _instances():
    claim = get_claim("gaussian.laplace")
    grid = list(claim.adversaries[0].generate(np.random.default_rng(0), 10**6))
    rng = np.random.default_rng(7)
    drawn = [{"epsilon": repr(10 ** rng.uniform(-4, np.log10(500))), "delta": repr(10 ** rng.uniform(-30, np.log10(0.5))),
              "Delta": repr(10 ** rng.uniform(-2, 2))} for _ in range(40)]
    return claim, grid[::7] + drawn + [{"epsilon": "3", "delta": "0", "Delta": "2"}]


def test_the_compiled_laplace_profile_is_subs_at_the_values():
    claim, instances = _instances()
    for inst in instances:
        got = claim.quantity(claim.with_prescribed(inst))
        assert type(got) in RATIONAL_TYPES and got == _by_subs(inst), inst
