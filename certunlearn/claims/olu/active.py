"""Active OLU (Section 4, lines 234–275; Appendix C): Algorithm 2 (lines 921–938) and Theorem 6, its
unlearning part (lines 259–263; proof 886–957, ``olu.thm6``) and its regret proof's explicit parts (proof
1015–1140, ``olu.thm6:regret-proof``, a proof step; the statement is ``olu.thm6:regret``, :mod:`.active_regret`). Paper file ``papers/000_8245766a2c9b0ba6.txt``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flint import arb

from ...algorithms import olu as A
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import H, P, P_exact
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind
from ...formulas.symbols import alpha, epsilon

from ...formulas.olu import beta, gamma, GAMMA_SC, mu, omega, THM6_REGRET
from .quantities import (
    decided_on_enclosures,
    alg2_noise, alg2_sigma_sum, arb_etas, arb_stream, counts, data_in_ball, ints, lam_range, renyi_diag,
    schedule_of, sq, stream_of, thm6_entries, valid_stream,
)
from .families import thm6_instances, thm6_regret_instances, thm6_weak_instances
from .worst_case import thm6_pep_adversary


def alg2_laws(values: Instance, reference: int, scale: Any = 1, kind: str = "const") -> list[A.Law]:
    """Laws of Algorithm 2 (or its reference process i) with the OGD steps ``kind`` (``arb_etas``)."""
    s = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    etas = arb_etas(values, kind)
    var = [v * to_arb(scale) for v in alg2_noise(values, etas)]
    h = 1 / (to_arb(values["beta"]) + to_arb(values["mu"]))
    return A.active_laws(s, tuple(to_arb(z) for z in values["z1"]), etas, tau, u, var, h,
                         ints(values, "I_1"), int(frac(values["I_2"])), reference=reference)


def alg2_divergences(values: Instance, scale: Any = 1, kind: str = "const") -> list[tuple[arb, arb]]:
    """(D_α(Algorithm 2 ‖ its reference_i), reverse) at τ[i], exactly (general diagonal covariances)."""
    tau, _ = schedule_of(values)
    olu = alg2_laws(values, 0, scale, kind)
    out = []
    for i, t in enumerate(tau, start=1):
        ref = alg2_laws(values, i, scale, kind)
        out.append((renyi_diag(values["alpha"], olu[t], ref[t]), renyi_diag(values["alpha"], ref[t], olu[t])))
    return out


def _alg2_quantity(scale: Any = 1, kind: str = "const") -> Callable[[Instance], arb]:
    def quantity(values: Instance) -> arb:
        out = arb(0)
        for forward, _ in alg2_divergences(values, scale, kind):
            out = out.max(forward)
        return out

    return quantity


def _thm6_steps(values: Instance) -> bool:
    """I_{1,i} ≥ log_{1/γ}(μDτ[i]/L) and I₂ ≥ 2.2 log_{1/γ} k, decided exactly (γ is rational)."""
    tau, _ = schedule_of(values)
    g = (frac(values["beta"]) / frac(values["mu"]) - 1) / (frac(values["beta"]) / frac(values["mu"]) + 1)
    I1, I2 = ints(values, "I_1"), int(frac(values["I_2"]))
    mu_, D_, L_ = frac(values["mu"]), frac(values["D"]), frac(values["L"])
    return (0 < g < 1 and len(I1) == len(tau) and I2 >= 0
            and all(g ** n * mu_ * D_ * t <= L_ for n, t in zip(I1, tau))
            and g ** (5 * I2) * Fraction(len(tau)) ** 11 <= 1)


def _thm6_order(values: Instance) -> bool:
    tau, u = schedule_of(values)
    return all(p <= ui <= t for p, ui, t in zip([0, *tau], u, tau))


THM6_HYPS = (
    H("α > 1", ">", alpha, 1), H("ε > 0", ">", epsilon, 0), H("ω > 1", ">", omega, 1), H("μ > 0", ">", mu, 0),
    P_exact("stream valid", valid_stream), P_exact("τ[i−1] ≤ u[i] ≤ τ[i]", _thm6_order),
    P_exact("quadratic, μ ≤ λ_k ≤ β", lambda v: int(frac(v["family"])) == A.QUADRATIC and lam_range(v, frac(v["mu"]), frac(v["beta"]))),
    P_exact("z_1 and x_t in the ball K of diameter D, L ≥ λ_max D (L-Lipschitz on K)",
      lambda v: data_in_ball({**v, "family": 1})),
    P_exact("0 < ηβ ≤ 1 (OGD steps are convex combinations: the mean paths stay in K)",
      lambda v: 0 < frac(v["eta"]) * frac(v["beta"]) <= 1),
    P_exact("I_{1,i} ≥ log_{1/γ}(μDτ[i]/L), I₂ ≥ 2.2 log_{1/γ} k (exact)", _thm6_steps),
)


def _sc_mean_path_in_K(values: Instance) -> bool:
    """With η_t = 1/(μt) the noise-free means of Algorithm 2 and of every reference process stay in the ball K of
    diameter D (exact, Fractions): the projection the proof's OGD maps carry is then inactive on the means."""
    s = stream_of(values)
    tau, u = schedule_of(values)
    mu_, r2 = frac(values["mu"]), frac(values["D"]) ** 2 / 4
    etas = [1 / (mu_ * t) for t in range(1, s.T + 1)]
    h = 1 / (frac(values["beta"]) + mu_)
    for ref in range(len(tau) + 1):
        laws = A.active_laws(s, vec_z1(values), etas, tau, u, [Fraction(0)] * len(tau), h, ints(values, "I_1"),
                             int(frac(values["I_2"])), reference=ref)
        if any(sq(law.mean) > r2 for law in laws):
            return False
    return True


