"""Theorem 3.2's perfect variant with a loss whose gradient off Θ is not its formula's (Descent-to-Delete, Theorem 3.2,
lines 256–265; Definitions 2.9–2.11, lines 135–147, constrain f_z on Θ only; Algorithm 2 of the perfect variant
starts at the published θ̃_{i−1}, off Θ with positive probability; the proof applies Theorem 2.13 from there,
lines 571–577, outside its hypothesis θ_0 ∈ Θ, line 159).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. One dimension, Θ = [lo, hi], every f_z the quadratic
(a/2)(θ − x_z)² on Θ and below it; above Θ, f_z′(θ) = a(θ − x_z) + K(θ − hi)² (``values["offtheta"]`` = K: the loss is
C², its properties on Θ are the quadratic's). One step from x = hi + u is x − η(a(x − c) + Ku²), c the data mean,
at most lo once ηKu² ≥ (1 − ηa)(hi + u) + ηac − lo, which holds for every u ≥ u_K (:func:`throw_threshold`): that
mass is projected to lo and ends, after T_1 − 1 steps on the quadratic, at y = c + ρ^{T_1 − 1}(lo − c) (ρ = 1 − ηa;
with ρ ≥ 0 and lo ≤ c ≤ hi these steps move monotonically from lo towards c and never meet the extension).

**Lower bounds** (round 1; θ̃_0 ~ N(θ̂_0, σ²) exactly, θ̂_0 and μ_1 the exact runs of
:func:`certunlearn.claims.d2d.perturbed_gd` 's chain): p = P[θ̃_0 > hi + u_K] = Q((hi + u_K − θ̂_0)/σ);
*privacy*: with τ between y and μ_1, the half-line H = {t < τ} has P_1(H) ≥ p·(1 − Q((τ − y)/σ)) and
Q_1(H) = Q((μ_1 − τ)/σ), so E_ε(P_1 ‖ Q_1) ≥ P_1(H) − e^ε Q_1(H); *accuracy*: on the thrown mass θ̃_1 = y + Z, and
f_{D_1}(θ) − min_Θ f_{D_1} > α for every θ < c − r, r = √((θ* − c)² + 2α/a), once c − r ≤ hi (the quadratic's
formula holds there): P ≥ p·(1 − Q((c − r − y)/σ)). The true value lies in [lower, 1].

The extension is not a :mod:`certunlearn.problems` loss: the package's projected GD evaluates the formula's gradient,
so the one step that differs (the first, from above Θ) is derived here and the runs on Θ are the package's exact
ones. Reading: the printed class (Definitions 2.9–2.11) constrains f_z on Θ only; under the reading the proof uses
(m-strong convexity and M-smoothness on ℝ^d) this loss is outside the class.
"""
from __future__ import annotations

from collections.abc import Callable

from flint import arb

from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...privacy.subsampled import normal_tail
from .offtheta_excess import OFFTHETA_REACH

__all__ = ["throw_threshold", "offtheta_delta", "offtheta_accuracy", "offtheta_perfect", "offtheta_secret",
           "offtheta_secret_instances"]


def throw_threshold(K: Fraction, eta: Fraction, a: Fraction, c: Fraction, lo: Fraction, hi: Fraction) -> Fraction:
    """A dyadic u_K > 0 with g(u) = ηKu² − (1 − ηa)u − ((1 − ηa)hi + ηac − lo) ≥ 0 and g′ ≥ 0 at u_K, so g ≥ 0 for
    every u ≥ u_K (g is a convex quadratic): exact rational arithmetic."""
    k = 1 - eta * a
    const = k * hi + eta * a * c - lo
    u = Fraction(1, 2**200)
    while not (eta * K * u * u - k * u - const >= 0 and 2 * eta * K * u - k >= 0):
        u *= 2
    return u


def _thrown(values, round1) -> tuple[arb, Fraction, Fraction]:
    """(p, y, c): the thrown mass, its landing point after T_1 steps and the data mean of D_1."""
    theta0_hat, mu1, X1, T1, a, lo, hi, eta = round1
    c = sum((row[0] for row in X1), Fraction(0)) / len(X1)
    rho = 1 - eta * a
    if not (rho >= 0 and lo <= c <= hi):  # else the later steps could leave Θ upward and meet the extension
        raise ArithmeticError("the off-Θ bound needs 0 ≤ 1 − ηa and the data mean in Θ (monotone steps from lo)")
    uK = throw_threshold(Fraction(values["offtheta"]), eta, a, c, lo, hi)
    sig = to_arb(values["sigma"])
    p = normal_tail((to_arb(hi + uK) - to_arb(theta0_hat)) / sig)
    y = c + rho ** (T1 - 1) * (lo - c)
    if not lo <= y <= hi:
        raise ArithmeticError("the thrown run leaves Θ: the landing point is not the quadratic's")
    return p, y, c


