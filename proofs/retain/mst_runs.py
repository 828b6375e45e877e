"""Symbolic runs of the MST (and 1-d SVM) claims' quantities on small shapes whose weights' order is fixed (issue 25, item 3).

The claims' quantities (``claims.retain.mst``: ``_mst_rs_brute``, ``_mst_m_rs`` through
``algorithms.retain.mst_edge_brute_force_rs``; ``_smt`` through ``smt_weight`` and ``prim``) run Kruskal/Prim on
numbers; networkx's Kruskal refuses sympy weights. On a shape whose weights are written as sums of nonnegative gaps
(so that every comparison the runs make is decided by the signs of the gaps) the same enumerations run here on sympy
expressions: :func:`ordered_min` / :func:`ordered_max` pick an element only when its difference with every other one
has a proved sign (sympy's assumptions), else raise — a run that cannot decide a comparison checks nothing. The MST
weight is unique, so Kruskal's tie-breaking does not matter.

Paper file ``papers/004_d584c64aaf1f17d0.txt`` (Lemmas D.1, 3.3, D.3: lines 176–184, 437–473).
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence

import sympy


def _le(x: sympy.Expr, y: sympy.Expr) -> bool:
    """Whether x ≤ y is proved by sympy's assumptions (False when x ≥ y is, with x ≠ y); raise when neither is."""
    d = sympy.expand(y - x)
    if d.is_nonnegative:
        return True
    if d.is_nonpositive:
        return False
    raise ValueError(f"the run cannot order {x} and {y} on its shape")


def ordered_min(values: Sequence[sympy.Expr]) -> sympy.Expr:
    best = values[0]
    for v in values[1:]:
        if not _le(best, v):
            best = v
    return best


def ordered_max(values: Sequence[sympy.Expr]) -> sympy.Expr:
    best = values[0]
    for v in values[1:]:
        if _le(best, v):
            best = v
    return best


def ordered_abs(d: sympy.Expr) -> sympy.Expr:
    """|d| with its sign decided by sympy's assumptions (raise when it is not)."""
    return d if _le(0, d) else -d


def kruskal_weight(nodes: Sequence[int], edges: Sequence[tuple[int, int, sympy.Expr]]) -> sympy.Expr:
    """w(MST) of the connected graph (nodes, edges) by Kruskal, its sort decided by :func:`ordered_min`."""
    parent = {v: v for v in nodes}

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    rest, total = list(edges), sympy.Integer(0)
    while rest:
        w = ordered_min([e[2] for e in rest])
        i = next(k for k, e in enumerate(rest) if sympy.expand(e[2] - w) == 0)
        a, b, _ = rest.pop(i)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            total += w
    if len({find(v) for v in nodes}) != 1:
        raise ValueError("the graph is not connected")
    return sympy.expand(total)


def edge_rs_run(nodes: Sequence[int], edges: Sequence[tuple[int, int, sympy.Expr]], m: int,
                weights: Sequence[sympy.Expr]) -> sympy.Expr:
    """``mst_edge_brute_force_rs(R, m, weights)`` on sympy weights: max |f(R) − f(R + Z)| over every set Z of m
    non-edges of R and every assignment of ``weights`` to them (f = w(MST))."""
    present = {frozenset((a, b)) for a, b, _ in edges}
    missing = [(u, v) for u, v in itertools.combinations(nodes, 2) if frozenset((u, v)) not in present]
    if len(missing) < m:
        return sympy.Integer(0)
    f0 = kruskal_weight(nodes, edges)
    moves = []
    for pairs in itertools.combinations(missing, m):
        for assign in itertools.product(weights, repeat=m):
            f1 = kruskal_weight(nodes, [*edges, *((u, v, w) for (u, v), w in zip(pairs, assign))])
            d = sympy.expand(f0 - f1)
            moves.append(ordered_abs(d))  # |f(R) − f(R + Z)|
    return ordered_max(moves)


def prim_weight(points: Sequence[int], D) -> sympy.Expr:
    """``prim(points, D)``: w(MST(K_points)) in the metric D (a nested sequence of sympy expressions)."""
    pts = list(points)
    if len(pts) <= 1:
        return sympy.Integer(0)
    return kruskal_weight(pts, [(u, v, D[u][v]) for u, v in itertools.combinations(pts, 2)])


def smt_run(D, V: Sequence[int]) -> sympy.Expr:
    """``smt_weight(D, V)``: the MST of K_(V ∪ S) minimised over the Steiner sets S of the other points."""
    rest = [i for i in range(len(D)) if i not in V]
    return ordered_min([prim_weight(list(V) + list(S), D)
                        for j in range(len(rest) + 1) for S in itertools.combinations(rest, j)])


def vertex_rs_run(D, V: Sequence[int], R: Sequence[tuple[int, int]]) -> sympy.Expr:
    """``MSTVertex(D, …, edges="full").exact_rs(R, 1)``: max over the points v outside V of |w(MST(R)) −
    w(MST(R + v))|, v joined to every vertex of R at its distances (the reading of Theorem D.4's proof)."""
    edges = [(u, v, D[u][v]) for u, v in R]
    f0 = kruskal_weight(V, edges)
    moves = []
    for v in (i for i in range(len(D)) if i not in V):
        d = sympy.expand(f0 - kruskal_weight([*V, v], [*edges, *((v, u, D[v][u]) for u in V)]))
        moves.append(ordered_abs(d))
    return ordered_max(moves)
