"""Claim C.2 / 4.9 at t = t₀ and Claim C.3 of POMER (Appendix C, lines 595–725; paper file
``001_8748437fc158d2af.txt``).

* Claim C.2, case t = t₀ (lines 641–651): for x ∈ E_{t₀} the switch decisions satisfy
  Pr(ζ' = 1 | x)/Pr(ζ = 1 | x) ≤ e^{2 log Φ/p} and Pr(ζ' = 0 | x)/Pr(ζ = 0 | x) ≤ e^{2 log Φ}
  (``pomer.claimC.2:t0-switch``, ``pomer.claimC.2:t0-keep``).
* Claim C.3 (lines 625–627): Pr(x_t ∈ E_t | Σ_{t−1} = Σ) ≥ 1 − 3δ' − 9Tδ' − 3e^{−p̃T} for all Σ
  (``pomer.claimC.3``) and the unconditional form its proof (lines 715–725) establishes (``pomer.claimC.3+fix``).

E_t = {x : μ̄_{t+1}(x)/(Φμ̄_t(x)) ∈ [Φ⁻², 1] and μ̄'_{t+1}(x)/(Φμ̄'_t(x)) ∈ [Φ⁻², 1]} (line 621). In one dimension
log(μ̄_{t+1}(x)/μ̄_t(x)) = −βl_t(x) + log Z(l_{1:t−1}) − log Z(l_{1:t}) exactly (:func:`log_partition`).
"""
from __future__ import annotations

import sympy
from flint import arb

from ...algorithms.pomer.gibbs import Ambiguous, log_partition, total
from ...algorithms.pomer.law import exact_law
from ...formulas.pomer import (
    DELTA_PRIME_43, P_43, P_TILDE, PHI_43, PRESCRIBED, Phi, T, p,
)
from ...formulas.symbols import delta
from ...numeric.enclosure import Decision, decide, to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import H, P, holds
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind
from .common import ORIGIN, POSITIVE, guard, losses_of
from .families import c3_grid, t0_grid

#: Claim C.3's failure probability 3δ' + 9Tδ' + 3e^{−p̃T} (line 627).
C3_BOUND = 3 * DELTA_PRIME_43 + 9 * T * DELTA_PRIME_43 + 3 * sympy.exp(-P_TILDE * T)
#: Claim C.2 at t = t₀ (line 649): ε of the switch decision, 2 log Φ/p; of the keep decision, 2 log Φ (line 651).
T0_SWITCH = 2 * sympy.log(Phi) / p
T0_KEEP = 2 * sympy.log(Phi)


def _log_ratio(prefix, loss, values: Instance, x) -> arb:
    """log(μ̄_{t+1}(x)/μ̄_t(x)) = −βl_t(x) + log Z(l_{1:t−1}) − log Z(l_{1:t}) (lines 657–659)."""
    bt, lm = values["beta"], values["lam"]
    return (-to_arb(bt) * loss.at(to_arb(x)) + log_partition(prefix, bt, lm) - log_partition(prefix + loss, bt, lm))


def _t0_parts(values: Instance):
    """log r(x), log r'(x) with r = μ̄_{t₀+1}(x)/(Φμ̄_{t₀}(x)) and r' its primed twin (prefix l_{1:t₀−1} shared)."""
    a, b = values["a"], values["b"]
    prefix = total(losses_of(values), a, b)
    (loss,), (other,) = losses_of(values, "changed"), losses_of(values, "replacement")
    log_phi = to_arb(values["Phi"]).log()
    x = frac(values["x"])
    return _log_ratio(prefix, loss, values, x) - log_phi, _log_ratio(prefix, other, values, x) - log_phi, log_phi


def _in_e_t0(values: Instance) -> Decision:
    """x ∈ E_{t₀}: both log r, log r' in [−2 log Φ, 0] (line 621), decided on enclosures."""
    def margin():
        lr, lr2, log_phi = _t0_parts(values)
        return (-lr).min(-lr2).min(lr + 2 * log_phi).min(lr2 + 2 * log_phi)
    return decide(margin, ">=", arb(0)).decision


@guard
def _t0_switch(values: Instance) -> arb:
    """max over both directions of log[Pr(ζ' = 1 | x)/Pr(ζ = 1 | x)], Pr(ζ = 1 | x) = p + (1 − p)(1 − r(x))."""
    lr, lr2, _ = _t0_parts(values)
    pp = to_arb(frac(values["p"]))
    one, two = pp + (1 - pp) * (1 - lr.exp()), pp + (1 - pp) * (1 - lr2.exp())
    return (two / one).log().max((one / two).log())


@guard
def _t0_keep(values: Instance) -> arb:
    """max over both directions of log[Pr(ζ' = 0 | x)/Pr(ζ = 0 | x)] = |log r'(x) − log r(x)|."""
    lr, lr2, _ = _t0_parts(values)
    return (lr2 - lr).max(lr - lr2)


