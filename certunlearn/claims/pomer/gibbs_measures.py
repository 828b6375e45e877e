"""Section 3 of POMER, *Preliminary results for Gibbs measures* (lines 117–160), with Appendix A (lines 424–489).

* Definition 3.1 (lines 133–135) and Lemma 3.2 (line 137): the log-Sobolev inequality of μ̄(f, β, λ), printed
  and entropy forms (``pomer.def3.1``, ``pomer.lem3.2`` and their fixes, a negative control with c = 2βλ).
* Lemma 3.3 (lines 139–141): Herbst's concentration (``pomer.lem3.3``).
* Lemma 3.5 (line 151; proof lines 452–490): (Φ, δ)-closeness (``pomer.lem3.5`` and a control).
* Lemma 3.6 / A.1 (lines 165–170; proof lines 436–450): W∞ ≤ G/λ (``pomer.lem3.6`` and a control).

Test functions for the log-Sobolev claims are g(x) = e^{s·x} (``s`` in the instance): then log g² = 2sx and every
expectation is a closed-form truncated-Gaussian integral; exponentials are the extremal functions of the Gaussian
LSI, so they attack the constant c directly. Lemma 3.6 (W∞) is enclosed from exact CDFs on a grid, its upper end
certified separately for translated Gaussians (where W∞ falls short of the bound by about e^{−K²}).
"""
from __future__ import annotations

import itertools

import sympy
from flint import arb

from ...algorithms.pomer.gibbs import (
    Pieces, far_probability, gibbs, interval_ball, rational_ball, total, w_infinity_bounds, w_infinity_narrowed,
    w_infinity_translate_upper,
)
from ...formulas.pomer import (
    CONCENTRATION_33, PRESCRIBED, W_INFINITY_36, G, lam, r,
)
from ...formulas.symbols import delta
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import H, P, holds
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind, Space
from .common import CONVEX, ORIGIN, POSITIVE, guard, losses_of, memoised
from .families import closeness_grid, closeness_search, lsi_grid, lsi_search, w_infinity_grid


# ---------------------------------------------------------------------------------------------- LSI (Def. 3.1, Lemmas 3.2, 3.3)


def _lsi_terms(values: Instance):
    """(E[g² log g²], E[g²]·E[log g²], E[g²]·log E[g²], (2/c)·E[|g'|²]) for g = e^{s x} under μ̄(f, β, λ),
    c = βλ (Lemma 3.2 with Λ = λ: f + λ‖x‖²/2 is λ-strongly convex)."""
    f = total(losses_of(values), values["a"], values["b"])
    law = gibbs(f, values["beta"], values["lam"])
    s = frac(values["s"])
    beta_ = frac(values["beta"])
    a, b = frac(values["a"]), frac(values["b"])
    g2 = Pieces(beta_, frac(values["lam"]), 0, ((a, b, ((arb(1), -2 * s / beta_),)),))  # e^{2sx} = e^{−β(−2s/β)x}
    weighted = law * g2
    e_g2, e_xg2, e_x = weighted.integral(), weighted.integral(0, 1), law.integral(0, 1)
    two_s = to_arb(2 * s)
    c = to_arb(beta_) * to_arb(frac(values["lam"])) * to_arb(frac(values.get("c_scale", 1)))
    return two_s * e_xg2, e_g2 * two_s * e_x, e_g2 * e_g2.log(), 2 / c * to_arb(s * s) * e_g2


@guard
def _lsi_printed(values: Instance) -> arb:
    """(E[g² log g²] − E[g²]E[log g²]) / ((2/c)E[‖∇g‖²]) — Definition 3.1's left side as printed (line 133)."""
    lhs, mixed, _, rhs = _lsi_terms(values)
    return (lhs - mixed) / rhs


@guard
def _lsi_entropy(values: Instance) -> arb:
    """Ent(g²)/((2/c)E[‖∇g‖²]) with Ent(g²) = E[g² log g²] − E[g²] log E[g²] (the standard LSI)."""
    lhs, _, ent_tail, rhs = _lsi_terms(values)
    return (lhs - ent_tail) / rhs


_S_NONZERO = P("g = e^{sx} non-constant (s ≠ 0)", lambda v: holds(frac(v["s"]) != 0))


