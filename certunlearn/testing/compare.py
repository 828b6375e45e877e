"""Reference versus candidate on the same inputs and the same noise draws.

The candidate protocol::

    candidate(case: D2DCase, hooks: Hooks) -> published θ̃ (array of shape (d,))

It runs the algorithm ``case.algorithm`` names on ``case`` (see :class:`~certunlearn.testing.reference.D2DCase`),
takes every Gaussian draw from ``hooks.noise(shape)`` (standard normals, which it scales itself), and may
report each gradient-descent iterate with ``hooks.step(theta)`` (then the first divergent step is located).

:func:`compare` runs the reference once (recording its draw Z), then the candidate twice, on Z and on −Z.
If the candidate publishes ``mean + scale·Z``, the half-sum of its two outputs is its deterministic part
and the half-difference divided by Z its noise scale; both are compared with the reference (deterministic:
``|cand − ref| ≤ atol + rtol·|ref|`` coordinatewise; scale: ``|scale − σ| ≤ scale_rtol·σ`` plus the float64
rounding of the half-difference, 8 ulps of ``|mean| + σ|Z|`` divided by ``|Z|``).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from ..errors import InvalidParameterError
from .hooks import Hooks, NoiseMismatch, NoiseTape
from .reference import ALGORITHMS, D2DCase, case_claims, case_size, reference_run

__all__ = ["Comparison", "compare", "assert_matches_reference", "Candidate", "RTOL", "ATOL", "SCALE_RTOL"]

Candidate = Callable[[D2DCase, Hooks], np.ndarray]

#: Default tolerances: float64 descent against the 50-digit reference accumulates ~T·d ulps.
RTOL, ATOL, SCALE_RTOL = 1e-9, 1e-12, 1e-9


@dataclass(frozen=True, eq=False)
class Comparison:
    """The outcome on one case. ``first_divergent_step``: the first t with θ_t outside the tolerance (or the
    step where one run stops), ``None`` if the traced iterates agree or the candidate traced none."""

    case: D2DCase
    ok: bool
    problems: tuple[str, ...]
    deterministic_error: float | None
    scale: np.ndarray | None
    first_divergent_step: int | None
    reference_step: np.ndarray | None
    candidate_step: np.ndarray | None

    def report(self) -> str:
        lines = [("matches the reference" if self.ok else "DIFFERS from the reference") + f" on {self.case.describe()}"]
        lines += [f"  - {p}" for p in self.problems]
        if self.first_divergent_step is not None:
            lines.append(f"  first divergent step: t = {self.first_divergent_step}: reference θ_t = "
                         f"{_fmt(self.reference_step)}, candidate θ_t = {_fmt(self.candidate_step)}")
        return "\n".join(lines)


def _fmt(x: np.ndarray | None) -> str:
    return "(none)" if x is None else np.array2string(np.asarray(x), precision=17)


def close(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> bool:
    return a.shape == b.shape and bool(np.all(np.abs(a - b) <= atol + rtol * np.abs(b)))


def run_candidate(candidate: Candidate, case: D2DCase, hooks: Hooks) -> tuple[np.ndarray | None, str | None]:
    try:
        out = np.asarray(candidate(case, hooks), dtype=np.float64).reshape(-1)
    except NoiseMismatch as exc:
        return None, f"noise draws differ from the reference's: {exc}"
    if hooks.used != len(hooks.tape.draws):
        return None, f"the candidate used {hooks.used} noise draws, the reference {len(hooks.tape.draws)}"
    return out, None


def _first_divergence(ref: tuple[np.ndarray, ...], cand: list[np.ndarray], rtol: float, atol: float):
    for t in range(max(len(ref), len(cand))):
        r = ref[t] if t < len(ref) else None
        c = cand[t] if t < len(cand) else None
        if r is None or c is None or not close(c, r, rtol, atol):
            return t + 1, r, c
    return None, None, None


def compare(candidate: Candidate, case: D2DCase, *, seed: int = 0, rtol: float = RTOL, atol: float = ATOL,
            scale_rtol: float = SCALE_RTOL) -> Comparison:
    """Compare ``candidate`` with the reference on ``case`` (noise drawn from ``numpy.random.default_rng(seed)``)."""
    if not isinstance(case, D2DCase):
        raise InvalidParameterError("case", f"expected a D2DCase, got {type(case).__name__}")
    tape = NoiseTape(np.random.default_rng(seed))
    ref = reference_run(case, tape)
    plus, minus = tape.replay(+1.0), tape.replay(-1.0)
    out_p, err_p = run_candidate(candidate, case, plus)
    out_m, err_m = (None, None) if err_p else run_candidate(candidate, case, minus)
    problems = [e for e in (err_p, err_m) if e]
    det_err, scale = None, None
    if not problems:
        if out_p.shape != ref.deterministic.shape or out_m.shape != ref.deterministic.shape:
            problems.append(f"output shape {out_p.shape}, the reference's {ref.deterministic.shape}")
        else:
            det = (out_p + out_m) / 2
            z = tape.draws[-1]
            scale = (out_p - out_m) / (2 * z)
            det_err = float(np.max(np.abs(det - ref.deterministic)))
            # each output carries float64 rounding of size eps·σ|z| (the noise term), which the half-sum keeps
            floor = float(np.max(8 * np.finfo(np.float64).eps * ref.sigma * np.abs(z)))
            if not close(det, ref.deterministic, rtol, atol + floor):
                problems.append(f"deterministic part {_fmt(det)} vs reference {_fmt(ref.deterministic)} "
                                f"(max error {det_err:.3g} > atol {atol:g} + the outputs' rounding {floor:.3g} + "
                                f"rtol {rtol:g}·|ref|)")
            rounding = 8 * np.finfo(np.float64).eps * (np.abs(det) + ref.sigma * np.abs(z)) / np.abs(z)
            if not np.all(np.abs(scale - ref.sigma) <= scale_rtol * ref.sigma + rounding):
                problems.append(f"noise scale {_fmt(scale)} vs certified σ = {ref.sigma!r} (rtol {scale_rtol:g})")
            if not close(out_p, ref.published, rtol, atol + scale_rtol * ref.sigma * float(np.max(np.abs(z)))):
                problems.append(f"published value {_fmt(out_p)} vs reference {_fmt(ref.published)} on the same draw")
    step, r_step, c_step = (None, None, None)
    if plus.iterates:
        step, r_step, c_step = _first_divergence(ref.iterates, plus.iterates, rtol, atol)
        if step is not None:
            problems.append(f"iterates diverge at step {step} of {len(ref.iterates)} "
                            f"(candidate traced {len(plus.iterates)})")
    return Comparison(case, not problems, tuple(problems), det_err, scale, step, r_step, c_step)


def _resolve(claim_or_alg_id: str) -> str | None:
    """The claim whose instances generate cases (None for a bare algorithm id)."""
    if claim_or_alg_id in ALGORITHMS:
        return None
    if claim_or_alg_id not in case_claims():
        raise InvalidParameterError("claim_or_alg_id", f"expected one of {ALGORITHMS} or a perturbed-GD claim of "
                                                       f"d2d {sorted(case_claims())}, got {claim_or_alg_id!r}")
    return claim_or_alg_id


def assert_matches_reference(candidate: Candidate, claim_or_alg_id: str, cases: Iterable[D2DCase] | None = None, *,
                             seed: int = 0, rtol: float = RTOL, atol: float = ATOL, scale_rtol: float = SCALE_RTOL,
                             max_examples: int = 30) -> None:
    """Raise AssertionError, with the smallest failing case and its first divergent step, unless ``candidate``
    matches the reference on every case.

    ``claim_or_alg_id``: ``"d2d.alg1"``/``"d2d.alg2"`` (cases must then be given, or are generated by
    :func:`certunlearn.testing.strategies.d2d_cases`), or a perturbed-GD claim such as ``"d2d.thm3.1"`` (cases from
    the checker's adversarial instances with the claim's certified σ, η, T_i). With ``cases=None`` the cases come
    from the hypothesis strategies (needs the test extra), which shrink a failure to a minimal case; with explicit
    ``cases`` every case is run and the smallest failing one (by n·d, then T) is reported."""
    claim = _resolve(claim_or_alg_id)

    def fails(case: D2DCase) -> bool:
        if claim is None and case.algorithm != claim_or_alg_id:
            raise InvalidParameterError("cases", f"a {case.algorithm} case given for {claim_or_alg_id}")
        return not compare(candidate, case, seed=seed, rtol=rtol, atol=atol, scale_rtol=scale_rtol).ok

    if cases is None:
        from hypothesis import HealthCheck, find, settings
        from hypothesis.errors import NoSuchExample

        from .strategies import claim_cases, d2d_cases

        if claim is not None:
            strategy = claim_cases(claim)
        else:
            strategy = d2d_cases(update=claim_or_alg_id == "d2d.alg2")
        try:
            smallest = find(strategy, fails, settings=settings(max_examples=max_examples, database=None, deadline=None,
                                                               suppress_health_check=list(HealthCheck)),
                            random=random.Random(seed))
        except NoSuchExample:
            return
    else:
        failing = [c for c in cases if fails(c)]
        if not failing:
            return
        smallest = min(failing, key=case_size)
    result = compare(candidate, smallest, seed=seed, rtol=rtol, atol=atol, scale_rtol=scale_rtol)
    raise AssertionError(f"{claim_or_alg_id}: smallest failing instance found\n{result.report()}")
