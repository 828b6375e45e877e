"""Table 2's baselines (Section 4, lines 250–253 and 278): discard-and-restart and retraining are
(α, 0)-OLU (``olu.table2:restart``, ``olu.table2:retrain``, + ``:control-no-restart``), and discard-and-restart's
regret rows through the explicit per-run OGD bounds (``olu.table2:restart-regret-sc``, ``…-regret-c``).
Paper file ``papers/000_8245766a2c9b0ba6.txt``.
"""
from __future__ import annotations

from collections.abc import Callable

import sympy
from flint import arb

from ...algorithms import olu as A
from ...algorithms.olu import printed as P
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ...numeric.enclosure import to_arb
from ..hypotheses import H, P_exact
from ..hypotheses import P as P_decided
from ..instances import frac
from ..model import Adversary, Claim, Control, Hypothesis, Instance, Kind
from ...formulas.symbols import alpha

from ...formulas.olu import beta, COMP_ACTIVE, mu, RESTART_C, RESTART_SC
from .quantities import (
    decided_on_enclosures,
    arb_etas, arb_stream, counts, data_in_ball, lam_range, schedule_of, stream_of, valid_stream,
)
from .families import table2_instances


# ---- Table 2: the baselines retraining-from-scratch and discard-and-restart
BASELINES = {"restart": A.restart_laws, "retrain": A.retrain_laws}


def _baseline_etas(values: Instance, sc: bool) -> list:
    """η_s = 1/(μs) (strongly convex) or D/(L√s) (convex), s = 1, 2, … (restarted after each deletion)."""
    return arb_etas(values, "sc" if sc else "convex")


def baseline_divergence(which: str) -> Callable[[Instance], arb]:
    """max over i and t ∈ [τ[i], τ[i+1]) of D_α between the baseline's output at t and its reference process's
    (Definition 2): both are point masses (computed exactly, with the steps 1/(μs)), so the divergence is 0 or +∞.
    ``which`` = "ogd" is plain OGD (the negative control: nothing is unlearned)."""

    def quantity(values: Instance) -> arb:
        s = stream_of(values)
        tau, u = schedule_of(values)
        etas = [1 / (frac(values["mu"]) * t) for t in range(1, s.T + 1)]  # exact: the claim holds for any steps
        z1 = tuple(frac(z) for z in values["z1"])
        run = (lambda ref: A.run_laws(s, z1, etas, set(u[:ref]), {})) if which == "ogd" else (
            lambda ref: BASELINES[which](s, z1, etas, tau, u, reference=ref))
        olu = run(0)
        for i, t0 in enumerate(tau, start=1):
            ref = run(i)
            if any(olu[t].mean != ref[t].mean for t in range(t0, (tau[i] if i < len(tau) else s.T + 1))):
                return arb.pos_inf()  # two distinct point masses (exact Fractions)
        return arb(0)

    return quantity


def _restart_laws(values: Instance, sc: bool):
    s = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    return s, A.restart_laws(s, tuple(to_arb(z) for z in values["z1"]), _baseline_etas(values, sc), tau, u)


def restart_regret(sc: bool) -> Callable[[Instance], arb]:
    """The exact regret (eq. (5); deterministic) of discard-and-restart with exact comparators."""

    def quantity(values: Instance) -> arb:
        s, laws = _restart_laws(values, sc)
        tau, u = schedule_of(values)
        zs = [tuple(to_arb(x) for x in z) for z in A.comparators(stream_of(values), tau, u)]
        return sum((s.value(t, laws[t - 1].mean) - s.value(t, zs[A.interval_of(t, tau)]) for t in range(1, s.T + 1)),
                   arb(0))

    return quantity


def _restart_path_ok(sc: bool) -> Hypothesis:
    """Along the restarted process: ‖∇f_t(w_{t−1})‖ ≤ L (and, convex case, ‖w_{t−1} − z*_i‖ ≤ D for every i)."""

    def pairs(values: Instance):
        s, laws = _restart_laws(values, sc)
        tau, u = schedule_of(values)
        zs = [tuple(to_arb(x) for x in z) for z in A.comparators(stream_of(values), tau, u)]
        L2, D2 = A.square(to_arb(values["L"])), A.square(to_arb(values["D"]))
        for t in range(1, s.T + 1):
            m = laws[t - 1].mean
            yield sum((l * l * A.square(mk - xk) for l, mk, xk in zip(s.lam, m, s.X[t - 1])), arb(0)), L2
            if not sc:
                for z in zs:
                    yield sum((A.square(mk - zk) for mk, zk in zip(m, z)), arb(0)), D2

    return P_decided("‖∇f_t(w_{t−1})‖ ≤ L" + ("" if sc else " and ‖w_{t−1} − z*_i‖ ≤ D") + " along the restarted process",
             lambda v: decided_on_enclosures(pairs, v))


