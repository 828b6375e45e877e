"""The lemmas the proofs borrow from the literature, each with a negative control: Lemma A (lines
442–446; Mironov 2017), Lemma C (lines 473–479; Feldman et al. 2018), Lemma 4 (lines 481–505) as printed and as
eq. (9) step (c) uses it, Lemma 3 (lines 407–409; proof 455–473), Lemma 7 (lines 824–826; Orabona 2019), Lemma 8
(lines 828–832; Srebro et al. 2010) and Lemma E (lines 988–990; Hardt et al.). Paper file ``papers/000_8245766a2c9b0ba6.txt``.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import sympy
from flint import arb
from sympy import sqrt

from ...algorithms import olu as A
from ...numeric.enclosure import to_arb
from ...numeric.fraction import RATIONAL_TYPES, Fraction
from ...privacy import renyi_enclosure
from ..hypotheses import H, P_exact
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind
from ...formulas.symbols import alpha

from ...formulas.olu import a_shift, beta, GAMMA_SC, LEM8, LEMA, LEMA_DEFINITION, LEMC, LEME, mu, R0, Rsum, s2, T
from .quantities import lem8_parts, r_value, renyi_diag_exact, sq, vec
from .families import (
    lem3_instances, lem3_space, lem4_instances, lem7_instances, LEM7_SPACE, lem8_instances, LEM8_SPACE,
    lema_instances, LEMA_SPACE, lemb_instances, LEMB_SPACE, lemc_instances, LEMC_SPACE, leme_instances, r0,
)


def _rational_sqrt(q: Fraction) -> Fraction:
    """√q when it is rational, else ValueError (instances keep every shift norm rational, so e_t is exact)."""
    num, den = int(q.numerator), int(q.denominator)
    rn, rd = math.isqrt(num), math.isqrt(den)
    if rn * rn != num or rd * rd != den:
        raise ValueError("the norm of a shift is irrational")
    return Fraction(rn, rd)


def shifted_renyi(a: Any, P: A.Law, Q: A.Law, e: Fraction) -> arb:
    """D_α^{(e)}(P ‖ Q) (Definition 5, line 385) where it is known exactly: e = 0 (D_α itself), or P and Q with equal
    covariances and e ≥ ‖mean(P) − mean(Q)‖ (shifting P onto Q costs nothing: 0). Otherwise ValueError."""
    if P.var == Q.var and sq(p - q for p, q in zip(P.mean, Q.mean)) <= e * e:
        return Fraction(Fraction(0))
    if e == 0:
        return renyi_diag_exact(a, P, Q)
    raise ValueError("the shifted divergence is not known exactly here")


def _difference(lhs: Fraction | arb, rhs: Fraction | arb) -> Fraction | arb:
    """lhs − rhs for divergences, −∞ when rhs = +∞ (an inequality lhs ≤ rhs + c then holds whatever lhs is); exact (a
    Fraction) when both sides are."""
    if isinstance(lhs, RATIONAL_TYPES) and isinstance(rhs, RATIONAL_TYPES):
        return Fraction(lhs - rhs)
    lhs, rhs = to_arb(lhs), to_arb(rhs)
    return arb.neg_inf() if not rhs.is_finite() and rhs > 0 else lhs - rhs


def _law(values: Instance, m: str, v: str) -> A.Law:
    return A.Law(vec(values, m), vec(values, v))


def _affine(values: Instance, c: str) -> A.Affine:
    return A.Affine(vec(values, "amap"), vec(values, c))


# ---- Lemma A
def lema_quantity(values: Instance) -> Fraction | arb:
    """D_α between N(μ₀, σ²I) and N(μ₁, σ²I), by the general diagonal-covariance formula (not Lemma A's) evaluated
    exactly: its log-determinant term is log 1 = 0 exactly, so the value is a Fraction and equality is proved."""
    m0, m1, v = vec(values, "m0"), vec(values, "m1"), frac(values["sigma2"])
    return renyi_diag_exact(values["alpha"], A.Law(m0, (v,) * len(m0)), A.Law(m1, (v,) * len(m1)))


def lema_quantity_arb(values: Instance) -> arb:
    """The same by the library's general-covariance formula on enclosures (:func:`privacy.renyi_enclosure`): the test
    oracle of :func:`lema_quantity`."""
    m0, m1, v = vec(values, "m0"), vec(values, "m1"), frac(values["sigma2"])
    cov = [[v if r == c else 0 for c in range(len(m0))] for r in range(len(m0))]
    return renyi_enclosure(values["alpha"], list(m0), cov, list(m1), cov)


# ---- Lemma B (post-processing) on diagonal Gaussians and random affine maps
def lemb_quantity(factor: Fraction = Fraction(1)) -> Callable[[Instance], Fraction | arb]:
    """D_α(h(P) ‖ h(Q)) − factor·D_α(P ‖ Q) for P = N(m0, diag v0), Q = N(m1, diag v1) and the random function
    h(x) = a⊙x + c + N(0, diag w) (a_k = 0, w_k = 0 collapses a coordinate). Exact (a Fraction) where both
    divergences are (equal variances); −∞ where D_α(P ‖ Q) = +∞."""

    def quantity(values: Instance) -> Fraction | arb:
        P, Q = _law(values, "m0", "v0"), _law(values, "m1", "v1")
        a_, c_, w = vec(values, "amap"), vec(values, "c"), vec(values, "w")
        total: Fraction | arb = Fraction(0)
        for k_ in range(len(P.mean)):  # D_α of a product is the sum over coordinates
            p, q = A.Law((P.mean[k_],), (P.var[k_],)), A.Law((Q.mean[k_],), (Q.var[k_],))
            rhs = renyi_diag_exact(values["alpha"], p, q)
            if not isinstance(rhs, RATIONAL_TYPES) and not rhs.is_finite():
                return arb.neg_inf()  # D_α(P ‖ Q) = +∞: the inequality holds whatever the left side
            if w[k_] == 0 and a_[k_] != 0 and factor == 1:
                # noiseless invertible: Δ² and v_α scale by a², and v_α/(v_P^{1−α}v_Q^α) by a²/(a^{2(1−α)}a^{2α}) = 1
                # exactly, so both terms of the general formula are unchanged: the coordinate contributes exactly 0
                continue
            h = A.Affine((a_[k_],), (c_[k_],))
            hp, hq = p.push(h).noise(w[k_]), q.push(h).noise(w[k_])
            lhs = renyi_diag_exact(values["alpha"], hp, hq)
            if isinstance(lhs, RATIONAL_TYPES) and isinstance(rhs, RATIONAL_TYPES) and isinstance(total, RATIONAL_TYPES):
                total = total + lhs - factor * rhs
            else:
                total = to_arb(total) + to_arb(lhs) - to_arb(factor) * to_arb(rhs)
        return Fraction(total) if isinstance(total, RATIONAL_TYPES) else total

    return quantity


LEMB_HYPS = (H("α > 1", ">", alpha, 1),
             P_exact("P, Q diagonal Gaussians with positive variances; h(x) = a⊙x + c + N(0, diag w), w ≥ 0; one dimension",
                     lambda v: len({len(v[k_]) for k_ in ("m0", "v0", "m1", "v1", "amap", "c", "w")}) == 1
                     and min(vec(v, "v0") + vec(v, "v1")) > 0 and min(vec(v, "w")) >= 0))


LEMA_HYPS = (H("α > 1", ">", alpha, 1),
             P_exact("μ₀, μ₁ of equal dimension; Δ₂ = ‖μ₀ − μ₁‖² (exact)",
                     lambda v: len(v["m0"]) == len(v["m1"]) and frac(v["Delta2"]) == sq(
                         p - q for p, q in zip(vec(v, "m0"), vec(v, "m1")))))


# ---- Lemma C (shift reduction) on Gaussians
def lemc_quantity(values: Instance) -> arb:
    """D_α^{(e)}(μ*ζ ‖ ν*ζ) − D_α^{(e+a)}(μ ‖ ν) for μ, ν diagonal Gaussians and ζ = N(0, σ²I), exactly."""
    mu_, nu_ = _law(values, "m0", "v0"), _law(values, "m1", "v1")
    e, a_, s = frac(values["e"]), frac(values["a"]), frac(values["sigma2"])
    return _difference(shifted_renyi(values["alpha"], mu_.noise(s), nu_.noise(s), e),
                       shifted_renyi(values["alpha"], mu_, nu_, e + a_))


def _lemc_hyps() -> tuple:
    def computable(v: Instance) -> bool:
        try:
            lemc_quantity(v)
        except ValueError:  # the shifted divergence is not known exactly here: outside the checked scope
            return False
        return True

    return (H("α > 1", ">", alpha, 1), H("σ² > 0", ">", s2, 0), H("a ≥ 0", ">=", a_shift, 0),
            P_exact("e ≥ 0; μ, ν diagonal Gaussians of one dimension (var ≥ 0)", lambda v: frac(v["e"]) >= 0 and len(
                {len(v[k]) for k in ("m0", "v0", "m1", "v1")}) == 1 and min(vec(v, "v0") + vec(v, "v1")) >= 0),
            P_exact("both shifted divergences known exactly (e, e + a ∈ {0} ∪ [‖Δ‖, ∞) with equal covariances)",
                    computable))


# ---- Lemma 4 on affine maps
def lem4_quantity(as_used: bool, drop_s: bool = False) -> Callable[[Instance], arb]:
    """D_α^{(γe+s)}(ψ(X) ‖ ψ'(X')) − D_α^{(e)}(X ‖ X') for ψ(x) = a⊙x + c, ψ'(x) = a⊙x + c' and diagonal Gaussians
    X, X' (as printed the left side has ψ'(X); ``drop_s``: shift γe, the negative control)."""

    def quantity(values: Instance) -> arb:
        X, X2 = _law(values, "m0", "v0"), _law(values, "m1", "v1")
        g, e, s = frac(values["gamma"]), frac(values["e"]), frac(values["s"])
        left = _affine(values, "c"), _affine(values, "c2")
        lhs = shifted_renyi(values["alpha"], X.push(left[0]), (X2 if as_used else X).push(left[1]),
                            g * e + (0 if drop_s else s))
        return _difference(lhs, shifted_renyi(values["alpha"], X, X2, e))

    return quantity


def _lem4_hyps(as_used: bool, drop_s: bool = False) -> tuple:
    def ok(v: Instance) -> bool:
        g = frac(v["gamma"])
        dims = {len(v[k]) for k in ("amap", "c", "c2", "m0", "v0", "m1", "v1")}
        return (len(dims) == 1 and 0 < g <= 1 and all(abs(x) <= g for x in vec(v, "amap")) and frac(v["e"]) >= 0
                and sq(p - q for p, q in zip(vec(v, "c"), vec(v, "c2"))) <= frac(v["s"]) ** 2
                and min(vec(v, "v0") + vec(v, "v1")) >= 0)

    def computable(v: Instance) -> bool:
        try:
            lem4_quantity(as_used, drop_s)(v)
        except ValueError:  # the shifted divergence is not known exactly here: outside the checked scope
            return False
        return True

    return (H("α > 1", ">", alpha, 1),
            P_exact("ψ, ψ' γ-contractive (|a_k| ≤ γ ≤ 1), sup‖ψ − ψ'‖ = ‖c − c'‖ ≤ s, e ≥ 0, diagonal Gaussians", ok),
            P_exact("both shifted divergences known exactly (shift 0, or equal covariances and shift ≥ mean distance)",
                    computable))


# ---- Lemma 3 on Gaussian noise with affine contractive maps
def cni_laws(values: Instance) -> tuple[A.Law, A.Law]:
    """The laws of X_T and X'_T (Definition 6) from the point X_0 = z0: ψ_t(x) = a_t⊙x + c_t, ψ'_t(x) = a_t⊙x + c'_t,
    ζ_t = N(0, σ_t²I) (σ_t² = 0: the Dirac at 0)."""
    z0 = vec(values, "z0")
    P = Q = A.Law(z0, (Fraction(0),) * len(z0))
    for a_t, c, c2, v in zip(values["A"], values["C"], values["C2"], values["S2"]):
        a_t = tuple(frac(x) for x in a_t)
        P = P.push(A.Affine(a_t, tuple(frac(x) for x in c))).noise(frac(v))
        Q = Q.push(A.Affine(a_t, tuple(frac(x) for x in c2))).noise(frac(v))
    return P, Q


def _shifts(values: Instance) -> list[Fraction]:
    """s_t = sup_x‖ψ_t(x) − ψ'_t(x)‖ = ‖c_t − c'_t‖ (rational on the instances; ValueError otherwise)."""
    return [_rational_sqrt(sq(frac(x) - frac(y) for x, y in zip(c, c2))) for c, c2 in zip(values["C"], values["C2"])]


def e_seq(values: Instance) -> list[Fraction]:
    """e_t = Σ_{i≤t} γ^{t−i}(s_i − a_i), t = 1..T (Lemma 3), exactly."""
    g, out, e = frac(values["gamma"]), [], Fraction(0)
    for s_t, a_t in zip(_shifts(values), values["a"]):
        e = g * e + s_t - frac(a_t)
        out.append(e)
    return out


def lem3_quantity(values: Instance) -> arb:
    P, Q = cni_laws(values)
    return shifted_renyi(values["alpha"], P, Q, e_seq(values)[-1])


def _lem3_ok(values: Instance) -> bool:
    T_ = len(values["A"])
    g = frac(values["gamma"])
    d_ = len(values["z0"])
    return (T_ >= 1 and all(len(values[k]) == T_ for k in ("C", "C2", "S2", "a")) and 0 < g <= 1
            and all(len(r) == d_ for k in ("A", "C", "C2") for r in values[k])
            and all(abs(frac(x)) <= g for r in values["A"] for x in r)
            and all(frac(v) >= 0 and frac(a_t) >= 0 and (frac(v) > 0 or frac(a_t) == 0)
                    for v, a_t in zip(values["S2"], values["a"]))
            and _e_nonnegative(values))


def _e_nonnegative(values: Instance) -> bool:
    """e_t ≥ 0 for all t; False where a shift norm is irrational (e_t is then not exact: outside the checked scope)."""
    try:
        return all(e >= 0 for e in e_seq(values))
    except ValueError:
        return False


def _lem3_computable(values: Instance) -> bool:
    try:
        lem3_quantity(values)
    except ValueError:  # a shift norm irrational, or the shifted divergence not known exactly
        return False
    return True


LEM3_HYPS = (H("α > 1", ">", alpha, 1),
             P_exact("ψ_t, ψ'_t γ-contractive (|a_{t,k}| ≤ γ ≤ 1); ζ_t = N(0, σ_t²I) or Dirac (then a_t = 0); "
                     "e_t ≥ 0 for all t", _lem3_ok),
             P_exact("R = Σ_t αa_t²/(2σ_t²) (exact)", lambda v: frac(v["R"]) == r_value(v)),
             P_exact("D_α^{(e_T)}(X_T ‖ X'_T) known exactly (e_T = 0, or e_T ≥ ‖mean difference‖)", _lem3_computable))


# ---- Lemma 7 (Orabona)
def _step_f(values: Instance) -> Callable[[Fraction], Fraction]:
    """f(x) = Σ_j h_j·[x < b_j]: nonincreasing, nonnegative (h_j ≥ 0)."""
    br, hs = vec(values, "breaks"), vec(values, "heights")
    return lambda x: sum((h for b_, h in zip(br, hs) if x < b_), Fraction(0))


def lem7_sides(values: Instance) -> tuple[arb, arb]:
    """(Σ_t a_t f(a_0 + Σ_{i≤t} a_i), ∫_{a_0}^{Σ_{t=0}^T a_t} f) exactly: step functions in rationals, f = 1/√x in arb."""
    a0, seq = frac(values["a0"]), vec(values, "a_seq")
    pts, acc = [], a0
    for a_t in seq:
        acc += a_t
        pts.append(acc)
    if int(frac(values["f"])) == 0:
        f = _step_f(values)
        lhs = sum((a_t * f(x) for a_t, x in zip(seq, pts)), Fraction(0))
        integral = sum((h * max(Fraction(0), min(b_, acc) - a0) for b_, h in zip(vec(values, "breaks"),
                                                                                 vec(values, "heights"))), Fraction(0))
        return to_arb(lhs), to_arb(integral)
    lhs = sum((to_arb(a_t) / to_arb(x).sqrt() for a_t, x in zip(seq, pts) if a_t), arb(0))
    return lhs, 2 * (to_arb(acc).sqrt() - to_arb(a0).sqrt())


def lem7_quantity(values: Instance) -> arb:
    """Lemma 7's left side over its right side (the integral; > 0 under the hypotheses)."""
    lhs, integral = lem7_sides(values)
    return lhs / integral


