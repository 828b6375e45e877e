"""Instance families and adversaries of the d2d claims: the structured instances and the searches of every item.

Paper file: ``papers/002_7f80bf4846a5a6af.txt``. Structured families of quadratics (thin anisotropic, isotropic,
one-dimensional with ρ = ±γ, optima on the boundary of Θ) for Theorems 3.1, 3.2 (lines 200–265), their
regularised versions for Theorems 3.4, 3.5 and Remark 3.6 (lines 279–330), and the wrappers that add β (accuracy
claims), raise 𝓘 to a theorem's lower bound, or cap the instance size; the extreme instances and searches of
Lemma 2.12 (line 153), Theorem 2.13 (line 165), Appendix A (Lemmas A.2, A.3, A.5, lines 476–495), the
introduction's (2ε, 2δ) statement (line 74), Lemmas 4.2 and 4.3 (lines 358–375) and Table 1 (lines 60–71).
Claim 3.3's family (the regularised g of one instance) and Theorem 4.5's (whose instances carry Theorem 4.4's
exact V) stay beside their claims, in :mod:`.regularised` and :mod:`.distributed`.
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import sympy

from ...algorithms.parameters import ceil_exact
from ...errors import CertunlearnError
from ...numeric.fraction import Fraction
from ..instances import frac
from ..model import Adversary, Space
from ...formulas.d2d import I_MIN_32
from .common import datasets_of, grid_fraction, pgd_instance, setup_of


# =========================================================================== perturbed GD (Theorems 3.1, 3.2, 3.4, 3.5, Remark 3.6)
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
    """Keep instances whose datasets' unconstrained optima (the data means) all lie in Θ: the family of Theorem 3.2's
    accuracy claims, whose printed α assumes an interior optimum (the laws themselves are computed for any optimum,
    :mod:`certunlearn.algorithms.d2d.projected_law`)."""

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


# =========================================================================== Lemma 2.12 (sensitivity, line 153)
def lem212_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Extreme points of the data domain: n points at ±R, the update removes (or adds) an extreme point;
    Θ = [−r, r] with r around R (r = R makes the lemma's factor-2 slack exact: tightness 1/2); 2-d thin
    anisotropic quadratics on boxes; additions and deletions."""
    out = []
    for n0, r, a, op in itertools.product((2, 3, 5), (Fraction(1, 2), Fraction(1), Fraction(2)), (1, 3), (-1, 1)):
        X = [[1]] + [[-1]] * (n0 - 1) if n0 > 2 else [[1], [-1]]
        z = [-1] if op == -1 else [1]
        out.append(pgd_instance([a], 1, [-r], [r], X, [[op, *z]], [0]))
    for n0, (a1, a2), op in itertools.product((2, 4), ((1, 4), (1, 16), (2, 3)), (-1, 1)):
        X = [[1, 0], [0, 1]] + [[-1, 0]] * (n0 - 2)
        z = [1, 0] if op == -1 else [-1, 0]
        out.append(pgd_instance([a1, a2], 1, [-1, -1], [1, 1], X, [[op, *z]], [0, 0]))
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def lem212_build(q: dict) -> dict:
    r = grid_fraction(q["r"])
    pts = [[grid_fraction(q[f"x{j}"])] for j in range(3)]
    z = [grid_fraction(q["z"])]
    op = 1 if q["op"] > 0 else -1
    U = [[op, *z]] if op == 1 else [[-1, *pts[0]]]
    return pgd_instance([grid_fraction(q["a"])], 1, [-r], [r], pts, U, [0])


LEM212_SEARCH = Adversary("search over 1-d quadratics: curvature, Θ = [−r, r], three points, the update", space=Space(
    bounds={"a": (0.1, 10.0), "r": (0.1, 3.0), "x0": (-1.0, 1.0), "x1": (-1.0, 1.0), "x2": (-1.0, 1.0),
            "z": (-1.0, 1.0), "op": (-1.0, 1.0)}, log=frozenset({"a"}), build=lem212_build))


