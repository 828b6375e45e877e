"""Rewind-to-Delete, Corollary 3.6 (lines 191–197; proof Appendix B.2, lines 545–555) over bounded continuous
populations with a non-quadratic loss: E over the i.i.d. dataset D ~ Z^n enclosed cell by cell, for any n.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. The corollary's expectation is over "i.i.d. sampling of D ~ Z and the
Gaussian noise added at the end of U" (line 197). For a quadratic loss Algorithm 2's output is affine in the data and
two moments of the law suffice (:mod:`.continuous`); for any other loss the output is a nonlinear function of the
whole dataset. Here the loss is a link least squares f_z(θ) = Σ_k ½(h(θ_k) − z_k)² (:mod:`.cell_losses`: the sine
link h = t + κ sin t, ``shape`` SINE, and the bump link h = t + κte^{−t²/2}, ``shape`` BUMP — both non-convex,
PL, L-smooth and G-Lipschitz on a box Θ for every ‖z‖_∞ ≤ R, constants verified on the instance) on a product of
laws z_k = lo_k + (hi_k − lo_k)·Beta(α_k, β_k), α_k, β_k > 0 rational (uniform: α = β = 1), the law of
:mod:`.continuous`.

**Reduction to one coordinate.** The loss is separable and gradient descent runs coordinate by coordinate, so θ''_K,k
depends on D only through its column k — n i.i.d. draws from the k-th marginal — and E Σ_k h_k(θ''_K,k) =
Σ_k E h_k(θ''_K,k): d one-dimensional expectations (for a finite-support law the marginals of its atoms).

**The population risk.** F(θ) = E_z f_z(θ) = Σ_k [½(h(θ_k) − ā_k)² + ½v_k] (ā_k, v_k the marginal's mean and
variance) and h is a bijection of ℝ, so F* = Σ_k ½v_k and F(θ) − F* = Σ_k ½(h(θ_k) − ā_k)²: E_ξ over the noise is
``CellLoss.excess`` (closed forms). Likewise E_{D'}[f_{D'}(θ_0) − f*_{D'}] = Σ_k [½(h(θ_0,k) − ā_k)² + v_k/(2(n −
m))], rational at θ_0 = 0 (h(0) = 0: :func:`cell_f0gap`).

**The monotone bracket.** In one coordinate a gradient step θ ↦ θ − η(h(θ) − x̄)h'(θ) is nondecreasing in θ on Θ
when η·sup_Θ|ψ''| ≤ 1 (Theorem 3.1's η ≤ 1/L with L ≥ the verified smoothness on Θ, decided) and nondecreasing in
the mean x̄ (∂/∂x̄ = ηh' > 0). By induction over the T − K learning steps on D (mean x̄) and the K unlearning steps
on D' (mean x̄') from the checkpoint, θ''_K is nondecreasing in x̄ and in x̄', hence in every row of D, as long as the
iterates stay in Θ — which the hypothesis "every iterate in Θ" decides on the vertex datasets all-lo and all-hi,
whose runs bracket every dataset's iterates (the same induction).

**Three enumerations of the cells, equal.** Cut the support [lo, hi] into B bins of exact mass for integer α, β
(the Beta CDF is then a polynomial), else of enclosed mass (Arb's regularised incomplete beta: :func:`bin_masses`).
(1) *Ordered*: the B^n boxes of datasets (row i in bin j_i) with mass Π_i p_{j_i} (the rows are i.i.d.).
(2) *Multisets* (:func:`cells`): Algorithm 2 deletes the last m rows, so D' (the first n − m) and Z are independent
i.i.d. samples. The run is invariant under permutations of D' and of Z (a full-batch gradient is a symmetric
function of the rows it averages), and the law of an i.i.d. sample is exchangeable (Π_i p_{j_i} does not depend on
the order of the j_i), so two ordered cells whose bin tuples of D' and of Z are rearrangements of each other have
the same mass and the same corner runs: grouping them, the cells are the multisets (sorted tuples) of D' and of Z
with multinomial masses (n − m)!/Π c_j!·Π p_j^{c_j}, C(B + n − m − 1, n − m)·C(B + m − 1, m) of them instead of
B^n — the same sum, term for term.
(3) *Sums* (:func:`sum_cells`): the gradient reads the data only through the means x̄ and x̄' (``cell_losses``), so
the bracket of a multiset cell is fixed by the sums of its lower and of its upper bin ends; with equal bins
a_j = lo + jw the lower sum of a multiset of size s is s·lo + w·Σj and the upper sum that plus s·w, so multisets
with the same index sum Σj have the same corners, and their total mass is the coefficient of x^{Σj} in
(Σ_j p_j x^j)^s (the law of a sum of i.i.d. indices): s(B − 1) + 1 cells per sample. The enclosure is
Σ over (D' cell, Z cell) of P·E_ξ[F − F*] on the ball between the two corners' runs — (n − m)(B − 1) + 1 times
m(B − 1) + 1 terms for any n — and its width is O(1/B) in the mean.
**Refinement:** B doubles with each rung of the checker's precision ladder (64 bits: B_0 = 16 bins) while the
number of cell pairs stays within :data:`CELL_BUDGET` — an enclosure straddling the bound is cut finer, and past
the budget the comparison stays undecided.

A finite-support population (``atoms``) is the same sum with degenerate bins (one per atom, a = b): the cells are
the count vectors (sums of atoms) and the enclosure is the exact sum of ``population_runs`` — the tests' oracle,
with convex quadratics (λ/2)(θ − z)², for which the step is nondecreasing in θ and in x̄ when ηλ ≤ 1 and F − F* =
(λ/2)(θ − ā)², and whose continuous-law value is :mod:`.continuous`'s closed form.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence

import numpy as np
import sympy
from flint import arb, arb_poly, ctx

from ...formulas.r2d import f0gap
from ...numeric.enclosure import Decision, to_arb
from ...numeric.fraction import Fraction
from ...numeric.precision import START_PREC
from ...numeric.sympy_arb import arb_eval
from ..hypotheses import holds
from ..instances import frac, is_int
from ..model import Instance
from .cell_losses import BUMP, LINKS, SINE, CellLoss, gradient_bound
from .continuous import is_law, law_rows, law_well_formed, support_inside
from .families import above, eta_max, gd_instance, subsample
from .quantities import QUADRATIC, TRANSCENDENTAL

__all__ = ["CELL_BUDGET", "bin_masses", "bins_at", "carried_excess", "cell_excess", "cell_f0gap", "cell_law_ok",
           "cell_loss", "cell_pl_ok", "dyadic_above", "cell_runs_family", "cells", "is_cell_law", "link_constants_ok",
           "link_data_ok", "link_iterates_ok", "marginal_bins", "needs_link_checks", "square", "sum_cells", "true_f0gap"]

#: bins of each marginal's support at the first precision of the ladder (they double with each rung)
BINS_START = 16
#: the most (D' cell, Z cell) pairs one evaluation may take per coordinate
CELL_BUDGET = 12_000
#: |g − v| below this for the dyadic f0gap g an instance carries at θ_0 ≠ 0 (as ``transcendental.CARRY_TOL``)
CARRY_TOL = Fraction(1, 2**30)

Bin = tuple[Fraction, Fraction, Fraction | arb]  # (a, b, P(a ≤ z ≤ b)): exact, or enclosed


def is_cell_law(values: Instance) -> bool:
    """A bounded continuous population with a link least squares (the law's non-quadratic case)."""
    return is_law(values) and int(frac(values["family"])) == TRANSCENDENTAL


def cell_loss(values: Instance) -> CellLoss:
    """The instance's link least squares, one coordinate (``shape``, κ = ``param``, R)."""
    return CellLoss(int(frac(values["shape"])), frac(values["param"]), frac(values["R"]))


# =========================================================================== the bins
def _beta_cdf(x: Fraction, a: int, b: int) -> Fraction:
    """The regularised incomplete beta I_x(a, b) for integers a, b ≥ 1: Σ_{j=a}^{a+b−1} C(a+b−1, j)x^j(1 − x)^{a+b−1−j},
    exactly (the binomial identity P(Beta(a, b) ≤ x) = P(Bin(a + b − 1, x) ≥ a))."""
    N = a + b - 1
    return sum((math.comb(N, j) * x**j * (1 - x) ** (N - j) for j in range(a, N + 1)), Fraction(0))


def bin_masses(row: Sequence[Fraction], bins: int) -> list[Bin]:
    """The support [lo, hi] of z = lo + (hi − lo)·Beta(α, β) cut into ``bins`` equal bins, each with its
    probability: exact for integer α, β (:func:`_beta_cdf`), else an arb ball from the regularised incomplete beta
    I_x(α, β) (``arb.beta_lower``, Arb's rigorous enclosure; I_0 = 0 and I_1 = 1 exactly)."""
    lo, hi, a, b = row
    cuts = [Fraction(j, bins) for j in range(bins + 1)]
    if a.denominator == 1 and b.denominator == 1:
        cdf: list = [_beta_cdf(c, int(a), int(b)) for c in cuts]
    else:
        cdf = [arb(0)] + [to_arb(c).beta_lower(to_arb(a), to_arb(b), 1) for c in cuts[1:-1]] + [arb(1)]
    return [(lo + (hi - lo) * c0, lo + (hi - lo) * c1, p1 - p0)
            for c0, c1, p0, p1 in zip(cuts, cuts[1:], cdf, cdf[1:])]


def marginal_bins(values: Instance, k: int, bins: int) -> list[Bin]:
    """Coordinate k's bins: of a law (:func:`bin_masses`), or the atoms' k-th coordinates as degenerate bins."""
    if is_law(values):
        return bin_masses(law_rows(values)[k], bins)
    return [(frac(a[k]), frac(a[k]), frac(p)) for a, p in zip(values["atoms"], values["probs"])]


def _pairs(bins: int, n_: int, m_: int) -> int:
    """(D' sum cells)·(Z sum cells) at B equal bins (module doc (3))."""
    return ((n_ - m_) * (bins - 1) + 1) * (m_ * (bins - 1) + 1)


def bins_at(values: Instance, prec: int | None = None, draws: tuple[int, int] | None = None) -> int:
    """B at a rung of the precision ladder: :data:`BINS_START`·2^rung, halved back while the cell pairs exceed
    :data:`CELL_BUDGET` (never below 2); ``draws`` = (n, m) when not the instance's."""
    prec = ctx.prec if prec is None else prec
    n_, m_ = draws if draws is not None else (int(frac(values["n"])), int(frac(values["m"])))
    bins = BINS_START * max(1, prec // START_PREC)
    while bins > 2 and _pairs(bins, n_, m_) > CELL_BUDGET:
        bins //= 2
    return bins


def cells(bins: list[Bin], n_: int, m_: int) -> Iterator[tuple[arb, tuple[int, ...], tuple[int, ...]]]:
    """The multiset cells (module doc (2)): (P(cell) enclosed, bins of D' sorted, bins of Z sorted) with multinomial
    weights."""
    def draws(size: int) -> Iterator[tuple[arb, tuple[int, ...]]]:
        for idx in itertools.combinations_with_replacement(range(len(bins)), size):
            count = Fraction(math.factorial(size))
            for j in set(idx):
                count /= math.factorial(idx.count(j))
            w = to_arb(count)
            for j in idx:
                w *= to_arb(bins[j][2])
            yield w, idx

    kept = list(draws(n_ - m_))
    for (wz, iz) in draws(m_):
        for (wr, ir) in kept:
            yield wr * wz, ir, iz


def _equal_bins(bins: list[Bin]) -> Fraction | None:
    """The common width w when the bins are a_j = a_0 + jw, b_j = a_j + w, w > 0 (a law's bins), else None."""
    w = bins[0][1] - bins[0][0]
    if w <= 0 or any(a != bins[0][0] + j * w or b != a + w for j, (a, b, _) in enumerate(bins)):
        return None
    return w


def sum_cells(bins: list[Bin], size: int) -> list[tuple[arb, Fraction, Fraction]]:
    """The sum cells of an i.i.d. sample of ``size`` rows (module doc (3)): (mass, Σ lower ends, Σ upper ends). Equal
    bins: the coefficients of (Σ_j p_j x^j)^size (``arb_poly``), index sum s ↦ (size·a_0 + sw, size·a_0 + (s +
    size)w); other bins (atoms): the multisets grouped by their exact sums, by repeated convolution."""
    if size == 0:
        return [(arb(1), Fraction(0), Fraction(0))]
    w = _equal_bins(bins)
    if w is not None:
        coeffs = (arb_poly([to_arb(p) for _, _, p in bins]) ** size).coeffs()
        a0 = size * bins[0][0]
        return [(c, a0 + s * w, a0 + (s + size) * w) for s, c in enumerate(coeffs)]
    dist: dict[tuple[Fraction, Fraction], arb] = {(Fraction(0), Fraction(0)): arb(1)}
    for _ in range(size):
        new: dict[tuple[Fraction, Fraction], arb] = {}
        for (sa, sb), mass in dist.items():
            for a, b, p in bins:
                key = (sa + a, sb + b)
                new[key] = new.get(key, arb(0)) + mass * to_arb(p)
        dist = new
    return [(mass, sa, sb) for (sa, sb), mass in dist.items()]


def square(u: arb) -> arb:
    """The range of t² over the ball u, tight: the hull of the squares of its ends, and 0 when it straddles 0 (u·u
    counts the ball twice; ``**`` of a ball containing 0 is NaN in python-flint)."""
    lo, hi = u.lower(), u.upper()
    ends = (lo * lo).union(hi * hi)
    return ends.union(arb(0)) if lo < 0 < hi else ends


# =========================================================================== one coordinate
class _Runs:
    """θ''_K in coordinate k as a function of the means (x̄ of D, x̄' of D'): T − K steps of gradient descent on D
    from θ_0 (the checkpoint θ_{T−K}), then K steps on D' (Algorithm 2) — exact for quadratics
    (``algorithms.r2d.descent_path`` on the one-row dataset of the mean: the gradient is λ(θ − x̄)), arb balls for a
    link (``CellLoss.path``); memoised by the exact means."""

    def __init__(self, values: Instance, k: int):
        self.T, self.K = int(frac(values["T"])), int(frac(values["K"]))
        self.eta = frac(values["eta"])
        self.th0 = frac(values["theta0"][k])
        self.quadratic = int(frac(values["family"])) == QUADRATIC
        self.lam = frac(values["lam"]) if self.quadratic else None
        self.loss = None if self.quadratic else cell_loss(values)
        self.checkpoints: dict[Fraction, object] = {}
        self.outputs: dict[tuple[Fraction, Fraction], arb] = {}

    def _path(self, mean: Fraction, steps: int, start: object) -> object:
        if self.quadratic:
            from ...algorithms.r2d import descent_path
            from ...problems import Quadratic

            loss = Quadratic(A=((self.lam,),), R=max(abs(mean), Fraction(1)))
            return frac(descent_path(loss, np.asarray([[mean]], dtype=object), eta=self.eta, T=steps,
                                     theta0=[start])[-1][0])
        return self.loss.path(mean, self.eta, steps, start)[-1]

    def __call__(self, mean_all: Fraction, mean_kept: Fraction) -> arb:
        key = (mean_all, mean_kept)
        if key not in self.outputs:
            if mean_all not in self.checkpoints:
                self.checkpoints[mean_all] = self._path(mean_all, self.T - self.K, self.th0)
            out = self._path(mean_kept, self.K, self.checkpoints[mean_all])
            self.outputs[key] = to_arb(out) if self.quadratic else out
        return self.outputs[key]


def _coordinate_excess(values: Instance, k: int, bins: list[Bin], mean: Fraction, sig: arb) -> arb:
    """Σ over the (D' cell, Z cell) pairs of P·h_k([θ''_K(lower corners), θ''_K(upper corners)]), h_k(θ) =
    E_ξ F_k(θ + ξ) − F*_k (module doc)."""
    n_, m_ = int(frac(values["n"])), int(frac(values["m"]))
    run = _Runs(values, k)
    quadratic = run.quadratic
    half_lam = to_arb(frac(values["lam"]) / 2) if quadratic else None
    total = arb(0)
    with ctx.workprec(ctx.prec + int(frac(values["T"])) + 64):  # a step at most doubles a ball's radius
        kept, deleted = sum_cells(bins, n_ - m_), sum_cells(bins, m_)
        n_inv, kept_inv = Fraction(1, n_), Fraction(1, n_ - m_)
        kept = [(wr, lr, ur, lr * kept_inv, ur * kept_inv) for wr, lr, ur in kept]
        for wz, lz, uz in deleted:
            for wr, lr, ur, ml, mu in kept:
                low = run((lr + lz) * n_inv, ml)
                high = run((ur + uz) * n_inv, mu)
                theta = low.union(high)
                if quadratic:
                    h = half_lam * (square(theta - to_arb(mean)) + sig * sig)
                else:
                    h = run.loss.excess(theta, mean, sig)
                total += wr * wz * h
    return +total


def _means(values: Instance, d_: int) -> list[Fraction]:
    """ā_k: the law's means (α/(α + β) of the bin) or the atoms' weighted means."""
    if is_law(values):
        return [lo + (hi - lo) * a / (a + b) for lo, hi, a, b in law_rows(values)]
    return [sum((frac(p) * frac(at[k]) for at, p in zip(values["atoms"], values["probs"])), Fraction(0))
            for k in range(d_)]


def cell_excess(values: Instance) -> arb:
    """E over D ~ Z^n and ξ ~ N(0, σ²I_d) of F(θ''_K + ξ) − F*, enclosed: Σ_k of the cell sums of coordinate k at
    :func:`bins_at` bins (a finite-support population: its atoms), σ the claim's prescribed ball."""
    d_ = len(values["theta0"])
    sig = to_arb(values["sigma"])
    means = _means(values, d_)
    bins = bins_at(values)
    return sum((_coordinate_excess(values, k, marginal_bins(values, k, bins), means[k], sig) for k in range(d_)),
               arb(0))


def _variances(values: Instance) -> list[Fraction]:
    return [(hi - lo) ** 2 * a * b / ((a + b) ** 2 * (a + b + 1)) for lo, hi, a, b in law_rows(values)]


def cell_f0gap(values: Instance) -> Fraction:
    """E_{D'}[f_{D'}(θ_0) − f*_{D'}] at θ_0 = 0 (h(0) = 0): Σ_k ½ā_k² + v_k/(2(n − m)), exactly (module doc)."""
    if any(frac(v) != 0 for v in values["theta0"]):
        raise ValueError("cell_population: f0gap is rational at θ_0 = 0 only (elsewhere: true_f0gap)")
    size = frac(values["n"]) - frac(values["m"])
    means = _means(values, len(values["theta0"]))
    return sum((a * a / 2 + v / (2 * size) for a, v in zip(means, _variances(values))), Fraction(0))


def true_f0gap(values: Instance) -> arb:
    """E_{D'}[f_{D'}(θ_0) − f*_{D'}] = Σ_k ½(h(θ_0,k) − ā_k)² + v_k/(2(n − m)) at any θ_0, enclosed (module doc)."""
    size = frac(values["n"]) - frac(values["m"])
    loss = cell_loss(values)
    total = arb(0)
    for t, a, v in zip((to_arb(frac(x)) for x in values["theta0"]), _means(values, len(values["theta0"])),
                       _variances(values)):
        u = loss.link(t) - to_arb(a)
        total += u * u / 2 + to_arb(v / (2 * size))
    return total


def carried_excess(bound: sympy.Expr) -> Callable[[Instance], arb]:
    """:func:`cell_excess`, plus c·(f0gap − its true value) when θ_0 ≠ 0 (f0gap then transcendental: the instance
    carries a dyadic within 2^−30, decided by :func:`cell_pl_ok`; c = ∂bound/∂f0gap ≥ 0, the bound affine in it,
    checked here): quantity ≤ bound(g) ⇔ E[F(θ̃'')] − F* ≤ bound(true f0gap), as ``transcendental.carried``."""
    slope = sympy.diff(bound, f0gap)
    if sympy.diff(slope, f0gap) != 0:
        raise ValueError("the bound is not affine in f0gap")

    def quantity(values: Instance) -> arb:
        base = cell_excess(values)
        if all(frac(v) == 0 for v in values["theta0"]):
            return base
        return base + arb_eval(slope, values) * (to_arb(frac(values["f0gap"])) - true_f0gap(values))

    quantity.__doc__ = carried_excess.__doc__
    return quantity


# =========================================================================== hypotheses
def _link_ok(values: Instance) -> bool:
    """The link (``shape`` SINE or BUMP) with κ in its range (``CellLoss`` refuses others)."""
    return int(frac(values["shape"])) in LINKS and cell_loss(values).in_range()


def cell_law_ok(values: Instance) -> Decision:
    """The structure: integers 1 ≤ m < n (any n: the sum cells); the law well formed (α_k, β_k > 0), one row per
    coordinate of θ_0; a link least squares (``shape`` SINE with 0 ≤ κ < 1, or BUMP with 0 ≤ κ < e^{3/2}/2); the
    support box and θ_0 inside Θ = [lo, hi]. The data-dependent hypotheses of Theorem 3.1 are decided on the vertex
    datasets (``population_runs.on_every_dataset``): the constants read the data only through ‖z‖ ≤ R, and the runs
    on the all-lo and all-hi columns bracket every dataset's iterates per coordinate (module doc)."""
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    if not _link_ok(values) or not law_well_formed(values):
        return Decision.FALSE
    return support_inside(values)


def cell_pl_ok(values: Instance) -> Decision:
    """Every f_{D'} PL with μ: f_{D'} = Σ_k ½(h(θ_k) − x̄'_k)² + c is PL with (inf h')² for every D'
    (:mod:`.cell_losses`), so 0 < μ ≤ (inf h')² (decided: exact for the sine, enclosed for the bump); d = the
    dimension; f0gap = :func:`cell_f0gap` exactly at θ_0 = 0, elsewhere a rational within 2^−30 of
    :func:`true_f0gap` (carried: :func:`carried_excess`)."""
    if not (frac(values["mu"]) > 0 and frac(values["d"]) == len(values["theta0"])):
        return Decision.FALSE
    pl = cell_loss(values).pl_constant()
    mu_ = to_arb(frac(values["mu"]))
    if mu_ > pl:
        return Decision.FALSE
    if not mu_ <= pl:
        return Decision.UNDECIDED
    if all(frac(v) == 0 for v in values["theta0"]):
        return holds(frac(values["f0gap"]) == cell_f0gap(values))
    diff = abs(true_f0gap(values) - to_arb(frac(values["f0gap"])))
    tol = to_arb(CARRY_TOL)
    return Decision.TRUE if diff < tol else Decision.FALSE if diff > tol else Decision.UNDECIDED


# -- Theorem 3.1's data hypotheses for a link ``quantities.Setup`` does not build (the bump): the same conditions,
# decided here on the vertex datasets (``population_runs.on_every_dataset`` routes them)
def _bs(values: Instance) -> list[Fraction]:
    return [max(abs(frac(a)), abs(frac(b))) for a, b in zip(values["lo"], values["hi"])]


def link_data_ok(values: Instance) -> Decision:
    """Data (``quantities.gd_ok``): n ≥ 2, 1 ≤ m < n integers, θ_0 ∈ Θ, Θ = Π[−b_k, b_k] symmetric, and every
    point of the support in [−R, R]^d (each coordinate's loss is verified for |z| ≤ R)."""
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])):
        return Decision.FALSE
    if any(frac(a) != -frac(b) for a, b in zip(values["lo"], values["hi"])):
        return Decision.FALSE
    R_ = frac(values["R"])
    if any(max(abs(lo), abs(hi)) > R_ for lo, hi, _, _ in law_rows(values)):
        return Decision.FALSE
    return support_inside(values)


