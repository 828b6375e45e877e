"""Algorithm 1 as printed (certunlearn.claims.olu.printed), Lemmas 1, 2 and B, against independent oracles: hand
recursions in mpmath at 100 digits and Rényi divergences by numerical quadrature (no closed form of the checked
formula). Every violation asserted here is recomputed here, and its instance is checked to satisfy the hypotheses."""

import mpmath
import numpy as np

from certunlearn.algorithms.olu import printed as P
from certunlearn.check.evaluate import EXCLUDED, VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.olu import printed as Pm
from certunlearn.claims.olu.borrowed import lemb_quantity
from certunlearn.claims.olu.families import chain_instance, lemb_instance
from certunlearn.claims.olu.unlearning import group_quantity, prop1_quantity
from certunlearn.numeric.fraction import Fraction as F

from ..oracles import contains



def near(enclosure, value, tol=mpmath.mpf(10) ** -20) -> bool:
    """The enclosure's midpoint within ``tol`` (plus its radius) of an mpmath oracle value."""
    mid = mpmath.mpf(enclosure.mid().str(60, radius=False))
    rad = mpmath.mpf(enclosure.rad().str(10, radius=False))
    return abs(mid - value) <= tol + rad

MAX_PREC = 1024


def mpf(q) -> mpmath.mpf:
    q = F(q)
    return mpmath.mpf(q.numerator) / q.denominator


def renyi_by_quadrature(a, m0, v0, m1, v1) -> mpmath.mpf:
    """D_α(N(m0, v0) ‖ N(m1, v1)) in 1-D = log ∫ p^α q^{1−α} / (α − 1), integrated numerically."""
    a, m0, v0, m1, v1 = (x if isinstance(x, mpmath.mpf) else mpf(x) for x in (a, m0, v0, m1, v1))
    pdf = lambda x, m, v: mpmath.exp(-(x - m) ** 2 / (2 * v)) / mpmath.sqrt(2 * mpmath.pi * v)
    c = (m0 + m1) / 2
    val = mpmath.quad(lambda x: pdf(x, m0, v0) ** a * pdf(x, m1, v1) ** (1 - a), [-mpmath.inf, c - 30, c, c + 30, mpmath.inf])
    return mpmath.log(val) / (a - 1)


# ---------------------------------------------------------------------------------------------- line 3's indexing
def test_printed_step_violation_recomputed_at_100_digits_inside_the_hypotheses():
    """Quadratic f_t = ½(z − x_t)², x_t = (−1)^{t−1}, η = 1/3 (β = 2, μ = 1), γ = 1 − ημ = 2/3, τ = 5, u = 2, ω = 20:
    with line 3's step f_2 enters z_3, so by τ = 5 the shift is γ²·ηL, while σ_1 is calibrated on γ³·ηL."""
    inst = next(i for i in Pm.printed_instances(np.random.default_rng(0), 100)
                if i["family"] == 1 and i["tau"] == [5] and i["u"] == [2] and i["omega"] == 20 and i["beta"] == 2)
    claim = get_claim("olu.alg1:printed-step")
    with mpmath.workdps(100):
        eta = mpf(inst["eta"])
        x = [mpf(r[0]) for r in inst["X"]]
        z, zr = mpmath.mpf(0), mpmath.mpf(0)
        for t in range(2, 6):  # z_t from z_{t−1} with f_{t−1}; the reference skips f_2 (at t = 3)
            z = z - eta * (z - x[t - 2])
            zr = zr if t - 1 == 2 else zr - eta * (zr - x[t - 2])
        g, L_, om, eps, al = (mpf(inst[k]) for k in ("gamma", "L", "omega", "epsilon", "alpha"))
        s2 = om * (g ** 3 * eta * L_) ** 2 / (2 * (om - 1) * eps)
        D = renyi_by_quadrature(al, z, s2, zr, s2)
        assert abs(D - al * eps * (om - 1) / om / g**2) < mpmath.mpf(10) ** -25  # = αε(ω−1)/(ωγ²)
        assert D > al * eps  # 2·0.95·9/4 = 4.275 > 2
    # inside the printed hypotheses: C2 exact (γ = 1 − ημ is the step's contraction), C3 tight at the deleted step
    assert evaluate(claim, inst, MAX_PREC).outcome == VIOLATED
    assert Pm._printed_c3(inst) and Pm.contraction(inst) == inst["gamma"]
    assert evaluate(get_claim("olu.alg1:printed-step+fix"), inst, MAX_PREC).outcome == WITHIN


