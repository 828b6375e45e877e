"""Section 3.5 (lines 232–264) and Appendix G (lines 583–686) of the retain paper: empirical risk minimisers.

* Lemma G.1 (lines 585–597) — ``retain.lemG.1`` (+``:second``, control, ``:m-points+fix``), exact ridge (d ≤ 2);
* Example G.2 with eq. (2) (lines 599–605) — ``retain.exG.2`` (as printed) and ``retain.exG.2+fix`` (ridge, d = 1);
* Example G.3, eq. (3) (lines 607–611) — ``retain.exG.3`` (logistic, certified minimisers);
* Lemma 3.7 (lines 246–252) — ``retain.lem3.7`` (RS/Δ_GS ≤ λ/λ_R);
* Lemma G.4 (lines 615–617) — ``retain.lemG.4`` (+fix, control); Example G.6 (lines 661–663) — ``retain.exG.6``;
* Lemma G.5, eq. (4) (lines 637–645) — ``retain.lemG.5`` (+``:lower``, control).

Table 1's rows (lines 222–230): :mod:`.tables`.
"""
from __future__ import annotations

import functools
import itertools
from typing import Any

import numpy as np
import sympy
from flint import arb

from ...formulas import retain as retain_formulas
from ...formulas.retain import (
    PRESCRIBED, ERM_G1_EXPR, ERM_G1_M_EXPR, ERM_G1_SECOND_EXPR, ERM_GS_EXPR, ERM_RATIO_EXPR, G5_LOWER_EXPR,
    G5_UPPER_EXPR, LOCAL_BOUND_EXPR, LOGISTIC_BOUND_1D, LOGISTIC_L_EXPR, LOGLOSS_L_EXPR, LOGLOSS_M_EXPR,
    RIDGE_BOUND_1D, RIDGE_BOUND_FIX_1D, R_N_EXPR,
)
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from ...numeric.sympy_arb import arb_eval
from .. import growth
from ..hypotheses import P, holds
from ..instances import frac
from ..model import Adversary, Claim, Control, Hypothesis, Instance, Kind, Space
from .families import fracs
from .pca import rows


# --------------------------------------------------------------------------- ridge (Example G.2, d = 1)
def _ridge_mech(values: Instance):
    from ...algorithms.retain import RidgeERM

    return RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=frac(values["Y"]))


def _ridge_data(values: Instance):
    X = np.asarray([[frac(v)] for v in values["x"]], dtype=object)
    y = np.asarray([frac(v) for v in values["y"]], dtype=object)
    return X, y


def ridge_rs(values: Instance) -> Fraction | arb:
    """The exact d = 1 ridge RS: a Fraction (maximiser at |x| = B), else its enclosure (interior maximiser)."""
    rs = _ridge_mech(values).exact_rs(_ridge_data(values), 1)
    if rs.kind != "exact":
        raise ValueError("the d = 1 ridge RS is exact")
    return rs.value.exact_or_enclosure()


def ridge_ok(values: Instance) -> Decision:
    x, y = fracs(values["x"]), fracs(values["y"])
    B, Y, lam = frac(values["B"]), frac(values["Y"]), frac(values["lambda"])
    a = sum((v * v for v in x), Fraction(0))
    return holds(len(x) == len(y) >= 1 and Y == 1 and lam >= 0 and all(abs(v) <= B for v in x)
                  and all(abs(v) <= Y for v in y) and frac(values["n"]) == len(x) and frac(values["a"]) == a
                  and a / len(x) + lam > 0)


RIDGE_VALID = P("‖x‖ ≤ B, |y| ≤ 1 (Y = 1), λ ≥ 0, λ_R > 0; n = |R| and a = Σx² match the data", ridge_ok)


def ridge_instance(x, y, lam, B="1") -> dict[str, Any]:
    xs = fracs(x)
    return {"x": list(x), "y": list(y), "lambda": lam, "B": B, "Y": "1", "n": len(xs),
            "a": sum((v * v for v in xs), Fraction(0))}


