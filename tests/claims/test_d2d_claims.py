"""certunlearn.claims.d2d: every claim is well formed and evaluates; quantities agree with independent oracles;
the negative control is violated at a counterexample confirmed independently (mpmath, 100 digits)."""
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from flint import arb

from certunlearn.algorithms.parameters import ceil_exact
from certunlearn.check.evaluate import ATTAINED, VIOLATED, WITHIN, evaluate
from certunlearn.check.runner import check_claim
from certunlearn.claims import all_claims, get_claim
from certunlearn.claims import d2d as C
from certunlearn.claims.model import Control, decode_instance
from certunlearn.derive import check_derivation, load_derivation
from certunlearn.numeric.precision import workprec
from certunlearn.privacy import hockey_stick

CLAIMS = all_claims("d2d")


def _mp(x) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else mpmath.mpf(x)


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_claim_is_well_formed_and_evaluates(claim):
    assert claim.source and claim.statement
    assert any(a.kind == "structured" for a in claim.adversaries)
    if claim.control is not Control.NEGATIVE:
        assert check_derivation(load_derivation(claim.derivation), claim).link == "identity"
    if claim.corrects:
        assert get_claim(claim.corrects).id == claim.corrects
    adv = next(a for a in claim.adversaries if a.kind == "structured")
    insts = adv.generate(np.random.default_rng(1), 4)
    outcomes = [evaluate(claim, inst, 256).outcome for inst in insts]
    assert any(o in (WITHIN, VIOLATED, ATTAINED) for o in outcomes), outcomes


def test_every_prescription_is_usable_by_the_algorithms():
    from certunlearn.algorithms.parameters import theorem_parameters

    env = dict(epsilon=1, delta=Fraction(1, 10**5), L=3, M=3, m=1, n=8, d=1, D=2, I=12)
    for cid in ("d2d.thm3.1", "d2d.thm3.2", "d2d.thm3.2+fix"):
        p = theorem_parameters(cid, **env)
        assert p["eta"] == Fraction(1, 2) and p["sigma"] > 0 and isinstance(p["T"], int)
    convex = {k: v for k, v in env.items() if k != "m"}
    for cid in ("d2d.thm3.4", "d2d.thm3.5", "d2d.thm3.5+fix", "d2d.rem3.6", "d2d.rem3.6+fix"):
        p = theorem_parameters(cid, **convex, xi=Fraction(5, 4))
        assert p["m"] > 0 and p["sigma"] > 0 and isinstance(p["T"], int)
        assert p["eta"] == 2 / (Fraction(3) + 2 * Fraction(p["m"]))  # η = 2/(M + 2m) at the rounded m
    p = theorem_parameters("d2d.thm4.5", **{**env, "n": 4}, xi=1, beta=1)
    assert (p["B"], p["K"], p["C"]) == (4, 2, 1) and p["T_i"](3) > p["T_i"](1)


def test_claim33_lipschitz_attained_by_hand():
    """g = (a/2)(θ − x)² + (m/2)θ² on Θ = [0, r] with x = −R: |g'(r)| = a(r + R) + mr = L + mD (L = a(r + R), D = r)."""
    a, r, R, m_ = Fraction(3), Fraction(2), Fraction(1), Fraction(1, 10)
    inst = C.claim33_instance([a], R, [0], [r], [[-R], [R]], m_)
    assert inst["L"] == a * (r + R) and inst["D"] == r
    with workprec(128):
        q = C._claim33_lipschitz(inst)
        assert q.overlaps(C.to_arb(a * (r + R) + m_ * r)) and q.rad() < 1e-30
    assert evaluate(get_claim("d2d.claim3.3"), inst, 256).outcome in (WITHIN, ATTAINED)


def test_thm35_printed_sigma_is_half_of_the_proofs():
    """The proof's Δ = 8L'√M/(m√(mI)n) and Lemma A.3 give σ = Δ/(√2·gap) = 4√2√M L'/(m√(mI)n·gap): twice the
    printed 2√(2M)L'/(m√(mI)n·gap) — mpmath at 100 digits, at a few points."""
    with mpmath.workdps(100):
        for L_, M_, m_, D_, n_, I_, eps, dl in ((1, 3, "0.5", 2, 10, 4, 1, "1e-5"), (2, 1, "0.01", 1, 100, 1, "0.1", "0.3")):
            L_, M_, m_, D_, eps, dl = (mpmath.mpf(v) for v in (L_, M_, m_, D_, eps, dl))
            Lp = L_ + m_ * D_
            gap = mpmath.sqrt(mpmath.log(1 / dl) + eps) - mpmath.sqrt(mpmath.log(1 / dl))
            Delta = 8 * Lp * mpmath.sqrt(M_) / (m_ * mpmath.sqrt(m_ * I_) * n_)
            printed = 2 * mpmath.sqrt(2 * M_) * Lp / (m_ * mpmath.sqrt(m_ * I_) * n_ * gap)
            needed = Delta / (mpmath.sqrt(2) * gap)
            assert abs(needed / printed - 2) < mpmath.mpf(10) ** -90
            assert abs(Delta**2 / (2 * needed**2) + Delta / needed * mpmath.sqrt(2 * mpmath.log(1 / dl)) - eps) < mpmath.mpf(10) ** -90


