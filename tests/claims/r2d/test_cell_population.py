"""Rewind-to-Delete, Corollary 3.6 over bounded continuous populations with a non-quadratic loss, enclosed cell by
cell (certunlearn.claims.r2d.cell_population) — checked against (a) continuous.py's closed form on quadratics (the
cell enclosure must contain it), (b) the exact count-vector sums of population_runs.py on finite supports (degenerate
bins: the same value), (c) mpmath quadrature over the law at 30 digits for the sine least squares, (d) the monotone
bracket the enclosure rests on, at interior datasets of a cell, and (e) the enclosure's width against the bins.
"""

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.cell_population import (
    bin_masses, bins_at, cell_excess, cell_f0gap, cell_law_ok, cell_pl_ok, cell_runs_family, is_cell_law,
)
from certunlearn.claims.r2d.continuous import law_excess, law_f0gap
from certunlearn.claims.r2d.families import gd_instance
from certunlearn.claims.r2d.population_runs import population_excess, quadratic_population_family
from certunlearn.claims.r2d.quantities import QUADRATIC
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec
from certunlearn.problems.r2d_transcendental import SINE, SeparableTranscendental, descent

from ..oracles import mp
from .helpers import sigma_31

MAX_PREC = 1024
FIX = get_claim("r2d.cor3.6+fix")


def _quadratic_law(law, n=2, m=1, lam=F(1), T=4, K=2):
    """A quadratic instance on a d = 1 law on [0, 1] (Θ = [0, 1], R = 1, G just above 2λ)."""
    inst = gd_instance(QUADRATIC, [[F(1)]] * n, m, eta_=1 / (2 * lam), L_=lam, G_=2 * lam * (1 + F(1, 2**30)), T_=T,
                       K_=K, eps=F(1), dlt=F(1, 2), R_=F(1), lam_=lam, lo=[F(0)], hi=[F(1)], mu=lam, d=1)
    del inst["X"]
    inst.update(theta0=[F(0)], law=[list(r) for r in law])
    inst["f0gap"] = law_f0gap(inst)
    return inst


def _sine(rng_size=40):
    return [i for i in cell_runs_family(np.random.default_rng(0), rng_size) if i["shape"] == SINE and i["n"] == 2]


@pytest.mark.parametrize("law", [[F(0), F(1), F(1), F(1)], [F(0), F(1), F(2), F(3)]])
def test_quadratic_cells_contain_the_closed_form(law):
    """On convex quadratics the cell enclosure (two rungs: 16 and 32 bins) contains continuous.py's closed form,
    for a uniform and a Beta(2, 3) law; a 1 % error in the closed form's value falls outside."""
    env = FIX.with_prescribed(_quadratic_law([law]))
    exact = law_excess(env)
    for prec in (64, 128):
        with workprec(prec):
            cells = cell_excess(env)
        assert cells.contains(exact)
        assert not cells.contains(exact * 101 / 100)


def test_degenerate_bins_are_the_finite_support_sum():
    """On a two-atom population (degenerate bins, one per atom) the cell sum is population_runs' exact sum over the
    count vectors: the two enclosures agree to their radii."""
    for inst in quadratic_population_family(np.random.default_rng(0), 16):
        if len(inst["theta0"]) != 1:
            continue
        env = FIX.with_prescribed({**inst, "f0gap": F(0)})
        cells, exact = cell_excess(env), population_excess(env)
        assert cells.overlaps(exact)
        assert abs(cells - exact) < exact / 10**12


def test_width_shrinks_with_the_bins():
    """The sine least squares on a uniform law: doubling the bins (one rung of the precision ladder) at least
    nearly halves the enclosure's radius, and every finer enclosure lies inside the coarser one's ball."""
    inst = _sine()[0]
    env = FIX.with_prescribed(inst)
    radii, balls = [], []
    for prec in (64, 128, 256):
        with workprec(prec):
            assert bins_at(env) == 16 * prec // 64
            balls.append(cell_excess(env))
            radii.append(float(balls[-1].rad()))
    assert radii[1] < 0.6 * radii[0] and radii[2] < 0.6 * radii[1]
    assert balls[0].contains(balls[1]) or balls[0].overlaps(balls[1])
    assert balls[1].overlaps(balls[2])


