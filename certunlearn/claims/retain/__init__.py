"""Claims of "Retain sensitivity for unlearning" (Heinzler, Malihi, Sanyal), encoded as printed.

Paper file: ``papers/004_d584c64aaf1f17d0.txt`` (line numbers below refer to it). Printed formulas:
:mod:`certunlearn.formulas.retain`; derivations: ``proofs/retain/`` (a package: one part per section); algorithms: :mod:`certunlearn.algorithms.retain`
(:class:`RetainUnlearning`, the mechanisms with their exact RS).

Where each item lives (ids ``retain.*``; ``+fix`` a corrected reading, ``:control-…`` a negative control):

=====================================================  ==================================================
Paper item                                             Module
=====================================================  ==================================================
Fact 1 (l. 77), Cor 2.8, Thm 2.11 (l. 113–121), 2.12   :mod:`.release` (Section 2)
Cor 2.8 for the SVM and the ERM (l. 95)                :mod:`.cor28`
Lemma 3.1, Example 3.2, Lemma C.1, RS ≤ GS prose       :mod:`.median` (Section 3.1, Appendix C)
Lemma 3.3, Lemmas D.1, D.3, Theorem D.4                :mod:`.mst` (Section 3.2, Appendix D)
Lemma 3.4 = E.2, Lemmas E.1, E.3, E.4                  :mod:`.pca` (Section 3.3, Appendix E)
Lemma 3.5, Lemmas F.1, F.2                             :mod:`.svm` (Section 3.4, Appendix F)
Lemma 3.7, Lemmas G.1, G.4, G.5, Examples G.2, G.3, G.6  :mod:`.erm` (Section 3.5, Appendix G)
Lemmas 4.1, 4.2, H.1, H.2, H.3                         :mod:`.active` (Section 4, Appendix H)
Table 1 (l. 222–230, 259–261)                          :mod:`.tables`
the (ε, δ) ranges, Theorem 2.11's pair mechanisms      :mod:`.families` (instance families, adversaries)
=====================================================  ==================================================

Not encoded: Theorem 2.11 for the SVM/ERM releases (their δ claims follow from the sensitivity claims through
``thm2.11``'s chain). Coverage, item by item: :data:`ITEMS`.

Instances are exact (Fractions / decimal strings). Median instances: ``B``, ``R`` (odd n ≥ 3 values in [0, B]),
``U`` (one deleted point), ``epsilon``, ``delta``; MST-edge instances (``mech`` = 1): a weighted graph ``R`` as an
edge list ``[[u, v, w], …]`` on vertices 0..N−1 and the deleted edge ``U = [u, v, w]``. Ridge instances (d = 1):
``x``, ``y``, ``lambda``, ``B``, ``Y`` = 1, and the scalars ``n`` = |R| and ``a`` = Σx² the bound is written in
(a hypothesis checks they match the data).
"""
from __future__ import annotations

from . import active, cor28, erm, median, mst, pca, release, svm, tables