def _lem7_ok(values: Instance) -> bool:
    fam = int(frac(values["f"]))
    seq = vec(values, "a_seq")
    base = frac(values["a0"]) >= 0 and seq and min(seq) >= 0 and fam in (0, 1)
    if not base:
        return False
    if fam == 0:
        return min(vec(values, "heights")) >= 0 and len(values["breaks"]) == len(values["heights"]) and bool(
            lem7_sides(values)[1] > 0)
    return frac(values["a0"]) + seq[0] > 0  # 1/√x finite wherever it is evaluated with a_t > 0


LEM7_HYPS = (P_exact("a_0 ≥ 0, a_t ≥ 0; f nonincreasing ≥ 0 (steps h_j ≥ 0, or 1/√x finite where used); ∫ > 0",
                     _lem7_ok),)

LEM8_HYPS = (H("β > 0", ">", beta, 0),
             P_exact("f β-smooth: 0 ≤ λ_k ≤ β (quadratic) or 0 ≤ s_k ≤ β, δ > 0 (Huber); gap = f(x) − inf f (exact)",
                     lambda v: int(frac(v["f"])) in (0, 1) and all(0 <= l <= frac(v["beta"]) for l in vec(v, "lam"))
                     and frac(v["delta"]) > 0 and len({len(v[k]) for k in ("lam", "centre", "x")}) == 1
                     and frac(v["gap"]) == lem8_parts(v)[1]))


