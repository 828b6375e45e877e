"""Section 4 (lines 265–304) and Appendix H (lines 687–759) of the retain paper: active unlearning.

* Lemma H.1 (Descent-to-Delete, eq. (5), lines 689–701) — ``retain.lemH.1``, ``retain.lemH.1:sensitivity``, their
  m-point extensions ``retain.lemH.1:m-points+fix``, ``retain.lemH.1:m-points-sensitivity+fix`` and controls;
* Lemma H.2 (Newton step, lines 711–758) — ``retain.lemH.2`` and ``retain.lemH.2:m-points+fix``;
* Lemma H.3 (line 748; Algorithm 2's σ, line 725) — ``retain.lemH.3``;
* Lemma 4.1 (lines 277–281) — ``retain.lem4.1`` (+fix, ``:lower``, ``:lower+fix``, control);
* Lemma 4.2 (lines 295–299) — ``retain.lem4.2`` and its control.
"""
from __future__ import annotations

import functools
from typing import Any

import numpy as np
from flint import arb

from ...formulas.retain import (
    D2D_BOUND_1, D2D_BOUND_EXPR, ITER_COUNT_RATIO_EXPR, ITER_RATIO_EXPR, ITER_RATIO_FIX_EXPR,
    ITER_RATIO_LOWER_FIX_EXPR, NEWTON_GS_1D, NEWTON_LOG_BOUND_1D, NEWTON_LOG_BOUND_M_1D, NEWTON_LOG_SIGMA_1D,
    NEWTON_RATIO_1D,
)
from ...formulas.symbols import delta
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.sympy_arb import arb_eval
from .. import growth
from ..hypotheses import P, holds
from ..instances import frac, instance_key
from ..model import Adversary, Claim, Control, Instance, Kind, Space
from .erm import LOGISTIC_SEARCH, coarse, logistic_cases, logistic_data, logistic_fits, logistic_instance, logistic_key, logistic_mech, logistic_ok, logistic_shift
from .families import fracs, shift_delta, shift_laws
from .pca import rows


def _d2d_mech(values: Instance):
    """Algorithm 1's mechanism for the instance (cached: its parameters are memoised per R)."""
    return _d2d_mech_cached(logistic_key(values), frac(values["epsilon"]), frac(values["delta"]), frac(values["sigma"]))


@functools.lru_cache(maxsize=256)
def _d2d_mech_cached(key: tuple, eps: Fraction, dl: Fraction, sig: Fraction):
    from ...algorithms.retain import DescentToDeleteRS

    return DescentToDeleteRS(logistic_mech(dict(key)), epsilon=eps, delta=dl, sigma=sig)


@functools.lru_cache(maxsize=256)
def _d2d_shift_cached(key: tuple, eps: Fraction, dl: Fraction, sig: Fraction) -> arb:
    values = dict(key)
    R, Z = logistic_data({**values, "x": list(values["x"]), "y": list(values["y"])})
    return _d2d_mech_cached(key, eps, dl, sig).shift(R, Z).arb()


def _d2d_shift(values: Instance) -> arb:
    """‖G_R^I(w_(R∪z)) − w_R‖ of Algorithm 1 (d2d projected GD, enclosed in ball arithmetic from certified minimisers)."""
    return _d2d_shift_cached(logistic_key(values), frac(values["epsilon"]), frac(values["delta"]), frac(values["sigma"]))


@functools.lru_cache(maxsize=256)
def _d2d_parameters_cached(key: tuple, eps: Fraction, dl: Fraction, sig: Fraction) -> dict[str, Any]:
    values = dict(key)
    R, _ = logistic_data({**values, "x": list(values["x"]), "y": list(values["y"])})
    mech = _d2d_mech_cached(key, eps, dl, sig)
    return {**mech.parameters(R), "I_G": mech.global_iterations(R.n)}


def _d2d_parameters(values: Instance) -> dict[str, Any]:
    """Algorithm 1's parameters for R (and the global count I of Lemma 4.1), cached per (R, z, ε, δ, σ)."""
    return _d2d_parameters_cached(logistic_key(values), frac(values["epsilon"]), frac(values["delta"]),
                                  frac(values["sigma"]))


def _d2d_terms(values: Instance) -> dict[str, Any]:
    p = _d2d_parameters(values)
    return {"gamma_R": p["gamma_R"], "I": p["I"], "L": p["L"], "lambda_R": p["lambda_R"], "n": p["n"]}


