"""PCA claims (:mod:`certunlearn.claims.retain.pca`: Lemmas E.1, E.2, E.3, E.4) against mpmath at 100 digits
(eigenvectors, projectors, the Gaussian profile, a 2-D integral in polar coordinates). A printed claim is asserted
violated only where this file computes the counterexample itself."""

import mpmath
import pytest
from flint import arb

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import pca
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec

mpmath.mp.dps = 100


def contains(enclosure: arb, value) -> bool:
    """The enclosure meets the 100-digit value's ball of radius 10^-90 (mpmath's own error at 100 digits)."""
    with workprec(400):
        if not isinstance(enclosure, arb):  # an exact quantity (a Fraction)
            enclosure = arb(enclosure.numerator) / enclosure.denominator
        return enclosure.overlaps(arb(mpmath.nstr(value, 100), mpmath.nstr(mpmath.mpf(10) ** -90 * (1 + abs(value)), 5)))


def mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


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
    inst = pca._dk_instance(A, E)
    op, fro, *_ = projector_gap_mp(A, E)
    with workprec(400):
        assert contains(pca._dk_distance(inst), op)
        assert contains(pca._dk_frobenius(inst), fro)
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- PCA, SVM
def test_pca_m_points_extension_instance():
    inst = pca._pca_instance([[1, 0], [0, F(99, 100)]], [[0, 1], [0, 1]])
    assert inst["m"] == 2
    assert evaluate(get_claim("retain.lemE.2:m-points+fix"), inst, MAX_PREC).outcome == WITHIN


def contains_point(enclosure: arb, value) -> bool:
    with workprec(400):
        if not isinstance(enclosure, arb):  # an exact quantity (a Fraction)
            enclosure = arb(enclosure.numerator) / enclosure.denominator
        return enclosure.overlaps(arb(mpmath.nstr(value, 100)))


def test_pca_shift_matches_mpmath_projectors():
    R, x = [[1, 0], [0, F(99, 100)]], [F(7, 10), F(7, 10)]
    inst = pca._pca_instance(R, [x])
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
        assert contains_point(get_claim("retain.lemE.2").quantity(inst), frob)
    bound = 2 * mpmath.sqrt(2) / (3 * mp(inst["gap"]))
    outcome = evaluate(get_claim("retain.lemE.2"), inst, MAX_PREC).outcome
    assert outcome == (WITHIN if frob < bound else VIOLATED)


def test_eigen_flip_breaks_printed_davis_kahan_and_not_the_fix():
    A, E = ("1", "0", "0"), ("-51/100", "0", "51/100")  # Ã = diag(49/100, 51/100): the top eigenvector flips
    op, fro, e_op, e_fro, gap = projector_gap_mp(A, E)
    assert abs(op - 1) < mpmath.mpf(10) ** -90 and gap == 1
    inst = pca._dk_instance(A, E)
    for cid, lhs, printed in (("retain.lemE.1", op, e_op / gap), ("retain.lemE.1:frobenius", fro, mpmath.sqrt(2) * e_fro / gap)):
        assert lhs > printed  # computed here
        assert evaluate(get_claim(cid), inst, MAX_PREC).outcome == VIOLATED
    assert op <= 2 * e_op / gap and fro <= 2 * mpmath.sqrt(2) * e_fro / gap
    assert evaluate(get_claim("retain.lemE.1+fix"), inst, MAX_PREC).outcome == WITHIN
    assert evaluate(get_claim("retain.lemE.1:frobenius+fix"), inst, MAX_PREC).outcome == WITHIN


def test_fixed_constant_2_is_sharp():
    # E = diag(−(1/2 + t), 1/2 + t) on A = diag(1, 0): ‖ΔP‖₂ = 1, 2‖E‖₂/gap = 1 + 2t → 1
    t = F(1, 10**6)
    inst = pca._dk_instance(("1", "0", "0"), (-(F(1, 2) + t), 0, F(1, 2) + t))
    ev = evaluate(get_claim("retain.lemE.1+fix"), inst, MAX_PREC)
    assert ev.outcome == WITHIN and ev.ratio > 0.999998


