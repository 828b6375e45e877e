"""Descent-to-Delete reference algorithms (Algorithms 1–7 of papers/002_7f80bf4846a5a6af.txt)."""
import itertools
import math

import mpmath
import numpy as np
import pytest
import sympy
from flint import arb

from certunlearn.algorithms.d2d import descent as d2d
from certunlearn.algorithms.d2d import (
    Problem, PerturbedDistributedGD, PerturbedGD, Update, apply_update, bootstrap_law, learn, multiset_update,
    power_schedule, projected_gd, publish, reservoir_choices, reservoir_law, reservoir_outcomes, reservoir_step,
    sample_laws, theorem_parameters, unlearn,
)
from certunlearn.claims import Adversary, Claim, Kind
from certunlearn.errors import AssumptionViolatedError, InvalidParameterError
from certunlearn.numeric import linalg as la
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction as F
from certunlearn.numeric.precision import workdps, workprec
from certunlearn.numeric.sympy_arb import arb_eval
from certunlearn.problems import Ball, Box, Linear, LogisticL2, Quadratic, Ridge, Whole, make_dataset, minimize


def frac(rows):
    return np.asarray([[F(v) for v in r] for r in rows], dtype=object)


def fvec(*vals):
    return np.asarray([F(v) for v in vals], dtype=object)


A2 = ((2, 1), (1, 3))  # eigenvalues (5 ± √5)/2: γ = √5/5, so γ² = 1/5 and η = 2/(M + m) = 2/5 are rational


# --------------------------------------------------------------------------- Algorithm 1: projected GD
def test_one_step_by_hand_box_exact():
    # x̄ = (1/4, 1/4); ∇f(θ0) = A(θ0 − x̄) = A(−5/4, 3/4) = (−7/4, 1); θ0 − 1·∇f = (3/4, 0); clip to hi = 1/2
    pb = Problem(Quadratic(A2, 1), Box((-1, -1), (F(1, 2), 1)))
    X = frac([["1/2", 0], [0, "1/2"]])
    theta = learn(pb, X, T=1, eta=1, theta0=fvec(-1, 1))
    assert la.mode_of(theta) == "fraction"
    assert list(theta) == [F(1, 2), F(0)]


def test_one_step_by_hand_ball_exact():
    # from θ0 = 0: ∇f = A(−1/4, −1/4) = (−3/4, −1); step to (3/4, 1), norm 5/4, projected to (3/5, 4/5)
    pb = Problem(Quadratic(A2, 1), Ball(1))
    theta = learn(pb, frac([["1/2", 0], [0, "1/2"]]), T=1, eta=1)
    assert la.mode_of(theta) == "fraction"
    assert list(theta) == [F(3, 5), F(4, 5)]


def test_regularised_step_by_hand_and_claim_3_3_constants():
    # Linear loss f_z(θ) = ⟨x, θ⟩ (convex, not strongly convex); g = f + (1/2)/2‖θ‖² (eq. (5))
    pb = Problem(Linear(1), Ball(1), reg=F(1, 2))
    theta = learn(pb, frac([["1/2", 0], [0, "1/2"]]), T=1, eta=1, theta0=fvec("1/2", 0))
    assert list(theta) == [F(0), F(-1, 4)]  # θ0 − (x̄ + θ0/2) = (1/2, 0) − (1/2, 1/4)
    c = pb.constants()  # Claim 3.3: (L + mD, M + m, m) with L = 1, M = 0, D = 2
    assert (c["L"], c["M"], c["m"]) == (2, sympy.Rational(1, 2), sympy.Rational(1, 2))


def test_contraction_attained_on_eigendirection_exactly():
    # Theorem 2.13 with A = diag(1, 3): m = 1, M = 3, η = 1/2, γ = 1/2; starting on the λ_min eigenvector the
    # contraction is exactly γ per step.
    loss, dom = Quadratic(((1, 0), (0, 3)), 1), Whole()
    X = frac([["1/3", "-1/5"], ["-1/7", "2/9"], [0, "1/2"]])
    star = minimize(loss, dom, X).theta
    theta0 = star + fvec(1, 0)
    for T in range(6):
        th = projected_gd(Problem(loss, dom), X, None, theta0, eta=F(1, 2), T=T)
        assert la.sqnorm(th - star) == F(1, 4) ** T * la.sqnorm(theta0 - star)


