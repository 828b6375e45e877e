"""Composition through the privacy loss distribution (PLD), with certified two-sided brackets.

A mechanism's δ(ε) is E_P[(1 − e^{ε − L})₊] for its privacy loss L = ln(dP/dQ) under P (Koskela, Jälkö & Honkela
2020; Gopi, Lee & Wutschitz 2021), and the loss of a composition is the sum of independent losses. The function
(1 − e^{ε − ℓ})₊ is non-decreasing in ℓ with values in [0, 1], so δ is monotone for **tail dominance**: if a
non-negative measure μ has μ((t, ∞]) ≥ P(L > t) for every t (mass at +∞ allowed), then ∫(1 − e^{ε − ℓ})₊ dμ ≥ δ(ε),
and the reverse for a measure dominated by L's law. Tail dominance survives convolution (condition on one summand,
then on the other: the inner tail is non-decreasing), moving mass up (pessimistic) or down (optimistic), adding
non-negative mass (pessimistic) and removing it (optimistic). This module keeps one measure on each side:

- **discretisation** on the grid hℤ, h a power of two (so every grid value is an exact float): the mass of L in a
  bin (e_{i−1}, e_i] between grid edges, enclosed on arb balls from the loss's exact tails, goes to e_i
  (pessimistic, its upper end) and to e_{i−1} (optimistic, its lower end); mass above the last edge goes to +∞
  (pessimistic) or to the last edge (optimistic), mass below the first edge to the first edge or nowhere (where the
  support's lower end is finite, the first edge lies one step below it, so an atom there is kept, moved by ≤ h);
  a grid or a convolution beyond :data:`MAX_POINTS` points raises :class:`GridTooLarge` before it is allocated;
- **convolution** by a radix-2 float FFT written out in numpy (:mod:`.fft`), whose rounding error is proved
  (Percival 2003, Thm 5.1, applied to the code as written: see :mod:`.fft`): every entry is moved by that bound in
  the safe direction (up, and clipped at 0 from below). Entries below 2⁻⁵⁰⁰ are first moved to +∞ (pessimistic) or
  dropped (optimistic), so the transform meets no underflow in practice (one would raise, never pass silently);
- **trimming**: the smallest entries at either end (total mass below a threshold τ) go to the first kept entry or
  +∞ (pessimistic), or are dropped or moved to the last kept entry (optimistic);
- **evaluation**: δ(ε) = Σ m_j (1 − e^{ε − ℓ_j})₊ (+ the mass at +∞); each term's relative error (a few ulps: the
  subtraction ε − ℓ_j, expm1, the product) is covered by a margin of 1e-12, and every float sum of non-negative
  terms by its bound γ_n (Higham 2002, §4.2, any order: n·u/(1 − n·u) relative).

The gap between the two sides is the discretisation itself (≤ k·h in ε after k steps) plus the trimmed mass.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from flint import arb

from . import fft
from ..errors import InvalidParameterError
from ..numeric.enclosure import arb_lower_float, arb_upper_float, to_arb
from ..numeric.precision import workprec

__all__ = ["Measure", "discretise", "compose", "coarsened", "compose_capped", "power", "delta_bracket",
           "epsilon_bracket", "PESSIMISTIC", "OPTIMISTIC", "GridTooLarge", "MAX_POINTS"]

PESSIMISTIC, OPTIMISTIC = 1, -1
_U = 2.0**-53
#: The bins' tails are enclosed at this precision (their differences are the masses).
_PREC = 64
#: Relative margin covering the float rounding of each term of δ(ε) (a few ulps) and of their sum.
_EVAL_MARGIN = 1e-12
#: Entries below this are moved out (to +∞ or dropped) before a transform (module docstring).
_TINY = 2.0**-500
#: The most grid points a discretisation or a convolution may hold (2²², a transform of 2²³ complex entries, about
#: 0.5 GB of buffers): beyond it :class:`GridTooLarge` is raised before anything is allocated.
MAX_POINTS = 1 << 22


class GridTooLarge(InvalidParameterError):
    """A discretisation or a convolution would exceed :data:`MAX_POINTS` grid points: the grid step is too fine for
    the loss's range or the number of steps (a caller coarsens the grid, or the user sees one line)."""

    def __init__(self, points: int, h: float):
        self.points, self.h = points, h
        count = str(points) if points < 10**9 else f"about 10^{len(str(points)) - 1}"
        super().__init__("steps", f"the privacy-loss grid of step {h!r} would hold {count} points, more than "
                                  f"{MAX_POINTS}: the loss's range over that many steps is too wide for it")


