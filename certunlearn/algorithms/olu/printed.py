"""Algorithm 1 of Online Learning and Unlearning (Hu, Schölkopf & Sanyal) as printed: projected OGD on a box or a
ball, general smooth losses (linear, diagonal quadratic, logistic, Huber), projection *then* noise — so a released
point may leave K — and the pseudo-code's own indexing of the OGD step.

Paper file ``papers/000_8245766a2c9b0ba6.txt``: eq. (2) (line 50), Algorithm 1 (lines 115–136).

**Two readings of the OGD step.** Eq. (2) (and Corollary 1, the regret proofs) update with the *current* loss,
``z_t = Π_K[z_{t−1} − η_t∇f_t(z_{t−1})]`` (``index="eq2"``, the convention of :mod:`certunlearn.algorithms.olu`: the
output at t is w_t, f_t is first used in w_t). Algorithm 1's line 3 prints ``z_t = Π_K[z_{t−1} − η_t∇f_{t−1}(z_{t−1})]``
for t = 2..T from z_1 (``index="printed"``): f_u is first used in z_{u+1}, one step later, so by τ it has been
contracted τ − u − 1 times, not τ − u; and a point deleted at the round it arrived (u = τ) is first used *after* its
noise, at τ + 1.

**What the regret proofs assume instead.** Their expectations treat the released point as the played point and
use ‖∇f_t(z_t)‖ ≤ L and ‖z_t − z*‖ ≤ D, which need z_t ∈ K; the printed algorithm adds the noise after the
projection, so z_{τ[i]} may leave K (and the next projection pulls it back). The unlearning proof (Theorem 1)
needs neither: projection is 1-Lipschitz, so the OGD map stays γ-contractive and Δ-sensitive on all of R^d.

**Laws.** Before the first noise every state is deterministic; the release at τ[1] is exactly N(m, σ_1²I) with m the
projected OGD state, for every loss — :func:`first_release`. After it, a projection or a non-affine gradient makes
the law non-Gaussian: :func:`run` draws the process (float64, or mpmath/arb scalars with noise passed in), and
:func:`run_batch` runs n of them at once (the statistical claims of ``certunlearn.claims.olu.sampled``), and
``certunlearn.audit.olu`` samples releases.

All scalar arithmetic is generic: Fractions for linear/quadratic losses on boxes, python-flint ``arb`` for logistic
losses and balls (exp, sqrt), numpy float64 for speed.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...errors import InvalidParameterError
from .laws import square

__all__ = ["printed_laws", "active_run", "LINEAR", "QUADRATIC", "LOGISTIC", "HUBER", "Losses", "Box", "Ball", "step_uses", "path", "first_release",
           "run", "run_batch", "used_after_deletion"]

LINEAR, QUADRATIC, LOGISTIC, HUBER = 0, 1, 2, 3


def _exp(x: Any) -> Any:
    import mpmath
    if isinstance(x, mpmath.mpf):
        return mpmath.exp(x)
    return x.exp() if callable(getattr(x, "exp", None)) else np.exp(x)  # arb balls: rigorous exp


def _sqrt(x: Any) -> Any:
    import mpmath
    if isinstance(x, mpmath.mpf):
        return mpmath.sqrt(x)
    return x.sqrt() if callable(getattr(x, "sqrt", None)) else np.sqrt(x)


def _log(x: Any) -> Any:
    import mpmath
    if isinstance(x, mpmath.mpf):
        return mpmath.log(x)
    return x.log() if callable(getattr(x, "log", None)) else np.log(x)


def _positive_part(v: Any) -> Any:
    """max(v, 0): elementwise for arrays, rigorous for arb balls (a ball straddling 0 gives a ball holding [0, v])."""
    if isinstance(v, np.ndarray):
        return np.maximum(v, 0)
    if callable(getattr(v, "max", None)):
        return v.max(0 * v)
    return v if v > 0 else 0 * v


def _clip(v: Any, lo: Any, hi: Any) -> Any:
    """min(max(v, lo), hi), rigorous on enclosures: where an arb ball v cannot be ordered against lo (or hi) it contains
    that bound, so v itself encloses both candidate results and is returned. A numpy array (a batch of runs) is clipped
    elementwise."""
    if isinstance(v, np.ndarray):
        return np.clip(v, lo, hi)
    if v < lo:
        return lo + 0 * v
    if hi < v:
        return hi + 0 * v
    return v


@dataclass(frozen=True)
class Losses:
    """f_t(z) for t = 1..T: linear ⟨x_t, z⟩; quadratic ½Σλ_k(z_k − x_{t,k})²; logistic log(1 + exp(−y_t⟨x_t, z⟩)) (rows
    ``X`` and labels ``y`` ∈ {±1}); Huber Σ_k h_δ(z_k − x_{t,k}) with h_δ(r) = r²/2 (|r| ≤ δ), δ|r| − δ²/2 otherwise;
    each plus the regulariser (``ridge``/2)‖z‖² (0 by default: strongly convex losses from convex ones)."""

    family: int
    X: tuple
    lam: tuple = ()
    y: tuple = ()
    delta: Any = 1
    ridge: Any = 0

    def __post_init__(self) -> None:
        if self.family not in (LINEAR, QUADRATIC, LOGISTIC, HUBER):
            raise InvalidParameterError("family", "0 linear, 1 quadratic, 2 logistic, 3 Huber")
        if not self.X or len({len(r) for r in self.X}) != 1:
            raise InvalidParameterError("X", "a non-empty list of rows of equal length")
        if self.family == QUADRATIC and len(self.lam) != self.d:
            raise InvalidParameterError("lam", f"needs {self.d} diagonal Hessian entries")
        if self.family == LOGISTIC and (len(self.y) != self.T or any(v not in (1, -1) for v in self.y)):
            raise InvalidParameterError("y", "one label ±1 per round")

    @property
    def T(self) -> int:
        return len(self.X)

    @property
    def d(self) -> int:
        return len(self.X[0])

    def grad(self, t: int, z: Sequence[Any]) -> list:
        g = self._grad(t, z)
        return [gi + self.ridge * zi for gi, zi in zip(g, z)] if self.ridge else g

    def _grad(self, t: int, z: Sequence[Any]) -> list:
        x = self.X[t - 1]
        if self.family == LINEAR:
            return [xi + 0 * zi for xi, zi in zip(x, z)]
        if self.family == QUADRATIC:
            return [l * (zi - xi) for l, zi, xi in zip(self.lam, z, x)]
        if self.family == LOGISTIC:
            yv = self.y[t - 1]
            margin = yv * sum((xi * zi for xi, zi in zip(x, z)), 0 * z[0])
            # float64 (run_batch, the statistical claims' sampler: never a decision) overflows e^m to +inf past m ≈ 709.8,
            # and 1/(1 + inf) = 0 is σ(−m) rounded (it is below 1e-308 there); arb balls and mpmath never overflow
            with np.errstate(over="ignore"):
                s = 1 / (1 + _exp(margin))  # σ(−y⟨x, z⟩)
            return [-yv * xi * s for xi in x]
        out = []
        for zi, xi in zip(z, x):
            r = zi - xi
            out.append(_clip(r, -self.delta, self.delta))
        return out

    def value(self, t: int, z: Sequence[Any]) -> Any:
        """f_t(z) in the scalars of z (Fractions for linear and Huber losses, arb balls — whose value then encloses f_t
        over the ball — mpmath, or numpy arrays holding a batch of points). Huber's h_δ(r) is written
        δ|r| − δ²/2 + max(0, δ − |r|)²/2, which needs no branch."""
        v = self._value(t, z)
        return v + self.ridge * sum((zi * zi for zi in z), 0 * z[0]) / 2 if self.ridge else v

    def _value(self, t: int, z: Sequence[Any]) -> Any:
        x = self.X[t - 1]
        if self.family == LINEAR:
            return sum((xi * zi for xi, zi in zip(x, z)), 0 * z[0])
        if self.family == QUADRATIC:
            return sum((l * square(zi - xi) for l, zi, xi in zip(self.lam, z, x)), 0 * z[0]) / 2
        if self.family == LOGISTIC:
            margin = -self.y[t - 1] * sum((xi * zi for xi, zi in zip(x, z)), 0 * z[0])
            return _log(1 + _exp(margin))
        out = 0 * z[0]
        for zi, xi in zip(z, x):
            a = abs(zi - xi)
            gap_ = self.delta - a
            pos = _positive_part(gap_)
            out = out + self.delta * a - self.delta * self.delta / 2 + pos * pos / 2
        return out


@dataclass(frozen=True)
class Box:
    """K = Π_k [lo_k, hi_k]; Π_K clips each coordinate."""

    lo: tuple
    hi: tuple

    def project(self, z: Sequence[Any]) -> list:
        out = []
        for zi, a, b in zip(z, self.lo, self.hi):
            out.append(_clip(zi, a, b))
        return out

    def contains(self, z: Sequence[Any]) -> bool:
        return all(a <= zi <= b for zi, a, b in zip(z, self.lo, self.hi))


@dataclass(frozen=True)
class Ball:
    """K = {z : ‖z − c‖ ≤ r}; Π_K rescales the offset from c."""

    centre: tuple
    radius: Any

    def project(self, z: Sequence[Any]) -> list:
        off = [zi - ci for zi, ci in zip(z, self.centre)]
        n2 = sum((o * o for o in off), 0 * off[0])
        if isinstance(n2, np.ndarray):  # a batch of points: rescale those outside
            scale = self.radius / np.sqrt(np.maximum(n2, self.radius * self.radius))
            return [ci + o * scale for ci, o in zip(self.centre, off)]
        if n2 <= self.radius * self.radius:
            return list(z)
        # n2 > r², or undecided on enclosures: then the ball of n contains r, so the ball of r/n contains 1 and the
        # rescaled offset encloses the unprojected point too
        if n2 == 0:
            return list(z)
        n = _sqrt(n2)
        return [ci + o * self.radius / n for ci, o in zip(self.centre, off)]

    def contains(self, z: Sequence[Any]) -> bool:
        return sum((square(zi - ci) for zi, ci in zip(z, self.centre)), 0) <= self.radius * self.radius


def step_uses(t: int, index: str) -> int | None:
    """Which loss the OGD step producing the output at time t uses: f_t (eq. (2)) or f_{t−1} (line 3; none at t = 1)."""
    if index == "eq2":
        return t
    if index == "printed":
        return t - 1 if t >= 2 else None
    raise InvalidParameterError("index", "'eq2' or 'printed'")


def _ogd(losses: Losses, K: Box | Ball | None, z: list, t: int, eta: Any, skipped: set[int], index: str,
         noisy: bool = False) -> list:
    """One OGD step. The skip ⊥ is g(⊥, z) = Π_K[z]: z itself when z is a projection's output (``noisy`` False), and
    a released point that left K (``noisy``: noise was added since the last projection) is pulled back."""
    s = step_uses(t, index)
    if s is None:
        return list(z)
    if s in skipped:
        return K.project(z) if K is not None and noisy else list(z)
    g = losses.grad(s, z)
    w = [zi - eta * gi for zi, gi in zip(z, g)]
    return K.project(w) if K is not None else w


def path(losses: Losses, K: Box | Ball | None, z1: Sequence[Any], etas: Sequence[Any], *, upto: int,
         skipped: set[int] = frozenset(), index: str = "eq2") -> list:
    """The noise-free outputs z_0 (= z_1 of the paper's initialisation) .. z_upto: eq. (2) produces the output at t from
    the output at t − 1; the printed indexing starts its loop at t = 2 (the output at t = 1 is z_1 itself)."""
    if len(etas) != losses.T or len(z1) != losses.d:
        raise InvalidParameterError("etas", f"needs T = {losses.T} step sizes and z1 of dimension {losses.d}")
    z, out = list(z1), [list(z1)]
    for t in range(1, upto + 1):
        z = _ogd(losses, K, z, t, etas[t - 1], skipped, index)
        out.append(z)
    return out


def first_release(losses: Losses, K: Box | Ball | None, z1, etas, tau: Sequence[int], u: Sequence[int], *,
                  reference: bool = False, index: str = "eq2") -> list:
    """The mean m of the release at τ[1], which is exactly N(m, σ_1²I) (every earlier state is deterministic): Algorithm 1
    (``reference = False``) or the reference process of Definition 2 for i = 1 (f_{u[1]} replaced by ⊥)."""
    return path(losses, K, z1, etas, upto=tau[0], skipped={u[0]} if reference else set(), index=index)[tau[0]]


def used_after_deletion(tau: Sequence[int], u: Sequence[int], T: int, index: str) -> list[int]:
    """The deletions i whose f_{u[i]} Algorithm 1 first uses *after* τ[i] but within the interval [τ[i], τ[i+1]) of
    Definition 2 (τ[k+1] := T + 1): with the printed indexing, u[i] = τ[i] < T. The OLU's outputs over the interval then
    take a step on f_{u[i]} that the reference never takes, from the same point: the laws of the two output sequences
    are mutually singular (D_α = +∞) whenever ∇f_{u[i]} ≠ 0 almost surely."""
    bounds = [*tau[1:], T + 1]
    out = []
    for i, (t, ui, nxt) in enumerate(zip(tau, u, bounds), start=1):
        first = ui if index == "eq2" else ui + 1
        if t < first < nxt:
            out.append(i)
    return out


def run(losses: Losses, K: Box | Ball | None, z1, etas, tau: Sequence[int], u: Sequence[int],
        sigmas: Sequence[Any], noise: Callable[[int, int], Sequence[Any]] | np.random.Generator, *,
        reference: int = 0, index: str = "eq2", before_noise: dict | None = None) -> list:
    """One run of Algorithm 1 (``reference = 0``) or its reference process for interval i (f_{u[1:i]} replaced by ⊥):
    the outputs z_0..z_T. At τ[i]: the OGD step (projected), *then* z + σ_i ξ_i, ξ_i ~ N(0, I_d) — released unprojected.
    ``noise(i, d)`` returns ξ_i (so two implementations can share the draws); a Generator draws float64 ξ_i.
    ``before_noise``, if given, receives the state at each τ[i] before its noise (a point of K)."""
    draw = (lambda i, d: noise.standard_normal(d)) if isinstance(noise, np.random.Generator) else noise
    skipped = set(u[:reference])
    order = {t: i for i, t in enumerate(tau, start=1)}
    z, out, noisy = list(z1), [list(z1)], False
    for t in range(1, losses.T + 1):
        z = _ogd(losses, K, z, t, etas[t - 1], skipped, index, noisy)
        noisy = False if step_uses(t, index) is not None else noisy
        if t in order:
            noisy = True
            i = order[t]
            if before_noise is not None:
                before_noise[t] = z
            xi = draw(i, losses.d)
            z = [zk + sigmas[i - 1] * x for zk, x in zip(z, xi)]
        out.append(z)
    return out


def run_batch(losses: Losses, K: Box | Ball | None, z1, etas, tau: Sequence[int], u: Sequence[int],
              sigmas: Sequence[float], rng: np.random.Generator, n: int, *, reference: int = 0, index: str = "eq2",
              before_noise: dict | None = None) -> list:
    """``n`` independent runs of :func:`run` at once in float64: every state is a list of d arrays of shape (n,)
    (coordinate k of the n runs), ξ_i is drawn as a (d, n) array. The same code path as one run."""
    batch = [np.full(n, float(v)) for v in z1]
    return run(losses, K, batch, [float(e) for e in etas], tau, u, [float(s) for s in sigmas],
               lambda i, d: rng.standard_normal((d, n)), reference=reference, index=index, before_noise=before_noise)


def printed_laws(stream: Any, z1, etas, tau: Sequence[int], u: Sequence[int], noise_var: Sequence[Any], *,
                 reference: int = 0, drop_deleted: bool = False) -> list:
    """Exact laws (:class:`certunlearn.algorithms.olu.Law`) of Algorithm 1 with the pseudo-code's indexing on K = R^d
    for a linear or diagonal-quadratic :class:`~certunlearn.algorithms.olu.Stream`: the output at t = 1 is z_1, at
    t = 2..T the step on f_{t−1}, then the noise at τ[i]. ``reference = i``: f_{u[1:i]} replaced by ⊥ (Definition 2).
    ``drop_deleted``: the algorithm also skips a step on f_{u[j]} taken after τ[j] (a repair; see the claims)."""
    from .laws import Law, check_schedule

    check_schedule(stream, tau, u)
    skipped = set(u[:reference])
    order = {t: i for i, t in enumerate(tau, start=1)}
    deleted_at = dict(zip(u, tau))
    law = Law(tuple(z1), (0 * z1[0],) * stream.d)
    laws = [law, law]  # index 0 unused (kept for the eq. (2) layout: laws[t] is the output at t); z_1
    if 1 in order:
        laws[1] = law = law.noise(noise_var[order[1] - 1])
    for t in range(2, stream.T + 1):
        s = t - 1
        gone = s in skipped or (drop_deleted and s in deleted_at and t > deleted_at[s])
        law = law.push(stream.gd_map([] if gone else [s], etas[t - 1]))
        if t in order:
            law = law.noise(noise_var[order[t] - 1])
        laws.append(law)
    return laws


def _gd_average(losses: Losses, S: Sequence[int], z: list, h: Any) -> list:
    """One gradient step of size h on the average of f_t, t ∈ S (S empty: the identity)."""
    if not S:
        return list(z)
    grads = [losses.grad(t, z) for t in S]
    return [zk - h * sum((g[k] for g in grads), 0 * zk) / len(S) for k, zk in enumerate(z)]


def active_run(losses: Losses, K: Box | Ball | None, z1, etas, tau: Sequence[int], u: Sequence[int],
               sigmas: Sequence[Any], h: Any, I1: Sequence[int], I2: int,
               noise: Callable[[int, int], Sequence[Any]] | np.random.Generator, *, reference: int = 0,
               iterations: list | None = None) -> list:
    """One run of Algorithm 2 (lines 921–938; ``reference = i``: its reference process, f_{u[1:i]} replaced by ⊥ and
    nothing to delete) with eq. (2)'s OGD step (projected onto K if given): at τ[i], after the OGD step, I_{1,i} steps
    of size h (the printed 1/(β+μ)) on the average of the losses seen and not deleted before, then I₂ steps on them
    minus f_{u[i]}, then z + σ_i ξ_i. The same reading as :func:`certunlearn.algorithms.olu.active_laws`, pathwise and
    for any loss. ``iterations``, if given, receives the number of gradient-descent iterations run at each deletion
    (each over all the losses in its set: ``len(S)`` gradients)."""
    draw = (lambda i, d: noise.standard_normal(d)) if isinstance(noise, np.random.Generator) else noise
    gone = set(u[:reference])
    order = {t: i for i, t in enumerate(tau, start=1)}
    z, out = list(z1), [list(z1)]
    for t in range(1, losses.T + 1):
        z = _ogd(losses, K, z, t, etas[t - 1], gone, "eq2")
        if t in order:
            i = order[t]
            seen = [s for s in range(1, t + 1) if s not in gone and s not in u[: i - 1]]
            kept = [s for s in seen if s not in u[:i]]
            count = 0
            for _ in range(I1[i - 1]):
                z = _gd_average(losses, kept if reference else seen, z, h)
                count += 1
            for _ in range(I2):
                z = _gd_average(losses, kept, z, h)
                count += 1
            if iterations is not None:
                iterations.append(count)
            xi = draw(i, losses.d)
            z = [zk + sigmas[i - 1] * x for zk, x in zip(z, xi)]
        out.append(z)
    return out
