"""Independent oracles shared by the Rewind-to-Delete claim tests: the Gaussian privacy profile (Balle & Wang 2018,
Thm 8) and Theorem 3.1's σ in mpmath, and the opposed-linear-losses instance."""
from fractions import Fraction

import mpmath

from certunlearn.claims.r2d.families import gd_instance, opposed_data
from certunlearn.claims.r2d.quantities import LINEAR

from ..oracles import mp


def true_delta(eps, sigma, shift) -> mpmath.mpf:
    """Balle & Wang 2018, Thm 8, in mpmath (independent of certunlearn.privacy)."""
    eps, sigma, shift = mp(eps) if not isinstance(eps, mpmath.mpf) else eps, sigma, shift
    a = shift / (2 * sigma)
    b = eps * sigma / shift
    return mpmath.ncdf(a - b) - mpmath.exp(eps) * mpmath.ncdf(-a - b)


def sigma_31(inst, factor=1) -> mpmath.mpf:
    n, m, eta, L, G, T, K, eps, dlt = (mp(inst[k]) for k in ("n", "m", "eta", "L", "G", "T", "K", "epsilon", "delta"))
    h = ((1 + eta * L * n / (n - m)) ** (T - K) - 1) * (1 + eta * L) ** K
    return factor * 2 * m * G * h * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / dlt)) / (L * n * eps)


def opposed(n=200, m=1, L=Fraction(1, 10**6), eta=Fraction(1), T=12, K=4, eps=Fraction(1), dlt=Fraction(1, 10**5)):
    return gd_instance(LINEAR, opposed_data(n, m), m, eta_=eta, L_=L, G_=1 + Fraction(1, 2**30), T_=T, K_=K,
                       eps=eps, dlt=dlt, R_=Fraction(1))
