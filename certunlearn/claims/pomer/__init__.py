"""Claims of POMER (Agarwal, Kale, Singh, Thakurta — *Improved Differentially Private and Lazy Online Convex
Optimization*; paper file ``001_8748437fc158d2af.txt``, line numbers below refer to it).

Where each item of the paper lives:

==========================================================================  ======================================
paper item (lines)                                                          module
==========================================================================  ======================================
Definition 3.1 (133–135), Lemmas 3.2 (137), 3.3 (139–141),                  :mod:`.gibbs_measures` (Section 3,
3.5 (151–153), 3.6 / A.1 (157–159, 428)                                     Appendix A)
Lemma 4.2 / B.1 (225–227, 494), 4.6 / B.2 (277–283, 510), Theorem 4.1     :mod:`.regret` (Sections 4, 4.2,
(213–221), Theorem 4.5 (257–267)                                            Appendix B)
Claim C.2 / 4.9 (595–599), footnote 4 (231), Theorem 4.3 (233–243),         :mod:`.privacy` (Sections 4.1, 4.3,
Theorem 4.4 (245–253; its regret half in :mod:`.regret`)                    Appendix C)
Claim C.2 / 4.9 at t = t₀ (595–651), Claim C.3 (625–627; proof 715–725)      :mod:`.claim_c`
Tables 1 (58–69) and 2 (71–79), the columns of Theorems 4.4 and 4.5          :mod:`.tables`
Lemmas 2.3 (109–115), 4.7 (292–296), 4.8 / B.3 (314–318, 553–557), B.4      :mod:`.imported` (the lemmas
(559–563)                                                                   imported from the literature)
instance families and adversaries of all of the above                       :mod:`.families`
losses of an instance, Assumption 2.1, closeness level (Definition 3.4)     :mod:`.common`
==========================================================================  ======================================

The printed expressions (bounds and prescribed parameters) live in :mod:`certunlearn.formulas.pomer`.

Every quantity is exact in one dimension: K = [a, b] ∋ 0 and piecewise-linear convex losses, so Gibbs laws are
mixtures of truncated Gaussians (:mod:`certunlearn.algorithms.pomer.gibbs`) and the law of Algorithm 1's
iterates, with its budget state, is a finite recursion (:mod:`certunlearn.algorithms.pomer.law`). A loss in an
instance is ``[kink, left slope, right slope]`` (value 0 at the kink; a kink outside (a, b) makes it linear), so
the linear losses ±Gx that are extremal for Lemmas 3.5/3.6 and the hinge losses are all one family.

``CLAIMS`` keeps the registration order: Section 3, then Lemma 4.2, Lemma 4.6, Theorem 4.1, then the privacy
items (Claim C.2, footnote 4, Theorems 4.3, 4.4), Theorem 4.4's regret, Claims C.2 at t₀ and C.3, Theorem 4.5, then
the rows of Tables 1 and 2.
"""
from __future__ import annotations

from . import claim_c, gibbs_measures, imported, privacy, regret, tables
from .common import losses_of

