"""The noise-injection hook: the candidate and the reference consume the same standard normal draws.

A candidate under test receives a :class:`Hooks` object and must take every Gaussian draw from
``hooks.noise(shape)`` (standard normals, scaled by the candidate itself) instead of its own generator,
and may report each iterate with ``hooks.step(theta)``. The reference records its draws on a
:class:`NoiseTape`; the candidate is then replayed on the same tape (and on its negation, which isolates
the deterministic part and the noise scale of any output of the form ``mean + scale·Z``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

__all__ = ["NoiseTape", "Hooks", "NoiseMismatch"]


class NoiseMismatch(Exception):
    """The candidate asked for noise of another shape, or more draws, than the reference used."""


@dataclass
class NoiseTape:
    """Standard normal draws: recorded from ``rng`` on first use, then replayed (times ``sign``)."""

    rng: np.random.Generator | None = None
    draws: list[np.ndarray] = field(default_factory=list)

    def record(self, shape) -> np.ndarray:
        z = self.rng.standard_normal(shape)
        self.draws.append(z)
        return z.copy()

    def replay(self, sign: float = 1.0) -> Hooks:
        """Hooks serving this tape's draws in order, multiplied by ``sign``."""
        return Hooks(self, sign)


@dataclass
class Hooks:
    """What a candidate receives: ``noise(shape)`` (standard normals from the tape) and ``step(theta)``."""

    tape: NoiseTape
    sign: float = 1.0
    used: int = 0
    iterates: list[np.ndarray] = field(default_factory=list)

    def noise(self, shape) -> np.ndarray:
        """The next standard normal draw of this ``shape`` (int or tuple)."""
        shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
        if self.used >= len(self.tape.draws):
            raise NoiseMismatch(f"draw {self.used + 1} requested, the reference made {len(self.tape.draws)}")
        z = self.tape.draws[self.used]
        if z.shape != shape:
            raise NoiseMismatch(f"draw {self.used + 1} has shape {shape} in the candidate, {z.shape} in the reference")
        self.used += 1
        return self.sign * z

    def step(self, theta) -> None:
        """Report one iterate θ_t (t = 1, 2, …) of the candidate's descent."""
        self.iterates.append(np.array(theta, dtype=np.float64, copy=True).reshape(-1))
