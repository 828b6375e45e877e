"""Separable piecewise-quadratic losses with rational breakpoints, exactly, for Rewind-to-Delete (r2d).

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. Theorem 3.1 (lines 133–147) holds for every f_z that is L-smooth with
‖∇f_z‖ < G on Θ (line 135); Corollaries 3.5/3.6 (lines 175–197) add the PL inequality (Definition 3.4, line 171), for
non-convex f as well. The families here reach that class beyond linear and quadratic losses while gradient descent stays
rational (issue 23): ``f_x(θ) = Σ_k φ(θ_k − x_k)`` with a one-dimensional piecewise quadratic profile φ whose breakpoints
are rational, so φ' is piecewise linear and every step θ − η∇f_D(θ) is decided branch by branch in Fractions.

* :func:`huber` — φ = hub_w (|t| ≤ w: t²/(2w), beyond |t| − w/2): convex, (1/w)-smooth, |φ'| ≤ 1 everywhere.
* :func:`concave_huber` — φ = −hub_w (a smoothed ramp): concave, (1/w)-smooth, |φ'| ≤ 1 — distances expand by
  1 + η/w near the maximum (Lemma B.3, line 421) while the gradient stays bounded on the whole space.
* :func:`pl_dip` — an odd-gradient profile φ' = t on [0, 1], falling to c on [1, 2], then c + (t − 2): non-convex
  (φ'' = −(1 − c) on 1 ≤ |t| ≤ 2), 1-smooth, and PL (checked exactly by :func:`pl_holds`).

:class:`Piecewise` is exact arithmetic on such profiles (sum, shift, scale, square, derivative, exact minimum) and
:meth:`Piecewise.gaussian_mean` encloses E p(μ + σZ), Z ~ N(0, 1), piece by piece from Φ (via ``erfc``) and φ —
the expectations over the Gaussian release that Corollary 3.5 and eq. (4) contain.
:class:`SeparablePiecewise` is the loss family (the protocol of :mod:`.losses`: ``L`` = sup‖∇ℓ‖ — the paper's G —,
``M`` = sup‖∇²ℓ‖ — the paper's L).
"""
from __future__ import annotations

import bisect
import collections
import functools
import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import sympy
from flint import arb

from ..errors import InvalidParameterError
from ..numeric.enclosure import int_power, to_arb
from ..numeric.fraction import Fraction
from .domains import Box, Domain
from .losses import Constants, LossFamily, R, check_nonneg, set_fields_exact, sympy_rational

__all__ = ["Piecewise", "huber", "concave_huber", "pl_dip", "pl_holds", "SeparablePiecewise", "PROFILES"]

_INF = float("inf")


def _poly_add(p: tuple, q: tuple) -> tuple:
    n = max(len(p), len(q))
    return tuple((p[i] if i < len(p) else 0) + (q[i] if i < len(q) else 0) for i in range(n))


def _poly_mul(p: tuple, q: tuple) -> tuple:
    out = [Fraction(0)] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            out[i + j] += a * b
    return tuple(out)


def _poly_shift(p: tuple, x: Fraction) -> tuple:
    """q(t) = p(t − x)."""
    out: tuple = (Fraction(0),)
    power: tuple = (Fraction(1),)
    for c in p:
        out = _poly_add(out, tuple(c * v for v in power))
        power = _poly_mul(power, (-x, Fraction(1)))
    return out


def _poly_eval(p: tuple, t: Any) -> Any:
    acc = 0
    for c in reversed(p):
        acc = acc * t + c
    return acc