#: Every numbered statement, formula-bearing table and algorithm of the paper, in its order, with the claims that
#: check it or the reason none can (:mod:`certunlearn.claims.coverage`). Restatements in the appendix share the
#: entry of the statement they restate (Lemma A.1 = 3.6, A.2 = 3.5, B.1 = 4.2, B.2 = 4.6, Claim C.2 = 4.9).
ITEMS = {
    "Table 1 (lines 58–69), column 'Theorem 4.4'": ("pomer.table1:row1", "pomer.table1:row2", "pomer.table1:row3",
                                                      "pomer.table1:row4", "pomer.table1:row4+fix", "pomer.table1:row7"),
    "Table 1 (lines 65–66), column 'Theorem 4.4' in rows 5–6": ("pomer.table1:row5", "pomer.table1:row6"),
    "Table 1 (lines 58–69), columns 'Previous Best'": "rates of other papers (Agarwal et al. 2023, Asi et al. 2023, "
                                                      "Kairouz et al. 2021) quoted as Õ-rates without constants or "
                                                      "hypotheses; no bound of this paper",
    "Table 2 (lines 71–79), column 'Theorem 4.5'": ("pomer.table2:row1", "pomer.table2:row2", "pomer.table2:row3",
                                                     "pomer.table2:row3+fix", "pomer.table2:row5"),
    "Table 2 (line 76), column 'Theorem 4.5' in row 4": ("pomer.table2:row4",),
    "Table 2 (lines 71–79), columns 'Previous Best'": "rates of other papers (Agarwal et al. 2023, Sherman & Koren "
                                                      "2023, Anava et al. 2015, Chen et al. 2020) quoted as rates "
                                                      "without constants or hypotheses; no bound of this paper",
    "Assumption 2.1 (line 51)": "a hypothesis (oblivious convex G-Lipschitz losses), checked on every instance",
    "Lemma 2.2 (line 95)": "imported (Whitehouse et al. 2022, fully adaptive composition); enters Theorem 4.3's "
                           "certified ε, whose composition algebra pomer.thm4.3:composition checks",
    "Lemma 2.3 (line 109)": ("pomer.lem2.3",),
    "Definition 3.1 (line 133)": ("pomer.def3.1", "pomer.def3.1+fix"),
    "Lemma 3.2 (line 137)": ("pomer.lem3.2", "pomer.lem3.2+fix"),
    "Lemma 3.3 (line 139)": ("pomer.lem3.3",),
    "Definition 3.4 (line 145)": "a definition; computed exactly (far_probability) by pomer.lem3.5 and the "
                                 "closeness hypothesis of Theorem 4.1",
    "Lemma 3.5 / A.2 (lines 151, 448)": ("pomer.lem3.5",),
    "Lemma 3.6 / A.1 (lines 157, 428)": ("pomer.lem3.6",),
    "Algorithm 1 (line 165)": ("pomer.lem4.2", "pomer.lem4.6:drift", "pomer.thm4.1", "pomer.thm4.3"),
    "Theorem 4.1 (line 213)": ("pomer.thm4.1", "pomer.thm4.1:budget"),
    "Lemma 4.2 / B.1 (lines 225, 494)": ("pomer.lem4.2", "pomer.lem4.2:tail"),
    "footnote 4 (line 231)": ("pomer.footnote4",),
    "Theorem 4.3 (lines 233, 581)": ("pomer.thm4.3", "pomer.thm4.3:composition"),
    "Theorem 4.4 (line 245)": ("pomer.thm4.4:epsilon", "pomer.thm4.4:delta", "pomer.thm4.4:delta+fix",
                               "pomer.thm4.4:regret"),
    "Theorem 4.5 (line 257)": ("pomer.thm4.5", "pomer.thm4.5:switches"),
    "Lemma 4.6 / B.2 (lines 277, 510)": ("pomer.lem4.6", "pomer.lem4.6+fix", "pomer.lem4.6:drift",
                                         "pomer.lem4.6:drift+fix", "pomer.lem4.6:budget", "pomer.lem4.6:budget+fix"),
    "Lemma 4.7 (line 292)": ("pomer.lem4.7",),
    "Lemma 4.8 / B.3 (lines 314, 553)": ("pomer.lem4.8",),
    "Claim 4.9 / C.2 (lines 354, 595)": ("pomer.claimC.2:t0-switch", "pomer.claimC.2:t0-keep",
                                         "pomer.claimC.2:post-ratio"),
    "Lemma B.4 (line 559)": ("pomer.lemB.4", "pomer.lemB.4:lower", "pomer.lemB.4:lower+fix"),
    "Claim C.3 (line 625)": ("pomer.claimC.3", "pomer.claimC.3+fix"),
    "Lemma C.4 (line 661)": "log-partition convexity, p'(t) = E[−g] (an identity); used by "
                            "pomer.claimC.2:post-ratio, whose quantity is computed from exact log-partitions",
}

from ..declared_scope import with_scope  # noqa: E402
from .scope import SCOPE  # noqa: E402

#: the printed class, reach and narrowings of every claim (DESIGN.md "Scope"): :mod:`.scope`
CLAIMS = tuple(with_scope((*gibbs_measures.CLAIMS, *regret.LAW_CLAIMS, *privacy.CLAIMS, *regret.THM44_CLAIMS,
                           *claim_c.CLAIMS, *regret.THM45_CLAIMS, *tables.CLAIMS, *imported.CLAIMS), SCOPE))

__all__ = ["CLAIMS", "ITEMS", "losses_of"]
