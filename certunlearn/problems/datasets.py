"""Seeded synthetic datasets for each loss family (nothing is downloaded).

Points are generated as exact rationals (``X_exact``, ``y_exact``): inside the data ball ``‖x‖ ≤ R``, or
with ``on_sphere=True`` **exactly on** the sphere ``‖x‖ = R`` (the extreme points the d2d constants are
attained at; built by inverse stereographic projection of dyadic points, so ``‖x‖² = R²`` holds in
Fractions). The float copies ``X``, ``y`` are rounded toward zero coordinatewise, so they still satisfy
``‖x‖ ≤ R`` and ``|y| ≤ Y`` exactly; :meth:`Dataset.to_mode` gives the exact Fraction copy, or an mpmath
copy (also rounded toward zero). Randomness comes from a ``numpy.random.Generator`` (or an int seed);
the seed (when known) and the generator's state at entry are recorded.
"""
from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import Any

import mpmath
import numpy as np
from mpmath import libmp

from ..errors import InvalidParameterError
from ..numeric.fraction import Fraction
from .domains import exact, rational_unit
from .losses import Linear, LogisticL2, LossFamily, Quadratic, Ridge

__all__ = ["Dataset", "sample_ball", "quadratic_data", "ridge_data", "logistic_data", "linear_data",
           "make_dataset", "rng_from_state"]


def _toward_zero_float(q: Fraction) -> float:
    f = float(q)
    if abs(Fraction(f)) > abs(q):
        f = math.nextafter(f, 0.0)
    return f


def _toward_zero_mpf(q: Fraction) -> mpmath.mpf:
    return mpmath.mp.make_mpf(libmp.from_rational(q.numerator, q.denominator, mpmath.mp.prec, libmp.round_down))


@dataclass(frozen=True, eq=False)
class Dataset:
    """A synthetic dataset: float arrays ``X`` (n×d), ``y`` (n,) and their exact Fraction sources."""

    X: np.ndarray
    y: np.ndarray
    X_exact: np.ndarray
    y_exact: np.ndarray
    family: str
    seed: int | None
    state: dict = field(repr=False)
    params: dict = field(default_factory=dict)

    @property
    def n(self) -> int:
        return self.X.shape[0]

    @property
    def d(self) -> int:
        return self.X.shape[1]

    def to_mode(self, mode: str) -> tuple[np.ndarray, np.ndarray]:
        """``(X, y)`` in ``mode``: ``"float"`` (the float copies), ``"fraction"`` (exact), ``"mpmath"``
        (rounded toward zero at the working precision, so the assumptions still hold)."""
        if mode == "float":
            return self.X.copy(), self.y.copy()
        if mode == "fraction":
            return self.X_exact.copy(), self.y_exact.copy()
        if mode == "mpmath":
            f = np.frompyfunc(_toward_zero_mpf, 1, 1)
            return np.asarray(f(self.X_exact), dtype=object), np.asarray(f(self.y_exact), dtype=object)
        raise InvalidParameterError("mode", f"expected 'float', 'fraction' or 'mpmath', got {mode!r}")

    def rng(self) -> np.random.Generator:
        """A generator in the state this dataset was drawn from (replays it)."""
        return rng_from_state(self.state)


def rng_from_state(state: dict) -> np.random.Generator:
    """A ``numpy.random.Generator`` restored to a recorded bit-generator state."""
    bg = getattr(np.random, state["bit_generator"])()
    bg.state = copy.deepcopy(state)
    return np.random.Generator(bg)


def _resolve(rng: np.random.Generator | int | None) -> tuple[np.random.Generator, int | None, dict]:
    if rng is None or isinstance(rng, (int, np.integer)):
        seed = 0 if rng is None else int(rng)
        g = np.random.default_rng(seed)
        return g, seed, copy.deepcopy(g.bit_generator.state)
    if not isinstance(rng, np.random.Generator):
        raise InvalidParameterError("rng", "expected a numpy.random.Generator or an int seed")
    seq = getattr(rng.bit_generator, "seed_seq", None)
    seed = None
    if isinstance(seq, np.random.SeedSequence) and not seq.spawn_key and isinstance(seq.entropy, int):
        seed = int(seq.entropy)
    return rng, seed, copy.deepcopy(rng.bit_generator.state)


def _check_sizes(n: int, d: int) -> None:
    if not isinstance(n, (int, np.integer)) or n < 1:
        raise InvalidParameterError("n", f"must be a positive integer, got {n!r}")
    if not isinstance(d, (int, np.integer)) or d < 1:
        raise InvalidParameterError("d", f"must be a positive integer, got {d!r}")


def sample_ball(rng: np.random.Generator, n: int, d: int, R: Any, *, on_sphere: bool = False) -> np.ndarray:
    """``n`` exact rational points with ``‖x‖ ≤ R`` (uniform in the ball), or ``‖x‖ = R`` exactly
    (uniform directions) with ``on_sphere``; an (n, d) object array of Fractions."""
    _check_sizes(n, d)
    Rq = exact(R, "R")
    out = np.empty((n, d), dtype=object)
    for i in range(n):
        v = rng.normal(size=d)
        while not np.any(v):
            v = rng.normal(size=d)
        if on_sphere:
            out[i] = Rq * rational_unit(v)
        else:
            u = rational_unit(v)
            rad = Fraction(float(rng.uniform() ** (1.0 / d))) * Rq * (1 - Fraction(1, 2**20))
            row = [Fraction(_toward_zero_float(t * rad)) for t in u]
            out[i] = row
    return out


