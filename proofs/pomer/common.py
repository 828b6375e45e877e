"""Symbols shared by the parts of ``proofs/pomer`` (paper file ``papers/001_8748437fc158d2af.txt``)."""
from __future__ import annotations

import sympy

kappa = sympy.Symbol("kappa", positive=True)  # a ratio in (0, 1]: actual / its bound
