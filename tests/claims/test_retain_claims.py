"""Retain-sensitivity claims (certunlearn.claims.retain): registered, derived, evaluated — and checked against
independent oracles: medians and ridge minimisers by hand in Fractions, the Gaussian privacy profile in mpmath at
100 digits. No test asserts that a printed claim fails unless it computes the counterexample itself.
"""
import itertools
import statistics
from fractions import Fraction as F

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.check.evaluate import ATTAINED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.claims import retain as C
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
CLAIMS = all_claims("retain")
MAX_PREC = 1024


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def true_delta(eps, sigma, shift) -> mpmath.mpf:
    """Balle & Wang 2018, Thm 8, in mpmath (independent of certunlearn.privacy)."""
    a = shift / (2 * sigma)
    b = eps * sigma / shift
    return mpmath.ncdf(a - b) - mpmath.exp(eps) * mpmath.ncdf(-a - b)


def c_classic(eps, dlt) -> mpmath.mpf:
    return mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mp(dlt))) / mp(eps)


def contains(enclosure: arb, value) -> bool:
    with workprec(400):
        return enclosure.overlaps(arb(mpmath.nstr(value, 100)))


def median_rs_by_hand(R, B):
    """max over z in a fine grid of [0, B] (containing 0, B and R) of |median(R ∪ {z}) − median(R)|."""
    grid = {F(0), F(B), *R, *(F(B) * F(i, 64) for i in range(65))}
    med = statistics.median(R)
    return max(abs(statistics.median(list(R) + [z]) - med) for z in grid)


def ridge_w(xs, ys, lam):
    """The d = 1 ridge minimiser (Σx y/n)/(Σx²/n + λ), exactly."""
    n = len(xs)
    return (sum(x * y for x, y in zip(xs, ys)) / n) / (sum(x * x for x in xs) / n + lam)


def ridge_shift_lower_bound(xs, ys, lam, B=F(1)):
    """A lower bound on the ridge RS by exact enumeration of added points (t, ±1), t on a grid of [−B, B]."""
    w = ridge_w(xs, ys, lam)
    best = F(0)
    for i in range(-64, 65):
        for y in (F(-1), F(1)):
            t = B * F(i, 64)
            best = max(best, abs(ridge_w(xs + [t], ys + [y], lam) - w))
    return best


def ridge_printed_bound(xs, lam, fixed=False):
    n, a = len(xs), sum(x * x for x in xs)
    lam_min, lam_R = mp(a) / (n + 1) + mp(lam), mp(a) / n + mp(lam)
    L = (1 + (mp(lam) if fixed else 0)) / lam_min + 1  # B = Y = 1
    return L / (n * lam_R)


# ---------------------------------------------------------------------------------------------- registry
def test_registered_claims():
    ids = {c.id for c in CLAIMS}
    for expected in ("retain.fact1", "retain.thm2.11", "retain.cor2.12", "retain.thm2.11:control-sigma-halved",
                     "retain.lemC.1", "retain.lem3.1", "retain.exG.2", "retain.exG.2+fix", "retain.lemD.1",
                     "retain.lem3.3", "retain.thmD.4", "retain.thmD.4+fix", "retain.lemE.2", "retain.lemF.2",
                     "retain.lem3.5", "retain.lemE.2:m-points+fix", "retain.sec3-rs-below-gs", "retain.lemD.1:m-edges+fix"):
        assert expected in ids
    assert any(c.control is Control.NEGATIVE for c in CLAIMS)
    for c in CLAIMS:
        assert c.source and any(a.kind == "structured" for a in c.adversaries)
        if c.corrects:
            assert c.corrects in ids and c.note


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.control is not Control.NEGATIVE], ids=lambda c: c.id)
def test_derivation_links(claim):
    assert check_derivation(load_derivation(claim.derivation), claim).link == "identity"


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_structured_adversary_evaluates(claim):
    adv = next(a for a in claim.adversaries if a.kind == "structured")
    instances = list(adv.generate(np.random.default_rng(0), 4))[:4]
    assert instances
    outcomes = [evaluate(claim, inst, MAX_PREC).outcome for inst in instances]
    assert all(o in (WITHIN, VIOLATED, ATTAINED) for o in outcomes), outcomes


def test_search_spaces_build_valid_instances():
    rng = np.random.default_rng(1)
    for c in CLAIMS:
        for a in c.adversaries:
            if a.space is not None:
                inst = a.space.from_unit(rng.random(a.space.dim))
                assert all(h.decide(inst).name == "TRUE" for h in c.hypotheses), c.id


# ---------------------------------------------------------------------------------------------- Theorem 2.11
def _median_pair(R, U, eps, dlt, B=1):
    return {"mech": 0, "B": str(B), "R": [str(x) for x in R], "U": str(U), "epsilon": eps, "delta": dlt}


