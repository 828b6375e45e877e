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
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from fractions import Fraction

import numpy as np

from ...numeric.enclosure import Decision, decide, to_arb
from ..hypotheses import holds
from ..instances import frac, is_int
from ..model import Instance
from .families import subsample
from .quantities import sq_norm


def _parts(values: Instance) -> tuple[list[list[Fraction]], list[Fraction], list[Fraction], int]:
    atoms = [[frac(v) for v in row] for row in values["atoms"]]
    probs = [frac(p) for p in values["probs"]]
    off = [frac(v) for v in values["offset"]]
    return atoms, probs, off, int(frac(values["n"])) - int(frac(values["m"]))


def _counts(k: int, size: int) -> Iterator[tuple[int, ...]]:
    """Every count vector of ``size`` draws over ``k`` atoms."""
    for cut in itertools.combinations(range(size + k - 1), k - 1):
        edges = (-1, *cut, size + k - 1)
        yield tuple(b - a - 1 for a, b in zip(edges, edges[1:]))


def _draws(values: Instance) -> Iterator[tuple[Fraction, list[Fraction]]]:
    """(probability, x̄_c) for every count vector c of D' ~ Z^{n−m}, exactly."""
    atoms, probs, _, size = _parts(values)
    d = len(atoms[0])
    for c in _counts(len(atoms), size):
        weight = Fraction(math.factorial(size))
        for cj, pj in zip(c, probs):
            weight = weight * pj**cj / math.factorial(cj)
        yield weight, [sum((cj * a[i] for cj, a in zip(c, atoms)), Fraction(0)) / size for i in range(d)]


def population_gap(values: Instance) -> Fraction:
    """E[F(θ) − F*] = Σ_c P(c)(λ/2)‖x̄_c + o − ā‖², exactly."""
    atoms, probs, off, _ = _parts(values)
    lam_ = frac(values["lam"])
    mean = [sum((p * a[i] for p, a in zip(probs, atoms)), Fraction(0)) for i in range(len(off))]
    return sum((w * lam_ / 2 * sq_norm([x + o - a for x, o, a in zip(xbar, off, mean)]) for w, xbar in _draws(values)),
               Fraction(0))


def population_ok(values: Instance) -> Decision:
    """n, m integers 1 ≤ m < n; probabilities > 0 summing to 1; μ ≤ λ ≤ L; every atom and every output x̄_c + o in
    Θ = [−b, b]^d; ‖∇f_z‖ < G on Θ for z in the support (G > λ(b√d + max‖a_j‖), decided on enclosures);
    risk_gap = (λ/2)‖o‖² exactly."""
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
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
