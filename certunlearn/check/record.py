"""Record the instances each claim's result rests on, for :mod:`certunlearn.claims.recorded`.

``python -m certunlearn.check.record [ID ...] [--all] [--paper KEY] [--profile quick|thorough] [--structured N]
[--restarts N] [--evaluations N] [--seed N] [--workers N] [--timeout S] [--beyond CHECK_JSON] [--write [--replace] |
--out FILE | --merge FILE]`` checks the claims with the given budget (the profile's, with any of its sizes replaced), without the
points already recorded, and keeps per claim the instances that decide its result (:func:`decisive`). Every kept
point is evaluated again from its written form (exact decimal strings) and kept only if it reproduces its outcome,
equality and ratio (:func:`reproduces`). ``--write`` merges the points into
``certunlearn/claims/recorded_points.json`` (a claim's earlier points stay, unless ``--replace``), with the run's
budget, seed and commit as the points' provenance; ``--out FILE`` writes the new points alone (``--merge FILE``
merges such a file into the shipped one later). ``--beyond`` keeps
only the points that add to a ``check --json`` of the profile that will evaluate them (:func:`beyond`): how a
thorough run's finds are shipped to quick.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from ..claims import all_claims, get_claim
from ..claims.model import decode_instance
from ..claims.recorded import RECORDED_FILE, recorded_table
from ..processes import Interrupted, TaskFailed, WorkerPool, interruptible
from .epsilon import epsilon_scores
from .evaluate import ERROR, UNDECIDED, VIOLATED, WITHIN, Evaluation, evaluate
from .profiles import Profile, get_profile
from .runner import (claim_family, counterexample_of, epsilon_indices, evaluations_of, preload_derivations,
                     verdict_of)
from .verdict import HOLDS

#: At most this many undecided-above and error instances are kept per claim (each blocks ``holds`` on its own).
MAX_BLOCKING = 4


def decisive(evaluations: list[tuple[str, Evaluation]], outcome: str,
             epsilon_of: Any = None) -> dict[int, list[str]]:
    """Index of each instance the result rests on → its roles:

    - ``worst`` (largest observed/bound), ``tightness`` (largest certified lower end), ``upper`` (largest upper end),
      ``log10`` (largest log10 of the ratio), ``attained`` (the first where equality is proved), each over the
      instances :func:`certunlearn.check.verdict.tightness` counts;
    - ``counterexample`` (the one a violated result saves);
    - ``nontrivial`` (the first decided instance not trivially within, when the worst is trivial: the result is not
      vacuous because of it);
    - ``undecided-above`` and ``error`` (each blocks ``holds``; at most :data:`MAX_BLOCKING` of each);
    - ``epsilon`` and ``shift``: the instance giving the ε-scale tightness and the shift ratio, found by
      ``epsilon_of(index list) → {index: (epsilon_ratio, shift_ratio)}`` over the instances the check bisects
      (:func:`certunlearn.check.runner.epsilon_indices`).
    """
    roles: dict[int, list[str]] = {}

    def mark(i: int | None, role: str) -> None:
        if i is not None:
            roles.setdefault(i, []).append(role)

    def argmax(indices: list[int], key: Any) -> int | None:
        scored = [(key(evaluations[i][1]), i) for i in indices]
        scored = [(v, i) for v, i in scored if v is not None]
        return max(scored, key=lambda p: p[0])[1] if scored else None  # the first of equal maxima

    evaluated = [i for i, (_, ev) in enumerate(evaluations) if ev.evaluated]
    counted = [i for i in evaluated if evaluations[i][1].ratio_lower is not None and not evaluations[i][1].trivial]
    worst = argmax([i for i in evaluated if evaluations[i][1].ratio is not None], lambda ev: ev.ratio)
    mark(worst, "worst")
    mark(argmax(counted, lambda ev: ev.ratio_lower), "tightness")
    mark(argmax(counted, lambda ev: ev.ratio_upper), "upper")
    mark(argmax(counted, lambda ev: ev.ratio_log10), "log10")
    mark(next((i for i in counted if evaluations[i][1].attained), None), "attained")
    if outcome == VIOLATED:
        chosen = counterexample_of([evaluations[i] for i in evaluated])[1]
        mark(next(i for i in evaluated if evaluations[i][1] is chosen), "counterexample")
    if worst is None or evaluations[worst][1].trivial:
        mark(next((i for i, (_, ev) in enumerate(evaluations) if ev.outcome == WITHIN and not ev.trivial), None),
             "nontrivial")
    for outcome_, role, keep in ((UNDECIDED, "undecided-above", lambda ev: ev.reaches_above),
                                 (ERROR, "error", lambda ev: True)):
        for i in [i for i, (_, ev) in enumerate(evaluations) if ev.outcome == outcome_ and keep(ev)][:MAX_BLOCKING]:
            mark(i, role)
    if epsilon_of is not None and outcome in (HOLDS, VIOLATED):
        scores = epsilon_of(epsilon_indices(evaluations, outcome))
        for k, role in ((0, "epsilon"), (1, "shift")):
            best = max(((s[k], i) for i, s in scores.items() if s[k] is not None), default=None,
                       key=lambda p: p[0])
            mark(best[1] if best else None, role)
    return roles


def reproduces(found: Evaluation, again: Evaluation) -> bool:
    """Whether ``again`` (the instance read back from its written form) is the evaluation ``found``: the same outcome,
    equality proved in both or neither, and the same observed/bound — equal where both are exact, overlapping
    certified intervals otherwise (a family's decimal string and the exact rational it is read back as are enclosed
    at slightly different radii)."""
    if (again.outcome, again.attained) != (found.outcome, found.attained):
        return False
    if found.ratio_lower is None or again.ratio_lower is None:
        return (again.observed, again.bound) == (found.observed, found.bound)
    return again.ratio_lower <= found.ratio_upper and found.ratio_lower <= again.ratio_upper


def record_claim(claim_id: str, budget: dict[str, Any], seed: int) -> dict[str, Any]:
    """The decisive points of one claim's check at ``budget`` (a :class:`Profile`'s fields), without recorded points:
    ``{"points": [...], "verdict", "dropped": [why a point did not reproduce, ...]}`` (a top-level function, for
    the worker pool)."""
    claim = get_claim(claim_id)
    prof = Profile(**budget)
    evaluations = evaluations_of(claim, prof, seed, recorded=False)
    outcome, _ = verdict_of(claim, evaluations, prof)

    scores: dict[int, tuple[float | None, float | None]] = {}

    def epsilon_of(indices: list[int]) -> dict[int, tuple[float | None, float | None]]:
        found = epsilon_scores(claim, [decode_instance(evaluations[i][1].instance) for i in indices])
        scores.update((i, (e.epsilon_ratio, e.shift_ratio)) for i, e in zip(indices, found))
        return scores

    points, dropped = [], []
    for i, roles in sorted(decisive(evaluations, outcome, epsilon_of).items()):
        name, ev = evaluations[i]
        again = evaluate(claim, decode_instance(ev.instance), prof.max_prec)
        if not reproduces(ev, again):
            dropped.append(f"{name} ({', '.join(roles)}): {ev.outcome} {ev.observed} written, {again.outcome} "
                           f"{again.observed} read back")
            continue
        eps, shift = scores.get(i, (None, None))
        found = {"outcome": ev.outcome, "ratio_lower": ev.ratio_lower, "epsilon": eps, "shift": shift}
        points.append({"instance": ev.instance, "roles": roles, "adversary": name,
                       "found": {k: _written_float(v) for k, v in found.items()}})
    return {"points": points, "verdict": outcome, "dropped": dropped}


def _written_float(v: Any) -> Any:
    """A recorded ratio as strict JSON: an infinite one as the string "+inf" or "-inf" (JSON has no Infinity)."""
    return v if not isinstance(v, float) or math.isfinite(v) else ("+inf" if v > 0 else "-inf" if v < 0 else "nan")


def beyond(points: list[dict], base: dict[str, Any]) -> list[dict]:
    """The points that add to ``base``, the same claim's result in the profile that will evaluate them (a
    ``check --json`` result): a violation where it is not violated, a larger certified tightness, ε-scale tightness
    or shift ratio, an instance blocking a ``holds`` (the ``found`` values are the recording run's, for this choice
    only: every run evaluates the points again)."""
    def above(value: float | str | None, than: float | None) -> bool:  # None on either side: nothing to compare
        return value is not None and than is not None and float(value) > than

    kept = []
    for p in points:
        roles, found = set(p["roles"]), p.get("found", {})
        if (("counterexample" in roles and base["verdict"] != VIOLATED)
                or ("tightness" in roles and above(found.get("ratio_lower"), base.get("tightness")))
                or ("epsilon" in roles and above(found.get("epsilon"), base.get("epsilon_tightness")))
                or ("shift" in roles and above(found.get("shift"), base.get("shift_ratio")))
                or (roles & {"undecided-above", "error"} and base["verdict"] == HOLDS)):
            kept.append(p)
    return kept


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def merge(table: dict[str, Any], new: dict[str, list[dict]], run: dict[str, Any], replace_: bool) -> dict[str, Any]:
    """``table`` with the points of ``new`` (claim id → points) added, each tagged with ``run``'s index in the
    provenance; a point already recorded (the same written instance) gains the new roles; ``replace_``: a claim's
    earlier points are dropped first."""
    runs = [*table.get("provenance", {}).get("runs", []), run]
    index = len(runs) - 1
    claims = {k: [dict(p) for p in v] for k, v in table.get("claims", {}).items()}
    for claim_id, points in new.items():
        kept = [] if replace_ else claims.get(claim_id, [])
        for point in points:
            same = next((p for p in kept if p["instance"] == point["instance"]), None)
            if same is None:
                kept.append({**point, "run": index})
            else:
                same["roles"] = sorted(set(same["roles"]) | set(point["roles"]))
        if kept:
            claims[claim_id] = kept
    used = sorted({p["run"] for v in claims.values() for p in v})
    renumber = {old: new_ for new_, old in enumerate(used)}
    claims = {k: [{**p, "run": renumber[p["run"]]} for p in v] for k, v in sorted(claims.items())}
    return {"provenance": {"runs": [runs[i] for i in used],
                           "about": "python -m certunlearn.check.record; see certunlearn/claims/recorded.py"},
            "claims": claims}


def merge_file(table: dict[str, Any], written: dict[str, Any]) -> dict[str, Any]:
    """``table`` with every point of ``written`` (a file of :func:`dump`'s format, e.g. from ``--out``) merged, run
    by run, each run's provenance kept."""
    for index, run in enumerate(written["provenance"]["runs"]):
        points = {c: [{k: v for k, v in p.items() if k != "run"} for p in ps if p["run"] == index]
                  for c, ps in written["claims"].items()}
        table = merge(table, {c: ps for c, ps in points.items() if ps}, run, False)
    return table


def dump(table: dict[str, Any]) -> str:
    """The table as JSON text, one point per line (a re-recording shows as a readable diff)."""
    claims = ",\n".join(f" {json.dumps(cid)}: [\n" + ",\n".join(
        "  " + json.dumps(point, ensure_ascii=False, separators=(",", ":"), allow_nan=False) for point in points)
        + "\n ]" for cid, points in table["claims"].items())
    provenance = json.dumps(table["provenance"], ensure_ascii=False, indent=1, allow_nan=False)
    return f'{{"provenance": {provenance},\n"claims": {{\n{claims}\n}}}}\n'


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m certunlearn.check.record", description=__doc__.split("\n\n")[0])
    parser.add_argument("ids", nargs="*", metavar="ID")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--paper")
    parser.add_argument("--profile", default="quick", choices=["quick", "thorough"])
    parser.add_argument("--structured", type=int, help="instances drawn per structured family (default: profile's)")
    parser.add_argument("--restarts", type=int, help="search restarts (default: profile's)")
    parser.add_argument("--evaluations", type=int, help="evaluations per search restart (default: profile's)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, help="seconds per claim (default: the profile's); a claim that runs "
                                                       "past it is not recorded")
    out = parser.add_mutually_exclusive_group(required=True)
    out.add_argument("--write", action="store_true", help=f"merge into {RECORDED_FILE}")
    out.add_argument("--out", type=Path, help="write the new points alone to this file")
    out.add_argument("--merge", type=Path, metavar="POINTS_JSON",
                     help="merge a file written by --out into the shipped file (its runs' provenance kept); no check")
    parser.add_argument("--replace", action="store_true", help="with --write: drop the claims' earlier points")
    parser.add_argument("--beyond", type=Path, metavar="CHECK_JSON",
                        help="keep only the points that add to these results (a check --json of the profile that "
                             "will evaluate them, e.g. quick when recording thorough)")
    args = parser.parse_args(argv)
    if args.merge:
        RECORDED_FILE.write_text(dump(merge_file(recorded_table(), json.loads(args.merge.read_text()))))
        print(f"{args.merge} merged into {RECORDED_FILE}", file=sys.stderr)
        return 0
    if args.all:
        ids = [c.id for c in all_claims()]
    elif args.paper:
        ids = [c.id for c in all_claims(args.paper)]
    else:
        ids = args.ids
    if not ids:
        parser.error("name claim ids, --paper KEY or --all")
    for claim_id in ids:
        get_claim(claim_id)  # an unknown id fails here, before any work
    prof = get_profile(args.profile)
    changes = {k: v for k, v in (("structured_size", args.structured), ("restarts", args.restarts),
                                 ("evaluations", args.evaluations)) if v is not None}
    prof = replace(prof, **changes)
    budget = asdict(prof)
    commit = _commit()  # the code that runs: HEAD may move during a long recording
    new: dict[str, list[dict]] = {}
    start = time.time()

    def done(claim_id: str, value: Any) -> None:
        if isinstance(value, TaskFailed):
            print(f"[{len(new) + 1}/{len(ids)}] {claim_id}: not recorded ({value.reason})", file=sys.stderr)
            new.setdefault(claim_id, [])
            return
        new[claim_id] = value["points"]
        roles = sorted({r for p in value["points"] for r in p["roles"]})
        print(f"[{len(new)}/{len(ids)}] {claim_id}: {value['verdict']}, {len(value['points'])} points "
              f"({', '.join(roles) or 'none'})" + "".join(f"\n    dropped: {d}" for d in value["dropped"]),
              file=sys.stderr, flush=True)

    if args.workers > 1:
        preload_derivations(get_claim(c) for c in ids)
    interrupted = False
    try:
        with interruptible(), WorkerPool(args.workers, prof.timeout if args.timeout is None else args.timeout) as pool:
            pool.run(record_claim, [(c, (c, budget, args.seed)) for c in ids], done, affinity=claim_family)
    except Interrupted as exc:  # Ctrl-C or SIGTERM: the claims finished so far are written, nothing recorded is lost
        interrupted = exc.exit_code
        print(f"interrupted: writing the {len(new)} claims finished", file=sys.stderr)
    run = {"budget": budget, "seed": args.seed, "commit": commit, "claims": len(new),
           "date": time.strftime("%Y-%m-%d", time.gmtime())}
    if interrupted:
        run["interrupted"] = f"{len(new)} of {len(ids)} claims checked"
    if args.beyond:
        base = {r["id"]: r for r in json.loads(args.beyond.read_text())["results"]}
        new = {c: beyond(points, base[c]) if c in base else points for c, points in new.items()}
        run["beyond"] = str(args.beyond.name)
    new = {c: new[c] for c in ids if new.get(c)}
    if args.write:
        table = merge(recorded_table(), new, run, args.replace)
        RECORDED_FILE.write_text(dump(table))
        target = RECORDED_FILE
    else:
        table = merge({}, new, run, False)
        args.out.write_text(dump(table))
        target = args.out
    print(f"{sum(map(len, new.values()))} points of {len(new)} claims → {target} ({time.time() - start:.0f} s)",
          file=sys.stderr)
    return interrupted or 0


if __name__ == "__main__":
    sys.exit(main())