# ---- Lemma E (GD convergence) on quadratics
def leme_quantity(values: Instance) -> arb:
    """‖w_T − w*‖ after T steps of GD with η = 2/(μ + β) on the average of quadratics f_j (one Hessian diag(λ)),
    exactly (:meth:`Stream.gd_map`; w* the exact minimiser)."""
    s = A.Stream(A.QUADRATIC, tuple(tuple(frac(x) for x in r) for r in values["X"]), vec(values, "lam"))
    S = list(range(1, s.T + 1))
    step_ = s.gd_map(S, 2 / (frac(values["mu"]) + frac(values["beta"])))
    w = vec(values, "w0")
    for _ in range(int(frac(values["T"]))):
        w = tuple(a_ * wk + c_ for a_, wk, c_ in zip(step_.a, w, step_.c))
    d2 = sq(wk - mk for wk, mk in zip(w, s.minimiser(S)))
    try:
        return Fraction(_rational_sqrt(d2))  # a rational distance: equality with the bound can be proved
    except ValueError:
        return to_arb(d2).sqrt()


LEME_HYPS = (H("μ > 0", ">", mu, 0), H("β > μ (γ > 0, so γ^T is a power of a positive number)", ">", beta, mu),
             P_exact("quadratics with one Hessian diag(λ), μ ≤ λ_k ≤ β; T ≥ 0 an integer; R₀ = ‖w₀ − w*‖² (exact)",
                     lambda v: all(frac(v["mu"]) <= l <= frac(v["beta"]) for l in vec(v, "lam"))
                     and frac(v["T"]).denominator == 1 and frac(v["T"]) >= 0
                     and len({len(v["lam"]), len(v["w0"]), *(len(r) for r in v["X"])}) == 1
                     and frac(v["R_0"]) == r0(v["X"], v["w0"])))


