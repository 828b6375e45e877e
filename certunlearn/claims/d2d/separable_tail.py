"""The accuracy event of a separable convex piecewise-quadratic loss in d = 2, rigorously (issue 23: d2d accuracy
claims beyond quadratic losses in d ≥ 2).

The accuracy of d2d Theorems 3.1, 3.4, 3.5 and Remark 3.6 (``papers/002_7f80bf4846a5a6af.txt`` lines 205–209,
287–290, 318–330; Definition 2.7, line 121) is P[f_D(θ̂ + Z) > t], t = min_Θ f_D + α, Z ~ N(0, σ²I₂). For a separable
f_D(θ) = F₁(θ₁) + F₂(θ₂) with each F_k convex, C¹ and quadratic with a positive leading coefficient between rational
breakpoints (the Huber-smoothed quadratic of :class:`certunlearn.problems.huber.HuberQuadratic`: F_k is the average of
½a(θ_k − x_k)² + c·hub_w(θ_k − x_k), breakpoints x_k ± w), the sublevel set {F₁ + F₂ ≤ t} is, for each θ₁ in the
interval [E₁, E₂] = {F₁ ≤ t − min F₂}, the interval {θ₂ : F₂(θ₂) ≤ t − F₁(θ₁)} = [a(θ₁), b(θ₁)], so with Y = θ̂ + Z

    P[outside] = P[Y₁ ∉ [E₁, E₂]] + ∫_{E₁}^{E₂} φ_σ(y − θ̂₁) · ½[erfc((b(y) − θ̂₂)/(σ√2)) + erfc((θ̂₂ − a(y))/(σ√2))] dy,

a sum of positive terms (no cancellation: the mass outside is computed directly, never as 1 − inside).

On a piece of [E₁, E₂] where F₁ is one quadratic and b(y) (a(y)) lies on one piece of F₂, b(y) is the quadratic
formula's outer root r(y) = (−q₁ + √(q₁² − 4q₂(q₀ − t + F₁(y))))/(2q₂) — analytic off the discriminant's zeros. The
pieces are cut at F₁'s breakpoints and at the θ₁ where the level t − F₁(θ₁) crosses F₂'s value at one of its
breakpoints (F₁(θ₁) = t − F₂(k): the ends of a sublevel interval of F₁, :func:`.interval_tail.sublevel_interval`),
each piece's quadratics are identified at its rational midpoint, and each piece is integrated by arb's rigorous
adaptive Gauss–Legendre quadrature (``acb.integral``; the square root told to check analyticity, so the discriminant's
zero at the domain's ends is handled by its bisection). Every cut is an enclosure: the integral over the cut's own
ball (and over any two cuts whose balls meet) is bounded by its width times the integrand's bound 1/(σ√(2π)), so the
result is a ball containing the exact probability.

:func:`huber_margins` gives F₁, F₂ of a Huber-smoothed quadratic's empirical risk with their exact minimisers and
breakpoints (the risk ``1/n Σ_i ℓ(θ; x_i)`` of :class:`~certunlearn.problems.huber.HuberQuadratic` is separable).
"""
from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flint import acb, arb

from ...errors import UndecidedError
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from .interval_tail import outside_mass, quadratic_through, sublevel_interval

__all__ = ["Margin", "huber_exterior", "huber_margins", "separable_exterior"]