def link_constants_ok(values: Instance) -> Decision:
    """Constants (``quantities.constants_ok``): the verified smoothness of every coordinate on Θ ≤ L and the
    verified gradient bound < G, decided on enclosures."""
    loss = cell_loss(values)
    bs = _bs(values)
    smooth = [loss.smoothness(b) for b in bs]
    L_ = to_arb(frac(values["L"]))
    if any(s > L_ for s in smooth):
        return Decision.FALSE
    g = gradient_bound([loss] * len(bs), bs)
    G_ = to_arb(frac(values["G"]))
    if g >= G_:
        return Decision.FALSE
    return Decision.TRUE if all(s <= L_ for s in smooth) and g < G_ else Decision.UNDECIDED


def link_iterates_ok(values: Instance) -> Decision:
    """Every iterate in Θ (``quantities.iterates_ok``) on every dataset of the support: decided on the learning,
    unlearning and retraining runs of the vertex datasets per coordinate (all rows lo_k, all rows hi_k), which
    bracket every dataset's (module doc; the gradient reads the rows through their mean)."""
    loss = cell_loss(values)
    T_, eta_ = int(frac(values["T"])), frac(values["eta"])
    out = Decision.TRUE
    with ctx.workprec(ctx.prec + T_ + 64):
        for k, (lo, hi, _, _) in enumerate(law_rows(values)):
            t_lo, t_hi = to_arb(frac(values["lo"][k])), to_arb(frac(values["hi"][k]))
            for z in (lo, hi):  # on a vertex dataset D and D' have the same mean: unlearning from θ_{T−K} and
                # retraining continue or repeat the learning run
                for e in loss.path(z, eta_, T_, frac(values["theta0"][k])):
                    if e < t_lo or e > t_hi:
                        return Decision.FALSE
                    if not (e >= t_lo and e <= t_hi):
                        out = Decision.UNDECIDED
    return out


