"""ERM claims (:mod:`certunlearn.claims.retain.erm`: Lemmas G.1, G.4, G.5, 3.7, Examples G.2, G.3, G.6) against
ridge minimisers in Fractions and logistic minimisers in mpmath at 100 digits (root finding). A printed claim is
asserted violated only where this file computes the counterexample itself."""

import mpmath
from flint import arb

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import erm
from certunlearn.derive import check_derivation, load_derivation, REFUTED
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
MAX_PREC = 1024


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def ridge_printed_bound(xs, lam, fixed=False):
    n, a = len(xs), sum(x * x for x in xs)
    lam_min, lam_R = mp(a) / (n + 1) + mp(lam), mp(a) / n + mp(lam)
    L = (1 + (mp(lam) if fixed else 0)) / lam_min + 1  # B = Y = 1
    return L / (n * lam_R)


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


# ---------------------------------------------------------------------------------------------- Example G.2
def test_example_g2_counterexample_confirmed_independently():
    xs, ys, lam = [F(1, 8), F(-1, 2), F(3, 4)], [F(1), F(-1), F(1)], F(10)
    lower = ridge_shift_lower_bound(xs, ys, lam)
    printed = ridge_printed_bound(xs, lam)
    inst = erm.ridge_instance(["1/8", "-1/2", "3/4"], ["1", "-1", "1"], "10")
    ev = evaluate(get_claim("retain.exG.2"), inst, MAX_PREC)
    if mp(lower) > printed:  # computed here, by enumeration of exact ridge fits
        assert ev.outcome == VIOLATED
    assert mp(lower) > printed
    fixed = ridge_printed_bound(xs, lam, fixed=True)
    assert mp(lower) <= fixed
    assert evaluate(get_claim("retain.exG.2+fix"), inst, MAX_PREC).outcome == WITHIN


def test_ridge_exact_rs_dominates_enumeration():
    xs, ys, lam = [F(1), F(-1)], [F(1), F(1)], F(1, 10)
    inst = erm.ridge_instance(["1", "-1"], ["1", "1"], "1/10")
    q = get_claim("retain.exG.2+fix").quantity(inst)
    lb = ridge_shift_lower_bound(xs, ys, lam)
    with workprec(300):
        assert not (to_arb(q) < arb(lb.numerator) / lb.denominator)  # the exact RS is at least any enumerated shift