def test_deletion_at_the_round_it_arrived_makes_the_output_sequences_singular():
    """Linear stream, u = τ = 3 < T: the printed algorithm steps on f_3 at t = 4, after the noise; the reference does
    not. On the same noise, z_4 − z_3 = −ηx_3 ≠ 0 for the algorithm and 0 for the reference, on every draw: the joint
    laws of (z_3, z_4) are mutually singular, D_α = +∞ for every α."""
    inst = next(i for i in Pm.printed_instances(np.random.default_rng(0), 100)
                if i["family"] == 0 and i["tau"] == [3] and i["u"] == [3] and i["omega"] == 20)
    losses = P.Losses(P.LINEAR, tuple(tuple(F(x) for x in r) for r in inst["X"]))
    etas = [F(inst["eta"])] * losses.T
    for seed in range(5):
        rng = np.random.default_rng(seed)
        xi = [F(float(v)) for v in rng.standard_normal(2)]
        olu = P.run(losses, None, [F(0), F(0)], etas, [3], [3], [F(1)], lambda i, d: xi, index="printed")
        ref = P.run(losses, None, [F(0), F(0)], etas, [3], [3], [F(1)], lambda i, d: xi, reference=1, index="printed")
        assert [a - b for a, b in zip(olu[4], olu[3])] == [-F(1, 2), F(0)]
        assert ref[4] == ref[3]
    claim = get_claim("olu.alg1:printed-step")
    result = evaluate(claim, inst, MAX_PREC)
    assert result.outcome == VIOLATED
    assert not Pm.printed_quantity(False)(inst).is_finite()


def test_deletion_times_at_the_boundaries_the_hypotheses_allow():
    """τ = u = 1 and τ = u = T in every family: inside the hypotheses and decided. With line 3's indexing, τ = u = 1 < T
    makes the sequences singular (f_1 first used at t = 2, after the noise), and τ = u = T deletes a function never used
    (D_α = 0); with eq. (2)'s indexing the first release at τ = u = 1 is N(z_1 − η∇f_1(z_1), σ_1²) against
    N(z_1, σ_1²)."""
    rng = np.random.default_rng(0)
    projected = get_claim("olu.alg1:projected")
    for gen in (Pm.huber_box_instances, Pm.logistic_ball_instances, Pm.linear_box_instances):
        insts = gen(rng, 1000)
        T_ = len(insts[0]["X"])
        for edge in (1, T_):
            found = [i for i in insts if i["tau"] == [edge] and i["u"] == [edge]]
            assert found, (gen.__name__, edge)
            assert all(evaluate(projected, i, MAX_PREC).outcome == WITHIN for i in found)
    huber = next(i for i in Pm.huber_box_instances(rng, 1000) if i["tau"] == [1] and len(i["z1"]) == 1)
    assert Pm.release_means(huber) == ([F(1, 5)], [F(0)])  # one saturated step of ηδ towards the target
    printed, fixed = get_claim("olu.alg1:printed-step"), get_claim("olu.alg1:printed-step+fix")
    insts = Pm.printed_instances(rng, 1000)
    first = [i for i in insts if i["tau"] == [1] and i["u"] == [1]]
    last = [i for i in insts if i["tau"] == [5] and i["u"] == [5]]
    assert first and last
    for i in first:
        assert not Pm.printed_quantity(False)(i).is_finite()
        assert evaluate(printed, i, MAX_PREC).outcome == VIOLATED and evaluate(fixed, i, MAX_PREC).outcome == WITHIN
    for i in last:
        for fix in (False, True):
            q = Pm.printed_quantity(fix)(i)
            assert q.contains(0) and q.rad() < 1e-12  # 0, up to the enclosure's radius
        assert evaluate(printed, i, MAX_PREC).outcome == WITHIN


