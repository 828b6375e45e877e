"""Rewind-to-Delete: the shared gradient-descent problem and its exact quantities.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. Theorem 3.1's assumptions (lines 133–143: ε ≤ 1, f_z L-smooth with ‖∇f_z‖ < G, η ≤ min{1/L,
n/(2(n−m)L)}, K < T, line 107) as hypotheses; the problem an instance describes (:class:`Setup`: the loss family,
Θ, D = the rows of X, Z = the last m rows, as in the proof, line 352); Algorithms 1 and 2 and retraining run
exactly (:func:`runs_of`); the true shift ‖θ''_K − θ'_T‖ and the true δ of the published Gaussians
(:func:`unlearning_delta`, Balle & Wang 2018, Thm 8); :func:`report` for the notebook.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np
import sympy
from flint import arb, ctx

from ...formulas.r2d import G, H_K, L, m, n
from ...formulas.symbols import delta, epsilon
from ...numeric.enclosure import decide, Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import workprec
from ...numeric.sympy_arb import arb_eval
from ...privacy import delta_enclosure, exact_epsilon
from ..hypotheses import H, holds, P
from ..instances import frac, instance_key, is_int
from ..model import GaussianPair, Instance


# =========================================================================== small exact helpers
def sq_norm(v: Sequence[Fraction]) -> Fraction:
    return sum((x * x for x in v), Fraction(0))


EPS_RANGE = (H("ε > 0", ">", epsilon, 0), H("ε ≤ 1", "<=", epsilon, 1))
DELTA_RANGE = (H("δ > 0", ">", delta, 0),
               H("δ < 1 (δ ≥ 1 is vacuous; σ is undefined for δ ≥ 1.25)", "<", delta, 1))
def step_ok(values: Instance) -> Decision:
    """η ≤ min{1/L, n/(2(n−m)L)}, decided exactly on the rational instance values."""
    e, l_, n_, m_ = (frac(values[k]) for k in ("eta", "L", "n", "m"))
    return holds(e > 0 and e * l_ <= 1 and 2 * (n_ - m_) * l_ * e <= n_)


STEP = (P("η ≤ min{1/L, n/(2(n−m)L)} (decided exactly)", step_ok),)


# =========================================================================== the gradient-descent problem
LINEAR, CONCAVE, QUADRATIC, PIECEWISE, TRANSCENDENTAL = 0, 1, 2, 3, 4
FAMILY_NAMES = {LINEAR: "linear ⟨x, θ⟩ on R^d", CONCAVE: "concave quadratic −(λ/2)‖θ − x‖² on a box",
                QUADRATIC: "convex quadratic (λ/2)‖θ − x‖² on a box (PL with μ = λ)",
                PIECEWISE: "separable piecewise quadratic Σ_k φ(θ_k − x_k) (Huber, concave Huber, non-convex PL dip; "
                           "problems.r2d_piecewise), on R^d or a box",
                TRANSCENDENTAL: "separable transcendental a·Σ log cosh(θ_k − x_k) on R^d or Σ ½(θ_k + κ sin θ_k − x_k)² "
                                "on a box (problems.r2d_transcendental: iterates and expectations on arb enclosures)"}
PROBLEM_NAMES = ("family", "lam", "R", "lo", "hi", "X", "theta0", "shape", "param")


class Setup:
    """The problem an instance describes: the loss family, Θ, D (rows of X), Z = the last m rows, θ_0."""

    def __init__(self, values: Instance):
        from ...problems import Box, Linear, Quadratic, Whole
        from ...problems.nonconvex import ConcaveQuadratic

        self.family = int(frac(values["family"]))
        self.X = np.asarray([[frac(v) for v in row] for row in values["X"]], dtype=object)
        if self.X.ndim != 2 or self.X.shape[0] < 2:
            raise ValueError("X is an n×d array with n ≥ 2")
        self.n, self.dim = self.X.shape
        self.R = frac(values["R"])
        if self.family == LINEAR:
            self.loss = Linear(R=self.R)
            self.domain = Whole(dim=self.dim)
        elif self.family == PIECEWISE:
            from ...problems.r2d_piecewise import SeparablePiecewise

            self.loss = SeparablePiecewise(int(frac(values["shape"])), frac(values["param"]), self.R, self.dim)
            self.domain = (Box(tuple(frac(v) for v in values["lo"]), tuple(frac(v) for v in values["hi"]))
                           if values.get("lo") is not None else Whole(dim=self.dim))
        elif self.family == TRANSCENDENTAL:
            from ...problems.r2d_transcendental import SeparableTranscendental

            self.loss = SeparableTranscendental(int(frac(values["shape"])), frac(values["param"]), self.R, self.dim)
            self.domain = (Box(tuple(frac(v) for v in values["lo"]), tuple(frac(v) for v in values["hi"]))
                           if values.get("lo") is not None else Whole(dim=self.dim))
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
        #: |curvature| of every f_z (0, λ or λ): ∇f_{D'}(θ + ξ) = ∇f_{D'}(θ) + s·ξ with s ∈ {0, −λ, λ}; None for
        #: the piecewise family (its gradient is not affine: expectations piece by piece)
        self.curv = (Fraction(0) if self.family == LINEAR else None if self.family in (PIECEWISE, TRANSCENDENTAL)
                     else frac(values["lam"]))

    def retained(self, m_: int) -> np.ndarray:
        return self.X[: self.n - m_]


@functools.lru_cache(maxsize=4096)
def setup_cached(key: tuple) -> Setup:
    return Setup(dict(key))


def setup_of(values: Instance) -> Setup:
    return setup_cached(instance_key(values, PROBLEM_NAMES))


def gd_ok(values: Instance) -> Decision:
    """Well formed: n = |X|, integers 1 ≤ m < n, θ_0 ∈ Θ of the right dimension."""
    s = setup_of(values)
    if not (is_int(values["n"], 2) and is_int(values["m"], 1)):
        return Decision.FALSE
    n_, m_ = int(frac(values["n"])), int(frac(values["m"]))
    return holds(n_ == s.n and m_ < n_ and len(s.theta0) == s.dim and s.domain.contains(s.theta0))


def constants_ok(values: Instance) -> Decision:
    """Every f_z is L-smooth (declared smoothness ≤ L) and ‖∇f_z(θ)‖ < G on Θ (declared gradient bound < G),
    decided exactly on the family's verified constants."""
    s = setup_of(values)
    if s.grad_bound is sympy.oo:
        return Decision.FALSE
    smooth = decide(lambda: arb_eval(s.smoothness), "<=", frac(values["L"])).decision
    if smooth is not Decision.TRUE:
        return smooth
    return decide(lambda: arb_eval(s.grad_bound), "<", frac(values["G"])).decision