def test_contraction_rate_of_theorem_2_13_on_a_box_exactly():
    loss, dom = Quadratic(A2, 1), Box((F(-1, 10), -1), (1, 1))
    X = frac([["-1/2", "1/3"], ["-3/5", "-1/4"], ["-1/3", "1/2"]])
    mz = minimize(loss, dom, X)
    assert mz.exact
    star = la.to_mode(mz.theta, "fraction")
    assert star[0] == F(-1, 10)  # the constraint is active
    theta0 = fvec(1, -1)
    pb = Problem(loss, dom)
    th = theta0
    for T in range(1, 7):
        th = projected_gd(pb, X, None, th, eta=F(2, 5), T=1)
        assert la.mode_of(th) == "fraction"
        # ‖θ_T − θ*‖² ≤ γ^{2T}‖θ0 − θ*‖² with γ² = ((M − m)/(M + m))² = 1/5, decided exactly
        assert la.sqnorm(th - star) <= F(1, 5) ** T * la.sqnorm(theta0 - star)
    assert la.sqnorm(th - star) > 0


def test_contraction_rate_logistic_on_ball_mpmath():
    loss, dom = LogisticL2(F(1, 2), 1), Ball(F(1, 2))
    ds = make_dataset(loss, 4, 5, 2)
    with workdps(50):
        X, y = la.asarray(ds.X, "mpmath"), la.asarray(ds.y, "mpmath")
        mz = minimize(loss, dom, X, y, mode="mpmath")
        m, M = F(1, 2), loss.risk_smoothness_bound(ds.X, ds.y)
        gamma = la.asarray((M - m) / (M + m), "mpmath")[()]
        theta0 = dom.extreme_point([-1.0, 0.3])
        r = mpmath.mpf(mz.radius)
        d0 = la.norm(la.asarray(theta0, "mpmath") - mz.theta)
        th = projected_gd(Problem(loss, dom), X, y, theta0, eta=F(2) / (M + m), T=8)
        assert la.mode_of(th) == "mpmath"
        assert la.norm(th - mz.theta) + r <= gamma**8 * (d0 - r)


# --------------------------------------------------------------------------- updates, multisets, variants
def test_multiset_deletes_one_copy_and_refuses_non_members():
    pb = Problem(Quadratic(A2, 1), Ball(1))
    X = frac([["1/2", 0], ["1/2", 0], [0, "1/3"]])
    X1, _ = apply_update(pb, X, None, Update.delete(fvec("1/2", 0)))
    assert X1.shape[0] == 2 and sum(1 for r in X1 if list(r) == [F(1, 2), 0]) == 1
    X2, _ = apply_update(pb, X1, None, Update.delete([0.5, 0.0]))  # floats are compared by exact value
    assert [list(r) for r in X2] == [[0, F(1, 3)]]
    with pytest.raises(InvalidParameterError) as e:
        apply_update(pb, X2, None, Update.delete(fvec("1/2", 0)))
    assert e.value.parameter == "update"
    with pytest.raises(InvalidParameterError) as e:
        apply_update(pb, X2, None, Update.delete(fvec(0, "1/3")))  # would empty the dataset
    assert e.value.parameter == "update"
    X3, _ = apply_update(pb, X2, None, Update.add(fvec(0, "1/3")))
    assert [list(r) for r in X3] == [[0, F(1, 3)], [0, F(1, 3)]]


def _ridge_setup():
    loss = Ridge(F(1, 10), 1, 1)
    ds = make_dataset(loss, 7, 6, 2)
    pb = Problem(loss, Ball(F(1, 5)))
    new = np.array([0.25, -0.5])
    ups = [Update.add(new, 0.75), Update.delete(ds.X[0], ds.y[0]), Update.add(ds.X[1], ds.y[1]),
           Update.delete(ds.X[1], ds.y[1]), Update.add(new, 0.75), Update.delete(new, 0.75)]
    return pb, ds, ups


