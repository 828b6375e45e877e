"""Rewind-to-Delete, Lemma B.4 (lines 547–553) over populations that are not point masses.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. The lemma (Lei & Ying 2021) bounds E[F(θ) − F*] for any output θ of an
algorithm that depends on D' only, the expectation over the i.i.d. draw D' ~ Z^{n−m}. For a finite-support population
Z = Σ_j p_j δ_{a_j} the expectation is a finite sum over the count vectors c of D' (multinomial weights), exactly:
with f_z = (λ/2)‖θ − z‖² (μ-PL for μ ≤ λ), F(θ) − F* = (λ/2)‖θ − ā‖² (ā = Σ p_j a_j), f_{D'}(θ) − f*_{D'} =
(λ/2)‖θ − x̄_c‖², and the algorithm θ = x̄_c + o (empirical risk minimisation shifted by a fixed offset o), so
E[f_{D'}(θ) − f*] = (λ/2)‖o‖² while E[F(θ) − F*] adds the sampling error of x̄_c — enumerated, not taken from a
variance formula.

Instances: ``atoms`` (the support, rows), ``probs`` (positive, summing to 1), ``offset`` o, ``n``, ``m``, ``lam``,
``L``, ``mu``, ``G``, ``b`` (Θ = [−b, b]^d holds every atom and every output), ``risk_gap`` = (λ/2)‖o‖².

The non-convex PL dip (``problems.r2d_piecewise.pl_dip``, f_z(θ) = Σ_k φ(θ_k − z_k)) on such populations: instances
with ``shape`` 2 and ``param`` c instead of ``lam``. F = Σ_k Σ_j p_j φ(θ_k − a_jk) and f_{D'} are separable piecewise
quadratics, so F*, f*_{D'}, the PL constant of F and the algorithm's output are exact: θ = the smallest minimiser of
f_{D'} plus the offset o (per coordinate), or a constant output ``theta``; E over D' enumerated over the count
vectors, and ``risk_gap`` = E[f_{D'}(θ) − f*_{D'}] likewise (:func:`dip_gaps`).
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator

import numpy as np

from ...numeric.enclosure import Decision, decide, to_arb
from ...numeric.fraction import Fraction
from ...problems.r2d_piecewise import Piecewise, pl_dip, pl_holds
from ..hypotheses import holds
from ..instances import frac, instance_key, is_int
from ..model import Instance
from .cell_outputs import cell_output_ok, is_cell_output
from .continuous import is_law, law_lemb4_gaps, law_lemb4_ok
from .families import subsample
from .quantities import sq_norm


def _parts(values: Instance) -> tuple[list[list[Fraction]], list[Fraction], list[Fraction], int]:
    atoms = [[frac(v) for v in row] for row in values["atoms"]]
    probs = [frac(p) for p in values["probs"]]
    off = [frac(v) for v in values["offset"]]
    return atoms, probs, off, int(frac(values["n"])) - int(frac(values["m"]))


def count_vectors(k: int, size: int) -> Iterator[tuple[int, ...]]:
    """Every count vector of ``size`` draws over ``k`` atoms."""
    for cut in itertools.combinations(range(size + k - 1), k - 1):
        edges = (-1, *cut, size + k - 1)
        yield tuple(b - a - 1 for a, b in zip(edges, edges[1:]))


def _draws(values: Instance) -> Iterator[tuple[Fraction, list[Fraction]]]:
    """(probability, x̄_c) for every count vector c of D' ~ Z^{n−m}, exactly."""
    atoms, probs, _, size = _parts(values)
    d = len(atoms[0])
    for c in count_vectors(len(atoms), size):
        weight = Fraction(math.factorial(size))
        for cj, pj in zip(c, probs):
            weight = weight * pj**cj / math.factorial(cj)
        yield weight, [sum((cj * a[i] for cj, a in zip(c, atoms)), Fraction(0)) / size for i in range(d)]


def population_gap(values: Instance) -> Fraction:
    """E[F(θ) − F*] = Σ_c P(c)(λ/2)‖x̄_c + o − ā‖², exactly (the dip: :func:`dip_gaps`; a bounded continuous law:
    its closed form, ``continuous.law_lemb4_gaps``)."""
    if is_law(values):
        return law_lemb4_gaps(values)[0]
    if "shape" in values:
        return dip_gaps(values)[0]
    atoms, probs, off, _ = _parts(values)
    lam_ = frac(values["lam"])
    mean = [sum((p * a[i] for p, a in zip(probs, atoms)), Fraction(0)) for i in range(len(off))]
    return sum((w * lam_ / 2 * sq_norm([x + o - a for x, o, a in zip(xbar, off, mean)]) for w, xbar in _draws(values)),
               Fraction(0))


