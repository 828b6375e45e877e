"""Fact F.1 of Descent-to-Delete (line 694, proof of Theorem 4.5): over the rounds l ≤ i, the largest number of changed
positions s̃_i = max_{l ≤ i} s_l is at most (10B/n)log(2i/δ) with probability at least 1 − δ/2 — Lemma 4.3 (line 368)
at δ' = δ/(2i) and a union bound over the i rounds.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. The probability is computed exactly from the joint law of
(s_1, …, s_i): the B positions of the reservoir sample are i.i.d. Markov chains (S_0 ~ P^B(D_0); every step of
Algorithm 5 acts on each position independently — see ``d2d.lem4.3``), so the change pattern of one position over the
rounds has a law on {0, 1}^i (enumerated with ``reservoir_outcomes`` on a one-position sample), and (s_1, …, s_i) is the
sum of B independent patterns: P[s_l ≤ c for every l ≤ i] by dynamic programming over the positions, in integers over a
common denominator. The printed Algorithm 5 resamples every copy of a deleted value (Lemma 4.2's multiset finding,
``d2d.lem4.2``), and Lemma 4.3 inherits it (``d2d.lem4.3``); the ``+fix`` runs the by-copy Algorithm 5.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np
import sympy
from flint import arb

from ...algorithms.parameters import ceil_exact
from ...formulas.d2d import FAIL_F1, S_F1
from ...formulas.symbols import delta
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import H, P, holds
from ..instances import frac, instance_key, is_int
from ..model import Adversary, Claim, Instance, Kind, Space
from .common import CLAIMS_BY_ID, datasets_of, grid_fraction
from .reservoir import reservoir_instance_ok, reservoir_stream


def pattern_law(data: tuple, ups: list, rounds: int, variant: str) -> dict[tuple[int, ...], Fraction]:
    """The law of one position's change pattern (c_1, …, c_rounds), c_l = 1 iff the position's point changes at round l
    (as ``d2d.lem4.3`` counts s_l): its value starts uniform over the multiset D_0, then follows Algorithm 5."""
    from ...algorithms.d2d import reservoir_outcomes

    Ds = datasets_of(data, ups)
    n0 = len(data)
    state: dict[tuple, Fraction] = {}
    for v in data:
        state[(v, ())] = state.get((v, ()), Fraction(0)) + Fraction(1, n0)
    for r in range(1, rounds + 1):
        kind, z = ups[r - 1]
        nxt: dict[tuple, Fraction] = {}
        for (v, pat), w in state.items():
            for _, pw, s2 in reservoir_outcomes((v,), kind, z, Ds[r], variant=variant):
                key = (s2[0], pat + (int(s2 != (v,)),))
                nxt[key] = nxt.get(key, Fraction(0)) + w * pw
        state = {k: w for k, w in nxt.items() if w != 0}
    law: dict[tuple[int, ...], Fraction] = {}
    for (_, pat), w in state.items():
        law[pat] = law.get(pat, Fraction(0)) + w
    return law


def all_at_most(law: dict[tuple[int, ...], Fraction], B: int, c: int) -> Fraction:
    """P[s_l ≤ c for every round l] when (s_1, …) is the sum of B independent patterns of law ``law`` (0/1 entries),
    exactly: a dynamic programme over the B draws, on whichever state is smaller — the sums s_l themselves (states
    above c dropped: (c + 1)^rounds of them) or, when c is near B, the misses B_l = (draws so far) − s_l saturated at
    B − c (s_l ≤ c ⟺ B_l ≥ B − c at the end: (B − c + 1)^rounds states). Both count the same draws: the same
    Fraction."""
    if c >= B:
        return Fraction(1)
    if c < 0:
        return Fraction(0)
    if any(x not in (0, 1) for pat in law for x in pat):
        raise ValueError("a change pattern holds 0/1 entries")
    q = math.lcm(*(w.denominator for w in law.values()))
    weights = [(pat, w.numerator * (q // w.denominator)) for pat, w in law.items()]
    count = at_most_count(weights, B, c) if c + 1 <= B - c + 1 else missed_count(weights, B, B - c)
    return Fraction(count, q**B)


def _pattern_sequences(weights: list[tuple[tuple[int, ...], int]], B: int,
                       advance: Callable[[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None]
                       ) -> dict[tuple[int, ...], int]:
    """Σ of the product of the integer weights over sequences of B patterns, grouped by the per-round state that
    ``advance`` (state, pattern) → next state (None: the sequence is dropped) builds from all zeros."""
    counts: dict[tuple[int, ...], int] = {(0,) * len(weights[0][0]): 1}
    moves: dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]] = {}  # state → its kept (next state, weight)
    for _ in range(B):
        nxt: dict[tuple[int, ...], int] = {}
        for cnt, a in counts.items():
            if cnt not in moves:  # the states recur from draw to draw: each one's transitions are built once
                moves[cnt] = [(new, b) for new, b in ((advance(cnt, pat), b) for pat, b in weights) if new is not None]
            for new, b in moves[cnt]:
                nxt[new] = nxt.get(new, 0) + a * b
        counts = nxt
    return counts


def at_most_count(weights: list[tuple[tuple[int, ...], int]], B: int, c: int) -> int:
    """Σ over sequences of B patterns with every round's sum ≤ c of the product of their integer weights."""
    def advance(cnt: tuple[int, ...], pat: tuple[int, ...]) -> tuple[int, ...] | None:
        new = tuple(x + y for x, y in zip(cnt, pat))
        return new if max(new) <= c else None

    return sum(_pattern_sequences(weights, B, advance).values())


