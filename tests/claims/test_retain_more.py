"""The second batch of retain claims (Lemmas E.1, G.1, G.4, G.5, F.1, D.3, Example G.3/G.6, Lemma 3.7), checked
against independent oracles: mpmath at 100 digits (eigenvectors, root finding), exact Fractions by hand, brute-force
enumeration. A printed claim is asserted violated only where this file computes the counterexample itself."""
import itertools
from fractions import Fraction as F

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.check.evaluate import ATTAINED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.claims import retain as C
from certunlearn.derive import REFUTED, check_derivation, load_derivation
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
MAX_PREC = 1024
NEW = ("retain.lemE.1", "retain.lemE.1:frobenius", "retain.lemE.1+fix", "retain.lemE.1:frobenius+fix",
       "retain.lemG.1", "retain.lemG.1:second", "retain.exG.3", "retain.lem3.7", "retain.lemG.4", "retain.lemG.4+fix",
       "retain.exG.6", "retain.lemG.5", "retain.lemG.5:lower", "retain.lemF.1", "retain.lemF.1:lower", "retain.lemD.3",
       "retain.lemH.1", "retain.lemH.1:sensitivity", "retain.lemH.2", "retain.lemH.3", "retain.lem4.2", "retain.lem4.1",
       "retain.lem4.1+fix", "retain.lemC.1:m-points+fix", "retain.lemG.1:m-points+fix", "retain.lemF.2:m-points+fix",
       "retain.lemH.2:m-points+fix", "retain.table1:mse-lambda0", "retain.table1:logloss-lambda0", "retain.table1:gs")


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def contains(enclosure: arb, value) -> bool:
    """The enclosure meets the 100-digit value's ball of radius 10^-90 (mpmath's own error at 100 digits)."""
    with workprec(400):
        return enclosure.overlaps(arb(mpmath.nstr(value, 100), mpmath.nstr(mpmath.mpf(10) ** -90 * (1 + abs(value)), 5)))


def test_new_claims_registered_with_controls():
    ids = {c.id for c in all_claims("retain")}
    assert set(NEW) <= ids
    controls = [c for c in all_claims("retain") if c.control is Control.NEGATIVE]
    for family in ("lemE.1", "lemG.1", "lemG.4", "lemG.5", "lemF.1", "lemD.3", "lemH.1", "lem4.2"):
        assert any(f"retain.{family}:control" in c.id for c in controls), family


# ---------------------------------------------------------------------------------------------- Lemma E.1
def top_projector(M):
    E, V = mpmath.eigsy(mpmath.matrix(M))
    i = max(range(2), key=lambda j: E[j])
    v = V[:, i]
    return v * v.T


def projector_gap_mp(A, E):
    """(‖P̃ − P‖₂, ‖P̃ − P‖_F, ‖E‖₂, ‖E‖_F, gap_1(A)) at 100 digits from mpmath's eigen-decomposition."""
    Am = [[mp(A[0]), mp(A[1])], [mp(A[1]), mp(A[2])]]
    Em = [[mp(E[0]), mp(E[1])], [mp(E[1]), mp(E[2])]]
    At = [[Am[i][j] + Em[i][j] for j in range(2)] for i in range(2)]
    D = top_projector(At) - top_projector(Am)
    op = max(abs(x) for x in mpmath.eigsy(D)[0])
    fro = mpmath.sqrt(sum(D[i, j] ** 2 for i in range(2) for j in range(2)))
    e_op = max(abs(x) for x in mpmath.eigsy(mpmath.matrix(Em))[0])
    e_fro = mpmath.sqrt(sum(Em[i][j] ** 2 for i in range(2) for j in range(2)))
    ev = mpmath.eigsy(mpmath.matrix(Am))[0]
    return op, fro, e_op, e_fro, abs(ev[0] - ev[1])


@pytest.mark.parametrize("A,E", [(("1", "0", "0"), ("-51/100", "0", "51/100")), (("2", "1/2", "1"), ("1/3", "-1/7", "2")),
                                 (("1", "1/2", "1"), ("0", "1/10", "0")), (("3/4", "-1/4", "1/4"), ("-1/2", "1/4", "1/2"))])
