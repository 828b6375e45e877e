"""Claims of POMER (Agarwal, Kale, Singh, Thakurta — *Improved Differentially Private and Lazy Online Convex
Optimization*; paper file ``001_8748437fc158d2af.txt``, line numbers below refer to it).

Every quantity is exact in one dimension: K = [a, b] ∋ 0 and piecewise-linear convex losses, so Gibbs laws are
mixtures of truncated Gaussians (:mod:`certunlearn.algorithms.pomer_gibbs`) and the law of Algorithm 1's
iterates, with its budget state, is a finite recursion (:mod:`certunlearn.algorithms.pomer_law`). A loss in an
instance is ``[kink, left slope, right slope]`` (value 0 at the kink; a kink outside (a, b) makes it linear), so
the linear losses ±Gx that are extremal for Lemmas 3.5/3.6 and the hinge losses are all one family.

Test functions for the log-Sobolev claims are g(x) = e^{s·x} (``s`` in the instance): then log g² = 2sx and every
expectation is a closed-form truncated-Gaussian integral; exponentials are the extremal functions of the Gaussian
LSI, so they attack the constant c directly.

The whole-trajectory (ε, δ) of Theorem 4.3 is enclosed rigorously over all 2^{T−1} switch patterns
(:mod:`certunlearn.algorithms.pomer_trajectory`, T = 9…12 as its hypothesis T ≥ 12 log(1/δ) requires), and the
total-variation drift of Lemma 4.6 at every round t from the exact law (:func:`~.pomer_law.tv_distance`). Lemma 3.6
(W∞) is enclosed from exact CDFs on a grid; where the bound is attained it stays undecided.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import sympy
from flint import arb

from ..algorithms.pomer_gibbs import (
    Ambiguous, PiecewiseLinear, Pieces, far_probability, gibbs, log_partition, total, w_infinity,
)
from ..algorithms.pomer_law import exact_law, ratio_factors, tv_distance
from ..algorithms.pomer_trajectory import trajectory_delta_bounds
from ..numeric.enclosure import Decision, decide, to_arb
from ..numeric.precision import workprec
from ..numeric.sympy_arb import arb_eval
from .hypotheses import H, P, holds
from .instances import frac
from .model import Adversary, Claim, Control, Instance, Kind, Space
from ..formulas.symbols import delta, epsilon

beta = sympy.Symbol("beta", positive=True)
lam = sympy.Symbol("lam", positive=True)
G = sympy.Symbol("G", positive=True)
D = sympy.Symbol("D", positive=True)
T = sympy.Symbol("T", positive=True)
d = sympy.Symbol("d", positive=True)
p = sympy.Symbol("p", nonnegative=True)
Phi = sympy.Symbol("Phi", positive=True)
S = sympy.Symbol("S", positive=True)
r = sympy.Symbol("r", positive=True)
c_lsi = sympy.Symbol("c", positive=True)

# ---------------------------------------------------------------------------------------------- printed formulas

#: Lemma 3.5 (lines 160–163): the closeness scale of two Gibbs laws whose losses differ by a G-Lipschitz function.
PHI_35 = sympy.exp(2 * beta * G**2 / lam + sympy.sqrt(8 * beta * G**2 * sympy.log(2 / delta) / lam))
#: p̃ = p + 1 − Φ⁻² (Theorem 4.1, line 224; Lemma 4.2, line 231).
P_TILDE = p + 1 - Phi**-2
#: Theorem 4.1 (lines 218–228): B = ∞ and B = 3p̃T.
REGRET_41 = lam * D**2 / 2 + G**2 * T / lam + d * sympy.log(T) / beta + G * D + 6 * G * D * delta * T**2
REGRET_41_BUDGET = (lam * D**2 / 2 + G**2 * T / lam + d * sympy.log(T) / beta
                    + 2 * G * D * T * (sympy.exp(-P_TILDE * T) + 3 * delta * T) + G * D)
#: Theorem 4.5 (lines 270–276): the prescribed parameters and the regret bound.
DELTA_45 = 2 / T**2
LAM_45 = sympy.Max(G * sympy.sqrt(2 * T) / D, sympy.sqrt(512 * d * G * sympy.log(T)) / D * T / S)
BETA_45 = lam / (256 * G**2 * sympy.log(T)) * S**2 / T**2
REGRET_45 = G * D * sympy.sqrt(2 * T) + 16 * G * D * sympy.log(T) * sympy.sqrt(d) * T / S + 13 * G * D
#: Theorem 4.3 (lines 244–256) with Theorem 4.4's λ, β (lines 260–266).
LAM_44 = G / D * sympy.Max(2 * sympy.sqrt(T),
                           10**3 * T ** sympy.Rational(1, 3) * sympy.sqrt(d) * sympy.log(T / delta) / epsilon,
                           10**3 * T ** sympy.Rational(3, 8) * sympy.sqrt(d) * sympy.log(T / delta) / epsilon ** sympy.Rational(3, 4))
BETA_44 = lam / (10**5 * G**2 * sympy.log(T / delta) ** 2) * sympy.Min(epsilon**2 / T ** sympy.Rational(2, 3),
                                                                       epsilon ** sympy.Rational(3, 2) / T ** sympy.Rational(3, 4))
DELTA_PRIME_43 = delta / T**2 / 60
PHI_43 = PHI_35.subs({G: 3 * G, delta: DELTA_PRIME_43}) ** 2  # Φ = Φ'², Φ' from Lemma 3.5 at (G' = 3G, δ')
P_43 = sympy.Max(T ** sympy.Rational(-1, 3), (G**4 * beta**2 / (lam**2 * sympy.log(Phi) ** 2)) ** sympy.Rational(1, 3))
EPS_PRIME_43 = (7 * T ** sympy.Rational(2, 3) * sympy.log(Phi) ** 2 + 12 * sympy.log(Phi) ** 3 * T
                + 11 * (G**4 * beta**2 / lam**2) ** sympy.Rational(1, 3) * sympy.log(Phi) ** sympy.Rational(4, 3) * T)
EPS_43 = 3 * EPS_PRIME_43 / 2 + sympy.sqrt(6 * EPS_PRIME_43) * sympy.sqrt(sympy.log(2 / delta))
DELTA_43 = delta + 3 * T * sympy.exp(-(1 - Phi**-2) * T)
#: Claim C.2, case t > t₀ (lines 689–697): the log ratio of the keep probabilities is at most 2G²β/λ.
POST_RATIO = 2 * G**2 * beta / lam


# ---------------------------------------------------------------------------------------------- instances


def losses_of(values: Instance, key: str = "losses") -> list[PiecewiseLinear]:
    """The instance's losses ``[kink, left, right]`` on K = [a, b] as exact piecewise-linear functions."""
    a, b = values["a"], values["b"]
    return [PiecewiseLinear.hinge(a, b, k, lft, rgt) for k, lft, rgt in values[key]]


def _guard(fn):
    """Ambiguous cell orderings become NaN, so the decision is retried at a higher precision."""

    def quantity(values: Instance) -> arb:
        try:
            return fn(values)
        except Ambiguous:
            return arb.nan()

    quantity.__doc__ = fn.__doc__
    return quantity


