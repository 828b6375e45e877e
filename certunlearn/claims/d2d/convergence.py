"""Section 2.4 and Appendices B and E of Descent-to-Delete: Theorem 2.14 (projected GD on a convex M-smooth h, line
169), Claim B.1 (quadratic growth of an m-strongly convex h at its constrained minimiser, line 500; proof lines
502–516) and Facts E.1–E.2 (the decay of γ^{T'} behind Theorem 3.5 and Remark 3.6, lines 618–627).

Paper file ``papers/002_7f80bf4846a5a6af.txt``. Both are checked on **separable** functions on a box
Θ = Π[lo_j, hi_j], where the constrained minimiser, every projected-GD iterate and every value are exact rationals:

* Theorem 2.14 — each coordinate a quadratic (a/2)(t − c)² or a Huber function a·hub_τ(t − c) (hub_τ(s) = s²/2 for
  |s| ≤ τ, τ|s| − τ²/2 beyond) with curvature 0 ≤ a ≤ M, plus a linear term g·t (a = 0: a linear coordinate, M-smooth
  for every M). The Huber coordinate at τ = R/(2T + 1) from θ_0 = c + R is the worst case of performance estimation
  for GD with step 1/M (Drori & Teboulle 2014: h(θ_T) − h* = MR²/(4T + 2)), so the claim's tightness is known:
  2T/(4T + 2) of the bound (1/3 at T = 1, → 1/2).
* Claim B.1 — each coordinate (a/2)(t − c)² + w|t − b| + g·t with a ≥ m (m-strongly convex, not smooth where w > 0);
  equality holds for a = m along an interior optimum (attained).

The quantity is the exact ratio the bound normalises: (h(θ_T) − h*)/‖θ_0 − θ*‖² against M/(2T), and
‖θ − θ*‖²/(h(θ) − h(θ*)) against 2/m (``formulas.d2d.CONVEX_RATE_214``, ``GROWTH_B1``).
"""
from __future__ import annotations

import itertools

import numpy as np

from ...formulas.d2d import CONVEX_RATE_214, FACT_E1, FACT_E1_BERNOULLI, FACT_E2, GAMMA_E1, GROWTH_B1, T_p
from ...numeric.enclosure import Decision
from ...numeric.fraction import Fraction
from ..hypotheses import P, holds
from ..instances import frac, is_int
from ..model import Adversary, Claim, Control, Instance, Kind, Narrowing, Space
from .common import grid_fraction

QUAD, HUBER = 0, 1  # coordinate kinds of Theorem 2.14's family
SEPARABLE_BOX = Narrowing(
    "non-separable h and domains Θ other than a box (a ball, a polytope)",
    "implementation cost: exact rational iterates and minimisers are written here for separable h on a box only; a "
    "coupled Hessian or a ball's projection needs enclosure-valued iterates and a certified constrained minimiser")


def _vec(values: Instance, name: str) -> list[Fraction]:
    return [frac(v) for v in values[name]]


def _clip(t: Fraction, lo: Fraction, hi: Fraction) -> Fraction:
    return min(max(t, lo), hi)


def _box_ok(values: Instance, names: tuple[str, ...]) -> bool:
    lo, hi = _vec(values, "lo"), _vec(values, "hi")
    d = len(lo)
    return d >= 1 and len(hi) == d and all(len(values[k]) == d for k in names) and all(a < b for a, b in zip(lo, hi))


# =========================================================================== Theorem 2.14 (line 169)
def _hub(s: Fraction, tau: Fraction) -> Fraction:
    return s * s / 2 if abs(s) <= tau else tau * abs(s) - tau * tau / 2


def _h214(values: Instance, theta: list[Fraction]) -> Fraction:
    total = Fraction(0)
    for t, k, a, c, tau, g in zip(theta, values["kind"], _vec(values, "a"), _vec(values, "c"), _vec(values, "tau"),
                                  _vec(values, "g")):
        total += (a * _hub(t - c, tau) if k == HUBER else a * (t - c) ** 2 / 2) + g * t
    return total


