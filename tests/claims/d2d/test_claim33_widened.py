"""Issue 23, d2d Claim 3.3 beyond quadratic and linear losses on boxes: the Huber-smoothed quadratic and logistic
(+ ridge) losses, and discs (certunlearn.claims.d2d.claim33_losses) — each enclosure against an independent mpmath
maximisation at 100 digits, the exact constants by hand, and the family generated and decided."""
from collections import Counter

import mpmath
import numpy as np
import pytest
from flint import arb, ctx

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.claim33_losses import convexity, family, kind_of, lipschitz, smoothness, sup_enclosure
from certunlearn.claims.d2d.regularised import claim33_instance
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction

F = Fraction
FAR = [F(-3, 5), F(-4, 5)]


def _mp(q):
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


def _agrees(ball: arb, value) -> bool:
    with ctx.workprec(400):
        return ball.overlaps(arb(mpmath.nstr(value, 95), arb(10) ** -85))


def _mp_max(fun, lo, hi, grid=720):
    """max of fun over [lo, hi]: the ends, or the best of a grid refined by a ternary search on its neighbourhood."""
    pts = [lo + (hi - lo) * j / grid for j in range(grid + 1)]
    j = max(range(len(pts)), key=lambda i: fun(pts[i]))
    a, b = pts[max(j - 1, 0)], pts[min(j + 1, grid)]
    for _ in range(400):
        m1, m2 = a + (b - a) / 3, b - (b - a) / 3
        if fun(m1) < fun(m2):
            a = m1
        else:
            b = m2
    return max(fun(lo), fun(hi), fun((a + b) / 2))


def _mp_clip(v):
    return max(mpmath.mpf(-1), min(mpmath.mpf(1), v))


def test_sup_enclosure_of_a_known_function():
    with ctx.workprec(200):
        got = sup_enclosure(lambda t: t.sin(), lambda t: t.cos(), F(0), F(2))
    assert got.contains(arb(1)) and got.rad() < 1e-40


@pytest.mark.parametrize("huber", [None, [F(1, 2), F(1, 8)]])
def test_the_disc_supremum_of_a_separable_gradient_agrees_with_mpmath_at_100_digits(huber):
    """‖∇g_x(θ)‖ maximised directly over the circle θ = r(cos φ, sin φ) in mpmath (100 digits)."""
    m_, r = F(1, 10), F(2)
    extra = {"huber": huber} if huber else {}
    inst = claim33_instance([1, 3], 1, [-r, -r], [r, r], [FAR, [1, 0]], m_, ball=r, **extra)
    with ctx.workprec(400):
        got = to_arb(lipschitz(inst))
    with mpmath.workdps(100):
        def norm(phi, x):
            th = [_mp(r) * mpmath.cos(phi), _mp(r) * mpmath.sin(phi)]
            g = [ak * (tk - _mp(xk)) + _mp(m_) * tk for ak, tk, xk in zip((1, 3), th, x)]
            if huber:
                g = [gk + _mp(huber[0]) * _mp_clip((tk - _mp(xk)) / _mp(huber[1])) for gk, tk, xk in zip(g, th, x)]
            return mpmath.sqrt(sum(v * v for v in g))

        want = max(_mp_max(lambda p, x=x: norm(p, x), -mpmath.pi, mpmath.pi) for x in (FAR, [1, 0]))
    assert _agrees(got, want), (got, want)
    assert got.rad() < 1e-80