def contains(enclosure: arb, value) -> bool:
    """The enclosure meets the 100-digit value's ball of radius 10^-90 (mpmath's own error at 100 digits)."""
    with workprec(400):
        if not isinstance(enclosure, arb):  # an exact quantity (a Fraction)
            enclosure = arb(enclosure.numerator) / enclosure.denominator
        return enclosure.overlaps(arb(mpmath.nstr(value, 100), mpmath.nstr(mpmath.mpf(10) ** -90 * (1 + abs(value)), 5)))


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
    inst = erm._ridge2_instance([[str(v) for v in r] for r in X], [str(v) for v in y], str(lam), [str(v) for v in z], str(zy))
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
    assert evaluate(get_claim("retain.lemG.1"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemG.1:control-tenth-less"), inst, MAX_PREC).outcome == VIOLATED


# ---------------------------------------------------------------------------------------------- Example G.3, Lemma 3.7
def logistic_ridge_mp(xs, ys, lam):
    """The unconstrained minimiser of (1/n)Σ log(1 + e^(−y x w)) + (λ/2)w² at 100 digits (mpmath findroot)."""
    n = len(xs)
    d = lambda w: -sum(mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in zip(xs, ys)) / n + mp(lam) * w
    return mpmath.findroot(d, 0)


def test_logistic_shift_matches_mpmath_and_example_g3_bound():
    x, y, lam = ["1/2", "-1", "3/4"], ["1", "-1", "-1"], "1/10"
    inst = erm.logistic_instance(x, y, lam, "1", "-1", R_w="4")
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
    x, y = erm.local_data(2, 1, 8)
    inst = erm._local_instance(x, y, "1", "-1")
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
    inst = erm._g5_instance("1", "1", "1", F(4) / F(9, 10))  # r_n = 0.9
    assert evaluate(get_claim("retain.lemG.5"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemG.5:control-swapped"), inst, MAX_PREC).outcome == VIOLATED


def test_ridge_m_points_by_hand():
    X, y, lam = [[F(1), F(0)], [F(0), F(1, 10)]], [F(1), F(-1)], F(0)
    Zx, Zy = [[F(0), F(1)], [F(0), F(1)]], [F(1), F(1)]
    inst = erm._ridge_m_instance([[str(v) for v in r] for r in X], ["1", "-1"], "0", [["0", "1"], ["0", "1"]], ["1", "1"])
    w, w2 = ridge_by_hand(X, y, lam), ridge_by_hand(X + Zx, y + Zy, lam)
    shift = mpmath.sqrt(mp(sum((p - q) ** 2 for p, q in zip(w, w2))))
    g = [sum((sum(a * b for a, b in zip(z, w2)) - t) * z[i] for z, t in zip(Zx, Zy)) for i in range(2)]
    bound = mpmath.sqrt(mp(sum(v * v for v in g))) / (2 * mp(F(1, 200)))
    assert abs(shift - bound) < mpmath.mpf(10) ** -90  # attained: Σ∇f is an eigenvector of λ_min
    with workprec(300):
        assert contains(get_claim("retain.lemG.1:m-points+fix").quantity(inst), shift)


def test_ridge_m_points_irrational_equality_is_proved():
    import sympy

    # X = [[1/2, 1/2], [1/2, −1/2]], λ = 10: XᵀX/n + λI = (1/4 + 10)I, so every ∇f is an eigenvector and the bound is
    # attained; the shift 58√2/3403 is irrational — the equality is proved, not left to overlapping enclosures
    inst = erm._ridge_m_instance([["1/2", "1/2"], ["1/2", "-1/2"]], [1, -1], 10, [["0", "1"], ["1", "0"]], [1, 1])
    claim = get_claim("retain.lemG.1:m-points+fix")
    assert claim.quantity(inst) == 58 * sympy.sqrt(2) / 3403
    ev = evaluate(claim, inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.attained


# ---------------------------------------------------------------------------------------------- growth (thorough)
def test_ridge_m_points_family_grows_inside_the_hypotheses():
    import numpy as np

    from certunlearn.claims import get_claim
    from certunlearn.claims.retain import erm as erm_claims
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.lemG.1:m-points+fix")
    gen = claim.adversaries[0].generate
    quick = gen(np.random.default_rng(1), 40)
    X, y, lam = erm_claims._RIDGE2_DATA[0]
    assert len(quick) == 30 and quick[0] == erm_claims._ridge_m_instance(X, y, lam, [["0", "1"], ["0", "1"]], [1, 1])
    grown = gen(np.random.default_rng(1), 100_000)
    assert grown[:30] == quick and len(grown) == 80
    drawn = grown[30:]
    assert {v["m"] for v in drawn} >= {1, 5} and {len(v["X"][0]) for v in drawn} == {1, 2}
    assert any(v["lambda"] == 0 for v in drawn)
    for inst in drawn:
        assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), inst


def test_ridge_family_grows_inside_the_hypotheses():
    """Example G.2's listed ridge instances (7) and, above the quick size, random ones of the class (d = 1, |x| ≤ 1,
    |y| ≤ 1, λ from 10⁻³ to 100): thorough's 50 decided instances no longer hang on the search, whose restarts
    converge to few points (seed 1: 7 + 32 decided before)."""
    import numpy as np

    from certunlearn.claims.growth import QUICK_SIZE
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.exG.2+fix")
    quick = erm.ridge_structured(np.random.default_rng(1), QUICK_SIZE)
    grown = erm.ridge_structured(np.random.default_rng(1), 100_000)
    assert len(quick) == 7 and grown[:7] == quick and len(grown) >= 50
    drawn = grown[7:]
    assert len({repr(v) for v in drawn}) == len(drawn) and len({v["n"] for v in drawn}) >= 4
    assert any(abs(F(y)) not in (0, 1) for v in drawn for y in v["y"])  # labels inside [−1, 1], not only ±1
    for inst in drawn:
        assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), inst


def test_unregularised_ridge_family_grows_at_lambda_zero():
    """Table 1's MSE λ = 0 row: its 7 listed instances, then random ones at λ = 0 above the quick size (thorough at
    seed 1 decided 7 + 39 before), every draw at λ = 0 and inside the row's hypothesis unless its design is singular."""
    import numpy as np

    from certunlearn.claims.growth import QUICK_SIZE
    from certunlearn.claims.retain.tables import _mse0_structured
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.table1:mse-lambda0")
    quick = _mse0_structured(np.random.default_rng(1), QUICK_SIZE)
    grown = _mse0_structured(np.random.default_rng(1), 100_000)
    assert len(quick) == 7 and grown[:7] == quick and len(grown) >= 50
    assert all(v["lambda"] == "0" for v in grown[7:])
    inside = [v for v in grown[7:] if all(h.decide(v) is Decision.TRUE for h in claim.hypotheses)]
    assert len(inside) >= 40 and all(any(F(x) != 0 for x in v["x"]) for v in inside)
