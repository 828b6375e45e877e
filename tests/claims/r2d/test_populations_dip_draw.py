"""certunlearn.claims.r2d.populations.dip_population_family: the quick profile's draw computes the costly exact gaps only
for the instances it draws, and draws the same instances as when it computed them all."""

import numpy as np

from certunlearn.claims.r2d import populations
from certunlearn.numeric.fraction import Fraction


def test_dip_family_computes_gaps_for_the_drawn_instances_only(monkeypatch):
    calls = []

    def gaps(inst):  # a cheap stand-in for the exact gaps, distinct per instance
        calls.append(inst)
        return Fraction(0), Fraction(len(str(sorted(inst.items()))))

    monkeypatch.setattr(populations, "dip_gaps", gaps)
    everything = populations.dip_population_family(np.random.default_rng(7), 10**6)
    assert len(calls) == len(everything) > 12
    calls.clear()
    drawn = populations.dip_population_family(np.random.default_rng(7), 40)
    assert len(calls) == len(drawn) == 12  # min(size, max(12, size // 4))
    # the same instances (risk_gap included) as drawing from the fully computed family with the same generator
    idx = sorted(np.random.default_rng(7).choice(len(everything), 12, replace=False))
    assert drawn == [everything[i] for i in idx]
