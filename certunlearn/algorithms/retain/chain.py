"""The chain ``actual ≤ RS ≤ bound ≤ GS`` on a few small instances per retain mechanism, with its slack ratios.

``python -m certunlearn.algorithms.retain.chain`` prints one row per instance: the actual shift of the given
deletion, the exact retain sensitivity (``exact`` or a certified ``lower-bound``), the paper's closed-form bound, the
global sensitivity, the ratios actual/RS, RS/bound, bound/GS, and the decision of every link of
:func:`~.sensitivity.check_chain` (✓ proved, ✗ refuted, ? undecided) — decided on enclosures, never floats.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ...numeric.fraction import Fraction as F
from .active import DescentToDeleteRS, NewtonStepRS
from .erm import LogisticERM, RidgeERM
from .graph import MSTEdge, MSTVertex
from .sensitivity import ChainCheck, check_chain
from .stats import Median, PCAProjector
from .svm import HardMarginSVM

__all__ = ["INSTANCES", "chains", "main"]


def _graph(edges: list[tuple[int, int, Any]]):
    import networkx as nx

    G = nx.Graph()
    G.add_weighted_edges_from((u, v, F(w)) for u, v, w in edges)
    return G


def _l1(points: list[tuple[int, int]]) -> np.ndarray:
    return np.asarray([[F(abs(a[0] - b[0]) + abs(a[1] - b[1])) for b in points] for a in points], dtype=object)


def _vertex_graph(nodes: list[int], edges: list[tuple[int, int]]):
    import networkx as nx

    G = nx.Graph()
    G.add_nodes_from(nodes)
    G.add_edges_from(edges)
    return G


def _col(v: list) -> np.ndarray:
    return np.asarray([[F(x)] for x in v], dtype=object)


_SQUARE = [(0, 0), (2, 0), (0, 2), (2, 2), (1, 1), (1, 0)]
_R1 = (_col(["1/2", "-1", "3/4"]), [1, -1, -1])
_Z1 = (_col(["1"]), [-1])

#: (label, mechanism factory, R, U) — small exact instances; the rng seeds the multistart searches.
INSTANCES: tuple[tuple[str, Callable[[], Any], Any, Any], ...] = (
    ("median, worst dataset", lambda: Median(1), ["0", "0", "1"], ["1"]),
    ("median, spread data", lambda: Median(10), ["0", "1", "2", "9", "10"], ["10"]),
    ("median, m = 2", lambda: Median(1), ["0", "1/2", "1", "1"], ["0", "0"]),
    ("MST edge, heavy bottleneck", lambda: MSTEdge(10), _graph([(0, 1, 1), (1, 2, 9), (2, 3, 1)]), [(0, 3, 0)]),
    ("MST edge, triangle + tail", lambda: MSTEdge(5), _graph([(0, 1, 2), (1, 2, 3), (2, 3, 5), (0, 3, 4)]), [(1, 3, 1)]),
    ("MST vertex (proof's reading)", lambda: MSTVertex(_l1(_SQUARE), F(2), steiner=F(1, 2), edges="full"),
     _vertex_graph([0, 1, 2, 3], [(0, 1), (1, 3), (3, 2)]), [4]),
    ("PCA, near-degenerate gap", lambda: PCAProjector(1, 1), [[1, 0], [0, "9/10"], [1, 0]], [["7/10", "7/10"]]),
    ("PCA, wide gap", lambda: PCAProjector(1, 1), [[1, 0], [1, 0], [0, "1/10"]], [[0, 1]]),
    ("SVM, margin-defining point", lambda: HardMarginSVM(np.asarray([[1, 0], [-1, 0], [F(1, 2), 1], [-1, -1]],
                                                                    dtype=object), [1, -1, 1, -1]),
     (np.asarray([[1, 0], [-1, 0]], dtype=object), [1, -1]), (np.asarray([[F(1, 2), 1]], dtype=object), [1])),
    ("ridge λ = 1/10 (printed eq. (2))", lambda: RidgeERM(lam=F(1, 10)), (_col(["1", "-1/2", "1/4"]), [1, 1, -1]),
     (_col(["1"]), [-1])),
    ("ridge λ = 10 (printed eq. (2))", lambda: RidgeERM(lam=10), (_col(["1/8", "-1/2", "3/4"]), [1, -1, 1]),
     (_col(["1"]), [-1])),
    ("ridge λ = 10 (+fix L)", lambda: RidgeERM(lam=10, gradient_bound="fixed"), (_col(["1/8", "-1/2", "3/4"]), [1, -1, 1]),
     (_col(["1"]), [-1])),
    ("logistic λ = 1/10, R_w = 4", lambda: LogisticERM(lam=F(1, 10), R_w=4), _R1, _Z1),
    ("D2D on logistic, σ = 1/1000", lambda: DescentToDeleteRS(LogisticERM(lam=F(1, 10), R_w=4), F(1, 2), F(1, 10**5),
                                                               F(1, 1000)), _R1, _Z1),
    ("Newton step on logistic", lambda: NewtonStepRS(LogisticERM(lam=F(1, 10), R_w=4)), _R1, _Z1),
)


def chains(seed: int = 0) -> Iterator[tuple[str, ChainCheck]]:
    """``(label, check_chain(...))`` for every instance of :data:`INSTANCES`."""
    for label, factory, R, U in INSTANCES:
        yield label, check_chain(factory().sensitivities(R, U, rng=np.random.default_rng(seed)))


def _ratio(a: float, b: float) -> str:
    if b == 0 or math.isinf(b):
        return "—" if a == 0 or math.isinf(b) else "∞"
    return f"{a / b:.3g}"


def main() -> None:
    mark = {"true": "✓", "false": "✗", "undecided": "?"}
    print(f"{'instance':34s} {'actual':>10s} {'RS':>10s} {'kind':>6s} {'bound':>10s} {'GS':>10s} "
          f"{'act/RS':>7s} {'RS/bnd':>7s} {'bnd/GS':>7s}  links (act≤RS, RS≤bnd, bnd≤GS, RS≤GS)")
    for label, ch in chains():
        f = ch.sensitivities.as_floats()
        kind = "exact" if ch.sensitivities.exact_rs_kind == "exact" else "≥"
        print(f"{label:34s} {f['actual_shift']:10.4g} {f['exact_rs']:10.4g} {kind:>6s} {f['bound']:10.4g} "
              f"{f['global']:10.4g} {_ratio(f['actual_shift'], f['exact_rs']):>7s} "
              f"{_ratio(f['exact_rs'], f['bound']):>7s} {_ratio(f['bound'], f['global']):>7s}  "
              + " ".join(mark[link.decision.value] for link in ch.links))


if __name__ == "__main__":
    main()