def _lsi_claim(cid: str, source: str, statement: str, quantity, with_losses: bool, **kw) -> Claim:
    return Claim(
        id=cid, source=source, kind=Kind.INEQUALITY, statement=statement,
        hypotheses=(*POSITIVE, ORIGIN, CONVEX, _S_NONZERO), bound=sympy.Integer(1), quantity=quantity,
        adversaries=(lsi_grid(with_losses), lsi_search(with_losses)), derivation=cid, **kw)


# ---------------------------------------------------------------------------------------------- concentration (Lemma 3.3)


@guard
def _concentration(values: Instance) -> arb:
    """Pr_{X∼μ̄}(|X − E X| ≥ r) for F(x) = x (1-Lipschitz) under μ̄(f, β, λ) (Lemma 3.3, lines 139–141), as the sum
    of the two tail masses μ̄[a, E X − r] + μ̄[E X + r, b]: positive terms, each an erfc difference taken on its own
    tail (:func:`~certunlearn.algorithms.pomer.gibbs.moments`), so the enclosure stays relatively tight however small
    the probability (the complement 1 − μ̄[E X − r, E X + r] cancels to nothing below 2^−precision)."""
    f = total(losses_of(values), values["a"], values["b"])
    law = gibbs(f, values["beta"], values["lam"])
    mean = law.integral(0, 1)
    rr = to_arb(values["r"])
    a, b = frac(values["a"]), frac(values["b"])
    return law.restricted(a, mean - rr).integral() + law.restricted(mean + rr, b).integral()


# ---------------------------------------------------------------------------------------------- closeness (Lemma 3.5)


@guard
def _far(values: Instance) -> arb:
    """max over the two directions of Pr[μ̄(X)/μ̄'(X) ∉ [1/Φ, Φ]] (Definition 3.4, lines 146–152)."""
    (f,), (g,) = losses_of(values), losses_of(values, "other")
    log_phi = to_arb(values["Phi"]).log()
    return far_probability(f, g, values["beta"], values["lam"], log_phi, "first").max(
        far_probability(f, g, values["beta"], values["lam"], log_phi, "second"))


def _diff_lipschitz(values: Instance) -> Decision:
    (f,), (g,) = losses_of(values), losses_of(values, "other")
    return holds((f - g).lipschitz <= frac(values["G"]))


def _convex_pair(values: Instance) -> Decision:
    return holds(all(h.convex for h in losses_of(values) + losses_of(values, "other")))


