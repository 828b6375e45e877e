"""certunlearn.claims.d2d.tables (Table 1): the rate violations confirmed independently."""

import mpmath

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.numeric.enclosure import to_arb


def test_table1_pgd_accuracy_violated_independently():
    """Theorem 3.1's explicit α = (M/2)(4Lg/(mn) + σ√(2d)log(2d/β))², σ = 4√2Lg/(mn·gap), g = γ^I/(1−γ^I), retyped in
    mpmath: for M/m = 10 (γ = 9/11 > e^{−1/2}) the bound improves by less than e^{−(I₂−I)}."""
    inst = {"L": 1, "M": 10, "m": 1, "n": 1000, "d": 10, "D": 2, "epsilon": Fraction(1), "delta": Fraction(1, 10**5),
            "beta": Fraction(1, 20), "I": 5, "I2": 15, "xi": 1}
    with mpmath.workdps(100):
        g = mpmath.mpf(9) / 11
        gap = mpmath.sqrt(mpmath.log(10**5) + 1) - mpmath.sqrt(mpmath.log(10**5))

        def alpha(I_):
            gg = g**I_ / (1 - g**I_)
            sig = 4 * mpmath.sqrt(2) * gg / (1000 * gap)
            return mpmath.mpf(10) / 2 * (4 * gg / 1000 + sig * mpmath.sqrt(20) * mpmath.log(400)) ** 2

        ratio = alpha(15) / alpha(5)
        assert ratio > mpmath.e ** -10
    claim = get_claim("d2d.table1:pgd-accuracy")
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    assert abs(float(to_arb(q).mid()) / float(ratio) - 1) < 1e-12
    assert evaluate(claim, inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.table1:pgd-accuracy+fix"), inst, 256).outcome == WITHIN


def test_table1_regularized_accuracy_violated_independently():
    """Theorem 3.4's explicit α = (M/2)ρ² + (3/2)mD² with its printed m ∝ (n𝓘)^{−4/5}, retyped in mpmath: at
    n = 10⁶ the bound *grows* from 𝓘 = 1 to 𝓘 = 11, against the table's (𝓘/𝓘₂)^{2/5}."""
    inst = {"L": 1, "M": 3, "n": 10**6, "d": 10, "D": 2, "epsilon": Fraction(1), "delta": Fraction(1, 10**5),
            "beta": Fraction(1, 20), "I": 1, "I2": 11, "xi": 1}
    with mpmath.workdps(100):
        L, M, n, d, D, eps, lg = 1, 3, mpmath.mpf(10) ** 6, 10, 2, 1, mpmath.log(10**5)
        gap = mpmath.sqrt(lg + eps) - mpmath.sqrt(lg)

        def alpha(I_):
            m = (L * M**1.5 * mpmath.sqrt(d * lg) / (D * eps * n * I_)) ** (mpmath.mpf(4) / 5)
            g = (M / (M + 2 * m)) ** I_
            Lp = L + m * D
            sig = 4 * mpmath.sqrt(2) * Lp * g / (m * n * (1 - g) * gap)
            rho = 4 * Lp / (m * n) * g / (1 - g) + sig * mpmath.sqrt(2 * d) * mpmath.log(2 * d / mpmath.mpf(0.05))
            return M / 2 * rho**2 + m * D**2 + m / 2 * D**2

        ratio = alpha(11) / alpha(1)
        assert ratio > (mpmath.mpf(1) / 11) ** (mpmath.mpf(2) / 5)
    claim = get_claim("d2d.table1:regularized-accuracy")
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    assert abs(float(to_arb(q).mid()) / float(ratio) - 1) < 1e-9
    assert evaluate(claim, inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.table1:regularized-accuracy+fix"), inst, 256).outcome == WITHIN


def test_table1_distributed_iterations_violated_independently():
    """Theorem 4.5's T_i = ⌈10log(2i/δ)(𝓘 + n^{−1/2}log(1 + 10i log(2i/δ))/log(1/γ))⌉ (ξ = 1) retyped in mpmath: from
    i = 1000 to i₂ = 10⁹ it grows by more than log i₂/log i = 3 (it grows like log²i)."""
    inst = {"L": 1, "M": 100, "m": 1, "n": 10, "d": 10, "D": 2, "epsilon": Fraction(1), "delta": Fraction(1, 2),
            "beta": 1, "I": 1, "xi": 1, "i": 1000, "i2": 10**9}
    with mpmath.workdps(100):
        lgam = mpmath.log(mpmath.mpf(101) / 99)

        def T(i_):
            lg = mpmath.log(4 * i_)
            return mpmath.ceil(10 * lg * (1 + mpmath.log(1 + 10 * i_ * lg) / (mpmath.sqrt(10) * lgam)))

        ratio = T(10**9) / T(1000)
        assert ratio > 3
    claim = get_claim("d2d.table1:distributed-iterations")
    q = claim.quantity(inst)
    assert abs(float(to_arb(q).mid()) - float(ratio)) < 1e-12
    assert evaluate(claim, inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.table1:distributed-iterations+fix"), inst, 256).outcome == WITHIN


def test_rem46_rate_and_its_control_independently():
    """Remark 4.6: eq. (31)'s 𝓘-dependent term (4Lg/(mn) + σ√(2d)log(2d/β))², g = γ^a/(1 − γ^a), a = 𝓘n^{(4−3ξ)/2},
    σ = 4√2Lg/(mn·gap), gap = √(log(2/δ) + ε) − √log(2/δ), retyped in mpmath: its ratio from 𝓘 to 𝓘₂ lies below the
    Remark's γ^{(𝓘₂−𝓘)n^{(4−3ξ)/2}} and above γ^{3(…)} (the negative control is violated)."""
    inst = {"L": 1, "M": 3, "m": 1, "n": 16, "d": 10, "D": 2, "epsilon": Fraction(1, 2), "delta": Fraction(1, 100),
            "beta": Fraction(1, 20), "I": 1, "I2": 3, "xi": Fraction(6, 5)}
    with mpmath.workdps(100):
        g0 = mpmath.mpf(1) / 2  # γ = (3 − 1)/(3 + 1)
        e = 2 - 3 * mpmath.mpf(6) / 5 / 2  # (4 − 3ξ)/2
        gap = mpmath.sqrt(mpmath.log(200) + mpmath.mpf(1) / 2) - mpmath.sqrt(mpmath.log(200))

        def term(I_):
            a = I_ * mpmath.mpf(16) ** e
            gg = g0**a / (1 - g0**a)
            sig = 4 * mpmath.sqrt(2) * gg / (16 * gap)
            return (4 * gg / 16 + sig * mpmath.sqrt(20) * mpmath.log(400)) ** 2

        ratio = term(3) / term(1)
        k = 2 * mpmath.mpf(16) ** e
        assert g0 ** (3 * k) < ratio < g0**k
    claim = get_claim("d2d.rem4.6")
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    assert abs(float(to_arb(q).mid()) / float(ratio) - 1) < 1e-12
    assert evaluate(claim, inst, 256).outcome == WITHIN
    assert evaluate(get_claim("d2d.rem4.6:control-exponent-tripled"), inst, 256).outcome == VIOLATED


def test_table1_pgd_baseline_violated_independently():
    """Table 1's baseline “𝓘 + log(εn/√d)” for Theorem 3.1, read in n: full retraining to Theorem 3.1's explicit
    α(n) = (M/2)(4Lg/(mn) + σ√(2d)log(2d/β))², σ = 4√2Lg/(mn·gap), g = γ^𝓘/(1 − γ^𝓘) (retyped in mpmath, 100 digits)
    needs T(n) = ⌈log(MD²/(2α))/(2log(1/γ))⌉ iterations (Theorem 2.13); for M/m = 10 (γ = 9/11 > 1/e) T grows from
    n = 100 to n₂ = 10⁴ by log(n₂/n)/log(1/γ) ≈ 23 ≫ log(n₂/n) ≈ 4.6; the +fix (base 1/γ, + 1) holds."""
    inst = {"L": 1, "M": 10, "m": 1, "n": 100, "n2": 10**4, "d": 10, "D": 2, "epsilon": Fraction(1),
            "delta": Fraction(1, 10**5), "beta": Fraction(1, 20), "I": 5, "xi": 1}
    with mpmath.workdps(100):
        g0 = mpmath.mpf(9) / 11
        gg = g0**5 / (1 - g0**5)
        gap = mpmath.sqrt(mpmath.log(10**5) + 1) - mpmath.sqrt(mpmath.log(10**5))

        def T(nn):
            sig = 4 * mpmath.sqrt(2) * gg / (nn * gap)
            alpha = mpmath.mpf(10) / 2 * (4 * gg / nn + sig * mpmath.sqrt(20) * mpmath.log(400)) ** 2
            t = mpmath.log(10 * 4 / (2 * alpha)) / (2 * mpmath.log(1 / g0))
            assert abs(t - mpmath.nint(t)) > mpmath.mpf(10) ** -50  # the ceilings are decided
            return max(0, int(mpmath.ceil(t)))

        growth = T(10**4) - T(100)
        assert growth > mpmath.log(100) and growth <= mpmath.log(100) / mpmath.log(1 / g0) + 1
    claim = get_claim("d2d.table1:pgd-baseline")
    with workprec(256):
        assert claim.quantity(claim.with_prescribed(inst)) == growth
    assert evaluate(claim, inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.table1:pgd-baseline+fix"), inst, 256).outcome == WITHIN


def test_table1_pgd_perfect_baseline_violated_independently():
    """The same for Theorem 3.2 (retyped in mpmath, 100 digits): α = (M/2)ρ², ρ = g(4L/(mn) + σ√(2d)) + σ√(2d)log(2d/β),
    σ = 8Lg/(mn·gap), gap = √(2log(2/δ) + 3ε) − √(2log(2/δ) + 2ε), g = γ^𝓘/(1 − γ^𝓘), at 𝓘 = 30 (above Theorem 3.2's
    lower bound, a hypothesis checked by the claim): T grows from n = 100 to 10⁴ by ≈ log(100)/log(11/9) ≫ log(100)."""
    inst = {"L": 1, "M": 10, "m": 1, "n": 100, "n2": 10**4, "d": 10, "D": 2, "epsilon": Fraction(1),
            "delta": Fraction(1, 10**5), "beta": Fraction(1, 20), "I": 30, "xi": 1}
    with mpmath.workdps(100):
        g0 = mpmath.mpf(9) / 11
        gg = g0**30 / (1 - g0**30)
        lg2 = 2 * mpmath.log(2 * 10**5)
        gap = mpmath.sqrt(lg2 + 3) - mpmath.sqrt(lg2 + 2)

        def T(nn):
            sig = 8 * gg / (nn * gap)
            rho = gg * (4 / mpmath.mpf(nn) + sig * mpmath.sqrt(20)) + sig * mpmath.sqrt(20) * mpmath.log(400)
            alpha = mpmath.mpf(10) / 2 * rho**2
            t = mpmath.log(10 * 4 / (2 * alpha)) / (2 * mpmath.log(1 / g0))
            assert abs(t - mpmath.nint(t)) > mpmath.mpf(10) ** -50
            return max(0, int(mpmath.ceil(t)))

        growth = T(10**4) - T(100)
        assert growth > mpmath.log(100) and growth <= mpmath.log(100) / mpmath.log(1 / g0) + 1
    claim = get_claim("d2d.table1:pgd-perfect-baseline")
    with workprec(256):
        assert claim.quantity(claim.with_prescribed(inst)) == growth
    assert evaluate(claim, inst, 256).outcome == VIOLATED  # hence inside the hypotheses (I ≥ Theorem 3.2's bound)
    assert evaluate(get_claim("d2d.table1:pgd-perfect-baseline+fix"), inst, 256).outcome == WITHIN


def test_distributed_ceiling_jumps_straddle_a_jump_inside_the_hypotheses():
    """Every instance of the distributed rows' ceiling-jump family is inside the corrected entry's hypotheses and puts
    rounds i, i + 1 on either side of a jump of ⌈T_i⌉ (the quantity is (k + 1)/k), which (log(i + 1)/log i)² alone
    cannot cover: the family is what makes quick see the missing whole iteration."""
    import numpy as np

    from certunlearn.claims.d2d.families import distributed_ceiling_structured
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("d2d.table1:distributed-iterations+fix")
    insts = distributed_ceiling_structured(np.random.default_rng(0), 100)
    assert len(insts) == 8
    for inst in insts:
        values = claim.with_prescribed(dict(inst))
        assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses)
        q = claim.quantity(values)
        assert q.numerator == q.denominator + 1
        with mpmath.workdps(100):
            assert mpmath.mpf(q.numerator) / q.denominator > (mpmath.log(inst["i2"]) / mpmath.log(inst["i"])) ** 2