def _finish(X_exact: np.ndarray, y_exact: np.ndarray, family: str, seed, state, params) -> Dataset:
    tz = np.frompyfunc(_toward_zero_float, 1, 1)
    X = np.asarray(tz(X_exact), dtype=np.float64)
    y = np.asarray(tz(y_exact), dtype=np.float64) if y_exact.size else np.zeros(0)
    return Dataset(X, y, X_exact, y_exact, family, seed, state, params)


def quadratic_data(rng: Any, n: int, d: int, R: Any, *, on_sphere: bool = False) -> Dataset:
    """Points for :class:`~.losses.Quadratic` (labels unused: zeros)."""
    g, seed, state = _resolve(rng)
    X = sample_ball(g, n, d, R, on_sphere=on_sphere)
    y = np.asarray([Fraction(0)] * n, dtype=object)
    return _finish(X, y, "quadratic", seed, state, {"n": n, "d": d, "R": str(R), "on_sphere": on_sphere})


def linear_data(rng: Any, n: int, d: int, R: Any, *, on_sphere: bool = False) -> Dataset:
    """Gradient vectors ``g_t`` for :class:`~.losses.Linear` (labels unused: zeros)."""
    g, seed, state = _resolve(rng)
    X = sample_ball(g, n, d, R, on_sphere=on_sphere)
    y = np.asarray([Fraction(0)] * n, dtype=object)
    return _finish(X, y, "linear", seed, state, {"n": n, "d": d, "R": str(R), "on_sphere": on_sphere})


def ridge_data(rng: Any, n: int, d: int, R: Any, Y: Any, *, on_sphere: bool = False, noise: float = 0.1,
               extreme_labels: bool = False) -> Dataset:
    """Linear-model data ``y = ⟨x, θ₀⟩ + noise`` clipped to ``[−Y, Y]`` (``θ₀`` Gaussian, ``‖θ₀‖ ≈ 1``);
    ``extreme_labels`` puts every label at ``±Y``."""
    g, seed, state = _resolve(rng)
    Yq = exact(Y, "Y")
    X = sample_ball(g, n, d, R, on_sphere=on_sphere)
    theta0 = g.normal(size=d) / math.sqrt(d)
    Xd = np.asarray(X, dtype=float)
    raw = Xd @ theta0 + noise * g.normal(size=n)
    y = np.empty(n, dtype=object)
    for i, t in enumerate(raw):
        if extreme_labels:
            y[i] = Yq if t >= 0 else -Yq
        else:
            q = Fraction(float(t))
            y[i] = min(max(q, -Yq), Yq)
    return _finish(X, y, "ridge", seed, state, {"n": n, "d": d, "R": str(R), "Y": str(Y), "on_sphere": on_sphere,
                                                "noise": noise, "theta0": theta0.tolist()})


def logistic_data(rng: Any, n: int, d: int, R: Any, *, on_sphere: bool = False, scale: float = 2.0) -> Dataset:
    """Labels ``y ∈ {−1, +1}`` drawn from the logistic model ``P(y = 1) = σ(⟨x, θ₀⟩)``,
    ``θ₀`` Gaussian with norm ≈ ``scale``."""
    g, seed, state = _resolve(rng)
    X = sample_ball(g, n, d, R, on_sphere=on_sphere)
    theta0 = g.normal(size=d) * scale / math.sqrt(d)
    p = 1.0 / (1.0 + np.exp(-(np.asarray(X, dtype=float) @ theta0)))
    y = np.asarray([Fraction(1) if u < pi else Fraction(-1) for u, pi in zip(g.uniform(size=n), p)], dtype=object)
    return _finish(X, y, "logistic", seed, state, {"n": n, "d": d, "R": str(R), "on_sphere": on_sphere,
                                                   "theta0": theta0.tolist()})


def make_dataset(loss: LossFamily, rng: Any, n: int, d: int | None = None, *, on_sphere: bool = False,
                 **kwargs: Any) -> Dataset:
    """A dataset satisfying ``loss``'s declared assumptions (its ``R``, ``Y``)."""
    d = d or loss.dim
    if d is None:
        raise InvalidParameterError("d", "this loss family needs a dimension")
    if isinstance(loss, Quadratic):
        return quadratic_data(rng, n, d, loss.R, on_sphere=on_sphere, **kwargs)
    if isinstance(loss, Ridge):
        return ridge_data(rng, n, d, loss.R, loss.Y, on_sphere=on_sphere, **kwargs)
    if isinstance(loss, LogisticL2):
        return logistic_data(rng, n, d, loss.R, on_sphere=on_sphere, **kwargs)
    if isinstance(loss, Linear):
        return linear_data(rng, n, d, loss.R, on_sphere=on_sphere, **kwargs)
    raise InvalidParameterError("loss", f"no generator for {type(loss).__name__}")
