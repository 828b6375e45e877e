"""MST claims (:mod:`certunlearn.claims.retain.mst`: Lemmas D.1, D.3, Theorem D.4) against MSTs, cuts and Steiner
trees computed by hand or by enumeration. A printed claim is asserted violated only where this file computes the
counterexample itself."""
import itertools

import mpmath
import numpy as np

from certunlearn.check.evaluate import VIOLATED, WITHIN, evaluate
from certunlearn.claims import get_claim
from certunlearn.claims.retain import mst
from certunlearn.numeric.fraction import Fraction as F

mpmath.mp.dps = 100
MAX_PREC = 1024


# ---------------------------------------------------------------------------------------------- MST
def _mst_by_hand(n_vertices, edges):
    """Kruskal by hand (exact)."""
    parent = list(range(n_vertices))

    def find(a):
        while parent[a] != a:
            a = parent[a]
        return a

    total = F(0)
    for w, u, v in sorted((F(w), u, v) for u, v, w in edges):
        ru, rv = find(u), find(v)
        if ru != rv:
            parent[ru] = rv
            total += w
    return total


def test_lemma_d1_path_with_heavy_middle_edge():
    R = [[0, 1, "1"], [1, 2, "9"], [2, 3, "1"]]
    inst = mst._mst_instance("10", R)
    base = _mst_by_hand(4, R)
    present = {(0, 1), (1, 2), (2, 3)}
    rs = max(base - _mst_by_hand(4, R + [[u, v, w]]) for u, v in itertools.combinations(range(4), 2)
             if (u, v) not in present for w in ("0", "5", "10"))
    assert rs == 9 == inst["cut"]
    assert evaluate(get_claim("retain.lemD.1"), inst, MAX_PREC).outcome == WITHIN


def test_theorem_d4_subset_attachment_counterexample_confirmed_independently():
    # points 0, 1, 2 on a line (ℓ1); R = {0, 1} joined; the outside point 2 may attach to 0 only
    inst = mst._vertex_instance([(0, 0), (1, 0), (2, 0)], [0, 1], [(0, 1)])
    w_R = F(1)
    w_new = _mst_by_hand(3, [[0, 1, 1], [2, 0, 2]])  # E' = E_R ∪ {(2, 0)}: a superset of E_R, connected
    shift = abs(w_new - w_R)
    nearest = max(min(abs(v - u) for u in (0, 1)) for v in (0, 1, 2))
    bound = max(F(nearest), w_R - F(inst["rho"]) * F(1))
    assert shift == 2 and bound == 1
    ev = evaluate(get_claim("retain.thmD.4"), inst, MAX_PREC)
    if shift > bound:  # computed here
        assert ev.outcome == VIOLATED
    # the proof's reading: 2 joins both retained vertices, the MST grows by min d = 1
    full = _mst_by_hand(3, [[0, 1, 1], [2, 0, 2], [2, 1, 1]]) - w_R
    assert full == 1 <= bound
    assert evaluate(get_claim("retain.thmD.4+fix"), inst, MAX_PREC).outcome == WITHIN


def test_mst_two_edges_on_a_path_with_two_heavy_edges():
    R = [[0, 1, "9"], [1, 2, "1"], [2, 3, "9"], [3, 4, "1"]]
    inst = mst._mst_m_instance("10", R, 2)
    base = _mst_by_hand(5, R)
    present = {(0, 1), (1, 2), (2, 3), (3, 4)}
    missing = [(u, v) for u, v in itertools.combinations(range(5), 2) if (u, v) not in present]
    rs = max(base - _mst_by_hand(5, R + [[u, v, "0"] for u, v in Z]) for Z in itertools.combinations(missing, 2))
    assert rs == 18 == inst["exposed"]
    assert evaluate(get_claim("retain.lemD.1:m-edges+fix"), inst, MAX_PREC).outcome == WITHIN


def min_spanning_by_enumeration(D, nodes):
    """The lightest connected set of |nodes| − 1 edges (every edge subset tried)."""
    edges = list(itertools.combinations(nodes, 2))
    best = None
    for sub in itertools.combinations(edges, len(nodes) - 1):
        reach, frontier = {nodes[0]}, [nodes[0]]
        while frontier:
            u = frontier.pop()
            for a, b in sub:
                for p, q in ((a, b), (b, a)):
                    if p == u and q not in reach:
                        reach.add(q)
                        frontier.append(q)
        if len(reach) == len(nodes):
            w = sum(D[a, b] for a, b in sub)
            best = w if best is None or w < best else best
    return best


def test_steiner_tree_by_hand():
    inst = mst._steiner_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], 3)
    # ℓ1 distances: the terminals' MST is 2 + 2 = 4; the centre (1, 1) is at distance 2 from each (star: 6)
    assert inst["w_Kv"] == 6 == min_spanning_by_enumeration(np.asarray(inst["metric"], dtype=object), [0, 1, 2, 3])
    D = np.asarray(inst["metric"], dtype=object)
    smt = min(min_spanning_by_enumeration(D, [0, 1, 2] + list(S)) for S in ((), (3,)))
    assert mst.smt_weight(D, [0, 1, 2]) == smt == 4
    assert evaluate(get_claim("retain.lemD.3"), inst, MAX_PREC).outcome == WITHIN


def test_the_vertex_hypothesis_still_refuses_a_wrong_term_after_its_instance_was_built():
    """_vertex_terms is memoised by the exact entries: a built instance passes, the same instance with ρ or w_K off by
    1/100 is decided false (the memo returns the computed terms, never the instance's)."""
    from certunlearn.numeric.enclosure import Decision

    inst = mst._vertex_instance([(0, 0), (2, 0), (0, 2), (1, 1)], [0, 1, 2], [(0, 1), (0, 2)])
    assert mst._vertex_ok(inst) is Decision.TRUE
    for key in ("rho", "w_K"):
        assert mst._vertex_ok({**inst, key: inst[key] + F(1, 100)}) is Decision.FALSE


# ---------------------------------------------------------------------------------------------- growth (thorough)
def test_mst_m_edges_family_grows_inside_the_hypotheses():
    import numpy as np

    from certunlearn.claims import get_claim
    from certunlearn.claims.retain import mst
    from certunlearn.numeric.enclosure import Decision

    claim = get_claim("retain.lemD.1:m-edges+fix")
    gen = claim.adversaries[0].generate
    quick = gen(np.random.default_rng(1), 40)
    assert len(quick) == 10 and [(v["B"], v["R"], v["m"]) for v in quick[:6]] == [
        (B, R, m) for B, R in mst.MST_GRAPHS for m in (2, 3)]
    grown = gen(np.random.default_rng(1), 100_000)
    assert grown[:10] == quick and len(grown) == 60
    drawn = grown[10:]
    assert {v["m"] for v in drawn} >= {1, 4} and len({len(v["R"]) for v in drawn}) >= 4
    for inst in drawn:
        assert all(h.decide(inst) is Decision.TRUE for h in claim.hypotheses), inst
