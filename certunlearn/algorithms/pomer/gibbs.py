"""Exact one-dimensional Gibbs laws of POMER (Agarwal, Kale, Singh, Thakurta; paper file 001, eqs. (3.1)–(3.3),
lines 118–134), on rigorous enclosures.

On K = [a, b] with a continuous piecewise-linear loss f (exact rational knots and slopes) the Gibbs density
μ̄(f, β, λ)(x) ∝ exp(−β(f(x) + λx²/2)) is, cell by cell, a truncated Gaussian; every quantity POMER needs —
partition functions, moments, masses of intervals, products with keep/switch probabilities — is a finite sum of
integrals ∫_u^v (w₀ + w₁x)·exp(L₀ + L₁x − Ax²) dx, evaluated in closed form with arb's erfc (both tails written
with erfc, never 1 − erfc), so no float cancellation or underflow: arb balls carry any exponent.

:class:`Pieces` is the one representation: on each cell [u, v] of K, exp(−q·βλx²/2)·Σⱼ cⱼ·exp(−β·kⱼ·x) with
``q ∈ {0, 1}``, rational ``kⱼ`` and arb ``cⱼ``. Cell ends are exact rationals (loss knots) or arb balls
(thresholds of clipped density ratios). Ends that cannot be ordered at the working precision are combined by
continuous max/min (every integral is continuous in its ends, so balls still enclose the truth); only a constant
log ratio sitting on a clipping threshold raises :class:`Ambiguous` (callers turn it into NaN, so the decision is
retried at a higher precision).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Union

import mpmath
import numpy as np
from flint import arb, ctx, fmpq

from ...errors import InvalidParameterError
from ...numeric.enclosure import to_arb
from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ...numeric.precision import workprec

End = Union[Fraction, arb]


class Ambiguous(ArithmeticError):
    """Two cell ends (or an end and a threshold) overlap at the working precision."""


def as_fraction(x, name: str) -> Fraction:
    """``x`` as an exact Fraction; InvalidParameterError (naming ``name``) if it is not a finite rational."""
    if type(x) in RATIONAL_TYPES:  # already exact (Fractions are immutable)
        return x
    if isinstance(x, bool):
        raise InvalidParameterError(name, "a boolean is not a number")
    try:
        q = Fraction(x)
    except (TypeError, ValueError) as e:
        raise InvalidParameterError(name, f"{x!r} is not a finite rational") from e
    return q


def as_arb(x: End) -> arb:
    """An end point (exact or a ball) as an arb ball: :func:`~certunlearn.numeric.enclosure.to_arb`, with its Fraction
    case (arb of the fmpq, rounded to the working precision) taken first — the hot path of every integral here."""
    if type(x) in RATIONAL_TYPES:
        return arb(fmpq(x.numerator, x.denominator))
    return to_arb(x)


def _less(x: End, y: End) -> bool:
    """x < y, decided exactly (rationals) or rigorously (balls); Ambiguous if undecidable."""
    if isinstance(x, RATIONAL_TYPES) and isinstance(y, RATIONAL_TYPES):
        return x < y
    ax, ay = as_arb(x), as_arb(y)
    if ax < ay:
        return True
    if ax >= ay:
        return False
    raise Ambiguous(f"cannot order {ax} and {ay}")


# ---------------------------------------------------------------------------------------------- losses


@dataclass(frozen=True)
class PiecewiseLinear:
    """A continuous piecewise-linear function on [knots[0], knots[-1]]: slope ``slopes[i]`` on
    [knots[i], knots[i+1]] and value ``start`` at knots[0]. Everything is an exact Fraction."""

    knots: tuple[Fraction, ...]
    slopes: tuple[Fraction, ...]
    start: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        knots = tuple(as_fraction(k, "knots") for k in self.knots)
        slopes = tuple(as_fraction(s, "slopes") for s in self.slopes)
        if len(knots) < 2 or len(slopes) != len(knots) - 1:
            raise InvalidParameterError("knots", "need m + 1 ≥ 2 knots for m slopes")
        if any(u >= v for u, v in zip(knots, knots[1:])):
            raise InvalidParameterError("knots", "knots must increase strictly")
        object.__setattr__(self, "knots", knots)
        object.__setattr__(self, "slopes", slopes)
        object.__setattr__(self, "start", as_fraction(self.start, "start"))

    @classmethod
    def linear(cls, a, b, g, c=0) -> "PiecewiseLinear":
        """x ↦ g·x + c on [a, b]."""
        a, g, c = as_fraction(a, "a"), as_fraction(g, "g"), as_fraction(c, "c")
        return cls((a, as_fraction(b, "b")), (g,), g * a + c)

    @classmethod
    def hinge(cls, a, b, kink, left, right, value=0) -> "PiecewiseLinear":
        """Slope ``left`` before ``kink``, ``right`` after, ``value`` at the kink (convex iff left ≤ right)."""
        a, b, kink = as_fraction(a, "a"), as_fraction(b, "b"), as_fraction(kink, "kink")
        left, right, value = as_fraction(left, "left"), as_fraction(right, "right"), as_fraction(value, "value")
        if not a < kink < b:
            return cls.linear(a, b, right if kink <= a else left, value - (right if kink <= a else left) * kink)
        return cls((a, kink, b), (left, right), value - left * (kink - a))

    @property
    def domain(self) -> tuple[Fraction, Fraction]:
        return self.knots[0], self.knots[-1]

    def pieces(self):
        """(u, v, slope, intercept) with f(x) = slope·x + intercept on [u, v]."""
        value = self.start
        for u, v, s in zip(self.knots, self.knots[1:], self.slopes):
            yield u, v, s, value - s * u
            value += s * (v - u)

    def __call__(self, x: Fraction) -> Fraction:
        x = as_fraction(x, "x")
        for u, v, s, c in self.pieces():
            if u <= x <= v:
                return s * x + c
        raise InvalidParameterError("x", f"{x} is outside [{self.knots[0]}, {self.knots[-1]}]")

    def at(self, x) -> arb:
        """f at an arb (or exact) point of the domain (the piece is chosen on the midpoint)."""
        ax = as_arb(x)
        mid = float(ax.mid())
        for v, last, s, c in self._arb_pieces():
            if mid <= v or last:
                return s * ax + c
        raise AssertionError

    def _arb_pieces(self) -> tuple:
        """Per piece (float of its right end, whether it is the last, slope and intercept as arb balls) at the working
        precision, built once per precision: :meth:`at` is the inner loop of the trajectory recursion, and the balls
        of the same Fractions at the same precision are the same balls. Kept outside the dataclass's fields (equality,
        hashing and pickling see only knots, slopes and start)."""
        cache = self.__dict__.get("_arb_cache")
        if cache is None:
            cache = {}
            object.__setattr__(self, "_arb_cache", cache)
        prec = ctx.prec
        pieces = cache.get(prec)
        if pieces is None:
            last = self.knots[-1]
            pieces = cache[prec] = tuple((float(v), v == last, as_arb(s), as_arb(c)) for _, v, s, c in self.pieces())
        return pieces

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "_arb_cache"}

    def _refined(self, knots: tuple[Fraction, ...]) -> "PiecewiseLinear":
        """The same function on the finer increasing ``knots`` (a superset of its own): one forward pass, as each
        cell [u, v] lies in the first piece [uu, vv] with uu ≤ u and v ≤ vv, and the cells and pieces increase."""
        pieces = list(zip(self.knots, self.knots[1:], self.slopes))
        slopes, j = [], 0
        for u, v in zip(knots, knots[1:]):
            while not (pieces[j][0] <= u and v <= pieces[j][1]):
                j += 1
            slopes.append(pieces[j][2])
        return PiecewiseLinear(knots, tuple(slopes), self.start)

    def __add__(self, other: "PiecewiseLinear") -> "PiecewiseLinear":
        if self.domain != other.domain:
            raise InvalidParameterError("domain", f"losses on different domains {self.domain} and {other.domain}")
        knots = tuple(sorted(set(self.knots) | set(other.knots)))
        x, y = self._refined(knots), other._refined(knots)
        return PiecewiseLinear(knots, tuple(s + t for s, t in zip(x.slopes, y.slopes)), self.start + other.start)

    def __sub__(self, other: "PiecewiseLinear") -> "PiecewiseLinear":
        return self + other.scaled(-1)

    def scaled(self, c) -> "PiecewiseLinear":
        c = as_fraction(c, "c")
        return PiecewiseLinear(self.knots, tuple(c * s for s in self.slopes), c * self.start)

    @property
    def lipschitz(self) -> Fraction:
        return max(abs(s) for s in self.slopes)

    @property
    def convex(self) -> bool:
        return all(s <= t for s, t in zip(self.slopes, self.slopes[1:]))

    def minimum(self) -> Fraction:
        """min over the domain (attained at a knot)."""
        return min(self(k) for k in self.knots)

    @classmethod
    def zero(cls, a, b) -> "PiecewiseLinear":
        return cls.linear(a, b, 0, 0)


def total(losses, a, b) -> PiecewiseLinear:
    """Σ losses (the zero function on [a, b] for an empty sum)."""
    return prefix_totals(losses, a, b)[-1]


def prefix_totals(losses, a, b) -> list[PiecewiseLinear]:
    """[Σ losses[:t] for t = 0..T] (exact), each the previous plus one loss."""
    out = [PiecewiseLinear.zero(a, b)]
    for loss in losses:
        out.append(out[-1] + loss)
    return out


# ---------------------------------------------------------------------------------------------- integrals


def _between_erf(z1: arb, z2: arb) -> arb:
    """erf(z2) − erf(z1), written with erfc on the side that keeps relative accuracy."""
    if z1.mid() >= 0:
        return z1.erfc() - z2.erfc()
    if z2.mid() <= 0:
        return (-z2).erfc() - (-z1).erfc()
    return 2 - z2.erfc() - (-z1).erfc()


def moments(A: arb | None, L1: arb | None, L0: arb, u: End, v: End, first: bool = True) -> tuple[arb, arb | None]:
    """(∫ f, ∫ x·f) over [u, v] for f(x) = exp(L0 + L1·x − A·x²); ``A=None`` means A = 0 exactly and
    ``L1=None`` means L1 = 0 exactly; ``first=False``: (∫ f, None), without the first moment's work."""
    au, av = as_arb(u), as_arb(v)
    if A is None:
        if L1 is None:
            e = L0.exp()
            return e * (av - au), e * (av * av - au * au) / 2 if first else None
        fu, fv = (L0 + L1 * au).exp(), (L0 + L1 * av).exp()
        i0 = (fv - fu) / L1
        return i0, (av * fv - au * fu) / L1 - i0 / L1 if first else None
    l1 = L1 if L1 is not None else arb(0)
    m = l1 / (2 * A)
    rA = A.sqrt()
    peak = (L0 + l1 * l1 / (4 * A)).exp()
    i0 = peak * arb.pi().sqrt() / (2 * rA) * _between_erf(rA * (au - m), rA * (av - m))
    if not first:
        return i0, None
    fu, fv = (L0 + l1 * au - A * au * au).exp(), (L0 + l1 * av - A * av * av).exp()
    return i0, m * i0 + (fu - fv) / (2 * A)