def population_ok(values: Instance) -> Decision:
    """n, m integers 1 ≤ m < n; probabilities > 0 summing to 1; μ ≤ λ ≤ L; every atom and every output x̄_c + o in
    Θ = [−b, b]^d; ‖∇f_z‖ < G on Θ for z in the support (G > λ(b√d + max‖a_j‖), decided on enclosures);
    risk_gap = (λ/2)‖o‖² exactly. A bounded continuous law: ``continuous.law_lemb4_ok`` (an output map not affine in
    x̄': ``cell_outputs.cell_output_ok``)."""
    if is_law(values):
        return cell_output_ok(values) if is_cell_output(values) else law_lemb4_ok(values)
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    if "shape" in values:
        return dip_population_ok(values)
    atoms, probs, off, _ = _parts(values)
    lam_, b = frac(values["lam"]), frac(values["b"])
    if not (all(p > 0 for p in probs) and sum(probs) == 1 and len(probs) == len(atoms)):
        return Decision.FALSE
    if not (0 < frac(values["mu"]) <= lam_ <= frac(values["L"])) or {len(a) for a in atoms} != {len(off)}:
        return Decision.FALSE
    if any(abs(v) > b for a in atoms for v in a) or any(abs(x + o) > b for _, xbar in _draws(values)
                                                           for x, o in zip(xbar, off)):
        return Decision.FALSE
    r = max(sq_norm(a) for a in atoms)
    left = lambda: to_arb(frac(values["G"]) / lam_) - to_arb(b) * to_arb(len(off)).sqrt() - to_arb(r).sqrt()  # noqa
    ok = decide(left, ">", 0).decision
    if ok is not Decision.TRUE:
        return ok
    return holds(frac(values["risk_gap"]) == lam_ / 2 * sq_norm(off))


def population_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Two- and three-atom populations in d ∈ {1, 2} (atoms ±1, skewed and even weights), n − m from 1 to 12, the ERM
    output and offsets up to the edge of Θ; λ = L = μ (where the printed coefficient L/(2μ) = 1/2 is smallest)."""
    out = []
    supports = (([[Fraction(1)], [Fraction(-1)]], [Fraction(1, 2)] * 2),
                ([[Fraction(1)], [Fraction(-1)]], [Fraction(9, 10), Fraction(1, 10)]),
                ([[Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)], [Fraction(-1), Fraction(-1)]],
                 [Fraction(1, 3)] * 3))
    for (atoms, probs), (n_, m_), lam_, o in itertools.product(
            supports, ((2, 1), (5, 2), (13, 1)), (Fraction(1), Fraction(3)), (Fraction(0), Fraction(1), Fraction(4))):
        d = len(atoms[0])
        off = [o] + [Fraction(0)] * (d - 1)
        b = 1 + o
        out.append({"atoms": atoms, "probs": probs, "offset": off, "n": n_, "m": m_, "lam": lam_, "L": lam_,
                    "mu": lam_, "b": b, "G": lam_ * (b * (1 + d) + 2) * (1 + Fraction(1, 2**30)),
                    "risk_gap": lam_ / 2 * sq_norm(off)})
    return subsample(out, rng, min(size, 16))  # each instance enumerates every count vector


# =========================================================================== the non-convex PL dip on populations
def _argmin(f: Piecewise) -> Fraction:
    """The smallest minimiser of a piecewise quadratic bounded below (candidates as in ``Piecewise.minimum``)."""
    best = f.minimum()
    cands = []
    for j, p in enumerate(f.pieces):
        p = tuple(p) + (Fraction(0),) * (3 - len(p))
        lo, hi = f.bounds(j)
        pts = [e for e in (lo, hi) if e not in (-math.inf, math.inf)]
        if p[2] > 0:
            v = -p[1] / (2 * p[2])
            if (lo == -math.inf or v >= lo) and (hi == math.inf or v <= hi):
                pts.append(v)
        cands += [t for t in pts if (p[0] + p[1] * t + p[2] * t * t) == best]
    return min(cands)


def _argmax_on(h: Piecewise, lo: Fraction, hi: Fraction) -> Fraction:
    """The smallest maximiser of a piecewise quadratic h over [lo, hi]: among the ends, the knots inside and the
    vertices of concave pieces inside, exactly."""
    pts = [lo, hi] + [k for k in h.knots if lo < k < hi]
    for j, p in enumerate(h.pieces):
        p = tuple(p) + (Fraction(0),) * (3 - len(p))
        a, b = h.bounds(j)
        if p[2] < 0:
            v = -p[1] / (2 * p[2])
            if max(lo, a) <= v <= min(hi, b):
                pts.append(v)
    vals = [(-h(t) if t not in h.knots else -max(h(t), _left(h, t)), t) for t in pts]
    return min(vals)[1]


def _left(h: Piecewise, t: Fraction) -> Fraction:
    """The value at a knot of the piece to its left (a continuous h takes the same value)."""
    p = h.pieces[h.piece_at(t) - 1]
    return sum((c * t**i for i, c in enumerate(p)), Fraction(0))


def weighted_profile(phi: Piecewise, points: list[Fraction], weights: list[Fraction]) -> Piecewise:
    """t ↦ Σ_i w_i φ(t − x_i)."""
    out = Piecewise((), ((Fraction(0),),))
    for x, w in zip(points, weights):
        out = out + phi.shift(x).scale(w)
    return out


def _dip_parts(values: Instance) -> tuple[Piecewise, list[list[Fraction]], list[Fraction], int]:
    atoms, probs, _, size = _parts(values)
    if int(frac(values["shape"])) != 2:
        raise ValueError("populations: the dip profile only (shape 2)")
    return pl_dip(frac(values["param"])), atoms, probs, size


def dip_gaps(values: Instance) -> tuple[Fraction, Fraction]:
    """:func:`_dip_gaps` cached on the instance's exact entries (the hypothesis and the quantity both need it)."""
    return _dip_gaps(instance_key(values, DIP_NAMES))


