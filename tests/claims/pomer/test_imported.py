"""POMER's imported lemmas (certunlearn.claims.pomer.imported) against independent oracles: closed forms and brute
force over every choice of tied leaders (Lemma 2.3), ½Σ|μ − ν| and the sign function (Lemma 4.7), mpmath at 100
digits (Lemma 4.8's free energies; Lemma B.4's supremum by a monotonicity argument and a grid of the box)."""
import itertools

import mpmath
import numpy as np
from flint import arb

from certunlearn.check.evaluate import WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.pomer.imported import (
    btl_interval, btl_table, dv_lower_ratio, dv_maximiser, lem23_ratio, lem47_ratio, lem48_ratio, total_variation,
)
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction as F
from certunlearn.numeric.precision import workprec


def _exact(claim_id: str, inst: dict):
    return evaluate(get_claim(claim_id), inst, 256)


# ---------------------------------------------------------------------------------------------- Lemma 4.7


def test_total_variation_is_half_the_l1_distance():
    rng = np.random.default_rng(7)
    for _ in range(30):
        n = int(rng.integers(1, 7))
        w, v = rng.integers(0, 9, n) + 0, rng.integers(1, 9, n)
        w[0] += 1
        mu, nu = [F(int(x), int(w.sum())) for x in w], [F(int(x), int(v.sum())) for x in v]
        assert total_variation(mu, nu) == sum(abs(a - b) for a, b in zip(mu, nu)) / 2


def test_lem47_ratio_against_the_closed_form_and_equality_at_the_sign_function():
    rng = np.random.default_rng(3)
    for _ in range(30):
        n = int(rng.integers(2, 6))
        w, v = rng.integers(0, 6, n), rng.integers(1, 6, n)
        w[-1] += 1
        mu, nu = [F(int(x), int(w.sum())) for x in w], [F(int(x), int(v.sum())) for x in v]
        if mu == nu:
            continue
        f = [F(int(x), 4) for x in rng.integers(-8, 9, n)]
        if not any(f):
            continue
        l1 = sum(abs(a - b) for a, b in zip(mu, nu))
        gap = abs(sum((a - b) * x for a, b, x in zip(mu, nu, f)))
        assert lem47_ratio({"mu": mu, "nu": nu, "f": f}) == gap / (l1 * max(abs(x) for x in f))
        sign = [F(1) if a > b else F(-1) for a, b in zip(mu, nu)]
        assert lem47_ratio({"mu": mu, "nu": nu, "f": sign}) == 1


def test_lem47_equality_is_proved_and_a_generic_instance_is_strict():
    ev = _exact("pomer.lem4.7", {"mu": ["1/2", "1/3", "1/6"], "nu": ["1/6", "1/3", "1/2"], "f": [2, 2, -2]})
    assert ev.outcome == WITHIN and ev.attained
    ev = _exact("pomer.lem4.7", {"mu": ["1/2", "1/3", "1/6"], "nu": ["1/6", "1/3", "1/2"], "f": [2, 1, 0]})
    assert ev.outcome == WITHIN and not ev.attained and ev.observed == "0.5"  # (1/3·2)/(2·1/3·2)


def test_lem47_excludes_unequal_lengths_and_equal_laws():
    assert _exact("pomer.lem4.7", {"mu": [1, 0], "nu": [0, 1], "f": [1, 1, 1]}).outcome == "excluded"
    assert _exact("pomer.lem4.7", {"mu": ["1/2", "1/2"], "nu": ["1/2", "1/2"], "f": [1, 0]}).outcome == "excluded"


# ---------------------------------------------------------------------------------------------- Lemma 2.3


def _btl_brute(table):
    """(max over every choice of tied leaders of Σ_t l_t(y_{t+1}), min_x Σ_t l_t(x), Σ_t min l_t): the leader sets are
    enumerated and every combination of choices is tried."""
    rows = [[F(x) for x in r] for r in table]
    n = len(rows[0])
    sets = []
    for t in range(len(rows)):
        sums = [sum(r[i] for r in rows[:t + 1]) for i in range(n)]
        sets.append([i for i in range(n) if sums[i] == min(sums)])
    leaders = max(sum(rows[t][i] for t, i in enumerate(choice)) for choice in itertools.product(*sets))
    return leaders, min(sum(r[i] for r in rows) for i in range(n)), sum(min(r) for r in rows)


def test_btl_table_against_brute_force_over_all_tie_choices():
    rng = np.random.default_rng(11)
    for _ in range(60):
        n, rounds = int(rng.integers(1, 5)), int(rng.integers(1, 6))
        table = [[F(int(x), 2) for x in rng.integers(-2, 3, n)] for _ in range(rounds)]
        assert btl_table(table) == _btl_brute(table)


