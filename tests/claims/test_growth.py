"""The growth rule of structured families (certunlearn.claims.growth, issue 23 item 4): the quick profile runs a
family's list unchanged, a larger profile draws random instances of the same class after it."""

import numpy as np
import pytest

from certunlearn.check.profiles import get_profile
from certunlearn.claims import get_claim
from certunlearn.claims.growth import MOST, QUICK_SIZE, grown, random_count, rational
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction

THOROUGH = get_profile("thorough").structured_size


def test_quick_size_is_the_quick_profiles_and_thorough_draws_the_most():
    assert QUICK_SIZE == get_profile("quick").structured_size
    assert random_count(QUICK_SIZE) == 0 and random_count(1) == 0
    assert random_count(QUICK_SIZE + 5) == 5
    assert random_count(THOROUGH) == MOST and random_count(THOROUGH, most=7) == 7


def test_grown_keeps_the_list_first_and_draws_after_it():
    rng = np.random.default_rng(1)
    out = grown([{"k": 0}], QUICK_SIZE + 3, lambda r: {"k": int(r.integers(1, 9))}, rng)
    assert out[0] == {"k": 0} and len(out) == 4 and all(1 <= d["k"] <= 8 for d in out[1:])
    assert grown([{"k": 0}], QUICK_SIZE, lambda r: {"k": 1}, rng) == [{"k": 0}]


def test_rational_rounds_inwards_and_refuses_an_empty_range():
    rng = np.random.default_rng(2)
    draws = [rational(rng, Fraction(1, 3), Fraction(2, 3), 4) for _ in range(200)]
    assert set(draws) == {Fraction(2, 4)}
    draws = [rational(rng, -1, 1, 8) for _ in range(400)]
    assert min(draws) == -1 and max(draws) == 1 and all(d.denominator in (1, 2, 4, 8) for d in draws)
    with pytest.raises(ValueError, match="no multiple"):
        rational(rng, Fraction(1, 3), Fraction(2, 5), 2)


#: Families grown by the rule: (claim, adversary index, at least this many random draws inside the hypotheses).
GROWN = [
    ("pomer.lem4.6+fix", 0, MOST),
    ("pomer.lem4.6:drift+fix", 0, MOST - 4),
    ("pomer.thm4.5", 0, MOST),
    ("pomer.claimC.3+fix", 0, MOST),
    ("retain.sec3-rs-below-gs", 0, MOST),
    ("retain.lemE.4:noise-tail", 0, MOST),
]


@pytest.mark.parametrize("claim_id,index,inside", GROWN)
def test_a_grown_family_keeps_quick_and_draws_inside_the_hypotheses(claim_id, index, inside):
    claim = get_claim(claim_id)
    generate = claim.adversaries[index].generate
    quick = generate(np.random.default_rng(0), QUICK_SIZE)
    thorough = generate(np.random.default_rng(0), THOROUGH)
    assert thorough[:len(quick)] == quick and len(thorough) == len(quick) + MOST
    drawn = thorough[len(quick):]
    decided = [all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses) for inst in drawn]
    assert sum(decided) >= inside
    written = lambda d: repr(sorted(d.items()))  # noqa: E731
    assert len({written(d) for d in drawn}) >= 0.9 * len(drawn)  # random draws, not copies of one instance
    assert not {written(d) for d in drawn} & {written(d) for d in quick}  # nor of the list