@dataclass(frozen=True)
class Margin:
    """One coordinate's part F_k of a separable loss: convex, quadratic with a positive leading coefficient between
    (and beyond) the sorted rational ``knots`` — ``quads[j]`` = (q₂, q₁, q₀) on the j-th piece, the one left of
    ``knots[j]`` (the last: right of the last knot) — and ``argmin`` its exact unconstrained minimiser."""

    knots: tuple[Fraction, ...]
    quads: tuple[tuple[Fraction, Fraction, Fraction], ...]
    argmin: Fraction

    @classmethod
    def through(cls, f: Callable[[Fraction], Fraction], knots: Sequence[Fraction], argmin: Fraction) -> "Margin":
        """The margin of an exact piecewise-quadratic ``f``, each piece interpolated through three of its points."""
        ks = tuple(sorted(set(knots)))
        ends = [ks[0] - 1, *ks, ks[-1] + 1]
        return cls(ks, tuple(quadratic_through(f, lo, hi) for lo, hi in zip(ends, ends[1:])), argmin)

    def piece(self, y: Fraction) -> tuple[Fraction, Fraction, Fraction]:
        """(q₂, q₁, q₀) of the piece holding ``y`` (at a knot: the piece right of it; both agree there)."""
        return self.quads[bisect.bisect_right(self.knots, y)]

    def f(self, y: Fraction) -> Fraction:
        """F_k(y), exactly."""
        q2, q1, q0 = self.piece(y)
        return (q2 * y + q1) * y + q0

    def root_piece(self, level: arb, right: bool) -> tuple[Fraction, Fraction, Fraction]:
        """The quadratic of the piece holding the root of F_k = ``level`` right (or left) of the minimiser: walking the
        knots outward, the first one with F_k above the level bounds it (undecided: :class:`UndecidedError`)."""
        sgn = 1 if right else -1
        prev = self.argmin
        for k in sorted((k for k in self.knots if sgn * (k - self.argmin) > 0), key=lambda k: sgn * k):
            gap = to_arb(self.f(k)) - level
            if gap > 0:
                return self.piece((prev + k) / 2)
            if not gap < 0:
                raise UndecidedError("a level meets F's value at a breakpoint within its enclosure")
            prev = k
        return self.piece(prev + sgn)


def _fraction(x: arb) -> Fraction:
    """The exact value of an arb without radius (a dyadic rational)."""
    man, exp = x.mid().man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(exp)


def _quad(q: tuple[Fraction, Fraction, Fraction]) -> tuple[acb, acb, acb]:
    return tuple(acb(to_arb(v)) for v in q)


def _root_expr(q: tuple[acb, acb, acb], level: acb, right: bool, analytic: bool) -> acb:
    """The outer root of q₂θ² + q₁θ + q₀ = level on acb (√ checked analytic when ``analytic``)."""
    q2, q1, q0 = q
    disc = (q1 * q1 - 4 * q2 * (q0 - level)).sqrt(analytic=analytic)
    return (-q1 + disc) / (2 * q2) if right else (-q1 - disc) / (2 * q2)


def separable_exterior(m1: Margin, m2: Margin, centre: Sequence[arb], sigma: arb, t: arb) -> arb:
    """P[F₁(Y₁) + F₂(Y₂) > t] for Y ~ N(centre, σ²I₂) (see the module docstring), a ball containing the exact value;
    ``t`` above min F₁ + min F₂ decided (else :class:`UndecidedError`; at or below it the probability is 1)."""
    c1, c2 = (to_arb(v) for v in centre)
    fmin1, fmin2 = to_arb(m1.f(m1.argmin)), to_arb(m2.f(m2.argmin))
    if not t > fmin1 + fmin2:
        if t <= fmin1 + fmin2:
            return arb(1)
        raise UndecidedError("the level is not decided above the loss's minimum")
    e1, e2 = sublevel_interval(m1.f, m1.knots, m1.argmin, t - fmin2)
    cuts = [e1, e2] + [to_arb(k) for k in m1.knots if arb(e1.lower()) < to_arb(k) < arb(e2.upper())]
    for k in m2.knots:
        level = t - to_arb(m2.f(k))
        if level > fmin1:
            cuts += list(sublevel_interval(m1.f, m1.knots, m1.argmin, level))
        elif not level <= fmin1:
            raise UndecidedError("a breakpoint's level meets min F₁ within its enclosure")
    # group the cuts whose balls meet (sorted by midpoint); each group is a sliver, the gaps between them pieces
    groups: list[arb] = []
    for cut in sorted(cuts, key=lambda a: _fraction(arb(a.mid()))):
        if groups and cut.lower() <= groups[-1].upper():
            groups[-1] = groups[-1].union(cut)
        else:
            groups.append(cut)
    first = next(j for j, g in enumerate(groups) if g.overlaps(e1))
    last = max(j for j, g in enumerate(groups) if g.overlaps(e2))
    groups = groups[first:last + 1]
    bound = 1 / (sigma * (2 * arb.pi()).sqrt())  # the integrand ≤ the density of Y₁ ≤ 1/(σ√(2π))
    total = outside_mass(c1, sigma, e1, e2)
    for g in groups:
        total += arb(0).union(arb(g.upper()) - arb(g.lower())) * bound
    T, C1, C2, S, S2 = acb(t), acb(c1), acb(c2), acb(sigma), acb(sigma * arb(2).sqrt())
    K = acb(bound)
    for left, right in zip(groups, groups[1:]):
        p, q = arb(left.upper()), arb(right.lower())
        if not p < q:
            continue
        mid = _fraction((p + q) / 2)
        p1 = _quad(m1.piece(mid))
        level = t - to_arb(m1.f(mid))
        qb, qa = _quad(m2.root_piece(level, True)), _quad(m2.root_piece(level, False))

        def integrand(y: acb, analytic: bool, p1=p1, qa=qa, qb=qb) -> acb:
            rest = T - (p1[0] * y + p1[1]) * y - p1[2]  # t − F₁(y)
            b = _root_expr(qb, rest, True, analytic)
            a = _root_expr(qa, rest, False, analytic)
            z = (y - C1) / S
            return K * (-(z * z) / 2).exp() * (((b - C2) / S2).erfc() + ((C2 - a) / S2).erfc()) / 2

        total += acb.integral(integrand, acb(p), acb(q)).real
    return total.intersection(arb(0).union(arb(1))) if total.overlaps(arb(0).union(arb(1))) else total