def vec_z1(values: Instance) -> tuple:
    return tuple(frac(z) for z in values["z1"])


THM6_STEPS_HYPS = tuple(h for h in THM6_HYPS if not h.name.startswith("0 < ηβ")) + (
    H("β > μ (0 < γ < 1)", ">", beta, mu),
    P_exact("with η_t = 1/(μt) the noise-free means stay in K (exact)", _sc_mean_path_in_K),
)


# ---- Theorem 6, regret part (Algorithm 2 with η_t = 1/(μt), Assumption 2)
def assumption2(values: Instance) -> bool:
    """Assumption 2 (line 264): with τ[0] = 1 and z*_i = argmin Σ_{t≤τ[i]} f_t (the mean of x_1..x_{τ[i]} for one
    diagonal Hessian), some a_i ∈ K with ‖a_i − z*_i‖ ≤ 1/τ[i] is stationary for every f_t, τ[i−1] < t < τ[i]: those
    x_t all equal a_i (an empty range leaves a_i = z*_i)."""
    s = stream_of(values)
    tau, _ = schedule_of(values)
    r2 = frac(values["D"]) ** 2 / 4
    for prev, t in zip([1, *tau], tau):
        zs = s.minimiser(list(range(1, t + 1)))
        inner = {s.X[j - 1] for j in range(prev + 1, t)}
        if len(inner) > 1:
            return False
        a_ = inner.pop() if inner else zs
        if sq(x - y for x, y in zip(a_, zs)) * t * t > 1 or sq(a_) > r2:
            return False
    return True


def _alg2_regret(values: Instance) -> arb | Fraction:
    """The exact expected regret (eq. (5)) of Algorithm 2 with η_t = 1/(μt) and eq. (40)'s noise. With no deletion
    (k = 0) there is no noise and every step 1/(μt) is rational: the regret is a rational, returned as a Fraction (so
    that an equality with the bound is provable)."""
    if not schedule_of(values)[0]:
        s = stream_of(values)
        mu_ = frac(values["mu"])
        etas = [1 / (mu_ * t) for t in range(1, s.T + 1)]
        laws = A.active_laws(s, vec_z1(values), etas, [], [], [], 1 / (frac(values["beta"]) + mu_), (), 0)
        return Fraction(A.expected_regret(s, laws, [], []))
    laws = alg2_laws(values, 0, kind="sc")
    ar = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    zs = [tuple(to_arb(x) for x in z) for z in A.comparators(stream_of(values), tau, u)]
    return sum((ar.expected_value(t, laws[t - 1]) - ar.value(t, zs[A.interval_of(t, tau)]) for t in range(1, ar.T + 1)),
               arb(0))


def _alg2_mean_square_pairs(values: Instance):
    """E‖∇f_t(w_{t−1})‖² ≤ L² and E‖w_{t−1} − z*_i‖² ≤ D² along the unprojected Algorithm 2 (the proof's uses of K), as
    (lhs, rhs) enclosures for :func:`.quantities.decided_on_enclosures`."""
    laws = alg2_laws(values, 0, kind="sc")
    ar = arb_stream(stream_of(values))
    tau, u = schedule_of(values)
    zs = [tuple(to_arb(x) for x in z) for z in A.comparators(stream_of(values), tau, u)]
    L2, D2 = A.square(to_arb(values["L"])), A.square(to_arb(values["D"]))
    for t in range(1, ar.T + 1):
        law = laws[t - 1]
        yield sum((l * l * (A.square(m - x) + v) for l, m, x, v in zip(ar.lam, law.mean, ar.X[t - 1], law.var)), arb(0)), L2
        for zz in zs:
            yield sum((A.square(m - z) + v for m, z, v in zip(law.mean, zz, law.var)), arb(0)), D2


