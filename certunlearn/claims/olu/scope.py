"""Scope of the olu claims (DESIGN.md "Scope"; paper file ``papers/000_8245766a2c9b0ba6.txt``): each claim's printed
hypothesis class in words (``theorem_class``), what of it no adversary reaches (``narrowed``, each with its true why),
and each adversary's reach (``reaches``: the regret claims' whole-class adversaries state theirs where they are built,
:mod:`.general_families`; every other family reaches exactly the instances its name describes, so its name is its
reach). A control or a ``+fix`` shares its base claim's class. :func:`with_scope` applies this to the claims and adds
each claim's boundary adversary generated from its hypotheses (:func:`certunlearn.claims.declared_scope.with_boundary`,
issue 23 item 2).
"""
from __future__ import annotations

import dataclasses
import re

from ..declared_scope import with_boundary
from ..model import Claim, Narrowing

N = Narrowing

#: the one reason the olu laws are exact: with K = R^d and affine diagonal OGD maps, every output is Gaussian
WHY_NON_GAUSSIAN = ("after the first noise an active projection or a non-affine gradient map makes the released law "
                    "non-Gaussian: no exact or enclosure form of the Rényi divergence or of the expected regret is "
                    "implemented for general losses; those streams are sampled apart, by the statistical claims "
                    "(olu.*:logistic, olu.thm*:huber), never counted with the exact ones — except Huber losses on a box "
                    "at τ[2], whose D_α olu.cor1:huber computes exactly (piecewise-affine OGD maps)")
WHY_UNPROJECTED = ("a projected Gaussian is not Gaussian: with noise, the exact route evaluates the unprojected process "
                   "and requires the proof's uses of K (E‖∇f_t‖² ≤ L², E‖w − z*‖² ≤ D²) along it")

_UNLEARN_NARROW = (
    N("losses other than linear and one-Hessian diagonal quadratics, and active projections, after the first noise",
      WHY_NON_GAUSSIAN),
    N("quadratic streams whose deleted points come after the first noisy time",
      "Condition C3 for a quadratic step holds only on bounded states; after the noise the state is unbounded, so C3 "
      "cannot be decided on the instance (module docstring of certunlearn.claims.olu, 'Sensitivity')"),
)


#: the regret claims' narrowings: only deletions (k ≥ 1) are narrowed; at k = 0 the whole class is attacked — closed-form
#: comparators (linear, quadratics, separable ridge + Huber) and, for the strongly convex losses without one (logistic +
#: ridge, non-separable Huber + ridge, full-Hessian quadratics), the gradient-mapping enclosure of min_K Σf_t
#: (:mod:`.general_composite`)
_REGRET_NARROW = (
    N("k ≥ 1 with losses other than quadratics with one diagonal Hessian (linear, per-round Hessians, piecewise "
      "linear, Huber, logistic)", WHY_NON_GAUSSIAN),
    N("k ≥ 1: Algorithm 1's projection onto K", WHY_UNPROJECTED),
)


_CONVEX_K0 = ("convex, L-Lipschitz, β-smooth losses on a convex K of diameter D with z_1 ∈ K, any dimension; k "
              "deletions (u[i] ≤ τ[i]) with Σ_{t≤τ[i]} f_t of quadratic growth κ(τ[i] − τ[i−1]); T ≥ k; ε > 0, ω = 6/5")
_SC_K0 = ("L-Lipschitz, β-smooth, μ-strongly convex losses on a convex K of diameter D with z_1 ∈ K, any dimension; k "
          "deletions with u[i] ≥ 1/2 + β/μ; T ≥ k; ε > 0, ω = 6/5; η_t = 1/(μt)")
_UNLEARN = ("update maps g_t satisfying (C1) γ-contraction, (C2) and (C3) Δ_t-sensitivity — OGD on convex β-smooth losses "
            "with η ≤ 2/β (γ = 1) or μ-strongly convex ones with η ≤ 1/(β + μ) — on a convex K, any dimension; any "
            "deletion schedule (u[i] ≤ τ[i], k ≥ 1); α > 1, ε > 0, ω > 1")
