"""Claims of Rewind-to-Delete (Mu & Klabjan), encoded as printed.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt`` (an HTML conversion; line numbers below refer to it, formulas
read from their LaTeX copies). Derivations: ``proofs/r2d.py``. Algorithms: :mod:`certunlearn.algorithms.r2d`
(Algorithm 1 ``learn``, Algorithm 2 ``unlearn``, ``retrain``, ``descent_path``); losses:
:class:`~certunlearn.problems.Linear` and :class:`~certunlearn.problems.nonconvex.ConcaveQuadratic`.

**Symbols** (shared with the proofs): ``n`` = |D|, ``m`` = |Z|, ``eta`` = η, ``L`` = the smoothness of every
f_z, ``G`` = the gradient bound ‖∇f_z‖ < G, ``T`` learning steps, ``K`` rewound steps, ``t`` an iteration index;
the prescribed σ of Theorem 3.1 (eq. (3), line 85) is ``SIGMA_31`` — what ``algorithms.r2d.noise_scale``
evaluates.

**Instances** of the gradient-descent claims hold the theorem's scalars (``n``, ``m``, ``eta``, ``L``, ``G``,
``T``, ``K``, ``epsilon``, ``delta``; ``t`` for Lemma B.2) and the problem: ``family`` (0 = linear losses
⟨x, θ⟩ on Θ = R^d; 1 = concave quadratics −(λ/2)‖θ − x‖² on the box Θ = [lo, hi], with ``lam`` = λ), the data
radius ``R``, the dataset ``X`` (n rows; **the last m rows are Z**, the deleted points, as in the paper's proof,
line 352: "WLOG"), and ``theta0``. Hypotheses check Theorem 3.1's assumptions exactly: the family's declared,
verified constants on Θ (smoothness ≤ L, gradient bound < G — strict, as printed), m < n, 0 ≤ K < T, the step
size η ≤ min{1/L, n/(2(n−m)L)}, 0 < ε ≤ 1, and every iterate in Θ (the descent is unprojected; the gradient
bound is declared on Θ only).

**Quantities** are exact: gradient descent on these losses is rational, so θ_T, θ_{T−K}, θ''_K (Algorithm 2)
and θ'_T (retraining on D') are Fractions; the published laws are N(θ''_K, σ²I) and N(θ'_T, σ²I), so the true δ
at ε is ``privacy.delta_enclosure(ε, σ, ‖θ''_K − θ'_T‖)`` (Balle & Wang 2018, Thm 8). :func:`report` gives, for
the notebook, the true shift beside its bound, the true δ, the effective ε at the target δ and ηLT.

**Claims** (ids ``r2d.*``): ``lem2.3`` (proximal inversion) and its control ``lem2.3:control-step-2-over-L``;
``thmB.1`` (the Gaussian mechanism as printed, for any ε) and ``thmB.1+fix`` (ε ≤ 1); ``lemB.2`` (divergence of
the learning trajectories), ``lemB.3`` (expansion during the K retained steps); ``thm3.1`` (the noise σ of
eq. (3)) with ``thm3.1:control-sigma-halved``; ``thm3.1:utility`` (the explicit inequality behind eq. (4)) and
``+fix``; ``cor3.2`` (K(ε)); ``cor3.5`` (PL empirical risk) and ``+fix``; ``lemB.4`` and ``cor3.6`` (population
risk, on point-mass populations); ``appC-radius`` (+fix), ``table3:d2d`` and ``table3:newton`` with
``table3:newton-control-sigma-halved`` (Appendix C's noise comparison);
and what the experiments certify outside the paper's conditions: ``sec4.2-epsilon-above-1`` (ε > 1 with Balle &
Wang's calibration), ``sec4.2-decaying-step`` (σ at the final step of a decaying schedule),
``appD.1-gradient-estimate`` (G estimated from batch gradients), ``appD.1-lipschitz-estimate`` (the printed L̂).
Corrected: ``sec4.2-decaying-step+fix`` (σ from the schedule's own expansion factors), ``appD.1-gradient-estimate+fix``
and ``appD.1-lipschitz-estimate+fix`` (the certified G and L), ``lemB.4+fix`` and ``cor3.6+fix`` (coefficient
1 + L/(2μ) on the optimisation error, Corollary 3.5+fix substituted).

**Structured families.** *Opposed linear losses*: retained x = +R, deleted x = −R — the trajectories diverge by
exactly η·2mR/n per step, the most any gradient-bounded loss allows, and the printed bound 2Gm/(Ln)((1 +
ηLn/(n−m))^t − 1) → 2ηGmt/(n−m) as L → 0 (a linear loss is L-smooth for every L > 0): tightness (n−m)/n.
*Concave quadratics near their maximum*: every step expands distances by exactly 1 + ηλ (Lemma B.3 attained);
the drift, though, is then limited by the gradient bound on the region the iterates cross. *Small n*: every
deletion set of a random dataset.

**Table 3's baselines** (lines 575–590). *Newton step* (Guo et al. 2020), ``table3:newton``: read as Guo et al.'s
Theorem 3 with their Theorem 1's residual bound — learning minimises Σℓ(wᵀx_i, y_i) + (λn/2)‖w‖² + bᵀw with
b ~ N(0, σ²I) (‖x_i‖ ≤ 1, ℓ'' L-Lipschitz, ‖∇ℓ‖ ≤ G), removal publishes one Newton step w* + H⁻¹Δ, and the
certificate compares its law with the exact minimiser on D' (same b law), both directions. It is checked exactly in
one dimension with the logistic loss: both outputs are monotone functions of b, so both laws are pushforwards of
N(0, σ²) (:func:`certunlearn.algorithms.r2d_baselines.removal_delta`). *CNS* (Zhang et al. 2024) and *HF* (Qiao
et al. 2024) are **not** registered as claims: their mechanisms are defined only in papers certunlearn does not have,
and the rows leave undefined what their σ depends on — for CNS the probability ρ (of which random event, and how it
enters δ), λ_min ("the minimum eigenvalue of the Hessian": of which loss, at which point) and the step that produces
the terms 2R(PR + λ)/(λ + λ_min), 32√log(d/ρ)/(λ + λ_min) and 1/8 (P the Hessian-Lipschitz constant); for HF the
constant ζ_T^{−U} (only "dependent on the upper and lower bounds of the Hessian spectrum", growing with T) and the
unlearning update it multiplies. Checking either would mean guessing the mechanism; what remains without it — the
Gaussian mechanism σ = Δ√(2log(1.25/δ))/ε for some sensitivity Δ — is Theorem B.1 (``thmB.1``), already checked.
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import sympy
from flint import arb
from sympy import Rational, log, sqrt

from ..algorithms.r2d_baselines import check_data, removal_delta
from ..numeric.enclosure import Decision, decide, exact_decimal, to_arb
from ..numeric.precision import workprec
from ..numeric.sympy_arb import arb_eval
from ..privacy import delta_enclosure, exact_epsilon
from .hypotheses import H, P, holds
from .instances import frac, instance_key, is_int
from .model import Adversary, Claim, Control, Instance, Kind, Space
from ..formulas.symbols import Delta, delta, epsilon, sigma

# =========================================================================== symbols (shared with proofs/r2d.py)
n = sympy.Symbol("n", positive=True)  # size of the training set D
m = sympy.Symbol("m", positive=True)  # number of deleted points |Z|
eta = sympy.Symbol("eta", positive=True)  # step size η
L = sympy.Symbol("L", positive=True)  # smoothness of every f_z
G = sympy.Symbol("G", positive=True)  # uniform gradient bound ‖∇f_z‖ < G
T = sympy.Symbol("T", positive=True)  # learning iterations
K = sympy.Symbol("K", nonnegative=True)  # rewound (unlearning) iterations
t = sympy.Symbol("t", positive=True)  # an iteration index (Lemma B.2)

# =========================================================================== printed expressions
Q = eta * L * n / (n - m)
#: h(K) = ((1 + ηLn/(n−m))^{T−K} − 1)(1 + ηL)^K (line 89)
H_K = ((1 + Q) ** (T - K) - 1) * (1 + eta * L) ** K
C_DR = sqrt(2 * log(Rational(5, 4) / delta))  # √(2 log(1.25/δ))
#: The mean-shift bound ‖θ'_T − θ''_K‖ ≤ 2mG·h(K)/(Ln) (line 437, Lemmas B.2–B.3)
SENSITIVITY_31 = 2 * m * G * H_K / (L * n)
#: Theorem 3.1, eq. (3) (line 85): σ = 2mG·h(K)√(2log(1.25/δ))/(Lnε)
SIGMA_31 = SENSITIVITY_31 * C_DR / epsilon
#: The argument of Corollary 3.2's logarithm: ≤ 0 when σ exceeds σ(K = 0) (no rewind needed)
K_BOUND_ARG_32 = (1 + Q) ** T - sigma * L * n * epsilon / (2 * m * G * C_DR)
#: Lemma B.2 (line 376): ‖θ_t − θ'_t‖ ≤ 2Gm/(Ln)[(1 + ηLn/(n−m))^t − 1]
BOUND_B2 = 2 * G * m / (L * n) * ((1 + Q) ** t - 1)
#: Lemma B.3 (line 421): ‖θ'_T − θ''_K‖ ≤ ‖θ_{T−K} − θ'_{T−K}‖(1 + ηL)^K  (as the ratio)
BOUND_B3 = (1 + eta * L) ** K
#: Corollary 3.2, eq. (5) (line 101)
K_BOUND_32 = log(K_BOUND_ARG_32) / log(1 + Q)
#: Theorem B.1 (line 348): σ = Δ√(2log(1.25/δ))/ε
SIGMA_B1 = Delta * C_DR / epsilon


# =========================================================================== small exact helpers
def _sq(v: Sequence[Fraction]) -> Fraction:
    return sum((x * x for x in v), Fraction(0))


EPS_RANGE = (H("ε > 0", ">", epsilon, 0), H("ε ≤ 1", "<=", epsilon, 1))
DELTA_RANGE = (H("δ > 0", ">", delta, 0),
               H("δ < 1 (δ ≥ 1 is vacuous; σ is undefined for δ ≥ 1.25)", "<", delta, 1))
def _step_ok(values: Instance) -> Decision:
    """η ≤ min{1/L, n/(2(n−m)L)}, decided exactly on the rational instance values."""
    e, l_, n_, m_ = (frac(values[k]) for k in ("eta", "L", "n", "m"))
    return holds(e > 0 and e * l_ <= 1 and 2 * (n_ - m_) * l_ * e <= n_)


STEP = (P("η ≤ min{1/L, n/(2(n−m)L)} (decided exactly)", _step_ok),)


# =========================================================================== the gradient-descent problem
LINEAR, CONCAVE, QUADRATIC = 0, 1, 2
FAMILY_NAMES = {LINEAR: "linear ⟨x, θ⟩ on R^d", CONCAVE: "concave quadratic −(λ/2)‖θ − x‖² on a box",
                QUADRATIC: "convex quadratic (λ/2)‖θ − x‖² on a box (PL with μ = λ)"}
PROBLEM_NAMES = ("family", "lam", "R", "lo", "hi", "X", "theta0")


class Setup:
    """The problem an instance describes: the loss family, Θ, D (rows of X), Z = the last m rows, θ_0."""

    def __init__(self, values: Instance):
        from ..problems import Box, Linear, Quadratic, Whole
        from ..problems.nonconvex import ConcaveQuadratic

        self.family = int(frac(values["family"]))
        self.X = np.asarray([[frac(v) for v in row] for row in values["X"]], dtype=object)
        if self.X.ndim != 2 or self.X.shape[0] < 2:
            raise ValueError("X is an n×d array with n ≥ 2")
        self.n, self.dim = self.X.shape
        self.R = frac(values["R"])
        if self.family == LINEAR:
            self.loss = Linear(R=self.R)
            self.domain = Whole(dim=self.dim)
        elif self.family in (CONCAVE, QUADRATIC):
            lam_ = frac(values["lam"])
            if self.family == CONCAVE:
                self.loss = ConcaveQuadratic(lam=lam_, R=self.R)
            else:
                self.loss = Quadratic(A=tuple(tuple(lam_ if i == j else Fraction(0) for j in range(self.dim))
                                              for i in range(self.dim)), R=self.R)
            lo = [frac(v) for v in values["lo"]]
            hi = [frac(v) for v in values["hi"]]
            self.domain = Box(tuple(lo), tuple(hi))
        else:
            raise ValueError(f"unknown family {self.family}")
        self.theta0 = np.asarray([frac(v) for v in values["theta0"]], dtype=object)
        self.loss.check_data(self.X)
        c = self.loss.constants(self.domain)
        self.smoothness = c.value("M")  # the paper's L (exact sympy number)
        self.grad_bound = c.value("L")  # the paper's G (sup of ‖∇f_z‖ on Θ)
        #: |curvature| of every f_z (0, λ or λ): ∇f_{D'}(θ + ξ) = ∇f_{D'}(θ) + s·ξ with s ∈ {0, −λ, λ}
        self.curv = Fraction(0) if self.family == LINEAR else frac(values["lam"])

    def retained(self, m_: int) -> np.ndarray:
        return self.X[: self.n - m_]


@functools.lru_cache(maxsize=4096)
def _setup_cached(key: tuple) -> Setup:
    return Setup(dict(key))


def setup_of(values: Instance) -> Setup:
    return _setup_cached(instance_key(values, PROBLEM_NAMES))


def _gd_ok(values: Instance) -> Decision:
    """Well formed: n = |X|, integers 1 ≤ m < n, θ_0 ∈ Θ of the right dimension."""
    s = setup_of(values)
    if not (is_int(values["n"], 2) and is_int(values["m"], 1)):
        return Decision.FALSE
    n_, m_ = int(frac(values["n"])), int(frac(values["m"]))
    return holds(n_ == s.n and m_ < n_ and len(s.theta0) == s.dim and s.domain.contains(s.theta0))


def _constants_ok(values: Instance) -> Decision:
    """Every f_z is L-smooth (declared smoothness ≤ L) and ‖∇f_z(θ)‖ < G on Θ (declared gradient bound < G),
    decided exactly on the family's verified constants."""
    s = setup_of(values)
    if s.grad_bound is sympy.oo:
        return Decision.FALSE
    smooth = decide(lambda: arb_eval(s.smoothness), "<=", frac(values["L"])).decision
    if smooth is not Decision.TRUE:
        return smooth
    return decide(lambda: arb_eval(s.grad_bound), "<", frac(values["G"])).decision


