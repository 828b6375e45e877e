"""The certificate check for olu's Rényi certificate (Algorithm 1, paper file ``000_8245766a2c9b0ba6.txt`` lines
115–130, σ_i² line 120; Theorem 1, line 160; Corollary 1, line 168, and its +fix): D_α(output_t ‖ reference_t) ≤ αε
at every deletion time τ[i].

The candidate protocol is :mod:`certunlearn.testing.certificate`'s, with the whole published stream as output::

    candidate(case: Case, noise: Hooks) -> outputs z_0, …, z_T (array (T + 1, d))

taking one ``noise.noise(d)`` per deletion, in order (ξ_i, scaled by its own σ_i). The harness runs it on the draws
ξ, on −ξ (the half-sum is its deterministic stream, compared with the reference's means), and once more per
deletion with only ξ_i negated: the change of z_{τ[i]} over 2ξ_i is its σ_i (the smallest coordinate, lowered by
its float64 rounding). With the candidate's σ_i² in place of the printed ones, the laws of Algorithm 1 and of the
reference process of Definition 2 (f_{u[1..i]} replaced by ⊥) are exact Gaussians
(:func:`certunlearn.algorithms.olu.passive_laws`), and max_i D_α is decided against αε on enclosures. σ_i = 0 at
a positive shift gives D_α = +∞: "ε unbounded".
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from flint import arb

from ..algorithms import olu as A
from ..claims.case import Case
from ..formulas.olu import GAMMA_SC, GAMMA_SC_FIX, gamma
from ..numeric.enclosure import Decision, decide, to_arb
from ..numeric.fraction import Fraction
from .verdicts import RUN_ATOL, RUN_RTOL, VIOLATED, CertificateCheck, Recorder, classify, run_candidate
from .hooks import Hooks, NoiseTape

__all__ = ["check_renyi_certificate", "GAMMAS"]

#: claim → the contraction factor γ its σ_i uses (Theorem 1: the instance's γ; Corollary 1 as printed: (β/μ − 1)/(β/μ + 1),
#: which its own certificate does not cover at η ≤ 1/(β+μ) (the claim is violated); Corollary 1 +fix: 1 − ημ).
GAMMAS = {"olu.thm1": gamma, "olu.cor1:sc": GAMMA_SC, "olu.cor1:sc+fix": GAMMA_SC_FIX}


class _Flip(Hooks):
    """The tape's draws with only draw ``index`` (0-based) negated."""

    def __init__(self, tape: NoiseTape, index: int) -> None:
        super().__init__(tape)
        self.index = index

    def noise(self, shape) -> np.ndarray:
        j = self.used
        z = super().noise(shape)
        return -z if j == self.index else z


def _laws(values: dict, var: list, reference: int = 0) -> list:
    from ..claims.olu.quantities import arb_etas, arb_stream, schedule_of, stream_of

    tau, u = schedule_of(values)
    z1 = tuple(to_arb(z) for z in values["z1"])
    return A.passive_laws(arb_stream(stream_of(values)), z1, arb_etas(values, "const"), tau, u, var, reference=reference)


def _max_divergence(values: dict, var: list) -> arb:
    from ..claims.olu.quantities import renyi_diag, schedule_of

    tau, _ = schedule_of(values)
    var = [to_arb(v) for v in var]
    olu = _laws(values, var)
    out = arb(0)
    for i, t in enumerate(tau, start=1):
        out = out.max(renyi_diag(values["alpha"], olu[t], _laws(values, var, reference=i)[t]))
    return out


def check_renyi_certificate(candidate: Callable[[Case, Hooks], Any], case: Case, *, seed: int = 0) -> CertificateCheck:
    """Decide exactly whether ``candidate``'s own σ_i and run meet ``case``'s (α, αε) certificate (module docstring)."""
    from ..claims.olu.quantities import arb_etas, noise_variances, schedule_of

    values = case.instance()
    tau, _ = schedule_of(values)
    k = len(tau)
    var_ref = noise_variances(values, GAMMAS[case.claim], arb_etas(values, "const"))
    sigma_ref = min(float(v.sqrt().upper()) for v in var_ref)
    ref_means = np.array([[float(m.mid()) for m in law.mean] for law in _laws(values, var_ref)])
    bound = to_arb(values["alpha"]) * to_arb(values["epsilon"])
    label = f"{values['alpha']}·{values['epsilon']}"

    def failed(problem: str) -> CertificateCheck:
        return CertificateCheck(case, False, VIOLATED, None, sigma_ref, "", None, None, (problem,), None, False,
                                "D_α", label)

    tape = NoiseTape(np.random.default_rng(seed))
    plus = Recorder(tape)
    try:
        out_p = run_candidate(candidate, case, plus)
        if plus.used != k:
            return failed(f"the candidate took {plus.used} draws, one per deletion ({k}) expected")
        out_m = run_candidate(candidate, case, tape.replay(-1.0))
        flipped = [run_candidate(candidate, case, _Flip(tape, i)) for i in range(k)]
    except AssertionError as exc:
        return failed(str(exc))
    if out_p.shape != ref_means.shape:
        return failed(f"output shape {out_p.shape}, the reference's z_0..z_T {ref_means.shape}")
    mean = (out_p + out_m) / 2
    gap = float(np.max(np.abs(mean - ref_means)))
    same = bool(np.all(np.abs(mean - ref_means) <= RUN_ATOL + RUN_RTOL * np.abs(ref_means)))
    sigmas = []
    for i, t in enumerate(tau):
        z = tape.draws[i].reshape(-1)
        scale = np.abs(out_p[t] - flipped[i][t]) / (2 * np.abs(z))
        rounding = 8 * np.finfo(np.float64).eps * (np.abs(out_p[t]) + scale * np.abs(z)) / np.abs(z)
        sigmas.append(max(float(np.min(scale - rounding)), 0.0))
    var = [Fraction(s) ** 2 for s in sigmas]  # exact; enclosed at each precision below
    problems = []
    result = decide(lambda: _max_divergence(values, var), "<=", bound)
    achieved = float(result.lhs.upper()) if result.lhs.is_finite() else float("inf")
    if result.decision is not Decision.TRUE:
        what = "ε unbounded: no noise" if min(sigmas) == 0 else f"D_α = {achieved!r} > αε = {label}"
        if result.decision is Decision.UNDECIDED:
            what = f"D_α ≤ αε undecided at the maximum precision ({achieved!r})"
        problems.append(f"calibration: σ_i = {sigmas} (reference {[float(v.sqrt().mid()) for v in var_ref]}): {what}")
    status = classify(not problems, min(sigmas), sigma_ref)
    return CertificateCheck(case, not problems, status, min(sigmas), sigma_ref, "", None, achieved, tuple(problems),
                            gap, same, "D_α", label)