def _up(x: float) -> float:
    return math.nextafter(x, math.inf)


def _down(x: float) -> float:
    return max(math.nextafter(x, -math.inf), 0.0)


def _sum_up(a: np.ndarray) -> float:
    """An upper bound on the sum of the non-negative floats ``a`` (float sum, then its γ_n bound)."""
    n = a.size
    if not n:
        return 0.0
    gamma = n * _U / (1 - n * _U)
    return _up(float(np.sum(a)) * (1 + 2 * gamma))


def _sum_down(a: np.ndarray) -> float:
    """A lower bound on the sum of the non-negative floats ``a``."""
    n = a.size
    if not n:
        return 0.0
    gamma = n * _U / (1 - n * _U)
    return _down(float(np.sum(a)) * (1 - 2 * gamma))


@dataclass
class Measure:
    """A non-negative measure on hℤ ∪ {+∞}: ``masses[j]`` at (``offset`` + j)·h, ``infinite`` at +∞; ``side``
    says which way it bounds the true loss's law (``PESSIMISTIC``: dominates it in every tail)."""

    h: float
    offset: int
    masses: np.ndarray
    infinite: float
    side: int

    def values(self) -> np.ndarray:
        return (self.offset + np.arange(self.masses.size)) * self.h  # exact: h is a power of two

    def delta(self, epsilon: float) -> float:
        """A bound on δ(ε) (upper for a pessimistic measure, lower for an optimistic one), ε a float."""
        values = self.values()
        above = values > epsilon
        terms = self.masses[above] * -np.expm1(epsilon - values[above])
        if self.side == PESSIMISTIC:
            return min(_up(_sum_up(terms) * (1 + _EVAL_MARGIN) + self.infinite), 1.0)
        return _down(_sum_down(terms) * (1 - _EVAL_MARGIN))

    def trimmed(self, tau: float) -> "Measure":
        """The measure with the end entries of total mass below ``tau`` moved (in this side's safe direction)."""
        m = self.masses
        if m.size <= 2 or tau <= 0:
            return self
        left = int(np.searchsorted(np.cumsum(m), tau))  # entries [0, left) hold less than tau (a float choice)
        right = m.size - int(np.searchsorted(np.cumsum(m[::-1]), tau))
        left, right = min(left, m.size - 1), max(right, left + 1)
        kept = m[left:right].copy()
        infinite = self.infinite
        if self.side == PESSIMISTIC:
            kept[0] = _up(kept[0] + _sum_up(m[:left]))
            infinite = _up(infinite + _sum_up(m[right:]))
        else:
            kept[-1] = _down(kept[-1] + _sum_down(m[right:]))
        return Measure(self.h, self.offset + left, kept, infinite, self.side)


