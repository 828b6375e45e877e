"""The accuracy check: does the candidate's own release meet the paper's accuracy claim at the case?

The certificate route (:mod:`certunlearn.testing.certificate`) recovers the candidate's deterministic release μ̂ and
its noise scale σ̂ (runs on draws Z and −Z). Privacy is decided from them; so is accuracy, here, with the accuracy
claim's own quantity: a candidate whose σ̂ is valid but too large, whose descent is too slow or whose projection is
on the wrong set can meet the certificate and still miss the accuracy the theorem promises.

Routes (accuracy claim → the privacy certificate of the same theorem, :data:`ACCURACY_ROUTES`). r2d Corollaries
3.5 and 3.6 (paper file ``003_4ace1bceaf1cf3d6.txt``, lines 175–197; Appendices B.1–B.2, lines 506–555) →
``r2d.thm3.1``: the exact excess risk E[f_{D'}(θ̃'')] − f*_{D'} of the released law (:func:`_r2d_route`), printed and
+fix. d2d Theorem 3.1 (paper file ``002_7f80bf4846a5a6af.txt``, lines 205–209, proof lines 242–254):

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

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from flint import arb

from ..claims import get_claim
from ..claims.case import Case
from ..numeric.enclosure import Decision, arb_decimal, decide, to_arb
from ..numeric.fraction import Fraction

__all__ = ["AccuracyCheck", "ACCURACY_ROUTES", "accuracy_verdict", "certificate_case", "ACCURACY_MEETS",
           "ACCURACY_FAILS", "ACCURACY_NOT_EVALUATED", "ACCURACY_UNDECIDED"]

ACCURACY_MEETS, ACCURACY_FAILS, ACCURACY_NOT_EVALUATED, ACCURACY_UNDECIDED = (
    "meets the accuracy claim", "FAILS the accuracy claim", "accuracy not evaluated",
    "accuracy undecided at the measurement's float64 resolution")

#: accuracy claim → the privacy certificate of the same theorem (whose route recovers μ̂ and σ̂).
ACCURACY_ROUTES: dict[str, str] = {"d2d.thm3.1:accuracy": "d2d.thm3.1", "d2d.thm3.1:accuracy+fix": "d2d.thm3.1",
                                   "r2d.cor3.5": "r2d.thm3.1", "r2d.cor3.5+fix": "r2d.thm3.1",
                                   "r2d.cor3.6": "r2d.thm3.1", "r2d.cor3.6+fix": "r2d.thm3.1"}


@dataclass(frozen=True)
class AccuracyCheck:
    """The accuracy verdict at one case: ``ok`` (``None``: not evaluated or undecided, ``status`` says which); the
    candidate's ``achieved`` quantity (an upper float of its enclosure when it meets, a lower float when it fails)
    and the reference's (upper float) against the claim's ``bound`` (``bound_name`` = its value, 6 digits);
    ``detail`` (d2d: the claim's α); ``problems`` in words."""

    claim: str
    ok: bool | None
    status: str
    measure: str
    achieved: float | None
    bound: str
    bound_name: str = "bound"
    reference: float | None = None
    detail: str = ""
    problems: tuple[str, ...] = field(default=())

    def report(self) -> str:
        if self.ok is None:  # not evaluated, or undecided
            return f"  accuracy ({self.claim}): {self.status}" + "".join(f": {p}" for p in self.problems)
        ref = "" if self.reference is None else f" (reference {self.reference!r})"
        value = "not measured" if self.achieved is None else f"{self.achieved!r}{ref} {'≤' if self.ok else '>'}"
        line = (f"  accuracy ({self.claim}): {self.status}: {self.measure} = {value} {self.bound_name} = "
                f"{self.bound}{', ' + self.detail if self.detail else ''}")
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


@dataclass(frozen=True)
class _Route:
    """One paper's accuracy quantity: the candidate's (of its mean and σ) and the reference's, the release's shape."""

    measure: str
    bound_name: str
    centre: np.ndarray
    candidate: Callable[[np.ndarray, arb], Callable[[], arb]]
    reference: Callable[[], arb]
    detail: str = ""


def _mean(rows) -> np.ndarray:
    rows = [[Fraction(v) for v in row] for row in rows]
    return np.asarray([sum((r[j] for r in rows), Fraction(0)) / len(rows) for j in range(len(rows[0]))], dtype=object)


def _near_far(mean: np.ndarray, rounding: np.ndarray, centre: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The points of the box μ̂ ± rounding (exact rationals) nearest to and farthest from ``centre``: both quantities
    grow with ‖θ − centre‖ (d2d: the noncentral χ² tail in its noncentrality; r2d: the quadratic's excess), so
    their values there bound the quantity over every mean the float64 measurement allows."""
    near, far = [], []
    for m, e, c in zip(mean, rounding, centre):
        lo, hi = Fraction(float(m)) - Fraction(float(e)), Fraction(float(m)) + Fraction(float(e))
        near.append(min(max(c, lo), hi))
        far.append(lo if abs(lo - c) >= abs(hi - c) else hi)
    return np.asarray(near, dtype=object), np.asarray(far, dtype=object)


def _d2d_route(claim, values: dict) -> _Route:
    """d2d Theorem 3.1 (lines 205–209; proof 242–254): P[f_{D_k}(θ̃) − min_Θ f_{D_k} > α] at the last round k,
    the per-round term of the claim's quantity (``excess_probability``) at the claim's α and σ
    (``accuracy_radius``); the reference's is the same term at its exact θ̂_k."""
    from ..claims.d2d.common import accuracy_radius, excess_probability, secret_runs_of, setup_of

    alpha, sigma_ref = accuracy_radius(claim.id, values)
    # the theorem's algorithm (the same prescribed η, T, T_i, σ): its run is the certificate route's, computed once
    means, _, datasets, _ = secret_runs_of(ACCURACY_ROUTES[claim.id], values)
    setup, last = setup_of(values), datasets[-1]
    return _Route("P[f_D(θ̃) − min_Θ f_D > α]", "β", _mean(last),
                  lambda mean, sigma: lambda: excess_probability(setup, last, mean, sigma, alpha),
                  lambda: excess_probability(setup, last, means[-1], sigma_ref, alpha), f"α = {arb_decimal(alpha, 6)}")


def _r2d_route(claim, values: dict) -> _Route:
    """r2d Corollary 3.5 (lines 175–189; Appendix B.1, lines 506–543): E[f_{D'}(θ̃'')] − f*_{D'} of the released
    θ̃'' = θ''_K + ξ, exactly (``excess_risk_at``, the claim's quantity at any mean and σ); the reference's is the
    claim's own quantity. Corollary 3.6 (lines 191–197; Appendix B.2, lines 545–555): the same quantity, which on
    its point-mass populations is the population excess risk E[F(θ̃'')] − F*."""
    from ..claims.instances import frac
    from ..claims.r2d.quantities import setup_of
    from ..claims.r2d.utility import excess_risk_at

    kept = setup_of(values).retained(int(frac(values["m"])))
    return _Route("E[f_D′(θ̃″)] − f*_D′", "the bound", _mean(kept),
                  lambda mean, sigma: lambda: excess_risk_at(values, mean, sigma), lambda: claim.quantity(values))


_ROUTE_OF = {"d2d": _d2d_route, "r2d": _r2d_route}


def accuracy_verdict(case: Case, mean: np.ndarray, mean_rounding: np.ndarray, scales: np.ndarray,
                     rounding: np.ndarray) -> AccuracyCheck:
    """Decide the accuracy claim ``case.claim`` on the candidate's recovered law: deterministic release ``mean`` (known
    to within ``mean_rounding``) and per-coordinate noise ``scales`` (within ``rounding``), measured by the
    certificate route. Meets: the quantity's enclosure at the farthest mean is ≤ the bound; fails: at the nearest
    mean it is > the bound; otherwise undecided."""
    claim = get_claim(case.claim)
    values = claim.with_prescribed(case.instance())
    route = _ROUTE_OF[case.paper](claim, values)
    bound = lambda: claim.bound_value(case.instance())  # noqa: E731
    bound_text = arb_decimal(bound(), 6)
    if not np.any(scales > 0):
        return AccuracyCheck(case.claim, None, ACCURACY_NOT_EVALUATED, route.measure, None, bound_text,
                             route.bound_name, problems=("no noise measured: the claim's quantity is a Gaussian "
                                                         "release's",))
    ref = decide(route.reference, "<=", bound)
    common = dict(bound=bound_text, bound_name=route.bound_name, reference=float(ref.lhs.upper()), detail=route.detail)
    sigma, why = _sigma_enclosure(scales, rounding)
    if sigma is None:
        return AccuracyCheck(case.claim, False, ACCURACY_FAILS, route.measure, None, problems=(why,), **common)
    if mean.shape != route.centre.shape:
        return AccuracyCheck(case.claim, False, ACCURACY_FAILS, route.measure, None,
                             problems=(f"output shape {mean.shape}, the reference's {route.centre.shape}",), **common)
    near, far = _near_far(mean, mean_rounding, route.centre)
    result = decide(route.candidate(far, sigma), "<=", bound)
    achieved = float(result.lhs.upper())
    if result.decision is Decision.TRUE:
        return AccuracyCheck(case.claim, True, ACCURACY_MEETS, route.measure, achieved, **common)
    result = decide(route.candidate(near, sigma), "<=", bound)
    if result.decision is Decision.FALSE:
        achieved = float(result.lhs.lower())
        problems = ("the reference exceeds the bound too: the claim as printed fails at this case (see its +fix)",) \
            if ref.decision is Decision.FALSE else ()
        return AccuracyCheck(case.claim, False, ACCURACY_FAILS, route.measure, achieved, problems=problems, **common)
    return AccuracyCheck(case.claim, None, ACCURACY_UNDECIDED, route.measure, achieved,
                         problems=(f"{route.measure} ∈ [{float(result.lhs.lower())!r}, {achieved!r}] (σ̂ and μ̂ known "
                                   f"to float64 rounding) overlaps {route.bound_name} = {bound_text}",), **common)
