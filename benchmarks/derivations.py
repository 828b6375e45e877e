"""CPU seconds of ``check_derivation`` over every registered claim: cold (empty disk cache) vs warm.

    python benchmarks/derivations.py [--cache-dir DIR] [--no-baseline] [--cold-only] [--json]
                                     [--statuses FILE] [--compare BEFORE.json] [--per FILE]

``--per FILE`` writes the cold pass's CPU seconds per derivation (claim id → seconds; a lemma's first check is
counted in the derivation that cites it first).

Measured on 2 cores, fresh clone (2026-11-26, 245 derivations): cold 123.2 CPU s, warm 0.53 CPU s (245 hits,
0 misses), no cache 119.9 CPU s; statuses identical across passes. (Earlier, 193 derivations: cold 94.7, warm
0.43.)

Each pass runs in a fresh Python process (so the in-process cache plays no part) against the same cache
directory — a new temporary one unless ``--cache-dir`` is given: the first pass fills it (cold), the second reads
it (warm). A third pass with ``CERTUNLEARN_NO_CACHE=1`` measures the engine without the disk cache. Only the
calls to ``check_derivation`` are timed (``time.process_time``), not imports or loading the proofs modules.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PASS = r"""
import json, time
from certunlearn.claims import all_claims
from certunlearn.derive import MissingDerivationError, cache, check_derivation, load_derivation
pairs = []
for claim in all_claims():
    if claim.derivation is None:
        continue
    try:
        pairs.append((claim, load_derivation(claim.derivation)))
    except MissingDerivationError:
        pass
statuses, per = {}, {}
t0, w0 = time.process_time(), time.perf_counter()
for claim, derivation in pairs:
    c0 = time.process_time()
    r = check_derivation(derivation, claim)
    per[claim.id] = time.process_time() - c0
    statuses[claim.id] = [s.status for s in r.steps] + [r.link, r.proof]
cpu, wall = time.process_time() - t0, time.perf_counter() - w0
print(json.dumps({"derivations": len(pairs), "cpu": cpu, "wall": wall, "stats": cache.stats(), "statuses": statuses,
                  "per": per}))
"""


def run_pass(cache_dir: str, no_cache: bool = False) -> dict:
    env = dict(os.environ, CERTUNLEARN_CACHE_DIR=cache_dir,
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("CERTUNLEARN_NO_CACHE", None)
    if no_cache:
        env["CERTUNLEARN_NO_CACHE"] = "1"
    out = subprocess.run([sys.executable, "-c", _PASS], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def counts(statuses: dict) -> tuple[dict[str, int], dict[str, int]]:
    """(steps per status, claims per proof status) of a pass's ``statuses``."""
    steps: dict[str, int] = {}
    proofs: dict[str, int] = {}
    for entry in statuses.values():
        *step_statuses, _link, proof = entry
        for s in step_statuses:
            steps[s] = steps.get(s, 0) + 1
        proofs[proof] = proofs.get(proof, 0) + 1
    return steps, proofs


def counts_text(statuses: dict) -> str:
    steps, proofs = counts(statuses)
    return ("steps: " + ", ".join(f"{k} {v}" for k, v in sorted(steps.items(), key=lambda kv: -kv[1]))
            + f" ({sum(steps.values())})\nproofs: "
            + ", ".join(f"{k} {v}" for k, v in sorted(proofs.items(), key=lambda kv: -kv[1])))


def print_changes(before: dict, after: dict) -> None:
    """Every step whose status changed (claim, step number, before → after), then each claim's proof change."""
    for cid in sorted(set(before) | set(after)):
        b, a = before.get(cid), after.get(cid)
        if b is None or a is None:
            print(f"{cid}: derivation {'added' if b is None else 'removed'}")
            continue
        bs, as_ = b[:-2], a[:-2]
        for i in range(max(len(bs), len(as_))):
            x = bs[i] if i < len(bs) else "-"
            y = as_[i] if i < len(as_) else "-"
            if x != y:
                print(f"{cid} step {i + 1}: {x} → {y}")
        if b[-1] != a[-1]:
            print(f"{cid} proof: {b[-1]} → {a[-1]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache-dir", help="cache directory (default: a new temporary one, so the first pass is cold)")
    ap.add_argument("--no-baseline", action="store_true", help="skip the CERTUNLEARN_NO_CACHE=1 pass")
    ap.add_argument("--cold-only", action="store_true", help="one pass, with an empty cache (no warm, no baseline)")
    ap.add_argument("--statuses", metavar="FILE", help="write every claim's step statuses, link and proof as JSON")
    ap.add_argument("--compare", metavar="BEFORE", help="list every step-status change against an earlier --statuses")
    ap.add_argument("--per", metavar="FILE", help="write the cold pass's CPU seconds per derivation as JSON")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="certunlearn-bench-") as tmp:
        d = args.cache_dir or tmp
        cold = run_pass(d)
        warm = cold if args.cold_only else run_pass(d)
        base = None if args.no_baseline or args.cold_only else run_pass(d, no_cache=True)
    same = cold["statuses"] == warm["statuses"] and (base is None or base["statuses"] == cold["statuses"])
    if args.statuses:
        Path(args.statuses).write_text(json.dumps(cold["statuses"], indent=1, sort_keys=True))
    if args.per:
        Path(args.per).write_text(json.dumps(cold["per"], indent=1, sort_keys=True))
    if args.compare:
        print_changes(json.loads(Path(args.compare).read_text()), cold["statuses"])
    print(counts_text(cold["statuses"]))
    report = {"derivations": cold["derivations"], "cold_cpu": cold["cpu"], "warm_cpu": warm["cpu"],
              "no_cache_cpu": base["cpu"] if base else None, "cold_wall": cold["wall"], "warm_wall": warm["wall"],
              "warm_hits": warm["stats"]["hits"], "warm_misses": warm["stats"]["misses"],
              "statuses_identical": same}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['derivations']} derivations")
        print(f"cold (empty cache): {cold['cpu']:8.2f} CPU s  ({cold['wall']:.2f} s wall)")
        print(f"warm (filled cache): {warm['cpu']:7.2f} CPU s  ({warm['wall']:.2f} s wall); "
              f"{report['warm_hits']} hits, {report['warm_misses']} misses")
        if base:
            print(f"no cache:           {base['cpu']:8.2f} CPU s")
        print(f"statuses identical across passes: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