def needs_link_checks(values: Instance) -> bool:
    """A cell law whose loss ``quantities.Setup`` does not build (the bump link)."""
    return is_cell_law(values) and int(frac(values["shape"])) != SINE


# =========================================================================== the family
_Q = Fraction
#: (law rows, Θ half-width, R, T, K): uniform on [1, 2] (descent from 0 in the convex part), Beta(2, 1) on [4, 6]
#: (descent from 0 across the non-convex region π < θ < 3π/2, where f'' < 0), Beta(1/2, 2) on [1, 3] (a density
#: singular at lo: masses enclosed)
_LAWS = (([[_Q(1), _Q(2), _Q(1), _Q(1)]], _Q(3), _Q(2), 8, 4),
         ([[_Q(4), _Q(6), _Q(2), _Q(1)]], _Q(8), _Q(6), 30, 10),
         ([[_Q(1), _Q(3), _Q(1, 2), _Q(2)]], _Q(4), _Q(3), 12, 4))
#: the bump link (κ = 1: μ = (1 − 2e^{−3/2})² ≈ 0.307 enclosed, taken as the dyadic 19/64 below it) on the uniform
#: law on [1, 2] and Beta(1/2, 2) on [−2, 2], Θ = [−3, 3], R = 2, from θ_0 = −1 — inside the non-convex region
#: (ψ'' = h'² + (h − z)h'' = 1 − (1 + e^{−1/2} + z)·2e^{−1/2} < 0 at θ = −1 for every z ≥ 0), f0gap carried
_BUMP_LAWS = (([[_Q(1), _Q(2), _Q(1), _Q(1)]], _Q(3), _Q(2), 12, 4),
              ([[_Q(-2), _Q(2), _Q(1, 2), _Q(2)]], _Q(3), _Q(2), 12, 4))
