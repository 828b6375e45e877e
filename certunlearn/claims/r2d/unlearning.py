"""Rewind-to-Delete, Section 3 and Appendix B: the unlearning guarantee of Theorem 3.1.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. ``r2d.thm3.1`` (Theorem 3.1, eq. (3), lines 133–143; proof Appendix B, lines 342–451) and its
control ``r2d.thm3.1:control-sigma-halved``; ``r2d.lemB.2`` (Lemma B.2, lines 372–376: divergence of the learning
trajectories) and ``r2d.lemB.3`` (Lemma B.3, line 421: expansion during the K retained steps); ``r2d.cor3.2``
(Corollary 3.2, eq. (5), line 101: K(ε)); ``r2d.thmB.1`` and ``r2d.thmB.1+fix`` (Theorem B.1, line 348: the
Gaussian mechanism, as printed for any ε, and for ε ≤ 1).
"""
from __future__ import annotations

import math

import functools
import itertools
from collections.abc import Callable

import numpy as np
from flint import arb

from ...formulas.gaussian import DELTA_GAUSSIAN
from ...formulas.r2d import PRESCRIBED, BOUND_B2, BOUND_B3, C_DR, eta, G, H_K, K_BOUND_32, L, m, n
from ...formulas.symbols import Delta, delta, epsilon, sigma
from ...numeric.enclosure import decide, Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from ...numeric.sympy_arb import arb_eval
from ...privacy import delta_enclosure
from ..hypotheses import H, P
from ..instances import frac, instance_key, is_int
from ..model import Adversary, Claim, Control, GaussianPair, Instance, Kind, Space
from .families import (
    all_deletions, concave_expansion, linear_opposed, linear_search, quantize, subsample,
    THM31_ADVERSARIES,
)
from .quantities import (
    DELTA_RANGE, EPS_RANGE, exact_path, GD_HYPS, iterates_ok, PROBLEM_NAMES, runs_of, schedule_ok, setup_cached,
    sq_norm, STEP, THM31_HYPS, unlearning_delta, unlearning_laws,
)


def _path_ok(values: Instance) -> Decision:
    """Lemma B.2's t steps on D and on D' stay in Θ; t a positive integer."""
    if not is_int(values["t"], 1):
        return Decision.FALSE
    _paths_t(values)
    return Decision.TRUE




# =========================================================================== Lemma B.2 and B.3 quantities
@functools.lru_cache(maxsize=4096)
def _paths_t_cached(key: tuple) -> tuple[list[Fraction], list[Fraction]]:
    values = dict(key)
    problem = instance_key(values, PROBLEM_NAMES)
    s = setup_cached(problem)
    m_, t_ = int(values["m"]), int(values["t"])
    eta_ = frac(values["eta"])
    return exact_path(problem, s.n, eta_, t_)[-1], exact_path(problem, s.n - m_, eta_, t_)[-1]


def _paths_t(values: Instance):
    return _paths_t_cached(instance_key(values, PROBLEM_NAMES + ("m", "t", "eta")))


def divergence_b2(values: Instance) -> arb:
    """‖θ_t − θ'_t‖: t steps of gradient descent on D and on D' from the same θ_0 (exact)."""
    a, b = _paths_t(values)
    return to_arb(sq_norm([x - y for x, y in zip(a, b)])).sqrt()


def expansion_b3(values: Instance) -> arb | Fraction:
    """‖θ'_T − θ''_K‖ / ‖θ_{T−K} − θ'_{T−K}‖ (0 when the checkpoints agree: then θ''_K = θ'_T) — an exact Fraction
    when the squared ratio is the square of a rational (as on the concave quadratics, where it is (1 + ηλ)^K), so
    that attaining the bound is proved, not left undecided; else an enclosure."""
    r = runs_of(values)
    T_, K_ = int(frac(values["T"])), int(frac(values["K"]))
    num = sq_norm([a - b for a, b in zip(r["path_r"][T_], r["unlearned"])])
    den = sq_norm([a - b for a, b in zip(r["path"][T_ - K_], r["path_r"][T_ - K_])])
    if den == 0:
        return arb(0)
    ratio = Fraction(num) / Fraction(den)
    p, q = math.isqrt(ratio.numerator), math.isqrt(ratio.denominator)
    if p * p == ratio.numerator and q * q == ratio.denominator:  # a rational ratio: exact, so equality is provable
        return Fraction(p, q)
    return (to_arb(num) / to_arb(den)).sqrt()


