"""Claims of "Retain sensitivity for unlearning" (Heinzler, Malihi, Sanyal), encoded as printed.

Paper file: ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it). Derivations: ``proofs/retain.py``.
Algorithms: :mod:`certunlearn.algorithms.retain` (:class:`RetainUnlearning`, the mechanisms with their exact RS).

**One source of truth.** Every printed formula of the paper lives here, once, as a sympy expression
(``C_CLASSIC_EXPR``, ``SIGMA_EXPR``, ``MEDIAN_RS_EXPR``, ``PCA_BOUND_EXPR``, ``MSE_L_EXPR``, ``I_R_EXPR``,
``NEWTON_SIGMA_EXPR``, …, in the symbols ``SYMBOLS`` of :mod:`certunlearn.algorithms.retain_sensitivity`); the
algorithms read them lazily (``_printed(name)``: this module imports the algorithms).

**Claims** (ids ``retain.*``):

* ``fact1`` — Fact 1 (line 77), the classic Gaussian mechanism for ε ∈ (0, 1]: the true δ at ε of N(0, σ²) vs
  N(Δ, σ²) with σ = Δ·c_(ε,δ);
* ``thm2.11`` — Theorem 2.11 (lines 113–121): both worlds publish N(Ā_0(·), σ(R)²I) with σ(R) = RS(R)·c_(ε,δ)
  (RS the **exact** retain sensitivity); the quantity is the exact δ at ε between the two published laws
  (Balle–Wang profile of the actual mean shift ‖μ₁ − μ₂‖ in the output space the mechanism releases — the
  profile of two isotropic Gaussians depends on the shift's norm only); mechanisms: the median (ℝ¹) and the
  MST weight under edge adjacency (ℝ¹), both with exact RS;
* ``cor2.12`` — Corollary 2.12 (lines 127–129): the passive median with σ(R) from Lemma C.1's closed form;
* ``thm2.11:control-sigma-halved`` — negative control, σ(R)/2: must come out violated;
* ``lemC.1`` and ``lem3.1`` — the median's retain sensitivity (exact lemma; the quantity is RS by enumeration of
  a finite universe containing the extremes) and its ratio to GS = B/2;
* ``lemD.1`` / ``lem3.3`` — MST weight under edge adjacency: RS = the cut formula (exact lemma), and its ratio to
  GS = B; ``lemD.1:m-edges+fix`` — the m-edge extension (sum of the m heaviest exposed MST edges);
* ``thmD.4`` — MST weight under vertex adjacency, the numerator as printed, RS over every E' ⊇ E_R (the
  definition, line 461); ``thmD.4+fix`` — E' = E_R ∪ every edge at v (the reading the proof uses, line 485);
* ``lemE.2`` (= Lemma 3.4) — the rank-k projector, Frobenius shift ≤ 2√2B²/((n+1)gap); ``lemE.2:m-points+fix`` —
  m added points;
* ``lemF.2`` / ``lem3.5`` — hard-margin SVM over a finite support (exact rational SVMs);
* ``sec3-rs-below-gs`` — the comparative prose: calibrating to RS never needs more noise than GS (median);
* ``exG.2`` — Example G.2 with eq. (2) (lines 599–605): ridge RS ≤ L^MSE/(nλ_R), L^MSE = B³/λ_min + B, as
  printed; ``exG.2+fix`` — with the regulariser's gradient λw in the per-sample gradient bound,
  L = (B² + λ)BY/λ_min + BY.

Second part (the sections after ``CLAIMS``):

* ``lemE.1`` / ``lemE.1:frobenius`` — Davis–Kahan as printed (÷ gap_k(A)), checked on symmetric 2×2 matrices with
  closed-form projectors; ``+fix`` — Yu–Wang–Samworth's constants 2 and 2√2;
* ``lemG.1`` (and ``:second``) — the stability inequality with the actual gradient, exact ridge (d ≤ 2);
  ``exG.3`` — eq. (3) for the logistic loss (certified minimisers); ``lem3.7`` — RS/Δ_GS ≤ λ/λ_R;
* ``lemG.4`` (+fix: the continuity argument its last step needs), ``exG.6`` — the local-curvature bound for the
  unregularised log loss (rigorous bisection minimisers); ``lemG.5`` (and ``:lower``) — eq. (4);
* ``lemF.1`` (and ``:lower``) — ‖w_R‖ = 1/γ_R with γ_R enumerated independently; ``lemD.3`` — SMT ≤ MST(K_(V∪v));
* active mechanisms: ``lemH.1`` (δ of Descent-to-Delete with I_R steps) and ``lemH.1:sensitivity``, ``lemH.2``,
  ``lemH.3`` (δ of the Newton step with Algorithm 2's σ), ``lem4.2``, ``lem4.1`` (+fix: the ceilings of eq. (5));
* m-deletion extensions ``lemC.1:m-points+fix``, ``lemG.1:m-points+fix``, ``lemF.2:m-points+fix``,
  ``lemH.2:m-points+fix``; Table 1 rows ``table1:mse-lambda0``, ``table1:logloss-lambda0``, ``table1:gs``;
* negative controls ``…:control-…`` for every family.

* ``lemE.3`` — δ of the noisy PCA release (upper-triangular noise) with Lemma E.2's σ(R).
* ``lemE.2:operator`` — Lemma E.2's proof in operator norm (line 517, d = 2), which Lemma E.4 uses;
  ``lemE.4`` — Lemma E.4's inequality before its O(·): ‖V_RV_Rᵀ − P_k(V_R'V_R'ᵀ + E)‖_2 ≤ 2B²/((n + 1)gap) +
  2‖E‖_2 for every E (d = 2, k = 1); ``lemE.4:noise-tail`` — its "with high probability ‖E‖ = O(√d σ)" with
  constants, P(‖E‖_2 ≥ σ(2√d + t)) ≤ 2e^(−t²/4), the probability computed exactly (certified integral, d = 2).
* ``lemH.1:m-points+fix`` and ``lemH.1:m-points-sensitivity+fix`` — Descent-to-Delete for m deletions (eq. (5)
  with mL); ``lem4.1:lower`` (+fix) — the ≥ direction of Lemma 4.1's equation.

Not encoded: Theorem 2.11 for the SVM/ERM releases (their δ claims follow from the sensitivity claims through
``thm2.11``'s chain).

Instances are exact (Fractions / decimal strings). Median instances: ``B``, ``R`` (odd n ≥ 3 values in [0, B]),
``U`` (one deleted point), ``epsilon``, ``delta``; MST-edge instances (``mech`` = 1): a weighted graph ``R`` as an
edge list ``[[u, v, w], …]`` on vertices 0..N−1 and the deleted edge ``U = [u, v, w]``. Ridge instances (d = 1):
``x``, ``y``, ``lambda``, ``B``, ``Y`` = 1, and the scalars ``n`` = |R| and ``a`` = Σx² the bound is written in
(a hypothesis checks they match the data).
"""
from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from typing import Any

import numpy as np
import sympy
from flint import acb, arb, ctx

from ..algorithms.retain_sensitivity import SYMBOLS
from ..numeric.enclosure import Decision, to_arb
from ..numeric.precision import workprec
from ..numeric.sympy_arb import arb_eval
from ..privacy import delta_enclosure
from .hypotheses import P, holds
from .instances import frac, instance_key
from .model import Adversary, Claim, Control, Hypothesis, Instance, Kind, Space
from ..formulas.symbols import Delta, delta, epsilon

# =========================================================================== printed formulas (one home)
_S = SYMBOLS
_eps, _delta, _RS, _c = _S["epsilon"], _S["delta"], _S["RS"], _S["c"]
_B, _Y, _n, _m, _L, _M = (_S[k] for k in ("B", "Y", "n", "m", "L", "M"))
_lamR, _lammin, _lam, _Rw, _gap, _k, _d = (_S[k] for k in ("lambda_R", "lambda_min", "lambda", "R_w", "gap", "k", "d"))
_gamma, _gammaR, _rho, _sigma, _gR = (_S[k] for k in ("gamma", "gamma_R", "rho", "sigma", "gamma_R"))
_I = sympy.Symbol("I", nonnegative=True, integer=True)
_x_lo, _x_mid, _x_hi = sympy.symbols("x_lo x_mid x_hi", nonnegative=True)
_near, _wR, _wK = sympy.symbols("nearest w_R w_K", nonnegative=True)

#: Fact 1 (line 77): ``c_(ε,δ) = √(2 log(1.25/δ))/ε``.
C_CLASSIC_EXPR = sympy.sqrt(2 * sympy.log(sympy.Rational(5, 4) / _delta)) / _eps
#: Theorem 2.11 (line 115): ``σ(R) = RS(R)·√(2 log(1.25/δ))/ε``.
SIGMA_EXPR = _RS * C_CLASSIC_EXPR

#: Lemma C.1 (lines 421–431), as printed: ``RS = ½ max{x_(m+1) − x_(m), x_(m) − x_(m−1)}`` (n odd, n ≥ 3).
MEDIAN_RS_EXPR = sympy.Max(_x_hi - _x_mid, _x_mid - _x_lo) / 2
#: Lemma 3.1's proof (line 153): ``GS_median = B/2``.
MEDIAN_GS_EXPR = _B / 2
#: Lemma 3.1 (lines 149–151): ``RS/GS = max{x_(m+1) − x_(m), x_(m) − x_(m−1)}/B``.
MEDIAN_RATIO_EXPR = sympy.Max(_x_hi - _x_mid, _x_mid - _x_lo) / _B
#: Lemma 3.4 / E.2 (lines 198–204, 503–519), as printed: ``RS_{P_k}(R) ≤ 2√2 B²/((n + 1) gap_k(R))``.
PCA_BOUND_EXPR = 2 * sympy.sqrt(2) * _B**2 / ((_n + 1) * _gap)
#: The m-deletion extension (see :class:`~certunlearn.algorithms.retain.PCAProjector`): ``2√2 m B²/((n + m) gap_k(R))``.
PCA_BOUND_M_EXPR = 2 * sympy.sqrt(2) * _m * _B**2 / ((_n + _m) * _gap)
#: Largest Frobenius distance of two rank-k projectors in ℝ^d: ``√(2 min(k, d − k))``.
PCA_GS_EXPR = sympy.sqrt(2 * sympy.Min(_k, _d - _k))

#: Lemma 3.3's proof (line 182): ``GS = B`` under edge-weight adjacency.
MST_EDGE_GS_EXPR = _B
#: Theorem D.4 (lines 475–479), numerator as printed: ``max{max_v min_(v'∈V_R) d(v, v'), w(MST(R)) − ρ_d w(MST(K_V_R))}``.
MST_VERTEX_BOUND_EXPR = sympy.Max(_near, _wR - _rho * _wK)
#: Theorem D.4's proof (line 481): ``GS ≥ (n − 2)B`` (a lower bound only).
MST_VERTEX_GS_EXPR = (_n - 2) * _B

#: Lemma F.2 (lines 565–567): ``RS_SVM(R) ≤ √(1/γ² − 1/γ_R²)``.
SVM_BOUND_EXPR = sympy.sqrt(1 / _gamma**2 - 1 / _gammaR**2)
#: Lemma 3.5's proof (line 220): ``GS_SVM = 1/γ``.
SVM_GS_EXPR = 1 / _gamma

#: Lemma 3.7 / G.1 (lines 246–252, 585–597): ``RS_ERM(R) ≤ L/(n λ_R)``.
ERM_BOUND_EXPR = _L / (_n * _lamR)
#: m deletions: ``RS_m ≤ m L/(n λ_R)``.
ERM_BOUND_M_EXPR = _m * _L / (_n * _lamR)
#: ``Δ_GS = m L/(n λ)`` (Lemma 3.7, Table 1 lines 222–230; m = 1 as printed).
ERM_GS_EXPR = _m * _L / (_n * _lam)
#: Example G.2 (lines 599–605), as printed (labels |y| ≤ Y = 1): ``L^MSE = B³/λ_min(XᵀX/(n+1) + λI) + B``,
#: written with Y: ``B³Y/λ_min + BY``.
MSE_L_EXPR = _B**3 * _Y / _lammin + _B * _Y
#: The same for m deletions, ``λ_min = λ_min(XᵀX/(n+m) + λI)``.
MSE_L_M_EXPR = MSE_L_EXPR
#: Corrected gradient bound: the per-sample gradient ``(⟨x, w⟩ − y)x + λw`` of Lemma G.1 has norm
#: ≤ ``B(B‖w‖ + Y) + λ‖w‖`` with ``‖w_R'‖ ≤ BY/λ_min``: ``(B² + λ)BY/λ_min + BY``.
MSE_L_FIX_EXPR = (_B**2 + _lam) * _B * _Y / _lammin + _B * _Y
#: Example G.3 (lines 607–611): ``L^LogL = B + λ R_w``.
LOGISTIC_L_EXPR = _B + _lam * _Rw
#: Example G.3: ``λ_R = λ_min(XᵀX/n)·(2 cosh(B R_w/2))^(−2) + λ``.
LOGISTIC_CURVATURE_EXPR = _lammin / (2 * sympy.cosh(_B * _Rw / 2)) ** 2 + _lam

#: Lemma H.1 (line 695): ``b(ε, δ) = √(2 log(1/δ) + 2ε) − √(2 log(1/δ))``.
B_EPS_DELTA_EXPR = sympy.sqrt(2 * sympy.log(1 / _delta) + 2 * _eps) - sympy.sqrt(2 * sympy.log(1 / _delta))
#: Lemma H.1, eq. (5) (lines 691–695), before the ceiling, with m deletions (m = 1 as printed).
I_R_EXPR = sympy.log(_m * _L / (_n * _lamR * _sigma * B_EPS_DELTA_EXPR)) / sympy.log(1 / _gR)
#: Lemma H.1's proof (lines 697–701): ``‖G_R^I(w_R') − w_R‖ ≤ γ_R^I · mL/(n λ_R)``.
D2D_BOUND_EXPR = _gR**_I * _m * _L / (_n * _lamR)
#: Lemma H.2 / H.3 (lines 711–758), as printed: ``‖w_R − w̄‖ ≤ L² M/(n² λ_R³)``.
NEWTON_BOUND_EXPR = _L**2 * _M / (_n**2 * _lamR**3)
#: m deletions: ``m² L² M/(n² λ_R³)``.
NEWTON_BOUND_M_EXPR = _m**2 * _L**2 * _M / (_n**2 * _lamR**3)
#: Algorithm 2, line 1 (line 725): ``σ = c_(ε,δ) · M L²/(λ_R³ n²)``.
NEWTON_SIGMA_EXPR = _c * _M * _L**2 / (_lamR**3 * _n**2)

#: Ridge, d = 1 (Example G.2): ``λ_R = a/n + λ`` and ``λ_min(XᵀX/(n+1) + λI) = a/(n+1) + λ`` with ``a = Σx_i²``.
_a = sympy.Symbol("a", positive=True)
LAMBDA_R_1D = _a / _n + _lam
LAMBDA_MIN_1D = _a / (_n + 1) + _lam
RIDGE_BOUND_1D = (ERM_BOUND_EXPR.subs(_L, MSE_L_EXPR).subs({_lammin: LAMBDA_MIN_1D, _lamR: LAMBDA_R_1D}))
RIDGE_BOUND_FIX_1D = (ERM_BOUND_EXPR.subs(_L, MSE_L_FIX_EXPR).subs({_lammin: LAMBDA_MIN_1D, _lamR: LAMBDA_R_1D}))


# =========================================================================== helpers
def _fracs(v: Any) -> list[Fraction]:
    return [frac(x) for x in v]


EPS_RANGE = (Hypothesis("ε > 0", sympy.Gt(epsilon, 0, evaluate=False)),
             Hypothesis("ε < 1", sympy.Lt(epsilon, 1, evaluate=False)))
DELTA_RANGE = (Hypothesis("δ > 0", sympy.Gt(delta, 0, evaluate=False)),
               Hypothesis("δ < 1", sympy.Lt(delta, 1, evaluate=False)))
EPSILONS = ("0.001", "0.01", "0.1", "0.5", "0.9", "0.999")
DELTAS = ("1e-100", "1e-20", "1e-10", "1e-5", "0.001", "0.05", "0.3", "0.5", "0.9")


# --------------------------------------------------------------------------- the mechanisms (exact RS)
MEDIAN, MST_EDGE = 0, 1


def _median_mech(values: Instance):
    from ..algorithms.retain import Median

    return Median(frac(values["B"]))


def _mst_mech(values: Instance):
    from ..algorithms.retain import MSTEdge

    return MSTEdge(frac(values["B"]))


def _graph(values: Instance):
    """The weighted graph of an instance's edge list ``[[u, v, w], …]`` (a networkx Graph, exact weights)."""
    import networkx as nx

    G = nx.Graph()
    for u, v, w in values["R"]:
        G.add_edge(int(frac(u)), int(frac(v)), weight=frac(w))
    return G


def _mechanism_and_data(values: Instance):
    """(mechanism, R, U) of an instance, in the mechanism's own formats."""
    kind = int(frac(values.get("mech", MEDIAN)))
    if kind == MEDIAN:
        return _median_mech(values), _fracs(values["R"]), [frac(values["U"])]
    u, v, w = values["U"]
    return _mst_mech(values), _graph(values), [(int(frac(u)), int(frac(v)), frac(w))]


def _shift_and_rs(values: Instance) -> tuple[Fraction, Fraction]:
    """The actual mean shift ‖μ₁ − μ₂‖ between the two worlds and the exact RS(R) (both exact rationals)."""
    mech, R, U = _mechanism_and_data(values)
    shift = mech.shift(R, U).exact
    rs = mech.exact_rs(R, 1)
    if rs.kind != "exact" or rs.value.exact is None or shift is None:
        raise ValueError("Theorem 2.11's check needs an exact RS")
    return shift, rs.value.exact


def _pair_delta(scale: Fraction):
    def quantity(values: Instance) -> arb:
        shift, rs = _shift_and_rs(values)
        if shift == 0:
            return arb(0)
        sig = arb_eval(SIGMA_EXPR, {"RS": rs, "epsilon": values["epsilon"], "delta": values["delta"]}) * to_arb(scale)
        return delta_enclosure(values["epsilon"], sig, shift)

    return quantity


def _pair_ok(values: Instance) -> Decision:
    mech, R, U = _mechanism_and_data(values)
    mech.prepare(R)
    mech.deletion(mech.prepare(R), U)
    if int(frac(values.get("mech", MEDIAN))) == MEDIAN and (len(R) % 2 == 0 or len(R) < 3):
        return Decision.FALSE
    return Decision.TRUE


PAIR_VALID = P("R, U valid for the mechanism (values in [0, B], odd n ≥ 3 for the median; an edge of weight "
               "in [0, B] for the MST)", _pair_ok)


def _median_worst(B: Fraction, R: list[Fraction]) -> Fraction:
    """The deleted point attaining the median's RS (0 or B, Lemma C.1's extremes)."""
    return frac(_median_mech({"B": B}).exact_rs(R, 1).witness[0])


MEDIAN_DATASETS = (
    ("1", ["0", "0", "1"]), ("1", ["0", "1/2", "1"]), ("1", ["1/10", "1/5", "9/10"]),
    ("10", ["0", "1", "2", "9", "10"]), ("1", ["0", "0", "0", "1", "1"]), ("3", ["1", "1", "1"]),
    ("1", ["0", "1/1000", "999/1000", "1", "1/2", "1/3", "2/3"]),
)
#: Heavy bottleneck edges: a path whose middle edge is heavy (the cut it crosses has only that edge) and a
#: triangle (every cut crossed twice).
MST_GRAPHS = (
    ("10", [[0, 1, "1"], [1, 2, "9"], [2, 3, "1"]]),
    ("10", [[0, 1, "10"], [1, 2, "10"], [0, 2, "10"]]),
    ("5", [[0, 1, "2"], [1, 2, "3"], [2, 3, "5"], [0, 3, "4"], [1, 3, "1"]]),
)