# =========================================================================== Theorem 2.13 (contraction, line 165)
def thm213_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Thin anisotropic quadratics A = diag(m, M) on boxes: θ_0 − θ* along an eigenvector (the contraction
    |1 − ηλ| = γ is attained exactly while the projection is inactive), mixed directions, boundary optima
    (the projection active), and far starting corners."""
    out = []
    for (mm, MM), T_, start in itertools.product(((1, 2), (1, 10), (1, 100), (3, 5)), (1, 2, 5),
                                                  ("e1", "e2", "mix", "corner")):
        A = [mm, MM]
        X = [[Fraction(1, 4), Fraction(-1, 4)]]
        th0 = {"e1": [1, Fraction(-1, 4)], "e2": [Fraction(1, 4), 1], "mix": [-1, 1], "corner": [-1, -1]}[start]
        out.append({"A": A, "R": 1, "lo": [-1, -1], "hi": [1, 1], "X": X, "U": [], "theta0": th0, "T": T_,
                    "m": mm, "M": MM})
    for (mm, MM), T_ in itertools.product(((1, 3), (1, 50)), (1, 3)):
        # optimum outside Θ: θ* on the boundary, the projection active at every step
        out.append({"A": [mm, MM], "R": 5, "lo": [-1, -1], "hi": [1, 1], "X": [[3, 3]], "U": [], "theta0": [-1, -1],
                    "T": T_, "m": mm, "M": MM})
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def thm213_build(q: dict) -> dict:
    mm = grid_fraction(q["m"])
    MM = mm * grid_fraction(q["ratio"])
    a1 = mm + (MM - mm) * grid_fraction(q["s1"])
    a2 = mm + (MM - mm) * grid_fraction(q["s2"])
    return {"A": [a1, a2], "R": 4, "lo": [-1, -1], "hi": [1, 1], "X": [[grid_fraction(q["x1"]), grid_fraction(q["x2"])]], "U": [],
            "theta0": [grid_fraction(q["t1"]), grid_fraction(q["t2"])], "T": max(1, round(q["T"])), "m": mm, "M": MM}


THM213_SEARCH = Adversary("search over 2-d quadratics (curvatures in [m, M], optimum, start, T)", space=Space(
    bounds={"m": (0.1, 3.0), "ratio": (1.01, 100.0), "s1": (0.0, 1.0), "s2": (0.0, 1.0), "x1": (-2.0, 2.0),
            "x2": (-2.0, 2.0), "t1": (-1.0, 1.0), "t2": (-1.0, 1.0), "T": (1.0, 6.0)},
    log=frozenset({"ratio"}), build=thm213_build))


# =========================================================================== Appendix A: Lemmas A.2, A.3, A.5 (lines 476–495)
def a2_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Dimensions 1–50 and β from 1e-12 to beyond 2d/e (where log(2d/β) < 1 and the union-bound proof breaks)."""
    betas = ("1e-12", "1e-3", "0.05", "0.3", "0.7", "0.735", "0.9", "1", "1.5", "5")
    out = [{"d": dd, "beta": Fraction(b)} for dd in (1, 2, 3, 5, 10, 50) for b in betas]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def a3_structured(rng: np.random.Generator, size: int) -> list[dict]:
    out = [{"Delta": Fraction(D_), "sigma": Fraction(s_), "delta": Fraction(d_)}
           for D_ in ("0.01", "1", "10") for s_ in ("0.1", "1", "30") for d_ in ("1e-30", "1e-5", "0.01", "0.3", "0.9")]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def a5_structured(rng: np.random.Generator, size: int) -> list[dict]:
    out = [{"N": NN, "p": Fraction(p_), "delta_p": Fraction(d_)}
           for NN in (1, 2, 5, 20, 100) for p_ in ("0.01", "0.1", "0.5", "0.9")
           for d_ in ("0", "0.01", "0.1", "0.5", "1", "3", "10")]
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def a5_build(q: dict) -> dict:
    return {"N": max(1, round(q["N"])), "p": grid_fraction(q["p"], 2**16) or Fraction(1, 2**16), "delta_p": grid_fraction(q["dp"], 2**12)}


# =========================================================================== the introduction's DP statement (line 74)
def view_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """The deleted point at one extreme, its alternative at the other; many and few iterations (at large I the
    pre-deletion release is far from private: its shift is the full sensitivity, the noise ∝ γ^I)."""
    out = []
    for n0, I_, (eps, dl), (a, mm, MM) in itertools.product((2, 4), (1, 2, 4, 8), ((Fraction(1, 2), Fraction(1, 10**5)),
                                                                                   (Fraction(1), Fraction(1, 100))),
                                                             ((1, 1, 3), (3, 1, 3))):
        X = [[-1]] * (n0 - 1) + [[1]]
        inst = pgd_instance([a], 1, [-1], [1], X, [[-1, 1]], [-1], epsilon=eps, delta=dl, I=I_)
        inst["m"], inst["M"], inst["zp"] = Fraction(mm), Fraction(MM), [-1]
        out.append(inst)
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def view_build(q: dict) -> dict:
    a = grid_fraction(q["a"])
    pts = [[grid_fraction(q[f"x{j}"])] for j in range(3)]
    inst = pgd_instance([a], 1, [-1], [1], pts, [[-1, *pts[0]]], [-1], epsilon=grid_fraction(q["epsilon"], 2**16),
                        delta=Fraction(1, 10 ** max(1, round(q["logdelta"]))), I=max(1, round(q["I"])))
    inst["m"], inst["M"] = a / grid_fraction(q["ratio"]), a
    inst["zp"] = [grid_fraction(q["zp"])]
    return inst


VIEW_SEARCH = Adversary("search over 1-d quadratics: data, z, z', ε, δ, I", space=Space(
    bounds={"a": (0.2, 5.0), "ratio": (1.05, 30.0), "x0": (-1.0, 1.0), "x1": (-1.0, 1.0), "x2": (-1.0, 1.0),
            "zp": (-1.0, 1.0), "epsilon": (0.05, 5.0), "logdelta": (1.0, 9.0), "I": (1.0, 12.0)},
    log=frozenset({"a", "ratio", "epsilon"}), build=view_build))


