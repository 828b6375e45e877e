"""Unlearning guarantees of passive OLU: Proposition 1 (Section 2.2, line 100; proof lines 345–359,
367–381), Theorem 1 (Section 3.1, lines 141–160, proof 383–423), Corollary 1 (line 168; proof lines 507–517) and Lemma D (Appendix B,
lines 509–515), the contraction of a GD step behind Corollary 1. Paper file ``papers/000_8245766a2c9b0ba6.txt``.

Claims ``olu.thm1`` (+ ``:control-sigma-halved``), ``olu.cor1:convex``, ``olu.cor1:sc``, ``olu.cor1:sc+fix``,
``olu.lemD.1`` (+fix), ``olu.lemD.2`` (+ ``:control-squared``), ``olu.prop1`` (+ ``:control-no-group``).
"""
from __future__ import annotations

from typing import Any

import sympy
from flint import arb
from sympy import Rational

from ...algorithms import olu as A
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import H, P_exact
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind
from ...formulas.symbols import alpha, epsilon

from ...formulas.olu import gamma, GAMMA_SC, GAMMA_SC_FIX, k, L, LEMD_1, LEMD_2, mu, omega
from .quantities import (
    c3, chain_rdp, chain_renyi, const_etas, contraction, lam_range, unlearning_quantity, valid_stream,
)
from .families import (
    boundary_linear, lemd_instances, prop1_instances, prop1_space, quadratic_family, RATIOS, sc_eta, search_space,
    UNLEARN_ADVERSARIES_CONVEX, UNLEARN_ADVERSARIES_SC,
)


BASE = (
    H("α > 1", ">", alpha, 1), H("ε > 0", ">", epsilon, 0), H("ω > 1", ">", omega, 1), H("L > 0", ">", L, 0),
    P_exact("stream: rows of equal length, 1 ≤ u[i] ≤ τ[i], τ increasing, distinct u", valid_stream),
)
C3 = P_exact("Condition C3 with Δ_t = η_t L (linear: ‖x_t‖ ≤ L; quadratic: u[j] ≤ τ[1], checked at the state)",
       lambda v: c3(v, const_etas(v)))


def _unlearning_claim(cid: str, source: str, statement: str, gamma_expr: sympy.Expr, hyps: tuple,
                      adversaries: tuple, scale: Any = 1, **kw: Any) -> Claim:
    return Claim(id=cid, source=source, kind=Kind.UNLEARNING, statement=statement, hypotheses=BASE + hyps,
                 bound=alpha * epsilon, quantity=unlearning_quantity(gamma_expr, scale), adversaries=adversaries,
                 derivation=kw.pop("derivation", cid), **kw)


SC_HYPS = (
    H("μ > 0", ">", mu, 0),
    P_exact("family quadratic with μ ≤ λ_k ≤ β (μ-strongly convex, β-smooth)",
      lambda v: int(frac(v["family"])) == A.QUADRATIC and lam_range(v, frac(v["mu"]), frac(v["beta"]))),
    C3,
)


def _gd_contraction(values: Instance) -> Fraction:
    """Exact Lipschitz constant of w ↦ w − η∇ℓ(w), ℓ quadratic with Hessian diag(lam): max_k |1 − ηλ_k| (a Fraction, so
    that equality with the bound is proved, not left undecided)."""
    e = frac(values["eta"])
    return Fraction(max(abs(1 - e * frac(l)) for l in values["lam"]))


#: η ≤ 2/M decided exactly (rationals), so the edge η = 2/M is inside, not undecided
ETA_2M = P_exact("η ≤ 2/M", lambda v: 0 < frac(v["eta"]) <= 2 / frac(v["M"]))


def _lemd_hyps(convex: bool) -> tuple:
    lo = (lambda v: Fraction(0)) if convex else (lambda v: frac(v["m"]))
    return (P_exact("Hessian eigenvalues in [" + ("0" if convex else "m") + ", M]",
              lambda v: all(lo(v) <= frac(l) <= frac(v["M"]) for l in v["lam"]) and frac(v["m"]) <= frac(v["M"])),)


def prop1_quantity(values: Instance) -> arb:
    """max over i = 1..k of D_{α/k}(A(S_i) ‖ A(S'_i)) = D_{α/k}(P_i ‖ P_0): S_i holds the i deleted functions."""
    kk = int(frac(values["k"]))
    a = frac(values["alpha"]) / kk
    out = arb(0)
    for i in range(1, kk + 1):
        out = out.max(chain_renyi(values, a, i, 0))
    return out