def _pair_structured(rng: np.random.Generator, size: int):
    out = []
    for B, R in MEDIAN_DATASETS:
        Rf = _fracs(R)
        worst = _median_worst(frac(B), Rf)
        for U in {worst, Fraction(0), frac(B)}:
            for e, d in itertools.product(EPSILONS, DELTAS):
                out.append({"mech": 0, "B": B, "R": R, "U": U, "epsilon": e, "delta": d})
    for B, R in MST_GRAPHS:
        n_vertices = 1 + max(max(int(u), int(v)) for u, v, _ in R)
        present = {(min(u, v), max(u, v)) for u, v, _ in R}
        # a zero-weight new edge across the heaviest bottleneck (the replacement Lemma D.1's proof describes)
        for u, v in itertools.combinations(range(n_vertices), 2):
            if (u, v) not in present:
                for e, d in itertools.product(EPSILONS[::2], DELTAS[::2]):
                    out.append({"mech": 1, "B": B, "R": R, "U": [u, v, "0"], "epsilon": e, "delta": d})
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _pair_build(p: dict[str, Any]) -> Instance:
    """Search: a median dataset of 5 points in [0, 1] and the worst deleted point, at (ε, δ)."""
    R = [Fraction(p[f"x{i}"]).limit_denominator(10**6) for i in range(5)]
    worst = _median_worst(Fraction(1), R)
    return {"mech": 0, "B": "1", "R": R, "U": worst, "epsilon": p["epsilon"], "delta": p["delta"]}


PAIR_SEARCH = Adversary("search over the data (the worst deleted point) and (ε, δ)", space=Space(
    bounds={**{f"x{i}": (0.0, 1.0) for i in range(5)}, "epsilon": (1e-3, 0.999), "delta": (1e-50, 0.99)},
    log=frozenset({"epsilon", "delta"}), build=_pair_build))


# --------------------------------------------------------------------------- Fact 1
def _fact1_delta(values: Instance) -> arb:
    return delta_enclosure(values["epsilon"], values["sigma"], values["Delta"])


FACT1_SIGMA = Delta * C_CLASSIC_EXPR.subs({_eps: epsilon, _delta: delta})


def _fact1_grid(rng: np.random.Generator, size: int):
    pts = [{"epsilon": e, "delta": d, "Delta": s}
           for e in ("0.0001", "0.01", "0.1", "0.5", "1") for d in ("1e-300", "1e-30", "1e-5", "0.01", "0.3", "0.5", "0.9", "0.999")
           for s in ("1", "0.37", "12.5")]
    if size < len(pts):
        pts = [pts[i] for i in sorted(rng.choice(len(pts), size, replace=False))]
    return pts


# --------------------------------------------------------------------------- median lemmas
def _median_order(values: Instance) -> dict[str, Fraction]:
    xs = sorted(_fracs(values["R"]))
    k = (len(xs) + 1) // 2
    return {"x_lo": xs[k - 2], "x_mid": xs[k - 1], "x_hi": xs[k]}


def _median_rs_brute(values: Instance) -> Fraction:
    """RS of the median by enumerating the universe {0, B} ∪ R ∪ midpoints (finite; it contains the extremes
    0 and B where the monotone median attains its range)."""
    from ..algorithms.retain import median_brute_force_rs

    B = frac(values["B"])
    R = _fracs(values["R"])
    universe = sorted({Fraction(0), B, *R, *((a + b) / 2 for a, b in itertools.combinations(R, 2))})
    return median_brute_force_rs(R, universe, 1, B=B).value.exact


def _median_instance(values: Instance) -> dict[str, Any]:
    return {**values, **_median_order(values)}


def _median_ok(values: Instance) -> Decision:
    B = frac(values["B"])
    R = _fracs(values["R"])
    if len(R) < 3 or len(R) % 2 == 0 or not all(0 <= x <= B for x in R):
        return Decision.FALSE
    o = _median_order(values)
    return holds(all(frac(values[k]) == o[k] for k in o))


MEDIAN_VALID = P("n odd, n ≥ 3, x_i ∈ [0, B]; x_lo, x_mid, x_hi the order statistics m−1, m, m+1", _median_ok)


def _median_structured(rng: np.random.Generator, size: int):
    extra = (("1", ["0", "0", "0", "1", "1", "1", "1"]), ("1", ["0", "1", "1"]), ("7", ["7", "7", "0"]))
    return [_median_instance({"B": B, "R": R}) for B, R in MEDIAN_DATASETS + extra]


def _median_build(p: dict[str, Any]) -> Instance:
    R = [Fraction(p[f"x{i}"]).limit_denominator(10**6) for i in range(5)]
    return _median_instance({"B": Fraction(1), "R": R})


MEDIAN_SEARCH = Adversary("search over 5 points in [0, 1]", space=Space(
    bounds={f"x{i}": (0.0, 1.0) for i in range(5)}, build=_median_build))


# --------------------------------------------------------------------------- MST under edge adjacency (Lemma D.1)
_cut = sympy.Symbol("cut", nonnegative=True)  # max over cuts with a missing pair of the lightest crossing edge
#: Lemma D.1 (lines 437–441): ``RS_MST(G) = max_{S ⊂ V: ∃u∈S, v∉S, {u,v} ∉ E} w_1(S)`` — written ``cut``.
MST_EDGE_RS_EXPR = _cut
#: Lemma 3.3 (lines 176–180): ``RS/GS = max_S w_1(S)/B``.
MST_EDGE_RATIO_EXPR = _cut / _B


def _mst_rs_brute(values: Instance) -> Fraction:
    """RS by enumerating every non-edge at every weight of {0, B/2, B} (exact)."""
    from ..algorithms.retain import mst_edge_brute_force_rs

    B = frac(values["B"])
    return mst_edge_brute_force_rs(_graph(values), 1, (0, B / 2, B)).value.exact


def _mst_ok(values: Instance) -> Decision:
    from ..algorithms.retain import cut_formula

    G = _mst_mech(values).prepare(_graph(values))
    return holds(frac(values["cut"]) == cut_formula(G))


MST_VALID = P("R connected, weights in [0, B]; ``cut`` = the cut formula of R (enumerated)", _mst_ok)


def _mst_instance(B: str, R: list) -> dict[str, Any]:
    from ..algorithms.retain import cut_formula

    inst = {"B": B, "R": R}
    return {**inst, "cut": cut_formula(_mst_mech(inst).prepare(_graph(inst)))}


def _mst_structured(rng: np.random.Generator, size: int):
    extra = (
        ("10", [[0, 1, "10"], [1, 2, "10"], [2, 3, "10"], [0, 2, "10"], [1, 3, "10"]]),  # complete minus one: GS attained
        ("4", [[0, 1, "1"], [0, 2, "2"], [0, 3, "3"], [0, 4, "4"]]),  # a star: heavy leaf edge
        ("1", [[0, 1, "1"], [1, 2, "1"], [0, 2, "1"]]),  # complete graph: no missing pair, RS = 0
    )
    out = [_mst_instance(B, R) for B, R in MST_GRAPHS + extra]
    for _ in range(6):  # random sparse graphs on 5 vertices: a spanning path plus random chords, integer weights
        edges = {(i, i + 1): int(rng.integers(0, 11)) for i in range(4)}
        for u, v in itertools.combinations(range(5), 2):
            if (u, v) not in edges and rng.random() < 0.3:
                edges[(u, v)] = int(rng.integers(0, 11))
        out.append(_mst_instance("10", [[u, v, str(w)] for (u, v), w in edges.items()]))
    return out


def _mst_build(p: dict[str, Any]) -> Instance:
    """Search: a 5-cycle plus one chord with weights in [0, 1]."""
    w = [Fraction(p[f"w{i}"]).limit_denominator(1000) for i in range(6)]
    R = [[0, 1, w[0]], [1, 2, w[1]], [2, 3, w[2]], [3, 4, w[3]], [4, 0, w[4]], [0, 2, w[5]]]
    return _mst_instance("1", R)


_exposed = sympy.Symbol("exposed", nonnegative=True)  # sum of the m heaviest exposed MST edges
#: m-deletion extension of Lemma D.1 (see :class:`~certunlearn.algorithms.retain.MSTEdge`): ``RS_m ≤ Σ`` of the m
#: heaviest exposed MST edges — written ``exposed``.
MST_EDGE_RS_M_EXPR = _exposed


def _mst_m_instance(B: str, R: list, m: int) -> dict[str, Any]:
    from ..algorithms.retain import exposed_edges

    inst = {"B": B, "R": R, "m": m}
    G = _mst_mech(inst).prepare(_graph(inst))
    return {**inst, "exposed": sum((w for *_, w in exposed_edges(G)[:m]), Fraction(0))}


def _mst_m_ok(values: Instance) -> Decision:
    m = int(frac(values["m"]))
    return holds(m >= 1 and frac(values["exposed"]) == _mst_m_instance(values["B"], values["R"], m)["exposed"])


MST_M_VALID = P("R connected, weights in [0, B]; m ≥ 1; ``exposed`` = the sum of the m heaviest exposed MST edges", _mst_m_ok)


def _mst_m_rs(values: Instance) -> arb:
    from ..algorithms.retain import mst_edge_brute_force_rs

    B = frac(values["B"])
    return to_arb(mst_edge_brute_force_rs(_graph(values), int(frac(values["m"])), (0, B)).value.exact)


def _mst_m_structured(rng: np.random.Generator, size: int):
    graphs = MST_GRAPHS + (("4", [[0, 1, "1"], [0, 2, "2"], [0, 3, "3"], [0, 4, "4"]]),
                           ("10", [[0, 1, "9"], [1, 2, "1"], [2, 3, "9"], [3, 4, "1"]]))
    return [_mst_m_instance(B, R, m) for B, R in graphs for m in (2, 3)]


MST_SEARCH = Adversary("search over the weights of a 5-cycle with a chord", space=Space(
    bounds={f"w{i}": (0.0, 1.0) for i in range(6)}, build=_mst_build))


# --------------------------------------------------------------------------- MST under vertex adjacency (Thm D.4)
def _metric(values: Instance) -> np.ndarray:
    return np.asarray([[frac(v) for v in row] for row in values["metric"]], dtype=object)


def _vertex_graph(values: Instance):
    import networkx as nx

    G = nx.Graph()
    G.add_nodes_from(int(frac(v)) for v in values["V"])
    G.add_edges_from((int(frac(u)), int(frac(v))) for u, v in values["R"])
    return G


def _vertex_mech(values: Instance, edges: str):
    from ..algorithms.retain import MSTVertex

    return MSTVertex(_metric(values), frac(values["B"]), steiner=frac(values["rho"]), edges=edges)


def _vertex_terms(metric: np.ndarray, B: Fraction, V: list, R: list) -> dict[str, Fraction]:
    """The printed numerator's terms: nearest = max_v min_(v'∈V_R) d(v, v'), w_R = w(MST(R)), w_K = w(MST(K_V_R)),
    rho = the Steiner ratio of the finite universe (exact)."""
    from ..algorithms.retain import mst_weight, steiner_ratio
    from ..algorithms.retain_graph import _prim

    inst = {"metric": metric, "B": B, "V": V, "R": R, "rho": 1}
    G = _vertex_mech(inst, "full").prepare(_vertex_graph(inst))
    VR = list(G.nodes)
    nearest = max(min(metric[v, u] for u in VR) for v in range(metric.shape[0]))
    return {"nearest": nearest, "w_R": mst_weight(G), "w_K": _prim(VR, metric), "rho": steiner_ratio(metric)}


def _vertex_ok(values: Instance) -> Decision:
    terms = _vertex_terms(_metric(values), frac(values["B"]), values["V"], values["R"])
    return holds(all(frac(values[k]) == v for k, v in terms.items()))


VERTEX_VALID = P("a finite metric of diameter ≤ 2B, R connected on a subset of it; nearest, w_R, w_K, ρ computed "
                 "from them (ρ the universe's exact Steiner ratio)", _vertex_ok)


def _vertex_rs(edges: str):
    def quantity(values: Instance) -> arb:
        return to_arb(_vertex_mech(values, edges).exact_rs(_vertex_graph(values), 1).value.exact)

    return quantity


def _vertex_instance(points: list[tuple], V: list[int], R: list[tuple[int, int]]) -> dict[str, Any]:
    """Points of the plane with the ℓ1 metric (exact), B = half the diameter."""
    D = np.asarray([[abs(frac(a[0]) - frac(b[0])) + abs(frac(a[1]) - frac(b[1])) for b in points] for a in points],
                   dtype=object)
    B = max(max(row) for row in D) / 2
    inst = {"metric": D.tolist(), "B": B, "V": V, "R": [list(e) for e in R]}
    return {**inst, **_vertex_terms(D, B, V, R)}


def _vertex_structured(rng: np.random.Generator, size: int):
    out = [
        # a line: R = {0, 1}; the outside point 2 attached to 0 only (a subset of V_R)
        _vertex_instance([(0, 0), (1, 0), (2, 0)], [0, 1], [(0, 1)]),
        # four corners of a square as a path, centre and edge midpoint outside
        _vertex_instance([(0, 0), (2, 0), (0, 2), (2, 2), (1, 1), (1, 0)], [0, 1, 2, 3], [(0, 1), (1, 3), (3, 2)]),
        # a star metric: three far-apart terminals, a centre outside (the GS example of line 481)
        _vertex_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], [(0, 1), (0, 2)]),
        # a far outlier in the universe
        _vertex_instance([(0, 0), (1, 0), (0, 1), (5, 5)], [0, 1, 2], [(0, 1), (1, 2)]),
    ]
    for _ in range(8):
        pts = [(int(rng.integers(0, 4)), int(rng.integers(0, 4))) for _ in range(5)]
        if len(set(pts)) < 5:
            continue
        out.append(_vertex_instance(pts, [0, 1, 2], [(0, 1), (1, 2)]))
    return out[:size] if size < len(out) else out


def _vertex_build(p: dict[str, Any]) -> Instance:
    pts = [(Fraction(p[f"x{i}"]).limit_denominator(100), Fraction(p[f"y{i}"]).limit_denominator(100)) for i in range(5)]
    if len(set(pts)) < 5:
        pts[4] = (pts[4][0] + Fraction(1, 7), pts[4][1])
    return _vertex_instance(pts, [0, 1, 2], [(0, 1), (1, 2)])


VERTEX_SEARCH = Adversary("search over 5 points of the ℓ1 plane (R a path on the first three)", space=Space(
    bounds={**{f"x{i}": (0.0, 2.0) for i in range(5)}, **{f"y{i}": (0.0, 2.0) for i in range(5)}},
    build=_vertex_build))


# --------------------------------------------------------------------------- PCA (Lemma 3.4 / E.2)
def _pca_mech(values: Instance):
    from ..algorithms.retain import PCAProjector

    return PCAProjector(int(frac(values["k"])), frac(values["B"]))


def _rows(v: Any) -> np.ndarray:
    return np.asarray([[frac(x) for x in row] for row in v], dtype=object)


def _pca_gap(R: np.ndarray, k: int) -> Fraction | None:
    """gap_k of Σ̂_R = RᵀR/n when Σ̂_R is diagonal (so its eigenvalues are exact), else None."""
    S = R.T @ R / R.shape[0]
    d = S.shape[0]
    if any(S[i, j] != 0 for i in range(d) for j in range(d) if i != j):
        return None
    ev = sorted((S[i, i] for i in range(d)), reverse=True)
    return ev[k - 1] - ev[k]


def _pca_ok(values: Instance) -> Decision:
    mech = _pca_mech(values)
    R = mech.prepare(_rows(values["R"]))
    mech.deletion(R, _rows(values["U"]))
    g = _pca_gap(R, mech.k)
    return holds(g is not None and g > 0 and frac(values["gap"]) == g and frac(values["n"]) == R.shape[0]
                  and len(values["U"]) == 1)


PCA_VALID = P("‖x‖ ≤ B for R and the added point; gap_k(R) > 0; n = |R|; ``gap`` exact (Σ̂_R diagonal in "
              "these families, so its eigenvalues are its diagonal)", _pca_ok)


def _pca_shift(values: Instance) -> arb:
    """‖P_k(Σ̂_(R∪{x})) − P_k(Σ̂_R)‖_F on certified projectors (the Frobenius norm the lemma bounds)."""
    mech = _pca_mech(values)
    R = mech.prepare(_rows(values["R"]))
    U = mech.deletion(R, _rows(values["U"]))
    P0, P1 = mech._projector(R), mech._projector(np.concatenate([R, U]))
    diff = P1.P - P0.P
    q = sum((v * v for v in diff.reshape(-1)), Fraction(0))
    rad = to_arb(P0.err2).sqrt() + to_arb(P1.err2).sqrt()
    return to_arb(q).sqrt() + arb(0, rad.mid() + rad.rad())


def _pca_instance(R: list, U: list, B: Any = 1, k: int = 1) -> dict[str, Any]:
    Rf = _rows(R)
    return {"B": B, "k": k, "R": [list(r) for r in R], "U": [list(u) for u in U], "n": Rf.shape[0],
            "gap": _pca_gap(Rf, k), "m": len(U)}


def _pca_m_ok(values: Instance) -> Decision:
    mech = _pca_mech(values)
    R = mech.prepare(_rows(values["R"]))
    mech.deletion(R, _rows(values["U"]))
    g = _pca_gap(R, mech.k)
    return holds(g is not None and g > 0 and frac(values["gap"]) == g and frac(values["n"]) == R.shape[0]
                  and frac(values["m"]) == len(values["U"]) >= 1)


PCA_M_VALID = P("as Lemma E.2, with m = |U| ≥ 1 added points", _pca_m_ok)


def _pca_m_structured(rng: np.random.Generator, size: int):
    out = []
    for R in ([[1, 0], [0, "99/100"]], [[1, 0], [0, "9/10"], [1, 0]], [[1, 0], [1, 0], [0, "1/10"]]):
        for U in ([[0, 1], [0, 1]], [["7/10", "7/10"], ["7/10", "7/10"]], [[0, 1], [0, 1], [0, 1]],
                  [["7/10", "-7/10"], ["7/10", "7/10"]], [[0, 1]]):
            out.append(_pca_instance(R, U))
    return out


_PCA_DIRECTIONS = ([1, 0], [0, 1], ["7/10", "7/10"], ["7/10", "-7/10"], ["3/5", "4/5"], ["4/5", "3/5"])


def _pca_structured(rng: np.random.Generator, size: int):
    out = []
    for R in (
        [[1, 0], [0, "99/100"]],  # a nearly degenerate eigen-gap
        [[1, 0], [0, "9/10"], [1, 0]],
        [[1, 0], [1, 0], [0, "1/10"]],  # a wide gap
        [[1, 0], [0, 1], [0, 1], ["99/100", 0]],
        [[1, 0, 0], [0, "1/2", 0], [0, 0, "1/2"]],  # points on the data sphere and inside it, d = 3
    ):
        d = len(R[0])
        dirs = _PCA_DIRECTIONS if d == 2 else ([0, 1, 0], ["7/10", "7/10", 0], [1, 0, 0])
        out += [_pca_instance(R, [u]) for u in dirs]
    return out


def _pca_build(p: dict[str, Any]) -> Instance:
    """Search: R = {(a, 0), (0, b), (a, 0)} (gap = |2a² − b²|/3, nearly degenerate near b = √2 a) and the added point
    (cos θ, sin θ)·r."""
    a = Fraction(p["a"]).limit_denominator(1000)
    b = Fraction(p["b"]).limit_denominator(1000)
    if 2 * a * a == b * b:
        b -= Fraction(1, 1000)
    import math
    c, s = Fraction(math.cos(p["theta"])).limit_denominator(1000), Fraction(math.sin(p["theta"])).limit_denominator(1000)
    norm2 = c * c + s * s
    if norm2 > 1:
        c, s = c * Fraction(999, 1000), s * Fraction(999, 1000)
    return _pca_instance([[a, 0], [0, b], [a, 0]], [[c, s]])


