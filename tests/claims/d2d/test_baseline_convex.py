"""certunlearn.claims.d2d.baseline_convex (Table 1's baseline column, convex rows): the pgd-weak row's failure retyped
at 100 digits, and the +fix holding there."""
from fractions import Fraction

import mpmath

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim


def _alpha_35(n, *, L=1, M=3, D=2, d=1, eps=1, dl=mpmath.mpf(10) ** -5, beta=mpmath.mpf(1) / 20, I=1):
    """Theorem 3.5's explicit accuracy (eqs. (19)–(20) before the O(·)), its prescribed m and σ, retyped."""
    lg = mpmath.log(1 / dl)
    m = mpmath.sqrt(L * M * mpmath.sqrt(d * lg) / (D * eps * n * mpmath.sqrt(I)))
    lp = L + m * D
    gap = mpmath.sqrt(lg + eps) - mpmath.sqrt(lg)
    sig = 2 * mpmath.sqrt(2 * M) * lp / (m * mpmath.sqrt(m * I) * n * gap)
    rho = 4 * lp * mpmath.sqrt(M) / (m * mpmath.sqrt(m * I) * n) + sig * mpmath.sqrt(2 * d) * mpmath.log(2 * d / beta)
    return M / 2 * rho**2 + m * D**2 + m / 2 * D**2


def test_pgd_weak_baseline_violated_independently():
    """M = 3, D = 2, n = 10⁸ → 2·10⁸: retraining by Theorem 2.14 needs ⌈MD²/(2α)⌉ = 7 then 10 iterations, a growth 10/7
    above the entry's √2 — and even before rounding α(n)/α(n₂) > √2, the factor (L + m(n)D)² of L' settling only as
    n → ∞."""
    inst = {"L": 1, "M": 3, "n": 10**8, "n2": 2 * 10**8, "d": 1, "D": 2, "epsilon": Fraction(1), "delta": Fraction(1, 10**5),
            "beta": Fraction(1, 20), "I": 1, "xi": 1}
    with mpmath.workdps(100):
        a1, a2 = _alpha_35(mpmath.mpf(10) ** 8), _alpha_35(2 * mpmath.mpf(10) ** 8)
        t1, t2 = 3 * 4 / (2 * a1), 3 * 4 / (2 * a2)
        assert a1 / a2 > mpmath.sqrt(2)
        ratio = mpmath.ceil(t2) / mpmath.ceil(t1)
        assert ratio > mpmath.sqrt(2)
    claim = get_claim("d2d.table1:pgd-weak-baseline")
    assert claim.quantity(inst) == Fraction(int(mpmath.ceil(t2)), int(mpmath.ceil(t1)))
    assert evaluate(claim, inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.table1:pgd-weak-baseline+fix"), inst, 256).outcome == WITHIN


def test_regularized_baseline_reaches_many_iterations():
    """The family reaches instances where retraining needs many iterations (not only ⌈T⌉ = 1, where the ratio is 1)."""
    from certunlearn.claims.d2d.baseline_convex import baseline_ratio, baseline_structured
    import numpy as np

    q = baseline_ratio("regularized", fix=True)
    assert any(q(inst) > 2 for inst in baseline_structured(np.random.default_rng(0), 1000) if inst["n2"] == 1000 * inst["n"])