def _grad214(values: Instance, theta: list[Fraction]) -> list[Fraction]:
    out = []
    for t, k, a, c, tau, g in zip(theta, values["kind"], _vec(values, "a"), _vec(values, "c"), _vec(values, "tau"),
                                  _vec(values, "g")):
        out.append((a * _clip(t - c, -tau, tau) if k == HUBER else a * (t - c)) + g)
    return out


def _argmin214(values: Instance) -> list[Fraction]:
    """The minimiser of h on the box nearest θ_0 (the theorem's θ* may be any minimiser: the nearest gives the
    smallest bound, the adversary's choice). Per coordinate: the unconstrained minimiser c − g/a, clipped; a linear
    coordinate (a = 0) at the end its slope points away from, or θ_0's coordinate where it is flat."""
    star = []
    for k, a, c, tau, g, lo, hi, t0 in zip(values["kind"], _vec(values, "a"), _vec(values, "c"), _vec(values, "tau"),
                                          _vec(values, "g"), _vec(values, "lo"), _vec(values, "hi"),
                                          _vec(values, "theta0")):
        if a == 0:
            star.append(lo if g > 0 else hi if g < 0 else t0)
        else:
            star.append(_clip(c - g / a, lo, hi))
    return star


def _thm214_hyps():
    def ok(values: Instance) -> Decision:
        names = ("kind", "a", "c", "tau", "g", "theta0")
        if not _box_ok(values, names) or not (is_int(values["T"]) and frac(values["T"]) >= 1):
            return Decision.FALSE
        M = frac(values["M"])
        a, tau, g = _vec(values, "a"), _vec(values, "tau"), _vec(values, "g")
        lo, hi, t0 = _vec(values, "lo"), _vec(values, "hi"), _vec(values, "theta0")
        kinds_ok = all(k in (QUAD, HUBER) for k in values["kind"])
        # convex and M-smooth: 0 ≤ a ≤ M; a Huber coordinate needs τ > 0 and, with a slope, |g| < aτ (one minimiser)
        smooth = M > 0 and all(0 <= x <= M for x in a)
        huber = all(k != HUBER or (t > 0 and abs(s) < x * t) for k, x, t, s in zip(values["kind"], a, tau, g))
        start = all(l <= t <= h for l, t, h in zip(lo, t0, hi)) and t0 != _argmin214(values)
        return holds(kinds_ok and smooth and huber and start)

    return (P("h = Σ_j h_j(θ_j) + g·θ convex and M-smooth on the box Θ (0 ≤ a_j ≤ M; Huber τ_j > 0, |g_j| < a_jτ_j); "
              "θ_0 ∈ Θ, θ_0 ∉ argmin; T ≥ 1; step 1/M", ok),)


def _rate214(values: Instance) -> Fraction:
    """(h(θ_T) − min_Θ h)/‖θ_0 − θ*‖² for T steps of projected GD with η = 1/M, exactly."""
    M, T = frac(values["M"]), int(frac(values["T"]))
    lo, hi = _vec(values, "lo"), _vec(values, "hi")
    theta = _vec(values, "theta0")
    for _ in range(T):
        theta = [_clip(t - gr / M, l, h) for t, gr, l, h in zip(theta, _grad214(values, theta), lo, hi)]
    star = _argmin214(values)
    dist = sum((t - s) ** 2 for t, s in zip(_vec(values, "theta0"), star))
    return (_h214(values, theta) - _h214(values, star)) / dist


def _f(p: int, q: int = 1) -> Fraction:
    return Fraction(p, q)


