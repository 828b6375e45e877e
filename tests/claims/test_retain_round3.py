"""Round-3 retain claims — Lemma E.4 (the inequality before its O(·) and the noise tail, computed exactly),
Descent-to-Delete for m deletions, Lemma 4.1's ≥ direction — against independent oracles: mpmath at 100 digits
(eigen-decompositions, root finding, a 2-D integral in polar coordinates) and eq. (5) recomputed by hand. A printed
claim is asserted violated only where this file computes the counterexample itself."""
from fractions import Fraction as F

import mpmath
import pytest
from flint import arb

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import Control, all_claims, get_claim
from certunlearn.claims import retain as C
from certunlearn.derive import REFUTED, check_derivation, load_derivation
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100
MAX_PREC = 1024
NEW = ("retain.lemE.2:operator", "retain.lemE.4", "retain.lemE.4:noise-tail", "retain.lemH.1:m-points+fix",
       "retain.lemH.1:m-points-sensitivity+fix", "retain.lem4.1:lower", "retain.lem4.1:lower+fix")


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def contains(enclosure: arb, value, tol: str = "1e-90") -> bool:
    with workprec(400):
        return enclosure.overlaps(arb(mpmath.nstr(value, 100), mpmath.nstr(mp(F(tol)) * (1 + abs(value)), 5)))


def test_registered_with_controls():  # derivation links: tests/claims/test_retain_claims.py covers every claim
    ids = {c.id for c in all_claims("retain")}
    assert set(NEW) <= ids
    assert all(get_claim(cid).derivation == cid for cid in NEW)
    controls = {c.id for c in all_claims("retain") if c.control is Control.NEGATIVE}
    assert {"retain.lemE.2:control-operator-quartered", "retain.lemE.4:control-noise-dropped", "retain.lemE.4:control-tail-hundredfold",
            "retain.lemH.1:control-m-boosted", "retain.lem4.1:control-lower-doubled"} <= controls


# ---------------------------------------------------------------------------------------------- Lemma E.4
def top_projector(M):
    E, V = mpmath.eigsy(mpmath.matrix(M))
    i = max(range(2), key=lambda j: E[j])
    v = V[:, i]
    return v * v.T


def op_norm(M):
    E, _ = mpmath.eigsy(mpmath.matrix(M))
    return max(abs(E[0]), abs(E[1]))


def e4_oracle(R, U, E):
    """(‖V_RV_Rᵀ − P_1(V_R'V_R'ᵀ + E)‖_2, the bound 2B²/((n + 1)gap) + 2‖E‖_2) at 100 digits (B = 1)."""
    rows = [[mp(v) for v in r] for r in R]
    n = len(rows)
    S = mpmath.matrix(2, 2)
    for r in rows:
        S += mpmath.matrix([[r[0] * r[0], r[0] * r[1]], [r[0] * r[1], r[1] * r[1]]])
    u = [mp(v) for v in U]
    S1 = (S + mpmath.matrix([[u[0] * u[0], u[0] * u[1]], [u[0] * u[1], u[1] * u[1]]])) / (n + 1)
    S = S / n
    Em = mpmath.matrix([[mp(E[0]), mp(E[1])], [mp(E[1]), mp(E[2])]])
    lhs = op_norm(top_projector(S) - top_projector(top_projector(S1) + Em))
    ev = sorted(mpmath.eigsy(S)[0], reverse=True)
    return lhs, 2 / ((n + 1) * (ev[0] - ev[1])) + 2 * op_norm(Em)


@pytest.mark.parametrize("R, U, E", [
    ([[1, 0], [0, "99/100"]], ["7/10", "7/10"], ("1/5", "-1/5", "-1/5")),
    ([[1, 0], [1, 0], [0, "1/10"]], ["3/5", "4/5"], ("0", "1/10", "0")),
    ([[1, 0], [0, "9/10"], [1, 0]], [0, 1], ("-51/100", "0", "51/100")),
])
def test_e4_distance_and_bound_match_mpmath(R, U, E):
    inst = C._e4_instance(R, [U], E)
    lhs, bound = e4_oracle(R, U, E)
    claim = get_claim("retain.lemE.4")
    with workprec(300):
        assert contains(claim.quantity(inst), lhs)
        assert contains(claim.bound_value(inst), bound)
    assert evaluate(claim, inst, MAX_PREC).outcome == (WITHIN if lhs < bound else VIOLATED)