def test_btl_linear_losses_leader_is_minus_the_sign_of_the_cumulative_gradient():
    """l_t(x) = g_t x on [−1, 1]: the leader of Σ_{i≤t} g_i x is −sign(G_t), and any point of [−1, 1] when G_t = 0
    (then the worst for g_t x is |g_t|)."""
    rng = np.random.default_rng(5)
    for _ in range(30):
        g = [F(int(x), 2) for x in rng.integers(-3, 4, int(rng.integers(1, 8)))]
        inst = {"lo": -1, "hi": 1, "losses": [[0, x, 0, 0, 0] for x in g]}
        leaders, cum = F(0), F(0)
        for x in g:
            cum += x
            leaders += -x if cum > 0 else (x if cum < 0 else abs(x))  # y = −1, y = 1, or the worst of [−1, 1]
        assert btl_interval(inst) == (leaders, -abs(sum(g)), -sum(abs(x) for x in g))


def test_btl_quadratic_losses_leader_is_the_clipped_mean():
    """l_t(x) = (x − z_t)² on [lo, hi]: the leader of the first t + 1 losses is their mean z̄_t clipped to [lo, hi]."""
    rng = np.random.default_rng(9)
    for _ in range(30):
        z = [F(int(x), 3) for x in rng.integers(-9, 10, int(rng.integers(1, 6)))]
        lo, hi = F(-1), F(2)
        inst = {"lo": lo, "hi": hi, "losses": [[1, -2 * x, x * x, 0, 0] for x in z]}
        clip = lambda x: min(max(x, lo), hi)  # noqa: E731
        leaders = sum((clip(sum(z[:t + 1]) / (t + 1)) - z[t]) ** 2 for t in range(len(z)))
        best = sum((clip(sum(z) / len(z)) - x) ** 2 for x in z)
        floor = sum((clip(x) - x) ** 2 for x in z)
        assert btl_interval(inst) == (leaders, best, floor)


def test_btl_interval_worst_tied_leader_on_a_flat_piece():
    """l_0 = |x − 1|, l_1 = −|x|, l_2 = x² − 3x on [−2, 2], worked by hand: the leaders are {1}, then the flat piece
    [1, 2] of |x − 1| − |x| = −1 (where l_1 is at most −1), then 3/2 (the vertex of −1 + x² − 3x)."""
    inst = {"lo": -2, "hi": 2, "losses": [[0, 0, 0, 1, 1], [0, 0, 0, -1, 0], [1, -3, 0, 0, 0]]}
    leaders, best, floor = btl_interval(inst)
    assert leaders == 0 + (-1) + F(-9, 4)
    assert best == F(-13, 4)
    assert floor == 0 + (-2) + F(-9, 4)
    assert _exact("pomer.lem2.3", inst).attained


def test_lem23_strict_below_one_when_the_leader_swings():
    ratio = lem23_ratio({"table": [["1/2", 0], [0, 1], [1, 0], [0, 1], [1, 0]]})
    assert 0 <= ratio < 1
    ev = _exact("pomer.lem2.3", {"table": [[1, 2, 3], [3, 2, 1], [2, 2, 2]]})
    assert ev.outcome == WITHIN


# ---------------------------------------------------------------------------------------------- Lemma 4.8, Lemma B.4


mpmath.mp.dps = 100


def _mp(x) -> mpmath.mpf:
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def _free_energy(nu, prior, weights) -> mpmath.mpf:
    """E_ν f + KL(ν‖μ₀) with f = −log w, at 100 digits."""
    return sum(_mp(n) * (-mpmath.log(_mp(w)) + mpmath.log(_mp(n) / _mp(p))) for n, p, w in zip(nu, prior, weights) if n)


def _encloses(quantity, x: mpmath.mpf) -> bool:
    """The quantity (exact or a ball, computed at 400 bits) agrees with the 100-digit oracle to 80 digits."""
    with workprec(400):
        ball = to_arb(quantity())
        return ball.rad() < arb("1e-80") and abs(mpmath.mpf(ball.mid().str(100, radius=False)) - x) < mpmath.mpf(10) ** -80


def test_lem48_against_mpmath_attained_at_the_gibbs_law_and_strict_elsewhere():
    prior, weights = [F(1, 2), F(1, 3), F(1, 6)], [F(1), F(3), F(1, 2)]
    z = sum(p * w for p, w in zip(prior, weights))
    gibbs = [p * w / z for p, w in zip(prior, weights)]
    assert _free_energy(gibbs, prior, weights) + mpmath.log(_mp(z)) < mpmath.mpf(10) ** -95  # F(μ) = −log Z
    ev = _exact("pomer.lem4.8", {"prior": prior, "weights": weights, "other": gibbs})
    assert ev.outcome == WITHIN and ev.attained
    for other in (prior, [F(1), F(0), F(0)], [F(1, 5), F(3, 5), F(1, 5)], [(999 * g + p) / 1000 for g, p in zip(gibbs, prior)]):
        with workprec(256):
            q = lem48_ratio({"prior": prior, "weights": weights, "other": other})
            assert q < 1  # strict: decided on the enclosure
        oracle = mpmath.exp(_free_energy(gibbs, prior, weights) - _free_energy(other, prior, weights))
        assert _encloses(lambda: lem48_ratio({"prior": prior, "weights": weights, "other": other}), oracle)


