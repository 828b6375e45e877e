"""``claims.pomer.common.memoised``: a claim and its control on the same grid (pomer.lem3.6 and its nine-tenths
control, pomer.lem4.6:drift+fix and its no-drift control) share one computation per instance and precision, and only
then: the key holds every entry's type and exact value and the working precision; a ball is never remembered."""

import pytest
from flint import arb

from certunlearn.claims.pomer.common import exact_key, memoised
from certunlearn.numeric.enclosure import to_arb
from certunlearn.numeric.fraction import Fraction
from certunlearn.numeric.precision import workprec


def test_memoised_remembers_by_exact_entries_and_precision():
    calls = []

    def third(values):
        calls.append(dict(values))
        return to_arb(values["x"]) / 3

    q = memoised(third)
    with workprec(64):
        first, again = q({"x": "1/10", "t": [1, 2]}), q({"t": [1, 2], "x": "1/10"})
    assert first is again and len(calls) == 1  # the same instance at the same precision: computed once
    with workprec(128):
        finer = q({"x": "1/10", "t": [1, 2]})
    assert len(calls) == 2 and finer.rad() < first.rad()  # another precision: computed again, at that precision
    with workprec(64):
        q({"x": Fraction(1, 10), "t": [1, 2]})  # equal as a number, another type: its own entry
        q({"x": "1/10", "t": [1, 3]})  # another entry in a list
        q({"x": arb(1) / 10, "t": [1, 2]})
        q({"x": arb(1) / 10, "t": [1, 2]})  # a ball has no exact key: computed each time
    assert len(calls) == 6


def test_exact_key_refuses_balls_and_tells_types_apart():
    assert exact_key("1/10") != exact_key(Fraction(1, 10))
    assert len({exact_key(1), exact_key(Fraction(1)), exact_key(1.0), exact_key(True)}) == 4  # == and hash-equal
    assert exact_key([Fraction(1), 2]) == exact_key([Fraction(1), 2]) != exact_key((Fraction(1), 2))
    with pytest.raises(TypeError):
        exact_key(arb(1))