PCA_SEARCH = Adversary("search over the retained spectrum (nearly degenerate gaps) and the added point's direction",
                       space=Space(bounds={"a": (0.05, 1.0), "b": (0.05, 1.0), "theta": (0.0, 3.14159)},
                                   build=_pca_build))


# --------------------------------------------------------------------------- hard-margin SVM (Lemma F.2 / 3.5)
_Wsupp, _WR = sympy.symbols("W_supp W_R", positive=True)  # ‖w_supp‖², ‖w_R‖² (rational): γ = 1/√W_supp


@functools.lru_cache(maxsize=256)
def _svm_mech_cached(X: tuple, y: tuple):
    from ..algorithms.retain import HardMarginSVM

    return HardMarginSVM(np.asarray([list(r) for r in X], dtype=object), list(y))


def _svm_mech(values: Instance):
    """The SVM mechanism of the instance's support (cached: the search rebuilds instances often)."""
    X = tuple(tuple(frac(x) for x in row) for row in values["support_X"])
    return _svm_mech_cached(X, tuple(frac(v) for v in values["support_y"]))


def _svm_R(values: Instance):
    X, y = _rows(values["support_X"]), [frac(v) for v in values["support_y"]]
    idx = [int(frac(i)) for i in values["R"]]
    return (X[idx], [y[i] for i in idx])


def _svm_ok(values: Instance) -> Decision:
    from ..algorithms.retain import hard_margin_svm

    mech = _svm_mech(values)
    R = mech.prepare(_svm_R(values))
    return holds(frac(values["W_supp"]) == mech._w_support.sqnorm
                  and frac(values["W_R"]) == hard_margin_svm(R.X, R.y).sqnorm)


SVM_VALID = P("a finite separable support (the distribution's), R ⊆ support (so γ_R ≥ γ); W_supp = ‖w_supp‖² = 1/γ², "
              "W_R = ‖w_R‖² = 1/γ_R² (Lemma F.1)", _svm_ok)


def _svm_instance(X: list, y: list, R: list[int]) -> dict[str, Any]:
    from ..algorithms.retain import hard_margin_svm

    Xf = _rows(X)
    yf = [frac(v) for v in y]
    mech = _svm_mech({"support_X": X, "support_y": y})
    Rd = (Xf[R], [yf[i] for i in R])
    return {"support_X": [list(r) for r in X], "support_y": list(y), "R": list(R),
            "W_supp": mech._w_support.sqnorm, "W_R": hard_margin_svm(_rows(Rd[0]), Rd[1]).sqnorm}


def _svm_rs(values: Instance) -> arb:
    rs = _svm_mech(values).exact_rs(_svm_R(values), 1)
    return rs.value.arb()


def _svm_structured(rng: np.random.Generator, size: int):
    out = [
        # margin-defining support vectors: R = {(±1, 0)}; the support adds a point closer to the boundary
        _svm_instance([[1, 0], [-1, 0], ["1/2", 1], [-1, -1]], [1, -1, 1, -1], [0, 1]),
        _svm_instance([[1, 0], [-1, 0], [1, 1], [-1, -1], [2, -1], ["1/2", 3]], [1, -1, 1, -1, 1, 1], [0, 1]),
        _svm_instance([[2, 0], [-2, 0], ["1/4", 1], ["-1/4", -1]], [1, -1, 1, -1], [0, 1]),  # thin true margin
        _svm_instance([[1, 1], [-1, -1], [1, 0], [0, -1]], [1, -1, 1, -1], [0, 1, 2]),
        _svm_instance([[3, 0], [-3, 0], [1, 2], [-1, 2]], [1, -1, 1, -1], [0, 1]),
    ]
    for _ in range(5):
        pts, labels = [], []
        while len(pts) < 5:
            x1 = Fraction(int(rng.integers(1, 9)), 4) * (1 if rng.random() < 0.5 else -1)
            x2 = Fraction(int(rng.integers(-8, 9)), 4)
            if [x1, x2] not in pts:
                pts.append([x1, x2])
                labels.append(1 if x1 > 0 else -1)
        if len(set(labels[:2])) < 2:
            pts[1][0], labels[1] = -pts[0][0], -labels[0]
        try:
            out.append(_svm_instance(pts, labels, [0, 1]))
        except Exception:  # degenerate (duplicate) draws are skipped
            continue
    return out


def _svm_build(p: dict[str, Any]) -> Instance:
    """Search: R = {(1, 0, +), (−1, 0, −)} and one more support point a, labelled by the side of x₁ = 0 it lies on
    (|a₁| ≥ 1/20: separable); its distance to R's boundary sets the true margin γ."""
    a1 = Fraction(p["a1"]).limit_denominator(100)
    if abs(a1) < Fraction(1, 20):
        a1 = Fraction(1, 20)
    a = [a1, Fraction(p["a2"]).limit_denominator(100)]
    return _svm_instance([[1, 0], [-1, 0], a], [1, -1, 1 if a1 > 0 else -1], [0, 1])


SVM_SEARCH = Adversary("search over an extra support point (its distance to the boundary sets γ)", space=Space(
    bounds={"a1": (-2.0, 2.0), "a2": (-3.0, 3.0)}, build=_svm_build))
SVM_PRESCRIBED = {"gamma": 1 / sympy.sqrt(_Wsupp), "gamma_R": 1 / sympy.sqrt(_WR)}


# --------------------------------------------------------------------------- ridge (Example G.2, d = 1)
def _ridge_mech(values: Instance):
    from ..algorithms.retain import RidgeERM

    return RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=frac(values["Y"]))


def _ridge_data(values: Instance):
    X = np.asarray([[frac(v)] for v in values["x"]], dtype=object)
    y = np.asarray([frac(v) for v in values["y"]], dtype=object)
    return X, y


def _ridge_rs(values: Instance) -> arb:
    rs = _ridge_mech(values).exact_rs(_ridge_data(values), 1)
    if rs.kind != "exact":
        raise ValueError("the d = 1 ridge RS is exact")
    return rs.value.arb()


def _ridge_ok(values: Instance) -> Decision:
    x, y = _fracs(values["x"]), _fracs(values["y"])
    B, Y, lam = frac(values["B"]), frac(values["Y"]), frac(values["lambda"])
    a = sum((v * v for v in x), Fraction(0))
    return holds(len(x) == len(y) >= 1 and Y == 1 and lam >= 0 and all(abs(v) <= B for v in x)
                  and all(abs(v) <= Y for v in y) and frac(values["n"]) == len(x) and frac(values["a"]) == a
                  and a / len(x) + lam > 0)


RIDGE_VALID = P("‖x‖ ≤ B, |y| ≤ 1 (Y = 1), λ ≥ 0, λ_R > 0; n = |R| and a = Σx² match the data", _ridge_ok)


def _ridge_instance(x, y, lam, B="1") -> dict[str, Any]:
    xs = _fracs(x)
    return {"x": list(x), "y": list(y), "lambda": lam, "B": B, "Y": "1", "n": len(xs),
            "a": sum((v * v for v in xs), Fraction(0))}