def _d2d_delta(values: Instance) -> arb:
    return shift_delta(values["epsilon"], values["sigma"], _d2d_shift(values))


def _active_ok(values: Instance) -> Decision:
    eps, dl, sig = frac(values["epsilon"]), frac(values["delta"]), frac(values.get("sigma", 1))
    return holds(logistic_ok(values) is Decision.TRUE and 0 < eps < 1 and 0 < dl < 1 and sig > 0
                  and logistic_shift(values).is_finite())


def _d2d_ok(values: Instance) -> Decision:
    if _active_ok(values) is not Decision.TRUE:
        return Decision.FALSE
    return holds(all(frac(values[k]) == frac(v) for k, v in _d2d_terms(values).items() if k in values))


def _interior_ok(values: Instance) -> Decision:
    """Both minimisers strictly inside ‖w‖ < R_w (decided with their certified radii): ∇F̂_R(w_R) = 0 and
    ∇F̂_R'(w_R') = 0, which Lemma H.2's Taylor step uses (line 738)."""
    if _active_ok(values) is not Decision.TRUE:
        return Decision.FALSE
    Rw = frac(values["R_w"])
    for fit in logistic_fits(logistic_key(values)):
        w = abs(Fraction(str(fit.theta[0])))
        if not w + Fraction(fit.radius) + Fraction(1, 10**30) < Rw:
            return Decision.FALSE
    return Decision.TRUE


ACTIVE_VALID = P("as Example G.3 (d = 1, λ > 0, certified minimisers), ε, δ ∈ (0, 1), σ > 0", _active_ok)
NEWTON_VALID = P("as Example G.3 (d = 1, λ > 0), ε, δ ∈ (0, 1); w_R and w_(R∪z) interior to ‖w‖ ≤ R_w (the gradient "
                 "vanishes at both, as Lemma H.2's proof uses)", _interior_ok)
D2D_VALID = P("as Example G.3, ε, δ ∈ (0, 1), σ > 0; γ_R, I, L, λ_R, n (when given) those Algorithm 1 computes from R "
              "(λ_R the rational lower end, γ_R = (β_R − λ_R)/(β_R + λ_R), I = I_R of eq. (5))", _d2d_ok)


def _active_instance(base: dict[str, Any], eps: Any, dl: Any, sig: Any = None, d2d_terms: bool = False) -> dict[str, Any]:
    inst = {**base, "epsilon": eps, "delta": dl}
    if sig is not None:
        inst["sigma"] = sig
    if d2d_terms:
        inst.update(_d2d_terms(inst))
    return inst


def _active_structured(kind: str):
    def gen(rng: np.random.Generator, size: int):
        bases = [v for v in logistic_cases(rng, 10**6) if frac(v["R_w"]) == 4][::5]
        bases = [v for v in bases if logistic_shift(v).is_finite()]
        out = []
        for i, base in enumerate(bases):
            eps, dl = (("1/2", "1/100000"), ("9/10", "1/1000"), ("1/10", "1/10000000000"))[i % 3]
            if kind == "newton":
                out.append(_active_instance(base, eps, dl))
            else:
                for sig in ("1/10", "1/1000"):
                    out.append(_active_instance(base, eps, dl, sig, d2d_terms=(kind == "d2d-terms")))
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return out

    return gen


def _active_build(kind: str):
    def build(p: dict[str, Any]) -> Instance:
        f = lambda v: Fraction(v).limit_denominator(8)  # noqa: E731
        base = logistic_instance([f(p["x0"]), f(p["x1"]), f(p["x2"])], ["1", "-1", "1"], coarse(p["lambda"], 4),
                                  f(p["zx"]), 1 if p["zy"] >= 0 else -1, R_w=coarse(p["R_w"], 4))
        return _active_instance(base, Fraction(p["epsilon"]).limit_denominator(20), coarse(p["delta"], 1),
                                None if kind == "newton" else coarse(p["sigma"], 2), d2d_terms=(kind == "d2d-terms"))

    return build


#: Search box of the active claims: λ ≥ 3/10 and R_w ≥ 4 keep both minimisers inside ‖w‖ < R_w (|w| ≤ B/λ), where
#: Lemma H.2's ∇F̂ = 0 holds and the certified minimiser needs no projection.
_ACTIVE_BOUNDS = {**LOGISTIC_SEARCH.space.bounds, "lambda": (0.3, 10.0), "R_w": (4.0, 8.0), "epsilon": (0.01, 0.99),
                  "delta": (1e-12, 0.1)}