@pytest.mark.parametrize("perfect", [False, True])
def test_float_and_mpmath_modes_agree(perfect):
    pb, ds, ups = _ridge_setup()
    eta = F(2) / (F(1) + F(2, 10) + F(1, 10))  # 2/(M + m) with M ≤ R² + λ, m = λ
    alg = PerturbedGD(pb, eta=eta, T=25, T_update=4, sigma=F(1, 20), perfect=perfect)
    rf = alg.run(ds.X, ds.y, ups, np.random.default_rng(3))
    with workdps(50):
        Xm, ym = la.asarray(ds.X, "mpmath"), la.asarray(ds.y, "mpmath")
    rm = alg.run(Xm, ym, ups, np.random.default_rng(3))
    sizes = [6, 7, 6, 7, 6, 7, 6]
    for a, b, n in zip(rf, rm, sizes):
        assert la.mode_of(b.law.mean) == "mpmath" and a.law.mean.dtype == np.float64
        assert a.state.n == b.state.n == n
        assert np.max(np.abs(a.law.mean - np.asarray(b.law.mean, dtype=float))) < 1e-10
        if perfect:
            assert np.max(np.abs(a.published - np.asarray(b.published, dtype=float))) < 1e-10
    # the projection was active: the iterates sit on the sphere of radius 1/5
    assert abs(np.linalg.norm(rf[-1].law.mean) - 0.2) < 1e-12


@pytest.mark.parametrize("perfect", [False, True])
def test_state_kept_between_updates(perfect):
    pb = Problem(Quadratic(A2, 1), Box((-1, -1), (1, 1)))
    X = frac([["1/2", 0], [0, "1/2"], ["1/2", 0]])
    alg = PerturbedGD(pb, eta=F(2, 5), T=4, T_update=2, sigma=F(1, 10), perfect=perfect)
    ups = [Update.delete(fvec("1/2", 0)), Update.add(fvec("-1/2", "1/4")), Update.delete(fvec("1/2", 0))]
    rs = alg.run(X, None, ups, np.random.default_rng(9))
    assert [r.seed for r in rs] == [9] * 4 and all(r.rng_state is not None for r in rs)
    for prev, nxt, u in zip(rs, rs[1:], ups):
        kept = prev.published if perfect else prev.law.mean
        assert list(prev.state.model) == list(kept)  # perfect: the published θ̃ only; secret: θ̂
        # replaying Algorithm 2 from the kept model alone reproduces the next round exactly
        _, _, theta = unlearn(pb, prev.state.X, prev.state.y, u, kept, T_i=2, eta=F(2, 5))
        assert list(theta) == list(nxt.law.mean)
        assert nxt.certificate.parameters["round"] == prev.state.round + 1
    base = alg.retrain(rs[-1], rng=np.random.default_rng(4))
    assert base.state.round == 3 and list(base.law.mean) == list(learn(pb, rs[-1].state.X, T=4, eta=F(2, 5)))
    assert list(base.state.model) == list(base.published if perfect else base.law.mean)
    if perfect:
        assert not np.array_equal(rs[1].state.model, rs[1].law.mean)
        assert alg.retrain(rs[-1]).state is None  # a baseline law; the perfect state would need the draw
        with pytest.raises(InvalidParameterError) as e:
            alg.learn(X)
        assert e.value.parameter == "rng"


def test_retrain_runs_algorithm_1_on_current_dataset_with_T_of_n():
    pb = Problem(Quadratic(A2, 1), Box((-1, -1), (1, 1)))
    X = frac([["1/2", 0], [0, "1/2"]])
    alg = PerturbedGD(pb, eta=F(2, 5), T=lambda n: n + 1, T_update=1, sigma=F(1, 10))
    rs = alg.run(X, None, [Update.add(fvec("-1/2", "1/4"))])
    assert rs[0].certificate.parameters["T"] == 3
    base = alg.retrain(rs[-1])
    assert base.certificate.parameters["T"] == 4  # n_1 = 3
    assert list(base.law.mean) == list(learn(pb, rs[-1].state.X, T=4, eta=F(2, 5)))
    assert base.law.sigma == F(1, 10) and rs[-1].law.sigma == F(1, 10)