def test_thm211_quantity_matches_mpmath():
    R, U = [F(0), F(0), F(1)], F(1)
    inst = _median_pair(R, U, "1/2", "1e-5")
    shift = abs(statistics.median(R + [U]) - statistics.median(R))
    rs = median_rs_by_hand(R, 1)
    assert shift == rs == F(1, 2)
    want = true_delta(mp("0.5"), mp(rs) * c_classic("0.5", F(1, 10**5)), mp(shift))
    with workprec(300):
        assert contains(get_claim("retain.thm2.11").quantity(inst), want)
    assert want <= mp(F(1, 10**5))


def test_control_sigma_halved_is_violated_and_confirmed():
    claim = get_claim("retain.thm2.11:control-sigma-halved")
    R, U = [F(0), F(0), F(1)], F(1)
    found = []
    for eps, dlt in itertools.product(("0.1", "0.5", "0.9"), ("1e-10", "1e-5", "0.001")):
        shift = abs(statistics.median(R + [U]) - statistics.median(R))
        rs = median_rs_by_hand(R, 1)
        d = true_delta(mp(eps), mp(rs) * c_classic(eps, dlt) / 2, mp(shift))
        if d > mp(F(dlt)):
            found.append((eps, dlt))
            assert evaluate(claim, _median_pair(R, U, eps, dlt), MAX_PREC).outcome == VIOLATED
    assert found


def test_thm211_mst_edge_instance():
    claim = get_claim("retain.thm2.11")
    inst = {"mech": 1, "B": "10", "R": [[0, 1, "1"], [1, 2, "9"], [2, 3, "1"]], "U": [0, 3, "0"],
            "epsilon": "0.5", "delta": "0.001"}
    # the new zero edge 0–3 replaces the heavy edge: the MST weight drops from 11 to 2
    assert C._shift_and_rs(inst)[0] == 9
    assert evaluate(claim, inst, MAX_PREC).outcome in (WITHIN, ATTAINED)


# ---------------------------------------------------------------------------------------------- median lemmas
@pytest.mark.parametrize("R", [["0", "1/2", "1"], ["1/10", "1/5", "9/10"], ["0", "0", "0", "1", "1"]])
def test_lemma_c1_equals_brute_force(R):
    Rf = [F(x) for x in R]
    inst = C._median_instance({"B": "1", "R": R})
    xs = sorted(Rf)
    k = (len(xs) + 1) // 2
    assert median_rs_by_hand(Rf, 1) == max(xs[k] - xs[k - 1], xs[k - 1] - xs[k - 2]) / 2
    assert evaluate(get_claim("retain.lemC.1"), inst, MAX_PREC).outcome in (ATTAINED, WITHIN)


