"""Lemma A.1 of Descent-to-Delete on finite laws: the exact δ against a brute force over every event S, and the
extremal construction's value."""
import itertools

import numpy as np
import pytest

from certunlearn.claims.d2d import coupling as C
from certunlearn.claims.registry import get_claim
from certunlearn.numeric.enclosure import Decision
from certunlearn.numeric.fraction import Fraction as F


def _brute(values):
    """max over events S ⊆ Ω and both directions of P(S) − rQ(S), the definition of (ε, δ)."""
    pi, px, py, r = C._laws(values)
    size = len(px[0])
    mx = [sum(w * row[k] for w, row in zip(pi, px)) for k in range(size)]
    my = [sum(w * row[k] for w, row in zip(pi, py)) for k in range(size)]
    best = F(0)
    for mask in itertools.product((0, 1), repeat=size):
        P = sum(m for m, s in zip(mx, mask) if s)
        Q = sum(m for m, s in zip(my, mask) if s)
        best = max(best, P - r * Q, Q - r * P)
    return best


@pytest.mark.parametrize("inst", C.a1_structured(np.random.default_rng(1), 10**6)[::3])
def test_the_true_delta_is_the_brute_force_over_events(inst):
    assert C._true_delta(inst) == _brute(inst)


@pytest.mark.parametrize("dl", [F(1, 2), F(1, 10), F(1, 1000)])
def test_the_extremal_family_reaches_two_delta_minus_delta_squared(dl):
    inst = next(i for i in C.a1_structured(np.random.default_rng(0), 10**6) if i["delta"] == dl and i["r"] == 1)
    claim = get_claim("d2d.lemA.1")
    assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses)
    assert C._true_delta(inst) == 2 * dl - dl * dl


def test_the_hypothesis_counts_the_bad_mass():
    bad = {"pz": [F(1, 2), F(1, 2)], "px": [[1, 0], [1, 0]], "py": [[0, 1], [1, 0]], "r": 1, "delta": F(1, 4)}
    assert C._good_except_delta(bad) is Decision.FALSE  # mass 1/2 of Z is not (0, 1/4)-indistinguishable


def test_the_family_grows_to_fifty_decided_instances_above_the_quick_size():
    """Thorough asks for 50 decided instances: above the quick size the family draws random laws after its list (27 of
    its 64 listed ones fail the hypothesis "Pr_Z[z ∉ G] ≤ δ" and are excluded); the quick size draws none."""
    from certunlearn.claims.growth import QUICK_SIZE

    claim = get_claim("d2d.lemA.1")
    quick = C.a1_structured(np.random.default_rng(0), QUICK_SIZE)
    big = C.a1_structured(np.random.default_rng(0), 10**5)
    assert len(quick) == QUICK_SIZE and len(big) > 64
    inside = [inst for inst in big if all(h.decide(inst) == Decision.TRUE for h in claim.hypotheses)]
    assert len(inside) >= 50
    drawn = [repr(inst) for inst in big[64:]]
    assert len(set(drawn)) > len(drawn) // 2 and not set(drawn) & {repr(inst) for inst in big[:64]}
