"""Claims of Online Learning and Unlearning (Hu, Schölkopf & Sanyal), encoded as printed.

**Where each item lives** (modules of this package):

- Proposition 1 (§2.2, line 100), Theorem 1 (§3.1, lines 141–160), Corollary 1 (line 168; proof lines 507–517), Lemma D (lines
  509–515): :mod:`.unlearning`
- Theorems 2, 3, 5 and Corollary 7 (§3.2, lines 170–249; App. B.2), Table 1 (lines 163–168), Lemmas 5, 6,
  9, 10 (lines 625–720, 801–803, 1000): :mod:`.regret`
- Theorem 4 (lines 218–222; proof 784–869): :mod:`.adaptive`
- Algorithm 2 and Theorem 6, unlearning and regret (§4, lines 259–274; App. C, lines 868–1140): :mod:`.active`
- Table 2, discard-and-restart and retraining (lines 250–253, 278): :mod:`.baselines`
- Algorithm 1 as printed — projection then noise on boxes and balls, logistic and Huber losses, and line 3's indexing of
  the OGD step (lines 115–136): :mod:`.printed`
- Algorithm 1 as printed with logistic and Huber losses after the first noise, where no law is known — Theorem 3's regret
  Theorems 2 (logistic + (μ/2)‖z‖²) and 5, and Corollary 1's certificate, **statistical** (confidence intervals from seeded samples, verdicts labelled
  statistical): :mod:`.sampled`
- Lemmas 1 and 2 (group privacy, lines 355–357, 377–379): :mod:`.unlearning`; Lemma B (post-processing, line 450):
  :mod:`.borrowed`
- Lemmas A, C, 3, 4, 7, 8, E, borrowed from the literature (lines 405–501, 822–832, 986–990): :mod:`.borrowed`
- every instance family and adversary: :mod:`.families`; shared exact quantities: :mod:`.quantities`
- the regret theorems over their whole class at k = 0 (general losses, K a ball or box): :mod:`.general`, its
  adversaries :mod:`.general_families`, ridge + Huber on boxes :mod:`.general_huber`, strongly convex losses without a
  closed-form comparator (logistic, non-separable Huber, full Hessians) :mod:`.general_composite`, the PEP worst cases
  over the smooth strongly convex class, realised: :mod:`.sc_worst_case`; every claim's printed class, narrowings and
  adversaries' reach: :mod:`.scope`
- symbols and printed expressions: :mod:`certunlearn.formulas.olu`

``CLAIMS`` lists the claims in registration order (``ORDER``).

Paper file ``papers/000_8245766a2c9b0ba6.txt`` (line numbers below refer to it). Algorithms:
:mod:`certunlearn.algorithms.olu` (its docstring states the one indexing convention: the output at time t is
``w_t = w_{t−1} − η_t∇f_t(w_{t−1}) (+ ξ_i at t = τ[i])``, the point played in round t is ``w_{t−1}``).
Derivations: ``proofs/olu.py``. Symbols and printed expressions: :mod:`certunlearn.formulas.olu`.

**Instances.** ``family`` (0: linear f_t(z) = ⟨x_t, z⟩; 1: quadratic ½Σ_k λ_k(z_k − x_{t,k})²), ``X`` (row t−1
is x_t), ``lam`` (the diagonal Hessian), ``z1`` (the initial point), ``tau`` and ``u`` (deletion times and deleted
indices, u[i] ≤ τ[i]), the scalars ``alpha``, ``epsilon``, ``omega`` (ω > 1 of Algorithm 1), ``L`` and the claim's
constants (``eta``, ``gamma``, ``mu``, ``beta``, ``D``, ``kappa``). K = R^d: no projection is active, so every
output is exactly Gaussian (diagonal covariance) and the quantities are exact (arb enclosures). Algorithm 1 with its
projection and general losses is checked in :mod:`.printed`, exactly at the first release (the only one whose law
is Gaussian under a projection); later releases are sampled by :mod:`.sampled`, whose claims are statistical (their
verdicts labelled so, with their confidence, and never counted with the exact ones).

**Coverage.** ``ITEMS`` (at the end) lists every numbered item of the paper in its order with its claims or the
reason it has none (:mod:`certunlearn.claims.coverage`).

**Sensitivity (Condition C3) on R^d.** A linear step is a translation by η_t x_t: C3 holds globally with
Δ_t = η_t L when ‖x_t‖ ≤ L. A quadratic step is not: its displacement η_tλ⊙(w − x_t) is unbounded on R^d.
For quadratic streams the unlearning claims therefore require every deleted index to precede the first noisy
time (u[j] ≤ τ[1]: each skipped step acts on a noise-free state) and check C3 *at that state*:
‖λ⊙(w_{u−1} − x_u)‖ ≤ L. Regret claims on quadratics take K := the ball of diameter D holding z_1 and every x_t
(so L ≥ λ_max·D is the Lipschitz constant on K) and evaluate the unprojected process (the noise may leave K).

**Unlearning quantity** (Definition 2, eq. (4), line 89): max over i = 1..k of the exact D_α between Algorithm 1's
output law at τ[i] and the reference process's (f_{u[1:i]} replaced by ⊥, same deletion times and noise). The
outputs over [τ[i], τ[i+1]) are the output at τ[i] followed by the same deterministic maps in both processes,
so this is exactly the divergence of the output sequences. The definition's direction D_α(OLU ‖ reference) is
checked; :func:`divergences` also gives the reverse direction (the notebook shows both). Definition 2 prints i = 1..k−1; the proof
of Theorem 1 (eq. (8)) covers every i ≤ k, which is what is checked (τ[k+1] := T + 1).

**Noise.** Algorithm 1, line 5 prints σ_i = √(ω^{iω}/(2(ω−1)ε))·γ^{τ[i]−u[i]}Δ_{u[i]} — garbled; step (b) of
eq. (8) (line 417) fixes σ_i² = i^ω ω(γ^{τ[i]−u[i]}Δ_{u[i]})²/(2(ω−1)ε), which is used (``SIGMA2_ALG1``). For OGD
Δ_t = η_t L (Condition C3 with L-Lipschitz losses). Theorem 2's proof (line 597) carries an extra α in σ_i²;
the algorithm's σ_i is used, as the theorem is about Algorithm 1.

**Regret quantity**: the exact expected regret of eq. (5) for quadratics, E f_t(w) = f_t(m) + ½Σ_k λ_k var_k, with
exact comparators z*_i. The proofs use K only through ‖∇f_t(z_t)‖ ≤ L and ‖z_t − z*‖ ≤ D inside expectations;
the regret claims require exactly that along the unprojected process (:func:`mean_square_hypothesis`), so a
violation is a failure of the proof's chain, not of the idealisation. Bounds with sums over deletions carry
them as exact rational instance entries S₁, S₂, checked against their definitions.

**Claims** (ids ``olu.*``): ``prop1`` (+ ``:control-no-group``), ``lem2`` (Lemmas 1 and 2, one statement printed twice; + ``:control-tenth-less``);
``alg1:projected`` (+ ``-control-sigma-tenth-less``), ``alg1:printed-step`` (+fix); ``thm6:proof-steps``; ``lemB``
(+ ``:control-tenth-less``); ``thm1`` (+ ``thm1:control-sigma-halved``),
``cor1:convex``, ``cor1:sc`` and ``cor1:sc+fix`` (γ = 1 − ημ); ``lemD.1`` (+fix: factor 1), ``lemD.2``
(+ ``:control-squared``); regret ``thm2`` (as printed), ``thm2:proof`` (eqs. (18)+(19); + ``thm2:proof-control-eighth``),
``cor7``, ``thm3``, ``thm4`` (eq. (36)) and ``thm4+fix``, ``thm5``, ``table1:constant``; ``thm6`` (Algorithm 2's
unlearning guarantee, exact laws with general covariances), ``thm6:regret`` (the statement, Algorithm 2 with its
projection; + fix) and ``thm6:regret-proof`` (its proof's explicit parts, a proof step); Table 2's baselines ``table2:restart``,
``table2:retrain`` (both (α, 0)-OLU; + ``table2:control-no-restart``), ``table2:restart-regret-sc`` and
``table2:restart-regret-c``; the lemmas ``lem5``, ``lem6`` (+ ``lem5:control-quarter``), ``lem9``
(+ ``:control-no-root``), ``lem10`` (+fix); the borrowed lemmas ``lemA``, ``lemC``, ``lem3``, ``lem4`` (as printed)
and ``lem4:as-used``, ``lem7``, ``lem8``, ``lemE``, each with a negative control.

**Lemmas 3, 4 and C** (shifted Rényi divergences, Definition 5) are checked on contractive noisy iterations with
diagonal affine maps ψ_t(x) = a_t⊙x + c_t, ψ'_t(x) = a_t⊙x + c'_t and Gaussian or Dirac noise, where every law is an
exact diagonal Gaussian (:class:`algorithms.olu.Law`). A shifted divergence D_α^{(e)}(P‖Q) is evaluated only where
it is known exactly (:func:`shifted_renyi`): e = 0 (D_α itself), or equal covariances and e ≥ ‖mean(P) − mean(Q)‖
(then 0); instances needing any other value are outside the claims' hypotheses. Shift norms s_t are kept rational
so e_t = Σγ^{t−i}(s_i − a_i) is exact. Lemma 4 prints ψ'(X) on its left side (vacuous: ψ(X), ψ'(X) are within s);
eq. (9) step (c) uses ψ'(X'), encoded as ``lem4:as-used``. Lemmas 4 and C compare divergences, so their quantity
is a difference (left − right part), with bound 0 (Lemma 4; tightness is then not a ratio) or R_α(ζ, a) (Lemma C).
**Lemma 7** is checked as the ratio of its sides (step functions exactly, f = 1/√x in arb); **Lemma 8** on
quadratics and Huber losses with exact f(x) − inf f; **Lemma E** on averages of quadratics with one Hessian.

**Proposition 1** is checked on online learners whose output law depends only on how many of the deleted functions
they saw (a chain of laws P_0..P_k, Bernoulli or Gaussian): such a learner is (α, ε)-RDP exactly when consecutive
laws are ε-close at order α, and the quantity is max_i D_{α/k}(P_i ‖ P_0).

**Theorem 4** (adaptive steps η_t = D/√p(t), p(t) = Σ_{s≤t}‖∇f_s(z_s)‖²) is checked on **linear streams only**: their
gradient norms do not depend on the iterate, so the steps are deterministic and every output stays exactly Gaussian.
Quadratic streams would make p(t) random (Monte Carlo) and are left out. K is a box [lo, hi] (its minimising vertex
is an exact comparator) on which every f_t ≥ 0, as the proof's step (b) assumes; the bound is eq. (36) at ω = 3/2,
with F* = Σ_i Σ_t f_t(z*_i), S₃ = Σ_i p(τ[i])/p(u[i])² and P_T = p(T) as exact instance entries.

**Table 2**: the baselines' unlearning rows are (α, 0)-OLU (outputs are point masses, compared exactly); their
regret rows are checked through explicit bounds for discard-and-restart (one OGD run per interval: (k+1)L²(1 + log T)/(2μ)
and (3/2)(k+1)DL√T). Not encoded: the regret rows of retraining (the table's log T and √T against eq. (5)'s
per-interval comparators have no explicit form in the paper: a sub-interval of an OGD run has no log T bound), the
Online-DP rows (no algorithm given), and the computation column.

**Theorem 6's regret**: the statement (``thm6:regret``, :mod:`.active_regret`) is an O(·) read with constant 1,
checked on Algorithm 2 as printed (projected) at k = 0, exactly. Its proof (lines 1015–1140) ends in an O(·) (eq. (56));
the proof step ``thm6:regret-proof`` checks the sum of the explicit parts it combines, as printed — (C + D + E)/2 + E[B] + (1+k)kL²/μ with eqs. (47), (49),
(50), (55) — for Algorithm 2 with η_t = 1/(μt) on streams satisfying Assumption 2 (exactly). Eq. (47) prints Σ_i σ_i
(dropping L√d) and cites eq. (59); eq. (40)'s σ_i is used. Σ_i σ_i is irrational: the instance carries a rational
Σ_σ ≥ Σ_i σ_i (rounded up by at most 2⁻⁴⁰ relative), so a violation found is a violation of the exact bound.
Algorithm 3 is implemented (``algorithms.olu.newton_laws``) but the text states no theorem for it and its σ
(eq. (59)) is garbled.
"""
from __future__ import annotations

