"""Rewind-to-Delete, Remark 3.3 (lines 161–163): sequential deletion requests.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. “If, after unlearning m points, an additional k unlearning requests
arrive, we simply call the unlearning algorithm on the new retained dataset of size n − m − k. Notably, if the total
number of unlearned data increases while σ and K stay constant, our unlearning guarantee worsens.”

``r2d.rem3.3``: the composed run — Algorithm 1 on D, Algorithm 2 for the first m requests, Algorithm 2 again for
the next k (both from the checkpoint θ_{T−K} of the original training, through
:class:`certunlearn.algorithms.r2d.RewindToDelete`) — publishes N(θ''_K, σ²I) with σ of eq. (3) at the total
m + k; the certificate compares it with retraining on D ∖ (Z ∪ Z'). ``r2d.rem3.3:control-sigma-first-batch``: the
same with σ still calibrated for the first m only (“the guarantee worsens”: must fail where the shift bound is
nearly attained).

Instances: Theorem 3.1's (``family``, ``X``, ``n``, ``eta``, ``L``, ``G``, ``T``, ``K``, ``epsilon``, ``delta``, …)
with ``m`` the first batch and ``k`` the second; the deleted rows are the last m + k of ``X``: first the m rows
just before the last k, then the last k.
"""
from __future__ import annotations

import functools
import itertools

import numpy as np
from flint import arb

from ...formulas.r2d import PRESCRIBED
from ...formulas.symbols import delta
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...privacy import delta_enclosure
from ..hypotheses import P, holds
from ..instances import frac, instance_key, is_int
from ..model import Adversary, Claim, Control, GaussianPair, Instance, Kind
from .families import LINEAR, eta_max, gd_instance, piecewise_gd, subsample, DELTA_GRID, EPS_GRID
from .quantities import DELTA_RANGE, EPS_RANGE, PROBLEM_NAMES, constants_ok, schedule_ok, setup_cached, sq_norm

SEQ_NAMES = PROBLEM_NAMES + ("m", "k", "T", "K", "eta")


def _total(values: Instance) -> dict:
    """The instance with m replaced by the total m + k (Theorem 3.1's hypotheses for the union Z ∪ Z')."""
    out = dict(values)
    out["m"] = int(frac(values["m"])) + int(frac(values["k"]))
    return out


def _batches_ok(values: Instance) -> Decision:
    """m ≥ 1, k ≥ 1 integers with m + k < n = |X|; data, θ_0 and Θ as in Theorem 3.1."""
    if not (is_int(values["m"], 1) and is_int(values.get("k", 0), 1) and is_int(values["n"], 2)):
        return Decision.FALSE
    n_, mk = int(frac(values["n"])), int(frac(values["m"])) + int(frac(values["k"]))
    return holds(mk < n_ == len(values["X"]))


def _step_total(values: Instance) -> Decision:
    """η ≤ min{1/L, n/(2(n − m − k)L)}: Theorem 3.1's step condition for the m + k deleted points."""
    n_, mk = int(frac(values["n"])), int(frac(values["m"])) + int(frac(values["k"]))
    L_, eta_ = frac(values["L"]), frac(values["eta"])
    return holds(eta_ * L_ <= 1 and 2 * (n_ - mk) * eta_ * L_ <= n_)


@functools.lru_cache(maxsize=1024)
def _sequential(key: tuple) -> tuple[list[Fraction], list[Fraction]]:
    """(θ''_K after the second request, θ'_T of retraining on D ∖ (Z ∪ Z')), both exact, through the driver."""
    from ...algorithms.r2d import RewindToDelete

    values = dict(key)
    s = setup_cached(instance_key(values, PROBLEM_NAMES))
    n_, m_, k_ = len(s.X), int(values["m"]), int(values["k"])
    driver = RewindToDelete(s.loss, eta=frac(values["eta"]), T=int(values["T"]), K=int(values["K"]), sigma=0,
                            theta0=s.theta0, domain=s.domain, claim_id=None)
    learned = driver.learn(s.X)
    first = driver.unlearn(learned, list(range(n_ - m_ - k_, n_ - k_)))
    second = driver.unlearn(first, list(range(n_ - m_ - k_, n_ - m_)))  # the last k rows of the current data
    retrained = driver.retrain(second)
    fr = lambda v: [frac(x) for x in v]  # noqa: E731
    return fr(second.state.model), fr(retrained.state.model)


def sequential_runs(values: Instance) -> tuple[list[Fraction], list[Fraction]]:
    return _sequential(instance_key(values, SEQ_NAMES))


def _iterates_ok(values: Instance) -> Decision:
    sequential_runs(values)  # raises AssumptionViolatedError (→ outside) when an iterate leaves Θ
    return Decision.TRUE


def sequential_shift(values: Instance) -> arb:
    """‖θ''_K − θ'_T‖ after the second request (exact, enclosed)."""
    u, r = sequential_runs(values)
    return to_arb(sq_norm([a - b for a, b in zip(u, r)])).sqrt()


def sequential_delta(values: Instance) -> arb:
    """The true δ at ε between N(θ''_K, σ²I) after both requests and N(θ'_T, σ²I) of retraining on D ∖ (Z ∪ Z')."""
    u, r = sequential_runs(values)
    s2 = sq_norm([a - b for a, b in zip(u, r)])
    if s2 == 0:
        return arb(0)
    return delta_enclosure(values["epsilon"], values["sigma"], to_arb(s2).sqrt())


def sequential_laws(values: Instance) -> GaussianPair:
    return GaussianPair(sequential_shift(values), values["sigma"])


