"""Claims on Algorithm 1 as printed (lines 115–136: projected OGD, then the noise, the release left unprojected) with
logistic and Huber losses, where a release after the first noise is not Gaussian: statistical ones, and the exact
Huber unlearning claims (last paragraph). Paper file
``papers/000_8245766a2c9b0ba6.txt``; algorithm :func:`certunlearn.algorithms.olu.printed.run_batch` (float64, every
run of a batch through the same code path as one run).

Every statistical quantity is a :class:`~certunlearn.numeric.confidence.ConfidenceInterval` (``QuantityKind.STATISTICAL``): the
verdicts are labelled statistical, with their confidence, and never counted with the exact ones. Each instance carries
its ``seed`` and its number of draws ``n``, so a counterexample replays identically. Each interval fails with
probability at most :data:`FAILURE` (confidence 1 − 10⁻⁴).

**Regret (Theorem 3, lines 202–208, and Theorem 5, lines 230–232, on logistic and Huber losses; Theorem 2, lines
185–193, on logistic losses made μ-strongly convex by the regulariser (μ/2)z²; all as printed).** The quantity is
E Regret_T of eq. (5) (line 99) with the played point of round t the release w_{t−1} (the convention of
:mod:`certunlearn.claims.olu`). A release at τ[i] is
p + σ_iξ_i with p ∈ K the projected OGD state and ξ_i independent of p; it may leave K, where a logistic or Huber loss is
unbounded, so Hoeffding cannot be applied to the regret itself. Instead, for the losses played at a noisy release
(round τ[i] + 1 ≤ T), convexity (conditional Jensen) and β-smoothness or L-Lipschitz continuity give
f(p) ≤ E[f(p + σξ) | p] ≤ f(p) + min(βσ²d/2, Lσ√d) (the Lipschitz term only for losses Lipschitz on all of R^d,
not the regularised one: :func:`noise_bracket`). So E Regret ∈ [E R₀ − C, E R₀ − C + Σ_i min(βσ_i²d/2, Lσ_i√d)],
where R₀ is the regret's loss sum with each noisy play replaced by its pre-noise point and C = Σ_t f_t(z*_{i(t)}) the
comparators' part. Every play in R₀ lies in K, so R₀ ∈ [Σ_t min_K f_t, Σ_t max_K f_t] (**the range assumption**:
computed exactly or on enclosures from the box, and verified on every draw — a draw outside it is an error, never a
decision); Hoeffding's two-sided interval for E R₀ then gives the interval, CLT-free. The comparators are enclosed by
bisection on the (monotone) derivative of their objective over the box, on arb balls (``d = 1`` or Huber, whose sum is
separable). The float64 runs are widened by :data:`FLOAT_MARGIN` (relative to the range), far above their rounding
(≈ T·10⁻¹⁶). Both verdicts are possible: ``within`` when the upper end is ≤ the bound, ``violated`` when the lower end
is above it.

**Unlearning (Corollary 1, convex case, line 168, with σ_i of line 5 read through eq. (8) (b)).** The quantity is a
lower confidence bound on D_α between the releases at τ[i] of Algorithm 1 and of its reference process (Definition 2,
eq. (4)); by data processing it is at most the divergence of the output sequences the certificate bounds. From a first
split of the draws a threshold event S = {⟨z, v⟩ > c} is chosen (v the difference of the sample means, c maximising
the conservative divergence below); on a second, independent split, Clopper–Pearson gives p_lo ≤ P(S) and q_hi ≥ Q(S)
(each at level 10⁻⁴/2), and D_α(P‖Q) ≥ D_α(Bern(p_lo)‖Bern(q_hi)) when p_lo > q_hi (it increases in p and decreases
in q there), else ≥ 0. The interval's upper end is +∞: **it can only show a violation**; an instance below the bound
is undecided, so a certificate that holds leaves these claims inconclusive (by design — no sample can prove a Rényi
bound). This route is kept for logistic losses (``olu.cor1:logistic``), whose OGD map is not piecewise affine.

**Unlearning with Huber losses on a box: exact (``olu.cor1:huber`` and its σ/4 control).** The release at τ[2] is
F(N(m, σ_1²)) + σ_2ξ with m the exact projected OGD state at τ[1] and F the OGD steps τ[1] + 1..τ[2]: with Huber
losses and a box every step is, coordinate by coordinate, piecewise affine (kinks x_{t,k} ± δ and the faces), so F is
composed exactly (:func:`released_laws`) and the law is a product over coordinates of the laws of
:mod:`certunlearn.privacy.clipped_gaussian` — closed-form densities (atoms of the projection, sloped pieces), D_α
integrated on enclosures with certified error and bounded tails. The outputs on [τ[2], τ[3]) are the same deterministic
map of the release on both sides (eq. (2) indexing, every deleted u[j] ≤ τ[j]), so this D_α *is* eq. (4)'s for i = 2:
both verdicts are possible.
"""
from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import sympy
from flint import arb

from ...algorithms import olu as A
from ...algorithms.olu import printed as P
from ...formulas.olu import GAMMA_SC, L, omega, THM2, THM3, THM5, T, k
from ...formulas.symbols import alpha, epsilon
from ...numeric.confidence import ConfidenceInterval, cp_lower, cp_upper, hoeffding_interval
from ...numeric.enclosure import arb_lower_float, arb_upper_float, to_arb
from ...numeric.fraction import Fraction
from ...privacy.clipped_gaussian import PiecewiseAffine, ReleasedLaw, renyi_released
from .. import growth
from ..hypotheses import H, P_exact
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind, QuantityKind
from .families import sqrt_up
from .printed import BOX, BALL, domain_of, domain_ok, lipschitz_smooth, losses_of
from .quantities import arb_etas, noise_variances, s_value, schedule_of, vec

#: Each interval's failure probability (its confidence is 1 − FAILURE).
FAILURE = 1e-4
#: Widening of the regret interval, relative to the range of R₀, for the float64 runs' rounding.
FLOAT_MARGIN = Fraction(1, 10**9)
#: Draws per instance: quick profile, thorough profile (the adversary's ``size`` tells them apart).
DRAWS_QUICK, DRAWS_THOROUGH = 4000, 40000