# ---------------------------------------------------------------------------------------------- projection, then noise
def test_projected_release_huber_box_exact_against_quadrature():
    inst = next(i for i in Pm.huber_box_instances(np.random.default_rng(0), 100)
                if len(i["z1"]) == 1 and i["tau"] == [4] and i["u"] == [4] and i["omega"] == 20)
    # saturated Huber steps of ηδ = 1/5 towards 5 inside [−1, 1]: m = 4/5, the reference skips the 4th: m' = 3/5
    m, m2 = Pm.release_means(inst)
    assert (m, m2) == ([F(4, 5)], [F(3, 5)])
    q = Pm.projected_quantity()(inst)
    s2 = Pm.sigma2_first(inst)
    assert s2 == F(20) * (F(1, 5)) ** 2 / (2 * 19)
    with mpmath.workdps(40):
        D = renyi_by_quadrature(inst["alpha"], mpf(m[0]), mpf(s2), mpf(m2[0]), mpf(s2))
        assert abs(mpf(q) - D) < mpmath.mpf(10) ** -25
    assert q == F(2) * F(19, 20)  # αε(ω−1)/ω: the saturated step attains Δ = ηL
    assert evaluate(get_claim("olu.alg1:projected-control-sigma-tenth-less"), inst, MAX_PREC).outcome == VIOLATED


def test_projected_release_logistic_ball_against_an_mpmath_recursion():
    inst = next(i for i in Pm.logistic_ball_instances(np.random.default_rng(0), 100)
                if i["radius"] == F(1, 2) and i["eta"] == 8 and i["tau"] == [4] and i["u"] == [2] and i["omega"] == 3)
    with mpmath.workdps(100):
        x = [mpf(F(3, 5)), mpf(F(4, 5))]

        def run(skip):
            z = [mpmath.mpf(0), mpmath.mpf(0)]
            for t in range(1, 5):
                if t == skip:
                    continue
                y = inst["y"][t - 1]
                s = 1 / (1 + mpmath.exp(y * (x[0] * z[0] + x[1] * z[1])))
                w = [zk + 8 * y * xk * s for zk, xk in zip(z, x)]
                n = mpmath.sqrt(w[0] ** 2 + w[1] ** 2)
                z = w if n <= mpmath.mpf(1) / 2 else [wk / (2 * n) for wk in w]
            return z

        m, m2 = run(None), run(2)
        s2 = mpf(Pm.sigma2_first(inst))
        D = 2 * ((m[0] - m2[0]) ** 2 + (m[1] - m2[1]) ** 2) / (2 * s2)  # a sum of two 1-D divergences, α = 2
        D1 = renyi_by_quadrature(mpmath.mpf(2), m[0], s2, m2[0], s2) + renyi_by_quadrature(mpmath.mpf(2), m[1], s2, m2[1], s2)
        assert abs(D - D1) < mpmath.mpf(10) ** -20
    with mpmath.workdps(100):
        assert near(Pm.projected_quantity()(inst), D1)


def test_projected_hypotheses_bite():
    claim = get_claim("olu.alg1:projected")
    inst = Pm.huber_box_instances(np.random.default_rng(0), 1)[0]
    assert evaluate(claim, {**inst, "eta": F(3)}, MAX_PREC).outcome == EXCLUDED  # η > 2/β
    assert evaluate(claim, {**inst, "L": F(1, 2)}, MAX_PREC).outcome == EXCLUDED  # δ√d > L
    assert evaluate(claim, {**inst, "z1": [F(7)] * len(inst["z1"])}, MAX_PREC).outcome == EXCLUDED  # z_1 ∉ K