# ---------------------------------------------------------------------------------------------- pieces


@dataclass(frozen=True)
class Pieces:
    """f(x) = exp(−q·βλx²/2)·Σⱼ cⱼ·exp(−β·kⱼ·x) on each cell; zero outside the cells.

    ``cells``: ((u, v, ((c, k), ...)), ...) with increasing, non-overlapping [u, v] ⊂ K."""

    beta: Fraction | arb
    lam: Fraction | arb
    q: int
    cells: tuple

    def arb_ends(self) -> list[tuple[arb, arb]]:
        """[(as_arb(u), as_arb(v)) for each cell] at the working precision, computed once per precision (the cells
        never change)."""
        memo = self.__dict__.get("_arb_ends")
        if memo is None or memo[0] != ctx.prec:
            memo = (ctx.prec, [(as_arb(u), as_arb(v)) for u, v, _ in self.cells])
            object.__setattr__(self, "_arb_ends", memo)
        return memo[1]

    def _A(self) -> arb | None:
        return as_arb(self.beta) * as_arb(self.lam) / 2 if self.q else None

    def integral(self, w0=1, w1=0) -> arb:
        """∫ f(x)·(w0 + w1·x) dx (w0, w1 exact or arb). An exact w1 = 0 skips the first moments: their term
        0·i1 is an exact zero (every i1 is finite), so the sum is the same ball."""
        A, out = self._A(), arb(0)
        aw0, aw1 = as_arb(w0) if not isinstance(w0, arb) else w0, as_arb(w1) if not isinstance(w1, arb) else w1
        first = isinstance(w1, arb) or w1 != 0
        beta = as_arb(self.beta)
        for u, v, terms in self.cells:
            au, av = as_arb(u), as_arb(v)
            for c, k in terms:
                L1 = None if k == 0 else -beta * as_arb(k)
                i0, i1 = moments(A, L1, arb(0), au, av, first)
                out += c * (aw0 * i0 + aw1 * i1) if first else c * (aw0 * i0)
        return out

    def against(self, loss: PiecewiseLinear) -> arb:
        """∫ f·loss over K."""
        out = arb(0)
        for part, (_, _, s, c) in self._split(loss):
            out += part.integral(c, s)
        return out

    def _split(self, loss: PiecewiseLinear):
        """(f restricted to the loss's piece, piece) for each piece of ``loss``."""
        for piece in loss.pieces():
            u, v = piece[0], piece[1]
            yield self.restricted(u, v), piece

    def restricted(self, lo: End, hi: End) -> "Pieces":
        """f·1[lo, hi] (lo, hi exact or balls)."""
        cells = []
        for u, v, terms in self.cells:
            cell = _intersect(u, v, lo, hi)
            if cell is not None:
                cells.append((*cell, terms))
        return Pieces(self.beta, self.lam, self.q, tuple(cells))

    def scaled(self, c: arb) -> "Pieces":
        return Pieces(self.beta, self.lam, self.q, tuple((u, v, tuple((c * t, k) for t, k in terms))
                                                         for u, v, terms in self.cells))

    def __mul__(self, other: "Pieces") -> "Pieces":
        if self.q + other.q > 1:
            raise InvalidParameterError("q", "a product may carry the Gaussian factor once")
        cells = []
        for u1, v1, t1 in self.cells:
            for u2, v2, t2 in other.cells:
                cell = _intersect(u1, v1, u2, v2)
                if cell is not None:
                    cells.append((*cell, _collect([(c1 * c2, k1 + k2) for c1, k1 in t1 for c2, k2 in t2])))
        cells.sort(key=lambda cell: float(as_arb(cell[0]).mid()))
        gauss = self if self.q else other
        return Pieces(gauss.beta, gauss.lam, self.q + other.q, tuple(cells))

    def __add__(self, other: "Pieces") -> "Pieces":
        """Sum of two functions with the same cells (as produced by the same construction)."""
        if self.q != other.q or len(self.cells) != len(other.cells):
            raise InvalidParameterError("cells", "sum of pieces with different cells")
        cells = []
        for (u, v, t1), (u2, v2, t2) in zip(self.cells, other.cells):
            if u is not u2 and u != u2 or v is not v2 and v != v2:
                raise InvalidParameterError("cells", "sum of pieces with different cells")
            cells.append((u, v, _collect(list(t1) + list(t2))))
        return Pieces(self.beta, self.lam, self.q, tuple(cells))

    def value(self, x) -> arb:
        """f at x (exact or ball), 0 outside the cells."""
        ax = as_arb(x)
        for u, v, terms in self.cells:
            if as_arb(u) <= ax <= as_arb(v) or (float(as_arb(u).mid()) <= float(ax.mid()) <= float(as_arb(v).mid())):
                gauss = (-as_arb(self.beta) * as_arb(self.lam) * ax * ax / 2).exp() if self.q else arb(1)
                return gauss * sum((c * (-as_arb(self.beta) * as_arb(k) * ax).exp() for c, k in terms), arb(0))
        return arb(0)