def _active_search(kind: str) -> Adversary:
    bounds = dict(_ACTIVE_BOUNDS)
    if kind != "newton":
        bounds["sigma"] = (1e-4, 1.0)
    return Adversary("search over the data, z, λ, R_w, ε, δ" + ("" if kind == "newton" else ", σ") + " (coarse grids)",
                     space=Space(bounds=bounds, log=frozenset({"lambda", "R_w", "delta", "sigma"}),
                                 build=_active_build(kind)))


def _newton_mech(values: Instance):
    from ...algorithms.retain import NewtonStepRS

    return NewtonStepRS(logistic_mech(values))


@functools.lru_cache(maxsize=256)
def _newton_shift_cached(key: tuple) -> arb:
    values = dict(key)
    R, Z = logistic_data({**values, "x": list(values["x"]), "y": list(values["y"])})
    return _newton_mech(values).shift(R, Z).arb()


def _newton_shift(values: Instance) -> arb:
    """‖w̄ − w_R‖ of Algorithm 2's update (lines 726–727) from the certified minimiser of R ∪ {z}."""
    return _newton_shift_cached(logistic_key(values))


def _newton_sigma(values: Instance) -> arb:
    return arb_eval(NEWTON_LOG_SIGMA_1D, values)


def _newton_delta(values: Instance) -> arb:
    return shift_delta(values["epsilon"], _newton_sigma(values), _newton_shift(values))


def _newton_ratio(values: Instance) -> arb:
    return _newton_shift(values) / arb_eval(NEWTON_GS_1D, values)


def _iter_terms(values: Instance) -> dict[str, Any]:
    p = _d2d_parameters(values)
    erm = _d2d_mech(values).erm
    beta = Fraction(str(erm.loss.constants(erm.domain).value("M")))
    lam = frac(values["lambda"])
    return {"I": p["I"], "I_G": p["I_G"], "L": p["L"], "n": p["n"], "lambda_R": p["lambda_R"],
            "gamma_R": p["gamma_R"], "gamma_G": (beta - lam) / (beta + lam)}


def _iter_ok(values: Instance) -> Decision:
    if _active_ok(values) is not Decision.TRUE:
        return Decision.FALSE
    t = _iter_terms(values)
    return holds(all(frac(values[k]) == frac(v) for k, v in t.items()) and t["I"] >= 1 and t["I_G"] >= 1)


ITER_VALID = P("as Example G.3, ε, δ ∈ (0, 1), σ > 0; I = I_R and I_G = I (eq. (5), Algorithm 1's and the global "
               "analysis' counts), L, n, λ_R, γ_R, γ_G = (β − λ)/(β + λ) those the algorithm computes; I_R, I ≥ 1",
               _iter_ok)


def _iter_structured(rng: np.random.Generator, size: int):
    out = []
    for v in _active_structured("d2d")(rng, 10**6):
        inst = {**v, **_iter_terms(v)}
        if inst["I"] >= 1 and inst["I_G"] >= 1:
            out.append(inst)
    return out[:size]


def _iter_build(p: dict[str, Any]) -> Instance:
    v = _active_build("d2d")(p)
    return {**v, **_iter_terms(v)}


_ITER_SEARCH = Adversary("search over the data, λ, R_w, ε, δ, σ (coarse grids)", space=Space(
    bounds={**_ACTIVE_BOUNDS, "sigma": (1e-4, 1e-2)}, log=frozenset({"lambda", "R_w", "delta", "sigma"}),
    build=_iter_build))
_NEWTON_ADV = (Adversary("Example G.3's datasets with R_w = 4 (interior minimisers), several (ε, δ)",
                         generate=_active_structured("newton")), _active_search("newton"))

def _iter_printed_ratio(values: Instance) -> arb:
    """Lemma 4.1's printed ratio ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R) at Algorithm 1's constants."""
    return arb_eval(ITER_RATIO_EXPR, values)


def _iter_lower_fix(values: Instance) -> arb:
    return arb_eval(ITER_RATIO_LOWER_FIX_EXPR, values)


