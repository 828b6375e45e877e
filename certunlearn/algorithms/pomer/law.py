"""The exact law of POMER's iterates in one dimension (Algorithm 1, paper file 001 lines 180–204), with the budget.

State after round t−1: for every (s, b) — the current point was drawn fresh from ν_s (ν₁ the initial law, ν_s =
μ̄_s for s ≥ 2) and b_t = b switches were made — the sub-density of x_t is ``P(s, b)·ν_s(x)·Π_{τ=s}^{t−1} keep_τ(x)``,
where keep_τ(x) = (1 − p)·Π(μ̄_{τ+1}(x)/(Φ μ̄_τ(x))) while b < B and 1 once the budget is spent (Π clips to
[Φ⁻², 1]). Each factor is a :class:`~certunlearn.algorithms.pomer.gibbs.Pieces`, so every expectation is a finite
sum of closed-form truncated-Gaussian integrals: expected losses, expected regret and the law of the number of
switches come out as arb enclosures, without Monte Carlo.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Sequence

from flint import arb

from ...errors import InvalidParameterError
from ...numeric.fraction import Fraction
from .gibbs import (
    PiecewiseLinear, Pieces, as_arb, as_fraction, gibbs, linear_regions, log_partition, prefix_totals, uniform,
)

INITIAL_POINTS = ("uniform", "gibbs")


def below_budget(used: int, budget) -> bool:
    """b_t < B for the integer b_t and a budget B (None = ∞, exact, or a ball decided rigorously)."""
    if budget is None:
        return True
    if not isinstance(budget, arb):
        return used < budget
    if arb(used) < budget:
        return True
    if arb(used) >= budget:
        return False
    raise ArithmeticError(f"cannot decide b_t = {used} < B = {budget}")


def ratio_factors(loss: PiecewiseLinear, before: PiecewiseLinear, beta, lam, p, log_phi: arb) -> tuple[Pieces, Pieces]:
    """(keep, switch) probabilities of round t as functions of x_t, for a round with budget left:
    keep = (1 − p)·Π(r(x)), switch = 1 − keep, r(x) = μ̄_{t+1}(x)/(Φ μ̄_t(x)) = e^{−βl_t(x)}·Z_t/(Z_{t+1}Φ)
    (the normalised-density ratio of line 192, through the one-step partition-function ratio); ``p`` exact or a ball
    (a prescribed irrational value)."""
    p = p if isinstance(p, arb) else as_fraction(p, "p")
    offset = log_partition(before, beta, lam) - log_partition(before + loss, beta, lam) - log_phi
    q, floor = as_arb(1 - p), (-2 * log_phi).exp()
    zero = Fraction(0)
    keep = linear_regions(loss, beta, offset, arb(0), -2 * log_phi, ((q, zero),),
                          lambda k, C: ((q * C.exp(), k),), ((q * floor, zero),))
    switch = linear_regions(loss, beta, offset, arb(0), -2 * log_phi, ((as_arb(p), zero),),
                            lambda k, C: ((arb(1), zero), (-q * C.exp(), k)), ((1 - q * floor, zero),))
    return keep, switch


@dataclass(frozen=True)
class Law:
    """What the exact recursion yields (all arb enclosures).

    ``expected_losses[t−1]`` = E[l_t(x_t)]; ``budget[t][k]`` = Pr[b_{t+1} = k] (k switches decided in rounds
    1..t); ``switch_probability[t−1]`` = Pr[ζ_t = 1]; ``minimum`` = min_K Σ_t l_t (exact); ``marginals[t−1]`` the
    sub-densities whose sum is q_t, the law of x_t."""

    expected_losses: tuple[arb, ...]
    switch_probability: tuple[arb, ...]
    budget: tuple[dict[int, arb], ...]
    minimum: Fraction
    marginals: tuple[tuple[Pieces, ...], ...] = ()

    @property
    def regret(self) -> arb:
        """R_T = E[Σ l_t(x_t)] − min_x Σ l_t(x) (line 55)."""
        return sum(self.expected_losses, arb(0)) - as_arb(self.minimum)

    @property
    def expected_switches(self) -> arb:
        """E[S_T] with S_T = Σ_{t=1}^T ζ_t (Lemma B.1, line 494)."""
        return sum(self.switch_probability, arb(0))

    @property
    def played_switches(self) -> arb:
        """E[Σ_{t=2}^T 1{x_t ≠ x_{t−1}}] (line 85): the switches decided in rounds 1..T−1."""
        return sum(self.switch_probability[:-1], arb(0))

    def tail(self, threshold) -> arb:
        """Pr[S_T ≥ threshold] (threshold exact or a ball; the count is an integer)."""
        th = as_arb(threshold) if not isinstance(threshold, arb) else threshold
        out = arb(0)
        for k, mass in self.budget[-1].items():
            if arb(k) >= th:
                out += mass
            elif not arb(k) < th:
                raise ArithmeticError("the threshold overlaps an integer count")
        return out


def exact_law(losses: Sequence[PiecewiseLinear], beta, lam, p, log_phi: arb, budget=None,
              initial: str = "uniform") -> Law:
    """The exact law of Algorithm 1's iterates on losses l_1..l_T over K = their common domain.

    ``budget`` B (None: B = ∞; exact or a ball); ``initial`` ``"uniform"`` (x₁ uniform on K, as printed on line 182) or
    ``"gibbs"`` (x₁ ∼ μ̄₁ = μ̄(0, β, λ), which Lemma 4.6's induction and Theorem 4.1's proof require: q₁ = μ̄₁)."""
    if not losses:
        raise InvalidParameterError("losses", "need at least one round")
    if initial not in INITIAL_POINTS:
        raise InvalidParameterError("initial", f"choose from {INITIAL_POINTS}, got {initial!r}")
    if not log_phi > 0:
        raise InvalidParameterError("Phi", "the exact law needs Φ > 1")
    p = p if isinstance(p, arb) else as_fraction(p, "p")  # a ball for a prescribed irrational p (Theorem 4.3)
    if not (0 <= p and p <= 1):
        raise InvalidParameterError("p", f"must lie in [0, 1], got {p}")
    a, b = losses[0].domain
    cum = prefix_totals(losses, a, b)
    states: dict[tuple[int, int], Pieces] = {
        (1, 0): uniform(a, b, beta, lam) if initial == "uniform" else gibbs(cum[0], beta, lam)}
    expected, switching, budgets, marginals = [], [], [], []
    for t, loss in enumerate(losses, start=1):
        marginals.append(tuple(states.values()))
        expected.append(sum((f.against(loss) for f in states.values()), arb(0)))
        keep, switch = ratio_factors(loss, cum[t - 1], beta, lam, p, log_phi)
        fresh: dict[int, arb] = defaultdict(lambda: arb(0))
        nxt: dict[tuple[int, int], Pieces] = {}
        for (s, used), f in states.items():
            if below_budget(used, budget):
                nxt[(s, used)] = f * keep
                fresh[used + 1] += (f * switch).integral()
            else:
                nxt[(s, used)] = f
        law = gibbs(cum[t], beta, lam)
        for used, mass in fresh.items():
            nxt[(t + 1, used)] = law.scaled(mass)
        switching.append(sum(fresh.values(), arb(0)))
        states = nxt
        counts: dict[int, arb] = defaultdict(lambda: arb(0))
        for (_, used), f in states.items():
            counts[used] += f.integral()
        budgets.append(dict(counts))
    return Law(tuple(expected), tuple(switching), tuple(budgets), cum[-1].minimum(), tuple(marginals))


def _enclose(f: Pieces, u: Fraction, v: Fraction) -> arb:
    """f on the interval [u, v]: the union of the formulas of f's cells that may meet it (0 where none does)."""
    au, av = as_arb(u), as_arb(v)
    y = au.union(av)
    out = None
    covered = False
    for (_, _, terms), (cu, cv) in zip(f.cells, f.arb_ends()):
        if cv < au or cu > av:
            continue
        beta = as_arb(f.beta)
        gauss = (-beta * as_arb(f.lam) * y * y / 2).exp() if f.q else arb(1)
        value = gauss * sum((c * (-beta * as_arb(k) * y).exp() for c, k in terms), arb(0))
        out = value if out is None else out.union(value)
        covered = covered or (cu <= au and av <= cv)
    if out is None:
        return arb(0)
    return out if covered else out.union(arb(0))


