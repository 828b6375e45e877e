"""Theorem 4 (lines 218–222; proof lines 784–869): passive OLU with adaptive steps η_t = D/√p(t), checked
on linear streams on a box K through the explicit bound eq. (36) at ω = 3/2 (``olu.thm4``) and the bound of
eqs. (32)–(34) without Lemma 8 (``olu.thm4+fix``). Paper file ``papers/000_8245766a2c9b0ba6.txt``.
"""
from __future__ import annotations

import functools

import sympy
from flint import arb, ctx

from ...algorithms import olu as A
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import H, P, P_exact
from ..instances import frac, instance_key
from ..model import Adversary, Claim, Instance, Kind
from ...formulas.symbols import epsilon

from ...formulas.olu import beta, THM4, THM4_FIX
from .quantities import (
    decided_on_enclosures,
    arb_etas, arb_stream, box_comparators, counts, grad_norms2, noise_variances, schedule_of, sq, stream_of,
    thm4_entries, valid_stream,
)
from .families import thm4_family, thm4_orthant


def _thm4_laws(values: Instance):
    return _thm4_laws_cached(instance_key(values, sorted(values)), ctx.prec)


@functools.lru_cache(maxsize=128)
def _thm4_laws_cached(key: tuple, prec: int):
    values = dict(key)
    s = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    etas = arb_etas(values, "adaptive")
    var = noise_variances(values, sympy.S.One, etas)
    return s, A.passive_laws(s, tuple(to_arb(z) for z in values["z1"]), etas, tau, u, var), tau


def thm4_quantity(values: Instance) -> arb:
    """The exact expected regret of eq. (5): E f_t(w_{t−1}) = f_t(E w_{t−1}) for linear losses."""
    s, laws, tau = _thm4_laws(values)
    zs = box_comparators(values)
    total = arb(0)
    for t in range(1, s.T + 1):
        total += s.value(t, laws[t - 1].mean) - to_arb(stream_of(values).value(t, zs[A.interval_of(t, tau)]))
    return total


def _thm4_mean_square_pairs(values: Instance):
    s, laws, _ = _thm4_laws(values)
    D2, zs = A.square(to_arb(values["D"])), box_comparators(values)
    for law in laws[:-1]:
        for z in zs:
            yield sum((A.square(m - to_arb(zk)) + v for m, zk, v in zip(law.mean, z, law.var)), arb(0)), D2


def _box_ok(values: Instance) -> bool:
    """K = [lo, hi] with diam(K) ≤ D, z_1 ∈ K, and f_t ≥ 0 on K (at every vertex: the proof's step (b))."""
    s = stream_of(values)
    lo, hi = [frac(x) for x in values["lo"]], [frac(x) for x in values["hi"]]
    z1 = [frac(x) for x in values["z1"]]
    return (len(lo) == len(hi) == s.d and all(a_ <= b_ for a_, b_ in zip(lo, hi))
            and sq(b_ - a_ for a_, b_ in zip(lo, hi)) <= frac(values["D"]) ** 2
            and all(a_ <= z <= b_ for a_, z, b_ in zip(lo, z1, hi))
            and all(sum((min(x * a_, x * b_) for x, a_, b_ in zip(row, lo, hi)), Fraction(0)) >= 0 for row in s.X))


THM4_HYPS = (
    H("ε > 0", ">", epsilon, 0), H("β ≥ 0", ">=", beta, 0),
    P_exact("ω = 3/2 (the proof's choice, line 869)", lambda v: frac(v["omega"]) == Fraction(3, 2)),
    P_exact("linear losses (convex, β-smooth for every β ≥ 0); stream valid; T, k, d are the stream's",
            lambda v: int(frac(v["family"])) == A.LINEAR and valid_stream(v) and counts(v)),
    P_exact("‖x_t‖ ≤ L (L-Lipschitz) and p(1) > 0", lambda v: all(sq(r) <= frac(v["L"]) ** 2 for r in v["X"])
            and grad_norms2(v)[0] > 0),
    P_exact("K = [lo, hi] ∋ z_1 of diameter ≤ D, f_t ≥ 0 on K", _box_ok),
    P_exact("p(u₀) ≥ β²/4 with u₀ = min u[i]", lambda v: grad_norms2(v)[min(schedule_of(v)[1]) - 1] >= frac(v["beta"]) ** 2 / 4),
    P_exact("F*, S₃, P_T are the instance's (exact)",
            lambda v: all(frac(v[n]) == x for n, x in thm4_entries(v).items())),
    P("E‖w_{t−1} − z*_i‖² ≤ D² along the unprojected process (the proof's use of K)",
      lambda v: decided_on_enclosures(_thm4_mean_square_pairs, v)),
)


CLAIMS: list[Claim] = [
    Claim(id="olu.thm4", source="Theorem 4 (lines 218–222; proof lines 778–867), explicit bound eq. (36) at ω = 3/2",
          kind=Kind.REGRET,
          statement="Convex, L-Lipschitz, β-smooth losses, η_t = D/√p(t), p(u₀) ≥ β²/4 and u[i] ≥ u₀: E Regret_T ≤ "
                    "9D²β/4 + 3D√(Σ_iΣ_t f_t(z*_i)) + (3/4)dk²L²D²G₃/ε, G₃ = √(βΣ_i p(τ[i])/p(u[i])²) (eq. (36)). "
                    "Checked on linear streams, where the adaptive steps are deterministic and the laws exactly Gaussian.",
          hypotheses=THM4_HYPS, bound=THM4, quantity=thm4_quantity,
          adversaries=(Adversary("2-D linear streams, weak drift and alternating gradients, f_t ≥ 0 on a box K, β grid",
                                 generate=thm4_family),
                       Adversary("gradients e₁, e₂ on K = [0, 1]² (F* = 0), β from 0 to 1/10", generate=thm4_orthant)),
          derivation="olu.thm4",
          note="Linear losses only: their gradient norms do not depend on the iterate, so p(t) and the steps are "
               "deterministic and Algorithm 1's outputs stay Gaussian. Quadratic streams would make the steps random "
               "(Monte Carlo); they are left out."),
    Claim(id="olu.thm4+fix", source="Theorem 4 (line 778; proof lines 784–867), the bound of eqs. (32)–(34) without Lemma 8",
          kind=Kind.REGRET, corrects="olu.thm4",
          statement="Under Theorem 4's assumptions: E Regret_T ≤ (3 + k)D√p(T)/2 + (3/4)dk²L²D√(Σ_i p(τ[i])/p(u[i])²)/ε "
                    "(eq. (33) with each comparator switch charged D²/(2η_T), and eq. (34)(b) with Cauchy–Schwarz "
                    "Σ_{i≤k} i^{2ω} ≤ k^{2ω+1}).",
          hypotheses=THM4_HYPS, bound=THM4_FIX, quantity=thm4_quantity,
          adversaries=(Adversary("2-D linear streams, weak drift and alternating gradients, f_t ≥ 0 on a box K, β grid",
                                 generate=thm4_family),
                       Adversary("gradients e₁, e₂ on K = [0, 1]² (F* = 0), β from 0 to 1/10", generate=thm4_orthant)),
          derivation="olu.thm4+fix"),
]
