"""Validate an implementation of Rewind-to-Delete (Mu & Klabjan; Algorithms 1–3) against the reference.

Same inputs, same noise draws, first divergent step — the protocol of :mod:`certunlearn.testing.compare` for r2d:

    candidate(case: R2DCase, hooks: Hooks) -> published θ̃ (array of shape (d,))

``case.algorithm`` names what to run:

* ``"r2d.alg1"`` — Algorithm 1 (paper lines 82–91): T gradient steps on f_D from θ_0, then θ̃ = θ_T + σ·Z;
* ``"r2d.alg2"`` — Algorithm 1 to the checkpoint θ_{T−K} (line 87), then Algorithm 2 (lines 92–100): K steps on
  f_{D'} (D' = D without its last ``m`` rows) from the checkpoint, then θ̃'' = θ''_K + σ·Z;
* ``"r2d.alg3"`` — Algorithm 1 for T steps, then Algorithm 3 (lines 119–125): K proximal steps
  θ''_t = argmin_x {−f_D(x) + ‖x − θ''_{t−1}‖²/(2η)} from θ_T, published as θ''_K + σ·Z (the recovered
  checkpoint; η < 1/L required).

The candidate takes its one Gaussian draw from ``hooks.noise(d)`` and may report every iterate with
``hooks.step(θ)`` in the order it computes them (Algorithm 1's θ_1..θ_T — or θ_1..θ_{T−K} for ``alg2`` — then
θ''_1..θ''_K); the reported sequence is compared with the reference's, and the first step outside the tolerance
is named. The loss is the quadratic f_x(θ) = ½(θ − x)ᵀA(θ − x), A = diag(``a``) (``a_i`` > 0 gives an L-smooth
convex loss; :class:`~certunlearn.problems.Quadratic`), on R^d. The reference (:mod:`certunlearn.algorithms.r2d`)
runs every step exactly in rationals from the float64 inputs.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from ..errors import InvalidParameterError
from ..numeric.fraction import Fraction
from .hooks import Hooks, NoiseMismatch, NoiseTape

__all__ = ["R2DCase", "R2DComparison", "R2D_ALGORITHMS", "r2d_reference_run", "compare_r2d",
           "assert_matches_reference_r2d", "default_r2d_cases"]

R2D_ALGORITHMS = ("r2d.alg1", "r2d.alg2", "r2d.alg3")
RTOL, ATOL, SCALE_RTOL = 1e-9, 1e-12, 1e-9


@dataclass(frozen=True, eq=False)
class R2DCase:
    """One input: ``algorithm`` (one of :data:`R2D_ALGORITHMS`), data ``X`` (n×d; the last ``m`` rows are deleted
    for Algorithm 2), ``a`` (the diagonal of A, d positive floats), ``theta0``, ``eta``, ``T``, ``K`` (0 ≤ K ≤ T),
    ``sigma`` > 0 and ``m``."""

    algorithm: str
    X: np.ndarray
    a: np.ndarray
    theta0: np.ndarray
    eta: float
    T: int
    K: int
    sigma: float
    m: int = 1

    def __post_init__(self) -> None:
        set_ = lambda k, v: object.__setattr__(self, k, v)  # noqa: E731
        for name, nd in (("X", 2), ("a", 1), ("theta0", 1)):
            arr = np.array(getattr(self, name), dtype=np.float64)
            if arr.ndim != nd or not np.all(np.isfinite(arr)):
                raise InvalidParameterError(name, f"expected a finite {nd}-d float array")
            arr.setflags(write=False)
            set_(name, arr)
        if self.algorithm not in R2D_ALGORITHMS:
            raise InvalidParameterError("algorithm", f"one of {R2D_ALGORITHMS}, got {self.algorithm!r}")
        d = self.X.shape[1]
        if self.a.shape != (d,) or self.theta0.shape != (d,) or not np.all(self.a > 0):
            raise InvalidParameterError("a", "a and theta0 must have the data's dimension d, a > 0")
        if not (0 <= self.K <= self.T) or not (0 < self.eta and 0 < self.sigma):
            raise InvalidParameterError("case", "needs 0 ≤ K ≤ T, η > 0, σ > 0")
        if self.algorithm == "r2d.alg2" and not 1 <= self.m < self.X.shape[0]:
            raise InvalidParameterError("m", "Algorithm 2 deletes 1 ≤ m < n rows")
        if self.algorithm == "r2d.alg3" and not self.eta * float(self.a.max()) < 1:
            raise InvalidParameterError("eta", "Algorithm 3 needs η < 1/L (Lemma 2.3)")


@dataclass(frozen=True)
class ReferenceR2D:
    """The reference's iterates (in the order a candidate reports them), its deterministic output and σ."""

    iterates: tuple[np.ndarray, ...]
    mean: np.ndarray
    sigma: float


def _loss(case: R2DCase):
    from ..problems import Quadratic

    R = Fraction(float(np.max(np.linalg.norm(case.X, axis=1)))) + 1
    d = case.a.shape[0]
    A = tuple(tuple(Fraction(float(case.a[i])) if i == j else Fraction(0) for j in range(d)) for i in range(d))
    return Quadratic(A=A, R=R)


