"""The three enumerations of the cell engines (certunlearn.claims.r2d.cell_population, module doc (1)–(3)) agree:
the ordered B^n cells, the multisets with multinomial masses and the sum cells — masses exactly, and the cell
enclosure of Corollary 3.6's E[F(θ̃'')] − F* and of Lemma B.4's gaps, where the ordered sum runs Algorithm 2 on the
corner datasets row by row (the reference descent on n rows, not on their mean).
"""
import itertools

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.algorithms.r2d import descent_path
from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.cell_outputs import _gaps, cell_gap, cell_loss as output_loss, cell_output_family
from certunlearn.claims.r2d.cell_outputs import _output
from certunlearn.claims.r2d.cell_population import (
    _coordinate_excess, bin_masses, cell_loss, cell_runs_family, cells, square, sum_cells,
)
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.problems import Quadratic
from certunlearn.problems.r2d_links import BUMP
from certunlearn.problems.r2d_transcendental import SINE, descent

from ..oracles import mp

FIX = get_claim("r2d.cor3.6+fix")
ROW = [F(1), F(2), F(2), F(1)]  # Beta(2, 1) on [1, 2]: exact bin masses


def _ordered_masses(bins, size):
    out = {}
    for idx in itertools.product(range(len(bins)), repeat=size):
        w = F(1)
        for j in idx:
            w *= bins[j][2]
        key = tuple(sorted(idx))
        out[key] = out.get(key, F(0)) + w
    return out


@pytest.mark.parametrize("size", [1, 2, 3])
def test_masses_ordered_multiset_sum(size):
    """Ordered cells grouped by their sorted tuple have exactly the multisets' multinomial masses; multisets grouped
    by their index sum have exactly the sum cells' masses and ends (Σ a_j, Σ b_j); all masses sum to 1."""
    bins = bin_masses(ROW, 4)
    ordered = _ordered_masses(bins, size)
    multi = {ir: w for w, ir, _ in cells(bins, size, 0)}
    assert set(multi) == set(ordered)
    for key, w in ordered.items():
        assert multi[key].contains(to_arb(w)) and multi[key].rad() < 1e-15
    by_sum = {}
    for key, w in ordered.items():
        ends = (sum((bins[j][0] for j in key), F(0)), sum((bins[j][1] for j in key), F(0)))
        by_sum[ends] = by_sum.get(ends, F(0)) + w
    sums = sum_cells(bins, size)
    assert len(sums) == size * (len(bins) - 1) + 1 == len(by_sum)
    for w, lo, hi in sums:
        assert w.contains(to_arb(by_sum[(lo, hi)])) and w.rad() < 1e-15
    assert sum(by_sum.values()) == 1


def test_atoms_sum_cells_are_the_count_vectors():
    """Degenerate bins (a finite support, unequal spacing): the sum cells group the count vectors by their exact sums
    (two count vectors with the same sum merge; the masses are the multinomial ones)."""
    bins = [(F(0), F(0), F(1, 2)), (F(1), F(1), F(1, 3)), (F(3), F(3), F(1, 6))]
    ordered = _ordered_masses(bins, 3)
    by_sum = {}
    for key, w in ordered.items():
        s = sum((bins[j][0] for j in key), F(0))
        by_sum[s] = by_sum.get(s, F(0)) + w
    sums = sum_cells(bins, 3)
    assert {lo for _, lo, _ in sums} == set(by_sum) and all(lo == hi for _, lo, hi in sums)
    for w, lo, _ in sums:
        assert w.contains(to_arb(by_sum[lo]))


def _ordered_excess(inst, bins, h, run):
    """Σ over the ordered cells of Π p·h([run(lower corner rows)] ∪ [run(upper corner rows)])."""
    n_, m_ = int(inst["n"]), int(inst["m"])
    total = arb(0)
    for idx in itertools.product(range(len(bins)), repeat=n_):
        w = arb(1)
        for j in idx:
            w *= to_arb(bins[j][2])
        theta = run([bins[j][0] for j in idx], n_ - m_).union(run([bins[j][1] for j in idx], n_ - m_))
        total += w * h(theta)
    return total


def _quadratic_instance(n=3):
    return {"family": 2, "n": n, "m": 1, "eta": F(1, 2), "lam": F(1), "T": 4, "K": 2, "theta0": [F(0)],
            "law": [list(ROW)]}


def test_quadratic_enclosure_ordered_equals_sums():
    """Quadratics (exact runs): the ordered enclosure — Algorithm 2 on the three corner rows — and the sum-cell
    enclosure are the same ball (midpoints and radii agree to 10⁻⁶ of the radius — arb keeps radii to 30 bits —: the same terms, grouped)."""
    inst = _quadratic_instance()
    lam, eta = F(1), F(1, 2)

    def run(rows, kept):
        loss = Quadratic(A=((lam,),), R=F(2))
        X = np.asarray([[r] for r in rows], dtype=object)
        ck = descent_path(loss, X, eta=eta, T=2, theta0=[F(0)])[-1]
        return to_arb(F(descent_path(loss, X[:kept], eta=eta, T=2, theta0=ck)[-1][0]))

    with workprec(128):
        bins = bin_masses(ROW, 4)
        mean, sig = F(5, 3), arb(1) / 3
        h = lambda th: (square(th - to_arb(mean)) + sig * sig) / 2  # noqa: E731
        ordered = _ordered_excess(inst, bins, h, run)
        sums = _coordinate_excess(inst, 0, bins, mean, sig)
    assert ordered.contains(sums.mid()) and sums.contains(ordered.mid())
    assert abs(ordered.mid() - sums.mid()) < 1e-6 * ordered.rad() and abs(ordered.rad() / sums.rad() - 1) < 1e-6


