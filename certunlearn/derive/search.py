"""Looking hard for a counterexample before a step may be graded ``evidence``.

Sampling a step at a few dozen points says little when the step fails only in a corner of its domain (a
printed ``G`` for ``G²`` fails only where ``κ²G > 1``). Before the engine grades a step ``evidence`` it calls
:func:`find_counterexample`, which

1. evaluates the step in floating point (float64 where it neither overflows nor underflows, else mpmath at
   :data:`DPS` digits) at ≥ :data:`POINTS` points of the declared domain: the centre, the box's corners
   (all of them up to 2⁶, else random ones plus the two extreme corners), the centre with one coordinate
   moved to either end, points on random edges (all coordinates at an end but one), and random points — every
   coordinate in log scale when its range is positive and spans orders of magnitude, else uniform;
2. maximises the scale-free violation ``(lhs − rhs)/(|lhs| + |rhs|)`` (``|lhs − rhs|/(|lhs| + |rhs|)`` for an
   equation) locally from the best points with Nelder–Mead (scipy) in those coordinates, clipped to the box and
   penalised outside the conditions;
3. hands the most violating points, best first, to :func:`certunlearn.numeric.boxes.refute_at`, which reports a
   point only when the step is *decided false there on exact enclosures* (and the point satisfies the conditions
   and the symbols' assumptions). Floating point only proposes.

A step whose float evaluation is impossible (unevaluated integrals, unknown functions) is not searched.
"""
from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import mpmath
import numpy as np
import sympy

from ..numeric import boxes as boxmod
from ..numeric.fraction import Fraction

#: Points evaluated before local maximisation.
POINTS = 240
#: Starting points of the local maximisation.
STARTS = 4
#: Function evaluations per local maximisation (per coordinate, capped).
EVALS_PER_DIM = 80
MAX_EVALS = 500
#: Candidates checked on exact enclosures.
CANDIDATES = 8
#: Working precision (decimal digits) of the float evaluation.
DPS = 30
#: A point is a candidate when its scale-free violation exceeds this (float rounding may hide a tiny failure).
THRESHOLD = -1e-12


@dataclass(frozen=True)
class SearchReport:
    """What a search did: points evaluated, local maximisations, candidates checked exactly, best violation."""

    points: int
    evaluations: int
    starts: int
    candidates: int
    best: float
    outcome: boxmod.BoxOutcome | None = None
    note: str = ""

    def text(self) -> str:
        best = "n/a" if not math.isfinite(self.best) else f"{self.best:.3g}"
        return (f"searched {self.points} points of the domain and {self.starts} local maximisations "
                f"({self.evaluations} evaluations) of (lhs − rhs)/(|lhs| + |rhs|), largest {best}"
                + (f"; {self.note}" if self.note else ""))


class _Coords:
    """Unit-cube coordinates u ∈ [0, 1]^k ↔ points of the ranges (log scale for wide positive ranges)."""

    def __init__(self, ranges: Mapping[str, tuple[Fraction, Fraction]], positive: set[str], integers: set[str]):
        self.names = sorted(ranges)
        self.lo, self.hi, self.log = [], [], []
        for n in self.names:
            lo, hi = ranges[n]
            flo, fhi = float(lo), float(hi)
            if n in positive and lo <= 0 < hi:  # a positive symbol: the range's lower end is excluded
                flo = fhi * 1e-9 if fhi > 0 else flo
            use_log = flo > 0 and fhi >= 1000 * flo
            self.lo.append(math.log(flo) if use_log else flo)
            self.hi.append(math.log(fhi) if use_log else fhi)
            self.log.append(use_log)
        self.ranges = ranges
        self.integers = integers

    def point(self, u: Sequence[float]) -> dict[str, float]:
        out = {}
        for i, n in enumerate(self.names):
            x = min(max(float(u[i]), 0.0), 1.0)
            v = self.lo[i] + x * (self.hi[i] - self.lo[i])
            v = math.exp(v) if self.log[i] else v
            if n in self.integers:
                v = float(round(v))
            out[n] = v
        return out

    def exact(self, p: Mapping[str, float]) -> dict[str, Fraction]:
        out = {}
        for n, v in p.items():
            lo, hi = self.ranges[n]
            f = Fraction(round(v)) if n in self.integers else Fraction(v)
            out[n] = min(max(f, lo), hi)
        return out