def _convex(values: Instance) -> Decision:
    return holds(all(f.convex for f in losses_of(values)))


def _lipschitz(key: str = "losses"):
    def check(values: Instance) -> Decision:
        return holds(all(f.lipschitz <= frac(values["G"]) for f in losses_of(values, key)))
    return check


def _origin_inside(values: Instance) -> Decision:
    return holds(frac(values["a"]) < 0 < frac(values["b"]))


CONVEX = P("l_t convex (Assumption 2.1)", _convex)
LIPSCHITZ = P("l_t G-Lipschitz (Assumption 2.1)", _lipschitz())
ORIGIN = P("K = [a, b] contains the origin (line 49)", _origin_inside)
POSITIVE = (H("β > 0", ">", beta, 0), H("λ > 0", ">", lam, 0))


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


@_guard
def _lsi_printed(values: Instance) -> arb:
    """(E[g² log g²] − E[g²]E[log g²]) / ((2/c)E[‖∇g‖²]) — Definition 3.1's left side as printed (line 139)."""
    lhs, mixed, _, rhs = _lsi_terms(values)
    return (lhs - mixed) / rhs


@_guard
def _lsi_entropy(values: Instance) -> arb:
    """Ent(g²)/((2/c)E[‖∇g‖²]) with Ent(g²) = E[g² log g²] − E[g²] log E[g²] (the standard LSI)."""
    lhs, _, ent_tail, rhs = _lsi_terms(values)
    return (lhs - ent_tail) / rhs


def _lsi_grid(with_losses: bool):
    def generate(rng: np.random.Generator, size: int):
        losses = ([[]] + ([[[0, -1, 1]], [["1/3", -2, 1], [-1, 0, "1/2"]], [[-5, 1, 1]]] if with_losses else []))
        out = []
        for (lo, hi), (bt, lm), s, ls in itertools.product(
                (("-1", "1"), ("-4", "3"), ("-1/2", "2")), (("4", "1"), ("1", "1"), ("20", "3")),
                ("1/10", "1", "-2"), losses):
            out.append({"a": lo, "b": hi, "beta": bt, "lam": lm, "s": s, "losses": ls})
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return out
    return Adversary("grid: K, (β, λ), slope s of g = e^{sx}" + (", hinge losses" if with_losses else ""), generate=generate)


def _lsi_search(with_losses: bool) -> Adversary:
    def build(v: dict) -> Instance:
        if not with_losses:
            return {**v, "losses": []}
        k, left, jump = v.pop("k"), v.pop("left"), v.pop("jump")
        return {**v, "losses": [[k, left, left + jump]]}

    bounds = {"a": (-5.0, -0.01), "b": (0.01, 5.0), "beta": (0.05, 50.0), "lam": (0.05, 20.0), "s": (-5.0, 5.0)}
    if with_losses:
        bounds.update({"k": (-3.0, 3.0), "left": (-3.0, 3.0), "jump": (0.0, 4.0)})
    return Adversary("search over K, (β, λ), s" + (" and a hinge loss" if with_losses else ""),
                     space=Space(bounds, log=frozenset({"beta", "lam"}), build=build))


_S_NONZERO = P("g = e^{sx} non-constant (s ≠ 0)", lambda v: holds(frac(v["s"]) != 0))


def _lsi_claim(cid: str, source: str, statement: str, quantity, with_losses: bool, **kw) -> Claim:
    return Claim(
        id=cid, source=source, kind=Kind.INEQUALITY, statement=statement,
        hypotheses=(*POSITIVE, ORIGIN, CONVEX, _S_NONZERO), bound=sympy.Integer(1), quantity=quantity,
        adversaries=(_lsi_grid(with_losses), _lsi_search(with_losses)), derivation=cid, **kw)


# ---------------------------------------------------------------------------------------------- concentration (Lemma 3.3)


@_guard
def _concentration(values: Instance) -> arb:
    """Pr_{X∼μ̄}(|X − E X| ≥ r) for F(x) = x (1-Lipschitz) under μ̄(f, β, λ)."""
    f = total(losses_of(values), values["a"], values["b"])
    law = gibbs(f, values["beta"], values["lam"])
    mean = law.integral(0, 1)
    rr = to_arb(values["r"])
    return 1 - law.restricted(mean - rr, mean + rr).integral()


# ---------------------------------------------------------------------------------------------- closeness (Lemma 3.5)


@_guard
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


def _closeness_grid(rng: np.random.Generator, size: int):
    out = []
    for (lo, hi), (bt, lm), gg, dl in itertools.product(
            (("-1", "1"), ("-3", "1/2"), ("-10", "10")), (("1", "1"), ("10", "1"), ("1/10", "4"), ("50", "2")),
            ("1", "1/4", "3"), ("1/2", "1e-3", "1e-8")):
        g = frac(gg)
        for first, second in (([-99, g, g], [-99, -g, -g]),  # ±Gx: l − l' = 2Gx
                              ([0, 0, g], [-99, 0, 0]),  # hinge vs zero
                              ([0, -g, g], [-99, g, g])):  # |x| vs linear
            inst = {"a": lo, "b": hi, "beta": bt, "lam": lm, "delta": dl, "losses": [first], "other": [second]}
            (f,), (h,) = losses_of(inst), losses_of(inst, "other")
            out.append({**inst, "G": (f - h).lipschitz})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _closeness_search() -> Adversary:
    def build(v: dict) -> Instance:
        g1, g2 = v.pop("g1"), v.pop("g2")
        return {**v, "G": abs(frac(g1) - frac(g2)), "losses": [[0, g1, g1]], "other": [[0, g2, g2]]}

    return Adversary("search: linear losses on K, (β, λ, δ)", space=Space(
        {"a": (-5.0, -0.01), "b": (0.01, 5.0), "beta": (0.01, 100.0), "lam": (0.01, 10.0), "delta": (1e-10, 1.0),
         "g1": (-3.0, 3.0), "g2": (-3.0, 3.0)}, log=frozenset({"beta", "lam", "delta"}), build=build))


@_guard
def _w_infinity(values: Instance) -> arb:
    """W∞(μ̄(l, β, λ), μ̄(l', β, λ)) enclosed from the exact CDFs on a grid of min(precision, 128) points (the
    enclosure tightens as the decision raises the precision, up to a grid of width |K|/128)."""
    from flint import ctx

    (f,), (g,) = losses_of(values), losses_of(values, "other")
    a, b = frac(values["a"]), frac(values["b"])
    return w_infinity(gibbs(f, values["beta"], values["lam"]), gibbs(g, values["beta"], values["lam"]), a, b,
                      min(ctx.prec, 128))


CLOSENESS_HYPOTHESES = (
    *POSITIVE, ORIGIN, P("l, l' convex", _convex_pair), P("l − l' G-Lipschitz", _diff_lipschitz),
    H("δ > 0", ">", delta, 0), H("δ ≤ 1", "<=", delta, 1),
)


# ---------------------------------------------------------------------------------------------- Algorithm 1: law


