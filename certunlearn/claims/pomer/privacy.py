"""The privacy of POMER: Theorems 4.3 and 4.4 (Section 4.1, lines 241–268), the sketch of Section 4.3 (lines
340–369, Claim 4.9) and Appendix C (lines 573–697, Claim C.2); footnote 4 (line 240).

* Claim C.2 / 4.9, case t > t₀ (lines 687–697): the log ratio of keep probabilities (``pomer.claimC.2:post-ratio``).
* footnote 4 (line 240) and line 192: normalised densities make the acceptance shift-invariant (``pomer.footnote4``
  and a control with unnormalised densities).
* Theorem 4.3 (lines 233–243; proof lines 583–617): the whole-trajectory (ε, δ) (``pomer.thm4.3``, a control) and
  the composition Σ ε_t² ≤ ε' (``pomer.thm4.3:composition``).
* Theorem 4.4 (lines 245–255): ε and δ at Theorem 4.4's λ, β (``pomer.thm4.4:epsilon``, ``pomer.thm4.4:delta``),
  and the fix ``pomer.thm4.4:delta+fix``: the δ Theorem 4.3's own proof chain certifies (δ/2 + Σ_t δ_t, p̃ kept
  whole) against δ + 3Te^{−T^{2/3}}.

The whole-trajectory (ε, δ) of Theorem 4.3 is enclosed rigorously over all 2^{T−1} switch patterns
(:mod:`certunlearn.algorithms.pomer.trajectory`, an O(T²) recursion): at T = 9…12, as small as T ≥ 12 log(1/δ)
allows (a vacuous certificate, ε ≈ 10³), and at T = 40 and 100, where the certificate is meaningful (ε ≈ 4–5,
certified δ < 1/2).
"""
from __future__ import annotations

import sympy
from flint import arb

from ...algorithms.pomer.gibbs import PiecewiseLinear, log_partition, partition_closed_form, total
from ...algorithms.pomer.law import ratio_factors
from ...algorithms.pomer.trajectory import trajectory_delta_pair
from ...formulas.pomer import (
    DELTA_43, DELTA_44_FIX, at_prescribed_44, DELTA_CHAIN_43, DELTA_PRIME_43, EPS_43, EPS_PRIME_43, P_43, PHI_43, POST_RATIO, PRESCRIBED, Phi, T, beta, lam,
)
from ...formulas.symbols import delta, epsilon
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ..hypotheses import H, P, holds
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind, Space
from .common import ORIGIN, POSITIVE, guard, losses_of
from .families import (
    composition_grid, footnote_grid, post_grid, post_search, thm44_grid, trajectory_grid, trajectory_meaningful,
)


# ---------------------------------------------------------------------------------------------- Claim C.2, t > t₀


@guard
def _post_ratio(values: Instance) -> arb:
    """log[(μ̄'_{t+1}/μ̄'_t)(x) / (μ̄_{t+1}/μ̄_t)(x)] = log(Z'_t/Z'_{t+1}) − log(Z_t/Z_{t+1}) (independent of x,
    since l_t = l'_t for t > t₀), with l_{1:t−1} and l'_{1:t−1} differing only at t₀."""
    a, b = values["a"], values["b"]
    before = losses_of(values)
    changed = list(before)
    changed[int(values["t0"]) - 1] = losses_of(values, "replacement")[0]
    (now,) = losses_of(values, "current")
    cum, cum_prime = total(before, a, b), total(changed, a, b)
    bt, lm = values["beta"], values["lam"]

    def log_b(c):
        return log_partition(c, bt, lm) - log_partition(c + now, bt, lm)

    return log_b(cum_prime) - log_b(cum)


def _post_lipschitz(values: Instance) -> Decision:
    g = frac(values["G"])
    fs = losses_of(values) + losses_of(values, "replacement") + losses_of(values, "current")
    return holds(all(f.lipschitz <= g and f.convex for f in fs))


# ---------------------------------------------------------------------------------------------- footnote 4


