"""The chain table of ``certunlearn.algorithms.retain.chain``: every row is decided, consistent (actual ≤ RS) and below
the global sensitivity, and the median rows agree with a by-hand enumeration."""
import statistics
from itertools import product

from certunlearn.algorithms.retain import chain as retain_chain
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F


def test_chain_rows(capsys):
    rows = dict(retain_chain.chains())
    assert set(rows) == {label for label, *_ in retain_chain.INSTANCES}
    for label, ch in rows.items():
        assert ch.link("actual ≤ RS").decision is Decision.TRUE, label
        assert ch.link("RS ≤ GS").decision is Decision.TRUE, label
        assert all(link.decision is not Decision.UNDECIDED for link in ch.links), label
    R = [F(0), F(1), F(2), F(9), F(10)]  # "median, spread data": RS over a grid of [0, 10] by hand
    med = statistics.median(R)
    by_hand = max(abs(statistics.median(R + [F(z, 4)]) - med) for z in range(41))
    assert rows["median, spread data"].sensitivities.exact_rs.exact == by_hand == F(7, 2)
    R2 = [F(0), F(1, 2), F(1), F(1)]  # "median, m = 2"
    by_hand = max(abs(statistics.median(R2 + list(Z)) - statistics.median(R2))
                  for Z in product([F(i, 8) for i in range(9)], repeat=2))
    assert rows["median, m = 2"].sensitivities.exact_rs.exact == by_hand
    retain_chain.main()
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 + len(retain_chain.INSTANCES)
