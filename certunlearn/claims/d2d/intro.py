"""The introduction of Descent-to-Delete: the (2ε, 2δ)-differential-privacy statement about the deleted point
(line 74), run with Theorem 3.1's parameters, as a membership test between "delete z" and "delete z'".

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. The +fix claim charges the view (θ̃_0, θ̃_1) the joint mean shift
``VIEW_SHIFT`` (Lemma 2.12 and Theorem 2.13 twice) and its ε ``EPS_VIEW`` (Lemma A.3).
"""
from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
from flint import arb

from ...formulas.symbols import delta
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...privacy import delta_enclosure
from ..hypotheses import P
from ..instances import frac, instance_key
from ..model import Adversary, Claim, Instance, Kind
from ...formulas.d2d import PRESCRIBED, PRESCRIBED_31
from .common import CLAIMS_BY_ID, CONST_NAMES, PGD_HYPS, SETUP_NAMES, frac_matrix, setup_cached, setup_of, sq_norm
from .families import VIEW_SEARCH, view_structured
from .intro_families import HUBER_VIEWS, VIEW_2D


# =========================================================================== the introduction's DP statement (line 74)


@functools.lru_cache(maxsize=1024)
def _view_shift2(key: tuple) -> Fraction:
    """‖(θ̂_0, θ̂_1) − (θ̂'_0, θ̂'_1)‖² for the view "publish, then delete z" on D_0 (which holds z) against the same with
    one copy of z replaced by z' in D_0 and z' deleted (Theorem 3.1's algorithm, secret state, exact)."""
    from ...algorithms.d2d import PerturbedGD, Problem, Update

    values = dict(key)
    s = setup_cached(instance_key(values, SETUP_NAMES))
    consts = {k: v for k, v in values.items() if k in CONST_NAMES and v is not None and k not in PRESCRIBED_31}
    pgd = PerturbedGD.from_theorem("d2d.thm3.1", Problem(s.loss, s.domain), theta0=s.theta0, perfect=False, **consts)
    z = [frac(v) for v in values["U"][0][1:]]
    z2 = [frac(v) for v in values["zp"]]
    rows = [list(r) for r in s.X]
    j = max(k for k, r in enumerate(rows) if r == z)
    rows2 = rows[:j] + [z2] + rows[j + 1:]
    a = [r.law.mean for r in pgd.run(s.X, None, [Update.delete(z)])]
    b = [r.law.mean for r in pgd.run(frac_matrix(rows2), None, [Update.delete(z2)])]
    return sum((sq_norm(np.asarray([frac(u) - frac(v) for u, v in zip(x, y)], dtype=object)) for x, y in zip(a, b)), Fraction(0))


def view_delta(eps_name: str | None) -> Callable[[Instance], arb]:
    """The true δ at 2ε (printed) or at ε_view (+fix) between the joint laws of the two published models
    (θ̃_0, θ̃_1) = N((θ̂_0, θ̂_1), σ²I_{2d}) of the two worlds (independent noise each round): Balle–Wang at the
    exact joint mean shift."""

    def quantity(values: Instance) -> arb:
        shift2 = _view_shift2(instance_key(values, SETUP_NAMES + CONST_NAMES + ("zp",)))
        eps = 2 * to_arb(values["epsilon"]) if eps_name is None else to_arb(values[eps_name])
        if shift2 == 0:
            return arb(0)
        return delta_enclosure(eps, values["sigma"], to_arb(shift2).sqrt())

    return quantity


def _view_ok(values: Instance) -> Decision:
    """U is the single deletion of a point z of D_0; z' is a data point (‖z'‖ ≤ R) different from z; n ≥ 2."""
    s = setup_of(values)
    U = values["U"]
    if len(U) != 1 or frac(U[0][0]) != -1:
        return Decision.FALSE
    z2 = np.asarray([[frac(v) for v in values["zp"]]], dtype=object)
    if z2.shape[1] != s.dim or [frac(v) for v in U[0][1:]] == list(z2[0]) or len(s.X) < 2:
        return Decision.FALSE
    s.loss.check_data(z2)
    return Decision.TRUE


_VIEW_HYPS = (*PGD_HYPS, P("U deletes one point z of D_0; z' ≠ z with ‖z'‖ ≤ R; n ≥ 2", _view_ok))

CLAIMS_INTRO = [
    Claim(
        id="d2d.intro-dp",
        source="Introduction, Section 1.2 (lines 57–77; statement at line 77): “a view of the two outputs of our algorithm before and after a "
               "deletion is (2ε, 2δ)-differentially private”",
        kind=Kind.PRIVACY,
        statement="Theorem 3.1's algorithm: the pair (θ̃_0, θ̃_1) published before and after deleting z from D_0 = D ∪ {z} "
                  "is (2ε, 2δ)-indistinguishable from the pair for D_0' = D ∪ {z'} and the deletion of z' (the "
                  "neighbouring datasets of a membership attack on the deleted point)",
        hypotheses=_VIEW_HYPS,
        bound=2 * delta,
        prescribed=PRESCRIBED["d2d.intro-dp"],
        quantity=view_delta(None),
        adversaries=(Adversary("z and z' at opposite extremes, few and many iterations", generate=view_structured),
                     VIEW_SEARCH, VIEW_2D, HUBER_VIEWS),
        derivation="d2d.intro-dp",
        note="Quantity: the true δ at 2ε between the two joint laws N((θ̂_0, θ̂_1), σ²I_{2d}) and N((θ̂'_0, θ̂'_1), σ²I_{2d}) "
             "(each round adds independent noise), Balle–Wang at the exact shift. The statement has no proof; "
             "“(2ε, 2δ)” is basic composition of two (ε, δ) releases, which needs the pre-deletion release to be "
             "(ε, δ)-DP — but its shift between the two worlds is the full sensitivity of training, not Δ.",
    ),
    Claim(
        id="d2d.intro-dp+fix",
        source="Introduction, Section 1.2 (lines 57–77; statement at line 77), corrected: the privacy of the pair follows from the training's sensitivity",
        kind=Kind.PRIVACY,
        statement="the pair (θ̃_0, θ̃_1) is (ε_v, δ)-indistinguishable between the two worlds, ε_v = Δ_v²/(2σ²) + "
                  "(Δ_v/σ)√(2log(1/δ)), Δ_v = √(1 + γ^{2I})(4Lγ^I/(mn) + 2L/(mn) + 2L/(m(n−1)))",
        hypotheses=_VIEW_HYPS,
        bound=delta,
        prescribed=PRESCRIBED["d2d.intro-dp+fix"],
        quantity=view_delta("epsilon_view"),
        adversaries=(Adversary("z and z' at opposite extremes, few and many iterations", generate=view_structured),
                     VIEW_SEARCH, VIEW_2D, HUBER_VIEWS),
        derivation="d2d.intro-dp+fix",
        corrects="d2d.intro-dp",
        note="Same quantity at ε_v: Lemma A.3 at the joint shift bound (Theorem 2.13, Lemma 2.12 twice, and the "
             "γ^I-contraction of the update's descent on the common D_1).",
    ),
]
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_INTRO})