# =========================================================================== Section 4: Lemmas 4.2, 4.3 (lines 358–375)
def lem42_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Tiny multisets with and without repeated values; deletions of a repeated value (the printed Algorithm 5
    resamples every slot holding it), deletions of a unique value, additions of new and of present values."""
    out = []
    datasets = ((1, 2, 3), (1, 1, 2), (1, 1, 1, 2), (1, 1, 2, 2), (1, 2, 3, 4), (1, 1))
    for data, Bn in itertools.product(datasets, (1, 2, 3)):
        counts = Counter(data)
        rep = max(counts, key=lambda v: counts[v])
        for U in ([[-1, rep]], [[1, rep]], [[1, 9]], [[-1, rep], [1, 9]], [[-1, min(counts)], [-1, rep]]):
            try:
                Ds = datasets_of(tuple(Fraction(v) for v in data), [("add" if o == 1 else "delete", Fraction(z)) for o, z in U])
            except CertunlearnError:
                continue
            if all(len(x) >= 1 for x in Ds) and (Bn <= 2 or len(U) == 1):
                out.append({"data": list(data), "U": U, "B": Bn})
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def lem42_build(q: dict) -> dict:
    data = [int(round(q[f"x{j}"])) for j in range(int(round(q["n"])))]
    z = data[int(round(q["pick"])) % len(data)]
    U = [[-1, z]] if q["op"] < 0 or len(data) < 2 else [[1, int(round(q["new"]))]]
    return {"data": data, "U": U, "B": int(round(q["B"]))}


LEM42_SEARCH = Adversary("search over multisets of up to 4 values in {1, 2, 3}, one update, B ≤ 3", space=Space(
    bounds={"n": (2.0, 4.0), "x0": (1.0, 3.0), "x1": (1.0, 3.0), "x2": (1.0, 3.0), "x3": (1.0, 3.0),
            "pick": (0.0, 3.0), "op": (-1.0, 1.0), "new": (1.0, 4.0), "B": (1.0, 3.0)}, build=lem42_build))


def lem43_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """n = 10…100 with k copies of the updated value (k = 1: the proof's case; k up to 3n/4), B ∈ {n, 4n},
    δ' ∈ {1/3, 10⁻², 10⁻⁶}; deletions of the repeated value, additions, a deletion after an addition."""
    out = []
    for n0, frac_k, mult, dp in itertools.product((10, 20, 50, 100), (0, Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)),
                                                  (1, 4), (Fraction(1, 3), Fraction(1, 100), Fraction(1, 10**6))):
        k_ = max(1, int(frac_k * n0))
        data = [0] * k_ + list(range(1, n0 - k_ + 1))
        for U in ([[-1, 0]], [[1, 0]], [[1, 0], [-1, 0]]):
            out.append({"data": data, "U": U, "B": mult * n0, "delta_p": dp})
    if size < len(out):
        pick = sorted(rng.choice(len(out), size, replace=False))
        out = [out[j] for j in pick]
    return out


def lem43_build(q: dict) -> dict:
    n0 = int(round(q["n"]))
    k_ = max(1, min(n0, int(round(q["k"] * n0))))
    data = [0] * k_ + list(range(1, n0 - k_ + 1))
    return {"data": data, "U": [[-1, 0]] if q["op"] < 0 else [[1, 0]], "B": max(n0, int(round(q["mult"] * n0))),
            "delta_p": grid_fraction(q["dp"], 2**30) or Fraction(1, 2**30)}


LEM43_SEARCH = Adversary("search over n ≤ 60, the multiplicity of the updated value, B/n ≤ 4, δ'", space=Space(
    bounds={"n": (4.0, 60.0), "k": (0.0, 1.0), "op": (-1.0, 1.0), "mult": (1.0, 4.0), "dp": (1e-8, 0.36)},
    log=frozenset({"dp"}), build=lem43_build))