def _draws(size: int) -> int:
    return DRAWS_QUICK if size <= 1000 else DRAWS_THOROUGH


def _ball(lo: Fraction, hi: Fraction) -> arb:
    """An arb ball holding [lo, hi]."""
    return to_arb((lo + hi) / 2) + to_arb((hi - lo) / 2) * arb(0, 1)


def _schedule(values: Instance) -> tuple[list[int], list[int]]:
    tau, u = schedule_of(values)
    A.check_schedule(A.Stream(A.LINEAR, tuple(tuple(frac(x) for x in r) for r in values["X"])), tau, u)
    return tau, u


# ---- regret: range, comparators, interval
def loss_range(losses: P.Losses, t: int, lo: list[Fraction], hi: list[Fraction]) -> tuple[arb, arb]:
    """Enclosures of min and max of f_t over the box Π[lo_k, hi_k]: Huber is separable and convex in each coordinate
    (min at x_t clipped to the box, max at the farther end), logistic is increasing in its margin −y⟨x, z⟩ (extremes at
    two opposite vertices). With a regulariser (ρ/2)‖z‖² the extremes of the two parts are added: a lower bound on the
    min and an upper bound on the max (exact for each part)."""
    if losses.ridge:
        mn, mx = loss_range(dataclasses.replace(losses, ridge=0), t, lo, hi)
        near2 = sum((Fraction(0) if a <= 0 <= b else min(a * a, b * b) for a, b in zip(lo, hi)), Fraction(0))
        far2 = sum((max(a * a, b * b) for a, b in zip(lo, hi)), Fraction(0))
        r = to_arb(losses.ridge) / 2
        return mn + r * to_arb(near2), mx + r * to_arb(far2)
    x = losses.X[t - 1]
    if losses.family == P.HUBER:
        near = [min(max(xk, a), b) for xk, a, b in zip(x, lo, hi)]
        far = [a if abs(a - xk) >= abs(b - xk) else b for xk, a, b in zip(x, lo, hi)]
    elif losses.family == P.LOGISTIC:
        up = [b if -losses.y[t - 1] * xk > 0 else a for xk, a, b in zip(x, lo, hi)]
        near, far = [a + b - v for v, a, b in zip(up, lo, hi)], up
    else:
        raise ValueError("loss_range: logistic or Huber losses")
    ar = _arb_losses(losses)
    return ar.value(t, [to_arb(v) for v in near]), ar.value(t, [to_arb(v) for v in far])


def _arb_losses(losses: P.Losses) -> P.Losses:
    return dataclasses.replace(losses, X=tuple(tuple(to_arb(v) for v in r) for r in losses.X),
                               delta=to_arb(losses.delta), ridge=to_arb(losses.ridge) if losses.ridge else 0)


def comparator(losses: P.Losses, keep: list[int], lo: list[Fraction], hi: list[Fraction],
               steps: int = 60) -> list[arb]:
    """An enclosure of argmin over the box of Σ_{t∈keep} f_t, coordinate by coordinate (the sum is separable: d = 1 or
    Huber): bisection on its derivative, which is nondecreasing; a midpoint where the derivative is decided > 0 (< 0)
    has every minimiser below (above) it, and the search stops where the sign is undecided."""
    ar = _arb_losses(losses)
    out = []
    for kk in range(losses.d):
        a, b = lo[kk], hi[kk]
        for _ in range(steps):
            m = (a + b) / 2
            g = sum((ar.grad(t, [to_arb(m)] * losses.d)[kk] for t in keep), arb(0))
            if g > 0:
                b = m
            elif g < 0:
                a = m
            else:
                break
        out.append(_ball(a, b))
    return out


def _exact_losses(values: Instance) -> P.Losses:
    return losses_of(values, lambda q: q)


def comparator_part(values: Instance) -> arb:
    """C = Σ_t f_t(z*_{i(t)}) of eq. (5): z*_i minimises Σ_{t≤T} f_t − Σ_{j≤i} f_{u[j]} over K, i(t) the interval of t."""
    losses = _exact_losses(values)
    lo, hi = vec(values, "lo"), vec(values, "hi")
    tau, u = _schedule(values)
    ar = _arb_losses(losses)
    zs = [comparator(losses, [t for t in range(1, losses.T + 1) if t not in u[:i]], lo, hi) for i in range(len(tau) + 1)]
    return sum((ar.value(t, zs[A.interval_of(t, tau)]) for t in range(1, losses.T + 1)), arb(0))


def noise_bracket(values: Instance, var: arb) -> float:
    """An upper bound (float, rounded up) on E[f(p + σξ) | p] − f(p) for a played release with noise variance σ² = ``var``:
    βσ²d/2 (β-smoothness, E ξ = 0), or Lσ√d (L-Lipschitz on R^d, E‖ξ‖ ≤ √d) when smaller — not for a regularised loss,
    which is L-Lipschitz on K only."""
    dim, beta_, lip = to_arb(len(values["X"][0])), to_arb(values["beta"]), to_arb(values["L"])
    smooth = arb_upper_float(beta_ * var * dim / 2)
    if frac(values.get("ridge", 0)):
        return smooth
    return min(smooth, arb_upper_float(lip * var.sqrt() * dim.sqrt()))


