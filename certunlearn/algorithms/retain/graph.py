"""Retain sensitivity of the minimum-spanning-tree weight (Section 3.2, lines 159–186; Appendix D, lines
433–493 of ``papers/004_d584c64aaf1f17d0.txt``), under edge-weight adjacency and under vertex adjacency.

Graphs are ``networkx.Graph`` objects; weights are exact Fractions (floats convert exactly, strings as
decimals) and MSTs are computed by networkx (Kruskal) on them, so every MST weight is exact.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import networkx as nx
import numpy as np
import sympy

from ...errors import AssumptionViolatedError, InvalidParameterError
from ...formulas.retain import (  # the printed formulas (re-exported where listed in __all__)
    MST_EDGE_GS_EXPR, MST_VERTEX_BOUND_EXPR, MST_VERTEX_GS_EXPR,
)
from ...numeric.fraction import Fraction
from ..parameters import positive
from .numeric import Real, fraction_of, fractions_of
from .sensitivity import SYMBOLS, Mechanism, Quantity, RSResult, deletion_size

__all__ = [
    "mst_weight", "MSTEdge", "cut_formula", "exposed_edges", "mst_edge_brute_force_rs",
    "MSTVertex", "VertexDeletion", "steiner_ratio", "MST_EDGE_GS_EXPR", "MST_VERTEX_BOUND_EXPR", "MST_VERTEX_GS_EXPR",
]

_B, _n, _rho = SYMBOLS["B"], SYMBOLS["n"], SYMBOLS["rho"]
_near, _wR, _wK = sympy.symbols("nearest w_R w_K", nonnegative=True)

#: Largest number of candidate deletion sets a brute force enumerates before refusing.
MAX_CANDIDATES = 200_000


def mst_weight(G: nx.Graph) -> Fraction:
    """``f(G) = w(MST(G))`` exactly (networkx Kruskal on exact weights); G must be connected."""
    if G.number_of_nodes() == 0:
        raise InvalidParameterError("graph", "has no vertices")
    if not nx.is_connected(G):
        raise InvalidParameterError("graph", "is not connected: it has no spanning tree")
    T = nx.minimum_spanning_tree(G, weight="weight", algorithm="kruskal")
    return sum((d["weight"] for _, _, d in T.edges(data=True)), Fraction(0))


def _pair(u: Any, v: Any) -> frozenset:
    return frozenset((u, v))


# =========================================================================== edge-weight adjacency
def cut_formula(R: nx.Graph) -> Fraction:
    """Lemma 3.3 / D.1 as printed: ``max_{S ⊂ V: ∃u∈S, v∉S, {u,v} ∉ E_R} w_1(S)``, w_1(S) the lightest edge of
    E_R crossing the cut (0 when no cut has a missing pair), by enumerating the ``2^(|V|−1) − 1`` cuts."""
    nodes = list(R.nodes)
    if len(nodes) > 20:
        raise InvalidParameterError("R", f"cut enumeration over {len(nodes)} vertices is too large (≤ 20)")
    first, rest = nodes[0], nodes[1:]
    best = Fraction(0)
    for r in range(0, len(rest)):
        for others in itertools.combinations(rest, r):
            S = {first, *others}
            crossing = [d["weight"] for u, v, d in R.edges(data=True) if (u in S) != (v in S)]
            if len(crossing) < len(S) * (len(nodes) - len(S)):  # a crossing pair is missing from E_R
                best = max(best, min(crossing)) if crossing else best
    return best


def exposed_edges(R: nx.Graph) -> list[tuple[Any, Any, Fraction]]:
    """The edges e of T = MST(R) (networkx's) whose fundamental cut (the two components of T − e) is crossed
    by a non-edge of R, with their weights, heaviest first."""
    T = nx.minimum_spanning_tree(R, weight="weight", algorithm="kruskal")
    out = []
    n = R.number_of_nodes()
    for u, v, d in list(T.edges(data=True)):
        T.remove_edge(u, v)
        S = nx.node_connected_component(T, u)
        T.add_edge(u, v, **d)
        crossing = sum(1 for a, b in R.edges if (a in S) != (b in S))
        if crossing < len(S) * (n - len(S)):
            out.append((u, v, d["weight"]))
    out.sort(key=lambda t: t[2], reverse=True)
    return out


@dataclass(frozen=True, eq=False)
class MSTEdge(Mechanism):
    """The MST weight under edge-weight adjacency (Section 3.2, lines 169–186; Lemma D.1, lines 437–453):
    deleting U = adding m edges ``{u, v} ∉ E_R`` with weights in ``[0, B]``; R must be connected.

    * exact RS (exact, brute force): ``f(R + Z)`` is nondecreasing in every added weight and at most f(R), so
      the largest drop over weights in ``[0, B]`` is at weight 0; all ``C(N, m)`` sets of m non-edges at weight
      0 are enumerated (:func:`mst_edge_brute_force_rs` also enumerates a finite weight grid);
    * bound, m = 1: Lemma 3.3 / D.1 as printed (:func:`cut_formula`);
      m > 1 (extension): ``RS_m(R) ≤`` the sum of the m largest weights of **exposed** MST edges
      (:func:`exposed_edges`). Derivation: add the zero-weight edges one at a time; each addition replaces the
      heaviest edge on the cycle it closes in the current MST, which is an edge e of T = MST(R) (new edges
      weigh 0, and a replaced new edge drops nothing). That cycle crosses the fundamental cut of e in T an
      even number of times: once through e, never through another T-edge, so also through some added edge —
      a non-edge of R. Hence every replaced edge is exposed and distinct, and the drop is the sum of their
      weights. At m = 1 the heaviest exposed edge equals the cut formula (the MST edge of largest weight on
      the tree path between the ends of a non-edge is the minimum of its own fundamental cut);
    * global: ``min(m, |V| − 1)·B`` — the printed ``GS = B`` (line 182) for m = 1 (an upper bound, attained
      for |V| ≥ 3 by the paper's example).
    """

    B: Any
    name: ClassVar[str] = "mst-edge"
    source: ClassVar[str] = "Section 3.2; Lemma 3.3 (lines 176–182), Lemma D.1 (lines 437–453)"
    norm: ClassVar[str] = "absolute change of the MST weight"

    def __post_init__(self) -> None:
        object.__setattr__(self, "B", positive(self.B, "B"))

    def _weight(self, w: Any, name: str) -> Fraction:
        q = fraction_of(w, name)
        if not 0 <= q <= self.B:
            raise AssumptionViolatedError("w(e) ∈ [0, B]", f"{name} = {float(q)!r} is outside [0, {self.B}]")
        return q

    def prepare(self, R: Any) -> nx.Graph:
        if not isinstance(R, nx.Graph) or R.is_directed() or R.is_multigraph():
            raise InvalidParameterError("R", "expected an undirected networkx.Graph")
        if R.number_of_nodes() < 2 or not nx.is_connected(R):
            raise InvalidParameterError("R", "must be connected with at least 2 vertices")
        G = nx.Graph()
        G.add_nodes_from(R.nodes)
        for u, v, d in R.edges(data=True):
            if u == v:
                raise InvalidParameterError("R", f"has a self-loop at {u!r}")
            if "weight" not in d:
                raise InvalidParameterError("R", f"edge {(u, v)!r} has no 'weight'")
            G.add_edge(u, v, weight=self._weight(d["weight"], f"w({u!r}, {v!r})"))
        return G

    def deletion(self, R: nx.Graph, U: Any) -> list[tuple[Any, Any, Fraction]]:
        out, seen = [], set()
        for item in U:
            try:
                u, v, w = item
            except (TypeError, ValueError) as e:
                raise InvalidParameterError("U", f"expected (u, v, weight) triples, got {item!r}") from e
            if u not in R or v not in R or u == v:
                raise InvalidParameterError("U", f"{(u, v)!r} is not a pair of distinct vertices of R")
            if R.has_edge(u, v) or _pair(u, v) in seen:
                raise InvalidParameterError("U", f"{(u, v)!r} is already an edge (of R or of U)")
            seen.add(_pair(u, v))
            out.append((u, v, self._weight(w, f"w({u!r}, {v!r})")))
        if not out:
            raise InvalidParameterError("U", "the deletion set is empty")
        return out

    def size(self, U: Any) -> int:
        return len(U)

    @staticmethod
    def _with(R: nx.Graph, U: Iterable[tuple[Any, Any, Fraction]]) -> nx.Graph:
        G = R.copy()
        for u, v, w in U:
            G.add_edge(u, v, weight=w)
        return G

    def baseline(self, R: Any) -> np.ndarray:
        return np.asarray([mst_weight(self.prepare(R))], dtype=object)

    def update(self, R: Any, U: Any) -> np.ndarray:
        R = self.prepare(R)
        return np.asarray([mst_weight(self._with(R, self.deletion(R, U)))], dtype=object)

    def shift(self, R: Any, U: Any) -> Real:
        R = self.prepare(R)
        return Real.rational(abs(mst_weight(R) - mst_weight(self._with(R, self.deletion(R, U)))))

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        R, m = self.prepare(R), deletion_size(m)
        return mst_edge_brute_force_rs(R, m, (Fraction(0),), _checked=True)

    def bound(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        if m == 1:
            return Quantity(Real.rational(cut_formula(R)), "Lemma 3.3 / D.1 (lines 176–182, 437–453), as printed")
        weights = [w for _, _, w in exposed_edges(R)][:m]
        return Quantity(Real.rational(sum(weights, Fraction(0))),
                        "extension: sum of the m heaviest exposed MST edges (see MSTEdge)")

    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        k = min(m, R.number_of_nodes() - 1)
        return Quantity(Real.rational(k * self.B), "Lemma 3.3's proof (line 182): GS = B per added edge",
                        "upper-bound")


def mst_edge_brute_force_rs(R: nx.Graph, m: int = 1, weights: Sequence[Any] = (0,), *,
                            _checked: bool = False) -> RSResult:
    """``max |f(R) − f(R + Z)|`` over every set Z of m non-edges of R and every weight assignment from the
    finite set ``weights`` (exact; refuses more than :data:`MAX_CANDIDATES` candidates, naming ``m``)."""
    m = deletion_size(m)
    if not _checked:
        R = MSTEdge(max([Fraction(1)] + [fraction_of(d["weight"], "weight") for *_, d in R.edges(data=True)]
                        + [fraction_of(w, "weights") for w in weights])).prepare(R)
    ws = sorted(set(fraction_of(w, "weights") for w in weights))
    missing = [(u, v) for u, v in itertools.combinations(list(R.nodes), 2) if not R.has_edge(u, v)]
    from math import comb
    count = comb(len(missing), m) * len(ws) ** m
    if count > MAX_CANDIDATES:
        raise InvalidParameterError("m", f"{count} candidate deletion sets exceed the brute-force limit")
    f0 = mst_weight(R)
    if len(missing) < m:
        return RSResult(Real.rational(0), "exact", f"no set of {m} non-edges exists (R has {len(missing)}): RS = 0")
    # f(R + Z) = w(MST(MST(R) ∪ Z)) (an edge off MST(R) is a heaviest edge of a cycle of R, hence of R + Z): Kruskal
    # on the |V| − 1 tree edges and the m new ones, with integer union–find; the change is (tree weight dropped) −
    # (new weight taken), exact.
    index = {v: i for i, v in enumerate(R.nodes)}
    tree = sorted(((d["weight"], index[a], index[b])
                   for a, b, d in nx.minimum_spanning_tree(R, weight="weight", algorithm="kruskal").edges(data=True)),
                  key=lambda e: e[0])
    n_nodes = len(index)

    def change(extra: list[tuple[Fraction, int, int]]) -> Fraction:
        parent = list(range(n_nodes))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        dropped, taken = Fraction(0), Fraction(0)
        for w, a, b, new in sorted([*((w, a, b, False) for w, a, b in tree), *((w, a, b, True) for w, a, b in extra)],
                                   key=lambda e: (e[0], not e[3])):
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
                if new:
                    taken += w
            elif not new:
                dropped += w
        return dropped - taken

    best, witness = Fraction(0), None
    for pairs in itertools.combinations(missing, m):
        ends = [(index[u], index[v]) for u, v in pairs]
        for assign in itertools.product(ws, repeat=m):
            s = abs(change([(w, a, b) for (a, b), w in zip(ends, assign)]))  # = |f(R) − f(R + Z)|
            if witness is None or s > best:
                best, witness = s, [(u, v, w) for (u, v), w in zip(pairs, assign)]
    where = "at weight 0" if ws == [0] else f"over the weights {[str(w) for w in ws]}"
    return RSResult(Real.rational(best), "exact",
                    f"brute force over the {comb(len(missing), m)} sets of {m} non-edges {where}", witness)


# =========================================================================== vertex adjacency
def prim(points: Sequence[int], D: np.ndarray) -> Fraction:
    """MST weight of the complete metric graph on ``points`` (Prim, exact)."""
    pts = list(points)
    if len(pts) <= 1:
        return Fraction(0)
    inside = {pts[0]}
    best = {p: D[pts[0], p] for p in pts[1:]}
    total = Fraction(0)
    while best:
        p = min(best, key=best.__getitem__)
        total += best.pop(p)
        inside.add(p)
        for q in best:
            if D[p, q] < best[q]:
                best[q] = D[p, q]
    return total


def steiner_ratio(D: Any, max_points: int = 9) -> Fraction:
    """``ρ_d = inf_T w(SMT(T))/w(MST(K_T))`` (Theorem D.4, line 479; Definition D.2, line 465) of a **finite**
    metric space with distance matrix D, exactly: SMT(T) is the MST of ``K_(T ∪ S)`` minimised over Steiner
    sets ``S ⊆ 𝒱 \\ T``; T ranges over sets of ≥ 2 points with w(MST(K_T)) > 0."""
    D = fractions_of(D, "metric", ndim=2)
    N = D.shape[0]
    if N > max_points:
        raise InvalidParameterError("metric", f"exact Steiner ratio of {N} points exceeds max_points = {max_points}")
    best: Fraction | None = None
    idx = list(range(N))
    msts: dict[frozenset, Fraction] = {}  # w(MST(K_U)) depends on the set U alone: each of the 2^N sets once, not 3^N

    def mst_of(points: tuple) -> Fraction:
        key = frozenset(points)
        if key not in msts:
            msts[key] = prim(points, D)
        return msts[key]

    for r in range(2, N + 1):
        for T in itertools.combinations(idx, r):
            mst = mst_of(T)
            if mst == 0:
                continue
            rest = [i for i in idx if i not in T]
            smt = min(mst_of(T + S) for j in range(len(rest) + 1) for S in itertools.combinations(rest, j))
            ratio = smt / mst
            best = ratio if best is None or ratio < best else best
    return best if best is not None else Fraction(1)


@dataclass(frozen=True)
class VertexDeletion:
    """New vertices (points of the universe) and their edges; ``edges=None`` means every pair touching a new
    vertex (the "full" reading)."""

    vertices: tuple[int, ...]
    edges: tuple[tuple[int, int], ...] | None = None


@dataclass(frozen=True, eq=False)
class MSTVertex(Mechanism):
    """The MST weight under vertex adjacency (Appendix D.0.2, lines 455–493) over a **finite** metric universe
    𝒱 = {0, …, N−1} with distance matrix ``metric`` (exact; diameter ≤ 2B, triangle inequality checked).

    R is a connected ``networkx.Graph`` on vertices of 𝒱 (edge weights are the distances). Deleting U = adding
    m new vertices of 𝒱 with edges ``E' ⊇ E_R``. ``edges``: which E' the definition allows (line 461):

    * ``"full"`` — E' = E_R plus every pair touching a new vertex (the reading the proof of Theorem D.4 uses,
      line 485: "for any e ∈ E_v, (V_R, E_{T_R} ∪ e) is a spanning tree of R'");
    * ``"any"`` — any E' between E_R and that, keeping the graph connected (the definition as printed,
      "max over v ∈ 𝒱 and E': E_R ⊂ E'"); a deletion set then lists its edges.

    * exact RS (exact, brute force over the finite universe): every set of m new vertices (and, for "any",
      every connected choice of new edges) is enumerated;
    * bound, m = 1: Theorem D.4's numerator as printed, ``max{max_(v∈𝒱) min_(v'∈V_R) d(v, v'), w(MST(R)) −
      ρ_d·w(MST(K_V_R))}`` with ``ρ`` = ``steiner_ratio`` (default 1/2, valid in every metric space since
      MST ≤ 2·SMT; ``"exact"`` computes ρ_d of the finite universe, :func:`steiner_ratio`); m > 1 (extension,
      "full" reading): attaching each new vertex as a leaf at its nearest retained vertex spans R', so the
      increase is ≤ ``m·max_v min_v' d(v, v')``, while the decrease argument (Lemma D.3) is unchanged:
      ``max{m·max_v min_v' d(v, v'), w(MST(R)) − ρ·w(MST(K_V_R))}``;
    * global: ``(n − 2)B`` (line 481), which the paper proves only as a **lower bound** on GS.
    """

    metric: Any
    B: Any
    steiner: Any = Fraction(1, 2)
    edges: str = "full"
    name: ClassVar[str] = "mst-vertex"
    source: ClassVar[str] = "Appendix D.0.2; Lemma D.3 (lines 467–473), Theorem D.4 (lines 475–493)"
    norm: ClassVar[str] = "absolute change of the MST weight"

    def __post_init__(self) -> None:
        B = positive(self.B, "B")
        object.__setattr__(self, "B", B)
        D = fractions_of(self.metric, "metric", ndim=2)
        N = D.shape[0]
        if N < 2 or D.shape[1] != N:
            raise InvalidParameterError("metric", f"expected a square distance matrix of ≥ 2 points, got {D.shape}")
        for i in range(N):
            if D[i, i] != 0:
                raise AssumptionViolatedError("metric", f"d({i}, {i}) = {D[i, i]} ≠ 0")
            for j in range(N):
                if D[i, j] != D[j, i] or D[i, j] < 0 or (i != j and D[i, j] == 0):
                    raise AssumptionViolatedError("metric", f"d({i}, {j}) is not a symmetric positive distance")
                if D[i, j] > 2 * B:
                    raise AssumptionViolatedError("diameter ≤ 2B", f"d({i}, {j}) = {D[i, j]} > 2B = {2 * B}")
                for k in range(N):
                    if D[i, k] > D[i, j] + D[j, k]:
                        raise AssumptionViolatedError("metric", f"triangle inequality fails at ({i}, {j}, {k})")
        object.__setattr__(self, "metric", D)
        if self.edges not in ("full", "any"):
            raise InvalidParameterError("edges", f"expected 'full' or 'any', got {self.edges!r}")
        if isinstance(self.steiner, str):
            if self.steiner != "exact":
                raise InvalidParameterError("steiner", f"expected a number in (0, 1] or 'exact', got {self.steiner!r}")
            object.__setattr__(self, "steiner", steiner_ratio(D))
        else:
            rho = positive(self.steiner, "steiner")
            if rho > 1:
                raise InvalidParameterError("steiner", f"a Steiner ratio is ≤ 1, got {rho}")
            object.__setattr__(self, "steiner", rho)

    @property
    def universe_size(self) -> int:
        return int(self.metric.shape[0])

    def prepare(self, R: Any) -> nx.Graph:
        if not isinstance(R, nx.Graph) or R.is_directed() or R.is_multigraph():
            raise InvalidParameterError("R", "expected an undirected networkx.Graph")
        N = self.universe_size
        for v in R.nodes:
            if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or not 0 <= v < N:
                raise InvalidParameterError("R", f"vertex {v!r} is not a point 0..{N - 1} of the universe")
        if R.number_of_nodes() == 0 or not nx.is_connected(R):
            raise InvalidParameterError("R", "must be non-empty and connected")
        G = nx.Graph()
        G.add_nodes_from(int(v) for v in R.nodes)
        G.add_edges_from((int(u), int(v), {"weight": self.metric[u, v]}) for u, v in R.edges if u != v)
        return G

    def _allowed(self, R: nx.Graph, vertices: Sequence[int]) -> list[tuple[int, int]]:
        new = list(vertices)
        return [(v, u) for v in new for u in R.nodes] + list(itertools.combinations(new, 2))

    def deletion(self, R: nx.Graph, U: Any) -> VertexDeletion:
        """U as a :class:`VertexDeletion`: a list of vertices (``edges="full"``), or ``(vertices, edges)`` /
        a VertexDeletion with explicit edges (``edges="any"``)."""
        if isinstance(U, VertexDeletion):
            vertices, edges = U.vertices, U.edges
        elif isinstance(U, tuple) and len(U) == 2 and not isinstance(U[0], (int, np.integer)):
            vertices, edges = U
        else:
            vertices, edges = U, None
        vs: list[int] = []
        for v in vertices:
            if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or not 0 <= v < self.universe_size:
                raise InvalidParameterError("U", f"vertex {v!r} is not a point of the universe")
            if int(v) in R or int(v) in vs:
                raise InvalidParameterError("U", f"vertex {v!r} is already in the graph")
            vs.append(int(v))
        if not vs:
            raise InvalidParameterError("U", "the deletion set is empty")
        if edges is None:
            if self.edges == "any":
                raise InvalidParameterError("U", "under edges='any' a deletion set is (vertices, edges)")
            return VertexDeletion(tuple(vs), None)
        if self.edges == "full":
            raise InvalidParameterError("U", "under edges='full' a deletion set is a list of vertices")
        ok = {_pair(a, b) for a, b in self._allowed(R, vs)}
        es = []
        for e in edges:
            a, b = (int(x) for x in e)
            if _pair(a, b) not in ok:
                raise InvalidParameterError("U", f"edge {(a, b)!r} does not touch a new vertex")
            es.append((a, b))
        out = VertexDeletion(tuple(vs), tuple(es))
        if not nx.is_connected(self._with(R, out)):
            raise InvalidParameterError("U", "the new graph R ∪ U is not connected")
        return out

    def size(self, U: Any) -> int:
        return len(U.vertices)

    def _with(self, R: nx.Graph, U: VertexDeletion) -> nx.Graph:
        G = R.copy()
        G.add_nodes_from(U.vertices)
        edges = self._allowed(R, U.vertices) if U.edges is None else U.edges
        G.add_edges_from((a, b, {"weight": self.metric[a, b]}) for a, b in edges)
        return G

    def baseline(self, R: Any) -> np.ndarray:
        return np.asarray([mst_weight(self.prepare(R))], dtype=object)

    def update(self, R: Any, U: Any) -> np.ndarray:
        R = self.prepare(R)
        return np.asarray([mst_weight(self._with(R, self.deletion(R, U)))], dtype=object)

    def shift(self, R: Any, U: Any) -> Real:
        R = self.prepare(R)
        return Real.rational(abs(mst_weight(R) - mst_weight(self._with(R, self.deletion(R, U)))))

    def exact_rs(self, R: Any, m: int = 1, *, include: Any = None, rng: Any = None) -> RSResult:
        R, m = self.prepare(R), deletion_size(m)
        outside = [v for v in range(self.universe_size) if v not in R]
        if len(outside) < m:
            raise InvalidParameterError("m", f"only {len(outside)} points of the universe are outside R")
        f0 = mst_weight(R)
        best, witness, count = Fraction(-1), None, 0
        for vs in itertools.combinations(outside, m):
            allowed = self._allowed(R, vs)
            if self.edges == "full":
                choices: Iterable[tuple[tuple[int, int], ...] | None] = [None]
            else:
                if 2 ** len(allowed) > MAX_CANDIDATES:
                    raise InvalidParameterError("m", f"2^{len(allowed)} edge sets exceed the brute-force limit")
                choices = (tuple(e for e, keep in zip(allowed, mask) if keep)
                           for mask in itertools.product((0, 1), repeat=len(allowed)))
            for es in choices:
                G = self._with(R, VertexDeletion(vs, es))
                if not nx.is_connected(G):
                    continue
                count += 1
                s = abs(f0 - mst_weight(G))
                if s > best:
                    best, witness = s, VertexDeletion(vs, es)
        return RSResult(Real.rational(best), "exact",
                        f"brute force over {count} extensions by {m} vertices ({self.edges!r} edge sets)", witness)

    def bound(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        D, VR = self.metric, list(R.nodes)
        nearest = max(min(D[v, u] for u in VR) for v in range(self.universe_size))
        wR, wK = mst_weight(R), prim(VR, D)
        value = max(m * nearest, wR - self.steiner * wK)
        src = ("Theorem D.4 (lines 475–479), as printed" if m == 1 else
               "extension of Theorem D.4: max{m·max_v min d(v, V_R), w(MST(R)) − ρ·w(MST(K_V_R))}")
        return Quantity(Real.rational(value), f"{src}, ρ = {self.steiner}")

    def global_sensitivity(self, R: Any, m: int = 1) -> Quantity:
        R, m = self.prepare(R), deletion_size(m)
        n = R.number_of_nodes()
        return Quantity(Real.rational(max(n - 2, 0) * self.B), "Theorem D.4's proof (line 481): GS ≥ (n − 2)B",
                        "lower-bound")