# ---------------------------------------------------------------------------------------------- Lemmas 1, 2, B
def test_group_privacy_quantity_by_brute_force_over_every_pair():
    chain = [F(1, 3), F(1, 10), F(3, 4)]  # the farthest pair (P_1, P_2) does not involve P_0
    inst = chain_instance(0, chain, 4)  # Bernoulli chain, k = 2, α = 4
    with mpmath.workdps(100):
        a = mpmath.mpf(2)  # α/k
        best = max(mpmath.log(mpf(p) ** a * mpf(q) ** (1 - a) + (1 - mpf(p)) ** a * (1 - mpf(q)) ** (1 - a)) / (a - 1)
                   for p in chain for q in chain if p != q)
    with mpmath.workdps(100):
        assert near(group_quantity(inst), best, mpmath.mpf(10) ** -40)
    assert group_quantity(inst) > prop1_quantity(inst)  # every pair, not only (P_i, P_0)
    assert evaluate(get_claim("olu.lem2"), inst, MAX_PREC).outcome == WITHIN


def test_lemma_b_against_quadrature_and_exact_equality_for_an_invertible_map():
    inst = lemb_instance(3, [0], [1], [1], [2], [F(1, 2)], [0], [F(1, 4)])  # unequal variances, noisy map
    q = lemb_quantity()(inst)
    with mpmath.workdps(40):
        lhs = renyi_by_quadrature(3, 0, F(1, 4) + F(1, 4), F(1, 2), F(2, 4) + F(1, 4))
        rhs = renyi_by_quadrature(3, 0, 1, 1, 2)
        assert near(q, lhs - rhs) and lhs < rhs
    same = lemb_instance(2, [0, 0], [1, 2], [1, -2], [F(3, 2), 3], [-3, F(1, 2)], [5, 5], [0, 0])
    assert lemb_quantity()(same) == 0  # proved: both terms of the general formula are unchanged
    assert evaluate(get_claim("olu.lemB:control-tenth-less"), same, MAX_PREC).outcome == VIOLATED


# ---------------------------------------------------------------------------------------------- Theorem 6, proof's steps
def test_theorem_6_with_the_proof_steps_runs_eta_1_over_mu_t_and_excludes_means_leaving_K():
    from certunlearn.claims.olu.families import thm6_instances
    from certunlearn.claims.olu.active import alg2_laws

    insts = thm6_instances(np.random.default_rng(0), 40)  # the quick profile's family
    flat = next(i for i in insts if i["lam"] == [1] and i["tau"] == [6] and i["u"] == [6])
    steep = next(i for i in insts if len(i["lam"]) == 2)
    claim = get_claim("olu.thm6:proof-steps")
    assert evaluate(claim, flat, MAX_PREC).outcome == WITHIN
    assert evaluate(claim, steep, MAX_PREC).outcome == EXCLUDED  # η_1λ = β/μ > 1 throws the mean out of K
    # η_t = 1/(μt) with λ = μ: the first step lands on x_1, the second on the mean of x_1, x_2 (hand recursion)
    laws = alg2_laws(flat, 1, kind="sc")
    assert contains(laws[1].mean[0], F(flat["X"][0][0])) and contains(laws[2].mean[0], F(0))


# ---------------------------------------------------------------------------------------------- Table 2, computation
def test_active_computation_counts_against_mpmath_logarithms():
    from certunlearn.claims.olu.baselines import computation_instances, computation_ratio, fewest_steps

    for inst in computation_instances(np.random.default_rng(0), 100):
        I1, I2 = fewest_steps(inst)
        with mpmath.workdps(100):
            g = (mpf(inst["beta"]) - 1) / (mpf(inst["beta"]) + 1)
            lg = lambda x: mpmath.log(x) / mpmath.log(1 / g)
            k = len(inst["tau"])
            # ⌈x⌉ of a 100-digit x that may be an exact integer (log_3 3 at β/μ = 2, μDτ/L = 3): a 10⁻⁵⁰ allowance
            up = lambda x: int(mpmath.ceil(x - mpmath.mpf(10) ** -50))
            assert I2 == max(0, up(mpf(F(11, 5)) * lg(k)))
            for n, t in zip(I1, inst["tau"]):
                assert n == max(0, up(lg(mpf(inst["D"]) * mpf(t) / mpf(inst["L"]))))
            best = max((n + I2) / (mpf(F(11, 5)) * lg(k * mpf(t) / mpf(inst["L"])) + 2) for n, t in zip(I1, inst["tau"]))
            assert near(computation_ratio(inst), best, mpmath.mpf(10) ** -30)
            assert best <= 1
