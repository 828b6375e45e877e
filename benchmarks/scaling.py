"""Benchmark: how the exact computations scale (CPU seconds, ``time.process_time``), with fitted exponents.

Run: ``python benchmarks/scaling.py`` (from the repository root; ``--quick`` for smaller sizes, ``--brute`` to also
time a plain brute force of the MST retain sensitivity on the karate club graph and compare the values).

- **olu exact laws**: Algorithm 1's laws, the comparators z*_i and E Regret_T on a quadratic stream in arb balls
  (the claims' rigorous mode) with k = T/10 deletions, T doubling; the exponent of CPU ~ T is fitted by least
  squares on log–log (1 = linear). Then T = 10⁴, k = 10³, and the precision check: the regret's enclosure at 128
  bits has a relative radius that does not grow with T.
- **exact values**: ``encode_instance`` of integers and fractions of 10⁴–10⁵ digits (Python's int→str limit
  is 4300 digits), and the time to write them.
- **MST retain sensitivity**, m = 2, networkx's karate club graph (483 non-edges: 116 403 pairs).
- **d2d reference mode**: seconds per gradient step of perturbed GD on a diagonal quadratic in Fraction mode, n
  doubling at d = 5 and d doubling at n = 50 (exponents in n and in d).
"""
from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

from certunlearn.numeric.fraction import Fraction

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
from flint import arb, ctx

from certunlearn.algorithms import olu as A


def cpu(fn, *args, **kwargs):
    t = time.process_time()
    out = fn(*args, **kwargs)
    return time.process_time() - t, out


def exponent(xs, ts) -> float:
    lx, lt = np.log(np.asarray(xs, float)), np.log(np.maximum(np.asarray(ts, float), 1e-6))
    return float(np.polyfit(lx, lt, 1)[0])


def olu_case(T: int, k: int, d: int = 2, seed: int = 0):
    rng = np.random.default_rng(seed)
    X = tuple(tuple(arb(float(v)) for v in row) for row in rng.uniform(-1, 1, (T, d)))
    lam = tuple(arb(1) for _ in range(d))
    s = A.Stream(A.QUADRATIC, X, lam)
    tau = sorted(int(t) for t in rng.choice(np.arange(2, T + 1), size=k, replace=False))
    u = [t - 1 for t in tau]  # distinct, u[i] ≤ τ[i]
    etas = [arb(1) / (t + 1) for t in range(1, T + 1)]
    var = [arb(1) / 100] * k

    def run():
        laws = A.passive_laws(s, (arb(0),) * d, etas, tau, u, var)
        return A.expected_regret(s, laws, tau, u)

    return run


def bench_olu(sizes) -> None:
    print("olu exact laws (passive OLU + comparators + E Regret_T, arb at 128 bits, d = 2, k = T/10)")
    ts = []
    old = ctx.prec
    ctx.prec = 128
    try:
        for T in sizes:
            t, regret = cpu(olu_case(T, T // 10))
            ts.append(t)
            rel = float(regret.rad()) / abs(float(regret.mid()))
            print(f"  T = {T:6d}  k = {T // 10:5d}  {t:7.2f} CPU-s   regret {regret.mid().str(6, radius=False)}"
                  f"  relative radius {rel:.1e}")
        print(f"  fitted exponent (CPU ~ T^p): p = {exponent(sizes, ts):.2f}")
        t, regret = cpu(olu_case(10_000, 1_000))
        print(f"  T = 10000  k =  1000  {t:7.2f} CPU-s   (target < 5 s)")
    finally:
        ctx.prec = old


def bench_exact_values() -> None:
    from certunlearn.claims.model import decode_instance, encode_instance

    print("exact values written as decimals (encode_instance)")
    for digits in (10_000, 100_000):
        big = 7 ** int(digits / math.log10(7))
        inst = {"n": big, "q": Fraction(big, 3), "r": Fraction(-big, 2 ** 40)}
        t, written = cpu(encode_instance, inst)
        back = decode_instance({"n": written["n"], "r": written["r"]})
        ok = back["n"] == big and back["r"] == inst["r"]
        print(f"  {digits:6d} digits: {t:6.3f} CPU-s, read back exactly: {ok}")


def bench_mst(brute: bool) -> None:
    import networkx as nx

    from certunlearn.algorithms.retain.graph import mst_edge_brute_force_rs

    G = nx.karate_club_graph()
    for a, b in G.edges:
        G[a][b]["weight"] = Fraction((a * 7 + b * 3) % 11 + 1, 4)
    t, r = cpu(mst_edge_brute_force_rs, G, 2)
    print(f"MST retain sensitivity, m = 2, karate club (34 vertices, 78 edges): RS = {r.value}  {t:.2f} CPU-s "
          f"(target < 30 s)")
    if brute:
        def plain():
            edges = sorted(((d["weight"], a, b) for a, b, d in G.edges(data=True)), key=lambda e: e[0])

            def mst(extra):
                parent = list(range(34))

                def find(x):
                    while parent[x] != x:
                        x = parent[x]
                    return x

                total = Fraction(0)
                for w, a, b in sorted(edges + extra, key=lambda e: e[0]):
                    ra, rb = find(a), find(b)
                    if ra != rb:
                        parent[ra] = rb
                        total += w
                return total

            f0 = mst([])
            missing = [(a, b) for a, b in itertools.combinations(range(34), 2) if not G.has_edge(a, b)]
            return max(abs(f0 - mst([(Fraction(0), a, b) for a, b in pair]))
                       for pair in itertools.combinations(missing, 2))

        t, best = cpu(plain)
        print(f"  plain brute force (Kruskal on all edges + Z): RS = {best}  {t:.2f} CPU-s, agree: "
              f"{repr(r.value) == f'Real({best})'}")


def bench_d2d(quick: bool) -> None:
    from certunlearn.algorithms.d2d import descent as D
    from certunlearn.problems.domains import Whole
    from certunlearn.problems.losses import Quadratic

    def per_step(n: int, d: int, T: int = 3) -> float:
        rng = np.random.default_rng(0)
        A2 = tuple(tuple(Fraction(i + 1) if i == j else Fraction(0) for j in range(d)) for i in range(d))
        pb = D.Problem(Quadratic(A2, 1), Whole())
        X = [[Fraction(int(v), 8 * d) for v in row] for row in rng.integers(-4, 5, (n, d))]
        t, _ = cpu(D.learn, pb, X, T=T, eta=Fraction(1, 4 * d), theta0=[Fraction(0)] * d)
        return t / T

    print("d2d reference mode (Fraction), diagonal quadratic: CPU-s per gradient step (learn, T = 3)")
    ns = [25, 50, 100, 200] if quick else [50, 100, 200, 400]
    tn = [per_step(n, 5) for n in ns]
    print("  d = 5: " + "  ".join(f"n={n}: {t:.4f}" for n, t in zip(ns, tn)) + f"   exponent in n: {exponent(ns, tn):.2f}")
    ds = [2, 4, 8, 16]
    td = [per_step(50, d) for d in ds]
    print("  n = 50: " + "  ".join(f"d={d}: {t:.4f}" for d, t in zip(ds, td)) + f"   exponent in d: {exponent(ds, td):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--brute", action="store_true")
    args = parser.parse_args()
    bench_olu([500, 1000, 2000] if args.quick else [1000, 2000, 4000, 8000])
    bench_exact_values()
    bench_mst(args.brute)
    bench_d2d(args.quick)


if __name__ == "__main__":
    main()