def _unit_points(k: int, n: int, rng: np.random.Generator) -> list[np.ndarray]:
    pts: list[np.ndarray] = [np.full(k, 0.5)]
    if k == 0:
        return pts
    # corners
    if k <= 6:
        pts += [np.array(c, dtype=float) for c in itertools.product((0.0, 1.0), repeat=k)]
    else:
        pts += [np.zeros(k), np.ones(k)]
        pts += [rng.integers(0, 2, k).astype(float) for _ in range(62)]
    # the centre with one coordinate at either end
    for i in range(k):
        for end in (0.0, 1.0):
            p = np.full(k, 0.5)
            p[i] = end
            pts.append(p)
    # random edges: every coordinate at an end but one
    for _ in range(min(48, max(8, n // 5))):
        p = rng.integers(0, 2, k).astype(float)
        p[rng.integers(0, k)] = rng.random()
        pts.append(p)
    while len(pts) < n:
        pts.append(rng.random(k))
    return pts


def _evaluator(lhs: sympy.Expr, op: str, rhs: sympy.Expr, conds: Sequence[sympy.Rel], names: list[str],
               symbols: Mapping[str, sympy.Symbol]):
    args = [symbols[n] for n in names]
    gaps = []
    for c in conds:
        if isinstance(c, (sympy.LessThan, sympy.StrictLessThan)):
            gaps.append((c.rhs - c.lhs, isinstance(c, sympy.StrictLessThan)))
        elif isinstance(c, (sympy.GreaterThan, sympy.StrictGreaterThan)):
            gaps.append((c.lhs - c.rhs, isinstance(c, sympy.StrictGreaterThan)))
        else:
            return None
    try:
        fl = sympy.lambdify(args, lhs, modules="mpmath")
        fr = sympy.lambdify(args, rhs, modules="mpmath")
        fg = [(sympy.lambdify(args, g, modules="mpmath"), strict) for g, strict in gaps]
    except Exception:  # not representable in mpmath: no search
        return None
    try:  # a fast float64 form where every function has one; mpmath where it overflows or fails
        ql = sympy.lambdify(args, lhs, modules="math")
        qr = sympy.lambdify(args, rhs, modules="math")
        qg = [(sympy.lambdify(args, g, modules="math"), strict) for g, strict in gaps]
    except Exception:
        ql = qr = qg = None

    def scale_free(lv, rv) -> float:
        scale = abs(lv) + abs(rv)
        if op == "==":
            return float(abs(lv - rv) / scale) if scale else 0.0
        return float((lv - rv) / scale) if scale else 0.0

    def fast(p: Mapping[str, float]) -> float | None:
        xs = [p[n] for n in names]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for g, strict in qg:
                    gv = g(*xs)
                    if isinstance(gv, complex) or not math.isfinite(gv):
                        return None
                    if gv < 0 or (strict and gv == 0):
                        return -math.inf
                lv, rv = ql(*xs), qr(*xs)
                if isinstance(lv, complex) or isinstance(rv, complex) or not (math.isfinite(lv) and math.isfinite(rv)):
                    return None
                if 0 < abs(lv) < 1e-280 or 0 < abs(rv) < 1e-280:  # near underflow: let mpmath decide
                    return None
                return scale_free(lv, rv)
        except Exception:  # overflow, domain errors, anything float cannot do: mpmath instead
            return None

    def value(p: Mapping[str, float]) -> float:
        """Scale-free violation at p (> 0: the step fails in floating point), -inf outside the conditions."""
        if ql is not None:
            g = fast(p)
            if g is not None:
                return g
        xs = [mpmath.mpf(p[n]) for n in names]
        try:
            with mpmath.workdps(DPS):
                for g, strict in fg:
                    gv = g(*xs)
                    if not _real(gv) or gv < 0 or (strict and gv == 0):
                        return -math.inf
                lv, rv = fl(*xs), fr(*xs)
                if not (_real(lv) and _real(rv)):
                    return -math.inf
                return scale_free(lv, rv)
        except (ZeroDivisionError, ValueError, TypeError, OverflowError, ArithmeticError, NameError,
                AttributeError, RecursionError):
            return -math.inf

    return value


def _real(v) -> bool:
    if isinstance(v, mpmath.mpc):
        if v.imag != 0:
            return False
        v = v.real
    try:
        return mpmath.isfinite(v)
    except TypeError:
        return False


def find_counterexample(lhs: sympy.Expr, op: str, rhs: sympy.Expr, symbols: Mapping[str, sympy.Symbol],
                        conds: Sequence[sympy.Rel], ranges: Mapping[str, tuple[Fraction, Fraction]],
                        seed: int, points: int = POINTS) -> SearchReport:
    """Search ``ranges`` (under ``conds`` and the symbols' assumptions) for a point where ``lhs op rhs`` fails.

    The report's ``outcome`` is a refuted :class:`~certunlearn.numeric.boxes.BoxOutcome` (decided false on exact
    enclosures at a point inside the ranges and the conditions) or None.
    """
    names = sorted(ranges)
    value = _evaluator(lhs, op, rhs, conds, names, symbols)
    if value is None:
        return SearchReport(0, 0, 0, 0, -math.inf, note="not evaluable in floating point: not searched")
    positive = {n for n in names if symbols[n].is_positive}
    integers = {n for n in names if symbols[n].is_integer}
    coords = _Coords(ranges, positive, integers)
    rng = np.random.default_rng(seed & 0xFFFFFFFF)
    k = len(names)
    evaluated: list[tuple[float, tuple[float, ...]]] = []
    for u in _unit_points(k, points, rng):
        evaluated.append((value(coords.point(u)), tuple(float(x) for x in u)))
    n_points = len(evaluated)
    evals = n_points
    starts = 0
    finite = sorted((e for e in evaluated if e[0] > -math.inf), key=lambda e: -e[0])
    if k and finite:
        from scipy.optimize import minimize

        seen: list[tuple[float, ...]] = []
        for g0, u0 in finite:
            if starts >= STARTS:
                break
            if any(max(abs(a - b) for a, b in zip(u0, s)) < 1e-3 for s in seen):
                continue
            seen.append(u0)
            starts += 1
            local: list[tuple[float, tuple[float, ...]]] = []

            def objective(u: np.ndarray) -> float:
                inside = np.clip(u, 0.0, 1.0)
                g = value(coords.point(inside))
                local.append((g, tuple(float(x) for x in inside)))
                if g == -math.inf:
                    return 1e6
                return -g + float(np.sum((u - inside) ** 2))

            simplex = [np.array(u0)]
            for i in range(k):  # an initial simplex pointing into the box
                v = np.array(u0)
                v[i] = v[i] - 0.1 if v[i] >= 0.5 else v[i] + 0.1
                simplex.append(v)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                minimize(objective, np.array(u0), method="Nelder-Mead",
                         options={"maxfev": min(MAX_EVALS, EVALS_PER_DIM * max(k, 2)), "xatol": 1e-9,
                                  "fatol": 1e-15, "initial_simplex": np.array(simplex)})
            evals += len(local)
            evaluated.extend(local)
    best = max((e[0] for e in evaluated), default=-math.inf)
    # exact decisions at the most violating distinct points
    candidates = sorted((e for e in evaluated if e[0] > THRESHOLD), key=lambda e: -e[0])
    tried: list[dict[str, Fraction]] = []
    checked = 0
    sym_conds = tuple(conds)
    for g, u in candidates:
        if checked >= CANDIDATES:
            break
        p = coords.exact(coords.point(u))
        if p in tried:
            continue
        tried.append(p)
        checked += 1
        out = boxmod.refute_at(lhs, op, rhs, p, conditions=sym_conds, outer=ranges)
        if out is not None:
            return SearchReport(n_points, evals, starts, checked, best, out)
    return SearchReport(n_points, evals, starts, checked, best)


__all__ = ["POINTS", "SearchReport", "find_counterexample"]
