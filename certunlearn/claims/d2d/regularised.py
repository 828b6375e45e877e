"""Section 3.2 of Descent-to-Delete: convex losses through the regularised g = f + (m/2)‖θ‖² — Claim 3.3
(line 277), Theorem 3.4 (lines 279–300), Theorem 3.5 (lines 310–318; proof Appendix E, lines 614–697) and
Remark 3.6 (lines 321–330).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Claim 3.3's three constants are measured exactly on 1-d boxes
containing 0; the theorems run Algorithms 1–3 on g with the prescribed regulariser m (``0 ∈ Θ``, line 273).
"""
from __future__ import annotations

import itertools
from dataclasses import replace
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import sympy

from ...formulas.symbols import delta
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from ..hypotheses import H, P, holds
from ..instances import frac, is_int
from ..model import Adversary, Claim, Instance, Kind, Space
from ...formulas.d2d import ALPHA_34, ALPHA_34_FIX, ALPHA_35, ALPHA_35_FIX, ALPHA_36, ALPHA_36_FIX, D, L, M, PRESCRIBED, beta, m, xi
from .claim33_losses import convexity, family, lipschitz, smoothness
from .common import (
    CLAIMS_BY_ID, DELTA_RANGE, EPS_POS, ENCLOSED_ACC, accuracy_probability, decide_ge, frac_matrix, grid_fraction,
    pgd_hypotheses, secret_laws, setup_of, unlearning_delta, upper_fraction,
)
from .offtheta_excess import global_loss
from .perfect_offtheta import offtheta_secret
from .ball_families import D3_REACH, accuracy_adversaries, ball_adversary, three_d, three_d_accuracy
from .huber_families import huber_adversary, logistic_adversary
from .families import (
    GROWING_ROUNDS_SHIFT, REGULARISED_SHIFT, boundary_structured, pgd_structured, reg_small_search, regularised_gen,
    search_regularised, search_with_beta,
)


# ---------------------------------------------------------------------------------------------------- Claim 3.3
# the family, Θ and the three quantities over quadratic, linear, Huber and logistic losses, boxes and balls
_family, _claim33_lipschitz, _claim33_smoothness, _claim33_convexity = family, lipschitz, smoothness, convexity


def _claim33_ok(names: Sequence[str]) -> Callable[[Instance], Decision]:
    def ok(values: Instance) -> Decision:
        loss, dom = _family(values)
        X = frac_matrix(values["X"])
        dim = len(values["lo"])
        if X.ndim != 2 or X.shape[1] != dim or len(values["hi"]) != dim:
            return Decision.FALSE
        if not frac(values.get("linear", 0)) and len(values["A"]) != dim:
            return Decision.FALSE
        if not dom.contains(np.zeros(dim, dtype=object)):
            return Decision.FALSE  # Section 3.2 assumes 0 ∈ Θ (line 273)
        loss.check_data(X)
        c = loss.constants(dom)
        for name in names:
            exact = c.value(name)
            r = decide_ge(frac(values[name]), lambda e=exact: arb_eval(e))
            if r is not Decision.TRUE:
                return r
        return Decision.TRUE

    return ok


def claim33_instance(A, R, lo, hi, X, m_, linear=0, **extra) -> dict[str, Any]:
    """A Claim 3.3 instance with the tightest valid L, M, D of the family on Θ (``extra`` may set ``huber``,
    ``logistic`` or ``ball``: :func:`.claim33_losses.family`)."""
    inst = {"A": list(A), "R": R, "lo": list(lo), "hi": list(hi), "X": [list(r) for r in X], "m": m_, "linear": linear}
    inst.update({k: v for k, v in extra.items() if k in ("huber", "logistic", "ball")})
    loss, dom = _family(inst)
    c = loss.constants(dom)
    inst.update({"L": upper_fraction(c.value("L")), "M": upper_fraction(c.value("M")), "D": upper_fraction(c.value("D"))})
    inst.update(extra)
    return inst