def ridge_structured(rng: np.random.Generator, size: int):
    cases = [
        (["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "10"),  # large λ: ‖w_R‖ small but λw not
        (["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "1"),
        (["1", "1", "1"], ["1", "1", "1"], "0"),  # points on the data sphere, aligned labels
        (["1", "-1"], ["1", "1"], "1/10"),
        (["1/100", "1/100", "1/100"], ["1", "1", "1"], "5"),  # nearly degenerate design: λ dominates
        (["1", "1/2", "1/4", "1/8"], ["1", "-1", "1", "-1"], "2"),
        (["1/2"], ["1"], "100"),
    ]
    return growth.grown([ridge_instance(x, y, lam) for x, y, lam in cases], size, ridge_draw, rng)


def ridge_draw(rng: np.random.Generator, lam: Fraction | None = None) -> dict[str, Any]:
    """A random ridge instance of Example G.2's class (d = 1, B = Y = 1): n ∈ [1, 6] points x ∈ [−1, 1] (sixteenths),
    labels y ∈ [−1, 1] (eighths), λ = r·10^k with r ∈ [1, 10] (quarters), k ∈ [−3, 1] — or ``lam`` when given."""
    n = int(rng.integers(1, 7))
    x = [str(growth.rational(rng, -1, 1, 16)) for _ in range(n)]
    y = [str(growth.rational(rng, -1, 1, 8)) for _ in range(n)]
    if lam is None:
        lam = growth.rational(rng, 1, 10, 4) * Fraction(10) ** int(rng.integers(-3, 2))
    return ridge_instance(x, y, str(lam))


def ridge_build(p: dict[str, Any]) -> Instance:
    x = [Fraction(p[f"x{i}"]).limit_denominator(10**4) for i in range(3)]
    y = [Fraction(1) if p[f"y{i}"] >= 0 else Fraction(-1) for i in range(3)]
    return ridge_instance(x, y, Fraction(p["lambda"]).limit_denominator(10**4))


RIDGE_SEARCH = Adversary("search over x ∈ [−1, 1]³, y ∈ {±1}³, λ (log scale)", space=Space(
    bounds={**{f"x{i}": (-1.0, 1.0) for i in range(3)}, **{f"y{i}": (-1.0, 1.0) for i in range(3)},
            "lambda": (1e-3, 100.0)}, log=frozenset({"lambda"}), build=ridge_build))


def _ridge2_data(values: Instance):
    from ...algorithms.retain import labeled

    R = labeled((rows(values["X"]), fracs(values["y"])), "R")
    Z = labeled((rows([values["zx"]]), [frac(values["zy"])]), "U")
    return R, Z


def _ridge2_terms(values: Instance, second: bool) -> dict[str, Fraction]:
    """G2, h11, h12, h22 and n of Lemma G.1 on a ridge instance (exact)."""
    from ...algorithms.retain import RidgeERM

    lam = frac(values["lambda"])
    R, Z = _ridge2_data(values)
    mech = RidgeERM(lam=lam, B=frac(values["B"]), Y=1)
    S = R + Z
    w = mech.fit(R if second else S).theta  # ∇f at w_R (second part) or at w_R' (first)
    x, y = Z.X[0], Z.y[0]
    grad = (sum((a * b for a, b in zip(x, w)), Fraction(0)) - y) * x + lam * w  # ∇f(w, z), regulariser inside f
    D = S if second else R
    H = D.X.T @ D.X / D.n
    d = R.d
    h = [[H[i, j] + (lam if i == j else 0) for j in range(d)] for i in range(d)]
    h11, h12, h22 = (h[0][0], h[0][1], h[1][1]) if d == 2 else (h[0][0], Fraction(0), h[0][0])
    return {"G2": sum((v * v for v in grad), Fraction(0)), "hs": (h11 + h22) / 2, "hd": (h11 - h22) / 2, "h12": h12,
            "n": R.n}


def _ridge2_shift(values: Instance) -> Fraction | arb:
    from ...algorithms.retain import RidgeERM

    R, Z = _ridge2_data(values)
    return RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=1).shift(R, Z).exact_or_enclosure()


def _ridge2_ok(second: bool):
    def ok(values: Instance) -> Decision:
        from ...algorithms.retain import RidgeERM

        R, Z = _ridge2_data(values)
        RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=1).prepare(R + Z)  # data in range, λ_R > 0
        RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=1).prepare(R)
        terms = _ridge2_terms(values, second)
        return holds(R.d <= 2 and all(frac(values[k]) == v for k, v in terms.items()))

    return P("ridge data: ‖x‖ ≤ B, |y| ≤ 1, λ ≥ 0, XᵀX/n + λI ≻ 0, d ≤ 2; G2, h, n computed from them "
             + ("(at w_R, on R')" if second else "(at w_R', on R)"), ok)


def _ridge2_instance(X: list, y: list, lam: Any, z: list, zy: Any, second: bool = False, B: Any = 1) -> dict[str, Any]:
    inst = {"X": [list(r) for r in X], "y": list(y), "lambda": lam, "B": B, "zx": list(z), "zy": zy}
    return {**inst, **_ridge2_terms(inst, second)}


_RIDGE2_DATA = (
    ([["1", "0"], ["0", "1/10"]], ["1", "-1"], "0"),  # ill-conditioned design, no regulariser
    ([["1", "0"], ["0", "1/10"]], ["1", "-1"], "1/100"),
    ([["3/5", "4/5"], ["4/5", "3/5"], ["0", "1"]], ["1", "1", "-1"], "1"),
    ([["1/2", "1/2"], ["1/2", "-1/2"]], ["1", "1"], "10"),  # large λ: the regulariser's gradient dominates
    ([["1"], ["-1/2"], ["1/4"]], ["1", "1", "-1"], "1/10"),  # d = 1
)
_Z_DIRS = ((["1", "0"], "1"), (["1", "0"], "-1"), (["0", "1"], "1"), (["0", "1"], "-1"), (["3/5", "-4/5"], "1"),
           (["0", "0"], "1"))


def _ridge2_structured(second: bool):
    def gen(rng: np.random.Generator, size: int):
        out = []
        for X, y, lam in _RIDGE2_DATA:
            d = len(X[0])
            zs = _Z_DIRS if d == 2 else tuple(([z[0]], zy) for z, zy in _Z_DIRS[:4])
            out += [_ridge2_instance(X, y, lam, z, zy, second) for z, zy in zs]
        return out

    return gen


def _ridge2_build(second: bool):
    def build(p: dict[str, Any]) -> Instance:
        import math

        r = Fraction(p["r"]).limit_denominator(1000)
        c = Fraction(math.cos(p["theta"])).limit_denominator(1000) * r * Fraction(999, 1000)
        s = Fraction(math.sin(p["theta"])).limit_denominator(1000) * r * Fraction(999, 1000)
        lam = Fraction(p["lambda"]).limit_denominator(10**4)
        return _ridge2_instance([["1", "0"], ["0", "1/10"], ["1/2", "1/2"]], ["1", "-1", "1"], lam, [c, s],
                                1 if p["zy"] >= 0 else -1, second)

    return build


def _ridge2_search(second: bool) -> Adversary:
    return Adversary("search over the added point z = r(cos θ, sin θ), its label and λ (log scale)", space=Space(
        bounds={"r": (0.0, 1.0), "theta": (0.0, 6.283), "zy": (-1.0, 1.0), "lambda": (1e-4, 10.0)},
        log=frozenset({"lambda"}), build=_ridge2_build(second)))


def logistic_mech(values: Instance):
    from ...algorithms.retain import LogisticERM

    return LogisticERM(lam=frac(values["lambda"]), B=frac(values["B"]), R_w=frac(values["R_w"]))


def logistic_data(values: Instance):
    from ...algorithms.retain import labeled

    R = labeled((rows([[x] for x in values["x"]]), fracs(values["y"])), "R")
    Z = labeled((rows([[values["zx"]]]), [frac(values["zy"])]), "U")
    return R, Z


@functools.lru_cache(maxsize=1024)
def logistic_fits(key: tuple) -> tuple:
    """The certified minimisers (``Fit``) of R and R ∪ {z} on W = {‖w‖ ≤ R_w} (cached: every claim on these
    instances, and the checker's repeated evaluations, reuse them)."""
    values = dict(key)
    mech = logistic_mech(values)
    R, Z = logistic_data({**values, "x": list(values["x"]), "y": list(values["y"])})
    return mech.fit(R), mech.fit(R + Z)


def logistic_key(values: Instance) -> tuple:
    return tuple(sorted((k, tuple(fracs(v)) if isinstance(v, list) else frac(v)) for k, v in values.items()
                        if k in ("x", "y", "lambda", "B", "R_w", "zx", "zy")))


def logistic_shift(values: Instance) -> arb:
    """‖w_R − w_(R∪{z})‖ with certified minimisers on W = {‖w‖ ≤ R_w}."""
    from ...algorithms.retain.erm import fit_distance

    fR, fS = logistic_fits(logistic_key(values))
    return fit_distance(fS, fR).arb()


def logistic_ok(values: Instance) -> Decision:
    x, y = fracs(values["x"]), fracs(values["y"])
    B, lam = frac(values["B"]), frac(values["lambda"])
    ok = (len(x) == len(y) >= 1 and all(v in (-1, 1) for v in y + [frac(values["zy"])]) and lam >= 0
          and all(abs(v) <= B for v in x + [frac(values["zx"])]) and frac(values["R_w"]) > 0 and lam > 0
          and frac(values["n"]) == len(x) and frac(values["a"]) == sum((v * v for v in x), Fraction(0))
          and frac(values["a"]) / len(x) + lam > 0)
    return holds(ok)


LOGISTIC_VALID = P("|x| ≤ B (R and z), y ∈ {±1}, λ > 0 (the certified minimiser needs it), R_w > 0; n = |R|, a = Σx² match the data", logistic_ok)


def logistic_instance(x: list, y: list, lam: Any, zx: Any, zy: Any, B: Any = 1, R_w: Any = 2) -> dict[str, Any]:
    xs = fracs(x)
    return {"x": list(x), "y": list(y), "lambda": lam, "B": B, "R_w": R_w, "zx": zx, "zy": zy, "n": len(xs),
            "a": sum((v * v for v in xs), Fraction(0))}


def _logistic_structured(rng: np.random.Generator, size: int):
    out = logistic_cases(rng, size)
    return [v for v in out if logistic_shift(v).is_finite()]  # a fit without a finite certificate


def logistic_cases(rng: np.random.Generator, size: int) -> list[dict[str, Any]]:
    """Example G.3's datasets × λ × z × R_w (unfiltered)."""
    data = [(["1/2", "-1", "3/4"], ["1", "-1", "-1"]), (["1", "1", "1"], ["1", "1", "1"]),
            (["1/10", "-1/10"], ["1", "-1"]), (["1", "1/2", "-1/4", "-1"], ["1", "1", "-1", "-1"])]
    lams = ("1/100", "1/10", "1", "10")
    out = []
    for (x, y), lam in itertools.product(data, lams):
        for zx, zy in (("1", "1"), ("1", "-1"), ("-1", "1"), ("1/2", "-1")):
            for R_w in ("1", "4"):
                out.append(logistic_instance(x, y, lam, zx, zy, R_w=R_w))
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def coarse(v: float, grid: int) -> Fraction:
    """v rounded to the log-grid 10^(k/grid) (so that a search revisits instances, and their cached fits)."""
    import math

    return Fraction(round(10 ** (round(grid * math.log10(v)) / grid) * 10**12), 10**12)


def _logistic_build(p: dict[str, Any]) -> Instance:
    """Points on a grid of step 1/16, λ and R_w on log-grids (8 per decade): the search revisits instances, whose
    certified fits are cached."""
    f = lambda v: Fraction(round(16 * v), 16)  # noqa: E731
    return logistic_instance([f(p["x0"]), f(p["x1"]), f(p["x2"])], ["1", "-1", "1"], coarse(p["lambda"], 8),
                              f(p["zx"]), 1 if p["zy"] >= 0 else -1, R_w=coarse(p["R_w"], 8))


LOGISTIC_SEARCH = Adversary("search over three points in [−1, 1], z, λ and R_w (log scales)", space=Space(
    bounds={"x0": (-1.0, 1.0), "x1": (-1.0, 1.0), "x2": (-1.0, 1.0), "zx": (-1.0, 1.0), "zy": (-1.0, 1.0),
            "lambda": (1e-3, 10.0), "R_w": (0.5, 8.0)}, log=frozenset({"lambda", "R_w"}), build=_logistic_build))


def _g5_instance(lam0: Any, M: Any, L: Any, n: Any) -> dict[str, Any]:
    return {"lambda_0": lam0, "M": M, "L": L, "n": n}


G5_VALID = (Hypothesis("λ_0 > 0", sympy.Gt(retain_formulas.lam0, 0, evaluate=False)),
            Hypothesis("M > 0", sympy.Gt(retain_formulas.M, 0, evaluate=False)),
            Hypothesis("L > 0", sympy.Gt(retain_formulas.L, 0, evaluate=False)),
            Hypothesis("n > 0", sympy.Gt(retain_formulas.n, 0, evaluate=False)),
            Hypothesis("0 ≤ r_n < 1", sympy.Lt(R_N_EXPR, 1, evaluate=False)))


def _g5_structured(rng: np.random.Generator, size: int):
    out = []
    for lam0, M, L in (("1", "1", "1"), ("1/4", "1/10", "1"), ("10", "3", "1/2"), ("1/100", "1", "1/1000")):
        base = 4 * frac(M) * frac(L) / frac(lam0) ** 2  # r_n = base/n
        for r in ("1/1000000", "1/100", "1/2", "4/5", "9/10", "99/100", "999999/1000000"):
            out.append(_g5_instance(lam0, M, L, base / frac(r)))  # n chosen so that r_n = r (n need not be an integer)
        for n in (1, 10, 10**6):
            if base / n < 1:
                out.append(_g5_instance(lam0, M, L, n))
    return out


G5_SEARCH = Adversary("search over λ_0, M, L and r_n ∈ (0, 1) (log scales)", space=Space(
    bounds={"lambda_0": (1e-3, 10.0), "M": (1e-3, 10.0), "L": (1e-3, 10.0), "r": (1e-6, 0.999999)},
    log=frozenset({"lambda_0", "M", "L", "r"}),
    build=lambda p: _g5_instance(*(Fraction(p[k]).limit_denominator(10**6) for k in ("lambda_0", "M", "L")),
                                 4 * Fraction(p["M"]).limit_denominator(10**6) * Fraction(p["L"]).limit_denominator(10**6)
                                 / Fraction(p["lambda_0"]).limit_denominator(10**6) ** 2
                                 / Fraction(p["r"]).limit_denominator(10**6))))
_G5_ADVERSARIES = (Adversary("r_n from 10⁻⁶ to 1 − 10⁻⁶ (where 1 ≤ √(1−r) + 1 − r/2 fails: r > 2√2 − 2)",
                             generate=_g5_structured), G5_SEARCH)


def _arb_upper_fraction(x: arb) -> Fraction:
    """A rational ≥ every point of the ball x, within 2^-200 of its upper end."""
    up = x.mid() + x.rad() + arb(2) ** -200
    man, exp = up.mid().man_exp()
    q = Fraction(int(man)) * (Fraction(2) ** int(exp))
    return q if not (to_arb(q) < x) else q + Fraction(1, 2**180)


@functools.lru_cache(maxsize=256)
def local_terms(x: tuple, y: tuple, zx: Fraction, zy: Fraction) -> tuple[arb, arb, arb]:
    """(w_R, w_(R∪z), λ_0) of the unregularised logistic ERM (d = 1), rigorous balls at 300 bits."""
    from ...algorithms.retain.erm import logistic_curvature_1d, logistic_minimiser_1d

    with workprec(300):
        wR = logistic_minimiser_1d(list(x), list(y))
        wS = logistic_minimiser_1d(list(x) + [zx], list(y) + [zy])
        return wR, wS, logistic_curvature_1d(list(x), list(y), wR)


def local_key(values: Instance) -> tuple:
    return tuple(fracs(values["x"])), tuple(fracs(values["y"])), frac(values["zx"]), frac(values["zy"])


def local_shift(values: Instance) -> arb:
    wR, wS, _ = local_terms(*local_key(values))
    return abs(wS - wR)


def _local_constants(values: Instance) -> tuple[arb, arb]:
    """(L, M) of the instance, or Example G.6's (B, B³/(6√3)) when it prescribes them."""
    if "L" in values and "M" in values:
        return to_arb(frac(values["L"])), to_arb(frac(values["M"]))
    return arb_eval(LOGLOSS_L_EXPR, values), arb_eval(LOGLOSS_M_EXPR, values)


def _local_ok(values: Instance) -> Decision:
    x, y = fracs(values["x"]), fracs(values["y"])
    B = frac(values["B"])
    if not (len(x) == len(y) == frac(values["n"]) and all(v in (-1, 1) for v in y + [frac(values["zy"])])
            and all(abs(v) <= B for v in x + [frac(values["zx"])])):
        return Decision.FALSE
    _, _, lam0 = local_terms(*local_key(values))
    with workprec(300):
        return holds(_local_conditions(values, lam0, B, len(x)))


def _local_conditions(values: Instance, lam0: arb, B: Fraction, n: int) -> bool:
    given = to_arb(frac(values["lambda_0"]))
    L, M = _local_constants(values)
    return bool(given >= lam0 and given - lam0 < arb(2) ** -100  # λ_0 rounded up (the bound decreases in λ_0)
          and ("L" not in values or (L >= to_arb(B) and M >= arb_eval(LOGLOSS_M_EXPR, values)))  # valid constants
          and lam0 * lam0 >= 4 * M * L / n)  # Lemma G.4's condition


LOCAL_VALID = P("log loss, λ = 0, d = 1: |x| ≤ B, y ∈ {±1}, non-separable R (finite w_R); L ≥ B, M ≥ B³/(6√3) "
                "(valid constants); λ_0 = λ_min(∇²F̂_R(w_R)) rounded up by < 2⁻¹⁰⁰; λ_0² ≥ 4ML/n", _local_ok)


def _local_instance(x: list, y: list, zx: Any, zy: Any, B: Any = 1, constants: bool = True) -> dict[str, Any]:
    xs, ys = fracs(x), fracs(y)
    _, _, lam0 = local_terms(tuple(xs), tuple(ys), frac(zx), frac(zy))
    with workprec(300):
        lam0_up = _arb_upper_fraction(lam0)
    inst = {"x": xs, "y": ys, "zx": frac(zx), "zy": frac(zy), "B": frac(B), "n": len(xs), "lambda_0": lam0_up}
    if constants:  # Lemma G.4 takes L, M as given; the log loss's own (rational upper ends)
        inst["L"] = frac(B)
        inst["M"] = frac(B) ** 3 * Fraction(9623, 100000)  # ≥ 1/(6√3) = 0.096225…
    return inst


def local_data(n_pos: int, n_neg: int, reps: int) -> tuple[list, list]:
    """Points cycling through 1, 1/2, −1, −1/2 (``4·reps`` of them), labels cycling through ``n_pos`` times +1 and
    ``n_neg`` times −1: both signs of y·x occur (non-separable, a finite minimiser); the imbalance moves w_R."""
    x = [Fraction(1), Fraction(1, 2), Fraction(-1), Fraction(-1, 2)] * reps
    cycle = [1] * n_pos + [-1] * n_neg
    return x, [cycle[i % len(cycle)] for i in range(len(x))]


def _local_structured(constants: bool):
    def gen(rng: np.random.Generator, size: int):
        out = []
        for n_pos, n_neg, reps in ((1, 1, 6), (2, 1, 8), (3, 1, 12), (1, 1, 16), (2, 3, 10)):
            x, y = local_data(n_pos, n_neg, reps)
            for zx, zy in (("1", "1"), ("1", "-1"), ("-1", "1"), ("1/2", "-1")):
                try:
                    inst = _local_instance(x, y, zx, zy, constants=constants)
                except Exception:  # separable draws are skipped
                    continue
                out.append(inst)
        return [v for v in out if _local_ok(v) is Decision.TRUE][:size] if size else out

    return gen


def _local_build(constants: bool):
    def build(p: dict[str, Any]) -> Instance:
        reps = 6 + int(p["reps"])
        x, y = local_data(1 + int(p["pos"]), 1, reps)
        return _local_instance(x, y, Fraction(p["zx"]).limit_denominator(20), 1 if p["zy"] >= 0 else -1,
                               constants=constants)

    return build


def _local_search(constants: bool) -> Adversary:
    return Adversary("search over the added point, the label imbalance and n", space=Space(
        bounds={"zx": (-1.0, 1.0), "zy": (-1.0, 1.0), "pos": (0.0, 2.99), "reps": (0.0, 8.99)},
        build=_local_build(constants)))


def _logistic_ratio(values: Instance) -> arb:
    """``RS-witness/Δ_GS``: the shift for the instance's z over ``Δ_GS = L/(nλ)``, ``L = B + λR_w`` (Lemma 3.7)."""
    gs = arb_eval(ERM_GS_EXPR.subs(retain_formulas.L, LOGISTIC_L_EXPR), {**values, "m": 1})
    return logistic_shift(values) / gs


_RIDGE2_ADV = (Adversary("ill-conditioned and strongly regularised designs; added points along eigenvectors with both "
                         "labels", generate=_ridge2_structured(False)), _ridge2_search(False))
_RIDGE2_ADV_2 = (Adversary("ill-conditioned and strongly regularised designs; added points along eigenvectors with both "
                           "labels", generate=_ridge2_structured(True)), _ridge2_search(True))
LOGISTIC_ADV = (Adversary("balanced and one-sided labels, points at ±B, λ from 1/100 to 10, R_w ∈ {1, 4}",
                           generate=_logistic_structured), LOGISTIC_SEARCH)


def _ridge_m_data(values: Instance):
    from ...algorithms.retain import labeled

    R = labeled((rows(values["X"]), fracs(values["y"])), "R")
    Z = labeled((rows(values["Zx"]), fracs(values["Zy"])), "U")
    return R, Z


def _ridge_m_terms(values: Instance) -> dict[str, Fraction]:
    from ...algorithms.retain import RidgeERM

    lam = frac(values["lambda"])
    R, Z = _ridge_m_data(values)
    w = RidgeERM(lam=lam, B=frac(values["B"]), Y=1).fit(R + Z).theta
    grad = sum(((sum((a * b for a, b in zip(x, w)), Fraction(0)) - t) * x + lam * w for x, t in zip(Z.X, Z.y)),
               np.zeros(R.d, dtype=object))
    H = R.X.T @ R.X / R.n
    h11, h12, h22 = (H[0, 0] + lam, H[0, 1], H[1, 1] + lam) if R.d == 2 else (H[0, 0] + lam, Fraction(0), H[0, 0] + lam)
    return {"G2": sum((v * v for v in grad), Fraction(0)), "hs": (h11 + h22) / 2, "hd": (h11 - h22) / 2, "h12": h12,
            "n": R.n, "m": Z.n}


def _ridge_m_ok(values: Instance) -> Decision:
    from ...algorithms.retain import RidgeERM

    R, Z = _ridge_m_data(values)
    mech = RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=1)
    mech.prepare(R)
    mech.prepare(R + Z)
    return holds(R.d <= 2 and all(frac(values[k]) == v for k, v in _ridge_m_terms(values).items()))