def _law(values: Instance, budget=None, initial: str | None = None):
    log_phi = to_arb(values["Phi"]).log()
    return exact_law(losses_of(values), values["beta"], values["lam"], values["p"], log_phi, budget,
                     initial or values.get("initial", "uniform"))


@_guard
def _expected_switches(values: Instance) -> arb:
    """E[S_T] = Σ_{t=1}^T Pr[ζ_t = 1] from the exact law (B = ∞)."""
    return _law(values).expected_switches


@_guard
def _switch_tail(values: Instance) -> arb:
    """Pr[S_T ≥ 3p̃T] from the exact law of the switch count (B = ∞)."""
    ptilde = to_arb(frac(values["p"])) + 1 - to_arb(values["Phi"]) ** -2
    return _law(values).tail(3 * ptilde * len(values["losses"]))


@_guard
def _regret(values: Instance) -> arb:
    """R_T = E[Σ l_t(x_t)] − min_K Σ l_t, exact (B = ∞)."""
    return _law(values).regret


@_guard
def _regret_budget(values: Instance) -> arb:
    """R_T with the budget B = 3p̃T of Theorem 4.1's second case."""
    ptilde = to_arb(frac(values["p"])) + 1 - to_arb(values["Phi"]) ** -2
    return _law(values, budget=3 * ptilde * len(values["losses"])).regret


def _closeness_level(values: Instance) -> Fraction:
    """A δ ≤ 1/2 just above the smallest one for which consecutive μ̄_t are (Φ, δ)-close (the hypothesis is then
    decided rigorously by :func:`_close_consecutive`); 1/2 when that smallest δ exceeds 1/2."""
    with workprec(64):
        try:
            level = float(_worst_far(values).upper())
        except Ambiguous:
            return Fraction(1, 2)
    return min(Fraction(1, 2), Fraction(level * (1 + 2**-20) + 2**-1000))


def _worst_far(values: Instance) -> arb:
    a, b = values["a"], values["b"]
    ls = losses_of(values)
    log_phi = to_arb(values["Phi"]).log()
    worst = arb(0)
    for t in range(1, len(ls) + 1):
        before, after = total(ls[:t - 1], a, b), total(ls[:t], a, b)
        for side in ("first", "second"):
            worst = worst.max(far_probability(before, after, values["beta"], values["lam"], log_phi, side))
    return worst


def _close_consecutive(values: Instance) -> Decision:
    """μ̄_t, μ̄_{t+1} are (Φ, δ)-close for every t ∈ [T] (Theorem 4.1's hypothesis), decided on enclosures."""
    return decide(lambda: _worst_far(values), "<=", to_arb(values["delta"])).decision


def _t_and_shape(values: Instance) -> dict:
    a, b = frac(values["a"]), frac(values["b"])
    return {"T": len(values["losses"]), "D": b - a, "d": 1}


SEQUENCES = (
    [[-9, 1, 1], [9, -1, -1], [-9, 1, 1]],  # ±Gx alternating (kinks outside K: linear)
    [[0, -1, 1], [0, -1, 1], [0, -1, 1]],  # |x| repeatedly
    [["1/2", -1, 1], ["-1/2", -1, 1], [0, 0, 1], [-9, 1, 1]],  # hinges, then linear
    [[-9, 1, 1], [-9, 1, 1], [9, -1, -1], [9, -1, -1]],  # FTL-adversarial block
    [[-9, 1, 1], [9, -1, -1]],
)


def _law_grid(with_delta: bool, params=(("1", "1", "0", "5/4"), ("4", "2", "1/10", "3/2"), ("20", "1", "1/4", "11/10"),
                                        ("1/2", "1/2", "1/2", "2"), ("1", "1", "0", "8"), ("4", "2", "1/10", "60"))):
    def generate(rng: np.random.Generator, size: int):
        out = []
        for seq, (bt, lm, pp, ph), init in itertools.product(SEQUENCES, params, ("uniform", "gibbs")):
            inst = {"a": "-1", "b": "1", "beta": bt, "lam": lm, "p": pp, "Phi": ph, "G": "1", "losses": seq,
                    "initial": init}
            if with_delta:
                inst["delta"] = _closeness_level(inst)
            out.append({**inst, **_t_and_shape(inst)})
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return out
    return Adversary("loss sequences (±Gx, |x|, hinges, FTL blocks) × (β, λ, p, Φ) × initial point", generate=generate)


def _law_search(with_delta: bool) -> Adversary:
    def build(v: dict) -> Instance:
        g = [v.pop(f"g{i}") for i in range(3)]
        inst = {**v, "a": "-1", "b": "1", "G": "1", "losses": [[-9, gi, gi] for gi in g], "initial": "uniform"}
        if with_delta:
            inst["delta"] = _closeness_level(inst)
        return {**inst, **_t_and_shape(inst)}

    return Adversary("search: three linear losses g_t·x, |g_t| ≤ 1, and (β, λ, p, Φ)", space=Space(
        {"beta": (0.05, 50.0), "lam": (0.05, 20.0), "p": (0.0, 1.0), "Phi": (1.0001, 4.0),
         "g0": (-1.0, 1.0), "g1": (-1.0, 1.0), "g2": (-1.0, 1.0)}, log=frozenset({"beta", "lam"}), build=build))


LAW_HYPOTHESES = (
    *POSITIVE, ORIGIN, CONVEX, LIPSCHITZ,
    H("p ≥ 0", ">=", p, 0), H("p ≤ 1", "<=", p, 1),
    H("Φ > 1", ">", Phi, 1),
)
THM41_HYPOTHESES = LAW_HYPOTHESES + (
    H("δ ≤ 1/2", "<=", delta, sympy.Rational(1, 2)),
    P("μ̄_t, μ̄_{t+1} (Φ, δ)-close for all t", _close_consecutive),
)


# ---------------------------------------------------------------------------------------------- Lemma 4.6 at t = 1


@_guard
def _tv_first(values: Instance) -> arb:
    """‖q₁ − μ̄₁‖_TV with q₁ the law of x₁ (uniform as printed, or μ̄₁) and μ̄₁ ∝ e^{−βλx²/2} on K.

    For the uniform x₁: TV = ∫(μ̄₁ − 1/|K|)₊, and μ̄₁ ≥ 1/|K| exactly on |x| ≤ x* with
    x* = √(2 log(|K|/Z₁)/(βλ)) (Z₁ = ∫_K e^{−βλx²/2}), intersected with K."""
    if values.get("initial", "uniform") == "gibbs":
        return arb(0)
    a, b = frac(values["a"]), frac(values["b"])
    law = gibbs(PiecewiseLinear.zero(a, b), values["beta"], values["lam"])
    width = to_arb(b - a)
    z1 = log_partition(PiecewiseLinear.zero(a, b), values["beta"], values["lam"]).exp()
    level = (width / z1).log()
    if not level > 0:
        raise Ambiguous("the Gibbs density never exceeds the uniform one") if not level <= 0 else ValueError(
            "μ̄₁ ≤ 1/|K| everywhere is impossible for a probability density")
    xs = (2 * level / (to_arb(frac(values["beta"])) * to_arb(frac(values["lam"])))).sqrt()
    lo = a if not (-xs > to_arb(a)) else -xs
    hi = b if not (xs < to_arb(b)) else xs
    inside = law.restricted(lo, hi).integral()
    return inside - (to_arb(hi) - to_arb(lo)) / width