@pytest.mark.parametrize("R, U", [
    ([[1, 0]] * 7 + [[0, "1/10"]], ["7/10", "7/10"]),
    ([["1/20", 0], [0, 1], ["1/20", 0]], [-1, 0]),  # an eigen-flip: the shift is 1
])
def test_operator_shift_matches_mpmath(R, U):
    inst = C._pca_instance(R, [U])
    lhs, bound = e4_oracle(R, U, ("0", "0", "0"))  # E = 0: ‖P_R − P_R'‖_2 and 2B²/((n + 1)gap)
    claim = get_claim("retain.lemE.2:operator")
    with workprec(300):
        assert contains(claim.quantity(inst), lhs)
        assert contains(claim.bound_value(inst), bound)
    assert evaluate(claim, inst, MAX_PREC).outcome == (WITHIN if lhs < bound else VIOLATED)
    quarter = evaluate(get_claim("retain.lemE.2:control-operator-quartered"), inst, MAX_PREC).outcome
    assert quarter == (WITHIN if lhs < bound / 4 else VIOLATED)


def test_e4_control_without_noise_term_fails_on_an_eigen_flip():
    R, U, E = [[1, 0]] * 7 + [[0, "1/10"]], [0, 1], ("-1", "0", "1")  # P_R' = e₁e₁ᵀ, P_R' + E = e₂e₂ᵀ
    inst = C._e4_instance(R, [U], E)
    lhs, bound = e4_oracle(R, U, E)
    first = bound - 2 * op_norm(mpmath.matrix([[1, 0], [0, -1]]))
    assert lhs > first  # computed here: the noise term is needed
    assert evaluate(get_claim("retain.lemE.4:control-noise-dropped"), inst, MAX_PREC).outcome == VIOLATED


def tail_oracle(t) -> mpmath.mpf:
    """P(‖E‖_2 ≥ 2√2 + t) for E = [[a, b], [b, c]], a, b, c i.i.d. N(0, 1): ‖E‖ = |u| + √(w² + b²) with
    u, w = (a ± c)/2 ~ N(0, ½); conditioning on (w, b) in polar coordinates, P(|u| < x) = erf(x)."""
    with mpmath.workdps(20):
        s = 2 * mpmath.sqrt(2) + mp(t)
        inner = lambda phi: mpmath.quad(  # noqa: E731
            lambda r: r * mpmath.exp(-r * r * (mpmath.cos(phi) ** 2 + mpmath.sin(phi) ** 2 / 2)) * mpmath.erf(s - r),
            [0, s])
        return 1 - mpmath.quad(inner, [0, mpmath.pi / 2]) * 4 / (mpmath.pi * mpmath.sqrt(2))


@pytest.mark.parametrize("t", ["0", "3"])
def test_noise_tail_matches_polar_integral(t):
    want = tail_oracle(t)
    inst = {"d": 2, "t": F(t)}
    assert contains(C._e4_tail(inst), want, tol="1e-15")
    claim = get_claim("retain.lemE.4:noise-tail")
    ok = want <= 2 * mpmath.exp(-mp(t) ** 2 / 4)
    assert evaluate(claim, inst, MAX_PREC).outcome == (WITHIN if ok else VIOLATED)


def test_noise_tail_control_fails_where_computed():
    # ‖E‖ ≥ |vᵀEv| for v = (1, 1)/√2, and vᵀEv = (e11 + e22)/2 + e12 ~ N(0, 3/2): P(‖E‖ ≥ 2√2) ≥ erfc(2√2/√3)
    with mpmath.workdps(20):
        assert mpmath.erfc(2 * mpmath.sqrt(2) / mpmath.sqrt(3)) > mpmath.mpf(2) / 100
    assert evaluate(get_claim("retain.lemE.4:control-tail-hundredfold"), {"d": 2, "t": 0}, MAX_PREC).outcome == VIOLATED


# ---------------------------------------------------------------------------------------------- D2D, m deletions
def logistic_ridge_mp(xs, ys, lam):
    n = len(xs)
    d = lambda w: -sum(mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in zip(xs, ys)) / n + mp(lam) * w
    return mpmath.findroot(d, 0)


def _slope(xs, ys, lam, w):
    n = len(xs)
    return -sum(mp(y) * mp(x) / (1 + mpmath.exp(mp(y) * mp(x) * w)) for x, y in zip(xs, ys)) / n + mp(lam) * w


