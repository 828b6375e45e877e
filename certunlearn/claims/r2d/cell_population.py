"""Rewind-to-Delete, Corollary 3.6 (lines 191–197; proof Appendix B.2, lines 545–555) over bounded continuous
populations with a non-quadratic loss: E over the i.i.d. dataset D ~ Z^n enclosed cell by cell.

Paper file: ``papers/003_4ace1bceaf1cf3d6.txt``. The corollary's expectation is over "i.i.d. sampling of D ~ Z and the
Gaussian noise added at the end of U" (line 197). For a quadratic loss Algorithm 2's output is affine in the data and
two moments of the law suffice (:mod:`.continuous`); for any other loss the output is a nonlinear function of the
whole dataset. Here the loss is the non-convex PL sine least squares f_z(θ) = Σ_k ½(φ(θ_k) − z_k)², φ(t) = t +
κ sin t, 0 ≤ κ < 1 (``problems.r2d_transcendental``, ``SINE``: L-smooth with ‖∇f_z‖ < G on a box Θ for every
‖z‖ ≤ R, every f_{D'} PL with μ = (1 − κ)²) on a product of laws z_k = lo_k + (hi_k − lo_k)·Beta(α_k, β_k),
α_k, β_k > 0 rational (uniform: α = β = 1), the law of :mod:`.continuous`.

**Reduction to one coordinate.** The loss is separable and gradient descent runs coordinate by coordinate, so θ''_K,k
depends on D only through its column k — n i.i.d. draws from the k-th marginal — and E Σ_k h_k(θ''_K,k) =
Σ_k E h_k(θ''_K,k): d one-dimensional expectations (for a finite-support law the marginals of its atoms).

**The population risk.** F(θ) = E_z f_z(θ) = Σ_k [½(φ(θ_k) − ā_k)² + ½v_k] (ā_k, v_k the marginal's mean and
variance) and φ is a bijection of ℝ, so F* = Σ_k ½v_k and F(θ) − F* = Σ_k ½(φ(θ_k) − ā_k)²: E_ξ over the noise is
``r2d_transcendental.gaussian_risk`` at the one-point dataset {ā} (closed form by Stein's identity). Likewise
E_{D'}[f_{D'}(θ_0) − f*_{D'}] = Σ_k [½(φ(θ_0,k) − ā_k)² + v_k/(2(n − m))], rational at θ_0 = 0 (:func:`cell_f0gap`).

**Cells and the monotone bracket.** In one coordinate a gradient step θ ↦ θ − (η/n)Σ_i ψ'(θ; x_i) (ψ the profile)
is nondecreasing in θ on Θ when η·sup_Θ ψ'' ≤ 1 (Theorem 3.1's η ≤ 1/L with L ≥ sup|f_z''| on Θ, decided) and
nondecreasing in every data point x_i because ∂ψ'/∂x = −φ'(θ) = −(1 + κ cos θ) < 0. By induction over the learning
steps on D and the unlearning steps on D' from the checkpoint, θ''_K is nondecreasing in every row of D, as long as
the iterates stay in Θ — which the hypothesis "every iterate in Θ" decides on the two vertex datasets all-lo and
all-hi, whose runs bracket every dataset of the support (the same induction). So over a cell (a box of datasets,
row i in the bin [a_i, b_i]) θ''_K lies between its runs on the lower corner (a_i) and the upper corner (b_i), run
on arb balls (``r2d_transcendental.descent``, the reference iteration): ∫_cell h(θ''_K(D)) dP ∈ P(cell)·h([θ''_K(a),
θ''_K(b)]). The support [lo, hi] is cut into B bins of exact mass for integer α, β (the Beta CDF is then a
polynomial), else of enclosed mass (Arb's regularised incomplete beta: :func:`bin_masses`); θ''_K is symmetric
within D' and within the deleted Z (full-batch gradients), so the cells are the sorted bin tuples of D' and of Z
with multinomial weights. The enclosure is the sum over cells:
its width is O(1/B). **Refinement:** B doubles with each rung of the checker's precision ladder (64 bits: B_0 = 16
bins) while the number of corner runs stays within :data:`CORNER_BUDGET` — an enclosure straddling the bound is cut
finer, and past the budget the comparison stays undecided.

A finite-support population (``atoms``) is the same sum with degenerate bins (one per atom, a = b): the cells are
the count vectors and the enclosure is the exact sum of ``population_runs`` — the tests' oracle, with convex
quadratics (λ/2)(θ − z)², for which the step is nondecreasing in θ and in x when ηλ ≤ 1 and F − F* =
(λ/2)(θ − ā)², and whose continuous-law value is :mod:`.continuous`'s closed form.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

import numpy as np
import sympy
from flint import arb, ctx

from ...formulas.r2d import f0gap
from ...numeric.enclosure import Decision, to_arb
from ...numeric.precision import START_PREC
from ...numeric.sympy_arb import arb_eval
from ...problems.r2d_transcendental import SINE, SeparableTranscendental, descent, gaussian_risk
from ..hypotheses import holds
from ..instances import frac, is_int
from ..model import Instance
from .continuous import is_law, law_rows, law_well_formed, support_inside
from .families import above, eta_max, gd_instance, subsample
from .quantities import QUADRATIC, TRANSCENDENTAL

__all__ = ["CORNER_BUDGET", "bin_masses", "bins_at", "carried_excess", "cell_excess", "cell_f0gap", "cell_law_ok",
           "cell_pl_ok", "cell_runs_family", "cells", "is_cell_law", "marginal_bins", "square", "true_f0gap"]

#: bins of each marginal's support at the first precision of the ladder (they double with each rung)
BINS_START = 16
#: the most corner runs (distinct sorted corner datasets per coordinate) one evaluation may take
CORNER_BUDGET = 12_000
#: the largest n the cells are built for (their number grows like B^n)
MAX_N = 4
#: |g − v| below this for the dyadic f0gap g an instance carries at θ_0 ≠ 0 (as ``transcendental.CARRY_TOL``)
CARRY_TOL = Fraction(1, 2**30)

Bin = tuple[Fraction, Fraction, Fraction | arb]  # (a, b, P(a ≤ z ≤ b)): exact, or enclosed


def is_cell_law(values: Instance) -> bool:
    """A bounded continuous population with the sine least squares (the law's non-quadratic case)."""
    return is_law(values) and int(frac(values["family"])) == TRANSCENDENTAL


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


def _corner_count(bins: int, n_: int, m_: int) -> int:
    """Distinct sorted corner datasets: multisets of n − m and of m among the bins + 1 endpoints."""
    return math.comb(bins + n_ - m_, n_ - m_) * math.comb(bins + m_, m_)


def bins_at(values: Instance, prec: int | None = None, draws: tuple[int, int] | None = None) -> int:
    """B at a rung of the precision ladder: :data:`BINS_START`·2^rung, halved back while the corner runs exceed
    :data:`CORNER_BUDGET` (never below 2); ``draws`` = (n, m) when not the instance's."""
    prec = ctx.prec if prec is None else prec
    n_, m_ = draws if draws is not None else (int(frac(values["n"])), int(frac(values["m"])))
    bins = BINS_START * max(1, prec // START_PREC)
    while bins > 2 and _corner_count(bins, n_, m_) > CORNER_BUDGET:
        bins //= 2
    return bins


def cells(bins: list[Bin], n_: int, m_: int) -> Iterator[tuple[arb, tuple[int, ...], tuple[int, ...]]]:
    """(P(cell) enclosed, bins of D' sorted, bins of Z sorted) with multinomial weights."""
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


def square(u: arb) -> arb:
    """The range of t² over the ball u, tight: the hull of the squares of its ends, and 0 when it straddles 0 (u·u
    counts the ball twice; ``**`` of a ball containing 0 is NaN in python-flint)."""
    lo, hi = u.lower(), u.upper()
    ends = (lo * lo).union(hi * hi)
    return ends.union(arb(0)) if lo < 0 < hi else ends


# =========================================================================== one coordinate
def _run(values: Instance, k: int, retained: tuple[Fraction, ...], deleted: tuple[Fraction, ...]) -> arb:
    """θ''_K in coordinate k on the dataset D' = ``retained``, Z = ``deleted``: T − K steps of gradient descent on D
    from θ_0 (the checkpoint θ_{T−K}), then K steps on D' (Algorithm 2), on arb balls."""
    T_, K_ = int(frac(values["T"])), int(frac(values["K"]))
    eta_ = frac(values["eta"])
    X = [[v] for v in retained + deleted]
    Xr = [[v] for v in retained]
    th0 = [frac(values["theta0"][k])]
    if int(frac(values["family"])) == QUADRATIC:  # exact: θ ← θ − ηλ(θ − x̄)
        from ...algorithms.r2d import descent_path
        from ...problems import Quadratic

        loss = Quadratic(A=((frac(values["lam"]),),), R=max([abs(row[0]) for row in X] + [Fraction(1)]))
        ck = descent_path(loss, np.asarray(X, dtype=object), eta=eta_, T=T_ - K_, theta0=th0)[-1]
        return to_arb(frac(descent_path(loss, np.asarray(Xr, dtype=object), eta=eta_, T=K_, theta0=ck)[-1][0]))
    loss = SeparableTranscendental(SINE, frac(values["param"]), frac(values["R"]), 1)
    ck = descent(loss, X, eta=eta_, T=T_ - K_, theta0=th0)[-1]
    return descent(loss, Xr, eta=eta_, T=K_, theta0=ck)[-1][0]


def _coordinate_excess(values: Instance, k: int, bins: list[Bin], mean: Fraction, sig: arb) -> arb:
    """Σ over the cells of P(cell)·h_k([θ''_K(lower corner), θ''_K(upper corner)]), h_k(θ) = E_ξ F_k(θ + ξ) − F*_k
    (module doc)."""
    n_, m_ = int(frac(values["n"])), int(frac(values["m"]))
    runs: dict[tuple, arb] = {}

    def run(retained: tuple[Fraction, ...], deleted: tuple[Fraction, ...]) -> arb:
        key = (retained, deleted)
        if key not in runs:
            runs[key] = _run(values, k, retained, deleted)
        return runs[key]

    quadratic = int(frac(values["family"])) == QUADRATIC
    loss = None if quadratic else SeparableTranscendental(SINE, frac(values["param"]), frac(values["R"]), 1)
    half_lam = to_arb(frac(values["lam"]) / 2) if quadratic else None
    total = arb(0)
    with ctx.workprec(ctx.prec + int(frac(values["T"])) + 64):  # a step at most doubles a ball's radius
        for w, ir, iz in cells(bins, n_, m_):
            low = run(tuple(bins[j][0] for j in ir), tuple(bins[j][0] for j in iz))
            high = run(tuple(bins[j][1] for j in ir), tuple(bins[j][1] for j in iz))
            theta = low.union(high)
            if quadratic:
                h = half_lam * (square(theta - to_arb(mean)) + sig * sig)
            else:
                h = gaussian_risk(loss, [theta], [[mean]], sig)
            total += w * h
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
    """E_{D'}[f_{D'}(θ_0) − f*_{D'}] at θ_0 = 0 (φ(0) = 0): Σ_k ½ā_k² + v_k/(2(n − m)), exactly (module doc)."""
    if any(frac(v) != 0 for v in values["theta0"]):
        raise ValueError("cell_population: f0gap is rational at θ_0 = 0 only (elsewhere: true_f0gap)")
    size = frac(values["n"]) - frac(values["m"])
    means = _means(values, len(values["theta0"]))
    return sum((a * a / 2 + v / (2 * size) for a, v in zip(means, _variances(values))), Fraction(0))


def true_f0gap(values: Instance) -> arb:
    """E_{D'}[f_{D'}(θ_0) − f*_{D'}] = Σ_k ½(φ(θ_0,k) − ā_k)² + v_k/(2(n − m)) at any θ_0, enclosed (module doc)."""
    size = frac(values["n"]) - frac(values["m"])
    p = to_arb(frac(values["param"]))
    total = arb(0)
    for t, a, v in zip((to_arb(frac(x)) for x in values["theta0"]), _means(values, len(values["theta0"])),
                       _variances(values)):
        u = t + p * t.sin() - to_arb(a)
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
def cell_law_ok(values: Instance) -> Decision:
    """The structure: integers 1 ≤ m < n ≤ :data:`MAX_N`; the law well formed (α_k, β_k > 0), one row per
    coordinate of θ_0; the sine profile (``shape`` SINE, 0 ≤ κ < 1); θ_0 = 0 (f0gap rational); the support box
    and θ_0 inside Θ = [lo, hi]. The data-dependent hypotheses of Theorem 3.1 are decided on the vertex datasets
    (``population_runs.on_every_dataset``): the constants read the data only through ‖z‖ ≤ R, and the runs on the
    all-lo and all-hi columns bracket every dataset's iterates per coordinate (module doc)."""
    if not (is_int(values["n"], 2) and is_int(values["m"], 1) and frac(values["m"]) < frac(values["n"])
            and frac(values["n"]) <= MAX_N):
        return Decision.FALSE
    if int(frac(values["shape"])) != SINE or not 0 <= frac(values["param"]) < 1 or not law_well_formed(values):
        return Decision.FALSE
    return support_inside(values)


def cell_pl_ok(values: Instance) -> Decision:
    """Every f_{D'} PL with μ: the sine profile's f_{D'} = Σ_k ½(φ(θ_k) − x̄'_k)² + c is PL with (1 − κ)² for every
    D' (``problems.r2d_transcendental``), so 0 < μ ≤ (1 − κ)²; d = the dimension; f0gap = :func:`cell_f0gap`
    exactly at θ_0 = 0, elsewhere a rational within 2^−30 of :func:`true_f0gap` (carried: :func:`carried_excess`)."""
    if not (0 < frac(values["mu"]) <= (1 - frac(values["param"])) ** 2 and frac(values["d"]) == len(values["theta0"])):
        return Decision.FALSE
    if all(frac(v) == 0 for v in values["theta0"]):
        return holds(frac(values["f0gap"]) == cell_f0gap(values))
    diff = abs(true_f0gap(values) - to_arb(frac(values["f0gap"])))
    tol = to_arb(CARRY_TOL)
    return Decision.TRUE if diff < tol else Decision.FALSE if diff > tol else Decision.UNDECIDED


# =========================================================================== the family
_Q = Fraction
#: (law rows, Θ half-width, R, T, K): uniform on [1, 2] (descent from 0 in the convex part), Beta(2, 1) on [4, 6]
#: (descent from 0 across the non-convex region π < θ < 3π/2, where f'' < 0), Beta(1/2, 2) on [1, 3] (a density
#: singular at lo: masses enclosed)
_LAWS = (([[_Q(1), _Q(2), _Q(1), _Q(1)]], _Q(3), _Q(2), 8, 4),
         ([[_Q(4), _Q(6), _Q(2), _Q(1)]], _Q(8), _Q(6), 30, 10),
         ([[_Q(1), _Q(3), _Q(1, 2), _Q(2)]], _Q(4), _Q(3), 12, 4))


def _instance(law: list[list[Fraction]], box: Fraction, R_: Fraction, n_: int, m_: int, T_: int, K_: int,
              eps: Fraction, dlt: Fraction, kappa: Fraction, start: Fraction = Fraction(0)) -> dict:
    from ...problems import Box

    d_ = len(law)
    c = SeparableTranscendental(SINE, kappa, R_, d_).constants(Box(tuple([-box] * d_), tuple([box] * d_)))
    L_ = Fraction(str(c.value("M")))
    X = [[row[1] for row in law]] * n_  # a vertex dataset, dropped: gd_instance's checks and shape
    inst = gd_instance(TRANSCENDENTAL, X, m_, eta_=eta_max(n_, m_, L_), L_=L_, G_=above(c.value("L")), T_=T_, K_=K_,
                       eps=eps, dlt=dlt, R_=R_, shape=SINE, param=kappa, mu=(1 - kappa) ** 2, d=d_,
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


def cell_runs_family(rng: np.random.Generator, size: int) -> list[dict]:
    """The non-convex PL sine least squares (κ = 1/2, μ = 1/4, L and G the profile's exact constants on
    Θ = [−b, b]^d, η at Theorem 3.1's maximum) on bounded continuous laws — uniform on [1, 2], Beta(2, 1) on
    [4, 6] (descent from θ_0 = 0 across the non-convex region; also from θ_0 = −3, f0gap carried) and Beta(1/2, 2)
    on [1, 3] — n = 2, m = 1, d = 1, from small σ (ε = 1, δ = 1/2) to large (ε = 1/10, δ = 10⁻⁵); thorough
    (size > 40) adds n = 3 and d = 2 (the first two laws as the coordinates of a product law). E over D by cells
    (module doc)."""
    out = []
    for (law, box, R_, T_, K_), (eps, dlt) in itertools.product(
            _LAWS, ((_Q(1), _Q(1, 2)), (_Q(1, 10), _Q(1, 10**5)))):
        out.append(_instance(law, box, R_, 2, 1, T_, K_, eps, dlt, _Q(1, 2)))
        if size > 40:
            out.append(_instance(law, box, R_, 3, 1, T_, K_, eps, dlt, _Q(1, 2)))
    law, box, R_, T_, K_ = _LAWS[1]  # from θ_0 = −3: the whole non-convex region π < θ < 3π/2 and beyond
    out.append(_instance(law, box, R_, 2, 1, T_, K_, _Q(1), _Q(1, 2), _Q(1, 2), start=_Q(-3)))
    if size > 40:
        law = [_LAWS[0][0][0], _LAWS[1][0][0]]
        out.append(_instance(law, _Q(8), _Q(7), 2, 1, 12, 4, _Q(1), _Q(1, 2), _Q(1, 2)))
    return subsample(out, rng, min(size, max(2, len(out))))