def _upper(x: End, y: End) -> End:
    """max(x, y): one of them when decidable, else the ball arb.max (continuous, so still an enclosure)."""
    try:
        return y if _less(x, y) else x
    except Ambiguous:
        return as_arb(x).max(as_arb(y))


def _lower(x: End, y: End) -> End:
    """min(x, y), as :func:`_upper`."""
    try:
        return x if _less(x, y) else y
    except Ambiguous:
        return as_arb(x).min(as_arb(y))


def _intersect(u1: End, v1: End, u2: End, v2: End) -> tuple[End, End] | None:
    """[u1, v1] ∩ [u2, v2] as (L, H) with L = max(u1, u2), H = max(L, min(v1, v2)) — continuous in the four ends,
    so integrals over it evaluated on balls enclose the true ones even when ends cannot be ordered; None when the
    intersection is certainly empty or a single point."""
    low = _upper(u1, u2)
    high = _lower(v1, v2)
    try:
        if not _less(low, high):
            return None
    except Ambiguous:
        high = as_arb(high).max(as_arb(low))
    return low, high


def _collect(terms) -> tuple:
    out: dict[Fraction, arb] = {}
    for c, k in terms:
        out[k] = out[k] + c if k in out else c
    return tuple((c, k) for k, c in out.items())