@dataclass(frozen=True)
class Piecewise:
    """A one-dimensional piecewise polynomial with rational coefficients: ``pieces[j]`` (coefficients of 1, t, t², …)
    on [knots[j−1], knots[j]] (the first and last pieces unbounded). Continuity is not assumed; at a knot the piece
    to its right is used."""

    knots: tuple[Fraction, ...]
    pieces: tuple[tuple[Fraction, ...], ...]

    def __post_init__(self) -> None:
        if len(self.pieces) != len(self.knots) + 1:
            raise InvalidParameterError("pieces", "one more piece than knots")
        if any(b <= a for a, b in zip(self.knots, self.knots[1:])):
            raise InvalidParameterError("knots", "must increase strictly")

    def piece_at(self, t: Fraction) -> int:
        return bisect.bisect_right(self.knots, t)

    def __call__(self, t: Fraction) -> Fraction:
        return _poly_eval(self.pieces[self.piece_at(t)], t)

    def refine(self, knots: tuple[Fraction, ...]) -> Piecewise:
        """The same function on the union of the knots."""
        ks = tuple(sorted(set(self.knots) | set(knots)))
        mids = [ks[0] - 1] + [(a + b) / 2 for a, b in zip(ks, ks[1:])] + [ks[-1] + 1] if ks else [Fraction(0)]
        return Piecewise(ks, tuple(self.pieces[self.piece_at(m)] for m in mids))

    def __add__(self, other: Piecewise) -> Piecewise:
        a, b = self.refine(other.knots), other.refine(self.knots)
        return Piecewise(a.knots, tuple(_poly_add(p, q) for p, q in zip(a.pieces, b.pieces)))

    def scale(self, c: Fraction) -> Piecewise:
        return Piecewise(self.knots, tuple(tuple(c * v for v in p) for p in self.pieces))

    def shift(self, x: Fraction) -> Piecewise:
        """t ↦ self(t − x)."""
        return Piecewise(tuple(k + x for k in self.knots), tuple(_poly_shift(p, x) for p in self.pieces))

    def square(self) -> Piecewise:
        return Piecewise(self.knots, tuple(_poly_mul(p, p) for p in self.pieces))

    def derivative(self) -> Piecewise:
        return Piecewise(self.knots, tuple(tuple(i * c for i, c in enumerate(p))[1:] or (Fraction(0),)
                                           for p in self.pieces))

    def degree(self) -> int:
        return max(len([c for c in p]) - 1 for p in self.pieces)

    def bounds(self, j: int) -> tuple[Fraction | float, Fraction | float]:
        return (self.knots[j - 1] if j > 0 else -_INF, self.knots[j] if j < len(self.knots) else _INF)

    def minimum(self) -> Fraction:
        """The exact infimum over ℝ of a piecewise polynomial of degree ≤ 2 (ValueError if it is −∞ or not
        attained)."""
        best = None
        for j, p in enumerate(self.pieces):
            p = tuple(p) + (Fraction(0),) * (3 - len(p))
            if len(p) > 3 and any(p[3:]):
                raise ValueError("degree > 2")
            lo, hi = self.bounds(j)
            cands = [e for e in (lo, hi) if e not in (-_INF, _INF)]
            if p[2] > 0:
                v = -p[1] / (2 * p[2])
                if (lo == -_INF or v >= lo) and (hi == _INF or v <= hi):
                    cands.append(v)
            elif (lo == -_INF and (p[2] < 0 or p[1] > 0)) or (hi == _INF and (p[2] < 0 or p[1] < 0)):
                raise ValueError("unbounded below")
            for t in cands:
                val = _poly_eval(p, t)
                best = val if best is None or val < best else best
        if best is None:
            raise ValueError("constant without knots: use its value")
        return best

    def max_abs_on(self, lo: Fraction, hi: Fraction) -> Fraction:
        """max |p| over [lo, hi] of a piecewise *linear* function (attained at a knot or an end), exactly."""
        if self.degree() > 1:
            raise ValueError("piecewise linear only")
        pts = [lo, hi] + [k for k in self.knots if lo < k < hi]
        vals = []
        for t in pts:  # both one-sided values at a knot
            vals.append(abs(self(t)))
            j = self.piece_at(t)
            if j > 0:
                vals.append(abs(_poly_eval(self.pieces[j - 1], t)))
        return max(vals)

    def sup_abs(self) -> Fraction | None:
        """sup over ℝ of |p| for a piecewise linear p, or None when it is unbounded."""
        if self.degree() > 1:
            raise ValueError("piecewise linear only")
        for p in (self.pieces[0], self.pieces[-1]):
            if len(p) > 1 and p[1] != 0:
                return None
        if not self.knots:
            return abs(self.pieces[0][0])
        return self.max_abs_on(self.knots[0], self.knots[-1])

    def gaussian_mean(self, mu: Any, sigma: Any) -> arb:
        """E p(μ + σZ), Z ~ N(0, 1), enclosed: per piece ∫ q(u)φ(u)du with q(u) = p(μ + σu), from the moments
        M_k = ∫_a^b u^k φ = (k − 1)M_{k−2} + a^{k−1}φ(a) − b^{k−1}φ(b), M_0 = Φ(b) − Φ(a) (Φ from erfc: no
        cancellation in a tail)."""
        mu, sigma = to_arb(mu), to_arb(sigma)
        if not sigma > 0:
            raise InvalidParameterError("sigma", "must be decided > 0")
        rt2 = arb(2).sqrt()
        dens = lambda u: (-(u * u) / 2).exp() / (2 * arb.pi()).sqrt()  # noqa: E731
        cdf = lambda u: (-u / rt2).erfc() / 2  # noqa: E731
        total = arb(0)
        for j, p in enumerate(self.pieces):
            lo, hi = self.bounds(j)
            a = None if lo == -_INF else (to_arb(lo) - mu) / sigma
            b = None if hi == _INF else (to_arb(hi) - mu) / sigma
            q = [arb(0)] * len(p)  # q(u) = p(μ + σu) = Σ_k c_k Σ_i C(k, i) μ^{k−i} σ^i u^i
            for k, c in enumerate(p):
                for i in range(k + 1):
                    q[i] += to_arb(c) * math.comb(k, i) * int_power(mu, k - i) * int_power(sigma, i)
            fa = arb(0) if a is None else dens(a)
            fb = arb(0) if b is None else dens(b)
            moments = [(arb(1) if b is None else cdf(b)) - (arb(0) if a is None else cdf(a)), fa - fb]
            for k in range(2, len(q)):
                ta = arb(0) if a is None else int_power(a, k - 1) * fa
                tb = arb(0) if b is None else int_power(b, k - 1) * fb
                moments.append((k - 1) * moments[k - 2] + ta - tb)
            total += sum((qi * mk for qi, mk in zip(q, moments)), arb(0))
        return total


