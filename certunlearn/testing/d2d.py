"""Validate an implementation of perturbed distributed descent (Descent-to-Delete, Algorithms 4–7) against the
reference: same inputs, same random draws, first divergent step.

The candidate protocol::

    candidate(case: DistributedCase, rng: numpy.random.Generator) -> sequence of the averaged secret models
                                                                     θ̂_{0,avg}, θ̂_{1,avg}, … (one per round)

It runs Algorithm 4 on ``case.X`` and Algorithm 6 for every update of ``case.updates`` with the case's
parameters, taking *every* random draw (bootstrap, partition, reservoir resampling, best-of-C selection) from
``rng`` in the order the reference does (:class:`certunlearn.algorithms.d2d.PerturbedDistributedGD`). The reference
runs on a generator seeded identically; the deterministic averaged models are compared round by round, within
``rtol``/``atol``, and the first round where they part is reported (the published value adds N(0, σ²I) to it).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import InvalidParameterError

__all__ = ["DistributedCase", "DistributedComparison", "compare_distributed", "assert_distributed_matches_reference",
           "reference_distributed"]

RTOL, ATOL = 1e-9, 1e-12


@dataclass(frozen=True)
class DistributedCase:
    """A Theorem 4.5 run: the claim (``"d2d.thm4.5"`` printed reservoir, ``"d2d.thm4.5+fix"`` by-copy), the quadratic
    loss f_x(θ) = ½(θ − x)ᵀA(θ − x) with diagonal ``A`` on the box [lo, hi], the data ``X`` (n×d), the updates
    ``[(op, x), …]`` (op = +1 add, −1 delete), θ'_0, and the theorem's constants (ε, δ, L, m, M, D, I, ξ, β)."""

    claim: str
    A: Sequence[Any]
    R: Any
    lo: Sequence[Any]
    hi: Sequence[Any]
    X: Sequence[Sequence[Any]]
    updates: Sequence[tuple[int, Sequence[Any]]]
    theta0: Sequence[Any]
    constants: dict = field(default_factory=dict)

    def driver(self):
        from ..algorithms.d2d import PerturbedDistributedGD, Problem
        from ..problems import Box, Quadratic
        from ..claims.instances import frac

        a = [frac(v) for v in self.A]
        Am = tuple(tuple(a[r] if r == c else 0 * a[r] for c in range(len(a))) for r in range(len(a)))
        prob = Problem(Quadratic(A=Am, R=frac(self.R)), Box(tuple(frac(v) for v in self.lo), tuple(frac(v) for v in self.hi)))
        reservoir = "by-copy" if self.claim.endswith("+fix") else "printed"
        return PerturbedDistributedGD.from_theorem(self.claim, prob, theta0=[frac(v) for v in self.theta0],
                                                   reservoir=reservoir, **self.constants)

    def update_objects(self):
        from ..algorithms.d2d import Update
        from ..claims.instances import frac

        return [Update.add([frac(v) for v in x]) if op == 1 else Update.delete([frac(v) for v in x])
                for op, x in self.updates]


def reference_distributed(case: DistributedCase, rng: np.random.Generator) -> list[np.ndarray]:
    """The reference's averaged secret model of every round (floats), driven by ``rng``."""
    from ..claims.instances import frac

    drv = case.driver()
    X = np.asarray([[frac(v) for v in row] for row in case.X], dtype=object)
    rels = drv.run(X, None, case.update_objects(), rng)
    return [np.asarray([float(v) for v in np.asarray(r.law.mean).reshape(-1)]) for r in rels]


@dataclass(frozen=True)
class DistributedComparison:
    ok: bool
    first_divergent_round: int | None
    reference: np.ndarray | None
    candidate: np.ndarray | None
    problems: tuple[str, ...] = ()

    def report(self) -> str:
        if self.ok:
            return "matches the reference"
        lines = ["DIFFERS from the reference"] + [f"  - {p}" for p in self.problems]
        if self.first_divergent_round is not None:
            lines.append(f"  first divergent round: i = {self.first_divergent_round}: reference θ̂_avg = "
                         f"{self.reference}, candidate θ̂_avg = {self.candidate}")
        return "\n".join(lines)


