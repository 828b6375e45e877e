"""Table 1's corrected distributed iterations entry (``d2d.table1:distributed-iterations+fix``, lines 66–71). Its first
version bounded the real-valued T_{i₂}/T_i by (log i₂/log i)², but the claim's quantity counts whole iterations,
⌈T_{i₂}⌉/⌈T_i⌉ (``claims.d2d.tables.table_iteration_ratio``). Where T_i lies just below an integer and T_{i+1} just
above it, the whole counts grow by one while (log(i+1)/log i)² − 1 ≈ 2/(i log i) is far smaller than 1/⌈T_i⌉: the
ceilings break that bound. Confirmed here independently with mpmath at 100 digits (Theorem 4.5's prescribed T_i written
out, line 409), and by the claim's own quantity and hypotheses; the entry now adds the one whole iteration,
(log i₂/log i)² + 1/T_i, which holds there (the checker's ceiling-jump family runs such instances in quick)."""

import mpmath

from flint import arb

from certunlearn.claims import get_claim
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction

#: inside the hypotheses: m < M, ξ ∈ [1, 4/3], 2 ≤ i < i₂, δ ∈ (0, 1); δ puts T_i (≈ 2218) just below 2218
JUMP = {"L": 1, "M": 3, "m": 1, "n": 4, "d": 10, "D": 2, "epsilon": Fraction(1), "beta": 1, "I": 1, "xi": 1,
        "i": 10**6, "i2": 10**6 + 1, "delta": Fraction(499732907531402784122238331159, 10**30)}


def _t_i(i, v):
    """Theorem 4.5's T_i = 10log(2i/δ)(𝓘 + n^{−(4−3ξ)/2}log(1 + 10i log(2i/δ))/log(1/γ)), γ = (M − m)/(M + m)."""
    mp = mpmath.mpf
    dl = mp(v["delta"].numerator) / v["delta"].denominator
    lg = mpmath.log(2 * mp(i) / dl)
    gamma = (mp(v["M"]) - v["m"]) / (mp(v["M"]) + v["m"])
    return 10 * lg * (v["I"] + mp(v["n"]) ** (-(4 - 3 * mp(v["xi"])) / 2) * mpmath.log(1 + 10 * i * lg) / mpmath.log(1 / gamma))


def test_a_ceiling_jump_breaks_log_squared_and_not_the_corrected_entry():
    with mpmath.workdps(100):
        t1, t2 = _t_i(JUMP["i"], JUMP), _t_i(JUMP["i2"], JUMP)
        assert mpmath.ceil(t1) == 2218 and mpmath.ceil(t2) == 2219  # a jump of the ceiling between i and i + 1
        bound = (mpmath.log(JUMP["i2"]) / mpmath.log(JUMP["i"])) ** 2
        assert t2 / t1 <= bound  # the real-valued ratio the derivation bounds is within
        assert mpmath.ceil(t2) / mpmath.ceil(t1) > bound * (1 + mpmath.mpf(10) ** -4)  # whole iterations are not
    claim = get_claim("d2d.table1:distributed-iterations+fix")
    values = claim.with_prescribed(dict(JUMP))
    assert all(h.decide(values) is Decision.TRUE for h in claim.hypotheses)
    assert claim.quantity(values) == Fraction(2219, 2218)  # the claim's own count agrees with the mpmath one
    # the corrected entry (log i₂/log i)² + 1/T_i holds at the jump, and its 1/T_i is what the old one lacked
    assert claim.bound_value(values) > arb(2219) / 2218
    with mpmath.workdps(100):
        assert bound + 1 / t1 > mpmath.mpf(2219) / 2218 > bound
