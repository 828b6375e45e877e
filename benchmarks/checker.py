"""Benchmark: where ``certunlearn check --paper KEY --profile quick`` spends its time, per paper.

Run: ``python benchmarks/checker.py`` (from the repository root; ``--papers gaussian d2d`` for some papers,
``--profile thorough``). For each paper it prints

- **wall** and **CPU** seconds of the command itself (``python -m certunlearn.cli check --paper KEY --json``, in a
  subprocess; CPU = user + system of it and its worker processes), with the derivation cache **cold** (a fresh,
  empty ``CERTUNLEARN_CACHE_DIR``) and then **warm** (the same directory again);
- the **shares** of CPU time spent in derivations (``check.runner.derivation_of``), exact evaluation
  (``check.evaluate.evaluate``), search (``check.search.search``, its own time: evaluations it triggers through
  the runner are counted as evaluation) and the rest (instance generation of structured adversaries, verdict
  rules, imports), measured in one process that checks the paper's claims serially with exclusive timers around
  those calls — also cold, then warm.

CPU seconds are the figure to compare on a shared machine; wall seconds depend on what else runs.

``--claims ID ...`` prints each claim's CPU seconds instead, checked serially in this process with the cache
directory as set (``CERTUNLEARN_CACHE_DIR``; run once to warm it), slowest first; ``--cprofile OUT`` adds a cProfile of
those checks on the CPU clock (``python -m pstats OUT``) — how to find where one costly claim spends its time.

``--phases [OUT]`` prints the CPU seconds of each phase of the check (derivation lookup, structured and boundary
generation, the search's float evaluations, exact evaluation by the instance's source, ε-scale tightness, the rest;
``benchmarks/phases.py``) per paper, serially in this process with the environment's cache and shipped derivations,
and the costliest claims; OUT keeps the figures per claim as JSON.

The cold pass reads the derivation table committed beside the sources (``certunlearn/_derivations.pkl``, what a
fresh clone and a wheel carry), with the user's cache directory empty: it is a first run. ``--shipped FILE`` reads
another table instead (one written by ``python -m certunlearn.derive.ship FILE``), ``--no-table`` none at all (every
derivation cold, as after a change to the engine), both through ``CERTUNLEARN_SHIPPED_DERIVATIONS``.

Measured (README "Performance: speed"; 2 cores shared with other jobs, so CPU seconds, not wall): at c66ca03 the
cold pass cost gaussian 145 CPU-s (warm 59), d2d 248, r2d 116 — derivations are about half of a cold run, and
``pip install .`` now ships them (the build hook runs ``certunlearn.derive.ship`` by default), so the first run
after install is a warm run (since 5df85f2 the table is committed beside the sources: a checkout's first run reads
it too).
The whole ``certunlearn check --all`` after ``pip install`` of a fresh clone (empty cache) measured 253 CPU-s
(c66ca03: 634); the install itself 383 CPU-s. Serially (``--claims``, warm, seed 0), before → after memoising
``problems.losses.substitute`` (b6a6201; results identical): d2d.thm3.2 6.5 → 5.6 CPU-s, d2d.thm3.1 6.3 → 5.5,
d2d.rem3.6 8.0 → 6.4, d2d.thm3.4:accuracy 3.1 → 2.3; r2d.thm3.1:utility 9.7 and r2d.cor3.6 4.8 unchanged.
At 0210056 the first run after install cost 282 CPU-s; with the result-preserving speed-ups of the perf6 branch
(per-item worker lanes, a search's distinct instances evaluated once, Fact F.1's smaller dynamic programme, shared PLD
measures, r2d utility memos) ``check --all`` with warm derivations cost 248 CPU-s. Serially (``--claims``, warm, seed
0), before → after: d2d.factF.1 4.8 → 2.3, d2d.factF.1+fix 4.4 → 1.4, d2d.thm3.2 5.1 → 4.7, d2d.thm3.2+fix 4.9 → 4.3,
gaussian.composition-rdp 5.5 → 0.2 (and its control 5.7 → 0.01, sharing its measures), r2d.thm3.1:utility+fix
3.5 → 1.7. The next round (result-preserving, every field of every result compared): ``check --all`` 248 → 182 CPU-s
(d2d's diagonal-box fast path of projected GD, r2d's stored exact paths, pomer's shared trajectory runs, the
Steiner ratio's MSTs once per vertex set; README "Performance: speed"). Where the rest goes (serial profiles): d2d's
declared constants (sympy ``subs``, 9 %), Theorem 3.2's round-1 integrals (9 %), the accuracy tails (11 %), Theorem
4.5's Fraction enumeration; r2d's Fraction hashing of instance keys (11 %) and δ enclosures (12 %); pomer's per-cell
error functions; olu's Huber certified integrals (``privacy/clipped_gaussian``). Session 8 (perfA, results identical,
every field of the 80 d2d results compared): Theorem 4.5's six claims share their enumeration per Algorithm 5 variant,
its projected-GD runs per problem, and each mixture pair's coupling once across ε, 23.7 → 20.7 CPU-s serially;
``check --paper d2d`` 94.9 → 83.6 CPU-s back to back (a loaded machine: load 7–8). Left: Theorem 3.2's round-1
integrals (``privacy.location_mixture_hockey``, a third of d2d.thm3.2), the declared constants' sympy ``subs``
(``problems.losses``, 9 % of d2d.thm3.2), the d2d derivations' load (``proofs/d2d``, 4–5 CPU-s once per worker).
Also session 8 (perfB, results identical field by field): the Newton enclosure computes the logistic terms once per
distinct retained point and pomer's ``PiecewiseLinear.at`` keeps its balls per precision — serially (warm, base and
branch run side by side) r2d.table3:newton 10.2–11.4 → 6.0–7.8 CPU-s (three pairs), pomer.thm4.3 3.3 → 2.7, its
control 4.3 → 3.7; all r2d claims 45.3 → 42.0, all pomer 32.8 → 31.8. The Fraction hashing above is mostly cProfile's
overhead on Python-level calls: an integer-keyed lookup of r2d's setup (timed directly) saved 5–25 % of a 40 µs call
and nothing measurable per claim. Session 9 (perfD, results identical field by field): Theorem 3.2's round-1 start
search makes its rational points lazily, the perfect variant's affine-chain rounds are memoised across the ε-profile's
bisection, the Huber rounds are shared by the claims of one run owner and composed by squaring, and the declared
constants' rational expressions are evaluated in Fractions instead of sympy ``subs`` — serially (derivations stubbed,
seed 0; a machine at load 15–19, so noisy) the four d2d.thm3.2 claims 34.1 → 27.9 CPU-s run back to back, 31.8 → 29.5
run side by side (with d2d.thm3.1 and d2d.thm3.4:accuracy, 43.8 → 41.7); all 80 d2d claims side by side 146.3 → 141.5.
Session 10 (perfhyp, results identical field by field): a derivation's cache key wrote its fingerprint (a symbolic
start runs its algorithm for it) twice per claim — result and shipped key — and again per lemma; it is now written
once per derivation, in the parent before the workers fork. The keys of all 280 derived claims, serially: 37.4 →
19.6 CPU-s (d2d 26.6, pomer 6.5 of the 37.4); ``check --paper d2d`` (warm, shipped derivations, a machine at load 6–7)
189.3 → 181.1 CPU-s, pomer 66.0 → 63.6, olu 43.7 → 43.2. The ordinary claim's cost is its own (predicates of the
claims' modules, exact paths, δ enclosures), not this overhead.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAPERS = ("gaussian", "d2d", "r2d", "retain", "olu", "pomer")


SHIPPED: str | None = None


def _env(cache: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CERTUNLEARN_CACHE_DIR": cache}
    env.pop("CERTUNLEARN_SHIPPED_DERIVATIONS", None)
    if SHIPPED:
        env["CERTUNLEARN_SHIPPED_DERIVATIONS"] = SHIPPED
    return env


def run_cli(paper: str, profile: str, cache: str) -> tuple[float, float]:
    """(wall, CPU) seconds of ``check --paper`` in a subprocess (CPU of it and of its waited-for workers)."""
    env = _env(cache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as cx:
        subprocess.run([sys.executable, "-m", "certunlearn.cli", "check", "--paper", paper, "--profile", profile,
                        "--json", "--counterexamples", cx], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


SHARES_CODE = r'''
import json, sys, time
from certunlearn.check import runner
from certunlearn.claims import all_claims

spent = {"derivation": 0.0, "evaluation": 0.0, "search": 0.0}
stack = []

def timed(kind, fn):
    def wrapper(*a, **k):
        stack.append(0.0)
        t = time.process_time()
        try:
            return fn(*a, **k)
        finally:
            total = time.process_time() - t
            inner = stack.pop()
            spent[kind] += total - inner
            if stack:
                stack[-1] += total
    return wrapper

runner.derivation_of = timed("derivation", runner.derivation_of)
runner.evaluate = timed("evaluation", runner.evaluate)
runner.search = timed("search", runner.search)
start = time.process_time()
for c in all_claims(sys.argv[1]):
    runner.check_claim(c.id, sys.argv[2], 0)
spent["total"] = time.process_time() - start
print(json.dumps(spent))
'''


def shares(paper: str, profile: str, cache: str) -> dict[str, float]:
    env = _env(cache)
    out = subprocess.run([sys.executable, "-c", SHARES_CODE, paper, profile], env=env, cwd=ROOT,
                         capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    import json

    return json.loads(out.stdout.strip().splitlines()[-1])


def per_claim(ids: list[str], profile: str, out: str | None) -> None:
    """CPU seconds of each claim's check, serially in this process (``CERTUNLEARN_CACHE_DIR`` as set: warm it
    first), slowest first; with ``out``, a cProfile of them all on the CPU clock (``python -m pstats OUT``)."""
    import cProfile

    from certunlearn.check import runner
    from certunlearn.claims import get_claim

    for cid in ids:
        get_claim(cid)  # imports and registry before timing
    prof = cProfile.Profile(time.process_time) if out else None
    spent = []
    for cid in ids:
        start = time.process_time()
        if prof:
            prof.enable()
        result = runner.check_claim(cid, profile, 0)
        if prof:
            prof.disable()
        spent.append((time.process_time() - start, cid, result.verdict))
    for cpu, cid, verdict in sorted(spent, reverse=True):
        print(f"{cpu:8.2f}  {cid}  {verdict}")
    print(f"{sum(c for c, _, _ in spent):8.2f}  total ({len(ids)} claims, serial{', profiled' if prof else ''})")
    if prof:
        prof.dump_stats(out)


def phases(papers: list[str], profile: str, out: str | None) -> None:
    """The phase table of ``benchmarks/phases.py`` for ``papers``' claims (serial, this process)."""
    import json

    start = time.process_time()
    from certunlearn.claims import all_claims
    from phases import measure, with_other

    claims = [c for p in papers for c in all_claims(p)]
    imports = time.process_time() - start
    timer, _ = measure(claims, profile)
    rows = {p: with_other(r) for p, r in timer.per_paper.items()}
    kinds = sorted({k for r in rows.values() for k in r}, key=lambda k: (k == "other", k))
    print(f"{'phase':22}" + "".join(f"{p:>9}" for p in rows) + f"{'all':>9}")
    for k in kinds + ["total"]:
        row = [sum(r.values()) if k == "total" else r.get(k, 0.0) for r in rows.values()]
        print(f"{k:22}" + "".join(f"{v:9.1f}" for v in row) + f"{sum(row):9.1f}")
    print(f"imports and registry (once per process): {imports:.1f} CPU-s")
    costly = sorted(timer.per_claim.items(), key=lambda kv: -kv[1]["judge-total"])
    for cid, r in costly[:15]:
        print(f"{r['judge-total']:8.2f}  {cid}  " + ", ".join(f"{k} {v:.2f}" for k, v in with_other(r).items() if v >= 0.05))
    if out:
        Path(out).write_text(json.dumps({"imports": imports, "per_paper": timer.per_paper,
                                         "per_claim": timer.per_claim}, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--papers", nargs="*", default=list(PAPERS), choices=PAPERS)
    parser.add_argument("--profile", default="quick", choices=("quick", "thorough"))
    parser.add_argument("--no-shares", action="store_true", help="only the command's wall and CPU seconds")
    parser.add_argument("--cold-only", action="store_true", help="one pass per paper, with an empty cache")
    parser.add_argument("--shipped", metavar="FILE", help="another derivation table than the committed one (python -m "
                        "certunlearn.derive.ship FILE)")
    parser.add_argument("--no-table", action="store_true", help="no derivation table: the cold pass derives everything")
    parser.add_argument("--claims", nargs="+", metavar="ID", help="instead: each claim's CPU seconds, checked serially "
                        "in this process (the current cache directory)")
    parser.add_argument("--cprofile", metavar="OUT", help="with --claims: a cProfile of their checks, on the CPU clock")
    parser.add_argument("--phases", metavar="OUT", nargs="?", const="", help="instead: the CPU seconds of each phase "
                        "of the check (serial, one process, the environment's cache); OUT: the raw figures as JSON")
    args = parser.parse_args()
    if args.phases is not None:
        phases(args.papers, args.profile, args.phases or None)
        return
    if args.claims:
        per_claim(args.claims, args.profile, args.cprofile)
        return
    global SHIPPED
    SHIPPED = (str(Path(args.shipped).resolve()) if args.shipped
               else os.path.join(tempfile.gettempdir(), "certunlearn-no-derivation-table") if args.no_table else None)
    print(f"{'paper':9} {'cache':5} {'wall s':>8} {'CPU s':>8} | {'CPU s*':>7} {'deriv':>6} {'eval':>6} {'search':>6} "
          f"{'other':>6}   (* serial, in one process)")
    totals = {"cold": [0.0, 0.0], "warm": [0.0, 0.0]}
    for paper in args.papers:
        with tempfile.TemporaryDirectory() as cache:
            for state in ("cold",) if args.cold_only else ("cold", "warm"):
                wall, cpu = run_cli(paper, args.profile, cache)
                totals[state][0] += wall
                totals[state][1] += cpu
                line = f"{paper:9} {state:5} {wall:8.1f} {cpu:8.1f} |"
                if not args.no_shares:
                    fresh = tempfile.mkdtemp() if state == "cold" else cache
                    s = shares(paper, args.profile, fresh)
                    t = s["total"] or 1.0
                    other = t - s["derivation"] - s["evaluation"] - s["search"]
                    line += (f" {s['total']:7.1f} {s['derivation'] / t:6.0%} {s['evaluation'] / t:6.0%} "
                             f"{s['search'] / t:6.0%} {other / t:6.0%}")
                print(line, flush=True)
    for state, (wall, cpu) in totals.items():
        if args.cold_only and state == "warm":
            continue
        print(f"{'sum':9} {state:5} {wall:8.1f} {cpu:8.1f}")


if __name__ == "__main__":
    main()