# =========================================================================== Table 1 (lines 60–71)
def table_structured(row: str, kind: str) -> Callable[[np.random.Generator, int], list[dict]]:
    """Accuracy: condition numbers M/m from 3/2 to 100 (γ from 1/5 to 0.98), n from 10 to 10⁶ (10³ for the
    distributed row, whose entry e^{−𝓘√n} underflows beyond), 𝓘 and 𝓘₂ − 𝓘 from 1 to 50, ε ∈ {0.1, 1}.
    Iterations: rounds i from 2 to 10⁶ against i₂ up to 10¹⁸, δ ∈ {10⁻⁵, 1/2}, 𝓘 ∈ {1, 10}. Baseline: as accuracy,
    M/m from 3/2 (γ = 1/5) across 2.16 (γ = 1/e) to 100, with n₂/n ∈ {2, 10, 1000}."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        if kind == "accuracy":
            grid = itertools.product((Fraction(3, 2), 3, 5, 10, 100), (10, 1000, 10**6), (1, 5, 20), (1, 10, 50),
                                     (Fraction(1, 10), Fraction(1)), (Fraction(1, 10**5),))
        elif kind == "baseline":  # the last factor: n2/n
            grid = itertools.product((Fraction(3, 2), 2, 3, 10, 100), (10, 1000, 10**6), (1, 5, 20), (2, 10, 1000),
                                     (Fraction(1, 10), Fraction(1)), (Fraction(1, 10**5),))
        else:
            grid = itertools.product((Fraction(3, 2), 10, 100), (10, 1000), (1, 10), ((2, 10**4), (1000, 10**9), (10**6, 10**18)),
                                     (Fraction(1, 10), Fraction(1)), (Fraction(1, 10**5), Fraction(1, 2)))
        for ratio, nn, I_, dI, eps, dl in grid:
            if row == "distributed" and kind == "accuracy" and (nn > 1000 or dI > 10):
                continue
            inst = {"L": 1, "M": ratio, "m": 1, "n": nn, "d": 10, "D": 2, "epsilon": eps, "delta": dl,
                    "beta": Fraction(1, 20), "I": I_, "xi": 1}
            if row == "pgd-perfect":
                env = {k: frac(inst[k]) for k in ("M", "m", "d", "delta", "epsilon")}
                inst["I"] = max(I_, ceil_exact(I_MIN_32, env))
            if row in ("regularized", "pgd-weak"):
                inst.pop("m")
            if kind == "accuracy":
                inst["I2"] = inst["I"] + dI
            elif kind == "baseline":
                inst["n2"] = nn * dI
            else:
                inst["i"], inst["i2"] = dI
                inst["beta"] = 1
            out.append(inst)
        if size < len(out):
            out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
        return out

    return generate


def table_ceiling_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Theorem 3.2's T_i = ⌈𝓘 + log(log(4di/δ))/log(1/γ)⌉ (line 262) jumps by one iteration where log(4di/δ) crosses
    γ^{−k}, i.e. at i_k = δe^{γ^{−k}}/(4d); rounds i, i₂ on either side of a jump make T_{i₂}/T_i = (T + 1)/T while the
    table's log i₂/log i is ≈ 1 (the counterexample the thorough search found, issue 23, as a family quick runs too).
    γ from 1/41 to 1/3 (M/m = (1 + γ)/(1 − γ)), k ∈ {1, 2, 3}, d ∈ {1, 9}, δ ∈ {10⁻¹², 10⁻⁵}; i and i₂ at ∓1% of the
    jump (whether they straddle it is decided by the claim's exact ceiling, not here)."""
    import mpmath

    out = []
    with mpmath.workdps(40):
        for g, k, dd, dl in itertools.product((Fraction(1, 41), Fraction(1, 10), Fraction(1, 5), Fraction(1, 3)), (1, 2, 3),
                                              (1, 9), (Fraction(1, 10**12), Fraction(1, 10**5))):
            expo = mpmath.mpf(g.denominator) ** k / mpmath.mpf(g.numerator) ** k
            ik = mpmath.mpf(dl.numerator) / dl.denominator * mpmath.exp(expo) / (4 * dd)
            if not 20 < ik < 10**15:
                continue
            i1, i2 = int(mpmath.floor(ik * mpmath.mpf("0.99"))), int(mpmath.ceil(ik * mpmath.mpf("1.01")))
            inst = {"L": 1, "M": (1 + g) / (1 - g), "m": 1, "n": 2, "d": dd, "D": 2, "epsilon": Fraction(10), "delta": dl,
                    "beta": 1, "I": 1, "xi": 1, "i": i1, "i2": i2}
            env = {key: frac(inst[key]) for key in ("M", "m", "d", "delta", "epsilon")}
            inst["I"] = max(1, ceil_exact(I_MIN_32, env))
            out.append(inst)
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def distributed_ceiling_structured(rng: np.random.Generator, size: int) -> list[dict]:
    """Theorem 4.5's T_i = 10log(2i/δ)(𝓘 + n^{−(4−3ξ)/2}log(1 + 10i log(2i/δ))/log(1/γ)) (line 409) is decreasing in δ
    and grows by only ≈ 2T_i/(i log i) from i to i₂ = i + 1, while its ceiling — the iterations the algorithm runs —
    jumps by one wherever T_i crosses an integer: δ is placed (40 digits) between the roots of T_i = k and T_{i+1} = k
    for the integer k just above T_i at δ = 1/10, so that ⌈T_{i+1}⌉/⌈T_i⌉ = (k + 1)/k exceeds (log(i + 1)/log i)²
    (the counterexample the derivation check found for the corrected entry, as a family quick runs: whether the rounds
    straddle the jump is decided by the claim's exact ceiling, not here). γ ∈ {1/2, 1/10}, n ∈ {4, 16}, d = 10, ξ = 1,
    𝓘 = 1, i ∈ {10³, 10⁶}."""
    import mpmath

    from ...formulas.d2d import T_I_45

    names = sorted(T_I_45.free_symbols, key=str)
    fn = sympy.lambdify(names, T_I_45, "mpmath")
    out = []
    with mpmath.workdps(60):
        for g, nn, ii in itertools.product((Fraction(1, 2), Fraction(1, 10)), (4, 16), (10**3, 10**6)):
            inst = {"L": 1, "M": (1 + g) / (1 - g), "m": 1, "n": nn, "d": 10, "D": 2, "epsilon": Fraction(1),
                    "beta": 1, "I": 1, "xi": 1, "i": ii, "i2": ii + 1}

            def t_at(j: int, dl: Any) -> Any:
                env = {**{k: mpmath.mpf(frac(v).numerator) / frac(v).denominator for k, v in inst.items()},
                       "i": mpmath.mpf(j), "delta": dl}
                return fn(*(env[str(s)] for s in names))

            k = mpmath.ceil(t_at(ii, mpmath.mpf("0.1")))
            lo = mpmath.findroot(lambda x: t_at(ii, mpmath.exp(x)) - k, mpmath.log(mpmath.mpf("0.05")))
            hi = mpmath.findroot(lambda x: t_at(ii + 1, mpmath.exp(x)) - k, lo)
            inst["delta"] = Fraction(mpmath.nstr(mpmath.exp((lo + hi) / 2), 40, min_fixed=-100, max_fixed=100))
            if 0 < inst["delta"] < 1:
                out.append(inst)
    if size < len(out):
        out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
    return out


