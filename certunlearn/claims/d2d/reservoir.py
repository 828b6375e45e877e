"""Section 4 of Descent-to-Delete, the sampling lemmas: Lemma 4.2 (reservoir sampling keeps P^B(D_i), line 358)
and Lemma 4.3 (at most s_i = 10(B/n)log(1/δ') changed positions, line 368; proofs Appendix C, lines 538–554).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Lemma 4.2 as an exact likelihood ratio between the enumerated
law of Algorithm 5's sample and P^B(D_i); Lemma 4.3 as the exact binomial tail of the changed positions. The
printed Algorithm 5 fails for repeated points; the ``+fix`` claims use the ``"by-copy"`` variant.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable

import sympy
from flint import arb
from sympy import log

from ...algorithms.parameters import ceil_exact
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import H, P, holds
from ..instances import frac, instance_key, is_int
from ..model import Adversary, Claim, Instance, Kind
from ...formulas.d2d import B, deltap, n
from .common import CLAIMS_BY_ID, datasets_of
from .families import LEM42_SEARCH, LEM43_SEARCH, lem42_structured, lem43_structured


# =========================================================================== Section 4: reservoir sampling (Lemmas 4.2, 4.3)
def reservoir_stream(values: Instance) -> tuple[tuple[Fraction, ...], list[tuple[str, Fraction]]]:
    """The dataset D_0 (scalars, a multiset) and the updates ``(kind, z)`` of a Section 4 instance."""
    from ...algorithms.d2d import ADD, DELETE

    data = tuple(frac(v) for v in values["data"])
    ups = []
    for row in values.get("U", []):
        op, z = frac(row[0]), frac(row[1])
        if op not in (1, -1):
            raise ValueError("an update's op is 1 (add) or -1 (delete)")
        ups.append((ADD if op == 1 else DELETE, z))
    return data, ups


def reservoir_instance_ok(assumption_26: bool) -> Callable[[Instance], Decision]:
    def ok(values: Instance) -> Decision:
        data, ups = reservoir_stream(values)
        Ds = datasets_of(data, ups)  # raises for the deletion of an absent point
        if not (is_int(values["B"]) and frac(values["B"]) >= 1) or any(len(Di) < 1 for Di in Ds):
            return Decision.FALSE
        if assumption_26 and not all(2 * len(Di) >= len(data) for Di in Ds):
            return Decision.FALSE
        return Decision.TRUE

    return ok


@functools.lru_cache(maxsize=1024)
def _lem42_ratio(variant: str, key: tuple) -> Fraction:
    """max over rounds i ≥ 0 and outcomes s of P[S_i = s]/P^B(D_i)(s): the laws are the exact enumerations of
    ``algorithms.d2d.sample_laws`` (S_0 ~ P^B(D_0), then Algorithm 5 per update) and ``bootstrap_law``."""
    from ...algorithms.d2d import bootstrap_law, sample_laws

    values = dict(key)
    data, ups = reservoir_stream(values)
    Bn = int(frac(values["B"]))
    laws = sample_laws(data, ups, Bn, variant=variant)
    worst = Fraction(0)
    for law, Di in zip(laws, datasets_of(data, ups)):
        boot = bootstrap_law(Di, Bn)
        for s, w in law.items():
            if boot.get(s, 0) == 0:
                raise ArithmeticError("S_i takes a value outside the support of P^B(D_i)")
            worst = max(worst, w / boot[s])
    return worst


def lem42_quantity(variant: str) -> Callable[[Instance], arb]:
    def quantity(values: Instance) -> arb:
        return to_arb(_lem42_ratio(variant, instance_key(values, ("data", "U", "B"))))

    return quantity


def lem42_tv(values: Instance, variant: str = "printed") -> Fraction:
    """max over rounds of the total-variation distance between the law of S_i and P^B(D_i) (for display)."""
    from ...algorithms.d2d import bootstrap_law, sample_laws

    data, ups = reservoir_stream(values)
    Bn = int(frac(values["B"]))
    out = Fraction(0)
    for law, Di in zip(sample_laws(data, ups, Bn, variant=variant), datasets_of(data, ups)):
        boot = bootstrap_law(Di, Bn)
        out = max(out, sum((abs(law.get(s, 0) - boot.get(s, 0)) for s in set(law) | set(boot)), Fraction(0)) / 2)
    return out


@functools.lru_cache(maxsize=1024)
def change_probabilities(variant: str, data: tuple, ups: tuple) -> tuple[Fraction, ...]:
    """Per round i ≥ 1, the exact chance q_i that one position of S_{i−1} changes under u_i (Algorithm 5, the
    ``variant``), from the one-position laws of ``sample_laws(…, B=1)`` and ``reservoir_outcomes``: independent of
    B and δ', so shared by the instances that differ only in those."""
    from ...algorithms.d2d import reservoir_outcomes, sample_laws

    slot = sample_laws(data, list(ups), 1, variant=variant)
    Ds = datasets_of(data, list(ups))
    out = []
    for r, (kind, z) in enumerate(ups, start=1):
        q = Fraction(0)
        for (v,), w in slot[r - 1].items():
            for _, pw, s2 in reservoir_outcomes((v,), kind, z, Ds[r], variant=variant):
                if s2 != (v,):
                    q += w * pw
        out.append(q)
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _lem43_tail(variant: str, key: tuple) -> Fraction:
    """max over rounds i ≥ 1 of P[s_i > 10(B/n)log(1/δ')], s_i = #{positions p : S_i[p] ≠ S_{i−1}[p]}, exactly.

    The B positions of S_{i−1} are i.i.d. (S_0 ~ P^B(D_0); every step of Algorithm 5 acts on each position
    independently: an addition's N ~ Binomial(B, 1/n_i) positions chosen uniformly is an independent
    Bernoulli(1/n_i) choice per position; a deletion resamples each position holding z independently), so
    s_i ~ Binomial(B, q_i) with q_i the chance that one position changes (:func:`change_probabilities`)."""
    values = dict(key)
    data, ups = reservoir_stream(values)
    Bn, n0 = int(frac(values["B"])), len(data)
    k0 = ceil_exact(10 * B / n * log(1 / deltap), {"B": Bn, "n": n0, "delta_p": frac(values["delta_p"])})
    worst = Fraction(0)
    for q in change_probabilities(variant, data, tuple(ups)):
        tail = sum((Fraction(math.comb(Bn, kk)) * q**kk * (1 - q) ** (Bn - kk) for kk in range(max(k0, 0), Bn + 1)),
                   Fraction(0))
        worst = max(worst, tail)
    return worst