def test_bins_are_the_beta_law():
    """Bin masses sum to 1 and equal ∫ of the Beta(2, 3) density over each bin (exact; mpmath, 50 digits); for
    Beta(1/2, 2) (non-integer: enclosed) each ball contains mpmath's regularised incomplete beta difference."""
    row = [F(-1), F(3), F(2), F(3)]
    bins = bin_masses(row, 8)
    assert sum(p for _, _, p in bins) == 1
    with mpmath.workdps(50):
        dens = lambda z: 12 * ((z + 1) / 4) * (1 - (z + 1) / 4) ** 2 / 4  # noqa: E731  Beta(2, 3) on [−1, 3]
        for a, b, p in bins:
            assert abs(mpmath.quad(dens, [mp(a), mp(b)]) - mp(p)) < mpmath.mpf(10) ** -40
        with workprec(128):
            for a, b, p in bin_masses([F(1), F(3), F(1, 2), F(2)], 8):
                truth = mpmath.betainc(mpmath.mpf(1) / 2, 2, (mp(a) - 1) / 2, (mp(b) - 1) / 2, regularized=True)
                assert p.contains(arb(mpmath.nstr(truth, 45))) and p.rad() < 1e-30


def _two_phase(kappa, eta, T, K, retained, deleted):
    loss = SeparableTranscendental(SINE, kappa, F(6), 1)
    X = [[v] for v in retained + deleted]
    ck = descent(loss, X, eta=eta, T=T - K, theta0=[F(0)])[-1]
    return descent(loss, [[v] for v in retained], eta=eta, T=K, theta0=ck)[-1][0]


def test_the_corners_bracket_every_dataset_of_a_cell():
    """The lemma the enclosure rests on: θ''_K is nondecreasing in every row (η ≤ 1/L, ∂ψ'/∂x < 0), so on random
    rational datasets inside a cell of the Beta(2, 1) law on [4, 6] (descent across the non-convex region) the output
    lies between the two corners' outputs; and moving one row up never moves the output down."""
    inst = _sine()[2]
    kappa, eta, T, K = inst["param"], inst["eta"], inst["T"], inst["K"]
    rng = np.random.default_rng(1)
    cell = ((F(9, 2), F(19, 4)), (F(21, 4), F(11, 2)))  # D' row in [4.5, 4.75], Z row in [5.25, 5.5]
    low = _two_phase(kappa, eta, T, K, (cell[0][0],), (cell[1][0],))
    high = _two_phase(kappa, eta, T, K, (cell[0][1],), (cell[1][1],))
    assert low < high
    for _ in range(6):
        x, z = (a + (b - a) * F(int(rng.integers(0, 1024)), 1024) for a, b in cell)
        mid = _two_phase(kappa, eta, T, K, (x,), (z,))
        assert low <= mid <= high
        assert _two_phase(kappa, eta, T, K, (x + F(1, 64),), (z,)) >= mid