def _exact(arr: np.ndarray) -> np.ndarray:
    return np.array([[Fraction(float(v)) for v in row] for row in np.atleast_2d(arr)], dtype=object)


def r2d_reference_run(case: R2DCase) -> ReferenceR2D:
    """The reference run of ``case`` (exact rationals; :func:`certunlearn.algorithms.r2d.descent_path`,
    :func:`~certunlearn.algorithms.r2d.unlearn` and :func:`~certunlearn.algorithms.r2d.recover_checkpoint`)."""
    from ..algorithms.r2d import descent_path, recover_checkpoint

    loss = _loss(case)
    X, th0, eta = _exact(case.X), _exact(case.theta0)[0], Fraction(float(case.eta))
    f = lambda v: np.array([float(x) for x in v])  # noqa: E731
    if case.algorithm == "r2d.alg1":
        path = descent_path(loss, X, eta=eta, T=case.T, theta0=th0)
        return ReferenceR2D(tuple(f(p) for p in path[1:]), f(path[-1]), case.sigma)
    if case.algorithm == "r2d.alg2":
        path = descent_path(loss, X, eta=eta, T=case.T - case.K, theta0=th0)
        upath = descent_path(loss, X[: X.shape[0] - case.m], eta=eta, T=case.K, theta0=path[-1])
        its = tuple(f(p) for p in path[1:]) + tuple(f(p) for p in upath[1:])
        return ReferenceR2D(its, f(upath[-1]), case.sigma)
    path = descent_path(loss, X, eta=eta, T=case.T, theta0=th0)
    back = [path[-1]]
    for _ in range(case.K):  # one proximal step at a time, to record θ''_t
        back.append(recover_checkpoint(loss, X, None, back[-1], K=1, eta=eta, L=Fraction(float(case.a.max()))).theta)
    its = tuple(f(p) for p in path[1:]) + tuple(f(p) for p in back[1:])
    return ReferenceR2D(its, f(back[-1]), case.sigma)


@dataclass(frozen=True, eq=False)
class R2DComparison:
    """The outcome on one case: ``ok``; ``first_divergent_step`` (1-based, in the reported order: Algorithm 1's
    steps first, then Algorithm 2's or 3's) or ``None``; ``phase`` (``"Algorithm 1"``, ``"Algorithm 2"``,
    ``"Algorithm 3"``, ``"release"``, ``"noise"``); ``detail``."""

    case: R2DCase
    ok: bool
    first_divergent_step: int | None
    phase: str | None
    detail: str

    def report(self) -> str:
        where = "" if self.first_divergent_step is None else f" at step {self.first_divergent_step}"
        return f"{self.case.algorithm}: {'matches' if self.ok else 'diverges'}{where} ({self.phase}): {self.detail}"