def _t0_lipschitz(values: Instance) -> Decision:
    g = frac(values["G"])
    fs = losses_of(values) + losses_of(values, "changed") + losses_of(values, "replacement")
    return holds(all(f.lipschitz <= g and f.convex for f in fs))


T0_HYPOTHESES = (
    *POSITIVE, ORIGIN, H("Φ > 1", ">", Phi, 1), H("p > 0", ">", p, 0), H("p ≤ 1", "<=", p, 1),
    P("losses convex and G-Lipschitz", _t0_lipschitz), P("x ∈ E_{t₀} (line 621)", _in_e_t0),
)


# ---------------------------------------------------------------------------------------------- Claim C.3


def _e_t_margin(values: Instance, x) -> arb:
    """min of the four margins of x ∈ E_t at round t = len(losses) (≥ 0 iff x ∈ E_t), at the instance's Φ."""
    a, b = values["a"], values["b"]
    ls, others = losses_of(values), losses_of(values, "other")
    t = len(ls)
    log_phi = values["Phi"].log() if isinstance(values["Phi"], arb) else to_arb(values["Phi"]).log()
    out = None
    for seq in (ls, others):
        lr = _log_ratio(total(seq[:t - 1], a, b), seq[t - 1], values, x) - log_phi
        m = (-lr).min(lr + 2 * log_phi)
        out = m if out is None else out.min(m)
    return out


def _outside_given_history(values: Instance) -> Fraction:
    """Pr(x_t ∉ E_t | Σ_{t−1} = Σ) for the history Σ of the instance: ζ_{t−1} = 0 (no switch at round t − 1), so
    x_t = x_{t−1} = ``x`` and the probability is the indicator 1[x ∉ E_t] — exact (0 or 1) once the enclosure of
    E_t's margin at x excludes 0."""
    m = _e_t_margin(values, frac(values["x"]))
    if m >= 0:
        return Fraction(0)
    if m < 0:
        return Fraction(1)
    raise Ambiguous("x on the boundary of E_t at this precision")


def _outside_marginal(values: Instance) -> arb:
    """Pr(x_t ∉ E_t) = 1 − q_t(E_t) under the exact law q_t of Algorithm 1 (x₁ ∼ ``initial``, B = 3p̃T); for linear
    l_t E_t is an interval whose ends solve the linear margins exactly."""
    a, b = frac(values["a"]), frac(values["b"])
    ls, others = losses_of(values), losses_of(values, "other")
    t = len(ls)
    phi = values["Phi"] if isinstance(values["Phi"], arb) else to_arb(values["Phi"])
    pp, log_phi = values["p"], phi.log()
    budget = 3 * (to_arb(pp) + 1 - phi ** -2) * to_arb(frac(values["T"]))
    law = exact_law(ls, values["beta"], values["lam"], pp, log_phi, budget, values.get("initial", "gibbs"))
    lo, hi = a, b  # exact while E_t's ends lie certainly outside K (so cell ends compare exactly)
    bt = to_arb(frac(values["beta"]))
    for seq in (ls, others):
        _, g, g_right = map(frac, (values["losses"] if seq is ls else values["other"])[t - 1])
        if g != g_right:
            raise ValueError("the marginal form needs a linear l_t (E_t is then an interval)")
        c = log_partition(total(seq[:t - 1], values["a"], values["b"]), values["beta"], values["lam"]) - log_partition(
            total(seq, values["a"], values["b"]), values["beta"], values["lam"]) - log_phi - bt * seq[t - 1].at(arb(0))
        # l_t(x) = g·x + l_t(0): log r(x) = −βg x + c ∈ [−2 log Φ, 0]
        if g == 0:
            if not (c <= 0 and c >= -2 * log_phi):
                raise Ambiguous("E_t empty or undecided for a constant l_t")
            continue
        ends = (c / (bt * to_arb(g)), (c + 2 * log_phi) / (bt * to_arb(g)))
        e_lo, e_hi = (ends[0], ends[1]) if g > 0 else (ends[1], ends[0])
        lo = lo if e_lo <= to_arb(lo) else e_lo if e_lo > to_arb(lo) else _undecided()
        hi = hi if e_hi >= to_arb(hi) else e_hi if e_hi < to_arb(hi) else _undecided()
    if to_arb(hi) <= to_arb(lo):
        return arb(1)
    inside = sum((f.restricted(lo, hi).integral() for f in law.marginals[t - 1]), arb(0))
    return 1 - inside


def _undecided():
    raise Ambiguous("an end of E_t meets an end of K at this precision")


def _c3_neighbours(values: Instance) -> Decision:
    ls, others = values["losses"], values["other"]
    return holds(len(ls) == len(others) >= 2
                 and sum(tuple(map(frac, x)) != tuple(map(frac, y)) for x, y in zip(ls, others)) == 1)


def _c3_lipschitz(values: Instance) -> Decision:
    g = frac(values["G"])
    return holds(all(f.lipschitz <= g and f.convex for f in losses_of(values) + losses_of(values, "other")))