def _ridge_structured(rng: np.random.Generator, size: int):
    cases = [
        (["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "10"),  # large λ: ‖w_R‖ small but λw not
        (["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "1"),
        (["1", "1", "1"], ["1", "1", "1"], "0"),  # points on the data sphere, aligned labels
        (["1", "-1"], ["1", "1"], "1/10"),
        (["1/100", "1/100", "1/100"], ["1", "1", "1"], "5"),  # nearly degenerate design: λ dominates
        (["1", "1/2", "1/4", "1/8"], ["1", "-1", "1", "-1"], "2"),
        (["1/2"], ["1"], "100"),
    ]
    return [_ridge_instance(x, y, lam) for x, y, lam in cases]


def _ridge_build(p: dict[str, Any]) -> Instance:
    x = [Fraction(p[f"x{i}"]).limit_denominator(10**4) for i in range(3)]
    y = [Fraction(1) if p[f"y{i}"] >= 0 else Fraction(-1) for i in range(3)]
    return _ridge_instance(x, y, Fraction(p["lambda"]).limit_denominator(10**4))


RIDGE_SEARCH = Adversary("search over x ∈ [−1, 1]³, y ∈ {±1}³, λ (log scale)", space=Space(
    bounds={**{f"x{i}": (-1.0, 1.0) for i in range(3)}, **{f"y{i}": (-1.0, 1.0) for i in range(3)},
            "lambda": (1e-3, 100.0)}, log=frozenset({"lambda"}), build=_ridge_build))


# =========================================================================== the claims
_RETAIN_SYMS = {"epsilon": epsilon, "delta": delta}

CLAIMS = (
    Claim(
        id="retain.fact1",
        source="Fact 1 (line 77), citing Dwork & Roth 2014, Thm A.1",
        kind=Kind.PRIVACY,
        statement="For ε ∈ (0, 1], δ ∈ (0, 1): f(S) + N(0, σ²I) with σ ≥ GS_f·c_(ε,δ), c_(ε,δ) = √(2 log(1.25/δ))/ε, "
                  "is (ε, δ)-DP",
        hypotheses=(Hypothesis("ε > 0", sympy.Gt(epsilon, 0, evaluate=False)),
                    Hypothesis("ε ≤ 1", sympy.Le(epsilon, 1, evaluate=False)), *DELTA_RANGE),
        bound=delta,
        prescribed={"sigma": FACT1_SIGMA},
        quantity=_fact1_delta,
        adversaries=(Adversary("grid ε ∈ (0, 1] × δ ∈ (0, 1) × Δ", generate=_fact1_grid),
                     Adversary("search over (ε, δ, Δ) in log scale", space=Space(
                         {"epsilon": (1e-4, 1.0), "delta": (1e-300, 0.999), "Delta": (0.01, 100.0)},
                         log=frozenset({"epsilon", "delta", "Delta"})))),
        derivation="retain.fact1",
        note="Stated for δ ∈ (0, 1), wider than gaussian.classic (δ ≤ 1/2): the checker covers δ up to 0.999.",
    ),
    Claim(
        id="retain.thm2.11",
        source="Theorem 2.11 (lines 113–121)",
        kind=Kind.UNLEARNING,
        statement="With σ(R) = RS(R)·√(2 log(1.25/δ))/ε in both worlds, the pair is (ε, δ)-unlearning for ε, δ ∈ (0, 1)",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, PAIR_VALID),
        bound=delta,
        quantity=_pair_delta(Fraction(1)),
        adversaries=(Adversary("worst deletions (RS attained): median extremes, zero-weight edges across heavy "
                               "bottleneck cuts", generate=_pair_structured), PAIR_SEARCH),
        derivation="retain.thm2.11",
        note="RS is the exact retain sensitivity (median: closed form by monotonicity; MST edge weight: brute force "
             "over the non-edges at weight 0); the quantity is the exact δ at ε of the two published laws.",
    ),
    Claim(
        id="retain.cor2.12",
        source="Corollary 2.12 (lines 125–129), with Lemma C.1 (lines 421–431) for RS_median",
        kind=Kind.UNLEARNING,
        statement="The passive median with σ(R) = RS_median(R)·c_(ε,δ), RS_median(R) = ½ max{x_(m+1) − x_(m), "
                  "x_(m) − x_(m−1)}, is (ε, δ)-unlearning",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, PAIR_VALID),
        bound=delta,
        quantity=lambda values: _cor212_delta(values),
        adversaries=(Adversary("median datasets × the worst deleted point × (ε, δ)",
                               generate=lambda rng, size: [v for v in _pair_structured(rng, 10**6)
                                                           if int(v["mech"]) == MEDIAN][:size]), PAIR_SEARCH),
        derivation="retain.cor2.12",
        note="σ(R) is computed from the printed closed form MEDIAN_RS_EXPR, not from the exact RS.",
    ),
    Claim(
        id="retain.thm2.11:control-sigma-halved",
        source="negative control: Theorem 2.11 with σ(R) halved",
        kind=Kind.UNLEARNING,
        statement="(wrong on purpose) σ(R) = RS(R)·c_(ε,δ)/2 gives (ε, δ)-unlearning",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, PAIR_VALID),
        bound=delta,
        quantity=_pair_delta(Fraction(1, 2)),
        adversaries=(Adversary("worst deletions (RS attained)", generate=_pair_structured), PAIR_SEARCH),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lemC.1",
        source="Lemma C.1 (lines 421–431)",
        kind=Kind.SENSITIVITY,
        statement="For odd n ≥ 3, x_i ∈ [0, B]: RS_median(R) = ½ max{x_(m+1) − x_(m), x_(m) − x_(m−1)}, m = (n+1)/2",
        hypotheses=(MEDIAN_VALID,),
        bound=MEDIAN_RS_EXPR,
        quantity=lambda values: to_arb(_median_rs_brute(values)),
        adversaries=(Adversary("ties, points at 0 and B, wide and narrow middle gaps", generate=_median_structured),
                     MEDIAN_SEARCH),
        derivation="retain.lemC.1",
        note="An exact lemma: the bound must be attained (tightness 1) — the quantity enumerates a finite universe.",
    ),
    Claim(
        id="retain.lem3.1",
        source="Lemma 3.1 (lines 149–155)",
        kind=Kind.SENSITIVITY,
        statement="RS_median(R)/GS_median = max{x_(m+1) − x_(m), x_(m) − x_(m−1)}/B",
        hypotheses=(MEDIAN_VALID,),
        bound=MEDIAN_RATIO_EXPR,
        quantity=lambda values: to_arb(_median_rs_brute(values)) / arb_eval(MEDIAN_GS_EXPR, {"B": values["B"]}),
        adversaries=(Adversary("ties, points at 0 and B, wide and narrow middle gaps", generate=_median_structured),
                     MEDIAN_SEARCH),
        derivation="retain.lem3.1",
    ),
    Claim(
        id="retain.lemD.1",
        source="Lemma D.1 (lines 437–453)",
        kind=Kind.SENSITIVITY,
        statement="MST weight, edge adjacency: RS(G) = max over cuts S with a missing crossing pair of w_1(S), the "
                  "lightest edge crossing S",
        hypotheses=(MST_VALID,),
        bound=MST_EDGE_RS_EXPR,
        quantity=lambda values: to_arb(_mst_rs_brute(values)),
        adversaries=(Adversary("heavy bottleneck edges, complete-minus-one graphs, stars, complete graphs",
                               generate=_mst_structured), MST_SEARCH),
        derivation="retain.lemD.1",
        note="An exact lemma: attained (tightness 1); the quantity enumerates every non-edge at weights {0, B/2, B}.",
    ),
    Claim(
        id="retain.lemD.1:m-edges+fix",
        source="extension of Lemma D.1 (lines 437–453) to m added edges (m-deletion certificates, Definition 2.2)",
        kind=Kind.SENSITIVITY,
        statement="RS_m(G) ≤ the sum of the m heaviest MST edges whose fundamental cut is crossed by a non-edge",
        hypotheses=(MST_M_VALID,),
        bound=MST_EDGE_RS_M_EXPR,
        quantity=_mst_m_rs,
        adversaries=(Adversary("heavy bottleneck edges in paths and stars, m = 2, 3", generate=_mst_m_structured),),
        derivation="retain.lemD.1:m-edges+fix",
        corrects="retain.lemD.1",
        note="Not a correction: the paper states m = 1. Each zero-weight edge added replaces a distinct exposed "
             "MST edge (MSTEdge's docstring), so the drop is at most the m heaviest exposed weights.",
    ),
    Claim(
        id="retain.lem3.3",
        source="Lemma 3.3 (lines 176–184)",
        kind=Kind.SENSITIVITY,
        statement="RS_MST(R)/GS_MST = max_S w_1(S)/B (GS = B under edge adjacency)",
        hypotheses=(MST_VALID,),
        bound=MST_EDGE_RATIO_EXPR,
        quantity=lambda values: to_arb(_mst_rs_brute(values)) / arb_eval(MST_EDGE_GS_EXPR, {"B": values["B"]}),
        adversaries=(Adversary("heavy bottleneck edges, complete-minus-one graphs, stars, complete graphs",
                               generate=_mst_structured), MST_SEARCH),
        derivation="retain.lem3.3",
    ),
    Claim(
        id="retain.thmD.4",
        source="Theorem D.4 (lines 475–493), numerator; RS as defined on line 461 (any E' ⊇ E_R)",
        kind=Kind.SENSITIVITY,
        statement="RS_w(MST)(R) ≤ max{max_v min_(v'∈V_R) d(v, v'), w(MST(R)) − ρ_d·w(MST(K_V_R))}, RS over every added "
                  "vertex v and every edge set E' ⊇ E_R",
        hypotheses=(VERTEX_VALID,),
        bound=MST_VERTEX_BOUND_EXPR,
        quantity=_vertex_rs("any"),
        adversaries=(Adversary("vertices attached to a subset of the retained vertices; star metrics; far outliers",
                               generate=_vertex_structured), VERTEX_SEARCH),
        derivation="retain.thmD.4",
        note="The ratio form divides both sides by (n − 2)B, which the proof shows is only a lower bound on GS; "
             "the numerator is what the proof derives and what is checked.",
    ),
    Claim(
        id="retain.thmD.4+fix",
        source="Theorem D.4 (lines 475–493), under the reading its proof uses (line 485): E' = E_R ∪ all edges at v",
        kind=Kind.SENSITIVITY,
        statement="With E' = E_R ∪ {(v, u): u ∈ V_R} (the added vertex joins every retained vertex), "
                  "RS ≤ max{max_v min_v' d(v, v'), w(MST(R)) − ρ_d·w(MST(K_V_R))}",
        hypotheses=(VERTEX_VALID,),
        bound=MST_VERTEX_BOUND_EXPR,
        quantity=_vertex_rs("full"),
        adversaries=(Adversary("vertices attached to a subset of the retained vertices; star metrics; far outliers",
                               generate=_vertex_structured), VERTEX_SEARCH),
        derivation="retain.thmD.4+fix",
        corrects="retain.thmD.4",
        note="Line 485 uses that (V_R, E_T_R ∪ e) spans R' for every e ∈ E_v — true only when every edge at v is in "
             "E'. Under the definition as printed (E' any superset of E_R) the added vertex may hang on one far "
             "edge and the MST grows by up to max_v max_v' d(v, v').",
    ),
    Claim(
        id="retain.lemE.2",
        source="Lemma E.2 (lines 503–519) = Lemma 3.4 (lines 198–204)",
        kind=Kind.SENSITIVITY,
        statement="‖P_k(Σ̂_(R∪{x})) − P_k(Σ̂_R)‖_F ≤ 2√2 B²/((n + 1) gap_k(R)) for every ‖x‖ ≤ B",
        hypotheses=(PCA_VALID,),
        bound=PCA_BOUND_EXPR,
        quantity=_pca_shift,
        adversaries=(Adversary("nearly degenerate eigen-gaps; added points on the data sphere along eigenvectors and "
                               "their bisectors", generate=_pca_structured), PCA_SEARCH),
        derivation="retain.lemE.2",
        note="The quantity is the actual Frobenius shift of certified projectors for the instance's added point; "
             "RS is its maximum over the point, which the adversaries search.",
    ),
    Claim(
        id="retain.lemF.2",
        source="Lemma F.2 (lines 565–581)",
        kind=Kind.SENSITIVITY,
        statement="Hard-margin SVM, R ⊆ supp(D) with γ_R ≥ γ: RS_SVM(R) ≤ √(1/γ² − 1/γ_R²)",
        hypotheses=(SVM_VALID,),
        bound=SVM_BOUND_EXPR,
        prescribed=SVM_PRESCRIBED,
        quantity=_svm_rs,
        adversaries=(Adversary("margin-defining support vectors; thin true margins; random separable supports",
                               generate=_svm_structured), SVM_SEARCH),
        derivation="retain.lemF.2",
        note="The exact RS enumerates every support point added to R (exact rational SVMs).",
    ),
    Claim(
        id="retain.lem3.5",
        source="Lemma 3.5 (lines 216–220)",
        kind=Kind.SENSITIVITY,
        statement="RS_SVM(R)/GS_SVM ≤ √(1 − γ²/γ_R²), GS_SVM = 1/γ",
        hypotheses=(SVM_VALID,),
        bound=sympy.sqrt(1 - _gamma**2 / _gammaR**2),
        prescribed=SVM_PRESCRIBED,
        quantity=lambda values: _svm_rs(values) / arb_eval(SVM_GS_EXPR, values),
        adversaries=(Adversary("margin-defining support vectors; thin true margins; random separable supports",
                               generate=_svm_structured), SVM_SEARCH),
        derivation="retain.lem3.5",
    ),
    Claim(
        id="retain.lemE.2:m-points+fix",
        source="extension of Lemma E.2 (lines 503–519) to m added points (m-deletion certificates, Definition 2.2)",
        kind=Kind.SENSITIVITY,
        statement="‖P_k(Σ̂_(R∪Z)) − P_k(Σ̂_R)‖_F ≤ 2√2 m B²/((n + m) gap_k(R)) for every Z of m points, ‖z‖ ≤ B",
        hypotheses=(PCA_M_VALID,),
        bound=PCA_BOUND_M_EXPR,
        quantity=_pca_shift,
        adversaries=(Adversary("repeated points along the weak eigenvector; nearly degenerate gaps",
                               generate=_pca_m_structured),),
        derivation="retain.lemE.2:m-points+fix",
        corrects="retain.lemE.2",
        note="Not a correction: the paper states m = 1; Σ̂_(R∪Z) − Σ̂_R = (Σ zzᵀ − mΣ̂_R)/(n + m) has Frobenius norm "
             "≤ 2mB²/(n + m), and the same Lemma E.1 step gives the bound.",
    ),
    Claim(
        id="retain.sec3-rs-below-gs",
        source="Section 3 (lines 143–186): calibrating to RS(R) never needs more noise than GS (median, MST edges)",
        kind=Kind.INEQUALITY,
        statement="RS_median(R) ≤ GS_median = B/2: σ(R) = RS(R)·c ≤ GS·c, the global calibration",
        hypotheses=(MEDIAN_VALID,),
        bound=MEDIAN_GS_EXPR,
        quantity=lambda values: to_arb(_median_rs_brute(values)),
        adversaries=(Adversary("ties, points at 0 and B, wide and narrow middle gaps", generate=_median_structured),
                     MEDIAN_SEARCH),
        derivation="retain.sec3-rs-below-gs",
        note="Attained by R = {0, …, 0, B, …, B} (line 153): the retain calibration is never looser, and equal only on "
             "the worst datasets.",
    ),
    Claim(
        id="retain.exG.2",
        source="Example G.2 with Lemma 3.7 / eq. (2) (lines 246–252, 599–605)",
        kind=Kind.SENSITIVITY,
        statement="Ridge: RS(R) ≤ L^MSE/(nλ_R), L^MSE = B³/λ_min(XᵀX/(n+1) + λI) + B, λ_R = λ_min(XᵀX/n + λI)",
        hypotheses=(RIDGE_VALID,),
        bound=RIDGE_BOUND_1D,
        quantity=_ridge_rs,
        adversaries=(Adversary("large λ with small ‖w_R‖, points on the data sphere, nearly degenerate designs",
                               generate=_ridge_structured), RIDGE_SEARCH),
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
        quantity=_ridge_rs,
        adversaries=(Adversary("large λ with small ‖w_R‖, points on the data sphere, nearly degenerate designs",
                               generate=_ridge_structured), RIDGE_SEARCH),
        derivation="retain.exG.2+fix",
        corrects="retain.exG.2",
        note="Lemma G.1 writes (n+1)∇F̂_R' = n∇F̂_R + ∇f(·, z) with the regulariser inside f, so ‖∇f(w_R, z)‖ ≤ "
             "B(B‖w_R‖ + Y) + λ‖w_R‖; the printed L^MSE drops λ‖w_R‖.",
    ),
)


def _cor212_delta(values: Instance) -> arb:
    """δ at ε between the two worlds with σ(R) from Lemma C.1's closed form."""
    mech, R, U = _mechanism_and_data(values)
    shift = mech.shift(R, U).exact
    if shift == 0:
        return arb(0)
    rs = arb_eval(MEDIAN_RS_EXPR, _median_order({"R": R}))
    sig = arb_eval(SIGMA_EXPR, {"RS": rs, "epsilon": values["epsilon"], "delta": values["delta"]})
    return delta_enclosure(values["epsilon"], sig, shift)


# =========================================================================== more claims (issue 5, second part)
# --------------------------------------------------------------------------- Lemma E.1 (Davis–Kahan), d = 2, k = 1
#: Symmetric 2×2 matrices A = [[a11, a12], [a12, a22]] and E = [[e11, e12], [e12, e22]]; Ã = A + E. (E is stored,
#: not Ã: an exact zero entry then stays an exact zero in the enclosures.)
_a11, _a12, _a22, _e11, _e12, _e22 = sympy.symbols("a11 a12 a22 e11 e12 e22", real=True)
#: ``gap_1(A) = λ_1(A) − λ_2(A)`` of a symmetric 2×2 matrix.
GAP_2X2_EXPR = sympy.sqrt((_a11 - _a22) ** 2 + 4 * _a12**2)
#: ``‖E‖_2`` of the symmetric 2×2 ``E = Ã − A`` (largest |eigenvalue|).
E_OP_2X2_EXPR = sympy.Abs(_e11 + _e22) / 2 + sympy.sqrt((_e11 - _e22) ** 2 / 4 + _e12**2)
#: ``‖E‖_F``.
E_FRO_2X2_EXPR = sympy.sqrt(_e11**2 + 2 * _e12**2 + _e22**2)
#: Lemma E.1 (lines 497–501) as printed: ``‖P̃_k − P_k‖_2 ≤ ‖A − Ã‖_2/gap_k(A)``.
DK_OP_EXPR = E_OP_2X2_EXPR / GAP_2X2_EXPR
#: Lemma E.1 as printed, Frobenius: ``‖P̃_k − P_k‖_F ≤ √2‖A − Ã‖_F/gap_k(A)``.
DK_FRO_EXPR = sympy.sqrt(2) * E_FRO_2X2_EXPR / GAP_2X2_EXPR
#: Corrected (Yu, Wang & Samworth 2015, Thm 1–2, with ‖P̃ − P‖ = ‖sin Θ‖ and ‖P̃ − P‖_F = √2‖sin Θ‖_F):
#: ``‖P̃_k − P_k‖_2 ≤ 2‖E‖_2/gap_k(A)``.
DK_OP_FIX_EXPR = 2 * E_OP_2X2_EXPR / GAP_2X2_EXPR
#: Corrected Frobenius form: ``‖P̃_k − P_k‖_F ≤ 2√2‖E‖_F/gap_k(A)``.
DK_FRO_FIX_EXPR = 2 * sympy.sqrt(2) * E_FRO_2X2_EXPR / GAP_2X2_EXPR
_DK_KEYS = ("a11", "a12", "a22", "e11", "e12", "e22")


def _top_projector_2x2(a: arb, b: arb, c: arb) -> tuple[arb, arb]:
    """(P_11 − 1/2, P_12) of the projector onto the top eigenvector of [[a, b], [b, c]] (distinct eigenvalues):
    ``P = (M − (tr/2)I)/(λ_1 − λ_2) + I/2``, ``λ_1 − λ_2 = 2ρ``, ``ρ = √(((a − c)/2)² + b²)``."""
    rho = ((a - c) * (a - c) / 4 + b * b).sqrt()
    return (a - c) / (4 * rho), b / (2 * rho)


def _dk_distance(values: Instance) -> arb:
    """``‖P̃_1 − P_1‖_2`` of the two 2×2 matrices: the difference is symmetric with trace 0, entries (p, q; q, −p),
    so its operator norm is √(p² + q²) (and its Frobenius norm √2 times that)."""
    a11, a12, a22, e11, e12, e22 = (frac(values[k]) for k in _DK_KEYS)
    p0, q0 = _top_projector_2x2(*(to_arb(v) for v in (a11, a12, a22)))
    p1, q1 = _top_projector_2x2(*(to_arb(v) for v in (a11 + e11, a12 + e12, a22 + e22)))
    return _traceless_norm(p1 - p0, q1 - q0)


def _traceless_norm(p: arb, q: arb) -> arb:
    """``√(p² + q²)``, the operator norm of (p, q; q, −p), enclosed even when the ball of p² + q² straddles 0."""
    s = p * p + q * q  # products, not ** 2
    return s.sqrt() if s > 0 else arb(0).union(arb(s.abs_upper()).sqrt())


def _dk_frobenius(values: Instance) -> arb:
    return arb(2).sqrt() * _dk_distance(values)


DK_VALID = (Hypothesis("gap_1(A) > 0", sympy.Gt((_a11 - _a22) ** 2 + 4 * _a12**2, 0, evaluate=False)),
            Hypothesis("Ã = A + E has distinct eigenvalues (P̃_1 defined)",
                       sympy.Gt((_a11 + _e11 - _a22 - _e22) ** 2 + 4 * (_a12 + _e12) ** 2, 0, evaluate=False)))


def _dk_instance(A: tuple, E: tuple) -> dict[str, Any]:
    """A = (a11, a12, a22), E = (e11, e12, e22)."""
    A, E = _fracs(A), _fracs(E)
    return {"a11": A[0], "a12": A[1], "a22": A[2], "e11": E[0], "e12": E[1], "e22": E[2]}


def _dk_structured(rng: np.random.Generator, size: int):
    out = []
    for A in (("1", "0", "0"), ("2", "0", "1/2"), ("1", "1/2", "1"), ("3/4", "-1/4", "1/4")):
        for t in ("1/100", "1/4", "1/2", "51/100", "3/5", "1", "10"):  # eigen-flips: E = diag(−t·gap, t·gap)-like
            out.append(_dk_instance(A, (f"-{t}", "0", t)))
        for s in ("1/1000", "1/10", "1/2", "1", "100"):  # rotations
            out.append(_dk_instance(A, ("0", s, "0")))
            out.append(_dk_instance(A, (f"-{s}", s, s)))
    return [v for v in out if all(h.decide(v) is Decision.TRUE for h in DK_VALID)]


def _dk_build(p: dict[str, Any]) -> Instance:
    E = [Fraction(p[k]).limit_denominator(10**4) for k in ("e11", "e12", "e22")]
    inst = _dk_instance(("1", "0", "0"), E)
    if (1 + E[0] - E[2]) ** 2 + 4 * E[1] ** 2 == 0:
        inst["e12"] += Fraction(1, 10**4)
    return inst


DK_SEARCH = Adversary("search over E ∈ [−2, 2]³ with A = diag(1, 0)", space=Space(
    bounds={"e11": (-2.0, 2.0), "e12": (-2.0, 2.0), "e22": (-2.0, 2.0)}, build=_dk_build))
_DK_ADVERSARIES = (Adversary("eigen-flips (E ≈ diag(−t, t)), rotations, mixed perturbations of diagonal and "
                             "rotated A", generate=_dk_structured), DK_SEARCH)


# --------------------------------------------------------------------------- Lemma G.1 (ridge, d ≤ 2, exact)
_G2, _hs, _hd, _h12 = sympy.symbols("G2 hs hd h12", real=True)
#: ``λ_min`` of the symmetric 2×2 matrix [[hs + hd, h12], [h12, hs − hd]] (mean and half-difference of the diagonal
#: stored, so that equal diagonals give an exact zero).
LAMBDA_MIN_2X2_EXPR = _hs - sympy.sqrt(_hd**2 + _h12**2)
#: Lemma G.1 (lines 585–589), first inequality: ``‖w_R − w_R'‖ ≤ ‖∇f(w_R', z)‖/(n λ_R)``; ``G2 = ‖∇f(w_R', z)‖²``,
#: ``hs, hd, h12`` the entries of ``∇²F̂_R = XᵀX/n + λI`` (so λ_R = λ_min).
ERM_G1_EXPR = sympy.sqrt(_G2) / (_n * LAMBDA_MIN_2X2_EXPR)
#: Lemma G.1 (line 589), "by the same argument": ``‖w_R − w_R'‖ ≤ ‖∇f(w_R, z)‖/((n + 1) λ_R')``; here G2 =
#: ``‖∇f(w_R, z)‖²`` and h the entries of ``X'ᵀX'/(n + 1) + λI``.
ERM_G1_SECOND_EXPR = sympy.sqrt(_G2) / ((_n + 1) * LAMBDA_MIN_2X2_EXPR)


def _ridge2_data(values: Instance):
    from ..algorithms.retain import labeled

    R = labeled((_rows(values["X"]), _fracs(values["y"])), "R")
    Z = labeled((_rows([values["zx"]]), [frac(values["zy"])]), "U")
    return R, Z


def _ridge2_terms(values: Instance, second: bool) -> dict[str, Fraction]:
    """G2, h11, h12, h22 and n of Lemma G.1 on a ridge instance (exact)."""
    from ..algorithms.retain import RidgeERM

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


def _ridge2_shift(values: Instance) -> arb:
    from ..algorithms.retain import RidgeERM

    R, Z = _ridge2_data(values)
    return RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=1).shift(R, Z).arb()


def _ridge2_ok(second: bool):
    def ok(values: Instance) -> Decision:
        from ..algorithms.retain import RidgeERM

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


# --------------------------------------------------------------------------- Example G.3 / Lemma 3.7 (logistic, d = 1)
_zx, _zy = sympy.symbols("zx zy", real=True)
#: Example G.3, eq. (3) (lines 607–611) for d = 1 (``λ_min(XᵀX/n) = a/n``): ``L^LogL/(n λ_R^LogL)``.
LOGISTIC_BOUND_1D = ERM_BOUND_EXPR.subs(_L, LOGISTIC_L_EXPR).subs(_lamR, LOGISTIC_CURVATURE_EXPR).subs(_lammin, _a / _n)
#: Lemma 3.7 (lines 246–250): ``RS_ERM(R)/Δ_GS ≤ λ/λ_R`` (Δ_GS = L/(nλ)), with Example G.3's λ_R.
ERM_RATIO_EXPR = _lam / LOGISTIC_CURVATURE_EXPR.subs(_lammin, _a / _n)


def _logistic_mech(values: Instance):
    from ..algorithms.retain import LogisticERM

    return LogisticERM(lam=frac(values["lambda"]), B=frac(values["B"]), R_w=frac(values["R_w"]))


def _logistic_data(values: Instance):
    from ..algorithms.retain import labeled

    R = labeled((_rows([[x] for x in values["x"]]), _fracs(values["y"])), "R")
    Z = labeled((_rows([[values["zx"]]]), [frac(values["zy"])]), "U")
    return R, Z


@functools.lru_cache(maxsize=1024)
def _logistic_fits(key: tuple) -> tuple:
    """The certified minimisers (``Fit``) of R and R ∪ {z} on W = {‖w‖ ≤ R_w} (cached: every claim on these
    instances, and the checker's repeated evaluations, reuse them)."""
    values = dict(key)
    mech = _logistic_mech(values)
    R, Z = _logistic_data({**values, "x": list(values["x"]), "y": list(values["y"])})
    return mech.fit(R), mech.fit(R + Z)


def _logistic_key(values: Instance) -> tuple:
    return tuple(sorted((k, tuple(_fracs(v)) if isinstance(v, list) else frac(v)) for k, v in values.items()
                        if k in ("x", "y", "lambda", "B", "R_w", "zx", "zy")))


def _logistic_shift(values: Instance) -> arb:
    """‖w_R − w_(R∪{z})‖ with certified minimisers on W = {‖w‖ ≤ R_w}."""
    from ..algorithms.retain_erm import _distance

    fR, fS = _logistic_fits(_logistic_key(values))
    return _distance(fS, fR).arb()


def _logistic_ok(values: Instance) -> Decision:
    x, y = _fracs(values["x"]), _fracs(values["y"])
    B, lam = frac(values["B"]), frac(values["lambda"])
    ok = (len(x) == len(y) >= 1 and all(v in (-1, 1) for v in y + [frac(values["zy"])]) and lam >= 0
          and all(abs(v) <= B for v in x + [frac(values["zx"])]) and frac(values["R_w"]) > 0 and lam > 0
          and frac(values["n"]) == len(x) and frac(values["a"]) == sum((v * v for v in x), Fraction(0))
          and frac(values["a"]) / len(x) + lam > 0)
    return holds(ok)


LOGISTIC_VALID = P("|x| ≤ B (R and z), y ∈ {±1}, λ > 0 (the certified minimiser needs it), R_w > 0; n = |R|, a = Σx² match the data", _logistic_ok)


def _logistic_instance(x: list, y: list, lam: Any, zx: Any, zy: Any, B: Any = 1, R_w: Any = 2) -> dict[str, Any]:
    xs = _fracs(x)
    return {"x": list(x), "y": list(y), "lambda": lam, "B": B, "R_w": R_w, "zx": zx, "zy": zy, "n": len(xs),
            "a": sum((v * v for v in xs), Fraction(0))}


def _logistic_structured(rng: np.random.Generator, size: int):
    out = _logistic_cases(rng, size)
    return [v for v in out if _logistic_shift(v).is_finite()]  # a minimiser on the sphere ‖w‖ = R_w: no certificate


def _logistic_cases(rng: np.random.Generator, size: int) -> list[dict[str, Any]]:
    """Example G.3's datasets × λ × z × R_w (unfiltered)."""
    data = [(["1/2", "-1", "3/4"], ["1", "-1", "-1"]), (["1", "1", "1"], ["1", "1", "1"]),
            (["1/10", "-1/10"], ["1", "-1"]), (["1", "1/2", "-1/4", "-1"], ["1", "1", "-1", "-1"])]
    lams = ("1/100", "1/10", "1", "10")
    out = []
    for (x, y), lam in itertools.product(data, lams):
        for zx, zy in (("1", "1"), ("1", "-1"), ("-1", "1"), ("1/2", "-1")):
            for R_w in ("1", "4"):
                out.append(_logistic_instance(x, y, lam, zx, zy, R_w=R_w))
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _coarse(v: float, grid: int) -> Fraction:
    """v rounded to the log-grid 10^(k/grid) (so that a search revisits instances, and their cached fits)."""
    import math

    return Fraction(round(10 ** (round(grid * math.log10(v)) / grid) * 10**12), 10**12)


def _logistic_build(p: dict[str, Any]) -> Instance:
    """Points on a grid of step 1/16, λ and R_w on log-grids (8 per decade): the search revisits instances, whose
    certified fits are cached."""
    f = lambda v: Fraction(round(16 * v), 16)  # noqa: E731
    return _logistic_instance([f(p["x0"]), f(p["x1"]), f(p["x2"])], ["1", "-1", "1"], _coarse(p["lambda"], 8),
                              f(p["zx"]), 1 if p["zy"] >= 0 else -1, R_w=_coarse(p["R_w"], 8))


LOGISTIC_SEARCH = Adversary("search over three points in [−1, 1], z, λ and R_w (log scales)", space=Space(
    bounds={"x0": (-1.0, 1.0), "x1": (-1.0, 1.0), "x2": (-1.0, 1.0), "zx": (-1.0, 1.0), "zy": (-1.0, 1.0),
            "lambda": (1e-3, 10.0), "R_w": (0.5, 8.0)}, log=frozenset({"lambda", "R_w"}), build=_logistic_build))