def _lemma_claims() -> list[Claim]:
    lem4_adv = (Adversary("contractions by γ or collapsing a coordinate; s = 0 and s = ‖c − c'‖; e = 0 and e = ‖m − m'‖",
                          generate=lem4_instances),)
    lema_adv = (Adversary("α from 1.01 to 100, σ² from 1/100 to 50, 1-D and 2-D shifts", generate=lema_instances),
                Adversary("search: α, σ², a 2-D shift", space=LEMA_SPACE))
    lemb_adv = (Adversary("invertible, scaling, collapsing and noisy maps; equal and unequal variances",
                          generate=lemb_instances),
                Adversary("search: 1-D α, variances, map a, noise w, shift", space=LEMB_SPACE))
    lemc_adv = (Adversary("point masses and Gaussians, a ∈ {0, ‖Δ‖, > ‖Δ‖}, e ∈ {0, ‖Δ‖}", generate=lemc_instances),
                Adversary("search: α, σ², covariance, a ≥ ‖Δ‖", space=LEMC_SPACE))
    lem3_adv = (Adversary("Theorem 1's schedules, split and cancelling shifts, unequal contraction, no noise",
                          generate=lem3_instances),
                Adversary("search: 1-D, three steps, the shift paid over two noisy steps", space=lem3_space()))
    lem7_adv = (Adversary("steps at the partial sums, constants, 1/√x; equal, tiny, huge and geometric terms",
                          generate=lem7_instances),
                Adversary("search: f = 1/√x, a_0 and three terms", space=LEM7_SPACE))
    lem8_adv = (Adversary("quadratics (curvature β and below, inf f < 0) and Huber losses", generate=lem8_instances),
                Adversary("search: 2-D Huber, curvatures, point, δ", space=LEM8_SPACE))
    leme_adv = (Adversary("curvatures at μ and β, starts along each direction, T ≤ 30", generate=leme_instances),)
    return [
        Claim(id="olu.lemA", source="Lemma A (lines 444–446; Mironov 2017, Cor. 3)", kind=Kind.PRIVACY,
              statement="D_α(N(μ₀, σ²I_d) ‖ N(μ₁, σ²I_d)) ≤ α‖μ₀ − μ₁‖²/(2σ²).", hypotheses=LEMA_HYPS, bound=LEMA,
              quantity=lema_quantity, quantity_expr=LEMA_DEFINITION, adversaries=lema_adv, derivation="olu.lemA",
              note="An equality: the quantity is the general diagonal-covariance formula evaluated exactly (a Fraction), "
                   "so the checker proves it attained."),
        Claim(id="olu.lemA:control-half", source="Lemma A (lines 444–446) with the bound halved", kind=Kind.PRIVACY,
              statement="Negative control: D_α ≤ α‖μ₀ − μ₁‖²/(4σ²).", hypotheses=LEMA_HYPS, bound=LEMA / 2,
              quantity=lema_quantity, adversaries=lema_adv[:1], control=Control.NEGATIVE),
        Claim(id="olu.lemB", source="Lemma B (lines 450–453; Mironov 2017, post-processing)", kind=Kind.PRIVACY,
              statement="For α ≥ 1, any (possibly random) function h and random variables P, Q: D_α(h(P) ‖ h(Q)) ≤ "
                        "D_α(P ‖ Q); checked on diagonal Gaussians and random affine maps h(x) = a⊙x + c + N(0, diag w) "
                        "as D_α(h(P) ‖ h(Q)) − D_α(P ‖ Q) ≤ 0.",
              hypotheses=LEMB_HYPS, bound=sympy.S.Zero, quantity=lemb_quantity(), adversaries=lemb_adv,
              derivation="olu.lemB",
              note="Equality (an invertible noiseless h) is proved exactly where the variances agree (Fraction "
                   "arithmetic); the statement's α = 1 (KL) is not checked."),
        Claim(id="olu.lemB:control-tenth-less", source="Lemma B (lines 450–453) with the right side 10% smaller",
              kind=Kind.PRIVACY, statement="Negative control: D_α(h(P) ‖ h(Q)) ≤ (9/10)·D_α(P ‖ Q).",
              hypotheses=LEMB_HYPS, bound=sympy.S.Zero, quantity=lemb_quantity(Fraction(9, 10)),
              adversaries=lemb_adv[:1], control=Control.NEGATIVE),
        Claim(id="olu.lemC", source="Lemma C (lines 473–479; Feldman et al. 2018, Lemma 20)", kind=Kind.PRIVACY,
              statement="D_α^{(e)}(μ*ζ ‖ ν*ζ) ≤ D_α^{(e+a)}(μ ‖ ν) + R_α(ζ, a); checked on diagonal Gaussians μ, ν and "
                        "ζ = N(0, σ²I), where R_α(ζ, a) = αa²/(2σ²), as D^{(e)}(μ*ζ‖ν*ζ) − D^{(e+a)}(μ‖ν) ≤ R_α(ζ, a).",
              hypotheses=_lemc_hyps(), bound=LEMC, quantity=lemc_quantity, adversaries=lemc_adv,
              derivation="olu.lemC",
              note="Shifted divergences are evaluated only where they are known exactly (shift 0, or equal "
                   "covariances and a shift reaching the other mean); the statement's 'any α ≥ 0' is checked at α > 1."),
        Claim(id="olu.lemC:control-half", source="Lemma C (lines 473–479) with R_α halved", kind=Kind.PRIVACY,
              statement="Negative control: D^{(e)}(μ*ζ‖ν*ζ) ≤ D^{(e+a)}(μ‖ν) + R_α(ζ, a)/2.",
              hypotheses=_lemc_hyps(), bound=LEMC / 2, quantity=lemc_quantity, adversaries=lemc_adv[:1],
              control=Control.NEGATIVE),
        Claim(id="olu.lem4", source="Lemma 4 (lines 481–483; proof 485–505)", kind=Kind.PRIVACY,
              statement="For γ-contractive ψ, ψ' with sup‖ψ − ψ'‖ ≤ s: D_α^{(γe+s)}(ψ(X) ‖ ψ'(X)) ≤ D_α^{(e)}(X ‖ X') "
                        "(as printed: ψ'(X)); affine diagonal maps and diagonal Gaussians, checked as LHS − RHS ≤ 0.",
              hypotheses=_lem4_hyps(False), bound=sympy.S.Zero, quantity=lem4_quantity(False),
              adversaries=lem4_adv, derivation="olu.lem4",
              note="As printed the left side compares ψ(X) with ψ'(X): they are within s ≤ γe + s of each other, so "
                   "it is 0 — true and vacuous. Eq. (9) step (c) and the proof use ψ'(X'): olu.lem4:as-used."),
        Claim(id="olu.lem4:as-used", source="Lemma 4 (lines 481–505), with ψ'(X') as eq. (9) step (c) uses it",
              kind=Kind.PRIVACY,
              statement="D_α^{(γe+s)}(ψ(X) ‖ ψ'(X')) ≤ D_α^{(e)}(X ‖ X'), checked as LHS − RHS ≤ 0.",
              hypotheses=_lem4_hyps(True), bound=sympy.S.Zero, quantity=lem4_quantity(True),
              adversaries=lem4_adv, derivation="olu.lem4:as-used",
              note="Equality cases (e = s = 0, invertible maps) are undecidable as a difference of enclosures; they "
                   "count as undecided instances."),
        Claim(id="olu.lem4:control-no-s", source="Lemma 4 (lines 481–483) with the shift γe (s dropped)",
              kind=Kind.PRIVACY, statement="Negative control: D_α^{(γe)}(ψ(X) ‖ ψ'(X')) ≤ D_α^{(e)}(X ‖ X').",
              hypotheses=_lem4_hyps(True, True), bound=sympy.S.Zero, quantity=lem4_quantity(True, True),
              adversaries=lem4_adv, control=Control.NEGATIVE),
        Claim(id="olu.lem3", source="Lemma 3 (lines 407–409; proof 455–473)", kind=Kind.PRIVACY,
              statement="For CNIs with γ-contractive ψ_t, ψ'_t, s_t = sup‖ψ_t − ψ'_t‖ and e_t = Σ_{i≤t}γ^{t−i}(s_i − a_i) "
                        "≥ 0 for all t: D_α^{(e_T)}(X_T ‖ X'_T) ≤ Σ_t R_α(ζ_t, a_t). Checked on affine diagonal maps with "
                        "Gaussian or Dirac noise (exact Gaussian laws).",
              hypotheses=LEM3_HYPS, bound=Rsum, quantity=lem3_quantity, adversaries=lem3_adv, derivation="olu.lem3"),
        Claim(id="olu.lem3:control-half", source="Lemma 3 (lines 407–409) with the bound halved", kind=Kind.PRIVACY,
              statement="Negative control: D_α^{(e_T)}(X_T ‖ X'_T) ≤ Σ_t R_α(ζ_t, a_t)/2.", hypotheses=LEM3_HYPS,
              bound=Rsum / 2, quantity=lem3_quantity, adversaries=lem3_adv[:1], control=Control.NEGATIVE),
        Claim(id="olu.lem7", source="Lemma 7 (lines 824–826; Orabona 2019, Lemma 4.13)", kind=Kind.INEQUALITY,
              statement="For a_0, a_t ≥ 0 and f nonincreasing ≥ 0: Σ_t a_t f(a_0 + Σ_{i≤t} a_i) ≤ ∫_{a_0}^{Σ_{t=0}^T a_t} f; "
                        "checked as the ratio LHS/∫ ≤ 1 on step functions (exact) and f = 1/√x.",
              hypotheses=LEM7_HYPS, bound=sympy.S.One, quantity=lem7_quantity, adversaries=lem7_adv,
              derivation="olu.lem7"),
        Claim(id="olu.lem7:control-half", source="Lemma 7 (lines 824–826) with the integral halved",
              kind=Kind.INEQUALITY, statement="Negative control: Σ_t a_t f(a_0 + Σ_{i≤t} a_i) ≤ ½∫ f.",
              hypotheses=LEM7_HYPS, bound=sympy.Rational(1, 2), quantity=lem7_quantity, adversaries=lem7_adv[:1],
              control=Control.NEGATIVE),
        Claim(id="olu.lem8", source="Lemma 8 (lines 830–832; Srebro et al. 2010, Lemma 4.1)", kind=Kind.INEQUALITY,
              statement="For β-smooth f: ‖∇f(x)‖² ≤ 2β(f(x) − inf f).", hypotheses=LEM8_HYPS, bound=LEM8,
              quantity=lambda v: Fraction(lem8_parts(v)[0]), adversaries=lem8_adv, derivation="olu.lem8"),
        Claim(id="olu.lem8:control-as-used", source="Lemma 8 (line 830) as eq. (33) step (a) applies it (line 837): factor β",
              kind=Kind.INEQUALITY, statement="Negative control: ‖∇f(x)‖² ≤ β(f(x) − inf f).", hypotheses=LEM8_HYPS,
              bound=LEM8 / 2, quantity=lambda v: Fraction(lem8_parts(v)[0]), adversaries=lem8_adv[:1],
              control=Control.NEGATIVE),
        Claim(id="olu.lemE", source="Lemma E (lines 988–990; Hardt et al.)", kind=Kind.CONTRACTION,
              statement="GD with η = 2/(μ + β) on a μ-strongly convex β-smooth objective: ‖w_T − w*‖ ≤ γ^T‖w₀ − w*‖, "
                        "γ = (β/μ − 1)/(β/μ + 1); on averages of quadratics with one Hessian.",
              hypotheses=LEME_HYPS, bound=LEME, quantity=leme_quantity, adversaries=leme_adv, derivation="olu.lemE"),
        Claim(id="olu.lemE:control-extra-step", source="Lemma E (lines 988–990) with γ^{T+1}", kind=Kind.CONTRACTION,
              statement="Negative control: ‖w_T − w*‖ ≤ γ^{T+1}‖w₀ − w*‖.", hypotheses=LEME_HYPS,
              bound=GAMMA_SC ** (T + 1) * sqrt(R0), quantity=leme_quantity, adversaries=leme_adv,
              control=Control.NEGATIVE),
    ]

CLAIMS: list[Claim] = _lemma_claims()