def test_the_logistic_disc_supremum_agrees_with_a_direct_2d_maximisation_at_100_digits():
    """The reduction to t = ⟨x, θ⟩ against ‖−σ(−⟨x, θ⟩)x + kθ‖ maximised over the circle itself."""
    m_, r, lam = F(1), F(2), F(1, 4)
    inst = claim33_instance([lam, lam], 1, [-r, -r], [r, r], [FAR, [1, 0]], m_, logistic=1, ball=r)
    with ctx.workprec(400):
        got = to_arb(lipschitz(inst))
    with mpmath.workdps(100):
        k = _mp(lam + m_)

        def norm(phi, x):
            th = [_mp(r) * mpmath.cos(phi), _mp(r) * mpmath.sin(phi)]
            t = sum(_mp(a) * b for a, b in zip(x, th))
            s = 1 / (1 + mpmath.exp(t))
            return mpmath.sqrt(sum((-s * _mp(xk) + k * tk) ** 2 for xk, tk in zip(x, th)))

        want = max(_mp_max(lambda p, x=x: norm(p, x), -mpmath.pi, mpmath.pi) for x in (FAR, [1, 0]))
    assert _agrees(got, want), (got, want)


def test_the_logistic_interval_supremum_is_at_an_end_and_agrees_with_mpmath():
    m_, r = F(1, 10), F(2)
    inst = claim33_instance([F(0)], 1, [0], [r], [[-1], [1]], m_, logistic=1)
    with ctx.workprec(400):
        got = to_arb(lipschitz(inst))
    with mpmath.workdps(100):
        h = lambda th, x: abs(-_mp(x) / (1 + mpmath.exp(_mp(x) * th)) + _mp(m_) * th)
        want = max(_mp_max(lambda t, x=x: h(t, x), mpmath.mpf(0), _mp(r)) for x in (-1, 1))
    assert _agrees(got, want), (got, want)


def test_the_huber_box_supremum_is_at_a_vertex_exactly():
    """Exact: the vertex value equals the maximum over a rational grid of the box (which contains the vertices)."""
    m_, r = F(1), F(1, 2)
    inst = claim33_instance([1, 3], 1, [0, 0], [r, r], [FAR, [1, 0]], m_, huber=[F(1, 2), F(1, 8)])
    q = lipschitz(inst)
    loss, _ = family(inst)
    grid = [r * j / 16 for j in range(17)]
    best = max(sum((g + m_ * t) ** 2 for g, t in zip(loss.grad(np.asarray([u, v], dtype=object),
                                                                 np.asarray(x, dtype=object)), (u, v)))
               for u in grid for v in grid for x in (FAR, [1, 0]))
    assert isinstance(q, RATIONAL_TYPES) or to_arb(q).overlaps(to_arb(best).sqrt())
    assert to_arb(q * q if isinstance(q, RATIONAL_TYPES) else q * q).overlaps(to_arb(best))


def test_the_exact_smoothness_and_convexity_of_the_new_losses():
    m_ = F(1, 10)
    hub = claim33_instance([1, 3], 1, [0, 0], [1, 1], [FAR, [1, 0]], m_, huber=[F(1, 2), F(1, 8)])
    assert smoothness(hub) == 3 + F(1, 2) / F(1, 8) + m_ and convexity(hub) == m_ / (1 + m_)
    log = claim33_instance([F(1, 4)], 1, [0], [1], [[-1], [F(1, 2)]], m_, logistic=1)
    assert smoothness(log) == F(1, 4) + F(1, 4) + m_ and convexity(log) == m_ / (F(1, 4) + m_)


@pytest.mark.parametrize("cid", ["d2d.claim3.3", "d2d.claim3.3:smoothness", "d2d.claim3.3:strong-convexity"])
def test_the_widened_family_reaches_every_new_loss_and_disc_and_is_decided(cid):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith("Huber-smoothed and logistic"))
    insts = adv.generate(np.random.default_rng(0), 10**5)
    kinds = Counter((kind_of(i), bool(i.get("ball"))) for i in insts)
    assert {("huber", False), ("huber", True), ("logistic", False), ("logistic", True), ("quadratic", True),
            ("linear", True)} <= set(kinds)
    picked = [next(i for i in insts if (kind_of(i), bool(i.get("ball"))) == k) for k in sorted(kinds)]
    assert all(evaluate(claim, i, 256).outcome == WITHIN for i in picked)
    assert len(adv.generate(np.random.default_rng(0), 40)) == 12