# ----------------------------------------------------------------------------------- oracles
def test_sensitivity_oracle_one_dimensional_by_hand():
    """1-d quadratic ℓ = (a/2)(θ − x)² on Θ = [−r, r]: θ*_D = clip(mean D) — by hand with Fractions."""
    X = [Fraction(1), Fraction(-1, 3), Fraction(1, 2)]
    r = Fraction(2, 5)
    inst = C.pgd_instance([3], 1, [-r], [r], [[x] for x in X], [[-1, Fraction(-1, 3)]], [0])
    clip = lambda v: min(max(v, -r), r)  # noqa: E731
    hand = abs(clip(sum(X) / 3) - clip((X[0] + X[2]) / 2))
    with workprec(128):
        q = C._sensitivity(inst)
        assert q.overlaps(arb(hand.numerator) / hand.denominator) and q.rad() < 1e-30


def test_contraction_attained_along_an_eigenvector():
    inst = {"A": [1, 9], "R": 1, "lo": [-1, -1], "hi": [1, 1], "X": [[Fraction(1, 4), 0]], "U": [],
            "theta0": [1, 0], "T": 3, "m": 1, "M": 9}
    with workprec(128):
        q = C._contraction(inst)
        assert q.overlaps(arb(4) ** 3 / arb(5) ** 3) and q.rad() < 1e-30  # γ = (9 − 1)/(9 + 1)
    ev = evaluate(get_claim("d2d.thm2.13"), inst, 512)
    assert ev.outcome == ATTAINED


def _hand_pgd(a, lo, hi, X, theta, eta, T):
    c = sum(X) / len(X)
    for _ in range(T):
        theta = min(max(theta - eta * a * (theta - c), lo), hi)
    return theta


def test_thm31_delta_oracle():
    """Recompute both published means with a hand-written 1-d projected GD (Fractions) and the true δ with the
    Balle–Wang formula in mpmath at 100 digits."""
    claim = get_claim("d2d.thm3.1")
    inst = C.pgd_instance([3], 1, [-1], [1], [[1], [1], [-1], [1]], [[-1, 1], [1, -1]], [-1],
                          epsilon=Fraction(1), delta=Fraction(1, 100), I=1)
    inst["m"], inst["M"] = Fraction(1), Fraction(3)
    vals = {k: C.frac(v) if not isinstance(v, list) else v for k, v in inst.items()}
    eta = Fraction(1, 2)
    gam = Fraction(1, 2)
    Tn = lambda nn: max(0, int(mpmath.ceil(1 + mpmath.log(vals["D"] * nn / (2 * vals["L"])) / mpmath.log(2))))  # noqa: E731
    D0 = [Fraction(1), Fraction(1), Fraction(-1), Fraction(1)]
    D1 = [Fraction(1), Fraction(-1), Fraction(1)]
    D2 = D1 + [Fraction(-1)]
    th = _hand_pgd(3, -1, 1, D0, Fraction(-1), eta, Tn(4))
    shifts = []
    for Di in (D1, D2):
        th = _hand_pgd(3, -1, 1, Di, th, eta, 1)
        mu = _hand_pgd(3, -1, 1, Di, Fraction(-1), eta, Tn(len(Di)))
        shifts.append(abs(th - mu))
    with mpmath.workdps(100):
        L, n = _mp(vals["L"]), 4
        g = _mp(gam)
        lg = mpmath.log(100)
        sig = 4 * mpmath.sqrt(2) * L * g / (n * (1 - g) * (mpmath.sqrt(lg + 1) - mpmath.sqrt(lg)))
        s = _mp(max(shifts)) / sig
        ncdf = lambda z: mpmath.erfc(-z / mpmath.sqrt(2)) / 2  # noqa: E731
        true = ncdf(s / 2 - 1 / s) - mpmath.e * ncdf(-s / 2 - 1 / s) if s > 0 else mpmath.mpf(0)
    with workprec(256):
        q = claim.quantity(claim.with_prescribed(inst))
    assert abs(float(q.mid()) - float(true)) <= 1e-12 * max(float(true), 1e-300) + float(q.rad()) + 1e-300


