"""certunlearn.privacy.location_mixture_hockey against closed forms in mpmath (100 digits): a two-point mixture
½N(−d, σ²) + ½N(d, σ²) against N(0, σ²), where the likelihood ratio e^{−d²/(2σ²)}cosh(dx/σ²) makes the forward
optimal set two tails and the reverse one an interval around 0 (both of the module's cases)."""

import mpmath
import pytest
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.privacy.clipped_gaussian import PiecewiseAffine, ReleasedLaw
from certunlearn.privacy.location_mixture_hockey import location_mixture_hockey


def _oracle(d, s, eps):
    """(E_ε(P‖Q), E_ε(Q‖P)) from the closed-form likelihood ratio: Λ(x) = e^{−d²/(2s²)}cosh(dx/s²)."""
    Q = lambda z: mpmath.erfc(z / mpmath.sqrt(2)) / 2  # noqa: E731
    k = mpmath.exp(-d * d / (2 * s * s))
    t = s * s / d * mpmath.acosh(mpmath.exp(eps) / k)  # Λ(±t) = e^ε
    fwd = 2 * ((Q((t - d) / s) + Q((t + d) / s)) / 2 - mpmath.exp(eps) * Q(t / s))
    u = s * s / d * mpmath.acosh(mpmath.exp(-eps) / k)  # Λ(±u) = e^{−ε}: J = (−u, u)
    mass_q = 1 - 2 * Q(u / s)
    mass_p = 1 - Q((u - d) / s) - Q((u + d) / s)
    return fwd, mass_q - mpmath.exp(eps) * mass_p


@pytest.mark.parametrize("d, eps", [(Fraction(3, 10), Fraction(1, 100)), (Fraction(2), Fraction(1, 2)),
                                    (Fraction(1, 2), Fraction(1, 20))])
def test_two_point_mixture_both_directions(d, eps):
    sigma = Fraction(1, 2)
    F = PiecewiseAffine((Fraction(0),), ((Fraction(0), -d), (Fraction(0), d)))  # X ~ N(0, 1): each atom ½
    with workprec(128):
        p = ReleasedLaw(m=Fraction(0), v1=Fraction(1), v2=sigma * sigma, F=F).density()
        ours = [location_mixture_hockey(to_arb(eps), p, (-d, d), Fraction(0), to_arb(sigma), fw) for fw in (True, False)]
    with mpmath.workdps(100):
        theirs = _oracle(mpmath.mpf(d.numerator) / d.denominator, mpmath.mpf(1) / 2,
                         mpmath.mpf(eps.numerator) / eps.denominator)
    for one, exact in zip(ours, theirs):
        assert one is not None and exact > 0  # every case here has d²/(2σ²) > ε: J is not empty
        lo, hi = (mpmath.mpf(v.str(40, radius=False)) for v in (one.lower(), one.upper()))
        assert lo <= exact * (1 + mpmath.mpf(10) ** -30) and exact <= hi * (1 + mpmath.mpf(10) ** -30)
        assert hi - lo <= exact * mpmath.mpf(10) ** -6