def test_power_schedule_is_exact():
    assert [power_schedule(3)(i) for i in (1, 2, 3, 4)] == [3, 12, 27, 48]  # Theorem 3.5: i²·I
    s = power_schedule(2, F(3, 4))  # Remark 3.6: ⌈i^{3/2}·2⌉ = smallest k with k² ≥ 4i³
    for i in range(1, 30):
        k = s(i)
        assert k * k >= 4 * i**3 > (k - 1) ** 2


def test_errors_name_parameter_or_assumption():
    pb = Problem(Quadratic(A2, 1), Ball(1))
    X = frac([["1/2", 0], [0, "1/2"]])
    with pytest.raises(InvalidParameterError) as e:
        PerturbedGD(pb, eta=F(2, 5), T=3, T_update=1, sigma=0)
    assert e.value.parameter == "sigma"
    with pytest.raises(InvalidParameterError) as e:
        publish(fvec(0, 0), -1)
    assert e.value.parameter == "sigma"
    with pytest.raises(InvalidParameterError) as e:
        learn(pb, X, T=-1, eta=F(1, 2))
    assert e.value.parameter == "T"
    with pytest.raises(InvalidParameterError) as e:
        learn(pb, X, T=1, eta=0)
    assert e.value.parameter == "eta"
    with pytest.raises(InvalidParameterError) as e:
        learn(pb, X, T=1, eta=1, theta0=fvec(1, 1))
    assert e.value.parameter == "theta0"
    with pytest.raises(AssumptionViolatedError) as e:  # ‖x‖ = 5/4 > R = 1
        learn(pb, frac([["3/4", 1], [0, 0]]), T=1, eta=1)
    assert e.value.assumption == "‖x‖ ≤ R"
    alg = PerturbedGD(pb, eta=F(2, 5), T=2, T_update=lambda i: -1, sigma=1)
    r0 = alg.learn(X)
    with pytest.raises(AssumptionViolatedError) as e:
        alg.update(r0, Update.add(fvec(1, "1/100")))
    assert e.value.assumption == "‖x‖ ≤ R"
    with pytest.raises(InvalidParameterError) as e:
        alg.update(r0, Update.delete(fvec(0, "1/3")))
    assert e.value.parameter == "update"
    with pytest.raises(InvalidParameterError) as e:
        alg.update(r0, Update.add(fvec(0, 0)))
    assert e.value.parameter == "T_update"
    with pytest.raises(InvalidParameterError) as e:
        Update("remove", [0, 0])
    assert e.value.parameter == "update"


# --------------------------------------------------------------------------- Algorithm 5 and Lemma 4.2
def test_reservoir_outcomes_sum_to_one_and_replay_choices():
    S, D1 = ("a", "b", "a"), ("a", "b", "c")
    for kind, z, Di, variant in [("add", "c", D1, "printed"), ("delete", "a", ("a", "b"), "printed"),
                                 ("delete", "a", ("a", "b"), "by-copy")]:
        outs = list(reservoir_outcomes(S, kind, z, Di, variant=variant))
        assert sum(w for _, w, _ in outs) == 1
        for ch, _, s in outs:
            assert reservoir_step(S, kind, z, Di, ch, variant=variant) == s
        g = np.random.default_rng(1)
        law = reservoir_law(S, kind, z, Di, variant=variant)
        for _ in range(20):
            ch = reservoir_choices(g, S, kind, z, Di, variant=variant)
            assert law[reservoir_step(S, kind, z, Di, ch, variant=variant)] > 0
    with pytest.raises(InvalidParameterError) as e:
        reservoir_step(S, "delete", "a", ("a", "b"), ((0, 1),))  # position 2 also holds "a"
    assert e.value.parameter == "choices"


@pytest.mark.parametrize("variant", ["printed", "by-copy"])
def test_lemma_4_2_holds_for_distinct_values(variant):
    D0 = (1, 2)
    ups = [("add", 3), ("add", 4), ("delete", 1), ("delete", 3), ("add", 5), ("delete", 4)]
    laws = sample_laws(D0, ups, 3, variant=variant)
    D = D0
    assert laws[0] == bootstrap_law(D, 3)
    for (kind, z), law in zip(ups, laws[1:]):
        D = multiset_update(D, kind, z)
        assert law == bootstrap_law(D, 3)