def schedule_ok(values: Instance) -> Decision:
    """T and K integers, 0 ≤ K < T ("by construction K < T", line 107)."""
    if not (is_int(values["T"], 1) and is_int(values["K"], 0)):
        return Decision.FALSE
    return holds(frac(values["K"]) < frac(values["T"]))


#: The exact gradient-descent paths from θ_0 computed so far, by (problem key, rows of X used, η): each the longest
#: path asked for (a shorter one is its prefix; a longer one continues from its last iterate).
_PATHS: dict[tuple, list[list[Fraction]]] = {}
_PATHS_MAX = 4096


def exact_path(problem: tuple, rows: int, eta_: Fraction, T_: int) -> list[list[Fraction]]:
    """θ_0, …, θ_T of gradient descent with step η from the problem's θ_0 on its first ``rows`` rows of X
    (``algorithms.r2d.descent_path``, exact). Memoised by the exact key and extended step by step: descent is
    deterministic, so T steps are the first T steps of any longer run (a run whose iterate leaves Θ raises, as
    before, and is not kept)."""
    from ...algorithms.r2d import descent_path

    key = (problem, rows, eta_)
    known = _PATHS.get(key)
    if known is not None and len(known) > T_:
        return known[: T_ + 1]
    s = setup_cached(problem)
    X = s.X[:rows]
    fr = lambda v: [frac(x) for x in v]  # noqa: E731
    if known is None:
        known = [fr(p) for p in descent_path(s.loss, X, eta=eta_, T=T_, theta0=s.theta0, domain=s.domain)]
    else:
        more = descent_path(s.loss, X, eta=eta_, T=T_ + 1 - len(known), theta0=known[-1], domain=s.domain)
        known = known + [fr(p) for p in more[1:]]
    if len(_PATHS) >= _PATHS_MAX:
        _PATHS.clear()
    _PATHS[key] = known
    return known[: T_ + 1]


@functools.lru_cache(maxsize=4096)
def _runs(key: tuple) -> dict[str, Any]:
    """Algorithm 1 on D (T steps, checkpoint θ_{T−K}), Algorithm 2 from the checkpoint on D', and retraining
    (Algorithm 1 on D'), all exact; the full paths θ_0..θ_T, θ'_0..θ'_T and θ''_0..θ''_K for the lemmas. Algorithm 2's
    output θ''_K is the last iterate of its path (``algorithms.r2d.unlearn`` takes the same K steps from the same
    checkpoint: run once)."""
    from ...algorithms.r2d import descent_path

    values = dict(key)
    s = setup_cached(instance_key(values, PROBLEM_NAMES))
    m_, T_, K_ = int(values["m"]), int(values["T"]), int(values["K"])
    eta_ = frac(values["eta"])
    if s.family == TRANSCENDENTAL:
        return _enclosed_runs(s, m_, T_, K_, eta_)
    problem = instance_key(values, PROBLEM_NAMES)
    path = exact_path(problem, s.n, eta_, T_)
    path_r = exact_path(problem, s.n - m_, eta_, T_)
    path_u = descent_path(s.loss, s.retained(m_), eta=eta_, T=K_, theta0=path[T_ - K_], domain=s.domain)
    fr = lambda v: [frac(x) for x in v]  # noqa: E731
    path_u = [fr(p) for p in path_u]
    return {"path": path, "path_r": path_r, "unlearned": path_u[K_], "path_u": path_u}