def regret_interval(kind: str, gamma_expr: sympy.Expr = sympy.S.One) -> Callable[[Instance], ConfidenceInterval]:
    """The two-sided confidence interval for E Regret_T of Algorithm 1 as printed with the step schedule ``kind`` and
    σ_i² = i^ω ω(γ^{τ[i]−u[i]}η_{u[i]}L)²/(2(ω − 1)ε) (γ = ``gamma_expr``), from ``n`` runs seeded by the instance (module
    docstring). A regularised loss is L-Lipschitz on K only: its noise bracket is βσ_i²d/2 alone."""

    def quantity(values: Instance) -> ConfidenceInterval:
        losses, K = losses_of(values, float), domain_of(values, float)
        exact = _exact_losses(values)
        lo, hi = vec(values, "lo"), vec(values, "hi")
        tau, u = _schedule(values)
        etas = arb_etas(values, kind)
        var = noise_variances(values, gamma_expr, etas)
        n, seed = int(frac(values["n"])), int(frac(values["seed"]))
        pre: dict = {}
        out = P.run_batch(losses, K, [float(z) for z in vec(values, "z1")], [float(e.mid()) for e in etas], tau, u,
                          [float(v.sqrt().mid()) for v in var], np.random.default_rng(seed), n, before_noise=pre)
        r0 = np.zeros(n)
        for t in range(1, losses.T + 1):
            r0 += losses.value(t, pre.get(t - 1, out[t - 1]))
        ranges = [loss_range(exact, t, lo, hi) for t in range(1, losses.T + 1)]
        low = arb_lower_float(sum((r[0] for r in ranges), arb(0)))
        high = arb_upper_float(sum((r[1] for r in ranges), arb(0)))
        slack = float(FLOAT_MARGIN * (1 + abs(Fraction(low)) + abs(Fraction(high))))
        if r0.min() < low - slack or r0.max() > high + slack:
            raise RuntimeError(f"the range assumption failed: R₀ ∈ [{r0.min()}, {r0.max()}] ⊄ [{low}, {high}]")
        h = hoeffding_interval(float(r0.mean()), n, low - slack, high + slack, FAILURE, seed)
        extra = sum((noise_bracket(values, v) for t, v in zip(tau, var) if t < losses.T), 0.0)
        C = comparator_part(values)
        margin = FLOAT_MARGIN * (Fraction(high) - Fraction(low))
        lower = Fraction(h.lower) - Fraction(arb_upper_float(C)) - margin
        upper = Fraction(h.upper) + Fraction(extra) - Fraction(arb_lower_float(C)) + margin
        return ConfidenceInterval(lower, upper, 1 - FAILURE, n, "Hoeffding (two-sided) on E R₀, + [0, Σ_i min(βσ_i²d/2, "
                                  "Lσ_i√d)] for the noisy plays, − the comparators' enclosure", seed)

    return quantity


def _strong_convexity_on_box(losses: P.Losses, t: int, lo: list[Fraction], hi: list[Fraction]) -> arb:
    """A lower bound on the strong convexity of f_t on the box: logistic (d = 1) x²s(1 − s) at the largest |margin|,
    s = 1/(1 + e^{|x|·max(|lo|, |hi|)}); Huber 1 where the box lies in the quadratic region |z_k − x_k| ≤ δ, else 0."""
    x = losses.X[t - 1]
    if losses.family == P.HUBER:
        inside = all(xk - losses.delta <= a and b <= xk + losses.delta for xk, a, b in zip(x, lo, hi))
        return arb(1 if inside else 0)
    if losses.family == P.LOGISTIC and losses.d == 1:
        s = 1 / (1 + (to_arb(abs(x[0])) * to_arb(max(abs(lo[0]), abs(hi[0])))).exp())
        return to_arb(x[0] * x[0]) * s * (1 - s)
    return arb(0)


def _qg(values: Instance) -> bool:
    """Assumption 1 for Σ_{t≤τ[i]} f_t with parameter κ(τ[i] − τ[i−1]): that sum is Σ_{t≤τ[i]} μ_t-strongly convex on K
    (μ_t from :func:`_strong_convexity_on_box`), hence has quadratic growth with that parameter — decided on arb."""
    losses = _exact_losses(values)
    lo, hi = vec(values, "lo"), vec(values, "hi")
    tau, _ = _schedule(values)
    mus = [_strong_convexity_on_box(losses, t, lo, hi) for t in range(1, losses.T + 1)]
    kap = to_arb(values["kappa"])
    return all(kap * (t - p) <= sum(mus[:t], arb(0)) for p, t in zip([0, *tau], tau))


def _box_of_diameter(values: Instance) -> bool:
    lo, hi = vec(values, "lo"), vec(values, "hi")
    return (int(frac(values["K"])) == BOX and domain_ok(values)
            and sum(((b - a) ** 2 for a, b in zip(lo, hi)), Fraction(0)) <= frac(values["D"]) ** 2)


def _counts(values: Instance) -> bool:
    tau, _ = _schedule(values)
    return (frac(values["k"]) == len(tau) and frac(values["T"]) == len(values["X"])
            and frac(values["d"]) == len(values["X"][0]))


THM3_STAT_HYPS = (
    H("ε > 0", ">", epsilon, 0), P_exact("ω = 6/5 (the theorem's choice)", lambda v: frac(v["omega"]) == Fraction(6, 5)),
    P_exact("schedule valid (1 ≤ u[i] ≤ τ[i] ≤ T, τ increasing, u distinct); T, k, d are the stream's", _counts),
    P_exact("convex, L-Lipschitz, β-smooth losses (logistic or Huber; decided exactly)", lipschitz_smooth),
    P_exact("K a box of diameter ≤ D, z_1 ∈ K", _box_of_diameter),
    P_exact("d = 1 or Huber (separable: the comparators are enclosed by bisection)",
            lambda v: len(v["X"][0]) == 1 or int(frac(v["family"])) == P.HUBER),
    P_exact("Σ_{t≤τ[i]} f_t has quadratic growth κ(τ[i] − τ[i−1]) on K (from strong convexity on K, on arb)", _qg),
    H("T ≥ k", ">=", T, k),
    P_exact("S_2 = Σ τ[i]/u[i]² (exact)", lambda v: frac(v["S_2"]) == s_value(v, "S2")),
    P_exact("u[i] ≥ β²D²/(4L²)", lambda v: all(ui * 4 * frac(v["L"]) ** 2 >= (frac(v["beta"]) * frac(v["D"])) ** 2
                                                 for ui in schedule_of(v)[1])),
)


THM5_STAT_HYPS = THM3_STAT_HYPS[:-1]


