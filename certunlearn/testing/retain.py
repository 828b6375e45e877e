"""Validate an implementation of the retain paper's unlearning pairs against the reference: same inputs, same noise.

The candidate protocol::

    candidate(case: RetainCase, hooks: Hooks) -> published w̃ (array of shape (d,))

``case.pair`` is the reference pair (:class:`~certunlearn.algorithms.retain.RetainUnlearning` over a passive
mechanism — median, MST weight, … — or over :class:`~certunlearn.algorithms.retain.NewtonStepRS` (Algorithm 2,
"Newton-RS"), or :class:`~certunlearn.algorithms.retain.DescentToDeleteRS` (Algorithm 1, "D2D-RS")); the candidate
runs its own implementation on ``case.R``, ``case.U``, takes its one Gaussian draw from ``hooks.noise(d)`` (standard
normals, scaled by itself) and may report each descent iterate with ``hooks.step(w)``. As in
:func:`certunlearn.testing.compare`, the reference runs once (recording Z), the candidate on Z and on −Z: the half-sum
is its deterministic part, the half-difference over Z its noise scale, each compared with the reference's
(``|cand − ref| ≤ atol + rtol·|ref|``; ``|scale − σ(R)| ≤ scale_rtol·σ(R)``). For D2D-RS the reference iterates
(the I_R projected gradient steps from w_(R∪U), float64 replay of the 50-digit run's step size) locate the first
divergent step.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ..errors import InvalidParameterError
from .compare import ATOL, RTOL, SCALE_RTOL, close, run_candidate
from .hooks import Hooks, NoiseTape

__all__ = ["RetainCase", "RetainComparison", "RetainReference", "retain_reference_run", "compare_retain",
           "assert_retain_matches_reference"]

RetainCandidate = Callable[["RetainCase", Hooks], np.ndarray]


@dataclass(frozen=True, eq=False)
class RetainCase:
    """One unlearning request: the reference ``pair`` (an object with ``unlearn(R, U)``), the retained set ``R`` and
    the deletion ``U`` in the pair's mechanism formats; ``label`` names it in reports."""

    pair: Any
    R: Any
    U: Any
    label: str = ""

    @property
    def algorithm(self) -> str:
        name = type(self.pair).__name__
        if name == "DescentToDeleteRS":
            return "D2D-RS"
        mech = getattr(self.pair, "mechanism", None)
        return "Newton-RS" if type(mech).__name__ == "NewtonStepRS" else f"passive {getattr(mech, 'name', name)}"


@dataclass(frozen=True)
class RetainReference:
    deterministic: np.ndarray
    sigma: float
    published: np.ndarray
    iterates: tuple[np.ndarray, ...]


def _d2d_iterates(pair: Any, R: Any, U: Any) -> tuple[np.ndarray, ...]:
    """Algorithm 1's iterates w'_1 … w'_I (float64, the reference's η and I) from w_(R∪U)."""
    from ..algorithms.d2d import descent as d2d

    R, U = pair.prepare(R), pair.deletion(pair.prepare(R), U)
    p = pair.parameters(R)
    w = np.asarray([float(v) for v in np.asarray(pair.baseline(R + U)).reshape(-1)])
    X, y = np.asarray(R.X, dtype=float), np.asarray(R.y, dtype=float)
    out = []
    for _ in range(int(p["I"])):
        w = np.asarray(d2d.projected_gd(pair.problem, X, y, w, eta=float(p["eta"]), T=1), dtype=float).reshape(-1)
        out.append(w.copy())
    return tuple(out)


def retain_reference_run(case: RetainCase, tape: NoiseTape) -> RetainReference:
    """The reference release of ``case`` with its Gaussian draw taken from ``tape``."""
    release = case.pair.unlearn(case.R, case.U)
    law = release.law
    mean = np.asarray([float(v) for v in np.asarray(law.mean).reshape(-1)])
    sigma = float(getattr(law, "sigma", 0.0) or 0.0)
    z = tape.record(mean.shape)
    iterates = _d2d_iterates(case.pair, case.R, case.U) if case.algorithm == "D2D-RS" else ()
    return RetainReference(mean, sigma, mean + sigma * z, iterates)