def _close(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> bool:
    return a.shape == b.shape and bool(np.all(np.abs(a - b) <= atol + rtol * np.abs(b)))


def _phase(case: R2DCase, t: int) -> str:
    first = case.T - case.K if case.algorithm == "r2d.alg2" else case.T
    if t <= first:
        return "Algorithm 1"
    return "Algorithm 2" if case.algorithm == "r2d.alg2" else "Algorithm 3"


def compare_r2d(candidate: Callable[[R2DCase, Hooks], np.ndarray], case: R2DCase, *, seed: int = 0,
                rtol: float = RTOL, atol: float = ATOL, scale_rtol: float = SCALE_RTOL) -> R2DComparison:
    """Run the reference (recording its draw Z), then the candidate on Z and on −Z: the half-sum of its outputs is
    its deterministic part, the half-difference over Z its noise scale; its reported iterates are compared step by
    step with the reference's (tolerances ``|cand − ref| ≤ atol + rtol·|ref|``)."""
    ref = r2d_reference_run(case)
    tape = NoiseTape(np.random.default_rng(seed))
    z = tape.record(case.X.shape[1])
    outs, traced = [], None
    for sign in (1.0, -1.0):
        hooks = tape.replay(sign)
        try:
            out = np.asarray(candidate(case, hooks), dtype=np.float64).reshape(-1)
        except NoiseMismatch as exc:
            return R2DComparison(case, False, None, "noise", str(exc))
        if hooks.used != 1:
            return R2DComparison(case, False, None, "noise", f"the candidate took {hooks.used} draws, the reference 1")
        outs.append(out)
        traced = hooks.iterates if traced is None else traced
    if traced:
        for t, (r, c) in enumerate(zip(ref.iterates, traced), start=1):
            if not _close(c, r, rtol, atol):
                return R2DComparison(case, False, t, _phase(case, t), f"reference {r}, candidate {c}")
        if len(traced) != len(ref.iterates):
            t = min(len(traced), len(ref.iterates)) + 1
            return R2DComparison(case, False, t, _phase(case, t),
                                 f"the candidate reported {len(traced)} iterates, the reference {len(ref.iterates)}")
    mean, half = (outs[0] + outs[1]) / 2, (outs[0] - outs[1]) / 2
    if not _close(mean, ref.mean, rtol, atol):
        return R2DComparison(case, False, None, "release", f"deterministic part {mean}, reference {ref.mean}")
    nz = np.abs(z) > 1e-3
    scale = half[nz] / z[nz]
    slack = 8 * np.finfo(float).eps * (np.abs(ref.mean[nz]) + case.sigma * np.abs(z[nz])) / np.abs(z[nz])
    if not np.all(np.abs(scale - case.sigma) <= scale_rtol * case.sigma + slack):
        return R2DComparison(case, False, None, "noise", f"noise scale {scale}, σ = {case.sigma}")
    return R2DComparison(case, True, None, None, "same iterates, same release")


def default_r2d_cases() -> list[R2DCase]:
    """Small cases of each algorithm: 1-d and 2-d data, K = 0, 0 < K < T and K = T."""
    rng = np.random.default_rng(7)
    out = []
    for alg in R2D_ALGORITHMS:
        for d, n, T, K in ((1, 3, 4, 2), (2, 5, 6, 3), (2, 4, 5, 0), (1, 4, 3, 3)):
            X = np.round(rng.uniform(-1, 1, (n, d)), 3)
            a = np.round(rng.uniform(0.5, 2.0, d), 3)
            out.append(R2DCase(alg, X, a, np.round(rng.uniform(-1, 1, d), 3), 0.25, T, K, 0.3, m=1 + (n > 3)))
    return out


def assert_matches_reference_r2d(candidate: Callable[[R2DCase, Hooks], np.ndarray],
                                 algorithm: str | None = None, cases: Iterable[R2DCase] | None = None, *,
                                 seed: int = 0, rtol: float = RTOL, atol: float = ATOL) -> list[R2DComparison]:
    """Compare ``candidate`` with the reference on ``cases`` (default: :func:`default_r2d_cases`, of ``algorithm``
    if given); raise ``AssertionError`` naming the smallest failing case (fewest steps) and its first divergent
    step."""
    chosen = list(default_r2d_cases() if cases is None else cases)
    if algorithm is not None:
        if algorithm not in R2D_ALGORITHMS:
            raise InvalidParameterError("algorithm", f"one of {R2D_ALGORITHMS}, got {algorithm!r}")
        chosen = [c for c in chosen if c.algorithm == algorithm]
    results = [compare_r2d(candidate, c, seed=seed, rtol=rtol, atol=atol) for c in chosen]
    failed = [r for r in results if not r.ok]
    if failed:
        worst = min(failed, key=lambda r: (r.case.T + r.case.K, r.case.X.size))
        raise AssertionError(f"{len(failed)} of {len(results)} cases diverge; smallest: {worst.report()}")
    return results


def cases(profile: str = "quick") -> list:
    """The default suite of Theorem 3.1 cases (:class:`~certunlearn.claims.case.Case`): the claim's opposed-linear,
    concave-expansion and all-deletions instances, for :func:`certunlearn.testing.certificate.check_certificate`."""
    from .suites import claim_cases

    return claim_cases("r2d.thm3.1", profile)


def accuracy_cases(profile: str = "quick", claim: str = "r2d.cor3.5+fix") -> list:
    """The default suite of Corollary 3.5 (``r2d.cor3.5+fix``, or the printed ``r2d.cor3.5``; Corollary 3.6's
    ``r2d.cor3.6+fix`` / ``r2d.cor3.6`` on its point-mass populations likewise): the claim's convex
    quadratic instances with σ in [10⁻⁹, 10⁴](1 + R), where a float64 release can be measured and its deterministic
    part compared with the reference's (the rounding 8·eps·σ|Z| of μ̂ stays below ``RUN_RTOL``; cf.
    ``suites.BEYOND_FLOAT64``); ``"quick"``: the smallest, a middle and the largest σ of them; for :func:`certunlearn.testing.certificate.check_certificate`, which decides Theorem
    3.1's certificate and, in ``result.accuracy``, the corollary's excess risk."""
    from ..claims import get_claim
    from ..claims.r2d.quantities import QUADRATIC
    from .suites import SIZES, claim_cases

    acc = get_claim(claim)

    def measurable(case) -> bool:
        inst = case.instance()
        if int(case.data["family"]) != QUADRATIC or "atoms" in inst or "X" not in inst:  # the candidates implement
            return False  # convex quadratics on one dataset only (not Corollary 3.6's populations, finite or a law)
        sigma, scale = acc.with_prescribed(inst)["sigma"], 1 + float(case.data["R"])
        return bool(sigma.lower() >= 1e-9 * scale) and bool(sigma.upper() <= 1e4 * scale)

    cases = claim_cases(claim, "thorough", per_adversary=24, keep=measurable)
    if profile == "thorough" or len(cases) <= SIZES[profile]:
        return cases
    by_sigma = sorted(cases, key=lambda c: float(acc.with_prescribed(c.instance())["sigma"].mid()))
    picks = np.linspace(0, len(by_sigma) - 1, SIZES[profile]).round().astype(int)
    return [by_sigma[i] for i in picks]  # the smallest, middle and largest σ
