"""The regret theorems over their whole loss class with no deletions (k = 0): Algorithm 1 is then projected OGD with
no noise, deterministic, and its regret is evaluated exactly for losses beyond one-Hessian quadratics (issue 23).

Paper file ``papers/000_8245766a2c9b0ba6.txt``: Algorithm 1 (lines 115–136), eq. (5) (line 99), Theorems 2 (lines
185–193), 3 (lines 202–208), 5 (lines 245–249), Corollary 7 (lines 659–670), Table 1 (lines 163–168). At k = 0 every
deletion hypothesis (u[i] ≥ …, Assumption 1 on Σ_{t≤τ[i]} f_t, the G terms) is vacuous, so the class is: convex,
L-Lipschitz, β-smooth losses (μ-strongly convex for Theorem 2 and Corollary 7) on a convex K of diameter D, z_1 ∈ K.

**Instances** (``family`` = 2, ``GENERAL``): ``loss`` 0 — linear f_t(z) = √c·⟨x_t, z⟩ (``c`` a positive rational, 1 by
default: √2-scaled gradients such as the issue's Theorem 5 example stay exact), β-smooth for every β; ``loss`` 1 —
quadratics f_t(z) = ½Σ_k H_{t,k}(z_k − x_{t,k})² with a Hessian ``H`` row and a centre x_t **per round**, anywhere
(isotropic rows on a ball); ``loss`` 2 — ridge + Huber on a box, f_t(z) = Σ_k ½H_{t,k}(z_k − x_{t,k})² +
a_t·hub_δ(z_k − y_{t,k}) (``Y``, ``A``, ``delta``; not quadratic; exact throughout with the rational steps 1/(μt):
:mod:`.general_huber`); ``loss`` 3 — composite, ½(z − x_t)ᵀQ_t(z − x_t) + a_t·φ(⟨v_t, z⟩ − o_t) with a full Hessian
Q_t and φ logistic or Huber (``Q``, ``V``, ``off``, ``A``, ``phi``, ``delta``: :mod:`.general_composite`; its
Lipschitz hypothesis is an upper bound decided on enclosures, TRUE or undecided, never FALSE). ``K`` 0 — the ball of diameter D centred at 0; ``K`` 1 — the box [−b, b]^d with
4b²d ≤ D². Every hypothesis is decided exactly on the instance (:data:`GENERAL_HYPS`): L-Lipschitz on K
(linear: c‖x_t‖² ≤ L²; box quadratics: Σ_k H²·max((b − x)², (b + x)²) ≤ L², the exact maximum of ‖∇f_t‖² over the
box; ball quadratics h_t I: h_t(R + ‖x_t‖) ≤ L), β-smooth (H ≤ β), convex (H ≥ 0) or μ-strongly convex (H ≥ μ).

**Regret** (:func:`general_regret`): the iterates w_t = Π_K(w_{t−1} − η_t∇f_t(w_{t−1})) on arb balls (Π_K is the
rigorous projection of :mod:`certunlearn.algorithms.olu.printed`), Σ_t f_t(w_{t−1}) minus min_K Σ_t f_t, exact:
linear on a ball −R√c‖Σx_t‖, on a box −b√cΣ_k|Σ_t x_{t,k}|; quadratics on a box clip the per-coordinate minimiser
Σ_t H_{t,k}x_{t,k}/Σ_t H_{t,k} (separable); isotropic quadratics on a ball are ½S‖z − m‖² + const with S = Σh_t, so
the minimiser is the projection of m onto the ball; for the composite losses min_K Σ_t f_t has no closed form and
is enclosed by the gradient-mapping certificate (:func:`certunlearn.problems.min_enclosure.min_enclosure`).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from flint import arb

from ...algorithms import olu as A
from ...algorithms.olu import printed as Pr
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import P
from ..instances import frac
from ..model import Hypothesis, Instance
from . import general_composite as Co
from . import general_huber as Hu
from .quantities import arb_etas, sq

GENERAL = 2
LINEAR_LOSS, QUADRATIC_LOSS, HUBER_LOSS, COMPOSITE_LOSS = 0, 1, 2, 3
BALL, BOX = 0, 1

__all__ = ["GENERAL", "LINEAR_LOSS", "QUADRATIC_LOSS", "HUBER_LOSS", "COMPOSITE_LOSS", "BALL", "BOX", "is_general", "general_instance",
           "general_regret", "domain", "general_hypotheses", "only_general", "only_classic"]


def is_general(values: Instance) -> bool:
    return int(frac(values["family"])) == GENERAL


def _rows(values: Instance, key: str) -> list[list[Fraction]]:
    return [[frac(x) for x in r] for r in values[key]]


def general_instance(loss: int, X, z1, *, K: int = BALL, H=None, c=Fraction(1), b=None, L, D, mu=Fraction(1),
                     beta=Fraction(1), eps=Fraction(1), **extra: Any) -> dict:
    """A k = 0 instance of the general family with every entry the regret bounds read (k = 0, S₁ = S₂ = 0, κ = 1)."""
    X = [[Fraction(x) for x in r] for r in X]
    inst = {"family": GENERAL, "loss": loss, "K": K, "X": X, "z1": [Fraction(z) for z in z1], "c": Fraction(c),
            "tau": [], "u": [], "T": len(X), "k": 0, "d": len(X[0]), "L": Fraction(L), "D": Fraction(D),
            "mu": Fraction(mu), "beta": Fraction(beta), "kappa": Fraction(1), "epsilon": Fraction(eps),
            "omega": Fraction(6, 5), "alpha": Fraction(2), "S_1": Fraction(0), "S_2": Fraction(0), **extra}
    if H is not None:
        inst["H"] = [[Fraction(h) for h in r] for r in H]
    if b is not None:
        inst["b"] = Fraction(b)
    return inst


# ---------------------------------------------------------------------------------------------- hypotheses
def _shape_ok(values: Instance) -> bool:
    X, z1 = _rows(values, "X"), [frac(z) for z in values["z1"]]
    d, loss, K = len(z1), int(frac(values["loss"])), int(frac(values["K"]))
    if not X or any(len(r) != d for r in X) or values["tau"] or values["u"] or loss not in (0, 1, 2, 3) or K not in (0, 1):
        return False
    if loss == HUBER_LOSS and (K != BOX or len(_rows(values, "Y")) != len(X) or any(len(r) != d for r in values["Y"])
                               or len(values["A"]) != len(X) or any(frac(a) < 0 for a in values["A"])
                               or frac(values["delta"]) <= 0):
        return False
    if loss == COMPOSITE_LOSS and not Co.shape_ok(values, d):
        return False
    if frac(values["k"]) != 0 or frac(values["T"]) != len(X) or frac(values["d"]) != d or frac(values["c"]) <= 0:
        return False
    if loss in (QUADRATIC_LOSS, HUBER_LOSS):
        H = _rows(values, "H")
        if len(H) != len(X) or any(len(r) != d for r in H) or (K == BALL and any(len(set(r)) != 1 for r in H)):
            return False
    return True


def _in_k(values: Instance) -> bool:
    """K has diameter ≤ D and z_1 ∈ K (exact)."""
    z1, D2 = [frac(z) for z in values["z1"]], frac(values["D"]) ** 2
    if int(frac(values["K"])) == BALL:
        return sq(z1) * 4 <= D2
    b = frac(values["b"])
    return b > 0 and 4 * b * b * len(z1) <= D2 and all(abs(z) <= b for z in z1)


def _lipschitz(values: Instance) -> bool | Decision:
    """max over K of ‖∇f_t‖ ≤ L for every t, exactly (see the module docstring); for the composite losses an upper
    bound decided on enclosures (:func:`.general_composite.lipschitz_decision`: TRUE or UNDECIDED)."""
    L, X = frac(values["L"]), _rows(values, "X")
    if L <= 0:
        return False  # the steps D/(L√t) and √(2D²/(TL²)) need L > 0
    if int(frac(values["loss"])) == COMPOSITE_LOSS:
        return Co.lipschitz_decision(values)
    if int(frac(values["loss"])) == LINEAR_LOSS:
        return all(frac(values["c"]) * sq(x) <= L * L for x in X)
    H = _rows(values, "H")
    if int(frac(values["loss"])) == HUBER_LOSS:
        b, delta = frac(values["b"]), frac(values["delta"])
        return all(Hu.max_grad_norm2(hr, x, y, frac(a), delta, b) <= L * L
                   for hr, x, y, a in zip(H, X, _rows(values, "Y"), values["A"]))
    if int(frac(values["K"])) == BOX:
        b = frac(values["b"])
        return all(sum((h * h * max((b - xk) ** 2, (b + xk) ** 2) for h, xk in zip(hr, x)), Fraction(0)) <= L * L
                   for hr, x in zip(H, X))
    R = frac(values["D"]) / 2
    return all(hr[0] * R <= L and hr[0] ** 2 * sq(x) <= (L - hr[0] * R) ** 2 for hr, x in zip(H, X))


def _curvature(lo: Callable[[Instance], Fraction], linear_ok: bool) -> Callable[[Instance], bool]:
    def ok(values: Instance) -> bool:
        if int(frac(values["loss"])) == LINEAR_LOSS:
            return linear_ok
        if int(frac(values["loss"])) == COMPOSITE_LOSS:
            return Co.curvature_ok(values, lo(values))
        extra = [Fraction(0)] * len(values["X"])
        if int(frac(values["loss"])) == HUBER_LOSS:  # hub_δ'' ≤ 1/δ: f_t is (H + a_t/δ)-smooth
            extra = [frac(a) / frac(values["delta"]) for a in values["A"]]
        return all(lo(values) <= h and h + e <= frac(values["beta"]) for r, e in zip(_rows(values, "H"), extra) for h in r)

    return ok


def _general(name: str, fn: Callable[[Instance], bool | Decision]) -> Hypothesis:
    """A hypothesis of the general family, decided exactly (or on enclosures where ``fn`` returns a Decision); TRUE
    for the classic (quadratic-stream) instances."""

    def decide(v: Instance) -> Decision:
        if not is_general(v):
            return Decision.TRUE
        out = fn(v)
        return out if isinstance(out, Decision) else Decision.TRUE if out else Decision.FALSE

    return P(f"(k = 0, general losses) {name}", decide)


def general_hypotheses(strongly_convex: bool) -> tuple[Hypothesis, ...]:
    """The theorem's class at k = 0, decided exactly on the instance."""
    curv = (_curvature(lambda v: frac(v["mu"]), False) if strongly_convex
            else _curvature(lambda v: Fraction(0), True))
    return (
        _general("no deletions; T, d are the stream's; rows well formed (isotropic Hessians on a ball)", _shape_ok),
        _general("K a ball of diameter D or a box [−b, b]^d with 4b²d ≤ D²; z_1 ∈ K", _in_k),
        _general("L > 0 and every f_t L-Lipschitz on K (exact maximum of ‖∇f_t‖ over K)", _lipschitz),
        _general("μ ≤ H_{t,k}, H_{t,k} + a_t/δ ≤ β (μ-strongly convex, β-smooth; a_t = 0 but for ridge + Huber)"
                 if strongly_convex
                 else "0 ≤ H_{t,k} ≤ β (convex, β-smooth; linear losses are β-smooth for every β)", curv),
    )