@dataclass(frozen=True, eq=False)
class RetainComparison:
    case: RetainCase
    ok: bool
    problems: tuple[str, ...]
    first_divergent_step: int | None = None

    def report(self) -> str:
        lines = [f"{self.case.algorithm} {self.case.label}: {'matches' if self.ok else 'DIFFERS'}"]
        lines += [f"  - {p}" for p in self.problems]
        return "\n".join(lines)




def compare_retain(candidate: RetainCandidate, case: RetainCase, *, seed: int = 0, rtol: float = RTOL,
                   atol: float = ATOL, scale_rtol: float = SCALE_RTOL) -> RetainComparison:
    """Compare ``candidate`` with the reference on ``case`` (noise from ``numpy.random.default_rng(seed)``)."""
    if not isinstance(case, RetainCase):
        raise InvalidParameterError("case", f"expected a RetainCase, got {type(case).__name__}")
    tape = NoiseTape(np.random.default_rng(seed))
    ref = retain_reference_run(case, tape)
    plus, minus = tape.replay(+1.0), tape.replay(-1.0)
    out_p, err_p = run_candidate(candidate, case, plus)
    out_m, err_m = (None, None) if err_p else run_candidate(candidate, case, minus)
    problems = [e for e in (err_p, err_m) if e]
    if not problems:
        if out_p.shape != ref.deterministic.shape or out_m.shape != ref.deterministic.shape:
            problems.append(f"output shape {out_p.shape}, the reference's {ref.deterministic.shape}")
        else:
            z = tape.draws[-1]
            det, scale = (out_p + out_m) / 2, (out_p - out_m) / (2 * z)
            if not close(det, ref.deterministic, rtol, atol):
                problems.append(f"deterministic part {det} vs reference {ref.deterministic}")
            rounding = 8 * np.finfo(np.float64).eps * (np.abs(det) + ref.sigma * np.abs(z)) / np.abs(z)
            if not np.all(np.abs(scale - ref.sigma) <= scale_rtol * ref.sigma + rounding):
                problems.append(f"noise scale {scale} vs certified σ(R) = {ref.sigma!r}")
    step = None
    if plus.iterates and ref.iterates:
        for t in range(max(len(ref.iterates), len(plus.iterates))):
            r = ref.iterates[t] if t < len(ref.iterates) else None
            c = plus.iterates[t] if t < len(plus.iterates) else None
            if r is None or c is None or not close(c, r, max(rtol, 1e-9), max(atol, 1e-12)):
                step = t + 1
                problems.append(f"iterates diverge at step {step} of {len(ref.iterates)} "
                                f"(candidate traced {len(plus.iterates)})")
                break
    return RetainComparison(case, not problems, tuple(problems), step)


def assert_retain_matches_reference(candidate: RetainCandidate, cases: Iterable[RetainCase], *, seed: int = 0,
                                    rtol: float = RTOL, atol: float = ATOL, scale_rtol: float = SCALE_RTOL) -> None:
    """Raise AssertionError with the first failing case's report unless ``candidate`` matches on every case."""
    for case in cases:
        result = compare_retain(candidate, case, seed=seed, rtol=rtol, atol=atol, scale_rtol=scale_rtol)
        if not result.ok:
            raise AssertionError(result.report())


def cases(profile: str = "quick") -> list:
    """The default suite of Theorem 2.11 cases (:class:`~certunlearn.claims.case.Case`) for the passive median: the
    claim's deletions attaining RS(R), and its negative control's δ ∈ {10⁻¹⁰⁰, 10⁻²⁰} where the classic calibration
    is within 10% of the exact one, for
    :func:`certunlearn.testing.certificate.check_certificate`."""
    from .suites import claim_cases

    return claim_cases("retain.thm2.11", profile, keep=lambda c: int(c.data.get("mech", 0)) == 0,
                       also=("retain.thm2.11:control-sigma-tenth-less",))
