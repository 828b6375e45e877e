"""certunlearn.claims.d2d.offtheta_excess: the accuracy of the published model (Theorems 3.1, 3.4, 3.5, Remark 3.6 and
Theorem 4.5's (α, β)-accuracy) with a loss whose values above Θ are not its formula's (Definitions 2.9–2.11 constrain
f_z on Θ only; Definition 2.7 evaluates f_{D_i} at θ̃_i). The probabilities recomputed independently in mpmath at 100
digits (Theorem 3.1's σ, α and runs written out by hand from the paper), the family inside the printed hypotheses, and
outside the corrections' class."""

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import accuracy_radius, secret_runs_of
from certunlearn.claims.d2d.offtheta_excess import offtheta_excess, sublevel_top

PRINTED = ("d2d.thm3.1:accuracy", "d2d.thm3.4:accuracy", "d2d.thm3.5:accuracy", "d2d.rem3.6:accuracy", "d2d.thm4.5:alpha")


def _mp(v):
    v = Fraction(v)
    return mpmath.mpf(v.numerator) / v.denominator


def _mp_probability(a, c, K, mean, sigma, alpha):
    """P[f(θ̂ + Z) − f(c) > α] for f = (a/2)(θ − c)² + (K/3)(θ − 1)³₊ (c = hi = 1): the top w of the sublevel set is
    the positive root of (K/3)w³ + (a/2)w² = α, found by mpmath's polynomial solver."""
    roots = mpmath.polyroots([K / 3, a / 2, 0, -alpha], maxsteps=200, extraprec=400)
    w = max(mpmath.re(r) for r in roots if abs(mpmath.im(r)) < mpmath.mpf(10) ** -80)
    return mpmath.ncdf(-(mean - c + mpmath.sqrt(2 * alpha / a)) / sigma) + mpmath.ncdf(-(c + w - mean) / sigma)


def _mp_thm31(inst):
    """Theorem 3.1's accuracy at the family's instance, from the paper (lines 200–209, 242–254) by hand: Θ = [0, 1],
    every point at 1, a = 1, m = 1, M = 2 (γ = 1/3, η = 2/3: each step θ ↦ 1 − (1 − θ)/3), T = ⌈I + log(Dmn/2L)/log 3⌉
    steps in round 0 and I after the deletion; σ = 4√2Lγ^I/(mn(1−γ^I)(√(log(1/δ)+ε) − √log(1/δ))),
    α = (M/2)(4Lγ^I/(mn(1−γ^I)) + σ√(2d)log(2d/β))²."""
    with mpmath.workdps(100):
        m, M, L, D, n, d = _mp(1), _mp(2), _mp(inst["L"]), _mp(inst["D"]), inst["n"], 1
        eps, delta, beta, I = _mp(inst["epsilon"]), _mp(inst["delta"]), _mp(inst["beta"]), int(inst["I"])
        g = (M - m) / (M + m)
        lg = mpmath.log(1 / delta)
        sigma = 4 * mpmath.sqrt(2) * L * g**I / (m * n * (1 - g**I) * (mpmath.sqrt(lg + eps) - mpmath.sqrt(lg)))
        alpha = M / 2 * (4 * L * g**I / (m * n * (1 - g**I)) + sigma * mpmath.sqrt(2 * d) * mpmath.log(2 * d / beta)) ** 2
        T = int(mpmath.ceil(I + mpmath.log(D * m * n / (2 * L)) / mpmath.log(1 / g)))
        means = [1 - mpmath.mpf(3) ** -T, 1 - mpmath.mpf(3) ** -(T + I)]
        return max(_mp_probability(_mp(1), _mp(1), _mp(inst["offtheta"]), mu, sigma, alpha) for mu in means)


def _mp_from_runs(cid, inst):
    """The regularised theorems: the claim's α and σ and its exact runs θ̂_i (the package's, tested elsewhere); the
    sublevel set and the two tails recomputed here."""
    alpha, sigma = accuracy_radius(cid, inst)
    means = secret_runs_of(cid, inst)[0]
    with mpmath.workdps(100):
        al, sg = (mpmath.mpf(x.mid().str(60, radius=False)) for x in (alpha, sigma))
        return max(_mp_probability(_mp(1), _mp(1), _mp(inst["offtheta"]), _mp(mu[0]), sg, al) for mu in means)


def _mp_distributed(inst):
    """Theorem 4.5's published model: the claim's α at the prescribed σ, and the law of the best of C copies' average
    from the package's exact enumeration (tested elsewhere); the mixture of the two tails recomputed here."""
    from certunlearn.claims.d2d.distributed import DIST_NAMES, distributed_runs
    from certunlearn.claims.instances import instance_key
    from certunlearn.formulas.d2d import ALPHA_45
    from certunlearn.numeric.sympy_arb import arb_eval

    rounds, _ = distributed_runs("d2d.thm4.5:alpha", instance_key(inst, DIST_NAMES))
    sigma = to_arb(inst["sigma"])
    alpha = arb_eval(ALPHA_45, {**inst, "sigma": sigma})
    worst = mpmath.mpf(0)
    with mpmath.workdps(100):
        al, sg = (mpmath.mpf(x.mid().str(60, radius=False)) for x in (alpha, sigma))
        for law, _, _ in rounds:
            weights = {}
            for comps in law.values():
                for mu, w in comps:
                    weights[mu] = weights.get(mu, Fraction(0)) + w
            assert sum(weights.values()) == 1
            worst = max(worst, sum(_mp(w) * _mp_probability(_mp(1), _mp(1), _mp(inst["offtheta"]), _mp(mu[0]), sg, al)
                                   for mu, w in weights.items()))
    return worst


