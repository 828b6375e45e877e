"""Section 2 of Descent-to-Delete: Lemma 2.12 (sensitivity, line 153; proof Appendix B, lines 496–537) and
Theorem 2.13 (contraction of projected GD, line 165).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Lemma 2.12 as the exact ‖θ*_D − θ*_D'‖ after one update
against 2L/(mn) (with a negative control at a quarter of the bound); Theorem 2.13 as the exact ratio
‖θ_T − θ*‖/‖θ_0 − θ*‖ against ((M − m)/(M + m))^T.
"""
from __future__ import annotations

import functools

import numpy as np
from flint import arb

from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from ..hypotheses import H, P, holds
from ..instances import frac, instance_key, is_int
from ..model import Adversary, Claim, Control, Hypothesis, Instance, Kind
from ...formulas.d2d import CONTRACTION_213, M, SENSITIVITY_212, m
from .common import exact_sqrt, CLAIMS_BY_ID, SETUP_NAMES, pgd_hypotheses, setup_cached, setup_of, sq_norm
from .huber_families import huber_adversary
from .families import LEM212_SEARCH, THM213_SEARCH, lem212_structured, thm213_structured
from .contraction_families import HUBER_213, POLYTOPE_213, THREE_D_213


# =========================================================================== Lemma 2.12 (sensitivity)
def _sensitivity(values: Instance) -> arb:
    """‖θ*_D − θ*_{D∘u}‖ exactly: both minimisers are exact rationals (problems.minimize on the box)."""
    return exact_sqrt(_sensitivity_sq(instance_key(values, SETUP_NAMES)))


@functools.lru_cache(maxsize=4096)
def _sensitivity_sq(key: tuple) -> Fraction:
    s = setup_cached(key)
    D0, D1 = s.datasets()[:2]
    return sq_norm(s.minimiser(D0) - s.minimiser(D1))


def _one_update(values: Instance) -> Decision:
    return holds(len(values["U"]) == 1)


# =========================================================================== Theorem 2.13 (contraction)


def _contraction(values: Instance) -> Fraction | arb:
    """‖θ_T − θ*‖/‖θ_0 − θ*‖ exactly for T steps of projected GD with η = 2/(m + M) on h = f_D (exact)."""
    num, den = _contraction_sq(instance_key(values, SETUP_NAMES + ("T", "m", "M")))
    return exact_sqrt(num / den)


@functools.lru_cache(maxsize=4096)
def _contraction_sq(key: tuple) -> tuple[Fraction, Fraction]:
    from ...algorithms.d2d import Problem, projected_gd

    values = dict(key)
    s = setup_cached(instance_key(values, SETUP_NAMES))
    star = s.minimiser(s.X)
    eta = 2 / (values["m"] + values["M"])
    th = projected_gd(Problem(s.loss, s.domain), s.X, None, s.theta0, eta=eta, T=int(values["T"]))
    th = np.asarray([frac(v) for v in th], dtype=object)
    den = sq_norm(s.theta0 - star)
    if den == 0:
        raise ArithmeticError("θ_0 = θ*: the ratio is undefined")
    return sq_norm(th - star), den


def _thm213_hyps() -> tuple[Hypothesis, ...]:
    def ok(values):
        s = setup_of(values)
        if s.theta0 is None or not s.domain.contains(s.theta0) or len(s.theta0) != s.dim:
            return Decision.FALSE
        if not (is_int(values["T"]) and frac(values["T"]) >= 1):
            return Decision.FALSE
        # m ≤ the loss's certified strong convexity, M ≥ its smoothness bound (a diagonal quadratic: λ_min(A), λ_max(A))
        return holds(frac(values["m"]) <= s.loss.risk_strong_convexity() and frac(values["M"]) >= s.loss.risk_smoothness_bound(s.X)
                     and sq_norm(s.theta0 - s.minimiser(s.X)) > 0)

    return (H("0 < m", ">", m, 0), H("m ≤ M", "<=", m, M),
            P("h = f_D is m-strongly convex and M-smooth (m ≤ λ_min A, M ≥ λ_max A; Huber: M ≥ a_max + c/w); θ_0 ∈ Θ, "
              "θ_0 ≠ θ*; T ≥ 1", ok))


CLAIMS_23 = [
    Claim(
        id="d2d.lem2.12",
        source="Lemma 2.12 (line 153; proof Appendix B, lines 496–536)",
        kind=Kind.SENSITIVITY,
        statement="f_z L-Lipschitz and m-strongly convex ⇒ ‖θ*_D − θ*_{D∘u}‖₂ ≤ 2L/(mn) for |D| = n and any update u",
        hypotheses=(*pgd_hypotheses(("L", "m")), P("a single update", _one_update)),
        bound=SENSITIVITY_212,
        quantity=_sensitivity,
        adversaries=(Adversary("extreme points ±R, Θ = [−r, r], 2-d thin quadratics", generate=lem212_structured),
                     LEM212_SEARCH,
                     huber_adversary("extreme points ±R, Θ = [−r, r], 1-d and 2-d", lem212_structured, 12,
                                     "d ∈ {1, 2}, additions and deletions, the exact box minimiser of the Huber risk")),
        derivation="d2d.lem2.12",
        note="Quantity: the exact distance of the two exact rational minimisers (problems.minimize on the box).",
    ),
    Claim(
        id="d2d.lem2.12:control-bound-quartered",
        source="negative control: Lemma 2.12 with its bound divided by 4",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖θ*_D − θ*_{D∘u}‖₂ ≤ L/(2mn)",
        hypotheses=(*pgd_hypotheses(("L", "m")), P("a single update", _one_update)),
        bound=SENSITIVITY_212 / 4,
        quantity=_sensitivity,
        adversaries=(Adversary("extreme points ±R, Θ = [−r, r], 2-d thin quadratics", generate=lem212_structured),
                     LEM212_SEARCH),
        control=Control.NEGATIVE,
        note="The printed bound is attained up to its factor-2 slack (tightness 1/2 at n = 2, r = R), so a bound "
             "divided by 2 is met with equality; divided by 4 it must be violated.",
    ),
    Claim(
        id="d2d.thm2.13",
        source="Theorem 2.13 (line 165; cited from [Che19])",
        kind=Kind.CONTRACTION,
        statement="h m-strongly convex and M-smooth: T steps of projected GD with η = 2/(m+M) give "
                  "‖θ_T − θ*‖₂ ≤ ((M−m)/(M+m))^T ‖θ_0 − θ*‖₂",
        hypotheses=_thm213_hyps(),
        bound=CONTRACTION_213,
        quantity=_contraction,
        adversaries=(Adversary("thin anisotropic quadratics diag(m, M) on boxes, eigen-directions, boundary optima",
                               generate=thm213_structured), THM213_SEARCH,
                     HUBER_213, POLYTOPE_213, THREE_D_213),
        derivation="d2d.thm2.13",
        note="Quantity: ‖θ_T − θ*‖/‖θ_0 − θ*‖ exactly (Fractions); attained (ratio 1) along an eigenvector of the "
             "extreme curvature while the projection is inactive.",
    ),
]
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_23})