def missed_count(weights: list[tuple[tuple[int, ...], int]], B: int, k: int) -> int:
    """The same sum over sequences of B patterns in which every round misses (entry 0) at least k times (k ≥ 1)."""
    counts = _pattern_sequences(weights, B, lambda cnt, pat: tuple(min(x + 1 - y, k) for x, y in zip(cnt, pat)))
    return counts.get((k,) * len(weights[0][0]), 0)


@functools.lru_cache(maxsize=1024)
def _union_tail(variant: str, key: tuple) -> Fraction:
    """max over rounds i of P[s̃_i > (10B/n)log(2i/δ)] = 1 − P[s_l ≤ ⌈(10B/n)log(2i/δ)⌉ − 1 for all l ≤ i] (the
    threshold is irrational — log of a rational other than 1 — so "> x" is "≥ ⌈x⌉")."""
    values = dict(key)
    data, ups = reservoir_stream(values)
    Bn, n0 = int(frac(values["B"])), len(data)
    worst = Fraction(0)
    for i_ in range(1, len(ups) + 1):
        k0 = ceil_exact(S_F1, {"B": Bn, "n": n0, "i": i_, "delta": frac(values["delta"])})
        tail = 1 - all_at_most(pattern_law(data, ups, i_, variant), Bn, k0 - 1)
        worst = max(worst, tail)
    return worst


def union_tail(variant: str) -> Callable[[Instance], arb]:
    def quantity(values: Instance) -> arb:
        return to_arb(_union_tail(variant, instance_key(values, ("data", "U", "B", "delta"))))

    return quantity


