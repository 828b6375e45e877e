"""The scope of every r2d claim (DESIGN.md "Scope", issue 23): the printed hypothesis class in words, what the
families reach, and what they do not reach with the reason.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt`` (Section 2, Lemma 2.3; Section 3, Theorem 3.1 and Corollaries 3.2,
3.5, 3.6, Remark 3.3; Appendices B–D; Section 4.2; Tables 1 and 3).
"""
from __future__ import annotations

from ..declared_scope import Scope
from ..model import Narrowing

NON_PIECEWISE_LHAT = Narrowing(
    "for the printed estimate L̂: L-smooth losses other than quadratics; quadratics in d ≥ 4, and in d = 3 with two "
    "equal curvature magnitudes",
    "L̂ (lines 614–618) is the maximum of ‖θ_1 − θ_2‖/‖∇f(θ_1) − ∇f(θ_2)‖ over 400 random Gaussian perturbations. "
    "For a quadratic the ratio is ‖u‖/‖Au‖, a function of u's (uniform) direction only: in d = 1 and for equal "
    "curvatures it is the constant 1/λ, in d = 2 its CDF is (2/π)arcsin√s(ρ), in d = 3 with distinct |a_k| a 1-d "
    "integral enclosed by rigorous integration, and L̂'s CDF its 400-th power (built: lhat.py, the published scale "
    "mixtures' δ enclosed over that law; a symmetric Hessian is diagonal after a rotation, which changes neither the "
    "direction's law nor gradient descent). In d ≥ 4 the ratio's law is a (d − 2)-fold integral over the sphere, and "
    "d = 3 with two equal |a_k| puts the built integrand's singularity inside its range (not built: cost); for a "
    "non-quadratic loss the ratio depends on where the perturbed weights land, and no exact or enclosed law of L̂ is "
    "known. The corrected claim (+fix) covers the whole class")
NON_QUADRATIC_PROX = Narrowing(
    "L-smooth f other than separable quadratics",
    "the proximal point of −f solves a nonlinear equation (irrational in general): no exact evaluation built")
LEMB4_POPULATIONS = Narrowing(
    "on bounded continuous populations: output maps not monotone in the retained data (in d = 1), and for losses "
    "other than quadratics the maps other than retraining by gradient descent; losses other than quadratics and the "
    "separable link least squares ½(h(θ) − z)²; output maps not affine in x̄' in d ≥ 2; n − m above the profile's "
    "range (quick 8, and 40 for the worst maps; thorough 40)",
    "E over D' ~ Z^{n−m} of a function of D' that is not affine in x̄' needs the law of the whole retained set, and "
    "\"any algorithm dependent on D'\" is any measurable map: the class is infinite-dimensional. Built: cells "
    "(cell_outputs.py, d = 1) for output maps that read D' through x̄' and are nondecreasing in it — the quadratics' "
    "pointwise worst maps (a switch between Θ's faces when the coefficient is ≤ 1, clipped at Θ when > 1) and "
    "gradient-descent retraining of the non-convex PL link least squares with the sine link θ + κ sin θ and the "
    "bump link θ + κθe^{−θ²/2} (cell_losses.py; their PL constant, L and G verified on Θ) — grouped into sum cells "
    "(multisets of the retained rows by index sum: exact by permutation invariance and exchangeability), "
    "(n − m)(B − 1) + 1 cells for any n − m, with E[f_{D'}(θ) − f*] enclosed and carried; finite supports: exact "
    "sums over count vectors (populations.py, quadratics and the non-convex PL dip with its worst output map); "
    "quadratics with outputs affine in x̄' on any bounded law in closed form (continuous.py). Not built: maps not "
    "monotone in the data, and the pointwise worst map of a link loss (argmax over Θ of F − c·f_{D'}, a "
    "transcendental optimisation per cell), because a cell's output would need an enclosure over a box of datasets "
    "that no corner pair gives; d ≥ 2 with non-affine maps (cells over [lo, hi]^d per row); n − m above the range "
    "(cost grows like (n − m)·B; the budget halves B and widens the enclosure). Unbounded supports are outside the "
    "class (‖∇f_z‖ < G for every z)")