def _claim33_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Θ with 0 at a vertex ([0, r]^d: ‖θ‖ reaches D, so L + mD is attained by θ at the far vertex and x = −R·θ/‖θ‖),
    symmetric boxes (‖θ‖ ≤ D/2: slack), quadratic and linear families, weak and strong regularisers."""
    out = []
    for dim, r, m_, lin, a in itertools.product((1, 2), (Fraction(1, 2), Fraction(2)), (Fraction(1, 10), Fraction(1), Fraction(5)),
                                                 (0, 1), (1, 3)):
        if lin and a != 1:
            continue
        R = 1
        u = Fraction(1) if dim == 1 else None
        far = [-R] if dim == 1 else [Fraction(-3, 5), Fraction(-4, 5)]  # ‖x‖ = R, pointing away from the far vertex
        for lo, hi in (([0] * dim, [r] * dim), ([-r] * dim, [r] * dim)):
            X = [far, [R] + [0] * (dim - 1)]
            out.append(claim33_instance([a] * dim if u else [a, 2 * a], R, lo, hi, X, m_, lin))
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _claim33_widened(rng: np.random.Generator, size: int) -> list[dict]:
    """Claim 3.3 beyond quadratic and linear losses on boxes (issue 23): the Huber-smoothed quadratic (+ its own
    curvature, band widths 1/8 and 1/2) on boxes with 0 at a vertex or the centre (d ∈ {1, 2}) and on the disc;
    logistic (λ = 0: convex, not strongly) and logistic + ridge (λ = 1/4) on intervals and discs; quadratic and linear
    losses on discs; weak and strong regularisers. Data at ‖x‖ = R pointing away from the far point of Θ.
    Quick: 12 drawn; thorough (size > 40): every instance."""
    specs = []  # (positional, keyword) arguments of claim33_instance: only the drawn ones are built
    R = 1
    for m_, r in itertools.product((Fraction(1, 10), Fraction(1), Fraction(5)), (Fraction(1, 2), Fraction(2))):
        for dim in (1, 2):
            far = [-R] if dim == 1 else [Fraction(-3, 5), Fraction(-4, 5)]
            X = [far, [R] + [0] * (dim - 1)]
            A = [1] * dim if dim == 1 else [1, 3]
            for w in (Fraction(1, 8), Fraction(1, 2)):
                for lo, hi in (([0] * dim, [r] * dim), ([-r] * dim, [r] * dim)):
                    specs.append(((A, R, lo, hi, X, m_), {"huber": [Fraction(1, 2), w]}))
            for lam in (Fraction(0), Fraction(1, 4)):
                if dim == 1:
                    specs.append((([lam], R, [0], [r], X, m_), {"logistic": 1}))
                else:
                    specs.append((([lam] * 2, R, [-r] * 2, [r] * 2, X, m_), {"logistic": 1, "ball": r}))
            if dim == 2:
                for extra in ({"huber": [Fraction(1, 2), Fraction(1, 8)]}, {}):
                    specs.append(((A, R, [-r] * 2, [r] * 2, X, m_), {"ball": r, **extra}))
                specs.append(((A, R, [-r] * 2, [r] * 2, X, m_, 1), {"ball": r}))
    want = len(specs) if size > 40 else min(12, size)
    if want < len(specs):
        specs = [specs[j] for j in sorted(rng.choice(len(specs), want, replace=False))]
    return [claim33_instance(*args, **kw) for args, kw in specs]


CLAIM33_WIDE = Adversary(
    "Huber-smoothed and logistic (+ ridge) losses; boxes and discs", generate=_claim33_widened,
    reaches="losses beyond quadratics and linear ones (the Huber-smoothed quadratic, logistic with and without "
            "ridge) and Θ a Euclidean ball in d = 2 (the supremum over the circle enclosed by a rigorous branch and "
            "bound; logistic on a disc reduced to ⟨x, θ⟩)")


def _claim33_build(q: dict) -> dict:
    lo, hi = -grid_fraction(q["lo"]), grid_fraction(q["hi"])
    return claim33_instance([grid_fraction(q["a"]) or Fraction(1, 4096)], 1, [lo], [hi], [[grid_fraction(q["x0"])], [grid_fraction(q["x1"])]],
                            grid_fraction(q["m"]) or Fraction(1, 4096), 1 if q["lin"] > 0 else 0)


CLAIM33_SEARCH = Adversary("search over 1-d boxes containing 0, curvature, regulariser, two points", space=Space(
    bounds={"a": (0.05, 10.0), "m": (0.01, 10.0), "lo": (0.0, 3.0), "hi": (0.01, 3.0), "x0": (-1.0, 1.0),
            "x1": (-1.0, 1.0), "lin": (-1.0, 1.0)}, log=frozenset({"a", "m"}), build=_claim33_build))
_CLAIM33_HYPS = (H("m > 0", ">", m, 0),)

CLAIMS_33 = [
    Claim(
        id="d2d.claim3.3",
        source="Claim 3.3, Lipschitz constant (line 277; Θ ∋ 0, line 273)",
        kind=Kind.INEQUALITY,
        statement="f_z convex, L-Lipschitz, M-smooth on Θ ∋ 0 ⇒ g_z = f_z + (m/2)‖θ‖² is (L + mD)-Lipschitz on Θ",
        hypotheses=(*_CLAIM33_HYPS, P("0 ∈ Θ; ‖x‖ ≤ R; L, M ≥ the family's declared constants, D ≥ diam Θ",
                                      _claim33_ok(("L", "M", "D")))),
        bound=L + m * D,
        quantity=_claim33_lipschitz,
        adversaries=(Adversary("boxes with 0 at a vertex or the centre, quadratic and linear losses, extreme points",
                               generate=_claim33_structured), CLAIM33_SEARCH, CLAIM33_WIDE),
        derivation="d2d.claim3.3",
        note="Quantity: max_{x ∈ data, θ ∈ Θ} ‖∇f_x(θ) + mθ‖ exactly (the maximum of a convex function of θ over the "
             "box, at a vertex). Attained when 0 is a vertex of Θ (then sup‖θ‖ = D).",
    ),
    Claim(
        id="d2d.claim3.3:smoothness",
        source="Claim 3.3, smoothness (line 277)",
        kind=Kind.INEQUALITY,
        statement="f_z convex and M-smooth ⇒ g_z = f_z + (m/2)‖θ‖² is (M + m)-smooth",
        hypotheses=(*_CLAIM33_HYPS, P("0 ∈ Θ; ‖x‖ ≤ R; L, M ≥ the family's declared constants, D ≥ diam Θ",
                                      _claim33_ok(("L", "M", "D")))),
        bound=M + m,
        quantity=_claim33_smoothness,
        adversaries=(Adversary("quadratic and linear losses, weak and strong regularisers", generate=_claim33_structured),
                     CLAIM33_SEARCH, CLAIM33_WIDE),
        derivation="d2d.claim3.3:smoothness",
        note="Quantity: λ_max(∇²g_z) = λ_max(A) + m (quadratic), m (linear), exactly.",
    ),
    Claim(
        id="d2d.claim3.3:strong-convexity",
        source="Claim 3.3, strong convexity (line 277)",
        kind=Kind.INEQUALITY,
        statement="f_z convex ⇒ g_z = f_z + (m/2)‖θ‖² is m-strongly convex (as a ratio: m/λ_min(∇²g_z) ≤ 1)",
        hypotheses=(*_CLAIM33_HYPS, P("0 ∈ Θ; ‖x‖ ≤ R; L, M ≥ the family's declared constants, D ≥ diam Θ",
                                      _claim33_ok(("L", "M", "D")))),
        bound=sympy.Integer(1),
        quantity=_claim33_convexity,
        adversaries=(Adversary("quadratic and linear losses, weak and strong regularisers", generate=_claim33_structured),
                     CLAIM33_SEARCH, CLAIM33_WIDE),
        derivation="d2d.claim3.3:strong-convexity",
        note="Quantity: m/(λ_min(∇²f_z) + m), the claimed modulus over the true modulus of g_z; attained (= 1) for the "
             "linear loss, whose only curvature is the regulariser's.",
    ),
]


# ---------------------------------------------------------------------------------------------------- Theorems 3.4, 3.5, Remark 3.6
def _zero_in_box(values: Instance) -> Decision:
    s = setup_of(values)
    return holds(s.domain.contains(np.zeros(s.dim, dtype=object)))


ZERO_IN = P("0 ∈ Θ (Section 3.2, line 273)", _zero_in_box)
I_POS = P("I is a positive integer", lambda v: holds(is_int(v["I"]) and frac(v["I"]) >= 1))
_REG_HYPS = (EPS_POS, *DELTA_RANGE, I_POS, ZERO_IN, *pgd_hypotheses(("L", "M", "D")))
_REG_ACC_HYPS = (*_REG_HYPS, H("β > 0", ">", beta, 0), H("β < 1", "<", beta, 1), ENCLOSED_ACC)
#: the corrections' class: f_z convex and M-smooth on ℝ^d, as their smoothness step at θ̃_i ∉ Θ needs (a loss extended
#: otherwise above Θ, certunlearn.claims.d2d.offtheta_excess, breaks the printed claims and lies outside it)
GLOBAL_CONVEX = global_loss("convex")
_GLOBAL_NOTE = "; f_z convex and M-smooth on ℝ^d (the smoothness step at θ̃ ∉ Θ)"
XI_HYP = (H("ξ ≥ 1", ">=", xi, 1),)


_REG_NOTE = ("Quantity: the true δ at ε between N(θ̂_i, σ²I) and retraining's N(μ_i, σ²I), max over the rounds; the "
             "algorithm runs on g = f + (m/2)‖θ‖² with the prescribed m (a float when irrational) and σ at that m.")


def ACC_3D(xi_: Any = None) -> Adversary:
    """d = 3 for the regularised accuracy claims (isotropic, a χ²₃ tail)."""
    return Adversary("d = 3, isotropic, optima inside and on the boundary, regularised",
                     generate=regularised_gen(three_d_accuracy, 2, xi_), reaches="d = 3 (a noncentral χ²₃ tail)")


def _huber_reg(xi_: Any = None) -> Callable:
    """The thin and one-dimensional regularised instances (one each, alternating) for the Huber and logistic families."""
    thin, one = regularised_gen(pgd_structured("thin"), 2, xi_), regularised_gen(pgd_structured("1d"), 2, xi_)
    return lambda rng, size: [x for pair in zip(thin(rng, size), one(rng, size)) for x in pair]


def _widened(xi_: Any = None) -> tuple[Adversary, ...]:
    """The unlearning claims' widened families (issue 23), after the earlier ones (which keep their random draws):
    Huber-smoothed quadratics, logistic + ridge, Θ a ball, d = 3."""
    return (huber_adversary("thin and one-dimensional instances, regularised", _huber_reg(xi_), 4,
                            "d ∈ {1, 2}, alternating additions and deletions"),
            logistic_adversary("thin and one-dimensional instances, regularised", _huber_reg(xi_), 4,
                               "d ∈ {1, 2}, alternating additions and deletions"),
            ball_adversary("thin instances, regularised", regularised_gen(pgd_structured("thin"), 4, xi_), 3),
            Adversary("d = 3, box and ball, regularised", generate=regularised_gen(three_d, 4, xi_), reaches=D3_REACH))


def _reg_claims() -> list[Claim]:
    thin = regularised_gen(pgd_structured("thin"), 10)
    one = regularised_gen(pgd_structured("1d"), 8)
    acc_iso = regularised_gen(pgd_structured("iso"), 10, with_beta=True)
    acc_bd = regularised_gen(boundary_structured(1), 8)
    out = [
        Claim(
            id="d2d.thm3.4",
            source="Theorem 3.4, unlearning (lines 279–290; proof line 292)",
            kind=Kind.UNLEARNING,
            statement="f_z convex, L-Lipschitz, M-smooth; Algorithms 1–3 on g = f + (m/2)‖θ‖², γ = M/(M+2m), "
                      "η = 2/(M+2m), T ≥ I + log(Dmn/2L)/log(1/γ), T_i = I, σ = 4√2(L+mD)γ^I/(mn(1−γ^I)(√(log(1/δ)+ε) − "
                      "√log(1/δ))), m = (LM^{3/2}√(d log(1/δ))/(DεnI))^{4/5}: strong (ε, δ)-unlearning",
            hypotheses=_REG_HYPS,
            bound=delta,
            prescribed=PRESCRIBED["d2d.thm3.4"],
            quantity=unlearning_delta("d2d.thm3.4"),
            laws=secret_laws("d2d.thm3.4"),
            adversaries=(Adversary("thin anisotropic quadratics, extreme points, alternating updates, far start",
                                   generate=thin),
                         Adversary("one-dimensional quadratics, extreme points, swings", generate=one),
                         search_regularised(reg_small_search(False)), *_widened(), REGULARISED_SHIFT),
            derivation="d2d.thm3.4",
            note=_REG_NOTE,
        ),
        Claim(
            id="d2d.thm3.4:accuracy",
            source="Theorem 3.4, accuracy (lines 287–290; proof lines 292–305)",
            kind=Kind.ACCURACY,
            statement="(α, β)-accuracy with the proof's explicit α = (M/2)ρ² + mD² + (m/2)D², "
                      "ρ = 4(L+mD)γ^I/(mn(1−γ^I)) + σ√(2d)log(2d/β) (the bound behind the printed O(·))",
            hypotheses=_REG_ACC_HYPS,
            bound=beta,
            prescribed=PRESCRIBED["d2d.thm3.4:accuracy"],
            quantity=accuracy_probability("d2d.thm3.4:accuracy", ALPHA_34),
            adversaries=(Adversary("isotropic quadratics, optima inside and on the boundary, β ∈ {1/20, 10⁻³, 1/2}",
                                   generate=acc_iso),
                         Adversary("optima on the boundary of Θ (∇f(θ*) ≠ 0), many iterations", generate=acc_bd),
                         search_with_beta(search_regularised(reg_small_search(True))),
                         ACC_3D()),
            derivation="d2d.thm3.4:accuracy",
            note="Quantity: max_i P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] (unregularised f), an exact noncentral χ² tail. "
                 "The proof's step (2) sets ∇g(θ*r) = 0 (false when θ*r is on the boundary of Θ) and step (3) bounds "
                 "mθ*rᵀ(θ*r − θ̃) by mD² although θ̃ = θ̂ + Z can lie far outside Θ.",
        ),
        Claim(
            id="d2d.thm3.4:accuracy+fix",
            source="Theorem 3.4, accuracy, corrected (lines 279–290; steps (1)–(3) of lines 293–297 replaced by Cauchy–Schwarz)",
            kind=Kind.ACCURACY,
            statement="(α, β)-accuracy with α = Lρ + (M/2)ρ² + (m/2)D², ρ as in Theorem 3.4" + _GLOBAL_NOTE,
            hypotheses=(*_REG_ACC_HYPS, GLOBAL_CONVEX),
            bound=beta,
            prescribed=PRESCRIBED["d2d.thm3.4:accuracy+fix"],
            quantity=accuracy_probability("d2d.thm3.4:accuracy+fix", ALPHA_34_FIX),
            adversaries=(Adversary("isotropic quadratics, optima inside and on the boundary, β ∈ {1/20, 10⁻³, 1/2}",
                                   generate=acc_iso),
                         Adversary("optima on the boundary of Θ (∇f(θ*) ≠ 0), many iterations", generate=acc_bd),
                         search_with_beta(search_regularised(reg_small_search(True))),
                         ACC_3D()),
            derivation="d2d.thm3.4:accuracy+fix",
            corrects="d2d.thm3.4:accuracy",
            note="f(θ̃) − f(θ*r) ≤ ∇f(θ*r)ᵀ(θ̃ − θ*r) + (M/2)‖θ̃ − θ*r‖² ≤ Lρ + (M/2)ρ² (‖∇f‖ ≤ L, no optimality "
                 "condition needed), and f(θ*r) − f(θ*) ≤ (m/2)(‖θ*‖² − ‖θ*r‖²) ≤ (m/2)D².",
        ),
    ]
    for cid, fix, xi_, src, stmt in (
        ("d2d.thm3.5", False, None, "Theorem 3.5, unlearning (lines 310–318; proof Appendix E, lines 614–683)",
         "f_z convex, L-Lipschitz, M-smooth; on g with T_i = i²·I, σ = 2√(2M)(L+mD)/(m√(mI)n(√(log(1/δ)+ε) − √log(1/δ))), "
         "m = √(LM√(d log(1/δ))/(Dεn√I)): weak (ε, δ)-unlearning"),
        ("d2d.thm3.5+fix", True, None,
         "Theorem 3.5, corrected σ (lines 310–318; the Lemma A.3 step of line 680 needs σ = Δ/(√2(√(log(1/δ)+ε) − √log(1/δ))))",
         "as Theorem 3.5 with σ = 4√2·√M(L+mD)/(m√(mI)n(√(log(1/δ)+ε) − √log(1/δ))) (twice the printed σ)"),
        ("d2d.rem3.6", False, (1, Fraction(5, 4), Fraction(3, 2), 2), "Remark 3.6, unlearning (lines 321–330)",
         "as Theorem 3.5 with ξ ≥ 1, T_i = i^{2ξ}·I, σ = 2√2M^{1/(2ξ)}(L+mD)/(m(mI)^{1/(2ξ)}n(√(log(1/δ)+ε) − "
         "√log(1/δ))), m = (L²M^{(1+ξ)/ξ}d log(1/δ)/(D²ε²n²I^{1/ξ}))^{ξ/(3ξ+1)}: weak (ε, δ)-unlearning"),
        ("d2d.rem3.6+fix", True, (1, Fraction(5, 4), Fraction(3, 2), 2),
         "Remark 3.6, corrected σ (lines 321–327; Fact E.2 in the proof of Theorem 3.5; Lemma A.3 needs σ = Δ/(√2·gap))",
         "as Remark 3.6 with σ = 4√2M^{1/(2ξ)}(L+mD)/(m(mI)^{1/(2ξ)}n(√(log(1/δ)+ε) − √log(1/δ))) (twice the printed)"),
    ):
        xi_search = None if xi_ is None else Fraction(5, 4)
        hyps = _REG_HYPS + (XI_HYP if xi_ is not None else ())
        out.append(Claim(
            id=cid,
            source=src,
            kind=Kind.UNLEARNING,
            statement=stmt,
            hypotheses=hyps,
            bound=delta,
            prescribed=PRESCRIBED[cid],
            quantity=unlearning_delta(cid),
            laws=secret_laws(cid),
            adversaries=(Adversary("thin anisotropic quadratics, extreme points, alternating updates, far start",
                                   generate=regularised_gen(pgd_structured("thin"), 8, xi_)),
                         Adversary("one-dimensional quadratics, extreme points, swings",
                                   generate=regularised_gen(pgd_structured("1d"), 8, xi_)),
                         search_regularised(reg_small_search(False), xi_search), *_widened(xi_), GROWING_ROUNDS_SHIFT),
            derivation=cid,
            corrects=cid.removesuffix("+fix") if fix else None,
            note=_REG_NOTE + (" The printed σ is half of Δ/(√2·gap) for the proof's own Δ = 8L'√M/(m√(mI)n) "
                              "(Remark 3.6: 8L'(M/(mI))^{1/(2ξ)}/(mn)); the fix doubles it." if not fix else
                              " The proof's chain (17)–(19) with Lemma A.3 gives exactly this σ."),
        ))
    for cid, rho_alpha, fix in (("d2d.thm3.5:accuracy", ALPHA_35, False), ("d2d.thm3.5:accuracy+fix", ALPHA_35_FIX, True),
                                ("d2d.rem3.6:accuracy", ALPHA_36, False), ("d2d.rem3.6:accuracy+fix", ALPHA_36_FIX, True)):
        if cid.startswith("d2d.rem3.6"):
            out.append(_rem36_accuracy(cid, rho_alpha, fix))
            continue
        out.append(Claim(
            id=cid,
            source=("Theorem 3.5, accuracy (lines 310–318; proof lines 685–697)" if not fix else
                    "Theorem 3.5, accuracy, corrected (lines 310–318; the Theorem 3.4 analysis of eq. (8) replaced by Cauchy–Schwarz)"),
            kind=Kind.ACCURACY,
            statement=("(α, β)-accuracy with the proof's explicit α = (M/2)ρ² + mD² + (m/2)D², ρ = 4(L+mD)√M/(m√(mI)n) + "
                       "σ√(2d)log(2d/β) (eqs. (19)–(20) before the O(·))" if not fix else
                       "(α, β)-accuracy with α = Lρ + (M/2)ρ² + (m/2)D², ρ as in Theorem 3.5" + _GLOBAL_NOTE),
            hypotheses=_REG_ACC_HYPS + ((GLOBAL_CONVEX,) if fix else ()),
            bound=beta,
            prescribed=PRESCRIBED[cid],
            quantity=accuracy_probability(cid, rho_alpha),
            adversaries=(Adversary("isotropic quadratics, optima inside and on the boundary, β ∈ {1/20, 10⁻³, 1/2}",
                                   generate=regularised_gen(pgd_structured("iso"), 8, with_beta=True)),
                         Adversary("optima on the boundary of Θ (∇f(θ*) ≠ 0), many iterations",
                                   generate=regularised_gen(boundary_structured(1), 8)),
                         search_with_beta(search_regularised(reg_small_search(True))),
                         ACC_3D()),
            derivation=cid,
            corrects="d2d.thm3.5:accuracy" if fix else None,
            note="Quantity: max_i P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] with the printed σ (accuracy only needs the "
                 "noise the algorithm adds)." + (" Same flawed steps (2)–(3) as Theorem 3.4." if not fix else ""),
        ))
    return out


def _rem36_accuracy(cid: str, alpha_: Any, fix: bool) -> Claim:
    xis = (1, Fraction(5, 4), Fraction(3, 2), 2)
    return Claim(
        id=cid,
        source=("Remark 3.6, accuracy (lines 321–327; Fact E.2, line 625)" if not fix else
                "Remark 3.6, accuracy, corrected (lines 321–327; the Theorem 3.4 analysis replaced by Cauchy–Schwarz)"),
        kind=Kind.ACCURACY,
        statement=("(α, β)-accuracy with the explicit α behind the printed O(·): (M/2)ρ² + mD² + (m/2)D², ρ = "
                   "4(L+mD)(M/(mI))^{1/(2ξ)}/(mn) + σ√(2d)log(2d/β), T_i = i^{2ξ}I, Remark 3.6's σ and m" if not fix else
                   "(α, β)-accuracy with α = Lρ + (M/2)ρ² + (m/2)D², ρ as in Remark 3.6's accuracy" + _GLOBAL_NOTE),
        hypotheses=_REG_ACC_HYPS + XI_HYP + ((GLOBAL_CONVEX,) if fix else ()),
        bound=beta,
        prescribed=PRESCRIBED[cid],
        quantity=accuracy_probability(cid, alpha_),
        adversaries=(Adversary("isotropic quadratics, optima inside and on the boundary, ξ ∈ {1, 5/4, 3/2, 2}, β varied",
                               generate=regularised_gen(pgd_structured("iso"), 4, xis, with_beta=True)),
                     Adversary("optima on the boundary of Θ (∇f(θ*) ≠ 0), many iterations, ξ varied",
                               generate=regularised_gen(boundary_structured(1), 4, xis, with_beta=True)),
                     search_with_beta(search_regularised(reg_small_search(True), Fraction(5, 4))),
                     ACC_3D(xis)),
        derivation=cid,
        corrects="d2d.rem3.6:accuracy" if fix else None,
        note="Quantity: max_i P[f_{D_i}(θ̃_i) − min_Θ f_{D_i} > α] (exact noncentral χ² tail) with the printed σ. "
             "The printed α's chain has Theorem 3.4's flawed steps (2)–(3)" + (" — replaced here." if fix else "."),
    )


def _widened_accuracy(claim: Claim, xi_: Any = None) -> Claim:
    """The accuracy claim with the widened families of :func:`.ball_families.accuracy_adversaries` (Huber and logistic
    in d = 1, anisotropic quadratics on a ball, polytopes) appended after its generated boundary adversary, which keeps
    the bases it had (the first instances of the earlier families: the same boundary instances as before)."""
    from ..boundaries import boundary_of

    wrap = (lambda g: regularised_gen(g, 4, xi_)) if xi_ is not None else (lambda g: regularised_gen(g, 4))
    earlier, later = accuracy_adversaries(wrap, split=True)
    claim = replace(claim, adversaries=(*claim.adversaries, *earlier))
    bnd = boundary_of(claim)
    from .convex_families import CONVEX_ACC, high_dim_adversary

    convex = replace(CONVEX_ACC, generate=regularised_gen(CONVEX_ACC.generate, 5, xi_))  # m = 0: the convex class
    # the printed claims also over the part of their class off Θ (the corrections' class excludes it: GLOBAL_CONVEX)
    offtheta = () if claim.corrects else (offtheta_secret(wrap),)
    return replace(claim, adversaries=(*claim.adversaries, *((bnd,) if bnd else ()), *later, high_dim_adversary(wrap),
                                       convex, *offtheta))


CLAIMS_32 = [_widened_accuracy(c, (1, Fraction(5, 4), Fraction(3, 2), 2) if c.id.startswith("d2d.rem3.6") else None)
             if c.kind == Kind.ACCURACY else c for c in _reg_claims()]
CLAIMS_BY_ID.update({c.id: c for c in CLAIMS_33 + CLAIMS_32})