DIP_NAMES = ("atoms", "probs", "offset", "n", "m", "shape", "param", "theta", "coef", "b")


@functools.lru_cache(maxsize=256)
def _dip_gaps(key: tuple) -> tuple[Fraction, Fraction]:
    """(E[F(θ) − F*], E[f_{D'}(θ) − f*_{D'}]) exactly, for the dip on a finite-support population: per coordinate k
    F_k = Σ_j p_j φ(· − a_jk), f_{D',k} = Σ_j (c_j/(n−m))φ(· − a_jk) for each count vector c (multinomial weight)."""
    values = {k: (list(v) if isinstance(v, tuple) else v) for k, v in key}
    phi, atoms, probs, size = _dip_parts(values)
    d = len(atoms[0])
    off = [frac(v) for v in values["offset"]]
    const = [frac(v) for v in values["theta"]] if "theta" in values else None
    coef = frac(values["coef"]) if "coef" in values else None
    b = frac(values["b"])
    pops = [weighted_profile(phi, [a[k] for a in atoms], probs) for k in range(d)]
    fstar = sum((F.minimum() for F in pops), Fraction(0))
    gap_F = gap_f = Fraction(0)
    for c in count_vectors(len(atoms), size):
        weight = Fraction(math.factorial(size))
        for cj, pj in zip(c, probs):
            weight = weight * pj**cj / math.factorial(cj)
        emp = [weighted_profile(phi, [a[k] for a in atoms], [Fraction(cj, size) for cj in c]) for k in range(d)]
        theta = (const if const is not None else
                 [_argmax_on(F + f.scale(-coef), -b, b) for F, f in zip(pops, emp)] if coef is not None else
                 [_argmin(f) + o for f, o in zip(emp, off)])
        gap_F += weight * (sum((F(t) for F, t in zip(pops, theta)), Fraction(0)) - fstar)
        gap_f += weight * sum((f(t) - f.minimum() for f, t in zip(emp, theta)), Fraction(0))
    return gap_F, gap_f