_ITER_ADV = (Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}", generate=_iter_structured), _ITER_SEARCH)


def _newton_m_data(values: Instance):
    from ...algorithms.retain import labeled

    R = labeled((rows([[x] for x in values["x"]]), fracs(values["y"])), "R")
    Z = labeled((rows([[x] for x in values["Zx"]]), fracs(values["Zy"])), "U")
    return R, Z


def _newton_m_shift(values: Instance) -> arb:
    R, Z = _newton_m_data(values)
    return _newton_mech(values).shift(R, Z).arb()


def _newton_m_ok(values: Instance) -> Decision:
    R, Z = _newton_m_data(values)
    B, Rw, lam = frac(values["B"]), frac(values["R_w"]), frac(values["lambda"])
    if not (lam > 0 and all(abs(v) <= B for v in list(R.X[:, 0]) + list(Z.X[:, 0]))
            and all(v in (-1, 1) for v in list(R.y) + list(Z.y)) and frac(values["m"]) == Z.n
            and frac(values["n"]) == R.n and frac(values["a"]) == sum((v * v for v in R.X[:, 0]), Fraction(0))):
        return Decision.FALSE
    mech = logistic_mech(values)
    for fit in (mech.fit(R), mech.fit(R + Z)):
        if not abs(Fraction(str(fit.theta[0]))) + Fraction(fit.radius) + Fraction(1, 10**30) < Rw:
            return Decision.FALSE
    return Decision.TRUE


NEWTON_M_VALID = P("as Lemma H.2 (log loss, d = 1, interior minimisers) with m = |Z| added points", _newton_m_ok)


def _newton_m_listed() -> list[dict[str, Any]]:
    out = []
    for x, y in ((["1/2", "-1", "3/4"], ["1", "-1", "-1"]), (["1", "1/2", "-1/4", "-1"], ["1", "1", "-1", "-1"])):
        for lam in ("1/10", "1"):
            for Zx, Zy in ((["1", "1"], ["-1", "-1"]), (["1", "-1"], ["-1", "1"]), (["1", "1", "1"], ["-1", "-1", "-1"])):
                base = logistic_instance(x, y, lam, "0", "1", R_w="4")
                inst = {k: v for k, v in base.items() if k not in ("zx", "zy")}
                out.append({**inst, "Zx": Zx, "Zy": Zy, "m": len(Zx)})
    return out


#: Random instances after the m-point families' lists (thorough): 12 listed + 50 random.
_M_MOST = 50


def _newton_m_draw(rng: np.random.Generator) -> dict[str, Any]:
    """A random instance of the m-point class (log loss, d = 1): B ∈ [1/2, 2], n ∈ 1…8 points and m ∈ 1…5 deleted
    points in [−B, B] (the deleted ones independent, repeated or ± opposite), labels ±1, λ ∈ [1/20, 5] (log-spread)
    and R_w ≥ ⌈B/λ⌉ + 1 > B/λ ≥ |w| at both minimisers (|λw| = |mean of ℓ'·y·x| < B), so both are interior."""
    B = growth.rational(rng, Fraction(1, 2), 2, 4)
    n, m = int(rng.integers(1, 9)), int(rng.integers(1, 6))
    point = lambda: growth.rational(rng, -B, B, 8)  # noqa: E731
    label = lambda: 1 if rng.integers(0, 2) else -1  # noqa: E731
    x, y = [point() for _ in range(n)], [label() for _ in range(n)]
    shape = int(rng.integers(0, 3))
    if shape == 0:
        Zx, Zy = [point() for _ in range(m)], [label() for _ in range(m)]
    elif shape == 1:
        z, zy = point(), label()
        Zx, Zy = [z] * m, [zy] * m
    else:
        z, zy = point(), label()
        Zx, Zy = [z if i % 2 == 0 else -z for i in range(m)], [zy if i % 2 == 0 else -zy for i in range(m)]
    lam = growth.rational(rng, 1, 10, 4) / 10 ** int(rng.integers(0, 2)) / 2
    R_w = -((-B / lam).__floor__()) + int(rng.integers(1, 4))
    base = logistic_instance(x, y, lam, "0", "1", B=B, R_w=R_w)
    inst = {k: v for k, v in base.items() if k not in ("zx", "zy")}
    return {**inst, "Zx": Zx, "Zy": Zy, "m": m}