# ---------------------------------------------------------------------------------------------- laws


def positive_param(x, name: str) -> Fraction | arb:
    """A parameter that must be > 0: an exact Fraction, or an arb ball (a prescribed irrational value)."""
    value = x if isinstance(x, arb) else as_fraction(x, name)
    if not (as_arb(value) > 0):
        raise InvalidParameterError(name, f"must be > 0, got {value}")
    return value


def _check(beta, lam) -> tuple[Fraction | arb, Fraction | arb]:
    return positive_param(beta, "beta"), positive_param(lam, "lam")


def unnormalised(loss: PiecewiseLinear, beta, lam) -> Pieces:
    """μ(f, β, λ)(x) = exp(−β(f(x) + λx²/2)) on K (eq. (3.1), line 120)."""
    beta, lam = _check(beta, lam)
    cells = tuple((u, v, (((-as_arb(beta) * as_arb(c)).exp(), s),)) for u, v, s, c in loss.pieces())
    return Pieces(beta, lam, 1, cells)


def log_partition(loss: PiecewiseLinear, beta, lam) -> arb:
    """log Z(f, β, λ) (eq. (3.2), line 126)."""
    return unnormalised(loss, beta, lam).integral().log()


def partition_closed_form(loss: PiecewiseLinear, beta, lam):
    """Z(f, β, λ) = ∫_K e^{−β(f(x) + λx²/2)} dx (eq. (3.2), line 126) as a sympy closed form, for exact β, λ > 0: on a
    piece f = kx + m, ∫_u^v e^{−β(λx²/2 + kx + m)} = e^{−βm + βk²/(2λ)}·√(π/(2βλ))·[erf(s(v + k/λ)) − erf(s(u + k/λ))],
    s = √(βλ/2). What proves an identity between partition functions (footnote 4) where enclosures cannot."""
    import sympy

    def rational(q) -> sympy.Rational:
        q = as_fraction(q, "value")
        return sympy.Rational(q.numerator, q.denominator)

    b_, l_ = rational(beta), rational(lam)
    if not (b_ > 0 and l_ > 0):
        raise InvalidParameterError("beta", "β, λ > 0 for a closed-form partition function")
    s = sympy.sqrt(b_ * l_ / 2)
    total = sympy.Integer(0)
    for u, v, k, m in loss.pieces():
        u, v, k, m = map(rational, (u, v, k, m))
        total += sympy.exp(-b_ * m + b_ * k**2 / (2 * l_)) * (sympy.erf(s * (v + k / l_)) - sympy.erf(s * (u + k / l_)))
    return total * sympy.sqrt(sympy.pi / (2 * b_ * l_))