# --------------------------------------------------------------------------- Lemmas G.4, G.5, Example G.6
_lam0 = sympy.Symbol("lambda_0", positive=True)
#: Lemma G.4 (lines 615–617): ``‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M)``, ``λ_0 = λ_min(∇²F̂_R(w_R))``.
LOCAL_BOUND_EXPR = (_lam0 - sympy.sqrt(_lam0**2 - 4 * _M * _L / _n)) / (2 * _M)
#: Lemma G.5's proof (lines 637–645): ``r_n = 4ML/(λ_0² n)``.
R_N_EXPR = 4 * _M * _L / (_lam0**2 * _n)
#: Eq. (4), upper side: ``(λ_0/2M)(r/2 + r²/(4 − 2r)) = L/(nλ_0) + λ_0 r²/(2M(4 − 2r))``.
G5_UPPER_EXPR = _L / (_n * _lam0) + _lam0 * R_N_EXPR**2 / (2 * _M * (4 - 2 * R_N_EXPR))
#: Eq. (4), lower side: ``L/(nλ_0) + λ_0 r²/(2M(8 − 4r))``.
G5_LOWER_EXPR = _L / (_n * _lam0) + _lam0 * R_N_EXPR**2 / (2 * _M * (8 - 4 * R_N_EXPR))
#: Example G.6 (lines 653–657): the log loss has ``L = B`` and a ``B³/(6√3)``-Lipschitz Hessian.
LOGLOSS_L_EXPR = _B
LOGLOSS_M_EXPR = _B**3 / (6 * sympy.sqrt(3))


def _g5_instance(lam0: Any, M: Any, L: Any, n: Any) -> dict[str, Any]:
    return {"lambda_0": lam0, "M": M, "L": L, "n": n}


G5_VALID = (Hypothesis("λ_0 > 0", sympy.Gt(_lam0, 0, evaluate=False)),
            Hypothesis("M > 0", sympy.Gt(_M, 0, evaluate=False)), Hypothesis("L > 0", sympy.Gt(_L, 0, evaluate=False)),
            Hypothesis("n > 0", sympy.Gt(_n, 0, evaluate=False)),
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
def _local_terms(x: tuple, y: tuple, zx: Fraction, zy: Fraction) -> tuple[arb, arb, arb]:
    """(w_R, w_(R∪z), λ_0) of the unregularised logistic ERM (d = 1), rigorous balls at 300 bits."""
    from ..algorithms.retain_erm import logistic_curvature_1d, logistic_minimiser_1d

    with workprec(300):
        wR = logistic_minimiser_1d(list(x), list(y))
        wS = logistic_minimiser_1d(list(x) + [zx], list(y) + [zy])
        return wR, wS, logistic_curvature_1d(list(x), list(y), wR)


def _local_key(values: Instance) -> tuple:
    return tuple(_fracs(values["x"])), tuple(_fracs(values["y"])), frac(values["zx"]), frac(values["zy"])


def _local_shift(values: Instance) -> arb:
    wR, wS, _ = _local_terms(*_local_key(values))
    return abs(wS - wR)


def _local_constants(values: Instance) -> tuple[arb, arb]:
    """(L, M) of the instance, or Example G.6's (B, B³/(6√3)) when it prescribes them."""
    if "L" in values and "M" in values:
        return to_arb(frac(values["L"])), to_arb(frac(values["M"]))
    return arb_eval(LOGLOSS_L_EXPR, values), arb_eval(LOGLOSS_M_EXPR, values)


def _local_ok(values: Instance) -> Decision:
    x, y = _fracs(values["x"]), _fracs(values["y"])
    B = frac(values["B"])
    if not (len(x) == len(y) == frac(values["n"]) and all(v in (-1, 1) for v in y + [frac(values["zy"])])
            and all(abs(v) <= B for v in x + [frac(values["zx"])])):
        return Decision.FALSE
    _, _, lam0 = _local_terms(*_local_key(values))
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
    xs, ys = _fracs(x), _fracs(y)
    _, _, lam0 = _local_terms(tuple(xs), tuple(ys), frac(zx), frac(zy))
    with workprec(300):
        lam0_up = _arb_upper_fraction(lam0)
    inst = {"x": xs, "y": ys, "zx": frac(zx), "zy": frac(zy), "B": frac(B), "n": len(xs), "lambda_0": lam0_up}
    if constants:  # Lemma G.4 takes L, M as given; the log loss's own (rational upper ends)
        inst["L"] = frac(B)
        inst["M"] = frac(B) ** 3 * Fraction(9623, 100000)  # ≥ 1/(6√3) = 0.096225…
    return inst


def _local_data(n_pos: int, n_neg: int, reps: int) -> tuple[list, list]:
    """Points cycling through 1, 1/2, −1, −1/2 (``4·reps`` of them), labels cycling through ``n_pos`` times +1 and
    ``n_neg`` times −1: both signs of y·x occur (non-separable, a finite minimiser); the imbalance moves w_R."""
    x = [Fraction(1), Fraction(1, 2), Fraction(-1), Fraction(-1, 2)] * reps
    cycle = [1] * n_pos + [-1] * n_neg
    return x, [cycle[i % len(cycle)] for i in range(len(x))]


def _local_structured(constants: bool):
    def gen(rng: np.random.Generator, size: int):
        out = []
        for n_pos, n_neg, reps in ((1, 1, 6), (2, 1, 8), (3, 1, 12), (1, 1, 16), (2, 3, 10)):
            x, y = _local_data(n_pos, n_neg, reps)
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
        x, y = _local_data(1 + int(p["pos"]), 1, reps)
        return _local_instance(x, y, Fraction(p["zx"]).limit_denominator(20), 1 if p["zy"] >= 0 else -1,
                               constants=constants)

    return build


def _local_search(constants: bool) -> Adversary:
    return Adversary("search over the added point, the label imbalance and n", space=Space(
        bounds={"zx": (-1.0, 1.0), "zy": (-1.0, 1.0), "pos": (0.0, 2.99), "reps": (0.0, 8.99)},
        build=_local_build(constants)))


# --------------------------------------------------------------------------- Lemma F.1 (SVM norm = 1/margin), d = 2
_WRsq, _gRsq = sympy.symbols("W_R gamma_R_sq", positive=True)
#: Lemma F.1 (lines 553–563): ``‖w_R‖ = 1/γ_R``; the two inequalities of its proof, in squared-norm symbols.
SVM_NORM_UPPER_EXPR = 1 / sympy.sqrt(_gRsq)  # ‖w_R‖ ≤ 1/γ_R (line 557)
SVM_NORM_LOWER_EXPR = sympy.sqrt(_WRsq)  # 1/γ_R ≤ ‖w_R‖ (lines 559–561)


def margin_squared_2d(X: Any, y: Any) -> Fraction:
    """``γ_R² = (max_(‖u‖=1) min_i y_i⟨u, x_i⟩)²`` in ℝ² exactly, independently of any SVM solver: the maximum of a
    minimum of sinusoids in the angle of u is attained at the peak of one (u ∥ a_i = y_i x_i) or where two are equal
    (u ⊥ a_i − a_j); at a candidate u = v/‖v‖ every value is p_k/‖v‖ with p_k = ⟨v, a_k⟩ rational, so the margin
    (min_k p_k)/‖v‖ compares by (min_k p_k)²/‖v‖² among positive candidates. Needs a separable R (γ_R > 0)."""
    A = [(frac(r[0]) * frac(t), frac(r[1]) * frac(t)) for r, t in zip(X, y)]
    cands = list(A)
    for (a1, a2), (b1, b2) in itertools.combinations(A, 2):
        d1, d2 = a1 - b1, a2 - b2
        cands += [(-d2, d1), (d2, -d1)]
    best = Fraction(0)
    for v1, v2 in cands:
        q = v1 * v1 + v2 * v2
        if q == 0:
            continue
        p = min(v1 * a1 + v2 * a2 for a1, a2 in A)
        if p > 0:
            best = max(best, p * p / q)
    if best == 0:
        raise ValueError("R is not separable through the origin: γ_R = 0")
    return best


def _svm_norm_terms(values: Instance) -> dict[str, Fraction]:
    from ..algorithms.retain import hard_margin_svm

    X, y = _rows(values["X"]), _fracs(values["y"])
    return {"W_R": hard_margin_svm(X, y).sqnorm, "gamma_R_sq": margin_squared_2d(X, y)}


def _svm_norm_ok(values: Instance) -> Decision:
    X = _rows(values["X"])
    return holds(X.shape[1] == 2 and all(frac(values[k]) == v for k, v in _svm_norm_terms(values).items()))


SVM_NORM_VALID = P("R ⊂ ℝ², labels ±1, separable through 0; W_R = ‖w_R‖² (exact SVM) and γ_R² (enumerated "
                   "candidate directions) computed from R", _svm_norm_ok)


def _svm_norm_instance(X: list, y: list) -> dict[str, Any]:
    inst = {"X": [list(r) for r in X], "y": list(y)}
    return {**inst, **_svm_norm_terms(inst)}


def _svm_norm_structured(rng: np.random.Generator, size: int):
    out = [_svm_norm_instance([[1, 0], [-1, 0]], [1, -1]),
           _svm_norm_instance([[1, 0], [-1, 0], ["1/2", 1]], [1, -1, 1]),
           _svm_norm_instance([[2, 0], ["1/4", 1], ["-1/4", -1]], [1, 1, -1]),
           _svm_norm_instance([[1, 1], [1, 0], [0, -1]], [1, 1, -1]),
           _svm_norm_instance([[3, 0], [1, 2], [-1, 2]], [1, 1, -1]),
           _svm_norm_instance([[1, 3], [2, 1], [-1, 1]], [1, 1, -1]),  # the margin set by a pair, not a single point
           _svm_norm_instance([["1/10", 1], [1, "1/10"]], [1, 1])]  # one label only: still separable through 0
    for _ in range(10):
        pts = [[Fraction(int(rng.integers(1, 9)), 4), Fraction(int(rng.integers(-8, 9)), 4)] for _ in range(4)]
        try:
            out.append(_svm_norm_instance(pts, [1, 1, -1, -1] if rng.random() < 0.5 else [1, -1, 1, -1]))
        except Exception:  # non-separable draws are skipped
            continue
    return out


def _svm_norm_build(p: dict[str, Any]) -> Instance:
    f = lambda v: Fraction(v).limit_denominator(100)  # noqa: E731
    X = [[1, 0], [f(p["a1"]), f(p["a2"])], [f(p["b1"]), f(p["b2"])]]
    return _svm_norm_instance(X, [1, 1, -1])


SVM_NORM_SEARCH = Adversary("search over two more points of a three-point R (labels +, +, −)", space=Space(
    bounds={"a1": (0.05, 2.0), "a2": (-2.0, 2.0), "b1": (-2.0, -0.05), "b2": (-2.0, 2.0)}, build=_svm_norm_build))


# --------------------------------------------------------------------------- Lemma D.3 alone
_wKv = sympy.Symbol("w_Kv", nonnegative=True)
#: Lemma D.3 (lines 467–471): ``w(SMT(V)) ≤ w(MST(K_(V ∪ v)))`` — the right side written ``w_Kv``.
SMT_BOUND_EXPR = _wKv


def smt_weight(D: np.ndarray, V: list[int]) -> Fraction:
    """``w(SMT(V))`` in a finite metric (Definition D.2): the MST of ``K_(V ∪ S)`` minimised over Steiner sets S
    of the remaining points (a Steiner tree's length is at least the MST of its vertex set in the metric)."""
    from ..algorithms.retain_graph import _prim

    rest = [i for i in range(D.shape[0]) if i not in V]
    return min(_prim(list(V) + list(S), D) for j in range(len(rest) + 1) for S in itertools.combinations(rest, j))


def _steiner_terms(values: Instance) -> Fraction:
    from ..algorithms.retain_graph import _prim

    V = [int(frac(i)) for i in values["V"]]
    return _prim(V + [int(frac(values["v"]))], _metric(values))


def _steiner_ok(values: Instance) -> Decision:
    D = _metric(values)
    N = D.shape[0]
    V, v = [int(frac(i)) for i in values["V"]], int(frac(values["v"]))
    metric = all(D[i, i] == 0 and D[i, j] == D[j, i] >= 0 and all(D[i, j] <= D[i, k] + D[k, j] for k in range(N))
                 for i in range(N) for j in range(N))
    return holds(metric and N <= 8 and len(set(V)) == len(V) >= 1 and 0 <= v < N and all(0 <= i < N for i in V)
                  and frac(values["w_Kv"]) == _steiner_terms(values))


STEINER_VALID = P("a finite metric (≤ 8 points, triangle inequality checked), terminals V, a point v; w_Kv = "
                  "w(MST(K_(V ∪ v)))", _steiner_ok)


def _steiner_instance(points: list[tuple], V: list[int], v: int) -> dict[str, Any]:
    D = [[abs(frac(a[0]) - frac(b[0])) + abs(frac(a[1]) - frac(b[1])) for b in points] for a in points]
    inst = {"metric": D, "V": V, "v": v}
    return {**inst, "w_Kv": _steiner_terms(inst)}


def _steiner_structured(rng: np.random.Generator, size: int):
    out = [
        _steiner_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], 3),  # the star of line 481
        _steiner_instance([(0, 0), (2, 0), (1, 1), (1, 0)], [0, 1, 2], 3),  # the ℓ1 median point
        _steiner_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], 0),  # v already a terminal
        _steiner_instance([(0, 0), (4, 0), (2, 3), (2, 0), (2, 1), (9, 9)], [0, 1, 2], 5),  # a far point
        _steiner_instance([(0, 0), (4, 0), (2, 3), (2, 0), (2, 1), (9, 9)], [0, 1, 2], 4),
    ]
    for _ in range(6):
        pts = list({(int(rng.integers(0, 5)), int(rng.integers(0, 5))) for _ in range(6)})
        if len(pts) >= 4:
            out.append(_steiner_instance(pts, [0, 1, 2], int(rng.integers(3, len(pts)))))
    return out


def _steiner_build(p: dict[str, Any]) -> Instance:
    f = lambda v: Fraction(v).limit_denominator(20)  # noqa: E731
    pts = [(0, 0), (4, 0), (2, 3), (f(p["x"]), f(p["y"])), (f(p["x2"]), f(p["y2"]))]
    if len(set(pts)) < 5:
        pts[4] = (pts[4][0] + Fraction(1, 7), pts[4][1])
    return _steiner_instance(pts, [0, 1, 2], 3)


STEINER_SEARCH = Adversary("search over the added point and one more Steiner candidate (ℓ1 plane)", space=Space(
    bounds={"x": (0.0, 4.0), "y": (0.0, 3.0), "x2": (0.0, 4.0), "y2": (0.0, 3.0)}, build=_steiner_build))


# --------------------------------------------------------------------------- quantities shared by the claims below
def _scaled(fn, factor: Any):
    def quantity(values: Instance) -> arb:
        return fn(values) * to_arb(frac(factor))

    return quantity


def _logistic_ratio(values: Instance) -> arb:
    """``RS-witness/Δ_GS``: the shift for the instance's z over ``Δ_GS = L/(nλ)``, ``L = B + λR_w`` (Lemma 3.7)."""
    gs = arb_eval(ERM_GS_EXPR.subs(_L, LOGISTIC_L_EXPR), {**values, "m": 1})
    return _logistic_shift(values) / gs


def _svm_norm(values: Instance) -> arb:
    return to_arb(frac(values["W_R"])).sqrt()


def _svm_inverse_margin(values: Instance) -> arb:
    return 1 / to_arb(frac(values["gamma_R_sq"])).sqrt()


def _smt(values: Instance) -> arb:
    return to_arb(smt_weight(_metric(values), [int(frac(i)) for i in values["V"]]))


_RIDGE2_ADV = (Adversary("ill-conditioned and strongly regularised designs; added points along eigenvectors with both "
                         "labels", generate=_ridge2_structured(False)), _ridge2_search(False))
_RIDGE2_ADV_2 = (Adversary("ill-conditioned and strongly regularised designs; added points along eigenvectors with both "
                           "labels", generate=_ridge2_structured(True)), _ridge2_search(True))
_LOGISTIC_ADV = (Adversary("balanced and one-sided labels, points at ±B, λ from 1/100 to 10, R_w ∈ {1, 4}",
                           generate=_logistic_structured), LOGISTIC_SEARCH)
_SVM_NORM_ADV = (Adversary("margin-defining pairs, thin margins, random separable sets", generate=_svm_norm_structured),
                 SVM_NORM_SEARCH)
_STEINER_ADV = (Adversary("star metrics, ℓ1 medians, far points, random ℓ1 point sets", generate=_steiner_structured),
                STEINER_SEARCH)