def test_lemma_4_2_additions_of_repeated_values_hold():
    ups = [("add", "a"), ("add", "b"), ("add", "a")]
    laws = sample_laws(("a", "b"), ups, 3)
    D = ("a", "b")
    for (kind, z), law in zip(ups, laws[1:]):
        D = multiset_update(D, kind, z)
        assert law == bootstrap_law(D, 3)


def _printed_deletion_law(D_prev, z, B):
    """The law the printed deletion branch gives when S_{i−1} ~ P^B(D_{i−1}): i.i.d. positions with
    π(v) = cnt_i(v)(n_i + c)/(n_{i−1} n_i) for v ≠ z and π(z) = c(c − 1)/(n_{i−1} n_i), c = copies of z."""
    D = multiset_update(D_prev, "delete", z)
    n0, n1, c = len(D_prev), len(D), D_prev.count(z)
    pi = {v: F(D.count(v) * (n1 + c), n0 * n1) for v in set(D) if v != z}
    pi[z] = F(c * (c - 1), n0 * n1)
    law = {}
    for s in itertools.product(sorted(pi), repeat=B):
        w = math.prod((pi[v] for v in s), start=F(1))
        if w:
            law[s] = w
    return law


@pytest.mark.parametrize("D_prev,z,B", [(("a", "a", "b"), "a", 2), (("a", "a", "a", "b", "c"), "a", 3),
                                        (("a", "b", "b", "c"), "b", 2)])
def test_lemma_4_2_fails_for_printed_deletion_of_a_repeated_value(D_prev, z, B):
    """Finding: Algorithm 5 as printed resamples every slot holding the deleted value; with c ≥ 2 copies of
    it in D_{i−1} the sample is no longer P^B(D_i). The exact law is asserted, and the 'by-copy' variant
    (resample only the slots of the deleted copy, probability 1/c) restores Lemma 4.2."""
    D = multiset_update(D_prev, "delete", z)
    printed = sample_laws(D_prev, [("delete", z)], B)[1]
    assert printed == _printed_deletion_law(D_prev, z, B)
    assert printed != bootstrap_law(D, B)
    assert sample_laws(D_prev, [("delete", z)], B, variant="by-copy")[1] == bootstrap_law(D, B)


def test_lemma_4_2_single_copy_deletion_holds_even_with_other_repeats():
    laws = sample_laws(("a", "b", "b"), [("delete", "a")], 3)
    assert laws[1] == bootstrap_law(("b", "b"), 3)


# --------------------------------------------------------------------------- Algorithms 4, 6, 7
def test_distributed_descent_structure():
    loss = Ridge(F(1, 10), 1, 1)
    ds = make_dataset(loss, 3, 8, 2)
    pb = Problem(loss, Ball(2))
    with pytest.raises(InvalidParameterError) as e:
        PerturbedDistributedGD(pb, B=9, K=2, C=2, eta=F(1, 2), T=5, T_update=2, sigma=0.1)
    assert e.value.parameter == "K"
    alg = PerturbedDistributedGD(pb, B=8, K=2, C=3, eta=F(1, 2), T=15, T_update=3, sigma=0.1)
    ups = [Update.delete(ds.X[0], ds.y[0]), Update.add(ds.X[1], ds.y[1]), Update.add([0.5, 0.5], -0.25)]
    rs = alg.run(ds.X, ds.y, ups, np.random.default_rng(0))
    rs2 = alg.run(ds.X, ds.y, ups, np.random.default_rng(0))
    assert all(np.array_equal(a.law.mean, b.law.mean) for a, b in zip(rs, rs2))
    assert rs[0].seed == 0
    for r in rs:
        st = r.state
        risks = [pb.risk(c.average(), st.X, st.y) for c in st.copies]
        assert st.best == int(np.argmin(risks))
        assert np.array_equal(r.law.mean, st.copies[st.best].average())
        keys = set(d2d._keys(st.X, st.y))
        for c in st.copies:
            assert set(c.keys) <= keys  # every sampled point is in D_i
            assert sorted(np.concatenate(c.parts).tolist()) == list(range(8))
    deleted = d2d.point_key(ds.X[0], ds.y[0])
    assert all(deleted not in c.keys for c in rs[1].state.copies)
    for prev, r in zip(rs, rs[1:]):
        for l, (c0, c1) in enumerate(zip(prev.state.copies, r.state.copies)):
            ind = r.state.touched[l]
            assert all(np.array_equal(a, b) for a, b in zip(c0.parts, c1.parts))
            for j in range(2):
                changed = sorted(c0.keys[p] for p in c0.parts[j]) != sorted(c1.keys[p] for p in c1.parts[j])
                assert (j in ind) == changed
                if j not in ind:
                    assert c1.models[j] is c0.models[j]
            expect = math.ceil(F(2 * 8 * 3, 8 * len(ind))) if ind else 0  # K·n·T_i/(B·|ind|), n = |D_0| = 8
            assert r.state.iterations[l] == expect
            assert r.state.modified[l] == sum(1 for a, b in zip(c0.keys, c1.keys) if a != b)
    # the printed deletion replaces every position that held the deleted point
    assert [m for m in rs[1].state.modified] == [c.keys.count(deleted) for c in rs[0].state.copies]


