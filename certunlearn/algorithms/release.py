"""What an algorithm run publishes, keeps, and claims — shared by every paper's algorithms.

A run returns a :class:`Release`:

* ``law`` — the published law. For output perturbation it is a :class:`GaussianRelease`
  ``N(mean, σ²I)`` (or ``N(mean, cov)``), exactly as the algorithm's publishing function draws it,
  conditional on the randomness already spent (earlier noise draws, bootstrap samples). Anything
  else with a ``sample(rng)`` method may stand in where the law is not Gaussian.
* ``state`` — the secret state the next update needs (paper-specific; for d2d a dataset and a model).
* ``certificate`` — the :class:`Certificate` the run claims: guarantee text, parameters, claim id.
* ``seed`` / ``rng_state`` — the seed (when the generator was made from an int seed) and the
  generator's state when the run started, so a randomized run can be replayed.
* ``published`` — the published value when the algorithm itself had to draw it (e.g. d2d's perfect
  variant keeps only the published model), else ``None``.

``release.sample(rng)`` draws a published value from ``law``. Randomness is always a
``numpy.random.Generator`` passed in, never global state.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

import mpmath
import numpy as np

from ..errors import InvalidParameterError
from ..numeric import linalg as la
from ..numeric.fraction import RATIONAL_TYPES
from ..numeric.precision import DEFAULT_DPS, workdps

__all__ = ["Certificate", "GaussianRelease", "Release", "Law", "record_rng", "as_generator"]


class Law(Protocol):
    """Anything that can draw a published value."""

    def sample(self, rng: np.random.Generator) -> np.ndarray: ...


def _finite_positive(value: Any, name: str) -> Any:
    if isinstance(value, bool):
        raise InvalidParameterError(name, "a boolean is not a number")
    try:
        q = la.to_mode(np.asarray(value, dtype=object), "fraction")[()]
    except (TypeError, ValueError, OverflowError, ArithmeticError) as e:
        raise InvalidParameterError(name, f"{value!r} is not a finite real number") from e
    if not isinstance(q, RATIONAL_TYPES):
        raise InvalidParameterError(name, f"expected a scalar, got {value!r}")
    if q <= 0:
        raise InvalidParameterError(name, f"must be > 0, got {value!r}")
    return value


@dataclass(frozen=True)
class Certificate:
    """The guarantee a release claims.

    ``guarantee``: the statement in words (which law is indistinguishable from which, at what (ε, δ));
    ``parameters``: the parameters it was run with (σ, η, iteration counts, ε, δ, round …), read-only;
    ``claim_id``: the registered claim (``certunlearn.claims``) that states the guarantee, if any.
    """

    guarantee: str
    parameters: Mapping[str, Any] = field(default_factory=dict)
    claim_id: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "parameters", MappingProxyType(dict(self.parameters)))

    def with_parameters(self, **extra: Any) -> Certificate:
        """A copy with more parameters recorded."""
        return Certificate(self.guarantee, {**self.parameters, **extra}, self.claim_id)


@dataclass(frozen=True, eq=False)
class GaussianRelease:
    """The Gaussian law ``N(mean, σ²I)`` (give ``sigma``) or ``N(mean, cov)`` (give ``cov``).

    ``mean`` keeps its number mode (float64, mpmath or Fraction object array); ``sigma`` may be a float,
    Fraction or mpf (> 0); ``cov`` a symmetric positive definite matrix. :meth:`sample` draws
    ``mean + σ·Z`` (or ``mean + L·Z`` with ``L Lᵀ = cov``) where ``Z = rng.standard_normal(d)``; the draw
    is returned in the mode of the mean (the float64 ``Z`` converts exactly to Fractions/mpf)."""

    mean: np.ndarray
    sigma: Any = None
    cov: np.ndarray | None = None

    def __post_init__(self) -> None:
        mean = self.mean
        if not isinstance(mean, np.ndarray):
            mean = la.asarray(mean, la.mode_of(np.asarray(mean, dtype=object)))
        if mean.ndim != 1 or mean.shape[0] == 0:
            raise InvalidParameterError("mean", f"expected a non-empty vector, got shape {mean.shape}")
        object.__setattr__(self, "mean", mean)
        if (self.sigma is None) == (self.cov is None):
            raise InvalidParameterError("sigma", "give exactly one of sigma and cov")
        if self.sigma is not None:
            _finite_positive(self.sigma, "sigma")
        else:
            cov = np.asarray(self.cov) if not isinstance(self.cov, np.ndarray) else self.cov
            d = mean.shape[0]
            if cov.shape != (d, d):
                raise InvalidParameterError("cov", f"expected shape {(d, d)}, got {cov.shape}")
            try:
                la.cholesky(cov)
            except la.LinAlgError as e:
                raise InvalidParameterError("cov", "must be symmetric positive definite") from e
            object.__setattr__(self, "cov", cov)

    @property
    def dim(self) -> int:
        return int(self.mean.shape[0])

    @property
    def mode(self) -> str:
        return la.mode_of(self.mean)

    @property
    def isotropic(self) -> bool:
        return self.sigma is not None

    def covariance(self) -> np.ndarray:
        """The covariance matrix (``σ²I`` for the isotropic law), in the mode of the mean."""
        mode = self.mode
        if self.cov is not None:
            return la.asarray(self.cov, mode)
        s = la.asarray(self.sigma, mode)[()]
        return la.eye(self.dim, mode) * (s * s)

    def sample(self, rng: np.random.Generator) -> np.ndarray:
        """One published value ``mean + noise`` (noise drawn from ``rng``)."""
        rng = as_generator(rng)
        z = rng.standard_normal(self.dim)
        mode = self.mode
        if mode == "float":
            if self.cov is None:
                return self.mean + float(self.sigma) * z
            return self.mean + np.linalg.cholesky(np.asarray(self.cov, dtype=np.float64)) @ z
        with workdps(max(DEFAULT_DPS, mpmath.mp.dps)):  # reference mode: at least 50 digits
            if self.cov is None:
                s = la.asarray(self.sigma, mode)[()]
                return la.asarray(self.mean + la.asarray(z, mode) * s, mode)
            L = la.cholesky(la.asarray(self.cov, mode))
            out_mode = la.mode_of(L)
            return la.asarray(la.asarray(self.mean, out_mode) + L @ la.asarray(z, out_mode), out_mode)

    def __repr__(self) -> str:
        spread = f"sigma={self.sigma!r}" if self.cov is None else "cov=<matrix>"
        return f"GaussianRelease(dim={self.dim}, mode={self.mode!r}, {spread})"


@dataclass(frozen=True, eq=False)
class Release:
    """One published round: its law, the secret state for the next update, the certificate, the seed."""

    law: Any
    state: Any
    certificate: Certificate
    seed: int | None = None
    rng_state: Mapping[str, Any] | None = field(default=None, repr=False)
    published: np.ndarray | None = None

    def sample(self, rng: np.random.Generator) -> np.ndarray:
        """Draw a published value from :attr:`law`."""
        return self.law.sample(rng)


# --------------------------------------------------------------------------- randomness
def as_generator(rng: Any) -> np.random.Generator:
    """``rng`` itself if it is a ``numpy.random.Generator``; an int seeds a fresh PCG64 generator."""
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        return np.random.default_rng(int(rng))
    raise InvalidParameterError("rng", f"expected a numpy.random.Generator (or an int seed), got {type(rng).__name__}")


def record_rng(rng: Any) -> tuple[np.random.Generator, int | None, dict[str, Any]]:
    """``(generator, seed, state)``: the generator to use, the int seed it was made from (when that is
    known: an int given here, or a generator built by ``default_rng(int)``), and a deep copy of its state
    now (restore with ``certunlearn.problems.rng_from_state``)."""
    g = as_generator(rng)
    seed: int | None = None
    if isinstance(rng, (int, np.integer)):
        seed = int(rng)
    else:
        seq = getattr(g.bit_generator, "seed_seq", None)
        if isinstance(seq, np.random.SeedSequence) and not seq.spawn_key and isinstance(seq.entropy, int):
            seed = int(seq.entropy)
    return g, seed, copy.deepcopy(g.bit_generator.state)