@_guard
def _tv_drift(values: Instance) -> arb:
    """‖q_t − μ̄_t‖_TV at round t = ``values["t"]`` (B = ∞): q_t from the exact law, enclosed on a grid of
    min(precision, 128) cells (exact at t = 1, :func:`_tv_first`)."""
    from flint import ctx

    t = int(frac(values["t"]))
    if t == 1:
        return _tv_first(values)
    a, b = frac(values["a"]), frac(values["b"])
    ls = losses_of(values)
    law = _law(values)
    return tv_distance(law.marginals[t - 1], gibbs(total(ls[:t - 1], a, b), values["beta"], values["lam"]), a, b,
                       min(ctx.prec, 128))


def _drift_grid(initial: str):
    """Loss sequences × (β, λ, p, Φ) × rounds t ≥ 2, with (β, λ, p, Φ) such that the least closeness level δ lies
    in (0.004, 1/2). For x₁ uniform also Φ = 8 at β = λ = 1, where consecutive laws are (Φ, 0)-close on K: the bound
    is then 0, and with x₁ ∼ μ̄₁ q_t = μ̄_t exactly (0 ≤ 0, which an enclosure cannot decide)."""
    params = (("4", "2", "1/10", "8"), ("2", "1", "0", "3"), ("1", "1", "0", "2"), ("4", "2", "1/10", "4"))
    params = params if initial == "gibbs" else (("1", "1", "0", "8"),) + params

    def generate(rng: np.random.Generator, size: int):
        out = []
        for seq, (bt, lm, pp, ph) in itertools.product(SEQUENCES[:3], params):
            inst = {"a": "-1", "b": "1", "beta": bt, "lam": lm, "p": pp, "Phi": ph, "G": "1", "losses": seq,
                    "initial": initial}
            inst["delta"] = _closeness_level(inst)
            out.extend({**inst, "t": t, **_t_and_shape(inst)} for t in range(2, len(seq) + 1))
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return out
    return Adversary(f"loss sequences × (β, λ, p, Φ) × rounds t ≥ 2, x₁ {initial}", generate=generate)


t_round = sympy.Symbol("t", positive=True)
DRIFT_HYPOTHESES = THM41_HYPOTHESES + (P("t ∈ {2, …, T}", lambda v: holds(2 <= frac(v["t"]) <= len(v["losses"])
                                                                          and frac(v["t"]).denominator == 1)),)


# ---------------------------------------------------------------------------------------------- Claim C.2, t > t₀


@_guard
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


def _post_grid(rng: np.random.Generator, size: int):
    out = []
    for (bt, lm), (lo, hi), gsign, prefix in itertools.product(
            (("1", "1"), ("10", "1"), ("1/4", "2"), ("100", "10"), ("3", "1/10")),
            (("-1", "1"), ("-10", "10"), ("-1/2", "3")), (1, -1), ([], [[0, -1, 1]], [[-99, 1, 1], [-99, 1, 1]])):
        seq = [[-99, 1, 1]] + prefix  # l_{t0} = +Gx
        out.append({"a": lo, "b": hi, "beta": bt, "lam": lm, "G": "1", "t0": 1, "losses": seq,
                    "replacement": [[-99, -1, -1]], "current": [[-99, gsign, gsign]]})  # l'_{t0} = −Gx, l_t = ±Gx
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _post_search() -> Adversary:
    def build(v: dict) -> Instance:
        g0, g1, gt, k = v.pop("g0"), v.pop("g1"), v.pop("gt"), v.pop("k")
        return {**v, "G": "1", "t0": 1, "losses": [[-99, g0, g0]], "replacement": [[-99, g1, g1]],
                "current": [[k, -abs(gt), abs(gt)]]}

    return Adversary("search: l_{t0}, l'_{t0} linear, l_t hinge, K and (β, λ)", space=Space(
        {"a": (-10.0, -0.01), "b": (0.01, 10.0), "beta": (0.01, 100.0), "lam": (0.01, 10.0), "g0": (-1.0, 1.0),
         "g1": (-1.0, 1.0), "gt": (0.0, 1.0), "k": (-2.0, 2.0)}, log=frozenset({"beta", "lam"}), build=build))


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


def _footnote_grid(rng: np.random.Generator, size: int):
    out = []
    for (bt, lm), shift, cur, ph in itertools.product((("1", "1"), ("5", "2"), ("1/3", "1/2")), ("1", "-1", "7/2"),
                                                      ([[0, -1, 1]], [[-9, 1, 1]]), ("3/2", "5")):
        out.append({"a": "-1", "b": "1", "beta": bt, "lam": lm, "shift": shift, "losses": [[0, 0, 1]],
                    "current": cur, "Phi": ph})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


# ---------------------------------------------------------------------------------------------- Theorem 4.4 parameters


def _thm44_grid(rng: np.random.Generator, size: int):
    out = [{"epsilon": e, "delta": dl, "T": t, "G": g, "D": dd, "d": dim}
           for e, dl, t, g, dd, dim in itertools.product(("1", "1/2", "1/100"), ("1/2", "1e-5", "1e-12"),
                                                          ("100", "10000", "1000000000"), ("1", "1/10"), ("1", "7"),
                                                          ("1", "100"))]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


THM44_HYPOTHESES = (
    H("ε > 0", ">", epsilon, 0), H("ε ≤ 1", "<=", epsilon, 1),
    H("δ > 0", ">", delta, 0), H("δ ≤ 1/2", "<=", delta, sympy.Rational(1, 2)),
    H("T ≥ 12 log(1/δ)", ">=", T, 12 * sympy.log(1 / delta)),
)


def _prescribed_44() -> dict:
    """λ, β of Theorem 4.4, then Φ and p of Theorem 4.3 at those λ, β (evaluated in that order)."""
    lam_, beta_ = sympy.Symbol("lam"), sympy.Symbol("beta")
    at = {lam: lam_, beta: beta_}
    return {"lam": LAM_44, "beta": BETA_44.subs(lam, lam_), "Phi": PHI_43.subs(at),
            "p": P_43.subs(at)}


def _from_prescribed(expr: sympy.Expr):
    lam_, beta_ = sympy.Symbol("lam"), sympy.Symbol("beta")
    bound = expr.subs({lam: lam_, beta: beta_})

    def quantity(values: Instance) -> arb:
        return arb_eval(bound, values)

    quantity.__doc__ = f"{expr} at the prescribed parameters"
    return quantity


@_guard
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