def _newton_m_structured(rng: np.random.Generator, size: int):
    return growth.grown(_newton_m_listed(), size, _newton_m_draw, rng, _M_MOST)


# --------------------------------------------------------------------------- Descent-to-Delete for m deletions (+fix-style)
def _d2d_m_mech(values: Instance):
    """Algorithm 1 certified for m deletions (eq. (5) with mL, the same DescentToDeleteRS; cached per R)."""
    return _d2d_m_mech_cached(instance_key(values, ("x", "y", "lambda", "B", "R_w", "epsilon", "delta", "sigma", "m")))


@functools.lru_cache(maxsize=64)
def _d2d_m_mech_cached(key: tuple):
    from ...algorithms.retain import DescentToDeleteRS

    v = dict(key)
    return DescentToDeleteRS(logistic_mech(v), epsilon=v["epsilon"], delta=v["delta"], sigma=v["sigma"], m=int(v["m"]))


@functools.lru_cache(maxsize=256)
def _d2d_m_shift_cached(key: tuple) -> arb:
    v = {k: list(x) if isinstance(x, tuple) else x for k, x in key}
    R, Z = _newton_m_data(v)
    return _d2d_m_mech(v).shift(R, Z).arb()


def _d2d_m_shift(values: Instance) -> arb:
    """‖G_R^I(w_(R∪Z)) − w_R‖ after Algorithm 1's I = I_R steps for m deletions (d2d projected GD, enclosed)."""
    return _d2d_m_shift_cached(instance_key(values, ("x", "y", "lambda", "B", "R_w", "epsilon", "delta", "sigma", "m",
                                                     "Zx", "Zy")))


def _d2d_m_delta(values: Instance) -> arb:
    return shift_delta(values["epsilon"], values["sigma"], _d2d_m_shift(values))


def _d2d_m_terms(values: Instance) -> dict[str, Any]:
    R, _ = _newton_m_data(values)
    p = _d2d_m_mech(values).parameters(R)
    return {k: p[k] for k in ("gamma_R", "I", "L", "lambda_R", "n", "m")}


def _d2d_m_ok(values: Instance) -> Decision:
    R, Z = _newton_m_data(values)
    B, lam, m = frac(values["B"]), frac(values["lambda"]), frac(values["m"])
    eps, dl, sig = frac(values["epsilon"]), frac(values["delta"]), frac(values["sigma"])
    if not (lam > 0 and frac(values["R_w"]) > 0 and 0 < eps < 1 and 0 < dl < 1 and sig > 0 and m == Z.n >= 1
            and all(abs(v) <= B for v in list(R.X[:, 0]) + list(Z.X[:, 0]))
            and all(v in (-1, 1) for v in list(R.y) + list(Z.y))):
        return Decision.FALSE
    if not _d2d_m_shift(values).is_finite():
        return Decision.FALSE
    return holds(all(frac(values[k]) == frac(v) for k, v in _d2d_m_terms(values).items() if k in values))


D2D_M_VALID = P("as Lemma H.1 (log loss, d = 1, λ > 0, certified minimisers; ε, δ ∈ (0, 1), σ > 0) with m = |Z| ≥ 1 "
                "deleted points; γ_R, I, L, λ_R, n (when given) those Algorithm 1 computes for m deletions", _d2d_m_ok)


def _d2d_m_draw(rng: np.random.Generator) -> dict[str, Any]:
    """:func:`_newton_m_draw` with ε ∈ [1/100, 99/100], δ = k·10^(−j) (j = 2…12) and σ = k·10^(−j) (j = 1…4)."""
    inst = _newton_m_draw(rng)
    eps = growth.rational(rng, Fraction(1, 100), Fraction(99, 100), 100)
    dl = Fraction(int(rng.integers(1, 10)), 10 ** int(rng.integers(2, 13)))
    sig = Fraction(int(rng.integers(1, 10)), 10 ** int(rng.integers(1, 5)))
    return {**inst, "epsilon": eps, "delta": dl, "sigma": sig}


def _d2d_m_structured(terms: bool):
    def gen(rng: np.random.Generator, size: int):
        out = []
        for i, base in enumerate(_newton_m_listed()):
            eps, dl = (("1/2", "1/100000"), ("9/10", "1/1000"), ("1/10", "1/10000000000"))[i % 3]
            out.append({**base, "epsilon": eps, "delta": dl, "sigma": ("1/10", "1/1000")[i % 2]})
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        out = growth.grown(out, size, _d2d_m_draw, rng, _M_MOST)
        return [{**inst, **_d2d_m_terms(inst)} for inst in out] if terms else out

    return gen