# ---------------------------------------------------------------------------------------------- Example G.2
def test_example_g2_counterexample_confirmed_independently():
    xs, ys, lam = [F(1, 8), F(-1, 2), F(3, 4)], [F(1), F(-1), F(1)], F(10)
    lower = ridge_shift_lower_bound(xs, ys, lam)
    printed = ridge_printed_bound(xs, lam)
    inst = C._ridge_instance(["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "10")
    ev = evaluate(get_claim("retain.exG.2"), inst, MAX_PREC)
    if mp(lower) > printed:  # computed here, by enumeration of exact ridge fits
        assert ev.outcome == VIOLATED
    assert mp(lower) > printed
    fixed = ridge_printed_bound(xs, lam, fixed=True)
    assert mp(lower) <= fixed
    assert evaluate(get_claim("retain.exG.2+fix"), inst, MAX_PREC).outcome == WITHIN


def test_ridge_exact_rs_dominates_enumeration():
    xs, ys, lam = [F(1), F(-1)], [F(1), F(1)], F(1, 10)
    inst = C._ridge_instance(["1", "-1"], ["1", "1"], "1/10")
    q = get_claim("retain.exG.2+fix").quantity(inst)
    lb = ridge_shift_lower_bound(xs, ys, lam)
    with workprec(300):
        assert not (q < arb(lb.numerator) / lb.denominator)  # the exact RS is at least any enumerated shift


# ---------------------------------------------------------------------------------------------- MST
def _mst_by_hand(n_vertices, edges):
    """Kruskal by hand (exact)."""
    parent = list(range(n_vertices))

    def find(a):
        while parent[a] != a:
            a = parent[a]
        return a

    total = F(0)
    for w, u, v in sorted((F(w), u, v) for u, v, w in edges):
        ru, rv = find(u), find(v)
        if ru != rv:
            parent[ru] = rv
            total += w
    return total


def test_lemma_d1_path_with_heavy_middle_edge():
    R = [[0, 1, "1"], [1, 2, "9"], [2, 3, "1"]]
    inst = C._mst_instance("10", R)
    base = _mst_by_hand(4, R)
    present = {(0, 1), (1, 2), (2, 3)}
    rs = max(base - _mst_by_hand(4, R + [[u, v, w]]) for u, v in itertools.combinations(range(4), 2)
             if (u, v) not in present for w in ("0", "5", "10"))
    assert rs == 9 == inst["cut"]
    assert evaluate(get_claim("retain.lemD.1"), inst, MAX_PREC).outcome in (WITHIN, ATTAINED)


def test_theorem_d4_subset_attachment_counterexample_confirmed_independently():
    # points 0, 1, 2 on a line (ℓ1); R = {0, 1} joined; the outside point 2 may attach to 0 only
    inst = C._vertex_instance([(0, 0), (1, 0), (2, 0)], [0, 1], [(0, 1)])
    w_R = F(1)
    w_new = _mst_by_hand(3, [[0, 1, 1], [2, 0, 2]])  # E' = E_R ∪ {(2, 0)}: a superset of E_R, connected
    shift = abs(w_new - w_R)
    nearest = max(min(abs(v - u) for u in (0, 1)) for v in (0, 1, 2))
    bound = max(F(nearest), w_R - F(inst["rho"]) * F(1))
    assert shift == 2 and bound == 1
    ev = evaluate(get_claim("retain.thmD.4"), inst, MAX_PREC)
    if shift > bound:  # computed here
        assert ev.outcome == VIOLATED
    # the proof's reading: 2 joins both retained vertices, the MST grows by min d = 1
    full = _mst_by_hand(3, [[0, 1, 1], [2, 0, 2], [2, 1, 1]]) - w_R
    assert full == 1 <= bound
    assert evaluate(get_claim("retain.thmD.4+fix"), inst, MAX_PREC).outcome in (WITHIN, ATTAINED)


# ---------------------------------------------------------------------------------------------- PCA, SVM
def test_pca_m_points_extension_instance():
    inst = C._pca_instance([[1, 0], [0, F(99, 100)]], [[0, 1], [0, 1]])
    assert inst["m"] == 2
    assert evaluate(get_claim("retain.lemE.2:m-points+fix"), inst, MAX_PREC).outcome in (WITHIN, ATTAINED)


def test_rs_below_gs_attained_on_the_worst_dataset():
    R = [F(0), F(0), F(1)]  # line 153: median 0, adding B moves it to B/2
    assert median_rs_by_hand(R, 1) == F(1, 2)
    inst = C._median_instance({"B": "1", "R": ["0", "0", "1"]})
    assert evaluate(get_claim("retain.sec3-rs-below-gs"), inst, MAX_PREC).outcome in (WITHIN, ATTAINED)


def test_pca_shift_matches_mpmath_projectors():
    R, x = [[1, 0], [0, F(99, 100)]], [F(7, 10), F(7, 10)]
    inst = C._pca_instance(R, [x])
    assert inst["gap"] == (1 - F(99, 100) ** 2) / 2

    def top(S):
        E, V = mpmath.eigsy(mpmath.matrix(S))
        i = max(range(2), key=lambda j: E[j])
        v = V[:, i]
        return v * v.T

    S0 = [[mp(F(1, 2)), 0], [0, mp(F(99, 100) ** 2 / 2)]]
    X = [[1, 0], [0, F(99, 100)], x]
    S1 = [[sum(mp(r[a]) * mp(r[b]) for r in X) / 3 for b in range(2)] for a in range(2)]
    D = top(S1) - top(S0)
    frob = mpmath.sqrt(sum(D[i, j] ** 2 for i in range(2) for j in range(2)))
    with workprec(300):
        assert contains(get_claim("retain.lemE.2").quantity(inst), frob)
    bound = 2 * mpmath.sqrt(2) / (3 * mp(inst["gap"]))
    outcome = evaluate(get_claim("retain.lemE.2"), inst, MAX_PREC).outcome
    assert outcome == (WITHIN if frob < bound else VIOLATED)


def test_svm_margin_defining_point_by_hand():
    inst = C._svm_instance([[1, 0], [-1, 0], ["1/2", 1], [-1, -1]], [1, -1, 1, -1], [0, 1])
    # w_R = (1, 0); adding (1/2, 1, +) forces w = (1, 1/2) (w₁ ≥ 1 binds, w₂ ≥ 1 − w₁/2): a shift of 1/2
    assert inst["W_R"] == 1
    q = get_claim("retain.lemF.2").quantity(inst)
    with workprec(300):
        assert not (q < arb(1) / 2)
        bound = (arb(inst["W_supp"].numerator) / inst["W_supp"].denominator - 1).sqrt()
        assert not (bound < arb(1) / 2)
    assert evaluate(get_claim("retain.lemF.2"), inst, MAX_PREC).outcome in (WITHIN, ATTAINED)
    assert evaluate(get_claim("retain.lem3.5"), inst, MAX_PREC).outcome in (WITHIN, ATTAINED)


def test_mst_two_edges_on_a_path_with_two_heavy_edges():
    R = [[0, 1, "9"], [1, 2, "1"], [2, 3, "9"], [3, 4, "1"]]
    inst = C._mst_m_instance("10", R, 2)
    base = _mst_by_hand(5, R)
    present = {(0, 1), (1, 2), (2, 3), (3, 4)}
    missing = [(u, v) for u, v in itertools.combinations(range(5), 2) if (u, v) not in present]
    rs = max(base - _mst_by_hand(5, R + [[u, v, "0"] for u, v in Z]) for Z in itertools.combinations(missing, 2))
    assert rs == 18 == inst["exposed"]
    assert evaluate(get_claim("retain.lemD.1:m-edges+fix"), inst, MAX_PREC).outcome in (WITHIN, ATTAINED)