import importlib
from typing import Any

from ..model import Claim
from . import active, active_regret, adaptive, baselines, borrowed, printed, regret, sampled, unlearning
from .scope import with_scope

#: The registration order of the olu claims (the registry and the reports list them in this order).
ORDER = (
    "olu.thm1",
    "olu.thm1:control-sigma-halved",
    "olu.alg1:projected",
    "olu.alg1:projected-control-sigma-tenth-less",
    "olu.alg1:printed-step",
    "olu.alg1:printed-step+fix",
    "olu.cor1:convex",
    "olu.cor1:sc",
    "olu.cor1:sc+fix",
    "olu.lemD.1",
    "olu.lemD.1+fix",
    "olu.lemD.2",
    "olu.thm2",
    "olu.thm2:proof",
    "olu.cor7",
    "olu.thm6",
    "olu.thm6:proof-steps",
    "olu.thm3",
    "olu.thm5",
    "olu.lem5",
    "olu.lem6",
    "olu.lem9",
    "olu.lem10",
    "olu.lem10+fix",
    "olu.thm2:proof-control-eighth",
    "olu.lemD.2:control-squared",
    "olu.lem5:control-quarter",
    "olu.lem9:control-no-root",
    "olu.table1:constant",
    "olu.prop1",
    "olu.prop1:control-no-group",
    "olu.lem2",
    "olu.lem2:control-tenth-less",
    "olu.thm4",
    "olu.thm4+fix",
    "olu.table2:restart",
    "olu.table2:retrain",
    "olu.table2:restart-control-no-restart",
    "olu.table2:restart-regret-sc",
    "olu.table2:restart-regret-c",
    "olu.table2:computation-active",
    "olu.thm6:regret",
    "olu.thm6:regret+fix",
    "olu.thm6:regret-proof",
    "olu.lemA",
    "olu.lemA:control-half",
    "olu.lemB",
    "olu.lemB:control-tenth-less",
    "olu.lemC",
    "olu.lemC:control-half",
    "olu.lem4",
    "olu.lem4:as-used",
    "olu.lem4:control-no-s",
    "olu.lem3",
    "olu.lem3:control-half",
    "olu.lem7",
    "olu.lem7:control-half",
    "olu.lem8",
    "olu.lem8:control-as-used",
    "olu.lemE",
    "olu.lemE:control-extra-step",
    "olu.thm3:logistic",
    "olu.thm3:huber",
    "olu.thm3:logistic-control-hundredth",
    "olu.thm2:logistic-ridge",
    "olu.thm5:logistic",
    "olu.thm5:huber",
    "olu.cor1:logistic",
    "olu.cor1:huber",
    "olu.cor1:huber-control-sigma-quarter",
)