def gibbs(loss: PiecewiseLinear, beta, lam) -> Pieces:
    """The Gibbs density μ̄(f, β, λ) = μ/Z (eq. (3.3), line 132)."""
    mu = unnormalised(loss, beta, lam)
    return mu.scaled(1 / mu.integral())


def uniform(a, b, beta, lam) -> Pieces:
    """The uniform density on K = [a, b] (Algorithm 1's x₁ as printed, line 182)."""
    a, b = as_fraction(a, "a"), as_fraction(b, "b")
    beta, lam = _check(beta, lam)
    return Pieces(beta, lam, 0, ((a, b, ((as_arb(Fraction(1) / (b - a)), Fraction(0)),)),))


def _clamp(c: arb, u: End, v: End) -> End:
    """min(max(c, u), v): exactly u or v when decidable, else a ball (continuous in c)."""
    return _lower(_upper(c, u), v)


def _same(x: End, y: End) -> bool:
    return x is y or (isinstance(x, RATIONAL_TYPES) and isinstance(y, RATIONAL_TYPES) and x == y)


def linear_regions(diff: PiecewiseLinear, beta, offset: arb, hi: arb, lo: arb, above, middle, below) -> Pieces:
    """A q = 0 piecewise function of y(x) = −β·diff(x) + offset, split at y = hi and y = lo (lo < hi):
    ``above``/``below`` are the terms where y ≥ hi / y ≤ lo, ``middle(k, C)`` the terms where lo < y < hi
    on a piece where y = −β·k·x + C (empty terms: the function is zero there)."""
    beta = positive_param(beta, "beta")
    cells = []
    for u, v, k, c in diff.pieces():
        C = offset - as_arb(beta) * as_arb(c)
        if k == 0:
            if C >= hi:
                terms = above
            elif C <= lo:
                terms = below
            elif C < hi and C > lo:
                terms = middle(k, C)
            else:
                raise Ambiguous("a constant log ratio sits on a threshold")
            if terms:
                cells.append((u, v, terms))
            continue
        x_hi, x_lo = (C - hi) / (as_arb(beta) * as_arb(k)), (C - lo) / (as_arb(beta) * as_arb(k))
        if k > 0:  # y decreases in x
            c1, c2, regions = x_hi, x_lo, (above, middle(k, C), below)
        else:
            c1, c2, regions = x_lo, x_hi, (below, middle(k, C), above)
        c1, c2 = _clamp(c1, u, v), _clamp(c2, u, v)
        for start, stop, terms in ((u, c1, regions[0]), (c1, c2, regions[1]), (c2, v, regions[2])):
            if terms and not _same(start, stop):
                cells.append((start, stop, terms))
    return Pieces(beta, Fraction(1), 0, tuple(cells))


# ---------------------------------------------------------------------------------------------- closeness


def log_ratio_offset(loss: PiecewiseLinear, other: PiecewiseLinear, beta, lam) -> arb:
    """log Z(other) − log Z(loss): log μ̄(loss)/μ̄(other) = −β(loss − other)(x) + this."""
    return log_partition(other, beta, lam) - log_partition(loss, beta, lam)