MORE_CLAIMS = (
    Claim(
        id="retain.lemE.1",
        source="Lemma E.1 (lines 497–501), operator norm, as printed [DK70, YWS15]; checked for d = 2, k = 1",
        kind=Kind.INEQUALITY,
        statement="‖P̃_k − P_k‖_2 ≤ ‖A − Ã‖_2/gap_k(A) for symmetric A, Ã with gap_k(A) > 0",
        hypotheses=DK_VALID, bound=DK_OP_EXPR, quantity=_dk_distance, adversaries=_DK_ADVERSARIES,
        derivation="retain.lemE.1",
        note="The quantity is computed from the closed-form top projectors of 2×2 matrices (rigorous balls). "
             "Davis–Kahan's sin Θ theorem divides by the separation between the spectra of A and Ã, not by gap_k(A).",
    ),
    Claim(
        id="retain.lemE.1:frobenius",
        source="Lemma E.1 (lines 497–501), Frobenius norm, as printed; checked for d = 2, k = 1",
        kind=Kind.INEQUALITY,
        statement="‖P̃_k − P_k‖_F ≤ √2‖A − Ã‖_F/gap_k(A)",
        hypotheses=DK_VALID, bound=DK_FRO_EXPR, quantity=_dk_frobenius, adversaries=_DK_ADVERSARIES,
        derivation="retain.lemE.1:frobenius",
    ),
    Claim(
        id="retain.lemE.1+fix",
        source="Lemma E.1 (lines 497–501), operator norm, with Yu, Wang & Samworth's constant 2 (YWS15, Thm 1)",
        kind=Kind.INEQUALITY,
        statement="‖P̃_k − P_k‖_2 ≤ 2‖A − Ã‖_2/gap_k(A)",
        hypotheses=DK_VALID, bound=DK_OP_FIX_EXPR, quantity=_dk_distance, adversaries=_DK_ADVERSARIES,
        derivation="retain.lemE.1+fix", corrects="retain.lemE.1",
        note="An eigen-flip (A = diag(1, 0), Ã = diag(1/2 − t, 1/2 + t)) moves the projector by 1 with ‖E‖_2 = 1/2 + t: "
             "the printed constant 1 fails, 2 is the sharp one (attained as t → 0).",
    ),
    Claim(
        id="retain.lemE.1:frobenius+fix",
        source="Lemma E.1 (lines 497–501), Frobenius norm, with YWS15 Thm 2: ‖sin Θ‖_F ≤ 2‖E‖_F/gap, ‖P̃ − P‖_F = √2‖sin Θ‖_F",
        kind=Kind.INEQUALITY,
        statement="‖P̃_k − P_k‖_F ≤ 2√2‖A − Ã‖_F/gap_k(A)",
        hypotheses=DK_VALID, bound=DK_FRO_FIX_EXPR, quantity=_dk_frobenius, adversaries=_DK_ADVERSARIES,
        derivation="retain.lemE.1:frobenius+fix", corrects="retain.lemE.1:frobenius",
        note="The same eigen-flip moves the projector by √2 in Frobenius norm with ‖E‖_F = √2(1/2 + t): the printed "
             "√2 is too small by up to √2; YWS15's 2√2 holds. Lemma E.2 cites the printed constant (its bound still "
             "holds there, with the slack of ‖Σ̂_R' − Σ̂_R‖ ≤ 2B²/(n+1)).",
    ),
    Claim(
        id="retain.lemE.1:control-quartered",
        source="negative control: Lemma E.1's corrected operator bound divided by 4",
        kind=Kind.INEQUALITY,
        statement="(wrong on purpose) ‖P̃_1 − P_1‖_2 ≤ ‖A − Ã‖_2/(2 gap_1(A))",
        hypotheses=DK_VALID, bound=DK_OP_FIX_EXPR / 4, quantity=_dk_distance, adversaries=_DK_ADVERSARIES,
        control=Control.NEGATIVE,
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
        source="Lemma G.1 (line 589 and 597): 'by the same argument' ‖w_R − w_R'‖ ≤ ‖∇f(w_R, z)‖/((n + 1)λ_R'); ridge, d ≤ 2",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w_(R∪z)‖ ≤ ‖∇f(w_R, z)‖/((n + 1) λ_R'), λ_R' = λ_min(X'ᵀX'/(n + 1) + λI)",
        hypotheses=(_ridge2_ok(True),), bound=ERM_G1_SECOND_EXPR, quantity=_ridge2_shift, adversaries=_RIDGE2_ADV_2,
        derivation="retain.lemG.1:second",
    ),
    Claim(
        id="retain.lemG.1:control-halved",
        source="negative control: Lemma G.1's first inequality with the bound halved",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖w_R − w_(R∪z)‖ ≤ ‖∇f(w_(R∪z), z)‖/(2n λ_R)",
        hypotheses=(_ridge2_ok(False),), bound=ERM_G1_EXPR / 2, quantity=_ridge2_shift, adversaries=_RIDGE2_ADV,
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.exG.3",
        source="Example G.3, eq. (3) (lines 607–611) with Lemma G.1; d = 1, λ > 0",
        kind=Kind.SENSITIVITY,
        statement="Logistic ERM on ‖w‖ ≤ R_w: ‖w_R − w_(R∪z)‖ ≤ (B + λR_w)/(n λ_R^LogL), "
                  "λ_R^LogL = λ_min(XᵀX/n)(2 cosh(BR_w/2))⁻² + λ",
        hypotheses=(LOGISTIC_VALID,), bound=LOGISTIC_BOUND_1D, quantity=_logistic_shift, adversaries=_LOGISTIC_ADV,
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
        hypotheses=(LOGISTIC_VALID,), bound=ERM_RATIO_EXPR, quantity=_logistic_ratio, adversaries=_LOGISTIC_ADV,
        derivation="retain.lem3.7",
    ),
    Claim(
        id="retain.lemG.4",
        source="Lemma G.4 (lines 613–635); unregularised log loss, d = 1 (constants L ≥ B, M ≥ B³/(6√3) given)",
        kind=Kind.SENSITIVITY,
        statement="If λ_0² ≥ 4ML/n, λ_0 = λ_min(∇²F̂_R(w_R)): ‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M)",
        hypotheses=(LOCAL_VALID,), bound=LOCAL_BOUND_EXPR, quantity=_local_shift,
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
        hypotheses=(LOCAL_VALID,), bound=LOCAL_BOUND_EXPR, quantity=_local_shift,
        adversaries=(Adversary("label imbalances, points at ±B, n from 24 to 64", generate=_local_structured(True)),
                     _local_search(True)),
        derivation="retain.lemG.4+fix", corrects="retain.lemG.4",
        note="The printed proof solves r(λ_0 − Mr) ≤ L/n using only r < λ_0/M, which leaves r ∈ [r₊, λ_0/M) open; the "
             "minimiser of F̂_R + (τ/n)f(·, z) moves continuously from w_R, so r(τ) cannot jump the gap (r₋, r₊) and "
             "stays ≤ r₋ ≤ λ_0/(2M). The statement is unchanged; only the derivation is repaired.",
    ),
    Claim(
        id="retain.lemG.4:control-quartered",
        source="negative control: Lemma G.4's bound divided by 4",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(8M)",
        hypotheses=(LOCAL_VALID,), bound=LOCAL_BOUND_EXPR / 4, quantity=_local_shift,
        adversaries=(Adversary("label imbalances, points at ±B", generate=_local_structured(True)),),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.exG.6",
        source="Example G.6 (lines 661–665): logistic regression, λ = 0, L = B, M = B³/(6√3); d = 1",
        kind=Kind.SENSITIVITY,
        statement="If n ≥ 4ML/λ_0²: ‖w_R − w_(R∪z)‖ ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M) with L = B, M = B³/(6√3)",
        hypotheses=(LOCAL_VALID,), bound=LOCAL_BOUND_EXPR, quantity=_local_shift,
        prescribed={"L": LOGLOSS_L_EXPR, "M": LOGLOSS_M_EXPR},
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
        adversaries=_G5_ADVERSARIES, derivation="retain.lemG.5",
    ),
    Claim(
        id="retain.lemG.5:lower",
        source="Lemma G.5 (lines 637–659), eq. (4) lower side",
        kind=Kind.INEQUALITY,
        statement="For 0 ≤ r_n < 1: L/(nλ_0) + λ_0 r_n²/(2M(8 − 4r_n)) ≤ (λ_0 − √(λ_0² − 4ML/n))/(2M)",
        hypotheses=G5_VALID, bound=LOCAL_BOUND_EXPR, quantity=lambda values: arb_eval(G5_LOWER_EXPR, values),
        adversaries=_G5_ADVERSARIES, derivation="retain.lemG.5:lower",
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
        id="retain.lemF.1",
        source="Lemma F.1 (lines 553–563), ‖w_R‖ ≤ 1/γ_R (line 557); linear kernel, d = 2",
        kind=Kind.SENSITIVITY,
        statement="The hard-margin SVM solution has ‖w_R‖ ≤ 1/γ_R (with the next claim: ‖w_R‖ = 1/γ_R)",
        hypotheses=(SVM_NORM_VALID,), bound=SVM_NORM_UPPER_EXPR, quantity=_svm_norm, adversaries=_SVM_NORM_ADV,
        derivation="retain.lemF.1",
        note="‖w_R‖² from the exact rational SVM; γ_R² by enumerating the candidate directions (independent of the "
             "solver). An identity: attained on every instance.",
    ),
    Claim(
        id="retain.lemF.1:lower",
        source="Lemma F.1 (lines 559–563), 1/γ_R ≤ ‖w_R‖",
        kind=Kind.SENSITIVITY,
        statement="1/γ_R ≤ ‖w_R‖",
        hypotheses=(SVM_NORM_VALID,), bound=SVM_NORM_LOWER_EXPR, quantity=_svm_inverse_margin,
        adversaries=_SVM_NORM_ADV, derivation="retain.lemF.1:lower",
    ),
    Claim(
        id="retain.lemF.1:control-halved",
        source="negative control: Lemma F.1 with 1/(2γ_R)",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖w_R‖ ≤ 1/(2γ_R)",
        hypotheses=(SVM_NORM_VALID,), bound=SVM_NORM_UPPER_EXPR / 2, quantity=_svm_norm, adversaries=_SVM_NORM_ADV,
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lemD.3",
        source="Lemma D.3 (lines 467–473), finite metric spaces",
        kind=Kind.INEQUALITY,
        statement="w(SMT(V)) ≤ w(MST(K_(V ∪ v))) for every point v of the space",
        hypotheses=(STEINER_VALID,), bound=SMT_BOUND_EXPR, quantity=_smt, adversaries=_STEINER_ADV,
        derivation="retain.lemD.3",
        note="SMT by enumeration of Steiner sets (exact); attained when v is an optimal single Steiner point.",
    ),
    Claim(
        id="retain.lemD.3:control-halved",
        source="negative control: Lemma D.3 with the right side halved",
        kind=Kind.INEQUALITY,
        statement="(wrong on purpose) w(SMT(V)) ≤ w(MST(K_(V ∪ v)))/2",
        hypotheses=(STEINER_VALID,), bound=SMT_BOUND_EXPR / 2, quantity=_smt, adversaries=_STEINER_ADV,
        control=Control.NEGATIVE,
    ),
)
CLAIMS = CLAIMS + MORE_CLAIMS


# --------------------------------------------------------------------------- active mechanisms (Section 4, Appendix H)
#: Lemma H.2 / H.3 for the log loss of Example G.3 (d = 1): ``L²M/(n²λ_R³)`` with L = B + λR_w, M = B³/(6√3) and
#: λ_R = (a/n)(2 cosh(BR_w/2))⁻² + λ.
_LOG_SUBS = {_L: LOGISTIC_L_EXPR, _M: LOGLOSS_M_EXPR}
_LOG_CURV_1D = LOGISTIC_CURVATURE_EXPR.subs(_lammin, _a / _n)
NEWTON_LOG_BOUND_1D = NEWTON_BOUND_EXPR.subs(_LOG_SUBS).subs(_lamR, _LOG_CURV_1D)
#: Algorithm 2, line 1 (line 725) for the same loss: ``σ = c_(ε,δ)·ML²/(λ_R³n²)``.
NEWTON_LOG_SIGMA_1D = NEWTON_SIGMA_EXPR.subs(_c, C_CLASSIC_EXPR).subs(_LOG_SUBS).subs(_lamR, _LOG_CURV_1D)
#: Lemma 4.2 (lines 295–299): ``RS/Δ_GS ≤ (λ/λ_R)³``.
NEWTON_RATIO_1D = (_lam / _LOG_CURV_1D) ** 3
#: Δ_GS of Lemma 4.2: the Newton bound at the global curvature λ.
NEWTON_GS_1D = NEWTON_BOUND_EXPR.subs(_LOG_SUBS).subs(_lamR, _lam)
_gG, _IG = sympy.Symbol("gamma_G", positive=True), sympy.Symbol("I_G", positive=True)
_Cn = _L / (_n * _sigma * B_EPS_DELTA_EXPR)
#: Lemma 4.1 (lines 277–281), as printed: ``I_R/I = ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R)``, ``C_n = L/(nσ b(ε, δ))``.
ITER_RATIO_EXPR = sympy.log(_Cn / _lamR) * sympy.log(_gG) / (sympy.log(_Cn / _lam) * sympy.log(_gR))
#: The ceilings of eq. (5) (+fix): ``I_R/I ≤ (x_R + 1)/x`` with x_R, x the un-rounded counts of the ratio above.
ITER_RATIO_FIX_EXPR = (sympy.log(_Cn / _lamR) / sympy.log(1 / _gR) + 1) / (sympy.log(_Cn / _lam) / sympy.log(1 / _gG))
#: Lemma 4.1's ≥ direction with the ceilings of eq. (5) (+fix): ``I_R/I ≥ x_R/(x + 1)``.
ITER_RATIO_LOWER_FIX_EXPR = (sympy.log(_Cn / _lamR) / sympy.log(1 / _gR)) / (sympy.log(_Cn / _lam) / sympy.log(1 / _gG) + 1)
#: The rounded counts' ratio ``I_R/I`` (the right-hand side of Lemma 4.1's ≥ direction).
ITER_COUNT_RATIO_EXPR = _I / _IG
#: Lemma H.1's proof (lines 697–701), m = 1: ``‖G_R^I(w_R') − w_R‖ ≤ γ_R^I L/(nλ_R)``.
D2D_BOUND_1 = D2D_BOUND_EXPR.subs(_m, 1)


def _d2d_mech(values: Instance):
    """Algorithm 1's mechanism for the instance (cached: its parameters are memoised per R)."""
    return _d2d_mech_cached(_logistic_key(values), frac(values["epsilon"]), frac(values["delta"]), frac(values["sigma"]))


@functools.lru_cache(maxsize=256)
def _d2d_mech_cached(key: tuple, eps: Fraction, dl: Fraction, sig: Fraction):
    from ..algorithms.retain import DescentToDeleteRS

    return DescentToDeleteRS(_logistic_mech(dict(key)), epsilon=eps, delta=dl, sigma=sig)


@functools.lru_cache(maxsize=256)
def _d2d_shift_cached(key: tuple, eps: Fraction, dl: Fraction, sig: Fraction) -> arb:
    values = dict(key)
    R, Z = _logistic_data({**values, "x": list(values["x"]), "y": list(values["y"])})
    return _d2d_mech_cached(key, eps, dl, sig).shift(R, Z).arb()


def _d2d_shift(values: Instance) -> arb:
    """‖G_R^I(w_(R∪z)) − w_R‖ of Algorithm 1 (d2d projected GD at 50 digits from certified minimisers)."""
    return _d2d_shift_cached(_logistic_key(values), frac(values["epsilon"]), frac(values["delta"]), frac(values["sigma"]))


@functools.lru_cache(maxsize=256)
def _d2d_parameters_cached(key: tuple, eps: Fraction, dl: Fraction, sig: Fraction) -> dict[str, Any]:
    values = dict(key)
    R, _ = _logistic_data({**values, "x": list(values["x"]), "y": list(values["y"])})
    mech = _d2d_mech_cached(key, eps, dl, sig)
    return {**mech.parameters(R), "I_G": mech.global_iterations(R.n)}


def _d2d_parameters(values: Instance) -> dict[str, Any]:
    """Algorithm 1's parameters for R (and the global count I of Lemma 4.1), cached per (R, z, ε, δ, σ)."""
    return _d2d_parameters_cached(_logistic_key(values), frac(values["epsilon"]), frac(values["delta"]),
                                  frac(values["sigma"]))


def _d2d_terms(values: Instance) -> dict[str, Any]:
    p = _d2d_parameters(values)
    return {"gamma_R": p["gamma_R"], "I": p["I"], "L": p["L"], "lambda_R": p["lambda_R"], "n": p["n"]}


def _d2d_delta(values: Instance) -> arb:
    shift = _d2d_shift(values)
    return arb(0) if shift == 0 else delta_enclosure(values["epsilon"], values["sigma"], shift)


def _active_ok(values: Instance) -> Decision:
    eps, dl, sig = frac(values["epsilon"]), frac(values["delta"]), frac(values.get("sigma", 1))
    return holds(_logistic_ok(values) is Decision.TRUE and 0 < eps < 1 and 0 < dl < 1 and sig > 0
                  and _logistic_shift(values).is_finite())


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
    for fit in _logistic_fits(_logistic_key(values)):
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
        bases = [v for v in _logistic_cases(rng, 10**6) if frac(v["R_w"]) == 4][::5]
        bases = [v for v in bases if _logistic_shift(v).is_finite()]
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
        base = _logistic_instance([f(p["x0"]), f(p["x1"]), f(p["x2"])], ["1", "-1", "1"], _coarse(p["lambda"], 4),
                                  f(p["zx"]), 1 if p["zy"] >= 0 else -1, R_w=_coarse(p["R_w"], 4))
        return _active_instance(base, Fraction(p["epsilon"]).limit_denominator(20), _coarse(p["delta"], 1),
                                None if kind == "newton" else _coarse(p["sigma"], 2), d2d_terms=(kind == "d2d-terms"))

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
    from ..algorithms.retain import NewtonStepRS

    return NewtonStepRS(_logistic_mech(values))


@functools.lru_cache(maxsize=256)
def _newton_shift_cached(key: tuple) -> arb:
    values = dict(key)
    R, Z = _logistic_data({**values, "x": list(values["x"]), "y": list(values["y"])})
    return _newton_mech(values).shift(R, Z).arb()


def _newton_shift(values: Instance) -> arb:
    """‖w̄ − w_R‖ of Algorithm 2's update (lines 726–727) from the certified minimiser of R ∪ {z}."""
    return _newton_shift_cached(_logistic_key(values))


def _newton_delta(values: Instance) -> arb:
    shift = _newton_shift(values)
    return arb(0) if shift == 0 else delta_enclosure(values["epsilon"], arb_eval(NEWTON_LOG_SIGMA_1D, values), shift)


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

ACTIVE_CLAIMS = (
    Claim(
        id="retain.lemH.1",
        source="Lemma H.1 (lines 691–707) with Algorithm 1 (lines 667–681); log loss of Example G.3, d = 1",
        kind=Kind.UNLEARNING,
        statement="Descent-to-Delete with I = I_R(ε, δ, σ) of eq. (5) steps from w_(R∪z) publishes N(G_R^I(w_(R∪z)), σ²) "
                  "vs N(w_R, σ²): (ε, δ)-indistinguishable",
        hypotheses=(ACTIVE_VALID,), bound=delta, quantity=_d2d_delta,
        adversaries=(Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}, several (ε, δ)",
                               generate=_active_structured("d2d")), _active_search("d2d")),
        derivation="retain.lemH.1",
        note="The quantity is the exact δ at ε (Balle–Wang) of the actual shift after I_R steps of the d2d projected "
             "gradient descent (50 digits; certified minimisers, radius ≤ 1e-40 allowance).",
    ),
    Claim(
        id="retain.lemH.1:sensitivity",
        source="Lemma H.1's proof (lines 697–701): ‖G_R^I(w_R') − w_R‖ ≤ γ_R^I·L/(nλ_R)",
        kind=Kind.SENSITIVITY,
        statement="‖G_R^I(w_(R∪z)) − w_R‖ ≤ γ_R^I L/(n λ_R) with Algorithm 1's η_R = 2/(λ_R + β_R)",
        hypotheses=(D2D_VALID,), bound=D2D_BOUND_1, quantity=_d2d_shift,
        adversaries=(Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}", generate=_active_structured("d2d-terms")),
                     _active_search("d2d-terms")),
        derivation="retain.lemH.1:sensitivity",
    ),
    Claim(
        id="retain.lemH.1:control-boosted",
        source="negative control: Lemma H.1's shift bound divided by 10⁴",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖G_R^I(w_(R∪z)) − w_R‖ ≤ 10⁻⁴·γ_R^I L/(n λ_R)",
        hypotheses=(D2D_VALID,), bound=D2D_BOUND_1 / 10**4, quantity=_d2d_shift,
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
        id="retain.lem4.2:control-cubed-away",
        source="negative control: Lemma 4.2's ratio bound divided by 10⁴",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖w_R − w̄‖/Δ_GS ≤ 10⁻⁴(λ/λ_R)³",
        hypotheses=(NEWTON_VALID,), bound=NEWTON_RATIO_1D / 10**4, quantity=_newton_ratio,
        adversaries=(_NEWTON_ADV[0],), control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lem4.1",
        source="Lemma 4.1 (lines 277–283), as printed (an equation; checked as I_R/I ≤ the printed ratio)",
        kind=Kind.ITERATIONS,
        statement="I_R(ε, δ, σ)/I(ε, δ, σ) = ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R), C_n = L/(nσ b(ε, δ))",
        hypotheses=(ITER_VALID,), bound=ITER_RATIO_EXPR,
        quantity=lambda values: to_arb(Fraction(frac(values["I"])) / frac(values["I_G"])),
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
        adversaries=(Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}", generate=_iter_structured), _ITER_SEARCH),
        derivation="retain.lem4.1+fix", corrects="retain.lem4.1",
        note="⌈x_R⌉ < x_R + 1 and ⌈x⌉ ≥ x: the ratio of the rounded counts is within these limits, not equal to x_R/x.",
    ),
)
CLAIMS = CLAIMS + ACTIVE_CLAIMS

def _iter_printed_ratio(values: Instance) -> arb:
    """Lemma 4.1's printed ratio ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R) at Algorithm 1's constants."""
    return arb_eval(ITER_RATIO_EXPR, values)


def _iter_lower_fix(values: Instance) -> arb:
    return arb_eval(ITER_RATIO_LOWER_FIX_EXPR, values)