def test_distributed_float_and_mpmath_agree():
    loss = Ridge(F(1, 10), 1, 1)
    ds = make_dataset(loss, 5, 4, 2)
    pb = Problem(loss, Ball(1))
    alg = PerturbedDistributedGD(pb, B=4, K=2, C=2, eta=F(1, 2), T=6, T_update=2, sigma=0.1)
    ups = [Update.add([F(1, 3), F(1, 4)], F(1, 2)), Update.delete(ds.X[2], ds.y[2])]  # Fractions: stored rounded
    rf = alg.run(ds.X, ds.y, ups, np.random.default_rng(2))
    with workdps(50):
        Xm, ym = la.asarray(ds.X, "mpmath"), la.asarray(ds.y, "mpmath")
    rm = alg.run(Xm, ym, ups, np.random.default_rng(2))
    for a, b in zip(rf, rm):
        assert a.state.best == b.state.best
        assert np.max(np.abs(a.law.mean - np.asarray(b.law.mean, dtype=float))) < 1e-10


# --------------------------------------------------------------------------- theorem parameters
L_, M_, m_, n_, D_, I_, eps_, dl_, i_, g_, d_ = sympy.symbols("L M m n D I epsilon delta i gamma d", positive=True)
SIGMA_31 = 4 * sympy.sqrt(2) * L_ * g_**I_ / (m_ * n_ * (1 - g_**I_) * (sympy.sqrt(sympy.log(1 / dl_) + eps_)
                                                                       - sympy.sqrt(sympy.log(1 / dl_))))


def _stub(claim_id, prescribed):
    return Claim(id=claim_id, source="stub", kind=Kind.UNLEARNING, statement="stub", hypotheses=(), bound=dl_,
                 quantity=lambda v: arb(0), adversaries=(Adversary("none", generate=lambda rng, size: []),),
                 prescribed=prescribed)


STUB_31 = _stub("d2d.thm3.1", {"eta": 2 / (M_ + m_), "gamma": (M_ - m_) / (M_ + m_),
                               "T": I_ + sympy.log(D_ * m_ * n_ / (2 * L_)) / sympy.log(1 / g_), "T_i": I_,
                               "sigma": SIGMA_31})
CONSTS = {"L": 3, "M": 4, "m": 1, "n": 10, "D": 2, "I": 5, "epsilon": 1, "delta": F(1, 1000)}


