"""Issue 23, d2d §3 accuracy claims on a non-quadratic loss in d = 2: the separable Huber-smoothed quadratic's accuracy
event (certunlearn.claims.d2d.separable_tail) — against an independent mpmath computation at 100 digits (the 2-d
integral in the other order, over θ₂ outside and θ₁ inside, every root by mpmath's own root finder), against the
ellipse's integral (certunlearn.claims.d2d.ellipse_tail) where every piece is one quadratic, and the family decided."""

import mpmath
import numpy as np
import pytest
from flint import arb, ctx

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.ellipse_tail import ellipse_exterior
from certunlearn.claims.d2d.separable_tail import huber_margins, separable_exterior
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction

F = Fraction
X4 = [[F(2), F(1)], [F(2), F(1)], [F(-1, 3), F(1, 2)], [F(7, 10), F(-1)]]


def _mp(q):
    q = Fraction(q)
    return mpmath.mpf(q.numerator) / q.denominator


def _mp_margin(a, c, w, xs):
    a, c, w, xs = _mp(a), _mp(c), _mp(w), [_mp(x) for x in xs]

    def f(th):
        tot = mpmath.mpf(0)
        for x in xs:
            r = th - x
            tot += a * r * r / 2 + c * (r * r / (2 * w) if abs(r) <= w else abs(r) - w / 2)
        return tot / len(xs)

    def df(th):
        return sum(a * (th - x) + c * max(-1, min(1, (th - x) / w)) for x in xs) / len(xs)

    lo, hi = min(xs) - 1, max(xs) + 1  # the minimiser by bisection of the increasing derivative
    for _ in range(360):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if df(mid) < 0 else (lo, mid)
    f.df = df
    return f, (lo + hi) / 2, sorted(x + e * w for x in xs for e in (-1, 1))


def _mp_root(f, level, start, right):
    """The root of f = level right (left) of start (f convex and C¹, minimal at start): safeguarded Newton on
    g = √(f − f(start)) − √(level − f(start)), which is nearly linear near the minimum (no slow double root), every
    step kept inside a bracket that bisection shrinks where Newton would leave it."""
    fmin = f(start)
    if level <= fmin:  # a quadrature node at the domain's end, rounded beyond it: the interval is the point
        return start
    target = mpmath.sqrt(level - fmin)

    def g(y):
        return mpmath.sqrt(max(f(y) - fmin, 0)) - target

    step = mpmath.mpf(1)
    far = start + (step if right else -step)
    while f(far) < level:
        step *= 2
        far = start + (step if right else -step)
    lo, hi = (start, far) if right else (far, start)  # g < 0 at the minimum's side, > 0 beyond the root
    y = far
    eps = mpmath.mpf(10) ** (-mpmath.mp.dps + 5)
    for _ in range(1000):
        gy = g(y)
        if (gy < 0) == right:
            lo = y
        else:
            hi = y
        root = mpmath.sqrt(max(f(y) - fmin, 0))
        slope = f.df(y) / (2 * root) if root > 0 else 0
        new = y - gy / slope if slope else (lo + hi) / 2
        if not lo < new < hi:
            new = (lo + hi) / 2
        if abs(new - y) < eps or hi - lo < eps:
            return new
        y = new
    raise AssertionError("the safeguarded Newton iteration did not converge")


def _mp_exterior(a, c, w, X, centre, sigma, t):
    """P[F₁(Y₁) + F₂(Y₂) > t] at 100 digits, integrating over θ₂ outside (the other order than the module's)."""
    f1, s1, k1 = _mp_margin(a[0], c, w, [r[0] for r in X])
    f2, s2, k2 = _mp_margin(a[1], c, w, [r[1] for r in X])
    c1, c2, sig, t = (_mp(v) for v in (*centre, sigma, t))
    lev = t - f1(s1)
    e1, e2 = _mp_root(f2, lev, s2, False), _mp_root(f2, lev, s2, True)
    cuts = [e1, e2] + [k for k in k2 if e1 < k < e2]
    for k in k1:  # where the inner roots cross F₁'s breakpoints: F₂(y) = t − F₁(k)
        if t - f1(k) > f2(s2):
            cuts += [_mp_root(f2, t - f1(k), s2, False), _mp_root(f2, t - f1(k), s2, True)]
    cuts = sorted(cuts)
    r2 = mpmath.sqrt(2)

    def inner(y):
        level = t - f2(y)
        a_, b_ = _mp_root(f1, level, s1, False), _mp_root(f1, level, s1, True)
        dens = mpmath.npdf(y, c2, sig)
        return dens * (mpmath.erfc((b_ - c1) / (sig * r2)) + mpmath.erfc((c1 - a_) / (sig * r2))) / 2

    out = (mpmath.erfc((e2 - c2) / (sig * r2)) + mpmath.erfc((c2 - e1) / (sig * r2))) / 2
    return out + mpmath.quad(inner, cuts)