#: The registration order (the registry, the checker and every report list the claims in it).
ORDER = (
    "retain.fact1", "retain.cor2.8", "retain.cor2.8:svm", "retain.cor2.8:erm", "retain.thm2.11", "retain.cor2.12", "retain.thm2.11:control-sigma-tenth-less", "retain.lemC.1",
    "retain.lem3.1", "retain.lem3.1:lower", "retain.ex3.2", "retain.lemD.1", "retain.lemD.1:m-edges+fix", "retain.lem3.3", "retain.thmD.4",
    "retain.thmD.4+fix", "retain.lemE.2", "retain.lemF.2", "retain.lem3.5", "retain.lemE.2:m-points+fix",
    "retain.sec3-rs-below-gs", "retain.exG.2", "retain.exG.2+fix", "retain.lemE.1", "retain.lemE.1:frobenius",
    "retain.lemE.1+fix", "retain.lemE.1:frobenius+fix", "retain.lemE.1:fix-control-tenth-less", "retain.lemG.1",
    "retain.lemG.1:second", "retain.lemG.1:control-tenth-less", "retain.exG.3", "retain.lem3.7", "retain.lemG.4",
    "retain.lemG.4+fix", "retain.lemG.4:control-halved", "retain.exG.6", "retain.lemG.5", "retain.lemG.5:lower",
    "retain.lemG.5:control-swapped", "retain.lemF.1", "retain.lemF.1:lower", "retain.lemF.1:control-tenth-less",
    "retain.lemD.3", "retain.lemD.3:control-tenth-less", "retain.lemH.1", "retain.lemH.1:sensitivity",
    "retain.lemH.1:sensitivity-control-twentieth", "retain.lemH.2", "retain.lemH.3", "retain.lem4.2",
    "retain.lem4.2:control-four-hundredth", "retain.lem4.1", "retain.lem4.1+fix", "retain.lem4.1:lower",
    "retain.lem4.1:lower+fix", "retain.lem4.1:lower-fix-control-tenth-more", "retain.lemC.1:m-points+fix",
    "retain.lemG.1:m-points+fix", "retain.lemF.2:m-points+fix", "retain.lemH.2:m-points+fix",
    "retain.table1:mse-lambda0", "retain.table1:logloss-lambda0", "retain.table1:gs", "retain.lemE.3",
    "retain.lemE.2:operator", "retain.lemE.2:operator-control-quartered", "retain.lemE.4",
    "retain.lemE.4:control-noise-dropped", "retain.lemE.4:noise-tail", "retain.lemE.4:noise-tail-control-fiftyfold",
    "retain.lemH.1:m-points+fix", "retain.lemH.1:m-points-sensitivity+fix", "retain.lemH.1:m-points-sensitivity-fix-control-twentieth",
)

_BY_ID = {claim.id: claim for module in (release, median, mst, pca, svm, erm, active, tables, cor28) for claim in module.CLAIMS}
assert len(_BY_ID) == len(ORDER) and set(_BY_ID) == set(ORDER)

from ..declared_scope import with_scope  # noqa: E402
from .scope import SCOPE  # noqa: E402

#: the printed class, reach and narrowings of every claim (DESIGN.md "Scope"): :mod:`.scope`
CLAIMS = tuple(with_scope((_BY_ID[claim_id] for claim_id in ORDER), SCOPE))