def _enclosed_runs(s: Setup, m_: int, T_: int, K_: int, eta_: Fraction) -> dict[str, Any]:
    """The runs of :func:`_runs` for the transcendental family, every iterate an arb ball
    (``problems.r2d_transcendental.descent``) computed T + 64 bits above the working precision (a step widens a
    ball by at most a factor 2)."""
    from ...problems.r2d_transcendental import descent

    X, Xr = [list(r) for r in s.X], [list(r) for r in s.retained(m_)]
    with workprec(ctx.prec + T_ + 64):
        path = descent(s.loss, X, eta=eta_, T=T_, theta0=list(s.theta0))
        path_r = descent(s.loss, Xr, eta=eta_, T=T_, theta0=list(s.theta0))
        path_u = descent(s.loss, Xr, eta=eta_, T=K_, theta0=path[T_ - K_])
    return {"path": path, "path_r": path_r, "unlearned": path_u[K_], "path_u": path_u}


RUN_NAMES = PROBLEM_NAMES + ("m", "T", "K", "eta")


def runs_of(values: Instance) -> dict[str, Any]:
    key = instance_key(values, RUN_NAMES)
    if int(frac(values["family"])) == TRANSCENDENTAL:  # enclosures: one run per working precision
        key = (*key, ("prec", ctx.prec))
    return _runs(key)


def iterates_ok(values: Instance) -> Decision:
    """Every iterate of learning, unlearning and retraining stays in Θ (where G is declared): exactly, or decided on
    the enclosures of the transcendental family's runs."""
    r = runs_of(values)  # raises AssumptionViolatedError (→ outside) when an exact iterate leaves Θ
    s = setup_of(values)
    if s.family != TRANSCENDENTAL or not hasattr(s.domain, "lo"):
        return Decision.TRUE
    balls = [v for p in (r["path"], r["path_r"], r["path_u"]) for th in p for v in th]
    los = [to_arb(v) for v in s.domain.lo] * (len(balls) // s.dim)
    his = [to_arb(v) for v in s.domain.hi] * (len(balls) // s.dim)
    if any(b < lo or b > hi for b, lo, hi in zip(balls, los, his)):
        return Decision.FALSE
    return Decision.TRUE if all(b >= lo and b <= hi for b, lo, hi in zip(balls, los, his)) else Decision.UNDECIDED




GD_HYPS = (
    P("data: n = |X| ≥ 2, integers 1 ≤ m < n (Z = the last m rows), θ_0 ∈ Θ, ‖x‖ ≤ R", gd_ok),
    P("f_z L-smooth and ‖∇f_z(θ)‖ < G on Θ (declared, verified constants of the family)", constants_ok),
)
THM31_HYPS = (
    *EPS_RANGE, *DELTA_RANGE, *GD_HYPS, *STEP,
    P("T, K integers with 0 ≤ K < T", schedule_ok),
    P("every iterate (θ_t, θ'_t, θ''_t) stays in Θ", iterates_ok),
)


def true_shift(values: Instance) -> arb:
    """‖θ''_K − θ'_T‖: the unlearned model against the retrained one (exact, enclosed)."""
    r = runs_of(values)
    T_ = int(frac(values["T"]))
    return to_arb(sq_norm([a - b for a, b in zip(r["unlearned"], r["path_r"][T_])])).sqrt()


def unlearning_delta(values: Instance) -> arb:
    """The true δ at ε between N(θ''_K, σ²I) (Algorithm 2) and N(θ'_T, σ²I) (retraining), σ the claim's."""
    r = runs_of(values)
    T_ = int(frac(values["T"]))
    shift2 = sq_norm([a - b for a, b in zip(r["unlearned"], r["path_r"][T_])])
    if shift2 == 0:
        return arb(0)
    return delta_enclosure(values["epsilon"], values["sigma"], to_arb(shift2).sqrt())


def unlearning_laws(values: Instance) -> GaussianPair:
    """The two published laws of Theorem 3.1 at an instance: N(θ''_K, σ²I) and N(θ'_T, σ²I)."""
    return GaussianPair(true_shift(values), values["sigma"])


def report(values: Instance, claim_id: str = "r2d.thm3.1") -> dict[str, float]:
    """For the notebook: at one instance of Theorem 3.1, the true shift ‖θ''_K − θ'_T‖ beside its bound
    2mG·h(K)/(Ln), σ, the true δ at ε beside the target δ, the *effective ε* (the smallest ε whose true δ is
    ≤ the target δ, from the true shift) and ηLT (h(K) grows like e^{ηLT·n/(n−m)})."""
    from ..registry import get_claim

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
