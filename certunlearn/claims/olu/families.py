"""The instance families and adversaries' search spaces of every olu claim (paper file ``papers/000_8245766a2c9b0ba6.txt``).

Deterministic families (``generate``) and :class:`Space` searches for: Theorem 1 and Corollary 1 (linear and
quadratic streams, Theorem 1's schedules), Lemma D, the regret theorems (2, 3, 5, Corollary 7, Table 1), Lemmas
5, 6, 9, 10, Theorem 6 (Algorithm 2), Proposition 1 (chains of laws), Theorem 4 (linear streams on a box),
Table 2 (baselines) and the borrowed Lemmas A, C, 3, 4, 7, 8, E; plus the instance builders
(``stream_instance``, ``regret_instance``, ``chain_instance``, ``thm4_instance``, …).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ...algorithms import olu as A
from ...numeric.enclosure import arb_upper_float
from ...numeric.fraction import Fraction
from ..instances import frac
from ..model import Adversary, Space

from .quantities import (
    alg2_sigma_sum, chain_rdp, lem8_parts, noise_free_states, r_value, s_value, sq, thm4_entries, thm6_entries,
)


def stream_instance(family: int, X, lam, z1, tau, u, **scalars) -> dict[str, Any]:
    return {"family": family, "X": [list(r) for r in X], "lam": list(lam), "z1": list(z1), "tau": list(tau),
            "u": list(u), **scalars}


#: the quick profile's structured size; a larger request (the thorough profile) unlocks the larger grids
QUICK_SIZE = 40
OMEGAS = (Fraction(101, 100), Fraction(6, 5), Fraction(2), Fraction(5))
SCHEDULES = {
    # name: (T, tau, u)
    "earliest point deleted last": (12, [12], [1]),
    "one deletion, no gap": (6, [3], [3]),
    "bunched, right after each other": (10, [4, 5, 6], [1, 2, 3]),
    "spread": (16, [4, 10, 16], [1, 2, 3]),
    "later points first": (10, [5, 6], [4, 1]),
}


def _linear_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Aligned linear losses with ‖x_t‖ = L (every skipped step shifts by exactly Δ = ηL, in one direction)."""
    out = []
    for (name, (T_, tau, u)) in SCHEDULES.items():
        for om in OMEGAS:
            for e in (Fraction(1, 2), Fraction(2)):
                X = [[Fraction(1)]] * T_
                out.append(stream_instance(A.LINEAR, X, [], [0], tau, u, alpha=Fraction(3), epsilon=Fraction(1, 2),
                                            omega=om, L=Fraction(1), eta=e, gamma=Fraction(1), beta=Fraction(1),
                                            mu=Fraction(1, 2)))
    rng.shuffle(out)
    return out[:size]