def _regularised_logistic(values: Instance) -> bool:
    """f_t = logistic + (μ/2)z² on the box, d = 1: μ-strongly convex (ridge = μ > 0), β-smooth with x_t²/4 + μ ≤ β, and
    L-Lipschitz on K with |x_t| + μ·max(|lo|, |hi|) ≤ L — decided exactly."""
    if int(frac(values["family"])) != P.LOGISTIC or len(values["X"][0]) != 1 or int(frac(values["K"])) != BOX:
        return False
    mu_, b_, L_ = frac(values["mu"]), frac(values["beta"]), frac(values["L"])
    R = max(abs(frac(values["lo"][0])), abs(frac(values["hi"][0])))
    xs = [abs(frac(r[0])) for r in values["X"]]
    return (mu_ > 0 and frac(values.get("ridge", 0)) == mu_ and all(x * x / 4 + mu_ <= b_ for x in xs)
            and all(x + mu_ * R <= L_ for x in xs) and len(values["y"]) == len(xs) and domain_ok(values))


THM2_STAT_HYPS = (
    H("ε > 0", ">", epsilon, 0), P_exact("ω = 6/5 (the theorem's choice)", lambda v: frac(v["omega"]) == Fraction(6, 5)),
    P_exact("schedule valid (1 ≤ u[i] ≤ τ[i] ≤ T, τ increasing, u distinct); T, k, d are the stream's", _counts),
    P_exact("logistic + (μ/2)z² on a box (d = 1): μ-strongly convex, β-smooth, L-Lipschitz on K (exact)",
            _regularised_logistic),
    P_exact("u[i] ≥ 1/2 + β/μ", lambda v: all(ui >= Fraction(1, 2) + frac(v["beta"]) / frac(v["mu"])
                                              for ui in schedule_of(v)[1])),
    H("T ≥ k", ">=", T, k),
    P_exact("S_1 = Σ τ[i]²γ^{4(τ[i]−u[i])}/u[i]⁴ (exact)", lambda v: frac(v["S_1"]) == s_value(v, "S1")),
)


def regret_instance(family: int, X, lo, hi, z1, tau, u, *, L_, beta_, kappa_, eps, seed: int, n: int, y=(),
                    delta=Fraction(1)) -> dict:
    F = lambda xs: [Fraction(v) for v in xs]  # noqa: E731
    D_ = sqrt_up(sum(((Fraction(b) - Fraction(a)) ** 2 for a, b in zip(lo, hi)), Fraction(0)))
    return {"family": family, "X": [F(r) for r in X], "y": list(y), "delta": Fraction(delta), "K": BOX, "lo": F(lo),
            "hi": F(hi), "z1": F(z1), "tau": list(tau), "u": list(u), "L": Fraction(L_), "beta": Fraction(beta_),
            "kappa": Fraction(kappa_), "epsilon": Fraction(eps), "omega": Fraction(6, 5), "D": D_, "T": len(X),
            "k": len(tau), "d": len(X[0]), "S_2": sum((Fraction(t, ui**2) for t, ui in zip(tau, u)), Fraction(0)),
            "seed": seed, "n": n}


_SCHEDULES = (((4,), (1,)), ((3, 12), (1, 12)), ((8, 16), (2, 16)))  # u = 1; u = τ = T; a late pair


def _deep(size: int) -> bool:
    """The thorough profile asks for more than the quick profile's 40 instances: the grids below widen."""
    return size > 40


def _eps_grid(size: int) -> tuple[Fraction, ...]:
    base = (Fraction(1, 10), Fraction(1), Fraction(10))
    return base + ((Fraction(1, 100), Fraction(1, 3), Fraction(3), Fraction(30), Fraction(100)) if _deep(size) else ())


def _horizons(size: int) -> tuple[tuple[int, int], ...]:
    """(T, label period) pairs."""
    return ((12, 3), (16, 4)) + (((24, 5),) if _deep(size) else ())


def logistic_regret_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Logistic losses on [−2, 2] with x_t = 1 and labels mostly +1 (the comparator is inside K, away from z_1 = −2);
    ε ∈ {1/10, 1, 10}; deletions at the first round, at T (u = τ = T) and late."""
    n, out = _draws(size), []
    for T_, flip in _horizons(size):
        y = [(-1 if t % flip == 0 else 1) for t in range(1, T_ + 1)]
        for tau, u in _SCHEDULES:
            if max(tau) > T_:
                continue
            for eps in _eps_grid(size):
                out.append(regret_instance(P.LOGISTIC, [[1]] * T_, [-2], [2], [-2], tau, u, L_=1, beta_=Fraction(1, 4),
                                           kappa_=Fraction(1, 10), eps=eps, seed=len(out) + 1, n=n, y=y))
    rng.shuffle(out)
    return out[:size]


def ridge_logistic_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Logistic losses plus (μ/2)z² (μ = 1/2, so β = 3/4, γ = 1/5, u ≥ 2) on [−2, 2] from z_1 = −2, labels mostly +1;
    deletions at the earliest allowed u = 2, at u = τ = T and late; ε ∈ {1/10, 1, 10}."""
    n, out = _draws(size), []
    mu_ = Fraction(1, 2)
    for T_, flip in _horizons(size):
        y = [(-1 if t % flip == 0 else 1) for t in range(1, T_ + 1)]
        for tau, u in (((4,), (2,)), ((3, 12), (2, 12)), ((8, 16), (2, 16))):
            if max(tau) > T_:
                continue
            for eps in _eps_grid(size):
                v = regret_instance(P.LOGISTIC, [[1]] * T_, [-2], [2], [-2], tau, u, L_=1 + 2 * mu_, beta_=Fraction(1, 4) + mu_,
                                    kappa_=mu_, eps=eps, seed=400 + len(out), n=n, y=y)
                g = (v["beta"] / mu_ - 1) / (v["beta"] / mu_ + 1)
                v.update(mu=mu_, ridge=mu_, S_1=sum((Fraction(t) ** 2 * g ** (4 * (t - ui)) / Fraction(ui) ** 4
                                                     for t, ui in zip(tau, u)), Fraction(0)))
                out.append(v)
    rng.shuffle(out)
    return out[:size]


