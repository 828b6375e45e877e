"""Online learning–unlearning (Hu, Schölkopf & Sanyal): passive OLU (Alg. 1), active OLU (Alg. 2), the
reference process of Definition 2, and the baselines of Table 2 — with exact Gaussian laws.

Paper file ``papers/000_8245766a2c9b0ba6.txt``: Algorithm 1 (lines 113–127), Definition 2 (line 89), eq. (5)
(line 99), Algorithm 2 (lines 921–938).

**Indexing convention (used everywhere in certunlearn's olu layer).** The state after round t is
``w_t = g_t(f_t, w_{t−1}) (+ ξ_i if t = τ[i])`` with ``g_t(f, w) = w − η_t ∇f(w)`` and ``w_0 = z_1`` — the
update functions of eq. (2) and Condition (C1), which the unlearning proof (Theorem 1, Lemma 3) iterates.
The output at time t is ``w_t``; the point *played* in round t, charged ``f_t`` in the regret, is ``w_{t−1}``
(chosen before f_t is revealed: the regret proofs' ``z_{t+1} = z_t − η_t∇f_t(z_t)``, eq. (11), with
``z_t = w_{t−1}``). A deleted f_{u[i]} (u[i] ≤ τ[i]) is first used in w_{u[i]}; the noise of deletion i is
added to w_{τ[i]}, after τ[i] − u[i] further steps — the exponent of γ in Algorithm 1, line 5. Algorithm 1's
pseudo-code writes ``z_t = z_{t−1} − η_t∇f_{t−1}(z_{t−1})``; under that reading the noise would come one
contraction earlier, and the printed calibration would be short by a factor γ.

**Losses** (:class:`Stream`): linear ``f_t(z) = ⟨x_t, z⟩`` or quadratic ``f_t(z) = ½Σ_k λ_k(z_k − x_{t,k})²``
(one diagonal Hessian for the whole stream). Every map — an OGD step, a skipped step (⊥), a descent-to-delete
step on a set of losses — is then affine and diagonal, ``w ↦ a⊙w + c``, so with K = R^d (no projection
active) every output is exactly Gaussian with diagonal covariance: :class:`Law` tracks mean and variances in
whatever scalar type it is given (Fraction, mpmath, or arb balls for rigorous enclosures). Noise variances
are passed in: the claims evaluate them from the printed sympy expressions (``certunlearn.formulas.olu``).

**Algorithm 2** (active OLU) as read here: at τ[i], after the OGD step, ``I1`` gradient-descent steps with
step 1/(β+μ) on the *average* of the losses seen so far that were not deleted before (f_{1:τ[i]} minus
f_{u[1:i−1]}), then ``I2`` steps on the average of those minus f_{u[i]}, then noise. Its reference process
(Definition 2) runs the same with f_{u[1:i]} replaced by ⊥ and nothing to delete: I1 + I2 steps on the
remaining losses. The average (not the sum) is read from the step 1/(β+μ), which is the step of a β-smooth,
μ-strongly convex objective. **Algorithm 3** (the Newton variant, garbled box): :func:`newton_laws` states its
readings.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from flint import arb

from ...errors import InvalidParameterError
from ...numeric.enclosure import int_power

__all__ = ["LINEAR", "QUADRATIC", "square", "Stream", "Law", "Affine", "run_laws", "passive_laws", "active_laws", "retrain_laws",
           "restart_laws", "newton_laws", "expected_regret", "comparators", "interval_of", "check_schedule"]

LINEAR, QUADRATIC = 0, 1


def square(x: Any) -> Any:
    """x² in the scalar type of x, rigorous for an arb ball that contains 0 (flint's ``ball ** 2`` is nan there:
    :func:`certunlearn.numeric.enclosure.int_power` squares the ends instead)."""
    return int_power(x, 2) if isinstance(x, arb) else x * x


@dataclass(frozen=True)
class Affine:
    """The diagonal affine map ``w ↦ a⊙w + c``."""

    a: tuple
    c: tuple

    def then(self, other: "Affine") -> "Affine":
        """``other ∘ self``."""
        return Affine(tuple(x * y for x, y in zip(other.a, self.a)),
                      tuple(x * c + y for x, c, y in zip(other.a, self.c, other.c)))


def identity(d: int) -> Affine:
    return Affine((1,) * d, (0,) * d)


@dataclass(frozen=True)
class Stream:
    """The losses f_1, …, f_T: rows ``X[t−1]`` of x_t; ``lam`` the diagonal Hessian (quadratic family)."""

    family: int
    X: tuple
    lam: tuple = ()

    def __post_init__(self) -> None:
        if self.family not in (LINEAR, QUADRATIC):
            raise InvalidParameterError("family", "0 (linear) or 1 (quadratic)")
        if not self.X or len({len(r) for r in self.X}) != 1:
            raise InvalidParameterError("X", "a non-empty list of rows of equal length")
        if self.family == QUADRATIC and len(self.lam) != self.d:
            raise InvalidParameterError("lam", f"needs {self.d} diagonal Hessian entries")

    @property
    def T(self) -> int:
        return len(self.X)

    @property
    def d(self) -> int:
        return len(self.X[0])

    def _check(self, S: Sequence[int]) -> None:
        if any(not 1 <= t <= self.T for t in S):
            raise InvalidParameterError("t", f"rounds are 1..{self.T}")

    def gd_map(self, S: Sequence[int], h: Any) -> Affine:
        """One gradient step of size h on the average of the losses f_t, t ∈ S (S empty: the skip ⊥)."""
        self._check(S)
        if not S:
            return identity(self.d)
        n = len(S)
        xbar = [sum((self.X[t - 1][k] for t in S), 0) / n for k in range(self.d)]
        if self.family == LINEAR:
            return Affine((1,) * self.d, tuple(-h * g for g in xbar))
        return Affine(tuple(1 - h * l for l in self.lam), tuple(h * l * x for l, x in zip(self.lam, xbar)))

    def value(self, t: int, z: Sequence[Any]) -> Any:
        x = self.X[t - 1]
        if self.family == LINEAR:
            return sum((xi * zi for xi, zi in zip(x, z)), 0)
        return sum((l * square(zi - xi) for l, zi, xi in zip(self.lam, z, x)), 0) / 2

    def expected_value(self, t: int, law: "Law") -> Any:
        """E f_t(w) for w ~ law: f_t(mean) + ½Σλ_k var_k (exact for quadratics; linear: f_t(mean))."""
        v = self.value(t, law.mean)
        if self.family == QUADRATIC:
            v = v + sum((l * s for l, s in zip(self.lam, law.var)), 0) / 2
        return v

    def minimiser(self, S: Sequence[int]) -> tuple:
        """argmin over R^d of Σ_{t∈S} f_t (quadratic family: the mean of the x_t)."""
        if self.family != QUADRATIC or not S or any(l <= 0 for l in self.lam):
            raise InvalidParameterError("family", "minimisers over R^d exist for positive-definite quadratics only")
        self._check(S)
        return tuple(sum((self.X[t - 1][k] for t in S), 0) / len(S) for k in range(self.d))


@dataclass(frozen=True)
class Law:
    """N(mean, diag(var))."""

    mean: tuple
    var: tuple

    def push(self, f: Affine) -> "Law":
        return Law(tuple(a * m + c for a, m, c in zip(f.a, self.mean, f.c)), tuple(a * a * v for a, v in zip(f.a, self.var)))

    def noise(self, s2: Any) -> "Law":
        return Law(self.mean, tuple(v + s2 for v in self.var))

    def sample(self, rng: np.random.Generator) -> np.ndarray:
        return np.array([float(m) for m in self.mean]) + rng.standard_normal(len(self.mean)) * np.sqrt(
            np.array([float(v) for v in self.var]))


def check_schedule(stream: Stream, tau: Sequence[int], u: Sequence[int]) -> None:
    """τ strictly increasing in 1..T, u[i] ≤ τ[i], u distinct."""
    if len(tau) != len(u):
        raise InvalidParameterError("u", "one deleted index per deletion time")
    if any(not 1 <= t <= stream.T for t in tau) or list(tau) != sorted(set(tau)):
        raise InvalidParameterError("tau", f"strictly increasing deletion times in 1..{stream.T}")
    if any(not 1 <= ui <= ti for ui, ti in zip(u, tau)) or len(set(u)) != len(u):
        raise InvalidParameterError("u", "distinct deleted indices with 1 ≤ u[i] ≤ τ[i]")


def run_laws(stream: Stream, z1: Sequence[Any], etas: Sequence[Any], skipped: set[int], noise_at: dict[int, Any],
         unlearn: Callable[[int], Affine] | None = None) -> list[Law]:
    """Laws of w_0, …, w_T: OGD steps (f_t replaced by ⊥ for t ∈ skipped), then at a noisy time t the
    map ``unlearn(t)`` (if given) and the noise variance ``noise_at[t]``."""
    if len(etas) != stream.T or len(z1) != stream.d:
        raise InvalidParameterError("etas", f"needs T = {stream.T} step sizes and z1 of dimension {stream.d}")
    law = Law(tuple(z1), (0,) * stream.d)
    laws = [law]
    for t in range(1, stream.T + 1):
        law = law.push(stream.gd_map([] if t in skipped else [t], etas[t - 1]))
        if t in noise_at:
            if unlearn is not None:
                law = law.push(unlearn(t))
            law = law.noise(noise_at[t])
        laws.append(law)
    return laws


def passive_laws(stream: Stream, z1, etas, tau, u, noise_var, *, reference: int = 0) -> list[Law]:
    """Algorithm 1 (``reference = 0``), or the reference process of Definition 2 for interval ``reference = i``:
    f_{u[1:i]} replaced by ⊥, the same deletion times and noise variances ``noise_var[i−1]`` (= σ_i²)."""
    check_schedule(stream, tau, u)
    return run_laws(stream, z1, etas, set(u[:reference]), dict(zip(tau, noise_var)))


def active_laws(stream: Stream, z1, etas, tau, u, noise_var, h, I1: Sequence[int], I2: int, *,
                reference: int = 0) -> list[Law]:
    """Algorithm 2 (``reference = 0``) or its reference process for interval i (see the module docstring)."""
    check_schedule(stream, tau, u)
    gone = set(u[:reference])
    order = {t: i for i, t in enumerate(tau, start=1)}

    def unlearn(t: int) -> Affine:
        i = order[t]
        before, through = set(u[: i - 1]), set(u[:i])
        seen = [s for s in range(1, t + 1) if s not in gone and s not in before]
        kept = [s for s in seen if s not in through]
        f = identity(stream.d)
        if I1[i - 1] > 0:
            step = stream.gd_map(seen if not reference else kept, h)  # the same map every step: built once
            for _ in range(I1[i - 1]):
                f = f.then(step)
        if I2 > 0:
            step = stream.gd_map(kept, h)
            for _ in range(I2):
                f = f.then(step)
        return f

    return run_laws(stream, z1, etas, gone, dict(zip(tau, noise_var)), unlearn)


def newton_laws(stream: Stream, z1, etas, tau, u, noise_var, h, I1: Sequence[int], *, reference: int = 0) -> list[Law]:
    """Algorithm 3 (second-order active OLU, lines 1010–1030; its box is garbled), as read here: at τ[i], I1[i]
    gradient steps of size h on the average of the losses seen so far (as in Algorithm 2), then the Newton
    unlearning step of Sekhari et al. (2021) that line 6 cites, ẑ + (1/(n−i)) Ĥ⁻¹ Σ_{j≤i} ∇f_{u[j]}(ẑ) with n = τ[i]
    and Ĥ = (1/(n−i))(Σ_{t≤n}∇²f_t − Σ_{j≤i}∇²f_{u[j]}), then noise. Readings: line 6 prints a minus sign (which
    moves *away* from the retained minimiser) and writes "Ĥ⁻¹ = …" for the average Hessian itself. Quadratic family
    only (Ĥ = diag(λ), every map affine). The reference process takes the same gradient steps on the retained
    losses and no Newton step (there is nothing to remove)."""
    if stream.family != QUADRATIC or any(l == 0 for l in stream.lam):
        raise InvalidParameterError("family", "Algorithm 3 is read for positive-definite quadratics only")
    check_schedule(stream, tau, u)
    gone = set(u[:reference])
    order = {t: i for i, t in enumerate(tau, start=1)}
    one = stream.lam[0] / stream.lam[0]  # 1 in the stream's scalar type

    def unlearn(t: int) -> Affine:
        i = order[t]
        before = set(u[: i - 1])
        seen = [s for s in range(1, t + 1) if s not in gone and s not in before]
        f = identity(stream.d)
        if I1[i - 1] > 0:
            step = stream.gd_map(seen, h)  # the same map every step: built once
            for _ in range(I1[i - 1]):
                f = f.then(step)
        if reference:
            return f
        # f_{u[1:i−1]} are already out of `seen`; with Ĥ = diag(λ) and ∇f_u(ẑ) = λ⊙(ẑ − x_u) the step removing f_{u[i]}
        # is ẑ + (ẑ − x_{u[i]})/(|seen| − 1)
        n_kept = len(seen) - 1
        a = (one * len(seen) / n_kept,) * stream.d
        c = tuple(-stream.X[u[i - 1] - 1][k] * one / n_kept for k in range(stream.d))
        return f.then(Affine(a, c))

    return run_laws(stream, z1, etas, gone, dict(zip(tau, noise_var)), unlearn)


def retrain_laws(stream: Stream, z1, etas, tau, u, *, reference: int = 0) -> list[Law]:
    """Retraining from scratch (Table 2): at each τ[i], the output is OGD rerun on f_{1:τ[i]} without
    f_{u[1:i]} — the noiseless reference process; it continues from there (``reference = j``: the same on the
    stream with f_{u[1:j]} replaced by ⊥)."""
    check_schedule(stream, tau, u)
    laws, out = None, [None] * (stream.T + 1)
    bounds = [0, *tau, stream.T]
    for i in range(len(tau) + 1):
        laws = run_laws(stream, z1, etas, set(u[:max(i, reference)]), {})
        for t in range(bounds[i] if i else 0, bounds[i + 1] + 1):
            out[t] = laws[t]
    return out


def restart_laws(stream: Stream, z1, etas, tau, u, *, reference: int = 0) -> list[Law]:
    """Discard-and-restart (Table 2): at each τ[i] the state is reset to z_1 and OGD restarts with η_1, η_2, …
    (``reference = i``: the same on the stream with f_{u[1:i]} replaced by ⊥, Definition 2)."""
    check_schedule(stream, tau, u)
    law, laws, start = Law(tuple(z1), (0,) * stream.d), [], 0
    laws.append(law)
    gone = set(u[:reference])
    for t in range(1, stream.T + 1):
        law = law.push(stream.gd_map([] if t in gone else [t], etas[t - start - 1]))
        if t in tau:
            law, start = Law(tuple(z1), (0,) * stream.d), t
        laws.append(law)
    return laws


def interval_of(t: int, tau: Sequence[int]) -> int:
    """The i of eq. (5) with τ[i] < t ≤ τ[i+1] (τ[0] = 0)."""
    return sum(1 for s in tau if s < t)


def comparators(stream: Stream, tau, u) -> list[tuple]:
    """z*_i of eq. (5), i = 0..k: argmin of Σ_{t≤T} f_t − Σ_{j≤i} f_{u[j]} over K = R^d.

    O(T·d + k·d): the column sums of all rows once, then the deleted rows taken out one at a time (exact in the
    stream's scalar type: the same values as summing the kept rows, for exact types)."""
    if stream.family != QUADRATIC or any(l <= 0 for l in stream.lam):
        raise InvalidParameterError("family", "minimisers over R^d exist for positive-definite quadratics only")
    deleted = list(dict.fromkeys(t for t in u[:len(tau)] if 1 <= t <= stream.T))
    if len(deleted) != len(tau):  # not a valid schedule (repeated or out-of-range deletions): the direct definition
        return [stream.minimiser([t for t in range(1, stream.T + 1) if t not in u[:i]]) for i in range(len(tau) + 1)]
    totals = [sum((row[k] for row in stream.X), 0) for k in range(stream.d)]
    out, count = [], stream.T
    for i in range(len(tau) + 1):
        if i:
            row = stream.X[deleted[i - 1] - 1]
            totals = [s - x for s, x in zip(totals, row)]
            count -= 1
        if count == 0:
            stream.minimiser([])  # raises as the direct definition does on an empty set
        out.append(tuple(s / count for s in totals))
    return out


def expected_regret(stream: Stream, laws: Sequence[Law], tau, u, *, upto: int | None = None) -> Any:
    """E Regret_T of eq. (5): Σ_t E f_t(w_{t−1}) − f_t(z*_{i(t)}), exact for quadratics (``laws`` of w_0..w_T).
    O(T·d + k·d): the interval i(t) is tracked along t instead of recounted."""
    zs = comparators(stream, tau, u)
    ordered = list(tau) == sorted(tau)
    total, i = 0, 0
    for t in range(1, (upto or stream.T) + 1):
        if ordered:
            while i < len(tau) and tau[i] < t:
                i += 1
            interval = i
        else:
            interval = interval_of(t, tau)
        total = total + stream.expected_value(t, laws[t - 1]) - stream.value(t, zs[interval])
    return total