@pytest.mark.slow
@pytest.mark.parametrize("c, centre, level", [(F(3, 8), (F(1, 2), F(0)), F(1, 5)),
                                              (F(1), (F(3, 2), F(-1, 2)), F(3, 4))])
def test_the_separable_huber_tail_agrees_with_mpmath_at_100_digits(c, centre, level):
    _agrees(c, centre, level, 100, 230, 50)


def test_the_separable_huber_tail_agrees_with_mpmath_at_30_digits():
    """The fast version of the 100-digit oracle (the 100-digit one is marked slow: minutes of CPU)."""
    _agrees(F(3, 8), (F(1, 2), F(0)), F(1, 5), 30, 128, 25)


def _agrees(c, centre, level, dps, prec, digits):
    a, w, sigma = (F(1), F(2)), F(1, 4), F(1, 3)
    ms = huber_margins(a, c, w, X4)
    t = ms[0].f(ms[0].argmin) + ms[1].f(ms[1].argmin) + level
    with ctx.workprec(prec):
        got = separable_exterior(ms[0], ms[1], [to_arb(v) for v in centre], to_arb(sigma), to_arb(t))
        assert got.rad() < 10.0 ** -(digits + 5)
    with mpmath.workdps(dps):
        want = _mp_exterior(a, c, w, X4, centre, sigma, t)
        text = mpmath.nstr(want, dps - 5)
    with ctx.workprec(400):
        assert got.overlaps(arb(text, arb(10) ** -digits)), (got, text)
    assert 0.05 < float(want) < 0.99  # neither trivially 0 nor 1: the pieces matter


def test_without_the_huber_term_it_is_the_ellipse():
    """c = 0: F₁ + F₂ = ½Σa_k(θ_k − x̄_k)² + const, the ellipse's exterior (every breakpoint still cuts the integral)."""
    ms = huber_margins((F(1), F(2)), F(0), F(1, 4), X4)
    xb = [sum(r[k] for r in X4) / 4 for k in range(2)]
    const = ms[0].f(xb[0]) + ms[1].f(xb[1])
    for centre, level in (((F(1, 2), F(0)), F(1, 5)), ((F(-1), F(2)), F(1, 50))):
        t = ms[0].f(ms[0].argmin) + ms[1].f(ms[1].argmin) + level
        sig = arb(1) / 3
        got = separable_exterior(ms[0], ms[1], [to_arb(v) for v in centre], sig, to_arb(t))
        tau = 2 * (to_arb(t) - to_arb(const)) / (sig * sig)
        ref = ellipse_exterior(arb(1), arb(2), (to_arb(centre[0] - xb[0])) / sig, to_arb(centre[1] - xb[1]) / sig, tau)
        assert got.overlaps(ref) and got.rad() < 1e-12


def test_inside_the_huber_band_it_is_the_ellipse_of_the_band_curvature():
    """Every point at x: below the level c·w/2·(a/c + 1/w)… the sublevel set lies in the band |θ_k − x_k| < w, where
    F_k = ½(a_k + c/w)(θ_k − x_k)² exactly: the ellipse with weights a_k + c/w."""
    a, c, w = (F(1), F(3)), F(1, 2), F(1, 2)
    x = [F(1, 3), F(-1, 4)]
    ms = huber_margins(a, c, w, [x] * 3)
    level = F(1, 40)  # ½(a_k + c/w)r² ≤ 1/40 ⇒ |r| ≤ 0.23 < w
    sig = arb(1) / 5
    centre = [F(1, 2), F(0)]
    got = separable_exterior(ms[0], ms[1], [to_arb(v) for v in centre], sig, to_arb(level))
    ref = ellipse_exterior(to_arb(a[0] + c / w), to_arb(a[1] + c / w), to_arb(centre[0] - x[0]) / sig,
                           to_arb(centre[1] - x[1]) / sig, 2 * to_arb(level) / (sig * sig))
    assert got.overlaps(ref) and got.rad() < 1e-12 and 0.1 < float(ref.mid()) < 0.99
    # a level beyond the band: the Huber pieces are linear there, the ellipse of the band curvature is wrong
    far = separable_exterior(ms[0], ms[1], [to_arb(v) for v in centre], sig, to_arb(F(2)))
    wrong = ellipse_exterior(to_arb(a[0] + c / w), to_arb(a[1] + c / w), to_arb(centre[0] - x[0]) / sig,
                             to_arb(centre[1] - x[1]) / sig, 4 / (sig * sig))
    assert not far.overlaps(wrong)