@pytest.mark.parametrize("shape", [SINE, BUMP])
def test_link_enclosure_ordered_overlaps_sums(shape):
    """A link least squares (sine, bump) at n = 3: the ordered enclosure — r2d_transcendental.descent on the three
    corner rows — and the sum-cell enclosure (descent on the rows' mean) overlap and have the same midpoint to
    10⁻¹⁰ of their width (the runs agree up to rounding: the gradient reads the rows through their mean)."""
    inst = [i for i in cell_runs_family(np.random.default_rng(0), 40) if i["shape"] == shape][0]
    inst = {**inst, "n": 3}
    env = FIX.with_prescribed(inst)
    loss = output_loss({"link": shape, "sine": inst["param"], "kappa": inst["param"], "R": inst["R"]}).loss
    T, K, eta = int(inst["T"]), int(inst["K"]), inst["eta"]

    def run(rows, kept):
        X = [[r] for r in rows]
        ck = descent(loss, X, eta=eta, T=T - K, theta0=[inst["theta0"][0]])[-1]
        return descent(loss, X[:kept], eta=eta, T=K, theta0=ck)[-1][0]

    with workprec(128):
        bins = bin_masses(inst["law"][0], 4)
        lo, hi, a, b = inst["law"][0]
        mean = lo + (hi - lo) * a / (a + b)
        sig = env["sigma"]
        ordered = _ordered_excess(inst, bins, lambda th: cell_loss(inst).excess(th, mean, sig), run)
        sums = _coordinate_excess(inst, 0, bins, mean, sig)
    assert ordered.overlaps(sums)
    assert abs(ordered.mid() - sums.mid()) < 1e-10 * (ordered.rad() + sums.rad())


def test_lemb4_gaps_ordered_equals_sums():
    """Lemma B.4's clipped worst map (c = 3/2) at n − m = 3: the ordered cells (output and x̄' bracketed by the
    corner rows) and the sum cells give the same (E[F − F*], E[f_{D'} − f*]) balls up to rounding (10⁻⁶ of the
    radius)."""
    inst = {"n": 4, "m": 1, "law": [[F(-1), F(1), F(1), F(1)]], "map": "worst", "coef": F(3, 2), "lam": F(1),
            "L": F(1), "mu": F(1), "b": F(1), "G": F(3)}
    with workprec(128):
        bins = bin_masses(inst["law"][0], 4)
        big, small = arb(0), arb(0)
        for idx in itertools.product(range(4), repeat=3):
            w = arb(1)
            for j in idx:
                w *= to_arb(bins[j][2])
            lo = sum((bins[j][0] for j in idx), F(0)) / 3
            hi = sum((bins[j][1] for j in idx), F(0)) / 3
            g = _gaps(inst, _output(inst, lo).union(_output(inst, hi)), to_arb(lo).union(to_arb(hi)))
            big += w * g[0]
            small += w * g[1]
        sums = cell_gap(inst, bins=4)
    for a, b in zip((big, small), sums):
        assert a.contains(b.mid()) and b.contains(a.mid()) and abs(a.mid() - b.mid()) < 1e-6 * a.rad()
        assert abs(a.rad() / b.rad() - 1) < 1e-6


def test_printed_lemma_fails_at_40_retained_at_100_digits():
    """The sum cells reach n − m = 40 (quick): the printed coefficient's worst map (c = L/(2μ) = 1/2 ≤ 1: θ = ±b by the
    sign of x̄', λ = L = μ = b = 1, G just above 2) on the uniform law on [−1, 1] (ā = 0) has E[F − F*] = λb²/2 = 1/2
    for every D', while (b − |x̄'|)² ≤ b² + x̄'² and E x̄'² = 1/(3·40) bound the printed right-hand side by
    2G²/40 + ½·½(1 + 1/120) < 1/2 — at 100 digits in mpmath, inside the printed hypotheses (Θ = [−1, 1] holds the
    support and every output, ‖∇f_z‖ ≤ 2 < G): the checker decides the printed lemma violated there and the +fix
    (coefficient 1 + L/(2μ)) within."""
    inst = [i for i in cell_output_family(np.random.default_rng(0), 40)
            if i["n"] == 41 and i["coef"] == F(1, 2) and i["law"][0][2] == 1][0]
    assert (inst["lam"], inst["L"], inst["mu"], inst["b"], inst["m"]) == (1, 1, 1, 1, 1)
    with mpmath.workdps(100):
        G = mp(inst["G"])
        printed = 2 * G**2 / 40 + mpmath.mpf(1) / 2 * (1 + mpmath.mpf(1) / 120) / 2
        assert printed < mpmath.mpf(1) / 2
    assert evaluate(get_claim("r2d.lemB.4"), inst, 1024).outcome == VIOLATED
    assert evaluate(get_claim("r2d.lemB.4+fix"), inst, 1024).outcome == WITHIN
    with workprec(128):
        big, small = cell_gap(inst)
    assert big.contains(arb(1) / 2) and big.upper() < arb(1) / 2 + arb(10) ** -6  # E[F − F*] = 1/2: outputs ±b
    assert small.upper() < (1 + arb(1) / 120) / 2