def quadratic_family(beta_over_mu: Iterable[Fraction], eta_rule: Callable[[Fraction, Fraction], Fraction]):
    """1-D and 2-D quadratics with λ = (μ, β): the weakly curved coordinate contracts least; all deleted indices
    before the first noise; C3 attained at the deleted states (L = their gradient norm)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for r in beta_over_mu:
            mu_, beta_ = Fraction(1), Fraction(r)
            e = eta_rule(mu_, beta_)
            for (T_, tau, u) in ((10, [8], [1]), (12, [3, 4, 12], [1, 2, 3]), (9, [2, 9], [1, 2]), (6, [1], [1])):
                for lam in ([mu_], [mu_, beta_]):
                    dim = len(lam)
                    X = [[Fraction(1)] * dim if t % 2 == 0 else [Fraction(-1)] * dim for t in range(T_)]
                    inst = stream_instance(A.QUADRATIC, X, lam, [Fraction(3)] * dim, tau, u, alpha=Fraction(2),
                                            epsilon=Fraction(1), omega=Fraction(3), L=Fraction(1), eta=e,
                                            gamma=Fraction(1), beta=beta_, mu=mu_)
                    w = noise_free_states(inst, [e] * T_)
                    inst["L"] = max(sqrt_up(sq(l * (wk - xk) for l, wk, xk in zip(lam, w[uj - 1], X[uj - 1])))
                                    for uj in u)
                    inst["gamma"] = max(abs(1 - e * l) for l in lam) or Fraction(1, 2)
                    out.append(inst)
        rng.shuffle(out)
        return out[:size]

    return generate


def sqrt_up(q: Fraction) -> Fraction:
    """A rational ≥ √q, within 2^-60 relative (so C3 holds and is nearly attained)."""
    if q == 0:
        return Fraction(1, 10**9)
    # the smallest N/2^60 with (N/2^60)² ≥ q, in integers: N = ⌈√⌈q·2^120⌉⌉ (a float start and a loop of 2^-60 steps
    # took hundreds of Fraction steps per call)
    m = -((-q.numerator << 120) // q.denominator)
    return Fraction(math.isqrt(m - 1) + 1, 2**60)


def search_space(eta_rule: Callable[[Fraction, Fraction], Fraction], fixed_gamma: bool) -> Space:
    def build(p: dict[str, float]) -> dict:
        mu_, beta_ = Fraction(1), Fraction(p["ratio"]).limit_denominator(10**6)
        e = eta_rule(mu_, beta_)
        gap_ = int(p["gap"])
        T_ = gap_ + 2
        X = [[Fraction(1) if t % 2 == 0 else Fraction(-1)] for t in range(T_)]
        inst = stream_instance(A.QUADRATIC, X, [mu_], [Fraction(3)], [1 + gap_], [1],
                                alpha=Fraction(p["alpha"]).limit_denominator(1000), epsilon=Fraction(1),
                                omega=Fraction(p["omega"]).limit_denominator(1000), L=Fraction(2) * mu_ * e,
                                eta=e, beta=beta_, mu=mu_)
        inst["L"] = sqrt_up(sq([mu_ * (Fraction(3) - 1)]))
        inst["gamma"] = abs(1 - e * mu_) if fixed_gamma else Fraction(1)
        return inst

    return Space(bounds={"ratio": (1.01, 20.0), "gap": (0.0, 12.0), "alpha": (1.1, 20.0), "omega": (1.05, 6.0)},
                 log=frozenset({"ratio"}), build=build)


def sc_eta(mu_: Fraction, beta_: Fraction) -> Fraction:
    return 1 / (beta_ + mu_)


def _convex_eta(mu_: Fraction, beta_: Fraction) -> Fraction:
    return 2 / beta_


RATIOS = (Fraction(11, 10), Fraction(2), Fraction(10))
UNLEARN_ADVERSARIES_SC = (
    Adversary("quadratics λ ∈ {μ, β}, η = 1/(β+μ), deletion schedules", generate=quadratic_family(RATIOS, sc_eta)),
    Adversary("search: β/μ, gap τ − u, α, ω", space=search_space(sc_eta, fixed_gamma=False)),
)
#: Deletion times at the edges the hypotheses allow (u[i] ≤ τ[i]): a point deleted at the round it arrived (u = τ,
#: also at τ = T), a point that arrived at the round of the previous deletion's noise (u[i] = τ[i−1]), the first point.
BOUNDARY_SCHEDULES = ((6, [6], [6]), (8, [2, 5, 8], [2, 5, 8]), (8, [3, 6], [1, 3]), (9, [4, 5], [4, 5]),
                      (7, [1, 7], [1, 1 + 1]))


def boundary_linear(rng: np.random.Generator, size: int) -> list[dict]:
    """Aligned linear losses (‖x_t‖ = L) on the boundary schedules, ω ∈ {6/5, 5, 50}, η ∈ {1/2, 2}."""
    out = []
    for (T_, tau, u) in BOUNDARY_SCHEDULES:
        for om in (Fraction(6, 5), Fraction(5), Fraction(50)):
            for e in (Fraction(1, 2), Fraction(2)):
                out.append(stream_instance(A.LINEAR, [[Fraction(1)]] * T_, [], [0], tau, u, alpha=Fraction(3),
                                           epsilon=Fraction(1, 2), omega=om, L=Fraction(1), eta=e, gamma=Fraction(1),
                                           beta=Fraction(1), mu=Fraction(1, 2)))
    rng.shuffle(out)
    return out[:size]


UNLEARN_ADVERSARIES_CONVEX = (
    Adversary("aligned linear losses, deletion schedules, ω grid", generate=_linear_family),
    Adversary("quadratics λ ∈ {μ, β}, η = 2/β", generate=quadratic_family(RATIOS, _convex_eta)),
)


def lemd_instances(strongly: bool):
    """Quadratics with eigenvalues at the ends (and the middle) of [0 or m, M]; η over (0, 2/M] or η = 2/(M+m)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        deep = size > QUICK_SIZE
        for M_ in (Fraction(1), Fraction(4), Fraction(100)) + ((Fraction(1, 3), Fraction(10**4)) if deep else ()):
            for m_ in (M_ / 1000, M_ / 10, M_ / 2, M_) + ((M_ * Fraction(99, 100),) if deep else ()):
                lo = m_ if strongly else Fraction(0)
                for lam in ([lo, M_], [lo], [M_], [(lo + M_) / 2, lo]):
                    for e in ((2 / (M_ + m_),) if strongly else (1 / (2 * M_), 1 / M_, 2 / M_, 2 / (M_ + m_))):
                        out.append({"lam": lam, "eta": e, "M": M_, "m": m_})
        rng.shuffle(out)
        return out[:size]

    return generate


def regret_instance(X, lam, z1, tau, u, *, mu_, beta_, eps, D_=None, kappa_=None, omega_=Fraction(6, 5)) -> dict:
    lam = [Fraction(l) for l in lam]
    D_ = D_ if D_ is not None else 2 * max(sqrt_up(sq(p)) for p in [z1, *X])
    inst = stream_instance(A.QUADRATIC, X, lam, z1, tau, u, mu=mu_, beta=beta_, epsilon=eps, omega=omega_,
                            D=D_, L=max(lam) * D_, kappa=kappa_ if kappa_ is not None else min(lam), T=len(X),
                            k=len(tau), d=len(X[0]), alpha=Fraction(2))
    inst["S_1"] = s_value(inst, "S1")
    inst["S_2"] = s_value(inst, "S2")
    return inst