def group_quantity(values: Instance) -> arb:
    """max over ordered pairs i ≠ j of D_{α/k}(P_i ‖ P_j): the chain's k + 1 laws are the outputs on datasets that differ
    in |i − j| ≤ k elements (Lemmas 1 and 2 compare any two such datasets, in either order)."""
    kk = int(frac(values["k"]))
    a = frac(values["alpha"]) / kk
    out = arb(0)
    for i in range(kk + 1):
        for j in range(kk + 1):
            if i != j:
                out = out.max(chain_renyi(values, a, i, j))
    return out


def _chain_ok(values: Instance) -> bool:
    kk, ch = frac(values["k"]), [frac(x) for x in values["chain"]]
    fam = int(frac(values["family"]))
    return (kk.denominator == 1 and kk >= 1 and len(ch) == kk + 1
            and (all(0 < p < 1 for p in ch) if fam == 0 else fam == 1 and frac(values["s2"]) > 0))


PROP1_HYPS = (
    H("α ≥ 2k", ">=", alpha, 2 * k), H("ε > 0", ">", epsilon, 0),
    P_exact("a chain mechanism: k + 1 laws P_0..P_k (Bernoulli p ∈ (0, 1), or Gaussians of one variance)", _chain_ok),
    P_exact("the online learner is (α, ε)-RDP: D_α between the laws of neighbouring counts, both directions, ≤ ε "
            "(decided on enclosures)", lambda v: chain_rdp(v) <= to_arb(v["epsilon"])),
)