RIDGE_M_VALID = P("ridge data (‖x‖ ≤ B, |y| ≤ 1, d ≤ 2, XᵀX/n + λI ≻ 0), m = |Z| ≥ 1; G2 = ‖Σ_z ∇f(w_R', z)‖², hs, hd, "
                  "h12, n computed from them", _ridge_m_ok)


def _ridge_m_shift(values: Instance) -> Fraction | arb:
    from ...algorithms.retain import RidgeERM

    R, Z = _ridge_m_data(values)
    return RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=1).shift(R, Z).exact_or_enclosure()


def _ridge_m_instance(X: list, y: list, lam: Any, Zx: list, Zy: list) -> dict[str, Any]:
    inst = {"X": [list(r) for r in X], "y": list(y), "lambda": lam, "B": 1, "Zx": [list(z) for z in Zx], "Zy": list(Zy)}
    return {**inst, **_ridge_m_terms(inst)}


def _ridge_m_draw(rng: np.random.Generator) -> dict[str, Any]:
    """A random instance: d ∈ {1, 2}, B ∈ [1/2, 2], n ∈ 1…8 points (‖x‖ ≤ B: coordinates in [−7B/10, 7B/10] for d = 2,
    or B times a unit vector (±1, 0), (0, ±1), (±3/5, ±4/5), (±4/5, ±3/5); [−B, B] for d = 1), labels in [−1, 1]
    (often ±1), λ = 0 (when XᵀX is nonsingular; one draw in four) or k·10^(−j) ∈ [1/1000, 20]; m ∈ 1…6 added
    points, independent, repeated or ± opposite."""
    d = int(rng.integers(1, 3))
    B = growth.rational(rng, Fraction(1, 2), 2, 4)
    units = ((1, 0), (-1, 0), (0, 1), (0, -1),
             *((Fraction(3 * a, 5), Fraction(4 * b, 5)) for a in (1, -1) for b in (1, -1)),
             *((Fraction(4 * a, 5), Fraction(3 * b, 5)) for a in (1, -1) for b in (1, -1)))

    def point() -> list[Fraction]:
        if d == 1:
            return [growth.rational(rng, -B, B, 20)]
        if rng.integers(0, 3) == 0:
            return [B * Fraction(c) for c in units[int(rng.integers(0, len(units)))]]
        return [growth.rational(rng, -7 * B / 10, 7 * B / 10, 20) for _ in range(2)]

    def label() -> Fraction:
        return Fraction(int(rng.choice((-1, 1)))) if rng.integers(0, 2) else growth.rational(rng, -1, 1, 10)

    n, m, shape = int(rng.integers(1, 9)), int(rng.integers(1, 7)), int(rng.integers(0, 3))
    X, y = [point() for _ in range(n)], [label() for _ in range(n)]
    if shape == 0:
        Zx, Zy = [point() for _ in range(m)], [label() for _ in range(m)]
    else:
        z, t = point(), label()
        Zx = [z if shape == 1 or i % 2 == 0 else [-c for c in z] for i in range(m)]
        Zy = [t if shape == 1 or i % 2 == 0 else -t for i in range(m)]
    G = rows(X).T @ rows(X)
    det = G[0, 0] if d == 1 else G[0, 0] * G[1, 1] - G[0, 1] ** 2
    lam = Fraction(0) if det != 0 and rng.integers(0, 4) == 0 else \
        Fraction(int(rng.integers(1, 21)), 10 ** int(rng.integers(0, 4)))
    inst = {"X": X, "y": y, "lambda": lam, "B": B, "Zx": Zx, "Zy": Zy}
    return {**inst, **_ridge_m_terms(inst)}


