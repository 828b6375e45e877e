"""The accuracy check: does the candidate's own release meet the paper's accuracy claim at the case?

The certificate route (:mod:`certunlearn.testing.certificate`) recovers the candidate's deterministic release μ̂ and
its noise scale σ̂ (runs on draws Z and −Z). Privacy is decided from them; so is accuracy, here, with the accuracy
claim's own quantity: a candidate whose σ̂ is valid but too large, whose descent is too slow or whose projection is
on the wrong set can meet the certificate and still miss the accuracy the theorem promises.

Routes (accuracy claim → the privacy certificate of the same theorem), d2d Theorem 3.1 (paper file
``002_7f80bf4846a5a6af.txt``, lines 205–209, proof lines 242–254):

* ``d2d.thm3.1:accuracy`` — the proof's explicit α = (M/2)ρ² (``formulas.d2d.ALPHA_31``), as printed;
* ``d2d.thm3.1:accuracy+fix`` — α = Lρ + (M/2)ρ² (``ALPHA_31_FIX``, the smoothness step of line 254 corrected),

ρ = 4Lγ^I/(mn(1 − γ^I)) + σ√(2d)log(2d/β) at the theorem's σ. The quantity, as the claim defines it
(:func:`certunlearn.claims.d2d.common.excess_probability`, the per-round term of the claim's quantity): the exact
probability P[f_{D_k}(θ̃) − min_Θ f_{D_k} > α] under the candidate's recovered law θ̃ ~ N(μ̂, σ̂²I) at the last
round k (the release the candidate returns), a noncentral χ² tail on arb enclosures, decided against the claim's
bound β. σ̂ enters as the enclosure of every per-coordinate scale the measurement allows (each lowered and raised by
its float64 rounding); scales that no single σ explains are reported as a non-isotropic release (the claim's law is
N(μ̂, σ̂²I)). α is the claim's (:func:`certunlearn.claims.d2d.common.accuracy_radius`): the theorem's σ, not the
candidate's, because the theorem promises that α. The reference's value at the same round is reported beside.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
import numpy as np
from flint import arb

from ..claims import get_claim
from ..claims.case import Case
from ..numeric.enclosure import Decision, arb_decimal, decide, to_arb

__all__ = ["AccuracyCheck", "ACCURACY_ROUTES", "accuracy_verdict", "certificate_case", "ACCURACY_MEETS",
           "ACCURACY_FAILS", "ACCURACY_NOT_EVALUATED"]

ACCURACY_MEETS, ACCURACY_FAILS, ACCURACY_NOT_EVALUATED = ("meets the accuracy claim", "FAILS the accuracy claim",
                                                          "accuracy not evaluated")

#: accuracy claim → the privacy certificate of the same theorem (whose route recovers μ̂ and σ̂).
ACCURACY_ROUTES: dict[str, str] = {"d2d.thm3.1:accuracy": "d2d.thm3.1", "d2d.thm3.1:accuracy+fix": "d2d.thm3.1"}

_MEASURE = {"d2d": "P[f_D(θ̃) − min_Θ f_D > α]"}


@dataclass(frozen=True)
class AccuracyCheck:
    """The accuracy verdict at one case: ``ok`` (``None``: not evaluated, ``status`` says why); the candidate's
    ``achieved`` quantity and the ``reference``'s (both upper floats of their enclosures) against the claim's
    ``bound`` (exact, as a string); ``alpha`` the claim's radius; ``problems`` in words."""

    claim: str
    ok: bool | None
    status: str
    measure: str
    achieved: float | None
    bound: str
    reference: float | None = None
    alpha: str = ""
    problems: tuple[str, ...] = field(default=())

    def report(self) -> str:
        if self.ok is None:
            return f"  accuracy ({self.claim}): {self.status}" + "".join(f"; {p}" for p in self.problems)
        ref = "" if self.reference is None else f" (reference {self.reference!r})"
        value = "not measured" if self.achieved is None else f"{self.achieved!r}{ref} {'≤' if self.ok else '>'} β"
        line = f"  accuracy ({self.claim}): {self.status}: {self.measure} = {value} = {self.bound}, α = {self.alpha}"
        return "\n".join([line] + [f"  - {p}" for p in self.problems])


