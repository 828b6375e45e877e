"""The MST retain sensitivity (Kruskal on MST(R) ∪ Z) agrees with the direct brute force (networkx on R + Z)."""
import itertools
import random

import networkx as nx
import pytest

from certunlearn.algorithms.retain.graph import MSTEdge, mst_edge_brute_force_rs, mst_weight
from certunlearn.numeric.fraction import Fraction


def _direct(H, m, ws):
    R = MSTEdge(max([Fraction(1)] + [d["weight"] for *_, d in H.edges(data=True)] + [Fraction(w) for w in ws])).prepare(H)
    f0, best, witness = mst_weight(R), Fraction(0), None
    missing = [(u, v) for u, v in itertools.combinations(list(R.nodes), 2) if not R.has_edge(u, v)]
    for pairs in itertools.combinations(missing, m):
        for assign in itertools.product(sorted({Fraction(w) for w in ws}), repeat=m):
            U = [(u, v, w) for (u, v), w in zip(pairs, assign)]
            s = abs(f0 - mst_weight(MSTEdge._with(R, U)))
            if witness is None or s > best:
                best, witness = s, U
    return best, witness


@pytest.mark.parametrize("seed", range(12))
def test_mst_rs_agrees_with_direct_brute_force(seed):
    rng = random.Random(seed)
    H = nx.gnm_random_graph(rng.randint(5, 8), rng.randint(6, 12), seed=seed)
    if not nx.is_connected(H):
        H = nx.compose(H, nx.path_graph(H.number_of_nodes()))
    for a, b in H.edges:
        H[a][b]["weight"] = Fraction(rng.randint(0, 9), rng.randint(1, 3))  # ties included
    for m, ws in [(1, (0,)), (2, (0,)), (2, (0, 1)), (3, (0, Fraction(1, 2)))]:
        r = mst_edge_brute_force_rs(H, m, ws)
        best, witness = _direct(H, m, ws)
        assert repr(r.value) == f"Real({best})" and r.witness == witness