_ITER_ADV = (Adversary("Example G.3's datasets, σ ∈ {1/10, 1/1000}", generate=_iter_structured), _ITER_SEARCH)
ITER_LOWER_CLAIMS = (
    Claim(
        id="retain.lem4.1:lower",
        source="Lemma 4.1 (lines 277–283), as printed, the ≥ direction of its equation",
        kind=Kind.ITERATIONS,
        statement="ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R) ≤ I_R(ε, δ, σ)/I(ε, δ, σ), C_n = L/(nσ b(ε, δ))",
        hypotheses=(ITER_VALID,), bound=ITER_COUNT_RATIO_EXPR, quantity=_iter_printed_ratio, adversaries=_ITER_ADV,
        derivation="retain.lem4.1:lower",
        note="I_R and I are the integer counts of eq. (5), as Algorithm 1 uses them.",
    ),
    Claim(
        id="retain.lem4.1:lower+fix",
        source="Lemma 4.1 (lines 277–283), ≥ direction, with the ceilings of eq. (5)",
        kind=Kind.ITERATIONS,
        statement="x_R/(x + 1) ≤ I_R/I, x_R = ln(C_n/λ_R)/ln(1/γ_R), x = ln(C_n/λ)/ln(1/γ) (I_R = ⌈x_R⌉, I = ⌈x⌉)",
        hypotheses=(ITER_VALID,), bound=ITER_COUNT_RATIO_EXPR, quantity=_iter_lower_fix, adversaries=_ITER_ADV,
        derivation="retain.lem4.1:lower+fix", corrects="retain.lem4.1:lower",
        note="⌈x_R⌉ ≥ x_R and ⌈x⌉ < x + 1.",
    ),
    Claim(
        id="retain.lem4.1:control-lower-doubled",
        source="negative control: twice Lemma 4.1's printed ratio below I_R/I",
        kind=Kind.ITERATIONS,
        statement="(wrong on purpose) 2·ln(C_n/λ_R) ln γ/(ln(C_n/λ) ln γ_R) ≤ I_R/I",
        hypotheses=(ITER_VALID,), bound=ITER_COUNT_RATIO_EXPR, quantity=lambda v: 2 * _iter_printed_ratio(v),
        adversaries=(_ITER_ADV[0],), control=Control.NEGATIVE,
    ),
)
CLAIMS = CLAIMS + ITER_LOWER_CLAIMS


# --------------------------------------------------------------------------- m-deletion extensions (+fix-style)
_xh1, _xh2, _xl1, _xl2, _med = sympy.symbols("xh1 xh2 xl1 xl2 med", nonnegative=True)
#: The median for m added points (see :class:`~certunlearn.algorithms.retain.Median`): with N = n + m,
#: ``max(½(x̄_(⌈N/2⌉) + x̄_(⌊N/2⌋+1)) − med, med − ½(x̲_(⌈N/2⌉) + x̲_(⌊N/2⌋+1)))``, x̄ the order statistics of R ∪ {B}^m
#: and x̲ those of R ∪ {0}^m.
MEDIAN_RS_M_EXPR = sympy.Max((_xh1 + _xh2) / 2 - _med, _med - (_xl1 + _xl2) / 2)


def _median_m_terms(values: Instance) -> dict[str, Fraction]:
    from ..algorithms.retain import median

    xs, m, B = sorted(_fracs(values["R"])), int(frac(values["m"])), frac(values["B"])
    n, N = len(xs), len(xs) + m
    i1, i2 = (N + 1) // 2, N // 2 + 1
    hi = lambda j: xs[j - 1] if j <= n else B  # noqa: E731
    lo = lambda j: Fraction(0) if j <= m else xs[j - m - 1]  # noqa: E731
    return {"xh1": hi(i1), "xh2": hi(i2), "xl1": lo(i1), "xl2": lo(i2), "med": median(xs)}


def _median_m_ok(values: Instance) -> Decision:
    xs, B, m = _fracs(values["R"]), frac(values["B"]), frac(values["m"])
    if not (xs and all(0 <= x <= B for x in xs) and m >= 1 and m.denominator == 1):
        return Decision.FALSE
    return holds(all(frac(values[k]) == v for k, v in _median_m_terms(values).items()))


MEDIAN_M_VALID = P("x_i ∈ [0, B], any n ≥ 1, m ≥ 1; the order statistics xh, xl and med computed from R", _median_m_ok)


def _median_m_rs(values: Instance) -> arb:
    """RS_m by enumerating every multiset of m points of {0, B} ∪ R ∪ midpoints (exact)."""
    from ..algorithms.retain import median_brute_force_rs

    B, R = frac(values["B"]), _fracs(values["R"])
    universe = sorted({Fraction(0), B, *R, *((a + b) / 2 for a, b in itertools.combinations(R, 2))})
    return to_arb(median_brute_force_rs(R, universe, int(frac(values["m"])), B=B).value.exact)


def _median_m_instance(B: Any, R: list, m: int) -> dict[str, Any]:
    inst = {"B": B, "R": list(R), "m": m}
    return {**inst, **_median_m_terms(inst)}


def _median_m_structured(rng: np.random.Generator, size: int):
    out = [_median_m_instance(B, R, m) for B, R in MEDIAN_DATASETS[:5] for m in (2, 3)]
    out += [_median_m_instance("1", ["0", "1/2", "1", "1"], 2), _median_m_instance("1", ["0", "0", "1", "1"], 1)]
    return out


# ERM (Lemma G.1 for m points): ‖w_R − w_(R∪Z)‖ ≤ ‖Σ_(z∈Z) ∇f(w_(R∪Z), z)‖/(nλ_R)
ERM_G1_M_EXPR = ERM_G1_EXPR  # the same expression, with G2 = ‖Σ_z ∇f(w_R', z)‖²


def _ridge_m_data(values: Instance):
    from ..algorithms.retain import labeled

    R = labeled((_rows(values["X"]), _fracs(values["y"])), "R")
    Z = labeled((_rows(values["Zx"]), _fracs(values["Zy"])), "U")
    return R, Z


def _ridge_m_terms(values: Instance) -> dict[str, Fraction]:
    from ..algorithms.retain import RidgeERM

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
    from ..algorithms.retain import RidgeERM

    R, Z = _ridge_m_data(values)
    mech = RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=1)
    mech.prepare(R)
    mech.prepare(R + Z)
    return holds(R.d <= 2 and all(frac(values[k]) == v for k, v in _ridge_m_terms(values).items()))


RIDGE_M_VALID = P("ridge data (‖x‖ ≤ B, |y| ≤ 1, d ≤ 2, XᵀX/n + λI ≻ 0), m = |Z| ≥ 1; G2 = ‖Σ_z ∇f(w_R', z)‖², hs, hd, "
                  "h12, n computed from them", _ridge_m_ok)


def _ridge_m_shift(values: Instance) -> arb:
    from ..algorithms.retain import RidgeERM

    R, Z = _ridge_m_data(values)
    return RidgeERM(lam=frac(values["lambda"]), B=frac(values["B"]), Y=1).shift(R, Z).arb()


def _ridge_m_instance(X: list, y: list, lam: Any, Zx: list, Zy: list) -> dict[str, Any]:
    inst = {"X": [list(r) for r in X], "y": list(y), "lambda": lam, "B": 1, "Zx": [list(z) for z in Zx], "Zy": list(Zy)}
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
    return out


# SVM (Lemma F.2 for m points): the proof only uses w_(R∪Z) ∈ C_R and ‖w_(R∪Z)‖ ≤ 1/γ
def _svm_m_rs(values: Instance) -> arb:
    return _svm_mech(values).exact_rs(_svm_R(values), int(frac(values["m"]))).value.arb()


def _svm_m_ok(values: Instance) -> Decision:
    return holds(_svm_ok(values) is Decision.TRUE and 1 <= int(frac(values["m"])) <= len(values["support_X"]))


SVM_M_VALID = P("as Lemma F.2, with 1 ≤ m ≤ |support|", _svm_m_ok)


def _svm_m_structured(rng: np.random.Generator, size: int):
    return [{**v, "m": m} for v in _svm_structured(rng, size)[:5] for m in (2, 3) if m <= len(v["support_X"])]


# Newton step (Lemma H.2 for m points): m²L²M/(n²λ_R³)
NEWTON_LOG_BOUND_M_1D = NEWTON_BOUND_M_EXPR.subs(_LOG_SUBS).subs(_lamR, _LOG_CURV_1D)


def _newton_m_data(values: Instance):
    from ..algorithms.retain import labeled

    R = labeled((_rows([[x] for x in values["x"]]), _fracs(values["y"])), "R")
    Z = labeled((_rows([[x] for x in values["Zx"]]), _fracs(values["Zy"])), "U")
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
    mech = _logistic_mech(values)
    for fit in (mech.fit(R), mech.fit(R + Z)):
        if not abs(Fraction(str(fit.theta[0]))) + Fraction(fit.radius) + Fraction(1, 10**30) < Rw:
            return Decision.FALSE
    return Decision.TRUE


NEWTON_M_VALID = P("as Lemma H.2 (log loss, d = 1, interior minimisers) with m = |Z| added points", _newton_m_ok)


def _newton_m_structured(rng: np.random.Generator, size: int):
    out = []
    for x, y in ((["1/2", "-1", "3/4"], ["1", "-1", "-1"]), (["1", "1/2", "-1/4", "-1"], ["1", "1", "-1", "-1"])):
        for lam in ("1/10", "1"):
            for Zx, Zy in ((["1", "1"], ["-1", "-1"]), (["1", "-1"], ["-1", "1"]), (["1", "1", "1"], ["-1", "-1", "-1"])):
                base = _logistic_instance(x, y, lam, "0", "1", R_w="4")
                inst = {k: v for k, v in base.items() if k not in ("zx", "zy")}
                out.append({**inst, "Zx": Zx, "Zy": Zy, "m": len(Zx)})
    return out


