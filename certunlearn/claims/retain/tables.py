"""Table 1 of the retain paper (lines 222–230, 259–261): RS versus GS for ERM.

* ``retain.table1:mse-lambda0`` — unregularised least squares (eq. (2) at λ = 0, GS = ∞);
* ``retain.table1:logloss-lambda0`` — unregularised logistic regression on |w| ≤ R_w (eq. (3) at λ = 0);
* ``retain.table1:gs`` — the global bound Δ_GS = L/(nλ).
"""
from __future__ import annotations

import numpy as np

from ...formulas.retain import (
    TABLE1_GS_EXPR, TABLE1_LOG0_EXPR, TABLE1_MSE0_EXPR,
)
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from .. import growth
from ..hypotheses import P, holds
from ..instances import frac
from ..model import Adversary, Claim, Instance, Kind, Space
from .erm import (
    LOGISTIC_ADV, LOGISTIC_VALID, local_data, local_key, local_shift, local_terms, logistic_shift, ridge_build, ridge_draw,
    ridge_instance, ridge_ok, ridge_rs,
)
from .families import fracs


def _mse0_ok(values: Instance) -> Decision:
    return holds(ridge_ok(values) is Decision.TRUE and frac(values["lambda"]) == 0)


def _mse0_structured(rng: np.random.Generator, size: int):
    cases = [(["1/8", "-1/2", "3/4"], ["1", "-1", "1"]), (["1", "1", "1"], ["1", "1", "1"]), (["1", "-1"], ["1", "1"]),
             (["1/100", "1/100", "1/100"], ["1", "1", "1"]), (["1", "1/2", "1/4", "1/8"], ["1", "-1", "1", "-1"]),
             (["1/2"], ["1"]), (["1/10", "1"], ["-1", "1"])]
    return growth.grown([ridge_instance(x, y, "0") for x, y in cases], size, lambda r: ridge_draw(r, Fraction(0)), rng)


def _log0_terms(values: Instance) -> bool:
    """R_w bounds both unconstrained minimisers (so W = {‖w‖ ≤ R_w} holds them and Example G.3 applies)."""
    wR, wS, _ = local_terms(*local_key(values))
    Rw = to_arb(frac(values["R_w"]))
    with workprec(300):
        return bool(abs(wR) < Rw and abs(wS) < Rw)


def _log0_ok(values: Instance) -> Decision:
    x, y = fracs(values["x"]), fracs(values["y"])
    B = frac(values["B"])
    ok = (len(x) == len(y) == frac(values["n"]) and frac(values["lambda"]) == 0 and frac(values["R_w"]) > 0
          and all(v in (-1, 1) for v in y + [frac(values["zy"])]) and all(abs(v) <= B for v in x + [frac(values["zx"])])
          and frac(values["a"]) == sum((v * v for v in x), Fraction(0)))
    return holds(ok and _log0_terms(values))


LOG0_VALID = P("log loss, λ = 0, d = 1, non-separable R (finite minimisers), |x| ≤ B; R_w > |w_R|, |w_(R∪z)|; n, a "
               "computed from R", _log0_ok)


def _log0_structured(rng: np.random.Generator, size: int):
    out = []
    for n_pos, n_neg, reps in ((1, 1, 2), (2, 1, 3), (3, 1, 4), (2, 3, 3)):
        x, y = local_data(n_pos, n_neg, reps)
        for zx, zy in (("1", "1"), ("1", "-1"), ("-1/2", "1")):
            wR, wS, _ = local_terms(tuple(x), tuple(fracs(y)), frac(zx), frac(zy))
            r = max(abs(float(wR.mid())), abs(float(wS.mid())))
            for Rw in (Fraction(r).limit_denominator(100) + Fraction(1, 10), Fraction(r).limit_denominator(100) * 2 + 1):
                out.append({"x": x, "y": y, "zx": frac(zx), "zy": frac(zy), "B": Fraction(1), "n": len(x), "lambda": 0,
                            "R_w": Rw, "a": sum((v * v for v in x), Fraction(0))})
    return growth.grown(out, size, _log0_draw, rng, 40)