COR36_POPULATIONS = Narrowing(
    "on bounded continuous populations: non-quadratic losses other than the separable link least squares "
    "Σ_k ½(h(θ_k) − z_k)² with the sine and bump links; laws whose marginals are not Beta laws; with the link losses "
    "d ≥ 3 and n above the profile's range (quick 8, thorough 40)",
    "E over the i.i.d. draw D ~ Z^n of a run that is not affine in the data needs the law of the whole dataset; the "
    "class (μ-PL, L-smooth, G-Lipschitz losses) is infinite-dimensional. The cell engine (cell_population.py) needs "
    "(a) every gradient step nondecreasing in θ and in every data point (η ≤ 1/L and ∂²f_z/∂θ∂z ≤ 0), so that a "
    "cell of datasets is bracketed by its two corners' runs, (b) F − F* and its Gaussian smoothing enclosed on the "
    "law, and (c) a separable loss (d one-dimensional expectations, which read only the marginals — a non-product "
    "law with Beta marginals is reached too). Built: the link least squares with h increasing, h' ≥ s > 0 "
    "(cell_losses.py: PL with μ = s², (a) checked, E_ξ in closed form) — the sine link θ + κ sin θ and the bump link "
    "θ + κθe^{−θ²/2} (problems/r2d_links.py), both non-convex — on products of Beta laws; their gradients read the "
    "data through the mean, so the multiset cells (exact: the run is invariant under permutations of D' and of Z, "
    "and the i.i.d. law is exchangeable) group by index sum into (n − m)(B − 1) + 1 times m(B − 1) + 1 cells for any "
    "n; a cell's mass is exact (integer Beta parameters: a polynomial CDF) or enclosed (Arb's regularised incomplete "
    "beta). Not built: a loss without the bracket (a cell's output would need interval arithmetic on data balls, "
    "whose radius doubles with each step), or not separable (an (nd)-dimensional cell grid), or whose F − F* has no "
    "enclosure on the law; marginals other than Beta (their CDF per bin is not built); d ≥ 3 and n above the range "
    "(cost: the cell pairs grow like n·B², and the budget then halves B and widens the enclosure). Finite "
    "supports: exact sums over count vectors (population_runs.py, quadratics and the non-convex PL dip); quadratics "
    "on any bounded law: closed form (continuous.py). Unbounded supports are outside the class (‖∇f_z‖ < G for "
    "every z)")
NEWTON_MULTIDIM = Narrowing(
    "d ≥ 2 with data not on one line through the origin",
    "in d = 1 both published laws are pushforwards of N(0, σ²) under monotone maps, and δ is enclosed cell by cell "
    "over the learned model (exact Gaussian probabilities where the privacy loss is on one side of ε, bisection where "
    "it straddles: newton_enclosure.py); collinear data in d ≥ 2 reduce to it exactly, for any direction (the part "
    "orthogonal to the line is −b_⊥/(λ(n−1)) under both mechanisms; an irrational norm of the direction makes the "
    "projections arb balls: tables.collinear_projection, built and attacked in d = 2, 3). Otherwise the Newton output "
    "is a nonlinear map of b ~ N(0, σ²I_d) coupling the coordinates through H⁻¹ (ℓ'' varies along every data "
    "direction): δ is an integral over ℝ^d whose cells would be images of boxes under the inverse of "
    "w ↦ −∇L(w; D) — their Gaussian masses have no closed form, and enclosing them needs an interval Newton "
    "(Krawczyk) inversion of that map per cell: not built (cost). (A quadratic loss, where the step is affine and "
    "the laws Gaussian, is outside the row's logistic class — its gradient is unbounded, no C — and its Newton step "
    "is exact: δ = 0, nothing to attack.)")

_GD = ("f_z L-smooth with ‖∇f_z‖ < G on the region the iterates cross, any d; any dataset of n ≥ 2 points, any deletion "
       "set of 1 ≤ m < n points; η ≤ min{1/L, n/(2(n − m)L)}, integers 0 ≤ K < T, any θ_0")
_PRIV = "; 0 < ε ≤ 1, 0 < δ < 1"
_REACH_GD = ("opposed linear losses, convex and concave quadratics, and non-quadratic smooth losses evaluated exactly "
             "(Huber, concave Huber, a non-convex PL piecewise quadratic: problems.r2d_piecewise) in d ∈ {1, 2}, η at "
             "its maximum, every deletion set of small datasets, distinct random points")
_SUP = ("; opposed linear losses approach the proof's shift bound 2mG·h(K)/(Ln) (fraction → 1 as m/n, L → 0: "
        "benchmarks/shifts_r2d.py), which bounds the shift for every loss of the class, so the class's worst case "
        "is approached (δ is increasing in the shift at the printed σ)")

