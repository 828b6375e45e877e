"""Regret of passive OLU with OGD (Section 3.2, lines 170–233; proofs in Appendix B.2, lines 519–918):
Theorem 2 (lines 178–184; proof 565–623) as printed and as its proof establishes (eqs. (18)+(19), lines 612, 621),
Corollary 7 (lines 659–670), Theorem 3 (lines 202–208; proof 632–712), Theorem 5 (lines 230–232; proof 890–917),
Table 1's row Constant (lines 163–168), and the lemmas of their proofs: Lemma 5 (lines 633–637), Lemma 6
(lines 754–756), Lemma 9 (line 858), Lemma 10 (lines 1087–1090, eq. (52); proof 1142–1151). Paper file ``papers/000_8245766a2c9b0ba6.txt``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sympy
from flint import arb

from ...algorithms import olu as A
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ..hypotheses import H, P_exact
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind, Space
from ...formulas.symbols import epsilon

from ...formulas.olu import (
    a9, a10, b10, c10, beta, c9, COR7, gamma, GAMMA_SC, k, LEM10, LEM5, LEM6, LEM9, LEM9_XMAX, mu, T, THM2, THM2_PROOF, THM3, THM5,
)
from .quantities import (
    counts, data_in_ball, ints, lam_range, mean_square_hypothesis, qg, regret_quantity, s_value, schedule_of,
    sq, valid_stream,
)
from .worst_case import pep_adversary
from .general import general_hypotheses, only_classic, only_general
from .general_families import general_adversaries
from .sc_worst_case import SMOOTH_SC_ADVERSARY
from .families import (
    edge_deletion_instances,
    lem10_instances, lem9_instances, regret_family, regret_space, stability_instances, thm2_floor, thm3_floor,
)


REGRET_BASE = (
    H("ε > 0", ">", epsilon, 0), P_exact("ω = 6/5 (the theorems' choice)", lambda v: frac(v["omega"]) == Fraction(6, 5)),
    P_exact("stream valid; T, k, d are the stream's", lambda v: valid_stream(v) and counts(v)),
    P_exact("quadratic, z_1 and x_t in the ball K of diameter D, L ≥ λ_max D (L-Lipschitz on K)", data_in_ball),
)
S1_OK = P_exact("S_1 = Σ τ[i]²γ^{4(τ[i]−u[i])}/u[i]⁴ (exact)", lambda v: frac(v["S_1"]) == s_value(v, "S1"))
S2_OK = P_exact("S_2 = Σ τ[i]/u[i]² (exact)", lambda v: frac(v["S_2"]) == s_value(v, "S2"))
THM2_HYPS = REGRET_BASE + (
    H("μ > 0", ">", mu, 0),
    P_exact("μ ≤ λ_k ≤ β", lambda v: lam_range(v, frac(v["mu"]), frac(v["beta"]))),
    P_exact("u[i] ≥ 1/2 + β/μ", lambda v: all(ui >= Fraction(1, 2) + frac(v["beta"]) / frac(v["mu"]) for ui in schedule_of(v)[1])),
    H("T ≥ k", ">=", T, k), S1_OK,
)
CONVEX_REGRET_HYPS = REGRET_BASE + (
    P_exact("0 ≤ λ_k ≤ β (convex, β-smooth)", lambda v: lam_range(v, Fraction(0), frac(v["beta"]))),
    P_exact("Σ_{t≤τ[i]} f_t has quadratic growth κ(τ[i] − τ[i−1])", qg),
    H("T ≥ k", ">=", T, k), S2_OK,
)
THM3_HYPS = CONVEX_REGRET_HYPS + (
    P_exact("u[i] ≥ β²D²/(4L²)", lambda v: all(ui * 4 * frac(v["L"]) ** 2 >= (frac(v["beta"]) * frac(v["D"])) ** 2
                                         for ui in schedule_of(v)[1])),
)


EDGE_DELETION = Adversary("k = 1: one early deletion, z_1 and targets at the ball's edge, ε up to 10⁴",
                          generate=edge_deletion_instances)


def _whole_class(hyps: tuple, strongly_convex: bool) -> tuple:
    """The claim's hypotheses on quadratic streams (predicates read only there) and the theorem's class at k = 0 on the
    general family (:mod:`.general`)."""
    return tuple(only_classic(h) if h.predicate is not None else h for h in hyps) + general_hypotheses(strongly_convex)


def _stability_quantity(values: Instance) -> arb:
    s = A.Stream(A.QUADRATIC, tuple(tuple(frac(x) for x in r) for r in values["X"]), tuple(frac(l) for l in values["lam"]))
    removed = set(ints(values, "removed"))
    full = s.minimiser(list(range(1, s.T + 1)))
    part = s.minimiser([t for t in range(1, s.T + 1) if t not in removed])
    return to_arb(sq(a - b for a, b in zip(full, part))).sqrt()


def _stability_hyps(values: Instance) -> bool:
    s = A.Stream(A.QUADRATIC, tuple(tuple(frac(x) for x in r) for r in values["X"]), tuple(frac(l) for l in values["lam"]))
    removed = set(ints(values, "removed"))
    lmax = max(s.lam)
    diam2 = max(sq(a - b for a, b in zip(x, y)) for x in s.X for y in s.X)
    return (len(removed) == frac(values["c"]) and len(removed) < s.T == frac(values["T"]) and removed <= set(range(1, s.T + 1))
            and frac(values["L"]) ** 2 >= lmax**2 * diam2 and min(s.lam) > 0)


def _lem9_quantity(values: Instance) -> arb:
    """The largest x ≥ 0 with x − √(ax + b) ≤ c: the root (2c + a)/2 + √(b + ac + a²/4) (``LEM9_XMAX``)."""
    return arb_eval(LEM9_XMAX, values)


def _lem10_quantity(square: bool) -> Callable[[Instance], arb]:
    """‖a − b‖² − ‖c − b‖² (or, as printed, ‖a − b‖ − ‖c − b‖²), exactly."""

    def quantity(values: Instance) -> arb:
        a_, b_, c_ = (frac(values[n]) for n in ("a10", "b10", "c10"))
        return Fraction(((a_ - b_) ** 2 if square else abs(a_ - b_)) - (c_ - b_) ** 2)  # rational: equality provable

    return quantity


def _lem10_claim(cid: str, square: bool, **kw: Any) -> Claim:
    return Claim(id=cid, kind=Kind.INEQUALITY, hypotheses=(), bound=LEM10, quantity=_lem10_quantity(square),
                 adversaries=(Adversary("points of a line", generate=lem10_instances),
                              Adversary("search over a, b, c ∈ [−3, 3]",
                                        space=Space(bounds={"a10": (-3.0, 3.0), "b10": (-3.0, 3.0), "c10": (-3.0, 3.0)}))),
                 derivation=cid,
                 quantity_expr=((a10 - b10) ** 2 if square else sympy.Abs(a10 - b10)) - (c10 - b10) ** 2, **kw)


CLAIMS: list[Claim] = [
    Claim(id="olu.thm2", source="Theorem 2 (lines 185–193; proof lines 523–629)", kind=Kind.REGRET,
          statement="Strongly convex losses, η_t = 1/(μt), u[i] ≥ 1/2 + β/μ: E Regret_T = L²/μ(log T + 2k² + "
                    "√3 d k^{1.7} G₁/ε) (read as ≤).",
          hypotheses=_whole_class(THM2_HYPS + (mean_square_hypothesis("sc", GAMMA_SC, False),), True), bound=THM2,
          quantity=only_general(regret_quantity("sc", GAMMA_SC), "sc"),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=regret_family(thm2_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=regret_space(thm2_floor)),
                       pep_adversary("sc"), *general_adversaries("sc", True), SMOOTH_SC_ADVERSARY),
          derivation="olu.thm2"),
    Claim(id="olu.thm2:proof", source="Theorem 2 (line 523), the explicit bound its proof establishes: eqs. (18)+(19) (lines 620, 629)",
          kind=Kind.REGRET,
          statement="E Regret_T ≤ L²/μ(1 + log T) + dωk^{ω+1/2}L²/(2√3εμ(ω−1))·G₁ + (1+k)kL²/μ at ω = 6/5.",
          hypotheses=_whole_class(THM2_HYPS + (mean_square_hypothesis("sc", GAMMA_SC, False),), True), bound=THM2_PROOF,
          quantity=only_general(regret_quantity("sc", GAMMA_SC), "sc"),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=regret_family(thm2_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=regret_space(thm2_floor)),
                       pep_adversary("sc"), *general_adversaries("sc", True), SMOOTH_SC_ADVERSARY),
          derivation="olu.thm2:proof"),
    Claim(id="olu.cor7", source="Corollary 7 (lines 659–670)", kind=Kind.REGRET,
          statement="Under Theorem 2's assumptions: E Regret_T ≤ L²/μ(1 + k + k² + log T) + "
                    "dωk^{ω+1}L²/(2√3 e ln(1/γ) εμ(ω−1)) (ω = 6/5).",
          hypotheses=_whole_class(THM2_HYPS + (H("β > μ (γ > 0: ln(1/γ) finite)", ">", beta, mu),
                                                mean_square_hypothesis("sc", GAMMA_SC, False)), True),
          bound=COR7.subs(gamma, GAMMA_SC), quantity=only_general(regret_quantity("sc", GAMMA_SC), "sc"),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=regret_family(thm2_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=regret_space(thm2_floor)),
                       pep_adversary("sc", beta=Fraction(2)), *general_adversaries("sc", True), SMOOTH_SC_ADVERSARY),
          derivation="olu.cor7",
          note="Eq. (22) bounds each τ[i]γ^{2(τ[i]−u[i])}/u[i]² by 1 + 1/(e ln(1/γ)); substituted into Theorem 2 "
               "the '1 +' part of that bound is multiplied by dωk^{ω+1/2}L²/(…ε), not by L²/μ — it is dropped."),
    Claim(id="olu.thm3", source="Theorem 3 (lines 202–208; proof lines 672–752)", kind=Kind.REGRET,
          statement="Convex losses with aggregate quadratic growth, η_t = D/(L√t), u[i] ≥ β²D²/(4L²): E Regret_T ≤ "
                    "3DL√T + 2k²L²/κ + 3DLdk^{1.7}G₂/(2ε).",
          hypotheses=_whole_class(THM3_HYPS + (mean_square_hypothesis("convex", sympy.S.One, True),), False), bound=THM3,
          quantity=only_general(regret_quantity("convex", sympy.S.One), "convex"),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=regret_family(thm3_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=regret_space(thm3_floor)),
                       pep_adversary("convex"), EDGE_DELETION, *general_adversaries("convex", False)),
          derivation="olu.thm3"),
    Claim(id="olu.thm5", source="Theorem 5 (lines 230–232; proof lines 890–917)", kind=Kind.REGRET,
          statement="Convex losses with aggregate quadratic growth and the proof's constant step η (line 915): "
                    "E Regret_T ≤ L(D + k^{1.1}√(d/ε))√(2T) + 2L²k²/κ.",
          hypotheses=_whole_class(CONVEX_REGRET_HYPS + (mean_square_hypothesis("thm5", sympy.S.One, True),), False), bound=THM5,
          quantity=only_general(regret_quantity("thm5", sympy.S.One), "thm5"),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=regret_family(thm3_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=regret_space(thm3_floor)),
                       pep_adversary("thm5"), EDGE_DELETION, *general_adversaries("thm5", False)),
          derivation="olu.thm5"),
    Claim(id="olu.lem5", source="Lemma 5 (lines 633–637; proof 639–657)", kind=Kind.SENSITIVITY,
          statement="For μ-strongly convex L-Lipschitz f_1..f_T, removing c of them moves the minimiser of the sum "
                    "by at most 2cL/(μT) (printed with c = i − 1).",
          hypotheses=(P_exact("quadratics, μ ≤ λ_min, L ≥ λ_max·diam(data)", lambda v: _stability_hyps(v)
                        and frac(v["mu"]) <= min(frac(l) for l in v["lam"])),),
          bound=LEM5, quantity=_stability_quantity, derivation="olu.lem5",
          adversaries=(Adversary("removed points opposite the rest", generate=stability_instances),)),
    Claim(id="olu.lem6", source="Lemma 6 (lines 754–758; proof 760–776)", kind=Kind.SENSITIVITY,
          statement="If F = Σ f_j has quadratic growth κ and each f_j is L-Lipschitz, removing c functions moves the "
                    "minimiser by at most 2cL/κ.",
          hypotheses=(P_exact("quadratics, κ ≤ Tλ_min (QG of the sum), L ≥ λ_max·diam(data)", lambda v: _stability_hyps(v)
                        and frac(v["kappa"]) <= frac(v["T"]) * min(frac(l) for l in v["lam"])),),
          bound=LEM6, quantity=_stability_quantity, derivation="olu.lem6",
          adversaries=(Adversary("removed points opposite the rest", generate=stability_instances),)),
    Claim(id="olu.lem9", source="Lemma 9 (line 858; proof lines 871–888)", kind=Kind.INEQUALITY,
          statement="If a, c > 0, b ≥ 0, x ≥ 0 and x − √(ax + b) ≤ c, then x ≤ a + c + 2√(b + ac).",
          hypotheses=(H("a > 0", ">", a9, 0), H("c > 0", ">", c9, 0)), bound=LEM9, quantity=_lem9_quantity,
          adversaries=(Adversary("grid of (a, b, c) over six orders of magnitude", generate=lem9_instances),),
          derivation="olu.lem9", quantity_expr=LEM9_XMAX,
          note="The quantity is the largest x allowed by the hypothesis (a root)."),
    _lem10_claim(
        "olu.lem10", square=False, source="Lemma 10 (lines 1087–1090, eq. (52); proof 1142–1151)",
        statement="For a, b, c ∈ R^d: ‖a − b‖ − ‖c − b‖² ≤ ‖a − c‖² + 2‖a − c‖‖c − b‖ (as printed: the first norm "
                  "is not squared). Checked on points of a line (d = 1), where the right-hand side is tightest.",
        note="At a = c the claim reads ‖a − b‖ ≤ ‖a − b‖², false whenever 0 < ‖a − b‖ < 1."),
    _lem10_claim(
        "olu.lem10+fix", square=True, source="Lemma 10 (lines 1087–1090, eq. (52); proof 1142–1151), as its proof (eq. (58)) reads it",
        statement="For a, b, c ∈ R^d: ‖a − b‖² − ‖c − b‖² ≤ ‖a − c‖² + 2‖a − c‖‖c − b‖.", corrects="olu.lem10"),
    Claim(id="olu.thm2:proof-control-eighth", source="Theorem 2 (line 523), eqs. (18)+(19) (lines 620, 629), divided by 8",
          kind=Kind.REGRET, statement="Negative control: E Regret_T ≤ (eqs. (18)+(19))/8.",
          hypotheses=THM2_HYPS + (mean_square_hypothesis("sc", GAMMA_SC, False),), bound=THM2_PROOF / 8,
          quantity=regret_quantity("sc", GAMMA_SC), control=Control.NEGATIVE,
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=regret_family(thm2_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=regret_space(thm2_floor)))),
    Claim(id="olu.lem5:control-quarter", source="Lemma 5 (lines 633–637) with the bound divided by 4",
          kind=Kind.SENSITIVITY, statement="Negative control: ‖w* − w_c*‖ ≤ cL/(2μT).",
          hypotheses=(P_exact("quadratics, μ ≤ λ_min, L ≥ λ_max·diam(data)", lambda v: _stability_hyps(v)
                        and frac(v["mu"]) <= min(frac(l) for l in v["lam"])),),
          bound=LEM5 / 4, quantity=_stability_quantity, control=Control.NEGATIVE,
          adversaries=(Adversary("removed points opposite the rest", generate=stability_instances),)),
    Claim(id="olu.lem9:control-no-root", source="Lemma 9 (line 858) without its square-root term",
          kind=Kind.INEQUALITY, statement="Negative control: x ≤ a + c.",
          hypotheses=(H("a > 0", ">", a9, 0), H("c > 0", ">", c9, 0)), bound=a9 + c9, quantity=_lem9_quantity,
          control=Control.NEGATIVE,
          adversaries=(Adversary("grid of (a, b, c) over six orders of magnitude", generate=lem9_instances),)),
    Claim(id="olu.table1:constant", source="Table 1, row Constant (lines 174–181), with Theorem 5's guarantee (line 232)",
          kind=Kind.REGRET,
          statement="Algorithm 1 with Table 1's constant step η = √(2D²/(TL²(1 + 1.2k^{2.2}d/(0.42ε)))) attains "
                    "Theorem 5's regret L(D + k^{1.1}√(d/ε))√(2T) + 2L²k²/κ.",
          hypotheses=_whole_class(CONVEX_REGRET_HYPS + (mean_square_hypothesis("table1", sympy.S.One, True),), False), bound=THM5,
          quantity=only_general(regret_quantity("table1", sympy.S.One), "table1"),
          adversaries=(Adversary("alternating targets, curvatures, deletion schedules, ε grid",
                                 generate=regret_family(thm3_floor)),
                       Adversary("search: β/μ, T, gap, ε", space=regret_space(thm3_floor)),
                       pep_adversary("thm5"), EDGE_DELETION, *general_adversaries("thm5", False)),
          derivation="olu.table1:constant",
          note="Table 1 prints 0.42 where the proof's 2(ω² − 1) at ω = 1.2 is 0.88: a smaller step than Theorem 5's."),
]
