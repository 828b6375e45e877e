"""Validate an implementation against the reference: same inputs, same noise draws.

:func:`compare` and :func:`assert_matches_reference` run a candidate descent-to-delete (Algorithms 1–3) and the
reference on the same :class:`D2DCase` and the same standard normal draws (the :class:`Hooks` noise-injection
hook), compare the deterministic parts within a stated tolerance and the noise scale against the certified σ,
and on failure report the smallest failing case and the first divergent step. The candidate protocol is in
:mod:`certunlearn.testing.compare`. Hypothesis strategies (test extra) are in :mod:`certunlearn.testing.strategies`.
"""
from .compare import ATOL, RTOL, SCALE_RTOL, Comparison, assert_matches_reference, compare
from .hooks import Hooks, NoiseMismatch, NoiseTape
from .reference import ALGORITHMS, D2DCase, ReferenceRun, reference_run
from .r2d import R2D_ALGORITHMS, R2DCase, R2DComparison, assert_matches_reference_r2d, compare_r2d, r2d_reference_run

__all__ = ["compare", "assert_matches_reference", "Comparison", "D2DCase", "Hooks", "NoiseTape", "NoiseMismatch",
           "ReferenceRun", "reference_run", "ALGORITHMS", "RTOL", "ATOL", "SCALE_RTOL",
           "R2DCase", "R2DComparison", "R2D_ALGORITHMS", "compare_r2d", "assert_matches_reference_r2d", "r2d_reference_run"]