def dip_population_ok(values: Instance) -> Decision:
    """The dip on a finite-support population: probabilities > 0 summing to 1; F μ-PL (every coordinate part of F,
    ``pl_holds``, exactly: then ½‖∇F‖² ≥ μ(F − F*)); L ≥ 1 = max|φ''|; every atom and every output in
    Θ = [−b, b]^d; ‖∇f_z‖ < G on Θ for z in the support (G² > max_j Σ_k max|φ'| over [−b − a_jk, b − a_jk]);
    risk_gap = E[f_{D'}(θ) − f*_{D'}] exactly."""
    phi, atoms, probs, size = _dip_parts(values)
    d = len(atoms[0])
    b, mu_, L_, G_ = (frac(values[k]) for k in ("b", "mu", "L", "G"))
    if not (all(p > 0 for p in probs) and sum(probs) == 1 and len(probs) == len(atoms)) or {len(a) for a in atoms} != {d}:
        return Decision.FALSE
    if not (mu_ > 0 and L_ >= 1 and G_ > 0) or any(abs(v) > b for a in atoms for v in a):
        return Decision.FALSE
    if not all(pl_holds(weighted_profile(phi, [a[k] for a in atoms], probs), mu_) for k in range(d)):
        return Decision.FALSE
    dphi = phi.derivative()
    if not G_ * G_ > max(sum((dphi.max_abs_on(-b - v, b - v) ** 2 for v in a), Fraction(0)) for a in atoms):
        return Decision.FALSE
    off = [frac(v) for v in values["offset"]]
    for c in ([None] if "theta" in values or "coef" in values else count_vectors(len(atoms), size)):
        if c is None:  # a constant output, or a maximiser over Θ: in Θ by construction
            theta = [frac(v) for v in values.get("theta", [0])]
        else:
            emp = [weighted_profile(phi, [a[k] for a in atoms], [Fraction(cj, size) for cj in c]) for k in range(d)]
            theta = [_argmin(f) + o for f, o in zip(emp, off)]
        if any(abs(t) > b for t in theta):
            return Decision.FALSE
    return holds(frac(values["risk_gap"]) == dip_gaps(values)[1])


def _dip_mu(atoms: list[list[Fraction]], probs: list[Fraction], c: Fraction, bits: int = 10) -> Fraction:
    """The largest k/2^bits with which every coordinate part of F is PL (decided exactly; 0 when none is)."""
    phi = pl_dip(c)
    return largest_pl_dyadic([weighted_profile(phi, [a[k] for a in atoms], probs) for k in range(len(atoms[0]))], bits)


def largest_pl_dyadic(parts: list, bits: int) -> Fraction:
    """The largest k/2^bits with which every profile of ``parts`` is PL, by bisection on k (each decided exactly;
    0 when none is)."""
    lo, hi = 0, 2**bits
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if all(pl_holds(f, Fraction(mid, 2**bits)) for f in parts) else (lo, mid)
    return Fraction(lo, 2**bits)


def dip_population_family(rng: np.random.Generator, size: int) -> list[dict]:
    """The non-convex PL dip (c = 1/4, L = 1) on two- and three-atom populations with atoms far enough apart that
    F is non-convex between them (±2, ±3/2; d ∈ {1, 2}), μ F's dyadic PL constant (decided exactly), n − m from 1 to
    8; outputs the ERM of f_{D'} (smallest minimiser) plus offsets, a constant output, and the worst output map for
    the printed and the corrected coefficient (``coef``), Θ = [−4, 4]^d."""
    out = []
    q = Fraction
    supports = (([[q(2)], [q(-2)]], [q(1, 2)] * 2), ([[q(3, 2)], [q(-3, 2)]], [q(3, 4), q(1, 4)]),
                ([[q(2), q(0)], [q(-2), q(1)], [q(0), q(-2)]], [q(1, 3)] * 3))
    b, c = q(4), q(1, 4)
    dphi = pl_dip(c).derivative()
    mus = [_dip_mu(atoms, probs, c) for atoms, probs in supports]  # μ depends on the support only: once each
    for ((atoms, probs), mu_), (n_, m_), rule in itertools.product(
            zip(supports, mus), ((2, 1), (5, 2), (9, 1)), ("erm", "erm+1", "theta3", "worst-printed", "worst-fix")):
        d = len(atoms[0])
        if mu_ == 0:
            continue
        g2 = max(sum((dphi.max_abs_on(-b - v, b - v) ** 2 for v in a), q(0)) for a in atoms)
        inst = {"atoms": atoms, "probs": probs, "offset": [q(1) if rule == "erm+1" else q(0)] + [q(0)] * (d - 1),
                "n": n_, "m": m_, "shape": 2, "param": c, "L": q(1), "mu": mu_, "b": b,
                "G": q(math.isqrt(g2.numerator * 2**60 // g2.denominator) + 2, 2**30)}
        if rule.startswith("theta"):
            inst["theta"] = [q(int(rule[-1]))] * d
        if rule.startswith("worst"):  # the worst map for the printed coefficient L/(2μ), or the fix's 1 + L/(2μ)
            inst["coef"] = 1 / (2 * mu_) + (1 if rule == "worst-fix" else 0)
        out.append(inst)
    # each enumerates every count vector; scales. The draw depends on the count only, so the exact gap (the costly
    # part) is computed for the drawn instances alone
    out = subsample(out, rng, min(size, max(12, size // 4)))
    for inst in out:
        inst["risk_gap"] = dip_gaps(inst)[1]
    return out