def table_search(row: str, kind: str) -> Adversary:
    def build(q: dict) -> dict:
        inst = {"L": 1, "M": grid_fraction(q["ratio"], 2**8), "m": 1, "n": max(2, round(q["n"])), "d": max(1, round(q["d"])), "D": 2,
                "epsilon": grid_fraction(q["epsilon"], 2**16) or Fraction(1, 2**16), "delta": Fraction(1, 10 ** max(1, round(q["logdelta"]))),
                "beta": Fraction(1, 20), "I": max(1, round(q["I"])), "xi": 1}
        if row == "pgd-perfect":
            env = {k: frac(inst[k]) for k in ("M", "m", "d", "delta", "epsilon")}
            inst["I"] = max(inst["I"], ceil_exact(I_MIN_32, env))
        if row in ("regularized", "pgd-weak"):
            inst.pop("m")
        if kind == "accuracy":
            inst["I2"] = inst["I"] + max(1, round(q["dI"]))
        elif kind == "baseline":
            inst["n2"] = max(inst["n"] + 1, round(inst["n"] * q["nmult"]))
        else:
            inst["i"], inst["i2"], inst["beta"] = max(2, round(q["i"])), max(3, round(q["i"] * q["mult"])), 1
        return inst

    big = row == "distributed" and kind == "accuracy"  # e^{−𝓘√n} underflows a float ratio beyond these
    bounds = {"ratio": (1.05, 200.0), "n": (2.0, 1000.0 if big else 1e6), "d": (1.0, 100.0), "epsilon": (0.01, 10.0),
              "logdelta": (1.0, 12.0), "I": (1.0, 20.0 if big else 60.0)}
    bounds.update({"dI": (1.0, 10.0 if big else 60.0)} if kind == "accuracy" else {"nmult": (1.01, 1e4)}
                  if kind == "baseline" else {"i": (2.0, 1e6), "mult": (1.5, 1e6)})
    extra = {"accuracy": ", I2", "baseline": ", n2"}.get(kind, ", i, i2")
    return Adversary(f"search over the condition number, n, d, ε, δ, I{extra}",
                     space=Space(bounds, frozenset({"ratio", "n", "d", "epsilon", "i", "mult", "nmult"}), build=build))


# =========================================================================== worst-case mean shift (issue 13, item 3)
def worst_shift_instance(k: int, j: int, I_: int, eps: Fraction = Fraction(1), dl: Fraction = Fraction(1, 10**5),
                         gamma_M: Fraction = Fraction(2)) -> dict:
    """The instance that drives the exact mean shift ‖θ̂_i − μ_i‖ toward its attainable maximum (derivation
    ``d2d.thm3.1:worst-shift`` in ``proofs/d2d/strongly_convex.py``).

    One dimension, f_x(θ) = ½(θ − x)² on Θ = [−1, 1] (m = a = 1, declared M = ``gamma_M`` > m, so the contraction
    along the only eigenvector is exactly γ = (M − m)/(M + m)); n = 2k. Rounds 1 … k−1 delete copies of the current
    mean (the optimum does not move); round k deletes the point +R from k + 1 points, so n_k = n/2 (Assumption 2.6 at
    equality) and the optimum drops by (R − x̄_k)/(k + 1), the largest a deletion can move it without leaving Θ
    (x̄_{k−1} = 1: its mean sits on the upper face). Algorithm 1 and retraining start at θ'_0 = −1, ahead of the drift,
    so retraining's residual γ^T(θ'_0 − θ*) adds to the secret state's lag instead of cancelling it. R + 1 = kγ^j makes
    log(Dmn_k/2L)/log(1/γ) = j an integer (no rounding slack in T). The shift is then exactly
    γ^𝓘[(R − 1)/k + (R + 1)(2k + 1 − R)/k²] up to O(γ^{2𝓘}): a fraction (R − 1)/(4(R + 1)) + (2k + 1 − R)/(4k) of the
    proof's Δ, largest at R + 1 = √(2k), where it is 3/4 + 1/(2k) − 1/√(2k)."""
    g = (gamma_M - 1) / (gamma_M + 1)
    R = k * g**j - 1
    if R < 1:
        raise ValueError("R must be at least 1")
    prev = Fraction(1)  # x̄_{k−1}: on the upper face
    last = ((k + 1) * prev - R) / k  # x̄_k after deleting +R
    if last < -1:
        raise ValueError("the final mean leaves Θ")
    X = [[R]] + [[last]] * k + [[prev]] * (k - 1)
    U = [[-1, prev]] * (k - 1) + [[-1, R]]
    inst = pgd_instance([1], R, [-1], [1], X, U, [-1], epsilon=eps, delta=dl, I=I_)
    inst["m"], inst["M"] = Fraction(1), gamma_M
    return inst


#: (k, j, 𝓘, M): γ = (M − 1)/(M + 1); (81, 1, 12, 47/34) gives γ = 13/81, R + 1 = 13 next to √(2k) = 12.73.
QUICK_SHIFTS = ((24, 1, 4, Fraction(2)), (81, 1, 12, Fraction(47, 34)))
THOROUGH_SHIFTS = QUICK_SHIFTS + tuple((k, j, I_, Fraction(2)) for k, j, I_ in itertools.product((12, 24, 81, 162), (1, 2), (1, 4, 12)))