def huber(w: Fraction) -> Piecewise:
    """hub_w(t): t²/(2w) on |t| ≤ w, |t| − w/2 beyond (convex, (1/w)-smooth, |hub'| ≤ 1)."""
    w = Fraction(w)
    return Piecewise((-w, w), ((-w / 2, Fraction(-1)), (Fraction(0), Fraction(0), 1 / (2 * w)), (-w / 2, Fraction(1))))


def concave_huber(w: Fraction) -> Piecewise:
    """−hub_w (a smoothed ramp: concave, (1/w)-smooth, |φ'| ≤ 1)."""
    return huber(w).scale(Fraction(-1))


def pl_dip(c: Fraction) -> Piecewise:
    """φ with φ(0) = 0 and odd derivative φ'(t) = t on [0, 1], 1 − (1 − c)(t − 1) on [1, 2], c + (t − 2) beyond
    (0 < c ≤ 1): 1-smooth, non-convex for c < 1 (φ'' = c − 1 on 1 ≤ |t| ≤ 2), minimum 0 at 0 only, PL."""
    c = Fraction(c)
    if not 0 < c <= 1:
        raise InvalidParameterError("c", f"must be in (0, 1], got {c}")
    s = 1 - c
    # on [1, 2]: φ(t) = 1/2 + (t − 1) − (s/2)(t − 1)²; φ(2) = 3/2 − s/2; beyond: φ(2) + c(t − 2) + (t − 2)²/2
    mid = _poly_add(_poly_add((Fraction(1, 2),), _poly_shift((Fraction(0), Fraction(1)), Fraction(1))),
                    _poly_shift((Fraction(0), Fraction(0), -s / 2), Fraction(1)))
    f2 = Fraction(3, 2) - s / 2
    far = _poly_add(_poly_add((f2,), _poly_shift((Fraction(0), c), Fraction(2))),
                    _poly_shift((Fraction(0), Fraction(0), Fraction(1, 2)), Fraction(2)))
    mirror = lambda p: tuple(v if i % 2 == 0 else -v for i, v in enumerate(p))  # noqa: E731  p(−t)
    return Piecewise((Fraction(-2), Fraction(-1), Fraction(1), Fraction(2)),
                     (mirror(far), mirror(mid), (Fraction(0), Fraction(0), Fraction(1, 2)), mid, far))