def huber_regret_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Huber losses (δ = 1) with targets ±1/4 on the box [−1/2, 1/2]^d (the quadratic region: κ = 1), d = 1, 2; the
    noisy release leaves K and meets the clipped part of the gradient; ε ∈ {1/10, 1, 10}."""
    n, out = _draws(size), []
    for dim, T_ in itertools.product((1, 2) + ((3,) if _deep(size) else ()), (12,) + ((16,) if _deep(size) else ())):
        X = [[Fraction((-1) ** (t // 2), 4)] * dim for t in range(T_)]
        for tau, u in _SCHEDULES[:2]:
            for eps in _eps_grid(size):
                out.append(regret_instance(P.HUBER, X, [Fraction(-1, 2)] * dim, [Fraction(1, 2)] * dim,
                                           [Fraction(1, 2)] * dim, tau, u, L_=sqrt_up(Fraction(dim)), beta_=1,
                                           kappa_=1, eps=eps, seed=100 + len(out), n=n, delta=1))
    rng.shuffle(out)
    return out[:size]


# ---- unlearning: a lower confidence bound on D_α at τ[i]
def binary_renyi(a: Any, p: Any, q: Any) -> Any:
    """D_a(Bern(p) ‖ Bern(q)) = log(p^a q^{1−a} + (1 − p)^a (1 − q)^{1−a})/(a − 1): numpy arrays (vectorised, the
    threshold search) or arb balls (the final bound)."""
    if isinstance(p, np.ndarray):
        with np.errstate(divide="ignore", invalid="ignore"):
            s = p**a * q ** (1 - a) + (1 - p) ** a * (1 - q) ** (1 - a)
            return np.where(p > q, np.log(s) / (a - 1), 0.0)
    return (p**a * q ** (1 - a) + (1 - p) ** a * (1 - q) ** (1 - a)).log() / (a - 1)


def release_draws(values: Instance, scale: Fraction, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """n releases at τ[i] (i = ``check``) of Algorithm 1 and of its reference process i, as (n, d) arrays; σ_i² of line 5
    (through eq. (8) (b)) with γ = 1 and Δ = ηL, times ``scale``."""
    losses, K = losses_of(values, float), domain_of(values, float)
    tau, u = _schedule(values)
    i = int(frac(values["check"]))
    etas = [frac(values["eta"])] * losses.T
    sig = [float(v.sqrt().mid()) for v in noise_variances(values, sympy.S.One, etas, scale)]
    z1 = [float(z) for z in vec(values, "z1")]
    sides = [P.run_batch(losses, K, z1, etas, tau, u, sig, rng, n, reference=ref)[tau[i - 1]] for ref in (0, i)]
    return tuple(np.stack(s, axis=1) for s in sides)


def threshold_event(values: Instance, scale: Fraction = Fraction(1)) -> tuple[np.ndarray, float, float, float]:
    """(v, c, p_lo, q_hi): the event {⟨z, v⟩ > c} chosen on a first split of ``n`` draws per side (v the difference of
    the sample means; c among 400 pooled quantiles, maximising D_α(Bern(p_lo)‖Bern(q_hi)) on that split), then
    Clopper–Pearson bounds p_lo ≤ P(S), q_hi ≥ Q(S) from a second, independent split, each at level FAILURE/2."""
    n, seed = int(frac(values["n"])), int(frac(values["seed"]))
    a = float(frac(values["alpha"]))
    P1, Q1 = release_draws(values, scale, np.random.default_rng([seed, 1]), n)
    v = P1.mean(axis=0) - Q1.mean(axis=0)
    if not np.any(v):
        v = np.ones_like(v)
    sp, sq_ = np.sort(P1 @ v), np.sort(Q1 @ v)
    cands = np.quantile(np.concatenate([sp, sq_]), np.linspace(0.005, 0.9995, 400))
    kp = n - np.searchsorted(sp, cands, side="right")
    kq = n - np.searchsorted(sq_, cands, side="right")
    c = float(cands[int(np.argmax(binary_renyi(a, cp_lower(kp, n, FAILURE / 2), cp_upper(kq, n, FAILURE / 2))))])
    P2, Q2 = release_draws(values, scale, np.random.default_rng([seed, 2]), n)
    kp2, kq2 = int(np.sum(P2 @ v > c)), int(np.sum(Q2 @ v > c))
    return v, c, float(cp_lower(kp2, n, FAILURE / 2)), float(cp_upper(kq2, n, FAILURE / 2))


def divergence_lower(scale: Fraction = Fraction(1)) -> Callable[[Instance], ConfidenceInterval]:
    """[lower confidence bound on D_α(release ‖ reference release) at τ[check], +∞]: D_α(Bern(p_lo)‖Bern(q_hi)) of
    :func:`threshold_event` where p_lo > q_hi, else 0 (module docstring); ``scale`` multiplies every σ_i² (the negative
    control)."""

    def quantity(values: Instance) -> ConfidenceInterval:
        _, _, p_lo, q_hi = threshold_event(values, scale)
        lower = 0.0
        if p_lo > q_hi:
            lower = max(0.0, arb_lower_float(binary_renyi(to_arb(values["alpha"]), to_arb(p_lo), to_arb(q_hi))))
        return ConfidenceInterval(lower, float("inf"), 1 - FAILURE, int(frac(values["n"])),
                                  f"Clopper–Pearson on {{⟨z, v⟩ > c}} chosen on a first split (p ≥ {p_lo:.4g}, "
                                  f"q ≤ {q_hi:.4g})", int(frac(values["seed"])))

    return quantity


# ---- unlearning with Huber losses on a box: D_α exactly, on enclosures
def _coordinate_map(losses: P.Losses, K: P.Box, t: int, eta: Fraction, skipped: set[int], k: int) -> PiecewiseAffine:
    """Coordinate k of the OGD step at t right after a noise (eq. (2): g(z) = Π_K[z − η∇f_t(z)], or Π_K[z] where f_t is
    ⊥), as a piecewise-affine map of z_k: the Huber gradient's coordinate k depends on z_k alone and is affine between
    its kinks x_{t,k} ± δ, the box's projection clips coordinate k between lo_k and hi_k. The pieces are read from
    :class:`~certunlearn.algorithms.olu.printed.Losses` and ``Box`` themselves (exact on Fractions)."""
    x = list(losses.X[t - 1])

    def at(z: Fraction) -> list:
        return [z if j == k else x[j] for j in range(losses.d)]

    clip = PiecewiseAffine.from_function(lambda z: K.project(at(z))[k], [K.lo[k], K.hi[k]])
    if t in skipped:
        return clip
    step = PiecewiseAffine.from_function(lambda z: z - eta * losses.grad(t, at(z))[k],
                                         [x[k] - losses.delta, x[k] + losses.delta])
    return step.then(clip)


def released_laws(values: Instance, reference: int, scale: Fraction = Fraction(1)) -> list[ReleasedLaw]:
    """The law of the release at τ[2] of Algorithm 1 (``reference = 0``) or of its reference process (``reference =
    2``: f_{u[1]}, f_{u[2]} are ⊥), coordinate by coordinate (a product law): the release at τ[1] is N(m, σ_1²) with m
    the exact projected OGD state (every earlier state is deterministic); the OGD steps τ[1] + 1 .. τ[2] are a
    piecewise-affine map F ending in the box's projection (:func:`_coordinate_map`, composed exactly); then + σ_2ξ.
    σ_i² of line 5 through eq. (8) (b), γ = 1, Δ = ηL, times ``scale``."""
    losses, K = _exact_losses(values), domain_of(values, lambda q: q)
    tau, u = _schedule(values)
    eta = frac(values["eta"])
    etas = [eta] * losses.T
    skipped = set(u[:reference])
    m = P.path(losses, K, list(vec(values, "z1")), etas, upto=tau[0], skipped=skipped)[tau[0]]
    var = noise_variances(values, sympy.S.One, etas, scale)
    out = []
    for kk in range(losses.d):
        F_ = PiecewiseAffine.identity()
        for t in range(tau[0] + 1, tau[1] + 1):
            F_ = F_.then(_coordinate_map(losses, K, t, eta, skipped, kk))
        out.append(ReleasedLaw(m[kk], var[0], var[1], F_))
    return out


def huber_divergence(scale: Fraction = Fraction(1)) -> Callable[[Instance], arb]:
    """An enclosure of D_α(release ‖ reference release) at τ[2] for Huber losses on a box (module docstring): the sum
    over coordinates of :func:`~certunlearn.privacy.clipped_gaussian.renyi_released`; ``scale`` multiplies every σ_i²
    (the negative control)."""

    def quantity(values: Instance) -> arb:
        a = frac(values["alpha"])
        pairs = zip(released_laws(values, 0, scale), released_laws(values, 2, scale))
        return sum((renyi_released(a, p_, q_) for p_, q_ in pairs), arb(0))

    return quantity


def _deletions(values: Instance) -> bool:
    tau, u = _schedule(values)
    return 1 <= frac(values["check"]) <= len(tau) and frac(values["check"]).denominator == 1 and len(values["z1"]) == len(
        values["X"][0])


COR1_STAT_HYPS = (
    H("α > 1", ">", alpha, 1), H("ε > 0", ">", epsilon, 0), H("ω > 1", ">", omega, 1), H("L > 0", ">", L, 0),
    P_exact("0 < η ≤ 2/β", lambda v: frac(v["beta"]) > 0 and 0 < frac(v["eta"]) <= 2 / frac(v["beta"])),
    P_exact("convex, L-Lipschitz, β-smooth losses (logistic or Huber; decided exactly)", lipschitz_smooth),
    P_exact("K a box or a ball, z_1 ∈ K", domain_ok),
    P_exact("schedule valid (1 ≤ u[i] ≤ τ[i] ≤ T, τ increasing, u distinct); the release at τ[check] is tested",
            _deletions),
)


def _huber_on_box_at_second(values: Instance) -> bool:
    return (int(frac(values["family"])) == P.HUBER and int(frac(values["K"])) == BOX and frac(values["check"]) == 2
            and not frac(values.get("ridge", 0)))


COR1_HUBER_HYPS = COR1_STAT_HYPS + (
    P_exact("Huber losses on a box (no regulariser), the release at τ[2] (exact route: one Gaussian noise before it)",
            _huber_on_box_at_second),
)


def unlearning_instance(family: int, X, z1, K: int, dom: dict, tau, u, check: int, *, eta_, beta_, L_, omega_, seed: int,
                        n: int, y=(), delta=Fraction(1)) -> dict:
    F = lambda xs: [Fraction(v) for v in xs]  # noqa: E731
    out = {"family": family, "X": [F(r) for r in X], "z1": F(z1), "K": K, "tau": list(tau), "u": list(u),
           "check": check, "eta": Fraction(eta_), "beta": Fraction(beta_), "L": Fraction(L_),
           "omega": Fraction(omega_), "alpha": Fraction(2), "epsilon": Fraction(1), "y": list(y),
           "delta": Fraction(delta), "seed": seed, "n": n}
    out.update({kk: (F(v) if isinstance(v, (list, tuple)) else Fraction(v)) for kk, v in dom.items()})
    return out


#: ω = 2 nearly maximises D_α at τ[2] against αε when both deleted steps shift the same way (4(ω − 1)/((1 + 2^ω)ω) = 0.4
#: of the budget for two Gaussian translations); ω = 6/5 is the regret theorems' choice.
_OMEGAS = (Fraction(2), Fraction(6, 5))


def huber_unlearning_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Huber losses: saturated gradients towards a far target (‖∇f‖ = δ = L, the certificate's worst shift) on a wide
    box, and targets at 0 with δ = 1/2 on [−1, 1] (the noisy release meets the clipped gradient and the faces); two
    deletions, the second release tested (the first is Gaussian: olu.alg1:projected); u = 1, u = τ, τ = T."""
    n, out = _draws(size), []
    for x, half, dl in ((Fraction(50), Fraction(10), Fraction(1)), (Fraction(0), Fraction(1), Fraction(1, 2))):
        T_ = 6
        for (tau, u), om in itertools.product((((2, 6), (2, 6)), ((3, 5), (1, 4))), _OMEGAS):
            out.append(unlearning_instance(P.HUBER, [[x]] * T_, [0], BOX, {"lo": [-half], "hi": [half]}, tau, u, 2,
                                           eta_=Fraction(1, 2), beta_=1, L_=dl, omega_=om, seed=200 + len(out), n=n,
                                           delta=dl))
    rng.shuffle(out)
    out = out[:size]
    # thorough: random Huber instances after the list (inside COR1_HUBER_HYPS by construction)
    return out + [_huber_unlearning_draw(rng, 400 + j, n) for j in range(growth.random_count(size, 44))]


