"""certunlearn.claims.d2d.perturbed_gd (Theorem 3.1): the true δ and accuracy against independent oracles."""
from fractions import Fraction

import mpmath

from certunlearn.algorithms.parameters import ceil_exact
from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d import common
from certunlearn.claims.instances import frac
from certunlearn.formulas import d2d as F
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.sympy_arb import arb_eval
from certunlearn.numeric.enclosure import to_arb


def _mp(x) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else mpmath.mpf(x)


def _hand_pgd(a, lo, hi, X, theta, eta, T):
    c = sum(X) / len(X)
    for _ in range(T):
        theta = min(max(theta - eta * a * (theta - c), lo), hi)
    return theta


def test_thm31_delta_oracle():
    """Recompute both published means with a hand-written 1-d projected GD (Fractions) and the true δ with the
    Balle–Wang formula in mpmath at 100 digits."""
    claim = get_claim("d2d.thm3.1")
    inst = common.pgd_instance([3], 1, [-1], [1], [[1], [1], [-1], [1]], [[-1, 1], [1, -1]], [-1],
                          epsilon=Fraction(1), delta=Fraction(1, 100), I=1)
    inst["m"], inst["M"] = Fraction(1), Fraction(3)
    vals = {k: frac(v) if not isinstance(v, list) else v for k, v in inst.items()}
    eta = Fraction(1, 2)
    gam = Fraction(1, 2)
    Tn = lambda nn: max(0, int(mpmath.ceil(1 + mpmath.log(vals["D"] * nn / (2 * vals["L"])) / mpmath.log(2))))  # noqa: E731
    D0 = [Fraction(1), Fraction(1), Fraction(-1), Fraction(1)]
    D1 = [Fraction(1), Fraction(-1), Fraction(1)]
    D2 = D1 + [Fraction(-1)]
    th = _hand_pgd(3, -1, 1, D0, Fraction(-1), eta, Tn(4))
    shifts = []
    for Di in (D1, D2):
        th = _hand_pgd(3, -1, 1, Di, th, eta, 1)
        mu = _hand_pgd(3, -1, 1, Di, Fraction(-1), eta, Tn(len(Di)))
        shifts.append(abs(th - mu))
    with mpmath.workdps(100):
        L, n = _mp(vals["L"]), 4
        g = _mp(gam)
        lg = mpmath.log(100)
        sig = 4 * mpmath.sqrt(2) * L * g / (n * (1 - g) * (mpmath.sqrt(lg + 1) - mpmath.sqrt(lg)))
        s = _mp(max(shifts)) / sig
        ncdf = lambda z: mpmath.erfc(-z / mpmath.sqrt(2)) / 2  # noqa: E731
        true = ncdf(s / 2 - 1 / s) - mpmath.e * ncdf(-s / 2 - 1 / s) if s > 0 else mpmath.mpf(0)
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    assert abs(float(to_arb(q).mid()) - float(true)) <= 1e-12 * max(float(true), 1e-300) + float(q.rad()) + 1e-300


def test_accuracy_oracle_boundary_optimum():
    """Theorem 3.1's accuracy event at round 0 in 1-d with the optimum on the boundary, by mpmath erfc."""
    claim = get_claim("d2d.thm3.1:accuracy")
    inst = common.pgd_instance([1], 2, [-1], [1], [[2]] * 4, [], [-1], epsilon=Fraction(1), delta=Fraction(1, 10**5),
                          I=20, beta=Fraction(1, 20))
    inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
    with workprec(256):
        vals = claim.with_prescribed(inst)
        q = claim.quantity(vals)
        alpha = arb_eval(F.ALPHA_31, vals)
    th = _hand_pgd(1, -1, 1, [Fraction(2)] * 4, Fraction(-1), Fraction(4, 3),
                   ceil_exact(F.T_31, {k: frac(inst[k]) for k in ("I", "D", "m", "n", "L", "M")}))
    with mpmath.workdps(100):
        sig = mpmath.mpf(vals["sigma"].mid().str(60, radius=False))
        al = mpmath.mpf(alpha.mid().str(60, radius=False))
        rad = mpmath.sqrt(1 + 2 * al)  # |θ̃ − 2| > √((1 − 2)² + 2α/a)
        t = _mp(th)
        p = (mpmath.erfc((2 + rad - t) / (sig * mpmath.sqrt(2))) + mpmath.erfc((t - (2 - rad)) / (sig * mpmath.sqrt(2)))) / 2
    assert abs(float(to_arb(q).mid()) - float(p)) < 1e-9
    assert float(p) > 0.05  # the printed accuracy bound fails here
    assert evaluate(claim, inst, 512).outcome == VIOLATED
    assert evaluate(get_claim("d2d.thm3.1:accuracy+fix"), inst, 512).outcome == WITHIN