def _ridge_m_structured(rng: np.random.Generator, size: int):
    out = []
    for X, y, lam in _RIDGE2_DATA:
        d = len(X[0])
        pts = ([["0", "1"], ["0", "1"]], [["0", "1"], ["1", "0"]], [["3/5", "-4/5"], ["0", "1"], ["1", "0"]]) if d == 2 \
            else ([["1"], ["1"]], [["1"], ["-1"]], [["1/2"], ["1"], ["1"]])
        for Zx in pts:
            for sign in (1, -1):
                out.append(_ridge_m_instance(X, y, lam, Zx, [sign] * len(Zx)))
    return growth.grown(out, size, _ridge_m_draw, rng, 50)


CLAIMS = (
    Claim(
        id="retain.exG.2",
        source="Example G.2 with Lemma 3.7 / eq. (2) (lines 246–252, 599–605)",
        kind=Kind.SENSITIVITY,
        statement="Ridge: RS(R) ≤ L^MSE/(nλ_R), L^MSE = B³/λ_min(XᵀX/(n+1) + λI) + B, λ_R = λ_min(XᵀX/n + λI)",
        hypotheses=(RIDGE_VALID,),
        bound=RIDGE_BOUND_1D,
        quantity=ridge_rs,
        adversaries=(Adversary("large λ with small ‖w_R‖, points on the data sphere, nearly degenerate designs",
                               generate=ridge_structured), RIDGE_SEARCH),
        derivation="retain.exG.2",
        note="d = 1: the exact RS is in closed form (RidgeERM.exact_rs); the bound is written with a = Σx².",
    ),
    Claim(
        id="retain.exG.2+fix",
        source="Example G.2 (lines 599–605), corrected: the per-sample gradient includes the regulariser's λw",
        kind=Kind.SENSITIVITY,
        statement="Ridge: RS(R) ≤ L/(nλ_R) with L = (B² + λ)BY/λ_min(XᵀX/(n+1) + λI) + BY",
        hypotheses=(RIDGE_VALID,),
        bound=RIDGE_BOUND_FIX_1D,
        quantity=ridge_rs,
        adversaries=(Adversary("large λ with small ‖w_R‖, points on the data sphere, nearly degenerate designs",
                               generate=ridge_structured), RIDGE_SEARCH),
        derivation="retain.exG.2+fix",
        corrects="retain.exG.2",
        note="Lemma G.1 writes (n+1)∇F̂_R' = n∇F̂_R + ∇f(·, z) with the regulariser inside f, so ‖∇f(w_R, z)‖ ≤ "
             "B(B‖w_R‖ + Y) + λ‖w_R‖; the printed L^MSE drops λ‖w_R‖.",
    ),
    Claim(
        id="retain.lemG.1",
        source="Lemma G.1 (lines 585–597), first inequality; Lemma 3.7's stability step (line 252); ridge, d ≤ 2",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w_(R∪z)‖ ≤ ‖∇f(w_(R∪z), z)‖/(n λ_R), λ_R = λ_min(XᵀX/n + λI), f with the regulariser inside",
        hypotheses=(_ridge2_ok(False),), bound=ERM_G1_EXPR, quantity=_ridge2_shift, adversaries=_RIDGE2_ADV,
        derivation="retain.lemG.1",
        note="Exact rational ridge minimisers. For a quadratic risk n∇²F̂_R(w_R − w_R') = ∇f(w_R', z) exactly, so the "
             "bound is attained when ∇f is an eigenvector for λ_min (always for d = 1). The ‖∇f‖ ≤ L step is "
             "Example G.2/G.3's (retain.exG.2, retain.exG.3).",
    ),
    Claim(
        id="retain.lemG.1:second",
        source="Lemma G.1 (lines 585–589 and 597): 'by the same argument' ‖w_R − w_R'‖ ≤ ‖∇f(w_R, z)‖/((n + 1)λ_R'); ridge, d ≤ 2",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w_(R∪z)‖ ≤ ‖∇f(w_R, z)‖/((n + 1) λ_R'), λ_R' = λ_min(X'ᵀX'/(n + 1) + λI)",
        hypotheses=(_ridge2_ok(True),), bound=ERM_G1_SECOND_EXPR, quantity=_ridge2_shift, adversaries=_RIDGE2_ADV_2,
        derivation="retain.lemG.1:second",
    ),
    Claim(
        id="retain.lemG.1:control-tenth-less",
        source="negative control: Lemma G.1's first inequality with the bound reduced by 10% (it is attained)",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖w_R − w_(R∪z)‖ ≤ (9/10)‖∇f(w_(R∪z), z)‖/(n λ_R)",
        hypotheses=(_ridge2_ok(False),), bound=ERM_G1_EXPR * 9 / 10, quantity=_ridge2_shift, adversaries=_RIDGE2_ADV,
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.exG.3",
        source="Example G.3, eq. (3) (lines 607–611) with Lemma G.1; d = 1, λ > 0",
        kind=Kind.SENSITIVITY,
        statement="Logistic ERM on ‖w‖ ≤ R_w: ‖w_R − w_(R∪z)‖ ≤ (B + λR_w)/(n λ_R^LogL), "
                  "λ_R^LogL = λ_min(XᵀX/n)(2 cosh(BR_w/2))⁻² + λ",
        hypotheses=(LOGISTIC_VALID,), bound=LOGISTIC_BOUND_1D, quantity=logistic_shift, adversaries=LOGISTIC_ADV,
        derivation="retain.exG.3",
        note="Certified minimisers (problems.minimize, radius ~1e-50) of the standard logistic loss (the printed loss's "
             "stray −y wᵀx contradicts its own L = B + λR_w). RS is the maximum over z, which the adversaries search. "
             "λ = 0 is outside: the certified minimiser needs λ > 0.",
    ),
    Claim(
        id="retain.lem3.7",
        source="Lemma 3.7 (lines 246–252): RS_ERM(R)/Δ_GS ≤ λ/λ_R, Δ_GS = L/(nλ); logistic loss of Example G.3, d = 1",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w_(R∪z)‖/(L/(nλ)) ≤ λ/λ_R for every z (L = B + λR_w, λ_R = λ_min(XᵀX/n)(2 cosh(BR_w/2))⁻² + λ)",
        hypotheses=(LOGISTIC_VALID,), bound=ERM_RATIO_EXPR, quantity=_logistic_ratio, adversaries=LOGISTIC_ADV,
        derivation="retain.lem3.7",
    ),
    Claim(
        id="retain.lemG.4",
        source="Lemma G.4 (lines 613–635); unregularised log loss, d = 1 (constants L ≥ B, M ≥ B³/(6√3) given)",
        kind=Kind.SENSITIVITY,
        statement="If λ_0² ≥ 4ML/n, λ_0 = λ_min(∇²F̂_R(w_R)): ‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M)",
        hypotheses=(LOCAL_VALID,), bound=LOCAL_BOUND_EXPR, quantity=local_shift,
        adversaries=(Adversary("label imbalances, points at ±B, n from 24 to 64", generate=_local_structured(True)),
                     _local_search(True)),
        derivation="retain.lemG.4",
        note="w_R, w_(R∪z) and λ_0 are rigorous balls (bisection on F̂' at 300 bits); λ_0 enters the instance rounded up "
             "by < 2⁻¹⁰⁰, which only lowers the (decreasing in λ_0) bound.",
    ),
    Claim(
        id="retain.lemG.4+fix",
        source="Lemma G.4 (lines 613–635) with a continuity argument for its last step (lines 627–633)",
        kind=Kind.SENSITIVITY,
        statement="If λ_0² ≥ 4ML/n: ‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M) — the same bound, proved through "
                  "r(τ) = ‖w_R − w_τ‖ for the weight τ ∈ [0, 1] of z",
        hypotheses=(LOCAL_VALID,), bound=LOCAL_BOUND_EXPR, quantity=local_shift,
        adversaries=(Adversary("label imbalances, points at ±B, n from 24 to 64", generate=_local_structured(True)),
                     _local_search(True)),
        derivation="retain.lemG.4+fix", corrects="retain.lemG.4",
        note="The printed proof solves r(λ_0 − Mr) ≤ L/n using only r < λ_0/M, which leaves r ∈ [r₊, λ_0/M) open; the "
             "minimiser of F̂_R + (τ/n)f(·, z) moves continuously from w_R, so r(τ) cannot jump the gap (r₋, r₊) and "
             "stays ≤ r₋ ≤ λ_0/(2M). The statement is unchanged; only the derivation is repaired.",
    ),
    Claim(
        id="retain.lemG.4:control-halved",
        source="negative control: Lemma G.4's bound halved (its tightness is ≈ 0.58)",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(4M)",
        hypotheses=(LOCAL_VALID,), bound=LOCAL_BOUND_EXPR / 2, quantity=local_shift,
        adversaries=(Adversary("label imbalances, points at ±B", generate=_local_structured(True)),),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.exG.6",
        source="Example G.6 (lines 661–665): logistic regression, λ = 0, L = B, M = B³/(6√3); d = 1",
        kind=Kind.SENSITIVITY,
        statement="If n ≥ 4ML/λ_0²: ‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M) with L = B, M = B³/(6√3)",
        hypotheses=(LOCAL_VALID,), bound=LOCAL_BOUND_EXPR, quantity=local_shift,
        prescribed=PRESCRIBED["retain.exG.6"],
        adversaries=(Adversary("label imbalances, points at ±B, n from 24 to 64", generate=_local_structured(False)),
                     _local_search(False)),
        derivation="retain.exG.6",
    ),
    Claim(
        id="retain.lemG.5",
        source="Lemma G.5 (lines 637–659), eq. (4) upper side (the explicit form of the Θ(1/n²) remainder)",
        kind=Kind.INEQUALITY,
        statement="For 0 ≤ r_n = 4ML/(λ_0² n) < 1: (λ_0 − √(λ_0² − 4ML/n))/(2M) ≤ L/(nλ_0) + λ_0 r_n²/(2M(4 − 2r_n))",
        hypotheses=G5_VALID, bound=G5_UPPER_EXPR, quantity=lambda values: arb_eval(LOCAL_BOUND_EXPR, values),
        quantity_expr=LOCAL_BOUND_EXPR, adversaries=_G5_ADVERSARIES, derivation="retain.lemG.5",
    ),
    Claim(
        id="retain.lemG.5:lower",
        source="Lemma G.5 (lines 637–659), eq. (4) lower side",
        kind=Kind.INEQUALITY,
        statement="For 0 ≤ r_n < 1: L/(nλ_0) + λ_0 r_n²/(2M(8 − 4r_n)) ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M)",
        hypotheses=G5_VALID, bound=LOCAL_BOUND_EXPR, quantity=lambda values: arb_eval(G5_LOWER_EXPR, values),
        quantity_expr=G5_LOWER_EXPR, adversaries=_G5_ADVERSARIES, derivation="retain.lemG.5:lower",
    ),
    Claim(
        id="retain.lemG.5:control-swapped",
        source="negative control: eq. (4) with its two sides swapped",
        kind=Kind.INEQUALITY,
        statement="(wrong on purpose) (λ_0 − √(λ_0² − 4ML/n))/(2M) ≤ L/(nλ_0) + λ_0 r_n²/(2M(8 − 4r_n))",
        hypotheses=G5_VALID, bound=G5_LOWER_EXPR, quantity=lambda values: arb_eval(LOCAL_BOUND_EXPR, values),
        adversaries=_G5_ADVERSARIES, control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lemG.1:m-points+fix",
        source="extension of Lemma G.1 (lines 585–597) to m added points; ridge, d ≤ 2",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w_(R∪Z)‖ ≤ ‖Σ_(z∈Z) ∇f(w_(R∪Z), z)‖/(nλ_R) ≤ mL/(nλ_R)",
        hypotheses=(RIDGE_M_VALID,), bound=ERM_G1_M_EXPR, quantity=_ridge_m_shift,
        adversaries=(Adversary("ill-conditioned and regularised designs; repeated and opposite added points",
                               generate=_ridge_m_structured),),
        derivation="retain.lemG.1:m-points+fix", corrects="retain.lemG.1",
        note="Not a correction: n∇F̂_R(w_R') = −Σ_z ∇f(w_R', z) by optimality on R ∪ Z, then strong monotonicity as in "
             "Lemma G.1.",
    ),
)
