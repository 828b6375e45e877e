"""The exact Rényi divergence of two "Gaussian through a clipped piecewise-affine map, plus Gaussian" laws on ℝ.

The law: X ~ N(m, s₁²), Z = F(X) with F piecewise affine and constant outside a bounded interval (a projection onto a
segment ends it, so F(ℝ) ⊂ [lo, hi]), W = Z + s₂ξ with ξ ~ N(0, 1) independent. A piece of F with slope 0 is an atom
of Z (mass the normal probability of the piece); a piece x ∈ (l, r) ↦ ax + b with a ≠ 0 gives W the density

    φ_S(w − b − am) · [Φ((r − μ(w))/s_c) − Φ((l − μ(w))/s_c)],   S² = s₂² + a²s₁²,  s_c² = s₁²s₂²/S²,
    μ(w) = m + as₁²(w − b − am)/S²

(the joint normal law of (X, W) on the piece: W's marginal times P(X ∈ (l, r) | W = w)), an atom at b of mass M gives
M·φ_{s₂}(w − b). So the density p of W is a closed form in exp and erfc, entire in w: this is the law of Algorithm 1's
release after a first Gaussian release and projected OGD steps with Huber losses on an interval (olu Corollary 1, lines
115–136 and 168 of ``papers/000_8245766a2c9b0ba6.txt``; the claims in ``certunlearn.claims.olu.sampled``).

:func:`renyi_released` encloses D_α(P‖Q) = log(1 + J)/(α − 1), J = ∫ (p^α q^{1−α} − p) (written p·expm1((α − 1)
log(p/q)), or p(p^{n−1} − q^{n−1})/q^{n−1} for an integer α = n, so that J keeps its relative precision when it is tiny:
ε → 0, α → 1⁺), rigorously: python-flint's ``acb.integral`` (Petras' Gauss–Legendre method with certified error on
complex balls; meromorphic for integer α, ``log(analytic=…)`` otherwise) over [L, R] cut into cells, plus the two tails
bounded in closed form. Let [lo, hi] hold both images F(ℝ). For w ≥ hi every Z_P ≤ hi ≤ w gives p(w) ≤ φ_{s₂}(w − hi),
and for any z₀ with M = Q[Z ≥ z₀] > 0, q(w) ≥ M·φ_{s₂}(w − z₀); so with Δ = hi − z₀ ≥ 0

    ∫_R^∞ p^α q^{1−α} ≤ M^{1−α} exp(α(α − 1)Δ²/(2s₂²)) · Q((R − hi − (α − 1)Δ)/s₂),   ∫_R^∞ p ≤ Q((R − hi)/s₂),

(z₀ among the ends of Q's pieces, chosen for the shortest range), symmetrically on the left; J's tails lie between
−∫p and the first bound. Φ and its complement are taken from erfc on the side that avoids cancellation, never as
½(1 + erf). Binary floats only choose ranges and cells, never a value.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flint import acb, arb, ctx

from ..numeric.enclosure import to_arb
from ..numeric.fraction import RATIONAL_TYPES, Fraction
from ..numeric.precision import workprec
from .subsampled import normal_tail

__all__ = ["PiecewiseAffine", "ReleasedLaw", "renyi_released", "normal_cdf_interval", "tail_bounds"]

#: At least this many s₂ are integrated beyond the shifted image ends (more when the tails' growth factor is large).
_REACH = 12
#: Least working precision (bits); the checker's precision ladder raises it when a comparison is undecided.
_PREC = 64
#: The integration range is cut into cells of this many s₂ (acb.integral's complex balls stay small).
_CELL = 4
#: acb.integral's relative tolerance 2^{−prec·num/den} (on J's rough size; never below what the evaluation resolves).
_TOL_NUM, _TOL_DEN = 1, 4
#: ... at most 2^{−_TOL_CAP}: the checker's precision ladder (to 4096 bits) then narrows the ball no further instead of
#: making acb.integral's work explode.
_TOL_CAP = 96


@dataclass(frozen=True)
class PiecewiseAffine:
    """x ↦ a_j x + b_j on the j-th interval cut by ``breaks`` (sorted exact numbers; len(pieces) = len(breaks) + 1;
    the interval (−∞, breaks[0]) is piece 0). Continuity is not assumed; the value at a break is never used (a point
    has normal probability 0)."""

    breaks: tuple
    pieces: tuple

    def __post_init__(self) -> None:
        if len(self.pieces) != len(self.breaks) + 1 or list(self.breaks) != sorted(set(self.breaks)):
            raise ValueError("PiecewiseAffine: sorted distinct breaks and one more piece than breaks")

    @staticmethod
    def identity() -> PiecewiseAffine:
        return PiecewiseAffine((), ((Fraction(1), Fraction(0)),))

    @staticmethod
    def from_function(fn: Callable[[Fraction], Fraction], kinks: Sequence[Fraction]) -> PiecewiseAffine:
        """The piecewise-affine map equal to ``fn`` (exact on Fractions) when ``kinks`` holds every point where it is not
        locally affine (the caller's knowledge: a Huber gradient's x ± δ, a box's faces). Each piece's slope and
        intercept come from two points inside it; the others of :func:`_probes` (far out on an unbounded piece) must
        agree, so a kink missing from the list is caught wherever a probe lands beyond it."""
        ks = sorted(set(Fraction(k) for k in kinks))
        ends = [None, *ks, None]
        pieces = []
        for j in range(len(ks) + 1):
            xs = _probes(ends[j], ends[j + 1])
            ys = [Fraction(fn(x)) for x in xs]
            a = (ys[1] - ys[0]) / (xs[1] - xs[0])
            b = ys[0] - a * xs[0]
            if any(a * x + b != y for x, y in zip(xs[2:], ys[2:])):
                raise ValueError(f"PiecewiseAffine.from_function: not affine between {ends[j]} and {ends[j + 1]}")
            pieces.append((a, b))
        return PiecewiseAffine(tuple(ks), tuple(pieces)).simplified()

    def __call__(self, x: Fraction) -> Fraction:
        j = sum(1 for c in self.breaks if c < x)
        a, b = self.pieces[j]
        return a * x + b

    def at_continuous(self, x: Fraction) -> Fraction:
        """F(x), where x on a break must see both adjacent pieces agree (an error otherwise)."""
        j = sum(1 for c in self.breaks if c < x)
        a, b = self.pieces[j]
        if x in self.breaks:
            a2, b2 = self.pieces[j + 1]
            if a2 * x + b2 != a * x + b:
                raise ValueError(f"PiecewiseAffine: discontinuous at {x}")
        return a * x + b

    def intervals(self) -> list[tuple[Fraction | None, Fraction | None, Fraction, Fraction]]:
        """(l, r, a, b) per piece; None for ∓∞."""
        ends = [None, *self.breaks, None]
        return [(ends[j], ends[j + 1], a, b) for j, (a, b) in enumerate(self.pieces)]

    def then(self, g: PiecewiseAffine) -> PiecewiseAffine:
        """g ∘ self: each piece of self split where it crosses g's breaks (preimages, exact)."""
        breaks, pieces = [], []
        for l, r, a, b in self.intervals():
            cuts = []
            if a != 0:
                for c in g.breaks:
                    x = (c - b) / a
                    if (l is None or x > l) and (r is None or x < r):
                        cuts.append(x)
            cuts.sort()
            ends = [l, *cuts, r]
            for s in range(len(ends) - 1):
                lo_, hi_ = ends[s], ends[s + 1]
                if a == 0:  # a constant piece: g at b (on a break of g, both sides must agree)
                    pieces.append((Fraction(0), g.at_continuous(b)))
                else:
                    ga, gb = g.pieces[sum(1 for c in g.breaks if c < a * _inside(lo_, hi_) + b)]
                    pieces.append((ga * a, ga * b + gb))
                if hi_ is not None:
                    breaks.append(hi_)
        return PiecewiseAffine(tuple(breaks), tuple(pieces)).simplified()

    def simplified(self) -> PiecewiseAffine:
        """Adjacent pieces with the same (a, b) merged."""
        breaks, pieces = [], [self.pieces[0]]
        for c, p in zip(self.breaks, self.pieces[1:]):
            if p == pieces[-1]:
                continue
            breaks.append(c)
            pieces.append(p)
        return PiecewiseAffine(tuple(breaks), tuple(pieces))

    def image_hull(self) -> tuple[Fraction, Fraction]:
        """[min, max] of F over ℝ; an error unless the two unbounded pieces are constant (F bounded)."""
        if self.pieces[0][0] != 0 or self.pieces[-1][0] != 0:
            raise ValueError("PiecewiseAffine: unbounded image (the map must end in a projection onto a segment)")
        vals = [b for a, b in (self.pieces[0], self.pieces[-1])]
        for l, r, a, b in self.intervals()[1:-1]:
            vals += [a * l + b, a * r + b]
        return min(vals), max(vals)


def _probes(l: Fraction | None, r: Fraction | None) -> list[Fraction]:
    """Points strictly inside (l, r): quarters of a bounded piece; on an unbounded one, steps of 1/4 to 2^{20} out."""
    if l is not None and r is not None:
        return [l + (r - l) * j / 8 for j in range(1, 8)]
    far = [Fraction(1, 4), Fraction(1), Fraction(3), Fraction(2) ** 10, Fraction(2) ** 20]
    if l is None and r is None:
        return [Fraction(0), *far, *(-x for x in far)]
    return [r - x for x in far] if l is None else [l + x for x in far]


def _inside(l: Fraction | None, r: Fraction | None) -> Fraction:
    if l is None and r is None:
        return Fraction(0)
    if l is None:
        return r - 1
    if r is None:
        return l + 1
    return (l + r) / 2


def _re_mid(x: Any) -> float:
    v = x.real if isinstance(x, acb) else x
    return float(v.mid())


def _band(lo: Any, hi: Any) -> Any:
    """Φ(√2·hi) − Φ(√2·lo) (arguments already divided by √2; None for ∓∞) from erfc(y)/2 = Q(√2y), on the side
    without cancellation (the real midpoints choose the side; any side is a true enclosure)."""
    if lo is None and hi is None:
        return arb(1)
    if lo is None:
        return (-hi).erfc() / 2
    if hi is None:
        return lo.erfc() / 2
    if _re_mid(lo) >= 0:
        return (lo.erfc() - hi.erfc()) / 2
    if _re_mid(hi) <= 0:
        return ((-hi).erfc() - (-lo).erfc()) / 2
    return 1 - (hi.erfc() + (-lo).erfc()) / 2


def normal_cdf_interval(lo: Any, hi: Any) -> Any:
    """Φ(hi) − Φ(lo) for lo ≤ hi (None for ∓∞), arb or acb, from erfc on the side without cancellation."""
    k = 1 / arb(2).sqrt()
    return _band(None if lo is None else lo * k, None if hi is None else hi * k)


@dataclass(frozen=True)
class ReleasedLaw:
    """The law of W = F(X) + s₂ξ, X ~ N(m, v₁), ξ ~ N(0, 1): ``m`` exact or an arb ball, ``v1`` = s₁², ``v2`` = s₂²
    (exact or arb), ``F`` a bounded :class:`PiecewiseAffine`."""

    m: Any
    v1: Any
    v2: Any
    F: PiecewiseAffine

    def parts(self) -> tuple[list, list]:
        """(atoms [(mass, at)], slopes [(l, r, a, b)]) on arb balls at the current precision."""
        m, s1 = to_arb(self.m), to_arb(self.v1).sqrt()
        atoms, slopes = [], []
        for l, r, a, b in self.F.intervals():
            if a == 0:
                zl = None if l is None else (to_arb(l) - m) / s1
                zr = None if r is None else (to_arb(r) - m) / s1
                atoms.append((normal_cdf_interval(zl, zr), to_arb(b)))
            else:
                slopes.append((l, r, a, b))
        return atoms, slopes

    def density(self) -> Callable[[Any], Any]:
        """w ↦ p(w) for arb or acb w (module docstring), with the parts precomputed at the current precision."""
        atoms, slopes = self.parts()
        m, v1, v2 = to_arb(self.m), to_arb(self.v1), to_arb(self.v2)
        root2pi = (2 * arb.pi()).sqrt()
        half_v2 = 1 / (2 * v2)
        spikes = [(mass / (v2.sqrt() * root2pi), at) for mass, at in atoms]
        pre = []  # per sloped piece: its ends, b + am, the slope of μ(w), 1/(s_c√2), 1/(2S²), 1/(S√(2π))
        for l, r, a, b in slopes:
            aa, bb = to_arb(a), to_arb(b)
            S2 = v2 + aa * aa * v1
            k = 1 / (2 * v1 * v2 / S2).sqrt()
            pre.append((None if l is None else to_arb(l), None if r is None else to_arb(r), bb + aa * m, aa * v1 / S2, k,
                        1 / (2 * S2), 1 / (S2.sqrt() * root2pi)))

        def p(w: Any) -> Any:
            total = 0 * w
            for weight, at in spikes:
                d = w - at
                total += weight * (-(d * d) * half_v2).exp()
            for l, r, centre, slope, k, half_S2, norm in pre:
                c = w - centre
                mu = m + slope * c
                band = _band(None if l is None else (l - mu) * k, None if r is None else (r - mu) * k)
                total += norm * (-(c * c) * half_S2).exp() * band
            return total

        return p


def renyi_released(alpha: Any, P: ReleasedLaw, Q: ReleasedLaw) -> arb:
    """A ball containing D_α(P‖Q) (α > 1, an exact integer α integrated as a meromorphic function) for two
    :class:`ReleasedLaw` with the same s₂² (module docstring), at the current precision (at least :data:`_PREC` bits;
    a caller that needs a narrower ball raises the precision)."""
    vp, vq = to_arb(P.v2), to_arb(Q.v2)
    if not (vp.mid() == vq.mid() and vp.rad() == vq.rad()):
        raise ValueError("renyi_released: the two laws need the same final noise variance")
    with workprec(max(ctx.prec, _PREC)):
        return _renyi_at(alpha, P, Q)


def _upper_mass(law: ReleasedLaw, z0: Fraction, above: bool) -> arb:
    """P[Z ≥ z0] (``above``) or P[Z ≤ z0] for Z = F(X), X ~ N(m, s₁²): the normal probability of {x : F(x) ≥ z0}
    (resp. ≤), piece by piece (exact ends)."""
    m, s1 = to_arb(law.m), to_arb(law.v1).sqrt()
    total = arb(0)
    for l, r, a, b in law.F.intervals():
        if a == 0:
            if not ((b >= z0) if above else (b <= z0)):
                continue
        else:
            x = (z0 - b) / a
            if (a > 0) == above:  # {x' ≥ x} on the piece
                l = x if l is None or x > l else l
            else:
                r = x if r is None or x < r else r
            if l is not None and r is not None and l >= r:
                continue
        zl = None if l is None else (to_arb(l) - m) / s1
        zr = None if r is None else (to_arb(r) - m) / s1
        total += normal_cdf_interval(zl, zr)
    return total


def _tail(a: arb, P: ReleasedLaw, Q: ReleasedLaw, right: bool) -> tuple[arb, arb, arb]:
    """(edge, shift, factor) for one tail: beyond ``edge`` (hi on the right, lo on the left), p(w) ≤ φ_{s₂}(w − edge)
    (every Z lies between the edge and w) and q(w) ≥ M·φ_{s₂}(w − z₀) with M = Q[Z ≥ z₀] (resp. ≤; then |w − Z| ≤
    |w − z₀|), so p^α q^{1−α} ≤ M^{1−α} exp(α(α − 1)Δ²/(2s₂²)) φ_{s₂}(|w − edge| − (α − 1)Δ), Δ = |edge − z₀|. z₀ is
    the candidate (an end of a piece of Q's map) with the smallest factor·e^{…} reach."""
    lo, hi = _hull(P, Q)
    edge = hi if right else lo
    v2 = to_arb(Q.v2)
    cands = {b for _, _, a_, b in Q.F.intervals() if a_ == 0}
    cands |= {a_ * x + b for l, r, a_, b in Q.F.intervals() if a_ != 0 for x in (l, r) if x is not None}
    best = None
    for z0 in cands:
        mass = _upper_mass(Q, z0, right)
        if not mass > 0:
            continue
        gap = to_arb(abs(edge - z0))
        log_factor = (1 - a) * mass.log() + a * (a - 1) * gap * gap / (2 * v2)
        score = float(log_factor.upper()) + float(((a - 1) * gap / v2.sqrt()).upper()) ** 2
        if best is None or score < best[0]:
            best = (score, (a - 1) * gap, log_factor.exp())
    if best is None:
        raise ValueError("renyi_released: no anchor with positive mass for the tail bound")
    return to_arb(edge), best[1], best[2]


def tail_bounds(a: arb, P: ReleasedLaw, Q: ReleasedLaw, right: bool, end: arb) -> tuple[arb, arb]:
    """Upper bounds on ∫ p^α q^{1−α} and on ∫ p beyond ``end`` (to +∞ if ``right``, else from −∞), ``end`` at or
    beyond the hull's edge (module docstring): M^{1−α} e^{α(α−1)Δ²/(2s₂²)} Q((|end − edge| − (α − 1)Δ)/s₂) and
    Q(|end − edge|/s₂)."""
    edge, shift, factor = _tail(a, P, Q, right)
    if (right and not end >= edge) or (not right and not end <= edge):
        raise ValueError("tail_bounds: the end must lie beyond the images' hull")
    s2 = to_arb(Q.v2).sqrt()
    return factor * normal_tail((abs(end - edge) - shift) / s2), normal_tail(abs(end - edge) / s2)


def _renyi_at(alpha: Any, P: ReleasedLaw, Q: ReleasedLaw) -> arb:
    a = to_arb(alpha)
    if not a > 1:
        raise ValueError("renyi_released: α > 1")
    s2 = to_arb(P.v2).sqrt()
    ends = []
    for right in (True, False):
        edge, shift, factor = _tail(a, P, Q, right)
        # reach t with factor·Q(t) ≤ factor·e^{−t²/2} below 2^{−prec}: a choice of range only (the tail is bounded below)
        t = max(_REACH, int(float((2 * (factor.log().max(arb(0)) + ctx.prec * arb(2).log())).sqrt().upper())) + 1)
        end = edge + shift + t * s2 if right else edge - shift - t * s2
        end = arb(end.upper()) if right else arb(end.lower())
        ends.append((end, *tail_bounds(a, P, Q, right, end)))
    (R, tail_r, mass_r), (L, tail_l, mass_l) = ends
    p, q = P.density(), Q.density()
    exact = alpha if isinstance(alpha, (int, *RATIONAL_TYPES)) else None
    n = int(exact) if exact is not None and Fraction(exact).denominator == 1 else None

    if n is not None:
        def f(w: acb, _analytic: bool) -> acb:  # p^n/q^{n−1} − p, meromorphic
            pw, qw = p(w), q(w)
            return pw * (pw ** (n - 1) - qw ** (n - 1)) / qw ** (n - 1)
    else:
        def f(w: acb, analytic: bool) -> acb:  # p·expm1((α − 1) log(p/q)) = p^α q^{1−α} − p
            pw, qw = p(w), q(w)
            return pw * ((a - 1) * (pw.log(analytic=analytic) - qw.log(analytic=analytic))).expm1()

    cells = max(1, int(float(((R - L) / (_CELL * s2)).upper())) + 1)
    step = (R - L) / cells
    # the absolute goal from a rough size of J (one evaluation per cell): J may be tiny (ε → 0, α → 1⁺)
    rough = sum((abs(f(acb(L + (j + arb(1) / 2) * step), False).real.mid()) for j in range(cells)), arb(0)) * step
    rel = arb(2) ** -min(ctx.prec * _TOL_NUM // _TOL_DEN, _TOL_CAP)
    goal = (rel * rough).max(arb(2) ** -(min(ctx.prec, 2 * _TOL_CAP) - 8)) / cells  # no finer than evaluation resolves
    body = sum((acb.integral(f, L + j * step, L + (j + 1) * step, rel_tol=rel, abs_tol=goal).real
                for j in range(cells)), arb(0))
    # tails of J = ∫(p^α q^{1−α} − p): at least −∫p beyond L and R, at most the bounds on ∫p^α q^{1−α}
    J = body + (-(mass_r + mass_l)).union(tail_r + tail_l)
    return J.log1p() / (a - 1)


def _hull(P: ReleasedLaw, Q: ReleasedLaw) -> tuple[Fraction, Fraction]:
    """[lo, hi] holding both images F(ℝ)."""
    return min(P.F.image_hull()[0], Q.F.image_hull()[0]), max(P.F.image_hull()[1], Q.F.image_hull()[1])
