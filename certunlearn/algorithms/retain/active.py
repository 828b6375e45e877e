"""Active unlearning calibrated to retain sensitivity (Section 4, lines 265–303; Appendix H, lines 687–758 of
``papers/004_d584c64aaf1f17d0.txt``): Descent-to-Delete with the iteration count ``I_R`` of Lemma H.1
(Algorithm 1, lines 667–681) and the Newton-step update (Algorithm 2, lines 719–729).

Both run on an ERM of :mod:`~certunlearn.algorithms.retain.erm` (:class:`~.erm.RidgeERM` or
:class:`~.erm.LogisticERM`), whose data-dependent curvature ``λ_R``, smoothness ``β_R`` and gradient
bound L they use. The descent itself is :func:`certunlearn.algorithms.d2d.projected_gd` on a
:class:`certunlearn.algorithms.d2d.Problem` — the same code as Descent-to-Delete, not a copy.

Models: ``A(S)`` is the ERM the learner computes (``erm.fit``: exact for the MSE, the certified minimiser of
``problems.minimize`` for the logistic loss, within ~10^-50 of the true one). Number modes: ``mode="fraction"``
(exact where the loss is rational), ``"mpmath"`` (50 digits), ``"float"``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import mpmath
import numpy as np
import sympy
from flint import arb, ctx

from ...errors import InvalidParameterError
from ...formulas.retain import (  # the printed formulas (re-exported where listed in __all__)
    B_EPS_DELTA_EXPR, D2D_BOUND_EXPR, I_R_EXPR, NEWTON_BOUND_EXPR, NEWTON_BOUND_M_EXPR, NEWTON_SIGMA_EXPR,
)
from ...numeric import linalg as la
from ...numeric.enclosure import to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import DEFAULT_DPS, workdps, workprec
from ..d2d import descent as d2d
from ..parameters import evaluate_prescribed, positive, resolve_claim, theorem_parameters
from ..release import Certificate, GaussianRelease, Release, record_rng
from . import enclosed
from .erm import ERM, Fit, Labeled
from .numeric import Real, exact_or_ball, fraction_of, into_ball
from .sensitivity import (
    SYMBOLS, Mechanism, Quantity, RSResult, best_witness, deletion_size, maximize_in_balls,
)

__all__ = [
    "B_EPS_DELTA_EXPR", "I_R_EXPR", "D2D_BOUND_EXPR", "NEWTON_BOUND_EXPR", "NEWTON_BOUND_M_EXPR", "NEWTON_SIGMA_EXPR",
    "DescentToDeleteRS", "NewtonStepRS", "MODES",
]

MODES = ("fraction", "mpmath", "float")
_S = SYMBOLS
_eps, _delta, _sigma, _L, _M, _n, _m, _lamR, _gR, _c = (
    _S[k] for k in ("epsilon", "delta", "sigma", "L", "M", "n", "m", "lambda_R", "gamma_R", "c"))
_I = sympy.Symbol("I", nonnegative=True, integer=True)

def _mode(mode: str) -> str:
    if mode not in MODES:
        raise InvalidParameterError("mode", f"expected one of {MODES}, got {mode!r}")
    return mode


def _in_mode(x: Any, mode: str) -> np.ndarray:
    arr = x if isinstance(x, np.ndarray) else np.asarray(x, dtype=object)
    if mode == "fraction":
        mode = la.mode_of(arr) if la.mode_of(arr) != "float" else "fraction"
    with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):
        return la.asarray(arr, mode)


def _balls(D: Labeled) -> tuple[np.ndarray, np.ndarray]:
    """The data of D (exact) as arb balls, for the enclosed maps."""
    return np.asarray([enclosed.point_vector(row) for row in D.X], dtype=object), enclosed.point_vector(D.y)


class _Active(Mechanism):
    """Shared parts of the two active mechanisms: data, models, search."""

    erm: ERM
    passive: ClassVar[bool] = False
    norm: ClassVar[str] = "ℓ2 norm of the model"
    random_starts: int = 2
    maxiter: int = 80

    @property
    def problem(self) -> d2d.Problem:
        """The ERM objective as a d2d :class:`~certunlearn.algorithms.d2d.Problem` (regulariser inside the loss)."""
        return d2d.Problem(self.erm.loss, self.erm.domain)

    def prepare(self, R: Any) -> Labeled:
        return self.erm.prepare(R)

    def deletion(self, R: Labeled, U: Any) -> Labeled:
        return self.erm.deletion(R, U)

    def size(self, U: Any) -> int:
        return U.n

    def _fit(self, D: Labeled):
        return self.erm.fit(D)

    def baseline(self, R: Any, *, mode: str = "fraction") -> np.ndarray:
        """``Ā_0(∅, w_R, R) = w_R`` (Section 4.1, line 271; Lemma H.3, line 752)."""
        return _in_mode(self._fit(self.prepare(R)).theta, _mode(mode))

    def _map(self, R: Labeled, U: Labeled, w_S: np.ndarray, mode: str) -> np.ndarray:
        raise NotImplementedError

    def update(self, R: Any, U: Any, *, mode: str = "fraction", w_S: Any = None) -> np.ndarray:
        """``Ā_0(U, w_(R∪U), R ∪ U)`` from the trained model ``w_S`` (default: ``erm.fit(R ∪ U)``)."""
        R = self.prepare(R)
        U = self.deletion(R, U)
        w = self._fit(R + U).theta if w_S is None else w_S
        return self._map(R, U, _in_mode(w, _mode(mode)), mode)

    def _enclosed_map(self, R: Labeled, U: Labeled, f_S: Fit) -> tuple[np.ndarray, Fraction]:
        """The map's output at the certified ``w_(R∪U)`` as an exact point and a rational radius (see
        :mod:`.enclosed`), at the current flint precision (at least :data:`.enclosed.MIN_PREC` bits)."""
        raise NotImplementedError

    def _known_shift(self, R: Labeled) -> Real | None:
        """The shift where it is known without running the map (None: run it)."""
        return None

    def _shift(self, R: Labeled, U: Labeled, f_R: Fit | None = None) -> Real:
        """``‖map(w_(R∪U)) − w_R‖``: exact when both minimisers are exact and the map stays rational, else a rigorous
        enclosure recomputed at the working precision (the minimisers' certified radii and every rounding in it)."""
        known = self._known_shift(R)
        if known is not None:
            return known
        f_R = f_R or self._fit(R)
        f_S = self._fit(R + U)
        if f_R.exact and f_S.exact:
            out = self._map(R, U, _in_mode(f_S.theta, "fraction"), "fraction")
            if la.mode_of(out) == "fraction":
                return Real.sqrt(sum((v * v for v in out - f_R.theta), Fraction(0)))
        runs: dict[int, arb] = {}

        def enclose() -> arb:
            prec = max(ctx.prec, enclosed.MIN_PREC)
            if prec not in runs:
                with workprec(prec):
                    theta, e = self._enclosed_map(R, U, f_S)
                    runs[prec] = enclosed.distance(theta, enclosed.exact_vector(f_R.theta),
                                                   e + Fraction(f_R.radius))
            return runs[prec]

        return Real.ball(enclose, note="enclosed run of the map from the certified minimiser (ball arithmetic; radius "
                                       "= the minimisers' certified radii carried through the map, and rounding)")

    def shift(self, R: Any, U: Any) -> Real:
        R = self.prepare(R)
        return self._shift(R, self.deletion(R, U))

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        """A certified lower bound (each witness's shift enclosed, :meth:`_shift`): multistart over
        the deleted points (``‖x‖ ≤ B``, extreme labels), with the map itself (d2d code) in float as objective."""
        R, m = self.prepare(R), deletion_size(m)
        Xf, yf = R.floats()
        f_R = self._fit(R)
        w_R = np.asarray(f_R.theta, dtype=float)
        patterns = self.erm._labels(m)
        fpat = [np.asarray(p, dtype=float) for p in patterns]

        def value(Z: np.ndarray, p: np.ndarray) -> float:
            X2, y2 = np.vstack([Xf, Z]), np.concatenate([yf, p])
            w_S = self.erm._float_fit(X2, y2, w_R)
            return float(np.linalg.norm(self._map(R, Labeled(Z, p), w_S, "float") - w_R))

        def objective(Z: np.ndarray) -> float:
            return max(value(Z, p) for p in fpat)

        B = float(self.erm.B)
        starts = [np.tile(s * B * np.eye(R.d)[i], (m, 1)) for i in range(R.d) for s in (1, -1)]
        U = None
        if include is not None:
            U = self.deletion(R, include)
            if U.n != m:
                raise InvalidParameterError("include", f"has {U.n} points, m = {m}")
            starts.append(np.asarray(U.X, dtype=float))
        g = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng if rng is not None else 0)
        found = maximize_in_balls(objective, (m, R.d), B, starts, rng=g, random_starts=self.random_starts,
                                  maxiter=self.maxiter, keep=2)
        cands = []
        for _, Z in found:
            Zq = np.stack([into_ball(z, self.erm.B) for z in Z])
            zf = np.asarray(Zq, dtype=float)
            p = max(patterns, key=lambda p: value(zf, np.asarray(p, dtype=float)))
            Zl = Labeled(Zq, np.asarray(p, dtype=object))
            cands.append((self._shift(R, Zl, f_R), Zl))
        inc = (self._shift(R, U, f_R), U) if U is not None else None
        return best_witness(cands, inc, method=f"multistart ({len(starts) + self.random_starts} starts) over ‖x‖ ≤ B "
                                               "and the extreme labels; witnesses re-evaluated exactly/at 50 digits")


