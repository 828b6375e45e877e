"""Independent oracles shared by the Rewind-to-Delete claim tests: the Gaussian privacy profile (Balle & Wang 2018,
Thm 8) and Theorem 3.1's σ in mpmath, and the opposed-linear-losses instance."""

import mpmath

from certunlearn.claims.r2d.families import gd_instance, opposed_data
from certunlearn.claims.r2d.quantities import LINEAR
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction

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


def closed_form_oracle(claim, inst: dict) -> mpmath.mpf:
    """``claim.quantity_expr`` at ``inst`` in mpmath (150 digits, good to 100 after cancellation; prescribed parameters evaluated first, from their
    own sympy expressions): an evaluation path independent of the arb code the claim's quantity runs."""
    import sympy

    with mpmath.workdps(150):
        env = {k: mp(v) for k, v in inst.items() if isinstance(v, (int, str, *RATIONAL_TYPES))}
        for name, expr in claim.prescribed.items():
            syms = sorted(expr.free_symbols, key=lambda s: s.name)
            env[name] = sympy.lambdify(syms, expr, "mpmath")(*(env[s.name] for s in syms))
        expr = claim.quantity_expr
        integrals = list(expr.atoms(sympy.Integral))
        if integrals:  # a definition by an integral over the real line: mpmath's quadrature
            (integral,) = integrals
            (var, lo, hi), = integral.limits
            syms = sorted(expr.free_symbols, key=lambda s: s.name)
            f = sympy.lambdify([var, *syms], integral.function, "mpmath")
            args = [env[s.name] for s in syms]
            value = mpmath.quad(lambda v: f(v, *args), [-mpmath.inf, 0, mpmath.inf])
            dummy = sympy.Dummy("I", positive=True)
            return sympy.lambdify([dummy, *syms], expr.subs(integral, dummy), "mpmath")(value, *args)
        syms = sorted(expr.free_symbols, key=lambda s: s.name)
        return sympy.lambdify(syms, expr, "mpmath")(*(env[s.name] for s in syms))


def quantity_value(claim, inst: dict):
    """The claim's own quantity at ``inst`` (exact values parsed, prescribed parameters enclosed), at 200 bits (a ball wider than the oracle's 100-digit rounding)."""
    from certunlearn.numeric.enclosure import parse_exact, to_arb
    from certunlearn.numeric.precision import workprec

    values = {k: parse_exact(v) if isinstance(v, str) else v for k, v in inst.items()}
    with workprec(200):
        return to_arb(claim.quantity(claim.with_prescribed(values)))