CLAIMS: list[Claim] = [
    _unlearning_claim(
        "olu.thm1", "Theorem 1 (line 160; proof lines 399–442)",
        "If every update g_t is Markovian (C1), γ-contractive (C2) and Δ_t-sensitive (C3), Algorithm 1 is an "
        "(α, αε)-OLU (Definition 2): D_α(output ‖ reference) ≤ αε on every interval [τ[i], τ[i+1]).",
        gamma, (H("0 < γ ≤ 1", "<=", gamma, 1),
                P_exact("C2: every OGD step is γ-contractive (exact: max_k |1 − ηλ_k| ≤ γ)",
                  lambda v: contraction(v) <= frac(v["gamma"])), C3),
        UNLEARN_ADVERSARIES_CONVEX + (Adversary("linear, deletion times at the edges: u = τ (also τ = T), u[i] = τ[i−1], "
                                                "u = 1", generate=boundary_linear),
                                      Adversary("quadratics λ ∈ {μ, β}, η = 1/(β+μ), γ = the true contraction",
                                                generate=quadratic_family(RATIOS, sc_eta)),
                                      Adversary("search: β/μ, gap, α, ω with the true γ",
                                                space=search_space(sc_eta, fixed_gamma=True))),
        note="Tight: one aligned deletion gives D_α = αε(ω−1)/ω, → αε as ω grows."),
    _unlearning_claim(
        "olu.thm1:control-sigma-halved", "Theorem 1 (line 160; proof lines 399–442) with every σ_i halved",
        "Negative control: Algorithm 1 with σ_i/2 is not an (α, αε)-OLU.",
        gamma, (H("0 < γ ≤ 1", "<=", gamma, 1),
                P_exact("C2: every OGD step is γ-contractive (exact)", lambda v: contraction(v) <= frac(v["gamma"])), C3),
        UNLEARN_ADVERSARIES_CONVEX, scale=Fraction(1, 4), derivation=None, control=Control.NEGATIVE,
        note="Violated where one aligned deletion meets ω > 4/3: D_α = 4αε(ω−1)/ω."),
    _unlearning_claim(
        "olu.cor1:convex", "Corollary 1 (line 168; proof lines 507–517), convex case",
        "For β-smooth convex losses, Algorithm 1 with OGD and η ≤ 2/β is an (α, αε)-OLU with γ = 1.",
        sympy.S.One, (P_exact("0 ≤ λ_k ≤ β (convex, β-smooth)", lambda v: lam_range(v, Fraction(0), frac(v["beta"]))),
                      P_exact("η ≤ 2/β", lambda v: 0 < frac(v["eta"]) <= 2 / frac(v["beta"])), C3),
        UNLEARN_ADVERSARIES_CONVEX),
    _unlearning_claim(
        "olu.cor1:sc", "Corollary 1 (line 168; proof lines 507–517), strongly convex case",
        "For β-smooth μ-strongly convex losses, Algorithm 1 with OGD and η ≤ 1/(β+μ) is an (α, αε)-OLU with "
        "γ = (β/μ − 1)/(β/μ + 1).",
        GAMMA_SC, SC_HYPS + (P_exact("0 < η ≤ 1/(β+μ)", lambda v: 0 < frac(v["eta"]) <= 1 / (frac(v["beta"]) + frac(v["mu"]))),),
        UNLEARN_ADVERSARIES_SC,
        note="γ = (κ−1)/(κ+1) is the contraction of a GD step only at η = 2/(β+μ) (Lemma D); with η ≤ 1/(β+μ) a "
             "step contracts the weakly curved direction by 1 − ημ ≥ β/(β+μ) > γ, so the noise falls short by "
             "((1−ημ)/γ)^{τ−u}."),
    _unlearning_claim(
        "olu.cor1:sc+fix", "Corollary 1 (line 168; proof lines 507–517), strongly convex case, corrected",
        "For β-smooth μ-strongly convex losses and η ≤ 2/(β+μ), Algorithm 1 with γ = 1 − ημ (the contraction "
        "factor of a GD step, max(|1−ημ|, |1−ηβ|)) is an (α, αε)-OLU.",
        GAMMA_SC_FIX, SC_HYPS + (P_exact("0 < η ≤ 2/(β+μ)", lambda v: 0 < frac(v["eta"]) <= 2 / (frac(v["beta"]) + frac(v["mu"]))),),
        (Adversary("quadratics λ ∈ {μ, β}, η = 1/(β+μ)", generate=quadratic_family(RATIOS, sc_eta)),
         Adversary("quadratics λ ∈ {μ, β}, η = 2/(β+μ)", generate=quadratic_family(RATIOS, lambda m_, b_: 2 / (b_ + m_))),
         Adversary("search: β/μ, gap, α, ω", space=search_space(sc_eta, fixed_gamma=False))),
        corrects="olu.cor1:sc"),
    Claim(id="olu.lemD.1", source="Lemma D, first bullet (lines 509–513)", kind=Kind.CONTRACTION,
          statement="For convex M-smooth ℓ and η ≤ 2/M, w ↦ w − η∇ℓ(w) is (1 − ηM)-contractive.",
          hypotheses=(ETA_2M, *_lemd_hyps(True)), bound=LEMD_1, quantity=_gd_contraction,
          adversaries=(Adversary("quadratics with Hessian eigenvalues in {0, m, M}", generate=lemd_instances(False)),),
          derivation="olu.lemD.1",
          note="A quadratic with a flat direction is not contracted at all (factor 1), and at η = 2/M the factor "
               "|1 − ηM| = 1 > 1 − ηM = −1."),
    Claim(id="olu.lemD.1+fix", source="Lemma D, first bullet (lines 509–513), corrected",
          statement="For convex M-smooth ℓ and η ≤ 2/M, w ↦ w − η∇ℓ(w) is 1-Lipschitz (non-expansive).",
          hypotheses=(ETA_2M, *_lemd_hyps(True)), bound=sympy.S.One,
          quantity=_gd_contraction, kind=Kind.CONTRACTION, corrects="olu.lemD.1", derivation="olu.lemD.1+fix",
          adversaries=(Adversary("quadratics with Hessian eigenvalues in {0, m, M}", generate=lemd_instances(False)),)),
    Claim(id="olu.lemD.2", source="Lemma D, second bullet (lines 509–515)", kind=Kind.CONTRACTION,
          statement="For m-strongly convex M-smooth ℓ and η = 2/(M+m), w ↦ w − η∇ℓ(w) is (M/m−1)/(M/m+1)-contractive.",
          hypotheses=(P_exact("η = 2/(M+m)", lambda v: frac(v["eta"]) == 2 / (frac(v["M"]) + frac(v["m"]))), *_lemd_hyps(False)),
          bound=LEMD_2, quantity=_gd_contraction, derivation="olu.lemD.2",
          adversaries=(Adversary("quadratics with Hessian eigenvalues in {m, M}", generate=lemd_instances(True)),)),
    Claim(id="olu.lemD.2:control-squared", source="Lemma D, second bullet (lines 509–515), factor squared",
          kind=Kind.CONTRACTION, statement="Negative control: the factor ((M/m−1)/(M/m+1))².",
          hypotheses=(P_exact("η = 2/(M+m)", lambda v: frac(v["eta"]) == 2 / (frac(v["M"]) + frac(v["m"]))), *_lemd_hyps(False)),
          bound=LEMD_2**2, quantity=_gd_contraction, control=Control.NEGATIVE,
          adversaries=(Adversary("quadratics with Hessian eigenvalues in {m, M}", generate=lemd_instances(True)),)),
    Claim(id="olu.prop1", source="Proposition 1 (line 100; proof lines 345–357, 367–379)", kind=Kind.UNLEARNING,
          statement="For k ∈ N and α ≥ 2k, any (α, ε)-RDP online learning algorithm is an (α/k, k^{1.6}ε)-OLU for any "
                    "U and T of size k: D_{α/k}(A(S_i) ‖ A(S'_i)) ≤ k^{1.6}ε, S_i and S'_i differing in i ≤ k functions.",
          hypotheses=PROP1_HYPS, bound=k ** Rational(8, 5) * epsilon, quantity=prop1_quantity,
          adversaries=(Adversary("Gaussian and Bernoulli chains with equal steps, α from 2k to 8k", generate=prop1_instances),
                       Adversary("search: Bernoulli chains (k + 1 log-odds), α/k", space=prop1_space())),
          derivation="olu.prop1",
          note="Instances are online learners whose output law depends only on how many of the k deleted functions "
               "they saw (a chain P_0..P_k): neighbouring streams change that count by at most one, so the learner is "
               "(α, ε)-RDP exactly when consecutive laws are within ε at order α (both directions). The proof cites "
               "Mironov's group-privacy Proposition 2, stated for groups of 2^c: D_{α/2^c} ≤ 3^c ε."),
    Claim(id="olu.lem2", source="Lemma 2 (lines 377–379; Mironov 2017, Proposition 2)", kind=Kind.UNLEARNING,
          statement="If A is (α, ε)-RDP and α ≥ 2k, then for any two datasets S, S' differing in at most k elements "
                    "D_{α/k}(A(S) ‖ A(S')) ≤ k^{1.6}ε.",
          hypotheses=PROP1_HYPS, bound=k ** Rational(8, 5) * epsilon, quantity=group_quantity,
          adversaries=(Adversary("Gaussian and Bernoulli chains with equal steps, α from 2k to 8k", generate=prop1_instances),
                       Adversary("search: Bernoulli chains (k + 1 log-odds), α/k", space=prop1_space())),
          derivation="olu.lem2",
          note="Lemma 1 (lines 355–357) prints the same statement with D_{α/h} (h garbled for k) and is checked by this "
               "claim. Mechanisms whose output law depends only on how many of k marked elements the dataset holds (a "
               "chain P_0..P_k): every ordered pair of the chain is a pair of datasets differing in ≤ k elements. "
               "Mironov's source states the group property for groups of 2^c (order α/2^c, factor 3^c); the appendix "
               "proof of Proposition 1 (line 373) applies it to a (kα, ε)-RDP learner at order α."),
    Claim(id="olu.lem2:control-tenth-less", source="Lemma 2 (lines 377–379) with the bound 10% smaller",
          kind=Kind.UNLEARNING, statement="Negative control: D_{α/k}(A(S) ‖ A(S')) ≤ (9/10)k^{1.6}ε.",
          hypotheses=PROP1_HYPS, bound=Rational(9, 10) * k ** Rational(8, 5) * epsilon, quantity=group_quantity,
          control=Control.NEGATIVE,
          adversaries=(Adversary("Gaussian and Bernoulli chains with equal steps, α from 2k to 8k", generate=prop1_instances),)),
    Claim(id="olu.prop1:control-no-group", source="Proposition 1 (line 100) without the group factor k^{1.6}",
          kind=Kind.UNLEARNING, statement="Negative control: D_{α/k}(A(S_i) ‖ A(S'_i)) ≤ ε.",
          hypotheses=PROP1_HYPS, bound=epsilon, quantity=prop1_quantity, control=Control.NEGATIVE,
          adversaries=(Adversary("Gaussian and Bernoulli chains with equal steps, α from 2k to 8k", generate=prop1_instances),)),
]
