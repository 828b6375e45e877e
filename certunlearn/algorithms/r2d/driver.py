"""Rewind-to-Delete: the driver :class:`RewindToDelete` (learn, then serve deletion requests with certificates).

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. Guarantee statements (Definition 2.2, line 78; Theorem 3.1) by claim id in :data:`GUARANTEES`.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import sympy
from flint import arb

from ...errors import InvalidParameterError
from ...formulas import r2d as printed
from ...numeric import linalg as la
from ...numeric.enclosure import Decision, arb_upper_float, decide, to_arb
from ...numeric.precision import DEFAULT_DPS, workprec
from ...numeric.sympy_arb import arb_eval
from ...problems.domains import Domain
from ...problems.losses import LossFamily
from ..parameters import resolve_claim
from ..release import Certificate, Release, record_rng
from .helpers import as_step, sign_of, as_exact, as_domain, checked_data, delete_rows
from .noise import DEFAULT_CLAIM, paper_constants, sensitivity_bound, noise_env, arb_of, frac_or_arb, noise_scale
from .recovery import Recovery, recover_checkpoint
from .rewind import checked_schedule, publish, learn, unlearn


#: Guarantee statements by claim id.
GUARANTEES: dict[str, str] = {
    "r2d.thm3.1": "(ε, δ)-certified unlearning (Definition 2.2, line 78): the published N(θ''_K, σ²I) of Algorithm 2 "
                  "is (ε, δ)-indistinguishable from Algorithm 1 on D \\ Z, N(θ'_T, σ²I) (Theorem 3.1, lines 133–143)",
}
_DEFAULT_GUARANTEE = {
    "learn": "learning release of Algorithm 1 (lines 82–91): N(θ_T, σ²I)",
    "unlearn": "(ε, δ)-certified unlearning of m points (Definition 2.2, line 78; Theorem 3.1): N(θ''_K, σ²I) ≈ "
               "N(θ'_T, σ²I)",
    "retrain": "retraining baseline A(D \\ Z) (Definition 2.2, line 78): Algorithm 1 on the retained data from the "
               "same θ_0, N(θ'_T, σ²I)",
}




# =========================================================================== the driver
@dataclass(frozen=True, eq=False)
class R2DState:
    """What Rewind-to-Delete keeps: the current dataset (``X``, ``y``; after all deletions so far), the checkpoint
    ``θ_{T−K}`` of the original training on ``D_0`` (saved, or recovered by Algorithm 3 — then ``recovery``
    describes its accuracy), the current secret model (θ_T after learning, θ''_K after an unlearning), θ_0,
    ``n0 = |D_0|``, the number of points deleted so far ``m`` and the round (0 = learning)."""

    X: np.ndarray
    y: Any
    checkpoint: np.ndarray
    model: np.ndarray
    theta0: np.ndarray
    n0: int
    m: int
    round: int
    recovery: Recovery | None = None

    @property
    def n(self) -> int:
        return int(self.X.shape[0])


@dataclass(frozen=True, eq=False)
class RewindToDelete:
    """Rewind-to-Delete (Algorithms 1–3) over deletion requests.

    ``loss``: a :class:`~certunlearn.problems.LossFamily`; ``eta``: the constant step (rational); ``T`` learning
    steps; ``K`` rewind (0 ≤ K ≤ T); ``sigma`` ≥ 0 the noise of lines 88 and 98 (see :meth:`from_theorem`);
    ``theta0``: θ_0 (default: centre of Θ); ``domain``: Θ (default R^d; on a bounded Θ every iterate is checked
    to stay in it); ``checkpoint``: ``"save"`` (Algorithm 1 line 87) or ``"recover"`` (Algorithm 3 at learning
    time, its accuracy measured against the true θ_{T−K} and bounded a-posteriori, both recorded);
    ``smoothness``/``gradient_bound``: the paper's L and G (default: :func:`paper_constants`);
    ``recovery_tol``, ``recovery_max_iter``: Algorithm 3's per-step tolerance and iteration cap;
    ``claim_id`` and ``guarantee_parameters`` (ε, δ, …) go into the certificates."""

    loss: LossFamily
    eta: Any
    T: int
    K: int
    sigma: Any
    theta0: Any = None
    domain: Domain | None = None
    checkpoint: str = "save"
    smoothness: Any = None
    gradient_bound: Any = None
    recovery_tol: Any = None
    recovery_max_iter: int = 100
    claim_id: str | None = DEFAULT_CLAIM
    guarantee_parameters: Mapping[str, Any] = field(default_factory=dict)
    check_iterates: bool = True
    dps: int = DEFAULT_DPS

    def __post_init__(self) -> None:
        if not isinstance(self.loss, LossFamily):
            raise InvalidParameterError("loss", f"expected a LossFamily, got {type(self.loss).__name__}")
        as_step(self.eta)
        checked_schedule(self.T, self.K)
        if sign_of(as_exact(self.sigma, "sigma")) < 0:
            raise InvalidParameterError("sigma", f"must be ≥ 0, got {self.sigma!r}")
        if self.checkpoint not in ("save", "recover"):
            raise InvalidParameterError("checkpoint", f"expected 'save' or 'recover', got {self.checkpoint!r}")
        object.__setattr__(self, "domain", as_domain(self.domain))

    # -- constants ---------------------------------------------------------------------------------
    def constants(self) -> dict[str, sympy.Expr | None]:
        """The paper's L (smoothness) and G (gradient bound): the given overrides, else the loss's declaration on Θ
        (None where not finite and positive)."""
        pc = paper_constants(self.loss, self.domain)
        out: dict[str, sympy.Expr | None] = {}
        for key, given in (("L", self.smoothness), ("G", self.gradient_bound)):
            v = as_exact(given, key) if given is not None else pc[key]
            out[key] = v if (v is not sympy.oo and v.is_finite is not False and sign_of(v) > 0) else None
        return out

    # -- certificates ------------------------------------------------------------------------------
    def _certificate(self, kind: str, st: R2DState, **params: Any) -> Certificate:
        consts = self.constants()
        base: dict[str, Any] = {"sigma": self.sigma, "eta": as_step(self.eta), "T": self.T, "K": self.K,
                                "n": st.n0, "m": st.m, "round": st.round, "L": consts["L"], "G": consts["G"],
                                "checkpoint": "saved" if st.recovery is None else "recovered"}
        base.update(dict(self.guarantee_parameters))
        base["m"] = st.m  # the actual number deleted, whatever was planned
        if st.recovery is not None:
            base.update(recovery_error=st.recovery.error, recovery_error_bound=st.recovery.error_bound,
                        recovery_converged=st.recovery.converged, recovery_tol=st.recovery.tol)
        if kind == "unlearn":
            base.update(self._sensitivity(st, consts))
        base.update(params)
        if kind == "unlearn":
            text = GUARANTEES.get(self.claim_id or "") or _DEFAULT_GUARANTEE["unlearn"]
            return Certificate(text, base, self.claim_id)
        return Certificate(_DEFAULT_GUARANTEE[kind], base, None)

    def _sensitivity(self, st: R2DState, consts: Mapping[str, Any]) -> dict[str, Any]:
        """Δ of line 437 for the actual (n, m), the recovery error propagated through Algorithm 2, the σ the classic
        Gaussian mechanism then needs, and the exact (Balle–Wang) ε this σ achieves."""
        L_, G_ = consts["L"], consts["G"]
        if L_ is None or G_ is None:
            return {"sensitivity_bound": None}
        eta = as_step(self.eta)
        delta_paper = sensitivity_bound(st.n0, st.m, eta, L_, G_, self.T, self.K)
        extra = st.recovery.propagated() if st.recovery is not None else 0.0
        total = delta_paper + extra
        if extra:  # round the sum up
            total = math.nextafter(total, math.inf)
        out: dict[str, Any] = {"sensitivity_bound": delta_paper, "propagated_recovery_error": extra,
                               "sensitivity_with_recovery": total,
                               "step_condition": self._step_condition(st, L_)}
        eps, dlt = self.guarantee_parameters.get("epsilon"), self.guarantee_parameters.get("delta")
        if dlt is not None:
            from ...privacy import exact_epsilon

            sig = as_exact(self.sigma, "sigma")
            if sign_of(sig) > 0 and total > 0:
                with workprec(128):
                    sig_low = arb_eval(sig).lower()
                    sig_f = float(sig_low)
                    if to_arb(sig_f) > sig_low:
                        sig_f = math.nextafter(sig_f, -math.inf)
                out["epsilon_exact"] = exact_epsilon(dlt, sig_f, total)
            else:
                out["epsilon_exact"] = 0.0 if total == 0 else math.inf
            if eps is not None:
                env = noise_env(st.n0, st.m, eta, L_, G_, self.T, self.K, eps, dlt, strict=False)

                def required() -> arb:  # (Δ + propagated recovery error)·√(2 log(1.25/δ))/ε, at the current precision
                    return (arb_of(printed.SENSITIVITY_31, env) + to_arb(extra)) * \
                        arb_of(printed.C_DR / sympy.Symbol("epsilon"), env)

                with workprec(256):
                    out["sigma_required"] = arb_upper_float(required())
                out["covered"] = decide(frac_or_arb(as_exact(self.sigma, "sigma")), ">=",
                                        required).decision is Decision.TRUE
        return out

    def _step_condition(self, st: R2DState, L_: sympy.Expr) -> bool | None:
        """η ≤ min{1/L, n/(2(n−m)L)} (Theorem 3.1, line 135), decided exactly (None if undecided)."""
        q = as_step(self.eta)
        eta = sympy.Rational(q.numerator, q.denominator)
        out: bool | None = True
        for cond in (1 - eta * L_, sympy.Integer(st.n0) - 2 * (st.n0 - st.m) * L_ * eta):
            cond = sympy.simplify(cond)
            if cond.is_zero:
                continue
            s = sign_of(cond)
            if s < 0:
                return False
            if s == 0:
                out = None
        return out

    # -- releases ---------------------------------------------------------------------------------
    def _release(self, model: np.ndarray, st: R2DState, rng: Any, cert: Certificate) -> Release:
        g, seed, state = (None, None, None) if rng is None else record_rng(rng)
        law = publish(model, self.sigma)
        with la.reference_precision(self.dps, model):
            published = law.sample(g) if g is not None else None
        return Release(law, st, cert, seed, state, published)

    def learn(self, X: Any, y: Any = None, rng: Any = None) -> Release:
        """Round 0: Algorithm 1 on ``D_0`` (checkpoint saved, or recovered by Algorithm 3), published N(θ_T, σ²I)."""
        X, y = checked_data(self.loss, X, y, self.domain)
        out = learn(self.loss, X, y, T=self.T, K=self.K, eta=self.eta, theta0=self.theta0, domain=self.domain,
                    check_iterates=self.check_iterates, dps=self.dps)
        recovery = None
        checkpoint = out.checkpoint
        if self.checkpoint == "recover":
            L_ = self.constants()["L"]
            if L_ is None:
                raise InvalidParameterError("smoothness", "Algorithm 3 needs the smoothness L of f_D (finite, > 0)")
            recovery = recover_checkpoint(self.loss, X, y, out.model, K=self.K, eta=self.eta, L=L_,
                                          tol=self.recovery_tol, max_iter=self.recovery_max_iter,
                                          reference=out.checkpoint, dps=self.dps)
            checkpoint = recovery.theta
        st = R2DState(X, y, checkpoint, out.model, out.theta0, X.shape[0], 0, 0, recovery)
        return self._release(out.model, st, rng, self._certificate("learn", st))

    def unlearn(self, previous: Release | R2DState, indices: Sequence[int], rng: Any = None) -> Release:
        """Algorithm 2: delete the rows ``indices`` of the current dataset (all at once), rewind to the checkpoint of
        the original training and take K steps on the retained data; published N(θ''_K, σ²I). Sequential requests
        (Remark 3.3, lines 161–163) rewind to the same checkpoint; the certificate's m counts every deletion."""
        st = previous.state if isinstance(previous, Release) else previous
        if not isinstance(st, R2DState):
            raise InvalidParameterError("previous", "expected a Release or R2DState of Rewind-to-Delete")
        m_total = st.m + len(list(indices))
        if m_total >= st.n0:
            raise InvalidParameterError("m", f"deleting m = {m_total} ≥ n = {st.n0} points in total leaves no data "
                                             f"(Theorem 3.1 needs m < n, line 352)")
        X, y = delete_rows(st.X, st.y, indices)
        model = unlearn(self.loss, X, y, st.checkpoint, K=self.K, eta=self.eta, domain=self.domain,
                        check_iterates=self.check_iterates, dps=self.dps)
        new = R2DState(X, y, st.checkpoint, model, st.theta0, st.n0, m_total, st.round + 1, st.recovery)
        return self._release(model, new, rng, self._certificate("unlearn", new, deleted=len(list(indices))))

    def retrain(self, previous: Release | R2DState | Any, y: Any = None, rng: Any = None) -> Release:
        """``A(D \\ Z)``: Algorithm 1 from the same θ_0 on the current (retained) dataset of a state, or on ``(X, y)``
        given directly; published N(θ'_T, σ²I)."""
        st = previous.state if isinstance(previous, Release) else previous
        if isinstance(st, R2DState):
            X, y, theta0, n0, m, rnd = st.X, st.y, st.theta0, st.n0, st.m, st.round
        else:
            X, y = checked_data(self.loss, previous, y, self.domain)
            theta0, n0, m, rnd = self.theta0, X.shape[0], 0, 0
        out = learn(self.loss, X, y, T=self.T, K=self.K, eta=self.eta, theta0=theta0, domain=self.domain,
                    check_iterates=self.check_iterates, dps=self.dps)
        # the retrained run is a fresh training on D': its own checkpoint θ'_{T−K}, nothing deleted from it yet
        new = R2DState(X, y, out.checkpoint, out.model, out.theta0, X.shape[0], 0, rnd, None)
        return self._release(out.model, new, rng, self._certificate("retrain", new, n=n0, m=m,
                                                                     n_retained=X.shape[0]))

    # -- from a theorem ----------------------------------------------------------------------------
    @classmethod
    def from_theorem(cls, loss: LossFamily, *, n: int, m: int, eta: Any, T: int, K: int, epsilon: Any, delta: Any,
                     claim: Any = DEFAULT_CLAIM, domain: Domain | None = None, L: Any = None, G: Any = None,
                     strict: bool = True, **options: Any) -> RewindToDelete:
        """The driver with σ = :func:`noise_scale` (the claim's prescribed σ) for ``n`` training points and ``m``
        planned deletions; L and G default to :func:`paper_constants` of ``loss`` on ``domain``. ``options`` go to
        the constructor (``theta0``, ``checkpoint``, …)."""
        domain = as_domain(domain)
        pc = paper_constants(loss, domain)
        L_ = as_exact(L, "L") if L is not None else pc["L"]
        G_ = as_exact(G, "G") if G is not None else pc["G"]
        for key, v in (("L", L_), ("G", G_)):
            if v is sympy.oo or sign_of(v) <= 0:
                raise InvalidParameterError(key, f"the paper's {key} must be finite and > 0 (declared {v}); "
                                                 f"pass {key}=")
        sigma = noise_scale(n, m, eta, L_, G_, T, K, epsilon, delta, claim=claim, strict=strict)
        c = resolve_claim(claim, "r2d")
        return cls(loss, eta, T, K, sigma, domain=domain, smoothness=L_, gradient_bound=G_, claim_id=c.id,
                   guarantee_parameters={"epsilon": epsilon, "delta": delta, "m_planned": m}, **options)