def far_probability(loss: PiecewiseLinear, other: PiecewiseLinear, beta, lam, log_phi: arb, under: str = "first") -> arb:
    """Pr_{X∼μ̄}[μ̄(X)/μ̄'(X) ∉ [1/Φ, Φ]] with μ̄ = μ̄(loss) (``under="first"``) or μ̄' (``"second"``):
    one minus the mass of the set where the log ratio lies in [−log Φ, log Φ] (Definition 3.4, lines 146–152)."""
    diff = loss - other
    ones = ((arb(1), Fraction(0)),)
    inside = linear_regions(diff, beta, log_ratio_offset(loss, other, beta, lam), log_phi, -log_phi,
                            (), lambda k, C: ones, ())
    # boundary points carry no mass: the open/closed choice does not matter
    law = gibbs(loss if under == "first" else other, beta, lam)
    return 1 - (law * inside).integral()


# ---------------------------------------------------------------------------------------------- W∞


def rational_ball(lower: Fraction, upper: Fraction) -> arb:
    """A ball containing [lower, upper] (exact rationals): midpoint and half-width, each rounded outward by arb."""
    return arb(as_arb((lower + upper) / 2), as_arb((upper - lower) / 2))


def _certainly_le(p: tuple[arb, arb], q: tuple[arb, arb]) -> bool:
    """P ≤ Q certainly, for (CDF, survival) pairs of two laws at two points: on the CDFs or on the survival functions,
    whichever the enclosures separate (each keeps its relative accuracy in its own tail)."""
    return bool(p[0] <= q[0]) or bool(q[1] <= p[1])


def _certainly_less(p: tuple[arb, arb], q: tuple[arb, arb]) -> bool:
    """P < Q certainly, as :func:`_certainly_le`."""
    return bool(p[0] < q[0]) or bool(q[1] < p[1])


def w_infinity_bounds(first: Pieces, second: Pieces, a: Fraction, b: Fraction,
                      points: int) -> tuple[Fraction, Fraction]:
    """Exact rationals lower ≤ W∞(first, second) ≤ upper = sup_u |F⁻¹(u) − G⁻¹(u)| (the monotone coupling is optimal
    for W∞ on the line) from the exact CDFs on an equispaced grid x_0 < … < x_n of K = [a, b].

    Rigorous both ways: if G(x_j) ≤ F(x_i) certainly then G⁻¹(F(x_i)) ≥ x_j, so W∞ ≥ x_j − x_i (and symmetrically);
    for u ∈ [F(x_i), F(x_{i+1})], F⁻¹(u) ∈ [x_i, x_{i+1}] and G⁻¹(u) lies between the last x_m with G(x_m) ≤ F(x_i)
    and the first x_k with G(x_k) ≥ F(x_{i+1}). Comparisons use the CDF or the survival function, whichever the
    enclosures separate (both keep relative accuracy in their own tail). The gap shrinks like 2(b − a)/n."""
    xs = [a + (b - a) * Fraction(i, points) for i in range(points + 1)]

    def table(law: Pieces):
        """(CDF, survival) at every grid point, as sums of the exact masses of the grid cells (positive terms:
        each side keeps its relative accuracy in its own tail)."""
        masses = [law.restricted(u, v).integral() for u, v in zip(xs, xs[1:])]
        below, above = [arb(0)], [arb(0)]
        for m_lo, m_hi in zip(masses, reversed(masses)):
            below.append(below[-1] + m_lo)
            above.append(above[-1] + m_hi)
        return [(arb(0), arb(1))] + list(zip(below[1:-1], reversed(above[1:-1]))) + [(arb(1), arb(0))]

    def last_le(g, value) -> int:  # last j with g[j] ≤ value certainly (−1 if none); monotone in j
        lo, hi = -1, len(g) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if _certainly_le(g[mid], value) else (lo, mid - 1)
        return lo

    def first_ge(g, value) -> int:  # first k with g[k] ≥ value certainly (len(g) − 1 if none)
        lo, hi = 0, len(g) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if _certainly_le(value, g[mid]) else (mid + 1, hi)
        return lo

    tables = (table(first), table(second))
    lower, upper = Fraction(0), Fraction(0)
    for f, g in ((tables[0], tables[1]), (tables[1], tables[0])):
        for i in range(points + 1):
            j = last_le(g, f[i])
            if j >= 0:
                lower = max(lower, xs[j] - xs[i])
        for i in range(points):
            k, m = first_ge(g, f[i + 1]), last_le(g, f[i])
            upper = max(upper, xs[k] - xs[i], xs[i + 1] - xs[max(m, 0)])
    return lower, upper


def _cdf_pair(law: Pieces, a: Fraction, b: Fraction):
    """x ↦ (CDF, survival) of ``law`` at an exact x ∈ [a, b], each the mass of its own side (relative accuracy in
    its own tail), memoised per point."""
    seen: dict[Fraction, tuple[arb, arb]] = {}

    def at(x: Fraction) -> tuple[arb, arb]:
        if x not in seen:
            seen[x] = (law.restricted(a, x).integral() if x > a else arb(0),
                       law.restricted(x, b).integral() if x < b else arb(0))
        return seen[x]
    return at