def _composition_grid(rng: np.random.Generator, size: int):
    out = [{"beta": bt, "lam": lm, "G": g, "T": t, "delta": dl}
           for bt, lm, g, t, dl in itertools.product(("1e-6", "1e-3", "1/10", "1"), ("1", "100", "10000"), ("1", "1/10"),
                                                      ("100", "10000", "1000000"), ("1/2", "1e-6"))]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _trajectory_points() -> int:
    """Grid cells on K for the trajectory divergence: finer as the decision raises the precision."""
    from flint import ctx

    return 24 if ctx.prec <= 64 else 48 if ctx.prec <= 128 else 96


@_guard
def _trajectory_delta(values: Instance) -> arb:
    """max over both directions of δ(ε) for the published x_1..x_T (Algorithm 1 with the prescribed Φ, p, B, ε),
    a rigorous bracket from :func:`~certunlearn.algorithms.pomer_trajectory.trajectory_delta_bounds`."""
    ls, others = losses_of(values), losses_of(values, "other")
    phi = values["Phi"]
    log_phi = phi.log() if isinstance(phi, arb) else to_arb(phi).log()
    eps = values["epsilon"] if isinstance(values["epsilon"], arb) else to_arb(values["epsilon"])
    out = [trajectory_delta_bounds(first, second, values["beta"], values["lam"], values["p"], log_phi, eps,
                                   values["B"], values.get("initial", "uniform"), _trajectory_points(), refine=4)
           for first, second in ((ls, others), (others, ls))]
    return out[0].max(out[1])


def _neighbours(values: Instance) -> Decision:
    """The two sequences differ in exactly one round and both have T rounds."""
    ls, others = values["losses"], values["other"]
    return holds(len(ls) == len(others) == int(frac(values["T"]))
                 and sum(tuple(map(frac, x)) != tuple(map(frac, y)) for x, y in zip(ls, others)) == 1)