_STAT = ("the theorem's class (as its exact claim states it), attacked here with Algorithm 1's projection and logistic "
         "or Huber losses after the first noise, sampled (statistical verdicts)")
_STAT_NARROW = (N("losses other than logistic and Huber, K other than the box or disc sampled",
                  "this statistical claim samples one loss family; the rest of the class is the exact claim's of the "
                  "same theorem (olu.thm2, olu.thm3, olu.thm5, olu.cor1:*), which states its own narrowings"),)

CLASSES: dict[str, tuple[str, tuple[Narrowing, ...]]] = {
    "olu.thm1": (_UNLEARN, _UNLEARN_NARROW),
    "olu.alg1:projected": ("Algorithm 1 as printed (projection, then noise) on boxes and balls, Lipschitz smooth losses, "
                           "at the first release (exactly Gaussian for every loss)",
                           (N("releases after the first", WHY_NON_GAUSSIAN),)),
    "olu.alg1:printed-step": ("Algorithm 1 with line 3's indexing of the OGD step, linear and quadratic losses, any "
                              "schedule", _UNLEARN_NARROW),
    "olu.cor1:convex": ("convex β-smooth losses, η ≤ 2/β, γ = 1, any schedule; α > 1, ε > 0", _UNLEARN_NARROW),
    "olu.cor1:sc": ("μ-strongly convex β-smooth losses, η ≤ 1/(β + μ), γ = (β/μ − 1)/(β/μ + 1), any schedule",
                    _UNLEARN_NARROW),
    "olu.lemD.1": ("OGD maps of convex M-smooth functions (Hessian spectrum in [0, M]), η ≤ 2/M", (
        N("non-quadratic smooth functions", "the exact Lipschitz constant of a non-affine gradient map is a supremum "
          "over R^d with no closed form; for quadratics it is the spectral max, exact"),)),
    "olu.lemD.2": ("OGD maps of m-strongly convex M-smooth functions, η = 2/(M + m)", (
        N("non-quadratic smooth functions", "the exact Lipschitz constant of a non-affine gradient map is a supremum "
          "over R^d with no closed form; for quadratics it is the spectral max, exact"),)),
    "olu.thm2": (_SC_K0, _REGRET_NARROW),
    "olu.thm2:proof": (_SC_K0, _REGRET_NARROW),
    "olu.cor7": (_SC_K0 + "; β > μ", _REGRET_NARROW),
    "olu.thm3": (_CONVEX_K0 + "; u[i] ≥ β²D²/(4L²); η_t = D/(L√t)", _REGRET_NARROW),
    "olu.thm5": (_CONVEX_K0 + "; the constant step η of the proof (line 862)", _REGRET_NARROW),
    "olu.table1:constant": (_CONVEX_K0 + "; Table 1's constant step", _REGRET_NARROW),
    "olu.thm6": ("Algorithm 2 on μ-strongly convex β-smooth L-Lipschitz losses under Assumption 2, any schedule; "
                 "α > 1, ε > 0", (N("losses other than one-Hessian diagonal quadratics", WHY_NON_GAUSSIAN),)),
    "olu.thm6:proof-steps": ("the steps of Theorem 6's proof on Algorithm 2's streams",
                             (N("losses other than one-Hessian diagonal quadratics", WHY_NON_GAUSSIAN),)),
    "olu.thm6:regret": ("Algorithm 2 as printed (projected OGD, η_t = 1/(μt) in the proof, descent-to-delete, noise "
                        "σ_i of eq. (40)) on μ-strongly convex β-smooth L-Lipschitz losses on a convex K of diameter D, "
                        "z_1 ∈ K, any dimension, under Assumption 2, any schedule τ[i−1] ≤ u[i] ≤ τ[i] with k ≥ 0, "
                        "I_{1,i} ≥ log_{1/γ}(μDτ[i]/L), I₂ ≥ 2.2 log_{1/γ} k; ε > 0", (
                            N("k ≥ 1 (any deletion)", "after the first noise ξ_i Algorithm 2's next step projects a "
                              "Gaussian onto K: the law of z_t is not Gaussian and no exact or enclosure form of "
                              "E f_t(z_t) is known; the proof's route on the unprojected process is checked as the proof "
                              "step olu.thm6:regret-proof"),)),
    "olu.thm6:regret-proof": ("the explicit parts of Theorem 6's regret proof (eqs. (47)–(55)) on Algorithm 2 with "
                              "η_t = 1/(μt), without its projection, on streams satisfying Assumption 2 and the proof's "
                              "uses of K along the process", (
                                  _REGRET_NARROW[0],
                                  N("k ≥ 1: Algorithm 2's projection onto K", WHY_UNPROJECTED))),
    "olu.lem5": ("μ-strongly convex L-Lipschitz f_1..f_T on R^d, c of them removed", (
        N("non-quadratic strongly convex losses", "the minimiser of a non-quadratic sum has no closed form; for "
          "quadratics it is the weighted mean, exact"),)),
    "olu.lem6": ("Σ f_j of quadratic growth κ, each f_j L-Lipschitz, c removed", (
        N("non-quadratic losses", "the minimiser of a non-quadratic sum has no closed form; for quadratics it is the "
          "weighted mean, exact"),)),
    "olu.lem9": ("a, c > 0, b ≥ 0, x ≥ 0 with x − √(ax + b) ≤ c", ()),
    "olu.lem10": ("a, b, c ∈ R^d", ()),
    "olu.prop1": ("an (α, ε)-RDP online learner, k deleted functions, α ≥ 2k", (
        N("learners whose output law depends on more than how many deleted functions they saw",
          "the group-privacy quantity max_i D_{α/k}(P_i‖P_0) needs the laws of every neighbouring pair; chains of laws "
          "(Bernoulli, Gaussian) are the family where they are exact"),)),
    "olu.lem2": ("an (α, ε)-RDP mechanism and datasets at distance k, α ≥ 2k", (
        N("mechanisms other than chains of Bernoulli or Gaussian laws",
          "the Rényi divergence of an arbitrary mechanism has no exact form; chains give it exactly"),)),
    "olu.thm4": ("convex, L-Lipschitz, β-smooth losses on K of diameter D, public gradient norms, η_t = D/√p(t), "
                 "p(u₀) ≥ β²/4", (
                     N("losses whose gradient norms depend on the iterate (quadratics, logistic)",
                       "the adaptive steps are then random, so the outputs are not Gaussian: no exact expected regret"),
                     N("Algorithm 1's projection onto K", WHY_UNPROJECTED))),
    "olu.table2:restart": ("discard-and-restart and retraining on convex or strongly convex losses, any schedule", (
        N("losses other than one-Hessian diagonal quadratics",
          "the outputs are compared exactly as point masses only where the runs are exact (affine maps)"),)),
    "olu.table2:restart-regret-sc": ("discard-and-restart OGD, μ-strongly convex L-Lipschitz losses, η = 1/(μt) per "
                                     "interval", (N("losses other than one-Hessian diagonal quadratics; projections",
                                                    WHY_UNPROJECTED),)),
    "olu.table2:restart-regret-c": ("discard-and-restart OGD, convex L-Lipschitz losses on K of diameter D, "
                                    "η = D/(L√t) per interval", (N("losses other than one-Hessian diagonal quadratics; "
                                                                   "projections", WHY_UNPROJECTED),)),
    "olu.table2:computation-active": ("every β > μ > 0, μDτ/L > 0, k ≥ 1 (the count of descent-to-delete steps)", ()),
    "olu.lemA": ("Gaussians N(m, σ²I), N(m', σ²I), any α > 1, any shift", ()),
    "olu.lemB": ("any map h and any pair of laws (post-processing)", (
        N("non-affine maps and non-Gaussian laws", "D_α of their push-forwards has no exact form; affine maps of "
          "Gaussians (and their noisy versions) are exact"),)),
    "olu.lemC": ("laws P, Q, shifts e, a ≥ 0 (shift reduction)", (
        N("shifted divergences other than e = 0 or e ≥ ‖mean(P) − mean(Q)‖ with equal covariances",
          "D_α^{(e)} is an infimum over couplings with no exact form elsewhere"),)),
    "olu.lem4": ("contractive noisy iterations ψ, ψ' with ‖ψ − ψ'‖ ≤ s, any noise", (
        N("non-affine contractions and non-Gaussian noise", "the shifted divergence then has no exact form"),)),
    "olu.lem3": ("contractive noisy iterations with shifts s_t and a_t, Gaussian noise", (
        N("non-affine contractions", "the laws are then not Gaussian: no exact divergence"),)),
    "olu.lem7": ("non-increasing f ≥ 0 and a_i ≥ 0", (
        N("non-increasing f other than step functions and 1/√x",
          "the sum and the integral are exact for step functions and enclosed for 1/√x; a general f is a function "
          "space without a finite parametrisation"),)),
    "olu.lem8": ("β-smooth f bounded below", (
        N("β-smooth functions other than quadratics and Huber losses", "f(x) − inf f needs the infimum exactly"),)),
    "olu.lemE": ("GD on an average of μ-strongly convex β-smooth losses, step 1/(β + μ)", (
        N("averages of losses with different Hessians, non-quadratic losses",
          "the minimiser and the contraction are then not in closed form"),)),
    **{cid: (_STAT, _STAT_NARROW) for cid in ("olu.thm3:logistic", "olu.thm3:huber", "olu.thm2:logistic-ridge",
                                              "olu.thm5:logistic", "olu.thm5:huber", "olu.cor1:logistic")},
    "olu.cor1:huber": ("the Corollary's convex class (as olu.cor1:convex states it), attacked with Algorithm 1's projection "
                       "and Huber losses on a box after the first noise: the exact D_α of the release at τ[2]", (
                           N("losses other than Huber, K other than a box",
                             "the exact route needs every OGD step piecewise affine and separable by coordinate (Huber "
                             "gradients, a box's projection); logistic losses are sampled by olu.cor1:logistic"),
                           N("releases after τ[2]",
                             "the release at τ[3] is a Gaussian convolution of the τ[2] law pushed through a further "
                             "map: a nested integral per noise, not implemented"),
                           N("steps η < 1/4 (the listed instances run η = 1/2, thorough's random draws η ∈ [1/4, 2/β])",
                             "cost: the certified integral of D_α ran beyond 10 minutes on a draw at η = 1/20 "
                             "(measured; seconds at η ≥ 1/4), past the profile's time per claim"))),
}
CLASSES["olu.table2:retrain"] = CLASSES["olu.table2:restart"]