def lem43_quantity(variant: str) -> Callable[[Instance], arb]:
    def quantity(values: Instance) -> arb:
        return to_arb(_lem43_tail(variant, instance_key(values, ("data", "U", "B", "delta_p"))))

    return quantity


_LEM43_HYPS = (H("δ' > 0", ">", deltap, 0), H("δ' ≤ 1/e", "<=", deltap, sympy.exp(-1)),
               P("B ≥ n = |D_0|", lambda v: holds(is_int(v["B"]) and frac(v["B"]) >= len(v["data"]))),
               P("deletions of present points; Assumption 2.6 (n_i ≥ n/2)", reservoir_instance_ok(True)))

CLAIMS_4A = [
    Claim(
        id="d2d.lem4.2",
        source="Lemma 4.2 (line 358; proof Appendix C, lines 540–545), Algorithm 5 as printed (lines 362–364)",
        kind=Kind.INEQUALITY,
        statement="S_0 ~ P^B(D), S_i ~ S^B_rep(S_{i−1}, u_i) (Algorithm 5): S_i =d P^B(D_i) for all i ≥ 0 — checked as "
                  "max_s P[S_i = s]/P^B(D_i)(s) ≤ 1 (for two laws on one finite set: ≤ 1 everywhere ⇔ equal)",
        hypotheses=(P("B a positive integer; deletions of present points; D_i non-empty", reservoir_instance_ok(False)),),
        bound=sympy.Integer(1),
        quantity=lem42_quantity("printed"),
        adversaries=(Adversary("tiny multisets with repeated values, deletions and additions, B ≤ 3",
                               generate=lem42_structured), LEM42_SEARCH),
        derivation="d2d.lem4.2",
        note="Quantity: the largest likelihood ratio between the exact law of S_i (enumerated in Fractions) and "
             "P^B(D_i); the lemma holds iff it is 1 (tightness 1, exactly). A deletion of a value with c ≥ 2 copies "
             "resamples every slot holding it, so the slot law becomes π(v) = cnt_i(v)(n_i + c)/(n_{i−1}n_i) for "
             "v ≠ z and π(z) = c(c − 1)/(n_{i−1}n_i) instead of cnt_i(v)/n_i: the proof's “z_l | z_l ≠ z_i is uniform "
             "over D_{i−1} \\ {z_i}” removes every copy of z_i, not one.",
    ),
    Claim(
        id="d2d.lem4.2+fix",
        source="Lemma 4.2 (lines 358–360) with Algorithm 5 resampling only the deleted copy (a slot holding z is resampled with "
               "probability 1/c, c = copies of z in D_{i−1})",
        kind=Kind.INEQUALITY,
        statement="with the by-copy deletion of Algorithm 5, S_i =d P^B(D_i) for all i ≥ 0 (as a likelihood ratio ≤ 1)",
        hypotheses=(P("B a positive integer; deletions of present points; D_i non-empty", reservoir_instance_ok(False)),),
        bound=sympy.Integer(1),
        quantity=lem42_quantity("by-copy"),
        adversaries=(Adversary("tiny multisets with repeated values, deletions and additions, B ≤ 3",
                               generate=lem42_structured), LEM42_SEARCH),
        derivation="d2d.lem4.2+fix",
        corrects="d2d.lem4.2",
        note="A slot holding z holds the deleted copy with probability 1/c: resampling it then (and keeping the other "
             "copies) gives π(v) = cnt(v)/n_{i−1} + (1/n_{i−1})·cnt(v)/n_i = cnt(v)/n_i, and π(z) = (c−1)/n_i.",
    ),
    Claim(
        id="d2d.lem4.3",
        source="Lemma 4.3 (line 368; proof Appendix C, lines 547–555)",
        kind=Kind.INEQUALITY,
        statement="B ≥ n, δ' ≤ e^{−1}: the number s_i of positions of S_i changed by the update u_i satisfies "
                  "P[s_i > 10(B/n)log(1/δ')] ≤ δ'",
        hypotheses=_LEM43_HYPS,
        bound=deltap,
        quantity=lem43_quantity("printed"),
        adversaries=(Adversary("n up to 100, k copies of the updated value, B ∈ {n, 4n}, δ' down to 10⁻⁶",
                               generate=lem43_structured), LEM43_SEARCH),
        derivation="d2d.lem4.3",
        note="Quantity: max over rounds of the exact binomial tail of s_i (Fractions), s_i counting positions whose "
             "point changed (Algorithm 6's modified parts are those holding one). The proof takes the copies of the "
             "updated point in S_i to be Binomial(B, p) with p ≤ 2/n; a value with k copies has p = k/n_{i−1}, and "
             "the printed deletion resamples all of them.",
    ),
    Claim(
        id="d2d.lem4.3+fix",
        source="Lemma 4.3 (lines 368–370) for the by-copy Algorithm 5 (d2d.lem4.2+fix)",
        kind=Kind.INEQUALITY,
        statement="with the by-copy deletion, B ≥ n, δ' ≤ e^{−1}: P[s_i > 10(B/n)log(1/δ')] ≤ δ'",
        hypotheses=_LEM43_HYPS,
        bound=deltap,
        quantity=lem43_quantity("by-copy"),
        adversaries=(Adversary("n up to 100, k copies of the updated value, B ∈ {n, 4n}, δ' down to 10⁻⁶",
                               generate=lem43_structured), LEM43_SEARCH),
        derivation="d2d.lem4.3+fix",
        corrects="d2d.lem4.3",
        note="A position is touched only if it holds the deleted copy (probability 1/n_{i−1}) or receives the added "
             "point (1/n_i): s_i ≤ Binomial(B, 2/n) under Assumption 2.6, and the printed Chernoff chain applies.",
    ),
]
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_4A})