def _trajectory_grid(per_forty: int):
    """Neighbouring sequences of ±Gx and hinges differing first, in the middle or last; T as small as the
    hypothesis T ≥ 12 log(1/δ) allows; (β, λ) with βG²/λ from 10⁻³ to 10⁻² and βλ from 10⁻² to 10³. The profile
    (size 40 in quick) takes the first ``per_forty``·size/40 of the 64 instances; the full bracket costs ~1 s per
    instance and direction (the claim's instances are cheap: the privacy loss stays below its ε)."""
    def generate(rng: np.random.Generator, size: int):
        return _trajectory_instances()[:max(1, per_forty * size // 40)]
    return generate


def _trajectory_instances() -> list:
    out = []
    for (bt, lm), (dl, t_len), (pattern, t0), init in itertools.product(
            (("1/10", "100"), ("1", "100"), ("1/1000", "1"), ("1", "1000")), (("1/2", 9), ("2/5", 12)),
            (("alternate", 0), ("hinge", 0), ("same", 4), ("alternate", -1)), ("uniform", "gibbs")):
        base = {"alternate": [[-9, (-1) ** t, (-1) ** t] for t in range(t_len)],
                "hinge": [[0, -1, 1]] * t_len, "same": [[-9, 1, 1]] * t_len}[pattern]
        other = list(base)
        other[t0] = [-9, -base[t0][2], -base[t0][2]] if pattern != "hinge" else [-9, 1, 1]
        out.append({"a": "-1", "b": "1", "G": "1", "beta": bt, "lam": lm, "delta": dl, "T": t_len,
                    "losses": base, "other": other, "initial": init})
    return out  # the first two differ in the first round (uniform and Gibbs x₁)


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
PRESCRIBED_43 = {"Phi": PHI_43, "p": P_43, "B": 3 * P_TILDE * T, "epsilon": EPS_43}


# ---------------------------------------------------------------------------------------------- Theorem 4.5


def _thm45_grid(rng: np.random.Generator, size: int):
    out = []
    for seq, s_budget, g in itertools.product(SEQUENCES[:4], ("1", "2", "3"), ("1",)):
        if len(seq) < 3:
            continue
        out.append({"a": "-1", "b": "1", "G": g, "D": "2", "d": 1, "T": len(seq), "S": s_budget, "losses": seq,
                    "initial": "uniform"})
        out.append({"a": "-1", "b": "1", "G": g, "D": "2", "d": 1, "T": len(seq), "S": s_budget, "losses": seq,
                    "initial": "gibbs"})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


@_guard
def _regret_45(values: Instance) -> arb:
    """R_T of Algorithm 1 with Theorem 4.5's λ, β, Φ, p = 0, B = ∞ (exact law)."""
    log_phi = values["Phi"].log() if isinstance(values["Phi"], arb) else to_arb(values["Phi"]).log()
    return exact_law(losses_of(values), values["lam_beta"], values["lam"], 0, log_phi, None,
                     values.get("initial", "uniform")).regret


@_guard
def _switches_45(values: Instance) -> arb:
    """E[S_T] of Algorithm 1 with Theorem 4.5's parameters (exact law)."""
    log_phi = values["Phi"].log() if isinstance(values["Phi"], arb) else to_arb(values["Phi"]).log()
    return exact_law(losses_of(values), values["lam_beta"], values["lam"], 0, log_phi, None,
                     values.get("initial", "uniform")).expected_switches


LAM_BETA = sympy.Symbol("lam_beta", positive=True)  # β as prescribed (named apart from the symbol β in BETA_45)
PRESCRIBED_45 = {"delta": DELTA_45, "lam": LAM_45, "lam_beta": BETA_45.subs(lam, sympy.Symbol("lam")),
                 "Phi": PHI_35.subs({beta: LAM_BETA, lam: sympy.Symbol("lam")})}
THM45_HYPOTHESES = (
    H("T ≥ 3", ">=", T, 3), H("S ≤ T", "<=", S, T),
    ORIGIN, CONVEX, LIPSCHITZ,
    P("D = diameter of K", lambda v: holds(frac(v["D"]) == frac(v["b"]) - frac(v["a"]))),
)


# ---------------------------------------------------------------------------------------------- the claims


def _lsi_claims() -> tuple[Claim, ...]:
    printed = "E[g² log g²] − E[g²]E[log g²] ≤ (2/c)E[‖∇g‖²]"
    entropy = "E[g² log g²] − E[g²] log E[g²] ≤ (2/c)E[‖∇g‖²]"
    return (
        _lsi_claim("pomer.def3.1", "Definition 3.1 (lines 136–141) applied to the canonical LSI example",
                   f"the Gaussian μ̄(0, β, λ) restricted to K satisfies Definition 3.1 as printed, {printed}, with "
                   "c = βλ (the Bakry–Émery constant, Lemma 3.2 with l = λx²/2)", _lsi_printed, False),
        _lsi_claim("pomer.def3.1+fix", "Definition 3.1 (lines 136–141), entropy form",
                   f"with the entropy Ent(g²) on the left, {entropy}, the Gaussian restricted to K satisfies it with "
                   "c = βλ", _lsi_entropy, False, corrects="pomer.def3.1",
                   note="The printed left side E[g²]E[log g²] replaces E[g²] log E[g²]; by Jensen the printed left side "
                        "is the larger one, and for g = e^{sx} under a Gaussian it is exactly twice the entropy. The "
                        "standard LSI (Ledoux 1999, Bakry–Émery) uses the entropy."),
        _lsi_claim("pomer.lem3.2", "Lemma 3.2 (lines 143–144) with Definition 3.1 (lines 136–141) as printed",
                   f"μ̄(f, β, λ) ∝ exp(−β(f + λx²/2)) on K (f convex, so Λ = λ) satisfies {printed} with c = βλ",
                   _lsi_printed, True),
        _lsi_claim("pomer.lem3.2+fix", "Lemma 3.2 (lines 143–144) with the entropy form of the LSI",
                   f"μ̄(f, β, λ) on K satisfies {entropy} with c = βλ", _lsi_entropy, True, corrects="pomer.lem3.2",
                   note="Bakry–Émery's LSI is an entropy inequality; with the entropy the constant c = βΛ holds "
                        "(exponentials attain it for the untruncated Gaussian)."),
        Claim(
            id="pomer.lem3.2:control-c-doubled", source="negative control: Lemma 3.2 (entropy form) with c = 2βλ",
            kind=Kind.INEQUALITY, statement="(wrong on purpose) μ̄(f, β, λ) satisfies the entropy LSI with c = 2βλ",
            hypotheses=(*POSITIVE, ORIGIN, CONVEX, _S_NONZERO), bound=sympy.Integer(1),
            quantity=lambda v: _lsi_entropy({**v, "c_scale": 2}),
            adversaries=(_lsi_grid(False), _lsi_search(False)), control=Control.NEGATIVE),
        Claim(
            id="pomer.lem3.3", source="Lemma 3.3 (lines 146–150; Herbst's argument, Ledoux 1999 §2.3)",
            kind=Kind.INEQUALITY,
            statement="for μ̄(f, β, λ) (LSI constant c = βλ) and the 1-Lipschitz F(x) = x: "
                      "Pr(|F(X) − E F(X)| ≥ r) ≤ 2 exp(−c r²/(2L²))",
            hypotheses=(*POSITIVE, ORIGIN, CONVEX, H("r > 0", ">", r, 0)),
            bound=2 * sympy.exp(-beta * lam * r**2 / 2), quantity=_concentration,
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
        id="pomer.lem3.5", source="Lemma 3.5 (lines 158–163; proof lines 452–490)", kind=Kind.INEQUALITY,
        statement="l − l' G-Lipschitz ⇒ μ̄(l, β, λ), μ̄(l', β, λ) are (Φ, δ)-close with "
                  "Φ = exp(2βG²/λ + √(8βG² log(2/δ)/λ))",
        hypotheses=CLOSENESS_HYPOTHESES, bound=delta, prescribed={"Phi": PHI_35}, quantity=_far,
        adversaries=(Adversary("grid: ±Gx, hinge vs 0, linear vs constant; K, (β, λ), δ", generate=_closeness_grid),
                     _closeness_search()),
        derivation="pomer.lem3.5"),
    Claim(
        id="pomer.lem3.6", source="Lemma 3.6 / A.1 (lines 165–170; proof lines 436–450)", kind=Kind.INEQUALITY,
        statement="l − l' G-Lipschitz ⇒ W∞(μ̄(l, β, λ), μ̄(l', β, λ)) ≤ G/λ",
        hypotheses=CLOSENESS_HYPOTHESES[:4], bound=G / lam, quantity=_w_infinity,
        adversaries=(Adversary("grid: ±Gx, hinge vs 0, |x| vs linear; K, (β, λ)", generate=_closeness_grid),),
        derivation="pomer.lem3.6",
        note="In one dimension W∞ is the sup of the quantile difference (monotone coupling); the enclosure comes "
             "from exact CDFs and survival functions on a grid. For ±Gx on a wide K the bound is attained (a shift "
             "of a Gaussian by G/λ), so such instances stay undecided rather than being guessed."),
    Claim(
        id="pomer.lem3.6:control-halved", source="negative control: Lemma 3.6 with G/(2λ)", kind=Kind.INEQUALITY,
        statement="(wrong on purpose) W∞(μ̄(l, β, λ), μ̄(l', β, λ)) ≤ G/(2λ)",
        hypotheses=CLOSENESS_HYPOTHESES[:4], bound=G / (2 * lam), quantity=_w_infinity,
        adversaries=(Adversary("grid", generate=_closeness_grid),), control=Control.NEGATIVE),
    Claim(
        id="pomer.lem3.5:control-no-concentration", source="negative control: Lemma 3.5 without the √ term",
        kind=Kind.INEQUALITY, statement="(wrong on purpose) the laws are (exp(2βG²/λ), δ)-close",
        hypotheses=CLOSENESS_HYPOTHESES, bound=delta, prescribed={"Phi": sympy.exp(2 * beta * G**2 / lam)},
        quantity=_far, adversaries=(Adversary("grid", generate=_closeness_grid), _closeness_search()),
        control=Control.NEGATIVE),
    Claim(
        id="pomer.lem4.2", source="Lemma 4.2 / Lemma B.1 (lines 229–233, 476–488)", kind=Kind.ITERATIONS,
        statement="E[S_T] ≤ p̃T with p̃ = p + 1 − Φ⁻² (S_T = Σ_t ζ_t, B = ∞)",
        hypotheses=LAW_HYPOTHESES, bound=P_TILDE * T, quantity=_expected_switches,
        adversaries=(_law_grid(False), _law_search(False)), derivation="pomer.lem4.2"),
    Claim(
        id="pomer.lem4.2:tail", source="Lemma 4.2 / Lemma B.1 (lines 229–233, 476–488; Chernoff, footnote 5)",
        kind=Kind.ITERATIONS, statement="Pr[S_T ≥ 3p̃T] ≤ e^{−p̃T}",
        hypotheses=LAW_HYPOTHESES, bound=sympy.exp(-P_TILDE * T), quantity=_switch_tail,
        adversaries=(_law_grid(False), _law_search(False)), derivation="pomer.lem4.2:tail"),
    Claim(
        id="pomer.lem4.6", source="Lemma 4.6 / Lemma B.2 (lines 294–301, 492–540), at t = 1",
        kind=Kind.ACCURACY,
        statement="‖q_t − μ̄_t‖_TV ≤ 3δ(t − 1) for B = ∞; at t = 1: q₁ = μ̄₁ (x₁ uniform on K as printed, line 182)",
        hypotheses=(*POSITIVE, ORIGIN), bound=sympy.Integer(0), quantity=_tv_first,
        adversaries=(Adversary("K and (β, λ)", generate=lambda rng, size: [
            {"a": lo, "b": hi, "beta": bt, "lam": lm, "initial": "uniform"}
            for (lo, hi), (bt, lm) in itertools.product((("-1", "1"), ("-3", "1"), ("-1/10", "1/10")),
                                                        (("1", "1"), ("10", "1"), ("1/100", "1"), ("100", "5")))]),),
        derivation="pomer.lem4.6",
        note="The induction starts from ‖q₁ − μ̄₁‖_TV = 0 ('trivially true', line 510), which needs x₁ ∼ μ̄₁; "
             "Algorithm 1 draws x₁ uniformly. Only t = 1 is evaluated exactly."),
    Claim(
        id="pomer.lem4.6+fix", source="Lemma 4.6 (lines 294–301) with x₁ ∼ μ̄₁, at t = 1", kind=Kind.ACCURACY,
        statement="with x₁ ∼ μ̄₁ = μ̄(0, β, λ) (the initial point the analysis requires), ‖q₁ − μ̄₁‖_TV = 0",
        hypotheses=(*POSITIVE, ORIGIN), bound=sympy.Integer(0), quantity=_tv_first, corrects="pomer.lem4.6",
        adversaries=(Adversary("K and (β, λ)", generate=lambda rng, size: [
            {"a": lo, "b": hi, "beta": bt, "lam": lm, "initial": "gibbs"}
            for (lo, hi), (bt, lm) in itertools.product((("-1", "1"), ("-3", "1"), ("-1/10", "1/10")),
                                                        (("1", "1"), ("10", "1"), ("1/100", "1"), ("100", "5")))]),),
        derivation="pomer.lem4.6+fix",
        note="Algorithm 1 with initial='gibbs' (certunlearn.algorithms.pomer.run); with a uniform x₁ the drift "
             "bound of every later round gains ‖u − μ̄₁‖_TV (data processing)."),
    Claim(
        id="pomer.lem4.6:drift", source="Lemma 4.6 / Lemma B.2, case B = ∞ (lines 294–301, 492–540), rounds t ≥ 2",
        kind=Kind.ACCURACY, statement="‖q_t − μ̄_t‖_TV ≤ 3δ(t − 1) for B = ∞ (x₁ uniform on K as printed, line 182)",
        hypotheses=DRIFT_HYPOTHESES, bound=3 * delta * (t_round - 1), quantity=_tv_drift,
        adversaries=(_drift_grid("uniform"),), derivation="pomer.lem4.6:drift",
        note="q_t from the exact law; δ is (just above) the smallest level at which consecutive μ̄_t are "
             "(Φ, δ)-close, so the hypothesis holds and the bound is as small as the lemma allows."),
    Claim(
        id="pomer.lem4.6:drift+fix", source="Lemma 4.6 (lines 294–301) with x₁ ∼ μ̄₁, rounds t ≥ 2",
        kind=Kind.ACCURACY, statement="with x₁ ∼ μ̄₁: ‖q_t − μ̄_t‖_TV ≤ 3δ(t − 1) for B = ∞",
        hypotheses=DRIFT_HYPOTHESES, bound=3 * delta * (t_round - 1), quantity=_tv_drift, corrects="pomer.lem4.6:drift",
        adversaries=(_drift_grid("gibbs"),), derivation="pomer.lem4.6:drift+fix",
        note="The induction of Lemma B.2 starts from q₁ = μ̄₁, which needs x₁ ∼ μ̄₁ (initial='gibbs')."),
    Claim(
        id="pomer.lem4.6:control-no-drift", source="negative control: Lemma 4.6 (x₁ ∼ μ̄₁) without drift",
        kind=Kind.ACCURACY, statement="(wrong on purpose) with x₁ ∼ μ̄₁: q_t = μ̄_t, i.e. ‖q_t − μ̄_t‖_TV ≤ 0",
        hypotheses=DRIFT_HYPOTHESES, bound=sympy.Integer(0), quantity=_tv_drift,
        adversaries=(_drift_grid("gibbs"),), control=Control.NEGATIVE),
    Claim(
        id="pomer.thm4.1", source="Theorem 4.1, case B = ∞ (lines 214–222; proof lines 303–360)", kind=Kind.REGRET,
        statement="R_T ≤ λD²/2 + G²T/λ + d log T/β + GD + 6GDδT² when consecutive μ̄_t are (Φ, δ)-close",
        hypotheses=THM41_HYPOTHESES, bound=REGRET_41, quantity=_regret,
        adversaries=(_law_grid(True), _law_search(True)), derivation="pomer.thm4.1"),
    Claim(
        id="pomer.thm4.1:budget", source="Theorem 4.1, case B = 3p̃T (lines 223–228)", kind=Kind.REGRET,
        statement="with B = 3p̃T: R_T ≤ λD²/2 + G²T/λ + d log T/β + 2GDT(e^{−p̃T} + 3δT) + GD",
        hypotheses=THM41_HYPOTHESES, bound=REGRET_41_BUDGET, quantity=_regret_budget,
        adversaries=(_law_grid(True), _law_search(True)), derivation="pomer.thm4.1:budget"),
    Claim(
        id="pomer.claimC.2:post-ratio", source="Claim C.2 / 4.9, case t > t₀ (lines 687–697)", kind=Kind.PRIVACY,
        statement="for t > t₀ and every x: (μ̄'_{t+1}(x)/μ̄'_t(x)) / (μ̄_{t+1}(x)/μ̄_t(x)) ≤ e^{2G²β/λ}",
        hypotheses=(*POSITIVE, ORIGIN, P("all losses convex and G-Lipschitz", _post_lipschitz)),
        bound=POST_RATIO, quantity=_post_ratio,
        adversaries=(Adversary("grid: l_{t0} = Gx vs −Gx, l_t = ±Gx, prefixes, K, (β, λ)", generate=_post_grid),
                     _post_search()),
        derivation="pomer.claimC.2:post-ratio",
        note="The quantity is the log ratio; it does not depend on x because l_t = l'_t cancels."),
    Claim(
        id="pomer.footnote4", source="footnote 4 (line 240) and line 192", kind=Kind.PRIVACY,
        statement="the acceptance probability Π(μ̄_{t+1}(x)/(Φ μ̄_t(x))) is unchanged when a constant is added to l_t",
        hypotheses=(*POSITIVE, H("Φ > 1", ">", Phi, 1)), bound=sympy.Integer(1),
        quantity=_guard(lambda v: _keep_at(v, frac(v["shift"]), True)),
        adversaries=(Adversary("constants added to |x| and x", generate=_footnote_grid),),
        control=Control.POSITIVE, derivation="pomer.footnote4",
        note="Positive control: the ratio is exactly 1 (normalised densities), so it must be attained."),
    Claim(
        id="pomer.footnote4:control-unnormalised", source="negative control: footnote 4 with unnormalised densities",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) Π(μ_{t+1}(x)/(Φ μ_t(x))) with unnormalised μ (Asi et al. 2023) is unchanged "
                  "when a constant is added to l_t",
        hypotheses=(*POSITIVE, H("Φ > 1", ">", Phi, 1)), bound=sympy.Integer(1),
        quantity=_guard(lambda v: _keep_at(v, frac(v["shift"]), False)),
        adversaries=(Adversary("constants added to |x| and x", generate=_footnote_grid),), control=Control.NEGATIVE),
    Claim(
        id="pomer.thm4.3", source="Theorem 4.3 (lines 244–256; proof lines 583–617)", kind=Kind.PRIVACY,
        statement="Algorithm 1 with Φ = Φ'², p = max(T^{−1/3}, (G⁴β²/(λ² log²Φ))^{1/3}), B = 3p̃T is "
                  "(ε, δ + 3Te^{−(1−Φ⁻²)T})-DP with ε = 3ε'/2 + √(6ε')√log(2/δ)",
        hypotheses=THM43_HYPOTHESES, bound=DELTA_43, prescribed=PRESCRIBED_43, quantity=_trajectory_delta,
        adversaries=(Adversary("neighbouring ±Gx / hinge sequences, differing round first/middle/last, (β, λ), δ, "
                               "initial point", generate=_trajectory_grid(10)),),
        derivation="pomer.thm4.3",
        note="The quantity is the exact whole-trajectory δ(ε) of the published x_1..x_T in one dimension, enclosed "
             "rigorously over all 2^{T−1} switch patterns (B = 3p̃T ≥ 3T^{2/3} never binds for T ≤ 27). On these "
             "instances (T ≤ 12) the hypothesis T ≥ 12 log(1/δ) forces δ ≥ e^{−T/12} ≥ e^{−1}, and the certified ε "
             "is ~10³, beyond the largest privacy loss of any output, so the exact δ(ε) is 0. The derivation checks the printed composition algebra (lines 605–615)."),
    Claim(
        id="pomer.thm4.3:control-no-composition", source="negative control: Theorem 4.3 with (0, δ')",
        kind=Kind.PRIVACY,
        statement="(wrong on purpose) Algorithm 1 with Theorem 4.3's Φ, p, B is (0, δ')-DP, δ' = δT⁻²/60",
        hypotheses=THM43_HYPOTHESES, bound=DELTA_PRIME_43, prescribed={**PRESCRIBED_43, "epsilon": sympy.Integer(0)},
        quantity=_trajectory_delta,
        adversaries=(Adversary("neighbouring sequences", generate=_trajectory_grid(2)),), control=Control.NEGATIVE),
    Claim(
        id="pomer.thm4.3:composition", source="Theorem 4.3, proof (lines 605–610) with Claim 4.9 (lines 373–380)",
        kind=Kind.PRIVACY,
        statement="Σ_t ε_t² ≤ ε' = 7T^{2/3}log²Φ + 12 log³Φ·T + 11(G⁴β²/λ²)^{1/3}log^{4/3}Φ·T for Claim 4.9's ε_t "
                  "with Theorem 4.3's Φ, p and B = 3p̃T",
        hypotheses=(*POSITIVE, H("δ > 0", ">", delta, 0),
                    H("δ ≤ 1/2", "<=", delta, sympy.Rational(1, 2)),
                    H("T ≥ 12 log(1/δ)", ">=", T, 12 * sympy.log(1 / delta))),
        bound=EPS_PRIME_43, prescribed={"Phi": PHI_43, "p": P_43, "B": 3 * P_TILDE * T},
        quantity=_sum_eps_squared,
        adversaries=(Adversary("(β, λ, G, T, δ) grid", generate=_composition_grid),
                     Adversary("search over (β/λ, G, T)", space=Space(
                         {"beta": (1e-8, 10.0), "lam": (0.01, 1e5), "G": (0.01, 10.0), "T": (9.0, 1e7)},
                         log=frozenset({"beta", "lam", "G", "T"}), fixed={"delta": "1/2"},
                         build=lambda v: {**v, "T": int(v["T"])}))),
        derivation="pomer.thm4.3:composition",
        note="The quantity is the worst case of the per-round ε_t that Claim 4.9 asserts (not the true privacy loss)."),
    Claim(
        id="pomer.thm4.4:epsilon", source="Theorem 4.4 (lines 258–268) via Theorem 4.3", kind=Kind.PRIVACY,
        statement="with Theorem 4.4's λ, β and Theorem 4.3's Φ, p, the ε that Theorem 4.3 certifies is ≤ ε",
        hypotheses=THM44_HYPOTHESES, bound=epsilon, prescribed=_prescribed_44(),
        quantity=_from_prescribed(EPS_43), adversaries=(Adversary("(ε, δ, T, G, D, d) grid", generate=_thm44_grid),),
        derivation="pomer.thm4.4:epsilon"),
    Claim(
        id="pomer.thm4.4:delta", source="Theorem 4.4 (lines 258–268) via Theorem 4.3 (line 249)", kind=Kind.PRIVACY,
        statement="with Theorem 4.4's parameters, the δ that Theorem 4.3 certifies, δ + 3Te^{−(1−Φ⁻²)T}, is ≤ δ",
        hypotheses=THM44_HYPOTHESES, bound=delta, prescribed=_prescribed_44(),
        quantity=_from_prescribed(DELTA_43), adversaries=(Adversary("(ε, δ, T, G, D, d) grid", generate=_thm44_grid),),
        derivation="pomer.thm4.4:delta",
        note="Theorem 4.4 states (ε, δ)-DP but Theorem 4.3, which it applies, only gives δ + 3Te^{−(1−Φ⁻²)T}."),
    Claim(
        id="pomer.thm4.4:delta+fix", source="Theorem 4.4 (lines 258–268) with Theorem 4.3's δ", kind=Kind.PRIVACY,
        statement="with Theorem 4.4's parameters, Algorithm 1 is (ε, δ + 3Te^{−(1−Φ⁻²)T})-DP: the certified δ is "
                  "at most δ + 3Te^{−(1−Φ⁻²)T}",
        hypotheses=THM44_HYPOTHESES, bound=DELTA_43, prescribed=_prescribed_44(),
        quantity=_from_prescribed(DELTA_43), adversaries=(Adversary("(ε, δ, T, G, D, d) grid", generate=_thm44_grid),),
        corrects="pomer.thm4.4:delta", derivation="pomer.thm4.4:delta+fix",
        note="States the δ that Theorem 4.3 actually certifies (attained by construction); at these parameters "
             "(1 − Φ⁻²)T is small, so the extra term 3Te^{−(1−Φ⁻²)T} is of order T: the guarantee is vacuous."),
    Claim(
        id="pomer.thm4.5", source="Theorem 4.5 (lines 270–292)", kind=Kind.REGRET,
        statement="with δ = 2/T², λ = max{G√(2T)/D, √(512dG log T)/D·T/S}, β = λS²/(256G² log T·T²), Φ of Lemma 3.5, "
                  "p = 0, B = ∞: R_T ≤ GD√(2T) + 16GD log T·√d T/S + 13GD",
        hypotheses=THM45_HYPOTHESES, bound=REGRET_45, prescribed=PRESCRIBED_45, quantity=_regret_45,
        adversaries=(Adversary("loss sequences × S × initial point", generate=_thm45_grid),),
        derivation="pomer.thm4.5"),
    Claim(
        id="pomer.thm4.5:switches", source="Theorem 4.5 (lines 270–280)", kind=Kind.ITERATIONS,
        statement="with Theorem 4.5's parameters, E[S_T] ≤ S",
        hypotheses=THM45_HYPOTHESES, bound=S, prescribed=PRESCRIBED_45, quantity=_switches_45,
        adversaries=(Adversary("loss sequences × S × initial point", generate=_thm45_grid),),
        derivation="pomer.thm4.5:switches"),
)
