"""certunlearn.claims.d2d.distributed (Theorem 4.5): the enumeration against Monte Carlo runs of the reference
distributed algorithm; violations confirmed independently."""
import itertools
import math

import mpmath
import numpy as np
import pytest
import sympy

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d import common, distributed
from certunlearn.claims.instances import instance_key
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import RATIONAL_TYPES, Fraction
from certunlearn.numeric.precision import workprec


# ----------------------------------------------------------------------------------- Theorem 4.5
def _dist_instance(I_, eps=Fraction(1, 10), dl=Fraction(1, 100)):
    inst = common.pgd_instance([1], 1, [-1], [1], [[-1], [-1], [-1], [1]], [[-1, -1]], [-1], epsilon=eps, delta=dl, I=I_,
                          beta=1, xi=1)
    inst["m"], inst["M"] = Fraction(1), Fraction(3)
    return inst


def _enumerated(cid, inst):
    with workprec(128):
        vals = get_claim(cid).with_prescribed(inst)
    rounds, params = distributed.distributed_runs(cid, instance_key(vals, distributed.DIST_NAMES))
    return vals, rounds, params


@pytest.mark.parametrize("cid,expected_mean", [("d2d.thm4.5", Fraction(0)), ("d2d.thm4.5+fix", Fraction(-1, 3))])
def test_distributed_enumeration_against_reference_runs(cid, expected_mean):
    """The enumerated law of the published mean after deleting one of three copies of −1 from (−1, −1, −1, 1): its
    expectation is ≈ the expected sample mean, 0 under the printed reservoir (slot law (1/2, 1/2)) and −1/3 under
    the by-copy one (P(D_1)); 120 seeded runs of the reference PerturbedDistributedGD (float) agree."""
    from certunlearn.algorithms.d2d import PerturbedDistributedGD, Problem, Update
    from certunlearn.problems import Box, Quadratic

    inst = _dist_instance(2)
    _, rounds, params = _enumerated(cid, inst)
    P, Q, _ = rounds[1]
    assert sum(w for comps in P.values() for _, w in comps) == 1 and sum(w for comps in Q.values() for _, w in comps) == 1
    mean = sum(w * m[0] for comps in P.values() for m, w in comps)
    assert abs(mean - expected_mean) < Fraction(1, 100)
    consts = {k: Fraction(inst[k]) for k in ("epsilon", "delta", "L", "M", "m", "n", "d", "D", "I", "xi", "beta")}
    prob = Problem(Quadratic(A=((Fraction(1),),), R=Fraction(1)), Box((Fraction(-1),), (Fraction(1),)))
    alg = PerturbedDistributedGD.from_theorem("d2d.thm4.5", prob, theta0=[-1.0],
                                              reservoir="printed" if cid == "d2d.thm4.5" else "by-copy", **consts)
    assert (alg.B, alg.K, alg.C) == (params["B"], params["K"], 1)
    X = np.array([[-1.0], [-1.0], [-1.0], [1.0]])
    runs = [float(alg.run(X, None, [Update.delete([-1.0])], np.random.default_rng(s))[-1].law.mean[0]) for s in range(120)]
    assert abs(np.mean(runs) - float(mean)) < 4 * np.std(runs) / math.sqrt(len(runs)) + 0.01