def regret_family(u_floor: Callable[[Fraction, Fraction], int]):
    """Alternating targets ±R (the gradient never vanishes), strongly and weakly curved coordinates, deletion
    schedules from 'earliest allowed point deleted last' to 'each point deleted at once'; ε from 1/100 to 10."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for r in (Fraction(1), Fraction(2), Fraction(10)):
            mu_, beta_ = Fraction(1), r
            lo = u_floor(mu_, beta_)
            for T_ in (16, 40):
                for sched in ("late", "immediate", "bunched"):
                    if sched == "late":
                        tau, u = [T_], [lo]
                    elif sched == "immediate":
                        tau, u = [lo, lo + 1], [lo, lo + 1]
                    else:
                        tau, u = [T_ - 2, T_ - 1, T_], [lo, lo + 1, lo + 2]
                    if max(tau) > T_:
                        continue
                    for lam in ([mu_], [mu_, beta_]):
                        dim = len(lam)
                        X = [[Fraction((-1) ** t)] * dim for t in range(T_)]
                        for eps in (Fraction(1, 100), Fraction(1), Fraction(10)):
                            out.append(regret_instance(X, lam, [Fraction(0)] * dim, tau, u, mu_=mu_, beta_=beta_,
                                                       eps=eps, D_=Fraction(2) * (1 if dim == 1 else 2)))
        rng.shuffle(out)
        return out[:size]

    return generate


def regret_space(u_floor) -> Space:
    def build(p: dict[str, float]) -> dict:
        mu_, beta_ = Fraction(1), Fraction(p["ratio"]).limit_denominator(1000)
        lo = u_floor(mu_, beta_)
        T_ = max(int(p["T"]), lo + 1)
        X = [[Fraction((-1) ** t)] for t in range(T_)]
        tau = [min(T_, lo + int(p["gap"]))]
        return regret_instance(X, [mu_], [Fraction(0)], tau, [lo], mu_=mu_, beta_=beta_,
                               eps=Fraction(p["eps"]).limit_denominator(10**6), D_=Fraction(2))

    return Space(bounds={"ratio": (1.0, 10.0), "T": (4.0, 40.0), "gap": (0.0, 30.0), "eps": (0.001, 10.0)},
                 log=frozenset({"eps"}), build=build)


def edge_deletion_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """One deletion (k = 1) on 1-D quadratics λ = μ = β = 1 with z_1 and the targets at the ball's edge, ±a for a ∈
    {99/100, 1023/1024, 1} (issue 23's example and its dyadic twin), T = 2..4 (5..8 in the thorough profile), the
    deleted point the first or the second, ε up to 10⁴ (the noise term small beside the k-term 2k²L²/κ)."""
    out = []
    horizons = (2, 3, 4) + ((5, 6, 8) if size > QUICK_SIZE else ())
    for a in (Fraction(99, 100), Fraction(1023, 1024), Fraction(1)):
        for T_ in horizons:
            for tau, u in (([1], [1]), ([2], [1]), ([2], [2])):
                for eps in (Fraction(100), Fraction(1000), Fraction(10**4)):
                    X = [[a if t % 2 == 0 else -a] for t in range(T_)]
                    out.append(regret_instance(X, [Fraction(1)], [-a], tau, u, mu_=Fraction(1), beta_=Fraction(1),
                                               eps=eps, D_=Fraction(2)))
    rng.shuffle(out)
    return out[:size]


def thm2_floor(mu_: Fraction, beta_: Fraction) -> int:
    return int(-(-(Fraction(1, 2) + beta_ / mu_) // 1))


def thm3_floor(mu_: Fraction, beta_: Fraction) -> int:
    """u[i] ≥ β²D²/(4L²) holds from ⌈β²/(4μ²)⌉ on, since these instances have L = λ_max·D ≥ μD."""
    return max(1, int(-(-(beta_**2 / (4 * mu_**2)) // 1)))


# ---- Lemmas 5 and 6 (ERM stability), 9, 10
def stability_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Removed points opposite the rest; T, c and the curvatures widen beyond the quick profile's size."""
    out = []
    deep = size > QUICK_SIZE
    for T_ in (4, 10, 30) + ((2, 3, 60) if deep else ()):
        for c_ in (1, 2, 3) + ((5, 10) if deep else ()):
            if c_ >= T_:
                continue
            for lam in ([Fraction(1)], [Fraction(1), Fraction(3)]) + (([Fraction(1), Fraction(100)],) if deep else ()):
                dim = len(lam)
                X = [[Fraction(-1)] * dim] * c_ + [[Fraction(1)] * dim] * (T_ - c_)  # removed points opposite the rest
                Dx = 2 * sqrt_up(Fraction(dim))
                out.append({"X": [list(r) for r in X], "lam": lam, "removed": list(range(1, c_ + 1)), "c": c_,
                            "T": T_, "mu": min(lam), "kappa": T_ * min(lam), "L": max(lam) * Dx})
    rng.shuffle(out)
    return out[:size]


def lem9_instances(rng: np.random.Generator, size: int) -> list[dict]:
    vals = (Fraction(1, 100), Fraction(1), Fraction(7), Fraction(1000))
    out = [{"a": a_, "b": b_, "c9": c_} for a_ in vals for b_ in (Fraction(0), *vals) for c_ in vals]
    rng.shuffle(out)
    return out[:size]


def lem10_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Points of a line (Lemma 10's worst case: a − c and c − b aligned, where Cauchy–Schwarz is tight)."""
    pts = (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(1), Fraction(3))
    out = [{"a10": a_, "b10": b_, "c10": c_} for a_ in pts for b_ in pts for c_ in pts]
    rng.shuffle(out)
    return out[:size]


def thm6_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Curvatures {μ, β}, deleted points right after the previous deletion or at once, the fewest steps allowed."""
    return _thm6_family((Fraction(2), Fraction(10)) + ((Fraction(11, 10), Fraction(100)) if size > QUICK_SIZE else ()),
                        rng, size)


def thm6_weak_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """The same schedules at β/μ = 11/10 (γ = 1/21, so one descent step each suffices): where the thorough profile found
    olu.thm6:proof-steps violated, run by the quick profile too."""
    return _thm6_family((Fraction(11, 10),), rng, size)


def _thm6_family(ratios, rng: np.random.Generator, size: int) -> list[dict]:
    out = []
    for r in ratios:
        mu_, beta_ = Fraction(1), r
        g = (r - 1) / (r + 1)
        # the last schedule deletes, at τ[2], the point that arrived at the previous deletion time (u[2] = τ[1])
        for (T_, tau, u) in ((8, [4, 8], [1, 5]), (10, [2, 3, 10], [1, 3, 4]), (6, [6], [6]), (12, [12], [1]),
                             (8, [3, 6], [1, 3])):
            for lam in ([mu_], [mu_, beta_]):
                dim = len(lam)
                X = [[Fraction((-1) ** t)] * dim for t in range(T_)]
                D_ = Fraction(2) if dim == 1 else Fraction(4)
                L_ = max(lam) * D_
                I1 = []
                for t in tau:
                    n = 0
                    while g**n * mu_ * D_ * t > L_:
                        n += 1
                    I1.append(n)
                I2 = 0
                while g ** (5 * I2) * Fraction(len(tau)) ** 11 > 1:
                    I2 += 1
                for om in (Fraction(6, 5), Fraction(3)):
                    out.append(stream_instance(A.QUADRATIC, X, lam, [Fraction(0)] * dim, tau, u, alpha=Fraction(2),
                                                epsilon=Fraction(1), omega=om, L=L_, D=D_, eta=1 / beta_, mu=mu_,
                                                beta=beta_, I_1=I1, I_2=I2))
    rng.shuffle(out)
    return out[:size]


def chain_instance(family: int, chain, alpha_, s2=Fraction(1)) -> dict:
    """A chain instance with ε := a rational just above its exact RDP at order α."""
    inst = {"family": family, "chain": [Fraction(x) for x in chain], "k": len(chain) - 1, "alpha": Fraction(alpha_),
            "s2": Fraction(s2)}
    inst["epsilon"] = Fraction(arb_upper_float(chain_rdp(inst))) * (1 + Fraction(1, 2**40))
    return inst


def prop1_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Gaussian chains with equal steps (the shifts add up: D_{α/k} = kε) and Bernoulli chains with equal
    log-odds steps (randomized response iterated), k = 1..6, α = 2k (the edge of the hypothesis) up to 8k."""
    out = []
    for kk in range(1, 7):
        for r in (2, 3, 8):
            out.append(chain_instance(1, [j for j in range(kk + 1)], r * kk))
            for theta in (Fraction(1, 10), Fraction(1), Fraction(3)):
                odds = [Fraction(int(np.exp(float(theta) * j) * 2**20), 2**20) for j in range(kk + 1)]
                out.append(chain_instance(0, [o / (1 + o) for o in odds], r * kk))
    rng.shuffle(out)
    return out[:size]


def prop1_space() -> Space:
    """Bernoulli chains: k, α/k ∈ [2, 12] and the k + 1 log-odds ℓ_0..ℓ_k ∈ [−8, 8]."""

    def build(p: dict[str, float]) -> dict:
        kk = max(1, min(6, int(p["k"])))
        logits = [p[f"l{j}"] for j in range(kk + 1)]
        chain = [Fraction(1 / (1 + np.exp(-x))).limit_denominator(2**30) for x in logits]
        return chain_instance(0, chain, Fraction(p["ratio"]).limit_denominator(100) * kk)

    return Space(bounds={"k": (1.0, 6.99), "ratio": (2.0, 12.0), **{f"l{j}": (-8.0, 8.0) for j in range(7)}}, build=build)


def thm4_orthant(rng: np.random.Generator, size: int) -> list[dict]:
    """Gradients x_t ∈ {e₁, e₂} (alternating) on K = [0, 1]²: every f_t ≥ 0 on K and 0 at the common minimiser 0, so
    F* = 0 — the losses have no minimum over R^d (inf f_t = −∞, where Lemma 8's bound is vacuous). z_1 inside K,
    D = 3/2 ≥ diam K, one deletion, β from 0 to 1/10, T from 2 up."""
    out = []
    e1, e2 = [Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)]
    for T_ in (2, 3, 4, 6):
        X = [e1 if t % 2 == 0 else e2 for t in range(T_)]
        for z1 in ([Fraction(1, 2), Fraction(1, 2)], [Fraction(1), Fraction(1)], [Fraction(1, 4), Fraction(3, 4)]):
            for beta_ in (Fraction(0), Fraction(1, 1000), Fraction(1, 10)):
                for tau, u in (([T_], [1]), ([2], [2])):
                    out.append(thm4_instance(X, [0, 0], [1, 1], z1, tau, u, beta_=beta_, eps=Fraction(100),
                                             D_=Fraction(3, 2)))
    rng.shuffle(out)
    return out[:size]


def thm4_instance(X, lo, hi, z1, tau, u, *, beta_, eps, D_) -> dict:
    inst = stream_instance(A.LINEAR, X, [], z1, tau, u, lo=list(lo), hi=list(hi), D=D_, beta=beta_, epsilon=eps,
                           omega=Fraction(3, 2), L=max(sqrt_up(sq(r)) for r in X), T=len(X), k=len(tau), d=len(X[0]))
    inst.update(thm4_entries(inst))
    return inst


def thm4_family(rng: np.random.Generator, size: int) -> list[dict]:
    """2-D streams x_t = (a, ±1): a weak drift a along e₁, alternating gradients along e₂; D = 2 and K = [c, c + 2Da] ×
    [−h, h] with h = 9/10, c = h/a, so f_t ≥ 0 on K and vanishes at a vertex; z_1 = (c + Da, h), from which the first
    adaptive step (of length D) lands within D of both comparator vertices; deletions late, at once, or bunched;
    β from 0 (the linear losses' own smoothness) to 2; ε large enough that the noise keeps E‖w − z*‖² ≤ D²."""
    out = []
    D_, h = Fraction(2), Fraction(9, 10)
    for a_ in (Fraction(1, 100), Fraction(1, 50)):
        c_ = h / a_
        for T_ in (8, 16):
            X = [[a_, Fraction((-1) ** t)] for t in range(T_)]
            for tau, u in (([T_], [1]), ([2, 3], [1, 2]), ([T_ - 2, T_ - 1, T_], [2, 3, 4]), ([T_ // 2], [T_ // 2])):
                for beta_ in (Fraction(0), Fraction(1, 2), Fraction(2)):
                    for eps in (Fraction(100), Fraction(10**4)):
                        out.append(thm4_instance(X, [c_, -h], [c_ + 2 * D_ * a_, h], [c_ + D_ * a_, h], tau, u,
                                                 beta_=beta_, eps=eps, D_=D_))
    rng.shuffle(out)
    return out[:size]


def thm6_regret_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Assumption 2's streams: x_t = a except at the deletion times, where x_{τ[i]} = a + δ_i with Σ|δ_i| ≤ 1; z_1 at
    the far side of K; deletions right after each other or spread; curvatures {μ, β}; the fewest steps allowed."""
    out = []
    for base in thm6_instances(rng, 10**6):
        tau, T_ = [int(t) for t in base["tau"]], len(base["X"])
        dim = len(base["X"][0])
        for a_, delta in ((Fraction(1, 2), Fraction(1, 2) / max(1, len(tau))), (Fraction(0), Fraction(0))):
            X = [[a_ + (delta if t in tau else 0)] * dim for t in range(1, T_ + 1)]
            inst = dict(base, X=X, z1=[-base["D"] / 2 + Fraction(1, 10)] * dim, T=T_, k=len(tau), d=dim)
            inst.update(thm6_entries(inst))
            inst["Sigma_sigma"] = Fraction(arb_upper_float(alg2_sigma_sum(inst))) * (1 + Fraction(1, 2**40))
            out.append(inst)
    rng.shuffle(out)
    return out[:size]


def table2_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratic streams with alternating targets ±1, curvatures {μ, β}; deletions late, at once, bunched."""
    out = []
    for r in (Fraction(1), Fraction(3)):
        for T_ in (6, 12):
            for tau, u in (([T_], [1]), ([2, 3], [1, 2]), ([T_ - 2, T_ - 1, T_], [1, 2, 3]), ([T_ // 2], [T_ // 2])):
                for lam in ([Fraction(1)], [Fraction(1), r]):
                    dim = len(lam)
                    X = [[Fraction((-1) ** t)] * dim for t in range(T_)]
                    for z1 in ([Fraction(0)] * dim, [Fraction(1)] * dim):
                        out.append(regret_instance(X, lam, z1, tau, u, mu_=Fraction(1), beta_=r, eps=Fraction(1),
                                                   D_=Fraction(2) * (1 if dim == 1 else 2)))
    rng.shuffle(out)
    return out[:size]


def lema_instance(alpha_, v, m0, m1) -> dict:
    m0, m1 = [Fraction(x) for x in m0], [Fraction(x) for x in m1]
    return {"alpha": Fraction(alpha_), "sigma2": Fraction(v), "m0": m0, "m1": m1,
            "Delta2": sq(p - q for p, q in zip(m0, m1))}


def lema_instances(rng: np.random.Generator, size: int) -> list[dict]:
    out = [lema_instance(a_, v, m0, m1)
           for a_ in (Fraction(101, 100), Fraction(2), Fraction(10), Fraction(100))
           for v in (Fraction(1, 100), Fraction(1), Fraction(50))
           for m0, m1 in (([0], [1]), ([0], [Fraction(1, 1000)]), ([3, -1], [0, 3]), ([1, 1], [1, 1 + Fraction(1, 7)]))]
    rng.shuffle(out)
    return out[:size]


LEMA_SPACE = Space(bounds={"alpha": (1.01, 50.0), "sigma2": (0.01, 10.0), "x": (-3.0, 3.0), "y": (-3.0, 3.0)},
                   log=frozenset({"sigma2"}),
                   build=lambda p: lema_instance(p["alpha"], p["sigma2"], [0, 0], [p["x"], p["y"]]))


def lemb_instance(alpha_, m0, v0, m1, v1, amap, c, w) -> dict:
    F = lambda xs: [Fraction(x) for x in xs]
    return {"alpha": Fraction(alpha_), "m0": F(m0), "v0": F(v0), "m1": F(m1), "v1": F(v1), "amap": F(amap), "c": F(c),
            "w": F(w)}


def lemb_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Lemma B: h invertible and noiseless (equality), a scaling, a projection (a_k = 0), added noise; equal variances
    (exact Fractions) and unequal ones (D_α(P‖Q) may be +∞ for large α)."""
    out = []
    for a_ in (Fraction(101, 100), Fraction(2), Fraction(10)):
        for amap, w in (([1, 1], [0, 0]), ([-3, Fraction(1, 2)], [0, 0]), ([0, 1], [0, 0]), ([1, 1], [1, 0]),
                        ([2, 0], [Fraction(1, 4), 0])):
            out.append(lemb_instance(a_, [0, 0], [1, 1], [1, -2], [1, 1], amap, [5, -1], w))
            out.append(lemb_instance(a_, [0, 0], [1, 2], [1, -2], [2, Fraction(3, 2)], amap, [0, 0], w))
    rng.shuffle(out)
    return out[:size]


LEMB_SPACE = Space(bounds={"alpha": (1.01, 20.0), "v0": (0.1, 4.0), "v1": (0.1, 4.0), "a": (-2.0, 2.0), "w": (0.0, 2.0),
                           "m": (-3.0, 3.0)},
                   build=lambda p: lemb_instance(Fraction(p["alpha"]).limit_denominator(1000), [0],
                                                 [Fraction(p["v0"]).limit_denominator(1000)], [Fraction(p["m"]).limit_denominator(1000)],
                                                 [Fraction(p["v1"]).limit_denominator(1000)], [Fraction(p["a"]).limit_denominator(1000)],
                                                 [0], [Fraction(p["w"]).limit_denominator(1000)]))


def lemc_instance(alpha_, s, m0, v0, m1, v1, e, a_) -> dict:
    F = lambda xs: [Fraction(x) for x in xs]
    return {"alpha": Fraction(alpha_), "sigma2": Fraction(s), "m0": F(m0), "v0": F(v0), "m1": F(m1), "v1": F(v1),
            "e": Fraction(e), "a": Fraction(a_)}


def lemc_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Point masses and Gaussians, 1-D and 2-D (shift 3-4-5 so ‖Δ‖ = 5); a = 0 (data processing), a = ‖Δ‖, a > ‖Δ‖,
    and e = ‖Δ‖ (both shifted divergences 0); unequal covariances at e = a = 0."""
    out = []
    for a_ in (Fraction(2), Fraction(20)):
        for s in (Fraction(1, 10), Fraction(1), Fraction(25)):
            for v in (Fraction(0), Fraction(1, 100), Fraction(4)):
                out += [lemc_instance(a_, s, [0], [v], [5], [v], 0, 5), lemc_instance(a_, s, [0], [v], [5], [v], 0, 0),
                        lemc_instance(a_, s, [0, 0], [v, v], [3, 4], [v, v], 0, 5),
                        lemc_instance(a_, s, [0, 0], [v, v], [3, 4], [v, v], 0, 7),
                        lemc_instance(a_, s, [0], [v], [5], [v], 5, 1)]
            out += [lemc_instance(a_, s, [0, 1], [1, 2], [1, 0], [3, 1], 0, 0),
                    lemc_instance(a_, s, [0], [1], [0], [2], 0, 0)]
    rng.shuffle(out)
    return out[:size]


LEMC_SPACE = Space(bounds={"alpha": (1.01, 30.0), "sigma2": (0.01, 10.0), "v": (0.0, 5.0), "r": (1.0, 3.0)},
                   log=frozenset({"sigma2"}),
                   build=lambda p: lemc_instance(Fraction(p["alpha"]).limit_denominator(1000), p["sigma2"],
                                                 [0, 0], [p["v"]] * 2, [3, 4], [p["v"]] * 2, 0,
                                                 5 * Fraction(p["r"]).limit_denominator(1000)))


def lem4_instance(alpha_, g, amap, c, c2, s, m0, v0, m1, v1, e) -> dict:
    F = lambda xs: [Fraction(x) for x in xs]
    return {"alpha": Fraction(alpha_), "gamma": Fraction(g), "amap": F(amap), "c": F(c), "c2": F(c2), "s": Fraction(s),
            "m0": F(m0), "v0": F(v0), "m1": F(m1), "v1": F(v1), "e": Fraction(e)}


def lem4_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Maps contracting by exactly γ or collapsing a coordinate; s = 0 (pure contraction: data processing, equality for
    invertible maps) and s = ‖c − c'‖ > 0; e = 0 and e = ‖m − m'‖; general covariances where e = s = 0."""
    h = Fraction(1, 2)
    out = []
    for g, al in itertools.product((Fraction(1, 3), Fraction(1, 2), Fraction(1)), (Fraction(2), Fraction(5))):
        for amap in ([g, g], [g, 0], [-g, g / 2]):
            out += [lem4_instance(al, g, amap, [0, 0], [0, 0], 0, [0, 1], [1, 2], [1, 0], [3, h], 0),
                    lem4_instance(al, g, amap, [1, 1], [1, 1], 0, [0, 0], [h, h], [3, 4], [h, h], 0),
                    lem4_instance(al, g, amap, [0, 0], [3, 4], 5, [0, 0], [1, 1], [0, 0], [1, 1], 0),
                    lem4_instance(al, g, amap, [0, 0], [3, 4], 5, [0, 0], [1, 1], [3, 4], [1, 1], 5),
                    lem4_instance(al, g, amap, [0, 0], [Fraction(3, 5), Fraction(4, 5)], 1, [0, 0], [1, 1],
                                  [Fraction(-3, 5), Fraction(-4, 5)], [1, 1], 1)]
    rng.shuffle(out)
    return out[:size]


def cni_instance(alpha_, g, z0, steps, a_seq) -> dict:
    """``steps``: (a_t, c_t, c'_t, σ_t²) per step; ``a_seq`` the lemma's a_t."""
    F = lambda xs: [Fraction(x) for x in xs]
    inst = {"alpha": Fraction(alpha_), "gamma": Fraction(g), "z0": F(z0), "A": [F(s[0]) for s in steps],
            "C": [F(s[1]) for s in steps], "C2": [F(s[2]) for s in steps], "S2": [Fraction(s[3]) for s in steps],
            "a": F(a_seq)}
    inst["R"] = r_value(inst)
    return inst


def lem3_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Theorem 1's use (s at u, the whole shift γ^{τ−u}s paid at τ, e_τ = 0), several deletions, the shift paid over
    several noisy steps, opposite shifts that cancel, coordinates contracting unequally, no noise at all (a = 0)."""
    out = []
    for g in (Fraction(1, 2), Fraction(9, 10), Fraction(1)):
        for al in (Fraction(2), Fraction(20)):
            for gap_ in (0, 3):
                st = [([g], [1], [0], 0)] + [([g], [0], [0], 0)] * gap_ + [([g], [0], [0], Fraction(1, 4))]
                out.append(cni_instance(al, g, [0], st, [0] * (gap_ + 1) + [g ** (gap_ + 1)]))
                st2 = [([g, g / 2], [3, 4], [0, 0], 0)] + [([g, g / 2], [0, 0], [0, 0], 0)] * gap_ + [
                    ([g, -g], [0, 0], [0, 0], 1)]
                out.append(cni_instance(al, g, [1, -1], st2, [0] * (gap_ + 1) + [5 * g ** (gap_ + 1)]))
            # two deletions (eq. (7)); the shift split over two noisy steps; cancelling shifts; no noise
            out.append(cni_instance(al, g, [0], [([g], [1], [0], 0), ([g], [0], [0], 2), ([g], [2], [0], 0),
                                                 ([g], [0], [0], 3)], [0, g, 0, 2 * g]))
            out.append(cni_instance(al, g, [0], [([g], [1], [0], 0), ([g], [0], [0], 1), ([g], [0], [0], 1)],
                                    [0, g / 2, g * g / 2]))
            out.append(cni_instance(al, g, [0], [([g], [1], [0], 0), ([g], [-1], [0], 0), ([g], [0], [0], 1)],
                                    [0, 0, g * g + g]))
            out.append(cni_instance(al, g, [0, 0], [([g, g], [3, 4], [0, 0], 0), ([g, 0], [0, 0], [0, 0], 0)], [0, 0]))
    rng.shuffle(out)
    return out[:size]


def lem3_space() -> Space:
    def build(p: dict[str, float]) -> dict:
        q = lambda x: Fraction(x).limit_denominator(1000)
        g, th = q(p["gamma"]), q(p["theta"])
        s1, s2_, s3 = q(p["s1"]), q(p["s2"]), q(p["s3"])
        a2 = th * (g * s1 + s2_)
        steps = [([g], [s1], [0], 0), ([g], [s2_], [0], q(p["v2"])), ([g], [s3], [0], q(p["v3"]))]
        return cni_instance(q(p["alpha"]), g, [0], steps, [0, a2, g * (g * s1 + s2_ - a2) + s3])

    return Space(bounds={"alpha": (1.1, 20.0), "gamma": (0.1, 1.0), "theta": (0.0, 1.0), "s1": (0.0, 2.0),
                         "s2": (0.0, 2.0), "s3": (0.0, 2.0), "v2": (0.05, 4.0), "v3": (0.05, 4.0)},
                 log=frozenset({"v2", "v3"}), build=build)


def lem7_instance(fam, a0, seq, breaks=(), heights=()) -> dict:
    F = lambda xs: [Fraction(x) for x in xs]
    return {"f": fam, "a0": Fraction(a0), "a_seq": F(seq), "breaks": F(breaks), "heights": F(heights)}


def lem7_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """f constant on the range (equality), steps just after the partial sums, 1/√x with a_0 = 0 and a single big
    first term, many tiny terms (the sum approaches the integral), geometric terms."""
    out = []
    for seq in ([1] * 5, [Fraction(1, 100)] * 50, [100, 1, 1], [1, 2, 4, 8, 16], [0, 3, 0, 1]):
        tot = sum(Fraction(x) for x in seq)
        for a0 in (Fraction(0), Fraction(1)):
            out.append(lem7_instance(0, a0, seq, [a0 + tot + 1], [2]))
            out.append(lem7_instance(0, a0, seq, [Fraction(3, 2), Fraction(7, 2), a0 + tot], [1, 1, 1]))
            out.append(lem7_instance(0, a0, seq, [x + Fraction(1, 1000) for x in
                                                  itertools.accumulate(Fraction(s) for s in (a0, *seq))][1:],
                                      [1] * len(seq)))
        out.append(lem7_instance(1, 0, [x for x in seq if x] or [1]))
        out.append(lem7_instance(1, 5, seq))
    rng.shuffle(out)
    return out[:size]


LEM7_SPACE = Space(bounds={"a1": (0.0, 5.0), "a2": (0.0, 5.0), "a3": (0.0, 5.0), "a0": (0.0, 2.0)},
                   build=lambda p: lem7_instance(1, Fraction(p["a0"]).limit_denominator(1000),
                                                 [Fraction(p[k]).limit_denominator(1000) + Fraction(1, 1000)
                                                  for k in ("a1", "a2", "a3")]))


def lem8_instance(fam, lam, centre, x, beta_, delta_=1, f0=0) -> dict:
    F = lambda xs: [Fraction(v) for v in xs]
    inst = {"f": fam, "lam": F(lam), "centre": F(centre), "x": F(x), "beta": Fraction(beta_),
            "delta": Fraction(delta_), "f0": Fraction(f0)}
    inst["gap"] = lem8_parts(inst)[1]
    return inst


def lem8_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Quadratics with curvature β (equality) and below it, shifted by f₀ < 0 (inf f < 0, as linear-like losses have);
    Huber losses inside and beyond their quadratic zone (far out the gradient stays δs while f grows)."""
    out = []
    for b_ in (Fraction(1, 10), Fraction(1), Fraction(50)):
        for x in ([1, 0], [3, -4], [Fraction(1, 1000), 2]):
            out += [lem8_instance(0, [b_, b_], [0, 0], x, b_, f0=-7), lem8_instance(0, [b_, b_ / 10], [1, 1], x, b_),
                    lem8_instance(1, [b_, b_], [0, 0], x, b_, 1), lem8_instance(1, [b_, 0], [0, 0], x, b_, 2),
                    lem8_instance(1, [b_ / 2, b_], [0, 1], x, b_, Fraction(1, 10))]
    rng.shuffle(out)
    return out[:size]


LEM8_SPACE = Space(bounds={"l1": (0.01, 1.0), "l2": (0.01, 1.0), "x1": (-5.0, 5.0), "x2": (-5.0, 5.0), "dl": (0.1, 3.0)},
                   build=lambda p: lem8_instance(1, [Fraction(p["l1"]).limit_denominator(1000),
                                                     Fraction(p["l2"]).limit_denominator(1000)], [0, 0],
                                                  [Fraction(p["x1"]).limit_denominator(1000),
                                                   Fraction(p["x2"]).limit_denominator(1000)], 1,
                                                  Fraction(p["dl"]).limit_denominator(1000)))


def r0(X, w0) -> Fraction:
    """‖w₀ − w*‖² with w* the mean of the rows of X (the minimiser of the average of the quadratics)."""
    rows = [[frac(v) for v in r] for r in X]
    return sq(frac(w) - sum((r[k] for r in rows), Fraction(0)) / len(rows) for k, w in enumerate(w0))


def leme_instance(X, lam, w0, T_, mu_, beta_) -> dict:
    F = lambda xs: [Fraction(v) for v in xs]
    return {"X": [F(r) for r in X], "lam": F(lam), "w0": F(w0), "T": T_, "mu": Fraction(mu_), "beta": Fraction(beta_),
            "R_0": r0(X, w0)}


def leme_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Curvatures at μ and β (the factor γ attained), in between; the start along either end direction; T up to 30."""
    out = []
    for r in (Fraction(11, 10), Fraction(3), Fraction(100)):
        for lam in ([1], [r], [1, r], [(1 + r) / 2, r]):
            dim = len(lam)
            # starts at rational distances from w* = (2/3, …): 13/3 along every axis in 1-D, (3, 4) in 2-D, and 7 along
            # the last axis, so that ‖w_T − w*‖ is rational where it equals γ^T‖w₀ − w*‖ (equality is then proved)
            wstar = Fraction(2, 3)
            starts = ([5], [wstar + 7]) if dim == 1 else ([wstar + 3, wstar + 4], [wstar, wstar + 7])
            for w0 in starts:
                for T_ in (0, 1, 7, 30):
                    out.append(leme_instance([[1] * dim, [-1] * dim, [2] * dim], lam, w0, T_, 1, r))
    rng.shuffle(out)
    return out[:size]
