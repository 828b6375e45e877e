"""Theorem 3.2's perfect variant on logistic + ridge in d = 1 (certunlearn.claims.d2d.perfect_logistic): each round's
image and retraining's mean enclose independent 50-digit runs; the family is decided inside the hypotheses."""

import mpmath
import numpy as np
import pytest

from certunlearn.algorithms.parameters import ceil_exact
from certunlearn.check.evaluate import evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import setup_of
from certunlearn.claims.d2d.perfect_logistic import logistic_perfect_rounds
from certunlearn.numeric.fraction import Fraction

IDS = ("d2d.thm3.2", "d2d.thm3.2+fix", "d2d.thm3.2:accuracy", "d2d.thm3.2:accuracy+fix")


def _family(cid, size=40):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith("logistic + ridge"))
    return claim, adv, adv.generate(np.random.default_rng(0), size)


def _run(data, lam, lo, hi, eta, start, steps):
    """Projected GD on mean log(1 + e^{−xθ}) + (λ/2)θ² at the working mpmath precision (exact to its digits)."""
    th = mpmath.mpf(start)
    for _ in range(steps):
        grad = sum(-x * mpmath.exp(-x * th) / (1 + mpmath.exp(-x * th)) for x in data) / len(data) + lam * th
        th = min(max(th - eta * grad, lo), hi)
    return th


@pytest.mark.parametrize("cid", ["d2d.thm3.2", "d2d.thm3.2+fix"])
def test_the_images_and_retraining_enclose_50_digit_runs(cid):
    claim, _, insts = _family(cid)
    for inst in insts[:2]:
        s = setup_of(inst)
        env = {k: Fraction(inst[k]) for k in ("epsilon", "delta", "L", "M", "m", "n", "d", "D", "I")}
        eta = 2 / (env["M"] + env["m"])
        lo, hi = s.lo[0], s.hi[0]
        _, rounds = logistic_perfect_rounds(cid, inst)
        with mpmath.workdps(50):
            to = lambda q: mpmath.mpf(q.numerator) / q.denominator  # noqa: E731
            for i, (X, (L, H, mu_lo, mu_hi)) in enumerate(zip(s.datasets()[1:], rounds), start=1):
                data = [to(Fraction(r[0])) for r in X]
                Ti = ceil_exact(claim.prescribed["T_i"], {**env, "i": i})
                Tn = ceil_exact(claim.prescribed["T"], {**env, "n": len(X)})
                args = (data, to(s.loss.lam), to(lo), to(hi), to(eta))
                images = [_run(*args, z, Ti) for z in (-100, to(lo), (to(lo) + to(hi)) / 2, to(hi), 100)]
                assert all(to(L) <= y <= to(H) for y in images), (i, L, H, images)
                assert max(images) - min(images) > 0  # the starts spread: an image of width 0 would not test the hull
                mu = _run(*args, to(Fraction(s.theta0[0])), Tn)
                assert to(mu_lo) <= mu <= to(mu_hi)


@pytest.mark.parametrize("cid", IDS)
def test_the_logistic_family_is_decided_inside_the_hypotheses(cid):
    claim, adv, insts = _family(cid)
    assert not adv.boundary_base and len(insts) == 4
    assert all(inst.get("logistic") == 1 and len(inst["A"]) == 1 for inst in insts)
    for inst in insts[:2]:
        assert all(h.decide(inst).name == "TRUE" for h in claim.hypotheses)
        ev = evaluate(claim, inst, 256)
        assert ev.decided, ev.reason
    assert len(adv.generate(np.random.default_rng(0), 100_000)) == 16


def test_the_sublevel_ends_with_a_rational_minimiser_enclose_the_roots():
    """Balanced data ±1: f′(0) = 0 exactly, so the minimiser's bisection stops at its first midpoint (its sign is not
    decided); min f = f(0) = log 2 is enclosed by convexity instead, and the ends ±r of {f ≤ log 2 + α} (f even) enclose
    the root of f(r) = log 2 + α found by mpmath at 50 digits."""
    from flint import arb, ctx

    from certunlearn.claims.d2d.common import pgd_instance, smooth_sublevel_ends

    inst = pgd_instance([Fraction(1, 4)], 1, [-2], [2], [[1], [-1]], [], [-2], logistic=True)
    s = setup_of(inst)
    alpha = Fraction(1, 1000)
    old = ctx.prec
    ctx.prec = 256
    try:
        a, b = smooth_sublevel_ends(s, s.datasets()[0], arb(alpha.numerator) / alpha.denominator)
    finally:
        ctx.prec = old
    with mpmath.workdps(50):
        f = lambda t: (mpmath.log(1 + mpmath.exp(-t)) + mpmath.log(1 + mpmath.exp(t))) / 2 + t * t / 8  # noqa: E731
        r = mpmath.findroot(lambda t: f(t) - mpmath.log(2) - mpmath.mpf(1) / 1000, 0.1)
        ends = [mpmath.mpf(x.str(60, radius=False)) for x in (a.lower(), a.upper(), b.lower(), b.upper())]
        assert ends[2] <= r <= ends[3] and ends[0] <= -r <= ends[1]
        assert ends[3] - ends[2] < mpmath.mpf(10) ** -12 and ends[1] - ends[0] < mpmath.mpf(10) ** -12
