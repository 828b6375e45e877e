"""Lemma A.1 of Descent-to-Delete (line 462; proof lines 464–474): if with probability at least 1 − δ over Z the laws
X | Z and Y | Z are (ε, δ)-indistinguishable, then X and Y are (ε, 2δ)-indistinguishable.

Paper file ``papers/002_7f80bf4846a5a6af.txt``. Checked exactly on finite laws: Z on finitely many values with
rational probabilities, X | Z = z and Y | Z = z on a finite Ω, and e^ε = r a rational ≥ 1 (ε = log r), so every
hockey-stick divergence Σ_ω (P(ω) − rQ(ω))₊ is a rational. The quantity is the true δ of the pair (X, Y) at ε, the
larger of the two directions; the hypothesis "Pr_Z[z ∉ G] ≤ δ" is decided exactly from the per-z divergences.
"""
from __future__ import annotations

import itertools

import numpy as np

from ...formulas.d2d import COUPLING_A1
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from ..growth import grown
from ..hypotheses import P, holds
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind, Narrowing

A1_CLASS = ("any random variables X, Y over one domain Ω and any Z; ε ≥ 0, δ ∈ [0, 1]; (ε, δ)-indistinguishability "
            "of X | Z = z and Y | Z = z for z in a set G with Pr[Z ∉ G] ≤ δ")
FINITE_LAWS = Narrowing(
    "laws on infinite domains (continuous X, Y or Z)",
    "cost: only finite laws are evaluated (exact sums); the hockey-stick divergence of any pair is the supremum of "
    "its values on finite partitions (data processing), so finite laws reach the same supremum, but no continuous "
    "instance is run")


def _laws(values: Instance) -> tuple[list[Fraction], list[list[Fraction]], list[list[Fraction]], Fraction]:
    pi = [frac(v) for v in values["pz"]]
    px = [[frac(v) for v in row] for row in values["px"]]
    py = [[frac(v) for v in row] for row in values["py"]]
    return pi, px, py, frac(values["r"])


def _hockey(p: list[Fraction], q: list[Fraction], r: Fraction) -> Fraction:
    """δ(ε) of the pair (p, q) at e^ε = r, both directions: max(Σ(p − rq)₊, Σ(q − rp)₊)."""
    one = sum((max(Fraction(0), a - r * b) for a, b in zip(p, q)), Fraction(0))
    two = sum((max(Fraction(0), b - r * a) for a, b in zip(p, q)), Fraction(0))
    return max(one, two)


def _true_delta(values: Instance) -> Fraction:
    """The true δ of (X, Y) at ε = log r: the hockey-stick divergence of the two mixtures, exactly."""
    pi, px, py, r = _laws(values)
    size = len(px[0])
    mix_x = [sum((w * row[k] for w, row in zip(pi, px)), Fraction(0)) for k in range(size)]
    mix_y = [sum((w * row[k] for w, row in zip(pi, py)), Fraction(0)) for k in range(size)]
    return _hockey(mix_x, mix_y, r)


def _well_formed(values: Instance) -> Decision:
    pi, px, py, r = _laws(values)
    rows_ok = (len(px) == len(py) == len(pi) >= 1 and len({len(row) for row in px + py}) == 1
               and all(v >= 0 for row in px + py for v in row) and all(sum(row) == 1 for row in px + py))
    return holds(r >= 1 and all(w >= 0 for w in pi) and sum(pi) == 1 and rows_ok
                 and 0 <= frac(values["delta"]) <= 1)


def _good_except_delta(values: Instance) -> Decision:
    """Pr_Z[z ∉ G] ≤ δ, G = {z : X | Z = z and Y | Z = z are (ε, δ)-indistinguishable} — exactly."""
    pi, px, py, r = _laws(values)
    dl = frac(values["delta"])
    bad = sum((w for w, p, q in zip(pi, px, py) if _hockey(p, q, r) > dl), Fraction(0))
    return holds(bad <= dl)


def _f(p: int, q: int = 1) -> Fraction:
    return Fraction(p, q)