#: Every numbered statement, formula-bearing table row and algorithm of the paper, in its order: the claims that check
#: it, or why none can (``certunlearn list --coverage``).
ITEMS: dict[str, tuple[str, ...] | str] = {
    "Definition 2.1": "(ε, δ)-indistinguishability: the quantity of every (ε, δ) claim is its exact δ at ε",
    "Definition 2.2": "(ε, δ)-unlearning: the guarantee retain.thm2.11, retain.cor2.12, retain.lemH.1 and retain.lemH.3 "
                      "check, on the two published laws",
    "Definition 2.3": "active vs. passive: a classification of the mechanisms, no bound",
    "Definition 2.4": "(ε, δ)-DP: the guarantee retain.fact1 checks",
    "Definition 2.5": "global sensitivity: the GS of each mechanism (retain.lem3.1, retain.lem3.3, retain.lem3.5, …)",
    "Fact 1": ("retain.fact1",),
    "Definition 2.6": "local sensitivity: computed by enumeration in retain.cor2.8",
    "Definition 2.7": "retain sensitivity: the quantity of every sensitivity claim (exact RS of each mechanism)",
    "Corollary 2.8": ("retain.cor2.8", "retain.cor2.8:svm", "retain.cor2.8:erm"),
    "Remark 2.9": "defines down sensitivity (a notion, no bound); it is the removals' part of LS in retain.cor2.8",
    "Definition 2.10": "RS for unlearning pairs: the quantity of retain.lemH.1:sensitivity, retain.lemH.2",
    "Theorem 2.11": ("retain.thm2.11",),
    "Corollary 2.12": ("retain.cor2.12",),
    "Remark 2.13": "a lower-bound argument with no constant (the Gaussian mean-shift test); the ε-scale tightness of "
                   "retain.thm2.11 measures how much noise RS really needs",
    "Lemma 3.1": ("retain.lem3.1", "retain.lem3.1:lower", "retain.sec3-rs-below-gs"),
    "Example 3.2": ("retain.ex3.2",),
    "Lemma 3.3": ("retain.lem3.3",),
    "Lemma 3.4": ("retain.lemE.2", "retain.lemE.2:m-points+fix"),
    "Lemma 3.5": ("retain.lem3.5",),
    "Table 1, row MSE λ = 0": ("retain.table1:mse-lambda0",),
    "Table 1, row MSE λ > 0": ("retain.exG.2", "retain.exG.2+fix"),
    "Table 1, row LOG LOSS λ = 0": ("retain.table1:logloss-lambda0",),
    "Table 1, row LOG LOSS λ > 0": ("retain.table1:gs", "retain.exG.3"),
    "Definition 3.6": "data-dependent strong convexity λ_R: computed exactly in every ERM claim",
    "Lemma 3.7": ("retain.lem3.7",),
    "Lemma 4.1": ("retain.lem4.1", "retain.lem4.1+fix", "retain.lem4.1:lower", "retain.lem4.1:lower+fix"),
    "Lemma 4.2": ("retain.lem4.2",),
    "Definition B.1": "L-Lipschitz loss: a hypothesis, its constant verified by the loss (problems layer)",
    "Definition B.2": "λ-strongly convex loss: a hypothesis, verified by the loss",
    "Definition B.3": "β-smooth loss: a hypothesis, verified by the loss",
    "Definition B.4": "β_z-smooth loss: a hypothesis, verified by the loss",
    "Definition B.5": "Hessian M-Lipschitz loss: a hypothesis, verified by the loss (Example G.6's M)",
    "Fact 2": ("retain.lemH.1:sensitivity",),
    "Lemma C.1": ("retain.lemC.1", "retain.lemC.1:m-points+fix"),
    "Lemma D.1": ("retain.lemD.1", "retain.lemD.1:m-edges+fix"),
    "Definition D.2": "Steiner tree: the object retain.lemD.3 computes by enumeration",
    "Lemma D.3": ("retain.lemD.3",),
    "Theorem D.4": ("retain.thmD.4", "retain.thmD.4+fix"),
    "Lemma E.1": ("retain.lemE.1", "retain.lemE.1:frobenius", "retain.lemE.1+fix", "retain.lemE.1:frobenius+fix"),
    "Lemma E.2": ("retain.lemE.2", "retain.lemE.2:operator", "retain.lemE.2:m-points+fix"),
    "Lemma E.3": ("retain.lemE.3",),
    "Lemma E.4": ("retain.lemE.4", "retain.lemE.4:noise-tail"),
    "Lemma F.1": ("retain.lemF.1", "retain.lemF.1:lower"),
    "Lemma F.2": ("retain.lemF.2", "retain.lemF.2:m-points+fix"),
    "Lemma G.1": ("retain.lemG.1", "retain.lemG.1:second", "retain.lemG.1:m-points+fix"),
    "Example G.2": ("retain.exG.2", "retain.exG.2+fix"),
    "Example G.3": ("retain.exG.3",),
    "Lemma G.4": ("retain.lemG.4", "retain.lemG.4+fix"),
    "Lemma G.5": ("retain.lemG.5", "retain.lemG.5:lower"),
    "Example G.6": ("retain.exG.6",),
    "Algorithm 1": ("retain.lemH.1", "retain.lemH.1:sensitivity", "retain.lemH.1:m-points+fix",
                    "retain.lemH.1:m-points-sensitivity+fix"),
    "Lemma H.1": ("retain.lemH.1", "retain.lemH.1:sensitivity", "retain.lemH.1:m-points+fix",
                  "retain.lemH.1:m-points-sensitivity+fix"),
    "Lemma H.2": ("retain.lemH.2", "retain.lemH.2:m-points+fix"),
    "Algorithm 2": ("retain.lemH.2", "retain.lemH.3"),
    "Lemma H.3": ("retain.lemH.3",),
    "Table 2": "a table of data (average λ_min(XᵀX) per dataset)",
    "Table 3": "a table of data (edge-weight distributions)",
    "Table 4": "a table of data (edge densities)",
}