def worst_shift_family(quick: tuple = QUICK_SHIFTS, thorough: tuple = THOROUGH_SHIFTS) -> Callable[[np.random.Generator, int], list[dict]]:
    """:func:`worst_shift_instance` over (k, j, 𝓘): dataset sizes n = 2k, R + 1 = k/3^j, and 𝓘 (γ^𝓘 small: the
    retraining term counts fully — the attainable maximum 3Δ/4 is approached as k → ∞, γ^𝓘 → 0, R + 1 ≈ √(2k)).
    The quick profile (structured size ≤ 40) runs ``quick`` (k = 81 reaches 0.90 of 3Δ/4); thorough adds the rest."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for k, j, I_, M_ in (quick if size <= 40 else thorough):
            try:
                out.append(worst_shift_instance(k, j, I_, gamma_M=M_))
            except ValueError:
                continue
        return out

    return generate


def worst_shift_adversary() -> Adversary:
    return Adversary("worst-case mean shift: deletions down to n/2, the last one from the face of Θ, far start",
                     generate=worst_shift_family(),
                     reaches="1-d, streams of deletions ending in a deletion at n_i = n/2 (Assumption 2.6 at equality)")


def worst_shift_add_instance(k: int, j: int, I_: int, gamma_M: Fraction = Fraction(47, 34), eps: Fraction = Fraction(1),
                             dl: Fraction = Fraction(1, 10**5)) -> dict:
    """A stream whose **last update is an addition** (issue 23): it reaches (3 − γ^j)(1 − γ^𝓘)k/(4(k + 1)) of the
    proof's Δ = (8L/(mn))γ^𝓘/(1 − γ^𝓘) (line 237), → 3/4 as k → ∞, γ^j → 0.

    One dimension, f_x(θ) = ½(θ − x)² on Θ = [−1, 1] (a = m = 1, declared M: the contraction is exactly γ =
    (M − 1)/(M + 1)); D_0 holds n = 2k copies of +1 (the optimum on the upper face of Θ). Rounds 1 … k delete a copy
    of +1 (the optimum does not move; n_k = n/2, Assumption 2.6 at equality); round k + 1 adds −R, so n_{k+1} = k + 1
    and the optimum drops by L/(k + 1), L = R + 1 (the largest jump an addition at that size can make). The secret
    state sits at +1 (every earlier residual contracted away), so Algorithm 2's 𝓘 steps leave γ^𝓘·L/(k + 1) of the
    jump; retraining starts at θ'_0 = −1, at distance 2 − L/(k + 1) below the new optimum, and with
    L = (k + 1)γ^j (so log(Dmn_{k+1}/2L)/log(1/γ) = j exactly: no rounding slack in T) its residual is
    γ^{𝓘+j}(2 − L/(k + 1)) on the other side. The shift is γ^{𝓘+j}(3 − γ^j) exactly up to the O(γ^{T(n)+k𝓘}) lag of
    round 0 (derivation in the docstring; confirmed at 100 digits in tests/claims/d2d/test_worst_shift.py)."""
    g = (gamma_M - 1) / (gamma_M + 1)
    L = (k + 1) * g**j
    R = L - 1
    if R < 1:
        raise ValueError("R = (k + 1)γ^j − 1 must be at least 1 (the data at +1 need ‖x‖ ≤ R)")
    X = [[1]] * (2 * k)
    U = [[-1, 1]] * k + [[1, -R]]
    inst = pgd_instance([1], R, [-1], [1], X, U, [-1], epsilon=eps, delta=dl, I=I_)
    inst["m"], inst["M"] = Fraction(1), gamma_M
    return inst


#: (k, j, 𝓘, M, ε, δ): γ = 13/81 at M = 47/34; (81, 2, 12) reaches 0.7345 of Δ. Large ε and small δ are where the
#: printed σ (the zCDP conversion) is closest to the exact Balle–Wang σ, so the privacy claim is attacked at the
#: largest shift its certificate allows (shift_ratio).
QUICK_ADD_SHIFTS = ((81, 2, 12, Fraction(47, 34), Fraction(1), Fraction(1, 10**5)),
                    (81, 2, 12, Fraction(47, 34), Fraction(16), Fraction(1, 10**30)),
                    (24, 1, 4, Fraction(2), Fraction(4), Fraction(1, 10**8)))
THOROUGH_ADD_SHIFTS = QUICK_ADD_SHIFTS + tuple(
    (k, j, I_, M_, e_, d_) for (k, j, M_), I_, (e_, d_) in itertools.product(
        ((12, 1, Fraction(2)), (162, 2, Fraction(47, 34)), (81, 1, Fraction(47, 34)), (60, 1, Fraction(3, 2))),
        (1, 4, 12), ((Fraction(1), Fraction(1, 10**5)), (Fraction(16), Fraction(1, 10**30)))))


def worst_shift_add_family(rng: np.random.Generator, size: int) -> list[dict]:
    """:func:`worst_shift_add_instance` over (k, j, 𝓘, M, ε, δ): quick (structured size ≤ 40) three, thorough all."""
    out = []
    for k, j, I_, M_, e_, d_ in (QUICK_ADD_SHIFTS if size <= 40 else THOROUGH_ADD_SHIFTS):
        try:
            out.append(worst_shift_add_instance(k, j, I_, M_, e_, d_))
        except ValueError:
            continue
    return out


WORST_SHIFT_ADD = Adversary(
    "worst-case mean shift, stream ending in an addition: deletions down to n/2 at the face of Θ, then an addition "
    "from the far side, far start", generate=worst_shift_add_family,
    reaches="1-d, streams of deletions then one addition (n_i = n/2 before it), L = (k + 1)γ^j, ε up to 16, δ down to "
            "10⁻³⁰")


def regularised_shift_instance(kind: str, k: int, I_: int) -> dict:
    """The worst-shift streams (:func:`worst_shift_instance`, ``kind`` "delete"; :func:`worst_shift_add_instance`,
    "add"; j = 1, γ_M = 2 fixes the data) for the regularised theorems: the instance's m dropped (the theorem
    prescribes the regulariser), f_x(θ) = ½(θ − x)² declared exactly — M = 1 and L = 1 + max|x| (the gradient's
    largest size on Θ = [−1, 1] over the data and the updates), so neither constant is loose. Measured on
    d2d.thm3.4 (tests/claims/d2d/test_worst_shift.py): shift ratio 0.17–0.18 at 𝓘 = 4, against the regularised
    families' 0.09 — the regulariser m ≈ 0.1 is much below the data's curvature 1, which contracts faster than the
    proof's γ = M/(M + 2m) assumes, and the shift cannot exceed D = 2 while the proof's Δ does at these n."""
    make = worst_shift_instance if kind == "delete" else worst_shift_add_instance
    inst = dict(make(k, 1, I_, gamma_M=Fraction(2)))
    inst.pop("m", None)
    reach = max([abs(frac(row[0])) for row in inst["X"]] + [abs(frac(u[1])) for u in inst["U"] if frac(u[0]) == 1])
    inst["A"], inst["M"], inst["L"] = [1], Fraction(1), 1 + reach
    return inst


def regularised_shift_family(quick: tuple, thorough: tuple, xi_: Any = None
                             ) -> Callable[[np.random.Generator, int], list[dict]]:
    """:func:`regularised_shift_instance` over (stream, k, 𝓘): ``quick`` at the quick size (structured size ≤ 40),
    ``thorough`` above it; ``xi_`` set where the theorem has ξ."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        extra = {} if xi_ is None else {"xi": xi_}
        return [{**regularised_shift_instance(kind, k, I_), **extra} for kind, k, I_ in (quick if size <= 40 else thorough)]

    return generate