def test_descent_to_delete_m_points_matches_mpmath_loop():
    x, y, Zx, Zy = ["1/2", "-1", "3/4"], ["1", "-1", "-1"], ["1", "1"], ["-1", "-1"]
    base = {k: v for k, v in C._logistic_instance(x, y, "1/10", "0", "1", R_w="4").items() if k not in ("zx", "zy")}
    inst = {**base, "Zx": Zx, "Zy": Zy, "m": 2, "epsilon": "1/2", "delta": "1/100000", "sigma": "1/1000"}
    inst.update(C._d2d_m_terms(inst))
    # eq. (5) with mL, recomputed here from the algorithm's λ_R, γ_R, L
    b = mpmath.sqrt(2 * mpmath.log(10**5) + 1) - mpmath.sqrt(2 * mpmath.log(10**5))
    ratio = 2 * mp(inst["L"]) / (3 * mp(inst["lambda_R"]) * mp("0.001") * b)
    assert inst["I"] == mpmath.ceil(mpmath.log(ratio) / mpmath.log(1 / mp(inst["gamma_R"])))
    beta = C._d2d_m_mech(inst).parameters(C._newton_m_data(inst)[0])["beta_R"]
    assert inst["gamma_R"] == (beta - inst["lambda_R"]) / (beta + inst["lambda_R"])  # Fact 2's contraction
    eta = 2 / (mp(inst["lambda_R"]) + mp(beta))  # Algorithm 1's step size
    w = logistic_ridge_mp(x, y, "1/10")
    v = logistic_ridge_mp(x + Zx, y + Zy, "1/10")
    for _ in range(inst["I"]):  # Algorithm 1, lines 3–6, on F̂_R
        v = max(min(v - eta * _slope(x, y, "1/10", v), mp(4)), mp(-4))
    shift = abs(v - w)
    with workprec(300):
        assert contains(C._d2d_m_shift(inst), shift, tol="1e-38")
    bound = mp(inst["gamma_R"]) ** inst["I"] * 2 * mp(inst["L"]) / (3 * mp(inst["lambda_R"]))
    assert evaluate(get_claim("retain.lemH.1:m-points-sensitivity+fix"), inst, MAX_PREC).outcome == (
        WITHIN if shift < bound else VIOLATED)
    assert evaluate(get_claim("retain.lemH.1:m-points+fix"), inst, MAX_PREC).outcome == WITHIN


# ---------------------------------------------------------------------------------------------- Lemma 4.1, ≥
def test_lemma_41_lower_direction_against_recomputed_counts():
    base = C._logistic_instance(["1/2", "-1", "3/4"], ["1", "-1", "-1"], "1/10", "1", "-1", R_w="4")
    b = mpmath.sqrt(2 * mpmath.log(10**5) + 1) - mpmath.sqrt(2 * mpmath.log(10**5))
    for sig in ("1/10", "1/1000"):
        inst = C._active_instance(base, "1/2", "1/100000", sig)
        inst.update(C._iter_terms(inst))
        cn = mp(inst["L"]) / (mp(inst["n"]) * mp(sig) * b)
        x_r = mpmath.log(cn / mp(inst["lambda_R"])) / mpmath.log(1 / mp(inst["gamma_R"]))
        x_g = mpmath.log(cn / mp("0.1")) / mpmath.log(1 / mp(inst["gamma_G"]))
        assert inst["I"] == mpmath.ceil(x_r) and inst["I_G"] == mpmath.ceil(x_g)
        counts = mp(inst["I"]) / inst["I_G"]
        want = WITHIN if x_r / x_g < counts else VIOLATED  # computed here
        assert evaluate(get_claim("retain.lem4.1:lower"), inst, MAX_PREC).outcome == want
        assert x_r / (x_g + 1) <= counts
        assert evaluate(get_claim("retain.lem4.1:lower+fix"), inst, MAX_PREC).outcome == WITHIN


def test_lemma_41_lower_printed_step_refuted_at_a_computed_point():
    res = check_derivation(load_derivation("retain.lem4.1:lower"), get_claim("retain.lem4.1:lower"))
    assert F(1, 2) / F(1, 2) != (F(1, 2) + F(999, 1000)) / (F(1, 2) + 0)  # x_R = x = ½, f_R = 0.999, f_G = 0
    assert res.steps[1].status == REFUTED
    fix = check_derivation(load_derivation("retain.lem4.1:lower+fix"), get_claim("retain.lem4.1:lower+fix"))
    assert all(s.status != REFUTED for s in fix.steps)
