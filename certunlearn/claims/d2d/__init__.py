"""Claims of Descent-to-Delete (Neel, Roth, Sharifi-Malvajerdi, v1 preprint), encoded as printed.

Paper file: ``papers/002_7f80bf4846a5a6af.txt`` (line numbers below refer to it). Every numbered statement
with a constant is a claim; order-of-magnitude bounds are checked through the explicit inequality their
proof establishes before the O(·). Formulas: :mod:`certunlearn.formulas.d2d`; algorithms:
:mod:`certunlearn.algorithms.d2d`; derivations: ``proofs/d2d.py``.

Where each item lives:

===============================================  ==================  ========================================
Paper item                                       Lines               Module
===============================================  ==================  ========================================
Lemma 2.12 (sensitivity), Theorem 2.13           153, 165            :mod:`.sensitivity`
Theorem 3.1, Theorem 3.2 (Section 3.1)           200–268, 555–613    :mod:`.perturbed_gd`
Claim 3.3, Theorems 3.4, 3.5, Remark 3.6 (3.2)   269–331, 614–697    :mod:`.regularised`
Lemmas 4.2, 4.3 (reservoir sampling)             358–375, 538–554    :mod:`.reservoir`
Theorem 4.5 (perturbed distributed descent)      399–421, 677–812    :mod:`.distributed`
Table 1 (accuracy and iteration columns)         60–71, 82           :mod:`.tables`
Introduction's (2ε, 2δ) statement                74                  :mod:`.intro`
Lemmas A.2, A.3, A.5 (Appendix A)                476–495             :mod:`.appendix`
instance families and adversaries (shared)       —                   :mod:`.families`
Setup, hypotheses, exact quantities (shared)     105–147             :mod:`.common`
===============================================  ==================  ========================================

**Instances.** The perturbed-GD claims run on the :class:`~certunlearn.problems.Quadratic` family
``f_x(θ) = ½(θ − x)ᵀA(θ − x)`` with a *diagonal* A (anisotropic: the contraction of Theorem 2.13 is
attained along its eigenvectors), ``‖x‖ ≤ R``, on a box Θ = [lo, hi] — so projected gradient descent
is exact in Fractions. An instance holds the scalars of the theorem (``epsilon``, ``delta``, ``I``, ``n``,
``d``, ``L``, ``m``, ``M``, ``D``, ``beta`` …) and the problem itself: ``A`` (diagonal), ``R``, ``lo``,
``hi``, the dataset ``X`` (n×d), the update sequence ``U`` (rows ``[op, x…]``, op = 1 add, −1 delete) and
Algorithm 1's initial point ``theta0`` (also the retraining's — the adversary chooses it). Hypotheses
check the theorem's assumptions exactly: the declared constants of the family on Θ (verified by
``problems.verify``) against ``L``, ``m``, ``M``, ``D``; the data radius by ``check_data``;
Assumption 2.6 (``n_i ≥ n/2``).

**Quantities** are exact: the algorithms (``certunlearn.algorithms.d2d``, parameters from
``theorem_parameters`` evaluating the prescribed expressions of :mod:`certunlearn.formulas.d2d`) run in
Fractions; the published laws are Gaussians whose means are then exact rationals; the true δ at ε between the
update's and the retraining's published laws is ``privacy.delta_enclosure`` at the exact mean shift (or, where
the two laws have different variances, the exact 1-d hockey-stick divergence by erfc in both directions).
Accuracy probabilities are exact noncentral chi-square tails (erfc in 1-d, regularised incomplete gamma
series with a rigorous remainder otherwise).

**Section 3.2** (Claim 3.3, Theorems 3.4, 3.5, Remark 3.6): the same runs on the regularised g = f + (m/2)‖θ‖²
with the prescribed regulariser m. **Section 4**: Lemma 4.2 as a likelihood ratio (≤ 1 ⇔ the laws are equal)
between the exact enumerated law of the reservoir sample and P^B(D_i); Lemma 4.3 as the exact binomial tail of the
changed positions; Theorem 4.5 by enumerating every sampling outcome of Algorithms 4–7 (one dimension, C = 1), the
true δ between the two published Gaussian mixtures enclosed between a witness set's exact mass and a coupling bound.
The printed Algorithm 5 fails for repeated points; the ``+fix`` claims use the reference's ``"by-copy"`` variant.
**Table 1** entries are checked as rates (accuracy in 𝓘, iterations in i) against the theorems' explicit bounds;
the introduction's (2ε, 2δ) statement as a membership test on the deleted point.

``CLAIMS`` lists the claims in registration order (the registry and the JSON report keep it).
"""
from __future__ import annotations

# imported in the order the claims were written (each module registers its claims in ``common.CLAIMS_BY_ID``)
from .sensitivity import CLAIMS_23
from .perturbed_gd import CLAIMS_3
from .appendix import CLAIMS_A
from .regularised import CLAIMS_32, CLAIMS_33
from .intro import CLAIMS_INTRO
from .reservoir import CLAIMS_4A
from .distributed import CLAIMS_45
from .tables import CLAIMS_T1

CLAIMS = tuple(CLAIMS_23 + CLAIMS_3 + CLAIMS_33 + CLAIMS_32 + CLAIMS_4A + CLAIMS_45 + CLAIMS_T1 + CLAIMS_INTRO + CLAIMS_A)

__all__ = ["CLAIMS"]