def _log0_draw(rng: np.random.Generator) -> dict:
    """A random instance: B ∈ [1/2, 2], n ∈ 2…12 points in [−B, B] (step B/8) with labels ±1, redrawn until both
    signs of y·x occur (non-separable: finite minimisers), z = (zx, ±1) with zx ∈ [−B, B]; R_w = t·r + s with r ≈
    max(|w_R|, |w_(R∪z)|) as the listed instances compute it, t ∈ [1, 3], s ∈ [1/20, 1] (R_w > both minimisers)."""
    B = growth.rational(rng, Fraction(1, 2), 2, 4)
    n = int(rng.integers(2, 13))
    while True:
        x = [B * Fraction(int(rng.integers(-8, 9)), 8) for _ in range(n)]
        y = [int(rng.choice((-1, 1))) for _ in range(n)]
        if any(a * b > 0 for a, b in zip(x, y)) and any(a * b < 0 for a, b in zip(x, y)):
            break
    zx, zy = B * Fraction(int(rng.integers(-8, 9)), 8), int(rng.choice((-1, 1)))
    wR, wS, _ = local_terms(tuple(x), tuple(Fraction(v) for v in y), zx, Fraction(zy))
    r = max(abs(float(wR.mid())), abs(float(wS.mid())))
    t, s = growth.rational(rng, 1, 3, 4), growth.rational(rng, Fraction(1, 20), 1, 20)
    Rw = Fraction(r).limit_denominator(100) * t + s
    return {"x": x, "y": y, "zx": zx, "zy": Fraction(zy), "B": B, "n": n, "lambda": 0, "R_w": Rw,
            "a": sum((v * v for v in x), Fraction(0))}


CLAIMS = (
    Claim(
        id="retain.table1:mse-lambda0",
        source="Table 1 (lines 222–230), row 'MSE λ = 0': RS ≤ L^MSE/(nλ_R^MSE), eq. (2); d = 1",
        kind=Kind.SENSITIVITY,
        statement="Unregularised least squares: RS(R) ≤ (B³/λ_min(XᵀX/(n+1)) + B)/(n λ_min(XᵀX/n)) while GS = ∞",
        hypotheses=(P("ridge data with λ = 0", _mse0_ok),), bound=TABLE1_MSE0_EXPR, quantity=ridge_rs,
        adversaries=(Adversary("points on the data sphere, nearly degenerate designs, λ = 0", generate=_mse0_structured),
                     Adversary("search over x ∈ [−1, 1]³, y ∈ {±1}³ at λ = 0", space=Space(
                         bounds={**{f"x{i}": (-1.0, 1.0) for i in range(3)}, **{f"y{i}": (-1.0, 1.0) for i in range(3)}},
                         fixed={"lambda": 0.0}, build=ridge_build))),
        derivation="retain.table1:mse-lambda0",
        note="At λ = 0 the regulariser's gradient vanishes, so the printed L^MSE is a valid gradient bound here "
             "(compare retain.exG.2 at λ > 0).",
    ),
    Claim(
        id="retain.table1:logloss-lambda0",
        source="Table 1 (lines 222–230), row 'LOG LOSS λ = 0': RS ≤ L^LogL/(nλ_R^LogL), eq. (3); d = 1",
        kind=Kind.SENSITIVITY,
        statement="Unregularised logistic regression with |w| ≤ R_w: ‖w_R − w_(R∪z)‖ ≤ B/(n λ_min(XᵀX/n)(2cosh(BR_w/2))⁻²)",
        hypotheses=(LOG0_VALID,), bound=TABLE1_LOG0_EXPR, quantity=local_shift,
        adversaries=(Adversary("label imbalances, R_w just above and well above the minimisers",
                               generate=_log0_structured),),
        derivation="retain.table1:logloss-lambda0",
    ),
    Claim(
        id="retain.table1:gs",
        source="Table 1 and line 261 (i): λ_R ≥ λ > 0 implies RS_ERM(R) ≤ Δ_GS = L/(nλ); log loss of Example G.3",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w_(R∪z)‖ ≤ (B + λR_w)/(nλ) for every z",
        hypotheses=(LOGISTIC_VALID,), bound=TABLE1_GS_EXPR, quantity=logistic_shift, adversaries=LOGISTIC_ADV,
        derivation="retain.table1:gs",
    ),
)
