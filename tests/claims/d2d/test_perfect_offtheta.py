"""certunlearn.claims.d2d.perfect_offtheta: Theorem 3.2 with a loss whose gradient above Θ is not its formula's
(Definitions 2.9–2.11 constrain f_z on Θ only; Algorithm 2 starts at θ̃_{i−1} ∉ Θ). The lower bounds recomputed
independently in mpmath at 100 digits from the paper's formulas written out by hand, and the family inside the
printed hypotheses."""
from dataclasses import replace

import mpmath
import numpy as np

from certunlearn.check.evaluate import evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.perfect_offtheta import OFFTHETA_K, offtheta_perfect, throw_threshold
from certunlearn.formulas.d2d import I_MIN_32, I_MIN_32_FIX
from certunlearn.numeric.fraction import Fraction

CASES = (("d2d.thm3.2", I_MIN_32, False, False), ("d2d.thm3.2+fix", I_MIN_32_FIX, True, False),
         ("d2d.thm3.2:accuracy", I_MIN_32, False, True))
#: the corrections read the class on ℝ^d (perturbed_gd.GLOBAL_LOSS_32): the family lies outside it
FIXES = (("d2d.thm3.2+fix", I_MIN_32_FIX, False), ("d2d.thm3.2:accuracy+fix", I_MIN_32, True))


def _mp_lower(inst, fix: bool, accuracy: bool):
    """The module's lower bound, written out in mpmath from the instance's printed parameters: Θ = [0, 1], every point
    at 1 with a = 1 (θ_t = 1 − 3^{−t} from θ'_0 = 0, never projected), one deletion; u_K the positive root of
    ηKu² − (1 − η)u − (1 − η + η − 0) = 0, i.e. (2/3)Ku² − u/3 − 1 = 0."""
    with mpmath.workdps(100):
        mp = lambda v: mpmath.mpf(Fraction(v).numerator) / Fraction(v).denominator
        m, M, L, D, d, n = mp(1), mp(2), mp(inst["L"]), mp(inst["D"]), 1, inst["n"]
        eps, delta, I = mp(inst["epsilon"]), mp(inst["delta"]), int(inst["I"])
        g = (M - m) / (M + m)
        lg2 = 2 * mpmath.log(2 / delta)
        if fix:
            sigma = 16 * L * g**I / ((1 - g**I) * m * n * (mpmath.sqrt(lg2 + 2 * eps) - mpmath.sqrt(lg2)))
        else:
            sigma = 8 * L * g**I / (1 - g**I) / (m * n * (mpmath.sqrt(lg2 + 3 * eps) - mpmath.sqrt(lg2 + 2 * eps)))
        T = lambda k: int(mpmath.ceil(I + mpmath.log(D * m * k / (2 * L)) / mpmath.log(1 / g)))
        T1 = int(mpmath.ceil(I + mpmath.log(mpmath.log(4 * d / delta)) / mpmath.log(1 / g)))
        theta0, mu1, yfar = 1 - g ** T(n), 1 - g ** T(n - 1), 1 - g ** (T1 - 1)
        K = mp(inst["offtheta"])
        uK = (mp(1) / 3 + mpmath.sqrt(mp(1) / 9 + 4 * 2 * K / 3)) / (4 * K / 3)
        p = mpmath.ncdf(-(1 + uK - theta0) / sigma)
        if accuracy:
            beta = mp(inst["beta"])
            rho = g**I / (1 - g**I) * (4 * L / (m * n) + sigma * mpmath.sqrt(2 * d)) \
                + sigma * mpmath.sqrt(2 * d) * mpmath.log(2 * d / beta)
            alpha = M / 2 * rho**2
            return p * mpmath.ncdf((1 - mpmath.sqrt(2 * alpha) - yfar) / sigma), beta + delta
        tau = (yfar + mu1) / 2
        return p * mpmath.ncdf((tau - yfar) / sigma) - mpmath.exp(eps) * mpmath.ncdf((tau - mu1) / sigma), delta


def test_throw_threshold_lands_below_theta():
    """Every u ≥ u_K is thrown to lo: the exact inequality at u_K and a few multiples, and u_K/2 fails it (the
    threshold is tight within a factor 2)."""
    eta, a, c, lo, hi = Fraction(2, 3), Fraction(1), Fraction(1), Fraction(0), Fraction(1)
    u = throw_threshold(OFFTHETA_K, eta, a, c, lo, hi)
    step = lambda v: (hi + v) - eta * (a * (hi + v - c) + OFFTHETA_K * v * v)
    assert all(step(u * k) <= lo for k in (1, 2, 10, 10**6))
    assert step(u / 2) > lo


def test_lower_bounds_against_mpmath_and_inside_the_hypotheses():
    """For each claim the family's instance lies inside the printed hypotheses (evaluated, not excluded), the
    package's lower end lies below the 100-digit recomputation (at the exact root u_K) by less than 10⁻⁶, and both
    exceed the claim's bound."""
    for cid, expr, fix, accuracy in CASES:
        claim = get_claim(cid)
        inst = offtheta_perfect(expr, accuracy).generate(np.random.default_rng(0), 40)[0]
        # inside the printed class: every hypothesis but the correction's class on ℝ^d (the +fix's own, tested below)
        printed = replace(claim, hypotheses=tuple(h for h in claim.hypotheses if "ℝ^d" not in h.name))
        ev = evaluate(printed, inst, 256)
        assert ev.outcome not in ("excluded", "error"), (cid, ev.reason)
        low = claim.quantity(claim.with_prescribed(inst)).lower()
        want, bound = _mp_lower(inst, fix, accuracy)
        gap = want - mpmath.mpf(low.str(30, radius=False))  # the package's u_K is a dyadic above the root: p smaller
        assert 0 <= gap < mpmath.mpf(10) ** -6, (cid, low, want)
        assert want > bound and low > mpmath.mpf(bound), (cid, want, bound)


def test_the_corrections_class_excludes_the_off_theta_loss():
    """The +fix claims read f_z on ℝ^d: the family's instance is decided outside their hypotheses (excluded, not an
    error), and a global formula's instance of the same shape is inside."""
    for cid, expr, accuracy in FIXES:
        claim = get_claim(cid)
        inst = offtheta_perfect(expr, accuracy).generate(np.random.default_rng(0), 40)[0]
        assert evaluate(claim, inst, 256).outcome == "excluded", cid
        hyp = next(h for h in claim.hypotheses if "ℝ^d" in h.name)
        assert hyp.decide({k: v for k, v in inst.items() if k != "offtheta"}).name == "TRUE", cid