def test_thm45_violated_independently():
    """Printed Algorithm 5 on (−1, −1, −1, 1), delete −1, B = 4: the update's sample has #ones ~ Binomial(4, 1/2),
    retraining's ~ Binomial(4, 1/3). Every published mean is within r of its sample's mean (checked on the
    enumeration), σ is tiny, so for S = (1/4, ∞): P(S) ≥ P[Bin(4, 1/2) ≥ 3]·Φ((1/2 − r − 1/4)/σ) and
    Q(S) ≤ P[Bin(4, 1/3) ≥ 3] + Φ̄((1/4 − r)/σ): the true δ at ε exceeds δ (mpmath, 100 digits)."""
    inst = _dist_instance(6)
    vals, rounds, _ = _enumerated("d2d.thm4.5", inst)
    P, Q, _ = rounds[1]
    r = Fraction(1, 100)
    assert all(abs(m[0] - sum(x[0] for x in s) / 4) <= r for s, comps in P.items() for m, _ in comps)
    assert all(abs(m[0] - sum(x[0] for x in s) / 4) <= r for s, comps in Q.items() for m, _ in comps)
    with mpmath.workdps(100):
        L, n, a = mpmath.mpf(Fraction(inst["L"]).numerator) / Fraction(inst["L"]).denominator, 4, 6 * 2  # a = I·√n
        g = mpmath.mpf(1) / 2  # γ = (3 − 1)/(3 + 1)
        lg = mpmath.log(200)
        sig = 4 * mpmath.sqrt(2) * L * g**a / (n * (1 - g**a) * (mpmath.sqrt(lg + mpmath.mpf(1) / 10) - mpmath.sqrt(lg)))
        assert abs(sig - mpmath.mpf(vals["sigma"].mid().str(40, radius=False))) < mpmath.mpf(10) ** -30
        Phi = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2  # noqa: E731
        tail = lambda p: sum(mpmath.binomial(4, k) * p**k * (1 - p) ** (4 - k) for k in (3, 4))  # noqa: E731
        rr = mpmath.mpf(1) / 100
        p_s = tail(mpmath.mpf(1) / 2) * Phi((mpmath.mpf(1) / 4 - rr) / sig)
        q_s = tail(mpmath.mpf(1) / 3) + Phi(-(mpmath.mpf(1) / 4 - rr) / sig)
        lower = p_s - mpmath.e ** (mpmath.mpf(1) / 10) * q_s
        assert lower > mpmath.mpf(1) / 100
    assert evaluate(get_claim("d2d.thm4.5"), inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.thm4.5+fix"), inst, 256).outcome == WITHIN


def test_thm45_accuracy_exact_expectation_and_theorem44():
    """E‖θ̂_avg − θ*‖² is the weighted sum over the enumerated outcomes; Theorem 4.4's quantity V against a direct sum
    over bootstrap samples (parts = consecutive pairs, θ*_part = the clipped part mean)."""
    inst = common.pgd_instance([1], 1, [-1], [1], [[-1], [0], [Fraction(1, 2)], [1]], [[-1, 1]], [-1], epsilon=Fraction(1),
                          delta=Fraction(1, 10), I=1, beta=1, xi=1)
    inst["m"], inst["M"] = Fraction(1), Fraction(3)
    V = distributed.thm44_value(instance_key(inst, distributed.DIST_NAMES))
    D1 = [Fraction(-1), Fraction(0), Fraction(1, 2)]
    star = sum(D1) / 3
    mine = sum(Fraction(1, 3**4) * (((s[0] + s[1]) / 2 + (s[2] + s[3]) / 2) / 2 - star) ** 2
               for s in itertools.product(D1, repeat=4))
    assert V == mine
    inst["V"] = V
    claim = get_claim("d2d.thm4.5:accuracy")
    with workprec(128):
        vals = claim.with_prescribed(inst)
        q = claim.quantity(vals)
    _, rounds, params = _enumerated("d2d.thm4.5:accuracy", inst)
    P = params["copy"]
    assert P == rounds[-1][0]  # C = 1: the published copy is the one copy
    exact = sum(w * (m[0] - star) ** 2 for comps in P.values() for m, w in comps)
    assert q.overlaps(to_arb(exact)) and q.rad() < 1e-15 and exact > 0


# ----------------------------------------------------------------------------------- C ≥ 2 copies, d ≥ 2
def test_best_of_is_the_law_of_the_argmin_over_iid_copies():
    """best_of against the brute-force law of l* = argmin_l risk (ties to the smallest l) over all C-tuples of i.i.d.
    copies, with tied risks between different means."""
    law = [("a", (Fraction(0),), Fraction(1, 2)), ("b", (Fraction(1),), Fraction(1, 6)),
           ("c", (Fraction(-1),), Fraction(1, 6)), ("d", (Fraction(2),), Fraction(1, 6))]
    risk = lambda mu: (mu[0] - Fraction(1, 4)) ** 2 // Fraction(1, 2)  # noqa: E731 - coarse: ties a~b, c~?
    for C in (1, 2, 3):
        brute: dict = {}
        for combo in itertools.product(law, repeat=C):
            w = math.prod(x[2] for x in combo)
            best = min(range(C), key=lambda l: (risk(combo[l][1]), l))
            brute[combo[best][0]] = brute.get(combo[best][0], Fraction(0)) + w
        mine = {smp: w for smp, _, w in distributed.best_of(law, C, risk)}
        assert mine == {k: v for k, v in brute.items()} | {k: Fraction(0) for k in "abcd" if k not in brute}
        assert sum(mine.values()) == 1


def _copies_instance(beta, U=((-1, -1, -1),)):
    inst = common.pgd_instance([1, 2], 2, [-1, -1], [1, 1], [[-1, -1], [-1, -1], [-1, -1], [1, 1]], [list(u) for u in U],
                               [-1, 1], epsilon=Fraction(1, 10), delta=Fraction(1, 100), I=1, beta=beta, xi=1)
    inst["m"], inst["M"] = Fraction(1), Fraction(3)
    return inst


def test_distributed_copies_and_dimensions_against_reference_runs():
    """d = 2, C = 2 copies (β = 1/2), by-copy reservoir: the enumerated law of the published (best-of-2) mean after
    deleting one of three copies of (−1, −1) — the expectation of its excess risk (the selection's criterion) against 300 seeded runs of the reference
    PerturbedDistributedGD (float, the same Algorithms 4–7 with their own draws); the best-of-2 law differs from one
    copy's by more than the Monte Carlo tolerance, so a selection the enumeration ignored would fail."""
    from certunlearn.algorithms.d2d import PerturbedDistributedGD, Problem, Update
    from certunlearn.problems import Box, Quadratic

    inst = _copies_instance(Fraction(1, 2))
    _, rounds, params = _enumerated("d2d.thm4.5+fix", inst)
    assert params["C"] == 2
    star = (Fraction(-1, 3), Fraction(-1, 3))  # the minimiser of f_{D_1}, D_1 = ((−1, −1), (−1, −1), (1, 1))

    def excess(mu):  # 2(f_{D_1}(μ) − f_{D_1}(θ*)) = Σ_k a_k(μ_k − θ*_k)², the selection's criterion
        return (mu[0] - star[0]) ** 2 + 2 * (mu[1] - star[1]) ** 2

    best = float(sum(w * excess(m) for comps in rounds[1][0].values() for m, w in comps))
    one = float(sum(w * excess(m) for comps in params["copy"].values() for m, w in comps))
    consts = {k: Fraction(inst[k]) for k in ("epsilon", "delta", "L", "M", "m", "n", "d", "D", "I", "xi", "beta")}
    prob = Problem(Quadratic(A=((Fraction(1), Fraction(0)), (Fraction(0), Fraction(2))), R=Fraction(2)),
                   Box((Fraction(-1), Fraction(-1)), (Fraction(1), Fraction(1))))
    alg = PerturbedDistributedGD.from_theorem("d2d.thm4.5+fix", prob, theta0=[-1.0, 1.0], reservoir="by-copy", **consts)
    assert (alg.B, alg.K, alg.C) == (params["B"], params["K"], 2)
    X = np.array([[-1.0, -1.0]] * 3 + [[1.0, 1.0]])
    runs = np.array([excess(np.asarray(alg.run(X, None, [Update.delete([-1.0, -1.0])], np.random.default_rng(s))[-1]
                                       .law.mean, dtype=float)) for s in range(300)])
    tol = 4 * runs.std() / math.sqrt(len(runs)) + 1e-3
    assert abs(runs.mean() - best) < tol
    assert one - best > tol


def test_thm45_copies_violated_independently_in_two_dimensions():
    """C = 2 copies (β = 1/2), d = 2, printed Algorithm 5: delete (−1, −1) from ((−1, −1) ×3, (1, 1)), I = 6. A copy's
    sample has k ones ~ Bin(4, 1/2) after the update, Bin(4, 1/3) on retraining; its published mean is within r of
    the sample mean (k/2 − 1)(1, 1) (checked on the enumeration), so the excess risk orders copies as |k/2 − 1 + 1/3|
    does and a copy with k ≥ 3 is published iff both copies have k ≥ 3: mass (5/16)² vs (1/9)². With S = {θ₀ > 1/4}:
    P(S) ≥ (5/16)²Φ((1/4 − r)/σ), Q(S) ≤ (1/9)² + Φ̄((1/4 − r)/σ), and P(S) − e^ε Q(S) > δ (mpmath, 100 digits)."""
    inst = _copies_instance(Fraction(1, 2))
    inst["I"] = 6
    vals, rounds, params = _enumerated("d2d.thm4.5", inst)
    assert params["C"] == 2
    P, Q, _ = rounds[1]
    r = Fraction(1, 100)
    for law in (P, Q, params["copy"]):
        for smp, comps in law.items():
            k = sum(1 for x in smp if x == (1, 1))
            assert all(abs(m[c] - (Fraction(k, 2) - 1)) <= r for m, _ in comps for c in (0, 1))
    with mpmath.workdps(100):
        L = mpmath.mpf(Fraction(inst["L"]).numerator) / Fraction(inst["L"]).denominator
        n, a, g = 4, 6 * 2, mpmath.mpf(1) / 2  # a = I·n^{(4−3ξ)/2} = 6·2, γ = (3 − 1)/(3 + 1)
        lg = mpmath.log(200)
        sig = 4 * mpmath.sqrt(2) * L * g**a / (n * (1 - g**a) * (mpmath.sqrt(lg + mpmath.mpf(1) / 10) - mpmath.sqrt(lg)))
        assert abs(sig - mpmath.mpf(vals["sigma"].mid().str(40, radius=False))) < mpmath.mpf(10) ** -30
        Phi = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2  # noqa: E731
        tail = lambda p: sum(mpmath.binomial(4, k) * p**k * (1 - p) ** (4 - k) for k in (3, 4))  # noqa: E731
        x = (mpmath.mpf(1) / 4 - mpmath.mpf(1) / 100) / sig
        p_s = tail(mpmath.mpf(1) / 2) ** 2 * Phi(x)
        q_s = tail(mpmath.mpf(1) / 3) ** 2 + Phi(-x)
        assert p_s - mpmath.e ** (mpmath.mpf(1) / 10) * q_s > mpmath.mpf(1) / 100
    assert evaluate(get_claim("d2d.thm4.5"), inst, 256).outcome == VIOLATED
    assert evaluate(get_claim("d2d.thm4.5+fix"), inst, 256).outcome == WITHIN


# ----------------------------------------------------------------------------------- Theorem 4.5's (α, β)-accuracy
def _alpha_instance():
    inst = common.pgd_instance([1], 1, [-1], [1], [[-1], [0], [Fraction(1, 2)], [1]], [[-1, 1]], [-1], epsilon=Fraction(1),
                               delta=Fraction(1, 10), I=1, beta=Fraction(1, 4), xi=1)
    inst["m"], inst["M"] = Fraction(1), Fraction(3)
    inst["V"] = distributed.thm44_value(instance_key(inst, distributed.DIST_NAMES))
    return inst


@pytest.mark.parametrize("cid", ["d2d.thm4.5:alpha", "d2d.thm4.5:alpha+fix"])
def test_thm45_alpha_probability_against_mpmath(cid):
    """C = 3 copies (β = 1/4), d = 1: the quantity against an mpmath (100 digits) sum over the enumerated published
    components of P[|μ + σZ − x̄| > √(2α/a)] (f_{D_i} = (a/2)(θ − x̄)² + const, a = 1, x̄ ∈ Θ so θ* = x̄), α the
    claim's bound expression evaluated by mpmath, max over rounds; and the claim holds on it."""
    from certunlearn.formulas.d2d import ALPHA_45, ALPHA_45_FIX

    claim = get_claim(cid)
    inst = _alpha_instance()
    vals, rounds, params = _enumerated(cid, inst)
    assert params["C"] == 3
    with workprec(128):
        q = claim.quantity(vals)
    with mpmath.workdps(100):
        num = lambda v: mpmath.mpf(v.numerator) / v.denominator if isinstance(v, RATIONAL_TYPES) else mpmath.mpf(v)  # noqa: E731
        sig = mpmath.mpf(vals["sigma"].mid().str(60, radius=False))
        env = {k: num(Fraction(inst[k])) for k in ("epsilon", "delta", "L", "M", "m", "n", "d", "D", "I", "xi", "beta", "V")}
        expr = ALPHA_45_FIX if cid.endswith("+fix") else ALPHA_45
        alpha = sympy.lambdify(sorted(expr.free_symbols, key=str), expr, "mpmath")(
            **{str(s_): (sig if str(s_) == "sigma" else env[str(s_)]) for s_ in expr.free_symbols})
        radius = mpmath.sqrt(2 * alpha)
        Phi = lambda x: mpmath.erfc(-x / mpmath.sqrt(2)) / 2  # noqa: E731
        worst = mpmath.mpf(0)
        for P, _, Di in rounds:
            xbar = num(sum((x[0] for x in Di), Fraction(0)) / len(Di))
            tot = mpmath.mpf(0)
            for comps in P.values():
                for mu, w in comps:
                    c_ = num(mu[0]) - xbar
                    tot += num(w) * (Phi((-radius - c_) / sig) + Phi((c_ - radius) / sig))
            worst = max(worst, tot)
        diff = abs(mpmath.mpf(q.mid().str(50, radius=False)) - worst)
        assert diff <= 2 * mpmath.mpf(q.rad().str(5, radius=False)) + mpmath.mpf(10) ** -30 * worst
        assert mpmath.mpf(q.rad().str(5, radius=False)) < mpmath.mpf(10) ** -12 * worst
    assert evaluate(claim, inst, 256).outcome == WITHIN


def test_thm45_alpha_derivations():
    """The printed chain is broken at exactly its two dropped factors (the least-loss copy taken as the closest; the
    gradient term at a constrained minimiser); the corrected chain has no refuted step and links to its bound."""
    from certunlearn.derive import check_derivation, load_derivations

    ds = load_derivations("d2d")
    printed = check_derivation(ds["d2d.thm4.5:alpha"], get_claim("d2d.thm4.5:alpha"))
    fixed = check_derivation(ds["d2d.thm4.5:alpha+fix"], get_claim("d2d.thm4.5:alpha+fix"))
    refuted = [st.index for st in printed.steps if st.status == "refuted"]
    assert len(refuted) == 2 and printed.link == "identity"
    assert not [st for st in fixed.steps if st.status == "refuted"] and fixed.link == "identity" and fixed.ok


def test_thm45_alpha_refuted_steps_independently():
    """The two printed steps the derivation of d2d.thm4.5:alpha refutes, on instances inside Theorem 4.5's hypotheses
    (quadratic losses: strongly convex, smooth, Lipschitz on a box, constant Hessian), mpmath at 100 digits.
    (1) “the smaller the loss, the closer the model”: f(θ) = ½((θ₁ − c₁)² + 3(θ₂ − c₂)²) (m = 1, M = 3); copy A at
    θ* + (√0.7, 0), copy B at θ* + (0, 1/2): f(A) − f* = 0.35 < 0.375 = f(B) − f*, so l* = A, yet ‖A − θ*‖² = 0.7 >
    0.25 = ‖B − θ*‖². (2) “f(θ̃) − f(θ*) ≤ (M/2)‖θ̃ − θ*‖²” at a constrained minimiser: f(θ) = ½(θ − 2)² on Θ = [−1, 1],
    θ* = 1, θ̃ = 1/2: f(θ̃) − f(θ*) = 5/8 > 1/8."""
    with mpmath.workdps(100):
        eA2, eB2 = mpmath.mpf(7) / 10, mpmath.mpf(1) / 4
        lossA, lossB = eA2 / 2, 3 * eB2 / 2
        assert lossA < lossB and eA2 > eB2
        f = lambda t: (t - 2) ** 2 / 2  # noqa: E731
        star, tilde = mpmath.mpf(1), mpmath.mpf(1) / 2
        assert f(tilde) - f(star) - mpmath.mpf(1) / 2 * (tilde - star) ** 2 == mpmath.mpf(1) / 2


def test_thm45_accuracy_thorough_counterexample_is_in_the_quick_family_and_confirmed_at_100_digits():
    """Issue 23: the repeated-value deletion thorough found (d2d.thm4.5:accuracy at 1.013) is drawn by quick too; the
    observed E‖θ̂_avg − θ*‖² is summed exactly over the enumerated outcomes and the printed bound E₁ + V + √(E₁V) is
    evaluated by sympy at 100 digits (not by the arb route of the checker)."""
    claim = get_claim("d2d.thm4.5:accuracy")
    family = next(a for a in claim.adversaries if "a repeated value deleted" in a.name)
    found = [i for i in family.generate(np.random.default_rng(0), 40)
             if i["X"] == [[-1], [1], [1], [1]] and i["U"] == [[-1, 1]] and i["I"] == 6 and i["M"] == 2
             and i["epsilon"] == Fraction(1, 10)]
    assert len(found) == 1
    inst = found[0]
    _, rounds, params = _enumerated("d2d.thm4.5:accuracy", inst)
    star = Fraction(1, 3)  # the minimiser of f_{D_1}, D_1 = (−1, 1, 1), inside Θ = [−1, 1]
    observed = sum(w * (m[0] - star) ** 2 for comps in params["copy"].values() for m, w in comps)
    expr = sympy.sympify(claim.bound)
    for _ in range(4):  # the prescribed parameters, substituted as sympy expressions
        expr = expr.subs({s: claim.prescribed[s.name] for s in expr.free_symbols if s.name in claim.prescribed})
    value = sympy.N(expr.subs({s: sympy.Rational(str(common.frac(inst[s.name]))) for s in expr.free_symbols}), 100)
    assert value.is_Float
    with mpmath.workdps(100):
        assert mpmath.mpf(observed.numerator) / observed.denominator > mpmath.mpf(str(value))
    assert evaluate(claim, inst, 512).outcome == VIOLATED


def test_runs_shared_per_reservoir_variant_and_mixture_plans_per_pair():
    """The claims of one Algorithm 5 variant share one enumeration (V is not part of its key), the +fix's by-copy
    variant has its own; each pair of mixtures gets its own ε-independent plan, equal to that of fresh copies."""
    import copy

    inst = _dist_instance(1)
    _, printed, _ = _enumerated("d2d.thm4.5", inst)
    _, printed_acc, _ = _enumerated("d2d.thm4.5:accuracy", {**inst, "V": Fraction(1, 7)})
    _, by_copy, _ = _enumerated("d2d.thm4.5+fix", inst)
    assert printed_acc is printed and by_copy is not printed
    (P, Q, _), (P2, Q2, _) = printed[-1], by_copy[-1]
    plan = distributed._plan(P, Q)
    assert plan == distributed._plan(copy.deepcopy(P), copy.deepcopy(Q))
    assert distributed._plan(P2, Q2) == distributed._plan(copy.deepcopy(P2), copy.deepcopy(Q2)) != plan
    assert distributed._plan(P, Q) is plan
    eps, sig = to_arb(Fraction(1, 10)), to_arb(Fraction(1, 2))
    fresh = distributed.mixture_delta(eps, sig, copy.deepcopy(P), copy.deepcopy(Q))
    planned = distributed.mixture_delta(eps, sig, P, Q)
    assert (planned.mid(), planned.rad()) == (fresh.mid(), fresh.rad())
    assert sum(w for w, _ in plan[0]) == 1  # the coupling's masses: a probability


def test_witness_sets_are_the_runs_where_the_float_densities_exceed():
    """The witness sets of mixture_delta's lower end, against a point-by-point walk of the grid: each run of grid
    points where p > e^ε q (float densities), widened to the grid points beside it, unbounded at the grid's ends;
    the densities, shared across ε, are the ones computed afresh for that pair."""
    rng = np.random.default_rng(5)
    for trial in range(12):
        P = tuple(sorted((Fraction(int(v), 4), Fraction(int(w), 10)) for v, w in
                         zip(rng.integers(-8, 9, 3), rng.integers(1, 10, 3))))
        Q = tuple(sorted((Fraction(int(v), 4), Fraction(int(w), 10)) for v, w in
                         zip(rng.integers(-8, 9, 2), rng.integers(1, 10, 2))))
        sig = [0.25, 1.0, 3.0][trial % 3]
        means = sorted({float(m) for m, _ in P + Q})
        grid = np.unique(np.concatenate([m + sig * np.linspace(-8, 8, 161) for m in means]))

        def dens(x, comps):
            return sum(float(w) * math.exp(-0.5 * ((x - float(m)) / sig) ** 2) for m, w in comps)

        for eps in (0.05, 0.5, 2.0):
            expected = []
            for A, B in ((P, Q), (Q, P)):
                flags = [dens(x, A) - math.exp(eps) * dens(x, B) > 0 for x in grid]
                ivs = []
                for j, flag in enumerate(flags):
                    if flag and (j == 0 or not flags[j - 1]):
                        lo = None if j == 0 else Fraction(float(grid[j - 1]))
                    if flag and (j == len(flags) - 1 or not flags[j + 1]):
                        ivs.append((lo, None if j == len(flags) - 1 else Fraction(float(grid[j + 1]))))
                expected.append(tuple(ivs))
            got = distributed._witness_sets((P, Q), eps, sig)
            assert got == tuple(expected)
            assert any(got) or eps == 2.0