THM6_REGRET_HYPS = tuple(h for h in THM6_HYPS if not h.name.startswith("0 < ηβ")) + (
    H("β > μ (0 < γ < 1)", ">", beta, mu), P_exact("T, k, d are the stream's", counts),
    P_exact("Assumption 2 (exact)", assumption2),
    P_exact("G₂, H_T, R_τ, R_T are the instance's (exact)", lambda v: all(frac(v[n]) == x for n, x in thm6_entries(v).items())),
    P_exact("Σ_σ ≥ Σ_i σ_i (eq. (40); a rational rounded up by at most 2⁻⁴⁰ relative, so a violation found is one of "
            "the bound with the exact Σ_i σ_i)", lambda v: alg2_sigma_sum(v) <= to_arb(v["Sigma_sigma"])),
    P("E‖∇f_t‖² ≤ L², E‖w − z*_i‖² ≤ D² along the unprojected process",
      lambda v: decided_on_enclosures(_alg2_mean_square_pairs, v)),
)


CLAIMS: list[Claim] = [
    Claim(id="olu.thm6", source="Theorem 6, unlearning part (lines 270–274; proof lines 940–1013); Algorithm 2 (lines 921–938)",
          kind=Kind.UNLEARNING,
          statement="With I_{1,i} ≥ log_{1/γ}(μDτ[i]/L) and I₂ ≥ 2.2 log_{1/γ} k, Algorithm 2 with σ_i of eq. (40) "
                    "is an (α, αε)-OLU.",
          hypotheses=THM6_HYPS, bound=alpha * epsilon, quantity=_alg2_quantity(),
          adversaries=(Adversary("curvatures {μ, β}, deletions right after the previous one, fewest steps",
                                 generate=thm6_instances),),
          derivation="olu.thm6",
          note="Exact laws of the unprojected Algorithm 2 (K = R^d; the mean paths stay in K by ηβ ≤ 1, the noise "
               "does not): a deleted step that meets earlier noise changes the covariance, so D_α is between "
               "Gaussians with different covariances."),
    Claim(id="olu.thm6:proof-steps",
          source="Theorem 6, unlearning part (lines 270–274; proof lines 940–1013), with the regret proof's η_t = 1/(μt)",
          kind=Kind.UNLEARNING,
          statement="Algorithm 2 run with the step sizes of Theorem 6's proof, η_t = 1/(μt) (line 1015; eq. (40)'s σ_i "
                    "then carries η_{u[i]} = 1/(μu[i])), the printed descent step 1/(β+μ) and the fewest I_{1,i}, I₂ the "
                    "theorem allows, is an (α, αε)-OLU.",
          hypotheses=THM6_STEPS_HYPS, bound=alpha * epsilon, quantity=_alg2_quantity(kind="sc"),
          adversaries=(Adversary("curvature μ (the means stay in K with η_t = 1/(μt)), deletions right after the "
                                 "previous one, fewest steps", generate=thm6_instances),
                       Adversary("the same at β/μ = 11/10 (one descent step suffices)", generate=thm6_weak_instances)),
          derivation="olu.thm6",
          note="The unlearning claim olu.thm6 runs a constant step η = 1/β (inside its hypothesis ηβ ≤ 1); this one runs "
               "the schedule of the regret proof, on which Theorem 6's two guarantees are stated together. Early steps "
               "1/(μt) exceed 2/(β+μ): instances whose means would leave K are outside (the proof's maps project)."),
    Claim(id="olu.thm6:regret-proof", source="Theorem 6, regret part: its proof's explicit parts (lines 1015–1140)",
          kind=Kind.REGRET,
          statement="Under Theorem 6's assumptions and Assumption 2, Algorithm 2 with η_t = 1/(μt): E Regret_T ≤ "
                    "(C + D + E)/2 + E[B] + (1+k)kL²/μ with the proof's explicit parts (eqs. (47)–(55)); the "
                    "statement's O(log T + k(LD² + Ld/(με)) + G₂ + L²k²/μ) is their order.",
          hypotheses=THM6_REGRET_HYPS, bound=THM6_REGRET.subs(gamma, GAMMA_SC), quantity=_alg2_regret,
          adversaries=(Adversary("Assumption 2 streams, outliers at deletion times, fewest descent steps",
                                 generate=thm6_regret_instances),
                       thm6_pep_adversary()),
          derivation="olu.thm6:regret-proof",
          proof_step="the explicit parts Theorem 6's regret proof combines (eqs. (47)–(55)), on Algorithm 2 without "
                     "its projection with the proof's uses of K (E‖∇f_t‖² ≤ L², E‖w − z*_i‖² ≤ D²) required along the "
                     "process; the statement itself is olu.thm6:regret (module active_regret)",
          note="The proof ends in an O(·) (eq. (56)); the bound checked is the sum of its explicit parts as printed, "
               "with eq. (40)'s σ_i (eq. (47) cites eq. (59), Algorithm 3's garbled σ). Eq. (47) drops the factors L "
               "and √d of L·E‖ξ_i‖ ≤ L√dσ_i."),
]
