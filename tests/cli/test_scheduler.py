"""`certunlearn check --scheduler ADDRESS` runs the same checks on a dask.distributed cluster."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, cwd):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "certunlearn.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=600)


@pytest.mark.slow  # a local cluster and two CLI runs: the suite's costliest check; in the default run the same checks
# on a dask executor agree with the local pool (tests/check/test_checker.py) and --scheduler's errors are one line
def test_check_on_a_local_cluster_agrees_with_the_local_pool(tmp_path):
    distributed = pytest.importorskip("distributed")
    ids = ["gaussian.classic", "gaussian.exact:control-sigma-halved"]
    # two worker processes with one thread each: mpmath and flint precision is process-global
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = run("check", *ids, "--json", "--scheduler", cluster.scheduler_address, cwd=tmp_path)
    local = run("check", *ids, "--json", cwd=tmp_path)
    assert remote.returncode == 0, remote.stderr[-2000:]
    key = lambda out: [(r["id"], r["verdict"], r["tightness"], r["instances"]) for r in json.loads(out)["results"]]  # noqa: E731
    assert key(remote.stdout) == key(local.stdout)


def test_an_unreachable_scheduler_is_one_line(tmp_path):
    pytest.importorskip("distributed")
    out = run("check", "gaussian.classic", "--scheduler", "tcp://127.0.0.1:9", cwd=tmp_path)
    assert out.returncode == 2 and out.stderr.strip().count("\n") == 0 and "--scheduler" in out.stderr
