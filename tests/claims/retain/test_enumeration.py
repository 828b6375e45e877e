"""Issue 23, item 6: the MST derivation's combinatorial steps checked by enumeration on every small graph — the
minimum over every spanning tree, the edge swap behind the brute force (an added edge replaces the heaviest tree edge
of its cycle), and Lemma D.1's cut formula (lines 437–453) against the brute-force retain sensitivity."""
import itertools

import networkx as nx

from certunlearn.algorithms.retain.graph import cut_formula, mst_edge_brute_force_rs, mst_weight
from certunlearn.numeric.fraction import Fraction

NODES = (0, 1, 2, 3)
PAIRS = tuple(itertools.combinations(NODES, 2))


def _graphs(weights=(Fraction(1), Fraction(2))):
    """Every connected graph on four labelled vertices with every weight assignment from ``weights``."""
    for r in range(3, len(PAIRS) + 1):
        for edges in itertools.combinations(PAIRS, r):
            for ws in itertools.product(weights, repeat=r):
                G = nx.Graph()
                G.add_nodes_from(NODES)
                G.add_weighted_edges_from((u, v, w) for (u, v), w in zip(edges, ws))
                if nx.is_connected(G):
                    yield G


def _spanning_tree_minimum(G: nx.Graph) -> Fraction:
    best = None
    for tree in itertools.combinations(G.edges(data="weight"), len(G) - 1):
        T = nx.Graph()
        T.add_nodes_from(G.nodes)
        T.add_weighted_edges_from(tree)
        if nx.is_tree(T):
            w = sum((e[2] for e in tree), Fraction(0))
            best = w if best is None else min(best, w)
    return best


def test_the_mst_weight_is_the_minimum_over_every_spanning_tree():
    count = 0
    for G in _graphs():
        assert mst_weight(G) == _spanning_tree_minimum(G)
        count += 1
    assert count > 300


def test_an_added_edge_swaps_out_the_heaviest_tree_edge_of_its_cycle():
    """f(R + e) over every spanning tree of R + e, for every non-edge e and weight in {0, 1, 3}: the brute force's
    shortcut (Kruskal on MST(R) ∪ {e}) must agree with the enumeration."""
    for G in _graphs():
        f0 = mst_weight(G)
        for u, v in PAIRS:
            if G.has_edge(u, v):
                continue
            for w in (Fraction(0), Fraction(1), Fraction(3)):
                H = G.copy()
                H.add_edge(u, v, weight=w)
                path = nx.shortest_path(nx.minimum_spanning_tree(G), u, v)
                heaviest = max(G[a][b]["weight"] for a, b in zip(path, path[1:]))
                assert _spanning_tree_minimum(H) == f0 - max(Fraction(0), heaviest - w)


def test_lemma_d1_cut_formula_equals_the_brute_force_on_every_small_graph():
    for G in _graphs():
        assert cut_formula(G) == mst_edge_brute_force_rs(G, 1, (0,)).value.q