def thm214_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """The performance-estimation worst case (a Huber coordinate with τ = R/(2T + 1) from θ_0 = c + R, Θ large) at
    T = 1…8 and M ∈ {1, 7/2}; quadratics at curvature M (one step lands on θ*) and below; linear coordinates; optima
    on the boundary (the projection active); d = 1, 2, 3."""
    out = []
    for T, M in itertools.product((1, 2, 3, 5, 8), (_f(1), _f(7, 2))):
        R = _f(1)
        out.append({"kind": [HUBER], "a": [M], "c": [0], "tau": [R / (2 * T + 1)], "g": [0], "lo": [-4], "hi": [4],
                    "theta0": [R], "T": T, "M": M})
        out.append({"kind": [HUBER, QUAD], "a": [M, M / 2], "c": [0, _f(1, 3)], "tau": [R / (2 * T + 1), 1],
                    "g": [0, 0], "lo": [-4, -4], "hi": [4, 4], "theta0": [R, -1], "T": T, "M": M})
    for T in (1, 2, 4):
        for a in (_f(1), _f(1, 2), _f(1, 10)):  # quadratics, interior optimum
            out.append({"kind": [QUAD], "a": [a], "c": [_f(1, 4)], "tau": [0], "g": [0], "lo": [-1], "hi": [1],
                        "theta0": [-1], "T": T, "M": 1})
        # boundary optimum: the centre outside Θ, the projection active at every step
        out.append({"kind": [QUAD, QUAD], "a": [1, _f(1, 3)], "c": [3, -3], "tau": [0, 0], "g": [0, 0], "lo": [-1, -1],
                    "hi": [1, 1], "theta0": [-1, 1], "T": T, "M": 1})
        # a linear coordinate (β-smooth for every β) and a linear slope on a quadratic
        out.append({"kind": [QUAD, QUAD], "a": [0, 1], "c": [0, 0], "tau": [0, 0], "g": [_f(1, 2), _f(-1, 4)],
                    "lo": [-1, -1], "hi": [1, 1], "theta0": [1, -1], "T": T, "M": 1})
        out.append({"kind": [HUBER, HUBER, QUAD], "a": [1, _f(1, 2), 0], "c": [0, 1, 0], "tau": [_f(1, 5), _f(1, 2), 0],
                    "g": [_f(1, 10), 0, -1], "lo": [-2, -2, -2], "hi": [2, 2, 2], "theta0": [2, -2, 0], "T": T, "M": 1})
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def thm214_build(q: dict) -> dict:
    M = grid_fraction(q["M"])
    T = max(1, round(q["T"]))
    tau = grid_fraction(q["tau"])
    return {"kind": [HUBER, QUAD], "a": [M * grid_fraction(q["s1"]), M * grid_fraction(q["s2"])],
            "c": [grid_fraction(q["c1"]), grid_fraction(q["c2"])], "tau": [tau, 0], "g": [0, 0],
            "lo": [-2, -2], "hi": [2, 2], "theta0": [grid_fraction(q["t1"]), grid_fraction(q["t2"])], "T": T, "M": M}


THM214_SEARCH = Adversary(
    "search over a Huber and a quadratic coordinate (curvatures in [0, M], width, centre, start, T)",
    space=Space(bounds={"M": (0.2, 5.0), "s1": (0.0, 1.0), "s2": (0.0, 1.0), "tau": (0.01, 1.0), "c1": (-1.0, 1.0),
                        "c2": (-3.0, 3.0), "t1": (-2.0, 2.0), "t2": (-2.0, 2.0), "T": (1.0, 8.0)},
                log=frozenset({"tau"}), build=thm214_build),
    reaches="a Huber and a quadratic coordinate on a box, any curvatures in [0, M], T ≤ 8")


# =========================================================================== Claim B.1 (line 500)
def _hB1(values: Instance, theta: list[Fraction]) -> Fraction:
    return sum((a * (t - c) ** 2 / 2 + w * abs(t - b) + g * t
                for t, a, c, w, b, g in zip(theta, _vec(values, "a"), _vec(values, "c"), _vec(values, "w"),
                                            _vec(values, "b"), _vec(values, "g"))), Fraction(0))


def _argminB1(values: Instance) -> list[Fraction]:
    """Per coordinate the minimiser of (a/2)(t − c)² + w|t − b| + gt on [lo, hi] (a > 0): the stationary point on
    the side of b where it lies, else b; clipped (a one-dimensional convex function's constrained minimiser)."""
    star = []
    for a, c, w, b, g, lo, hi in zip(*(_vec(values, k) for k in ("a", "c", "w", "b", "g", "lo", "hi"))):
        right, left = c - (g + w) / a, c - (g - w) / a
        t = right if right > b else left if left < b else b
        star.append(_clip(t, lo, hi))
    return star