PROFILES = {0: ("Huber hub_w", huber), 1: ("concave Huber −hub_w", concave_huber),
            2: ("non-convex PL dip (φ' = t, falls to c on [1, 2])", pl_dip)}


def pl_holds(f: Piecewise, mu: Fraction) -> bool:
    """Exactly: ½f'(t)² ≥ μ(f(t) − f*) for every t (Definition 3.4, line 171) for a piecewise quadratic f. Per piece
    P = f'² − 2μ(f − f*) is a polynomial of degree ≤ 2, nonnegative on its interval iff it is at the ends, at its
    vertex when that lies inside and P opens upwards, and at infinity when the piece is unbounded."""
    fstar = f.minimum()
    P = f.derivative().square() + f.scale(-2 * Fraction(mu)) + Piecewise((), ((2 * Fraction(mu) * fstar,),))
    for j, p in enumerate(P.pieces):
        p = tuple(p) + (Fraction(0),) * (3 - len(p))
        lo, hi = P.bounds(j)
        for e in (lo, hi):
            if e not in (-_INF, _INF) and _poly_eval(p, e) < 0:
                return False
        if lo == -_INF or hi == _INF:
            lead = p[2] if p[2] else (p[1] * (1 if hi == _INF else -1) if p[1] else p[0])
            if lead < 0:
                return False
        if p[2] > 0:
            v = -p[1] / (2 * p[2])
            if (lo == -_INF or v > lo) and (hi == _INF or v < hi) and _poly_eval(p, v) < 0:
                return False
        elif p[2] < 0 and (lo == -_INF or hi == _INF):
            return False
    return True