TABLE2_BASE = (
    P_exact("stream valid, quadratic; T, k, d are the stream's", lambda v: int(frac(v["family"])) == A.QUADRATIC
            and valid_stream(v) and counts(v) and all(l > 0 for l in stream_of(v).lam)),
    P_exact("z_1 and x_t in the ball K of diameter D, L ≥ λ_max D (L-Lipschitz on K)", data_in_ball),
)
TABLE2_SC = TABLE2_BASE + (H("μ > 0", ">", mu, 0), P_exact("μ ≤ λ_k (μ-strongly convex)", lambda v: lam_range(v, frac(v["mu"]), None)),
                           _restart_path_ok(True))
TABLE2_C = TABLE2_BASE + (_restart_path_ok(False),)


CLAIMS: list[Claim] = [
    Claim(id="olu.table2:restart", source="Table 2, rows Discard-and-restart (lines 244–255); line 278",
          kind=Kind.UNLEARNING,
          statement="Discard-and-restart (OGD reset to z_1 at every deletion) is an (α, 0)-OLU (Definition 2).",
          hypotheses=(H("α > 1", ">", alpha, 1), H("μ > 0", ">", mu, 0), P_exact("stream valid", valid_stream)),
          bound=sympy.S.Zero,
          quantity=baseline_divergence("restart"),
          adversaries=(Adversary("quadratic streams, deletion schedules", generate=table2_instances),),
          derivation="olu.table2:restart"),
    Claim(id="olu.table2:retrain", source="Table 2, rows Retraining (lines 244–255); line 278", kind=Kind.UNLEARNING,
          statement="Retraining from scratch at every deletion is an (α, 0)-OLU (Definition 2).",
          hypotheses=(H("α > 1", ">", alpha, 1), H("μ > 0", ">", mu, 0), P_exact("stream valid", valid_stream)),
          bound=sympy.S.Zero,
          quantity=baseline_divergence("retrain"),
          adversaries=(Adversary("quadratic streams, deletion schedules", generate=table2_instances),),
          derivation="olu.table2:retrain"),
    Claim(id="olu.table2:restart-control-no-restart", source="Table 2 (lines 244–255, 278) with plain OGD in place of the baseline",
          kind=Kind.UNLEARNING, statement="Negative control: OGD that neither restarts nor adds noise is an (α, 0)-OLU.",
          hypotheses=(H("α > 1", ">", alpha, 1), H("μ > 0", ">", mu, 0), P_exact("stream valid", valid_stream)),
          bound=sympy.S.Zero,
          quantity=baseline_divergence("ogd"), control=Control.NEGATIVE,
          adversaries=(Adversary("quadratic streams, deletion schedules", generate=table2_instances),)),
    Claim(id="olu.table2:restart-regret-sc", source="Table 2, row Discard-and-restart, SC (lines 244–255): k log T",
          kind=Kind.REGRET,
          statement="Discard-and-restart with η_s = 1/(μs) on μ-strongly convex losses: Regret_T ≤ (k+1)L²(1 + log T)/(2μ) "
                    "(the explicit form of k log T: one OGD run per interval, Hazan 2016 Thm 3.3).",
          hypotheses=TABLE2_SC, bound=RESTART_SC, quantity=restart_regret(True),
          adversaries=(Adversary("quadratic streams, alternating targets, deletion schedules", generate=table2_instances),),
          derivation="olu.table2:restart-regret-sc"),
    Claim(id="olu.table2:restart-regret-c", source="Table 2, row Discard-and-restart, C (lines 244–255): k√T",
          kind=Kind.REGRET,
          statement="Discard-and-restart with η_s = D/(L√s) on convex losses: Regret_T ≤ (3/2)(k+1)DL√T (one OGD run "
                    "per interval, Hazan 2016 Thm 3.1).",
          hypotheses=TABLE2_C, bound=RESTART_C, quantity=restart_regret(False),
          adversaries=(Adversary("quadratic streams, alternating targets, deletion schedules", generate=table2_instances),),
          derivation="olu.table2:restart-regret-c"),
]


# ---- Table 2, row Active, column Computation
def fewest_steps(values: Instance) -> tuple[list[int], int]:
    """Theorem 6's fewest steps, exactly: I_{1,i} = min{n : γ^n μDτ[i] ≤ L}, I₂ = min{n : γ^{5n} k^{11} ≤ 1} (2.2 = 11/5)."""
    g = (frac(values["beta"]) / frac(values["mu"]) - 1) / (frac(values["beta"]) / frac(values["mu"]) + 1)
    mu_, D_, L_ = frac(values["mu"]), frac(values["D"]), frac(values["L"])
    I1 = []
    for t in values["tau"]:
        n, x = 0, mu_ * D_ * frac(t)
        while x > L_:
            n, x = n + 1, x * g
        I1.append(n)
    n2, kk = 0, Fraction(len(values["tau"])) ** 11
    while kk > 1:
        n2, kk = n2 + 1, kk * g**5
    return I1, n2


