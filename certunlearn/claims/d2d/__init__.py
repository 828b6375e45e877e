"""Claims of Descent-to-Delete (Neel, Roth, Sharifi-Malvajerdi, v1 preprint), encoded as printed.

Paper file: ``papers/002_7f80bf4846a5a6af.txt`` (line numbers below refer to it). Every numbered statement
with a constant is a claim; order-of-magnitude bounds are checked through the explicit inequality their
proof establishes before the O(·). Formulas: :mod:`certunlearn.formulas.d2d`; algorithms:
:mod:`certunlearn.algorithms.d2d`; derivations: ``proofs/d2d/`` (a package: one part per section).

Where each item lives:

===============================================  ==================  ========================================
Paper item                                       Lines               Module
===============================================  ==================  ========================================
Lemma 2.12 (sensitivity), Theorem 2.13           153, 165            :mod:`.sensitivity`
Theorem 2.14, Claim B.1, Facts E.1–E.2          169, 500, 618–627   :mod:`.convergence`
Theorem 3.1, Theorem 3.2 (Section 3.1)           200–268, 555–613    :mod:`.perturbed_gd`
Claim 3.3, Theorems 3.4, 3.5, Remark 3.6 (3.2)   269–331, 614–697    :mod:`.regularised`
Lemmas 4.2, 4.3 (reservoir sampling)             358–375, 538–554    :mod:`.reservoir`
Theorem 4.5 (perturbed distributed descent)      399–421, 677–812    :mod:`.distributed`
Table 1 (accuracy, iteration, baseline columns)  60–71, 82           :mod:`.tables`
Table 1 (baseline column, convex rows)           66–71, 82, 169      :mod:`.baseline_convex`
Fact F.1 (union bound over rounds)               694                 :mod:`.reservoir_rounds`
Remark 4.6 (its condition on d)                  427–429             :mod:`.remark46_improvement`
Remark 4.6 (the rate of Theorem 4.5's accuracy)  423–429             :mod:`.tables`
Introduction's (2ε, 2δ) statement                74                  :mod:`.intro`
Lemma A.1 (Appendix A)                           462–474             :mod:`.coupling`
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
changed positions; Theorem 4.5 by enumerating every sampling outcome of one copy of Algorithms 4–7 (d ≤ 3), the published
copy's law the exact best of C i.i.d. copies, the true δ between the two published Gaussian mixtures enclosed between
a witness set's exact mass and a coupling bound; its (α, β)-accuracy as the exact probability of the excess risk.
The printed Algorithm 5 fails for repeated points; the ``+fix`` claims use the reference's ``"by-copy"`` variant.
**Table 1** entries are checked as rates (accuracy in 𝓘, iterations in i, the strongly convex rows' retraining
baseline in n) against the theorems' explicit bounds;
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
from .boosting import CLAIMS_BOOST
from .convergence import CLAIMS_CONVERGENCE
from .coupling import CLAIMS_A1
from .baseline_convex import CLAIMS_T1_BASE_CVX
from .reservoir_rounds import CLAIMS_F1
from .remark46_improvement import CLAIMS_REM46

from ..declared_scope import with_scope
from .scope import SCOPE

# the printed class, reach and narrowings of every claim (DESIGN.md "Scope"): :mod:`.scope`
CLAIMS = tuple(with_scope(CLAIMS_23 + CLAIMS_3 + CLAIMS_33 + CLAIMS_32 + CLAIMS_4A + CLAIMS_45 + CLAIMS_T1 + CLAIMS_INTRO
                          + CLAIMS_A + CLAIMS_BOOST + CLAIMS_CONVERGENCE + CLAIMS_A1 + CLAIMS_T1_BASE_CVX + CLAIMS_F1 + CLAIMS_REM46, SCOPE))



def _table1(column: str) -> tuple[str, ...]:
    return tuple(c.id for c in CLAIMS_T1 if c.id.startswith("d2d.table1:") and column in c.id)


#: Every numbered statement, formula-bearing table row and algorithm of the paper, in its order, with the claims
#: that check it or the reason it has none (``certunlearn.claims.coverage``).
ITEMS = {
    "Table 1 (accuracy column)": _table1("-accuracy"),
    "Table 1 (iterations column)": _table1("-iterations"),
    "Table 1 (baseline iterations column)": ("d2d.table1:pgd-baseline", "d2d.table1:pgd-baseline+fix",
                                             "d2d.table1:pgd-perfect-baseline", "d2d.table1:pgd-perfect-baseline+fix"),
    "Table 1 (baseline iterations column, convex rows)": tuple(c.id for c in CLAIMS_T1_BASE_CVX),
    "Table 1 (baseline iterations column, distributed row)": "not encoded: its accuracy includes Theorem 4.4's term with "
                                                             "the unspecified constant c, so the retraining target has "
                                                             "no explicit value",
    "Section 1.2 ((2ε, 2δ) statement)": ("d2d.intro-dp", "d2d.intro-dp+fix"),
    "Definition 2.1": "a definition (updates): no constant",
    "Definition 2.2": "a definition (the sequences D_i, θ_i, θ̂_i, θ̃_i): used by every unlearning claim",
    "Definition 2.3": "a definition ((ε, δ)-indistinguishability): what every unlearning claim measures",
    "Definition 2.4": "a definition ((ε, δ)-unlearning): what every unlearning claim measures",
    "Remark 2.5": "a remark on the definition: no constant",
    "Assumption 2.6": "a hypothesis (n_i ≥ n/2), checked on every instance",
    "Definition 2.7": "a definition ((α, β)-accuracy): what every accuracy claim measures",
    # Definition 2.8's cost growth C_i/C_1 = O(log i) (strong) or Ω(poly i) (weak): C_i = n·T_i per copy, so C_i/C_1 is
    # T_i/T_1, checked on the exact ⌈T_i⌉ as the growth T_{i₂}/T_i of each theorem's prescribed T_i
    "Definition 2.8": tuple(c for c in _table1("-iterations")),
    "Definition 2.9": "a definition (strong convexity): a hypothesis, verified for the instance family",
    "Definition 2.10": "a definition (Lipschitzness): a hypothesis, verified for the instance family",
    "Definition 2.11": "a definition (smoothness): a hypothesis, verified for the instance family",
    "Lemma 2.12": ("d2d.lem2.12",),
    "Theorem 2.13": ("d2d.thm2.13",),
    "Theorem 2.14": ("d2d.thm2.14",),
    "Algorithm 1": ("d2d.thm3.1", "d2d.thm3.1:accuracy"),
    "Algorithm 2": ("d2d.thm3.1", "d2d.thm3.2"),
    "Algorithm 3": ("d2d.thm3.1",),
    "Theorem 3.1": ("d2d.thm3.1", "d2d.thm3.1:accuracy", "d2d.thm3.1:accuracy+fix", "d2d.thm3.1:shift",
                    "d2d.thm3.1:shift-sharp"),
    "Theorem 3.2": ("d2d.thm3.2", "d2d.thm3.2+fix", "d2d.thm3.2:accuracy", "d2d.thm3.2:accuracy+fix"),
    "Claim 3.3": ("d2d.claim3.3", "d2d.claim3.3:smoothness", "d2d.claim3.3:strong-convexity"),
    "Theorem 3.4": ("d2d.thm3.4", "d2d.thm3.4:accuracy", "d2d.thm3.4:accuracy+fix"),
    "Theorem 3.5": ("d2d.thm3.5", "d2d.thm3.5+fix", "d2d.thm3.5:accuracy", "d2d.thm3.5:accuracy+fix"),
    "Remark 3.6": ("d2d.rem3.6", "d2d.rem3.6+fix", "d2d.rem3.6:accuracy", "d2d.rem3.6:accuracy+fix"),
    "Definition 4.1": "a definition (the partitioned datasets S_i): used by Theorem 4.5's claims",
    "Algorithm 4": ("d2d.thm4.5", "d2d.thm4.5:alpha"),
    "Lemma 4.2": ("d2d.lem4.2", "d2d.lem4.2+fix"),
    "Algorithm 5": ("d2d.lem4.2", "d2d.lem4.2+fix"),
    "Lemma 4.3": ("d2d.lem4.3", "d2d.lem4.3+fix"),
    "Algorithm 6": ("d2d.thm4.5",),
    "Algorithm 7": ("d2d.thm4.5",),
    "Theorem 4.4": "an imported tool ([ZDW12] Corollary 2) with an unspecified constant c",
    # the "strong" label (Definition 2.8: C_i/C_1 = O(log i)) is checked on the exact T_i as Table 1's iteration rate
    "Theorem 4.5": ("d2d.thm4.5", "d2d.thm4.5+fix", "d2d.thm4.5:accuracy", "d2d.thm4.5:accuracy+fix",
                    "d2d.thm4.5:alpha", "d2d.thm4.5:alpha+fix",
                    "d2d.table1:distributed-iterations", "d2d.table1:distributed-iterations+fix"),
    "Remark 4.6": ("d2d.rem4.6", "d2d.rem4.6:improvement"),
    "Lemma A.1": ("d2d.lemA.1",),
    "Lemma A.2": ("d2d.lemA.2",),
    "Lemma A.3": ("d2d.lemA.3",),
    "Lemma A.4": ("d2d.lemA.4",),
    "Lemma A.5": ("d2d.lemA.5",),
    "Claim B.1": ("d2d.claimB.1",),
    "Fact E.1": ("d2d.factE.1", "d2d.factE.1:bernoulli"),
    "Fact E.2": ("d2d.factE.2",),
    "Fact F.1": tuple(c.id for c in CLAIMS_F1),
    "Fact F.2": "bookkeeping of the proof: at the printed T_i the chain (21) is an algebraic identity "
                "(Kn²/(10B²log(2i/δ)))·T_i = Kn²I/B² + log(1 + 10i log(2i/δ))/log(1/γ), and F.2's T is Theorem 4.5's "
                "T at K = √B, B = n^ξ — both checked symbolically in tests/derive/test_d2d_proofs.py",
    "Fact F.3": ("d2d.factF.3:b-ge-n", "d2d.factF.3:kn2-ge-b2"),
}

__all__ = ["CLAIMS", "ITEMS"]