def _claimB1_hyps():
    def ok(values: Instance) -> Decision:
        if not _box_ok(values, ("a", "c", "w", "b", "g", "theta")):
            return Decision.FALSE
        m = frac(values["m"])
        lo, hi, th = _vec(values, "lo"), _vec(values, "hi"), _vec(values, "theta")
        strong = m > 0 and all(a >= m for a in _vec(values, "a")) and all(w >= 0 for w in _vec(values, "w"))
        inside = all(l <= t <= h for l, t, h in zip(lo, th, hi)) and th != _argminB1(values)
        return holds(strong and inside)

    return (P("h = Σ_j (a_j/2)(θ_j − c_j)² + w_j|θ_j − b_j| + g_jθ_j with a_j ≥ m > 0, w_j ≥ 0 (m-strongly convex) on "
              "the box Θ; θ ∈ Θ, θ ≠ θ*", ok),)


def _growthB1(values: Instance) -> Fraction:
    """‖θ − θ*‖²/(h(θ) − h(θ*)) exactly (θ* the exact constrained minimiser)."""
    th, star = _vec(values, "theta"), _argminB1(values)
    return sum((t - s) ** 2 for t, s in zip(th, star)) / (_hB1(values, th) - _hB1(values, star))


def claimB1_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Equality cases (a = m, interior optimum, no kink), the boundary (m at λ_min, θ* on a face, θ at a corner),
    kinks at the optimum (w > 0: h grows linearly there), slopes, d = 1, 2, 3."""
    out = []
    for m in (_f(1, 10), _f(1), _f(5)):
        out.append({"a": [m], "c": [_f(1, 3)], "w": [0], "b": [0], "g": [0], "lo": [-1], "hi": [1], "theta": [-1],
                    "m": m})
        out.append({"a": [m, 3 * m], "c": [0, 0], "w": [0, 0], "b": [0, 0], "g": [0, 0], "lo": [-1, -1], "hi": [1, 1],
                    "theta": [1, 0], "m": m})  # along the flattest direction: equality
        out.append({"a": [m, 2 * m], "c": [2, 0], "w": [0, 0], "b": [0, 0], "g": [0, 0], "lo": [-1, -1], "hi": [1, 1],
                    "theta": [-1, 1], "m": m})  # θ* on the face θ₁ = 1
        out.append({"a": [m, m, m], "c": [0, 0, 0], "w": [_f(1, 2), 0, 0], "b": [0, 0, 0], "g": [0, _f(1, 4), 0],
                    "lo": [-1, -1, -1], "hi": [1, 1, 1], "theta": [1, -1, 1], "m": m})
        out.append({"a": [2 * m], "c": [0], "w": [m], "b": [_f(1, 5)], "g": [-m], "lo": [-2], "hi": [2], "theta": [2],
                    "m": m})
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def claimB1_build(q: dict) -> dict:
    m = grid_fraction(q["m"])
    return {"a": [m * grid_fraction(q["r1"]), m * grid_fraction(q["r2"])],
            "c": [grid_fraction(q["c1"]), grid_fraction(q["c2"])], "w": [grid_fraction(q["w"]), 0],
            "b": [grid_fraction(q["b"]), 0], "g": [0, grid_fraction(q["g"])], "lo": [-1, -1], "hi": [1, 1],
            "theta": [grid_fraction(q["t1"]), grid_fraction(q["t2"])], "m": m}


CLAIMB1_SEARCH = Adversary(
    "search over two coordinates (curvatures ≥ m, a kink, a slope, centres, the point)",
    space=Space(bounds={"m": (0.1, 5.0), "r1": (1.0, 4.0), "r2": (1.0, 4.0), "c1": (-2.0, 2.0), "c2": (-2.0, 2.0),
                        "w": (0.0, 2.0), "b": (-1.0, 1.0), "g": (-2.0, 2.0), "t1": (-1.0, 1.0), "t2": (-1.0, 1.0)},
                build=claimB1_build),
    reaches="two coordinates, a quadratic with a kink and one with a slope, on the box [−1, 1]²")

# =========================================================================== Facts E.1, E.2 (lines 618–627)
def _gamma_power(values: Instance) -> Fraction:
    """γ^{T'} with γ = 1/(1 + 2(m/M)) (line 620), exactly."""
    gamma = 1 / (1 + 2 * frac(values["m"]) / frac(values["M"]))
    return gamma ** int(frac(values["T_p"]))


def _facts_hyps(with_xi: bool):
    def ok(values: Instance) -> Decision:
        good = frac(values["m"]) > 0 and frac(values["M"]) > 0 and is_int(values["T_p"], 1)
        return holds(good and (not with_xi or frac(values["xi"]) >= 1))

    return (P("m, M > 0; T' a positive integer" + ("; ξ ≥ 1" if with_xi else ""), ok),)


def facts_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Condition ratios m/M from 1/1000 to 10, T' from its minimum 1 to 10⁴, ξ from its minimum 1 to 5 (Remark 3.6's
    range 1 ≤ ξ ≤ 4/3 and beyond)."""
    out = [{"m": m_, "M": 1, "T_p": t, "xi": x}
           for m_, t, x in itertools.product((_f(1, 1000), _f(1, 10), _f(1, 2), _f(1), _f(10)),
                                             (1, 2, 3, 10, 100, 10**4), (_f(1), _f(7, 6), _f(4, 3), _f(5)))]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


FACTS_CLASS = "m, M > 0, γ = 1/(1 + 2(m/M)), every positive integer T' (and, for Fact E.2, every ξ ≥ 1)"

THM214_CLASS = ("h convex and M-smooth on a convex, closed, bounded Θ ⊂ ℝᵈ; θ* any minimiser of h on Θ; projected GD "
                "with η_t = 1/M for T ≥ 1 steps from θ_0 ∈ Θ")
CLAIMB1_CLASS = "h m-strongly convex on a convex, closed Θ ⊂ ℝᵈ (not necessarily smooth); θ* its minimiser on Θ; θ ∈ Θ"

CLAIMS_CONVERGENCE = [
    Claim(
        id="d2d.factE.1",
        source="Fact E.1 (line 618, eq. (15) line 620)",
        kind=Kind.INEQUALITY,
        statement="for γ = 1/(1 + 2(m/M)) and every positive integer T': γ^{T'} ≤ √(M/(mT'))",
        hypotheses=_facts_hyps(False),
        bound=FACT_E1,
        quantity=_gamma_power,
        quantity_expr=GAMMA_E1**T_p,
        derivation="d2d.factE.1",
        adversaries=(Adversary("m/M from 1/1000 to 10, T' from 1 to 10⁴", generate=facts_structured,
                               reaches="the whole class on a grid: T' at its minimum 1 and up to 10⁴"),),
        theorem_class=FACTS_CLASS,
        note="Quantity: γ^{T'} exactly (a Fraction); the bound √(M/(mT')) enclosed. The middle term of eq. (15) is "
             "d2d.factE.1:bernoulli.",
    ),
    Claim(
        id="d2d.factE.1:bernoulli",
        source="Fact E.1 (line 618), eq. (15)'s first inequality (line 620)",
        kind=Kind.INEQUALITY,
        statement="for γ = 1/(1 + 2(m/M)) and every positive integer T': γ^{T'} ≤ 1/(1 + 2(m/M)T') (Bernoulli)",
        hypotheses=_facts_hyps(False),
        bound=FACT_E1_BERNOULLI,
        quantity=_gamma_power,
        quantity_expr=GAMMA_E1**T_p,
        derivation="d2d.factE.1:bernoulli",
        adversaries=(Adversary("m/M from 1/1000 to 10, T' from 1 to 10⁴", generate=facts_structured,
                               reaches="the whole class on a grid: T' at its minimum 1 (equality) and up to 10⁴"),),
        theorem_class=FACTS_CLASS,
        note="Equality at T' = 1 (proved: both sides rational).",
    ),
    Claim(
        id="d2d.factE.2",
        source="Fact E.2 (line 625, eq. (16) line 627)",
        kind=Kind.INEQUALITY,
        statement="for γ = 1/(1 + 2(m/M)), ξ ≥ 1 and every positive integer T': γ^{T'} ≤ (M/(mT'))^{1/(2ξ)}",
        hypotheses=_facts_hyps(True),
        bound=FACT_E2,
        quantity=_gamma_power,
        quantity_expr=GAMMA_E1**T_p,
        derivation="d2d.factE.2",
        adversaries=(Adversary("m/M from 1/1000 to 10, T' from 1 to 10⁴, ξ from 1 to 5", generate=facts_structured,
                               reaches="the whole class on a grid: T' and ξ at their minimum 1 and beyond"),),
        theorem_class=FACTS_CLASS,
        note="Quantity: γ^{T'} exactly; the bound enclosed. The printed chain applies Fact E.1 at ξT', an integer "
             "only for some ξ; Bernoulli's inequality holds for every real exponent ≥ 1, so the chain stands.",
    ),
    Claim(
        id="d2d.thm2.14",
        source="Theorem 2.14 (line 169; cited from [ABD17])",
        kind=Kind.ACCURACY,
        statement="h convex and M-smooth: T steps of projected GD with η = 1/M give "
                  "h(θ_T) − min_Θ h ≤ M‖θ_0 − θ*‖₂²/(2T)",
        hypotheses=_thm214_hyps(),
        bound=CONVEX_RATE_214,
        quantity=_rate214,
        adversaries=(Adversary("the PEP worst case (Huber, τ = R/(2T+1)), quadratics at and below curvature M, linear "
                               "coordinates, boundary optima, d ≤ 3", generate=thm214_structured,
                               reaches="separable quadratic, Huber and linear coordinates on boxes, d ≤ 3, T ≤ 8"),
                     THM214_SEARCH),
        derivation="d2d.thm2.14",
        theorem_class=THM214_CLASS,
        narrowed=(SEPARABLE_BOX,),
        note="Quantity: (h(θ_T) − h*)/‖θ_0 − θ*‖² exactly (Fractions). The known worst case over the whole class "
             "(Drori & Teboulle 2014, the Huber coordinate) is 2T/(4T + 2) of the bound.",
    ),
    Claim(
        id="d2d.thm2.14:control-bound-third",
        source="negative control: Theorem 2.14 with its bound divided by 3",
        kind=Kind.ACCURACY,
        statement="(wrong on purpose) h(θ_T) − min_Θ h ≤ M‖θ_0 − θ*‖₂²/(6T)",
        hypotheses=_thm214_hyps(),
        bound=CONVEX_RATE_214 / 3,
        quantity=_rate214,
        adversaries=(Adversary("the PEP worst case and the quadratics", generate=thm214_structured,
                               reaches="separable quadratic, Huber and linear coordinates on boxes, d ≤ 3, T ≤ 8"),),
        theorem_class=THM214_CLASS,
        narrowed=(SEPARABLE_BOX,),
        control=Control.NEGATIVE,
        note="The worst case MR²/(4T + 2) exceeds MR²/(6T) once T ≥ 2 (the Huber coordinate of the structured family).",
    ),
    Claim(
        id="d2d.claimB.1",
        source="Claim B.1 (line 500; proof lines 502–516)",
        kind=Kind.INEQUALITY,
        statement="h m-strongly convex on Θ, θ* = argmin_Θ h: h(θ) ≥ h(θ*) + (m/2)‖θ − θ*‖₂² for every θ ∈ Θ "
                  "(checked as ‖θ − θ*‖²/(h(θ) − h(θ*)) ≤ 2/m)",
        hypotheses=_claimB1_hyps(),
        bound=GROWTH_B1,
        quantity=_growthB1,
        adversaries=(Adversary("equality cases, boundary optima, kinks at the optimum, slopes, d ≤ 3",
                               generate=claimB1_structured,
                               reaches="separable quadratics with kinks and slopes on boxes, d ≤ 3"),
                     CLAIMB1_SEARCH),
        derivation="d2d.claimB.1",
        theorem_class=CLAIMB1_CLASS,
        narrowed=(SEPARABLE_BOX,),
        note="Quantity exact (Fractions); attained (= 2/m) at a = m with an interior optimum and no kink.",
    ),
]