@pytest.mark.slow
def test_sine_cells_contain_the_mpmath_quadrature():
    """n = 2, m = 1, the sine least squares (κ = 1/2) on the uniform law on [1, 2]: E over (x', z) of
    E_ξ½(φ(θ''_K + ξ) − ā)² by 2-d quadrature at 30 digits (θ''_K iterated in mpmath, E_ξ by Stein's identity written
    here), inside the cell enclosure."""
    inst = _sine()[0]
    env = FIX.with_prescribed(inst)
    k, eta, T, K = (mp(inst[n]) for n in ("param", "eta", "T", "K"))
    with mpmath.workdps(30):
        sig = mpmath.mpf(env["sigma"].mid().str(40, radius=False))
        abar = mpmath.mpf(3) / 2

        def step(th, xs):
            g = sum((th + k * mpmath.sin(th) - x) * (1 + k * mpmath.cos(th)) for x in xs) / len(xs)
            return th - eta * g

        def h(x, z):
            th = mpmath.mpf(0)
            for _ in range(int(T - K)):
                th = step(th, (x, z))
            for _ in range(int(K)):
                th = step(th, (x,))
            c, e1, e2 = th - abar, mpmath.exp(-sig**2 / 2), mpmath.exp(-2 * sig**2)
            return (c**2 + sig**2 + 2 * k * (c * mpmath.sin(th) + sig**2 * mpmath.cos(th)) * e1
                    + k**2 * (1 - mpmath.cos(2 * th) * e2) / 2) / 2

        truth = mpmath.quad(h, [1, 2], [1, 2])
    with workprec(128):
        cells = cell_excess(env)
    assert mpmath.mpf(cells.lower().str(40, radius=False)) <= truth <= mpmath.mpf(cells.upper().str(40, radius=False))
    assert abs(mp(inst["f0gap"]) - (abar**2 / 2 + mpmath.mpf(1) / 24)) < mpmath.mpf(10) ** -25  # v = 1/12, n − m = 1


def test_cell_hypotheses():
    """The structure (θ_0 and the support in Θ, Beta parameters > 0, 1 ≤ m < n, the sine profile) and the PL/f0gap
    hypothesis are decided exactly; a broken one excludes the instance from the corrected claim."""
    inst = _sine()[0]
    assert is_cell_law(inst) and cell_law_ok(inst) is Decision.TRUE and cell_pl_ok(inst) is Decision.TRUE
    assert cell_f0gap(inst) == F(9, 8) + F(1, 24)  # ½ā² + v/(2(n − m)), ā = 3/2, v = 1/12
    assert cell_law_ok({**inst, "theta0": [F(1, 2)]}) is Decision.TRUE  # f0gap then carried
    assert cell_law_ok({**inst, "theta0": [F(4)]}) is Decision.FALSE  # θ_0 outside Θ = [−3, 3]
    assert cell_pl_ok({**inst, "theta0": [F(1, 2)]}) is Decision.FALSE  # f0gap not within 2^−30 of the truth
    assert cell_law_ok({**inst, "law": [[F(1), F(2), F(3, 2), F(1)]]}) is Decision.TRUE  # masses enclosed
    assert cell_law_ok({**inst, "law": [[F(1), F(2), F(0), F(1)]]}) is Decision.FALSE
    assert cell_law_ok({**inst, "law": [[F(1), F(4), F(1), F(1)]]}) is Decision.FALSE  # support leaves Θ = [−3, 3]
    assert cell_law_ok({**inst, "n": 40}) is Decision.TRUE  # any n: the sum cells
    assert cell_law_ok({**inst, "m": 2}) is Decision.FALSE  # m < n
    assert cell_pl_ok({**inst, "mu": F(1, 4) + F(1, 2**20)}) is Decision.FALSE
    assert cell_pl_ok({**inst, "f0gap": inst["f0gap"] + F(1, 10**9)}) is Decision.FALSE
    assert evaluate(FIX, {**inst, "f0gap": inst["f0gap"] + F(1, 10**9)}, MAX_PREC).outcome == EXCLUDED
    assert evaluate(FIX, {**inst, "R": F(3, 2)}, MAX_PREC).outcome == EXCLUDED  # a vertex row above R
    assert evaluate(FIX, {**inst, "eta": inst["eta"] * F(11, 10)}, MAX_PREC).outcome == EXCLUDED  # η > 1/L