def computation_ratio(values: Instance) -> arb:
    """max over deletions of (gradient-descent iterations Algorithm 2 runs at τ[i], counted on a run with Theorem 6's
    fewest steps) / (2.2·log_{1/γ}(kμDτ[i]/L) + 2)."""
    I1, I2 = fewest_steps(values)
    tau = [int(frac(t)) for t in values["tau"]]
    T_ = tau[-1]
    losses = P.Losses(P.QUADRATIC, tuple((Fraction(0),) for _ in range(T_)), lam=(frac(values["mu"]),))
    iters: list[int] = []
    P.active_run(losses, None, [Fraction(0)], [Fraction(0)] * T_, tau, [1] + tau[:-1], [Fraction(0)] * len(tau),
                 Fraction(0), I1, I2, lambda i, d: [Fraction(0)], iterations=iters)
    out = arb(0)
    for n, t in zip(iters, tau):
        out = out.max(arb(n) / arb_eval(COMP_ACTIVE, {**values, "tau_i": t, "k": len(tau),
                                                      "gamma": (frac(values["beta"]) / frac(values["mu"]) - 1)
                                                      / (frac(values["beta"]) / frac(values["mu"]) + 1)}))
    return out


def computation_instances(rng, size: int) -> list[dict]:
    """β/μ ∈ {2, 10, 100} (γ from 1/3 to 99/101), μDτ[i]/L from 1 to 10⁶, k from 1 to 6 deletions."""
    out = []
    deep = size > 40  # the thorough profile: more ratios, scales and deletion counts
    for r in (Fraction(2), Fraction(10), Fraction(100)) + ((Fraction(11, 10), Fraction(1000)) if deep else ()):
        for scale in (Fraction(1), Fraction(7, 2), Fraction(10**6)) + ((Fraction(3, 2),) if deep else ()):
            for kk in (1, 2, 6) + ((3,) if deep else ()):  # each iteration runs over every retained loss: k stays small
                tau = [Fraction(t) for t in range(1, kk + 1)]
                out.append({"mu": Fraction(1), "beta": r, "D": Fraction(1), "L": Fraction(1) / scale, "tau": tau,
                            "k": Fraction(kk)})
    rng.shuffle(out)
    return out[:size]


COMPUTATION_HYPS = (
    H("β > μ > 0 (0 < γ < 1)", ">", beta, mu),
    P_exact("τ[i] = 1..k increasing integers, k = |τ|, μDτ[1] ≥ L (the logarithm is ≥ 0)",
            lambda v: [frac(t) for t in v["tau"]] == sorted({frac(t) for t in v["tau"]}) and frac(v["k"]) == len(v["tau"])
            and all(frac(t).denominator == 1 and frac(t) >= 1 for t in v["tau"])
            and frac(v["mu"]) * frac(v["D"]) * frac(v["tau"][0]) >= frac(v["L"]) > 0),
)

CLAIMS.append(
    Claim(id="olu.table2:computation-active", source="Table 2, row Active, column Computation (lines 244–255), with "
                                                     "Theorem 6's step counts (line 270)", kind=Kind.ITERATIONS,
          statement="Algorithm 2 with the fewest gradient-descent steps Theorem 6 allows runs, at deletion i, at most "
                    "2.2·log_{1/γ}(kμDτ[i]/L) + 2 iterations (Table 2's O(log_{1/γ}(kμDτ[i]/L)) with the constants of "
                    "I₂ ≥ 2.2 log_{1/γ} k and the two integer roundings); checked as the ratio of the count to that bound.",
          hypotheses=COMPUTATION_HYPS, bound=sympy.S.One, quantity=computation_ratio,
          adversaries=(Adversary("β/μ from 2 to 100, μDτ/L from 1 to 10⁶, k up to 6", generate=computation_instances),),
          derivation="olu.table2:computation-active",
          note="The column counts iterations: each iteration is a full gradient over the τ[i] − i + 1 retained losses, so "
               "in gradient evaluations Algorithm 2 costs about τ[i]·log_{1/γ}(kμDτ[i]/L) per deletion — more than "
               "retraining's τ[i] (line 278). Passive and discard-and-restart run no unlearning iteration (the '1' is the "
               "OGD step); retraining reruns τ[i] − i OGD steps."))
