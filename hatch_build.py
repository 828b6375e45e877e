"""Build hook of the wheel.

* Always: record the git commit a wheel is built from as ``certunlearn/_build_info.json``, so that an installed
  certunlearn still names its commit (``certunlearn --version``, the provenance of reports:
  :func:`certunlearn.report.document.git_commit`). Built outside a checkout (from an sdist), the commit is null.
* By default (``CERTUNLEARN_SHIP_DERIVATIONS=0`` turns it off): ship every registered claim's checked derivation
  (``certunlearn/_derivations.pkl``), so that the first ``certunlearn check`` after install reads the derivations
  instead of re-deriving them. Each entry is keyed by the digest of its sources (the derivation, its proofs module,
  the claim's target and quantity, the engine's own source) and used only when the key matches
  (:mod:`certunlearn.derive.cache`). The table is the one committed beside the sources (``certunlearn/
  _derivations.pkl``, refreshed by ``python -m certunlearn.derive.ship --update`` and checked key by key by the
  tests), with every entry whose key is not a current one derived again by the engine being shipped, from the source
  tree, in a subprocess (on every core; on timeout its whole process group is killed): from a commit whose table is
  current nothing is derived. Deriving needs the runtime dependencies the engine imports — they are in
  ``[build-system] requires``, so a plain ``pip install .`` has them in its isolated build environment. If that
  subprocess fails (a dependency missing under ``--no-build-isolation``, an error, more than
  :data:`SHIP_TIMEOUT` seconds) the wheel is built without the table, with a warning: the installed package then
  derives on its first run. Editable installs never ship (the checkout's committed table is read in place).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


#: Seconds the derivations may take at build time (about 1800 CPU-s, on every core: 15 minutes or more on 2 cores);
#: past it, no table. ``CERTUNLEARN_SHIP_TIMEOUT`` overrides it (a busy 2-core machine ran past 30 minutes).
SHIP_TIMEOUT = 1800


def ship_timeout(environ) -> float:
    """``CERTUNLEARN_SHIP_TIMEOUT`` seconds if it is a positive number, else :data:`SHIP_TIMEOUT`."""
    try:
        value = float(environ.get("CERTUNLEARN_SHIP_TIMEOUT", ""))
    except ValueError:
        return SHIP_TIMEOUT
    return value if value > 0 else SHIP_TIMEOUT


def run_in_own_group(cmd: list[str], timeout: float, **kw) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, capture_output=True, text=True)`` in a session of its own, so that on timeout the
    whole group dies — the derivation's worker processes too, not only their parent — before TimeoutExpired is
    raised."""
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=os.name == "posix", **kw) as proc:
        try:
            stdout, stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            if os.name == "posix":
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:
                    pass
            proc.kill()
            proc.communicate()
            raise
    return subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)


def ship_requested(environ) -> bool:
    """Whether a (non-editable) wheel ships its derivations: yes unless ``CERTUNLEARN_SHIP_DERIVATIONS`` is
    0/no/false/off."""
    return environ.get("CERTUNLEARN_SHIP_DERIVATIONS", "").strip().lower() not in ("0", "no", "false", "off")


def _git(root: str, *args: str) -> str:
    try:
        return subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


class CustomBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        self._record_commit(build_data)
        if self.target_name == "wheel" and version != "editable" and ship_requested(os.environ):
            self._ship_derivations(build_data)

    def _record_commit(self, build_data: dict) -> None:
        commit = _git(self.root, "rev-parse", "HEAD")
        if commit and _git(self.root, "status", "--porcelain", "--untracked-files=no"):
            commit += "+dirty"
        path = os.path.join(tempfile.mkdtemp(prefix="certunlearn-build-"), "_build_info.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"commit": commit or None}, f)
        build_data["force_include"][path] = "certunlearn/_build_info.json"

    def _ship_derivations(self, build_data: dict) -> None:
        root = Path(self.root)
        out = Path(tempfile.mkdtemp(prefix="certunlearn-derivations-")) / "_derivations.pkl"
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
                   CERTUNLEARN_NO_CACHE="1")
        timeout = ship_timeout(os.environ)
        try:
            # the committed table's entries under a current key are shipped as they are (certunlearn.derive.ship)
            done = run_in_own_group([sys.executable, "-m", "certunlearn.derive.ship", "--reuse-committed", str(out)],
                                    cwd=root, env=env, timeout=timeout)
        except subprocess.TimeoutExpired:
            self.app.display_warning(f"certunlearn: wheel built without shipped derivations (more than "
                                     f"{timeout:g} s; CERTUNLEARN_SHIP_TIMEOUT sets it); the first run derives them")
            return
        if done.returncode != 0 or not out.is_file():
            tail = (done.stderr or "").strip().splitlines()[-1:] or ["no output"]
            self.app.display_warning(f"certunlearn: wheel built without shipped derivations ({tail[0]}); "
                                     "the first run derives them")
            return
        self.app.display_info((done.stderr or "").strip().splitlines()[-1])
        build_data["force_include"][str(out)] = "certunlearn/_derivations.pkl"