def _keep_at(values: Instance, shift: Fraction, normalised: bool) -> arb:
    """The clipped acceptance probability at x ∈ {a, 0, b} (max over the three of the ratio to the unshifted)."""
    a, b = values["a"], values["b"]
    (prefix,), (loss,) = losses_of(values), losses_of(values, "current")
    shifted = loss + PiecewiseLinear.linear(a, b, 0, shift)
    log_phi = to_arb(values["Phi"]).log()
    worst = arb(0)
    for x in (frac(a), Fraction(0), frac(b)):
        if normalised:
            k0, _ = ratio_factors(loss, prefix, values["beta"], values["lam"], 0, log_phi)
            k1, _ = ratio_factors(shifted, prefix, values["beta"], values["lam"], 0, log_phi)
            v0, v1 = k0.value(x), k1.value(x)
        else:  # Asi et al. 2023: the unnormalised ratio μ_{t+1}(x)/(Φ μ_t(x)) = e^{−βl_t(x)}/Φ, clipped
            def clip(f):
                return (-to_arb(values["beta"]) * f.at(to_arb(x)) - log_phi).exp().min(arb(1)).max((-2 * log_phi).exp())
            v0, v1 = clip(loss), clip(shifted)
        worst = worst.max((v1 / v0).max(v0 / v1))
    return worst


def _normalised_keep_ratio(values: Instance):
    """max over x ∈ {a, 0, b} of max(v'/v, v/v'), v = Π(μ̄_{t+1}(x)/(Φμ̄_t(x))) and v' the same with l_t + c.

    Where both ratios are clipped to the same end (decided on enclosures) v'/v = 1 exactly. Where neither is clipped,
    v'/v = ρ = [e^{−βl'(x)}Z_t/(Z'_{t+1}Φ)]/[e^{−βl(x)}Z_t/(Z_{t+1}Φ)] is built as a sympy closed form from the
    instance's exact values, each partition function from its own loss (:func:`partition_closed_form`). When sympy
    proves v' − v = 0 by expansion (exponentials of rationals combine exactly; the erf values are shared atoms),
    ρ = 1 and max(ρ, 1/ρ) = ρ is returned as that closed form, whose equality with the bound the checker proves
    again (:mod:`certunlearn.numeric.symbolic_equality`). Otherwise (a branch not decided, or no proof) the
    enclosure of :func:`_keep_at`."""
    a, b = values["a"], values["b"]
    (prefix,), (loss,) = losses_of(values), losses_of(values, "current")
    shifted = loss + PiecewiseLinear.linear(a, b, 0, frac(values["shift"]))
    log_phi = to_arb(values["Phi"]).log()
    bt, lm = values["beta"], values["lam"]
    log_z_t = log_partition(prefix, bt, lm)

    def branch(f: PiecewiseLinear, x: Fraction) -> str | None:
        """Where log r(x) = −βf(x) + log Z_t − log Z_{t+1} − log Φ lies: above 0, below −2 log Φ, or between."""
        log_r = -to_arb(frac(bt)) * to_arb(f(x)) + log_z_t - log_partition(prefix + f, bt, lm) - log_phi
        if log_r >= 0:
            return "top"
        if log_r <= -2 * log_phi:
            return "floor"
        return "middle" if log_r < 0 and log_r > -2 * log_phi else None

    sides = [(branch(loss, x), branch(shifted, x)) for x in (frac(a), Fraction(0), frac(b))]
    middle = [x for x, (s0, s1) in zip((frac(a), Fraction(0), frac(b)), sides) if s0 == s1 == "middle"]
    if any(s0 is None or s0 != s1 for s0, s1 in sides):
        return _keep_at(values, frac(values["shift"]), True)
    if not middle:
        return Fraction(1)  # every x clipped to the same end in both: v = v'
    z_t = partition_closed_form(prefix, bt, lm)
    z_next = {id(f): partition_closed_form(prefix + f, bt, lm) for f in (loss, shifted)}

    def exact(q) -> sympy.Rational:
        q = frac(q)
        return sympy.Rational(q.numerator, q.denominator)

    def keep(f: PiecewiseLinear, x: Fraction):
        return sympy.exp(-exact(bt) * exact(f(x))) * z_t / (z_next[id(f)] * exact(values["Phi"]))

    pairs = [(keep(shifted, x), keep(loss, x)) for x in middle]
    # ρ = v'/v = 1 proved by expansion (exp of rationals combine exactly, the erf values are the same atoms); then
    # max(ρ, 1/ρ) = ρ, returned as the closed form whose equality with the bound the checker proves again
    if all(sympy.expand(sympy.together(v1 - v0)) == 0 for v1, v0 in pairs):
        return pairs[0][0] / pairs[0][1]
    return _keep_at(values, frac(values["shift"]), True)