def only_classic(h: Hypothesis) -> Hypothesis:
    """``h`` for the quadratic-stream instances of :mod:`.regret`; TRUE for the general family (whose own hypotheses
    are :func:`general_hypotheses`)."""
    return P(h.name, lambda v: Decision.TRUE if is_general(v) else h.decide(v))


def only_general(quantity: Callable[[Instance], Any], kind: str) -> Callable[[Instance], Any]:
    """The claim's quantity: :func:`general_regret` on the general family, ``quantity`` otherwise."""

    def q(values: Instance) -> Any:
        return general_regret(values, kind) if is_general(values) else quantity(values)

    return q


# ---------------------------------------------------------------------------------------------- regret
def domain(values: Instance) -> Pr.Ball | Pr.Box:
    """K as arb data: the ball of diameter D centred at 0 or the box [−b, b]^d."""
    d = len(values["z1"])
    if int(frac(values["K"])) == BALL:
        return Pr.Ball(tuple(arb(0) for _ in range(d)), to_arb(values["D"]) / 2)
    b = to_arb(values["b"])
    return Pr.Box(tuple(-b for _ in range(d)), tuple(b for _ in range(d)))


def _comparator_value(values: Instance) -> arb:
    """min over K of Σ_t f_t, exactly (module docstring)."""
    X, K = _rows(values, "X"), int(frac(values["K"]))
    d = len(X[0])
    if int(frac(values["loss"])) == LINEAR_LOSS:
        G = [sum((x[k] for x in X), Fraction(0)) for k in range(d)]
        s = to_arb(values["c"]).sqrt()
        if K == BALL:
            return -(to_arb(values["D"]) / 2) * s * to_arb(sq(G)).sqrt()
        return -to_arb(frac(values["b"]) * sum((abs(g) for g in G), Fraction(0))) * s
    H = _rows(values, "H")
    S = [sum((h[k] for h in H), Fraction(0)) for k in range(d)]
    # a coordinate without curvature in any round contributes 0 wherever z is: its minimiser is taken at 0
    m = [sum((h[k] * x[k] for h, x in zip(H, X)), Fraction(0)) / S[k] if S[k] else Fraction(0) for k in range(d)]

    def total(z: list) -> Any:
        return sum((h[k] * A.square(z[k] - x[k]) for h, x in zip(H, X) for k in range(d)), 0 * z[0]) / 2

    if K == BOX:
        b = frac(values["b"])
        return to_arb(total([min(max(mk, -b), b) for mk in m]))
    R2 = frac(values["D"]) ** 2 / 4
    if sq(m) <= R2:
        return to_arb(total(m))
    # isotropic: Σ f_t = ½S‖z − m‖² + (Σ f_t(m)); the minimiser over the ball is R·m/‖m‖
    nm = to_arb(sq(m)).sqrt()
    return to_arb(S[0]) * A.square(nm - to_arb(R2).sqrt()) / 2 + to_arb(total(m))