# =========================================================================== Descent-to-Delete
@dataclass(frozen=True, eq=False)
class DescentToDeleteRS(_Active):
    """Descent-to-Delete calibrated to retain sensitivity (Algorithm 1, lines 667–681; Lemmas 4.1 and H.1, lines
    277–285 and 691–707).

    For a retained R: ``λ_R``, ``β_R`` as rational brackets from the ERM (``lo ≤ λ_R``, ``hi ≥ β_R``), the step
    ``η_R = 2/(λ_lo + β_hi)`` (rational) and contraction ``γ_R = (β_hi − λ_lo)/(β_hi + λ_lo)`` (Fact 2, line 415,
    for the λ_lo-strongly convex, β_hi-smooth F̂_R); the gradient bound L of the ERM (rounded up); and
    ``I_R = ⌈ln(mL/(n λ_R σ b(ε, δ)))/ln(1/γ_R)⌉`` (eq. (5), :data:`I_R_EXPR` with λ_R = λ_lo; m = 1 as printed —
    for m deletions Lemma G.1 gives ``‖w_R' − w_R‖ ≤ mL/(nλ_R)`` and the same proof goes through), evaluated by
    :func:`~certunlearn.algorithms.parameters.evaluate_prescribed` (or from ``claim.prescribed["I"]`` when a
    claim is given). Every quantity depends on R only, so both worlds use the same I, η and σ.

    The unlearning map is ``G_R^I(w_(R∪U))`` = :func:`certunlearn.algorithms.d2d.projected_gd` on R from the trained
    model; the retrained world publishes ``w_R``; both with ``N(0, σ²I)`` noise.

    * bound: ``γ_R^I · mL/(n λ_R)`` (Lemma H.1's proof, lines 697–701; :data:`D2D_BOUND_EXPR`) — by construction
      ≤ σ·b(ε, δ);
    * global: the same expression with the global constants (λ = the loss's strong convexity, β its smoothness,
      L the ERM's global gradient bound) after the same I steps — the comparator of Lemma 4.1 (∞ at λ = 0);
    * exact RS: a certified lower bound (multistart; see :meth:`_Active.exact_rs`)."""

    erm: ERM
    epsilon: Any
    delta: Any
    sigma: Any
    m: int = 1
    claim: Any = None
    random_starts: int = 2
    maxiter: int = 80
    name: ClassVar[str] = "d2d-rs"
    source: ClassVar[str] = "Algorithm 1 (lines 667–681), Lemma 4.1 (lines 277–285), Lemma H.1 (lines 691–707)"

    def __post_init__(self) -> None:
        if not isinstance(self.erm, ERM):
            raise InvalidParameterError("erm", f"expected a RidgeERM or LogisticERM, got {type(self.erm).__name__}")
        positive(self.epsilon, "epsilon")
        d = positive(self.delta, "delta")
        if d >= 1:
            raise InvalidParameterError("delta", f"must be in (0, 1), got {self.delta!r}")
        positive(self.sigma, "sigma")
        deletion_size(self.m)

    # -- parameters ---------------------------------------------------------------------------------
    def parameters(self, R: Any, m: int | None = None) -> dict[str, Any]:
        """``λ_R`` (lower end), ``β_R`` (upper end), ``eta``, ``gamma_R``, ``L`` (rounded up), ``I`` for R."""
        R = self.prepare(R)
        m = self.m if m is None else deletion_size(m)
        return dict(self._parameters_cached(R, m))

    def _parameters_cached(self, R: Labeled, m: int) -> dict[str, Any]:
        """:meth:`parameters` memoised per (exact R, m): they depend on R and m only."""
        key = (tuple(R.rows()), m)
        cache = self.__dict__.setdefault("_cache", {})  # frozen dataclass: memo kept outside the fields
        if key not in cache:
            cache[key] = self._compute_parameters(R, m)
        return cache[key]

    def _compute_parameters(self, R: Labeled, m: int) -> dict[str, Any]:
        lam_lo, _ = self.erm.lambda_R(R)
        _, beta_hi = self.erm.beta_R(R)
        if lam_lo <= 0:
            raise InvalidParameterError("R", "λ_R is not certified > 0: Lemma H.1 needs a strongly convex F̂_R")
        eta = 2 / (lam_lo + beta_hi)
        gamma = (beta_hi - lam_lo) / (beta_hi + lam_lo)
        L = fraction_of(self.erm.lipschitz(R, m).upper(), "L")
        env = {"m": m, "L": L, "n": R.n, "lambda_R": lam_lo, "sigma": self.sigma, "epsilon": self.epsilon,
               "delta": self.delta, "gamma_R": gamma}
        if gamma == 0:  # one step lands on w_R exactly
            I = 1
        elif self.claim is not None:
            I = theorem_parameters(resolve_claim(self.claim, "retain"), paper="retain", **env)["I"]
        else:
            I = evaluate_prescribed("I", I_R_EXPR, env, "int", "Lemma H.1, eq. (5)")
        return {"lambda_R": lam_lo, "beta_R": beta_hi, "eta": eta, "gamma_R": gamma, "L": L, "I": I, "m": m,
                "n": R.n}

    def global_iterations(self, n: int, m: int | None = None) -> int | float:
        """``I(ε, δ, σ)`` of the global analysis (Lemma 4.1's denominator): eq. (5) with the loss's λ, β, L."""
        m = self.m if m is None else deletion_size(m)
        c = self.erm.loss.constants(self.erm.domain)
        lam, beta = self.erm.loss.lam, fraction_of(c.upper("M"), "M")
        if lam == 0:
            return math.inf
        L = fraction_of(self.erm.global_lipschitz().upper(), "L")
        env = {"m": m, "L": L, "n": n, "lambda_R": lam, "sigma": self.sigma, "epsilon": self.epsilon,
               "delta": self.delta, "gamma_R": (beta - lam) / (beta + lam)}
        return evaluate_prescribed("I", I_R_EXPR, env, "int", "Lemma 4.1 (global)")

    # -- the map ------------------------------------------------------------------------------------
    def _map(self, R: Labeled, U: Labeled, w_S: np.ndarray, mode: str) -> np.ndarray:
        """Algorithm 1 lines 3–6: ``w'_0 = w_S``, I_R steps of projected gradient descent on F̂_R (d2d code)."""
        p = self._parameters_cached(R, self.m)
        X, y = _in_mode(R.X, mode), _in_mode(R.y, mode)
        # d2d converts θ_0 at the caller's precision before raising its own: call it at ≥ 50 digits
        with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):
            return d2d.projected_gd(self.problem, X, y, w_S, eta=p["eta"] if mode != "float" else float(p["eta"]),
                                    T=p["I"])

    def _known_shift(self, R: Labeled) -> Real | None:
        """0 when γ_R = 0: the certified brackets meet (λ_lo = β_hi), so F̂_R's Hessian is λ_lo·I on all of W — F̂_R is
        (λ_lo/2)‖w − w_R‖² + const there — and one step of η_R = 1/λ_lo (then the projection) lands on w_R exactly
        from every point of W: ``G_R(w) = w_R``."""
        return Real.rational(0, note="γ_R = 0: one step lands on w_R from every point") if (
            self._parameters_cached(R, self.m)["gamma_R"] == 0) else None

    def _enclosed_map(self, R: Labeled, U: Labeled, f_S: Fit) -> tuple[np.ndarray, Fraction]:
        """Algorithm 1 lines 3–6 enclosed: the I_R steps ``G(θ) = Proj_W(θ − η_R∇F̂_R(θ))`` (d2d's gradient, in ball
        arithmetic at exact points), a γ_R-contraction on W (Fact 2, line 415, with the certified brackets λ_lo ≤ λ_R,
        β_hi ≥ β_R), run by :func:`.enclosed.contraction_run` from the certified ``w_(R∪U)``."""
        p = self._parameters_cached(R, self.m)
        X, y = _balls(R)
        eta, domain, problem = to_arb(p["eta"]), self.erm.domain, self.problem

        def step(theta: np.ndarray) -> np.ndarray:
            return enclosed.project(theta - eta * np.asarray(problem.gradient(theta, X, y), dtype=object), domain)

        return enclosed.contraction_run(step, f_S.theta, Fraction(f_S.radius), p["gamma_R"], p["I"], domain)

    # -- sensitivities ------------------------------------------------------------------------------
    def bound(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        p = self.parameters(R, self.m)
        env = {"gamma_R": p["gamma_R"], "I": p["I"], "m": m, "L": fraction_of(self.erm.lipschitz(R, m).upper(), "L"),
               "n": R.n, "lambda_R": p["lambda_R"]}
        return Quantity(exact_or_ball(D2D_BOUND_EXPR, env),
                        "Lemma H.1's proof (lines 697–701): γ_R^I·mL/(nλ_R)" + ("" if m == 1 else ", m-extension"))

    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        lam = self.erm.loss.lam
        if lam == 0:
            return Quantity(Real.infinity(note="λ = 0"), "global analysis: λ = 0", "upper-bound")
        p = self.parameters(R, self.m)
        c = self.erm.loss.constants(self.erm.domain)
        beta = fraction_of(c.upper("M"), "M")
        env = {"gamma_R": (beta - lam) / (beta + lam), "I": p["I"], "m": m,
               "L": fraction_of(self.erm.global_lipschitz().upper(), "L"), "n": R.n, "lambda_R": lam}
        return Quantity(exact_or_ball(D2D_BOUND_EXPR, env),
                        "global analysis (Lemma 4.1): γ^I·mL/(nλ) with the loss's λ, β", "upper-bound")

    # -- the unlearning pair ------------------------------------------------------------------------
    def _release(self, mean: np.ndarray, R: Labeled, rng: Any, kind: str, **extra: Any) -> Release:
        p = self._parameters_cached(R, self.m)
        g, seed, state = record_rng(rng) if rng is not None else (None, None, None)
        law = GaussianRelease(mean, sigma=self.sigma)
        published = law.sample(g) if g is not None else None
        text = ("(ε, δ)-unlearning (Definition 2.2, line 45) by Lemma H.1 (lines 691–707): N(G_R^I(w_(R∪U)), σ²I) ≈ "
                "N(w_R, σ²I) with I = I_R" if kind == "unlearn" else "retraining baseline N(w_R, σ²I) (Algorithm 1)")
        cert = Certificate(text, {"epsilon": self.epsilon, "delta": self.delta, "sigma": self.sigma, **p, **extra},
                           "retain.lemH.1" if kind == "unlearn" else None)
        return Release(law, R, cert, seed, state, published)

    def unlearn(self, R: Any, U: Any, rng: Any = None, *, w_S: Any = None, mode: str = "fraction") -> Release:
        """Algorithm 1: from the trained ``w_(R∪U)``, I_R projected gradient steps on F̂_R, published with σ."""
        R = self.prepare(R)
        U = self.deletion(R, U)
        if U.n > self.m:
            raise InvalidParameterError("U", f"deletes {U.n} points, the certificate covers m = {self.m}")
        return self._release(self.update(R, U, mode=mode, w_S=w_S), R, rng, "unlearn", deleted=U.n)

    def retrain(self, R: Any, rng: Any = None, *, mode: str = "fraction") -> Release:
        R = self.prepare(R)
        return self._release(self.baseline(R, mode=mode), R, rng, "retrain")


# =========================================================================== Newton step
@dataclass(frozen=True, eq=False)
class NewtonStepRS(_Active):
    """The Newton-step update (Algorithm 2, lines 719–729; Lemmas 4.2, H.2, H.3, lines 295–303 and 711–758):
    ``Ĥ = ((n + m)∇²F̂_(R∪U)(w_S) − Σ_(z∈U) ∇²f(w_S, z))/n`` (line 726: the Hessian of F̂_R at ``w_S``),
    ``w̄ = w_S + (1/n) Ĥ⁻¹ Σ_(z∈U) ∇f(w_S, z)`` (line 727), gradients through
    :meth:`certunlearn.algorithms.d2d.Problem.gradient`. The noise is Theorem 2.11's σ(R) for the bound below
    (line 725: ``σ = c_(ε,δ)·M L²/(λ_R³ n²)``) — wrap it in :class:`~certunlearn.algorithms.retain.RetainUnlearning`.

    * bound: Lemma H.2 / H.3 as printed, ``L² M/(n² λ_R³)`` (M the Hessian-Lipschitz constant of the loss, L the
      ERM's gradient bound, λ_R its data-dependent curvature). For m deletions the Taylor step of H.2 is unchanged
      and Lemma G.1 gives ``‖w_R' − w_R‖ ≤ mL/(nλ_R)``, so ``‖v‖ ≤ (M/(2λ_R))(mL/(nλ_R))² ≤ m²L²M/(n²λ_R³)``
      (:data:`NEWTON_BOUND_M_EXPR`; the printed statement drops H.2's factor ½, kept here too);
    * global: ``Δ_GS = m²L²M/(n²λ³)`` (Lemma 4.2), ∞ at λ = 0;
    * exact RS: a certified lower bound (multistart). For the MSE the Newton step is exact (M = 0): RS = 0.

    Lemma H.2 needs ``∇F̂_R(w_R) = 0`` (w_R interior to W); with W a ball and an active constraint the analysis does
    not apply (the chain check then reports what happens)."""

    erm: ERM
    random_starts: int = 2
    maxiter: int = 80
    name: ClassVar[str] = "newton-rs"
    source: ClassVar[str] = "Algorithm 2 (lines 719–729), Lemma 4.2 (lines 295–303), Lemmas H.2–H.3 (lines 711–758)"

    def __post_init__(self) -> None:
        if not isinstance(self.erm, ERM):
            raise InvalidParameterError("erm", f"expected a RidgeERM or LogisticERM, got {type(self.erm).__name__}")

    def _system(self, w_S: np.ndarray, S: tuple, U: tuple, n: int, m: int) -> tuple[np.ndarray, np.ndarray]:
        """Algorithm 2's ``Ĥ`` (line 2: the Hessian of F̂_R at w_S, recovered from R ∪ U) and ``Σ_(z∈U) ∇f(w_S, z)`` at
        ``w_S``, for the data of S = R ∪ U and of U as (X, y) in any number mode (arb balls included)."""
        loss = self.erm.loss
        H = (loss.risk_hessian(w_S, *S) * (n + m) - loss.risk_hessian(w_S, *U) * m) / n
        return H, self.problem.gradient(w_S, *U) * m

    def _map(self, R: Labeled, U: Labeled, w_S: np.ndarray, mode: str) -> np.ndarray:
        S = R + U
        with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):
            H, g = self._system(w_S, (_in_mode(S.X, mode), _in_mode(S.y, mode)),
                                (_in_mode(U.X, mode), _in_mode(U.y, mode)), R.n, U.n)
            step = la.solve(H, g)
            return la.asarray(w_S, la.mode_of(step)) + step / R.n  # line 3

    def _enclosed_map(self, R: Labeled, U: Labeled, f_S: Fit) -> tuple[np.ndarray, Fraction]:
        """Algorithm 2 lines 2–3 in ball arithmetic on the box around the certified ``w_S`` (:meth:`_system`, the
        solve by ``arb_mat``): an enclosure of the step from every point of the box."""
        w = enclosed.ball_vector(f_S.theta, Fraction(f_S.radius))
        H, g = self._system(w, _balls(R + U), _balls(U), R.n, U.n)
        out = w + enclosed.solve(H, g) / R.n
        if not all(x.is_finite() for x in out):
            raise ArithmeticError("the enclosed Newton step is not finite")
        return enclosed.exact_vector(out), enclosed.radius_norm(out)

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        """Exact (0) when the loss has a constant Hessian (declared Hessian-Lipschitz constant 0: the Newton step
        lands on w_R exactly); otherwise the multistart lower bound of :meth:`_Active.exact_rs`."""
        if self.erm.loss.constants(self.erm.domain).value("G") == 0:
            R, m = self.prepare(R), deletion_size(m)
            U = self.deletion(R, include) if include is not None else None
            if U is None or self._shift(R, U).exact == 0:
                return RSResult(Real.rational(0), "exact", "closed form: one Newton step is exact on a quadratic risk",
                                U, witness_is_include=U is not None)
        return super().exact_rs(R, m, include=include, rng=rng)

    def _hessian_lipschitz(self) -> sympy.Expr:
        """M: the loss's declared Hessian-Lipschitz constant on W (an exact sympy number)."""
        return self.erm.loss.constants(self.erm.domain).value("G")

    def bound(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        lam = self.erm.lambda_R(R)
        if lam[0] <= 0:
            raise InvalidParameterError("R", "λ_R is not certified > 0: Lemma H.2 needs a strongly convex F̂_R")
        expr = (NEWTON_BOUND_EXPR if m == 1 else NEWTON_BOUND_M_EXPR).subs(_M, self._hessian_lipschitz())
        src = "Lemma H.2 / H.3 (lines 711–758), as printed" if m == 1 else "m-extension of Lemma H.3: m²L²M/(n²λ_R³)"
        return Quantity(exact_or_ball(expr, {"L": self.erm.lipschitz(R, m), "n": R.n, "m": m, "lambda_R": lam}), src)

    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        lam = self.erm.loss.lam
        if lam == 0:
            return Quantity(Real.infinity(note="λ = 0"), "Lemma 4.2: Δ_GS = ∞ at λ = 0", "upper-bound")
        expr = NEWTON_BOUND_M_EXPR.subs(_M, self._hessian_lipschitz())
        return Quantity(exact_or_ball(expr, {"L": self.erm.global_lipschitz(), "n": R.n, "m": m, "lambda_R": lam}),
                        "Lemma 4.2: Δ_GS = m²L²M/(n²λ³)", "upper-bound")