def test_theorem_parameters_round_sigma_up_and_iterations_up(monkeypatch):
    import certunlearn.algorithms.parameters

    # ids resolve through the formulas layer (certunlearn.formulas.prescription): the stub stands in for it
    monkeypatch.setattr(certunlearn.algorithms.parameters, "prescription",
                        lambda key: STUB_31 if key == "d2d.thm3.1" else None)
    p = theorem_parameters("thm3.1", **CONSTS)
    assert p["eta"] == F(2, 5) and p["gamma"] == F(3, 5) and p["T_i"] == 5
    assert p["T"] == 8  # 5 + log(10/3)/log(5/3) = 7.357…
    with workprec(256):
        exact = arb_eval(SIGMA_31, {**CONSTS, "gamma": F(3, 5)})
        assert arb(p["sigma"]) >= exact and arb(math.nextafter(p["sigma"], 0)) < exact
    assert theorem_parameters(STUB_31, **CONSTS) == p
    over = theorem_parameters(STUB_31, **CONSTS, gamma=F(1, 2))  # an explicit override is used downstream
    assert over["gamma"] == F(1, 2) and over["T"] == 5 + math.ceil(math.log(10 / 3) / math.log(2))
    with pytest.raises(InvalidParameterError) as e:
        theorem_parameters(STUB_31, **{k: v for k, v in CONSTS.items() if k != "delta"})
    assert e.value.parameter == "delta"


def test_theorem_parameters_schedules_in_i():
    stub = _stub("d2d.thm3.2", {"gamma": (M_ - m_) / (M_ + m_),
                                "T_i": I_ + sympy.log(sympy.log(4 * d_ * i_ / dl_)) / sympy.log(1 / g_)})
    p = theorem_parameters(stub, M=4, m=1, I=5, d=3, delta=F(1, 100))
    with workdps(60):
        expect = [int(mpmath.ceil(5 + mpmath.log(mpmath.log(12 * k / mpmath.mpf("0.01"))) / mpmath.log(mpmath.mpf(5) / 3)))
                  for k in (1, 2, 5, 40)]
    assert [p["T_i"](k) for k in (1, 2, 5, 40)] == expect
    sq = theorem_parameters(_stub("d2d.thm3.5", {"T_i": i_**2 * I_}), I=4)["T_i"]
    assert [sq(k) for k in (1, 2, 3)] == [4, 16, 36]


def test_from_theorem_builds_the_driver():
    alg = PerturbedGD.from_theorem(STUB_31, Problem(Quadratic(((1, 0), (0, 4)), 1), Ball(1)), **CONSTS)
    assert alg.eta == F(2, 5) and alg.T_update == 5 and not alg.perfect and alg.claim_id == "d2d.thm3.1"
    assert alg.learn_iterations(10) == 8 and alg.learn_iterations(1000) == 5 + math.ceil(
        math.log(2000 / 6) / math.log(5 / 3) - 1e-12)
    r = alg.learn(np.array([[0.5, 0.0]] * 10))
    assert r.certificate.claim_id == "d2d.thm3.1" and r.certificate.parameters["T"] == 8
    reg = _stub("d2d.thm3.4", {"m": sympy.Rational(1, 4), "eta": 2 / (M_ + 2 * m_), "T": I_, "T_i": I_,
                               "sigma": sympy.Rational(1, 3)})
    alg = PerturbedGD.from_theorem(reg, Problem(Linear(1), Ball(1)), M=1, I=2)
    assert alg.problem.reg == F(1, 4) and alg.eta == F(4, 3) and alg.sigma >= 1 / 3


def test_distributed_from_theorem():
    stub = _stub("d2d.thm4.5", {"B": n_, "K": sympy.sqrt(n_), "C": sympy.log(2 / dl_) / sympy.log(2),
                                "eta": 2 / (M_ + m_), "T": I_ + sympy.log(n_), "T_i": 2 * I_,
                                "sigma": sympy.Rational(1, 10)})
    loss = Ridge(F(1, 10), 1, 1)
    ds = make_dataset(loss, 1, 4, 2)
    alg = PerturbedDistributedGD.from_theorem(stub, Problem(loss, Ball(1)), n=4, M=2, m=F(1, 10), I=2,
                                              delta=F(1, 3))
    assert (alg.B, alg.K, alg.C, alg.T_update, alg.budget_n) == (4, 2, 3, 4, 4)  # C = ⌈log 6/log 2⌉
    r = alg.learn(ds.X, ds.y, np.random.default_rng(0))
    assert r.certificate.claim_id == "d2d.thm4.5" and r.certificate.parameters["T"] == 4  # ⌈2 + log 4⌉
    assert len(r.state.copies) == 3


