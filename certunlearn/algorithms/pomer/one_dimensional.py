"""POMER — Private Online continuous Multiplicative weights with Euclidean Regularisation (Algorithm 1 of Agarwal,
Kale, Singh, Thakurta; paper file ``001_8748437fc158d2af.txt``, lines 176–204), in one dimension with
piecewise-linear convex losses, sampled exactly.

Round t: play x_t, observe l_t; with r_t(x) = μ̄_{t+1}(x)/(Φ μ̄_t(x)) (ratio of *normalised* Gibbs densities, line
192 and footnote 4) draw S_t ∼ Ber(Π(r_t(x_t))) with Π the clip to [Φ⁻², 1], and S'_t ∼ Ber(1 − p); if b_t < B and
(S'_t = 0 or S_t = 0) switch: b_{t+1} = b_t + 1 and x_{t+1} ∼ μ̄_{t+1} afresh; otherwise keep x_{t+1} = x_t.

The exact samplers and partition functions live in :mod:`~certunlearn.algorithms.pomer.gibbs`; the exact law of the iterates (expected
regret and switches without Monte Carlo) in :mod:`~certunlearn.algorithms.pomer.law`. :func:`monte_carlo` is the one statistical tool:
it reports means with confidence intervals and is never used by a verdict. Parameters prescribed by Theorems
4.3–4.5 come from the printed sympy expressions in :mod:`certunlearn.formulas.pomer` (:func:`parameters`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import mpmath
import numpy as np

from ...errors import AssumptionViolatedError, InvalidParameterError
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from ..parameters import theorem_parameters
from .gibbs import PiecewiseLinear, as_fraction, positive_param, gibbs, sample, total
from .law import INITIAL_POINTS, ratio_factors

#: Working precision (bits) of the keep probabilities of a simulated run.
RUN_PREC = 128


@dataclass(frozen=True)
class Trajectory:
    """One run: the played points x_1..x_T (mpmath numbers), the switch decisions ζ_1..ζ_T, the losses suffered
    and min_K Σ_t l_t."""

    points: tuple[mpmath.mpf, ...]
    switches: tuple[int, ...]
    losses: tuple[float, ...]
    best: float

    @property
    def regret(self) -> float:
        """Σ l_t(x_t) − min_K Σ l_t of this run (a random variable; its mean is R_T)."""
        return float(sum(self.losses)) - self.best


def _mpf(q: Fraction) -> mpmath.mpf:
    return mpmath.mpf(q.numerator) / q.denominator


def _validate(beta, lam, p, log_phi, budget, initial) -> tuple[Fraction, Fraction, Fraction]:
    beta, lam, p = positive_param(beta, "beta"), positive_param(lam, "lam"), as_fraction(p, "p")
    if not 0 <= p <= 1:
        raise InvalidParameterError("p", f"must lie in [0, 1], got {p}")
    if budget is not None and budget < 0:
        raise InvalidParameterError("B", f"the switching budget must be ≥ 0, got {budget}")
    if initial not in INITIAL_POINTS:
        raise InvalidParameterError("initial", f"choose from {INITIAL_POINTS}, got {initial!r}")
    with workprec(RUN_PREC):
        if not to_arb(log_phi) >= 0:
            raise InvalidParameterError("Phi", f"the scale parameter must be ≥ 1, got log Φ = {log_phi}")
    return beta, lam, p


def _check_losses(losses: Sequence[PiecewiseLinear]) -> None:
    if not losses:
        raise InvalidParameterError("losses", "need at least one round")
    domain = losses[0].domain
    for i, loss in enumerate(losses, start=1):
        if loss.domain != domain:
            raise InvalidParameterError("losses", f"l_{i} lives on {loss.domain}, not on K = {domain}")
        if not loss.convex:
            raise AssumptionViolatedError("convex losses (Assumption 2.1)", f"l_{i} has decreasing slopes")


def run(losses: Sequence[PiecewiseLinear], beta, lam, p, log_phi, rng: np.random.Generator, budget: int | None = None,
        initial: str = "uniform", dps: int = 20) -> Trajectory:
    """One run of Algorithm 1 (lines 176–204). ``initial``: ``"uniform"`` as printed (line 182) or ``"gibbs"``
    (x₁ ∼ μ̄₁, as Lemma 4.6's induction needs); ``log_phi`` = log Φ (exact or a ball). Randomness: ``rng`` only."""
    beta, lam, p = _validate(beta, lam, p, log_phi, budget, initial)
    _check_losses(losses)
    a, b = losses[0].domain
    points, switches, suffered = [], [], []
    with workprec(RUN_PREC):
        log_phi = to_arb(log_phi)
        if initial == "uniform":
            x = _mpf(a) + (_mpf(b) - _mpf(a)) * mpmath.mpf(float(rng.random()))
        else:
            x = sample(gibbs(total([], a, b), beta, lam), rng, dps)
        used = 0
        before = total([], a, b)
        for loss in losses:
            points.append(x)
            xa = to_arb(x)
            suffered.append(float(loss.at(xa).mid()))
            after = before + loss
            clipped, _ = ratio_factors(loss, before, beta, lam, 0, log_phi)  # Π(r_t(x)) (p = 0: no forced switch)
            s_t = rng.random() < float(clipped.value(xa).mid())  # S_t ∼ Ber(Π(r_t(x_t)))
            s_prime = rng.random() < float(1 - p)  # S'_t ∼ Ber(1 − p)
            zeta = int((budget is None or used < budget) and (not s_prime or not s_t))
            switches.append(zeta)
            if zeta:
                used += 1
                x = sample(gibbs(after, beta, lam), rng, dps)
            before = after
    best = float(total(losses, a, b).minimum())
    return Trajectory(tuple(points), tuple(switches), tuple(suffered), best)


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo mean with a two-sided confidence interval (STATISTICAL: never used by a verdict)."""

    mean: float
    low: float
    high: float
    confidence: float
    runs: int
    seed: int


def monte_carlo(losses, beta, lam, p, log_phi, runs: int, seed: int, budget=None, initial="uniform",
                confidence: float = 0.99) -> dict[str, Estimate]:
    """Statistical estimates of the expected regret and of E[S_T] from ``runs`` independent runs (normal-approximation
    intervals at ``confidence``). Labelled statistical; the checker's verdicts use :mod:`~certunlearn.algorithms.pomer.law` instead."""
    rng = np.random.default_rng(seed)
    regrets, counts = [], []
    for _ in range(runs):
        tr = run(losses, beta, lam, p, log_phi, rng, budget, initial, dps=17)
        regrets.append(tr.regret)
        counts.append(sum(tr.switches))
    z = float(mpmath.sqrt(2) * mpmath.erfinv(confidence))
    out = {}
    for name, xs in (("regret", regrets), ("switches", counts)):
        m, s = float(np.mean(xs)), float(np.std(xs, ddof=1)) if runs > 1 else math.inf
        half = z * s / math.sqrt(runs)
        out[name] = Estimate(m, m - half, m + half, confidence, runs, seed)
    return out


def parameters(theorem: str, **constants: Any) -> dict[str, Any]:
    """The parameters Theorem 4.3, 4.4 or 4.5 prescribes (``"pomer.thm4.5"`` …), evaluated from the
    sympy expressions of :mod:`certunlearn.formulas.pomer` (one source of truth; rounding as in
    :func:`~.parameters.theorem_parameters`)."""
    return theorem_parameters(theorem, paper="pomer", integers=frozenset(), round_up=frozenset(), **constants)
