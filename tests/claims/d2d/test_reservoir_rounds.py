"""certunlearn.claims.d2d.reservoir_rounds (Fact F.1): the joint law of (s_1, …, s_i) by independent positions against a
brute-force enumeration of every reservoir state, and the printed fact's failure confirmed at 100 digits."""

import mpmath

from certunlearn.algorithms.d2d import ADD, DELETE, bootstrap_law, reservoir_outcomes
from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.d2d.common import datasets_of
from certunlearn.claims.d2d.reservoir_rounds import all_at_most, pattern_law
from certunlearn.numeric.fraction import Fraction


def _brute_joint(data, ups, B, variant):
    """The exact law of (s_1, …, s_r) by enumerating every B-position sample S_0 ~ P^B(D_0) and every random choice of
    Algorithm 5 on the whole sample (no independence between positions assumed)."""
    Ds = datasets_of(data, ups)
    paths = {(s, ()): w for s, w in bootstrap_law(data, B).items()}
    for r, (kind, z) in enumerate(ups, start=1):
        nxt = {}
        for (s, counts), w in paths.items():
            for _, pw, s2 in reservoir_outcomes(s, kind, z, Ds[r], variant=variant):
                key = (s2, counts + (sum(a != b for a, b in zip(s, s2)),))
                nxt[key] = nxt.get(key, Fraction(0)) + w * pw
        paths = nxt
    out = {}
    for (_, counts), w in paths.items():
        out[counts] = out.get(counts, Fraction(0)) + w
    return out


def test_independent_positions_match_the_enumerated_joint_law():
    """Multisets with repeats, an addition then a deletion of the repeated value, B = 3: P[s_l ≤ c for all l] from the
    per-position pattern law equals the brute-force joint law at every c, for both variants."""
    data = (0, 0, 1)
    ups = [(ADD, 0), (DELETE, 0)]
    for variant in ("printed", "by-copy"):
        joint = _brute_joint(data, ups, 3, variant)
        assert sum(joint.values()) == 1
        law = pattern_law(data, ups, 2, variant)
        for c in range(-1, 4):
            brute = sum((w for counts, w in joint.items() if max(counts) <= c), Fraction(0))
            assert all_at_most(law, 3, c) == brute
        assert 0 < all_at_most(law, 3, 1) < 1  # the instance is not trivial


def test_both_dynamic_programmes_count_the_same_draws():
    """all_at_most counts on the sums (c small) or on the saturated misses (c near B): both give the same integer at
    every threshold, three rounds, B = 9, unequal weights."""
    from certunlearn.claims.d2d.reservoir_rounds import at_most_count, missed_count

    weights = [((0, 0, 0), 5), ((1, 0, 0), 3), ((0, 1, 1), 2), ((1, 1, 0), 7), ((1, 1, 1), 1)]
    B = 9
    for c in range(B):
        assert at_most_count(weights, B, c) == missed_count(weights, B, B - c)
    assert 0 < at_most_count(weights, B, 4) < sum(b for _, b in weights) ** B


def test_printed_fact_f1_fails_on_a_multiset_confirmed_at_100_digits():
    """n = 64 values, 32 copies of the deleted one, B = n, δ = 1/2 (inside the hypotheses: B ≥ n, δ ≤ 2/e, n_1 = 63 ≥
    n/2): the printed Algorithm 5 resamples every copy, so one position changes with probability q = k(n − k)/(n(n − 1))
    and s_1 ~ Binomial(B, q); P[s_1 > 10 log 4] ≈ 0.7 > δ/2. The by-copy variant (+fix) holds there."""
    n0, k_, B, dl = 64, 32, 64, Fraction(1, 2)
    inst = {"data": [0] * k_ + list(range(1, n0 - k_ + 1)), "U": [[-1, 0]], "B": B, "delta": dl}
    with mpmath.workdps(100):
        q = mpmath.mpf(k_ * (n0 - k_)) / (n0 * (n0 - 1))
        x = 10 * mpmath.mpf(B) / n0 * mpmath.log(2 / mpmath.mpf(dl.numerator) * dl.denominator)
        tail = mpmath.fsum(mpmath.binomial(B, j) * q**j * (1 - q) ** (B - j) for j in range(int(mpmath.floor(x)) + 1, B + 1))
        assert tail > mpmath.mpf(1) / 4
    claim = get_claim("d2d.factF.1")
    assert evaluate(claim, inst, 256).outcome == VIOLATED
    assert abs(float(claim.quantity(inst).mid()) - float(tail)) < 1e-12
    assert evaluate(get_claim("d2d.factF.1+fix"), inst, 256).outcome == WITHIN