def _structured(rng: np.random.Generator, size: int) -> list[dict]:
    """n ∈ {8, 16, 48, 64} with k copies of the updated value (k = 1: the proof's case, up to 3n/4), B ∈ {n, 2n},
    δ ∈ {2/e rounded down, 1/2, 10⁻²}, streams of one to three updates (three for n ≤ 16 only: the dynamic programme
    has (c + 1)^i states): deletions of the repeated value, additions, a deletion after an addition, two deletions.
    A deletion changes a position with probability (k/n)(n − k)/(n − 1) ≤ 1/4 under the printed Algorithm 5, against
    the threshold's 10 log(2i/δ)/n per position: a failure of the printed fact needs n beyond about 40."""
    out = []
    for n0 in (8, 16, 48, 64):
        for frac_k in (0, Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)):
            k_ = max(1, int(frac_k * n0))
            data = [0] * k_ + list(range(1, n0 - k_ + 1))
            for mult in (1, 2):
                for dl in (Fraction(73, 100), Fraction(1, 2), Fraction(1, 100)):
                    for U in ([[-1, 0]], [[1, 0], [-1, 0]], [[-1, 0], [-1, 0]], [[1, 0], [1, 0], [-1, 0]]):
                        if sum(1 for op, _ in U if op == -1) > k_ + sum(1 for op, _ in U if op == 1) or (
                                len(U) > 2 and n0 > 16):
                            continue
                        out.append({"data": data, "U": U, "B": mult * n0, "delta": dl})
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _build(q: dict) -> dict:
    n0 = int(round(q["n"]))
    k_ = max(2, min(n0, int(round(q["k"] * n0))))
    data = [0] * k_ + list(range(1, n0 - k_ + 1))
    U = [[-1, 0]] if q["op"] < 0 else [[1, 0], [-1, 0]]
    if q["rounds"] > 2.5 and n0 <= 16:
        U = U + [[-1, 0]]
    return {"data": data, "U": U, "B": max(n0, int(round(q["mult"] * n0))),
            "delta": grid_fraction(q["delta"], 2**20) or Fraction(1, 2**20)}


SEARCH = Adversary("search over n ≤ 64, the multiplicity of the updated value, B/n ≤ 2, δ, one to three updates",
                   space=Space({"n": (6.0, 64.0), "k": (0.0, 1.0), "op": (-1.0, 1.0), "mult": (1.0, 2.0),
                                "delta": (1e-4, 0.73), "rounds": (1.0, 3.0)}, frozenset({"delta"}), build=_build))

HYPS = (H("δ > 0", ">", delta, 0), H("δ ≤ 2/e (Lemma 4.3's δ' = δ/(2i) ≤ 1/e at every round)", "<=", delta, 2 * sympy.exp(-1)),
        P("B ≥ n = |D_0| an integer", lambda v: holds(is_int(v["B"]) and frac(v["B"]) >= len(v["data"]))),
        P("deletions of present points; Assumption 2.6 (n_i ≥ n/2)", reservoir_instance_ok(True)))


def _claims() -> list[Claim]:
    out = []
    for fix in (False, True):
        cid = "d2d.factF.1" + ("+fix" if fix else "")
        out.append(Claim(
            id=cid,
            source="Fact F.1 (line 694; Lemma 4.3, line 368, with a union bound over the rounds)"
                   + (", for the by-copy Algorithm 5 (d2d.lem4.2+fix)" if fix else ""),
            kind=Kind.INEQUALITY,
            statement=("B ≥ n: for every round i, P[max_{l ≤ i} s_l > (10B/n)log(2i/δ)] ≤ δ/2 over the sampling "
                       "randomness up to round i, s_l the positions of S_l changed by the update u_l"
                       + (" (Algorithm 5 resampling only the deleted copy)" if fix else "")),
            hypotheses=HYPS,
            bound=FAIL_F1,
            quantity=union_tail("by-copy" if fix else "printed"),
            adversaries=(Adversary("n ∈ {8, 16, 48, 64}, k copies of the updated value, B ∈ {n, 2n}, δ from 10⁻² to 0.73, "
                                   "one to three updates", generate=_structured), SEARCH),
            derivation=cid,
            corrects="d2d.factF.1" if fix else None,
            note="Quantity: max over rounds i of the exact P[s̃_i > (10B/n)log(2i/δ)] (Fractions) from the joint law of "
                 "(s_1, …, s_i): the B positions are i.i.d., each with an exact law of its change pattern over the "
                 "rounds. The union bound needs Lemma 4.3 at every round l ≤ i; where Lemma 4.3 fails (a deleted value "
                 "with k ≥ 2 copies under the printed Algorithm 5, d2d.lem4.3) F.1 inherits the failure.",
        ))
    return out


CLAIMS_F1 = _claims()
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_F1})
