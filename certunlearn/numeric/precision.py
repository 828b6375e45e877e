"""Working precision shared by mpmath (reference mode) and python-flint (enclosures)."""
from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator

import mpmath
from flint import ctx

#: Significant decimal digits of reference-mode mpmath arithmetic.
DEFAULT_DPS = 50
#: First precision (bits) tried for a rigorous decision, and the ceiling before "undecided".
START_PREC = 64
MAX_PREC = 4096


def bits_for_digits(dps: int) -> int:
    """Bits of binary precision that hold ``dps`` significant decimal digits (with guard bits)."""
    return math.ceil(dps * math.log2(10)) + 8


@contextlib.contextmanager
def workdps(dps: int = DEFAULT_DPS) -> Iterator[None]:
    """Run a block with mpmath at ``dps`` digits and flint at the matching binary precision."""
    with mpmath.workdps(dps), ctx.workprec(bits_for_digits(dps)):
        yield


@contextlib.contextmanager
def workprec(prec: int) -> Iterator[None]:
    """Run a block with flint (and mpmath) at ``prec`` bits."""
    with mpmath.workprec(prec), ctx.workprec(prec):
        yield


def precisions(start: int = START_PREC, stop: int = MAX_PREC) -> Iterator[int]:
    """The doubling ladder of precisions tried before a comparison is declared undecided."""
    prec = start
    while prec <= stop:
        yield prec
        prec *= 2