def _schedule_ok(values: Instance) -> Decision:
    """T and K integers, 0 ≤ K < T ("by construction K < T", line 107)."""
    if not (is_int(values["T"], 1) and is_int(values["K"], 0)):
        return Decision.FALSE
    return holds(frac(values["K"]) < frac(values["T"]))


@functools.lru_cache(maxsize=4096)
def _runs(key: tuple) -> dict[str, Any]:
    """Algorithm 1 on D (T steps, checkpoint θ_{T−K}), Algorithm 2 from the checkpoint on D', and retraining
    (Algorithm 1 on D'), all exact; the full paths θ_0..θ_T and θ'_0..θ'_T for the lemmas."""
    from ..algorithms.r2d import descent_path, unlearn

    values = dict(key)
    s = _setup_cached(instance_key(values, PROBLEM_NAMES))
    m_, T_, K_ = int(values["m"]), int(values["T"]), int(values["K"])
    eta_ = frac(values["eta"])
    path = descent_path(s.loss, s.X, eta=eta_, T=T_, theta0=s.theta0, domain=s.domain)
    path_r = descent_path(s.loss, s.retained(m_), eta=eta_, T=T_, theta0=s.theta0, domain=s.domain)
    unlearned = unlearn(s.loss, s.retained(m_), None, path[T_ - K_], K=K_, eta=eta_, domain=s.domain)
    path_u = descent_path(s.loss, s.retained(m_), eta=eta_, T=K_, theta0=path[T_ - K_], domain=s.domain)
    fr = lambda v: [frac(x) for x in v]  # noqa: E731
    return {"path": [fr(p) for p in path], "path_r": [fr(p) for p in path_r], "unlearned": fr(unlearned),
            "path_u": [fr(p) for p in path_u]}


RUN_NAMES = PROBLEM_NAMES + ("m", "T", "K", "eta")


def runs_of(values: Instance) -> dict[str, Any]:
    return _runs(instance_key(values, RUN_NAMES))


def _iterates_ok(values: Instance) -> Decision:
    """Every iterate of learning, unlearning and retraining stays in Θ (where G is declared)."""
    runs_of(values)  # raises AssumptionViolatedError (→ outside) when an iterate leaves Θ
    return Decision.TRUE


def _path_ok(values: Instance) -> Decision:
    """Lemma B.2's t steps on D and on D' stay in Θ; t a positive integer."""
    if not is_int(values["t"], 1):
        return Decision.FALSE
    _paths_t(values)
    return Decision.TRUE


GD_HYPS = (
    P("data: n = |X| ≥ 2, integers 1 ≤ m < n (Z = the last m rows), θ_0 ∈ Θ, ‖x‖ ≤ R", _gd_ok),
    P("f_z L-smooth and ‖∇f_z(θ)‖ < G on Θ (declared, verified constants of the family)", _constants_ok),
)
THM31_HYPS = (
    *EPS_RANGE, *DELTA_RANGE, *GD_HYPS, *STEP,
    P("T, K integers with 0 ≤ K < T", _schedule_ok),
    P("every iterate (θ_t, θ'_t, θ''_t) stays in Θ", _iterates_ok),
)


def true_shift(values: Instance) -> arb:
    """‖θ''_K − θ'_T‖: the unlearned model against the retrained one (exact, enclosed)."""
    r = runs_of(values)
    T_ = int(frac(values["T"]))
    return to_arb(_sq([a - b for a, b in zip(r["unlearned"], r["path_r"][T_])])).sqrt()


def unlearning_delta(values: Instance) -> arb:
    """The true δ at ε between N(θ''_K, σ²I) (Algorithm 2) and N(θ'_T, σ²I) (retraining), σ the claim's."""
    r = runs_of(values)
    T_ = int(frac(values["T"]))
    shift2 = _sq([a - b for a, b in zip(r["unlearned"], r["path_r"][T_])])
    if shift2 == 0:
        return arb(0)
    return delta_enclosure(values["epsilon"], values["sigma"], to_arb(shift2).sqrt())


def report(values: Instance, claim_id: str = "r2d.thm3.1") -> dict[str, float]:
    """For the notebook: at one instance of Theorem 3.1, the true shift ‖θ''_K − θ'_T‖ beside its bound
    2mG·h(K)/(Ln), σ, the true δ at ε beside the target δ, the *effective ε* (the smallest ε whose true δ is
    ≤ the target δ, from the true shift) and ηLT (h(K) grows like e^{ηLT·n/(n−m)})."""
    from .registry import get_claim

    claim = get_claim(claim_id)
    with workprec(128):
        env = claim.with_prescribed(values)
        shift = true_shift(values)
        bound = arb_eval(2 * m * G * H_K / (L * n), values)
        sig = env["sigma"]
        d_true = unlearning_delta(env)
    s_f, sig_f = float(shift.mid()), float(sig.mid())
    eps_eff = exact_epsilon(float(frac(values["delta"])), sig_f, s_f) if s_f > 0 else 0.0
    return {
        "shift": s_f, "shift_bound": float(bound.mid()), "sigma": sig_f, "true_delta": float(d_true.mid()),
        "delta": float(frac(values["delta"])), "epsilon": float(frac(values["epsilon"])),
        "effective_epsilon": eps_eff,
        "eta_L_T": float(frac(values["eta"]) * frac(values["L"]) * frac(values["T"])),
    }


# =========================================================================== instance builders
def _q(x: float, grid: int = 2**20) -> Fraction:
    """A float rounded to a short dyadic (keeps exact arithmetic small)."""
    return Fraction(round(x * grid), grid)


def _eta_max(n_: int, m_: int, L_: Fraction) -> Fraction:
    return min(1 / L_, Fraction(n_, 2 * (n_ - m_)) / L_)


def gd_instance(family: int, X: Sequence[Sequence[Any]], m_: int, *, eta_: Any, L_: Any, G_: Any, T_: int, K_: int,
                eps: Any, dlt: Any, R_: Any, theta0: Sequence[Any] | None = None, lam_: Any = None,
                lo: Sequence[Any] | None = None, hi: Sequence[Any] | None = None, **extra: Any) -> dict[str, Any]:
    X = [[Fraction(v) if not isinstance(v, Fraction) else v for v in row] for row in X]
    d = len(X[0])
    inst: dict[str, Any] = {
        "family": family, "X": X, "n": len(X), "m": m_, "eta": eta_, "L": L_, "G": G_, "T": T_, "K": K_,
        "epsilon": eps, "delta": dlt, "R": R_, "theta0": list(theta0) if theta0 is not None else [0] * d,
    }
    if family in (CONCAVE, QUADRATIC):
        inst.update(lam=lam_, lo=list(lo), hi=list(hi))
    inst.update(extra)
    return inst


def _opposed(n_: int, m_: int, R_: Fraction = Fraction(1)) -> list[list[Fraction]]:
    """Retained points x = +R, deleted points (the last m rows) x = −R."""
    return [[R_]] * (n_ - m_) + [[-R_]] * m_


EPS_GRID = (Fraction(1), Fraction(1, 2), Fraction(1, 10))
DELTA_GRID = (Fraction(1, 10**5), Fraction(1, 100), Fraction(1, 10), Fraction(1, 2), Fraction(9, 10))


def _linear_opposed(rng: np.random.Generator, size: int) -> list[dict]:
    """Opposed linear losses, curvature → 0 (L small: the bound's exponential is nearly linear), η at its
    maximum, G just above R, many (n, m, T, K, ε, δ)."""
    out = []
    for n_, m_ in ((200, 1), (50, 1), (20, 3), (10, 4), (3, 1), (2, 1)):
        for L_ in (Fraction(1, 10**6), Fraction(1, 100), Fraction(1, 2)):
            eta_ = min(Fraction(1), _eta_max(n_, m_, L_))
            for (T_, K_), eps, dlt in itertools.product(((5, 0), (12, 4), (30, 29)), EPS_GRID, DELTA_GRID):
                out.append(gd_instance(LINEAR, _opposed(n_, m_), m_, eta_=eta_, L_=L_, G_=1 + Fraction(1, 2**30),
                                       T_=T_, K_=K_, eps=eps, dlt=dlt, R_=Fraction(1)))
    return _subsample(out, rng, size)


def _concave_expansion(rng: np.random.Generator, size: int) -> list[dict]:
    """Concave quadratics −(λ/2)(θ − x)² near their maximum: retained x = +s, deleted x = −s, θ_0 = 0, every
    step expands by 1 + ηλ; Θ the smallest dyadic box holding every iterate, G just above λ(B + R)."""
    out = []
    for n_, m_ in ((50, 1), (10, 2), (2, 1)):
        for lam_, eta_ in ((Fraction(1), Fraction(1, 8)), (Fraction(1, 4), Fraction(1)), (Fraction(1), Fraction(1, 2))):
            if eta_ * lam_ > 1 or 2 * (n_ - m_) * lam_ * eta_ > n_:
                eta_ = _eta_max(n_, m_, lam_)
            for (T_, K_), eps, dlt in itertools.product(((6, 0), (6, 3), (10, 9)), EPS_GRID[:2], DELTA_GRID[:3]):
                s_ = Fraction(1, 16)
                X = [[s_]] * (n_ - m_) + [[-s_]] * m_
                bound = _concave_box(X, m_, eta_, lam_, T_)
                G_ = lam_ * (bound + s_) * (1 + Fraction(1, 2**30))
                out.append(gd_instance(CONCAVE, X, m_, eta_=eta_, L_=lam_, G_=G_, T_=T_, K_=K_, eps=eps, dlt=dlt,
                                       R_=s_, lam_=lam_, lo=[-bound], hi=[bound]))
    for inst in _balanced_concave((Fraction(1), Fraction(4)), (Fraction(1, 2), Fraction(1, 8)), ((15, 0), (15, 10), (6, 5))):
        for eps, dlt in ((Fraction(1), Fraction(1, 10**5)), (Fraction(1), Fraction(1, 2))):
            out.append({**inst, "epsilon": eps, "delta": dlt})
    return _subsample(out, rng, size)


def _concave_box(X: list[list[Fraction]], m_: int, eta_: Fraction, lam_: Fraction, T_: int) -> Fraction:
    """A dyadic B ≥ every |θ_t|, |θ'_t| (and |θ''_t|, which lies between) of descent from 0 on D and D'."""
    worst = Fraction(0)
    for rows in (X, X[: len(X) - m_]):
        xbar = sum((r[0] for r in rows), Fraction(0)) / len(rows)
        th = Fraction(0)
        for _ in range(T_):
            th = th - eta_ * (-lam_ * (th - xbar))
            worst = max(worst, abs(th))
    return Fraction(math.ceil(worst * 2**20 + 1), 2**20)


def _all_deletions(rng: np.random.Generator, size: int) -> list[dict]:
    """Small n: every deletion set Z of a random 1-d linear dataset, and of a 2-d one (m = 1, 2)."""
    out = []
    for n_, d_ in ((4, 1), (5, 2)):
        pts = [[_q(float(v), 64) for v in rng.uniform(-1, 1, d_)] for _ in range(n_)]
        R_ = Fraction(1) if d_ == 1 else Fraction(3, 2)
        for m_ in (1, 2):
            for Z in itertools.combinations(range(n_), m_):
                X = [pts[i] for i in range(n_) if i not in Z] + [pts[i] for i in Z]
                L_ = Fraction(1, 100)
                out.append(gd_instance(LINEAR, X, m_, eta_=_eta_max(n_, m_, L_), L_=L_, G_=R_ * (1 + Fraction(1, 2**20)),
                                       T_=8, K_=3, eps=Fraction(1), dlt=Fraction(1, 100), R_=R_))
    return _subsample(out, rng, size)


