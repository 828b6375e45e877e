"""Validate an implementation against the reference: same inputs, same noise draws, the first divergent step.

One harness per paper, each comparing a candidate with the reference algorithm on the same inputs and the same
noise (or uniform) draws, within a stated tolerance, and reporting the smallest failing case and its first divergent
step:

- d2d, Algorithms 1–3 (descent-to-delete): :func:`assert_matches_reference` (also routes olu's ``"olu.alg1"`` /
  ``"olu.alg2"``), :func:`compare`, :class:`D2DCase`; the candidate protocol is in :mod:`certunlearn.testing.compare`.
  d2d Section 4 (perturbed distributed descent): :func:`assert_distributed_matches_reference`.
- r2d, Algorithms 1–3: :func:`assert_matches_reference_r2d`, :class:`R2DCase`.
- retain (passive mechanisms, D2D-RS, Newton-RS): :func:`assert_retain_matches_reference`, :class:`RetainCase`.
- olu, Algorithms 1 and 2: :func:`assert_olu_matches_reference`, :class:`OLUCase`.
- pomer, Algorithm 1 (sharing its sampler's uniform draws): :func:`assert_pomer_matches_reference`, :class:`PomerCase`.

The certificate check (:mod:`certunlearn.testing.certificate`): :func:`check_certificate` gives the candidate only a
:class:`Case` (certificate, constants, data, updates; ``docs/testing.md``) and decides exactly whether its own
calibration and run meet the certificate at the worst shift (d2d, r2d, retain: Gaussian (ε, δ); olu: Rényi; pomer:
Theorem 4.3's whole-trajectory (ε, δ) at the Φ and p read from the candidate, :mod:`.pomer_certificate`); on an
accuracy claim's case (d2d Theorem 3.1's accuracy, r2d Corollary 3.5) also the paper's accuracy claim, in
``result.accuracy`` (:mod:`certunlearn.testing.accuracy`; suites ``d2d.accuracy_cases``, ``r2d.accuracy_cases``).
Default suites: ``certunlearn.testing.<key>.cases(profile)`` for d2d, r2d, olu, retain, pomer (and
``pomer.certificate_cases``). Worked examples of every protocol, with switchable planted bugs:
:mod:`certunlearn.testing.candidates`.

:func:`check_claims` checks your own claims in a pytest suite and fails with the counterexample. Hypothesis
strategies (test extra) are in :mod:`certunlearn.testing.strategies`.
"""
from ..claims.case import Case
from .accuracy import ACCURACY_ROUTES, AccuracyCheck
from .certificate import CertificateCheck, assert_meets_certificate, check_certificate
from .claims import ClaimFailed, check_claims
from .compare import ATOL, RTOL, SCALE_RTOL, Comparison, compare
from .d2d import DistributedCase, DistributedComparison, assert_distributed_matches_reference, compare_distributed
from .hooks import Hooks, NoiseMismatch, NoiseTape
from .olu import OLUCase, OLUComparison, assert_matches_reference, assert_olu_matches_reference, compare_olu
from .olu import olu_reference_run
from .pomer import PomerCase, PomerHooks, assert_pomer_matches_reference, compare_pomer, reference_pomer
from .r2d import R2D_ALGORITHMS, R2DCase, R2DComparison, assert_matches_reference_r2d, compare_r2d, r2d_reference_run
from .reference import ALGORITHMS, D2DCase, ReferenceRun, reference_run
from .retain import RetainCase, RetainComparison, assert_retain_matches_reference, compare_retain

__all__ = [
    "check_claims", "ClaimFailed", "Case", "check_certificate", "assert_meets_certificate", "CertificateCheck",
    "AccuracyCheck", "ACCURACY_ROUTES",
    "assert_matches_reference", "compare", "Comparison", "D2DCase", "Hooks", "NoiseTape", "NoiseMismatch",
    "ReferenceRun", "reference_run", "ALGORITHMS", "RTOL", "ATOL", "SCALE_RTOL",
    "DistributedCase", "DistributedComparison", "compare_distributed", "assert_distributed_matches_reference",
    "R2DCase", "R2DComparison", "R2D_ALGORITHMS", "compare_r2d", "assert_matches_reference_r2d", "r2d_reference_run",
    "RetainCase", "RetainComparison", "compare_retain", "assert_retain_matches_reference",
    "OLUCase", "OLUComparison", "compare_olu", "assert_olu_matches_reference", "olu_reference_run",
    "PomerCase", "PomerHooks", "compare_pomer", "assert_pomer_matches_reference", "reference_pomer",
]