def _huber_unlearning_draw(rng: np.random.Generator, seed: int, n: int) -> dict:
    """A random Huber instance of Corollary 1's class on a box, release at τ[2]: d ∈ {1, 2, 4}, T ∈ [3, 8] rows of
    rational targets in [−60, 60]^d, a box around z_1 = 0 (half-widths in [1/2, 12]), δ ∈ [1/2, 2], L ∈ [δ√d, 2δ√d]
    (rational, δ²d ≤ L²), β ∈ [1, 2], η ∈ [1/4, 2/β], ω ∈ [11/10, 3], α ∈ [6/5, 4], ε ∈ [1/4, 4], and a valid schedule
    of two deletions (u[i] ≤ τ[i], τ[1] < τ[2] ≤ T, u distinct)."""
    r = lambda lo, hi, den: growth.rational(rng, lo, hi, den)  # noqa: E731
    d_ = int(rng.choice((1, 1, 2, 4)))
    T_ = int(rng.integers(3, 9))
    tau1 = int(rng.integers(1, T_))
    tau2 = int(rng.integers(tau1 + 1, T_ + 1))
    u1 = int(rng.integers(1, tau1 + 1))
    u2 = int(rng.choice([x for x in range(1, tau2 + 1) if x != u1]))
    X = [[r(-60, 60, 4) for _ in range(d_)] for _ in range(T_)]
    lo = [-r("1/2", 12, 4) for _ in range(d_)]
    hi = [r("1/2", 12, 4) for _ in range(d_)]
    dl = r("1/2", 2, 8)
    root = {1: 1, 2: Fraction(3, 2), 4: 2}[d_]  # ≥ √d (exact for d ∈ {1, 4}); L = δ·root·(1 + slack)
    L_ = dl * root * (1 + r(0, 1, 4) * int(rng.integers(2)))
    beta_ = r(1, 2, 4)
    eta_ = r("1/4", 2 / beta_, 8)
    out = unlearning_instance(P.HUBER, X, [0] * d_, BOX, {"lo": lo, "hi": hi}, (tau1, tau2), (u1, u2), 2, eta_=eta_,
                              beta_=beta_, L_=L_, omega_=r("11/10", 3, 10), seed=seed, n=n, delta=dl)
    out.update(alpha=r("6/5", 4, 10), epsilon=r("1/4", 4, 4))
    return out


