"""Exact instance entries: a number of an instance as a Fraction, and hashable keys for caching exact runs."""
from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

import numpy as np
from flint import arb

from ..numeric.enclosure import parse_exact
from ..numeric.fraction import RATIONAL_TYPES, Fraction
from .model import Instance

_RATIONAL_SET = frozenset(RATIONAL_TYPES)
_SEQUENCES = frozenset((list, tuple))


def all_rational(values: Iterable[Any]) -> bool:
    """Every value is of ``RATIONAL_TYPES`` (exactly, not a subclass), the types checked at C speed: a dataset's n·d
    entries, where a Python-level test per entry was a visible share of a check."""
    return set(map(type, values)) <= _RATIONAL_SET


def frac(v: Any) -> Fraction:
    """The exact value of an instance entry (int, float, Fraction, decimal string); ``TypeError`` otherwise."""
    if isinstance(v, RATIONAL_TYPES):
        return v
    if isinstance(v, bool):
        raise TypeError("a boolean is not a number")
    if isinstance(v, (int, np.integer)):
        return Fraction(int(v))
    if isinstance(v, (float, np.floating)):
        return Fraction(float(v))
    if isinstance(v, str):
        return Fraction(v)
    raise TypeError(f"not an exact number: {v!r}")


def is_int(v: Any, low: int | None = None) -> bool:
    """Whether ``v`` is exactly an integer (and ≥ ``low`` when given)."""
    try:
        f = frac(v)
    except TypeError:
        return False
    return f.denominator == 1 and (low is None or f >= low)


def freeze(v: Any) -> Any:
    """A hashable exact copy of an entry: nested sequences as tuples of Fractions; an arb (a prescribed value the
    checker filled in) as None, since it is recomputed from the exact entries. A Fraction, and a list or tuple of
    Fractions or of rows of Fractions, take a fast path (one C-level copy, the same tuple): exact runs key their
    caches by X, and freezing its n·d entries one call at a time was a sixth of a quick r2d check."""
    t = type(v)
    if t in RATIONAL_TYPES:
        return v
    if t is list or t is tuple:
        rows = _fraction_rows(v)
        if rows is not None:
            return rows
    if isinstance(v, (list, tuple, np.ndarray)):
        return tuple(freeze(x) for x in v)
    if isinstance(v, arb):
        return None
    if isinstance(v, str) and isinstance(parse_exact(v), str):
        return v  # a label (e.g. "uniform"), not a number
    return frac(v)


def _fraction_rows(v: list | tuple) -> tuple | None:
    """``v`` as a tuple when every entry is a Fraction, as a tuple of row tuples when every entry is a list or tuple
    of Fractions; None otherwise (then :func:`freeze` recurses)."""
    if all_rational(v):
        return tuple(v)
    if rational_rows(v):
        return tuple(map(tuple, v))
    return None


def rational_rows(v: list | tuple) -> bool:
    """Every entry of ``v`` is a list or tuple of exact rationals (a dataset's rows), the types checked at C speed."""
    return set(map(type, v)) <= _SEQUENCES and all_rational(itertools.chain.from_iterable(v))


def instance_key(values: Instance, names: Iterable[str]) -> tuple:
    """A hashable key of the exact instance entries ``names`` (for caching exact computations)."""
    return tuple((k, freeze(values[k])) for k in names if k in values)
