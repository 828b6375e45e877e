"""certunlearn.claims.d2d.baseline_convex (Table 1's baseline column, convex rows): the pgd-weak row's failure retyped
at 100 digits, and the +fix holding there."""

import mpmath

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction


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


def test_printed_regularized_baseline_family_moves():
    """At the printed regulariser (exponent 4/5) the large-n grid keeps ⌈T⌉ = 1 at n and n₂ — a quantity constant at
    1, which cannot fail; the small-n grid (n ≤ 10, 𝓘 up to 60, d up to 40) reaches ⌈T⌉ > 1, so quick's own family
    moves the printed claim's quantity both ways, at the size quick draws (40 from each grid)."""
    from certunlearn.claims.d2d.baseline_convex import baseline_ratio, baseline_structured
    import numpy as np

    q = baseline_ratio("regularized")
    values = {q(inst) for inst in baseline_structured(np.random.default_rng(0), 40)}
    assert min(values) < 1 < max(values)


def _alpha_34(n, *, L, M, D, d, eps, dl, beta, I):
    """Theorem 3.4's explicit accuracy (its proof's last expression before the O(·)) at its printed regulariser
    m = (LM^{3/2}√(d log(1/δ))/(Dεn𝓘))^{4/5}, retyped: (M/2)ρ² + (3/2)mD², ρ = 4L'G/(mn(1 − G)) + σ√(2d)log(2d/β),
    σ = 4√2·L'G/(mn(1 − G)(√(log(1/δ) + ε) − √log(1/δ))), G = γ^𝓘, γ = M/(M + 2m) (the regularised loss is m-strongly
    convex and (M + m)-smooth), L' = L + mD."""
    lg = mpmath.log(1 / dl)
    m = (L * M ** mpmath.mpf(1.5) * mpmath.sqrt(d * lg) / (D * eps * n * I)) ** (mpmath.mpf(4) / 5)
    lp, G = L + m * D, (M / (M + 2 * m)) ** I
    gap = mpmath.sqrt(lg + eps) - mpmath.sqrt(lg)
    sig = 4 * mpmath.sqrt(2) * lp * G / (m * n * (1 - G) * gap)
    rho = 4 * lp * G / (m * n * (1 - G)) + sig * mpmath.sqrt(2 * d) * mpmath.log(2 * d / beta)
    return M / 2 * rho**2 + 3 * m * D**2 / 2


def test_regularized_baseline_violated_independently():
    """The seed-2 thorough search's point (recorded): M = 341/64, n = 4 → 19, d = 41, ε = 0.3246612548828125, δ = 10⁻⁸,
    𝓘 = 53. Retraining by Theorem 2.14 needs MD²/(2α) = 0.866 then 3.006 iterations, ⌈·⌉ = 1 then 4: a growth 4 against
    the entry's (19/4)^{2/5} = 1.865 (2.14 times) — inside the printed hypotheses (a reading: whole iterations at small
    n; T(n₂)/T(n) = 3.47 is above 1.865 before rounding too); the +fix's bound (19/4)^{2/5}(1 + mD/L)² + 1 holds."""
    inst = {"L": 1, "M": Fraction(341, 64), "n": 4, "n2": 19, "d": 41, "D": 2, "epsilon": Fraction("0.3246612548828125"),
            "delta": Fraction(1, 10**8), "beta": Fraction(1, 20), "I": 53, "xi": 1}
    kw = dict(L=1, M=mpmath.mpf(341) / 64, D=2, d=41, eps=mpmath.mpf("0.3246612548828125"), dl=mpmath.mpf(10) ** -8,
              beta=mpmath.mpf(1) / 20, I=53)
    with mpmath.workdps(100):
        t1, t2 = (kw["M"] * 4 / (2 * _alpha_34(mpmath.mpf(nn), **kw)) for nn in (4, 19))
        assert 0 < t1 < 1 and 3 < t2 < 4
        entry = (mpmath.mpf(19) / 4) ** (mpmath.mpf(2) / 5)
        assert t2 / t1 > entry and mpmath.ceil(t2) / mpmath.ceil(t1) > 2 * entry
    claim = get_claim("d2d.table1:regularized-baseline")
    assert claim.quantity(inst) == Fraction(int(mpmath.ceil(t2)), int(mpmath.ceil(t1))) == 4
    assert evaluate(claim, inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.table1:regularized-baseline+fix"), inst, 256).outcome == WITHIN
