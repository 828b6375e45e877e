"""Validate an implementation against the reference: same inputs, same noise draws.

:func:`compare` and :func:`assert_matches_reference` run a candidate descent-to-delete (Algorithms 1–3) and the
reference on the same :class:`D2DCase` and the same standard normal draws (the :class:`Hooks` noise-injection
hook), compare the deterministic parts within a stated tolerance and the noise scale against the certified σ,
and on failure report the smallest failing case and the first divergent step. The candidate protocol is in
:mod:`certunlearn.testing.compare`. olu's Algorithms 1 and 2: :mod:`certunlearn.testing.olu`
(:func:`assert_olu_matches_reference`). :func:`check_claims` checks your own claims in a pytest suite and fails with
the counterexample. Hypothesis strategies (test extra) are in :mod:`certunlearn.testing.strategies`.
"""
from .claims import ClaimFailed, check_claims
from .compare import ATOL, RTOL, SCALE_RTOL, Comparison, assert_matches_reference, compare
from .hooks import Hooks, NoiseMismatch, NoiseTape
from .pomer import PomerCase, PomerHooks, assert_pomer_matches_reference, compare_pomer, reference_pomer
from .reference import ALGORITHMS, D2DCase, ReferenceRun, reference_run
from .d2d import DistributedCase, DistributedComparison, assert_distributed_matches_reference, compare_distributed
from .retain import RetainCase, RetainComparison, assert_retain_matches_reference, compare_retain
from .olu import OLUCase, OLUComparison, assert_olu_matches_reference, compare_olu, olu_reference_run
from .olu import assert_matches_reference  # noqa: F811 — the same harness, extended to olu's "olu.alg1"/"olu.alg2"

__all__ = ["check_claims", "ClaimFailed", "compare", "assert_matches_reference", "Comparison", "D2DCase", "Hooks", "NoiseTape", "NoiseMismatch",
           "ReferenceRun", "reference_run", "ALGORITHMS", "RTOL", "ATOL", "SCALE_RTOL",
           "OLUCase", "OLUComparison", "compare_olu", "assert_olu_matches_reference", "olu_reference_run",
           "PomerCase", "PomerHooks", "compare_pomer", "assert_pomer_matches_reference", "reference_pomer",
           "RetainCase", "RetainComparison", "compare_retain", "assert_retain_matches_reference",
           "DistributedCase", "DistributedComparison", "compare_distributed", "assert_distributed_matches_reference"]