def dominates_shifted(first: Pieces, second: Pieces, a: Fraction, b: Fraction, c: Fraction,
                      budget: int) -> bool | None:
    """Whether F_second(x + c) ≥ F_first(x) for every x, i.e. second⁻¹(u) ≤ first⁻¹(u) + c for every u: True when
    proved, False when disproved (a point x with F_second(x + c) < F_first(x) certainly, so W∞ > c), None when
    ``budget`` cells decided neither.

    Only x ∈ [a, b − c] matter (above, F_second(x + c) = 1). On a cell [u, v] both CDFs increase, so
    F_second(u + c) ≥ F_first(v) proves the cell, and F_second(v + c) < F_first(v) disproves the whole; each is
    decided on the CDFs or on the survival functions, whichever the enclosures separate (at either end of a cell);
    a cell decided neither way is halved (exact rational ends), widest cells first."""
    if c >= b - a:
        return True
    cdf_first, cdf_second = _cdf_pair(first, a, b), _cdf_pair(second, a, b)
    cells = deque([(a, b - c)])
    while cells:
        budget -= 1
        if budget < 0:
            return None
        u, v = cells.popleft()  # widest first: an end reaches a disproving point before any cell shrinks near one
        if _certainly_le(cdf_first(v), cdf_second(u + c)):
            continue
        if any(_certainly_less(cdf_second(x + c), cdf_first(x)) for x in (u, v)):
            return False
        middle = (u + v) / 2
        cells += [(u, middle), (middle, v)]
    return True


def w_infinity_narrowed(first: Pieces, second: Pieces, a: Fraction, b: Fraction, lower: Fraction, upper: Fraction,
                        tolerance: Fraction, budget: int) -> tuple[Fraction, Fraction]:
    """Certified bounds lower ≤ W∞(first, second) ≤ upper, narrowed from certified ones by bisection until
    upper − lower ≤ tolerance·upper: at the midpoint c, W∞ ≤ c exactly when first⁻¹ − c ≤ second⁻¹ ≤ first⁻¹ + c
    (the monotone coupling is optimal on the line), decided by :func:`dominates_shifted` both ways (``budget`` cells
    each): proved both ways → upper = c, disproved one way → lower = c; undecided stops the bisection."""
    while upper - lower > tolerance * upper:
        c = (lower + upper) / 2
        forward = dominates_shifted(first, second, a, b, c, budget)
        backward = False if forward is False else dominates_shifted(second, first, a, b, c, budget)
        if forward is True and backward is True:
            upper = c
        elif forward is False or backward is False:
            lower = c
        else:
            break
    return lower, upper


def interval_ball(lower: arb, upper: arb) -> arb:
    """A ball containing [lower, upper] (both arb) whose upper end is ``upper``'s up to the working precision (not to
    the 30 bits of a ball's radius: ``lower.union(upper)`` can reach above ``upper`` by 2^−30 of the width — enough
    to hide an upper end that falls short of a bound by far less than the width). The lower end may reach further
    down, by at most the width."""
    import math

    hi, lo = upper.upper(), lower.lower()
    width = (hi - lo).upper()
    if not width > 0:
        return lo.union(hi)
    r = arb(2) ** (math.frexp(float(width.mid()))[1] - 2)
    while not 2 * r >= width:  # the smallest power of two ≥ width/2 (so mid − r ≤ hi − 2r ≤ lower)
        r *= 2
    ulp = (abs(hi) + r) * arb(2) ** (2 - ctx.prec)
    ball = arb((hi - r).upper(), r)
    for _ in range(8):  # the stored radius exceeds r by a 30-bit ulp, the centre is rounded: slide the centre
        if ball.upper() >= hi and ball.upper() <= hi + 4 * ulp:
            break
        ball = arb((ball.mid() + (hi - ball.upper()) + ulp).upper(), r)
    if not (ball.upper() >= hi and ball.lower() <= lo):
        return lo.union(hi)
    return ball