def tv_distance(first: Sequence[Pieces], second: Pieces, a: Fraction, b: Fraction, points: int, refine: int = 8) -> arb:
    """‖Σ first − second‖_TV = ∫(second − Σ first)₊ for (sub-)densities of equal total mass, enclosed on a grid of
    ``points`` cells: a cell where the sign of the difference is certain contributes its exact mass difference,
    any other cell a ball from its mass difference (data processing) up to the upper Riemann sum of the positive
    part over ``refine`` sub-cells."""
    out = arb(0)
    for i in range(points):
        u, v = a + (b - a) * Fraction(i, points), a + (b - a) * Fraction(i + 1, points)
        gap_mass = second.restricted(u, v).integral() - sum((f.restricted(u, v).integral() for f in first), arb(0))
        gap = _enclose(second, u, v) - sum((_enclose(f, u, v) for f in first), arb(0))
        if gap >= 0:
            out += gap_mass
        elif not gap <= 0:
            width = (v - u) / refine
            riemann = arb(0)
            for j in range(refine):
                x, y = u + j * width, u + (j + 1) * width
                sub = _enclose(second, x, y) - sum((_enclose(f, x, y) for f in first), arb(0))
                riemann += as_arb(width) * sub.upper().max(arb(0))
            out += gap_mass.max(arb(0)).union(riemann)
    return out