@dataclass(frozen=True)
class SeparablePiecewise(LossFamily):
    """``ℓ(θ; x) = Σ_k φ(θ_k − x_k)`` with a piecewise-quadratic profile φ (``PROFILES[shape](param)``), ``‖x‖ ≤ R``,
    labels unused. Declared: ``M`` = max|φ''| and ``m`` = min φ'' (the Hessian is diagonal with entries φ''),
    ``L`` = √d·sup|φ'| when φ' is bounded, else on a box Θ = [lo, hi] the root of Σ_k max_{|t| over
    [lo_k − R, hi_k + R]} φ'(t)² (an upper bound of sup‖∇ℓ‖: |x_k| ≤ R), ``G = 0`` almost everywhere."""

    shape: int
    param: Fraction
    R: Fraction
    d: int
    key: ClassVar[str] = "separable-piecewise"
    uses_labels: ClassVar[bool] = False

    def __post_init__(self) -> None:
        set_fields_exact(self, param=self.param, R=self.R)
        check_nonneg("R", self.R, strict=True)
        check_nonneg("param", self.param, strict=True)
        if self.shape not in PROFILES:
            raise InvalidParameterError("shape", f"unknown profile {self.shape}")

    @property
    def profile(self) -> Piecewise:
        return _profile(self.shape, self.param)

    @property
    def dim(self) -> int:
        return self.d

    def params(self):
        return {R: sympy_rational(self.R)}

    def _declared(self):
        raise NotImplementedError("constants() depends on the domain")

    def constants(self, domain: Domain) -> Constants:
        phi = self.profile
        curv = [p[2] * 2 if len(p) > 2 else Fraction(0) for p in phi.pieces]
        dphi = phi.derivative()
        sup = dphi.sup_abs()
        if sup is not None:
            grad2 = self.d * sup * sup
        elif isinstance(domain, Box):
            grad2 = sum((dphi.max_abs_on(a - self.R, b + self.R) ** 2 for a, b in zip(domain.lo, domain.hi)),
                        Fraction(0))
        else:
            grad2 = None
        Lc = sympy.oo if grad2 is None else sympy.sqrt(sympy_rational(grad2))
        return Constants(Lc, sympy_rational(max(abs(v) for v in curv)), sympy_rational(min(curv)), sympy.S.Zero,
                         tuple(self.params().items()), self.key)

    def _check_exact(self, mode: str) -> None:
        if mode != "fraction":
            raise InvalidParameterError("theta", "separable piecewise losses are evaluated exactly (Fractions only)")

    def _values(self, mode, theta, X, y):
        self._check_exact(mode)
        phi = self.profile
        return np.asarray([sum((phi(t - x) for t, x in zip(theta, row)), Fraction(0)) for row in X], dtype=object)

    def _grads(self, mode, theta, X, y):
        self._check_exact(mode)
        dphi = self.profile.derivative()
        return np.asarray([[dphi(t - x) for t, x in zip(theta, row)] for row in X], dtype=object)

    def _risk_hessian(self, mode, theta, X, y):
        self._check_exact(mode)
        d2 = self.profile.derivative().derivative()
        diag = [sum((d2(t - row[k]) for row in X), Fraction(0)) / len(X) for k, t in enumerate(theta)]
        return np.asarray([[diag[i] if i == j else Fraction(0) for j in range(len(diag))] for i in range(len(diag))],
                          dtype=object)

    def expression(self, d, symbolic=False):
        th = list(sympy.symbols(f"theta0:{d}", real=True))
        xs = list(sympy.symbols(f"x0:{d}", real=True))
        phi = self.profile

        def one(t: sympy.Symbol) -> sympy.Expr:
            args = []
            for j, piece in enumerate(phi.pieces):
                val = sum((sympy_rational(c) * t**i for i, c in enumerate(piece)), sympy.S.Zero)
                args.append((val, t < sympy_rational(phi.knots[j]) if j < len(phi.knots) else True))
            return sympy.Piecewise(*args)

        return sum((one(t - x) for t, x in zip(th, xs)), sympy.S.Zero), th, xs, sympy.Symbol("y", real=True)

    def reduction(self, name, domain):
        raise NotImplementedError("the constants are exact maxima over the pieces (constants()), not reductions")

    def witnesses(self, name, domain, d):
        raise NotImplementedError("the constants are exact maxima over the pieces (constants()), not searched")

    def coordinate_risk(self, Xcol: Any) -> Piecewise:
        """t ↦ (1/n)Σ_i φ(t − x_ik): the k-th coordinate's part of f_D (f_D is their sum)."""
        return _coordinate_risk(self.shape, self.param, tuple(Fraction(x) for x in Xcol))


@functools.lru_cache(maxsize=64)
def _profile(shape: int, param: Fraction) -> Piecewise:
    return PROFILES[shape][1](param)


@functools.lru_cache(maxsize=1024)
def _coordinate_risk(shape: int, param: Fraction, col: tuple[Fraction, ...]) -> Piecewise:
    phi = _profile(shape, param)
    out = Piecewise((), ((Fraction(0),),))
    for x, count in sorted(collections.Counter(col).items()):
        out = out + phi.shift(x).scale(Fraction(count))
    return out.scale(Fraction(1, len(col)))