def test_projector_distance_matches_mpmath(A, E):
    inst = C._dk_instance(A, E)
    op, fro, *_ = projector_gap_mp(A, E)
    with workprec(400):
        assert contains(C._dk_distance(inst), op)
        assert contains(C._dk_frobenius(inst), fro)


def test_eigen_flip_breaks_printed_davis_kahan_and_not_the_fix():
    A, E = ("1", "0", "0"), ("-51/100", "0", "51/100")  # Ã = diag(49/100, 51/100): the top eigenvector flips
    op, fro, e_op, e_fro, gap = projector_gap_mp(A, E)
    assert abs(op - 1) < mpmath.mpf(10) ** -90 and gap == 1
    inst = C._dk_instance(A, E)
    for cid, lhs, printed in (("retain.lemE.1", op, e_op / gap), ("retain.lemE.1:frobenius", fro, mpmath.sqrt(2) * e_fro / gap)):
        assert lhs > printed  # computed here
        assert evaluate(get_claim(cid), inst, MAX_PREC).outcome == VIOLATED
    assert op <= 2 * e_op / gap and fro <= 2 * mpmath.sqrt(2) * e_fro / gap
    assert evaluate(get_claim("retain.lemE.1+fix"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemE.1:frobenius+fix"), inst, MAX_PREC).outcome == WITHIN


def test_fixed_constant_2_is_sharp():
    # E = diag(−(1/2 + t), 1/2 + t) on A = diag(1, 0): ‖ΔP‖₂ = 1, 2‖E‖₂/gap = 1 + 2t → 1
    t = F(1, 10**6)
    inst = C._dk_instance(("1", "0", "0"), (-(F(1, 2) + t), 0, F(1, 2) + t))
    ev = evaluate(get_claim("retain.lemE.1+fix"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.ratio > 0.999998


# ---------------------------------------------------------------------------------------------- Lemma G.1
def ridge_by_hand(X, y, lam):
    """(XᵀX/n + λI)⁻¹Xᵀy/n for d = 2 by the 2×2 inverse, in Fractions."""
    n = len(X)
    a = sum(r[0] * r[0] for r in X) / n + lam
    b = sum(r[0] * r[1] for r in X) / n
    c = sum(r[1] * r[1] for r in X) / n + lam
    u = sum(r[0] * t for r, t in zip(X, y)) / n
    v = sum(r[1] * t for r, t in zip(X, y)) / n
    det = a * c - b * b
    return ((c * u - b * v) / det, (a * v - b * u) / det)


def test_lemma_g1_quantity_and_bound_by_hand():
    X = [[F(1), F(0)], [F(0), F(1, 10)]]
    y, lam, z, zy = [F(1), F(-1)], F(0), [F(0), F(1)], F(1)  # λ = 0: ∇f(w_R', z) ∥ z
    inst = C._ridge2_instance([[str(v) for v in r] for r in X], [str(v) for v in y], str(lam), [str(v) for v in z], str(zy))
    w = ridge_by_hand(X, y, lam)
    w2 = ridge_by_hand(X + [z], y + [zy], lam)
    shift2 = sum((p - q) ** 2 for p, q in zip(w, w2))
    g = [(sum(a * b for a, b in zip(z, w2)) - zy) * zi + lam * wi for zi, wi in zip(z, w2)]
    assert inst["G2"] == sum(v * v for v in g)
    lam_min = min(F(1, 2) + lam, F(1, 200) + lam)  # XᵀX/n is diagonal here
    bound = mpmath.sqrt(mp(inst["G2"])) / (2 * mp(lam_min))
    with workprec(400):
        assert contains(get_claim("retain.lemG.1").quantity(inst), mpmath.sqrt(mp(shift2)))
    assert mpmath.sqrt(mp(shift2)) <= bound
    # z along the weak eigenvector: the gradient is an eigenvector of λ_min, the inequality is an equality
    assert abs(mpmath.sqrt(mp(shift2)) - bound) < mpmath.mpf(10) ** -90
    assert evaluate(get_claim("retain.lemG.1"), inst, MAX_PREC).outcome == ATTAINED
    assert evaluate(get_claim("retain.lemG.1:control-halved"), inst, MAX_PREC).outcome == VIOLATED


# ---------------------------------------------------------------------------------------------- Example G.3, Lemma 3.7
def logistic_ridge_mp(xs, ys, lam):
    """The unconstrained minimiser of (1/n)Σ log(1 + e^(−y x w)) + (λ/2)w² at 100 digits (mpmath findroot)."""
    n = len(xs)
    d = lambda w: -sum(mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in zip(xs, ys)) / n + mp(lam) * w
    return mpmath.findroot(d, 0)


def test_logistic_shift_matches_mpmath_and_example_g3_bound():
    x, y, lam = ["1/2", "-1", "3/4"], ["1", "-1", "-1"], "1/10"
    inst = C._logistic_instance(x, y, lam, "1", "-1", R_w="4")
    w = logistic_ridge_mp(x, y, lam)
    w2 = logistic_ridge_mp(x + ["1"], y + ["-1"], lam)
    assert abs(w) < 4 and abs(w2) < 4  # interior: the constrained and unconstrained minimisers agree
    shift = abs(w2 - w)
    with workprec(300):
        assert contains(get_claim("retain.exG.3").quantity(inst), shift)
    a = sum(mp(v) ** 2 for v in x)
    lam_R = a / 3 / (2 * mpmath.cosh(mp(4) / 2)) ** 2 + mp(lam)
    bound = (1 + mp(lam) * 4) / (3 * lam_R)
    assert shift <= bound
    assert evaluate(get_claim("retain.exG.3"), inst, MAX_PREC).outcome == WITHIN
    ratio = shift / ((1 + mp(lam) * 4) / (3 * mp(lam)))
    with workprec(300):
        assert contains(get_claim("retain.lem3.7").quantity(inst), ratio)


# ---------------------------------------------------------------------------------------------- Lemma G.4, Example G.6
def logistic_mp(xs, ys):
    n = len(xs)
    d = lambda w: -sum(mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in zip(xs, ys)) / n
    return mpmath.findroot(d, 0)


def test_local_bound_quantities_match_mpmath():
    x, y = C._local_data(2, 1, 8)
    inst = C._local_instance(x, y, "1", "-1")
    w = logistic_mp(x, y)
    w2 = logistic_mp(x + [F(1)], y + [-1])
    lam0 = sum(mp(v) ** 2 / (2 * mpmath.cosh(mp(t) * mp(v) * w / 2)) ** 2 for v, t in zip(x, y)) / len(x)
    assert 0 <= mp(inst["lambda_0"]) - lam0 < mpmath.mpf(2) ** -100
    with workprec(300):
        assert contains(get_claim("retain.lemG.4").quantity(inst), abs(w2 - w))
    M = mpmath.mpf(1) / (6 * mpmath.sqrt(3))  # Example G.6 with B = 1
    bound = (lam0 - mpmath.sqrt(lam0**2 - 4 * M / len(x))) / (2 * M)
    assert abs(w2 - w) <= bound
    assert evaluate(get_claim("retain.exG.6"), {k: v for k, v in inst.items() if k not in ("L", "M")},
                    MAX_PREC).outcome == WITHIN
    sig2 = max(abs(mpmath.diff(lambda t: 1 / (1 + mpmath.exp(-t)), t, 2)) for t in mpmath.linspace(-3, 3, 601))
    assert abs(sig2 - M) < mpmath.mpf(10) ** -5  # the printed M = max|σ''| (up to the grid)


def test_lemma_g4_printed_step_refuted_at_a_point_past_the_larger_root():
    r = check_derivation(load_derivation("retain.lemG.4"), get_claim("retain.lemG.4"))
    s = next(s for s in r.steps if s.status == REFUTED)
    p = {k: mpmath.mpf(v) for k, v in s.point_dict.items()}
    lam0, M, rn, th = p["lambda_0"], p["M"], p["r_n"], p["theta"]
    rr = th * lam0 / M
    r_minus, r_plus = lam0 / (2 * M) * (1 - mpmath.sqrt(1 - rn)), lam0 / (2 * M) * (1 + mpmath.sqrt(1 - rn))
    assert th * (1 - th) <= rn / 4 and th < 1  # the proof's two facts hold …
    assert r_plus <= rr and rr > r_minus  # … yet r sits on the far side of the quadratic's roots


# ---------------------------------------------------------------------------------------------- Lemma G.5
def test_eq4_brackets_the_local_bound_and_the_printed_s_bound_fails():
    for lam0, M, L, n in (("1", "1", "1", "4000000"), ("1/4", "1/10", "1", "7"), ("10", "3", "1/2", "1/10")):
        lam0, M, L, n = mp(lam0), mp(M), mp(L), mp(n)
        r = 4 * M * L / (lam0**2 * n)
        assert r < 1
        q = (lam0 - mpmath.sqrt(lam0**2 - 4 * M * L / n)) / (2 * M)
        lead = L / (n * lam0)
        assert lead + lam0 * r**2 / (2 * M * (8 - 4 * r)) <= q <= lead + lam0 * r**2 / (2 * M * (4 - 2 * r))
    r = mpmath.mpf("0.9")
    assert mpmath.sqrt(1 - r) + 1 - r / 2 < 1  # line 649's "1 ≤ √(1−r) + 1 − r/2" fails here
    inst = C._g5_instance("1", "1", "1", F(4) / F(9, 10))  # r_n = 0.9
    assert evaluate(get_claim("retain.lemG.5"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemG.5:control-swapped"), inst, MAX_PREC).outcome == VIOLATED


# ---------------------------------------------------------------------------------------------- Lemma F.1, D.3
def test_svm_norm_equals_inverse_margin_by_hand():
    X, y = [[1, 0], [-1, 0], ["1/2", 1]], [1, -1, 1]  # w_R = (1, 1/2): margins 1, 1, 1
    inst = C._svm_norm_instance(X, y)
    assert inst["W_R"] == F(5, 4) and inst["gamma_R_sq"] == F(4, 5)
    A = [(mp(1), mp(0)), (mp(1), mp(0)), (mp("0.5"), mp(1))]
    grid = max(min(mpmath.cos(t) * a + mpmath.sin(t) * b for a, b in A) for t in mpmath.linspace(-1, 1, 2001))
    assert grid <= 2 / mpmath.sqrt(5) and 2 / mpmath.sqrt(5) - grid < mpmath.mpf(10) ** -3  # grid step 10^-3
    assert evaluate(get_claim("retain.lemF.1"), inst, MAX_PREC).outcome in (WITHIN, ATTAINED)
    assert evaluate(get_claim("retain.lemF.1:control-halved"), inst, MAX_PREC).outcome == VIOLATED


def min_spanning_by_enumeration(D, nodes):
    """The lightest connected set of |nodes| − 1 edges (every edge subset tried)."""
    edges = list(itertools.combinations(nodes, 2))
    best = None
    for sub in itertools.combinations(edges, len(nodes) - 1):
        reach, frontier = {nodes[0]}, [nodes[0]]
        while frontier:
            u = frontier.pop()
            for a, b in sub:
                for p, q in ((a, b), (b, a)):
                    if p == u and q not in reach:
                        reach.add(q)
                        frontier.append(q)
        if len(reach) == len(nodes):
            w = sum(D[a, b] for a, b in sub)
            best = w if best is None or w < best else best
    return best


def test_steiner_tree_by_hand():
    inst = C._steiner_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], 3)
    # ℓ1 distances: the terminals' MST is 2 + 2 = 4; the centre (1, 1) is at distance 2 from each (star: 6)
    assert inst["w_Kv"] == 6 == min_spanning_by_enumeration(np.asarray(inst["metric"], dtype=object), [0, 1, 2, 3])
    D = np.asarray(inst["metric"], dtype=object)
    smt = min(min_spanning_by_enumeration(D, [0, 1, 2] + list(S)) for S in ((), (3,)))
    assert C.smt_weight(D, [0, 1, 2]) == smt == 4
    assert evaluate(get_claim("retain.lemD.3"), inst, MAX_PREC).outcome == WITHIN


# ---------------------------------------------------------------------------------------------- active mechanisms
def _active_case():
    base = C._logistic_instance(["1/2", "-1", "3/4"], ["1", "-1", "-1"], "1/10", "1", "-1", R_w="4")
    return base, ["1/2", "-1", "3/4"], ["1", "-1", "-1"]


def _slope(xs, ys, lam, w):
    n = len(xs)
    return -sum(mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in zip(xs, ys)) / n + mp(lam) * w


def test_newton_step_matches_mpmath():
    base, x, y = _active_case()
    inst = C._active_instance(base, "1/2", "1/100000")
    w = logistic_ridge_mp(x, y, "1/10")
    w2 = logistic_ridge_mp(x + ["1"], y + ["-1"], "1/10")
    s = lambda t: 1 / (1 + mpmath.exp(-t))  # noqa: E731
    H = sum(s(mp(b) * mp(a) * w2) * (1 - s(mp(b) * mp(a) * w2)) * mp(a) ** 2 for a, b in zip(x, y)) / 3 + mp("0.1")
    grad_z = -mp(-1) * 1 * s(-mp(-1) * 1 * w2) + mp("0.1") * w2  # ∇f(w_R', z) with the regulariser, z = (1, −1)
    w_bar = w2 + grad_z / (3 * H)  # Algorithm 2, lines 726–727
    with workprec(300):
        assert contains(get_claim("retain.lemH.2").quantity(inst), abs(w_bar - w))
    assert evaluate(get_claim("retain.lemH.2"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemH.3"), inst, MAX_PREC).outcome == WITHIN


def test_descent_to_delete_matches_mpmath_loop():
    base, x, y = _active_case()
    inst = C._active_instance(base, "1/2", "1/100000", "1/1000", d2d_terms=True)
    R, _ = C._logistic_data(inst)
    p = C._d2d_mech(inst).parameters(R)
    w = logistic_ridge_mp(x, y, "1/10")
    v = logistic_ridge_mp(x + ["1"], y + ["-1"], "1/10")
    for _ in range(p["I"]):  # projected gradient descent on F̂_R (Algorithm 1, lines 3–6)
        v = v - mp(p["eta"]) * _slope(x, y, "1/10", v)
        v = max(min(v, mp(4)), mp(-4))
    with workprec(300):
        assert contains(get_claim("retain.lemH.1:sensitivity").quantity(inst), abs(v - w))
    assert evaluate(get_claim("retain.lemH.1:sensitivity"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemH.1"), C._active_instance(base, "1/2", "1/100000", "1/1000"),
                    MAX_PREC).outcome == WITHIN


def test_lemma_41_ceilings_counterexample_confirmed():
    base, *_ = _active_case()
    found = False
    for sig in ("1/10", "1/1000"):
        inst = {**C._active_instance(base, "1/2", "1/100000", sig)}
        inst.update(C._iter_terms(inst))
        b = mpmath.sqrt(2 * mpmath.log(10**5) + 1) - mpmath.sqrt(2 * mpmath.log(10**5))
        cn = mp(inst["L"]) / (mp(inst["n"]) * mp(sig) * b)
        x_r = mpmath.log(cn / mp(inst["lambda_R"])) / mpmath.log(1 / mp(inst["gamma_R"]))
        x_g = mpmath.log(cn / mp("0.1")) / mpmath.log(1 / mp(inst["gamma_G"]))
        assert inst["I"] == mpmath.ceil(x_r) and inst["I_G"] == mpmath.ceil(x_g)  # eq. (5), recomputed here
        printed = x_r / x_g
        if mp(inst["I"]) / inst["I_G"] > printed:  # computed here
            found = True
            assert evaluate(get_claim("retain.lem4.1"), inst, MAX_PREC).outcome == VIOLATED
        assert mp(inst["I"]) / inst["I_G"] <= (x_r + 1) / x_g
        assert evaluate(get_claim("retain.lem4.1+fix"), inst, MAX_PREC).outcome == WITHIN
    assert found


# ---------------------------------------------------------------------------------------------- m points, Table 1
def test_median_m_points_by_hand():
    import statistics

    R = [F(0), F(1, 2), F(1), F(1)]  # even n, m = 2: the extremes are {0, 0} and {1, 1}
    inst = C._median_m_instance("1", [str(x) for x in R], 2)
    med = statistics.median(R)
    want = max(statistics.median(R + [F(1)] * 2) - med, med - statistics.median(R + [F(0)] * 2))
    grid = [F(i, 8) for i in range(9)]
    assert want == max(abs(statistics.median(R + list(Z)) - med) for Z in itertools.product(grid, repeat=2))
    assert contains(C._median_m_rs(inst), mp(want))
    assert evaluate(get_claim("retain.lemC.1:m-points+fix"), inst, MAX_PREC).outcome == WITHIN


def test_ridge_m_points_by_hand():
    X, y, lam = [[F(1), F(0)], [F(0), F(1, 10)]], [F(1), F(-1)], F(0)
    Zx, Zy = [[F(0), F(1)], [F(0), F(1)]], [F(1), F(1)]
    inst = C._ridge_m_instance([[str(v) for v in r] for r in X], ["1", "-1"], "0", [["0", "1"], ["0", "1"]], ["1", "1"])
    w, w2 = ridge_by_hand(X, y, lam), ridge_by_hand(X + Zx, y + Zy, lam)
    shift = mpmath.sqrt(mp(sum((p - q) ** 2 for p, q in zip(w, w2))))
    g = [sum((sum(a * b for a, b in zip(z, w2)) - t) * z[i] for z, t in zip(Zx, Zy)) for i in range(2)]
    bound = mpmath.sqrt(mp(sum(v * v for v in g))) / (2 * mp(F(1, 200)))
    assert abs(shift - bound) < mpmath.mpf(10) ** -90  # attained: Σ∇f is an eigenvector of λ_min
    with workprec(300):
        assert contains(get_claim("retain.lemG.1:m-points+fix").quantity(inst), shift)


def test_table1_mse_at_lambda0_holds_where_example_g2_printed_can_fail():
    xs, ys = [F(1, 8), F(-1, 2), F(3, 4)], [F(1), F(-1), F(1)]
    inst = C._ridge_instance(["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "0")
    n, a = 3, sum(x * x for x in xs)
    bound = (1 / (mp(a) / (n + 1)) + 1) / (n * mp(a) / n)  # eq. (2) at λ = 0, B = Y = 1
    w = sum(x * y for x, y in zip(xs, ys)) / a
    lower = max(abs(sum(x * y for x, y in zip(xs + [t], ys + [s])) / (a + t * t) - w)
                for t in (F(i, 64) for i in range(-64, 65)) for s in (F(-1), F(1)))
    assert mp(lower) <= bound
    assert evaluate(get_claim("retain.table1:mse-lambda0"), inst, MAX_PREC).outcome == WITHIN


def test_noisy_pca_delta_matches_mpmath():
    R, x = [[1, 0], [0, F(9, 10)], [1, 0]], [F(7, 10), F(7, 10)]
    inst = {**C._pca_instance(R, [x]), "epsilon": "1/2", "delta": "1/100000"}
    S0 = [[mp(F(2, 3)), 0], [0, mp(F(81, 300))]]
    X = R + [x]
    S1 = [[sum(mp(r[a]) * mp(r[b]) for r in X) / 4 for b in range(2)] for a in range(2)]
    D = top_projector(S1) - top_projector(S0)
    shift = mpmath.sqrt(D[0, 0] ** 2 + D[0, 1] ** 2 + D[1, 1] ** 2)  # the released upper triangle
    gap = mp(F(2, 3)) - mp(F(81, 300))
    sigma = 2 * mpmath.sqrt(2) / (4 * gap) * mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 * 10**5)) / mpmath.mpf("0.5")
    a, b = shift / (2 * sigma), mpmath.mpf("0.5") * sigma / shift
    want = mpmath.ncdf(a - b) - mpmath.exp(mpmath.mpf("0.5")) * mpmath.ncdf(-a - b)
    with workprec(400):
        q = get_claim("retain.lemE.3").quantity(inst)
        assert abs(mpmath.mpf(q.mid().str(60, radius=False)) / want - 1) < mpmath.mpf(10) ** -50  # relative: δ ≈ 6e-133
    assert want <= mpmath.mpf(10) ** -5