def logistic_unlearning_instances(rng: np.random.Generator, size: int) -> list[dict]:
    """Logistic losses, unit rows, labels pushing across K: on [−2, 2] (d = 1) and on the unit disc (d = 2), η up to
    2/β = 8 (the edge), two deletions, the second release tested."""
    n, out = _draws(size), []
    for dim, K, dom in ((1, BOX, {"lo": [-2], "hi": [2]}), (2, BALL, {"centre": [0, 0], "radius": 1})):
        row = [1] if dim == 1 else [Fraction(3, 5), Fraction(4, 5)]
        for eta_, om in itertools.product((Fraction(1), Fraction(8)), _OMEGAS):
            out.append(unlearning_instance(P.LOGISTIC, [row] * 5, [0] * dim, K, dom, (2, 5), (1, 3), 2, eta_=eta_,
                                           beta_=Fraction(1, 4), L_=1, omega_=om, seed=300 + len(out), n=n,
                                           y=[1, -1, 1, 1, -1]))
    rng.shuffle(out)
    return out[:size]


_THM3_NOTE = ("Statistical (module certunlearn.claims.olu.sampled): Hoeffding on the regret with each noisy play at its "
              "pre-noise point (in K, so bounded by Σ_t [min_K f_t, max_K f_t], verified on every draw), plus the exact "
              "bracket [0, Σ_i min(βσ_i²d/2, Lσ_i√d)] that convexity and smoothness give for the noise; confidence "
              "1 − 10⁻⁴ per instance. Hypotheses as printed: the played release may leave K.")
_COR1_NOTE = ("Statistical, one-sided: a Clopper–Pearson lower bound on D_α of the releases at τ[check] (a threshold "
              "event chosen on a separate split), upper end +∞ — it can show a violation, never that the certificate "
              "holds, so a certificate that holds leaves the claim inconclusive. Confidence 1 − 10⁻⁴ per instance.")
_COR1_HUBER_NOTE = ("Exact: D_α of the releases at τ[2] (which is eq. (4)'s divergence for i = 2: the outputs on "
                    "[τ[2], τ[3]) are the same deterministic map of that release on both sides) from their closed-form "
                    "densities — a Gaussian pushed through the piecewise-affine OGD map ending in the box's projection, "
                    "plus Gaussian noise — integrated by acb.integral with certified error and closed-form tail bounds "
                    "(certunlearn.privacy.clipped_gaussian).")
_HUBER_UNL = Adversary("Huber: saturated far target on a wide box, and targets inside [−1, 1] with δ = 1/2; u = 1, "
                       "u = τ, τ = T", generate=huber_unlearning_instances,
                       reaches="the eight listed (d = 1, T = 6); thorough: random d ∈ {1, 2, 4}, T ≤ 8, targets, boxes, "
                               "δ, L, β, η, ω, α, ε and two-deletion schedules after them")


def _thm3_claim(cid: str, family: str, generate, **kw: Any) -> Claim:
    return Claim(id=cid, source="Theorem 3 (lines 202–208; proof lines 672–752) for Algorithm 1 as printed (lines 115–136)",
                 kind=Kind.REGRET, hypotheses=THM3_STAT_HYPS, quantity=regret_interval("convex"),
                 quantity_kind=QuantityKind.STATISTICAL,
                 adversaries=(Adversary(f"{family} losses on a box, deletions at u = 1, u = τ = T and late, ε ∈ "
                                        "{1/10, 1, 10}", generate=generate),), note=_THM3_NOTE, **kw)