def compose(a: Measure, b: Measure, tau: float = 0.0) -> Measure:
    """The convolution of two measures on the same grid and side, every float error bounded (module docstring)."""
    if a.h != b.h or a.side != b.side:
        raise InvalidParameterError("measures", "composed measures must share the grid and the side")
    size = a.masses.size + b.masses.size - 1
    if size > MAX_POINTS:
        raise GridTooLarge(size, a.h)
    a, b = _without_tiny(a), _without_tiny(b)
    raw, radius = fft.convolve(a.masses, b.masses)
    if a.side == PESSIMISTIC:
        # An entry above the error bound r moves up by r. An entry below it (true mass ≤ 2r) is zeroed: below the
        # last kept entry its possible mass moves up to the next kept entry; above it, the true mass of the whole
        # region is bounded from the factors' tails (:func:`_right_tail_bound`) and goes to +∞. Every tail of the
        # result stays above the true one's.
        kept = np.flatnonzero(raw > radius)
        masses = np.zeros(size)
        total_a, total_b = _sum_up(a.masses), _sum_up(b.masses)
        infinite = _up(_up(a.infinite * _up(total_b + b.infinite)) + _up(total_a * b.infinite))
        if kept.size:
            gaps = np.diff(kept, prepend=-1) - 1  # zeroed entries just below each kept one
            extra = np.nextafter(np.nextafter(gaps * (2 * radius), np.inf), np.inf)
            masses[kept] = np.nextafter(np.nextafter(raw[kept] + radius, np.inf) + extra, np.inf)
            infinite = _up(infinite + _right_tail_bound(a.masses, b.masses, int(kept[-1])))
        else:
            infinite = _up(infinite + _up(total_a * total_b))
    else:
        masses = np.maximum(np.nextafter(raw - radius, -np.inf), 0.0)
        infinite = 0.0
    return Measure(a.h, a.offset + b.offset, masses, infinite, a.side).trimmed(tau)


def _without_tiny(a: Measure) -> Measure:
    """``a`` with its entries in (0, 2⁻⁵⁰⁰) moved to +∞ (pessimistic) or dropped (optimistic)."""
    tiny = (a.masses > 0) & (a.masses < _TINY)
    if not tiny.any():
        return a
    masses = np.where(tiny, 0.0, a.masses)
    infinite = _up(a.infinite + _sum_up(a.masses[tiny])) if a.side == PESSIMISTIC else a.infinite
    return Measure(a.h, a.offset, masses, infinite, a.side)


def _right_tail_bound(a: np.ndarray, b: np.ndarray, last: int) -> float:
    """An upper bound on Σ_{j > last} (a ⋆ b)_j = Σ_i a_i · Σ_{i′ > last − i} b_i′ (one dot product with b's tail
    sums). Every term is non-negative, so the float sums (reverse cumulative sum, then the dot product) have
    relative error at most γ_n each (Higham 2002, §4.2, any summation order); the margin 4n·u covers both and the
    products, and the result is rounded up."""
    tails = np.append(np.cumsum(b[::-1])[::-1], 0.0)  # tails[t] = Σ_{i′ ≥ t} b
    index = np.clip(last - np.arange(a.size) + 1, 0, b.size)
    n = a.size + b.size
    return _up(float(np.dot(a, tails[index])) * (1 + 4 * n * _U))


