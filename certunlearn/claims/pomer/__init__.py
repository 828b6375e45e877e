"""Claims of POMER (Agarwal, Kale, Singh, Thakurta — *Improved Differentially Private and Lazy Online Convex
Optimization*; paper file ``001_8748437fc158d2af.txt``, line numbers below refer to it).

Where each item of the paper lives:

==========================================================================  ======================================
paper item (lines)                                                          module
==========================================================================  ======================================
Definition 3.1 (136–141), Lemmas 3.2 (143–144), 3.3 (146–150),              :mod:`.gibbs_measures` (Section 3,
3.5 (158–163), 3.6 / A.1 (165–170)                                          Appendix A)
Lemma 4.2 / B.1 (229–233), Lemma 4.6 / B.2 (294–301), Theorem 4.1           :mod:`.regret` (Sections 4, 4.2,
(214–228), Theorem 4.5 (270–292)                                            Appendix B)
Claim C.2 / 4.9 (687–697), footnote 4 (240), Theorem 4.3 (244–256),         :mod:`.privacy` (Sections 4.1, 4.3,
Theorem 4.4 (258–268)                                                       Appendix C)
instance families and adversaries of all of the above                       :mod:`.families`
losses of an instance, Assumption 2.1, closeness level (Definition 3.4)     :mod:`.common`
==========================================================================  ======================================

The printed expressions (bounds and prescribed parameters) live in :mod:`certunlearn.formulas.pomer`.

Every quantity is exact in one dimension: K = [a, b] ∋ 0 and piecewise-linear convex losses, so Gibbs laws are
mixtures of truncated Gaussians (:mod:`certunlearn.algorithms.pomer_gibbs`) and the law of Algorithm 1's
iterates, with its budget state, is a finite recursion (:mod:`certunlearn.algorithms.pomer_law`). A loss in an
instance is ``[kink, left slope, right slope]`` (value 0 at the kink; a kink outside (a, b) makes it linear), so
the linear losses ±Gx that are extremal for Lemmas 3.5/3.6 and the hinge losses are all one family.

``CLAIMS`` keeps the registration order: Section 3, then Lemma 4.2, Lemma 4.6, Theorem 4.1, then the privacy
items (Claim C.2, footnote 4, Theorems 4.3, 4.4), then Theorem 4.5.
"""
from __future__ import annotations

from . import gibbs_measures, privacy, regret
from .common import losses_of

CLAIMS = (*gibbs_measures.CLAIMS, *regret.LAW_CLAIMS, *privacy.CLAIMS, *regret.THM45_CLAIMS)

__all__ = ["CLAIMS", "losses_of"]