def _subsample(out: list[dict], rng: np.random.Generator, size: int) -> list[dict]:
    if size >= len(out):
        return out
    idx = sorted(rng.choice(len(out), size, replace=False))
    return [out[i] for i in idx]


def _linear_search_build(n_: int, m_: int) -> Callable[[dict], dict]:
    def build(q: dict) -> dict:
        L_ = _q(q["L"], 2**40) or Fraction(1, 2**40)
        eta_ = _q(q["eta_frac"], 2**20) * _eta_max(n_, m_, L_) or _eta_max(n_, m_, L_) / 2**20
        T_ = max(1, round(q["T"]))
        K_ = min(T_ - 1, max(0, math.floor(q["K_frac"] * T_)))
        return gd_instance(LINEAR, _opposed(n_, m_), m_, eta_=eta_, L_=L_, G_=1 + _q(q["gap"], 2**40) + Fraction(1, 2**40),
                           T_=T_, K_=K_, eps=_q(q["epsilon"], 2**20) or Fraction(1, 2**20),
                           dlt=_q(q["delta"], 2**60) or Fraction(1, 2**60), R_=Fraction(1))

    return build


def _linear_search(n_: int, m_: int) -> Adversary:
    return Adversary(
        f"search: opposed linear losses, n = {n_}, m = {m_}, over (L, η, T, K, ε, δ, G)",
        space=Space(bounds={"L": (1e-8, 2.0), "eta_frac": (0.01, 1.0), "T": (1.0, 30.0), "K_frac": (0.0, 0.99),
                            "epsilon": (0.01, 1.0), "delta": (1e-12, 0.9), "gap": (1e-12, 1.0)},
                    log=frozenset({"L", "delta", "gap"}), build=_linear_search_build(n_, m_)),
    )


# =========================================================================== Lemma B.2 and B.3 quantities
@functools.lru_cache(maxsize=4096)
def _paths_t_cached(key: tuple) -> tuple[list[Fraction], list[Fraction]]:
    from ..algorithms.r2d import descent_path

    values = dict(key)
    s = _setup_cached(instance_key(values, PROBLEM_NAMES))
    m_, t_ = int(values["m"]), int(values["t"])
    eta_ = frac(values["eta"])
    a = descent_path(s.loss, s.X, eta=eta_, T=t_, theta0=s.theta0, domain=s.domain)[-1]
    b = descent_path(s.loss, s.retained(m_), eta=eta_, T=t_, theta0=s.theta0, domain=s.domain)[-1]
    return [frac(x) for x in a], [frac(x) for x in b]


def _paths_t(values: Instance):
    return _paths_t_cached(instance_key(values, PROBLEM_NAMES + ("m", "t", "eta")))


def divergence_b2(values: Instance) -> arb:
    """‖θ_t − θ'_t‖: t steps of gradient descent on D and on D' from the same θ_0 (exact)."""
    a, b = _paths_t(values)
    return to_arb(_sq([x - y for x, y in zip(a, b)])).sqrt()


def expansion_b3(values: Instance) -> arb:
    """‖θ'_T − θ''_K‖ / ‖θ_{T−K} − θ'_{T−K}‖ (0 when the checkpoints agree: then θ''_K = θ'_T)."""
    r = runs_of(values)
    T_, K_ = int(frac(values["T"])), int(frac(values["K"]))
    num = _sq([a - b for a, b in zip(r["path_r"][T_], r["unlearned"])])
    den = _sq([a - b for a, b in zip(r["path"][T_ - K_], r["path_r"][T_ - K_])])
    if den == 0:
        return arb(0)
    return (to_arb(num) / to_arb(den)).sqrt()


