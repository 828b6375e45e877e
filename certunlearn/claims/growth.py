"""How a structured family grows with the profile (issue 23 item 4): its listed instances, then random ones.

A structured adversary's ``generate(rng, size)`` yields its listed instances (the extremal ones: equality cases,
boundaries, the known worst cases). The quick profile (size :data:`QUICK_SIZE`) runs those and nothing more. A family
whose list is shorter than what a larger profile asks for (thorough wants 50 decided instances of a claim) then
draws :func:`random_count` random instances of the same class after its list — so thorough is never weaker than
quick for lack of instances, and its search reaches past the list. The random draws are exact rationals
(:func:`rational`) inside the claim's printed hypotheses; the hypotheses are decided on each one anyway.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

import numpy as np

from ..numeric.fraction import Fraction

#: The quick profile's structured size (:data:`certunlearn.check.profiles.PROFILES`; a test keeps the two equal): a
#: family draws nothing random beyond its list at this size.
QUICK_SIZE = 40

#: At most this many random instances after a family's list (thorough's size, 100 000, is "no cap").
MOST = 48


def random_count(size: int, most: int = MOST) -> int:
    """How many random instances a family draws after its list at structured size ``size``: none at the quick
    profile's size or below, ``size − QUICK_SIZE`` above it, at most ``most``."""
    return min(most, max(0, size - QUICK_SIZE))


def grown(listed: Iterable[dict], size: int, draw: Callable[[np.random.Generator], dict], rng: np.random.Generator,
          most: int = MOST) -> list[dict]:
    """``listed``, then :func:`random_count` instances ``draw(rng)``."""
    return list(listed) + [draw(rng) for _ in range(random_count(size, most))]


def rational(rng: np.random.Generator, lo: Any, hi: Any, den: int) -> Fraction:
    """A random rational k/den in [lo, hi] (``lo``, ``hi`` exact, multiples of 1/den or not: the ends are rounded
    inwards)."""
    a, b = -((-Fraction(lo) * den).__floor__()), (Fraction(hi) * den).__floor__()
    if a > b:
        raise ValueError(f"no multiple of 1/{den} in [{lo}, {hi}]")
    return Fraction(int(rng.integers(a, b + 1)), den)


def decimal(rng: np.random.Generator, lo: Any, hi: Any, places: int) -> str:
    """A random decimal string in [lo, hi] with ``places`` digits after the point (exact: a multiple of
    10^−places, :func:`rational`)."""
    units = rational(rng, lo, hi, 10**places) * 10**places
    return format(Decimal(int(units)).scaleb(-places), "f")