def general_regret(values: Instance, kind: str) -> arb:
    """Σ_t f_t(w_{t−1}) − min_K Σ_t f_t for projected OGD with the claim's steps ``kind`` (no noise: k = 0)."""
    X, loss = _rows(values, "X"), int(frac(values["loss"]))
    if loss == HUBER_LOSS:
        if kind != "sc":
            raise ValueError("ridge + Huber instances are built for the rational steps η_t = 1/(μt) only")
        mu_ = frac(values["mu"])
        # computed exactly, returned enclosed at the working precision: these instances are never at equality with a
        # bound (at most L²H_T/(2μ), half of it), and an exact rational would send the checker's symbolic equality
        # prover after log T on rationals with 2⁶⁰ denominators
        return to_arb(Hu.projected_ogd_regret([frac(z) for z in values["z1"]], _rows(values, "H"), X, _rows(values, "Y"),
                                       [frac(a) for a in values["A"]], frac(values["delta"]), frac(values["b"]),
                                       [1 / (mu_ * t) for t in range(1, len(X) + 1)]))
    etas = arb_etas(values, kind)
    K = domain(values)
    if loss == COMPOSITE_LOSS:
        out = Co.composite_regret(values, K, etas)
        if out.is_nan():
            raise ArithmeticError("nan in the regret")
        return out
    s = to_arb(values["c"]).sqrt()
    H = _rows(values, "H") if loss == QUADRATIC_LOSS else None
    w = [to_arb(z) for z in values["z1"]]
    total = arb(0)
    for t, x in enumerate(X):
        xa = [to_arb(v) for v in x]
        if loss == LINEAR_LOSS:
            total += s * sum((a * b for a, b in zip(xa, w)), arb(0))
            g = [s * a for a in xa]
        else:
            h = [to_arb(v) for v in H[t]]
            total += sum((hk * A.square(wk - xk) for hk, wk, xk in zip(h, w, xa)), arb(0)) / 2
            g = [hk * (wk - xk) for hk, wk, xk in zip(h, w, xa)]
        w = list(K.project([wk - etas[t] * gk for wk, gk in zip(w, g)]))
    out = total - _comparator_value(values)
    if out.is_nan():
        raise ArithmeticError("nan in the regret")
    return out


def unit(s: Fraction) -> tuple[Fraction, Fraction]:
    """The rational point ((1 − s²)/(1 + s²), 2s/(1 + s²)) of the unit circle."""
    return (1 - s * s) / (1 + s * s), 2 * s / (1 + s * s)


def unit_of_angle(theta: float, denominator: int = 10**6) -> tuple[Fraction, Fraction]:
    """A rational point of the unit circle near angle θ (through s = tan(θ/2), rationalised)."""
    th = math.remainder(theta, 2 * math.pi)
    if abs(abs(th) - math.pi) < 1e-9:
        return Fraction(-1), Fraction(0)
    return unit(Fraction(math.tan(th / 2)).limit_denominator(denominator))
