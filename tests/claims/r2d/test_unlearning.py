"""Rewind-to-Delete claims, certunlearn.claims.r2d.unlearning: Theorem 3.1 (unlearning), Lemmas B.2, B.3, Corollary
3.2, Theorem B.1 — checked against independent oracles (gradient descent by hand in Fractions, mpmath at 100
digits).

No test asserts that a printed claim fails unless it computes the counterexample itself.
"""

import mpmath
import numpy as np
import pytest

from certunlearn.check.evaluate import VIOLATED, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.r2d.families import concave_expansion
from certunlearn.claims.r2d.quantities import report, true_shift, unlearning_delta
from certunlearn.claims.r2d.unlearning import divergence_b2, expansion_b3, rewind_needed
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec

from ..oracles import mp, contains
from .helpers import true_delta, sigma_31, opposed

mpmath.mp.dps = 100
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- Theorem 3.1


def test_thm31_quantity_matches_hand_computation():
    """Opposed linear losses: θ_t = −tη·ḡ, so θ_{T−K} = −η(T−K)(n−2m)R/n, θ''_K = θ_{T−K} − ηKR, θ'_T = −ηTR;
    the shift is η(T−K)·2mR/n — exactly."""
    inst = opposed()
    n, m, eta, T, K = 200, 1, Fraction(1), 12, 4
    theta_ck = -eta * (T - K) * Fraction(n - 2 * m, n)
    shift = abs((theta_ck - eta * K) - (-eta * T))
    assert shift == eta * (T - K) * Fraction(2 * m, n)
    with workprec(256):
        assert contains(true_shift(inst), shift)
        env = get_claim("r2d.thm3.1").with_prescribed(inst)
        q = unlearning_delta(env)
    expected = true_delta(mp(inst["epsilon"]), sigma_31(inst), mp(shift))
    assert contains(q, expected)
    assert expected <= mp(inst["delta"])  # holds here; the claim itself is judged by the checker


def test_negative_control_violated_with_independent_counterexample():
    inst = opposed()
    shift = mp(Fraction(8 * 2, 200))
    independent = true_delta(mp(1), sigma_31(inst, factor=mpmath.mpf(1) / 2), shift)
    assert independent > mp(inst["delta"])  # the counterexample, computed without certunlearn
    ev = evaluate(get_claim("r2d.thm3.1:control-sigma-halved"), inst, MAX_PREC)
    assert ev.outcome == VIOLATED
    assert abs(mpmath.mpf(ev.observed) / independent - 1) < mpmath.mpf(10) ** -9


def test_report_effective_epsilon():
    inst = opposed(eps=Fraction(1, 2), dlt=Fraction(1, 100))
    rep = report(inst)
    assert rep["true_delta"] <= rep["delta"]
    assert 0 < rep["effective_epsilon"] <= rep["epsilon"] * (1 + 1e-9)
    assert rep["shift"] <= rep["shift_bound"]
    assert rep["eta_L_T"] == pytest.approx(12e-6)
    # the effective ε is where the true δ meets the target δ
    d_at = true_delta(mpmath.mpf(rep["effective_epsilon"]), mpmath.mpf(rep["sigma"]), mpmath.mpf(rep["shift"]))
    assert d_at <= mpmath.mpf(rep["delta"]) * (1 + mpmath.mpf(10) ** -6)


# ---------------------------------------------------------------------------------------------- the lemmas


def test_lemB2_divergence_is_exact_on_opposed_linear_losses():
    inst = {**opposed(n=10, m=3, L=Fraction(1, 100)), "t": 7}
    with workprec(256):
        q = divergence_b2(inst)
        exact = Fraction(7) * Fraction(2 * 3, 10)  # t·η·2mR/n with η = 1
        assert contains(q, exact) and q.rad() < 1e-60
        bound = get_claim("r2d.lemB.2").bound_value(inst)
    n, m, L, t = mp(10), mp(3), mp(Fraction(1, 100)), 7
    assert contains(bound, 2 * mp(inst["G"]) * m / (L * n) * ((1 + L * n / (n - m)) ** t - 1))


def test_lemB3_expansion_attained_by_concave_quadratics():
    inst = next(i for i in concave_expansion(np.random.default_rng(0), 10**6) if i["K"] == 3)
    lam, eta = inst["lam"], inst["eta"]
    with workprec(256):
        q = expansion_b3(inst)
        exact = (1 + eta * lam) ** 3
        assert q == exact  # an exact rational: the equality with the bound is provable