def compare_distributed(candidate: Callable[[DistributedCase, np.random.Generator], Sequence[Any]],
                        case: DistributedCase, *, seed: int = 0, rtol: float = RTOL, atol: float = ATOL) -> DistributedComparison:
    """Run the reference and ``candidate`` on ``case`` with generators seeded by ``seed``; compare round by round."""
    if not isinstance(case, DistributedCase):
        raise InvalidParameterError("case", f"expected a DistributedCase, got {type(case).__name__}")
    ref = reference_distributed(case, np.random.default_rng(seed))
    try:
        cand = [np.asarray(c, dtype=np.float64).reshape(-1) for c in candidate(case, np.random.default_rng(seed))]
    except Exception as exc:  # noqa: BLE001 - a failing candidate is a finding, reported
        return DistributedComparison(False, None, None, None, (f"the candidate raised {type(exc).__name__}: {exc}",))
    for i in range(max(len(ref), len(cand))):
        r = ref[i] if i < len(ref) else None
        c = cand[i] if i < len(cand) else None
        if r is None or c is None or r.shape != c.shape or not np.all(np.abs(c - r) <= atol + rtol * np.abs(r)):
            why = "round count differs" if r is None or c is None else "averaged model differs"
            return DistributedComparison(False, i, r, c, (why,))
    return DistributedComparison(True, None, None, None)


def assert_distributed_matches_reference(candidate, case: DistributedCase, **kwargs: Any) -> None:
    """Raise AssertionError with :meth:`DistributedComparison.report` unless the candidate matches."""
    result = compare_distributed(candidate, case, **kwargs)
    if not result.ok:
        raise AssertionError(result.report())


def cases(profile: str = "quick") -> list:
    """The default suite of Theorem 3.1 cases (:class:`~certunlearn.claims.case.Case`): the claim's worst-shift and
    boundary instances, for :func:`certunlearn.testing.certificate.check_certificate`."""
    from .suites import claim_cases

    return claim_cases("d2d.thm3.1", profile)


def accuracy_cases(profile: str = "quick", claim: str = "d2d.thm3.1:accuracy+fix") -> list:
    """The default suite of Theorem 3.1's accuracy claim (``d2d.thm3.1:accuracy+fix``, or the printed
    ``d2d.thm3.1:accuracy``), for :func:`certunlearn.testing.certificate.check_certificate`, which decides the theorem's
    certificate and, in ``result.accuracy``, the accuracy claim: the claim's own isotropic and boundary-optimum
    instances, then the certificate's instances (``d2d.thm3.1``; ``"quick"``: all of its worst-shift ones, the hardest
    for an iteration or step-size bug) at β = 1/20 where they lie inside the accuracy claim's hypotheses (isotropic A). Kept: at least one update (the route compares the last
    round with retraining) and σ ≥ 10⁻¹⁰(1 + max |Θ|), which a float64 release can be measured at (cf.
    ``suites.BEYOND_FLOAT64``)."""
    from certunlearn.numeric.fraction import Fraction

    from ..claims import get_claim
    from ..claims.case import Case, inside
    from .suites import claim_cases

    acc = get_claim(claim)

    def measurable(case) -> bool:
        sigma = acc.with_prescribed(case.instance())["sigma"]
        box = max(abs(float(v)) for v in [*case.data["lo"], *case.data["hi"]])  # the release lies in Θ
        return bool(case.updates.get("U")) and bool(sigma.lower() >= 1e-10 * (1 + box))

    lifted = []
    for case in claim_cases("d2d.thm3.1", "thorough"):
        inst = {**case.instance(), "beta": Fraction(1, 20)}
        if (profile == "thorough" or case.label.startswith(WORST_SHIFT)) and inside(acc, inst):
            lifted.append(Case.from_instance(claim, inst, label=f"{case.label}, β = 1/20"))
    return claim_cases(claim, profile, keep=measurable) + [c for c in lifted if measurable(c)]


#: the label of Theorem 3.1's worst-shift adversary (deletions down to n/2, the last from the face of Θ)
WORST_SHIFT = "worst-case mean shift"
