"""Instance families and adversaries of the perturbed-GD claims (Sections 3.1 and 3.2, Table 1, the introduction).

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Structured families of quadratics (thin anisotropic, isotropic,
one-dimensional with ρ = ±γ, optima on the boundary of Θ) for Theorems 3.1, 3.2 (lines 200–265), their
regularised versions for Theorems 3.4, 3.5 and Remark 3.6 (lines 279–330), the searches over them, and the
wrappers that add β (accuracy claims), raise 𝓘 to a theorem's lower bound, or cap the instance size.
Families specific to one item (Lemma 2.12, Theorem 2.13, Claim 3.3, Section 4, Appendix A, Table 1) live beside
its claims.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import sympy

from ...algorithms.parameters import ceil_exact
from ..instances import frac
from ..model import Adversary, Space
from .common import grid_fraction, pgd_instance, setup_of


def pgd_structured(kind: str) -> Callable[[np.random.Generator, int], list[dict]]:
    """Structured instances of perturbed GD.

    * ``thin``: thin anisotropic quadratics A = diag(m, M) on boxes (the contraction γ attained along e_1,
      e_2), data at extreme points ±R, update sequences alternating deletions and additions of opposite
      extreme points (the optimum swings by the full sensitivity each round), Algorithm 1 (and the
      retraining) started at the corner of Θ farthest from the optimum;
    * ``iso``: the same on isotropic quadratics with loose declared constants (m < a ≤ M), including
      optima on the boundary of Θ (data outside Θ) — where ∇f(θ*) ≠ 0;
    * ``1d``: one-dimensional versions (a = m or a = M: ρ = ±γ) — the exactly computable case of Thm 3.2.
    """

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        seqs = {
            1: [[-1, 1]],
            2: [[-1, 1], [1, -1]],
            4: [[-1, 1], [1, -1], [-1, -1], [1, 1]],
        }
        for kk, (eps, dl), I_, r in itertools.product((1, 2, 4), ((Fraction(1, 2), Fraction(1, 10**5)),
                                                                   (Fraction(1), Fraction(1, 100)),
                                                                   (Fraction(4), Fraction(1, 10**8))),
                                                       (1, 2, 4), (Fraction(1, 2), Fraction(1), Fraction(2))):
            U1 = seqs[kk]
            if kind == "thin":
                for (mm, MM) in ((1, 3), (1, 20)):
                    X = [[1, 0], [-1, 0], [0, 1], [0, -1]]
                    U = [[op, z, 0] for op, z in U1]
                    inst = pgd_instance([mm, MM], 1, [-r, -r], [r, r], X, U, [-r, -r], epsilon=eps, delta=dl, I=I_)
                    out.append(inst)
            elif kind == "iso":
                for (a, mm, MM), Rr in itertools.product(((1, Fraction(1, 2), 1), (2, 1, 4)), (1, 3)):
                    X = [[Rr, 0], [Rr, 0], [-1, 0], [0, 1]] if Rr > 1 else [[1, 0], [-1, 0], [0, 1], [0, -1]]
                    U = [[op, z * (Rr if z > 0 else 1), 0] for op, z in U1]
                    if Rr > 1:
                        U = [[-1, -1, 0], [1, Rr, 0], [-1, Rr, 0], [1, -1, 0]][:kk]
                    inst = pgd_instance([a, a], Rr, [-r, -r], [r, r], X, U, [-r, -r], epsilon=eps, delta=dl, I=I_)
                    inst["m"], inst["M"] = Fraction(mm), Fraction(MM)
                    out.append(inst)
            else:
                for (a, mm, MM), Rr in itertools.product(((1, 1, 3), (3, 1, 3), (2, 1, 2)), (1, 3)):
                    X = [[Rr], [Rr], [-1], [1]]
                    U = [[op, z if z < 0 else Rr] for op, z in U1]
                    inst = pgd_instance([a], Rr, [-r], [r], X, U, [-r], epsilon=eps, delta=dl, I=I_)
                    inst["m"], inst["M"] = Fraction(mm), Fraction(MM)
                    out.append(inst)
        if size < len(out):
            out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
        return out

    return generate


def boundary_structured(dim: int, perfect: bool = False) -> Callable[[np.random.Generator, int], list[dict]]:
    """Optima on the boundary of Θ: every data point at 2e_1 outside Θ = [−1, 1]^d, so θ* = e_1 with
    ∇f(θ*) ≠ 0; many iterations (small σ), few updates; the published noise pointing into Θ then raises
    f_D by about ‖∇f(θ*)‖·‖Z‖ ≫ (M/2)‖Z‖²."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for n0, kk, I_, bt in itertools.product((4, 8), (0, 1, 2), (10, 20, 40),
                                                 (Fraction(1, 20), Fraction(1, 1000))):
            e1 = [2] + [0] * (dim - 1)
            X = [e1] * n0
            U = [[1, *e1], [-1, *e1]][:kk]
            inst = pgd_instance([1] * dim, 2, [-1] * dim, [1] * dim, X, U, [-1] * dim, epsilon=Fraction(1),
                                delta=Fraction(1, 10**5), I=I_, beta=bt)
            inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
            out.append(inst)
        if size < len(out):
            out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
        return out

    return generate


