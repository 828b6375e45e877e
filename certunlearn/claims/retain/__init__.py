"""Claims of "Retain sensitivity for unlearning" (Heinzler, Malihi, Sanyal), encoded as printed.

Paper file: ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it). Printed formulas:
:mod:`certunlearn.formulas.retain`; derivations: ``proofs/retain.py``; algorithms: :mod:`certunlearn.algorithms.retain`
(:class:`RetainUnlearning`, the mechanisms with their exact RS).

Where each item lives (ids ``retain.*``; ``+fix`` a corrected reading, ``:control-…`` a negative control):

=====================================================  ==================================================
Paper item                                             Module
=====================================================  ==================================================
Fact 1 (l. 77), Thm 2.11 (l. 113–121), Cor 2.12        :mod:`.release` (Section 2)
Lemma 3.1, Lemma C.1, Section 3's RS ≤ GS prose        :mod:`.median` (Section 3.1, Appendix C)
Lemma 3.3, Lemmas D.1, D.3, Theorem D.4                :mod:`.mst` (Section 3.2, Appendix D)
Lemma 3.4 = E.2, Lemmas E.1, E.3, E.4                  :mod:`.pca` (Section 3.3, Appendix E)
Lemma 3.5, Lemmas F.1, F.2                             :mod:`.svm` (Section 3.4, Appendix F)
Lemma 3.7, Lemmas G.1, G.4, G.5, Examples G.2, G.3, G.6  :mod:`.erm` (Section 3.5, Appendix G)
Lemmas 4.1, 4.2, H.1, H.2, H.3                         :mod:`.active` (Section 4, Appendix H)
Table 1 (l. 222–230, 259–261)                          :mod:`.tables`
the (ε, δ) ranges, Theorem 2.11's pair mechanisms      :mod:`.families` (instance families, adversaries)
=====================================================  ==================================================

Not encoded: Theorem 2.11 for the SVM/ERM releases (their δ claims follow from the sensitivity claims through
``thm2.11``'s chain).

``thm2.11``'s chain).

Instances are exact (Fractions / decimal strings). Median instances: ``B``, ``R`` (odd n ≥ 3 values in [0, B]),
``U`` (one deleted point), ``epsilon``, ``delta``; MST-edge instances (``mech`` = 1): a weighted graph ``R`` as an
edge list ``[[u, v, w], …]`` on vertices 0..N−1 and the deleted edge ``U = [u, v, w]``. Ridge instances (d = 1):
``x``, ``y``, ``lambda``, ``B``, ``Y`` = 1, and the scalars ``n`` = |R| and ``a`` = Σx² the bound is written in
(a hypothesis checks they match the data).
"""
from __future__ import annotations

from . import active, erm, median, mst, pca, release, svm, tables

#: The registration order (the registry, the checker and every report list the claims in it).
ORDER = (
    "retain.fact1", "retain.thm2.11", "retain.cor2.12", "retain.thm2.11:control-sigma-halved", "retain.lemC.1",
    "retain.lem3.1", "retain.lemD.1", "retain.lemD.1:m-edges+fix", "retain.lem3.3", "retain.thmD.4",
    "retain.thmD.4+fix", "retain.lemE.2", "retain.lemF.2", "retain.lem3.5", "retain.lemE.2:m-points+fix",
    "retain.sec3-rs-below-gs", "retain.exG.2", "retain.exG.2+fix", "retain.lemE.1", "retain.lemE.1:frobenius",
    "retain.lemE.1+fix", "retain.lemE.1:frobenius+fix", "retain.lemE.1:control-quartered", "retain.lemG.1",
    "retain.lemG.1:second", "retain.lemG.1:control-halved", "retain.exG.3", "retain.lem3.7", "retain.lemG.4",
    "retain.lemG.4+fix", "retain.lemG.4:control-quartered", "retain.exG.6", "retain.lemG.5", "retain.lemG.5:lower",
    "retain.lemG.5:control-swapped", "retain.lemF.1", "retain.lemF.1:lower", "retain.lemF.1:control-halved",
    "retain.lemD.3", "retain.lemD.3:control-halved", "retain.lemH.1", "retain.lemH.1:sensitivity",
    "retain.lemH.1:control-boosted", "retain.lemH.2", "retain.lemH.3", "retain.lem4.2",
    "retain.lem4.2:control-cubed-away", "retain.lem4.1", "retain.lem4.1+fix", "retain.lem4.1:lower",
    "retain.lem4.1:lower+fix", "retain.lem4.1:control-lower-doubled", "retain.lemC.1:m-points+fix",
    "retain.lemG.1:m-points+fix", "retain.lemF.2:m-points+fix", "retain.lemH.2:m-points+fix",
    "retain.table1:mse-lambda0", "retain.table1:logloss-lambda0", "retain.table1:gs", "retain.lemE.3",
    "retain.lemE.2:operator", "retain.lemE.2:control-operator-quartered", "retain.lemE.4",
    "retain.lemE.4:control-noise-dropped", "retain.lemE.4:noise-tail", "retain.lemE.4:control-tail-hundredfold",
    "retain.lemH.1:m-points+fix", "retain.lemH.1:m-points-sensitivity+fix", "retain.lemH.1:control-m-boosted",
)

_BY_ID = {claim.id: claim for module in (release, median, mst, pca, svm, erm, active, tables) for claim in module.CLAIMS}
assert len(_BY_ID) == len(ORDER) and set(_BY_ID) == set(ORDER)

CLAIMS = tuple(_BY_ID[claim_id] for claim_id in ORDER)