M_CLAIMS = (
    Claim(
        id="retain.lemC.1:m-points+fix",
        source="extension of Lemma C.1 (lines 421–431; footnote 2's 'analogous' cases) to m added points, any n",
        kind=Kind.SENSITIVITY,
        statement="RS_m(R) = max(½(x̄_(⌈N/2⌉) + x̄_(⌊N/2⌋+1)) − med(R), med(R) − ½(x̲_(⌈N/2⌉) + x̲_(⌊N/2⌋+1))), N = n + m",
        hypotheses=(MEDIAN_M_VALID,), bound=MEDIAN_RS_M_EXPR, quantity=_median_m_rs,
        adversaries=(Adversary("the median datasets with m = 2, 3; even n", generate=_median_m_structured),),
        derivation="retain.lemC.1:m-points+fix", corrects="retain.lemC.1",
        note="Not a correction: the paper states m = 1 and odd n. The median is nondecreasing in each added point, so "
             "its range is reached at Z = {0}^m and {B}^m; an exact lemma (attained).",
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
    Claim(
        id="retain.lemF.2:m-points+fix",
        source="extension of Lemma F.2 (lines 565–581) to m added support points",
        kind=Kind.SENSITIVITY,
        statement="RS_m,SVM(R) ≤ √(1/γ² − 1/γ_R²) for every m",
        hypotheses=(SVM_M_VALID,), bound=SVM_BOUND_EXPR, prescribed=SVM_PRESCRIBED, quantity=_svm_m_rs,
        adversaries=(Adversary("margin-defining support vectors, m = 2, 3", generate=_svm_m_structured),),
        derivation="retain.lemF.2:m-points+fix", corrects="retain.lemF.2",
        note="Not a correction: the proof uses only w_(R∪Z) ∈ C_R and ‖w_(R∪Z)‖ ≤ 1/γ, true for any Z ⊆ supp(D).",
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
)
CLAIMS = CLAIMS + M_CLAIMS


# --------------------------------------------------------------------------- Table 1 (lines 222–230, 259–261)
#: Table 1, MSE λ = 0: eq. (2) at λ = 0 (d = 1).
TABLE1_MSE0_EXPR = RIDGE_BOUND_1D.subs(_lam, 0)
#: Table 1, log loss λ = 0: eq. (3) at λ = 0 (d = 1).
TABLE1_LOG0_EXPR = LOGISTIC_BOUND_1D.subs(_lam, 0)
#: Table 1 / line 261 (i): ``RS_ERM(R) ≤ Δ_GS = L/(nλ)`` (λ_R ≥ λ > 0), log loss: L = B + λR_w.
TABLE1_GS_EXPR = ERM_GS_EXPR.subs(_m, 1).subs(_L, LOGISTIC_L_EXPR)


def _mse0_ok(values: Instance) -> Decision:
    return holds(_ridge_ok(values) is Decision.TRUE and frac(values["lambda"]) == 0)


def _mse0_structured(rng: np.random.Generator, size: int):
    cases = [(["1/8", "-1/2", "3/4"], ["1", "-1", "1"]), (["1", "1", "1"], ["1", "1", "1"]), (["1", "-1"], ["1", "1"]),
             (["1/100", "1/100", "1/100"], ["1", "1", "1"]), (["1", "1/2", "1/4", "1/8"], ["1", "-1", "1", "-1"]),
             (["1/2"], ["1"]), (["1/10", "1"], ["-1", "1"])]
    return [_ridge_instance(x, y, "0") for x, y in cases]


def _log0_terms(values: Instance) -> bool:
    """R_w bounds both unconstrained minimisers (so W = {‖w‖ ≤ R_w} holds them and Example G.3 applies)."""
    wR, wS, _ = _local_terms(*_local_key(values))
    Rw = to_arb(frac(values["R_w"]))
    with workprec(300):
        return bool(abs(wR) < Rw and abs(wS) < Rw)


def _log0_ok(values: Instance) -> Decision:
    x, y = _fracs(values["x"]), _fracs(values["y"])
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
        x, y = _local_data(n_pos, n_neg, reps)
        for zx, zy in (("1", "1"), ("1", "-1"), ("-1/2", "1")):
            wR, wS, _ = _local_terms(tuple(x), tuple(_fracs(y)), frac(zx), frac(zy))
            r = max(abs(float(wR.mid())), abs(float(wS.mid())))
            for Rw in (Fraction(r).limit_denominator(100) + Fraction(1, 10), Fraction(r).limit_denominator(100) * 2 + 1):
                out.append({"x": x, "y": y, "zx": frac(zx), "zy": frac(zy), "B": Fraction(1), "n": len(x), "lambda": 0,
                            "R_w": Rw, "a": sum((v * v for v in x), Fraction(0))})
    return out


TABLE1_CLAIMS = (
    Claim(
        id="retain.table1:mse-lambda0",
        source="Table 1 (lines 222–230), row 'MSE λ = 0': RS ≤ L^MSE/(nλ_R^MSE), eq. (2); d = 1",
        kind=Kind.SENSITIVITY,
        statement="Unregularised least squares: RS(R) ≤ (B³/λ_min(XᵀX/(n+1)) + B)/(n λ_min(XᵀX/n)) while GS = ∞",
        hypotheses=(P("ridge data with λ = 0", _mse0_ok),), bound=TABLE1_MSE0_EXPR, quantity=_ridge_rs,
        adversaries=(Adversary("points on the data sphere, nearly degenerate designs, λ = 0", generate=_mse0_structured),
                     Adversary("search over x ∈ [−1, 1]³, y ∈ {±1}³ at λ = 0", space=Space(
                         bounds={**{f"x{i}": (-1.0, 1.0) for i in range(3)}, **{f"y{i}": (-1.0, 1.0) for i in range(3)}},
                         fixed={"lambda": 0.0}, build=_ridge_build))),
        derivation="retain.table1:mse-lambda0",
        note="At λ = 0 the regulariser's gradient vanishes, so the printed L^MSE is a valid gradient bound here "
             "(compare retain.exG.2 at λ > 0).",
    ),
    Claim(
        id="retain.table1:logloss-lambda0",
        source="Table 1 (lines 222–230), row 'LOG LOSS λ = 0': RS ≤ L^LogL/(nλ_R^LogL), eq. (3); d = 1",
        kind=Kind.SENSITIVITY,
        statement="Unregularised logistic regression with |w| ≤ R_w: ‖w_R − w_(R∪z)‖ ≤ B/(n λ_min(XᵀX/n)(2cosh(BR_w/2))⁻²)",
        hypotheses=(LOG0_VALID,), bound=TABLE1_LOG0_EXPR, quantity=_local_shift,
        adversaries=(Adversary("label imbalances, R_w just above and well above the minimisers",
                               generate=_log0_structured),),
        derivation="retain.table1:logloss-lambda0",
    ),
    Claim(
        id="retain.table1:gs",
        source="Table 1 and line 261 (i): λ_R ≥ λ > 0 implies RS_ERM(R) ≤ Δ_GS = L/(nλ); log loss of Example G.3",
        kind=Kind.SENSITIVITY,
        statement="‖w_R − w_(R∪z)‖ ≤ (B + λR_w)/(nλ) for every z",
        hypotheses=(LOGISTIC_VALID,), bound=TABLE1_GS_EXPR, quantity=_logistic_shift, adversaries=_LOGISTIC_ADV,
        derivation="retain.table1:gs",
    ),
)
CLAIMS = CLAIMS + TABLE1_CLAIMS


# --------------------------------------------------------------------------- Lemma E.3 (the noisy PCA release)
#: Lemma E.3 (lines 521–529): ``σ(R) = 2√2B²/((n + 1)gap_k(R))·c_(ε,δ)``.
PCA_SIGMA_EXPR = PCA_BOUND_EXPR * C_CLASSIC_EXPR


def _pca_delta(values: Instance) -> arb:
    """δ at ε between N(upper(P_k(Σ̂_(R∪U))), σ²I) and N(upper(P_k(Σ̂_R)), σ²I) — the upper-triangular entries the
    mechanism releases (E mirrored), before the data-independent projection (post-processing)."""
    mech = _pca_mech(values)
    R = mech.prepare(_rows(values["R"]))
    shift = mech.shift(R, _rows(values["U"])).arb()
    if shift == 0:
        return arb(0)
    return delta_enclosure(values["epsilon"], arb_eval(PCA_SIGMA_EXPR, values), shift)


def _pca_pair_structured(rng: np.random.Generator, size: int):
    out = []
    for i, v in enumerate(_pca_structured(rng, size)):
        eps, dl = (("1/2", "1/100000"), ("9/10", "1/1000"), ("1/100", "1/10000000000"), ("99/100", "1/2"))[i % 4]
        out.append({**v, "epsilon": eps, "delta": dl})
    return out


def _pca_pair_build(p: dict[str, Any]) -> Instance:
    return {**_pca_build(p), "epsilon": Fraction(p["epsilon"]).limit_denominator(1000), "delta": Fraction(p["delta"])}


E3_CLAIMS = (
    Claim(
        id="retain.lemE.3",
        source="Lemma E.3 (lines 521–529): the rank-k projector with symmetric Gaussian noise, σ(R) from Lemma E.2",
        kind=Kind.UNLEARNING,
        statement="Releasing P_k(V V ᵀ + E), E symmetric with N(0, σ(R)²) upper-triangular entries, σ(R) = "
                  "2√2B²/((n + 1)gap_k(R))·c_(ε,δ), is (ε, δ)-unlearning",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, PCA_VALID), bound=delta, quantity=_pca_delta,
        adversaries=(Adversary("nearly degenerate gaps, points on the data sphere, several (ε, δ)",
                               generate=_pca_pair_structured),
                     Adversary("search over the spectrum, the added point and (ε, δ)", space=Space(
                         bounds={**PCA_SEARCH.space.bounds, "epsilon": (0.01, 0.99), "delta": (1e-12, 0.5)},
                         log=frozenset({"delta"}), build=_pca_pair_build))),
        derivation="retain.thm2.11",
        note="The released vector is the upper triangle (i ≤ j), whose ℓ2 shift is at most the Frobenius shift Lemma "
             "E.2 bounds; the proof is Theorem 2.11's (line 527), whose derivation this claim names.",
    ),
)
CLAIMS = CLAIMS + E3_CLAIMS


# --------------------------------------------------------------------------- Lemma E.4 (utility of the noisy projector)
#: The operator-norm form of Lemma E.2 its proof derives (line 517), used by Lemma E.4's first term (line 537):
#: ``‖P_k(Σ̂_R') − P_k(Σ̂_R)‖_2 ≤ 2B²/((n + 1)gap_k(R))``.
PCA_BOUND_OP_EXPR = 2 * _B**2 / ((_n + 1) * _gap)
#: Lemma E.4's proof before its O(·) (lines 533–551): for every symmetric E,
#: ``‖V_RV_Rᵀ − P_k(V_R'V_R'ᵀ + E)‖_2 ≤ 2B²/((n + 1)gap_k(R)) + 2‖E‖_2`` (triangle inequality, Lemma E.2's
#: operator-norm bound, and ‖V_R'V_R'ᵀ − P_k(V_R'V_R'ᵀ + E)‖ ≤ 2‖E‖ by Weyl).
E4_EXPR = PCA_BOUND_OP_EXPR + 2 * E_OP_2X2_EXPR
_t = sympy.Symbol("t", nonnegative=True)
#: The explicit form of the proof's "with high probability ‖E‖ = O(√d σ)" (line 537, [Tao23, Cor. 2.3.6]):
#: ``P(‖E‖_2 ≥ σ(2√d + t)) ≤ 2e^(−t²/4)`` for E symmetric with i.i.d. N(0, σ²) upper-triangular entries
#: (Sudakov–Fernique against 2σ⟨g, v⟩ gives E λ_max(±E) ≤ 2σ√d; λ_max is √2σ-Lipschitz in the Gaussian vector).
E4_TAIL_EXPR = 2 * sympy.exp(-_t**2 / 4)


def _e4_matrices(values: Instance) -> tuple[list[Fraction], list[Fraction]]:
    """The entries (s11, s12, s22) of Σ̂_R and of Σ̂_(R∪U), exactly."""
    R, U = _rows(values["R"]), _rows(values["U"])
    S = R.T @ R / R.shape[0]
    S1 = (R.T @ R + U.T @ U) / (R.shape[0] + U.shape[0])
    return [S[0, 0], S[0, 1], S[1, 1]], [S1[0, 0], S1[0, 1], S1[1, 1]]


def _e4_noisy(values: Instance) -> tuple[arb, arb, arb]:
    """(p₁, q₁) of P_1(Σ̂_R') and the squared half-gap ρ² of P_1(Σ̂_R') + E (its eigenvalues are distinct iff ρ² > 0)."""
    _, S1 = _e4_matrices(values)
    p1, q1 = _top_projector_2x2(*(to_arb(v) for v in S1))
    e11, e12, e22 = (to_arb(frac(values[k])) for k in ("e11", "e12", "e22"))
    dd, off = 2 * p1 + e11 - e22, q1 + e12
    return p1, q1, dd * dd / 4 + off * off


def _e4_distance(values: Instance) -> arb:
    """``‖V_RV_Rᵀ − P_1(V_R'V_R'ᵀ + E)‖_2`` for d = 2, k = 1, with closed-form projectors (as :func:`_dk_distance`:
    the difference of two rank-1 projectors in ℝ² is traceless symmetric (p, q; q, −p), norm √(p² + q²))."""
    S, _ = _e4_matrices(values)
    p0, q0 = _top_projector_2x2(*(to_arb(v) for v in S))
    p1, q1, _ = _e4_noisy(values)
    e11, e12, e22 = (to_arb(frac(values[k])) for k in ("e11", "e12", "e22"))
    p2, q2 = _top_projector_2x2(arb(0.5) + p1 + e11, q1 + e12, arb(0.5) - p1 + e22)
    return _traceless_norm(p2 - p0, q2 - q0)


def _pca_op_shift(values: Instance) -> arb:
    """``‖P_1(Σ̂_R') − P_1(Σ̂_R)‖_2`` for d = 2 (closed-form projectors)."""
    S, S1 = _e4_matrices(values)
    p0, q0 = _top_projector_2x2(*(to_arb(v) for v in S))
    p1, q1 = _top_projector_2x2(*(to_arb(v) for v in S1))
    return _traceless_norm(p1 - p0, q1 - q0)


def _pca_op_ok(values: Instance) -> Decision:
    if not (len(values["R"][0]) == 2 and frac(values["k"]) == 1 and _pca_ok(values) is Decision.TRUE):
        return Decision.FALSE
    _, S1 = _e4_matrices(values)
    return holds((S1[0] - S1[2]) ** 2 + 4 * S1[1] ** 2 > 0)


PCA_OP_VALID = P("as Lemma E.2 with d = 2, k = 1; Σ̂_R' has distinct eigenvalues", _pca_op_ok)


def _pca_op_structured(rng: np.random.Generator, size: int):
    """Lemma E.2's families in ℝ², and wide gaps with many points (where the bound drops below 1)."""
    out = [v for v in _pca_structured(rng, 10**6) if len(v["R"][0]) == 2]
    for R in ([[1, 0]] * 7 + [[0, "1/10"]], [[1, 0]] * 15 + [[0, 0]], [[0, 1]] * 9 + [["1/2", 0]]):
        out += [_pca_instance(R, [u]) for u in _PCA_DIRECTIONS]
    out = [v for v in out if v["gap"] is not None and _pca_op_ok(v) is Decision.TRUE]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _e4_ok(values: Instance) -> Decision:
    if not (len(values["R"][0]) == 2 and frac(values["k"]) == 1 and _pca_ok(values) is Decision.TRUE):
        return Decision.FALSE
    _, S1 = _e4_matrices(values)
    if (S1[0] - S1[2]) ** 2 + 4 * S1[1] ** 2 == 0:
        return Decision.FALSE
    return holds(bool(_e4_noisy(values)[2] > 0))


E4_VALID = P("as Lemma E.2 with d = 2, k = 1 (one added point); Σ̂_R' and V_R'V_R'ᵀ + E have distinct eigenvalues "
             "(both projectors defined); E symmetric with entries e11, e12, e22", _e4_ok)


def _e4_instance(R: list, U: list, E: tuple) -> dict[str, Any]:
    e11, e12, e22 = _fracs(E)
    return {**_pca_instance(R, U), "e11": e11, "e12": e12, "e22": e22}


def _e4_structured(rng: np.random.Generator, size: int):
    """Eigen-flips and rotations of the released projector, at scales from far below to far above σ(R); and draws of
    E with the mechanism's N(0, σ(R)²) entries (ε = 1/2, δ = 10⁻⁵), rounded to rationals."""
    out = []
    Es = [(f"-{t}", "0", t) for t in ("1/100", "1/4", "49/100", "51/100", "1")]
    Es += [("0", s, "0") for s in ("1/1000", "1/10", "1/2", "3")] + [("1/5", "-1/5", "-1/5")]
    cases = [(R, [u]) for R in ([[1, 0], [0, "99/100"]], [[1, 0], [1, 0], [0, "1/10"]], [[1, 0], [0, "9/10"], [1, 0]])
             for u in (["7/10", "7/10"], [0, 1], ["3/5", "4/5"])]
    for R, U in cases:
        base = _pca_instance(R, U)
        sigma = float(arb_eval(PCA_BOUND_EXPR * C_CLASSIC_EXPR, {**base, "epsilon": Fraction(1, 2),
                                                                  "delta": Fraction(1, 10**5)}).mid())
        draws = [tuple(Fraction(float(v)).limit_denominator(10**6) for v in rng.normal(0, sigma, 3)) for _ in range(2)]
        out += [_e4_instance(R, U, E) for E in Es + draws]
    out = [v for v in out if _e4_ok(v) is Decision.TRUE]
    if size < len(out):
        out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
    return out


def _e4_build(p: dict[str, Any]) -> Instance:
    base = _pca_build(p)
    E = [Fraction(p[k]).limit_denominator(10**4) for k in ("e11", "e12", "e22")]
    return {**base, "e11": E[0], "e12": E[1], "e22": E[2]}


E4_SEARCH = Adversary("search over the retained spectrum, the added point and E ∈ [−1, 1]³", space=Space(
    bounds={**PCA_SEARCH.space.bounds, "e11": (-1.0, 1.0), "e12": (-1.0, 1.0), "e22": (-1.0, 1.0)}, build=_e4_build))


def _e4_tail(values: Instance) -> arb:
    """``P(‖E‖_2 ≥ σ(2√2 + t))`` for the 2×2 symmetric E with i.i.d. N(0, σ²) entries e11, e12, e22 (σ scales out),
    rigorously: ‖E‖/σ = |u| + ρ with u = (e11 + e22)/(2σ) ~ N(0, ½) and ρ² = ((e11 − e22)/(2σ))² + (e12/σ)², a sum of
    Gamma(½, 1) and Gamma(½, 2) variables with density f(y) = e^(−3y/4) I₀(y/4)/√2; so
    ``P = 1 − ∫₀^s 2r f(r²) erf(s − r) dr``, s = 2√2 + t, an arb-certified integral (acb.integral)."""
    with workprec(max(ctx.prec, 128) + 32):
        s = 2 * arb(2).sqrt() + to_arb(frac(values["t"]))
        c = 1 / acb(2).sqrt()

        def integrand(r: acb, analytic: bool) -> acb:
            y = r * r
            return 2 * r * (-3 * y / 4).exp() * (y / 4).bessel_i(0) * (s - r).erf() * c

        return 1 - acb.integral(integrand, 0, acb(s)).real


E4_TAIL_VALID = P("d = 2 (the computed case), t ≥ 0", lambda v: holds(frac(v["d"]) == 2 and frac(v["t"]) >= 0))


def _e4_tail_structured(rng: np.random.Generator, size: int):
    return [{"d": 2, "t": t} for t in ("0", "1/4", "1/2", "1", "3/2", "2", "3", "4", "6", "8")]


E4_TAIL_SEARCH = Adversary("search over t ∈ [0, 8]", space=Space(
    bounds={"t": (0.0, 8.0)}, fixed={"d": 2}, build=lambda p: {"d": 2, "t": Fraction(p["t"]).limit_denominator(1000)}))

E4_CLAIMS = (
    Claim(
        id="retain.lemE.2:operator",
        source="Lemma E.2's proof (lines 515–517), operator norm, the first term of Lemma E.4 (line 537); d = 2, k = 1",
        kind=Kind.SENSITIVITY,
        statement="‖P_k(Σ̂_R') − P_k(Σ̂_R)‖_2 ≤ 2B²/((n + 1)gap_k(R)) for every added x, ‖x‖ ≤ B",
        hypotheses=(PCA_OP_VALID,), bound=PCA_BOUND_OP_EXPR, quantity=_pca_op_shift,
        adversaries=(Adversary("nearly degenerate and wide gaps, many repeated points, diagonal and rotated data",
                               generate=_pca_op_structured), PCA_SEARCH),
        derivation="retain.lemE.2:operator",
    ),
    Claim(
        id="retain.lemE.2:control-operator-quartered",
        source="negative control: Lemma E.2's operator-norm bound divided by 4",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖P_k(Σ̂_R') − P_k(Σ̂_R)‖_2 ≤ B²/(2(n + 1)gap_k(R))",
        hypotheses=(PCA_OP_VALID,), bound=PCA_BOUND_OP_EXPR / 4, quantity=_pca_op_shift,
        adversaries=(Adversary("nearly degenerate and wide gaps", generate=_pca_op_structured),),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lemE.4",
        source="Lemma E.4 (lines 531–551): the inequality its proof establishes before the O(·), d = 2, k = 1",
        kind=Kind.ACCURACY,
        statement="‖V_RV_Rᵀ − P_k(V_R'V_R'ᵀ + E)‖_2 ≤ 2B²/((n + 1)gap_k(R)) + 2‖E‖_2 for every symmetric E",
        hypotheses=(E4_VALID,), bound=E4_EXPR, quantity=_e4_distance,
        adversaries=(Adversary("eigen-flips and rotations of the released projector, draws of E at σ(R), nearly "
                               "degenerate gaps", generate=_e4_structured), E4_SEARCH),
        derivation="retain.lemE.4",
        note="Deterministic in E; the probability enters only through ‖E‖ (retain.lemE.4:noise-tail). The first term "
             "is Lemma E.2's operator-norm bound, which its proof takes from Lemma E.1 as printed.",
    ),
    Claim(
        id="retain.lemE.4:control-noise-dropped",
        source="negative control: Lemma E.4's inequality without the 2‖E‖ term",
        kind=Kind.ACCURACY,
        statement="(wrong on purpose) ‖V_RV_Rᵀ − P_k(V_R'V_R'ᵀ + E)‖_2 ≤ 2B²/((n + 1)gap_k(R))",
        hypotheses=(E4_VALID,), bound=PCA_BOUND_OP_EXPR, quantity=_e4_distance,
        adversaries=(Adversary("eigen-flips and rotations of the released projector", generate=_e4_structured),),
        control=Control.NEGATIVE,
    ),
    Claim(
        id="retain.lemE.4:noise-tail",
        source="Lemma E.4's proof (line 537): 'with high probability ‖E‖ = O(2√(2d)B²c_(ε,δ)/((n + 1)gap_k(R)))', "
               "explicit; d = 2",
        kind=Kind.INEQUALITY,
        statement="P(‖E‖_2 ≥ σ(2√d + t)) ≤ 2e^(−t²/4) for E symmetric with i.i.d. N(0, σ²) upper-triangular entries",
        hypotheses=(E4_TAIL_VALID,), bound=E4_TAIL_EXPR, quantity=_e4_tail,
        adversaries=(Adversary("t from 0 to 8", generate=_e4_tail_structured), E4_TAIL_SEARCH),
        derivation="retain.lemE.4:noise-tail",
        note="With σ = σ(R) = 2√2B²c_(ε,δ)/((n + 1)gap_k(R)) this is the O(√d σ) of line 537 with constants; with "
             "retain.lemE.4 it gives ‖V_RV_Rᵀ − P_k(·)‖_2 ≤ 2B²/((n + 1)gap) + 2σ(2√d + t) with probability "
             "≥ 1 − 2e^(−t²/4). The probability is computed exactly (certified integral), not sampled.",
    ),
    Claim(
        id="retain.lemE.4:control-tail-hundredfold",
        source="negative control: the tail bound divided by 100",
        kind=Kind.INEQUALITY,
        statement="(wrong on purpose) P(‖E‖_2 ≥ σ(2√d + t)) ≤ 2e^(−t²/4)/100",
        hypotheses=(E4_TAIL_VALID,), bound=E4_TAIL_EXPR / 100, quantity=_e4_tail,
        adversaries=(Adversary("t from 0 to 8", generate=_e4_tail_structured),),
        control=Control.NEGATIVE,
    ),
)
CLAIMS = CLAIMS + E4_CLAIMS


# --------------------------------------------------------------------------- Descent-to-Delete for m deletions (+fix-style)
def _d2d_m_mech(values: Instance):
    """Algorithm 1 certified for m deletions (eq. (5) with mL, the same DescentToDeleteRS; cached per R)."""
    return _d2d_m_mech_cached(instance_key(values, ("x", "y", "lambda", "B", "R_w", "epsilon", "delta", "sigma", "m")))


@functools.lru_cache(maxsize=64)
def _d2d_m_mech_cached(key: tuple):
    from ..algorithms.retain import DescentToDeleteRS

    v = dict(key)
    return DescentToDeleteRS(_logistic_mech(v), epsilon=v["epsilon"], delta=v["delta"], sigma=v["sigma"], m=int(v["m"]))


@functools.lru_cache(maxsize=256)
def _d2d_m_shift_cached(key: tuple) -> arb:
    v = {k: list(x) if isinstance(x, tuple) else x for k, x in key}
    R, Z = _newton_m_data(v)
    return _d2d_m_mech(v).shift(R, Z).arb()


def _d2d_m_shift(values: Instance) -> arb:
    """‖G_R^I(w_(R∪Z)) − w_R‖ after Algorithm 1's I = I_R steps for m deletions (d2d projected GD, 50 digits)."""
    return _d2d_m_shift_cached(instance_key(values, ("x", "y", "lambda", "B", "R_w", "epsilon", "delta", "sigma", "m",
                                                     "Zx", "Zy")))


def _d2d_m_delta(values: Instance) -> arb:
    shift = _d2d_m_shift(values)
    return arb(0) if shift == 0 else delta_enclosure(values["epsilon"], values["sigma"], shift)


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


def _d2d_m_structured(terms: bool):
    def gen(rng: np.random.Generator, size: int):
        out = []
        for i, base in enumerate(_newton_m_structured(rng, size)):
            eps, dl = (("1/2", "1/100000"), ("9/10", "1/1000"), ("1/10", "1/10000000000"))[i % 3]
            out.append({**base, "epsilon": eps, "delta": dl, "sigma": ("1/10", "1/1000")[i % 2]})
        if size < len(out):
            out = [out[i] for i in sorted(rng.choice(len(out), size, replace=False))]
        return [{**inst, **_d2d_m_terms(inst)} for inst in out] if terms else out

    return gen


D2D_M_CLAIMS = (
    Claim(
        id="retain.lemH.1:m-points+fix",
        source="extension of Lemma H.1 (lines 691–707) with Algorithm 1 to m deleted points; log loss, d = 1",
        kind=Kind.UNLEARNING,
        statement="Descent-to-Delete with I = ⌈ln(mL/(nλ_Rσb(ε, δ)))/ln(1/γ_R)⌉ steps from w_(R∪Z), |Z| = m, publishes "
                  "N(G_R^I(w_(R∪Z)), σ²) vs N(w_R, σ²): (ε, δ)-indistinguishable",
        hypotheses=(D2D_M_VALID,), bound=delta, quantity=_d2d_m_delta,
        adversaries=(Adversary("Example G.3's datasets, 2–3 repeated or opposite deleted points, σ ∈ {1/10, 1/1000}",
                               generate=_d2d_m_structured(False)),),
        derivation="retain.lemH.1:m-points+fix", corrects="retain.lemH.1",
        note="Not a correction: the paper states m = 1. Lemma G.1 for m points (retain.lemG.1:m-points+fix) gives "
             "‖w_R' − w_R‖ ≤ mL/(nλ_R); the contraction and the Gaussian step are unchanged, so eq. (5) with mL.",
    ),
    Claim(
        id="retain.lemH.1:m-points-sensitivity+fix",
        source="extension of Lemma H.1's proof (lines 697–701) to m deleted points",
        kind=Kind.SENSITIVITY,
        statement="‖G_R^I(w_(R∪Z)) − w_R‖ ≤ γ_R^I·mL/(nλ_R), |Z| = m, with Algorithm 1's η_R = 2/(λ_R + β_R)",
        hypotheses=(D2D_M_VALID,), bound=D2D_BOUND_EXPR, quantity=_d2d_m_shift,
        adversaries=(Adversary("Example G.3's datasets, 2–3 repeated or opposite deleted points",
                               generate=_d2d_m_structured(True)),),
        derivation="retain.lemH.1:m-points-sensitivity+fix", corrects="retain.lemH.1:sensitivity",
        note="Not a correction: the paper states m = 1.",
    ),
    Claim(
        id="retain.lemH.1:control-m-boosted",
        source="negative control: the m-point shift bound divided by 10⁴",
        kind=Kind.SENSITIVITY,
        statement="(wrong on purpose) ‖G_R^I(w_(R∪Z)) − w_R‖ ≤ 10⁻⁴·γ_R^I·mL/(nλ_R)",
        hypotheses=(D2D_M_VALID,), bound=D2D_BOUND_EXPR / 10**4, quantity=_d2d_m_shift,
        adversaries=(Adversary("Example G.3's datasets, 2–3 deleted points", generate=_d2d_m_structured(True)),),
        control=Control.NEGATIVE,
    ),
)
CLAIMS = CLAIMS + D2D_M_CLAIMS