_ALIASES = {"olu.table2:restart-control-no-restart": "olu.table2:restart", "olu.cor1:sc+fix": "olu.cor1:sc",
            "olu.lem4:as-used": "olu.lem4"}


def base_of(cid: str) -> str:
    """The claim whose class a control or a +fix shares."""
    if cid in _ALIASES:
        return _ALIASES[cid]
    base = cid.removesuffix("+fix")
    base = re.sub(r"[:-]control-[a-z-]+$", "", base)
    return base


#: Claims left without the generated boundary family, each with its why (measured at d043170, thorough profile).
NO_BOUNDARY = {
    "olu.lem4:as-used": "α → 1⁺ (1 + 2⁻⁴⁰) at shift 0 makes the divergence exactly 0 against a bound 0, but its enclosure "
                        "(a 0/0 limit in α − 1) does not reach 0 at 4096 bits: undecided, not a verdict",
}


def with_scope(claim: Claim) -> Claim:
    """``claim`` with its class, narrowings and every adversary's reach declared, and its boundary adversary (unless
    :data:`NO_BOUNDARY` says why not)."""
    theorem_class, narrowed = CLASSES[base_of(claim.id)]
    advs = tuple(a if a.reaches else dataclasses.replace(a, reaches=a.name) for a in claim.adversaries)
    claim = dataclasses.replace(claim, theorem_class=theorem_class, narrowed=narrowed, adversaries=advs)
    return claim if claim.id in NO_BOUNDARY else with_boundary(claim)