# ---------------------------------------------------------------------------------------------- Theorem 4.4 parameters


THM44_HYPOTHESES = (
    H("ε > 0", ">", epsilon, 0), H("ε ≤ 1", "<=", epsilon, 1),
    H("δ > 0", ">", delta, 0), H("δ ≤ 1/2", "<=", delta, sympy.Rational(1, 2)),
    H("T ≥ 12 log(1/δ)", ">=", T, 12 * sympy.log(1 / delta)),
)


def _from_prescribed(expr: sympy.Expr):
    lam_, beta_ = sympy.Symbol("lam"), sympy.Symbol("beta")
    bound = expr.subs({lam: lam_, beta: beta_})

    def quantity(values: Instance) -> arb:
        return arb_eval(bound, values)

    quantity.__doc__ = f"{expr} at the prescribed parameters"
    return quantity


def _chain_delta(values: Instance) -> arb:
    """δ/2 + 4δ'T + 9T²δ' + 3Te^{−p̃T} (Theorem 4.3's proof, lines 613–617, before its last two inequalities) at the
    prescribed Φ and p of the instance."""
    return arb_eval(DELTA_CHAIN_43, values)


@guard
def _sum_eps_squared(values: Instance) -> arb:
    """max over t₀ and switch patterns of Σ_t ε_t² with Claim 4.9's ε_t (eq. (4.3), lines 373–380): t₀ = 1,
    ε_{t₀} = 2 log Φ/p, and for t > t₀ ε_t = 1[Σ_{s<t} ζ_s < B]·(ζ_{t−1} log Φ + 2G²β/(λp)) — at most
    M = min(⌈B⌉ − 1, T − 1) rounds follow a counted switch."""
    big_t = int(frac(values["T"]))
    log_phi, pp, budget = values["Phi"].log(), values["p"], values["B"]
    ceiling = budget.ceil().unique_fmpz()
    if ceiling is None:
        return arb.nan()
    m = min(int(ceiling) - 1, big_t - 1)
    c = 2 * to_arb(values["G"]) ** 2 * to_arb(values["beta"]) / (to_arb(values["lam"]) * pp)
    return (2 * log_phi / pp) ** 2 + m * (log_phi + c) ** 2 + (big_t - 1 - m) * c**2


def _trajectory_points() -> int:
    """Grid cells on K for the trajectory divergence: finer as the decision raises the precision."""
    from flint import ctx

    return 24 if ctx.prec <= 64 else 48 if ctx.prec <= 128 else 96


@guard
def _trajectory_delta(values: Instance) -> arb:
    """max over both directions of δ(ε) for the published x_1..x_T (Algorithm 1 with the prescribed Φ, p, B, ε),
    a rigorous bracket from :func:`~certunlearn.algorithms.pomer.trajectory.trajectory_delta_pair`."""
    ls, others = losses_of(values), losses_of(values, "other")
    phi = values["Phi"]
    log_phi = phi.log() if isinstance(phi, arb) else to_arb(phi).log()
    eps = values["epsilon"] if isinstance(values["epsilon"], arb) else to_arb(values["epsilon"])
    out = trajectory_delta_pair(ls, others, values["beta"], values["lam"], values["p"], log_phi, eps, values["B"],
                                values.get("initial", "uniform"), _trajectory_points(), refine=4)
    return out[0].max(out[1])