def means_inside(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable:
    """Keep instances whose datasets' unconstrained optima (the data means) all lie in Θ (where the exact law
    of the perfect variant is the affine chain's, up to an astronomically small P(E^c))."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for inst in gen(rng, 10 * size):
            s = setup_of(inst)
            ok = True
            for X in s.datasets():
                c = [sum((row[j] for row in X), Fraction(0)) / len(X) for j in range(s.dim)]
                ok = ok and all(lo <= v <= hi for lo, v, hi in zip(s.lo, c, s.hi))
            if ok:
                out.append(inst)
        return out[:size]

    return generate


def _pgd_build(dim: int, iso: bool) -> Callable[[dict], dict]:
    def build(q: dict) -> dict:
        a = grid_fraction(q["a"])
        ratio = grid_fraction(q["ratio"])
        r = grid_fraction(q["r"])
        R = grid_fraction(q["R"])
        n0 = 4
        pts = []
        for j in range(n0):
            v = [grid_fraction(q[f"x{j}"]) * R] + [Fraction(0)] * (dim - 1)
            pts.append(v)
        U = [[-1, *pts[0]], [1, *([-pts[0][0]] + [Fraction(0)] * (dim - 1))]]
        A = [a] * dim if iso else ([a, a * ratio] if dim == 2 else [a])
        inst = pgd_instance(A, R, [-r] * dim, [r] * dim, pts, U, [-r] * dim,
                            epsilon=grid_fraction(q["epsilon"], 2**16), delta=Fraction(1, 10 ** max(1, round(q["logdelta"]))),
                            I=max(1, round(q["I"])))
        if iso or dim == 1:
            inst["m"], inst["M"] = a / ratio, a
        return inst

    return build


def pgd_search(dim: int, iso: bool) -> Adversary:
    return Adversary(f"search over {dim}-d {'isotropic' if iso else 'anisotropic'} quadratics, data, ε, δ, I",
                     space=Space(bounds={"a": (0.2, 5.0), "ratio": (1.05, 30.0), "r": (0.3, 3.0), "R": (0.5, 3.0),
                                         "x0": (-1.0, 1.0), "x1": (-1.0, 1.0), "x2": (-1.0, 1.0), "x3": (-1.0, 1.0),
                                         "epsilon": (0.05, 5.0), "logdelta": (1.0, 9.0), "I": (1.0, 6.0)},
                                 log=frozenset({"a", "ratio", "epsilon"}), build=_pgd_build(dim, iso)))


THIN = Adversary("thin anisotropic quadratics, extreme points, alternating deletions/additions, far start",
                  generate=pgd_structured("thin"))
ISO = Adversary("isotropic quadratics with loose constants, optima inside and on the boundary of Θ",
                 generate=pgd_structured("iso"))
ONE_DIM = Adversary("one-dimensional quadratics with a = m or a = M (ρ = ±γ), extreme points, swings",
                 generate=pgd_structured("1d"))


def add_beta(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable[[np.random.Generator, int], list[dict]]:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for j, inst in enumerate(gen(rng, size)):
            inst = dict(inst)
            inst["beta"] = (Fraction(1, 20), Fraction(1, 1000), Fraction(1, 2))[j % 3]
            out.append(inst)
        return out

    return generate


def capped(gen: Callable[[np.random.Generator, int], list[dict]], cap: int) -> Callable[[np.random.Generator, int], list[dict]]:
    """At most ``cap`` instances per 40 of the profile's structured size (the quick profile draws 40; thorough all)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        return gen(rng, max(1, min(size, cap * max(1, size // 40))))

    return generate


def search_with_beta(adv: Adversary) -> Adversary:
    sp = adv.space
    bounds = dict(sp.bounds)
    bounds["beta"] = (1e-4, 0.5)

    def build(q: dict) -> dict:
        inst = sp.build({k: v for k, v in q.items() if k != "beta"})
        inst["beta"] = grid_fraction(q["beta"], 2**20) or Fraction(1, 2**20)
        return inst

    return Adversary(adv.name + ", β", space=Space(bounds=bounds, log=sp.log | {"beta"}, build=build))


def with_min_I(gen: Callable[[np.random.Generator, int], list[dict]], expr: sympy.Expr) -> Callable:
    """Raise each instance's I to the theorem's lower bound ⌈I_min⌉ (+0 or +3), so it lies in the hypotheses."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for j, inst in enumerate(gen(rng, size)):
            inst = dict(inst)
            env = {k: frac(inst[k]) for k in ("M", "m", "d", "delta", "epsilon")}
            inst["I"] = max(frac(inst["I"]) if frac(inst["I"]) >= 10 else 0, ceil_exact(expr, env) + (0, 3)[j % 2])
            out.append(inst)
        return out

    return generate


def search_min_I(adv: Adversary, expr: sympy.Expr) -> Adversary:
    sp = adv.space

    def build(q: dict) -> dict:
        inst = sp.build(q)
        env = {k: frac(inst[k]) for k in ("M", "m", "d", "delta", "epsilon")}
        inst["I"] = ceil_exact(expr, env) + max(0, round(q["I"]) - 1)
        return inst

    return Adversary(adv.name + " (I from its lower bound up)", space=Space(sp.bounds, sp.log, sp.fixed, build))


def regularised_gen(gen: Callable[[np.random.Generator, int], list[dict]], cap: int, xi_: Any = None,
                 with_beta: bool = False) -> Callable[[np.random.Generator, int], list[dict]]:
    """Instances of the convex family for the regularised theorems: the instance's own m dropped (the theorem
    prescribes the regulariser), ξ set (at most two updates when ξ > 1), β varied; at most ``cap`` instances per 40
    of the profile's size (each one runs the algorithm with a float regulariser, in Fractions)."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        want = max(1, min(size, cap * max(1, size // 40)))
        out = []
        for j, inst in enumerate(gen(rng, max(want, 1))):
            inst = dict(inst)
            inst.pop("m", None)
            if xi_ is not None:
                inst["xi"] = xi_[j % len(xi_)] if isinstance(xi_, tuple) else xi_
                if frac(inst["xi"]) > 1 and len(inst["U"]) > 2:
                    inst["U"] = inst["U"][:2]  # T_i = i^{2ξ}I: four rounds would cost up to 256·I iterations
                    inst["i"] = 2
            if with_beta:
                inst["beta"] = (Fraction(1, 20), Fraction(1, 1000), Fraction(1, 2))[j % 3]
            out.append(inst)
        return out[:want]

    return generate


def search_regularised(adv: Adversary, xi_: Any = None) -> Adversary:
    sp = adv.space

    def build(q: dict) -> dict:
        inst = sp.build(q)
        inst.pop("m", None)
        if xi_ is not None:
            inst["xi"] = xi_
        return inst

    return Adversary(adv.name + " (regularised: m prescribed)", space=Space(sp.bounds, sp.log, sp.fixed, build))


def reg_small_search(iso: bool) -> Adversary:
    """A search over small 1-d instances (I ≤ 4, δ ≥ 10⁻⁶): each evaluation runs the algorithm in Fractions."""
    sp = pgd_search(1, iso).space
    bounds = dict(sp.bounds)
    bounds["I"] = (1.0, 4.0)
    bounds["logdelta"] = (1.0, 6.0)
    return Adversary(f"search over 1-d {'isotropic' if iso else ''} quadratics, data, ε, δ, I ≤ 4".replace("  ", " "),
                     space=Space(bounds, sp.log, sp.fixed, sp.build))
