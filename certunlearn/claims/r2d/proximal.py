"""Rewind-to-Delete, Section 2: Lemma 2.3 (the proximal inversion of a gradient step).

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. ``r2d.lem2.3`` (Lemma 2.3, lines 113–117; proof Appendix A, lines 321–338) and its negative
control ``r2d.lem2.3:control-step-2-over-L``: quadratic f with curvature ±L make the proximal objective exact.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import sympy
from flint import arb

from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ..hypotheses import holds, P
from ..instances import frac
from ..model import Adversary, Claim, Control, Instance, Kind, Space
from .families import quantize, subsample


# =========================================================================== Lemma 2.3 (the proximal inversion)
#: the kind of f at an instance (``fkind``; absent: separable quadratic)
SEPARABLE, MATRIX, PIECEWISE_F, LOGCOSH = 0, 1, 2, 3


def _f_and_grad(values: Instance) -> tuple[Callable, Callable]:
    """f and ∇f of the instance: separable quadratic Σ(a_i/2)y_i² + b_iy_i (``fa``, ``fb``); ½yᵀAy + bᵀy with a full
    symmetric ``fA`` (non-separable); s·Σ_k φ(y_k − c_k) for a piecewise-quadratic profile φ (``shape``, ``param``,
    sign ``fs``, centres ``fc``: exact); s·Σ_k log cosh(y_k − c_k) (``fs``, ``fc``: on arb enclosures)."""
    kind = int(frac(values.get("fkind", SEPARABLE)))
    if kind == SEPARABLE:
        a = [frac(v) for v in values["fa"]]
        b = [frac(v) for v in values["fb"]]
        return (lambda y: sum((ai * yi * yi / 2 + bi * yi for ai, bi, yi in zip(a, b, y)), Fraction(0)),
                lambda y: [ai * yi + bi for ai, bi, yi in zip(a, b, y)])
    if kind == MATRIX:
        A = [[frac(v) for v in row] for row in values["fA"]]
        b = [frac(v) for v in values["fb"]]
        Ay = lambda y: [sum((aij * yj for aij, yj in zip(row, y)), Fraction(0)) for row in A]  # noqa: E731
        return (lambda y: sum((yi * v / 2 + bi * yi for yi, v, bi in zip(y, Ay(y), b)), Fraction(0)),
                lambda y: [v + bi for v, bi in zip(Ay(y), b)])
    sgn = frac(values["fs"])
    c = [frac(v) for v in values["fc"]]
    if kind == PIECEWISE_F:
        from ...problems.r2d_piecewise import PROFILES

        phi = PROFILES[int(frac(values["shape"]))][1](frac(values["param"]))
        dphi = phi.derivative()
        return (lambda y: sgn * sum((phi(yi - ci) for yi, ci in zip(y, c)), Fraction(0)),
                lambda y: [sgn * dphi(yi - ci) for yi, ci in zip(y, c)])
    if kind == LOGCOSH:
        s_ = to_arb(sgn)
        return (lambda y: s_ * sum(((yi - to_arb(ci)).cosh().log() for yi, ci in zip(y, c)), arb(0)),
                lambda y: [s_ * (yi - to_arb(ci)).tanh() for yi, ci in zip(y, c)])
    raise ValueError(f"unknown fkind {kind}")


def _prox_parts(values: Instance):
    f, grad = _f_and_grad(values)
    exact = int(frac(values.get("fkind", SEPARABLE))) != LOGCOSH
    num = frac if exact else (lambda v: to_arb(frac(v)))  # noqa: E731  (log cosh: every number an enclosure)
    th = [num(v) for v in values["theta"]]
    x = [num(v) for v in values["probe"]]
    e = num(values["eta"])
    nxt = [ti - e * gi for ti, gi in zip(th, grad(th))]  # θ_{t+1} = θ_t − η∇f(θ_t), eq. (1)

    def F(y):  # −f(y) + ‖y − θ_{t+1}‖²/(2η), the proximal objective of −f at θ_{t+1}
        return -f(y) + sum(((yi - ni) * (yi - ni) for yi, ni in zip(y, nxt)), num(0)) / (2 * e)

    return F, th, x


def prox_gap(values: Instance) -> arb:
    """F(θ_t) − F(x) for the proximal objective F(y) = −f(y) + ‖y − θ_{t+1}‖²/(2η) at a probe point x, with
    θ_{t+1} = θ_t − η∇f(θ_t) (:func:`_f_and_grad`), exactly (on enclosures for log cosh). The lemma
    (θ_t = prox_{−f,η}(θ_{t+1}) = argmin F) says this is ≤ 0 for every x: evaluating F needs no proximal solve."""
    F, th, x = _prox_parts(values)
    return to_arb(F(th) - F(x))


def _smoothness_ok(values: Instance, l_: Fraction) -> bool:
    """f is l_-smooth, exactly: |a_i| ≤ L; ‖A‖₂ ≤ L (LI ∓ A ⪰ 0, exact elimination); |s|·max|φ''| ≤ L; |s| ≤ L
    (sup |(log cosh)''| = sup sech² = 1)."""
    kind = int(frac(values.get("fkind", SEPARABLE)))
    if kind == SEPARABLE:
        return all(abs(frac(ai)) <= l_ for ai in values["fa"])
    if kind == MATRIX:
        from ...problems.losses import psd_exact

        A = [[frac(v) for v in row] for row in values["fA"]]
        d = len(A)
        return all(psd_exact([[(l_ if i == j else 0) + sg * A[i][j] for j in range(d)] for i in range(d)])
                   for sg in (1, -1))
    sgn = abs(frac(values["fs"]))
    if kind == PIECEWISE_F:
        from ...problems.r2d_piecewise import PROFILES

        phi = PROFILES[int(frac(values["shape"]))][1](frac(values["param"]))
        return sgn * max(abs(2 * p[2]) if len(p) > 2 else Fraction(0) for p in phi.pieces) <= l_
    return sgn <= l_


def _prox_ok(strict_step: Fraction) -> Callable[[Instance], Decision]:
    def ok(values: Instance) -> Decision:
        l_, e = frac(values["L"]), frac(values["eta"])
        keys = [k for k in ("fa", "fb", "fA", "fc", "theta", "probe") if k in values]
        dims = {len(values[k]) for k in keys}
        return holds(len(dims) == 1 and l_ > 0 and e > 0 and _smoothness_ok(values, l_) and e * l_ < strict_step)

    return ok


def _prox_wide(rng: np.random.Generator, size: int) -> list[dict]:
    """Beyond separable quadratics: ½yᵀAy + bᵀy with non-diagonal A in d = 2 (a reflection, eigenvalues ±L, and a
    rank-one ±L·uuᵀ, u = (1, 1)/√2), Huber, concave Huber and the non-convex dip (s = ±1, L = max|φ''|, exact), and
    ±L·log cosh (on enclosures); η from 1/(10L) to just below 2/L (the control's range), probes near and far along
    and across the curvature directions."""
    out = []
    L_ = Fraction(2)
    fs: list[dict] = [{"fkind": MATRIX, "fA": [[L_ * 3 / 5, L_ * 4 / 5], [L_ * 4 / 5, -L_ * 3 / 5]]},
                      {"fkind": MATRIX, "fA": [[L_ / 2, L_ / 2], [L_ / 2, L_ / 2]]},
                      {"fkind": MATRIX, "fA": [[-L_ / 2, -L_ / 2], [-L_ / 2, -L_ / 2]]}]
    for shape, param, sg in ((0, 1 / L_, 1), (1, 1 / L_, 1), (2, Fraction(1, 2), 2), (2, Fraction(1, 4), -2)):
        fs.append({"fkind": PIECEWISE_F, "shape": shape, "param": param, "fs": Fraction(sg)})
    fs += [{"fkind": LOGCOSH, "fs": L_}, {"fkind": LOGCOSH, "fs": -L_}]
    for f, etaL, (dx, dy) in itertools.product(fs, (Fraction(1, 10), Fraction(99, 100), Fraction(3, 2),
                                                    Fraction(199, 100)),
                                               ((Fraction(1, 100), Fraction(0)), (Fraction(1), Fraction(1)),
                                                (Fraction(10**3), Fraction(-10**3)), (Fraction(2, 5), Fraction(-1, 5)))):
        th = [Fraction(1, 3), Fraction(-1, 7)]
        inst = {**f, "theta": th, "probe": [th[0] + dx, th[1] + dy], "eta": etaL / L_, "L": L_}
        if f["fkind"] == MATRIX:
            inst["fb"] = [Fraction(-1, 2), Fraction(1, 4)]
        else:
            inst["fc"] = [Fraction(1, 2), Fraction(-3, 2)]
        out.append(inst)
    return subsample(out, rng, size)


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
        hypotheses=(P("f L-smooth (separable or full quadratic, piecewise quadratic, log cosh; decided exactly); "
                      "0 < η < 1/L (exact)", _prox_ok(Fraction(1))),),
        bound=sympy.S.Zero,
        quantity=prox_gap,
        adversaries=(Adversary("curvature ±L, η up to 1/L, near and far probes, d ∈ {1, 2}", generate=_prox_family),
                     LEM23_SEARCH,
                     Adversary("non-separable quadratics (d = 2), Huber, concave Huber, the non-convex dip, ±L log cosh",
                               generate=_prox_wide)),
        derivation="r2d.lem2.3",
        note="Quantity F(θ_t) − F(x) at a probe x (≤ 0 iff θ_t minimises F there); 0 at x = θ_t. Quadratic f "
             "make it exact; their curvature ±L is the extreme that Lemma A.1 allows.",
    ),
    Claim(
        id="r2d.lem2.3:control-step-2-over-L",
        source="negative control: Lemma 2.3 with η < 2/L (the gradient-descent range) instead of η < 1/L",
        kind=Kind.INEQUALITY,
        statement="(wrong on purpose) θ_t = prox_{−f,η}(θ_{t+1}) for every η < 2/L",
        hypotheses=(P("f L-smooth (as Lemma 2.3's); 0 < η < 2/L (exact)", _prox_ok(Fraction(2))),),
        bound=sympy.S.Zero,
        quantity=prox_gap,
        adversaries=(Adversary("curvature ±L, η up to 2/L, near and far probes, d ∈ {1, 2}", generate=_prox_family),
                     Adversary("non-separable quadratics (d = 2), Huber, concave Huber, the non-convex dip, ±L log cosh",
                               generate=_prox_wide)),
        control=Control.NEGATIVE,
        note="For η > 1/L and curvature +L the proximal objective is concave: far probes beat θ_t.",
    ),
]
