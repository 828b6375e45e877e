"""Validate an implementation of olu's Algorithms 1 and 2 against the reference: same inputs, same noise draws.

The candidate protocol::

    candidate(case: OLUCase, noise: Callable[[int, int], np.ndarray]) -> outputs z_0, …, z_T (array (T + 1, d))

``noise(i, d)`` returns the standard normal vector ξ_i of deletion i (the candidate scales it by its own σ_i); it must
be called once per deletion, in order. The reference (:mod:`certunlearn.algorithms.olu.printed`: Algorithm 1 with
eq. (2)'s projected OGD step, projection then noise; Algorithm 2 with the printed step 1/(β+μ)) runs on the same
draws in mpmath at 50 digits; the outputs are compared step by step (``|cand − ref| ≤ atol + rtol·|ref|``
coordinatewise) and a failure names the first divergent step t and both outputs there.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import mpmath
import numpy as np

from ..algorithms.olu import printed as P
from ..errors import InvalidParameterError

__all__ = ["OLUCase", "OLUComparison", "compare_olu", "assert_olu_matches_reference", "assert_matches_reference",
           "olu_reference_run", "RTOL", "ATOL"]

RTOL, ATOL = 1e-9, 1e-12
OLU_ALGORITHMS = ("olu.alg1", "olu.alg2")


@dataclass(frozen=True)
class OLUCase:
    """One input of Algorithm 1 (``algorithm="olu.alg1"``) or 2 (``"olu.alg2"``): the losses, K (a Box, a Ball or
    None for R^d), z_1, the steps η_1..η_T, the deletion times τ and indices u, the noise scales σ_i and, for
    Algorithm 2, the descent step h and the step counts I_{1,i}, I₂."""

    algorithm: str
    losses: P.Losses
    K: P.Box | P.Ball | None
    z1: tuple
    etas: tuple
    tau: tuple
    u: tuple
    sigmas: tuple
    h: float = 0.0
    I1: tuple = ()
    I2: int = 0
    reference: int = 0
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.algorithm not in OLU_ALGORITHMS:
            raise InvalidParameterError("algorithm", f"one of {OLU_ALGORITHMS}")
        if len(self.tau) != len(self.u) or len(self.sigmas) != len(self.tau):
            raise InvalidParameterError("sigmas", "one deletion index and one σ_i per deletion time")
        if self.algorithm == "olu.alg2" and len(self.I1) != len(self.tau):
            raise InvalidParameterError("I1", "one I_{1,i} per deletion")

    def describe(self) -> str:
        return (f"{self.algorithm}, T = {self.losses.T}, d = {self.losses.d}, family {self.losses.family}, "
                f"τ = {list(self.tau)}, u = {list(self.u)}")


def _mp(x: Any) -> mpmath.mpf:
    return mpmath.mpf(x) if not isinstance(x, mpmath.mpf) else x


def _mp_losses(losses: P.Losses) -> P.Losses:
    return P.Losses(losses.family, tuple(tuple(_mp(float(x) if not isinstance(x, int) else x) for x in r) for r in losses.X),
                    tuple(_mp(x) for x in losses.lam), losses.y, _mp(losses.delta))


def _mp_domain(K: P.Box | P.Ball | None) -> P.Box | P.Ball | None:
    if isinstance(K, P.Box):
        return P.Box(tuple(_mp(x) for x in K.lo), tuple(_mp(x) for x in K.hi))
    if isinstance(K, P.Ball):
        return P.Ball(tuple(_mp(x) for x in K.centre), _mp(K.radius))
    return None


def olu_reference_run(case: OLUCase, draws: Sequence[np.ndarray]) -> np.ndarray:
    """The reference outputs z_0..z_T on the draws ξ_1..ξ_k (mpmath, 50 digits, returned as float64)."""
    with mpmath.workdps(50):
        losses, K = _mp_losses(case.losses), _mp_domain(case.K)
        z1 = [_mp(x) for x in case.z1]
        etas = [_mp(x) for x in case.etas]
        sig = [_mp(x) for x in case.sigmas]
        noise = lambda i, d: [_mp(float(x)) for x in draws[i - 1]]
        if case.algorithm == "olu.alg1":
            out = P.run(losses, K, z1, etas, case.tau, case.u, sig, noise, reference=case.reference)
        else:
            out = P.active_run(losses, K, z1, etas, case.tau, case.u, sig, _mp(case.h), case.I1, case.I2, noise,
                               reference=case.reference)
        return np.array([[float(x) for x in z] for z in out])


@dataclass(frozen=True)
class OLUComparison:
    case: OLUCase
    ok: bool
    problems: tuple[str, ...]
    first_divergent_step: int | None
    reference_step: np.ndarray | None
    candidate_step: np.ndarray | None

    def report(self) -> str:
        lines = [("matches the reference" if self.ok else "DIFFERS from the reference") + f" on {self.case.describe()}"]
        lines += [f"  - {p}" for p in self.problems]
        if self.first_divergent_step is not None:
            lines.append(f"  first divergent step: t = {self.first_divergent_step}: reference z_t = "
                         f"{self.reference_step}, candidate z_t = {self.candidate_step}")
        return "\n".join(lines)


def compare_olu(candidate: Callable[[OLUCase, Callable[[int, int], np.ndarray]], Any], case: OLUCase, *,
                seed: int = 0, rtol: float = RTOL, atol: float = ATOL) -> OLUComparison:
    """Run ``candidate`` and the reference on ``case`` with the same standard normal draws (``default_rng(seed)``)."""
    rng = np.random.default_rng(seed)
    draws = [rng.standard_normal(case.losses.d) for _ in case.tau]
    ref = olu_reference_run(case, draws)
    calls: list[int] = []

    def noise(i: int, d: int) -> np.ndarray:
        if d != case.losses.d or not 1 <= i <= len(draws):
            raise InvalidParameterError("noise", f"deletion i in 1..{len(draws)} and d = {case.losses.d}")
        calls.append(i)
        return draws[i - 1].copy()

    problems: list[str] = []
    try:
        out = np.asarray(candidate(case, noise), dtype=np.float64)
    except Exception as exc:  # the candidate's failure is the finding
        return OLUComparison(case, False, (f"the candidate raised {type(exc).__name__}: {exc}",), None, None, None)
    if calls != list(range(1, len(draws) + 1)):
        problems.append(f"noise draws requested {calls}, the reference uses {list(range(1, len(draws) + 1))}")
    if out.shape != ref.shape:
        problems.append(f"output shape {out.shape}, the reference's {ref.shape}")
        return OLUComparison(case, False, tuple(problems), None, None, None)
    step = None
    for t in range(ref.shape[0]):
        if not np.all(np.abs(out[t] - ref[t]) <= atol + rtol * np.abs(ref[t])):
            step = t
            problems.append(f"outputs diverge at step t = {t} of {ref.shape[0] - 1}")
            break
    return OLUComparison(case, not problems, tuple(problems), step, None if step is None else ref[step],
                         None if step is None else out[step])


def assert_olu_matches_reference(candidate: Callable, algorithm: str, cases: Iterable[OLUCase], *, seed: int = 0,
                                 rtol: float = RTOL, atol: float = ATOL) -> None:
    """Raise AssertionError with the smallest failing case (by T·d) and its first divergent step unless ``candidate``
    matches the reference of ``algorithm`` ("olu.alg1" or "olu.alg2") on every case."""
    if algorithm not in OLU_ALGORITHMS:
        raise InvalidParameterError("algorithm", f"one of {OLU_ALGORITHMS}")
    failures = []
    for case in cases:
        if case.algorithm != algorithm:
            raise InvalidParameterError("cases", f"a {case.algorithm} case given for {algorithm}")
        result = compare_olu(candidate, case, seed=seed, rtol=rtol, atol=atol)
        if not result.ok:
            failures.append(result)
    if failures:
        smallest = min(failures, key=lambda r: (r.case.losses.T * r.case.losses.d, r.case.losses.T))
        raise AssertionError(f"{len(failures)} case(s) differ; the smallest:\n{smallest.report()}")


def assert_matches_reference(candidate: Callable, claim_or_alg_id: str, cases: Iterable[Any] | None = None,
                             **kwargs: Any) -> None:
    """:func:`certunlearn.testing.compare.assert_matches_reference` extended to olu: ``"olu.alg1"`` / ``"olu.alg2"``
    go to :func:`assert_olu_matches_reference` (cases required), every other id to the descent-to-delete harness."""
    if claim_or_alg_id in OLU_ALGORITHMS:
        if cases is None:
            raise InvalidParameterError("cases", "olu cases must be given (OLUCase)")
        return assert_olu_matches_reference(candidate, claim_or_alg_id, cases, **kwargs)
    from .compare import assert_matches_reference as d2d_assert

    return d2d_assert(candidate, claim_or_alg_id, cases, **kwargs)


def cases(profile: str = "quick") -> list:
    """The default suite of Algorithm 1 cases (:class:`~certunlearn.claims.case.Case`): Theorem 1's and corrected
    Corollary 1's (strongly convex, γ = 1 − ημ) worst-case and boundary instances, for
    :func:`certunlearn.testing.certificate.check_certificate` (the printed Corollary 1 is itself violated)."""
    from .suites import claim_cases

    return claim_cases("olu.thm1", profile) + claim_cases("olu.cor1:sc+fix", profile)