ACC = ("d2d.thm3.1:accuracy", "d2d.thm3.1:accuracy+fix", "d2d.thm3.4:accuracy", "d2d.thm3.4:accuracy+fix",
       "d2d.thm3.5:accuracy", "d2d.thm3.5:accuracy+fix", "d2d.rem3.6:accuracy", "d2d.rem3.6:accuracy+fix")
FAMILY = "Huber-smoothed quadratics in d = 2"


def _family(cid, size=40):
    claim = get_claim(cid)
    adv = next(a for a in claim.adversaries if a.name.startswith(FAMILY))
    return claim, adv.generate(np.random.default_rng(0), size)


@pytest.mark.parametrize("cid", ACC)
def test_each_accuracy_claim_decides_the_2d_huber_family(cid):
    claim, insts = _family(cid)
    assert len(insts) == 2 and all(len(i["A"]) == 2 and i.get("huber") for i in insts)
    for inst in insts:
        assert all(h.decide(inst).name == "TRUE" for h in claim.hypotheses)  # inside the printed class
        res = evaluate(claim, inst, 256)
        assert res.outcome in (WITHIN, "violated"), (cid, res.outcome, res.reason)


def test_the_face_and_the_corner_put_the_optimum_on_the_boundary():
    from certunlearn.claims.d2d.common import setup_of

    _, insts = _family("d2d.thm3.4:accuracy")
    stars = []
    for inst in insts:
        s = setup_of(inst)
        star = s.minimiser(s.X)
        stars.append(list(star))
        assert any(v in (lo, hi) for v, lo, hi in zip(star, s.lo, s.hi))  # an active projection
    assert stars[0][0] == 1 and -1 < stars[0][1] < 1  # a face
    assert stars[1] == [1, 1]  # a corner


def test_the_printed_theorem31_alpha_fails_at_the_2d_huber_face_at_100_digits():
    """A new violating instance of d2d.thm3.1:accuracy (already violated in d ≤ 4 by quadratics, same cause: the
    proof's last step needs ∇f(θ*) = 0) on the separable Huber loss in d = 2, inside the printed hypotheses, confirmed
    independently of the integral: θ* = (1, θ*₂) on the face θ₁ = 1 with every point at (2, 0), so by convexity
    f_D(θ) − f_D(θ*) ≥ F₁(θ₁) − F₁(1) ≥ g·(1 − θ₁) with g = −F₁'(1) = a₁ + c (|θ₁ − 2| = 1 > w: the Huber term's
    slope is c), and the event holds wherever θ̃₁ < 1 − α/g: P ≥ Φ((1 − α/g − θ̂₁)/σ), evaluated in mpmath at 100
    digits at α's upper end and both ends of σ, above β = 1/1000."""
    from certunlearn.claims.d2d.common import accuracy_radius, secret_runs_of

    cid = "d2d.thm3.1:accuracy"
    claim, insts = _family(cid)
    face = insts[0]
    assert face["X"] == [[2, 0]] * 4 and face["beta"] == F(1, 1000)
    assert all(h.decide(face).name == "TRUE" for h in claim.hypotheses)
    values = claim.with_prescribed(face)
    with ctx.workprec(400):
        alpha, sigma = accuracy_radius(cid, values)
        means = secret_runs_of(cid, values)[0]
    a1, c = F(face["A"][0]), F(face["huber"][0])
    assert 1 > F(face["huber"][1])  # |θ₁ − 2| = 1 beyond the band: F₁'(1) = −(a₁ + c)
    with mpmath.workdps(100):
        g = _mp(a1 + c)
        al = mpmath.mpf(alpha.upper().str(110, radius=False))
        lows = []
        for sg in (sigma.lower(), sigma.upper()):
            sg = mpmath.mpf(sg.str(110, radius=False))
            lows.append(mpmath.ncdf((1 - al / g - _mp(means[0][0])) / sg))
        low = min(lows)
    assert low > mpmath.mpf(1) / 1000  # the printed β: violated
    res = evaluate(claim, face, 256)
    assert res.outcome == "violated" and float(res.observed) >= float(low) - 1e-12


def test_the_scope_narrows_only_what_is_not_reached():
    from certunlearn.claims.d2d.scope import SCOPE

    for key in ("thm3.1:accuracy", "thm3.4:accuracy", "thm3.5:accuracy", "rem3.6:accuracy"):
        whats = [n.what for n in SCOPE[key].narrowed]
        # every strongly convex non-quadratic loss is enclosed in any d (.sandwich_tail): no such narrowing is left
        assert not any(w.startswith("non-quadratic losses") for w in whats)
        assert not any("losses other than quadratics in d ≥ 2" in w for w in whats)
        assert "in d = 2 on a box" in SCOPE[key].reached