CLAIMS: list[Claim] = [
    _thm3_claim("olu.thm3:logistic", "logistic", logistic_regret_instances, bound=THM3, derivation="olu.thm3:logistic",
                statement="Algorithm 1 as printed (projection, then noise) with logistic losses on a box, η_t = D/(L√t): "
                          "E Regret_T ≤ 3DL√T + 2k²L²/κ + 3DLdk^{1.7}G₂/(2ε) (statistical)."),
    _thm3_claim("olu.thm3:huber", "Huber", huber_regret_instances, bound=THM3, derivation="olu.thm3:huber",
                statement="Algorithm 1 as printed (projection, then noise) with Huber losses on a box, η_t = D/(L√t): "
                          "E Regret_T ≤ 3DL√T + 2k²L²/κ + 3DLdk^{1.7}G₂/(2ε) (statistical)."),
    Claim(id="olu.thm2:logistic-ridge", source="Theorem 2 (lines 185–193; proof lines 523–629) for Algorithm 1 as printed "
                                           "(lines 115–136)",
          kind=Kind.REGRET, hypotheses=THM2_STAT_HYPS, bound=THM2, quantity=regret_interval("sc", GAMMA_SC),
          quantity_kind=QuantityKind.STATISTICAL, derivation="olu.thm2:logistic-ridge", note=_THM3_NOTE,
          statement="Algorithm 1 as printed (projection, then noise) with logistic losses plus (μ/2)z² on a box, "
                    "η_t = 1/(μt), u[i] ≥ 1/2 + β/μ: E Regret_T = L²/μ(log T + 2k² + √3dk^{1.7}G₁/ε) (read as ≤; "
                    "statistical).",
          adversaries=(Adversary("regularised logistic losses on [−2, 2], u = 2, u = τ = T and late, ε ∈ {1/10, 1, 10}",
                                 generate=ridge_logistic_instances),)),
    Claim(id="olu.thm5:logistic", source="Theorem 5 (lines 230–232; proof lines 890–917) for Algorithm 1 as printed "
                                         "(lines 115–136)",
          kind=Kind.REGRET, hypotheses=THM5_STAT_HYPS, bound=THM5, quantity=regret_interval("thm5"),
          quantity_kind=QuantityKind.STATISTICAL, derivation="olu.thm5:logistic", note=_THM3_NOTE,
          statement="Algorithm 1 as printed with logistic losses on a box and the proof's constant step η (line 915): "
                    "E Regret_T ≤ L(D + k^{1.1}√(d/ε))√(2T) + 2L²k²/κ (statistical).",
          adversaries=(Adversary("logistic losses on a box, deletions at u = 1, u = τ = T and late, ε ∈ {1/10, 1, 10}",
                                 generate=logistic_regret_instances),)),
    Claim(id="olu.thm5:huber", source="Theorem 5 (lines 230–232; proof lines 890–917) for Algorithm 1 as printed "
                                      "(lines 115–136)",
          kind=Kind.REGRET, hypotheses=THM5_STAT_HYPS, bound=THM5, quantity=regret_interval("thm5"),
          quantity_kind=QuantityKind.STATISTICAL, derivation="olu.thm5:huber", note=_THM3_NOTE,
          statement="Algorithm 1 as printed with Huber losses on a box and the proof's constant step η (line 915): "
                    "E Regret_T ≤ L(D + k^{1.1}√(d/ε))√(2T) + 2L²k²/κ (statistical).",
          adversaries=(Adversary("Huber losses on a box, deletions at u = 1, u = τ = T and late, ε ∈ {1/10, 1, 10}",
                                 generate=huber_regret_instances),)),
    _thm3_claim("olu.thm3:logistic-control-hundredth", "logistic", logistic_regret_instances, bound=THM3 / 100,
                control=Control.NEGATIVE,
                statement="Negative control: E Regret_T ≤ Theorem 3's bound divided by 100 (statistical). The printed bound "
                          "is ≥ 20 times the regret on these instances, so a smaller cut cannot fail."),
    Claim(id="olu.cor1:logistic", source="Corollary 1, convex case (line 168), for Algorithm 1 as printed (lines 115–136)",
          kind=Kind.UNLEARNING, hypotheses=COR1_STAT_HYPS, bound=alpha * epsilon, quantity=divergence_lower(),
          quantity_kind=QuantityKind.STATISTICAL, derivation="olu.cor1:logistic", note=_COR1_NOTE,
          statement="Algorithm 1 as printed with logistic losses on a box or a ball, η ≤ 2/β, γ = 1: the release at "
                    "τ[i] after two deletions is within D_α ≤ αε of the reference process's (statistical lower bound).",
          adversaries=(Adversary("logistic: [−2, 2] and the unit disc, η ∈ {1, 2/β}", generate=logistic_unlearning_instances),)),
    Claim(id="olu.cor1:huber", source="Corollary 1, convex case (line 168), for Algorithm 1 as printed (lines 115–136)",
          kind=Kind.UNLEARNING, hypotheses=COR1_HUBER_HYPS, bound=alpha * epsilon, quantity=huber_divergence(),
          derivation="olu.cor1:huber", note=_COR1_HUBER_NOTE,
          statement="Algorithm 1 as printed with Huber losses on a box, η ≤ 2/β, γ = 1: the release at τ[2] after two "
                    "deletions is within D_α ≤ αε of the reference process's (exact D_α, on enclosures).",
          adversaries=(_HUBER_UNL,)),
    Claim(id="olu.cor1:huber-control-sigma-quarter", source="Corollary 1 (line 168) with every σ_i divided by 4",
          kind=Kind.UNLEARNING, hypotheses=COR1_HUBER_HYPS, bound=alpha * epsilon,
          quantity=huber_divergence(Fraction(1, 16)), control=Control.NEGATIVE,
          statement="Negative control: with every σ_i divided by 4 the second release is not within αε (exact D_α).",
          adversaries=(_HUBER_UNL,), note="Violated where the box and the clip barely act (the far target): D_α is "
                                          "then nearly the Gaussian translation's, 16-fold the printed σ's. Near the "
                                          "faces the projection's atoms keep it far below αε even at σ/4."),
]