def certificate_case(case: Case) -> Case:
    """The privacy certificate's case of an accuracy case (the same instance under the theorem's privacy claim)."""
    return Case.from_instance(ACCURACY_ROUTES[case.claim], case.instance(), label=case.label)


def _sigma_enclosure(scales: np.ndarray, rounding: np.ndarray) -> tuple[arb | None, str | None]:
    """One σ that explains every coordinate's measured scale (each within its float64 rounding), as an arb ball;
    or None with the reason (no single σ: the release is not isotropic)."""
    low = float(np.max(np.maximum(scales - rounding, 0.0)))
    high = float(np.min(scales + rounding))
    if low > high:
        return None, (f"the noise is not isotropic: per-coordinate scales {np.array2string(scales, precision=17)} "
                      f"(the claim's law is N(μ̂, σ̂²I))")
    return to_arb(Fraction(low)).union(to_arb(Fraction(high))), None


def accuracy_verdict(case: Case, mean: np.ndarray, scales: np.ndarray, rounding: np.ndarray) -> AccuracyCheck:
    """Decide the accuracy claim ``case.claim`` on the candidate's recovered law: deterministic release ``mean`` and
    per-coordinate noise ``scales`` (each known to within ``rounding``), measured by the certificate route."""
    from ..claims.d2d.common import accuracy_radius, excess_probability, secret_runs_of, setup_of

    claim = get_claim(case.claim)
    measure = _MEASURE[case.paper]
    bound = claim.bound_value(case.instance())
    bound_text = arb_decimal(bound, 6)
    if not np.any(scales > 0):
        return AccuracyCheck(case.claim, None, ACCURACY_NOT_EVALUATED, measure, None, bound_text,
                             problems=("no noise measured: the claim's quantity is a Gaussian release's",))
    sigma, why = _sigma_enclosure(scales, rounding)
    values = claim.with_prescribed(case.instance())
    alpha, sigma_ref = accuracy_radius(case.claim, values)
    means, _, datasets, _ = secret_runs_of(case.claim, values)
    setup, last = setup_of(values), datasets[-1]
    beta = lambda: claim.bound_value(case.instance())  # noqa: E731
    ref = decide(lambda: excess_probability(setup, last, means[-1], sigma_ref, alpha), "<=", beta)
    common = dict(bound=bound_text, reference=float(ref.lhs.upper()), alpha=arb_decimal(alpha, 6))
    if sigma is None:
        return AccuracyCheck(case.claim, False, ACCURACY_FAILS, measure, None, problems=(why,), **common)
    exact_mean = np.asarray([Fraction(float(v)) for v in mean], dtype=object)
    if exact_mean.shape != means[-1].shape:
        return AccuracyCheck(case.claim, False, ACCURACY_FAILS, measure, None,
                             problems=(f"output shape {exact_mean.shape}, the reference's {means[-1].shape}",), **common)
    result = decide(lambda: excess_probability(setup, last, exact_mean, sigma, alpha), "<=", beta)
    achieved = float(result.lhs.upper())
    if result.decision is Decision.TRUE:
        return AccuracyCheck(case.claim, True, ACCURACY_MEETS, measure, achieved, **common)
    if result.decision is Decision.FALSE:
        problems = ("the reference exceeds β too: the claim as printed fails at this case (see its +fix)",) \
            if ref.decision is Decision.FALSE else ()
        return AccuracyCheck(case.claim, False, ACCURACY_FAILS, measure, achieved, problems=problems, **common)
    return AccuracyCheck(case.claim, False, ACCURACY_FAILS, measure, achieved,
                         problems=(f"undecided at the measurement's float64 resolution: {measure} ∈ "
                                   f"[{float(result.lhs.lower())!r}, {achieved!r}] against β = {bound_text}",), **common)