def _with_t(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable[[np.random.Generator, int], list[dict]]:
    """Lemma B.2 instances: each GD instance at t = T − K (the checkpoint), and at t = T."""

    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for inst in gen(rng, size):
            T_, K_ = int(frac(inst["T"])), int(frac(inst["K"]))
            for t_ in sorted({max(1, T_ - K_), T_}):
                j = dict(inst)
                j["t"] = t_
                out.append(j)
        return out[: max(size, 1)]

    return generate


def _search_with_t(adv: Adversary) -> Adversary:
    sp = adv.space

    def build(q: dict) -> dict:
        inst = sp.build(q)
        inst["t"] = max(1, int(frac(inst["T"])))
        return inst

    return Adversary(adv.name + " (t = T)", space=Space(sp.bounds, sp.log, sp.fixed, build))


# =========================================================================== Corollary 3.2
COR32_SCALARS = ("n", "m", "eta", "L", "G", "T", "epsilon", "delta", "sigma")


def _cor32_target(values: Instance) -> arb:
    """v = σLnε/(2mG√(2log(1.25/δ))), the value h(K(ε)) must take (eq. (3) at fixed σ)."""
    return arb_eval(sigma * L * n * epsilon / (2 * m * G * C_DR), values)


def _h_at(values: Instance, k: Fraction | arb) -> arb:
    env = dict(values)
    env["K"] = k
    return arb_eval(H_K, env)


def _cor32_defined(values: Instance) -> Decision:
    """K(ε) exists in (0, T): 0 = h(T) < v < h(0) (h decreases from h(0) to 0, line 447); T > 0, 1 ≤ m < n."""
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    return decide(lambda: _cor32_target(values), "<", lambda: _h_at(values, Fraction(0)), max_prec=1024).decision


def rewind_needed(values: Instance) -> arb:
    """K(ε): the real K ∈ (0, T) with h(K) = σLnε/(2mG√(2log(1.25/δ))) — eq. (3) solved for K at fixed σ —
    enclosed by bisection on rigorous comparisons (h is continuous and strictly decreasing)."""
    lo, hi = Fraction(0), frac(values["T"])
    with workprec(256):
        target = _cor32_target(values)
        for _ in range(90):
            mid = (lo + hi) / 2
            c = decide(lambda: _h_at(values, mid), ">", target, start=256, max_prec=1024).decision
            if c is Decision.TRUE:
                lo = mid
            elif c is Decision.FALSE:
                hi = mid
            else:
                break
        return to_arb(lo).union(to_arb(hi))


def _cor32_grid(rng: np.random.Generator, size: int) -> list[dict]:
    """(n, m, ηL, T) over orders of magnitude, σ chosen so that h(K(ε)) is a fraction τ of h(0)."""
    out = []
    for (n_, m_), (etaL, T_), tau, (eps, dlt) in itertools.product(
            ((1000, 1), (100, 5), (10, 4), (2, 1)),
            ((Fraction(1, 1000), 100), (Fraction(1, 10), 30), (Fraction(1, 2), 20), (Fraction(1, 100), 1000)),
            (Fraction(1, 10**6), Fraction(1, 100), Fraction(1, 2), Fraction(99, 100)),
            ((Fraction(1), Fraction(1, 10)), (Fraction(1, 10), Fraction(1, 10**5)))):
        L_, G_ = Fraction(1, 2), Fraction(3)
        eta_ = etaL / L_
        base = {"n": n_, "m": m_, "eta": eta_, "L": L_, "G": G_, "T": T_, "epsilon": eps, "delta": dlt}
        with workprec(128):
            h0 = _h_at(base, Fraction(0))
            c = arb_eval(C_DR, base)
            s = to_arb(tau * 2 * m_ * G_ / (L_ * n_ * eps)) * h0 * c
        base["sigma"] = Fraction(float(s.mid()))
        out.append(base)
    return _subsample(out, rng, size)


COR32_SEARCH = Adversary(
    "search over (n, m, ηL, T, σ/σ(K=0), ε, δ)",
    space=Space(bounds={"n": (2.0, 2000.0), "m_frac": (0.0, 0.99), "etaL": (1e-4, 1.0), "T": (1.0, 500.0),
                        "tau": (1e-6, 0.999), "epsilon": (1e-3, 1.0), "delta": (1e-12, 0.9)},
                log=frozenset({"n", "etaL", "T", "tau", "delta"}),
                build=lambda q: _cor32_build(q)),
)


def _cor32_build(q: dict) -> dict:
    n_ = max(2, round(q["n"]))
    m_ = min(n_ - 1, max(1, round(q["m_frac"] * n_)))
    L_, G_ = Fraction(1, 2), Fraction(3)
    base = {"n": n_, "m": m_, "eta": _q(q["etaL"], 2**30) / L_ or Fraction(1, 2**29), "L": L_, "G": G_,
            "T": max(1, round(q["T"])), "epsilon": _q(q["epsilon"], 2**20) or Fraction(1, 2**20),
            "delta": _q(q["delta"], 2**60) or Fraction(1, 2**60)}
    with workprec(128):
        h0 = _h_at(base, Fraction(0))
        c = arb_eval(C_DR, base)
        s = to_arb(Fraction(q["tau"]) * 2 * m_ * G_ / (L_ * n_ * base["epsilon"])) * h0 * c
    base["sigma"] = Fraction(float(s.mid())) if s.is_finite() else Fraction(1)
    return base


# =========================================================================== Theorem B.1
def _gaussian_delta(values: Instance) -> arb:
    """The true δ at ε of N(μ, σ²I) vs N(μ', σ²I) with ‖μ − μ'‖ = Δ (the worst case of ‖μ − μ'‖ ≤ Δ)."""
    return delta_enclosure(values["epsilon"], values["sigma"], values["Delta"])


B1_EPS_SMALL = ("0.001", "0.1", "0.5", "1")
B1_EPS_LARGE = ("2", "5", "10", "40", "100")
B1_DELTAS = ("1e-100", "1e-10", "1e-5", "0.01", "0.1", "0.5", "0.9")


def _b1_grid(epsilons: tuple[str, ...]):
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        pts = [{"epsilon": e, "delta": d, "Delta": s} for e in epsilons for d in B1_DELTAS for s in ("1", "0.37")]
        return _subsample(pts, rng, size)

    return generate


def _b1_search(eps_range: tuple[float, float]) -> Adversary:
    return Adversary("search over (ε, δ, Δ) in log scale",
                     space=Space(bounds={"epsilon": eps_range, "delta": (1e-100, 0.9), "Delta": (0.01, 100.0)},
                                 log=frozenset({"epsilon", "delta", "Delta"})))


# =========================================================================== the experiments' certificates (Section 4.2, App. D)
eta0 = sympy.Symbol("eta0", positive=True)  # first step size of a decaying schedule
gamma = sympy.Symbol("gamma", positive=True)  # decay factor per step, η_t = η_0 γ^t
G_hat = sympy.Symbol("G_hat", positive=True)  # the estimated gradient bound of Appendix D.1
lam = sympy.Symbol("lam", positive=True)  # curvature λ of the concave-quadratic family; Table 3's regularisation λ
ETA_FINAL = eta0 * gamma ** (T - 1)  # the last step size η_{T−1} ("taking the final step size as η", line 226)
SIGMA_DECAY = SIGMA_31.subs(eta, ETA_FINAL)
#: sec4.2-decaying-step+fix: the step sizes actually used. Σ_{s<T−K} η_s and Σ_{T−K≤s<T} η_s (γ < 1)
ETA_SUM_LEARN = eta0 * (1 - gamma ** (T - K)) / (1 - gamma)
ETA_SUM_UNLEARN = eta0 * gamma ** (T - K) * (1 - gamma ** K) / (1 - gamma)
#: the shift bound for the schedule: 2mG/(Ln)(Π_{s<T−K}(1 + η_sLn/(n−m)) − 1)Π_{s≥T−K}(1 + η_sL), each product
#: bounded by 1 + x ≤ eˣ
SENSITIVITY_DECAY_FIX = (2 * m * G / (L * n) * (sympy.exp(L * n * ETA_SUM_LEARN / (n - m)) - 1)
                         * sympy.exp(L * ETA_SUM_UNLEARN))
SIGMA_DECAY_FIX = SENSITIVITY_DECAY_FIX * C_DR / epsilon
SIGMA_G_HAT = SIGMA_31.subs(G, G_hat)
SIGMA_L_HAT = SIGMA_31.subs(L, 1 / lam)  # L̂ of line 616 on a 1-d quadratic of curvature −λ: ‖Δθ‖/‖Δ∇f‖ = 1/λ


@functools.lru_cache(maxsize=2048)
def _runs_decay(key: tuple) -> dict[str, Any]:
    """Learning, retraining and unlearning with the decaying steps η_t = η_0 γ^t (t = 0, …, T−1); unlearning
    "starts the step size at the value at the checkpoint" (line 226): θ''_t uses η_{T−K+t−1}. Each step is one
    step of ``algorithms.r2d.descent_path``."""
    from ..algorithms.r2d import descent_path

    values = dict(key)
    s = _setup_cached(instance_key(values, PROBLEM_NAMES))
    m_, T_, K_ = int(values["m"]), int(values["T"]), int(values["K"])
    e0, g = frac(values["eta0"]), frac(values["gamma"])

    def walk(X, theta, first, steps):
        for i in range(steps):
            theta = descent_path(s.loss, X, eta=e0 * g ** (first + i), T=1, theta0=theta, domain=s.domain)[-1]
        return [frac(x) for x in theta]

    check = walk(s.X, s.theta0, 0, T_ - K_)
    retrained = walk(s.retained(m_), s.theta0, 0, T_)
    unlearned = walk(s.retained(m_), check, T_ - K_, K_)
    return {"retrained": retrained, "unlearned": unlearned}


DECAY_NAMES = PROBLEM_NAMES + ("m", "T", "K", "eta0", "gamma")


def decay_delta(values: Instance) -> arb:
    r = _runs_decay(instance_key(values, DECAY_NAMES))
    shift2 = _sq([a - b for a, b in zip(r["unlearned"], r["retrained"])])
    if shift2 == 0:
        return arb(0)
    return delta_enclosure(values["epsilon"], values["sigma"], to_arb(shift2).sqrt())


def _decay_ok(values: Instance) -> Decision:
    """0 < γ ≤ 1, and the first (largest) step η_0 meets Theorem 3.1's η ≤ min{1/L, n/(2(n−m)L)}; the
    iterates stay in Θ."""
    g = frac(values["gamma"])
    if not (0 < g <= 1):
        return Decision.FALSE
    ok = _step_ok({**values, "eta": values["eta0"]})
    if ok is not Decision.TRUE:
        return ok
    _runs_decay(instance_key(values, DECAY_NAMES))
    return Decision.TRUE


DECAY_SCHEDULES = ((Fraction(995, 1000), 300, 0), (Fraction(995, 1000), 300, 150), (Fraction(995, 1000), 100, 0),
                   (Fraction(9, 10), 40, 0), (Fraction(9, 10), 40, 10), (Fraction(1, 2), 20, 0), (Fraction(1, 2), 12, 4))


def _decay_family(rng: np.random.Generator, size: int,
                  schedules: tuple = DECAY_SCHEDULES) -> list[dict]:
    """Opposed linear losses, η_0 = 1, L → 0, decays γ ∈ {0.995 (as in the experiments' baselines), 0.9, 0.5}."""
    out = []
    for (n_, m_), (g, T_, K_), eps, dlt in itertools.product(
            ((200, 1), (20, 2)), schedules, (Fraction(1), Fraction(1, 2)),
            (Fraction(1, 10**5), Fraction(1, 100), Fraction(1, 10))):
        inst = gd_instance(LINEAR, _opposed(n_, m_), m_, eta_=None, L_=Fraction(1, 10**6), G_=1 + Fraction(1, 2**30),
                           T_=T_, K_=K_, eps=eps, dlt=dlt, R_=Fraction(1))
        del inst["eta"]
        inst.update(eta0=Fraction(1), gamma=g)
        out.append(inst)
    return _subsample(out, rng, size)


def calibrated_delta(values: Instance) -> arb:
    """The true δ at ε with σ = privacy.calibrate(ε, δ, 2mG·h(K)/(Ln), "exact") — Balle & Wang's calibration on
    the shift bound (``algorithms.r2d.calibrated_noise``), as the experiments do for ε > 1 (line 226)."""
    from ..algorithms.r2d import calibrated_noise

    args = [frac(values[k]) for k in ("n", "m", "eta", "L", "G", "T", "K")]
    sig = calibrated_noise(*[int(a) if a.denominator == 1 and k in "nmTK" else a
                             for a, k in zip(args, ("n", "m", "eta", "L", "G", "T", "K"))],
                           float(frac(values["epsilon"])), float(frac(values["delta"])), method="exact")
    r = runs_of(values)
    T_ = int(frac(values["T"]))
    shift2 = _sq([a - b for a, b in zip(r["unlearned"], r["path_r"][T_])])
    if shift2 == 0:
        return arb(0)
    return delta_enclosure(values["epsilon"], Fraction(sig), to_arb(shift2).sqrt())


def _large_eps(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable[[np.random.Generator, int], list[dict]]:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for i, inst in enumerate(gen(rng, size)):
            inst = dict(inst)
            inst["epsilon"] = (Fraction(40), Fraction(2), Fraction(5), Fraction(10))[i % 4]
            out.append(inst)
        return out

    return generate


def _g_hat_value(values: Instance) -> Fraction:
    """Appendix D.1 (line 612): Ĝ = the largest norm of the (here full-batch) training gradients,
    max_{t<T} |∇f_D(θ_t)| — one-dimensional, so exact."""
    s = setup_of(values)
    r = runs_of(values)
    T_ = int(frac(values["T"]))
    return max(abs(frac(s.loss.risk_grad(np.asarray(th, dtype=object), s.X)[0])) for th in r["path"][:T_])


def _g_hat_ok(values: Instance) -> Decision:
    """d = 1 and G_hat is the estimate of Appendix D.1 (max training-gradient norm), exactly; G_hat > 0."""
    if setup_of(values).dim != 1:
        return Decision.FALSE
    return holds(frac(values["G_hat"]) == _g_hat_value(values) and frac(values["G_hat"]) > 0)


def _g_hat_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Opposed linear losses: the full-batch gradient (n − 2m)R/n is far below the per-sample bound R when m
    approaches n/2 — the deleted points cancel the retained ones in the average."""
    out = []
    for (n_, m_), (T_, K_), eps, dlt in itertools.product(
            ((10, 4), (20, 9), (200, 1), (5, 2)), ((8, 0), (20, 10)), (Fraction(1), Fraction(1, 2)),
            (Fraction(1, 10**5), Fraction(1, 100), Fraction(1, 10))):
        inst = gd_instance(LINEAR, _opposed(n_, m_), m_, eta_=Fraction(1), L_=Fraction(1, 10**6),
                           G_=1 + Fraction(1, 2**30), T_=T_, K_=K_, eps=eps, dlt=dlt, R_=Fraction(1))
        inst["G_hat"] = Fraction(n_ - 2 * m_, n_)
        out.append(inst)
    return _subsample(out, rng, size)


def _l_hat_ok(values: Instance) -> Decision:
    """The concave-quadratic family in d = 1, whose L̂ (line 616) is exactly 1/λ; lam = the family's λ."""
    s = setup_of(values)
    return holds(s.family == CONCAVE and s.dim == 1 and frac(values["lam"]) == s.loss.lam)


def _balanced(n_: int, m_: int, R_: Fraction) -> list[list[Fraction]]:
    """Retained points in ±R pairs (x̄_{D'} = 0: retraining stays at the maximum θ = 0 of the concave
    quadratics), deleted points −R (they pull learning away from it)."""
    half = (n_ - m_) // 2
    return [[R_]] * half + [[-R_]] * (n_ - m_ - half) + [[-R_]] * m_


def _balanced_concave(lams: Sequence[Fraction], etaLs: Sequence[Fraction], schedules: Sequence[tuple[int, int]],
                      n_: int = 1001, m_: int = 1) -> list[dict]:
    """Concave quadratics −(λ/2)(θ − x)², balanced data: the iterates stay within a box small against R, so the
    gradient bound G = λ(B + R) stays near λR while distances expand by (1 + ηλ) per step."""
    out = []
    R_ = Fraction(1)
    X = _balanced(n_, m_, R_)
    for lam_, etaL, (T_, K_) in itertools.product(lams, etaLs, schedules):
        eta_ = etaL / lam_
        if 2 * (n_ - m_) * lam_ * eta_ > n_ or eta_ * lam_ > 1:
            continue
        bound = _concave_box(X, m_, eta_, lam_, T_)
        out.append(gd_instance(CONCAVE, X, m_, eta_=eta_, L_=lam_, G_=lam_ * (bound + R_) * (1 + Fraction(1, 2**30)),
                               T_=T_, K_=K_, eps=Fraction(1), dlt=Fraction(1, 100), R_=R_, lam_=lam_,
                               lo=[-bound], hi=[bound]))
    return out


def _l_hat_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Balanced concave quadratics with λ ∈ {2, 4} (L̂ = 1/λ < L = λ), ηλ = 1/2, T up to 15."""
    out = []
    for inst, (eps, dlt) in itertools.product(
            _balanced_concave((Fraction(2), Fraction(4)), (Fraction(1, 2), Fraction(1, 4)), ((15, 0), (15, 5), (8, 2))),
            ((Fraction(1), Fraction(1, 100)), (Fraction(1), Fraction(1, 10**5)), (Fraction(1, 2), Fraction(1, 10)))):
        out.append({**inst, "epsilon": eps, "delta": dlt})
    return _subsample(out, rng, size)


# =========================================================================== Theorem 3.1's utility, eq. (4)
d = sympy.Symbol("d", positive=True)  # dimension
fgap = sympy.Symbol("fgap", real=True)  # f_{D'}(θ_0) − f_{D'}(θ''_K)
mu = sympy.Symbol("mu", positive=True)  # PL constant of f_{D'}
f0gap = sympy.Symbol("f0gap", nonnegative=True)  # f_{D'}(θ_0) − f*_{D'}
risk_gap = sympy.Symbol("risk_gap", nonnegative=True)  # E[f_{D'}(θ) − f*_{D'}] (Lemma B.4)

#: the explicit inequality behind eq. (4) (lines 503–504)
UTIL_31 = (2 * n * fgap / (T * eta * (n - m))
           + (T - K - 1) / T * (2 * G**2 * m / (n - m) + 2 * L * eta * G * m / (n - m)))
#: corrected: (T − K) learning terms, G² in the smoothness term, and E‖∇f(θ̃'')‖² ≤ (G + L√dσ)²
UTIL_31_FIX = (2 * n * fgap / (eta * (n - m)) + (T - K) * (2 * G**2 * m + 2 * L * eta * G**2 * m) / (n - m)
               + (G + L * sqrt(d) * sigma) ** 2) / T
#: Corollary 3.5 (line 179)
_DECAY_T = (1 - eta * mu * (n - m) / n) ** (T - K) * (1 - eta * mu) ** K * f0gap
COR35 = L * sqrt(d) * sigma + (1 - eta * mu) ** K * (G**2 * m + L * eta * G * m) / (mu * (n - m)) + _DECAY_T
COR35_FIX = L * d * sigma**2 / 2 + (1 - eta * mu) ** K * (G**2 * m + L * eta * G**2 * m) / (mu * (n - m)) + _DECAY_T
#: Lemma B.4 (line 553) and Corollary 3.6 (line 195)
LEMB4 = 2 * G**2 / ((n - m) * mu) + L / (2 * mu) * risk_gap
#: +fix: the optimisation error enters once more through E[F − F*] = E[F − f_{D'}] + E[f_{D'} − f*] + (E f* − F*)
LEMB4_FIX = 2 * G**2 / ((n - m) * mu) + (1 + L / (2 * mu)) * risk_gap
COR36_FIX = 2 * G**2 / ((n - m) * mu) + (1 + L / (2 * mu)) * COR35_FIX
COR36 = (L * sqrt(d) * sigma + 2 * G**2 / ((n - m) * mu) + L / (2 * mu) * _DECAY_T
         + L / (2 * mu) * (1 - eta * mu) ** K * (G**2 * m + L * eta * G * m) / (mu * (n - m)))


def _grad_sq(s: Setup, theta: Sequence[Fraction], X: np.ndarray) -> Fraction:
    return _sq([frac(v) for v in s.loss.risk_grad(np.asarray(theta, dtype=object), X)])


def _risk(s: Setup, theta: Sequence[Fraction], X: np.ndarray) -> Fraction:
    return frac(s.loss.risk(np.asarray(theta, dtype=object), X))


def utility_lhs(values: Instance) -> arb:
    """(1/T)[Σ_{t<T−K}‖∇f_{D'}(θ_t)‖² + Σ_{t<K}‖∇f_{D'}(θ''_t)‖² + E‖∇f_{D'}(θ''_K + ξ)‖²], ξ ~ N(0, σ²I_d):
    ∇f_{D'} is affine with slope s·I (s = 0, −λ, λ), so the expectation is ‖∇f_{D'}(θ''_K)‖² + s²dσ², exactly."""
    s = setup_of(values)
    r = runs_of(values)
    m_, T_, K_ = (int(frac(values[k])) for k in ("m", "T", "K"))
    Xr = s.retained(m_)
    total = sum((_grad_sq(s, th, Xr) for th in r["path"][: T_ - K_]), Fraction(0))
    total += sum((_grad_sq(s, th, Xr) for th in r["path_u"][:K_]), Fraction(0))
    total += _grad_sq(s, r["unlearned"], Xr)
    sig = to_arb(values["sigma"])
    return (to_arb(total) + to_arb(s.curv**2 * s.dim) * sig * sig) / T_


def _fgap_value(values: Instance) -> Fraction:
    s, r = setup_of(values), runs_of(values)
    Xr = s.retained(int(frac(values["m"])))
    return _risk(s, s.theta0, Xr) - _risk(s, r["unlearned"], Xr)


def _fgap_ok(values: Instance) -> Decision:
    """fgap = f_{D'}(θ_0) − f_{D'}(θ''_K) exactly (the trajectory quantity the bound contains)."""
    return holds(frac(values["fgap"]) == _fgap_value(values))


def _with_fgap(inst: dict) -> dict:
    inst = dict(inst)
    inst["fgap"] = _fgap_value(inst)
    return inst


def _stationary(rng: np.random.Generator, size: int) -> list[dict]:
    """Concave quadratics with balanced retained *and* deleted points, θ_0 = 0 = the common maximum: every
    iterate stays at 0 and f_{D'}(θ_0) − f_{D'}(θ''_K) = 0; with K = T − 1 the printed right-hand side is 0,
    while E‖∇f_{D'}(θ̃'')‖² = λ²σ² > 0."""
    out = []
    R_ = Fraction(1, 16)
    for n_, lam_, (T_, K_), eps, dlt in itertools.product(
            (10, 52), (Fraction(1), Fraction(1, 4)), ((1, 0), (4, 3), (8, 7), (8, 2)), (Fraction(1), Fraction(1, 10)),
            (Fraction(1, 100), Fraction(1, 2))):
        m_ = 2
        X = [[R_]] * ((n_ - m_) // 2) + [[-R_]] * ((n_ - m_) // 2) + [[R_], [-R_]]
        eta_ = _eta_max(n_, m_, lam_)
        b = Fraction(1, 8)
        out.append(gd_instance(CONCAVE, X, m_, eta_=eta_, L_=lam_, G_=lam_ * (b + R_) * (1 + Fraction(1, 2**30)),
                               T_=T_, K_=K_, eps=eps, dlt=dlt, R_=R_, lam_=lam_, lo=[-b], hi=[b]))
    return [_with_fgap(i) for i in _subsample(out, rng, size)]


def _quadratic_family(rng: np.random.Generator, size: int, *, identical: bool = False) -> list[dict]:
    """Convex quadratics (λ/2)(θ − x)² (PL with μ = λ) on Θ = [−R, R]: retained x = +R, deleted −R (or every
    point x = R: a point-mass population, for Corollary 3.6); η = 1/(2λ); from small σ (ε = 1, δ = 1/2, short
    runs) to astronomically large ones (m/n·h(K) large)."""
    out = []
    R_ = Fraction(1)
    for (n_, m_), lam_, (T_, K_), (eps, dlt) in itertools.product(
            ((1000, 1), (50, 2), (10, 1)), (Fraction(1), Fraction(2)), ((4, 2), (12, 6), (40, 20), (2, 1)),
            ((Fraction(1), Fraction(1, 2)), (Fraction(1, 10), Fraction(1, 10**5)))):
        X = [[R_]] * n_ if identical else [[R_]] * (n_ - m_) + [[-R_]] * m_
        eta_ = min(1 / (2 * lam_), _eta_max(n_, m_, lam_))
        inst = gd_instance(QUADRATIC, X, m_, eta_=eta_, L_=lam_, G_=2 * lam_ * R_ * (1 + Fraction(1, 2**30)), T_=T_,
                           K_=K_, eps=eps, dlt=dlt, R_=R_, lam_=lam_, lo=[-R_], hi=[R_], mu=lam_, d=1)
        inst["theta0"] = [Fraction(-1, 2)]
        out.append(inst)
    return out


def _utility_quadratics(rng: np.random.Generator, size: int) -> list[dict]:
    return [_with_fgap(i) for i in _subsample(_quadratic_family(rng, size), rng, size)]


def _utility_linear(rng: np.random.Generator, size: int) -> list[dict]:
    return [_with_fgap(i) for i in _linear_opposed(rng, size)]


def _with_dim(gen: Callable[[np.random.Generator, int], list[dict]]) -> Callable[[np.random.Generator, int], list[dict]]:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        return [{**i, "d": len(i["X"][0])} for i in gen(rng, size)]

    return generate


UTILITY_HYPS = (*THM31_HYPS, P("fgap = f_{D'}(θ_0) − f_{D'}(θ''_K) exactly", _fgap_ok))
UTILITY_ADVERSARIES = (
    Adversary("stationary start: concave quadratics at their common maximum, K = T − 1", generate=_stationary),
    Adversary("convex quadratics, small to huge σ", generate=_utility_quadratics),
    Adversary("opposed linear losses", generate=_utility_linear),
)


# =========================================================================== Corollaries 3.5, 3.6 and Lemma B.4
def _pl_ok(values: Instance) -> Decision:
    """Convex-quadratic family: f_{D'} = (λ/2)‖θ − x̄'‖² + c satisfies PL (Definition 3.4, for all x) with μ ≤ λ;
    f0gap = f_{D'}(θ_0) − f*_{D'} exactly; d = the dimension."""
    s = setup_of(values)
    if s.family != QUADRATIC or frac(values["d"]) != s.dim:
        return Decision.FALSE
    if not (0 < frac(values["mu"]) <= frac(values["lam"])):
        return Decision.FALSE
    return holds(frac(values["f0gap"]) == _f0gap_value(values))


def _fstar(s: Setup, Xr: np.ndarray) -> Fraction:
    xbar = [sum((row[j] for row in Xr), Fraction(0)) / len(Xr) for j in range(s.dim)]
    return _risk(s, xbar, Xr)


def _f0gap_value(values: Instance) -> Fraction:
    s = setup_of(values)
    Xr = s.retained(int(frac(values["m"])))
    return _risk(s, s.theta0, Xr) - _fstar(s, Xr)


def excess_risk(values: Instance) -> arb:
    """E[f_{D'}(θ''_K + ξ)] − f*_{D'} = f_{D'}(θ''_K) − f*_{D'} + (λ/2)dσ² (quadratic family), exactly. For a
    point-mass population (every point equal) this is also E[F(θ̃'')] − F* (F = f_{D'})."""
    s, r = setup_of(values), runs_of(values)
    Xr = s.retained(int(frac(values["m"])))
    sig = to_arb(values["sigma"])
    return to_arb(_risk(s, r["unlearned"], Xr) - _fstar(s, Xr)) + to_arb(s.curv * s.dim / 2) * sig * sig


def _pl_instances(identical: bool) -> Callable[[np.random.Generator, int], list[dict]]:
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        out = []
        for inst in _subsample(_quadratic_family(rng, size, identical=identical), rng, size):
            inst["f0gap"] = _f0gap_value(inst)
            out.append(inst)
        return out

    return generate


def _point_mass_ok(values: Instance) -> Decision:
    """The population is a point mass (every row of X equal): D and D' are deterministic and F = f_{D'}."""
    X = values["X"]
    return holds(all([frac(v) for v in row] == [frac(v) for v in X[0]] for row in X))


PL_HYPS = (*THM31_HYPS, P("f_{D'} PL with μ ≤ λ (convex-quadratic family); f0gap exact; d = dim", _pl_ok))


def _lemb4_quantity(values: Instance) -> arb:
    """E[F(θ) − F*] for the point-mass population δ_{x_0}: F(θ) = (λ/2)‖θ − x_0‖², F* = 0."""
    x0 = [frac(v) for v in values["x0"]]
    th = [frac(v) for v in values["theta"]]
    return to_arb(frac(values["lam"]) / 2 * _sq([a - b for a, b in zip(th, x0)]))


def _lemb4_ok(values: Instance) -> Decision:
    """Point-mass population δ_{x_0}, f_z = (λ/2)‖θ − z‖² (PL with μ ≤ λ, L-smooth for L ≥ λ); Θ = [−b, b]^d ∋ θ,
    x_0; ‖∇f_z‖ < G on Θ (G > λ(b√d + ‖x_0‖)); n, m integers 1 ≤ m < n; risk_gap = E[f_{D'}(θ) − f*] exactly."""
    lam_, b = frac(values["lam"]), frac(values["b"])
    x0 = [frac(v) for v in values["x0"]]
    th = [frac(v) for v in values["theta"]]
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    if not (0 < frac(values["mu"]) <= lam_ <= frac(values["L"])) or len(x0) != len(th):
        return Decision.FALSE
    if any(abs(v) > b for v in x0 + th):
        return Decision.FALSE
    r2 = _sq(x0)
    # G > λ(b√d + ‖x_0‖)  ⇔  G/λ − b√d > ‖x_0‖, decided exactly by squaring (both sides ≥ 0)
    left = lambda: to_arb(frac(values["G"]) / lam_) - to_arb(b) * arb(len(th)).sqrt() - to_arb(r2).sqrt()  # noqa
    ok = decide(left, ">", 0).decision
    if ok is not Decision.TRUE:
        return ok
    return holds(frac(values["risk_gap"]) == lam_ / 2 * _sq([a - c for a, c in zip(th, x0)]))


def _lemb4_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Outputs θ anywhere in Θ, from the minimiser x_0 to the far corner, n − m from 2 to 10⁴."""
    out = []
    for (n_, m_), lam_, frac_pos, b in itertools.product(
            ((3, 1), (10, 1), (20, 5), (1001, 1), (10**4, 10)), (Fraction(1), Fraction(3)),
            (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(1)), (Fraction(1), Fraction(10))):
        G_ = lam_ * 2 * b * (1 + Fraction(1, 2**30))
        th = [b * frac_pos]
        out.append({"n": n_, "m": m_, "lam": lam_, "L": lam_, "mu": lam_, "G": G_, "b": b, "x0": [Fraction(0)],
                    "theta": th, "risk_gap": lam_ / 2 * th[0] ** 2})
    return _subsample(out, rng, size)


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
        return -f + _sq([yi - ni for yi, ni in zip(y, nxt)]) / (2 * e)

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
    return _subsample(out, rng, size)


LEM23_SEARCH = Adversary(
    "search over (curvature/L, ηL, probe offset)",
    space=Space(bounds={"a": (-1.0, 1.0), "etaL": (0.01, 0.999), "off": (-100.0, 100.0), "b": (-5.0, 5.0)},
                build=lambda q: {"fa": [_q(q["a"]) * 2], "fb": [_q(q["b"])], "theta": [Fraction(1, 3)],
                                 "probe": [Fraction(1, 3) + _q(q["off"])], "eta": _q(q["etaL"]) / 2 or Fraction(1, 2**21),
                                 "L": Fraction(2)}),
)


# =========================================================================== Table 3 and Appendix C
R_ball = sympy.Symbol("R", positive=True)  # the parameter-norm bound ‖θ‖ ≤ R of Appendix C
SIGMA_APPC = 2 * R_ball * C_DR / epsilon


def _appc_delta(values: Instance) -> arb:
    """The worst case of Appendix C: two outputs at distance 2R (‖θ‖, ‖θ'‖ ≤ R), Gaussian noise σ."""
    return delta_enclosure(values["epsilon"], values["sigma"], 2 * frac(values["R"]))


def _appc_grid(epsilons: tuple[str, ...]):
    def generate(rng: np.random.Generator, size: int) -> list[dict]:
        pts = [{"epsilon": e, "delta": dl, "R": r_} for e in epsilons for dl in B1_DELTAS for r_ in ("10", "21")]
        return _subsample(pts, rng, size)

    return generate


def _table3_d2d() -> list[Claim]:
    """Table 3's D2D row against the d2d claims (the d2d paper's own Theorem 3.1), if they are registered."""
    try:
        from . import d2d as d2d_claims
    except ImportError:  # pragma: no cover - the d2d claims are written separately
        return []
    base = next((c for c in d2d_claims.CLAIMS if c.id == "d2d.thm3.1"), None)
    if base is None:  # pragma: no cover
        return []
    Ld, md, Md, Id = (sympy.Symbol(k, positive=True) for k in ("L", "m", "M", "I"))
    gam = (Md - md) / (Md + md)  # Table 3's (L − λ)/(L + λ) with L → M (smoothness), λ → m (strong convexity)
    sig = (4 * sqrt(2) * Ld * gam**Id
           / (md * n * (1 - gam**Id) * (sqrt(log(1 / delta) + epsilon) - sqrt(log(1 / delta)))))
    return [Claim(
        id="r2d.table3:d2d",
        source="Table 3 (Appendix C, line 581): the noise of Descent-to-delete (Neel et al. 2021)",
        kind=Kind.UNLEARNING,
        statement="D2D (perturbed GD, K unlearning iterations) is (ε, δ)-unlearning with σ = 4√2M((L−λ)/(L+λ))^K/"
                  "(λn(1 − ((L−λ)/(L+λ))^K)(√(log(1/δ)+ε) − √log(1/δ))) — M Lipschitz, L smooth, λ strongly convex",
        hypotheses=base.hypotheses,
        bound=delta,
        prescribed={**base.prescribed, "sigma": sig},
        quantity=base.quantity,
        adversaries=base.adversaries,
        derivation="r2d.table3:d2d",
        note="Table 3's symbols renamed to the d2d claims' (M → L Lipschitz, L → M smoothness, λ → m, K → I): the "
             "instances, hypotheses and exact quantity are those of d2d.thm3.1; only σ is Table 3's transcription.",
    )]


# ----------------------------------------------------------------- Table 3: Newton step (Guo et al. 2020)
#: Table 3, line 581 (Newton step, Guo et al.): σ = 4LG²√(2log(1.5/δ))/(λ²(n−1)ε) — L the Lipschitz constant of
#: ℓ'' (Guo's γ), G the gradient bound (Guo's C), λ the regularisation: the std of the objective perturbation b.
SIGMA_NEWTON = 4 * L * G**2 * sqrt(2 * log(Rational(3, 2) / delta)) / (lam**2 * (n - 1) * epsilon)
#: A rational just above √3/18 = max|ℓ'''| of the logistic loss (Guo's γ for |x| ≤ 1).
GAMMA_LOGISTIC = Fraction(962251, 10**7)


def _newton_data_ok(values: Instance) -> Decision:
    check_data(values["X"], values["y"], values["lam"])
    return holds(is_int(values["n"], 2) and int(frac(values["n"])) == len(values["X"]))


def newton_delta(values: Instance) -> arb:
    """The true δ at ε (max of both directions) between the law of Guo et al.'s one-step Newton removal and
    the law of the exact minimiser on D' with the same b ~ N(0, σ²): pushforwards of N(0, σ²), evaluated by
    :func:`certunlearn.algorithms.r2d_baselines.removal_delta` — a rigorous lower bound (the probability gap of an
    explicit event), optimal up to the float location of the event's boundary (second order) and to a sign change
    missed by the scan."""
    return removal_delta(values["X"], values["y"], values["lam"], values["sigma"], values["epsilon"])


def _newton_inst(n_: int, xs: Sequence[Fraction], lam_: Fraction, eps_: str | Fraction, dl: str) -> dict:
    return {"n": n_, "X": list(xs), "y": [1] * n_, "lam": lam_, "L": GAMMA_LOGISTIC, "G": 1,
            "epsilon": eps_, "delta": dl}


def _newton_extremal(rng: np.random.Generator, size: int) -> list[dict]:
    """|x| = 1 everywhere, the deleted point aligned with or opposing the retained ones (its gradient largest
    at w*), small n, λ from small to large, small ε and δ (the labels only enter through y·x, so y = +1)."""
    pts = [_newton_inst(n_, [Fraction(1)] * (n_ - 1) + [Fraction(sg)], lam_, e, dl)
           for n_ in (2, 3) for sg in (-1, 1)
           for lam_ in (Fraction(1, 100), Fraction(1, 20), Fraction(1, 2), Fraction(2), Fraction(4))
           for e in ("0.05", "0.3", "1", "4") for dl in ("1e-12", "1e-5", "0.01")]
    return _subsample(pts, rng, min(size, 24))


def _newton_search(n_: int) -> Adversary:
    return Adversary(
        f"search over (λ, x_retained, x_deleted, ε, δ), n = {n_}",
        space=Space(bounds={"lam": (0.05, 8.0), "xr": (-1.0, 1.0), "xz": (-1.0, 1.0), "epsilon": (0.01, 5.0),
                            "delta": (1e-12, 0.5)}, log=frozenset({"lam", "epsilon", "delta"}),
                    build=lambda q: _newton_inst(n_, [_q(q["xr"])] * (n_ - 1) + [_q(q["xz"])], _q(q["lam"]),
                                                 _q(q["epsilon"]), exact_decimal(q["delta"]))),
    )


NEWTON_HYPS = (
    P("data: n = |X| ≥ 2, |x_i| ≤ 1, y_i ∈ {±1} (the last point is removed), λ > 0", _newton_data_ok),
    H("ℓ'' is L-Lipschitz (logistic: max|ℓ'''| = √3/18 ≤ L)", ">=", L, sqrt(3) / 18),
    H("‖∇ℓ‖ ≤ G (logistic with |x| ≤ 1: |ℓ'| < 1 ≤ G)", ">=", G, 1),
    H("ε > 0", ">", epsilon, 0), *DELTA_RANGE,
)
NEWTON_ADVERSARIES = (
    Adversary("|x| = 1, deleted point aligned or opposing, n ∈ {2, 3}, λ ∈ [1/100, 4], ε, δ grid",
              generate=_newton_extremal),
    _newton_search(2),
)
_NEWTON_READING = ("Reading (Guo et al. 2020, Thm 3 with Thm 1): learning returns w*(b) = argmin Σℓ(wx_i, y_i) + "
                   "(λn/2)w² + bw, b ~ N(0, σ²); removing the last point publishes one Newton step w* + H⁻¹Δ; the "
                   "certificate compares its law with that of the exact minimiser on D' (regularisation λ(n−1)/2, same "
                   "b law), both directions. Checked in one dimension with the logistic loss (L = Guo's γ ≥ √3/18, "
                   "G = Guo's C ≥ 1).")


def _table3_newton() -> list[Claim]:
    common = dict(kind=Kind.UNLEARNING, hypotheses=NEWTON_HYPS, bound=delta, quantity=newton_delta,
                  adversaries=NEWTON_ADVERSARIES)
    return [
        Claim(id="r2d.table3:newton",
              source="Table 3 (Appendix C, line 581): the noise of the Newton step (Guo et al. 2020)",
              statement="the one-step Newton removal with objective perturbation b ~ N(0, σ²), "
                        "σ = 4LG²√(2log(1.5/δ))/(λ²(n−1)ε), is (ε, δ)-certified removal",
              prescribed={"sigma": SIGMA_NEWTON}, derivation="r2d.table3:newton", note=_NEWTON_READING, **common),
        Claim(id="r2d.table3:newton-control-sigma-halved",
              source="negative control: Table 3's Newton-step σ halved",
              statement="(wrong on purpose) σ = 2LG²√(2log(1.5/δ))/(λ²(n−1)ε) gives (ε, δ)-certified removal",
              prescribed={"sigma": SIGMA_NEWTON / 2}, control=Control.NEGATIVE, **common),
    ]


# =========================================================================== the claims
_TARGET = ("(ε, δ)-certified unlearning (Definition 2.2): the true δ at ε between N(θ''_K, σ²I) (Algorithm 2 from "
           "the checkpoint θ_{T−K}) and N(θ'_T, σ²I) (Algorithm 1 on D' = D \\ Z) is ≤ δ")

THM31_ADVERSARIES = (
    Adversary("opposed linear losses (divergence attained as L → 0), η at its maximum, ε, δ grid",
              generate=_linear_opposed),
    Adversary("concave quadratics near their maximum (expansion 1 + ηλ attained), Θ the box of the iterates",
              generate=_concave_expansion),
    Adversary("small n: every deletion set of random 1-d and 2-d linear data", generate=_all_deletions),
    _linear_search(50, 1),
    _linear_search(4, 1),
)

CLAIMS_31 = [
    Claim(
        id="r2d.thm3.1",
        source="Theorem 3.1, unlearning (lines 83–91; proof Appendix B, lines 342–451)",
        kind=Kind.UNLEARNING,
        statement="0 < ε ≤ 1, δ > 0; f_z L-smooth with ‖∇f_z‖ < G; η ≤ min{1/L, n/(2(n−m)L)}; "
                  "σ = 2mG·h(K)√(2log(1.25/δ))/(Lnε), h(K) = ((1+ηLn/(n−m))^{T−K} − 1)(1+ηL)^K: "
                  "U (Algorithm 2) is an (ε, δ)-unlearning algorithm for A (Algorithm 1)",
        hypotheses=THM31_HYPS,
        bound=delta,
        prescribed={"sigma": SIGMA_31},
        quantity=unlearning_delta,
        adversaries=THM31_ADVERSARIES,
        derivation="r2d.thm3.1",
        note=_TARGET + ". Means exact (Fractions) from certunlearn.algorithms.r2d (descent_path, unlearn). "
             "Tightness is limited twice: the shift bound is attained only up to (n−m)/n (linear losses, L → 0; "
             "with curvature the gradient bound on the region the iterates cross costs a further (1+ηL)^{−T}), and "
             "the classic calibration √(2log(1.25/δ))/ε is itself loose (true δ ≈ 0.09·δ at ε = 1, δ = 1/2). "
             "report(instance) gives the effective ε at the target δ and ηLT.",
    ),
    Claim(
        id="r2d.thm3.1:control-sigma-halved",
        source="negative control: Theorem 3.1 with σ of eq. (3) halved",
        kind=Kind.UNLEARNING,
        statement="(wrong on purpose) σ = mG·h(K)√(2log(1.25/δ))/(Lnε) gives (ε, δ)-unlearning",
        hypotheses=THM31_HYPS,
        bound=delta,
        prescribed={"sigma": SIGMA_31 / 2},
        quantity=unlearning_delta,
        adversaries=THM31_ADVERSARIES,
        control=Control.NEGATIVE,
        note="Violated where the shift bound is nearly attained (opposed linear losses, n = 200, m = 1, L → 0) and "
             "the classic calibration is tight enough: ε = 1, δ ≤ 10⁻².",
    ),
    Claim(
        id="r2d.lemB.2",
        source="Lemma B.2 (line 376; proof lines 377–409)",
        kind=Kind.SENSITIVITY,
        statement="‖θ_t − θ'_t‖ ≤ (2Gm/(Ln))[(1 + ηLn/(n−m))^t − 1] for gradient descent on D and on D' = D \\ Z "
                  "from the same θ_0",
        hypotheses=(*GD_HYPS, *STEP, P("t a positive integer; the t steps stay in Θ", _path_ok)),
        bound=BOUND_B2,
        quantity=divergence_b2,
        adversaries=(
            Adversary("opposed linear losses (attained up to (n−m)/n as L → 0), at t = T − K and t = T",
                      generate=_with_t(_linear_opposed)),
            Adversary("concave quadratics near their maximum", generate=_with_t(_concave_expansion)),
            Adversary("small n: every deletion set", generate=_with_t(_all_deletions)),
            _search_with_t(_linear_search(50, 1)),
        ),
        derivation="r2d.lemB.2",
        note="The per-step drift of the proof, ηm/(n−m)‖∇f_D‖ + η/(n−m)Σ_Z‖∇f_z‖ ≤ 2ηGm/(n−m), exceeds the true "
             "η‖∇f_D − ∇f_{D'}‖ ≤ 2ηGm/n by n/(n−m), and the expansion n/(n−m)·L of line 403 exceeds the true "
             "L: the lemma holds with tightness → (n−m)/n (L → 0).",
    ),
    Claim(
        id="r2d.lemB.3",
        source="Lemma B.3 (lines 415–421; proof lines 422–433)",
        kind=Kind.CONTRACTION,
        statement="‖θ'_T − θ''_K‖ ≤ ‖θ_{T−K} − θ'_{T−K}‖(1 + ηL)^K (as the ratio ‖θ'_T − θ''_K‖/‖θ_{T−K} − θ'_{T−K}‖)",
        hypotheses=(*GD_HYPS, *STEP, P("T, K integers with 0 ≤ K < T", _schedule_ok),
                    P("every iterate stays in Θ", _iterates_ok)),
        bound=BOUND_B3,
        quantity=expansion_b3,
        adversaries=(
            Adversary("concave quadratics: every step expands by exactly 1 + ηλ (attained)",
                      generate=_concave_expansion),
            Adversary("opposed linear losses (no expansion: ratio 1)", generate=_linear_opposed),
            Adversary("small n: every deletion set", generate=_all_deletions),
        ),
        derivation="r2d.lemB.3",
        note="Quantity exact (Fractions); attained (tightness 1) by concave quadratics with λ = L.",
    ),
    Claim(
        id="r2d.cor3.2",
        source="Corollary 3.2 (lines 97–101; proof Appendix B.3, lines 557–573)",
        kind=Kind.ITERATIONS,
        statement="for fixed σ and δ, K(ε) — the K solving eq. (3) — satisfies K(ε) ≤ "
                  "log((1+ηLn/(n−m))^T − σLnε/(2mG√(2log(1.25/δ))))/log(1+ηLn/(n−m))",
        hypotheses=(H("η > 0", ">", eta, 0), H("L > 0", ">", L, 0), H("G > 0", ">", G, 0), H("σ > 0", ">", sigma, 0),
                    H("ε > 0", ">", epsilon, 0), *DELTA_RANGE,
                    P("1 ≤ m < n integers; K(ε) ∈ (0, T) exists: σLnε/(2mG√(2log(1.25/δ))) < h(0)", _cor32_defined)),
        bound=K_BOUND_32,
        quantity=rewind_needed,
        adversaries=(Adversary("(n, m, ηL, T) over orders of magnitude, h(K(ε))/h(0) ∈ {10⁻⁶, 10⁻², 1/2, 0.99}",
                               generate=_cor32_grid), COR32_SEARCH),
        derivation="r2d.cor3.2",
        note="Quantity: the real root K(ε) of h(K) = σLnε/(2mG√(2log(1.25/δ))), enclosed by bisection on rigorous "
             "comparisons. The bound replaces 1 + ηL by 1 + ηLn/(n−m) in h: tight when m/n and ηL are small; K(ε) "
             "is real — an algorithm needs ⌈bound⌉ (line 573 says “choose K equal to this bound”).",
    ),
]

B1_HYPS = (H("ε > 0", ">", epsilon, 0), *DELTA_RANGE, H("Δ > 0", ">", Delta, 0))

CLAIMS_B1 = [
    Claim(
        id="r2d.thmB.1",
        source="Theorem B.1 (lines 344–348; cited from Dwork & Roth 2014)",
        kind=Kind.PRIVACY,
        statement="X ~ N(μ, σ²I), Y ~ N(μ', σ²I), ‖μ − μ'‖₂ ≤ Δ: for any δ > 0, X and Y are (ε, δ)-indistinguishable "
                  "if σ = (Δ/ε)√(2log(1.25/δ)) — printed without a range for ε",
        hypotheses=B1_HYPS,
        bound=delta,
        prescribed={"sigma": SIGMA_B1},
        quantity=_gaussian_delta,
        adversaries=(Adversary("grid ε ∈ [0.001, 100] × δ × Δ", generate=_b1_grid(B1_EPS_SMALL + B1_EPS_LARGE)),
                     _b1_search((1e-3, 500.0))),
        derivation="r2d.thmB.1",
        note="Dwork & Roth's Theorem A.1 assumes ε ∈ (0, 1); the paper's statement drops it. Theorem 3.1 itself "
             "assumes ε ≤ 1, but the experiments run at ε up to 40 (Tables 8–9) — with Balle & Wang's calibration "
             "there (line 226), see r2d.sec4.2-epsilon-above-1.",
    ),
    Claim(
        id="r2d.thmB.1+fix",
        source="Theorem B.1, corrected: Dwork & Roth's hypothesis ε ≤ 1 restored",
        kind=Kind.PRIVACY,
        statement="as Theorem B.1, for 0 < ε ≤ 1 and 0 < δ < 1",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, H("Δ > 0", ">", Delta, 0)),
        bound=delta,
        prescribed={"sigma": SIGMA_B1},
        quantity=_gaussian_delta,
        adversaries=(Adversary("grid ε ∈ [0.001, 1] × δ × Δ", generate=_b1_grid(B1_EPS_SMALL)),
                     _b1_search((1e-3, 1.0))),
        derivation="r2d.thmB.1+fix",
        corrects="r2d.thmB.1",
        note="Corrects the missing range ε ≤ 1 (Dwork & Roth 2014, Thm A.1: ε ∈ (0, 1)); the derivation is a "
             "correct chain (t = c − ε/(2c) ≥ c − 1/(2c) for ε ≤ 1, then Q(c − 1/(2c)) ≤ δ), not DR's, whose "
             "side conditions fail for δ > 0.41 (see gaussian.classic). Same as gaussian.classic, over δ < 1.",
    ),
]

_EXP_NOTE = ("The paper's own conditions do not hold here, yet the experiments report the (ε, δ) as certified; "
             "the checker measures the true δ.")

CLAIMS_EXP = [
    Claim(
        id="r2d.sec4.2-epsilon-above-1",
        source="Section 4.2 (line 226: “for ε > 1, we utilize the bound derived in (Balle & Wang, 2018) to "
               "calibrate the noise”); Tables 8–9 (ε = 40, δ = 0.1), Figure 1",
        kind=Kind.UNLEARNING,
        statement="for ε > 1 (outside Theorem 3.1's ε ≤ 1), σ = the Balle–Wang calibration of the shift bound "
                  "2mG·h(K)/(Ln) gives (ε, δ)-unlearning",
        hypotheses=(H("ε > 1", ">", epsilon, 1), *DELTA_RANGE, *GD_HYPS, *STEP,
                    P("T, K integers with 0 ≤ K < T", _schedule_ok), P("every iterate stays in Θ", _iterates_ok)),
        bound=delta,
        quantity=calibrated_delta,
        adversaries=(Adversary("opposed linear losses at ε ∈ {2, 5, 10, 40}", generate=_large_eps(_linear_opposed)),
                     Adversary("concave quadratics at ε ∈ {2, 5, 10, 40}", generate=_large_eps(_concave_expansion))),
        derivation="r2d.sec4.2-epsilon-above-1",
        note="Outside Theorem 3.1 (ε ≤ 1) but sound: the shift bound of Lemmas B.2–B.3 holds for every ε and the "
             "exact calibration is exact. " + _EXP_NOTE,
    ),
    Claim(
        id="r2d.sec4.2-decaying-step",
        source="Section 4.2 (line 226: “we use an exponentially decaying step size … taking the final step size as "
               "η”; eq. (3) “assumes constant step size”)",
        kind=Kind.UNLEARNING,
        statement="gradient descent with η_t = η_0γ^t, unlearning resuming the schedule at the checkpoint, and σ of "
                  "eq. (3) evaluated at the final step size η = η_0γ^{T−1}, gives (ε, δ)-unlearning",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, *GD_HYPS, P("T, K integers with 0 ≤ K < T", _schedule_ok),
                    P("0 < γ ≤ 1; η_0 ≤ min{1/L, n/(2(n−m)L)}; iterates in Θ", _decay_ok)),
        bound=delta,
        prescribed={"sigma": SIGMA_DECAY},
        quantity=decay_delta,
        adversaries=(Adversary("opposed linear losses, η_0 = 1, γ ∈ {0.995, 0.9, 0.5}", generate=_decay_family),),
        derivation="r2d.sec4.2-decaying-step",
        note="The divergence of the learning trajectories accumulates the early, larger steps (Σ_t η_t), while σ "
             "is computed from the smallest one: with γ = 0.995 and T = 300 the true shift is ≈ 2.3× the shift "
             "bound at η_{T−1}. " + _EXP_NOTE,
    ),
    Claim(
        id="r2d.sec4.2-decaying-step+fix",
        source="Section 4.2 (line 226), corrected: σ from the decaying schedule actually used",
        kind=Kind.UNLEARNING,
        statement="gradient descent with η_t = η_0γ^t (0 < γ < 1), unlearning resuming the schedule at the checkpoint, "
                  "and σ = 2mG/(Ln)(exp(Ln/(n−m)·Σ_{s<T−K}η_s) − 1)exp(L·Σ_{T−K≤s<T}η_s)√(2log(1.25/δ))/ε gives "
                  "(ε, δ)-unlearning",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, *GD_HYPS, P("T, K integers with 0 ≤ K < T", _schedule_ok),
                    H("γ < 1", "<", gamma, 1),
                    P("0 < γ ≤ 1; η_0 ≤ min{1/L, n/(2(n−m)L)}; iterates in Θ", _decay_ok)),
        bound=delta,
        prescribed={"sigma": SIGMA_DECAY_FIX},
        quantity=decay_delta,
        adversaries=(Adversary("opposed linear losses, η_0 = 1, γ ∈ {0.995, 0.9, 0.5}", generate=_decay_family),),
        derivation="r2d.sec4.2-decaying-step+fix",
        corrects="r2d.sec4.2-decaying-step",
        note="Corrects σ computed at the final step size: Lemma B.2's recursion with steps η_t, ‖Δ_{t+1}‖ ≤ "
             "‖Δ_t‖(1 + η_tLn/(n−m)) + 2η_tGm/(n−m), solves to ‖Δ_{T−K}‖ ≤ 2Gm/(Ln)(Π_{s<T−K}(1 + η_sLn/(n−m)) − 1), "
             "Lemma B.3 multiplies by Π_{s≥T−K}(1 + η_sL), and 1 + x ≤ eˣ turns the products into exponentials of "
             "the geometric sums Σ η_s. γ = 1 (constant steps) is Theorem 3.1 itself.",
    ),
    Claim(
        id="r2d.appD.1-gradient-estimate",
        source="Appendix D.1 (line 612: “To estimate the gradient bound G, we compute the norm of each minibatch "
               "gradient at each step of the training process, and take the maximum”)",
        kind=Kind.UNLEARNING,
        statement="σ of eq. (3) with G replaced by Ĝ = the largest (full-)batch training-gradient norm gives "
                  "(ε, δ)-unlearning",
        hypotheses=(*THM31_HYPS, P("d = 1; Ĝ = max_{t<T} |∇f_D(θ_t)| exactly", _g_hat_ok)),
        bound=delta,
        prescribed={"sigma": SIGMA_G_HAT},
        quantity=unlearning_delta,
        adversaries=(Adversary("opposed linear losses: batch gradient (n−2m)R/n ≪ per-sample bound R",
                               generate=_g_hat_family),),
        derivation="r2d.appD.1-gradient-estimate",
        note="Theorem 3.1 needs a bound on every per-sample gradient ‖∇f_z‖ (the deleted points' gradients drive "
             "the divergence, line 397); an average over a batch can be far smaller. " + _EXP_NOTE,
    ),
    Claim(
        id="r2d.appD.1-lipschitz-estimate",
        source="Appendix D.1 (lines 614–618: L̂ = ‖θ_1 − θ_2‖/‖∇f(θ_1) − ∇f(θ_2)‖, the maximum over perturbations)",
        kind=Kind.UNLEARNING,
        statement="σ of eq. (3) with L replaced by the printed estimate L̂ = ‖θ_1 − θ_2‖/‖∇f(θ_1) − ∇f(θ_2)‖ gives "
                  "(ε, δ)-unlearning (on a 1-d quadratic of curvature −λ, L̂ = 1/λ exactly for every θ_1 ≠ θ_2)",
        hypotheses=(*THM31_HYPS, P("concave-quadratic family, d = 1, lam = its λ", _l_hat_ok)),
        bound=delta,
        prescribed={"sigma": SIGMA_L_HAT},
        quantity=unlearning_delta,
        adversaries=(Adversary("balanced concave quadratics, λ ∈ {2, 4}, ηλ ∈ {1/4, 1/2}", generate=_l_hat_family),),
        derivation="r2d.appD.1-lipschitz-estimate",
        note="As printed the ratio is inverted (a Lipschitz constant of ∇f is ‖Δ∇f‖/‖Δθ‖): L̂ = 1/λ < λ = L once "
             "λ > 1, and σ grows with L. " + _EXP_NOTE,
    ),
    Claim(
        id="r2d.appD.1-gradient-estimate+fix",
        source="Appendix D.1 (line 612), corrected: σ of eq. (3) with the certified per-sample gradient bound G",
        kind=Kind.UNLEARNING,
        statement="σ of eq. (3) with G the loss family's declared, verified per-sample bound ‖∇f_z‖ < G on the "
                  "domain Θ the iterates stay in (not the batch estimate Ĝ) gives (ε, δ)-unlearning",
        hypotheses=THM31_HYPS,
        bound=delta,
        prescribed={"sigma": SIGMA_31},
        quantity=unlearning_delta,
        adversaries=(Adversary("opposed linear losses: batch gradient (n−2m)R/n ≪ per-sample bound R",
                               generate=_g_hat_family),),
        derivation="r2d.appD.1-gradient-estimate+fix",
        corrects="r2d.appD.1-gradient-estimate",
        note="Corrects Ĝ = the largest batch-gradient norm: line 397 bounds each deleted point's own gradient "
             "‖∇f_{z_i}‖ by G, which a batch average does not bound. With the certified G (checked by the "
             "hypotheses on the family and on Θ, every iterate in Θ) Theorem 3.1's chain applies unchanged.",
    ),
    Claim(
        id="r2d.appD.1-lipschitz-estimate+fix",
        source="Appendix D.1 (lines 614–618), corrected: σ of eq. (3) with the certified smoothness constant L",
        kind=Kind.UNLEARNING,
        statement="σ of eq. (3) with L the loss family's declared, verified smoothness (‖∇f(θ) − ∇f(θ')‖ ≤ L‖θ − θ'‖ "
                  "on Θ; λ for the concave quadratics), not L̂, gives (ε, δ)-unlearning",
        hypotheses=THM31_HYPS,
        bound=delta,
        prescribed={"sigma": SIGMA_31},
        quantity=unlearning_delta,
        adversaries=(Adversary("balanced concave quadratics, λ ∈ {2, 4}, ηλ ∈ {1/4, 1/2}", generate=_l_hat_family),),
        derivation="r2d.appD.1-lipschitz-estimate+fix",
        corrects="r2d.appD.1-lipschitz-estimate",
        note="Corrects L̂ = ‖Δθ‖/‖Δ∇f‖ (the inverse of a Lipschitz constant of ∇f, = 1/λ on these losses): Lemmas "
             "B.2–B.3 use ‖∇f(θ) − ∇f(θ')‖ ≤ L‖θ − θ'‖, so σ needs the certified L (checked by the hypotheses). "
             "Theorem 3.1's chain then applies unchanged.",
    ),
]

CLAIMS_UTIL = [
    Claim(
        id="r2d.thm3.1:utility",
        source="Theorem 3.1, utility eq. (4) (lines 91–95; proof lines 453–504: the explicit bound before the O(·))",
        kind=Kind.ACCURACY,
        statement="(1/T)[Σ_{t<T−K}‖∇f_{D'}(θ_t)‖² + Σ_{t<K}‖∇f_{D'}(θ''_t)‖² + E‖∇f_{D'}(θ̃'')‖²] ≤ "
                  "2n(f_{D'}(θ_0) − f_{D'}(θ''_K))/(Tη(n−m)) + ((T−K−1)/T)(2G²m/(n−m) + 2LηGm/(n−m))",
        hypotheses=UTILITY_HYPS,
        bound=UTIL_31,
        prescribed={"sigma": SIGMA_31},
        quantity=utility_lhs,
        adversaries=UTILITY_ADVERSARIES,
        derivation="r2d.thm3.1:utility",
        note="Eq. (4) is O(n/(T(n−m))) + O((T−K−1)m/(T(n−m))); its proof's explicit inequality (line 503–504) is "
             "checked. E‖∇f_{D'}(θ̃'')‖² is never bounded in the proof (line 499 replaces ∇f(θ''_K) − ∇f(θ̃'') by "
             "ξ), so a stationary start with K = T − 1 breaks it; also Lη²mG/n for Lη²mG²/n (line 468), T − K − 1 "
             "for the T − K learning terms (line 480), and η Σ_{t=0}^{K} for (η/2)Σ_{t<K} (line 486).",
    ),
    Claim(
        id="r2d.thm3.1:utility+fix",
        source="Theorem 3.1, utility, corrected (lines 468, 480, 486, 497–503)",
        kind=Kind.ACCURACY,
        statement="the same average ≤ (1/T)[2n(f_{D'}(θ_0) − f_{D'}(θ''_K))/(η(n−m)) + (T−K)(2G²m + 2LηG²m)/(n−m) + "
                  "(G + L√dσ)²], f_z L-smooth on R^d",
        hypotheses=(*UTILITY_HYPS, H("d ≥ 1", ">=", d, 1),
                    P("d = the dimension", lambda v: holds(frac(v["d"]) == setup_of(v).dim))),
        bound=UTIL_31_FIX,
        prescribed={"sigma": SIGMA_31},
        quantity=utility_lhs,
        adversaries=tuple(Adversary(a.name, generate=_with_dim(a.generate)) for a in UTILITY_ADVERSARIES),
        derivation="r2d.thm3.1:utility+fix",
        corrects="r2d.thm3.1:utility",
        note="Corrects the G² of the smoothness term (line 468), counts the T − K learning steps (line 480), uses the "
             "descent lemma (η/2)Σ_{t<K}‖∇f(θ''_t)‖² ≤ f(θ''_0) − f(θ''_K) for η ≤ 1/L (line 486), and bounds the "
             "noisy term: ‖∇f(θ''_K + ξ)‖ ≤ ‖∇f(θ''_K)‖ + L‖ξ‖ ≤ G + L‖ξ‖, E‖ξ‖ ≤ √d σ. Still O(n/(T(n−m))) + "
             "O((T−K)m/(T(n−m))) + O((G + L√dσ)²/T): the noise term is new.",
    ),
    Claim(
        id="r2d.cor3.5",
        source="Corollary 3.5 (lines 175–181; proof Appendix B.1, lines 506–543)",
        kind=Kind.ACCURACY,
        statement="f_{D'} PL with μ: E[f_{D'}(θ̃'')] − f*_{D'} ≤ L√dσ + (1−ημ)^K(G²m + LηGm)/(μ(n−m)) + "
                  "(1 − ημ(n−m)/n)^{T−K}(1−ημ)^K(f_{D'}(θ_0) − f*_{D'})",
        hypotheses=PL_HYPS,
        bound=COR35,
        prescribed={"sigma": SIGMA_31},
        quantity=excess_risk,
        adversaries=(Adversary("convex quadratics (PL, μ = λ), small to huge σ", generate=_pl_instances(False)),),
        derivation="r2d.cor3.5",
        note="Line 538 bounds f(θ̃'') − f(θ''_K) by L‖ξ‖, using the smoothness constant L as a Lipschitz constant of f "
             "itself; by smoothness the noise costs up to (L/2)dσ² in expectation, which exceeds L√dσ once σ > 2/√d "
             "— and σ of eq. (3) grows like h(K). Also Lη²mG/n for Lη²mG²/n (line 515). (On all of R^d a PL "
             "function with bounded gradients is constant, so the corollary needs a bounded Θ; the noise leaves it.)",
    ),
    Claim(
        id="r2d.cor3.5+fix",
        source="Corollary 3.5, corrected (lines 515 and 538)",
        kind=Kind.ACCURACY,
        statement="E[f_{D'}(θ̃'')] − f*_{D'} ≤ (L/2)dσ² + (1−ημ)^K(G²m + LηG²m)/(μ(n−m)) + "
                  "(1 − ημ(n−m)/n)^{T−K}(1−ημ)^K(f_{D'}(θ_0) − f*_{D'}), f_{D'} L-smooth on R^d",
        hypotheses=PL_HYPS,
        bound=COR35_FIX,
        prescribed={"sigma": SIGMA_31},
        quantity=excess_risk,
        adversaries=(Adversary("convex quadratics (PL, μ = λ), small to huge σ", generate=_pl_instances(False)),),
        derivation="r2d.cor3.5+fix",
        corrects="r2d.cor3.5",
        note="E[f(θ''_K + ξ)] ≤ f(θ''_K) + ∇f(θ''_K)ᵀE[ξ] + (L/2)E‖ξ‖² = f(θ''_K) + (L/2)dσ² (L-smoothness), and G² in "
             "the smoothness term of the learning-phase recursion. Attained by quadratics of curvature L = μ.",
    ),
    Claim(
        id="r2d.lemB.4",
        source="Lemma B.4 (lines 549–553; from Lei & Ying 2021, Thm 1, “slightly modified”)",
        kind=Kind.ACCURACY,
        statement="for θ the output of an algorithm dependent on D': E[F(θ) − F*] ≤ 2G²/((n−m)μ) + "
                  "(L/(2μ))E[f_{D'}(θ) − f*_{D'}]",
        hypotheses=(P("point-mass population, quadratic losses, θ ∈ Θ, constants valid, risk_gap exact", _lemb4_ok),),
        bound=LEMB4,
        quantity=_lemb4_quantity,
        adversaries=(Adversary("point-mass population δ_{x_0}: F = f_{D'}; outputs θ from x_0 to the corner of Θ",
                               generate=_lemb4_family),),
        derivation="r2d.lemB.4",
        note="With a point-mass population F = f_{D'}, so the lemma asks X ≤ 2G²/((n−m)μ) + (L/(2μ))X for "
             "X = f_{D'}(θ) − f*: the coefficient L/(2μ) is below 1 whenever L < 2μ (quadratics: L = μ), and X can be "
             "as large as λb²/2 against G² ≈ 4λ²b². Any correct version needs a coefficient "
             "≥ 1: see r2d.lemB.4+fix (1 + L/(2μ)).",
    ),
    Claim(
        id="r2d.cor3.6",
        source="Corollary 3.6 (lines 191–197; proof Appendix B.2, lines 545–555)",
        kind=Kind.ACCURACY,
        statement="E[F(θ̃'')] − F* ≤ L√dσ + 2G²/((n−m)μ) + (L/(2μ))(1 − ημ(n−m)/n)^{T−K}(1−ημ)^K(f_{D'}(θ_0) − "
                  "f*_{D'}) + (L/(2μ))(1−ημ)^K(G²m + LηGm)/(μ(n−m))",
        hypotheses=(*PL_HYPS, P("point-mass population (every data point equal)", _point_mass_ok)),
        bound=COR36,
        prescribed={"sigma": SIGMA_31},
        quantity=excess_risk,
        adversaries=(Adversary("point-mass population, convex quadratics, small to huge σ",
                               generate=_pl_instances(True)),),
        derivation="r2d.cor3.6",
        note="Checked on point-mass populations, where D is deterministic and F = f_{D'} (so E over D is exact). The "
             "corollary inherits Corollary 3.5's L√dσ and Lemma B.4's coefficient.",
    ),
    Claim(
        id="r2d.lemB.4+fix",
        source="Lemma B.4 (lines 547–553), corrected coefficient 1 + L/(2μ)",
        kind=Kind.ACCURACY,
        statement="for θ the output of an algorithm dependent on D': E[F(θ) − F*] ≤ 2G²/((n−m)μ) + "
                  "(1 + L/(2μ))E[f_{D'}(θ) − f*_{D'}]",
        hypotheses=(P("point-mass population, quadratic losses, θ ∈ Θ, constants valid, risk_gap exact", _lemb4_ok),),
        bound=LEMB4_FIX,
        quantity=_lemb4_quantity,
        adversaries=(Adversary("point-mass population δ_{x_0}: F = f_{D'}; outputs θ from x_0 to the corner of Θ",
                               generate=_lemb4_family),),
        derivation="r2d.lemB.4+fix",
        corrects="r2d.lemB.4",
        note="Corrects the coefficient L/(2μ), which can be below 1 (L < 2μ): E[F(θ) − F*] = E[F(θ) − f_{D'}(θ)] + "
             "E[f_{D'}(θ) − f*_{D'}] + (E[f*_{D'}] − F*); the last term is ≤ 0 (line 547), the first is the "
             "stability bound 2G²/((n−m)μ) + (L/(2μ))E[f_{D'}(θ) − f*_{D'}] (the paper's modification of Lei & Ying "
             "2021, Thm 1, read as a bound on the generalization gap — a cited premise, not re-derived here), and "
             "the middle term, the optimisation error itself, is what the printed lemma drops. On point-mass "
             "populations (what the checker can evaluate exactly) the generalization gap is 0.",
    ),
    Claim(
        id="r2d.cor3.6+fix",
        source="Corollary 3.6 (lines 191–197, 555), corrected: Lemma B.4+fix with Corollary 3.5+fix substituted",
        kind=Kind.ACCURACY,
        statement="E[F(θ̃'')] − F* ≤ 2G²/((n−m)μ) + (1 + L/(2μ))[(L/2)dσ² + (1−ημ)^K(G²m + LηG²m)/(μ(n−m)) + "
                  "(1 − ημ(n−m)/n)^{T−K}(1−ημ)^K(f_{D'}(θ_0) − f*_{D'})]",
        hypotheses=(*PL_HYPS, P("point-mass population (every data point equal)", _point_mass_ok)),
        bound=COR36_FIX,
        prescribed={"sigma": SIGMA_31},
        quantity=excess_risk,
        adversaries=(Adversary("point-mass population, convex quadratics, small to huge σ",
                               generate=_pl_instances(True)),),
        derivation="r2d.cor3.6+fix",
        corrects="r2d.cor3.6",
        note="Corrects the coefficient (1 + L/(2μ), r2d.lemB.4+fix) and the substitution of line 555, which multiplies "
             "every term of Corollary 3.5 by the coefficient (the printed statement keeps L√dσ without the factor "
             "L/(2μ)); Corollary 3.5 itself is used in its corrected form (r2d.cor3.5+fix).",
    ),
]

CLAIMS_23 = [
    Claim(
        id="r2d.lem2.3",
        source="Lemma 2.3 (lines 61–63; proof Appendix A, lines 321–338)",
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

CLAIMS_TABLE = [
    Claim(
        id="r2d.appC-radius",
        source="Appendix C (lines 590–598): a learning/unlearning pair with outputs in ‖θ‖ ≤ R, noise σ",
        kind=Kind.PRIVACY,
        statement="outputs θ, θ' with ‖θ‖, ‖θ'‖ ≤ R, perturbed by N(0, σ²I): (ε, δ)-unlearning as long as "
                  "σ ≥ 2R√(2log(1.25/δ))/ε (by Theorem B.1, for any ε)",
        hypotheses=(H("ε > 0", ">", epsilon, 0), *DELTA_RANGE, H("R > 0", ">", R_ball, 0)),
        bound=delta,
        prescribed={"sigma": SIGMA_APPC},
        quantity=_appc_delta,
        adversaries=(Adversary("grid ε ∈ [0.001, 100] × δ × R ∈ {10, 21} (Table 6's R)",
                               generate=_appc_grid(B1_EPS_SMALL + B1_EPS_LARGE)),),
        derivation="r2d.appC-radius",
        note="Inherits Theorem B.1's missing ε ≤ 1 (the comparison runs at ε = 40, Tables 8–9).",
    ),
    Claim(
        id="r2d.appC-radius+fix",
        source="Appendix C (lines 590–598), with Theorem B.1's ε ≤ 1 restored",
        kind=Kind.PRIVACY,
        statement="as Appendix C's remark, for 0 < ε ≤ 1",
        hypotheses=(*EPS_RANGE, *DELTA_RANGE, H("R > 0", ">", R_ball, 0)),
        bound=delta,
        prescribed={"sigma": SIGMA_APPC},
        quantity=_appc_delta,
        adversaries=(Adversary("grid ε ∈ [0.001, 1] × δ × R", generate=_appc_grid(B1_EPS_SMALL)),),
        derivation="r2d.appC-radius+fix",
        corrects="r2d.appC-radius",
        note="Theorem B.1+fix at Δ = 2R.",
    ),
    *_table3_d2d(),
    *_table3_newton(),
]

CLAIMS = tuple(CLAIMS_23 + CLAIMS_31 + CLAIMS_B1 + CLAIMS_EXP + CLAIMS_UTIL + CLAIMS_TABLE)
