"""Validate an implementation of POMER's Algorithm 1 (paper file ``001_8748437fc158d2af.txt``, lines 165–199)
against the reference: same inputs, same uniform draws, first divergent step.

The candidate protocol::

    candidate(case: PomerCase, hooks: PomerHooks) -> played points x_1..x_T (floats)

It runs Algorithm 1 on ``case`` (one dimension, K = [a, b], piecewise-linear losses ``[kink, left, right]``) and
takes *every* uniform draw from ``hooks.uniform()``, in the reference's order: x₁ (uniform on K, or by inverse CDF
of μ̄₁ for ``initial="gibbs"``), then per round S_t ∼ Ber(Π(r_t(x_t))) as ``u < Π(r_t(x_t))``, S'_t ∼ Ber(1 − p) as
``u < 1 − p``, and on a switch x_{t+1} = F⁻¹_{μ̄_{t+1}}(u) (inverse CDF). It may report each round with
``hooks.step(t, x_t, zeta_t)``. The reference is :func:`certunlearn.algorithms.pomer.run` fed the same draws.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..algorithms.pomer import run
from ..algorithms.pomer.gibbs import PiecewiseLinear
from ..errors import InvalidParameterError
from ..numeric.enclosure import to_arb
from ..numeric.fraction import Fraction
from ..numeric.precision import workprec

__all__ = ["PomerCase", "PomerHooks", "PomerComparison", "compare_pomer", "assert_pomer_matches_reference",
           "reference_pomer", "POMER_RTOL", "POMER_ATOL"]

#: Points agree when |x_cand − x_ref| ≤ atol + rtol·|x_ref| (the reference's quantiles are exact to 20 digits).
POMER_RTOL, POMER_ATOL = 1e-9, 1e-9


@dataclass(frozen=True)
class PomerCase:
    """Inputs of one run: K = [a, b], losses l_1..l_T as ``[kink, left, right]``, β, λ, p, Φ (exact rationals as
    strings or numbers), the switching budget B (None: ∞), the initial point and the seed of the uniform draws."""

    a: str
    b: str
    losses: tuple
    beta: str
    lam: str
    p: str
    Phi: str
    budget: int | None = None
    initial: str = "uniform"
    seed: int = 0

    def pieces(self) -> list[PiecewiseLinear]:
        return [PiecewiseLinear.hinge(self.a, self.b, *loss) for loss in self.losses]

    def describe(self) -> str:
        return (f"K = [{self.a}, {self.b}], T = {len(self.losses)}, β = {self.beta}, λ = {self.lam}, p = {self.p}, "
                f"Φ = {self.Phi}, B = {self.budget}, x₁ {self.initial}, seed {self.seed}")


class _Tape:
    """The uniform draws of a case: the same sequence for the reference and the candidate (from the case's seed)."""

    def __init__(self, seed: int) -> None:
        self._rng = np.random.default_rng(seed)
        self.used = 0

    def random(self) -> float:
        self.used += 1
        return float(self._rng.random())


@dataclass
class PomerHooks:
    """What a candidate calls: ``uniform()`` for every draw, ``step(t, x_t, zeta_t)`` to trace a round."""

    tape: _Tape
    trace: list = field(default_factory=list)

    def uniform(self) -> float:
        return self.tape.random()

    def step(self, t: int, x: float, zeta: int) -> None:
        self.trace.append((int(t), float(x), int(zeta)))


def reference_pomer(case: PomerCase) -> tuple[list[float], list[int], int]:
    """(x_1..x_T, ζ_1..ζ_T, draws used) of the reference on the case's uniform draws."""
    tape = _Tape(case.seed)
    if Fraction(case.Phi) < 1:
        raise InvalidParameterError("Phi", f"must be ≥ 1, got {case.Phi}")
    with workprec(128):
        log_phi = to_arb(Fraction(case.Phi)).log()
    tr = run(case.pieces(), case.beta, case.lam, case.p, log_phi, tape, case.budget, case.initial, dps=20)
    return [float(x) for x in tr.points], list(tr.switches), tape.used


@dataclass(frozen=True)
class PomerComparison:
    case: PomerCase
    ok: bool
    problems: tuple[str, ...]
    first_divergent_step: int | None
    reference_point: float | None
    candidate_point: float | None

    def report(self) -> str:
        lines = [("matches the reference" if self.ok else "DIFFERS from the reference") + f" on {self.case.describe()}"]
        lines += [f"  - {p}" for p in self.problems]
        if self.first_divergent_step is not None:
            lines.append(f"  first divergent step: t = {self.first_divergent_step}: reference x_t = "
                         f"{self.reference_point!r}, candidate x_t = {self.candidate_point!r}")
        return "\n".join(lines)


Candidate = Callable[[PomerCase, PomerHooks], Sequence[float]]


def compare_pomer(candidate: Candidate, case: PomerCase, rtol: float = POMER_RTOL,
                  atol: float = POMER_ATOL) -> PomerComparison:
    """Run the reference and the candidate on the same uniform draws; compare the played points (and the traced
    switch decisions, where the candidate traces them)."""
    ref_x, ref_z, ref_used = reference_pomer(case)
    hooks = PomerHooks(_Tape(case.seed))
    try:
        cand_x = [float(x) for x in candidate(case, hooks)]
    except Exception as exc:  # the candidate's failure is a finding, reported with the case
        return PomerComparison(case, False, (f"the candidate raised {type(exc).__name__}: {exc}",), None, None, None)
    problems = []
    first = None
    for t, (r, c) in enumerate(zip(ref_x, cand_x), start=1):
        if not abs(c - r) <= atol + rtol * abs(r):
            first = t
            problems.append(f"x_{t} differs: |{c!r} − {r!r}| > {atol} + {rtol}·|x_ref|")
            break
    if len(cand_x) != len(ref_x):
        problems.append(f"the candidate played {len(cand_x)} points, the reference {len(ref_x)}")
        first = first or min(len(cand_x), len(ref_x)) + 1
    traced = {t: z for t, _, z in hooks.trace}
    for t, z in enumerate(ref_z, start=1):
        if t in traced and traced[t] != z:
            problems.append(f"ζ_{t} = {traced[t]} (candidate) vs {z} (reference)")
            first = min(first or t, t)
            break
    if first is None and hooks.tape.used != ref_used:
        problems.append(f"the candidate took {hooks.tape.used} uniform draws, the reference {ref_used}")
    at = (first - 1) if first is not None and first - 1 < min(len(ref_x), len(cand_x)) else None
    return PomerComparison(case, not problems, tuple(problems), first,
                           ref_x[at] if at is not None else None, cand_x[at] if at is not None else None)


def assert_pomer_matches_reference(candidate: Candidate, cases: Iterable[PomerCase], rtol: float = POMER_RTOL,
                                   atol: float = POMER_ATOL) -> list[PomerComparison]:
    """AssertionError with the smallest failing case (fewest rounds) and its first divergent step."""
    results = [compare_pomer(candidate, c, rtol, atol) for c in cases]
    failing = [r for r in results if not r.ok]
    if failing:
        worst = min(failing, key=lambda r: len(r.case.losses))
        raise AssertionError(f"{len(failing)} of {len(results)} case(s) differ; smallest:\n{worst.report()}")
    return results



def cases(profile: str = "quick", max_rounds: int = 12) -> list[PomerCase]:
    """The default suite for :func:`compare_pomer`, from the claims' worst-case instances:

    * footnote 4's acceptance-ratio boundary (``pomer.footnote4``, line 240 and line 192): its previous loss then
      its new one, three times over (a constant added to a loss — a kink outside K — moves the unnormalised ratio
      e^{−βl_t}/Φ, not the normalised one; a steep new loss puts the normalised ratio below the floor Φ⁻²), with
      the instance's Φ, β, λ and p = 1/10;
    * Theorem 4.3's neighbouring ±Gx / hinge sequences (``pomer.thm4.3``, T ≤ ``max_rounds``, both initial laws) with
      the theorem's prescribed Φ, p and switching budget B (lines 244–256,
      :func:`certunlearn.algorithms.parameters.theorem_parameters`)."""
    from ..algorithms.parameters import theorem_parameters
    from ..claims import get_claim
    from ..numeric.enclosure import exact_decimal as w
    from .suites import claim_cases

    seq = lambda rows: tuple(tuple(w(x) for x in loss) for loss in rows)  # noqa: E731
    out = []
    for case in claim_cases("pomer.footnote4", profile):
        v = case.instance()
        out.append(PomerCase(w(v["a"]), w(v["b"]), seq(list(v["current"]) + list(v["losses"])) * 3, w(v["beta"]),
                             w(v["lam"]), "1/10", w(v["Phi"]), None, "uniform", len(out)))
    claim = get_claim("pomer.thm4.3")
    for case in claim_cases("pomer.thm4.3", profile, keep=lambda c: int(c.constants["T"]) <= max_rounds):
        v = case.instance()
        p = theorem_parameters(claim, paper="pomer", **{k: v[k] for k in ("G", "beta", "lam", "delta", "T")})
        out.append(PomerCase(w(v["a"]), w(v["b"]), seq(v["losses"]), w(v["beta"]), w(v["lam"]), w(p["p"]),
                             w(p["Phi"]), int(p["B"]), str(v.get("initial", "uniform")), len(out)))
    return out


def certificate_cases(profile: str = "quick", max_rounds: int = 12) -> list:
    """The default suite for the certificate route (:mod:`certunlearn.testing.pomer_certificate`), as
    :class:`~certunlearn.claims.case.Case`\\ s of ``pomer.thm4.3``:

    * first, the claim's first neighbouring ±Gx sequence with K widened to [−W, W] (W a power of 2 with
      βG·(31/32)W ≥ 3 log Φ + 1): near the ends of K the normalised ratio r_t = μ̄_{t+1}/μ̄_t falls below Φ⁻¹ so
      Algorithm 1 keeps with the floor Φ⁻² (line 185). On the claim's own K = [−1, 1], |log r_t| ≤ 2βG ≪ 3 log Φ and
      the floor never binds, so a candidate without it could not be told apart there;
    * then Theorem 4.3's own instances (``pomer.thm4.3``, T ≤ ``max_rounds``, both initial laws)."""
    import math

    from ..algorithms.parameters import theorem_parameters
    from ..claims import get_claim
    from ..claims.case import Case, inside
    from .suites import claim_cases

    claim = get_claim("pomer.thm4.3")
    own = claim_cases("pomer.thm4.3", profile, keep=lambda c: int(c.constants["T"]) <= max_rounds)
    base = next(c.instance() for c in own if str(c.data.get("initial", "uniform")) == "uniform")
    phi = theorem_parameters(claim, paper="pomer", **{k: base[k] for k in ("G", "beta", "lam", "delta", "T")})["Phi"]
    need = (3 * math.log(float(phi)) + 1) / (float(base["beta"] * base["G"]) * 31 / 32)
    width = Fraction(2) ** max(0, math.ceil(math.log2(need)))
    wide = {**base, "a": -width, "b": width}
    floor = [Case.from_instance("pomer.thm4.3", wide, label=f"floor: K = [−{width}, {width}], Π(r_t) = Φ⁻² near the "
                                                             f"ends")] if inside(claim, wide) else []
    return floor + own