def a1_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """The extremal construction: a bad value of Z of mass exactly δ with disjoint conditional laws, and good values
    whose pairs sit exactly at (ε, δ) pointing the same way — the mixture's δ is δ + (1 − δ)δ-ish, → 2δ as δ → 0;
    r = e^ε ∈ {1, 3/2, 3}; δ from 1/2 to 10⁻⁶; plus 40 random finite laws on 2–4 points (kept when inside the
    hypotheses), and more of them above the quick size (:func:`~certunlearn.claims.growth.grown`)."""
    out = []
    for dl, r in itertools.product((_f(1, 2), _f(1, 10), _f(1, 1000), _f(1, 10**6)), (_f(1), _f(3, 2), _f(3))):
        # good pair on {a, b}: p = (u, 1 − u), q = (v, 1 − v) with u − rv = δ, the reverse direction ≤ δ
        v = (1 - dl) / (1 + r) if r > 1 else Fraction(0)
        u = dl + r * v
        good_p, good_q = [u, 1 - u, 0], [v, 1 - v, 0]
        bad_p, bad_q = [1, 0, 0], [0, 0, 1]
        out.append({"pz": [1 - dl, dl], "px": [good_p, bad_p], "py": [good_q, bad_q], "r": r, "delta": dl})
        out.append({"pz": [dl, 1 - dl], "px": [bad_p, good_p], "py": [bad_q, good_q], "r": r, "delta": dl})
    out += [_random_a1(rng) for _ in range(40)]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return grown(out, size, _random_a1, rng)


def _random_a1(rng: np.random.Generator) -> dict:
    """A random finite instance (rational): Z on 2–3 values, Ω of 2–4 points, δ ∈ {1/2, 1/5, 1/10},
    e^ε ∈ {1, 2, 5/4} (kept when inside the hypotheses)."""
    nz, size_ = int(rng.integers(2, 4)), int(rng.integers(2, 5))

    def law():
        w = rng.integers(0, 6, size_) + np.eye(size_, dtype=int)[int(rng.integers(size_))]
        return [Fraction(int(x), int(w.sum())) for x in w]

    pz = law() if nz == size_ else [Fraction(1, nz)] * nz
    dl = [_f(1, 2), _f(1, 5), _f(1, 10)][int(rng.integers(3))]
    return {"pz": pz, "px": [law() for _ in range(nz)], "py": [law() for _ in range(nz)],
            "r": [_f(1), _f(2), _f(5, 4)][int(rng.integers(3))], "delta": dl}


CLAIMS_A1 = [
    Claim(
        id="d2d.lemA.1",
        source="Lemma A.1 (line 462; proof lines 464–474)",
        kind=Kind.PRIVACY,
        statement="if with probability ≥ 1 − δ over Z, X | Z ≈_(ε,δ) Y | Z, then X ≈_(ε,2δ) Y",
        hypotheses=(P("finite laws: Z's probabilities, X | Z = z and Y | Z = z on one finite Ω; e^ε = r ≥ 1 rational; "
                      "δ ∈ [0, 1]", _well_formed),
                    P("Pr_Z[z ∉ G] ≤ δ, G the values where X | Z = z ≈_(ε,δ) Y | Z = z", _good_except_delta)),
        bound=COUPLING_A1,
        quantity=_true_delta,
        adversaries=(Adversary("a bad value of mass δ with disjoint laws beside good pairs at exactly (ε, δ); random "
                               "finite laws", generate=a1_structured,
                               reaches="finite Z and Ω (2–4 points), e^ε ∈ {1, 5/4, 3/2, 2, 3}, δ from 1/2 to 10⁻⁶"),),
        derivation="d2d.lemA.1",
        theorem_class=A1_CLASS,
        narrowed=(FINITE_LAWS,),
        note="Quantity: the true δ of (X, Y) at ε = log r, exactly (both directions). The extremal family reaches "
             "2δ − δ² at e^ε = 1: the lemma's factor 2 is the right constant as δ → 0.",
    ),
]