def test_cor32_root_matches_mpmath():
    base = {"n": 100, "m": 5, "eta": Fraction(1, 5), "L": Fraction(1, 2), "G": Fraction(3), "T": 30,
            "epsilon": Fraction(1), "delta": Fraction(1, 10)}
    n, m, eta, L, G, T = (mp(base[k]) for k in ("n", "m", "eta", "L", "G", "T"))
    c = mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mp(base["delta"])))
    h = lambda k: ((1 + eta * L * n / (n - m)) ** (T - k) - 1) * (1 + eta * L) ** k  # noqa: E731
    base["sigma"] = Fraction(1, 7)
    v = mp(base["sigma"]) * L * n * 1 / (2 * m * G * c)
    lo, hi = mpmath.mpf(0), T  # h decreases from h(0) > v to h(T) = 0: bisection at 100 digits
    for _ in range(300):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if h(mid) > v else (lo, mid)
    root = (lo + hi) / 2
    with workprec(256):
        q = rewind_needed(base)
    assert contains(q, root) or abs(mpmath.mpf(q.mid().str(50)) - root) < mpmath.mpf(10) ** -20
    bound = mpmath.log((1 + eta * L * n / (n - m)) ** T - v) / mpmath.log(1 + eta * L * n / (n - m))
    assert root <= bound




def test_thmB1_large_epsilon_counterexample_independent():
    inst = {"epsilon": Fraction(40), "delta": Fraction(1, 10), "Delta": Fraction(1)}
    sigma = mpmath.sqrt(2 * mpmath.log(mpmath.mpf(5) / 4 / mp(inst["delta"]))) / 40
    independent = true_delta(mpmath.mpf(40), sigma, mpmath.mpf(1))
    assert independent > mpmath.mpf(1) / 10
    assert evaluate(get_claim("r2d.thmB.1"), inst, MAX_PREC).outcome == VIOLATED
    assert evaluate(get_claim("r2d.thmB.1+fix"), inst, MAX_PREC).outcome == "excluded"


def test_memoised_paths_equal_fresh_runs_in_any_order():
    """quantities.exact_path serves a shorter path as the prefix of a longer one and extends a shorter one: every
    answer equals a fresh exact run of algorithms.r2d.descent_path (concave quadratics: the iterates expand)."""
    from certunlearn.algorithms.r2d import descent_path
    from certunlearn.claims.instances import instance_key
    from certunlearn.claims.r2d.quantities import PROBLEM_NAMES, exact_path, setup_of

    inst = concave_expansion(np.random.default_rng(3), 4)[0]
    s = setup_of(inst)
    problem = instance_key(inst, PROBLEM_NAMES)
    eta_ = Fraction(inst["eta"])
    for rows, T_ in ((s.n, 3), (s.n, 7), (s.n, 5), (s.n - 1, 6), (s.n - 1, 2)):
        fresh = descent_path(s.loss, s.X[:rows], eta=eta_, T=T_, theta0=s.theta0, domain=s.domain)
        assert exact_path(problem, rows, eta_, T_) == [[Fraction(v) for v in p] for p in fresh]


def test_freeze_fast_path_is_the_recursive_freeze():
    """instances.freeze's fast path (Fractions, sequences of Fractions or of rows of Fractions: one C-level copy) gives
    the tuple the element-by-element recursion gives, also for entries it hands to the recursion (ints, floats,
    labels, mixed rows, empty sequences) — so every exact-run cache keyed by instance_key is keyed as before."""
    from certunlearn.claims.instances import frac, instance_key

    def recursive(v):  # freeze without its fast path
        if isinstance(v, (list, tuple, np.ndarray)):
            return tuple(recursive(x) for x in v)
        return v if isinstance(v, str) else frac(v)

    inst = concave_expansion(np.random.default_rng(3), 4)[0]
    assert instance_key(inst, ["X", "eta"]) == (("X", recursive(inst["X"])), ("eta", recursive(inst["eta"])))
    for v in ([], [[]], [Fraction(1), Fraction(2, 3)], [1, Fraction(2)], [[Fraction(1)], [2]],
              ((Fraction(1, 3), Fraction(-2)), [Fraction(5), Fraction(0)]), "uniform", 3, 0.5):
        key = instance_key({"x": v}, ["x"])
        assert key == (("x", recursive(v)),) and hash(key) == hash((("x", recursive(v)),))