def offtheta_delta(values, round1, eps: arb) -> arb:
    """[lower, 1] for max of both directions of E_ε between θ̃_1 and N(μ_1, σ²) (module docstring)."""
    p, y, _ = _thrown(values, round1)
    mu1 = round1[1]
    sig = to_arb(values["sigma"])
    tau = (to_arb(y) + to_arb(mu1)) / 2
    if y < mu1:
        low = p * (1 - normal_tail((tau - to_arb(y)) / sig)) - eps.exp() * normal_tail((to_arb(mu1) - tau) / sig)
    else:
        low = arb(0)
    low = arb(low.lower()).max(arb(0))
    return low.union(arb(1))


def offtheta_accuracy(values, round1, alpha: arb) -> arb:
    """[lower, 1] for P[f_{D_1}(θ̃_1) − min_Θ f_{D_1} > α] (module docstring); θ* is the data mean clipped to Θ."""
    p, y, c = _thrown(values, round1)
    a, lo, hi = round1[4], round1[5], round1[6]
    star = min(max(c, lo), hi)
    sig = to_arb(values["sigma"])
    r = (to_arb((star - c) ** 2) + 2 * alpha / to_arb(a)).sqrt()
    edge = to_arb(c) - r
    if not edge <= to_arb(hi):
        return arb(0).union(arb(1))
    low = p * (1 - normal_tail((edge - to_arb(y)) / sig))
    return arb(low.lower()).max(arb(0)).union(arb(1))


#: (n, ε, δ, β) of :func:`offtheta_instances`: ε = 5 = O(log(1/δ)); n = 1000 puts the thrown mass ≈ 9.6σ from μ_1
OFFTHETA_CASES = ((1000, Fraction(5), Fraction(1, 100), Fraction(1, 100)),)
#: the slope K of the extension above Θ (u_K ≈ 10⁻⁹, far below σ ≈ 10⁻⁴)
OFFTHETA_K = Fraction(10**18)


def offtheta_instances() -> list[dict]:
    """Θ = [0, 1], m = 1 = a < M = 2 (γ = 1/3), every point at x = 1 (the optimum at Θ's top, so half of θ̃_0 lies
    above Θ), θ'_0 = 0, one deletion; the extension K above Θ (module docstring)."""
    from .common import pgd_instance

    out = []
    for n, eps, delta, beta in OFFTHETA_CASES:
        inst = pgd_instance([1], 1, [0], [1], [[1]] * n, [[-1, 1]], [0], epsilon=eps, delta=delta, I=1, beta=beta)
        inst["m"], inst["M"] = Fraction(1), Fraction(2)
        inst["offtheta"] = OFFTHETA_K
        out.append(inst)
    return out


def offtheta_perfect(expr, accuracy: bool = False):
    """Theorem 3.2's family with a gradient off Θ other than the formula's (module docstring), I at its lower bound
    ``expr``; ``accuracy`` keeps β."""
    from ..model import Adversary
    from .families import with_min_I

    def generate(rng, size: int) -> list[dict]:
        out = offtheta_instances()
        if not accuracy:
            out = [{k: v for k, v in inst.items() if k != "beta"} for inst in out]
        return with_min_I(lambda _rng, _size: out, expr)(rng, size)

    return Adversary("a loss whose gradient above Θ is not its formula's (f_z′ = a(θ − x) + K(θ − hi)² there): the "
                     "published θ̃_0 above Θ is thrown to Θ's far end by Algorithm 2's first step, I at its lower bound",
                     generate=generate, boundary_base=False,
                     reaches="the part of the printed class off Θ (Definitions 2.9–2.11 constrain f_z on Θ only): d = 1, "
                             "a C² extension above Θ of a quadratic, the optimum at Θ's top; a lower bound on the "
                             "quantity from a half-line event (certunlearn.claims.d2d.perfect_offtheta)")


#: (n, β) of the secret-state instances: β = 1/100 and 1/20, n small (the effect does not depend on n: u − hi ≈
#: (3α/K)^{1/3} is far below σ)
SECRET_CASES = ((8, Fraction(1, 100)), (8, Fraction(1, 20)))


def offtheta_secret_instances() -> list[dict]:
    """Θ = [0, 1], a = 1, every point at hi = 1 (the optimum at Θ's top, so about half of θ̃_i lies above Θ), θ'_0 = 0,
    one deletion, ε = 5, δ = 1/100, I = 1, the extension K of :mod:`.perfect_offtheta`."""
    base = offtheta_instances()[0]
    out = []
    for n, beta in SECRET_CASES:
        inst = dict(base)
        inst["X"], inst["n"], inst["beta"] = [[1]] * n, n, beta
        out.append(inst)
    return out


def offtheta_secret(wrap: Callable = lambda gen: gen):
    """The secret-state accuracy claims' off-Θ family (:func:`offtheta_secret_instances`; their probability:
    :mod:`.offtheta_excess`), through ``wrap`` (the regularised theorems' instance adapter)."""
    from ..model import Adversary

    return Adversary("a loss whose values above Θ are not its formula's (f_z = (a/2)(θ − x)² + (K/3)(θ − hi)³ there): "
                     "the optimum at Θ's top, about half of θ̃_i above Θ, β ∈ {1/100, 1/20}",
                     generate=wrap(lambda _rng, _size: offtheta_secret_instances()), boundary_base=False,
                     reaches=OFFTHETA_REACH)