def _with_t(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable[[np.random.Generator, int], list[dict]]:
    """Lemma B.2 instances: each GD instance at t = T − K (the checkpoint), and at t = T."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for inst in gen(rng, size):
            T_, K_ = int(frac(inst["T"])), int(frac(inst["K"]))
            for t_ in sorted({max(1, T_ - K_), T_}):
                j = dict(inst)
                j["t"] = t_
                out.append(j)
        return out[: max(size, 1)]

    return generate


def _search_with_t(adv: Adversary) -> Adversary:
    sp = adv.space

    def build(q: dict) -> dict:
        inst = sp.build(q)
        inst["t"] = max(1, int(frac(inst["T"])))
        return inst

    return Adversary(adv.name + " (t = T)", space=Space(sp.bounds, sp.log, sp.fixed, build))


# =========================================================================== Corollary 3.2
COR32_SCALARS = ("n", "m", "eta", "L", "G", "T", "epsilon", "delta", "sigma")


def _cor32_target(values: Instance) -> arb:
    """v = σLnε/(2mG√(2log(1.25/δ))), the value h(K(ε)) must take (eq. (3) at fixed σ)."""
    return arb_eval(sigma * L * n * epsilon / (2 * m * G * C_DR), values)


def _h_at(values: Instance, k: Fraction | arb) -> arb:
    env = dict(values)
    env["K"] = k
    return arb_eval(H_K, env)


def _cor32_defined(values: Instance) -> Decision:
    """K(ε) exists in (0, T): 0 = h(T) < v < h(0) (h decreases from h(0) to 0, line 447); T > 0, 1 ≤ m < n."""
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    return decide(lambda: _cor32_target(values), "<", lambda: _h_at(values, Fraction(0)), max_prec=1024).decision


def rewind_needed(values: Instance) -> arb:
    """K(ε): the real K ∈ (0, T) with h(K) = σLnε/(2mG√(2log(1.25/δ))) — eq. (3) solved for K at fixed σ —
    enclosed by bisection on rigorous comparisons (h is continuous and strictly decreasing)."""
    lo, hi = Fraction(0), frac(values["T"])
    with workprec(256):
        target = _cor32_target(values)
        for _ in range(90):
            mid = (lo + hi) / 2
            c = decide(lambda: _h_at(values, mid), ">", target, start=256, max_prec=1024).decision
            if c is Decision.TRUE:
                lo = mid
            elif c is Decision.FALSE:
                hi = mid
            else:
                break
        return to_arb(lo).union(to_arb(hi))


def _cor32_grid(rng: np.random.Generator, size: int) -> list[dict]:
    """(n, m, ηL, T) over orders of magnitude, σ chosen so that h(K(ε)) is a fraction τ of h(0)."""
    out = []
    for (n_, m_), (etaL, T_), tau, (eps, dlt) in itertools.product(
            ((1000, 1), (100, 5), (10, 4), (2, 1)),
            ((Fraction(1, 1000), 100), (Fraction(1, 10), 30), (Fraction(1, 2), 20), (Fraction(1, 100), 1000)),
            (Fraction(1, 10**6), Fraction(1, 100), Fraction(1, 2), Fraction(99, 100)),
            ((Fraction(1), Fraction(1, 10)), (Fraction(1, 10), Fraction(1, 10**5)))):
        L_, G_ = Fraction(1, 2), Fraction(3)
        eta_ = etaL / L_
        base = {"n": n_, "m": m_, "eta": eta_, "L": L_, "G": G_, "T": T_, "epsilon": eps, "delta": dlt}
        with workprec(128):
            h0 = _h_at(base, Fraction(0))
            c = arb_eval(C_DR, base)
            s = to_arb(tau * 2 * m_ * G_ / (L_ * n_ * eps)) * h0 * c
        base["sigma"] = Fraction(float(s.mid()))
        out.append(base)
    return subsample(out, rng, size)


COR32_SEARCH = Adversary(
    "search over (n, m, ηL, T, σ/σ(K=0), ε, δ)",
    space=Space(bounds={"n": (2.0, 2000.0), "m_frac": (0.0, 0.99), "etaL": (1e-4, 1.0), "T": (1.0, 500.0),
                        "tau": (1e-6, 0.999), "epsilon": (1e-3, 1.0), "delta": (1e-12, 0.9)},
                log=frozenset({"n", "etaL", "T", "tau", "delta"}),
                build=lambda q: _cor32_build(q)),
)


def _cor32_build(q: dict) -> dict:
    n_ = max(2, round(q["n"]))
    m_ = min(n_ - 1, max(1, round(q["m_frac"] * n_)))
    L_, G_ = Fraction(1, 2), Fraction(3)
    base = {"n": n_, "m": m_, "eta": quantize(q["etaL"], 2**30) / L_ or Fraction(1, 2**29), "L": L_, "G": G_,
            "T": max(1, round(q["T"])), "epsilon": quantize(q["epsilon"], 2**20) or Fraction(1, 2**20),
            "delta": quantize(q["delta"], 2**60) or Fraction(1, 2**60)}
    with workprec(128):
        h0 = _h_at(base, Fraction(0))
        c = arb_eval(C_DR, base)
        s = to_arb(Fraction(q["tau"]) * 2 * m_ * G_ / (L_ * n_ * base["epsilon"])) * h0 * c
    base["sigma"] = Fraction(float(s.mid())) if s.is_finite() else Fraction(1)
    return base


# =========================================================================== Theorem B.1
def gaussian_delta(values: Instance) -> arb:
    """The true δ at ε of N(μ, σ²I) vs N(μ', σ²I) with ‖μ − μ'‖ = Δ (the worst case of ‖μ − μ'‖ ≤ Δ)."""
    return delta_enclosure(values["epsilon"], values["sigma"], values["Delta"])


def _gaussian_laws(values: Instance) -> GaussianPair:
    return GaussianPair(values["Delta"], values["sigma"])


B1_EPS_SMALL = ("0.001", "0.1", "0.5", "1")
B1_EPS_LARGE = ("2", "5", "10", "40", "100")
B1_DELTAS = ("1e-100", "1e-10", "1e-5", "0.01", "0.1", "0.5", "0.9")


def _b1_grid(epsilons: tuple[str, ...]):
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        pts = [{"epsilon": e, "delta": d, "Delta": s} for e in epsilons for d in B1_DELTAS for s in ("1", "0.37")]
        return subsample(pts, rng, size)

    return generate


def _b1_search(eps_range: tuple[float, float]) -> Adversary:
    return Adversary("search over (ε, δ, Δ) in log scale",
                     space=Space(bounds={"epsilon": eps_range, "delta": (1e-100, 0.9), "Delta": (0.01, 100.0)},
                                 log=frozenset({"epsilon", "delta", "Delta"})))



# =========================================================================== the claims
_TARGET = ("(ε, δ)-certified unlearning (Definition 2.2): the true δ at ε between N(θ''_K, σ²I) (Algorithm 2 from "
           "the checkpoint θ_{T−K}) and N(θ'_T, σ²I) (Algorithm 1 on D' = D \\ Z) is ≤ δ")



CLAIMS_31 = [
    Claim(
        id="r2d.thm3.1",
        source="Theorem 3.1, unlearning (lines 133–143; proof Appendix B, lines 340–451)",
        kind=Kind.UNLEARNING,
        statement="0 < ε ≤ 1, δ > 0; f_z L-smooth with ‖∇f_z‖ < G; η ≤ min{1/L, n/(2(n−m)L)}; "
                  "σ = 2mG·h(K)√(2log(1.25/δ))/(Lnε), h(K) = ((1+ηLn/(n−m))^{T−K} − 1)(1+ηL)^K: "
                  "U (Algorithm 2) is an (ε, δ)-unlearning algorithm for A (Algorithm 1)",
        hypotheses=THM31_HYPS,
        bound=delta,
        prescribed=PRESCRIBED["r2d.thm3.1"],
        quantity=unlearning_delta,
        laws=unlearning_laws,
        adversaries=THM31_ADVERSARIES,
        derivation="r2d.thm3.1",
        note=_TARGET + ". Means exact (Fractions) from certunlearn.algorithms.r2d (descent_path, unlearn). "
             "Tightness is limited twice: the shift bound is attained only up to (n−m)/n (linear losses, L → 0; "
             "with curvature the gradient bound on the region the iterates cross costs a further (1+ηL)^{−T}), and "
             "the classic calibration √(2log(1.25/δ))/ε is itself loose (true δ ≈ 0.09·δ at ε = 1, δ = 1/2). "
             "report(instance) gives the effective ε at the target δ and ηLT.",
    ),
    Claim(
        id="r2d.thm3.1:control-sigma-halved",
        source="negative control: Theorem 3.1 with σ of eq. (3) halved",
        kind=Kind.UNLEARNING,
        statement="(wrong on purpose) σ = mG·h(K)√(2log(1.25/δ))/(Lnε) gives (ε, δ)-unlearning",
        hypotheses=THM31_HYPS,
        bound=delta,
        prescribed=PRESCRIBED["r2d.thm3.1:control-sigma-halved"],
        quantity=unlearning_delta,
        laws=unlearning_laws,
        adversaries=THM31_ADVERSARIES,
        control=Control.NEGATIVE,
        note="Violated where the shift bound is nearly attained (opposed linear losses, n = 200, m = 1, L → 0) and "
             "the classic calibration is tight enough: ε = 1, δ ≤ 10⁻².",
    ),
    Claim(
        id="r2d.lemB.2",
        source="Lemma B.2 (lines 372–376; proof lines 377–411)",
        kind=Kind.SENSITIVITY,
        statement="‖θ_t − θ'_t‖ ≤ (2Gm/(Ln))[(1 + ηLn/(n−m))^t − 1] for gradient descent on D and on D' = D \\ Z "
                  "from the same θ_0",
        hypotheses=(*GD_HYPS, *STEP, P("t a positive integer; the t steps stay in Θ", _path_ok)),
        bound=BOUND_B2,
        quantity=divergence_b2,
        adversaries=(
            Adversary("opposed linear losses (attained up to (n−m)/n as L → 0), at t = T − K and t = T",
                      generate=_with_t(linear_opposed)),
            Adversary("concave quadratics near their maximum", generate=_with_t(concave_expansion)),
            Adversary("small n: every deletion set", generate=_with_t(all_deletions)),
            _search_with_t(linear_search(50, 1)),
        ),
        derivation="r2d.lemB.2",
        note="The per-step drift of the proof, ηm/(n−m)‖∇f_D‖ + η/(n−m)Σ_Z‖∇f_z‖ ≤ 2ηGm/(n−m), exceeds the true "
             "η‖∇f_D − ∇f_{D'}‖ ≤ 2ηGm/n by n/(n−m), and the expansion n/(n−m)·L of line 403 exceeds the true "
             "L: the lemma holds with tightness → (n−m)/n (L → 0).",
    ),
    Claim(
        id="r2d.lemB.3",
        source="Lemma B.3 (lines 413–421; proof lines 422–433)",
        kind=Kind.CONTRACTION,
        statement="‖θ'_T − θ''_K‖ ≤ ‖θ_{T−K} − θ'_{T−K}‖(1 + ηL)^K (as the ratio ‖θ'_T − θ''_K‖/‖θ_{T−K} − θ'_{T−K}‖)",
        hypotheses=(*GD_HYPS, *STEP, P("T, K integers with 0 ≤ K < T", schedule_ok),
                    P("every iterate stays in Θ", iterates_ok)),
        bound=BOUND_B3,
        quantity=expansion_b3,
        adversaries=(
            Adversary("concave quadratics: every step expands by exactly 1 + ηλ (attained)",
                      generate=concave_expansion),
            Adversary("opposed linear losses (no expansion: ratio 1)", generate=linear_opposed),
            Adversary("small n: every deletion set", generate=all_deletions),
        ),
        derivation="r2d.lemB.3",
        note="Quantity exact (Fractions); attained (tightness 1) by concave quadratics with λ = L.",
    ),
    Claim(
        id="r2d.cor3.2",
        source="Corollary 3.2 (lines 149–153; proof Appendix B.3, lines 557–573)",
        kind=Kind.ITERATIONS,
        statement="for fixed σ and δ, K(ε) — the K solving eq. (3) — satisfies K(ε) ≤ "
                  "log((1+ηLn/(n−m))^T − σLnε/(2mG√(2log(1.25/δ))))/log(1+ηLn/(n−m))",
        hypotheses=(H("η > 0", ">", eta, 0), H("L > 0", ">", L, 0), H("G > 0", ">", G, 0), H("σ > 0", ">", sigma, 0),
                    H("ε > 0", ">", epsilon, 0), *DELTA_RANGE,
                    P("1 ≤ m < n integers; K(ε) ∈ (0, T) exists: σLnε/(2mG√(2log(1.25/δ))) < h(0)", _cor32_defined)),
        bound=K_BOUND_32,
        quantity=rewind_needed,
        adversaries=(Adversary("(n, m, ηL, T) over orders of magnitude, h(K(ε))/h(0) ∈ {10⁻⁶, 10⁻², 1/2, 0.99}",
                               generate=_cor32_grid), COR32_SEARCH),
        derivation="r2d.cor3.2",
        note="Quantity: the real root K(ε) of h(K) = σLnε/(2mG√(2log(1.25/δ))), enclosed by bisection on rigorous "
             "comparisons. The bound replaces 1 + ηL by 1 + ηLn/(n−m) in h: tight when m/n and ηL are small; K(ε) "
             "is real — an algorithm needs ⌈bound⌉ (line 573 says “choose K equal to this bound”).",
    ),
]

B1_HYPS = (H("ε > 0", ">", epsilon, 0), *DELTA_RANGE, H("Δ > 0", ">", Delta, 0))

CLAIMS_B1 = [
    Claim(
        id="r2d.thmB.1",
        source="Theorem B.1 (lines 344–348; cited from Dwork & Roth 2014)",
        kind=Kind.PRIVACY,
        statement="X ~ N(μ, σ²I), Y ~ N(μ', σ²I), ‖μ − μ'‖₂ ≤ Δ: for any δ > 0, X and Y are (ε, δ)-indistinguishable "
                  "if σ = (Δ/ε)√(2log(1.25/δ)) — printed without a range for ε",
        hypotheses=B1_HYPS,
        bound=delta,
        prescribed=PRESCRIBED["r2d.thmB.1"],
        quantity=gaussian_delta,
        quantity_expr=DELTA_GAUSSIAN,
        laws=_gaussian_laws,
        adversaries=(Adversary("grid ε ∈ [0.001, 100] × δ × Δ", generate=_b1_grid(B1_EPS_SMALL + B1_EPS_LARGE)),
                     _b1_search((1e-3, 500.0))),
        derivation="r2d.thmB.1",
        note="Dwork & Roth's Theorem A.1 assumes ε ∈ (0, 1); the paper's statement drops it. Theorem 3.1 itself "
             "assumes ε ≤ 1, but the experiments run at ε up to 40 (Tables 8–9) — with Balle & Wang's calibration "
             "there (line 226), see r2d.sec4.2-epsilon-above-1.",
    ),
    Claim(
        id="r2d.thmB.1+fix",
        source="Theorem B.1 (lines 344–348), corrected: Dwork & Roth's hypothesis ε ≤ 1 restored",
        kind=Kind.PRIVACY,
        statement="as Theorem B.1, for 0 < ε ≤ 1 and 0 < δ < 1",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, H("Δ > 0", ">", Delta, 0)),
        bound=delta,
        prescribed=PRESCRIBED["r2d.thmB.1+fix"],
        quantity=gaussian_delta,
        quantity_expr=DELTA_GAUSSIAN,
        laws=_gaussian_laws,
        adversaries=(Adversary("grid ε ∈ [0.001, 1] × δ × Δ", generate=_b1_grid(B1_EPS_SMALL)),
                     _b1_search((1e-3, 1.0))),
        derivation="r2d.thmB.1+fix",
        corrects="r2d.thmB.1",
        note="Corrects the missing range ε ≤ 1 (Dwork & Roth 2014, Thm A.1: ε ∈ (0, 1)); the derivation is a "
             "correct chain (t = c − ε/(2c) ≥ c − 1/(2c) for ε ≤ 1, then Q(c − 1/(2c)) ≤ δ), not DR's, whose "
             "side conditions fail for δ > 0.41 (see gaussian.classic). Same as gaussian.classic, over δ < 1.",
    ),
]