def _opposed(rng: np.random.Generator, size: int) -> list[dict]:
    """Opposed linear losses (retained +1, every deleted point −1: the shift bound nearly attained as L → 0), η at
    its maximum for the total m + k, several splits of the deletions into two batches."""
    out = []
    for n_, m_, k_ in ((200, 1, 1), (50, 1, 2), (20, 2, 1), (10, 2, 2), (3, 1, 1)):
        for L_ in (Fraction(1, 10**6), Fraction(1, 2)):
            eta_ = min(Fraction(1), eta_max(n_, m_ + k_, L_))
            X = [[Fraction(1)]] * (n_ - m_ - k_) + [[Fraction(-1)]] * (m_ + k_)
            for (T_, K_), eps, dlt in itertools.product(((5, 0), (12, 4)), EPS_GRID, DELTA_GRID):
                out.append(gd_instance(LINEAR, X, m_, eta_=eta_, L_=L_, G_=1 + Fraction(1, 2**30), T_=T_, K_=K_,
                                       eps=eps, dlt=dlt, R_=Fraction(1), k=k_))
    return subsample(out, rng, min(size, 24))  # small in every profile: each instance runs the driver four times


def _random_batches(rng: np.random.Generator, size: int) -> list[dict]:
    """Random 2-d linear data, n ∈ {4, 6}, the two batches of different directions."""
    out = []
    for n_, m_, k_ in ((4, 1, 1), (6, 2, 1), (6, 1, 3)):
        for _ in range(3):
            X = [[Fraction(int(v), 8) for v in rng.integers(-5, 6, 2)] for _ in range(n_)]
            L_ = Fraction(1, 4)
            eta_ = eta_max(n_, m_ + k_, L_)
            for (T_, K_), eps, dlt in itertools.product(((6, 2), (10, 9)), (Fraction(1), Fraction(1, 4)),
                                                        (Fraction(1, 10**5), Fraction(1, 10))):
                out.append(gd_instance(LINEAR, X, m_, eta_=eta_, L_=L_, G_=1 + Fraction(1, 2**30), T_=T_, K_=K_, eps=eps, dlt=dlt,
                                       R_=Fraction(1), k=k_))
    return subsample(out, rng, min(size, 12))


def _piecewise_batches(rng: np.random.Generator, size: int) -> list[dict]:
    """Non-quadratic smooth losses (``families.piecewise_gd`` with a second batch of k = 1: Huber on opposed data,
    concave Huber on balanced data, the non-convex PL dip on a box, distinct points in d ∈ {1, 2}), η at its maximum
    for the total m + k."""
    return piecewise_gd(rng, min(size, 16), k=1)  # small in every profile: each instance runs the driver four times


REM33_HYPS = (
    *EPS_RANGE, *DELTA_RANGE,
    P("data: n = |X|, integers m ≥ 1, k ≥ 1, m + k < n (Z ∪ Z' = the last m + k rows)", _batches_ok),
    P("f_z L-smooth and ‖∇f_z(θ)‖ < G on Θ (declared, verified constants of the family)", constants_ok),
    P("η ≤ min{1/L, n/(2(n − m − k)L)} (Theorem 3.1 for the m + k deleted points)", _step_total),
    P("T, K integers with 0 ≤ K < T", schedule_ok),
    P("every iterate of learning, both unlearning calls and retraining stays in Θ", _iterates_ok),
)
REM33_ADVERSARIES = (
    Adversary("opposed linear losses, the deletions split into two batches, η at its maximum", generate=_opposed),
    Adversary("random 2-d linear data, n ∈ {4, 6}, two batches", generate=_random_batches),
    Adversary("non-quadratic smooth losses (Huber, concave Huber, non-convex PL dip), d ∈ {1, 2}, two batches",
              generate=_piecewise_batches),
)

CLAIMS_REM33 = [
    Claim(
        id="r2d.rem3.3",
        source="Remark 3.3 (lines 161–163): sequential unlearning requests",
        kind=Kind.UNLEARNING,
        statement="after unlearning m points, k more requests: the unlearning algorithm called on the retained data "
                  "of size n − m − k (from the same checkpoint θ_{T−K}) is (ε, δ)-unlearning with σ of eq. (3) at the "
                  "total m + k (σ = 2(m+k)G·h(K)√(2log(1.25/δ))/(Lnε), h with ηLn/(n−m−k))",
        hypotheses=REM33_HYPS,
        bound=delta,
        prescribed=PRESCRIBED["r2d.rem3.3"],
        quantity=sequential_delta,
        laws=sequential_laws,
        adversaries=REM33_ADVERSARIES,
        derivation="r2d.rem3.3",
        note="The composed run goes through RewindToDelete (learn, unlearn Z, unlearn Z', retrain), means exact. "
             "The remark reads as Theorem 3.1 applied to the union Z ∪ Z' (the second call rewinds to the original "
             "checkpoint, so nothing of the first unlearned model enters the second).",
    ),
    Claim(
        id="r2d.rem3.3:control-sigma-first-batch",
        source="negative control: Remark 3.3 (lines 161–163) with σ kept at the first batch's m",
        kind=Kind.UNLEARNING,
        statement="(wrong on purpose) σ of eq. (3) at m (not m + k) still certifies the second unlearning",
        hypotheses=REM33_HYPS,
        bound=delta,
        prescribed=PRESCRIBED["r2d.rem3.3:control-sigma-first-batch"],
        quantity=sequential_delta,
        adversaries=REM33_ADVERSARIES,
        control=Control.NEGATIVE,
        note="The remark's own warning (“the guarantee worsens” as the total grows at fixed σ): must fail where the "
             "shift bound is nearly attained (opposed linear losses, L → 0, k ≥ m).",
    ),
]