C3_HYPOTHESES = (
    *POSITIVE, ORIGIN, H("δ > 0", ">", delta, 0), H("δ ≤ 1/2", "<=", delta, sympy.Rational(1, 2)),
    H("T ≥ 12 log(1/δ)", ">=", T, 12 * sympy.log(1 / delta)),
    P("l_{1:t}, l'_{1:t} convex and G-Lipschitz", _c3_lipschitz),
    P("l_{1:t}, l'_{1:t} differ in one round t₀ ≤ t", _c3_neighbours),
    H("p < 1 (ζ_{t−1} = 0 has positive probability)", "<", P_43.subs(Phi, PHI_43), 1),
)

CLAIMS = (
    Claim(
        id="pomer.claimC.2:t0-switch", source="Claim C.2 / 4.9, case t = t₀ (lines 595–599, 641–649)",
        kind=Kind.PRIVACY,
        statement="for x ∈ E_{t₀}: Pr(ζ'_{t₀} = 1 | Σ, x)/Pr(ζ_{t₀} = 1 | Σ, x) ≤ e^{2 log Φ/p} (both directions)",
        hypotheses=T0_HYPOTHESES, bound=T0_SWITCH, quantity=_t0_switch,
        adversaries=(Adversary("l_{t₀} vs l'_{t₀} (±Gx, hinges), prefixes, x across E_{t₀}, (β, λ, Φ, p)",
                               generate=t0_grid),),
        derivation="pomer.claimC.2:t0-switch",
        note="The quantity is the log of the ratio of switch probabilities at a point x of E_{t₀} (the printed "
             "step bounds it by 1 + (1 − Φ⁻²)/p ≤ e^{2 log Φ/p}); it needs no property of Φ beyond x ∈ E_{t₀}."),
    Claim(
        id="pomer.claimC.2:t0-keep", source="Claim C.2 / 4.9, case t = t₀ (lines 595–599, 651)",
        kind=Kind.PRIVACY,
        statement="for x ∈ E_{t₀}: Pr(ζ'_{t₀} = 0 | Σ, x)/Pr(ζ_{t₀} = 0 | Σ, x) ≤ e^{2 log Φ} (both directions)",
        hypotheses=T0_HYPOTHESES, bound=T0_KEEP, quantity=_t0_keep,
        adversaries=(Adversary("l_{t₀} vs l'_{t₀} (±Gx, hinges), prefixes, x across E_{t₀}, (β, λ, Φ, p)",
                               generate=t0_grid),),
        derivation="pomer.claimC.2:t0-keep",
        note="On E_{t₀} both r, r' lie in [Φ⁻², 1], so |log r' − log r| ≤ 2 log Φ: attained where one is 1 and the "
             "other Φ⁻²."),
    Claim(
        id="pomer.claimC.3", source="Claim C.3 (lines 625–627; proof lines 715–725)", kind=Kind.PRIVACY,
        statement="with Theorem 4.3's Φ, p: for all Σ, Pr(x_t ∉ E_t | Σ_{t−1} = Σ) ≤ 3δ' + 9Tδ' + 3e^{−p̃T}",
        hypotheses=C3_HYPOTHESES, bound=C3_BOUND, prescribed=PRESCRIBED["pomer.claimC.3"],
        quantity=_outside_given_history,
        adversaries=(Adversary("histories with ζ_{t−1} = 0 and x_{t−1} = x across K, ±Gx, wide K", generate=c3_grid(False)),),
        derivation="pomer.claimC.3",
        note="Conditioned on a history with ζ_{t−1} = 0, x_t = x_{t−1} is fixed, so the conditional probability is "
             "0 or 1; every x_{t−1} ∈ K has positive density and ζ_{t−1} = 0 positive probability (p < 1, keep "
             "probability ≥ Φ⁻²), so histories with x_{t−1} ∉ E_t carry positive mass whenever E_t ≠ K. The proof "
             "(lines 715–725) bounds the marginal q_t, not the conditional law."),
    Claim(
        id="pomer.claimC.3+fix", source="Claim C.3 (lines 625–627) as its proof shows it (lines 715–725)",
        kind=Kind.PRIVACY,
        statement="with Theorem 4.3's Φ, p, B = 3p̃T and x₁ ∼ μ̄₁: Pr(x_t ∉ E_t) ≤ 3δ' + 9Tδ' + 3e^{−p̃T} "
                  "(unconditionally, under the marginal q_t)",
        hypotheses=C3_HYPOTHESES, bound=C3_BOUND, prescribed=PRESCRIBED["pomer.claimC.3+fix"],
        quantity=guard(_outside_marginal), corrects="pomer.claimC.3",
        adversaries=(Adversary("±Gx neighbours, wide and narrow K", generate=c3_grid(True)),),
        derivation="pomer.claimC.3+fix",
        note="The proof's three displays bound q_t-probabilities (Lemma 4.6 and Lemma 3.5 at G, 2G, 3G); this is the "
             "statement they support. Exact law of the iterates (certunlearn.algorithms.pomer.law) with linear l_t."),
)