def test_dv_printed_lower_half_fails_on_a_narrow_box_at_100_digits():
    """ν₁ = (9/10, 1/10), ν₂ = (1/2, 1/2), U = [1, 2]^2: DV depends on t = u₁/u₂ ∈ [1/2, 2] only, φ(t) = (9/10)log t −
    log((t + 1)/2), increasing below t = r₁/r₂ = 9, so sup_U DV = φ(2) < KL(ν₁‖ν₂) — inside the printed hypotheses."""
    inst = {"nu1": ["9/10", "1/10"], "nu2": ["1/2", "1/2"], "c1": 1, "c2": 2}
    phi = lambda t: mpmath.mpf(9) / 10 * mpmath.log(t) - mpmath.log((t + 1) / 2)  # noqa: E731
    kl = mpmath.mpf(9) / 10 * mpmath.log(mpmath.mpf(9) / 5) + mpmath.mpf(1) / 10 * mpmath.log(mpmath.mpf(1) / 5)
    sup = phi(mpmath.mpf(2))
    assert all(phi(mpmath.mpf(1) / 2 + mpmath.mpf(k) / 400 * mpmath.mpf(3) / 2) <= sup for k in range(401))
    assert kl - sup > mpmath.mpf("0.1")
    with workprec(256):
        q = dv_lower_ratio(inst)
    assert _encloses(lambda: dv_lower_ratio(inst), mpmath.exp(kl - sup))
    assert _exact("pomer.lemB.4:lower", inst).outcome == "violated"
    assert _exact("pomer.lemB.4:lower+fix", inst).outcome == "excluded"
    wide = {**inst, "c2": 9}  # 9 = r₁/r₂: u = dν₁/dν₂ ∈ U, sup = KL, proved
    assert _exact("pomer.lemB.4:lower+fix", wide).attained and _exact("pomer.lemB.4", wide).attained


def test_dv_maximiser_beats_a_grid_of_the_box_at_100_digits():
    """No point of a 7³ grid of [c1, c2]³ gives a larger E_{ν₁} log u − log E_{ν₂} u than the exact maximiser."""
    rng = np.random.default_rng(13)
    for _ in range(6):
        w1, w2 = rng.integers(1, 7, 3), rng.integers(1, 7, 3)
        nu1, nu2 = [F(int(x), int(w1.sum())) for x in w1], [F(int(x), int(w2.sum())) for x in w2]
        c1, c2 = F(1, 2), F(int(rng.integers(1, 5)))
        dv = lambda u: sum(_mp(a) * mpmath.log(_mp(x)) for a, x in zip(nu1, u)) - mpmath.log(  # noqa: E731
            sum(_mp(b) * _mp(x) for b, x in zip(nu2, u)))
        u_star = dv_maximiser(nu1, nu2, c1, c2)
        assert all(c1 <= x <= c2 for x in u_star)
        best = dv(u_star)
        grid = [c1 + (c2 - c1) * F(k, 6) for k in range(7)]
        assert all(dv(u) <= best + mpmath.mpf(10) ** -90 for u in itertools.product(grid, repeat=3))


def test_coprime_base_refines_without_factoring():
    from math import gcd, prod

    from certunlearn.claims.pomer.imported import coprime_base

    numbers = [6 * 1000003, 1000003 * 1000033, 10 * 1000033**2, 1]
    base = coprime_base(numbers)
    assert all(gcd(a, b) == 1 for i, a in enumerate(base) for b in base[i + 1:]) and all(b > 1 for b in base)
    for n in numbers:  # every number is a product of the base's elements
        rest = n
        for b in base:
            while rest % b == 0:
                rest //= b
        assert rest == 1
    assert prod(base) > 1 and coprime_base([1]) == []


def test_power_product_proves_one_across_large_cofactors():
    """A product equal to 1 whose bases share a prime above 10³ only inside different cofactors (p·q against p and q):
    trial division kept p·q whole, the merged exponents stayed fractional and the value an enclosure around 1 at every
    precision; over a coprime base it is 1 exactly. A product a hair off 1 is not."""
    from fractions import Fraction

    from certunlearn.claims.pomer.imported import power_product

    p, q = 1000003, 1000033
    half = Fraction(1, 2)
    assert power_product([(Fraction(p * q), half), (Fraction(p), -half), (Fraction(q), -half)]) == 1
    assert power_product([(Fraction(p * q), half), (Fraction(p), -half), (Fraction(q + 2), -half)]) != 1