@guard
@memoised
def _w_infinity(values: Instance) -> arb:
    """W∞(μ̄(l, β, λ), μ̄(l', β, λ)) enclosed from the exact CDFs on a grid of min(2·precision, 1024) points
    (:func:`~certunlearn.algorithms.pomer.gibbs.w_infinity_bounds`), then narrowed by bisection to a relative width
    of 2^−max(4, precision/16) (:func:`~certunlearn.algorithms.pomer.gibbs.w_infinity_narrowed`: each midpoint c is
    proved or disproved to bound W∞ by comparing F'(x + c) with F(x) on adaptive cells) — the grid alone leaves a
    width of 4|K|/points, 0.04 on K = [−10, 10], where a hinge's W∞ falls short of G/λ by 5%. For two linear losses
    (translated Gaussians, where W∞ falls short of the translation by less than any grid resolves) the upper end is
    :func:`~certunlearn.algorithms.pomer.gibbs.w_infinity_translate_upper`'s certified bound when smaller."""
    from flint import ctx

    (f,), (g,) = losses_of(values), losses_of(values, "other")
    a, b = frac(values["a"]), frac(values["b"])
    first, second = gibbs(f, values["beta"], values["lam"]), gibbs(g, values["beta"], values["lam"])
    lower, upper = w_infinity_bounds(first, second, a, b, min(2 * ctx.prec, 1024))
    upper_translate = w_infinity_translate_upper(f, g, values["beta"], values["lam"])
    if upper_translate is None:
        lower, upper = w_infinity_narrowed(first, second, a, b, lower, upper,
                                           Fraction(1, 2 ** max(4, ctx.prec // 16)), NARROWING_CELLS)
    grid = rational_ball(lower, upper)
    if upper_translate is None or not upper_translate.upper() < grid.upper():
        return grid
    if upper_translate.upper() < grid.lower():
        raise ArithmeticError("the certified upper bound of W∞ lies below the grid's certified lower bound")
    return interval_ball(grid, upper_translate)


#: cells per direction and bisection step of :func:`_w_infinity`'s narrowing (about 0.5 CPU-s at most).
NARROWING_CELLS = 2000


#: Lemma 3.6's hypotheses (line 157): l, l' convex with l − l' G-Lipschitz; Lemma 3.5 adds δ ∈ (0, 1].
W_INFINITY_HYPOTHESES = (*POSITIVE, ORIGIN, P("l, l' convex", _convex_pair), P("l − l' G-Lipschitz", _diff_lipschitz))
CLOSENESS_HYPOTHESES = (*W_INFINITY_HYPOTHESES, H("δ > 0", ">", delta, 0), H("δ ≤ 1", "<=", delta, 1))


def _lsi_claims() -> tuple[Claim, ...]:
    printed = "E[g² log g²] − E[g²]E[log g²] ≤ (2/c)E[‖∇g‖²]"
    entropy = "E[g² log g²] − E[g²] log E[g²] ≤ (2/c)E[‖∇g‖²]"
    return (
        _lsi_claim("pomer.def3.1", "Definition 3.1 (lines 133–135) applied to the canonical LSI example",
                   f"the Gaussian μ̄(0, β, λ) restricted to K satisfies Definition 3.1 as printed, {printed}, with "
                   "c = βλ (the Bakry–Émery constant, Lemma 3.2 with l = λx²/2)", _lsi_printed, False),
        _lsi_claim("pomer.def3.1+fix", "Definition 3.1 (lines 133–135), entropy form",
                   f"with the entropy Ent(g²) on the left, {entropy}, the Gaussian restricted to K satisfies it with "
                   "c = βλ", _lsi_entropy, False, corrects="pomer.def3.1",
                   note="The printed left side E[g²]E[log g²] replaces E[g²] log E[g²]; by Jensen the printed left side "
                        "is the larger one, and for g = e^{sx} under a Gaussian it is exactly twice the entropy. The "
                        "standard LSI (Ledoux 1999, Bakry–Émery) uses the entropy."),
        _lsi_claim("pomer.lem3.2", "Lemma 3.2 (line 137) with Definition 3.1 (lines 133–135) as printed",
                   f"μ̄(f, β, λ) ∝ exp(−β(f + λx²/2)) on K (f convex, so Λ = λ) satisfies {printed} with c = βλ",
                   _lsi_printed, True),
        _lsi_claim("pomer.lem3.2+fix", "Lemma 3.2 (line 137) with the entropy form of the LSI",
                   f"μ̄(f, β, λ) on K satisfies {entropy} with c = βλ", _lsi_entropy, True, corrects="pomer.lem3.2",
                   note="Bakry–Émery's LSI is an entropy inequality; with the entropy the constant c = βΛ holds "
                        "(exponentials attain it for the untruncated Gaussian)."),
        Claim(
            id="pomer.lem3.2:fix-control-c-scaled",
            source="negative control of pomer.lem3.2+fix: Lemma 3.2 (line 137), entropy form, with c = 11βλ/10",
            kind=Kind.INEQUALITY,
            statement="(wrong on purpose) μ̄(f, β, λ) satisfies the entropy LSI with c = 1.1·βλ (10% too large)",
            hypotheses=(*POSITIVE, ORIGIN, CONVEX, _S_NONZERO), bound=sympy.Integer(1),
            quantity=lambda v: _lsi_entropy({**v, "c_scale": "11/10"}),
            adversaries=(lsi_grid(False), lsi_search(False)), control=Control.NEGATIVE),
        Claim(
            id="pomer.lem3.3", source="Lemma 3.3 (lines 139–141; Herbst's argument, Ledoux 1999 §2.3)",
            kind=Kind.INEQUALITY,
            statement="for μ̄(f, β, λ) (LSI constant c = βλ) and the 1-Lipschitz F(x) = x: "
                      "Pr(|F(X) − E F(X)| ≥ r) ≤ 2 exp(−c r²/(2L²))",
            hypotheses=(*POSITIVE, ORIGIN, CONVEX, H("r > 0", ">", r, 0)),
            bound=CONCENTRATION_33, quantity=_concentration,
            adversaries=(
                Adversary("grid: K, (β, λ), r, hinge losses", generate=lambda rng, size: [
                    {"a": lo, "b": hi, "beta": bt, "lam": lm, "r": rr, "losses": ls}
                    for (lo, hi), (bt, lm), rr, ls in itertools.product(
                        (("-1", "1"), ("-5", "5"), ("-1/2", "3")), (("1", "1"), ("10", "2"), ("1/5", "1")),
                        ("1/10", "1/2", "1", "2"), ([], [[0, -1, 1]], [["1/2", 2, 3]]))][:max(size, 10)]),
                Adversary("search over K, (β, λ), r", space=Space(
                    {"a": (-5.0, -0.01), "b": (0.01, 5.0), "beta": (0.05, 50.0), "lam": (0.05, 20.0), "r": (0.001, 5.0)},
                    log=frozenset({"beta", "lam", "r"}), build=lambda v: {**v, "losses": []})),
            ),
            derivation="pomer.lem3.3"),
    )


CLAIMS = (
    *_lsi_claims(),
    Claim(
        id="pomer.lem3.5", source="Lemma 3.5 (lines 151–153; proof lines 452–488)", kind=Kind.INEQUALITY,
        statement="l − l' G-Lipschitz ⇒ μ̄(l, β, λ), μ̄(l', β, λ) are (Φ, δ)-close with "
                  "Φ = exp(2βG²/λ + √(8βG² log(2/δ)/λ))",
        hypotheses=CLOSENESS_HYPOTHESES, bound=delta, prescribed=PRESCRIBED["pomer.lem3.5"], quantity=_far,
        adversaries=(Adversary("grid: ±Gx, hinge vs 0, linear vs constant; K, (β, λ), δ", generate=closeness_grid),
                     closeness_search()),
        derivation="pomer.lem3.5"),
    Claim(
        id="pomer.lem3.6", source="Lemma 3.6 / A.1 (lines 157–159, 428; proof lines 432–450)", kind=Kind.INEQUALITY,
        statement="l − l' G-Lipschitz ⇒ W∞(μ̄(l, β, λ), μ̄(l', β, λ)) ≤ G/λ",
        hypotheses=W_INFINITY_HYPOTHESES, bound=W_INFINITY_36, quantity=_w_infinity,
        adversaries=(Adversary("grid: ±Gx, hinge vs 0, |x| vs linear; K, (β, λ)", generate=w_infinity_grid),),
        derivation="pomer.lem3.6",
        note="In one dimension W∞ is the sup of the quantile difference (monotone coupling); the enclosure comes "
             "from exact CDFs and survival functions on a grid, then is narrowed by bisection: a shift c bounds W∞ "
             "exactly when F'(x + c) ≥ F(x) and F(x + c) ≥ F'(x) for every x, proved or disproved on adaptive cells "
             "(a hinge against 0 on K = [−10, 10] has W∞ = 0.237 against G/λ = 1/4, its sup in the far tail where "
             "the grid alone leaves 0.04 of width). For ±Gx the laws are translated Gaussians and W∞ "
             "falls short of G/λ only by a tail mass (e^{−50} on a wide K): the upper end is then certified from "
             "the translation (w_infinity_translate_upper), which decides them whenever that tail exceeds "
             "2^−precision; an instance whose tail is smaller stays undecided (its enclosure reaches about "
             "2^−precision above the bound) rather than being guessed."),
    Claim(
        id="pomer.lem3.6:control-nine-tenths", source="negative control: Lemma 3.6 with 9G/(10λ)",
        kind=Kind.INEQUALITY, statement="(wrong on purpose) W∞(μ̄(l, β, λ), μ̄(l', β, λ)) ≤ 9G/(10λ) (10% too small)",
        hypotheses=W_INFINITY_HYPOTHESES, bound=sympy.Rational(9, 10) * G / lam, quantity=_w_infinity,
        adversaries=(Adversary("grid", generate=w_infinity_grid),), control=Control.NEGATIVE),
    Claim(
        id="pomer.lem3.5:control-no-concentration", source="negative control: Lemma 3.5 without the √ term",
        kind=Kind.INEQUALITY, statement="(wrong on purpose) the laws are (exp(2βG²/λ), δ)-close",
        hypotheses=CLOSENESS_HYPOTHESES, bound=delta, prescribed=PRESCRIBED["pomer.lem3.5:control-no-concentration"],
        quantity=_far, adversaries=(Adversary("grid", generate=closeness_grid), closeness_search()),
        control=Control.NEGATIVE),
)