#: Theorem 3.4: both streams at k = 24, 81 and 𝓘 = 4 in quick; thorough also 𝓘 ∈ {2, 6, 12} and k = 162.
REGULARISED_SHIFT = Adversary(
    "worst-case mean shift streams (deletions down to n/2, or ending in an addition), regularised: m prescribed, "
    "M = 1 and L exact", generate=regularised_shift_family(
        tuple(itertools.product(("add", "delete"), (24, 81), (4,))),
        tuple(itertools.product(("add", "delete"), (24, 81, 162), (2, 4, 6, 12)))),
    reaches="1-d quadratics of curvature 1, the worst-shift streams of d2d.thm3.1 (k up to 81 in quick, 162 in "
            "thorough)")
#: Theorem 3.5 and Remark 3.6, whose round i runs T_i = i^{2ξ}𝓘 steps (k rounds cost about k^{2ξ+1}𝓘/(2ξ + 1) exact
#: steps): 𝓘 = 1, ξ = 1; quick the stream ending in an addition at k = 12, 16 (Remark 3.6's shift ratio 0.094, 0.099
#: against its families' 0.055); thorough also the deletions and k = 24.
GROWING_ROUNDS_SHIFT = Adversary(
    "worst-case mean shift streams, regularised (m prescribed, M = 1 and L exact), 𝓘 = 1, ξ = 1",
    generate=regularised_shift_family(tuple(itertools.product(("add",), (12, 16), (1,))),
                                      tuple(itertools.product(("add", "delete"), (12, 16, 24), (1,))), xi_=1),
    reaches="1-d quadratics of curvature 1, the worst-shift streams of d2d.thm3.1 at k ≤ 16 (quick), 24 (thorough)")


# =========================================================================== stream programs (issue 23: shift search)
#: The letters of a stream program: what one update does (−1 delete, 1 add) and which point it moves, relative to the
#: face of Θ = [−1, 1]^d: 'top' = +R·e_1, 'face' = +e_1 (a copy of the optimum on the upper face), 'bottom' = −R·e_1,
#: 'side' = +R·e_2 (d = 2: moves the optimum across, so the projection acts on the second coordinate).
_POINTS = ("top", "face", "bottom", "side")


def _point(name: str, R: Fraction, dim: int) -> list[Fraction]:
    v = [Fraction(0)] * dim
    if name == "side" and dim > 1:
        v[1] = R
    else:
        v[0] = {"top": R, "face": Fraction(1), "bottom": -R, "side": R}[name]
    return v


def stream_program_instance(program: tuple, n_face: int, n_top: int, n_bottom: int, R: Fraction, I_: int,
                            gamma_M: Fraction, dim: int = 1, eps: Fraction = Fraction(1),
                            dl: Fraction = Fraction(1, 10**5), start: str = "low") -> dict:
    """The instance of a stream program: D_0 holds ``n_face`` copies of +e_1, ``n_top`` of +R·e_1 and ``n_bottom`` of
    −R·e_1 (the 'side' point needs d = 2); ``program`` is a sequence of (op, point) with op ∈ {1 add, −1 delete,
    0 replace} — a replacement is the paper's pair of updates delete-then-add (Definition 2.1 knows only 'add' and
    'delete', line 89), here deleting the point and adding its mirror image. Θ = [−1, 1]^d, isotropic a = 1, declared
    M (contraction γ = (M − 1)/(M + 1)); θ'_0 at the lower (``low``) or upper (``high``) corner. Raises ValueError
    for a stream that deletes an absent point."""
    X = ([_point("face", R, dim)] * n_face + [_point("top", R, dim)] * n_top + [_point("bottom", R, dim)] * n_bottom)
    U: list[list] = []
    present = Counter(tuple(x) for x in X)
    for op, name in program:
        p = _point(name, R, dim)
        steps = [(-1, p), (1, [-v for v in p])] if op == 0 else [(op, p)]
        for o, x in steps:
            if o == -1 and present[tuple(x)] == 0:
                raise ValueError("the stream deletes a point that is not in the dataset")
            present[tuple(x)] += o
            U.append([o, *x])
    corner = [Fraction(-1) if start == "low" else Fraction(1)] * dim
    inst = pgd_instance([1] * dim, R, [-1] * dim, [1] * dim, X, U, corner, epsilon=eps, delta=dl, I=I_)
    inst["m"], inst["M"] = Fraction(1), gamma_M
    sizes = [len(X)]
    for row in U:
        sizes.append(sizes[-1] + int(row[0]))
    if min(sizes) < 1 or 2 * min(sizes) < sizes[0]:
        raise ValueError("the stream leaves Assumption 2.6")
    return inst