SCOPE = {
    "lem2.3": Scope("f continuously differentiable and L-smooth on ℝ^d, 0 < η < 1/L", "separable quadratics with "
                    "curvatures in [−L, L], non-separable quadratics in d = 2 (eigenvalues ±L, rank one), Huber, concave "
                    "Huber, the non-convex dip and ±L·log cosh (enclosed), d ∈ {1, 2}, η up to 1/L, near and far "
                    "probes; the quantity F(θ_t) − F(x) needs no proximal solve, and F is (1/η − L)-strongly convex for "
                    "every f of the class, so F(θ_t) − F(x) ≤ −(1/η − L)‖x − θ_t‖²/2 — attained by curvature +L "
                    "quadratics, reached", ()),
    "thm3.1": Scope(_GD + _PRIV, _REACH_GD + _SUP, (), boundary=True),
    "lemB.2": Scope(_GD + "; any t ≥ 1", _REACH_GD + _SUP, ()),
    "lemB.3": Scope(_GD, "concave quadratics, on which every step expands by exactly 1 + ηL (the bound attained: the "
                    "class's supremum), and opposed linear losses", ()),
    "cor3.2": Scope("every η, L, G, σ > 0, 0 < ε, 0 < δ < 1, integers 1 ≤ m < n, T with K(ε) ∈ (0, T)",
                    "a grid over orders of magnitude and a search over the same parameters", ()),
    "rem3.3": Scope(_GD + "; k ≥ 1 further deletions, m + k < n" + _PRIV, _REACH_GD + "; the deletions in two batches"
                    + _SUP.replace("2mG", "2(m + k)G") + " — the remark is Theorem 3.1 for Z ∪ Z' (both calls rewind "
                    "to θ_{T−K})", ()),
    "thmB.1": Scope("N(μ, σ²I), N(μ', σ²I) with ‖μ − μ'‖ ≤ Δ, any ε > 0 (+fix: ε ≤ 1), 0 < δ < 1",
                    "ε, δ and Δ over orders of magnitude", ()),
    "sec4.2-epsilon-above-1": Scope(_GD + "; ε > 1, 0 < δ < 1", _REACH_GD + _SUP + " (σ the exact calibration of "
                                    "that bound)", ()),
    "sec4.2-decaying-step": Scope(_GD + "; η_t = η_0γ^t, 0 < γ ≤ 1" + _PRIV, _REACH_GD + "; opposed linear losses "
                                  "approach the schedule's shift bound 2mG/(Ln)(Π(1 + η_sLn/(n−m)) − 1)Π(1 + η_sL) "
                                  "(fraction (n−m)/n as L → 0), which bounds every loss of the class", ()),
    "appD.1": Scope(_GD + _PRIV + "; the printed estimates Ĝ, L̂", _REACH_GD + _SUP, ()),
    "appD.1-gradient-estimate": Scope(_GD + _PRIV + "; the printed estimate Ĝ",
                                      "opposed linear losses x = ±v in d ∈ {1, 2, 3} (‖v‖ irrational in d = 2) and "
                                      "non-quadratic smooth losses evaluated exactly (Huber, concave Huber, the "
                                      "non-convex PL dip in d ∈ {1, 2}, Huber in d = 3), η at its maximum, distinct "
                                      "random points; Ĝ = √(max_t ‖∇f_D(θ_t)‖²) enclosed, the maximum decided "
                                      "exactly on the squared norms" + _SUP, ()),
    "appD.1-gradient-estimate+fix": Scope(_GD + _PRIV + "; the certified G", _REACH_GD + _SUP, ()),
    "appD.1-lipschitz-estimate": Scope(_GD + _PRIV + "; the printed estimate L̂", "concave quadratics in d = 1 "
                                       "(L̂ = 1/λ exactly); quadratics with Hessian diag(a_k), distinct |a_k|, in d ∈ {2, 3} "
                                       "— concave, convex and saddles — with L̂'s exact law (N = 400 draws) and the two "
                                       "published scale mixtures' δ enclosed between a half-space lower bound and "
                                       "E δ_G, both bracketed cell by cell over that law (lhat.py)",
                                       (NON_PIECEWISE_LHAT,)),
    "appD.1-lipschitz-estimate+fix": Scope(_GD + _PRIV + "; the certified L", _REACH_GD + "; quadratics with Hessian "
                                           "diag(a_k) in d ∈ {2, 3} (lhat.py)" + _SUP, ()),
    "thm3.1:utility": Scope(_GD + _PRIV, _REACH_GD + ", stationary starts, ±L·log cosh and the non-convex sine least "
                            "squares on arb enclosures (d ∈ {1, 2}; symmetric starts with fgap exactly 0, and moving "
                            "runs with fgap a dyadic whose enclosed difference the quantity carries; E‖∇f(σZ)‖² a "
                            "certified Gaussian integral or closed form), σ from small to huge", ()),
    "cor3.5": Scope(_GD + _PRIV + "; f_{D'} μ-PL", "convex quadratics (PL with μ = λ), non-convex piecewise-quadratic "
                    "PL losses (the dip, d ∈ {1, 2}, θ_0 across its non-convex region) and the non-convex sine least "
                    "squares on enclosures from θ_0 ∈ {0, −3} (d ∈ {1, 2}; f0gap exact at 0, carried elsewhere), σ "
                    "from small to huge", ()),
    "cor3.6": Scope(_GD + _PRIV + "; f_{D'} μ-PL; the population F of the data's law (‖∇f_z‖ < G for every z of "
                    "its support)",
                    "point-mass populations (convex quadratics, the non-convex PL dip and the sine least squares on "
                    "enclosures from θ_0 ∈ {0, −3}); two- and three-atom populations in d ∈ {1, 2} with convex "
                    "quadratics and with the non-convex PL dip (μ over every D' of the support, θ_0 across the "
                    "non-convex region), n ≤ 5, E over D enumerated over every dataset of the support"
                    "; bounded continuous populations (products of Beta laws on a box, d ∈ {1, 2}, n up to 40) with "
                    "convex quadratics λI and diag(1, 3), E over D and the noise in closed form (continuous.py) — for quadratics every "
                    "expectation reads the law only through its per-coordinate means and variances, which Beta laws "
                    "reach inside the Bhatia–Davis region and two-point laws on its boundary, so every bounded "
                    "population is reached; the non-convex PL link least squares on Beta laws, E over D enclosed by sum cells "
                    "(cell_population.py): the sine link on uniform, Beta(2, 1) and Beta(1/2, 2) laws from θ_0 ∈ "
                    "{0, −3} across its non-convex region (f0gap carried off 0) and the bump link θ + κθe^{−θ²/2} "
                    "(κ = 1) on uniform and Beta(1/2, 2) laws from θ_0 = −1 inside its non-convex region, m = 1, "
                    "n ∈ {2, 8} (thorough: n ∈ {2, 3, 8, 20, 40} on every law, and d = 2 for both links). (A Gaussian "
                    "population is outside the class: ‖∇f_z‖ < G for every z (line 137) fails on an unbounded "
                    "support.)",
                    (COR36_POPULATIONS,)),
    "lemB.4": Scope("any algorithm whose output depends on D' only; F μ-PL, L-smooth, G-Lipschitz (‖∇f_z‖ < G for "
                    "every z of the population's support)",
                    "point-mass populations (F = f_{D'}), convex quadratics and the non-convex PL dip, outputs across "
                    "Θ, d ∈ {1, 2}; two- and three-atom populations with quadratics (outputs x̄' + o) and with the dip "
                    "(ERM plus offsets, constant outputs, the worst output map), E over D' enumerated; the non-convex sine "
                    "least squares on point masses on enclosures (risk_gap carried off θ = 0); bounded continuous "
                    "populations (products of Beta laws on a box, d ∈ {1, 2}) with quadratics λI and diag(1, 3), "
                    "outputs affine in x̄' (ERM, offsets, retraining, constants, and the pointwise worst map "
                    "(c·x̄' − ā)/(c − 1) when the coefficient c > 1), E over D' in closed form (continuous.py); on "
                    "uniform and Beta(1/2, 2) laws in d = 1, n − m ∈ {1, 2, 8} and 40 for the printed coefficient's worst map (thorough: {1, 2, 3, 8, 20, 40}), "
                    "the worst maps switching between Θ's faces or clipped at them and the sine and bump link least "
                    "squares retrained by gradient descent, E over D' enclosed by sum cells (cell_outputs.py); a "
                    "Gaussian population is outside the class "
                    "(‖∇f_z‖ < G for every z fails on an unbounded support)",
                    (LEMB4_POPULATIONS,)),
    "table1": Scope("every pair of dimensions 1 ≤ d < d₂", "d up to 5, d₂ up to 64 (the storage is a formula in d)", ()),
    "appC-radius": Scope("outputs with ‖θ‖, ‖θ'‖ ≤ R, any ε > 0 (+fix: ε ≤ 1), 0 < δ < 1, R > 0",
                         "ε, δ over orders of magnitude, R ∈ {10, 21} and a grid", ()),
    "table3": Scope("logistic loss with x ∈ ℝ^d, ‖x‖ ≤ 1, y ∈ {±1}, any d, any n ≥ 2, λ > 0, ε > 0, 0 < δ < 1",
                    "d = 1: n ∈ {2, 3, 4, 8} with |x| = 1, the deleted point aligned or opposing, and n ∈ {4, 5, 6} "
                    "distinct points with random labels, λ ∈ [1/100, 4]; d ∈ {2, 3}: the same data on a line through "
                    "the origin, of rational or irrational norm (exact reduction to d = 1); the true δ enclosed "
                    "(decides within as well as violated)", (NEWTON_MULTIDIM,)),
}