def test_accuracy_oracle_boundary_optimum():
    """Theorem 3.1's accuracy event at round 0 in 1-d with the optimum on the boundary, by mpmath erfc."""
    claim = get_claim("d2d.thm3.1:accuracy")
    inst = C.pgd_instance([1], 2, [-1], [1], [[2]] * 4, [], [-1], epsilon=Fraction(1), delta=Fraction(1, 10**5),
                          I=20, beta=Fraction(1, 20))
    inst["m"], inst["M"] = Fraction(1, 2), Fraction(1)
    with workprec(256):
        vals = claim.with_prescribed(inst)
        q = claim.quantity(vals)
        alpha = C.arb_eval(C.ALPHA_31, vals)
    th = _hand_pgd(1, -1, 1, [Fraction(2)] * 4, Fraction(-1), Fraction(4, 3),
                   ceil_exact(C.T_31, {k: C.frac(inst[k]) for k in ("I", "D", "m", "n", "L", "M")}))
    with mpmath.workdps(100):
        sig = mpmath.mpf(vals["sigma"].mid().str(60, radius=False))
        al = mpmath.mpf(alpha.mid().str(60, radius=False))
        rad = mpmath.sqrt(1 + 2 * al)  # |θ̃ − 2| > √((1 − 2)² + 2α/a)
        t = _mp(th)
        p = (mpmath.erfc((2 + rad - t) / (sig * mpmath.sqrt(2))) + mpmath.erfc((t - (2 - rad)) / (sig * mpmath.sqrt(2)))) / 2
    assert abs(float(q.mid()) - float(p)) < 1e-9
    assert float(p) > 0.05  # the printed accuracy bound fails here
    assert evaluate(claim, inst, 512).outcome == VIOLATED
    assert evaluate(get_claim("d2d.thm3.1:accuracy+fix"), inst, 512).outcome == WITHIN


def test_hockey_1d_agrees_with_privacy_layer():
    for q0, q1, m0, m1 in [(Fraction(2), Fraction(1), 0, 1), (Fraction(1), Fraction(3), 0, 1),
                           (Fraction(1), Fraction(1), 0, Fraction(1, 2))]:
        with workprec(128):
            h = C.hockey_1d(arb(1), C.to_arb(m0), q0, C.to_arb(m1), q1)
        assert abs(float(h.mid()) - hockey_stick(1, [m0], [[q0]], [m1], [[q1]])) < 1e-12


@pytest.mark.parametrize("dof", [1, 2, 3])
def test_noncentral_chi2_tail_against_mpmath(dof):
    lam, x = mpmath.mpf(3), mpmath.mpf(7)
    with mpmath.workdps(100):
        ref = mpmath.nsum(lambda j: mpmath.exp(-lam / 2) * (lam / 2) ** j / mpmath.factorial(j)
                          * mpmath.gammainc(dof / mpmath.mpf(2) + j, x / 2, mpmath.inf, regularized=True), [0, mpmath.inf])
    with workprec(128):
        q = C.ncx2_sf(dof, arb(3), arb(7))
    assert abs(float(q.mid()) - float(ref)) < 1e-15 and q.rad() < 1e-15


# ----------------------------------------------------------------------------------- negative control
def test_negative_control_violated_and_confirmed_independently():
    result = check_claim("d2d.lem2.12:control-bound-quartered", "quick", 0)
    assert result.verdict == "violated"
    inst = decode_instance(result.counterexample.instance if hasattr(result.counterexample, "instance")
                           else result.counterexample["instance"])
    # independent oracle: the exact minimisers of the diagonal quadratic on the box are clipped data means
    A = [Fraction(v) for v in inst["A"]]
    lo, hi = [Fraction(v) for v in inst["lo"]], [Fraction(v) for v in inst["hi"]]
    X0 = [[Fraction(v) for v in row] for row in inst["X"]]
    op, *z = inst["U"][0]
    z = [Fraction(v) for v in z]
    if op == 1:
        X1 = X0 + [z]
    else:
        X1 = list(X0)
        X1.pop(max(j for j, row in enumerate(X1) if row == z))

    def star(X):
        return [min(max(sum(r[j] for r in X) / len(X), lo[j]), hi[j]) for j in range(len(A))]

    dist2 = sum((a - b) ** 2 for a, b in zip(star(X0), star(X1)))
    with mpmath.workdps(100):
        observed = mpmath.sqrt(_mp(dist2))
        bound = _mp(Fraction(inst["L"])) / (2 * _mp(Fraction(inst["m"])) * _mp(Fraction(inst["n"])))
        assert observed > bound