def test_noisy_pca_delta_matches_mpmath():
    R, x = [[1, 0], [0, F(9, 10)], [1, 0]], [F(7, 10), F(7, 10)]
    inst = {**pca._pca_instance(R, [x]), "epsilon": "1/2", "delta": "1/100000"}
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


def contains_within(enclosure: arb, value, tol: str = "1e-90") -> bool:
    with workprec(400):
        if not isinstance(enclosure, arb):  # an exact quantity (a Fraction)
            enclosure = arb(enclosure.numerator) / enclosure.denominator
        return enclosure.overlaps(arb(mpmath.nstr(value, 100), mpmath.nstr(mp(F(tol)) * (1 + abs(value)), 5)))


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
    inst = pca._e4_instance(R, [U], E)
    lhs, bound = e4_oracle(R, U, E)
    claim = get_claim("retain.lemE.4")
    with workprec(300):
        assert contains_within(claim.quantity(inst), lhs)
        assert contains_within(claim.bound_value(inst), bound)
    assert evaluate(claim, inst, MAX_PREC).outcome == (WITHIN if lhs < bound else VIOLATED)


@pytest.mark.parametrize("R, U", [
    ([[1, 0]] * 7 + [[0, "1/10"]], ["7/10", "7/10"]),
    ([["1/20", 0], [0, 1], ["1/20", 0]], [-1, 0]),  # an eigen-flip: the shift is 1
])
def test_operator_shift_matches_mpmath(R, U):
    inst = pca._pca_instance(R, [U])
    lhs, bound = e4_oracle(R, U, ("0", "0", "0"))  # E = 0: ‖P_R − P_R'‖_2 and 2B²/((n + 1)gap)
    claim = get_claim("retain.lemE.2:operator")
    with workprec(300):
        assert contains_within(claim.quantity(inst), lhs)
        assert contains_within(claim.bound_value(inst), bound)
    assert evaluate(claim, inst, MAX_PREC).outcome == (WITHIN if lhs < bound else VIOLATED)
    quarter = evaluate(get_claim("retain.lemE.2:operator-control-quartered"), inst, MAX_PREC).outcome
    assert quarter == (WITHIN if lhs < bound / 4 else VIOLATED)


def test_e4_control_without_noise_term_fails_on_an_eigen_flip():
    R, U, E = [[1, 0]] * 7 + [[0, "1/10"]], [0, 1], ("-1", "0", "1")  # P_R' = e₁e₁ᵀ, P_R' + E = e₂e₂ᵀ
    inst = pca._e4_instance(R, [U], E)
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
    assert contains_within(pca._e4_tail(inst), want, tol="1e-15")
    claim = get_claim("retain.lemE.4:noise-tail")
    ok = want <= 2 * mpmath.exp(-mp(t) ** 2 / 4)
    assert evaluate(claim, inst, MAX_PREC).outcome == (WITHIN if ok else VIOLATED)


def test_noise_tail_control_fails_where_computed():
    # the polar-integral oracle: P(‖E‖ ≥ 2√2σ) ≈ 0.064 at t = 0, above the control's 2/50 (and below the lemma's 2)
    assert mpmath.mpf(2) / 50 < tail_oracle("0") < 2
    assert evaluate(get_claim("retain.lemE.4:noise-tail-control-fiftyfold"), {"d": 2, "t": 0}, MAX_PREC).outcome == VIOLATED


# ---------------------------------------------------------------------------------------------- growth (thorough)
def test_pca_m_points_family_grows_inside_the_hypotheses():
    import numpy as np

    from certunlearn.claims import get_claim
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.lemE.2:m-points+fix")
    gen = claim.adversaries[0].generate
    quick = gen(np.random.default_rng(1), 40)
    assert len(quick) == 15 and quick[0]["R"] == [[1, 0], [0, "99/100"]] and quick[0]["U"] == [[0, 1], [0, 1]]
    grown = gen(np.random.default_rng(1), 100_000)
    assert grown[:15] == quick and len(grown) == 65
    drawn = grown[15:]
    assert {v["m"] for v in drawn} >= {1, 4} and {len(v["R"][0]) for v in drawn} == {2, 3}
    for inst in drawn:
        assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), inst