BUMP_KAPPA, BUMP_MU = _Q(1), _Q(19, 64)


def dyadic_above(x: arb) -> Fraction:
    """A short dyadic strictly above the ball x (a declared constant; the hypotheses decide it on enclosures)."""
    man, exp = x.upper().mid().man_exp()
    return Fraction(math.floor(Fraction(int(man)) * Fraction(2) ** int(exp) * 2**30) + 1, 2**30)


def _instance(law: list[list[Fraction]], box: Fraction, R_: Fraction, n_: int, m_: int, T_: int, K_: int,
              eps: Fraction, dlt: Fraction, kappa: Fraction, start: Fraction = Fraction(0), shape: int = SINE) -> dict:
    from ...problems import Box
    from ...problems.r2d_transcendental import SeparableTranscendental

    d_ = len(law)
    if shape == SINE:
        c = SeparableTranscendental(SINE, kappa, R_, d_).constants(Box(tuple([-box] * d_), tuple([box] * d_)))
        L_, G_, mu_ = Fraction(str(c.value("M"))), above(c.value("L")), (1 - kappa) ** 2
    else:
        loss = CellLoss(shape, kappa, R_)
        L_ = dyadic_above(loss.smoothness(box))
        G_ = dyadic_above(gradient_bound([loss] * d_, [box] * d_))
        mu_ = BUMP_MU
    X = [[row[1] for row in law]] * n_  # a vertex dataset, dropped: gd_instance's shape
    inst = gd_instance(TRANSCENDENTAL, X, m_, eta_=eta_max(n_, m_, L_), L_=L_, G_=G_, T_=T_, K_=K_,
                       eps=eps, dlt=dlt, R_=R_, shape=shape, param=kappa, mu=mu_, d=d_,
                       theta0=[start] * d_, law=[list(r) for r in law])
    del inst["X"]
    inst.update(lo=[-box] * d_, hi=[box] * d_)
    if start == 0:
        inst["f0gap"] = cell_f0gap(inst)
    else:  # a dyadic within 2^−40 of the true value (its enclosure at 256 bits, rounded to 2^−48)
        with ctx.workprec(256):
            man, exp = true_f0gap(inst).mid().man_exp()
        inst["f0gap"] = Fraction(round(Fraction(int(man)) * Fraction(2) ** int(exp) * 2**48), 2**48)
    return inst


