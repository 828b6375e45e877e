"""How the issue-23 widened d2d families (:mod:`.distributed_families`, :mod:`.contraction_families`,
:mod:`.intro_families`) pick their instances from a grid: evenly spread, so that a small profile still reaches both
ends of every axis the grid is ordered by."""
from __future__ import annotations

from typing import TypeVar

import numpy as np

T = TypeVar("T")


def spread(items: list[T], want: int) -> list[T]:
    """``want`` items spread evenly over ``items`` (the first and the last included; all when there are no more)."""
    if want >= len(items):
        return list(items)
    return [items[j] for j in sorted(set(np.linspace(0, len(items) - 1, max(1, want)).round().astype(int).tolist()))]