def coarsened(a: Measure, factor: int) -> Measure:
    """``a`` on the grid factor·h (``factor`` a power of two): every entry's mass moves to the nearest new grid point
    at or above it (pessimistic) or at or below it (optimistic), by less than factor·h in the side's safe direction,
    so every tail keeps its side. A new entry sums at most ``factor`` non-negative floats (relative error ≤ γ_factor,
    Higham 2002, §4.2, any order), enlarged (pessimistic) or reduced (optimistic) by twice that and rounded the same
    way."""
    if factor == 1:
        return a
    if factor < 1 or factor & (factor - 1):
        raise InvalidParameterError("factor", f"must be a power of two, got {factor!r}")
    index = a.offset + np.arange(a.masses.size)
    target = -((-index) // factor) if a.side == PESSIMISTIC else index // factor
    sums = np.bincount(target - target[0], weights=a.masses)
    gamma = factor * _U / (1 - factor * _U)
    if a.side == PESSIMISTIC:
        masses = np.where(sums > 0, np.nextafter(sums * (1 + 2 * gamma), np.inf), 0.0)
    else:
        masses = np.maximum(np.nextafter(sums * (1 - 2 * gamma), -np.inf), 0.0)
    return Measure(a.h * factor, int(target[0]), masses, a.infinite, a.side)


def _within(a: Measure, max_points: int | None) -> Measure:
    """``a``, coarsened by the least power of two that leaves it at most ``max_points`` entries (None: ``a``)."""
    if max_points is None or a.masses.size <= max_points:
        return a
    return coarsened(a, 1 << math.ceil(math.log2(a.masses.size / max_points)))


def compose_capped(a: Measure, b: Measure, tau: float = 0.0, max_points: int | None = None) -> Measure:
    """:func:`compose` of ``a`` and ``b`` on the coarser of their two grids, the product :func:`coarsened` until it
    holds at most ``max_points`` entries (None: never)."""
    h = max(a.h, b.h)
    return _within(compose(coarsened(a, int(h / a.h)), coarsened(b, int(h / b.h)), tau), max_points)


def power(a: Measure, k: int, tau: float = 0.0, max_points: int | None = None) -> Measure:
    """The k-fold convolution of ``a`` (binary powering), trimmed after each product. With ``max_points``, a product
    that holds more entries is :func:`coarsened` until it holds at most that many: the 2ʲ-fold power then moves by less
    than its own grid step, once for each of the k/2ʲ blocks it stands for, so the bracket widens by about
    k·Σⱼ hⱼ/2ʲ in ε instead of k·h_max — the early, fine levels dominate."""
    if k < 1:
        raise InvalidParameterError("steps", f"must be ≥ 1, got {k}")
    result, base = None, _within(a, max_points)
    while True:
        if k & 1:
            result = base if result is None else compose_capped(result, base, tau, max_points)
        k >>= 1
        if not k:
            return result
        base = compose_capped(base, base, tau, max_points)


def discretise(loss, h: float, tau: float = 1e-15, coarse: int = 64, fine_mass: float = 1e-11) -> tuple[Measure, Measure]:
    """The (optimistic, pessimistic) measures of ``loss`` (an object with ``tail(ℓ) -> P(L > ℓ)`` on balls,
    ``estimate_tail`` in floats and ``support``) on the grid hℤ, over the range where the estimated tails
    exceed ``tau``: fine bins where an estimated bin mass reaches ``fine_mass``, every ``coarse``-th grid point
    elsewhere. The float estimate only chooses the bins; every mass is enclosed (at :data:`_PREC` bits whatever the
    caller's precision, so the result depends on the arguments alone: memoised by them for a hashable ``loss``, the
    measures' arrays read-only — a composition's coarse and fine passes and an instance grid's points share them)."""
    try:
        return _discretised(loss, h, tau, coarse, fine_mass)
    except TypeError:  # an unhashable loss (a ball among its parameters): computed afresh
        return _discretised.__wrapped__(loss, h, tau, coarse, fine_mass)


@functools.lru_cache(maxsize=32)
def _discretised(loss, h: float, tau: float, coarse: int, fine_mass: float) -> tuple[Measure, Measure]:
    """:func:`discretise`, computed."""
    if not (h > 0 and math.frexp(h)[0] == 0.5):
        raise InvalidParameterError("h", f"must be a positive power of two, got {h!r}")
    lo_support, hi_support = loss.support
    hi = hi_support if math.isfinite(hi_support) else _reach(lambda t: loss.estimate_tail(np.array([t]))[0], tau)
    if math.isfinite(lo_support):
        # One edge below the support: an atom at its lower end (the Laplace loss has one of mass e^{−Δ/b}/2) falls in
        # the first bin and moves down by at most h, instead of lying at or below the first edge, which the
        # optimistic side drops (dropping it at every step left (1 − e^{−Δ/b}/2)^k of the mass after k steps).
        i0 = math.floor(lo_support / h) - 1
    else:
        i0 = math.floor(-_reach(lambda t: 1 - loss.estimate_tail(np.array([-t]))[0], tau) / h)
    i1 = math.ceil(hi / h)
    if i1 - i0 + 1 > MAX_POINTS:
        raise GridTooLarge(i1 - i0 + 1, h)
    grid = np.arange(i0, i1 + 1)
    bin_mass = np.abs(np.diff(loss.estimate_tail(grid * h)))
    fine = np.zeros(grid.size, dtype=bool)
    big = bin_mass >= fine_mass
    fine[:-1] |= big
    fine[1:] |= big
    fine[::coarse] = True
    fine[0] = fine[-1] = True
    edges = grid[fine]
    pos = edges - i0
    upper, lower = np.zeros(grid.size), np.zeros(grid.size)
    with workprec(_PREC):
        tails = [loss.tail(arb(float(e) * h)) for e in edges]
        for k in range(1, edges.size):
            mass = tails[k - 1] - tails[k]
            upper[pos[k]] += arb_upper_float(mass)  # the bin (e_{k-1}, e_k]: its upper end, pessimistic
            lower[pos[k - 1]] += max(arb_lower_float(mass), 0.0)  # its lower end, optimistic
        below, last = 1 - tails[0], tails[-1]
        upper[0] = _up(upper[0] + max(arb_upper_float(below), 0.0))  # mass ≤ e_0 moves up to e_0
        lower[-1] = _down(lower[-1] + max(arb_lower_float(last), 0.0))  # mass > e_last moves down to it
        infinite = max(arb_upper_float(last), 0.0)  # ... or to +∞
    lower.setflags(write=False)
    upper.setflags(write=False)
    return Measure(h, i0, lower, 0.0, OPTIMISTIC), Measure(h, i0, upper, infinite, PESSIMISTIC)


def _reach(tail, tau: float) -> float:
    """A float t ≥ 1 with the estimated tail at t below ``tau`` (doubling)."""
    t = 1.0
    while tail(t) >= tau and t < 1e6:
        t *= 2
    return t


def delta_bracket(measures: Sequence[tuple[Measure, Measure]], epsilon) -> tuple[float, float]:
    """[lower, upper] floats around the true δ(ε) of a relation whose directions' composed (optimistic,
    pessimistic) measures are given: the max over directions on each side."""
    with workprec(128):
        eps = to_arb(epsilon)
        e_lo, e_hi = arb_lower_float(eps), arb_upper_float(eps)
    lower = max(opt.delta(e_hi) for opt, _ in measures)  # δ decreases in ε: the larger ε for the lower side
    upper = max(pes.delta(e_lo) for _, pes in measures)
    return float(lower), float(upper)


def epsilon_bracket(measures: Sequence[tuple[Measure, Measure]], delta) -> tuple[float, float]:
    """[lower, upper] floats around the true ε(δ) = min{ε ≥ 0 : δ(ε) ≤ δ}, by bisection on the two sides."""
    with workprec(128):
        d = to_arb(delta)
        d_lo, d_hi = arb_lower_float(d), arb_upper_float(d)
    top = max(max(p.values()[-1] for o, p in measures), max(o.values()[-1] for o, p in measures)) + 1.0

    def upper_ok(e: float) -> bool:  # proved: the true δ(e) ≤ δ
        return max(p.delta(e) for _, p in measures) <= d_lo

    def lower_above(e: float) -> bool:  # proved: the true δ(e) > δ
        return max(o.delta(e) for o, _ in measures) > d_hi

    if upper_ok(0.0):
        up = 0.0
    else:
        a, b = 0.0, top
        while not upper_ok(b) and b <= 1e9:
            a, b = b, 2 * b + 1
        up = _bisect(upper_ok, a, b, first=False) if b <= 1e9 else math.inf  # inf: no ε up to 1e9 proved
    if not lower_above(0.0):
        return 0.0, float(up)
    # at min(up, top) the optimistic δ is at most δ: proved at up; 0 above the optimistic side's last value
    low = _bisect(lambda e: not lower_above(e), 0.0, min(up, top), first=True)
    return float(low), float(up)


def _bisect(pred, a: float, b: float, first: bool) -> float:
    """pred(a) False, pred(b) True, pred monotone: return b (the True end) or, ``first``, a (the False end)."""
    for _ in range(80):
        mid = 0.5 * (a + b)
        if mid <= a or mid >= b:
            break
        if pred(mid):
            b = mid
        else:
            a = mid
    return a if first else b
