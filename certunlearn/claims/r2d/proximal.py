"""Rewind-to-Delete, Section 2: Lemma 2.3 (the proximal inversion of a gradient step).

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. ``r2d.lem2.3`` (Lemma 2.3, lines 113–117; proof Appendix A, lines 321–338) and its negative
control ``r2d.lem2.3:control-step-2-over-L``: quadratic f with curvature ±L make the proximal objective exact.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import sympy
from flint import arb

from ...numeric.enclosure import Decision, to_arb
from ..hypotheses import holds, P
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind, Space
from .families import quantize, subsample
from .quantities import sq_norm


# =========================================================================== Lemma 2.3 (the proximal inversion)
def _prox_parts(values: Instance):
    a = [frac(v) for v in values["fa"]]
    b = [frac(v) for v in values["fb"]]
    th = [frac(v) for v in values["theta"]]
    x = [frac(v) for v in values["probe"]]
    e = frac(values["eta"])
    grad = [ai * ti + bi for ai, bi, ti in zip(a, b, th)]
    nxt = [ti - e * gi for ti, gi in zip(th, grad)]  # θ_{t+1} = θ_t − η∇f(θ_t), eq. (1)

    def F(y):  # −f(y) + ‖y − θ_{t+1}‖²/(2η), the proximal objective of −f at θ_{t+1}
        f = sum((ai * yi * yi / 2 + bi * yi for ai, bi, yi in zip(a, b, y)), Fraction(0))
        return -f + sq_norm([yi - ni for yi, ni in zip(y, nxt)]) / (2 * e)

    return F, th, x


def prox_gap(values: Instance) -> arb:
    """F(θ_t) − F(x) for the proximal objective F(y) = −f(y) + ‖y − θ_{t+1}‖²/(2η) at a probe point x, with
    θ_{t+1} = θ_t − η∇f(θ_t) and f(y) = Σ_i (a_i/2)y_i² + b_i y_i (L-smooth: |a_i| ≤ L), exactly. The lemma
    (θ_t = prox_{−f,η}(θ_{t+1}) = argmin F) says this is ≤ 0 for every x."""
    F, th, x = _prox_parts(values)
    return to_arb(F(th) - F(x))


def _prox_ok(strict_step: Fraction) -> Callable[[Instance], Decision]:
    def ok(values: Instance) -> Decision:
        a = [frac(v) for v in values["fa"]]
        l_, e = frac(values["L"]), frac(values["eta"])
        dims = {len(values[k]) for k in ("fa", "fb", "theta", "probe")}
        return holds(len(dims) == 1 and l_ > 0 and e > 0 and all(abs(ai) <= l_ for ai in a)
                      and e * l_ < strict_step)

    return ok


def _prox_family(rng: np.random.Generator, size: int) -> list[dict]:
    """f with curvature +L (the regularised objective is flattest) or −L, η from 1/(10L) to just below 1/L (and,
    for the control, up to just below 2/L), probes near and far, in 1 and 2 dimensions."""
    out = []
    for a_, etaL, dist, dim in itertools.product(
            (Fraction(1), Fraction(-1), Fraction(1, 3)), (Fraction(1, 10), Fraction(99, 100), Fraction(3, 2),
                                                         Fraction(199, 100)),
            (Fraction(1, 100), Fraction(1), Fraction(10**3)), (1, 2)):
        L_ = Fraction(2)
        th = [Fraction(1, 3)] * dim
        out.append({"fa": [a_ * L_] * dim, "fb": [Fraction(-1, 2)] * dim, "theta": th,
                    "probe": [t_ + dist for t_ in th], "eta": etaL / L_, "L": L_})
    return subsample(out, rng, size)


LEM23_SEARCH = Adversary(
    "search over (curvature/L, ηL, probe offset)",
    space=Space(bounds={"a": (-1.0, 1.0), "etaL": (0.01, 0.999), "off": (-100.0, 100.0), "b": (-5.0, 5.0)},
                build=lambda q: {"fa": [quantize(q["a"]) * 2], "fb": [quantize(q["b"])], "theta": [Fraction(1, 3)],
                                 "probe": [Fraction(1, 3) + quantize(q["off"])], "eta": quantize(q["etaL"]) / 2 or Fraction(1, 2**21),
                                 "L": Fraction(2)}),
)




CLAIMS_23 = [
    Claim(
        id="r2d.lem2.3",
        source="Lemma 2.3 (lines 113–117; proof Appendix A, lines 321–338)",
        kind=Kind.INEQUALITY,
        statement="f continuously differentiable (L-smooth), θ_t = θ_{t+1} + η∇f(θ_t) as in (2), η < 1/L: "
                  "θ_t = prox_{−f,η}(θ_{t+1}) = argmin_x {−f(x) + ‖x − θ_{t+1}‖²/(2η)}",
        hypotheses=(P("f(y) = Σ(a_i/2)y_i² + b_iy_i with |a_i| ≤ L; 0 < η < 1/L (exact)", _prox_ok(Fraction(1))),),
        bound=sympy.S.Zero,
        quantity=prox_gap,
        adversaries=(Adversary("curvature ±L, η up to 1/L, near and far probes, d ∈ {1, 2}", generate=_prox_family),
                     LEM23_SEARCH),
        derivation="r2d.lem2.3",
        note="Quantity F(θ_t) − F(x) at a probe x (≤ 0 iff θ_t minimises F there); 0 at x = θ_t. Quadratic f "
             "make it exact; their curvature ±L is the extreme that Lemma A.1 allows.",
    ),
    Claim(
        id="r2d.lem2.3:control-step-2-over-L",
        source="negative control: Lemma 2.3 with η < 2/L (the gradient-descent range) instead of η < 1/L",
        kind=Kind.INEQUALITY,
        statement="(wrong on purpose) θ_t = prox_{−f,η}(θ_{t+1}) for every η < 2/L",
        hypotheses=(P("f quadratic with |a_i| ≤ L; 0 < η < 2/L (exact)", _prox_ok(Fraction(2))),),
        bound=sympy.S.Zero,
        quantity=prox_gap,
        adversaries=(Adversary("curvature ±L, η up to 2/L, near and far probes, d ∈ {1, 2}", generate=_prox_family),),
        control=Control.NEGATIVE,
        note="For η > 1/L and curvature +L the proximal objective is concave: far probes beat θ_t.",
    ),
]
