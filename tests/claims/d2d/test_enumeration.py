"""Issue 23, item 6: Lemma 4.2's step "S_i =d P^B(D_i)" (lines 358–375) checked by enumerating every reservoir state
on every small multiset and update: the by-copy Algorithm 5 (the +fix) keeps the bootstrap law exactly, the printed
one does not once the deleted value is repeated and D_i keeps another value (d2d.lem4.2's violation, found here independently of the checker)."""
import itertools

from certunlearn.algorithms.d2d import bootstrap_law, multiset_update, sample_laws


def _cases():
    for n in (1, 2, 3):
        for data in itertools.combinations_with_replacement((1, 2, 3), n):
            for B in (1, 2, 3):
                for kind, z in [("add", v) for v in (1, 2, 4)] + [("delete", v) for v in sorted(set(data))]:
                    if kind == "delete" and n == 1:
                        continue
                    yield data, B, kind, z


def test_the_by_copy_reservoir_keeps_the_bootstrap_law_on_every_small_case():
    count = 0
    for data, B, kind, z in _cases():
        laws = sample_laws(data, [(kind, z)], B, variant="by-copy")
        assert laws[1] == bootstrap_law(multiset_update(data, kind, z), B), (data, B, kind, z)
        count += 1
    assert count > 100


def test_the_printed_reservoir_breaks_the_law_exactly_when_the_deleted_value_is_repeated_in_the_sample():
    for data, B, kind, z in _cases():
        after = multiset_update(data, kind, z)
        equal = sample_laws(data, [(kind, z)], B, variant="printed")[1] == bootstrap_law(after, B)
        repeated = kind == "delete" and data.count(z) >= 2 and any(v != z for v in after)
        assert equal == (not repeated), (data, B, kind, z)