CLAIMS = (
    Claim(
        id="retain.lemH.1",
        source="Lemma H.1 (lines 691–707) with Algorithm 1 (lines 667–681); log loss of Example G.3, d = 1",
        kind=Kind.UNLEARNING,
        statement="Descent-to-Delete with I = I_R(ε, δ, σ) of eq. (5) steps from w_(R∪z) publishes N(G_R^I(w_(R∪z)), σ²) "
                  "vs N(w_R, σ²): (ε, δ)-indistinguishable",
        hypotheses=(ACTIVE_VALID,), bound=delta, quantity=_d2d_delta,
        laws=shift_laws(_d2d_shift, lambda values: values["sigma"]),
        adversaries=(Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}, several (ε, δ)",
                               generate=_active_structured("d2d")), _active_search("d2d")),
        derivation="retain.lemH.1",
        note="The quantity is the exact δ at ε (Balle–Wang) of the actual shift after I_R steps of the d2d projected "
             "gradient descent (enclosed in ball arithmetic from the certified minimisers: algorithms.retain.enclosed).",
    ),
    Claim(
        id="retain.lemH.1:sensitivity",
        source="Lemma H.1's proof (lines 691–701): ‖G_R^I(w_R') − w_R‖ ≤ γ_R^I·L/(nλ_R)",
        kind=Kind.SENSITIVITY,
        statement="‖G_R^I(w_(R∪z)) − w_R‖ ≤ γ_R^I L/(n λ_R) with Algorithm 1's η_R = 2/(λ_R + β_R)",
        hypotheses=(D2D_VALID,), bound=D2D_BOUND_1, quantity=_d2d_shift,
        adversaries=(Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}", generate=_active_structured("d2d-terms")),
                     _active_search("d2d-terms")),
        derivation="retain.lemH.1:sensitivity",
    ),
    Claim(
        id="retain.lemH.1:sensitivity-control-twentieth",
        source="negative control: Lemma H.1's shift bound divided by 20 (the smallest round factor below its tightness ≈ 0.09)",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖G_R^I(w_(R∪z)) − w_R‖ ≤ γ_R^I L/(20 n λ_R)",
        hypotheses=(D2D_VALID,), bound=D2D_BOUND_1 / 20, quantity=_d2d_shift,
        adversaries=(Adversary("Example G.3's datasets", generate=_active_structured("d2d-terms")),),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lemH.2",
        source="Lemma H.2 (lines 711–746), Newton step of Algorithm 2 (lines 719–729); log loss of Example G.3, d = 1",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w̄‖ ≤ L²M/(n²λ_R³), w̄ = w_(R∪z) + (1/n)Ĥ⁻¹∇f(w_(R∪z), z) (L = B + λR_w, M = B³/(6√3))",
        hypotheses=(NEWTON_VALID,), bound=NEWTON_LOG_BOUND_1D, quantity=_newton_shift, adversaries=_NEWTON_ADV,
        derivation="retain.lemH.2",
        note="The printed statement drops the ½ its proof derives (line 746). With the constraint ‖w‖ ≤ R_w active the "
             "Taylor step's ∇F̂_R(w_R) = 0 fails and so can the bound: interior minimisers are a hypothesis here.",
    ),
    Claim(
        id="retain.lemH.3",
        source="Lemma H.3 (lines 748–758) / Lemma 4.2 (lines 295–299), noise of Algorithm 2 line 1 (line 725)",
        kind=Kind.UNLEARNING,
        statement="The Newton step with σ = c_(ε,δ)·ML²/(λ_R³n²) in both worlds is (ε, δ)-unlearning",
        hypotheses=(NEWTON_VALID,), bound=delta, quantity=_newton_delta, adversaries=_NEWTON_ADV,
        laws=shift_laws(_newton_shift, _newton_sigma),
        derivation="retain.thm2.11",
    ),
    Claim(
        id="retain.lem4.2",
        source="Lemma 4.2 (lines 295–303): RS_(A,Ā)(R)/Δ_GS ≤ (λ/λ_R)³, Δ_GS = L²M/(n²λ³)",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w̄‖/(L²M/(n²λ³)) ≤ (λ/λ_R)³ for every z",
        hypotheses=(NEWTON_VALID,), bound=NEWTON_RATIO_1D, quantity=_newton_ratio, adversaries=_NEWTON_ADV,
        derivation="retain.lem4.2",
    ),
    Claim(
        id="retain.lem4.2:control-four-hundredth",
        source="negative control: Lemma 4.2's ratio bound divided by 400 (its tightness is ≈ 0.0034)",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖w_R − w̄‖/Δ_GS ≤ (λ/λ_R)³/400",
        hypotheses=(NEWTON_VALID,), bound=NEWTON_RATIO_1D / 400, quantity=_newton_ratio,
        adversaries=(_NEWTON_ADV[0],), control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lem4.1",
        source="Lemma 4.1 (lines 277–283), as printed (an equation; checked as I_R/I ≤ the printed ratio)",
        kind=Kind.ITERATIONS,
        statement="I_R(ε, δ, σ)/I(ε, δ, σ) = ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R), C_n = L/(nσ b(ε, δ))",
        hypotheses=(ITER_VALID,), bound=ITER_RATIO_EXPR,
        quantity=lambda values: to_arb(Fraction(frac(values["I"])) / frac(values["I_G"])),
        quantity_expr=ITER_COUNT_RATIO_EXPR,
        adversaries=(Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}", generate=_iter_structured), _ITER_SEARCH),
        derivation="retain.lem4.1",
        note="I_R and I are the integer counts of eq. (5) (ceilings), as Algorithm 1 uses them; the printed ratio is "
             "that of the un-rounded logarithms.",
    ),
    Claim(
        id="retain.lem4.1+fix",
        source="Lemma 4.1 (lines 277–283) with the ceilings of eq. (5)",
        kind=Kind.ITERATIONS,
        statement="I_R/I ≤ (x_R + 1)/x, x_R = ln(C_n/λ_R)/ln(1/γ_R), x = ln(C_n/λ)/ln(1/γ) (I_R = ⌈x_R⌉, I = ⌈x⌉)",
        hypotheses=(ITER_VALID,), bound=ITER_RATIO_FIX_EXPR,
        quantity=lambda values: to_arb(Fraction(frac(values["I"])) / frac(values["I_G"])),
        quantity_expr=ITER_COUNT_RATIO_EXPR,
        adversaries=(Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}", generate=_iter_structured), _ITER_SEARCH),
        derivation="retain.lem4.1+fix", corrects="retain.lem4.1",
        note="⌈x_R⌉ < x_R + 1 and ⌈x⌉ ≥ x: the ratio of the rounded counts is within these limits, not equal to x_R/x.",
    ),
    Claim(
        id="retain.lem4.1:lower",
        source="Lemma 4.1 (lines 277–283), as printed, the ≥ direction of its equation",
        kind=Kind.ITERATIONS,
        statement="ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R) ≤ I_R(ε, δ, σ)/I(ε, δ, σ), C_n = L/(nσ b(ε, δ))",
        hypotheses=(ITER_VALID,), bound=ITER_COUNT_RATIO_EXPR, quantity=_iter_printed_ratio,
        quantity_expr=ITER_RATIO_EXPR, adversaries=_ITER_ADV,
        derivation="retain.lem4.1:lower",
        note="I_R and I are the integer counts of eq. (5), as Algorithm 1 uses them.",
    ),
    Claim(
        id="retain.lem4.1:lower+fix",
        source="Lemma 4.1 (lines 277–283), ≥ direction, with the ceilings of eq. (5)",
        kind=Kind.ITERATIONS,
        statement="x_R/(x + 1) ≤ I_R/I, x_R = ln(C_n/λ_R)/ln(1/γ_R), x = ln(C_n/λ)/ln(1/γ) (I_R = ⌈x_R⌉, I = ⌈x⌉)",
        hypotheses=(ITER_VALID,), bound=ITER_COUNT_RATIO_EXPR, quantity=_iter_lower_fix,
        quantity_expr=ITER_RATIO_LOWER_FIX_EXPR, adversaries=_ITER_ADV,
        derivation="retain.lem4.1:lower+fix", corrects="retain.lem4.1:lower",
        note="⌈x_R⌉ ≥ x_R and ⌈x⌉ < x + 1.",
    ),
    Claim(
        id="retain.lem4.1:lower-fix-control-tenth-more",
        source="negative control: Lemma 4.1's corrected ≥ direction (retain.lem4.1:lower+fix, lines 277–283; tight within 2%) with its left side raised by 1/9",
        kind=Kind.ITERATIONS,
        statement="(wrong on purpose) (10/9)·x_R/(x + 1) ≤ I_R/I",
        hypotheses=(ITER_VALID,), bound=ITER_COUNT_RATIO_EXPR, quantity=lambda v: _iter_lower_fix(v) * 10 / 9,
        adversaries=(_ITER_ADV[0],), control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lemH.2:m-points+fix",
        source="extension of Lemma H.2 (lines 711–746) to m deleted points; log loss, d = 1",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w̄‖ ≤ m²L²M/(n²λ_R³), w̄ = w_(R∪Z) + (1/n)Ĥ⁻¹Σ_(z∈Z)∇f(w_(R∪Z), z)",
        hypotheses=(NEWTON_M_VALID,), bound=NEWTON_LOG_BOUND_M_1D, quantity=_newton_m_shift,
        adversaries=(Adversary("Example G.3's datasets, 2–3 repeated or opposite deleted points",
                               generate=_newton_m_structured),),
        derivation="retain.lemH.2:m-points+fix", corrects="retain.lemH.2",
        note="Not a correction: the Taylor step is unchanged and Lemma G.1 for m points gives ‖w_R' − w_R‖ ≤ mL/(nλ_R).",
    ),
    Claim(
        id="retain.lemH.1:m-points+fix",
        source="extension of Lemma H.1 (lines 691–707) with Algorithm 1 to m deleted points; log loss, d = 1",
        kind=Kind.UNLEARNING,
        statement="Descent-to-Delete with I = ⌈ln(mL/(nλ_Rσb(ε, δ)))/ln(1/γ_R)⌉ steps from w_(R∪Z), |Z| = m, publishes "
                  "N(G_R^I(w_(R∪Z)), σ²) vs N(w_R, σ²): (ε, δ)-indistinguishable",
        hypotheses=(D2D_M_VALID,), bound=delta, quantity=_d2d_m_delta,
        laws=shift_laws(_d2d_m_shift, lambda values: values["sigma"]),
        adversaries=(Adversary("Example G.3's datasets, 2–3 repeated or opposite deleted points, σ ∈ {1/10, 1/1000}",
                               generate=_d2d_m_structured(False)),),
        derivation="retain.lemH.1:m-points+fix", corrects="retain.lemH.1",
        note="Not a correction: the paper states m = 1. Lemma G.1 for m points (retain.lemG.1:m-points+fix) gives "
             "‖w_R' − w_R‖ ≤ mL/(nλ_R); the contraction and the Gaussian step are unchanged, so eq. (5) with mL.",
    ),
    Claim(
        id="retain.lemH.1:m-points-sensitivity+fix",
        source="extension of Lemma H.1's proof (lines 691–701) to m deleted points",
        kind=Kind.SENSITIVITY,
        statement="‖G_R^I(w_(R∪Z)) − w_R‖ ≤ γ_R^I·mL/(nλ_R), |Z| = m, with Algorithm 1's η_R = 2/(λ_R + β_R)",
        hypotheses=(D2D_M_VALID,), bound=D2D_BOUND_EXPR, quantity=_d2d_m_shift,
        adversaries=(Adversary("Example G.3's datasets, 2–3 repeated or opposite deleted points",
                               generate=_d2d_m_structured(True)),),
        derivation="retain.lemH.1:m-points-sensitivity+fix", corrects="retain.lemH.1:sensitivity",
        note="Not a correction: the paper states m = 1.",
    ),
    Claim(
        id="retain.lemH.1:m-points-sensitivity-fix-control-twentieth",
        source="negative control: the m-point extension of Lemma H.1's proof (lines 691–701), its shift bound divided by 20 (its tightness ≈ 0.09)",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖G_R^I(w_(R∪Z)) − w_R‖ ≤ γ_R^I·mL/(20nλ_R)",
        hypotheses=(D2D_M_VALID,), bound=D2D_BOUND_EXPR / 20, quantity=_d2d_m_shift,
        adversaries=(Adversary("Example G.3's datasets, 2–3 deleted points", generate=_d2d_m_structured(True)),),
        control=Control.NEGATIVE,
    ),
)