def w_infinity_translate_upper(loss: PiecewiseLinear, other: PiecewiseLinear, beta, lam) -> arb | None:
    """A rigorous upper bound on W∞(μ̄(loss, β, λ), μ̄(other, β, λ)) when both losses are linear on K = [a, b]
    (Lemma 3.6 / A.1, lines 157–159, 428: the pairs ±Gx), else None. Then both laws are the Gaussian N(m, 1/(βλ)),
    m = −slope/λ, restricted to K, the second the first translated by c = m₂ − m₁ > 0 (roles swapped if c < 0), and
    the grid of :func:`w_infinity_bounds` cannot separate W∞ from c (for a wide K they differ by about e^{−K²}).

    With Ψ the untruncated CDF of the first law, on [a, b − c] both F₁(x) and F₂(x + c) are affine in Ψ(x), so
    H(x) = F₂(x + c) − F₁(x) ≥ η = min(H(a), H(b − c)) = min(μ̄₂[a, a + c], μ̄₁[b − c, b]). With M = sup_K f₂ (the
    density at the clamped mode) and t = η/M: F₂(x + c − t) ≥ F₁(x), so T(x) = F₂⁻¹(F₁(x)) ≤ x + c − t on
    [a, b − c]; T(x) ≤ b ≤ x + c − t on [b − c + t, b]; and on [b − c, x₁], x₁ = b − c + t, T(x) ≤ T(x₁) ≤ b − ζ with
    ζ = μ̄₁[x₁, b]/M (μ̄₂[b − ζ, b] ≤ Mζ). The likelihood ratio f₂/f₁ ∝ e^{βλcx} increases, so F₁⁻¹ ≤ F₂⁻¹ and
    W∞ = sup (T(x) − x) ≤ c − min(t, ζ) < c. Every mass is an erfc difference on its own tail (relative accuracy)."""
    if len(loss.slopes) != 1 or len(other.slopes) != 1 or loss.domain != other.domain:
        return None
    beta, lam = _check(beta, lam)
    if not isinstance(lam, RATIONAL_TYPES):
        return None
    c = (loss.slopes[0] - other.slopes[0]) / lam
    if c < 0:
        loss, other, c = other, loss, -c
    a, b = loss.domain
    if c == 0 or c >= b - a:
        return None
    first, second = gibbs(loss, beta, lam), gibbs(other, beta, lam)
    peak = second.value(min(max(-other.slopes[0] / lam, a), b))
    eta = second.restricted(a, a + c).integral().min(first.restricted(b - c, b).integral())
    t = eta / peak
    zeta = first.restricted(as_arb(b - c) + t, b).integral() / peak
    return as_arb(c) - t.min(zeta)


# ---------------------------------------------------------------------------------------------- sampling


def sample(law: Pieces, rng: np.random.Generator, dps: int = 30) -> mpmath.mpf:
    """An exact-law draw by inverse CDF at one uniform from ``rng`` (:func:`quantile`)."""
    return quantile(law, float(rng.random()), dps)


def quantile(law: Pieces, u: float, dps: int = 30) -> mpmath.mpf:
    """F⁻¹(u) for the exact law (u ∈ [0, 1), a float — the uniform draw): the cell by its mass, then bisection on the
    cell's CDF to ``dps`` digits (the only rounding is the final one of the quantile). Deterministic in ``u``, so a
    candidate and the reference given the same uniform draw the same point (:mod:`certunlearn.testing.pomer`)."""
    prec = max(128, int(dps * 3.33) + 32)
    with workprec(prec):
        masses = [Pieces(law.beta, law.lam, law.q, (cell,)).integral() for cell in law.cells]
        total_mass = sum(masses, arb(0))
        u = to_arb(Fraction(float(u))) * total_mass
        acc = arb(0)
        for cell, mass in zip(law.cells, masses):
            if float((acc + mass - u).mid()) >= 0 or cell is law.cells[-1]:
                break
            acc += mass
        lo, hi = as_arb(cell[0]), as_arb(cell[1])
        lo_f, hi_f = mpmath.mpf(lo.mid().str(40, radius=False)), mpmath.mpf(hi.mid().str(40, radius=False))
        target = u - acc
        for _ in range(int(dps * 3.33) + 8):
            mid = (lo_f + hi_f) / 2
            part = Pieces(law.beta, law.lam, law.q, ((cell[0], to_arb(mid), cell[2]),)).integral()
            if float((part - target).mid()) < 0:
                lo_f = mid
            else:
                hi_f = mid
            if hi_f - lo_f <= mpmath.mpf(10) ** (-dps) * max(1, abs(mid)):
                break
        return (lo_f + hi_f) / 2


def cdf(law: Pieces, x) -> arb:
    """∫_{−∞}^{x} law (x exact or a ball inside K)."""
    lo = law.cells[0][0]
    return law.restricted(lo, x).integral() if _less(lo, x) else arb(0)


__all__ = [
    "Ambiguous", "PiecewiseLinear", "Pieces", "cdf", "far_probability", "rational_ball", "w_infinity_bounds",
    "w_infinity_narrowed", "dominates_shifted", "w_infinity_translate_upper",
    "gibbs", "interval_ball", "linear_regions", "log_partition", "prefix_totals",
    "moments", "quantile", "sample", "total", "uniform", "unnormalised",
]
