"""The hockey-stick divergence, both ways, between a location mixture of N(y, σ²) over y ∈ [lo, hi] and one Gaussian
N(μ, σ²), enclosed on both sides by certified integration over the likelihood-ratio sets.

P = ∫ N(y, σ²) dν(y) with ν any law on [lo, hi] (here the law of a clipped piecewise-affine image of a Gaussian:
:class:`certunlearn.privacy.clipped_gaussian.ReleasedLaw`, whose density p is a closed form in exp and erfc) and
Q = N(μ, σ²). The likelihood ratio

    Λ(x) = p(x)/q(x) = E_ν[exp((y − μ)(x − (y + μ)/2)/σ²)]

is a Laplace transform of ν, so log Λ is convex in x (Hölder). Hence, for ε ≥ 0,

* {p > e^ε q} = {log Λ > ε} is the complement of an interval I (the sublevel set {log Λ ≤ ε}), and
* {q > e^ε p} = {log Λ < −ε} is an interval J (possibly empty or unbounded),

and E_ε(P‖Q) = ∫_{ℝ∖I} (p − e^ε q), E_ε(Q‖P) = ∫_J (q − e^ε p) (the optimal set of the hockey-stick divergence is
the set where its integrand is positive: Balle & Wang 2018, Theorem 5's left-hand side). A point c where the
integrand's sign is *proved* (arb at an exact point) and one proved point of the other sign on a side bracket that
side's end of I (resp. J): by the convexity the sign changes at most once between them. The ends are bisected on
proved signs; then

* **lower bound**: ∫ of the integrand over the proved part of the positive set, cut where the rest of its law's mass
  is below 2^{−prec} of the integral (at most :data:`WINDOW` σ beyond a finite end; still a set S), by python-flint's
  ``acb.integral`` (certified Gauss–Legendre on complex balls; the integrand is entire) — the value P(S) − e^ε Q(S)
  of one explicit set S, so a lower bound on the supremum;
* **upper bound**: that, plus on each bracket its width times the positive part of the integrand on the bracket's
  ball, plus the positive law's mass beyond the cut and beyond the search's reach (for P: every y ≤ hi gives
  P[X > x] ≤ Q((x − hi)/σ), symmetrically on the left; for Q: exact normal tails).

Where a needed sign cannot be proved (the positive set of a direction is empty or too thin to be found, an end lies
beyond the reach) the direction returns ``None`` and the caller keeps its other enclosures. Used by Theorem 3.2 of
Descent-to-Delete (the perfect variant's first round: ``certunlearn.claims.d2d.perfect_exact``).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from flint import acb, arb, ctx

from ..numeric.enclosure import to_arb
from ..numeric.fraction import Fraction
from .subsampled import normal_tail

__all__ = ["location_mixture_hockey", "WINDOW", "REACH"]

#: The lower bound integrates at most this many σ beyond a finite end of the positive set (the rest: bounded by mass).
WINDOW = 40
#: The search for the ends goes this many σ beyond the hull of [lo, hi] ∪ {μ} (mass beyond: < 10⁻¹⁴⁰⁰⁰).
REACH = 256
#: Bisection of an end stops at this many bits below σ.
_BISECT_BITS = 40
#: Cells of the certified integration, in σ.
_CELL = 2


def _integrand(p: Callable, q: Callable, factor: arb, forward: bool) -> Callable:
    """x ↦ p − e^ε q (``forward``: E_ε(P‖Q)) or q − e^ε p, on arb or acb x."""
    if forward:
        return lambda x: p(x) - factor * q(x)
    return lambda x: q(x) - factor * p(x)


def _sign(f: Callable, x: Fraction) -> int:
    """+1 / −1 where f(x) is proved > 0 / < 0, 0 where undecided (x exact)."""
    v = f(to_arb(x))
    return 1 if v > 0 else -1 if v < 0 else 0


def _end(f: Callable, c: Fraction, s0: int, step: Fraction, limit: Fraction):
    """From c (sign s0 proved), walk by doubling steps (direction of ``step``) up to ``limit``; return (inner, outer)
    with sign s0 proved at inner and −s0 at outer and |outer − inner| ≤ σ·2^{−_BISECT_BITS} (or an undecided midpoint),
    or (point, None) when the sign s0 is proved at ``limit`` (no change found within the reach), or None when a
    sign could not be proved."""
    inner, k = c, step
    while True:
        x = c + k
        if (step > 0 and x >= limit) or (step < 0 and x <= limit):
            s = _sign(f, limit)
            if s == s0:
                return limit, None
            if s == 0:
                return None
            outer = limit
            break
        s = _sign(f, x)
        if s == 0:
            return None
        if s != s0:
            outer = x
            break
        inner, k = x, 2 * k
    tol = abs(step) * 8 / 2 ** _BISECT_BITS
    while abs(outer - inner) > tol:
        mid = (inner + outer) / 2
        s = _sign(f, mid)
        if s == 0:
            break
        if s == s0:
            inner = mid
        else:
            outer = mid
    return inner, outer


def _integral(f: Callable, a: Fraction, b: Fraction, scale: Fraction) -> arb:
    """A ball containing ∫_a^b f (a ≤ b exact), by acb.integral on cells of about :data:`_CELL` σ."""
    if b <= a:
        return arb(0)
    cells = max(1, int((b - a) / (_CELL * scale)) + 1)
    width = (b - a) / cells
    rel = arb(2) ** -(ctx.prec // 2)
    total = arb(0)
    for j in range(cells):
        lo, hi = a + j * width, a + (j + 1) * width
        # acb.integral's absolute goal from the cell's rough size (the integrand may be 10⁻¹⁰⁰⁰ and less): the
        # sum of |f| at the cell's ends and middle, times the width — a choice of effort, never a value
        rough = sum((abs(f(to_arb(x))) for x in (lo, (lo + hi) / 2, hi)), arb(0)).upper() * to_arb(width)
        goal = rel * rough if rough > 0 else arb(2) ** -(ctx.prec * 8)
        total += acb.integral(lambda z, _analytic: f(z), to_arb(lo), to_arb(hi), rel_tol=rel, abs_tol=goal).real
    return total


def _outward(f: Callable, start: Fraction, right: bool, scale: Fraction, beyond: Callable) -> tuple[arb, arb]:
    """(∫ f from ``start`` outward over cells of :data:`_CELL` σ, the positive law's mass beyond the last cell): the
    walk stops once that mass is below 2^{−prec} of the integral so far, or after :data:`WINDOW` σ (f > 0 on the
    whole way: the part of a positive set beyond its proved end)."""
    total, x = arb(0), start
    step = _CELL * scale if right else -_CELL * scale
    tol = arb(2) ** -ctx.prec
    for _ in range(WINDOW // _CELL):
        nxt = x + step
        total += _integral(f, *sorted((x, nxt)), scale)
        x = nxt
        rest = beyond(x)
        if rest.upper() <= (tol * total).lower():
            break
    return total, beyond(x)


def _positive_part_on(f: Callable, a: Fraction, b: Fraction) -> arb:
    """An upper bound on ∫_a^b f₊: the width times the positive part of f on the ball containing [a, b]."""
    if b <= a:
        return arb(0)
    ball = to_arb((a + b) / 2) + arb(0, to_arb((b - a) / 2).upper())
    return to_arb(b - a) * f(ball).upper().max(arb(0))


def _start(f: Callable, s0: int, lo: Fraction, hi: Fraction, mu: Fraction, scale: Fraction) -> Fraction | None:
    """A point where f's sign s0 is proved: a grid of σ/8 over [lo, hi] ∪ {μ} ± 4σ, then points 2^k σ/8 out from μ
    and the hull's ends up to the reach; None if none is found. The points are made one at a time, in that order
    (the search usually stops within the first few: building the whole grid of rationals first cost as much as the
    sign tests)."""
    return next((x for x in _start_points(lo, hi, mu, scale) if _sign(f, x) == s0), None)


def _start_points(lo: Fraction, hi: Fraction, mu: Fraction, scale: Fraction) -> Iterator[Fraction]:
    """:func:`_start`'s candidate points, in its order."""
    a, b = min(lo, mu) - 4 * scale, max(hi, mu) + 4 * scale
    n = int((b - a) / (scale / 8)) + 1
    width = b - a
    for j in range(n + 1):
        yield a + width * Fraction(j, n)
    k = scale / 8
    while k <= REACH * scale:
        yield from (mu - k, mu + k, lo - k, hi + k)
        k *= 2


def location_mixture_hockey(epsilon: arb, p: Callable, hull: tuple[Fraction, Fraction], mu: Fraction, sigma: arb,
                            forward: bool) -> arb | None:
    """A ball containing E_ε(P‖Q) (``forward``) or E_ε(Q‖P), ε ≥ 0, for P the location mixture with density ``p``
    (an arb/acb callable; its mixing law lives on ``hull`` = (lo, hi)) and Q = N(μ, σ²) (module docstring); None
    where a needed sign is not proved. Points are exact rationals placed on a rational proxy of σ (placement only)."""
    lo, hi = (Fraction(v) for v in hull)
    mu = Fraction(mu)
    sigma = to_arb(sigma)
    scale = Fraction(float(sigma.mid()))
    if not scale > 0:
        raise ValueError("location_mixture_hockey: σ > 0")
    norm = 1 / (sigma * (2 * arb.pi()).sqrt())
    half = 1 / (2 * sigma * sigma)
    mu_ball = to_arb(mu)

    def q(x: Any) -> Any:
        d = x - mu_ball
        return norm * (-(d * d) * half).exp()

    f = _integrand(p, q, to_arb(epsilon).exp(), forward)

    def mass_beyond(x: Fraction, right: bool) -> arb:
        """An upper bound on the positive term's law (P forward, Q reverse) beyond x (right: of (x, ∞))."""
        if not forward:
            return normal_tail((to_arb(x) - mu_ball) / sigma if right else (mu_ball - to_arb(x)) / sigma)
        gap = x - hi if right else lo - x
        return normal_tail(to_arb(gap) / sigma) if gap > 0 else arb(1)

    s0 = -1 if forward else 1  # the sign inside I (forward) or inside J (reverse)
    c = _start(f, s0, lo, hi, mu, scale)
    if c is None:
        return None
    ends, limits = {}, {True: max(hi, mu) + REACH * scale, False: min(lo, mu) - REACH * scale}
    for right in (True, False):
        found = _end(f, c, s0, scale / 8 if right else -scale / 8, limits[right])
        if found is None:
            return None
        ends[right] = found
    lower, slack = arb(0), arb(0)
    if forward:  # the positive set: (−∞, outer_left] ∪ [outer_right, ∞), the brackets uncertain
        for right in (True, False):
            inner, outer = ends[right]
            if outer is None:  # I reaches the limit: only the mass beyond it can be positive
                slack += mass_beyond(inner, right)
                continue
            part, tail = _outward(f, outer, right, scale, lambda x, r=right: mass_beyond(x, r))
            lower += part
            slack += _positive_part_on(f, *sorted((inner, outer))) + tail
    else:  # the positive set: the interval J ⊇ [inner_left, inner_right], the brackets uncertain
        (r_in, r_out), (l_in, l_out) = ends[True], ends[False]
        if l_out is None and r_out is None:
            return None  # J would hold the whole reach: impossible for two probability laws, a failed search
        if l_out is None or r_out is None:  # J unbounded on one side (within the reach): from its finite end outward
            right = l_out is None  # the finite end is the right one: integrate leftward, and conversely
            start = r_in if right else l_in
            if abs(start - limits[not right]) <= WINDOW * scale:
                return None  # the outward walk could leave the part of J proved (the upper bound needs S ⊂ J)
            part, tail = _outward(f, start, not right, scale, lambda x, r=not right: mass_beyond(x, r))
            lower += part
            slack += tail + _positive_part_on(f, *((r_in, r_out) if right else (l_out, l_in)))
        else:
            if r_in - l_in > 2 * WINDOW * scale:
                return None
            lower += _integral(f, l_in, r_in, scale)
            slack += _positive_part_on(f, l_out, l_in) + _positive_part_on(f, r_in, r_out)
    low = lower.lower().max(arb(0))
    high = (lower + slack).upper()
    return low.union(high)
