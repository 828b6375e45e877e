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

Measured figures are in README "Performance: speed" (this round: ``check --all`` 112.6 CPU-s on a 2-core machine,
against 150.9 for the previous round's a8156e9 run in turn with it; the first run of a fresh clone the same — the
committed derivation table, read by claim id where it records this very source tree, makes it a warm run); the
figures of earlier rounds, with the speed-up each one measured, are in the history of this file and of the README.
The cold pass reads the committed table only by key when a ``.py`` file changed since its last ``ship --update``.
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