def _neighbours(values: Instance) -> Decision:
    """The two sequences differ in exactly one round and both have T rounds."""
    ls, others = values["losses"], values["other"]
    return holds(len(ls) == len(others) == int(frac(values["T"]))
                 and sum(tuple(map(frac, x)) != tuple(map(frac, y)) for x, y in zip(ls, others)) == 1)


def _all_lipschitz(values: Instance) -> Decision:
    g = frac(values["G"])
    return holds(all(f.lipschitz <= g and f.convex for f in losses_of(values) + losses_of(values, "other")))


#: Theorem 4.3's hypotheses (line 244); p ≤ 1 is implicit in S'_t ∼ Ber(1 − p).
THM43_HYPOTHESES = (
    *POSITIVE, H("δ > 0", ">", delta, 0), H("δ ≤ 1/2", "<=", delta, sympy.Rational(1, 2)),
    H("T ≥ 12 log(1/δ)", ">=", T, 12 * sympy.log(1 / delta)),
    P("l_{1:T}, l'_{1:T} convex and G-Lipschitz", _all_lipschitz),
    P("neighbouring: l_{1:T}, l'_{1:T} differ in one round", _neighbours),
    H("p ≤ 1 (S'_t ∼ Ber(1 − p))", "<=", P_43.subs(Phi, PHI_43), 1),
)