_BY_ID = {c.id: with_scope(c) for m in (unlearning, printed, regret, adaptive, active, active_regret, baselines, borrowed, sampled)
          for c in m.CLAIMS}
assert sorted(_BY_ID) == sorted(ORDER), "every olu claim is listed once in ORDER"
CLAIMS: list[Claim] = [_BY_ID[cid] for cid in ORDER]

_PUBLIC_FROM = ("quantities", "families", "unlearning", "printed", "regret", "adaptive", "active", "active_regret",
                "baselines", "borrowed", "sampled")


def __getattr__(name: str) -> Any:
    """The public helpers and formulas under their old address ``certunlearn.claims.olu.<name>`` (PEP 562)."""
    if not name.startswith("_"):
        for module in _PUBLIC_FROM:
            found = getattr(importlib.import_module(f"{__name__}.{module}"), name, None)
            if found is not None:
                return found
        formulas = importlib.import_module("certunlearn.formulas.olu")
        if hasattr(formulas, name):
            return getattr(formulas, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: Every numbered item of the paper, in its order: the claims that check it, or why none can (coverage.py).
ITEMS: dict[str, tuple[str, ...] | str] = {
    "Definition 1": "the offline (α, ε)-unlearner; the online claims check Definition 2",
    "Definition 2": "the (α, ε)-OLU definition: its eq. (4) is the quantity of every unlearning claim (olu.thm1, olu.cor1:*, "
                    "olu.thm6, olu.table2:restart, olu.table2:retrain)",
    "Proposition 1": ("olu.prop1",),
    "Algorithm 1": ("olu.thm1", "olu.alg1:projected", "olu.alg1:printed-step", "olu.alg1:printed-step+fix",
                    "olu.thm3:logistic", "olu.thm3:huber", "olu.thm2:logistic-ridge", "olu.thm5:logistic",
                    "olu.thm5:huber", "olu.cor1:logistic", "olu.cor1:huber"),
    "Theorem 1": ("olu.thm1",),
    "Corollary 1": ("olu.cor1:convex", "olu.cor1:sc", "olu.cor1:sc+fix", "olu.cor1:logistic", "olu.cor1:huber"),
    "Table 1, row Decreasing (SC)": ("olu.thm2",),
    "Table 1, row Decreasing (C + QG)": ("olu.thm3",),
    "Table 1, row Adaptive": ("olu.thm4", "olu.thm4+fix"),
    "Table 1, row Constant": ("olu.table1:constant",),
    "Theorem 2": ("olu.thm2", "olu.thm2:proof", "olu.thm2:logistic-ridge"),
    "Assumption 1": "a hypothesis (quadratic growth), checked exactly as a predicate by olu.thm3, olu.thm5, olu.table1:constant",
    "Theorem 3": ("olu.thm3", "olu.thm3:logistic", "olu.thm3:huber"),
    "Theorem 4": ("olu.thm4", "olu.thm4+fix"),
    "Theorem 5": ("olu.thm5", "olu.thm5:logistic", "olu.thm5:huber"),
    "Table 2, row Passive (SC)": ("olu.thm2",),
    "Table 2, row Passive (C + QG)": ("olu.thm3",),
    "Table 2, row Active (SC + 2)": ("olu.thm6:regret", "olu.thm6:regret+fix"),
    "Table 2, row Discard-and-restart (SC)": ("olu.table2:restart", "olu.table2:restart-regret-sc"),
    "Table 2, row Discard-and-restart (C)": ("olu.table2:restart", "olu.table2:restart-regret-c"),
    "Table 2, row Online DP (SC)": "order terms of an outside algorithm (Guha Thakurta & Smith 2013) the paper neither gives "
                                   "nor instantiates; the prose (line 97) prints O(dk log^2.5 T/ε), the table dk log^2.5 T",
    "Table 2, row Online DP (C)": "order terms of an outside algorithm the paper does not give; the prose (line 97) prints "
                                  "O(dk√T/ε), the table k√(dT log^2.5 T) — they disagree, and neither has a constant",
    "Table 2, row Retraining (SC)": ("olu.table2:retrain",),
    "Table 2, row Retraining (C)": ("olu.table2:retrain",),
    "Table 2, column Computation": ("olu.table2:computation-active",),
    "Assumption 2": "a hypothesis on the stream, checked exactly as a predicate by olu.thm6:regret-proof (vacuous at the k = 0 "
                    "instances of olu.thm6:regret)",
    "Theorem 6": ("olu.thm6", "olu.thm6:proof-steps", "olu.thm6:regret", "olu.thm6:regret+fix", "olu.thm6:regret-proof"),
    "Definition 3": "Lipschitz continuity (a definition; losses' constants are verified by the problems layer)",
    "Definition 4": "Rényi divergence (a definition; computed exactly by certunlearn.privacy)",
    "Lemma 1": ("olu.lem2",),  # the same statement as Lemma 2, printed with D_{α/h} (h garbled for k)
    "Lemma 2": ("olu.lem2",),
    "Definition 5": "shifted Rényi divergence (a definition; evaluated where known exactly, claims.olu.borrowed.shifted_renyi)",
    "Definition 6": "contractive noisy iteration (a definition; the CNIs of olu.lem3)",
    "Lemma 3": ("olu.lem3",),
    "Lemma A": ("olu.lemA",),
    "Lemma B": ("olu.lemB",),
    "Lemma C": ("olu.lemC",),
    "Lemma 4": ("olu.lem4", "olu.lem4:as-used"),
    "Lemma D": ("olu.lemD.1", "olu.lemD.1+fix", "olu.lemD.2"),
    "Lemma 5": ("olu.lem5",),
    "Corollary 7": ("olu.cor7",),
    "Lemma 6": ("olu.lem6",),
    "Lemma 7": ("olu.lem7",),
    "Lemma 8": ("olu.lem8",),
    "Lemma 9": ("olu.lem9",),
    "Algorithm 2": ("olu.thm6", "olu.thm6:proof-steps", "olu.thm6:regret", "olu.thm6:regret+fix",
                    "olu.thm6:regret-proof"),
    "Lemma E": ("olu.lemE",),
    "Lemma 10": ("olu.lem10", "olu.lem10+fix"),
    "Algorithm 3": "no statement of the paper gives it a guarantee and its σ (eq. (59)) is garbled; implemented as "
                   "algorithms.olu.newton_laws and tested against Algorithm 2's laws",
}