@pytest.mark.parametrize("size", [8, pytest.param(64, marks=pytest.mark.slow)])
def test_family_inside_the_hypotheses(size):
    """Every instance of the family (quick; thorough with n = 3 and d = 2) is inside the corrected claim's hypotheses
    and decided there (no excluded, no error, no undecided)."""
    outcomes = {evaluate(FIX, i, MAX_PREC).outcome for i in cell_runs_family(np.random.default_rng(0), size)}
    assert outcomes == {WITHIN}, outcomes


def test_printed_corollary_fails_on_a_continuous_law_at_100_digits():
    """The largest σ of the family (ε = 1/10, δ = 10⁻⁵) on the uniform law on [1, 2]: for every θ ∈ Θ = [−B, B],
    E_ξ½(φ(θ + ξ) − ā)² ≥ ½σ² − κ(B + |ā| + σ√(2/π)) (drop ½(θ − ā)² and κ²E sin² ≥ 0; |E(θ + ξ − ā)sin(θ + ξ)| ≤
    |θ − ā| + E|ξ|), a lower bound on the quantity for every dataset — at 100 digits in mpmath it exceeds the printed
    bound (L√dσ against σ²/2), inside the printed hypotheses: the checker decides the printed corollary violated
    there and the +fix within, and its enclosure lies above that lower bound."""
    inst = [i for i in _sine() if i["law"][0][0] == 1 and i["law"][0][3] == 1 and i["epsilon"] == F(1, 10)][0]
    with mpmath.workdps(100):
        sig = sigma_31(inst)
        k, B, abar = mp(inst["param"]), mp(inst["hi"][0]), mpmath.mpf(3) / 2
        lower = sig**2 / 2 - k * (B + abar + sig * mpmath.sqrt(2 / mpmath.pi))
        L, G, mu, eta, n, m, T, K = (mp(inst[x]) for x in ("L", "G", "mu", "eta", "n", "m", "T", "K"))
        decay = (1 - eta * mu * (n - m) / n) ** (T - K) * (1 - eta * mu) ** K
        printed = (L * sig + 2 * G**2 / ((n - m) * mu) + L / (2 * mu) * decay * mp(inst["f0gap"])
                   + L / (2 * mu) * (1 - eta * mu) ** K * (G**2 * m + L * eta * G * m) / (mu * (n - m)))
        assert lower > printed
    claim = get_claim("r2d.cor3.6")
    assert evaluate(claim, inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(FIX, inst, MAX_PREC).outcome == WITHIN
    with workprec(128):
        q = claim.quantity(claim.with_prescribed(inst))
    assert mpmath.mpf(q.lower().str(60, radius=False)) >= lower


def test_a_carried_f0gap_leaves_the_verdict_unchanged():
    """θ_0 = −3 (f0gap transcendental): the instance carries a dyadic within 2^−30 of the closed form
    ½(φ(θ_0) − ā)² + v/(2(n − m)) (checked at 60 digits in mpmath); quantity − bound is the same whatever rational
    f0gap it carries, for the printed corollary and its fix."""
    inst = [i for i in _sine() if i["theta0"] != [0]][0]
    with mpmath.workdps(60):
        k, t0 = mp(inst["param"]), mp(inst["theta0"][0])
        lo, hi, a, b = (mp(v) for v in inst["law"][0])
        mean, var = lo + (hi - lo) * a / (a + b), (hi - lo) ** 2 * a * b / ((a + b) ** 2 * (a + b + 1))
        truth = (t0 + k * mpmath.sin(t0) - mean) ** 2 / 2 + var / 2
    assert abs(mp(inst["f0gap"]) - truth) < mpmath.mpf(2) ** -30
    assert cell_pl_ok(inst) is Decision.TRUE
    for claim in (get_claim("r2d.cor3.6"), FIX):
        diffs = []
        for g in (inst["f0gap"], inst["f0gap"] + F(1, 100)):
            env = claim.with_prescribed({**inst, "f0gap": g})
            diffs.append(claim.quantity(env) - claim.bound_value(env))
        assert abs(diffs[0].mid() - diffs[1].mid()) < 1e-9 * abs(diffs[0].mid())