def test_projected_gd_keeps_a_high_precision_start_at_the_default_caller_precision():
    from certunlearn.algorithms.d2d import projected_gd
    from certunlearn.problems import Quadratic, Whole

    with mpmath.workdps(60):
        start = np.array([mpmath.mpf(1) / 3, mpmath.mpf(2) / 7], dtype=object)
    problem = Problem(Quadratic(np.eye(2, dtype=object) * F(1), R=1), Whole(2))
    X = np.array([[F(0), F(0)]], dtype=object)
    out = projected_gd(problem, X, None, start, eta=F(1, 2), T=0)  # T = 0 returns θ'_0 itself
    with mpmath.workdps(60):
        assert abs(out[0] - mpmath.mpf(1) / 3) < mpmath.mpf(10) ** -48


@pytest.mark.parametrize("reg", [F(0), F(1, 3)])
def test_diagonal_box_fast_path_is_the_literal_loop(monkeypatch, reg):
    """projected_gd's exact diagonal-quadratic-on-a-box path (closed-form tails, clipped ends) returns the very
    Fractions of the literal loop: starts inside and outside Θ, data means inside and outside, steps with ρ in
    [0, 1) and ρ < 0, several T."""
    rng = np.random.default_rng(7)
    runs = []
    for trial in range(24):
        d = 1 + trial % 3
        a = [F(int(rng.integers(1, 9)), int(rng.integers(1, 5))) for _ in range(d)]
        prob = d2d.Problem(Quadratic(A=[[a[i] if i == j else 0 for j in range(d)] for i in range(d)], R=8),
                           Box([-1] * d, [F(3, 2)] * d), reg=reg)
        X = np.asarray([[F(int(rng.integers(-12, 13)), 4) for _ in range(d)] for _ in range(1 + trial % 4)],
                       dtype=object)
        theta0 = np.asarray([F(int(rng.integers(-12, 13)), 6) for _ in range(d)], dtype=object)  # ends of Θ too
        eta = (1 if trial % 4 else F(3, 2)) / (max(a) + reg)  # ρ ≥ 0, then some ρ < 0
        for T in (0, 1, 5, 23):
            runs.append((prob, X, theta0, eta, T, d2d.projected_gd(prob, X, None, theta0, eta=eta, T=T)))
    one = d2d.Problem(Quadratic(A=[[2]], R=8), Box([-1], [F(3, 2)]), reg=reg)
    for x, start in ((-3, F(3, 2)), (3, -1), (-3, -1), (3, F(3, 2))):  # a start on an end of Θ, the mean beyond either
        X = np.asarray([[x]], dtype=object)
        start = np.asarray([start], dtype=object)
        runs += [(one, X, start, F(1, 4), T, d2d.projected_gd(one, X, None, start, eta=F(1, 4), T=T)) for T in (1, 6)]
    monkeypatch.setattr(d2d, "diagonal_box_gd", lambda *args: None)
    for prob, X, theta0, eta, T, fast in runs:
        slow = d2d.projected_gd(prob, X, None, theta0, eta=eta, T=T)
        assert all(type(v) in RATIONAL_TYPES for v in fast)
        assert list(fast) == list(slow)


def test_exact_datasets_are_checked_once_until_changed(monkeypatch):
    """Problem.check remembers an exact (Fraction) dataset it validated by its values: the same values are not
    checked again, a changed entry is, and a point outside the radius is still refused."""
    calls = []
    original = Quadratic.check_data
    monkeypatch.setattr(Quadratic, "check_data", lambda self, X, y=None: (calls.append(1), original(self, X, y))[1])
    prob = d2d.Problem(Quadratic(A=[[1]], R=1), Box([-1], [1]))
    X = np.asarray([[F(1, 2)], [F(-1, 3)]], dtype=object)
    prob.check(X)
    prob.check(X.copy())
    assert len(calls) == 1
    X[0, 0] = F(2)
    with pytest.raises(AssumptionViolatedError):
        prob.check(X)
    assert len(calls) == 2
