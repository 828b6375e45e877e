"""The certificate check: does the candidate's own release meet the certificate at the case's worst shift?

The comparison harnesses (:func:`~certunlearn.testing.compare`, …) give the candidate σ, η and T as inputs, so its
own calibration is never exercised. Here the candidate receives only the :class:`~certunlearn.testing.case.Case`
(certificate, constants, data, updates) and computes everything itself. The protocol (the same for every paper
with a Gaussian release)::

    candidate(case: Case, noise: Hooks) -> the published output of the last round (array of shape (d,))

``noise.noise(shape)`` returns standard normals (the candidate scales them itself), the one noise protocol of
:mod:`certunlearn.testing.hooks`. The harness runs the candidate twice, on draws Z and on −Z: the half-sum of the
two outputs is its deterministic release μ̂, the half-difference over the last draw its noise scale σ̂ (the
smallest coordinate, lowered by its float64 rounding, so σ̂ never exceeds the scale the candidate used). The
reference supplies the retraining side (the mean μ′ the certificate compares with) and the certificate's worst
shift Δ (the proof's sensitivity bound at the case's constants). Two exact decisions, on arb enclosures
(:func:`certunlearn.privacy.profile.proved_at_most`, Balle & Wang 2018, Theorem 8):

* **calibration** — δ(ε; Δ, σ̂) ≤ δ: the candidate's noise covers every dataset of the class the certificate
  is stated for. A σ̂ below the reference's σ that still meets it is *valid* and reported as such.
* **run** — δ(ε; ‖μ̂ − μ′‖, σ̂) ≤ δ: the candidate's own release at this case (iteration counts, projection, the
  deletion bookkeeping) against the reference's retraining.

On an accuracy claim's case (:data:`ACCURACY_ROUTES`: ``d2d.thm3.1:accuracy`` / ``+fix`` → ``d2d.thm3.1``,
``r2d.cor3.5`` / ``+fix`` → ``r2d.thm3.1``) the theorem's certificate is decided as above and the same μ̂ and σ̂
are decided against the accuracy claim, in ``result.accuracy`` (:mod:`certunlearn.testing.accuracy`).

A failure names the exact δ the candidate achieves (an upper float of its enclosure). A candidate that adds no
noise (σ̂ = 0) at a positive shift achieves δ = 1 at every ε: "ε unbounded".

Routes (claim → reference), Gaussian (ε, δ): ``d2d.thm3.1`` (Theorem 3.1, paper file ``002_7f80bf4846a5a6af.txt`` lines 200–209:
Δ = ``formulas.d2d.SHIFT_31``, line 237), ``r2d.thm3.1`` (Theorem 3.1, paper file ``003_4ace1bceaf1cf3d6.txt``
lines 85–89 and 437: Δ = ``formulas.r2d.SENSITIVITY_31``), ``retain.thm2.11`` (Theorem 2.11, paper file
``004_d584c64aaf1f17d0.txt`` lines 113–121: Δ = the exact retain sensitivity RS(R)); Rényi (olu Algorithm 1,
``olu.thm1`` and
``olu.cor1:sc`` and ``olu.cor1:sc+fix``): :mod:`certunlearn.testing.renyi`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..claims.case import Case
from ..errors import InvalidParameterError
from ..numeric.enclosure import arb_decimal, to_arb
from ..numeric.fraction import Fraction
from ..numeric.sympy_arb import arb_eval
from .accuracy import ACCURACY_ROUTES, accuracy_verdict, certificate_case
from .hooks import Hooks, NoiseTape
from .pomer_certificate import POMER_ROUTES  # POMER Theorem 4.3 (the lazy sampler's Φ, p): its own route
from .verdicts import (  # noqa: F401 — re-exported: the certificate check's public names
    LARGER, MEETS, RUN_ATOL, RUN_RTOL, SMALLER, VIOLATED, CertificateCheck, Recorder, classify, gaussian_verdict,
    renyi_verdict, run_candidate)

__all__ = ["CertificateCheck", "check_certificate", "assert_meets_certificate", "gaussian_verdict", "renyi_verdict",
           "ROUTES", "RENYI_ROUTES", "POMER_ROUTES",
           "ACCURACY_ROUTES", "Reference", "MEETS", "SMALLER", "LARGER", "VIOLATED"]


@dataclass(frozen=True)
class Reference:
    """What the reference supplies at a case: its σ, the worst shift Δ (an arb), the retraining mean μ′ and its own
    unlearned mean (the deterministic release a correct candidate reproduces)."""

    sigma: Any
    shift: Any
    retrain: np.ndarray
    unlearned: np.ndarray


def _d2d_reference(case: Case) -> Reference:
    """d2d Theorem 3.1 (lines 200–209): σ = SIGMA_31 rounded up, Δ = SHIFT_31 (line 237), μ′ = retraining on D_k."""
    from ..claims.d2d.common import secret_runs_of
    from ..formulas.d2d import SHIFT_31

    values = case.instance()
    means, retrain, _, params = secret_runs_of(case.claim, values)
    return Reference(params["sigma"], arb_eval(SHIFT_31, values), _floats(retrain[-1]), _floats(means[-1]))


def _r2d_reference(case: Case) -> Reference:
    """r2d Theorem 3.1 (lines 85–89): σ = SIGMA_31, Δ = SENSITIVITY_31 = 2mG·h(K)/(Ln) (line 437), μ′ = θ′_T."""
    from ..claims.r2d.quantities import runs_of
    from ..formulas.r2d import SENSITIVITY_31, SIGMA_31

    values = case.instance()
    runs = runs_of(values)
    sigma = arb_eval(SIGMA_31, values)
    return Reference(float(sigma.upper()), arb_eval(SENSITIVITY_31, values), _floats(runs["path_r"][-1]),
                     _floats(runs["unlearned"]))


def _retain_reference(case: Case) -> Reference:
    """retain Theorem 2.11 (paper file ``004_d584c64aaf1f17d0.txt``, lines 113–121): the passive release
    f(R ∪ U) + N(0, σ(R)²) with σ(R) = RS(R)·√(2 log(1.25/δ))/ε; Δ = the exact RS(R) (the largest shift any deletion U of one point can cause),
    μ′ = f(R) (retraining on R), the unlearned mean f(R ∪ U) (a passive mechanism does not change its release)."""
    from ..claims.retain.families import mechanism_and_data, pair_sigma

    values = case.instance()
    mech, R, U = mechanism_and_data(values)
    rs = mech.exact_rs(R, 1)
    return Reference(float(pair_sigma(Fraction(1))(values).upper()), to_arb(rs.value.exact), _floats(mech.baseline(R)),
                     _floats(mech.update(R, U)))


def _floats(v: Any) -> np.ndarray:
    return np.asarray([float(x) for x in np.asarray(v).reshape(-1)], dtype=np.float64)


#: claim id → the reference of its certificate at a case.
ROUTES: dict[str, Callable[[Case], Reference]] = {"d2d.thm3.1": _d2d_reference, "r2d.thm3.1": _r2d_reference,
                                                  "retain.thm2.11": _retain_reference}
#: the Rényi certificates (olu Algorithm 1), checked by :mod:`certunlearn.testing.renyi`.
RENYI_ROUTES = ("olu.thm1", "olu.cor1:sc", "olu.cor1:sc+fix")


# ------------------------------------------------------------------------------------------- the check
def _measure(candidate: Callable, case: Case, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """(μ̂, its float64 rounding per coordinate, the per-coordinate scales |out₊ − out₋|/(2|z|), their float64
    rounding, draws used): the candidate on Z and −Z. No scale is measured (empty arrays) when the last draw is not
    the published noise."""
    tape = NoiseTape(np.random.default_rng(seed))
    plus = Recorder(tape)
    out_p = run_candidate(candidate, case, plus)
    minus = tape.replay(-1.0)
    out_m = run_candidate(candidate, case, minus)
    if minus.used != plus.used:
        raise AssertionError(f"the candidate took {plus.used} draws on Z and {minus.used} on −Z")
    out_p, out_m = out_p.reshape(-1), out_m.reshape(-1)
    mean = (out_p + out_m) / 2
    none = np.zeros(0)
    if not tape.draws:
        return mean, np.zeros_like(mean), none, none, 0
    z = tape.draws[-1].reshape(-1)
    if z.shape != out_p.shape:  # the last draw is not the published noise: no scale is measured
        return mean, np.zeros_like(mean), none, none, plus.used
    scale = np.abs(out_p - out_m) / (2 * np.abs(z))
    mean_rounding = 8 * np.finfo(np.float64).eps * (np.abs(mean) + scale * np.abs(z))
    return mean, mean_rounding, scale, mean_rounding / np.abs(z), plus.used


def check_certificate(candidate: Callable[[Case, Hooks], Any], case: Case, *, seed: int = 0) -> CertificateCheck:
    """Decide exactly whether ``candidate``'s release meets ``case``'s certificate (module docstring)."""
    if not isinstance(case, Case):
        raise InvalidParameterError("case", f"expected a Case, got {type(case).__name__}")
    if case.claim in RENYI_ROUTES:
        from .renyi import check_renyi_certificate

        return check_renyi_certificate(candidate, case, seed=seed)
    if case.claim in POMER_ROUTES:
        from .pomer_certificate import check_pomer_certificate

        return check_pomer_certificate(candidate, case, seed=seed)
    accuracy_case = None
    if case.claim in ACCURACY_ROUTES:  # an accuracy claim: its theorem's certificate, then the accuracy verdict
        accuracy_case, case = case, certificate_case(case)
    route = ROUTES.get(case.claim)
    if route is None:
        raise InvalidParameterError("case", f"no certificate route for {case.claim}; routes: "
                                            f"{', '.join([*ROUTES, *RENYI_ROUTES, *POMER_ROUTES, *ACCURACY_ROUTES])}")
    ref = route(case)
    sigma_ref = float(ref.sigma)
    try:
        mean, mean_rounding, scales, roundings, _ = _measure(candidate, case, seed)
    except AssertionError as exc:
        return CertificateCheck(case, False, VIOLATED, None, sigma_ref, arb_decimal(ref.shift, 6), None, None,
                                (str(exc),), None, False)
    sigma = max(float(np.min(scales - roundings)), 0.0) if scales.size else 0.0
    rounding = float(np.max(roundings)) if scales.size else 0.0
    eps, dl = case.epsilon, case.delta
    problems = []
    ok_cal, delta_cal = gaussian_verdict(eps, dl, ref.shift, sigma)
    if not ok_cal:
        what = "ε unbounded: no noise" if sigma == 0 else f"δ(ε) = {delta_cal!r} > δ = {dl} at the worst shift"
        problems.append(f"calibration: σ = {sigma!r} (reference {sigma_ref!r}): {what}")
    run_shift = float(np.linalg.norm(mean - ref.retrain)) if mean.shape == ref.retrain.shape else None
    delta_run = None
    if run_shift is None:
        problems.append(f"output shape {mean.shape}, the reference's {ref.retrain.shape}")
    else:
        ok_run, delta_run = gaussian_verdict(eps, dl, Fraction(run_shift) * (1 - Fraction(1, 10**12)), sigma)
        if not ok_run:
            problems.append(f"run: ‖μ̂ − μ′‖ = {run_shift!r} against retraining gives δ(ε) = {delta_run!r} > δ = {dl}")
    achieved = max(x for x in (delta_cal, delta_run) if x is not None)
    gap, same = None, False
    if mean.shape == ref.unlearned.shape:
        gap = float(np.max(np.abs(mean - ref.unlearned)))
        same = bool(np.all(np.abs(mean - ref.unlearned) <= RUN_ATOL + RUN_RTOL * np.abs(ref.unlearned)))
    status = classify(not problems, sigma, sigma_ref, rounding)
    accuracy = None if accuracy_case is None else accuracy_verdict(accuracy_case, mean, mean_rounding, scales, roundings)
    return CertificateCheck(case, not problems, status, sigma, sigma_ref, arb_decimal(ref.shift, 6), run_shift,
                            achieved, tuple(problems), gap, same, "δ(ε)", str(dl), accuracy=accuracy)


def assert_meets_certificate(candidate: Callable[[Case, Hooks], Any], cases, *, seed: int = 0) -> list[CertificateCheck]:
    """Raise AssertionError with every failing case's report unless ``candidate`` meets the certificate on all and
    its deterministic release agrees with the reference's."""
    results = [check_certificate(candidate, c, seed=seed) for c in cases]
    failing = [r for r in results if not (r.ok and r.matches_reference and r.accuracy_ok is not False)]
    if failing:
        raise AssertionError(f"{len(failing)} of {len(results)} case(s) fail the certificate:\n"
                             + "\n".join(r.report() for r in failing))
    return results
