"""Mutation testing of the verdict code with mutmut (issue 24; DESIGN "Verdicts"): how many deliberate small errors in
the code that decides verdicts ``tests/check`` notices.

    python benchmarks/mutation.py                       # every file below, one after the other
    python benchmarks/mutation.py certunlearn/check/verdict.py --max-children 2

Each file is mutated in its own scratch copy of the repository (``--workdir``, default
``$TMPDIR/certunlearn-mutation/<file>``): mutmut writes its ``mutants/`` tree and a ``setup.cfg`` there, never in the
checkout. Prints, per file, the mutants killed, survived, timed out and the score (killed + timeout) / all, and lists
every survivor (``--diffs``: with ``mutmut show``'s diff; ``cd WORKDIR/<file> && mutmut show NAME`` later) so each
can be argued equivalent or killed by a new test. Slow (minutes per
file on 2 cores): not part of CI. The target is a score ≥ 95% with every survivor accounted for in
``benchmarks/mutation_survivors.md``.

Test selection: mutmut first runs ``tests/check`` once with per-test coverage of the mutated file's functions, then
runs against each mutant only the tests that called its function (fail-fast), so the time goes to the mutants of
functions many tests call (``evaluate``, ``_compare``). Only code that runs in this process is seen: a function
reached only inside the checker's worker processes (``check/epsilon.py`` before its direct tests) has no test and all
its mutants end "not checked" — the file needs tests that call it in-process (``tests/check/test_epsilon.py``). A run
whose clean test run fails tests nothing; it stops with mutmut's output instead of reporting a score.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The verdict code (DESIGN "Verdicts") and the tests that must notice a change in it.
FILES = ("certunlearn/check/verdict.py", "certunlearn/check/evaluate.py", "certunlearn/check/result.py",
         "certunlearn/check/epsilon.py", "certunlearn/check/bracket.py", "certunlearn/numeric/symbolic_equality.py")
TESTS = "tests/check"
#: Tests left out of the mutant runs: the dask cluster (a mutant that breaks a worker leaves its scheduler hanging
#: in mutmut's forked child) and the CLI run in a subprocess (mutmut's mutants live only in its own process).
DESELECTED = ("tests/check/test_checker.py::test_dask_executor_runs_the_same_checks",
              "tests/check/test_decisions.py::test_a_users_float_seen_only_while_checking_exits_2_in_one_line")
KILLED = ("killed", "timeout")


def scratch_copy(workdir: Path) -> None:
    """The package, the derivations (``proofs``), the tests, the benchmarks (``tests/check/test_phases_benchmark.py``
    loads ``benchmarks/phases.py``) and pyproject.toml copied into ``workdir`` (caches and earlier mutants left out)."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "mutants")
    for name in ("certunlearn", "proofs", "tests", "benchmarks"):
        shutil.copytree(ROOT / name, workdir / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", workdir / "pyproject.toml")


def configure(workdir: Path, target: str) -> None:
    (workdir / "setup.cfg").write_text(
        "[mutmut]\n"
        "source_paths = certunlearn\n"
        f"only_mutate = {target}\n"
        f"pytest_add_cli_args_test_selection = {TESTS}\n"
        "also_copy =\n    proofs\n    benchmarks\n"
        "pytest_add_cli_args =\n    -p\n    no:cacheprovider\n    -q\n"
        + "".join(f"    --deselect\n    {test}\n" for test in DESELECTED)
        + "timeout_multiplier = 5\n"
        "use_git_change_detection = false\n"
    )


def mutmut(workdir: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["CERTUNLEARN_CACHE_DIR"] = str(workdir / ".cache")
    mutmut_bin = Path(sys.executable).with_name("mutmut")
    run = subprocess.run([str(mutmut_bin), *args], cwd=workdir, env=env, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"mutmut {' '.join(args)} failed in {workdir} ({run.returncode}):\n{run.stdout}\n{run.stderr}")
    return run.stdout


def statuses(workdir: Path) -> dict[str, str]:
    """mutant name → status, from ``mutmut results --all true``."""
    out = mutmut(workdir, "results", "--all", "true")
    return dict(re.findall(r"^\s+(\S+): (.+)$", out, flags=re.MULTILINE))


def run_file(target: str, base: Path, max_children: int, diffs: bool) -> tuple[int, int]:
    workdir = base / Path(target).stem
    scratch_copy(workdir)
    configure(workdir, target)
    start = time.perf_counter()
    out = mutmut(workdir, "run", "--max-children", str(max_children))
    seconds = time.perf_counter() - start
    status = statuses(workdir)
    if status and all(s == "not checked" for s in status.values()):
        # mutmut aborted before testing any mutant (its clean run of the tests failed, e.g. a test that cannot run
        # twice in one process: mutmut runs the stats and the clean run in the same process)
        raise SystemExit(f"mutmut tested no mutant of {target} (all 'not checked'): its run said\n{out[-3000:]}")
    killed = sum(s in KILLED for s in status.values())
    survivors = sorted(k for k, s in status.items() if s not in KILLED)
    total = len(status)
    score = killed / total if total else 1.0
    print(f"{target}: {total} mutants, {killed} killed, {len(survivors)} not killed, score {score:.1%} "
          f"({seconds:.0f} s)", flush=True)
    for name in survivors:
        print(f"  {status[name]}: {name}")
        if diffs:  # one mutmut start per survivor: seconds each
            print("    " + mutmut(workdir, "show", name).strip().replace("\n", "\n    "))
    return killed, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", default=list(FILES), help="files to mutate (default: the verdict code)")
    parser.add_argument("--max-children", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "certunlearn-mutation")
    parser.add_argument("--diffs", action="store_true", help="print each survivor's diff (mutmut show)")
    args = parser.parse_args(argv)
    killed = total = 0
    for target in args.files:
        k, t = run_file(target, args.workdir, args.max_children, args.diffs)
        killed, total = killed + k, total + t
    if len(args.files) > 1:
        print(f"all: {total} mutants, {killed} killed, score {killed / total:.1%}" if total else "no mutants")
    return 0


if __name__ == "__main__":
    sys.exit(main())