def _program_build(dim: int) -> Callable[[dict], dict]:
    ops = ((-1, "face"), (-1, "top"), (-1, "bottom"), (1, "bottom"), (1, "top"), (0, "top"), (0, "face"), (1, "side"))

    def build(q: dict) -> dict:
        length = max(1, round(q["length"]))
        program = tuple(ops[min(len(ops) - 1, int(q[f"u{t}"] * len(ops)))] for t in range(length))
        if dim == 1:
            program = tuple(p for p in program if p[1] != "side") or ((1, "bottom"),)
        g = Fraction(1, 5) + grid_fraction(q["gamma"], 2**6) * Fraction(3, 5)
        R = max(Fraction(1), grid_fraction(q["R"], 2**6))
        n_face = max(0, round(q["n_face"]))
        n_top = max(0, round(q["n_top"]))
        n_bottom = max(0, round(q["n_bottom"]))
        if n_face + n_top + n_bottom == 0:
            n_face = 1
        # the longest valid prefix of the program (a deletion of an absent point, or one below n/2, ends it); at least
        # one addition, which every dataset admits
        for cut in range(len(program), -1, -1):
            try:
                return stream_program_instance(program[:cut] or ((1, "bottom"),), n_face, n_top, n_bottom, R,
                                               max(1, round(q["I"])), (1 + g) / (1 - g), dim,
                                               start="low" if q["start"] < 0.5 else "high")
            except ValueError:
                continue
        raise AssertionError("a single addition is always a valid stream")

    return build


def stream_program_search(dim: int = 1) -> Adversary:
    """A search over stream programs (issue 23): up to six updates, each a deletion, an addition or a replacement
    of a point at the face of Θ, beyond it or on the far side; the dataset's composition, R, γ, 𝓘 and the start."""
    bounds = {"length": (1.0, 6.0), **{f"u{t}": (0.0, 1.0) for t in range(6)}, "gamma": (0.0, 1.0), "R": (1.0, 4.0),
              "n_face": (0.0, 10.0), "n_top": (0.0, 4.0), "n_bottom": (0.0, 4.0), "I": (1.0, 6.0), "start": (0.0, 1.0)}
    return Adversary(f"search over stream programs ({dim}-d): additions, deletions, replacements, ending in either",
                     space=Space(bounds=bounds, build=_program_build(dim)),
                     reaches=f"{dim}-d isotropic quadratics on a box, streams of up to six updates (replacements as "
                             "delete-then-add), data at the faces of Θ, beyond and opposite them")


def stream_programs_structured(dim: int) -> Callable[[np.random.Generator, int], list[dict]]:
    """Every stream program of length ≤ 3 over the update alphabet on a small dataset (d = 1: the exhaustive version
    of :func:`stream_program_search`; d = 2: with the 'side' point, so the projection acts on both coordinates)."""
    ops = ((-1, "face"), (-1, "top"), (1, "bottom"), (1, "top"), (0, "face")) + (((1, "side"),) if dim > 1 else ())

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        lengths = (1, 2) if size <= 40 else (1, 2, 3)
        for length in lengths:
            for program in itertools.product(ops, repeat=length):
                try:
                    out.append(stream_program_instance(program, 4, 1, 1, Fraction(2), 2, Fraction(2), dim,
                                                       start="low" if len(out) % 2 else "high"))
                except (ValueError, CertunlearnError):
                    continue
        if size < len(out):
            out = [out[j] for j in sorted(rng.choice(len(out), size, replace=False))]
        return out

    return generate


# =========================================================================== boundary instances (issue 23)
def _fewer_updates(inst: dict) -> list[dict]:
    """k ∈ {0, 1} updates (the instance itself has the most): a stream's count at its smallest values."""
    return [{**inst, "U": inst["U"][:k], "i": max(1, k)} for k in (0, 1) if k < len(inst["U"])]


def _minimal_n(inst: dict) -> list[dict]:
    """The smallest dataset: two points, one deleted (n_1 = 1 = n/2, Assumption 2.6 at equality) or one added."""
    X = inst["X"][:2]
    return [{**inst, "X": X, "n": 2, "U": [[-1, *X[0]]], "i": 1}, {**inst, "X": X, "n": 2, "U": [[1, *X[1]]], "i": 1}]


def pgd_boundary(hypotheses: tuple, accuracy: bool = False) -> Adversary:
    """The boundary adversary of the perturbed-GD claims (:func:`certunlearn.claims.boundaries.boundary_adversary`):
    one- and two-dimensional extremal instances with ε → 0⁺, δ → 0⁺ and δ → 1⁻, M → m⁺ (γ → 0), 𝓘 = 1, β → 0⁺, 1⁻
    (accuracy), k ∈ {0, 1, max} updates, and n = 2 (one point deleted: n_i = n/2)."""
    from ..boundaries import boundary_adversary

    base_1d, base_2d = capped(pgd_structured("1d"), 3), capped(pgd_structured("thin" if not accuracy else "iso"), 2)

    def base(rng: np.random.Generator, size: int) -> list[dict]:
        out = base_1d(rng, size) + base_2d(rng, size)
        return add_beta(lambda r, s: out)(rng, size) if accuracy else out

    return boundary_adversary(hypotheses, base, counts={"I": (1,)}, variants=(_fewer_updates, _minimal_n),
                              reaches="d ∈ {1, 2}; ε → 0⁺, δ → 0⁺ and 1⁻, M → m⁺, 𝓘 = 1, k ∈ {0, 1, max}, n = 2"
                                      + (", β → 0⁺ and 1⁻" if accuracy else ""))