def huber_margins(a: Sequence[Fraction], c: Fraction, w: Fraction, X: Sequence[Sequence[Fraction]]) -> list[Margin]:
    """F_k(θ_k) = (1/n)Σ_i [½a_k(θ_k − x_ik)² + c·hub_w(θ_k − x_ik)] for each coordinate k (their sum is the empirical
    risk of :class:`certunlearn.problems.huber.HuberQuadratic`), with the breakpoints x_ik ± w and the exact minimiser
    (:func:`certunlearn.problems.huber.coordinate_minimiser` over [min x_k, max x_k], which holds it)."""
    from ...problems.huber import coordinate_minimiser, huber

    n = len(X)
    out = []
    for k, ak in enumerate(a):
        xs = [Fraction(row[k]) for row in X]

        def f(th: Fraction, xs=xs, ak=ak) -> Fraction:
            return sum((ak * (th - x) ** 2 / 2 + c * huber(th - x, w) for x in xs), Fraction(0)) / n

        star = coordinate_minimiser([ak / n] * n, xs, xs, [c / n] * n, w, min(xs), max(xs))
        out.append(Margin.through(f, [x + e for x in xs for e in (-w, w)], star))
    return out


def huber_exterior(a: Sequence[Fraction], huber_cw: Sequence[Fraction], X: Sequence[Sequence[Fraction]],
                   f_star: Fraction, mean: Sequence[Fraction], sigma: arb, alpha: arb, err: Fraction = Fraction(0)) -> arb:
    """P[f_D(θ̂ + Z) − min_Θ f_D > α] for the Huber-smoothed quadratic in d = 2 (weights ``a``, ``huber_cw`` = (c, w)),
    Z ~ N(0, σ²I₂), ``f_star`` = min_Θ f_D exactly (θ* on Θ's boundary or not: the event is the exterior of the
    unconstrained sublevel set {f_D ≤ f_star + α}, so an active projection only raises the level), θ̂ known within
    ``err`` in norm (each coordinate widened by it: a box holding the norm ball)."""
    if len(a) != 2:
        raise ValueError("the separable integral is two-dimensional")
    m1, m2 = huber_margins(a, huber_cw[0], huber_cw[1], X)
    slack = arb(0, to_arb(err).upper()) if err else arb(0)
    centre = [to_arb(v) + slack for v in mean]
    return separable_exterior(m1, m2, centre, sigma, to_arb(f_star) + alpha)