#: the dataset sizes n (m = 1) of the family per profile: quick, thorough (size > 40); the cost of one evaluation
#: grows like n·B² (module doc (3))
N_QUICK, N_THOROUGH = (2, 8), (2, 3, 8, 20, 40)


def cell_runs_family(rng: np.random.Generator, size: int) -> list[dict]:
    """Link least squares on bounded continuous laws, E over D by sum cells (module doc), m = 1, from small σ
    (ε = 1, δ = 1/2) to large (ε = 1/10, δ = 10⁻⁵):

    * the sine link (κ = 1/2, μ = 1/4, L and G the profile's exact constants on Θ = [−b, b]^d, η at Theorem 3.1's
      maximum) on the uniform law on [1, 2], Beta(2, 1) on [4, 6] (descent from θ_0 = 0 across the non-convex
      region; also from θ_0 = −3, f0gap carried) and Beta(1/2, 2) on [1, 3];
    * the bump link (κ = 1, :data:`_BUMP_LAWS`) from θ_0 = −1 inside its non-convex region;

    n = 2, and n = 8 for the uniform law at ε = 1 with each link (thorough, size > 40: every
    law at every n of :data:`N_THOROUGH`, and d = 2: the sine's first two laws as the
    coordinates of a product law, and the bump's two laws likewise)."""
    thorough = size > 40
    sizes = N_THOROUGH if thorough else N_QUICK
    out = []
    small_big = ((_Q(1), _Q(1, 2)), (_Q(1, 10), _Q(1, 10**5)))
    for (law, box, R_, T_, K_), (eps, dlt), n_ in itertools.product(_LAWS, small_big, sizes):
        if n_ == 2 or thorough or (law is _LAWS[0][0] and eps == 1):
            out.append(_instance(law, box, R_, n_, 1, T_, K_, eps, dlt, _Q(1, 2)))
    law, box, R_, T_, K_ = _LAWS[1]  # from θ_0 = −3: the whole non-convex region π < θ < 3π/2 and beyond
    out.append(_instance(law, box, R_, 2, 1, T_, K_, _Q(1), _Q(1, 2), _Q(1, 2), start=_Q(-3)))
    for (law, box, R_, T_, K_), (eps, dlt), n_ in itertools.product(_BUMP_LAWS, small_big, sizes):
        if n_ == 2 or thorough or (law is _BUMP_LAWS[0][0] and eps == 1):
            out.append(_instance(law, box, R_, n_, 1, T_, K_, eps, dlt, BUMP_KAPPA, start=_Q(-1), shape=BUMP))
    if thorough:
        law = [_LAWS[0][0][0], _LAWS[1][0][0]]
        out.append(_instance(law, _Q(8), _Q(7), 2, 1, 12, 4, _Q(1), _Q(1, 2), _Q(1, 2)))
        law = [_BUMP_LAWS[0][0][0], _BUMP_LAWS[1][0][0]]
        out.append(_instance(law, _Q(3), _Q(2), 8, 1, 12, 4, _Q(1), _Q(1, 2), BUMP_KAPPA, start=_Q(-1), shape=BUMP))
    return subsample(out, rng, min(size, max(2, len(out))))