def _family_instances(claim):
    adv = next(a for a in claim.adversaries if a.name.startswith("a loss whose values above Θ"))
    return adv.generate(np.random.default_rng(0), 40)


@pytest.mark.parametrize("cid", PRINTED)
def test_the_printed_accuracy_fails_off_theta_against_mpmath(cid):
    """Every instance lies inside the printed hypotheses (evaluated, not excluded), the package's enclosure of the
    probability contains the 100-digit recomputation, and the verdict follows it: violated where it exceeds β (about
    half of θ̃_i lies above Θ, where the loss exceeds any α), which every claim has."""
    claim = get_claim(cid)
    insts = _family_instances(claim)
    violated = 0
    for inst in insts:
        full = claim.with_prescribed(inst)
        got = claim.quantity(full)
        want = (_mp_thm31(full) if cid == "d2d.thm3.1:accuracy" else _mp_distributed(full) if "4.5" in cid
                else _mp_from_runs(cid, full))
        lo, hi = (mpmath.mpf(x.str(40, radius=False)) for x in (got.lower(), got.upper()))
        assert lo - mpmath.mpf(10) ** -30 <= want <= hi + mpmath.mpf(10) ** -30, (cid, got, want)
        assert hi - lo < mpmath.mpf(10) ** -12, (cid, got)
        outcome = evaluate(claim, inst, 256).outcome
        assert outcome == ("violated" if want > _mp(inst["beta"]) else WITHIN), (cid, outcome, want)
        violated += want > _mp(inst["beta"])
    assert violated >= 1


@pytest.mark.parametrize("cid", PRINTED)
def test_the_corrections_class_excludes_the_off_theta_loss(cid):
    """The +fix claims read f_z on ℝ^d: the family's instance is decided outside their hypotheses (excluded, not an
    error), and the same instance without the extension (the global quadratic) is inside."""
    fix = get_claim(cid + "+fix")
    printed = get_claim(cid)
    for inst in _family_instances(printed):
        assert evaluate(fix, inst, 256).outcome == "excluded", cid
        twin = {k: v for k, v in inst.items() if k != "offtheta"}
        assert evaluate(fix, twin, 256).outcome not in ("excluded", "error"), cid
    assert not any(a.name.startswith("a loss whose values above Θ") for a in fix.adversaries)
    assert "on all of ℝ^d" in fix.theorem_class and "on all of ℝ^d" not in printed.theorem_class
    assert not any("off Θ" in n.what for n in fix.narrowed + printed.narrowed)


def test_sublevel_top_against_mpmath():
    """Both branches: the quadratic's edge c + √(2α/a) when it lies in Θ, else the root above hi, enclosed within
    10⁻⁴⁰ of mpmath's root at 100 digits."""
    alpha = to_arb(Fraction(1, 50))
    inside = sublevel_top(Fraction(1), Fraction(1, 2), Fraction(1), Fraction(10**6), alpha)
    assert inside.contains(to_arb(Fraction(1, 2)) + (2 * alpha).sqrt())
    for K in (Fraction(1), Fraction(10**6), Fraction(10**18)):
        for c in (Fraction(1), Fraction(9, 10)):
            with workprec(400):  # the bisection runs while h's sign is decided: its width follows the precision
                top = sublevel_top(Fraction(2), c, Fraction(1), K, to_arb(Fraction(1, 50)))
                ends = [x.str(60, radius=False) for x in (top.lower(), top.upper())]
            with mpmath.workdps(100):
                e = 1 - _mp(c)  # (K/3)w³ + (w + e)² − 1/50 = 0 for w = u − 1 > 0
                roots = mpmath.polyroots([_mp(K) / 3, 1, 2 * e, e * e - mpmath.mpf(1) / 50], maxsteps=200, extraprec=400)
                root = 1 + max(mpmath.re(r) for r in roots if abs(mpmath.im(r)) < mpmath.mpf(10) ** -80)
                lo, hi = (mpmath.mpf(x) for x in ends)
                assert lo - mpmath.mpf(10) ** -45 <= root <= hi + mpmath.mpf(10) ** -45 and hi - lo < mpmath.mpf(10) ** -40


def test_the_data_mean_outside_theta_is_an_error():
    """min_Θ f_D = f_D(c) needs c ∈ Θ: otherwise an error, never a silent value."""
    with pytest.raises(ArithmeticError, match="data mean in Θ"):
        offtheta_excess(Fraction(1), Fraction(2), Fraction(0), Fraction(1), Fraction(10), Fraction(1, 2), arb(1),
                        arb(1))