CLAIMS = (
    Claim(
        id="pomer.claimC.2:post-ratio", source="Claim C.2 / 4.9, case t > t₀ (lines 595–599, 354–358; proof lines 653–711)", kind=Kind.PRIVACY,
        statement="for t > t₀ and every x: (μ̄'_{t+1}(x)/μ̄'_t(x)) / (μ̄_{t+1}(x)/μ̄_t(x)) ≤ e^{2G²β/λ}",
        hypotheses=(*POSITIVE, ORIGIN, P("all losses convex and G-Lipschitz", _post_lipschitz)),
        bound=POST_RATIO, quantity=_post_ratio,
        adversaries=(Adversary("grid: l_{t0} = Gx vs −Gx, l_t = ±Gx, prefixes, K, (β, λ)", generate=post_grid),
                     post_search()),
        derivation="pomer.claimC.2:post-ratio",
        note="The quantity is the log ratio; it does not depend on x because l_t = l'_t cancels."),
    Claim(
        id="pomer.footnote4", source="footnote 4 (line 231) and line 209", kind=Kind.PRIVACY,
        statement="the acceptance probability Π(μ̄_{t+1}(x)/(Φ μ̄_t(x))) is unchanged when a constant is added to l_t",
        hypotheses=(*POSITIVE, H("Φ > 1", ">", Phi, 1)), bound=sympy.Integer(1),
        quantity=guard(_normalised_keep_ratio),
        adversaries=(Adversary("constants added to |x| and x", generate=footnote_grid),),
        control=Control.POSITIVE, derivation="pomer.footnote4",
        note="Positive control: the ratio is exactly 1 (normalised densities), so it must be attained."),
    Claim(
        id="pomer.footnote4:control-unnormalised", source="negative control: footnote 4 with unnormalised densities",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) Π(μ_{t+1}(x)/(Φ μ_t(x))) with unnormalised μ (Asi et al. 2023) is unchanged "
                  "when a constant is added to l_t",
        hypotheses=(*POSITIVE, H("Φ > 1", ">", Phi, 1)), bound=sympy.Integer(1),
        quantity=guard(lambda v: _keep_at(v, frac(v["shift"]), False)),
        adversaries=(Adversary("constants added to |x| and x", generate=footnote_grid),), control=Control.NEGATIVE),
    Claim(
        id="pomer.thm4.3", source="Theorem 4.3 (lines 233–243, 581; proof lines 589–617)", kind=Kind.PRIVACY,
        statement="Algorithm 1 with Φ = Φ'², p = max(T^{−1/3}, (G⁴β²/(λ² log²Φ))^{1/3}), B = 3p̃T is "
                  "(ε, δ + 3Te^{−(1−Φ⁻²)T})-DP with ε = 3ε'/2 + √(6ε')√log(2/δ)",
        hypotheses=THM43_HYPOTHESES, bound=DELTA_43, prescribed=PRESCRIBED["pomer.thm4.3"], quantity=_trajectory_delta,
        adversaries=(Adversary("neighbouring ±Gx / hinge sequences, differing round first/middle/last, (β, λ), δ, "
                               "initial point", generate=trajectory_grid(10)),
                     Adversary("T = 40 (thorough: 100) with a meaningful certificate, ε ≈ 4–5, δ + 3Te^{−(1−Φ⁻²)T} < 1/2",
                               generate=trajectory_meaningful)),
        derivation="pomer.thm4.3",
        note="The quantity is the exact whole-trajectory δ(ε) of the published x_1..x_T in one dimension, enclosed "
             "rigorously over all 2^{T−1} switch patterns by the O(T²) block recursion "
             "(algorithms.pomer.trajectory). On the first family (T ≤ 12) the hypothesis T ≥ 12 log(1/δ) forces δ ≥ e^{−T/12} ≥ e^{−1} and the certified ε "
             "is ~10³, so the check is vacuous there. The second family makes the certificate meaningful: at T = 40, "
             "β/λ = 2·10⁻⁶, δ = 1/5 the certified (ε, δ + 3Te^{−(1−Φ⁻²)T}) ≈ (5.2, 0.37); at T = 100 (thorough) "
             "≈ (3.9, 0.12), where B = 3p̃T ≈ 93 could bind and the bracket for B = ∞ is widened by (1 + e^ε)·"
             "Pr[Bin(T − 1, p̃) ≥ ⌈B⌉] (a coupling; every round switches with probability ≤ p̃). The derivation checks "
             "the printed composition algebra (lines 605–615)."),
    Claim(
        id="pomer.thm4.3:control-no-composition", source="negative control: Theorem 4.3 with (0, δ')",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) Algorithm 1 with Theorem 4.3's Φ, p, B is (0, δ')-DP, δ' = δT⁻²/60",
        hypotheses=THM43_HYPOTHESES, bound=DELTA_PRIME_43, prescribed=PRESCRIBED["pomer.thm4.3:control-no-composition"],
        quantity=_trajectory_delta,
        adversaries=(Adversary("neighbouring sequences", generate=trajectory_grid(2)),), control=Control.NEGATIVE),
    Claim(
        id="pomer.thm4.3:composition", source="Theorem 4.3, proof (lines 581, 601–611) with Claim 4.9 (lines 354–358)",
        kind=Kind.PRIVACY,
        statement="Σ_t ε_t² ≤ ε' = 7T^{2/3}log²Φ + 12 log³Φ·T + 11(G⁴β²/λ²)^{1/3}log^{4/3}Φ·T for Claim 4.9's ε_t "
                  "with Theorem 4.3's Φ, p and B = 3p̃T",
        hypotheses=(*POSITIVE, H("δ > 0", ">", delta, 0),
                    H("δ ≤ 1/2", "<=", delta, sympy.Rational(1, 2)),
                    H("T ≥ 12 log(1/δ)", ">=", T, 12 * sympy.log(1 / delta))),
        bound=EPS_PRIME_43, prescribed=PRESCRIBED["pomer.thm4.3:composition"],
        quantity=_sum_eps_squared,
        adversaries=(Adversary("(β, λ, G, T, δ) grid", generate=composition_grid),
                     Adversary("search over (β/λ, G, T)", space=Space(
                         {"beta": (1e-8, 10.0), "lam": (0.01, 1e5), "G": (0.01, 10.0), "T": (9.0, 1e7)},
                         log=frozenset({"beta", "lam", "G", "T"}), fixed={"delta": "1/2"},
                         build=lambda v: {**v, "T": int(v["T"])}))),
        derivation="pomer.thm4.3:composition",
        note="The quantity is the worst case of the per-round ε_t that Claim 4.9 asserts (not the true privacy loss)."),
    Claim(
        id="pomer.thm4.4:epsilon", source="Theorem 4.4 (lines 245–255) via Theorem 4.3", kind=Kind.PRIVACY,
        statement="with Theorem 4.4's λ, β and Theorem 4.3's Φ, p, the ε that Theorem 4.3 certifies is ≤ ε",
        hypotheses=THM44_HYPOTHESES, bound=epsilon, prescribed=PRESCRIBED["pomer.thm4.4:epsilon"],
        quantity=_from_prescribed(EPS_43), quantity_expr=at_prescribed_44(EPS_43), adversaries=(Adversary("(ε, δ, T, G, D, d) grid", generate=thm44_grid),),
        derivation="pomer.thm4.4:epsilon"),
    Claim(
        id="pomer.thm4.4:delta", source="Theorem 4.4 (lines 245–255) via Theorem 4.3 (line 233)", kind=Kind.PRIVACY,
        statement="with Theorem 4.4's parameters, the δ that Theorem 4.3 certifies, δ + 3Te^{−(1−Φ⁻²)T}, is ≤ δ",
        hypotheses=THM44_HYPOTHESES, bound=delta, prescribed=PRESCRIBED["pomer.thm4.4:delta"],
        quantity=_from_prescribed(DELTA_43), quantity_expr=at_prescribed_44(DELTA_43), adversaries=(Adversary("(ε, δ, T, G, D, d) grid", generate=thm44_grid),),
        derivation="pomer.thm4.4:delta",
        proof_step="Theorem 4.4's route through Theorem 4.3 (line 233): the δ that route certifies is δ plus a "
                   "positive term, above δ by construction — a gap in the proof's route, not a counterexample to "
                   "the privacy of Theorem 4.4's algorithm (whose true δ is not computed here)",
        note="Theorem 4.4 states (ε, δ)-DP but Theorem 4.3, which it applies, only gives δ + 3Te^{−(1−Φ⁻²)T}."),
    Claim(
        id="pomer.thm4.4:delta+fix", source="Theorem 4.4 (lines 245–255) with Theorem 4.3's proof (lines 613–617)",
        kind=Kind.PRIVACY,
        statement="with Theorem 4.4's parameters, the δ that Theorem 4.3's proof certifies, δ/2 + Σ_t δ_t with "
                  "Claim 4.9's δ_t = 4δ' + 9δ'T + 3e^{−p̃T}, is at most δ + 3Te^{−T^{2/3}}",
        hypotheses=THM44_HYPOTHESES, bound=DELTA_44_FIX, prescribed=PRESCRIBED["pomer.thm4.4:delta+fix"],
        quantity=_chain_delta, quantity_expr=DELTA_CHAIN_43,
        adversaries=(Adversary("(ε, δ, T, G, D, d) grid", generate=thm44_grid),),
        corrects="pomer.thm4.4:delta", derivation="pomer.thm4.4:delta+fix",
        proof_step="Theorem 4.3's proof chain (lines 613–617) at Theorem 4.4's parameters against the corrected "
                   "bound: algebra alone puts the chain below it (≤ 0.717δ + 3Te^{−T^{2/3}}), so it checks the "
                   "corrected route, not the algorithm's true δ",
        note="The quantity is the proof's own chain (Lemma 2.2 with δ/2, Claim 4.9's δ_t summed) at the prescribed Φ "
             "and p, with p̃ = p + 1 − Φ⁻² kept whole; the printed proof splits e^{−p̃T} ≤ e^{−pT} + e^{−(1−Φ⁻²)T} "
             "(line 615), and at Theorem 4.4's parameters (1 − Φ⁻²)T is tiny, so the printed extra term is ≈ 3T. "
             "Keeping p̃ ≥ p ≥ T^{−1/3}, the extra term is 3Te^{−T^{2/3}}, negligible for T ≳ 30."),
)
